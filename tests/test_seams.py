"""The seams where the tools meet a ruleset (grognard/seams.py; issue 21: "seams as
Protocols, registered explicitly")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest

from grognard.games import REGISTRY
from grognard.games.hgw import HitlersGlobalWar
from grognard.seams import SEAMS, SeamError, seam

EVERY_GAME = ("heuristic", "evaluation", "observation", "action_space", "content_report")


@pytest.mark.parametrize("ruleset_id", REGISTRY.ids())
def test_every_declared_seam_implements_its_protocol(ruleset_id: str) -> None:
    ruleset = REGISTRY.get(ruleset_id)
    assert set(ruleset.seams) <= set(SEAMS)
    for name in ruleset.seams:
        module = seam(ruleset, name)
        assert isinstance(module, SEAMS[name]), (ruleset_id, name)


@pytest.mark.parametrize("ruleset_id", REGISTRY.ids())
def test_every_game_declares_the_same_core_seams(ruleset_id: str) -> None:
    assert set(EVERY_GAME) <= set(REGISTRY.get(ruleset_id).seams)


def test_the_observation_seam_answers_by_id_as_by_ruleset() -> None:
    module = seam("viktory2", "observation")
    assert module is not None and module.__name__ == "grognard.games.viktory2.features"
    assert len(module.OBSERVATION_NAMES) == module.OBSERVATION_SIZE


def test_a_seam_not_declared_is_none() -> None:
    assert seam("hgw", "odds_report") is None
    assert seam("no-such-game", "heuristic") is None


def test_a_module_missing_a_member_is_refused_by_name() -> None:
    class Broken(HitlersGlobalWar):
        seams: ClassVar[Mapping[str, str]] = {"heuristic": "grognard.games.hgw.features"}

    with pytest.raises(SeamError, match=r"grognard\.games\.hgw\.features .* lacks make_heuristic"):
        seam(Broken(), "heuristic")


def test_a_subclass_inherits_its_parent_s_seams() -> None:
    class Variant(HitlersGlobalWar):
        pass

    module = seam(Variant(), "heuristic")
    assert module is not None and module.__name__ == "grognard.games.hgw.ai"


def test_an_unknown_seam_is_refused() -> None:
    with pytest.raises(ValueError, match="no seam 'oracle'"):
        seam("hgw", "oracle")
