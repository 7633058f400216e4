"""Grounded air (5.52 and its sidebar): at most two air units of a player fight in a
battle; the others in the hex (owner's choice) are grounded.

- A hex holds more than two air units of one player only with carriers: a carrier
  fleet at sea, or a carrier in a port city beside the city's own two (4.2, 5.51).
- At the start of each round, before any block's turn, every player with more than
  two air units fighting in the battle grounds the excess, one `("ground", block)`
  at a time (the `ground_air` step). Grounded units take no combat turn and are no
  target of A fire.
- Grounded land air (`grounded` = "land": based in the city, not aboard) is part of
  the ground target group: G fire may hit it (the sidebar), and it never retreats,
  so it is lost if its side must withdraw.
- Grounded carrier air (`grounded` = "carrier") takes no hits at all: hits on the
  naval group go on the carrier as usual, and the aircraft aboard are adjusted
  after the battle: a damaged carrier's excess air steps are lost at the battle's
  end (not at once), and a sunk carrier's aircraft are not lost with it but, still
  grounded, fly off after the battle to a friendly airbase within their move (or
  retreat with the loser's blocks to one), lost only if none is in reach.

A lower module of the battle (imports no phase); battle.py, battle_hits.py,
retreats.py and battle_end.py ask it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, end

from .control import AIR_STACK, Data, arm, in_battle
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]


def flying(data: Data, hex_id: str, owner: str) -> list[str]:
    """`owner`'s air units in the battle that are not grounded (responses included
    once they have arrived)."""
    blocks = data["blocks"]
    return [
        b
        for b in in_battle(data, hex_id)
        if blocks[b]["owner"] == owner
        and arm(blocks[b]) == "air"
        and not blocks[b].get("grounded")
        and not blocks[b].get("reserve")
    ]


def over_stacked(data: Data, hex_id: str) -> list[str]:
    """The players with more than two air units fighting in the battle, in id order."""
    blocks = data["blocks"]
    owners = sorted({blocks[b]["owner"] for b in in_battle(data, hex_id)})
    return [o for o in owners if len(flying(data, hex_id, o)) > AIR_STACK]


def is_grounded(data: Data, bid: str) -> bool:
    return bool(data["blocks"][bid].get("grounded"))


def _grounded(data: Data, bid: str) -> str:
    return str(data["blocks"][bid].get("grounded") or "")


def ground_target(data: Data, bid: str) -> bool:
    """The sidebar: grounded land air takes hits from G firepower."""
    return _grounded(data, bid) == "land"


def never_retreats(data: Data, bid: str) -> bool:
    """The sidebar: grounded land air can never retreat."""
    return _grounded(data, bid) == "land"


def defers_carrier_losses(data: Data, plane: str) -> bool:
    """The sidebar: grounded aircraft aboard a carrier are adjusted after the battle."""
    return _grounded(data, plane) == "carrier"


def clear(data: Data) -> None:
    """After the battle nobody is grounded any more (wherever they landed or retreated)."""
    for block in data["blocks"].values():
        block.pop("grounded", None)


class GroundAir(GameStep["VictoryState"]):
    """5.52: a player with more than two air units fighting grounds the excess.
    Frame: `hex`."""

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        return over_stacked(game.data, frame["hex"])[:1]

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        return [("ground", b) for b in flying(game.data, frame["hex"], role)]

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        bid = args(action)["block"]
        block = game.data["blocks"][bid]
        block["grounded"] = "carrier" if block.get("aboard") else "land"
        battle = next(f for f in reversed(game.flow) if f["state"] == "battle")
        if bid in battle["queue"]:
            battle["queue"].remove(bid)
        game.log(f"{bid} is grounded at {frame['hex']}", to=list(battle.get("players") or [role]))

    def run(self, game: VictoryState, frame: Frame) -> None:
        if not over_stacked(game.data, frame["hex"]):
            end(game.flow)

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            return "More than two of your air units are in this battle: choose which are grounded."
        return "Waiting for air units to be grounded."


__all__ = [
    "GroundAir",
    "clear",
    "defers_carrier_losses",
    "flying",
    "ground_target",
    "is_grounded",
    "never_retreats",
    "over_stacked",
]
