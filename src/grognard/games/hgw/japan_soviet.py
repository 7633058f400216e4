"""Japan and the Soviet Union (G17.6, Activity Limitations 6) as Campaign Game IV plays
it, over japan.py's rule functions:

- the clock: the game turn of the first Axis combat phase to end with the Axis and the
  Soviets at war (Campaign Game I's `soviet_war`, set by the first attack on a place the
  other holds or held at the start; no Japanese army may make it) is Germany's first
  attack (japan.germany_attacks_soviets);
- the attacks: a Japanese army is named against a Soviet place (or one holding a Soviet
  army) only as japan.why_not_japan_attacks_soviets allows (the turn after Germany's
  first attack, and from then on only if Japan took that chance), and a Soviet army
  against Japan (a place holding a Japanese army, or an Axis place in the Pacific half of
  the ring, which only Japan holds) only as why_not_soviets_attack_japan allows; the
  attack filter is nations.may_aim, and why.py gives these words for a refusal;
- the war: either side's attack that the rule let through puts them at war for good
  (japan.japan_soviet_war), recorded at the end of that combat phase.

Campaign Game IV keeps Soviet Asia as the Siberia box, which touches no Japanese place,
so the two meet only where their armies travel; The Pacific War has no Soviet side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import armies_at
from .geography import geography
from .japan import (
    germany_attacks_soviets,
    japan_soviet_war,
    pacific,
    why_not_japan_attacks_soviets,
    why_not_soviets_attack_japan,
)
from .layout import HgwBoard
from .map import load_map
from .theater import in_pacific

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
JAPAN, SOVIET, AXIS = "japan", "soviet", "axis"


def _japanese(data: Data, army_id: str) -> bool:
    return bool(data["armies"][army_id].get("nation") == JAPAN)


def is_soviet_target(data: Data, place: str, *, at_start: bool = False) -> bool:
    """The Soviet Union's: a Soviet place, or one holding a Soviet army (`at_start`: or a
    place the Soviets held at the start, for an attack already fought, as
    neutrality.note_attacks reads it)."""
    if data["owner"].get(place) == SOVIET or armies_at(data, place, SOVIET):
        return True
    return at_start and geography(data["scenario"]).start_owner.get(place) == SOVIET


def is_japanese_target(data: Data, place: str) -> bool:
    """Japan's: a place holding a Japanese army, or an Axis place of the Pacific half."""
    if any(_japanese(data, a) for a in armies_at(data, place, AXIS)):
        return True
    pacific_hex = place in load_map().hexes and in_pacific(place)
    return data["owner"].get(place) == AXIS and pacific_hex


def why_not_aim(data: Data, army_id: str, place: str) -> str | None:
    """G17.6 for one attack: None when the rule does not stop it."""
    if "pacific" not in data or "politics" not in data:  # Campaign Game IV alone has both
        return None
    army = data["armies"][army_id]
    if _japanese(data, army_id) and is_soviet_target(data, place):
        return why_not_japan_attacks_soviets(data)
    if army["side"] == SOVIET and is_japanese_target(data, place):
        return why_not_soviets_attack_japan(data)
    return None


def end_of_combat(game: HgwState, side: str) -> None:
    """The clock and the war, from the attacks named this combat phase."""
    data = game.data
    named = [(a, t) for a, s in sorted(data["status"].items()) if (t := s.get("target")) is not None]
    pol = data.get("politics")
    struck = pol is not None and pol.get("soviet_war")
    if side == AXIS and struck and pacific(data)["japan_soviet"]["germany_attacked"] is None:
        germany_attacks_soviets(data)
        game.log("Germany has attacked the Soviet Union: Japan may attack it next turn only (G17.6)")
    at_war = pacific(data)["japan_soviet"]["at_war"]
    japan_struck = side == AXIS and any(
        _japanese(data, a) and is_soviet_target(data, t, at_start=True) for a, t in named
    )
    soviets_struck = side == SOVIET and any(is_japanese_target(data, t) for _, t in named)
    if not at_war and (japan_struck or soviets_struck):
        japan_soviet_war(data)
        game.log("Japan and the Soviet Union are at war (G17.6)")
