"""The Fall of Germany (rulebook section "The Fall of Germany Scenario" and its set-up
and special rules): three sides, sea supply, Allied-Soviet co-operation, lend-lease,
Allied production, amphibious points in ordinary combat, and the Berlin victory."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import act, own, pass_turn, put, sp, step

from grognard.agents import RandomAgent
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import HgwHeuristic
from grognard.games.hgw.board import capture, defence
from grognard.games.hgw.combat import firing_strength
from grognard.games.hgw.geography import geography
from grognard.games.hgw.production import budget
from grognard.games.hgw.scenario import KINDS
from grognard.games.hgw.supply import frozen_armies, supplied_places
from grognard.games.hgw.victory import gross_production
from grognard.testing import check_ruleset

FOG = "fall_of_germany"


def new_game(seed: int = 1, **options: Any) -> HgwState:
    state = RULESET.new_game(FOG, options, seed=seed)
    assert isinstance(state, HgwState)
    return state


def totals(state: HgwState, side: str) -> dict[str, int]:
    out = dict.fromkeys(KINDS, 0)
    for x in state.data["armies"].values():
        if x["side"] == side:
            for k in KINDS:
                out[k] += x["sp"][k]
    return {k: v for k, v in out.items() if v}


# ----- set-up, sides and sequence


@pytest.mark.rules("F1.1", "F7.1")
def test_three_sides_set_up_with_the_printed_points_in_their_own_hexes() -> None:
    """Set-up: Axis 29 infantry and 14 mechanized, Soviets 40 and 16, Allies 28, 12 and
    12 amphibious, each army in a hex of its own side, none over ten (Stacking 1)."""
    state = new_game()
    assert state.roles == ["axis", "soviet", "allied"]
    assert totals(state, "axis") == {"infantry": 29, "mechanized": 14}
    assert totals(state, "soviet") == {"infantry": 40, "mechanized": 16}
    assert totals(state, "allied") == {"infantry": 28, "mechanized": 12, "amphibious": 12}
    for x in state.data["armies"].values():
        if x["at"] is not None:
            assert state.data["owner"][x["at"]] == x["side"]
    for place, points in state.view(None)["board"]["stacks"].items():
        assert points <= 10, place
    assert sum(1 for x in state.data["armies"].values() if x["side"] == "allied") == 12


@pytest.mark.rules("F7.2")
def test_production_at_start_is_30_23_and_35_with_no_axis_cut() -> None:
    """Axis 30 (the cut of seventeen no longer applies), Soviets 23, Allies 35."""
    state = new_game()
    assert {s: budget(state.data, s) for s in state.roles} == {"axis": 30, "soviet": 23, "allied": 35}


@pytest.mark.rules("F7.3")
def test_the_printed_devastation_is_in_place_and_france_stays_unrepairable() -> None:
    state = new_game()
    devastated = state.data["devastated"]
    assert devastated["1436"] == 3
    for h in ("1534", "1635", "1435", "1638", "1639", "0841", "1143", "1443", "1542"):
        assert devastated[h] >= 1, h
    assert state.data["permanent"] == {"1435": 1, "1534": 1, "1635": 1}


@pytest.mark.rules("F1.1", "S1.1")
def test_the_axis_moves_first_then_the_soviets_then_the_allies() -> None:
    state = new_game()
    assert state.active_roles() == ["axis"]
    pass_turn(state, "axis")
    assert state.active_roles() == ["soviet"]
    pass_turn(state, "soviet")
    assert state.active_roles() == ["allied"]
    assert state.data["turn"] == 0
    pass_turn(state, "allied")
    assert state.active_roles() == ["axis"]
    assert state.view(None)["board"]["turn"] == "Summer 1944"


@pytest.mark.rules("F7.4")
def test_after_winter_1945_an_axis_berlin_wins() -> None:
    """Victory Conditions 1-2: the last turn is Winter 1945; Berlin still Axis wins."""
    state = new_game()
    turns = state.data["turns"]
    assert (turns[0], turns[-1]) == ("Spring 1944", "Winter 1945")
    state.data["turn"] = len(turns) - 1
    for side in state.roles:
        pass_turn(state, side)
    assert state.result() == {"axis": 1.0, "soviet": 0.0, "allied": 0.0}


# ----- Berlin


def _take_berlin(state: HgwState, side: str) -> None:
    capture(state, "1237", side, by_advance=True)


@pytest.mark.rules("F7.4", "F7.5")
def test_berlin_falling_ends_the_game_and_the_soviets_win_with_two_thirds() -> None:
    """Victory Conditions 1 and 3: the Soviets' 23 points plus Berlin's 3 make 26, at
    least two thirds of the Allies' 35: the game ends and the Soviets win."""
    state = new_game()
    assert gross_production(state.data, "soviet") == 23
    assert gross_production(state.data, "allied") == 35
    _take_berlin(state, "soviet")
    assert state.is_over()
    assert state.result() == {"axis": 0.0, "soviet": 1.0, "allied": 0.0}


