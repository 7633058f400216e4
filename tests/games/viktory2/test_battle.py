"""Battles and conquest: 10.1-10.3, 10.5-10.7, 12.0-12.33, 13.5, 14.0, 15.1, 15.4, 15.63-15.65."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core import hexgrid
from grognard.games.viktory2 import battle, engagement, losses, position, vassals, victory
from grognard.games.viktory2.state import Viktory2State


def full_tiles(named: dict[str, str] | None = None, default: str = "plains") -> dict[str, str]:
    """Every interior tile face up (so no move reveals a tile and draws from the RNG)."""
    tiles = {hexgrid.hex_id(h): default for h in hexgrid.disk((0, 0), 3)}
    tiles.update(named or {})
    return tiles


def make(units: list[Any], tiles: dict[str, str] | None = None, entries: list[str] | None = None,
         **kw: Any) -> Viktory2State:
    """A position where red's units already stand in the battle hex 0,0."""
    st = position.build(tiles=full_tiles(tiles), units=units, **kw)
    if entries is not None:
        st.data["turn"]["entries"]["0,0"] = entries
        st._after_change(None, None)
    return st


def fight(st: Viktory2State, dice: list[int], hex_: str = "0,0") -> None:
    st.rng.force(dice)
    st.apply("red", ("battle", hex_))


def rolls(st: Viktory2State) -> list[str]:
    return [line for line in st.log_for(None) if " rolls " in line]


def round_roll(st: Viktory2State, side: str, n: int = 1) -> str:
    """The log line of one side's dice in round n ("attack" or "defence")."""
    return next(r for r in rolls(st) if r.endswith(f"({side}, round {n})"))


def where(st: Viktory2State, uid: str) -> str | None:
    u = st.units.get(uid)
    if u is None:
        return "stock"
    return u["hex"] or (f"aboard {u['aboard']}" if u["aboard"] else None)


# ----- 12.0, 12.1, 12.2, 10.5: where battles happen -----------------------------------------------
@pytest.mark.rules("12.0", "12.1", "10.5")
def test_contested_hexes_pair_land_with_land_and_frigates_with_frigates() -> None:
    st = make([
        ("red", "infantry", "0,0"), ("yellow", "infantry", "0,0"),   # land battle
        ("red", "infantry", "2,0"),                                    # alone, next to a frigate
        ("red", "frigate", "3,0"), ("yellow", "frigate", "3,0"),       # naval battle
        ("red", "infantry", "0,2"),                                    # an empty enemy town
        ("red", "infantry", "-2,0"),
    ], tiles={"3,0": "water", "2,1": "water"}, towns={"0,2": ("yellow", "town")})
    st.units["yellow-f99"] = {"owner": "yellow", "type": "frigate", "hex": "2,1", "aboard": None}
    assert engagement.contested_hexes(st, "red") == ["0,0", "0,2", "3,0"]
    assert engagement.legal_starts(st, "red") == [("battle", "0,0"), ("battle", "0,2"), ("battle", "3,0")]
    assert engagement.contested_hexes(st, "yellow") == ["0,0", "3,0"]


@pytest.mark.rules("12.2")
def test_one_battle_per_hex_per_turn() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0"), ("yellow", "infantry", "0,0")],
              entries=["1,0"])
    fight(st, [6, 6])
    assert st.legal_actions("red")[0] == ("fight_on",)
    st.apply("red", ("retreat", "red-i1", "1,0"))
    st.units["red-i1"]["hex"] = "0,0"  # another unit comes back in later this turn
    st._after_change(None, None)
    assert engagement.contested_hexes(st, "red") == []
    assert st.data["turn"]["battles"] == ["0,0"]


@pytest.mark.rules("10.6", "10.7")
def test_battle_marks_every_attacker_and_ends_its_movement() -> None:
    st = make([("red", "infantry", "1,0"), ("red", "cavalry", "0,0"), ("yellow", "infantry", "0,0")])
    st.apply("red", ("move", "red-i1", "0,0"))
    fight(st, [2, 6, 6])
    assert st.data["turn"]["attacked"] == {"red-c2": "battle", "red-i1": "battle"}
    assert not [a for a in st.legal_actions("red") if a[0] == "move"]


