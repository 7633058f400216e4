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
  Once the U.S. is at war, the Allied player moves points from the Allied budget into
  China's purse, one an action (`lend_lease_china`), four a turn at most (G17.4); none
  after the U.S. surrender. Either way they arrive only through an entry: a Chinese
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

from functools import cache
from typing import TYPE_CHECKING, Any

from .board import geo, production_of
from .china import china_lend_lease_limit, china_ports, why_not_china_lend_lease
from .geography import Place
from .japan import us_at_war, us_has_surrendered
from .map import load_map
from .pacific_tables import load_pacific
from .scenario import load_scenario
from .supply import supplied_places
from .theater import plays_pacific

if TYPE_CHECKING:
    from .state import HgwState

Data = dict[str, Any]
Action = tuple[Any, ...]
ALLIED = "allied"
CHINA = "china"  # the production frame's key for China's purse
LENT = "china_lent"  # the lent points still unspent, in half points
GIVEN = "china_given"  # the points lent this phase
AIR = "china_air"  # the tac air points lent this phase (G17.4)
TAC = "tac_air"
VERB = "lend_lease_china"


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


def open_purse(game: HgwState, side: str) -> dict[str, int]:
    """The production frame's entries for China: its own points, and while the U.S. is
    unaligned its two points of lend-lease, given at once."""
    data = game.data
    if not in_play(data, side):
        return {}
    own = china_budget(data)
    game.log(f"China has {own} production point{'s' if own != 1 else ''} of its own this turn"
             " (Activity Limitations 1)")
    gift = 0
    if not us_at_war(data) and not us_has_surrendered(data):
        where = entry(data)
        gift = china_lend_lease_limit(data)[0] if where is not None else 0
        if gift:
            game.log(f"the United States, still unaligned, lends China {gift} production points"
                     f" through {where} (G17.2, F5.5)")
    return {CHINA: own + gift, LENT: 2 * gift, GIVEN: gift}


def why_not(data: Data, frame: Data, side: str) -> str | None:
    """F5.5, G17.4: may the Allied player lend China one more point now?"""
    if not in_play(data, side) or CHINA not in frame:
        return "lend-lease to China is played where China has counters of its own (F5.5)"
    if not us_at_war(data):
        return "while the United States is unaligned its two points go to China by themselves (G17.2)"
    most = china_lend_lease_limit(data)[0]
    if int(frame.get(GIVEN, 0)) >= most:
        return f"the United States lends China at most {most} production points a turn (G17.4)"
    if int(frame["budget"]) < 1:
        return "no Allied production point is left to lend"
    if entry(data) is None:
        return ("lend-lease reaches China through a Chinese coastal hex the Allies hold or French"
                " Indochina while not Axis, along a supply route (F5.5): none is open")
    return None


def offers(data: Data, frame: Data, side: str) -> list[Action]:
    return [(VERB,)] if in_play(data, side) and why_not(data, frame, side) is None else []


def lend(game: HgwState, frame: Data, side: str) -> None:
    frame["budget"] -= 1
    frame[CHINA] = int(frame.get(CHINA, 0)) + 1
    frame[LENT] = int(frame.get(LENT, 0)) + 2
    frame[GIVEN] = int(frame.get(GIVEN, 0)) + 1
    game.log(f"{side} lends China one production point (G17.4)")


def _communist(data: Data, army_id: str | None) -> bool:
    return army_id is not None and data["armies"][army_id].get("nation") == load_pacific().china.communist


def _nationalist(data: Data, army_id: str) -> bool:
    china = load_pacific().china
    nation = data["armies"][army_id].get("nation")
    return nation in china.nations and nation != china.communist


def air_lend(data: Data, frame: Data, action: Action) -> bool:
    """G17.4: is `action` the U.S.'s tac air point for Nationalist China, which the Allied
    budget pays: a tac air build into a Nationalist army, the U.S. at war, none lent yet
    this turn, an entry open?"""
    if CHINA not in frame or action[:3] != ("build", TAC, "army") or not _nationalist(data, str(action[3])):
        return False
    air = china_lend_lease_limit(data)[1]
    return us_at_war(data) and int(frame.get(AIR, 0)) < air and entry(data) is not None


def pays(data: Data, frame: Data, action: Action) -> bool:
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


def room(data: Data, frame: Data, action: Action, halves: int) -> bool:
    """Activity Limitations 2: a Communist build may not spend the lent points."""
    if action[0] == "build" and action[2] == "army" and _communist(data, str(action[3])):
        have = 2 * int(frame.get(CHINA, 0)) + int(frame.get("half", {}).get(CHINA, 0))
        return have - int(frame.get(LENT, 0)) >= halves
    return True


def spent(data: Data, frame: Data, action: Action, halves: int) -> None:
    """A Nationalist build (or anything else China pays) spends the lent points first."""
    if not (action[0] == "build" and action[2] == "army" and _communist(data, str(action[3]))):
        frame[LENT] = max(0, int(frame.get(LENT, 0)) - halves)
