"""The Production Phase (Production Points 1-4; Building Strength Points 1-6;
Repairing Devastated Production 1-5; Barbarossa special rules 2 and 4; Allied
Production and Lend-Lease 1-4 in The Fall of Germany).

The budget is counted once, as the phase opens: the side's undevastated points that
trace a supply route to a home-country point, Siberia's scheduled points while the box
stays Soviet, the Allied off-map boxes, less the Axis cut of 17, plus the lend-lease
gift the Soviets received last turn. Whatever is not spent by the end of the phase
is lost (Production Points 4).

Campaign Game I splits a side's production in two budgets of the production frame
(Activity Limitations 1): France's (french_production.py); a United States turned
Axis that traces no supply route to Germany or Italy, which produces alone (`US_ALONE`:
its box's points, spent only in its box); and an Axis Italy whose production points
trace no supply route to a German one (`ITALY_ALONE`: the points of the places only
Italy's points supply, spent only there; the frame lists them under `ITALY_PLACES`).
While such a route exists the U.S. or Italy shares the Axis budget, and its box or its
production places are Axis build places like Germany's.

Campaign Game II prices each strength point and fort point by the side's research
sheet (Item Cost 1-6, research.item_cost) instead of the Basic Units Cost Chart, and
what the phase leaves goes on to the partisans and the research phase (Research 3)
instead of being lost. A sheet's cost may end in a half point (Research 6): points are
spent whole, and a half-point price leaves the other half in the frame (`HALF`) for the
next half-point price of the same budget this phase (the rules are silent; a half left
at the end is lost, research taking whole points).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, goto

from . import china_purse, limitations, pacific_economy, research, shipping_placement, system_builds
from .board import (
    Data,
    armies_at,
    current_turn,
    free_army,
    geo,
    over_limit,
    points,
    production_of,
    stack,
)
from .capability import format_cost
from .forts import build, complete, dismantle, may_build_fort, may_dismantle
from .french_production import (
    PURSE,
    counted_by_allies,
    french_boxes,
    french_budget,
    french_builds,
    may_lend,
    purse,
)
from .geography import Place
from .italian_army import redress
from .nations import FRANCE, apart, built_nation, french_split, is_french
from .paratroops import why_not_mix
from .scenario import BOX, KINDS, load_scenario
from .sequence import has_system, next_step
from .supply import supplied_places, traced_once
from .tables import load_tables

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
GERMANY, ITALY = "germany", "italy"
US_ALONE = "us_alone"  # the production frame's key for a U.S. turned Axis producing alone
ITALY_ALONE = "italy_alone"  # the production frame's key for an Italy cut off from Germany
ITALY_PLACES = "italy_places"  # the places whose points Italy then produces alone
# the phases that spend what production leaves (Research 3), as the log names them
GOES_ON = {"partisans": "partisan attacks", "research": "research"}
HALF = "half"  # the production frame's key: {budget key: 1} for a half point left over


def siberia_points(data: Data) -> int:
    """Barbarossa special rule 4: nothing on the first turn, eight from Winter 1941,
    twelve from Spring 1943, while the box is Soviet; less any devastation there."""
    campaign = limitations.siberia_points(data)  # Siberian Industry 1 (Campaign Game I)
    if campaign is not None:
        return campaign
    if data["owner"].get(BOX) != "soviet":
        return 0
    turns = data["turns"]
    now = data["turn"]
    scheduled = 0
    for step in load_scenario(data["scenario"]).siberia.production:
        if step.start in turns and turns.index(step.start) <= now:
            scheduled = step.points
    return max(0, scheduled - int(data["devastated"].get(BOX, 0)))


def italy_apart(data: Data) -> set[Place]:
    """Activity Limitations 1: Germany and Italy share their production only along a
    supply route between their production points. While Italy is Axis and none of its
    undevastated points traces one to a German point, the Axis places that only Italy's
    points supply produce for Italy alone; else none (an empty set)."""
    if limitations.italy_status(data) != "axis":
        return set()
    g = geo(data)
    owner = data["owner"]
    italian = supplied_places(data, "axis", home_only=True, homes=(ITALY,))
    producing = [
        p for p in italian if owner.get(p) == "axis" and g.country[p] == ITALY and production_of(data, p)
    ]
    if not producing:
        return set()
    german = supplied_places(data, "axis", home_only=True, homes=(GERMANY,))
    if any(p in german for p in producing):
        return set()
    return {p for p in italian - german if owner.get(p) == "axis"}


def italy_budget(data: Data, apart: set[Place]) -> int:
    """What an Italy producing alone (`italy_apart`) may spend this phase."""
    return sum(production_of(data, p) for p in apart if p != BOX)


def budget(data: Data, side: str) -> int:
    """Production Points 1: what `side` may spend this phase (without what France or
    an Italy cut off from Germany produce alone: Activity Limitations 1)."""
    return budget_and_notes(data, side)[0]


def budget_and_notes(data: Data, side: str) -> tuple[int, list[str]]:
    """`budget`, with the log's words for what the Pacific adds or takes (G21, G24)."""
    split = french_split(data, side)  # Activity Limitations 1, 8: France's points apart
    full = supplied_places(data, side, home_only=True, allied_only=split)
    apart = italy_apart(data) if side == "axis" else set()
    if side == "axis":  # Swedish Production 1: the ore comes by ship (adjust_budget)
        apart.add(limitations.ore_hex(data) or BOX)
    chinese = china_purse.in_play(data, side)  # Activity Limitations 1: China's own purse
    total = sum(
        production_of(data, p)
        for p in full
        if data["owner"].get(p) == side and p != BOX and counted_by_allies(data, side, p) and p not in apart
        and not (chinese and china_purse.is_chinese_place(data, p))
    )
    if side == "soviet":
        total += siberia_points(data)
    total += limitations.siberia_held(data, side, full)  # Siberian Industry 2
    content = load_scenario(data["scenario"])
    # Allied Production: the boxes the side counts now (limitations.boxes_counted)
    french = french_boxes(data) if split else []
    boxes = [b for b in limitations.boxes_counted(data, side) if b not in french]
    total += sum(limitations.box_points(data, b) for b in boxes)
    total -= content.production_cut.get(side, 0)  # special rule 2
    total = limitations.adjust_budget(data, side, total, full)  # Campaign Game I
    pacific, notes = pacific_economy.effects(data, side, full)  # G21, G24: the shipping of the Pacific
    total += pacific
    lend_lease = data.get("lend_lease")
    if content.lend_lease is not None and lend_lease and side == content.lend_lease.receiver:
        total += int(lend_lease["gift"])  # Lend-Lease 3-4: this phase or never
        lend_lease["gift"] = 0
    return max(total, 0), notes