# ----- 12.3 step 0: pre-battle artillery fire -----------------------------------------------------
@pytest.mark.rules("12.3")
def test_pre_battle_fire_outside_a_town_can_end_the_battle() -> None:
    st = make([("red", "artillery", "0,0"), ("red", "artillery", "0,0"), ("yellow", "infantry", "0,0")])
    fight(st, [6, 3])
    assert rolls(st) == ["red rolls 6 3 (pre-battle artillery fire)"]  # one die per artillery
    assert where(st, "yellow-i3") is None
    assert "red wins the battle at 0,0" in st.log_for(None)
    assert st.frame()["state"] == "move"


@pytest.mark.rules("12.3")
def test_pre_battle_casualties_leave_before_the_first_round() -> None:
    st = make([("red", "artillery", "0,0"), ("yellow", "infantry", "0,0"), ("yellow", "cavalry", "0,0")])
    fight(st, [1])
    assert st.active_roles() == ["red"]  # a 1: red picks
    st.rng.force([6, 6, 6])
    st.apply("red", ("hit", "yellow-c3"))
    assert where(st, "yellow-c3") is None
    # the round after: artillery fires again (1 die), the defender's infantry alone (1 die)
    assert rolls(st)[1:3] == ["red rolls 6 (attack, round 1)", "yellow rolls 6 (defence, round 1)"]


@pytest.mark.rules("12.3")
def test_pre_battle_fire_in_a_town_leaves_one_round_of_terrain_dice() -> None:
    st = make([("red", "artillery", "0,0"), ("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")],
              towns={"0,0": ("yellow", "town")})
    fight(st, [2, 6])
    assert rolls(st) == ["red rolls 2 (pre-battle artillery fire)", "yellow rolls 6 (defence, round 1)"]
    assert st.town_at("0,0")["owner"] == "red"


# ----- 12.3 step 1: attacker's dice ---------------------------------------------------------------
@pytest.mark.rules("12.3")
@pytest.mark.parametrize(("kinds", "dice"), [
    (("infantry",), 1), (("infantry", "infantry", "infantry"), 1), (("cavalry",), 2),
    (("infantry", "cavalry"), 3), (("cavalry", "cavalry", "artillery"), 3),
    (("infantry", "cavalry", "artillery"), 4),
])
def test_attacker_rolls_per_unit_type_present(kinds: tuple[str, ...], dice: int) -> None:
    units = [("red", k, "0,0") for k in kinds] + [("yellow", "infantry", "0,0")]
    st = make(units)
    artillery = 1 if "artillery" in kinds else 0
    fight(st, [6] * artillery + [6] * dice + [2])
    attack = [r for r in rolls(st) if "attack, round 1" in r]
    assert attack == ["red rolls " + " ".join(["6"] * dice) + " (attack, round 1)"]


@pytest.mark.rules("12.3")
def test_naval_battle_one_die_each_and_cargo_does_not_fight() -> None:
    st = make([
        ("red", "frigate", "1,0"), ("red", "frigate", "1,0"), ("red", "infantry", ("aboard", "red-f1")),
        ("yellow", "frigate", "1,0"),
    ], tiles={"1,0": "water"})
    fight(st, [6, 2], "1,0")
    assert rolls(st) == ["red rolls 6 (attack, round 1)", "yellow rolls 2 (defence, round 1)"]
    # a loss among identical frigates is automatic only if their cargo matches: it does not
    assert st.active_roles() == ["red"]
    assert st.legal_actions("red") == [("hit", "red-f1"), ("hit", "red-f2")]
    st.rng.force([2, 6])
    st.apply("red", ("hit", "red-f1"))
    assert where(st, "red-f1") is None and where(st, "red-i3") is None  # 9.45 cargo goes too
    assert where(st, "yellow-f4") is None and where(st, "red-f2") == "1,0"


# ----- 12.31 suppression --------------------------------------------------------------------------
@pytest.mark.rules("12.31")
def test_excess_hits_remove_defender_unit_dice_but_not_terrain_dice() -> None:
    st = make([("red", "infantry", "0,0"), ("red", "cavalry", "0,0"), ("yellow", "infantry", "0,0")],
              tiles={"0,0": "forest"})
    fight(st, [2, 3, 6, 5])
    assert rolls(st) == ["red rolls 2 3 6 (attack, round 1)", "yellow rolls 5 (defence, round 1)"]
    assert "yellow loses 1 unit die to suppression" in st.log_for(None)


