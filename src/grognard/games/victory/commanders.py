"""Commanders (10.5): team seats sharing a side's blocks.

The rules steps play sides (`control.sides`: "blue", "red"): they own the blocks, see
what a side sees and win or lose together. The game's roles are the seats
(`blue-general`, `blue-admiral`, `blue-air_marshal` and, with eight players,
`blue-politician`). This module turns a side's turn into its seats' turns:

- each arm (ground, naval, air) is commanded by one seat, production by one seat
  (`data["command"][side]`); an action about a block belongs to the seat commanding
  the block's own arm (a ground block carried at sea stays the General's), the
  production and purchase phases to the production seat, any other choice (which
  battle to fight next, ending a regroup, the maps) to the seat commanding the ground
  arm, the side's leader in our reading;
- in the move phase the side's commanders move one after the other, each ending his
  own moves (`end_moves`), in the order General, Admiral, Air Marshal; the side's move
  phase ends with the last of them;
- the war council (10.5, scenarios.council_rules): the Politician may at any of his
  decisions `("transfer", arm, seat)` the command of an arm to another commander of
  his side (he needs nobody's vote); a military commander may, in his own move turn,
  `("vote_coup",)`; when the three have voted, the Politician is out of office and
  production passes to the General (as in the six-player game). Votes stand until
  the coup happens. Other disputes are talk between the players and need no rule.

Every seat of a side sees the side's view (the team shares its information), with
`commanders` added: its seat, side, the side's command and the coup votes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .control import Data, unit_of
from .layout import Seat
from .units import ARMS
from .verbs import BLOCK_VERBS, args

if TYPE_CHECKING:
    from .scenarios import PlayerSetup
    from .state import VictoryState

Action = tuple[Any, ...]
MOVE_ORDER = ("general", "admiral", "air_marshal", "politician")
SIDE_STEPS = ("production", "purchase", "factory_setup")  # the production seat's phases


def is_team_game(data: Data) -> bool:
    return bool(data.get("seats"))


def side_of(data: Data, seat: str) -> str:
    return str(data["seats"][seat]["side"])


def seats_of(data: Data, side: str) -> list[str]:
    """The side's seats in the order they move (10.5)."""
    mine = [s for s, info in data["seats"].items() if info["side"] == side]
    return sorted(mine, key=lambda s: MOVE_ORDER.index(data["seats"][s]["seat"]))


def commanders_moving(data: Data, side: str) -> list[str]:
    """Seats that command an arm now, in moving order."""
    held = set(data["command"][side][arm] for arm in ARMS)
    return [s for s in seats_of(data, side) if s in held]


def politician(data: Data, side: str) -> str | None:
    """The side's Politician while in office (none in the six-player game or after a coup)."""
    for seat in seats_of(data, side):
        if data["seats"][seat]["seat"] == "politician" and not data["coup"].get(side):
            return seat
    return None


def owner_seat(data: Data, step: str, side: str, action: Action) -> str:
    """The seat that takes `action` for `side` in step `step`."""
    command = data["command"][side]
    if step in SIDE_STEPS:
        return str(command["production"])
    # Called for every legal action of a move phase (state.py), a hot loop: the
    # declaration says which verbs name a block first (BLOCK_VERBS), and the block is
    # read at its declared place rather than through `args`, which checks the whole
    # shape each time (several microseconds per action).
    bid = action[1] if action[0] in BLOCK_VERBS else None
    if bid in data["blocks"]:
        return str(command[unit_of(data["blocks"][bid]).arm])
    return str(command["ground"])


def council_actions(data: Data, seat: str, moving: bool) -> list[Action]:
    """10.5 war council choices open to `seat` now (`moving`: his move turn)."""
    side = side_of(data, seat)
    out: list[Action] = []
    if politician(data, side) == seat:
        command = data["command"][side]
        for arm in ARMS:
            for other in seats_of(data, side):
                if data["seats"][other]["seat"] != "politician" and other != command[arm]:
                    out.append(("transfer", arm, other))
    elif moving and politician(data, side) and seat not in data["coup_votes"].get(side, []):
        out.append(("vote_coup",))
    return out


def apply_council(game: VictoryState, seat: str, action: Action) -> None:
    data = game.data
    side = side_of(data, seat)
    if action[0] == "transfer":
        named = args(action)
        arm, to = named["arm"], named["to"]
        data["command"][side][arm] = to
        game.log(f"{seat} gives the command of the {arm} arm to {to} (10.5)")
        return
    votes = data["coup_votes"].setdefault(side, [])
    votes.append(seat)
    game.log(f"{seat} votes to remove the Politician (10.5)")
    military = [s for s in seats_of(data, side) if data["seats"][s]["seat"] != "politician"]
    if all(s in votes for s in military):
        data["coup"][side] = True
        data["command"][side]["production"] = data["command"][side]["ground"]
        game.log(
            f"a coup: {side}'s Politician is removed; production passes to {data['command'][side]['ground']}"
        )


def seat_data(players: list[PlayerSetup]) -> tuple[list[str], dict[str, Seat], dict[str, dict[str, str]]]:
    """Sides, seats and the first command of each side from the scenario's seats
    (scenarios.PlayerSetup)."""
    sides_: list[str] = []
    seats: dict[str, Seat] = {}
    command: dict[str, dict[str, str]] = {}
    for p in players:
        if p.colour not in sides_:
            sides_.append(p.colour)
        seats[p.role] = {"side": p.colour, "seat": p.seat, "votes": p.votes}
        held = command.setdefault(p.colour, {})
        for arm in p.arms:
            held[arm] = p.role
        if p.production:
            held["production"] = p.role
    return sides_, seats, command


__all__ = [
    "apply_council",
    "commanders_moving",
    "council_actions",
    "is_team_game",
    "owner_seat",
    "seat_data",
    "seats_of",
    "side_of",
]
