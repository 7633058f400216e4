"""Campaign Game I's political map, for the questions every phase asks: which places are
unaligned, which nation a place belongs to, whether two sides are at peace, and the
immediate surrender of a country whose capital falls (Unaligned Countries; Violation
of Neutrality 1; Other Countries 1-5; Netherlands; Belgium; Soviet Union 2).

POLITICS LAYOUT (`state.data["politics"]`, Campaign Game I only)
    unaligned     nations still unaligned (their places are in no side's `owner`)
    joined        {nation: side} nations that joined a side during the game
    surrendered   nations that surrendered (each only once, Other Countries 5)
    attacked      {nation: side} unaligned nations attacked in this combat phase
    us_since      index of the turn the United States entered the war, or None
    mobilization  "limited" | "extended" | "lifted" (Soviet Mobilization 1-3)
    lifted_at     index of the turn the mobilization limit was lifted, or None
    peace         the Axis accepted the Soviet surrender (Soviet Union 2)
    axis_attacked nations the Axis has ever named a place of (absent: none), for
                  Swedish Production 4
    soviet_war    the Axis and the Soviets have attacked each other (absent: not yet);
                  before that the Soviet Union is a neutral major power (Unaligned Countries)
    terms         "none" | "refused" (Soviet Union 4: never offered again)
    arrivals      forces waiting for their player to place them (politics.py), if any

This module knows the geography and the campaign data only, so that board.py can call
it when a capture happens without an import cycle.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from .campaign import CampaignRules, load_campaign
from .geography import Place, geography
from .layout import HgwBoard, Politics
from .map import load_map

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard


def rules_of(data: Data) -> CampaignRules | None:
    return load_campaign(data["scenario"])


def new_politics(scenario_id: str) -> Politics | None:
    """The politics at the start of the scenario, or None when it plays without them."""
    rules = load_campaign(scenario_id)
    if rules is None:
        return None
    g = geography(scenario_id)
    # the unaligned countries in play, and the boxes no side holds (the U.S. box)
    unaligned = g.unaligned_at_start | {p for p in g.box_at if p not in g.start_owner}
    nations = sorted({rules.nation_of(g.country[p]) for p in unaligned})
    return {
        "unaligned": nations,
        "joined": {},
        "surrendered": [],
        "attacked": {},
        "us_since": None,
        "mobilization": "limited",
        "lifted_at": None,
        "peace": False,
        "terms": "none",
    }


def politics_view(data: Data) -> dict[str, Any]:
    """The open political situation for the views: the politics record and every
    unaligned place with its nation (empty outside Campaign Game I). The record
    itself, not a copy: `Game.view` copies the whole view, and a search's board
    (seen.py `data_from_view`) copies the open records it takes from one."""
    pol = politics(data)
    if pol is None:
        return {}
    g = geography(data["scenario"])
    owner = data["owner"]
    unaligned = {p: g.nation[p] for p in g.place_order if p not in owner}
    return {"politics": pol, "unaligned": unaligned}


def politics(data: Data) -> Politics | None:
    return data.get("politics")


def nation_at(data: Data, place: Place) -> str:
    return geography(data["scenario"]).nation[place]


def is_unaligned(data: Data, place: Place) -> bool:
    """Violation of Neutrality 1: a place of a nation nobody has won over or captured."""
    return place in geography(data["scenario"]).places and place not in data["owner"]


def war_needed(data: Data, side: str, origin: Place, target: Place) -> bool:
    """Violation of Neutrality 6: may an army of `side` at `origin` not yet name
    `target` because it must first declare war on a nation still unaligned (Spain,
    before attacking Gibraltar from Portugal)?"""
    rules, pol = rules_of(data), politics(data)
    if rules is None or pol is None:
        return False
    country = geography(data["scenario"]).country.get(origin)
    declared = pol.get("war_on", {})
    return any(
        w.target == target and country in w.origin and w.nation in pol["unaligned"]
        and declared.get(w.nation) != side
        for w in rules.war_to_pass
    )


def declarations(data: Data, side: str) -> list[tuple[str, str]]:
    """Violation of Neutrality 6: the declarations of war `side` may make now: on a
    nation still unaligned that stands between one of its armies and its target."""
    rules, pol = rules_of(data), politics(data)
    if rules is None or pol is None:
        return []
    g = geography(data["scenario"])
    origins = {g.country.get(x["at"]) for x in data["armies"].values() if x["side"] == side and x["at"]}
    declared = pol.get("war_on", {})
    return [
        ("declare_war", w.nation)
        for w in rules.war_to_pass
        if w.nation in pol["unaligned"] and declared.get(w.nation) != side and origins & set(w.origin)
    ]


def is_unaligned_nation(data: Data, nation: str) -> bool:
    state = politics(data)
    return state is not None and nation in state["unaligned"]


def vichy_places(data: HgwBoard) -> frozenset[Place]:
    """France 3 (Campaign Game I): the hexes of French Africa left unaligned by France's
    surrender, while they stay unaligned."""
    pol = data.get("politics")
    if not pol or "france" not in pol.get("surrendered", ()):
        return frozenset()
    rules = load_campaign(data["scenario"])
    if rules is None:
        return frozenset()
    g = geography(data["scenario"])
    africa = set(rules.france.unaligned_after)
    return frozenset(p for p in g.places if p not in data["owner"] and g.country.get(p) in africa)


def naval_friendly(data: HgwBoard, side: str, place: Place) -> bool:
    """Is `place` friendly to `side`'s ships and sea routes? Its own places; for the Axis
    also French Africa while it is unaligned after France's surrender (France 3)."""
    owner = data["owner"].get(place)
    if owner is not None:
        return bool(owner == side)
    return side == "axis" and place in vichy_places(data)


