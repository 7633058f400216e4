"""Battle odds with Campaign Game II's tac air, paratroops and morale (odds.py hands a
description here when it names any of them): one army's attack as the rules play it,
the defenders' defensive assault (with its air attack on the attacker's tac air), the
army's assault (with its air attack), then its advance, a paradrop announced or not.

The rules are the engine's own functions: the commitment allowed (air_combat.
commit_range), the tac air that joins (airpower.combat_points' reading through
combat's rules), the drop's count (paratroops.drop_mech), the Advance Table and its
modifiers (advance.py, tables.py). Every roll is enumerated, so the odds are exact
under the stated policy (`NOTES`).

Description keys beyond odds.py's: attacker `tac_air`, `paratroop`; defender `tac_air`,
`paratroop`; `drop` (the paratroop points announced to drop) and `morale` (what low
morale adds to the attacker's attack rolls, Great Britain and Germany 6); `leader` (true:
the attacking army has a revealed leader, -1 to its attack rolls, optional rule Leaders 1);
`technology` (true: German Technology's -1 on the army's initial assault and advance, K6.1);
`defensive_fire` (the defender's points that may still fire in the defensive assault,
when fewer than all: Initial Attack 4, Exploitation Attacks 3), `fort_fired` (true: the
fort made its one defensive assault this turn, Effect Of Forts On Combat 1) and
`fort_absorbed` (losses it has absorbed this player turn, Effect 3): a battle taken up
in the middle of a turn starts from where it stands (issue 26 item 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grognard.core.odds import BadBattle, Odds, count_field

from .advance import advance_modifier, mechanized_counted
from .air_combat import commit_range
from .board import mechanized_firing
from .firepower import groups_of_ten
from .layout import HgwBoard
from .morale import penalty as morale_modifier
from .paratroops import drop_mech
from .tables import load_tables

AIR_KEYS = ("tac_air", "paratroop")
# an attacking army's amphibious points never fire nor count on the advance (Amphibious
# Strength Points 2) but take losses: the first, for a player keen to advance
ATTACKER = ("infantry", "mechanized", "amphibious", *AIR_KEYS)
DEFENDER = ("infantry", "mechanized", "amphibious", *AIR_KEYS)
NOTES = (
    "Each side air attacks with the fewest tac air points the rules allow; the rest join the assault.",
    "The attacker loses amphibious, infantry, then paratroop, then mechanized points, tac air last (K11.4).",
    "Tac air never defends against the advance (K10.3); dropped paratroop points count double (K13.2).",
    "One army attacks; the defence is every point in the hex (ten at most).",
)


def has_air(description: Mapping[str, Any]) -> bool:
    """The description names tac air, paratroops, a drop or a morale modifier."""
    sides = [description.get("attacker") or {}, description.get("defender") or {}]
    named = any(isinstance(s, Mapping) and any(s.get(k) for k in AIR_KEYS) for s in sides)
    extra = ("drop", "morale", "coastal_air_army")
    return named or any(bool(description.get(k)) for k in extra)


def side_points(
    description: Mapping[str, Any], key: str, kinds: tuple[str, ...], most: int = 10
) -> dict[str, int]:
    """A side of a battle description, its points checked by kind (odds.py checks the
    earlier scenarios' kinds with it too, odds_sea.py a fleet's ships): at most `most`
    points of a kind, tac air 40."""
    raw = description.get(key) or {}
    if not isinstance(raw, Mapping):
        raise BadBattle(f"{key} must map {', '.join(kinds)} points to counts")
    unknown = set(raw) - set(kinds)
    if unknown:
        raise BadBattle(f"{key} has unknown kinds {sorted(unknown)}; kinds: {', '.join(kinds)}")
    return {k: count_field(raw.get(k, 0), f"{key}.{k}", 40 if k == "tac_air" else most) for k in kinds}


def _committed(own: int, enemy: int) -> int:
    """Air Attacks 2, 10: the fewest points allowed; none without tac air on both sides."""
    return commit_range(own, enemy)[0] if own and enemy else 0


def _take(points: dict[str, int], hits: int, order: tuple[str, ...]) -> dict[str, int]:
    left = dict(points)
    for kind in order:
        gone = min(left[kind], hits)
        left[kind] -= gone
        hits -= gone
    return left


def air_odds(description: Mapping[str, Any], notes: tuple[str, ...] = NOTES) -> Odds:
    tables = load_tables()
    att = side_points(description, "attacker", ATTACKER)
    dfd = side_points(description, "defender", DEFENDER)
    terrain = description.get("terrain") or "clear"
    origin = description.get("from_terrain") or "clear"
    for name, value in (("terrain", terrain), ("from_terrain", origin)):
        if value not in tables.terrain:
            raise BadBattle(f"{name} must be one of {', '.join(tables.terrain)}, not {value!r}")
    advanced = count_field(description.get("advanced", 0), "advanced", 20)
    winter = count_field(description.get("winter", 0), "winter", 4)
    cold = count_field(description.get("defender_winter", 0), "defender_winter", 4)
    morale = count_field(description.get("morale", 0), "morale", 4)
    drop = count_field(description.get("drop", 0), "drop", 10)
    friendly = bool(description.get("friendly"))
    if description.get("leader") and not friendly:
        morale -= 1  # optional rule Leaders 1: the attacker's revealed leader, -1 to its attack rolls
    if description.get("technology") and not friendly:
        morale -= 1  # K6.1 German Technology: the army's initial assault and advance
    ground = sum(v for k, v in dfd.items() if k != "tac_air")  # what defends against advance
    if friendly and any(dfd.values()):
        raise BadBattle("a friendly hex holds no enemy points")
    if drop > att["paratroop"]:
        raise BadBattle(f"drop: the attacker has {att['paratroop']} paratroop points, not {drop}")
    fort = 0 if friendly else count_field(description.get("fort", 0), "fort", 20)
    # K11.8: an invasion's coastal air army, tac air that fires in the defensive assault
    # (with the armies, or alone) and is air attacked, never hit by the assault
    coastal = 0 if friendly else count_field(description.get("coastal_air_army", 0), "coastal_air_army", 40)
    garrison = bool(description.get("garrison")) and not ground and not friendly
    shooting = _still_firing(description, dfd)
    fort_fire = 0 if description.get("fort_fired") else fort  # Effect Of Forts On Combat 1
    # Effect Of Forts On Combat 3: a fort absorbs its points' worth of losses a player turn
    absorbing = max(0, fort - count_field(description.get("fort_absorbed", 0), "fort_absorbed", 20))
    if sum(att.values()) == 0:
        raise BadBattle("the attacker needs at least one point")

    def fire(strength: int, modifier: int) -> list[int]:
        return [tables.firepower_losses(min(strength, 10), roll + modifier) for roll in range(1, 7)]

    def air(committed: int, modifier: int) -> dict[int, float]:
        """The air attack's losses and their chances: firepower.fire's volleys of ten,
        one die each (K2), added up."""
        chances = {0: 1.0}
        for volley in groups_of_ten(committed):
            step: dict[int, float] = {}
            for total, p in chances.items():
                for roll in range(1, 7):
                    hits = total + tables.firepower_losses(volley, roll + modifier)
                    step[hits] = step.get(hits, 0.0) + p / 6
            chances = step
        return chances

    win = lose_all = att_loss = def_loss = 0.0
    # the defensive assault: its air attack on the attacker's tac air, then the rest fire
    d_commit = _committed(shooting["tac_air"], att["tac_air"])
    fighting = shooting["infantry"] + shooting["mechanized"] + shooting["paratroop"]
    # Air Attacks 10: tac air alone only air attacks; with ground points the rest fires
    firing_back = fighting + (shooting["tac_air"] - d_commit if fighting else 0) + fort_fire + coastal
    defends = bool(description.get("defensive_assault")) and (firing_back or d_commit)
    air_hits = air(d_commit, cold) if defends else {0: 1.0}
    armed = fighting or shooting["tac_air"]
    incoming = fire(firing_back, cold if armed else 0) if defends and firing_back else [0]
    order = ("amphibious", "infantry", "paratroop", "mechanized", "tac_air")
    for tac_hit, p0 in sorted(air_hits.items()):
        tac = max(0, att["tac_air"] - tac_hit)
        for hit in incoming:
            p1 = p0 / len(incoming)
            left = _take({**att, "tac_air": tac}, hit, order)
            att_loss += p1 * (sum(att.values()) - sum(left.values()))
            if left["infantry"] + left["mechanized"] + left["paratroop"] + left["amphibious"] == 0:
                lose_all += p1
                continue
            shots = [0]
            if description.get("assault") and not friendly and (ground or dfd["tac_air"] or garrison or fort):
                a_commit = _committed(left["tac_air"], dfd["tac_air"] + coastal)
                power = left["infantry"] + mechanized_firing(left["mechanized"], terrain) + left["paratroop"]
                shots = fire(power + left["tac_air"] - a_commit, winter + morale)
            for kill in shots:
                p2 = p1 / len(shots)
                hits = max(0, kill - absorbing)  # Effect Of Forts On Combat 3
                standing = max(0, ground - hits)  # tac air takes the losses last
                guard = 1 if garrison and hits == 0 else 0
                fort_left = max(0, fort - max(0, hits - ground - dfd["tac_air"] - (1 if garrison else 0)))
                # armies' points, then the garrison (no strength point), then the fort's
                def_loss += p2 * (min(hits, ground + dfd["tac_air"]) + fort - fort_left)
                strength = 0 if friendly else min(standing + guard + fort_left, 10)
                mech = mechanized_counted(left["mechanized"], origin)
                dropping = min(drop, left["paratroop"])
                if dropping:
                    mech = drop_mech(mech, dropping)
                limit = tables.advance_limit(mech, strength, friendly=friendly)
                empty = strength == 0 and not standing
                modifier = advance_modifier(advanced, terrain, empty=empty, winter=winter + morale)
                if limit > 0:
                    win += p2 * sum(1 for roll in range(1, 7) if roll + modifier <= limit) / 6
    return Odds(
        attacker_wins=win,
        defender_wins=1.0 - win,
        mutual=0.0,
        attacker_losses=att_loss,
        defender_losses=def_loss,
        exact=True,
        unit="strength points",
        kind="advance",
        notes=notes + ((f"Lost: the whole army {lose_all:.0%} of the time.",) if lose_all else ()),
    )


def _still_firing(description: Mapping[str, Any], defender: dict[str, int]) -> dict[str, int]:
    """The defender's points that fire in the defensive assault: `defensive_fire` when
    given (armies that already defended this turn do not fire again), else all; never
    more of a kind than the hex holds."""
    if description.get("defensive_fire") is None:
        return defender
    firing = side_points(description, "defensive_fire", DEFENDER)
    for kind, count in firing.items():
        if count > defender[kind]:
            has = defender[kind]
            raise BadBattle(f"defensive_fire.{kind}: {count} points fire but the defender has {has}")
    return firing


def with_air(
    description: dict[str, Any],
    data: HgwBoard,
    chosen: Mapping[str, Any],
    defenders: list[str],
    drop: int,
) -> dict[str, Any]:
    """battle_at's description with the tac air and paratroops of both sides, the drop
    and the morale modifier added where any is present (the earlier scenarios'
    descriptions stay as they were)."""
    armies = data["armies"]
    out = dict(description)
    mine = {k: int(chosen["sp"].get(k, 0)) for k in AIR_KEYS}
    theirs = {k: sum(int(armies[a]["sp"].get(k, 0)) for a in defenders) for k in AIR_KEYS}
    if any(mine.values()):
        out["attacker"] = {**out["attacker"], **{k: v for k, v in mine.items() if v}}
    if any(theirs.values()):
        out["defender"] = {**out["defender"], **{k: v for k, v in theirs.items() if v}}
    morale = morale_modifier(data, str(chosen["side"]))
    if morale:
        out["morale"] = morale
    if drop:
        out["drop"] = drop
    return out
