"""Small helpers for the words players read: log lines, prompts and labels.

Kept in core so that every ruleset writes "an infantry", "an 8 PP city" and "a unit"
the same way (issue 26, item 15: "Build a AB", "is a allied army").
"""

from __future__ import annotations

# words spelled with a vowel letter but said with a consonant sound, and the other way
_CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "uti", "eu", "ewe")
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")
# letters whose own names start with a vowel sound ("an SS", "an 8", "an F")
_VOWEL_LETTERS = set("aefhilmnorsx")


def article(word: str) -> str:
    """The article, "a" or "an", for `word`, as it is said: "an infantry", "a unit", "an 8", "an 11",
    "an AB" (an abbreviation is read letter by letter)."""
    text = word.strip()
    if not text:
        return "a"
    if text[0].isdigit():
        number = text.split()[0].rstrip(".,:;%")
        digits = "".join(ch for ch in number if ch.isdigit())
        # "an 8", "an 80", "an 800", "an 11", "an 18", "an 11,000"; "a 1", "a 110"
        said_an = digits.startswith("8") or (len(digits) in (2, 5) and digits[:2] in ("11", "18"))
        return "an" if said_an else "a"
    first = text.split()[0]
    if len(first) > 1 and first.isupper() and first.isalpha():  # an abbreviation, said letter by letter
        return "an" if first[0].lower() in _VOWEL_LETTERS else "a"
    lower = first.lower()
    if lower.startswith(_VOWEL_SOUND):
        return "an"
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def with_article(word: str) -> str:
    """`word` after its article: "an infantry", "a medium bomber"."""
    return f"{article(word)} {word}"
