"""Campaign Game IV, the World War 1939-1945 (issue 23, part 3; data/campaign_4.json,
theater.py, world_war.py): the data and set-up (every place the file names is on the map
and is what the file says; both theaters' forces; Japan in the Axis role), a turn boundary
that changes both theaters, the U.S. entry through Japan's attacks (G6.2), the U.S. held
before it (G17.2), the World War garrisons (O3.2-O3.3) and the victory count over the
whole world."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from grognard.games.hgw import RULESET, HgwState, campaign_victory, victory, world_war
from grognard.games.hgw.fleet_nations import idle
from grognard.games.hgw.garrisons import inherent
from grognard.games.hgw.geography import geography
from grognard.games.hgw.map import load_map, row_col
from grognard.games.hgw.production import budget
from grognard.games.hgw.scenario import DATA_DIR, ScenarioError, load_scenario, load_scenario_from
from grognard.games.hgw.supply import frozen_armies
from grognard.games.hgw.theater import friendly_at_start, pacific_sides

CG4 = "campaign_4"
TOKYO, BERLIN, HONG_KONG, SHANGHAI, PEARL, SAN_FRANCISCO, MANILA = (
    "2077", "1237", "2568", "2169", "25106", "19107", "3072")


def new_game(seed: int = 1, **options: Any) -> HgwState:
    state = RULESET.new_game(CG4, options, seed=seed)
    assert isinstance(state, HgwState)
    return state


def pol(state: HgwState) -> dict[str, Any]:
    found: dict[str, Any] = state.data["politics"]
    return found


def attacked(state: HgwState, army: str, target: str) -> None:
    """`army` was named against `target` this combat phase."""
    state.data["status"][army] = {"target": target, "assaulted": True, "defended": False,
                                  "advanced": 0, "stopped": True}


def turn_start(state: HgwState, turn: str, side: str) -> None:
    """The start of `side`'s player turn of `turn`, as the turn sequence runs it."""
    state.data["turn"] = state.data["turns"].index(turn)
    state.data["flow"][:] = [{"state": "turn_start", "player": side}]
    state.advance()


@pytest.mark.rules("G28.1")
def test_campaign_game_iv_is_registered_with_three_roles_and_japan_in_the_axis() -> None:
    assert CG4 in {s.id for s in RULESET.scenarios}
    assert RULESET.roles(CG4) == ["axis", "soviet", "allied"]
    content = load_scenario(CG4)
    assert (content.first, content.last, content.theater) == ("Winter 1939", "Summer 1945", "world")
    assert set(content.optional) == set(load_scenario("campaign_3").optional)  # every optional rule
    assert set(content.systems) == set(load_scenario("campaign_3").systems)
    japanese = [a.id for a in content.armies["axis"] if a.nation == "japan"]
    assert len(japanese) == 12 and len(content.armies["axis"]) == 24  # two record sheets
    assert len(content.armies["allied"]) == 24 and len(content.armies["soviet"]) == 12
    assert "japan" in content.home_countries["axis"] and "china" in content.home_countries["allied"]


