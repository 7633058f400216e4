"""Optional rule Leaders 1-10 (O1.1-O1.10): leader markers on armies and fleets, the one
piece of hidden information of Hitler's Global War.

THE POOLS (Leaders 2-3; data/leaders.json). Each side mixes its named leaders with No
Leader markers: ten land and ten naval markers a side once every leader has joined; the
Soviets have a land pool only. The Allies start with Montgomery and Mountbatten;
Patton, MacArthur, Halsey and Mitscher join when the United States enters the war, and
two No Leader markers then leave the Allied land pool (the naval pool is eight No
Leaders until then, ten markers after). Japanese leaders and MacArthur are in their
pools but command only in the Pacific: the European map has no army or fleet for them,
so such a leader, once revealed, goes back to the pool like a No Leader (Leaders 8).

THE SECRET. `data["leaders"]` holds, per side and type, the pool as a sorted list (its
order says nothing: a draw is `rng.index` over it) and each marker in play: the leader
it is and whether it is face up. Nobody looks at a face-down marker, its owner neither:
the rules have the player pick markers at random and place them face down (Leaders 6),
so no seat knows a marker until it is revealed. `view` is the only reading of the block
that leaves the server: face-down markers as "face down", revealed ones by name, pool
sizes (countable on the table). A seat's odds and AI see the same (`from_view`).

WHEN A MARKER TURNS (Leaders 7-8). As its army makes an attack into a non-friendly hex
(assault, invasion assault, advance, exploitation, air attack) or its fleet fires at a
target; a No Leader goes back into the pool; a leader who cannot command that army (a
French army, a Pacific leader) goes to the strongest army (fleet) of his side he may
command that has no marker, or back to the pool if there is none (our reading of
"simply move": the owner does not choose, nothing in the rule asks him).

THE MODIFIER (Leaders 1). An attack roll of armies or fleets with a revealed leader
gets -1 (one -1 however many leaders share the roll: each subtracts one from the roll
of his own army, and an attack's roll is one roll).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from grognard.core.rng import Rng

from .board import Data, strength
from .datafile import load_data
from .fleets import ships
from .layout import units as unit_records
from .optional import has_option

if TYPE_CHECKING:
    from .rule_game import RuleGame
    from .state import HgwState

NO_LEADER = "none"
LAND, NAVAL = "land", "naval"
UNITS = {LAND: "armies", NAVAL: "fleets"}  # where each type of marker goes
FACE_DOWN = "face down"
# Leaders 5: surface naval points (carrier air and naval air are not ship points here)
NOT_SURFACE = ("uboat",)


class LeaderSpec(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    side: str
    nation: str
    type: str
    joins: str = ""
    theatre: str = "europe"


class LeaderData(msgspec.Struct, forbid_unknown_fields=True):
    version: int
    note: str
    leaders: dict[str, LeaderSpec]
    pools: dict[str, dict[str, int]]
    us_entry_removes: dict[str, int]


class LeaderDataError(ValueError):
    pass


def load_leaders() -> LeaderData:
    path = Path(__file__).parent / "data" / "leaders.json"
    return load_data(path, LeaderData, LeaderDataError, "leader data", _check_leaders)


def _check_leaders(content: LeaderData, path: Path) -> None:
    for lid, spec in content.leaders.items():
        if (
            spec.type not in UNITS
            or spec.side not in content.pools
            or spec.type not in content.pools[spec.side]
        ):
            raise LeaderDataError(f"leader {lid}: no {spec.type} pool for {spec.side}")


def new_leaders(sides: Iterable[str]) -> dict[str, Any]:
    """Leaders 2-3: each side's pools at the start; no marker in play."""
    content = load_leaders()
    pools: dict[str, dict[str, list[str]]] = {}
    for side in sides:
        for kind, size in content.pools.get(side, {}).items():
            named = [lid for lid, x in content.leaders.items() if x.side == side and x.type == kind]
            now = [lid for lid in named if not content.leaders[lid].joins]
            removed = content.us_entry_removes.get(kind, 0) if side == "allied" else 0
            pools.setdefault(side, {})[kind] = sorted(now + [NO_LEADER] * (size - len(named) + removed))
    return {"pools": pools, "armies": {}, "fleets": {}, "us_joined": False}


def _block(data: Data) -> dict[str, Any] | None:
    found: dict[str, Any] | None = data.get("leaders")
    return found if found is not None and has_option(data, "leaders") else None


def leader_name(lid: str) -> str:
    return "no leader" if lid == NO_LEADER else load_leaders().leaders[lid].name


