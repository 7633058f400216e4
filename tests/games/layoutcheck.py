"""The typed-state tests' checker (issue 21 item 2): `mypy --strict` on a small file that
reads a game's layout, once with a key spelt right and once misspelt, so that a failure
can only come from the key."""

from __future__ import annotations

import hashlib
import textwrap
from pathlib import Path

import pytest
from mypy import api

import grognard

SRC = Path(grognard.__file__).resolve().parent.parent  # this checkout's src, not an installed copy


def mypy_on_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, body: str) -> tuple[str, int]:
    """mypy --strict on `body`, with the game's layout module checked too and everything
    it imports skipped (the whole game need not be analysed for one key); its output
    and exit status."""
    # a file of its own per body: mypy trusts its cache for a file of the same size
    # and the same second, so the misspelt twin of a key of the same length, written
    # into the same file within a second of the first run, was read as already
    # checked (a flaky pass of the misspelling: "since" and "built", "combat" and
    # "battle"); the layout's own analysis is still shared through the cache
    name = hashlib.sha256(body.encode()).hexdigest()[:12]
    code = tmp_path / f"reads_the_layout_{name}.py"
    code.write_text("from __future__ import annotations\n\n" + textwrap.dedent(body))
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n")
    monkeypatch.setenv("MYPYPATH", str(SRC))
    out, err, status = api.run(
        [
            "--strict",
            "--config-file",
            str(config),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--follow-imports",
            "skip",
            str(code),
            str(SRC / "grognard" / "games" / game / "layout.py"),
        ]
    )
    return out + err, status
