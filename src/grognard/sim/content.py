"""Designed-content balance: a ruleset's own facts per game and the figures drawn from them.

A ruleset may provide a module `grognard.games.<id>.content_report` with

- `content_facts(initial, final) -> dict`: small JSON facts about one game, computed
  from its state after set-up and its last state only (so a game record stays a pure
  function of config and seed); the runner stores them as the record's "content";
- `FIGURES`: a list of figure descriptions (plain dicts) telling the report what to
  draw from those facts:

  {"kind": "win_rate", "fact": name, "title": ..., "per_role": True}
      the fact is {role: value}: each role of each game is one trial, grouped by its
      value (a dict value gives one group per "key value"), won when that role won alone;
  {"kind": "win_rate", "fact": name, "title": ..., "role": role}
      the fact is one value (or a dict of them) per game: each game is one trial for
      `role`, grouped by the value;
  {"kind": "share", "fact": name, "title": ...}
      the fact is a dict of booleans (or one boolean): the share of games where each holds;
  {"kind": "mean", "fact": name, "title": ..., "by": other fact or absent}
      the fact is {role: number}, averaged per value of `by` ({role: label}) or per role;
      or a dict {key: number} per game, averaged per key;
  {"kind": "series", "fact": name, "title": ...}
      the fact is {role: [number per turn]}: each role's mean at each turn.

Games whose record has no "content" (older files, rulesets without the hook) are left
out of these figures. Nothing here names a ruleset.

Like with like: when the games of a set-up were not played by one agent in every seat
(heuristic against random, a tournament), a fact a player chooses goes with the agent
that chose it, and so does winning. The report then asks `win_rate`, `mean` and
`series` to split every group by the agent that held the role (`by_agent=True`), and
compares each agent's groups with that agent's own rate (`baseline(..., agent=...)`).

Many groups: a win-rate figure's verdict ("beyond chance") comes from exact binomial
tests of every group against its baseline, corrected for the number of groups with
Holm's step-down procedure (`judge`); one group of four games won four times is not
beyond chance, though its 95 % interval may exclude the baseline.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .content_hook import content_module, facts_hook, figures_of
from .local import Z95, wilson

Record = dict[str, Any]
__all__ = [
    "ALPHA", "agent_of", "agents", "baseline", "baselines", "binomial_p", "compute", "content_module",
    "facts_hook", "figures_of", "holm", "judge", "mean", "reading", "series", "share", "strength", "win_rate",
    "won_alone",
]  # fmt: skip
#: The family-wise error rate of a figure's verdicts (Holm over its groups).
ALPHA = 0.05
AGENT_SEP = " · "


# ----- outcomes ---------------------------------------------------------------------------
def won_alone(game: Record, role: str) -> bool:
    """Did `role` win this game by itself (no draw, not cut off)?"""
    if game["unfinished"] or game["draw"] or len(game["winners"]) != 1:
        return False
    return bool(game["roles"][game["winners"][0]] == role)


def agent_of(game: Record, role: str) -> str:
    """The agent that held `role` in this game."""
    return str(game["seats"][list(game["roles"]).index(role)])


def agents(games: Iterable[Record]) -> list[str]:
    """Every agent that sat in these games, sorted: one name for mirror matches."""
    return sorted({str(agent) for game in games for agent in game["seats"]})


def _fact(game: Record, name: str) -> Any:
    return (game.get("content") or {}).get(name)


def _labels(value: Any) -> list[str]:
    """The groups a value falls in: one, or one per key of a dict ("key value")."""
    if isinstance(value, Mapping):
        return [f"{k} {v}" for k, v in sorted(value.items())]
    return [str(value)]


def _sort_key(label: str) -> tuple[str, float, str]:
    head, _, tail = label.rpartition(" ")
    try:
        return (head, float(tail.rstrip("+")), label)
    except ValueError:
        return (label, 0.0, label)


def _split(label: str) -> tuple[str, str | None]:
    group, _, agent = label.partition(AGENT_SEP)
    return group, agent or None


def _agent_key(label: str) -> tuple[str, tuple[str, float, str]]:
    group, agent = _split(label)
    return (agent or "", _sort_key(group))


def _rate_rows(wins: Mapping[str, int], trials: Mapping[str, int]) -> list[dict[str, Any]]:
    rows = []
    for name in sorted(trials, key=_agent_key):
        lo, hi = wilson(wins.get(name, 0), trials[name])
        rows.append({"name": name, "games": trials[name], "wins": wins.get(name, 0),
                     "rate": wins.get(name, 0) / trials[name], "ci95": (lo, hi),
                     "agent": _split(name)[1]})  # fmt: skip
    return rows


def _observations(game: Record, figure: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """(role, observed value) pairs of one game for a win-rate figure."""
    value = _fact(game, figure["fact"])
    if value is None:
        return []
    if figure.get("per_role"):
        return [(role, value[role]) for role in game["roles"] if value.get(role) is not None]
    return [(str(figure["role"]), value)]


def win_rate(
    games: Iterable[Record], figure: Mapping[str, Any], by_agent: bool = False
) -> list[dict[str, Any]]:
    """Win rate per group of the fact's value (see the module's docstring); with
    `by_agent`, per group and agent that held the role ("mountain 2 · heuristic")."""
    wins: dict[str, int] = defaultdict(int)
    trials: dict[str, int] = defaultdict(int)
    for game in games:
        for role, observed in _observations(game, figure):
            suffix = AGENT_SEP + agent_of(game, role) if by_agent else ""
            for label in _labels(observed):
                trials[label + suffix] += 1
                wins[label + suffix] += won_alone(game, role)
    return _rate_rows(wins, trials)


def share(games: Iterable[Record], figure: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The share of games in which each boolean of the fact holds ("wins" = holds)."""
    holds: dict[str, int] = defaultdict(int)
    trials: dict[str, int] = defaultdict(int)
    order: list[str] = []
    for game in games:
        value = _fact(game, figure["fact"])
        if value is None:
            continue
        items = value.items() if isinstance(value, Mapping) else [(figure["fact"], value)]
        for name, flag in items:
            if name not in trials:
                order.append(name)
            trials[name] += 1
            holds[name] += bool(flag)
    rows = _rate_rows(holds, trials)
    return sorted(rows, key=lambda r: order.index(r["name"]))


