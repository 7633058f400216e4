"""The heuristic player's strategic warfare, atomic bombs and partisans (Campaign Game II),
from its view (the board it sees, `Board.data`) and the legal actions only.

- Raids: every bomber marker raids, first the target whose air defence is weakest for
  the most undevastated production (the defence fires first, Strategic Bombing 3). A
  morale raid is chosen instead when the enemy capital is as weakly defended and the
  enemy country's morale is not yet at its worst penalty: low morale burdens every attack
  roll of its side (National Morale 6), which pays more than a few production points.
- Launches fire every point of a counter (each is used once anyway): at the enemy's
  morale when they can, else at industry. Every escort flies, every bomb goes.
- Devastation and atomic bombs go where the most production (and, for a bomb, the most
  strength points) stand; the blast's losses come off infantry first.
- Partisans strike production hexes, the richest first, while production's rest pays for
  them, and rebuild what they took.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grognard.core.game import Action

from .ai_board import Board
from .ai_production import french_build, french_paid
from .board import production_of
from .bombing import HOSTILE, bomber_range
from .map import hex_distance
from .partisan_phase import may_raise
from .partisans import COST, SIDES, why_not_partisans
from .production import price as build_price
from .sequence import has_system
from .strategic import points, research_of
from .strategic_builds import price
from .strategic_tables import load_strategic
from .tables import load_tables

Chooser = Callable[[Board, list[Action]], Action]
LOSS_ORDER = ("infantry", "amphibious", "paratroop", "tac_air", "mechanized")  # cheapest first
STRATEGIC_LOSS_ORDER = ("air_defence", "escorts", "bombers")


def _defence(b: Board, place: str) -> int:
    stra = b.data.get("strategic")
    if not stra:
        return 0
    return points(stra, "air_defence", b.owner.get(place, ""), place)


def _morale_pays(b: Board, capital: str) -> bool:
    """Whether the capital's country still has morale to lose (the track ends at -14)."""
    table = load_strategic().morale
    country = next(c for c, h in table.capitals.items() if h == capital)
    morale = b.data.get("morale") or {}
    return int(morale.get(country, 0)) > -table.limit


def strike(b: Board, legal: list[Action]) -> Action:
    """The strategic warfare phase: the next raid or launch, or the end of the phase."""
    launches = [a for a in legal if a[0] in ("launch", "launch_morale")]
    if launches:
        most = max(int(a[2]) for a in launches)
        full = [a for a in launches if int(a[2]) == most]
        morale = [a for a in full if a[0] == "launch_morale" and _morale_pays(b, a[3])]
        return min(morale or [a for a in full if a[0] == "launch"] or full)
    raids = [a for a in legal if a[0] in ("raid", "raid_morale")]
    if raids:

        def rank(a: Action) -> tuple[int, int, int, str]:
            target = a[2]
            if a[0] == "raid_morale":
                pays = _morale_pays(b, target)
                return (_defence(b, target), 0 if pays else 1, 0 if pays else 99, target)
            return (_defence(b, target), 1, -production_of(b.data, target), target)

        return min(raids, key=rank)
    return ("end_strategic",)


def _most(legal: list[Action]) -> Action:
    return max(legal, key=lambda a: int(a[1]))


def devastate(b: Board, legal: list[Action]) -> Action:
    return max(legal, key=lambda a: (production_of(b.data, a[1]), a[1]))


def drop(b: Board, legal: list[Action]) -> Action:
    def worth(a: Action) -> tuple[int, str]:
        place = a[1]
        troops = sum(int(x["strength"]) for x in b.armies.values() if x["at"] == place)
        return (production_of(b.data, place) * 2 + troops, place)

    return max(legal, key=worth)


def lose(b: Board, legal: list[Action]) -> Action:
    """The blast's losses: army points, cheapest first, then air defence, escorts, bombers."""

    def order(a: Action) -> tuple[int, str]:
        if a[0] == "lose_strategic":
            return (len(LOSS_ORDER) + STRATEGIC_LOSS_ORDER.index(a[1]), "")
        return (LOSS_ORDER.index(a[2]) if a[2] in LOSS_ORDER else 0, a[1])

    return min(legal, key=order)


def partisans(b: Board, legal: list[Action]) -> Action:
    repairs = [a for a in legal if a[0] == "repair"]
    if repairs:
        return repairs[0]
    picks = [a for a in legal if a[0] == "partisans" and production_of(b.data, a[1]) > 0]
    if picks:
        return max(picks, key=lambda a: (production_of(b.data, a[1]), a[1]))
    return ("end_partisans",)


