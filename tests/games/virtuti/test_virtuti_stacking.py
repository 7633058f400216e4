"""Stacking limits at the end of a move, not after each unit sent (G1.3, G1.4
Overstacking), for Move (P7.3), Maneuver (P7.6) and Strategic Movement (P7.8) orders;
and the stack of four that nothing passes through (G1.4)."""

from __future__ import annotations

from itertools import product

import pytest
from virtuti_positions import at_operations, bare_game, place

from grognard.core.game import IllegalAction
from grognard.games.virtuti import VirtutiState
from grognard.games.virtuti.board import stacks_fit
from grognard.games.virtuti.movement import unsent
from grognard.games.virtuti.stacking import can_finish


def full_slots(order: str = "move") -> tuple[VirtutiState, list[str], str]:
    """The Western Allies at logistics 3 (stacks of 2, 2 and 3) with every slot in use:
    three units in Paris (the 3-slot), two in Lyon and two in Caen, one in Lille."""
    g = bare_game()
    assert g.data["factions"]["western_allies"]["logistics"] == 3
    paris = [place(g, "western_allies", "army", "paris") for _ in range(3)]
    for area in ("lyon", "lyon", "caen", "caen"):
        place(g, "western_allies", "army", area)
    lone = place(g, "western_allies", "army", "lille")
    g.data["orders"]["paris"] = {"f": "western_allies", "o": order}
    at_operations(g, sub=2 if order == "strategic_movement" else 1)
    g.apply("allies", ("execute", "paris"))
    assert stacks_fit(g.data, "western_allies")
    return g, paris, lone


@pytest.mark.rules("G1.3", "G1.4", "P7.3")
def test_a_move_may_pass_over_the_limits_while_its_units_are_sent_g1_4() -> None:
    # Two of Paris's three units join Lille's one: Paris 1, Lille 3 fits (3, 2, 2), but
    # after the first unit only, Paris 2 and Lille 2 make four 2-stacks, one too many.
    g, (a, b, c), lone = full_slots()
    assert ("send", a, "lille") in g.legal_actions("allies")
    g.apply("allies", ("send", a, "lille"))
    assert not stacks_fit(g.data, "western_allies", {a: "lille"})
    legal = g.legal_actions("allies")
    assert ("go",) not in legal  # the limits must hold when the move ends
    assert ("send", b, "lille") in legal
    g.apply("allies", ("send", b, "lille"))
    assert ("go",) in g.legal_actions("allies")
    g.apply("allies", ("go",))
    assert [g.data["units"][u]["a"] for u in (a, b, c, lone)] == ["lille", "lille", "paris", "lille"]
    assert stacks_fit(g.data, "western_allies")


@pytest.mark.rules("G1.4", "P7.3")
def test_every_send_leaves_a_way_to_end_within_the_limits_g1_4() -> None:
    # Once two units are bound for Lille, the third may not go there too (Lille 4 never
    # fits logistics 3), nor to Caen (Caen 3 with Lille 3: two 3-stacks).
    g, (a, b, c), _ = full_slots()
    g.apply("allies", ("send", a, "lille"))
    g.apply("allies", ("send", b, "lille"))
    legal = g.legal_actions("allies")
    assert ("send", c, "lille") not in legal and ("send", c, "caen") not in legal
    assert ("send", c, "bordeaux") in legal  # an empty area: Paris empties, Lille keeps 3
    with pytest.raises(IllegalAction):
        g.apply("allies", ("send", c, "lille"))


@pytest.mark.rules("G1.4", "P7.3")
def test_a_move_over_the_limits_can_be_undone_g1_4() -> None:
    g, (a, b, _), _ = full_slots()
    g.apply("allies", ("send", a, "lille"))
    assert g.can_undo("allies")
    g.undo("allies")
    assert g.frame()["plan"] == {} and ("go",) in g.legal_actions("allies")
    g.apply("allies", ("send", a, "lille"))
    g.apply("allies", ("send", b, "lille"))
    g.undo("allies")
    assert g.frame()["plan"] == {a: "lille"} and ("go",) not in g.legal_actions("allies")


@pytest.mark.rules("G1.4", "P7.8")
def test_strategic_movement_may_pass_over_the_limits_until_it_ends_g1_4() -> None:
    g, (a, b, c), lone = full_slots("strategic_movement")
    assert ("send", a, "lille") in g.legal_actions("allies")
    g.apply("allies", ("send", a, "lille"))
    assert ("go",) not in g.legal_actions("allies")
    g.apply("allies", ("send", b, "lille"))
    g.apply("allies", ("go",))
    assert [g.data["units"][u]["a"] for u in (a, b, c, lone)] == ["lille", "lille", "paris", "lille"]


@pytest.mark.rules("G1.4", "P7.6")
def test_a_maneuver_may_pass_over_the_limits_until_it_ends_g1_4() -> None:
    g, (a, b, _), _ = full_slots("maneuver")
    g.apply("allies", ("send", a, "lille"))
    g.apply("allies", ("send", b, "lille"))
    g.apply("allies", ("go",))
    assert g.data["units"][a]["a"] == g.data["units"][b]["a"] == "lille"


