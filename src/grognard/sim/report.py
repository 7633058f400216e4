"""`grognard report`: a self-contained HTML balance report from results files.

Reads one or more JSON Lines results files (written by `simulate --out` or
`tournament --out`), groups their games by set-up (ruleset, scenario, options,
player count), and writes one HTML file whose plots are PNG images embedded as
base64, so it can be mailed or opened offline. For each set-up:

- win rate by turn position (1 = the player who took the first turn, from the turn
  order the game recorded, else the seating order: the first-player advantage), per
  role and per seat (the agent sitting there), with 95 % Wilson intervals and the
  fair share 1/n drawn in;
- win rate per agent over all its seats;
- the distribution of game lengths (actions, and turns where the ruleset counts them);
- the mean score of each role over the game, where the ruleset's board shows scores;
- "Designed content": the figures the ruleset's `content_report` hook describes,
  drawn from the facts its games recorded (sim/content.py), each with a one-line
  reading; games recorded without facts are left out of them.

Tournament files add the Elo table and plot (sim/tournament.py).
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, never a window
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from grognard.core.errors import UnknownRuleset

from . import content
from .local import wilson
from .play import get_ruleset
from .runner import ResultsFileError, read_results
from .tournament import standings

Record = dict[str, Any]


def setup_label(run: dict[str, Any], record: Record) -> str:
    """A set-up's name: ruleset, scenario, options, player count."""
    config = run.get("config") or {}
    ruleset = config.get("ruleset") or run.get("ruleset", "?")
    scenario = config.get("scenario") if "config" in run else run.get("scenario")
    options = config.get("options") if "config" in run else run.get("options")
    parts = [str(ruleset), f"{len(record['roles'])} players"]
    if scenario:
        parts.append(str(scenario))
    if options:
        parts.append(", ".join(f"{k}={v}" for k, v in sorted(options.items())))
    return " · ".join(parts)


Tournaments = list[tuple[dict[str, Any], list[Record]]]


def _load(paths: Sequence[Path]) -> tuple[dict[str, list[Record]], Tournaments, dict[str, str]]:
    groups: dict[str, list[Record]] = defaultdict(list)
    tournaments = []
    refs: dict[str, str] = {}
    for path in paths:
        header, games = read_results(path)
        if header is None:
            raise ResultsFileError(f"{path} does not exist or is empty")
        run = header["run"]
        ref = str((run.get("config") or {}).get("ruleset") or run.get("ruleset", "?"))
        for record in games:
            label = setup_label(run, record)
            groups[label].append(record)
            refs[label] = ref
        if run.get("command") == "tournament":
            tournaments.append((run, games))
    if not groups:
        raise ResultsFileError("the results files hold no finished game")
    return dict(groups), tournaments, refs


def load(paths: Sequence[Path]) -> tuple[dict[str, list[Record]], Tournaments]:
    """Games grouped by set-up, and the tournaments among the files."""
    groups, tournaments, _ = _load(paths)
    return groups, tournaments