def lend_lease_room(data: Data, side: str, given: int) -> int:
    """Lend-Lease 1-2: how many more points the giver may pass on this phase: up to
    two through each depot the receiver still holds, four at most."""
    rule = load_scenario(data["scenario"]).lend_lease
    state = data.get("lend_lease")
    if rule is None or not state or side != rule.giver or not state["open"]:
        return 0
    held = sum(1 for d in rule.depots if data["owner"].get(d) == rule.receiver)
    return max(0, min(rule.most, rule.per_depot * held) - given)


def build_places(data: Data, side: str) -> list[Place]:
    """Building Strength Points 3: places in the side's own producing countries that
    still hold an undevastated point (a producing box counts as one)."""
    g = geo(data)
    content = load_scenario(data["scenario"])
    homes = content.build_countries.get(side) or content.home_countries[side]  # Allied Production
    result = []
    owners = data["owner"]
    for p in g.may_produce:
        if owners.get(p) != side or g.country[p] not in homes:
            continue
        if production_of(data, p) > 0 or (p == BOX and siberia_points(data) > 0):
            result.append(p)
        elif limitations.box_producing(data, side, p):
            result.append(p)  # Allied Production: the U.S. and Canada boxes (F6.1)
    us = limitations.axis_us_place(data)  # Activity Limitations 1: the U.S. builds in its box
    if side == "axis" and us is not None and limitations.box_producing(data, side, us):
        result.append(us)
    return sorted(result)


