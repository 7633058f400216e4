"""The RL features of Victory, Hitler's Global War and Virtuti Militari (`observe` in
each ruleset's features module), the ruleset hook of grognard.rl's observation vector
(issue 11, RL interface): fixed sizes, counts that match the board, the observer's
side first where sides rotate, one view only (a hidden block's identity, another
player's secret choice leave them unchanged), and their names in the environment."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from grognard.agents import make_agent
from grognard.core.game import State
from grognard.games.hgw import features as hgw_features
from grognard.games.hgw.victory import gross_production
from grognard.games.victory import features as victory_features
from grognard.games.virtuti import features as virtuti_features
from grognard.rl import env
from grognard.sim import get_ruleset


def played(ruleset: str, scenario: str | None, actions: int, seed: int, **options: Any) -> State:
    state = get_ruleset(ruleset).new_game(scenario, options, seed)
    agents = {r: make_agent("heuristic", ruleset, i) for i, r in enumerate(state.roles)}
    for _ in range(actions):
        assert not state.is_over()  # the features of a running game are wanted
        role = state.active_roles()[0]
        state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
    return state


def block(features: list[float], side: int, names: tuple[str, ...]) -> dict[str, float]:
    width = len(names)
    return dict(zip(names, features[side * width : (side + 1) * width], strict=True))


# ----- Victory ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def victory_game() -> State:
    # deployed, in the combat phase of its second turn (not production, where new blocks
    # are seen by their owner only: the two views would count them differently)
    return played("victory", "quick-start", 140, 1)


def test_victory_features_have_one_size_for_every_scenario(victory_game: State) -> None:
    size = victory_features.OBSERVATION_SIZE
    assert size == len(victory_features.OBSERVATION_NAMES) == len(set(victory_features.OBSERVATION_NAMES))
    assert len(victory_features.observe(victory_game.view("blue"))) == size
    commanders = get_ruleset("victory").new_game("commanders", {}, 2)
    assert len(commanders.roles) == 6
    seen = victory_features.observe(commanders.view("red-admiral"))
    assert len(seen) == size and seen[-1] == 1.0  # seats sharing a side (10.5)
    assert victory_features.observer_side(commanders.view("red-admiral")) == "red"


def test_victory_counts_the_observers_side_first(victory_game: State) -> None:
    names = victory_features.SIDE_FEATURES
    view = victory_game.view("blue")
    board = view["board"]
    features = victory_features.observe(view)
    mine, theirs = block(features, 0, names), block(features, 1, names)
    blue = [b for b in board["blocks"] if b["side"] == "blue" and b.get("at")]
    red = [b for b in board["blocks"] if b["side"] == "red" and b.get("at")]
    assert mine["blocks_on_map"] == pytest.approx(len(blue) / 30) and mine["hidden_blocks"] == 0.0
    assert mine["seen_steps"] == pytest.approx(sum(b["steps"] for b in blue) / 100)
    assert theirs["blocks_on_map"] == pytest.approx(len(red) / 30)
    hidden = sum(1 for b in red if b.get("hidden"))
    assert hidden > 0 and theirs["hidden_blocks"] == pytest.approx(hidden / 30)
    assert mine["pp"] == pytest.approx(board["pp"]["blue"] / 20)
    # red's view puts red first; what both see alike (blocks on the map, PP) agrees
    from_red = victory_features.observe(victory_game.view("red"))
    for key in ("blocks_on_map", "pp", "cities", "off_map"):
        assert block(from_red, 1, names)[key] == mine[key]
        assert block(from_red, 0, names)[key] == theirs[key]


def test_victory_reads_nothing_hidden(victory_game: State) -> None:
    """6.1: a red block blue cannot see changes type and steps; blue's features do
    not change, red's do (so the check has teeth)."""
    twin = victory_game.clone()
    hidden = next(b for b in victory_game.view("blue")["board"]["blocks"] if b.get("hidden"))
    red_id = next(
        i for i, b in twin.data["blocks"].items()
        if b["owner"] == "red" and b["at"] == hidden["at"]
    )  # fmt: skip
    entry = twin.data["blocks"][red_id]
    entry["type"] = "FA" if entry["type"] != "FA" else "IN"
    entry["steps"] = 1 if entry["steps"] != 1 else 2
    twin._after_change(None, None)
    assert victory_features.observe(twin.view("blue")) == victory_features.observe(victory_game.view("blue"))
    assert victory_features.observe(twin.view("red")) != victory_features.observe(victory_game.view("red"))


