"""Victory's battle odds through the core contract (odds.py: odds_form, odds,
battle_at; docs/adding-a-ruleset.md, 10): the form's validation, a battle worked by
hand, and the battle a seat could start or is fighting, described from its view only
(6.1 Fog of War: an enemy block is "hidden" until revealed in battle)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from victory_positions import (
    BLUE,
    RED,
    battle,
    clear_pair,
    empty_game,
    put,
    start_combat,
    start_moves,
)

from grognard.core.odds import BadBattle
from grognard.games.victory import RULESET
from grognard.games.victory import odds as victory_odds
from grognard.games.victory.battle_sim import Unit, battle_odds
from grognard.games.victory.scenarios import quick_start_pool
from grognard.games.victory.state import VictoryState
from grognard.games.victory.units import unit_table

ONE_STEP = {
    "attacker": {"IN": 1},
    "defender": {"IN": 1},
    "steps": {"attacker": {"IN": [1]}, "defender": {"IN": [1]}},
}
PAIR = {"attacker": {"IN": 1}, "defender": {"IN": 1}}


def test_the_form_names_unit_types_hidden_blocks_and_terrain() -> None:
    form = RULESET.odds_form()
    assert form is not None
    assert {"IN", "AR", "HB", "BB", "hidden"} <= set(form["sides"]["land"])
    assert form["terrain"] == ["clear", "desert", "forest", "marsh", "mountain"]
    assert set(form["flags"]) == {"city", "river"}


@pytest.mark.parametrize(
    ("description", "reason"),
    [
        ({"attacker": {"XX": 1}, "defender": {"IN": 1}}, "unknown unit types ['XX']"),
        ({"attacker": {"IN": -1}, "defender": {"IN": 1}}, "attacker.IN must be a whole number"),
        ({"attacker": {"IN": 1}, "defender": {}}, "the defender needs at least one block"),
        ({"attacker": {"IN": 1}, "defender": {"IN": 1}, "terrain": "sea"}, "terrain must be one of"),
        ({"attacker": {"IN": 1}, "defender": {"IN": 1}, "steps": {"attacker": {"IN": [5]}}}, "from 0 to 4"),
        ({"attacker": {"IN": 2}, "defender": {"IN": 1}, "steps": {"attacker": {"IN": [3]}}}, "must list 2"),
        ({**PAIR, "steps": {"attacker": {"IN": [0]}}}, "at least one step"),
        ({"attacker": [1], "defender": {"IN": 1}}, "attacker must map unit types"),
        ({"attacker": {"IN": 1}, "defender": {"hidden": 21}}, "from 0 to 20"),
    ],
)
def test_bad_battles_are_refused_with_a_reason(description: dict[str, Any], reason: str) -> None:
    with pytest.raises(BadBattle, match=reason.replace("[", r"\[").replace("]", r"\]")):
        RULESET.odds(description)


@pytest.mark.rules("6.3", "6.31", "6.4")
def test_one_step_infantry_duel_matches_the_hand_count_6_3() -> None:
    # IN fires G2 (hits on 1-2, 6.4); both are E, the defender fires first (6.31). A round:
    # the attacker dies 1/3, else kills 1/3 (2/9), else both go on (4/9); three rounds (6.3):
    # win = 2/9 * (1 + 4/9 + 16/81) = 266/729
    odds = RULESET.odds(ONE_STEP)
    assert odds.exact is False and odds.samples == 20_000 and 0 < odds.interval < 0.01
    assert abs(odds.attacker_wins - 266 / 729) <= odds.interval
    assert odds.attacker_wins + odds.defender_wins + odds.mutual == pytest.approx(1.0)
    assert RULESET.odds(ONE_STEP) == odds  # a fixed seed: the same question, the same answer


@pytest.mark.rules("4.3", "6.47")
def test_terrain_and_city_favour_the_defender_4_3_6_47() -> None:
    plain = RULESET.odds({"attacker": {"IN": 2}, "defender": {"IN": 1}}).attacker_wins
    marsh = RULESET.odds({"attacker": {"IN": 2}, "defender": {"IN": 1}, "terrain": "marsh"}).attacker_wins
    city = RULESET.odds({"attacker": {"IN": 2}, "defender": {"IN": 1}, "city": True}).attacker_wins
    assert marsh < plain - 0.05 and city < plain - 0.05


def test_hidden_blocks_use_the_documented_prior_with_a_wider_interval() -> None:
    known = RULESET.odds({"attacker": {"IN": 2}, "defender": {"IN": 1}})
    hidden = RULESET.odds({"attacker": {"IN": 2}, "defender": {"hidden": 1}})
    assert any("Quick Start" in note for note in hidden.notes)
    assert not any("Quick Start" in note for note in known.notes)
    assert hidden.interval > known.interval
    assert hidden.samples == known.samples


def _face_off(seed: int = 0, hidden_type: str = "IN") -> tuple[VictoryState, str, str, str]:
    """A blue infantry next to a clear hex held by a red block, in blue's move."""
    state = empty_game(seed=seed)
    a, b = clear_pair(state)
    mover = put(state, BLUE, "IN", a, 3)
    put(state, RED, hidden_type, b, 2 if hidden_type != "HB" else 4)
    start_moves(state, BLUE)
    return state, mover, a, b


