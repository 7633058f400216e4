"""Why an order placement, a move or a purchase is refused (Ruleset.explain_illegal;
issue 9, section 5).

The browser asks when a click does nothing: the page names the action the click meant
(`intent` in web/games/virtuti.js) and the answer names the rule in the way, by the case
numbers of docs/rules/virtuti-cases.toml. Covered: order placement (`order`: P6.1 where
orders may stand, P1.2 mud, P8.7 out of supply; the order id "*" asks about an area
whatever the order), executing an order (`execute`: P7.1), moves (`send`: moves only
with the order of their area P7.3, adjacency P7.3, neutral and allied areas G1.5,
transport over sea P7.4, fleets and straits P7.5, maneuvers P7.6, strategic movement
P7.8, one battle per order P7.3, stacking by the logistics track G1.3/G1.4), ending
an order over the stacking limits (`go`: G1.4) and purchases without the PP or the
technology (`buy`, `logistics`, `orders`, `research`: P5.1, P5.4, P5.6, P5.7).

Orders, cards and purchases are secret until their reveal (G1.1): every answer is
worked out from `public_data`, the data as the asking role may see it, so a reason
never tells of the other player's hidden choices (where one would decide, the core's
generic answer stands).
"""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action, Role
from grognard.core.words import with_article

from .board import (
    ARMOUR,
    ROLE_OF,
    Data,
    Unit,
    acting_factions,
    content,
    controller,
    enemy_units_in,
    is_naval,
    kind_of,
    neighbours,
    stack_allowance,
    units,
    vmap,
)
from .movement import (
    SUB_NAMES,
    SUB_PHASES,
    battle_at,
    destinations,
    may_go,
    order_kind,
    strait_open,
    strategic_reach,
    unsent,
)
from .planning import area_refuses
from .production import research_cost
from .secrets import public_data
from .stacking import can_finish
from .steps import SECRET_KINDS
from .verbs import BadAction, args

ANY_ORDER = "*"  # an order placement asked about the area, whatever the order


def explain(data: Data, role: Role, action: Action) -> str | None:
    """Why `action` (not legal for the active `role`) is refused, or None."""
    try:
        named = args(action)  # the verb's declared shape (verbs.py)
    except BadAction:
        return None
    seen = public_data(data, role)
    verb = action[0]
    top: dict[str, Any] = data["flow"][-1] if data["flow"] else {}
    secret = (data.get("secret") or {}).get("kind") if top.get("state") in SECRET_KINDS else None
    if verb == "order":
        if secret != "planning":
            return "orders are placed in the Planning Phase only, in secret (P6.0)"
        return _order(seen, role, str(named["faction"]), str(named["order"]), str(named["area"]))
    if verb == "execute" and top.get("state") == "ops":
        return _execute(seen, role, top, str(named["area"]))
    if verb == "send":
        return _send(seen, role, top, str(named["unit"]), str(named["to"]))
    if verb == "go" and top.get("state") in ("move", "strategic") and not may_go(seen, top):
        f = top["f"]
        allowance = stack_allowance(seen, f)
        return (
            f"{_fw(f)}'s stacks would not fit its logistics track (stacks allowed: {allowance})"
            " with the units sent so far, whether or not the attackers advance: send more of them on"
            " first (G1.3, G1.4)"
        )
    if verb in ("buy", "logistics", "orders", "research"):
        if secret != "production":
            return "units, order sets, logistics and research are bought in the Production Phase (P5.0)"
        return _purchase(seen, role, verb, named)
    return None


def _faction(role: Role, faction: str, data: Data) -> str | None:
    if faction not in ROLE_OF:
        return f"{_fw(faction)} is not a faction of the game"
    if ROLE_OF[faction] != role:
        return f"{_fw(faction)} is the other player's faction: each side gives orders only to its own (P6.1)"
    if faction not in acting_factions(data, role):
        return f"{_fw(faction)} does not act yet (G1.6: the USSR starts inactive)"
    return None


