"""Barbarossa set-up, the record sheet, the turn sequence and the end of the game."""

from __future__ import annotations

import pytest
from hgw_positions import act, new_game, sp

from grognard.core.errors import IllegalAction
from grognard.games import REGISTRY
from grognard.games.hgw import HgwState
from grognard.games.hgw.production import budget


@pytest.mark.rules("R1.1", "R1.2", "B1.1", "P0.1")
def test_barbarossa_set_up_places_the_printed_armies_and_twelve_counters_a_side() -> None:
    """Military Record Sheet 1 (twelve armies of five boxes) and the Barbarossa set-up."""
    state = new_game()
    armies = state.data["armies"]
    for side in ("axis", "soviet"):
        assert sum(1 for x in armies.values() if x["side"] == side) == 12
    assert all(
        set(x["sp"]) == {"infantry", "mechanized", "tac_air", "paratroop", "amphibious"}
        for x in armies.values()
    )
    assert (armies["agn"]["at"], sp(state, "agn")) == ("1240", {"infantry": 5, "mechanized": 5})
    assert (armies["ags"]["at"], sp(state, "ags")) == ("1541", {"infantry": 3, "mechanized": 7})
    assert (armies["mos"]["at"], sp(state, "mos")) == ("1144", {"infantry": 2, "mechanized": 2})
    assert (armies["sib"]["at"], sp(state, "sib")) == ("siberia", {"infantry": 2, "mechanized": 3})
    on_board = {a for a, x in armies.items() if x["at"]}
    assert len(on_board) == 13
    assert state.data["turns"][0] == "Summer 1941" and state.data["turns"][-1] == "Winter 1943"


@pytest.mark.rules("P0.4")
def test_record_sheets_are_open_to_both_players() -> None:
    """Prepare for Play 4: every role and the observer see the same armies."""
    state = new_game()
    boards = [state.view(r)["board"]["armies"] for r in ("axis", "soviet", None)]
    assert boards[0] == boards[1] == boards[2]
    assert any(a["id"] == "sib" and a["sp"]["mechanized"] == 3 for a in boards[1])


@pytest.mark.rules("H1.1", "B2.1")
def test_friendly_hexes_come_from_the_set_up_and_neutrals_are_out_of_play() -> None:
    state = new_game()
    owner = state.data["owner"]
    assert owner["1237"] == "axis" and owner["1434"] == "axis" and owner["0841"] == "axis"
    assert owner["1144"] == "soviet" and owner["1241"] == "soviet" and owner["siberia"] == "soviet"
    # Sweden, Turkey and Spain were friendly to no one: they are no place at all
    for neutral in ("0639", "1845", "1830"):
        assert neutral not in owner


@pytest.mark.rules("B2.2", "B1.4", "P1.1")
def test_starting_production_is_34_less_17_for_the_axis_and_16_for_the_soviets() -> None:
    state = new_game()
    assert budget(state.data, "axis") == 34 - 17
    assert budget(state.data, "soviet") == 16


@pytest.mark.rules("B1.1")
def test_france_yugoslavia_and_greece_start_devastated_and_france_for_good() -> None:
    state = new_game()
    dev = state.data["devastated"]
    assert sum(dev[h] for h in ("1435", "1534", "1635")) == 3
    assert state.data["permanent"] == {"1435": 1, "1534": 1, "1635": 1}
    assert dev["1638"] == 1 and dev["1639"] == 1  # Yugoslavia, repairable


def _pass_turn(state: HgwState, role: str) -> None:
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, role, action)
    act(state, role, "end_production")


@pytest.mark.rules("S1.1")
def test_the_axis_plays_movement_combat_production_then_the_soviets_then_the_season_turns() -> None:
    state = new_game()
    assert state.active_roles() == ["axis"] and state.data["phase"] == "movement"
    act(state, "axis", "end_movement")
    assert state.data["phase"] == "combat"
    with pytest.raises(IllegalAction):
        act(state, "axis", "end_production")  # no skipping ahead: the order is fixed
    for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "axis", action)
    assert state.data["phase"] == "production" and state.active_roles() == ["axis"]
    act(state, "axis", "end_production")
    assert state.active_roles() == ["soviet"] and state.data["turn"] == 0
    _pass_turn(state, "soviet")
    assert state.view("axis")["board"]["turn"] == "Winter 1941"
    assert state.active_roles() == ["axis"]


@pytest.mark.rules("B1.3")
def test_the_soviet_side_wins_when_the_last_turn_ends_with_its_capitals_held() -> None:
    state = new_game()
    for _ in range(len(state.data["turns"])):
        _pass_turn(state, "axis")
        _pass_turn(state, "soviet")
    assert state.result() == {"axis": 0.0, "soviet": 1.0}


def test_the_ruleset_is_registered() -> None:
    assert REGISTRY.get("hgw").scenario("barbarossa").id == "barbarossa"


def test_the_text_map_shows_owners_and_stacks() -> None:
    state = new_game()
    rows = REGISTRY.get("hgw").render_text(state.view(None))
    assert rows is not None
    text = ["".join(chunk for chunk, _ in row) for row in rows]
    assert text[0] == "Summer 1941: axis movement"
    berlin_row = next(t for t in text if t.startswith("12 "))
    assert "A+" in berlin_row and "S4" in berlin_row  # Army Group North (10), NW Front (4)
    assert text[-1] == "Siberia: soviet, 5 points"
    assert any(role == "soviet" for row in rows for _, role in row)
