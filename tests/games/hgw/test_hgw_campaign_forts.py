"""Campaign Game I's forts: the set-up's four fort counters (G28.1) and French
Fortifications (G25.0: no Allied fort point in France before Winter 1940)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.board import defence
from grognard.games.hgw.limitations import fort_allowed
from grognard.games.hgw.scenario import DATA_DIR, ScenarioError, load_scenario_from


def new_game() -> HgwState:
    state = RULESET.new_game("campaign_1", {}, seed=1)
    assert isinstance(state, HgwState)
    return state


def allied_production(state: HgwState, turn: str, budget: int = 20) -> None:
    """The Allied production phase of `turn` with `budget` points to spend, and as many
    in France's own budget (Activity Limitations 1)."""
    state.data["turn"] = state.data["turns"].index(turn)
    state.data["phase"] = "production"
    state.data["flow"][-1] = {"state": "production", "role": "allied", "budget": budget, "french": budget}
    state._after_change(None, None)


@pytest.mark.rules("G28.1")
def test_the_set_up_places_the_four_printed_forts_completed() -> None:
    """Campaign Game I Set-up: Axis fort No. 1 in 1436 with one point; Allied forts in
    Gibraltar (two), Malta (one) and 1435 (seven), all operational from the start."""
    state = new_game()
    forts = {p: (f["side"], f["points"], f["building"]) for p, f in state.data["forts"].items()}
    assert forts == {
        "1436": ("axis", 1, 0),
        "2031": ("allied", 2, 0),
        "2038": ("allied", 1, 0),
        "1435": ("allied", 7, 0),
    }
    assert all(state.data["owner"][p] == f[0] for p, f in forts.items())
    # Effect Of Forts On Combat 1: the seven points defend against advance
    assert defence(state.data, "1435") >= 7


@pytest.mark.rules("G25.0")
def test_no_allied_fort_point_goes_to_france_before_winter_1940() -> None:
    """French Fortifications: in 1939 and through Summer 1940 the Allies may not
    add points to the Maginot fort (1435), though Gibraltar's fort takes them; from
    Winter 1940 on the French fort takes them too."""
    state = new_game()
    allied_production(state, "Winter 1939")
    legal = state.legal_actions("allied")
    assert ("fort", "2031") in legal  # Fortifications 3: outside France, any time
    assert ("fort", "1435") not in legal
    before = json.dumps(state.data, sort_keys=True)
    with pytest.raises(IllegalAction):
        state.apply("allied", ("fort", "1435"))
    assert json.dumps(state.data, sort_keys=True) == before  # an illegal action changes nothing
    allied_production(state, "Summer 1940")
    assert ("fort", "1435") not in state.legal_actions("allied")
    allied_production(state, "Winter 1940")
    assert ("fort", "1435") in state.legal_actions("allied")
    state.apply("allied", ("fort", "1435"))
    assert state.data["forts"]["1435"] == {"side": "allied", "points": 7, "building": 1}
    # Fortifications 1: five a point, from France's budget for a fort in France (G17.1)
    assert state.flow[-1]["french"] == 15 and state.flow[-1]["budget"] == 20


@pytest.mark.rules("G25.0")
def test_the_date_binds_only_french_forts_of_the_allies() -> None:
    """An Axis fort in a captured French hex is a German fort, not a French one; other
    scenarios have no dated territories at all."""
    state = new_game()
    assert state.data["turns"][state.data["turn"]] == "Winter 1939"
    assert not fort_allowed(state.data, "allied", "1434")  # Paris
    assert fort_allowed(state.data, "axis", "1434")
    assert fort_allowed(state.data, "allied", "1333")  # London
    fog = RULESET.new_game("fall_of_germany", {}, seed=1)
    assert isinstance(fog, HgwState)
    assert fort_allowed(fog.data, "allied", "1434")


@pytest.mark.rules("G25.0")
@pytest.mark.parametrize(
    ("date", "message"),
    [
        ({"side": "allied", "territory": "atlantis", "from": "Winter 1940", "rule": "x"}, "territory"),
        ({"side": "allied", "territory": "france", "from": "Winter 1950", "rule": "x"}, "Time Record"),
    ],
)
def test_a_bad_fort_date_is_refused_at_load(date: dict[str, str], message: str, tmp_path: Path) -> None:
    content = json.loads((DATA_DIR / "campaign_1.json").read_text())
    content["fort_dates"] = [date]
    path = tmp_path / "campaign_1.json"
    path.write_text(json.dumps(content))
    with pytest.raises(ScenarioError, match=message):
        load_scenario_from(path)
