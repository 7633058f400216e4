"""Phase 4, the Strategic Phase: each faction's two secret card plays, one for its
Production Points (PP from the areas it holds, its war economy and the card's
multiplier) and one for air-support tokens.

Each play is a handler of `SecretKind` (steps.py runs them): the roles that choose,
their legal actions, how an action changes the data (hidden from the opponent by the
snapshot of secrets.py), and what happens at the reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.game import Action
from grognard.games.virtuti.board import ROLE_OF, content, is_friendly, secret_window, vmap
from grognard.games.virtuti.content import Card
from grognard.games.virtuti.secrets import secret_log

from .verbs import args

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


def pp_factions(state: VirtutiState) -> list[str]:
    """Strategic Phase: the Axis and the Western Allies always play; the USSR once at war."""
    out = ["axis", "western_allies"]
    if state.vdata["ussr_at_war"]:
        out.append("ussr")
    return out


def play_card(state: VirtutiState, faction: str, card: str) -> None:
    """Playing cards: to the discard pile; the last card of a hand brings the pile back."""
    rec = state.vdata["factions"][faction]
    rec["hand"].remove(card)
    if not rec["hand"]:
        rec["hand"], rec["discard"] = sorted(rec["discard"]), [card]
    else:
        rec["discard"].append(card)


def card(card_id: str) -> Card:
    for deck in content().decks:
        for c in deck.cards:
            if c.id == card_id:
                return c
    raise KeyError(card_id)


def pp_on_map(state: VirtutiState, faction: str) -> float:
    """The PP sources a faction collects: all of friendly areas, a quarter of occupied
    ones, nothing from areas out of supply (4 - Strategic Phase)."""
    data, m = state.vdata, vmap()
    total = 0.0
    for area, holder in data["control"].items():
        if holder != faction or area in data["oos"]:
            continue
        pp = m.land(area).pp
        total += pp if is_friendly(data, faction, area) else pp * 0.25
    return total


def pp_received(on_map: float, war_economy: int, multiplier: int) -> float:
    """PP = sources x war economy x card multiplier, to one decimal (the 35 x 0.6 x 0.5 rule)."""
    return round(on_map * war_economy / 100 * multiplier / 100, 1)


class CardChoice:
    """A secret card per faction (the Strategic Phase's two plays)."""

    purpose = "pp"

    def factions(self, state: VirtutiState) -> list[str]:
        return pp_factions(state)

    def roles(self, state: VirtutiState) -> list[str]:
        return sorted({ROLE_OF[f] for f in self.factions(state) if state.vdata["factions"][f]["hand"]})

    def legal(self, state: VirtutiState, role: str) -> list[Action]:
        secret = secret_window(state.vdata)
        out: list[Action] = []
        waiting = False
        for f in self.factions(state):
            if ROLE_OF[f] != role or f in secret["choices"]:
                continue
            hand = state.vdata["factions"][f]["hand"]
            waiting = waiting or bool(hand)
            out += [("card", f, c) for c in sorted(set(hand))]
        if not waiting:
            out.append(("done",))
        return out

    def apply(self, state: VirtutiState, role: str, action: Action) -> None:
        named = args(action)
        faction, card_id = named["faction"], named["card"]
        secret_window(state.vdata)["choices"][faction] = card_id
        secret_log(state, role, f"{faction} plays {card(card_id).name} for {self.purpose}")

    def close(self, state: VirtutiState, window: dict[str, Any]) -> dict[str, Any]:
        """Every playing faction's card (a faction that confirmed none plays its first)."""
        out: dict[str, Any] = {}
        for f in self.factions(state):
            hand = state.vdata["factions"][f]["hand"]
            if hand:
                out[f] = window["choices"].get(f) or sorted(hand)[0]
        return out

    def reveal(self, state: VirtutiState, window: dict[str, Any], chosen: dict[str, Any]) -> None:
        for f, c in sorted(chosen.items(), key=lambda fc: state.vdata["initiative"].index(fc[0])):
            play_card(state, f, c)
            self.resolve(state, f, c)

    def resolve(self, state: VirtutiState, faction: str, card_id: str) -> None:
        rec = state.vdata["factions"][faction]
        on_map = pp_on_map(state, faction)
        gained = pp_received(on_map, rec["we"], card(card_id).pp_multiplier)
        rec["pp"] = round(rec["pp"] + gained, 1)
        state.log(
            f"{faction} plays {card(card_id).name} for PP: {on_map:g} x {rec['we']}% x "
            f"{card(card_id).pp_multiplier}% = {gained:g} PP"
        )
        if faction != "ussr" or state.vdata["ussr_at_war"]:
            rec["we"] = min(100, rec["we"] + 10)


class AirCardChoice(CardChoice):
    purpose = "air support"

    def resolve(self, state: VirtutiState, faction: str, card_id: str) -> None:
        """Draw the card's air-support value in tokens at random from the pool."""
        rec = state.vdata["factions"][faction]
        pool = sorted(lv for lv, n in rec["air"].items() for _ in range(n))
        state.rng.shuffle(pool)
        drawn = pool[: card(card_id).air_support]
        for lv in drawn:
            rec["air"][lv] -= 1
            rec["air_drawn"][lv] = rec["air_drawn"].get(lv, 0) + 1
        state.log(f"{faction} plays {card(card_id).name} for air support: draws {sorted(drawn) or 'nothing'}")