@pytest.mark.rules("F7.5")
def test_the_allies_win_when_the_soviets_fall_short_of_two_thirds() -> None:
    """Victory Conditions 3-4: with Moscow's 3 points in Axis hands the Soviets have 20,
    and 23 with Berlin, short of 2/3 x 35: the Allies win."""
    state = new_game()
    own(state, "axis", "1144")
    _take_berlin(state, "soviet")
    assert state.result() == {"axis": 0.0, "soviet": 0.0, "allied": 1.0}


@pytest.mark.rules("F7.5")
def test_devastated_soviet_points_still_count_toward_the_two_thirds() -> None:
    """Victory Conditions 5: a devastated Moscow still counts its 3 points, so the
    Soviets keep their 26 and win; subtracting the devastation would give the Allies
    the win."""
    state = new_game()
    state.data["devastated"]["1144"] = 3
    _take_berlin(state, "soviet")
    assert state.result() == {"axis": 0.0, "soviet": 1.0, "allied": 0.0}


@pytest.mark.rules("F1.2")
def test_with_two_players_the_allied_soviet_seat_wins_together_by_taking_berlin() -> None:
    """Special rule 1: one player commands both; taking Berlin is a win for both roles."""
    state = new_game(two_player=True)
    _take_berlin(state, "allied")
    assert state.result() == {"axis": 0.0, "soviet": 1.0, "allied": 1.0}


@pytest.mark.rules("F7.6")
def test_only_berlin_counts_as_a_capital() -> None:
    """Special rule 3: taking Moscow, Paris or Rome decides nothing."""
    state = new_game()
    for hex_ in ("1144", "1435"):
        capture(state, hex_, "axis" if hex_ == "1144" else "allied", by_advance=True)
    assert not state.is_over()


# ----- neutrals and co-operation


@pytest.mark.rules("F7.7")
def test_neutral_spain_is_never_a_target() -> None:
    """Special rule 2: Spain (next to Gibraltar) cannot be attacked."""
    state = new_game()
    g = geography(FOG)
    assert "1931" not in g.places and "1930" not in g.places
    put(state, "7a", "2031", infantry=5)
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "end_movement")
    targets = {a[2] for a in state.legal_actions("allied") if a[0] == "attack" and a[1] == "7a"}
    assert targets and not targets & {"1930", "1931"}


@pytest.mark.rules("F5.1")
def test_soviets_and_allies_never_attack_each_other() -> None:
    """Co-operation 1: the Soviet army in 1747 may not be named against Allied Iran."""
    state = new_game()
    put(state, "4ukr", "1747", infantry=5, mechanized=5)
    pass_turn(state, "axis")
    act(state, "soviet", "end_movement")
    targets = {a[2] for a in state.legal_actions("soviet") if a[0] == "attack" and a[1] == "4ukr"}
    assert "1847" not in targets and "1848" not in targets


@pytest.mark.rules("F5.2")
def test_soviet_points_never_move_into_allied_hexes() -> None:
    """Co-operation 2: redeployment through friendly hexes only, never the ally's."""
    state = new_game()
    put(state, "4ukr", "1747", infantry=5)
    put(state, "kar", None)  # a spare counter, so that new armies may be placed
    pass_turn(state, "axis")
    act(state, "soviet", "move", "4ukr", "infantry", 1)
    allied = {p for p, o in state.data["owner"].items() if o == "allied"}
    places = {a[1] for a in state.legal_actions("soviet") if a[0] == "to_place"}
    assert "1746" in places and not places & allied


