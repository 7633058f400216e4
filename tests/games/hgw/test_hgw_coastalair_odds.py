"""Odds before Naval Action's strikes (odds_base.py): a carriers' naval base attack (N8.5),
coastal air's (N9.4) and a morale strike (K24.5), described from the seat's view and
forecast exactly by playing the engine's own rolls, in campaign_3."""

from __future__ import annotations

import pytest
from cg2kit import naval_movement

from grognard.games.hgw import HgwState
from grognard.games.hgw.odds import battle_at, odds
from grognard.games.hgw.tables import load_tables

KIEL = "1236"


def allied_naval_movement() -> HgwState:
    state = naval_movement()
    data = state.data
    for fleet in ("kriegsmarine", "uboats"):  # Kiel's port empty
        data["fleets"][fleet].update(at=None, sp=0)
        data["fleets"][fleet].pop("patrol", None)
    data["coastal_air"] = {"brit": 12}
    data["research"]["allied"]["items"]["tac_air"]["level"] = 3
    state._after_change(None, None)
    return state


def hits(strength: int, roll: int) -> int:
    return load_tables().firepower_losses(strength, roll) if strength > 0 else 0


@pytest.mark.rules("N8.5")
def test_the_odds_of_a_carrier_strike_on_a_base_thinned_by_its_coastal_air() -> None:
    state = allied_naval_movement()
    described = battle_at(state, "allied", KIEL, ("port_attack", "home", KIEL))
    assert described is not None
    assert described["kind"] == "base_strike" and described["mission"] == "carriers"
    assert (described["strike"], described["air"]) == (3, 6)  # one carrier, Kiel's own six
    # Kiel's six coastal air roll first; the three less those shot down roll next
    harm = sum(1 for a in range(1, 7) for b in range(1, 7) if hits(3 - min(3, hits(6, a)), b)) / 36
    forecast = odds(described)
    assert forecast.exact and forecast.attacker_wins == pytest.approx(harm)
    assert forecast.attacker_losses == 0  # carriers shot down only thin the strike


@pytest.mark.rules("N9.4", "K24.5")
def test_the_odds_of_coastal_air_on_a_coasts_morale_count_its_points_lost() -> None:
    state = allied_naval_movement()
    described = battle_at(state, "allied", KIEL, ("coastal_strike", "1333", KIEL, "morale"))
    assert described is not None
    assert (described["mission"], described["strike"], described["morale"]) == ("coastal_air", 6, "germany")
    downed = [min(6, hits(6, a)) for a in range(1, 7)]
    harm = sum(1 for d in downed for b in range(1, 7) if hits(6 - d, b) // 2) / 36
    forecast = odds(described)
    assert forecast.attacker_wins == pytest.approx(harm)
    assert forecast.attacker_losses == pytest.approx(sum(downed) / 6)  # coastal air shot down is lost
