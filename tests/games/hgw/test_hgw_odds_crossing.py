"""Odds before strength points cross a sea past enemy patrols (K19.10, Shipping 10;
odds_crossing.py): the move step's destination asks for them, from the mover's view,
and the forecast is the engine's own crossing over every roll."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core.odds import BadBattle
from grognard.games.hgw import RULESET, HgwState

ZERO = {"infantry": 0, "mechanized": 0, "tac_air": 0, "paratroop": 0, "amphibious": 0}
TO_GIBRALTAR = ("to_place", "2031")


def crossing(start: str, count: int, roll: int | None = None, uboats: int = 2) -> HgwState:
    """Campaign Game II's Allied movement: `count` British points at `start` chose to
    move, the Axis U-boats on patrol beside the routes to Gibraltar; with `roll`, they
    sail there (the U-boats' die forced)."""
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    data = state.data
    data["flow"][-1] = {"state": "movement", "role": "allied"}
    data["player"] = "allied"
    data["armies"]["brit"].update(at=start, sp={**ZERO, "infantry": count})
    data["fleets"]["uboats"].update(patrol="1729", sp=uboats, ships={"uboat": uboats})
    state.apply("allied", ("move", "brit", "infantry", count))
    if roll is not None:
        state.rng.force([roll])
        state.apply("allied", TO_GIBRALTAR)
    return state


def landed(state: HgwState) -> int:
    return sum(a["sp"]["infantry"] for a in state.data["armies"].values() if a["at"] == "2031")


@pytest.mark.rules("K19.10")
def test_the_odds_of_an_unescorted_crossing_are_the_engines_over_every_roll() -> None:
    battle = RULESET.battle_at(crossing("1333", 3), "allied", "2031", TO_GIBRALTAR)
    assert battle is not None and battle["kind"] == "crossing"
    assert battle["roles"] == {"attacker": "axis", "defender": "allied"}
    assert battle["crossings"] == [
        {"sea": "Atlantic", "from": "1333", "to": "2031", "escort": None, "met": ["uboats"]}
    ]
    odds = RULESET.odds(battle)
    lost = [3 - landed(crossing("1333", 3, roll)) for roll in range(1, 7)]  # the engine, roll by roll
    assert odds.exact and any(lost) and not all(lost)
    assert odds.attacker_wins == pytest.approx(sum(1 for x in lost if x) / 6)
    assert odds.defender_losses == pytest.approx(sum(lost) / 6)
    assert odds.unit == "points" and "No escort" in " ".join(odds.notes)


@pytest.mark.rules("K19.10", "K18.2")
def test_an_escort_from_the_embarking_port_is_forecast_to_shield_the_points() -> None:
    state = crossing("1131", 3)  # the Home Fleet (no A.S.W. strength) lies in 1131
    battle = RULESET.battle_at(state, "allied", "2031", TO_GIBRALTAR)
    assert battle is not None and battle["crossings"][0]["escort"] == "home"
    odds = RULESET.odds(battle)
    assert odds.attacker_wins == 0.0 and odds.defender_losses == 0.0
    # the U-boats beat a fleet without A.S.W. strength, which stays afloat (the engine's rule)
    assert "sunk 0% and beaten 100%" in " ".join(odds.notes)
    assert [3 - landed(crossing("1131", 3, roll)) for roll in range(1, 7)] == [0] * 6


@pytest.mark.rules("K19.10")
def test_a_crossing_no_patrol_meets_and_a_move_over_land_have_no_odds() -> None:
    state = crossing("1333", 3)
    state.data["fleets"]["uboats"].pop("patrol")  # back in port: it meets nothing
    assert RULESET.battle_at(state, "allied", "2031", TO_GIBRALTAR) is None
    assert RULESET.battle_at(crossing("1333", 3), "allied", "1434", ("to_place", "1434")) is None


def _battle() -> dict[str, Any]:
    return {
        "kind": "crossing",
        "count": 2,
        "roles": {"attacker": "axis", "defender": "allied"},
        "fleets": {"u": {"ships": {"uboat": 4}}},
        "crossings": [{"sea": "Atlantic", "from": "1333", "to": "2031", "escort": None, "met": ["u"]}],
    }


@pytest.mark.rules("K19.10")
def test_a_hypothetical_crossing_and_its_errors() -> None:
    odds = RULESET.odds(_battle())
    assert 0 < odds.attacker_wins < 1 and odds.defender_losses <= 2
    with pytest.raises(BadBattle, match="count"):
        RULESET.odds({**_battle(), "count": 0})
    with pytest.raises(BadBattle, match="patrols"):
        RULESET.odds({**_battle(), "crossings": [{"sea": "Atlantic", "met": ["nobody"]}]})
    with pytest.raises(BadBattle, match="U-boats escort nothing"):
        RULESET.odds({**_battle(), "escorts": {"e": {"ships": {"uboat": 1}}}})
