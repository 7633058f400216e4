"""Victory's unit table and blocksets, loaded from data/units.json and data/blocksets.json.

The chart in the rulebook (4.x, UNIT DATA CHART) gives each type's combat turn, move and
A-N-G firepower; the blocks print the rest (maximum steps, cost per step), so those are
our design (GAPS.md), kept in the data files and explained in docs/victory-design.md.
Both files are decoded with a msgspec schema and checked when first loaded: a bad file
fails at once with the file, the entry and the reason, never later inside a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal, get_args

import msgspec

DATA_DIR = Path(__file__).resolve().parent / "data"

UnitId = str
Arm = Literal["ground", "naval", "air"]
#: every arm, in the order the rules list them (stacking 3.2, production 9.1)
ARMS: tuple[Arm, ...] = get_args(Arm)
TargetClass = Literal["A", "N", "G"]

# 6.31 combat turns, first to last. "R" is the rocket's strike (stretch units: resolved
# before anything else, even A+); "A+" (jet fighter) and "B+" (atom bomb) come just
# before the plain letter.
COMBAT_TURNS: tuple[str, ...] = ("R", "A+", "A", "B+", "B", "C", "D", "E", "F")

TARGET_CLASSES: tuple[str, ...] = ("A", "N", "G")

# Situations in which a unit fires harder than its chart line (fire_bonus.when).
BONUS_SITUATIONS: frozenset[str] = frozenset(
    {
        "defending_city",  # 4.3 infantry defend cities (not towns) at G3
        "in_mountain",  # 4.3 mountain troops attack and defend mountain hexes at G3
    }
)


def bonus_situations(defending: bool, city: bool, land_terrain: str) -> tuple[str, ...]:
    """The BONUS_SITUATIONS that hold for a block (4.3): infantry defending a city,
    mountain troops in a mountain hex. The battle and the odds both ask this."""
    out = []
    if defending and city:
        out.append("defending_city")
    if land_terrain == "mountain":
        out.append("in_mountain")
    return tuple(out)


# Every tag a unit may carry; what each means for the rules is in docs/victory-design.md.
UNIT_TAGS: frozenset[str] = frozenset(
    {
        "air_factory_3",  # atom bomb: built only in a 3-value air factory
        "airborne",  # 6.6 paradrop after an air move of `air_move` hexes
        "amphibious",  # 6.7 sea invasions, 6.52 amphibious retreats, 6.71 beachheads
        "blockset_only",  # appears only in a historical blockset, never in the generic set
        "carrier",  # 4.2 carries air steps up to its own strength
        "carrier_launch_only",  # 4.1 medium bombers fly from carriers but cannot land on them
        "coastal_only",  # 4.3 marines stay in sea or coastal hexes
        "elite",  # a higher firepower than the base type
        "engineer",  # river crossings, airfields, mulberries, bridge repair (4.3, 9.x)
        "expended_on_fire",  # rocket: eliminated when it fires
        "factory",  # 9.1 logistics factory
        "fires_air_at_sea",  # 5.91 marines keep their A firepower while at sea
        "ignores_terrain_stop",  # cavalry need not stop in forest, marsh or mountain
        "immobile",  # factories never move
        "light_cruiser",  # 4.2 light cruiser
        "logistics",  # a logistics-set piece rather than a fighting block
        "marine",  # a Marines block (the Logistics sheet builds mulberries with marines)
        "mined_not_built",  # resources grow by mining, never bought with PP
        "mountain",  # mountain troops
        "no_carrier",  # cannot use carriers at all
        "no_response",  # rockets cannot respond to an existing battle
        "no_retreat",  # 6.51 resource blocks cannot retreat
        "resource",  # 4.3 resource block
        "rocket",  # stretch rocket
        "stretch",  # one of the six stretch-goal types
        "strategic_only",  # moves only by strategic movement (resource, rocket, atom bomb)
        "submarine",  # 4.2 moves through enemy hexes, controls no land
        "atom_bomb",  # stretch atom bomb: one die, every unit in the hex takes a hit on 1-5
        "coastal_city_only",  # naval factories stand only in coastal cities
    }
)


class VictoryDataError(ValueError):
    """A Victory data file is missing, malformed or inconsistent."""


class FireBonus(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A higher firepower `value` against `target` in the situation `when`."""

    target: TargetClass
    value: int
    when: str

    def __post_init__(self) -> None:
        if self.when not in BONUS_SITUATIONS:
            raise ValueError(f"unknown situation {self.when!r}; known: {', '.join(sorted(BONUS_SITUATIONS))}")
        if not 1 <= self.value <= 4:
            raise ValueError(f"firepower {self.value} is outside 1-4")


