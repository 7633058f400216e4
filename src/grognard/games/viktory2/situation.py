"""What the movement rules ask of the board (9.0-9.2, 9.12, 9.13, 9.3), and one step.

`Situation` gathers, once per question, what the movement rules ask of the board —
who stands where, which hexes hold hostile units or towns, where slow terrain does
not stop a unit, the road network — so that legal lists stay cheap to build. The
answers that do not depend on where the mover's own units stand (steps, roads) are
kept on the state from one question to the next (`LandMemo`), checked before reuse.

Land movement (movement.py) and frigates (naval.py) both build on it, as do
`step_unit` (one hex of a move) and the turn-record changes that go with it. It
imports no phase: the alliance questions come from vassals.py, who may fight whom
from engagement.py.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from grognard.core.game import Action, Role

from . import turns, vassals
from .engagement import meetings
from .exploration import explore
from .layout import Town, TurnRecord, placed
from .tables import WATER, geometry, tables
from .wording import unit_words

if TYPE_CHECKING:
    from .state import Viktory2State

#: (destination hex, the unit must stop there) — one step a unit may take.
Hop = tuple[str, bool]


@cache
def _allowances() -> dict[str, int]:
    return {kind: int(row["move"]) for kind, row in tables()["units"].items()}


@cache
def _slow_terrains() -> frozenset[str]:
    return frozenset(t for t, row in tables()["terrain"].items() if row["slow"])


@cache
def _two_or_three_away(radius: int, hex_: str) -> frozenset[str]:
    """Board hexes 2 or 3 hexes from hex_ (9.13: how far a road reaches)."""
    geo = geometry(radius)
    return frozenset(geo.at_distance(hex_, 2) + geo.at_distance(hex_, 3))


def allowance(kind: str) -> int:
    """9.11, 9.31: a unit type's movement points per turn (data/units.json)."""
    return _allowances()[kind]


def mp_left(st: Viktory2State, uid: str) -> int:
    """Movement points the unit has left this turn."""
    left: int | None = st.data["turn"]["mp"].get(uid)
    return allowance(st.units[uid]["type"]) if left is None else left


class LandMemo:
    """Answers of Situation.land_steps, land_dests, roads_from (`roads`), frigate_steps,
    dests and land_moves (per unit and hex), kept on the state (outside its data) with
    all they depend on: `inputs` and the tiles. Where the mover's own units stand is not
    among them, so one move seldom spoils them; the next question reuses them only when
    all compare equal (Situation._land_memo)."""

    __slots__ = (
        "dests", "frigate_steps", "inputs", "land_dests", "land_moves", "land_steps", "roads", "tiles",
    )

    def __init__(self, inputs: tuple[Any, ...], tiles: dict[str, str | None]) -> None:
        self.inputs = inputs
        self.tiles = tiles
        self.land_steps: dict[str, list[Hop]] = {}
        self.land_dests: dict[str, list[str]] = {}
        self.roads: dict[str, list[str]] = {}
        self.frigate_steps: dict[tuple[str, bool], list[Hop]] = {}
        self.dests: dict[tuple[bool, str, int], list[str]] = {}
        self.land_moves: dict[tuple[str, str], list[Action]] = {}


