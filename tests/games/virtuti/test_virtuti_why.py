"""Why a Virtuti order placement, move or purchase is refused (why.py through
State.why_illegal): each refusal names its rule, asking changes nothing, and no answer
tells of the other player's secret choices (G1.1)."""

from __future__ import annotations

import pytest
from virtuti_positions import at_operations, bare_game, place

from grognard.games.virtuti import VirtutiState
from grognard.games.virtuti.board import controller, neighbours, vmap
from grognard.games.virtuti.steps import open_phase_secret
from grognard.games.virtuti.why import ANY_ORDER


def _ask(state: VirtutiState, role: str, *action: object) -> str:
    before = state.to_json()
    reason = state.why_illegal(role, tuple(action))
    assert state.to_json() == before  # a question never changes the game
    assert reason is not None
    return reason


def _secret(state: VirtutiState, kind: str, phase: int) -> None:
    state.data["flow"] = [{"state": "turn", "phase": phase}]
    open_phase_secret(state, kind)
    state._after_change(None, None)


def _planning() -> VirtutiState:
    g = bare_game()
    place(g, "axis", "army", "breslau")
    place(g, "axis", "fleet", "stettin_port")
    place(g, "western_allies", "army", "krakow")
    _secret(g, "planning", 7)
    assert g.active_roles() == ["axis", "allies"]
    return g


@pytest.mark.rules("P6.0", "P6.1")
def test_orders_stand_only_on_the_factions_units_p6_1() -> None:
    g = _planning()
    empty = _ask(g, "axis", "order", "axis", "move", "berlin")
    assert empty == "orders go where your units are: Berlin has none of the Axis's units (P6.1)"
    assert "(P6.1)" in _ask(g, "axis", "order", "western_allies", "move", "krakow")  # not the Axis's
    assert "not in ports" not in _ask(g, "axis", "order", "axis", "defense_plus_1", "stettin_port")
    # the order by name with its article, not its id (issue 26, item 15)
    assert "a defense +1 order may not stand in a port area (P6.1)" in _ask(
        g, "axis", "order", "axis", "defense_plus_1", "stettin_port"
    )
    g.apply("axis", ("order", "axis", "move", "breslau"))
    assert "one order per area (P6.1)" in _ask(g, "axis", "order", "axis", "move_plus_1", "breslau")
    g.data["factions"]["axis"]["orders"]["maneuver"] = 0
    assert "no maneuver order is left in the Axis's pool (P6.1)" in _ask(
        g, "axis", "order", "axis", "maneuver", "stettin_port"
    )


@pytest.mark.rules("P6.1", "P1.2", "P8.7")
def test_an_area_no_order_left_fits_names_every_reason_p1_2_p8_7() -> None:
    g = _planning()
    pool = g.data["factions"]["axis"]["orders"]
    for order in pool:
        pool[order] = 0
    pool.update({"maneuver": 1, "feint_attack": 1})
    g.data["weather"]["breslau"] = "mud"
    g._after_change(None, None)
    mud = _ask(g, "axis", "order", "axis", ANY_ORDER, "breslau")
    assert (
        mud
        == "none of the Axis's orders left may stand in Breslau: "
        + "no maneuver or feint attack in mud (P6.1, P1.2)"
    )
    g.data["weather"]["breslau"] = "clear"
    g.data["oos"] = ["breslau"]
    g._after_change(None, None)
    cut = _ask(g, "axis", "order", "axis", ANY_ORDER, "breslau")
    assert "units out of supply take only defense orders (P6.1, P8.7)" in cut


@pytest.mark.rules("G1.1", "P6.0")
def test_the_other_players_secret_order_is_never_told() -> None:
    g = _planning()
    place(g, "western_allies", "army", "breslau")  # both sides in one area (a hand-made case)
    g._after_change(None, None)
    assert g.why_illegal("axis", ("order", "axis", "move", "breslau")) is None  # legal now
    g.apply("allies", ("order", "western_allies", "support", "breslau"))  # secret
    reason = _ask(g, "axis", "order", "axis", "move", "breslau")
    assert "order already" not in reason and "support" not in reason and "western" not in reason
    # outside the Planning Phase orders are not placed at all
    g.data["orders"] = {"breslau": {"f": "axis", "o": "move"}}
    at_operations(g)
    assert "Planning Phase only" in _ask(g, "axis", "order", "axis", "move", "breslau")


def _move_order(g: VirtutiState, area: str, order: str = "move") -> None:
    g.data["orders"][area] = {"f": "axis", "o": order}
    at_operations(g, sub=2 if order == "strategic_movement" else 1)
    g.apply("axis", ("execute", area))


def _neutral_next_to(g: VirtutiState, area: str) -> str:
    return next(n for n in neighbours(area, ("land",)) if controller(g.data, n) is None)


