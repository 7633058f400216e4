"""Virtuti Militari's scenario set-ups (data/scenarios.json): schema, loader and checks.

The rulebook names two scenarios and their first turns (Full Campaign, Late Summer 1939;
Operation Barbarossa, Early Summer 1941) and says who is at war at the start, but gives
no set-up: the deployments are our design (docs/virtuti-design.md, section 8).

A scenario states only what differs from the countries' 1939 sides in countries.json:
country statuses that changed, areas held by another faction than their owner's side,
then each faction's position (PP, war economy, tracks, technologies, hand) and units.
`check_scenario` proves a set-up legal: every unit stands in an area (or port) its
faction controls, no stack breaks the faction's logistics limit, hands come from the
faction's deck, unit levels do not exceed technology levels.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from importlib import resources
from typing import Literal

import msgspec

from grognard.games.virtuti.content import (
    FACTIONS,
    LEVELS,
    TECHNOLOGIES,
    ContentError,
    Faction,
    VirtutiContent,
    load_content,
    placement_problem,
)
from grognard.games.virtuti.map import VirtutiMap, load_map

Season = Literal["spring", "early_summer", "late_summer", "autumn", "winter"]
SEASONS: tuple[Season, ...] = ("spring", "early_summer", "late_summer", "autumn", "winter")
SCENARIOS_FILE = "scenarios.json"


class Turn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A game turn: one of the five seasons of a year."""

    season: Season
    year: int


