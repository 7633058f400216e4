"""Japan's and China's rules as functions (japan.py, china.py): Japanese imports (G21),
Japan and the Soviet Union (G17.6), Japanese infantry in jungle (C10.4), no U.S.
interception on the turn Japan brings it in (G17.3), Chinese units in China (G17.11),
their partisan-style attacks (G17.12) and lend-lease to China (F5.5, G17.4). No Pacific
scenario plays them yet (issue 23, part 3): each test builds its position by hand."""

from __future__ import annotations

import pytest
from hgw_positions import new_game
from pacific_positions import army, position

from grognard.core.errors import IllegalAction
from grognard.games.hgw.advance import advance_modifier
from grognard.games.hgw.china import (
    china_lend_lease_limit,
    chinese_partisan_attack,
    take_by_chinese_partisans,
    why_not_china_lend_lease,
    why_not_chinese_enter,
    why_not_chinese_partisans,
)
from grognard.games.hgw.japan import (
    border_strength,
    germany_attacks_soviets,
    japan_soviet_war,
    japanese_imports,
    japanese_jungle_modifier,
    may_break_imports,
    overseas_production,
    us_brought_in,
    west_coast_ports,
    why_not_imports_route,
    why_not_japan_attacks_soviets,
    why_not_soviets_attack_japan,
    why_not_us_intercepts,
)

TOKYO, KOREA, MANCHUKUO = "1977", "1872", "1370"
TONKIN = "2564"  # north French Indochina, jungle
CHINA_A, CHINA_B, CHINA_C = "1558", "1559", "1659"  # neighbours in China
MANCHU_BORDER, SOVIET_BORDER = "1369", "1270"  # either side of the Manchukuo border


@pytest.mark.rules("G21.0")
def test_japan_imports_three_points_by_a_route_to_a_us_west_coast_port() -> None:
    data = position()
    assert west_coast_ports() == ["15107", "19107"]  # Seattle, San Francisco; Hawaii is no coast
    assert japanese_imports(data, "19107", 5) == 3
    assert japanese_imports(data, "15107", 2) == 2  # no more than the route carries
    assert japanese_imports(data, "19107", 0) == 0
    assert japanese_imports(data, "25106", 5) == 0
    assert why_not_imports_route("25106") == (
        "Japan's imports come by a route to a U.S. west coast port (15107, 19107), not 25106"
    )


@pytest.mark.rules("G21.0")
def test_the_us_may_break_the_imports_only_at_war_or_once_japan_is_in_indochina() -> None:
    data = position()
    assert not may_break_imports(data)
    assert japanese_imports(data, "19107", 3, broken=True) == 3  # the attempt is refused
    data["owner"][TONKIN] = "axis"
    assert may_break_imports(data) and japanese_imports(data, "19107", 3, broken=True) == 0
    at_war = position(us_since=7)
    assert may_break_imports(at_war) and japanese_imports(at_war, "19107", 3, broken=True) == 0


@pytest.mark.rules("G21.0")
def test_production_across_the_water_counts_only_as_far_as_shipping_carries_it() -> None:
    data = position()
    for h in (TOKYO, KOREA, MANCHUKUO):
        data["owner"][h] = "axis"
    data["owner"][CHINA_A] = "allied"
    data["devastated"][MANCHUKUO] = 1
    production = {TOKYO: 4, KOREA: 2, MANCHUKUO: 3, CHINA_A: 2}
    assert overseas_production(data, 3, production) == (7, 1)  # 4 at home, 3 of Korea's 2 and Manchukuo's 2
    assert overseas_production(data, 9, production) == (8, 0)
    assert overseas_production(data, 0, production) == (4, 4)


@pytest.mark.rules("G17.6")
def test_japan_may_attack_the_soviets_only_on_the_turn_after_germany_did() -> None:
    data = position("Summer 1941")
    assert (
        why_not_japan_attacks_soviets(data)
        == "Japan may not attack the Soviet Union before Germany has (G17.6)"
    )
    germany_attacks_soviets(data)
    assert "only on the turn after" in str(why_not_japan_attacks_soviets(data))
    data["turn"] += 1
    assert why_not_japan_attacks_soviets(data) is None
    data["turn"] += 1
    assert "let its one chance pass" in str(why_not_japan_attacks_soviets(data))
    japan_soviet_war(data)  # the Soviets attacked Japan: the war is on for both
    assert why_not_japan_attacks_soviets(data) is None


