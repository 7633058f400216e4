"""The data layout of a Victory game (`state.data`), as types (issue 21, "typed state").

`state.data` stays plain JSON (ints, strings, lists and dicts: saved, cloned, replayed
and redacted as such); these TypedDicts only say which keys it holds and what each
means, so that `mypy --strict` catches a misspelt key in the rule code that reads it:
`VictoryState.data` is a `VictoryData`, and every rule module's `Data` is that type
(docs/victory-design.md, "Typed state"). Hexes, boards, blocks and players are ids
(strings); the map and the unit table they index are static data (boards.py, units.py).

A lower module: it imports nothing of the game, so every module can name its types.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

Hex = str  # "A0:0304": a board's id and the hex on it (boards.py)
BlockId = str  # "red-07": dealt in random order, so an id says nothing of its block
Role = str  # a player, or in Commanders (10.5) a side ("blue", "red") or a seat
# the phases of set-up (10.2 purchase, 1.1 maps, 1.4 deploy, 9.1 factories) and of the
# game turn (2.0: initiative, move, combat, supply, production)
Phase = Literal[
    "purchase", "maps", "deploy", "factories", "initiative", "move", "combat", "supply", "production"
]


class Block(TypedDict):
    """A living block (`data["blocks"][id]`; control.new_block makes one)."""

    owner: Role  # the player (in Commanders, the side) that owns it
    type: str  # its unit type (units.py, data/units.json)
    steps: int  # its strength now, the edge it stands on (4.0, step reduction)
    at: Hex | None  # None: in hand, not yet deployed (1.4; forces bought first, 10.2)
    moved: bool  # it moved (or an engineer built or demolished) this player turn (5.0)
    entered: Hex | None  # the hex it attacked from into a battle: its retreat way (6.5)
    reserve: NotRequired[bool]  # 5.8: a responding block, it joins in round 2
    half: NotRequired[bool]  # 6.47: it took a half-hit, no step lost yet
    # built this production phase, or a factory being allocated at set-up (9.1): unseen by
    # the other players until all are done
    new: NotRequired[bool]
    # "air" or "sea": a paratroop or invader not yet landed, or a unit at sea (6.6, 6.7, 6.52)
    landing: NotRequired[Literal["air", "sea"]]
    flown: NotRequired[int]  # 5.53, 9.4: the hexes an air unit flew to its battle
    beachhead: NotRequired[bool]  # 6.7: a landed invader holding its beachhead
    blockade: NotRequired[bool]  # 6.8: a naval block blockading the port it stands in
    strategic: NotRequired[bool]  # 4.2: a carrier moved strategically this turn
    aboard: NotRequired[BlockId]  # 4.2: the carrier an air unit stands on (carriers.py)
    grounded: NotRequired[Literal["land", "carrier"]]  # 5.52: an air unit grounded for the turn (grounded.py)
    dud: NotRequired[bool]  # S1.1: an atom bomb that rolled a 6 strikes no more


class Dead(TypedDict):
    """An eliminated block (`data["graveyard"][id]`): only what its id hid."""

    owner: Role
    type: str


class Battle(TypedDict):
    """A battle still to fight this turn (`data["battles"][hex]`, 6.0)."""

    attacker: Role
    defender: Role
    blockade: NotRequired[Role]  # 6.8: the blockader, when the battle is in a blockaded port
    # 5.41: {hex entered from: the last player to enter the battle across that hexside}
    hexsides: NotRequired[dict[Hex, Role]]


class Airfield(TypedDict):
    """An airfield marker (`data["airfields"][hex]`, 9.6, L1.1; markers.py)."""

    owner: Role
    since: int  # the turn it was built or changed hands: it serves from the next one
    major: bool  # a major airfield holds two air units, a minor one


class Mulberry(TypedDict):
    """A mulberry marker (`data["mulberries"][hex]`, 9.7, L1.2; markers.py)."""

    owner: Role
    since: int  # as an airfield's
    down: NotRequired[int]  # the turn a storm wrecked it (logistics sheet; storms.py)


class Seat(TypedDict):
    """A Commanders seat (`data["seats"][seat]`, 10.5; commanders.seat_data)."""

    side: Role  # the colour it plays for
    seat: str  # "general" | "admiral" | "air_marshal" | "politician"
    votes: int  # its votes in the war council


class VictoryOptions(TypedDict):
    """The game's options (`data["options"]`): every option the ruleset declares
    (__init__.py, where each is described), filled with its default by the core
    (schema.resolve_options), so every key is there."""

    maps: int  # 10.0: 2, 3 or 4 maps; 0 = the scenario's own
    turn_limit: int  # 10.6
    bought_forces: bool  # 10.3, 10.4: starting forces bought with PP
    players: int  # 0 = the scenario's smallest count
    map_choice: bool  # 1.1
    resources: bool  # 4.3
    fog_deploy: bool  # Fog of War sidebar
    mandatory_first_round: bool  # optional rules
    building_cadres: bool
    air_range: bool
    regroups: bool
    pursuit_round: bool
    logistics: bool  # 9.5-9.7
    stretch_units: bool
    factories: bool  # 9.1
    engineer_building: bool  # L1.6
    airborne_building: bool  # L1.7
    marine_building: bool  # L1.8
    storms: bool  # 9.4
    logistics_sheet: bool  # the Logistics sheet's readings (L1.2, L1.3)


class VictoryData(TypedDict):
    """The whole game data: the core's keys, then the game's."""

    # core (core/game.py, core/flowstate.py); battles are frames on the flow stack
    roles: list[Role]
    rng: Any
    log: list[Any]
    flow: list[dict[str, Any]]
    options: VictoryOptions  # a copy of meta["options"] (setup.setup_game)
    map: str  # the assembled map's key ("2map:A0,B3"); boards.game_map rebuilds it
    homes: dict[str, Role]  # board id: the player whose own map it is (5.4, 8.4)
    home_bonus: dict[str, int]  # board id: extra PP per city (10.3 Sleeping Giant), usually {}
    target_pp: dict[Role, int]  # PP of cities that wins (10.0)
    turn: int  # game turn, 1-based
    turn_limit: int  # 10.6: game turns before the most PP wins (0 = none)
    phase: Phase  # the phase under way, for the views and the step's questions
    order: list[Role]  # this turn's order of play, Player 1 first (4.1)
    blocks: dict[BlockId, Block]  # the living blocks (control.py)
    graveyard: dict[BlockId, Dead]  # the eliminated blocks
    battles: dict[Hex, Battle]  # battles still to fight this turn
    seen: dict[Role, list[BlockId]]  # other players' blocks each has seen in battle
    next_id: dict[Role, int]  # the number of each player's next block built
    min_per_city: dict[Role, int]  # blocks each of his cities must receive at deployment (1.4)
    pp: dict[Role, int]  # PP controlled at the last victory check (10.0)
    result: dict[Role, float] | None  # None while the game runs
    # 10.4: what a player deploys on each of his home boards, {"units": n} or {"pp": n}
    board_quota: NotRequired[dict[Role, dict[str, int]]]
    # 5.92: ground blocks embarked or landed at each port this player turn (seatransport.py)
    port_use: NotRequired[dict[Hex, int]]
    storm: NotRequired[Hex | None]  # 9.4 (`storms` option): its hex, None once blown off
    airfields: NotRequired[dict[Hex, Airfield]]  # 9.6 (`logistics` option; markers.py)
    mulberries: NotRequired[dict[Hex, Mulberry]]  # 9.7 (`logistics` option; markers.py)
    destroyed: NotRequired[list[str]]  # 9.5, L1.4: hexsides whose bridge or canal fell (demolition.py)
    side_hits: NotRequired[dict[str, int]]  # 9.5: the hits each such hexside took so far
    # alliances (sides.py): 10.4's scenario teams {role: team}; the free-for-all's pacts
    # (sorted pairs) and the alliance offers still unanswered {role: [roles]} (2.0 [3])
    teams: NotRequired[dict[Role, str]]
    pacts: NotRequired[list[list[Role]]]
    offers: NotRequired[dict[Role, list[Role]]]
    # Commanders (10.5; commanders.py): the sides that own the blocks (the roles are the
    # seats), each seat, who commands each arm and production of a side {side: {arm: seat}},
    # the coups done {side: True} and the coup votes standing {side: [seats]}
    sides: NotRequired[list[Role]]
    seats: NotRequired[dict[Role, Seat]]
    command: NotRequired[dict[Role, dict[str, Role]]]
    coup: NotRequired[dict[Role, bool]]
    coup_votes: NotRequired[dict[Role, list[Role]]]


def typed(data: dict[str, Any]) -> VictoryData:
    """The game data, typed: the same dict, read through its layout."""
    return cast(VictoryData, data)


def placed(block: Block) -> Hex:
    """The hex of a block the caller knows is on the map (deployed, not waiting in a
    pool): the same value as `block["at"]`, typed as a hex for the questions that take
    one. A cast, not a check: the code that calls it has already left out the blocks off
    the map, so a check would never fire (and behaviour stays exactly as before)."""
    return cast(Hex, block["at"])
