"""Campaign Game II positions shared by the engine's and the browser's tests: each plays
the same seeded game to the moment a question is asked, so that both sides of a feature
(the odds, the page) are checked at one position, reached one way; and the set-up the
campaign_2 and campaign_3 test files share (a new game, a step opened by hand, a Naval
Action game at a side's naval movement)."""

from __future__ import annotations

from typing import Any

from hgw_positions import let_go

from grognard.agents import make_agent
from grognard.core.game import State
from grognard.games.hgw import RULESET, HgwState

# Naval Action's two ways in: Campaign Game III, or Campaign Game II with the rule alone
NAVAL_SETUPS = [("campaign_3", {}), ("campaign_2", {"naval_action": True})]


def new_game(scenario: str = "campaign_2", options: dict[str, bool] | None = None) -> HgwState:
    """A new game of `scenario` (seed 1) at its first step."""
    state = RULESET.new_game(scenario, dict(options or {}), seed=1)
    assert isinstance(state, HgwState)
    return state


def to_step(state: HgwState, name: str, **fields: Any) -> None:
    """Open step `name` as the only frame of the flow."""
    state.flow.clear()
    state.flow.append({"state": name, **fields})
    state.advance()
    state._after_change(None, None)


def act(state: HgwState, role: str, *action: Any) -> None:
    state.apply(role, tuple(action))


def top(state: HgwState) -> dict[str, Any]:
    return state.flow[-1]


def naval_movement(scenario: str = "campaign_3", options: dict[str, bool] | None = None) -> HgwState:
    """A Naval Action game at the Allies' naval movement: the set-up raider's way home
    let go (N5.4), then the raider taken off the board (no Axis fleet at sea)."""
    state = new_game(scenario, options)
    let_go(state)
    state.data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    state.data["fleets"]["raiders"].update(at=None, sp=0)
    state.data["fleets"]["raiders"].pop("patrol", None)
    return state


def paradrop_game(army: str = "agw", points: int = 2) -> tuple[State, list[list[Any]]]:
    """Seed 3, the heuristics playing, except that the Axis builds `points` paratroop
    points into `army` in its first production and names it against an enemy hex in its
    next initial attack; stopped when the paradrop is offered (K13.2). The game and its
    moves (`[role, action]`, as POST /api/games takes them)."""
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