@pytest.mark.rules("12.31")
def test_suppression_cannot_go_below_zero_dice() -> None:
    st = make([("red", "infantry", "0,0"), ("red", "cavalry", "0,0"),
               ("yellow", "infantry", "0,0"), ("yellow", "frigate", "1,0")], tiles={"1,0": "water"})
    fight(st, [1, 2, 3, 6])
    # 3 hits on 1 unit: 2 excess, but the infantry has only 1 die; naval support stays
    assert rolls(st)[-1] == "yellow rolls 6 (defence, round 1)"


# ----- 12.3 step 2: defender's dice, 12.32, 12.33, 14.0, 15.1 -------------------------------------
@pytest.mark.rules("12.3", "14.0", "15.1")
@pytest.mark.parametrize(("terrain", "town", "holds_capital", "leveling", "dice"), [
    ("plains", None, True, False, 0),
    ("grassland", None, True, False, 0),
    ("forest", None, True, False, 1),
    ("mountain", None, True, False, 2),
    ("plains", "town", True, False, 1),
    ("plains", "city", True, False, 2),
    ("forest", "town", True, False, 1),     # not cumulative
    ("forest", "city", True, False, 2),
    ("mountain", "city", True, False, 2),   # never more than two
    ("plains", "city", False, False, 1),    # 14.0 a lost capital: cities count as towns
    ("mountain", "city", False, False, 2),  # ... terrain still counts
    ("mountain", None, True, True, 0),      # 15.1 no terrain dice
    ("mountain", "city", True, True, 2),    # ... a settlement still defends (our reading)
])
def test_defensive_terrain_dice(terrain: str, town: str | None, holds_capital: bool,
                                leveling: bool, dice: int) -> None:
    towns = {"0,0": ("yellow", town)} if town else {}
    towns["2,-2"] = ("yellow" if holds_capital else "red", "town")
    st = make([], tiles={"0,0": terrain}, towns=towns, capitals={"yellow": "2,-2"},
              options={"terrain_leveling": leveling})
    assert battle.terrain_dice(st, "0,0", "yellow") == dice


@pytest.mark.rules("12.3")
def test_defender_rolls_a_die_per_unit_type_plus_terrain() -> None:
    st = make([("red", "infantry", "0,0"),
               ("yellow", "infantry", "0,0"), ("yellow", "cavalry", "0,0"), ("yellow", "artillery", "0,0"),
               ("yellow", "infantry", "0,0")], tiles={"0,0": "mountain"})
    fight(st, [6, 6, 6, 6, 6, 6])
    assert rolls(st)[1] == "yellow rolls 6 6 6 6 6 (defence, round 1)"


@pytest.mark.rules("12.32", "12.3")
def test_one_frigate_supports_every_adjacent_battle() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0"),
               ("red", "infantry", "1,-1"), ("yellow", "infantry", "1,-1"),
               ("yellow", "frigate", "1,0")], tiles={"1,0": "water"})
    fight(st, [6, 6, 6, 2, 6, 6])
    assert round_roll(st, "defence") == "yellow rolls 6 6 (defence, round 1)"
    assert battle.naval_support(st, "1,-1", "yellow", ["yellow-i4"]) == 1
    st.data["log"].clear()
    fight(st, [6, 6, 6, 2, 6, 6], "1,-1")
    assert round_roll(st, "defence") == "yellow rolls 6 6 (defence, round 1)"


@pytest.mark.rules("12.33")
def test_no_naval_support_without_land_units_or_a_town_to_defend() -> None:
    st = make([("yellow", "frigate", "1,0")], tiles={"1,0": "water"}, towns={"1,-1": ("yellow", "town")})
    assert battle.naval_support(st, "0,0", "yellow", []) == 0
    assert battle.naval_support(st, "1,-1", "yellow", []) == 1


@pytest.mark.rules("12.3")
def test_an_empty_town_still_rolls_its_terrain_and_support_dice_once() -> None:
    """The rulebook's own note: an empty mountain town next to a frigate rolls three dice."""
    st = make([("red", "infantry", "0,0"), ("red", "cavalry", "0,0"), ("yellow", "frigate", "1,0")],
              tiles={"0,0": "mountain", "1,0": "water"}, towns={"0,0": ("yellow", "town")})
    fight(st, [2, 6, 6])
    assert rolls(st) == ["yellow rolls 2 6 6 (defence, round 1)"]  # the attacker has no target
    assert st.active_roles() == ["red"]  # a 2: red picks its own loss
    st.apply("red", ("hit", "red-i1"))
    assert st.town_at("0,0")["owner"] == "red"
    assert where(st, "yellow-f3") == "1,0"  # a supporting frigate is never a casualty


