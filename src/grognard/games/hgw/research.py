"""Campaign Game II research and technology (Research and Technology: Item Cost 1-6,
Research 1-9, Research Special Cases 1-4; United States, Chinese and German Technology;
Atomic Bombs 1) as functions over a small, JSON-plain research state.

STATE LAYOUT (to live at `state.data["research"]` once Campaign Game II is played)
    {side: {"items":    {item: {"level": tech level,
                                "cost": half production points, None at a prohibited level,
                                "marker": research track space, 0 = Start, 5 = Research Complete}},
            "spent":    {item: production points put into it this research phase},
            "resolved": [items rolled for this research phase]}}
    for each side in play ("axis", "soviet", "allied"); only the researched items of the
    Units Capability Table have an entry (tied items take their parent's level, Item Cost 4).
    A cost is kept, not derived from the level, because B results cut it between levels
    (Item Cost 5-6: the record sheet records costs). `new_research()` builds the start.

THE RESEARCH PHASE (step 7 of Campaign Game II's player-turn sequence) calls
`begin_phase` once, then offers `research_actions` and applies the chosen one with
`apply_research_action` until the player ends the phase; the budget is what production
left (Research 3). `Conditions` carries what the phase reads off the board.

Every function returns a new state and leaves its argument alone; an illegal request
raises IllegalAction with the reason and changes nothing. Dice come only through the
game's `roll` (the seeded RNG, logged), so tests force them with `state.rng.force`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypedDict

from grognard.core.errors import IllegalAction

from .capability import BACK_TO_START, SIDES, Halves, Item, format_cost, load_capability

GERMAN_TECHNOLOGY_ISLANDS = ("greenland", "iceland")  # German Technology
GERMAN_TECHNOLOGY_MODIFIER = -1
GERMAN_UBOAT_NORTH_OF_ROW = 23  # German Technology: the Atlantic north of the 23xx hexrow


class ItemState(TypedDict):
    level: int
    cost: Halves | None
    marker: int


class SideResearch(TypedDict):
    items: dict[Item, ItemState]
    spent: dict[Item, int]
    resolved: list[Item]


Research = dict[str, SideResearch]
ResearchAction = tuple[str, Item] | tuple[str, Item, int]


class Dice(Protocol):
    """The game's logged dice (`Game.roll`)."""

    def roll(self, count: int, who: str, why: str, sides: int = 6) -> list[int]: ...


@dataclass(frozen=True)
class Conditions:
    """What the research phase reads off the board for the researching side."""

    soviet_at_peace: bool = False  # Research Special Cases 1: the Soviets and the Axis not yet at war
    atomic_supply: bool = True  # Atomic Bombs 1: a supply route to two friendly nuclear materials hexes


@dataclass(frozen=True)
class Outcome:
    """One research roll and what it did (Research 4-7)."""

    item: Item
    space: int
    roll: int
    printed: str  # the letter under the space
    result: str  # after Research Special Cases 3 (a B read as an A)
    efficiency_roll: int | None
    level: int
    cost: Halves | None
    marker: int

    def describe(self, side: str) -> str:
        what = self.item.replace("_", " ")
        head = f"{side} research on {what} (space {self.space}): {self.printed}"
        if self.result != self.printed:
            head += " read as A (another side has it better)"
        if self.result == "A":
            return f"{head}; tech level {self.level}, cost {format_cost(self.cost)}"
        if self.result == "B":
            return f"{head}; cost now {format_cost(self.cost)}"
        return f"{head}; efficiency roll {self.efficiency_roll}, marker on space {self.marker}"


