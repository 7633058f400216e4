"""Campaign Game I's production and activity limitations, as the questions production,
supply and movement ask (Production Limitations: Soviet Mobilization 1-4, Siberian
Industry 1, Swedish Production 1-4, Suez Canal, United States, French Fortifications;
Italy 4-5 for the Mediterranean; United States 3 for its growing production).

Each function answers for the scenarios without politics exactly as before, so the
phase modules may call them unconditionally.
"""

from __future__ import annotations

from typing import Any

from .campaign import CampaignRules
from .fleets import fire_based_on
from .geography import Place, geography
from .layout import HgwBoard, Politics
from .map import load_map
from .neutrality import politics, rules_of
from .scenario import BOX, load_scenario
from .tables import load_tables

Data = HgwBoard
MEDITERRANEAN = "Mediterranean"


def _working(data: Data, place: Place) -> int:
    """Undevastated production points at a place (board.production_of, which this
    module may not import: victory.py reaches it from board.py)."""
    return max(0, geography(data["scenario"]).production[place] - int(data["devastated"].get(place, 0)))


def turn_order(name: str) -> int:
    """The position of a turn on the whole Time Record (Winter 1939 = 0)."""
    return load_tables().turns().index(name)


def now(data: Data) -> int:
    return turn_order(str(data["turns"][data["turn"]]))


def season(data: Data) -> str:
    return str(data["turns"][data["turn"]]).split()[0]


def fort_allowed(data: Data, side: str, place: Place) -> bool:
    """French Fortifications: the scenario's dated territories take no fort point of
    `side` (a new counter or more points) before their turn; Winter 1940 for France in
    Campaign Game I. Every other place answers True."""
    country = geography(data["scenario"]).country.get(place)
    return all(
        now(data) >= turn_order(date.first)
        for date in load_scenario(data["scenario"]).fort_dates
        if date.side == side and date.territory == country
    )


def campaign_state(data: Data) -> tuple[CampaignRules, Politics] | None:
    rules, pol = rules_of(data), politics(data)
    if rules is None or pol is None:
        return None
    return rules, pol


def italy_status(data: Data) -> str:
    """"unaligned", "axis", "allied" or "surrendered" (Italy 1-5)."""
    found = campaign_state(data)
    if found is None:
        return "unaligned"
    _, pol = found
    if "italy" in pol["surrendered"]:
        return "surrendered"
    return str(pol["joined"].get("italy", "unaligned"))


def has_surrendered(data: Data, nation: str) -> bool:
    pol = politics(data)
    return bool(pol and nation in pol["surrendered"])


def sea_limits(data: Data, side: str) -> dict[str, int]:
    """Strength Point Movement Across Seas 1 per side, with the Mediterranean of Italy
    4-5 in Campaign Game I: the Allies move freely there until Italy joins the Axis and
    again once it surrenders; in between two points while they hold Gibraltar or France
    stands, else none; the Axis two points while Italy is with it, three with Malta."""
    content = load_scenario(data["scenario"])
    limits = dict(content.sea_transport.get(side, {}))
    for sea in content.fleet_transport.get(side, ()):  # the Axis: its fleets' fire points
        fire = fire_based_on(data, side, sea)
        if fire > 0:
            limits[sea] = fire
    found = campaign_state(data)
    if found is None:
        return limits
    rules, _ = found
    italy = italy_status(data)
    owner = data["owner"]
    if side == "axis":
        limits.pop(MEDITERRANEAN, None)
        if italy == "axis":
            limits[MEDITERRANEAN] = 3 if owner.get(rules.italy.malta) == "axis" else 2
    elif side == "allied" and italy == "axis":
        holds = owner.get(rules.italy.gibraltar) == "allied" or not has_surrendered(data, "france")
        if holds:
            limits[MEDITERRANEAN] = 2
        else:
            limits.pop(MEDITERRANEAN, None)
    return limits


