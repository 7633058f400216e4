"""The Viktory II game state: its data layout and the questions rules ask of it.

Everything a game is lives in `self.data`, plain JSON (see DATA LAYOUT below); this
module only reads and writes it through small, named helpers, so that the phase
modules (setup, production, movement, naval, bombard, battle, reserves, victory,
alliance) read like the rulebook.

DATA LAYOUT
    roles, rng, log, flow           core bookkeeping (grognard.core.game)
    board       {"players": n, "radius": R}   interior hexes lie within R of "0,0";
                the perimeter water ring (3.2) is at distance R + 1
    tiles       {hex: terrain | None}   None = face down; terrains: plains,
                grassland, forest, mountain, water (GAPS.md)
    stock       {terrain: count}   face-down tiles not yet revealed (public counts)
    starts      {role: [hex, hex, hex]}   starting hexes (3.3)
    order       [role, ...]   turn order; the first player is drawn at random (4.0)
    towns       {hex: {"owner": role, "city": bool, "built": turn}}   towns/cities
    capitals    {role: hex}   each player's capital marker (4.0, 14.0)
    units       {uid: {"owner": role, "type": t, "hex": hex | None, "aboard": uid | None}}
                on the map: hex set; cargo: aboard = frigate id; in Reserve: both None
    next_uid    int
    turn        per-player-turn record, reset by `start_turn` (see new_turn_record)
    turns       int, player turns played so far
    ruler       {vassal: ruler}   15.6 subjugation
    doomsday    {"started": bool, "marked": [role, ...]}   5.5
    eliminated  [role, ...]
    reorganizing [role, ...]   15.63: players whose next turn allows no attack
    capitals_captured [role, ...]   players whose capital has been taken (5.3)
    rounds, round_counted   full rounds played, for the turn_limit option (victory.py)
    cities_seen {hex: owner}   5.5: cities at the last victory check (victory.py)
    winner      None | {role: score}   set when the game ends
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from grognard.core.flow import Step
from grognard.core.flowstate import FlowState
from grognard.core.game import Result, Role

from .steps import STEPS
from .tables import LAND_UNITS, WATER, Geometry, geometry, tables


class Viktory2State(FlowState):
    """One game of Viktory II; its steps of play are steps.STEPS."""

    STEPS: ClassVar[dict[str, Step]] = STEPS
    #: situation.LandMemo and situation.Relations: answers the movement rules may reuse
    #: from one question to the next. Not game data (never saved or cloned): each is
    #: checked against all it depends on before use, so it cannot go stale.
    movement_memo: Any = None
    relations_memo: Any = None

    # ----- settings ----------------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = self.meta["options"]
        return opts

    def option(self, name: str) -> Any:
        return self.meta["options"][name]

    @property
    def geo(self) -> Geometry:
        return geometry(self.data["board"]["radius"])

    # ----- terrain -----------------------------------------------------------------
    def terrain(self, hex_: str) -> str | None:
        """The revealed terrain of a hex, or None while it is face down."""
        terrain: str | None = self.data["tiles"][hex_]
        return terrain

    def is_revealed(self, hex_: str) -> bool:
        return self.data["tiles"][hex_] is not None

    def is_land(self, hex_: str) -> bool:
        """A revealed land hex (face-down hexes are neither land nor water yet)."""
        t = self.data["tiles"][hex_]
        return t is not None and t != WATER

    def is_water(self, hex_: str) -> bool:
        return bool(self.data["tiles"][hex_] == WATER)

    def neighbors(self, hex_: str) -> list[str]:
        return self.geo.neighbors[hex_]

    def distance(self, a: str, b: str) -> int:
        return self.geo.distance(a, b)

    # ----- players -----------------------------------------------------------------
    @property
    def player(self) -> Role:
        """Whose Player Turn it is."""
        role: Role = self.data["turn"]["player"]
        return role

    def alive(self) -> list[Role]:
        return [r for r in self.data["order"] if r not in self.data["eliminated"]]

    def ruler_of(self, role: Role) -> Role:
        """The head of role's alliance (15.61); a free player rules itself."""
        rulers = self.data["ruler"]
        if role not in rulers:
            return role  # the usual case, asked very often: no set to build
        seen = set()
        while role in rulers and role not in seen:
            seen.add(role)
            role = rulers[role]
        return role

    def allied(self, a: Role, b: Role) -> bool:
        """Two different players in the same alliance (15.61)."""
        # no vassal at all (always so without 15.6): nobody is allied, asked very often
        return a != b and bool(self.data["ruler"]) and self.ruler_of(a) == self.ruler_of(b)

    def hostile(self, a: Role, b: Role) -> bool:
        """Players whose units fight when they meet: different and not allied."""
        return a != b and not self.allied(a, b)

    def friendly(self, a: Role, b: Role) -> bool:
        """The same player or an ally (15.64: allies aid movement)."""
        return a == b or self.allied(a, b)

    # ----- towns and cities --------------------------------------------------------
    def town_at(self, hex_: str) -> dict[str, Any] | None:
        town: dict[str, Any] | None = self.data["towns"].get(hex_)
        return town

    def towns_of(self, role: Role) -> list[str]:
        found = [h for h, t in self.data["towns"].items() if t["owner"] == role]
        found.sort()
        return found

    def capital_of(self, role: Role) -> str | None:
        capital: str | None = self.data["capitals"].get(role)
        return capital

    def holds_capital(self, role: Role) -> bool:
        """14.0: does role control its own capital hex?"""
        cap = self.capital_of(role)
        town = self.town_at(cap) if cap else None
        return town is not None and town["owner"] == role

    def is_city(self, hex_: str) -> bool:
        town = self.town_at(hex_)
        return bool(town and town["city"])

    def supported_units(self, hex_: str) -> list[str]:
        """8.1, 8.2: the unit types a town (one infantry) or city supports."""
        town = self.town_at(hex_)
        if town is None:
            return []
        if not town["city"]:
            return ["infantry"]
        extra = tables()["terrain"][self.data["tiles"][hex_]]["city_unit"]
        return ["infantry", extra]

    def empire_score(self, role: Role) -> int:
        """5.3: 1 VP per town, 2 per city."""
        return sum(2 if t["city"] else 1 for t in self.data["towns"].values() if t["owner"] == role)

    # ----- units -------------------------------------------------------------------
    @property
    def units(self) -> dict[str, dict[str, Any]]:
        units: dict[str, dict[str, Any]] = self.data["units"]
        return units

    def unit(self, uid: str) -> dict[str, Any]:
        return self.units[uid]

    # (list comprehensions, then sort: these helpers run in every battle step)
    def units_of(self, role: Role) -> list[str]:
        found = [u for u, d in self.units.items() if d["owner"] == role]
        found.sort()
        return found

    def units_at(self, hex_: str) -> list[str]:
        """Units standing in a hex (cargo aboard frigates excluded), sorted."""
        found = [u for u, d in self.units.items() if d["hex"] == hex_]
        found.sort()
        return found

    def iter_placed(self) -> Iterator[tuple[str, dict[str, Any]]]:
        for uid, u in self.units.items():
            if u["hex"] is not None:
                yield uid, u

    def cargo_of(self, frigate: str) -> list[str]:
        found = [u for u, d in self.units.items() if d["aboard"] == frigate]
        found.sort()
        return found

    def reserve_of(self, role: Role) -> list[str]:
        found = [
            u for u, d in self.units.items()
            if d["owner"] == role and d["hex"] is None and d["aboard"] is None
        ]
        found.sort()
        return found

    def enemy_units_at(self, hex_: str, role: Role) -> list[str]:
        return [u for u in self.units_at(hex_) if self.hostile(self.units[u]["owner"], role)]

    def is_land_unit(self, uid: str) -> bool:
        return self.units[uid]["type"] in LAND_UNITS

    def add_unit(self, owner: Role, kind: str) -> str:
        """10.3, 7.4: a unit comes from the stock into owner's Reserve."""
        uid = f"{owner}-{kind[0]}{self.data['next_uid']}"
        self.data["next_uid"] += 1
        self.units[uid] = {"owner": owner, "type": kind, "hex": None, "aboard": None}
        return uid

    def remove_unit(self, uid: str) -> None:
        """10.2: a unit goes back to the stock (cargo goes with a lost frigate's owner rules)."""
        del self.units[uid]

    def to_reserve(self, uid: str) -> None:
        """10.2: a unit lost in combat goes to its owner's Reserve (and so does its cargo, 9.45)."""
        for cargo in self.cargo_of(uid):
            self.units[cargo]["aboard"] = None
            self.units[cargo]["hex"] = None
        self.units[uid]["hex"] = None
        self.units[uid]["aboard"] = None

    # ----- map reveal --------------------------------------------------------------
    def reveal(self, hex_: str) -> str:
        """Turn a face-down tile: its terrain is drawn from the stock at this moment.

        Nobody, the state included, knows a face-down tile (DESIGN.md): the draw is
        a chance event weighted by the tiles left in the stock.
        """
        tiles = self.data["tiles"]
        if tiles[hex_] is not None:
            return str(tiles[hex_])
        stock = self.data["stock"]
        bag = [t for t in sorted(stock) for _ in range(stock[t])]
        terrain = bag[self.rng.index(len(bag))] if bag else WATER
        if bag:
            stock[terrain] -= 1
        tiles[hex_] = terrain
        self.mark_irreversible()
        self.log(f"{hex_} is revealed: {terrain}")
        return terrain

    def explore_around(self, hex_: str) -> list[str]:
        """7.3, 9.2: reveal every face-down neighbour; returns the hexes revealed."""
        tiles = self.data["tiles"]
        revealed = [n for n in self.neighbors(hex_) if tiles[n] is None]
        for n in revealed:
            self.reveal(n)
        return revealed

    # ----- end of game -------------------------------------------------------------
    def _result(self) -> Result | None:
        winner: Result | None = self.data.get("winner")
        return winner

    def _view(self, role: Role | None) -> dict[str, Any]:
        """Viktory II has no secrets between players: face-down tiles are unknown to
        everyone (the state holds only the stock counts), so every seat sees all."""
        d = self.data
        return {
            "board": d["board"],
            "tiles": d["tiles"],
            "stock": d["stock"],
            "starts": d["starts"],
            "order": d["order"],
            "towns": d["towns"],
            "capitals": d["capitals"],
            "units": d["units"],
            "turn": d["turn"],
            "turns": d["turns"],
            "rounds": d.get("rounds", 0),
            "ruler": d["ruler"],
            "doomsday": d["doomsday"],
            "eliminated": d["eliminated"],
            "frame": self._debug_frame(),
            "scores": {r: self.empire_score(r) for r in d["roles"]},
        }