def cost(kind: str) -> int:
    """The Basic Units Cost Chart's price of a point (Building Strength Points 2)."""
    return int(getattr(load_tables().costs, kind))


def price(data: Data, side: str, kind: str) -> int | None:
    """What one `kind` point (or a fort point) costs `side` now, in half production
    points; None while research has not passed its prohibited levels (Item Cost 3).
    Campaign Game II reads the side's research sheet (Item Cost 1); the other scenarios
    keep the chart's fixed price (docs/hgw-design.md, "Which costs apply where")."""
    sheet = data.get("research")
    if sheet is not None:
        return research.item_cost(sheet, side, kind)
    return 2 * cost(kind)


def buildable(data: Data, side: str) -> list[str]:
    """The kinds of strength points the side may build: with research every kind its
    sheet prices (tac air and paratroops too), else the scenario's list."""
    if data.get("research") is not None:
        return [k for k in KINDS if price(data, side, k) is not None]
    return list(load_scenario(data["scenario"]).buildable)


def halves_left(frame: Frame, key: str) -> int:
    """What the frame's budget `key` holds, in half points (its whole points and the
    half left over by a half-point price, if any)."""
    return 2 * int(frame.get(key, 0)) + int(frame.get(HALF, {}).get(key, 0))


def charge(frame: Frame, key: str, halves: int) -> None:
    """Take `halves` half points from the frame's budget `key` (whole points first
    spent, the half kept for the next half-point price)."""
    left = halves_left(frame, key) - halves
    assert left >= 0, "charged beyond the budget"
    frame[key] = left // 2
    half = {k: v for k, v in frame.get(HALF, {}).items() if k != key}
    if left % 2:
        half[key] = 1
    if half:
        frame[HALF] = half
    else:
        frame.pop(HALF, None)


def describe_price(halves: int | None) -> str:
    return format_cost(halves)


def _whole(frame: Frame, key: str) -> str:
    """A budget for the prompt, with its half point if one is left."""
    return describe_price(halves_left(frame, key))


