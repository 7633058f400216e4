"""Campaign Game I's arriving forces placed by their player (Nations Inclined toward Axis
3-5; the fixed set-up hexes of the Italian and U.S. armies and what cannot go there), and
the unaligned United States attacked by the Allies (Violation of Neutrality 3-4)."""

from __future__ import annotations

from typing import Any

import pytest
from test_hgw_campaign import at_turn, attacked, new_game, pol

from grognard.core.game import IllegalAction
from grognard.games.hgw import HgwState
from grognard.games.hgw.ai import HgwHeuristic
from grognard.games.hgw.board import geo, may_target, stack
from grognard.games.hgw.limitations import axis_us_alone, axis_us_points, us_points
from grognard.games.hgw.production import US_ALONE, budget, build_places, open_production
from grognard.games.hgw.steps import STEPS


def run_step(state: HgwState, name: str, player: str) -> None:
    """Run an automatic step of the sequence of play (TurnStart, EndCombat) for
    `player`, as the flow does."""
    state.data["flow"][-1] = {"state": name, "player": player}
    STEPS[name].run(state, state.data["flow"][-1])


def summer_1941() -> HgwState:
    """The Axis Summer 1941 player turn has just begun: Finland, Hungary, Rumania and
    Bulgaria joined the Axis (Nations Inclined toward Axis 2)."""
    state = new_game()
    at_turn(state, "Summer 1941")
    run_step(state, "turn_start", "axis")
    return state


def hexes_of(state: HgwState, country: str) -> set[str]:
    g = geo(state.data)
    return {p for p in g.places if g.country.get(p) == country}


def offered(state: HgwState, role: str) -> set[str]:
    return {a[2] for a in state.legal_actions(role) if a[0] == "place"}


def armies_named(state: HgwState, name: str) -> list[dict[str, Any]]:
    return [x for x in state.data["armies"].values() if x["name"] == name and x["at"] is not None]


@pytest.mark.rules("G5.3", "G5.4", "G5.5", "M2.1")
def test_the_axis_player_places_the_finnish_hungarian_and_rumanian_points_in_their_countries() -> None:
    """Before the Axis moves, its player places Finland's three infantry points anywhere
    in Finland, then Hungary's one and one in Hungary, then Rumania's one mechanized and
    two infantry anywhere in Rumania, a point at a time, ten a hex; then the movement
    phase goes on."""
    state = summer_1941()
    assert state.flow[-1]["state"] == "place_arrivals" and state.active_roles() == ["axis"]
    assert state.flow[-2] == {"state": "movement", "role": "axis"}
    finland = hexes_of(state, "finland")
    assert offered(state, "axis") == finland
    assert {a[1] for a in state.legal_actions("axis")} == {"infantry"}
    # a Finnish hex already holding ten points takes no more (Stacking 1)
    full = sorted(finland)[0]
    spare = next(
        a for a, x in sorted(state.data["armies"].items()) if x["side"] == "axis" and x["at"] is None
    )
    state.data["armies"][spare].update(at=full, name="Test Army")
    state.data["armies"][spare]["sp"]["infantry"] = 10
    state._after_change(None, None)
    assert offered(state, "axis") == finland - {full}
    before = state.to_json()
    for wrong in (
        ("place", "infantry", full),
        ("place", "infantry", "1237"),
        ("place", "mechanized", "0840"),
    ):
        with pytest.raises(IllegalAction):
            state.apply("axis", wrong)
    assert state.to_json() == before  # an illegal placement changes nothing
    for _ in range(3):
        state.apply("axis", ("place", "infantry", "0840"))
    finns = armies_named(state, "Finnish Army")
    assert [(x["side"], x["at"], x["sp"]["infantry"]) for x in finns] == [("axis", "0840", 3)]
    assert offered(state, "axis") == hexes_of(state, "hungary")
    state.apply("axis", ("place", "infantry", "1538"))
    state.apply("axis", ("place", "mechanized", "1538"))
    assert offered(state, "axis") == hexes_of(state, "rumania")
    # Rumania's points may be split: one counter named after the force in each hex
    state.apply("axis", ("place", "mechanized", "1641"))
    state.apply("axis", ("place", "infantry", "1540"))
    state.apply("axis", ("place", "infantry", "1641"))
    rumanians = sorted(
        (x["at"], x["sp"]["mechanized"], x["sp"]["infantry"]) for x in armies_named(state, "Rumanian Army")
    )
    assert rumanians == [("1540", 0, 1), ("1641", 1, 1)]
    assert state.flow[-1] == {"state": "movement", "role": "axis"}
    assert "arrivals" not in pol(state)


