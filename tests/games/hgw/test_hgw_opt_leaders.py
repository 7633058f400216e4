"""Optional rule Leaders (O1.1-O1.10; leaders.py, leader_phase.py): the pools, the markers
placed face down after production, their reveal as their army attacks, the -1 to attack
rolls and the loss of a leader, through the real steps of a campaign_2 game with only the
option on (and campaign_3, which plays it always), dice and draws forced."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from grognard.core.rng import Rng
from grognard.games.hgw import RULESET, HgwState, leaders
from grognard.games.hgw.leaders import NO_LEADER
from grognard.games.hgw.odds_dice import ForecastGame, Sampled
from grognard.games.hgw.scenario import KINDS
from grognard.games.hgw.tables import load_tables
from grognard.games.hgw.why import explain

AXIS_HEX, ALLIED_HEX = "1436", "1535"  # clear, adjacent, each with its inherent garrison


def game(scenario: str = "campaign_2", player: str = "axis", **options: bool) -> HgwState:
    """A game with the leaders option at `player`'s movement phase, every army off the map,
    no forts."""
    opts = {"leaders": True, **options} if scenario == "campaign_2" else dict(options)
    state = RULESET.new_game(scenario, opts, seed=1)
    assert isinstance(state, HgwState)
    for army in state.data["armies"].values():
        army["at"] = None
        army["sp"] = dict.fromkeys(KINDS, 0)
    for fleet in state.data["fleets"].values():
        fleet["at"] = None
    state.data["forts"] = {}
    state.data["player"] = player
    state.data["flow"][:] = [{"state": "movement", "role": player}]
    state._after_change(None, None)
    return state


def put(state: HgwState, army: str, at: str | None, **points: int) -> None:
    state.data["armies"][army]["at"] = at
    state.data["armies"][army]["sp"] = {k: points.get(k, 0) for k in KINDS}
    state._after_change(None, None)


def marker(state: HgwState, army: str, lid: str, *, up: bool) -> None:
    """Put a marker on `army` (taken out of its pool), face down or up."""
    side = state.data["armies"][army]["side"]
    state.data["leaders"]["pools"][side]["land"].remove(lid)
    state.data["leaders"]["armies"][army] = {"leader": lid, "up": up}
    state._after_change(None, None)


def to_leaders_step(state: HgwState, side: str) -> None:
    """`side`'s production phase, nothing left to spend: ending it opens the leaders step."""
    state.data["player"] = side
    state.data["flow"][:] = [{"state": "production", "role": side, "budget": 0}]
    state._after_change(None, None)
    state.apply(side, ("end_production",))


def axis_assault(state: HgwState) -> None:
    state.apply("axis", ("end_movement",))
    state.apply("axis", ("attack", "agw", ALLIED_HEX))
    state.apply("axis", ("end_announce",))
    state.apply("allied", ("no_defensive_assault",))
    state.apply("axis", ("assault", AXIS_HEX, ALLIED_HEX, "agw"))


def lines(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]


def step(state: HgwState) -> str:
    return str(state.flow[-1]["state"])


def pool(state: HgwState, side: str, kind: str = "land") -> list[str]:
    return list(state.data["leaders"]["pools"][side][kind])


@pytest.mark.rules("O1.2")
@pytest.mark.parametrize("scenario", ["campaign_2", "campaign_3"])
def test_each_side_mixes_its_leaders_with_no_leader_markers(scenario: str) -> None:
    state = game(scenario)
    assert pool(state, "axis") == sorted(["manstein", "rommel", "ushijima", "yamashita", *[NO_LEADER] * 6])
    assert pool(state, "axis", "naval") == sorted(["kimura", "tanaka", *[NO_LEADER] * 8])
    # the Soviets have land leaders only
    assert state.data["leaders"]["pools"]["soviet"] == {"land": sorted(["zhukov", *[NO_LEADER] * 9])}


def test_without_the_option_there_are_no_leaders() -> None:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert "leaders" not in state.data and "leaders" not in state.view("axis")["board"]