@pytest.mark.rules("P7.0", "P7.3", "G1.5", "P7.4")
def test_units_move_with_the_order_of_their_area_p7_3() -> None:
    g = bare_game()
    army = place(g, "axis", "army", "breslau")
    other = place(g, "axis", "army", "berlin")
    g.data["orders"]["breslau"] = {"f": "axis", "o": "move"}
    at_operations(g)
    assert "(P7.0, P7.3)" in _ask(g, "axis", "send", army, "krakow")  # the order is not executed yet
    g.apply("axis", ("execute", "breslau"))
    assert "only units in Breslau, where the order is executed, move with it (P7.3)" in _ask(
        g, "axis", "send", other, "hamburg"
    )
    far = _ask(g, "axis", "send", army, "munich")
    assert far.startswith("a Move order takes units to an adjacent area (P7.3)") and "(P7.4)" in far
    g2 = bare_game("full_campaign")
    start = next(
        a for a in ("berlin", "breslau", "munich", "vienna", "prague", "essen") if _has_neutral(g2, a)
    )
    unit = place(g2, "axis", "army", start)
    _move_order(g2, start)
    neutral = _neutral_next_to(g2, start)
    assert (
        f"{vmap().graph.area(neutral).name} is neutral: a war must be declared on it first (G1.5, P7.3, P9.3)"
        == _ask(g2, "axis", "send", unit, neutral)
    )


def _has_neutral(g: VirtutiState, area: str) -> bool:
    return any(controller(g.data, n) is None for n in neighbours(area, ("land",)))


@pytest.mark.rules("G1.4")
def test_an_order_ends_only_within_the_stacking_limits_g1_4() -> None:
    # Logistics 3 (stacks of 2, 2, 3) all in use: one of Breslau's three sent to Berlin's
    # one leaves four 2-stacks until a second follows it.
    g = bare_game()
    g.data["factions"]["axis"]["logistics"] = 3
    a = place(g, "axis", "army", "breslau")
    for area in ("breslau", "breslau", "berlin", "munich", "munich", "vienna", "vienna"):
        place(g, "axis", "army", area)
    _move_order(g, "breslau")
    g.apply("axis", ("send", a, "berlin"))
    reason = _ask(g, "axis", "go")
    assert reason.startswith("the Axis's stacks would not fit its logistics track")
    assert "(stacks allowed: [2, 2, 3]) with the units sent so far" in reason
    assert reason.endswith("send more of them on first (G1.3, G1.4)")


@pytest.mark.rules("P7.3", "G1.3")
def test_one_battle_per_order_and_stacks_by_the_logistics_track_g1_3() -> None:
    g = bare_game()
    g.data["factions"]["axis"]["logistics"] = 1  # one stack of two, no more
    a = place(g, "axis", "army", "breslau")
    b = place(g, "axis", "army", "breslau")
    place(g, "axis", "army", "berlin")
    place(g, "axis", "army", "berlin")
    place(g, "western_allies", "army", "krakow")
    place(g, "western_allies", "army", "warsaw")
    _move_order(g, "breslau")
    stacks = _ask(g, "axis", "send", a, "berlin")
    assert "logistics track" in stacks and stacks.endswith("(G1.3, G1.4)")
    g.apply("axis", ("send", a, "krakow"))
    assert (
        _ask(g, "axis", "send", b, "warsaw")
        == "one Move order starts at most one battle (P7.3): this one already attacks Kraków"
    )


@pytest.mark.rules("P7.5", "P7.6", "P7.8")
def test_fleets_maneuvers_and_strategic_moves_p7_5_p7_6_p7_8() -> None:
    g = bare_game()
    fleet = place(g, "axis", "fleet", "stettin_port")
    _move_order(g, "stettin_port")
    assert "(P7.5)" in _ask(g, "axis", "send", fleet, "north_sea")  # not next to Stettin's port
    g = bare_game()
    tank = place(g, "axis", "armored_corps", "berlin")
    place(g, "western_allies", "army", "poznan")
    _move_order(g, "berlin", "maneuver")
    assert (
        _ask(g, "axis", "send", tank, "poznan") == "a maneuver never enters an area with enemy units (P7.6)"
    )
    g = bare_game()
    army = place(g, "axis", "army", "berlin")
    _move_order(g, "berlin", "strategic_movement")
    assert "own areas, never through a stack of four (P7.8, G1.4): none leads to Warsaw" in _ask(
        g, "axis", "send", army, "warsaw"
    )


@pytest.mark.rules("P5.0", "P5.1", "P5.6", "P5.8")
def test_buying_needs_the_pp_and_the_technology_p5_1() -> None:
    g = bare_game()
    rec = g.data["factions"]["axis"]
    _secret(g, "planning", 7)
    assert "Production Phase (P5.0)" in _ask(g, "axis", "buy", "axis", "army", 1)
    _secret(g, "production", 6)
    rec["pp"] = 3.0
    g._after_change(None, None)
    assert _ask(g, "axis", "buy", "axis", "army", 1) == "a level-1 army costs 8 PP and the Axis has 3 (P5.1)"
    level = rec["logistics"] + 1
    assert (
        _ask(g, "axis", "logistics", "axis")
        == f"the next step of the logistics track costs {level} PP and the Axis has 3 (P5.6)"
    )
    rec["pp"], rec["tech"]["infantry"] = 100.0, 1
    g._after_change(None, None)
    assert "needs infantry technology 3; the Axis has 1 (P5.1, P5.8)" in _ask(
        g, "axis", "buy", "axis", "army", 3
    )
    assert g.why_illegal("axis", ("buy", "axis", "army", 1)) is None
    assert _ask(g, "axis", "buy", "axis", "army", 9).startswith("an Army has no level 9")  # not "a army"
    assert "a level-3 armored corps needs" in _ask(g, "axis", "buy", "axis", "armored_corps", 3)
