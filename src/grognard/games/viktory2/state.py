"""The Viktory II game state: its data and the questions rules ask of it.

Everything a game is lives in `self.data`, plain JSON; its DATA LAYOUT, key by key with
the rules each serves, is layout.py (`Viktory2Data`, the type of `data` here). This
module only reads and writes it through small, named helpers, so that the phase
modules (setup, production, movement, naval, bombard, battle, reserves, victory,
alliance) read like the rulebook.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, cast

from grognard.core.flow import Step
from grognard.core.flowstate import FlowState
from grognard.core.game import Result, Role

from .layout import OptionName, Town, Unit, Viktory2Data, Viktory2Options
from .steps import STEPS
from .tables import LAND_UNITS, WATER, Geometry, geometry, tables

if TYPE_CHECKING:
    from .situation import LandMemo, Relations


class Viktory2State(FlowState):
    """One game of Viktory II; its steps of play are steps.STEPS."""

    STEPS: ClassVar[dict[str, Step]] = STEPS
    # `data` is plain JSON (core/game.py) laid out as layout.Viktory2Data: the rule code
    # reads it through that layout, so mypy checks its keys. The base class types it as
    # `dict[str, Any]`, which a TypedDict is not a subtype of; the annotation narrows it
    # for this ruleset (the same object: nothing is converted).
    data: Viktory2Data  # type: ignore[assignment]
    #: situation.LandMemo and situation.Relations: answers the movement rules may reuse
    #: from one question to the next. Not game data (never saved or cloned): each is
    #: checked against all it depends on before use, so it cannot go stale.
    movement_memo: LandMemo | None = None
    relations_memo: Relations | None = None

    # ----- settings ----------------------------------------------------------------
    @property
    def options(self) -> Viktory2Options:
        # meta is the core's plain dict; the ruleset's options fill every key of it
        return cast(Viktory2Options, self.meta["options"])

    def option(self, name: OptionName) -> Any:
        return self.meta["options"][name]

    @property
    def geo(self) -> Geometry:
        return geometry(self.data["board"]["radius"])

    # ----- terrain -----------------------------------------------------------------
    def terrain(self, hex_: str) -> str | None:
        """The revealed terrain of a hex, or None while it is face down."""
        return self.data["tiles"][hex_]

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
        return self.data["turn"]["player"]

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
    def town_at(self, hex_: str) -> Town | None:
        return self.data["towns"].get(hex_)

    def towns_of(self, role: Role) -> list[str]:
        found = [h for h, t in self.data["towns"].items() if t["owner"] == role]
        found.sort()
        return found

    def capital_of(self, role: Role) -> str | None:
        return self.data["capitals"].get(role)

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
        # a town stands on revealed land, whose row names the city's unit (8.2)
        extra = tables()["terrain"][cast(str, self.data["tiles"][hex_])]["city_unit"]
        return ["infantry", cast(str, extra)]

    def empire_score(self, role: Role) -> int:
        """5.3: 1 VP per town, 2 per city."""
        return sum(2 if t["city"] else 1 for t in self.data["towns"].values() if t["owner"] == role)

    # ----- units -------------------------------------------------------------------
    @property
    def units(self) -> dict[str, Unit]:
        return self.data["units"]

    def unit(self, uid: str) -> Unit:
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

    def iter_placed(self) -> Iterator[tuple[str, Unit]]:
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
        # .get: a state made from the core's fresh data has no winner until setup fills it
        return self.data.get("winner")

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
