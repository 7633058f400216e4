"""A heuristic Hitler's Global War player that decides from its view and the legal
actions only (the view holds everything: the record sheets are open information; the
map and tables it reads are public, static data).

Plan, phase by phase:
- movement: thin any overstacked hex (infantry first); then feed the front: points of
  armies that touch no enemy hex go, mechanized first, to the front army with room
  that stands nearest the enemy's capitals (or to a new army in such a front hex); in
  Campaign Game II it first moves its strategic markers: bombers and missiles toward
  the enemy's production, escorts to the bombers, air defence to the production that
  enemy bombers reach (ai_strategic_moves);
- combat: first the invasion with the best fair odds (armies half amphibious keep
  their points in port for it), then name every army with a fair chance against its
  best adjacent enemy hex (chance to get through, then progress toward the goals), defend with every army
  that may, assault with everything first, advance wherever a roll can succeed, and
  exploit with the strongest army while the odds stay even or better;
- losses: infantry before mechanized, from the weakest army; retreats: toward the
  hex with the most friendly neighbours;
- production: the Axis buys mechanized points (advances count only them), the Soviets
  and the Allies infantry (two points of defence for the price of one advance point),
  placed with an army that has room in the production hex nearest the front; the Allies
  first pass on all the lend-lease they may; then repairs. In Campaign Game II it keeps
  a little for research, which goes first to the points it buys (ai_production).

In The Fall of Germany every side's goal is Berlin; the Soviets and the Allies, racing
the clock, attack wherever any roll can get through and buy mechanized points, the
Axis buys infantry and fortifies Berlin (three fort points). An army with amphibious
points in a port sends its other points to the front until it is half amphibious and
then invades where any roll can land, with every fleet of its port as escort; other
amphibious points are turned into infantry. Against invasions it intercepts with its
strongest fleet.

The Allies of The Fall of Germany play their own plan: two invasion armies gather in the
rear ports nearest Berlin by sea (every amphibious point, and as many mechanized ones),
the landing odds count the amphibious points a long route spends, Berlin is invaded
when its fall would crown the Allies (else production hexes are), Britain feeds the
front across the open seas, and no lend-lease goes to the rival Soviets with three
players (docs/hgw-design.md, "Heuristic agent").

The Axis of The Fall of Germany and Campaign Game I garrisons its capitals against the
invasions it can see coming and the enemy armies within two hexes by land (the threat
and one more point; Berlin also from the production), and first of all a sea-route
control hex whose loss would open a road to Berlin by sea (the Sound, 1136: the threat
against it and one more point, with infantry built nearest it). Arriving forces it
places on their country's front, together. In Campaign Game I the Soviets count
unaligned Poland as a target, and with three players the Soviets and the Allies hold
Berlin back while its fall would not crown them alone, except in the last turn when it
buys a better share of the win.

In The Pacific War (ai_pacific, through ai_pacific_hooks) each side garrisons the build
places the enemy's invasion armies threaten, builds an invasion army in the port nearest
by sea to the enemy's production and ports and in every port no land route joins to the
front, lands where that is worth most at even odds once the fleets that may intercept
have taken their toll, sends a fleet to cover each invader's port, buys capital ships
rather than points for a dead end, and keeps each nation's army counters able to build:
merging armies to free one, sending armies stuck behind the front to it
(ai_pacific_counters).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from grognard.core.game import Action

from . import (
    ai_combat,
    ai_home,
    ai_leaders,
    ai_naval,
    ai_pacific_hooks,
    ai_production,
    ai_shipping,
    ai_shipyard,
    ai_strategic,
    ai_strategic_moves,
)
from .ai_board import Board as Board  # the reading of the view (tests, benchmarks)
from .ai_board import View
from .ai_movement import Movement, arrive
from .evaluate import evaluate as evaluate  # the search agent's evaluation (issue 11)

Chooser = Callable[[Board, list[Action]], Action]


class HgwHeuristic:
    """The policy: each step's question goes to the module of its phase
    (ai_movement, ai_combat, ai_production), which decides from the board it sees
    (ai_board) and the legal actions; an answer that is not legal after all (a
    hypothesis the rules refuse) gives way to a seeded random choice."""

    name = "heuristic"
    wants_view = True
    #: its movement plan and give-ups carry from one decision to the next: a search
    #: asks a copy that sees only the real game for its prior (agents/base.py)
    remembers = True

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)
        self.movement = Movement()
        self.choosers: dict[str, Chooser] = {
            # Campaign Game II's strategic markers first (K20.1, K21.2), then the armies
            # The Pacific War: a counter freed where a pool cannot build (ai_pacific_counters)
            "movement": ai_strategic_moves.with_moves(ai_pacific_hooks.with_counters(self.movement)),
            "move_to": self.movement.move_to,
            "place_arrivals": arrive,  # Nations Inclined toward Axis 3-5
            "announce": ai_pacific_hooks.with_invasions(ai_combat.announce),  # The Pacific War's landings
            "def_assault": ai_combat.defend,
            "losses": ai_combat.lose,
            "assaults": ai_combat.assault,
            "advances": ai_combat.advance,
            "exploitation": ai_combat.exploit,
            "exploit_attack": ai_combat.exploit_attack,
            "air_attack": ai_combat.air_attack,  # Campaign Game II: Air Attacks 2
            "invasions": lambda b, legal: legal[0],
            "invasion_attack": ai_combat.invasion_attack,
            "interception": ai_combat.intercept,
            "retreat": ai_combat.retreat,
            "port_conversion": lambda b, legal: ("make_port",),  # N10.1: a port ashore is worth a point
            "italy_losses": ai_combat.lose,  # ("italy_loss", army, kind): as combat losses
            # Campaign Game II's naval builds; Naval Action's ship instalments (N7)
            "production": ai_pacific_hooks.with_builds(  # The Pacific War's invasion armies first
                ai_shipyard.with_ship_builds(
                    ai_shipping.with_shipping_builds(ai_naval.with_naval_builds(ai_production.produce))
                )
            ),
            "research": ai_production.research,  # Campaign Game II's research phase
            # Shipping 3 first; The Pacific War: a fleet to cover each invasion army's port
            "naval_movement": ai_pacific_hooks.with_cover(ai_shipping.with_shipping_moves(ai_naval.move)),
            "shipping_to": ai_shipping.ship_to,
            "naval_intercept": ai_naval.intercept,
            "replenishment_intercept": ai_naval.replenishment_intercept,  # Naval Action N13.2
            "soviet_terms": _terms,
            "own_setup": _set_up,
            "leaders": ai_leaders.place,  # optional rule Leaders 6
            "place_home_forces": ai_home.place,  # optional Unaligned Forces 4
            "home_retreat": ai_home.retreat,  # optional Unaligned Forces 3
            "home_move_to": ai_home.move_to,  # optional Unaligned Forces 6, after a search's pick
        }
        self.choosers = ai_strategic.choosers(self.choosers)  # Campaign Game II: strategic warfare, partisans

    # Under `grognard serve` a search agent with this policy thinks in a worker process
    # (server/ai.py), which is sent the agent pickled. The choosers are closures and
    # lambdas, which do not pickle (every HGW search move failed, and was played at
    # random): they are left out and made anew around the unpickled movement plan
    # (a chooser's memory of the turn starts afresh: at worst it asks once more).
    def __getstate__(self) -> dict[str, Any]:
        return {key: value for key, value in vars(self).items() if key != "choosers"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        HgwHeuristic.__init__(self)
        movement = state.pop("movement")
        vars(self).update(state)
        vars(self.movement).update(vars(movement))

    def act(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("an agent was asked to act, but no action is legal")
        if len(legal) == 1:
            if tuple(legal[0]) == ("cancel",):
                # the chosen points can go nowhere at all (with Activity Limitations 8
                # and 9 this happens): not asked again this player turn
                board = view["board"]
                key = (int(board["turn_index"]), str(board["player"]))
                self.movement.give_up(key, board["frame"]["army"], board["frame"]["kind"])
            return legal[0]
        b = Board(view)
        self.movement.turn(b.key)
        chooser = self.choosers.get(view["board"]["step"])
        choice = chooser(b, legal) if chooser else None
        return choice if choice in legal else legal[self.random.randrange(len(legal))]


def _set_up(b: Board, legal: list[Action]) -> Action:
    """The own_setup option: the scenario's deployment, a sound one."""
    return ("printed_setup",) if ("printed_setup",) in legal else legal[0]


def _terms(b: Board, legal: list[Action]) -> Action:
    return ("accept_surrender",)  # Soviet Union 2: peace in the east frees the Axis


def make_heuristic(seed: int) -> HgwHeuristic:
    """The Hitler's Global War heuristic agent, seeded (grognard.agents.registry calls this)."""
    return HgwHeuristic(seed)
