"""Every Hitler's Global War action's shape, declared once (issue 21): its verb, the
names and kinds of its arguments, and the rule it plays. An action stays a plain
JSON tuple, `(verb, *arguments)`, as the core contract wants (core/game.py); this
table says what each position means, so that no reader parses by position:

- `action_space.py` numbers the RL index from the argument kinds (`index` names the
  domains where the index joins or masks arguments);
- `why.py` and the AI read arguments by name (`args`);
- the browser reads the table (`declarations`, served with the board data:
  GET /api/rulesets/hgw/board-data) instead of restating it.

Argument kinds: army (an army id), place (a place id), sea (a water hex: a patrol's or
raid's), kind (a kind of strength point), fleet, route (a sea route, sea_war.ROUTES),
ship_type (a naval point's type), nation (an unaligned nation), item (an item of the Units
Capability Table), points (a count), move_kind (a kind, or
"army" for the whole army), site ("army", "place" or "french": where a build goes);
Campaign Game II's strategic warfare adds missile (a missile counter, m1-m3), number (a
count from 0), strategic_kind (bombers, escorts, air_defence) and carrier ("bombers" with
a place, "missiles" with a counter: where an atomic bomb goes); Naval Action's coastal air
attacks add aim (what the attack hits: coastal_strike.AIMS).
A verb with `many` takes any number of its last argument (a set of armies or fleets).

"assault" has two shapes: bare, it is the yes to the one assault an exploitation or an
invasion asks about (C3.3, F3.5); with arguments it is an initial assault, (origin,
target, *armies) (C2.5). They are kept as one
verb, so that saved games replay unchanged; `shape` tells them apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grognard.core.verbs import Action, BadAction, Verb, Verbs

__all__ = ["BY_NAME", "REGISTRY", "VERBS", "Action", "BadAction", "Verb", "args", "declarations", "shape"]

ARMY, PLACE, KIND = ("army", "army"), ("place", "place"), ("kind", "kind")

# `only` (core/verbs.py's Verb): "fleets", "french" or "chinese" for verbs of scenarios
# with fleets, French or Chinese counters, or a Campaign Game II system's name
# (scenario.SYSTEMS) for that system's verbs.
VERBS: tuple[Verb, ...] = (
    # set-up (The Fall of Germany special rule 5; Nations Inclined toward Axis 3-5)
    Verb("printed_setup", (), "F7.1"),
    Verb("place", (KIND, PLACE), "F7.1, G5.3"),
    Verb("end_setup", (), "F7.1"),
    # movement (Movement, Stacking)
    Verb("move", (ARMY, ("kind", "move_kind"), ("count", "points")), "M1.1"),
    Verb("eliminate", (ARMY, KIND), "M2.4"),
    Verb("convert", (ARMY,), "F3.3"),
    Verb("end_movement", (), "M1.6"),
    Verb("cancel", (), "M1.1"),
    Verb("to_army", (ARMY,), "M1.4"),
    Verb("to_place", (PLACE,), "M1.5"),
    Verb("move_home", (("from", "place"),), "O2.6", only="unaligned_forces"),  # Unaligned Forces 6
    # combat (Initial Attack, Assault Resolution, Invasions, Fleet Naval Fire)
    Verb("end_announce", (), "C2.1"),
    Verb("attack", (ARMY, ("target", "place")), "C2.1"),
    Verb("invade", (ARMY, ("target", "place")), "F3.4"),
    Verb("invasion", (ARMY,), "F3.4"),
    Verb("no_escort", (), "F3.6"),
    Verb("no_interception", (), "F3.6"),
    Verb("escort", (("fleets", "fleet"),), "F3.6", many=True, index=("fleet_mask",), only="fleets"),
    Verb("intercept", (("fleet", "fleet"),), "F3.6", only="fleets"),
    Verb("support", (("fleet", "fleet"),), "F3.6", only="fleets"),
    Verb("no_support", (), "F3.6", only="fleets"),
    Verb("defensive_assault", (("armies", "army"),), "C2.4", many=True, index=("group",)),
    Verb("no_defensive_assault", (), "C2.4"),
    Verb("lose", (ARMY, KIND), "C4.5"),
    Verb("lose_fort", (PLACE,), "F4.0"),
    Verb("to_advances", (), "C2.5"),
    Verb(
        "assault",
        (("origin", "place"), ("target", "place"), ("armies", "army")),
        "C2.5, C3.3, F3.5",
        many=True,
        index=("group",),
        short=(0,),
    ),
    Verb("no_assault", (), "C3.3"),
    Verb("advance", (ARMY,), "C5.1"),
    Verb("retreat", (PLACE,), "C5.4"),
    Verb("to_exploitation", (), "C3.1"),
    Verb("exploit", (ARMY, ("target", "place")), "C3.1"),
    Verb("amphibious_advance", (ARMY, ("target", "place")), "F3.8"),
    Verb("end_combat", (), "C3.2"),
    Verb("make_port", (), "N10.1", only="naval"),  # Naval Action: an amphibious point into a port
    Verb("no_port", (), "N10.1", only="naval"),
    # Campaign Game II naval movement (Fleets 7-9; U-Boat Attack 3-5; Shipping 10)
    Verb("end_naval_movement", (), "K9.8", only="naval"),
    Verb("change_base", (("fleet", "fleet"), ("port", "place")), "K9.8", only="naval"),
    Verb("patrol", (("fleet", "fleet"), ("hex", "sea")), "K16.3", only="naval"),
    Verb("raid_route", (("fleet", "fleet"), ("route", "route"), ("hex", "sea")), "K16.5", only="naval"),
    Verb("escort_route", (("fleet", "fleet"), ("route", "route")), "K18.2", only="naval"),
    # Naval Action (N1.3, N2.4; fleet_nations.py): ship points between one nation's fleets
    Verb("merge_fleet", (("fleet", "fleet"), ("into", "fleet")), "N2.4", only="naval"),
    Verb("detach_ship", (("fleet", "fleet"), ("into", "fleet"), ("ship", "ship_type")), "N2.4", only="naval"),
    Verb(
        "build_ship",
        (("ship", "ship_type"), ("fleet", "fleet"), ("yard", "place")),
        "K16.2",
        only="naval",
        index=("ship_type", "fleet", "yard"),
    ),
    Verb("build_asw_level", (), "K18.1", only="naval"),
    # Campaign Game II shipping (shipping_builds.py, shipping_counters.py)
    Verb("build_shipping", (("port", "shipping_port"),), "K19.1", only="naval"),
    Verb("buy_transport", (), "K19.9", only="naval"),
    Verb("move_shipping", (("from", "shipping_port"),), "K19.3", only="naval"),
    Verb("ship_to", (("to", "shipping_port"),), "K19.3", only="naval"),
    # Naval Action's ship builds (ship_builds.py), under option naval_action
    Verb("lay_ship", (("ship", "ship_type"),), "N7.1", only="naval"),
    Verb("pay_ship", (("slot", "number"),), "N7.2", only="naval"),
    Verb(
        "finish_ship",
        (("slot", "number"), ("fleet", "fleet"), ("yard", "place")),
        "N7.2",
        only="naval",
        index=("number", "fleet", "yard"),
    ),
    Verb("build_port", (PLACE,), "N10.2", only="naval"),
    Verb("build_naval_port", (PLACE,), "N11.1", only="naval"),
    Verb("build_supply_road", (PLACE,), "N12.0", only="naval"),
    Verb("build_coastal_air", (ARMY,), "N9.1", only="naval"),
    Verb("declare_raider", (("fleet", "fleet"),), "N6.1", only="naval"),  # raiders.py
    Verb("port_attack", (("fleet", "fleet"), ("base", "place")), "N8.5", only="naval_action"),
    Verb("raid_us_coast", (("fleet", "fleet"), ("target", "place")), "K24.6", only="uboats"),
    # Naval Action: fleet replenishment (replenishment.py)
    Verb("replenish", (("fleet", "fleet"), ("hex", "sea")), "N13.1", only="naval_action"),
    Verb("attack_replenishment", (("fleet", "fleet"), ("hex", "sea")), "N13.4", only="naval_action"),
    Verb("intercept_replenishment", (("fleet", "fleet"),), "N13.2", only="naval_action"),
    Verb("let_replenishment_pass", (), "N13.2", only="naval_action"),
    Verb("morale_strike", (("fleet", "fleet"), ("target", "place")), "K24.5", only="naval_action"),
    Verb(
        "coastal_strike",
        (("hex", "place"), ("base", "place"), ("aim", "aim")),
        "N9.4",
        only="naval_action",
        index=("coastal_place", "strike_target"),
    ),
    # production (Building Strength Points, Fortifications, Lend-Lease)
    Verb("end_production", (), "P1.4"),
    Verb("lend_lease", (), "F5.3"),
    Verb("lend_lease_france", (), "G17.1", only="french"),
    Verb("build", (KIND, ("site", "site"), ("at", "army_or_place")), "P2.4", index=("kind", "build_site")),
    Verb("fort", (PLACE,), "F4.0"),
    Verb("dismantle_fort", (PLACE,), "F4.0"),
    Verb("repair", (PLACE,), "P3.2"),
    # Campaign Game I politics
    Verb("italy_loss", (ARMY, KIND), "G9.2"),
    Verb("remove_marker", (PLACE,), "H2.6"),
    # Campaign Game II strategic warfare (strategic_phase.py, strategic_builds.py) and
    # partisans (partisan_phase.py): offered only where the scenario plays the system
    Verb("raid", (("base", "place"), ("target", "place")), "K20.2", only="strategic"),
    Verb("raid_morale", (("base", "place"), ("capital", "place")), "K24.1", only="strategic"),
    Verb("launch", (("counter", "missile"), ("count", "points")), "K21.3", only="strategic"),
    Verb(
        "launch_morale",
        (("counter", "missile"), ("count", "points"), ("capital", "place")),
        "K24.1",
        only="strategic",
    ),
    Verb("end_strategic", (), "K1.1", only="strategic"),
    Verb("escorts", (("count", "number"),), "K20.6", only="strategic"),
    Verb("carry_bombs", (("count", "number"),), "K22.3", only="strategic"),
    Verb("devastate", (PLACE,), "K20.4", only="strategic"),
    Verb("drop", (PLACE,), "K22.5", only="strategic"),
    Verb("lose_strategic", (("kind", "strategic_kind"),), "K22.5", only="strategic"),
    Verb("build_strategic", (("kind", "strategic_kind"), PLACE), "K20.1", only="strategic"),
    # strategic_moves.py: markers and counters in the land movement phase
    Verb(
        "ferry_strategic",
        (("kind", "strategic_kind"), ("from", "place"), ("to", "place")),
        "K20.1",
        only="strategic",
    ),
    Verb("move_missiles", (("counter", "missile"), ("to", "place")), "K21.2", only="strategic"),
    Verb("build_missile", (("counter", "missile"), PLACE), "K21.1", only="strategic"),
    Verb(
        "build_atomic",
        (("carrier", "carrier"), ("at", "carrier_at")),
        "K22.2",
        index=("atomic_site",),
        only="strategic",
    ),
    Verb("partisans", (PLACE,), "K15.2", only="partisans"),
    Verb("end_partisans", (), "K15.2", only="partisans"),
    Verb("declare_war", (("nation", "nation"),), "G2.6"),
    Verb("accept_surrender", (), "G10.2"),
    Verb("refuse_surrender", (), "G10.4"),
    # Campaign Game II research phase (Research 3-8)
    Verb("invest", (("item", "item"), ("count", "points")), "K4.3", only="research"),
    Verb("roll_research", (("item", "item"),), "K4.4", only="research"),
    Verb("end_research", (), "K4.8", only="research"),
    # Campaign Game II: tac air (Air Attacks 2) and paratroops (Paradrop 2)
    Verb("air_attack", (("count", "points"),), "K11.2", only="tac_air"),
    Verb("paradrop", (ARMY, ("count", "points")), "K13.2", only="paratroops"),
    # optional rule Leaders 6 (leader_phase.py): a marker face down on an army or a fleet
    Verb("leader", (ARMY,), "O1.6", only="leaders"),
    Verb("naval_leader", (("fleet", "fleet"),), "O1.6", only="leaders"),
    Verb("move_leader", (("from", "army"), ("to", "army")), "O1.9", only="leaders"),
    Verb("move_naval_leader", (("from", "fleet"), ("to", "fleet")), "O1.9", only="leaders"),
    # The Pacific War: a Chinese army's partisan-style strike in the attack announcement (china.py)
    Verb("chinese_partisans", (ARMY, ("target", "place")), "G17.12", only="chinese"),
)
REGISTRY = Verbs("Hitler's Global War", VERBS)
BY_NAME = REGISTRY.by_name


def shape(action: Sequence[Any]) -> str:
    """The action's shape: its verb, or "assault/yes" for the bare assault."""
    if action and action[0] == "assault" and len(action) == 1:
        return "assault/yes"
    return str(action[0]) if action else ""


def args(action: Sequence[Any]) -> dict[str, Any]:
    """The action's arguments by name; a `many` argument is a tuple. Raises BadAction
    for an unknown verb or a wrong number of arguments."""
    return REGISTRY.args(action)


def declarations() -> dict[str, Any]:
    """The table for the browser (JSON): each verb's arguments and rule."""
    return REGISTRY.declarations()