@pytest.mark.rules("G1.4", "P7.8")
def test_strategic_movement_never_passes_through_a_stack_of_four_g1_4() -> None:
    # Berlin - Stettin - Danzig - Konigsberg is the only way through Axis areas when
    # Poznan is Polish: four Axis units in Stettin close it.
    g = bare_game()
    g.data["factions"]["axis"]["logistics"] = 6  # one 4-stack allowed
    g.data["control"]["danzig"] = "axis"
    assert g.data["control"]["konigsberg"] == "axis" and g.data["control"]["poznan"] != "axis"
    mover = place(g, "axis", "army", "berlin")
    g.data["orders"]["berlin"] = {"f": "axis", "o": "strategic_movement"}
    at_operations(g, sub=2)
    g.apply("axis", ("execute", "berlin"))
    dests = {x[2] for x in g.legal_actions("axis") if x[0] == "send"}
    assert {"stettin", "danzig", "konigsberg"} <= dests  # open while Stettin is not full
    g.undo("axis")
    for _ in range(4):
        place(g, "axis", "army", "stettin")
    g._after_change(None, None)
    g.apply("axis", ("execute", "berlin"))
    dests = {x[2] for x in g.legal_actions("axis") if x[0] == "send"}
    assert "danzig" not in dests and "konigsberg" not in dests
    assert "stettin" not in dests and "hamburg" in dests
    assert ("send", mover, "hamburg") in g.legal_actions("axis")


def _brute_force(
    g: VirtutiState, f: str, plan: dict[str, str], left: dict[str, list[str]], battles: set[str]
) -> bool:
    """Every ending, one by one: each unit left stays or goes to any of its areas, with
    at most one battle, whose attackers may advance or stay."""
    ids = sorted(left)
    for choice in product(*[[None, *left[u]] for u in ids]):
        ending = {**plan, **{u: d for u, d in zip(ids, choice, strict=True) if d is not None}}
        stay = {u: d for u, d in ending.items() if d not in battles}
        if len(set(ending.values()) & battles) > 1:
            continue
        if stacks_fit(g.data, f, ending) and stacks_fit(g.data, f, stay):
            return True
    return False


@pytest.mark.rules("G1.3", "G1.4")
def test_the_search_for_an_ending_agrees_with_trying_every_ending_g1_4() -> None:
    # Paris's stack of 2-4 sent among its neighbours, three of which hold 0-3 units,
    # and two Axis-held with an Axis army (battles), at logistics 1-6 with a stack of 2
    # and one of 3 elsewhere: every send, offered or refused, against all the endings.
    neighbours = ("caen", "lyon", "bordeaux")
    battles = {"lille", "metz"}
    checked = refused = 0
    for case, (size, position) in enumerate(product((2, 3, 4), (1, 2, 3, 4, 5, 6))):
        g = bare_game()
        g.data["factions"]["western_allies"]["logistics"] = position
        mine = [place(g, "western_allies", "army", "paris") for _ in range(size)]
        for i, area in enumerate(neighbours):
            for _ in range((case + i) % 4):
                place(g, "western_allies", "army", area)
        for area in sorted(battles):
            g.data["control"][area] = "axis"
            place(g, "axis", "army", area)
        for area, n in (("brest", 2), ("marseille", 3)):
            for _ in range(n):
                place(g, "western_allies", "army", area)
        frame = {"state": "move", "f": "western_allies", "area": "paris", "plan": {}, "maneuver": False}
        left = unsent(g.data, frame)
        assert set(left) == set(mine)
        for uid in mine[:1]:
            rest = {k: v for k, v in left.items() if k != uid}
            for dest in left[uid]:
                expected = _brute_force(g, "western_allies", {uid: dest}, rest, battles)
                found = can_finish(g.data, "western_allies", {uid: dest}, rest, battles)
                assert found == expected, (size, position, dest)
                checked += 1
                refused += not expected
    assert checked > 80 and refused > 10  # both answers were exercised


@pytest.mark.rules("G1.4", "P7.3", "B1.6")
def test_the_limits_hold_too_if_the_attackers_stay_behind_g1_4() -> None:
    # One unit of Paris's three joins Lille (2), one attacks Metz, one stays: won, that
    # ends Paris 1, Lille 2 (fits); lost, the attacker stays in Paris (2) beside Lille,
    # Lyon and Caen: four 2-stacks. So the order ends only once the third unit leaves.
    g, (a, b, c), _ = full_slots()
    g.data["control"]["metz"] = "axis"
    place(g, "axis", "army", "metz")
    g.apply("allies", ("send", a, "lille"))
    g.apply("allies", ("send", b, "metz"))
    assert stacks_fit(g.data, "western_allies", {a: "lille", b: "metz"})  # if it advances
    assert not stacks_fit(g.data, "western_allies", {a: "lille"})  # if it stays
    legal = g.legal_actions("allies")
    assert ("go",) not in legal
    assert ("send", c, "metz") not in legal  # lost, Paris 2 again; won, Metz 2
    g.apply("allies", ("send", c, "bordeaux"))
    assert ("go",) in g.legal_actions("allies")
