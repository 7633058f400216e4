"""Victory's scenarios (10.1-10.6), deployment rules (1.4, fog-of-war sidebar) and the
Commanders seats (10.5), loaded from data/scenarios.json.

The data describes each scenario for its base game (2 maps, except 10.4 on 3 maps and
10.5 on 4); `scenario_spec` resolves it for a map count and a player count into plain
per-player set-up: role, side, colour, home boards, forces (random units and the PP
alternative), Commanders seat. The rules engine reads only the resolved spec.

Roles are the blockset colours in seat order (`units.colours()`): two players are blue
(side A) and red (side B); the three-player Two Front War adds green as B's second ally;
Commanders roles are "<colour>-<seat>", e.g. "blue-admiral".
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

import msgspec

from . import boards, units
from .units import ARMS


class ScenarioDataError(ValueError):
    """data/scenarios.json is malformed, or a scenario was asked for in a shape it lacks."""


# --- the data file ---------------------------------------------------------------------


class _Forces(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    random_units: int = 0
    purchase_pp: int = 0


class _Side(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    maps: int
    forces: _Forces
    home_city_bonus: int = 0
    victory_pp: int = 0  # 0 = the table for the map count (10.0)
    forces_per_map: bool = False
    split_for_3_players: bool = False


class _DefaultMap(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    key: str
    home_boards: dict[str, tuple[str, ...]]
    # N1.1: boards nobody starts on; their cities and towns begin the game neutral
    neutral_boards: tuple[str, ...] = ()


class _Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    rule: str
    description: str
    map_counts: tuple[int, ...]
    player_counts: tuple[int, ...]
    sides: tuple[_Side, ...]
    default_maps: dict[str, _DefaultMap]
    forces_scale_with_maps: bool = True
    team_seats: bool = False
    # player counts at which every home board has a player of its own, each on his
    # own side (2.0 [3]: free for all, alliances by pact); e.g. 4 players on 4 maps
    free_for_all_players: tuple[int, ...] = ()


class Deployment(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """1.4 and the fog-of-war sidebar: where and how the starting forces are placed."""

    places: tuple[Literal["city", "town"], ...]
    min_units_per_city: int
    full_strength: bool
    fog_of_war_batch: int


class _Pool(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    blockset: str
    exclude_types: tuple[str, ...]


class SeatSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Commanders seat (10.5): the arms it commands, its council votes, production."""

    id: str
    name: str
    arms: tuple[str, ...]
    votes: int
    production: bool
    optional: bool = False


class CouncilRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who may call a war-council decision and what carries it (10.5)."""

    proposer: Literal["politician", "any_commander", "any"]
    needs: Literal["politician", "unanimous_others", "majority_votes"]


class _Commanders(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seats: tuple[SeatSpec, ...]
    production_without_politician: str
    council: dict[str, CouncilRule]


class TimeLimit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """10.6 time-limit games: a suggested length, a cap, and how a game at time is decided."""

    rule: str
    suggested_turns: int
    max_turns: int
    tie_break: Literal["most_pp"]


class _ScenarioFile(msgspec.Struct, frozen=True):
    victory_pp: dict[str, int]
    deployment: Deployment
    quick_start_pool: _Pool
    commanders: _Commanders
    scenarios: tuple[_Scenario, ...]
    time_limit: TimeLimit


# --- the resolved scenario ----------------------------------------------------------------


@dataclass(frozen=True)
class PlayerSetup:
    """One seat at the table and what it starts with."""

    role: str
    side: str  # "A" or "B"
    colour: str
    home_boards: tuple[str, ...]  # on the default map; map choice (1.1) may change the boards
    random_units: int  # 10.x "N random units" (all home boards together)
    purchase_pp: int  # the PP alternative, or 10.2's budget (all home boards together)
    per_board: bool  # 10.4: the forces are split evenly over the home boards
    seat: str = ""  # Commanders seat id, "" in other scenarios
    arms: tuple[str, ...] = ARMS  # the arms this seat commands
    production: bool = True  # whether this seat spends the side's PP (8.0)
    votes: int = 0  # war-council votes (10.5)
    team: str = ""  # whom he is allied with from the start (sides.py): his side, or himself


@dataclass(frozen=True)
class ScenarioSpec:
    """A scenario resolved for one map count and player count."""

    id: str
    name: str
    rule: str
    description: str
    map_count: int
    layout: str
    map_key: str  # the default assembled map, e.g. "2map:A0,B3"
    neutral_boards: tuple[str, ...]  # N1.1: boards of no player, whose cities begin neutral
    players: tuple[PlayerSetup, ...]
    victory_pp: Mapping[str, int]  # side -> PP of cities that wins (10.0, 10.4)
    home_city_bonus: Mapping[str, int]  # side -> extra PP per home city, for its holder (10.3)
    forces_choice: bool  # whether a side may take the PP alternative to random units
    deploy_places: tuple[str, ...]  # 1.4 cities and towns
    min_units_per_city: int  # 1.4 (before `min_units_for`'s reduction)
    full_strength: bool  # 10.1 deploy at full strength
    fog_of_war_batch: int  # fog-of-war sidebar: units placed per turn of deployment
    team_seats: bool
    map_counts: tuple[int, ...]
    player_counts: tuple[int, ...]
    time_limit: TimeLimit

    @property
    def roles(self) -> tuple[str, ...]:
        """Every role, in seat order."""
        return tuple(p.role for p in self.players)

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides, in order."""
        return tuple(dict.fromkeys(p.side for p in self.players))

    def player(self, role: str) -> PlayerSetup:
        """The set-up of one role; ScenarioDataError if the role is not in this scenario."""
        for p in self.players:
            if p.role == role:
                return p
        raise ScenarioDataError(f"scenario {self.id} has no role {role!r}; roles: {', '.join(self.roles)}")

    def side_roles(self, side: str) -> tuple[str, ...]:
        """The roles playing one side."""
        return tuple(p.role for p in self.players if p.side == side)


# --- loading -------------------------------------------------------------------------------


def decode_scenarios(raw: bytes, source: str = "scenarios.json") -> _ScenarioFile:
    """The scenario file decoded and cross-checked; ScenarioDataError if it is bad."""
    try:
        data = msgspec.json.decode(raw, type=_ScenarioFile)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ScenarioDataError(f"{source}: {exc}") from None
    seen: set[str] = set()
    layouts = boards.layouts()
    for sc in data.scenarios:
        where = f"{source}: scenario {sc.id}"
        if sc.id in seen:
            raise ScenarioDataError(f"{where} appears twice")
        seen.add(sc.id)
        if [s.id for s in sc.sides] != ["A", "B"]:
            raise ScenarioDataError(f"{where}: sides must be A and B")
        for count in sc.map_counts:
            default = sc.default_maps.get(str(count))
            if default is None:
                raise ScenarioDataError(f"{where}: no default map for {count} maps")
            layout, placed = boards.parse_key(default.key)
            if layout not in layouts or len(layouts[layout].slots) != count:
                raise ScenarioDataError(f"{where}: default map {default.key} is not a {count}-map layout")
            owned = [b for side in sc.sides for b in default.home_boards.get(side.id, ())]
            if sorted(owned + list(default.neutral_boards)) != sorted(b for b, _ in placed):
                raise ScenarioDataError(
                    f"{where}: home boards {owned} and neutral boards {list(default.neutral_boards)}"
                    f" do not match map {default.key}"
                )
            if str(count) not in data.victory_pp and any(s.victory_pp == 0 for s in sc.sides):
                raise ScenarioDataError(f"{where}: no victory PP for {count} maps")
        for side in sc.sides:
            if side.forces.random_units <= 0 and side.forces.purchase_pp <= 0:
                raise ScenarioDataError(f"{where}: side {side.id} starts with no forces")
    seat_ids = {s.id for s in data.commanders.seats}
    if data.commanders.production_without_politician not in seat_ids:
        raise ScenarioDataError(f"{source}: production_without_politician names no seat")
    for seat in data.commanders.seats:
        if not set(seat.arms) <= set(ARMS):
            raise ScenarioDataError(f"{source}: seat {seat.id} commands an unknown arm")
    if sorted(a for s in data.commanders.seats for a in s.arms) != sorted(ARMS):
        raise ScenarioDataError(f"{source}: the Commanders seats must cover each arm exactly once")
    return data


