"""The data files (map, tables, scenarios, Campaign Game I politics) are validated at
load: a missing
file, a file that is not JSON and a field of the wrong shape each stop with one line
naming the file, never a traceback from deep inside a rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grognard.games.hgw.campaign import CampaignError, load_campaign_from
from grognard.games.hgw.map import MapError, load_map_from
from grognard.games.hgw.pacific_tables import PacificTablesError, load_pacific_from
from grognard.games.hgw.scenario import ScenarioError, load_scenario_from
from grognard.games.hgw.tables import TablesError, load_tables_from

LOADERS = [
    (load_map_from, MapError, "Hitler's Global War map"),
    (load_tables_from, TablesError, "Hitler's Global War tables"),
    (load_scenario_from, ScenarioError, "scenario file"),
    (load_campaign_from, CampaignError, "campaign politics file"),
    (load_pacific_from, PacificTablesError, "Pacific tables"),
]


@pytest.mark.parametrize(("load", "error", "what"), LOADERS)
def test_a_missing_file_is_named(load, error, what, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "nowhere.json"
    with pytest.raises(error, match=re.escape(f"cannot read {missing}")):
        load(missing)


@pytest.mark.parametrize(("load", "error", "what"), LOADERS)
def test_a_file_of_the_wrong_shape_is_named(load, error, what, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for text in ("{not json", '{"name": 12}', "[]"):
        bad = tmp_path / "bad.json"
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(error, match=re.escape(f"bad {what} {bad}")):
            load(bad)
