"""15.6 Subjugation: vassals, rulers and their forced alliances (15.61-15.66)."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.games.viktory2 import battle, frigate_placement, losses, position, vassals
from grognard.games.viktory2.state import Viktory2State
from grognard.games.viktory2.victory import economy_balanced

SUB = {"subjugation": True}
PLAINS = ("0,0", "1,0", "2,0", "3,0", "3,-1", "-1,0", "0,-1", "1,-1", "-1,1", "0,1", "2,-1", "1,1",
          "-3,3", "-2,3", "2,-3")


def game(
    tiles: dict[str, str] | None = None,
    towns: dict[str, tuple[str, str]] | None = None,
    units: list[tuple[str, str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    **kw: Any,
) -> Viktory2State:
    """Three players: yellow's capital is a town at 0,0 (another town at -2,3), red's a
    plains city at 3,-1, blue's a town at 2,-3; red's two infantry stand at 1,0."""
    return position.build(
        players=3,
        tiles={**{h: "plains" for h in PLAINS}, **(tiles or {})},
        towns={"0,0": ("yellow", "town"), "-2,3": ("yellow", "town"), "3,-1": ("red", "city"),
               "2,-3": ("blue", "town"), **(towns or {})},
        capitals={"yellow": "0,0", "red": "3,-1", "blue": "2,-3"},
        units=[("red", "infantry", "1,0"), ("red", "infantry", "1,0"), ("yellow", "infantry", None),
               ("yellow", "infantry", None), ("blue", "infantry", "2,-3"), *(units or [])],
        options=SUB if options is None else options,
        **kw,
    )


def take_capital(st: Viktory2State) -> None:
    """Red walks both infantry into yellow's empty capital and wins (every die misses)."""
    st.apply("red", ("move", "red-i1", "0,0"))
    st.apply("red", ("move", "red-i2", "0,0"))
    st.rng.force([6] * 10)
    st.apply("red", ("battle", "0,0"))
    while st.frame()["state"] == "eliminate" and st.active_roles():  # 10.2 a choice for yellow
        st.apply("yellow", st.legal_actions("yellow")[0])


def relocate_all(st: Viktory2State, dest: str) -> None:
    while st.frame()["state"] == "relocate_from_capital" and st.active_roles() == ["red"]:
        uid = next(a[1] for a in st.legal_actions("red") if a[2] == dest)
        st.apply("red", ("relocate_unit", uid, dest))


# ----- 15.6, 15.61, 15.62 the capture of a capital ------------------------------------------------
@pytest.mark.rules("15.6", "15.61", "15.62")
def test_a_captured_capital_makes_a_vassal_and_stays_his() -> None:
    st = game()
    take_capital(st)
    assert st.data["ruler"] == {"yellow": "red"}
    assert st.town_at("0,0")["owner"] == "yellow"  # type: ignore[index]
    assert st.holds_capital("yellow")
    # 14.0's exchange of units does not happen: both economies as before
    assert economy_balanced(st, "red") and economy_balanced(st, "yellow")
    assert len(st.units_of("red")) == 2 and len(st.units_of("yellow")) == 2
    assert st.allied("red", "yellow") and not st.hostile("red", "yellow")


@pytest.mark.rules("15.62")
def test_the_ruler_moves_his_units_out_to_adjacent_hexes_of_his_choice() -> None:
    st = game()
    take_capital(st)
    assert st.frame()["state"] == "relocate_from_capital" and st.active_roles() == ["red"]
    dests = {a[2] for a in st.legal_actions("red")}
    assert dests == set(st.neighbors("0,0"))
    st.apply("red", ("relocate_unit", "red-i1", "-1,0"))
    st.apply("red", ("relocate_unit", "red-i2", "0,1"))
    assert st.units["red-i1"]["hex"] == "-1,0" and st.units["red-i2"]["hex"] == "0,1"
    assert [u for u in st.units_at("0,0") if st.units[u]["owner"] == "red"] == []


@pytest.mark.rules("15.62")
def test_the_vassal_reinforces_only_his_capital_then_the_rulers_turn_goes_on() -> None:
    st = game()
    take_capital(st)
    relocate_all(st, "1,0")
    assert st.frame()["state"] == "vassal_reinforce" and st.active_roles() == ["yellow"]
    placing = [a for a in st.legal_actions("yellow") if a[0] == "place"]
    assert {a[2] for a in placing} == {"0,0"}  # not his other town at -2,3
    for _ in range(2):
        uid = next(a[1] for a in st.legal_actions("yellow") if a[0] == "place")
        st.apply("yellow", ("place", uid, "0,0"))
    assert st.reserve_of("yellow") == []
    st.apply("yellow", ("done",))
    assert st.frame() == {"state": "move", "role": "red"}
    assert st.active_roles() == ["red"]


