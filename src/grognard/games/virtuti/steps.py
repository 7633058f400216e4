"""The sequence of play as flow steps: the ten phases of a turn and their sub-steps.

`turn` is automatic: it runs phase after phase, pushing a frame for each phase that
asks something (secret windows, operations, diplomacy). Each secret window is its own
step, named by its kind (`pp_card`, `air_card`, `production`, `planning`,
`battle_card`, `battle_air`): a `SecretWindow` whose handler (`SECRET_KINDS`) knows
the legal choices and the reveal. A battle's steps are in battle_steps.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from grognard.core.flow import Frame, GameStep, Step, call, end
from grognard.core.game import Action
from grognard.core.secret_choices import SecretChoices
from grognard.games.virtuti import battle, movement
from grognard.games.virtuti.battle_steps import BATTLE_STEPS
from grognard.games.virtuti.board import ROLE_OF, secret_window, turn_name
from grognard.games.virtuti.cards import AirCardChoice, CardChoice
from grognard.games.virtuti.diplomacy import diplomacy_apply, diplomacy_legal, scripted, surrenders
from grognard.games.virtuti.events import calendar_phase, random_event_phase, roll_weather
from grognard.games.virtuti.planning import Planning
from grognard.games.virtuti.production import Production
from grognard.games.virtuti.scenarios import SEASONS
from grognard.games.virtuti.secrets import close_secret, open_secret
from grognard.games.virtuti.summary import summary_phase
from grognard.games.virtuti.supply import supply_phase

from .verbs import args

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState

PHASES = ("weather", "calendar", "random_event", "strategic_pp", "strategic_air", "production",
          "planning", "operations", "supply", "diplomacy", "summary")  # fmt: skip


class SecretKind(Protocol):
    def roles(self, state: VirtutiState) -> list[str]: ...
    def legal(self, state: VirtutiState, role: str) -> list[Action]: ...
    def apply(self, state: VirtutiState, role: str, action: Action) -> None: ...
    def close(self, state: VirtutiState, window: dict[str, Any]) -> dict[str, Any]: ...
    def reveal(self, state: VirtutiState, window: dict[str, Any], chosen: dict[str, Any]) -> None: ...


SECRET_KINDS: dict[str, SecretKind] = {
    "pp_card": CardChoice(),
    "air_card": AirCardChoice(),
    "production": Production(),
    "planning": Planning(),
    "battle_card": battle.BattleCard(),
    "battle_air": battle.BattleAir(),
}
AUTO_CONFIRM = ("pp_card", "air_card", "battle_card")
SECRET_PROMPTS = {
    "pp_card": "Strategic Phase: pick in secret a card to play for PP",
    "air_card": "Strategic Phase: pick in secret a card to play for air support",
    "production": "Production Phase (secret): buy, strengthen, upgrade, research, deploy; then done",
    "planning": "Planning Phase (secret): place order tokens on your units; then done",
    "battle_card": "Battle: pick in secret a card for the battle",
    "battle_air": "Battle: commit air support tokens in secret; then done",
}


def open_phase_secret(state: VirtutiState, kind: str) -> None:
    roles = SECRET_KINDS[kind].roles(state)
    if roles:
        open_secret(state, kind, roles)
        call(state.flow, kind)


class Turn(GameStep["VirtutiState"]):
    """Automatic: the phases in order; the summary ends the game or starts a new turn."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VirtutiState, frame: Frame) -> None:
        state: VirtutiState = game
        data = state.vdata
        if frame["phase"] >= len(PHASES):
            if data["season"] == len(SEASONS) - 1:
                data["season"], data["year"] = 0, data["year"] + 1
            else:
                data["season"] += 1
            data["turn_no"] += 1
            frame["phase"] = 0
            return
        phase = PHASES[frame["phase"]]
        frame["phase"] += 1
        data["phase"] = phase
        if phase == "weather":
            state.log(f"--- {turn_name(data)} (turn {data['turn_no']}) ---")
            roll_weather(state)
        elif phase == "calendar":
            calendar_phase(state)
        elif phase == "random_event":
            random_event_phase(state)
        elif phase == "strategic_pp":
            open_phase_secret(state, "pp_card")
        elif phase == "strategic_air":
            open_phase_secret(state, "air_card")
        elif phase in ("production", "planning"):
            open_phase_secret(state, phase)
        elif phase == "operations":
            call(state.flow, "ops", sub=0, next=0)
        elif phase == "supply":
            supply_phase(state)
        elif phase == "diplomacy":
            surrenders(state)
            scripted(state)
            call(state.flow, "diplomacy", role="axis")
        else:
            summary_phase(state)