@pytest.mark.rules("O1.3")
@pytest.mark.parametrize("scenario", ["campaign_2", "campaign_3"])
def test_the_us_leaders_join_when_the_united_states_enters_the_war(scenario: str) -> None:
    state = game(scenario)
    assert pool(state, "allied") == sorted(["montgomery", "mountbatten", *[NO_LEADER] * 8])
    assert pool(state, "allied", "naval") == [NO_LEADER] * 8
    leaders.us_entry(state)  # not in the war yet: nothing changes
    assert "patton" not in pool(state, "allied")
    # the United States enters at the start of the Allied Spring 1942 turn (politics.py):
    # its leaders join at once, not at the next leaders step
    state.data["turn"] = state.data["turns"].index("Spring 1942")
    state.data["flow"][:] = [{"state": "turn_start", "player": "allied"}]
    state.advance()
    assert state.data["politics"]["us_since"] == state.data["turn"]
    assert pool(state, "allied") == sorted(
        ["macarthur", "montgomery", "mountbatten", "patton", *[NO_LEADER] * 6]
    )
    assert pool(state, "allied", "naval") == sorted(["halsey", "mitscher", *[NO_LEADER] * 8])
    log = lines(state)
    entry = log.index("the United States enters the war on the Allied side")
    joined = "the United States leaders join the Allied pools (Patton, MacArthur, Halsey, Mitscher)"
    assert log[entry + 1 :].count(joined) == 1
    leaders.us_entry(state)  # once only
    assert len(pool(state, "allied")) == 10


@pytest.mark.rules("O1.4")
def test_one_land_marker_per_ten_army_points_tac_air_not_counted() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6, mechanized=3, tac_air=5)
    assert leaders.allowed(state.data, "axis", "land") == 0  # 9 points: tac air does not count
    put(state, "ags", "1437", infantry=1)
    assert leaders.allowed(state.data, "axis", "land") == 1
    put(state, "agn", "1337", infantry=10)
    assert leaders.allowed(state.data, "axis", "land") == 2


@pytest.mark.rules("O1.5")
def test_one_naval_marker_per_ten_surface_ship_points() -> None:
    state = game()
    fleets = state.data["fleets"]
    fleets["home"].update(at="1131", sp=9, ships={"capital": 9})
    assert leaders.allowed(state.data, "allied", "naval") == 0
    fleets["atlantic"].update(at="1131", sp=1, ships={"capital": 1})
    fleets["allied_ss"].update(at="1131", sp=5, ships={"uboat": 5})  # submarines do not count
    assert leaders.allowed(state.data, "allied", "naval") == 1
    assert leaders.open_units(state.data, "allied", "naval") == ["atlantic", "home"]


@pytest.mark.rules("O1.6")
def test_markers_are_placed_face_down_at_the_end_of_production() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=10)
    put(state, "ags", "1437", infantry=10)
    put(state, "agn", "1337", infantry=5)
    to_leaders_step(state, "axis")
    assert step(state) == "leaders"
    assert state.legal_actions("axis") == [("leader", "agn"), ("leader", "ags"), ("leader", "agw")]
    assert "place 2 land leader markers" in state.view("axis")["prompt"]
    state.rng.force([pool(state, "axis").index("rommel")])
    state.apply("axis", ("leader", "agw"))
    assert state.data["leaders"]["armies"]["agw"] == {"leader": "rommel", "up": False}
    assert "rommel" not in pool(state, "axis") and len(pool(state, "axis")) == 9
    assert ("leader", "agw") not in state.legal_actions("axis")  # one marker an army
    assert state.why_illegal("axis", ("leader", "agw")) == (
        "Army Group West has a leader marker already: one each (O1.4, O1.5)"
    )
    state.apply("axis", ("leader", "agn"))
    assert step(state) != "leaders"  # two markers for 25 points: the phase goes on
    assert "axis places a land leader marker face down on Army Group West" in lines(state)
    assert not any("Rommel" in line for line in lines(state))


@pytest.mark.rules("O1.6")
def test_no_more_markers_than_the_points_allow() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=10)
    put(state, "ags", "1437", infantry=5)
    marker(state, "ags", NO_LEADER, up=False)
    to_leaders_step(state, "axis")  # one allowed, one in play: no step
    assert step(state) != "leaders"
    why = explain(state.data, "axis", ("leader", "agw"))
    assert why is not None and "end of your production phase" in why


