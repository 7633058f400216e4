"""The heuristic's amphibious war in The Pacific War (issue 23, part 4; ai_pacific.py):
Japan lands on the southern resources with its fleet in port to escort, the Allies retake
an island Japan took, each side builds its invasion army in its home port, and a new
Pacific army takes a counter of its place's nation (G17.7)."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import put
from pacific_positions import pacific_game, play_to

from grognard.games.hgw import HgwState, ai_pacific
from grognard.games.hgw.ai import HgwHeuristic
from grognard.games.hgw.ai_board import Board

TOKYO, OSAKA, MANILA, SINGAPORE, BATAVIA = "2077", "2076", "3072", "3164", "3465"


def _choice(state: HgwState, role: str) -> Any:
    return HgwHeuristic(0).act(state.view(role), state.legal_actions(role))


def test_japan_invades_singapore_with_its_tokyo_army_and_the_fleet_in_port() -> None:
    state = pacific_game()
    play_to(state, "axis", "movement")
    put(state, "eastern", TOKYO, amphibious=5, infantry=5)
    state.apply("axis", ("end_movement",))
    assert state.data["flow"][-1]["state"] == "announce"
    legal = state.legal_actions("axis")
    assert ("invade", "eastern", MANILA) in legal and ("invade", "eastern", SINGAPORE) in legal
    # Singapore and Manila: a production point and a port each, one amphibious point spent
    # on the way; Palembang's two points lie a second point away, empty beaches are worth
    # nothing; on the Pearl Harbor turn no U.S. fleet intercepts (G17.3), and Force Z and
    # the Dutch cruisers would sink about one point of the landing (Fleet Naval Fire 3),
    # which still lands at even odds
    assert _choice(state, "axis") == ("invade", "eastern", SINGAPORE)


def test_japan_holds_its_landing_while_the_interceptions_would_sink_too_much() -> None:
    state = pacific_game()
    play_to(state, "axis", "movement")
    put(state, "eastern", TOKYO, amphibious=5, infantry=5)
    for fleet in ("force_z", "dutch"):  # two strong British and Dutch fleets on the sea
        state.data["fleets"][fleet]["sp"] = 8
        state.data["fleets"][fleet]["ships"] = {"capital": 8}
    state._after_change(None, None)
    state.apply("axis", ("end_movement",))
    b = Board(state.view("axis"))
    assert ai_pacific.interception_losses(b, b.armies["eastern"], SINGAPORE) == 6
    choice = _choice(state, "axis")
    # each fleet fires once (Fleet Naval Fire 2-3): about six points lost at sea, half of
    # them amphibious, and the landings on defended ports no longer have even odds
    assert choice not in (("invade", "eastern", SINGAPORE), ("invade", "eastern", MANILA))


def _allied_invader_at_batavia(kido_butai: int, combined: int) -> HgwState:
    state = pacific_game()
    play_to(state, "allied", "movement")
    state.data["owner"][SINGAPORE] = "axis"  # Japan took it; the Twenty-fifth Army holds it
    put(state, "malaya", None)
    put(state, "25a", SINGAPORE, infantry=1)
    put(state, "knil", BATAVIA, amphibious=5, infantry=5)
    for info in state.data["fleets"].values():
        if info["side"] == "allied":
            info["at"] = BATAVIA  # the escort in the invader's port; Japan's fleets in Tokyo
    for fleet, points in (("kido_butai", kido_butai), ("combined", combined)):
        state.data["fleets"][fleet]["sp"] = points
        state.data["fleets"][fleet]["ships"] = {"capital": points}
    state._after_change(None, None)
    state.apply("allied", ("end_movement",))
    return state


def test_the_allies_land_where_japans_fleets_leave_them_even_odds() -> None:
    # Japan's two fleets would sink about six points of any landing (Fleet Naval Fire
    # 2-3): Singapore and Osaka are out of reach, the empty beach beside Singapore is not
    state = _allied_invader_at_batavia(8, 8)
    legal = state.legal_actions("allied")
    assert ("invade", "knil", SINGAPORE) in legal and ("invade", "knil", OSAKA) in legal
    assert _choice(state, "allied") == ("invade", "knil", "3064")
    # with the Combined Fleet sunk and two points left in the Kido Butai about one point
    # is lost at sea: Osaka's three production points are worth more than Singapore's one
    state = _allied_invader_at_batavia(2, 0)
    assert _choice(state, "allied") == ("invade", "knil", OSAKA)


def test_japan_builds_its_invasion_army_in_tokyo() -> None:
    state = pacific_game()
    play_to(state, "axis", "production")
    put(state, "eastern", TOKYO, amphibious=2, infantry=2)
    assert _choice(state, "axis") == ("build", "amphibious", "army", "eastern")
    put(state, "eastern", TOKYO, amphibious=5, infantry=2)
    assert _choice(state, "axis") == ("build", "infantry", "army", "eastern")
    # a garrison that became the invader gets amphibious points until it may invade
    put(state, "eastern", TOKYO, amphibious=4, infantry=5)
    assert _choice(state, "axis") == ("build", "amphibious", "army", "eastern")


@pytest.mark.rules("G17.7")
def test_a_new_japanese_army_is_placed_with_a_japanese_counter() -> None:
    state = pacific_game()
    play_to(state, "axis", "production")
    put(state, "eastern", None)
    legal = state.legal_actions("axis")
    # every counter of Japan's record sheet carries the nation "japan" (the scenario file)
    assert ("build", "infantry", "place", TOKYO) in legal
    state.apply("axis", ("build", "infantry", "place", TOKYO))
    placed = [a for a, x in state.data["armies"].items() if x["at"] == TOKYO and x["side"] == "axis"]
    assert len(placed) == 1 and state.data["armies"][placed[0]]["nation"] == "japan"
