"""The battle odds of Victory: the core's odds contract (core/odds.py,
docs/adding-a-ruleset.md section 10) and `grognard odds victory`, over the battle
simulator of battle_sim.py: `odds_form`, `odds` and `battle_at`. Victory is a
block game (6.1, Fog of War), so a seat describes an enemy block it cannot see as
"hidden": a block of unknown type and strength. The forecast then draws each hidden
block's type from the Quick Start pool (10.1, the random units' blockset) at full
strength, a documented prior (PRIOR_NOTE), and averages over `DRAWS` such draws.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import Any

import numpy as np

from grognard.core.errors import BadOptions
from grognard.core.game import Action, Role, State
from grognard.core.odds import BadBattle, count_field, wilson_halfwidth
from grognard.core.odds import Odds as Forecast
from grognard.core.words import with_article

from .battle_sim import ROUNDS, Z95, Odds, Place, Unit, battle_odds, simulate, summarise
from .board_files import LAND_TERRAINS
from .scenarios import quick_start_pool
from .units import turn_rank, unit_table


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
    steps = simulate(types, side, kind, start, setting, np.random.default_rng(0), spent)
    return [(summarise(start[:, lo:hi], steps[:, lo:hi], side), count) for lo, hi, count in bounds]


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
