"""Questions every phase asks of the game data: armies and their strength, hex control,
garrisons, die modifiers, and the effects of capturing a hex.

The data layout (`state.data`, besides the core's roles, rng, log and flow) is written
down, key by key with its rules, as types in layout.py (`HgwData`); `army_status` and
`mark` hand out an army's turn record typed (`layout.Status`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .airpower import advance_defence, garrison_defends, stacked_points
from .fleets import expel
from .forts import destroy as destroy_fort
from .forts import fort_points
from .garrisons import inherent
from .geography import Geography, Place, box_hexes, geography
from .layout import Army, HgwBoard, Status, placed
from .limitations import siberia_repair_floor
from .neutrality import at_peace, is_unaligned, on_capture, reserved_counters
from .scenario import BOX, KINDS, load_scenario
from .tables import load_tables
from .unaligned_forces import home_points, surrendered_gone
from .victory import berlin_falls

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
STACK_LIMIT = 10  # Stacking 1


def points(count: int, kind: str = "") -> str:
    """ "1 point", "3 infantry points": counts for the log, in good English."""
    word = "point" if count == 1 else "points"
    return f"{count} {kind} {word}" if kind else f"{count} {word}"


def enemy(side: str) -> str:
    """The Axis's opponent in a two-sided scenario, or the Allies' and Soviets' one."""
    return "soviet" if side == "axis" else "axis"


def opponents(data: Data, side: str) -> tuple[str, ...]:
    """The sides `side` fights: the Axis fights every other side; the Soviets and the
    Allies fight only the Axis and never each other (Allied-Soviet Co-operation 1)."""
    if side != "axis":
        return () if at_peace(data, side, "axis") else ("axis",)
    sides = load_scenario(data["scenario"]).sides
    return tuple(s for s in sides if s != "axis" and not at_peace(data, side, s))


def enemy_armies_at(data: Data, place: Place, side: str) -> list[str]:
    foes = opponents(data, side)
    return sorted(a for a, x in data["armies"].items() if x["at"] == place and x["side"] in foes)


def may_target(data: Data, side: str, place: Place) -> bool:
    """Initial Attack 3 and Allied-Soviet Co-operation 1-2: an army may be named against
    a place of its own side or of an opponent, never against a co-belligerent's."""
    owner = data["owner"].get(place)
    if owner is None:
        # Violation of Neutrality 1 (Campaign Game I), the unaligned U.S. box included:
        # an Axis attack brings the U.S. in (United States 2a), an Allied one turns it
        # Axis (Violation of Neutrality 3)
        return is_unaligned(data, place)
    return owner == side or owner in opponents(data, side)


def geo(data: Data) -> Geography:
    return geography(data["scenario"])


def strength(army: Army) -> int:
    return sum(int(army["sp"][k]) for k in KINDS)


def armies_at(data: Data, place: Place, side: str | None = None) -> list[str]:
    return sorted(
        a for a, x in data["armies"].items() if x["at"] == place and (side is None or x["side"] == side)
    )


def on_board(data: Data, side: str) -> list[str]:
    return sorted(a for a, x in data["armies"].items() if x["side"] == side and x["at"] is not None)


def free_army(data: Data, side: str, nation: str = "") -> str | None:
    """A spare army counter from the record sheet (twelve per side, never more), of
    the nation asked for (Activity Limitations 8: French counters only for French
    points; nations.py), never one kept for a nation's arriving army (neutrality)."""
    kept = reserved_counters(data, side)
    for a, x in sorted(data["armies"].items()):
        spare = x["side"] == side and x["at"] is None and x["name"] not in kept
        if spare and str(x.get("nation", "")) == nation:
            return str(a)
    return None


def stacked(army: Army) -> int:
    """The army's points the ten-a-hex limit counts: every point but its tac air (Tac Air
    Abilities 2, airpower.stacked_points)."""
    return stacked_points(army)


def armies_by_place(data: Data) -> dict[Place, list[str]]:
    """Every place with armies in it and those armies, sorted (`armies_at` of each place
    at once, for a step that asks it of every place it offers)."""
    found: dict[Place, list[str]] = {}
    for a, x in sorted(data["armies"].items()):
        found.setdefault(placed(x), []).append(a)
    return found


