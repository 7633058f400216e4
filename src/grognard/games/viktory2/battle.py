"""Battles (12.0-12.33) and the optional luck averaging (15.4).

A battle is one automatic "battle" frame that walks through its segments on its
own (pre-battle fire, attacker fire, defender fire, removal, retreat option) and
calls a small sub-frame only when somebody has a real decision to make:

- "casualties"  which unit takes a hit: ("hit", uid), one at a time (10.1);
- "retreat"     the attacker fights on or pulls every unit out (12.3 step 3);
- "luck"        how many pairs of dice to trade for sure hits (15.4);
- "eliminate"   after a conquest, which supported units the loser returns to the
                stock (10.2): ("eliminate", uid) (losses.py).

The battle frame remembers where it stands in `phase`; a sub-frame hands its answer
back under `returned` (core.flow.end).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from grognard.core import flow
from grognard.core.flow import Frame, GameStep
from grognard.core.game import Action, Role

from . import turns
from .boarding import board_unit, boarding_key, can_all_board, can_board
from .engagement import defender_at, fighting_units
from .losses import (
    automatic_picks,
    capture,
    is_free_choice,
    lose,
    note_attack,
    representatives,
    score,
)
from .tables import tables
from .vassals import may_stop_in
from .verbs import args
from .wording import unit_words

if TYPE_CHECKING:
    from .state import Viktory2State

Phase = Callable[["Viktory2State", Frame], None]


# ----- starting a battle -------------------------------------------------------------------
def start(st: Viktory2State, role: Role, hex_: str) -> None:
    """Begin the battle at hex_ (12.0): role attacks whoever holds the hex."""
    defender = defender_at(st, hex_, role)
    if defender is None:
        raise ValueError(f"{role} has nobody to fight at {hex_}")
    turn = st.data["turn"]
    # 9.0: acting with other units ends the movement of the unit being moved.
    if turn["moving"] is not None:
        turns.end_movement(st, turn["moving"])
    # 12.2 one battle per hex per turn
    turn["battles"] = sorted({*turn["battles"], hex_})
    # 10.6, 10.7: every attacking unit has made its one attack and stops.
    for uid in fighting_units(st, hex_, role):
        turns.mark_attacked(st, uid, "battle")
    note_attack(st, role, defender)
    _push(st, role, defender, hex_, retreat=True)


def start_placement_battle(st: Viktory2State, role: Role, hex_: str) -> None:
    """13.5: a frigate placed from the Reserve onto another player's frigate fights a
    naval battle; nobody came from anywhere, so there is no retreat."""
    defender = defender_at(st, hex_, role)
    if defender is None:
        return
    # 12.2 it is this hex's one battle of the Player Turn; 10.6 the placed frigates'
    # one attack (reserves.may_place_frigate keeps them from a second)
    turn = st.data["turn"]
    turn["battles"] = sorted({*turn["battles"], hex_})
    for uid in fighting_units(st, hex_, role):
        turn["attacked"][uid] = "battle"
    note_attack(st, role, defender)
    _push(st, role, defender, hex_, retreat=False)


def _push(st: Viktory2State, role: Role, defender: Role, hex_: str, retreat: bool) -> None:
    naval = st.is_water(hex_)
    kind = "naval battle" if naval else "battle"
    st.log(f"{role} attacks {defender} at {hex_}: {kind}")
    flow.call(
        st.flow, "battle", hex=hex_, attacker=role, defender=defender, naval=naval,
        retreat=retreat, round=1, phase="pre_fire", hits={"attacker": [], "defender": []},
        suppressed=0,
    )


# ----- dice counts (12.3) --------------------------------------------------------------------
def attack_dice(st: Viktory2State, units: Iterable[str]) -> int:
    """12.3 step 1: dice per unit TYPE present (combined arms), from the unit table."""
    table = tables()["units"]
    return sum(table[t]["attack_dice"] for t in {st.units[u]["type"] for u in units})


def unit_defense_dice(st: Viktory2State, units: Iterable[str]) -> int:
    """12.3 step 2: the defender's dice for its unit types present."""
    table = tables()["units"]
    return sum(table[t]["defense_dice"] for t in {st.units[u]["type"] for u in units})


def terrain_dice(st: Viktory2State, hex_: str, defender: Role) -> int:
    """12.3 step 2: the defender's dice for the hex's terrain and settlement (place_dice)."""
    town = st.town_at(hex_)
    city = None if town is None or town["owner"] != defender else town["city"] and st.holds_capital(defender)
    return place_dice(st.terrain(hex_), city, bool(st.option("terrain_leveling")))


