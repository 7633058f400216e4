"""Campaign Game II research and technology (capability.py, research.py): the Units
Capability Table as read from the scan, the research track, the Research Results and the
Efficiency Table, the special cases, and the rulebook's research examples with forced dice.

Research is not played in a game yet (Campaign Game II's turn sequence is later work), so
these tests call the rules functions on a research state; the dice are a Barbarossa game's,
forced through its RNG as the other rules tests force them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.capability import (
    DATA_PATH,
    CapabilityError,
    format_cost,
    load_capability,
    load_capability_from,
)
from grognard.games.hgw.research import (
    Conditions,
    Research,
    apply_research_action,
    begin_phase,
    german_uboat_modifier,
    has_german_technology,
    invest,
    is_cheapest,
    is_overtaken,
    is_prohibited,
    item_cost,
    level,
    most_a_turn,
    new_research,
    research_actions,
    resolve,
    us_joins_allies,
    why_not_invest,
)

AT_WAR = Conditions()
BUDGET = 20


def halves(points: float) -> int:
    return int(points * 2)


def cost(research: Research, side: str, item: str, nation: str = "") -> float | None:
    value = item_cost(research, side, item, nation)
    return None if value is None else value / 2


def roll_on(research: Research, side: str, item: str, dice: list[int], spaces: int = 1) -> Research:
    """A new research phase: put `spaces` points into the item, then roll with forced dice."""
    state = new_game()
    research = begin_phase(research, side)
    while spaces:
        step = min(spaces, most_a_turn(research, side, item, AT_WAR))
        research = invest(research, side, item, step, BUDGET, AT_WAR)
        spaces -= step
        if spaces:
            research = begin_phase(research, side)
    state.rng.force(dice)
    research, _ = resolve(research, side, item, state, AT_WAR)
    return research


# ----- the table ---------------------------------------------------------------------------
@pytest.mark.rules("K3.2")
def test_the_table_reads_each_items_cost_by_tech_level() -> None:
    cap = load_capability()
    printed = {
        "infantry": [3, 2, 1],
        "mechanized": [6, 4, 3, 2],
        "tac_air": [4, 3, 2, 1, 1, 1, 1],
        "paratroop": [6, 5],
        "amphibious": [6, 4, 3, 2],
        "fort": [5],
        "uboat": [6, 4, 2, 1.5, 1],
        "capital_ship": [11, 9, 7, 5],
        "carrier": [15, 12, 10],
        "asw": [8, 5, 3],
        "air_defence": [8, 7, 6],
        "escort": [None, 7, 6],
        "shipping": [1],
        "supply_counter": [2],
        "port": [6, 4, 3, 2],
        "naval_port": [9, 7, 6, 5],
    }
    for item, costs in printed.items():
        read = [cap.cost_at(item, lv) for lv in range(cap.top_level(item) + 1)]
        assert read == [None if c is None else halves(c) for c in costs], item
    assert format_cost(cap.cost_at("uboat", 3)) == "1½"
    assert cap.capability("bomber", "range", 1) == 3 and cap.capability("bomber", "range", 6) == 11
    assert [cap.capability("coastal_air", "range", lv) for lv in range(7)] == [0, 0, 0, 1, 1, 1, 2]
    assert [cap.capability("carrier", "max_search", lv) for lv in range(3)] == [2, 2, 3]
    assert cap.item("coastal_air").per == 6  # the cost buys six coastal air points


@pytest.mark.rules("K3.2", "K4.3")
def test_the_last_cost_shown_is_the_cheapest_so_research_stops_there() -> None:
    research = new_research()
    research["soviet"]["items"]["infantry"].update(level=2, cost=halves(1))
    why = why_not_invest(research, "soviet", "infantry", 1, BUDGET, AT_WAR)
    assert why is not None and "best tech level" in why
    assert why_not_invest(new_research(), "axis", "fort", 1, BUDGET, AT_WAR) is not None  # one level only
    with pytest.raises(IllegalAction, match="best tech level"):
        invest(research, "soviet", "infantry", 1, BUDGET, AT_WAR)


@pytest.mark.rules("K3.3")
def test_prohibited_levels_allow_no_production_until_researched_past() -> None:
    research = new_research()
    assert is_prohibited(research, "axis", "missile") and is_prohibited(research, "axis", "atomic_bomb")
    assert is_prohibited(research, "axis", "bomber") and not is_prohibited(research, "axis", "air_defence")
    research["axis"]["items"]["missile"].update(level=3, cost=None)
    research = roll_on(research, "axis", "missile", [1])  # space 1, a 1: A
    assert level(research, "axis", "missile") == 4 and cost(research, "axis", "missile") == 3
    assert not is_prohibited(research, "axis", "missile")


@pytest.mark.rules("K3.4")
def test_tied_items_follow_their_parents_level_and_have_no_research() -> None:
    research = new_research()
    assert cost(research, "allied", "coastal_air") == 4 and cost(research, "allied", "port") == 6
    assert cost(research, "allied", "naval_port") == 9
    research = roll_on(research, "allied", "tac_air", [1])
    research = roll_on(research, "allied", "amphibious", [1])
    assert cost(research, "allied", "coastal_air") == 3 and level(research, "allied", "coastal_air") == 1
    assert cost(research, "allied", "port") == 4 and cost(research, "allied", "naval_port") == 7
    research = roll_on(research, "allied", "asw", [2])  # B: 8 -> 7, and ASW ships pay the same
    assert cost(research, "allied", "asw_ship") == cost(research, "allied", "asw") == 7
    for tied in ("coastal_air", "port", "naval_port", "asw_ship"):
        with pytest.raises(IllegalAction, match="no research of its own"):
            invest(research, "allied", tied, 1, BUDGET, AT_WAR)


@pytest.mark.rules("K3.5", "K4.2")
def test_each_side_starts_with_its_own_costs_and_every_marker_on_start() -> None:
    research = new_research()
    assert cost(research, "axis", "infantry") == 2 and level(research, "axis", "infantry") == 1
    assert cost(research, "soviet", "infantry") == cost(research, "allied", "infantry") == 3
    assert cost(research, "axis", "mechanized") == 5 and level(research, "axis", "mechanized") == 0
    assert cost(research, "soviet", "mechanized") == cost(research, "allied", "mechanized") == 6
    assert all(s["marker"] == 0 for side in research.values() for s in side["items"].values())
    assert json.loads(json.dumps(research)) == research  # plain JSON


@pytest.mark.rules("K8.0", "K8.1")
def test_chinese_infantry_is_at_tech_level_two() -> None:
    research = new_research()
    assert cost(research, "allied", "infantry", "nationalist_china") == 1
    assert cost(research, "soviet", "infantry", "communist_china") == 1
    assert cost(research, "allied", "infantry", "britain") == 3
    assert cost(research, "allied", "mechanized", "nationalist_china") == 6


# ----- research ----------------------------------------------------------------------------
@pytest.mark.rules("K3.1", "K4.4", "K4.5")
def test_item_cost_example_mechanized_six_then_four_then_down_to_two() -> None:
    """Item Cost 1's example: mechanized at 6 on level 0, 4 on level 1, and 2 at best."""
    research = new_research()
    assert cost(research, "soviet", "mechanized") == 6
    research = roll_on(research, "soviet", "mechanized", [1])  # space 1, a 1: A
    assert cost(research, "soviet", "mechanized") == 4
    assert research["soviet"]["items"]["mechanized"]["marker"] == 0  # back to start
    research = roll_on(research, "soviet", "mechanized", [1])
    research = roll_on(research, "soviet", "mechanized", [1])
    assert cost(research, "soviet", "mechanized") == 2 and level(research, "soviet", "mechanized") == 3
    assert why_not_invest(research, "soviet", "mechanized", 1, BUDGET, AT_WAR) is not None