@pytest.mark.rules("15.62")
def test_the_ruler_may_relocate_aboard_his_adjacent_frigate() -> None:
    st = game(tiles={"1,-1": "water"}, units=[("red", "frigate", "1,-1")])
    take_capital(st)
    frigate = next(u for u in st.units_of("red") if st.units[u]["type"] == "frigate")
    assert ("relocate_unit", "red-i1", "1,-1") in st.legal_actions("red")
    st.apply("red", ("relocate_unit", "red-i1", "1,-1"))
    assert st.units["red-i1"]["aboard"] == frigate and st.units["red-i1"]["hex"] is None


@pytest.mark.rules("15.62")
def test_relocating_onto_enemies_starts_a_battle_once_all_are_out(monkeypatch: pytest.MonkeyPatch) -> None:
    st = game(units=[("blue", "infantry", "-1,0")], towns={"2,-3": ("blue", "city")})
    take_capital(st)
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(battle, "start", lambda st, role, hex_: calls.append((role, hex_)))
    st.apply("red", ("relocate_unit", "red-i1", "-1,0"))
    assert calls == []  # the second unit is not out yet
    st.apply("red", ("relocate_unit", "red-i2", "1,0"))
    assert calls == [("red", "-1,0")]
    assert "0,0" in st.data["turn"]["entries"]["-1,0"]


@pytest.mark.rules("15.62", "15.65")
def test_relocating_onto_the_vassals_units_breaks_the_alliance_but_he_still_reinforces() -> None:
    st = game(towns={"-2,3": ("yellow", "city")}, units=[("yellow", "infantry", "-1,1")])
    take_capital(st)
    relocate_all(st, "-1,1")
    # the battle at -1,1 was fought (all dice miss: red fights on or retreats)
    assert "yellow" not in st.data["ruler"]
    assert "yellow is no longer a vassal (red attacked him)" in st.log_for(None)
    while st.frame()["state"] in ("retreat", "battle", "casualties"):
        role = st.active_roles()[0]
        st.apply(role, st.legal_actions(role)[-1])
    assert st.frame()["state"] == "vassal_reinforce" and st.active_roles() == ["yellow"]


