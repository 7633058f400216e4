"""The rulebook's worked combat examples, replayed move by move with forced dice.

Both maps are pictures in the rulebook; each test builds a small position that fits
the text and says what it assumes. Axial hex ids "q,r"; the neighbours of 0,0 are
1,0 / 1,-1 / 0,-1 / -1,0 / -1,1 / 0,1.
"""

from __future__ import annotations

import pytest

from grognard.core import hexgrid
from grognard.games.viktory2 import position
from grognard.games.viktory2.state import Viktory2State


def full_tiles(named: dict[str, str], default: str = "plains") -> dict[str, str]:
    """Every interior tile face up, so no move reveals a tile (a reveal would draw
    from the RNG and eat the forced dice)."""
    tiles = {hexgrid.hex_id(h): default for h in hexgrid.disk((0, 0), 3)}
    tiles.update(named)
    return tiles


def types(st: Viktory2State, uids: list[str]) -> list[str]:
    return sorted(st.units[u]["type"] for u in uids)


@pytest.mark.rules("11.0", "11.1", "11.2", "10.1", "10.2", "10.7")
def test_bombard_attack_example() -> None:
    """Section 11, Bombard Attack Example.

    Assumed map: red's artillery starts on grassland at -1,0, three hexes from
    yellow's frigate at sea in 1,1, and moves one hex to the grassland 0,0. From
    there the frigate is two hexes away along a hexside: the two hexes in between
    are a mountain (1,0) and plains (0,1). Everything else is plains; the board is
    fully revealed so that moving reveals nothing.
    """
    tiles = full_tiles({"-1,0": "grassland", "0,0": "grassland", "1,0": "mountain", "0,1": "plains",
                        "1,1": "water"})
    st = position.build(tiles=tiles, units=[("red", "artillery", "-1,0"), ("yellow", "frigate", "1,1")])
    art, frigate = "red-a1", "yellow-f2"
    assert st.distance("-1,0", "1,1") == 3
    assert not [a for a in st.legal_actions("red") if a[0] == "bombard"]  # out of range

    st.apply("red", ("move", art, "0,0"))
    assert st.data["turn"]["mp"][art] == 1  # one movement point left
    # two hexes away: in range (11.0); the mountain blocks, the plains hex does not (11.2)
    assert ("bombard", art, "1,1") in st.legal_actions("red")

    st.rng.force([1])
    st.apply("red", ("bombard", art, "1,1"))
    # a 1 is a tactical victory, but with one target nobody is asked (10.1)
    assert "red rolls 1 (bombard)" in st.log_for(None)
    assert st.reserve_of("yellow") == [frigate]  # 10.2 to the Reserve
    assert st.units[art]["hex"] == "0,0"  # 11.1 no return fire
    # 10.7 the attack ends the artillery's movement despite its last point
    assert not [a for a in st.legal_actions("red") if a[0] == "move" and a[1] == art]
    assert st.frame()["state"] == "move" and st.active_roles() == ["red"]