def at_peace(data: Data, a: str, b: str) -> bool:
    """Soviet Union 2: after an accepted surrender the Axis and the Soviets never attack
    each other again."""
    state = politics(data)
    return bool(state and state["peace"] and {a, b} == {"axis", "soviet"})


def reserved_counters(data: Data, side: str) -> frozenset[str]:
    """The names of `side`'s army counters kept for a force that arrives with a nation
    still unaligned (the Italian Army, the U.S. Army: Activity Limitations 2), which no
    other points may take as a spare counter meanwhile."""
    rules, state = rules_of(data), politics(data)
    if rules is None or state is None:
        return frozenset()
    return frozenset(
        force.name
        for nation, forces in rules.arrivals.items()
        if nation in state["unaligned"]
        for owner, force in forces.items()
        if owner == side
    )


def at_war(data: Data, a: str, b: str) -> bool:
    """Are sides `a` and `b` at war, so that each may capture the other's cut-off hexes
    (Unsupplied Hexes 2: neutrals are not opponents)? Outside Campaign Game I every pair
    of `board.opponents` is. In it the Allies and the Soviets never are (Activity
    Limitations 5); the Axis fights the Allies from the start (Initial Belligerents) but
    the Soviet Union, a neutral major power (Unaligned Countries), only once one of the
    two has attacked the other, and never again after an accepted surrender."""
    state = politics(data)
    if state is None:
        return a != b
    pair = {a, b}
    if pair == {"axis", "soviet"}:
        return bool(state.get("soviet_war")) and not state["peace"]
    return pair == {"axis", "allied"}


def note_attacks(data: Data, side: str, targets: set[Place]) -> bool:
    """Record what `side`'s attacks on `targets` change for good: the Soviet Union, a
    neutral major power (Unaligned Countries), is at war with the Axis from the first
    attack either makes on a place the other holds or held at the start; and the
    nations the Axis has attacked are remembered (Swedish Production 4: Sweden stays
    unaligned, yet its ore stops). Called when attacks are announced and at the end of
    the combat phase (for the exploitation's); True when the war has just begun."""
    state = politics(data)
    if state is None:
        return False
    g = geography(data["scenario"])
    if side == "axis":
        struck = {nation_at(data, p) for p in targets if p in g.places}
        state["axis_attacked"] = sorted(struck.union(state.get("axis_attacked", ())))
    if state.get("soviet_war") or side not in ("axis", "soviet"):
        return False
    other = "soviet" if side == "axis" else "axis"
    if any(data["owner"].get(p) == other or g.start_owner.get(p) == other for p in targets):
        state["soviet_war"] = True
        return True
    return False


