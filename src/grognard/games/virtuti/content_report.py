"""Virtuti Militari's designed content in the balance report: VP areas and milestones.

Facts per game (read by grognard.sim.content and benchmarks/bench_virtuti_balance.py),
from the final state and its public log: who held each VP area at the end (which areas
decide games), and three historical milestones with the year they came, read from the
log's turn headings: France's surrender (by the end of 1941, and at all), the USSR at
war with the Axis, Berlin taken from the Axis (by capture, or Germany's surrender).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from grognard.core.game import State

from .board import ROLE_OF, vmap

_HEADING = re.compile(r"^--- .* (\d{4}) \(turn \d+\) ---$")
_BERLIN_TAKEN = re.compile(r"^(\w+) captures berlin$")


@cache
def vp_areas() -> tuple[str, ...]:
    return tuple(a for a in vmap().land_ids if vmap().land(a).vp)


def holders(data: dict[str, Any]) -> dict[str, str | None]:
    """Who (axis, allies, or None for a neutral) holds each VP area."""
    return {a: ROLE_OF.get(data["control"].get(a, ""), None) for a in vp_areas()}


def milestones(data: dict[str, Any]) -> dict[str, int | None]:
    """The year France surrendered, the USSR went to war with the Axis, Berlin fell
    (None: never), from the public log, or from the scenario's first turn for what the
    final state shows done but no line tells (it began so)."""
    year: int | None = None
    found: dict[str, int | None] = {"france_surrendered": None, "ussr_at_war": None, "berlin_fell": None}

    def mark(key: str) -> None:
        if found[key] is None:
            found[key] = year if year is not None else int(data["year"])

    first: int | None = None
    for text, only in data["log"]:
        if only is not None:
            continue
        heading = _HEADING.match(text)
        if heading:
            year = int(heading[1])
            first = year if first is None else first
        elif text.startswith("France surrenders to"):
            mark("france_surrendered")
        elif text == "The USSR and the Axis are at war":
            mark("ussr_at_war")
        elif text.startswith("Germany surrenders to") or (
            (taken := _BERLIN_TAKEN.match(text)) and taken[1] != "axis"
        ):
            mark("berlin_fell")
    # a scenario may begin with them done (Barbarossa: France fallen, the USSR at war):
    # no line tells, so they count from its first turn, as watching the state would
    year = first
    if data["countries"]["france"]["status"] == "surrendered":
        mark("france_surrendered")
    if data["ussr_at_war"]:
        mark("ussr_at_war")
    if data["control"].get("berlin") != "axis":
        year = int(data["year"])
        mark("berlin_fell")
    return found


def content_facts(initial: State, final: State) -> dict[str, Any]:
    data = final.data
    years = milestones(data)
    france = years["france_surrendered"]
    return {
        "vp_areas": {a: side or "neutral" for a, side in holders(data).items()},
        "milestones": {
            "France fallen by 1941": france is not None and france <= 1941,
            "France fallen": france is not None,
            "USSR at war": years["ussr_at_war"] is not None,
            "Berlin fallen": years["berlin_fell"] is not None,
        },
        "vp": dict(data["outcome"]["vp"]) if data.get("outcome") else None,
    }


FIGURES: list[dict[str, Any]] = [
    {"kind": "share", "fact": "milestones", "title": "historical milestones: share of games"},
    {"kind": "win_rate", "fact": "milestones", "role": "axis",
     "title": "the Axis's win rate when a milestone came (True) or not (False)"},
    {"kind": "win_rate", "fact": "vp_areas", "role": "axis",
     "title": "the Axis's win rate by who held each VP area at the end"},
    {"kind": "mean", "fact": "vp", "title": "victory points at the end"},
]  # fmt: skip
