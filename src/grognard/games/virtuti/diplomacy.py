"""9 - Diplomatic Phase: surrenders, scripted events, then each player's declarations.

Automatic first: an active country whose key areas are all held by its enemies
surrenders to the faction holding them (its remaining areas pass to that faction, the
units there are eliminated, the winner gains its plunder); then scripted events whose
conditions hold fire, once each. Then the Axis player, then the Allied player, may
declare war on any neutral (the country joins the other side), and the Axis may break
the Ribbentrop-Molotov pact (after Poland surrenders) or declare war on the USSR; the
Axis declaring war on Lithuania, Latvia or Estonia activates the USSR (G1.6; an Allied
declaration on them does not). Both players may also exert pressure on neutrals.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from grognard.core.game import Action
from grognard.games.virtuti.board import (
    Data,
    acting_factions,
    at_war,
    content,
    country_faction,
    units,
    vmap,
)
from grognard.games.virtuti.calendar_events import turn_index
from grognard.games.virtuti.events import (
    activate_ussr,
    apply_effect,
    change_war_entry,
    current_turn,
    join_war,
    ussr_war,
)
from grognard.games.virtuti.scripted_events import Condition, load_scripted

from .verbs import args

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState

BALTIC = ("lithuania", "latvia", "estonia")


def surrenders(state: VirtutiState) -> None:
    data, m = state.vdata, vmap()
    for k in content().countries:
        side = country_faction(data, k.id)
        if side is None:
            continue
        holders = [data["control"].get(a) for a in k.key_areas]
        if not all(h is not None and at_war(data, side, h) for h in holders):
            continue
        winner = Counter(h for h in holders if h).most_common(1)[0][0]
        rec = data["countries"][k.id]
        rec["status"], rec["faction"] = "surrendered", winner
        for area in m.land_ids:
            if m.land(area).owner != k.id or data["control"].get(area) == winner:
                continue
            data["control"][area] = winner
            port = m.land(area).port
            for u in [u for u in units(data) if u["a"] in (area, port) and u["f"] != winner]:
                del data["units"][u["id"]]
            data["forts"].pop(area, None)
            if area in data["oos"]:  # the loser's marker (P8.6), as a capture removes it
                data["oos"].remove(area)
        gained = data["factions"][winner]
        gained["pp"] = round(gained["pp"] + k.plunder, 1)
        state.log(f"{k.name} surrenders to the {winner.replace('_', ' ')} ({k.plunder} PP plunder)")


def holds(data: Data, c: Condition) -> bool:
    if c.kind == "country_surrendered":
        ok = data["countries"][str(c.country)]["status"] == "surrendered"
    elif c.kind == "country_active":
        ok = data["countries"][str(c.country)]["status"] == "active"
    elif c.kind == "area_controlled_by":
        ok = c.area is not None and data["control"].get(c.area) == c.faction
    elif c.kind == "turn_from":
        ok = c.turn is not None and turn_index(current_turn(data)) >= turn_index(c.turn)
    else:
        ok = bool(data["ussr_at_war"])
    return bool(ok == c.holds)


def scripted(state: VirtutiState) -> None:
    data = state.vdata
    for event in load_scripted():
        if event.id in data["scripted_done"] or not all(holds(data, c) for c in event.conditions):
            continue
        data["scripted_done"].append(event.id)
        state.log(f"Scripted event: {event.name}")
        for effect in event.effects:
            apply_effect(state, effect)


def diplomacy_legal(state: VirtutiState, role: str) -> list[Action]:
    data = state.vdata
    out: list[Action] = [("done",)]
    if not acting_factions(data, role):
        return out
    factions = acting_factions(data, role)
    for cid, rec in sorted(data["countries"].items()):
        if rec["status"] != "neutral":
            continue
        out.append(("declare_war", cid))  # 9.3: any neutral, by either player
        cost = content().country(cid).pressure_cost
        out += [("pressure", f, cid) for f in factions if 0 < cost <= data["factions"][f]["pp"]]
    if role == "axis":
        if not data["ussr_active"] and data["countries"]["poland"]["status"] == "surrendered":
            out.append(("break_pact",))
        if not data["ussr_at_war"]:
            out.append(("declare_war_ussr",))
    return out


def diplomacy_apply(state: VirtutiState, role: str, action: Action) -> None:
    named = args(action)
    if action[0] == "declare_war":
        joins = "western_allies" if role == "axis" else "axis"
        country = named["country"]
        state.log(f"The {role} player declares war on {content().country(country).name}")
        join_war(state, country, joins)
        if role == "axis" and country in BALTIC:
            activate_ussr(state)
    elif action[0] == "pressure":
        exert_pressure(state, named["faction"], named["country"])
    elif action[0] == "break_pact":
        state.log("The Axis breaks the Ribbentrop-Molotov pact")
        activate_ussr(state)
    elif action[0] == "declare_war_ussr":
        state.log("The Axis declares war on the USSR")
        ussr_war(state)


# Exert Pressure: 50 % nothing, 30 % one step (10 %), 10 % two, 10 % three; up when the
# faction is the country's alignment, down otherwise; at 100 % the country joins.
PRESSURE_STEPS = ((50, 0), (80, 1), (90, 2), (100, 3))


def exert_pressure(state: VirtutiState, faction: str, country: str) -> None:
    data = state.vdata
    k = content().country(country)
    rec = data["factions"][faction]
    rec["pp"] = round(rec["pp"] - k.pressure_cost, 1)
    roll = state.rng.randint(1, 100)
    steps = next(n for limit, n in PRESSURE_STEPS if roll <= limit)
    sign = 1 if k.alignment == faction else -1
    before = data["countries"][country]["war_entry"]
    state.log(
        f"{faction} exerts pressure on {k.name} ({k.pressure_cost} PP): war entry {sign * steps * 10:+d}%"
    )
    if steps:
        change_war_entry(state, country, sign * steps)
    if data["countries"][country]["status"] == "neutral":
        state.log(f"{k.name}'s war entry: {before * 10}% -> {data['countries'][country]['war_entry'] * 10}%")
