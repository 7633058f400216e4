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
import statistics
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, never a window
import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

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
def _png(figure: Figure, alt: str) -> str:
    """The figure as an embedded PNG; `alt` says what it shows, with its main numbers."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="{html.escape(alt, quote=True)}" src="data:image/png;base64,{data}">'


def _listed(items: list[str], most: int = 24) -> str:
    """Items for an alt text, the rest counted rather than dropped silently."""
    shown = "; ".join(items[:most])
    return shown + (f"; and {len(items) - most} more (see the table)" if len(items) > most else "")


def _pct1(rate: float) -> str:
    return f"{100 * rate:.1f} %"


def turn_position(game: Record, role: str) -> int:
    """1 for the role that takes the first turn: by the turn order the game recorded
    (Viktory II draws its first player), else by seating order."""
    order = game.get("order")
    if not order:  # seat i played role (i + rotation) mod n: undo the rotation
        n, rotation = len(game["roles"]), int(game.get("rotation", 0))
        order = [game["roles"][(j - rotation) % n] for j in range(n)]
    return list(order).index(role) + 1


def rates(games: list[Record], key: str, by_agent: bool = False) -> list[dict[str, Any]]:
    """Win counts and rates with intervals, by "seat" (and its agent), "role",
    "agent" or turn "position" (1 moves first); with `by_agent`, positions and roles
    are split by the agent that held them ("turn 1 · heuristic"), agent by agent."""
    wins: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    agent_of: dict[str, str] = {}
    order: list[str] = []
    if key == "position" and not by_agent:
        players = len(games[0]["roles"]) if games else 0
        order = [f"turn {i}" for i in range(1, players + 1)]  # in turn order, whatever comes first
    for g in games:
        for seat, (agent, role) in enumerate(zip(g["seats"], g["roles"], strict=True)):
            if key == "position":
                name = f"turn {turn_position(g, role)}"
            else:
                name = {"seat": f"seat {seat} ({agent})", "role": role, "agent": agent}[key]
            if by_agent and key in ("position", "role"):
                name += content.AGENT_SEP + agent
            agent_of[name] = agent
            if name not in played and name not in order:
                order.append(name)
            played[name] += 1
            if not g["unfinished"] and not g["draw"] and g["winners"] == [seat]:
                wins[name] += 1
    if by_agent and key in ("position", "role"):  # agent by agent, each in turn (or first-seen) order
        first_seen = {name: i for i, name in enumerate(order)}
        if key == "position":  # "turn 2 · random" comes after "turn 1 · random"
            first_seen = {name: int(name.split()[1]) for name in order}
        order.sort(key=lambda name: (agent_of[name], first_seen[name]))
    out = []
    for name in order:
        if not played[name]:
            continue
        lo, hi = wilson(int(wins[name]), played[name])
        out.append({"name": name, "games": played[name], "wins": int(wins[name]),
                    "rate": wins[name] / played[name], "ci95": (lo, hi),
                    "agent": agent_of[name] if by_agent or key in ("seat", "agent") else None})  # fmt: skip
    return out


def mirror(games: list[Record]) -> bool:
    """Did one agent hold every seat of every game (like compared with like)?"""
    return len(content.agents(games)) <= 1


def seat_baselines(games: list[Record], by_agent: bool) -> dict[str | None, content.Base]:
    """What a seat, role or turn position would win if it made no difference: the fair
    share of the decided games (mirror matches), else each agent's own share of its games."""
    decided = [g for g in games if not g["unfinished"] and not g["draw"] and len(g["winners"]) == 1]
    if not by_agent:
        name = "fair share" if len(decided) == len(games) else "fair share of the decided games"
        return {None: (len(decided) / len(games) / len(games[0]["roles"]), name)}
    return {r["name"]: (r["rate"], f"{r['name']}'s own share") for r in rates(games, "agent")}


