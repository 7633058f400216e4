"""A heuristic Victory player that decides from its view and legal actions only.

Plan, phase by phase:
- deployment: cities first, then towns (1.4);
- move phase: keep one block in every own city; send ground blocks against enemy
  cities and weak enemy hexes, concentrating on battles already begun; move the rest
  towards the nearest enemy city; ships and aircraft stay unless they can join one
  of its own attacks;
- battle: fire at the target group with the best firepower, never retreat by choice;
  give hits to the block that matters least; land and retreat towards home;
- production: mend damaged blocks first, then raise infantry and armor, never disband;
- resources (4.3): a resource block stays at its mine until it is full, then walks by
  strategic moves to the nearest own city and is converted there;
- factories (9.1, the `factories` option): it raises ground units, so it allocates
  ground factories, each as large as the city allows (never a naval one, whose PP it
  would not spend).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from grognard.agents.base import best_scored
from grognard.core.game import Action
from grognard.core.hexgrid import distance, parse_hex_id

from .evaluate import evaluate
from .verbs import args as _parse

# the search agent (grognard.agents.mcts) scores its cut-off rollouts with this (issue 11)
__all__ = ["VictoryHeuristic", "action_scores", "evaluate", "make_heuristic"]

View = dict[str, Any]
#: an action's arguments by name (verbs.py), as the scorers read them
Named = dict[str, Any]
#: The arguments by name, kept per action: a search's rollouts score the same legal
#: actions again and again. The scorers only read the dicts it hands out.
args: Callable[[Action], Named] = lru_cache(maxsize=1 << 14)(_parse)
BUILD_PREFERENCE = ("IN", "AR", "MK", "ART", "FA")  # what it raises with spare PP


@cache
def _coords(hex_id: str) -> tuple[int, int]:
    return parse_hex_id(hex_id)


def _d(a: str, b: str) -> int:
    return distance(_coords(a), _coords(b))


class Board:
    """What the view says, indexed for the scorers."""

    def __init__(self, view: View) -> None:
        board = view["board"]
        # 10.5: a Commanders seat plays for its side
        self.me: str = board.get("commanders", {}).get("side", view["role"])
        self.hexes = {h["id"]: h for h in board["hexes"]}
        # 2.0 [3], 10.4: allies are neither targets nor threats
        self.friends = {self.me, *board.get("allies", {}).get(self.me, ())}
        self.offered_me = {r for r, to in board.get("offers", {}).items() if self.me in to}
        self.mine: dict[str, dict[str, Any]] = {}
        # every block whose identity the view shows: an ally's too, for the hits the
        # leader of an allied side allocates among tied blocks (battle_hits.chooser)
        self.known: dict[str, dict[str, Any]] = {}
        self.my_count: dict[str, int] = {}
        self.enemy_count: dict[str, int] = {}
        for entry in board["blocks"]:
            at = entry.get("at")
            if "id" in entry:
                self.known[entry["id"]] = entry
            if entry["side"] == self.me and "id" in entry:
                self.mine[entry["id"]] = entry
                if at:
                    self.my_count[at] = self.my_count.get(at, 0) + 1
            elif at and entry["side"] not in self.friends:
                self.enemy_count[at] = self.enemy_count.get(at, 0) + 1
        self.my_battles = {b["at"] for b in board["battles"] if b["attacker"] in self.friends}
        cities = [h for h in self.hexes.values() if h["city"]]
        self.targets = [h["id"] for h in cities if h["control"] not in self.friends]
        self.own_cities = {h["id"] for h in cities if h["control"] == self.me}
        self._nearest: dict[str, int] = {}

    def nearest_target(self, hex_id: str) -> int:
        found = self._nearest.get(hex_id)
        if found is None:
            found = self._nearest[hex_id] = min((_d(hex_id, t) for t in self.targets), default=0)
        return found

    def kind(self, bid: str) -> str:
        return str(self.known.get(bid, {}).get("short", ""))


class VictoryHeuristic:
    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def act(self, view: View, legal: list[Action]) -> Action:
        # the scores the search reads (action_scores), so the two never disagree
        return best_scored(legal, action_scores(view, legal).__getitem__, self.random)


def make_heuristic(seed: int) -> VictoryHeuristic:
    """The Victory heuristic agent, seeded (grognard.agents.registry calls this)."""
    return VictoryHeuristic(seed)


def action_scores(view: View, legal: list[Action]) -> dict[Action, float]:
    """The heuristic's score of each legal action (higher is better): the search
    (grognard.agents.mcts) searches only the best-scored few at its root, where a
    Victory move phase offers dozens."""
    board = Board(view)
    return {action: _score_one(board, action) for action in legal}


def _score_one(b: Board, action: Action) -> float:
    scorer = SCORERS.get(action[0])
    return scorer(b, args(action)) if scorer else 0.0  # the arguments by name (verbs.py)


def _deploy(b: Board, a: Named) -> float:
    info = b.hexes[a["to"]]
    return float(2.0 * info["city"] - b.my_count.get(a["to"], 0) + (0.5 if info["town"] else 0.0))


def _leaves_city_bare(b: Board, bid: str) -> bool:
    at = str(b.mine[bid].get("at"))
    return at in b.own_cities and b.my_count.get(at, 0) <= 1


def _move(b: Board, a: Named) -> float:
    bid, dest = a["block"], a["to"]
    if b.kind(bid) in ("FA", "DB", "TB", "MB", "HB") or _leaves_city_bare(b, bid):
        return -5.0
    here = b.mine[bid]["at"]
    gain = b.nearest_target(here) - b.nearest_target(dest)
    bonus = 3.0 if dest in b.targets else 0.0  # an empty enemy city: take it
    return gain + bonus - (0.0 if gain > 0 else 1.0)


def _attack(b: Board, a: Named) -> float:
    bid, dest = a["block"], a["to"]
    if _leaves_city_bare(b, bid):
        return -5.0
    kind = b.kind(bid)
    info = b.hexes[dest]
    joined = dest in b.my_battles
    if kind in ("FA", "DB", "MB", "HB", "TB", "CA", "BB", "CL", "CV", "SS") and not joined:
        return -1.0  # aircraft and ships only back up an attack already made
    odds = b.my_count.get(dest, 0) + 1 - b.enemy_count.get(dest, 0)
    return float(2.0 + 3.0 * info["city"] + 1.5 * odds + (2.0 if joined else 0.0))


def _strategic(b: Board, a: Named) -> float:
    bid, dest = a["block"], a["to"]
    entry = b.mine[bid]
    if entry.get("short") != "RE":
        return _move(b, a) - 0.5
    # 4.3: a full resource block heads for the nearest own city, where it converts
    if entry["steps"] < entry["max_steps"] or not b.own_cities:
        return -5.0  # still growing at its mine
    here = str(entry["at"])
    gain = min(_d(here, c) for c in b.own_cities) - min(_d(dest, c) for c in b.own_cities)
    if dest in b.own_cities:
        return 8.0 + float(b.hexes[dest]["city"])  # the richer city yields more (4.3)
    return float(gain) if gain > 0 else -1.0


def _end_moves(b: Board, a: Named) -> float:
    return 0.0


def _fire(b: Board, a: Named) -> float:
    return 10.0 + {"G": 0.3, "N": 0.2, "A": 0.1}.get(a["at"], 0.0)


def _land(b: Board, a: Named) -> float:
    if "to" in a:  # an aircraft choosing its airbase: the nearest own city
        return 5.0 - min((_d(a["to"], c) for c in b.own_cities), default=0) * 0.1
    return 12.0  # paratroops and marines come ashore


def _retreat(b: Board, a: Named) -> float:
    return 1.0 - min((_d(a["to"], c) for c in b.own_cities), default=0) * 0.1


def _pass(b: Board, a: Named) -> float:
    return 2.0


def _take_hit(b: Board, a: Named) -> float:
    return -{"IN": 1, "MK": 2, "AR": 3}.get(b.kind(a["block"]), 2)


def _build(b: Board, a: Named) -> float:
    kind = a["type"]
    if kind not in BUILD_PREFERENCE:
        return -1.0
    return 4.0 - BUILD_PREFERENCE.index(kind) * 0.5


def _factory(b: Board, a: Named) -> float:
    """9.1 set-up: ground factories, the largest first (BUILD_PREFERENCE is ground)."""
    return {"FCG": 2.0, "FCA": 0.5}.get(a["type"], -1.0) + 0.1 * float(a["pp"])


def _convert(b: Board, a: Named) -> float:
    return 9.0  # 4.3, 9.1: a resource in a city is PP for nothing: take them first


def _default_factories(b: Board, a: Named) -> float:
    return 1.0  # below any ground factory of its own choice


def _add_step(b: Board, a: Named) -> float:
    entry = b.mine[a["block"]]
    # a factory step paid by another city (9.1) takes PP that city could build with
    elsewhere = 0.5 if "payer" in a else 0.0
    return float(6.0 + entry["max_steps"] - entry["steps"]) - elsewhere


def _disband(b: Board, a: Named) -> float:
    return -10.0


def _done(b: Board, a: Named) -> float:
    return 0.0


def _fight(b: Board, a: Named) -> float:
    return 1.0


def _sea_move(b: Board, a: Named) -> float:
    """5.91: ship troops from port to port when it brings them nearer the enemy;
    never park them at sea, where they cannot fight."""
    if b.hexes[a["to"]]["terrain"] == "sea":
        return -2.0
    return _move(b, a) - 0.5


def _ground(b: Board, a: Named) -> float:
    """5.52: ground aircraft aboard carriers first (they take no hits), then the weakest."""
    entry = b.mine[a["block"]]
    return (2.0 if entry.get("aboard") else 0.0) - 0.1 * float(entry["steps"])


def _paradrop(b: Board, a: Named) -> float:
    return 3.0 if a["to"] in b.my_battles else -1.0


SCORERS = {
    "deploy": _deploy,
    "move": _move,
    "attack": _attack,
    "paradrop": _paradrop,
    "invade": _paradrop,
    "end_moves": _end_moves,
    "fire": _fire,
    "land": _land,
    "retreat": _retreat,
    "pass": _pass,
    "take_hit": _take_hit,
    "build": _build,
    "add_step": _add_step,
    "disband": _disband,
    "buy": lambda b, a: _build(b, a),  # the type to buy, as to build
    "buy_step": _add_step,
    "merge": lambda b, a: -0.5,
    "divide": lambda b, a: -1.0,
    "strategic": _strategic,
    "sea_move": _sea_move,
    "blockade": lambda b, a: 3.0,  # 6.8: a blockade starves the port; better than leaving
    "blockade_battle": lambda b, a: -0.5,  # never starts one: the odds are not read here
    "end_battles": lambda b, a: 0.0,
    "airfield": lambda b, a: -1.0,  # 9.6, 9.7: the heuristic builds no markers
    "mulberry": lambda b, a: -1.0,
    "drop": lambda b, a: 9.0,  # S1.1: a bomb that came is dropped
    "ground": _ground,
    "demolish": lambda b, a: -1.0,  # 9.5: the heuristic leaves bridges alone
    "rebuild": lambda b, a: -1.0,
    # 2.0 [3]: it offers no alliance, but takes one offered to it
    "ally": lambda b, a: 1.0 if a["role"] in b.offered_me else -1.0,
    "transfer": lambda b, a: -1.0,  # 10.5: the heuristic keeps the command as dealt
    "vote_coup": lambda b, a: -1.0,
    "done": _done,
    "fight": _fight,
    "factory": _factory,
    "default_factories": _default_factories,
    "convert": _convert,
}
