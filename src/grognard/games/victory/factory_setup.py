"""The factories' set-up (9.1, the `factories` option): each player allocates the
factories of his starting cities himself, after deployment, all players at once.

- Every city of a player's own map(s) gets factories worth exactly its PP value; one
  factory block is worth 1-3 PP (its steps less its 0 PP step), so a 4 PP city needs
  two; naval factories stand only in ports (9.1). A city may hold several factories,
  of one type or of several.
- Actions: `("factory", city, type, pp)` places one factory; `("default_factories",)`
  fills every city still short with the standing allocation (factories.allocation for
  the untouched cities, ground factories for the rest of a city begun by hand).
- Factories are blocks (9.1): like the deployment (1.4) the allocation is secret
  until every player is done (a block placed now is marked `new`, which view.listed
  hides from the others); afterwards the others see where each factory block stands,
  never its type or strength until a battle shows it.

A phase module: it hands control on to the initiative by step name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, goto
from grognard.core.secret_choices import SecretChoices

from .control import Data, gmap, new_block, sides
from .factories import FACTORY_ARM, allocation, factory_pp, is_factory, max_pp
from .units import unit_table
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]


def home_cities(data: Data, role: str) -> list[str]:
    """9.1: the cities of a player's own map(s), where his factories start."""
    boards = {board for board, owner in data["homes"].items() if owner == role}
    return sorted(h for h, info in gmap(data).hexes.items() if info.city and info.board in boards)


def unallocated(data: Data, role: str) -> dict[str, int]:
    """The PP each of the player's starting cities still lacks in factories."""
    blocks = data["blocks"]
    placed: dict[str, int] = {}
    for block in blocks.values():
        if block["owner"] == role and is_factory(block) and block["at"] is not None:
            placed[block["at"]] = placed.get(block["at"], 0) + factory_pp(block)
    the_map = gmap(data)
    out = {}
    for city in home_cities(data, role):
        short = int(the_map.hexes[city].city) - placed.get(city, 0)
        if short > 0:
            out[city] = short
    return out


def allocation_actions(data: Data, role: str) -> list[Action]:
    short = unallocated(data, role)
    if not short:
        return []
    the_map = gmap(data)
    out: list[Action] = [("default_factories",)]
    for city, left in short.items():
        for type_id in sorted(FACTORY_ARM):
            if type_id == "FCN" and not the_map.hexes[city].port:
                continue  # 9.1: naval factories only in ports
            out += [("factory", city, type_id, pp) for pp in range(1, min(left, max_pp()) + 1)]
    return out


def _place(game: VictoryState, role: str, city: str, type_id: str, pp: int) -> None:
    data = game.data
    number = data["next_id"][role]
    data["next_id"][role] = number + 1
    bid = f"{role}-{number:02d}"
    data["blocks"][bid] = {**new_block(role, type_id, pp + 1, city), "new": True}
    game.log(f"you set up {bid} ({unit_table()[type_id].name}, {pp} PP) at {city}", to=[role])


def default_allocation(game: VictoryState, role: str) -> None:
    """Fill every city still short: the standing allocation (factories.allocation) for
    cities with no factory yet, ground factories for what a city begun by hand lacks."""
    data = game.data
    short = unallocated(data, role)
    value = {h: int(gmap(data).hexes[h].city) for h in short}
    untouched = sorted(h for h in short if short[h] == value[h])
    for city, type_id, pp in allocation(data, role, untouched):
        _place(game, role, city, type_id, pp)
    for city in sorted(set(short) - set(untouched)):
        left = short[city]
        while left > 0:
            pp = min(left, max_pp())
            _place(game, role, city, "FCG", pp)
            left -= pp


class FactorySetup(SecretChoices["VictoryState"]):
    """9.1: the players allocate their factories, simultaneously and in secret (a
    window of core/secret_choices.py). Frame: none of its own; a player is done when
    his cities are full, and the last one's allocation reveals them all."""

    confirm = None

    def seats(self, game: VictoryState, frame: Frame) -> list[str]:
        return sides(game.data)

    def finished(self, game: VictoryState, frame: Frame, role: str) -> bool:
        return not unallocated(game.data, role)

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        return allocation_actions(game.data, role)

    def choose(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        if action[0] == "default_factories":
            default_allocation(game, role)
        else:
            named = args(action)
            _place(game, role, named["city"], named["type"], int(named["pp"]))
        if not unallocated(game.data, role):
            game.log(f"{role} has allocated his factories")

    def run(self, game: VictoryState, frame: Frame) -> None:
        self.close_if_all_chose(game, frame)

    def reveal(self, game: VictoryState, frame: Frame) -> None:
        data = game.data
        for block in data["blocks"].values():
            if is_factory(block):
                block.pop("new", None)
        game.log("every player's factories stand in his cities")  # seen (hidden) by all
        data["phase"] = "initiative"
        goto(game.flow, "initiative")

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            short = sum(unallocated(game.data, role).values())
            return f"Allocate your factories (9.1): {short} PP of your cities still lack one."
        return "Waiting for the players to allocate their factories."


def allocate_all_by_default(game: VictoryState) -> None:
    """Every player takes the standing allocation (tests and quick set-ups)."""
    for role in sides(game.data):
        default_allocation(game, role)
    for block in game.data["blocks"].values():
        if is_factory(block):
            block.pop("new", None)


__all__ = [
    "FactorySetup",
    "allocate_all_by_default",
    "allocation_actions",
    "default_allocation",
    "unallocated",
]
