#!/usr/bin/env python3
"""Rules coverage: which rulebook cases are checked by which tests.

    python scripts/rules_coverage.py viktory2            # write docs/rules/viktory2.md
    python scripts/rules_coverage.py viktory2 --check    # fail if that file is stale

Inputs, derived from the ruleset id:

- ``docs/rules/<id>-cases.toml``: every numbered case of the rulebook (number, our
  own short title, and optionally ``status`` = ``not_done`` / ``informational`` /
  ``option`` / ``partial`` with a ``reason``; ``partial`` is for a case whose tests
  check only part of it, such as the data it rests on, so that it never reads as
  done);
- the tests under ``tests/games/<id>/``, which cite cases with the pytest marker
  ``@pytest.mark.rules("9.12", "9.13")`` on test functions, methods or classes (or a
  module-level ``pytestmark``), found by reading the source with ``ast``.

Output: ``docs/rules/<id>.md``, a Markdown table rule | title | status | tests.

The exit status is 1 when a case is neither cited by a test nor given a status (one
line per case on stderr), when a test cites a number that is not a case, when the
cases file is invalid, or (with ``--check``) when the committed table differs from
the generated one. A section (``9.0``) counts as done when it or any of its cases is
cited.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATUSES = ("not_done", "informational", "option", "partial")
NEEDS_REASON = ("not_done", "informational", "partial")
NUMBER_RE = re.compile(r"^[A-Za-z]*[0-9]+(\.[0-9]+)+$")
# "12.3, 2" cites step 2 of case 12.3 (the rulebook's own way of referring to steps).
STEP_RE = re.compile(r"^\s*(?P<case>[^,\s]+)\s*,\s*[0-9]+\s*$")


class CasesError(Exception):
    """The cases file is missing or malformed."""


@dataclass(frozen=True)
class Case:
    number: str
    title: str
    status: str | None = None
    reason: str | None = None

    @property
    def is_section(self) -> bool:
        """A section header such as 9.0, covered through any of its cases."""
        return self.number.endswith(".0")


@dataclass(frozen=True)
class Citation:
    number: str  # as written in the marker, normalised ("12.3, 2" -> "12.3")
    path: str  # test file, relative to the repository root, with "/" separators
    test: str  # "test_fn", "TestClass", "TestClass::test_method"; "" for a whole module
    line: int

    @property
    def node_id(self) -> str:
        return f"{self.path}::{self.test}" if self.test else self.path


@dataclass(frozen=True)
class Paths:
    cases: Path
    tests: Path
    output: Path

    @classmethod
    def for_ruleset(cls, ruleset: str, root: Path = ROOT) -> Paths:
        return cls(
            cases=root / "docs" / "rules" / f"{ruleset}-cases.toml",
            tests=root / "tests" / "games" / ruleset,
            output=root / "docs" / "rules" / f"{ruleset}.md",
        )


@dataclass
class Row:
    case: Case
    status: str  # "done", "option", "informational", "not done"
    citations: list[Citation] = field(default_factory=list)
    via_cases: bool = False  # a section done only through its cases


@dataclass
class Report:
    title: str
    rulebook: str
    rows: list[Row]
    uncovered: list[Case]
    errors: list[str]
    warnings: list[str]

    @property
    def ok(self) -> bool:
        return not self.uncovered and not self.errors


# --- cases ------------------------------------------------------------------------


@dataclass(frozen=True)
class CaseList:
    title: str
    rulebook: str
    cases: list[Case]


def load_cases(path: Path) -> CaseList:
    """Read and validate a cases file; raise CasesError with every problem found."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CasesError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as exc:
        raise CasesError(f"{path}: {exc}") from None
    problems: list[str] = []
    cases: list[Case] = []
    seen: set[str] = set()
    entries = data.get("case", [])
    if not isinstance(entries, list) or not entries:
        raise CasesError(f"{path}: expected a list of [[case]] tables")
    for index, entry in enumerate(entries, start=1):
        where = f"{path.name}: case #{index}"
        number = entry.get("number")
        title = entry.get("title")
        status = entry.get("status")
        reason = entry.get("reason")
        unknown = set(entry) - {"number", "title", "status", "reason"}
        if unknown:
            problems.append(f"{where}: unknown keys {sorted(unknown)}")
        if not isinstance(number, str) or not NUMBER_RE.match(number):
            problems.append(f'{where}: number must be a string like "9.12", got {number!r}')
            continue
        where = f"{path.name}: case {number}"
        if number in seen:
            problems.append(f"{where}: listed twice")
        seen.add(number)
        if not isinstance(title, str) or not title.strip():
            problems.append(f"{where}: needs a title")
            title = ""
        if status is not None and status not in STATUSES:
            problems.append(f"{where}: status must be one of {', '.join(STATUSES)}, got {status!r}")
        if reason is not None and (not isinstance(reason, str) or not reason.strip()):
            problems.append(f"{where}: reason must be a non-empty string")
            reason = None
        if status in NEEDS_REASON and reason is None:
            problems.append(f"{where}: status {status!r} needs a reason")
        cases.append(Case(number, title.strip(), status, reason))
    if problems:
        raise CasesError("\n".join(problems))
    return CaseList(str(data.get("title", "")), str(data.get("rulebook", "")), cases)