# ----- lend-lease and Allied production


def _to_allied_production(state: HgwState) -> None:
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "allied", action)
    assert step(state) == "production"


@pytest.mark.rules("F5.3", "F5.4")
def test_lend_lease_gives_up_to_four_points_which_the_soviets_spend_next_turn() -> None:
    """Lend-Lease 1-4: two points through each Soviet depot, four at most, paid out of
    the Allied budget and added to the next Soviet budget."""
    state = new_game()
    _to_allied_production(state)
    for _ in range(4):
        assert ("lend_lease",) in state.legal_actions("allied")
        act(state, "allied", "lend_lease")
    assert ("lend_lease",) not in state.legal_actions("allied")
    assert state.flow[-1]["budget"] == 35 - 4
    act(state, "allied", "end_production")
    pass_turn(state, "axis")
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "soviet", action)
    assert state.flow[-1]["budget"] == 23 + 4
    assert state.data["lend_lease"]["gift"] == 0  # spent this phase or lost


@pytest.mark.rules("F5.3")
def test_a_lost_depot_halves_lend_lease() -> None:
    """Lend-Lease 2: with the Caspian depot (1548) in Axis hands only two points pass."""
    state = new_game()
    _to_allied_production(state)
    own(state, "axis", "1548")
    act(state, "allied", "lend_lease")
    act(state, "allied", "lend_lease")
    assert ("lend_lease",) not in state.legal_actions("allied")


@pytest.mark.rules("F6.1")
def test_new_allied_points_go_only_to_britain_or_france() -> None:
    """Allied Production: Italy's and Egypt's production hexes take no new points (the
    U.S. and Canada boxes do: test_hgw_sea_boxes.py)."""
    state = new_game()
    own(state, "allied", "1434")
    _to_allied_production(state)
    places = {
        a[3] if a[2] == "place" else state.data["armies"][a[3]]["at"]
        for a in state.legal_actions("allied")
        if a[0] == "build"
    }
    g = geography(FOG)
    assert places and {g.country[p] for p in places} <= {"britain", "france", "united_states", "canada"}
    assert "1233" in places and "1837" not in places and "2243" not in places


@pytest.mark.rules("F3.1")
def test_amphibious_points_can_be_built_for_five() -> None:
    state = new_game()
    _to_allied_production(state)
    act(state, "allied", "build", "amphibious", "army", "21ag")
    assert sp(state, "21ag")["amphibious"] == 4
    assert state.flow[-1]["budget"] == 30


# ----- amphibious points in ordinary combat


@pytest.mark.rules("F3.2")
def test_amphibious_points_neither_fire_nor_defensively_assault_but_defend() -> None:
    """Amphibious Strength Points 2: counted against advances, never in a firing."""
    state = new_game()
    put(state, "1us", "1333", infantry=3, mechanized=2, amphibious=3)
    assert firing_strength(state.data, ("1us",), None) == 5
    assert firing_strength(state.data, ("1us",), "1334") == 5
    assert defence(state.data, "1333") == 8


@pytest.mark.rules("F3.3")
def test_amphibious_points_turn_into_infantry_in_movement_only_one_way() -> None:
    """Amphibious Strength Points 3: one for one, in the movement phase, never back."""
    state = new_game()
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "convert", "21ag")
    assert sp(state, "21ag") == {"infantry": 4, "mechanized": 2, "amphibious": 2}
    assert not any(a[0] == "convert" and a[1] == "8a" for a in state.legal_actions("allied"))


# ----- supply over friendly seas


@pytest.mark.rules("F2.3")
def test_allied_italy_is_in_full_supply_across_the_mediterranean_and_the_atlantic() -> None:
    """Supply Route 1: from Naples across the Mediterranean, past Gibraltar and over the
    Atlantic to the British production points."""
    state = new_game()
    assert "1838" in supplied_places(state.data, "allied", home_only=True)
    assert frozen_armies(state.data, "allied") == []


