"""The odds of one army's attack: hand-worked cases, the same attacks played by the
rules engine, and the description read from a game."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hgw_positions import act, cleared, fog_game, own, place, put

from grognard.core.odds import BadBattle
from grognard.games.hgw import RULESET


def _odds(**description: object) -> tuple[float, float]:
    result = RULESET.odds(description)
    return result.attacker_wins, result.defender_losses


@pytest.mark.rules("E1.3", "C5.3")
def test_smolensk_advance_odds_before_and_after_the_assault() -> None:
    # eight mechanized against six: 1-2
    win, _ = _odds(attacker={"infantry": 1, "mechanized": 8}, defender={"infantry": 5, "mechanized": 1})
    assert win == pytest.approx(2 / 6)
    # with the assault first: nine points fire (4, 3, 3, 3, 2, 2 losses by roll), then
    # eight mechanized need 6, 5, 5, 5, 4, 4 or less
    win, lost = _odds(
        attacker={"infantry": 1, "mechanized": 8}, defender={"infantry": 5, "mechanized": 1}, assault=True
    )
    assert win == pytest.approx(float(Fraction(29, 36)))
    assert lost == pytest.approx(17 / 6)


@pytest.mark.rules("C6.1", "C5.10", "C7.3")
def test_friendly_hexes_garrisons_terrain_and_hexes_already_taken() -> None:
    assert _odds(attacker={"infantry": 5}, friendly=True)[0] == pytest.approx(4 / 6)
    assert _odds(attacker={"mechanized": 10}, garrison=True, advanced=1)[0] == pytest.approx(1.0)
    assert _odds(attacker={"mechanized": 10}, garrison=True, advanced=3)[0] == pytest.approx(5 / 6)
    assert _odds(attacker={"mechanized": 10}, garrison=True, terrain="mountain", advanced=3)[
        0
    ] == pytest.approx(3 / 6)
    assert _odds(attacker={"infantry": 4}, garrison=True)[0] == 0.0


def test_bad_descriptions_are_refused_with_a_reason() -> None:
    with pytest.raises(BadBattle, match="attacker"):
        RULESET.odds({"attacker": {"tanks": 3}})
    with pytest.raises(BadBattle, match="terrain"):
        RULESET.odds({"attacker": {"mechanized": 3}, "terrain": "lava"})
    with pytest.raises(BadBattle, match="at least one"):
        RULESET.odds({"attacker": {}})


def _played(seed: int) -> bool:
    state = cleared(seed)
    own(state, "axis", "1142")
    place(state, "agc", "1142", infantry=1, mechanized=8)
    place(state, "wf", "1143", infantry=5, mechanized=1)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "end_announce")
    act(state, "soviet", "defensive_assault", "wf")
    while state.flow[-1]["state"] == "losses":
        kind = "infantry" if state.data["armies"]["agc"]["sp"]["infantry"] else "mechanized"
        act(state, "axis", "lose", "agc", kind)
    if state.data["armies"]["agc"]["at"] is None:
        return False
    act(state, "axis", "assault", "1142", "1143", "agc")
    while state.flow[-1]["state"] == "losses":
        act(state, "soviet", *state.legal_actions("soviet")[0])
    act(state, "axis", "to_advances")
    act(state, "axis", "advance", "agc")
    return bool(state.data["armies"]["agc"]["at"] == "1143")


def test_the_odds_agree_with_attacks_played_by_the_rules_engine() -> None:
    forecast = RULESET.odds(
        {
            "attacker": {"infantry": 1, "mechanized": 8},
            "defender": {"infantry": 5, "mechanized": 1},
            "defensive_assault": True,
            "assault": True,
        }
    ).attacker_wins
    trials = 240
    wins = sum(_played(seed) for seed in range(trials))
    assert abs(wins / trials - forecast) < 0.09  # four standard errors


def test_battle_at_reads_the_attack_from_the_view() -> None:
    state = cleared()
    own(state, "axis", "1142")
    place(state, "agc", "1142", infantry=2, mechanized=8)
    place(state, "wf", "1143", infantry=5, mechanized=1)
    battle = RULESET.battle_at(state, "axis", "1143")
    assert battle is not None
    assert battle["attacker"] == {"infantry": 2, "mechanized": 8}
    assert battle["defender"] == {"infantry": 5, "mechanized": 1}
    assert battle["roles"] == {"attacker": "axis", "defender": "soviet"}
    assert RULESET.battle_at(state, None, "1143") is None
    assert RULESET.odds(battle).attacker_wins > 0
    with pytest.raises(BadBattle):
        RULESET.battle_at(state, "axis", "0639")  # neutral Sweden


@pytest.mark.rules("F4.0", "C5.3")
def test_a_fort_absorbs_the_assaults_losses_and_defends_against_the_advance() -> None:
    """Effect Of Forts On Combat 1-3 on the Smolensk figures: the assault's 4, 3, 3, 3, 2, 2
    losses are cut by the fort's two points to 2, 1, 1, 1, 0, 0, and the hex then defends
    with its armies' points left plus the fort's two: 6, 7, 7, 7, 8, 8 against eight
    mechanized, won on 2, 1, 1, 1, 0, 0 or less (Advance Table)."""
    win, lost = _odds(
        attacker={"infantry": 1, "mechanized": 8},
        defender={"infantry": 5, "mechanized": 1},
        assault=True,
        fort=2,
    )
    assert win == pytest.approx(float(Fraction(5, 36)))
    assert lost == pytest.approx(5 / 6)
    # a fort alone fires back: the two column (1, 1, 0, 0, 0, 0 losses by roll)
    alone = RULESET.odds({"attacker": {"mechanized": 3}, "fort": 2, "defensive_assault": True})
    assert alone.attacker_losses == pytest.approx(2 / 6)
    assert alone.defender_losses == 0.0  # no assault of the attacker's, nothing lost


@pytest.mark.rules("F4.0")
def test_battle_at_counts_the_enemy_fort_in_the_target() -> None:
    """Leningrad's fort (two points) is read from the view, and with no army there it
    still makes the defensive assault."""
    state = fog_game()
    put(state, "lenf", None)
    battle = RULESET.battle_at(state, "axis", "0942")
    assert battle is not None
    assert battle["fort"] == 2
    assert battle["defender"] == {"infantry": 0, "mechanized": 0}
    assert battle["defensive_assault"] is True
