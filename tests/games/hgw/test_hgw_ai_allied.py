"""The Allied heuristic of The Fall of Germany: it gathers invasion armies in the
ports nearest Berlin, invades, and wins against random Axis and Soviet players; it
takes Berlin only when its fall would crown the Allies (Victory Conditions 3-4). The
200-game figure with its interval is benchmarks/bench_hgw.py's."""

from __future__ import annotations

import pytest
from hgw_positions import act, put, step
from hgw_positions import fog_game as new_game

from grognard.agents import RandomAgent
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import Board, HgwHeuristic
from grognard.games.hgw.victory import gross_production

BERLIN = "1237"


def _play(seed: int, until_turn: int | None = None) -> HgwState:
    state = RULESET.new_game("fall_of_germany", seed=seed)
    assert isinstance(state, HgwState)
    state.keep_undo = False
    agents = {r: (HgwHeuristic(seed) if r == "allied" else RandomAgent(seed)) for r in state.roles}
    while not state.is_over() and (until_turn is None or state.data["turn"] < until_turn):
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        action = agents[role].act(state.view(role), legal)
        assert action in legal
        state.apply(role, action)
    return state


@pytest.mark.parametrize("seed", [31, 32, 33, 34, 35, 36])
def test_the_allied_heuristic_beats_random_axis_and_soviet_players(seed: int) -> None:
    state = _play(seed)
    assert state.result() == {"axis": 0.0, "soviet": 0.0, "allied": 1.0}
    assert state.data["owner"][BERLIN] == "allied"
    # Victory Conditions 3: the Soviets below two thirds of the Allied production
    assert 3 * gross_production(state.data, "soviet") < 2 * gross_production(state.data, "allied")


def _allied_movement(seed: int = 1) -> tuple[HgwState, HgwHeuristic]:
    state = new_game(seed)
    for role in ("axis", "soviet"):
        for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
            act(state, role, action)
        act(state, role, "end_production")
    assert state.data["player"] == "allied" and step(state) == "movement"
    return state, HgwHeuristic(seed)


def test_the_allies_gather_invasion_armies_in_the_ports_nearest_berlin() -> None:
    """Invasion Procedure 2: each staging port's army ends the movement at least half
    amphibious, with more than the set-up's three amphibious points."""
    state, agent = _allied_movement()
    while step(state) in ("movement", "move_to"):
        state.apply("allied", agent.act(state.view("allied"), state.legal_actions("allied")))
    b = Board(state.view("allied"))
    assert b.staging == ("1333", "1131")  # seven and nine steps, each with a fleet
    for port in b.staging:
        invader = b.invader_at(port)
        assert invader is not None
        amphibious = invader["sp"]["amphibious"]
        assert amphibious > 3 and 2 * amphibious >= invader["strength"]
    assert not any(a[0] == "convert" for a in state.history)


def test_the_allies_hold_back_from_berlin_while_its_fall_would_crown_the_soviets() -> None:
    """Victory Conditions 3: with the Soviets holding Poland and Hungary their production
    outweighs two thirds of the Allies' even with Berlin, so the Allies invade a
    production hex instead; in the last turn Berlin is fair game again."""
    state, agent = _allied_movement()
    for place in ("1339", "1538", "1143", "1443", "1444", "1542", "1641", "1740"):
        state.data["owner"][place] = "soviet"
    state.data["owner"]["1136"] = "allied"  # Sea Route 4: the Sound open to Allied ships
    put(state, "1us", "1333", mechanized=5, amphibious=5)
    act(state, "allied", "end_movement")
    view = state.view("allied")
    b = Board(view)
    assert b.held_back == BERLIN and not b.berlin_wins
    legal = state.legal_actions("allied")
    assert ("invade", "1us", BERLIN) in legal
    choice = agent.act(view, legal)
    assert choice[0] == "invade" and choice[2] != BERLIN

    state.data["turn"] = len(state.data["turns"]) - 1  # the last turn: take it anyway
    view = state.view("allied")
    assert Board(view).held_back is None
    assert agent.act(view, state.legal_actions("allied")) == ("invade", "1us", BERLIN)


def test_a_long_route_counts_the_amphibious_point_it_costs() -> None:
    """Invasion Procedure 3: the Seventh Army with three amphibious points in 1934 is
    eighteen steps from Berlin once the Sound is Allied (nineteen hexes, two of them in
    row 11 at half a step, Sea Route 7); two points go on the route, leaving one to land
    with (two landing points), so the agent does not count on the whole army."""
    state, _agent = _allied_movement()
    state.data["owner"]["1136"] = "allied"  # Sea Route 4: the Sound open
    put(state, "7a", "1934", infantry=2, mechanized=1, amphibious=3)
    b = Board(state.view("allied"))
    whole = b.tables.advance_limit(6, b.defence(BERLIN))
    assert b.landing_limit(b.armies["7a"], BERLIN) < whole
