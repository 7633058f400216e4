"""The optional rule Italian Army (O4.1-O4.7): Campaign Game II with the option on, and
Campaign Game III."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.advance import advance_limit
from grognard.games.hgw.italian_army import italian_places, shortfall
from grognard.games.hgw.politics import _join, end_of_combat
from grognard.games.hgw.production import open_production
from grognard.games.hgw.scenario import KINDS
from grognard.games.hgw.supply import frozen_armies


def new_game(scenario: str = "campaign_2", *, option: bool = True) -> HgwState:
    options = {"italian_army": True} if option and scenario == "campaign_2" else {}
    state = RULESET.new_game(scenario, options, seed=1)
    assert isinstance(state, HgwState)
    return state


def italy_axis(state: HgwState) -> str:
    """Italy joins the Axis (Italy 2-3); the Italian Army's counter."""
    _join(state, "italy", "axis", scheduled=True)
    return next(a for a, x in state.data["armies"].items() if x["name"] == "Italian Army" and x["at"])


def put(state: HgwState, army: str, at: str | None, **points: int) -> None:
    entry = state.data["armies"][army]
    entry["at"] = at
    entry["sp"] = {k: points.get(k, 0) for k in KINDS}
    state._after_change(None, None)


@pytest.mark.rules("O4.6")
def test_the_axis_gets_an_infantry_point_in_2239_in_the_afrika_korps_with_italy() -> None:
    """O4.6: the point in Tripolitania arrives with Italy's entry (Libya is unaligned
    before), in the Afrika Korps (the rulebook's PZAA); without the option it does not."""
    state = new_game()
    assert state.data["armies"]["afk"]["at"] is None
    italy_axis(state)
    assert state.data["armies"]["afk"]["at"] == "2239"
    assert state.data["armies"]["afk"]["sp"]["infantry"] == 1
    off = new_game(option=False)
    italy_axis(off)
    assert off.data["armies"]["afk"]["at"] is None
    cg3 = new_game("campaign_3")
    italy_axis(cg3)
    assert cg3.data["armies"]["afk"]["at"] == "2239"


@pytest.mark.rules("O4.1", "O4.2")
def test_a_short_italian_force_is_made_good_before_any_other_build() -> None:
    """O4.1: the Italian Army's four infantry and one mechanized point and the Afrika
    Korps' point in Libya make the force; one infantry point short, the Axis production
    phase offers only infantry into Italian territory or the Italian Army, and says why
    anything else is refused; made good, every build is back."""
    state = new_game()
    italian = italy_axis(state)
    assert shortfall(state.data) == {}
    state.data["armies"][italian]["sp"]["infantry"] -= 1
    assert shortfall(state.data) == {"infantry": 1}
    open_production(state, "axis")
    legal = state.legal_actions("axis")
    assert ("end_production",) not in legal
    assert ("build", "infantry", "army", italian) in legal
    assert all(a[0] == "build" and a[1] == "infantry" for a in legal)
    assert all(a[3] in italian_places(state.data) for a in legal if a[2] == "place")
    why = RULESET.explain_illegal(state, "axis", ("build", "mechanized", "army", "agw"))
    assert why is not None and "(O4.1, O4.2)" in why and "lacks 1 infantry" in why
    state.apply("axis", ("build", "infantry", "army", italian))
    legal = state.legal_actions("axis")
    assert ("end_production",) in legal and any(a[:2] == ("build", "mechanized") for a in legal)


@pytest.mark.rules("O4.2")
def test_without_the_option_or_before_italy_joins_nothing_is_owed() -> None:
    state = new_game(option=False)
    italian = italy_axis(state)
    state.data["armies"][italian]["sp"]["infantry"] = 0
    assert shortfall(state.data) == {}
    early = new_game()
    assert shortfall(early.data) == {}  # Italy is still unaligned


@pytest.mark.rules("O4.3")
def test_the_italian_armys_points_move_only_inside_italian_territory() -> None:
    state = new_game()
    italian = italy_axis(state)
    state.data["flow"][-1] = {"state": "movement", "role": "axis"}
    state._after_change(None, None)
    state.apply("axis", ("move", italian, "infantry", 1))
    places = [a[1] for a in state.legal_actions("axis") if a[0] == "to_place"]
    assert places and set(places) <= italian_places(state.data)
    why = RULESET.explain_illegal(state, "axis", ("to_place", "1436"))
    assert why == "the Italian Army's points move only inside Italian territory: 1436 is outside it (O4.3)"
    # an army outside Italian territory may always move back in
    state.apply("axis", ("cancel",))
    put(state, italian, "1635", infantry=2)
    state.data["owner"]["1635"] = "axis"
    state.apply("axis", ("move", italian, "army", 2))
    places = [a[1] for a in state.legal_actions("axis") if a[0] == "to_place"]
    assert "1636" in places and "1635" not in places


@pytest.mark.rules("O4.4")
def test_one_is_added_to_the_italian_armys_advance_rolls_into_unfriendly_hexes() -> None:
    state = new_game()
    italian = italy_axis(state)
    put(state, italian, "1636", mechanized=3)
    put(state, "agw", "1636", mechanized=3)
    assert advance_limit(state.data, italian, "1635") == advance_limit(state.data, "agw", "1635") - 1
    state.data["owner"]["1635"] = "axis"
    assert advance_limit(state.data, italian, "1635") == advance_limit(state.data, "agw", "1635")


@pytest.mark.rules("O4.5")
def test_italys_surrender_eliminates_the_italian_army_counted_toward_the_points_owed() -> None:
    """O4.5 with Italy's surrender 2: the Italian Army's four infantry and one mechanized
    point go at once; one infantry point is still owed."""
    state = new_game()
    italian = italy_axis(state)
    for p in ("1837", "1838", "1839"):
        state.data["owner"][p] = "allied"
    state.data["flow"][-1] = {"state": "end_combat", "player": "allied"}
    end_of_combat(state, "allied")
    assert state.data["armies"][italian]["at"] is None
    assert state.data["politics"]["italy_due"] == {"infantry": 1, "mechanized": 0}
    assert state.flow[-1]["state"] == "italy_losses"
    assert shortfall(state.data) == {}  # the obligation ends


@pytest.mark.rules("O4.7")
def test_italian_infantry_in_east_africa_keeps_its_supply_there() -> None:
    """O4.7: an Italian Army of infantry alone in Ethiopia is not frozen though cut off;
    with a mechanized point it traces supply as usual."""
    state = new_game()
    italian = italy_axis(state)
    state.data["owner"]["3146"] = "axis"
    put(state, italian, "3146", infantry=2)
    assert italian not in frozen_armies(state.data, "axis")
    put(state, italian, "3146", infantry=2, mechanized=1)
    assert italian in frozen_armies(state.data, "axis")
    put(state, "agw", "3146", infantry=2)
    assert "agw" in frozen_armies(state.data, "axis")
