""" "blockskirmish": a test-only block game, the smallest picture of Victory's blocks
and battles (../shared/rules/victory.md), for the web client's block and battle
pieces. Its view follows docs/client-view-conventions.md (`board.blocks`,
`board.areas`, `board.battle`). Not registered; tests build it directly.

Rules
    Two roles, red and blue, four blocks each on a map of six areas. A block has a
    kind, a combat letter (A, B or C), a firepower and 1-4 steps out of its maximum
    (Victory 4.0, 6.2). Red then blue take turns for `turns` game turns. A turn:

    1. move    the player moves each of its blocks at most once, to an adjacent area;
               a block entering an area the enemy holds attacks it (2.0 [2]); then
               says end_moves;
    2. combat  each contested area, in name order, is a battle of at most three
               rounds (6.3). In a round every block there has one combat turn, by
               letter, the defender first on a tied letter (6.31), then by id: it
               fires, passes or retreats. Firing rolls one die per step; each die of
               the firepower or less is a hit (6.4, 6.41). A hit takes a step off the
               strongest enemy block in the battle (6.46; a tie goes by id, not the
               owner's choice); a block left with no step is eliminated. Attackers
               retreat only to the area they came from, defenders to any adjacent
               area the enemy does not hold (6.5, 6.51). The battle ends when one
               side has no block left there; after round 3 the attackers withdraw to
               where they came from, or are eliminated if the enemy holds it (6.5).

    A side left without blocks loses; after the last turn the side with more steps
    wins, equal steps is a draw (a stand-in for 10.6).

Hidden information
    A block's id, kind, letter and steps are its owner's: the enemy and observers see
    its side and area only (the Fog of War sidebar). A block is shown face up when it
    takes its combat turn, until it leaves the battle or the battle ends, and when it
    is eliminated. This stands in for 6.1, which shows every block of a battle at
    once, so that the client meets blank and shown blocks in one battle. Once shown,
    a block's id and kind are known for good (the log names it), though it stands
    blank again afterwards. Secrets are unique strings: ids ("blue-jaegers") and kinds
    ("Jaegers").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, NamedTuple

from grognard.core.flow import Frame, Step, call, end, goto
from grognard.core.flowstate import FlowState
from grognard.core.game import Action, Result, Role, Ruleset
from grognard.core.rng import Rng
from grognard.core.schema import Option, Scenario

ROLES = ("red", "blue")
ROUND_LIMIT = 3  # 6.3
ADJACENT: dict[str, tuple[str, ...]] = {
    "eastcamp": ("mill", "wood"),
    "ford": ("hill", "mill", "westcamp"),
    "hill": ("ford", "westcamp", "wood"),
    "mill": ("eastcamp", "ford", "wood"),
    "westcamp": ("ford", "hill"),
    "wood": ("eastcamp", "hill", "mill"),
}
AREA_ORDER = ("westcamp", "ford", "hill", "mill", "wood", "eastcamp")  # west to east, for drawing


class BlockType(NamedTuple):
    side: Role
    kind: str
    letter: str
    firepower: int
    max_steps: int
    start: str
    steps: int


BLOCKS: dict[str, BlockType] = {
    "red-hussars": BlockType("red", "Hussars", "A", 1, 3, "hill", 3),
    "red-grenadiers": BlockType("red", "Grenadiers", "B", 2, 4, "hill", 3),
    "red-cannons": BlockType("red", "Cannons", "C", 3, 3, "westcamp", 2),
    "red-pikemen": BlockType("red", "Pikemen", "C", 2, 4, "ford", 4),
    "blue-dragoons": BlockType("blue", "Dragoons", "A", 1, 3, "mill", 2),
    "blue-jaegers": BlockType("blue", "Jaegers", "B", 2, 4, "wood", 1),
    "blue-musketeers": BlockType("blue", "Musketeers", "B", 2, 4, "wood", 4),
    "blue-mortars": BlockType("blue", "Mortars", "C", 3, 3, "eastcamp", 3),
}


def enemy_of(side: Role) -> Role:
    return ROLES[1 - ROLES.index(side)]


# ----- steps: one per question asked ------------------------------------------------
class Move(Step):
    """The player moves its blocks, each once, one area."""

    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        actions: list[Action] = [("end_moves",)]
        for bid, block in game.data["blocks"].items():
            if BLOCKS[bid].side == role and not block["moved"]:
                actions += [("move", bid, area) for area in ADJACENT[block["at"]]]
        return actions

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        if action[0] == "end_moves":
            goto(game.flow, "combat")
            return
        _, bid, area = action
        block = game.data["blocks"][bid]
        attack = " and attacks" if game.blocks_at(area, enemy_of(role)) else ""
        game.log(f"{role} moves a block from {block['at']} to {area}{attack}")
        block.update({"from": block["at"], "at": area, "moved": True})

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        if role == frame["role"]:
            return "Move your blocks (each once, to an adjacent area), then end your moves."
        return f"Waiting for {frame['role']} to move."


class Combat(Step):
    """Automatic: fight each contested area in turn, then end the turn."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        return []

    def run(self, game: Any, frame: Frame) -> None:
        frame.pop("returned", None)
        attacker = game.data["player"]
        for area in sorted(ADJACENT):
            if game.blocks_at(area, attacker) and game.blocks_at(area, enemy_of(attacker)):
                game.log(f"{attacker} attacks {area}: the battle begins")
                fields = {"done": [], "shown": [], "fires": [], "losses": {}, "retreats": []}
                call(game.flow, "battle", area=area, attacker=attacker, round=1, block=None, **fields)
                return
        game.end_turn()


