"""Who is friend and who is enemy (2.0 [3], 5.4, 5.41, 10.4): the side relation.

A lower module: it reads only the game data and imports nothing of the game, so
control, movement, battle, supply and production all ask it without importing
each other.

Two players are allies when the scenario puts them on one team (10.4's three-player
Two Front War: the two holders of the outer maps) or when both have offered each
other an alliance in their move phases (`("ally", role)`, the free-for-all games of
three or four players; 2.0 [3]). Allies are never enemies: their blocks do not
fight, their hexes do not stop or cut each other, and in a battle an ally's blocks
fight on his partner's side. Everything else stays per player (stacking, control,
supply bases, production).

Data: `teams` {role: team id} from the scenario (absent in games without teams),
`pacts` [[a, b], ...] sorted pairs of players whose alliance holds, `offers`
{role: [roles he has offered an alliance]} still unanswered.
"""

from __future__ import annotations

from .layout import VictoryData

Data = VictoryData


def has_allies(data: Data) -> bool:
    """Whether any two players of the game are allied now (the fast path of 2-player games)."""
    return bool(data.get("teams") or data.get("pacts"))


def allied(data: Data, a: str, b: str) -> bool:
    """Two players on one side: the same player, scenario team-mates or a pact."""
    if a == b:
        return True
    teams = data.get("teams")
    if teams and a in teams and teams.get(a) == teams.get(b):
        return True
    pacts: list[list[str]] = data.get("pacts") or []
    return bool(pacts) and sorted((a, b)) in pacts


def is_enemy(data: Data, a: str, b: str) -> bool:
    """5.4: `b` is an enemy of `a` (another player, not an ally)."""
    return a != b and not allied(data, a, b)


def friends(data: Data, role: str, players: list[str]) -> list[str]:
    """`role` and his allies among `players`, in their order."""
    return [p for p in players if allied(data, role, p)]


def teams_of(data: Data, owners: set[str]) -> int:
    """How many opposing sides the owners form (1 = all allied)."""
    if len(owners) < 2 or not has_allies(data):
        return len(owners)
    groups: list[str] = []
    for owner in sorted(owners):
        if not any(allied(data, owner, g) for g in groups):
            groups.append(owner)
    return len(groups)


def team_label(data: Data, role: str) -> str:
    """The name of `role`'s side for victory (10.4: the allies win together)."""
    teams = data.get("teams") or {}
    return str(teams.get(role, role))


def may_offer(data: Data, role: str, players: list[str]) -> list[str]:
    """2.0 [3]: the players `role` may offer an alliance now: not already his allies,
    nor offered before. Only in games without scenario teams, and only between two
    players who have no ally yet (alliances are pairs, so the relation stays a
    partition of the players into sides)."""
    if data.get("teams") or _partnered(data, role):
        return []
    made = data.get("offers", {}).get(role, [])
    return [p for p in players if p != role and p not in made and not _partnered(data, p)]


def _partnered(data: Data, role: str) -> bool:
    return any(role in pair for pair in data.get("pacts", ()))


def offer(data: Data, role: str, other: str) -> bool:
    """Record `role`'s offer to `other`; True when it makes the alliance (both offered)."""
    offers = data.setdefault("offers", {})
    offers.setdefault(role, []).append(other)
    if role in offers.get(other, []):
        data.setdefault("pacts", []).append(sorted((role, other)))
        return True
    return False


__all__ = ["allied", "friends", "has_allies", "is_enemy", "may_offer", "offer", "team_label", "teams_of"]
