"""The data files (map, tables, scenarios, Campaign Game I politics) are validated at
load: a missing
file, a file that is not JSON and a field of the wrong shape each stop with one line
naming the file, never a traceback from deep inside a rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grognard.games.hgw import leaders
from grognard.games.hgw.campaign import CampaignError, load_campaign_from
from grognard.games.hgw.datafile import load_data
from grognard.games.hgw.leaders import LeaderData, LeaderDataError, load_leaders
from grognard.games.hgw.map import MapError, load_map_from
from grognard.games.hgw.pacific_tables import PacificTablesError, load_pacific_from
from grognard.games.hgw.scenario import ScenarioError, load_scenario_from
from grognard.games.hgw.tables import TablesError, load_tables, load_tables_from

LOADERS = [
    (load_map_from, MapError, "Hitler's Global War map"),
    (load_tables_from, TablesError, "Hitler's Global War tables"),
    (load_scenario_from, ScenarioError, "scenario file"),
    (load_campaign_from, CampaignError, "campaign politics file"),
    (load_pacific_from, PacificTablesError, "Pacific tables"),
]
LEADERS_PATH = Path(leaders.__file__).parent / "data" / "leaders.json"


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


def test_the_shared_loader_reads_and_checks_a_file_once(tmp_path: Path) -> None:
    # datafile.load_data: the rule modules' one cached loader (leaders, tables, ...)
    path = tmp_path / "points.json"
    path.write_text('{"a": 1}', encoding="utf-8")
    checked: list[Path] = []
    first = load_data(path, dict[str, int], TablesError, "points", lambda _v, p: checked.append(p))
    path.write_text('{"a": 2}', encoding="utf-8")  # never read again while the process runs
    again = load_data(path, dict[str, int], TablesError, "points", lambda _v, p: checked.append(p))
    assert first == {"a": 1} and again is first
    assert checked == [path]


def test_the_shared_loader_names_the_file_its_check_refuses(tmp_path: Path) -> None:
    path = tmp_path / "negative.json"
    path.write_text('{"a": -1}', encoding="utf-8")

    def no_negatives(value: dict[str, int], where: Path) -> None:
        if min(value.values()) < 0:
            raise TablesError(f"bad points {where}: negative")

    with pytest.raises(TablesError, match=re.escape(f"bad points {path}: negative")):
        load_data(path, dict[str, int], TablesError, "points", no_negatives)


def test_the_rule_modules_share_the_loaded_files() -> None:
    assert load_tables() is load_tables()
    assert load_leaders() is load_data(LEADERS_PATH, LeaderData, LeaderDataError, "leader data")
