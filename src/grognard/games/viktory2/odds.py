"""Battle odds for Viktory II (12.0-12.33, 11.0, 10.1): the core/odds.py contract.

A battle is described by what each side brings, per unit type, and where it is
fought (terrain, a town or city of the defender, naval support). The forecast plays
the battle rules on unit counts:

- 12.3 step 0: each attacking artillery fires once before the first round;
- 12.3 steps 1-2: dice per unit TYPE present (combined arms), hits on 1-3, a 1 is a
  tactical victory whose casualty the firer picks (10.1), the owner picks the rest;
- 12.31: hits beyond the defending units suppress that many defending unit dice;
- terrain or settlement dice (the better one) and one naval support die (12.32,
  12.33) for the defender; an empty town or city fires once (12.3 step 2 note);
- the attacker always fights on (it never retreats in the forecast).

Who is hit is a choice in the rules. The forecast assumes sensible players: the
firer takes the unit whose loss costs its owner the most dice (the last of a type
with the most dice), the owner gives up a unit of its most numerous type (keeping
every type, hence its combined-arms dice, as long as it can). A player who chooses
otherwise changes the odds a little; the panel says so.

Exact: the battle is a Markov chain over the unit counts of both sides; each state
is solved once (a round that changes nothing is summed as a geometric series).
Battles too large for that (more than `EXACT_STATES` count combinations) are
sampled with the seeded generator, `SAMPLES` times, with a 95% interval.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from math import comb
from typing import Any, Literal

from grognard.core.game import Action, Role, State
from grognard.core.odds import BadBattle, Odds, count_field, wilson_halfwidth
from grognard.core.rng import Rng

from .engagement import defender_at
from .state import Viktory2State
from .tables import LAND_UNITS, UNIT_TYPES, geometry, tables

#: the unit types of each kind of battle, in data/units.json's order (8.1; issue 21 item 6)
LAND_TYPES: tuple[str, ...] = LAND_UNITS
NAVAL_TYPES: tuple[str, ...] = tuple(k for k in UNIT_TYPES if k not in LAND_UNITS)
#: more units than this on one side is not a Viktory II battle anybody fights
MOST_UNITS = 40
#: count combinations (both sides) solved exactly; above that the battle is sampled
EXACT_STATES = 1_500
SAMPLES = 1_000
SAMPLE_SEED = 9

Comp = tuple[int, ...]
#: (attacker wins, defender wins, mutual, attacker units left, defender units left)
Vec = tuple[float, float, float, float, float]


# ----- dice ----------------------------------------------------------------------------------
@cache
def _faces() -> tuple[float, float]:
    """(chance of a tactical victory, chance of an ordinary hit) of one die (10.1)."""
    table = tables()
    tactical, hit = int(table["tactical_victory_face"]), int(table["hit_on_or_below"])
    return tactical / 6, (hit - tactical) / 6


@cache
def hit_table(dice: int) -> tuple[tuple[int, int, float], ...]:
    """(tactical victories, ordinary hits, chance) of every outcome of `dice` dice."""
    pt, po = _faces()
    pm = 1 - pt - po
    out = []
    for t in range(dice + 1):
        for o in range(dice - t + 1):
            m = dice - t - o
            p = comb(dice, t) * comb(dice - t, o) * pt**t * po**o * pm**m
            if p > 0:
                out.append((t, o, p))
    return tuple(out)


@cache
def _type_dice(types: tuple[str, ...], key: Literal["attack_dice", "defense_dice"]) -> tuple[int, ...]:
    table = tables()["units"]
    return tuple(int(table[t][key]) for t in types)


def side_dice(comp: Comp, per_type: tuple[int, ...]) -> int:
    """12.3 steps 1-2: the dice of the unit types present."""
    return sum(d for n, d in zip(comp, per_type, strict=True) if n)


# ----- casualty choices (10.1) -----------------------------------------------------------------
def firer_pick(comp: Comp, per_type: tuple[int, ...]) -> int:
    """The type the firer hits: the one whose loss costs the most dice now (the last
    of a type), else the type closest to being wiped out; ties: more dice, then order."""
    best, key = -1, (0, 0, 0)
    for i, n in enumerate(comp):
        if n:
            k = (1 if n == 1 else 0, -n, per_type[i])
            if best < 0 or k > key:
                best, key = i, k
    return best


def owner_pick(comp: Comp, per_type: tuple[int, ...]) -> int:
    """The type the owner gives up: its most numerous, so every type stays as long as
    it can; ties: fewer dice, then order."""
    best, key = -1, (0, 0)
    for i, n in enumerate(comp):
        if n:
            k = (n, -per_type[i])
            if best < 0 or k > key:
                best, key = i, k
    return best


@cache
def take_hits(comp: Comp, tactical: int, ordinary: int, per_type: tuple[int, ...]) -> Comp:
    """The side after its casualties: the firer picks the tactical victories' first."""
    left = list(comp)
    for count, pick in ((tactical, firer_pick), (ordinary, owner_pick)):
        for _ in range(count):
            i = pick(tuple(left), per_type)
            if i < 0:
                return tuple(left)
            left[i] -= 1
    return tuple(left)


