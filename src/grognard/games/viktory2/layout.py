"""The data layout of a Viktory II game, as types (issue 21, "typed state").

`state.data` stays plain JSON (ints, strings, lists and dicts: saved, cloned, replayed
and sent to the seats as such); these TypedDicts say which keys it holds and what each
means, so that `mypy --strict` catches a misspelt key in the code that reads it:
`Viktory2State.data` is a `Viktory2Data`, the state's helpers hand out `Unit` and `Town`
records, and a module that takes the data itself names it `Data`, this layout.
docs/viktory2-design.md, "Typed state", says how the rule code uses it.

Hexes are ids "q,r" (core/hexgrid.py), roles are colours (tables.COLORS), unit ids are
"<owner>-<initial><serial>" (Viktory2State.add_unit).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

Hex = str
Role = str  # a colour of tables.COLORS
UnitId = str
#: A tile as `data["tiles"]` holds it: a terrain of tables.LAND or tables.WATER, or None
#: while it lies face down (3.2; GAPS.md).
Tile = str | None
#: How a unit attacked this turn (10.6): it fired at a hex (11.0) or fought a battle (12.0).
Attack = Literal["bombard", "battle"]


class Board(TypedDict):
    """The map's size (3.2): interior hexes lie within `radius` of "0,0"; the ring of
    perimeter water is at distance radius + 1 (board.lay_out)."""

    players: int
    radius: int


class Town(TypedDict):
    """A town or city counter (`data["towns"][hex]`; 7.1, 7.23)."""

    owner: Role
    city: bool  # a town grown into a city (7.23): 2 VP, more support (5.3, 8.2)
    built: int  # the `turns` count when it was built (position.py's towns: 0)


class Unit(TypedDict):
    """One unit (`data["units"][uid]`): on the map `hex` is set; cargo has `aboard` the
    frigate's id and no hex (9.4); in its owner's Reserve both are None (13.0)."""

    owner: Role
    type: str  # a unit type of data/units.json: infantry, cavalry, artillery, frigate (8.1)
    hex: Hex | None
    aboard: UnitId | None


class TurnRecord(TypedDict):
    """What the rules remember for the Player Turn in progress only (`data["turn"]`):
    rebuilt by turns.new_turn_record at every turn start, so nothing stale crosses turns."""

    player: Role  # whose Player Turn it is (6.0)
    number: int  # the `turns` count of this turn
    # "capital" (4.0), "build" (7.0), "move" (9.0-12.0), "reserves" (13.0), "ended";
    # position.py's test positions set the name of the step they start in
    phase: str
    mp: dict[UnitId, int]  # movement points left, for units that began moving (9.11, 9.31)
    done: list[UnitId]  # units whose movement has ended (9.0, 10.7), sorted
    moving: UnitId | None  # the unit being moved now: one at a time (9.0)
    attacked: dict[UnitId, Attack]  # each unit's one attack this turn (10.6)
    transported: list[UnitId]  # land units embarked this turn (9.43, 9.44)
    carried: dict[UnitId, list[UnitId]]  # frigate: the land units it carried this turn (9.41)
    dropoff: dict[UnitId, Hex]  # frigate: the one hex it dropped units into (9.46)
    start_hexes: list[Hex]  # hexes where the player's land units began the turn (9.12 B)
    battles: list[Hex]  # hexes where a battle was fought this turn (12.2)
    entries: dict[Hex, list[Hex]]  # battle hex: hexes attacking units entered from (12.3, 3)
    new_towns: list[Hex]  # towns built this turn: not yet roads or ports (9.13, 9.32)
    no_attack: bool  # 15.63: a vassal reorganising may not attack this turn


class Doomsday(TypedDict):
    """The doomsday clock (5.5; victory.py)."""

    started: bool  # a city was captured: the clock runs (written in every game)
    # players whose capital bears a coin: each rolls at its turn start until a 1 marks it
    marked: list[Role]


class Viktory2Board(TypedDict):
    """Every key of `state.data` but the core's own (roles, rng, log, flow); the views
    (Viktory2State._view) copy most of them, for there is no secret between players."""

    board: Board
    tiles: dict[Hex, Tile]  # every hex of the map, the perimeter ring included (3.2)
    stock: dict[str, int]  # terrain: face-down tiles not yet revealed (public counts)
    starts: dict[Role, list[Hex]]  # each player's three starting hexes (3.3)
    order: list[Role]  # the turn order, clockwise from the first player drawn (4.0)
    towns: dict[Hex, Town]
    capitals: dict[Role, Hex]  # each player's capital marker (4.0, 14.0)
    units: dict[UnitId, Unit]
    next_uid: int  # the serial of the next unit built (add_unit)
    turn: TurnRecord
    turns: int  # Player Turns begun so far
    ruler: dict[Role, Role]  # 15.61: vassal to ruler; empty without 15.6 (vassals.py)
    doomsday: Doomsday
    eliminated: list[Role]  # players out of the game (5.1, 14.0)
    reorganizing: list[Role]  # 15.63: players whose next turn allows no attack
    winner: dict[Role, float] | None  # each role's score once the game ends (victory.py)
    # keys written only once their rule first applies (read with a default till then):
    # 5.3: players whose capital was taken, from the first capture on (losses.py)
    capitals_captured: NotRequired[list[Role]]
    # full rounds played, from the first round's end on; the turn_limit option (our
    # addition, docs/viktory2-design.md) ends the game on it (victory.py)
    rounds: NotRequired[int]
    round_counted: NotRequired[int]  # the turn `number` that last completed a round
    # 5.5, option victory=doomsday only: the cities and their owners at the last check,
    # until a city changes hands and the clock starts (victory.py)
    cities_seen: NotRequired[dict[Hex, Role]]


class Viktory2Data(Viktory2Board):
    """`state.data`: the board and the core's own keys (core/game.py)."""

    roles: list[Role]
    rng: Any  # the seeded RNG's state (core/rng.py), read only through `state.rng`
    log: list[Any]  # the log lines with who may read each (core/game.py `State.log`)
    flow: list[dict[str, Any]]  # the flow stack of the core (core/flow.py), frames by step


class Viktory2Options(TypedDict):
    """The game's settings, `state.meta["options"]` (not data: fixed when the game is
    made, every option resolved to its value); the ruleset's `options` declare them."""

    players: int  # 3.2
    victory: Literal["standard", "subjugation", "shorter", "race", "doomsday"]  # 5.1-5.5
    race_points: int  # 5.4
    terrain_leveling: bool  # 15.1
    no_exploration: bool  # 15.2
    exploration_balancing: bool  # 15.3
    luck_averaging: bool  # 15.4
    relocation: bool  # 15.5
    subjugation: bool  # 15.6
    turn_limit: int  # our addition: rounds before the game stops (0: none)


#: An option's name, as `Viktory2State.option` takes it (a misspelt name fails the check).
OptionName = Literal[
    "players", "victory", "race_points", "terrain_leveling", "no_exploration",
    "exploration_balancing", "luck_averaging", "relocation", "subjugation", "turn_limit",
]


#: The game data, as the modules that take it (rather than the state) name it.
Data = Viktory2Data


def placed(unit: Unit) -> Hex:
    """The hex of a unit the caller knows stands on the map (neither cargo nor in the
    Reserve): the same value as `unit["hex"]`, typed as a hex for the questions that
    take one."""
    return cast(Hex, unit["hex"])
