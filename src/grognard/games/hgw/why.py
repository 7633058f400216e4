"""Why an army's move, attack or build is refused (Ruleset.explain_illegal; issue 9,
section 5).

The browser asks when a click does nothing: the page names the action the click meant
(`intent` in web/games/hgw.js) and the answer names the rule in the way, with the case
numbers of docs/rules/hgw-cases.toml. Covered: where redeployed points may go
(`to_place`, `to_army`: friendly hexes only M1.2, the ten-point stack M2.1, a spare
counter R1.1/M1.5, the seas' transport limits F2.2, France G17.9), which armies may move
(L2.3/L2.4 supply, B2.3/G17.10 Siberia), the announced attacks (`attack`: adjacent
C1.5, one target C2.1, out-of-play hexes B2.1/F7.7, co-belligerents F5.1, an army that
failed C1.3), exploitation (`exploit`: C3.1, C3.2, C3.5), builds (`build`: P2.3,
P2.5, P1.1) and the placement of arriving forces (`place`: G5.3-G5.5, M2.1, R1.1);
French armies apart from the other Allied ones and France's own budget (G17.7, G17.8,
G17.1, G11.3) in the moves, attacks and builds.

Everything in HGW is open information (P0.4: the record sheets are open), so an answer
may speak of any army; it still never changes the state.
"""

from __future__ import annotations

from typing import Any

from grognard.core.flow import Frame
from grognard.core.game import Action, Role

from . import (
    china_purse,
    coastal_air,
    coastal_strike,
    morale_strike,
    morale_uboats,
    port_attacks,
    port_builds,
    raiders,
    replenishment,
    sea_supply,
    ship_builds,
    shipping_builds,
    shipping_counters,
    shipping_placement,
    strategic_moves,
    world_war,
)
from .across_water import over_water, water_targets
from .actions import BadAction, args
from .advance import may_exploit
from .air_combat import why_not_air
from .arrivals import arrival_area, arrival_candidates
from .board import STACK_LIMIT, army_status, free_army, geo, may_target, opponents, over_limit, stack
from .campaign import Force
from .capability import load_capability
from .china import struck, why_not_chinese_enter, why_not_chinese_partisans
from .french_production import PURSE, french_build_places
from .home_forces import why_not as why_not_home
from .italian_army import may_move_to, why_not_build
from .japan_soviet import why_not_aim as japan_soviet_aim
from .layout import HgwBoard, HgwData, placed
from .leader_phase import why_not as why_not_leader
from .limitations import confined_to
from .map import load_map
from .movement import WHOLE, can_move, routes, stacking_points
from .nations import (
    FRANCE,
    apart,
    built_nation,
    french_split,
    may_aim,
    may_enter,
    may_join,
    nation,
    vichy_boxes,
)
from .naval_phase import NAVAL_VERBS
from .naval_phase import why_not as naval_why
from .paratroops import why_not_mix
from .partisan_phase import why_not_pick
from .production import US_ALONE, build_places, buildable, describe_price, halves_left, pays, price
from .research import why_not_invest, why_not_resolve
from .research_phase import frame_conditions as research_conditions
from .scenario import BOX
from .strategic_phase import why_not_strike

Data = HgwBoard