_WORD = 1 << 32


@cache
def _cumulative(dice: int) -> tuple[tuple[int, int, float], ...]:
    total, out = 0.0, []
    for t, o, p in hit_table(dice):
        total += p
        out.append((t, o, total))
    return tuple(out)


@cache
def after_fire(comp: Comp, dice: int, per_type: tuple[int, ...]) -> tuple[tuple[Comp, float], ...]:
    """The side after `dice` dice fired at it: each possible remainder and its chance."""
    spread: dict[Comp, float] = {}
    for t, o, p in hit_table(dice):
        left = take_hits(comp, t, o, per_type)
        spread[left] = spread.get(left, 0.0) + p
    return tuple(spread.items())


# ----- the battle ----------------------------------------------------------------------------
class Battle:
    """One battle on counts: the sides, the defender's fixed dice, the rules to use."""

    def __init__(self, description: Mapping[str, Any]) -> None:
        if not isinstance(description, Mapping):
            raise BadBattle("a battle is an object with attacker, defender and where it is fought")
        known = {"attacker", "defender", "naval", "terrain", "settlement", "naval_support",
                 "terrain_leveling", "pre_fire", "kind", "dice", "roles", "hex"}
        extra = sorted(set(description) - known)
        if extra:
            raise BadBattle(f"unknown battle fields: {', '.join(extra)}; known: {', '.join(sorted(known))}")
        self.naval = bool(description.get("naval", False))
        self.types = NAVAL_TYPES if self.naval else LAND_TYPES
        self.attacker = self._side(description.get("attacker"), "attacker")
        self.defender = self._side(description.get("defender"), "defender")
        self.attack_dice = _type_dice(self.types, "attack_dice")
        self.defense_dice = _type_dice(self.types, "defense_dice")
        table = tables()
        terrain = description.get("terrain", "plains")
        land = [t for t, row in table["terrain"].items() if row["land"]]
        settlement = description.get("settlement")
        support = bool(description.get("naval_support", False))
        self.pre_fire = bool(description.get("pre_fire", True)) and not self.naval
        if self.naval:
            self.extra_dice = 0
            self.settlement = False
        else:
            if terrain not in land:
                raise BadBattle(f"terrain must be one of {', '.join(land)}, not {terrain!r}")
            if settlement not in (None, "town", "city"):
                raise BadBattle(f"settlement must be null, \"town\" or \"city\", not {settlement!r}")
            # 12.3 step 2: the better of terrain and settlement dice (15.1: no terrain dice)
            leveled = bool(description.get("terrain_leveling"))
            best = 0 if leveled else int(table["terrain"][terrain]["defense_dice"])
            if settlement is not None:
                best = max(best, int(table["settlement"][settlement]["defense_dice"]))
            self.extra_dice = best
            self.settlement = settlement is not None
            # 12.33: support needs defending land units or a town or city there
            self.support = support
        if not any(self.attacker):
            raise BadBattle("the attacker needs at least one unit")
        if not any(self.defender) and not self.settlement:
            raise BadBattle("the defender needs a unit, or a town or city to defend")

    def _side(self, value: Any, who: str) -> Comp:
        if not isinstance(value, Mapping):
            raise BadBattle(f"{who} is an object of unit counts such as {{\"infantry\": 2}}")
        extra = sorted(set(value) - set(self.types))
        if extra:
            kind = "a naval" if self.naval else "a land"
            raise BadBattle(
                f"{', '.join(extra)} cannot fight in {kind} battle; types: {', '.join(self.types)}"
            )
        comp = tuple(count_field(value.get(t, 0), f"{who}.{t}", MOST_UNITS) for t in self.types)
        return comp

    def fixed_dice(self, defenders: Comp) -> int:
        """Terrain or settlement dice plus naval support (12.3 step 2, 12.33)."""
        if self.naval:
            return 0
        support = 1 if self.support and (any(defenders) or self.settlement) else 0
        return self.extra_dice + support

    # ----- exact solution ----------------------------------------------------------------
    def state_count(self) -> int:
        n = 1
        for c in (*self.attacker, *self.defender):
            n *= c + 1
        return n

    def exact(self) -> Vec:
        memo: dict[tuple[Comp, Comp], Vec] = {}
        hits_on = after_fire

        def solve(a: Comp, d: Comp) -> Vec:
            """A full round from a and d (both with units), then on to the end."""
            key = (a, d)
            if key in memo:
                return memo[key]
            total = [0.0] * 5
            stay = 0.0
            d_units = sum(d)
            unit_dice = side_dice(d, self.defense_dice)
            fixed = self.fixed_dice(d)
            for t, o, p in hit_table(side_dice(a, self.attack_dice)):
                d2 = take_hits(d, t, o, self.defense_dice)
                suppressed = max(0, t + o - d_units)  # 12.31
                back = max(0, unit_dice - suppressed) + fixed
                for a2, q in hits_on(a, back, self.attack_dice):
                    w = p * q
                    if a2 == a and d2 == d:
                        stay += w
                        continue
                    v = self.end(a2, d2) if not any(a2) or not any(d2) else solve(a2, d2)
                    for i in range(5):
                        total[i] += w * v[i]
            scale = 1 / (1 - stay)
            result: Vec = (total[0] * scale, total[1] * scale, total[2] * scale,
                           total[3] * scale, total[4] * scale)
            memo[key] = result
            return result

        total = [0.0] * 5
        for d, p in self.after_pre_fire(hits_on):
            v = self.from_rounds(d, solve, hits_on)
            for i in range(5):
                total[i] += p * v[i]
        return (total[0], total[1], total[2], total[3], total[4])

    def after_pre_fire(self, hits_on: Any) -> tuple[tuple[Comp, float], ...]:
        """12.3 step 0: the defender's units after the artillery's opening fire."""
        guns = self.attacker[LAND_TYPES.index("artillery")] if self.pre_fire else 0
        if not guns or not any(self.defender):
            return ((self.defender, 1.0),)
        result: tuple[tuple[Comp, float], ...] = hits_on(self.defender, guns, self.defense_dice)
        return result

    def from_rounds(self, d: Comp, solve: Any, hits_on: Any) -> Vec:
        a = self.attacker
        if any(d):
            result: Vec = solve(a, d)
            return result
        if not self.settlement:
            return self.end(a, d)
        # an empty town or city fires its dice once (12.3 step 2 note)
        total = [0.0] * 5
        for a2, q in hits_on(a, self.fixed_dice(d), self.attack_dice):
            v = self.end(a2, d)
            for i in range(5):
                total[i] += q * v[i]
        return (total[0], total[1], total[2], total[3], total[4])

    @staticmethod
    def end(a: Comp, d: Comp) -> Vec:
        """12.3 step 4: the attacker wins with units left and none defending."""
        left_a, left_d = sum(a), sum(d)
        if left_a and not left_d:
            return (1.0, 0.0, 0.0, left_a, 0.0)
        if left_d:
            return (0.0, 1.0, 0.0, left_a, left_d)
        return (0.0, 0.0, 1.0, 0.0, 0.0)

    # ----- sampling ----------------------------------------------------------------------
    def sample(self, rng: Rng) -> Vec:
        """One battle played on counts; each volley is one draw, read against the
        cumulative chances of its outcomes (hit_table), which is what rolling the
        dice one by one would give, in a fraction of the time."""

        def fire(dice: int) -> tuple[int, int]:
            if dice <= 0:
                return 0, 0
            u = rng.randint(0, _WORD - 1) / _WORD
            for t, o, c in _cumulative(dice):
                if u < c:
                    return t, o
            last = _cumulative(dice)[-1]
            return last[0], last[1]

        a, d = self.attacker, self.defender
        guns = a[LAND_TYPES.index("artillery")] if self.pre_fire else 0
        if guns and any(d):
            d = take_hits(d, *fire(guns), self.defense_dice)
        if not any(d):
            if self.settlement:
                a = take_hits(a, *fire(self.fixed_dice(d)), self.attack_dice)
            return self.end(a, d)
        while any(a) and any(d):
            t, o = fire(side_dice(a, self.attack_dice))
            suppressed = max(0, t + o - sum(d))
            back = max(0, side_dice(d, self.defense_dice) - suppressed) + self.fixed_dice(d)
            d2 = take_hits(d, t, o, self.defense_dice)
            a = take_hits(a, *fire(back), self.attack_dice)
            d = d2
        return self.end(a, d)

    def odds(self) -> Odds:
        start_a, start_d = sum(self.attacker), sum(self.defender)
        notes = ["casualties as sensible players pick them", "the attacker never retreats"]
        if self.state_count() <= EXACT_STATES:
            v = self.exact()
            return Odds(v[0], v[1], v[2], start_a - v[3], start_d - v[4], exact=True, notes=tuple(notes))
        rng = Rng(Rng.new_state(SAMPLE_SEED))
        total = [0.0] * 5
        for _ in range(SAMPLES):
            v = self.sample(rng)
            for i in range(5):
                total[i] += v[i]
        wins = round(total[0])
        n = SAMPLES
        return Odds(
            total[0] / n, total[1] / n, total[2] / n, start_a - total[3] / n, start_d - total[4] / n,
            exact=False, samples=n, interval=wilson_halfwidth(wins, n), notes=tuple(notes),
        )