@pytest.mark.rules("12.3", "12.31", "12.32", "10.1", "10.2", "10.3", "11.2", "11.3", "9.47", "13.2")
def test_battle_attack_example() -> None:
    """Section 12, Battle Attack Example.

    Assumed map: yellow's mountain city at 0,0 (not yellow's capital: that is a town
    at 2,-2 holding one more yellow infantry, so that yellow really has a choice when
    it eliminates an infantry). Two water hexes touch the city, 1,0 (yellow's frigate)
    and 0,-1 (where red's frigate stops); they are two hexes apart along a hexside,
    with the city and the grassland 1,-1 in between, as the text's line of sight
    requires. Red's frigate starts at 0,-2 beside the forest -1,-1 holding red's two
    artillery and one infantry. Red's two infantry and cavalry stand on the plains
    -2,1, two hexes from the city through the grassland -1,1. Red's capital is a
    town far away at -3,3. The rest is plains, all revealed.

    The rulebook shows the dice as pictures; the forced values match the text:
    bombard 5; pre-battle fire 5 then 1; attack 1, 2, 3, 5; defence 1, 1, 3.
    """
    tiles = full_tiles({
        "0,0": "mountain", "1,0": "water", "0,-1": "water", "1,-1": "grassland",
        "0,-2": "water", "-1,-1": "forest", "-2,1": "plains", "-1,1": "grassland",
    })
    st = position.build(
        tiles=tiles,
        towns={"0,0": ("yellow", "city"), "2,-2": ("yellow", "town"), "-3,3": ("red", "town")},
        capitals={"yellow": "2,-2", "red": "-3,3"},
        units=[
            ("yellow", "infantry", "0,0"), ("yellow", "infantry", "0,0"), ("yellow", "artillery", "0,0"),
            ("yellow", "frigate", "1,0"), ("yellow", "infantry", "2,-2"),
            ("red", "frigate", "0,-2"),
            ("red", "artillery", "-1,-1"), ("red", "artillery", "-1,-1"), ("red", "infantry", "-1,-1"),
            ("red", "infantry", "-2,1"), ("red", "infantry", "-2,1"), ("red", "cavalry", "-2,1"),
        ],
    )
    yi1, yi2, ya, yf, yi_cap = "yellow-i1", "yellow-i2", "yellow-a3", "yellow-f4", "yellow-i5"
    rf, ra1, ra2, ri3 = "red-f6", "red-a7", "red-a8", "red-i9"
    ri1, ri2, rc = "red-i10", "red-i11", "red-c12"

    # The frigate loads the artillery and infantry from the forest and sails next to the city.
    for uid in (ra1, ra2, ri3):
        st.apply("red", ("embark", rf, uid))
    st.apply("red", ("move", rf, "0,-1"))

    # 11.3 it bombards yellow's frigate first, across the grassland (the city blocks, 11.2).
    assert ("bombard", rf, "1,0") in st.legal_actions("red")
    st.rng.force([5])
    st.apply("red", ("bombard", rf, "1,0"))
    assert "the bombardment misses" in st.log_for(None) and st.units[yf]["hex"] == "1,0"

    # 11.3 after bombarding, it still lands its cargo (9.47 straight into the enemy city).
    for uid in (ra1, ra2, ri3):
        st.apply("red", ("disembark", rf, uid, "0,0"))
    for uid in (ri1, ri2, rc):
        st.apply("red", ("move", uid, "-1,1"))
        st.apply("red", ("move", uid, "0,0"))
    assert types(st, [u for u in st.units_at("0,0") if u.startswith("red")]) == [
        "artillery", "artillery", "cavalry", "infantry", "infantry", "infantry"]

    st.rng.force([5, 1, 1, 2, 3, 5, 1, 1, 3])
    st.apply("red", ("battle", "0,0"))
    # Pre-battle fire: a miss, then a 1: red picks yellow's artillery.
    assert st.log_for(None)[-1] == "red rolls 5 1 (pre-battle artillery fire)"
    assert st.active_roles() == ["red"] and st.legal_actions("red") == [("hit", ya), ("hit", yi1)]
    st.apply("red", ("hit", ya))
    # Attacker's round: four dice (infantry 1, cavalry 2, artillery 1), three hits: both
    # infantry are hit without a question, one excess hit suppresses a defender die.
    log = st.log_for(None)
    assert "red rolls 1 2 3 5 (attack, round 1)" in log
    assert log.count("a yellow infantry is hit") == 2
    assert "yellow loses 1 unit die to suppression" in log
    # Defender's round: 0 infantry dice (suppressed) + 2 mountain/city + 1 naval support.
    assert "yellow rolls 1 1 3 (defence, round 1)" in log
    # Two tactical victories: yellow picks red's cavalry and an artillery.
    assert st.active_roles() == ["yellow"]
    assert st.legal_actions("yellow") == [("hit", ra1), ("hit", rc), ("hit", ri1)]  # smallest ids
    st.apply("yellow", ("hit", rc))
    st.apply("yellow", ("hit", ra1))
    # The 3: red picks its own loss, one infantry.
    assert st.active_roles() == ["red"] and st.legal_actions("red") == [("hit", ra2), ("hit", ri1)]
    st.apply("red", ("hit", ri1))

    # Red wins and takes the mountain city, still a city.
    log = st.log_for(None)
    assert "red wins the battle at 0,0" in log
    assert st.town_at("0,0") == {"owner": "red", "city": True, "built": 0}
    assert types(st, [u for u in st.units_at("0,0")]) == ["artillery", "infantry", "infantry"]
    assert st.units[yf]["hex"] == "1,0"  # the supporting frigate is never a casualty

    # 10.2 yellow eliminates one infantry and one artillery: it chooses the infantry
    # just lost to its Reserve rather than the one in its capital; the artillery is
    # its only one, so that goes without a question.
    assert st.frame()["state"] == "eliminate" and st.active_roles() == ["yellow"]
    assert st.legal_actions("yellow") == [("eliminate", yi1), ("eliminate", yi_cap)]
    st.apply("yellow", ("eliminate", yi1))
    assert yi1 not in st.units and ya not in st.units
    assert st.reserve_of("yellow") == [yi2]
    assert st.units[yi_cap]["hex"] == "2,-2"

    # 10.3 red adds an infantry and an artillery to its Reserve, beside its three losses.
    assert types(st, st.reserve_of("red")) == ["artillery", "artillery", "cavalry", "infantry", "infantry"]
    assert st.frame()["state"] == "move" and st.active_roles() == ["red"]

    # 13.2 yellow's adjacent frigate forbids placing in the captured city this turn.
    st.apply("red", ("end_moves",))
    assert st.frame()["state"] == "reserves"
    places = [a for a in st.legal_actions("red") if a[0] == "place"]
    assert places and not [a for a in places if a[2] == "0,0"]
