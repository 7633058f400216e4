"""Naval Action's search by coastal air strength points (N5.5: a coastal hex with coastal
air alone searches on the Coastal Air line, as far as the side's tac air level reaches,
N9.2; naval_search.spotters), in campaign_3. Dice forced."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.naval_search import search_move, spotters

BRIT = "1333"


def coastal_air_alone() -> HgwState:
    """The British Army holds six coastal air points and nothing else; the Free French
    army beside it is emptied too, so that only the coastal air may search."""
    state = RULESET.new_game("campaign_3", {}, seed=1)
    assert isinstance(state, HgwState)
    data = state.data
    for army in ("brit", "ffa"):
        data["armies"][army]["sp"] = dict.fromkeys(data["armies"][army]["sp"], 0)
    data["coastal_air"] = {"brit": 6}
    return state


def lines(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]


@pytest.mark.rules("N5.5", "N9.2")
def test_coastal_air_alone_searches_on_its_line_as_far_as_its_tech_level_reaches() -> None:
    state = coastal_air_alone()
    data = state.data
    assert (BRIT, "coastal_air") in spotters(data, "allied")
    data["armies"]["ffa"]["sp"]["infantry"] = 1  # an army with points searches as Army Based Air
    assert ("1434", "army_based_air") in spotters(data, "allied")
    data["armies"]["ffa"]["sp"]["infantry"] = 0
    # tac air level 3: coastal air reaches one hex. The Kriegsmarine sails by in 1334:
    # a 1, less a third of the six coastal air points (two) and the friendly coast (one)
    data["research"]["allied"]["items"]["tac_air"]["level"] = 3
    state.rng.force([1])
    assert search_move(state, "allied", "kriegsmarine", ["1334"])
    assert (
        "allied searches Kriegsmarine in 1334 (coastal air, 1 hexes): a 1, -3 in modifiers, "
        "spotted (needs 2 or less)"
    ) in lines(state)
    # level 0: coastal air searches its own hex only, so nothing reaches the fleet
    data["research"]["allied"]["items"]["tac_air"]["level"] = 0
    assert not search_move(state, "allied", "kriegsmarine", ["1334"])
    assert lines(state)[-1] == "allied does not spot Kriegsmarine: it cannot be intercepted (N5.1)"
