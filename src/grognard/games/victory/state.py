"""The Victory game state: plain data, the flow of named steps, views and secrets.

DATA LAYOUT (`state.data`): layout.py, one TypedDict per record with a comment per key
(the blocks, the graveyard, the battles, the markers, the alliances, Commanders' seats,
the options); `VictoryState.data` is typed as its `VictoryData`, so mypy checks the keys
the rule code reads. Battles in progress are frames on the flow stack (the core's).

Block ids ("red-07") are dealt in random order, so an id says nothing about its
block; they are the secrets `hidden_tokens` names.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any, ClassVar

from grognard.core.flow import Step
from grognard.core.flowstate import FlowState
from grognard.core.game import LogAddress, Result, Role
from grognard.core.rng import Rng

from .commanders import (
    apply_council,
    commanders_moving,
    council_actions,
    is_team_game,
    owner_seat,
    side_of,
)
from .control import arm, unit_of
from .layout import VictoryData
from .steps import STEPS
from .victory import TIME_LIMIT_LINE
from .view import board_view


class VictoryState(FlowState):
    """Plays sides through the steps; in Commanders (10.5) the roles are seats and
    the methods below hand each seat its part of its side's turn (commanders.py)."""

    STEPS: ClassVar[dict[str, Step]] = STEPS
    # `data` is plain JSON (core/game.py) laid out as layout.VictoryData: the rule code
    # reads it through that layout, so mypy checks its keys. The base class types it as
    # `dict[str, Any]`, which a TypedDict is not a subtype of; the annotation narrows it
    # for this ruleset (the same object: nothing is converted).
    data: VictoryData  # type: ignore[assignment]

    def _side(self, role: Role | None) -> Role | None:
        if role is None or not is_team_game(self.data):
            return role
        return side_of(self.data, role)

    def _end_reason(self, public_log: list[str]) -> str | None:
        """The winning line, after the PP count when the time limit decided (10.6),
        else with the winners' PP against their targets (10.0)."""
        if not public_log:
            return None
        won = public_log[-1]
        if len(public_log) > 1 and public_log[-2].startswith(TIME_LIMIT_LINE):
            return f"{public_log[-2]}; {won}"
        pp, target = self.data.get("pp", {}), self.data["target_pp"]
        winners = [r for r, share in (self.result() or {}).items() if share and r in target]
        held = [f"{r} {pp.get(r, 0)} PP of {target[r]}" for r in winners]
        return f"{won}: the target PP held ({', '.join(held)})" if held else won

    def _result(self) -> Result | None:
        result: Result | None = self.data.get("result")
        if result is not None and is_team_game(self.data):
            return {seat: result[side_of(self.data, seat)] for seat in self.data["roles"]}
        return result

    def _view(self, role: Role | None) -> dict[str, Any]:
        board = board_view(self.data, self.flow, self._side(role))
        if is_team_game(self.data) and role is not None:
            side = side_of(self.data, role)
            board["commanders"] = {
                "seat": role,
                "side": side,
                "command": dict(self.data["command"][side]),
                "coup_votes": list(self.data["coup_votes"].get(side, [])),
            }
        return board

    def _reads_log_line(self, role: Role | None, to: LogAddress) -> bool:
        # a line addressed to a side reaches every seat of it, and one hidden from a
        # side is hidden from every seat of it (10.5 Commanders)
        if isinstance(to, dict):
            return role is None or (role not in to["all_but"] and self._side(role) not in to["all_but"])
        return to is None or (role is not None and (role in to or self._side(role) in to))

    # ----- Commanders (10.5): a side's turn shared among its seats --------------------
    def _after_change(self, role: Role | None, action: tuple[Any, ...] | None) -> None:
        super()._after_change(role, action)
        self._parts: dict[Role, list[tuple[Any, ...]]] | None = None

    def _seat_parts(self) -> dict[Role, list[tuple[Any, ...]]]:
        """The actions each active seat may take now (worked out once per state)."""
        parts = getattr(self, "_parts", None)
        if parts is None:
            parts = self._parts = self._split_turn()
        return parts

    def _split_turn(self) -> dict[Role, list[tuple[Any, ...]]]:
        data = self.data
        stack = data["flow"]
        if not stack:
            return {}
        frame = stack[-1]
        step = self.STEPS[frame["state"]]
        parts: dict[Role, list[tuple[Any, ...]]] = {}
        for side in step.actors(self, frame):
            legal = list(step.legal(self, frame, side))
            if frame["state"] == "move":
                done = frame.get("seats_done", [])
                seat = next(s for s in commanders_moving(data, side) if s not in done)
                parts[seat] = [
                    a for a in legal if a[0] == "end_moves" or owner_seat(data, "move", side, a) == seat
                ]
                parts[seat] += council_actions(data, seat, moving=True)
                continue
            for action in legal:
                parts.setdefault(owner_seat(data, frame["state"], side, action), []).append(action)
            for seat in list(parts):
                if side_of(data, seat) == side:
                    parts[seat] += council_actions(data, seat, moving=False)
        return parts

    def _active_roles(self) -> list[Role]:
        if not is_team_game(self.data):
            return super()._active_roles()
        return sorted(self._seat_parts())

    def _legal_actions(self, role: Role) -> Iterable[tuple[Any, ...]]:
        if not is_team_game(self.data):
            return super()._legal_actions(role)
        return self._seat_parts().get(role, [])

    def _apply(self, role: Role, action: tuple[Any, ...]) -> None:
        if not is_team_game(self.data):
            super()._apply(role, action)
            return
        self._parts = None  # the seats' parts change with the action
        if action[0] in ("transfer", "vote_coup"):
            apply_council(self, role, action)
            return
        side = side_of(self.data, role)
        frame = self.frame()
        if frame["state"] == "move" and action[0] == "end_moves":
            done = frame.setdefault("seats_done", [])
            done.append(role)
            if any(s not in done for s in commanders_moving(self.data, side)):
                self.log(f"{role} has finished moving")
                return
        super()._apply(side, action)

    def _prompt(self, role: Role | None) -> str:
        if not is_team_game(self.data) or role is None or not self.flow:
            return super()._prompt(self._side(role))
        if role in self._active_roles():
            return super()._prompt(side_of(self.data, role))
        return f"Waiting for {', '.join(self._active_roles()) or 'the game'}."

    def hidden_tokens(self, role: Role | None) -> set[str]:
        """Ids of other players' blocks that `role` has never seen face up."""
        role = self._side(role)
        data = self.data
        seen = set(data["seen"].get(role, ())) if role is not None else set()
        owners = {b: x["owner"] for b, x in data["blocks"].items()}
        owners.update({b: x["owner"] for b, x in data["graveyard"].items()})
        return {b for b, owner in owners.items() if owner != role and b not in seen}

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        """Deal the identities (type and steps) of the other players' unseen blocks
        again among themselves, within one owner and arm (and submarines apart, as
        they control no land; carriers apart, as aircraft stand aboard them;
        factories apart, as they never move, 9.1), so
        that every place and control `role` sees holds. Blocks queued in the step
        being played (aircraft landing after a battle, blocks withdrawing) keep their
        faces: who decides next depends on where each of them can go."""
        role = self._side(role) or role
        data = self.data
        seen = set(data["seen"].get(role, ()))
        top = data["flow"][-1] if data["flow"] else {}
        queued = set(top.get("queue", ())) if top.get("state") in ("land_air", "withdraw") else set()
        groups: dict[tuple[str, str, bool, bool, bool], list[str]] = defaultdict(list)
        for bid in sorted(data["blocks"]):
            block = data["blocks"][bid]
            if block["owner"] == role or bid in seen or block.get("new") or block["at"] is None:
                continue
            if bid in queued:
                continue
            tags = unit_of(block).tags
            key = (block["owner"], arm(block), "submarine" in tags, "carrier" in tags, "factory" in tags)
            groups[key].append(bid)
        for bids in groups.values():
            faces = [(data["blocks"][b]["type"], data["blocks"][b]["steps"]) for b in bids]
            rng.shuffle(faces)
            for bid, (type_id, steps) in zip(bids, faces, strict=True):
                data["blocks"][bid]["type"], data["blocks"][bid]["steps"] = type_id, steps
