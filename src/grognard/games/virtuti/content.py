"""Virtuti Militari's designed content: the schema of data/*.json, its loader and checks.

The rulebook gives the shape of the content (six unit types at three levels, eight dice,
a deck per faction, order tokens, five air-support levels, the two tracks, countries
with key areas and war entry) but almost none of the numbers (GAPS.md). The numbers are
our design, kept as data and explained entry by entry in docs/virtuti-design.md; the
few numbers the rulebook does give are checked here at load and again in the tests.

Each file is decoded with a msgspec schema (unknown fields rejected), then
`check_content` checks what a schema cannot: references between files (dice, unit
types, order ids) and into the committed map (area and country ids), and the
rulebook's own numbers. A bad file fails at load with the file, the entry and the
reason, never later inside a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal, TypeVar

import msgspec

from grognard.games.virtuti.map import VirtutiMap, load_map

Faction = Literal["axis", "western_allies", "ussr"]
FACTIONS: tuple[Faction, ...] = ("axis", "western_allies", "ussr")
AreaKind = Literal["land", "sea", "port"]
DIE_COLOURS: tuple[str, ...] = (
    "white", "yellow", "orange", "green", "blue", "purple", "black", "skull",
)  # fmt: skip
UNIT_TYPES: tuple[str, ...] = (
    "army", "corps", "armored_corps", "armored_division", "artillery", "fleet",
)  # fmt: skip
TECHNOLOGIES: tuple[str, ...] = (
    "infantry", "tanks", "artillery", "fleet", "air_support", "submarines", "sonars",
)  # fmt: skip
LEVELS = (1, 2, 3)  # unit and technology levels run 1..3
LOGISTICS_POSITIONS = 8  # the track runs from position 1 to 8


class ContentError(ValueError):
    """A Virtuti content file is missing, malformed or inconsistent."""


# --- dice and units ------------------------------------------------------------------


class Die(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A six-sided combat die: `faces` are the loss points each side deals."""

    colour: str
    faces: list[int]
    note: str = ""