def test_every_place_the_file_names_is_on_the_map_and_what_the_file_says() -> None:
    hmap = load_map()
    content = load_scenario(CG4)
    g = geography(CG4)
    sides = {a.id: side for side, names in content.armies.items() for a in names}
    for p in content.setup:  # each army in a place its side holds (Siberia is a box)
        assert p.at in g.places and g.start_owner[p.at] == sides[p.army], p
    for p in content.us_pacific_arrivals:  # the U.S. commands' hexes: unaligned U.S. territory
        assert p.at in g.unaligned_at_start and hmap.hex(p.at).country == "united_states", p
    europe_fleets = {f.id for f in load_scenario("campaign_3").naval_action_fleets}
    for f in content.naval_action_fleets:
        if f.id in europe_fleets:
            continue
        assert hmap.is_port(f.at) and row_col(f.at)[1] > hmap.data.europe_max_col, f
        assert g.start_owner.get(f.at) in (f.side, None), f  # None: a U.S. port still unaligned
        assert f.points == 1 or {"naval_port", "naval_yard"} & set(hmap.hex(f.at).features), f
    for h in content.hex_production:
        assert h in g.places and hmap.is_land(h), h
    for spec in content.start_sides:
        assert all(hmap.hex(h).country == "china" for h in (*spec.hexes, *spec.minus_hexes))
    named = {TOKYO: "japan", PEARL: "united_states", SAN_FRANCISCO: "united_states", MANILA: "philippines",
             HONG_KONG: "hong_kong", SHANGHAI: "china", "1770": "manchukuo", "3164": "malaya",
             "3465": "netherlands_east_indies", "4580": "australia", "2664": "thailand"}
    assert {h: hmap.hex(h).country for h in named} == named


def test_both_theaters_are_in_play_and_campaign_game_iii_keeps_europe_alone() -> None:
    g = geography(CG4)
    hmap = load_map()
    # Europe as Campaign Game III plays it, its boxes with it
    europe = geography("campaign_3")
    assert europe.places <= g.places and europe.box_at == g.box_at
    assert not any(row_col(p)[1] > hmap.data.europe_max_col for p in europe.places if p != "siberia")
    assert {g.start_owner[p] for p in (BERLIN, TOKYO, SHANGHAI, "1770", "2664")} == {"axis"}
    assert {g.start_owner[p] for p in (HONG_KONG, MANILA, "3164", "2560", "4580", "2265")} == {"allied"}
    assert {PEARL, SAN_FRANCISCO} <= g.unaligned_at_start  # the U.S. Pacific coast, with the U.S. box
    # Soviet Asia stays the Siberia box; Mongolia and Portuguese Timor are out of play
    assert not any(g.country[p] in ("soviet_union", "mongolia", "portuguese_timor")
                   for p in g.places if p != "siberia" and row_col(p)[1] > hmap.data.europe_max_col)
    spec = next(s for s in pacific_sides(CG4) if s.side == "axis")
    assert TOKYO in friendly_at_start(CG4, spec) and BERLIN not in friendly_at_start(CG4, spec)


@pytest.mark.rules("G17.2")
def test_the_set_up_puts_both_theaters_forces_in_place_and_holds_the_us_ones() -> None:
    state = new_game()
    data = state.data
    assert data["armies"]["kwantung"] == {"side": "axis", "name": "Kwantung Army", "at": "1770",
                                          "sp": {"infantry": 3, "mechanized": 0, "tac_air": 0,
                                                 "paratroop": 0, "amphibious": 0}, "nation": "japan"}
    assert data["armies"]["4a"]["at"] == "1238" and data["armies"]["war_area_5"]["nation"] == "china"
    assert data["armies"]["hawaiian"]["at"] is None  # it takes the field with the U.S. entry
    kido_butai = data["fleets"]["kido_butai"]
    assert (kido_butai["at"], kido_butai["ships"]["carrier"], kido_butai["nation"]) == (TOKYO, 6, "japan")
    pacific_fleet = data["fleets"]["pacific_fleet"]
    assert pacific_fleet["at"] == SAN_FRANCISCO and idle(data, pacific_fleet)  # the U.S. unaligned
    assert not idle(data, data["fleets"]["combined"]) and not idle(data, data["fleets"]["home"])
    assert "united_states" in pol(state)["unaligned"] and SAN_FRANCISCO not in data["owner"]
    assert data["pacific"]["us_forces"] == "waiting" and data["pacific"]["us_entry"] is None
    assert world_war.held_armies(data) == ["usaffe"]
    assert not frozen_armies(data, "axis") and not frozen_armies(data, "allied")  # all in supply
    europe = new_game_3().data  # the budgets: Europe's, and Japan's 17 (and 3 imported, G21.1)
    assert budget(data, "axis") == budget(europe, "axis") + 17 + 3  # and the Pacific Allies' 15
    assert budget(data, "allied") == budget(europe, "allied") + 15 - 4  # China's 4 are its own purse
    turn_start(state, "Winter 1939", "allied")
    assert "usaffe" in data["frozen"]
    while state.flow[-1]["state"] != "movement":
        state.apply("allied", next(a for a in state.legal_actions("allied") if str(a[0]).startswith("end_")))
    assert not [a for a in state.legal_actions("allied") if a[:2] == ("move", "usaffe")]
    assert [a for a in state.legal_actions("allied") if a[:2] == ("move", "malaya")]
    why = state.why_illegal("allied", ("move", "usaffe", "infantry", 1))
    assert why is not None and "United States is not yet at war" in why


