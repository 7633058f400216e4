"""Campaign Game II's cases checked through real play in campaign_2 (issue 22's audit): the
whole player-turn sequence (K1.1), paratroop builds (K13.1, K14.2) and the rules that
earlier notes called unplayed, each with forced dice."""

from __future__ import annotations

from typing import Any

import pytest
from test_hgw_cg2_air import ALLIED_HEX, AXIS_HEX, cg2, put

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState, politics
from grognard.games.hgw.advance import advance_limit
from grognard.games.hgw.firepower import losses_in_groups
from grognard.games.hgw.production import open_production, pays, placed_at
from grognard.games.hgw.scenario import KINDS, SYSTEMS, load_scenario
from grognard.games.hgw.steps import STEPS

PASS = ("end_", "no_", "to_")
BERLIN, LONDON, PARIS = "1237", "1333", "1434"


def new_game() -> HgwState:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    return state


def step(state: HgwState) -> str:
    return str(state.flow[-1]["state"])


def act(state: HgwState, role: str, *action: Any) -> None:
    state.apply(role, tuple(action))


def changed(state: HgwState) -> None:
    state._after_change(None, None)


def role_of(state: HgwState) -> str:
    return str(state.flow[-1].get("role") or state.data["player"])


def pass_until(state: HgwState, stop: str) -> list[str]:
    """Take the first passing action (ending a step) until step `stop`, returning the
    steps met in order (each once in a row)."""
    met: list[str] = []
    for _ in range(300):
        if step(state) == stop:
            return met
        if not met or met[-1] != step(state):
            met.append(step(state))
        legal = state.legal_actions(role_of(state))
        state.apply(role_of(state), next((a for a in legal if a[0].startswith(PASS)), legal[0]))
    raise AssertionError(f"step {stop} never came: {met}")


@pytest.mark.rules("K1.1")
def test_an_allied_player_turn_plays_every_systems_phase_in_the_printed_order() -> None:
    state = new_game()
    assert set(load_scenario("campaign_2").systems) == set(SYSTEMS)
    data = state.data
    # something for each system's phase to do: a bomber marker in London with the range
    # to strike (Strategic Bombing 2), and Paris Axis and empty (a partisan target)
    data["research"]["allied"]["items"]["bomber"]["level"] = 3
    data["strategic"]["bombers"]["allied"][LONDON] = {"sp": 3, "atomic": 0}
    for army in data["armies"].values():
        if army["at"] == PARIS:
            army["at"] = None
    data["owner"][PARIS] = "axis"
    changed(state)
    pass_until(state, "strategic")
    assert data["player"] == "allied"
    walk = pass_until_player_changes(state)
    shown = ("strategic", "naval_movement", "movement", "announce", "production", "partisans", "research")
    assert [s for s in walk if s in shown] == list(shown)


def pass_until_player_changes(state: HgwState) -> list[str]:
    player, met = state.data["player"], []
    for _ in range(300):
        if state.data["player"] != player:
            return met
        if not met or met[-1] != step(state):
            met.append(step(state))
        legal = state.legal_actions(role_of(state))
        state.apply(role_of(state), next((a for a in legal if a[0].startswith(PASS)), legal[0]))
    raise AssertionError(f"the {player} player turn never ended: {met}")


def axis_production_with(state: HgwState, **points: int) -> str:
    """The Axis production phase, with an Axis army in Berlin holding `points`."""
    pass_until(state, "production")
    assert state.data["player"] == "axis"
    army = next(a for a, x in sorted(state.data["armies"].items()) if x["side"] == "axis" and x["at"])
    state.data["armies"][army]["at"] = BERLIN
    state.data["armies"][army]["sp"] = {k: points.get(k, 0) for k in KINDS}
    changed(state)
    return army


@pytest.mark.rules("K13.1", "K3.3")
def test_paratroop_points_are_built_into_an_army_in_production() -> None:
    state = new_game()
    army = axis_production_with(state, infantry=2)
    budget = state.flow[-1]["budget"]
    act(state, "axis", "build", "paratroop", "army", army)
    assert state.data["armies"][army]["sp"]["paratroop"] == 1
    assert state.flow[-1]["budget"] < budget  # paid at the sheet's price
    assert str(state.data["log"][-1][0]).startswith("axis builds one paratroop point for")


