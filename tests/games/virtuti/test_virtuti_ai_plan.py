"""The Virtuti heuristic's plan in hand-made positions: war on the Low Countries when
its stacks are ready (P9 declarations), war on the USSR after Poland and France (G1.6,
P9), an attack estimate that takes on a fortified VP city at even odds but not a
village (B1-B4), garrisons kept in threatened VP cities, and a pull that leads the rear
towards the cities it needs."""

from __future__ import annotations

import pytest
from virtuti_positions import at_operations, bare_game, place

from grognard.games.virtuti import VirtutiState
from grognard.games.virtuti.ai import Board, VirtutiHeuristic, score
from grognard.games.virtuti.board import vmap


def at_diplomacy(g: VirtutiState) -> None:
    g.data["flow"] = [{"state": "turn", "phase": 10}, {"state": "diplomacy", "role": "axis"}]
    g.data["phase"] = "diplomacy"
    g._after_change(None, None)


def axis_choice(g: VirtutiState) -> tuple[object, ...]:
    return tuple(VirtutiHeuristic(0).act(g.view("axis"), g.legal_actions("axis")))


@pytest.mark.rules("P9.3")
def test_the_axis_declares_war_on_belgium_once_its_stacks_outweigh_it() -> None:
    g = bare_game()
    place(g, "western_allies", "army", "lille")
    place(g, "axis", "corps", "essen")
    at_diplomacy(g)
    assert score(Board(g.view("axis")), ("declare_war", "belgium")) <= 1.0  # 1 strength is not enough
    for area in ("essen", "saarbrucken"):
        place(g, "axis", "army", area, level=2)
        place(g, "axis", "armored_corps", area, level=1)
    g._after_change(None, None)
    b = Board(g.view("axis"))
    assert score(b, ("declare_war", "belgium")) > 1.0  # the road into France
    assert score(b, ("declare_war", "switzerland")) <= 1.0  # war entry 0: stayed out
    assert score(b, ("declare_war", "italy")) <= 1.0  # of the Axis's own alignment
    assert axis_choice(g)[0] == "declare_war"


@pytest.mark.rules("G1.6", "P9.3")
def test_the_axis_turns_on_the_ussr_only_after_poland_and_in_1941() -> None:
    """Not in 1940 even with France fallen (a rush east that won 118 of 144 games)."""
    g = bare_game()
    g.data["ussr_active"] = True
    g.data["control"]["warsaw"] = "axis"
    place(g, "axis", "armored_corps", "warsaw", level=2)
    place(g, "ussr", "corps", "minsk")
    g.data["year"] = 1940
    at_diplomacy(g)
    assert score(Board(g.view("axis")), ("declare_war_ussr",)) <= 1.0  # Poland stands
    g.data["countries"]["poland"]["status"] = "surrendered"
    g.data["countries"]["france"]["status"] = "surrendered"
    g._after_change(None, None)
    assert score(Board(g.view("axis")), ("declare_war_ussr",)) <= 1.0  # 1940
    g.data["year"] = 1941
    g._after_change(None, None)
    assert score(Board(g.view("axis")), ("declare_war_ussr",)) > 1.0


@pytest.mark.rules("B1.1", "B1.4")
def test_a_fortified_vp_city_is_worth_a_tie_the_defender_wins_and_a_village_is_not() -> None:
    g = bare_game()
    g.data["factions"]["axis"]["hand"] = []
    g.data["factions"]["axis"]["air"] = {}
    g.data["factions"]["western_allies"]["hand"] = []
    g.data["factions"]["western_allies"]["air"] = {}
    for _ in range(3):
        place(g, "axis", "army", "metz", level=2)
    g.data["control"]["metz"] = "axis"
    # Paris: 2 Armies (4) + fortification 2 against 6: an even fight for 3 VP
    place(g, "western_allies", "army", "paris", level=2)
    place(g, "western_allies", "army", "paris", level=2)
    g.data["forts"]["paris"] = 2
    # Strasbourg (no VP, not a key area) with the same defence
    place(g, "western_allies", "army", "strasbourg", level=2)
    place(g, "western_allies", "army", "strasbourg", level=2)
    g.data["forts"]["strasbourg"] = 2
    g.data["initiative"] = ["western_allies", "axis", "ussr"]  # a tie goes to the defender (B1.4)
    at_operations(g)
    b = Board(g.view("axis"))
    assert b.defence("paris", "axis") == b.defence("strasbourg", "axis") == 6
    assert b.attack("metz", "paris", "axis", 0) > 0
    assert b.attack("metz", "strasbourg", "axis", 0) == 0
    # two more strength makes Strasbourg worth it too
    assert b.attack("metz", "strasbourg", "axis", 2) > 0


