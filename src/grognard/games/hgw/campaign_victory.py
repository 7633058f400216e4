"""Campaign Game I's victory conditions (Victory Conditions, Two Players and Three
Players 1-5).

Two players (the `two_player` option: one seat commands the Soviets and the Allies):
they win together by taking Berlin, on or before the last turn (Spring 1945);
otherwise the Axis wins.

Three players: the game ends when Berlin falls or after Summer 1945. Each side then
counts the production it controls, devastated points included (the Axis counts none
once Berlin has fallen), and sets it against the sum of the other two. The ratio gives
a level of victory (marginal 1, substantial 2, decisive 3) by each side's own scale;
the highest level wins, and sides tied at the top share the win.

This module knows only the geography, the map and the data, so that victory.py (and
through it board.py) can call it without an import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from .geography import geography
from .layout import HgwBoard
from .limitations import boxes_counted, us_points
from .map import load_map
from .scenario import BOX, load_scenario
from .tables import VictoryStep, load_tables, step_ratio

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard

# Three Players 4: (least ratio, strictly more than it, level), highest level first;
# the Axis's count only while Berlin is Axis (`levels_from`)
Scale = tuple[tuple[Fraction, bool, int], ...]


def victory_scale(scenario: str, side: str) -> Scale:
    """The side's scale: the scenario's own (`victory_scales`, Campaign Game IV's being
    designed) or the rulebook's (tables.json `three_player_scales`)."""
    steps = load_scenario(scenario).victory_scales.get(side) or load_tables().three_player_scales[side]
    return as_scale(steps)


def as_scale(steps: Sequence[VictoryStep]) -> Scale:
    """A scale's lines (data, checked by tables.scale_problems) as `scale_level` reads them."""
    return tuple((step_ratio(s), bool(s.more_than), s.level) for s in steps)


def scale_level(scale: Scale, ratio: Fraction) -> int:
    """The highest level whose line the ratio reaches; 0 (no victory) below them all."""
    return next((n for least, strict, n in scale if ratio > least or (ratio == least and not strict)), 0)


def controlled_production(data: Data, side: str) -> int:
    """Three Players 2-3: every point of the side's places, devastated or not, Siberia's
    twelve while Soviet, the Allied boxes it counts now (India less while the Suez is
    lost, French Africa gone with France) and the United States' points once at war;
    nothing for the Axis once Berlin has fallen."""
    return _controlled(data, side, _printed_points(data).get(side, (0, 0))[0])


def europe_production(data: Data, side: str) -> int:
    """The part of `controlled_production` outside the Pacific half of a world scenario:
    the off-map boxes and the United States' points are Europe's (they stand for the
    countries' hexes of European play)."""
    return end_counts(data)[side][1]


def end_counts(data: Data) -> dict[str, tuple[int, int]]:
    """Each side's production as Three Players 4 sets it against the others': over the
    whole map, and outside the Pacific half (what a `europe_only` side is set against)."""
    printed = _printed_points(data)
    out = {}
    for side in load_scenario(data["scenario"]).sides:
        places, pacific = printed.get(side, (0, 0))
        total = _controlled(data, side, places)
        out[side] = (total, total - pacific if total else 0)
    return out


def _printed_points(data: Data) -> dict[str, tuple[int, int]]:
    """Each side's printed points of the places it holds (the Soviet box apart) and the
    part of them in the Pacific half, in one pass over the owners."""
    g = geography(data["scenario"])
    points: dict[str, list[int]] = {}
    for p, side in data["owner"].items():
        if p == BOX:
            continue
        counts = points.setdefault(side, [0, 0])
        counts[0] += g.production[p]
        if p in g.in_pacific_half:
            counts[1] += g.production[p]
    return {side: (places, pacific) for side, (places, pacific) in points.items()}


def _controlled(data: Data, side: str, places: int) -> int:
    """`controlled_production` from the side's printed points of its places."""
    content = load_scenario(data["scenario"])
    if side == "axis" and data["owner"].get(content.berlin) != "axis":
        return 0
    hmap = load_map()
    total = places
    if data["owner"].get(BOX) == side:
        total += hmap.box(BOX).production
    total += sum(hmap.box(b).production for b in boxes_counted(data, side))
    if side == "allied":
        total += us_points(data)
    return total


def levels_from(
    scenario: str,
    counts: Mapping[str, Sequence[int]],
    berlin_axis: bool,
    scales: Mapping[str, Scale] | None = None,
) -> dict[str, int]:
    """Three Players 4: each side's level, 0 (no victory) to 3 (decisive), from the
    `end_counts` and whether the Axis holds Berlin (it counts only then), by the
    scenario's scales or `scales` (a designer's candidates: hgw_victory_scales.py). A
    side of the scenario's `europe_only` (Campaign Game IV's Soviets, who fight no
    Pacific war) sets its production against the others' outside the Pacific half."""
    content = load_scenario(scenario)
    out = {}
    for side in content.sides:
        if side == "axis" and not berlin_axis:
            out[side] = 0
            continue
        column = 1 if side in content.europe_only else 0
        others = sum(counts[s][column] for s in content.sides if s != side)
        ratio = Fraction(counts[side][0], others) if others else Fraction(10**9)
        scale = scales[side] if scales is not None else victory_scale(scenario, side)
        out[side] = scale_level(scale, ratio)
    return out


def levels(data: Data) -> dict[str, int]:
    """Every side's level of victory if the game ended now."""
    berlin_axis = data["owner"].get(load_scenario(data["scenario"]).berlin) == "axis"
    return levels_from(data["scenario"], end_counts(data), berlin_axis)


def level(data: Data, side: str) -> int:
    return levels(data)[side]


def shares(levels: Mapping[str, int]) -> dict[str, float]:
    """Three Players 4-5: the highest level wins, sides tied there share the win; no side
    wins at level 0."""
    best = max(levels.values())
    winners = [s for s, n in levels.items() if n == best and best > 0]
    return {s: (1.0 / len(winners) if s in winners else 0.0) for s in levels}


def scores(state: HgwState, berlin_lost: bool) -> dict[str, float]:
    data = state.data
    sides = load_scenario(data["scenario"]).sides
    if state.meta.get("options", {}).get("two_player"):
        # Two Players: the Allied-Soviet player wins only by taking Berlin in time
        return {s: float((s == "axis") != berlin_lost) for s in sides}
    found = levels(data)
    state.log(
        "victory levels: "
        + ", ".join(f"{s} {found[s]} ({controlled_production(data, s)} production)" for s in sides)
    )
    return shares(found)
