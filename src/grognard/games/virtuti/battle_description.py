"""A Virtuti Militari battle as the odds see it: the calculator's form
(`odds_form`), and a described battle parsed into its sides and place (`parse`), every
field checked with a reason (core/odds.py BadBattle). odds.py works the odds out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from grognard.core.odds import BadBattle, count_field
from grognard.games.virtuti.board import content, vmap
from grognard.games.virtuti.content import UNIT_TYPES, Card

MOST_UNITS = 40  # per key of a side (the calculator's number fields), and units a side
MOST_DRAWN = 12  # drawn air tokens of unknown pick, a side
LEVELS = (1, 2, 3)
LAND_KEYS = tuple(f"{t}_{lv}" for t in UNIT_TYPES if t != "fleet" for lv in LEVELS)
NAVAL_KEYS = tuple(f"fleet_{lv}" for lv in LEVELS)
AIR_KEYS = tuple(f"air_{lv}" for lv in range(1, 6))
# not units: numbers that add to a side's strength (B1.1) and its committed air tokens (B1.3)
EXTRA_KEYS = ("support", "order", "fortification", *AIR_KEYS)
TERRAINS = ("land", "river", "mountain")  # the border the attackers cross (B1.1)
SIDES = ("attacker", "defender")


# ----- the parsed battle ----------------------------------------------------------------------
@dataclass(frozen=True)
class Troop:
    type: str
    level: int
    exhausted: bool = False


@dataclass(frozen=True)
class Side:
    """One side of a battle as the rules see it at step 1."""

    troops: tuple[Troop, ...]
    support: int  # strength from Support orders (and Shore Bombardment) next door, after halving
    support_free: int  # the same when this side's card ignores rivers
    order: int  # the Move order's bonus (attacker) or the Defense order's (defender)
    fortification: int  # defender only, land battles only
    cards: tuple[str | None, ...]  # the possible cards, each equally likely (None: no card)
    air_known: tuple[int, ...]  # levels of the air tokens known to be committed
    air_drawn: tuple[tuple[int, int], ...]  # (level, count) of drawn tokens of unknown pick


@dataclass(frozen=True)
class Place:
    """Where the battle is and what that changes."""

    terrain: str
    frozen: bool
    naval: bool
    mud: bool
    attacker_first: bool  # higher on the initiative track: wins ties (B1.4)
    landing: bool  # an amphibious landing: a beaten attacker is eliminated (B1.6)
    out_of_supply: bool  # a beaten defender is eliminated (B1.6)
    friendly: bool  # the defender's own friendly area (62nd Army)
    area: str | None  # for the cards that name areas or countries


# ----- content lookups ---------------------------------------------------------------------
@cache
def card_table() -> dict[str, Card]:
    return {c.id: c for deck in content().decks for c in deck.cards}


# ----- the description ------------------------------------------------------------------------
def _card_names() -> dict[str, str]:
    """Every battle card, by id: its name and faction, as the calculator lists them."""
    return {
        c.id: f"{c.name} ({deck.faction.replace('_', ' ')})"
        for deck in content().decks
        for c in sorted({c.id: c for c in deck.cards}.values(), key=lambda c: c.id)
    }


def odds_form() -> dict[str, Any]:
    return {
        "sides": {"land": [*LAND_KEYS, *EXTRA_KEYS], "naval": [*NAVAL_KEYS, "support", "order"]},
        "most_units": MOST_UNITS,
        "terrain": list(TERRAINS),
        "flags": {
            "naval": "a sea battle (fleets; no air support)",
            "frozen": "snow on both sides of the river: it does not halve",
            "mud": "mud in the area: no air support",
            "attacker_first": "the attacker is higher on the initiative track (wins ties)",
            "landing": "an amphibious landing (a beaten attacker is eliminated)",
            "out_of_supply": "the area is out of supply (a beaten defender is eliminated)",
        },
        "rules": ["B1.1", "B1.2", "B1.3", "B1.4", "B1.5", "B1.6", "B1.9"],
        # a choice per side in the generic calculator (web/odds.js): the battle card
        "choices": {
            "cards": {
                "label": "Battle card",
                "per_side": True,
                "options": _card_names(),
            }
        },
        # fields the generic calculator has no input for; the API takes them
        "cards": {deck.faction: sorted({c.id for c in deck.cards}) for deck in content().decks},
        "more": {
            "cards": "{attacker|defender: card id, or a list of ids each equally likely}",
            "air_drawn": "{attacker|defender: {level: drawn tokens, each committed half the time}}",
            "support_ignoring_rivers": "{attacker|defender: support when its card ignores rivers}",
            "area": "the area fought over (cards that name areas or countries)",
            "friendly": "the area is the defender's own (62nd Army)",
            "seat": "attacker or defender: the notes give that side's chance with each of its cards",
            "<type>_<level>_ex": "an exhausted unit (no strength, no dice)",
        },
    }


def _flag(description: Mapping[str, Any], name: str) -> bool:
    value = description.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadBattle(f"{name} must be true or false, not {value!r}")
    return value


def _per_side(description: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    raw = description.get(name) or {}
    if not isinstance(raw, Mapping) or set(raw) - set(SIDES):
        raise BadBattle(f"{name} must map attacker and/or defender to a value")
    return raw


def _troops(raw: Mapping[str, Any], who: str, keys: Sequence[str]) -> tuple[Troop, ...]:
    out: list[Troop] = []
    for key, value in raw.items():
        if key in EXTRA_KEYS:
            continue
        exhausted = isinstance(key, str) and key.endswith("_ex")
        base = key.removesuffix("_ex") if exhausted else key
        if base not in keys:
            raise BadBattle(
                f"{who} has an unknown entry {key!r}; use {', '.join(keys)} "
                f"(add _ex for an exhausted unit) or {', '.join(EXTRA_KEYS)}"
            )
        kind, level = base.rsplit("_", 1)
        n = count_field(value, f"{who}.{key}", MOST_UNITS)
        out += [Troop(kind, int(level), exhausted)] * n
    return tuple(sorted(out, key=lambda t: (t.type, t.level, t.exhausted)))


def _card_list(value: Any, who: str, faction_cards: set[str]) -> tuple[str | None, ...]:
    if value is None:
        return (None,)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or len(value) > MOST_UNITS:
        raise BadBattle(f"cards.{who} must be a card id or a list of card ids (each equally likely)")
    for c in value:
        if c not in faction_cards:
            raise BadBattle(f"cards.{who}: {c!r} is not a card of any deck")
    return tuple(sorted(value)) if value else (None,)


def _side(description: Mapping[str, Any], who: str, place: Place) -> Side:
    raw = description.get(who) or {}
    if not isinstance(raw, Mapping):
        raise BadBattle(f"{who} must map unit entries (such as army_2) to counts")
    troops = _troops(raw, who, (*LAND_KEYS, *NAVAL_KEYS))
    if len(troops) > MOST_UNITS:
        raise BadBattle(f"{who}: at most {MOST_UNITS} units a side")
    support = count_field(raw.get("support", 0), f"{who}.support", 200)
    free = _per_side(description, "support_ignoring_rivers").get(who, support)
    free = count_field(free, f"support_ignoring_rivers.{who}", 200)
    order = count_field(raw.get("order", 0), f"{who}.order", 2)
    # a fortification counts for the defender only (the calculator offers it to both)
    fort = count_field(raw.get("fortification", 0), f"{who}.fortification", 3) if who == "defender" else 0
    committed = [
        lv for lv in range(1, 6) for _ in range(count_field(raw.get(f"air_{lv}", 0), f"{who}.air_{lv}", 20))
    ]
    drawn_raw = _per_side(description, "air_drawn").get(who) or {}
    if not isinstance(drawn_raw, Mapping):
        raise BadBattle(f"air_drawn.{who} must map levels 1-5 to counts")
    drawn: list[tuple[int, int]] = []
    for lv, n in drawn_raw.items():
        if str(lv) not in {"1", "2", "3", "4", "5"}:
            raise BadBattle(f"air_drawn.{who}: {lv!r} is not an air support level (1-5)")
        if count_field(n, f"air_drawn.{who}.{lv}", MOST_DRAWN):
            drawn.append((int(lv), n))
    if sum(n for _, n in drawn) > MOST_DRAWN:
        raise BadBattle(f"air_drawn.{who}: at most {MOST_DRAWN} drawn tokens a side")
    no_air = place.naval or place.mud  # step 3 is skipped (B1.3)
    cards = _card_list(_per_side(description, "cards").get(who), who, set(card_table()))
    return Side(
        troops=troops,
        support=support,
        support_free=free,
        order=order,
        fortification=0 if place.naval else fort,
        cards=cards,
        air_known=() if no_air else tuple(committed),
        air_drawn=() if no_air else tuple(sorted(drawn)),
    )


def parse(description: Mapping[str, Any]) -> tuple[Side, Side, Place]:
    if not isinstance(description, Mapping):
        raise BadBattle("a battle is a JSON object")
    terrain = description.get("terrain") or "land"
    if terrain not in TERRAINS:
        raise BadBattle(f"terrain must be one of {', '.join(TERRAINS)}, not {terrain!r}")
    area = description.get("area")
    if area is not None and (not isinstance(area, str) or area not in vmap().graph):
        raise BadBattle(f"area {area!r} is not an area of the map")
    place = Place(
        terrain=terrain,
        frozen=_flag(description, "frozen"),
        naval=_flag(description, "naval"),
        mud=_flag(description, "mud"),
        attacker_first=_flag(description, "attacker_first"),
        landing=_flag(description, "landing"),
        out_of_supply=_flag(description, "out_of_supply"),
        friendly=_flag(description, "friendly"),
        area=area,
    )
    attacker = _side(description, "attacker", place)
    defender = _side(description, "defender", place)
    if not attacker.troops:
        raise BadBattle("the attacker needs at least one unit")
    if any(t.exhausted for t in attacker.troops):
        raise BadBattle("exhausted units cannot attack")
    if not defender.troops:
        raise BadBattle("a battle needs at least one defending unit (an empty area is simply entered)")
    return attacker, defender, place