def parent_number(number: str) -> str | None:
    """The case a number belongs to: 7.21 -> 7.2, 7.2 -> 7.0, 1.1.1 -> 1.1, 7.0 -> None."""
    head, _, last = number.rpartition(".")
    if "." in head:  # dotted: 1.1.1 -> 1.1
        return head
    if last == "0":
        return None
    if len(last) > 1:  # 7.21 -> 7.2
        return f"{head}.{last[:-1]}"
    return f"{head}.0"


# --- citations ----------------------------------------------------------------------


def _is_rules_marker(func: ast.expr) -> bool:
    """`pytest.mark.rules` or `mark.rules`."""
    if not (isinstance(func, ast.Attribute) and func.attr == "rules"):
        return False
    owner = func.value
    if isinstance(owner, ast.Name):
        return owner.id == "mark"
    return (
        isinstance(owner, ast.Attribute)
        and owner.attr == "mark"
        and isinstance(owner.value, ast.Name)
        and owner.value.id == "pytest"
    )


def _marker_numbers(nodes: Iterable[ast.expr], where: str, errors: list[str]) -> list[tuple[str, int]]:
    """The string arguments of every rules marker inside the given expressions."""
    found: list[tuple[str, int]] = []
    for root in nodes:
        for node in ast.walk(root):
            if not (isinstance(node, ast.Call) and _is_rules_marker(node.func)):
                continue
            if not node.args or node.keywords:
                errors.append(f"{where}:{node.lineno}: rules marker needs rule numbers as string arguments")
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.append((arg.value, node.lineno))
                else:
                    errors.append(f"{where}:{node.lineno}: rules marker arguments must be string literals")
    return found


def normalise_number(text: str) -> str:
    """Cite a step as its case: "12.3, 2" -> "12.3"; other text is only stripped."""
    match = STEP_RE.match(text)
    return match.group("case") if match else text.strip()


