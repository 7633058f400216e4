"""Fortifications in The Fall of Germany (Fortifications 1-5; Fort Strength Under
Construction 1-2; Effect Of Forts On Combat 1-5; the set-up's forts)."""

from __future__ import annotations

import pytest
from hgw_positions import act, pass_turn, put, step
from hgw_positions import fog_game as new_game

from grognard.games.hgw.board import capture, defence, stack
from grognard.games.hgw.combat import strike
from grognard.games.hgw.forts import MOST_FORTS, absorb, may_build_fort


@pytest.mark.rules("F4.0")
def test_the_set_up_places_the_printed_forts() -> None:
    """The Fall of Germany set-up: six Axis forts and the Soviet one in Leningrad, all
    completed (the two garbled strengths read as the printed 2)."""
    state = new_game()
    forts = {p: (f["side"], f["points"], f["building"]) for p, f in state.data["forts"].items()}
    assert forts == {
        "1436": ("axis", 2, 0),
        "1335": ("axis", 2, 0),
        "1736": ("axis", 2, 0),
        "1334": ("axis", 2, 0),
        "1235": ("axis", 2, 0),
        "1236": ("axis", 3, 0),
        "0942": ("soviet", 2, 0),
    }


@pytest.mark.rules("F4.0")
def test_completed_fort_points_stack_and_defend_against_advances() -> None:
    """Fortifications 1; Effect Of Forts On Combat 1: Leningrad's two fort points count
    toward the ten a hex and toward its defence (with the five points of its army)."""
    state = new_game()
    assert stack(state.data, "0942") == 7
    assert defence(state.data, "0942") == 7
    put(state, "lenf", None)
    assert defence(state.data, "0942") == 3  # the garrison and the fort


@pytest.mark.rules("F4.0")
def test_forts_absorb_one_loss_a_point_each_turn() -> None:
    """Effect Of Forts On Combat 3, the rulebook's figures: five losses on a hex with
    three fort points cost two; the fort has nothing left to absorb that turn."""
    state = new_game()
    assert absorb(state.data, "1236", 5) == 2
    assert absorb(state.data, "1236", 2) == 2


@pytest.mark.rules("F4.0")
def test_fort_points_may_be_taken_as_losses_and_an_advance_destroys_the_fort() -> None:
    """Effect Of Forts On Combat 2 and 4: after absorbing two of four losses, Florence's
    owner may take the rest from the fort; an enemy advance into a fort hex ends it."""
    state = new_game()
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "end_movement")
    strike(state, "1736", "allied", 4)
    assert step(state) == "losses"
    assert ("lose_fort", "1736") in state.legal_actions("axis")
    act(state, "axis", "lose_fort", "1736")
    assert state.data["forts"]["1736"]["points"] == 1
    act(state, "axis", "lose", "agC", "infantry")
    capture(state, "1736", "allied", by_advance=True)  # as a successful advance does
    assert "1736" not in state.data["forts"]


@pytest.mark.rules("F4.0")
def test_a_fort_joins_its_hex_defensive_assault_once_a_turn() -> None:
    """Effect Of Forts On Combat 1: Leningrad's army fires with its five points plus the
    fort's two (the seven column: a 1 makes three losses)."""
    state = new_game()
    pass_turn(state, "axis")
    act(state, "soviet", "end_movement")
    # an Axis attack on Leningrad is a Soviet defensive assault in the Axis turn: set one up
    state.data["player"] = "axis"
    state.data["flow"].append(
        {"state": "def_assault", "role": "soviet", "target": "0942", "attackers": ["agn"]}
    )
    state._after_change(None, None)
    state.rng.force([1])
    act(state, "soviet", "defensive_assault", "lenf")
    assert state.flow[-1]["state"] == "losses"
    assert state.flow[-1]["count"] == 3
    assert "0942" in state.data["fort_fired"]


