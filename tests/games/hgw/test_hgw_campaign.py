"""Campaign Game I (rulebook "Campaign Game I - The War for Europe" and its set-up and
special rules): unaligned countries, entries into the war, surrenders, the activity and
production limitations, victory for two and three players, the Time Record's events."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import act, pass_turn, step

from grognard.games.hgw import RULESET, HgwState, arrivals, campaign_victory, politics
from grognard.games.hgw.ai import HgwHeuristic
from grognard.games.hgw.board import capture, defence, may_target, opponents
from grognard.games.hgw.french_production import french_budget
from grognard.games.hgw.geography import geography
from grognard.games.hgw.limitations import sea_limits, supply_seas
from grognard.games.hgw.map import load_map
from grognard.games.hgw.production import budget, siberia_points
from grognard.games.hgw.scenario import BOX, KINDS
from grognard.testing import check_ruleset

CG1 = "campaign_1"


def new_game(seed: int = 1, **options: Any) -> HgwState:
    state = RULESET.new_game(CG1, options, seed=seed)
    assert isinstance(state, HgwState)
    return state


def pol(state: HgwState) -> dict[str, Any]:
    found: dict[str, Any] = state.data["politics"]
    return found


def at_turn(state: HgwState, turn: str) -> None:
    state.data["turn"] = state.data["turns"].index(turn)


def totals(state: HgwState, side: str) -> dict[str, int]:
    out = dict.fromkeys(KINDS, 0)
    for x in state.data["armies"].values():
        if x["side"] == side and x["at"] is not None:
            for k in KINDS:
                out[k] += x["sp"][k]
    return {k: v for k, v in out.items() if v}


def attacked(state: HgwState, side: str, army: str, target: str) -> None:
    """`army` of `side` was named against `target` this combat phase."""
    assert state.data["armies"][army]["side"] == side
    state.data["status"][army] = {
        "target": target,
        "assaulted": True,
        "defended": False,
        "advanced": 0,
        "stopped": True,
    }


def end_combat(state: HgwState, side: str) -> None:
    """Campaign Game I's end-of-combat politics for `side`, as EndCombat runs them."""
    state.data["flow"][-1] = {"state": "end_combat", "player": side}
    if not politics.end_of_combat(state, side):
        state.data["flow"][-1] = {"state": "production", "role": side, "budget": 0}
    state.data["status"] = {}


def place_arrivals(state: HgwState, where: str | None = None) -> None:
    """The owners place every waiting arriving point: in `where` when it is offered,
    else in the first place offered (arrivals.PlaceArrivals)."""
    arrivals.ask_arrivals(state)
    while state.flow[-1]["state"] == "place_arrivals":
        role = state.flow[-1]["role"]
        legal = state.legal_actions(role)
        state.apply(role, next((a for a in legal if a[2] == where), legal[0]))


def place(state: HgwState, army: str, at: str | None, **points: int) -> None:
    entry = state.data["armies"][army]
    entry["at"] = at
    entry["sp"] = {k: points.get(k, 0) for k in KINDS}


# ----- set-up (Campaign Game I Set-up and Special Rules)


@pytest.mark.rules("G28.1", "G17.2")
def test_set_up_places_the_printed_forces_and_keeps_the_neutral_armies_off_the_board() -> None:
    """Axis 11 infantry and 10 mechanized on the board (the Italian Army waits for Italy),
    Soviets 15 and 8 with Siberia's, Allies 7, 4 and 1 amphibious (the U.S. Army waits
    for the United States): unaligned armies may neither move nor attack."""
    state = new_game()
    assert state.roles == ["axis", "soviet", "allied"]
    assert totals(state, "axis") == {"infantry": 11, "mechanized": 10}
    assert totals(state, "soviet") == {"infantry": 15, "mechanized": 9}
    assert totals(state, "allied") == {"infantry": 7, "mechanized": 4, "amphibious": 1}
    armies = state.data["armies"]
    assert armies["ags"]["at"] == "1439" and armies["ags"]["sp"]["mechanized"] == 7
    assert armies["sib"]["at"] == BOX
    assert armies["it"]["at"] is None and armies["us"]["at"] is None
    for x in armies.values():
        if x["at"] is not None:
            assert state.data["owner"][x["at"]] == x["side"]