@pytest.mark.rules("15.62", "13.5")
def test_vassal_frigates_avoid_the_alliance_and_may_fight_enemies(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(battle, "start_placement_battle", lambda st, role, hex_: calls.append((role, hex_)))
    st = game(tiles={"-1,0": "water", "0,-1": "water", "-2,2": "forest"},
              towns={"-2,2": ("yellow", "city")},  # the vassal's frigate has a forest city
              units=[("yellow", "frigate", None), ("red", "frigate", "-1,0"), ("blue", "frigate", "0,-1")])
    take_capital(st)
    relocate_all(st, "1,0")
    frigate_hexes = {a[2] for a in st.legal_actions("yellow")
                     if a[0] == "place" and st.units[a[1]]["type"] == "frigate"}
    assert frigate_hexes == {"0,-1"}  # not beside red's frigate; onto blue's: yes
    uid = next(u for u in st.reserve_of("yellow") if st.units[u]["type"] == "frigate")
    st.apply("yellow", ("place", uid, "0,-1"))
    assert calls == []
    st.apply("yellow", ("done",))
    assert calls == [("yellow", "0,-1")]


# ----- 15.63 reorganisation -----------------------------------------------------------------------
@pytest.mark.rules("15.63")
def test_the_loser_may_not_attack_on_his_next_turn_only() -> None:
    st = game()
    take_capital(st)
    relocate_all(st, "1,0")
    st.apply("yellow", ("done",))
    assert st.data["reorganizing"] == ["yellow"]
    st.data["turn"]["player"] = "yellow"  # yellow's next turn begins
    st.data["flow"] = [{"state": "start_turn", "role": "yellow"}]
    st.advance()
    assert st.data["turn"]["no_attack"] is True
    assert not vassals.may_attack(st, "yellow", "blue")
    st.data["flow"] = [{"state": "start_turn", "role": "yellow"}]  # and the turn after
    st.advance()
    assert st.data["turn"]["no_attack"] is False
    assert vassals.may_attack(st, "yellow", "blue")


# ----- 15.64 alliance effects -------------------------------------------------------------------------
def alliance_of_three(**kw: Any) -> Viktory2State:
    """Red rules yellow and blue."""
    st = game(**kw)
    st.data["ruler"] = {"yellow": "red", "blue": "red"}
    return st


@pytest.mark.rules("15.64")
def test_a_vassal_may_not_attack_his_alliance_but_the_ruler_may() -> None:
    st = alliance_of_three()
    assert not vassals.may_attack(st, "yellow", "red")
    assert not vassals.may_attack(st, "yellow", "blue")  # a fellow vassal
    assert vassals.may_attack(st, "red", "yellow")


@pytest.mark.rules("15.64")
def test_a_vassal_passes_through_but_does_not_stop_with_his_alliance() -> None:
    st = alliance_of_three(units=[("red", "cavalry", "1,1")])
    assert not vassals.may_stop_in(st, "yellow", "1,1")       # ruler's unit
    assert not vassals.may_stop_in(st, "yellow", "3,-1")      # ruler's city
    assert not vassals.may_stop_in(st, "yellow", "2,-3")      # fellow vassal's town
    assert vassals.may_stop_in(st, "yellow", "2,0")           # empty
    assert vassals.may_stop_in(st, "red", "-2,3")             # the ruler may (a battle follows)


@pytest.mark.rules("15.64")
def test_alliance_towns_and_units_aid_movement() -> None:
    st = alliance_of_three()
    assert vassals.aids_movement(st, "yellow", "red")
    assert vassals.aids_movement(st, "yellow", "blue")
    st.data["ruler"] = {"yellow": "red"}
    assert not vassals.aids_movement(st, "yellow", "blue")


@pytest.mark.rules("15.64", "13.2")
def test_alliance_units_do_not_forbid_reserve_placement() -> None:
    st = alliance_of_three(units=[("red", "infantry", "-1,3"), ("yellow", "infantry", "-2,3")],
                           player="yellow", step="reserves")
    st.data["tiles"]["-1,3"] = "plains"
    uids = [a for a in st.legal_actions("yellow") if a[0] == "place"]
    assert {a[2] for a in uids} == {"0,0", "-2,3"}
    st.data["ruler"] = {}  # the same red infantry as an enemy blocks the town at -2,3
    st._after_change(None, None)
    assert {a[2] for a in st.legal_actions("yellow") if a[0] == "place"} == {"0,0"}


@pytest.mark.rules("15.64", "13.4")
def test_alliance_frigates_around_the_capital_send_the_frigate_to_the_nearest_water() -> None:
    tiles = {h: "water" for h in ("-1,0", "0,-1")}
    tiles.update({"-2,0": "water", "0,-2": "water", "-1,-1": "plains", "2,-2": "water"})
    st = alliance_of_three(tiles=tiles, units=[("red", "frigate", "-1,0"), ("blue", "frigate", "0,-1")],
                           player="yellow", step="reserves")
    assert frigate_placement.frigate_waters(st, "yellow", "0,0", capital=True) == ["-2,0", "0,-2", "2,-2"]
    st.data["ruler"] = {}  # enemies instead: the adjacent hexes, with a battle (13.5)
    assert frigate_placement.frigate_waters(st, "yellow", "0,0", capital=True) == ["-1,0", "0,-1"]


@pytest.mark.rules("15.64", "15.6")
def test_without_the_subjugation_rule_nothing_is_restricted() -> None:
    st = game(options={})
    assert vassals.may_attack(st, "yellow", "red")
    assert vassals.may_stop_in(st, "yellow", "3,-1")
    assert not vassals.aids_movement(st, "yellow", "red")
    take_capital(st)
    assert st.data["ruler"] == {} and st.town_at("0,0")["owner"] == "red"  # type: ignore[index]
    assert st.frame()["state"] == "move"


# ----- 15.65 breaking the alliance -------------------------------------------------------------------
@pytest.mark.rules("15.65")
def test_a_ruler_attacking_his_vassal_frees_him() -> None:
    st = alliance_of_three()
    vassals.on_attack(st, "red", "yellow")
    assert st.data["ruler"] == {"blue": "red"}
    vassals.on_attack(st, "blue", "yellow")  # not his ruler: nothing changes
    assert st.data["ruler"] == {"blue": "red"}


def captured(st: Viktory2State, loser: str, captor: str, hex_: str) -> None:
    """Combat's conquest of loser's capital by captor (12.3 step 4), which under 15.6
    leaves the capital and its units to the loser and makes him a vassal."""
    assert st.town_at(hex_)["owner"] == loser  # type: ignore[index]
    losses.capture(st, hex_, captor)


@pytest.mark.rules("15.65")
def test_a_ruler_who_loses_his_capital_frees_his_vassals() -> None:
    st = game(units=[("blue", "infantry", "3,-1")], towns={"2,-3": ("blue", "city")})
    st.data["ruler"] = {"yellow": "red"}
    captured(st, "red", "blue", "3,-1")
    assert st.data["ruler"] == {"red": "blue"}
    assert st.town_at("3,-1")["owner"] == "red"  # type: ignore[index]
    assert st.frame()["state"] == "relocate_from_capital" and st.active_roles() == ["blue"]
    assert all(economy_balanced(st, r) for r in ("red", "yellow", "blue"))


@pytest.mark.rules("15.65")
def test_a_vassal_who_takes_a_capital_is_free_and_rules() -> None:
    st = game(units=[("yellow", "infantry", "2,-3")], towns={"-2,3": ("yellow", "city")})
    st.data["ruler"] = {"yellow": "red"}
    captured(st, "blue", "yellow", "2,-3")
    assert st.data["ruler"] == {"blue": "yellow"}
    assert st.ruler_of("blue") == "yellow" and not st.allied("yellow", "red")
    assert all(economy_balanced(st, r) for r in ("red", "yellow", "blue"))


# ----- 15.66 alliance victory ------------------------------------------------------------------------
@pytest.mark.rules("15.66", "5.1")
def test_the_alliance_victory_ends_a_standard_game() -> None:
    st = game()
    st.data["ruler"] = {"blue": "red"}
    take_capital(st)  # yellow becomes red's vassal too
    assert st.result() == {"red": 1.0, "yellow": 0.0, "blue": 0.0}


@pytest.mark.rules("15.62", "10.2", "10.3")
def test_a_subjugated_capital_keeps_its_units_where_they_stand() -> None:
    """Under 15.6 nothing changes hands when a capital falls: red's infantry on the map
    stay put (not swapped to the Reserve) and blue gains no units."""
    st = game(units=[("blue", "infantry", "3,-1")])
    red_before = {u: dict(st.units[u]) for u in st.units_of("red")}
    blue_before = st.units_of("blue")
    captured(st, "red", "blue", "3,-1")
    assert {u: st.units[u] for u in st.units_of("red")} == red_before
    assert st.units_of("blue") == blue_before
    assert st.town_at("3,-1")["owner"] == "red"  # type: ignore[index]
    assert st.data["ruler"]["red"] == "blue"


@pytest.mark.rules("15.62", "9.41")
def test_units_that_landed_on_an_island_capital_go_back_aboard() -> None:
    """Red lands three infantry from his frigate on yellow's island capital and takes it:
    they leave it aboard that frigate (15.62), for they already count among its three (9.41)."""
    island = {h: "water" for h in ("1,0", "1,-1", "0,-1", "-1,0", "-1,1", "0,1")}
    st = game(tiles=island, units=[("red", "frigate", "1,0"), *[("red", "infantry", ("aboard", "1,0"))] * 3])
    for uid in ("red-i1", "red-i2"):
        st.units[uid]["hex"] = "3,0"  # out of the way: 1,0 is sea here
    frigate = "red-f6"
    for uid in ("red-i7", "red-i8", "red-i9"):
        st.apply("red", ("disembark", frigate, uid, "0,0"))
    st.rng.force([6] * 10)
    st.apply("red", ("battle", "0,0"))
    while st.frame()["state"] == "eliminate" and st.active_roles():
        st.apply("yellow", st.legal_actions("yellow")[0])
    assert st.frame()["state"] == "relocate_from_capital"
    while st.frame()["state"] == "relocate_from_capital" and st.active_roles() == ["red"]:
        uid = next(a[1] for a in st.legal_actions("red") if a[2] == "1,0")
        st.apply("red", ("relocate_unit", uid, "1,0"))
    assert st.cargo_of(frigate) == ["red-i7", "red-i8", "red-i9"]
    assert st.reserve_of("red") == []
