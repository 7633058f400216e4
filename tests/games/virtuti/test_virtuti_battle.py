"""Resolving Battles (rulebook section "Resolving Battles", steps 1-7; cases B1.x):
strength with supports across rivers, cards and air support chosen in secret, the
winner, dice, the exact-HP loss rule and its examples, retreat, capture."""

from __future__ import annotations

import json

import pytest
from virtuti_positions import at_operations, bare_game, hands, place

from grognard.games.virtuti import RULESET, VirtutiState
from grognard.games.virtuti.battle import support
from grognard.games.virtuti.losses import legal_picks, max_absorb


@pytest.mark.rules("B1.1", "B1.8")
def test_river_support_example_gives_three() -> None:
    """B1.8: an Armored Corps (2) and two Armies (1 each) supporting across a river with
    a +1 Support order give (2+1+1)/2 + 1 = 3."""
    g = bare_game()
    for kind in ("armored_corps", "army", "army"):
        place(g, "western_allies", kind, "krakow")
    g.data["orders"]["krakow"] = {"f": "western_allies", "o": "support_plus_1"}
    assert g.data["control"]["krakow"] == "western_allies"
    value, _ = support(g.data, "western_allies", "warsaw", sea=False, ignore_rivers=False)
    assert value == 3


@pytest.mark.rules("B1.1", "P1.2")
def test_frozen_river_does_not_halve_support() -> None:
    """Snow on both banks freezes the river: the same support is 2+1+1 + 1 = 5."""
    g = bare_game()
    for kind in ("armored_corps", "army", "army"):
        place(g, "western_allies", kind, "krakow")
    g.data["orders"]["krakow"] = {"f": "western_allies", "o": "support_plus_1"}
    g.data["weather"]["krakow"] = g.data["weather"]["warsaw"] = "snow"
    assert support(g.data, "western_allies", "warsaw", sea=False, ignore_rivers=False)[0] == 5
    g.data["weather"]["warsaw"] = "clear"  # one bank only: still halved
    assert support(g.data, "western_allies", "warsaw", sea=False, ignore_rivers=False)[0] == 3


@pytest.mark.rules("B1.1")
def test_mountains_halve_and_exhausted_units_add_nothing() -> None:
    g = bare_game()
    a = place(g, "axis", "armored_corps", "prague")
    place(g, "axis", "army", "prague")
    g.data["control"]["prague"] = "axis"
    g.data["orders"]["prague"] = {"f": "axis", "o": "support"}
    # Prague-Krakow is a mountain border: (2 + 1) // 2 = 1
    assert support(g.data, "axis", "krakow", sea=False, ignore_rivers=False)[0] == 1
    assert support(g.data, "axis", "krakow", sea=False, ignore_rivers=True)[0] == 3
    g.data["units"][a]["ex"] = True  # exhausted: strength zero
    assert support(g.data, "axis", "krakow", sea=False, ignore_rivers=True)[0] == 1


@pytest.mark.rules("B1.5", "B1.9")
def test_two_armies_must_absorb_four_losses_by_both_reducing() -> None:
    """B1.9: two Armies (2 HP each, reducing to 1-HP Corps) and 4 losses: all four points
    must be absorbed, so after one Army is reduced, the other must be too (reducing the
    Corps would leave a point unabsorbed)."""
    army = (2, 1)
    assert max_absorb(4, [army, army]) == 4
    assert legal_picks(4, [army, army]) == [0, 1]
    # one Army reduced: chains are now the Corps (1) and the other Army (2, 1)
    assert legal_picks(2, [(1,), army]) == [1]


@pytest.mark.rules("B1.5", "B1.9")
def test_a_lone_army_ignores_a_single_loss() -> None:
    """B1.9: one Army (2 HP) and 1 loss: nothing can absorb exactly 1, so it is ignored."""
    assert max_absorb(1, [(2, 1)]) == 0
    assert legal_picks(1, [(2, 1)]) == []


@pytest.mark.rules("B1.5")
def test_fortification_and_card_hp_absorb_one_point_each() -> None:
    fort3, army = (1, 1, 1), (2, 1)
    assert max_absorb(2, [fort3]) == 2
    assert legal_picks(1, [army, fort3]) == [1]  # only the fortification takes a single point
    assert max_absorb(3, [army, (1,)]) == 3  # an Army's 2 and a card HP symbol


