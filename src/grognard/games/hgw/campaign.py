"""Campaign Game I's politics and economy as data: which countries start unaligned and
play on the board, how they group into nations, who they join when attacked, the dated
entries into the war (the Time Record's events), the forces that arrive with them, and
the numbers of the production limitations.

`data/campaign_1_politics.json` holds them; its `note` says what we chose where the
rulebook is silent (docs/hgw-design.md repeats it). The schema is checked at load with
msgspec; cross-checks against the map (every territory and hex known) are in `_check`.
This module imports only the map, so that every rules module may ask it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from .datafile import decode_file
from .map import load_map
from .scenario import board_id

DATA_DIR = Path(__file__).with_name("data")
WHEN = ("start", "production")


class CampaignError(ValueError):
    """A campaign politics file breaks its schema or names something unknown."""


class Force(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Strength points that arrive with a nation. Unless `choose`, the first of `at` is
    the hex the rules fix for them (the set-up's Italian Army in 1636, the U.S. Army in
    the U.S. box) and the engine puts them there; what cannot go there, and a force the
    rules let its player place (`choose`: "anywhere in Rumania", Nations Inclined toward
    Axis 3-5), its player places point by point in the held hexes of `at` (hexes, or
    territories) with room (arrivals.PlaceArrivals)."""

    name: str
    at: tuple[str, ...]
    infantry: int = 0
    mechanized: int = 0
    amphibious: int = 0
    tac_air: int = 0
    choose: bool = False


class Entry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A dated entry into the war (Entry into the War; the Time Record's events)."""

    turn: str
    side: str  # whose player turn
    when: str  # "start" of that player turn, or its "production" phase
    nations: tuple[str, ...]
    joins: str
    rule: str
    us_entry: bool = False


class Mobilization(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Soviet Mobilization 1-4."""

    cap: int
    lift_turn: str
    extended_turn: str
    extended_hexes: int
    exempt: tuple[str, ...]  # territories whose attack by the Soviets does not extend


class SiberiaRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Siberian Industry 1-2 and Activity Limitations 10."""

    light: int
    full: int
    full_from: str
    frozen_until: str
    repair_cap: int


class Sweden(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Swedish Production 1-4: the ore field (its points are the map's there), Narvik
    and the Swedish port."""

    hex: str
    narvik: str
    port: str


class FranceRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """France 1-7."""

    capital: str
    home: tuple[str, ...]
    north_africa: tuple[str, ...]
    unaligned_after: tuple[str, ...]
    # the boxes France 3 leaves unaligned, each rallied by a Free French capture of its
    # hex: French West Africa (2828) and French Equatorial Africa (3226, read as 3236)
    boxes: tuple[str, ...]
    permanent: dict[str, int]
    atlantic_hexes: int


class BritainRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Great Britain 1-4."""

    capitals: tuple[str, ...]
    to_axis: tuple[str, ...]


class ItalyRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Italy's surrender 1-5 and the Mediterranean (Italy 4-5)."""

    mainland: str
    lost_hexes: int
    infantry: int
    mechanized: int
    malta: str
    gibraltar: str
    suez: str


class WarToPass(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Violation of Neutrality 6: to attack `target` from `origin` territories a side
    must first declare war on the unaligned `nation` (Spain, to reach Gibraltar from
    Portugal)."""

    nation: str
    origin: tuple[str, ...]
    target: str


class CampaignRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    in_play: tuple[str, ...]
    nations: dict[str, tuple[str, ...]]
    own_surrender_rules: tuple[str, ...]
    join_soviet: tuple[str, ...]
    never_join: tuple[str, ...]
    overseas_to_allied: tuple[str, ...]
    entries: tuple[Entry, ...]
    bonus_when_scheduled: dict[str, Force]
    bonus_any_reason: dict[str, Force]
    arrivals: dict[str, dict[str, Force]]  # nation -> side it joins -> its army
    us_first: int
    us_step: int
    us_box: str
    mobilization: Mobilization
    siberia: SiberiaRules
    sweden: Sweden
    suez_hexes: tuple[str, ...]
    suez_box: str
    soviet_capitals: tuple[str, ...]
    france: FranceRules
    britain: BritainRules
    italy: ItalyRules
    war_to_pass: tuple[WarToPass, ...] = ()

    def nation_of(self, territory: str) -> str:
        """The nation a territory belongs to: a listed group, else itself."""
        for nation, members in self.nations.items():
            if territory in members:
                return nation
        return territory

    def territories_of(self, nation: str) -> tuple[str, ...]:
        return self.nations.get(nation, (nation,))


def _check(rules: CampaignRules) -> None:
    hmap = load_map()
    known = set(hmap.data.territories)
    problems = []
    named = [*rules.in_play, *(t for ts in rules.nations.values() for t in ts)]
    named += [*rules.france.home, *rules.france.north_africa, *rules.france.unaligned_after]
    named += [*rules.britain.to_axis, rules.italy.mainland, *rules.mobilization.exempt]
    named += [t for w in rules.war_to_pass for t in w.origin]
    problems += [f"unknown territory {t!r}" for t in named if t not in known]
    hexes = [rules.sweden.hex, rules.sweden.narvik, rules.sweden.port, *rules.suez_hexes]
    hexes += [*rules.soviet_capitals, rules.france.capital, *rules.france.permanent, *rules.britain.capitals]
    hexes += [rules.italy.malta, rules.italy.gibraltar, rules.italy.suez]
    hexes += [w.target for w in rules.war_to_pass]
    problems += [f"hex {h} is not on the map" for h in hexes if h not in hmap]
    for entry in rules.entries:
        if entry.when not in WHEN:
            problems.append(f"entry at {entry.turn}: unknown moment {entry.when!r}")
    if problems:
        raise CampaignError("bad campaign politics file: " + "; ".join(problems))


def load_campaign_from(path: Path) -> CampaignRules:
    rules = decode_file(path, CampaignRules, CampaignError, "campaign politics file")
    _check(rules)
    return rules


def load_campaign(scenario_id: str) -> CampaignRules | None:
    """The scenario's politics (its board's: Campaign Game II plays Campaign Game I's), or
    None for the scenarios that play without them."""
    return _load_politics(board_id(scenario_id))


@cache
def _load_politics(board: str) -> CampaignRules | None:
    path = DATA_DIR / f"{board}_politics.json"
    if not path.exists():
        return None
    return load_campaign_from(path)