class CountryStart(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A country's status at the start when it is not its 1939 side."""

    status: Literal["neutral", "active", "surrendered"]
    faction: Faction | None  # the faction it is active in, or that conquered it


class Placement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`count` units of a type and level in a land area or port."""

    area: str
    type: str
    level: int = 1
    count: int = 1


class FactionStart(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A faction's position and forces at the start."""

    faction: Faction
    pp: float
    war_economy: int  # percent, 0..100
    logistics: int
    technologies: dict[str, int]  # missing technologies are at level 1
    hand: list[str]  # card ids (a card may appear up to its number of copies)
    units: list[Placement]
    submarines: list[str]  # sea zones, one marker each


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A scenario: first and last turn, political situation and forces."""

    id: str
    name: str
    start: Turn
    end: Turn
    ussr_active: bool
    ussr_at_war: bool
    countries: dict[str, CountryStart]
    control: dict[str, list[str]]  # faction -> areas it holds beyond its countries
    factions: list[FactionStart]


class _ScenariosFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    scenarios: list[Scenario]


def controlled_areas(s: Scenario, content: VirtutiContent, vmap: VirtutiMap) -> dict[str, str]:
    """Land area -> controlling faction at the start (neutral areas left out)."""
    side: dict[str, str | None] = {}
    for k in content.countries:
        side[k.id] = None if k.side_1939 == "neutral" else k.side_1939
    for cid, start in s.countries.items():
        side[cid] = start.faction if start.status != "neutral" else None
    out: dict[str, str] = {}
    for area in vmap.land_ids:
        holder = side.get(vmap.land(area).owner)
        if holder is not None:
            out[area] = holder
    for faction, areas in s.control.items():
        for area in areas:
            out[area] = faction
    return out


def fits_logistics(stacks: list[int], allowed: list[int]) -> bool:
    # Single units are not stacks (0.0 stacking). Place the largest stacks first, each in
    # the smallest allowance that holds it: if that greedy match fails, no match exists.
    free = sorted(allowed, reverse=True)
    for size in sorted((n for n in stacks if n > 1), reverse=True):
        if not free or free[0] < size:
            return False
        fitting = [a for a in free if a >= size]
        free.remove(min(fitting))
    return True


def check_scenario(s: Scenario, content: VirtutiContent, vmap: VirtutiMap) -> list[str]:
    """Every reason the set-up is illegal or inconsistent (empty when sound)."""
    out: list[str] = []
    where = f"scenario {s.id}"
    if (s.start.year, SEASONS.index(s.start.season)) >= (s.end.year, SEASONS.index(s.end.season)):
        out.append(f"{where}: starts after it ends")
    if s.ussr_at_war and not s.ussr_active:
        out.append(f"{where}: the USSR cannot be at war while inactive")
    known = {k.id for k in content.countries}
    for cid, start in s.countries.items():
        if cid not in known:
            out.append(f"{where}: unknown country {cid!r}")
        if (start.status == "neutral") != (start.faction is None):
            out.append(f"{where}: country {cid} needs a faction unless neutral")
    lands, ports = set(vmap.land_ids), set(vmap.port_ids)
    for faction, areas in s.control.items():
        if faction not in FACTIONS:
            out.append(f"{where}: control for unknown faction {faction!r}")
        out += [f"{where}: controls unknown area {a!r}" for a in areas if a not in lands]
    if sorted(f.faction for f in s.factions) != sorted(FACTIONS):
        out.append(f"{where}: needs one start per faction")
    control = controlled_areas(s, content, vmap)
    for f in s.factions:
        out += _check_faction(f, where, control, content, vmap, lands, ports)
    return out


def _check_faction(
    f: FactionStart,
    where: str,
    control: dict[str, str],
    content: VirtutiContent,
    vmap: VirtutiMap,
    lands: set[str],
    ports: set[str],
) -> list[str]:
    out: list[str] = []
    w = f"{where} {f.faction}"
    if not 0 <= f.war_economy <= 100 or f.pp < 0:
        out.append(f"{w}: war economy 0-100 and PP >= 0")
    positions = {p.position: p.stacks for p in content.tracks.logistics}
    if f.logistics not in positions:
        out.append(f"{w}: logistics position {f.logistics} is off the track")
    for tech, level in f.technologies.items():
        if tech not in TECHNOLOGIES or level not in LEVELS:
            out.append(f"{w}: bad technology {tech}={level}")
    copies = {c.id: c.copies for c in content.deck(f.faction).cards}
    for card, n in Counter(f.hand).items():
        if n > copies.get(card, 0):
            out.append(f"{w}: hand holds {card!r} more often than its deck")
    units = {u.id: u for u in content.units}
    stacks: Counter[str] = Counter()
    for p in f.units:
        unit = units.get(p.type)
        if unit is None or p.level not in LEVELS or p.count < 1:
            out.append(f"{w}: bad unit {p.type} level {p.level} x{p.count}")
            continue
        if p.level > f.technologies.get(unit.technology, 1):
            out.append(f"{w}: level-{p.level} {p.type} beyond its {unit.technology} technology")
        land = vmap.port(p.area).land if p.area in ports else p.area
        if land not in lands:
            out.append(f"{w}: unknown area {p.area!r}")
            continue
        if control.get(land) != f.faction:
            out.append(f"{w}: {p.area} is not controlled by {f.faction}")
        problem = placement_problem(p.type, unit.naval, p.area, vmap)
        if problem:
            out.append(f"{w}: {problem}")
        stacks[p.area] += p.count
    if f.logistics in positions and not fits_logistics(list(stacks.values()), positions[f.logistics]):
        out.append(f"{w}: stacks {sorted(stacks.values())} break logistics {f.logistics}")
    allowed = set(content.submarine.seas.get(f.faction, []))
    out += [f"{w}: submarine in {sea!r} not allowed" for sea in f.submarines if sea not in allowed]
    return out


def parse_scenarios(raw: bytes, content: VirtutiContent, vmap: VirtutiMap) -> list[Scenario]:
    """Scenarios from scenarios.json bytes; ContentError naming every problem."""
    try:
        scenarios = msgspec.json.decode(raw, type=_ScenariosFile).scenarios
    except (msgspec.ValidationError, msgspec.DecodeError) as err:
        raise ContentError(f"{SCENARIOS_FILE} does not fit its schema: {err}") from err
    problems = [p for s in scenarios for p in check_scenario(s, content, vmap)]
    ids = Counter(s.id for s in scenarios)
    problems += [f"scenario {i!r} is defined twice" for i, n in ids.items() if n > 1]
    if problems:
        raise ContentError("Virtuti scenarios are inconsistent:\n- " + "\n- ".join(problems))
    return scenarios


@cache
def load_scenarios() -> dict[str, Scenario]:
    """The shipped scenarios by id (loaded and checked once)."""
    raw = resources.files("grognard.games.virtuti").joinpath("data", SCENARIOS_FILE).read_bytes()
    return {s.id: s for s in parse_scenarios(raw, load_content(), load_map())}