@pytest.mark.rules("G5.5")
def test_finland_joining_in_the_soviet_combat_phase_is_placed_by_the_axis_player_then_and_there() -> None:
    """A Soviet attack on Finland that does not conquer it: at the end of the Soviet
    combat phase Finland joins the Axis and the Axis player places its three points
    before the Soviet production phase opens."""
    state = new_game()
    attacked(state, "soviet", "len", "0841")
    run_step(state, "end_combat", "soviet")
    assert pol(state)["joined"]["finland"] == "axis"
    assert state.flow[-1]["state"] == "place_arrivals" and state.active_roles() == ["axis"]
    assert state.flow[-2]["state"] == "production" and state.flow[-2]["role"] == "soviet"
    assert offered(state, "axis") == hexes_of(state, "finland")  # 0841 held out: Finnish, now Axis
    for _ in range(3):
        state.apply("axis", ("place", "infantry", "0840"))
    assert state.active_roles() == ["soviet"] and state.flow[-1]["state"] == "production"


@pytest.mark.rules("G4.3", "G6.2")
def test_fixed_arrivals_go_to_their_set_up_hex_and_what_cannot_is_placed_by_the_player() -> None:
    """The U.S. Army enters in the U.S. box (Campaign Game I set-up: the U.S.); with the
    box in Axis hands its twelve points are placed by the Allied player in British hexes
    it holds, ten a hex."""
    state = new_game()
    state.data["owner"]["1909"] = "axis"
    at_turn(state, "Spring 1942")
    run_step(state, "turn_start", "allied")
    assert pol(state)["us_since"] == state.data["turn"]
    assert state.flow[-1]["state"] == "place_arrivals" and state.active_roles() == ["allied"]
    britain = {p for p in hexes_of(state, "britain") if state.data["owner"].get(p) == "allied"}
    assert "1909" not in offered(state, "allied") and offered(state, "allied") <= britain
    assert {"1333", "1233"} <= offered(state, "allied")
    while state.flow[-1]["state"] == "place_arrivals":
        kind = state.legal_actions("allied")[0][1]
        where = "1333" if ("place", kind, "1333") in state.legal_actions("allied") else "1233"
        state.apply("allied", ("place", kind, where))
    us = armies_named(state, "U.S. Army")
    assert sum(sum(x["sp"].values()) for x in us) == 12
    assert stack(state.data, "1333") == 10  # filled to the limit, the rest in the Midlands
    assert {x["at"] for x in us} == {"1333", "1233"}


@pytest.mark.rules("G2.3", "G2.4", "G17.2")
def test_the_allies_attacking_the_unaligned_us_turn_its_army_axis() -> None:
    """The Allies may name the unaligned U.S. box; the moment they end their
    announcements the United States joins the Axis, its box Axis and the U.S. Army there
    an Axis army of the same strengths (8 infantry, 3 mechanized, 1 amphibious). Its
    fifteen box points count for the Axis while the box traces Axis supply; the U.S.
    never enters on the Allied side in Spring 1942 and its growing production never
    starts."""
    state = new_game()
    assert may_target(state.data, "allied", "1909")
    assert "united_states" in pol(state)["unaligned"]
    assert not armies_named(state, "U.S. Army")  # G17.2: off the board while unaligned
    turn_the_us_axis(state)
    assert pol(state)["joined"]["united_states"] == "axis"
    assert state.data["owner"]["1909"] == "axis"
    us = armies_named(state, "U.S. Army")
    assert [
        (x["side"], x["at"], x["sp"]["infantry"], x["sp"]["mechanized"], x["sp"]["amphibious"]) for x in us
    ] == [("axis", "1909", 8, 3, 1)]
    assert axis_us_points(state.data, {"1909"}) == 15  # supplied: the box's printed points
    assert axis_us_points(state.data, set()) == 0  # no supply route: not shared (G17.1)
    at_turn(state, "Spring 1942")
    allied_before = budget(state.data, "allied")
    run_step(state, "turn_start", "allied")
    assert pol(state)["us_since"] is None and us_points(state.data) == 0
    assert budget(state.data, "allied") == allied_before
    assert [x["side"] for x in armies_named(state, "U.S. Army")] == ["axis"]


def turn_the_us_axis(state: HgwState) -> None:
    """The Allies name the unaligned U.S. box and end their announcements."""
    state.data["flow"][-1] = {"state": "announce", "role": "allied"}
    state.data["player"] = "allied"
    attacked(state, "allied", "brit", "1909")
    state.apply("allied", ("end_announce",))


def axis_production(state: HgwState) -> None:
    state.data["player"] = "axis"
    open_production(state, "axis")
    state._after_change(None, None)