@pytest.mark.rules("G28.2", "G20.1", "G20.2", "G17.1")
def test_production_at_start_is_16_8_and_23_plus_the_swedish_ore() -> None:
    """The friendly areas give Axis 16, Soviets 8 (15 on the map held to 8) and Allies 23;
    the Axis budget adds the two Swedish points, shipped through Narvik in winter; of
    the Allies' 23, France's 8 are its own budget (Activity Limitations 1)."""
    state = new_game()
    hmap = load_map()
    assert [hmap.starting_production(CG1, s) for s in state.roles] == [16, 8, 23]
    assert {s: budget(state.data, s) for s in state.roles} == {"axis": 18, "soviet": 8, "allied": 23 - 8}
    assert french_budget(state.data) == 8


@pytest.mark.rules("G28.3", "G29.1")
def test_the_game_runs_winter_1939_to_summer_1945_or_spring_1945_with_two_players() -> None:
    state = new_game()
    assert state.data["turns"][0] == "Winter 1939" and state.data["turns"][-1] == "Summer 1945"
    assert len(state.data["turns"]) == 18
    two = new_game(two_player=True)
    assert two.data["turns"][-1] == "Spring 1945"
    assert state.data["player"] == "axis" and step(state) == "movement"


# ----- unaligned countries and violation of neutrality


@pytest.mark.rules("G1.1", "G3.1")
def test_unaligned_countries_are_places_of_nobody_and_switzerland_is_never_entered() -> None:
    """Poland, Italy, Spain... start friendly to nobody; Switzerland is not a place; the
    Axis is at war with France and Britain, the Soviets with nobody."""
    state = new_game()
    g = geography(CG1)
    assert "1339" in g.places and "1339" not in state.data["owner"]
    assert "1536" not in g.places  # Switzerland
    assert {"poland", "italy", "spain", "sweden", "rumania"} <= set(pol(state)["unaligned"])
    assert "france" not in pol(state)["unaligned"]
    assert state.view(None)["board"]["unaligned"]["1339"] == "poland"
    assert may_target(state.data, "axis", "1435")  # France, at war
    assert may_target(state.data, "axis", "1339")  # unaligned Poland may be attacked
    assert not may_target(state.data, "soviet", "1435")  # the Soviets are not at war with France


@pytest.mark.rules("G2.1", "G16.1", "G16.2")
def test_capturing_a_capital_devastates_and_makes_the_country_surrender_at_once() -> None:
    """Warsaw (1339) falls to an Axis advance: its points are devastated, Poland
    surrenders at once, and its other hexes turn Axis with their production devastated."""
    state = new_game()
    capture(state, "1339", "axis", by_advance=True)
    assert state.data["devastated"]["1339"] == 2
    assert "poland" in pol(state)["surrendered"] and "poland" not in pol(state)["unaligned"]
    assert all(state.data["owner"][p] == "axis" for p in ("1141", "1241", "1442"))


@pytest.mark.rules("G2.1")
def test_unaligned_hexes_defend_with_their_garrisons_and_deserts_with_none() -> None:
    """Garrisons 1 in an unaligned country: a clear hex holds its one point, a Libyan
    desert hex none, as there is no owner's occupation marker to stand for one."""
    state = new_game()
    assert defence(state.data, "1339") == 1
    assert geography(CG1).terrain["2338"] == "desert"
    assert defence(state.data, "2338") == 0


