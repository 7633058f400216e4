"""Campaign Game II's partisan attacks (partisans.py): who may strike which hex, the two
production points and the roll, the capture with its devastation, and the return to the
Axis of a captured hex left out of supply. Partisans are not played in a game yet
(Campaign Game II's production phase is later work), so the tests call the rules on a
Barbarossa game's board, its dice forced."""

from __future__ import annotations

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.board import armies_at
from grognard.games.hgw.map import load_map
from grognard.games.hgw.partisans import (
    capture_by_partisans,
    partisan_attack,
    reverts_to_axis,
    why_not_partisans,
)

PARIS_REGION = "1434"  # Axis France, no army, three production points


@pytest.mark.rules("K15.1", "K15.2", "K15.3")
def test_partisans_take_an_axis_hex_on_a_one_or_two_and_devastate_it() -> None:
    state = new_game()
    data = state.data
    assert data["owner"][PARIS_REGION] == "axis" and not armies_at(data, PARIS_REGION)
    state.rng.force([2])
    attack = partisan_attack(state, data, "soviet", PARIS_REGION, (), budget=5)
    assert attack.taken and attack.cost == 2 and attack.roll == 2
    assert data["owner"][PARIS_REGION] == "axis"  # the roll alone changes nothing
    assert capture_by_partisans(state, attack) == 3
    assert data["owner"][PARIS_REGION] == "soviet" and data["devastated"][PARIS_REGION] == 3


@pytest.mark.rules("K15.2")
def test_a_three_fails_and_cannot_be_captured() -> None:
    state = new_game()
    state.rng.force([3])
    attack = partisan_attack(state, state.data, "soviet", PARIS_REGION, (), budget=2)
    assert not attack.taken and attack.cost == 2
    with pytest.raises(IllegalAction, match="failed at 1434 \\(a 3\\)"):
        capture_by_partisans(state, attack)
    assert state.data["owner"][PARIS_REGION] == "axis"


@pytest.mark.rules("K15.1", "K15.2", "K15.4")
def test_who_may_strike_where() -> None:
    data = new_game().data
    hmap = load_map()
    german = next(h for h, o in data["owner"].items() if o == "axis" and hmap.hex(h).country == "germany")
    occupied = next(a["at"] for a in data["armies"].values() if a["side"] == "axis" and a["at"])
    soviet = next(h for h, o in data["owner"].items() if o == "soviet")
    assert why_not_partisans(data, "axis", PARIS_REGION, (), 9) == (
        "only the Allied and Soviet players raise partisans, not the axis player"
    )
    assert (
        why_not_partisans(data, "soviet", soviet, (), 9)
        == f"partisans strike only Axis-friendly hexes; {soviet} is not Axis"
    )
    assert why_not_partisans(data, "soviet", german, (), 9) == f"no partisans in Germany ({german})"
    assert "no army occupies" in str(why_not_partisans(data, "soviet", occupied, (), 9))
    assert (
        why_not_partisans(data, "soviet", PARIS_REGION, (PARIS_REGION,), 9)
        == "one partisan attack a turn against 1434"
    )
    assert (
        why_not_partisans(data, "soviet", PARIS_REGION, (), 1)
        == "a partisan attack costs 2 production points; 1 left"
    )
    with pytest.raises(IllegalAction, match="costs 2"):
        partisan_attack(new_game(), data, "soviet", PARIS_REGION, (), 1)


@pytest.mark.rules("K15.1")
def test_the_italian_mainland_only_after_a_foothold() -> None:
    data = new_game().data
    hmap = load_map()
    italian = sorted(
        h
        for h, o in data["owner"].items()
        if o == "axis" and hmap.hex(h).country == "italy" and not armies_at(data, h)
    )
    target, foothold = italian[0], italian[-1]
    assert "Italian mainland" in str(why_not_partisans(data, "allied", target, (), 9))
    data["owner"][foothold] = "allied"  # one mainland hex is Allied now
    assert why_not_partisans(data, "allied", target, (), 9) is None
    assert why_not_partisans(data, "soviet", target, (), 9) is not None  # the Soviets hold none


@pytest.mark.rules("K15.3")
def test_a_captured_hex_out_of_supply_returns_after_the_next_combat_phase() -> None:
    assert not reverts_to_axis(4, 4, combat_over=True, in_supply=False)  # the capture turn
    assert not reverts_to_axis(4, 5, combat_over=False, in_supply=False)  # still time
    assert reverts_to_axis(4, 5, combat_over=True, in_supply=False)
    assert not reverts_to_axis(4, 5, combat_over=True, in_supply=True)
