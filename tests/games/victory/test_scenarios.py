"""Victory scenarios (1.4, 10.0-10.6, fog-of-war deployment sidebar): data/scenarios.json."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import msgspec
import pytest

from grognard.core.errors import BadOptions
from grognard.games.victory import RULESET, boards, scenarios, setup, units
from grognard.games.victory.boards import game_map
from grognard.games.victory.scenarios import ScenarioDataError


def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((units.DATA_DIR / "scenarios.json").read_text())
    return data


def _every_spec() -> list[scenarios.ScenarioSpec]:
    out = []
    for scenario_id in scenarios.scenario_ids():
        base = scenarios.scenario_spec(scenario_id)
        for maps in base.map_counts:
            for players in base.player_counts:
                if players in (3, 4) and maps != players and scenario_id == "quick-start":
                    continue  # 2.0 [3]: four players need a map each
                out.append(scenarios.scenario_spec(scenario_id, maps, players))
    return out


def test_the_five_scenarios_are_listed_in_rulebook_order_then_ours() -> None:
    assert scenarios.scenario_ids() == (
        "quick-start",
        "custom-forces",
        "sleeping-giant",
        "two-front",
        "commanders",
        "neutral-ground",
    )
    assert [scenarios.scenario_spec(s).rule for s in scenarios.scenario_ids()] == [
        "10.1",
        "10.2",
        "10.3",
        "10.4",
        "10.5",
        "N1.1",  # ours, for the neutral cities sidebar
    ]


@pytest.mark.rules("N1.1")
def test_n1_1_a_neutral_board_must_be_on_the_map_and_owned_by_nobody() -> None:
    raw = json.loads((units.DATA_DIR / "scenarios.json").read_text())
    spec = scenarios.scenario_spec("neutral-ground")
    assert spec.neutral_boards == ("C",) and spec.layout == "3map"
    assert {b for p in spec.players for b in p.home_boards} == {"A", "B"}
    entry = next(s for s in raw["scenarios"] if s["id"] == "neutral-ground")
    entry["default_maps"]["3"]["neutral_boards"] = []
    with pytest.raises(scenarios.ScenarioDataError, match="neutral boards"):
        scenarios.decode_scenarios(json.dumps(raw).encode())


@pytest.mark.rules("10.0", "10.1")
def test_quick_start_gives_each_player_twenty_random_units_on_his_own_map() -> None:
    spec = scenarios.scenario_spec("quick-start")
    assert (spec.layout, spec.map_count, spec.roles) == ("2map", 2, ("blue", "red"))
    assert [p.random_units for p in spec.players] == [20, 20]
    assert [p.home_boards for p in spec.players] == [("A",), ("B",)]
    assert spec.victory_pp == {"A": 15, "B": 15}
    assert spec.full_strength


@pytest.mark.rules("10.0")
def test_four_map_games_double_the_forces_and_need_thirty_pp() -> None:
    spec = scenarios.scenario_spec("quick-start", maps=4)
    assert spec.layout == "4map"
    assert [p.random_units for p in spec.players] == [40, 40]
    assert [len(p.home_boards) for p in spec.players] == [2, 2]
    assert spec.victory_pp == {"A": 30, "B": 30}
    assert scenarios.scenario_spec("custom-forces", maps=4).players[0].purchase_pp == 160


@pytest.mark.rules("10.2")
def test_custom_forces_buy_eighty_pp() -> None:
    spec = scenarios.scenario_spec("custom-forces")
    assert [(p.random_units, p.purchase_pp) for p in spec.players] == [(0, 80), (0, 80)]
    assert not spec.forces_choice


@pytest.mark.rules("10.3")
def test_sleeping_giant_starts_b_weak_with_richer_home_cities() -> None:
    spec = scenarios.scenario_spec("sleeping-giant")
    a, b = spec.players
    assert (a.random_units, a.purchase_pp) == (20, 80)
    assert (b.random_units, b.purchase_pp) == (12, 48)
    assert spec.home_city_bonus == {"A": 0, "B": 1}
    assert spec.forces_choice


@pytest.mark.rules("10.4")
def test_two_front_war_puts_a_in_the_centre_of_three_maps() -> None:
    spec = scenarios.scenario_spec("two-front", players=2)
    assert spec.layout == "3map"
    _, placed = boards.parse_key(spec.map_key)
    a, b = spec.players
    assert a.home_boards == (placed[1][0],)  # the centre slot
    assert set(b.home_boards) == {placed[0][0], placed[2][0]}
    assert (a.random_units, b.random_units) == (20, 20)  # B: 10 on each outer map
    assert b.per_board
    assert spec.victory_pp == {"A": 20, "B": 25}


@pytest.mark.rules("10.4")
def test_two_front_war_with_three_players_splits_b_into_two_allies() -> None:
    spec = scenarios.scenario_spec("two-front", players=3)
    assert spec.roles == ("blue", "red", "green")
    assert spec.side_roles("B") == ("red", "green")
    red, green = spec.player("red"), spec.player("green")
    assert (red.random_units, green.random_units) == (10, 10)
    assert (red.purchase_pp, green.purchase_pp) == (40, 40)
    assert len({*red.home_boards, *green.home_boards}) == 2


@pytest.mark.rules("10.5")
def test_commanders_seats_command_one_arm_each_and_the_politician_produces() -> None:
    six = scenarios.scenario_spec("commanders", players=6)
    assert six.layout == "4map" and six.team_seats
    assert six.side_roles("A") == ("blue-general", "blue-admiral", "blue-air_marshal")
    for side in ("A", "B"):
        seats = [six.player(r) for r in six.side_roles(side)]
        assert sorted(a for s in seats for a in s.arms) == sorted(units.ARMS)
        assert sum(s.production for s in seats) == 1
    eight = scenarios.scenario_spec("commanders", players=8)
    politician = eight.player("red-politician")
    assert politician.production and politician.arms == () and politician.votes == 2
    assert not eight.player("red-general").production
    assert all(eight.player(r).votes == 1 for r in eight.side_roles("B") if not r.endswith("politician"))


@pytest.mark.rules("10.5")
def test_the_war_council_has_transfer_of_command_and_a_unanimous_coup() -> None:
    council = scenarios.council_rules()
    assert council["transfer_command"].proposer == "politician"
    assert council["coup"].needs == "unanimous_others"
    assert [s.id for s in scenarios.commander_seats(with_politician=False)] == [
        "general",
        "admiral",
        "air_marshal",
    ]


@pytest.mark.rules("1.4")
def test_deployment_needs_two_units_per_city_unless_the_forces_are_too_few() -> None:
    spec = scenarios.scenario_spec("quick-start")
    assert spec.deploy_places == ("city", "town")
    assert spec.min_units_per_city == 2
    assert scenarios.min_units_for(20, 6) == 2
    assert scenarios.min_units_for(12, 6) == 2  # Sleeping Giant's B fills every city exactly
    assert scenarios.min_units_for(10, 6) == 1  # 10.4's ten units per outer map
    assert scenarios.min_units_for(5, 6) == 0


@pytest.mark.rules("1.4", "O1.1")
def test_fog_of_war_deployment_places_three_units_at_a_time() -> None:
    assert all(spec.fog_of_war_batch == 3 for spec in _every_spec())


@pytest.mark.rules("10.1")
def test_the_quick_start_pool_is_the_generic_set_without_resources() -> None:
    pool = scenarios.quick_start_pool()
    generic = Counter(b.type for b in units.blockset("generic-blue"))
    del generic["RE"]
    assert Counter(pool) == generic
    assert len(pool) >= 40  # enough for the doubled 4-map forces
    assert all(b.type != "RE" for b in scenarios.quick_start_blocks("german"))


@pytest.mark.rules("10.6")
def test_time_limits_suggest_ten_turns_and_break_ties_by_pp() -> None:
    limit = scenarios.time_limit()
    assert (limit.suggested_turns, limit.tie_break) == (10, "most_pp")
    assert limit.max_turns >= limit.suggested_turns


def test_every_resolved_scenario_is_consistent() -> None:
    for spec in _every_spec():
        gmap = boards.game_map(spec.map_key)
        assert len(gmap.boards) == spec.map_count
        owned = [
            b
            for side in spec.sides
            for b in {x for p in spec.players if p.side == side for x in p.home_boards}
        ]
        # N1.1: every board is someone's home or neutral, never both
        assert not set(owned) & set(spec.neutral_boards), spec.id
        assert sorted(owned + list(spec.neutral_boards)) == sorted(b for b, _ in gmap.boards), spec.id
        assert len(set(spec.roles)) == len(spec.roles)
        assert set(spec.victory_pp) == set(spec.sides) == {"A", "B"}
        assert all(p.random_units > 0 or p.purchase_pp > 0 for p in spec.players)


def test_bad_requests_and_bad_data_give_clear_errors() -> None:
    with pytest.raises(ScenarioDataError, match="unknown scenario 'blitz'"):
        scenarios.scenario_spec("blitz")
    with pytest.raises(ScenarioDataError, match="played on 3 maps, not 2"):
        scenarios.scenario_spec("two-front", maps=2)
    with pytest.raises(ScenarioDataError, match="for 2, 4 players, not 3"):
        scenarios.scenario_spec("quick-start", players=3)
    with pytest.raises(ScenarioDataError, match="needs a map each: 4 maps, not 2"):
        scenarios.scenario_spec("quick-start", maps=2, players=4)
    with pytest.raises(ScenarioDataError, match="no role 'green'"):
        scenarios.scenario_spec("quick-start").player("green")
    data = _raw()
    data["scenarios"][0]["default_maps"]["2"]["key"] = "3map:A0,B0,C0"
    with pytest.raises(ScenarioDataError, match="not a 2-map layout"):
        scenarios.decode_scenarios(json.dumps(data).encode())
    data = _raw()
    data["scenarios"][0]["sides"][0]["forces"] = {}
    with pytest.raises(ScenarioDataError, match="starts with no forces"):
        scenarios.decode_scenarios(json.dumps(data).encode())
    data = _raw()
    data["commanders"]["seats"][0]["arms"] = ["naval"]
    with pytest.raises(ScenarioDataError, match="each arm exactly once"):
        scenarios.decode_scenarios(json.dumps(data).encode())


def _deploy_on(state: Any, role: str, board: str) -> int:
    """Deploy `role`'s blocks on `board` while any may go there; how many went."""
    the_map = game_map(state.data["map"])
    placed = 0
    while True:
        legal = state.legal_actions(role)
        here = [a for a in legal if a[0] == "deploy" and the_map.hexes[a[2]].board == board]
        if not here:
            return placed
        state.apply(role, here[0])
        placed += 1


