"""The softmax every ruleset's evaluation ends with (agents/chances.py)."""

from __future__ import annotations

import math

import pytest

from grognard.agents.chances import softmax


def test_a_temperature_of_strength_more_makes_a_role_e_times_likelier() -> None:
    chances = softmax({"red": 9.0, "blue": 5.0}, temperature=4.0)
    assert chances["red"] / chances["blue"] == pytest.approx(math.e)
    assert sum(chances.values()) == pytest.approx(1.0)
    assert list(chances) == ["red", "blue"]  # the roles' order is kept


def test_huge_strengths_do_not_overflow_and_equal_ones_share() -> None:
    chances = softmax({"a": 1e6, "b": 1e6, "c": 0.0})
    assert chances == {"a": 0.5, "b": 0.5, "c": 0.0}
    assert softmax({}) == {}