def test_the_leaders_step_is_not_played_without_the_option() -> None:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    state.data["flow"][:] = [{"state": "production", "role": "axis", "budget": 0}]
    state.data["player"] = "axis"
    state._after_change(None, None)
    state.apply("axis", ("end_production",))
    assert step(state) != "leaders"


@pytest.mark.rules("O1.7", "O1.1")
def test_the_marker_turns_as_its_army_assaults_and_the_leader_takes_one_off_the_roll() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6, mechanized=3)
    put(state, "ffa", ALLIED_HEX, infantry=2)
    marker(state, "agw", "rommel", up=False)
    state.rng.force([4])
    axis_assault(state)
    assert "Army Group West's leader marker is revealed: Rommel" in lines(state)
    assert state.data["leaders"]["armies"]["agw"] == {"leader": "rommel", "up": True}
    lost = load_tables().firepower_losses(9, 3)
    assert f"firing strength 9, roll 4 -1 leader: {lost} points lost" in lines(state)


@pytest.mark.rules("O1.1")
def test_a_revealed_leader_takes_one_off_the_advance_roll_too() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, mechanized=3)
    put(state, "ffa", ALLIED_HEX, infantry=1)
    marker(state, "agw", "manstein", up=True)
    without = game()
    put(without, "agw", AXIS_HEX, mechanized=3)
    put(without, "ffa", ALLIED_HEX, infantry=1)
    from grognard.games.hgw.advance import advance_limit

    assert advance_limit(state.data, "agw", ALLIED_HEX) == advance_limit(without.data, "agw", ALLIED_HEX) + 1


@pytest.mark.rules("O1.7")
def test_a_defensive_assault_is_no_attack_and_turns_no_marker() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6)
    put(state, "ffa", ALLIED_HEX, infantry=5)
    marker(state, "ffa", "montgomery", up=False)
    state.apply("axis", ("end_movement",))
    state.apply("axis", ("attack", "agw", ALLIED_HEX))
    state.apply("axis", ("end_announce",))
    state.rng.force([3])
    state.apply("allied", ("defensive_assault", "ffa"))
    assert state.data["leaders"]["armies"]["ffa"]["up"] is False


@pytest.mark.rules("O1.8")
def test_a_no_leader_marker_goes_back_to_the_pool() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6)
    put(state, "ffa", ALLIED_HEX, infantry=1)
    marker(state, "agw", NO_LEADER, up=False)
    state.rng.force([6])
    axis_assault(state)
    assert "agw" not in state.data["leaders"]["armies"]
    assert pool(state, "axis").count(NO_LEADER) == 6
    assert "Army Group West's leader marker is revealed: no leader; it goes back to the pool" in lines(state)


@pytest.mark.rules("O1.8")
def test_a_leader_of_the_wrong_nationality_moves_to_an_army_he_may_command() -> None:
    state = game(player="allied")
    put(state, "ffa", ALLIED_HEX, infantry=6)  # a French army: no British leader commands it
    put(state, "agw", AXIS_HEX, infantry=1)
    put(state, "brit", "1131", infantry=4)
    put(state, "bef", "1231", infantry=7)
    marker(state, "ffa", "montgomery", up=False)
    state.data["owner"][ALLIED_HEX] = "allied"
    leaders.reveal(state, ("ffa",))
    assert state.data["leaders"]["armies"] == {"bef": {"leader": "montgomery", "up": True}}
    assert "Montgomery cannot command it and goes to British Expeditionary Force" in lines(state)


@pytest.mark.rules("O1.7")
def test_the_odds_forecast_game_turns_a_face_down_marker_as_the_live_game_does() -> None:
    """The sea battles the odds play on a ForecastGame call leaders.reveal, which marks the
    game irreversible before it turns a hidden marker (rule_game.RuleGame): the forecast
    has no undo, so the mark does nothing there, where it once raised AttributeError."""
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6)
    marker(state, "agw", "rommel", up=False)
    forecast = ForecastGame(copy.deepcopy(state.data), Sampled(Rng(Rng.new_state(1))))
    leaders.reveal(forecast, ("agw",))
    assert forecast.data["leaders"]["armies"]["agw"] == {"leader": "rommel", "up": True}
    assert state.data["leaders"]["armies"]["agw"] == {"leader": "rommel", "up": False}