def battle_position() -> tuple[object, str, str, str]:
    g = bare_game()
    army = place(g, "axis", "army", "breslau")
    tank = place(g, "axis", "armored_corps", "breslau")
    pole = place(g, "western_allies", "army", "warsaw")
    g.data["forts"] = {}
    g.data["orders"]["breslau"] = {"f": "axis", "o": "move_plus_1"}
    hands(g, axis=["axis_four_year_plan", "axis_total_war"], western_allies=["wa_lend_lease", "wa_radar"])
    at_operations(g)
    return g, army, tank, pole


@pytest.mark.rules("B1.2", "B1.3", "B1.4", "B1.5", "B1.6", "B1.7", "P7.3")
def test_a_battle_through_its_seven_steps_with_forced_dice() -> None:
    g, army, tank, pole = battle_position()
    g.apply("axis", ("execute", "breslau"))
    g.apply("axis", ("send", army, "warsaw"))
    g.apply("axis", ("send", tank, "warsaw"))
    g.apply("axis", ("go",))
    # step 2: both players pick a card in secret
    assert sorted(g.active_roles()) == ["allies", "axis"]
    g.apply("axis", ("card", "axis", "axis_total_war"))
    assert "Total War" not in str(g.view("allies"))  # hidden until both have chosen
    g.apply("allies", ("card", "western_allies", "wa_lend_lease"))
    # step 3: air support (clear weather, land battle); both commit none
    assert g.view("axis")["board"]["my_secret"]["kind"] == "battle_air"
    # attacker: yellow (army) 6 -> 1, orange (armored corps) 6 -> 1; defender: yellow 1 -> 0
    g.rng.force([6, 6, 1])
    g.apply("axis", ("done",))
    g.apply("allies", ("done",))
    log = "\n".join(g.log_for(None))
    # step 4: attack 1 + 2 + 1 (move +1) = 4 against 1: the attacker wins
    assert "attacker 4" in log and "defender 1" in log and "the attack wins" in log
    # step 5: two loss points on the Polish Army: it is reduced to a Corps
    assert g.active_roles() == ["allies"]
    assert g.legal_actions("allies") == [("hit", pole)]
    g.apply("allies", ("hit", pole))
    assert g.data["units"][pole]["t"] == "corps"
    # step 6: the defenders retreat to an adjacent area of theirs, and are exhausted
    options = g.legal_actions("allies")
    assert ("retreat", "krakow") in options and ("retreat", "breslau") not in options
    g.apply("allies", ("retreat", "krakow"))
    assert g.data["units"][pole]["a"] == "krakow" and g.data["units"][pole]["ex"]
    # step 7: the attackers advance and capture Warsaw
    assert g.data["control"]["warsaw"] == "axis"
    assert {g.data["units"][army]["a"], g.data["units"][tank]["a"]} == {"warsaw"}


@pytest.mark.rules("B1.4", "B1.6")
def test_a_losing_attacker_stays_home_exhausted_and_ties_go_to_initiative() -> None:
    g = bare_game()
    army = place(g, "western_allies", "army", "krakow")
    place(g, "axis", "army", "breslau")
    place(g, "axis", "army", "breslau")
    g.data["forts"] = {}
    g.data["orders"]["krakow"] = {"f": "western_allies", "o": "move"}
    hands(g, axis=["axis_total_war"], western_allies=["wa_lend_lease"])
    at_operations(g)
    g.apply("allies", ("execute", "krakow"))
    g.apply("allies", ("send", army, "breslau"))
    g.apply("allies", ("go",))
    g.apply("axis", ("card", "axis", "axis_total_war"))
    g.apply("allies", ("card", "western_allies", "wa_lend_lease"))
    g.rng.force([1, 1, 1])  # nobody deals a loss
    g.apply("axis", ("done",))
    g.apply("allies", ("done",))
    # Krakow-Breslau is a river: the attack is 1 // 2 = 0 against 2
    assert "the defence wins" in "\n".join(g.log_for(None))
    assert g.data["units"][army]["a"] == "krakow" and g.data["units"][army]["ex"]
    assert g.data["control"]["breslau"] == "axis"


