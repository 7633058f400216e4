"""The optional Naval Action rules' search (Search 1-6, N5) over the Spotting Table and its
modifiers (data/naval_action.json, naval_tables.py): who may search a moving enemy fleet,
how far each spotter reaches, the modifiers that apply and the roll. Pure functions over
plain numbers: the board (which hex holds what, distances along the sea route) is the
caller's, as in uboats.py.

A search, in order:
  1. the searching hex picks its line (`search_line`, Search 5) and may search at all
     (`why_not_search`: at war, not a fleet in port, one attempt a hex, within reach);
  2. the modifiers (`modifiers`): a Conditions says what the board holds;
  3. one die (`spot`): spotted when the die plus the modifiers is at most the line's
     "To Spot" number at that range (Search 3). A spotted fleet may then be intercepted
     (uboats.intercept, on the Fleet Intercept Ranges), or let go on (Search 4);
  4. the move's record (`record_search`) keeps one attempt a hex and feeds
     `previous_spottings` to the next hex's modifiers.
The rules' note before the tables leaves out the advanced rules' modifiers (Evade/Withdraw,
Night Movement): they are data, marked advanced, and asking for them is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from grognard.core.errors import IllegalAction

from .capability import load_capability
from .map import adjacent_numbers
from .naval_tables import load_naval
from .research import Dice

TARGETS = ("fleet", "ss", "air", "route")  # what may be searched
TARGET_MODIFIER = {"ss": "target_ss", "air": "target_air", "route": "target_route"}
CARRIER_ONLY = ("carrier_one_hex", "enemy_searching", "carrier_air")


def search_line(*, army: bool, surface_base: bool, coastal_air: int) -> str | None:
    """Search 5: the line a friendly island or coastal hex searches on. An army (garrisons and
    forts do not count: the caller leaves them out) or a naval base holding a surface combat
    point searches as Army Based Air; a hex with coastal air only, as Coastal Air; else none."""
    if coastal_air < 0:
        raise ValueError("coastal air points cannot be negative")
    if army or surface_base:
        return "army_based_air"
    return "coastal_air" if coastal_air else None


def reach(line: str, level: int = 0) -> int:
    """How many hexes the line searches: its last "To Spot" column, or for a line tied to a
    tech level (Coastal Air*) the Units Capability Table's range at the side's `level`
    (Search 5; coastal air has the tac air level, Coastal Air 2)."""
    spot_line = load_naval().line(line)
    last = len(spot_line.to_spot) - 1
    if not spot_line.tech_range:
        return last
    item = load_capability().item(spot_line.tech_range)
    if not 0 <= level < item.levels:
        raise ValueError(f"{spot_line.tech_range} has no tech level {level} (0-{item.levels - 1})")
    return min(last, load_capability().capability(spot_line.tech_range, "range", level))


def to_spot(line: str, distance: int, level: int = 0) -> int | None:
    """The highest final roll that spots at `distance` on `line`; None out of reach (an X)."""
    if distance < 0:
        raise ValueError(f"a distance cannot be negative ({distance})")
    if distance > reach(line, level):
        return None
    return load_naval().line(line).to_spot[distance]


def why_not_search(
    line: str,
    distance: int,
    *,
    at_war: bool,
    in_port: bool = False,
    searched_here: bool = False,
    level: int = 0,
) -> str | None:
    """Search 2, 5 and 6: why this spotter may not search the enemy fleet's hex, or None."""
    label = load_naval().line(line).label
    if not at_war:
        return "forces of countries not at war with each other may not search (Search 6)"
    if line in ("fleet", "ss") and in_port:
        return "fleets do not search while in port (Search 5)"
    if searched_here:
        return "only one spotting attempt may be made in each hex (Search 2)"
    if to_spot(line, distance, level) is None:
        return f"the {label} line reaches {reach(line, level)} hexes, not {distance}"
    return None


@dataclass(frozen=True)
class Conditions:
    """What the board holds for one spotting attempt; every field defaults to "none"."""

    target: str = "fleet"  # fleet, ss, air or route (a shipping or supply route)
    coastal_air: int = 0  # coastal air points the searching hex commits ...
    coastal_air_total: int = 0  # ... of all its coastal air points (a third may count)
    carrier_air: int = 0  # carrier air points searching ...
    carrier_level: int = 0  # ... at the side's carrier tech level (its max search caps them)
    enemy_searching: bool = False  # the target's own carrier air is searching
    coast: bool = False  # the target is in a coastal or island hex ...
    friendly_coast: bool = False  # ... friendly to the searcher
    previous: int = 0  # earlier spottings of this move in the same or an adjacent hex
    target_points: int = 0  # strength points in the target fleet
    other_fleets: int = 0  # further fleets of the target's side in the searched hex
    evade: bool = False  # advanced rules only
    night: bool = False  # advanced rules only


def _check(cond: Conditions) -> None:
    if cond.target not in TARGETS:
        raise ValueError(f"no {cond.target!r} target to search ({', '.join(TARGETS)})")
    counts = (cond.coastal_air, cond.coastal_air_total, cond.carrier_air, cond.previous)
    if min((*counts, cond.target_points, cond.other_fleets)) < 0:
        raise ValueError("counts of points, fleets and spottings cannot be negative")
    if cond.friendly_coast and not cond.coast:
        raise ValueError("a friendly coastal or island hex is a coastal or island hex")
    if cond.coastal_air > cond.coastal_air_total:
        raise ValueError("the hex cannot commit more coastal air than it holds")
    for name in ("evade", "night"):
        if getattr(cond, name):
            raise IllegalAction(
                f"{load_naval().modifier(name).label}: the advanced rules' modifiers"
                " are not used (the note before the tables)"
            )


