"""The strategic warfare system's builds in the production phase (a system_builds provider):
bomber, bomber escort and air defence points (Strategic Bombing 1), missile points
(Strategic Missiles 1) and atomic bombs (Atomic Bombs 2), each one point an action:

    ("build_strategic", kind, place)    kind "bombers" | "escorts" | "air_defence", on the
                                        side's marker in a friendly, supplied production hex
                                        of its producing countries
    ("build_missile", counter, place)   a missile point on counter m1-m3 (a new id opens a
                                        counter) in a home hex with undevastated production
    ("build_atomic", carrier, at)       a bomb on the bomber marker at `at` ("bombers") or
                                        on missile counter `at` ("missiles")

Each is priced by the side's research sheet (research.item_cost; without the research
system, every side's start sheet) and offered only past the prohibited levels (Item Cost
3). A cost with a half point (a B result, Research 6) is paid as the next whole point:
the production budget counts whole points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.errors import IllegalAction
from grognard.core.game import Action

from . import missiles
from .board import geo, production_of
from .bombing import place_built
from .layout import HgwBoard
from .map import load_map
from .research import item_cost
from .scenario import load_scenario
from .strategic import Strategic, assign_bomb, bombers_at, research_of
from .strategic_tables import load_strategic
from .supply import supplied_places

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
VERBS = ("build_strategic", "build_missile", "build_atomic")
ITEMS = {"bombers": "bomber", "escorts": "escort", "air_defence": "air_defence"}
COUNTERS = ("m1", "m2", "m3")  # Strategic Missiles 1: at most three a side


def price(data: Data, side: str, item: str) -> int | None:
    """Whole production points for one point of `item`, None while prohibited."""
    halves = item_cost(research_of(data), side, item)
    return None if halves is None else (halves + 1) // 2


def _item(action: Action) -> str:
    if action[0] == "build_strategic":
        return ITEMS[action[1]]
    return "missile" if action[0] == "build_missile" else "atomic_bomb"


def cost(data: Data, side: str, action: Action) -> int:
    found = price(data, side, _item(action))
    if found is None:
        raise IllegalAction(
            f"{side} may not build {_item(action).replace('_', ' ')} points yet (Item Cost 3)"
        )
    return found


def bases(data: Data, side: str) -> list[str]:
    """Strategic Bombing 1: friendly, supplied production hexes of the producing countries."""
    content = load_scenario(data["scenario"])
    homes = content.build_countries.get(side) or content.home_countries[side]
    g, hmap = geo(data), load_map()
    mine = [
        p
        for p, o in data["owner"].items()
        if o == side and p in hmap and g.country.get(p) in homes and g.production.get(p, 0) > 0
    ]
    if not mine:
        return []
    supplied = supplied_places(data, side, home_only=False)
    return sorted(p for p in mine if p in supplied)


def missile_sites(data: Data, side: str) -> list[str]:
    """Strategic Missiles 1: friendly hexes of the home country with undevastated production."""
    home = load_strategic().missile.home.get(side, ())
    g = geo(data)
    return sorted(
        p
        for p, o in data["owner"].items()
        if o == side and g.country.get(p) in home and production_of(data, p) > 0
    )


def _missile_offers(stra: Strategic, side: str, sites: list[str]) -> list[Action]:
    mine = missiles.counters(stra, side)
    out: list[Action] = [("build_missile", c, e["at"]) for c, e in sorted(mine.items()) if e["at"] in sites]
    free = [c for c in COUNTERS if c not in mine]
    if free and len(mine) < load_strategic().missile.counters:
        out += [("build_missile", free[0], p) for p in sites]
    return out


def offers(data: Data, side: str, money: int) -> list[Action]:
    stra = data["strategic"]
    out: list[Action] = []
    affordable = {item: price(data, side, item) for item in (*ITEMS.values(), "missile", "atomic_bomb")}
    kinds = [k for k, item in ITEMS.items() if (affordable[item] or money + 1) <= money]
    if kinds:
        out += [("build_strategic", k, p) for p in bases(data, side) for k in kinds]
    if (affordable["missile"] or money + 1) <= money:
        out += _missile_offers(stra, side, missile_sites(data, side))
    if (affordable["atomic_bomb"] or money + 1) <= money:
        out += [
            ("build_atomic", "bombers", p)
            for p in sorted(stra["bombers"].get(side, {}))
            if bombers_at(stra, side, p)["atomic"] < bombers_at(stra, side, p)["sp"]
        ]
        out += [
            ("build_atomic", "missiles", c)
            for c, e in sorted(missiles.counters(stra, side).items())
            if e["atomic"] < e["sp"]
        ]
    return out


def apply(game: HgwState, side: str, action: Action) -> None:
    data = game.data
    research = research_of(data)
    verb = action[0]
    if verb == "build_strategic":
        kind, place = action[1], action[2]
        data["strategic"] = place_built(
            data["strategic"], research, side, kind, place, 1, production_hex=True
        )
        game.log(f"{side} builds one {kind.replace('_', ' ')} point in {place}")
        return
    if verb == "build_missile":
        counter, place = action[1], action[2]
        country = geo(data).country.get(place, "")
        undevastated = production_of(data, place)
        data["strategic"] = missiles.assign(
            data["strategic"], research, side, counter, place, 1, country=country, undevastated=undevastated
        )
        game.log(f"{side} builds one missile point on counter {counter} in {place}")
        return
    carrier, at = action[1], action[2]
    data["strategic"] = assign_bomb(data["strategic"], research, side, carrier, at)
    game.log(f"{side} builds an atomic bomb for its {carrier} at {at}")