def stack(data: Data, place: Place, armies_there: list[str] | None = None) -> int:
    """Points in the place that count against the stacking limit, completed fort points
    included (Fortifications 1), tac air left out (Tac Air Abilities 2). `armies_there`,
    when given, are the place's armies (`armies_by_place`)."""
    there = armies_at(data, place) if armies_there is None else armies_there
    armies = sum(stacked(data["armies"][a]) for a in there)
    return armies + fort_points(data, place) + home_points(data, place)  # Unaligned Forces: home points


def fixed_points_at(data: Data) -> set[Place]:
    """The places whose stack counts points besides armies' (a completed or building
    fort, home points): any other place without armies stacks none."""
    return {*data.get("forts", {}), *data.get("home_forces", {}).get("at", {})}


def over_limit(place: Place, points: int) -> bool:
    """Stacking 1 and 3; Off-Map Combat 1: ten points a hex; the boxes have no limit."""
    return place != BOX and place not in box_hexes() and points > STACK_LIMIT


def has_garrison(data: Data, place: Place) -> bool:
    """Garrisons 1-6: an empty place defends with one point if it has an inherent
    garrison (or its owner's occupation marker stands for one) and that garrison was not
    destroyed earlier in this combat phase."""
    armies = [data["armies"][a] for a in armies_at(data, place)]
    # Air Attacks 9: a place held by tac air alone keeps its garrison
    if (armies and not garrison_defends(armies)) or place in data["garrison_lost"]:
        return False
    if home_points(data, place):  # Unaligned Forces: home forces stand in for it, as an army
        return False
    if inherent(data, place):  # Garrisons 1; Pacific and African Garrisons 1 (O3.1)
        return True
    owner = data["owner"].get(place)  # an unaligned place has no marker to stand for one
    return owner is not None and data["markers"].get(place) == owner


def defence(data: Data, place: Place) -> int:
    """The target's strength on the Advance Table (Advance Resolution 3, 6, 9), its
    completed fort points included (Effect Of Forts On Combat 1): the armies' points that
    defend against advance, never tac air (Tac Air Abilities 3; Combat Capability
    Summary); a place of tac air alone defends on the '0' column with its garrison (Air
    Attacks 9, 11)."""
    armies = [data["armies"][a] for a in armies_at(data, place)]
    fort = fort_points(data, place) + home_points(data, place)  # Unaligned Forces: as infantry
    if armies and not garrison_defends(armies):
        return min(sum(advance_defence(a) for a in armies) + fort, 10)
    return min((1 if has_garrison(data, place) else 0) + fort, 10)


def mechanized_firing(mechanized: int, target_terrain: str) -> int:
    """The mechanized points that fire in an assault on a hex of `target_terrain`: none
    against mountains and swamps, half (rounded down) against jungle (Mountain Combat 1,
    Swamp Combat 1, Jungle Combat 1)."""
    effect = load_tables().terrain[target_terrain].mech_assault
    if effect == "none":
        return 0
    if effect == "half":
        return mechanized // 2
    return mechanized


def russian_winter(side: str, turn: str, winters: int, country: str | None) -> int:
    """Russian Winter Combat 1-2: Axis armies in Soviet hexes in winter add +4 the
    first winter, +2 the second, +1 after, to attack and defensive assault rolls.
    `turn` is the Time Record's name of the turn, `winters` the Axis winters in the
    Soviet Union so far, `country` that of the army's place."""
    if side != "axis" or not turn.startswith("Winter") or country != "soviet_union":
        return 0
    steps = load_tables().russian_winter.modifiers
    return steps[min(winters, len(steps) - 1)]


def winter_modifier(data: Data, army_id: str) -> int:
    """The Russian winter's modifier to `army_id`'s rolls now (`russian_winter`)."""
    army = data["armies"][army_id]
    country = geo(data).country.get(placed(army))
    return russian_winter(army["side"], current_turn(data), int(data["winters"]), country)


def current_turn(data: Data) -> str:
    return str(data["turns"][data["turn"]])


def production_of(data: Data, place: Place) -> int:
    """Undevastated production points at a place."""
    return max(0, geo(data).production[place] - int(data["devastated"].get(place, 0)))


