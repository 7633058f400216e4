"""The Pacific rules as the scenarios play them (issue 23 section 2, wave 6): each rule
function of japan.py, china.py, australia.py and pacific_politics.py run by the engine at
its point of the turn in Campaign Game IV (world_war.py) and, where its dates and sides
allow, The Pacific War. Each test builds its position from a new game."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.games.hgw import RULESET, HgwState, world_war
from grognard.games.hgw.geography import geography
from grognard.games.hgw.pacific_politics import us_capitals, us_surrenders

CG4, PACIFIC_WAR = "campaign_4", "pacific_war"
US_BOX, SAN_FRANCISCO, SEATTLE, HAWAII, MANILA = "1909", "19107", "15107", "25106", "3072"


_FRESH: dict[str, HgwState] = {}


def new_game(scenario: str = CG4) -> HgwState:
    """A copy of the scenario's game at its start (seed 1), made once per test run."""
    if scenario not in _FRESH:
        state = RULESET.new_game(scenario, {}, seed=1)
        assert isinstance(state, HgwState)
        _FRESH[scenario] = state
    copy = _FRESH[scenario].clone()
    assert isinstance(copy, HgwState)
    return copy


def logged(state: HgwState, text: str) -> bool:
    return any(text in line for line in state.log_for(None))


def us_at_war(state: HgwState) -> None:
    pol: dict[str, Any] = state.data["politics"]
    pol["us_since"] = state.data["turn"]
    pol["unaligned"] = [n for n in pol["unaligned"] if n != "united_states"]


@pytest.mark.rules("G15.0")
def test_campaign_game_iv_plays_the_us_surrender_with_washington_as_the_us_box() -> None:
    state = new_game()
    data = state.data
    us_at_war(state)
    assert us_capitals(data) == [US_BOX, SAN_FRANCISCO, SEATTLE, HAWAII]  # Washington 1809 is in the box
    data["owner"].update(dict.fromkeys((US_BOX, SAN_FRANCISCO, SEATTLE), "axis"))
    data["owner"][HAWAII] = "allied"
    world_war.end_of_combat(state, "axis")
    assert "united_states" not in data["politics"]["surrendered"]
    data["owner"][HAWAII] = "axis"
    data["armies"]["hawaiian"].update(at=HAWAII, sp={**data["armies"]["hawaiian"]["sp"], "infantry": 1})
    data["owner"][MANILA] = "allied"
    world_war.end_of_combat(state, "axis")
    assert "united_states" in data["politics"]["surrendered"]
    assert data["owner"]["0898"] == "axis" and data["devastated"].get(US_BOX)  # Alaska; the box devastated
    assert data["armies"]["hawaiian"]["at"] is None  # G15.2: eliminated in Hawaii
    assert "nation" not in data["armies"]["usaffe"]  # G15.3: Manila is Allied, USAFFE fights on
    assert logged(state, "the United States surrenders") and logged(state, "USAFFE fights on")


@pytest.mark.rules("G15.0")
def test_the_pacific_war_has_no_us_surrender_since_washington_is_out_of_play() -> None:
    state = new_game(PACIFIC_WAR)
    data = state.data
    data["owner"].update(dict.fromkeys((SAN_FRANCISCO, SEATTLE, HAWAII), "axis"))
    assert us_capitals(data) is None and not us_surrenders(data)


def sink_carriers(state: HgwState, points: int) -> None:
    kido = state.data["fleets"]["kido_butai"]
    kido["ships"]["carrier"] -= points
    kido["sp"] -= points