@pytest.mark.rules("K14.2")
def test_no_build_puts_paratroop_and_amphibious_points_in_one_army() -> None:
    state = new_game()
    army = axis_production_with(state, infantry=2, amphibious=1)
    legal = state.legal_actions("axis")
    assert ("build", "paratroop", "army", army) not in legal
    assert ("build", "amphibious", "army", army) in legal
    why = state.why_illegal("axis", ("build", "paratroop", "army", army))
    assert why is not None and "paratroop points may not join an army with amphibious points" in why
    before = state.data["armies"][army]["sp"].copy()
    with pytest.raises(IllegalAction):
        act(state, "axis", "build", "paratroop", "army", army)
    assert state.data["armies"][army]["sp"] == before
    state.data["armies"][army]["sp"].update(amphibious=0, paratroop=1)
    changed(state)
    assert ("build", "amphibious", "army", army) not in state.legal_actions("axis")
    assert ("build", "paratroop", "army", army) in state.legal_actions("axis")


@pytest.mark.rules("K2.1", "K21.4")
def test_a_launch_of_fifteen_missiles_fires_a_volley_of_ten_and_one_of_five() -> None:
    state = new_game()
    state.data["strategic"]["missiles"]["allied"]["m1"] = {"at": PARIS, "sp": 15, "atomic": 0}
    state.flow[:] = [{"state": "strategic", "role": "allied"}]
    state.advance()
    changed(state)
    state.rng.force([1, 1])
    act(state, "allied", "launch", "m1", 15)
    hits = losses_in_groups(15, [1, 1])
    assert hits == losses_in_groups(10, [1]) + losses_in_groups(5, [1]) > losses_in_groups(10, [1])
    assert f"the missiles: 15 point(s) roll 1, 1: {hits} production point(s) to devastate" in log(state)
    # the ten-point cap of the earlier combat does not apply: all six fall on the two hexes
    assert sum(state.data["devastated"].values()) == hits == 6


def log(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]


# ----- the National Morale Chart's other events (K23.3) --------------------------------------
SUEZ, NEXT_TO_SUEZ, GIBRALTAR = "2243", "2342", "2031"


def morale(state: HgwState) -> tuple[int, int]:
    return state.data["morale"]["britain"], state.data["morale"]["germany"]


@pytest.mark.rules("K23.3")
def test_britain_losing_the_suez_canal_in_combat_costs_it_a_morale_level() -> None:
    state = new_game()
    data = state.data
    for army in data["armies"].values():
        army["sp"]["tac_air"] = 0
        if army["at"] in (SUEZ, NEXT_TO_SUEZ):
            army["at"] = None
    data["owner"][NEXT_TO_SUEZ] = "axis"
    data["armies"]["agw"]["at"] = NEXT_TO_SUEZ
    data["armies"]["agw"]["sp"] = dict.fromkeys(KINDS, 0) | {"infantry": 4, "mechanized": 6}
    changed(state)
    act(state, "axis", "end_naval_movement")
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agw", SUEZ)
    act(state, "axis", "end_announce")
    state.rng.force([1])
    act(state, "axis", "assault", NEXT_TO_SUEZ, SUEZ, "agw")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "agw")
    act(state, "axis", "to_exploitation")
    before = morale(state)  # Egypt falls: ten hexes lost, both pairs move at the end
    act(state, "axis", "end_combat")
    assert data["owner"][SUEZ] == "axis"
    # the Allies lost five hexes (-1), the Axis took six (+1 for Germany) and Suez (-1)
    assert morale(state) == (before[0] - 3, before[1] + 3)
    assert any(line.startswith("loss of the Suez Canal: morale britain -") for line in log(state))


@pytest.mark.rules("K23.3")
def test_gibraltar_lost_in_a_combat_phase_costs_britain_a_level_and_no_more_than_once() -> None:
    state = new_game()
    act(state, "axis", "end_naval_movement")
    act(state, "axis", "end_movement")
    state.data["owner"][GIBRALTAR] = "axis"  # as if taken in this combat phase
    changed(state)
    for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "axis", action)
    assert morale(state) == (-1, 1)
    assert "loss of Gibraltar: morale britain -1, germany +1" in log(state)
    pass_until_player_changes(state)  # the Soviet combat phase: Gibraltar is not lost again
    assert morale(state) == (-1, 1)


@pytest.mark.rules("K23.3", "G6.1")
def test_the_united_states_entering_the_war_raises_british_morale_two() -> None:
    state = new_game()
    state.data["turn"] = state.data["turns"].index("Spring 1942")
    state.data["flow"][-1] = {"state": "turn_start", "player": "allied"}
    STEPS["turn_start"].run(state, state.data["flow"][-1])
    assert state.data["politics"]["us_since"] == state.data["turn"]
    assert morale(state) == (2, -2)
    assert "the United States joins the Allies: morale britain +2, germany -2" in log(state)