def explain(data: HgwData, role: Role, action: Action) -> str | None:
    """Why `action` (not legal for the active `role`) is refused, or None."""
    try:
        named = args(action)  # the verb's declared shape (actions.py)
    except BadAction:
        return None
    verb = action[0]
    top = data["flow"][-1] if data["flow"] else {}
    step = top.get("state")
    home = why_not_home(data, role, top, action)  # optional Unaligned Forces (home_forces.py)
    if home is not None:
        return home
    if verb in ("to_place", "to_army"):
        if step != "move_to":
            return "first choose the points to move (an army's Move buttons), then where they go (M1.4)"
        return _destination(data, role, top, verb, str(action[1]))
    if verb == "move":
        army_id = str(named["army"])
        return _army(data, role, army_id) or _mover(data, army_id)
    if verb in ("attack", "exploit"):
        return _attack(data, role, step, verb, str(named["army"]), str(named["target"]))
    if verb == "chinese_partisans":  # G17.12 (The Pacific War): in the attack announcement
        if step != "announce":
            return "a Chinese army's partisan attack is named with the initial attacks (G17.12)"
        army_id, target = str(named["army"]), str(named["target"])
        return _army(data, role, army_id) or _mover(data, army_id) or why_not_chinese_partisans(
            data, army_id, target, struck(data)
        )
    if verb == "invade" and step == "announce":
        army_id, target = str(named["army"]), str(named["target"])
        return _army(data, role, army_id) or _mover(data, army_id) or _aim(data, army_id, target)
    if verb in strategic_moves.VERBS:  # K20.1, K21.2: strategic markers in the movement phase
        if step != "movement":
            return "strategic markers and missile counters move in the land movement phase (K20.1, K21.2)"
        return strategic_moves.why_not(data, role, top, action)
    if verb == "build" and step == "production":
        return _build(data, role, top, str(named["kind"]), str(named["site"]), str(named["at"]))
    naval_builds = (*ship_builds.VERBS, *port_builds.VERBS, *coastal_air.VERBS, *raiders.VERBS)
    if verb in naval_builds and step == "production":
        money = int(top.get("budget", 0))  # Naval Action's builds
        if verb in ship_builds.VERBS:
            return ship_builds.why_not(data, role, action, money)
        if verb in coastal_air.VERBS:
            return coastal_air.why_not(data, role, action, money)
        if verb in raiders.VERBS:
            return raiders.why_not(data, role, action, money)
        return port_builds.why_not(data, role, action, money)
    if verb in shipping_builds.VERBS and step == "production":  # Shipping 1, 9
        if int(top.get("budget", 0)) < 1:
            return "a shipping point costs one production point (K19.1, K19.9)"
        return shipping_builds.why_not(data, role, action)
    if verb == "move_shipping":  # Shipping 3
        if step != "naval_movement":
            return "shipping points move between counters in the naval movement phase (K19.3)"
        return shipping_counters.why_not_move(data, role, top, str(action[1]), None)
    if verb == "ship_to":
        if step != "shipping_to":
            return "first choose the shipping counter a point leaves (K19.3)"
        parent = data["flow"][-2]
        return shipping_counters.why_not_move(data, role, parent, str(top["start"]), str(action[1]))
    if verb == morale_uboats.VERB:  # Morale Attacks 6 (K24.6)
        return morale_uboats.why_not(data, role, action)
    if verb == port_attacks.VERB:  # Naval Action: Aircraft Carriers 5
        return port_attacks.why_not(data, role, action)
    if verb in (*replenishment.VERBS, *replenishment.STEP_VERBS):  # Naval Action: Fleet Replenishment
        return replenishment.why_not(data, role, action)
    if verb == coastal_strike.VERB:  # Naval Action: Coastal Air Strength Points 4
        return coastal_strike.why_not(data, role, action)
    if verb == morale_strike.VERB:  # Morale Attacks 5 by carriers
        return morale_strike.why_not(data, role, action)
    if verb in NAVAL_VERBS:  # Campaign Game II's naval movement (naval_phase.py)
        return naval_why(data, role, action)
    if verb == "place" and step == "place_arrivals":
        return _arrival(data, role, str(named["kind"]), str(named["place"]))
    if verb in ("invest", "roll_research") and step == "research" and top.get("role") == role:
        return _research(data, role, top, verb, named)
    if verb in ("raid", "raid_morale", "launch", "launch_morale"):  # Campaign Game II
        return why_not_strike(data, role, action)
    if verb == "partisans":
        return why_not_pick(data, role, str(named["place"]))
    if verb in ("air_attack", "paradrop"):  # Campaign Game II (air_combat.py, advance.py)
        return why_not_air(data, role, top, action)
    if verb in ("leader", "naval_leader", "move_leader", "move_naval_leader"):  # optional Leaders
        return why_not_leader(data, role, action)
    return None


def _research(data: Data, role: Role, frame: Frame, verb: str, named: dict[str, Any]) -> str | None:
    """Why an investment or a research roll is refused (Research 3-9; Research Special
    Cases 1-4; Atomic Bombs 1: research.py's own reasons)."""
    item = str(named["item"])
    if item not in load_capability().items:
        return f"no item {item!r} in the Units Capability Table"
    conditions = research_conditions(frame)
    if verb == "invest":
        count = named["count"]
        if not isinstance(count, int) or isinstance(count, bool):
            return "research takes a whole number of production points, one or two (Research 3)"
        return why_not_invest(data["research"], role, item, count, int(frame["budget"]), conditions)
    return why_not_resolve(data["research"], role, item, conditions)


