"""The end of the game: a decisive victory checked every Summary Phase, a minor victory
or a draw on the scenario's last turn, and the outcome recorded in the data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.games.virtuti.board import (
    ALLIED_DECISIVE,
    AXIS_DECISIVE_VP,
    MINOR_VP,
    ROLE_OF,
    Data,
    vp_of,
)

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


def decisive(data: Data) -> str | None:
    """Decisive Victory: the Axis at 18 VP or more; the Allies holding the seven cities."""
    if vp_of(data, "axis") >= AXIS_DECISIVE_VP:
        return "axis"
    if all(ROLE_OF.get(data["control"].get(a, ""), "") == "allies" for a in ALLIED_DECISIVE):
        return "allies"
    return None


def last_turn(data: Data) -> bool:
    season, year = data["end"]
    return bool(data["year"] == year and data["season"] == season)


def check_victory(state: VirtutiState) -> None:
    data = state.vdata
    winner = decisive(data)
    if winner is not None:
        finish(state, winner, "decisive victory")
        return
    if not last_turn(data):
        return
    axis, allies = vp_of(data, "axis"), vp_of(data, "allies")
    if axis >= MINOR_VP:
        finish(state, "axis", "minor victory")
    elif allies >= MINOR_VP:
        finish(state, "allies", "minor victory")
    else:
        finish(state, None, "draw")


def finish(state: VirtutiState, winner: str | None, how: str) -> None:
    data = state.vdata
    score = (
        {"axis": 0.5, "allies": 0.5}
        if winner is None
        else {r: float(r == winner) for r in ("axis", "allies")}
    )
    data["outcome"] = {"winner": winner, "how": how, "score": score,
                       "vp": {"axis": vp_of(data, "axis"), "allies": vp_of(data, "allies")}}  # fmt: skip
    state.log(f"The game ends: {how}" + (f" for the {winner}" if winner else ""))
