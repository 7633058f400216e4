"""French Indochina's two capitals as Campaign Game IV plays them (G2.7, G11.4, France 4;
the rule functions in pacific_politics.py):

- while France stands, Indochina is a French possession, Allied in Campaign Game IV,
  and Hanoi and Saigon are ordinary hexes (G2.7);
- at the end of the Axis combat phase in which France surrenders (politics.py), its
  hexes the Axis does not hold turn unaligned (France 4) and the Allied armies in them
  are eliminated, as France 3 has it for French Africa (`falls_unaligned`); a capital
  the Axis already holds then is a capital captured;
- from then on, at the end of every combat phase, a capital that some side holds
  surrenders its half to that side, once (G11.4, Other Countries 1, 2 and 5;
  `capitals_taken`): its unaligned hexes become that side's, production devastated,
  with the side's occupation markers where it did not start.

The Pacific War begins in December 1941 with all Indochina Japanese (the 1940-1941
occupation), so no capital is left to capture there: the rule does not arise.
State: `data["pacific"]["indochina_surrendered"]` (pacific_state.py) and
`data["pacific"]["indochina_unaligned"]`, set when France's fall turned it unaligned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import eliminate
from .geography import geography
from .limitations import has_surrendered
from .neutrality import hand_over
from .pacific_politics import indochina_capture
from .pacific_tables import load_pacific

if TYPE_CHECKING:
    from .state import HgwState

AXIS = "axis"


def _places(game: HgwState) -> list[str]:
    g = geography(game.data["scenario"])
    territory = load_pacific().indochina.territory
    return sorted(p for p in g.places if g.country.get(p) == territory)


def falls_unaligned(game: HgwState) -> None:
    """France 4: France has surrendered; Indochina's hexes not held by the Axis turn
    unaligned, once, and the Allied armies there are eliminated."""
    data = game.data
    record = data["pacific"]
    if record.get("indochina_unaligned") or not has_surrendered(data, "france"):
        return
    record["indochina_unaligned"] = True
    places = [p for p in _places(game) if data["owner"].get(p) != AXIS]
    if not places:
        return
    game.log("French Indochina turns unaligned with France's surrender, two capitals ruling its north"
             " and south (France 4, G11.4)")
    for army_id in sorted(a for a, x in data["armies"].items() if x["at"] in places and x["side"] != AXIS):
        eliminate(game, army_id, "French Indochina turns unaligned")
    hand_over(game, places, None, devastate=False)
    capitals_taken(game)


def capitals_taken(game: HgwState) -> None:
    """G11.4: each Indochina capital some side holds, France fallen, surrenders its half
    to that side, once."""
    data = game.data
    if not data["pacific"].get("indochina_unaligned"):
        return
    g = geography(data["scenario"])
    for capital in sorted(load_pacific().indochina.capitals):
        side = data["owner"].get(capital)
        if side is None or capital in data["pacific"]["indochina_surrendered"]:
            continue
        handed = indochina_capture(data, capital, side)
        for p in handed:
            if g.start_owner.get(p) != side:
                data["markers"][p] = side
        given = f": {', '.join(handed)} become {side}" if handed else ""
        game.log(f"{capital} is {side}: its half of French Indochina surrenders{given} (G11.4)")