@pytest.mark.rules("K23.3", "G2.4")
def test_the_united_states_joining_the_axis_costs_britain_four() -> None:
    state = new_game()
    state.data["flow"][-1] = {"state": "announce", "role": "allied"}
    state.data["player"] = "allied"
    army = next(a for a, x in sorted(state.data["armies"].items()) if x["side"] == "allied" and x["at"])
    state.data["status"][army] = {
        "target": "1909",
        "assaulted": True,
        "defended": False,
        "advanced": 0,
        "stopped": True,
    }
    act(state, "allied", "end_announce")
    assert state.data["politics"]["joined"]["united_states"] == "axis"
    assert morale(state) == (-4, 4)


@pytest.mark.rules("K23.3", "G10.1")
def test_the_soviet_surrender_costs_britain_a_level() -> None:
    state = new_game()
    for place in ("0942", "1144", "1446"):
        state.data["owner"][place] = "axis"
    state.data["flow"][-1] = {"state": "end_combat", "player": "axis"}
    assert politics.end_of_combat(state, "axis")
    changed(state)
    assert step(state) == "soviet_terms"
    act(state, "axis", "accept_surrender")
    assert morale(state) == (-1, 1)
    assert log(state)[-3:-1] == [
        "the Axis accepts the Soviet surrender: no more attacks between them",
        "the Soviet Union surrenders: morale britain -1, germany +1",
    ]


