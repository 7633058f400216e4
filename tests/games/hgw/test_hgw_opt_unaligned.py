"""The optional rule Unaligned Forces (O2.1-O2.9): home forces in Campaign Game II with
the option on, and in Campaign Game III."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.board import capture, defence, has_garrison, stack
from grognard.games.hgw.odds import battle_at
from grognard.games.hgw.politics import _join
from grognard.games.hgw.scenario import KINDS
from grognard.games.hgw.unaligned_forces import home_points, load_home_forces


def new_game(scenario: str = "campaign_2", **options: Any) -> HgwState:
    if scenario == "campaign_2" and not options:
        options = {"unaligned_forces": True}
    state = RULESET.new_game(scenario, options, seed=1)
    assert isinstance(state, HgwState)
    return state


def to_announce(state: HgwState) -> None:
    """The first Axis player turn, at its announcement of initial attacks."""
    state.apply("axis", ("end_naval_movement",))
    state.apply("axis", ("end_movement",))
    assert state.flow[-1]["state"] == "announce"


def place_all(state: HgwState, *places: str) -> None:
    """The controlling player places the waiting home points in `places`, in order."""
    for p in places:
        role = state.flow[-1]["role"]
        state.apply(role, ("place", "infantry", p))


def poland_raised(state: HgwState) -> None:
    """Army Group North named against 1340: the Allies place Poland's four points."""
    to_announce(state)
    state.apply("axis", ("attack", "agn", "1340"))
    place_all(state, "1339", "1339", "1340", "1340")
    assert state.flow[-1]["state"] == "announce"


def allied_movement(state: HgwState) -> None:
    """Jump to the Allied movement phase, where home forces move (O2.6)."""
    data = state.data
    data["flow"][-1] = {"state": "movement", "role": "allied"}
    data["player"], data["phase"] = "allied", "movement"
    state._after_change(None, None)


def home(state: HgwState) -> dict[str, int]:
    return {p: int(x["sp"]) for p, x in state.data.get("home_forces", {}).get("at", {}).items()}


@pytest.mark.rules("O2.8", "O2.1")
def test_home_forces_are_data_by_country() -> None:
    """O2.8: six for Spain, Turkey and Sweden, three for Norway, four for Poland and
    Finland, three for Rumania, two for every other country, none for Italy or the U.S.;
    the Low Countries' permanent fort point."""
    table = load_home_forces()
    assert [table.points_of(n) for n in ("spain", "turkey", "sweden", "norway")] == [6, 6, 6, 3]
    assert [table.points_of(n) for n in ("poland", "finland", "rumania", "yugoslavia")] == [4, 4, 3, 2]
    assert table.points_of("italy") == 0 and table.points_of("united_states") == 0
    assert table.forts["belgium"].points == 1


@pytest.mark.rules("O2.4", "O2.5", "O2.2")
def test_the_first_attack_on_a_country_is_met_by_its_home_forces_placed_by_the_side_it_would_join() -> None:
    """O2.4-O2.5: naming Army Group North against 1340 stops the announcement: the Allies
    (Poland would join them, were it not a nation that never joins) place four points
    anywhere in Poland, at most two in Warsaw, then the Axis goes on naming attacks."""
    state = new_game()
    to_announce(state)
    state.apply("axis", ("attack", "agn", "1340"))
    assert state.flow[-1]["state"] == "place_home_forces"
    assert state.active_roles() == ["allied"]
    legal = state.legal_actions("allied")
    assert ("place", "infantry", "1442") in legal and ("place", "infantry", "1240") not in legal
    place_all(state, "1339", "1339")
    with pytest.raises(IllegalAction):  # two at most in the capital
        state.apply("allied", ("place", "infantry", "1339"))
    place_all(state, "1340", "1441")
    assert home(state) == {"1339": 2, "1340": 1, "1441": 1}
    assert state.flow[-1]["state"] == "announce" and state.active_roles() == ["axis"]
    assert "Poland raises its home forces (4 infantry)" in " ".join(state.view("axis")["log"][-8:])
    # O2.2: never in an army
    assert all(x["at"] not in ("1339", "1340", "1441") for x in state.data["armies"].values())