def supply_seas(data: Data, side: str) -> tuple[str, ...]:
    """Supply Route 1 with Italy 4: the seas `side` traces supply through. While Italy
    is Axis the Allies trace through the Mediterranean only if Gibraltar, France or the
    Suez is theirs; the Axis traces through it while Italy is with it."""
    content = load_scenario(data["scenario"])
    seas = list(content.friendly_seas.get(side, ()))
    # Supply Route 1: a sea is friendly while the side can carry a point through it
    seas += [s for s in content.fleet_transport.get(side, ()) if fire_based_on(data, side, s) > 0]
    found = campaign_state(data)
    if found is None:
        return tuple(seas)
    rules, _ = found
    italy = italy_status(data)
    owner = data["owner"]
    seas = [s for s in seas if s != MEDITERRANEAN]
    if side == "axis" and italy == "axis":
        seas.append(MEDITERRANEAN)
    if side == "allied":
        keeps = (
            italy != "axis"
            or owner.get(rules.italy.gibraltar) == "allied"
            or not has_surrendered(data, "france")
            or owner.get(rules.italy.suez) == "allied"
        )
        if keeps:
            seas.append(MEDITERRANEAN)
    return tuple(seas)


def mobilization_limited(data: Data) -> bool:
    pol = politics(data)
    return bool(pol and pol["mobilization"] != "lifted")


def siberia_points(data: Data) -> int | None:
    """Soviet Mobilization 4 and Siberian Industry 1: nothing until the turn after the
    mobilization limit is lifted, then eight, and twelve from Spring 1943; None for
    the scenarios that schedule Siberia in their own data."""
    found = campaign_state(data)
    if found is None:
        return None
    rules, pol = found
    if data["owner"].get(BOX) != "soviet" or pol["lifted_at"] is None or data["turn"] <= pol["lifted_at"]:
        return 0
    full = now(data) >= turn_order(rules.siberia.full_from)
    scheduled = rules.siberia.full if full else rules.siberia.light
    return max(0, scheduled - int(data["devastated"].get(BOX, 0)))


def ore_hex(data: Data) -> Place | None:
    """Swedish Production 1: the ore field whose points reach Germany only by shipping
    (so the Axis budget counts them through `swedish_points`, never as a place of its
    own); None outside Campaign Game I."""
    rules = rules_of(data)
    return rules.sweden.hex if rules is not None else None


def swedish_points(data: Data, full: set[Place]) -> int:
    """Swedish Production 1-4: Germany's share of the ore of 0539 (the map's points
    there, less any devastation), by season: in winter all through Narvik, in spring
    half through Narvik and the rest through the Swedish port, in summer all through the
    Swedish port; each port counts while it is neutral or Axis. Without U-boats nothing
    intercepts the route, so it carries full capacity. Once the Axis has attacked
    Sweden (it stays unaligned: Violation of Neutrality 5) neutral shipping stops, and
    the ore flows again only from an Axis 0539 in full supply (`full`, the Axis's
    full-supply places); an 0539 of another side ships nothing to Germany."""
    found = campaign_state(data)
    if found is None:
        return 0
    rules, pol = found
    sweden = rules.sweden
    holder = data["owner"].get(sweden.hex)
    if holder not in (None, "axis"):
        return 0
    if holder is None and "sweden" in pol.get("axis_attacked", ()):
        return 0  # Swedish Production 4: lost until a route is re-established
    if holder == "axis" and sweden.hex not in full:
        return 0

    def usable(h: Place) -> bool:
        return data["owner"].get(h) in (None, "axis")

    ore = _working(data, sweden.hex)
    half = ore // 2
    narvik, port = usable(sweden.narvik), usable(sweden.port)
    by_season = {
        "Winter": ore if narvik else 0,
        "Spring": (half if narvik else 0) + (ore - half if port else 0),
        "Summer": ore if port else 0,
    }
    return by_season.get(season(data), 0)