@pytest.mark.rules("G17.6")
def test_the_soviets_may_attack_japan_after_germany_falls_or_against_a_thin_border() -> None:
    data = position("Spring 1944")
    army(data, "kwantung", "axis", MANCHU_BORDER, "japan", infantry=3)
    army(data, "far_east", "soviet", SOVIET_BORDER, infantry=6)
    army(data, "deep", "soviet", "1061", infantry=9)  # far from the border: not counted
    assert border_strength(data) == (3, 6)
    assert "fewer than half its points on the Manchukuo border (3 Japanese, 6 Soviet)" in str(
        why_not_soviets_attack_japan(data)
    )
    data["armies"]["far_east"]["sp"]["mechanized"] = 1
    assert why_not_soviets_attack_japan(data) is None  # 3 is fewer than half of 7
    data["armies"]["far_east"]["sp"]["mechanized"] = 0
    data["pacific"]["japan_soviet"]["germany_surrendered"] = data["turn"]
    assert why_not_soviets_attack_japan(data) is not None  # the turn after, not the same turn
    data["turn"] += 1
    assert why_not_soviets_attack_japan(data) is None


@pytest.mark.rules("C10.4")
def test_japanese_infantry_takes_two_off_an_advance_into_an_empty_jungle_hex() -> None:
    data = position()
    army(data, "jp", "axis", "2465", "japan", infantry=4, mechanized=1)
    army(data, "de", "axis", "2465", infantry=4)
    army(data, "jp_mech", "axis", "2465", "japan", mechanized=4)
    assert japanese_jungle_modifier(data, "jp", TONKIN, empty=True) == -2
    net = advance_modifier(0, "jungle", empty=True, winter=0) + japanese_jungle_modifier(
        data, "jp", TONKIN, empty=True
    )
    assert net == -1  # the jungle's plus one and Japan's minus two
    assert japanese_jungle_modifier(data, "jp", TONKIN, empty=False) == 0
    assert japanese_jungle_modifier(data, "de", TONKIN, empty=True) == 0
    assert japanese_jungle_modifier(data, "jp_mech", TONKIN, empty=True) == 0
    assert japanese_jungle_modifier(data, "jp", CHINA_A, empty=True) == 0  # not jungle


@pytest.mark.rules("G17.3")
def test_no_us_interception_on_the_japanese_turn_that_brought_the_us_in() -> None:
    data = position("Winter 1941")
    assert why_not_us_intercepts(data, "axis") is None
    us_brought_in(data, "japan")
    assert "may not intercept or search" in str(why_not_us_intercepts(data, "axis"))
    assert why_not_us_intercepts(data, "allied") is None  # the Allied player turn
    data["turn"] += 1
    assert why_not_us_intercepts(data, "axis") is None
    by_date = position("Spring 1942")
    us_brought_in(by_date, "date")
    assert why_not_us_intercepts(by_date, "axis") is None


@pytest.mark.rules("G17.11")
def test_chinese_units_stay_in_china_and_manchukuo() -> None:
    data = position()
    army(data, "nationalists", "allied", CHINA_A, "china", infantry=3)
    army(data, "communists", "soviet", CHINA_A, "chinese_communist", infantry=2)
    army(data, "burma_corps", "allied", CHINA_A, infantry=2)
    assert why_not_chinese_enter(data, "nationalists", CHINA_B) is None
    assert why_not_chinese_enter(data, "communists", MANCHUKUO) is None
    assert why_not_chinese_enter(data, "nationalists", TONKIN) == (
        "Chinese units stay in China and Manchukuo; nationalists may not enter 2564 (G17.11)"
    )
    assert why_not_chinese_enter(data, "communists", KOREA) is not None
    assert why_not_chinese_enter(data, "burma_corps", TONKIN) is None


@pytest.mark.rules("G17.12")
def test_chinese_armies_strike_like_partisans_for_free_and_do_not_advance() -> None:
    state = new_game()
    data = position()
    army(data, "first", "allied", CHINA_A, "china", infantry=3)
    army(data, "second", "allied", CHINA_C, "china", infantry=3)
    data["owner"].update({CHINA_A: "allied", CHINA_C: "allied", CHINA_B: "axis"})
    state.rng.force([3, 1])
    failed = chinese_partisan_attack(state, data, "first", CHINA_B, ())
    assert not failed.taken and failed.cost == 0
    with pytest.raises(IllegalAction, match="failed \\(a 3\\)"):
        take_by_chinese_partisans(data, failed)
    assert (
        why_not_chinese_partisans(data, "first", CHINA_B, ("first",))
        == "first has already attacked this turn"
    )
    taken = chinese_partisan_attack(state, data, "second", CHINA_B, ("first",))  # a second army, same hex
    assert taken.taken and taken.side == "allied"
    take_by_chinese_partisans(data, taken)
    assert data["owner"][CHINA_B] == "allied"
    assert data["armies"]["second"]["at"] == CHINA_C  # no advance


