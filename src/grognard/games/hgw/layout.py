"""The data layout of a Hitler's Global War game, as types (issue 21, "typed state").

`state.data` stays plain JSON (ints, strings, lists and dicts); these TypedDicts say
which keys it holds and what each means, so that `mypy --strict` catches a misspelt
key in the code that reads it through them: `HgwState.data` is an `HgwData`, and every
rule module's `Data` is `HgwBoard` (docs/hgw-design.md, "Typed state"). Places, armies,
fleets and sides are ids (strings); the map and tables they index are static data
(geography.py, tables.py).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from .research import SideResearch

Place = str
ArmyId = str
Side = str  # "axis" | "soviet" | "allied"


# An army's record-sheet row: strength points by kind (Military Record Sheet 1), the
# kinds of scenario.KINDS ("infantry", "mechanized", "tac_air", "paratroop", "amphibious").
# A mapping rather than a TypedDict: the rules index it by a kind named in an action or
# looped over KINDS, which a TypedDict would only take as a string literal.
Points = dict[str, int]


class Army(TypedDict):
    """One army counter, open to everyone (Prepare for Play 4)."""

    side: Side
    name: str
    at: Place | None  # None: on the record sheet, not in play (Military Record Sheet 2)
    sp: Points
    nation: NotRequired[str]  # "france" for a French counter (nations.py; Activity Limitations 8)
    # Air Attacks 8 (K11.8): the temporary army coastal air forms (airpower.coastal_air_army)
    coastal_air: NotRequired[bool]


class Status(TypedDict):
    """What an army did this player turn (board.army_status reads it, board.mark writes it)."""

    target: Place | None  # the hex it is named against (Initial Attack 1-3)
    assaulted: bool  # it made its one assault (Making Attacks 3)
    defended: bool  # it made its defensive assault
    advanced: int  # advances made: +1 each to the next roll (Advance Resolution 10)
    stopped: bool  # an advance failed: no more attacks (Making Attacks 3)
    tried: NotRequired[bool]  # it tried its initial-attack advance (Initial Attack 5-6)
    closed: NotRequired[bool]  # another army took over the exploitation (Exploitation Attacks 2)
    invasion: NotRequired[bool]  # named as an invasion, not an attack (Invasion Procedure 1)
    dropped: NotRequired[int]  # its paratroop points that dropped this turn (Paradrop 5)
    carrier_air: NotRequired[int]  # tac air its invasion's carriers lend it (Aircraft Carriers 4)
    technology: NotRequired[bool]  # it has German Technology's -1 this combat phase (K6.1)


class Fort(TypedDict):
    """A fort counter (Fortifications; forts.py)."""

    side: Side
    points: int  # completed points: they fight, defend and stack
    building: int  # points under construction (Fort Strength Under Construction 2)


class Fleet(TypedDict):
    """A fleet counter (Fleet Naval Fire 1; fleets.py)."""

    side: Side
    name: str
    at: Place | None
    sp: int
    ships: NotRequired[dict[str, int]]  # Campaign Game II: points by type (fleets.py)
    patrol: NotRequired[Place]  # Campaign Game II: at sea in its patrol hex (naval_phase.py)
    nation: NotRequired[str]  # Naval Action: the counter's nation, for good (fleet_nations.py, N1.3)
    penalty: NotRequired[int]  # Naval Action: a long base change's interception penalty (N2.3)
    # the odds' simulated fleets only (odds_crossing.py): German Technology's modifier on
    # their fire as the seat's view gave it (K6.1; sea_war.technology)
    technology: NotRequired[int]


class Beachhead(TypedDict):
    """Where a landed invader traces supply until `until` (a turn index) ends
    (Invasion Procedure 4)."""

    side: Side
    until: int


class LendLease(TypedDict):
    open: bool  # Lend-Lease 1: opened by the first Axis advance into a Soviet hex
    gift: int  # points the receiver adds to its next budget (Lend-Lease 2-4)


class Arrival(TypedDict):
    """A force waiting for its player to place it, point by point (arrivals.py)."""

    side: Side
    name: str
    at: list[str]  # its hexes and territories
    left: dict[str, int]  # points still to place, by kind


class Politics(TypedDict):
    """Campaign Game I's political record (`data["politics"]`; neutrality.py's docstring
    says what each key means)."""

    unaligned: list[str]  # nations still unaligned (Unaligned Countries)
    joined: dict[str, Side]  # nations that joined a side (Other Countries 1-4)
    surrendered: list[str]  # nations that surrendered, each once (Other Countries 5)
    attacked: dict[str, Side]  # unaligned nations attacked this combat phase
    us_since: int | None  # turn index the United States entered the war
    mobilization: str  # "limited" | "extended" | "lifted" (Soviet Mobilization 1-3)
    lifted_at: int | None  # turn index the mobilization limit was lifted
    peace: bool  # the Axis accepted the Soviet surrender (Soviet Union 2)
    terms: str  # "none" | "refused" (Soviet Union 4)
    axis_attacked: NotRequired[list[str]]  # Swedish Production 4
    soviet_war: NotRequired[bool]  # Unaligned Countries: the Soviet Union no longer neutral
    arrivals: NotRequired[list[Arrival]]  # forces still to place (arrivals.py)
    war_on: NotRequired[dict[str, Side]]  # Violation of Neutrality 6: declarations (combat.py)
    vichy: NotRequired[list[str]]  # France 2-3: French North Africa's territories, while Vichy
    italy_due: NotRequired[dict[str, int]]  # Italy's surrender 2: points still owed, by kind


class UsEntry(TypedDict):
    turn: int  # the game turn index the United States entered (G17.3)
    by: str  # "japan" | "axis" | "date"


class JapanSoviet(TypedDict):
    """Japan and the Soviet Union (G17.6; japan_soviet.py): turn indexes or None."""

    germany_attacked: int | None
    germany_surrendered: int | None
    at_war: bool


class Pacific(TypedDict):
    """The Pacific's record (`data["pacific"]`; japan.py's docstring, pacific_state.py)."""

    us_entry: UsEntry | None
    japan_soviet: JapanSoviet
    carriers_lost: dict[str, int]  # nation: carrier points lost so far
    befallen: list[str]  # morale events applied once, e.g. "lost_hawaii"
    indochina_surrendered: list[str]  # Indochina capitals whose half surrendered
    # the United States surrendered with no Campaign Game I politics to record it (G6;
    # pacific_politics.py)
    surrendered: NotRequired[list[str]]
    indochina_unaligned: NotRequired[bool]  # France's fall turned Indochina unaligned (indochina.py)
    japan_carriers: NotRequired[int]  # Japanese carrier points at the last look (carrier_watch.py)
    # Campaign Game IV: the U.S. forces wait for the U.S. entry (world_war.py), and who
    # held Hawaii when the player turn began (the morale event)
    us_forces: NotRequired[str]
    hawaii_owner: NotRequired[Side | None]


class HomePoints(TypedDict):
    """Home points standing in a place (optional Unaligned Forces, O2.3)."""

    nation: str
    side: Side
    sp: int


class HomeWaiting(TypedDict):
    """Home forces waiting for `side` to place them (O2.4-O2.5)."""

    nation: str
    side: Side
    left: int
    capital: Place | None


class HomeForces(TypedDict):
    """`data["home_forces"]` (optional Unaligned Forces; unaligned_forces.py's docstring)."""

    used: list[str]  # nations whose home forces were placed, once each (O2.7)
    at: dict[Place, HomePoints]
    fired: list[Place]  # places whose home points fired this player turn
    waiting: NotRequired[HomeWaiting]


class CoastalAirArmy(TypedDict):
    """Coastal air formed into a temporary army of tac air (K11.8; coastal_air_army.py)."""

    side: Side
    at: Place
    tac_air: int


class HgwBoard(TypedDict):
    """The board: every key of `state.data` but the core's own (roles, rng, log, flow).
    It is also what a seat sees (seen.py): nothing in the game is secret."""

    scenario: str
    turns: list[str]  # the Time Record's turns this scenario plays, in order
    turn: int  # index into `turns`
    player: Side  # whose player turn it is
    phase: str  # "movement" | "combat" | "production"
    owner: dict[Place, Side]  # the side each place is friendly to (Friendly Hexes)
    # occupation markers: captures in unfriendly countries, and the garrisons of hexes
    # without an inherent one (Garrisons 3, 6)
    markers: dict[Place, Side]
    # markers won by a combat advance (Line of Supply 6-7); always in state.data, not
    # in the board a seat sees (seen.py), like `result`
    won: NotRequired[list[Place]]
    devastated: dict[Place, int]  # devastated production points
    permanent: dict[Place, int]  # the part of them that can never be repaired
    armies: dict[ArmyId, Army]  # the record sheets, twelve counters a side
    status: dict[ArmyId, Status]  # what each army did this player turn
    frozen: list[ArmyId]  # out of full supply at the start of the turn
    supply_cut: NotRequired[dict[ArmyId, str]]  # K16.6: frozen by a cut sea supply route
    garrison_lost: list[Place]  # garrisons gone until the end of this combat phase
    winters: int  # Axis winter turns so far in the Soviet Union (Russian Winter 2)
    result: NotRequired[dict[Side, float] | None]  # None while the game runs
    sea_moves: NotRequired[dict[str, int]]  # points carried over each sea this turn
    ferry_rolled: NotRequired[str]  # "turn:side" of the last Newfoundland ferry roll (ferry.py)
    politics: NotRequired[Politics]  # Campaign Game I (neutrality.py)
    home_forces: NotRequired[HomeForces]  # optional Unaligned Forces (unaligned_forces.py)
    lend_lease: NotRequired[LendLease]  # The Fall of Germany, Campaign Game I
    fleets: NotRequired[dict[str, Fleet]]
    fleet_status: NotRequired[dict[str, Any]]  # fleets.py
    forts: NotRequired[dict[Place, Fort]]
    absorbed: NotRequired[dict[Place, int]]  # forts.py
    fort_fired: NotRequired[list[Place]]  # forts.py
    # Campaign Game II's war at sea (sea_war.py)
    sea_routes: NotRequired[dict[str, Any]]
    route_escorts: NotRequired[dict[str, str]]
    route_losses: NotRequired[dict[Side, int]]
    asw_level: NotRequired[dict[Side, int]]
    # Campaign Game II's shipping counters (shipping_counters.py): {side: {port: points}}, what
    # each carried this player turn, and the U.S. transport points bought (Shipping 1, 3, 9)
    shipping: NotRequired[dict[Side, dict[Place, int]]]
    shipping_used: NotRequired[dict[Side, dict[Place, int]]]
    us_transport: NotRequired[int]
    beachheads: NotRequired[dict[Place, Beachhead]]
    own_setup: NotRequired[dict[Side, dict[str, int]]]  # points still to place (own_setup.py)
    # Naval Action's builds: the Development Track (ship_builds.py), what is built (ports.py)
    ship_track: NotRequired[dict[Side, list[dict[str, Any]]]]
    ports: NotRequired[dict[Place, str]]
    anchors_building: NotRequired[dict[Place, dict[str, Any]]]
    supply_roads: NotRequired[list[Place]]
    coastal_air: NotRequired[dict[str, int]]  # army: bought coastal air points (coastal_air.py)
    # Air Attacks 8 (K11.8): coastal air formed into a temporary army on an invasion hex
    coastal_air_army: NotRequired[CoastalAirArmy]
    base_hits: NotRequired[dict[Place, dict[str, int]]]  # naval base: {"turn", "hits"} (port_attacks.py)
    coastal_air_lost: NotRequired[dict[Place, int]]  # hex: coastal air lost this player turn (N9.5)
    # Campaign Game II's record sheets, open to every seat (state.CG2_OPEN): the research
    # sheets (research.py `Research`), the strategic record (strategic.py's layout), each
    # country's national morale (morale.py), the places held when a player turn began, for
    # the morale events (morale_events.py), the hexes partisans took (partisan_phase.py)
    research: NotRequired[dict[Side, SideResearch]]
    strategic: NotRequired[dict[str, Any]]
    morale: NotRequired[dict[str, int]]
    morale_watch: NotRequired[dict[str, Any]]
    partisans: NotRequired[dict[Place, dict[str, Any]]]
    # the optional rules in play (optional.py), Leaders' pools and markers (leaders.py), the
    # declared raiders (raiders.py, N6.1), the replenishment units (replenishment.py, N13)
    optional: NotRequired[list[str]]
    leaders: NotRequired[dict[str, Any]]
    raiders: NotRequired[list[str]]
    replenishment: NotRequired[dict[str, Any]]
    pacific: NotRequired[Pacific]  # The Pacific's record (pacific_state.py)


class HgwData(HgwBoard):
    """`state.data`: the board and the core's own keys (core/game.py)."""

    roles: list[Side]
    rng: Any
    log: list[Any]
    flow: list[dict[str, Any]]


def typed(data: dict[str, Any]) -> HgwData:
    """The game data, typed: the same dict, read through its layout."""
    return cast(HgwData, data)


def units(data: HgwBoard, key: str) -> dict[ArmyId, Army] | dict[str, Fleet]:
    """`data["armies"]` or `data["fleets"]`, for rules that hold the key in a variable
    (a leader's unit, a surrendering nation's counters); KeyError for any other key."""
    if key == "armies":
        return data["armies"]
    if key == "fleets":
        return data["fleets"]
    raise KeyError(key)


def placed(unit: Army | Fleet) -> Place:
    """The place of a counter the caller knows is on the map: an army on the board (not on
    its record sheet, Military Record Sheet 2), a fleet in its port or box. The same value
    as `unit["at"]`, typed as a place for the questions that take one."""
    return cast(Place, unit["at"])


def army_of(data: HgwBoard, army_id: ArmyId) -> Army:
    """The record-sheet entry of `army_id`."""
    return data["armies"][army_id]
