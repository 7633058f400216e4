"""The Victory battle simulator: the odds of a described battle, by simulation with an interval.

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

odds.py puts this simulator behind the core's odds contract and the CLI.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .control import DOUBLE_DEFENSE
from .units import bonus_situations, turn_rank, unit_table

ROUNDS = 3  # 6.3
GROUPS = ("A", "N", "G")
TIE_SLOTS = 64  # more than a side's blocks (MOST_UNITS): the tie rank of _apply_hits
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Unit:
    """One block of a described battle: its unit type id and its steps; `spent` when
    it has had its combat turn in the round the battle is taken up in (6.31: it fires
    again only next round)."""

    type: str
    steps: int
    spent: bool = False


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
    mutual: float = 0.0  # part of `lose`: no block left on either side


#: Copies of a battle played at a time when a precision is asked (battle_odds)
PRECISION_BATCH = 4_000


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
    precision: float = 0.0,
) -> Odds:
    """The odds of a battle described by its units and place (see the module text).

    `retreat_after_round`: the attacker withdraws after that round (0 = fights on);
    `retreat_below_steps`: it withdraws at the end of a round once its steps fall
    below this number (0 = never). With a `precision` (say 0.005 for +-0.5 %), the
    battle is played in batches of PRECISION_BATCH until every outcome's 95 %
    interval is that narrow, `samples` at most: a lopsided battle needs far fewer
    copies than an even one. The same description, seed and precision give the same
    numbers.
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
    types = sorted({u.type for _, u in units})
    side = np.array([s for s, _ in units])
    rng = np.random.default_rng(seed)
    place = Place(terrain, city, river, rounds, retreat_after_round, retreat_below_steps)

    spent = np.array([u.spent for _, u in units])

    def play(n: int) -> tuple[np.ndarray, np.ndarray]:
        start = np.repeat(np.array([[u.steps] for _, u in units], dtype=np.int8), n, axis=1)
        kind = np.repeat(np.array([[types.index(u.type)] for _, u in units], dtype=np.int8), n, axis=1)
        return start, simulate(types, side, kind, start, place, rng, spent)

    if precision <= 0:
        return summarise(*play(samples), side)
    starts: list[np.ndarray] = []
    ends: list[np.ndarray] = []
    batch = PRECISION_BATCH
    while True:
        start, steps = play(min(batch, samples - sum(x.shape[1] for x in starts)))
        starts.append(start)
        ends.append(steps)
        odds = summarise(np.concatenate(starts, axis=1), np.concatenate(ends, axis=1), side)
        widest = max((high - low) / 2 for low, high in odds.intervals.values())
        if widest <= precision or odds.samples >= samples:
            return odds
        # the copies the outcomes seen so far call for (normal approximation), played
        # in one more batch rather than many small ones: each batch costs the
        # simulator's per-turn passes again
        p = max(min(x, 1 - x) for x in (odds.win, odds.draw, odds.lose))
        needed = math.ceil(Z95 * Z95 * p * (1 - p) / (precision * precision))
        batch = max(PRECISION_BATCH // 4, needed - odds.samples + PRECISION_BATCH // 8)


@dataclass(frozen=True)
class Place:
    """Where and how long a battle is fought (see `battle_odds`)."""

    terrain: str = "clear"
    city: bool = False
    river: bool = False
    rounds: int = ROUNDS
    retreat_after_round: int = 0
    retreat_below_steps: int = 0


def simulate(
    types: Sequence[str],
    side: np.ndarray,
    kind: np.ndarray,
    start: np.ndarray,
    place: Place,
    rng: np.random.Generator,
    spent: np.ndarray | None = None,
) -> np.ndarray:
    """Fight every column of `start` (blocks x samples: the steps of each block in
    each sample) and return the steps left. Block j is on `side[j]`; `spent[j]` when
    it has had its turn in the first round played here (a battle taken up in the
    middle of a round: it fires from the next round on). Its type is
    `types[kind[j, r]]` in sample r: a type may differ between samples (a hidden
    block's draws), so each block fires in each combat turn on the samples where its
    type fires then (6.31: turns in order, the defender first, then the blocks as
    listed). Blocks are rows so that the per-sample reductions run along contiguous
    memory."""
    table = unit_table()
    count, n = start.shape
    result = start.copy()
    steps = start.copy()  # the samples still fighting: those of `at`, compacted each round
    at = np.arange(n)
    half = np.zeros(steps.shape, dtype=bool)
    double = place.terrain in DOUBLE_DEFENSE  # 6.47, from the terrain chart
    # per side and type: the firepower at each group (4.3 bonuses)
    fire = np.zeros((2, len(types), len(GROUPS)), dtype=np.int8)
    for s in (0, 1):
        situations: list[str | None] = [None, *bonus_situations(s == 1, place.city, place.terrain)]
        for t, type_id in enumerate(types):
            for g, group_name in enumerate(GROUPS):
                fire[s, t, g] = max(table[type_id].firepower(group_name, x) for x in situations)
    arm_group = {"air": 0, "naval": 1, "ground": 2}  # the index in GROUPS
    group = np.array([arm_group[table[t].arm] for t in types], dtype=np.int8)[kind]
    rank = np.array([turn_rank(table[t].combat_turn) for t in types], dtype=np.int8)[kind]
    # 3.1 note 4: ground attackers other than engineers lose their first turn over a river
    slow = np.array([table[t].arm == "ground" and "engineer" not in table[t].tags for t in types])[kind]
    kind = kind.copy()
    turns_of = [sorted(set(rank[j].tolist())) for j in range(count)]
    turns = sorted({t for ts in turns_of for t in ts})
    firing = sorted(range(count), key=lambda j: (1 - side[j], j))
    for rnd in range(1, place.rounds + 1):
        for turn in turns:
            for i in firing:
                if turn not in turns_of[i] or (rnd == 1 and spent is not None and spent[i]):
                    continue
                ready = steps[i] > 0
                if len(turns_of[i]) > 1:
                    ready &= rank[i] == turn
                if rnd == 1 and place.river and side[i] == 0:
                    ready &= ~slow[i]
                cols = np.flatnonzero(ready)
                if cols.size:
                    _fire(cols, i, side, kind, group, steps, half, fire, double, rng)
        a_left = steps[side == 0].sum(axis=0)
        done = (a_left == 0) | (steps[side == 1].sum(axis=0) == 0)
        if place.retreat_after_round and rnd >= place.retreat_after_round:
            done[:] = True  # the attacker withdraws from the rest (6.5)
        if place.retreat_below_steps:
            done |= a_left < place.retreat_below_steps
        if done.any():  # finished samples leave the working arrays
            result[:, at[done]] = steps[:, done]
            keep = ~done
            at, steps, half, kind = at[keep], steps[:, keep], half[:, keep], kind[:, keep]
            group, rank, slow = group[:, keep], rank[:, keep], slow[:, keep]
        if at.size == 0:
            break
    result[:, at] = steps
    return result


def _fire(
    cols: np.ndarray,
    i: int,
    side: np.ndarray,
    kind: np.ndarray,
    group: np.ndarray,
    steps: np.ndarray,
    half: np.ndarray,
    fire: np.ndarray,
    double: bool,
    rng: np.random.Generator,
) -> None:
    """Block i fires in the samples `cols`: at the group it hits best among those
    with a target (6.42), a die per step (6.4), sixes at ground also at its own
    ground units (6.48)."""
    me, foe = int(side[i]), 1 - int(side[i])
    foes = _span(side, foe)
    if cols.size == steps.shape[1]:  # every sample: slices, no gathering
        foe_steps, foe_group = steps[foes], group[foes]
        shooter_ground, fp = group[i] == 2, fire[me, kind[i]].T
    else:
        foe_steps, foe_group = steps[foes, cols], group[foes, cols]
        shooter_ground, fp = group[i, cols] == 2, fire[me, kind[i, cols]].T  # fp: groups x samples
    best_fp = np.zeros(cols.size, dtype=np.int8)
    best_group = np.full(cols.size, -1, dtype=np.int8)
    live = foe_steps > 0
    for g in range(len(GROUPS)):
        able = live
        if g == 2 and not shooter_ground.all():  # 6.46: 1-step ground units immune to air and sea
            able = np.where(shooter_ground, live, foe_steps > 1)
        better = (able & (foe_group == g)).any(axis=0) & (fp[g] > best_fp)
        best_fp, best_group = np.where(better, fp[g], best_fp), np.where(better, g, best_group)
    shooting = best_group >= 0
    if not shooting.all():
        cols, best_fp, best_group = cols[shooting], best_fp[shooting], best_group[shooting]
        foe_group = foe_group[:, shooting]
    if cols.size == 0:
        return
    air_or_sea = ~shooter_ground[shooting]
    dice = rng.integers(1, 7, size=(4, cols.size), dtype=np.int8)
    rolled = np.arange(4)[:, None] < steps[i, cols][None, :]
    hits = ((dice <= best_fp) & rolled).sum(axis=0)
    if air_or_sea.any():  # 6.48: friendly fire on one's own ground units
        friendly = ((dice == 6) & rolled).sum(axis=0) * ((best_group == 2) & air_or_sea)
        if friendly.any():
            mine = _span(side, me)
            members = group[mine, cols] == 2
            _apply_hits(steps, half, mine, cols, friendly, members, np.ones(cols.size, dtype=np.int8), False)
    for g in set(best_group.tolist()):
        chosen = best_group == g
        every = chosen.all()
        c = cols if every else cols[chosen]
        members = (foe_group if every else foe_group[:, chosen]) == g
        floor = ((g == 2) & (air_or_sea if every else air_or_sea[chosen])).astype(np.int8)
        dd = foe == 1 and g == 2 and double
        _apply_hits(steps, half, foes, c, hits if every else hits[chosen], members, floor, dd)


def _span(side: np.ndarray, which: int) -> slice:
    """The blocks of one side: attackers are listed before defenders."""
    where = np.flatnonzero(side == which)
    return slice(int(where[0]), int(where[-1]) + 1)


def summarise(start: np.ndarray, steps: np.ndarray, side: np.ndarray) -> Odds:
    """The outcome counts and mean losses of the samples (columns) `start` -> `steps`."""
    n = steps.shape[1]
    a_left = steps[side == 0].sum(axis=0, dtype=np.int64)
    d_left = steps[side == 1].sum(axis=0, dtype=np.int64)
    win = int(((d_left == 0) & (a_left > 0)).sum())
    lose = int((a_left == 0).sum())
    draw = n - win - lose
    return Odds(
        samples=n,
        win=win / n,
        draw=draw / n,
        lose=lose / n,
        intervals={"win": wilson(win, n), "draw": wilson(draw, n), "lose": wilson(lose, n)},
        attacker_steps_lost=float((start[side == 0].sum(axis=0, dtype=np.int64) - a_left).mean()),
        defender_steps_lost=float((start[side == 1].sum(axis=0, dtype=np.int64) - d_left).mean()),
        attacker_survivors=float((steps[side == 0] > 0).sum(axis=0).mean()),
        defender_survivors=float((steps[side == 1] > 0).sum(axis=0).mean()),
        mutual=float(((a_left == 0) & (d_left == 0)).sum()) / n,
    )


def _apply_hits(
    steps: np.ndarray,
    half: np.ndarray,
    blocks: slice,
    cols: np.ndarray,
    hits: np.ndarray,
    members: np.ndarray,
    floor: np.ndarray,
    double: bool,
) -> None:
    """Give each sample in `cols` its `hits` one by one to the strongest of its
    `members` (a mask over `blocks` x those samples) above its `floor` (6.46: 1
    spares 1-step ground units from air and naval fire; ties to the first listed),
    half-hits first under double defense (6.47)."""
    for k in range(int(hits.max(initial=0))):
        todo = np.flatnonzero(hits > k)  # only the samples with a hit still to give
        c = cols[todo]
        sub = steps[blocks, c]
        pickable = members.take(todo, axis=1) & (sub > floor[todo])
        if double:
            halves = half[blocks, c] & pickable
            score = np.where(halves.any(axis=0), np.where(halves, 100, -1), np.where(pickable, sub, -1))
        else:
            score = np.where(pickable, sub, -1)
        # the best score, ties to the first listed: the block's place rides in the low
        # bits of a key (a max along the blocks is far cheaper than numpy's argmax there)
        place = TIE_SLOTS - 1 - np.arange(len(score), dtype=np.int16)
        key = score.astype(np.int16) * TIE_SLOTS + place[:, None]
        best = key.max(axis=0)
        valid = best >= 0
        c, t = c[valid], blocks.start + (TIE_SLOTS - 1 - (best[valid] % TIE_SLOTS))
        if double:
            was_half = half[t, c]
            steps[t[was_half], c[was_half]] -= 1
            half[t, c] = ~was_half
        else:
            steps[t, c] -= 1
