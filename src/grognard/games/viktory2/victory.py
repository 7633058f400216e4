"""How a game of Viktory II ends (5.0) and the one-to-one economy it rests on (8.0).

The victory condition is the option `victory`: "standard" (5.1), "subjugation" (5.2),
"shorter" (5.3), "race" (5.4) or "doomsday" (5.5). Whatever the condition, a game also
ends when one player (or, with the subjugation rule, one alliance: 15.66) is left, and
after `turn_limit` full rounds (our addition, scored like 5.3).

The game ends by setting `data["winner"]` to a score for every role: the winners share
one point equally, everybody else scores 0.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from grognard.core.game import Role

from . import vassals

if TYPE_CHECKING:
    from .state import Viktory2State


# ----- 8.0 one-to-one economy ---------------------------------------------------------
def units_supported(st: Viktory2State, role: Role) -> Counter[str]:
    """8.1, 8.2: the unit types role's towns and cities pay for, counted."""
    supported: Counter[str] = Counter()
    for hex_ in st.towns_of(role):
        supported.update(st.supported_units(hex_))
    return supported


def units_owned(st: Viktory2State, role: Role) -> Counter[str]:
    """Every unit role has, wherever it is: map, Reserve or aboard a frigate."""
    return Counter(u["type"] for u in st.units.values() if u["owner"] == role)


def economy_balanced(st: Viktory2State, role: Role) -> bool:
    """8.0 key concept: role's units match, type for type, what his settlements support."""
    return units_owned(st, role) == units_supported(st, role)


# ----- ending the game -----------------------------------------------------------------
def declare(st: Viktory2State, winners: list[Role], why: str) -> None:
    """End the game: the winners share one point."""
    if st.data["winner"] is not None or not winners:
        return
    share = 1.0 / len(winners)
    st.data["winner"] = {r: (share if r in winners else 0.0) for r in st.data["roles"]}
    names = " and ".join(sorted(winners))
    st.log(f"{names} {'win' if len(winners) > 1 else 'wins'} ({why})")


def largest_empires(st: Viktory2State, among: list[Role]) -> list[Role]:
    """5.3 scoring: the players among `among` with the most empire points (ties share)."""
    if not among:
        return []
    scores = {r: st.empire_score(r) for r in among}
    best = max(scores.values())
    return sorted(r for r, s in scores.items() if s == best)


def note_city_captured(st: Viktory2State) -> None:
    """5.5: the first captured city starts the Doomsday Clock (combat calls this)."""
    clock = st.data["doomsday"]
    if clock["started"]:
        return
    clock["started"] = True
    if st.option("victory") == "doomsday":
        st.log("The Doomsday Clock starts: a city has been captured")


def _watch_cities(st: Viktory2State) -> None:
    """5.5: also notice a city that changed hands since the last check, so the clock
    starts even if a capture did not call `note_city_captured`."""
    if st.option("victory") != "doomsday" or st.data["doomsday"]["started"]:
        return
    now = {h: t["owner"] for h, t in st.data["towns"].items() if t["city"]}
    seen = st.data.get("cities_seen", {})
    st.data["cities_seen"] = now
    if any(h in seen and seen[h] != owner for h, owner in now.items()):
        note_city_captured(st)


def at_turn_start(st: Viktory2State, role: Role) -> None:
    """Checks made as role's turn begins, before his Building Phase (5.4, 5.5)."""
    mode = st.option("victory")
    # 5.4 race for dominance
    if mode == "race" and st.empire_score(role) >= st.option("race_points"):
        declare(st, [role], f"race for dominance: {st.empire_score(role)} empire points")
        return
    # 5.5 the Doomsday Clock: one roll per turn until a 1 marks this player's capital
    clock = st.data["doomsday"]
    if mode == "doomsday" and clock["started"] and role not in clock["marked"]:
        (die,) = st.roll(1, role, "Doomsday Clock")
        if die == 1:
            clock["marked"].append(role)
            st.log(f"a coin is placed beside {role}'s capital")
        _check_doomsday(st)


def _check_doomsday(st: Viktory2State) -> None:
    """5.5: every capital marked ends the game, empires scored.

    Only players still in the game roll, so only their capitals are waited for;
    otherwise an eliminated player's capital would keep the clock going forever.
    """
    clock = st.data["doomsday"]
    if st.option("victory") != "doomsday" or not clock["started"]:
        return
    waiting = [r for r in st.alive() if r in st.data["capitals"] and r not in clock["marked"]]
    if not waiting:
        declare(st, largest_empires(st, st.alive()), "the Doomsday Clock struck: largest empire")


def capital_losers(st: Viktory2State) -> list[Role]:
    """Players whose capital has been captured at some point (5.3)."""
    lost = set(st.data.get("capitals_captured", []))
    for role, hex_ in st.data["capitals"].items():
        town = st.town_at(hex_)
        if town is not None and town["owner"] != role:
            lost.add(role)
    return sorted(lost)


def eliminate_player(st: Viktory2State, role: Role) -> None:
    """5.1: role has lost every town and city, so every unit: he is out of the game."""
    if role in st.data["eliminated"]:
        return
    for uid in [u for u, d in st.units.items() if d["owner"] == role]:
        st.remove_unit(uid)
    st.data["eliminated"].append(role)
    vassals.forget(st, role)
    if role in st.data["doomsday"]["marked"]:
        st.data["doomsday"]["marked"].remove(role)
    st.log(f"{role} is eliminated")


def _is_out(st: Viktory2State, role: Role) -> bool:
    """A player who had a capital and now holds no town or city."""
    return role in st.data["capitals"] and not st.towns_of(role)


def _round_completed(st: Viktory2State) -> bool:
    """Count a full round once, when the last player in turn order ends his turn."""
    turn = st.data["turn"]
    if turn.get("phase") != "ended" or st.data.get("round_counted") == turn["number"]:
        return False
    order = st.data["order"]
    player = turn["player"]
    later = order[order.index(player) + 1:]
    if any(r not in st.data["eliminated"] for r in later):
        return False
    st.data["round_counted"] = turn["number"]
    st.data["rounds"] = st.data.get("rounds", 0) + 1
    return True


def check(st: Viktory2State) -> None:
    """Has the game ended? Called at every turn's end and after captures."""
    if st.data["winner"] is not None:
        return
    for role in st.alive():
        if _is_out(st, role):
            eliminate_player(st, role)
    alive = st.alive()
    mode = st.option("victory")
    # 5.1 standard conquest: the last player standing (in every mode: nobody is left to play)
    if len(alive) == 1:
        declare(st, alive, "last player standing")
        return
    # 5.2, 15.66: one alliance holds everybody left
    head = vassals.alliance_winner(st)
    if head is not None:
        declare(st, [head], "every other player is his vassal")
        return
    # 5.3 shorter conquest: the first captured capital ends the game
    if mode == "shorter":
        losers = capital_losers(st)
        if losers:
            among = [r for r in alive if r not in losers]
            declare(st, largest_empires(st, among), "shorter conquest: largest empire")
            return
    # 5.5 (a player's elimination may leave only marked capitals)
    _watch_cities(st)
    _check_doomsday(st)
    if st.data["winner"] is not None:
        return
    # our addition: after turn_limit full rounds the game stops, scored as in 5.3
    limit = st.option("turn_limit")
    if _round_completed(st) and limit and st.data["rounds"] >= limit:
        rounds = f"{limit} round{'s' if limit != 1 else ''}"
        declare(st, largest_empires(st, alive), f"turn limit of {rounds}: largest empire")
