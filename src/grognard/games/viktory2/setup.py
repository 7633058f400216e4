"""Starting the game (4.0): the first player, the turn order, and the capitals.

`begin` draws the first player and stacks one "choose_capital" frame per player (the
first player's on top) over the first player's "start_turn". Each choose_capital
frame first runs automatically: it reveals that player's starting hexes (3.3) and,
while none of them can take a capital, every hex next to those revealed so far
(4.0 step 2). Then the player names the hex of his capital.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core import flow
from grognard.core.flow import Frame, GameStep
from grognard.core.game import Action, Role

from . import board, exploration, production, turns
from .verbs import args
from .wording import unit_words

if TYPE_CHECKING:
    from .state import Viktory2State


def setup_game(st: Viktory2State) -> None:
    """3.2 board, 3.3 starting hexes, 4.0 turn order and the capital procedure."""
    d = st.data
    d.update({
        "towns": {}, "capitals": {}, "units": {}, "next_uid": 1, "turns": 0, "ruler": {},
        "doomsday": {"started": False, "marked": []}, "eliminated": [], "winner": None,
        "reorganizing": [],
    })
    board.lay_out(st)          # fills board, tiles, stock, starts
    begin(st)                  # order, turn record, flow frames for 4.0
    assert d["flow"], "setup must leave a question on the flow stack"


def begin(st: Viktory2State) -> None:
    """4.0 steps 1 and 5: draw the first player; everyone builds a capital in turn."""
    d = st.data
    seating = list(d.get("order") or d["roles"])
    first = seating[st.rng.index(len(seating))]  # 4.0 step 1
    i = seating.index(first)
    d["order"] = seating[i:] + seating[:i]  # clockwise from the first player
    st.log(f"{first} is drawn to play first; order: {', '.join(d['order'])}")
    d["turn"] = turns.new_turn_record(first, d.get("turns", 0))
    d["turn"]["phase"] = "capital"
    d["flow"] = [{"state": "start_turn", "role": first}]
    for role in reversed(d["order"]):
        flow.call(d["flow"], "choose_capital", role=role, revealed=False, candidates=[])
    st.advance()


def capital_sites(st: Viktory2State, frame: Frame) -> list[str]:
    """The candidate hexes where the frame's player may place his capital now.

    Revealed land among the candidates, with no town in or next to it (7.21) and no
    other player's unit in it (7.22).
    """
    role = frame["role"]
    towns = st.data["towns"]
    foreign = {u["hex"] for u in st.units.values() if u["hex"] is not None and u["owner"] != role}
    return [
        h
        for h in frame["candidates"]
        if st.is_land(h)
        and h not in towns
        and h not in foreign
        and not any(n in towns for n in st.neighbors(h))
    ]


class ChooseCapital(GameStep["Viktory2State"]):
    """4.0 steps 2-4: reveal the starting hexes, then place the capital and its infantry."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        return [frame["role"]] if frame["revealed"] else []

    def run(self, game: Viktory2State, frame: Frame) -> None:
        st: Viktory2State = game
        role = frame["role"]
        st.data["turn"] = turns.new_turn_record(role, st.data["turns"])
        st.data["turn"]["phase"] = "capital"
        candidates = set(st.data["starts"][role])
        st.log(f"{role} reveals the starting hexes {', '.join(sorted(candidates))}")
        for h in sorted(candidates):
            st.reveal(h)
        frame["candidates"] = sorted(candidates)
        frame["revealed"] = True
        # 4.0 step 2: no land to take: reveal every hex next to those revealed, and again.
        while not capital_sites(st, frame):
            ring = {n for h in candidates for n in st.neighbors(h)} - candidates
            if not ring:
                break
            st.log(f"no land for {role}'s capital: the hexes around are revealed")
            for h in sorted(ring):
                st.reveal(h)
            candidates |= ring
            frame["candidates"] = sorted(candidates)
        if not capital_sites(st, frame):
            st.log(f"{role} finds no land for a capital and is out of the game")
            st.data["eliminated"].append(role)
            flow.end(st.flow)

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> list[Action]:
        return [("capital", h) for h in capital_sites(game, frame)]

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        hex_ = args(action)["hex"]
        revealed = found_capital(st, role, hex_)
        flow.end(st.flow)
        exploration.rebalance_after(st, role, revealed)  # 15.3: the capital explores as a town

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        return "Choose the land hex where you build your capital."


def found_capital(st: Viktory2State, role: Role, hex_: str) -> list[str]:
    """4.0 steps 2-4: a town with the capital marker, its neighbours shown (7.3), and
    its infantry straight from the Reserve into the capital. Returns the hexes revealed."""
    production.place_town(st, role, hex_)
    st.data["capitals"][role] = hex_
    st.log(f"{role} builds its capital at {hex_}")
    revealed = st.explore_around(hex_)
    for uid in production.gain_units(st, role, st.supported_units(hex_)):
        st.units[uid]["hex"] = hex_  # 4.0 step 4: nothing to move, so it is placed at once
        st.log(f"{role} places {unit_words(st, uid, role)} in its capital")
    return revealed