def _arrival(data: Data, role: Role, kind: str, place: str) -> str | None:
    """Why an arriving point may not go to `place` (Nations Inclined toward Axis 3-5;
    the fixed hexes' overflow)."""
    pol = data.get("politics")
    waiting = (pol.get("arrivals") if pol else None) or []
    if not waiting or waiting[0]["side"] != role:
        return "no arriving points of yours wait to be placed"
    entry = waiting[0]
    if not entry["left"].get(kind):
        owed = ", ".join(f"{n} {k}" for k, n in sorted(entry["left"].items()) if n)
        return f"the {entry['name']} brings no {kind} point still to place (left: {owed})"
    where = arrival_area(entry)
    force = Force(name=entry["name"], at=tuple(entry["at"]))
    if place not in arrival_candidates(data, role, force):
        return (
            f"the {entry['name']} arrives only in the {role} hexes of {where} (G5.3, G5.4, G5.5): "
            f"{_place_words(data, place)} is not one"
        )
    if over_limit(place, stack(data, place) + 1):
        have = stack(data, place)
        return f"{place} holds {have} points: one more would pass the limit of {STACK_LIMIT} a hex (M2.1)"
    return "every army counter of your side is on the map and none stands there to take the point (R1.1)"


def _army(data: Data, role: Role, army_id: str) -> str | None:
    army = data["armies"].get(army_id)
    if army is None:
        return f"{army_id} is not an army of this game"
    if army["side"] != role:
        return f"{army['name']} is a {army['side']} army: each player commands only his own (M1.1)"
    if army["at"] is None:
        return f"{army['name']} is on the record sheet, not on the map (R1.2)"
    return None


def _mover(data: Data, army_id: str) -> str | None:
    """Why the army's points may not move or attack at all this turn."""
    army = data["armies"][army_id]
    held = world_war.why_held(data, army_id)  # Campaign Game IV: the U.S. not yet at war (G6.2)
    if held is not None and army_id in data["frozen"]:
        return held
    cut = data.get("supply_cut", {})
    if army_id in cut:
        return sea_supply.why(data, army_id, cut[army_id])  # K16.6: its sea supply route cut
    if army_id in data["frozen"]:
        return (
            f"{army['name']} could not trace full supply at the start of the turn: it may not "
            "move or attack (L2.3, L2.4)"
        )
    if not can_move(data, army_id):
        return (
            f"the points in Siberia stay put on the first turn (B2.3, G17.10): {army['name']} "
            "moves from the next turn"
        )
    return None


def _place_words(data: Data, place: str) -> str:
    owner = data["owner"].get(place)
    if place == BOX:
        return "Siberia"
    return f"{place} ({owner})" if owner else f"{place} (held by nobody)"