# ----- removal, 10.1 in battle, 12.3 step 4 -------------------------------------------------------
@pytest.mark.rules("12.3", "10.1")
def test_hit_defenders_fire_back_and_losses_go_together() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")], towns={"0,0": ("yellow", "town")})
    fight(st, [2, 3, 6])
    assert where(st, "red-i1") is None and where(st, "yellow-i2") is None
    # both sides destroyed: the defender keeps its town (12.3 step 4)
    assert st.town_at("0,0")["owner"] == "yellow"
    assert "both sides are wiped out at 0,0: yellow keeps its town" in st.log_for(None)


@pytest.mark.rules("10.1")
def test_in_battle_ones_are_chosen_by_the_firer_then_the_rest_by_the_target() -> None:
    st = make([("red", "infantry", "0,0"), ("red", "cavalry", "0,0"), ("red", "artillery", "0,0"),
               ("yellow", "infantry", "0,0"), ("yellow", "cavalry", "0,0"), ("yellow", "artillery", "0,0")])
    fight(st, [6, 1, 3, 6, 6])
    assert st.active_roles() == ["red"] and st.frame()["count"] == 1
    st.apply("red", ("hit", "yellow-a6"))
    assert st.active_roles() == ["yellow"]
    assert st.legal_actions("yellow") == [("hit", "yellow-c5"), ("hit", "yellow-i4")]
    st.rng.force([1, 1, 6])
    st.apply("yellow", ("hit", "yellow-i4"))
    # yellow's infantry and artillery, hit, still roll with its cavalry: 3 dice, two 1s
    assert rolls(st)[-1] == "yellow rolls 1 1 6 (defence, round 1)"
    assert st.active_roles() == ["yellow"] and st.frame()["count"] == 2


@pytest.mark.rules("12.3", "10.2")
def test_attacker_wins_without_a_town_and_nothing_changes_hands() -> None:
    st = make([("red", "infantry", "0,0"), ("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")])
    fight(st, [3, 3])
    assert where(st, "yellow-i3") is None
    assert where(st, "red-i1") == "0,0" or where(st, "red-i2") == "0,0"
    assert st.reserve_of("yellow") == ["yellow-i3"]


# ----- 12.3 step 3: retreat -----------------------------------------------------------------------
def _stalemate(entries: list[str], extra: list[Any] | None = None,
               tiles: dict[str, str] | None = None) -> Viktory2State:
    st = make([("red", "infantry", "0,0"), ("red", "cavalry", "0,0"),
               ("yellow", "infantry", "0,0"), *(extra or [])], tiles=tiles, entries=entries)
    fight(st, [6, 6, 6, 6])
    return st


@pytest.mark.rules("12.3")
def test_retreat_only_to_hexes_the_attack_came_from() -> None:
    st = _stalemate(["1,0", "2,0", "0,1"])  # 2,0 is no neighbour: a road entry
    assert st.frame()["state"] == "retreat" and st.active_roles() == ["red"]
    assert st.legal_actions("red") == [
        ("fight_on",),
        ("retreat", "red-c2", "0,1"), ("retreat", "red-c2", "1,0"),
        ("retreat", "red-i1", "0,1"), ("retreat", "red-i1", "1,0"),
    ]


@pytest.mark.rules("12.3")
def test_retreat_takes_every_unit_out_and_the_defender_prevails() -> None:
    st = _stalemate(["1,0", "0,1"])
    st.apply("red", ("retreat", "red-c2", "0,1"))
    assert ("fight_on",) not in st.legal_actions("red")
    st.apply("red", ("retreat", "red-i1", "1,0"))
    assert where(st, "red-c2") == "0,1" and where(st, "red-i1") == "1,0"
    assert st.frame()["state"] == "move"
    assert "yellow holds 0,0" in st.log_for(None)