def place_dice(terrain: str | None, city: bool | None, leveled: bool) -> int:
    """12.3 step 2: the best of a hex's terrain dice and its settlement dice, never both.
    `terrain` is None on a face-down tile (no terrain dice); `city` is None where the
    defender has no town or city in the hex, else whether it counts as a city. The
    engine and the heuristic's board (ai_board.py) both ask this.

    14.0 and its sidebar: a defender who does not hold its own capital counts its
    city as a town here; the terrain itself still counts.
    15.1 terrain leveling removes the terrain's dice only: a town or city is not
    terrain, so it still defends (our reading; the variant names terrain modifiers).
    """
    table = tables()
    best = 0 if leveled or terrain is None else int(table["terrain"][terrain]["defense_dice"])
    if city is not None:
        best = max(best, int(table["settlement"]["city" if city else "town"]["defense_dice"]))
    return best


def naval_support(st: Viktory2State, hex_: str, defender: Role, land_defenders: list[str]) -> int:
    """12.3 step 2, 12.32, 12.33: one die when a defending frigate is next to the hex,
    and the hex holds defending land units or a town or city of the defender."""
    town = st.town_at(hex_)
    if not land_defenders and not (town is not None and town["owner"] == defender):
        return 0
    for n in st.neighbors(hex_):
        if st.is_water(n) and any(
            st.units[u]["owner"] == defender and st.units[u]["type"] == "frigate" for u in st.units_at(n)
        ):
            return 1
    return 0


def defense_dice(st: Viktory2State, frame: Frame) -> int:
    hex_, defender = frame["hex"], frame["defender"]
    units = fighting_units(st, hex_, defender)
    # 12.31 suppression takes away unit dice only
    dice = max(0, unit_defense_dice(st, units) - int(frame["suppressed"]))
    if not frame["naval"]:
        dice += naval_support(st, hex_, defender, units)
        dice += terrain_dice(st, hex_, defender)
    return dice


def has_settlement(st: Viktory2State, frame: Frame) -> bool:
    town = st.town_at(frame["hex"])
    return town is not None and town["owner"] == frame["defender"]


# ----- the battle frame ---------------------------------------------------------------------
class BattleStep(GameStep["Viktory2State"]):
    """12.3: the rounds of one battle, run automatically between decisions."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        return []

    def run(self, game: Viktory2State, frame: Frame) -> None:
        PHASES[frame["phase"]](game, frame)


def _pre_fire(st: Viktory2State, fr: Frame) -> None:
    """12.3 step 0: each attacking artillery fires once before the first round; its
    casualties leave at once. 15.4 luck averaging is offered for the fire rounds
    (steps 1 and 2) only: the variant speaks of a player's Fire Round."""
    fr["phase"] = "after_pre_fire"
    if fr["naval"]:
        return
    attacker, defender = fr["attacker"], fr["defender"]
    table = tables()["units"]
    attackers = fighting_units(st, fr["hex"], attacker)
    guns = [u for u in attackers if table[st.units[u]["type"]].get("pre_battle_fire")]
    targets = fighting_units(st, fr["hex"], defender)
    if not guns or not targets:
        return
    tact, ordinary = score(st.roll(len(guns), attacker, "pre-battle artillery fire"))
    _assign(st, fr, attacker, defender, tact, ordinary, targets, "now", "after_pre_fire")


def _after_pre_fire(st: Viktory2State, fr: Frame) -> None:
    # 12.3 step 0: outside a town or city, no defender left means the battle is over.
    if not fighting_units(st, fr["hex"], fr["defender"]) and not has_settlement(st, fr):
        _finish(st, fr)
        return
    fr["phase"] = "attacker_fire"


def _attacker_fire(st: Viktory2State, fr: Frame) -> None:
    """12.3 step 1 (and the luck question before it, 15.4)."""
    targets = fighting_units(st, fr["hex"], fr["defender"])
    fr["suppressed"] = 0
    if not targets:
        # an empty town or city still rolls its dice once (12.3 step 2 note):
        # the attacker has nothing to fire at.
        fr["phase"] = "defender_fire"
        return
    dice = attack_dice(st, fighting_units(st, fr["hex"], fr["attacker"]))
    _ask_luck(st, fr, fr["attacker"], dice, "attacker_roll")


