"""Viktory II's fixed RL action index (grognard.rl.action_space; docs/simlab.md).

Every action Viktory II lists as legal has a slot that means the same thing in every
position of a game with the same player count. Hexes are the board's ids ("-1,2": the
interior and the perimeter water ring of 3.2, for the player count's radius).

Units are the one thing that is not fixed data: a unit's id is minted when it is
raised (`Viktory2State.add_unit`: "red-i17", a counter over the whole game), so no list
made before the game names them all. The index therefore numbers KEYS (`action_keys`):
a unit is `(type, rank)`, its rank among its owner's units of that type by age (the
id's counter; 0 = the oldest). A rank is bounded by the one-to-one accounting of 7.4
and 10.2: each town or city supports its units, so a player never holds more
infantry than land tiles plus plains tiles (a town's infantry, and a plains city's),
nor more cavalry, artillery or frigates than grassland, mountain or forest tiles
(the city unit of each terrain, 8.2), counted in the player count's tile stock.

Families, in slot order (U = the (type, rank) unit keys, H = the hexes):

    end_moves, end_turn, skip_build, done, fight_on, keep_water   one slot each
    capital (H)            4.0 found the capital
    build_town (H)         7.21  build_city (H) 7.23  battle (H) 12.0
    swap_water (H)         15.3 exploration balancing
    relocate ((from, to))  15.5 a town moved to an adjacent hex: the adjacent pairs
    move (U, H)            9.0 a unit's move (frigates too, 9.3)
    bombard (U', H)        11.0, U' = artillery and frigate keys
    place (U, H)           13.0 Reserve placement (and 15.62's vassal reinforcement)
    embark (F, L)          9.42 a land unit boards a frigate: frigate keys by land keys
    disembark (L, H)       9.46 a land unit leaves its frigate for a hex (the frigate
                           is the one carrying it, so the key leaves it out)
    retreat (U, H)         12.3 step 3
    relocate_unit (U, H)   15.62 step 2
    eliminate (U)          10.2 a unit returned to the stock
    hit (owner, U)         10.1 the unit that takes a hit (any side's: the owner is
                           a seat colour)
    average (p)            15.4 pairs of dice traded, p = 0 to the largest count a
                           side could roll

Slots never legal in a game (a hex that turns out water for build_town, say) are
masked out. Sizes: 20 596 slots with 2 players, 50 036 with 3, 102 013 with 4,
189 379 with 5 and 189 589 with 6 (the 5- and 6-player boards are one size).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grognard.core.ranks import ranks_within
from grognard.core.verbs import Verb

from .board import layout
from .layout import Unit
from .tables import BOMBARDERS, CITY_TERRAIN, COLORS, LAND_UNITS, UNIT_TYPES, geometry
from .verbs import REGISTRY

#: Families without elements, in slot order.
SINGLE = ("end_moves", "end_turn", "skip_build", "done", "fight_on", "keep_water")
#: Families with one hex.
ON_HEX = ("capital", "build_town", "build_city", "battle", "swap_water")
#: Dice a unit may roll in a battle at most (cavalry's two attack dice), and the most a
#: settlement and terrain add to one side (a city's two and a mountain's two).
MOST_DICE_PER_UNIT = 2
MOST_EXTRA_DICE = 4


def most_units(players: int) -> dict[str, int]:
    """The most units of each type one player can hold (7.4, 10.2: see the docstring)."""
    stock = layout(players)["stock"]
    land = sum(count for terrain, count in stock.items() if terrain != "water")
    return {kind: (land if kind == "infantry" else 0) + int(stock[CITY_TERRAIN[kind]]) for kind in UNIT_TYPES}


def unit_keys(players: int, kinds: Sequence[str] = UNIT_TYPES) -> list[tuple[str, int]]:
    most = most_units(players)
    return [(kind, rank) for kind in kinds for rank in range(most[kind])]


def action_space(scenario: str, options: Mapping[str, Any]) -> list[tuple[str, list[list[Any]]]]:
    players = int(options.get("players", 2))
    geo = geometry(layout(players)["radius"])
    hexes: list[Any] = list(geo.ids)
    pairs: list[Any] = [(a, b) for a in geo.ids for b in sorted(geo.neighbors[a])]
    units: list[Any] = unit_keys(players)
    land: list[Any] = unit_keys(players, LAND_UNITS)
    frigates: list[Any] = unit_keys(players, ("frigate",))
    bombarders: list[Any] = unit_keys(players, BOMBARDERS)
    owners: list[Any] = list(COLORS[:players])
    most_pairs = (sum(most_units(players).values()) * MOST_DICE_PER_UNIT + MOST_EXTRA_DICE) // 2
    families: list[tuple[str, list[list[Any]]]] = [(kind, []) for kind in SINGLE]
    families += [(kind, [hexes]) for kind in ON_HEX]
    return [
        *families,
        ("relocate", [pairs]),
        ("move", [units, hexes]),
        ("bombard", [bombarders, hexes]),
        ("place", [units, hexes]),
        ("embark", [frigates, land]),
        ("disembark", [land, hexes]),
        ("retreat", [units, hexes]),
        ("relocate_unit", [units, hexes]),
        ("eliminate", [units]),
        ("hit", [owners, units]),
        ("average", [list(range(most_pairs + 1))]),
    ]


#: the argument kinds that name a unit (verbs.py): the index keys each as (type, rank)
UNIT_KINDS = frozenset({"unit", "land_unit", "frigate", "bombarder"})
#: the unit arguments the index leaves out: a disembarking unit's frigate is the one
#: carrying it (9.46), so (unit, to) says it all
LEFT_OUT = {"disembark": "frigate"}
#: the verbs whose unit may be any side's (10.1: the unit that takes a hit): its key
#: names the owner before the (type, rank); elsewhere the unit is the mover's own
ANY_SIDE = frozenset({"hit"})


def _plan(verb: Verb) -> tuple[tuple[int, str], ...]:
    """How each argument of `verb` is keyed, read from its declaration once: (position
    in the action, "plain" | "own" | "any"), the left-out ones missing."""
    plan: list[tuple[int, str]] = []
    for at, (name, kind) in enumerate(verb.args, start=1):
        if LEFT_OUT.get(verb.name) == name:
            continue
        if kind not in UNIT_KINDS:
            plan.append((at, "plain"))
        else:
            plan.append((at, "any" if verb.name in ANY_SIDE else "own"))
    return tuple(plan)


#: verb -> its key plan, for the verbs that name a unit (the others are their own key)
PLANS = {verb.name: _plan(verb) for verb in REGISTRY if UNIT_KINDS & set(verb.kinds)}


def action_keys(state: Any, role: str, actions: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The key of each action: unit ids become (type, rank) (see the docstring), where
    the verb's declaration (verbs.py) says an argument is a unit."""
    units: dict[str, Unit] = state.data["units"]
    if not any(action[0] in PLANS for action in actions):
        return list(actions)  # no unit named: the keys are the actions
    ranks = _ranks(units)
    keys: list[tuple[Any, ...]] = []
    for action in actions:
        plan = PLANS.get(action[0])
        if plan is None:
            keys.append(action)
            continue
        key: list[Any] = [action[0]]
        for at, how in plan:
            if how == "plain":
                key.append(action[at])
            elif how == "own":
                key.extend(_own(ranks, units, role, action, at))
            else:
                key.extend((units[action[at]]["owner"], *ranks[action[at]]))
        keys.append(tuple(key))
    return keys


def _own(
    ranks: dict[str, tuple[str, int]],
    units: dict[str, Unit],
    role: str,
    action: tuple[Any, ...],
    at: int,
) -> tuple[str, int]:
    uid = action[at]
    if units[uid]["owner"] != role:
        raise ValueError(f"{list(action)}: unit {uid} is not {role}'s: the index keys only {role}'s own here")
    return ranks[uid]


def _ranks(units: Mapping[str, Unit]) -> dict[str, tuple[str, int]]:
    """uid -> (type, rank among its owner's units of that type, oldest first)."""
    ranks = ranks_within(units, lambda uid: (units[uid]["owner"], units[uid]["type"]), _age)
    return {uid: (units[uid]["type"], rank) for uid, rank in ranks.items()}


def _age(uid: str) -> tuple[int, str]:
    """Sorts ids so that each owner's units of one type ("red-i9" before "red-i17")
    come by their counter: they share the prefix, so the shorter id is the older."""
    return len(uid), uid
