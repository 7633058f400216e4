"""The Virtuti game state: the flow of steps.py over the data of setup.py, its views
(open information, except the other player's secret choices until their reveal) and
its result."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from grognard.core.flow import Step
from grognard.core.flowstate import FlowState
from grognard.core.game import Action, Result, Role
from grognard.core.rng import Rng
from grognard.games.virtuti.battle_steps import BATTLE_STEPS, upgrade_flow, view_of
from grognard.games.virtuti.board import FACTIONS_OF, turn_name, vp_of
from grognard.games.virtuti.layout import VirtutiData
from grognard.games.virtuti.secrets import public_data, redraw_others
from grognard.games.virtuti.steps import STEPS


class VirtutiState(FlowState):
    STEPS: ClassVar[dict[str, Step]] = STEPS

    @property
    def vdata(self) -> VirtutiData:
        """`data` as the checker should see it: the layout of layout.py (the same object)."""
        return cast("VirtutiData", self.data)

    def _after_change(self, role: Role | None, action: Action | None) -> None:
        super()._after_change(role, action)
        if role is None:  # a new game, a load or an undo: the data may be an older save's
            upgrade_flow(self.data["flow"], self.data["secret"])

    def _end_reason(self, public_log: list[str]) -> str | None:
        """The ending line with both sides' victory points (public: on the VP track)."""
        outcome = self.vdata.get("outcome")
        last = public_log[-1] if public_log else "the game ends"
        if outcome is None:
            return last
        return f"{last} (VP: axis {outcome['vp']['axis']}, allies {outcome['vp']['allies']})"

    def _result(self) -> Result | None:
        outcome = self.data.get("outcome")
        if outcome is None:
            return None
        score: Result = dict(outcome["score"])
        return score

    def _view(self, role: Role | None) -> dict[str, Any]:
        data = self.data
        seen = public_data(self.vdata, role)
        secret = data["secret"]
        mine: dict[str, Any] = {}
        if secret is not None and role is not None and role in secret["roles"]:
            mine = {
                "kind": secret["kind"],
                "confirmed": role in secret["done"],
                "choices": {f: c for f, c in secret["choices"].items() if f in FACTIONS_OF[role]},
            }
        battle = next((view_of(f) for f in reversed(self.flow) if f["state"] in BATTLE_STEPS), None)
        move = next((f for f in reversed(self.flow) if f["state"] == "move"), None)
        # the Move order being carried out and the units sent so far: open information,
        # as moves are (the page asks before a Go that starts a battle)
        move_under_way = (
            {"f": move["f"], "area": move["area"], "plan": dict(move["plan"])} if move is not None else None
        )
        return {
            "turn": turn_name(self.vdata),
            "turn_no": data["turn_no"],
            "phase": data["phase"],
            "weather": data["weather"],
            "control": data["control"],
            "countries": data["countries"],
            "ussr_active": data["ussr_active"],
            "ussr_at_war": data["ussr_at_war"],
            "pact": data["pact"],
            "initiative": data["initiative"],
            "units": sorted(seen["units"].values(), key=lambda u: u["id"]),
            "forts": data["forts"],
            "out_of_supply": data["oos"],
            "orders": seen["orders"],
            "factions": seen["factions"],
            "secret": {
                "kind": secret["kind"],
                "waiting_for": [r for r in secret["roles"] if r not in secret["done"]],
            }
            if secret
            else None,
            "my_secret": mine,
            "move": move_under_way,
            "battle": battle,
            "vp": {"axis": vp_of(self.vdata, "axis"), "allies": vp_of(self.vdata, "allies")},
            "outcome": data["outcome"],
        }

    def hidden_tokens(self, role: Role | None) -> list[str]:
        """The other players' secret log lines, while their window is open."""
        secret = self.data["secret"]
        if secret is None:
            return []
        return [line for r, lines in secret["lines"].items() if r != role for line in lines]

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        redraw_others(self.vdata, role)
