"""The heuristic player's Campaign Game II strategic warfare and partisans (ai_strategic.py),
deciding from its view: which raid, which launch, where to devastate, where partisans go."""

from __future__ import annotations

from typing import Any

from cg2kit import new_game, to_step

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.capability import load_capability
from grognard.games.hgw.map import hex_distance
from grognard.games.hgw.research import new_research

LONDON, BERLIN, COLOGNE, KIEL, RUHR, PARIS = "1333", "1237", "1335", "1236", "1436", "1434"


def choice(state: HgwState, role: str) -> tuple[Any, ...]:
    return tuple(make_heuristic(1).act(state.view(role), state.legal_actions(role)))


def test_the_ai_raids_the_richest_undefended_target_first() -> None:
    state = new_game()
    research = new_research()
    research["allied"]["items"]["bomber"].update(level=1, cost=load_capability().cost_at("bomber", 1))
    state.data["research"] = research
    state.data["strategic"]["bombers"]["allied"][LONDON] = {"sp": 5, "atomic": 0}
    state.data["strategic"]["air_defence"]["axis"][COLOGNE] = 4
    to_step(state, "strategic", role="allied")
    assert choice(state, "allied") == ("raid", LONDON, RUHR)  # three points, no air defence
    state.rng.force([1])
    state.apply("allied", ("raid", LONDON, RUHR))
    assert choice(state, "allied") == ("devastate", RUHR)  # the most production left, Kiel has one


def test_the_ai_fires_every_missile_at_british_morale() -> None:
    state = new_game()
    state.data["strategic"]["missiles"]["axis"]["m1"] = {"at": "1334", "sp": 6, "atomic": 0}
    to_step(state, "strategic", role="axis")
    assert choice(state, "axis") == ("launch_morale", "m1", 6, LONDON)


def test_the_ai_sends_partisans_against_production() -> None:
    state = new_game()
    for army in state.data["armies"].values():
        if army["at"] in (PARIS, "1635"):
            army["at"] = None
    state.data["owner"].update({PARIS: "axis", "1635": "axis"})
    to_step(state, "partisans", player="allied", budget=4)
    assert choice(state, "allied") == ("partisans", PARIS)  # three points against one


def test_the_ai_keeps_production_back_for_partisans_only_where_they_are_played() -> None:
    for scenario, keeps in (("campaign_2", True), ("campaign_1", False)):
        state = RULESET.new_game(scenario, {}, seed=1)
        assert isinstance(state, HgwState)
        for army in state.data["armies"].values():
            if army["at"] == PARIS:
                army["at"] = None
        state.data["owner"][PARIS] = "axis"
        to_step(state, "production", role="allied", budget=3)  # an infantry point would leave one
        assert (choice(state, "allied") == ("end_production",)) is keeps


def test_the_ai_builds_air_defence_against_bombers_in_range() -> None:
    state = new_game()
    research = new_research()
    research["allied"]["items"]["bomber"].update(level=1, cost=load_capability().cost_at("bomber", 1))
    state.data["research"] = research
    state.data["strategic"]["bombers"]["allied"][LONDON] = {"sp": 6, "atomic": 0}
    to_step(state, "production", role="axis", budget=17)
    build = choice(state, "axis")
    assert build[:2] == ("build_strategic", "air_defence") and hex_distance(LONDON, build[2]) <= 3


def test_the_ai_loses_army_infantry_to_a_blast_before_its_strategic_points() -> None:
    state = new_game()
    ruhr_army = next(a for a, x in state.data["armies"].items() if x["at"] == RUHR)
    state.data["strategic"]["air_defence"]["axis"][RUHR] = 2
    to_step(state, "bomb_losses", role="axis", place=RUHR, left=2)
    assert choice(state, "axis") == ("lose", ruhr_army, "infantry")
    state.data["armies"][ruhr_army]["sp"] = {k: 0 for k in state.data["armies"][ruhr_army]["sp"]}
    state.data["armies"][ruhr_army]["at"] = None
    state._after_change(None, None)
    assert choice(state, "axis") == ("lose_strategic", "air_defence")