@pytest.mark.rules("F2.1", "F2.3")
def test_an_axis_gibraltar_closes_the_mediterranean_route() -> None:
    """Sea Route 4: a route passes Gibraltar only while Gibraltar is friendly. With
    Gibraltar Axis, Allied Italy traces supply only the long way: round the Cape into
    the Persian Gulf-Red Sea complex (Movement Across Seas 1, an Allied sea), through
    Egypt to the Mediterranean; once the complex's Allied coasts are lost too, Italy is
    cut off."""
    state = new_game()
    own(state, "axis", "2031")
    assert "1838" in supplied_places(state.data, "allied", home_only=True)
    g = geography("fall_of_germany")
    red_sea = [
        p
        for p in g.sea_coast["Persian Gulf-Red Sea"]
        if "Atlantic" not in g.coast_seas[p] and not g.is_box(p) and state.data["owner"].get(p) == "allied"
    ]
    assert "2243" in red_sea  # Suez
    own(state, "axis", *red_sea)
    assert "1838" not in supplied_places(state.data, "allied", home_only=True)
    assert "5a" in frozen_armies(state.data, "allied")


@pytest.mark.rules("F2.3")
def test_the_axis_supplies_finland_across_the_baltic() -> None:
    """The Baltic is an Axis sea (Strength Point Movement Across Seas 1), so Finland
    traces supply to Germany over it."""
    state = new_game()
    assert "0842" in supplied_places(state.data, "axis", home_only=True)


@pytest.mark.rules("F7.8")
def test_a_cut_off_hex_goes_to_the_opponent_with_the_nearest_production() -> None:
    """Special rule 4: an Axis hex alone in Allied Italy, out of supply at the end of the
    Axis combat phase, goes to the Allies, whose Naples point is next door."""
    state = new_game()
    own(state, "axis", "1839")
    put(state, "agE", "1839", infantry=2)
    pass_turn(state, "axis")
    assert state.data["owner"]["1839"] == "allied"
    assert state.data["armies"]["agE"]["at"] is None


# ----- the contract and the agent


def test_the_fall_of_germany_passes_check_ruleset() -> None:
    report = check_ruleset(RULESET, scenarios=[FOG], games=1, seed=5, max_actions=50_000, every=1000)
    assert report.games == 1 and report.actions > 100


def _play(seed: int, heuristic: str) -> HgwState:
    state = new_game(seed)
    state.keep_undo = False
    agents = {r: (HgwHeuristic(seed) if r == heuristic else RandomAgent(seed)) for r in state.roles}
    while not state.is_over():
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        action = agents[role].act(state.view(role), legal)
        assert action in legal
        state.apply(role, action)
    return state


@pytest.mark.parametrize(("seed", "side"), [(1, "axis"), (3, "soviet")])
def test_the_heuristic_beats_random_sides_as_axis_and_as_soviets(seed: int, side: str) -> None:
    state = _play(seed, side)
    result = state.result()
    assert result is not None and result[side] == 1.0


# ----- strength points crossing seas


def _allied_movement(state: HgwState) -> None:
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    assert step(state) == "movement" and state.active_roles() == ["allied"]


@pytest.mark.rules("F2.2")
def test_allied_points_cross_the_atlantic_and_the_mediterranean_without_limit() -> None:
    """Movement Across Seas 1: the Allies carry any number of points from Britain to
    Italy, by the Atlantic, Gibraltar and the Mediterranean."""
    state = new_game()
    _allied_movement(state)
    put(state, "15ag", None)  # a spare counter for the new army
    act(state, "allied", "move", "21ag", "infantry", 3)
    assert ("to_place", "1839") in state.legal_actions("allied")
    act(state, "allied", "to_place", "1839")
    assert state.data["sea_moves"] == {"Atlantic": 3, "Mediterranean": 3}
    act(state, "allied", "move", "1us", "mechanized", 2)
    assert ("to_army", "5a") in state.legal_actions("allied")


@pytest.mark.rules("F2.2")
def test_axis_points_leave_finland_one_over_the_baltic_then_two_over_the_atlantic() -> None:
    """Movement Across Seas 1: the Baltic carries one Axis point a turn and the Atlantic
    one per Axis fleet point there (two); Finland touches no Axis land route to Kiel."""
    state = new_game()
    put(state, "agnor", "0741", infantry=4)
    act(state, "axis", "move", "agnor", "infantry", 1)
    act(state, "axis", "to_place", "1236")
    assert state.data["sea_moves"] == {"Baltic": 1}
    act(state, "axis", "move", "agnor", "infantry", 2)
    assert ("to_army", "agE") in state.legal_actions("axis")
    act(state, "axis", "to_army", "agE")
    assert state.data["sea_moves"] == {"Baltic": 1, "Atlantic": 2}
    act(state, "axis", "move", "agnor", "infantry", 1)
    assert ("to_army", "agE") not in state.legal_actions("axis")
    assert sp(state, "agE") == {"infantry": 3}