@pytest.mark.rules("K23.3")
def test_campaign_game_iv_counts_japan_s_carrier_losses_and_strikes_its_morale_at_five() -> None:
    state = new_game()
    data = state.data
    world_war.turn_start(state, "axis")  # the first look: six carriers afloat
    before = dict(data["morale"])
    sink_carriers(state, 3)  # a carrier battle in the Allied combat phase
    world_war.end_of_combat(state, "allied")
    assert data["pacific"]["carriers_lost"] == {"japan": 3} and data["morale"] == before
    assert logged(state, "Japan has lost 3 carrier points, 3 in all (K23.3)")
    data["fleets"]["kido_butai"]["ships"]["carrier"] += 1  # a carrier finished in production: no loss
    data["fleets"]["kido_butai"]["sp"] += 1
    world_war.turn_start(state, "axis")
    assert data["pacific"]["carriers_lost"] == {"japan": 3}
    sink_carriers(state, 2)
    world_war.end_of_combat(state, "soviet")
    assert data["morale"]["japan"] == before["japan"] - 2  # the chart's event, once
    assert logged(state, "Japan has lost 5 or more carriers")
    sink_carriers(state, 2)
    world_war.turn_start(state, "allied")
    assert data["pacific"]["carriers_lost"] == {"japan": 7} and data["morale"]["japan"] == before["japan"] - 2


HANOI, SAIGON = "2565", "2965"
INDOCHINA = ("2564", "2565", "2665", "2765", "2865", "2866", "2965")


def france_falls(state: HgwState) -> None:
    state.data["politics"]["surrendered"] = sorted({*state.data["politics"]["surrendered"], "france"})


@pytest.mark.rules("G2.7")
def test_while_france_stands_indochina_is_allied_and_hanoi_an_ordinary_hex() -> None:
    state = new_game()
    data = state.data
    assert all(data["owner"][h] == "allied" for h in INDOCHINA)
    data["owner"][HANOI] = "axis"
    world_war.end_of_combat(state, "axis")
    world_war.after_politics(state, "axis")
    assert data["owner"]["2564"] == "allied" and data["pacific"]["indochina_surrendered"] == []


@pytest.mark.rules("G11.4")
def test_france_s_fall_leaves_indochina_unaligned_and_each_capital_taken_surrenders_its_half() -> None:
    state = new_game()
    data = state.data
    data["armies"]["malaya"]["at"] = SAIGON
    france_falls(state)
    world_war.after_politics(state, "axis")  # the end of the Axis combat phase France fell in
    assert not any(h in data["owner"] for h in INDOCHINA) and data["armies"]["malaya"]["at"] is None
    assert logged(state, "French Indochina turns unaligned")
    attack = ("attack", "21a", HANOI)
    data["armies"]["21a"]["at"] = "2465"
    data["owner"]["2465"] = "axis"
    data["flow"][-1] = {"state": "announce", "role": "axis", "player": "axis"}
    data["player"], data["phase"] = "axis", "combat"
    assert attack in state.legal_actions("axis")  # an unaligned hex may be attacked
    data["owner"][HANOI] = "axis"  # taken in the combat phase
    world_war.end_of_combat(state, "axis")
    assert data["owner"]["2564"] == data["owner"]["2665"] == "axis" and data["markers"]["2564"] == "axis"
    assert SAIGON not in data["owner"] and logged(state, "its half of French Indochina surrenders")
    data["owner"][SAIGON] = "allied"
    world_war.end_of_combat(state, "allied")
    assert all(data["owner"][h] == "allied" for h in ("2765", "2865", "2866"))
    assert data["pacific"]["indochina_surrendered"] == [HANOI, SAIGON]


def announcing(state: HgwState, side: str) -> None:
    """`side`'s initial attacks are being announced."""
    data = state.data
    data["flow"][-1] = {"state": "announce", "role": side, "player": side}
    data["player"], data["phase"], data["status"], data["frozen"] = side, "combat", {}, []
    state._after_change(None, None)  # the position was changed by hand: its legal actions anew


