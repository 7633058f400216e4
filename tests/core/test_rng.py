"""The seeded, versioned RNG: sequences, forced dice, uniformity, the RNG_VERSION golden."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.core.rng import RNG_VERSION, Rng, seed_state


def fresh(seed: int) -> Rng:
    return Rng(Rng.new_state(seed))


# ----- an independent, straightforward re-implementation --------------------------------
# Written from the published descriptions, not from grognard.core.rng: splitmix32 is
# "add the golden ratio 0x9E3779B9, then the murmur3 32-bit finaliser"; xoshiro128** is
# Blackman & Vigna's generator; a die is rejection sampling below the largest multiple
# of 6 that fits in 32 bits.
M32 = 2**32


def ref_fmix32(h: int) -> int:
    h ^= h >> 16
    h = (h * 0x85EBCA6B) % M32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) % M32
    h ^= h >> 16
    return h


def ref_seed(seed: int) -> list[int]:
    assert seed < M32  # the golden only uses small seeds
    counter = seed
    words = []
    for _ in range(4):
        counter = (counter + 0x9E3779B9) % M32
        words.append(ref_fmix32(counter))
    return words


def ref_rotl(x: int, k: int) -> int:
    return ((x << k) % M32) | (x >> (32 - k))


def ref_xoshiro128ss(s: list[int]):  # type: ignore[no-untyped-def]
    a, b, c, d = s
    while True:
        yield (ref_rotl((b * 5) % M32, 7) * 9) % M32
        t = (b << 9) % M32
        c ^= a
        d ^= b
        b ^= c
        a ^= d
        c ^= t
        d = ref_rotl(d, 11)


def ref_dice(seed: int, count: int) -> list[int]:
    stream = ref_xoshiro128ss(ref_seed(seed))
    limit = M32 - M32 % 6
    out = []
    while len(out) < count:
        x = next(stream)
        if x < limit:
            out.append(1 + x % 6)
    return out


# A public test vector of xoshiro128** (state and the next four outputs, from the C
# reference implementation, as published with the xoshiro-6502 test data).
VECTOR_STATE = [0x964D4A0C, 0xD40AB895, 0xAD7FDECB, 0x3006F0F0]
VECTOR_OUTPUTS = [0xF1391922, 0x6FE53806, 0xA5BE2840, 0xF510EE70]
VECTOR_STATE_AFTER_4 = [0xFC65379C, 0x52006D70, 0x87487639, 0xF1908343]

#: RNG_VERSION 1 golden: the first five dice of seed 1. If this changes, the sequence a
#: seed produces changed: bump RNG_VERSION (old replays must be refused).
GOLDEN_SEED_1_DICE = [3, 6, 4, 6, 1]


def test_reference_implementation_matches_the_published_vector() -> None:
    stream = ref_xoshiro128ss(VECTOR_STATE)
    assert [next(stream) for _ in range(4)] == VECTOR_OUTPUTS


def test_core_generator_matches_the_published_vector() -> None:
    data = {"s": list(VECTOR_STATE), "forced": [], "draws": 0}
    rng = Rng(data)
    assert [rng._next32() for _ in range(4)] == VECTOR_OUTPUTS
    assert data["s"] == VECTOR_STATE_AFTER_4


def test_rng_version_golden() -> None:
    assert RNG_VERSION == 1
    assert ref_dice(1, 5) == GOLDEN_SEED_1_DICE  # the golden is not just the code's output
    assert fresh(1).dice(5) == GOLDEN_SEED_1_DICE


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=M32 - 1))
def test_seeding_matches_the_reference(seed: int) -> None:
    assert seed_state(seed) == ref_seed(seed)


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=M32 - 1))
def test_dice_match_the_reference(seed: int) -> None:
    assert fresh(seed).dice(20) == ref_dice(seed, 20)


# ----- sequences -------------------------------------------------------------------------
@settings(deadline=None)
@given(st.integers(min_value=0, max_value=2**80))
def test_same_seed_same_sequence(seed: int) -> None:
    a, b = fresh(seed), fresh(seed)
    assert [a.randint(0, 1000) for _ in range(30)] == [b.randint(0, 1000) for _ in range(30)]


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=2**80), st.integers(min_value=0, max_value=2**80))
def test_different_seeds_differ(one: int, two: int) -> None:
    if one == two:
        return
    a, b = fresh(one), fresh(two)
    assert [a.randint(0, M32 - 1) for _ in range(4)] != [b.randint(0, M32 - 1) for _ in range(4)]


def test_big_seeds_are_folded_not_truncated() -> None:
    assert seed_state(1) != seed_state(1 + M32)
    assert seed_state(5) != seed_state(5 << 32)


def test_negative_seed_rejected() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        seed_state(-1)


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=2**70))
def test_state_never_all_zero(seed: int) -> None:
    assert any(seed_state(seed))


def test_json_round_trip_continues_the_same_sequence() -> None:
    state = Rng.new_state(42)
    rng = Rng(state)
    rng.dice(7)
    saved = json.loads(json.dumps(state))
    assert saved["draws"] == 7
    expected = rng.dice(10)
    assert Rng(saved).dice(10) == expected


# ----- forced dice -----------------------------------------------------------------------
def test_forced_values_come_first_then_the_generator_resumes() -> None:
    plain = fresh(9).dice(3)
    rng = fresh(9)
    rng.force([6, 6])
    assert rng.dice(5) == [6, 6, *plain]


def test_forced_values_count_as_draws() -> None:
    rng = fresh(3)
    rng.force([2])
    rng.die()
    rng.die()
    assert rng.draws == 2


def test_forced_value_out_of_range_rejected() -> None:
    rng = fresh(3)
    rng.force([7])
    with pytest.raises(ValueError, match="outside"):
        rng.die()
    rng.force([0])
    with pytest.raises(ValueError, match="outside"):
        rng.randint(1, 3)


def test_forced_values_live_in_the_state() -> None:
    state = Rng.new_state(3)
    Rng(state).force([4, 5])
    assert Rng(json.loads(json.dumps(state))).dice(2) == [4, 5]


# ----- distributions ---------------------------------------------------------------------
def test_die_is_uniform_over_six_faces() -> None:
    rng = fresh(2024)
    counts = Counter(rng.die() for _ in range(60_000))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    expected = 10_000
    chi2 = sum((counts[face] - expected) ** 2 / expected for face in range(1, 7))
    assert chi2 < 30.0  # 5 degrees of freedom: p(chi2 > 20.5) = 0.001; generous


@settings(deadline=None)
@given(st.integers(min_value=-50, max_value=50), st.integers(min_value=0, max_value=2**32 - 1))
def test_randint_stays_in_range(lo: int, width: int) -> None:
    rng = fresh(width)
    for _ in range(5):
        assert lo <= rng.randint(lo, lo + width) <= lo + width


def test_randint_rejects_an_empty_or_too_wide_range() -> None:
    with pytest.raises(ValueError, match="empty"):
        fresh(1).randint(3, 2)
    with pytest.raises(ValueError, match="wider"):
        fresh(1).randint(0, 2**32)


def test_choice_and_index() -> None:
    rng = fresh(5)
    assert {rng.choice("abc") for _ in range(200)} == {"a", "b", "c"}
    assert {rng.index(4) for _ in range(200)} == {0, 1, 2, 3}
    with pytest.raises(ValueError, match="empty"):
        rng.choice([])


@settings(deadline=None)
@given(st.lists(st.integers(), max_size=30), st.integers(min_value=0, max_value=10**6))
def test_shuffle_is_a_permutation(items: list[int], seed: int) -> None:
    shuffled = list(items)
    fresh(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_shuffle_reaches_every_order_of_three() -> None:
    rng = fresh(8)
    orders = set()
    for _ in range(300):
        items = [1, 2, 3]
        rng.shuffle(items)
        orders.add(tuple(items))
    assert len(orders) == 6
