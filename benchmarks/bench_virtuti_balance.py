"""Virtuti balance between equal AIs: the heuristic plays both sides of each scenario.

    PYTHONPATH=src python benchmarks/bench_virtuti_balance.py [--games 400] [--workers 2]
        [--seed 0] [--scenario full_campaign] [--label baseline]

For each scenario it reports each side's win rate and the draw rate with 95 % Wilson
intervals, the ways games ended, and three historical milestones: how often France has
surrendered by the end of 1941, how often the USSR is at war (and in which year it
entered), how often Berlin changes hands (all three read from the final state's public
log by games/virtuti/content_report.py, which `grognard report` draws too). Every game
is one JSON Lines record in
benchmarks/results/virtuti-balance-<label>-<scenario>.jsonl (git-ignored; appended to,
and a rerun skips the games already there, so a run can be stopped and resumed); the
summary goes to stdout and to benchmarks/results/virtuti-balance-<label>.json.

`--rescore area=vp,...` scores the finished games of `--label` under another VP layout
(a cheap first filter before playing it; see rescore).

`--show SEED` plays the one game of that seed (first `--scenario`, default the Full
Campaign) with the same seeding and prints its public log: the annotated turns of
docs/virtuti-design.md come from such games.

Games are independent local processes (multiprocessing), one seed per game spawned
from the master seed (grognard.sim.game_seeds), so the figures do not depend on the
worker count. The target of issue 13: each side wins 40-60 % of all the games (a draw counts
against both).
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from grognard.agents import RandomAgent
from grognard.games.virtuti import RULESET
from grognard.games.virtuti.ai import VirtutiHeuristic
from grognard.games.virtuti.board import kind_of, vmap
from grognard.games.virtuti.content_report import holders, milestones
from grognard.sim import game_seeds
from grognard.sim.local import wilson

SCENARIOS = ("full_campaign", "barbarossa")
RESULTS = Path(__file__).resolve().parent / "results"  # git-ignored


def play_one(job: tuple[str, int, int], show: bool = False) -> dict[str, Any]:
    """One heuristic-against-heuristic game; the milestones and the VP areas are read from
    the final state by the report's own hook (games/virtuti/content_report.py)."""
    scenario, index, seed = job
    state = RULESET.new_game(scenario, seed=seed)
    state.keep_undo = False
    agents = {role: VirtutiHeuristic(seed + i) for i, role in enumerate(state.roles)}
    data = state.data
    while not state.is_over():
        role, legal = next((r, acts) for r in state.active_roles() if (acts := state.legal_actions(r)))
        state.apply(role, agents[role].act(state.view(role), legal))
    if show:
        for line, only in data["log"]:
            if only is None:  # the public log: what an observer saw
                print(line)
    outcome = data["outcome"]
    years = milestones(data)
    return {
        "scenario": scenario,
        "game": index,
        "seed": seed,
        "winner": outcome["winner"],
        "how": outcome["how"],
        "vp": outcome["vp"],
        "turns": data["turn_no"],
        "france_surrendered": years["france_surrendered"],
        "ussr_at_war": years["ussr_at_war"],
        "berlin_fell": years["berlin_fell"],
        # who held each VP area at the end (the tuning reads where the fronts stopped)
        "vp_areas": holders(data),
        "axis_areas": sorted(a for a, f in data["control"].items() if f == "axis" and kind_of(a) == "land"),
        "allied_areas": sorted(a for a, f in data["control"].items() if f != "axis" and kind_of(a) == "land"),
    }