def allowance(kind: str, points: int, *, total: int = 0, level: int = 0) -> int:
    """How many searching air points count for -1 each: a third of the hex's coastal air,
    rounded down; carrier air up to the carrier level's max search (Units Capability Table)."""
    if kind == "coastal_air":
        return min(points, total // 3)
    if kind == "carrier_air":
        return min(points, load_capability().capability("carrier", "max_search", level))
    raise ValueError(f"no {kind!r} search allowance (coastal_air, carrier_air)")


def modifiers(line: str, distance: int, cond: Conditions) -> list[tuple[str, int]]:
    """The Spotting Modifiers that apply, by name, each with what it adds to the die."""
    _check(cond)
    table = load_naval()
    table.line(line)
    counts: dict[str, int] = {
        "coastal_air": allowance("coastal_air", cond.coastal_air, total=cond.coastal_air_total),
        "carrier_air": allowance("carrier_air", cond.carrier_air, level=cond.carrier_level),
        "carrier_one_hex": int(distance == 1),
        "enemy_searching": int(cond.enemy_searching),
        "friendly_coast": int(cond.friendly_coast),
        "coast": int(cond.coast),
        "previous_spotting": cond.previous,
        "big_fleet": int(cond.target_points >= 5),
        "other_fleet": cond.other_fleets,
    }
    if cond.target in TARGET_MODIFIER:
        counts[TARGET_MODIFIER[cond.target]] = 1
    out: list[tuple[str, int]] = []
    for name, count in counts.items():
        if not count or (name in CARRIER_ONLY and line != "carrier_air"):
            continue
        mod = table.modifier(name)
        if mod.most:
            count = min(count, mod.most)
        out.append((name, mod.add * count))
    return out


@dataclass(frozen=True)
class Spotting:
    line: str
    distance: int
    roll: int
    modifiers: tuple[tuple[str, int], ...]
    needed: int  # the "To Spot" number
    spotted: bool

    @property
    def total(self) -> int:
        return self.roll + sum(add for _, add in self.modifiers)


def spot(
    dice: Dice, side: str, line: str, distance: int, cond: Conditions = Conditions(), *, level: int = 0
) -> Spotting:
    """Search 3: one die; spotted when it plus the modifiers is at most the To Spot number.
    `level` is the spotter's tech level where its line's reach depends on one (Coastal Air)."""
    needed = to_spot(line, distance, level)
    if needed is None:
        label = load_naval().line(line).label
        raise IllegalAction(f"the {label} line reaches {reach(line, level)} hexes, not {distance}")
    mods = tuple(modifiers(line, distance, cond))
    (roll,) = dice.roll(1, side, f"search on the {line} line at {distance} hexes")
    return Spotting(line, distance, roll, mods, needed, roll + sum(add for _, add in mods) <= needed)


def best_spotter(options: list[tuple[str, int, Conditions, int]]) -> tuple[str, int, Conditions, int]:
    """Search 2: the searching player picks the most advantageous spotter: the one whose
    To Spot number less its modifiers is highest (ties: the first). Each option is
    (line, distance, conditions, level); options out of reach are dropped."""
    best: tuple[str, int, Conditions, int] | None = None
    best_score = 0
    for line, distance, cond, level in options:
        needed = to_spot(line, distance, level)
        if needed is None:
            continue
        score = needed - sum(add for _, add in modifiers(line, distance, cond))
        if best is None or score > best_score:
            best, best_score = (line, distance, cond, level), score
    if best is None:
        raise IllegalAction("no spotter within reach of the hex (Spotting Table)")
    return best


# A moving fleet's search record, plain JSON the naval phase keeps for the move:
# {"searched": [hex, ...], "spotted": [hex, ...]} (Search 2 and 4).
SearchRecord = dict[str, list[str]]


def new_record() -> SearchRecord:
    return {"searched": [], "spotted": []}


def record_search(record: SearchRecord, hex_id: str, spotted: bool) -> SearchRecord:
    """Search 2: one attempt in each hex the fleet enters (its start hex too); a new record,
    the old one unchanged. A second attempt in a hex is refused."""
    if hex_id in record["searched"]:
        raise IllegalAction(f"hex {hex_id} was already searched this move (Search 2)")
    return {
        "searched": [*record["searched"], hex_id],
        "spotted": [*record["spotted"], hex_id] if spotted else list(record["spotted"]),
    }


def previous_spottings(
    record: SearchRecord, hex_id: str, neighbours: Callable[[str], Iterable[str]] = adjacent_numbers
) -> int:
    """Search 4 and the Spotting Modifiers: the move's earlier spottings in `hex_id` or a hex
    next to it (the modifier caps their count at two). `neighbours` is the map's adjacency
    (the printed map's by default; the Pacific's world map passes its own)."""
    near = {hex_id, *neighbours(hex_id)}
    return sum(1 for h in record["spotted"] if h in near)