def _bar_alt(rows: list[dict[str, Any]], title: str, unit: str) -> str:
    items = [f"{r['name']}: {_pct1(r['rate'])} of {r['games']} {unit} (95 %: {_pct1(r['ci95'][0])} to "
             f"{_pct1(r['ci95'][1])})" + (f", against {_pct1(r['base'])}" if "base" in r else "")
             for r in rows]  # fmt: skip
    return f"Bar chart, {title}: {_listed(items)}."


def _bars(rows: list[dict[str, Any]], title: str, measure: str, unit: str = "games") -> str:
    """Horizontal bars with 95 % intervals and n on every bar; a dashed mark at each
    row's baseline when the rows are judged (content.judge)."""
    figure, axes = plt.subplots(figsize=(6.4, 0.6 + 0.45 * len(rows)))
    names = [f"{r['name']} (n {r['games']})" for r in rows]
    values = [r["rate"] for r in rows]
    errors = [[r["rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["rate"] for r in rows]]
    axes.barh(names, values, xerr=errors, color="#4a7ab5", ecolor="#222", capsize=4)
    bases = {r["base_name"]: r["base"] for r in rows if "base" in r}
    for i, row in enumerate(rows):
        if "base" in row:
            axes.plot([row["base"]] * 2, [i - 0.45, i + 0.45], color="#b5504a", linestyle="--")
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter(PercentFormatter(1.0))
    axes.invert_yaxis()
    if len(bases) == 1:
        ((name, value),) = bases.items()
        dashed = f"; dashed: {name} {value:.0%}"
    else:
        dashed = "; dashed: each agent's own share" if bases else ""
    axes.set_xlabel(f"{measure}, % (95 % interval){dashed}")
    axes.set_title(title)
    return _png(figure, _bar_alt(rows, title, unit))


def _lengths(games: list[Record], title: str) -> str:
    actions = [g["actions"] for g in games]
    turns = [g["turns"] for g in games if g.get("turns") is not None]
    panels = 2 if turns else 1
    figure, axes = plt.subplots(1, panels, figsize=(6.4 if panels == 1 else 9.6, 3))
    axes_list = list(axes) if panels == 2 else [axes]
    axes_list[0].hist(actions, bins=min(30, max(5, len(set(actions)))), color="#4a7ab5")
    axes_list[0].set_xlabel("actions per game")
    axes_list[0].set_ylabel("games")
    alt = (f"Histograms, {title}, {len(games)} games: actions per game from {min(actions)} to "
           f"{max(actions)}, median {statistics.median(actions):g}")  # fmt: skip
    if turns:
        axes_list[1].hist(turns, bins=min(30, max(5, len(set(turns)))), color="#6a9a5a")
        axes_list[1].set_xlabel("turns per game")
        axes_list[1].set_ylabel("games")
        alt += f"; turns per game from {min(turns)} to {max(turns)}, median {statistics.median(turns):g}"
    figure.suptitle(f"{title} (n {len(games)} games)")
    return _png(figure, alt + ".")


def score_curves(games: list[Record], by_agent: bool = False) -> dict[str, list[tuple[int, float, int]]]:
    """Per role (and agent that held it, with `by_agent`), (actions into the game, mean
    score, games counted) at each timeline point reached by at least a tenth of the games."""
    sums: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        for actions, _turns, scores in g.get("timeline") or []:
            for role, score in scores.items():
                key = role + (content.AGENT_SEP + content.agent_of(g, role) if by_agent else "")
                sums[key][int(actions)].append(float(score))
    return {
        role: sorted(
            (x, sum(v) / len(v), len(v)) for x, v in points.items() if len(v) >= max(1, len(games) // 10)
        )
        for role, points in sums.items()
    }


def _scores(games: list[Record], title: str, by_agent: bool) -> str | None:
    curves = score_curves(games, by_agent)
    if not curves:
        return None
    figure, axes = plt.subplots(figsize=(6.4, 3.2))
    items = []
    for role, points in curves.items():
        first, last = points[0], points[-1]
        axes.plot([p[0] for p in points], [p[1] for p in points],
                  label=f"{role} (n {first[2]} games at the start, {last[2]} at the end)")  # fmt: skip
        items.append(f"{role} {first[1]:.1f} points at action {first[0]} (n {first[2]}) to {last[1]:.1f} "
                     f"at action {last[0]} (n {last[2]})")  # fmt: skip
    axes.set_xlabel("actions into the game")
    axes.set_ylabel("mean score, points")
    axes.legend(fontsize="small")
    axes.set_title(title)
    return f"<h3>{html.escape(title)}</h3>" + _png(figure, f"Line chart, {title}: {_listed(items)}.")


def _elo(report: dict[str, Any], title: str) -> str:
    rows = report["ratings"]
    figure, axes = plt.subplots(figsize=(6.4, 0.6 + 0.45 * len(rows)))
    names = [r["agent"] for r in rows]
    values = [r["elo"] for r in rows]
    errors = [[r["elo"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["elo"] for r in rows]]
    axes.errorbar(values, names, xerr=errors, fmt="o", color="#4a7ab5", ecolor="#222", capsize=4)
    axes.axvline(0, color="#999", linewidth=0.8)
    axes.invert_yaxis()
    axes.set_xlabel("Elo points (95 % bootstrap interval, mean 0)")
    axes.set_title(title)
    items = [f"{r['agent']} {r['elo']:+.0f} ({r['ci95'][0]:+.0f} to {r['ci95'][1]:+.0f})" for r in rows]
    return _png(figure, f"Dot chart, {title} over {report['games']} games: {_listed(items)}.")


# ----- designed content (sim/content.py) ----------------------------------------------------
def _content_figure(figure: dict[str, Any], rows: Any, unit: str) -> str:
    kind, title = figure["kind"], figure["title"]
    if kind in ("win_rate", "share"):
        return _bars(rows, title, "share of games won" if kind == "win_rate" else "share of games", unit)
    if kind == "mean":
        axes_figure, axes = plt.subplots(figsize=(6.4, 0.6 + 0.45 * len(rows)))
        values = [r["mean"] for r in rows]
        finite = [math.isfinite(r["ci95"][0]) for r in rows]  # one game: no interval
        pairs = list(zip(rows, finite, strict=True))
        errors = [[r["mean"] - r["ci95"][0] if ok else 0 for r, ok in pairs],
                  [r["ci95"][1] - r["mean"] if ok else 0 for r, ok in pairs]]  # fmt: skip
        names = [f"{r['name']} (n {r['games']})" for r in rows]
        axes.barh(names, values, xerr=errors, color="#6a9a5a", ecolor="#222", capsize=4)
        axes.invert_yaxis()
        axes.set_xlabel("mean (95 % interval)")
        axes.set_title(title)
        items = [f"{r['name']}: mean {r['mean']:.2f} over {r['games']} games"
                 + (f" (95 %: {r['ci95'][0]:.2f} to {r['ci95'][1]:.2f})" if ok else "")
                 for r, ok in pairs]  # fmt: skip
        return _png(axes_figure, f"Bar chart, {title}: {_listed(items)}.")
    axes_figure, axes = plt.subplots(figsize=(6.4, 3.2))
    items = []
    for role, points in sorted(rows.items()):
        axes.plot([p[0] + 1 for p in points], [p[1] for p in points], marker="o", label=role)
        for turn, value, n in points:  # n on every point
            axes.annotate(f"n {n}", (turn + 1, value), fontsize=6, textcoords="offset points", xytext=(0, 4))
        items.append(f"{role} from {points[0][1]:.1f} at turn {points[0][0] + 1} (n {points[0][2]}) to "
                     f"{points[-1][1]:.1f} at turn {points[-1][0] + 1} (n {points[-1][2]})")  # fmt: skip
    axes.set_xlabel("turn")
    axes.set_ylabel("mean over the games")
    axes.legend(fontsize="small")
    axes.set_title(title)
    return _png(axes_figure, f"Line chart, {title}: {_listed(items)}.")


def _content_table(figure: dict[str, Any], rows: Any, unit: str) -> str:
    if figure["kind"] == "series":
        body = "".join(
            f"<tr><td>{html.escape(role)}</td><td>{p[0] + 1}</td><td>{p[2]}</td><td>{p[1]:.1f}</td></tr>"
            for role, points in sorted(rows.items()) for p in points
        )  # fmt: skip
        return f"<table><tr><th>side</th><th>turn</th><th>games</th><th>mean</th></tr>{body}</table>"
    if figure["kind"] == "mean":
        body = "".join(
            f"<tr><td>{html.escape(r['name'])}</td><td>{r['games']}</td><td>{r['mean']:.2f}</td><td>"
            + (f"{r['ci95'][0]:.2f} – {r['ci95'][1]:.2f}" if math.isfinite(r["ci95"][0]) else "–")
            + "</td></tr>" for r in rows
        )  # fmt: skip
        head = "<tr><th>group</th><th>games</th><th>mean</th><th>95 % interval</th></tr>"
        return f"<table>{head}{body}</table>"
    if figure["kind"] == "share":
        return _table(rows, "group", ("holds in", "share of games"))
    return _table(rows, "group", unit=unit)


def content_section(
    ruleset_ref: str, games: list[Record], by_agent: bool = False
) -> tuple[str, list[dict[str, Any]]]:
    """The "Designed content" part of a set-up and its figures' readings ("" when the
    ruleset has no hook or none of its games recorded facts). With `by_agent`, every
    figure's groups are split by the agent that held the role (sim/content.py)."""
    recorded = [g for g in games if g.get("content")]
    if not recorded:
        return "", []
    try:
        ruleset_id = get_ruleset(ruleset_ref).id
    except UnknownRuleset:  # a ruleset this installation cannot load: no content figures
        return "", []
    split = " Each group is split by the agent that held the role." if by_agent else ""
    parts = [f"<h3>Designed content</h3><p>From the {len(recorded)} of {len(games)} games "
             f"that recorded their content facts.{split}</p>"]  # fmt: skip
    readings = []
    for figure in content.figures_of(ruleset_id):
        rows = content.compute(recorded, figure, by_agent)
        bases = content.baselines(recorded, figure, by_agent) if figure["kind"] == "win_rate" else None
        line = content.reading(figure, rows, bases)
        if bases is not None and rows:
            rows = content.judge(rows, bases)
        readings.append({"figure": figure["title"], "reading": line, "rows": rows})
        parts.append(f"<h4>{html.escape(figure['title'])}</h4><p><b>{html.escape(line)}</b></p>")
        if rows:
            unit = "player-games" if figure.get("per_role") else "games"
            parts += [_content_figure(figure, rows, unit), _content_table(figure, rows, unit)]
    return "\n".join(parts), readings


# ----- the page -------------------------------------------------------------------------------
def _table(
    rows: list[dict[str, Any]],
    label: str,
    measure: tuple[str, str] = ("wins", "share won"),
    unit: str = "games",
) -> str:
    """Counts, shares and intervals; for judged rows (content.judge) the baseline, the
    Holm-corrected p-value over the table's rows and the verdict."""
    judged = bool(rows) and "p_holm" in rows[0]

    def verdict(r: dict[str, Any]) -> str:
        if not judged:
            return ""
        return (f"<td>{_pct1(r['base'])}</td><td>{r['p_holm']:.2g}</td>"
                f"<td>{'beyond chance' if r['beyond'] else 'within chance'}</td>")  # fmt: skip

    body = "".join(
        f"<tr><td>{html.escape(r['name'])}</td><td>{r['games']}</td><td>{r['wins']}</td>"
        f"<td>{_pct1(r['rate'])}</td><td>{_pct1(r['ci95'][0])} – {_pct1(r['ci95'][1])}</td>{verdict(r)}</tr>"
        for r in rows
    )
    extra = ("<th>compared with</th><th>p, Holm-corrected over the rows</th><th>verdict</th>"
             if judged else "")  # fmt: skip
    return (f"<table><tr><th>{label}</th><th>{unit}</th><th>{measure[0]}</th><th>{measure[1]}</th>"
            f"<th>95 % interval</th>{extra}</tr>{body}</table>")  # fmt: skip


LIKE_WITH_LIKE = {
    True: "mirror matches (one agent in every seat)",
    False: "per agent (each figure split by the agent that held the seat)",
}


def headline(label: str, games: list[Record]) -> dict[str, Any]:
    """The figures a designer reads first for a set-up. Shares are fractions of the
    games (0-1); "first_player" holds the first turn position's row, one per agent when
    agents differ, judged against the fair share (mirror) or the agent's own share."""
    n = len(games)
    players = len(games[0]["roles"])
    same = mirror(games)
    positions = content.judge(rates(games, "position", by_agent=not same), seat_baselines(games, not same))
    firsts = [r for r in positions if r["name"].split(content.AGENT_SEP)[0] == "turn 1"]
    pooled = firsts[0] if same and firsts else None
    return {
        "setup": label,
        "games": n,
        "players": players,
        "agents": content.agents(games),
        "compares": LIKE_WITH_LIKE[same],
        "draws": sum(1 for g in games if g["draw"]),
        "unfinished": sum(1 for g in games if g["unfinished"]),
        # pooled over unequal agents the first player's share measures who sat first: None then
        "first_player_win_rate": pooled["rate"] if pooled else None,
        "first_player_ci95": list(pooled["ci95"]) if pooled else None,
        "first_player": [
            {"agent": r["agent"], "games": r["games"], "wins": r["wins"], "share_won": r["rate"],
             "ci95": list(r["ci95"]), "compared_with": r["base"], "p_holm": r["p_holm"],
             "beyond_chance": r["beyond"]}
            for r in firsts
        ],
        "fair_share": 1 / players,
        "mean_actions": sum(g["actions"] for g in games) / n,
    }


def _first_player_text(head: dict[str, Any]) -> str:
    def one(r: dict[str, Any], who: str) -> str:
        verdict = "beyond chance" if r["beyond_chance"] else "within chance"
        return (f"{who} won {_pct1(r['share_won'])} of its {r['games']} games "
                f"(95 %: {_pct1(r['ci95'][0])} – {_pct1(r['ci95'][1])}) against {_pct1(r['compared_with'])}: "
                f"{verdict}, Holm-corrected p {r['p_holm']:.2g}")  # fmt: skip

    firsts = head["first_player"]
    if len(head["agents"]) <= 1:
        return f"The player who took the first turn {one(firsts[0], '')[1:]}." if firsts else ""
    return "Taking the first turn, per agent against its own share: " + "; ".join(
        one(r, html.escape(str(r["agent"]))) for r in firsts
    ) + "."


def _warning(head: dict[str, Any]) -> str:
    agents = ", ".join(html.escape(a) for a in head["agents"])
    return ('<p class="warning" role="note"><strong>Unequal agents.</strong> These games were played by '
            f"{agents}, not by one agent in every seat. Pooled, a seat, a role, a turn position or a fact "
            "a player chooses would be credited with the stronger agent's wins; so every share won below "
            "is split by the agent that held the seat and compared with that agent's own share. For a "
            "balance verdict, play mirror matches (the same agent in every seat).</p>")  # fmt: skip


def _section(label: str, games: list[Record], ref: str) -> tuple[str, dict[str, Any]]:
    games.sort(key=lambda g: int(g["game"]))
    head = headline(label, games)
    split = not mirror(games)
    bases = seat_baselines(games, split)
    position_rows = content.judge(rates(games, "position", split), bases)
    role_rows = content.judge(rates(games, "role", split), bases)
    seat_rows = content.judge(rates(games, "seat"), bases if split else {r["agent"]: bases[None]
                              for r in rates(games, "seat")})  # fmt: skip
    agent_rows = rates(games, "agent")
    n = head["games"]
    per = " per agent" if split else ""
    parts = [f"<h2>{html.escape(label)}</h2>", _warning(head) if split else ""]
    parts.append(
        f"<p>{n} games, {head['draws']} drawn, {head['unfinished']} unfinished; "
        f"{head['mean_actions']:.0f} actions per game on average. Compares like with like: "
        f"{head['compares']}. {_first_player_text(head)}</p>"
    )
    parts += [
        _bars(position_rows, f"share of games won by turn position{per} (first-player advantage), {n} games",
              "share of games won"),
        _table(position_rows, "turn position"),
        _bars(role_rows, f"share of games won per role{per}, {n} games", "share of games won"),
        _table(role_rows, "role"),
        _bars(seat_rows, f"share of games won per seat, {n} games", "share of games won"),
        _table(seat_rows, "seat"),
    ]  # fmt: skip
    if len(agent_rows) > 1:
        title = f"share of games won per agent (all seats), {n} games"
        parts += [_bars(agent_rows, title, "share of games won"), _table(agent_rows, "agent")]
    parts.append(_lengths(games, "game length"))
    curve = _scores(games, f"mean score per role{per} over the game", split)
    if curve:
        parts.append(curve)
    designed, readings = content_section(ref, games, by_agent=split)
    if designed:
        parts.append(designed)
        head["content"] = [{"figure": r["figure"], "reading": r["reading"]} for r in readings]
    return "\n".join(parts), head


def render(paths: Sequence[Path]) -> tuple[str, list[dict[str, Any]]]:
    """The report's HTML and its headline figures per set-up."""
    groups, tournaments, refs = _load(paths)
    sections, headlines = [], []
    for label, games in sorted(groups.items()):
        section, head = _section(label, games, refs[label])
        sections.append(section)
        headlines.append(head)
    for run, games in tournaments:
        report = standings(games, list(run["agents"]), int(run["master_seed"]))
        title = f"Tournament ({run['format']}) on {run['ruleset']}: {report['games']} games"
        rows = "".join(
            f"<tr><td>{html.escape(r['agent'])}</td><td>{r['elo']:+.0f}</td>"
            f"<td>{r['ci95'][0]:+.0f} – {r['ci95'][1]:+.0f}</td></tr>" for r in report["ratings"]
        )  # fmt: skip
        sections.append(
            f"<h2>{html.escape(title)}</h2>{_elo(report, 'Elo')}"
            f"<table><tr><th>agent</th><th>Elo points</th><th>95 % interval</th></tr>{rows}</table>"
        )
    unequal = [h["setup"] for h in headlines if len(h["agents"]) > 1]
    warning = (
        '<p class="warning" role="alert"><strong>Agents differ</strong> in '
        + ", ".join(html.escape(s) for s in unequal)
        + ": there the figures are split per agent; only mirror matches measure the game alone.</p>"
        if unequal else ""
    )  # fmt: skip
    page = PAGE.format(
        sources=html.escape(", ".join(str(p) for p in paths)),
        headlines=html.escape(json.dumps(headlines, indent=1)),
        warning=warning,
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
td {{ white-space: nowrap; }}
td:first-child, th:first-child {{ text-align: left; }}
img {{ display: block; max-width: 100%; margin: 0.5rem 0; }}
details pre {{ font-size: 0.8rem; }}
.warning {{ border-left: 0.4rem solid #b5504a; background: #fbeeed; padding: 0.5rem 0.8rem; }}
</style></head><body>
<h1>grognard balance report</h1>
<p>From {sources}. Shares are shares of games (or of player-games: one per player
of each game) in %, with n beside every one; intervals are 95 % Wilson intervals; a game
won by nobody alone (a draw) or cut off (unfinished) counts as no win. A group is
"beyond chance" only when an exact binomial test against its baseline stays below
5 % after Holm's correction over the groups of its figure; an interval that misses
the baseline is not enough when a figure has many groups.</p>
{warning}
{body}
<details><summary>Headline figures (JSON)</summary><pre>{headlines}</pre></details>
</body></html>
"""