@pytest.mark.rules("K4.6", "K3.6")
def test_a_b_result_cuts_one_point_then_a_half_then_nothing() -> None:
    research = new_research()
    research = roll_on(research, "axis", "uboat", [2])  # space 1, a 2: B; 6 -> 5 (next level 4)
    assert cost(research, "axis", "uboat") == 5 and level(research, "axis", "uboat") == 0
    assert research["axis"]["items"]["uboat"]["marker"] == 0
    research = roll_on(research, "axis", "uboat", [2])  # one point from level 1: a half
    assert format_cost(item_cost(research, "axis", "uboat")) == "4½"
    research = roll_on(research, "axis", "uboat", [2])  # half a point away: nothing
    assert format_cost(item_cost(research, "axis", "uboat")) == "4½"
    research = roll_on(research, "axis", "uboat", [1])  # A: level 1's cost
    assert cost(research, "axis", "uboat") == 4 and level(research, "axis", "uboat") == 1


@pytest.mark.rules("K4.7")
def test_a_c_result_changes_no_cost_and_the_efficiency_roll_moves_the_marker_back() -> None:
    cap = load_capability()
    assert [cap.result(3, r) for r in range(1, 7)] == ["A", "A", "B", "B", "C", "C"]
    for efficiency, marker in ((1, 3), (2, 2), (3, 1), (4, 1), (5, 0), (6, 0)):
        research = new_research()
        research["allied"]["items"]["carrier"]["marker"] = 3
        state = new_game()
        state.rng.force([5, efficiency])  # space 3, a 5: C
        research, outcome = resolve(research, "allied", "carrier", state, AT_WAR)
        assert outcome.result == "C" and outcome.efficiency_roll == efficiency
        assert research["allied"]["items"]["carrier"]["marker"] == marker
        assert cost(research, "allied", "carrier") == 15
        assert any("efficiency" in line for line, _ in state.data["log"])  # both dice are logged


