"""Virtuti Militari's scripted events (data/scripted_events.json): schema, loader, checks.

In the Diplomatic Phase (phase 9), after surrenders, the game checks each scripted event's
trigger and applies its effects at once; the rulebook keeps their list in a chapter it
does not include (GAPS.md), so the list is our design (docs/virtuti-design.md, section
11). A trigger is a list of conditions that must all hold; each condition is one of a
closed set of kinds a rules engine can test on the game state. Effects reuse the event
effects of `calendar_events`.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from importlib import resources
from typing import Literal

import msgspec

from grognard.games.virtuti.calendar_events import (
    FIRST_TURN,
    LAST_TURN,
    EventEffect,
    check_effects,
    turn_index,
)
from grognard.games.virtuti.content import ContentError, Faction, VirtutiContent, load_content
from grognard.games.virtuti.map import VirtutiMap, load_map
from grognard.games.virtuti.scenarios import Turn

SCRIPTED_FILE = "scripted_events.json"

ConditionKind = Literal[
    "country_surrendered",  # `country` has surrendered
    "country_active",  # `country` is active (in any faction)
    "area_controlled_by",  # `faction` controls `area`
    "turn_from",  # the turn is `turn` or later
    "ussr_at_war",  # the USSR is at war with the Axis (`holds` false: it is not)
]


class Condition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One condition of a trigger; which fields matter depends on `kind`."""

    kind: ConditionKind
    country: str | None = None
    area: str | None = None
    faction: Faction | None = None
    turn: Turn | None = None
    holds: bool = True  # False negates the condition


class ScriptedEvent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An event that fires (once) the first Diplomatic Phase its conditions all hold."""

    id: str
    name: str
    conditions: list[Condition]
    effects: list[EventEffect]


class _ScriptedFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    scripted_events: list[ScriptedEvent]


_NEEDS: dict[str, tuple[str, ...]] = {
    "country_surrendered": ("country",),
    "country_active": ("country",),
    "area_controlled_by": ("area", "faction"),
    "turn_from": ("turn",),
    "ussr_at_war": (),
}


def check_scripted(
    events: list[ScriptedEvent], content: VirtutiContent, vmap: VirtutiMap
) -> list[str]:
    """Every inconsistency in the scripted events (empty when sound)."""
    ids = Counter(e.id for e in events)
    out = [f"scripted event {i!r} is defined twice" for i, n in ids.items() if n > 1]
    countries = {k.id for k in content.countries}
    lands = set(vmap.land_ids)
    for ev in events:
        where = f"scripted event {ev.id}"
        if not ev.conditions:
            out.append(f"{where}: needs a trigger condition")
        for c in ev.conditions:
            out += [f"{where}: {c.kind} needs {f}" for f in _NEEDS[c.kind] if getattr(c, f) is None]
            if c.country is not None and c.country not in countries:
                out.append(f"{where}: unknown country {c.country!r}")
            if c.area is not None and c.area not in lands:
                out.append(f"{where}: unknown area {c.area!r}")
            if c.turn is not None and not (
                turn_index(FIRST_TURN) <= turn_index(c.turn) <= turn_index(LAST_TURN)
            ):
                out.append(f"{where}: turn outside the campaign")
        out += check_effects(where, ev.effects, content)
    return out


def parse_scripted(raw: bytes, content: VirtutiContent, vmap: VirtutiMap) -> list[ScriptedEvent]:
    """Scripted events from scripted_events.json bytes; ContentError on problems."""
    try:
        events = msgspec.json.decode(raw, type=_ScriptedFile).scripted_events
    except (msgspec.ValidationError, msgspec.DecodeError) as err:
        raise ContentError(f"{SCRIPTED_FILE} does not fit its schema: {err}") from err
    problems = check_scripted(events, content, vmap)
    if problems:
        raise ContentError("Virtuti scripted events are inconsistent:\n- " + "\n- ".join(problems))
    return events


@cache
def load_scripted() -> list[ScriptedEvent]:
    """The shipped scripted events (loaded and checked once)."""
    raw = resources.files("grognard.games.virtuti").joinpath("data", SCRIPTED_FILE).read_bytes()
    return parse_scripted(raw, load_content(), load_map())
