"""The search agent's costs and strength (run once; figures go in benchmarks/README.md).

    PYTHONPATH=src python benchmarks/bench_search.py --games 20 --budget 30
    PYTHONPATH=src python benchmarks/bench_search.py --no-costs --games 40 --budget 50:heuristic --workers 2

1. Per ruleset (Viktory II, and the core's block-game test ruleset): the cost of the
   operations search repeats, measured mid-game: clone, sample_consistent,
   legal_actions (uncached), apply, view; and the search agent's iterations per
   second at its default settings.
2. Strength: `mcts:<budget>` against the ruleset's heuristic on Viktory II, seats
   rotated, each game a pure function of its seed; the win rate with a 95 % Wilson
   interval, and the search agent's seconds per decision. `--workers 2` plays the
   games in two processes (the figures are the same: each game depends only on its
   seed; the decision times are each process's own CPU time).

3. `--eval-iterations`: on Victory, HGW and Virtuti, the iterations `mcts:0.25s` and
   `mcts:0.25s:heuristic` finish in one decision at a mid-game position, with the
   ruleset's `evaluate` and without it (wall-clock budgets).

Times are CPU seconds of this process (time.process_time), but for 3.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from grognard.agents import MctsAgent, StateSampler, make_agent
from grognard.agents.mcts import FULL_ROLLOUT, board_scores
from grognard.core.game import State
from grognard.core.rng import Rng
from grognard.sim import GameConfig, get_ruleset, play
from grognard.sim.local import wilson
from grognard.sim.tournament import standings

HERE = Path(__file__).resolve().parent
#: The wargames (`--wargames`, `--eval-iterations`), and the random plies to mid-game.
WARGAMES = (("victory", 100), ("hgw", 40), ("virtuti", 300))
sys.path.insert(0, str(HERE.parent / "tests" / "core"))


def midgame(ruleset: str, plies: int, seed: int) -> State:
    state = get_ruleset(ruleset).new_game(None, {}, seed)
    state.keep_undo = False
    agent = make_agent("random", get_ruleset(ruleset).id, seed)
    for _ in range(plies):
        if state.is_over():
            break
        role = state.active_roles()[0]
        state.apply(role, agent.act({}, state.legal_actions(role)))
    return state


def per_call_ms(fn: Any, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat * 1000


def rollout_s(state: State, seed: int) -> tuple[float, int]:
    """CPU seconds and actions of one random game from `state` to its end (a copy)."""
    game = state.clone()
    agent = make_agent("random", get_ruleset(game.ruleset.id).id, seed)
    start, actions = time.process_time(), 0
    while not game.is_over() and actions < 100_000:
        role = game.active_roles()[0]
        game.apply(role, agent.act({}, game.legal_actions(role)))
        actions += 1
    return time.process_time() - start, actions


def costs(ruleset: str, plies: int, seed: int, search: str = "mcts:100") -> dict[str, Any]:
    state = midgame(ruleset, plies, seed)
    while len(state.legal_actions(state.active_roles()[0])) == 1:  # a real decision to search
        role = state.active_roles()[0]
        state.apply(role, state.legal_actions(role)[0])
    role = state.active_roles()[0]
    rng = Rng(Rng.new_state(seed))

    def legal() -> None:
        state._legal_cache.clear()
        state.legal_actions(role)

    def apply() -> None:
        twin = state.clone()
        twin.apply(role, state.legal_actions(role)[0])

    clone_ms = per_call_ms(state.clone, 200)
    agent = make_agent(search, get_ruleset(ruleset).id, seed)
    assert isinstance(agent, MctsAgent)
    start = time.process_time()
    agent.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    spent = time.process_time() - start
    return {
        "ruleset": ruleset,
        "after_plies": plies,
        "clone_ms": clone_ms,
        "sample_consistent_ms": per_call_ms(lambda: state.sample_consistent(role, rng), 200),
        "legal_actions_ms": per_call_ms(legal, 200),
        "apply_ms": per_call_ms(apply, 100) - clone_ms,
        "view_ms": per_call_ms(lambda: state.view(role), 200),
        "search": search,
        "search_iterations_per_second": agent.last["iterations"] / spent if spent else None,
        "random_rollout_to_end": dict(zip(("cpu_s", "actions"), rollout_s(state, seed), strict=True)),
    }


def eval_iterations(ruleset: str, plies: int, seed: int, spec: str, repeat: int = 3) -> dict[str, Any]:
    """Iterations a time-budgeted search finishes in one decision at a mid-game
    position, with the ruleset's `evaluate` (rollouts of SHORT_ROLLOUT actions, then
    scored) and without it (rollouts to the game's end, as before the ruleset had one).
    Wall-clock budgets: on a loaded machine the figures fall with the load."""
    state = midgame(ruleset, plies, seed)
    while len(state.legal_actions(state.active_roles()[0])) == 1:
        role = state.active_roles()[0]
        state.apply(role, state.legal_actions(role)[0])
    role = state.active_roles()[0]
    out: dict[str, Any] = {"ruleset": ruleset, "after_plies": plies, "search": spec,
                           "legal_actions": len(state.legal_actions(role))}
    for label, with_evaluate in (("without_evaluate", False), ("with_evaluate", True)):
        counts = []
        for k in range(repeat):
            agent = make_agent(spec, get_ruleset(ruleset).id, seed + k)
            assert isinstance(agent, MctsAgent)
            if not with_evaluate:  # as the agent was built before the ruleset had one
                agent.evaluate, agent.rollout_depth = board_scores, FULL_ROLLOUT
            agent.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
            counts.append(agent.last["iterations"])
        out[label] = counts
    return out


class Timed:
    """Wraps an agent to time its decisions."""

    def __init__(self, agent: Any, times: list[float]) -> None:
        self.agent, self.times = agent, times
        self.name, self.wants_view = agent.name, agent.wants_view
        self.wants_sampler = getattr(agent, "wants_sampler", False)

    def act(self, view: Any, legal: Any) -> Any:
        return self.agent.act(view, legal)

    def act_searching(self, view: Any, legal: Any, sampler: Any) -> Any:
        start = time.process_time()
        action = self.agent.act_searching(view, legal, sampler)
        if len(legal) > 1:
            self.times.append(time.process_time() - start)
        return action


def one_game(searcher: str, seed: int, g: int) -> tuple[dict[str, Any], list[float]]:
    """Game g of the strength run, with the search agent's CPU seconds per decision."""
    play_module = sys.modules["grognard.sim.play"]  # the package's `play` hides the module
    times: list[float] = []
    real_make = play_module.make_agent

    def timed_make(name: str, ruleset_id: str, agent_seed: int) -> Any:
        agent = real_make(name, ruleset_id, agent_seed)
        return Timed(agent, times) if name.startswith("mcts") else agent

    play_module.make_agent = timed_make
    try:
        config = GameConfig("viktory2", seats=(searcher, "heuristic"))
        outcome = play(config.rotated(g % 2), seed + g)
    finally:
        play_module.make_agent = real_make
    return outcome, times


def _one_game_star(job: tuple[str, int, int]) -> tuple[int, dict[str, Any], list[float]]:
    return (job[2], *one_game(*job))


def rate(searcher: str, outcomes: list[dict[str, Any]], seed: int) -> list[dict[str, Any]]:
    """Elo of the search agent and the heuristic with 95 % bootstrap intervals
    (sim.tournament's ratings), from the games' winners (seat 0 is the search)."""
    records = [
        {"seats": [searcher, "heuristic"], "winners": o["winners"], "draw": len(o["winners"]) > 1,
         "unfinished": not o["winners"]}
        for o in outcomes
    ]
    ratings: list[dict[str, Any]] = standings(records, [searcher, "heuristic"], seed)["ratings"]
    return ratings


def streamed(stream: Path) -> dict[int, dict[str, Any]]:
    """The games a --stream file already holds, by index (a line cut short by an
    interruption is ignored), so that running the same command again resumes."""
    games: dict[int, dict[str, Any]] = {}
    if stream.exists():
        for line in stream.read_text().splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            games[int(record["game"])] = record
    return games


def strength(
    games: int,
    budget: str,
    seed: int,
    workers: int = 1,
    first: int = 0,
    stream: Path | None = None,
    done_elsewhere: list[Path] | None = None,
) -> dict[str, Any]:
    """Games first .. first + games - 1 (each a pure function of seed + its index, so
    runs over different ranges add up); each game's line is appended to `stream`
    as it ends, so a run cut short keeps what it finished."""
    searcher = f"mcts:{budget}"
    done = streamed(stream) if stream is not None else {}
    for path in done_elsewhere or []:  # earlier runs' streams: those games are not replayed
        done.update(streamed(path))
    jobs = [(searcher, seed, g) for g in range(first, first + games) if g not in done]
    if done:
        print(f"resuming: {games - len(jobs)} of these games already in {stream}", flush=True)
    times: list[float] = []
    wins = draws = unfinished = 0
    outcomes = []
    if workers > 1:
        pool = multiprocessing.get_context("spawn").Pool(workers)
        results = pool.imap_unordered(_one_game_star, jobs)  # streamed as each game ends
    else:
        pool = None
        results = map(_one_game_star, jobs)
    try:
        for g, outcome, game_times in results:
            times.extend(game_times)
            outcomes.append({k: outcome[k] for k in ("seed", "roles", "winners", "actions", "turns")})
            if stream is not None:
                with stream.open("a") as lines:
                    lines.write(json.dumps({"game": g, **outcomes[-1], "seconds": game_times}) + "\n")
            if outcome["unfinished"]:
                unfinished += 1
            elif outcome["draw"]:
                draws += 1
            elif outcome["winners"] == [0]:
                wins += 1
            print(
                f"game {g + 1}/{first + games}: winners {outcome['winners']} ({wins} search wins; "
                f"{len(game_times)} decisions, {sum(game_times):.1f} s)",
                flush=True,
            )
    finally:
        if pool is not None:
            pool.close()
    played = len(outcomes)  # this run's games (a resumed run's earlier ones: --combine)
    lo, hi = wilson(wins, played)
    return {
        "elo": rate(searcher, outcomes, seed),
        "search_agent": searcher,
        "opponent": "heuristic",
        "games": played,
        "search_wins": wins,
        "draws": draws,
        "unfinished": unfinished,
        "win_rate": wins / played if played else 0.0,
        "ci95": [lo, hi],
        "decisions": len(times),
        "mean_s_per_decision": statistics.mean(times) if times else None,
        "median_s_per_decision": statistics.median(times) if times else None,
        "p95_s_per_decision": sorted(times)[int(0.95 * (len(times) - 1))] if times else None,
        "max_s_per_decision": max(times) if times else None,
        "outcomes": outcomes,
    }


def combine(searcher: str, files: list[Path], seed: int) -> dict[str, Any]:
    """One strength summary from per-game lines (`--stream` files of runs over
    different game ranges). A line may carry its decision times ("seconds") or only
    their count and sum ("decisions", "seconds_total": a run stopped before it
    streamed, read back from its printed log)."""
    games: dict[int, dict[str, Any]] = {}
    for path in files:
        for line in path.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                games[int(record["game"])] = record
    ordered = [games[g] for g in sorted(games)]
    wins = sum(1 for r in ordered if r["winners"] == [0])
    draws = sum(1 for r in ordered if len(r["winners"]) > 1)
    timed = [t for r in ordered for t in r.get("seconds", [])]
    decisions = sum(len(r["seconds"]) if "seconds" in r else int(r["decisions"]) for r in ordered)
    spent = sum(sum(r["seconds"]) if "seconds" in r else float(r["seconds_total"]) for r in ordered)
    lo, hi = wilson(wins, len(ordered))
    return {
        "elo": rate(searcher, ordered, seed),
        "search_agent": searcher,
        "opponent": "heuristic",
        "games": len(ordered),
        "game_indexes": sorted(games),
        "search_wins": wins,
        "draws": draws,
        "win_rate": wins / len(ordered) if ordered else 0.0,
        "ci95": [lo, hi],
        "decisions": decisions,
        "mean_s_per_decision": spent / decisions if decisions else None,
        "median_s_per_decision": statistics.median(timed) if timed else None,
        "p95_s_per_decision": sorted(timed)[int(0.95 * (len(timed) - 1))] if timed else None,
        "max_s_per_decision": max(timed) if timed else None,
        "decisions_timed_one_by_one": len(timed),
        "outcomes": [
            {k: r.get(k) for k in ("game", "seed", "roles", "winners", "actions", "turns")} for r in ordered
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", default="100")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes for the strength games")
    parser.add_argument("--no-costs", action="store_true", help="skip the per-operation costs")
    parser.add_argument("--first", type=int, default=0, help="index of the first strength game")
    parser.add_argument("--stream", type=Path, help="append each strength game to this JSON Lines file")
    parser.add_argument("--combine", type=Path, nargs="+", help="one summary from --stream files")
    parser.add_argument("--done", type=Path, nargs="+", help="skip the games these --stream files hold")
    parser.add_argument("--rate", type=Path, help="only add Elo to the strength figures in this results file")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "search.json")  # untracked
    parser.add_argument(
        "--wargames", action="store_true",
        help="the costs on Victory, HGW and Virtuti instead (searching 1 s: they have no evaluate)",
    )
    parser.add_argument(
        "--eval-iterations", action="store_true",
        help="iterations a decision on Victory, HGW and Virtuti, with and without their evaluate",
    )
    args = parser.parse_args()
    if args.eval_iterations:
        specs = ("mcts:0.25s", "mcts:0.25s:heuristic")
        found = [eval_iterations(r, plies, args.seed, spec) for r, plies in WARGAMES for spec in specs]
        print(json.dumps(found, indent=1))
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"eval_iterations": found}, indent=1) + "\n")
        return
    if args.combine:
        summary = combine(f"mcts:{args.budget}", args.combine, args.seed)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"strength": summary}, indent=1) + "\n")
        print(json.dumps({k: v for k, v in summary.items() if k != "outcomes"}, indent=1))
        return
    if args.rate is not None:
        done = json.loads(args.rate.read_text())
        found = done["strength"]
        found["elo"] = rate(found["search_agent"], found["outcomes"], args.seed)
        args.rate.write_text(json.dumps(done, indent=1) + "\n")
        print(json.dumps(found["elo"], indent=1))
        return
    out: dict[str, Any] = {}
    if not args.no_costs:
        if args.wargames:  # mid-game after as many random plies as a tenth of a game or so
            out["costs"] = [costs(r, plies, args.seed, "mcts:1s") for r, plies in WARGAMES]
        else:
            out["costs"] = [costs("viktory2", 300, args.seed), costs("blockgame:BLOCKSKIRMISH", 6, args.seed)]
        print(json.dumps(out["costs"], indent=1), flush=True)
    if args.games:
        out["strength"] = strength(
            args.games, args.budget, args.seed, args.workers, args.first, args.stream, args.done
        )
        shown = {k: v for k, v in out["strength"].items() if k != "outcomes"}
        print(json.dumps(shown, indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
