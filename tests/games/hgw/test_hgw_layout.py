"""The data layout (layout.py, issue 21 "typed state") names every key of a game's data:
a key the set-up writes and the layout leaves out is one mypy cannot check."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET
from grognard.games.hgw.layout import HgwData

LAYOUT = set(HgwData.__annotations__)  # every key, the board's (HgwBoard) and the core's


@pytest.mark.parametrize("scenario", [s.id for s in RULESET.scenarios])
def test_the_layout_names_every_key_of_a_scenarios_set_up(scenario: str) -> None:
    data = RULESET.new_game(scenario, {}, seed=1).data
    assert sorted(set(data) - LAYOUT) == []
