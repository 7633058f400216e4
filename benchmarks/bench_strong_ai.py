"""The `search-strong` level against the heuristic: win rate and the cost of a turn.

    PYTHONPATH=src python benchmarks/bench_strong_ai.py viktory2 --games 40 --workers 2
    PYTHONPATH=src python benchmarks/bench_strong_ai.py victory --games 20 -o turn_limit=3 \\
        --agent strong:8000 --out benchmarks/results/strong_ai_victory.json

Game g has seed `--seed` + g; the level plays the first role in even games and the
second in odd ones (sides alternating; with more roles, the level takes role g mod n
and the heuristic every other). Each game is a pure function of its seed (the level's
budget is work, not time), so `--workers` changes nothing but the wall time.

Reported: wins, draws and losses of the level with the win rate's Wilson 95 %
interval (a draw counts half a win in the rate); the CPU seconds (time.process_time
of the process playing the game) of the level's turns (a turn: all of one role's
decisions until another role acts; median, p95, max), of its decisions (mean, median,
p95) and of the heuristic's turns for comparison; the level's work a turn (simulated
actions). Before each game its worker measures the CPU of a fixed piece of search
(`REFERENCE`); the median is kept as `reference_cpu_s`, the machine's speed while the
run played, so that turn times of runs made on different days can be compared.

With `--baseline`, each seed is played a second time with the opponent in the level's
seat too (same agent seeds): the opponent's own record in those seats. In a scenario
that favours one side (HGW's Pacific War: the Axis won 8 of seeds 1-10 between two
heuristics) a handful of games says little on its own; beside the baseline it says
whether the level did better than the heuristic would have from the same seats and
dice seeds: `by_role` splits both records by role, and `versus_baseline` counts the
seeds where the level did better, the same or worse.

A progress bar on stderr; the JSON goes to `--out` (by default
benchmarks/results/strong_ai_<ruleset>[_<scenario>].json) and each game's line to
`--stream` as it ends. A run given a `--stream` that already holds games of the same
settings (ruleset, scenario, options, agents, baseline, seed and seat) plays only the
others: a stopped run resumes with the same command.
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

from grognard.agents import make_agent
from grognard.agents.base import Agent
from grognard.core.errors import GrognardError
from grognard.core.game import State
from grognard.sim import get_ruleset
from grognard.sim.local import wilson
from grognard.sim.play import agent_seed, decide, winners_of

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


#: (ruleset, scenario, options, the level, its opponent, seed, the level's seat)
GameJob = tuple[str, str | None, dict[str, Any], str, str, int, int]
#: a game job and whether to play the baseline too
Job = tuple[str, str | None, dict[str, Any], str, str, int, int, bool]
#: what the summary keeps of each game
PER_GAME = (
    "seed", "role", "outcome", "result", "actions", "game_cpu_s", "baseline_outcome", "reference_cpu_s"
)
#: the reference work measured beside every game: the first actions of one Viktory II
#: game with `search-strong` as the first role (ruleset, seed, actions). Its budget is
#: work, so its CPU says only how fast the machine ran at that moment: the figure that
#: lets runs of different sessions be compared (CPU of the same game has read twice
#: as high on one day as on another).
REFERENCE = ("viktory2", 1, 12)


def reference_cpu() -> float:
    """The CPU seconds of the reference work in this process, now."""
    ruleset_id, seed, count = REFERENCE
    started = time.process_time()
    state, _, agents = seated((ruleset_id, None, {}, "search-strong", "heuristic", seed, 0))
    for _ in range(count):
        role = state.active_roles()[0]
        state.apply(role, decide(agents[role], state, role, state.legal_actions(role)))
    return time.process_time() - started


def check_names(ruleset_id: str, scenario: str | None, options: dict[str, Any], *agents: str) -> None:
    """Build the first game and the agents once, so that a wrong name or option fails
    here with its message rather than in a worker after the progress bar began."""
    ruleset = get_ruleset(ruleset_id)
    ruleset.new_game(scenario, options, 1)
    for name in agents:
        make_agent(name, ruleset.id, 1)


def settings(job: Job) -> dict[str, Any]:
    """What makes a game of `job` the same game: a streamed line with these is resumed."""
    ruleset_id, scenario, options, agent_name, opponent, seed, seat, baseline = job
    return {
        "ruleset": ruleset_id,
        "scenario": scenario,
        "options": options,
        "agent": agent_name,
        "opponent": opponent,
        "seed": seed,
        "seat": seat,
        "baseline": baseline,
    }


def streamed(path: Path) -> list[dict[str, Any]]:
    """The games of a stream; a line cut short when a run was killed mid-write is
    dropped (its game is played again)."""
    games = []
    for line in path.read_text().splitlines():
        try:
            games.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return games


def end_cut_line(stream: Path) -> None:
    """Close a last line cut short by a killed run, so the next game's line starts on
    a line of its own instead of joining it."""
    if stream.exists():
        data = stream.read_bytes()
        if data and not data.endswith(b"\n"):
            with stream.open("a") as out:
                out.write("\n")


def resumed(stream: Path, jobs: list[Job]) -> dict[int, dict[str, Any]]:
    """The games `stream` already holds for `jobs`, by the job's index in `jobs` (a line
    of other settings, or one written before lines carried them, is not one of them)."""
    if not stream.exists():
        return {}
    wanted = {json.dumps(settings(job), sort_keys=True): i for i, job in enumerate(jobs)}
    held: dict[int, dict[str, Any]] = {}
    for game in streamed(stream):
        index = wanted.get(json.dumps(game.get("settings"), sort_keys=True))
        if index is not None:
            held[index] = game
    return held


def play_one(job: Job) -> dict[str, Any]:
    """One game: the level (`agent`) against `opponent`, the level as role `seat`; with
    `baseline`, the opponent's outcome from the same seat and seeds besides."""
    ruleset_id, scenario, options, agent_name, opponent, seed, seat, baseline = job
    reference = reference_cpu()
    game = play_game((ruleset_id, scenario, options, agent_name, opponent, seed, seat))
    game["settings"] = settings(job)
    if baseline:
        alone = play_game((ruleset_id, scenario, options, opponent, opponent, seed, seat))
        game["baseline_outcome"] = alone["outcome"]
    game["reference_cpu_s"] = reference
    return game


