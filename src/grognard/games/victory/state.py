"""The Victory game state: plain data, the flow of named steps, views and secrets.

DATA LAYOUT (`state.data`)
    roles, rng, log, flow   core bookkeeping; battles are frames on the flow stack
    options                 the game's options (a copy of meta["options"])
    map                     the assembled map's key ("2map:A0,B3"); boards.game_map rebuilds it
    homes                   {board id: role}, each player's own map(s) (5.4, 8.4)
    home_bonus              {board id: extra PP per city} (10.3 Sleeping Giant), usually {}
    target_pp               {role: PP of cities that wins} (10.0)
    turn, turn_limit        game turn (1-based) and the 10.6 limit (0 = none)
    phase                   "maps" | "deploy" | "initiative" | "move" | "combat" | "supply" |
                            "production"
    order                   this turn's order of play, Player 1 first (4.1)
    blocks                  {id: {"owner", "type", "steps", "at", "moved", "entered",
                            "reserve"?, "half"?, "new"?, "landing"?, "flown"?,
                            "beachhead"?, "blockade"?}}: living
                            blocks (control.py; "landing" is "air" or "sea" for paratroops
                            and invaders not yet landed and for units at sea, 6.6, 6.7,
                            6.52; "flown" is an air unit's flight to its battle, 5.53)
    graveyard               {id: {"owner", "type"}}: eliminated blocks
    battles                 {hex: {"attacker", "defender"}}: battles still to fight this turn
    seen                    {role: [ids]}: other players' blocks that role has seen in battle
    next_id                 {role: int}: the number of the next block built
    min_per_city            {role: int}: blocks each of his cities must receive at deployment (1.4)
    port_use                {hex: ground blocks embarked or landed there} this player turn (5.92)
    storm                   the storm's hex, None once blown off (9.4, `storms` option)
    airfields, mulberries   {hex: {"owner", "since", "major"?, "down"?}} (9.6, 9.7, markers.py)
    pp                      {role: PP controlled} at the last victory check
    result                  None | {role: score}

Block ids ("red-07") are dealt in random order, so an id says nothing about its
block; they are the secrets `hidden_tokens` names.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, ClassVar

from grognard.core.flow import Step
from grognard.core.flowstate import FlowState
from grognard.core.game import Result, Role
from grognard.core.rng import Rng

from .control import arm, unit_of
from .steps import STEPS
from .view import board_view


class VictoryState(FlowState):
    STEPS: ClassVar[dict[str, Step]] = STEPS

    def _result(self) -> Result | None:
        result: Result | None = self.data.get("result")
        return result

    def _view(self, role: Role | None) -> dict[str, Any]:
        return board_view(self.data, self.flow, role)

    def hidden_tokens(self, role: Role | None) -> set[str]:
        """Ids of other players' blocks that `role` has never seen face up."""
        data = self.data
        seen = set(data["seen"].get(role, ())) if role is not None else set()
        owners = {b: x["owner"] for b, x in data["blocks"].items()}
        owners.update({b: x["owner"] for b, x in data["graveyard"].items()})
        return {b for b, owner in owners.items() if owner != role and b not in seen}

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        """Deal the identities (type and steps) of the other players' unseen blocks
        again among themselves, within one owner and arm (and submarines apart, as
        they control no land), so that every place and control `role` sees holds."""
        data = self.data
        seen = set(data["seen"].get(role, ()))
        groups: dict[tuple[str, str, bool], list[str]] = defaultdict(list)
        for bid in sorted(data["blocks"]):
            block = data["blocks"][bid]
            if block["owner"] == role or bid in seen or block.get("new") or block["at"] is None:
                continue
            sub = "submarine" in unit_of(block).tags
            groups[(block["owner"], arm(block), sub)].append(bid)
        for bids in groups.values():
            faces = [(data["blocks"][b]["type"], data["blocks"][b]["steps"]) for b in bids]
            rng.shuffle(faces)
            for bid, (type_id, steps) in zip(bids, faces, strict=True):
                data["blocks"][bid].update(type=type_id, steps=steps)
