"""core/words.py: the article a person would write (issue 26, item 15)."""

from __future__ import annotations

import pytest

from grognard.core.words import article, with_article


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("infantry", "an"), ("Airborne", "an"), ("artillery", "an"), ("Armor", "an"),
        ("unit", "a"), ("Medium Bomber", "a"), ("European", "a"), ("one-step block", "a"),
        ("hour", "an"), ("allied army", "an"),
        ("AB", "an"), ("SS", "an"), ("FA", "an"), ("MB", "an"), ("IN", "an"), ("CV", "a"), ("DB", "a"),
        ("8 PP city", "an"), ("11", "an"), ("18", "an"), ("80", "an"), ("1", "a"), ("2 PP", "a"),
        ("110", "a"),
    ],
)
def test_the_article_follows_the_sound(word: str, expected: str) -> None:
    assert article(word) == expected


def test_with_article() -> None:
    assert with_article("Airborne") == "an Airborne"
    assert with_article("cavalry") == "a cavalry"