@pytest.mark.rules("F2.2")
def test_the_soviets_may_not_cross_the_baltic_and_the_limits_renew_each_turn() -> None:
    """Movement Across Seas 1: the Baltic carries one Axis point a turn and no Soviet
    one; each player turn starts with the limits fresh."""
    state = new_game()
    from grognard.games.hgw.movement import sea_room

    assert sea_room(state.data, "soviet", "Baltic") == 0
    assert sea_room(state.data, "axis", "Baltic") == 1
    assert sea_room(state.data, "allied", "Atlantic") is None
    state.data["sea_moves"] = {"Baltic": 1}
    assert sea_room(state.data, "axis", "Baltic") == 0
    pass_turn(state, "axis")
    assert state.data["sea_moves"] == {}


@pytest.mark.rules("F7.8")
@pytest.mark.parametrize(("die", "taker"), [(2, "soviet"), (5, "allied")])
def test_a_tie_for_a_cut_off_hex_is_settled_by_a_die(die: int, taker: str) -> None:
    """Special rule 4: a Soviet and an Allied producing hex, both two hexes from the
    cut-off hex, tie; one die decides (the Soviets, who play first, on 1-3)."""
    from grognard.games.hgw.map import hex_distance
    from grognard.games.hgw.supply import _to_nearest_producer

    state = new_game()
    g = geography(FOG)
    producers = sorted(p for p in g.places if g.production[p] and p != "siberia")
    cut, a, b = next(
        (x, p, q)
        for x in ("1839", "1337", "1438")
        for p in producers
        for q in producers
        if p < q and x not in (p, q) and hex_distance(x, p) == hex_distance(x, q) == 2
    )
    data = state.data
    for p in data["owner"]:
        data["owner"][p] = "axis"
    data["devastated"] = {}
    data["owner"][a], data["owner"][b] = "soviet", "allied"
    state.rng.force([die])
    _to_nearest_producer(state, "axis", [cut])
    assert data["owner"][cut] == taker


def test_a_new_fall_of_germany_game_is_the_same_in_every_process() -> None:
    """Replays are checked in other processes: the set-up and the first Axis legal
    actions must not follow Python's per-process string hashing."""
    import os
    import subprocess
    import sys

    code = (
        "import hashlib, msgspec\n"
        "from grognard.games.hgw import RULESET\n"
        "s = RULESET.new_game('fall_of_germany', seed=4)\n"
        "blob = msgspec.json.encode([s.data, s.legal_actions('axis')])\n"
        "print(hashlib.sha256(blob).hexdigest())\n"
    )
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1


@pytest.mark.rules("F2.2", "F2.3")
@pytest.mark.parametrize(("points", "limit"), [(2, 2), (3, 3), (0, None)])
def test_the_axis_atlantic_limit_is_its_fleet_points_there_and_the_sea_is_friendly_only_with_one(
    points: int, limit: int | None
) -> None:
    """Strength Point Movement Across Seas 1: the Axis carries one point over the
    Atlantic per naval fire point of its fleets based there, Kiel (1236) included; Supply
    Route 1: a sea is friendly only while the side can carry a point through it. With
    the Kriegsmarine sunk the Atlantic is shut to Axis moves and supply, and Narvik
    (0438), reached from Germany only over it, falls out of supply."""
    from grognard.games.hgw.limitations import sea_limits, supply_seas

    state = new_game()
    fleet = state.data["fleets"]["kriegsmarine"]
    assert fleet["at"] == "1236"
    fleet["sp"] = points
    assert sea_limits(state.data, "axis").get("Atlantic") == limit
    assert ("Atlantic" in supply_seas(state.data, "axis")) == bool(points)
    assert ("0438" in supplied_places(state.data, "axis", home_only=False)) == bool(points)