def _attacker_roll(st: Viktory2State, fr: Frame) -> None:
    attacker, defender = fr["attacker"], fr["defender"]
    dice = attack_dice(st, fighting_units(st, fr["hex"], attacker))
    pairs = int(fr.pop("returned", 0) or 0)
    tact, ordinary = _fire(st, attacker, dice, pairs, f"attack, round {fr['round']}")
    targets = fighting_units(st, fr["hex"], defender)
    # 12.31 hits beyond what kills every defending unit suppress the defender's unit dice
    fr["suppressed"] = max(0, tact + ordinary - len(targets))
    # the log counts the dice actually lost: never more than the defender's unit dice
    lost = min(fr["suppressed"], unit_defense_dice(st, targets))
    if lost:
        st.log(f"{defender} loses {lost} unit {'die' if lost == 1 else 'dice'} to suppression")
    _assign(st, fr, attacker, defender, tact, ordinary, targets, "defender", "defender_fire")


def _defender_fire(st: Viktory2State, fr: Frame) -> None:
    """12.3 step 2: units hit in the attacker's round still fire back."""
    _ask_luck(st, fr, fr["defender"], defense_dice(st, fr), "defender_roll")


def _defender_roll(st: Viktory2State, fr: Frame) -> None:
    attacker, defender = fr["attacker"], fr["defender"]
    pairs = int(fr.pop("returned", 0) or 0)
    tact, ordinary = _fire(st, defender, defense_dice(st, fr), pairs, f"defence, round {fr['round']}")
    targets = fighting_units(st, fr["hex"], attacker)
    _assign(st, fr, defender, attacker, tact, ordinary, targets, "attacker", "remove")


def _remove(st: Viktory2State, fr: Frame) -> None:
    """12.3 step 2, end: the noted casualties of both sides leave together."""
    for side in ("defender", "attacker"):
        for uid in fr["hits"][side]:
            lose(st, uid)
        fr["hits"][side] = []
    attackers = fighting_units(st, fr["hex"], fr["attacker"])
    defenders = fighting_units(st, fr["hex"], fr["defender"])
    if not attackers or not defenders:
        _finish(st, fr)
        return
    # 12.3 step 3: both sides still there: the attacker may retreat.
    if fr["retreat"] and can_retreat(st, fr["hex"], fr["attacker"]):
        fr["phase"] = "after_retreat"
        flow.call(st.flow, "retreat", role=fr["attacker"], hex=fr["hex"], started=False)
        return
    _next_round(st, fr)


def _after_retreat(st: Viktory2State, fr: Frame) -> None:
    if fr.pop("returned", None) == "retreated":
        _finish(st, fr)
    else:
        _next_round(st, fr)


def _next_round(st: Viktory2State, fr: Frame) -> None:
    fr["round"] += 1
    fr["phase"] = "attacker_fire"


def _finish(st: Viktory2State, fr: Frame) -> None:
    """12.3 step 4: the attacker wins only with units left and no defending unit."""
    hex_, attacker, defender = fr["hex"], fr["attacker"], fr["defender"]
    won = bool(fighting_units(st, hex_, attacker)) and not fighting_units(st, hex_, defender)
    st.flow.pop()
    if not won:
        st.log(_not_won_text(st, fr))
        return
    st.log(f"{attacker} wins the battle at {hex_}")
    town = st.town_at(hex_)
    if town is not None and town["owner"] == defender:
        capture(st, hex_, attacker)


def _not_won_text(st: Viktory2State, fr: Frame) -> str:
    """The log line of a battle the attacker did not win (12.3 step 4): "holds" only
    while the defender still has units there; after mutual destruction it keeps at
    most its town or city."""
    hex_, attacker, defender = fr["hex"], fr["attacker"], fr["defender"]
    if fighting_units(st, hex_, defender) or fighting_units(st, hex_, attacker):
        return f"{defender} holds {hex_}"
    town = st.town_at(hex_)
    if town is not None and town["owner"] == defender:
        kind = "city" if town["city"] else "town"
        return f"both sides are wiped out at {hex_}: {defender} keeps its {kind}"
    return f"both sides are wiped out at {hex_}: no one wins the battle"


