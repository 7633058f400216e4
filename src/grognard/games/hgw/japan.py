"""Japan's rules (issue 23, part 2) as functions over the game's plain data: Japanese
imports (G21.1-G21.3), Japan and the Soviet Union (G17.6), Japanese infantry advancing
into an empty jungle hex (C10.4's second half) and the U.S. interceptions on the turn
Japan brings the United States in (G17.3, us_entry.py). The Pacific War scenario plays
C10.4 and Mountain Combat 3's exemption (advance.py) and G17.3 (fleets.py, naval_phase.py);
Campaign Game IV plays G17.6 (japan_soviet.py) and both Pacific scenarios the imports
(pacific_economy.py).

STATE LAYOUT (`data["pacific"]`, built by `new_pacific()`)
    {"us_entry": None | {"turn": game turn index, "by": "japan" | "axis" | "date"},
     "japan_soviet": {"germany_attacked": None | game turn index,
                      "germany_surrendered": None | game turn index,
                      "at_war": bool},
     "carriers_lost": {nation: carrier points lost so far},
     "befallen": [morale events already applied once, e.g. "lost_hawaii"],
     "indochina_surrendered": [the Indochina capitals whose half has surrendered]}
`data["turn"]` is the game turn's index on the Time Record (limitations.now), as
everywhere; the Axis player plays Japan with Germany, so Japan's player turn is the Axis
player turn. Japanese armies carry `"nation": "japan"` on their record (nations.py's
convention for a nationality inside a side).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from .board import armies_at, strength
from .geography import Place
from .layout import HgwBoard
from .map import load_map
from .neutrality import politics
from .pacific_state import new_pacific as new_pacific
from .pacific_state import pacific as pacific
from .pacific_state import pacific_record as pacific_record
from .pacific_tables import load_pacific
from .tables import load_tables
from .us_entry import us_brought_in as us_brought_in
from .us_entry import why_not_us_intercepts as why_not_us_intercepts

Data = HgwBoard
JAPAN = "japan"
AXIS = "axis"
SOVIET = "soviet"
JUNGLE = "jungle"
JAPANESE_INFANTRY_IN_JUNGLE = -2  # C10.4 (the second "4."): minus two, a net minus one


# --- G21: Japanese imports ----------------------------------------------------------------


def west_coast_ports() -> list[Place]:
    """G21.1: the U.S. west coast port hexes: the United States' ports on the Pacific that
    are not circular islands (Seattle and San Francisco; Hawaii is an island, not the
    coast)."""
    return list(_west_coast_ports())


@cache
def _west_coast_ports() -> tuple[Place, ...]:
    """`west_coast_ports` once a process: the map and the Pacific's tables never change."""
    imports = load_pacific().imports
    hmap = load_map()
    return tuple(sorted(
        h
        for h, x in hmap.hexes.items()
        if x.country == imports.from_country
        and hmap.is_port(h)
        and imports.sea in x.seas
        and x.terrain != "island"
    ))


def us_at_war(data: Data) -> bool:
    """The United States has entered the war (United States 2; politics' `us_since`, or
    the Pacific's own record of the entry)."""
    pol = politics(data)
    return bool(pol and pol.get("us_since") is not None) or pacific(data)["us_entry"] is not None


def us_has_surrendered(data: Data) -> bool:
    """G15: the U.S. surrender, in Campaign Game I's politics or, without them, the
    Pacific's own record."""
    pol = politics(data)
    return bool(pol and "united_states" in pol["surrendered"]) or "united_states" in pacific(data).get(
        "surrendered", ()
    )


def may_break_imports(data: Data) -> bool:
    """G21.2: the U.S. may break Japan's import route once it is at war with Japan, or
    whenever Japan occupies (holds, Axis-friendly) any hex of French Indochina."""
    if us_at_war(data):
        return True
    opened = load_pacific().imports.opened_by
    hmap = load_map()
    return any(
        owner == AXIS and h in hmap and hmap.hex(h).country in opened for h, owner in data["owner"].items()
    )


def why_not_imports_route(port: Place) -> str | None:
    """G21.1: the route must end at a U.S. west coast port hex."""
    if port not in west_coast_ports():
        ports = ", ".join(west_coast_ports())
        return f"Japan's imports come by a route to a U.S. west coast port ({ports}), not {port}"
    return None


def japanese_imports(data: Data, port: Place, capacity: int, *, broken: bool = False) -> int:
    """G21.1-G21.2: the production points Japan imports this turn: three at most, no more
    than its route to `port` carries (`capacity`, after any losses to it). `broken`: the
    U.S. has broken the route, which it may only do when G21.2 lets it (an attempt before
    that is refused, so the imports stand)."""
    if why_not_imports_route(port) is not None or capacity <= 0:
        return 0
    if broken and may_break_imports(data):
        return 0
    return min(load_pacific().imports.points, capacity)