@pytest.mark.rules("G2.2", "G2.4")
def test_a_nation_attacked_but_not_conquered_joins_another_side_with_its_production() -> None:
    """The Axis attacks Yugoslavia and does not take Belgrade: Yugoslavia joins the Allies
    and its points produce for them; Rumania attacked by the Axis joins the Soviets;
    Turkey attacked by the Soviets joins the Axis."""
    state = new_game()
    attacked(state, "axis", "ags", "1638")
    attacked(state, "axis", "4a", "1540")
    end_combat(state, "axis")
    assert pol(state)["joined"] == {"yugoslavia": "allied", "rumania": "soviet"}
    assert state.data["owner"]["1639"] == "allied" and "1639" not in state.data["devastated"]
    assert state.data["owner"]["1641"] == "soviet"
    attacked(state, "soviet", "1ukr", "1842")
    end_combat(state, "soviet")
    assert pol(state)["joined"]["turkey"] == "axis"
    assert state.data["owner"]["1843"] == "axis"


@pytest.mark.rules("G2.5")
def test_poland_sweden_iceland_and_eire_stay_unaligned_until_conquered() -> None:
    state = new_game()
    attacked(state, "axis", "agn", "1340")
    attacked(state, "axis", "4a", "0639")
    end_combat(state, "axis")
    assert {"poland", "sweden"} <= set(pol(state)["unaligned"])
    assert "1340" not in state.data["owner"] and "0639" not in state.data["owner"]


@pytest.mark.rules("G2.3", "G9.5")
def test_italy_attacked_by_the_axis_joins_the_allies_with_its_army() -> None:
    """Rome falling to the Axis does not make Italy surrender to it (Italy 5); at the end
    of the phase Italy joins the Allies, its army an Allied one of the same strength."""
    state = new_game()
    capture(state, "1837", "axis", by_advance=True)
    assert "italy" not in pol(state)["surrendered"]
    attacked(state, "axis", "agw", "1637")
    end_combat(state, "axis")
    assert pol(state)["joined"]["italy"] == "allied"
    italians = [x for x in state.data["armies"].values() if x["name"] == "Italian Army" and x["at"]]
    assert [(x["side"], x["at"], x["sp"]["infantry"], x["sp"]["mechanized"]) for x in italians] == [
        ("allied", "1636", 4, 1)
    ]


# ----- entry into the war


@pytest.mark.rules("G4.1", "G4.2", "G4.3", "G29.2")
def test_italy_joins_the_axis_in_the_spring_1940_production_phase() -> None:
    """Winter 1939 passes; in Spring 1940 Italy is still unaligned during the Axis
    movement, joins before the Axis production phase (its points in that budget) and its
    army stands in 1636, free to move from Summer 1940."""
    state = new_game()
    for side in state.roles:
        pass_turn(state, side)
    assert state.view(None)["board"]["turn"] == "Spring 1940"
    assert "italy" in pol(state)["unaligned"]
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "axis", action)
    assert pol(state)["joined"]["italy"] == "axis"
    assert state.data["owner"]["1837"] == "axis" and state.data["owner"]["2037"] == "axis"
    assert state.flow[-1]["budget"] == 16 + 5 + 2  # Germany, Italy, Sweden's spring ore
    italian = next(x for x in state.data["armies"].values() if x["name"] == "Italian Army" and x["at"])
    assert (italian["side"], italian["at"]) == ("axis", "1636")


@pytest.mark.rules("G4.4", "G4.5", "G9.3")
def test_the_mediterranean_follows_italy_malta_gibraltar_and_france() -> None:
    state = new_game()
    data = state.data
    assert "Mediterranean" not in sea_limits(data, "axis")
    assert sea_limits(data, "allied")["Mediterranean"] == -1
    pol(state)["unaligned"].remove("italy")
    pol(state)["joined"]["italy"] = "axis"
    assert sea_limits(data, "axis")["Mediterranean"] == 2
    data["owner"]["2038"] = "axis"  # Malta
    assert sea_limits(data, "axis")["Mediterranean"] == 3
    assert sea_limits(data, "allied")["Mediterranean"] == 2  # France still stands
    pol(state)["surrendered"].append("france")
    data["owner"]["2031"] = "axis"  # Gibraltar lost too
    assert "Mediterranean" not in sea_limits(data, "allied")
    assert "Mediterranean" in supply_seas(data, "allied")  # the Suez is still Allied
    data["owner"]["2243"] = "axis"
    assert "Mediterranean" not in supply_seas(data, "allied")
    assert "Mediterranean" in supply_seas(data, "axis")
    pol(state)["surrendered"].append("italy")
    assert "Mediterranean" not in sea_limits(data, "axis")
    assert sea_limits(data, "allied")["Mediterranean"] == -1