def bombard_odds(description: Mapping[str, Any]) -> Odds:
    """11.0: each bombarding unit fires one die; no return fire. `dice` units fire."""
    dice = count_field(description.get("dice", 1), "dice", MOST_UNITS)
    targets = description.get("defender", {})
    if not isinstance(targets, Mapping) or not targets:
        raise BadBattle("a bombardment needs the defender's units")
    units = sum(count_field(v, f"defender.{k}", MOST_UNITS) for k, v in targets.items())
    pt, po = _faces()
    p_hit = pt + po
    miss_all = (1 - p_hit) ** dice
    # each hit removes one unit until none is left
    expected = sum(min(t + o, units) * p for t, o, p in hit_table(dice))
    return Odds(
        attacker_wins=1 - miss_all, defender_wins=miss_all, mutual=0.0,
        attacker_losses=0.0, defender_losses=expected, exact=True, kind="bombard",
        notes=("a win is at least one hit; no return fire (11.1)",),
    )


def odds(description: Mapping[str, Any]) -> Odds:
    """The core/odds.py contract: a battle or a bombardment in the odds_form shape."""
    if isinstance(description, Mapping) and description.get("kind") == "bombard":
        return bombard_odds(description)
    return Battle(description).odds()


def odds_form() -> dict[str, Any]:
    """What the calculator asks (docs/adding-a-ruleset.md, "Battle odds")."""
    table = tables()
    land = [t for t, row in table["terrain"].items() if row["land"]]
    return {
        "sides": {"land": list(LAND_TYPES), "naval": list(NAVAL_TYPES)},
        "most_units": MOST_UNITS,
        "terrain": land,
        "settlement": [None, "town", "city"],
        "flags": {
            "naval": "a naval battle (frigates at sea, 12.0)",
            "naval_support": "a defending frigate next to the hex (12.32)",
            "terrain_leveling": "15.1: terrain gives no dice",
            "pre_fire": "the attacker's artillery fires before the first round (12.3 step 0)",
        },
        "rules": ["10.1", "12.3", "12.31", "12.32", "12.33", "11.0"],
    }


