"""Agents by name. "random" is generic; "heuristic" is each ruleset's own player,
its "heuristic" seam's `make_heuristic(seed)` (grognard/seams.py); "mcts" is the
generic search agent (agents/mcts.py), named with an optional budget and rollout
policy: `mcts:200` (iterations per decision), `mcts:1s` or `mcts:250ms` (time per
decision), `mcts:0.25cpu` (seconds of the process's CPU per decision, which a busy
machine does not shorten), `mcts:200:heuristic` (rollouts played by the ruleset's heuristic:
stronger per iteration, far dearer; with a budget alone the rollouts are `random`
and the heuristic is only the root's prior). The bare name `mcts` is the default:
where the ruleset has a heuristic, 50 iterations of heuristic rollouts, at most 1 s
(`DEFAULT_HEURISTIC_BUDGET`: the configuration that beat Viktory II's heuristic),
elsewhere 100 iterations of random rollouts (`DEFAULT_BUDGET`).

`strong` (agents/turn_search.py) is the search with a budget of simulated actions per
turn rather than per decision: `strong` takes the ruleset's knobs (`turn_search.KNOBS`),
`strong:8000` replaces its turn budget, `strong:8000:width=2:rollout_depth=8` (or
`strong:width=2`) other knobs by their names in `TurnKnobs`, for experiments.

The difficulty levels a person picks in the web app are names of their own,
`search-fast` (a search with a quarter second of CPU a decision) and `search-strong`
(`strong`), each standing for an agent (`DIFFICULTIES`): a game keeps the level's
name, so a level can be retuned without touching saved games (docs/simlab.md,
"Difficulty levels")."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from grognard.seams import seam

from .base import Agent, UnknownAgent
from .mcts import DEFAULT_BUDGET, DEFAULT_HEURISTIC_BUDGET, Budget, MctsAgent
from .random_agent import RandomAgent
from .turn_search import TurnSearchAgent, make_turn_search

SEARCH_AGENT = "mcts"
#: The search with a per-turn work budget (agents/turn_search.py).
TURN_SEARCH_AGENT = "strong"

#: Difficulty levels that search: level name -> the search agent it stands for.
#: `search-fast` has a budget of CPU seconds a decision; `search-strong` a budget of
#: work a turn, tuned per ruleset (turn_search.KNOBS). Neither is wall time, so that
#: neither level's strength depends on the machine's load (issue 25): a wall-clock
#: quarter second bought 0.10-0.16 s of search on a busy machine. The server's
#: `time_cap` still bounds the wall time a move may take. The server's AI seats hand
#: these a sampler of determinizations (server/service.py).
DIFFICULTIES: dict[str, str] = {
    "search-fast": f"{SEARCH_AGENT}:0.25cpu",
    "search-strong": TURN_SEARCH_AGENT,
}

#: The agents a person picks from (the web app's AI seats list these): the heuristic
#: first (it answers at once), then the search by rising budget, random last. The
#: lobby shows them in the order of their measured strength where the game was
#: measured (agents/ladder.py, benchmarks/ladder.py). The
#: search levels play their rollouts with the ruleset's heuristic where it has one.
#: search-strong (work a turn) was measured against the heuristic on Viktory II only;
#: on Victory and HGW search-fast is about even with the heuristic (docs/simlab.md,
#: "The search-strong level" and "Difficulty levels").
AGENT_NAMES = ("heuristic", "search-fast", "search-strong", "random")

#: A readable label per agent, for the new-game form.
AGENT_LABELS: dict[str, str] = {
    "heuristic": "Computer: heuristic (moves at once)",
    "search-fast": "Computer: search, 1/4 s a move",
    # which level is strongest depends on the game: the lobby says so where the
    # ladder measured it (agents/ladder.py `strongest`)
    "search-strong": "Computer: search, about 2 s a turn, seldom over 1 s a move",
    "random": "Computer: random (weakest)",
}


#: The forms of the search agent's name, as help texts and errors show them.
SEARCH_FORMS = (f"{SEARCH_AGENT}:200", f"{SEARCH_AGENT}:1s", f"{SEARCH_AGENT}:200:heuristic")
TURN_SEARCH_FORMS = (TURN_SEARCH_AGENT, f"{TURN_SEARCH_AGENT}:8000", f"{TURN_SEARCH_AGENT}:8000:width=2")
#: OpenSpiel's bots (the `openspiel` extra), named like the search.
OPENSPIEL_AGENTS = ("openspiel-mcts", "openspiel-ismcts")


def agents_text() -> str:
    """Every agent a seat may name, in one line: the named agents, the search with the
    forms of its budget, and OpenSpiel's bots."""
    search = f"{SEARCH_AGENT} ({', '.join(SEARCH_FORMS)})"
    turn_search = f"{TURN_SEARCH_AGENT} ({', '.join(TURN_SEARCH_FORMS)})"
    openspiel = f"{' and '.join(OPENSPIEL_AGENTS)} (with the openspiel extra)"
    return f"{', '.join(AGENT_NAMES)}, {search}, {turn_search}, {openspiel}"