@pytest.mark.rules("G17.1")
def test_a_us_turned_axis_and_cut_off_from_germany_produces_alone_in_its_box() -> None:
    """Activity Limitations 1: the Axis traces no supply route to the U.S. box (no Axis
    Atlantic port links it to Germany at the start), so the U.S. produces on its own:
    its fifteen points stay out of the Axis budget, pay for what is built in the box and
    only that, and whatever is left is lost."""
    state = new_game()
    before = budget(state.data, "axis")
    turn_the_us_axis(state)
    assert axis_us_alone(state.data, set()) == 15 and axis_us_alone(state.data, {"1909"}) is None
    axis_production(state)
    frame = state.flow[-1]
    assert frame[US_ALONE] == 15 and frame["budget"] == before
    legal = [tuple(a) for a in state.legal_actions("axis")]
    us = next(a for a, x in state.data["armies"].items() if x["name"] == "U.S. Army" and x["at"] == "1909")
    assert ("build", "infantry", "army", us) in legal
    state.apply("axis", ("build", "infantry", "army", us))
    assert state.flow[-1][US_ALONE] == 15 - 2 and state.flow[-1]["budget"] == before
    german = next(a for a in legal if a[0] == "build" and a[2] == "army" and a[3] != us)
    state.apply("axis", german)
    assert state.flow[-1][US_ALONE] == 13 and state.flow[-1]["budget"] < before
    state.flow[-1][US_ALONE] = 1  # too little for a point: the box builds nothing more
    assert not [a for a in state.legal_actions("axis") if a[0] == "build" and a[3] in (us, "1909")]
    assert "pays alone" in str(state.why_illegal("axis", ("build", "infantry", "army", us)))
    state.apply("axis", ("end_production",))
    assert any("United States leaves 1 point of production unspent" in text for text, _ in state.data["log"])


@pytest.mark.rules("G17.1")
def test_a_us_turned_axis_with_a_supply_route_shares_the_axis_budget() -> None:
    """With a route to Germany the U.S. points join the Axis budget and the box is an
    Axis build place like Germany's, paid from that one budget."""
    state = new_game()
    turn_the_us_axis(state)
    assert axis_us_points(state.data, {"1909"}) == 15
    assert "1909" in build_places(state.data, "axis")


@pytest.mark.rules("G6.2")
def test_an_axis_attack_on_the_us_box_still_brings_the_us_in_on_the_allied_side() -> None:
    """The U.S. is an unaligned nation now; an Axis attack on its box brings it in as
    United States 2a says, with its production, and not as a plain violated neutral."""
    state = new_game()
    attacked(state, "axis", "okw", "1909")
    run_step(state, "end_combat", "axis")
    assert pol(state)["us_since"] == state.data["turn"] and pol(state)["joined"]["united_states"] == "allied"
    assert [x["side"] for x in armies_named(state, "U.S. Army")] == ["allied"]
    assert us_points(state.data) == 16


@pytest.mark.rules("G5.5")
def test_the_heuristic_places_arrivals_together_on_the_front() -> None:
    """The heuristic puts Finland's points in one hex next to a Soviet one."""
    state = new_game()
    attacked(state, "soviet", "len", "0841")
    run_step(state, "end_combat", "soviet")
    agent = HgwHeuristic(0)
    for _ in range(3):
        state.apply("axis", agent.act(state.view("axis"), state.legal_actions("axis")))
    finns = armies_named(state, "Finnish Army")
    assert len(finns) == 1 and finns[0]["sp"]["infantry"] == 3
    g = geo(state.data)
    assert any(state.data["owner"].get(n) == "soviet" for n in g.links[finns[0]["at"]])


@pytest.mark.rules("G5.3")
def test_why_an_arrival_may_not_go_there() -> None:
    state = summer_1941()
    before = state.to_json()
    outside = state.why_illegal("axis", ("place", "infantry", "1237"))
    assert outside is not None and "Finland" in outside and "(G5.3, G5.4, G5.5)" in outside
    kind = state.why_illegal("axis", ("place", "mechanized", "0840"))
    assert kind is not None and "no mechanized point" in kind
    assert state.why_illegal("axis", ("place", "infantry", "0840")) is None
    assert state.to_json() == before


@pytest.mark.rules("G4.3", "G17.8")
def test_the_us_army_placed_in_britain_keeps_apart_from_a_french_army() -> None:
    """Activity Limitations 8: with the French First Army in London, the U.S. Army's
    points (placed in Britain while the U.S. box is Axis) may not go to London."""
    state = new_game()
    state.data["owner"]["1909"] = "axis"
    state.data["armies"]["ffa"]["at"] = "1333"
    at_turn(state, "Spring 1942")
    run_step(state, "turn_start", "allied")
    assert state.flow[-1]["state"] == "place_arrivals"
    assert "1333" not in offered(state, "allied") and "1233" in offered(state, "allied")