# ----- a real battle, from the seat's view -------------------------------------------------------
def battle_at(
    state: State, role: Role | None, where: str, action: Action | None = None
) -> dict[str, Any] | None:
    """The battle at `where` that role fights now (attacker or defender) or could start
    there, or the bombardment `action` (("bombard", uid, hex)), from state.view(role).
    The units, towns and terrain come from the view; the battle being fought and who
    defends a hex are read from the state, which is public in Viktory II (it hides
    nothing between players). A ruleset with secrets must take both from the view."""
    if not isinstance(state, Viktory2State):
        return None
    view = state.view(role)["board"]
    if where not in view["tiles"]:
        raise BadBattle(f"{where!r} is not a hex of this board")
    if action is not None and action and action[0] == "bombard":
        return _bombardment(state, view, role, where, action)
    if action is not None and action and action[0] in MOVES_IN:
        return _after_move(state, role, where, action)
    fight = _battle_frame(state)
    attacker: Role | None = None
    defender: Role | None = None
    hits: set[str] = set()
    pre_fire = True
    if fight is not None and fight["hex"] == where:
        attacker, defender = fight["attacker"], fight["defender"]
        hits = {*fight["hits"]["attacker"], *fight["hits"]["defender"]}
        pre_fire = fight["phase"] == "pre_fire"
    elif role is not None:
        defender = defender_at(state, where, role)
        attacker = role if defender is not None else None
    if attacker is None or defender is None:
        return None
    terrain = view["tiles"][where]
    naval = terrain == "water"
    units = view["units"]

    def side(owner: Role) -> dict[str, int]:
        counts: dict[str, int] = {}
        for uid, u in units.items():
            if u["hex"] != where or u["owner"] != owner or uid in hits or u.get("aboard"):
                continue
            if (u["type"] == "frigate") != naval:
                continue
            counts[u["type"]] = counts.get(u["type"], 0) + 1
        return counts

    description: dict[str, Any] = {
        "attacker": side(attacker), "defender": side(defender), "naval": naval,
        "pre_fire": pre_fire, "roles": {"attacker": attacker, "defender": defender}, "hex": where,
    }
    if not naval:
        town = view["towns"].get(where)
        settlement = None
        if town is not None and town["owner"] == defender:
            capital = view["capitals"].get(defender)
            holds = capital is not None and view["towns"].get(capital, {}).get("owner") == defender
            # 14.0: a defender without its own capital defends a city as a town
            settlement = "city" if town["city"] and holds else "town"
        description.update(
            terrain=terrain, settlement=settlement,
            terrain_leveling=bool(state.options.get("terrain_leveling")),
            naval_support=_support(view, where, defender),
        )
    return description


