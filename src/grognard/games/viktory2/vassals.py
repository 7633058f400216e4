"""15.6 Subjugation, the questions: who is whose vassal, and what that allows.

`data["ruler"]` maps each vassal to his ruler (15.61); an alliance is a ruler and his
vassals. With the option `subjugation` off nobody is ever a vassal, so every
predicate here answers as if there were no alliances.

Movement, combat and victory ask these questions; the steps of a capture (15.62)
are in alliance.py, and combat reaches them through the flow by step name
(losses.on_capital_captured), so this module imports no phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.game import Role

if TYPE_CHECKING:
    from .state import Viktory2State



def is_on(st: Viktory2State) -> bool:
    return bool(st.option("subjugation"))


def vassals_of(st: Viktory2State, ruler: Role) -> list[Role]:
    return sorted(v for v, r in st.data["ruler"].items() if r == ruler)


def is_vassal(st: Viktory2State, role: Role) -> bool:
    return role in st.data["ruler"]


def set_free(st: Viktory2State, vassal: Role, why: str) -> None:
    """15.65: the vassal leaves his forced alliance."""
    if st.data["ruler"].pop(vassal, None) is not None:
        st.log(f"{vassal} is no longer a vassal ({why})")


def forget(st: Viktory2State, role: Role) -> None:
    """An eliminated player is nobody's ruler or vassal any more."""
    st.data["ruler"].pop(role, None)
    for vassal in vassals_of(st, role):
        set_free(st, vassal, f"{role} is out of the game")


def alliance_winner(st: Viktory2State) -> Role | None:
    """5.2, 15.66: the ruler whose alliance is everybody left, if any."""
    if not is_on(st):
        return None
    alive = st.alive()
    heads = {st.ruler_of(r) for r in alive}
    if len(alive) > 1 and len(heads) == 1:
        return heads.pop()
    return None


# ----- 15.63, 15.64 predicates for movement and combat ----------------------------------
def may_attack(st: Viktory2State, attacker: Role, defender: Role) -> bool:
    """May attacker bombard or battle defender's units or towns now?"""
    # 15.63 reorganisation: no attack at all on the turn after losing the capital
    turn = st.data["turn"]
    if turn["player"] == attacker and turn.get("no_attack"):
        return False
    # 15.64 a vassal never attacks his alliance (his ruler may: that frees the vassal, 15.65)
    return not (st.allied(attacker, defender) and is_vassal(st, attacker))


def may_stop_in(st: Viktory2State, role: Role, hex_: str) -> bool:
    """15.64: a vassal may cross, but not stop in, a hex with alliance units or a town.

    A ruler may stop with his vassal: that starts a battle (call `on_attack` first).
    """
    if not is_vassal(st, role):
        return True
    town = st.town_at(hex_)
    if town is not None and st.allied(role, town["owner"]):
        return False
    return not any(st.allied(role, st.units[u]["owner"]) for u in st.units_at(hex_))


def aids_movement(st: Viktory2State, role: Role, other: Role) -> bool:
    """15.64: alliance towns and units count as role's own for 9.12 and 9.13."""
    return st.friendly(role, other)


def on_attack(st: Viktory2State, attacker: Role, defender: Role) -> None:
    """15.65 (1): a ruler who battles or bombards his vassal frees him."""
    if st.data["ruler"].get(defender) == attacker:
        set_free(st, defender, f"{attacker} attacked him")


def is_opponent(st: Viktory2State, role: Role, other: Role) -> bool:
    """Is `other` a player whose units `role` may attack now?

    Enemies, and (15.64) a ruler's own vassals; `may_attack` has the last word.
    """
    if other == role:
        return False
    if not (st.hostile(role, other) or st.ruler_of(other) == role):
        return False
    return may_attack(st, role, other)