@pytest.mark.rules("G5.1", "G5.2", "G5.3", "G5.4", "G5.5", "G29.3")
def test_the_nations_inclined_toward_the_axis_join_in_summer_1941_with_their_points() -> None:
    """The four join; Rumania's, Hungary's and Finland's points wait for the Axis player
    to place them in their countries (test_hgw_arrivals.py plays the placing)."""
    state = new_game()
    at_turn(state, "Summer 1941")
    politics.turn_start(state, "axis")
    joined = pol(state)["joined"]
    assert all(joined[n] == "axis" for n in ("finland", "hungary", "rumania", "bulgaria"))
    waiting = {(e["side"], e["name"], tuple(e["at"])): e["left"] for e in pol(state)["arrivals"]}
    assert waiting == {
        ("axis", "Rumanian Army", ("rumania",)): {"mechanized": 1, "infantry": 2},
        ("axis", "Hungarian Army", ("hungary",)): {"mechanized": 1, "infantry": 1},
        ("axis", "Finnish Army", ("finland",)): {"infantry": 3},
    }


@pytest.mark.rules("G5.5")
def test_finland_brings_its_three_points_whatever_the_reason_it_joins() -> None:
    state = new_game()
    attacked(state, "soviet", "len", "0841")
    end_combat(state, "soviet")
    assert pol(state)["joined"]["finland"] == "axis"
    assert [(e["side"], e["name"], e["left"]) for e in pol(state)["arrivals"]] == [
        ("axis", "Finnish Army", {"infantry": 3})
    ]


@pytest.mark.rules("G6.1", "G6.2", "G6.3", "G7.1", "G7.2", "G29.4")
def test_the_united_states_enters_in_spring_1942_with_growing_production() -> None:
    """At the start of the Allied Spring 1942 player turn the United States and Liberia
    join the Allies; the U.S. box (1909) turns Allied and the U.S. Army (12 points)
    arrives there as one army (no stacking limit in a box); the Allied budget gains 16,
    then 17 the next turn."""
    state = new_game()
    at_turn(state, "Spring 1942")
    before = budget(state.data, "allied")
    politics.turn_start(state, "allied")
    assert pol(state)["us_since"] == state.data["turn"]
    assert pol(state)["joined"]["liberia"] == "allied"
    us = [x for x in state.data["armies"].values() if x["name"] == "U.S. Army" and x["at"]]
    assert sum(sum(x["sp"].values()) for x in us) == 12
    assert [x["at"] for x in us] == ["1909"]
    assert state.data["owner"]["1909"] == "allied"
    assert budget(state.data, "allied") == before + 16
    state.data["turn"] += 1
    assert budget(state.data, "allied") == before + 17


# ----- surrender


@pytest.mark.rules("G8.1", "G26.1")
def test_berlin_falling_ends_the_game_and_two_players_win_together() -> None:
    state = new_game(two_player=True)
    capture(state, "1237", "soviet", by_advance=True)
    assert state.result() == {"axis": 0.0, "soviet": 1.0, "allied": 1.0}


@pytest.mark.rules("G26.1")
def test_two_players_the_axis_wins_when_spring_1945_ends_with_berlin_german() -> None:
    state = new_game(two_player=True)
    at_turn(state, "Spring 1945")
    state.data["flow"][-1] = {"state": "next_turn", "player": "allied"}
    state.advance()
    assert state.result() == {"axis": 1.0, "soviet": 0.0, "allied": 0.0}


