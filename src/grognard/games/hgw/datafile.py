"""The ruleset's JSON data files (data/*.json): one read into its msgspec schema, every
failure (missing file, bad JSON, a field of the wrong shape) one line that names the file,
and the cached loader the rule modules share, so each file is read and checked once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

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


def load_data(
    path: Path,
    schema: type[T],
    error: type[Exception],
    what: str,
    check: Callable[[T, Path], None] | None = None,
) -> T:
    """`path` (a file of data/) decoded as `schema`, then given with its path to
    `check`, which raises `error` on what the schema cannot rule out. Read once for the
    whole process: the files are part of the package and never change while it runs."""
    if path not in _LOADED:  # two threads may both read it: the same value either way
        content = decode_file(path, schema, error, what)
        if check is not None:
            check(content, path)
        _LOADED[path] = content
    return cast(T, _LOADED[path])


# each file's value, by path (a file of data/ has one schema)
_LOADED: dict[Path, Any] = {}