@pytest.mark.rules("O2.5")
def test_a_soviet_attack_on_turkey_raises_home_forces_the_axis_directs() -> None:
    state = new_game()
    state.data["flow"][-1] = {"state": "announce", "role": "soviet"}
    state.data["player"] = "soviet"
    state.data["armies"]["1ukr"]["at"] = "1745"
    state._after_change(None, None)
    state.apply("soviet", ("attack", "1ukr", "1845"))
    assert state.flow[-1] == {"state": "place_home_forces", "role": "axis"}
    assert len(state.legal_actions("axis")) > 3


@pytest.mark.rules("O2.2", "O2.7")
def test_home_forces_defend_as_infantry_of_an_army_and_appear_once() -> None:
    """Their points defend on the Advance Table in place of the garrison; a second attack
    on Poland raises nothing more (O2.7: available once)."""
    state = new_game()
    poland_raised(state)
    assert defence(state.data, "1340") == 2 and not has_garrison(state.data, "1340")
    assert stack(state.data, "1339") == 2
    state.apply("axis", ("attack", "ags", "1339"))
    assert state.flow[-1]["state"] == "announce"  # no new placement
    assert home(state) == {"1339": 2, "1340": 2}


@pytest.mark.rules("O2.2")
def test_home_forces_make_a_defensive_assault_and_take_the_losses() -> None:
    """The Allies' defensive assault from 1340 fires the two home points alone (as a
    fort's may); the Axis assault's losses fall on them."""
    state = new_game()
    poland_raised(state)
    state.apply("axis", ("end_announce",))
    assert state.flow[-1]["state"] == "def_assault" and state.active_roles() == ["allied"]
    assert ("defensive_assault",) in state.legal_actions("allied")
    state.rng.force([1])
    state.apply("allied", ("defensive_assault",))
    log = state.view(None)["log"]
    assert "2 home infantry points join the defensive assault" in log
    assert "firing strength 2, roll 1: 1 point lost" in log
    assert "1340" in state.data["home_forces"]["fired"]
    assert state.flow[-1]["state"] == "losses" and state.flow[-1]["role"] == "axis"
    state.apply("axis", ("lose", "agn", "infantry"))
    # the Axis assault: its one point left fires; the loss falls on the home points
    state.rng.force([1])
    state.apply("axis", ("assault", "1240", "1340", "agn"))
    assert "1 home infantry point lost in 1340" in state.view(None)["log"]
    assert home(state) == {"1339": 2, "1340": 1}


@pytest.mark.rules("O2.3")
def test_displaced_home_forces_retreat_inside_their_country_or_die() -> None:
    """A successful advance into 1340: its home points retreat together to a Polish
    hex; with none left to take them they are eliminated."""
    state = new_game()
    poland_raised(state)
    data = state.data
    data["home_forces"]["at"]["1340"]["sp"] = 2
    data["status"]["ags"] = {
        "target": "1340",
        "assaulted": True,
        "defended": False,
        "advanced": 0,
        "stopped": False,
    }
    data["armies"]["ags"]["at"] = "1240"
    data["flow"][-1] = {"state": "advances", "role": "axis"}
    state._after_change(None, None)
    state.rng.force([1])
    state.apply("axis", ("advance", "ags"))
    assert data["armies"]["ags"]["at"] == "1340"
    assert state.flow[-1]["state"] == "home_retreat" and state.active_roles() == ["allied"]
    legal = state.legal_actions("allied")
    assert legal and all(a[0] == "retreat" for a in legal)
    # the Polish hexes next to 1340, not Germany's 1240 nor Slovakia's 1440
    assert {p for _, p in legal} == {"1241", "1339", "1341", "1441"}
    state.apply("allied", legal[0])
    assert home_points(data, "1340") == 0 and sum(home(state).values()) == 4


