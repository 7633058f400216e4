"""Fitting a game evaluation's weights on recorded outcomes: a conditional logit.

An evaluation of the form `chance(role) = softmax over roles of w . x[role]` (each role
described by the same features, as games/victory/evaluate.py does) is a conditional
(McFadden) logit. Given positions with each role's features and what the game came
to (win shares summing to 1: a draw shares), the weights of largest likelihood are
found by Newton's method; the log likelihood is concave, so it converges in a few
steps. An L2 penalty keeps the weights near a prior (0 unless given): where the games
cannot tell a feature's worth (self-play keeps it about equal on both sides), the
weight stays what the prior says rather than whatever the noise makes it.

Features are scaled to unit spread before fitting (and the weights scaled back), so
that the penalty treats a feature counted in tens of PP and one in single cities
alike.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]


def probabilities(x: Array, w: Array) -> Array:
    """Each position's chances per role: x is (positions, roles, features)."""
    score = x @ w
    score -= score.max(axis=1, keepdims=True)
    exp = np.exp(score)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True))


def log_loss(x: Array, y: Array, w: Array) -> float:
    """Mean over positions of the cross-entropy between outcome shares and chances."""
    p = np.clip(probabilities(x, w), 1e-12, 1.0)
    return float(-(y * np.log(p)).sum(axis=1).mean())


def brier(x: Array, y: Array, w: Array) -> float:
    """Mean over positions of the summed squared error of the chances."""
    return float(((probabilities(x, w) - y) ** 2).sum(axis=1).mean())


def fit(x: Array, y: Array, l2: float = 1e-3, steps: int = 50, prior: Array | None = None) -> Array:
    """The weights maximizing the mean log likelihood of `y` (positions, roles: win
    shares) given `x` (positions, roles, features), less `l2` times the squared
    distance of the scaled weights from the scaled `prior` (zeros if None)."""
    if x.ndim != 3 or y.shape != x.shape[:2]:
        raise ValueError(
            f"features (positions, roles, features) and outcomes (positions, roles), not {x.shape} {y.shape}"
        )
    n, _, k = x.shape
    scale = x.reshape(-1, k).std(axis=0)
    scale[scale == 0] = 1.0
    z = x / scale
    centre = np.zeros(k) if prior is None else np.asarray(prior, dtype=float) * scale

    def objective(v: Array) -> float:
        return log_loss(z, y, v) + l2 * float(((v - centre) ** 2).sum())

    # Newton from no information (all chances equal), each step halved until it
    # improves the objective: a full step from far off can overshoot
    w = np.zeros(k)
    current = objective(w)
    for _ in range(steps):
        p = probabilities(z, w)
        mean = np.einsum("nr,nrk->nk", p, z)
        grad = np.einsum("nr,nrk->k", p - y, z) / n + 2 * l2 * (w - centre)
        second = np.einsum("nr,nrk,nrj->kj", p, z, z) - np.einsum("nk,nj->kj", mean, mean)
        step = np.linalg.solve(second / n + 2 * l2 * np.eye(k), grad)
        for _ in range(30):
            if (trial := objective(w - step)) <= current:
                break
            step = step / 2
        else:
            break
        w, current = w - step, trial
        if np.abs(step).max() < 1e-10:
            break
    return np.asarray(w / scale)