@pytest.mark.rules("12.3")
def test_fight_on_starts_another_round() -> None:
    st = _stalemate(["1,0"])
    st.rng.force([2, 6, 6, 6])
    st.apply("red", ("fight_on",))
    assert rolls(st)[-2:] == ["red rolls 2 6 6 (attack, round 2)", "yellow rolls 6 (defence, round 2)"]
    assert st.frame()["state"] == "move"


@pytest.mark.rules("12.3")
def test_no_retreat_option_without_entry_hexes() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")])
    fight(st, [6, 6, 6, 6, 2, 6])
    assert rolls(st)[-1] == "yellow rolls 6 (defence, round 3)"
    assert st.frame()["state"] == "move"


@pytest.mark.rules("12.3")
def test_frigates_retreat_to_the_water_they_came_from_and_only_the_attacker_decides() -> None:
    st = make([("red", "frigate", "1,0"), ("yellow", "frigate", "1,0")],
              tiles={"1,0": "water", "2,0": "water", "1,1": "water"})
    st.data["turn"]["entries"]["1,0"] = ["2,0"]
    fight(st, [6, 6], "1,0")
    assert st.active_roles() == ["red"]  # the defender never retreats
    assert st.legal_actions("red") == [("fight_on",), ("retreat", "red-f1", "2,0")]
    st.apply("red", ("retreat", "red-f1", "2,0"))
    assert where(st, "red-f1") == "2,0" and st.frame()["state"] == "move"


@pytest.mark.rules("12.3", "9.41")
def test_land_units_may_retreat_aboard_a_frigate_in_a_landing_hex() -> None:
    st = _stalemate(["1,0"], extra=[("red", "frigate", "1,0"), ("red", "infantry", ("aboard", "red-f4"))],
                    tiles={"1,0": "water"})
    assert ("retreat", "red-i1", "1,0") in st.legal_actions("red")
    st.apply("red", ("retreat", "red-i1", "1,0"))
    st.apply("red", ("retreat", "red-c2", "1,0"))
    assert where(st, "red-i1") == "aboard red-f4" and where(st, "red-c2") == "aboard red-f4"


@pytest.mark.rules("12.3", "9.41")
def test_no_retreat_when_the_frigates_cannot_take_everybody() -> None:
    st = _stalemate(["1,0"], tiles={"1,0": "water"}, extra=[
        ("red", "frigate", "1,0"), ("red", "infantry", ("aboard", "red-f4")),
        ("red", "infantry", ("aboard", "red-f4")),
    ])
    # one place left aboard for two units: the battle goes on without the question
    assert st.frame()["state"] != "retreat"


def _landed(count: int, extra: list[Any] | None = None) -> Viktory2State:
    """Red's frigate at 1,0 lands `count` infantry on yellow's infantry at 0,0 (9.47)."""
    st = make([("red", "frigate", "1,0"), *[("red", "infantry", ("aboard", "1,0"))] * count,
               ("yellow", "infantry", "0,0"), *(extra or [])], tiles={"1,0": "water", "0,1": "water"})
    for uid in st.cargo_of("red-f1"):
        st.apply("red", ("disembark", "red-f1", uid, "0,0"))
    return st


@pytest.mark.rules("12.3, 3", "9.41", "9.47")
@pytest.mark.parametrize("count", [1, 2, 3])
def test_units_landed_from_a_frigate_may_retreat_back_aboard_it(count: int) -> None:
    """9.41: a unit landed this turn is already one of the frigate's three, so boarding
    again to retreat (12.3 step 3) does not count it twice."""
    st = _landed(count)
    assert st.data["turn"]["entries"]["0,0"] == ["1,0"]
    fight(st, [6, 6])
    assert st.frame()["state"] == "retreat"
    while st.frame()["state"] == "retreat":
        uid = next(a[1] for a in st.legal_actions("red") if a[0] == "retreat")
        st.apply("red", ("retreat", uid, "1,0"))
    assert len(st.cargo_of("red-f1")) == count
    assert all(where(st, u) == "aboard red-f1" for u in st.cargo_of("red-f1"))
    assert "yellow holds 0,0" in st.log_for(None)


