"""Viktory II's observation for RL policies (grognard.rl; the "observation" seam of
grognard/seams.py): fixed-size features of what a seat sees."""

from __future__ import annotations

from typing import Any

View = dict[str, Any]

#: A copy of a Viktory II game costs more than its view: the environments build views.
INFO_COPY = False

#: Seats the features have room for: Viktory II's largest set-up (2.0: 2-6 players).
OBSERVE_SEATS = 6
#: Per seat, counted from the observer round the seating order (so that "me" is
#: always the first block, whatever the observer's colour).
SEAT_FEATURES = (
    "seated", "eliminated", "vassal", "score", "towns", "cities", "holds_capital",
    "land_units", "frigates", "reserves",
)
#: The questions a player is asked (the flow frame's state), one-hot, then "other".
QUESTIONS = (
    "choose_capital", "build", "rebalance", "move", "casualties", "retreat", "eliminate", "reserves", "luck",
)
#: One name per entry of `observe` (grognard.rl.feature_names prefixes "ruleset:").
OBSERVATION_NAMES = (
    tuple(f"seat{i}:{f}" for i in range(OBSERVE_SEATS) for f in SEAT_FEATURES)
    + tuple(f"question:{q}" for q in (*QUESTIONS, "other"))
    + ("doomsday_started", "rounds")
)
OBSERVATION_SIZE = len(OBSERVATION_NAMES)


def observe(view: View) -> list[float]:
    """Fixed-size features of a view for RL policies (grognard.rl): per seat, counted
    from the observer, whether it is seated, eliminated or a vassal (16.x alliances:
    it has a ruler), its empire points (5.3) / 20, towns and cities / 10 (cities also
    count as towns), whether it holds its own capital, land units and frigates on the
    board / 20 and / 10, and units off the board (reserves to place, 13.0) / 10; then
    the question being asked, one-hot; then whether doomsday has started and the
    rounds played / 20. Only what the view shows: hidden-free by construction."""
    board = view["board"]
    roles: list[str] = list(view["roles"])
    me = view.get("role")
    start = roles.index(me) if me in roles else 0
    seats = roles[start:] + roles[:start]
    out_of_game = set(board.get("eliminated") or [])
    ruler = board.get("ruler") or {}
    towns = board["towns"].values()
    capitals = board.get("capitals") or {}
    features: list[float] = []
    for i in range(OBSERVE_SEATS):
        if i >= len(seats):
            features += [0.0] * len(SEAT_FEATURES)
            continue
        role = seats[i]
        mine = [t for t in towns if t["owner"] == role]
        units = [u for u in board["units"].values() if u["owner"] == role]
        on_board = [u for u in units if u["hex"] is not None or u["aboard"] is not None]
        capital = capitals.get(role)
        features += [
            1.0,
            float(role in out_of_game),
            float(role in ruler),
            float(board["scores"].get(role, 0)) / 20,
            len(mine) / 10,
            sum(1 for t in mine if t["city"]) / 10,
            float(capital is not None and board["towns"].get(capital, {}).get("owner") == role),
            sum(1 for u in on_board if u["type"] != "frigate") / 20,
            sum(1 for u in on_board if u["type"] == "frigate") / 10,
            (len(units) - len(on_board)) / 10,
        ]
    question = str((board.get("frame") or {}).get("state"))
    features += [float(question == q) for q in QUESTIONS] + [float(question not in QUESTIONS)]
    doomsday = bool((board.get("doomsday") or {}).get("started"))
    features += [float(doomsday), float(board.get("rounds", 0)) / 20]
    return features