@pytest.mark.rules("B1.6", "P8.7")
def test_defenders_out_of_supply_are_eliminated_instead_of_retreating() -> None:
    g, army, _tank, pole = battle_position()
    g.data["oos"] = ["warsaw"]
    g.apply("axis", ("execute", "breslau"))
    g.apply("axis", ("send", army, "warsaw"))
    g.apply("axis", ("go",))
    g.apply("axis", ("card", "axis", "axis_total_war"))
    g.apply("allies", ("card", "western_allies", "wa_lend_lease"))
    g.rng.force([1, 1])
    g.apply("axis", ("done",))
    g.apply("allies", ("done",))
    assert pole not in g.data["units"]
    assert g.data["control"]["warsaw"] == "axis"


@pytest.mark.rules("B1.5")
def test_losing_artillery_is_eliminated_before_losses() -> None:
    g, army, tank, _pole = battle_position()
    gun = place(g, "western_allies", "artillery", "warsaw")
    g.apply("axis", ("execute", "breslau"))
    g.apply("axis", ("send", army, "warsaw"))
    g.apply("axis", ("send", tank, "warsaw"))
    g.apply("axis", ("go",))
    g.apply("axis", ("card", "axis", "axis_total_war"))
    g.apply("allies", ("card", "western_allies", "wa_lend_lease"))
    g.rng.force([1, 1, 1])  # attacker two dice, defender one (artillery rolls only in attack)
    g.apply("axis", ("done",))
    g.apply("allies", ("done",))
    assert gun not in g.data["units"]


@pytest.mark.rules("B1.2", "B1.3", "B1.5", "B1.6")
def test_each_question_of_a_battle_is_its_own_named_step() -> None:
    """The card and air windows and the loss and retreat questions are steps of their
    own names (battle_steps.py); views still show the battle with its stage."""
    g, army, tank, pole = battle_position()
    g.apply("axis", ("execute", "breslau"))
    g.apply("axis", ("send", army, "warsaw"))
    g.apply("axis", ("send", tank, "warsaw"))
    g.apply("axis", ("go",))
    names = [f["state"] for f in g.data["flow"]]
    assert names[-2:] == ["battle_cards_chosen", "battle_card"]  # the window above the battle
    assert g.view("axis")["board"]["battle"]["state"] == "battle"
    assert g.view("axis")["board"]["battle"]["stage"] == "cards"
    g.apply("axis", ("card", "axis", "axis_total_war"))
    g.apply("allies", ("card", "western_allies", "wa_lend_lease"))
    assert g.frame()["state"] == "battle_air"
    g.rng.force([6, 6, 1])
    g.apply("axis", ("done",))
    g.apply("allies", ("done",))
    assert g.frame()["state"] == "battle_loss_defence"
    assert g.view(None)["board"]["battle"]["stage"] == "loss_defence"
    g.apply("allies", ("hit", pole))
    assert g.frame()["state"] == "battle_retreat_choice"
    assert g.view("allies")["board"]["battle"]["stage"] == "retreat_choice"
    assert "stage" not in g.frame()  # the step's name says it


def test_a_game_saved_with_the_old_step_names_loads_as_now() -> None:
    """Saves made before the battle's steps had names kept one "battle" frame with a
    "stage", and every secret window as "secret": they load with today's names."""
    g, army, tank, _ = battle_position()
    g.apply("axis", ("execute", "breslau"))
    g.apply("axis", ("send", army, "warsaw"))
    g.apply("axis", ("send", tank, "warsaw"))
    g.apply("axis", ("go",))
    saved = json.loads(json.dumps(g.to_json()))
    battle, window = saved["data"]["flow"][-2:]
    assert (battle["state"], window["state"]) == ("battle_cards_chosen", "battle_card")
    battle.update(state="battle", stage="cards")
    window["state"] = "secret"
    loaded = VirtutiState.from_json(RULESET, saved)
    assert loaded.same_as(g)
    assert loaded.legal_actions("axis") == g.legal_actions("axis")