def us_entry(game: HgwState) -> None:
    """Leaders 3: once the United States is in the war, its four leaders join the Allied
    pools and two No Leader markers leave the land pool."""
    data = game.data
    block = _block(data)
    pol = data.get("politics")
    if block is None or block["us_joined"] or pol is None or pol.get("us_since") is None:
        return
    if "allied" not in block["pools"]:
        return
    block["us_joined"] = True
    content = load_leaders()
    for lid, spec in content.leaders.items():
        if spec.side == "allied" and spec.joins == "us_entry":
            block["pools"]["allied"][spec.type].append(lid)
    for kind, count in content.us_entry_removes.items():
        pool = block["pools"]["allied"][kind]
        for _ in range(min(count, pool.count(NO_LEADER))):
            pool.remove(NO_LEADER)
    for pool in block["pools"]["allied"].values():
        pool.sort()
    game.log("the United States leaders join the Allied pools (Patton, MacArthur, Halsey, Mitscher)")


def points_for(data: Data, side: str, kind: str) -> int:
    """Leaders 4-5: the side's strength points that earn markers: army points but tac air,
    or surface ship points of fleets, on the map."""
    if kind == LAND:
        return sum(
            strength(a) - int(a["sp"].get("tac_air", 0))
            for a in data["armies"].values()
            if a["side"] == side and a["at"] is not None
        )
    total = 0
    for f in data.get("fleets", {}).values():
        if f["side"] == side and f.get("at"):
            total += sum(v for k, v in ships(f).items() if k not in NOT_SURFACE)
    return total


def allowed(data: Data, side: str, kind: str) -> int:
    """Leaders 4-6: one marker in play per ten points."""
    return points_for(data, side, kind) // 10


def markers(data: Data, side: str, kind: str) -> dict[str, dict[str, Any]]:
    """The side's markers of `kind` in play: unit id -> {"leader", "up"}."""
    block = _block(data)
    if block is None:
        return {}
    units = unit_records(data, UNITS[kind])
    return {u: m for u, m in block[UNITS[kind]].items() if units[u]["side"] == side}


def open_units(data: Data, side: str, kind: str) -> list[str]:
    """The side's armies (fleets) on the map without a marker (Leaders 4-5: one each)."""
    block = _block(data)
    if block is None or kind not in block["pools"].get(side, {}):
        return []
    units = unit_records(data, UNITS[kind])
    taken = block[UNITS[kind]]
    return sorted(
        u
        for u, x in units.items()
        if x["side"] == side and x.get("at") and u not in taken and _size(data, kind, u)
    )


def _size(data: Data, kind: str, unit: str) -> int:
    if kind == LAND:
        return strength(data["armies"][unit])
    return sum(v for k, v in ships(data["fleets"][unit]).items() if k not in NOT_SURFACE)


def to_place(data: Data, side: str, kind: str) -> int:
    """Leaders 6: how many more markers of `kind` the side puts in play now."""
    block = _block(data)
    if block is None or kind not in block["pools"].get(side, {}):
        return 0
    room = allowed(data, side, kind) - len(markers(data, side, kind))
    return max(0, min(room, len(block["pools"][side][kind]), len(open_units(data, side, kind))))


def assign(game: HgwState, side: str, kind: str, unit: str) -> None:
    """Leaders 6: a marker drawn at random from the pool goes face down on `unit`; the
    log names the unit, never the marker."""
    data = game.data
    block = _block(data)
    assert block is not None and unit in open_units(data, side, kind)
    pool = block["pools"][side][kind]
    lid = pool.pop(game.rng.index(len(pool)))
    block[UNITS[kind]][unit] = {"leader": lid, "up": False}
    name = unit_records(data, UNITS[kind])[unit]["name"]
    game.log(f"{side} places a {kind} leader marker face down on {name}")


def may_command(data: Data, lid: str, kind: str, unit: str) -> bool:
    """Leaders 8: a leader commands armies (fleets) of his side and nation: the side's
    own forces, not a nation apart within it (the French, nations.py), and a unit of a
    named nation only if it is his (Naval Action's fleets each have one: no British,
    French, German or Italian fleet has a naval leader of its nation, so Halsey and
    Mitscher wait for a U.S. fleet); not in Europe a Pacific leader."""
    spec = load_leaders().leaders[lid]
    x = unit_records(data, UNITS[kind])[unit]
    return spec.theatre == "europe" and spec.side == x["side"] and x.get("nation", "") in ("", spec.nation)


