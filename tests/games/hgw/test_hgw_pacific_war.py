"""The Pacific War scenario's data and set-up (issue 23, part 3; data/pacific_war.json,
theater.py, pacific_war.py): every place the file names is on the map and is what the file
says, the Pacific half of the ring is in play (and Europe's scenarios keep theirs), the set-up
and the victory conditions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.core.errors import BadOptions
from grognard.games.hgw import RULESET
from grognard.games.hgw.action_space import action_space
from grognard.games.hgw.board import check_victory
from grognard.games.hgw.geography import geography
from grognard.games.hgw.map import load_map, row_col
from grognard.games.hgw.pacific_war import TOKYO, game_over, japan_wins, start_production
from grognard.games.hgw.production import budget
from grognard.games.hgw.scenario import DATA_DIR, ScenarioError, load_scenario, load_scenario_from
from grognard.games.hgw.state import HgwState
from grognard.games.hgw.theater import friendly_at_start
from grognard.games.hgw.victory import gross_production

PW = "pacific_war"
PEARL, SAN_FRANCISCO, SEATTLE, SINGAPORE, MANILA = "25106", "19107", "15107", "3164", "3072"


def new_game(seed: int = 1) -> HgwState:
    state = RULESET.new_game(PW, seed=seed)
    assert isinstance(state, HgwState)
    return state


def test_the_pacific_war_is_a_two_player_scenario_of_japan_against_the_allies() -> None:
    assert PW in {s.id for s in RULESET.scenarios}
    assert RULESET.roles(PW) == ["axis", "allied"]
    content = load_scenario(PW)
    assert (content.first, content.last, content.first_player) == ("Winter 1941", "Winter 1945", "axis")
    assert set(content.systems) == {"naval", "tac_air"}


def test_the_optional_rules_of_europe_are_refused() -> None:
    with pytest.raises(BadOptions, match="Campaign Games II and III, not in pacific_war"):
        RULESET.new_game(PW, {"naval_action": True}, 1)


def test_the_action_index_leaves_out_europe_s_sea_routes_and_seas() -> None:
    families = dict(action_space(PW, {}))
    assert families["raid_route"][1] == []  # no European route is declared in the Pacific
    seas = families["patrol"][1]
    hmap = load_map()
    off_pearl = {h for h in hmap.neighbours(PEARL) if hmap.is_water(h)}
    assert all(hmap.is_water(h) for h in seas) and off_pearl <= set(seas)
    assert not any("Atlantic" in hmap.hex(h).seas and row_col(h)[1] <= 57 for h in seas)


def test_every_place_the_file_names_is_on_the_map_and_what_the_file_says() -> None:
    hmap = load_map()
    content = load_scenario(PW)
    g = geography(PW)
    sides = {a.id: side for side, names in content.armies.items() for a in names}
    for p in content.setup:  # each army in a land hex of the Pacific its side holds
        assert p.at in hmap and hmap.is_land(p.at), p
        assert row_col(p.at)[1] > hmap.data.europe_max_col, p
        assert g.start_owner[p.at] == sides[p.army], p
    for f in content.fleets:  # each fleet in a port of its side; more than a point in an anchor or yard
        assert hmap.is_port(f.at) and g.start_owner[f.at] == f.side, f
        assert f.points == 1 or {"naval_port", "naval_yard"} & set(hmap.hex(f.at).features), f
    for h in content.hex_production:  # production goes on the land hexes of the play area
        assert h in g.places and hmap.is_land(h), h
    assert hmap.has_feature(TOKYO, "capital") and hmap.hex(TOKYO).country == "japan"
    assert content.capitals == {"allied": (TOKYO,)}
    for spec in content.start_sides:
        for h in spec.hexes:  # Japanese-held China: China's hexes, taken off the Allies
            assert hmap.hex(h).country == "china", h
        assert spec.side in content.sides
    named = {"2077": "japan", PEARL: "united_states", SAN_FRANCISCO: "united_states",
             SINGAPORE: "malaya", MANILA: "philippines", "3465": "netherlands_east_indies",
             "2560": "india", "4580": "australia", "2265": "china", "1965": "china"}
    assert {h: hmap.hex(h).country for h in named} == named


def test_the_pacific_half_of_the_ring_is_in_play_and_europe_keeps_its_own() -> None:
    g = geography(PW)
    hmap = load_map()
    assert all(row_col(p)[1] > hmap.data.europe_max_col for p in g.places)
    assert {PEARL, SAN_FRANCISCO, SEATTLE, SINGAPORE, MANILA} <= g.places
    assert not any(g.country[p] in ("soviet_union", "mongolia") for p in g.places)  # neutral, out of play
    assert g.start_owner["2077"] == "axis" and g.start_owner["2265"] == "allied"
    assert g.start_owner["2169"] == "axis" and g.country["2169"] == "china"  # Shanghai, Japanese-held
    assert not g.box_at  # no off-map boxes: the Pacific is on the board
    europe = geography("barbarossa")
    assert all(p == "siberia" or row_col(p)[1] <= hmap.data.europe_max_col for p in europe.places)
    spec = next(s for s in load_map().scenario("barbarossa").sides if s.side == "axis")
    assert friendly_at_start("barbarossa", spec) == load_map().friendly_at_start("barbarossa", "axis")


def test_the_set_up_places_armies_fleets_and_production() -> None:
    state = new_game()
    data = state.data
    assert data["armies"]["25a"]["at"] == "2965" and data["armies"]["25a"]["sp"]["tac_air"] == 1
    hawaiian = data["armies"]["hawaiian"]
    assert hawaiian["at"] == PEARL and hawaiian.get("nation") == "united_states"
    assert data["armies"]["eighth_route"]["nation"] == "chinese_communist"
    assert data["fleets"]["kido_butai"] == {
        "side": "axis", "name": "Kido Butai", "at": "2077", "sp": 8, "ships": {"capital": 2, "carrier": 6},
        "nation": "japan",
    }
    assert data["fleets"]["pacific_fleet"]["at"] == PEARL
    assert start_production(PW, "axis") == 17
    assert budget(data, "axis") == 17
    # the Allies: 18 points on the board, the U.S. box's 15, less 13 for the war against
    # Germany (the balance between equal heuristics: docs/hgw-design.md), less China's 4,
    # which China spends from its own purse (Activity Limitations 1, china_purse.py)
    assert start_production(PW, "allied") == 18 and budget(data, "allied") == 20 - 4


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"theater": "arctic"}, "unknown theater 'arctic'"),
        ({"hex_production": {"2077": 5}}, "hex_production: 2077 must be a land hex"),
        ({"hex_production": {"2178": 1}}, "hex_production: 2178 must be a land hex"),
        ({"victory": "tokyo"}, "unknown victory rule 'tokyo'"),
        ({"objectives": {"axis": ["2178"]}}, "objectives of axis: 2178 is not a land hex"),
    ],
)
def test_bad_pacific_war_data_is_refused(tmp_path: Path, change: dict[str, object], message: str) -> None:
    raw = json.loads((DATA_DIR / f"{PW}.json").read_text())
    raw.update(change)
    path = tmp_path / f"{PW}.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(ScenarioError, match=message):
        load_scenario_from(path)


def test_bad_start_sides_are_refused(tmp_path: Path) -> None:
    raw = json.loads((DATA_DIR / f"{PW}.json").read_text())
    raw["start_sides"][0]["territories"].append("atlantis")
    raw["start_sides"][1]["hexes"] = ["9999"]
    path = tmp_path / f"{PW}.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(ScenarioError, match=r"unknown territory 'atlantis'.*hex 9999 is not on the map"):
        load_scenario_from(path)


def test_the_allies_win_at_once_holding_tokyo() -> None:
    state = new_game()
    state.data["owner"][TOKYO] = "allied"
    check_victory(state)
    assert state.data["result"] == {"allied": 1.0, "axis": 0.0}


def test_at_the_end_japan_wins_holding_tokyo_and_more_than_its_starting_production() -> None:
    state = new_game()
    data = state.data
    assert gross_production(data, "axis") == 17 and not japan_wins(data)  # no more than in 1941
    data["owner"]["3465"] = "axis"  # Batavia's two points won
    assert japan_wins(data)
    data["owner"]["2169"] = "allied"  # Shanghai's two points lost
    assert not japan_wins(data)
    data["owner"][SINGAPORE] = "axis"  # and Singapore's one won
    assert japan_wins(data)
    data["devastated"]["3465"] = 2  # devastated points count (Victory Conditions 5)
    assert japan_wins(data)
    data["owner"][TOKYO] = "allied"
    assert not japan_wins(data)
    data["owner"][TOKYO] = "axis"
    game_over(state)
    assert data["result"] == {"axis": 1.0, "allied": 0.0} and data["flow"] == []
    assert "Japan holds Tokyo with 18 production points against 17" in data["log"][-1][0]
