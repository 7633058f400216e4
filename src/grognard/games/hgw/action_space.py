"""Hitler's Global War's fixed action index (issue 11, "RL interface"): slot k means
the same decision in every position of a scenario. `grognard.rl` numbers the families
below mixed-radix, in this order, the first domain most significant.

Armies and fleets are a fixed roster per scenario (the set-up's army names, twelve a
side, and its fleet counters), places the scenario's geography plus the off-map boxes.
Most actions are numbered as they are. Three kinds name a varying number of armies or
fleets (`("assault", origin, target, *armies)`, `("defensive_assault", *armies)`,
`("escort", *fleets)`), and "assault" also stands alone as the yes of an invasion's or
an exploitation's assault question; these are numbered through a KEY (`action_keys`):
the armies become (side, mask), bit i of the mask set for the i-th army of that side's
roster (the armies of one assault or defensive assault are all of one side, and they
fix its origin and target), ("", 0) for the bare action; the fleets become a mask over
the scenario's fleets. Every other key is the action itself.

Families (kind: domains; "(a, b)" marks a joint domain; A = armies, P = places,
K = strength point kinds):

- set-up (The Fall of Germany special rule 5): printed_setup, place (K x P), end_setup;
  "place" is also Campaign Game I's placement of arriving forces (Nations Inclined
  toward Axis 3-5)
- movement (Movement, Stacking): move (A x (K and "army") x points 1..MAX_POINTS),
  eliminate (A x K), convert (A), end_movement; where the points go: cancel, to_army
  (A), to_place (P)
- combat (Initial Attack, Assault Resolution, Invasions, Fleet Naval Fire): end_announce,
  attack (A x P), invade (A x P), invasion (A), no_escort, no_interception, escort
  (fleet mask), intercept (fleet), support (fleet) and no_support where the scenario
  has fleets, defensive_assault ((side, mask)),
  no_defensive_assault, lose (A x K), lose_fort (P), to_advances, assault ((side,
  mask)), no_assault, advance (A), retreat (P), to_exploitation, exploit (A x P),
  amphibious_advance (A x P), end_combat
- production (Building Strength Points, Fortifications, Lend-Lease): end_production,
  lend_lease, build (K x (("army", A) or ("place", P), and ("french", P) where the
  scenario has French counters)), fort (P), dismantle_fort (P), repair (P); where the
  scenario has French counters (Activity Limitations 1, 4, 8) also lend_lease_france
- Campaign Game II research (Research 3-8), where the scenario plays it: invest (item x
  points), roll_research (item), end_research
- Campaign Game I politics: italy_loss (A x K), accept_surrender, refuse_surrender;
  remove_marker (P: Garrisons 6, any scenario), declare_war (the nations a side must
  declare war on before it may pass them, Violation of Neutrality 6)

MAX_POINTS bounds the points of one army: ten a hex (Stacking 1), but the off-map boxes
have no limit (the U.S. Army starts with twelve in its box), so it is a generous bound.
A side's masks run to 2**len(roster) - 1: 4 095 for the twelve armies of every roster.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import pacific_routes
from .actions import VERBS, args
from .campaign import load_campaign
from .capability import load_capability
from .coastal_strike import AIMS, on_coast
from .fleet_nations import load_counters
from .geography import geography
from .map import load_map
from .morale_strike import morale_coasts
from .movement import WHOLE
from .optional import OPTIONAL, chosen
from .scenario import KINDS, SHIP_TYPES, SYSTEMS, load_scenario
from .sea_supply import ARMY_ROUTES
from .sea_war import ROUTES
from .shipping_counters import port_place
from .strategic_builds import COUNTERS
from .strategic_builds import ITEMS as STRATEGIC_KINDS
from .theater import in_pacific

if TYPE_CHECKING:
    from .state import HgwState

Family = tuple[str, list[list[Any]]]

#: the most strength points one army's "move" may name
MAX_POINTS = 120

#: kinds whose elements are a set of armies or fleets (numbered by mask)
MASKED = frozenset(v.name for v in VERBS if v.many)


def _rosters(scenario: str) -> dict[str, list[str]]:
    return {side: [a.id for a in armies] for side, armies in load_scenario(scenario).armies.items()}


#: scenarios left without an index, and why (rl.action_space.declares: RL plays them by
#: their legal actions). Campaign Game IV keeps two record sheets a side: its army-group
#: masks (2^24 a side) make some 76M slots (75,857,830 in wave 7), far past the index's
#: budget of 4.19M.
UNDECLARED = {"campaign_4": "two record sheets a side put it near 76M slots, far past the 4.19M budget"}


def declared(scenario: str) -> bool:
    return scenario not in UNDECLARED


def action_space(scenario: str, options: Mapping[str, Any]) -> list[Family]:
    """The families of a scenario (the options change who plays and the set-up, never
    the rosters or the map): one per verb of actions.py, in its order, each domain the
    values of its argument kind."""
    if scenario in UNDECLARED:
        raise ValueError(f"{scenario} has no fixed action index: {UNDECLARED[scenario]}")
    content = load_scenario(scenario)
    rosters = _rosters(scenario)
    armies = [a for side in rosters.values() for a in side]
    places = sorted(geography(scenario).places | {b.id for b in load_map().data.boxes})
    kinds = list(KINDS)
    fleets = [f.id for f in content.fleets]
    naval_action = "naval_action" in chosen(content.optional, options)
    if naval_action:  # N1.1: every fleet counter, and Campaign Game IV's own fleets
        fleets = [f for ids in _fleet_rosters(scenario).values() for f in ids]
    campaign = load_campaign(scenario)
    # Activity Limitations 1, 4, 8: France's own builds and lend-lease, where it has counters
    french = any(a.nation == "france" for names in content.armies.values() for a in names)
    # The Pacific War: Chinese counters strike like partisans (G17.12, china.py)
    nations = {a.nation for names in content.armies.values() for a in names}
    chinese = bool(nations & {"china", "chinese_communist"})
    french_builds = [("french", p) for p in places] if french else []
    domains: dict[str, list[Any]] = {
        "army": armies,
        "place": places,
        "kind": kinds,
        "fleet": fleets,
        "fleet_mask": _fleet_masks(scenario) if naval_action else list(range(1, 2 ** len(fleets))),
        "group": [("", 0)] + [(side, m) for side, ids in rosters.items() for m in range(1, 2 ** len(ids))],
        "points": list(range(1, MAX_POINTS + 1)),
        "move_kind": [WHOLE, *kinds],
        "build_site": [("army", a) for a in armies] + [("place", p) for p in places] + french_builds,
        "nation": sorted({w.nation for w in campaign.war_to_pass}) if campaign is not None else [],
        # Campaign Game II's strategic warfare (strategic_phase.py, strategic_builds.py)
        "missile": list(COUNTERS),
        "number": list(range(MAX_POINTS + 1)),
        "strategic_kind": list(STRATEGIC_KINDS),
        "atomic_site": [("bombers", p) for p in places] + [("missiles", c) for c in COUNTERS],
    }
    domains["item"] = list(load_capability().researched())  # Campaign Game II research
    # Naval Action's coastal air attacks (coastal_strike.py): from a coastal place, at a
    # coastal place (a naval base, printed or built) with an aim, or a morale coast
    coastal = [p for p in places if on_coast(p)]
    domains["coastal_place"] = coastal
    domains["strike_target"] = [(p, aim) for p in coastal for aim in AIMS if aim != "morale"] + [
        (p, "morale") for p in morale_coasts() if p in coastal
    ]
    # Fleet Naval Fire only with fleets
    present = {"fleets": bool(fleets), "french": french, "chinese": chinese}
    present |= {system: system in content.systems for system in SYSTEMS}  # Campaign Game II
    present |= {name: name in chosen(content.optional, options) for name in OPTIONAL}  # optional rules
    # The Pacific War (theater.py): Europe's sea routes are not declared there, and its
    # fleets sail the Pacific and Indian oceans (and the Pacific half of the ring);
    # Campaign Game IV (world) declares Europe's and every sea
    european = content.theater != "pacific"
    domains["route"] = [*ROUTES, *ARMY_ROUTES.values()] if european else []  # K16.6: the armies' too
    if pacific_routes.declared(content.theater, "uboats" in content.systems, naval_action):
        domains["route"] += list(pacific_routes.ROUTES)  # G24.0, G21.3: after Europe's, which stay
    hmap = load_map()
    water = [
        h
        for h, x in hmap.hexes.items()
        if hmap.is_water(h) and (european or in_pacific(h) or "Pacific-Indian" in x.seas)
    ]
    domains["sea"] = sorted(water) if present["naval"] else []
    domains["ship_type"] = list(SHIP_TYPES)
    domains["shipping_port"] = [p for p in places if port_place(scenario, p)]  # Shipping 1, 3
    # new ship points join fleets in naval yards only (Fleets 2, 5; N7.2: naval_builds.yards)
    domains["yard"] = [p for p in places if p in load_map() and load_map().has_feature(p, "naval_yard")]
    families: list[Family] = []
    for verb in VERBS:
        if verb.only is None or present[verb.only]:
            index = verb.index or tuple(kind for _, kind in verb.args)
            families.append((verb.name, [domains[d] for d in index]))
    return families


def _fleet_rosters(scenario: str) -> dict[str, list[str]]:
    """Naval Action: each side's fleet counters (N1.1), in the counter sheet's order, then
    the scenario's own fleets off the sheet (Campaign Game IV's; fleet_nations.new_fleets)."""
    counters = load_counters()
    rosters: dict[str, list[str]] = {}
    for c in counters.counters:
        rosters.setdefault(counters.nations[c.nation].side, []).append(c.id)
    sheet = {c.id for c in counters.counters}
    for f in load_scenario(scenario).naval_action_fleets:
        if f.id not in sheet:
            rosters.setdefault(f.side, []).append(f.id)
    return rosters


def _fleet_masks(scenario: str) -> list[Any]:
    """Naval Action's escorts: (side, mask over the side's counters), as armies' groups
    are; a mask over every counter of the sheet would pass the index's size."""
    return [(side, m) for side, ids in _fleet_rosters(scenario).items() for m in range(1, 2 ** len(ids))]


def _mask(ids: Sequence[str], roster: Sequence[str]) -> int:
    return sum(1 << roster.index(i) for i in ids)


def action_keys(state: HgwState, role: str, actions: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Each legal action's key in the index: sets of armies or fleets become masks."""
    out: list[tuple[Any, ...]] = []
    rosters: dict[str, list[str]] | None = None
    for action in actions:
        kind = action[0]
        if kind in MASKED:
            if rosters is None:
                rosters = _rosters(state.data["scenario"])
            if kind == "escort" and "naval_action" in state.data.get("optional", ()):
                side = state.data["fleets"][action[1]]["side"]
                action = (kind, (side, _mask(action[1:], _fleet_rosters(state.data["scenario"])[side])))
            elif kind == "escort":
                fleets = [f.id for f in load_scenario(state.data["scenario"]).fleets]
                action = (kind, _mask(action[1:], fleets))
            else:
                ids = args(action).get("armies", ())
                side = state.data["armies"][ids[0]]["side"] if ids else ""
                action = (kind, side, _mask(ids, rosters[side]) if ids else 0)
        out.append(action)
    return out
