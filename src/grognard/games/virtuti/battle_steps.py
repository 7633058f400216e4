"""The steps of a battle (Resolving Battles, steps 1-7), one named flow step each.

operations.py pushes a battle as a `"battle"` frame; battle.py moves that frame from
step to step (`flow.become`, so every step reads the same fields) and pushes the two
secret windows of steps 2 and 3 above it. Three steps ask a player something (the
defender's and the attacker's loss allocation, the defender's retreat); the others
are automatic.

The view shows the battle frame as it always has: `"state": "battle"` and its step as
`"stage"` (`view_of`), which the browser's battle panel and the AIs read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, Step
from grognard.core.game import Action
from grognard.games.virtuti import battle
from grognard.games.virtuti.board import ROLE_OF

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


class Strength(GameStep["VirtutiState"]):
    """Automatic, step 1 (and the opening of step 2): the battle begins; both sides
    choose a card in secret (the `battle_card` window)."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VirtutiState, frame: Frame) -> None:
        battle.begin(game, frame)


class CardsChosen(GameStep["VirtutiState"]):
    """Automatic, after step 2: the cards are known; step 3's air window opens unless
    the battle is at sea or in mud."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VirtutiState, frame: Frame) -> None:
        battle.after_cards(game, frame)


class AirChosen(GameStep["VirtutiState"]):
    """Automatic, after step 3: the air support tokens are known."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VirtutiState, frame: Frame) -> None:
        battle.after_air(game, frame)


class Resolve(GameStep["VirtutiState"]):
    """Automatic, steps 4 and 5: the winner, the dice, the loser's artillery."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VirtutiState, frame: Frame) -> None:
        battle.resolve(game, frame)


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


class Retreat(GameStep["VirtutiState"]):
    """Automatic, step 6: the loser retreats, holds or is eliminated; it asks the
    defender where to go when there is a choice."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VirtutiState, frame: Frame) -> None:
        battle.retreat(game, frame)


class RetreatChoice(GameStep["VirtutiState"]):
    """Step 6: the defender chooses the area its units retreat to."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return [ROLE_OF[frame["defender"]]]

    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        return battle.retreat_legal(game, frame)

    def apply(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        battle.retreat_to(game, frame, action[1])

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        return f"Battle in {frame['area']}: choose where the defenders retreat"


class Capture(GameStep["VirtutiState"]):
    """Automatic, step 7: a winning attacker advances and captures; the battle ends."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VirtutiState, frame: Frame) -> None:
        battle.finish(game, frame)


BATTLE_STEPS: dict[str, Step] = {
    "battle": Strength(),
    "battle_cards_chosen": CardsChosen(),
    "battle_air_chosen": AirChosen(),
    "battle_resolve": Resolve(),
    "battle_loss_defence": Losses("defence"),
    "battle_loss_attack": Losses("attack"),
    "battle_retreat": Retreat(),
    "battle_retreat_choice": RetreatChoice(),
    "battle_capture": Capture(),
}