def _on_board(state: Any, role: str, board: str) -> list[dict[str, Any]]:
    the_map = game_map(state.data["map"])
    return [
        b
        for b in state.data["blocks"].values()
        if b["owner"] == role and b["at"] and the_map.hexes[b["at"]].board == board and b["type"] != "RE"
    ]


@pytest.mark.rules("10.4", "1.4")
def test_10_4_two_player_b_deploys_ten_units_on_each_outer_map() -> None:
    state = RULESET.new_game("two-front", {"players": 2}, 0)
    spec = scenarios.scenario_spec("two-front", players=2)
    b = spec.players[1]
    first, second = b.home_boards
    assert _deploy_on(state, b.role, first) == 10  # and no eleventh
    assert _deploy_on(state, b.role, second) == 10
    assert not [a for a in state.legal_actions(b.role) if a[0] == "deploy"]
    assert len(_on_board(state, b.role, first)) == len(_on_board(state, b.role, second)) == 10


@pytest.mark.rules("10.4", "10.2")
def test_10_4_two_player_b_buys_40_pp_of_forces_for_each_outer_map() -> None:
    state = RULESET.new_game("two-front", {"players": 2, "bought_forces": True}, 0)
    spec = scenarios.scenario_spec("two-front", players=2)
    a, b = spec.players
    for role in (a.role, b.role):
        while state.data["phase"] == "purchase" and role in state.active_roles():
            legal = state.legal_actions(role)
            steps = [x for x in legal if x[0] == "buy_step"]  # full-strength infantry, 4 PP each
            buys = [x for x in legal if x[0] == "buy" and x[1] == "IN"]
            state.apply(role, (steps or buys or [("done",)])[0])
    assert state.data["phase"] == "deploy"
    first, second = b.home_boards
    _deploy_on(state, b.role, first)
    _deploy_on(state, b.role, second)
    table = units.unit_table()
    for board in (first, second):
        pp = sum(table[x["type"]].cost * x["steps"] for x in _on_board(state, b.role, board))
        assert pp == 40, board