# ----- firing and assigning hits ------------------------------------------------------------
def _fire(st: Viktory2State, role: Role, dice: int, pairs: int, why: str) -> tuple[int, int]:
    """Roll `dice` less the averaged pairs; each pair is one sure ordinary hit (15.4)."""
    pairs = max(0, min(pairs, dice // 2))
    if pairs:
        st.log(f"{role} trades {2 * pairs} dice for {pairs} sure hit{'s' if pairs > 1 else ''} (15.4)")
    tact, ordinary = score(st.roll(dice - 2 * pairs, role, why))
    return tact, ordinary + pairs


def _ask_luck(st: Viktory2State, fr: Frame, role: Role, dice: int, then: str) -> None:
    """15.4: before rolling, the firing player may trade pairs of dice for sure hits."""
    fr["phase"] = then
    if st.option("luck_averaging") and dice >= 2:
        flow.call(st.flow, "luck", role=role, dice=dice, max=dice // 2)


def _assign(
    st: Viktory2State, fr: Frame, firer: Role, target: Role, tact: int, ordinary: int,
    pool: list[str], side: str, then: str,
) -> None:
    """10.1: the firing player picks the casualties of its 1s, then the target player
    picks those of its 2s and 3s. `side` is where the hits go: "now" (removed at once)
    or the battle side whose hits are noted until the removal."""
    fr["assign"] = {"firer": firer, "target": target, "ordinary": ordinary, "side": side, "then": then}
    fr["phase"] = "assign_ordinary"
    _pick(st, fr, firer, list(pool), tact)


def _pick(st: Viktory2State, fr: Frame, chooser: Role, pool: list[str], count: int) -> None:
    count = min(count, len(pool))
    if is_free_choice(st, pool, count):
        flow.call(st.flow, "casualties", role=chooser, pool=pool, count=count, chosen=[])
    else:
        fr["returned"] = automatic_picks(st, pool, count)


def _record(st: Viktory2State, fr: Frame, chosen: list[str]) -> None:
    side = fr["assign"]["side"]
    for uid in chosen:
        if side == "now":
            lose(st, uid)
        else:
            fr["hits"][side].append(uid)
            st.log(f"{unit_words(st, uid)} is hit")


def _assign_ordinary(st: Viktory2State, fr: Frame) -> None:
    _record(st, fr, list(fr.pop("returned", None) or []))
    a = fr["assign"]
    side = a["side"]
    owner = a["target"]
    taken = set(fr["hits"][side]) if side != "now" else set()
    pool = [u for u in fighting_units(st, fr["hex"], owner) if u not in taken]
    fr["phase"] = "assign_done"
    _pick(st, fr, owner, pool, a["ordinary"])


def _assign_done(st: Viktory2State, fr: Frame) -> None:
    _record(st, fr, list(fr.pop("returned", None) or []))
    fr["phase"] = fr.pop("assign")["then"]


PHASES: dict[str, Phase] = {
    "pre_fire": _pre_fire,
    "after_pre_fire": _after_pre_fire,
    "attacker_fire": _attacker_fire,
    "attacker_roll": _attacker_roll,
    "defender_fire": _defender_fire,
    "defender_roll": _defender_roll,
    "assign_ordinary": _assign_ordinary,
    "assign_done": _assign_done,
    "remove": _remove,
    "after_retreat": _after_retreat,
}


# ----- luck averaging (15.4) -------------------------------------------------------------------
class LuckAveraging(GameStep["Viktory2State"]):
    """15.4: ("average", pairs): skip that many pairs of dice, one sure hit per pair.
    An odd die is always rolled, so pairs go up to dice // 2."""

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> Iterable[Action]:
        return [("average", p) for p in range(frame["max"] + 1)]

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        return (
            f"You have {frame['dice']} battle dice: trade up to {frame['max']} pairs for one sure hit "
            "each, or 0 to roll them all."
        )

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        flow.end(game.flow, int(args(action)["pairs"]))


# ----- retreat (12.3 step 3) ------------------------------------------------------------------
def _entry_hexes(st: Viktory2State, hex_: str) -> list[str]:
    entries: list[str] = st.data["turn"]["entries"].get(hex_, [])
    near = set(st.neighbors(hex_))
    return sorted(h for h in set(entries) if h in near)


def _may_stop(st: Viktory2State, role: Role, hex_: str) -> bool:
    return may_stop_in(st, role, hex_)


def _free_of_enemies(st: Viktory2State, role: Role, hex_: str) -> bool:
    town = st.town_at(hex_)
    if town is not None and st.hostile(role, town["owner"]):
        return False
    return not any(st.hostile(role, st.units[u]["owner"]) for u in st.units_at(hex_))


def _boarding_representatives(st: Viktory2State, uids: list[str]) -> list[str]:
    """One land unit per class that boards alike (type, and the frigates that already
    count it toward their three this turn, 9.41)."""
    seen: dict[tuple[str, ...], str] = {}
    for uid in sorted(uids):
        seen.setdefault(boarding_key(st, uid), uid)
    return sorted(seen.values())


def _land_retreats(st: Viktory2State, role: Role, hex_: str) -> list[str]:
    return [
        h for h in _entry_hexes(st, hex_)
        if st.is_land(h) and _free_of_enemies(st, role, h) and _may_stop(st, role, h)
    ]


def _water_retreats(st: Viktory2State, role: Role, hex_: str) -> list[str]:
    return [
        h for h in _entry_hexes(st, hex_)
        if st.is_water(h) and _free_of_enemies(st, role, h) and _may_stop(st, role, h)
    ]


def _rescue_frigates(st: Viktory2State, role: Role, hex_: str) -> list[str]:
    """role's frigates waiting in a water hex the attack came from (12.3 step 3)."""
    return [
        f for h in _water_retreats(st, role, hex_) for f in st.units_at(h)
        if st.units[f]["owner"] == role and st.units[f]["type"] == "frigate"
    ]


def retreat_moves(st: Viktory2State, role: Role, hex_: str) -> list[Action]:
    """("retreat", uid, to) for one unit per class still in the battle hex.

    Land units go to a land hex the attack came from, or aboard a frigate of theirs
    in a water hex it came from; frigates go to such a water hex. While every unit
    must board (no land hex to go to), a frigate is offered only to a unit whose
    boarding leaves room for all the others (no dead end)."""
    units = fighting_units(st, hex_, role)
    moves: list[Action] = []
    if st.is_water(hex_):
        reps = representatives(st, units)
        return [("retreat", u, h) for u in reps for h in _water_retreats(st, role, hex_)]
    lands = _land_retreats(st, role, hex_)
    frigates = _rescue_frigates(st, role, hex_)
    by_land = set(representatives(st, units))
    by_sea = set(_boarding_representatives(st, units))
    for uid in sorted(by_land | by_sea):
        if uid in by_land:
            moves.extend(("retreat", uid, h) for h in lands)
        if uid in by_sea:
            moves.extend(
                ("retreat", uid, st.units[f]["hex"]) for f in frigates
                if can_board(st, f, uid) and (lands or can_all_board(st, frigates, units, (f, uid)))
            )
    return moves


def can_retreat(st: Viktory2State, hex_: str, role: Role) -> bool:
    """12.3 step 3: a retreat must take every attacking unit out of the hex."""
    units = fighting_units(st, hex_, role)
    if st.is_water(hex_):
        return bool(_water_retreats(st, role, hex_))
    if _land_retreats(st, role, hex_):
        return True
    return can_all_board(st, _rescue_frigates(st, role, hex_), units)


class Retreat(GameStep["Viktory2State"]):
    """12.3 step 3: ("fight_on",) or ("retreat", uid, hex) until all are out; a land
    unit retreating to a water hex boards the first of its frigates there with room."""

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> Iterable[Action]:
        moves = retreat_moves(game, role, frame["hex"])
        return moves if frame["started"] else [("fight_on",), *moves]

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        if frame["started"]:
            return f"Retreat your remaining units out of {frame['hex']}."
        return f"Fight another round at {frame['hex']}, or retreat all your units from it."

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        if action[0] == "fight_on":
            st.log(f"{role} fights on at {frame['hex']}")
            flow.end(st.flow, "fight_on")
            return
        named = args(action)
        uid, dest = named["unit"], named["to"]
        frame["started"] = True
        if st.is_water(dest) and st.is_land_unit(uid):
            frigates = _rescue_frigates(st, role, frame["hex"])
            rest = fighting_units(st, frame["hex"], role)
            fits = [f for f in frigates if st.units[f]["hex"] == dest and can_board(st, f, uid)]
            # the first frigate there that leaves room for the others, if one does
            frigate = next((f for f in fits if can_all_board(st, frigates, rest, (f, uid))), fits[0])
            board_unit(st, frigate, uid)
            aboard = unit_words(st, frigate, role)
            st.log(f"{role} retreats {unit_words(st, uid, role)} {frame['hex']} → aboard {aboard} at {dest}")
        else:
            st.units[uid]["hex"] = dest
            st.log(f"{role} retreats {unit_words(st, uid, role)} {frame['hex']} → {dest}")
        if not fighting_units(st, frame["hex"], role):
            flow.end(st.flow, "retreated")


__all__ = [
    "BattleStep",
    "LuckAveraging",
    "Retreat",
    "start",
    "start_placement_battle",
]
