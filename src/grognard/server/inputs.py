"""Checks every input passes at the edge, before any route or database sees it.

Each check answers a reason a client can act on (`BadInput`, turned into a 4xx by
the caller), so that nothing a client sends can reach a code path that fails with
a 500: a JSON document nested so deep that a recursive walk overflows the stack,
a NUL character (PostgreSQL refuses it in text columns, SQLite stores it: the two
databases must answer alike), or a name that only differs from another by an
invisible character.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import msgspec

#: Deepest nesting of arrays and objects accepted in any JSON input. The deepest
#: legitimate input is a saved game's move list ([[role, action], ...]) whose
#: actions are short lists: well under ten levels.
MAX_JSON_DEPTH = 32

#: Characters refused in every name (username, display name): the control
#: characters, format characters (zero-width space and joiners, bidi overrides,
#: the byte order mark), surrogates, private-use and unassigned code points, and
#: line and paragraph separators.
_NAME_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

#: Control characters chat text may hold (a message may have several lines).
_CHAT_ALLOWED_CONTROLS = frozenset("\n\t")
#: Invisible characters chat refuses: the format characters (bidi overrides such as
#: U+202E, which reverse what follows, zero-width spaces, the byte order mark) and
#: line and paragraph separators, except the joiners that writing needs: U+200D
#: (emoji sequences), U+200C (Persian and Indic scripts) and the emoji tag
#: characters U+E0020-U+E007F (subdivision flags).
_CHAT_REFUSED_CATEGORIES = frozenset({"Cf", "Zl", "Zp"})
_CHAT_ALLOWED_FORMAT = frozenset({"\u200c", "\u200d", *map(chr, range(0xE0020, 0xE0080))})


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class BadInput(ValueError):
    """An input refused at the edge; its text is the reason given to the client."""


def decode_json(data: bytes | str, what: str = "the JSON") -> Any:
    """Decode JSON text with a bounded depth and no NUL in any string (keys too)."""
    try:
        value = msgspec.json.decode(data)
    except RecursionError:
        raise BadInput(f"{what} is nested deeper than {MAX_JSON_DEPTH} levels") from None
    except msgspec.DecodeError as exc:
        raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
        if _SURROGATE_ESCAPE.search(raw):  # msgspec's own words would be "truncated"
            raise BadInput(f"{what} is malformed JSON (a \\u escape of a lone surrogate)") from None
        raise BadInput(f"{what} is malformed JSON ({exc})") from None
    check_json_value(value, what)
    return value


def check_json_value(value: Any, what: str = "the JSON") -> None:
    """BadInput when a decoded JSON value nests deeper than MAX_JSON_DEPTH or holds a
    string with a NUL character. Iterative: the walk itself cannot overflow."""
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise BadInput(f"{what} holds a NUL character (U+0000), which no text may contain")
            continue
        if not isinstance(item, (list, dict)):
            continue
        if depth > MAX_JSON_DEPTH:
            raise BadInput(f"{what} is nested deeper than {MAX_JSON_DEPTH} levels")
        if isinstance(item, dict):
            pending.extend((key, depth) for key in item)
            pending.extend((child, depth + 1) for child in item.values())
        else:
            pending.extend((child, depth + 1) for child in item)


def has_surrogate(text: str) -> bool:
    """Whether `text` holds a lone surrogate (JSON's `\\ud800` escapes decode to one
    in Python, and no UTF-8 encoder can write it back)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def control_character_in(text: str, allowed: frozenset[str] = frozenset()) -> str | None:
    """The first control character (C0, DEL, C1) of `text` not in `allowed` as its
    code point (`"U+0000"` for NUL), or None when there is none."""
    for char in text:
        code = ord(char)
        if (code < 0x20 or 0x7F <= code < 0xA0) and char not in allowed:
            return f"U+{code:04X}"
    return None


def clean_chat(text: str) -> str:
    """Chat text without control characters other than line breaks and tabs."""
    bad = control_character_in(text, _CHAT_ALLOWED_CONTROLS)
    if bad is not None:
        raise BadInput(f"a chat message may not contain the control character {bad}")
    if has_surrogate(text):
        raise BadInput("a chat message may not contain a lone surrogate")
    for char in text:
        if unicodedata.category(char) in _CHAT_REFUSED_CATEGORIES and char not in _CHAT_ALLOWED_FORMAT:
            raise BadInput(f"a chat message may not contain the invisible character U+{ord(char):04X}")
    return text


def clean_name(text: str, what: str = "a name") -> str:
    """A name in NFKC form (so that look-alike spellings such as full-width letters
    fold into one), with no control, zero-width or other invisible characters."""
    if has_surrogate(text):
        raise BadInput(f"{what} may not contain a lone surrogate")
    folded = unicodedata.normalize("NFKC", text)
    for char in folded:
        if unicodedata.category(char) in _NAME_REFUSED_CATEGORIES:
            raise BadInput(f"{what} may not contain the invisible or control character U+{ord(char):04X}")
    if folded != folded.strip():
        raise BadInput(f"{what} may not start or end with a space")
    return folded
