"""Viktory II's evaluation for search agents: a running game's win chances from a view."""

from __future__ import annotations

from grognard.agents.chances import softmax

from .ai_board import UNIT_VALUE, View

#: How many empire points make a side e (2.7) times likelier to win, in `evaluate`.
EVAL_TEMPERATURE = 4.0


def evaluate(view: View) -> dict[str, float]:
    """A running game's win chances from the observer's view, for search agents
    (grognard.agents.mcts): each role's strength is its empire score (5.3) plus
    half its units' worth, an eliminated role has none, and the chances are a
    softmax of the strengths. Rough on purpose: it must be cheap."""
    board = view["board"]
    roles: list[str] = list(view["roles"])
    out = set(board.get("eliminated") or [])
    strength = {r: float(board["scores"].get(r, 0)) for r in roles}
    for unit in board["units"].values():
        if unit["owner"] in strength:
            strength[unit["owner"]] += 0.5 * UNIT_VALUE.get(unit["type"], 1.0)
    alive = [r for r in roles if r not in out] or roles
    chances = softmax({r: strength[r] for r in alive}, EVAL_TEMPERATURE)
    return {r: chances.get(r, 0.0) for r in roles}