class UnitType(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of the unit chart, completed with steps and cost (see the design doc)."""

    id: UnitId
    name: str
    arm: Arm
    combat_turn: str
    move: int
    fire: dict[str, int]
    max_steps: int
    cost: int
    tags: frozenset[str] = frozenset()
    air_move: int = 0  # paradrop range (airborne) or launch range (rocket); 0 = none
    fire_bonus: tuple[FireBonus, ...] = ()
    produces: Arm | None = None  # 9.1: a factory's arm, the units it builds; None = no factory

    def __post_init__(self) -> None:
        if self.combat_turn not in COMBAT_TURNS:
            raise ValueError(f"combat turn {self.combat_turn!r} is not one of {', '.join(COMBAT_TURNS)}")
        for target, value in self.fire.items():
            if target not in TARGET_CLASSES:
                raise ValueError(f"firepower target {target!r} is not A, N or G")
            if not 1 <= value <= 4:
                raise ValueError(f"firepower {target}{value} is outside 1-4")
        if not 1 <= self.max_steps <= 4:
            raise ValueError(f"max_steps {self.max_steps} is outside 1-4 (6.2)")
        if not 0 <= self.cost <= 3:
            raise ValueError(f"cost {self.cost} PP per step is outside 0-3 (8.3)")
        if self.move < 0 or self.air_move < 0:
            raise ValueError("moves cannot be negative")
        unknown = sorted(self.tags - UNIT_TAGS)
        if unknown:
            raise ValueError(f"unknown tag(s) {', '.join(unknown)}")
        if ("factory" in self.tags) != (self.produces is not None):
            raise ValueError("a factory (tag `factory`) and only a factory names the arm it `produces` (9.1)")

    def has(self, tag: str) -> bool:
        """Whether the type carries `tag` (a name from UNIT_TAGS)."""
        return tag in self.tags

    def firepower(self, target: str, situation: str | None = None) -> int:
        """The number to roll equal or under against `target`; 0 if it cannot fire at it.

        `situation` (a BONUS_SITUATIONS name) applies a fire bonus when one matches.
        """
        value = self.fire.get(target, 0)
        if situation is not None:
            for bonus in self.fire_bonus:
                if bonus.target == target and bonus.when == situation:
                    value = max(value, bonus.value)
        return value


class _UnitFile(msgspec.Struct, frozen=True):
    combat_turns: tuple[str, ...]
    units: tuple[UnitType, ...]


class BlockSpec(msgspec.Struct, frozen=True):
    """One physical block: a unique id, its unit type, and its printed name and label."""

    id: str
    type: UnitId
    name: str = ""
    label: str = ""


class _BlockLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    count: int
    label: str
    type: UnitId
    name: str = ""


class _BlocksetDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    prefix: str
    printed_total: int
    blocks: tuple[_BlockLine, ...]


class _BlocksetFile(msgspec.Struct, frozen=True):
    colours: tuple[str, ...]
    sets: dict[str, _BlocksetDef]


def _read(name: str) -> bytes:
    try:
        return (DATA_DIR / name).read_bytes()
    except OSError as exc:
        raise VictoryDataError(f"victory data file {name} cannot be read: {exc}") from None


def decode_unit_table(raw: bytes, source: str = "units.json") -> dict[UnitId, UnitType]:
    """The unit types in a units.json document, validated; VictoryDataError if it is bad."""
    try:
        data = msgspec.json.decode(raw, type=_UnitFile)
    except msgspec.ValidationError as exc:
        raise VictoryDataError(f"{source}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise VictoryDataError(f"{source}: not valid JSON: {exc}") from None
    if data.combat_turns != COMBAT_TURNS:
        raise VictoryDataError(f"{source}: combat_turns must be {list(COMBAT_TURNS)}, the order of 6.31")
    table: dict[UnitId, UnitType] = {}
    for unit in data.units:
        if unit.id in table:
            raise VictoryDataError(f"{source}: unit id {unit.id!r} appears twice")
        if unit.has("airborne") and unit.air_move == 0:
            raise VictoryDataError(f"{source}: airborne unit {unit.id} needs an air_move (6.6)")
        table[unit.id] = unit
    return table


@cache
def unit_table() -> Mapping[UnitId, UnitType]:
    """Every unit type by id, loaded once from data/units.json."""
    return decode_unit_table(_read("units.json"))


def unit_type(type_id: UnitId) -> UnitType:
    """The unit type `type_id`; VictoryDataError naming the known ids if there is none."""
    table = unit_table()
    try:
        return table[type_id]
    except KeyError:
        raise VictoryDataError(f"unknown unit type {type_id!r}; known: {', '.join(sorted(table))}") from None


def turn_rank(combat_turn: str) -> int:
    """The position of a combat turn in 6.31 order (0 fires first)."""
    try:
        return COMBAT_TURNS.index(combat_turn)
    except ValueError:
        raise VictoryDataError(f"unknown combat turn {combat_turn!r}") from None


def decode_blocksets(
    raw: bytes, table: Mapping[UnitId, UnitType], source: str = "blocksets.json"
) -> dict[str, tuple[BlockSpec, ...]]:
    """Every blockset in a blocksets.json document, expanded to blocks and checked."""
    try:
        data = msgspec.json.decode(raw, type=_BlocksetFile)
    except msgspec.ValidationError as exc:
        raise VictoryDataError(f"{source}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise VictoryDataError(f"{source}: not valid JSON: {exc}") from None
    out: dict[str, tuple[BlockSpec, ...]] = {}
    for set_id, definition in data.sets.items():
        for line in definition.blocks:
            if line.type not in table:
                raise VictoryDataError(f"{source}: set {set_id} lists unknown unit type {line.type!r}")
            if line.count < 1:
                raise VictoryDataError(f"{source}: set {set_id} has a count below 1 for {line.type}")
        total = sum(line.count for line in definition.blocks)
        if total != definition.printed_total:
            raise VictoryDataError(
                f"{source}: set {set_id} holds {total} blocks but says {definition.printed_total}"
            )
        if set_id.endswith("-colour"):
            stem = set_id.removesuffix("-colour")
            for colour in data.colours:
                prefix = f"{colour}{'-' + definition.prefix if definition.prefix else ''}"
                out[f"{stem}-{colour}"] = _expand(prefix, definition)
        else:
            out[set_id] = _expand(definition.prefix, definition)
    return out


def _expand(prefix: str, definition: _BlocksetDef) -> tuple[BlockSpec, ...]:
    blocks: list[BlockSpec] = []
    for line in definition.blocks:
        for _ in range(line.count):
            block_id = f"{prefix}{len(blocks) + 1:02d}"
            blocks.append(BlockSpec(id=block_id, type=line.type, name=line.name, label=line.label))
    return tuple(blocks)


@cache
def _all_blocksets() -> Mapping[str, tuple[BlockSpec, ...]]:
    return decode_blocksets(_read("blocksets.json"), unit_table())


def blockset_names() -> tuple[str, ...]:
    """The names `blockset` accepts, sorted."""
    return tuple(sorted(_all_blocksets()))


def blockset(name: str) -> tuple[BlockSpec, ...]:
    """The blocks of a set: "german", "us", "soviet", "generic-<colour>", "stretch-<colour>"."""
    sets = _all_blocksets()
    try:
        return sets[name]
    except KeyError:
        raise VictoryDataError(f"unknown blockset {name!r}; known: {', '.join(sorted(sets))}") from None


@cache
def colours() -> tuple[str, ...]:
    """The player colours generic sets are made in, in seat order."""
    return msgspec.json.decode(_read("blocksets.json"), type=_BlocksetFile).colours