@pytest.mark.rules("K4.3")
def test_one_or_two_points_an_item_each_research_phase_from_what_is_left() -> None:
    research = begin_phase(new_research(), "allied")
    research = invest(research, "allied", "tac_air", 2, BUDGET, AT_WAR)
    assert research["allied"]["items"]["tac_air"]["marker"] == 2
    with pytest.raises(IllegalAction, match="at most 2 points a turn"):
        invest(research, "allied", "tac_air", 1, BUDGET, AT_WAR)
    research = invest(research, "allied", "carrier", 1, BUDGET, AT_WAR)  # each item separately
    assert research["allied"]["items"]["carrier"]["marker"] == 1
    with pytest.raises(IllegalAction, match="only 1 production left"):
        invest(research, "allied", "asw", 2, 1, AT_WAR)
    assert why_not_invest(research, "allied", "asw", 3, BUDGET, AT_WAR) is not None


@pytest.mark.rules("K4.8", "K4.9")
def test_rolling_may_wait_while_more_points_push_the_marker_up_to_research_complete() -> None:
    research = new_research()
    for _ in range(2):
        research = begin_phase(research, "allied")
        research = invest(research, "allied", "capital_ship", 2, BUDGET, AT_WAR)
    research = begin_phase(research, "allied")
    assert research["allied"]["items"]["capital_ship"]["marker"] == 4
    with pytest.raises(IllegalAction, match="Research Complete"):
        invest(research, "allied", "capital_ship", 2, BUDGET, AT_WAR)
    research = invest(research, "allied", "capital_ship", 1, BUDGET, AT_WAR)
    cap = load_capability()
    assert "C" not in cap.track.results[cap.spaces - 1]  # the best chance: never a failure
    assert all(  # each space further on is at least as good a chance
        [r for r in row if r == "A"] <= [r for r in nxt if r == "A"]
        for row, nxt in zip(cap.track.results, cap.track.results[1:], strict=False)
    )
    state = new_game()
    state.rng.force([6])  # on space 5 even a 6 is a B
    research, outcome = resolve(research, "allied", "capital_ship", state, AT_WAR)
    assert outcome.space == 5 and outcome.result == "B" and cost(research, "allied", "capital_ship") == 10


@pytest.mark.rules("K4.4")
def test_an_item_rolls_once_a_phase_and_only_off_start_and_no_points_follow_the_roll() -> None:
    research = begin_phase(new_research(), "axis")
    state = new_game()
    with pytest.raises(IllegalAction, match="on Start"):
        resolve(research, "axis", "tac_air", state, AT_WAR)
    research = invest(research, "axis", "tac_air", 1, BUDGET, AT_WAR)
    state.rng.force([6, 1])  # C, the marker stays
    research, _ = resolve(research, "axis", "tac_air", state, AT_WAR)
    with pytest.raises(IllegalAction, match="rolled for this research phase"):
        resolve(research, "axis", "tac_air", state, AT_WAR)
    with pytest.raises(IllegalAction, match="invest before rolling"):
        invest(research, "axis", "tac_air", 1, BUDGET, AT_WAR)


