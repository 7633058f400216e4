"""France as a nationality of its own inside the Allied side (Campaign Game I): French
armies apart from the other Allied armies and supply one way (Activity Limitations 8,
G17.8), France's own production and Allied lend-lease to it (Activity Limitations 1
and 4, G17.1), and the Free French after France's surrender (France 3 and 5, G11.3)."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import act, pass_turn
from test_hgw_campaign import end_combat, new_game, place

from grognard.games.hgw import HgwState
from grognard.games.hgw.board import capture
from grognard.games.hgw.french_production import french_budget
from grognard.games.hgw.limitations import boxes_counted
from grognard.games.hgw.nations import label, may_aim
from grognard.games.hgw.production import budget, open_production
from grognard.games.hgw.supply import frozen_armies, supplied_places
from grognard.games.hgw.tables import load_tables

FRENCH = ("ffa", "2fa", "afa", "levant")


def legal(state: HgwState) -> list[tuple[Any, ...]]:
    return [tuple(a) for a in state.legal_actions("allied")]


def allied_movement(state: HgwState) -> None:
    pass_turn(state, "axis")
    pass_turn(state, "soviet")


def allied_production(state: HgwState) -> None:
    state.data["player"] = "allied"
    open_production(state, "allied")
    state._after_change(None, None)


def view_army(state: HgwState, army: str) -> dict[str, Any]:
    armies = state.view("allied")["board"]["armies"]
    found: dict[str, Any] = next(a for a in armies if a["id"] == army)
    return found


# ----- who is French (G17.8: the record sheet)


@pytest.mark.rules("G17.8", "G28.1")
def test_the_french_first_army_and_three_more_counters_are_french_on_the_record_sheet() -> None:
    """The French First Army (1434, 5 infantry 2 mechanized) is French; the British Army
    is not; the view shows each army's nation."""
    state = new_game()
    french = sorted(a for a, x in state.data["armies"].items() if x.get("nation") == "france")
    assert french == sorted(FRENCH)
    assert view_army(state, "ffa")["nation"] == "french"
    assert view_army(state, "brit")["nation"] == ""
    assert state.data["armies"]["ffa"]["sp"]["infantry"] == 5


# ----- no stacking (G17.8)


@pytest.mark.rules("G17.8")
def test_british_points_may_not_join_or_stack_with_the_french_first_army() -> None:
    """Moving British points: Paris (the French First Army's hex) is not offered, nor
    is the French army as a destination; French points moving to a new army take a
    French counter and never enter a hex holding a British army."""
    state = new_game()
    allied_movement(state)
    act(state, "allied", "move", "brit", "infantry", 1)
    places = {a[1] for a in legal(state) if a[0] == "to_place"}
    assert "1434" not in places and "1435" in places
    assert ("to_army", "ffa") not in legal(state)
    act(state, "allied", "cancel")
    act(state, "allied", "move", "ffa", "infantry", 1)
    places = {a[1] for a in legal(state) if a[0] == "to_place"}
    assert "1333" not in places and "1435" in places
    act(state, "allied", "to_place", "1435")
    new = [a for a, x in state.data["armies"].items() if x["at"] == "1435"]
    assert len(new) == 1 and new[0] in FRENCH


@pytest.mark.rules("G17.8", "G17.7")
def test_french_and_british_armies_never_exchange_points_even_in_a_box() -> None:
    """The off-map boxes have no stacking limit, so both may be there, but points
    never pass between armies of different nations."""
    state = new_game()
    place(state, "afa", "2656", infantry=1)  # the India box
    place(state, "mef", "2656", infantry=1)
    allied_movement(state)
    act(state, "allied", "move", "afa", "infantry", 1)
    assert ("to_army", "mef") not in legal(state)
    assert ("to_place", "2656") in legal(state)  # a new French army beside it: a box


@pytest.mark.rules("G17.8")
def test_an_army_may_not_attack_where_the_other_nation_stands_or_attacks() -> None:
    """A British army is not named against a friendly hex holding French armies, nor
    against a hex a French army already attacks this turn."""
    state = new_game()
    place(state, "bef", "1435", infantry=2, mechanized=1)
    place(state, "ffa", "1534", infantry=2, mechanized=1)
    assert not may_aim(state.data, "bef", "1534")  # the French army's hex
    assert may_aim(state.data, "bef", "1436")
    state.data["status"]["ffa"] = {"target": "1436", "assaulted": False, "defended": False, "advanced": 0}
    assert not may_aim(state.data, "bef", "1436")
    state.data["status"]["bef"] = {"target": "1335", "assaulted": False, "defended": False, "advanced": 0}
    assert may_aim(state.data, "brit", "1335")  # the same nation may attack together


