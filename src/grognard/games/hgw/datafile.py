"""One of the ruleset's JSON data files read into its msgspec schema, every failure
(missing file, bad JSON, a field of the wrong shape) one line that names the file."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import msgspec

T = TypeVar("T")


def decode_file(path: Path, schema: type[T], error: type[Exception], what: str) -> T:
    """`path` decoded as `schema`; `error` raised with a clear message otherwise."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=schema)
    except OSError as exc:
        raise error(f"cannot read {path}: {exc}") from None
    except msgspec.DecodeError as exc:  # not JSON, or JSON of the wrong shape (ValidationError)
        raise error(f"bad {what} {path}: {exc}") from None
