"""The secrets search of the hidden-information tests (secretscan.py) finds exactly what a
search per id finds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from secretscan import leaked

ALPHABET = "gren-0123"  # few letters: ids overlap, repeat and stand inside one another
ids = st.sets(st.text(ALPHABET, min_size=1, max_size=6), max_size=8)


@given(text=st.text(ALPHABET + ' ":,', max_size=80), hidden=ids)
def test_it_finds_what_a_search_per_id_finds(text: str, hidden: set[str]) -> None:
    assert leaked(text, hidden) == {token for token in hidden if token in text}


def test_an_id_inside_a_log_line_or_a_longer_id_is_found() -> None:
    text = '{"log":["green-07 moves"],"blocks":[{"id":"green-012"}]}'
    assert leaked(text, {"green-07", "green-01", "green-02", "blue-01"}) == {"green-07", "green-01"}