@pytest.mark.rules("6.1")
def test_an_attack_is_described_from_the_attackers_view_6_1() -> None:
    state, mover, a, b = _face_off()
    attack = next(x for x in state.legal_actions(BLUE) if x[0] == "attack" and x[1] == mover and x[2] == b)
    described = RULESET.battle_at(state, BLUE, b, attack)
    assert described is not None
    assert described["attacker"] == {"IN": 1} and described["steps"]["attacker"] == {"IN": [3]}
    assert described["defender"] == {"hidden": 1} and described["steps"]["defender"] == {}
    assert described["roles"] == {"attacker": BLUE, "defender": RED}
    assert described["terrain"] == "clear" and described["river"] is False
    assert 0 < RULESET.odds(described).attacker_wins < 1
    # the observer starts nothing; a hex with no enemy holds no battle
    assert RULESET.battle_at(state, None, b, attack) is None
    assert RULESET.battle_at(state, BLUE, a) is None
    # an attack that is not legal (an infantry flying) is not forecast
    assert RULESET.battle_at(state, BLUE, b, ("attack", mover, b, "air")) is None
    with pytest.raises(BadBattle, match="not a hex"):
        RULESET.battle_at(state, BLUE, "99,99")


@pytest.mark.rules("6.1")
def test_the_hidden_enemy_block_does_not_change_the_answer_6_1() -> None:
    infantry, mover, _, b = _face_off(hidden_type="IN")
    bomber, _, _, _ = _face_off(hidden_type="HB")
    red = [k for k, v in bomber.data["blocks"].items() if v["owner"] == RED]
    assert infantry.data["blocks"][red[0]]["type"] != bomber.data["blocks"][red[0]]["type"]
    attack = next(x for x in infantry.legal_actions(BLUE) if x[0] == "attack" and x[1] == mover and x[2] == b)
    assert attack in bomber.legal_actions(BLUE)
    first = RULESET.battle_at(infantry, BLUE, b, attack)
    second = RULESET.battle_at(bomber, BLUE, b, attack)
    assert first == second
    assert first is not None and RULESET.odds(first) == RULESET.odds(second)


@pytest.mark.rules("6.1", "6.3")
def test_a_battle_being_fought_shows_revealed_blocks_and_rounds_left_6_3() -> None:
    state, mover, _, b = _face_off()
    state.data["blocks"][mover]["at"] = b
    start_combat(state, b, BLUE, RED)
    frame = battle(state)
    assert frame["hex"] == b
    for role, other in ((BLUE, RED), (RED, BLUE)):
        described = RULESET.battle_at(state, role, b)
        assert described is not None
        assert described["roles"] == {"attacker": BLUE, "defender": RED}
        assert described["rounds"] == 3 - frame["round"] + 1
        mine = "attacker" if role == BLUE else "defender"
        theirs = "defender" if role == BLUE else "attacker"
        assert "hidden" not in described[mine]
        # the enemy block is shown only once revealed in the battle (6.1)
        shown = [x for x in frame["shown"] if state.data["blocks"][x]["owner"] == other]
        assert ("hidden" in described[theirs]) == (not shown)
    assert RULESET.battle_at(state, None, b) is None


@pytest.mark.rules("3.1")
def test_an_attack_across_a_river_loses_its_first_turn_3_1() -> None:
    state = empty_game(seed=0)
    a, b = clear_pair(state, {"river"})
    mover = put(state, BLUE, "IN", a, 4)
    put(state, RED, "IN", b, 1)
    start_moves(state, BLUE)
    across = ("attack", mover, b, a)  # entered across the hexside a|b (movement.py)
    assert across in state.legal_actions(BLUE)
    described = RULESET.battle_at(state, BLUE, b, across)
    assert described is not None and described["river"] is True
    dry = RULESET.odds({**described, "river": False})
    assert RULESET.odds(described).attacker_wins < dry.attacker_wins


def _per_guess(description: dict[str, Any]) -> tuple[float, float]:
    """The forecast as it was made before the single pass: one `battle_odds` per
    distinct guess of the hidden blocks, weighted by its draws (win chance, losses)."""
    table = unit_table()
    pool = quick_start_pool()
    draws = np.random.default_rng(0)

    def guess(count: int) -> tuple[str, ...]:
        return tuple(sorted(pool[int(i)] for i in draws.choice(len(pool), size=count)))

    attackers, defenders = (
        [Unit(t, table[t].max_steps) for t, n in description[key].items() if t != "hidden" for _ in range(n)]
        for key in ("attacker", "defender")
    )
    hidden = description["defender"]["hidden"]
    guesses = Counter(guess(0) + guess(hidden) for _ in range(victory_odds.DRAWS))
    win = lost = 0.0
    for k, (types, count) in enumerate(sorted(guesses.items())):
        full = [Unit(t, table[t].max_steps) for t in types]
        one = battle_odds(attackers, defenders + full, samples=count * 100, seed=100 + k)
        win += one.win * count
        lost += one.defender_steps_lost * count
    return win / victory_odds.DRAWS, lost / victory_odds.DRAWS


@pytest.mark.rules("6.1", "10.1")
@pytest.mark.parametrize(
    "description",
    [
        {"attacker": {"IN": 2, "AR": 2}, "defender": {"hidden": 2}},
        {"attacker": {"IN": 3, "AR": 1, "FA": 1}, "defender": {"IN": 1, "hidden": 4}},
    ],
)
def test_the_single_pass_agrees_with_one_battle_per_guess(description: dict[str, Any]) -> None:
    # all draws of the hidden blocks fought in one numpy pass give the statistics of
    # the per-guess battles they replaced, within the forecast's interval
    forecast = RULESET.odds(description)
    win, lost = _per_guess(description)
    assert abs(forecast.attacker_wins - win) <= forecast.interval
    assert forecast.defender_losses == pytest.approx(lost, abs=0.1)