class Situation:
    """What the movement rules ask of the board for `role`, computed once per question.

    One pass over the units also gathers what bombardments and battle starts need
    (`mine`, `theirs`, `targets`, `guns`), so that the whole "what next?" list reads
    the units once.
    """

    def __init__(self, st: Viktory2State, role: Role) -> None:
        d = st.data
        turn: TurnRecord = d["turn"]
        options = st.options
        self.st = st
        self.role = role
        self.turn = turn
        self.tiles: dict[str, str | None] = d["tiles"]
        self.towns: dict[str, Town] = d["towns"]
        self.neighbors: dict[str, list[str]] = geometry(d["board"]["radius"]).neighbors
        self.subjugation = bool(options["subjugation"])
        # 15.1 terrain leveling: no terrain slows movement
        self.slow: frozenset[str] = frozenset() if options["terrain_leveling"] else _slow_terrains()
        self.battles: set[str] = set(turn["battles"])
        self.new_towns: set[str] = set(turn["new_towns"])
        # units whose own movement is over (9.0, 9.43, 10.7)
        self.done: set[str] = {*turn["done"], *turn["attacked"], *turn["transported"]}
        # units that moved, attacked or were carried this turn (9.42, 9.43)
        self.moved: set[str] = self.done.union(turn["mp"])

        relations = _relations(st, role)
        # hostile: players whose units role fights; aiding: 15.64 alliance towns and
        # units count as the mover's; opponent: who role may attack (is_opponent)
        hostile, aiding = relations.hostile, relations.aiding
        opponent = dict(relations.opponent)
        self.hostile_owners = hostile

        own_land_at: dict[str, list[str]] = {}  # hex -> role's land units there
        cargo: dict[str, list[str]] = {}  # frigate -> land units aboard
        land_units: list[str] = []
        frigates: list[str] = []
        guns: list[str] = []  # role's placed units that bombard and have not attacked (11.0)
        bombards, attacked = bombarding_types(), turn["attacked"]
        own_sea: set[str] = set()  # hexes with role's frigates
        hostile_land: set[str] = set()  # hexes with hostile land units
        hostile_sea: set[str] = set()  # hexes with hostile frigates
        # The players role may attack (is_opponent) are usually those it is hostile to
        # (always so without 15.6); else the hexes of their units are gathered apart.
        opponents_hostile = relations.opponents_hostile
        theirs: tuple[set[str], set[str]] = (set(), set())  # battle.Scan.theirs
        # 9.12 exceptions: towns of the mover (or aiding allies), and hexes where a land
        # unit of the mover began the turn (aiding allies' land units cannot move in
        # the mover's turn, so where they stand now is where they began it)
        slow_ok: set[str] = set(turn["start_hexes"])
        units = d["units"]
        for uid, u in units.items():
            where = u["hex"]
            if where is None:
                carrier = u["aboard"]
                if carrier is not None:
                    cargo.setdefault(carrier, []).append(uid)
                continue
            owner, kind = u["owner"], u["type"]
            if owner == role:
                if kind == "frigate":
                    frigates.append(uid)
                    own_sea.add(where)
                else:
                    land_units.append(uid)
                    own_land_at.setdefault(where, []).append(uid)
                if kind in bombards and uid not in attacked:
                    guns.append(uid)
                continue
            sea = kind == "frigate"
            if owner in hostile:
                (hostile_sea if sea else hostile_land).add(where)
            elif owner in aiding and not sea:
                slow_ok.add(where)
            if not opponents_hostile and opponent.get(owner):
                theirs[sea].add(where)
        if opponents_hostile:
            theirs = (hostile_land, hostile_sea)
        self.own_land_at = own_land_at
        self.cargo = cargo
        self.land_units = land_units
        self.frigates = frigates
        self.guns = guns
        # what battle.scan would say, from this same pass (battle starts, bombardments)
        self.opponent = opponent
        self.mine = (set(own_land_at), own_sea)
        self.theirs = theirs
        self.targets = theirs[0] | theirs[1]  # the hexes of battle.Scan.owners
        # hexes with units of players the mover would fight (their units block roads)
        self.hostile_at: set[str] = hostile_land | hostile_sea
        # hexes holding units or a town of a player the mover would fight (12.0)
        hostile_hexes: set[str] = set(self.hostile_at)
        # 9.13 road towns and 9.32 ports: not towns built this turn
        road_towns: set[str] = set()
        ports: set[str] = set()
        new_towns = self.new_towns
        for where, town in self.towns.items():
            town_owner = town["owner"]
            if town_owner in hostile:
                hostile_hexes.add(where)
            elif town_owner in aiding:
                slow_ok.add(where)
                if where not in new_towns:
                    road_towns.add(where)
                    if town_owner == role:
                        ports.add(where)
        self.hostile_hexes = hostile_hexes
        self.road_towns = road_towns
        self.ports = ports
        self.slow_ok = slow_ok
        memo = self._land_memo(st)
        self._roads: dict[str, list[str]] = memo.roads
        self._land_steps: dict[str, list[Hop]] = memo.land_steps
        self._land_dests: dict[str, list[str]] = memo.land_dests
        self._frigate_steps: dict[tuple[str, bool], list[Hop]] = memo.frigate_steps
        self._dests: dict[tuple[bool, str, int], list[str]] = memo.dests
        self._land_moves: dict[tuple[str, str], list[Action]] = memo.land_moves
        self._may_stop: dict[str, bool] = {}
        self._engaged: set[str] | None = None

    def _land_memo(self, st: Viktory2State) -> LandMemo:
        """The LandMemo of the previous question when it still holds (its answers
        depend on `inputs` and the tiles only); else a fresh one, kept for the next."""
        if self.subjugation:
            return LandMemo((), {})  # 15.64 stops and attacks depend on the alliances too
        inputs = (
            self.role, st.data["board"]["radius"], self.slow, self.battles, self.turn["no_attack"],
            self.hostile_hexes, self.hostile_at, self.slow_ok, self.road_towns, self.ports,
        )
        memo = st.movement_memo
        if isinstance(memo, LandMemo) and memo.inputs == inputs and memo.tiles == self.tiles:
            return memo
        memo = st.movement_memo = LandMemo(inputs, dict(self.tiles))
        return memo

    @property
    def engaged(self) -> set[str]:
        """battle.meeting_hexes for role: where its units must fight (12.0, 10.5)."""
        if self._engaged is None:
            self._engaged = meetings(self.st, self.role, self.mine, self.theirs, self.opponent)
        return self._engaged

    # ----- hexes -------------------------------------------------------------------
    def is_land(self, hex_: str) -> bool:
        t = self.tiles[hex_]
        return t is not None and t != WATER

    def town_is_hostile(self, hex_: str) -> bool:
        town = self.towns.get(hex_)
        return town is not None and town["owner"] in self.hostile_owners

    def is_hostile(self, hex_: str) -> bool:
        """The hex holds units or a town of a player the mover would fight (12.0)."""
        return hex_ in self.hostile_hexes

    def defenders(self, hex_: str) -> set[Role]:
        owners = {
            u["owner"] for u in self.st.units.values()
            if u["hex"] == hex_ and u["owner"] in self.hostile_owners
        }
        if self.town_is_hostile(hex_):
            owners.add(self.towns[hex_]["owner"])
        return owners

    def may_attack_into(self, hex_: str) -> bool:
        """May the mover enter this hostile hex to fight there?"""
        # 12.2 one battle per hex per turn; a hex won this turn is no longer hostile
        if hex_ in self.battles:
            return False
        # 15.63 a reorganising vassal attacks nobody
        if self.turn["no_attack"]:
            return False
        if self.subjugation:
            return all(vassals.may_attack(self.st, self.role, d) for d in sorted(self.defenders(hex_)))
        return True

    def may_stop(self, hex_: str) -> bool:
        """15.64: a vassal may pass through alliance hexes but not stop in them."""
        if not self.subjugation:
            return True
        known = self._may_stop.get(hex_)
        if known is None:
            known = bool(vassals.may_stop_in(self.st, self.role, hex_))
            self._may_stop[hex_] = known
        return known

    def slow_stops(self, hex_: str) -> bool:
        """9.12: entering forest or mountain stops a unit, with two exceptions."""
        return self.tiles[hex_] in self.slow and hex_ not in self.slow_ok

    # ----- land steps (9.1, 9.12, 9.13) ----------------------------------------------
    def roads_from(self, town: str) -> list[str]:
        """9.13: the mover's road towns 2-3 land hexes away by a path free of enemy units."""
        known = self._roads.get(town)
        if known is not None:
            return known
        found: list[str] = []
        road_towns = self.road_towns
        if town in road_towns and len(road_towns) > 1:
            far = _two_or_three_away(self.st.data["board"]["radius"], town)
            ends = [t for t in self.towns if t in far and t in road_towns]  # towns order: fixed
            if ends:
                found = self._joined(town, ends)
        self._roads[town] = found
        return found

    def _joined(self, town: str, ends: list[str]) -> list[str]:
        """The hexes of `ends` (2 or 3 hexes from town) that a path of at most 3 steps
        over land free of enemy units joins to town."""
        tiles, neighbors, blocked = self.tiles, self.neighbors, self.hostile_at

        def passable(h: str) -> bool:
            t = tiles[h]
            return t is not None and t != WATER and h not in blocked

        first = [x for x in neighbors[town] if passable(x)]
        second = {y for x in first for y in neighbors[x] if y != town and passable(y)}
        # an end is joined when 2 steps reach it, or 2 steps reach one of its neighbours
        return [
            end for end in ends
            if passable(end) and (end in second or any(n in second for n in neighbors[end]))
        ]

    def land_steps(self, hex_: str) -> list[Hop]:
        """Hexes a land unit may enter from hex_ for 1 MP, and whether it stops there."""
        known = self._land_steps.get(hex_)
        if known is not None:
            return known
        steps: list[Hop] = []
        tiles, hostile, slow, slow_ok = self.tiles, self.hostile_hexes, self.slow, self.slow_ok
        for n in self.neighbors[hex_]:
            t = tiles[n]
            if t is None or t == WATER:
                continue  # 9.1 land units stay on revealed land
            if n in hostile:
                if self.may_attack_into(n):
                    steps.append((n, True))  # 9.0 entering an enemy hex ends movement
            else:
                # 9.12 slow terrain stops a unit, with two exceptions (slow_ok)
                steps.append((n, t in slow and n not in slow_ok))
        # 9.13 road movement: a road town is never hostile, and never slows (9.12 A)
        if hex_ in self.road_towns:
            steps.extend((t, False) for t in self.roads_from(hex_))
        self._land_steps[hex_] = steps
        return steps

    def land_dests(self, hex_: str) -> list[str]:
        """The hexes of land_steps(hex_), stops or not."""
        known = self._land_dests.get(hex_)
        if known is None:
            known = self._land_dests[hex_] = [dest for dest, _ in self.land_steps(hex_)]
        return known

    # ----- frigate steps (9.3, 9.31, 9.32) --------------------------------------------
    def frigate_steps(self, hex_: str, mp: int) -> list[Hop]:
        """Hexes a frigate may enter from hex_ for 1 MP, and whether it stops there
        (with 2 MP or more, a port it transits: the answer depends on mp only so)."""
        key = (hex_, mp >= 2)
        known = self._frigate_steps.get(key)
        if known is None:
            known = self._frigate_steps[key] = self._new_frigate_steps(hex_, mp)
        return known

    def _new_frigate_steps(self, hex_: str, mp: int) -> list[Hop]:
        steps: list[Hop] = []
        at_sea = self.tiles[hex_] == WATER
        for n in self.neighbors[hex_]:
            t = self.tiles[n]
            if t == WATER:
                if self.is_hostile(n):
                    if self.may_attack_into(n):
                        steps.append((n, True))
                else:
                    steps.append((n, False))
            elif t is not None and at_sea and mp >= 2 and n in self.ports and n not in self.hostile_at:
                # 9.32 port transit: 1 MP in and 1 MP out, never to stop there
                steps.append((n, False))
        return steps

    # ----- whole moves ---------------------------------------------------------------
    def can_stop(self, is_frigate: bool, hex_: str) -> bool:
        if is_frigate and self.tiles[hex_] != WATER:
            return False  # 9.32 a frigate may not end its movement in a port
        return self.may_stop(hex_)

    def steps(self, is_frigate: bool, hex_: str, mp: int) -> list[Hop]:
        return self.frigate_steps(hex_, mp) if is_frigate else self.land_steps(hex_)

    def can_finish(self, is_frigate: bool, hex_: str, mp: int) -> bool:
        """Can a unit standing in hex_ with mp left end its movement somewhere legal?"""
        if self.can_stop(is_frigate, hex_):
            return True
        if mp <= 0:
            return False
        for dest, stops in self.steps(is_frigate, hex_, mp):
            if self.can_stop(is_frigate, dest) if stops else self.can_finish(is_frigate, dest, mp - 1):
                return True
        return False

    def unit_moves(self, uid: str) -> list[Action]:
        """Every ("move", uid, hex) open to one of the mover's units now."""
        if uid in self.done:
            return []
        u = self.st.units[uid]
        where = u["hex"]
        mp = self.turn["mp"].get(uid)
        if mp is None:
            mp = _allowances()[u["type"]]
        if where is None or mp <= 0:
            return []
        is_frigate = u["type"] == "frigate"
        if not (is_frigate or self.subjugation):
            # land units stop legally wherever they may enter (fast path)
            return [("move", uid, dest) for dest in self.land_dests(where)]
        return [("move", uid, dest) for dest in self.dests(is_frigate, where, mp)]

    def dests(self, is_frigate: bool, hex_: str, mp: int) -> list[str]:
        """Where a unit in hex_ with mp left may step, and still end its move legally."""
        key = (is_frigate, hex_, mp)
        known = self._dests.get(key)
        if known is None:
            known = self._dests[key] = [
                dest for dest, stops in self.steps(is_frigate, hex_, mp)
                if (self.can_stop(is_frigate, dest) if stops else self.can_finish(is_frigate, dest, mp - 1))
            ]
        return known

    def land_moves(self) -> list[Action]:
        """unit_moves of every land unit of the mover, in one go."""
        if self.subjugation:
            return [move for uid in self.land_units for move in self.unit_moves(uid)]
        # unit_moves' fast path for many units: this runs for every question of the phase
        moves: list[Action] = []
        done, mp_left, units, allowances = self.done, self.turn["mp"], self.st.units, _allowances()
        known = self._land_moves  # (uid, hex) -> its moves, while the memo holds
        for uid in self.land_units:
            if uid in done:
                continue
            u = units[uid]
            mp = mp_left.get(uid)
            if (allowances[u["type"]] if mp is None else mp) > 0:
                key = (uid, placed(u))  # a land unit of role on the map
                found = known.get(key)
                if found is None:
                    found = known[key] = [("move", uid, dest) for dest in self.land_dests(key[1])]
                moves += found
        return moves

    def in_transit(self, uid: str) -> bool:
        """The unit stands where it may not end its movement: it must move on."""
        u = self.st.units.get(uid)
        if u is None or u["hex"] is None or u["owner"] != self.role:
            return False
        return not self.can_stop(u["type"] == "frigate", u["hex"])


