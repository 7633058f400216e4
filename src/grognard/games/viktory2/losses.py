"""Combat in general (10.0-10.3): scoring hits, choosing casualties, losing a town.

Shared by bombardment (bombard.py) and battles (battle.py):

- `score` reads a roll: 3 or less hits, a 1 is a tactical victory (10.1);
- the "casualties" step asks ("hit", uid) one unit at a time, only when the choice
  matters (units of one class are interchangeable);
- `capture` hands a town or city to its conqueror (10.3, 14.0) and pushes the
  "eliminate" step where the loser returns its supported units to the stock (10.2);
- `note_attack` tells the alliance rules of an attack (15.65), and a captured capital
  hands control to the subjugation steps by step name (15.62, alliance.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grognard.core import flow
from grognard.core.flow import Frame, GameStep
from grognard.core.game import Action, Role

from . import vassals, victory
from .tables import tables
from .verbs import args
from .wording import unit_words, units_words

if TYPE_CHECKING:
    from .state import Viktory2State


# ----- the alliance rules (15.6) -----------------------------------------------------------
def note_attack(st: Viktory2State, attacker: Role, defender: Role) -> None:
    """15.65 rule 1: a ruler attacking its vassal breaks their alliance."""
    vassals.on_attack(st, attacker, defender)


# ----- dice (10.1) -------------------------------------------------------------------------
def score(dice: Iterable[int]) -> tuple[int, int]:
    """(tactical victories, ordinary hits) of a roll (10.1)."""
    table = tables()
    hit, tactical = table["hit_on_or_below"], table["tactical_victory_face"]
    faces = list(dice)
    tact = sum(1 for d in faces if d <= tactical)
    ordinary = sum(1 for d in faces if tactical < d <= hit)
    return tact, ordinary


# ----- casualty choice (10.1) ------------------------------------------------------------
def class_key(st: Viktory2State, uid: str) -> tuple[Any, ...]:
    """Units with the same key are interchangeable as casualties: same owner and type,
    and for frigates the same cargo (9.45: cargo shares a lost frigate's fate)."""
    u = st.units[uid]
    if u["type"] == "frigate":
        cargo = tuple(sorted(st.units[c]["type"] for c in st.cargo_of(uid)))
        return (u["owner"], u["type"], u["hex"], cargo)
    return (u["owner"], u["type"], u["hex"], u["aboard"])


def representatives(st: Viktory2State, pool: Iterable[str]) -> list[str]:
    """One unit (the smallest id) per class of interchangeable units."""
    seen: dict[tuple[Any, ...], str] = {}
    for uid in sorted(pool):
        seen.setdefault(class_key(st, uid), uid)
    return sorted(seen.values())


def is_free_choice(st: Viktory2State, pool: list[str], count: int) -> bool:
    """Does the choice of `count` casualties among `pool` make a difference?"""
    return 0 < count < len(pool) and len(representatives(st, pool)) > 1


def automatic_picks(st: Viktory2State, pool: list[str], count: int) -> list[str]:
    """The casualties when nothing is left to choose: all of them, or the first of one class."""
    return sorted(pool)[: max(0, count)]


class Casualties(GameStep["Viktory2State"]):
    """10.1: the chooser names the units hit, one at a time.

    Frame: role (chooser), pool (units that may be hit), count (hits left),
    chosen (so far), remove (True: the hits go to the Reserve at once, and nothing
    is handed back; else the list is returned to the caller).
    """

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        st: Viktory2State = game
        return [frame["role"]] if is_free_choice(st, frame["pool"], frame["count"]) else []

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> Iterable[Action]:
        return [("hit", uid) for uid in representatives(game, frame["pool"])]

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        left = frame["count"]
        hits = f"{left} hit{'s' if left > 1 else ''} to assign"
        if frame.get("remove"):
            # hits removed at once come from a bombardment (11.0), never from a battle round
            return f"Bombardment: choose the unit that is lost ({hits})."
        return f"Choose the unit that takes the hit ({hits})."

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        self._take(game, frame, [args(action)["unit"]])

    def run(self, game: Viktory2State, frame: Frame) -> None:
        st: Viktory2State = game
        self._take(st, frame, automatic_picks(st, frame["pool"], frame["count"]))

    def _take(self, st: Viktory2State, frame: Frame, uids: list[str]) -> None:
        for uid in uids:
            frame["pool"].remove(uid)
            frame["chosen"].append(uid)
            frame["count"] -= 1
            if frame.get("remove"):
                lose(st, uid)
        if frame["count"] <= 0 or not frame["pool"]:
            if frame.get("remove"):
                st.flow.pop()
            else:
                flow.end(st.flow, frame["chosen"])


def lose(st: Viktory2State, uid: str) -> None:
    """10.2: a casualty goes to its owner's Reserve, its cargo with it (9.45)."""
    cargo = st.cargo_of(uid)
    st.to_reserve(uid)
    extra = f" with its cargo {units_words(st, cargo)}" if cargo else ""
    st.log(f"{unit_words(st, uid)} is lost to the Reserve{extra}")


def assign_now(st: Viktory2State, chooser: Role, pool: list[str], count: int) -> None:
    """Hits whose units leave at once (bombardment, pre-battle fire): pick and remove."""
    count = min(count, len(pool))
    if count <= 0:
        return
    if is_free_choice(st, pool, count):
        flow.call(st.flow, "casualties", role=chooser, pool=list(pool), count=count, chosen=[], remove=True)
    else:
        for uid in automatic_picks(st, pool, count):
            lose(st, uid)


# ----- conquest (10.2, 10.3, 14.0) --------------------------------------------------------------
def capture(st: Viktory2State, hex_: str, captor: Role) -> None:
    """12.3 step 4, 10.3: the town or city changes hands and keeps its kind; the capital
    marker stays (14.0). The loser eliminates the units it supported (10.2) and the
    captor gains the same units into its Reserve (10.3)."""
    town = st.town_at(hex_)
    if town is None:
        return
    loser = str(town["owner"])
    kind = "city" if town["city"] else "town"
    if vassals.is_on(st) and st.capital_of(loser) == hex_ and loser != captor:
        # 15.62 replaces 14.0: the capital stays its owner's, with the units it
        # supports, so no 10.2/10.3 exchange takes place; the loser becomes a vassal
        st.log(f"{captor} takes {loser}'s capital at {hex_}; it stays {loser}'s (15.62)")
        if town["city"]:
            victory.note_city_captured(st)  # 5.5
        on_capital_captured(st, loser, captor, hex_)
        return
    town["owner"] = captor
    supported = st.supported_units(hex_)
    st.log(f"{captor} captures {loser}'s {kind} at {hex_}")
    for unit_type in supported:
        uid = st.add_unit(captor, unit_type)
        gained = f"{uid} ({unit_type})" if st.log_version < 2 else unit_words(st, uid, captor)
        st.log(f"{captor} gains {gained} in the Reserve")
    if town["city"]:
        # 5.5: the first captured city starts the Doomsday Clock
        victory.note_city_captured(st)
    # 14.0: only the loser's own capital counts as a lost capital
    lost_capital = st.capital_of(loser) == hex_
    eliminate_for_lost_town(
        st, loser, supported,
        then={"captor": captor, "hex": hex_, "loser": loser, "lost_capital": lost_capital},
    )


def eliminate_for_lost_town(
    st: Viktory2State, loser: Role, unit_types: list[str], then: dict[str, Any] | None = None
) -> None:
    """10.2: push the question of which units `loser` returns to the stock, one per
    type the lost town or city supported; it answers itself when nothing differs.
    `then` (used by capture): the capital and victory checks to run afterwards."""
    flow.call(st.flow, "eliminate", role=loser, types=list(unit_types), then=then)


def elimination_options(st: Viktory2State, role: Role, unit_type: str) -> list[str]:
    """One unit of that type per place it could come from: the Reserve, a map hex,
    a frigate's hold (10.2 lets the loser choose among them)."""
    return representatives(
        st, [u for u in st.units_of(role) if st.units[u]["type"] == unit_type]
    )


def _eliminate(st: Viktory2State, uid: str) -> None:
    u = st.units[uid]
    aboard = u["aboard"] and unit_words(st, u["aboard"], u["owner"])
    where = u["hex"] or (f"aboard {aboard}" if aboard else "the Reserve")
    for cargo in st.cargo_of(uid):  # 9.45: a lost frigate's cargo goes to the Reserve
        st.to_reserve(cargo)
        st.log(f"{unit_words(st, cargo)} goes to the Reserve")
    st.remove_unit(uid)
    eliminated = f"{uid} ({u['type']})" if st.log_version < 2 else unit_words(st, uid, u["owner"], u)
    st.log(f"{u['owner']} eliminates {eliminated} from {where}")


class Eliminate(GameStep["Viktory2State"]):
    """10.2: ("eliminate", uid) for each unit type the lost town or city supported."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        st: Viktory2State = game
        if frame["types"] and len(elimination_options(st, frame["role"], frame["types"][0])) > 1:
            return [frame["role"]]
        return []

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> Iterable[Action]:
        return [("eliminate", u) for u in elimination_options(game, role, frame["types"][0])]

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        kind = frame["types"][0]
        article = "an" if kind[0] in "aeiou" else "a"  # "an infantry", "an artillery"
        return f"Your lost town or city supported {article} {kind}: choose which one returns to the stock."

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        _eliminate(game, args(action)["unit"])
        frame["types"].pop(0)
        self._maybe_done(game, frame)

    def run(self, game: Viktory2State, frame: Frame) -> None:
        st: Viktory2State = game
        while frame["types"]:
            options = elimination_options(st, frame["role"], frame["types"][0])
            if len(options) > 1:
                return
            if options:
                _eliminate(st, options[0])
            frame["types"].pop(0)
        self._maybe_done(st, frame)

    def _maybe_done(self, st: Viktory2State, frame: Frame) -> None:
        if frame["types"]:
            return
        st.flow.pop()
        then = frame.get("then")
        if then is None:
            return
        if then["lost_capital"]:
            on_capital_captured(st, then["loser"], then["captor"], then["hex"])
        victory.check(st)


# ----- 15.61, 15.62 a captured capital ------------------------------------------------------
#: Frames of the phases of a Player Turn; anything else on top of the stack is a
#: procedure (a battle, a casualty choice...) that must finish before ours run.
PHASE_STEPS = frozenset({"build", "move", "reserves"})


def on_capital_captured(st: Viktory2State, loser: Role, captor: Role, hex_: str) -> None:
    """Combat calls this once captor has taken hex_, the capital of `loser`.

    The capture is recorded for 5.3 in any case (a player retaking his own capital
    loses nothing). With the subjugation rule on, 15.6 replaces 14.0: combat leaves the
    capital and its units to the loser (no 10.2/10.3 exchange), and 15.62 follows.
    """
    if loser == captor:
        return
    captured = st.data.setdefault("capitals_captured", [])
    if loser not in captured:
        captured.append(loser)
    if st.is_city(hex_):
        victory.note_city_captured(st)  # 5.5
    if vassals.is_on(st):
        _subjugate(st, loser, captor, hex_)
    victory.check(st)


def _subjugate(st: Viktory2State, loser: Role, captor: Role, hex_: str) -> None:
    rulers = st.data["ruler"]
    # 15.65 (2): the loser's own vassals go free; (3) a vassal who takes a capital is free
    for vassal in vassals.vassals_of(st, loser):
        vassals.set_free(st, vassal, f"their ruler {loser} lost his capital")
    vassals.set_free(st, captor, f"{captor} took a capital")
    # 15.61 the loser joins the captor's alliance
    rulers[loser] = captor
    st.log(f"{loser} becomes the vassal of {captor}")
    # 15.63 no attacks on the loser's next turn
    reorganizing = st.data.setdefault("reorganizing", [])
    if loser not in reorganizing:
        reorganizing.append(loser)
    # 15.62 the capital stays the loser's: combat's capture leaves it (and its units) to
    # him; the ruler's moves out of it are the step "relocate_from_capital" (alliance.py)
    _schedule(st, {"state": "relocate_from_capital", "role": captor, "hex": hex_, "vassal": loser})


def _schedule(st: Viktory2State, frame: Frame) -> None:
    """Run `frame` as soon as the procedure now on top of the stack (the battle that
    took the capital) ends, or at once if a phase question is on top."""
    stack = st.flow
    if stack and stack[-1]["state"] not in PHASE_STEPS:
        stack.insert(len(stack) - 1, frame)
    else:
        stack.append(frame)