class SecretWindow(SecretChoices["VirtutiState"]):
    """A secret window of one kind (core/secret_choices.py): every listed role
    chooses, then all is revealed together. The window's record is `data["secret"]`
    (secrets.py); `kind` names the step and its handler in `SECRET_KINDS`."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.handler = SECRET_KINDS[kind]

    def seats(self, game: VirtutiState, frame: Frame) -> list[str]:
        roles: list[str] = secret_window(game.vdata)["roles"]
        return roles

    def finished(self, game: VirtutiState, frame: Frame, role: str) -> bool:
        return role in secret_window(game.vdata)["done"]

    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        return self.handler.legal(game, role)

    def confirmed(self, game: VirtutiState, frame: Frame, role: str) -> None:
        secret_window(game.vdata)["done"].append(role)

    def choose(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        self.handler.apply(game, role, action)
        if self.kind in AUTO_CONFIRM and self.handler.legal(game, role) == [("done",)]:
            self.confirmed(game, frame, role)  # a card per faction chosen: nothing left to ask

    def independent_choices(self, game: VirtutiState, frame: Frame) -> bool:
        # The secret log lines of every seat share one counter (secrets.secret_log), so
        # applying one seat's choices again after another's undo would renumber its
        # lines and tell it of the undo: here a seat undoes only while it chose last.
        return False

    def reveal(self, game: VirtutiState, frame: Frame) -> None:
        secret = secret_window(game.vdata)
        chosen = self.handler.close(game, secret)
        close_secret(game)
        self.handler.reveal(game, secret, chosen)
        end(game.flow, chosen)

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        secret = secret_window(game.vdata)
        text = SECRET_PROMPTS[self.kind]
        if role in secret["done"]:
            return f"{text} (you have confirmed; waiting for the other player)"
        return text


class Ops(GameStep["VirtutiState"]):
    """The Operations Phase's sub-phases: whose order is next, and which."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        if frame["sub"] >= 3:
            return []
        f = movement.current_faction(game.vdata, frame)
        return [ROLE_OF[f]] if f else []

    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        f = movement.current_faction(game.vdata, frame)
        return [("execute", a) for a in movement.pending(game.vdata, f, frame["sub"])] if f else []

    def apply(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        movement.execute(game, frame, args(action)["area"])

    def run(self, game: VirtutiState, frame: Frame) -> None:
        if frame["sub"] == 3:
            movement.build_fortifications(game)
            end(game.flow)
            return
        frame["sub"] += 1
        frame["next"] = 0

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        f = movement.current_faction(game.vdata, frame)
        return f"Operations, {movement.SUB_NAMES[frame['sub']]}: {f} executes one of its orders"


class OrderStep(GameStep["VirtutiState"]):
    """Shared by the feint, move and strategic frames: the acting faction's player acts
    until the order is done, then the frame ends by itself."""

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return [] if frame.get("done") else [ROLE_OF[frame["f"]]]

    def run(self, game: VirtutiState, frame: Frame) -> None:
        end(game.flow)


class Feint(OrderStep):
    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        return movement.feint_legal(game, frame)

    def apply(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        movement.feint_apply(game, frame, action)

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        return f"Feint attack from {frame['area']}: remove an adjacent enemy order, or skip"


class Move(OrderStep):
    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        return movement.move_legal(game, frame)

    def apply(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        movement.move_apply(game, frame, action)

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        kind = "Maneuver" if frame["maneuver"] else "Move"
        return (
            f"{kind} order in {frame['area']}: send units (at most one battle), then go"
            " (the stacking limits must hold when the order ends)"
        )


class Strategic(OrderStep):
    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        return movement.strategic_legal(game, frame)

    def apply(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        movement.strategic_apply(game, frame, action)

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        return (
            f"Strategic movement from {frame['area']}: send units through your areas, then go"
            " (the stacking limits must hold when the order ends)"
        )


class Diplomacy(GameStep["VirtutiState"]):
    """The Axis player's diplomatic actions, then the Allied player's."""

    def legal(self, game: VirtutiState, frame: Frame, role: str) -> list[Action]:
        return diplomacy_legal(game, role)

    def apply(self, game: VirtutiState, frame: Frame, role: str, action: Action) -> None:
        if action == ("done",):
            if frame["role"] == "axis":
                frame["role"] = "allies"
            else:
                end(game.flow)
            return
        diplomacy_apply(game, role, action)

    def actors(self, game: VirtutiState, frame: Frame) -> list[str]:
        return [frame["role"]]

    def prompt(self, game: VirtutiState, frame: Frame, role: str | None) -> str:
        return f"Diplomatic Phase: the {frame['role']} player may declare war; then done"


STEPS: dict[str, Step] = {
    "turn": Turn(),
    **{kind: SecretWindow(kind) for kind in SECRET_KINDS},
    "ops": Ops(),
    "feint": Feint(),
    "move": Move(),
    "strategic": Strategic(),
    **BATTLE_STEPS,
    "diplomacy": Diplomacy(),
}