@pytest.mark.rules("12.3, 3", "9.41")
def test_a_unit_not_yet_carried_still_needs_one_of_the_frigates_three() -> None:
    """The frigate carried three this turn (two landed here, one dropped off earlier):
    the cavalry that walked in would be a fourth, so no retreat aboard is possible."""
    st = _landed(2, extra=[("red", "cavalry", "0,0"), ("red", "infantry", "-3,3")])
    st.data["turn"]["carried"]["red-f1"].append("red-i6")
    fight(st, [6, 6, 6, 6])
    assert st.frame()["state"] != "retreat"


@pytest.mark.rules("12.3, 3", "9.41")
def test_a_retreat_aboard_is_offered_only_when_the_others_still_fit() -> None:
    """Red-f1 has carried its three this turn (two landed here); red-f6 at 0,1 has two
    aboard and so one place. The walking cavalry fits only on red-f6, so a landed
    infantry is not offered red-f6's place (it would strand the cavalry)."""
    st = _landed(2, extra=[
        ("red", "cavalry", "0,0"), ("red", "frigate", "0,1"), ("red", "infantry", ("aboard", "0,1")),
        ("red", "infantry", ("aboard", "0,1")), ("red", "infantry", "-3,3"),
    ])
    st.data["turn"]["carried"]["red-f1"].append("red-i9")
    st.data["turn"]["entries"]["0,0"].append("0,1")
    fight(st, [6, 6, 6, 6])
    assert st.frame()["state"] == "retreat"
    assert [a for a in st.legal_actions("red") if a[0] == "retreat"] == [
        ("retreat", "red-c5", "0,1"), ("retreat", "red-i2", "1,0"),
    ]
    for uid, water in (("red-i2", "1,0"), ("red-c5", "0,1"), ("red-i3", "1,0")):
        st.apply("red", ("retreat", uid, water))
    assert st.cargo_of("red-f1") == ["red-i2", "red-i3"]
    assert st.cargo_of("red-f6") == ["red-c5", "red-i7", "red-i8"]


# ----- conquest: 10.2, 10.3, 14.0 -----------------------------------------------------------------
@pytest.mark.rules("10.2", "10.3")
def test_capturing_a_town_swaps_one_infantry() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")], towns={"0,0": ("yellow", "town")})
    fight(st, [2, 6, 6])
    assert st.town_at("0,0") == {"owner": "red", "city": False, "built": 0}
    assert where(st, "yellow-i2") == "stock"  # its lost unit was the only infantry: no choice
    assert [st.units[u]["type"] for u in st.reserve_of("red")] == ["infantry"]


@pytest.mark.rules("10.2", "10.3", "8.2")
def test_capturing_a_grassland_city_swaps_infantry_and_cavalry() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "cavalry", "0,0"), ("yellow", "infantry", "2,-2")],
              tiles={"0,0": "grassland"}, towns={"0,0": ("yellow", "city"), "2,-2": ("yellow", "town")},
              capitals={"yellow": "2,-2"})
    fight(st, [2, 6, 6, 6])
    assert st.town_at("0,0")["city"] and st.town_at("0,0")["owner"] == "red"
    assert sorted(st.units[u]["type"] for u in st.reserve_of("red")) == ["cavalry", "infantry"]
    assert where(st, "yellow-c2") == "stock" and where(st, "yellow-i3") == "stock"


@pytest.mark.rules("10.2")
def test_the_loser_chooses_between_reserve_and_map_units() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0"),
               ("yellow", "infantry", "2,-2"), ("yellow", "infantry", "2,-2")],
              towns={"0,0": ("yellow", "town"), "2,-2": ("yellow", "town")})
    fight(st, [2, 6, 6])
    assert st.frame()["state"] == "eliminate" and st.active_roles() == ["yellow"]
    assert st.legal_actions("yellow") == [("eliminate", "yellow-i2"), ("eliminate", "yellow-i3")]
    st.apply("yellow", ("eliminate", "yellow-i3"))
    assert where(st, "yellow-i3") == "stock" and where(st, "yellow-i2") is None
    assert st.frame()["state"] == "move"


@pytest.mark.rules("10.2", "9.45")
def test_an_eliminated_frigate_sends_its_cargo_to_the_reserve() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "frigate", "1,0"),
               ("yellow", "cavalry", ("aboard", "yellow-f2")), ("yellow", "infantry", None)],
              tiles={"0,0": "forest", "1,0": "water"}, towns={"0,0": ("yellow", "city")})
    st.rng.force([6] * 3)  # terrain 2 + naval support 1; red has no target
    st.apply("red", ("battle", "0,0"))
    assert where(st, "yellow-f2") == "stock" and where(st, "yellow-i4") == "stock"
    assert where(st, "yellow-c3") is None


