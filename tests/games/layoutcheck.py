"""The typed-state tests' checker (issue 21 item 2): `mypy --strict` on a small file that
reads a game's layout, once with a key spelt right and once misspelt, so that a failure
can only come from the key."""

from __future__ import annotations

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
    code = tmp_path / "reads_the_layout.py"
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