class Battle(Step):
    """Frame: area, attacker, round, block (whose combat turn it is, or None), done
    (blocks that had their turn this round), shown (face up in this battle), fires
    (this round's), losses ({id: steps lost}), retreats ([[id, area]])."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        return [BLOCKS[frame["block"]].side] if frame["block"] else []

    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        bid = frame["block"]
        return [("fire", bid), ("pass", bid)] + [("retreat", bid, a) for a in game.retreats(bid, frame)]

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        bid = action[1]
        if action[0] == "fire":
            game.fire(bid, frame)
        elif action[0] == "retreat":  # 6.5
            game.data["blocks"][bid]["at"] = action[2]
            frame["retreats"].append([bid, action[2]])
            game.log(f"{bid} retreats from {frame['area']} to {action[2]}")
        else:
            game.log(f"{bid} passes")
        frame["done"].append(bid)
        frame["block"] = None

    def run(self, game: Any, frame: Frame) -> None:
        area, attacker = frame["area"], frame["attacker"]
        here = game.blocks_at(area)
        sides = {BLOCKS[bid].side for bid in here}
        if len(sides) < 2:
            game.log(f"{sides.pop() if sides else 'nobody'} wins the battle at {area}")
            end(game.flow)
            return
        waiting = [bid for bid in here if bid not in frame["done"]]
        if not waiting:
            if frame["round"] == ROUND_LIMIT:  # 6.3, 6.5: the attacker must leave
                game.withdraw(attacker, area)
                end(game.flow)
                return
            frame.update(round=frame["round"] + 1, done=[], fires=[])
            game.log(f"round {frame['round']} of the battle at {area}")
            return

        # 6.31: letter order, the defender first on a tie
        def order(b: str) -> tuple[str, int, str]:
            return (BLOCKS[b].letter, int(BLOCKS[b].side == attacker), b)

        bid = min(waiting, key=order)
        frame["block"] = bid
        if bid not in frame["shown"]:
            frame["shown"].append(bid)
            game.show(bid, f"takes its combat turn in round {frame['round']}")

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        head = f"Battle at {frame['area']}, round {frame['round']} of {ROUND_LIMIT}"
        bid = frame["block"]
        if bid and role == BLOCKS[bid].side:
            return f"{head}: your {BLOCKS[bid].kind} may fire, pass or retreat."
        return f"{head}: waiting for {BLOCKS[bid].side if bid else 'the battle'}."


# ----- the state ---------------------------------------------------------------------
class BlockState(FlowState):
    """DATA LAYOUT
    roles, rng, log, flow   core bookkeeping (a battle is a frame on the flow stack)
    turn, turns             game turn (1-based) and the last one
    player                  whose turn it is
    blocks                  {id: {"at", "steps", "from", "moved"}}, living blocks; kind,
                            letter, firepower and maximum are in BLOCKS
    dead                    [id], eliminated (and shown)
    seen                    [id], blocks whose identity the enemy has seen
    result                  None | {role: score}
    """

    STEPS: ClassVar[dict[str, Step]] = {"move": Move(), "combat": Combat(), "battle": Battle()}

    # ----- questions ------------------------------------------------------------------
    def blocks_at(self, area: str, side: Role | None = None) -> list[str]:
        blocks = self.data["blocks"]
        return [b for b in sorted(blocks) if blocks[b]["at"] == area and side in (None, BLOCKS[b].side)]

    def retreats(self, bid: str, frame: Frame) -> list[str]:
        """6.51: attackers back the way they came; defenders anywhere the enemy is not."""
        side = BLOCKS[bid].side
        came = self.data["blocks"][bid]["from"]
        options = [came] if side == frame["attacker"] else list(ADJACENT[frame["area"]])
        return [a for a in options if a and not self.blocks_at(a, enemy_of(side))]

    def battle(self) -> Frame | None:
        return next((f for f in reversed(self.flow) if f["state"] == "battle"), None)

    def name(self, bid: str) -> str:
        return bid if bid in self.data["seen"] else f"a {BLOCKS[bid].side} block"

    # ----- changes -------------------------------------------------------------------
    def show(self, bid: str, why: str) -> None:
        """Turn a block face up to everyone (a hidden reveal: undo stops here)."""
        block = BLOCKS[bid]
        steps = self.data["blocks"].get(bid, {}).get("steps", 0)
        plural = "" if steps == 1 else "s"
        self.log(f"{bid} ({block.kind} {block.letter}{block.firepower}, {steps} step{plural}) {why}")
        if bid not in self.data["seen"]:
            self.data["seen"].append(bid)
        self.mark_irreversible()

    def fire(self, bid: str, frame: Frame) -> None:
        block = BLOCKS[bid]
        steps = self.data["blocks"][bid]["steps"]
        why = f"{block.kind} fire, hits on {block.firepower} or less"
        dice = self.roll(steps, block.side, why)  # 6.4: a die per step
        hits = sum(1 for die in dice if die <= block.firepower)  # 6.41
        frame["fires"].append({"block": bid, "dice": dice, "hits": hits})
        for _ in range(hits):
            self.hit(enemy_of(block.side), frame)

    def hit(self, side: Role, frame: Frame) -> None:
        """6.46: the strongest block takes the hit (ties by id)."""
        blocks = self.data["blocks"]
        targets = self.blocks_at(frame["area"], side)
        if not targets:
            return
        bid = min(targets, key=lambda b: (-blocks[b]["steps"], b))
        blocks[bid]["steps"] -= 1
        frame["losses"][bid] = frame["losses"].get(bid, 0) + 1
        if blocks[bid]["steps"]:
            self.log(f"{self.name(bid)} is hit and loses a step")
            return
        del blocks[bid]
        self.data["dead"].append(bid)
        self.show(bid, "is eliminated")

    def withdraw(self, side: Role, area: str) -> None:
        """6.5: after the last round the attacker leaves; a block with nowhere to go is lost."""
        for bid in self.blocks_at(area, side):
            came = self.data["blocks"][bid]["from"]
            if came and not self.blocks_at(came, enemy_of(side)):
                self.data["blocks"][bid]["at"] = came
                self.log(f"{bid} withdraws from {area} to {came}")
            else:
                del self.data["blocks"][bid]
                self.data["dead"].append(bid)
                self.show(bid, "cannot withdraw and is eliminated")

    def end_turn(self) -> None:
        data = self.data
        steps = {side: 0 for side in ROLES}
        for bid, block in data["blocks"].items():
            steps[BLOCKS[bid].side] += block["steps"]
            block.update({"from": None, "moved": False})
        if data["player"] == ROLES[-1]:
            data["turn"] += 1
        data["player"] = enemy_of(data["player"])
        if min(steps.values()) == 0 or data["turn"] > data["turns"]:
            best = max(steps.values())
            winners = [side for side in ROLES if steps[side] == best]
            data["result"] = {side: (1 / len(winners) if side in winners else 0.0) for side in ROLES}
            self.log(f"the game ends with steps {', '.join(f'{s} {steps[s]}' for s in ROLES)}")
            self.flow.clear()
            return
        self.log(f"— turn {data['turn']}: {data['player']} —")
        goto(self.flow, "move", role=data["player"])

    # ----- hooks ---------------------------------------------------------------------
    def _result(self) -> Result | None:
        result: Result | None = self.data["result"]
        return result

    def _entry(self, bid: str, face_up: bool) -> dict[str, Any]:
        """A block in the view's shape (docs/client-view-conventions.md)."""
        block = BLOCKS[bid]
        at = self.data["blocks"].get(bid, {}).get("at")
        if not face_up:
            return {"side": block.side, "at": at, "hidden": True}
        steps = self.data["blocks"].get(bid, {}).get("steps", 0)
        return {
            "id": bid,
            "side": block.side,
            "at": at,
            "kind": block.kind,
            "letter": block.letter,
            "firepower": block.firepower,
            "steps": steps,
            "max_steps": block.max_steps,
        }

    def _view(self, role: Role | None) -> dict[str, Any]:
        data = self.data
        frame = self.battle()
        shown = set(frame["shown"]) if frame else set()
        here = set(self.blocks_at(frame["area"])) if frame else set()
        face_up = {b for b in data["blocks"] if BLOCKS[b].side == role or (b in shown and b in here)}
        entries = [self._entry(b, b in face_up) for b in sorted(data["blocks"])]
        entries.sort(key=lambda e: (bool(e.get("hidden")), e.get("id", ""), e["side"], e["at"]))
        return {
            "turn": data["turn"],
            "turns": data["turns"],
            "player": data["player"],
            "areas": [{"id": a, "name": a.title(), "adjacent": list(ADJACENT[a])} for a in AREA_ORDER],
            "blocks": entries,
            "eliminated": list(data["dead"]),
            "battle": self._battle_view(frame, role) if frame else None,
        }

    def _battle_view(self, frame: Frame, role: Role | None) -> dict[str, Any]:
        def entry(bid: str) -> dict[str, Any]:
            face_up = BLOCKS[bid].side == role or bid in frame["shown"] or bid in self.data["dead"]
            shape = self._entry(bid, face_up)
            return {k: v for k, v in shape.items() if k != "at"} if shape.get("hidden") else shape

        here = self.blocks_at(frame["area"])
        attacker = frame["attacker"]

        def side_list(side: Role) -> list[dict[str, Any]]:
            listed = [entry(b) for b in here if BLOCKS[b].side == side]
            return sorted(listed, key=lambda e: (bool(e.get("hidden")), e.get("letter", ""), e.get("id", "")))

        bid = frame["block"]
        return {
            "at": frame["area"],
            "name": frame["area"].title(),
            "round": frame["round"],
            "rounds": ROUND_LIMIT,
            "attacker": attacker,
            "defender": enemy_of(attacker),
            "turn": BLOCKS[bid].side if bid else None,
            "firing": entry(bid) if bid else None,
            "sides": {attacker: side_list(attacker), enemy_of(attacker): side_list(enemy_of(attacker))},
            "fires": [
                {
                    "block": entry(f["block"]),
                    "dice": f["dice"],
                    "hit_on": BLOCKS[f["block"]].firepower,
                    "hits": f["hits"],
                }
                for f in frame["fires"]
            ],
            "casualties": [
                {"block": entry(b), "lost": n, "eliminated": b in self.data["dead"]}
                for b, n in frame["losses"].items()
            ],
            "retreats": [{"block": entry(b), "to": to} for b, to in frame["retreats"]],
        }

    def hidden_tokens(self, role: Role | None) -> set[str]:
        """The ids and kinds of the other side's blocks never shown."""
        seen = set(self.data["seen"])
        return {
            token
            for bid, block in BLOCKS.items()
            if block.side != role and bid not in seen
            for token in (bid, block.kind)
        }

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        """Deal the enemy's never-shown blocks again over the same places, steps re-drawn."""
        blocks = self.data["blocks"]
        unknown = [b for b in sorted(blocks) if BLOCKS[b].side != role and b not in self.data["seen"]]
        places = [{k: v for k, v in blocks.pop(b).items() if k != "steps"} for b in unknown]
        rng.shuffle(unknown)
        for bid, place in zip(unknown, places, strict=True):
            blocks[bid] = {**place, "steps": rng.randint(1, BLOCKS[bid].max_steps)}


