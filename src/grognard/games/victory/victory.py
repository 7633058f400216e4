"""The end of the game (10.0-10.6): the target PP at the end of a game turn, team-mates'
PP added together, the most PP at the time limit; the result recorded in the data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .city_pp import controlled_pp
from .control import occupancy, sides
from .sides import team_label

#: The log line's start when 10.6 decides the game (state.py's end reason reads it).
TIME_LIMIT_LINE = "the time limit is reached: "

if TYPE_CHECKING:
    from .state import VictoryState


def check_victory(game: VictoryState) -> bool:
    """10.0: a player who controls the target PP at the end of a game turn wins; at the
    time limit (10.6) the most PP wins, equal PP is a draw. True when the game ends.
    10.4: scenario team-mates (the three-player Two Front War's allies) add their PP
    and win together; allies by pact (2.0 [3]) still win alone (our reading)."""
    data = game.data
    occ = occupancy(data)
    pp = {role: controlled_pp(data, occ, role) for role in sides(data)}
    data["pp"] = pp
    team = {role: team_label(data, role) for role in sides(data)}
    total = {t: sum(pp[r] for r in sides(data) if team[r] == t) for t in team.values()}
    won = sorted({team[r] for r in sides(data) if total[team[r]] >= data["target_pp"][r]})
    if not won and data["turn_limit"] and data["turn"] >= data["turn_limit"]:
        best = max(total.values())
        won = sorted(t for t in total if total[t] == best)
        game.log(f"{TIME_LIMIT_LINE}{', '.join(f'{r} {pp[r]} PP' for r in sides(data))}")
    if not won:
        return False
    winners = [role for role in sides(data) if team[role] in won]
    share = 1.0 / len(won)
    data["result"] = {role: (share if role in winners else 0.0) for role in sides(data)}
    game.log(f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} the game")
    return True