# ----- state ----------------------------------------------------------------------------
def new_research(sides: Iterable[str] = SIDES) -> Research:
    """Each side's start (Item Cost 5; Research 2: every marker on Start)."""
    cap = load_capability()
    research: Research = {}
    for side in sides:
        if side not in SIDES:
            raise ValueError(f"no research for side {side!r}")
        starts = cap.start.sides.get(side, {})
        items: dict[Item, ItemState] = {}
        for name in cap.researched():
            start = starts.get(name)
            level = start.level if start else 0
            cost = cap.cost_at(name, level)
            if start is not None and start.cost is not None:
                cost = int(start.cost * 2)
            items[name] = {"level": level, "cost": cost, "marker": 0}
        research[side] = {"items": items, "spent": {}, "resolved": []}
    return research


def begin_phase(research: Research, side: str) -> Research:
    """A new research phase for `side`: nothing spent or rolled yet."""
    new = copy.deepcopy(research)
    sheet = _side(new, side)
    sheet["spent"], sheet["resolved"] = {}, []
    return new


def _side(research: Research, side: str) -> SideResearch:
    try:
        return research[side]
    except KeyError:
        raise IllegalAction(f"{side} does no research in this game") from None


def _researched(research: Research, side: str, item: Item) -> ItemState:
    spec = load_capability().item(item)
    if spec.tied_to:
        raise IllegalAction(f"{item} has no research of its own: it follows {spec.tied_to} (Item Cost 4)")
    return _side(research, side)["items"][item]


# ----- costs ----------------------------------------------------------------------------
def item_cost(research: Research, side: str, item: Item, nation: str = "") -> Halves | None:
    """What one `item` costs `side` now, in half points (per `per` strength points of the
    item: six for coastal air); None while prohibited (Item Cost 1-4). A nation with a
    level of its own pays the better of the two (Chinese Technology)."""
    cap = load_capability()
    spec = cap.item(item)
    items = _side(research, side)["items"]
    if spec.same_cost:
        cost = items[spec.tied_to]["cost"]
    elif spec.tied_to:
        cost = cap.cost_at(item, items[spec.tied_to]["level"])
    else:
        cost = items[item]["cost"]
    own_level = cap.start.nations.get(nation, {}).get(item)
    if own_level is not None:
        own = cap.cost_at(item, own_level)
        if own is not None and (cost is None or own < cost):
            cost = own
    return cost


def level(research: Research, side: str, item: Item) -> int:
    """The side's tech level for the item (a tied item: its parent's, Item Cost 4)."""
    spec = load_capability().item(item)
    return _side(research, side)["items"][spec.tied_to or item]["level"]


def is_prohibited(research: Research, side: str, item: Item) -> bool:
    """Item Cost 3: the side may not produce the item yet."""
    return item_cost(research, side, item) is None


def _standing(state: ItemState) -> tuple[int, int]:
    """How far an item has come: its level, then how far its cost was cut within it.

    Research Special Cases 2-3 say 'cheaper' (and the notes under the table say cost) and
    'a better tech level': the same order, since a B result never takes a cost down to
    the next level's, and the only order that tells levels apart where the cost stops
    falling (tac air 3-6, bombers 2-6)."""
    return state["level"], -(state["cost"] or 0)


def _others(research: Research, side: str, item: Item) -> list[ItemState]:
    return [r["items"][item] for s, r in sorted(research.items()) if s != side]


def is_cheapest(research: Research, side: str, item: Item) -> bool:
    """Research Special Cases 2: the side has the item better than every other side."""
    mine, others = _researched(research, side, item), _others(research, side, item)
    return bool(others) and all(_standing(mine) > _standing(o) for o in others)


def is_overtaken(research: Research, side: str, item: Item) -> bool:
    """Research Special Cases 3: another side has the item better."""
    mine = _researched(research, side, item)
    return any(_standing(o) > _standing(mine) for o in _others(research, side, item))


def _at_prohibited_level(state: ItemState) -> bool:
    return state["cost"] is None