@cache
def _file() -> _ScenarioFile:
    path = units.DATA_DIR / "scenarios.json"
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ScenarioDataError(f"scenarios.json cannot be read: {exc}") from None
    return decode_scenarios(raw)


def scenario_ids() -> tuple[str, ...]:
    """The scenario ids, in rulebook order."""
    return tuple(s.id for s in _file().scenarios)


def _raw(scenario_id: str) -> _Scenario:
    for sc in _file().scenarios:
        if sc.id == scenario_id:
            return sc
    raise ScenarioDataError(f"unknown scenario {scenario_id!r}; known: {', '.join(scenario_ids())}")


def victory_pp(map_count: int) -> int:
    """PP of cities a player needs at the end of a turn to win (10.0): 15 on 2 maps, 30 on 4."""
    table = _file().victory_pp
    if str(map_count) not in table:
        raise ScenarioDataError(f"no victory level for {map_count} maps; known: {', '.join(sorted(table))}")
    return table[str(map_count)]


def commander_seats(with_politician: bool) -> tuple[SeatSpec, ...]:
    """The Commanders seats of one side (10.5), the Politician only if a fourth player sits."""
    return tuple(s for s in _file().commanders.seats if with_politician or not s.optional)


def council_rules() -> Mapping[str, CouncilRule]:
    """The war-council decisions of 10.5 (transfer of command, coup, disputes)."""
    return _file().commanders.council


def scenario_spec(scenario_id: str, maps: int | None = None, players: int | None = None) -> ScenarioSpec:
    """A scenario resolved for `maps` maps and `players` players (the first listed by default)."""
    sc = _raw(scenario_id)
    data = _file()
    player_count = sc.player_counts[0] if players is None else players
    if maps is None and player_count in sc.free_for_all_players:
        maps = player_count  # one home map each
    map_count = sc.map_counts[0] if maps is None else maps
    if map_count not in sc.map_counts:
        allowed = ", ".join(map(str, sc.map_counts))
        raise ScenarioDataError(f"scenario {sc.id} is played on {allowed} maps, not {map_count}")
    if player_count not in sc.player_counts:
        allowed = ", ".join(map(str, sc.player_counts))
        raise ScenarioDataError(f"scenario {sc.id} is for {allowed} players, not {player_count}")
    default = sc.default_maps[str(map_count)]
    layout, _ = boards.parse_key(default.key)
    # 10.0: forces assume 2 maps and double on 4 (10.4 is set for its 3 maps)
    scale = map_count // 2 if sc.forces_scale_with_maps else 1
    colours = units.colours()
    seats = commander_seats(with_politician=player_count == 8) if sc.team_seats else ()
    production_seat = "politician" if player_count == 8 else data.commanders.production_without_politician
    out: list[PlayerSetup] = []
    for index, side in enumerate(sc.sides):
        home = tuple(default.home_boards[side.id])
        random_units = side.forces.random_units * scale
        purchase = side.forces.purchase_pp * scale
        if side.forces_per_map:
            random_units *= side.maps
            purchase *= side.maps
        free = player_count in sc.free_for_all_players
        if (side.split_for_3_players and player_count == 3) or free:
            # 10.4 with three players: each ally holds one outer map and its share of the
            # forces; free for all (2.0 [3]): every home board has its own player and side
            for ally, board in enumerate(home):
                colour = colours[index + ally * (len(sc.sides) if free else 1)]
                out.append(
                    PlayerSetup(
                        role=colour,
                        side=side.id,
                        colour=colour,
                        home_boards=(board,),
                        random_units=random_units // len(home),
                        purchase_pp=purchase // len(home),
                        per_board=side.forces_per_map,
                        team=colour if free else side.id,
                    )
                )
            continue
        colour = colours[index]
        if seats:
            for seat in seats:
                out.append(
                    PlayerSetup(
                        role=f"{colour}-{seat.id}",
                        side=side.id,
                        colour=colour,
                        home_boards=home,
                        random_units=random_units,
                        purchase_pp=purchase,
                        per_board=side.forces_per_map,
                        seat=seat.id,
                        arms=seat.arms,
                        production=seat.id == production_seat,
                        votes=seat.votes,
                        team=side.id,
                    )
                )
            continue
        out.append(
            PlayerSetup(
                role=colour,
                side=side.id,
                colour=colour,
                home_boards=home,
                random_units=random_units,
                purchase_pp=purchase,
                per_board=side.forces_per_map,
                team=side.id,
            )
        )
    out.sort(key=lambda p: colours.index(p.colour))  # seat order (2.0 [2] clockwise)
    if player_count in sc.free_for_all_players:
        out = _clockwise(out, default.key, colours)
    if not sc.team_seats and len(out) != player_count:
        raise ScenarioDataError(
            f"scenario {sc.id} with {player_count} players needs a map each:"
            f" {player_count} maps, not {map_count}"
        )
    return ScenarioSpec(
        id=sc.id,
        name=sc.name,
        rule=sc.rule,
        description=sc.description,
        map_count=map_count,
        layout=layout,
        map_key=default.key,
        neutral_boards=default.neutral_boards,
        players=tuple(out),
        victory_pp={s.id: s.victory_pp or victory_pp(map_count) for s in sc.sides},
        home_city_bonus={s.id: s.home_city_bonus for s in sc.sides},
        forces_choice=all(s.forces.random_units > 0 and s.forces.purchase_pp > 0 for s in sc.sides),
        deploy_places=tuple(data.deployment.places),
        min_units_per_city=data.deployment.min_units_per_city,
        full_strength=data.deployment.full_strength,
        fog_of_war_batch=data.deployment.fog_of_war_batch,
        team_seats=sc.team_seats,
        map_counts=sc.map_counts,
        player_counts=sc.player_counts,
        time_limit=data.time_limit,
    )