@pytest.mark.rules("G17.6")
def test_japan_attacks_the_soviets_only_on_the_turn_after_germany_first_did() -> None:
    state = new_game()
    data = state.data
    data["owner"]["1241"] = "axis"  # a Japanese army on the Soviet border, next to Kiev's front at 1242
    data["armies"]["eastern"]["at"] = "1241"
    announcing(state, "axis")
    attack = ("attack", "eastern", "1242")
    assert attack not in state.legal_actions("axis")
    assert "before Germany has (G17.6)" in str(state.why_illegal("axis", attack))
    data["politics"]["soviet_war"] = True  # Germany attacked this Axis combat phase
    world_war.end_of_combat(state, "axis")
    assert data["pacific"]["japan_soviet"]["germany_attacked"] == data["turn"]
    assert logged(state, "Japan may attack it next turn only (G17.6)")
    data["turn"] += 1  # Japan's one chance
    announcing(state, "axis")
    assert attack in state.legal_actions("axis")
    data["turn"] += 1  # let pass
    announcing(state, "axis")
    assert "let its one chance pass" in str(state.why_illegal("axis", attack))


@pytest.mark.rules("G17.6")
def test_the_soviets_attack_japan_only_while_its_manchukuo_border_is_thin() -> None:
    state = new_game()
    data = state.data
    data["owner"]["1241"] = "axis"
    data["armies"]["eastern"]["at"] = "1241"
    announcing(state, "soviet")
    attack = ("attack", "1ukr", "1241")
    assert attack not in state.legal_actions("soviet")
    assert "Manchukuo border" in str(state.why_illegal("soviet", attack))
    data["pacific"]["japan_soviet"]["at_war"] = True  # once at war, the war goes on
    state._after_change(None, None)
    assert attack in state.legal_actions("soviet")
    data["status"]["1ukr"] = {"target": "1241", "assaulted": True, "defended": False, "advanced": 0,
                              "stopped": True}
    world_war.end_of_combat(state, "soviet")
    assert data["pacific"]["japan_soviet"]["at_war"]


@pytest.mark.rules("G21.0")
def test_japan_imports_three_points_until_the_us_may_break_the_route() -> None:
    from grognard.games.hgw import pacific_economy
    from grognard.games.hgw.production import budget, open_production

    state = new_game()
    data = state.data
    assert pacific_economy.imports_route(data) == ("2077", SEATTLE)  # G21.1: Tokyo to the west coast
    with_imports = budget(data, "axis")
    open_production(state, "axis")
    assert logged(state, "Japan imports 3 production points from the United States (G21.1)")
    data["owner"]["2564"] = "axis"  # G21.2: Japan in French Indochina, the U.S. breaks the route
    assert pacific_economy.imports(data) == 0 and budget(data, "axis") == with_imports - 3
    data["owner"]["2564"] = "allied"
    us_at_war(state)  # G21.2: at war with Japan
    assert pacific_economy.imports(data) == 0
    assert pacific_economy.imports(new_game(PACIFIC_WAR).data) == 0  # at war from December 1941


@pytest.mark.rules("G21.0")
def test_the_mainland_s_production_counts_only_while_shipped_to_the_home_islands() -> None:
    from grognard.games.hgw import pacific_economy

    state = new_game()
    data = state.data
    full = {p for p, side in data["owner"].items() if side == "axis"}
    assert pacific_economy.mainland_shipped(data) and pacific_economy.mainland_lost(data, full) == 0
    data["owner"]["2077"] = "allied"  # Tokyo, the home islands' one port, lost
    g = geography(CG4)
    mainland = sum(g.production.get(p, 0) for p in full if g.country[p] in ("korea", "manchukuo", "china"))
    assert mainland >= 5  # Manchukuo's and occupied China's points
    assert not pacific_economy.mainland_shipped(data)
    assert pacific_economy.mainland_lost(data, full) == mainland  # G21.3: lost for want of shipping
    points, words = pacific_economy.effects(data, "axis", full)  # no home port: no imports either
    assert points == -mainland and any("G21.3" in n for n in words)


