"""How to win (5.0-5.5, the turn limit) and the one-to-one economy (8.0-8.2)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from grognard.core.errors import BadOptions
from grognard.games.viktory2 import RULESET, position, victory
from grognard.games.viktory2.state import Viktory2State
from grognard.games.viktory2.victory import economy_balanced, units_supported

MISSES = [6] * 12  # every die of a battle misses


def board(**kw: Any) -> Viktory2State:
    kw.setdefault("player", "red")
    return position.build(**kw)


# ----- 8.0-8.2 economy ---------------------------------------------------------------------
@pytest.mark.rules("8.0", "8.1", "8.2")
def test_a_city_in_each_terrain_supports_the_rulebook_example_army() -> None:
    st = board(
        tiles={"0,0": "plains", "2,0": "grassland", "0,2": "mountain", "-2,0": "forest"},
        towns={h: ("red", "city") for h in ("0,0", "2,0", "0,2", "-2,0")},
    )
    assert units_supported(st, "red") == Counter(infantry=5, cavalry=1, artillery=1, frigate=1)


@pytest.mark.rules("8.1")
def test_a_town_supports_one_infantry_whatever_its_terrain() -> None:
    st = board(tiles={"0,0": "mountain", "2,0": "forest"},
               towns={"0,0": ("red", "town"), "2,0": ("red", "town")})
    assert units_supported(st, "red") == Counter(infantry=2)


@pytest.mark.rules("8.0")
def test_economy_counts_map_reserve_and_cargo() -> None:
    st = board(
        tiles={"0,0": "forest", "1,0": "water", "2,0": "plains"},
        towns={"0,0": ("red", "city"), "2,0": ("red", "town")},
        units=[("red", "frigate", "1,0"), ("red", "infantry", ("aboard", "1,0")), ("red", "infantry", None)],
    )
    assert economy_balanced(st, "red")
    st.remove_unit(st.reserve_of("red")[0])
    assert not economy_balanced(st, "red")  # one unit short
    st.add_unit("red", "cavalry")
    assert not economy_balanced(st, "red")  # the right count, the wrong type


@pytest.mark.rules("8.0", "7.4")
def test_building_keeps_the_economy_balanced() -> None:
    base = board(
        tiles={"0,0": "grassland", "1,0": "plains", "2,0": "plains", "-1,0": "plains", "0,-1": "plains",
               "1,-1": "plains", "-1,1": "plains", "0,1": "plains"},
        towns={"0,0": ("red", "town")}, capitals={"red": "0,0"},
        units=[("red", "infantry", "0,0")], step="build",
    )
    town = base.clone()
    town.apply("red", ("build_town", "2,0"))
    assert economy_balanced(town, "red") and len(town.units_of("red")) == 2
    city = base.clone()
    city.apply("red", ("build_city", "0,0"))
    assert economy_balanced(city, "red")
    assert sorted(city.units[u]["type"] for u in city.units_of("red")) == ["cavalry", "infantry"]


def conquest(players: int = 2, **kw: Any) -> Viktory2State:
    """Red (capital: a plains city at 3,-1) stands next to yellow's grassland city at
    0,0; yellow's capital is a town at -2,2."""
    tiles = {"0,0": "grassland", "1,0": "plains", "2,0": "plains", "3,-1": "plains", "-2,2": "plains",
             "-1,0": "plains", "0,-1": "plains", "1,-1": "plains", "-1,1": "plains", "0,1": "plains",
             "-3,3": "plains", "2,-3": "plains"}
    towns = {"0,0": ("yellow", "city"), "3,-1": ("red", "city"), "-2,2": ("yellow", "town")}
    capitals = {"red": "3,-1", "yellow": "-2,2"}
    units = [("red", "infantry", "1,0"), ("red", "infantry", "1,0"),
             ("yellow", "infantry", "-2,2"), ("yellow", "infantry", None), ("yellow", "cavalry", "-1,1")]
    if players == 3:
        towns["2,-3"] = ("blue", "town")
        capitals["blue"] = "2,-3"
        units.append(("blue", "infantry", "2,-3"))
    return board(players=players, tiles=tiles, towns=towns, capitals=capitals, units=units, **kw)


def attack(st: Viktory2State, hex_: str, *uids: str) -> None:
    for uid in uids:
        st.apply("red", ("move", uid, hex_))
    st.rng.force(MISSES)
    st.apply("red", ("battle", hex_))


