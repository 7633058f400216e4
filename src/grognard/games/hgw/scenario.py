"""A scenario's designed content as data: armies, set-up, special-rule numbers.

`data/barbarossa.json` holds the Barbarossa set-up; its `note` says what we had to
choose where the printed set-up is silent (docs/hgw-design.md lists the same). The
schema is checked at load with msgspec, and the cross-checks msgspec cannot express
(every set-up army known, every hex on the map) are in `_check`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from .datafile import decode_file
from .map import ScenarioSide, load_map, row_col
from .optional import OPTIONAL
from .tables import VictoryStep, load_tables, scale_problems

DATA_DIR = Path(__file__).with_name("data")
# Campaign Game II's naval strength points by type (Fleets 3-4; U-Boat Attack 1; Anti-
# Submarine Warfare 2; Aircraft Carriers): naval_battle.Squadron's shape plus U-boats
SHIP_TYPES = ("capital", "carrier", "asw", "uboat")
KINDS = ("infantry", "mechanized", "tac_air", "paratroop", "amphibious")  # Military Record Sheet 1
BUILDABLE = ("infantry", "mechanized")  # Building Strength Points 1 (Barbarossa)
BOX = "siberia"
NATIONS = ("", "france")  # ArmyName.nation (Activity Limitations 8)
# the Pacific's nations within a side (pacific_tables.py; G17.7, G17.11): Japan, the
# Chinese Nationalists and Communists, the United States (The Pacific War scenario)
PACIFIC_NATIONS = ("japan", "china", "chinese_communist", "united_states")
# Campaign Game II's systems, each a part of its player-turn sequence or of its combat that a
# scenario turns on by name (`ScenarioContent.systems`; sequence.py orders their phases)
SYSTEMS = ("research", "strategic", "morale", "naval", "uboats", "tac_air", "paratroops", "partisans")


class ScenarioError(ValueError):
    """A scenario file breaks its schema or names something unknown."""


class ArmyName(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    # a nation within the side whose forces stay apart (Activity Limitations 8:
    # "france" for the French counters of Campaign Game I's Allied sheet); "" for none
    nation: str = ""


class Placement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    army: str
    at: str
    infantry: int = 0
    mechanized: int = 0
    amphibious: int = 0  # Amphibious Strength Points 1 (The Fall of Germany)
    tac_air: int = 0  # Campaign Game II set-up (Tac Air Abilities)


class Fleet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A fleet counter at set-up (Fleet Naval Fire 1): its naval fire points and base."""

    id: str
    side: str
    name: str
    at: str
    points: int
    # an empty `at` with no points: a spare counter of Campaign Game II's counter sheet.
    # Campaign Game II (Fleets 3; U-Boat Attack 1): the points by type (SHIP_TYPES), which
    # sum to `points`; empty for the earlier scenarios' fleets, all naval fire points
    ships: dict[str, int] = {}
    # Naval Action (N1.3, N1.6; fleet_nations.py): the counter's nation, and the hex of a
    # fleet that starts at sea on patrol (its `at` the port it returns to)
    nation: str = ""
    patrol: str = ""