def seated(job: GameJob) -> tuple[State, str, dict[str, Agent]]:
    """The job's new game (no undo kept), the level's role and every role's agent."""
    ruleset_id, scenario, options, agent_name, opponent, seed, seat = job
    ruleset = get_ruleset(ruleset_id)
    state = ruleset.new_game(scenario, options, seed)
    state.keep_undo = False
    roles = list(state.roles)
    me = roles[seat % len(roles)]
    agents = {
        role: make_agent(agent_name if role == me else opponent, ruleset.id, agent_seed(seed, i))
        for i, role in enumerate(roles)
    }
    return state, me, agents


def play_game(job: GameJob) -> dict[str, Any]:
    """One game and its figures, the level (`agent_name`) as role `seat`."""
    state, me, agents = seated(job)
    seed = job[5]
    turn_cpu: dict[str, list[float]] = {"level": [], "opponent": []}
    decision_cpu: list[float] = []
    turn_work: list[int] = []
    current: str | None = None
    spent, work, actions = 0.0, 0, 0
    start_game = time.process_time()

    def close_turn() -> None:
        if current is not None:
            turn_cpu["level" if current == me else "opponent"].append(spent)
            if current == me:
                turn_work.append(work)

    while not state.is_over() and actions < 200_000:
        role = state.active_roles()[0]
        if role != current:
            close_turn()
            current, spent, work = role, 0.0, 0
        legal = state.legal_actions(role)
        agent = agents[role]
        before = time.process_time()
        action = decide(agent, state, role, legal)
        took = time.process_time() - before
        spent += took
        if role == me:
            decision_cpu.append(took)
            work += int(getattr(agent, "last", {}).get("work", 0)) if len(legal) > 1 else 0
        state.apply(role, action)
        actions += 1
    close_turn()
    result = state.result()
    best = winners_of(result)
    return {
        "seed": seed,
        "role": me,
        "result": dict(result) if result is not None else None,
        "outcome": "unfinished"
        if result is None
        else ("draw" if len(best) > 1 and me in best else "win" if best == [me] else "loss"),
        "actions": actions,
        "game_cpu_s": time.process_time() - start_game,
        "level_turn_cpu": turn_cpu["level"],
        "opponent_turn_cpu": turn_cpu["opponent"],
        "level_decision_cpu": decision_cpu,
        "level_turn_work": turn_work,
    }


def quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(games: list[dict[str, Any]], meta: dict[str, Any]) -> dict[str, Any]:
    level = record([g["outcome"] for g in games])
    played = level["wins"] + level["draws"] + level["losses"]
    score = level["wins"] + level["draws"] / 2
    lo, hi = wilson(round(score), played) if played else (0.0, 1.0)
    turns = [t for g in games for t in g["level_turn_cpu"]]
    other = [t for g in games for t in g["opponent_turn_cpu"]]
    decisions = [t for g in games for t in g["level_decision_cpu"]]
    work = [w for g in games for w in g["level_turn_work"]]
    references = [g["reference_cpu_s"] for g in games if "reference_cpu_s" in g]
    return {
        **meta,
        "games": len(games),
        "finished": played,
        **level,
        "wilson95": [lo, hi],
        "level_turn_cpu_s": {
            "turns": len(turns),
            "median": statistics.median(turns) if turns else None,
            "p95": quantile(turns, 0.95),
            "max": max(turns) if turns else None,
        },
        "level_decision_cpu_s": {
            "decisions": len(decisions),
            "mean": statistics.fmean(decisions) if decisions else None,
            "median": statistics.median(decisions) if decisions else None,
            "p95": quantile(decisions, 0.95),
        },
        "opponent_turn_cpu_s": {
            "median": statistics.median(other) if other else None,
            "p95": quantile(other, 0.95),
        },
        "level_turn_work": {"median": statistics.median(work) if work else None, "p95": quantile(work, 0.95)},
        **({"reference_cpu_s": {"games": len(references), "median": statistics.median(references)}}
           if references else {}),
        "by_role": by_role(games, "outcome"),
        **baseline_summary(games),
        "per_game": [
            {k: g[k] for k in PER_GAME if k in g} for g in games
        ],
    }


#: an outcome's worth, to compare the level's with the baseline's on one seed
WORTH = {"win": 1.0, "draw": 0.5, "loss": 0.0, "unfinished": 0.0}


def record(outcomes: list[str]) -> dict[str, Any]:
    """W-D-L of these outcomes and the win rate (a draw half a win)."""
    wins, draws = outcomes.count("win"), outcomes.count("draw")
    played = wins + draws + outcomes.count("loss")
    return {"wins": wins, "draws": draws, "losses": outcomes.count("loss"),
            "win_rate": (wins + draws / 2) / played if played else None}