@pytest.mark.rules("O1.2", "O1.8")
def test_a_pacific_leader_has_no_army_in_europe_and_goes_back_to_the_pool() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6)
    put(state, "ags", "1437", infantry=6)
    marker(state, "agw", "yamashita", up=False)
    leaders.reveal(state, ("agw",))
    assert state.data["leaders"]["armies"] == {} and "yamashita" in pool(state, "axis")


@pytest.mark.rules("O1.9")
def test_a_leader_left_alone_goes_back_to_the_pool() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=10)
    marker(state, "agw", "rommel", up=True)
    put(state, "agw", None)  # the army left the map
    leaders.tidy(state)
    assert state.data["leaders"]["armies"] == {} and "rommel" in pool(state, "axis")


@pytest.mark.rules("O1.10")
@pytest.mark.parametrize(("die", "kept"), [(5, True), (6, False)])
def test_an_army_that_takes_losses_loses_its_leader_on_a_six(die: int, kept: bool) -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6, mechanized=3)
    put(state, "ffa", ALLIED_HEX, infantry=5)
    marker(state, "agw", "rommel", up=True)
    state.apply("axis", ("end_movement",))
    state.apply("axis", ("attack", "agw", ALLIED_HEX))
    state.apply("axis", ("end_announce",))
    state.rng.force([1])  # the defensive assault hits hard
    state.apply("allied", ("defensive_assault", "ffa"))
    while state.legal_actions("axis") and state.legal_actions("axis")[0][0] == "lose":
        if state.flow[-1]["count"] == 1:
            state.rng.force([die])
        state.apply("axis", ("lose", "agw", "infantry"))
    assert ("agw" in state.data["leaders"]["armies"]) is kept
    assert any("(loss of Army Group West's leader)" in line for line in lines(state))


def test_campaign_3_plays_the_leaders_step() -> None:
    state = game("campaign_3")
    put(state, "agw", AXIS_HEX, infantry=10)
    to_leaders_step(state, "axis")
    assert state.legal_actions("axis") == [("leader", "agw")]


def frame_of(state: HgwState) -> dict[str, Any]:
    return dict(state.flow[-1])


def test_the_heuristic_gives_markers_to_its_main_attacking_armies() -> None:
    from grognard.games.hgw.ai import make_heuristic

    state = game()
    put(state, "agw", AXIS_HEX, infantry=4, mechanized=6)  # on the front, mechanized
    put(state, "ags", "1437", infantry=10)  # on the front, infantry only
    put(state, "agn", "1040", infantry=10, mechanized=9)  # far from any enemy
    put(state, "ffa", ALLIED_HEX, infantry=2)
    to_leaders_step(state, "axis")
    legal = state.legal_actions("axis")
    assert make_heuristic(1).act(state.view("axis"), list(legal)) == ("leader", "agw")


@pytest.mark.rules("O1.9")
def test_a_revealed_leader_moves_to_another_army_in_movement() -> None:
    state = game()
    put(state, "agw", AXIS_HEX, infantry=6)
    put(state, "ags", "1437", infantry=4)
    marker(state, "agw", "rommel", up=True)
    legal = state.legal_actions("axis")
    assert ("move_leader", "agw", "ags") in legal
    marker(state, "ags", NO_LEADER, up=False)  # one marker an army
    assert ("move_leader", "agw", "ags") not in state.legal_actions("axis")
    why = state.why_illegal("axis", ("move_leader", "agw", "ags"))
    assert why is not None and "without a leader marker" in why
    state.data["leaders"]["armies"].pop("ags")
    state.data["leaders"]["pools"]["axis"]["land"].append(NO_LEADER)
    state._after_change(None, None)
    state.apply("axis", ("move_leader", "agw", "ags"))
    assert state.data["leaders"]["armies"] == {"ags": {"leader": "rommel", "up": True}}
    assert "Rommel goes from Army Group West to Army Group South" in lines(state)
    # a face-down marker does not move (nobody knows it is a leader)
    assert not [a for a in state.legal_actions("axis") if a[0] == "move_leader" and a[1] == "agw"]