class Production(GameStep["HgwState"]):
    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        # the side's supply is asked of by several offers (forts, repairs, ports,
        # bombing bases, coastal air): traced once for the listing
        with traced_once(game.data):
            return self._offers(game, frame, role)

    def _offers(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        money = max(frame["budget"], frame.get(PURSE, 0), frame.get(US_ALONE, 0), frame.get(ITALY_ALONE, 0),
                    frame.get(china_purse.CHINA, 0))
        actions: list[Action] = [("end_production",)]
        spare = free_army(data, role)
        pacific = load_scenario(data["scenario"]).theater != "europe"  # the Pacific in play

        def spare_at(p: Place) -> str | None:  # G17.7 (the Pacific in play): a counter of the place's nation
            return free_army(data, role, built_nation(data, role, p)) if pacific else spare

        # Lend-Lease 1 and Activity Limitations 1, 4: both gifts come out of the side's
        # own budget, never out of France's or a lone U.S.'s purse
        if frame["budget"] > 0 and lend_lease_room(data, role, frame.get("lent", 0)):
            actions.append(("lend_lease",))
        places = build_places(data, role)
        if frame["budget"] > 0 and french_split(data, role) and may_lend(data, places):
            actions.append(("lend_lease_france",))  # Activity Limitations 1, 4

        def fits(p: Place) -> bool:
            return not over_limit(p, stack(data, p) + 1)  # Building Strength Points 5; Stacking 6

        kinds = [k for k in buildable(data, role) if (price(data, role, k) or 0) <= 2 * money + 1]
        # where each kind may be built: the same places for every kind, found once
        targets: list[tuple[str, Any]] = []
        for p in places if kinds else ():
            if not fits(p):
                continue
            # Activity Limitations 8: French armies and counters are France's to build
            targets += [("army", a) for a in armies_at(data, p, role) if not is_french(data, a)]
            if spare_at(p) is not None and not apart(data, "", role, p):
                targets.append(("place", p))
        for kind in kinds:
            # Paradrop Across Water 2: no build puts paratroop and amphibious points together
            actions += [
                ("build", kind, where, what)
                for where, what in targets
                if where == "place" or why_not_mix(data["armies"][what], kind) is None
            ]
        actions += french_builds(data, role, kinds, places, fits)
        # traced only when a fort or a repair asks: a search lists these actions often
        supplied = cache(lambda: supplied_places(data, role, home_only=False))
        fort_price = price(data, role, "fort")  # Fortifications 1; Item Cost 1 in Campaign Game II
        if (
            load_scenario(data["scenario"]).fort_building
            and fort_price is not None
            and fort_price <= 2 * money + 1
        ):
            # Fortifications 1-4: offered where the side has an army or a fort already
            sites = {x["at"] for x in data["armies"].values() if x["side"] == role and x["at"] is not None}
            sites |= {p for p, f in data.get("forts", {}).items() if f["side"] == role}
            actions += [
                ("fort", p)
                for p in sorted(sites & supplied())
                if may_build_fort(data, role, p) and limitations.fort_allowed(data, role, p)
            ]
            if may_dismantle(data, role, 2 * money + 1, fort_price):
                forts = data.get("forts", {})
                actions += [("dismantle_fort", p) for p in sorted(forts) if forts[p]["side"] == role]
        actions += system_builds.offers(data, role, money)  # Campaign Game II's systems
        if load_tables().costs.repair <= money:
            for p, lost in sorted(data["devastated"].items()):
                repairable = lost - int(data["permanent"].get(p, 0))
                if repairable > 0 and data["owner"].get(p) == role and p in supplied():
                    actions.append(("repair", p))
        # Shipping 8: once the U.S. is an Ally, the first six points for armies go there
        armies = data["armies"]
        actions = shipping_placement.restrict(
            data,
            frame,
            role,
            actions,
            lambda a: placed_at(armies, a),
            lambda a: pays(data, frame, a) == "budget",
        )
        # the optional Italian Army 2: a short Italian force is made good first
        affordable = _affordability(data, frame)
        return redress(data, role, [a for a in actions if affordable(a)])

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "end_production":
            spending = [GOES_ON[p] for p in GOES_ON if has_system(data, p)]
            if frame["budget"] and spending:  # Research 3: what is left goes on
                game.log(f"{role} keeps {points(frame['budget'])} of production for {' and '.join(spending)}")
            elif frame["budget"]:
                game.log(f"{role} leaves {points(frame['budget'])} of production unspent (lost)")
            if frame.get(PURSE):
                game.log(f"France leaves {points(frame[PURSE])} of production unspent (lost)")
            if frame.get(china_purse.CHINA):
                game.log(f"China leaves {points(frame[china_purse.CHINA])} of production unspent (lost)")
            if frame.get(US_ALONE):
                game.log(f"the United States leaves {points(frame[US_ALONE])} of production unspent (lost)")
            if frame.get(ITALY_ALONE):
                game.log(f"Italy leaves {points(frame[ITALY_ALONE])} of production unspent (lost)")
            # Research 3: in Campaign Game II what production leaves goes on to the
            # partisans and the research phase (sequence.py); next_turn ignores it
            goto(data["flow"], next_step(data, "production"), player=role, budget=frame["budget"])
            return
        builder = system_builds.provider(data, action)
        if builder is not None:  # a Campaign Game II system's build
            charge(frame, pays(data, frame, action), 2 * int(builder.cost(data, role, action)))
            builder.apply(game, role, action)
            return
        if action[0] == "lend_lease":
            frame["budget"] -= 1
            frame["lent"] = frame.get("lent", 0) + 1
            rule = load_scenario(data["scenario"]).lend_lease
            assert rule is not None  # offered only under the rule
            data["lend_lease"]["gift"] += 1
            game.log(f"{role} gives one production point of lend-lease to the {rule.receiver} player")
            return
        if action[0] == "lend_lease_france":
            frame["budget"] -= 1
            frame[PURSE] = frame.get(PURSE, 0) + 1
            game.log(f"{role} gives one production point of lend-lease to France")
            return
        if action[0] == "fort":
            charge(frame, pays(data, frame, action), _price(data, role, "fort"))
            build(data, role, action[1])
            game.log(f"{role} builds one fort point in {action[1]} (under construction)")
            return
        if action[0] == "dismantle_fort":
            lost = dismantle(data, action[1])  # Fortifications 4
            game.log(f"{role} dismantles the fort in {action[1]}: {points(lost)} eliminated")
            return
        if action[0] == "repair":
            place = action[1]
            frame[pays(data, frame, action)] -= load_tables().costs.repair
            data["devastated"][place] -= 1
            if data["devastated"][place] <= 0:
                del data["devastated"][place]
            game.log(f"{role} repairs one production point in {place}")
            return
        kind, how, where = action[1], action[2], action[3]
        paying = pays(data, frame, action)
        if china_purse.air_lend(data, frame, action):  # G17.4: the U.S.'s tac air point for China
            frame[china_purse.AIR] = int(frame.get(china_purse.AIR, 0)) + 1
            game.log(f"{role} lends Nationalist China one tac air point (G17.4)")
        charge(frame, paying, _price(data, role, kind))
        if paying == china_purse.CHINA:  # Activity Limitations 2: lent points spent first
            china_purse.spent(data, frame, action, _price(data, role, kind))
        if how == "army":
            army_id = where
        else:
            spare = free_army(data, role, FRANCE if how == PURSE else built_nation(data, role, where))
            assert spare is not None  # offered only with a spare counter
            army_id = spare
            data["armies"][army_id]["at"] = where
        data["armies"][army_id]["sp"][kind] += 1
        army = data["armies"][army_id]
        game.log(f"{role} builds one {kind} point for {army['name']} in {army['at']}")
        shipping_placement.count(data, frame, role, army["at"], own=paying == "budget")  # Shipping 8

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        french = f" (France: {frame[PURSE]})" if PURSE in frame else ""
        french += f" (China: {frame[china_purse.CHINA]})" if china_purse.CHINA in frame else ""
        us = f" (the United States alone: {frame[US_ALONE]})" if US_ALONE in frame else ""
        italy = f" (Italy alone: {frame[ITALY_ALONE]})" if ITALY_ALONE in frame else ""
        left = f"{_whole(frame, 'budget')} production points left{french}{us}{italy}"
        sheet = ""
        if game.data.get("research") is not None:  # Item Cost 1: the research sheet's prices
            kinds = [*buildable(game.data, frame["role"]), "fort"]
            sheet = "; a point costs " + ", ".join(
                f"{k.replace('_', ' ')} {describe_price(price(game.data, frame['role'], k))}" for k in kinds
            )
        return f"{frame['role']}: build and repair with {left}{sheet}"


def pays(data: Data, frame: Frame, action: Action) -> str:
    """The frame's budget that pays for `action`: a U.S. producing alone pays for what
    is built or repaired in its box, and only it can; an Italy producing alone pays for
    what goes to its places, and only it can; else french_production.purse."""
    if US_ALONE in frame and placed_at(data["armies"], action) == limitations.axis_us_place(data):
        return US_ALONE
    if ITALY_ALONE in frame and placed_at(data["armies"], action) in frame.get(ITALY_PLACES, ()):
        return ITALY_ALONE
    if china_purse.pays(data, frame, action):  # Activity Limitations 1: China pays for China
        return china_purse.CHINA
    return purse(data, action)


def placed_at(armies: dict[str, Any], action: Action) -> Place | None:
    """The place a build ("build", kind, "army" | "place" | "french", army | hex), a
    repair or a fort goes to; `armies` is the game's or a view's army record."""
    if action[0] == "build":
        return str(armies[action[3]]["at"]) if action[2] == "army" else str(action[3])
    if action[0] in ("repair", "fort"):
        return str(action[1])
    return None


def _affordability(data: Data, frame: Frame) -> Callable[[Action], bool]:
    """Is the budget that pays for an action (`pays`) big enough? For one listing of
    the production actions: each verb's system provider and each kind's price are
    found once, not once an action (a listing holds a build per kind and army)."""
    role = frame["role"]
    providers = system_builds.providers_by_verb(data)
    prices: dict[str, int] = {}

    def affordable(action: Action) -> bool:
        kind = action[0]
        builder = providers.get(kind)
        if builder is not None:
            halves = 2 * int(builder.cost(data, role, action))
        elif kind in ("build", "fort"):
            item = action[1] if kind == "build" else "fort"
            if item not in prices:
                prices[item] = _price(data, role, item)
            halves = prices[item]
        elif kind == "repair":
            halves = 2 * load_tables().costs.repair
        else:
            return True
        if not china_purse.room(data, frame, action, halves):  # Activity Limitations 2
            return False
        return halves_left(frame, pays(data, frame, action)) >= halves

    return affordable


def _price(data: Data, side: str, kind: str) -> int:
    """`price` for a point that is offered, so never prohibited."""
    halves = price(data, side, kind)
    if halves is None:
        raise ValueError(f"{side} may not build {kind} points yet (Item Cost 3)")
    return halves


def open_production(game: HgwState, side: str) -> None:
    # the budget, China's purse and the lone budgets ask the same supply questions;
    # nothing done here moves a route (completing forts does not)
    with traced_once(game.data):
        _open_production(game, side)


def _open_production(game: HgwState, side: str) -> None:
    data = game.data
    money, notes = budget_and_notes(data, side)
    data["phase"] = "production"
    for place in complete(data, side):  # Fort Strength Under Construction 1
        game.log(f"the fort points built in {place} are completed")
    game.log(f"{side} has {points(money, 'production')} this turn ({current_turn(data)})")
    for note in notes:
        game.log(note)  # G21, G24 (the Pacific)
    # Activity Limitations 1, 2; F5.5, G17.4: China's purse, and what the U.S. lends it
    china, lent = china_purse.open_purse(game, side, money, build_places(data, side))
    money -= lent
    if french_split(data, side):  # Activity Limitations 1: France's own budget
        french = french_budget(data)
        game.log(f"France has {points(french, 'production')} of its own this turn")
        goto(data["flow"], "production", role=side, budget=money, **{PURSE: french}, **china)
        return
    extra: dict[str, Any] = dict(china)
    apart = italy_apart(data) if side == "axis" else set()
    if apart:  # Activity Limitations 1: cut off from Germany, Italy produces alone
        italy = italy_budget(data, apart)
        game.log(f"Italy, cut off from Germany, has {points(italy, 'production')} of its own")
        extra |= {ITALY_ALONE: italy, ITALY_PLACES: sorted(apart)}
    full = supplied_places(data, side, home_only=True) if side == "axis" else set()
    alone = limitations.axis_us_alone(data, full) if side == "axis" else None
    if alone is not None:  # Activity Limitations 1: cut off from Germany, it produces alone
        game.log(f"the United States, cut off from Germany, has {points(alone, 'production')} of its own")
        extra[US_ALONE] = alone
    goto(data["flow"], "production", role=side, budget=money, **extra)