@pytest.mark.rules("G17.8", "C5.4")
def test_a_french_army_does_not_retreat_into_a_british_hex() -> None:
    from grognard.games.hgw.advance import retreat_places

    state = new_game()
    place(state, "bef", "1534", infantry=1)
    places = retreat_places(state.data, "ffa", "1434")
    assert "1534" not in places and "1435" in places


# ----- supply one way (G17.8)


def _pocket(state: HgwState) -> None:
    """Metz (1435) and 1534 cut off from everything else: French points only."""
    for p in ("1334", "1335", "1434", "1436", "1535", "1533", "1634", "1635"):
        capture(state, p, "axis", by_advance=False)
    state.data["armies"]["ffa"]["at"] = None


@pytest.mark.rules("G17.8", "L1.1", "L2.1")
def test_french_routes_supply_french_armies_only() -> None:
    """In a pocket whose only production is French, a French army keeps full supply; a
    British army there is out of supply (frozen), and at the end of the Allied combat
    phase it is eliminated, while the hexes stay Allied through the French points."""
    state = new_game()
    _pocket(state)
    place(state, "2fa", "1534", infantry=2)
    place(state, "bef", "1435", infantry=2)
    assert "1435" in supplied_places(state.data, "allied", home_only=True)
    assert "1435" not in supplied_places(state.data, "allied", home_only=True, allied_only=True)
    assert frozen_armies(state.data, "allied") == ["bef"]
    from grognard.games.hgw.supply import end_of_combat_supply

    end_of_combat_supply(state, "allied")
    assert state.data["armies"]["bef"]["at"] is None
    assert state.data["armies"]["2fa"]["at"] == "1534"
    assert state.data["owner"]["1435"] == "allied"


@pytest.mark.rules("G17.8", "L1.1", "L2.1")
def test_allied_routes_supply_the_french() -> None:
    """A French army in Britain traces full supply to British production."""
    state = new_game()
    place(state, "2fa", "1233", infantry=1)
    assert "2fa" not in frozen_armies(state.data, "allied")


# ----- France's own production and lend-lease (G17.1)


@pytest.mark.rules("G17.1", "G28.2")
def test_allied_production_23_splits_into_15_allied_and_8_french() -> None:
    """France's six points, Algiers' one and the French Africa box's one are France's;
    the printed 23 are the two together."""
    state = new_game()
    assert budget(state.data, "allied") == 15
    assert french_budget(state.data) == 8
    allied_production(state)
    assert state.flow[-1]["budget"] == 15 and state.flow[-1]["french"] == 8


@pytest.mark.rules("G17.1", "G17.8")
def test_france_builds_its_points_into_french_armies_in_france_only() -> None:
    """French points go into the French First Army or a new French army in France,
    paid from France's budget; British points never go into a French army, and no new
    British army goes where French armies stand."""
    state = new_game()
    allied_production(state)
    actions = legal(state)
    assert ("build", "infantry", "army", "ffa") in actions
    assert ("build", "infantry", "french", "1435") in actions
    assert ("build", "infantry", "french", "1333") not in actions  # Britain: not France's
    assert ("build", "infantry", "place", "1434") not in actions  # beside the French
    assert ("build", "infantry", "place", "1435") in actions
    act(state, "allied", "build", "infantry", "army", "ffa")
    assert state.flow[-1]["french"] == 8 - 2 and state.flow[-1]["budget"] == 15
    act(state, "allied", "build", "infantry", "french", "1435")
    new = [a for a, x in state.data["armies"].items() if x["at"] == "1435"]
    assert len(new) == 1 and new[0] in FRENCH
    assert state.flow[-1]["french"] == 8 - 4
    act(state, "allied", "build", "infantry", "army", "brit")
    assert state.flow[-1]["budget"] == 15 - 2


@pytest.mark.rules("G17.1")
def test_france_repairs_its_own_devastation() -> None:
    state = new_game()
    state.data["devastated"]["1534"] = 1
    allied_production(state)
    assert state.flow[-1]["french"] == 7
    act(state, "allied", "repair", "1534")
    repair = load_tables().costs.repair  # Repairing Devastated Production 1
    assert state.flow[-1]["french"] == 7 - repair and state.flow[-1]["budget"] == 15