def _mean_row(name: str, values: list[float]) -> dict[str, Any]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return {"name": name, "games": len(values), "mean": mean, "ci95": (mean - half, mean + half)}


def _suffix(game: Record, key: str, by_agent: bool) -> str:
    """The " · agent" for a role's key when splitting by agent; "" for a key that is no role
    (a terrain, a milestone: a fact of the whole game)."""
    return AGENT_SEP + agent_of(game, key) if by_agent and key in game["roles"] else ""


def mean(games: Iterable[Record], figure: Mapping[str, Any], by_agent: bool = False) -> list[dict[str, Any]]:
    """Mean of a numeric fact per group, with a 95 % normal interval (with `by_agent`,
    a role's number is grouped with the agent that held the role)."""
    values: dict[str, list[float]] = defaultdict(list)
    for game in games:
        value = _fact(game, figure["fact"])
        if value is None:
            continue
        by = _fact(game, figure["by"]) if figure.get("by") else None
        if figure.get("by") and by is None:
            continue
        for key, number in value.items():
            if number is None:
                continue
            suffix = _suffix(game, str(key), by_agent)
            if by is not None:
                for label in _labels(by.get(key)) if by.get(key) is not None else []:
                    values[label + suffix].append(float(number))
            else:
                values[str(key) + suffix].append(float(number))
    return [_mean_row(name, values[name]) for name in sorted(values, key=_agent_key)]


def series(
    games: Iterable[Record], figure: Mapping[str, Any], by_agent: bool = False
) -> dict[str, list[tuple[int, float, int]]]:
    """Per role (and agent, with `by_agent`), (turn index, mean, games still counted) at each turn."""
    points: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for game in games:
        value = _fact(game, figure["fact"])
        for role, numbers in (value or {}).items():
            for i, number in enumerate(numbers):
                points[role + _suffix(game, role, by_agent)][i].append(float(number))
    return {
        role: [(i, statistics.fmean(v), len(v)) for i, v in sorted(by_turn.items())]
        for role, by_turn in points.items()
    }