class Fort(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A fort counter at set-up (The Fall of Germany Set-up): completed fort points."""

    side: str
    at: str
    points: int


class FortDate(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename={"first": "from"}):
    """No fort point of `side` may be assigned to a fort in `territory` before the turn
    `first` (Campaign Game I's French Fortifications: Winter 1940)."""

    side: str
    territory: str
    first: str
    rule: str


class SiberiaStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename={"start": "from"}):
    start: str
    points: int


class Siberia(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    frozen_first_turn: bool
    production: tuple[SiberiaStep, ...]


class LendLease(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Lend-Lease 1-4: who gives, who receives, through which depots, how much."""

    giver: str
    receiver: str
    depots: tuple[str, ...]
    per_depot: int
    most: int
    open_at_start: bool  # an Axis army has already entered a receiver-friendly hex


class ShipBuilding(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A ship point partly built at set-up (Ship Builds 4): its type and unpaid cost."""

    kind: str
    left: int


class ScenarioContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    first: str
    last: str
    first_player: str
    home_countries: dict[str, tuple[str, ...]]
    capitals: dict[str, tuple[str, ...]]  # the hexes whose joint control wins, by winner
    permanent_devastation: dict[str, int]
    armies: dict[str, tuple[ArmyName, ...]]
    setup: tuple[Placement, ...]
    # The Fall of Germany set-up: each side's printed strength goes "in any armies in
    # friendly hexes"; `setup` is our deployment of it, which the `own_setup` option
    # lets each player replace by their own (own_setup.py)
    own_setup: bool = False
    siberia: Siberia = Siberia(frozen_first_turn=False, production=())
    production_cut: dict[str, int] = {}
    # countries whose points feed full supply as if joined to home by sea (see the note)
    overseas_supply: dict[str, tuple[str, ...]] = {}
    # the sides in the order they play each game turn (Sequence of Play)
    sides: tuple[str, ...] = ("axis", "soviet")
    # "capitals" (Barbarossa Victory Conditions), "berlin" (The Fall of Germany Victory
    # Conditions 1-5) or "campaign" (Campaign Game I Victory Conditions, campaign_victory.py)
    victory: str = "capitals"
    berlin: str = "1237"
    # seas each side may trace supply through (Supply Route 1, 3); empty: land only
    friendly_seas: dict[str, tuple[str, ...]] = {}
    # Strength Point Movement Across Seas 1: points each side may carry over each sea in
    # a player turn; -1 for no limit; a sea not listed may not be crossed by that side
    sea_transport: dict[str, dict[str, int]] = {}
    # Strength Point Movement Across Seas 1 (the Axis in the Atlantic): seas over which a
    # side carries one point for each naval fire point of its fleets based on that sea,
    # and traces supply while that is at least one (Supply Route 1); not in the two above
    fleet_transport: dict[str, tuple[str, ...]] = {}
    # off-map boxes whose production a side adds to its budget (Allied Production)
    box_production: dict[str, tuple[str, ...]] = {}
    # the sea boxes played as places, each at its hex (Barbarossa special rule 6)
    box_places: tuple[str, ...] = ()
    # Strength Point Movement Across Seas 1 (Atlantic): a lane to and from some boxes
    # with its own per-turn limit, by side: {side: {lane name: boxes}}; the lane's limit
    # is in `sea_transport` under its name
    box_lanes: dict[str, dict[str, tuple[str, ...]]] = {}
    # where a side may place new points, when not its home countries (Allied Production)
    build_countries: dict[str, tuple[str, ...]] = {}
    # The Fall of Germany special rule 4: a cut-off hex goes to the nearest producer
    cut_hex_to_nearest: bool = False
    lend_lease: LendLease | None = None
    buildable: tuple[str, ...] = BUILDABLE  # amphibious too from The Fall of Germany on
    winters_at_start: int = 0  # Russian winters already past (Russian Winter Combat 2)
    # Campaign Game I set-up: the two-player game ends a turn earlier
    last_two_player: str = ""
    fleets: tuple[Fleet, ...] = ()  # Fleet Naval Fire 1 (The Fall of Germany)
    forts: tuple[Fort, ...] = ()  # Fortifications (The Fall of Germany set-up)
    fort_building: bool = False  # Fortifications 1: fort points may be bought
    fort_dates: tuple[FortDate, ...] = ()  # French Fortifications (Campaign Game I)
    # Campaign Game II: "all of the rules presented to this point are still in effect", on
    # Campaign Game I's map set-up and politics: the scenario whose map set-up (borders,
    # who holds what) and politics file this one shares; empty for its own
    board: str = ""
    systems: tuple[str, ...] = ()  # Campaign Game II's systems in play (SYSTEMS)
    # Campaign Game II's shipping counters at start, {side: {port: points}} (Shipping 1, 3;
    # ours: the printed set-up names none, docs/hgw-design.md "Shipping counters")
    shipping: dict[str, dict[str, int]] = {}
    # points an arriving force (campaign.Force, by name) brings beyond what its politics
    # entry gives: Campaign Game II's U.S. Army arrives with a Tac Air point
    arrival_points: dict[str, dict[str, int]] = {}
    # optional rules (optional.OPTIONAL) this scenario always plays: Campaign Game III's all
    optional: tuple[str, ...] = ()
    # Naval Action's set-up (N1.6), replacing `fleets` when the rule is played: counters of
    # data/fleet_counters.json with their points, ports and the raider's patrol hex
    naval_action_fleets: tuple[Fleet, ...] = ()
    # Naval Action, Ship Builds 4 (N7.4): each side's partly built ship points at set-up,
    # on its Development Track (ship_builds.py) when option naval_action is played
    ships_building: dict[str, tuple[ShipBuilding, ...]] = {}
    # The Pacific War (theater.py): the part of the ring played ("europe": columns up to
    # xx57; "pacific": xx58 to xx112; "world": both, Campaign Game IV), each side's start
    # in the Pacific half in map.json's shape (no board has it), and production points the
    # scenario gives hexes the map leaves blank (the map's Pacific carries almost none)
    theater: str = "europe"
    start_sides: tuple[ScenarioSide, ...] = ()
    hex_production: dict[str, int] = {}
    # The places each side's heuristic presses toward (ai_board.py), ours: The Pacific
    # War's; Campaign Game IV's are its Pacific half's (Europe's are Campaign Game I's)
    objectives: dict[str, tuple[str, ...]] = {}
    # Campaign Game IV: the record sheets a side keeps, twelve armies each (Military Record
    # Sheet 1): the Axis player's Germany and Japan, the Allied player's West and Pacific
    record_sheets: dict[str, int] = {}
    # Campaign Game IV: the Pacific half's territories that start unaligned with their
    # nation (the United States' West Coast, Alaska and Hawaii, with its box), and the
    # U.S. Pacific forces that take the field when the United States enters the war
    pacific_unaligned: tuple[str, ...] = ()
    us_pacific_arrivals: tuple[Placement, ...] = ()
    # Three Players 4: a side's victory scale, highest level first, replacing the
    # rulebook's (tables.json three_player_scales) for that side; Campaign Game IV's
    # are designed (docs/hgw-design.md, "Campaign Game IV's victory scales")
    victory_scales: dict[str, tuple[VictoryStep, ...]] = {}
    # Campaign Game IV: the sides whose ratio is set against the others' production
    # outside the Pacific half, since they fight no war in it (the Soviets)
    europe_only: tuple[str, ...] = ()


def _victory_problems(content: ScenarioContent) -> list[str]:
    """Each scale names a side of the scenario and reads as a scale (tables.scale_problems);
    the Europe-only sides are sides."""
    sides = content.sides
    problems = [f"europe_only: {s!r} is not one of the sides" for s in content.europe_only if s not in sides]
    for side, scale in content.victory_scales.items():
        where = f"victory scale of {side!r}"
        if side not in sides:
            problems.append(f"{where}: not one of the sides {sides}")
        problems += scale_problems(where, scale)
    return problems


def _check(content: ScenarioContent) -> None:
    hmap = load_map()
    problems = []
    known = {a.id for names in content.armies.values() for a in names}
    for side in content.armies:
        if side not in content.sides:
            problems.append(f"armies for {side!r}, which is not one of the sides {content.sides}")
    problems += [
        f"unknown optional rule {x!r} (known: {', '.join(OPTIONAL)})"
        for x in content.optional
        if x not in OPTIONAL
    ]
    unknown = [x for x in content.systems if x not in SYSTEMS]
    problems += [f"unknown system {x!r} (known: {', '.join(SYSTEMS)})" for x in unknown]
    if content.board and not (DATA_DIR / f"{content.board}.json").exists():
        problems.append(f"board {content.board!r} is not a scenario")
    for force, extra in content.arrival_points.items():
        problems += [f"arrival points of {force!r}: unknown kind {k!r}" for k in extra if k not in KINDS]
    if content.victory not in ("capitals", "berlin", "campaign", "pacific"):
        problems.append(f"unknown victory rule {content.victory!r}")
    problems += _victory_problems(content)
    for side, names in content.armies.items():
        known_nations = (*NATIONS, *PACIFIC_NATIONS)
        strangers = [a for a in names if a.nation not in known_nations]
        problems += [f"army {a.id!r}: unknown nation {a.nation!r}" for a in strangers]
        sheets = content.record_sheets.get(side, 1)
        if len(names) != 12 * sheets:
            problems.append(f"{side} has {len(names)} armies, not twelve for each of its {sheets} record "
                            "sheets (Military Record Sheet 1)")
    for p in (*content.setup, *content.us_pacific_arrivals):
        if p.army not in known:
            problems.append(f"set-up names unknown army {p.army!r}")
        if p.at != BOX and p.at not in hmap:
            problems.append(f"set-up hex {p.at} is not on the map")
    boxes = {b.id for b in hmap.data.boxes if b.hex}  # Fleet Naval Fire 1: an off-map box too
    for f in (*content.fleets, *content.naval_action_fleets):
        based = f.at in boxes or (f.at in hmap and hmap.is_port(f.at))
        anchors = f.at in hmap and any(hmap.has_feature(f.at, k) for k in ("naval_port", "naval_yard"))
        if f.at in hmap and not anchors and f.points > 1:
            problems.append(f"fleet {f.id!r}: a shipping port holds one fleet point (Fleet Naval Fire 1)")
        if f.at == "" and f.points == 0:
            continue  # a spare counter, out of play until ships are built into it (naval_builds.py)
        if f.side not in content.sides or not based or f.points <= 0:
            problems.append(f"fleet {f.id!r} must be a side's fleet with points in a port or off-map box")
        if f.ships and (set(f.ships) - set(SHIP_TYPES) or sum(f.ships.values()) != f.points):
            kinds = ", ".join(SHIP_TYPES)
            problems.append(f"fleet {f.id!r}: its ship points ({kinds}) must add up to {f.points}")
        if f.ships.get("uboat") and sum(f.ships.values()) != f.ships["uboat"]:
            problems.append(f"fleet {f.id!r}: U-boats sail in fleets of their own (U-Boat Attack 1)")
    for side, building in content.ships_building.items():  # Ship Builds 4 (N7.4)
        problems += [
            f"ships_building: {side}'s {b.kind!r} must be a ship type other than U-boats, with points to pay"
            for b in building
            if b.kind not in SHIP_TYPES or b.kind == "uboat" or b.left <= 0 or side not in content.sides
        ]
    problems += _check_pacific(content)
    forts: dict[str, int] = {}
    for fort in content.forts:
        if fort.side not in content.sides or fort.at not in hmap or fort.points <= 0:
            problems.append(f"fort in {fort.at!r} must be a side's fort with points in a hex on the map")
        forts[fort.side] = forts.get(fort.side, 0) + 1
    problems += [f"{s} has {n} forts, more than seven (Fortifications 4)" for s, n in forts.items() if n > 7]
    turns = load_tables().turns()
    for date in content.fort_dates:
        if date.side not in content.sides or date.territory not in hmap.data.territories:
            problems.append(f"fort date for {date.territory!r} must name a side and a territory of the map")
        if date.first not in turns:
            problems.append(f"fort date for {date.territory!r}: {date.first!r} is not on the Time Record")
    for box_id in content.box_places:
        if box_id not in {b.id for b in hmap.data.boxes if b.hex}:
            problems.append(f"box place {box_id!r} is not an off-map box with a hex")
    depots = content.lend_lease.depots if content.lend_lease else ()
    for hexes in (*content.capitals.values(), content.permanent_devastation, depots, (content.berlin,)):
        problems += [f"hex {h} is not on the map" for h in hexes if h not in hmap]
    if problems:
        raise ScenarioError("bad scenario file: " + "; ".join(problems))


def _check_pacific(content: ScenarioContent) -> list[str]:
    """The Pacific War's own fields: a known theater, start territories and hexes of the
    map, each side's once, production points of 0-4 on land hexes (the map's range)."""
    hmap = load_map()
    problems = []
    if content.theater not in ("europe", "pacific", "world"):
        problems.append(f"unknown theater {content.theater!r} (known: europe, pacific, world)")
    if content.theater == "world" and not content.board:
        problems.append("a world scenario plays Europe on a board: name it (`board`)")
    for spec in content.start_sides:
        if spec.side not in content.sides:
            problems.append(f"start_sides names {spec.side!r}, which is not one of the sides")
        territories = [t for t in spec.territories if t not in hmap.data.territories]
        problems += [f"start of {spec.side}: unknown territory {t!r}" for t in territories]
        hexes = [h for h in (*spec.hexes, *spec.minus_hexes) if h not in hmap]
        problems += [f"start of {spec.side}: {t!r} starts unaligned" for t in spec.territories
                     if t in content.pacific_unaligned]
        problems += [f"start of {spec.side}: hex {h} is not on the map" for h in hexes]
    for side, places in content.objectives.items():
        problems += [f"objectives of {side}: {h} is not a land hex of the map" for h in places
                     if h not in hmap or not hmap.is_land(h) or side not in content.sides]
        if content.theater == "world":  # the Pacific half's goals (ai_board.theater_distances)
            problems += [f"objectives of {side}: {h} is in Europe's half, not the Pacific's" for h in places
                         if h in hmap and row_col(h)[1] <= hmap.data.europe_max_col]
    problems += [f"pacific_unaligned: unknown territory {t!r}" for t in content.pacific_unaligned
                 if t not in hmap.data.territories]
    for h, points in content.hex_production.items():
        if h not in hmap or not hmap.is_land(h) or not 0 <= points <= 4:
            problems.append(f"hex_production: {h} must be a land hex of the map with 0-4 points")
    return problems


def _raw(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The scenario file's fields, over those of the scenario it `extends` (Campaign Game
    III is Campaign Game II's set-up with more: it names only what differs)."""
    raw = decode_file(path, dict[str, Any], ScenarioError, "scenario file")
    base = raw.pop("extends", None)
    if base is None:
        return raw
    parent = path.with_name(f"{base}.json")
    if not isinstance(base, str) or not parent.exists() or parent in seen:
        raise ScenarioError(f"bad scenario file {path}: extends {base!r}, which is not another scenario")
    return {**_raw(parent, (*seen, path)), **raw}


def load_scenario_from(path: Path) -> ScenarioContent:
    try:
        content = msgspec.convert(_raw(path), ScenarioContent)
    except msgspec.ValidationError as exc:
        raise ScenarioError(f"bad scenario file {path}: {exc}") from None
    _check(content)
    return content


@cache
def load_scenario(scenario_id: str) -> ScenarioContent:
    return load_scenario_from(DATA_DIR / f"{scenario_id}.json")


def board_id(scenario_id: str) -> str:
    """The scenario whose map set-up and politics `scenario_id` plays on (itself, or the
    one its `board` names: Campaign Game II plays on Campaign Game I's)."""
    return load_scenario(scenario_id).board or scenario_id