def reveal(game: RuleGame, armies: Iterable[str] = (), fleets: Iterable[str] = ()) -> None:
    """Leaders 7-8: the face-down markers of units making an attack turn over."""
    data = game.data
    block = _block(data)
    if block is None:
        return
    for kind, units in ((LAND, armies), (NAVAL, fleets)):
        for unit in units:
            marker = block[UNITS[kind]].get(unit)
            if marker is None or marker["up"]:
                continue
            game.mark_irreversible()  # a hidden reveal: undo may not cross it
            x = unit_records(data, UNITS[kind])[unit]
            lid = marker["leader"]
            if lid == NO_LEADER:
                game.log(f"{x['name']}'s leader marker is revealed: no leader; it goes back to the pool")
                _to_pool(block, x["side"], kind, unit)
                continue
            game.log(f"{x['name']}'s leader marker is revealed: {leader_name(lid)}")
            if may_command(data, lid, kind, unit):
                marker["up"] = True
                continue
            del block[UNITS[kind]][unit]
            others = [u for u in open_units(data, x["side"], kind) if may_command(data, lid, kind, u)]
            if others:
                best = max(others, key=lambda u: (_size(data, kind, u), u))
                block[UNITS[kind]][best] = {"leader": lid, "up": True}
                game.log(
                    f"{leader_name(lid)} cannot command it and goes to "
                    f"{unit_records(data, UNITS[kind])[best]['name']}"
                )
            else:
                block["pools"][x["side"]][kind] = sorted([*block["pools"][x["side"]][kind], lid])
                game.log(f"{leader_name(lid)} has no army to command here and goes back to the pool")


def _to_pool(block: dict[str, Any], side: str, kind: str, unit: str) -> None:
    marker = block[UNITS[kind]].pop(unit)
    block["pools"][side][kind] = sorted([*block["pools"][side][kind], marker["leader"]])


def revealed_armies(data: Data, side: str) -> list[str]:
    """The side's armies that a revealed leader commands (Leaders 9 moves them)."""
    return sorted(a for a in markers(data, side, LAND) if has_leader(data, LAND, a))


def may_command_now(data: Data, source: str, army: str) -> bool:
    """Whether the revealed leader of `source` may command `army` (Leaders 8)."""
    return may_command(data, data["leaders"]["armies"][source]["leader"], LAND, army)


def move(game: HgwState, source: str, army: str) -> None:
    """Leaders 9: the revealed leader of `source` goes to `army` (movement.py offers it)."""
    block = game.data["leaders"]
    block["armies"][army] = block["armies"].pop(source)
    armies = game.data["armies"]
    who = leader_name(block["armies"][army]["leader"])
    game.log(f"{who} goes from {armies[source]['name']} to {armies[army]['name']}")


def _in_port(data: Data, fleet: str) -> bool:
    x = data["fleets"][fleet]
    return bool(x.get("at")) and "patrol" not in x and data.get("fleet_status", {}).get(fleet) != "raid"


def fleet_moves(data: Data, side: str, moved: Iterable[str] = ()) -> list[tuple[str, str]]:
    """Leaders 9 for fleets: (from, to) where a revealed naval leader of `side` may go now:
    to another fleet of his side in the same port, both in port (ours: ship points pass
    between fleets only in one port, N2.4, and a leader is never alone at sea), without a
    marker (one a fleet) and his to command. A leader moves once a phase (`moved`: the
    fleets that received one; ours, as a fleet moves once)."""
    out: list[tuple[str, str]] = []
    for source, m in sorted(markers(data, side, NAVAL).items()):
        if not has_leader(data, NAVAL, source) or source in moved or not _in_port(data, source):
            continue
        here = data["fleets"][source]["at"]
        out += [
            (source, f)
            for f in open_units(data, side, NAVAL)
            if data["fleets"][f]["at"] == here
            and _in_port(data, f)
            and may_command(data, m["leader"], NAVAL, f)
        ]
    return out


def move_fleet_leader(game: HgwState, source: str, fleet: str) -> None:
    """Leaders 9: the revealed leader of fleet `source` goes to `fleet` (checked by the caller)."""
    block = game.data["leaders"]
    block["fleets"][fleet] = block["fleets"].pop(source)
    fleets = game.data["fleets"]
    who = leader_name(block["fleets"][fleet]["leader"])
    game.log(f"{who} goes from {fleets[source]['name']} to {fleets[fleet]['name']}")


def has_leader(data: Data, kind: str, unit: str) -> bool:
    """A revealed leader commands `unit` (a face-down marker counts for nothing yet)."""
    block = data.get("leaders")
    if not block:
        return False
    marker = block[UNITS[kind]].get(unit)
    return bool(marker and marker["up"] and marker["leader"] != NO_LEADER)