class UnitLevel(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One level of a unit type: its battle numbers and prices."""

    level: int
    strength: int
    hp: int
    die: str
    cost: int  # PP to buy a new unit at this level
    upgrade_cost: int | None  # PP to raise a unit on the map to this level (None at 1)


class UnitType(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A unit type and its three levels."""

    id: str
    name: str
    technology: str  # the technology that gates its levels and shortens its build time
    build_time: int  # turns in the queue at technology level 1
    naval: bool
    dice_when_attacking_only: bool  # artillery's dice count only when it attacks
    reduces_to: str | None  # what a destroyed unit becomes (Army -> Corps), if anything
    strengthens_to: str | None  # what strengthening makes of it (Corps -> Army)
    strengthen_cost: int | None
    levels: list[UnitLevel]


class SubmarineMarker(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Submarine markers are not units (rulebook, Key Game Concepts); their price."""

    cost: int
    build_time: int
    seas: dict[str, list[str]]  # faction -> sea zones where it may deploy them


# --- cards ---------------------------------------------------------------------------

EffectKind = Literal[
    "hold_in_friendly",  # losing defenders in the faction's own areas stay put (no retreat)
    "hold_in_areas",  # losing defenders in the listed areas stay put
    "strength_in_country",  # extra strength in battles in areas of `country`
    "strength_with_types",  # extra strength when a unit of `unit_types` is in the battle
    "cancel_enemy_air",  # the enemy's air support tokens add nothing this battle
    "ignore_rivers",  # this side's strength is not halved across rivers this battle
    "extra_die_with_types",  # one more `die` when a unit of `unit_types` is in the battle
]


class CardEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A special effect printed on a card; which fields matter depends on `kind`."""

    kind: EffectKind
    bonus: int = 0
    country: str | None = None
    areas: list[str] = []
    unit_types: list[str] = []
    die: str | None = None
    role: Literal["attack", "defence", "any"] = "any"


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A card of a faction's deck, playable for PP, for air support or in a battle."""

    id: str
    name: str
    copies: int
    pp_multiplier: int  # percent, for the Strategic Phase's PP play
    air_support: int  # tokens drawn when played for air support
    strength: int  # added in battle (step 2)
    dice: list[str]  # rolled in battle (step 5)
    hp: int  # HP symbols that may absorb losses (step 5)
    effects: list[CardEffect] = []


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A faction's deck and how many of it start in hand."""

    faction: Faction
    cards: list[Card]


# --- orders, air support, tracks --------------------------------------------------------

OrderKind = Literal[
    "move", "support", "defense", "feint_attack", "build_fortification",
    "strategic_movement", "maneuver", "amphibious_landing", "shore_bombardment",
]  # fmt: skip


class OrderToken(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An order token kind; `bonus` is its +N, `max_stack` the landing's stack limit."""

    id: str
    kind: OrderKind
    bonus: int
    places: list[AreaKind]  # area kinds it may be placed in (Planning Phase)
    single_use: bool  # removed from the game once executed (or at end of turn)
    special: bool  # bought with PP rather than held in the permanent pool
    max_stack: int | None = None


class OrderSet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Special orders are bought in sets, at a price, taking `build_time` turns."""

    id: str
    price: int
    build_time: int
    tokens: list[str]


class AirSupportLevel(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An air support token level: the strength it adds and the dice it rolls."""

    level: int
    strength: int
    dice: list[str]


class FactionPools(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A faction's starting order tokens, air support tokens and hand."""

    faction: Faction
    orders: dict[str, int]  # order token id -> count
    air_support: dict[str, int]  # level ("1".."5") -> count
    hand_size: int


class LogisticsPosition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A position of the logistics track: the sizes of the stacks allowed there."""

    position: int
    stacks: list[int]  # e.g. [2, 2, 2, 3]: three stacks of 2 and one of 3


class Tracks(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The logistics and initiative tracks and where each faction starts on them."""

    logistics: list[LogisticsPosition]
    logistics_start: dict[str, int]
    initiative: list[Faction]  # highest first


# --- countries ---------------------------------------------------------------------------


class Mobilised(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A unit a country puts on the map when it joins a faction."""

    area: str
    type: str
    level: int


class Country(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A country of the map: its side in 1939, its politics and what joining brings."""

    id: str
    name: str
    side_1939: Literal["axis", "western_allies", "ussr", "neutral"]
    alignment: Literal["axis", "western_allies"] | None  # neutrals only
    war_entry: int  # tens of percent, 0..10 (neutrals only; 0 otherwise)
    pressure_cost: int  # PP per Exert Pressure action (neutrals only; 0 otherwise)
    plunder: int  # PP the conqueror gains when it surrenders
    key_areas: list[str]
    mobilised: list[Mobilised]


class VirtutiContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """All designed content, decoded and checked."""

    dice: list[Die]
    units: list[UnitType]
    submarine: SubmarineMarker
    decks: list[Deck]
    orders: list[OrderToken]
    order_sets: list[OrderSet]
    air_support: list[AirSupportLevel]
    pools: list[FactionPools]
    tracks: Tracks
    countries: list[Country]

    def die(self, colour: str) -> Die:
        """The die of a colour (KeyError if unknown)."""
        return {d.colour: d for d in self.dice}[colour]

    def unit(self, unit_id: str) -> UnitType:
        """The unit type of an id (KeyError if unknown)."""
        return {u.id: u for u in self.units}[unit_id]

    def deck(self, faction: str) -> Deck:
        """A faction's deck (KeyError if unknown)."""
        return {str(d.faction): d for d in self.decks}[faction]

    def pool(self, faction: str) -> FactionPools:
        """A faction's starting pools (KeyError if unknown)."""
        return {str(p.faction): p for p in self.pools}[faction]

    def country(self, country_id: str) -> Country:
        """A country of an id (KeyError if unknown)."""
        return {c.id: c for c in self.countries}[country_id]


# --- loading -------------------------------------------------------------------------------


T = TypeVar("T")


class _UnitsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    units: list[UnitType]
    submarine: SubmarineMarker


class _DiceFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    dice: list[Die]


class _CardsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    decks: list[Deck]


class _OrdersFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    orders: list[OrderToken]
    order_sets: list[OrderSet]
    air_support: list[AirSupportLevel]
    pools: list[FactionPools]


class _TracksFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    tracks: Tracks


class _CountriesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    countries: list[Country]


def _decode(name: str, raw: bytes, kind: type[T]) -> T:
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as err:
        raise ContentError(f"{name} does not fit its schema: {err}") from err
    except msgspec.DecodeError as err:
        raise ContentError(f"{name} is not valid JSON: {err}") from err


def parse_content(files: dict[str, bytes], vmap: VirtutiMap) -> VirtutiContent:
    """Content from the bytes of each data file (by file name), checked against `vmap`."""

    def get(name: str) -> bytes:
        if name not in files:
            raise ContentError(f"{name} is missing")
        return files[name]

    units = _decode("units.json", get("units.json"), _UnitsFile)
    orders = _decode("orders.json", get("orders.json"), _OrdersFile)
    content = VirtutiContent(
        dice=_decode("dice.json", get("dice.json"), _DiceFile).dice,
        units=units.units,
        submarine=units.submarine,
        decks=_decode("cards.json", get("cards.json"), _CardsFile).decks,
        orders=orders.orders,
        order_sets=orders.order_sets,
        air_support=orders.air_support,
        pools=orders.pools,
        tracks=_decode("tracks.json", get("tracks.json"), _TracksFile).tracks,
        countries=_decode("countries.json", get("countries.json"), _CountriesFile).countries,
    )
    problems = check_content(content, vmap)
    if problems:
        raise ContentError("Virtuti content is inconsistent:\n- " + "\n- ".join(problems))
    return content


CONTENT_FILES = ("dice.json", "units.json", "cards.json", "orders.json", "tracks.json",
                 "countries.json")  # fmt: skip


def read_content(data_dir: Path, vmap: VirtutiMap | None = None) -> VirtutiContent:
    """Content from a directory (tests and tools working on modified copies)."""
    files = {n: (data_dir / n).read_bytes() for n in CONTENT_FILES if (data_dir / n).exists()}
    return parse_content(files, vmap or load_map())


@cache
def load_content() -> VirtutiContent:
    """The content shipped with the package (loaded and checked once)."""
    root = resources.files("grognard.games.virtuti").joinpath("data")
    files = {n: root.joinpath(n).read_bytes() for n in CONTENT_FILES}
    return parse_content(files, load_map())


# --- checks ------------------------------------------------------------------------------


def placement_problem(
    unit_type: str, naval: bool, area: str, vmap: VirtutiMap, *, in_play: bool = False
) -> str | None:
    """Why a unit of this type cannot be set down in `area`, or None. Units put on the map
    (a scenario's set-up, a joining country's mobilisation, deployment: P5.5, P9.3) go
    to ports if fleets, land areas if not; `in_play` asks where a unit may stand at all
    (a fleet also at sea). One check for the content loaders and every rule that raises
    a unit (`board.new_unit`)."""
    if area not in vmap.graph.areas:
        return f"{unit_type} in {area}: not an area of the map"
    kind = vmap.graph.area(area).kind
    verb = "stand" if in_play else "start"
    if naval and kind not in (("port", "sea") if in_play else ("port",)):
        return f"{unit_type} in {area}: fleets {verb} in ports" + (" or at sea" if in_play else "")
    if not naval and kind != "land":
        return f"{unit_type} in {area}: land units {verb} in land areas"
    return None


def _dupes(label: str, ids: Iterable[str]) -> list[str]:
    return [f"{label} {i!r} is defined twice" for i, n in Counter(ids).items() if n > 1]


def check_content(c: VirtutiContent, vmap: VirtutiMap) -> list[str]:
    """Every inconsistency found (empty when the content is sound)."""
    out: list[str] = []
    for check in _CHECKS:
        out.extend(check(c, vmap))
    return out


def _check_dice(c: VirtutiContent, _m: VirtutiMap) -> list[str]:
    out = _dupes("die", (d.colour for d in c.dice))
    if sorted(d.colour for d in c.dice) != sorted(DIE_COLOURS):
        out.append(f"dice must be exactly {', '.join(DIE_COLOURS)}")  # Key Game Concepts
    for d in c.dice:
        if len(d.faces) != 6 or min(d.faces, default=0) < 0:
            out.append(f"die {d.colour}: needs six faces of 0 or more loss points")
    return out


def _check_units(c: VirtutiContent, _m: VirtutiMap) -> list[str]:
    out = _dupes("unit type", (u.id for u in c.units))
    if sorted(u.id for u in c.units) != sorted(UNIT_TYPES):
        out.append(f"unit types must be exactly {', '.join(UNIT_TYPES)}")
    ids = {u.id for u in c.units}
    for u in c.units:
        where = f"unit {u.id}"
        if [lv.level for lv in u.levels] != list(LEVELS):
            out.append(f"{where}: levels must be 1, 2, 3 in order")
        if u.technology not in TECHNOLOGIES:
            out.append(f"{where}: unknown technology {u.technology!r}")
        if u.build_time < 1:
            out.append(f"{where}: build time must be at least 1 turn")
        for lv in u.levels:
            if lv.die not in DIE_COLOURS or lv.hp < 1 or lv.strength < 0 or lv.cost < 1:
                out.append(f"{where} level {lv.level}: bad die, HP, strength or cost")
            if (lv.upgrade_cost is None) != (lv.level == 1):
                out.append(f"{where} level {lv.level}: upgrade cost is for levels 2-3 only")
        for ref in (u.reduces_to, u.strengthens_to):
            if ref is not None and ref not in ids:
                out.append(f"{where}: refers to unknown unit type {ref!r}")
        if (u.strengthens_to is None) != (u.strengthen_cost is None):
            out.append(f"{where}: strengthen target and cost go together")
    for faction, seas in c.submarine.seas.items():
        out.extend(f"submarine seas: unknown sea {s!r}" for s in seas if s not in _m.sea_ids)
        if faction not in FACTIONS:
            out.append(f"submarine seas: unknown faction {faction!r}")
    return out


def _check_decks(c: VirtutiContent, vmap: VirtutiMap) -> list[str]:
    out = _dupes("deck", (d.faction for d in c.decks))
    out += _dupes("card", (card.id for d in c.decks for card in d.cards))
    countries = {k.id for k in c.countries}
    for deck in c.decks:
        for card in deck.cards:
            where = f"card {card.id}"
            if card.copies < 1 or card.pp_multiplier < 0 or card.air_support < 0:
                out.append(f"{where}: copies, PP multiplier and air support must be >= 0/1")
            out += [f"{where}: unknown die {d!r}" for d in card.dice if d not in DIE_COLOURS]
            for e in card.effects:
                out += [f"{where}: unknown area {a!r}" for a in e.areas if a not in vmap.land_ids]
                out += [f"{where}: unknown unit {t!r}" for t in e.unit_types if t not in UNIT_TYPES]
                if e.country is not None and e.country not in countries:
                    out.append(f"{where}: unknown country {e.country!r}")
                if e.die is not None and e.die not in DIE_COLOURS:
                    out.append(f"{where}: unknown die {e.die!r}")
    if sorted(d.faction for d in c.decks) != sorted(FACTIONS):
        out.append("there must be one deck per faction")
    return out


def _check_orders(c: VirtutiContent, _m: VirtutiMap) -> list[str]:
    out = _dupes("order token", (o.id for o in c.orders)) + _dupes(
        "order set", (s.id for s in c.order_sets)
    )
    ids = {o.id for o in c.orders}
    for s in c.order_sets:
        out += [f"order set {s.id}: unknown token {t!r}" for t in s.tokens if t not in ids]
        if s.price < 1 or s.build_time < 1:
            out.append(f"order set {s.id}: price and build time must be positive")
        if not any(o.special for o in c.orders if o.id in s.tokens):
            out.append(f"order set {s.id}: sells no special order")
    bought = {t for s in c.order_sets for t in s.tokens}
    for o in c.orders:
        if o.special and o.id not in bought:
            out.append(f"special order {o.id}: no set sells it")
    if sorted(a.level for a in c.air_support) != [1, 2, 3, 4, 5]:
        out.append("air support tokens must have exactly the levels 1-5")
    for a in c.air_support:
        out += [f"air support {a.level}: unknown die {d!r}" for d in a.dice if d not in DIE_COLOURS]
    out += _dupes("pools of faction", (p.faction for p in c.pools))
    if sorted(p.faction for p in c.pools) != sorted(FACTIONS):
        out.append("there must be starting pools for each faction")
    for p in c.pools:
        out += [f"pools {p.faction}: unknown order {o!r}" for o in p.orders if o not in ids]
        bad_levels = [lv for lv in p.air_support if lv not in {"1", "2", "3", "4", "5"}]
        out += [f"pools {p.faction}: unknown air support level {lv!r}" for lv in bad_levels]
        if any(n < 0 for n in (*p.orders.values(), *p.air_support.values(), p.hand_size)):
            out.append(f"pools {p.faction}: counts must not be negative")
        if p.hand_size > sum(card.copies for card in c.deck(p.faction).cards):
            out.append(f"pools {p.faction}: hand larger than the deck")
    return out


def _check_tracks(c: VirtutiContent, _m: VirtutiMap) -> list[str]:
    t, out = c.tracks, []
    if [p.position for p in t.logistics] != list(range(1, LOGISTICS_POSITIONS + 1)):
        out.append("logistics track positions must run 1..8")
    for p in t.logistics:
        # Stacking limits: one stack per position, each of 2 to 4 units.
        if len(p.stacks) != p.position or any(not 2 <= s <= 4 for s in p.stacks):
            out.append(f"logistics {p.position}: needs {p.position} stacks of 2-4 units")
    for faction, pos in t.logistics_start.items():
        if faction not in FACTIONS or not 1 <= pos <= LOGISTICS_POSITIONS:
            out.append(f"logistics start: bad faction or position {faction}={pos}")
    if sorted(t.initiative) != sorted(FACTIONS):
        out.append("the initiative track must hold each faction once")
    return out


def _check_countries(c: VirtutiContent, vmap: VirtutiMap) -> list[str]:
    out = _dupes("country", (k.id for k in c.countries))
    owners = {vmap.land(a).owner for a in vmap.land_ids}
    known = {k.id for k in c.countries}
    out += [f"map owner {o!r} has no country entry" for o in sorted(owners - known)]
    out += [f"country {k!r} owns no map area" for k in sorted(known - owners)]
    lands, ports = set(vmap.land_ids), set(vmap.port_ids)
    for k in c.countries:
        where = f"country {k.id}"
        neutral = k.side_1939 == "neutral"
        if neutral != (k.alignment is not None):
            out.append(f"{where}: an alignment is for neutral countries only, and required")
        if not 0 <= k.war_entry <= 10 or k.pressure_cost < 0 or k.plunder < 0:
            out.append(f"{where}: war entry 0-10, pressure cost and plunder >= 0")
        if not neutral and (k.war_entry or k.pressure_cost):
            out.append(f"{where}: only neutrals have war entry and pressure cost")
        if not k.key_areas:
            out.append(f"{where}: needs at least one key area")  # 9 surrender check
        for a in k.key_areas:
            if a not in lands:
                out.append(f"{where}: key area {a!r} is not a land area of the map")
            elif vmap.land(a).owner != k.id:
                out.append(f"{where}: key area {a!r} belongs to {vmap.land(a).owner}")
        for m in k.mobilised:
            land = vmap.port(m.area).land if m.area in ports else m.area
            if land not in lands or vmap.land(land).owner != k.id:
                out.append(f"{where}: mobilises in {m.area!r}, not one of its areas")
            if m.type not in UNIT_TYPES or m.level not in LEVELS:
                out.append(f"{where}: mobilises an unknown unit {m.type} level {m.level}")
                continue
            problem = placement_problem(m.type, c.unit(m.type).naval, m.area, vmap)  # 9.3 mobilisation
            if problem:
                out.append(f"{where}: mobilises a {problem}")
    return out


_CHECKS: tuple[Callable[[VirtutiContent, VirtutiMap], list[str]], ...] = (
    _check_dice, _check_units, _check_decks, _check_orders, _check_tracks, _check_countries,
)  # fmt: skip