def _destination(data: Data, role: Role, frame: Frame, verb: str, target: str) -> str | None:
    source = frame["army"]
    name = data["armies"][source]["name"]
    if verb == "to_army":
        army = data["armies"].get(target)
        if army is None or army["at"] is None:
            return f"{target} is not an army on the map"
        if army["side"] != role:
            return (
                f"points never pass into another side's army (M1.4, G17.7): {army['name']} is {army['side']}"
            )
        if target == source:
            return f"the points already belong to {name}"
        if not may_join(data, source, target):
            return (
                f"points never pass between French and other Allied armies (G17.7, G17.8): {name} and "
                f"{army['name']} are of different nations"
            )
        place = str(army["at"])
    else:
        place = target
    into = target if verb == "to_army" else source
    if not may_move_to(data, source, place) or not may_move_to(data, into, place):  # Italian Army 3
        return f"the Italian Army's points move only inside Italian territory: {place} is outside it (O4.3)"
    chinese = why_not_chinese_enter(data, source, place)  # G17.11 (The Pacific War)
    if chinese is not None:
        return chinese
    start = placed(data["armies"][source])
    g = geo(data)
    if place not in g.places and place != BOX:
        return f"{place} is not in play in this scenario: no side may enter it (B2.1, F7.7)"
    owner = data["owner"].get(place)
    if owner != role:
        return (
            "strength points move only into and through friendly hexes (M1.2): "
            f"{_place_words(data, place)} is not {role}"
        )
    count = int(frame["count"])
    ways = routes(data, start, role, count)
    if place not in ways and shipping_counters.in_play(data) and place in routes(data, start, role, 0):
        return (  # Campaign Game II: the sea crossing needs shipping (K19.1, K19.9)
            f"not enough shipping: the shipping counters on the seas from {start} to {place} carry fewer "
            f"than {count} more points this turn (K19.1; the U.S. and Canada lane: K19.9)"
        )
    if place not in ways:
        return (
            f"no chain of {role} hexes leads from {start} to {place} (M1.2: never through or over an"
            " unfriendly hex, nor across an all-sea hexside except at a crossing arrow; a sea crossing"
            " also needs room in that sea's transport limit, F2.2)"
        )
    confine = confined_to(data, source)
    if confine is not None and place not in confine:
        return (
            "while Axis points stand in mainland France, Allied points there leave it only by an "
            "advance (G17.9)"
        )
    whole = frame["kind"] == WHOLE
    if whole and place == start and verb == "to_place":
        return f"{name} already stands in {place}"
    arriving = 0 if place == start else stacking_points(data, source, frame["kind"], count)
    if over_limit(place, stack(data, place) + arriving):
        have = stack(data, place)
        return (
            f"{place} holds {have} points: {arriving} more would pass the limit of {STACK_LIMIT} "
            "a hex (M2.1, M2.2)"
        )
    if not may_enter(data, source, place):
        return _apart(place)
    if verb == "to_place" and not whole and free_army(data, role, nation(data, source)) is None:
        return (
            "every army counter of your side is on the map: put the points into an army already "
            "there (R1.1, M1.5)"
        )
    return None


def _attack(data: Data, role: Role, step: str | None, verb: str, army_id: str, target: str) -> str | None:
    wanted = "announce" if verb == "attack" else "exploitation"
    if step != wanted:
        when = (
            "initial attacks are named together at the start of the combat phase (C1.7, C2.1)"
            if verb == "attack"
            else "exploitation comes after every initial attack is done (C1.7, C3.1)"
        )
        return f"{when}; this step asks something else"
    refused = _army(data, role, army_id) or _mover(data, army_id)
    if refused:
        return refused
    army = data["armies"][army_id]
    name = army["name"]
    status = army_status(data, army_id)
    if verb == "attack":
        if status["stopped"]:
            return f"{name} failed an advance this turn: it makes no more attacks (C1.3, C5.2)"
        if status["target"] is not None:
            return f"{name} is already named against {status['target']}: one target per army (C2.1, C1.5)"
    else:
        if status["advanced"] <= 0:
            return f"only armies that advanced in the initial attack may exploit (C3.1): {name} did not"
        if status["stopped"]:
            return f"{name} failed to advance: its attacks are over for this turn (C3.5, C5.2)"
        if status.get("closed") or not may_exploit(data, army_id):
            return (
                "exploitation goes one army at a time, with no return to an army left before "
                f"(C3.2): {name} is done"
            )
    g = geo(data)
    at = placed(army)
    if target not in g.places and target != BOX:
        return (
            f"{target} is not in play in this scenario: neutral for the whole game, never "
            "attacked (B2.1, F7.7)"
        )
    if target not in g.links.get(at, ()) and target not in water_targets(data, army_id):
        if over_water(data, army_id, target):  # Campaign Game II
            alone = "only an army of paratroop and tac air points alone"
            return f"{alone} crosses the water to attack (K14.1): {name} holds other points"
        return f"an army attacks only a hex next to its own (C1.5): {target} is not adjacent to {at}"
    if not may_target(data, role, target):
        owner = data["owner"].get(target)
        if owner is None:
            return f"{target} is neutral and out of play for the whole scenario (B2.1, F7.7)"
        if owner not in opponents(data, role) and owner != role:
            return f"{target} is {owner}: the Soviets and the Allies never attack each other (F5.1, G17.5)"
    return _aim(data, army_id, target)