@pytest.mark.rules("G17.2", "G6.2", "G6.3")
def test_one_turn_boundary_changes_both_theaters() -> None:
    """Spring 1940, Allied turn: the U.S. West Coast fleets sail to Hawaii, the Philippine
    command still held; Spring 1942, Allied turn: the United States enters, its Army arrives
    in the U.S. box of European play and its Pacific commands take the field, no longer held."""
    state = new_game()
    data = state.data
    turn_start(state, "Spring 1940", "allied")
    assert data["fleets"]["pacific_fleet"]["at"] == PEARL
    assert "usaffe" in data["frozen"]
    turn_start(state, "Spring 1942", "allied")
    assert pol(state)["us_since"] == data["turn"]
    assert data["owner"]["1909"] == "allied" and data["owner"][SAN_FRANCISCO] == "allied"
    assert [x["at"] for x in data["armies"].values() if x["name"] == "U.S. Army" and x["at"]] == ["1909"]
    assert data["owner"][PEARL] == "allied"
    assert data["armies"]["hawaiian"]["at"] == PEARL and data["armies"]["4a_us"]["at"] == SAN_FRANCISCO
    assert data["pacific"]["us_forces"] == "arrived" and "usaffe" not in data["frozen"]
    assert not idle(data, data["fleets"]["pacific_fleet"])
    assert data["pacific"]["us_entry"] is None  # not Japan's doing: the U.S. intercepts at once


@pytest.mark.rules("G6.2")
def test_a_japanese_attack_on_the_commonwealth_brings_the_us_in_as_japan_s_doing() -> None:
    state = new_game()
    data = state.data
    attacked(state, "21a", HONG_KONG)
    world_war.end_of_combat(state, "axis")
    assert pol(state)["us_since"] == data["turn"] and "united_states" not in pol(state)["unaligned"]
    assert data["pacific"]["us_entry"] is not None  # G17.3: Japan brought it in this turn
    assert data["owner"][PEARL] == "allied"
    assert any("G6.2 c" in line[0] for line in data["log"])


@pytest.mark.rules("G6.2")
def test_a_japanese_attack_in_china_or_a_german_one_on_the_commonwealth_does_not() -> None:
    state = new_game()
    attacked(state, "13a", "2269")  # China: Japan's war since 1937
    attacked(state, "agw", HONG_KONG)  # conditions b and c are Japan's
    world_war.end_of_combat(state, "axis")
    assert pol(state)["us_since"] is None and "united_states" in pol(state)["unaligned"]


@pytest.mark.rules("G6.2")
def test_any_axis_attack_on_a_us_pacific_place_brings_the_us_in_on_the_allied_side() -> None:
    state = new_game()
    attacked(state, "eastern", PEARL)
    world_war.end_of_combat(state, "axis")
    assert pol(state)["us_since"] == state.data["turn"] and pol(state)["joined"]["united_states"] == "allied"
    assert any("G6.2 a" in line[0] for line in state.data["log"])