@pytest.mark.rules("8.0", "10.2", "10.3")
def test_conquest_keeps_both_economies_balanced() -> None:
    st = conquest()
    assert economy_balanced(st, "red") and economy_balanced(st, "yellow")
    attack(st, "0,0", "red-i1", "red-i2")
    assert st.town_at("0,0") == {"owner": "red", "city": True, "built": 0}
    # yellow chooses which infantry goes (Reserve or map); the cavalry is the only one
    assert st.active_roles() == ["yellow"]
    st.apply("yellow", st.legal_actions("yellow")[0])
    assert st.frame()["state"] == "move"
    assert economy_balanced(st, "red") and economy_balanced(st, "yellow")
    assert Counter(st.units[u]["type"] for u in st.units_of("red")) == Counter(infantry=3, cavalry=1)


# ----- 5.1 standard conquest ------------------------------------------------------------------
@pytest.mark.rules("5.1")
def test_losing_the_last_town_eliminates_and_the_last_player_wins() -> None:
    st = board(
        tiles={"0,0": "plains", "1,0": "plains", "3,-1": "plains"},
        towns={"0,0": ("yellow", "town"), "3,-1": ("red", "city")},
        capitals={"red": "3,-1", "yellow": "0,0"},
        units=[("red", "infantry", "1,0"), ("red", "infantry", "1,0")],
    )
    attack(st, "0,0", "red-i1")
    assert st.data["eliminated"] == ["yellow"]
    assert st.result() == {"red": 1.0, "yellow": 0.0}
    assert st.is_over() and st.active_roles() == []


@pytest.mark.rules("5.1")
def test_with_three_players_the_game_goes_on_without_the_eliminated_one() -> None:
    st = board(
        players=3,
        tiles={"0,0": "plains", "1,0": "plains", "3,-1": "plains", "-3,3": "plains"},
        towns={"0,0": ("yellow", "town"), "3,-1": ("red", "city"), "-3,3": ("blue", "town")},
        capitals={"red": "3,-1", "yellow": "0,0", "blue": "-3,3"},
        units=[("red", "infantry", "1,0"), ("red", "infantry", "1,0"), ("blue", "infantry", "-3,3")],
    )
    attack(st, "0,0", "red-i1")
    assert st.data["eliminated"] == ["yellow"] and st.result() is None
    assert st.alive() == ["red", "blue"]


@pytest.mark.rules("5.1")
def test_eliminate_player_clears_his_units_and_alliances() -> None:
    st = board(players=3, towns={"0,0": ("red", "town")}, capitals={"red": "0,0", "yellow": "2,0"},
               units=[("yellow", "infantry", None), ("red", "infantry", "0,0")])
    st.data["ruler"] = {"blue": "yellow"}
    victory.eliminate_player(st, "yellow")
    assert st.units_of("yellow") == [] and st.data["ruler"] == {}
    assert "yellow" in st.data["eliminated"]


@pytest.mark.rules("5.1", "4.0")
def test_a_player_without_a_capital_yet_is_not_eliminated() -> None:
    st = board(towns={"0,0": ("red", "town")}, capitals={"red": "0,0"})
    victory.check(st)
    assert st.data["eliminated"] == [] and st.result() is None


# ----- 5.2 subjugation conquest, 15.66 -----------------------------------------------------------
@pytest.mark.rules("5.2", "15.66")
def test_subjugation_victory_when_every_other_player_is_a_vassal() -> None:
    st = board(players=3, options={"victory": "subjugation", "subjugation": True},
               towns={"0,0": ("red", "town"), "2,0": ("yellow", "town"), "0,2": ("blue", "town")},
               capitals={"red": "0,0", "yellow": "2,0", "blue": "0,2"})
    st.data["ruler"] = {"yellow": "red"}
    victory.check(st)
    assert st.result() is None  # blue is still free
    st.data["ruler"]["blue"] = "red"
    victory.check(st)
    assert st.result() == {"red": 1.0, "yellow": 0.0, "blue": 0.0}


@pytest.mark.rules("5.2")
def test_subjugation_victory_needs_the_subjugation_rule() -> None:
    with pytest.raises(BadOptions):
        RULESET.resolve(None, {"victory": "subjugation"})


# ----- 5.3 shorter conquest ----------------------------------------------------------------------
def shorter(**kw: Any) -> Viktory2State:
    return board(
        players=3, options={"victory": "shorter"},
        tiles={"0,0": "plains", "1,0": "plains", "3,-1": "plains", "-3,3": "plains", "-3,0": "plains",
               "0,-3": "plains", "3,0": "plains"},
        towns={"0,0": ("yellow", "city"), "-3,0": ("yellow", "city"), "0,-3": ("yellow", "city"),
               "3,-1": ("red", "city"), "-3,3": ("blue", "city"), **kw.pop("towns", {})},
        capitals={"red": "3,-1", "yellow": "0,0", "blue": "-3,3"},
        units=[("red", "infantry", "1,0"), ("red", "infantry", "1,0")], **kw,
    )


