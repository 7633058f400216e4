"""Phases 1-3 and the effects events share: weather, calendar, random events, countries
joining the war, USSR activation.

Event effects are the closed list of `calendar_events.EventKind`; calendar, random and
scripted events all go through `apply_effect`, so each kind has one meaning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.games.virtuti.board import (
    Data,
    content,
    new_unit,
    placement_refused,
    remove_unit,
    units,
    vmap,
)
from grognard.games.virtuti.calendar_events import EventEffect, events_on, load_random_events
from grognard.games.virtuti.scenarios import SEASONS, Turn

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


def current_turn(data: Data) -> Turn:
    return Turn(SEASONS[data["season"]], data["year"])


# --- 1 Weather Phase --------------------------------------------------------------------------


def spread(state: VirtutiState, weather: dict[str, str], start: str, kind: str, count: int) -> None:
    """Spread `kind` from `start` to `count` more random adjacent land areas not already of
    that kind (each newly marked area may pass it on: the spread is recursive)."""
    m = vmap()
    frontier = [start]
    rng = state.rng
    for _ in range(count):
        candidates = sorted({n for a in frontier for n in m.neighbours(a, ("land",)) if weather[n] != kind})
        if not candidates:
            return
        chosen = candidates[rng.randint(0, len(candidates) - 1)]
        weather[chosen] = kind
        frontier.append(chosen)


def pick(state: VirtutiState, items: list[str], count: int) -> list[str]:
    """`count` distinct random items (a partial shuffle through the game's RNG)."""
    pool = list(items)
    state.rng.shuffle(pool)
    return pool[:count]


def roll_weather(state: VirtutiState) -> None:
    """Weather Phase: the rulebook's three seasonal algorithms (1 - Weather Phase)."""
    data, m, rng = state.vdata, vmap(), state.rng
    season = SEASONS[data["season"]]
    lands = m.land_ids
    weather = {a: "clear" for a in lands}
    zone = {a: m.land(a).climate for a in lands}
    if season in ("spring", "autumn"):
        temperate = [a for a in lands if zone[a] == "temperate"]
        for start in pick(state, temperate, rng.randint(5, 10)):
            weather[start] = "mud"
            spread(state, weather, start, "mud", rng.randint(0, 5))
    elif season in ("early_summer", "late_summer"):
        cooler = [a for a in lands if zone[a] != "subtropical"]
        for start in pick(state, cooler, rng.randint(0, 5)):
            weather[start] = "mud"
            spread(state, weather, start, "mud", rng.randint(0, 3))
    else:
        weather["serov"] = "snow"
        spread(state, weather, "serov", "snow", rng.randint(70, 120))
    for a in lands:
        if zone[a] == "subtropical":
            weather[a] = "clear"
        elif zone[a] == "subpolar" and season != "early_summer" and season != "late_summer":
            weather[a] = "snow"
    data["weather"] = weather
    counts = {k: sum(1 for w in weather.values() if w == k) for k in ("clear", "mud", "snow")}
    state.log(f"Weather: {counts['clear']} clear, {counts['mud']} mud, {counts['snow']} snow areas")


# --- 2-3 Calendar and Random Event Phases ----------------------------------------------------------


def calendar_phase(state: VirtutiState) -> None:
    for event in events_on(current_turn(state.vdata)):
        if all(_overtaken(state.vdata, e) for e in event.effects):
            continue  # history got there first (the USSR already at war): nothing to say
        state.log(f"Calendar event: {event.name}")
        for effect in event.effects:
            apply_effect(state, effect)


def _overtaken(data: Data, e: EventEffect) -> bool:
    """A calendar effect the game has already brought about: the USSR's activation or
    its war, which play (a declaration of war, Barbarossa's set-up) may bring earlier."""
    if e.kind == "activate_ussr":
        return bool(data["ussr_active"])
    if e.kind == "ussr_declares_war":
        return bool(data["ussr_at_war"])
    return False


def random_event_phase(state: VirtutiState) -> None:
    """Skipped on a game's first turn; the deck is reshuffled when it runs out (our choice)."""
    data = state.vdata
    if data["turn_no"] == 1:
        return
    if not data["random_deck"]:
        deck = sorted(data["random_discard"])
        state.rng.shuffle(deck)
        data["random_deck"] = deck
        data["random_discard"] = []
    if not data["random_deck"]:
        return
    card_id = data["random_deck"].pop()
    data["random_discard"].append(card_id)
    event = {e.id: e for e in load_random_events()}[card_id]
    state.log(f"Random event: {event.name}")
    for effect in event.effects:
        apply_effect(state, effect)


# --- effects ---------------------------------------------------------------------------------------


def apply_effect(state: VirtutiState, e: EventEffect) -> None:
    data = state.vdata
    rec = data["factions"][e.faction] if e.faction else None
    if e.kind == "gain_orders" and rec is not None and e.order:
        rec["orders"][e.order] = rec["orders"].get(e.order, 0) + e.count
    elif e.kind == "lose_orders" and rec is not None and e.order:
        rec["orders"][e.order] = max(0, rec["orders"].get(e.order, 0) - e.count)
    elif e.kind == "gain_card" and rec is not None and e.card:
        rec["discard"].append(e.card)
    elif e.kind == "gain_air_support" and rec is not None and e.level:
        key = str(e.level)
        rec["air"][key] = rec["air"].get(key, 0) + e.count
    elif e.kind == "war_entry" and e.country:
        change_war_entry(state, e.country, e.count)
    elif e.kind == "activate_ussr":
        activate_ussr(state)
    elif e.kind == "ussr_declares_war":
        ussr_war(state)
    elif e.kind == "war_economy" and rec is not None:
        rec["we"] = min(100, max(0, rec["we"] + e.count))
    elif e.kind == "gain_pp" and rec is not None:
        rec["pp"] = round(max(0.0, rec["pp"] + e.count), 1)
    elif e.kind == "take_control" and e.faction:
        for area in e.areas:
            take_area(data, e.faction, area)
    state.log(f"  effect: {describe(e)}")


def describe(e: EventEffect) -> str:
    parts = [e.kind.replace("_", " ")]
    parts += [str(x) for x in (e.faction, e.order, e.card, e.country) if x]
    if e.level:
        parts.append(f"level {e.level}")
    if e.count:
        parts.append(f"{e.count:+d}")
    if e.areas:
        parts.append(", ".join(e.areas))
    return " ".join(parts)


def take_area(data: Data, faction: str, area: str) -> None:
    """Control passes; units of other factions there and fleets in its port are
    eliminated (our reading of an event's hand-over: nothing says where they would go;
    a capture sinks the port's fleets too, B1.7)."""
    data["control"][area] = faction
    places = {area, vmap().land(area).port}
    for u in [u for u in units(data) if u["a"] in places and u["f"] != faction]:
        remove_unit(data, u)
    data["forts"].pop(area, None)
    if area in data["oos"]:
        data["oos"].remove(area)


def activate_ussr(state: VirtutiState) -> None:
    data = state.vdata
    if not data["ussr_active"]:
        data["ussr_active"] = True
        data["pact"] = False
        state.log("The USSR becomes active (the Ribbentrop-Molotov pact ends)")


def ussr_war(state: VirtutiState) -> None:
    data = state.vdata
    activate_ussr(state)
    if not data["ussr_at_war"]:
        data["ussr_at_war"] = True
        state.log("The USSR and the Axis are at war")


def change_war_entry(state: VirtutiState, country: str, tens: int) -> None:
    """War entry in tens of percent; at 100 % the country joins its alignment."""
    data = state.vdata
    rec = data["countries"][country]
    if rec["status"] != "neutral":
        return
    rec["war_entry"] = max(0, min(10, rec["war_entry"] + tens))
    if rec["war_entry"] >= 10:
        alignment = content().country(country).alignment
        join_war(state, country, str(alignment))


def join_war(state: VirtutiState, country: str, faction: str) -> None:
    """A neutral joins a faction: its areas and mobilised units become the faction's
    (Appendix 4). A unit that would break the faction's stacking limits is not placed."""
    data = state.vdata
    m = vmap()
    rec = data["countries"][country]
    rec["status"], rec["faction"] = "active", faction
    for area in m.land_ids:
        if m.land(area).owner == country and data["control"].get(area) is None:
            data["control"][area] = faction
    placed = 0
    for mob in content().country(country).mobilised:
        # 9.3: the same placement check as set-up (fleets in ports), the area held, the
        # stacking limits kept; a unit refused is not placed
        if placement_refused(data, faction, mob.type, mob.area) is None:
            new_unit(data, faction, mob.type, mob.level, mob.area)
            placed += 1
    state.log(f"{content().country(country).name} joins the {faction.replace('_', ' ')} ({placed} units)")