@pytest.mark.rules("O3.2", "O3.3")
def test_a_world_war_scenario_reads_the_garrison_rule_for_the_pacific_and_africa() -> None:
    data = new_game().data
    assert not inherent(data, "2562")  # Burmese jungle
    assert not inherent(data, PEARL)  # a circular island
    assert not inherent(data, "4580")  # Australia
    assert not inherent(data, "2543")  # the Sudan's desert: Africa outside the listed areas
    assert inherent(data, "3164")  # Malaya, listed
    assert inherent(data, "2237")  # Libya, listed
    assert inherent(data, "2265") and inherent(data, BERLIN)  # unoccupied China; clear Europe
    assert inherent(new_game_3().data, "2543")  # Campaign Game III: every European land hex (O3.1)


def new_game_3() -> HgwState:
    state = RULESET.new_game("campaign_3", {}, seed=1)
    assert isinstance(state, HgwState)
    return state


@pytest.mark.rules("G27.2", "G27.3")
def test_victory_counts_the_production_of_the_whole_world() -> None:
    """Three Players 2 over both theaters: Tokyo's points are the Axis's; Berlin's fall
    still leaves the Axis none."""
    state = new_game()
    data = state.data
    axis = campaign_victory.controlled_production(data, "axis")
    allied = campaign_victory.controlled_production(data, "allied")
    europe = campaign_victory.controlled_production(new_game_3().data, "axis")
    assert axis > europe  # Japan, Korea, Manchukuo, occupied China, Thailand
    data["owner"][TOKYO] = "allied"
    tokyo = geography(CG4).production[TOKYO]
    assert tokyo > 0
    assert campaign_victory.controlled_production(data, "axis") == axis - tokyo
    assert campaign_victory.controlled_production(data, "allied") == allied + tokyo
    data["owner"][BERLIN] = "soviet"
    assert campaign_victory.controlled_production(data, "axis") == 0


@pytest.mark.rules("G27.2", "G27.4")
def test_the_soviets_measure_their_victory_against_europe_alone() -> None:
    """Three Players 4 in Campaign Game IV (designed; campaign_4.json's `europe_only`): the
    Soviets, who have no Pacific front, set their production against the others'
    production in Europe; the Axis and
    the Allies against the whole world's. So the Soviets stand where Campaign Game III
    puts them, and taking Berlin can win them the game: counted over the whole world,
    the Pacific Allies' points held them level with the Allies."""
    state = new_game()
    data = state.data
    assert campaign_victory.level(data, "soviet") == campaign_victory.level(new_game_3().data, "soviet") == 1
    data["owner"][BERLIN] = "soviet"
    soviet = campaign_victory.controlled_production(data, "soviet")
    allied = campaign_victory.controlled_production(data, "allied")
    assert soviet < allied  # the world's count: less than 1:1, a marginal victory at most
    assert campaign_victory.europe_production(data, "allied") < soviet
    assert campaign_victory.level(data, "soviet") == 2
    assert campaign_victory.level(data, "allied") == 0  # the world's 38:30, under the designed 2
    assert campaign_victory.scores(state, berlin_lost=True) == {"axis": 0.0, "soviet": 1.0, "allied": 0.0}
    # Tokyo's points are the world's, not Europe's
    data["owner"][TOKYO] = "allied"
    assert campaign_victory.europe_production(data, "allied") < soviet


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"theater": "ocean"}, "unknown theater 'ocean'"),
        ({"record_sheets": {"axis": 1}}, "axis has 24 armies, not twelve for each of its 1 record sheets"),
        ({"pacific_unaligned": ["atlantis"]}, "pacific_unaligned: unknown territory 'atlantis'"),
        ({"us_pacific_arrivals": [{"army": "nobody", "at": PEARL}]}, "set-up names unknown army 'nobody'"),
        ({"europe_only": ["japan"]}, "europe_only: 'japan' is not one of the sides"),
        ({"victory_scales": {"japan": [{"level": 3, "at_least": "1"}]}}, "'japan': not one of the sides"),
        ({"victory_scales": {"allied": [{"level": 3, "at_least": "two"}]}}, "not a fraction such as 3/2"),
        ({"victory_scales": {"allied": [{"level": 3, "at_least": "2", "more_than": "2"}]}}, "one of at_"),
        ({"victory_scales": {"allied": [{"level": 3, "at_least": "1/0"}]}}, "not a fraction such as 3/2"),
        (
            {"victory_scales": {"allied": [{"level": 2, "at_least": "3/2"}, {"level": 3, "at_least": "2"}]}},
            "levels must fall from 3 to 1",
        ),
        (
            {"victory_scales": {"allied": [{"level": 3, "at_least": "1"}, {"level": 2, "at_least": "3/2"}]}},
            "ratios must fall line by line",
        ),
    ],
)
def test_bad_campaign_4_data_is_refused(tmp_path: Path, change: dict[str, object], message: str) -> None:
    raw = json.loads((DATA_DIR / f"{CG4}.json").read_text())
    raw.update(change)
    path = tmp_path / f"{CG4}.json"
    path.write_text(json.dumps(raw))
    (tmp_path / "campaign_3.json").write_text((DATA_DIR / "campaign_3.json").read_text())
    (tmp_path / "campaign_2.json").write_text((DATA_DIR / "campaign_2.json").read_text())
    with pytest.raises(ScenarioError, match=message):
        load_scenario_from(path)