class BlockRuleset(Ruleset):
    id: ClassVar[str] = "blockskirmish"
    name: ClassVar[str] = "Block skirmish (test game)"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[BlockState]] = BlockState
    # its action index is declared in this module (grognard/seams.py)
    seams: ClassVar[Mapping[str, str]] = {"action_space": __name__}
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario("skirmish", "Skirmish", "Four blocks a side on six areas.", players=(2,)),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("turns", "int", 6, "Game turns before the steps are counted.", min=1, max=20),
    )

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[Role]:
        return list(ROLES)

    def setup(self, state: Any) -> None:
        blocks = {
            b: {"at": t.start, "steps": t.steps, "from": None, "moved": False} for b, t in BLOCKS.items()
        }
        state.data.update(
            turn=1,
            turns=state.meta["options"]["turns"],
            player=ROLES[0],
            blocks=blocks,
            dead=[],
            seen=[],
            result=None,
        )
        state.log(f"— turn 1: {ROLES[0]} —")
        call(state.flow, "move", role=ROLES[0])
        state.advance()


BLOCKSKIRMISH = BlockRuleset()


def action_space(scenario: str, options: Mapping[str, Any]) -> list[tuple[str, list[list[Any]]]]:
    """The fixed RL action index (grognard.rl.action_space): every block by every area
    for the moves and retreats (a block only ever steps to an adjacent one, but the
    whole map keeps this test declaration plain), a slot per block for fire and pass."""
    blocks, areas = list(BLOCKS), sorted(ADJACENT)
    return [
        ("end_moves", []),
        ("move", [blocks, areas]),
        ("fire", [blocks]),
        ("pass", [blocks]),
        ("retreat", [blocks, areas]),
    ]


# ----- helpers for tests -------------------------------------------------------------------
def new_game(seed: int = 0, **options: Any) -> BlockState:
    state = BLOCKSKIRMISH.new_game(None, options, seed)
    assert isinstance(state, BlockState)
    return state
