"""The layout of a Virtuti game's data (`state.data`): plain JSON, typed for the checker.

The state stays one JSON object (saved, cloned, replayed and redacted as such); these
`TypedDict`s only name its keys and their types, so that `mypy --strict` catches a
misspelt key or a wrong type in the rule code (`board.Data` and `board.Unit` are these
types). docs/virtuti-design.md, "Data layout", says what each key means.

Short keys are kept for the records there are many of (units, orders): they travel in
every view and every saved snapshot.
"""

from __future__ import annotations

from typing import Any, TypedDict


class UnitRecord(TypedDict):
    """One unit on the map (`data["units"][id]`)."""

    id: str  # the faction's initial and a serial number: "a12", "w3", "u40"
    f: str  # faction: "axis", "western_allies" or "ussr"
    t: str  # unit type (content units.json): "army", "corps", "fleet"...
    lv: int  # level 1-3
    a: str  # area: a land area, a port ("<land>_port") or a sea zone
    ex: bool  # exhausted (B1.6): zero strength until the Summary Phase


class OrderToken(TypedDict):
    """An order token on the map (`data["orders"][area]`)."""

    f: str  # faction
    o: str  # order id (content orders.json): "move", "defense_plus_1"...


class CountryRecord(TypedDict):
    """A country's political status (`data["countries"][id]`, G1.7)."""

    status: str  # "neutral", "active" or "surrendered"
    faction: str | None  # the faction it fights in (or surrendered to); None if neutral
    war_entry: int  # tens of percent, 0-10 (P9.4)


class DeployItem(TypedDict):
    """A unit built and waiting in the deployment pool (P5.5)."""

    t: str
    lv: int


class FactionRecord(TypedDict):
    """A faction's position (`data["factions"][faction]`)."""

    pp: float  # production points, to one decimal
    we: int  # war economy, percent (P4.2)
    logistics: int  # position 1-8 on the logistics track (G1.3)
    tech: dict[str, int]  # technology -> level 1-3
    hand: list[str]  # card ids in hand (open information)
    discard: list[str]  # card ids in the discard pile
    orders: dict[str, int]  # order id -> tokens in the pool
    air: dict[str, int]  # air support level ("1"-"5") -> tokens in the pool
    air_drawn: dict[str, int]  # tokens drawn this turn (P4.3), by level
    queue: list[dict[str, Any]]  # production under way: {"kind": "unit"|"orders"|"sub", ..., "turns"}
    deploy: list[DeployItem]  # units ready to deploy
    research: dict[str, int]  # technology -> research points held (P5.7)
    progress: dict[str, int]  # technology -> progress steps made (P10.4)
    subs: list[str]  # sea zones of the faction's submarine markers
    subs_ready: int  # submarine markers built, not yet deployed
    next_unit: int  # serial of the next unit id


class VirtutiData(TypedDict):
    """The whole game data: the core's keys, then the game's."""

    # core (core/game.py, core/flowstate.py)
    roles: list[str]
    rng: dict[str, Any]
    log: list[Any]
    flow: list[dict[str, Any]]  # the flow stack of frames (steps.py)
    # turn
    season: int  # index into scenarios.SEASONS
    year: int
    end: list[int]  # [season index, year] of the last turn
    turn_no: int  # 1 on the first turn
    phase: str  # the phase under way, for the views
    weather: dict[str, str]  # land area -> "clear", "mud" or "snow"
    # the map
    control: dict[str, str]  # land area -> controlling faction (neutral areas absent)
    countries: dict[str, CountryRecord]
    ussr_active: bool
    ussr_at_war: bool
    pact: bool  # the Ribbentrop-Molotov pact holds
    initiative: list[str]  # factions, highest first
    units: dict[str, UnitRecord]
    forts: dict[str, int]  # land area -> fortification level 1-3
    oos: list[str]  # land areas with an Out of Supply marker
    orders: dict[str, OrderToken]  # area -> the order token on it
    factions: dict[str, FactionRecord]
    # secret windows (secrets.py): kind, roles, done, choices, lines, frozen, and the
    # kind's own fields
    secret: dict[str, Any] | None
    secret_serial: int
    # events
    scripted_done: list[str]
    random_deck: list[str]
    random_discard: list[str]
    outcome: dict[str, Any] | None  # the result once the game is over