# ----- special cases -----------------------------------------------------------------------
@pytest.mark.rules("K5.1")
def test_the_soviets_at_peace_with_the_axis_put_one_point_an_item_a_turn() -> None:
    research = new_research()
    peace = Conditions(soviet_at_peace=True)
    assert most_a_turn(research, "soviet", "tac_air", peace) == 1
    assert most_a_turn(research, "soviet", "tac_air", AT_WAR) == 2
    assert most_a_turn(research, "allied", "tac_air", peace) == 2  # only the Soviets
    why = why_not_invest(research, "soviet", "tac_air", 2, BUDGET, peace)
    assert why is not None and "at peace" in why


@pytest.mark.rules("K5.2")
def test_axis_infantry_example_the_best_item_takes_one_point_a_turn() -> None:
    """Research Special Cases 2's example: Axis infantry at 2 against 3 and 3."""
    research = new_research()
    assert is_cheapest(research, "axis", "infantry")
    assert most_a_turn(research, "axis", "infantry", AT_WAR) == 1
    with pytest.raises(IllegalAction, match="no other side has it as good"):
        invest(research, "axis", "infantry", 2, BUDGET, AT_WAR)
    research = roll_on(research, "soviet", "infantry", [1])  # the Soviets reach 2 as well
    assert cost(research, "soviet", "infantry") == 2
    assert not is_cheapest(research, "axis", "infantry")
    assert most_a_turn(research, "axis", "infantry", AT_WAR) == 2


@pytest.mark.rules("K5.3")
def test_soviet_mechanized_example_a_b_becomes_an_a_when_the_axis_pays_less() -> None:
    """Research Special Cases 3's example: the Soviets roll a B for mechanized while the
    Axis pays a point less for it; the B counts as an A."""
    research = new_research()
    assert is_overtaken(research, "soviet", "mechanized")  # 6 against the Axis's 5
    state = new_game()
    research = invest(begin_phase(research, "soviet"), "soviet", "mechanized", 1, BUDGET, AT_WAR)
    state.rng.force([2])  # space 1, a 2: B
    research, outcome = resolve(research, "soviet", "mechanized", state, AT_WAR)
    assert (outcome.printed, outcome.result) == ("B", "A")
    assert cost(research, "soviet", "mechanized") == 4 and level(research, "soviet", "mechanized") == 1
    assert "read as A" in outcome.describe("soviet")
    # the Axis, now behind, gets the same help; the Allies' B against a better side too
    assert is_overtaken(research, "axis", "mechanized") and is_overtaken(research, "allied", "mechanized")


@pytest.mark.rules("K5.4")
def test_neither_special_case_applies_at_a_prohibited_level() -> None:
    research = new_research()
    research["axis"]["items"]["missile"].update(level=2, cost=None)
    assert most_a_turn(research, "axis", "missile", AT_WAR) == 2  # ahead, yet two points
    assert is_overtaken(research, "soviet", "missile")
    research = roll_on(research, "soviet", "missile", [2])  # B at P0: no A, nothing to cut
    assert level(research, "soviet", "missile") == 0 and is_prohibited(research, "soviet", "missile")


@pytest.mark.rules("K7.0", "K7.1")
def test_the_united_states_entry_brings_atomic_level_two_and_capital_ship_level_one() -> None:
    research = new_research()
    joined = us_joins_allies(research)
    assert level(joined, "allied", "atomic_bomb") == 2 and is_prohibited(joined, "allied", "atomic_bomb")
    assert level(joined, "allied", "capital_ship") == 1 and cost(joined, "allied", "capital_ship") == 9
    assert level(research, "allied", "capital_ship") == 0  # the argument is untouched
    research["allied"]["items"]["capital_ship"].update(level=2, cost=halves(7))
    assert cost(us_joins_allies(research), "allied", "capital_ship") == 7  # already past it


@pytest.mark.rules("K6.0", "K6.1")
def test_german_technology_from_a_friendly_hex_on_greenland_or_iceland() -> None:
    country = {"0525": "iceland", "0420": "greenland", "1237": "germany"}
    assert not has_german_technology({"0525": "allied", "1237": "axis"}, country)
    assert has_german_technology({"0525": "axis"}, country)
    assert has_german_technology({"0420": "axis"}, country)
    assert german_uboat_modifier(True, "1124", in_atlantic=True) == -1
    assert german_uboat_modifier(True, "2330", in_atlantic=True) == 0  # row 23 is not north of it
    assert german_uboat_modifier(True, "1124", in_atlantic=False) == 0
    assert german_uboat_modifier(False, "1124", in_atlantic=True) == 0