# ----- investing ------------------------------------------------------------------------
def most_a_turn(research: Research, side: str, item: Item, conditions: Conditions) -> int:
    """The points the side may put into the item's research this turn, in all (Research 3;
    Research Special Cases 1, 2 and 4)."""
    state = _researched(research, side, item)
    limit = load_capability().track.most_a_turn
    if side == "soviet" and conditions.soviet_at_peace:
        limit = 1  # Special Cases 1
    if not _at_prohibited_level(state) and is_cheapest(research, side, item):
        limit = 1  # Special Cases 2, never at a prohibited level (Special Cases 4)
    return limit


def why_not_invest(
    research: Research, side: str, item: Item, points: int, budget: int, conditions: Conditions
) -> str | None:
    """Why `side` may not put `points` into `item` now, or None if it may."""
    cap = load_capability()
    try:
        state = _researched(research, side, item)
    except IllegalAction as exc:
        return str(exc)
    except KeyError as exc:
        return str(exc.args[0])
    sheet = _side(research, side)
    if points < 1:
        return "research takes at least one production point"
    if points > budget:
        return f"only {budget} production left for research"
    if state["level"] >= cap.top_level(item):
        return f"{item} is at its best tech level already (Item Cost 2)"
    if item == "atomic_bomb" and not conditions.atomic_supply:
        return "no supply route to two friendly nuclear materials hexes (Atomic Bombs 1)"
    if item in sheet["resolved"]:
        return f"{item} was rolled for this research phase; invest before rolling (Research 4)"
    limit = most_a_turn(research, side, item, conditions)
    spent = sheet["spent"].get(item, 0)
    if spent + points > limit:
        why = "Research 3"
        if limit == 1:
            why = (
                "the Soviets are at peace with the Axis (Research Special Cases 1)"
                if side == "soviet" and conditions.soviet_at_peace
                else "no other side has it as good (Research Special Cases 2)"
            )
        return f"at most {limit} point{'s' if limit > 1 else ''} a turn on {item}: {why}"
    if state["marker"] + points > cap.spaces:
        return f"the marker cannot go past space {cap.spaces}, Research Complete (Research 9)"
    return None


def invest(
    research: Research, side: str, item: Item, points: int, budget: int, conditions: Conditions
) -> Research:
    """Research 3: pay `points` and move the item's marker as many spaces."""
    why = why_not_invest(research, side, item, points, budget, conditions)
    if why is not None:
        raise IllegalAction(why)
    new = copy.deepcopy(research)
    sheet = new[side]
    sheet["items"][item]["marker"] += points
    sheet["spent"][item] = sheet["spent"].get(item, 0) + points
    return new


# ----- rolling --------------------------------------------------------------------------
def why_not_resolve(research: Research, side: str, item: Item, conditions: Conditions) -> str | None:
    try:
        state = _researched(research, side, item)
    except IllegalAction as exc:
        return str(exc)
    except KeyError as exc:
        return str(exc.args[0])
    if state["marker"] < 1:
        return f"{item}'s marker is on Start: invest first (Research 3)"
    if item in _side(research, side)["resolved"]:
        return f"{item} was rolled for this research phase already"
    if item == "atomic_bomb" and not conditions.atomic_supply:
        return "no supply route to two friendly nuclear materials hexes (Atomic Bombs 1)"
    return None


def _b_cut(cost: Halves, next_cost: Halves) -> Halves:
    """Research 6: one point off, half a point when one point is all that is left to
    the next level, nothing when less."""
    gap = cost - next_cost
    if gap > 2:
        return cost - 2
    if gap == 2:
        return cost - 1
    return cost