@pytest.mark.rules("G9.1", "G9.2", "G9.4")
def test_italy_surrenders_after_losing_three_mainland_hexes() -> None:
    state = new_game()
    pol(state)["unaligned"].remove("italy")
    pol(state)["joined"]["italy"] = "axis"
    for p in ("1636", "1637", "1736", "1737", "1837", "1838", "1839", "1937", "1938", "2037"):
        state.data["owner"][p] = "axis"
    place(state, "it", "1636", infantry=4, mechanized=1)
    place(state, "okw", "1240", infantry=3, mechanized=2)
    before = totals(state, "axis")
    state.data["owner"]["1937"] = "allied"
    state.data["owner"]["1938"] = "allied"
    end_combat(state, "allied")
    assert "italy" not in pol(state)["surrendered"]  # two hexes are not enough
    state.data["owner"]["1838"] = "allied"
    end_combat(state, "allied")
    assert "italy" in pol(state)["surrendered"]
    # Italy's surrender 2: the Axis player chooses, from Italy while it can
    assert step(state) == "italy_losses"
    owed = [("italy_loss", "it", "infantry"), ("italy_loss", "it", "mechanized")]
    assert sorted(state.legal_actions("axis")) == owed
    for _ in range(4):
        act(state, "axis", "italy_loss", "it", "infantry")
    act(state, "axis", "italy_loss", "it", "mechanized")
    assert state.data["armies"]["it"]["at"] is None  # emptied: back to the record sheet
    # the fifth infantry point comes from outside Italy, from an army of the player's choice
    outside = state.legal_actions("axis")
    assert ("italy_loss", "okw", "infantry") in outside
    assert {a[2] for a in outside} == {"infantry"}  # the mechanized point is paid
    act(state, "axis", "italy_loss", "okw", "infantry")
    assert step(state) == "production"
    after = totals(state, "axis")
    assert (before["infantry"] - after["infantry"], before["mechanized"] - after["mechanized"]) == (5, 1)
    assert state.data["owner"]["1636"] == "axis"  # unoccupied Italian hexes stay Axis
    assert "italy_due" not in pol(state)


@pytest.mark.rules("G10.1", "G10.2", "G10.3")
def test_the_soviet_surrender_accepted_ends_the_war_between_them() -> None:
    state = new_game()
    for p in ("0942", "1144", "1446"):
        state.data["owner"][p] = "axis"
    end_combat(state, "axis")
    assert step(state) == "soviet_terms"
    assert state.legal_actions("axis") == [("accept_surrender",), ("refuse_surrender",)]
    act(state, "axis", "accept_surrender")
    assert step(state) == "production"
    assert opponents(state.data, "axis") == ("allied",)
    assert opponents(state.data, "soviet") == ()
    assert not may_target(state.data, "soviet", "1238")
    assert state.data["owner"]["1143"] == "soviet"  # the Soviets keep their hexes


@pytest.mark.rules("G10.4")
def test_a_refused_soviet_surrender_is_never_offered_again() -> None:
    state = new_game()
    for p in ("0942", "1144", "1446"):
        state.data["owner"][p] = "axis"
    end_combat(state, "axis")
    act(state, "axis", "refuse_surrender")
    end_combat(state, "axis")
    assert step(state) != "soviet_terms"
    assert opponents(state.data, "axis") == ("soviet", "allied")


@pytest.mark.rules("G11.1", "G11.2", "G11.3", "G11.6", "G11.7")
def test_france_surrenders_when_paris_falls() -> None:
    """Paris Axis at the end of an Axis combat phase: France and Corsica turn Axis with
    their points devastated and the Allied points there eliminated; French North Africa
    turns unaligned and French Africa's box leaves the Allied budget; three French points
    stay devastated for good; France surrenders once."""
    state = new_game()
    before = budget(state.data, "allied")
    place(state, "ffa", "1534", infantry=5, mechanized=2)
    capture(state, "1434", "axis", by_advance=True)
    end_combat(state, "axis")
    assert "france" in pol(state)["surrendered"]
    assert state.data["owner"]["1534"] == "axis" and state.data["owner"]["1735"] == "axis"
    assert state.data["devastated"]["1635"] == 1
    assert state.data["armies"]["ffa"]["at"] is None
    assert "2034" not in state.data["owner"]  # Algeria unaligned
    assert state.data["permanent"] == {"1435": 1, "1534": 1, "1635": 1}
    # France's six, Algeria's one (unaligned now) and French Africa's box: all France's
    # own budget (Activity Limitations 1), which has nothing left; the Allies' is whole
    assert budget(state.data, "allied") == before
    assert french_budget(state.data) == 0
    capture(state, "1434", "allied", by_advance=True)
    capture(state, "1434", "axis", by_advance=True)
    end_combat(state, "axis")
    assert pol(state)["surrendered"].count("france") == 1  # only once