def fleet_marker(state: HgwState, fleet: str, lid: str, *, up: bool) -> None:
    side = state.data["fleets"][fleet]["side"]
    state.data["leaders"]["pools"][side]["naval"].remove(lid)
    state.data["leaders"]["fleets"][fleet] = {"leader": lid, "up": up}


@pytest.mark.rules("O1.7", "O1.1", "O1.10")
def test_a_fleet_battle_turns_the_attackers_marker_and_may_cost_a_leader() -> None:
    from grognard.games.hgw.sea_war import fight

    state = game()
    fleets = state.data["fleets"]
    fleets["home"].update(at="1131", sp=2, ships={"capital": 2})
    fleets["kriegsmarine"].update(at="1236", sp=2, ships={"capital": 2})
    leaders.us_entry(state)  # no effect: the United States is not in the war
    state.data["leaders"]["pools"]["allied"]["naval"].append("halsey")  # as if it were
    fleet_marker(state, "home", "halsey", up=False)
    fleet_marker(state, "kriegsmarine", NO_LEADER, up=False)
    state.rng.force([1, 6, 6, 6])  # the two fleets' fire, then the leader-loss dice
    fight(state, "home", "kriegsmarine")
    log = lines(state)
    assert "Home Fleet's leader marker is revealed: Halsey" in log
    assert any(line.startswith("naval battle:") and line.endswith("(-1 leader)") for line in log)
    # the defender's marker stays face down: defending is no attack
    assert "Kriegsmarine's leader marker is revealed" not in " ".join(log)
    # the Kriegsmarine lost all its ships: its marker goes back to the pool, unseen, no die
    assert "Kriegsmarine leaves the map: its leader marker goes back to the pool" in log
    assert not any("loss of Kriegsmarine's leader" in line for line in log)
    assert state.data["leaders"]["fleets"] == {"home": {"leader": "halsey", "up": True}}


@pytest.mark.rules("O1.10")
def test_a_fleet_with_capital_ships_rolls_only_when_one_of_them_is_lost() -> None:
    state = game()
    fleets = state.data["fleets"]
    fleets["home"].update(at="1131", sp=4, ships={"capital": 2, "asw": 2})
    fleet_marker(state, "home", NO_LEADER, up=False)
    before = dict(fleets["home"]["ships"])
    fleets["home"]["ships"]["asw"] = 1  # an ASW point lost: no die
    leaders.after_fleet_losses(state, "home", before)
    assert not any("loss of Home Fleet's leader" in line for line in lines(state))
    fleets["home"]["ships"]["capital"] = 1
    state.rng.force([6])
    leaders.after_fleet_losses(state, "home", before)
    assert "home" not in state.data["leaders"]["fleets"]


@pytest.mark.rules("O1.7", "O1.1")
def test_a_fleet_intercepting_an_invasion_turns_its_marker_and_fires_with_its_leader() -> None:
    """The invasion-route example's interception (test_hgw_naval.py), with a leader
    marker on the Home Fleet: the option's block put on that position by hand."""
    from test_hgw_naval import sealion, to_interception

    state = sealion()
    state.data["optional"] = ["leaders"]
    state.data["leaders"] = leaders.new_leaders(["axis", "soviet", "allied"])
    state.data["leaders"]["pools"]["allied"]["naval"].append("halsey")
    fleet_marker(state, "home", "halsey", up=False)
    to_interception(state)
    state.rng.force([3, 6])  # the Home Fleet's roll (2 with its leader), the escort's
    state.apply("allied", ("intercept", "home"))
    log = lines(state)
    assert "Home Fleet's leader marker is revealed: Halsey" in log
    assert "Home Fleet's leader: -1 to its roll" in log
    lost = load_tables().firepower_losses(8, 2)
    assert lost != load_tables().firepower_losses(8, 3)  # the leader's -1 counts
    assert f"the invasion fleet loses {lost} points, Home Fleet 0 points" in log