@pytest.mark.rules("G17.12")
def test_what_a_chinese_partisan_attack_may_strike() -> None:
    data = position()
    army(data, "first", "allied", CHINA_A, "china", infantry=3)
    army(data, "outsider", "allied", CHINA_A, infantry=3)
    data["owner"].update({CHINA_B: "axis", "1458": "axis", "1658": "soviet"})
    assert why_not_chinese_partisans(data, "first", CHINA_B, ()) is None
    assert "only Chinese armies" in str(why_not_chinese_partisans(data, "outsider", CHINA_B, ()))
    assert "is not next to 1558" in str(why_not_chinese_partisans(data, "first", "2465", ()))
    assert "in China only" in str(why_not_chinese_partisans(data, "first", "1458", ()))
    assert "1658 is not Axis" in str(why_not_chinese_partisans(data, "first", "1658", ()))
    army(data, "holder", "axis", CHINA_B, "japan", infantry=1)
    assert "no army occupies; 1559 holds holder" in str(why_not_chinese_partisans(data, "first", CHINA_B, ()))
    with pytest.raises(IllegalAction, match="no army occupies"):
        chinese_partisan_attack(new_game(), data, "first", CHINA_B, ())


@pytest.mark.rules("F5.5", "G17.4")
def test_lend_lease_to_china_two_points_unaligned_four_and_a_tac_air_at_war() -> None:
    assert china_lend_lease_limit(position()) == (2, 0)
    assert china_lend_lease_limit(position(us_since=7)) == (4, 1)
    assert china_lend_lease_limit(position(us_since=7, surrendered=("united_states",))) == (0, 0)
    data = position()
    shanghai = "2069"
    data["owner"].update({shanghai: "allied", TONKIN: "allied"})
    assert why_not_china_lend_lease(data, "china", 2, 0, shanghai, route=True) is None
    assert "not 3 and 0" in str(why_not_china_lend_lease(data, "china", 3, 0, shanghai, route=True))
    assert "not 2 and 1" in str(why_not_china_lend_lease(data, "china", 2, 1, shanghai, route=True))
    assert (
        why_not_china_lend_lease(
            position(us_since=7) | {"owner": data["owner"]}, "china", 4, 1, shanghai, route=True
        )
        is None
    )
    assert why_not_china_lend_lease(data, "chinese_communist", 1, 0, shanghai, route=True) == (
        "the Allies may not lend-lease to the Chinese Communists (G17.2)"
    )
    assert "valid supply route" in str(why_not_china_lend_lease(data, "china", 2, 0, shanghai, route=False))


@pytest.mark.rules("F5.5")
def test_lend_lease_enters_by_a_chinese_port_or_through_indochina_while_not_axis() -> None:
    data = position()
    data["owner"].update({"2069": "axis", TONKIN: "allied"})
    assert why_not_china_lend_lease(data, "china", 2, 0, TONKIN, route=True) is None  # French
    del data["owner"][TONKIN]
    assert why_not_china_lend_lease(data, "china", 2, 0, TONKIN, route=True) is None  # unaligned
    data["owner"][TONKIN] = "axis"
    assert "only while French or unaligned" in str(
        why_not_china_lend_lease(data, "china", 2, 0, TONKIN, route=True)
    )
    assert "2069 is not held by the Chinese" in str(
        why_not_china_lend_lease(data, "china", 2, 0, "2069", route=True)
    )
    assert "not 2562" in str(why_not_china_lend_lease(data, "china", 2, 0, "2562", route=True))  # Burma


@pytest.mark.rules("G17.6", "G17.3", "G21.0")
def test_asking_the_pacific_rules_changes_nothing() -> None:
    data = position("Summer 1941")
    del data["pacific"]
    army(data, "kwantung", "axis", MANCHU_BORDER, "japan", infantry=3)
    before = repr(data)
    assert why_not_japan_attacks_soviets(data) is not None
    assert why_not_soviets_attack_japan(data) is not None
    assert why_not_us_intercepts(data, "axis") is None
    assert japanese_imports(data, "19107", 3, broken=True) == 3
    assert china_lend_lease_limit(data) == (2, 0)
    assert repr(data) == before
