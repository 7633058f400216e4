"""The Hitler's Global War game state: plain data (layout.py types its layout), the flow
of named steps, and views. Everything is open information (Prepare for Play 4: each
record sheet is open to inspection), so every role sees the same board, except the
optional leaders' face-down markers, which no seat sees (leaders.py `view`)."""

from __future__ import annotations

from typing import Any, ClassVar, cast

import msgspec

from grognard.core.flow import Step
from grognard.core.flowstate import FlowState
from grognard.core.game import Result, Role
from grognard.core.rng import Rng

from . import leaders
from .board import armies_by_place, current_turn, stack, strength
from .layout import HgwData
from .nations import label
from .neutrality import politics_view
from .odds_crossing import met_destinations
from .steps import STEPS

SEA_WAR = ("sea_routes", "route_escorts", "route_losses", "asw_level")  # sea_war.py
# Campaign Game II's record-sheet entries, open to every seat: strategic points and missile
# counters (strategic.py), national morale (morale.py), hexes partisans took (partisan_phase.py),
# the research sheets (research.py)
# open information of Campaign Game II and its optional rules (Ship Builds 2, N7.2; Unaligned Forces)
# and each side's shipping counters with what they carried this turn (shipping_counters.py)
CG2_OPEN = (
    *("research", "strategic", "morale", "partisans", "ship_track", "home_forces"),
    *("shipping", "shipping_used", "us_transport"),
)
# Naval Action's built ports, major naval ports (under construction too) and supply roads
# (ports.py, coastal_air.py), the hits on naval bases (port_attacks.py, N11.3), the coastal
# air lost this player turn (coastal_air.py, N9.5), the replenishment units at sea
# (replenishment.py, N13) and the declared raiders (raiders.py, N6.1: the rule asks for no
# secrecy): all open
BUILT = (
    "ports",
    "anchors_building",
    "supply_roads",
    "coastal_air",
    "base_hits",
    "coastal_air_lost",
    "replenishment",
    "raiders",
)


class HgwState(FlowState):
    STEPS: ClassVar[dict[str, Step]] = STEPS
    # `data` is plain JSON (core/game.py) laid out as layout.HgwData: the rule code reads
    # it through that layout, so mypy checks its keys. The base class types it as
    # `dict[str, Any]`, which a TypedDict is not a subtype of; the annotation narrows it
    # for this ruleset (the same object: nothing is converted).
    data: HgwData  # type: ignore[assignment]

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        # optional rule Leaders: a search's determinized copy must not know the face-down
        # markers (leaders.redraw); with no leaders in play nothing is hidden, nothing moves
        leaders.redraw(self.data, rng)

    def _result(self) -> Result | None:
        result: Result | None = self.data.get("result")
        return result

    def _end_reason(self, public_log: list[str]) -> str | None:
        """The ending line, with the victory levels when they decided the winner (Three
        Players 4: campaign_victory.py logs them just before it)."""
        if not public_log:
            return None
        levels = [line for line in public_log[-3:-1] if line.startswith("victory levels: ")]
        return f"{public_log[-1]}; {levels[-1]}" if levels else public_log[-1]

    def _met_crossings(self) -> list[str]:
        """K19.10: the move step's destinations whose crossing an enemy patrol would meet
        (`met_destinations`), searched once per position: every seat's view of it asks,
        three or four views after each move, and one search took up to 0.5 s in random
        Campaign Game II games. Kept with the position's whole encoding (its data, the
        step's frame included: 0.4-0.8 ms to make), so that a change of anything in it
        searches again."""
        key = msgspec.json.encode(self.data)
        memo = self.__dict__.get("_met_memo")
        if memo is None or memo[0] != key:
            found = met_destinations(self.data, self.flow[-1])
            memo = self.__dict__["_met_memo"] = (key, tuple(found))
        return list(memo[1])

    def _view(self, role: Role | None) -> dict[str, Any]:
        data = self.data
        by_name = cast(dict[str, Any], data)  # the open records below are copied by key name
        armies = []
        for army_id, army in sorted(data["armies"].items()):
            entry: dict[str, Any] = {"id": army_id, "side": army["side"], "name": army["name"]}
            entry["at"] = army["at"]
            entry["nation"] = label(data, army_id)  # "french" / "free_french" (Activity Limitations 8)
            entry["sp"] = dict(army["sp"])
            entry["strength"] = strength(army)
            status = data["status"].get(army_id)
            if status:
                entry["status"] = dict(status)
            entry["frozen"] = army_id in data["frozen"]
            if army_id in data.get("supply_cut", {}):  # K16.6: the sea supply route it draws on
                entry["supply_cut"] = data["supply_cut"][army_id]
            armies.append(entry)
        places = {a["at"] for a in armies if a["at"]}
        there = armies_by_place(data)  # one pass over the armies, not one a place
        frame = self.flow[-1] if self.flow else {}
        view = {
            "turn": current_turn(data),
            "turn_index": data["turn"],
            "turns": list(data["turns"]),
            "player": data["player"],
            "phase": data["phase"],
            "step": frame.get("state"),
            "frame": {k: v for k, v in frame.items() if k != "returned"},
            "owner": dict(data["owner"]),
            "markers": dict(data["markers"]),
            "devastated": dict(data["devastated"]),
            "permanent": dict(data["permanent"]),
            "garrison_lost": list(data["garrison_lost"]),
            "armies": armies,
            "stacks": {p: stack(data, p, there.get(p, [])) for p in sorted(places)},
            "winters": data["winters"],
            **politics_view(data),
            # The Fall of Germany: fleets (open like the record sheets), forts, landings
            "fleets": {f: dict(x) for f, x in sorted(data.get("fleets", {}).items())},
            "fleet_status": dict(data.get("fleet_status", {})),
            "forts": {p: dict(x) for p, x in sorted(data.get("forts", {}).items())},
            "beachheads": {p: dict(x) for p, x in sorted(data.get("beachheads", {}).items())},
            # Campaign Game II: open. The records themselves, not copies: Game.view copies
            # the whole view (deep copies here were about a third of this method's time in
            # Campaign Game II and IV positions: 0.27-0.54 ms of 1.3-1.6)
            **{k: by_name[k] for k in CG2_OPEN if k in data},
        }
        # Campaign Game II: typed fleets, declared routes, escorts, losses, A.S.W. boxes
        for x in view["fleets"].values():
            if "ships" in x:
                x["ships"] = dict(x["ships"])
        view.update({k: by_name[k] for k in SEA_WAR if k in data})
        view.update({k: by_name[k] for k in BUILT if k in data})
        # forts that fired and losses they absorbed this player turn (Effect Of Forts On
        # Combat 1, 3): open, and read by the odds of a battle taken up mid-turn
        view.update({k: by_name[k] for k in ("fort_fired", "absorbed") if by_name.get(k)})
        if frame.get("state") == "move_to" and data.get("fleets"):  # K19.10: crossings patrols meet
            met = self._met_crossings()
            if met:
                view["met_crossings"] = met
        seen = leaders.view(data)  # optional rule Leaders: face-down markers stay secret
        if seen is not None:
            view["leaders"] = seen
        return view