@pytest.mark.rules("5.3")
def test_the_first_captured_capital_ends_the_game_at_once() -> None:
    st = shorter(towns={"3,0": ("red", "town")})
    attack(st, "0,0", "red-i1")
    # red: 2 cities + 1 town = 5; blue: 2; yellow (6 before, 4 now) lost his capital: out
    assert st.result() == {"red": 1.0, "yellow": 0.0, "blue": 0.0}
    assert "red wins (shorter conquest: largest empire)" in st.log_for(None)


@pytest.mark.rules("5.3")
def test_shorter_conquest_excludes_the_loser_even_with_the_largest_empire() -> None:
    st = shorter()
    attack(st, "0,0", "red-i1")
    # red 4, blue 2, yellow still 4 but he lost his capital: red alone wins
    assert st.result() == {"red": 1.0, "yellow": 0.0, "blue": 0.0}


@pytest.mark.rules("5.3")
def test_tied_empires_share_the_win() -> None:
    st = shorter()
    st.data["towns"]["0,0"]["owner"] = "red"  # red took yellow's capital: red 4 ...
    st.data["towns"]["2,-3"] = {"owner": "blue", "city": True, "built": 0}  # ... blue 4
    victory.check(st)
    assert st.result() == {"red": 0.5, "yellow": 0.0, "blue": 0.5}


@pytest.mark.rules("5.3")
def test_shorter_conquest_goes_on_while_every_capital_stands() -> None:
    st = shorter()
    victory.check(st)
    assert st.result() is None


# ----- 5.4 race for dominance ------------------------------------------------------------------------
def race(points: int) -> Viktory2State:
    return board(
        options={"victory": "race", "race_points": points},
        tiles={"0,0": "plains", "2,0": "plains", "-3,3": "plains", "-3,1": "plains"},
        towns={"0,0": ("red", "city"), "2,0": ("red", "town"), "-3,3": ("yellow", "city"),
               "-3,1": ("yellow", "city")},
        capitals={"red": "0,0", "yellow": "-3,3"}, step="reserves",
    )


@pytest.mark.rules("5.4")
def test_the_race_is_won_at_the_start_of_the_players_turn() -> None:
    st = race(4)
    # red has 3 points, yellow 4: red's turn ends, yellow wins before building
    st.apply("red", ("end_turn",))
    assert st.result() == {"red": 0.0, "yellow": 1.0}
    assert st.frame()["state"] == "start_turn"  # the Building Phase never began


@pytest.mark.rules("5.4")
def test_the_race_is_not_won_below_the_mark() -> None:
    st = race(5)
    st.apply("red", ("end_turn",))
    assert st.result() is None and st.frame()["state"] in ("build", "move")


@pytest.mark.rules("5.4")
def test_the_race_is_judged_only_at_turn_start() -> None:
    st = race(3)  # red has 3 now, in the middle of his turn
    victory.check(st)
    assert st.result() is None


# ----- 5.5 the Doomsday Clock --------------------------------------------------------------------------
def doomsday() -> Viktory2State:
    return board(
        options={"victory": "doomsday"},
        tiles={"0,0": "plains", "2,0": "plains", "-3,3": "plains"},
        towns={"0,0": ("red", "city"), "2,0": ("red", "town"), "-3,3": ("yellow", "city")},
        capitals={"red": "0,0", "yellow": "-3,3"},
    )


@pytest.mark.rules("5.5")
def test_the_clock_does_not_run_before_a_city_is_captured() -> None:
    st = doomsday()
    draws = st.rng.draws
    victory.at_turn_start(st, "red")
    assert st.rng.draws == draws and st.data["doomsday"]["marked"] == []


@pytest.mark.rules("5.5")
def test_a_captured_town_does_not_start_the_clock_but_a_city_does() -> None:
    st = doomsday()
    st.data["towns"]["2,0"]["owner"] = "yellow"
    victory.check(st)
    victory.check(st)
    assert not st.data["doomsday"]["started"]
    st.data["towns"]["-3,3"]["owner"] = "red"
    victory.check(st)
    assert st.data["doomsday"]["started"]