@pytest.mark.rules("G17.1", "G17.4")
def test_allied_lend_lease_to_france_has_no_limit() -> None:
    """Each lend-lease action moves one point from the Allied budget to France's, as
    many as the Allies have; France spends them this phase."""
    state = new_game()
    allied_production(state)
    for _ in range(15):
        assert ("lend_lease_france",) in legal(state)
        act(state, "allied", "lend_lease_france")
    assert ("lend_lease_france",) not in legal(state)
    assert state.flow[-1]["budget"] == 0 and state.flow[-1]["french"] == 23
    assert ("build", "mechanized", "army", "ffa") in legal(state)
    assert ("build", "mechanized", "army", "brit") not in legal(state)


@pytest.mark.rules("G17.1")
def test_lend_lease_needs_an_allied_supply_route_to_a_french_build_place() -> None:
    """France cut off from the Allied production (only French routes reach it): no
    lend-lease, though France still builds with its own points."""
    state = new_game()
    _pocket(state)
    state.data["armies"]["ffa"]["at"] = "1534"
    allied_production(state)
    actions = legal(state)
    assert ("lend_lease_france",) not in actions
    assert ("build", "infantry", "army", "ffa") in actions


# ----- the Free French (G11.3, France 3 and 5)


@pytest.mark.rules("G11.5", "G11.2")
def test_french_armies_in_allied_hexes_become_free_french_at_the_surrender() -> None:
    """France surrenders: the French army in France is eliminated, the one in Britain
    stays and is Free French; it still never stacks with British armies; France's
    budget has no French points left, and the Free French build where the Allies do."""
    state = new_game()
    place(state, "2fa", "1233", infantry=2)
    place(state, "ffa", "1534", infantry=5, mechanized=2)  # fallen back from Paris
    assert label(state.data, "2fa") == "french"
    capture(state, "1434", "axis", by_advance=True)
    end_combat(state, "axis")
    assert state.data["armies"]["ffa"]["at"] is None
    assert state.data["armies"]["2fa"]["at"] == "1233"
    assert view_army(state, "2fa")["nation"] == "free_french"
    assert french_budget(state.data) == 0
    assert budget(state.data, "allied") == 15  # France's points were never the Allies'
    assert not may_aim(state.data, "brit", "1233")
    allied_production(state)
    for _ in range(2):
        act(state, "allied", "lend_lease_france")
    actions = legal(state)
    assert ("build", "infantry", "army", "2fa") in actions
    assert ("build", "infantry", "french", "1131") in actions  # a British production hex
    assert ("build", "infantry", "french", "1333") not in actions  # the British Army is there


@pytest.mark.rules("G11.3")
def test_only_a_free_french_army_wins_the_french_africa_box_back() -> None:
    """French West Africa (the French Africa box, 2828) unaligned after the surrender:
    an attack or invasion on it is offered to a Free French army, not to a British one;
    once it is Allied again any army may go there."""
    state = new_game()
    capture(state, "1434", "axis", by_advance=True)
    end_combat(state, "axis")
    assert "2828" not in state.data["owner"]
    place(state, "2fa", "1233", infantry=2, amphibious=1)
    assert may_aim(state.data, "2fa", "2828")
    assert not may_aim(state.data, "brit", "2828")
    capture(state, "2828", "allied", by_advance=False)
    assert may_aim(state.data, "brit", "2828")


@pytest.mark.rules("G11.3")
def test_french_west_and_equatorial_africa_rally_each_on_its_own() -> None:
    """France 3: the surrender leaves both boxes unaligned (2828, and 3226 read as 3236);
    a Free French capture of Equatorial Africa's hex brings that territory back, and its
    box, alone: West Africa stays unaligned and closed to a British army."""
    state = new_game()
    capture(state, "1434", "axis", by_advance=True)
    end_combat(state, "axis")
    assert "2828" not in state.data["owner"] and "3236" not in state.data["owner"]
    assert {"french_africa", "french_equatorial_africa"}.isdisjoint(boxes_counted(state.data, "allied"))
    assert not may_aim(state.data, "brit", "3236")
    capture(state, "3236", "allied", by_advance=False)
    assert "french_equatorial_africa" in boxes_counted(state.data, "allied")
    assert "french_africa" not in boxes_counted(state.data, "allied")
    assert may_aim(state.data, "brit", "3236")
    assert not may_aim(state.data, "brit", "2828")
    assert "2828" not in state.data["owner"]


# ----- "why can't I?" (why.py)


def _why(state: HgwState, *action: object) -> str:
    before = state.to_json()
    reason = state.why_illegal("allied", tuple(action))
    assert state.to_json() == before  # a question never changes the game
    assert reason is not None
    return reason


@pytest.mark.rules("G17.8", "G17.7")
def test_why_british_points_may_not_go_to_the_french_g17_8() -> None:
    state = new_game()
    allied_movement(state)
    act(state, "allied", "move", "brit", "infantry", 1)
    assert "G17.8" in _why(state, "to_place", "1434")
    assert "G17.7" in _why(state, "to_army", "ffa")


