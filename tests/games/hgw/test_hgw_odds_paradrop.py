"""The odds before a paradrop (issue 22), read from a seat's view at the advances step of
a Campaign Game II game: the advance alone remains (the assaults are over), the drop
counted double; equal to the engine's outcome under each forced roll."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.agents import make_agent
from grognard.core.game import State
from grognard.games.hgw import RULESET
from grognard.games.hgw.odds import battle_at, odds


def paradrop_game(army: str = "agw", points: int = 2) -> tuple[State, list[list[Any]]]:
    """Seed 3, the heuristics playing, except that the Axis builds `points` paratroop
    points into `army` in its first production and names it against an enemy hex in its
    next initial attack; stopped when the paradrop is offered. The game and its moves."""
    state = RULESET.new_game(seed=3, scenario="campaign_2")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    built, moves = 0, []
    for _ in range(400):
        role = state.active_roles()[0]
        view, legal = state.view(role), state.legal_actions(role)
        if any(a[0] == "paradrop" for a in legal):
            return state, moves
        step, chosen = view["board"]["step"], None
        if role == "axis" and step == "production" and built < points:
            chosen = next(
                (a for a in legal if a[:3] == ("build", "paratroop", "army") and a[3] == army), None
            )
            built += chosen is not None
        named = any(
            a["id"] == army and (a.get("status") or {}).get("target") for a in view["board"]["armies"]
        )
        if role == "axis" and step == "announce" and built == points and not named:
            owner = view["board"]["owner"]
            chosen = next((a for a in legal if a[:2] == ("attack", army) and owner.get(a[2]) != "axis"), None)
        action = chosen or agents[role].act(view, legal)
        state.apply(role, action)
        moves.append([role, list(action)])
    raise AssertionError("no paradrop was offered")


@pytest.mark.rules("K13.2")
def test_the_paradrop_odds_at_the_advance_are_the_engines() -> None:
    state, _ = paradrop_game()
    target = next(a for a in state.view("axis")["board"]["armies"] if a["id"] == "agw")["status"]["target"]
    action = ("paradrop", "agw", 2)
    battle = battle_at(state, "axis", target, action)
    assert battle is not None
    assert battle["drop"] == 2 and not battle["defensive_assault"] and not battle["assault"]
    forecast = odds(battle)
    advanced = 0
    for roll in range(1, 7):
        game = state.clone()
        game.rng.force([roll])
        game.apply("axis", action)
        advanced += (
            next(a for a in game.data["armies"].values() if a["name"] == "Army Group West")["at"] == target
        )
    assert forecast.attacker_wins == pytest.approx(advanced / 6)
