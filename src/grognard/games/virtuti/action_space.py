"""Virtuti Militari's fixed action index (issue 11, "RL interface"): slot k means the
same decision in every position of a scenario. `grognard.rl` numbers the families
below mixed-radix, in this order, the first domain most significant.

Unit ids are minted as units are raised (`board.new_unit`: the faction's initial and a
counter that only grows), so no finite list names them. Legal actions that name a unit
are therefore numbered through a KEY (`action_keys`): the unit becomes the pair
(faction, rank), its rank among that faction's units on the map in id order, 0 first.
Every other element is kept as it is in the action.

Families (kind: domains, each a list of values; "(a, b)" marks a joint domain):

- done: none (end of a secret step, of diplomacy or of the Planning Phase)
- order: faction x order token id x area (Planning Phase)
- card: faction x card id of that faction's deck, one joint (faction, card) domain
- air: faction x air support token level "1".."5", as the pools key them (battle step 3)
- buy: faction x unit type x level 1..3 (Production Phase)
- strengthen, upgrade: faction x unit rank (key)
- submarine, logistics: faction
- deploy_sub: (faction, sea zone) where the faction may put submarine markers
- orders: faction x order set id
- research: faction x technology
- deploy: faction x unit type x level x area
- declare_war: country;  declare_war_ussr, break_pact: none
- pressure: faction x country (Exert Pressure)
- execute: area (Operations Phase: which order next)
- skip: none;  remove: area (feint attack)
- go: none;  send: (faction, unit rank) x area (move, maneuver, strategic movement)
- hit: (faction, unit rank) or ("fort", 0) or ("card", 0) (loss allocation)
- retreat: area

Areas are the map's land areas, ports and sea zones, sorted. `MAX_UNITS` bounds the
rank: the rules set no count, so it is a generous bound over what games reach (the
heuristic agents field at most 80 units of one faction in a full game); a faction with
more units than that has actions outside the index (the encoder then says so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grognard.core.ranks import ranks_within

from .board import content, vmap
from .content import FACTIONS, TECHNOLOGIES
from .verbs import UNIT_VERBS

Family = tuple[str, list[list[Any]]]

#: the largest number of one faction's units the index can name (ranks 0..MAX_UNITS-1)
MAX_UNITS = 160


def _unit_slots() -> list[Any]:
    return [(f, r) for f in FACTIONS for r in range(MAX_UNITS)]


def action_space(scenario: str, options: Mapping[str, Any]) -> list[Family]:
    """The families of both scenarios (the map, the decks and the rosters are the same
    data; the options only shorten the game)."""
    c, m = content(), vmap()
    factions = list(FACTIONS)
    areas = sorted([*m.land_ids, *m.port_ids, *m.sea_ids])
    unit_types = [u.id for u in c.units]
    levels = sorted({lv.level for u in c.units for lv in u.levels})
    countries = [x.id for x in c.countries]
    cards = [(d.faction, card.id) for d in c.decks for card in d.cards]
    subs = [(f, sea) for f in factions for sea in c.submarine.seas.get(f, [])]
    return [
        ("done", []),
        ("order", [factions, [o.id for o in c.orders], areas]),
        ("card", [cards]),
        ("air", [factions, [str(a.level) for a in c.air_support]]),  # token levels, as pool keys
        ("buy", [factions, unit_types, levels]),
        ("strengthen", [factions, list(range(MAX_UNITS))]),
        ("upgrade", [factions, list(range(MAX_UNITS))]),
        ("submarine", [factions]),
        ("deploy_sub", [subs]),
        ("orders", [factions, [s.id for s in c.order_sets]]),
        ("logistics", [factions]),
        ("research", [factions, list(TECHNOLOGIES)]),
        ("deploy", [factions, unit_types, levels, areas]),
        ("declare_war", [countries]),
        ("declare_war_ussr", []),
        ("break_pact", []),
        ("pressure", [factions, countries]),
        ("execute", [areas]),
        ("skip", []),
        ("remove", [areas]),
        ("go", []),
        ("send", [_unit_slots(), areas]),
        ("hit", [[*_unit_slots(), ("fort", 0), ("card", 0)]]),
        ("retreat", [areas]),
    ]


def _ranks(data: Mapping[str, Any]) -> dict[str, tuple[str, int]]:
    """unit id -> (faction, rank among the faction's units in id order)."""
    units = data["units"]
    ranks = ranks_within(units, lambda uid: units[uid]["f"], lambda uid: int(uid[1:]))
    return {uid: (units[uid]["f"], rank) for uid, rank in ranks.items()}


def action_keys(state: Any, role: str, actions: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Each legal action's key in the index: unit ids become (faction, rank)."""
    ranks: dict[str, tuple[str, int]] | None = None
    out: list[tuple[Any, ...]] = []
    for action in actions:
        kind = action[0]
        if kind in UNIT_VERBS:  # the verbs that name a unit (verbs.py)
            if ranks is None:
                ranks = _ranks(state.vdata)
            if kind == "send":
                action = (kind, *ranks[action[1]], action[2])
            elif kind == "hit":
                action = (kind, *ranks.get(action[1], (action[1], 0)))
            else:
                action = (kind, action[1], ranks[action[2]][1])
        out.append(action)
    return out