@pytest.mark.rules("G11.3")
def test_french_north_africa_rallies_once_the_allies_hold_three_atlantic_coastal_hexes() -> None:
    state = new_game()
    capture(state, "1434", "axis", by_advance=True)
    end_combat(state, "axis")
    for p in ("2130", "2230"):
        capture(state, p, "allied", by_advance=True)
    end_combat(state, "allied")
    assert "2034" not in state.data["owner"]
    capture(state, "2329", "allied", by_advance=True)
    end_combat(state, "allied")
    assert state.data["owner"]["2034"] == "allied" and state.data["owner"]["2236"] == "allied"


@pytest.mark.rules("G12.1", "G12.2", "G12.3", "G12.4")
def test_great_britain_surrenders_with_london_and_the_midlands() -> None:
    state = new_game()
    state.data["owner"]["1333"] = "axis"
    end_combat(state, "axis")
    assert "britain" not in pol(state)["surrendered"]
    state.data["owner"]["1233"] = "axis"
    place(state, "bef", "1131", infantry=2)
    end_combat(state, "axis")
    assert "britain" in pol(state)["surrendered"]
    for p in ("1131", "2031", "2038", "2243", "2143"):
        assert state.data["owner"][p] == "axis", p
    assert state.data["devastated"]["1131"] == 1
    assert state.data["armies"]["bef"]["at"] is None
    state.data["owner"]["1131"] = "allied"
    end_combat(state, "axis")
    assert state.data["owner"]["1131"] == "allied"  # no second surrender


@pytest.mark.rules("G13.1", "G14.1", "G14.2")
def test_the_low_countries_surrender_with_their_hex_and_the_congo_turns_allied() -> None:
    state = new_game()
    capture(state, "1235", "axis", by_advance=True)
    assert "netherlands" in pol(state)["surrendered"]
    capture(state, "1334", "axis", by_advance=True)
    assert "belgium" in pol(state)["surrendered"]
    assert state.data["owner"]["3340"] == "allied"


@pytest.mark.rules("G16.3", "G16.5")
def test_rumania_surrendering_leaves_its_points_with_the_axis_and_surrenders_once() -> None:
    state = new_game()
    at_turn(state, "Summer 1941")
    politics.turn_start(state, "axis")
    place_arrivals(state, "1539")
    rumanians = next(a for a, x in state.data["armies"].items() if x["name"] == "Rumanian Army")
    assert state.data["armies"][rumanians]["at"] == "1539"
    capture(state, "1641", "soviet", by_advance=True)
    assert "rumania" in pol(state)["surrendered"]
    assert state.data["owner"]["1640"] == "soviet"
    assert state.data["owner"]["1539"] == "axis"  # the Rumanian Army still holds it
    assert state.data["armies"][rumanians]["side"] == "axis"
    capture(state, "1641", "axis", by_advance=True)
    capture(state, "1641", "soviet", by_advance=True)
    assert pol(state)["surrendered"].count("rumania") == 1


@pytest.mark.rules("G16.4")
def test_a_country_without_a_capital_never_surrenders() -> None:
    state = new_game()
    capture(state, "2647", "allied", by_advance=True)  # Yemen has no capital
    assert "yemen" not in pol(state)["surrendered"]
    assert "2649" not in state.data["owner"]


# ----- activity and production limitations


@pytest.mark.rules("G17.5")
def test_soviets_and_allies_never_attack_each_other() -> None:
    state = new_game()
    assert opponents(state.data, "soviet") == ("axis",)
    assert opponents(state.data, "allied") == ("axis",)
    assert not may_target(state.data, "allied", "1144")