class Relations(NamedTuple):
    """How role stands towards every other player, for one question (see _relations)."""

    key: tuple[Any, ...]
    hostile: frozenset[Role]
    aiding: frozenset[Role]
    opponent: dict[Role, bool]
    opponents_hostile: bool


def _relations(st: Viktory2State, role: Role) -> Relations:
    """role's hostile, aiding and attackable players. They depend only on the key below
    (the alliances, 15.6, and whose turn it is, 15.63): reused while it holds."""
    d = st.data
    turn = d["turn"]
    key = (role, turn["player"], turn.get("no_attack"), d["ruler"])
    known = st.relations_memo
    if isinstance(known, Relations) and known.key == key:
        return known
    subjugation = bool(st.option("subjugation"))
    hostile: set[Role] = set()
    aiding: set[Role] = {role}
    opponent: dict[Role, bool] = {}
    for other in d["roles"]:
        if other == role:
            continue
        opponent[other] = vassals.is_opponent(st, role, other)
        if st.hostile(role, other):
            hostile.add(other)
        elif subjugation and _alliance_aids(st, role, other):
            aiding.add(other)
    same = all(may == (other in hostile) for other, may in opponent.items())
    key = (role, turn["player"], turn.get("no_attack"), dict(d["ruler"]))  # a copy: data changes
    relations = Relations(key, frozenset(hostile), frozenset(aiding), opponent, same)
    st.relations_memo = relations
    return relations