def resolve(
    research: Research, side: str, item: Item, dice: Dice, conditions: Conditions
) -> tuple[Research, Outcome]:
    """Research 4-7: roll for the item and apply the Research Results."""
    why = why_not_resolve(research, side, item, conditions)
    if why is not None:
        raise IllegalAction(why)
    cap = load_capability()
    new = copy.deepcopy(research)
    state = new[side]["items"][item]
    space = state["marker"]
    (roll,) = dice.roll(1, side, f"research on {item.replace('_', ' ')}")
    printed = cap.result(space, roll)
    result = printed
    # Research Special Cases 3, never at a prohibited level (Special Cases 4)
    if printed == "B" and not _at_prohibited_level(state) and is_overtaken(research, side, item):
        result = "A"
    efficiency: int | None = None
    has_next = state["level"] < cap.top_level(item)
    if result == "A":  # Research 5
        if has_next:
            state["level"] += 1
            state["cost"] = cap.cost_at(item, state["level"])
        state["marker"] = 0
    elif result == "B":  # Research 6
        if has_next and state["cost"] is not None:
            nxt = cap.cost_at(item, state["level"] + 1)
            assert nxt is not None  # prohibited levels only come first
            state["cost"] = _b_cut(state["cost"], nxt)
        state["marker"] = 0
    else:  # Research 7 and the Efficiency Table
        (efficiency,) = dice.roll(1, side, f"efficiency of the {item.replace('_', ' ')} research")
        back = cap.efficiency.back[efficiency - 1]
        state["marker"] = 0 if back == BACK_TO_START else max(0, space - back)
    new[side]["resolved"].append(item)
    outcome = Outcome(
        item, space, roll, printed, result, efficiency, state["level"], state["cost"], state["marker"]
    )
    return new, outcome


# ----- the research phase's actions ------------------------------------------------------
def research_actions(
    research: Research, side: str, budget: int, conditions: Conditions
) -> list[ResearchAction]:
    """Every legal research action: `("invest", item, points)` and `("roll_research", item)`,
    sorted. The phase adds its own action to end."""
    cap = load_capability()
    actions: list[ResearchAction] = []
    for item in cap.researched():
        for points in range(1, cap.track.most_a_turn + 1):
            if why_not_invest(research, side, item, points, budget, conditions) is None:
                actions.append(("invest", item, points))
        if why_not_resolve(research, side, item, conditions) is None:
            actions.append(("roll_research", item))
    return sorted(actions)


def apply_research_action(
    research: Research, side: str, action: ResearchAction, budget: int, dice: Dice, conditions: Conditions
) -> tuple[Research, int, Outcome | None]:
    """Apply one research action: the new state, the production it cost, and the roll's outcome."""
    if action[0] == "invest" and len(action) == 3:
        return invest(research, side, action[1], action[2], budget, conditions), action[2], None
    if action[0] == "roll_research" and len(action) == 2:
        new, outcome = resolve(research, side, action[1], dice, conditions)
        return new, 0, outcome
    raise IllegalAction(f"not a research action: {action!r}")


# ----- special cases ----------------------------------------------------------------------
def us_joins_allies(research: Research) -> Research:
    """United States Technology: on joining the Allies the U.S. reaches tech level 2 for
    atomic bombs and 1 for capital ships, where the Allied sheet is not there already.
    Markers stay where they are."""
    cap = load_capability()
    new = copy.deepcopy(research)
    items = _side(new, "allied")["items"]
    for item, reached in sorted(cap.start.us_entry.items()):
        if items[item]["level"] < reached:
            items[item]["level"] = reached
            items[item]["cost"] = cap.cost_at(item, reached)
    return new


def has_german_technology(owner: Mapping[str, str], country: Mapping[str, str]) -> bool:
    """German Technology: the Axis holds a friendly hex on Greenland or Iceland."""
    return any(
        side == "axis" and country.get(place) in GERMAN_TECHNOLOGY_ISLANDS for place, side in owner.items()
    )


def german_uboat_modifier(has_technology: bool, place: str, in_atlantic: bool) -> int:
    """German Technology: -1 on the Firepower Table for U-boat attacks in the Atlantic north
    of the 23xx hexrow (hex numbers are row then column, rows counting southward)."""
    if has_technology and in_atlantic and int(place[:2]) < GERMAN_UBOAT_NORTH_OF_ROW:
        return GERMAN_TECHNOLOGY_MODIFIER
    return 0