@pytest.mark.rules("F4.0")
def test_fort_points_are_built_face_down_and_completed_next_production() -> None:
    """Fortifications 1-3; Under Construction 1-2: a point bought for five goes under
    construction, neither stacking nor defending, and is turned up in the side's next
    production phase."""
    state = new_game()
    act(state, "axis", "end_movement")
    for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "axis", action)
    budget = state.flow[-1]["budget"]
    assert ("fort", "1237") in state.legal_actions("axis")
    act(state, "axis", "fort", "1237")
    assert state.flow[-1]["budget"] == budget - 5
    assert state.data["forts"]["1237"] == {"side": "axis", "points": 0, "building": 1}
    assert defence(state.data, "1237") == 2  # OKW's two points only
    act(state, "axis", "end_production")
    pass_turn(state, "soviet")
    pass_turn(state, "allied")
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "axis", action)
    assert state.data["forts"]["1237"] == {"side": "axis", "points": 1, "building": 0}
    assert defence(state.data, "1237") == 3


@pytest.mark.rules("F4.0")
def test_no_more_than_seven_forts_a_side() -> None:
    """Fortifications 4: with seven counters out, no new fort; the old ones may grow."""
    state = new_game()
    assert MOST_FORTS == 7
    assert may_build_fort(state.data, "axis", "1237")
    state.data["forts"]["1237"] = {"side": "axis", "points": 1, "building": 0}
    assert not may_build_fort(state.data, "axis", "1238")
    assert may_build_fort(state.data, "axis", "1237")


@pytest.mark.rules("F4.0")
def test_a_fort_with_no_army_defensively_assaults_alone() -> None:
    """Effect Of Forts On Combat 1: fort points defensively assault by themselves. With
    Leningrad's army gone, an Axis attack on 0942 still meets its fort's two points: the
    two column, where a 1 makes one loss (Firepower Table)."""
    state = new_game()
    put(state, "lenf", None)
    pass_turn(state, "axis")
    act(state, "soviet", "end_movement")
    state.data["player"] = "axis"
    state.data["flow"].append(
        {"state": "def_assault", "role": "soviet", "target": "0942", "attackers": ["agn"]}
    )
    state._after_change(None, None)
    legal = state.legal_actions("soviet")
    assert sorted(legal) == [("defensive_assault",), ("no_defensive_assault",)]
    state.rng.force([1])
    act(state, "soviet", "defensive_assault")
    assert state.flow[-1]["state"] == "losses"
    assert state.flow[-1]["count"] == 1
    assert "0942" in state.data["fort_fired"]


@pytest.mark.rules("F4.0")
def test_an_announced_attack_on_an_empty_fort_hex_gives_the_fort_its_shot() -> None:
    """Initial Attack 4 with Effect Of Forts On Combat 1: the Axis announces an attack on
    Leningrad when no Soviet army stands there; ending the announcements hands the Soviet
    player the fort's defensive assault (before this rule it was skipped)."""
    state = new_game()
    put(state, "lenf", None)
    act(state, "axis", "end_movement")
    attacker = next(a for a in state.legal_actions("axis") if a[0] == "attack" and a[2] == "0942")
    act(state, "axis", *attacker)
    act(state, "axis", "end_announce")
    assert step(state) == "def_assault"
    assert state.flow[-1]["role"] == "soviet"
    assert ("defensive_assault",) in state.legal_actions("soviet")


@pytest.mark.rules("F4.0")
def test_a_side_at_seven_forts_may_dismantle_one_and_its_points_are_lost() -> None:
    """Fortifications 4: at seven counters a side may take one down (its points are
    eliminated) and build a new fort elsewhere; below seven nothing is offered."""
    state = new_game()
    act(state, "axis", "end_movement")
    for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "axis", action)
    assert not [a for a in state.legal_actions("axis") if a[0] == "dismantle_fort"]
    state.data["forts"]["1237"] = {"side": "axis", "points": 1, "building": 1}  # the seventh
    state._after_change(None, None)
    offered = sorted(a[1] for a in state.legal_actions("axis") if a[0] == "dismantle_fort")
    assert offered == sorted(p for p, f in state.data["forts"].items() if f["side"] == "axis")
    assert ("fort", "1238") not in state.legal_actions("axis")
    act(state, "axis", "dismantle_fort", "1237")
    assert "1237" not in state.data["forts"]
    assert "2 points eliminated" in state.log_for(None)[-1]
    assert not [a for a in state.legal_actions("axis") if a[0] == "dismantle_fort"]
