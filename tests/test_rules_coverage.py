"""scripts/rules_coverage.py: the rules coverage table and its check."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def _load_script() -> ModuleType:
    name = "rules_coverage"
    if name in sys.modules:
        return sys.modules[name]
    return load_script("scripts/rules_coverage.py")


rc: Any = _load_script()
RULESETS = sorted(p.name.removesuffix("-cases.toml") for p in (ROOT / "docs" / "rules").glob("*-cases.toml"))


# --- the real tree --------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_committed_table_is_up_to_date(ruleset: str) -> None:
    paths = rc.Paths.for_ruleset(ruleset, ROOT)
    case_list = rc.load_cases(paths.cases)
    citations, errors = rc.scan_citations(paths.tests, ROOT)
    report = rc.build_report(case_list, citations, errors)
    expected = rc.render_markdown(ruleset, report, paths.output, ROOT)
    assert paths.output.exists(), f"run: python scripts/rules_coverage.py {ruleset}"
    if paths.output.read_text(encoding="utf-8") != expected:  # no pytest diff: the table is long
        pytest.fail(
            f"{paths.output.relative_to(ROOT)} is stale; run: python scripts/rules_coverage.py {ruleset}",
            pytrace=False,
        )


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rule_case_is_tested_or_explained(ruleset: str) -> None:
    status, messages = rc.run(ruleset, check=True, root=ROOT)
    if status != 0:
        pytest.fail("\n".join(messages), pytrace=False)


# --- a synthetic ruleset in tmp_path ------------------------------------------------------

CASES = """\
ruleset = "demo"
title = "Demo"
rulebook = "Demo rules"

[[case]]
number = "1.0"
title = "Movement"

[[case]]
number = "1.1"
title = "Moving costs a point"

[[case]]
number = "1.2"
title = "Slow ground stops"

[[case]]
number = "1.21"
title = "An exception to slow ground"

[[case]]
number = "2.0"
title = "Combat"

[[case]]
number = "2.1"
title = "Hits"

[[case]]
number = "3.0"
title = "An optional rule"
status = "option"

[[case]]
number = "4.0"
title = "Credits"
status = "informational"
reason = "Names only."

[[case]]
number = "5.0"
title = "Not there yet"
status = "not_done"
reason = "Waits for the map."
"""


def _tree(tmp_path: Path, tests: dict[str, str], cases: str = CASES) -> Path:
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "demo-cases.toml").write_text(cases, encoding="utf-8")
    for name, source in tests.items():
        path = tmp_path / "tests" / "games" / "demo" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return tmp_path


def _report(root: Path) -> Any:
    paths = rc.Paths.for_ruleset("demo", root)
    citations, errors = rc.scan_citations(paths.tests, root)
    return rc.build_report(rc.load_cases(paths.cases), citations, errors)


def _statuses(report: Any) -> dict[str, str]:
    return {row.case.number: row.status for row in report.rows}


MOVEMENT_TESTS = """\
import pytest
from pytest import mark


@pytest.mark.rules("1.1", "1.21")
def test_move() -> None:
    pass


@mark.rules("1.1")
def test_move_again() -> None:
    pass


@pytest.mark.rules("1.2")
class TestSlow:
    @pytest.mark.rules("2.1")
    def test_hit(self) -> None:
        pass
