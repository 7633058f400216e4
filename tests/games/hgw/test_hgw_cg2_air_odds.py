"""The odds before an attack with Campaign Game II's tac air, paratroops and morale
(odds_air.py): the engine's own rules, read from a seat's view."""

from __future__ import annotations

import pytest
from test_hgw_cg2_air import ALLIED_HEX, AXIS_HEX, act, cg2, put

from grognard.games.hgw.advance import advance_limit
from grognard.games.hgw.odds import battle_at, odds
from grognard.games.hgw.tables import load_tables


def _advance_only(**fields: object) -> dict[str, object]:
    return {"terrain": "clear", "from_terrain": "clear", **fields}


@pytest.mark.rules("K13.2", "K13.3", "K10.3")
def test_the_odds_count_a_drop_double_and_never_the_defending_tac_air() -> None:
    t = load_tables()
    plain = odds(_advance_only(attacker={"mechanized": 2, "paratroop": 3}, defender={"infantry": 4}))
    dropped = odds(
        _advance_only(attacker={"mechanized": 2, "paratroop": 3}, defender={"infantry": 4}, drop=3)
    )
    assert plain.attacker_wins == pytest.approx(max(t.advance_limit(2, 4), 0) / 6)
    assert dropped.attacker_wins == pytest.approx(t.advance_limit(8, 4) / 6)
    air = odds(_advance_only(attacker={"mechanized": 2}, defender={"infantry": 2, "tac_air": 5}))
    assert air.attacker_wins == pytest.approx(t.advance_limit(2, 2) / 6)  # against two, not seven


@pytest.mark.rules("K23.6")
def test_low_morale_lowers_the_odds_of_an_advance() -> None:
    t = load_tables()
    base = _advance_only(attacker={"mechanized": 5}, defender={"infantry": 3})
    low = odds({**base, "morale": 1, "attacker": {"mechanized": 5, "tac_air": 1}})
    assert low.attacker_wins == pytest.approx(max(t.advance_limit(5, 3) - 1, 0) / 6)
    assert low.attacker_wins < odds(base).attacker_wins


@pytest.mark.rules("K11.4", "K13.6")
def test_the_market_garden_odds_enumerate_the_air_rules() -> None:
    garden = odds(
        {
            "attacker": {"infantry": 2, "mechanized": 2, "tac_air": 2, "paratroop": 3},
            "defender": {"infantry": 2, "mechanized": 2},
            "defensive_assault": True,
            "assault": True,
            "drop": 3,
        }
    )
    # the tac air never goes first, the army always keeps points to advance with
    assert 0.5 < garden.attacker_wins < 1.0
    assert not any("Lost: the whole army" in note for note in garden.notes)


@pytest.mark.rules("K13.2")
def test_the_odds_of_a_paradrop_from_a_seat_are_the_engines() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, mechanized=2, paratroop=3, tac_air=1)
    put(state, "ffa", ALLIED_HEX, infantry=4, tac_air=2)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agw", ALLIED_HEX)
    description = battle_at(state, "axis", ALLIED_HEX, ("paradrop", "agw", 3))
    assert description is not None
    assert description["attacker"] == {"infantry": 0, "mechanized": 2, "tac_air": 1, "paratroop": 3}
    assert description["defender"] == {"infantry": 4, "mechanized": 0, "tac_air": 2}
    assert description["drop"] == 3
    quiet = {**description, "assault": False, "defensive_assault": False}
    limit = advance_limit(state.data, "agw", ALLIED_HEX, dropping=3)
    assert odds(quiet).attacker_wins == pytest.approx(max(limit, 0) / 6)


@pytest.mark.rules("C4.7")
def test_a_garrison_is_no_strength_point_lost_in_the_odds_with_tac_air() -> None:
    """Assault Resolution 7-8: a garrison absorbs a hit but is no strength point; the
    odds with tac air counted it among the defender's losses, the odds without did not."""
    battle = {"attacker": {"infantry": 6, "tac_air": 1}, "defender": {}, "garrison": True, "assault": True}
    assert odds(battle).defender_losses == 0.0
    plain = {"attacker": {"infantry": 6}, "defender": {}, "garrison": True, "assault": True}
    assert odds(plain).defender_losses == 0.0


@pytest.mark.rules("K11.8")
def test_the_odds_of_an_invasion_count_the_coastal_air_army() -> None:
    """K11.8 in the odds: the invasion of Kiel (a naval yard with coastal air) meets the
    six-point coastal air army in the defensive assault, so the invader loses more than
    in the same battle without it; a target next to an Allied hex has no coastal air."""
    state = cg2("allied")
    put(state, "agw", "1236", infantry=2)
    put(state, "bef", "1333", infantry=2, amphibious=4)
    act(state, "allied", "end_movement")
    description = battle_at(state, "allied", "1236", ("invade", "bef", "1236"))
    assert description is not None and description["coastal_air_army"] == 6
    assert description["defensive_assault"] is True
    without = {k: v for k, v in description.items() if k != "coastal_air_army"}
    assert odds(description).attacker_losses > odds(without).attacker_losses
    state.data["owner"]["1235"] = "allied"  # an Allied hex beside Kiel: no coastal air
    beside = battle_at(state, "allied", "1236", ("invade", "bef", "1236"))
    assert beside is not None and "coastal_air_army" not in beside