def _order(data: Data, role: Role, faction: str, order_id: str, area: str) -> str | None:
    refused = _faction(role, faction, data)
    if refused:
        return refused
    if kind_of_safe(area) is None:
        return f"{area} is not an area of the map"
    if not any(u["a"] == area and u["f"] == faction for u in units(data)):
        return f"orders go where your units are: {_n(area)} has none of {_fw(faction)}'s units (P6.1)"
    placed = data["orders"].get(area)
    if placed is not None and ROLE_OF[placed["f"]] == role:
        return f"{_n(area)} holds an order already: one order per area (P6.1)"
    pool = data["factions"][faction]["orders"]
    if order_id != ANY_ORDER:
        if pool.get(order_id, 0) < 1:
            return f"no {order_id} order is left in {_fw(faction)}'s pool (P6.1)"
        why = area_refuses(data, order_id, area)
        return f"{why} ({_rule_of(why)})" if why else None
    left = sorted(o for o, n in pool.items() if n > 0)
    if not left:
        return f"{_fw(faction)} has no order token left in its pool (P6.1)"
    reasons = {area_refuses(data, o, area) for o in left}
    if None in reasons:
        return None  # some order fits: the page lights the area, the core answers
    worded = sorted(f"{r} ({_rule_of(r)})" for r in reasons if r)
    return f"none of {_fw(faction)}'s orders left may stand in {_n(area)}: " + "; ".join(worded)


def _n(area: str) -> str:
    """An area's name as the map prints it ("Stettin (port)")."""
    return str(vmap().graph.area(area).name)


def _fw(faction: str) -> str:
    return {"axis": "the Axis", "western_allies": "the Western Allies", "ussr": "the USSR"}.get(
        faction, faction
    )


def kind_of_safe(area: str) -> str | None:
    try:
        return kind_of(area)
    except KeyError:
        return None


def _rule_of(reason: str) -> str:
    """The case a refusal of planning.area_refuses comes from."""
    if "mud" in reason:
        return "P6.1, P1.2"
    if "out of supply" in reason:
        return "P6.1, P8.7"
    return "P6.1"


def _execute(data: Data, role: Role, frame: dict[str, Any], area: str) -> str | None:
    order = data["orders"].get(area)
    sub = int(frame["sub"])
    if order is None:
        return f"{_n(area)} holds no order to execute"
    if ROLE_OF[order["f"]] != role:
        return f"the order in {_n(area)} is the other player's"
    if order_kind(order["o"]) not in SUB_PHASES[sub]:
        return (
            f"this sub-phase executes the {SUB_NAMES[sub]} orders; the {order['o']} order in {_n(area)}"
            " waits for its own (P7.1)"
        )
    return "factions execute their orders one at a time in initiative order: wait for your turn (P7.1)"


def _send(data: Data, role: Role, frame: dict[str, Any], uid: str, dest: str) -> str | None:
    unit = data["units"].get(uid)
    if unit is None or ROLE_OF[unit["f"]] != role:
        return f"{uid} is not one of your units"
    if frame.get("state") not in ("move", "strategic"):
        return (
            "units move only when the Move, Maneuver, Landing or Strategic Movement order of their"
            " area is executed in the Operations Phase (P7.0, P7.3)"
        )
    if unit["f"] != frame["f"] or unit["a"] != frame["area"]:
        return f"only units in {_n(frame['area'])}, where the order is executed, move with it (P7.3)"
    if unit["ex"]:
        return f"{uid} is exhausted: it regains readiness in the Summary Phase (P10.5)"
    plan = frame["plan"]
    if uid in plan:
        return f"{uid} is already sent to {_n(plan[uid])} with this order"
    f = frame["f"]
    if kind_of_safe(dest) is None:
        return f"{dest} is not an area of the map"
    if frame["state"] == "strategic":
        refused = _strategic(data, f, frame, unit, dest)
    else:
        refused = _move(data, f, frame, unit, dest)
    if refused:
        return refused
    left = {k: v for k, v in unsent(data, frame).items() if k != uid}
    battles = {d for ds in (*left.values(), [dest], plan.values()) for d in ds if battle_at(data, f, d)}
    if not can_finish(data, f, {**plan, uid: dest}, left, battles):
        allowance = stack_allowance(data, f)
        return (
            f"{_fw(f)}'s stacks could not fit its logistics track once the order ends, whatever the"
            f" units left do (stacks allowed: {allowance}); a move may pass over the limits only until"
            " it ends (G1.3, G1.4)"
        )
    return None


def _strategic(data: Data, f: str, frame: dict[str, Any], unit: Unit, dest: str) -> str | None:
    if is_naval(unit):
        return "strategic movement carries land units only (P7.8)"
    if dest not in strategic_reach(data, f, frame["area"]):
        return (
            f"strategic movement goes only through a path of {_fw(f)}'s own areas, never through a"
            f" stack of four (P7.8, G1.4): none leads to {_n(dest)}"
        )
    return None


