"""The Building Phase (7.0): towns, cities, exploration from building, new units.

Steps:
- "build": the one building decision of a Player Turn (7.2), or a relocation (15.5).
  When the player has nothing to decide (7.1 capital lost, 7.24 nothing to build and
  no relocation) the step is automatic: it logs why and moves on.
- "rebuild": automatic second half of a relocation (15.5), run once the units of the
  removed town or city have been eliminated.
- "rebalance": 15.3, offered after one act revealed two or more water hexes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from grognard.core import flow
from grognard.core.flow import Frame, GameStep
from grognard.core.game import Action, Role

from . import losses
from .exploration import land_in_stock, rebalance_after
from .tables import LAND, WATER
from .verbs import args

if TYPE_CHECKING:
    from .state import Viktory2State

TOWN_REACH = (2, 3)  # 7.21: a new town lies 2 or 3 hexes from one of yours


# ----- where towns may go (7.21, 7.22) -------------------------------------------------
def _reach(st: Viktory2State, origin: str) -> set[str]:
    """Hexes 2 or 3 steps from origin along revealed hexes (7.21 contiguity)."""
    tiles, neighbors = st.data["tiles"], st.geo.neighbors
    seen = {origin}
    frontier = [origin]
    found: set[str] = set()
    for depth in range(1, TOWN_REACH[-1] + 1):
        nxt = []
        for h in frontier:
            for n in neighbors[h]:
                if n not in seen and tiles[n] is not None:
                    seen.add(n)
                    nxt.append(n)
        if depth in TOWN_REACH:
            found.update(nxt)
        frontier = nxt
    return found


def _foreign_unit_hexes(st: Viktory2State, role: Role) -> set[str]:
    return {u["hex"] for u in st.units.values() if u["hex"] is not None and u["owner"] != role}


def _is_clear_site(st: Viktory2State, hex_: str, foreign: set[str], ignore: str = "") -> bool:
    """Revealed land, no town in or next to it (7.21), no other player's unit (7.22)."""
    towns = st.data["towns"]
    if not st.is_land(hex_) or hex_ in towns or hex_ in foreign:
        return False
    return not any(n in towns and n != ignore for n in st.neighbors(hex_))


def _within_reach(st: Viktory2State, role: Role) -> Iterator[str]:
    """Hexes at most 3 steps from one of role's towns along revealed hexes, nearest
    first: one search from all of them at once. They hold every _reach of role's towns
    (7.21) and the hexes nearer than 2 steps too, but those are next to a town: never
    a site. Lazily, a ring at a time, so that a search for one site stops early."""
    tiles, neighbors = st.data["tiles"], st.geo.neighbors
    frontier = [h for h, t in st.data["towns"].items() if t["owner"] == role]
    seen = set(frontier)
    for _ in range(TOWN_REACH[-1]):
        nxt = []
        for h in frontier:
            for n in neighbors[h]:
                if n not in seen and tiles[n] is not None:
                    seen.add(n)
                    nxt.append(n)
        yield from nxt
        frontier = nxt


def _town_sites(st: Viktory2State, role: Role) -> Iterator[str]:
    """The hexes of town_sites, unsorted and lazily (has_build_choice needs only one)."""
    towns = st.data["towns"]
    foreign = _foreign_unit_hexes(st, role)
    # _is_clear_site for every hex at once: revealed land, no town in or next to it
    # (7.21), no other player's unit in it (7.22); often there is none, and no search
    neighbors = st.geo.neighbors
    crowded = set(towns).union(*(neighbors[t] for t in towns))
    clear = {
        h for h, t in st.data["tiles"].items()
        if t is not None and t != WATER and h not in crowded and h not in foreign
    }
    if clear:
        yield from (h for h in _within_reach(st, role) if h in clear)


def town_sites(st: Viktory2State, role: Role) -> list[str]:
    """7.21, 7.22: the hexes where role may build a new town now."""
    return sorted(_town_sites(st, role))