def test_a_threatened_vp_city_keeps_its_garrison_and_the_rear_marches_to_the_front() -> None:
    g = bare_game()
    keeper = place(g, "western_allies", "army", "paris")
    place(g, "axis", "armored_corps", "metz", level=2)
    g.data["control"]["metz"] = "axis"
    rear = place(g, "axis", "army", "berlin")
    # Poland fallen, as in 1940: Warsaw (3 VP) would otherwise hold Berlin's pull in the east
    for area, holder in list(g.data["control"].items()):
        if holder != "axis" and vmap().land(area).owner == "poland":
            g.data["control"][area] = "axis"
    at_operations(g)
    allies = Board(g.view("allies"))
    assert allies.garrison_needed("paris", "western_allies")
    assert score(allies, ("send", keeper, "bordeaux")) < 0
    axis = Board(g.view("axis"))
    pull = axis.pull("axis")
    assert pull["saarbrucken"] > pull["berlin"]  # Paris (3 VP) is what the West front leads to
    assert score(axis, ("send", rear, "leipzig")) > score(axis, ("send", rear, "stettin"))


@pytest.mark.rules("P10.6")
def test_a_side_short_of_a_minor_victory_presses_harder_for_vp_late_in_the_war() -> None:
    worth = {}
    for year in (1942, 1944):
        g = bare_game()
        g.data["ussr_active"] = g.data["ussr_at_war"] = True
        for f in ("axis", "western_allies", "ussr"):
            g.data["factions"][f]["hand"] = []
            g.data["factions"][f]["air"] = {}
        for area in ("brest_litovsk", "paris", "warsaw"):  # the Allies hold 11 VP, the Axis 13
            g.data["control"][area] = "axis"
        place(g, "axis", "army", "brest_litovsk", level=2)
        place(g, "axis", "army", "brest_litovsk", level=2)
        place(g, "ussr", "army", "minsk", level=2)
        place(g, "ussr", "corps", "minsk")
        g.data["year"] = year
        at_operations(g)
        b = Board(g.view("allies"))
        worth[year] = b.attack("minsk", "brest_litovsk", "ussr", 1)
        if year == 1942:
            assert b.pressure("ussr") == 0.0  # no pressure before 1943
        else:
            assert b.pressure("ussr") == 1.0  # 4 VP short of 15 in 1944
            assert 0.0 < b.pressure("axis") < 1.0  # 2 VP short
            g.data["control"]["paris"] = g.data["control"]["warsaw"] = "western_allies"  # 17 VP
            g._after_change(None, None)
            assert Board(g.view("allies")).pressure("ussr") == 0.0
    assert worth[1944] > worth[1942] > 0  # the same attack on the Bug is worth more


@pytest.mark.rules("B1.3", "P4.3")
def test_the_attack_estimate_counts_the_air_tokens_drawn_this_turn_not_the_pool() -> None:
    """Only tokens drawn by the air support card can be committed to a battle: a full
    pool with nothing drawn adds no air to what a faction can show, and two drawn
    tokens add their strength."""
    g = bare_game()
    place(g, "axis", "army", "essen")
    rec = g.data["factions"]["axis"]
    rec["hand"] = []
    rec["air"], rec["air_drawn"] = {"3": 4, "2": 4}, {}
    at_operations(g)
    assert Board(g.view("axis")).extras("axis", "essen") == 0
    rec["air_drawn"] = {"1": 1, "2": 1}
    g._after_change(None, None)
    with_two = Board(g.view("axis")).extras("axis", "essen")
    rec["air_drawn"] = {"1": 1}
    g._after_change(None, None)
    assert with_two > Board(g.view("axis")).extras("axis", "essen") > 0
