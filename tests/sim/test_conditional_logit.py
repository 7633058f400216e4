"""The conditional logit that fits an evaluation's weights on recorded outcomes
(sim/conditional_logit.py; scripts/fit_victory_evaluation.py uses it): it finds the
weights that made the outcomes, for two roles and for three."""

from __future__ import annotations

import numpy as np
import pytest

from grognard.sim import conditional_logit


def _positions(roles: int, true: np.ndarray, n: int = 3000) -> tuple[np.ndarray, np.ndarray]:
    """Random features on very different scales, and as outcomes the chances the true
    weights give (the likeliest outcomes: the fit must return those weights)."""
    rng = np.random.default_rng(7)
    x = rng.normal(size=(n, roles, len(true))) * np.array([1.0, 30.0, 0.2])
    return x, conditional_logit.probabilities(x, true)


@pytest.mark.parametrize("roles", [2, 3])
def test_it_recovers_the_weights_that_made_the_outcomes(roles: int) -> None:
    true = np.array([0.8, -0.05, 3.0])
    x, y = _positions(roles, true)
    fitted = conditional_logit.fit(x, y, l2=0.0)
    assert np.allclose(fitted, true, rtol=1e-6, atol=1e-9)
    assert conditional_logit.log_loss(x, y, fitted) < conditional_logit.log_loss(x, y, np.zeros(3))


def test_win_and_loss_outcomes_fit_near_the_truth() -> None:
    # outcomes drawn as whole wins (what games give), not chances: near, not exact
    true = np.array([0.8, -0.05, 3.0])
    x, chances = _positions(2, true, n=20_000)
    rng = np.random.default_rng(8)
    first_wins = rng.random(len(x)) < chances[:, 0]
    y = np.stack([first_wins, ~first_wins], axis=1).astype(float)
    fitted = conditional_logit.fit(x, y, l2=0.0)
    assert np.allclose(fitted, true, rtol=0.1)


def test_the_penalty_shrinks_a_feature_that_says_nothing() -> None:
    true = np.array([0.8, 0.0, 3.0])
    x, y = _positions(2, true, n=300)
    y = (y + 0.5) / 2  # noisy outcomes: every weight is less certain
    loose = conditional_logit.fit(x, y, l2=0.0)
    tight = conditional_logit.fit(x, y, l2=0.1)
    assert np.abs(tight).sum() < np.abs(loose).sum()


def test_mismatched_shapes_are_refused() -> None:
    with pytest.raises(ValueError, match="features"):
        conditional_logit.fit(np.zeros((4, 2, 3)), np.zeros((4, 3)))


def test_a_feature_the_games_cannot_tell_keeps_its_prior_weight() -> None:
    # the third feature is the same for every role in every position: the outcomes say
    # nothing of it, so its weight is the prior's; the others still fit the outcomes
    true = np.array([0.8, -0.05, 0.0])
    x, _ = _positions(2, true)
    x[:, 1, 2] = x[:, 0, 2]
    y = conditional_logit.probabilities(x, true)
    prior = np.array([0.0, 0.0, 0.25])
    fitted = conditional_logit.fit(x, y, l2=1e-6, prior=prior)
    assert fitted[2] == pytest.approx(0.25)
    assert np.allclose(fitted[:2], true[:2], rtol=1e-3)
    assert conditional_logit.fit(x, y, l2=1e-6)[2] == pytest.approx(0.0)