def attack_modifier(data: Data, armies: Iterable[str] = (), fleets: Iterable[str] = ()) -> int:
    """Leaders 1: -1 to an attack roll of armies or fleets one of which has a revealed
    leader. Reads only what every seat sees (works on `from_view`'s data too)."""
    led = any(has_leader(data, LAND, a) for a in armies) or any(has_leader(data, NAVAL, f) for f in fleets)
    return -1 if led else 0


def after_losses(game: RuleGame, armies: Iterable[str] = (), fleets: Iterable[str] = ()) -> None:
    """Leaders 9-10: an army (fleet) that took casualties rolls a die for its marker: a six
    sends it back into the pool (a face-down one unseen); a unit that left the map loses
    its marker to the pool (a leader alone is eliminated)."""
    data = game.data
    block = _block(data)
    if block is None:
        return
    for kind, units in ((LAND, armies), (NAVAL, fleets)):
        for unit in sorted(set(units)):
            marker = block[UNITS[kind]].get(unit)
            if marker is None:
                continue
            x = unit_records(data, UNITS[kind])[unit]
            what = leader_name(marker["leader"]) if marker["up"] else "its leader marker"
            if not x.get("at") or (kind == NAVAL and int(data["fleets"][unit].get("sp", 0)) <= 0):
                game.log(f"{x['name']} leaves the map: {what} goes back to the pool")
                _to_pool(block, x["side"], kind, unit)
                continue
            (roll,) = game.roll(1, x["side"], f"loss of {x['name']}'s leader")
            if roll == 6:
                game.log(f"{x['name']} loses {what}: back to the pool")
                _to_pool(block, x["side"], kind, unit)


def after_fleet_losses(game: RuleGame, fleet: str, before: Mapping[str, int]) -> None:
    """Leaders 10 for a fleet whose ships were `before` a battle: with capital ship or
    carrier points, only the loss of one of them brings the die; otherwise any loss does.
    A fleet sunk loses its marker to the pool."""
    block = _block(game.data)
    if block is None or fleet not in block["fleets"]:
        return
    after = ships(game.data["fleets"][fleet])
    big = ("capital", "carrier")
    if any(before.get(k, 0) for k in big):
        hit = any(after.get(k, 0) < before.get(k, 0) for k in big)
    else:
        hit = sum(after.values()) < sum(before.values())
    if hit or not game.data["fleets"][fleet].get("at"):
        after_losses(game, fleets=(fleet,))


def tidy(game: HgwState) -> None:
    """Leaders 9: markers of armies (fleets) no longer on the map go back to the pool."""
    data = game.data
    block = _block(data)
    if block is None:
        return
    for kind in (LAND, NAVAL):
        gone = [u for u in block[UNITS[kind]] if not unit_records(data, UNITS[kind])[u].get("at")]
        after_losses(game, **{UNITS[kind]: gone})


def view(data: Data) -> dict[str, Any] | None:
    """The leaders as every seat sees them (the owner too: Leaders 6, face down)."""
    block = _block(data)
    if block is None:
        return None
    out: dict[str, Any] = {}
    for kind in (LAND, NAVAL):
        out[UNITS[kind]] = {
            u: leader_name(m["leader"]) if m["up"] else FACE_DOWN
            for u, m in sorted(block[UNITS[kind]].items())
        }
    out["pools"] = {s: {k: len(p) for k, p in sorted(x.items())} for s, x in sorted(block["pools"].items())}
    return out


def from_view(seen: Mapping[str, Any]) -> dict[str, Any]:
    """The leaders block rebuilt from a view (seen.py): revealed leaders by name, every
    face-down marker as an unknown one."""
    by_name = {spec.name: lid for lid, spec in load_leaders().leaders.items()}
    block: dict[str, Any] = {"pools": {}, "us_joined": False}
    for kind in (LAND, NAVAL):
        block[UNITS[kind]] = {
            u: {"leader": by_name.get(n, "unknown"), "up": n != FACE_DOWN}
            for u, n in seen[UNITS[kind]].items()
        }
    return block


def redraw(data: Data, rng: Rng) -> None:
    """For a determinized copy (state.sample_consistent): every face-down marker's
    identity dealt again from what its side cannot tell apart (the pool and the
    face-down markers of the same type)."""
    block = _block(data)
    if block is None:
        return
    for side, pools in block["pools"].items():
        for kind, pool in pools.items():
            down = sorted(u for u, m in markers(data, side, kind).items() if not m["up"])
            unknown = sorted([*pool, *(block[UNITS[kind]][u]["leader"] for u in down)])
            rng.shuffle(unknown)
            for u in down:
                block[UNITS[kind]][u]["leader"] = unknown.pop()
            pools[kind] = sorted(unknown)
