"""Phase 5, the simultaneous Production Phase (a secret choice, like the card plays of
cards.py), and the Summary Phase's production queues and research.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.game import Action
from grognard.games.virtuti.board import (
    acting_factions,
    content,
    controller,
    fits_with_new,
    is_friendly,
    new_unit,
    units,
    vmap,
)
from grognard.games.virtuti.layout import FactionRecord
from grognard.games.virtuti.secrets import secret_log

from .verbs import args

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState

MAX_RESEARCH_POINTS = 4  # Production: at most four Research Points per technology
PROGRESS_NEEDED = {2: 3, 3: 4}  # progress steps to develop level 2 / level 3
TECH_OF = {"army": "infantry", "corps": "infantry", "armored_corps": "tanks",
           "armored_division": "tanks", "artillery": "artillery", "fleet": "fleet"}  # fmt: skip



# --- 5 Production Phase ---------------------------------------------------------------------------


def build_time(state: VirtutiState, faction: str, unit_type: str) -> int:
    """Effects of Technologies: one turn less per technology level above 1, at least 1."""
    tech = int(state.vdata["factions"][faction]["tech"][TECH_OF[unit_type]])
    return max(1, content().unit(unit_type).build_time - (tech - 1))


def research_cost(points_held: int) -> int:
    return 10 * (points_held + 1)


def deploy_areas(state: VirtutiState, faction: str, unit_type: str) -> list[str]:
    """Land units go to supplied friendly areas; fleets to ports of such areas; never
    beyond the stacking limits."""
    data, m = state.vdata, vmap()
    out = []
    counts: dict[str, int] = {}
    for u in units(data):
        if u["f"] == faction:
            counts[u["a"]] = counts.get(u["a"], 0) + 1
    room: dict[int, bool] = {}  # whether one more unit fits, by the size of the stack it joins
    for area, holder in data["control"].items():
        if holder != faction or area in data["oos"] or not is_friendly(data, faction, area):
            continue
        place = area
        if unit_type == "fleet":
            port = m.land(area).port
            if port is None:
                continue
            place = port
        here = counts.get(place, 0)
        if here not in room:
            room[here] = fits_with_new(data, faction, place)
        if room[here]:
            out.append(place)
    return sorted(out)


class Production:
    """Production Phase: buying, strengthening, upgrading, orders, logistics, research and
    deploying, simultaneous and secret for both players."""

    def roles(self, state: VirtutiState) -> list[str]:
        return [r for r in ("axis", "allies") if acting_factions(state.vdata, r)]

    def legal(self, state: VirtutiState, role: str) -> list[Action]:
        out: list[Action] = [("done",)]
        for f in acting_factions(state.vdata, role):
            out += self.faction_actions(state, f)
        return out

    def faction_actions(self, state: VirtutiState, f: str) -> list[Action]:
        data, c = state.vdata, content()
        rec = data["factions"][f]
        pp = rec["pp"]
        out: list[Action] = []
        for u in c.units:
            for lv in u.levels:
                if lv.level <= rec["tech"][u.technology] and lv.cost <= pp:
                    out.append(("buy", f, u.id, lv.level))
        for unit in units(data):
            if unit["f"] != f or controller(data, unit["a"]) != f or unit["a"] in data["oos"]:
                continue  # out of supply units cannot be strengthened or upgraded
            kind = c.unit(unit["t"])
            if kind.strengthens_to and kind.strengthen_cost is not None and kind.strengthen_cost <= pp:
                out.append(("strengthen", f, unit["id"]))
            nxt = unit["lv"] + 1
            if nxt <= rec["tech"][kind.technology]:
                cost = kind.levels[nxt - 1].upgrade_cost
                if cost is not None and cost <= pp:
                    out.append(("upgrade", f, unit["id"]))
        if c.submarine.cost <= pp:
            out.append(("submarine", f))
        if rec["subs_ready"]:
            out += [("deploy_sub", f, sea) for sea in c.submarine.seas.get(f, [])]
        for s in c.order_sets:
            if s.price <= pp:
                out.append(("orders", f, s.id))
        if rec["logistics"] < 8 and rec["logistics"] + 1 <= pp:
            out.append(("logistics", f))
        for tech, level in rec["tech"].items():
            held = rec["research"].get(tech, 0)
            if level < 3 and held < MAX_RESEARCH_POINTS and research_cost(held) <= pp:
                out.append(("research", f, tech))
        for t, level in sorted({(d["t"], d["lv"]) for d in rec["deploy"]}):
            out += [("deploy", f, t, level, a) for a in deploy_areas(state, f, t)]
        return out

    def apply(self, state: VirtutiState, role: str, action: Action) -> None:
        data, c = state.vdata, content()
        kind, named = action[0], args(action)
        f = named["faction"]
        rec = data["factions"][f]

        def pay(cost: float, text: str) -> None:
            rec["pp"] = round(rec["pp"] - cost, 1)
            secret_log(state, role, f"{f} {text} ({cost:g} PP)")

        if kind == "buy":
            t, lv = named["type"], named["level"]
            rec["queue"].append({"kind": "unit", "t": t, "lv": lv, "turns": build_time(state, f, t)})
            pay(c.unit(t).levels[lv - 1].cost, f"buys a level-{lv} {t}")
        elif kind == "strengthen":
            unit = data["units"][named["unit"]]
            old = c.unit(unit["t"])
            if old.strengthens_to is None:
                raise ValueError(f"{old.id} cannot be strengthened")  # not in the legal list
            unit["t"] = old.strengthens_to
            pay(old.strengthen_cost or 0, f"strengthens {named['unit']} to {unit['t']}")
        elif kind == "upgrade":
            unit = data["units"][named["unit"]]
            unit["lv"] += 1
            pay(c.unit(unit["t"]).levels[unit["lv"] - 1].upgrade_cost or 0, f"upgrades {named['unit']}")
        elif kind == "orders":
            s = {x.id: x for x in c.order_sets}[named["set"]]
            rec["queue"].append({"kind": "orders", "set": s.id, "turns": s.build_time})
            pay(s.price, f"orders the {s.id} set")
        elif kind == "logistics":
            rec["logistics"] += 1
            pay(rec["logistics"], f"advances to logistics {rec['logistics']}")
        elif kind == "research":
            tech = named["technology"]
            held = rec["research"].get(tech, 0)
            rec["research"][tech] = held + 1
            pay(research_cost(held), f"buys a research point in {tech}")
        elif kind == "submarine":
            turns = max(1, c.submarine.build_time - (rec["tech"]["submarines"] - 1))
            rec["queue"].append({"kind": "sub", "turns": turns})
            pay(c.submarine.cost, "buys a submarine marker")
        elif kind == "deploy_sub":
            rec["subs_ready"] -= 1
            rec["subs"].append(named["sea"])
            secret_log(state, role, f"{f} deploys a submarine in the {named['sea']}")
        elif kind == "deploy":
            t, lv, area = named["type"], named["level"], named["area"]
            rec["deploy"].remove({"t": t, "lv": lv})
            new_unit(data, f, t, lv, area)
            secret_log(state, role, f"{f} deploys a level-{lv} {t} in {area}")

    def close(self, state: VirtutiState, window: dict[str, Any]) -> dict[str, Any]:
        """Nothing left to apply: the actions already changed the (hidden) data."""
        return {}

    def reveal(self, state: VirtutiState, window: dict[str, Any], chosen: dict[str, Any]) -> None:
        for role in window["roles"]:
            for line in window["lines"][role]:
                state.log("Production revealed: " + line.split(") ", 1)[1])


# --- Summary Phase: queues and research ---------------------------------------------------------------


def advance_queues(state: VirtutiState) -> None:
    for f, rec in state.vdata["factions"].items():
        still = []
        for item in rec["queue"]:
            item["turns"] -= 1
            if item["turns"] > 0:
                still.append(item)
            elif item["kind"] == "sub":
                rec["subs_ready"] += 1
                state.log(f"{f}: a submarine is ready to deploy")
            elif item["kind"] == "unit":
                rec["deploy"].append({"t": item["t"], "lv": item["lv"]})
                state.log(f"{f}: a level-{item['lv']} {item['t']} is ready to deploy")
            else:
                for token in {x.id: x for x in content().order_sets}[item["set"]].tokens:
                    rec["orders"][token] = rec["orders"].get(token, 0) + 1
                state.log(f"{f}: the {item['set']} order set is ready")
        rec["queue"] = still


def research(state: VirtutiState) -> None:
    """Each Research Point is a 25 % chance of a progress step (which spends the point)."""
    for f, rec in state.vdata["factions"].items():
        for tech in sorted(rec["research"]):
            points = rec["research"][tech]
            if points <= 0 or rec["tech"][tech] >= 3:
                continue
            if state.rng.randint(1, 100) > 25 * points:
                continue
            rec["research"][tech] = points - 1
            rec["progress"][tech] = rec["progress"].get(tech, 0) + 1
            target = rec["tech"][tech] + 1
            state.log(f"{f} makes progress in {tech} ({rec['progress'][tech]}/{PROGRESS_NEEDED[target]})")
            if rec["progress"][tech] >= PROGRESS_NEEDED[target]:
                rec["tech"][tech] = target
                rec["research"][tech] = 0
                rec["progress"][tech] = 0
                state.log(f"{f} develops {tech} level {target}")
                if tech == "air_support":
                    improve_air_force(rec, target)


def improve_air_force(rec: FactionRecord, level: int) -> None:
    """Air Force Tech: level 2 trades three level-1 tokens for three level-3 and one
    level-4; level 3 removes the other level-1 tokens and adds two level-4 and a level-5."""
    air = rec["air"]
    if level == 2:
        air["1"] = max(0, air.get("1", 0) - 3)
        air["3"] = air.get("3", 0) + 3
        air["4"] = air.get("4", 0) + 1
    else:
        air["1"] = 0
        air["4"] = air.get("4", 0) + 2
        air["5"] = air.get("5", 0) + 1
