"""China's own production and U.S. lend-lease to it (Activity Limitations 1, 2 and 4;
F5.5, G17.2, G17.4), played in the Allied production phase wherever the Pacific is in
play with Chinese counters (Campaign Game IV, The Pacific War), over china.py's rule
functions:

- CHINA'S PURSE. Activity Limitations 1 lets Britain, the Commonwealth and the United
  States share what they build; China is not among them, so, as France (french_
  production.py), it spends a purse of its own (the production frame's `china`): the
  working points of the Allied-held Chinese places (China and Manchukuo, G17.11's China)
  that trace full supply. The Allied budget does not count them, and pays for nothing
  Chinese: builds into Chinese armies, new Chinese counters in China, repairs and forts
  in China come out of the purse, and only out of it.
- LEND-LEASE. While the United States is unaligned its production is not the Allies'
  (Activity Limitations 2) but two points a turn may still go to China: they cost the
  Allies nothing, so they are given at once when production opens (the log says so).
  Once the U.S. is at war, its four points a turn (G17.4) come out of the Allied budget:
  our default lends them whenever China has somewhere to build (a Nationalist army in a
  build place in China, or a free Nationalist counter and such a place), since points
  China cannot spend are lost; a player's choice of how many needs a production verb the
  web client must describe, left for a later wave (docs/hgw-design.md). None after the
  U.S. surrender. Either way they arrive only through an entry: a Chinese
  coastal hex the Allies hold (the map marks no Chinese port: china.china_ports) or a
  French Indochina hex the Axis does not hold, and which Allied supply reaches (F5.5's
  valid supply route): `entry`.
- NEVER TO THE COMMUNISTS (Activity Limitations 2). The purse's lent points still unspent
  (`china_lent`, in half points) are spent first by Nationalist builds; a Communist army
  may take only what the purse holds beyond them.
- G17.4's TAC AIR POINT. Once at war the U.S. may also give one tac air point a turn to
  Nationalist China: a tac air point built into a Nationalist army, paid from the Allied
  budget (not China's purse), once a turn, through an open entry (`air_lend`); built as
  any new point is, into an army in a build place (P2.3).
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from grognard.core.flow import Frame

from .board import geo, production_of
from .china import china_lend_lease_limit, china_ports, why_not_china_lend_lease
from .geography import Place
from .japan import us_at_war, us_has_surrendered
from .layout import HgwBoard
from .map import load_map
from .pacific_tables import load_pacific
from .scenario import load_scenario
from .supply import supplied_places
from .theater import plays_pacific

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
Action = tuple[Any, ...]
ALLIED = "allied"
CHINA = "china"  # the production frame's key for China's purse
LENT: Final = "china_lent"  # the lent points still unspent, in half points
GIVEN = "china_given"  # the points lent this phase
AIR = "china_air"  # the tac air points lent this phase (G17.4)
TAC = "tac_air"


@cache
def _has_chinese(scenario: str) -> bool:
    nations = set(load_pacific().china.nations)
    return any(a.nation in nations for armies in load_scenario(scenario).armies.values() for a in armies)


def in_play(data: Data, side: str) -> bool:
    scenario = data["scenario"]
    return side == ALLIED and plays_pacific(scenario) and _has_chinese(scenario)


def is_chinese_place(data: Data, place: Place) -> bool:
    return geo(data).country.get(place) in load_pacific().china.territories


def apart(data: Data, side: str, place: Place) -> bool:
    """Is `place` China's, outside the Allied budget?"""
    return in_play(data, side) and is_chinese_place(data, place)


def china_budget(data: Data) -> int:
    full = supplied_places(data, ALLIED, home_only=True)
    owner = data["owner"]
    return sum(production_of(data, p) for p in full if owner.get(p) == ALLIED and is_chinese_place(data, p))


def entry(data: Data) -> Place | None:
    """F5.5: a hex lend-lease reaches China through: a Chinese coastal hex the Allies hold,
    or an Indochina hex not the Axis's, that Allied supply reaches."""
    supplied = supplied_places(data, ALLIED, home_only=False)
    indochina = load_pacific().china.lend_lease.through
    hmap = load_map()
    places = sorted(p for p in geo(data).places if p in hmap.hexes and hmap.hex(p).country == indochina)
    for p in [*sorted(china_ports()), *places]:
        if p in supplied and why_not_china_lend_lease(data, "china", 1, 0, p, route=True) is None:
            return p
    return None