# ----- Hitler's Global War ----------------------------------------------------------------


def test_hgw_features_are_the_same_from_every_view_and_match_the_board() -> None:
    state = played("hgw", "fall_of_germany", 120, 3)
    features = hgw_features.observe(state.view(None))
    assert len(features) == hgw_features.OBSERVATION_SIZE == len(hgw_features.OBSERVATION_NAMES)
    for role in state.roles:  # open information
        assert hgw_features.observe(state.view(role)) == features
    board = state.view(None)["board"]
    names = hgw_features.SIDE_FEATURES
    for i, side in enumerate(hgw_features.SIDES):
        mine = block(features, i, names)
        armies = [a for a in board["armies"] if a["side"] == side and a["at"] is not None]
        assert mine["plays"] == 1.0
        assert mine["armies"] == pytest.approx(len(armies) / 20)
        assert mine["sp:infantry"] == pytest.approx(sum(a["sp"]["infantry"] for a in armies) / 100)
        places = {"scenario": "fall_of_germany", "owner": board["owner"]}
        assert mine["production"] == pytest.approx(gross_production(places, side) / 100)


def test_hgw_a_side_not_in_the_scenario_is_zeros() -> None:
    state = get_ruleset("hgw").new_game("barbarossa", {}, 1)
    features = hgw_features.observe(state.view("axis"))
    allied = block(features, 2, hgw_features.SIDE_FEATURES)
    assert set(allied.values()) == {0.0}
    named = dict(zip(hgw_features.OBSERVATION_NAMES, features, strict=True))
    assert named["berlin_axis"] == 1.0 and named["progress"] == 0.0 and named["two_player"] == 0.0


# ----- Virtuti Militari -------------------------------------------------------------------


def test_virtuti_features_match_the_board() -> None:
    state = played("virtuti", "barbarossa", 60, 2)
    view = state.view("axis")
    features = virtuti_features.observe(view)
    assert len(features) == virtuti_features.OBSERVATION_SIZE == len(virtuti_features.OBSERVATION_NAMES)
    named = dict(zip(virtuti_features.OBSERVATION_NAMES, features, strict=True))
    for faction in virtuti_features.FACTIONS:
        units = [u for u in view["board"]["units"] if u["f"] == faction and u["a"]]
        assert named[f"{faction}:units"] == pytest.approx(len(units) / 50)
    assert named["vp:axis"] == pytest.approx(view["board"]["vp"]["axis"] / 26)
    assert named[f"phase:{view['board']['phase']}"] == 1.0


def test_virtuti_features_read_no_secret() -> None:
    state = get_ruleset("virtuti").new_game("full_campaign", {}, 0)
    assert state.data["secret"] is not None  # the Strategic Phase's card window
    view = state.view("allies")
    before = virtuti_features.observe(view)
    stripped = copy.deepcopy(view)
    for key in ("orders", "my_secret", "battle"):
        stripped["board"].pop(key)
    for track in stripped["board"]["factions"].values():  # the faction tracks only
        for key in [k for k in track if k not in ("pp", "we")]:
            track.pop(key)
    assert virtuti_features.observe(stripped) == before
    state.apply("axis", state.legal_actions("axis")[0])  # the Axis picks its card in secret
    assert virtuti_features.observe(state.view("allies")) == before


# ----- in the environments ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "module", "cap"),
    [("victory", victory_features, 4096), ("hgw", hgw_features, 512), ("virtuti", virtuti_features, 512)],
)
def test_the_environment_appends_the_features_under_their_names(ruleset: str, module: Any, cap: int) -> None:
    aec = env(ruleset, max_actions=cap)
    aec.reset(seed=2)
    me = aec.agent_selection
    vector = aec.observe(me)["observation"]
    roles = len(aec.possible_agents)
    assert len(aec.features) == len(vector) == 3 * roles + 2 + module.OBSERVATION_SIZE
    assert aec.features[-1] == f"ruleset:{module.OBSERVATION_NAMES[-1]}"
    assert vector[3 * roles + 2 :].tolist() == pytest.approx(module.observe(aec.game.view(me)))
