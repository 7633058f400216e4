"""French forces as a nationality of their own inside the Allied side (Campaign Game I:
Activity Limitations 1, 4, 7, 8; France 3 and 5).

WHO IS FRENCH. The scenario's record sheet gives some army counters a nation
(`ArmyName.nation` in the scenario file; Campaign Game I: the French First Army and
the three other French counters of the Allied sheet). The nation is written on the
army's record (`"nation": "france"`) and never changes: points built by France go
only into French counters, points of other Allied nations never into them. After
France's surrender every French army still on the board stands in an Allied friendly
hex (France 2 and 3 eliminated the others), so all of them are Free French then
(France 5), and so are the French counters built later (`label`).

WHAT IT CHANGES (G17.8). An army never enters a place holding an army of the other
nation of its side, by movement, building, attack, advance or retreat, and no points
pass between armies of different nations (G17.7 read per nation). The off-map boxes
are whole countries without a stacking limit (Stacking; Off-Map Combat 1), so French
and other Allied armies may both be in one box, still without exchanging points.
The Free French keep the rule: it names French armies, and Free French armies are
French armies. Supply one way and France's separate production are supply.py's
`allied_only` and french_production.py.
"""

from __future__ import annotations

from functools import cache

from .board import Data, geo
from .china import why_not_chinese_enter
from .geography import Place
from .japan_soviet import why_not_aim as japan_soviet_aim
from .limitations import box_place, campaign_state, has_surrendered
from .map import load_map
from .scenario import load_scenario

FRANCE = "france"


def nation(data: Data, army_id: str) -> str:
    """The army's nation within its side: "france", or "" for the side as a whole."""
    return str(data["armies"][army_id].get("nation", ""))


def built_nation(data: Data, side: str, place: Place) -> str:
    """The nation of a new army counter built in `place` (Building Strength Points 3 read
    with G17.7): where the Pacific is in play (The Pacific War, Campaign Game IV) the
    nation of the place's country when the side's record sheet has counters of it (Japan's,
    China's, the United States'), else "" (the side as a whole); in Europe's scenarios
    always "", and never France's (France builds from its own purse)."""
    content = load_scenario(data["scenario"])
    if content.theater == "europe":
        return ""
    country = geo(data).country.get(place, "")
    if country == FRANCE:
        return ""
    return country if any(a.nation == country for a in content.armies.get(side, ())) else ""


def is_french(data: Data, army_id: str) -> bool:
    return nation(data, army_id) == FRANCE


@cache
def _has_french(scenario_id: str) -> bool:
    content = load_scenario(scenario_id)
    return any(a.nation == FRANCE for names in content.armies.values() for a in names)


def french_split(data: Data, side: str = "allied") -> bool:
    """Does this scenario play French forces apart from the rest of `side`?"""
    return side == "allied" and _has_french(data["scenario"])


def free_french(data: Data) -> bool:
    """France 5: once France has surrendered, French armies are Free French."""
    return has_surrendered(data, FRANCE)


def label(data: Data, army_id: str) -> str:
    """What the record sheet shows: "french", "free_french" or "" (the side's own)."""
    if not is_french(data, army_id):
        return ""
    return "free_french" if free_french(data) else "french"


@cache
def _french_countries() -> frozenset[str]:
    territories = load_map().data.territories
    return frozenset(c for c, t in territories.items() if t.group == FRANCE)


def french_place(data: Data, place: Place) -> bool:
    """Is `place` in France or a French possession (the map's French colour group)?"""
    return geo(data).country.get(place) in _french_countries()


def apart(data: Data, army_nation: str, side: str, place: Place, *, ignore: str = "") -> bool:
    """G17.8: would an army of `army_nation` share `place` with an army of the other
    nation of its side (the army `ignore` left out)? Never in a box or outside a split."""
    if not french_split(data, side) or geo(data).is_box(place):
        return False
    return any(
        x["side"] == side and x["at"] == place and a != ignore and str(x.get("nation", "")) != army_nation
        for a, x in data["armies"].items()
    )


def may_enter(data: Data, army_id: str, place: Place) -> bool:
    """G17.8: may this army (or points of it) end up in `place`? G17.11 (The Pacific
    War): a Chinese army never outside China and Manchukuo."""
    army = data["armies"][army_id]
    if why_not_chinese_enter(data, army_id, place) is not None:
        return False
    return not apart(data, nation(data, army_id), army["side"], place, ignore=army_id)


def may_join(data: Data, army_id: str, other: str) -> bool:
    """G17.7-8: may points of `army_id` pass into the army `other`? Only within a nation."""
    return nation(data, army_id) == nation(data, other)


def vichy_boxes(data: Data) -> frozenset[Place]:
    """France 3: the French West Africa (2828) and French Equatorial Africa (3236) boxes,
    which France's surrender leaves unaligned and a Free French capture brings back."""
    found = campaign_state(data)
    if found is None:
        return frozenset()
    return frozenset(p for b in found[0].france.boxes if (p := box_place(data, b)))


def may_aim(data: Data, army_id: str, place: Place) -> bool:
    """G17.8 for attacks: an army is not named against a place it could not advance
    into (one holding the other nation's armies), nor against a place an army of the
    other nation already attacks this player turn, since both would end up there.
    France 3: while a French Africa box is unaligned, only a (Free) French army may be
    named against it: each box stands for its hex (2828 for French West Africa, 3226
    for French Equatorial Africa), whose capture by a Free French army rallies that
    territory alone; the other way, three Atlantic coastal hexes of each territory, has
    no hexes to play inside a box. G17.11: a Chinese army is named only inside China."""
    if why_not_chinese_enter(data, army_id, place) is not None:
        return False
    if japan_soviet_aim(data, army_id, place) is not None:  # G17.6 (Campaign Game IV)
        return False
    if not french_split(data, data["armies"][army_id]["side"]):
        return True
    if not may_enter(data, army_id, place):
        return False
    if place in vichy_boxes(data) and place not in data["owner"] and not is_french(data, army_id):
        return False  # France 3: only a Free French army wins the French Africa box back
    mine = nation(data, army_id)
    side = data["armies"][army_id]["side"]
    for other, status in data["status"].items():
        x = data["armies"][other]
        if x["side"] == side and status.get("target") == place and str(x.get("nation", "")) != mine:
            return False
    return True