@pytest.mark.rules("10.6")
def test_10_6_the_turn_limit_option_takes_its_default_and_cap_from_the_scenario_data() -> None:
    limit = scenarios.time_limit()
    option = next(o for o in RULESET.options if o.id == "turn_limit")
    assert (option.default, option.max) == (limit.suggested_turns, limit.max_turns)
    with pytest.raises(BadOptions):
        RULESET.new_game("quick-start", {"turn_limit": limit.max_turns + 1}, 0)


@pytest.mark.rules("1.4", "O1.1", "10.1")
def test_1_4_deployment_reads_its_settings_from_the_scenario_data(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = scenarios.deployment_rules()
    changed = msgspec.structs.replace(rules, fog_of_war_batch=2, full_strength=False, places=("city",))
    monkeypatch.setattr(setup, "deployment_rules", lambda: changed)
    state = RULESET.new_game("quick-start", {"fog_deploy": True}, 0)
    assert all(b["steps"] == 1 for b in state.data["blocks"].values())  # not at full strength
    first = state.active_roles()[0]
    the_map = game_map(state.data["map"])
    for _ in range(2):
        legal = state.legal_actions(first)
        assert all(the_map.hexes[a[2]].city for a in legal if a[0] == "deploy")  # towns left out
        state.apply(first, legal[0])
    assert state.active_roles() != [first]  # a batch of two, not three
