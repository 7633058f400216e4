"""Victory's designed content in the balance report: the boards and the blocksets.

Facts per game (read by grognard.sim.content): each side's home board(s), the pairing
of home boards in seat order ("A v D") and the map played (which boards, how turned),
the production points each side holds at the end
(the score 10.6 and the victory targets count), and the mix of the forces each side
was dealt from the Quick Start pool (ground, naval and air blocks).
benchmarks/victory_board_balance.py tallies board wins with the same `home_boards`.
"""

from __future__ import annotations

from typing import Any

from grognard.core.game import State

from .layout import VictoryData, typed
from .units import ARMS, unit_type


def home_boards(data: VictoryData) -> dict[str, str]:
    """Each side's home board(s), "A" or "A+C" (data["homes"] maps board -> side)."""
    by_side: dict[str, list[str]] = {}
    for board, side in sorted(data["homes"].items()):
        by_side.setdefault(side, []).append(board)
    return {side: "+".join(boards) for side, boards in sorted(by_side.items())}


def forces_mix(data: VictoryData) -> dict[str, dict[str, int]]:
    """Blocks of each arm each side was dealt."""
    mix: dict[str, dict[str, int]] = {side: dict.fromkeys(ARMS, 0) for side in data["roles"]}
    for block in data["blocks"].values():
        if block["owner"] in mix:
            mix[block["owner"]][unit_type(block["type"]).arm] += 1
    return mix


def content_facts(initial: State, final: State) -> dict[str, Any]:
    data = typed(final.data)
    homes = home_boards(data)
    return {
        "home_board": homes,
        "matchup": " v ".join(homes.get(side, "-") for side in data["roles"]),
        "map": data["map"],
        "final_pp": {side: data["pp"].get(side) for side in data["roles"]},
        "forces": forces_mix(typed(initial.data)),
    }


FIGURES: list[dict[str, Any]] = [
    {"kind": "win_rate", "fact": "home_board", "per_role": True,
     "title": "win rate by home board (the board a side defends)"},
    {"kind": "win_rate", "fact": "matchup", "role": "blue",
     "title": "blue's win rate by the home boards of blue v red"},
    {"kind": "mean", "fact": "final_pp", "by": "home_board",
     "title": "production points at the end, by home board"},
    {"kind": "win_rate", "fact": "forces", "per_role": True,
     "title": "win rate by the blocks of each arm dealt from the Quick Start pool"},
]  # fmt: skip