# ----- verdicts: exact tests, corrected for the number of groups ------------------------------
Base = tuple[float, str]


def binomial_p(wins: int, n: int, rate: float) -> float:
    """Two-sided exact binomial test of `wins` in `n` against `rate`: the probability,
    under `rate`, of every count no more likely than the one seen (the "minlike" rule
    of scipy.stats.binomtest; Hollander, Wolfe & Chicken, Nonparametric Statistical
    Methods, 3rd ed., 2014, section 2.1)."""
    if n == 0:
        return 1.0
    if rate <= 0.0 or rate >= 1.0:
        return 1.0 if wins == (0 if rate <= 0.0 else n) else 0.0

    def log_pmf(k: int) -> float:
        return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                + k * math.log(rate) + (n - k) * math.log1p(-rate))  # fmt: skip

    seen = log_pmf(wins) + 1e-7  # relative tolerance: equal probabilities count as equal
    return min(1.0, sum(math.exp(lp) for k in range(n + 1) if (lp := log_pmf(k)) <= seen))


def holm(p_values: list[float]) -> list[float]:
    """Holm-adjusted p-values, in the given order: a group is beyond chance at family-wise
    level a when its adjusted p is below a. Holm, S. (1979), "A simple sequentially
    rejective multiple test procedure", Scandinavian Journal of Statistics 6(2), 65-70:
    the i-th smallest of m p-values is multiplied by m - i + 1, and the adjusted values
    are made non-decreasing in that order."""
    m = len(p_values)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda j: p_values[j])):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def judge(rows: list[dict[str, Any]], base: Base | Mapping[str | None, Base]) -> list[dict[str, Any]]:
    """The rows of a win-rate figure with their baseline ("base", "base_name": one for all,
    or one per agent, keyed by the row's "agent"), exact p-value ("p"), Holm-adjusted
    over the figure's groups ("p_holm") and verdict ("beyond": p_holm < ALPHA)."""
    judged = []
    for row in rows:
        rate, name = base if isinstance(base, tuple) else base[row.get("agent")]
        judged.append(
            {**row, "base": rate, "base_name": name, "p": binomial_p(row["wins"], row["games"], rate)}
        )
    for row, adjusted in zip(judged, holm([r["p"] for r in judged]), strict=True):
        row["p_holm"] = adjusted
        row["beyond"] = adjusted < ALPHA
    return judged


# ----- one-line readings ------------------------------------------------------------------------
def _pct(rate: float) -> str:
    return f"{rate:.0%}"


def _interval(row: Mapping[str, Any]) -> str:
    return f"{_pct(row['ci95'][0])}-{_pct(row['ci95'][1])}"


def strength(row: Mapping[str, Any], fair: float) -> float:
    """How far a group's rate is from the baseline (`baseline`), in standard errors (its sign: above
    or below): the group a reading names is the one with the strongest evidence, not the
    one with the widest swing over a game or two."""
    if not 0 < fair < 1:
        return 0.0
    return float((row["rate"] - fair) / math.sqrt(fair * (1 - fair) / row["games"]))


def baseline(games: list[Record], figure: Mapping[str, Any], agent: str | None = None) -> Base | None:
    """The rate every group of a win-rate figure would have if the fact made no
    difference, and its name: for a per-role fact, the fair share of the decided
    games (1/n when no game is drawn or cut off); for one role's result, that role's
    rate over the same games. With `agent`, that agent's own rate over the trials it
    played (the like-with-like baseline when agents differ)."""
    if figure["kind"] != "win_rate":
        return None
    counted = [g for g in games if _fact(g, figure["fact"]) is not None]
    if agent is not None:
        trials = [
            (g, role) for g in counted for role, _ in _observations(g, figure) if agent_of(g, role) == agent
        ]
        if not trials:
            return None
        return sum(won_alone(g, role) for g, role in trials) / len(trials), f"{agent}'s own rate"
    if not counted:
        return None
    if figure.get("per_role"):
        players = len(counted[0]["roles"])
        decided = sum(1 for g in counted if not g["unfinished"] and not g["draw"] and len(g["winners"]) == 1)
        name = "fair share" if decided == len(counted) else "fair share of the decided games"
        return decided / len(counted) / players, name
    role = str(figure["role"])
    return sum(won_alone(g, role) for g in counted) / len(counted), f"{role}'s rate over all games"