def us_points(data: Data) -> int:
    """United States 3: sixteen the turn it enters, one more each turn after."""
    found = campaign_state(data)
    if found is None:
        return 0
    rules, pol = found
    if pol["us_since"] is None or has_surrendered(data, "united_states"):
        return 0
    return rules.us_first + rules.us_step * (int(data["turn"]) - int(pol["us_since"]))


def axis_us_place(data: Data) -> Place | None:
    """Violation of Neutrality 2-3: the U.S. box while the United States, turned Axis by
    an Allied attack, stands on the Axis side and the Axis holds its box."""
    found = campaign_state(data)
    if found is None:
        return None
    rules, pol = found
    place = box_place(data, rules.us_box)
    if pol["joined"].get("united_states") != "axis" or place is None or data["owner"].get(place) != "axis":
        return None
    return place


def axis_us_points(data: Data, full: set[Place]) -> int:
    """What a United States turned Axis adds to the Axis budget: its box's printed
    points (no growth: United States 3 speaks of the Allied side only) while the box
    traces supply to Germany or Italy (Activity Limitations 1: shared along a supply
    route); cut off, it produces alone (`axis_us_alone`)."""
    place = axis_us_place(data)
    if place is None or place not in full:
        return 0
    return box_points(data, geography(data["scenario"]).box_at[place])


def axis_us_alone(data: Data, full: set[Place]) -> int | None:
    """Activity Limitations 1: with no supply route to Germany or Italy, a United States
    turned Axis produces independently: its points, spent only in its box; None when
    the U.S. is not Axis or shares with Germany."""
    place = axis_us_place(data)
    if place is None or place in full:
        return None
    return box_points(data, geography(data["scenario"]).box_at[place])


def box_place(data: Data, box_id: str) -> Place | None:
    """The hex that stands for a sea box in this scenario, if it plays it as a place."""
    where = load_map().box(box_id).hex
    return where if where in geography(data["scenario"]).box_at else None


def box_points(data: Data, box_id: str) -> int:
    """A box's production less what an advance into it devastated (Off-Map Combat 2)."""
    place = box_place(data, box_id)
    lost = int(data["devastated"].get(place, 0)) if place is not None else 0
    return max(0, load_map().box(box_id).production - lost)


def boxes_counted(data: Data, side: str) -> list[str]:
    """The off-map boxes whose points `side` counts now: the scenario's list, less a
    box played as a place that is not the side's own (French Africa unaligned after
    France 3, a box an opponent captured: Off-Map Combat 2), less India while the Axis
    holds the Suez or Gibraltar (Suez Canal)."""
    boxes = list(load_scenario(data["scenario"]).box_production.get(side, ()))
    owner = data["owner"]
    boxes = [b for b in boxes if (p := box_place(data, b)) is None or owner.get(p) == side]
    found = campaign_state(data)
    if found is None or side != "allied":
        return boxes
    rules, _ = found
    if any(owner.get(h) == "axis" for h in rules.suez_hexes):
        boxes = [b for b in boxes if b != rules.suez_box]
    if has_surrendered(data, "france"):
        boxes = [b for b in boxes if b not in rules.france.boxes or box_place(data, b) is not None]
    return boxes


def box_producing(data: Data, side: str, place: Place) -> bool:
    """Is `place` a sea box of `side` with undevastated points? Such a box is a
    production place: supply traces to it (Line of Supply 1-2: the points exist even
    while the budget leaves them out, as India's with the Suez lost), and new points may
    be built there where the side builds in its country (Allied Production)."""
    box_id = geography(data["scenario"]).box_at.get(place)
    if box_id is None or data["owner"].get(place) != side:
        return False
    return box_points(data, box_id) > 0