@pytest.mark.rules("G17.9")
def test_allied_points_stay_in_france_while_axis_points_are_there() -> None:
    """Activity Limitations 9: an Axis point in Metz keeps the French First Army's moves
    inside France; once it is gone the points may cross to Britain (to a hex without
    British armies: Activity Limitations 8)."""
    state = new_game()
    state.data["armies"]["agB"]["at"] = "1435"
    state.data["armies"]["agB"]["sp"]["infantry"] = 1
    state.data["owner"]["1435"] = "axis"
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "move", "ffa", "infantry", 1)
    targets = {a[1] for a in state.legal_actions("allied") if a[0] == "to_place"}
    assert targets and all(geography(CG1).country[p] == "france" for p in targets)
    act(state, "allied", "cancel")
    state.data["armies"]["agB"]["at"] = None
    act(state, "allied", "move", "ffa", "infantry", 1)
    assert "1233" in {a[1] for a in state.legal_actions("allied") if a[0] == "to_place"}


@pytest.mark.rules("G17.10")
def test_siberian_points_may_not_move_before_winter_1941() -> None:
    state = new_game()
    pass_turn(state, "axis")
    assert "sib" in state.data["frozen"]
    assert not any(a[1] == "sib" for a in state.legal_actions("soviet") if a[0] == "move")
    at_turn(state, "Winter 1941")
    state.data["frozen"] = []
    politics.turn_start(state, "soviet")
    assert "sib" not in state.data["frozen"]


@pytest.mark.rules("G18.1", "G18.2", "G18.4")
def test_soviet_mobilization_lifts_when_the_axis_attacks_and_siberia_follows_a_turn_later() -> None:
    state = new_game()
    assert budget(state.data, "soviet") == 8
    attacked(state, "axis", "4a", "1141")  # Poland: no lift
    end_combat(state, "axis")
    assert pol(state)["mobilization"] == "limited"
    attacked(state, "axis", "agn", "1140")  # Baltic States: lifted
    end_combat(state, "axis")
    assert pol(state)["mobilization"] == "lifted"
    assert pol(state)["joined"]["baltic_states"] == "soviet"  # attacked by the Axis, not conquered
    assert budget(state.data, "soviet") == 15 + 1  # all of the Soviet Union, and Riga
    assert siberia_points(state.data) == 0
    state.data["turn"] += 1
    assert siberia_points(state.data) == 8
    assert budget(state.data, "soviet") == 15 + 1 + 8


@pytest.mark.rules("G18.3")
def test_a_soviet_attack_outside_the_baltic_extends_mobilization() -> None:
    state = new_game()
    attacked(state, "soviet", "wrf", "1141")
    end_combat(state, "soviet")
    assert pol(state)["mobilization"] == "extended"
    at_turn(state, "Spring 1942")
    politics.turn_start(state, "soviet")
    assert pol(state)["mobilization"] == "extended"  # Spring 1942 no longer lifts it
    for p in ("1042", "1242", "1142", "1143", "1342"):
        state.data["owner"][p] = "axis"
    politics.turn_start(state, "soviet")
    assert pol(state)["mobilization"] == "lifted"


@pytest.mark.rules("G18.1", "G29.4")
def test_soviet_mobilization_lifts_in_spring_1942_at_the_latest() -> None:
    state = new_game()
    at_turn(state, "Spring 1942")
    politics.turn_start(state, "axis")
    assert pol(state)["mobilization"] == "lifted"


@pytest.mark.rules("G19.1", "G29.5")
def test_siberia_gives_eight_then_twelve_from_spring_1943() -> None:
    state = new_game()
    pol(state)["mobilization"] = "lifted"
    pol(state)["lifted_at"] = 0
    at_turn(state, "Winter 1942")
    assert siberia_points(state.data) == 8
    at_turn(state, "Spring 1943")
    assert siberia_points(state.data) == 12