def agent_names() -> list[str]:
    return list(AGENT_NAMES)


def agent_label(name: str) -> str:
    return AGENT_LABELS.get(name, f"Computer: {name}")


def make_agent(name: str, ruleset_id: str, seed: int) -> Agent:
    """A new agent `name` for a game of `ruleset_id`, with its own seeded generator."""
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        return _heuristic_factory(ruleset_id)(seed)
    if name in DIFFICULTIES and not DIFFICULTIES[name].startswith(SEARCH_AGENT):
        level = make_agent(DIFFICULTIES[name], ruleset_id, seed)
        level.name = name
        return level
    if name in DIFFICULTIES:
        spec = DIFFICULTIES[name]
        if has_heuristic(ruleset_id):
            # rollouts played by the ruleset's heuristic: on Viktory II this search
            # won 29 of 37 games against the heuristic; random rollouts did not
            # (docs/simlab.md, "Strength and speed")
            spec += ":heuristic"
        agent = _make_mcts(spec, ruleset_id, seed)
        agent.name = name
        return agent
    if name == SEARCH_AGENT or name.startswith(SEARCH_AGENT + ":"):
        return _make_mcts(name, ruleset_id, seed)
    if name == TURN_SEARCH_AGENT or name.startswith(TURN_SEARCH_AGENT + ":"):
        return _make_turn_search(name, ruleset_id, seed)
    if name.startswith("openspiel-"):
        return _make_openspiel(name, ruleset_id, seed)
    raise UnknownAgent(f"unknown agent {name!r}; known agents: {agents_text()}")


def _make_mcts(name: str, ruleset_id: str, seed: int) -> MctsAgent:
    parts = name.split(":")
    if len(parts) > 3 or (len(parts) == 3 and parts[2] not in ("random", "heuristic")):
        raise UnknownAgent(f"{name!r}: write mcts, mcts:BUDGET or mcts:BUDGET:random|heuristic")
    try:
        budget = Budget.parse(parts[1]) if len(parts) > 1 else DEFAULT_BUDGET
    except ValueError as exc:
        raise UnknownAgent(f"{name!r}: {exc}") from None
    rollouts = parts[2] if len(parts) == 3 else "random"
    heuristic = seam(ruleset_id, "heuristic")
    policy: Callable[[int], Agent] | None = heuristic.make_heuristic if heuristic is not None else None
    if len(parts) == 1 and policy is not None:  # the bare default: what won on Viktory II
        budget, rollouts = DEFAULT_HEURISTIC_BUDGET, "heuristic"
    if rollouts == "heuristic" and policy is None:
        raise UnknownAgent(f"ruleset {ruleset_id!r} has no heuristic agent to roll out with")
    evaluation = seam(ruleset_id, "evaluation")
    scores = seam(ruleset_id, "action_scores")
    agent = MctsAgent(
        seed,
        budget,
        policy=policy,
        evaluate=evaluation.evaluate if evaluation is not None else None,
        rollouts=rollouts,
        scores=scores.action_scores if scores is not None else None,
    )
    agent.name = name
    return agent


