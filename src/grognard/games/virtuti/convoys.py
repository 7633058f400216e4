"""The Summary Phase's convoy-raiding mini-game (P10.3): submarines, then fleets, raid
the enemy's convoys; then fleets hunt enemy submarines with sonar.

Where a raid hurts whom (the rulebook's list): Axis raiders in the Arctic Sea hit the
USSR (only at war), in the North and South Atlantic the Western Allies; Soviet raiders
in the Baltic hit the Axis; Western Allied raiders in the Central Mediterranean hit the
Axis only while Axis armour stands in North Africa, and in the North Sea only while
neither Copenhagen nor Oslo is Axis-held. Each success costs the victim 1-5 % war
economy. Chances by technology level: submarines 20/35/60 %, fleets 60/75/90 %, sonar
20/35/60 % (then half destroyed, half damaged back into the queue for 2-4 turns).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.games.virtuti.board import ARMOUR, Data, at_war, is_naval, kind_of, units, vmap

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState

SUB_CHANCE = {1: 20, 2: 35, 3: 60}
FLEET_CHANCE = {1: 60, 2: 75, 3: 90}
SONAR_CHANCE = {1: 20, 2: 35, 3: 60}


def victim(data: Data, raider: str, sea: str) -> str | None:
    """Whose convoys a raider of `raider` in `sea` hits now (None: nobody's)."""
    if raider == "axis":
        if sea == "arctic_sea":
            return "ussr" if data["ussr_at_war"] else None
        return "western_allies" if sea in ("north_atlantic", "south_atlantic") else None
    if raider == "ussr":
        return "axis" if sea == "baltic_sea" and data["ussr_at_war"] else None
    if sea == "central_mediterranean":
        m = vmap()
        armour = any(
            u["f"] == "axis"
            and u["t"] in ARMOUR
            and kind_of(u["a"]) == "land"
            and m.land(u["a"]).north_africa
            for u in units(data)
        )
        return "axis" if armour else None
    if sea == "north_sea":
        held = {data["control"].get("copenhagen"), data["control"].get("oslo")}
        return "axis" if "axis" not in held else None
    return None


def raid(state: VirtutiState, raider: str, sea: str, chance: int, what: str) -> None:
    data = state.vdata
    target = victim(data, raider, sea)
    if target is None:
        return
    if state.rng.randint(1, 100) > chance:
        return
    damage = state.rng.randint(1, 5)
    rec = data["factions"][target]
    rec["we"] = max(0, rec["we"] - damage)
    state.log(
        f"{raider} {what} in the {sea.replace('_', ' ')} raid a convoy: {target} war economy -{damage}%"
    )


def convoy_raids(state: VirtutiState) -> None:
    data = state.vdata
    for f in data["initiative"]:
        rec = data["factions"][f]
        for sea in list(rec["subs"]):
            raid(state, f, sea, SUB_CHANCE[rec["tech"]["submarines"]], "submarines")
    for f in data["initiative"]:
        chance = FLEET_CHANCE[data["factions"][f]["tech"]["fleet"]]
        for u in sorted(units(data), key=lambda u: u["id"]):
            if u["f"] == f and is_naval(u) and kind_of(u["a"]) == "sea":
                raid(state, f, u["a"], chance, "fleets")
    hunt_submarines(state)


def hunt_submarines(state: VirtutiState) -> None:
    """Each fleet attacks one enemy submarine in its sea zone, if there is one."""
    data = state.vdata
    for u in sorted(units(data), key=lambda u: u["id"]):
        if not is_naval(u) or kind_of(u["a"]) != "sea":
            continue
        hunter = data["factions"][u["f"]]
        prey = [f for f in data["initiative"] if f != u["f"] and u["a"] in data["factions"][f]["subs"]]
        prey = [f for f in prey if at_war(data, u["f"], f)]
        if not prey:
            continue
        if state.rng.randint(1, 100) > SONAR_CHANCE[hunter["tech"]["sonars"]]:
            continue
        owner = data["factions"][prey[0]]
        owner["subs"].remove(u["a"])
        if state.rng.randint(1, 2) == 1:
            state.log(f"{u['f']} fleet {u['id']} sinks a {prey[0]} submarine in the {u['a']}")
        else:
            turns = state.rng.randint(2, 4)
            owner["queue"].append({"kind": "sub", "turns": turns})
            state.log(f"{u['f']} fleet {u['id']} damages a {prey[0]} submarine ({turns} turns to repair)")
