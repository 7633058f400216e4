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

The second half wires this simulator into the core's odds contract (core/odds.py,
docs/adding-a-ruleset.md section 10): `odds_form`, `odds` and `battle_at`. Victory is a
block game (6.1, Fog of War), so a seat describes an enemy block it cannot see as
"hidden": a block of unknown type and strength. The forecast then draws each hidden
block's type from the Quick Start pool (10.1, the random units' blockset) at full
strength, a documented prior (PRIOR_NOTE), and averages over `DRAWS` such draws.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from grognard.core.errors import BadOptions
from grognard.core.game import Action, Role, State
from grognard.core.odds import BadBattle, count_field, wilson_halfwidth
from grognard.core.odds import Odds as Forecast
from grognard.core.words import with_article

from .board_files import LAND_TERRAINS
from .control import DOUBLE_DEFENSE
from .scenarios import quick_start_pool
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
        return start, _simulate(types, side, kind, start, place, rng, spent)

    if precision <= 0:
        return _summarise(*play(samples), side)
    starts: list[np.ndarray] = []
    ends: list[np.ndarray] = []
    batch = PRECISION_BATCH
    while True:
        start, steps = play(min(batch, samples - sum(x.shape[1] for x in starts)))
        starts.append(start)
        ends.append(steps)
        odds = _summarise(np.concatenate(starts, axis=1), np.concatenate(ends, axis=1), side)
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


