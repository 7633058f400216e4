"""A small, versioned, seeded random generator whose whole state is four integers.

The generator is xoshiro128** (Blackman & Vigna), seeded through splitmix32. Its
state lives inside the game state as a plain list, so cloning, saving and replaying
a game reproduce every die exactly. `RNG_VERSION` changes whenever the sequence a
seed produces changes, and replays record it.

Tests force dice through `force()`: forced values are consumed before the generator
is asked. The queue lives in the state data (so clones and snapshots keep it);
a replay starts again from the seed, so forced dice are for tests of positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

RNG_VERSION = 1
_MASK = 0xFFFFFFFF
T = TypeVar("T")


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & _MASK


def _splitmix32(x: int) -> tuple[int, int]:
    """One step of splitmix32: returns (next seed, output)."""
    x = (x + 0x9E3779B9) & _MASK
    z = x
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & _MASK
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & _MASK
    return x, z ^ (z >> 16)


def seed_state(seed: int) -> list[int]:
    """The four-word state for a seed (any non-negative int; large seeds are folded)."""
    if seed < 0:
        raise ValueError(f"seed must be non-negative, got {seed}")
    x = 0
    while True:  # fold every 32-bit chunk of a big seed into the splitmix stream
        x ^= seed & _MASK
        seed >>= 32
        if not seed:
            break
        x, _ = _splitmix32(x)
    words = []
    for _ in range(4):
        x, out = _splitmix32(x)
        words.append(out)
    if not any(words):  # xoshiro must never be all zero
        words[0] = 1
    return words


class Rng:
    """Operates on a state dict `{"s": [4 words], "forced": [ints], "draws": n}`.

    The dict belongs to the game state; this object only borrows it.
    """

    __slots__ = ("_d",)

    def __init__(self, data: dict[str, Any]) -> None:
        self._d = data

    @staticmethod
    def new_state(seed: int) -> dict[str, Any]:
        return {"s": seed_state(seed), "forced": [], "draws": 0}

    @property
    def draws(self) -> int:
        """How many values were drawn so far (undo uses it to notice a roll)."""
        return int(self._d["draws"])

    def force(self, values: Sequence[int]) -> None:
        """Queue values that the next draws return, in order (tests only)."""
        self._d["forced"].extend(int(v) for v in values)

    def _next32(self) -> int:
        s = self._d["s"]
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 9) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], without modulo bias."""
        if hi < lo:
            raise ValueError(f"empty range [{lo}, {hi}]")
        self._d["draws"] += 1
        forced = self._d["forced"]
        if forced:
            value = int(forced.pop(0))
            if not lo <= value <= hi:
                raise ValueError(f"forced value {value} outside [{lo}, {hi}]")
            return value
        span = hi - lo + 1
        if span > 1 << 32:  # the rejection loop below would never end
            raise ValueError(f"range [{lo}, {hi}] is wider than 2**32 values")
        limit = (1 << 32) - ((1 << 32) % span)
        while True:
            x = self._next32()
            if x < limit:
                return lo + x % span

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.randint(1, sides) for _ in range(count)]

    def index(self, n: int) -> int:
        """A uniform index in range(n)."""
        return self.randint(0, n - 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.index(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]