@pytest.mark.rules("G17.1", "G17.8")
def test_why_a_build_is_refused_for_france_g17_1() -> None:
    """A new British army beside the French, a French army in Britain before the
    surrender, and a French point beyond France's budget each name their rule."""
    state = new_game()
    allied_production(state)
    assert "G17.8" in _why(state, "build", "infantry", "place", "1434")
    assert "G17.1" in _why(state, "build", "infantry", "french", "1131")
    state.flow[-1]["french"] = 1
    state._after_change(None, None)
    assert "France's own budget" in _why(state, "build", "infantry", "army", "ffa")


@pytest.mark.rules("G11.3")
def test_why_a_british_army_may_not_take_french_africa_back_g11_3() -> None:
    state = new_game()
    place(state, "ffa", "1534", infantry=5, mechanized=2)
    capture(state, "1434", "axis", by_advance=True)
    end_combat(state, "axis")
    place(state, "bef", "1233", infantry=2, amphibious=2)
    state.data["player"] = "allied"
    state.data["flow"][-1] = {"state": "announce", "role": "allied"}
    state._after_change(None, None)
    assert "G11.3" in _why(state, "invade", "bef", "2828")
    assert "French Equatorial Africa (3236)" in _why(state, "invade", "bef", "3236")


# ----- the heuristic (games/hgw/ai.py)


def _heuristic_choice(state: HgwState) -> tuple[Any, ...]:
    from grognard.games.hgw.ai import HgwHeuristic

    return tuple(HgwHeuristic(1).act(state.view("allied"), state.legal_actions("allied")))


@pytest.mark.rules("G17.1")
def test_the_heuristic_lends_to_france_what_the_allies_cannot_spend() -> None:
    """One Allied point left (a point costs two) while France has room: it goes to France."""
    state = new_game()
    allied_production(state)
    state.flow[-1]["budget"] = 1
    state._after_change(None, None)
    assert _heuristic_choice(state) == ("lend_lease_france",)


@pytest.mark.rules("G17.1", "G17.8")
def test_the_heuristic_lends_nothing_where_france_cannot_build() -> None:
    """Every French counter on the board and France's production hexes full: lend-lease
    is legal but would be lost, so the heuristic keeps its points."""
    state = new_game()
    place(state, "ffa", "1434", infantry=8, mechanized=2)
    place(state, "2fa", "1435", infantry=3)  # with the fort's seven points: ten
    place(state, "afa", "1534", infantry=10)
    place(state, "levant", "1635", infantry=10)
    allied_production(state)
    state.flow[-1]["budget"] = 1
    state._after_change(None, None)
    assert ("lend_lease_france",) in legal(state)
    assert _heuristic_choice(state) != ("lend_lease_france",)


@pytest.mark.rules("G17.8", "G17.9")
def test_the_heuristic_does_not_pick_again_points_that_can_go_nowhere() -> None:
    """With French and other Allied armies apart, chosen points may find no place at
    all (only "cancel" is legal): the heuristic does not choose them again that turn."""
    from grognard.games.hgw.ai import HgwHeuristic

    state = new_game()
    allied_movement(state)
    agent = HgwHeuristic(1)
    first = agent.act(state.view("allied"), state.legal_actions("allied"))
    assert first[0] == "move"
    act(state, "allied", *first)
    assert agent.act(state.view("allied"), [("cancel",)]) == ("cancel",)  # nowhere to go
    act(state, "allied", "cancel")
    again = agent.act(state.view("allied"), state.legal_actions("allied"))
    assert again[:3] != first[:3]


@pytest.mark.rules("C5.12", "M2.5")
def test_an_overstacked_army_with_nowhere_to_advance_does_not_hold_the_phase_open() -> None:
    """Advance Resolution 12 and Stacking 5: the exploitation stays open while an army
    that can still advance stands in an overstacked hex; an invader ashore on an island
    hex with no neighbour and no amphibious advance left cannot, so the phase may end
    (a position found by the benchmark, where no action was left at all)."""
    state = new_game()
    state.data["owner"]["2511"] = "allied"
    place(state, "us", "2511", infantry=3)
    place(state, "8a", "2511", infantry=10)
    status = {"target": "2511", "assaulted": False, "defended": False, "advanced": 1, "stopped": False}
    state.data["status"]["us"] = status
    state.data["player"] = "allied"
    state.data["phase"] = "combat"
    state.data["flow"][-1] = {"state": "exploitation", "role": "allied", "current": "us"}
    state._after_change(None, None)
    assert legal(state) == [("end_combat",)]
