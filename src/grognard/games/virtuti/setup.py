"""A new game's data from a scenario set-up (scenarios.py, docs/virtuti-design.md section 8).

Our reading where the rulebook is silent: the cards of a faction's deck that are not in
its starting hand start in its discard pile (the hand is refilled from there; cards are
open information either way); starting fortifications are the map's.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from grognard.games.virtuti.board import content, new_unit, vmap
from grognard.games.virtuti.calendar_events import load_random_events
from grognard.games.virtuti.content import TECHNOLOGIES
from grognard.games.virtuti.layout import CountryRecord
from grognard.games.virtuti.scenarios import SEASONS, Scenario, controlled_areas, load_scenarios

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


def scenario_of(scenario_id: str) -> Scenario:
    return load_scenarios()[scenario_id]


def last_turn(s: Scenario, turns: int) -> list[int]:
    """[season index, year] of the last turn: the scenario's, or `turns` after its start."""
    end = [SEASONS.index(s.end.season), s.end.year]
    if turns <= 0:
        return end
    index = SEASONS.index(s.start.season) + turns - 1
    short = [index % len(SEASONS), s.start.year + index // len(SEASONS)]
    return min(short, end, key=lambda t: (t[1], t[0]))


def setup_game(state: VirtutiState) -> None:
    s = scenario_of(state.meta["scenario"])
    c, m = content(), vmap()
    data = state.vdata
    countries: dict[str, CountryRecord] = {}
    for k in c.countries:
        side = k.side_1939
        countries[k.id] = {
            "status": "neutral" if side == "neutral" else "active",
            "faction": None if side == "neutral" else side,
            "war_entry": k.war_entry,
        }
    for cid, start in s.countries.items():
        countries[cid]["status"], countries[cid]["faction"] = start.status, start.faction
    data.update(
        {
            "season": SEASONS.index(s.start.season),
            "year": s.start.year,
            "end": last_turn(s, int(state.meta["options"].get("turns", 0))),
            "turn_no": 1,
            "phase": "setup",
            "weather": {a: "clear" for a in m.land_ids},
            "control": controlled_areas(s, c, m),
            "countries": countries,
            "ussr_active": s.ussr_active,
            "ussr_at_war": s.ussr_at_war,
            "pact": not s.ussr_active,
            "initiative": list(c.tracks.initiative),
            "units": {},
            "forts": {a: m.land(a).fortification for a in m.land_ids if m.land(a).fortification},
            "oos": [],
            "orders": {},
            "factions": {},
            "secret": None,
            "secret_serial": 0,
            "scripted_done": [],
            "random_deck": [],
            "random_discard": [],
            "outcome": None,
        }
    )
    for f in s.factions:
        pools = c.pool(f.faction)
        deck = Counter({card.id: card.copies for card in c.deck(f.faction).cards})
        deck.subtract(Counter(f.hand))
        data["factions"][f.faction] = {
            "pp": float(f.pp),
            "we": f.war_economy,
            "logistics": f.logistics,
            "tech": {t: f.technologies.get(t, 1) for t in TECHNOLOGIES},
            "hand": sorted(f.hand),
            "discard": sorted(deck.elements()),
            "orders": dict(pools.orders),
            "air": dict(pools.air_support),
            "air_drawn": {},
            "queue": [],
            "deploy": [],
            "research": {},
            "progress": {},
            "subs": list(f.submarines),
            "subs_ready": 0,
            "next_unit": 1,
        }
    for f in s.factions:
        for p in f.units:
            for _ in range(p.count):
                new_unit(data, f.faction, p.type, p.level, p.area)
    deck_ids = sorted(e.id for e in load_random_events() for _ in range(e.copies))
    state.rng.shuffle(deck_ids)
    data["random_deck"] = deck_ids
