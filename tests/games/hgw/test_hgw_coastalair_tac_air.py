"""Naval Action's coastal air used as tac air (N9.3): in an air attack, each six coastal air
points of the firing armies make one tac air point (air_combat.py), through the real
combat steps of a campaign_2 game with the naval rules on and in campaign_3. Dice forced."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.scenario import KINDS
from grognard.games.hgw.tables import load_tables

AXIS_HEX, ALLIED_HEX = "1436", "1535"  # clear, adjacent, each with its inherent garrison
SETUPS = [("campaign_3", {}), ("campaign_2", {"naval_action": True})]


def armies_facing(scenario: str, options: dict[str, bool], coastal_air: int) -> HgwState:
    """The Axis's movement phase with Army Group West (three infantry, one tac air,
    `coastal_air` coastal air points) next to the French First Army (two infantry, one
    tac air); every other army off the map, no forts."""
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    data = state.data
    for army in data["armies"].values():
        army["at"] = None
        army["sp"] = dict.fromkeys(KINDS, 0)
    data["forts"] = {}
    data["player"] = "axis"
    data["flow"][:] = [{"state": "movement", "role": "axis"}]
    data["armies"]["agw"].update(at=AXIS_HEX, sp={k: {"infantry": 3, "tac_air": 1}.get(k, 0) for k in KINDS})
    data["armies"]["ffa"].update(
        at=ALLIED_HEX, sp={k: {"infantry": 2, "tac_air": 1}.get(k, 0) for k in KINDS}
    )
    data["coastal_air"] = {"agw": coastal_air}
    state._after_change(None, None)
    state.apply("axis", ("end_movement",))
    state.apply("axis", ("attack", "agw", ALLIED_HEX))
    state.apply("axis", ("end_announce",))
    state.apply("allied", ("no_defensive_assault",))
    state.apply("axis", ("assault", AXIS_HEX, ALLIED_HEX, "agw"))
    return state


def lines(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]


@pytest.mark.rules("N9.3")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_six_coastal_air_points_make_one_tac_air_point_in_an_air_attack(
    scenario: str, options: dict[str, bool]
) -> None:
    state = armies_facing(scenario, options, coastal_air=17)  # 17 // 6: two tac air points
    assert state.flow[-1]["state"] == "air_attack"
    assert state.legal_actions("axis") == [("air_attack", 1), ("air_attack", 2), ("air_attack", 3)]
    prompt = state.view("axis")["prompt"]
    assert (
        "how many of your 3 tac air points, 2 of them made by your coastal air, which flies first" in prompt
    )
    state.rng.force([1, 6])  # the air attack's roll, then the assault's
    state.apply("axis", ("air_attack", 2))
    assert (
        "axis air attacks with 2 tac air points, 2 of them made by coastal air (N9.3) (roll 1): "
        "1 tac air point lost" in lines(state)
    )
    state.apply("allied", ("lose", "ffa", "tac_air"))
    # the coastal air flew: the army's own tac air point joins the assault, 3 + 1
    lost = load_tables().firepower_losses(4, 6)
    assert f"firing strength 4, roll 6: {lost} point{'s' if lost != 1 else ''} lost" in lines(state)
    assert state.data["coastal_air"] == {"agw": 17}  # coastal air is not lost in its own air attack


@pytest.mark.rules("N9.3")
def test_fewer_than_six_coastal_air_points_make_no_tac_air() -> None:
    state = armies_facing("campaign_3", {}, coastal_air=5)
    # one tac air point against one: no choice, it air attacks alone
    assert state.flow[-1]["state"] != "air_attack" or not state.legal_actions("axis")
    assert any(line.startswith("axis air attacks with 1 tac air point (roll") for line in lines(state))