def by_role(games: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    """The record of `key` ("outcome" or "baseline_outcome") split by the level's role."""
    roles = sorted({g["role"] for g in games})
    return {role: record([g[key] for g in games if g["role"] == role and key in g]) for role in roles}


def baseline_summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The opponent's own record from the level's seats, and the seed-by-seed count of
    where the level did better, the same or worse (nothing when no baseline was played)."""
    paired = [g for g in games if "baseline_outcome" in g]
    if not paired:
        return {}
    diffs = [WORTH[g["outcome"]] - WORTH[g["baseline_outcome"]] for g in paired]
    return {
        "baseline": {**record([g["baseline_outcome"] for g in paired]), "games": len(paired)},
        "baseline_by_role": by_role(paired, "baseline_outcome"),
        "versus_baseline": {
            "better": sum(d > 0 for d in diffs),
            "same": sum(d == 0 for d in diffs),
            "worse": sum(d < 0 for d in diffs),
        },
    }


def run(jobs: list[Any], workers: int, stream: Path | None, label: str) -> list[dict[str, Any]]:
    """Play `jobs` in `workers` processes, with a progress bar; each game's line to `stream`."""
    from rich.progress import Progress

    games: list[dict[str, Any]] = []
    if stream is not None:
        end_cut_line(stream)
    with Progress(transient=False) as progress, multiprocessing.Pool(workers) as pool:
        task = progress.add_task(label, total=len(jobs))
        for game in pool.imap_unordered(play_one, jobs):
            games.append(game)
            if stream is not None:
                with stream.open("a") as out:
                    out.write(json.dumps(game) + "\n")
            progress.update(task, advance=1, description=f"{label}: {so_far(games)}")
    return games


def so_far(games: list[dict[str, Any]]) -> str:
    """The progress bar's tally: games won, and against the baseline where it was played."""
    won = sum(g["outcome"] == "win" for g in games)
    text = f"{won}/{len(games)} won"
    versus = baseline_summary(games).get("versus_baseline")
    if versus:
        text += f", better / worse than the opponent's seat: {versus['better']} / {versus['worse']}"
    return text


def combined(paths: list[Path]) -> list[dict[str, Any]]:
    """The games of several streams (of runs over the same seeds), each seed once."""
    by_seed: dict[int, dict[str, Any]] = {}
    for path in paths:
        for game in streamed(path):
            by_seed[game["seed"]] = game
    return list(by_seed.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("ruleset")
    parser.add_argument("--scenario", default=None)
    parser.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE (JSON value or text)")
    parser.add_argument("--agent", default="search-strong")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="the first game's index (to resume a run)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--stream", type=Path, default=None, help="append each game's JSON line here")
    parser.add_argument("--combine", type=Path, nargs="+", help="summarize these streams instead of playing")
    parser.add_argument(
        "--baseline", action="store_true", help="also play each seed with the opponent in the level's seat"
    )
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    if not args.combine:
        try:
            check_names(args.ruleset, args.scenario, options, args.agent, args.opponent)
        except GrognardError as exc:
            parser.error(str(exc))
    jobs: list[Job] = [
        (args.ruleset, args.scenario, options, args.agent, args.opponent, args.seed + g, g, args.baseline)
        for g in range(args.first, args.first + args.games)
    ]
    started = time.perf_counter()
    if args.combine:
        games = combined(args.combine)
    else:
        kept = resumed(args.stream, jobs) if args.stream is not None else {}
        if kept:
            print(f"resumed {len(kept)} of {len(jobs)} games from {args.stream}", file=sys.stderr)
        todo = [job for i, job in enumerate(jobs) if i not in kept]
        games = list(kept.values()) + run(todo, args.workers, args.stream, f"{args.agent} vs {args.opponent}")
    games.sort(key=lambda g: g["seed"])
    meta = {
        "ruleset": args.ruleset,
        "scenario": args.scenario,
        "options": options,
        "agent": args.agent,
        "opponent": args.opponent,
        "seed": args.seed,
        "first": args.first,
        "workers": args.workers,
        "wall_s": None if args.combine else time.perf_counter() - started,
    }
    summary = summarize(games, meta)
    suffix = f"_{args.scenario}" if args.scenario else ""
    out = args.out or RESULTS / f"strong_ai_{args.ruleset}{suffix}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(summary, indent=1) + "\n")
    brief = {k: summary[k] for k in ("games", "wins", "draws", "losses", "win_rate", "wilson95", "baseline")
             if k in summary}
    print(
        json.dumps(brief),
        json.dumps(summary["level_turn_cpu_s"]),
        json.dumps(summary["level_decision_cpu_s"]),
    )
    print(f"written {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
