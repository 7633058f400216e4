"""Virtuti Militari's calendar events and random events deck: schemas, loaders and checks.

The Calendar Event Phase (phase 2) applies pre-determined events each turn; the rulebook
says they change factions' order tokens and cards, and names two of them: the USSR
activates in Early Summer 1941 ("USSR Prepares for War") and declares a pre-emptive war
on the Axis in Spring 1942. The Random Event Phase (phase 3) draws one card of a random
events deck each turn after the first. The rest of the calendar and the whole deck are
our design (docs/virtuti-design.md, sections 9 and 10). Effects are a closed list of kinds so that a rules
engine can apply every one of them; `check_calendar` proves every reference resolves.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from importlib import resources
from typing import Literal

import msgspec

from grognard.games.virtuti.content import (
    ContentError,
    Faction,
    VirtutiContent,
    load_content,
)
from grognard.games.virtuti.map import load_map
from grognard.games.virtuti.scenarios import SEASONS, Turn

CALENDAR_FILE = "calendar.json"
RANDOM_FILE = "random_events.json"
FIRST_TURN = Turn("late_summer", 1939)
LAST_TURN = Turn("autumn", 1945)

EventKind = Literal[
    "gain_orders",  # faction gains `count` tokens of `order`
    "lose_orders",  # faction loses up to `count` tokens of `order` from its pool
    "gain_card",  # a copy of `card` (of the faction's deck) joins its discard pile
    "gain_air_support",  # `count` tokens of air support `level` join the faction's pool
    "war_entry",  # a neutral country's war entry changes by `count` tens of percent
    "activate_ussr",  # the USSR becomes active (no effect if it already is)
    "ussr_declares_war",  # the USSR declares war on the Axis (no effect if at war)
    "war_economy",  # the faction's war economy changes by `count` percent (0..100 kept)
    "gain_pp",  # the faction gains `count` PP (negative: loses, never below 0)
    "take_control",  # the faction takes control of `areas` (units of others there leave)
]


class EventEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect of an event; which fields matter depends on `kind`."""

    kind: EventKind
    faction: Faction | None = None
    order: str | None = None
    card: str | None = None
    level: int | None = None
    country: str | None = None
    count: int = 0
    areas: list[str] = []


class CalendarEvent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An event on a fixed turn."""

    id: str
    name: str
    turn: Turn
    effects: list[EventEffect]


class RandomEvent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A card of the random events deck (phase 3); `copies` of it are shuffled in."""

    id: str
    name: str
    copies: int
    effects: list[EventEffect]


class _RandomFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    random_events: list[RandomEvent]


class _CalendarFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    events: list[CalendarEvent]


def turn_index(turn: Turn) -> int:
    """Turns counted from Spring 1939 (five a year), for ordering and ranges."""
    return (turn.year - 1939) * len(SEASONS) + SEASONS.index(turn.season)


def _needs(e: EventEffect) -> list[str]:
    """The fields an effect kind requires."""
    return {
        "gain_orders": ["faction", "order", "count"],
        "lose_orders": ["faction", "order", "count"],
        "gain_card": ["faction", "card"],
        "gain_air_support": ["faction", "level", "count"],
        "war_entry": ["country", "count"],
        "activate_ussr": [],
        "ussr_declares_war": [],
        "war_economy": ["faction", "count"],
        "gain_pp": ["faction", "count"],
        "take_control": ["faction", "areas"],
    }[e.kind]


def check_calendar(events: list[CalendarEvent], content: VirtutiContent) -> list[str]:
    """Every inconsistency in the calendar (empty when sound)."""
    out = [f"event {i!r} is defined twice" for i, n in Counter(e.id for e in events).items() if n > 1]
    for ev in events:
        if not turn_index(FIRST_TURN) <= turn_index(ev.turn) <= turn_index(LAST_TURN):
            out.append(f"event {ev.id}: turn outside Late Summer 1939 - Autumn 1945")
        out += check_effects(f"event {ev.id}", ev.effects, content)
    return out


