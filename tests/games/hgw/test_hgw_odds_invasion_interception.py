"""Odds of a fleet intercepting an invasion under the basic naval rules (Fleet Naval
Fire 2-5): asked at the interception step, from the interceptor's view, and checked
against the engine playing the same interception from the same state with other dice.

The position: The Pacific War, seed 1, the two heuristics' first 86 moves, then Japan
invades Guam (2879) with the Eastern army escorted by the Kido Butai; the Allies may
intercept with the U.S. Pacific Fleet."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from grognard.agents import make_agent
from grognard.core.odds import BadBattle
from grognard.core.rng import Rng
from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.fleets import set_points
from grognard.games.hgw.naval import InterceptionFire
from grognard.games.hgw.odds import battle_at, odds

GUAM = "2879"
THEN = [("invade", "eastern", GUAM), ("end_announce",), ("invasion", "eastern"), ("escort", "kido_butai")]


@cache
def _at_the_interception() -> Any:
    state = HGW.new_game(seed=1, scenario="pacific_war")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    for _ in range(86):
        role = state.active_roles()[0]
        state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
    for action in THEN:
        state.apply("axis", action)
    assert state.active_roles() == ["allied"] and state.view("allied")["board"]["step"] == "interception"
    return state


def _interceptor(state: Any) -> str:
    fleets = [a[1] for a in state.legal_actions("allied") if a[0] == "intercept"]
    assert fleets, "the Allies have a fleet to intercept with"
    return str(sorted(fleets, key=lambda f: -int(state.data["fleets"][f]["sp"]))[0])


def _with_fleets(interceptor: int | None, escort: int | None) -> tuple[Any, str]:
    """The position, the fleets' points set (None: as played) so that the fight is open."""
    state = _at_the_interception().clone()
    fleet = _interceptor(state)
    for fid, total in ((fleet, interceptor), ("kido_butai", escort)):
        if total is not None:
            set_points(state.data["fleets"][fid], total)
    return state, fleet


@pytest.mark.rules("F3.6", "K9.9")
def test_the_interception_of_an_invasion_has_odds_from_the_interceptors_view() -> None:
    state, fleet = _with_fleets(None, None)  # as played: 11 points against 16
    described = battle_at(state, "allied", GUAM, ("intercept", fleet))
    assert described is not None, "an interception under the basic naval rules is forecast"
    assert described["kind"] == "invasion_interception"
    assert described["attacker"] == {"naval": int(state.data["fleets"][fleet]["sp"])} == {"naval": 11}
    assert described["defender"] == {"naval": int(state.data["fleets"]["kido_butai"]["sp"])} == {"naval": 16}
    assert described["roles"] == {"attacker": "allied", "defender": "axis"}
    forecast = odds(described)
    assert forecast.exact and forecast.kind == "naval"
    assert forecast.attacker_wins == 0.0  # 11 points can never be left above 16
    assert forecast.attacker_losses > 0 and forecast.defender_losses > 0


LOSSES = re.compile(r"^the invasion fleet loses (\d+) points?, U\.S\. Pacific Fleet (\d+) points?$")


@pytest.mark.rules("F3.6", "K9.9")
@pytest.mark.parametrize(("interceptor", "escort"), [(None, None), (5, 4), (3, 3)])
def test_the_odds_agree_with_the_engine_playing_the_interception(
    interceptor: int | None, escort: int | None
) -> None:
    """The engine plays the interception 300 times from the same state, its dice reseeded:
    the interceptor's win share and both sides' mean losses (the engine's log line of the
    fire) match the exact odds."""
    state, fleet = _with_fleets(interceptor, escort)
    forecast = odds(battle_at(state, "allied", GUAM, ("intercept", fleet)) or {})
    runs, wins, own, theirs = 300, 0, 0, 0
    for seed in range(runs):
        game = state.clone()
        game.data["rng"] = Rng.new_state(seed + 1)
        game.apply("allied", ("intercept", fleet))
        after = game.data["fleets"][fleet]
        wins += after["at"] is not None and game.data.get("fleet_status", {}).get(fleet) != "expended"
        fired = [m for line, _ in game.data["log"] if (m := LOSSES.match(line))]
        assert len(fired) == 1, "one exchange of fire"
        theirs += int(fired[0][1])
        own += int(fired[0][2])
    if forecast.attacker_wins in (0.0, 1.0):
        assert wins / runs == forecast.attacker_wins
    assert wins / runs == pytest.approx(forecast.attacker_wins, abs=0.08)
    assert own / runs == pytest.approx(forecast.attacker_losses, abs=0.3)
    assert theirs / runs == pytest.approx(forecast.defender_losses, abs=0.3)


@pytest.mark.rules("F3.6")
def test_the_fire_judges_the_winner_by_points_left_then_losses_then_the_invasion() -> None:
    # 4 points against an escort of 2: each fires at twice its points
    fire = InterceptionFire(4, 2)
    outcomes = [fire.outcome(roll, answer) for roll in range(1, 7) for answer in range(1, 7)]
    for o in outcomes:
        left, escort = 4 - o.to_fleet, 2
        expected = left > escort if left != escort else o.to_invasion > o.to_fleet
        assert o.interceptor_wins == expected
    # a support fleet met alone loses at most what it has (Fleet Naval Fire 4)
    alone = InterceptionFire(6, 1, alone=True)
    assert all(alone.outcome(r, a).to_invasion <= 1 for r in range(1, 7) for a in range(1, 7))
    # no escort: nothing answers, the interceptor never loses a point
    bare = InterceptionFire(3, 0)
    assert all(bare.outcome(r, None).to_fleet == 0 for r in range(1, 7))


def test_a_malformed_interception_description_is_refused_with_its_field() -> None:
    kind = "invasion_interception"
    with pytest.raises(BadBattle, match=r"attacker\.naval"):
        odds({"kind": kind, "attacker": {"naval": 0}, "defender": {"naval": 3}})
    with pytest.raises(BadBattle, match=r"defender\.naval"):
        odds({"kind": kind, "attacker": {"naval": 4}, "defender": {"naval": "many"}})
    with pytest.raises(BadBattle, match="defender must be"):
        odds({"kind": kind, "attacker": {"naval": 4}, "defender": {"capital": 2}})