@pytest.mark.rules("O2.3")
def test_home_forces_with_no_hex_of_their_country_to_retreat_to_are_eliminated() -> None:
    state = new_game()
    poland_raised(state)
    data = state.data
    for p in ("1339", "1341", "1441", "1338", "1440", "1240", "1241"):
        if p in data["owner"] or p in state.view(None)["board"].get("unaligned", {}):
            data["owner"][p] = "axis"
    data["home_forces"]["at"].pop("1339")
    data["status"]["ags"] = {
        "target": "1340",
        "assaulted": True,
        "defended": False,
        "advanced": 0,
        "stopped": False,
    }
    data["armies"]["ags"]["at"] = "1240"
    data["flow"][-1] = {"state": "advances", "role": "axis"}
    state._after_change(None, None)
    state.rng.force([1])
    state.apply("axis", ("advance", "ags"))
    assert home(state) == {}
    assert any("nowhere in their country to retreat" in line for line in state.view(None)["log"])


@pytest.mark.rules("O2.3")
def test_the_surrender_of_their_country_removes_its_home_forces() -> None:
    state = new_game()
    poland_raised(state)
    capture(state, "1339", "axis", by_advance=True)
    assert home(state) == {}
    assert any("Poland's home forces (4 infantry) are eliminated" in line for line in state.view(None)["log"])


@pytest.mark.rules("O2.6")
def test_home_forces_move_in_their_sides_movement_phase_inside_their_country_only() -> None:
    """The Allied movement phase offers each Polish hex's home points; one point goes
    anywhere in Poland its side may stand in, and Warsaw may now take more than two."""
    state = new_game()
    poland_raised(state)
    allied_movement(state)
    legal = state.legal_actions("allied")
    assert ("move_home", "1340") in legal and ("move_home", "1339") in legal
    state.apply("allied", ("move_home", "1340"))
    places = [a[1] for a in state.legal_actions("allied") if a[0] == "to_place"]
    assert "1339" in places and "1441" in places
    assert all(p[:2] in ("11", "12", "13", "14") for p in places)
    assert "1240" not in places and "1144" not in places  # Germany, the Soviet Union
    state.apply("allied", ("to_place", "1339"))
    assert home(state) == {"1339": 3, "1340": 1}
    assert state.flow[-1]["state"] == "movement"
    assert ("move_home", "1340") not in state.legal_actions("axis")


@pytest.mark.rules("O2.9")
def test_finland_rumania_hungary_lose_their_home_forces_when_the_axis_receives_their_armies() -> None:
    """O2.9: Finland's home forces stand apart from the Finnish Army, but are eliminated
    when the Axis receives it."""
    state = new_game()
    data = state.data
    data["home_forces"] = {
        "used": ["finland"],
        "at": {"0841": {"nation": "finland", "side": "axis", "sp": 4}},
        "fired": [],
    }
    _join(state, "finland", "axis", scheduled=True)
    assert home(state) == {}
    assert any(
        "Finland's home forces (4 infantry) are eliminated" in line for line in state.view(None)["log"]
    )


@pytest.mark.rules("O2.1")
def test_without_the_option_no_home_forces_appear_and_campaign_3_plays_them() -> None:
    off = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(off, HgwState)
    to_announce(off)
    off.apply("axis", ("attack", "agn", "1340"))
    assert off.flow[-1]["state"] == "announce" and "home_forces" not in off.data
    on = new_game("campaign_3")
    while on.flow[-1]["state"] != "movement":
        role = on.active_roles()[0]
        # every phase's "end", and no interception when a fleet sails (Naval Action, N3.3)
        on.apply(role, next(a for a in on.legal_actions(role) if a[0].startswith(("end", "no_"))))
    on.apply("axis", ("end_movement",))
    on.apply("axis", ("attack", "agn", "1340"))
    assert on.flow[-1]["state"] == "place_home_forces"


@pytest.mark.rules("O2.2")
def test_the_odds_and_the_view_count_home_forces() -> None:
    state = new_game()
    poland_raised(state)
    board = state.view("axis")["board"]
    assert board["home_forces"]["at"]["1340"] == {"nation": "poland", "side": "allied", "sp": 2}
    battle = battle_at(state, "axis", "1340", ("attack", "agn", "1340"))
    assert battle is not None
    assert battle["defender"]["infantry"] == 2 and battle["defensive_assault"] and not battle["garrison"]
    assert set(battle["defender"]) <= set(KINDS)


