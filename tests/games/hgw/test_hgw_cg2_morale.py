"""Campaign Game II's national morale played (morale_events.py): the hexes each side gains
and loses in a combat phase move its morale countries at the end of that phase."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.morale import penalty

FRENCH = ("1434", "1435", "1534", "1635", "1334", "1535")


def new_game(scenario: str = "campaign_2") -> HgwState:
    state = RULESET.new_game(scenario, {}, seed=1)
    assert isinstance(state, HgwState)
    for army in state.data["armies"].values():
        army["sp"]["tac_air"] = 0  # no stack over ten to thin before the combat phase
    state._after_change(None, None)
    return state


def take(state: HgwState, places: tuple[str, ...]) -> None:
    """As if the Axis advanced into `places` in this combat phase."""
    for p in places:
        state.data["owner"][p] = "axis"
    state._after_change(None, None)


@pytest.mark.rules("K23.5", "K23.3")
def test_six_hexes_taken_in_a_combat_phase_move_both_pairs_for_each_side() -> None:
    state = new_game()
    assert state.data["morale_watch"]["side"] == "axis"  # taken as strategic warfare ends
    state.apply("axis", ("end_naval_movement",))
    state.apply("axis", ("end_movement",))
    take(state, FRENCH)
    for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
        state.apply("axis", (action,))
    # the Axis took six (Germany and Japan up one) and the Allies lost five or more
    # (Britain and the U.S. down one): each pair moves twice
    assert state.data["morale"] == {"germany": 2, "britain": -2, "japan": 2, "united_states": -2}
    assert "morale_watch" not in state.data
    assert any("morale germany +2" in text for text, _ in state.data["log"])


@pytest.mark.rules("K23.5")
def test_fewer_hexes_move_nothing() -> None:
    state = new_game()
    state.apply("axis", ("end_naval_movement",))
    state.apply("axis", ("end_movement",))
    take(state, FRENCH[:4])
    for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
        state.apply("axis", (action,))
    assert set(state.data["morale"].values()) == {0}


def test_campaign_game_i_keeps_no_morale() -> None:
    state = new_game("campaign_1")
    state.apply("axis", ("end_movement",))
    take(state, FRENCH)
    for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
        state.apply("axis", (action,))
    assert "morale" not in state.data and "morale_watch" not in state.data


@pytest.mark.rules("K23.6", "K23.7")
def test_the_attack_roll_penalty_reads_the_game_and_is_zero_without_morale() -> None:
    state = new_game()
    state.data["morale"].update(germany=-8, britain=8)
    assert penalty(state.data, "axis") == 2 and penalty(state.data, "allied") == 0
    assert penalty(new_game("campaign_1").data, "axis") == 0
