"""Searching what a seat received for the secrets of other seats (hidden ids)."""

from __future__ import annotations

from collections import defaultdict


def leaked(text: str, hidden: set[str]) -> set[str]:
    """The ids of `hidden` that `text` holds anywhere (what `id in text` finds), searched
    once per owner's prefix ("green-") rather than once per id: a search of the view's
    100 kB per id was half of these tests' time."""
    by_prefix: dict[str, list[str]] = defaultdict(list)
    for token in hidden:
        by_prefix[token[: token.find("-") + 1] or token].append(token)
    found = set()
    for prefix, tokens in by_prefix.items():
        at = text.find(prefix)
        while at != -1:
            found.update(token for token in tokens if text.startswith(token, at))
            at = text.find(prefix, at + 1)
    return found