def baselines(games: list[Record], figure: Mapping[str, Any], by_agent: bool) -> dict[str | None, Base]:
    """The baseline of each agent's groups (by_agent), else the one baseline (key None)."""
    keys: list[str | None] = list(agents(games)) if by_agent else [None]
    found = {key: baseline(games, figure, key) for key in keys}
    return {key: base for key, base in found.items() if base is not None}


def _verdict(row: Mapping[str, Any], groups: int) -> str:
    if groups == 1:
        return f"{'beyond' if row['beyond'] else 'within'} chance (exact p {row['p']:.2g})"
    return (f"{'beyond' if row['beyond'] else 'within'} chance "
            f"(Holm-corrected p {row['p_holm']:.2g} over {groups} groups)")  # fmt: skip


def reading(figure: Mapping[str, Any], rows: Any, base: Base | Mapping[str | None, Base] | None) -> str:
    """What a designer reads first from a figure, in one line."""
    if not rows:
        return "no game of this set-up recorded these facts"
    kind = figure["kind"]
    if kind == "win_rate":
        assert base is not None
        judged = judge(rows, base)
        split = "per agent: " if any(r.get("agent") for r in judged) else ""
        far = max(judged, key=lambda r: (abs(strength(r, r["base"])), r["games"]))
        if far["rate"] == far["base"]:  # every group at its baseline (say, an agent that always wins)
            named = ", ".join(dict.fromkeys(f"{r['base_name']} {_pct(r['base'])}" for r in judged))
            return f"{split}no group departs from its baseline ({named}); 0 of {len(judged)} beyond chance"
        side = "favours" if far["rate"] > far["base"] else "disfavours"
        unit = "player-games" if figure.get("per_role") else "games"
        line = (f"{split}{side} {far['name']} most: won {_pct(far['rate'])} of {far['games']} {unit} "
                f"({_interval(far)}), {far['base_name']} {_pct(far['base'])}: "
                f"{_verdict(far, len(judged))}")  # fmt: skip
        if len(judged) > 1:
            beyond = sum(1 for r in judged if r["beyond"])
            line += f"; {beyond} of {len(judged)} groups beyond chance after the correction"
        return line
    if kind == "share":
        return "; ".join(
            f"{r['name']}: {_pct(r['rate'])} of {r['games']} games ({_interval(r)})" for r in rows[:6]
        )
    if kind == "mean":

        def fmt(r: Mapping[str, Any]) -> str:
            low, high = r["ci95"]
            interval = f"{low:.1f}-{high:.1f}, " if math.isfinite(low) else ""
            return f"{r['name']} {r['mean']:.1f} ({interval}n {r['games']})"

        high, low = max(rows, key=lambda r: r["mean"]), min(rows, key=lambda r: r["mean"])
        if high["mean"] == low["mean"]:
            return f"every group {high['mean']:.1f} (n {sum(r['games'] for r in rows)})"
        return f"highest {fmt(high)}; lowest {fmt(low)}"
    last = {role: points[-1] for role, points in rows.items() if points}
    return "at the last turn reached: " + ", ".join(
        f"{role} {mean_:.1f} (turn {turn + 1}, {n} games)" for role, (turn, mean_, n) in sorted(last.items())
    )


def compute(games: list[Record], figure: Mapping[str, Any], by_agent: bool = False) -> Any:
    """A figure's rows (with `by_agent`, each group split by the agent that held the role;
    a share is a fact of the whole game and is never split)."""
    kind = figure["kind"]
    calc: dict[str, Callable[[list[Record], Mapping[str, Any], bool], Any]] = {
        "win_rate": win_rate, "share": lambda g, f, _: share(g, f), "mean": mean, "series": series,
    }  # fmt: skip
    return calc[kind](games, figure, by_agent)