def test_a_territory_that_starts_unaligned_is_no_side_s_start(tmp_path: Path) -> None:
    raw = json.loads((DATA_DIR / f"{CG4}.json").read_text())
    raw["start_sides"][1]["territories"].append("united_states")
    path = tmp_path / f"{CG4}.json"
    path.write_text(json.dumps(raw))
    for parent in ("campaign_3", "campaign_2", "campaign_1"):
        (tmp_path / f"{parent}.json").write_text((DATA_DIR / f"{parent}.json").read_text())
    with pytest.raises(ScenarioError, match="start of allied: 'united_states' starts unaligned"):
        load_scenario_from(path)


@pytest.mark.rules("K23.3")
def test_the_loss_of_hawaii_strikes_us_morale_once_a_game() -> None:
    state = new_game()
    data = state.data
    data["owner"][PEARL] = "allied"  # the U.S. at war, Hawaii held at the Axis turn's start
    turn_start(state, "Spring 1942", "axis")
    before = dict(data["morale"])
    data["owner"][PEARL] = "axis"  # taken in the Axis combat phase
    world_war.end_of_combat(state, "axis")
    assert data["morale"]["united_states"] == before["united_states"] - 2
    assert data["morale"]["japan"] == before["japan"] + 2
    assert any("lost Hawaii" in line[0] for line in data["log"])
    data["owner"][PEARL] = "allied"  # retaken, and lost again: once a game
    turn_start(state, "Summer 1942", "axis")
    data["owner"][PEARL] = "axis"
    after = dict(data["morale"])
    world_war.end_of_combat(state, "axis")
    assert data["morale"] == after


def _to_production(state: HgwState, role: str) -> None:
    """On through every step with its ending choice until `role` is asked to produce."""
    while not (state.active_roles() == [role] and state.data["flow"][-1]["state"] == "production"):
        who = state.active_roles()[0]
        legal = state.legal_actions(who)
        ends = [a for a in legal if a[0].startswith(("end_", "no_", "to_"))]
        state.apply(who, ends[0] if ends else legal[0])