def _aim(data: Data, army_id: str, target: str) -> str | None:
    """G17.8 and G11.3 (nations.may_aim) for an attack, exploitation or invasion."""
    if may_aim(data, army_id, target):
        return None
    name = data["armies"][army_id]["name"]
    chinese = why_not_chinese_enter(data, army_id, target)  # G17.11 (The Pacific War)
    if chinese is not None:
        return chinese
    japan_soviet = japan_soviet_aim(data, army_id, target)  # G17.6 (Campaign Game IV)
    if japan_soviet is not None:
        return japan_soviet
    if target in vichy_boxes(data) and target not in data["owner"]:
        where = load_map().box(geo(data).box_at[target]).name
        return f"only a Free French army may win {where} ({target}) back (G11.3): {name} is not"
    if not may_enter(data, army_id, target):
        return _apart(target)
    return (
        f"an army of the other nation already attacks {target} this turn, and French and other Allied "
        "armies never end up in one hex (G17.8)"
    )


def _apart(place: str) -> str:
    return (
        f"French armies and the other Allied armies never share a hex (G17.8): {place} holds "
        "an army of the other nation"
    )


def _build(data: Data, role: Role, frame: Frame, kind: str, how: str, where: str) -> str | None:
    kinds = buildable(data, role)  # Campaign Game II: what the research sheet prices (K3.3)
    french = french_split(data, role)
    if kind not in kinds or how not in ("army", "place", *(("french",) if french else ())):
        return f"new points are of the kinds this scenario builds: {', '.join(kinds)} (P2.1)"
    place = where
    if how == "army":
        army = data["armies"].get(where)
        if army is None or army["at"] is None or army["side"] != role:
            return f"new points join one of your armies on the map or a new one (P2.4): {where} is not"
        place = str(army["at"])
        mixed = why_not_mix(army, kind)  # Paradrop Across Water 2
        if mixed is not None:
            return f"{mixed} (K14.2): build into another army or a new one"
    italian = why_not_build(data, role, ("build", kind, how, where))  # the optional Italian Army 2
    if italian is not None:
        return italian
    halves = price(data, role, kind) or 0  # Item Cost 1 in Campaign Game II (K3.1)
    paying = pays(data, frame, ("build", kind, how, where))
    have = halves_left(frame, paying)
    costs, left = describe_price(halves), describe_price(have)
    if halves > have and paying == china_purse.CHINA:
        return f"a {kind} point costs {costs} and China's own budget has {left} left this turn (P2.1, AL 1)"
    if halves > have and paying == PURSE:
        return f"a {kind} point costs {costs} and France's own budget has {left} left this turn (P2.1, G17.1)"
    if halves > have and paying == US_ALONE:
        return (
            f"a {kind} point costs {costs}, and in its box the United States, with no supply route to"
            f" Germany, pays alone: its budget has {left} left this turn (P2.1, G17.1)"
        )
    if halves > have:
        return f"a {kind} point costs {costs} and {left} production is left this turn (P1.1, P2.1)"
    places = build_places(data, role)
    if paying == PURSE and place not in french_build_places(data, places):
        return (
            f"French points are built only in France's production hexes, or once France has fallen where"
            f" the Allies build (G17.1): {_place_words(data, place)} is not one"
        )
    if place not in places and paying != PURSE:
        return (
            f"new points appear only in a home-country hex of your side with an undevastated"
            f" production point (P2.3): {_place_words(data, place)} is not one"
        )
    if over_limit(place, stack(data, place) + 1):
        return (
            f"{place} already holds {stack(data, place)} points: new points may not overstack it (P2.5, M2.6)"
        )
    if how != "army" and apart(data, FRANCE if how == "french" else "", role, place):
        return _apart(place)
    counter = FRANCE if how == "french" else built_nation(data, role, place)  # G17.7 in the Pacific
    if how != "army" and free_army(data, role, counter) is None:
        return "every army counter of your side is on the map: build into an army already there (R1.1, P2.4)"
    if paying == "budget":  # Shipping 8 (K19.8): the first six points for armies go to the U.S.
        return shipping_placement.why_not(data, frame, role, place)
    return None
