"""Battle odds for a described Victory battle, by simulation with an interval.

`battle_odds(attackers, defenders, ...)` plays `samples` copies of the battle at once
with numpy arrays, by the battle rules of 6.3-6.48 as the engine plays them: up to
three rounds (6.3), combat turns A+ to F with the defender first (6.31), a die per
step hitting at or under the firepower (6.4, 6.41), each unit firing at the enemy
group where its firepower is best (6.42), hits to the strongest unit (6.46; ties to
the first listed, as an owner might choose), ground units at 1 step immune to air
and naval fire (6.46), double defense with half-hits for defending ground units in
marsh and mountain (6.47), friendly fire (6.48), attackers across a river losing
their first turn (3.1 note 4), infantry defending a city at G3 and mountain troops
at G3 in mountains (4.3).

Outcomes, from the attacker's side: `win` (no defender left), `lose` (no attacker
left) and `draw` (both still there when the attacker withdraws: after the last
round, 6.5, or earlier by the retreat policy). Not modelled: flak and the answer to
bombardment only after being struck (6.43, 6.45: here any unit may fire at any group
it has firepower for), landings (6.6, 6.7), responses (5.8), retreats of single units.

The dice come from a numpy generator seeded by the caller: the same description and
seed give the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from grognard.core.errors import BadOptions

from .board_files import LAND_TERRAINS
from .control import DOUBLE_DEFENSE
from .units import bonus_situations, turn_rank, unit_table

ROUNDS = 3  # 6.3
GROUPS = ("A", "N", "G")
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Unit:
    """One block of a described battle: its unit type id and its steps."""

    type: str
    steps: int


@dataclass
class Odds:
    """Chances of each outcome, with 95 % intervals, and the expected losses."""

    samples: int
    win: float
    draw: float
    lose: float
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)
    attacker_steps_lost: float = 0.0
    defender_steps_lost: float = 0.0
    attacker_survivors: float = 0.0
    defender_survivors: float = 0.0


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def battle_odds(
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    terrain: str = "clear",
    city: bool = False,
    river: bool = False,
    rounds: int = ROUNDS,
    retreat_after_round: int = 0,
    retreat_below_steps: int = 0,
    samples: int = 20_000,
    seed: int = 0,
) -> Odds:
    """The odds of a battle described by its units and place (see the module text).

    `retreat_after_round`: the attacker withdraws after that round (0 = fights on);
    `retreat_below_steps`: it withdraws at the end of a round once its steps fall
    below this number (0 = never).
    """
    table = unit_table()
    units = [(0, u) for u in attackers] + [(1, u) for u in defenders]
    if not attackers or not defenders:
        raise ValueError("a battle needs units on both sides")
    for _, u in units:
        if u.type not in table:
            raise ValueError(f"unknown unit type {u.type!r}")
        if not 1 <= u.steps <= table[u.type].max_steps:
            raise ValueError(f"{u.type} cannot have {u.steps} steps")
    n = samples
    count = len(units)
    side = np.array([s for s, _ in units])
    arm = [table[u.type].arm for _, u in units]
    steps = np.tile(np.array([u.steps for _, u in units], dtype=np.int64), (n, 1))
    half = np.zeros((n, count), dtype=bool)
    start_steps = np.array([u.steps for _, u in units], dtype=np.int64)
    rng = np.random.default_rng(seed)
    double = terrain in DOUBLE_DEFENSE  # 6.47, from the terrain chart
    fire = []
    for s, u in units:
        kind = table[u.type]
        row = {}
        for group in GROUPS:
            situations: list[str | None] = [None, *bonus_situations(s == 1, city, terrain)]
            row[group] = max(kind.firepower(group, x) for x in situations)
        fire.append(row)
    order = sorted(
        range(count), key=lambda i: (turn_rank(table[units[i][1].type].combat_turn), 1 - side[i], i)
    )
    group_of = np.array([GROUPS.index({"air": "A", "naval": "N", "ground": "G"}[a]) for a in arm])
    withdrawn = np.zeros(n, dtype=bool)
    for rnd in range(1, rounds + 1):
        for i in order:
            me, foe = side[i], 1 - side[i]
            alive = (steps[:, i] > 0) & ~withdrawn
            if not alive.any():
                continue
            if (
                rnd == 1
                and river
                and me == 0
                and arm[i] == "ground"
                and "engineer" not in table[units[i][1].type].tags
            ):
                continue  # 3.1 note 4
            # the group with the best firepower that has a target (6.42)
            best_fp = np.zeros(n, dtype=np.int64)
            best_group = np.full(n, -1)
            for g, group in enumerate(GROUPS):
                fp = fire[i][group]
                targets = (side == foe) & (group_of == g)
                if fp <= 0 or not targets.any():
                    continue
                live = steps[:, targets] > (1 if group == "G" and arm[i] != "ground" else 0)
                has = live.any(axis=1)
                better = has & (fp > best_fp)
                best_fp[better], best_group[better] = fp, g
            shooting = alive & (best_group >= 0)
            if not shooting.any():
                continue
            dice = rng.integers(1, 7, size=(n, 4))
            rolled = np.arange(4)[None, :] < steps[:, i][:, None]
            hits = ((dice <= best_fp[:, None]) & rolled).sum(axis=1) * shooting
            if arm[i] != "ground":
                own_ground = (side == me) & (group_of == 2)
                friendly = ((dice == 6) & rolled).sum(axis=1) * shooting * (best_group == 2)
                friendly *= (steps[:, own_ground] > 0).any(axis=1) if own_ground.any() else 0
                _apply_hits(steps, half, friendly, (side == me) & (group_of == 2), immune=True, double=None)
            for g in set(best_group[shooting].tolist()):
                chosen = hits * (best_group == g)
                if chosen.any():
                    members = (side == foe) & (group_of == g)
                    dd = (foe == 1) and g == 2 and double
                    _apply_hits(
                        steps, half, chosen, members, immune=(g == 2 and arm[i] != "ground"), double=dd
                    )
        a_left = steps[:, side == 0].sum(axis=1)
        d_left = steps[:, side == 1].sum(axis=1)
        over = (a_left == 0) | (d_left == 0)
        if retreat_after_round and rnd >= retreat_after_round:
            withdrawn |= ~over
        if retreat_below_steps:
            withdrawn |= ~over & (a_left < retreat_below_steps)
        if (over | withdrawn).all():
            break
    a_left = steps[:, side == 0].sum(axis=1)
    d_left = steps[:, side == 1].sum(axis=1)
    win = int(((d_left == 0) & (a_left > 0)).sum())
    lose = int((a_left == 0).sum())
    draw = n - win - lose
    return Odds(
        samples=n,
        win=win / n,
        draw=draw / n,
        lose=lose / n,
        intervals={"win": wilson(win, n), "draw": wilson(draw, n), "lose": wilson(lose, n)},
        attacker_steps_lost=float(start_steps[side == 0].sum() - a_left.mean()),
        defender_steps_lost=float(start_steps[side == 1].sum() - d_left.mean()),
        attacker_survivors=float((steps[:, side == 0] > 0).sum(axis=1).mean()),
        defender_survivors=float((steps[:, side == 1] > 0).sum(axis=1).mean()),
    )


def _apply_hits(
    steps: np.ndarray,
    half: np.ndarray,
    hits: np.ndarray,
    members: np.ndarray,
    immune: bool,
    double: bool | None,
) -> None:
    """Give each sample its hits one by one to the strongest member (6.46), sparing
    1-step ground units from air and naval fire, half-hits first under double defense."""
    idx = np.flatnonzero(members)
    if idx.size == 0:
        return
    floor = 1 if immune else 0
    for k in range(int(hits.max(initial=0))):
        rows = np.flatnonzero(hits > k)  # only the samples with a hit still to give
        sub = steps[np.ix_(rows, idx)]
        pickable = sub > floor
        if double:
            halves: np.ndarray = np.asarray(half[np.ix_(rows, idx)] & pickable)
            any_half = np.asarray(halves.any(axis=1)).reshape(-1, 1)
            score = np.where(any_half, np.where(halves, 100, -1), np.where(pickable, sub, -1))
        else:
            score = np.where(pickable, sub, -1)
        pick = score.argmax(axis=1)
        valid = score.max(axis=1) >= 0
        r, t = rows[valid], idx[pick][valid]
        if double:
            was_half = half[r, t]
            steps[r[was_half], t[was_half]] -= 1
            half[r, t] = ~was_half
        else:
            steps[r, t] -= 1


def parse_units(text: str) -> list[Unit]:
    """Units written as "IN:4,AR:3" (type and steps; steps default to the maximum)."""
    table = unit_table()
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        type_id, _, steps = part.partition(":")
        if type_id not in table:
            raise BadOptions(f"unknown unit type {type_id!r}; known: {', '.join(sorted(table))}")
        if steps and not steps.isdigit():
            raise BadOptions(f"{part!r}: the steps after ':' must be a whole number")
        out.append(Unit(type_id, int(steps) if steps else table[type_id].max_steps))
    if not out:
        raise BadOptions(f"no units in {text!r}: write them as IN:4,AR:3")
    return out


SETTINGS = {
    "terrain": str,
    "city": bool,
    "river": bool,
    "rounds": int,
    "retreat_after_round": int,
    "retreat_below_steps": int,
    "samples": int,
    "seed": int,
}


def odds_report(attacker: str, defender: str, settings: Mapping[str, str]) -> dict[str, Any]:
    """`grognard odds victory`: the odds of a battle described in text, as JSON data."""
    kwargs: dict[str, Any] = {}
    for key, text in settings.items():
        kind = SETTINGS.get(key)
        if kind is None:
            raise BadOptions(f"unknown setting {key!r}; settings: {', '.join(SETTINGS)}")
        if kind is bool:
            kwargs[key] = text.lower() in ("1", "true", "yes", "on")
        elif kind is int:
            if not text.isdigit():
                raise BadOptions(f"setting {key} must be a whole number, not {text!r}")
            kwargs[key] = int(text)
        else:
            kwargs[key] = text
    if "terrain" in kwargs and kwargs["terrain"] not in LAND_TERRAINS:
        *others, last = sorted(LAND_TERRAINS)
        raise BadOptions(f"terrain {kwargs['terrain']!r} is not {', '.join(others)} or {last}")
    if not 1 <= kwargs.get("samples", 20_000) <= 1_000_000:
        raise BadOptions("samples must be between 1 and 1000000")
    try:
        odds = battle_odds(parse_units(attacker), parse_units(defender), **kwargs)
    except ValueError as exc:
        raise BadOptions(str(exc)) from None
    return asdict(odds)
