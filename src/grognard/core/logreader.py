"""Each role's readable lines of a game's log (`State.log_for`), kept between reads.

The log only grows between changes of a game's data (undo and loading replace the
whole list), so each role's filtered lines are kept and extended with the new lines
only: filtering the whole log on every view made long games quadratic (a seventh of a
Virtuti game's CPU went to it). A copy of a position (clone, sample, search: frozen.py)
starts from what its game had filtered (`snapshot`, `adopted`) rather than filtering
its whole log again on its first view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Role = str
# who reads a log line: None (everyone), some roles, or {"all_but": roles} (State.log)
LogAddress = list[Role] | dict[str, list[Role]] | None
Reads = Callable[[Role | None, LogAddress], bool]
Lines = list[list[Any]]  # the log: [text, address] each
#: role -> (log lines read, the role's lines, how many of them are this moment's)
Snapshot = dict[Role | None, tuple[int, list[str], int]]


class LogReader:
    """The lines each role read so far of one log list (a new list starts afresh)."""

    __slots__ = ("_seen",)

    def __init__(self, seen: dict[Role | None, tuple[Lines, int, list[str]]] | None = None) -> None:
        self._seen = seen or {}

    def lines_for(self, lines: Lines, role: Role | None, reads: Reads) -> list[str]:
        """The lines of `lines` that `reads(role, to)` lets `role` read, as a new list."""
        seen = self._seen.get(role)
        if seen is None or seen[0] is not lines or seen[1] > len(lines):
            seen = (lines, 0, [])
        _, done, visible = seen
        # most lines are for everyone: said so without a call for each
        visible.extend(text for text, to in lines[done:] if to is None or reads(role, to))
        self._seen[role] = (lines, len(lines), visible)
        return list(visible)

    def snapshot(self, lines: Lines) -> Snapshot:
        """What was read of `lines` as it is now. The role's lists are shared, not copied:
        they only ever grow, so the count says where this moment's lines end."""
        seen = self._seen.items()
        return {role: (done, visible, len(visible)) for role, (at, done, visible) in seen if at is lines}

    @staticmethod
    def adopted(lines: Lines, snapshot: Snapshot) -> LogReader:
        """A reader for a copy's `lines`, whose first lines are those of `snapshot`'s log."""
        taken = snapshot.items()
        return LogReader({role: (lines, done, visible[:count]) for role, (done, visible, count) in taken})