def _clockwise(players: list[PlayerSetup], key: str, colours: tuple[str, ...]) -> list[PlayerSetup]:
    """2.0 [2]: players move clockwise from Player 1, so with a map each the seat order
    (and the colours, dealt in seat order) goes clockwise round the table from the
    first slot's map (4 maps: top left, top right, bottom right, bottom left)."""
    layout, placed = boards.parse_key(key)
    slots = boards.layouts()[layout].slots
    where = {board: slots[i] for i, (board, _) in enumerate(placed)}
    cx = sum(x for x, _ in slots) / len(slots)
    cy = sum(y for _, y in slots) / len(slots)
    first = math.atan2(slots[0][1] - cy, slots[0][0] - cx)

    def turn(p: PlayerSetup) -> float:  # rows grow downward: a growing angle turns clockwise
        x, y = where[p.home_boards[0]]
        return (math.atan2(y - cy, x - cx) - first) % (2 * math.pi)

    ranked = sorted(players, key=turn)
    return [replace(p, role=colours[i], colour=colours[i], team=colours[i]) for i, p in enumerate(ranked)]


def min_units_for(units_available: int, cities: int) -> int:
    """Units each home city must receive at deployment (1.4: at least two).

    Where a side has too few units to put two in every city (10.4's 10 units per map on a
    six-city board), every city gets as many as the units allow: the floor of units per city.
    """
    if cities <= 0:
        return 0
    return min(_file().deployment.min_units_per_city, units_available // cities)


def quick_start_pool() -> tuple[str, ...]:
    """The unit types Quick Start's random units are drawn from (10.1), one per block."""
    pool = _file().quick_start_pool
    return tuple(b.type for b in quick_start_blocks(f"{pool.blockset}-{units.colours()[0]}"))


def quick_start_blocks(blockset_name: str) -> tuple[units.BlockSpec, ...]:
    """The blocks of a set that random starting units are drawn from (10.1, 10.3, 10.4)."""
    excluded = set(_file().quick_start_pool.exclude_types)
    return tuple(b for b in units.blockset(blockset_name) if b.type not in excluded)


def deployment_rules() -> Deployment:
    """1.4, 10.1, the fog-of-war sidebar: the deployment settings every scenario shares."""
    return _file().deployment


def time_limit() -> TimeLimit:
    """10.6 time-limit settings."""
    return _file().time_limit
