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
from .board import production_of
from .strategic import points
from .strategic_tables import load_strategic

Chooser = Callable[[Board, list[Action]], Action]
LOSS_ORDER = ("infantry", "amphibious", "paratroop", "tac_air", "mechanized")  # cheapest first


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
    return min(legal, key=lambda a: (LOSS_ORDER.index(a[2]) if a[2] in LOSS_ORDER else 0, a[1]))


def partisans(b: Board, legal: list[Action]) -> Action:
    repairs = [a for a in legal if a[0] == "repair"]
    if repairs:
        return repairs[0]
    picks = [a for a in legal if a[0] == "partisans" and production_of(b.data, a[1]) > 0]
    if picks:
        return max(picks, key=lambda a: (production_of(b.data, a[1]), a[1]))
    return ("end_partisans",)


CHOOSERS: dict[str, Any] = {
    "strategic": strike,
    "strike_escorts": lambda b, legal: _most(legal),
    "strike_bombs": lambda b, legal: _most(legal),
    "devastate": devastate,
    "drop_bomb": drop,
    "bomb_losses": lose,
    "partisans": partisans,
}