def play_random(job: tuple[str, int, int]) -> dict[str, Any]:
    """One heuristic-against-random game (issue 13: the heuristic beats random >= 90 %); the
    heuristic plays the Axis in even games, the Allies in odd ones."""
    scenario, index, seed = job
    state = RULESET.new_game(scenario, seed=seed)
    state.keep_undo = False
    mine = state.roles[index % 2]
    agents: dict[str, Any] = {r: RandomAgent(seed) for r in state.roles}
    agents[mine] = VirtutiHeuristic(seed)
    while not state.is_over():
        role, legal = next((r, acts) for r in state.active_roles() if (acts := state.legal_actions(r)))
        agent = agents[role]
        state.apply(role, agent.act(state.view(role) if agent.wants_view else {}, legal))
    outcome = state.data["outcome"]
    return {"scenario": scenario, "game": index, "seed": seed, "heuristic": mine, "winner": outcome["winner"],
            "how": outcome["how"], "vp": outcome["vp"], "turns": state.data["turn_no"]}  # fmt: skip


def summarize_random(records: list[dict[str, Any]]) -> dict[str, Any]:
    def rate(won: int, n: int) -> dict[str, Any]:
        low, high = wilson(won, n)
        return {"won": won, "games": n, "rate": round(won / n, 3) if n else None,
                "interval_95": [round(low, 3), round(high, 3)]}  # fmt: skip

    out = {"all": rate(sum(r["winner"] == r["heuristic"] for r in records), len(records))}
    for side in ("axis", "allies"):
        mine = [r for r in records if r["heuristic"] == side]
        out[f"as_{side}"] = rate(sum(r["winner"] == side for r in mine), len(mine))
    how: dict[str, int] = {}
    for r in records:
        key = f"{'won' if r['winner'] == r['heuristic'] else 'not won'}: {r['how']}"
        how[key] = how.get(key, 0) + 1
    out["outcomes"] = dict(sorted(how.items()))
    return out


