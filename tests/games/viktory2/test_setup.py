"""Starting the game (4.0): first player, turn order, capitals and the water fallback."""

from __future__ import annotations

import pytest

from grognard.games.viktory2 import RULESET, position, setup
from grognard.games.viktory2.position import force_tiles
from grognard.games.viktory2.state import Viktory2State

RED_STARTS = ["2,-1", "3,-2", "3,-1"]
YELLOW_STARTS = ["-3,1", "-3,2", "-2,1"]


def fresh(
    players: int = 2,
    towns: dict[str, tuple[str, str]] | None = None,
    options: dict[str, object] | None = None,
) -> Viktory2State:
    """A state before 4.0: empty board of radius 3, red and yellow on the 2-player starts."""
    stock = {t: 20 for t in ("plains", "grassland", "forest", "mountain", "water")}
    st = position.build(players=players, stock=stock, towns=towns, options=options)
    st.data["turns"] = 0
    st.data["starts"] = {"red": list(RED_STARTS), "yellow": list(YELLOW_STARTS)}
    if players == 3:
        st.data["starts"]["blue"] = ["0,-3", "0,-2", "1,-3"]
    return st


@pytest.mark.rules("4.0")
def test_first_player_is_drawn_and_play_goes_clockwise_from_him() -> None:
    st = fresh(players=3)
    st.rng.force([1])  # the draw picks the second seat: yellow
    setup.begin(st)
    assert st.data["order"] == ["yellow", "blue", "red"]
    states = [(f["state"], f["role"]) for f in st.flow]
    assert states == [
        ("start_turn", "yellow"),
        ("choose_capital", "red"),
        ("choose_capital", "blue"),
        ("choose_capital", "yellow"),
    ]
    assert st.active_roles() == ["yellow"]


@pytest.mark.rules("4.0")
def test_every_seat_can_be_drawn_first() -> None:
    firsts = {RULESET.new_game(options={"players": 3}, seed=s).data["order"][0] for s in range(20)}
    assert firsts == {"red", "yellow", "blue"}
    for s in range(5):
        order = RULESET.new_game(options={"players": 3}, seed=s).data["order"]
        i = order.index("red")
        assert order[i:] + order[:i] == ["red", "yellow", "blue"]


@pytest.mark.rules("4.0")
def test_capital_is_offered_only_on_revealed_land_starting_hexes() -> None:
    st = fresh()
    st.rng.force([0])  # red first
    force_tiles(st, ["water", "plains", "forest"])  # reveals go in hex order: 2,-1 3,-1 3,-2
    setup.begin(st)
    assert st.terrain("2,-1") == "water"
    assert st.legal_actions("red") == [("capital", "3,-1"), ("capital", "3,-2")]
    assert all(st.terrain(h) is None for h in YELLOW_STARTS)  # yellow's turn to reveal comes later


@pytest.mark.rules("4.0", "7.3", "7.4")
def test_capital_is_a_town_with_its_infantry_placed_in_it() -> None:
    st = fresh()
    st.rng.force([0])
    force_tiles(st, ["plains", "plains", "plains"])
    setup.begin(st)
    st.apply("red", ("capital", "3,-1"))
    assert st.data["capitals"]["red"] == "3,-1"
    assert st.data["towns"]["3,-1"] == {"owner": "red", "city": False, "built": 0}
    assert all(st.is_revealed(n) for n in st.neighbors("3,-1"))
    (uid,) = st.units_of("red")
    assert st.unit(uid)["type"] == "infantry" and st.unit(uid)["hex"] == "3,-1"
    assert st.reserve_of("red") == []
    # Yellow's frame has run: its starting hexes are shown and it chooses next.
    assert st.frame()["state"] == "choose_capital" and st.active_roles() == ["yellow"]
    assert all(st.is_revealed(h) for h in YELLOW_STARTS)


@pytest.mark.rules("4.0")
def test_all_water_starts_reveal_the_hexes_around_them() -> None:
    st = fresh()
    ring = sorted({n for h in RED_STARTS for n in st.neighbors(h)} - set(RED_STARTS))
    face_down = [h for h in ring if st.terrain(h) is None]
    st.rng.force([0])
    force_tiles(st, ["water"] * 3 + ["water"] * (len(face_down) - 1) + ["mountain"])
    setup.begin(st)
    assert all(st.is_revealed(h) for h in ring)
    assert st.legal_actions("red") == [("capital", face_down[-1])]


@pytest.mark.rules("4.0")
def test_water_fallback_repeats_until_land_is_found() -> None:
    st = fresh()
    ring1 = {n for h in RED_STARTS for n in st.neighbors(h)} - set(RED_STARTS)
    first = sorted(h for h in ring1 if st.terrain(h) is None)
    inner = set(RED_STARTS) | ring1
    ring2 = {n for h in inner for n in st.neighbors(h)} - inner
    second = sorted(h for h in ring2 if st.terrain(h) is None)
    st.rng.force([0])
    force_tiles(st, ["water"] * (3 + len(first)) + ["grassland"] + ["water"] * (len(second) - 1))
    setup.begin(st)
    assert all(st.is_revealed(h) for h in ring2)
    assert st.legal_actions("red") == [("capital", second[0])]
    assert all(st.terrain(h) is None for h in YELLOW_STARTS if h not in ring2)


@pytest.mark.rules("4.0", "7.21")
def test_capital_may_not_stand_next_to_another_town() -> None:
    st = fresh(towns={"1,-1": ("yellow", "town")})
    st.rng.force([0])
    force_tiles(st, ["plains", "plains", "plains"])
    setup.begin(st)
    # 2,-1 touches yellow's town at 1,-1; the two other starting hexes do not.
    assert st.legal_actions("red") == [("capital", "3,-1"), ("capital", "3,-2")]


@pytest.mark.rules("4.0")
def test_after_the_capitals_the_first_player_starts_his_turn() -> None:
    st = RULESET.new_game(options={"players": 2}, seed=11)
    assert isinstance(st, Viktory2State)
    first, second = st.data["order"]
    st.apply(first, st.legal_actions(first)[0])
    st.apply(second, st.legal_actions(second)[0])
    assert set(st.data["capitals"]) == {first, second}
    frame = st.frame()
    assert frame["state"] == "build" and frame["role"] == first
    assert st.data["turn"]["player"] == first and st.data["turn"]["number"] == 1
    assert [f["state"] for f in st.flow] == ["build"]


@pytest.mark.rules("4.0", "15.3")
def test_capital_exploration_may_be_rebalanced() -> None:
    st = fresh(options={"exploration_balancing": True})
    st.rng.force([0])
    force_tiles(st, ["plains", "plains", "plains"])
    setup.begin(st)
    hidden = [n for n in st.neighbors("2,-1") if st.terrain(n) is None]
    force_tiles(st, ["water"] * len(hidden))
    st.apply("red", ("capital", "2,-1"))
    frame = st.frame()
    assert frame["state"] == "rebalance" and frame["role"] == "red"
    assert frame["water"] == sorted(hidden)
    st.apply("red", ("keep_water",))
    assert st.frame()["state"] == "choose_capital" and st.frame()["role"] == "yellow"