def check_random_events(deck: list[RandomEvent], content: VirtutiContent) -> list[str]:
    """Every inconsistency in the random events deck (empty when sound)."""
    ids = Counter(e.id for e in deck)
    out = [f"random event {i!r} is defined twice" for i, n in ids.items() if n > 1]
    for ev in deck:
        if ev.copies < 1:
            out.append(f"random event {ev.id}: needs at least one copy")
        ussr = {"activate_ussr", "ussr_declares_war"} & {e.kind for e in ev.effects}
        if ussr:  # the USSR's road to war is fixed by the calendar, never random
            out.append(f"random event {ev.id}: {sorted(ussr)[0]} belongs to the calendar")
        out += check_effects(f"random event {ev.id}", ev.effects, content)
    return out


def check_effects(where: str, effects: list[EventEffect], content: VirtutiContent) -> list[str]:
    """Every problem in a list of event effects (shared with the scripted events)."""
    out: list[str] = []
    orders = {o.id for o in content.orders}
    neutrals = {k.id for k in content.countries if k.side_1939 == "neutral"}
    lands = set(load_map().land_ids)
    if not effects:
        out.append(f"{where}: has no effect")
    for e in effects:
        for field in _needs(e):
            if getattr(e, field) in (None, 0, []):
                out.append(f"{where}: {e.kind} needs {field}")
        if e.order is not None and e.order not in orders:
            out.append(f"{where}: unknown order {e.order!r}")
        if e.card is not None and e.faction is not None:
            deck = {c.id for c in content.deck(e.faction).cards}
            if e.card not in deck:
                out.append(f"{where}: card {e.card!r} is not in the {e.faction} deck")
        if e.level is not None and not 1 <= e.level <= 5:
            out.append(f"{where}: air support level {e.level} outside 1-5")
        if e.country is not None and e.country not in neutrals:
            out.append(f"{where}: {e.country!r} is not a neutral country")
        out += [f"{where}: unknown area {a!r}" for a in e.areas if a not in lands]
    return out


def parse_calendar(raw: bytes, content: VirtutiContent) -> list[CalendarEvent]:
    """The calendar from calendar.json bytes, sorted by turn; ContentError on problems."""
    try:
        events = msgspec.json.decode(raw, type=_CalendarFile).events
    except (msgspec.ValidationError, msgspec.DecodeError) as err:
        raise ContentError(f"{CALENDAR_FILE} does not fit its schema: {err}") from err
    problems = check_calendar(events, content)
    if problems:
        raise ContentError("Virtuti calendar is inconsistent:\n- " + "\n- ".join(problems))
    return sorted(events, key=lambda e: turn_index(e.turn))


@cache
def load_calendar() -> list[CalendarEvent]:
    """The shipped calendar, in turn order (loaded and checked once)."""
    raw = resources.files("grognard.games.virtuti").joinpath("data", CALENDAR_FILE).read_bytes()
    return parse_calendar(raw, load_content())


def events_on(turn: Turn) -> list[CalendarEvent]:
    """The calendar events of one turn (phase 2)."""
    return [e for e in load_calendar() if e.turn == turn]


def parse_random_events(raw: bytes, content: VirtutiContent) -> list[RandomEvent]:
    """The random events deck from random_events.json bytes; ContentError on problems."""
    try:
        deck = msgspec.json.decode(raw, type=_RandomFile).random_events
    except (msgspec.ValidationError, msgspec.DecodeError) as err:
        raise ContentError(f"{RANDOM_FILE} does not fit its schema: {err}") from err
    problems = check_random_events(deck, content)
    if problems:
        raise ContentError("Virtuti random events are inconsistent:\n- " + "\n- ".join(problems))
    return deck


@cache
def load_random_events() -> list[RandomEvent]:
    """The shipped random events deck (loaded and checked once)."""
    raw = resources.files("grognard.games.virtuti").joinpath("data", RANDOM_FILE).read_bytes()
    return parse_random_events(raw, load_content())