def places_of(data: Data, nation: str) -> list[Place]:
    """The nation's places, sorted (a new list: the callers may change it)."""
    return list(_places_of(data["scenario"], nation))


@cache
def _places_of(scenario: str, nation: str) -> tuple[Place, ...]:
    rules = load_campaign(scenario)
    g = geography(scenario)
    members = set(rules.territories_of(nation) if rules else (nation,))
    return tuple(sorted(p for p in g.places if g.country.get(p) in members))


def capital_of(data: Data, nation: str) -> Place | None:
    """The capital star of the nation's first territory, if it is a place."""
    rules = rules_of(data)
    first = rules.territories_of(nation)[0] if rules else nation
    g = geography(data["scenario"])
    hmap = load_map()
    for p in sorted(g.places):
        if g.country.get(p) == first and p != "siberia" and hmap.has_feature(p, "capital"):
            return p
    return None


def hand_over(state: HgwState, places: list[Place], side: str | None, *, devastate: bool) -> None:
    """Places change hands without combat (joining, surrender): friendly to `side`, or
    unaligned again when `side` is None. A place holding another side's army keeps its
    owner (our reading: surrender terms cannot hand over a hex an army holds)."""
    data = state.data
    g = geography(data["scenario"])
    for p in places:
        if side is not None and data["owner"].get(p) == side:
            continue
        if any(x["at"] == p and x["side"] != side for x in data["armies"].values()):
            continue
        if side is None:
            data["owner"].pop(p, None)
            data["markers"].pop(p, None)
        else:
            data["owner"][p] = side
            if g.start_owner.get(p, side) != side:
                data["markers"][p] = side
            else:
                data["markers"].pop(p, None)
        if devastate and g.production.get(p):
            data["devastated"][p] = g.production[p]
    data["won"] = [p for p in data["won"] if data["markers"].get(p) is not None]


def join(state: HgwState, nation: str, side: str) -> None:
    """A nation joins a side: its places not yet captured become friendly to it, with
    their production working (Violation of Neutrality 2; Entry into the War)."""
    data = state.data
    pol = politics(data)
    if pol is None or nation not in pol["unaligned"]:
        return
    pol["unaligned"] = [n for n in pol["unaligned"] if n != nation]
    pol["joined"][nation] = side
    hand_over(state, [p for p in places_of(data, nation) if p not in data["owner"]], side, devastate=False)
    state.log(f"{nation.replace('_', ' ').title()} joins the {side} side")


def on_capture(state: HgwState, place: Place, side: str) -> None:
    """Other Countries 1-2, 5; Netherlands 1-2; Belgium 1-2: a country with a capital
    surrenders the moment its capital falls; its other places go to the captor (the
    overseas ones of the Netherlands and Belgium to the Allies), their production
    devastated. Countries with rules of their own (Germany, Italy, France, Britain,
    the Soviet Union, the United States) surrender by those, in politics.py."""
    data = state.data
    pol = politics(data)
    rules = rules_of(data)
    if pol is None or rules is None or place == "siberia":
        return
    nation = nation_at(data, place)
    if nation in rules.own_surrender_rules or nation in pol["surrendered"]:
        return
    if capital_of(data, nation) != place:
        return
    pol["surrendered"] = sorted({*pol["surrendered"], nation})
    pol["unaligned"] = [n for n in pol["unaligned"] if n != nation]
    pol["attacked"].pop(nation, None)
    state.log(f"{nation.replace('_', ' ').title()} surrenders to the {side} player")
    g = geography(data["scenario"])
    main = rules.territories_of(nation)[0]
    rest = [p for p in places_of(data, nation) if data["owner"].get(p) != side]
    home = [p for p in rest if g.country[p] == main]
    overseas = [p for p in rest if g.country[p] != main]
    hand_over(state, home, side, devastate=True)
    if nation in rules.overseas_to_allied:
        hand_over(state, overseas, "allied", devastate=False)
    else:
        hand_over(state, overseas, side, devastate=True)