@pytest.mark.rules("5.5")
def test_a_one_marks_the_capital_and_the_last_mark_ends_the_game() -> None:
    st = doomsday()
    victory.note_city_captured(st)
    st.rng.force([2])
    victory.at_turn_start(st, "red")
    assert st.data["doomsday"]["marked"] == []
    st.rng.force([1])
    victory.at_turn_start(st, "red")
    assert st.data["doomsday"]["marked"] == ["red"]
    draws = st.rng.draws
    victory.at_turn_start(st, "red")  # a marked player rolls no more
    assert st.rng.draws == draws and st.result() is None
    st.rng.force([1])
    victory.at_turn_start(st, "yellow")
    # every capital marked: empires scored, red 3 beats yellow 2
    assert st.result() == {"red": 1.0, "yellow": 0.0}


@pytest.mark.rules("5.5")
def test_the_clock_rolls_at_turn_start_through_the_flow() -> None:
    st = doomsday()
    st.data["doomsday"]["marked"] = ["red"]
    victory.note_city_captured(st)
    st.data["flow"] = [{"state": "reserves", "role": "red"}]
    st.rng.force([1])
    st.apply("red", ("end_turn",))
    assert "yellow rolls 1 (Doomsday Clock)" in st.log_for(None)
    assert st.result() == {"red": 1.0, "yellow": 0.0}


@pytest.mark.rules("5.5")
def test_the_clock_only_runs_in_a_doomsday_game() -> None:
    st = board(tiles={"0,0": "plains"}, towns={"0,0": ("red", "city")}, capitals={"red": "0,0"})
    victory.note_city_captured(st)
    draws = st.rng.draws
    victory.at_turn_start(st, "red")
    assert st.rng.draws == draws


# ----- the turn limit (our addition) -----------------------------------------------------------------
def limited(limit: int) -> Viktory2State:
    return board(
        options={"turn_limit": limit},
        tiles={"0,0": "plains", "2,0": "plains", "-3,3": "plains"},
        towns={"0,0": ("red", "city"), "-3,3": ("yellow", "city"), "2,0": ("yellow", "town")},
        capitals={"red": "0,0", "yellow": "-3,3"}, step="reserves",
    )


def end_turn(st: Viktory2State) -> None:
    role = st.data["turn"]["player"]
    if st.frame()["state"] == "build":
        st.apply(role, ("skip_build",))
    if st.frame()["state"] == "move":
        st.apply(role, ("end_moves",))
    st.apply(role, ("end_turn",))


@pytest.mark.rules("5.0")
@pytest.mark.parametrize("value", ["race,doomsday", ["race", "doomsday"], "shorter race"])
def test_only_one_victory_condition_is_chosen(value: Any) -> None:
    """5.0 lets players agree on "condition(s)"; we take exactly one (see
    docs/viktory2-design.md), so a combination is refused with the choices named."""
    with pytest.raises(BadOptions, match="is not one of standard, subjugation, shorter, race, doomsday"):
        RULESET.resolve(None, {"victory": value})
    assert RULESET.resolve(None, {"victory": "race"})[1]["victory"] == "race"


@pytest.mark.rules("5.0")
def test_the_turn_limit_ends_the_game_after_full_rounds_scored_by_empire() -> None:
    st = limited(2)
    for _ in range(3):
        end_turn(st)
        assert st.result() is None
    end_turn(st)  # yellow ends round 2
    assert st.result() == {"red": 0.0, "yellow": 1.0}
    assert "yellow wins (turn limit of 2 rounds: largest empire)" in st.log_for(None)


@pytest.mark.rules("5.0")
def test_no_turn_limit_when_it_is_zero() -> None:
    st = limited(0)
    for _ in range(6):
        end_turn(st)
    assert st.result() is None


@pytest.mark.rules("5.0")
def test_repeated_checks_count_a_round_once() -> None:
    st = limited(2)
    end_turn(st)
    end_turn(st)
    for _ in range(3):
        victory.check(st)
    assert st.data["rounds"] == 1 and st.result() is None


@pytest.mark.rules("8.0")
@pytest.mark.parametrize("options", [{"players": 3}, {"players": 3, "subjugation": True}])
def test_random_play_keeps_every_economy_balanced(options: dict[str, Any]) -> None:
    """At every phase question of random games (conquests included), each player's
    units are exactly those his towns and cities support."""
    import random

    from grognard.games.viktory2 import RULESET

    for seed in range(2):
        st = RULESET.new_game(options={**options, "turn_limit": 20}, seed=seed)
        st.keep_undo = False
        pick = random.Random(seed)
        while not st.is_over():
            if st.frame()["state"] in ("build", "move", "reserves"):
                assert all(economy_balanced(st, r) for r in st.alive()), st.frame()
            role = st.active_roles()[0]
            st.apply(role, pick.choice(st.legal_actions(role)))