def scan_file(path: Path, rel: str, errors: list[str]) -> list[Citation]:
    """Citations in one test file, from decorators and module-level `pytestmark`."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as exc:
        errors.append(f"{rel}:{exc.lineno}: cannot parse: {exc.msg}")
        return []
    citations: list[Citation] = []

    def add(numbers: list[tuple[str, int]], test: str) -> None:
        citations.extend(Citation(normalise_number(n), rel, test, line) for n, line in numbers)

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{node.name}"
                add(_marker_numbers(node.decorator_list, rel, errors), name)
                if isinstance(node, ast.ClassDef):
                    visit(node.body, f"{name}::")
                    for stmt in node.body:  # class-level pytestmark
                        if _assigns_pytestmark(stmt):
                            add(_marker_numbers([_assigned_value(stmt)], rel, errors), name)

    visit(tree.body, "")
    for stmt in tree.body:
        if _assigns_pytestmark(stmt):
            add(_marker_numbers([_assigned_value(stmt)], rel, errors), "")
    return citations


def _assigns_pytestmark(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets)
    if isinstance(stmt, ast.AnnAssign):
        return isinstance(stmt.target, ast.Name) and stmt.target.id == "pytestmark" and stmt.value is not None
    return False


def _assigned_value(stmt: ast.stmt) -> ast.expr:
    assert isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None
    return stmt.value


def scan_citations(tests_dir: Path, root: Path) -> tuple[list[Citation], list[str]]:
    """Every rules citation under tests_dir (recursively), and the problems found."""
    errors: list[str] = []
    citations: list[Citation] = []
    if not tests_dir.is_dir():
        return citations, errors
    for path in sorted(tests_dir.rglob("*.py")):
        rel = Path(os.path.relpath(path, root)).as_posix()
        citations.extend(scan_file(path, rel, errors))
    return citations, errors


# --- report -------------------------------------------------------------------------


def build_report(case_list: CaseList, citations: Sequence[Citation], errors: Sequence[str] = ()) -> Report:
    cases = case_list.cases
    numbers = {case.number for case in cases}
    errors = list(errors)
    warnings: list[str] = []
    cited: dict[str, list[Citation]] = {}
    for citation in citations:
        if citation.number not in numbers:
            errors.append(
                f"{citation.path}:{citation.line}: {citation.test or 'module'} cites "
                f"{citation.number!r}, which is not a case in the cases file"
            )
            continue
        bucket = cited.setdefault(citation.number, [])
        if citation.node_id not in {c.node_id for c in bucket}:
            bucket.append(citation)

    def section_cited(case: Case) -> bool:
        for number in cited:
            parent = parent_number(number)
            while parent is not None:
                if parent == case.number:
                    return True
                parent = parent_number(parent)
        return False

    rows: list[Row] = []
    uncovered: list[Case] = []
    for case in cases:
        tests = sorted(cited.get(case.number, []), key=lambda c: (c.path, c.test))
        via = not tests and case.is_section and section_cited(case)
        if tests or via:
            status = "partial" if case.status == "partial" else "done"
            if case.status == "not_done":
                warnings.append(f"{case.number}: marked not_done but tests cite it; drop its status")
        elif case.status == "option":
            status = "option"
        elif case.status == "informational":
            status = "informational"
        else:
            status = "not done"
            if case.status != "not_done":
                uncovered.append(case)
        rows.append(Row(case, status, tests, via))
    return Report(case_list.title, case_list.rulebook, rows, uncovered, errors, warnings)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(ruleset: str, report: Report, output: Path, root: Path) -> str:
    """The coverage table; test links are relative to the output file."""
    kinds = ("done", "partial", "option", "informational")
    counts = {s: sum(1 for r in report.rows if r.status == s) for s in kinds}
    counts["not done"] = len(report.rows) - sum(counts.values())
    name = report.title or ruleset
    lines = [
        f"# {name}: rules coverage",
        "",
        "<!-- Generated by scripts/rules_coverage.py: do not edit by hand. -->",
        "",
        f"Generated by `python scripts/rules_coverage.py {ruleset}` from "
        f"`docs/rules/{ruleset}-cases.toml` and the `@pytest.mark.rules(...)` markers "
        f"in `tests/games/{ruleset}/`.",
    ]
    if report.rulebook:
        lines.append(f"Rule numbers are those of the {report.rulebook}.")
    lines += [
        "Titles are our own summaries. A section counts as done when any of its cases is tested.",
        "",
        f"{len(report.rows)} cases: {counts['done']} done, "
        + (f"{counts['partial']} partly done, " if counts["partial"] else "")
        + f"{counts['option']} untested options, "
        f"{counts['informational']} informational, {counts['not done']} not done.",
        "",
        "| rule | title | status | tests |",
        "|---|---|---|---|",
    ]
    output_dir = output.parent
    for row in report.rows:
        if row.citations:
            links = []
            for citation in row.citations:
                target = Path(os.path.relpath(root / citation.path, output_dir)).as_posix()
                links.append(f"[`{citation.node_id}`]({target})")
            tests = "<br>".join(links)
            if row.status == "partial" and row.case.reason:
                tests = f"*{_cell(row.case.reason)}* {tests}"
        elif row.via_cases:
            tests = "through its cases"
        elif row.case.reason:
            tests = f"*{_cell(row.case.reason)}*"
        elif row.status == "not done":
            tests = "*no test cites it yet*"
        else:
            tests = ""
        lines.append(f"| {row.case.number} | {_cell(row.case.title)} | {row.status} | {tests} |")
    return "\n".join(lines) + "\n"


# --- command line -------------------------------------------------------------------


def run(ruleset: str, *, check: bool, root: Path = ROOT) -> tuple[int, list[str]]:
    """Generate (or check) the table; return the exit status and messages for stderr."""
    paths = Paths.for_ruleset(ruleset, root)
    try:
        case_list = load_cases(paths.cases)
    except CasesError as exc:
        return 1, [f"error: {line}" for line in str(exc).splitlines()]
    citations, scan_errors = scan_citations(paths.tests, root)
    report = build_report(case_list, citations, scan_errors)
    text = render_markdown(ruleset, report, paths.output, root)
    messages = [f"warning: {w}" for w in report.warnings]
    messages += [f"error: {e}" for e in report.errors]
    messages += [f"uncovered: {case.number} {case.title}" for case in report.uncovered]
    status = 0 if report.ok else 1
    output_rel = Path(os.path.relpath(paths.output, root)).as_posix()
    if check:
        current = paths.output.read_text(encoding="utf-8") if paths.output.exists() else None
        if current != text:
            messages.append(
                f"stale: {output_rel} differs from what the cases and tests give; "
                f"run: python scripts/rules_coverage.py {ruleset}"
            )
            status = 1
    else:
        paths.output.parent.mkdir(parents=True, exist_ok=True)
        paths.output.write_text(text, encoding="utf-8")
        messages.append(f"wrote {output_rel}")
    if report.uncovered:
        cases_rel = Path(os.path.relpath(paths.cases, root)).as_posix()
        messages.append(
            f"{len(report.uncovered)} case(s) of {ruleset} are neither cited by a test "
            f'(@pytest.mark.rules("N")) nor given a status and reason in {cases_rel}'
        )
    if status == 0:
        done = sum(1 for row in report.rows if row.status == "done")
        messages.append(f"rules coverage of {ruleset}: ok ({done} of {len(report.rows)} cases tested)")
    return status, messages


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("ruleset", help="ruleset id, e.g. viktory2")
    parser.add_argument("--check", action="store_true", help="fail if the committed table is stale")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not re.fullmatch(r"[a-z0-9_]+", args.ruleset):
        parser.error(f"bad ruleset id {args.ruleset!r}")
    status, messages = run(args.ruleset, check=args.check, root=args.root)
    for message in messages:
        print(message, file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
