"""The versioned, seeded random generator whose whole state lives in the game state.

Version 2 (the default) is keyed BLAKE2b in counter mode: a 256-bit key derived
from the seed by a one-way hash, and a counter. Output block `i` is
BLAKE2b(key, i), cut into sixteen 32-bit words. BLAKE2b keyed this way is a
pseudo-random function, so the dice a player sees in the log tell nothing about the
key, and the key (which is what a snapshot holds) does not give back the seed. Any
non-negative integer is a seed: headless games keep small, memorable seeds, while
the server draws 256-bit seeds from `secrets` (DESIGN.md, "Randomness and replay").

Version 1 is xoshiro128** seeded through splitmix32, whose 128-bit state can be
recovered from a handful of observed dice; it stays only so that games recorded with
it still replay and their snapshots still load. A state dict tells its version by
its shape (`"key"` for version 2, `"s"` for version 1), so a saved game needs no
other marker.

Tests force dice through `force()`: forced values are consumed before the generator
is asked. The queue lives in the state data (so clones and snapshots keep it); a
replay starts again from the seed, so forced dice are for tests of positions.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, TypeVar

#: The generator new games use; replays and saved games record the version they used.
RNG_VERSION = 2
#: Every version this code can still replay.
RNG_VERSIONS = (1, 2)
_MASK = 0xFFFFFFFF
_WORDS_PER_BLOCK = 16
_UNPACK_BLOCK = struct.Struct("<16I").unpack
_KEY_PERSON = b"grognard-seed"  # domain separation: a seed's key is no other hash of it
_BLOCK_PERSON = b"grognard-rng-v2"
T = TypeVar("T")


def _check_seed(seed: int) -> None:
    if not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")


# ----- version 2: keyed BLAKE2b in counter mode ------------------------------------------
def seed_key(seed: int) -> str:
    """The 256-bit key (hex) for a seed: a one-way hash of the seed's bytes."""
    _check_seed(seed)
    raw = seed.to_bytes(max(1, (seed.bit_length() + 7) // 8), "little")
    return hashlib.blake2b(raw, digest_size=32, person=_KEY_PERSON).hexdigest()


@lru_cache(maxsize=512)
def _block(key: str, index: int) -> tuple[int, ...]:
    """Sixteen 32-bit words of output block `index` under `key`.

    A pure function of its arguments, so remembering recent blocks changes no
    result; it saves hashing once per die, as a die uses one word of a block."""
    digest = hashlib.blake2b(
        index.to_bytes(16, "little"), key=bytes.fromhex(key), digest_size=64, person=_BLOCK_PERSON
    ).digest()
    return _UNPACK_BLOCK(digest)


# ----- version 1: xoshiro128** (replays only) ----------------------------------------------
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
    """Version 1's four-word state for a seed (large seeds are folded into 32 bits)."""
    _check_seed(seed)
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


def _xoshiro_next(s: list[int]) -> int:
    result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
    t = (s[1] << 9) & _MASK
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 11)
    return result


class ChanceNeeded(Exception):
    """Raised by a draw in explicit mode once the forced values are used up: the
    draw's range, so that a caller (the OpenSpiel adapter) can offer each outcome as
    a chance node and replay the action with it forced."""

    def __init__(self, lo: int, hi: int) -> None:
        super().__init__(f"a draw in [{lo}, {hi}]")
        self.lo, self.hi = lo, hi


class Rng:
    """Operates on a state dict that belongs to the game state; this object only
    borrows it. Version 2: `{"key": hex, "n": words used, "forced": [...], "draws": n}`;
    version 1: `{"s": [4 words], "forced": [...], "draws": n}`."""

    __slots__ = ("_d",)

    def __init__(self, data: dict[str, Any]) -> None:
        self._d = data

    @staticmethod
    def new_state(seed: int, version: int = RNG_VERSION) -> dict[str, Any]:
        """A fresh generator state for `seed` with generator `version`."""
        if version == 2:
            return {"key": seed_key(seed), "n": 0, "forced": [], "draws": 0}
        if version == 1:
            return {"s": seed_state(seed), "forced": [], "draws": 0}
        raise ValueError(f"unknown RNG version {version!r}; this code knows {list(RNG_VERSIONS)}")

    @property
    def version(self) -> int:
        return 2 if "key" in self._d else 1

    @property
    def draws(self) -> int:
        """How many values were drawn so far (undo uses it to notice a roll)."""
        return int(self._d["draws"])

    def force(self, values: Sequence[int]) -> None:
        """Queue values that the next draws return, in order (tests, and the explicit
        chance of the OpenSpiel adapter)."""
        self._d["forced"].extend(int(v) for v in values)

    def set_explicit(self, on: bool) -> None:
        """In explicit mode a draw with no forced value left raises `ChanceNeeded`
        instead of using the generator (only ever set on a throwaway copy)."""
        if on:
            self._d["explicit"] = True
        else:
            self._d.pop("explicit", None)

    def _next32(self) -> int:
        d = self._d
        key = d.get("key")
        if key is None:
            return _xoshiro_next(d["s"])
        n: int = d["n"]
        d["n"] = n + 1
        word: int = _block(key, n // _WORDS_PER_BLOCK)[n % _WORDS_PER_BLOCK]
        return word

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi]: rejection sampling, never a biased modulo."""
        if hi < lo:
            raise ValueError(f"empty range [{lo}, {hi}]")
        self._d["draws"] += 1
        forced = self._d["forced"]
        if forced:
            value = int(forced.pop(0))
            if not lo <= value <= hi:
                raise ValueError(f"forced value {value} outside [{lo}, {hi}]")
            return value
        if "explicit" in self._d:
            raise ChanceNeeded(lo, hi)
        span = hi - lo + 1
        if span > 1 << 32:  # the rejection loop below would never end
            raise ValueError(f"range [{lo}, {hi}] is wider than 2**32 values")
        limit = (1 << 32) - ((1 << 32) % span)
        while True:
            x = self._next32()
            if x < limit:
                return lo + x % span

    def bits(self, count: int) -> int:
        """A uniform integer of `count` random bits (a multiple of 32), e.g. a new seed."""
        if count <= 0 or count % 32:
            raise ValueError(f"bits() takes a positive multiple of 32, not {count}")
        value = 0
        for _ in range(count // 32):
            value = (value << 32) | self.randint(0, _MASK)
        return value

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