@pytest.mark.rules("14.0", "15.65")
def test_capturing_a_capital_keeps_the_marker_and_tells_the_alliance_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(losses, "on_capital_captured", lambda st, *a: calls.append(a))
    monkeypatch.setattr(victory, "check", lambda st: calls.append(("check",)))
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "2,-2")],
              towns={"0,0": ("yellow", "town"), "2,-2": ("yellow", "town")}, capitals={"yellow": "0,0"})
    fight(st, [6])
    assert where(st, "yellow-i2") == "stock"  # yellow's only infantry: no question
    assert calls == [("yellow", "red", "0,0"), ("check",)]
    assert st.data["capitals"] == {"yellow": "0,0"} and not st.holds_capital("yellow")


@pytest.mark.rules("14.0")
def test_a_defender_without_its_capital_defends_a_city_with_one_die() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")],
              towns={"0,0": ("yellow", "city"), "2,-2": ("red", "town")}, capitals={"yellow": "2,-2"})
    fight(st, [6, 6, 6, 2, 6, 6])
    assert round_roll(st, "defence") == "yellow rolls 6 6 (defence, round 1)"


# ----- 13.5 placement naval battle ----------------------------------------------------------------
@pytest.mark.rules("13.5")
def test_placement_naval_battle_has_no_retreat() -> None:
    st = make([("red", "frigate", "1,0"), ("yellow", "frigate", "1,0")],
              tiles={"1,0": "water", "2,0": "water"}, step="reserves")
    st.data["turn"]["entries"]["1,0"] = ["2,0"]
    st.rng.force([6, 6, 2, 6])
    battle.start_placement_battle(st, "red", "1,0")
    st.advance()
    assert rolls(st)[-1] == "yellow rolls 6 (defence, round 2)"
    assert where(st, "yellow-f2") is None and st.frame()["state"] == "reserves"


# ----- 15.4 luck averaging ------------------------------------------------------------------------
@pytest.mark.rules("15.4")
def test_luck_averaging_trades_pairs_of_dice_for_sure_hits() -> None:
    st = make([("red", "infantry", "0,0"), ("red", "cavalry", "0,0"),
               ("yellow", "infantry", "0,0"), ("yellow", "cavalry", "0,0")],
              options={"luck_averaging": True})
    fight(st, [])
    assert st.frame()["state"] == "luck"
    assert st.legal_actions("red") == [("average", 0), ("average", 1)]  # 3 dice: one pair at most
    st.rng.force([6])
    st.apply("red", ("average", 1))
    assert rolls(st) == ["red rolls 6 (attack, round 1)"]  # the odd die is rolled
    assert st.active_roles() == ["yellow"] and st.frame()["state"] == "casualties"  # target picks
    st.apply("yellow", ("hit", "yellow-c4"))
    assert st.frame()["state"] == "luck" and st.legal_actions("yellow") == [("average", 0), ("average", 1)]
    st.rng.force([6, 6])
    st.apply("yellow", ("average", 0))
    assert rolls(st)[-1] == "yellow rolls 6 6 (defence, round 1)"


@pytest.mark.rules("15.4")
def test_no_luck_question_for_a_single_die() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")], options={"luck_averaging": True})
    fight(st, [2, 6])
    assert st.frame()["state"] == "move"


# ----- 15.63-15.65 alliances ----------------------------------------------------------------------
@pytest.mark.rules("15.63", "15.64")
def test_alliance_rules_may_forbid_a_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vassals, "may_attack", lambda st, a, d: False)
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")])
    assert engagement.legal_starts(st, "red") == []


@pytest.mark.rules("15.65")
def test_a_battle_reports_the_attack_to_the_alliance_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(vassals, "on_attack", lambda st, a, d: calls.append((a, d)))
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")])
    fight(st, [2, 6])
    assert calls == [("red", "yellow")]


@pytest.mark.rules("15.64")
def test_a_ruler_may_battle_its_vassal() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")])
    st.data["ruler"] = {"yellow": "red"}
    assert vassals.is_opponent(st, "red", "yellow")
    assert not st.hostile("red", "yellow")