def _threatened(b: Board, place: str) -> int:
    """Enemy bomber points whose raid reaches `place` (Strategic Bombing 2)."""
    stra = b.data.get("strategic") or {}
    total = 0
    for side, markers in stra.get("bombers", {}).items():
        if side == b.me or b.me not in HOSTILE.get(side, ()):
            continue
        reach = bomber_range(research_of(b.data), side)
        total += sum(int(m["sp"]) for at, m in markers.items() if hex_distance(at, place) <= reach)
    return total


def strategic_build(b: Board, legal: list[Action]) -> Action | None:
    """Production: air defence where enemy bombers outnumber it two to one; an atomic
    bomb whenever one may be built (`_atomic_build`); a bomber or a missile point while
    the budget can spare three times its price (the rest keeps the front); None to leave
    the choice to the production plan."""
    budget = int(b.frame.get("budget", 0))
    defences = [a for a in legal if a[:2] == ("build_strategic", "air_defence")]
    if defences:
        worst = max(defences, key=lambda a: (_threatened(b, a[2]) - 2 * _defence(b, a[2]), a[2]))
        if _threatened(b, worst[2]) > 2 * _defence(b, worst[2]):
            return worst
    bomb = _atomic_build(b, legal)
    if bomb is not None:
        return bomb
    for verb, item in (("build_strategic", "bomber"), ("build_missile", "missile")):
        cost = price(b.data, b.me, item)
        options = [a for a in legal if a[0] == verb and (verb != "build_strategic" or a[1] == "bombers")]
        if options and cost is not None and budget >= 3 * cost:
            return min(options, key=lambda a: (min(b.dist.get(a[-1], 99), 99), a))
    return None


def _atomic_build(b: Board, legal: list[Action]) -> Action | None:
    """Atomic Bombs 2: a bomb for the carrier nearest the enemy's goals, while the budget
    keeps as much again. A bomb is cheap at the level that allows it and strikes harder
    than any raid, devastating too (Atomic Bombs 5, 7; strategic.json's firepower): no
    build pays more."""
    bombs = [a for a in legal if a[0] == "build_atomic"]
    cost = price(b.data, b.me, "atomic_bomb")
    if not bombs or cost is None or int(b.frame.get("budget", 0)) < 2 * cost:
        return None
    counters = (b.data.get("strategic") or {}).get("missiles", {}).get(b.me, {})

    def place(action: Action) -> str:
        return str(counters.get(action[2], {}).get("at", "")) if action[1] == "missiles" else str(action[2])

    return min(bombs, key=lambda a: (min(b.dist.get(place(a), 99), 99), a))


def reserve(b: Board, legal: list[Action]) -> int:
    """Production: two points for each of the best partisan targets (three at most) to
    keep for the partisan phase; 0 where partisans are not played or have no target."""
    if not has_system(b.data, "partisans") or b.me not in SIDES or ("end_production",) not in legal:
        return 0
    if not may_raise(b.data, b.me):
        return 0
    targets = [
        p
        for p, o in b.owner.items()
        if o == "axis" and production_of(b.data, p) > 0 and not why_not_partisans(b.data, b.me, p, (), COST)
    ]
    return COST * min(3, len(targets))


def _price(b: Board, action: Action) -> int:
    """What the production plan's choice costs: a build at the side's research sheet's
    price (Item Cost 1, rounded up), a fort or repair at the basic chart's (a bound)."""
    costs = load_tables().costs
    if action[0] == "build" and french_paid(b, action):
        return 0  # France's own purse (Activity Limitations 1)
    if action[0] == "build":
        halves = build_price(b.data, b.me, str(action[1]))
        return (halves + 1) // 2 if halves is not None else 0
    if action[0] in ("fort", "repair"):
        return int(costs.fort if action[0] == "fort" else costs.repair)
    return 0


def with_production(produce: Chooser) -> Chooser:
    """The production plan, with strategic builds first and partisans' money kept back."""

    def choose(b: Board, legal: list[Action]) -> Action:
        build = strategic_build(b, legal)
        if build is not None:
            return build
        choice = produce(b, legal)
        kept = reserve(b, legal)
        if kept and int(b.frame.get("budget", 0)) - _price(b, choice) < kept:
            # what is left pays for the partisans; France's purse is its own (and lost
            # if not spent now), so its builds go on
            return french_build(b, legal) or ("end_production",)
        return choice

    return choose


def choosers(current: dict[str, Chooser]) -> dict[str, Chooser]:
    """The heuristic's choosers with Campaign Game II's strategic warfare and partisans."""
    return {**current, **CHOOSERS, "production": with_production(current["production"])}


CHOOSERS: dict[str, Any] = {
    "strategic": strike,
    "strike_escorts": lambda b, legal: _most(legal),
    "strike_bombs": lambda b, legal: _most(legal),
    "devastate": devastate,
    "drop_bomb": drop,
    "bomb_losses": lose,
    "partisans": partisans,
}