def upgradable_towns(st: Viktory2State, role: Role) -> list[str]:
    """7.23: role's towns that may become cities."""
    return [h for h in st.towns_of(role) if not st.data["towns"][h]["city"]]


def relocations(st: Viktory2State, role: Role) -> list[tuple[str, str]]:
    """15.5: (from, to) pairs: a town or city of role moved to an adjacent legal hex.

    The new hex must be a legal place for a town (7.21, 7.22) with the old one gone;
    a capital keeps its exemption from the 2-3 hex distance. A town bearing another
    player's capital marker stays put (that marker is not ours to move).
    """
    own = st.towns_of(role)
    reach = {t: _reach(st, t) for t in own}
    foreign = _foreign_unit_hexes(st, role)
    capitals = st.data["capitals"]
    pairs = []
    for src in own:
        markers = [r for r, h in capitals.items() if h == src]
        if markers and markers != [role]:
            continue
        near: set[str] = set()
        for other in own:
            if other != src:
                near |= reach[other]
        exempt = markers == [role] or len(own) == 1
        for dst in st.neighbors(src):
            if (exempt or dst in near) and _is_clear_site(st, dst, foreign, ignore=src):
                pairs.append((src, dst))
    return pairs


def has_build_choice(st: Viktory2State, role: Role) -> bool:
    """Whether the Build step has anything but skipping to offer (7.1, 7.24, 15.5)."""
    if not st.holds_capital(role):
        return False
    if upgradable_towns(st, role) or next(_town_sites(st, role), None) is not None:
        return True
    return bool(st.option("relocation") and relocations(st, role))


# ----- placing towns and units --------------------------------------------------------
def place_town(st: Viktory2State, role: Role, hex_: str, city: bool = False) -> None:
    """Put a new town (or a rebuilt city) of role in hex_; not yet a road or port (9.13, 9.32)."""
    st.data["towns"][hex_] = {"owner": role, "city": city, "built": st.data["turns"]}
    turn = st.data["turn"]
    if hex_ not in turn["new_towns"]:
        turn["new_towns"].append(hex_)
        turn["new_towns"].sort()


def gain_units(st: Viktory2State, role: Role, kinds: list[str]) -> list[str]:
    """7.4, 10.3: new units from the stock go to role's Reserve."""
    uids = [st.add_unit(role, kind) for kind in kinds]
    if kinds:
        st.log(f"{role} gains {' and '.join(kinds)} (Reserve)")
    return uids


def _reveal(st: Viktory2State, hexes: list[str]) -> list[str]:
    revealed = [h for h in hexes if st.data["tiles"][h] is None]
    for h in revealed:
        st.reveal(h)
    return revealed


def _to_move(st: Viktory2State, role: Role) -> None:
    st.data["turn"]["phase"] = "move"
    flow.goto(st.flow, "move", role=role)


# ----- 15.3 exploration balancing -------------------------------------------------------
class Rebalance(GameStep["Viktory2State"]):
    """15.3: swap one just-revealed water hex for the first land tile drawn, or keep them."""

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> list[Action]:
        st: Viktory2State = game
        acts: list[Action] = [("keep_water",)]
        if land_in_stock(st):
            acts += [("swap_water", h) for h in frame["water"] if st.is_water(h) and not st.units_at(h)]
        return acts

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        if action[0] == "swap_water":
            hex_ = args(action)["hex"]
            stock = st.data["stock"]
            # Drawing unused tiles until the first land one picks a land terrain with
            # the weight of its count; the water tile goes back to the unused stock.
            bag = [t for t in LAND for _ in range(stock[t])]
            terrain = bag[st.rng.index(len(bag))]
            stock[terrain] -= 1
            stock[WATER] = stock.get(WATER, 0) + 1
            st.data["tiles"][hex_] = terrain
            st.mark_irreversible()
            st.log(f"{role} swaps the water at {hex_} for {terrain} (15.3)")
        else:
            st.log(f"{role} keeps the water revealed")
        flow.end(st.flow)

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        return "Swap one of the water hexes just revealed for a land tile from the stock, or keep them."


