"""The steps of a battle (Resolving Battles, steps 1-7), one named flow step each.

movement.py pushes a battle as a `"battle"` frame; battle.py moves that frame from
step to step (`flow.become`, so every step reads the same fields) and pushes the two
secret windows of steps 2 and 3 above it. Three steps ask a player something (the
defender's and the attacker's loss allocation, the defender's retreat); the others
are automatic.

The view shows the battle frame as it always has: `"state": "battle"` and its step as
`"stage"` (`view_of`), which the browser's battle panel and the AIs read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, Step
from grognard.core.game import Action
from grognard.games.virtuti import battle
from grognard.games.virtuti.board import ROLE_OF

from .verbs import args

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState

#: step name -> the stage the view shows
STAGES: dict[str, str] = {
    "battle": "strength",
    "battle_cards_chosen": "cards",
    "battle_air_chosen": "air",
    "battle_resolve": "resolve",
    "battle_loss_defence": "loss_defence",
    "battle_loss_attack": "loss_attack",
    "battle_retreat": "retreat",
    "battle_retreat_choice": "retreat_choice",
    "battle_capture": "capture",
}


def view_of(frame: Frame) -> dict[str, Any]:
    """The battle as views show it: its fields, `"state": "battle"` and its `"stage"`."""
    return {**frame, "state": "battle", "stage": STAGES[frame["state"]]}


def upgrade_flow(flow: list[Frame], window: dict[str, Any] | None) -> None:
    """Games saved before the battle's steps and the secret windows had names of their
    own kept a battle as `"battle"` with a `"stage"` and every window as `"secret"`:
    name their frames' steps as now (the rest of the data is the same)."""
    for frame in flow:
        if frame["state"] == "secret" and window is not None:
            frame["state"] = window["kind"]
        elif "stage" in frame:
            stage = frame.pop("stage")
            frame["state"] = next(name for name, shown in STAGES.items() if shown == stage)


class Automatic(GameStep["VirtutiState"]):
    """A step no one is asked anything in: it runs one part of the battle (battle.py)."""

    def __init__(self, part: Callable[[VirtutiState, Frame], None]) -> None:
        self.part = part

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return []  # a battle frame keeps no "role" of its own to ask

    def run(self, game: VirtutiState, frame: Frame) -> None:
        self.part(game, frame)


class Losses(GameStep["VirtutiState"]):
    """Step 5: one side allocates its loss points (the defender's step, then the
    attacker's); automatic when that side has nothing it may lose."""

    def __init__(self, side: str) -> None:
        self.side = side

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        side = frame["att"] if self.side == "attack" else frame["defender"]
        return [ROLE_OF[side]] if battle.loss_legal(game, frame) else []

    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        return battle.loss_legal(game, frame)

    def apply(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        battle.loss_apply(game, frame, action)

    def run(self, game: VirtutiState, frame: Frame) -> None:
        battle.next_after_losses(game, frame)

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        left = frame.get("left", {}).get(self.side, 0)
        return f"Battle in {frame['area']}: allocate {left} loss points (whole HP only)"


class RetreatChoice(GameStep["VirtutiState"]):
    """Step 6: the defender chooses the area its units retreat to."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return [ROLE_OF[frame["defender"]]]

    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        return battle.retreat_legal(game, frame)

    def apply(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        battle.retreat_to(game, frame, args(action)["to"])

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        return f"Battle in {frame['area']}: choose where the defenders retreat"


BATTLE_STEPS: dict[str, Step] = {
    # step 1 (and the opening of step 2): the battle begins; both sides choose a card in
    # secret (the `battle_card` window)
    "battle": Automatic(battle.begin),
    # after step 2: the cards are known; step 3's air window opens unless the battle is
    # at sea or in mud
    "battle_cards_chosen": Automatic(battle.after_cards),
    "battle_air_chosen": Automatic(battle.after_air),  # after step 3: the tokens are known
    "battle_resolve": Automatic(battle.resolve),  # steps 4 and 5: the winner, the dice, artillery
    "battle_loss_defence": Losses("defence"),
    "battle_loss_attack": Losses("attack"),
    # step 6: the loser retreats, holds or is eliminated; it asks the defender where to
    # go when there is a choice
    "battle_retreat": Automatic(battle.retreat),
    "battle_retreat_choice": RetreatChoice(),
    "battle_capture": Automatic(battle.finish),  # step 7: a winning attacker advances, captures
}