@pytest.mark.rules("G24.0")
@pytest.mark.parametrize("scenario", [CG4, PACIFIC_WAR])
def test_australia_s_production_reaches_the_allies_only_by_its_route_to_the_west_coast(scenario: str) -> None:
    from grognard.games.hgw import pacific_economy
    from grognard.games.hgw.production import budget
    from grognard.games.hgw.supply import supplied_places

    state = new_game(scenario)
    data = state.data
    full = supplied_places(data, "allied", home_only=True)
    assert pacific_economy.australia_route(data) == ("4580", SEATTLE)  # Sydney to the west coast
    assert pacific_economy.australia_lost(data, full) == 0
    with_route = budget(data, "allied")
    for coast in (SEATTLE, SAN_FRANCISCO):  # the west coast ports lost: no route reaches the U.S.
        data["owner"][coast] = "axis"
    lost = pacific_economy.australia_lost(data, full)
    assert lost == 3  # Sydney's 2 and Canberra's 1, all of Australia's current production
    points, words = pacific_economy.effects(data, "allied", full)
    assert points == -lost and any("(G24.0)" in n for n in words)
    if scenario == CG4:  # the unaligned west coast counted nothing: the budget loses Australia's alone
        assert budget(data, "allied") == with_route - lost


@pytest.mark.rules("K10.1")
def test_tac_air_is_ferried_through_the_pacific_chain_of_stops_without_sea_transport() -> None:
    state = new_game(PACIFIC_WAR)
    data = state.data
    data["player"], data["phase"] = "axis", "movement"
    data["flow"][:] = [{"state": "movement", "role": "axis"}]
    data["frozen"] = []
    state._after_change(None, None)
    saigon, tokyo = "2965", "2077"  # the Twenty-fifth Army's tac air, to the Eastern Army in Tokyo
    assert data["armies"]["25a"]["at"] == saigon and data["armies"]["eastern"]["at"] == tokyo
    before = dict(data["armies"]["eastern"]["sp"])
    state.apply("axis", ("move", "25a", "tac_air", 1))
    assert ("to_army", "eastern") in state.legal_actions("axis")
    state.apply("axis", ("to_army", "eastern"))
    assert data["armies"]["eastern"]["sp"]["tac_air"] == before["tac_air"] + 1
    assert logged(state, "by the pacific chain route") and not data["sea_moves"]


@pytest.mark.rules("K10.1")
def test_the_pacific_chain_breaks_where_no_stop_lies_within_ten_hexes() -> None:
    from grognard.games.hgw.ferry import ferry_destinations

    state = new_game(PACIFIC_WAR)
    data = state.data
    assert "2077" in ferry_destinations(data, "axis", "25a")
    kept = {"2965", "2077"}  # only Saigon and Tokyo are the Axis's: 30 hexes of water and foreign land
    data["owner"] = {p: s for p, s in data["owner"].items() if s != "axis" or p in kept}
    assert "2077" not in ferry_destinations(data, "axis", "25a")


def allied_production(state: HgwState) -> dict[str, Any]:
    from grognard.games.hgw.production import open_production

    state.data["player"] = "allied"
    open_production(state, "allied")
    state._after_change(None, None)
    frame: dict[str, Any] = state.data["flow"][-1]
    return frame


@pytest.mark.rules("F5.5", "G17.4")
def test_china_spends_its_own_purse_and_the_us_lends_it_four_points_where_it_can_build() -> None:
    from grognard.games.hgw import china_purse
    from grognard.games.hgw.production import budget

    state = new_game(PACIFIC_WAR)  # the U.S. at war from the first turn
    data = state.data
    own = china_purse.china_budget(data)
    assert own == 4 and china_purse.apart(data, "allied", "2465")  # Activity Limitations 1
    frame = allied_production(state)  # no Nationalist army in a build place, no free counter
    assert frame["budget"] == budget(data, "allied") and frame["china"] == own and frame["china_given"] == 0
    assert logged(state, "China has 4 production points of its own this turn")
    state = new_game(PACIFIC_WAR)
    data = state.data
    data["armies"]["war_area_9"]["at"] = "2465"  # Chongqing, a build place in China
    frame = allied_production(state)
    assert frame["china_given"] == 4 and frame["china"] == own + 4  # G17.4: four a turn at war
    assert frame["budget"] == budget(data, "allied") - 4  # out of the Allied budget
    assert logged(state, "the United States lends China 4 production points through")


