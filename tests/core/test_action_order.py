"""Legal lists are sorted by `action_key`; `sort_actions` takes a faster path when it can."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from grognard.core.game import action_key, sort_actions

parts = st.one_of(st.integers(-5, 20), st.sampled_from(["a", "b", "end", "10", "9", ""]))
actions = st.lists(st.tuples(parts) | st.tuples(parts, parts) | st.tuples(parts, parts, parts), max_size=12)


@given(actions)
def test_sort_actions_agrees_with_action_key(items: list[tuple[object, ...]]) -> None:
    assert sort_actions(set(items)) == sorted(set(items), key=action_key)


def test_ints_sort_before_strings_at_the_same_position() -> None:
    assert sort_actions([("x", "a"), ("x", 3), ("x", 1)]) == [("x", 1), ("x", 3), ("x", "a")]