def adjust_budget(data: Data, side: str, total: int, full: set[Place]) -> int:
    """Campaign Game I's changes to a production budget counted the usual way (with
    the scenario's boxes): Soviet Mobilization 1-2 (at most eight points inside the
    Soviet Union, points outside it in full), Swedish Production, the United States,
    and the boxes of `boxes_counted`."""
    # U-Boat Attack 6-7: what U-boats took off the side's routes, deducted once (sea_war.py)
    total -= int(data.get("route_losses", {}).pop(side, 0))
    found = campaign_state(data)
    if found is None:
        return total
    rules, _ = found
    if side == "soviet" and mobilization_limited(data):
        g = geography(data["scenario"])
        inside = sum(
            _working(data, p)
            for p in full
            if p != BOX and data["owner"].get(p) == "soviet" and g.country[p] == "soviet_union"
        )
        total -= max(0, inside - rules.mobilization.cap)
    if side == "axis":
        total += swedish_points(data, full)
        total += axis_us_points(data, full)
    if side == "allied":
        total += us_points(data)
    return total


def siberia_repair_floor(data: Data, place: Place, side: str) -> int:
    """Siberian Industry 2: of the Siberian points the Axis captures, it may repair only
    eight; the rest stay devastated for good while it holds the box."""
    found = campaign_state(data)
    if found is None or place != BOX or side != "axis":
        return 0
    return max(0, load_map().box(BOX).production - found[0].siberia.repair_cap)


def siberia_held(data: Data, side: str, full: set[Place]) -> int:
    """Repairing Devastated Production: the Siberian points another side than the
    Soviets holds in full supply and has repaired (their budget counts them)."""
    if side == "soviet" or data["owner"].get(BOX) != side or BOX not in full:
        return 0
    return max(0, load_map().box(BOX).production - int(data["devastated"].get(BOX, 0)))


def siberia_frozen(data: Data) -> bool:
    """Activity Limitations 10: nothing in Siberia moves before Winter 1941."""
    found = campaign_state(data)
    if found is None:
        return False
    rules, _ = found
    return now(data) < turn_order(rules.siberia.frozen_until)


def soviet_hexes_held_by_axis(data: Data) -> int:
    g = geography(data["scenario"])
    return sum(1 for p, o in data["owner"].items() if o == "axis" and g.country.get(p) == "soviet_union")


def mobilization_update(data: Data) -> str | None:
    """Soviet Mobilization 1, 3: lift the limit when its date comes (Spring 1942, or
    once extended Spring 1944 or five Axis hexes inside the Soviet Union); a log line."""
    found = campaign_state(data)
    if found is None:
        return None
    rules, pol = found
    mob = rules.mobilization
    if pol["mobilization"] == "limited" and now(data) >= turn_order(mob.lift_turn):
        return lift_mobilization(data, "its date has come")
    if pol["mobilization"] == "extended":
        if now(data) >= turn_order(mob.extended_turn):
            return lift_mobilization(data, "its extended date has come")
        if soviet_hexes_held_by_axis(data) >= mob.extended_hexes:
            return lift_mobilization(data, f"the Axis holds {mob.extended_hexes} Soviet hexes")
    return None


def lift_mobilization(data: Data, why: str) -> str | None:
    pol: Any = politics(data)
    if pol is None or pol["mobilization"] == "lifted":
        return None
    pol["mobilization"] = "lifted"
    pol["lifted_at"] = data["turn"]
    return f"the Soviet mobilization limit is lifted ({why})"


def confined_to(data: Data, army_id: str) -> frozenset[Place] | None:
    """Activity Limitations 9: while any Axis point stands in mainland France, Allied
    points there may leave it only by a combat advance, so their moves stay inside it;
    None when the army may go anywhere its routes reach."""
    found = campaign_state(data)
    army = data["armies"][army_id]
    if found is None or army["side"] != "allied" or army["at"] is None:
        return None
    g = geography(data["scenario"])
    if g.country.get(army["at"]) != "france":
        return None
    axis_there = any(
        x["side"] == "axis" and x["at"] is not None and g.country.get(x["at"]) == "france"
        for x in data["armies"].values()
    )
    if not axis_there:
        return None
    return frozenset(p for p in g.places if g.country.get(p) == "france")