"""


def test_cited_case_is_done_and_links_its_tests(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"test_movement.py": MOVEMENT_TESTS})
    report = _report(root)
    assert report.errors == []
    assert report.uncovered == []
    assert _statuses(report) == {
        "1.0": "done",  # through its cases
        "1.1": "done",
        "1.2": "done",
        "1.21": "done",
        "2.0": "done",
        "2.1": "done",
        "3.0": "option",
        "4.0": "informational",
        "5.0": "not done",
    }
    rows = {row.case.number: row for row in report.rows}
    assert [c.node_id for c in rows["1.1"].citations] == [
        "tests/games/demo/test_movement.py::test_move",
        "tests/games/demo/test_movement.py::test_move_again",
    ]
    assert [c.node_id for c in rows["1.2"].citations] == ["tests/games/demo/test_movement.py::TestSlow"]
    assert [c.node_id for c in rows["2.1"].citations] == [
        "tests/games/demo/test_movement.py::TestSlow::test_hit"
    ]
    assert rows["1.0"].via_cases and not rows["1.0"].citations

    paths = rc.Paths.for_ruleset("demo", root)
    text = rc.render_markdown("demo", report, paths.output, root)
    assert "| rule | title | status | tests |" in text
    assert (
        "| 1.1 | Moving costs a point | done | "
        "[`tests/games/demo/test_movement.py::test_move`](../../tests/games/demo/test_movement.py)<br>"
    ) in text
    assert "| 5.0 | Not there yet | not done | *Waits for the map.* |" in text


def test_a_partly_done_case_never_reads_as_done_even_when_cited(tmp_path: Path) -> None:
    """Tests of the data a rule rests on are not tests of the rule: `partial` says so."""
    cases = CASES.replace('title = "Hits"\n', 'title = "Hits"\nstatus = "partial"\nreason = "Data only."\n')
    root = _tree(tmp_path, {"test_movement.py": MOVEMENT_TESTS}, cases)
    report = _report(root)
    assert _statuses(report)["2.1"] == "partial" and _statuses(report)["1.1"] == "done"
    paths = rc.Paths.for_ruleset("demo", root)
    text = rc.render_markdown("demo", report, paths.output, root)
    hit_test = "tests/games/demo/test_movement.py::TestSlow::test_hit"
    assert f"| 2.1 | Hits | partial | *Data only.* [`{hit_test}`]" in text
    assert "1 partly done" in text
    without_reason = CASES.replace('title = "Hits"\n', 'title = "Hits"\nstatus = "partial"\n')
    (root / "docs" / "rules" / "demo-cases.toml").write_text(without_reason, encoding="utf-8")
    with pytest.raises(Exception, match="needs a reason"):
        rc.load_cases(paths.cases)


def test_uncited_case_without_reason_is_reported(tmp_path: Path) -> None:
    root = _tree(
        tmp_path, {"test_movement.py": "import pytest\n@pytest.mark.rules('1.1')\ndef test_a(): pass\n"}
    )
    report = _report(root)
    assert [c.number for c in report.uncovered] == ["1.2", "1.21", "2.0", "2.1"]
    status, messages = rc.run("demo", check=False, root=root)
    assert status == 1
    assert "uncovered: 1.2 Slow ground stops" in messages
    assert "uncovered: 2.1 Hits" in messages
    assert (root / "docs" / "rules" / "demo.md").exists()  # still written, to look at


def test_a_section_is_not_done_by_its_cases_alone_unless_one_is_cited(tmp_path: Path) -> None:
    root = _tree(
        tmp_path, {"test_combat.py": "import pytest\n@pytest.mark.rules('2.1')\ndef test_hit(): pass\n"}
    )
    statuses = _statuses(_report(root))
    assert statuses["2.0"] == "done"
    assert statuses["1.0"] == "not done"


def test_module_marks_params_and_steps(tmp_path: Path) -> None:
    source = """\
    import pytest

    pytestmark = [pytest.mark.rules("1.0")]


    @pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.rules("1.21")), 2])
    def test_param(x: int) -> None:
        pass


    @pytest.mark.rules("1.2, 3")
    def test_step() -> None:
        pass
    """
    root = _tree(tmp_path, {"sub/test_more.py": source})
    report = _report(root)
    assert report.errors == []
    rows = {row.case.number: row for row in report.rows}
    assert [c.node_id for c in rows["1.0"].citations] == ["tests/games/demo/sub/test_more.py"]
    assert [c.test for c in rows["1.21"].citations] == ["test_param"]
    assert [c.test for c in rows["1.2"].citations] == ["test_step"]


def test_unknown_numbers_and_non_literal_arguments_are_errors(tmp_path: Path) -> None:
    source = """\
    import pytest

    RULE = "1.1"


    @pytest.mark.rules("9.99", RULE)
    def test_typo() -> None:
        pass


    @pytest.mark.rules("1.1, 1.2")
    def test_two_in_one() -> None:
        pass
    """
    root = _tree(tmp_path, {"test_bad.py": source})
    errors = _report(root).errors
    assert any("'9.99'" in e and "test_typo" in e for e in errors)
    assert any("string literals" in e for e in errors)
    assert any("'1.1, 1.2'" in e for e in errors)


def test_check_mode_fails_when_stale_and_passes_when_fresh(tmp_path: Path) -> None:
    tests = {
        "test_all.py": """\
        import pytest

        @pytest.mark.rules("1.1", "1.21", "1.2", "2.1")
        def test_all() -> None:
            pass
        """
    }
    root = _tree(tmp_path, tests)
    status, messages = rc.run("demo", check=True, root=root)
    assert status == 1 and any(m.startswith("stale: docs/rules/demo.md") for m in messages)
    assert rc.run("demo", check=False, root=root)[0] == 0
    assert rc.run("demo", check=True, root=root)[0] == 0
    assert rc.main(["demo", "--check", "--root", str(root)]) == 0
    # A new citation makes the committed table stale.
    (root / "tests" / "games" / "demo" / "test_all.py").write_text(
        "import pytest\n@pytest.mark.rules('1.1', '1.21', '1.2', '2.1', '3.0')\ndef test_all(): pass\n"
    )
    assert rc.run("demo", check=True, root=root)[0] == 1


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('number = "6.0"\ntitle = "x"\nstatus = "informational"', "needs a reason"),
        ('number = "6.0"\ntitle = "x"\nstatus = "not_done"', "needs a reason"),
        ('number = "6.0"\ntitle = "x"\nstatus = "maybe"\nreason = "r"', "status must be one of"),
        ("number = 6.0\ntitle = 'x'", "must be a string"),
        ('number = "1.1"\ntitle = "again"', "listed twice"),
        ('number = "6.0"', "needs a title"),
    ],
)
def test_invalid_cases_file(tmp_path: Path, entry: str, message: str) -> None:
    root = _tree(tmp_path, {}, CASES + "\n[[case]]\n" + entry + "\n")
    with pytest.raises(rc.CasesError, match=message):
        rc.load_cases(rc.Paths.for_ruleset("demo", root).cases)
    status, messages = rc.run("demo", check=True, root=root)
    assert status == 1 and any(message in m for m in messages)


def test_parent_numbers() -> None:
    assert rc.parent_number("7.21") == "7.2"
    assert rc.parent_number("7.2") == "7.0"
    assert rc.parent_number("12.33") == "12.3"
    assert rc.parent_number("1.1.1") == "1.1"
    assert rc.parent_number("7.0") is None
    assert rc.normalise_number("12.3, 2") == "12.3"
    assert rc.normalise_number(" 9.12 ") == "9.12"