# ----- the Build step ------------------------------------------------------------------
class Build(GameStep["Viktory2State"]):
    """7.2: build one town, upgrade one town, relocate one (15.5), or build nothing."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        st: Viktory2State = game
        role: str = frame["role"]
        return [role] if has_build_choice(st, role) else []

    def run(self, game: Viktory2State, frame: Frame) -> None:
        st: Viktory2State = game
        role = frame["role"]
        if not st.holds_capital(role):
            st.log(f"{role} cannot build without its capital (7.1)")
        else:
            st.log(f"{role} has nowhere to build and no town to upgrade (7.24)")
        _to_move(st, role)

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> list[Action]:
        st: Viktory2State = game
        acts: list[Action] = [("skip_build",)]
        # 7.1: no building without the capital.
        if not st.holds_capital(role):
            return acts
        acts += [("build_town", h) for h in town_sites(st, role)]
        acts += [("build_city", h) for h in upgradable_towns(st, role)]
        if st.option("relocation"):
            acts += [("relocate", a, b) for a, b in relocations(st, role)]
        return acts

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        verb, named = action[0], args(action)
        if verb == "build_town":
            self._build_town(st, role, named["hex"])
        elif verb == "build_city":
            self._build_city(st, role, named["hex"])
        elif verb == "relocate":
            self._relocate(st, role, named["from"], named["to"])
        else:
            st.log(f"{role} does not build")
            _to_move(st, role)

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        return "Build a town, upgrade one of your towns to a city, or skip building."

    @staticmethod
    def _build_town(st: Viktory2State, role: Role, hex_: str) -> None:
        place_town(st, role, hex_)
        st.log(f"{role} builds a town at {hex_}")
        revealed = st.explore_around(hex_)  # 7.3
        gain_units(st, role, st.supported_units(hex_))  # 7.4: one infantry
        _to_move(st, role)
        rebalance_after(st, role, revealed)

    @staticmethod
    def _build_city(st: Viktory2State, role: Role, hex_: str) -> None:
        st.data["towns"][hex_]["city"] = True  # 7.23
        st.log(f"{role} upgrades its town at {hex_} to a city")
        revealed = _reveal(st, st.geo.at_distance(hex_, 2))  # 7.3
        gain_units(st, role, st.supported_units(hex_)[1:])  # 7.4: the terrain's extra unit
        _to_move(st, role)
        rebalance_after(st, role, revealed)

    @staticmethod
    def _relocate(st: Viktory2State, role: Role, src: str, dst: str) -> None:
        # 15.5: the town or city leaves, its units are eliminated, then it is rebuilt.
        lost = st.supported_units(src)
        town = st.data["towns"].pop(src)
        kind = "city" if town["city"] else "town"
        if st.data["capitals"].get(role) == src:
            st.data["capitals"][role] = dst
        st.log(f"{role} relocates its {kind} {src} → {dst} (15.5)")
        _to_move(st, role)
        flow.call(st.flow, "rebuild", role=role, hex=dst, city=town["city"])
        losses.eliminate_for_lost_town(st, role, lost)


class Rebuild(GameStep["Viktory2State"]):
    """15.5, second half: the relocated town or city stands again and brings its units."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        return []

    def run(self, game: Viktory2State, frame: Frame) -> None:
        st: Viktory2State = game
        role, hex_, city = frame["role"], frame["hex"], frame["city"]
        place_town(st, role, hex_, city=city)
        # 7.3: a placed town shows its neighbours; a city also the hexes 2 away.
        revealed = _reveal(st, st.geo.within(hex_, 2 if city else 1))
        gain_units(st, role, st.supported_units(hex_))  # 7.4
        flow.end(st.flow)
        rebalance_after(st, role, revealed)