@pytest.mark.rules("O2.4", "O2.6")
def test_why_not_explains_the_refused_placements_and_moves() -> None:
    state = new_game()
    to_announce(state)
    state.apply("axis", ("attack", "agn", "1340"))
    place_all(state, "1339", "1339")
    why = RULESET.explain_illegal(state, "allied", ("place", "infantry", "1339"))
    assert why == "at most two home points are placed in the capital, 1339 (O2.4)"
    why = RULESET.explain_illegal(state, "allied", ("place", "infantry", "1240"))
    assert why == "Poland's home forces stand only in Poland (O2.4)"
    place_all(state, "1340", "1340")
    state.data["flow"][-1] = {"state": "home_move_to", "role": "allied", "origin": "1340"}
    why = RULESET.explain_illegal(state, "allied", ("to_place", "1144"))
    assert why == "Poland's home forces stand only in Poland (O2.6)"
    assert (
        RULESET.explain_illegal(state, "axis", ("move_home", "1340"))
        == "no home forces of yours stand in 1340 (O2.5)"
    )


@pytest.mark.rules("O2.4")
def test_the_heuristic_places_home_forces_in_the_capital_then_the_named_target() -> None:
    """The heuristic (ai_home.py), from its view: Warsaw's two points first, then the hex
    Army Group North is named against; past those, a hex next to an Axis army, not 1141,
    which borders only the Soviets, at peace with Poland (Board.foes)."""
    from grognard.games.hgw.ai import make_heuristic
    from grognard.games.hgw.geography import geography

    links = geography("campaign_2").links
    state = new_game()
    armies = state.data["armies"].values()
    axis = {x["at"] for x in armies if x["side"] == "axis" and x["at"]}
    soviet = {x["at"] for x in armies if x["side"] == "soviet" and x["at"]}
    assert soviet & set(links["1141"]) and not axis & set(links["1141"])
    to_announce(state)
    state.apply("axis", ("attack", "agn", "1340"))
    agent = make_heuristic(1)
    chosen = []
    for _ in range(3):
        action = agent.act(state.view("allied"), state.legal_actions("allied"))
        chosen.append(action[2])
        state.apply("allied", action)
    assert chosen == ["1339", "1339", "1340"]
    assert home(state)["1339"] == 2
    beyond = [a for a in state.legal_actions("allied") if a[2] not in ("1339", "1340")]
    action = agent.act(state.view("allied"), beyond)
    assert action[2] != "1141" and axis & set(links[action[2]])


@pytest.mark.rules("O2.6")
def test_home_points_a_search_sent_moving_go_to_the_front_or_stay() -> None:
    """The heuristic never moves home forces itself; once a search picked Warsaw's
    points (`move_home`), it sends one to a Polish hex next to an Axis army, and with
    no Axis army beside any hex offered it keeps them where they are."""
    from grognard.games.hgw.ai import make_heuristic
    from grognard.games.hgw.geography import geography

    state = new_game()
    poland_raised(state)
    data = state.data
    allied_movement(state)
    state.apply("allied", ("move_home", "1339"))
    links = geography("campaign_2").links
    axis = {x["at"] for x in data["armies"].values() if x["side"] == "axis" and x["at"]}
    offered = [a[1] for a in state.legal_actions("allied") if a[0] == "to_place"]
    front = [p for p in offered if axis & set(links[p])]
    assert front and len(front) < len(offered)  # a real choice
    action = make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))
    assert action[0] == "to_place" and action[1] in front
    for army in data["armies"].values():  # no Axis army on the map any more
        if army["side"] == "axis":
            army["at"] = None
    state._after_change(None, None)
    assert make_heuristic(1).act(state.view("allied"), state.legal_actions("allied")) == ("cancel",)


@pytest.mark.rules("O2.3")
def test_home_forces_in_a_hex_taken_cut_off_are_lost() -> None:
    """Our reading: home forces cannot leave a hex another side took without an advance."""
    from grognard.games.hgw.unaligned_forces import stranded_gone

    state = new_game()
    poland_raised(state)
    state.data["owner"]["1340"] = "axis"
    stranded_gone(state)
    assert home(state) == {"1339": 2}
    assert "2 home points of Poland are lost in 1340" in state.view(None)["log"]