#: moves that may take a unit into a hex another player holds: the hex is in the last place
MOVES_IN = ("move", "disembark")


def _after_move(state: Viktory2State, role: Role | None, where: str, action: Action) -> dict[str, Any] | None:
    """12.0, 12.1: the battle a legal move into a hex another player holds starts, as
    it would stand once the unit is in (the other units already there fight too); the
    move is played on a copy of the game, the game itself is not touched."""
    if role is None or not action or action[-1] != where or not state.is_legal(role, tuple(action)):
        return None
    if defender_at(state, where, role) is None:
        return None  # an empty or friendly hex: a move, not a battle
    after = state.clone()
    after.apply(role, tuple(action))
    return battle_at(after, role, where)


def _bombardment(
    state: Viktory2State, view: dict[str, Any], role: Role | None, where: str, action: Action
) -> dict[str, Any] | None:
    """11.0: one die at the other players' units in the target hex (a legal action only)."""
    if role is None or len(action) != 3 or action[2] != where or not state.is_legal(role, tuple(action)):
        return None
    counts: dict[str, int] = {}
    owners: set[str] = set()
    for u in view["units"].values():
        if u["hex"] == where and u["owner"] != role:
            counts[u["type"]] = counts.get(u["type"], 0) + 1
            owners.add(u["owner"])
    return {
        "kind": "bombard", "dice": 1, "defender": counts, "hex": where,
        "roles": {"attacker": role, "defender": ", ".join(sorted(owners))},
    }


def _support(view: dict[str, Any], where: str, defender: Role) -> bool:
    """12.32: a defending frigate in a water hex next to the battle."""
    radius = view["board"]["radius"]
    near = set(geometry(radius).within(where, 1)) - {where}
    return any(
        u["hex"] in near and u["owner"] == defender and u["type"] == "frigate"
        and view["tiles"].get(u["hex"]) == "water"
        for u in view["units"].values()
    )


def _battle_frame(state: Viktory2State) -> dict[str, Any] | None:
    for frame in reversed(state.flow):
        if frame.get("state") == "battle":
            return frame
    return None


def strip(description: Mapping[str, Any]) -> dict[str, Any]:
    """The description without the fields that only label it (roles, hex)."""
    return {k: v for k, v in description.items() if k not in ("roles", "hex")}


__all__ = ["Battle", "battle_at", "bombard_odds", "odds", "odds_form", "strip"]
