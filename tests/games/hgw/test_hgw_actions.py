"""Each action's shape declared once (issue 21; games/hgw/actions.py): every legal action
met in seeded random play of every scenario is a declared shape whose arguments lie in
their kinds' domains; the RL index is built from the declarations and is the one it was;
the browser gets the table with the board data."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from grognard.games.hgw import RULESET
from grognard.games.hgw.action_space import action_space
from grognard.games.hgw.actions import BY_NAME, VERBS, BadAction, args, declarations, shape

SCENARIOS = ("barbarossa", "fall_of_germany", "campaign_1")
# the RL index before the declarations (action_space.py's own list): it must not move
INDEX = {
    "barbarossa": "8fa74cab964096e2",
    "fall_of_germany": "531b0685bea2407f",
    "campaign_1": "23023c397cf4e38e",
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_rl_index_built_from_the_declarations_is_unchanged(scenario: str) -> None:
    text = json.dumps(action_space(scenario, {}))
    assert hashlib.blake2b(text.encode(), digest_size=8).hexdigest() == INDEX[scenario]


def _domains(scenario: str) -> dict[str, set[Any]]:
    families = dict(action_space(scenario, {}))
    return {
        "army": set(families["advance"][0]),
        "place": set(families["retreat"][0]),
        "kind": set(families["lose"][1]),
        "move_kind": set(families["move"][1]),
        "points": set(families["move"][2]),
        "fleet": set(families["intercept"][0]) if "intercept" in families else set(),
        "nation": set(families["declare_war"][0]),
        "site": {"army", "place", "french"},
        "army_or_place": set(families["advance"][0]) | set(families["retreat"][0]),
    }


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_legal_action_is_a_declared_shape(scenario: str) -> None:
    domains = _domains(scenario)
    state = RULESET.new_game(scenario, seed=5)
    pick = random.Random(5)
    seen: set[str] = set()
    for _ in range(1500):
        if state.is_over():
            break
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        for action in legal:
            named = args(action)
            seen.add(shape(action))
            verb = BY_NAME[action[0]]
            for name, kind in verb.args:
                if name in named:
                    values = named[name] if verb.many and name == verb.args[-1][0] else (named[name],)
                    assert all(v in domains[kind] for v in values), (action, name, kind)
        state.apply(role, legal[pick.randrange(len(legal))])
    assert {"move", "to_army", "attack", "advance", "build", "end_production"} <= seen


def test_the_two_shapes_of_assault() -> None:
    """C3.3, F3.5: the bare yes to an exploitation's or invasion's assault; C2.5: an
    initial assault from one hex on another with the armies named."""
    assert shape(("assault",)) == "assault/yes" and args(("assault",)) == {}
    assert shape(("assault", "1340", "1341", "agc", "agn")) == "assault"
    assert args(("assault", "1340", "1341", "agc", "agn")) == {
        "origin": "1340",
        "target": "1341",
        "armies": ("agc", "agn"),
    }


def test_a_misshapen_action_is_refused_with_its_declared_shape() -> None:
    with pytest.raises(BadAction, match=r"attack takes \(army, target\)"):
        args(("attack", "agc"))
    with pytest.raises(BadAction, match="unknown action"):
        args(("fly", "agc"))


def test_the_browser_gets_the_declarations_and_the_step_names() -> None:
    data = RULESET.board_data()
    assert data is not None
    assert data["verbs"] == declarations() and len(data["verbs"]) == len(VERBS)
    assert data["verbs"]["move"]["args"] == [["army", "army"], ["kind", "move_kind"], ["count", "points"]]
    assert set(data["steps"]) == set(RULESET.state_class.STEPS)
    assert data["kinds"][:2] == ["infantry", "mechanized"]
    json.dumps(data)