def test_campaign_game_i_keeps_no_morale_through_the_political_events() -> None:
    state = RULESET.new_game("campaign_1", {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["turn"] = state.data["turns"].index("Spring 1942")
    state.data["flow"][-1] = {"state": "turn_start", "player": "allied"}
    STEPS["turn_start"].run(state, state.data["flow"][-1])
    assert state.data["politics"]["us_since"] == state.data["turn"] and "morale" not in state.data


# ----- German Technology (K6.1) -------------------------------------------------------------
ICELAND = "0626"


def axis_attacks_two_french_hexes(iceland: bool) -> HgwState:
    """Two Axis armies each name a French hex; the Axis holds Iceland if `iceland`."""
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=6, mechanized=4)
    put(state, "ags", "1335", infantry=6, mechanized=4)
    put(state, "ffa", ALLIED_HEX, infantry=4)
    put(state, "brit", "1435", infantry=4)
    if iceland:
        state.data["owner"][ICELAND] = "axis"
    changed(state)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agw", ALLIED_HEX)
    act(state, "axis", "attack", "ags", "1435")
    act(state, "axis", "end_announce")
    while step(state) == "def_assault":
        act(state, "allied", "no_defensive_assault")
    return state


def allied_losses(state: HgwState) -> None:
    while step(state) == "losses":
        act(state, "allied", *state.legal_actions("allied")[0])


@pytest.mark.rules("K6.1")
def test_german_technology_takes_one_off_one_armys_initial_assault_and_advance() -> None:
    state = axis_attacks_two_french_hexes(iceland=True)
    state.rng.force([3])
    act(state, "axis", "assault", AXIS_HEX, ALLIED_HEX, "agw")
    assert "firing strength 10, roll 3 -1 German technology: 4 points lost" in log(state)
    allied_losses(state)
    state.rng.force([3])
    act(state, "axis", "assault", "1335", "1435", "ags")  # another army: no more this phase
    assert "firing strength 10, roll 3: 3 points lost" in log(state)
    allied_losses(state)
    act(state, "axis", "to_advances")
    assert state.data["status"]["agw"]["technology"]
    limit, other = advance_limit(state.data, "agw", ALLIED_HEX), advance_limit(state.data, "ags", "1435")
    state.data["owner"][ICELAND] = "allied"  # the same advances without the technology
    assert (limit, other) == (
        advance_limit(state.data, "agw", ALLIED_HEX) + 1,
        advance_limit(state.data, "ags", "1435"),
    )
    state.data["owner"][ICELAND] = "axis"
    state.rng.force([min(limit, 6)])
    act(state, "axis", "advance", "agw")
    assert state.data["armies"]["agw"]["at"] == ALLIED_HEX


@pytest.mark.rules("K6.1")
def test_without_greenland_or_iceland_no_roll_is_changed() -> None:
    state = axis_attacks_two_french_hexes(iceland=False)
    state.rng.force([3])
    act(state, "axis", "assault", AXIS_HEX, ALLIED_HEX, "agw")
    assert "firing strength 10, roll 3: 3 points lost" in log(state)
    allied_losses(state)
    assert "technology" not in state.data["status"]["agw"]


@pytest.mark.rules("K6.1", "K16.6")
@pytest.mark.parametrize(("iceland", "lost"), [(True, 1), (False, 0)])
def test_german_technology_takes_one_off_uboat_fire_in_the_north_atlantic(iceland: bool, lost: int) -> None:
    state = new_game()
    if iceland:
        state.data["owner"][ICELAND] = "axis"
        changed(state)
    state.rng.force([5])  # two U-boats doubled: four points roll 5 (4 with the technology)
    act(state, "axis", "patrol", "uboats", "1424")  # row 14: north of row 23, in the Atlantic
    assert state.data["sea_routes"]["britain_us"].get("lost", 0) == lost
    hit = "U-boat Arm (2 points, doubled) attacks the britain us route: "
    assert (f"{hit}1 point lost of 8 points, -1 German technology" in log(state)) == iceland


# ----- Shipping 8 (K19.8) --------------------------------------------------------------------
US_BOX = "1909"


def allied_production_after_us_entry() -> HgwState:
    state = new_game()
    state.data["turn"] = state.data["turns"].index("Spring 1942")
    state.data["player"] = "allied"
    state.data["flow"][-1] = {"state": "turn_start", "player": "allied"}
    STEPS["turn_start"].run(state, state.data["flow"][-1])
    open_production(state, "allied")
    changed(state)
    assert step(state) == "production" and state.data["owner"][US_BOX] == "allied"
    return state


def build_places_offered(state: HgwState) -> set[str]:
    """Where the Allied budget may build (France's own budget builds for France)."""
    data, frame = state.data, state.flow[-1]
    builds = [
        a for a in state.legal_actions("allied") if a[0] == "build" and pays(data, frame, a) == "budget"
    ]
    return {str(placed_at(data["armies"], a)) for a in builds}


@pytest.mark.rules("K19.8")
def test_once_the_us_is_an_ally_the_first_six_points_for_armies_go_there() -> None:
    state = allied_production_after_us_entry()
    assert build_places_offered(state) == {US_BOX}
    assert any(a[0] in ("fort", "repair", "build_strategic") for a in state.legal_actions("allied"))
    why = state.why_illegal("allied", ("build", "infantry", "place", LONDON))
    assert why is not None and "the first 1 points built for armies go to the United States" in why
    with pytest.raises(IllegalAction):
        act(state, "allied", "build", "infantry", "place", LONDON)
    us_army = next(a for a, x in state.data["armies"].items() if x["at"] == US_BOX)
    for _ in range(6):
        assert build_places_offered(state) == {US_BOX}
        act(state, "allied", "build", "infantry", "army", us_army)
    assert LONDON in build_places_offered(state)  # the rest go anywhere
    act(state, "allied", "build", "infantry", "place", LONDON)


def test_before_the_us_joins_the_allies_build_anywhere() -> None:
    state = new_game()
    open_production(state, "allied")
    changed(state)
    assert LONDON in build_places_offered(state) and US_BOX not in build_places_offered(state)


# ----- strategic markers in the movement phase (K20.1, K21.2) --------------------------------
CAPE_BOX = "4639"  # British Africa's box: across the ocean from West Africa


def movement_of(side: str, **strategic: dict[str, Any]) -> HgwState:
    state = new_game()
    for kind, markers in strategic.items():
        state.data["strategic"][kind][side] = markers
    state.data["player"] = side
    state.flow[:] = [{"state": "movement", "role": side}]
    changed(state)
    return state


@pytest.mark.rules("K20.1")
def test_bombers_escorts_and_air_defence_ferry_between_airbases_once_a_phase() -> None:
    state = movement_of(
        "allied", bombers={LONDON: {"sp": 3, "atomic": 1}}, escorts={LONDON: 2}, air_defence={LONDON: 1}
    )
    legal = state.legal_actions("allied")
    assert ("ferry_strategic", "bombers", LONDON, GIBRALTAR) in legal
    assert ("ferry_strategic", "bombers", LONDON, CAPE_BOX) in legal  # hops of 20 over the ocean
    assert ("ferry_strategic", "air_defence", LONDON, GIBRALTAR) in legal
    assert ("ferry_strategic", "air_defence", LONDON, CAPE_BOX) not in legal  # 7 fall short
    assert ("ferry_strategic", "bombers", LONDON, BERLIN) not in legal  # never into the enemy's
    why = state.why_illegal("allied", ("ferry_strategic", "air_defence", LONDON, CAPE_BOX))
    assert why is not None and "each hop at most 7 hexes over the ocean" in why
    act(state, "allied", "ferry_strategic", "bombers", LONDON, GIBRALTAR)
    assert state.data["strategic"]["bombers"]["allied"] == {GIBRALTAR: {"sp": 3, "atomic": 1}}
    assert log(state)[-1] == f"allied ferries 3 bombers point(s) from {LONDON} to {GIBRALTAR}"
    act(state, "allied", "ferry_strategic", "escorts", LONDON, GIBRALTAR)  # they join the bombers
    assert state.data["strategic"]["escorts"]["allied"] == {GIBRALTAR: 2}
    legal = state.legal_actions("allied")
    assert not any(a[:3] == ("ferry_strategic", "bombers", GIBRALTAR) for a in legal)  # once a phase
    why = state.why_illegal("allied", ("ferry_strategic", "bombers", GIBRALTAR, LONDON))
    assert why == f"the bombers marker in {GIBRALTAR} has moved this phase"
    assert ("end_movement",) in legal


@pytest.mark.rules("K21.2")
def test_a_missile_counter_moves_like_an_army_through_friendly_places() -> None:
    state = movement_of("axis", missiles={"m1": {"at": BERLIN, "sp": 4, "atomic": 0}})
    moves = [a for a in state.legal_actions("axis") if a[0] == "move_missiles"]
    assert ("move_missiles", "m1", "1436") in moves  # the West Wall, Axis
    assert ("move_missiles", "m1", PARIS) not in moves  # Allied
    before = state.data["strategic"]
    with pytest.raises(IllegalAction):
        act(state, "axis", "move_missiles", "m1", PARIS)
    assert state.data["strategic"] == before
    act(state, "axis", "move_missiles", "m1", "1436")
    assert state.data["strategic"]["missiles"]["axis"]["m1"]["at"] == "1436"
    assert not any(a[0] == "move_missiles" for a in state.legal_actions("axis"))
    why = state.why_illegal("axis", ("move_missiles", "m1", BERLIN))
    assert why == "missile counter m1 has moved this phase"
    assert state.why_illegal("axis", ("move_missiles", "m2", BERLIN)) == "axis has no missile counter m2"


# ----- Morale Attacks 6 (K24.6) --------------------------------------------------------------
@pytest.mark.rules("K24.6")
def test_a_uboat_point_reaching_the_us_coast_costs_the_us_a_morale_level() -> None:
    state = new_game()
    raid = ("raid_us_coast", "uboats", US_BOX)
    assert raid not in state.legal_actions("axis")  # the U.S. is not an Ally yet
    why = state.why_illegal("axis", raid)
    assert why is not None and "the U.S. must be an Ally holding it" in why
    politics_now = state.data["politics"]
    politics_now.update(us_since=state.data["turn"])
    politics_now["joined"]["united_states"] = "allied"
    state.data["owner"][US_BOX] = "allied"
    changed(state)
    assert raid in state.legal_actions("axis")  # thirty movement points from Kiel
    act(state, "axis", *raid)  # no Allied fleet with A.S.W. strength can intercept it
    assert state.data["fleets"]["uboats"]["sp"] == 1  # the point that got there is spent
    assert state.data["morale"]["united_states"] == -1 and state.data["morale"]["japan"] == 1
    assert log(state)[-1] == (
        f"a U-boat point of U-boat Arm reaches the U.S. coast at {US_BOX} and is spent (1 point left):"
        " U.S. morale -1"
    )
    assert raid not in state.legal_actions("axis")  # the fleet's mission is spent this turn


# ----- N3.5: surface fleets against routes ----------------------------------------------------
def pass_interceptions(state: HgwState) -> None:
    while step(state) == "naval_intercept":
        act(state, str(state.flow[-1]["role"]), "no_interception")


@pytest.mark.rules("N3.5")
def test_with_naval_action_any_surface_fleet_attacks_a_route_firing_normally() -> None:
    state = RULESET.new_game("campaign_2", {"naval_action": True}, seed=1)
    assert isinstance(state, HgwState)
    pass_interceptions(state)  # the raider's way home at the start
    raid = ("raid_route", "kriegsmarine", "britain_us", "1425")
    assert raid in state.legal_actions("axis")
    # the Allies search it in ten hexes and miss (where they spot it no fleet of theirs
    # could intercept it, N5.3-N5.4); its interception; its fire
    state.rng.force([6] * 10 + [1, 1])
    act(state, "axis", *raid)
    pass_interceptions(state)
    assert (
        "Kriegsmarine (1 point, firing normally) attacks the britain us route: 1 point lost of 8 points"
        in log(state)
    )
    assert state.data["sea_routes"]["britain_us"]["lost"] == 1