@pytest.mark.rules("G17.7")
def test_a_new_army_takes_a_counter_of_its_theater_s_record_sheet() -> None:
    """Japan's twelve counters all carry "japan": a new army in Tokyo takes one of them
    (before, it could take none, and Japan never built a new army), and one in Germany
    takes one of Germany's sheet, never Japan's."""
    state = new_game()
    _to_production(state, "axis")
    armies = state.data["armies"]
    for nation in ("japan", ""):  # a free counter of each sheet
        army = next(a for a, x in armies.items() if x["side"] == "axis" and x.get("nation", "") == nation)
        armies[army]["at"] = None
        armies[army]["sp"] = dict.fromkeys(armies[army]["sp"], 0)
    state._after_change(None, None)

    def built_at(place: str) -> str:
        before = {a for a, x in armies.items() if x["at"] == place}
        state.apply("axis", ("build", "infantry", "place", place))
        (new,) = {a for a, x in armies.items() if x["at"] == place} - before
        return str(armies[new].get("nation", ""))

    assert ("build", "infantry", "place", TOKYO) in state.legal_actions("axis")
    assert built_at(TOKYO) == "japan"
    assert ("build", "infantry", "place", BERLIN) in state.legal_actions("axis")
    assert built_at(BERLIN) == ""


@pytest.mark.rules("G27.4")
def test_campaign_4_victory_scales_are_designed() -> None:
    """Three Players 4 on Campaign Game IV's designed scales (campaign_4.json; docs/hgw-design.md,
    "Campaign Game IV's victory scales"): the Allies, whose count holds the Pacific war's
    gains, need 2, 5/2 and 3 times the others' production where the rulebook asks 1, 3/2
    and 2; an Axis holding Berlin with less than a fifth of the others' has no victory,
    where the rulebook gives it a marginal one. The Soviets keep the rulebook's."""
    allied = campaign_victory.victory_scale(CG4, "allied")
    ratios = ("19/10", "2", "5/2", "3")
    assert [campaign_victory.scale_level(allied, Fraction(x)) for x in ratios] == [0, 1, 2, 3]
    rulebook = campaign_victory.victory_scale("campaign_3", "allied")
    assert campaign_victory.scale_level(rulebook, Fraction(19, 10)) == 2
    axis = campaign_victory.victory_scale(CG4, "axis")
    ratios = ("1/6", "1/5", "1/3", "7/20", "1")
    assert [campaign_victory.scale_level(axis, Fraction(x)) for x in ratios] == [0, 1, 1, 2, 3]
    soviet = campaign_victory.victory_scale(CG4, "soviet")
    assert soviet == campaign_victory.victory_scale("campaign_3", "soviet")
    # in play: the Axis down to Berlin, every other place of its lost to the Allies
    assert campaign_victory.level(new_game().data, "axis") == 2  # the start: 33 against 65
    for state, marginal in ((new_game(), 0), (new_game_3(), 1)):  # 1: the rulebook's
        owner = state.data["owner"]
        owner.update({p: "allied" for p, s in owner.items() if s == "axis" and p != BERLIN})
        assert campaign_victory.level(state.data, "axis") == marginal


@pytest.mark.rules("G27.4")
def test_a_world_war_no_side_wins_ends_in_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the designed scales no side may reach a level (the rulebook's Axis is marginal
    whenever it holds Berlin): an Axis of 10 against 100 (under 1/5), Soviets of 30
    against Europe's 8 and 55 (under 1/2), Allies of 70 against 40 (under 2). The game
    ends in a draw, said so in the log."""
    world = {"axis": 10, "soviet": 30, "allied": 70}
    europe = {"axis": 8, "soviet": 30, "allied": 55}
    counts = {s: (world[s], europe[s]) for s in world}
    monkeypatch.setattr(campaign_victory, "end_counts", lambda data: counts)
    state = new_game()
    assert [campaign_victory.level(state.data, s) for s in state.roles] == [0, 0, 0]
    victory.last_turn_over(state)
    assert state.result() == {"axis": 0.0, "soviet": 0.0, "allied": 0.0}
    assert state.data["log"][-1][0] == (
        "the last turn is over and Berlin still stands: no side reaches a level of victory: a draw"
    )