def _simulate(
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


def _summarise(start: np.ndarray, steps: np.ndarray, side: np.ndarray) -> Odds:
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
    "precision": float,
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
        elif kind is float:
            try:
                value = float(text)
            except ValueError:
                value = -1.0
            if not 0 <= value < 0.5:
                raise BadOptions(f"setting {key} must be a number from 0 to 0.5 (0.005: 0.5 %), not {text!r}")
            kwargs[key] = value
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


# ----- the core odds contract (core/odds.py; docs/adding-a-ruleset.md, 10) -----------
HIDDEN = "hidden"  # an enemy block this seat sees only as owner and hex (6.1)
MOST_UNITS = 20
SAMPLES = 20_000
DRAWS = 200  # draws of the hidden blocks' types, SAMPLES // DRAWS battles each
PRIOR_NOTE = "A hidden block is taken as a random Quick Start unit (10.1) at full strength."
NOTES = (
    "Hits go to the strongest block (6.46); each block fires at the group it hits best (6.42).",
    "The attacker fights all three rounds (6.3) unless a side is wiped out.",
)


def odds_form() -> dict[str, Any]:
    """The calculator's fields: a count per unit type (full strength unless `steps`
    says otherwise), hidden blocks, the defended hex's terrain, a city, a river."""
    return {
        "sides": {"land": [*unit_table(), HIDDEN]},
        "most_units": MOST_UNITS,
        "terrain": sorted(LAND_TERRAINS),
        "flags": {
            "city": "the defenders hold a city (4.3: infantry fire G3)",
            "river": "the attackers cross a river or bridge (3.1 note 4: no round-1 turn)",
        },
        "rules": ["3.1", "4.3", "6.3", "6.4", "6.42", "6.46", "6.47", "6.48"],
    }


def _side(description: Mapping[str, Any], key: str) -> tuple[list[Unit], int]:
    """The known units and the number of hidden blocks of one side."""
    table = unit_table()
    raw = description.get(key) or {}
    if not isinstance(raw, Mapping):
        raise BadBattle(f"{key} must map unit types (such as IN, AR) to counts")
    unknown = sorted(str(k) for k in raw if k not in table and k != HIDDEN)
    if unknown:
        raise BadBattle(f"{key} has unknown unit types {unknown}; types: {', '.join(table)}, {HIDDEN}")
    all_steps = description.get("steps") or {}
    if not isinstance(all_steps, Mapping) or not isinstance(all_steps.get(key) or {}, Mapping):
        raise BadBattle("steps must map attacker and defender to {unit type: [steps, ...]}")
    steps = all_steps.get(key) or {}
    all_spent = description.get("spent") or {}
    if not isinstance(all_spent, Mapping) or not isinstance(all_spent.get(key) or {}, Mapping):
        raise BadBattle("spent must map attacker and defender to {unit type: [steps, ...]}")
    spent = {k: list(v) if isinstance(v, list) else v for k, v in (all_spent.get(key) or {}).items()}
    units: list[Unit] = []
    hidden = 0
    for type_id, value in raw.items():
        count = count_field(value, f"{key}.{type_id}", MOST_UNITS)
        if type_id == HIDDEN:
            hidden = count
            continue
        most = table[type_id].max_steps
        listed = steps.get(type_id, [most] * count)
        if not isinstance(listed, list) or len(listed) != count:
            raise BadBattle(f"steps.{key}.{type_id} must list {count} step counts, one per block")
        for n in listed:
            if count_field(n, f"steps of a {key} {type_id}", most) == 0:
                raise BadBattle(f"{with_article(key)} {type_id} needs at least one step (1 to {most})")
            had_turn = n in (spent.get(type_id) or [])
            if had_turn:
                spent[type_id].remove(n)
            units.append(Unit(type_id, n, had_turn))
    left = {k: v for k, v in spent.items() if v}
    if left:
        raise BadBattle(f"spent.{key} names blocks that are not in the battle: {left}")
    if len(units) + hidden > MOST_UNITS:
        raise BadBattle(f"{key} may have {MOST_UNITS} blocks at most")
    return units, hidden


def odds(description: Mapping[str, Any]) -> Forecast:
    """The core `Odds` of a battle in the `odds_form` shape, sampled with its interval."""
    if not isinstance(description, Mapping):
        raise BadBattle("a battle is described by an object with attacker and defender")
    attackers, a_hidden = _side(description, "attacker")
    defenders, d_hidden = _side(description, "defender")
    if not attackers and not a_hidden:
        raise BadBattle("the attacker needs at least one block")
    if not defenders and not d_hidden:
        raise BadBattle("the defender needs at least one block")
    terrain = description.get("terrain") or "clear"
    if terrain not in LAND_TERRAINS:
        raise BadBattle(f"terrain must be one of {', '.join(sorted(LAND_TERRAINS))}, not {terrain!r}")
    rounds = count_field(description.get("rounds", ROUNDS), "rounds", 4) or ROUNDS
    city, river = bool(description.get("city")), bool(description.get("river"))
    place: dict[str, Any] = {"terrain": terrain, "city": city, "river": river}
    if not a_hidden and not d_hidden:
        one = battle_odds(attackers, defenders, rounds=rounds, samples=SAMPLES, **place)
        return _forecast([(one, 1)], NOTES)
    pool = quick_start_pool()
    draws = np.random.default_rng(0)  # a fixed seed: the same question, the same answer

    def guess(count: int) -> tuple[str, ...]:
        return tuple(sorted(pool[int(i)] for i in draws.choice(len(pool), size=count)))

    # the draws grouped by what they drew, SAMPLES // DRAWS battles per draw, all
    # fought in one numpy pass (_by_draws); each distinct guess is summed up apart
    guesses = sorted(Counter((guess(a_hidden), guess(d_hidden)) for _ in range(DRAWS)).items())
    return _forecast(_by_draws(attackers, defenders, guesses, rounds, place), (PRIOR_NOTE, *NOTES))


def _by_draws(
    attackers: list[Unit],
    defenders: list[Unit],
    guesses: list[tuple[tuple[tuple[str, ...], tuple[str, ...]], int]],
    rounds: int,
    place: Mapping[str, Any],
) -> list[tuple[Odds, int]]:
    """The battles of every guess of the hidden blocks' types in one simulation:
    SAMPLES // DRAWS rows per draw, a guess's rows fielding the known blocks, then
    the guessed ones in the guess's (sorted) order, as the per-guess battle listed
    them (so 6.46's tie rule and 6.31's firing order stay the same). Returns each
    guess's `Odds` with its number of draws, as one simulation per guess would."""
    table = unit_table()
    per_draw = SAMPLES // DRAWS
    (a_first, d_first), _ = guesses[0]
    listed = [(0, u) for u in attackers] + [(0, None)] * len(a_first)
    listed += [(1, u) for u in defenders] + [(1, None)] * len(d_first)
    types = sorted({u.type for _, u in listed if u} | set(quick_start_pool()))
    side = np.array([s for s, _ in listed])
    spent = np.array([bool(u and u.spent) for _, u in listed])
    width = sum(count for _, count in guesses) * per_draw
    start = np.zeros((len(listed), width), dtype=np.int8)
    kind = np.zeros((len(listed), width), dtype=np.int8)
    bounds = []
    row = 0
    for (a_types, d_types), count in guesses:
        end = row + count * per_draw
        drawn = iter(a_types + d_types)
        for j, (_, u) in enumerate(listed):
            type_id, full = (u.type, u.steps) if u else (t := next(drawn), table[t].max_steps)
            start[j, row:end], kind[j, row:end] = full, types.index(type_id)
        bounds.append((row, end, count))
        row = end
    setting = Place(place["terrain"], place["city"], place["river"], rounds)
    steps = _simulate(types, side, kind, start, setting, np.random.default_rng(0), spent)
    return [(_summarise(start[:, lo:hi], steps[:, lo:hi], side), count) for lo, hi, count in bounds]


def _forecast(parts: list[tuple[Odds, int]], notes: tuple[str, ...]) -> Forecast:
    """Simulations pooled, each weighted by its draws of the hidden blocks; with
    several draws the interval adds (in quadrature) the spread of the win chance
    between the draws to the Wilson interval of the dice."""
    draws = sum(w for _, w in parts)

    def mean(value: Callable[[Odds], float]) -> float:
        return sum(value(p) * w for p, w in parts) / draws

    n = sum(p.samples for p, _ in parts)
    win, mutual = mean(lambda p: p.win), mean(lambda p: p.mutual)
    interval = wilson_halfwidth(round(win * n), n)
    if draws > 1:
        rates = [p.win for p, w in parts for _ in range(w)]
        spread = Z95 * float(np.std(rates, ddof=1)) / math.sqrt(draws)
        interval = math.hypot(interval, spread)  # the dice's error and the draws' together
    return Forecast(
        attacker_wins=win,
        defender_wins=max(0.0, 1.0 - win - mutual),
        mutual=mutual,
        attacker_losses=mean(lambda p: p.attacker_steps_lost),
        defender_losses=mean(lambda p: p.defender_steps_lost),
        exact=False,
        samples=n,
        interval=interval,
        unit="steps",
        notes=notes,
    )


def battle_at(
    state: State, role: Role | None, where: str, action: Action | None = None
) -> dict[str, Any] | None:
    """The battle `role` fights or could start at `where`, from `state.view(role)` only:
    the battle being fought there, else the attack `action` names (its block joins the
    seat's blocks already in the hex), else the seat's blocks in an enemy-held hex.
    Blocks the seat cannot see are counted as hidden, whatever they are."""
    if role is None:
        return None
    view = state.view(role)
    board = view["board"]
    if action is not None and tuple(action) not in {tuple(a) for a in view["legal"]}:
        return None  # only a legal attack is forecast
    hexes = {h["id"]: h for h in board["hexes"]}
    if where not in hexes:
        raise BadBattle(f"{where!r} is not a hex of this map")
    rounds = int(board["battle"]["rounds"]) if board.get("battle") else ROUNDS
    river = False
    fight = board.get("battle")
    if fight and fight.get("at") == where and role in (fight["attacker"], fight["defender"]):
        sides = (fight["attacker"], fight["defender"])
        blocks = {s: [b for b in fight["sides"][s] if b.get("hidden") or b.get("steps")] for s in sides}
        rounds = max(1, rounds - int(fight["round"]) + 1)
    else:
        here = [b for b in board["blocks"] if b.get("at") == where]
        mine = [b for b in here if b["side"] == role]
        if action and len(action) >= 3 and action[0] == "attack" and action[2] == where:
            mover = next((b for b in board["blocks"] if b.get("id") == action[1]), None)
            if mover is None or mover["side"] != role:
                return None
            if mover not in mine:
                mine.append(mover)
                # the attack enters across the hexside via|where ("air": no hexside, 5.3)
                via = str(action[3]) if len(action) > 3 else "air"
                features = board["hexsides"].get(f"{via}|{where}") or board["hexsides"].get(
                    f"{where}|{via}", []
                )
                ground = unit_table()[mover["short"]].arm == "ground"
                river = ground and ("river" in features or "bridge" in features)  # 3.1 note 4
        enemies = sorted({b["side"] for b in here if b["side"] != role})
        if not mine or not enemies:
            return None
        sides = (role, enemies[0])
        blocks = {role: mine, enemies[0]: [b for b in here if b["side"] == enemies[0]]}

    def counts(side: str) -> tuple[dict[str, int], dict[str, list[int]], dict[str, list[int]]]:
        kinds: dict[str, int] = {}
        steps: dict[str, list[int]] = {}
        spent: dict[str, list[int]] = {}
        for b in blocks[side]:
            kind = HIDDEN if b.get("hidden") else str(b["short"])
            kinds[kind] = kinds.get(kind, 0) + 1
            if kind != HIDDEN:
                steps.setdefault(kind, []).append(int(b["steps"]))
                if b.get("id") in had_turn:
                    spent.setdefault(kind, []).append(int(b["steps"]))
        return kinds, steps, spent

    had_turn: set[str] = set()
    if fight and fight.get("at") == where and role in (fight["attacker"], fight["defender"]):
        had_turn = _had_turn(fight)
    (attacker, a_steps, a_spent), (defender, d_steps, d_spent) = counts(sides[0]), counts(sides[1])
    hex_ = hexes[where]
    return {
        "attacker": attacker,
        "defender": defender,
        "steps": {"attacker": a_steps, "defender": d_steps},
        "spent": {"attacker": a_spent, "defender": d_spent},
        "roles": {"attacker": sides[0], "defender": sides[1]},
        "terrain": hex_["land"] if hex_["land"] in LAND_TERRAINS else "clear",
        "city": bool(hex_["city"]),
        "river": river,
        "rounds": rounds,
        "kind": "battle",
    }


def _had_turn(fight: Mapping[str, Any]) -> set[str]:
    """The shown blocks of a battle being fought that have had their combat turn this
    round (6.31), from the seat's view: those that fired, and those whose turn comes
    before the block firing now (A+ to F, the defender first on a tied letter)."""
    done = {str(f["block"]["id"]) for f in fight.get("fires") or [] if f["block"].get("id")}
    now = fight.get("firing")
    if not now or now.get("hidden") or not now.get("letter"):
        return done

    sides: Mapping[str, list[Mapping[str, Any]]] = fight.get("sides") or {}
    now_side = next((s for s, listed in sides.items() if any(b.get("id") == now["id"] for b in listed)), None)
    if now_side is None:
        return done

    def order(block: Mapping[str, Any], side: str) -> tuple[int, int, str]:
        # the engine's order of a round's turns (battle.py `_next_round`)
        return (turn_rank(str(block["letter"])), int(side != fight["defender"]), str(block["id"]))

    for side, blocks in sides.items():
        for block in blocks:
            if block.get("id") and block.get("letter") and order(block, side) < order(now, now_side):
                done.add(str(block["id"]))
    return done