def capture(state: HgwState, place: Place, side: str, *, by_advance: bool) -> None:
    """A place becomes friendly to `side` (Friendly Hexes 2; Advance Resolution 7): its
    production is devastated when an army advances into it, and an occupation marker
    goes down when the place lies outside the side's own starting territory."""
    data = state.data
    g = geo(data)
    before = data["owner"].get(place)
    if before == side:
        return
    data["owner"][place] = side
    if destroy_fort(data, place):
        state.log(f"the fort in {place} is destroyed")  # Effect Of Forts On Combat 4
    for fleet in expel(data, place, side):
        at = data["fleets"][fleet]["at"]
        where = f" to {at}" if at else " and lost"
        state.log(f"{data['fleets'][fleet]['name']} is expelled from {place}{where}")
    if by_advance and side == "axis" and before == "soviet" and data.get("lend_lease"):
        data["lend_lease"]["open"] = True  # Lend-Lease 1
    if by_advance:
        value = g.production[place] or g.box_points.get(place, 0)  # Off-Map Combat 2
        if value:
            data["devastated"][place] = value
        lasting = siberia_repair_floor(data, place, side)  # Siberian Industry 2
        if lasting:
            data["permanent"][place] = max(int(data["permanent"].get(place, 0)), lasting)
        data["garrison_lost"] = sorted({*data["garrison_lost"], place})
    if g.start_owner.get(place) != side:
        data["markers"][place] = side
        if by_advance:
            data["won"] = sorted({*data["won"], place})
    else:
        drop_marker(data, place)
    state.log(f"{side} captures {place}")
    on_capture(state, place, side)  # Other Countries 1-2 (Campaign Game I)
    surrendered_gone(state)  # Unaligned Forces 3: a surrendered country's home forces
    check_victory(state)


def drop_marker(data: Data, place: Place) -> None:
    data["markers"].pop(place, None)
    if place in data["won"]:
        data["won"] = [p for p in data["won"] if p != place]


def left(data: Data, place: Place) -> None:
    """Garrisons 6: a hex with no inherent garrison keeps one under an occupation marker
    of its owner when the last army leaves it."""
    if place is None or armies_at(data, place) or inherent(data, place):
        return
    owner = data["owner"].get(place)
    if owner is not None and data["markers"].get(place) != owner:
        drop_marker(data, place)
        data["markers"][place] = owner


def check_victory(state: HgwState) -> None:
    """Barbarossa Victory Conditions 1-2: the Axis wins at once holding every Soviet
    capital; the Soviet side at once holding Berlin. The Fall of Germany Victory
    Conditions 1: the game ends at once when Berlin falls (victory.py scores it)."""
    data = state.data
    if data.get("result") is not None:
        return
    content = load_scenario(data["scenario"])
    if content.victory in ("berlin", "campaign"):
        if data["owner"].get(content.berlin) != "axis":
            berlin_falls(state)
        return
    for side, capitals in content.capitals.items():
        if all(data["owner"].get(c) == side for c in capitals):
            data["result"] = {side: 1.0, enemy(side): 0.0}
            state.log(f"{side} wins: it holds {', '.join(capitals)}")
            data["flow"].clear()
            return


def remove_points(data: Data, army_id: str, kind: str, count: int = 1) -> None:
    """Take points off an army; an army left empty returns to the record sheet
    (Movement 5; Assault Resolution 6)."""
    army = data["armies"][army_id]
    army["sp"][kind] -= count
    if strength(army) == 0:
        army["at"] = None
        data["status"].pop(army_id, None)
        data.get("coastal_air", {}).pop(army_id, None)  # Naval Action: its coastal air (N9.1)


def eliminate(state: HgwState, army_id: str, why: str) -> None:
    army = state.data["armies"][army_id]
    state.log(f"{army['name']} is eliminated ({why})")
    for kind in KINDS:
        army["sp"][kind] = 0
    army["at"] = None
    state.data["status"].pop(army_id, None)
    state.data.get("coastal_air", {}).pop(army_id, None)  # Naval Action: its coastal air (N9.1)


def _fresh_status() -> Status:
    return {"target": None, "assaulted": False, "defended": False, "advanced": 0, "stopped": False}


def army_status(data: Data, army_id: str) -> Status:
    """What the army did this turn, for reading only: questions must not change data."""
    status: Status | None = data["status"].get(army_id)
    return status if status is not None else _fresh_status()


def mark(data: Data, army_id: str) -> Status:
    """The army's status, stored, for the rules that record what it does."""
    status: Status = data["status"].setdefault(army_id, _fresh_status())
    return status
