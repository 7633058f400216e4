"""Battle step 5: the exact-HP loss allocation rule, as pure functions.

A side's loss absorbers are chains: a unit takes exactly its HP at a time (never
wounded); a destroyed Army becomes a Corps and a destroyed Armored Corps an Armored
Division of the same level, which may take losses again; a fortification absorbs one
point per level; a played card one per HP symbol. The side must absorb as many of the
loss points as any choice could (it may not waste points to spare a unit); losses no
choice can absorb are ignored. `legal_picks` gives the absorbers whose next step keeps
that maximum reachable, so a player allocating one step at a time always ends at it.
"""

from __future__ import annotations

from collections.abc import Sequence

Chain = tuple[int, ...]


def prefix_sums(chain: Chain) -> list[int]:
    out, total = [0], 0
    for step in chain:
        total += step
        out.append(total)
    return out


def max_absorb(points: int, chains: Sequence[Chain]) -> int:
    """The most loss points (at most `points`) some allocation over the chains absorbs."""
    reachable = {0}
    for chain in chains:
        options = prefix_sums(chain)
        reachable = {r + s for r in reachable for s in options if r + s <= points}
    return max(reachable)


def legal_picks(points: int, chains: Sequence[Chain]) -> list[int]:
    """Indexes of the chains whose next step may be taken now (empty: allocation is over)."""
    best = max_absorb(points, chains)
    if best == 0:
        return []
    out = []
    for i, chain in enumerate(chains):
        if not chain or chain[0] > points:
            continue
        rest = [*chains[:i], chain[1:], *chains[i + 1 :]]
        if chain[0] + max_absorb(points - chain[0], rest) == best:
            out.append(i)
    return out
