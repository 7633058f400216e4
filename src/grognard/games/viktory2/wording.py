"""How Viktory II's log names units (issue 26, item 15): as a player would say them,
"an infantry", "a yellow cavalry", never by their ids ("yellow-c4").

Every unit of a type is as good as another of its owner's (the rules never tell two
infantry apart), so a line names the owner and the type, and the place when the line
does not already give it. Games made before log version 2 (core/game.py LOG_VERSION)
keep naming units by id, so that their replays still verify.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from grognard.core.words import with_article

from .layout import Unit

if TYPE_CHECKING:
    from .state import Viktory2State



def unit_words(
    st: Viktory2State, uid: str, role: str | None = None, unit: Unit | None = None
) -> str:
    """The unit `uid` in a log line: "an infantry" when `role` (the line's subject)
    owns it, else "a red infantry"; `unit` when the unit is no longer in the game."""
    if st.log_version < 2:
        return uid
    u = unit if unit is not None else st.units[uid]
    owner = "" if u["owner"] == role else f"{u['owner']} "
    return with_article(f"{owner}{u['type']}")


def units_words(st: Viktory2State, uids: Sequence[str], role: str | None = None) -> str:
    """Several units: "an infantry and a cavalry" (ids joined by commas before version 2)."""
    if st.log_version < 2:
        return ", ".join(uids)
    names = [unit_words(st, uid, role) for uid in uids]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
