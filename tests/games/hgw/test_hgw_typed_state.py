"""HGW's state is typed (issue 21 item 2): the rule code reads `state.data` through the
layout of layout.py, so `mypy --strict` rejects a misspelt key. The checker is run here on
small files that read the layout, once misspelt and once right, so that a failure can
only come from the key."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import get_type_hints

import pytest
from layoutcheck import mypy_on_layout

import grognard.games.hgw as hgw
from grognard.games.hgw.layout import HgwBoard, HgwData
from grognard.games.hgw.state import HgwState

WINTERS = """
    from grognard.games.hgw.layout import HgwBoard

    def winters(data: HgwBoard) -> int:
        return data["{key}"]  # Russian Winter 2
"""

JOINED = """
    from grognard.games.hgw.layout import HgwBoard

    def us_side(data: HgwBoard) -> str | None:
        pol = data.get("politics")
        return pol["{key}"].get("united_states") if pol else None  # Other Countries 1-4
"""

SPENT = """
    from grognard.games.hgw.layout import Army

    def on_map(army: Army) -> bool:
        return army["{key}"] is not None  # Military Record Sheet 2
"""


@pytest.mark.parametrize(
    ("body", "right", "misspelt", "record"),
    [
        (WINTERS, "winters", "winter", "HgwBoard"),
        (JOINED, "joined", "joins", "Politics"),
        (SPENT, "at", "place", "Army"),
    ],
    ids=["board", "politics", "army"],
)
def test_mypy_rejects_a_misspelt_key_of_the_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, right: str, misspelt: str, record: str
) -> None:
    out, status = mypy_on_layout(tmp_path, monkeypatch, "hgw", body.format(key=right))
    assert status == 0, out
    out, status = mypy_on_layout(tmp_path, monkeypatch, "hgw", body.format(key=misspelt))
    assert status == 1
    assert f'TypedDict "{record}" has no key "{misspelt}"' in out


def test_the_state_hands_its_data_out_typed_by_the_layout() -> None:
    assert get_type_hints(HgwState)["data"] is HgwData


def test_every_rule_modules_data_alias_is_the_layout() -> None:
    """Each rule module names the game data `Data`: all of them mean the layout, so that
    a function taking `data: Data` is checked key by key."""
    aliases = {}
    for info in pkgutil.iter_modules(hgw.__path__):
        module = importlib.import_module(f"grognard.games.hgw.{info.name}")
        if "Data" in vars(module):
            aliases[info.name] = vars(module)["Data"]
    assert len(aliases) > 50  # the rule modules (board.py and most phases), not a handful
    assert {name for name, alias in aliases.items() if alias is not HgwBoard} == set()