def overseas_production(
    data: Data, capacity: int, production: Mapping[Place, int] | None = None
) -> tuple[int, int]:
    """G21.3: Japan's working production (home islands, across the water): the points in
    Axis-held Japanese-occupied China, Manchukuo and Korea count only as far as a
    shipping route's `capacity` carries them to the home islands. `production` is the
    points per hex (the map's, by default), less `data["devastated"]`. Returns (points
    counted, points lost for want of shipping)."""
    imports = load_pacific().imports
    hmap = load_map()
    values = production if production is not None else {h: x.production for h, x in hmap.hexes.items()}
    home = across = 0
    for h, value in values.items():
        if data["owner"].get(h) != AXIS or h not in hmap:
            continue
        working = max(0, int(value) - int(data["devastated"].get(h, 0)))
        country = hmap.hex(h).country
        if country in imports.home:
            home += working
        elif country in imports.overseas:
            across += working
    carried = min(across, max(0, capacity))
    return home + carried, across - carried


# --- G17.6: Japan and the Soviet Union ------------------------------------------------------


def germany_attacks_soviets(data: Data) -> None:
    """Record the game turn Germany first attacks the Soviet Union (G17.6's clock)."""
    js = pacific_record(data)["japan_soviet"]
    if js["germany_attacked"] is None:
        js["germany_attacked"] = data["turn"]


def why_not_japan_attacks_soviets(data: Data) -> str | None:
    """G17.6: Japan may attack the Soviet Union only on the game turn after Germany's
    first attack on it; a Japan that lets that turn pass never may. Once at war (Japan
    took the chance, or the Soviets attacked Japan) the war goes on."""
    js = pacific(data)["japan_soviet"]
    if js["at_war"]:
        return None
    if js["germany_attacked"] is None:
        return "Japan may not attack the Soviet Union before Germany has (G17.6)"
    chance = js["germany_attacked"] + 1
    if data["turn"] < chance:
        return "Japan may attack the Soviet Union only on the turn after Germany's attack (G17.6)"
    if data["turn"] > chance:
        return (
            "Japan let its one chance pass, the turn after Germany attacked:"
            " it may never attack the Soviet Union (G17.6)"
        )
    return None


def border_places() -> tuple[frozenset[Place], frozenset[Place]]:
    """G17.6's Manchukuo border: Manchukuo's land hexes next to a Soviet (or Mongolian)
    one, and those Soviet and Mongolian hexes."""
    js = load_pacific().japan_soviet
    hmap = load_map()
    japanese: set[Place] = set()
    soviet: set[Place] = set()
    for h, x in hmap.hexes.items():
        if x.country != js.border:
            continue
        for n in hmap.neighbours(h):
            if hmap.hex(n).country in js.soviet_territories and hmap.can_cross_by_land(h, n):
                japanese.add(h)
                soviet.add(n)
    return frozenset(japanese), frozenset(soviet)


def border_strength(data: Data) -> tuple[int, int]:
    """(Japanese, Soviet) strength points on the Manchukuo border: Axis armies on its
    Manchukuo side, Soviet armies on its Soviet side."""
    japanese, soviet = border_places()

    def total(places: Iterable[Place], side: str) -> int:
        return sum(strength(data["armies"][a]) for p in places for a in armies_at(data, p, side))

    return total(japanese, AXIS), total(soviet, SOVIET)


def why_not_soviets_attack_japan(data: Data) -> str | None:
    """G17.6: the Soviet Union may attack Japan from the game turn after Germany's
    surrender, or whenever Japan has fewer than half the Soviet strength points on the
    Manchukuo border (Japanese 2 against Soviet 5 lets it; 3 against 6 does not)."""
    js = pacific(data)["japan_soviet"]
    if js["at_war"]:
        return None
    fell = js["germany_surrendered"]
    if fell is not None and data["turn"] > fell:
        return None
    ours, theirs = border_strength(data)
    if 2 * ours < theirs:
        return None
    return (
        f"the Soviet Union may attack Japan only after Germany's surrender or while Japan has fewer"
        f" than half its points on the Manchukuo border ({ours} Japanese, {theirs} Soviet) (G17.6)"
    )


def japan_soviet_war(data: Data) -> None:
    """Either attacked the other, as G17.6 allowed: they are at war from now on."""
    pacific_record(data)["japan_soviet"]["at_war"] = True


# --- C10.4: Japanese infantry in jungle -----------------------------------------------------


def japanese_jungle_modifier(data: Data, army_id: str, target: Place, *, empty: bool) -> int:
    """C10.4's second half: a Japanese army with infantry advancing into an empty jungle
    hex (no defender, no garrison) takes two off its roll, on top of every other modifier
    (the jungle's plus one among them: a net minus one). Any other advance: 0."""
    army = data["armies"][army_id]
    hmap = load_map()
    if not empty or army.get("nation") != JAPAN or int(army["sp"].get("infantry", 0)) <= 0:
        return 0
    return JAPANESE_INFANTRY_IN_JUNGLE if target in hmap and hmap.hex(target).terrain == JUNGLE else 0


def terrain_exemption(data: Data, army_id: str, terrain: str) -> int:
    """Mountain Combat 3 (C7.3): Japanese and Chinese armies (the Nationalists and the
    Communists alike) do not add the mountain's plus two to an advance into it: the
    modifier that takes the terrain's `advance_into` back off (tables' exempt_nations)."""
    nation = str(data["armies"][army_id].get("nation", ""))
    nation = "china" if nation == "chinese_communist" else nation
    into = load_tables().terrain[terrain]
    return -into.advance_into if nation and nation in into.exempt_nations else 0