def _alliance_aids(st: Viktory2State, role: Role, other: Role) -> bool:
    return bool(vassals.aids_movement(st, role, other))


# ----- changes --------------------------------------------------------------------------
def switch_to(st: Viktory2State, uid: str | None) -> None:
    """9.0: acting with another unit (or starting a battle) ends the moving unit's movement."""
    moving = st.data["turn"]["moving"]
    if moving is not None and moving != uid:
        turns.end_movement(st, moving)


def record_entry(st: Viktory2State, battle_hex: str, from_hex: str) -> None:
    """12.3 step 3: the hexes attackers entered a battle hex from (retreat paths)."""
    entries: dict[str, list[str]] = st.data["turn"]["entries"]
    froms = entries.setdefault(battle_hex, [])
    if from_hex not in froms:
        froms.append(from_hex)
        froms.sort()


def _aids(st: Viktory2State, role: Role, other: Role) -> bool:
    """15.64: do other's towns and units count as role's own for 9.12 and 9.13?"""
    return other == role or (bool(st.option("subjugation")) and _alliance_aids(st, role, other))


def _arrival(st: Viktory2State, role: Role, uid: str, dest: str) -> tuple[bool, bool]:
    """(other players' units or town are in dest, the unit must stop on entering it).

    The single-hex form of what Situation knows for every hex, for applying a move.
    """
    town = st.town_at(dest)
    mover = st.units[uid]
    others = [u for u in st.units.values() if u["hex"] == dest and u is not mover]
    owners = {u["owner"] for u in others}
    if town is not None:
        owners.add(town["owner"])
    foreign = any(o != role for o in owners)
    # 9.0 entering an enemy hex ends movement (the player then starts the battle)
    if any(st.hostile(role, o) for o in owners):
        return foreign, True
    # 9.12 slow terrain stops a land unit, unless a town of the mover (or an ally,
    # 15.64) is there, or a land unit of the mover began the turn there
    terrain = st.terrain(dest)
    if mover["type"] == "frigate" or st.option("terrain_leveling") or terrain not in _slow_terrains():
        return foreign, False
    if dest in st.data["turn"]["start_hexes"] or (town is not None and _aids(st, role, town["owner"])):
        return foreign, False
    allies = [u for u in others if u["owner"] != role and u["type"] != "frigate"]
    return foreign, not any(_aids(st, role, u["owner"]) for u in allies)


def step_unit(st: Viktory2State, role: Role, uid: str, dest: str) -> None:
    """Apply one ("move", uid, dest) of a land unit or a frigate (already known legal)."""
    turn = st.data["turn"]
    switch_to(st, uid)
    u = st.units[uid]
    src = placed(u)  # the mover stands on the map (cargo moves with its frigate)
    foreign, stops = _arrival(st, role, uid, dest)
    mp = mp_left(st, uid) - 1
    turn["mp"][uid] = mp
    turn["moving"] = uid
    u["hex"] = dest
    by_road = dest not in st.neighbors(src)
    st.log(f"{role} moves {unit_words(st, uid, role)} {src} → {dest}{' by road' if by_road else ''}")
    if foreign:
        # where a battle may follow (an enemy hex, or 15.64 a vassal's hex where a
        # ruler stops), remember where attackers came from (12.3 step 3)
        record_entry(st, dest, src)
    if stops or mp <= 0:
        turns.end_movement(st, uid)
    explore(st, role, dest)


@cache
def bombarding_types() -> frozenset[str]:
    """The unit types that fire bombardments (data/units.json)."""
    return frozenset(kind for kind, row in tables()["units"].items() if row["bombards"])