def _move(data: Data, f: str, frame: dict[str, Any], unit: Unit, dest: str) -> str | None:
    if dest in destinations(data, frame, unit):
        battles = {d for d in frame["plan"].values() if battle_at(data, f, d)}
        if battle_at(data, f, dest) and battles and dest not in battles:
            return (
                "one Move order starts at most one battle (P7.3): this one already attacks "
                f"{_n(min(battles))}"
            )
        return None
    here = unit["a"]
    if frame.get("landing"):
        if is_naval(unit):
            return "fleets stay put during an amphibious landing: it carries land units (P7.7)"
        return (
            "the landing goes to enemy coastal areas in clear weather at the end of a chain of "
            f"your fleets (P7.7): not {_n(dest)}"
        )
    if is_naval(unit):
        return _fleet(data, f, frame, here, dest)
    if kind_of(dest) != "land":
        return f"land units move into land areas (P7.3); {_n(dest)} is a {kind_of(dest)} area"
    holder = controller(data, dest)
    if holder is None:
        return f"{_n(dest)} is neutral: a war must be declared on it first (G1.5, P7.3, P9.3)"
    if holder != f and ROLE_OF[holder] == ROLE_OF[f]:
        return (
            f"{_n(dest)} is {_fw(holder)}'s: the USSR and the Western Allies never enter each other's "
            "areas (G1.5, P7.3)"
        )
    if frame["maneuver"]:
        reach = 2 if unit["t"] in ARMOUR else 1
        if enemy_units_in(data, f, dest):
            return "a maneuver never enters an area with enemy units (P7.6)"
        return (
            f"a maneuver takes armour up to two areas and other units one ({unit['t']}: {reach}), through"
            " your own areas and never through a stack of four (P7.6, G1.4)"
        )
    if dest in neighbours(here, ("land",)):
        return None  # adjacent and enterable: the stacking check decides
    return (
        f"a Move order takes units to an adjacent area (P7.3); {_n(dest)} is farther, and going by sea"
        " needs a port at both ends, held by you, and a chain of your fleets between (P7.4)"
    )


def _fleet(data: Data, f: str, frame: dict[str, Any], here: str, dest: str) -> str:
    if frame["maneuver"]:
        return "a maneuver moves land units only (P7.6)"
    if dest not in neighbours(here, ("sea", "port")):
        return f"a fleet moves to an adjacent sea zone or port (P7.5); {_n(dest)} is not next to {_n(here)}"
    if kind_of(dest) == "port":
        return f"a fleet enters only ports its faction controls (P7.5): {_n(dest)} is not {_fw(f)}'s"
    if kind_of(here) == "sea" and not strait_open(data, f, here, dest):
        return (
            "a fleet passes a strategic strait only while its faction holds the strait's land "
            f"area (P7.5): {_n(here)}-{_n(dest)}"
        )
    return f"{_n(dest)} holds fleets of two enemy factions: no fleet enters it (P7.5)"


def _purchase(data: Data, role: Role, verb: str, named: dict[str, Any]) -> str | None:
    faction = str(named["faction"])
    refused = _faction(role, faction, data)
    if refused:
        return refused
    rec = data["factions"][faction]
    pp = rec["pp"]
    c = content()
    if verb == "buy":
        kind = next((u for u in c.units if u.id == named["type"]), None)
        if kind is None:
            return f"{named['type']} is not a unit of the game"
        level = next((lv for lv in kind.levels if lv.level == named["level"]), None)
        if level is None:
            return f"{with_article(kind.name)} has no level {named['level']}"
        if level.level > rec["tech"][kind.technology]:
            have = rec["tech"][kind.technology]
            return (
                f"a level-{level.level} {kind.name.lower()} needs {kind.technology} technology "
                f"{level.level}; {_fw(faction)} has {have} (P5.1, P5.8)"
            )
        return _short(level.cost, pp, f"a level-{level.level} {kind.name.lower()}", faction, "P5.1")
    if verb == "logistics":
        if rec["logistics"] >= 8:
            return f"{_fw(faction)} is at the top of the logistics track (8) (P5.6, G1.3)"
        return _short(rec["logistics"] + 1, pp, "the next step of the logistics track", faction, "P5.6")
    if verb == "orders":
        found = next((s for s in c.order_sets if s.id == named["set"]), None)
        if found is None:
            return f"{named['set']} is not an order set of the game"
        return _short(found.price, pp, f"the {found.id} order set", faction, "P5.4")
    if verb == "research":
        tech = str(named["technology"])
        if tech not in rec["tech"]:
            return f"{tech} is not a technology of the game"
        price = research_cost(rec["research"].get(tech, 0))
        return _short(price, pp, f"the next research point in {tech}", faction, "P5.7")
    return None


def _short(price: float, pp: float, what: str, faction: str, rule: str) -> str | None:
    """The refusal of a purchase the faction's PP do not cover, or None."""
    return f"{what} costs {price:g} PP and {_fw(faction)} has {pp:g} ({rule})" if price > pp else None
