"""The PettingZoo environments made faster without changing what they return (issue 25).

What the environments gave over seeded random games of every game (observations,
masks, rewards, flags and infos, read at once and after the next step) is compared
with digests the code before the speed-up wrote (envdigest.py, env_digests.json).
The speed comes from building an info's view only when it is read and Victory's
observation from the parts of the view it reads; the tests below check both hold
their promises: the same features as the whole view, no whole view built by a step
whose infos nobody reads, and an info kept across steps still showing its position.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import numpy as np
import pytest
from envdigest import CASES, digest

from grognard.core.game import State
from grognard.games.victory.features import observation_view, observe
from grognard.rl import env, parallel_env
from grognard.sim import get_ruleset

GOLDEN = json.loads((Path(__file__).parent / "env_digests.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_environments_return_what_the_code_before_the_speed_up_returned(name: str) -> None:
    assert digest(name) == GOLDEN[name]


@pytest.mark.parametrize("scenario", ["quick-start", "two-front", "commanders", "neutral-ground"])
def test_victory_observation_view_gives_the_features_of_the_whole_view(scenario: str) -> None:
    rules = get_ruleset("victory")
    state = rules.new_game(scenario, {}, 3)
    state.keep_undo = False
    rng = random.Random(3)
    phases = set()
    for step in range(500):
        if state.is_over():
            break
        if step % 7 == 0:
            phases.add(state.data["phase"])
            for role in [*state.roles, None]:
                whole, part = state.view(role), observation_view(state, role)
                assert observe(part) == observe(whole), (scenario, step, role)
                assert part["board"].get("scores") == whole["board"].get("scores")
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    assert {"deploy", "move"} <= phases  # with control of cities shown and not


def test_a_step_whose_infos_nobody_reads_builds_no_whole_view(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str | None] = []
    whole = State.view

    def counted(self: State, role: str | None) -> dict[str, object]:
        built.append(role)
        return whole(self, role)

    monkeypatch.setattr(State, "view", counted)
    made = env("victory")
    made.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(30):
        agent = made.agent_selection
        made.observe(agent)
        slots = made.slots(agent)
        made.step(int(slots[rng.integers(len(slots))]))
    assert built == []  # the code before built three a step
    agent = made.agent_selection
    assert made.infos[agent]["view"] == whole(made.game, agent)
    assert built == [agent]


@pytest.mark.parametrize("ruleset", ["victory", "viktory2"])  # kept by a copy, by its view built then
def test_an_info_kept_across_steps_shows_the_position_it_was_given_at(ruleset: str) -> None:
    made = env(ruleset)
    made.reset(seed=4)
    kept = []
    for _ in range(6):
        agent = made.agent_selection
        obs, _reward, _term, _trunc, info = made.last()
        kept.append((info, made.game.clone().view(agent)))
        made.step(int(np.flatnonzero(obs["action_mask"])[0]))
    for info, then in kept:
        assert info == {"view": then}
        assert info["view"] == then


def test_an_info_refuses_to_show_a_position_changed_behind_the_environments_back() -> None:
    made = env("victory")
    made.reset(seed=5)
    agent = made.agent_selection
    info = made.infos[agent]
    made.game.apply(agent, made.actions(agent)[0])  # not through step()
    with pytest.raises(RuntimeError, match="changed behind the environment's back"):
        info["view"]


def test_a_lazy_info_reads_as_the_plain_dict_it_stands_for() -> None:
    made = parallel_env("viktory2", options={"players": 2})
    _, infos = made.reset(seed=6)
    agent = made.agents[0]
    plain = {"view": made.game.view(agent)}
    for read in (
        lambda i: i, dict, copy.copy, copy.deepcopy, lambda i: pickle.loads(pickle.dumps(i)),
        lambda i: {**i}, lambda i: json.loads(json.dumps(i)), lambda i: dict(i.items()),
    ):
        _, fresh = made.reset(seed=6)
        assert read(fresh[agent]) == plain
        assert plain == read(fresh[agent])
    assert list(infos[agent]) == ["view"] and len(infos[agent]) == 1 and "view" in infos[agent]
    assert repr(infos[agent]) == repr(plain)
