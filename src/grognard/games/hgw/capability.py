"""Campaign Game II's Units Capability Table, research track and Efficiency Table as data.

`data/capability.json` holds our cell-by-cell reading of the garbled scan (docs/hgw-design.md,
"Campaign Game II research: the Units Capability Table read cell by cell", says how each cell
was read); this module validates the file at load with msgspec and answers the lookups the
research rules (research.py) and, later, production make.

Costs are kept in half production points (`Halves`): the table prints one half point
(U-boats at level 3) and a B result may cut a cost by a half (Research 6).
"""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import msgspec

from .datafile import decode_file

DATA_PATH = Path(__file__).with_name("data") / "capability.json"

Item = str  # "infantry", "mechanized", ... the keys of the table's items
Halves = int  # a cost in half production points: 3 is 1½
RESULTS = ("A", "B", "C")  # Research Results
BACK_TO_START = -1  # Efficiency Table 6
SIDES = ("axis", "soviet", "allied")


class CapabilityError(ValueError):
    """The capability file breaks its schema."""


class ItemSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One item of the Units Capability Table (Item Cost 2-4)."""

    label: str  # the column heading as we read it
    reading: str  # how the printed cells were read (the full account is in docs/hgw-design.md)
    rules: str
    costs: tuple[float | None, ...] = ()  # by tech level from 0; None: prohibited (P)
    tied_to: str = ""  # Item Cost 4: no research, the level (or cost) of this item
    same_cost: bool = False  # tied by cost, fractions included, not by level
    per: int = 1  # strength points one cost buys (coastal air: six)
    capabilities: dict[str, tuple[int, ...]] = {}  # no-cost columns by tech level

    @property
    def levels(self) -> int:
        return len(self.costs)


class Track(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    results: tuple[tuple[str, ...], ...]  # space 1.. by die roll 1-6
    most_a_turn: int  # Research 3: one or two points an item a turn


class Efficiency(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    back: tuple[int, ...]  # spaces back by die roll 1-6; BACK_TO_START for the start


class ItemStart(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    level: int
    cost: float | None = None  # a cost already cut by B results; default the level's cost


class Start(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    sides: dict[str, dict[str, ItemStart]]
    nations: dict[str, dict[str, int]]  # nation: {item: tech level} (Chinese Technology)
    us_entry: dict[str, int]  # United States Technology: item: the level reached


def _halves(value: float) -> Halves:
    doubled = value * 2
    if doubled != int(doubled) or value < 0:
        raise msgspec.ValidationError(f"cost {value} is not a whole or half production point")
    return int(doubled)


class Capability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    items: dict[str, ItemSpec]
    track: Track
    efficiency: Efficiency
    start: Start

    def __post_init__(self) -> None:
        for name, spec in self.items.items():
            self._check_item(name, spec)
        if not self.track.results or any(len(row) != 6 for row in self.track.results):
            raise msgspec.ValidationError("every research track space needs a result per die roll 1-6")
        if any(r not in RESULTS for row in self.track.results for r in row):
            raise msgspec.ValidationError(f"research results are {', '.join(RESULTS)}")
        if len(self.efficiency.back) != 6 or any(b < BACK_TO_START for b in self.efficiency.back):
            raise msgspec.ValidationError("the efficiency table needs six moves back (-1: to start)")
        for side, items in self.start.sides.items():
            if side not in SIDES:
                raise msgspec.ValidationError(f"start costs for unknown side {side!r}")
            for name, start in items.items():
                self._check_level(name, start.level, "start")
                if start.cost is not None:
                    self._check_start_cost(name, start)
        for nation_levels in self.start.nations.values():
            for name, level in nation_levels.items():
                self._check_level(name, level, "nation")
        for name, level in self.start.us_entry.items():
            self._check_level(name, level, "U.S. entry")

    def _check_item(self, name: str, spec: ItemSpec) -> None:
        if spec.tied_to:
            parent = self.items.get(spec.tied_to)
            if parent is None or parent.tied_to:
                raise msgspec.ValidationError(f"{name} is tied to {spec.tied_to!r}, not a researched item")
            if spec.same_cost:
                if spec.costs:
                    raise msgspec.ValidationError(f"{name} costs what {spec.tied_to} costs: give no costs")
                return
            if spec.levels != parent.levels:
                raise msgspec.ValidationError(f"{name} needs a cost for each of {spec.tied_to}'s levels")
        if not spec.costs:
            raise msgspec.ValidationError(f"{name} has no costs")
        # Item Cost 3: the prohibited levels come first; Item Cost 2: costs never rise
        producible = [c for c in spec.costs if c is not None]
        if spec.costs[len(spec.costs) - len(producible) :] != tuple(producible) or not producible:
            raise msgspec.ValidationError(f"{name}: prohibited levels must come before every cost")
        halves = [_halves(c) for c in producible]
        if any(b > a for a, b in itertools.pairwise(halves)):
            raise msgspec.ValidationError(f"{name}: a cost rises with the tech level")
        for column, values in spec.capabilities.items():
            if len(values) != spec.levels:
                raise msgspec.ValidationError(f"{name}'s {column} needs a value per tech level")
        if spec.per < 1:
            raise msgspec.ValidationError(f"{name}: a cost buys at least one strength point")

    def _check_start_cost(self, name: str, start: ItemStart) -> None:
        """A start cost already cut by B results lies between its level's cost and the next's."""
        assert start.cost is not None
        cut, level_cost = _halves(start.cost), self.cost_at(name, start.level)
        top = start.level + 1 >= self.items[name].levels
        nxt = None if top else self.cost_at(name, start.level + 1)
        if level_cost is None or cut > level_cost or (nxt is not None and cut <= nxt):
            raise msgspec.ValidationError(f"start cost {start.cost} of {name} is off its level's band")

    def _check_level(self, name: str, level: int, what: str) -> None:
        spec = self.items.get(name)
        if spec is None or spec.tied_to:
            raise msgspec.ValidationError(f"{what} level for {name!r}, not a researched item")
        if not 0 <= level < spec.levels:
            raise msgspec.ValidationError(f"{what} level {level} of {name} is not in the table")

    # -- lookups
    def item(self, name: Item) -> ItemSpec:
        try:
            return self.items[name]
        except KeyError:
            raise KeyError(f"no item {name!r} in the Units Capability Table") from None

    def researched(self) -> tuple[Item, ...]:
        """The items with a research marker: every item not tied to another (Item Cost 4)."""
        return tuple(sorted(n for n, s in self.items.items() if not s.tied_to))

    def cost_at(self, name: Item, level: int) -> Halves | None:
        """The printed cost of `name` at tech `level`, in half points; None if prohibited."""
        spec = self.item(name)
        if spec.same_cost:
            return self.cost_at(spec.tied_to, level)
        value = spec.costs[level]
        return None if value is None else _halves(value)

    def is_prohibited_level(self, name: Item, level: int) -> bool:
        """Item Cost 3: the item may not be produced at this level (a P in the table)."""
        return self.cost_at(name, level) is None

    def top_level(self, name: Item) -> int:
        """The last tech level the table shows for the item (Item Cost 2)."""
        spec = self.item(name)
        return self.item(spec.tied_to).levels - 1 if spec.same_cost else spec.levels - 1

    def capability(self, name: Item, column: str, level: int) -> int:
        """A no-cost column at a tech level ("range", "max_search")."""
        spec = self.item(name)
        try:
            return spec.capabilities[column][level]
        except KeyError:
            raise KeyError(f"{name} has no {column!r} column") from None

    def result(self, space: int, roll: int) -> str:
        """Research 4: the letter under the marker's space for a die roll."""
        return self.track.results[space - 1][roll - 1]

    @property
    def spaces(self) -> int:
        """The last space of the track, Research Complete (Research 9)."""
        return len(self.track.results)


def format_cost(halves: Halves | None) -> str:
    """'3', '1½', or 'P' for a prohibited level."""
    if halves is None:
        return "P"
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def load_capability_from(path: Path) -> Capability:
    return decode_file(path, Capability, CapabilityError, "Units Capability Table")


@cache
def load_capability() -> Capability:
    return load_capability_from(DATA_PATH)