def _make_turn_search(name: str, ruleset_id: str, seed: int) -> TurnSearchAgent:
    turn_actions, overrides = _turn_search_spec(name)
    heuristic = seam(ruleset_id, "heuristic")
    evaluation = seam(ruleset_id, "evaluation")
    scores = seam(ruleset_id, "action_scores")
    try:
        agent = make_turn_search(
            seed,
            ruleset_id,
            policy=heuristic.make_heuristic if heuristic is not None else None,
            evaluate=evaluation.evaluate if evaluation is not None else None,
            scores=scores.action_scores if scores is not None else None,
            turn_actions=turn_actions,
            overrides=overrides,
        )
    except ValueError as exc:
        raise UnknownAgent(f"{name!r}: {exc}") from None
    agent.name = name
    return agent


def _turn_search_spec(name: str) -> tuple[int | None, dict[str, str]]:
    """`strong`, `strong:8000`, `strong:8000:width=2:rollout_depth=8` or
    `strong:width=2`: (the turn's budget if given, the knobs replaced by name).
    Colons, not commas, between knobs: a list of seats is written with commas."""
    form = f"{TURN_SEARCH_AGENT}, {TURN_SEARCH_AGENT}:ACTIONS or {TURN_SEARCH_AGENT}:ACTIONS:KNOB=VALUE:..."
    parts = name.split(":")[1:]
    turn_actions: int | None = None
    overrides: dict[str, str] = {}
    for i, part in enumerate(parts):
        key, sep, value = part.partition("=")
        if sep:
            if not key.strip() or not value.strip():
                raise UnknownAgent(f"{name!r}: a knob is KNOB=VALUE, not {part!r}; write {form}")
            overrides[key.strip()] = value.strip()
            continue
        if i > 0:
            raise UnknownAgent(f"{name!r}: write {form} (simulated actions a turn, then knobs)")
        try:
            turn_actions = int(part)
            if turn_actions < 1:
                raise ValueError
        except ValueError:
            raise UnknownAgent(
                f"{name!r}: a turn's budget is a whole number of simulated actions (8000), not {part!r}"
            ) from None
    return turn_actions, overrides


def _make_openspiel(name: str, ruleset_id: str, seed: int) -> Agent:
    try:
        from .openspiel_bots import make_openspiel_bot  # OpenSpiel loads only when asked for
    except ImportError as exc:
        raise UnknownAgent(f"{name!r} needs OpenSpiel ({exc}): pip install 'grognard[openspiel]'") from None
    if name.startswith("openspiel-ismcts") and _is_open_information(ruleset_id):
        # OpenSpiel's ISMCTSBot asserts an imperfect-information game: say so up front
        raise UnknownAgent(
            f"{name!r}: {ruleset_id} hides nothing, and OpenSpiel's ISMCTSBot plays only games "
            "with hidden information; use openspiel-mcts"
        )
    try:
        evaluation = seam(ruleset_id, "evaluation")
        return make_openspiel_bot(name, seed, evaluation.evaluate if evaluation is not None else None)
    except ValueError as exc:
        raise UnknownAgent(str(exc)) from None


def _is_open_information(ruleset_id: str) -> bool:
    """True for a registered ruleset that hides nothing (`State.hides_information`);
    False for hidden information or a ruleset outside the registry (the test games),
    which OpenSpiel's adapter judges itself."""
    from grognard.core.errors import UnknownRuleset

    registry = importlib.import_module("grognard.games").REGISTRY
    try:
        state_class = registry.get(ruleset_id).state_class
    except UnknownRuleset:  # a test game: the adapter judges it
        return False
    return not state_class.hides_information()


def has_heuristic(ruleset_id: str) -> bool:
    return seam(ruleset_id, "heuristic") is not None


def _heuristic_factory(ruleset_id: str) -> Callable[[int], Agent]:
    heuristic = seam(ruleset_id, "heuristic")
    if heuristic is None:
        raise UnknownAgent(f"ruleset {ruleset_id!r} has no heuristic agent; use the random agent")
    factory: Callable[[int], Agent] = heuristic.make_heuristic
    return factory
