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
    "baseline", "compute", "content_module", "facts_hook", "figures_of", "mean", "reading",
    "series", "share", "strength", "win_rate", "won_alone",
]  # fmt: skip


# ----- outcomes ---------------------------------------------------------------------------
def won_alone(game: Record, role: str) -> bool:
    """Did `role` win this game by itself (no draw, not cut off)?"""
    if game["unfinished"] or game["draw"] or len(game["winners"]) != 1:
        return False
    return bool(game["roles"][game["winners"][0]] == role)


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


def _rate_rows(wins: Mapping[str, int], trials: Mapping[str, int]) -> list[dict[str, Any]]:
    rows = []
    for name in sorted(trials, key=_sort_key):
        lo, hi = wilson(wins.get(name, 0), trials[name])
        rows.append({"name": name, "games": trials[name], "wins": wins.get(name, 0),
                     "rate": wins.get(name, 0) / trials[name], "ci95": (lo, hi)})  # fmt: skip
    return rows


def win_rate(games: Iterable[Record], figure: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Win rate per group of the fact's value (see the module's docstring)."""
    wins: dict[str, int] = defaultdict(int)
    trials: dict[str, int] = defaultdict(int)
    for game in games:
        value = _fact(game, figure["fact"])
        if value is None:
            continue
        if figure.get("per_role"):
            observations = [(role, value[role]) for role in game["roles"] if value.get(role) is not None]
        else:
            observations = [(str(figure["role"]), value)]
        for role, observed in observations:
            for label in _labels(observed):
                trials[label] += 1
                wins[label] += won_alone(game, role)
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


def mean(games: Iterable[Record], figure: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Mean of a numeric fact per group, with a 95 % normal interval."""
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
            if by is not None:
                for label in _labels(by.get(key)) if by.get(key) is not None else []:
                    values[label].append(float(number))
            else:
                values[str(key)].append(float(number))
    return [_mean_row(name, values[name]) for name in sorted(values, key=_sort_key)]


def series(games: Iterable[Record], figure: Mapping[str, Any]) -> dict[str, list[tuple[int, float, int]]]:
    """Per role, (turn index, mean, games still counted) at each turn."""
    points: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for game in games:
        value = _fact(game, figure["fact"])
        for role, numbers in (value or {}).items():
            for i, number in enumerate(numbers):
                points[role][i].append(float(number))
    return {
        role: [(i, statistics.fmean(v), len(v)) for i, v in sorted(by_turn.items())]
        for role, by_turn in points.items()
    }


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


def baseline(games: list[Record], figure: Mapping[str, Any]) -> tuple[float, str] | None:
    """The rate every group of a win-rate figure would have if the fact made no
    difference, and its name: for a per-role fact, the fair share of the decided
    games (1/n when no game is drawn or cut off); for one role's result, that role's
    rate over the same games."""
    if figure["kind"] != "win_rate":
        return None
    counted = [g for g in games if _fact(g, figure["fact"]) is not None]
    if not counted:
        return None
    if figure.get("per_role"):
        players = len(counted[0]["roles"])
        decided = sum(1 for g in counted if not g["unfinished"] and not g["draw"] and len(g["winners"]) == 1)
        name = "fair share" if decided == len(counted) else "fair share of the decided games"
        return decided / len(counted) / players, name
    role = str(figure["role"])
    return sum(won_alone(g, role) for g in counted) / len(counted), f"{role}'s rate over all games"


def reading(figure: Mapping[str, Any], rows: Any, base: tuple[float, str] | None) -> str:
    """What a designer reads first from a figure, in one line."""
    if not rows:
        return "no game of this set-up recorded these facts"
    kind = figure["kind"]
    if kind == "win_rate":
        assert base is not None
        fair, name = base
        far = max(rows, key=lambda r: (abs(strength(r, fair)), r["games"]))
        side = "favours" if far["rate"] > fair else "disfavours"
        verdict = "beyond chance" if not far["ci95"][0] <= fair <= far["ci95"][1] else "within chance"
        line = (f"{side} {far['name']} most: {_pct(far['rate'])} ({_interval(far)}) of {far['games']}, "
                f"{name} {_pct(fair)}: {verdict}")  # fmt: skip
        if len(rows) > 1:  # many groups: some fall outside by luck alone (1 in 20 at 95 %)
            outside = sum(1 for r in rows if not r["ci95"][0] <= fair <= r["ci95"][1])
            line += f"; {outside} of {len(rows)} groups' intervals exclude it"
        return line
    if kind == "share":
        return "; ".join(f"{r['name']}: {_pct(r['rate'])} ({_interval(r)})" for r in rows[:6])
    if kind == "mean":
        def fmt(r: Mapping[str, Any]) -> str:
            low, high = r["ci95"]
            interval = f"{low:.1f}-{high:.1f}, " if math.isfinite(low) else ""
            return f"{r['name']} {r['mean']:.1f} ({interval}n {r['games']})"

        high, low = max(rows, key=lambda r: r["mean"]), min(rows, key=lambda r: r["mean"])
        if high["mean"] == low["mean"]:
            return f"every group {high['mean']:.1f}"
        return f"highest {fmt(high)}; lowest {fmt(low)}"
    last = {role: points[-1] for role, points in rows.items() if points}
    return "at the last turn reached: " + ", ".join(
        f"{role} {mean_:.1f} (turn {turn + 1}, {n} games)" for role, (turn, mean_, n) in sorted(last.items())
    )


def compute(games: list[Record], figure: Mapping[str, Any]) -> Any:
    kind = figure["kind"]
    calc: dict[str, Callable[[list[Record], Mapping[str, Any]], Any]] = {
        "win_rate": win_rate, "share": share, "mean": mean, "series": series,
    }  # fmt: skip
    return calc[kind](games, figure)