def test_atomic_research_stops_without_nuclear_materials_and_resumes_where_it_was() -> None:
    """Atomic Bombs 1: research needs a supply route to two friendly nuclear materials hexes."""
    research = invest(begin_phase(new_research(), "axis"), "axis", "atomic_bomb", 2, BUDGET, AT_WAR)
    cut = Conditions(atomic_supply=False)
    research = begin_phase(research, "axis")
    assert why_not_invest(research, "axis", "atomic_bomb", 1, BUDGET, cut) is not None
    with pytest.raises(IllegalAction, match="nuclear materials"):
        resolve(research, "axis", "atomic_bomb", new_game(), cut)
    assert ("roll_research", "atomic_bomb") not in research_actions(research, "axis", BUDGET, cut)
    assert research["axis"]["items"]["atomic_bomb"]["marker"] == 2
    state = new_game()
    state.rng.force([1])
    research, _ = resolve(research, "axis", "atomic_bomb", state, AT_WAR)
    assert level(research, "axis", "atomic_bomb") == 1


# ----- the research phase's interface ------------------------------------------------------
@pytest.mark.rules("K4.3", "K4.4")
def test_research_actions_list_every_legal_investment_and_roll_and_apply_them() -> None:
    research = begin_phase(new_research(), "axis")
    actions = research_actions(research, "axis", 1, AT_WAR)
    assert actions == sorted(set(actions))
    assert ("invest", "tac_air", 1) in actions and ("invest", "tac_air", 2) not in actions  # budget 1
    assert ("invest", "infantry", 1) in actions
    assert not any(a[1] in ("fort", "shipping", "coastal_air") for a in actions)
    assert not any(a[0] == "roll_research" for a in actions)
    state = new_game()
    research, paid, outcome = apply_research_action(
        research, "axis", ("invest", "tac_air", 1), 1, state, AT_WAR
    )
    assert paid == 1 and outcome is None
    assert ("roll_research", "tac_air") in research_actions(research, "axis", 0, AT_WAR)
    state.rng.force([1])
    after, paid, outcome = apply_research_action(
        research, "axis", ("roll_research", "tac_air"), 0, state, AT_WAR
    )
    assert paid == 0 and outcome is not None and outcome.result == "A"
    assert level(after, "axis", "tac_air") == 1
    assert research["axis"]["items"]["tac_air"]["marker"] == 1  # the argument is untouched
    with pytest.raises(IllegalAction, match="not a research action"):
        apply_research_action(research, "axis", ("build", "tac_air"), 0, state, AT_WAR)


# ----- the data file -----------------------------------------------------------------------
def _write(tmp_path: Path, change: dict[str, object]) -> Path:
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    items = data["items"]
    for key, value in change.items():
        items[key] = {**items[key], **value}  # type: ignore[dict-item]
    path = tmp_path / "capability.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"mechanized": {"costs": [6, 7]}}, "a cost rises"),
        ({"missile": {"costs": [None, 3, None]}}, "prohibited levels must come before"),
        ({"port": {"costs": [6, 4]}}, "a cost for each of amphibious"),
        ({"uboat": {"costs": [6, 4, 1.25]}}, "not a whole or half"),
        ({"coastal_air": {"tied_to": "port"}}, "not a researched item"),
        ({"bomber": {"capabilities": {"range": [0, 3]}}}, "range needs a value per tech level"),
    ],
)
def test_the_capability_file_is_validated_at_load(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    with pytest.raises(CapabilityError, match=re.escape(message)):
        load_capability_from(_write(tmp_path, change))


def test_a_missing_capability_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(CapabilityError, match="cannot read"):
        load_capability_from(tmp_path / "nowhere.json")


def test_a_capability_file_of_the_wrong_shape_is_named(tmp_path: Path) -> None:
    for text in ("{not json", '{"version": 1}', "[]"):
        bad = tmp_path / "bad.json"
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(CapabilityError, match=re.escape(f"bad Units Capability Table {bad}")):
            load_capability_from(bad)