@pytest.mark.rules("F5.5", "G17.4")
def test_chinese_builds_come_out_of_china_s_purse_and_never_lent_points_for_the_communists() -> None:
    from grognard.games.hgw import china_purse

    state = new_game(PACIFIC_WAR)
    data = state.data
    data["armies"]["war_area_9"]["at"] = "2465"
    data["armies"]["eighth_route"]["at"] = "2265"
    frame = allied_production(state)
    nationalist = ("build", "infantry", "army", "war_area_9")
    communist = ("build", "infantry", "army", "eighth_route")
    assert china_purse.pays(data, frame, nationalist) and china_purse.pays(data, frame, communist)
    assert communist in state.legal_actions("allied")  # China's own points may go to them
    frame["china"] = frame["china_given"]  # only the lent points left in the purse
    state._after_change(None, None)
    assert communist not in state.legal_actions("allied")  # Activity Limitations 2: never to them
    budget_before, lent_before = frame["budget"], frame["china_lent"]
    state.apply("allied", nationalist)  # a Nationalist point spends them
    assert frame["budget"] == budget_before and frame["china_lent"] < lent_before
    assert communist not in state.legal_actions("allied")


@pytest.mark.rules("F5.5", "G17.2")
def test_while_unaligned_the_us_gives_china_two_points_through_an_open_entry() -> None:
    from grognard.games.hgw import china_purse
    from grognard.games.hgw.production import budget

    state = new_game()  # Campaign Game IV, Winter 1939: the U.S. unaligned
    data = state.data
    frame = allied_production(state)
    assert frame["china_given"] == 2 and frame["china"] == china_purse.china_budget(data) + 2
    assert frame["budget"] == budget(data, "allied")  # the U.S.'s points, not the Allies'
    assert logged(state, "the United States lends China 2 production points")
    closed = new_game()
    for p in [*china_purse.china_ports(), "2564", "2565", "2665", "2765", "2865", "2866", "2965"]:
        if p in closed.data["owner"]:
            closed.data["owner"][p] = "axis"  # every coastal entry and Indochina Axis
    assert china_purse.entry(closed.data) is None
    assert allied_production(closed)["china_given"] == 0


@pytest.mark.rules("G17.4")
def test_at_war_the_us_gives_nationalist_china_one_tac_air_point_a_turn_from_the_allied_budget() -> None:
    from grognard.games.hgw import china_purse

    state = new_game()  # Campaign Game IV builds tac air (The Pacific War does not)
    data = state.data
    us_at_war(state)
    data["armies"]["war_area_9"]["at"] = "2465"  # a Nationalist army in Chongqing, a build place
    data["armies"]["eighth_route"]["at"] = "2265"
    frame = allied_production(state)
    air = ("build", "tac_air", "army", "war_area_9")
    assert china_purse.air_lend(data, frame, air) and air in state.legal_actions("allied")
    communist = ("build", "tac_air", "army", "eighth_route")
    assert not china_purse.air_lend(data, frame, communist)  # never to the Communists
    budget_before, china_before = frame["budget"], frame["china"]
    state.apply("allied", air)
    assert frame["china"] == china_before and frame["budget"] < budget_before  # the U.S. pays
    assert data["armies"]["war_area_9"]["sp"]["tac_air"] == 1 and logged(state, "one tac air point (G17.4)")
    assert not china_purse.air_lend(data, frame, air)  # one a turn