@pytest.mark.rules("G20.2", "G20.4")
def test_swedish_ore_follows_the_season_and_the_ports() -> None:
    state = new_game()
    base = 16
    assert budget(state.data, "axis") == base + 2  # winter, through Narvik
    state.data["owner"]["0438"] = "allied"
    assert budget(state.data, "axis") == base  # Narvik lost: nothing in winter
    at_turn(state, "Spring 1940")
    assert budget(state.data, "axis") == base + 1  # only the Swedish port's half
    at_turn(state, "Summer 1940")
    assert budget(state.data, "axis") == base + 2
    attacked(state, "axis", "4a", "0538")  # the Axis attacks Sweden, which stays unaligned
    end_combat(state, "axis")
    assert "sweden" in pol(state)["unaligned"]
    assert budget(state.data, "axis") == base


@pytest.mark.rules("G22.1")
def test_india_is_lost_to_the_allies_while_the_axis_holds_the_suez_or_gibraltar() -> None:
    state = new_game()
    before = budget(state.data, "allied")
    state.data["owner"]["2031"] = "axis"
    assert budget(state.data, "allied") == before - 2
    state.data["owner"]["2031"] = "allied"
    state.data["owner"]["2243"] = "axis"
    assert budget(state.data, "allied") == before - 2 - 1  # India and Suez's own point
    state.data["owner"]["2243"] = "allied"
    assert budget(state.data, "allied") == before


# ----- victory with three players


@pytest.mark.rules("G27.2", "G27.4", "G27.5")
def test_three_player_levels_follow_the_rulebook_example(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example: Axis 10, Soviets 30, Allies 50. Axis 10:80 is a marginal victory
    (Berlin still Axis), Soviets 30:60 = 1:2 marginal, Allies 50:40 = 5:4 marginal: a
    three-way tie. With Allies 90 instead, 90:40 is decisive and the Allies win alone."""
    state = new_game()
    figures = {"axis": 10, "soviet": 30, "allied": 50}
    # Campaign Game I plays no Pacific half: each side's Europe count is its whole count
    monkeypatch.setattr(campaign_victory, "end_counts", lambda data: {s: (n, n) for s, n in figures.items()})
    assert [campaign_victory.level(state.data, s) for s in state.roles] == [1, 1, 1]
    assert campaign_victory.scores(state, berlin_lost=False) == {s: 1 / 3 for s in state.roles}
    figures["allied"] = 90
    assert campaign_victory.level(state.data, "allied") == 3
    assert campaign_victory.scores(state, berlin_lost=False) == {"axis": 0.0, "soviet": 0.0, "allied": 1.0}
    figures.update(axis=40, soviet=40, allied=40)
    assert campaign_victory.level(state.data, "axis") == 2  # 40:80 is more than 1:3
    assert campaign_victory.level(state.data, "soviet") == 1


@pytest.mark.rules("G27.1", "G27.3")
def test_three_players_berlin_ends_the_game_and_the_axis_counts_nothing() -> None:
    state = new_game()
    assert campaign_victory.controlled_production(state.data, "axis") == 16
    capture(state, "1237", "soviet", by_advance=True)
    assert state.result() is not None
    assert campaign_victory.controlled_production(state.data, "axis") == 0
    assert campaign_victory.level(state.data, "axis") == 0
    assert state.result()["axis"] == 0.0  # type: ignore[index]


# ----- the whole game


@pytest.mark.rules("G28.4")
def test_campaign_game_i_passes_check_ruleset() -> None:
    report = check_ruleset(RULESET, scenarios=[CG1], games=1, seed=3, max_actions=60_000, every=2000)
    assert report.games == 1 and report.actions > 100


@pytest.mark.parametrize("two_player", [False, True])
def test_the_heuristic_plays_every_side_to_the_end(two_player: bool) -> None:
    """Heuristic agents on every side, from their views only, finish the game."""
    state = new_game(seed=4, two_player=two_player)
    state.keep_undo = False
    agents = {r: HgwHeuristic(4) for r in state.roles}
    while not state.is_over():
        role = state.active_roles()[0]
        state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
    result = state.result()
    assert result is not None and max(result.values()) > 0
    assert state.data["turns"][-1] == ("Spring 1945" if two_player else "Summer 1945")
