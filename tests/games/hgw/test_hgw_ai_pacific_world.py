"""The heuristic's Pacific play in Campaign Game IV (issue 23, part 4; ai_pacific_theater.py):
Japan and the Pacific Allies play the Pacific's plan on the Pacific half of the ring,
Europe's half staying the ordinary heuristic's, and the one Axis budget pays the
Pacific's builds first only while more than Europe's share is left."""

from __future__ import annotations

from pacific_positions import world_naval_movement

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import HgwHeuristic
from grognard.games.hgw.ai_board import Board, distances, theater_distances
from grognard.games.hgw.ai_pacific_theater import here
from grognard.games.hgw.board import production_of
from grognard.games.hgw.production import placed_at
from grognard.games.hgw.scenario import load_scenario

TOKYO = "2077"


def _production(role: str) -> HgwState:
    state = RULESET.new_game("campaign_4", seed=1)
    assert isinstance(state, HgwState)
    while not (state.active_roles() == [role] and state.data["flow"][-1]["state"] == "production"):
        who = state.active_roles()[0]
        legal = state.legal_actions(who)
        ends = [a for a in legal if a[0].startswith(("end_", "no_", "to_"))]
        state.apply(who, ends[0] if ends else legal[0])
    return state


def test_campaign_4_japan_builds_its_invasion_army_in_tokyo_from_the_pacific_share() -> None:
    state = _production("axis")
    b = Board(state.view("axis"))
    assert here(b, TOKYO) and not here(b, "1237")  # Tokyo is the Pacific's, Berlin Europe's
    # the Axis budget pays both wars: Japan's invasion army in Tokyo (Eastern Army, its
    # only Japanese army there) gets the first amphibious point
    assert HgwHeuristic(0).act(state.view("axis"), state.legal_actions("axis")) == (
        "build", "amphibious", "army", "eastern",
    )
    # with no more than Europe's share left (its places' production), Europe builds
    owner = state.data["owner"]
    europe = sum(production_of(state.data, p) for p, o in owner.items() if o == "axis" and not here(b, p))
    state.data["flow"][-1]["budget"] = europe
    choice = HgwHeuristic(0).act(state.view("axis"), state.legal_actions("axis"))
    at = placed_at(state.data["armies"], choice)
    assert at is None or not here(b, at)


def test_campaign_4_each_theater_has_its_goals() -> None:
    """Japan's armies in China press toward the Pacific's goals (campaign_4.json's
    `objectives`: Chungking, Yenan, Singapore, Rangoon), not Europe's capitals, which
    Germany's armies keep (Campaign Game I's); the Allies' Pacific armies toward
    Japanese-held China, their European ones toward Berlin."""
    state = world_naval_movement()  # the first turn's, before any army has moved
    axis = Board(state.view("axis"))
    assert axis.pacific_goals == {"2265", "1965", "3164", "2562"} and axis.dist["2265"] == 0
    # the North China Area Army at Tientsin: south-west toward Yenan is progress, north-west
    # toward Europe (Campaign Game I's Warsaw and Paris) no longer is
    assert state.data["armies"]["nchina"]["at"] == "1868"
    assert axis.progress("1868", "1967") == 1 and axis.progress("1868", "1767") == 0
    assert axis.goals == {"1339", "1434"}  # Europe's half: Warsaw and Paris, as before
    assert axis.dist["1240"] == distances("campaign_4", axis.goals)["1240"] == 1
    # the Allies' halves: Berlin for Europe's, Japanese-held China for the Pacific's
    pacific = frozenset(load_scenario("campaign_4").objectives["allied"])
    assert pacific == {"2169", "2268", "1868", "2468"}
    allied = theater_distances("campaign_4", frozenset({"1237"}), pacific)
    assert allied["1237"] == allied["2169"] == 0 and allied["1238"] == 1 and allied["2265"] > 0