# ----- figures ------------------------------------------------------------------------------
def _png(figure: Figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def turn_position(game: Record, role: str) -> int:
    """1 for the role that takes the first turn: by the turn order the game recorded
    (Viktory II draws its first player), else by seating order."""
    order = game.get("order")
    if not order:  # seat i played role (i + rotation) mod n: undo the rotation
        n, rotation = len(game["roles"]), int(game.get("rotation", 0))
        order = [game["roles"][(j - rotation) % n] for j in range(n)]
    return list(order).index(role) + 1


def rates(games: list[Record], key: str) -> list[dict[str, Any]]:
    """Win counts and rates with intervals, by "seat" (and its agent), "role",
    "agent" or turn "position" (1 moves first)."""
    wins: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    order: list[str] = []
    if key == "position":
        players = len(games[0]["roles"]) if games else 0
        order = [f"turn {i}" for i in range(1, players + 1)]  # in turn order, whatever comes first
    for g in games:
        for seat, (agent, role) in enumerate(zip(g["seats"], g["roles"], strict=True)):
            if key == "position":
                name = f"turn {turn_position(g, role)}"
            else:
                name = {"seat": f"seat {seat} ({agent})", "role": role, "agent": agent}[key]
            if name not in played and name not in order:
                order.append(name)
            played[name] += 1
            if not g["unfinished"] and not g["draw"] and g["winners"] == [seat]:
                wins[name] += 1
    out = []
    for name in order:
        if not played[name]:
            continue
        lo, hi = wilson(int(wins[name]), played[name])
        out.append({"name": name, "games": played[name], "wins": int(wins[name]),
                    "rate": wins[name] / played[name], "ci95": (lo, hi)})
    return out


def _bars(
    rows: list[dict[str, Any]],
    title: str,
    fair: float | None,
    measure: str = "win rate",
    counts: bool = False,
    fair_name: str = "fair share",
) -> str:
    figure, axes = plt.subplots(figsize=(6.4, 0.5 + 0.45 * len(rows)))
    names = [f"{r['name']} (n {r['games']})" if counts else r["name"] for r in rows]
    values = [r["rate"] for r in rows]
    errors = [[r["rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["rate"] for r in rows]]
    axes.barh(names, values, xerr=errors, color="#4a7ab5", ecolor="#222", capsize=4)
    if fair is not None:
        axes.axvline(fair, color="#b5504a", linestyle="--", label=f"fair share {fair:.0%}")
        if not counts:  # content figures say it under the axis: their long bars hide a legend
            axes.legend(loc="lower right")
    axes.set_xlim(0, 1)
    axes.invert_yaxis()
    dashed = f"; dashed: {fair_name} {fair:.0%}" if counts and fair is not None else ""
    axes.set_xlabel(f"{measure} (95 % interval){dashed}")
    axes.set_title(title)
    return _png(figure)


def _lengths(games: list[Record], title: str) -> str:
    actions = [g["actions"] for g in games]
    turns = [g["turns"] for g in games if g.get("turns") is not None]
    panels = 2 if turns else 1
    figure, axes = plt.subplots(1, panels, figsize=(6.4 if panels == 1 else 9.6, 3))
    axes_list = list(axes) if panels == 2 else [axes]
    axes_list[0].hist(actions, bins=min(30, max(5, len(set(actions)))), color="#4a7ab5")
    axes_list[0].set_xlabel("actions per game")
    axes_list[0].set_ylabel("games")
    if turns:
        axes_list[1].hist(turns, bins=min(30, max(5, len(set(turns)))), color="#6a9a5a")
        axes_list[1].set_xlabel("turns per game")
    figure.suptitle(title)
    return _png(figure)


def score_curves(games: list[Record]) -> dict[str, list[tuple[int, float]]]:
    """Per role, the mean score at each timeline point over the games still running."""
    sums: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        for actions, _turns, scores in g.get("timeline") or []:
            for role, score in scores.items():
                sums[role][int(actions)].append(float(score))
    return {
        role: sorted((x, sum(v) / len(v)) for x, v in points.items() if len(v) >= max(1, len(games) // 10))
        for role, points in sums.items()
    }


def _scores(games: list[Record], title: str) -> str | None:
    curves = score_curves(games)
    if not curves:
        return None
    figure, axes = plt.subplots(figsize=(6.4, 3.2))
    for role, points in curves.items():
        axes.plot([p[0] for p in points], [p[1] for p in points], label=role)
    axes.set_xlabel("actions into the game")
    axes.set_ylabel("mean score")
    axes.legend(fontsize="small")
    axes.set_title(title)
    return f"<h3>{html.escape(title)}</h3>" + _png(figure)


def _elo(report: dict[str, Any], title: str) -> str:
    rows = report["ratings"]
    figure, axes = plt.subplots(figsize=(6.4, 0.6 + 0.45 * len(rows)))
    names = [r["agent"] for r in rows]
    values = [r["elo"] for r in rows]
    errors = [[r["elo"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["elo"] for r in rows]]
    axes.errorbar(values, names, xerr=errors, fmt="o", color="#4a7ab5", ecolor="#222", capsize=4)
    axes.axvline(0, color="#999", linewidth=0.8)
    axes.invert_yaxis()
    axes.set_xlabel("Elo (95 % bootstrap interval, mean 0)")
    axes.set_title(title)
    return _png(figure)


# ----- designed content (sim/content.py) ----------------------------------------------------
def _content_figure(figure: dict[str, Any], rows: Any, base: tuple[float, str] | None) -> str:
    kind = figure["kind"]
    if kind in ("win_rate", "share"):
        measure = "win rate" if kind == "win_rate" else "share of games"
        fair, name = base if base is not None else (None, "")
        return _bars(rows, figure["title"], fair, measure, counts=True, fair_name=name)
    if kind == "mean":
        axes_figure, axes = plt.subplots(figsize=(6.4, 0.5 + 0.45 * len(rows)))
        values = [r["mean"] for r in rows]
        finite = [math.isfinite(r["ci95"][0]) for r in rows]  # one game: no interval
        pairs = list(zip(rows, finite, strict=True))
        errors = [[r["mean"] - r["ci95"][0] if ok else 0 for r, ok in pairs],
                  [r["ci95"][1] - r["mean"] if ok else 0 for r, ok in pairs]]  # fmt: skip
        names = [f"{r['name']} (n {r['games']})" for r in rows]
        axes.barh(names, values, xerr=errors, color="#6a9a5a", ecolor="#222", capsize=4)
        axes.invert_yaxis()
        axes.set_xlabel("mean (95 % interval)")
        axes.set_title(figure["title"])
        return _png(axes_figure)
    axes_figure, axes = plt.subplots(figsize=(6.4, 3.2))
    for role, points in sorted(rows.items()):
        axes.plot([p[0] + 1 for p in points], [p[1] for p in points], marker="o", label=role)
    axes.set_xlabel("turn")
    axes.set_ylabel("mean over the games")
    axes.legend(fontsize="small")
    axes.set_title(figure["title"])
    return _png(axes_figure)


def _content_table(figure: dict[str, Any], rows: Any) -> str:
    if figure["kind"] == "series":
        body = "".join(
            f"<tr><td>{html.escape(role)}</td><td>{p[0] + 1}</td><td>{p[2]}</td><td>{p[1]:.1f}</td></tr>"
            for role, points in sorted(rows.items()) for p in points
        )
        return f"<table><tr><th>side</th><th>turn</th><th>games</th><th>mean</th></tr>{body}</table>"
    if figure["kind"] == "mean":
        body = "".join(
            f"<tr><td>{html.escape(r['name'])}</td><td>{r['games']}</td><td>{r['mean']:.2f}</td><td>"
            + (f"{r['ci95'][0]:.2f} – {r['ci95'][1]:.2f}" if math.isfinite(r["ci95"][0]) else "–")
            + "</td></tr>" for r in rows
        )
        return f"<table><tr><th>group</th><th>n</th><th>mean</th><th>95 % interval</th></tr>{body}</table>"
    return _table(rows, "group")


def content_section(ruleset_ref: str, games: list[Record]) -> tuple[str, list[dict[str, Any]]]:
    """The "Designed content" part of a set-up and its figures' readings ("" when the
    ruleset has no hook or none of its games recorded facts)."""
    recorded = [g for g in games if g.get("content")]
    if not recorded:
        return "", []
    try:
        ruleset_id = get_ruleset(ruleset_ref).id
    except UnknownRuleset:  # a ruleset this installation cannot load: no content figures
        return "", []
    parts = [f"<h3>Designed content</h3><p>From the {len(recorded)} of {len(games)} games "
             "that recorded their content facts.</p>"]  # fmt: skip
    readings = []
    for figure in content.figures_of(ruleset_id):
        rows = content.compute(recorded, figure)
        base = content.baseline(recorded, figure)
        line = content.reading(figure, rows, base)
        readings.append({"figure": figure["title"], "reading": line, "rows": rows})
        parts.append(f"<h4>{html.escape(figure['title'])}</h4><p><b>{html.escape(line)}</b></p>")
        if rows:
            parts += [_content_figure(figure, rows, base), _content_table(figure, rows)]
    return "\n".join(parts), readings


# ----- the page -------------------------------------------------------------------------------
def _table(rows: list[dict[str, Any]], label: str) -> str:
    body = "".join(
        f"<tr><td>{html.escape(r['name'])}</td><td>{r['games']}</td><td>{r['wins']}</td>"
        f"<td>{r['rate']:.1%}</td><td>{r['ci95'][0]:.1%} – {r['ci95'][1]:.1%}</td></tr>"
        for r in rows
    )
    return (f"<table><tr><th>{label}</th><th>games</th><th>wins</th><th>win rate</th>"
            f"<th>95 % interval</th></tr>{body}</table>")


def headline(label: str, games: list[Record]) -> dict[str, Any]:
    """The figures a designer reads first for a set-up."""
    n = len(games)
    players = len(games[0]["roles"])
    positions = rates(games, "position")
    first = positions[0] if positions else None
    return {
        "setup": label,
        "games": n,
        "players": players,
        "draws": sum(1 for g in games if g["draw"]),
        "unfinished": sum(1 for g in games if g["unfinished"]),
        "first_player_win_rate": first["rate"] if first else None,
        "first_player_ci95": list(first["ci95"]) if first else None,
        "fair_share": 1 / players,
        "mean_actions": sum(g["actions"] for g in games) / n,
    }


def render(paths: Sequence[Path]) -> tuple[str, list[dict[str, Any]]]:
    """The report's HTML and its headline figures per set-up."""
    groups, tournaments, refs = _load(paths)
    sections, headlines = [], []
    for label, games in sorted(groups.items()):
        games.sort(key=lambda g: int(g["game"]))
        head = headline(label, games)
        headlines.append(head)
        fair = head["fair_share"]
        seat_rows, role_rows, agent_rows = rates(games, "seat"), rates(games, "role"), rates(games, "agent")
        position_rows = rates(games, "position")
        parts = [
            f"<h2>{html.escape(label)}</h2>",
            f"<p>{head['games']} games, {head['draws']} drawn, {head['unfinished']} unfinished; "
            f"{head['mean_actions']:.0f} actions on average. The player who took the first turn "
            f"won {head['first_player_win_rate']:.1%} "
            f"(95 %: {head['first_player_ci95'][0]:.1%} – {head['first_player_ci95'][1]:.1%}) "
            f"against a fair share of {fair:.1%}.</p>",
            _bars(position_rows, "win rate by turn position (first-player advantage)", fair),
            _table(position_rows, "turn position"),
            _bars(role_rows, "win rate per role", fair),
            _table(role_rows, "role"),
            _bars(seat_rows, "win rate per seat", fair),
            _table(seat_rows, "seat"),
        ]
        if len(agent_rows) > 1:
            parts += [_bars(agent_rows, "win rate per agent (all seats)", None), _table(agent_rows, "agent")]
        parts.append(_lengths(games, "game length"))
        curve = _scores(games, "mean score per role over the game")
        if curve:
            parts.append(curve)
        designed, readings = content_section(refs[label], games)
        if designed:
            parts.append(designed)
            head["content"] = [{"figure": r["figure"], "reading": r["reading"]} for r in readings]
        sections.append("\n".join(parts))
    for run, games in tournaments:
        report = standings(games, list(run["agents"]), int(run["master_seed"]))
        title = f"Tournament ({run['format']}) on {run['ruleset']}: {report['games']} games"
        rows = "".join(
            f"<tr><td>{html.escape(r['agent'])}</td><td>{r['elo']:+.0f}</td>"
            f"<td>{r['ci95'][0]:+.0f} – {r['ci95'][1]:+.0f}</td></tr>" for r in report["ratings"]
        )
        sections.append(
            f"<h2>{html.escape(title)}</h2>{_elo(report, 'Elo')}"
            f"<table><tr><th>agent</th><th>Elo</th><th>95 % interval</th></tr>{rows}</table>"
        )
    page = PAGE.format(
        sources=html.escape(", ".join(str(p) for p in paths)),
        headlines=html.escape(json.dumps(headlines, indent=1)),
        body="\n".join(sections),
    )
    return page, headlines


def write_report(paths: Path | Sequence[Path], target: Path) -> list[dict[str, Any]]:
    """Write the HTML report; returns the headline figures per set-up."""
    sources = [paths] if isinstance(paths, Path) else list(paths)
    page, headlines = render(sources)
    target.write_text(page)
    return headlines


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>grognard balance report</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; color: #222; }}
table {{ border-collapse: collapse; margin: 0.5rem 0 1.5rem; }}
td, th {{ border: 1px solid #ccc; padding: 0.2rem 0.6rem; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
img {{ display: block; max-width: 100%; margin: 0.5rem 0; }}
details pre {{ font-size: 0.8rem; }}
</style></head><body>
<h1>grognard balance report</h1>
<p>From {sources}. Intervals are 95 % Wilson intervals; a game won by nobody alone
(a draw) or cut off (unfinished) counts as no win.</p>
{body}
<details><summary>Headline figures (JSON)</summary><pre>{headlines}</pre></details>
</body></html>
"""
