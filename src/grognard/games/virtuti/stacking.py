"""Stacking limits at the end of a move (G1.3, G1.4 Overstacking).

A stack carrying out an order may break its faction's stacking limits while its units
are being sent, one `send` at a time; the limits must hold once the order is carried
out. So the Move, Maneuver, Landing and Strategic Movement steps ask two questions:

- `go` (finish the order) is legal when the units sent so far, where they are bound,
  leave the faction within its limits, and still do if the attackers stay where they
  are (they advance only when they win and the defenders are gone: B1.6, B1.7);
- a `send` is legal when, after it, the units still in the area can be given
  destinations (or left where they are) that end within the limits, both ways:
  `can_finish`.

Every legal `send` therefore keeps a legal ending within reach, so the legal-action
list never leads into a dead end, and a move that only fits once finished can be made.

`can_finish` searches the endings exactly but by stack sizes, not by areas: only the
sizes of the faction's stacks decide whether they fit. The units still to send (at most
three, a stack being at most four) either stay, join a target already chosen, or open
a new target in one class of areas: the areas now holding k of the faction's units (one
class per k, the empty areas being k = 0), or a battle area, named one by one (one
battle per order). A target of a class stands for any of its areas that all of its
units reach; two targets of one class need two different such areas (checked at the
end, by Hall's condition on at most three sets).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from itertools import permutations

from grognard.games.virtuti.board import Data, stack_allowance, units
from grognard.games.virtuti.scenarios import fits_logistics


def counts_after(data: Data, faction: str, plan: Mapping[str, str]) -> dict[str, int]:
    """The faction's units per area with the `plan` (unit id -> destination) carried out."""
    counts: dict[str, int] = {}
    for u in units(data):
        if u["f"] == faction:
            where = plan.get(u["id"], u["a"])
            counts[where] = counts.get(where, 0) + 1
    return counts


class _Target:
    """Where some of the units still to send end up together: `size` is the class (the
    faction's units there before them), `areas` the areas it may still be."""

    __slots__ = ("areas", "battle", "joined", "size")

    def __init__(self, size: int, areas: frozenset[str], battle: bool) -> None:
        self.size, self.areas, self.battle, self.joined = size, areas, battle, 1


def _distinct(targets: list[_Target]) -> bool:
    """Whether the class targets can stand in different areas (a system of distinct
    representatives; a set larger than the group never decides, so trimming each set to
    the group's size keeps the answer)."""
    by_size: dict[int, list[frozenset[str]]] = {}
    for t in targets:
        if not t.battle:
            by_size.setdefault(t.size, []).append(t.areas)
    for group in by_size.values():
        if len(group) < 2:
            continue
        trimmed = [sorted(s)[: len(group)] for s in group]
        pool = sorted({a for s in trimmed for a in s})
        if not any(all(p[i] in s for i, s in enumerate(trimmed)) for p in permutations(pool, len(group))):
            return False
    return True


def can_finish(
    data: Data,
    faction: str,
    plan: Mapping[str, str],
    left: Mapping[str, Sequence[str]],
    battles: Set[str] = frozenset(),
) -> bool:
    """Whether the order can still end within the faction's stacking limits: `plan` is
    what is sent so far (unit -> destination), `left` the units still in the area with
    the destinations each may be sent to, `battles` the destinations that start a
    battle (at most one of them per order, counting the plan's). The ending must fit
    with the attackers advanced and with them left in the area."""
    allowance = stack_allowance(data, faction)
    counts = counts_after(data, faction, plan)
    # attackers that do not advance (the battle lost, or the defenders held) stay behind
    held = counts_after(data, faction, {u: d for u, d in plan.items() if d not in battles})
    if fits_logistics(list(counts.values()), allowance) and fits_logistics(list(held.values()), allowance):
        return True
    ids = sorted(left)
    if not ids:
        return False
    origin = data["units"][ids[0]]["a"]
    fought = {d for d in plan.values() if d in battles}
    classes: dict[int, set[str]] = {}
    for dest in {d for ds in left.values() for d in ds}:
        if dest not in battles and dest != origin:
            classes.setdefault(counts.get(dest, 0), set()).add(dest)
    targets: list[_Target] = []

    def ends_within(moved: int) -> bool:
        if not _distinct(targets):
            return False
        return fits_logistics(_sizes(counts, moved, True), allowance) and fits_logistics(
            _sizes(held, moved - sum(t.joined for t in targets if t.battle), False), allowance
        )

    def _sizes(base: dict[str, int], moved: int, advance: bool) -> list[int]:
        sizes = list(base.values())
        if origin in base:
            sizes.remove(base[origin])
        sizes.append(base.get(origin, 0) - moved)
        for t in targets:
            if t.battle and not advance:
                continue  # they stayed behind: counted at the origin
            size = base.get(next(iter(t.areas)), 0) if t.battle else t.size
            if size:
                sizes.remove(size)
            sizes.append(size + t.joined)
        return sizes

    def place(i: int, moved: int) -> bool:
        if i == len(ids):
            return ends_within(moved)
        reach = frozenset(left[ids[i]])
        for t in targets:  # join a target already chosen
            common = t.areas & reach
            if common:
                before = t.areas
                t.areas, t.joined = common, t.joined + 1
                found = place(i + 1, moved + 1)
                t.areas, t.joined = before, t.joined - 1
                if found:
                    return True
        for size, members in sorted(classes.items()):  # open a new one, smallest first
            common = frozenset(members & reach)
            if common and _opened(targets, _Target(size, common, False), i, moved):
                return True
        chosen = fought | {next(iter(t.areas)) for t in targets if t.battle}
        for b in sorted(reach & battles):
            if chosen - {b} or any(t.battle and b in t.areas for t in targets):
                continue  # one battle per order (joining it is the loop above)
            if _opened(targets, _Target(counts.get(b, 0), frozenset({b}), True), i, moved):
                return True
        return place(i + 1, moved)  # or stay

    def _opened(ts: list[_Target], t: _Target, i: int, moved: int) -> bool:
        ts.append(t)
        found = place(i + 1, moved + 1)
        ts.pop()
        return found

    return place(0, 0)