def can_build(data: Data, places: Collection[Place]) -> bool:
    """Has China anywhere to build this phase: a Nationalist army in one of its build
    places (`places`, the Allied ones), or a free Nationalist counter and such a place?"""
    chinese = [p for p in places if is_chinese_place(data, p)]
    if not chinese:
        return False
    nationalist = next(n for n in load_pacific().china.nations if n != load_pacific().china.communist)
    armies = data["armies"]
    if any(x["at"] in chinese and x.get("nation") == nationalist for x in armies.values()):
        return True
    return any(x["at"] is None and x.get("nation") == nationalist for x in armies.values())


def open_purse(
    game: HgwState, side: str, budget: int, places: Collection[Place]
) -> tuple[dict[str, int], int]:
    """The production frame's entries for China (its own points, and the U.S.'s lend-lease
    given this phase), with the points the lend-lease takes from the Allied budget: while
    the U.S. is unaligned its two points cost the Allies nothing; at war it lends its four
    out of the Allied budget whenever China has somewhere to build them (`can_build`; our
    default, module note), never more than the budget holds."""
    data = game.data
    if not in_play(data, side):
        return {}, 0
    own = china_budget(data)
    game.log(f"China has {own} production point{'s' if own != 1 else ''} of its own this turn"
             " (Activity Limitations 1)")
    where = entry(data) if not us_has_surrendered(data) else None
    most = china_lend_lease_limit(data)[0] if where is not None else 0
    at_war = us_at_war(data)
    if at_war:
        most = min(most, max(0, budget)) if can_build(data, places) else 0
    if most:
        how = "from the Allied budget (G17.4)" if at_war else "while still unaligned (G17.2, F5.5)"
        game.log(f"the United States lends China {most} production points through {where}, {how}")
    return {CHINA: own + most, LENT: 2 * most, GIVEN: most}, most if at_war else 0


def _communist(data: Data, army_id: str | None) -> bool:
    return army_id is not None and data["armies"][army_id].get("nation") == load_pacific().china.communist


def _nationalist(data: Data, army_id: str) -> bool:
    china = load_pacific().china
    nation = data["armies"][army_id].get("nation")
    return nation in china.nations and nation != china.communist


def air_lend(data: Data, frame: Frame, action: Action) -> bool:
    """G17.4: is `action` the U.S.'s tac air point for Nationalist China, which the Allied
    budget pays: a tac air build into a Nationalist army, the U.S. at war, none lent yet
    this turn, an entry open?"""
    if CHINA not in frame or action[:3] != ("build", TAC, "army") or not _nationalist(data, str(action[3])):
        return False
    air = china_lend_lease_limit(data)[1]
    return us_at_war(data) and int(frame.get(AIR, 0)) < air and entry(data) is not None


def pays(data: Data, frame: Frame, action: Action) -> bool:
    """Does China's purse pay for `action` (a build into a Chinese army or a new counter
    in China, a repair or fort in China; not the U.S.'s tac air point, `air_lend`)?"""
    if CHINA not in frame or air_lend(data, frame, action):
        return False
    nations = load_pacific().china.nations
    if action[0] == "build":
        if action[2] == "army":
            return data["armies"][action[3]].get("nation") in nations
        return action[2] == "place" and is_chinese_place(data, str(action[3]))
    if action[0] in ("repair", "fort"):
        return is_chinese_place(data, str(action[1]))
    return False


def room(data: Data, frame: Frame, action: Action, halves: int) -> bool:
    """Activity Limitations 2: a Communist build may not spend the lent points."""
    if action[0] == "build" and action[2] == "army" and _communist(data, str(action[3])):
        have = 2 * int(frame.get(CHINA, 0)) + int(frame.get("half", {}).get(CHINA, 0))
        return have - int(frame.get(LENT, 0)) >= halves
    return True


def spent(data: Data, frame: Frame, action: Action, halves: int) -> None:
    """A Nationalist build (or anything else China pays) spends the lent points first."""
    if not (action[0] == "build" and action[2] == "army" and _communist(data, str(action[3]))):
        frame[LENT] = max(0, int(frame.get(LENT, 0)) - halves)