def summarize(records: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(records)

    def rate(count: int) -> dict[str, Any]:
        low, high = wilson(count, n)
        return {"count": count, "rate": round(count / n, 3), "interval_95": [round(low, 3), round(high, 3)]}

    how: dict[str, int] = {}
    for r in records:
        key = f"{r['winner'] or 'nobody'}: {r['how']}"
        how[key] = how.get(key, 0) + 1
    ussr_years: dict[str, int] = {}
    for r in records:
        if r["ussr_at_war"] is not None:
            ussr_years[str(r["ussr_at_war"])] = ussr_years.get(str(r["ussr_at_war"]), 0) + 1
    finals: dict[str, int] = {}
    holders: dict[str, dict[str, int]] = {}
    for r in records:
        key = f"{r['vp']['axis']}-{r['vp']['allies']}"
        finals[key] = finals.get(key, 0) + 1
        for area, side in r.get("vp_areas", {}).items():  # older records lack it
            tally = holders.setdefault(area, {})
            tally[side or "neutral"] = tally.get(side or "neutral", 0) + 1
    decided = [r for r in records if r["winner"] is not None]
    axis_decided = sum(r["winner"] == "axis" for r in decided)
    return {
        "games": n,
        "axis_wins": rate(sum(r["winner"] == "axis" for r in records)),
        "allies_wins": rate(sum(r["winner"] == "allies" for r in records)),
        "draws": rate(sum(r["winner"] is None for r in records)),
        "axis_share_of_decided": {
            "decided": len(decided),
            "rate": round(axis_decided / len(decided), 3) if decided else None,
            "interval_95": [round(x, 3) for x in wilson(axis_decided, len(decided))],
        },
        "outcomes": dict(sorted(how.items())),
        "france_surrendered_by_1941": rate(
            sum(r["france_surrendered"] is not None and r["france_surrendered"] <= 1941 for r in records)
        ),
        "france_surrendered_ever": rate(sum(r["france_surrendered"] is not None for r in records)),
        "ussr_at_war": rate(sum(r["ussr_at_war"] is not None for r in records)),
        "ussr_war_entry_year": dict(sorted(ussr_years.items())),
        "berlin_fell": rate(sum(r["berlin_fell"] is not None for r in records)),
        "mean_vp": {side: round(sum(r["vp"][side] for r in records) / n, 2) for side in ("axis", "allies")},
        "mean_turns": round(sum(r["turns"] for r in records) / n, 1),
        "final_vp": dict(sorted(finals.items(), key=lambda kv: -kv[1])[:8]),
        "vp_area_held_at_end": {a: dict(sorted(h.items())) for a, h in sorted(holders.items())},
    }


def rescore(records: list[dict[str, Any]], layout: dict[str, int]) -> dict[str, int]:
    """Finished games scored under another VP layout (area -> VP) from the areas each side
    held at the end: who would have had 15 at the last turn. A first filter only: the
    heuristic's prizes follow the VP, so a layout changes the play, and a game that ended
    early by a decisive victory is scored where it stopped."""
    tally = {"axis": 0, "allies": 0, "draw": 0}
    for r in records:
        axis = sum(vp for area, vp in layout.items() if area in r["axis_areas"])
        allies = sum(vp for area, vp in layout.items() if area in r["allied_areas"])
        tally["axis" if axis >= 15 else "allies" if allies >= 15 else "draw"] += 1
    return tally


def parse_layout(text: str) -> dict[str, int]:
    """`london=3,paris=3,...`: every VP area of the proposed layout (26 VP in all)."""
    try:
        layout = {area.strip(): int(vp) for area, vp in (part.split("=") for part in text.split(","))}
    except ValueError:
        raise SystemExit("--rescore: write the layout as area=vp,area=vp,...") from None
    unknown = sorted(set(layout) - set(vmap().land_ids))
    if unknown or sum(layout.values()) != 26:
        raise SystemExit(f"--rescore: unknown areas {unknown} or not 26 VP ({sum(layout.values())})")
    return layout


def run(scenario: str, games: int, seed: int, workers: int, label: str, vs_random: bool) -> dict[str, Any]:
    kind = "vsrandom" if vs_random else "balance"
    path = RESULTS / f"virtuti-{kind}-{label}-{scenario}.jsonl"
    done: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                rec = json.loads(line)
                done[rec["game"]] = rec
    jobs = [(scenario, g, s) for g, s in enumerate(game_seeds(seed, games)) if g not in done]
    with path.open("a") as out, Pool(workers) as pool:
        for rec in pool.imap_unordered(play_random if vs_random else play_one, jobs):
            done[rec["game"]] = rec
            out.write(json.dumps(rec) + "\n")
            out.flush()
            print(f"{scenario} {len(done)}/{games}: {rec['winner'] or 'draw'} ({rec['how']})",
                  file=sys.stderr, flush=True)  # fmt: skip
    records = [done[g] for g in sorted(done) if g < games]
    return summarize_random(records) if vs_random else summarize(records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="games per scenario")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--label", default="current", help="names the results files")
    parser.add_argument("--scenario", choices=SCENARIOS, action="append", help="default: both")
    parser.add_argument("--vs-random", action="store_true", help="the heuristic against random play instead")
    parser.add_argument("--show", type=int, metavar="SEED", help="print the public log of one game")
    parser.add_argument("--rescore", metavar="LAYOUT", help="score the finished games under area=vp,...")
    args = parser.parse_args()
    if args.rescore is not None:
        layout = parse_layout(args.rescore)
        for scenario in args.scenario or SCENARIOS:
            path = RESULTS / f"virtuti-balance-{args.label}-{scenario}.jsonl"
            if not path.exists():
                raise SystemExit(f"--rescore: no records {path}")
            records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
            print(scenario, len(records), rescore(records, layout))
        return
    if args.show is not None:
        scenario = (args.scenario or SCENARIOS)[0]
        print(json.dumps(play_one((scenario, 0, args.show), show=True)))
        return
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    RESULTS.mkdir(parents=True, exist_ok=True)
    summary = {
        scenario: run(scenario, args.games, args.seed, args.workers, args.label, args.vs_random)
        for scenario in args.scenario or SCENARIOS
    }
    kind = "vsrandom" if args.vs_random else "balance"
    (RESULTS / f"virtuti-{kind}-{args.label}.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
