"""The command line: every command, and one-line errors with the right exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import grognard.games
from grognard.cli import run

sys.path.insert(0, str(Path(__file__).resolve().parent / "sim"))
import tinyrules

SRC = Path(__file__).resolve().parents[1] / "src"


@pytest.fixture(autouse=True)
def with_tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry gains the throwaway "tiny" ruleset for these tests."""
    monkeypatch.setattr(grognard.games, "REGISTRY", tinyrules.registry_with_tiny())


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(err: str, *fragments: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("grognard: error: ")
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0]


def test_rulesets_lists_viktory2_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "rulesets")
    assert code == 0
    assert "viktory2" in out
    assert "Viktory II" in out
    assert "turn_limit" in out
    assert "draw_after" in out  # the tiny ruleset's option


def test_play_prints_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "play", "tiny", "--seats", "random,random", "--seed", "7")
    assert code == 0
    assert "Winner:" in out
    assert "seed 7" in out


def test_play_log_prints_the_public_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "play", "tiny", "--seed", "2", "--log")
    assert code == 0
    assert "left" in out  # "north takes 2, 7 left"
    quiet = cli(capsys, "play", "tiny", "--seed", "2")[1]
    assert "left" not in quiet


def test_saved_game_verifies_and_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, _, _ = cli(capsys, "play", "tiny", "--seed", "4", "--option", "pile=12", "--save", str(save))
    assert code == 0
    replay = json.loads(save.read_text())
    assert replay["format"] == "grognard-replay"
    assert replay["options"]["pile"] == 12
    code, out, err = cli(capsys, "replay", str(save), "--verify")
    assert code == 0, err
    assert f"OK: {len(replay['actions'])} actions" in out
    code, out, _ = cli(capsys, "replay", str(save))
    assert code == 0
    assert "0 left" in out  # the log of the game, up to its last take


def _saved(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> tuple[Path, dict[str, object]]:
    save = tmp_path / "game.json"
    assert cli(capsys, "play", "tiny", "--seed", "5", "--save", str(save))[0] == 0
    return save, json.loads(save.read_text())


def test_tampered_final_snapshot_fails_verification(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save, replay = _saved(capsys, tmp_path)
    replay["final"]["data"]["turns"] += 1  # type: ignore[index]
    save.write_text(json.dumps(replay))
    code, out, err = cli(capsys, "replay", str(save), "--verify")
    assert code == 3  # read, but does not verify (1 is a file that cannot be read)
    assert "final state differs" in out
    assert_one_line_error(err, "does not verify")


def test_tampered_digest_fails_verification(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save, replay = _saved(capsys, tmp_path)
    replay["digests"][0] = "0" * 24  # type: ignore[index]
    save.write_text(json.dumps(replay))
    code, out, _ = cli(capsys, "replay", str(save), "--verify")
    assert code == 3
    assert "after action 1 differs" in out


def test_tampered_action_is_a_one_line_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save, replay = _saved(capsys, tmp_path)
    replay["actions"][0] = ["north", ["take", 99]]  # type: ignore[index]
    save.write_text(json.dumps(replay))
    code, _, err = cli(capsys, "replay", str(save), "--verify")
    assert code == 3
    assert_one_line_error(err, "does not apply")
    code, _, err = cli(capsys, "replay", str(save))
    assert code == 3
    assert_one_line_error(err, "does not apply")


def test_unknown_ruleset_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "play", "chess")
    assert code == 2
    assert_one_line_error(err, "unknown ruleset 'chess'", "viktory2")


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "play", "tiny", "--option", "speed=9")
    assert code == 2
    assert_one_line_error(err, "unknown option(s) speed", "pile")
    code, _, err = cli(capsys, "simulate", "tiny", "--option", "pile")
    assert code == 2
    assert_one_line_error(err, "KEY=VALUE")
    code, _, err = cli(capsys, "play", "tiny", "--option", "pile=many")
    assert code == 2
    assert_one_line_error(err, "pile", "whole number")


def test_wrong_seat_count_and_unknown_agent_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "play", "tiny", "--seats", "random")
    assert code == 2
    assert_one_line_error(err, "2 roles")
    code, _, err = cli(capsys, "simulate", "tiny", "--seats", "random,deepblue")
    assert code == 2
    known = "known agents: heuristic, search-fast, search-strong, random"
    assert_one_line_error(err, "unknown agent 'deepblue'", known)


def test_bad_arguments_are_one_line_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "simulate", "tiny", "--games", "lots")
    assert code == 2
    assert_one_line_error(err, "--games")
    code, _, err = cli(capsys, "fly")
    assert code == 2
    assert_one_line_error(err, "fly")


def test_unreadable_and_invalid_files_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = cli(capsys, "replay", str(tmp_path / "missing.json"), "--verify")
    assert code == 1
    assert_one_line_error(err, "cannot read")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    code, _, err = cli(capsys, "replay", str(garbage))
    assert code == 1
    assert_one_line_error(err, "not valid JSON")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"ruleset": "tiny", "hello": 1}))
    code, _, err = cli(capsys, "replay", str(other), "--verify")
    assert code == 1
    assert_one_line_error(err, "not a grognard replay")


def test_a_non_utf8_replay_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    latin = tmp_path / "partie-été.json"
    latin.write_bytes('{"ruleset": "tiny", "name": "été"}'.encode("latin-1"))
    code, _, err = cli(capsys, "replay", str(latin))
    assert code == 1
    assert_one_line_error(err, str(latin), "not UTF-8")


@pytest.mark.parametrize("command", [
    ["play", "tiny", "--save"],
    ["simulate", "tiny", "--games", "3", "--json"],
])
def test_an_output_file_in_a_missing_folder_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    target = tmp_path / "no" / "dir" / "g.json"
    code, out, err = cli(capsys, *command, str(target))
    assert code == 2
    assert_one_line_error(err, str(target), f"the folder {target.parent} does not exist")
    assert ".tmp" not in err
    assert "Winner" not in out and "Win rate" not in out  # nothing was played


@pytest.mark.parametrize("command", [["play", "tiny", "--save"], ["simulate", "tiny", "--json"]])
def test_an_output_file_that_is_a_folder_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    code, out, err = cli(capsys, *command, str(tmp_path))
    assert code == 2
    assert_one_line_error(err, f"{tmp_path} is a folder")
    assert "Winner" not in out and "Win rate" not in out


def test_help_shows_no_type_beside_flags(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--help"], ["play", "--help"], ["simulate", "--help"], ["replay", "--help"]):
        code, out, _ = cli(capsys, *args)
        assert code == 0
        assert "--help" in out
        assert "<bool>" not in out, args
    code, out, _ = cli(capsys, "play", "--help")
    assert "--log" in out and "<int range>" in out  # options with a value keep their type


def test_bare_grognard_prints_the_help_readably_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """No command: the help as written for `--help`, line by line, on stderr with the
    usage-error status (Typer squashed it into one 'error' line)."""
    code, out, err = cli(capsys)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == "Usage: grognard [OPTIONS] COMMAND [ARGS]..."
    assert "Commands:" in lines and any(line.startswith("  play ") for line in lines)
    assert not err.startswith("grognard: error")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "viktory2", "--seed", "-1"], "'--seed': Input should be greater than or equal to 0"),
        (["serve", "--port", "70000"], "'--port': Input should be less than or equal to 65535"),
        (["play", "viktory2", "--seed", "x"], "Input should be a valid integer"),
        (["play"], "Missing argument 'ruleset'."),
        (["report"], "Missing argument 'results'."),
        (["tournament", "viktory2"], "Missing option '--agents'."),
        (["plya"], "No such command 'plya'. Did you mean 'play', 'replay'?"),
    ],
)
def test_argument_mistakes_keep_their_words(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    """The checks the command line makes itself (bounds, missing arguments, a misspelt
    command) word their one line as they did on Typer."""
    code, _, err = cli(capsys, *args)
    assert code == 2
    assert_one_line_error(err, message)


def test_help_lists_arguments_then_options_with_types_defaults_and_bounds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "play", "--help")
    assert code == 0
    assert out.startswith("Usage: grognard play [OPTIONS] {ruleset}\n")
    assert out.index("Arguments:") < out.index("ruleset <str>") < out.index("Options:")
    assert "[default: 0; x>=0]" in out
    assert "default: Sentinel" not in out and "[default: None]" not in out  # no default, none shown
    flags = [line.split()[0] for line in out.splitlines() if line.startswith("  -")]
    assert flags == ["--seats", "--seed", "--scenario", "-o,", "--save", "--log", "--help"]  # as declared


def test_rulesets_writes_bool_defaults_as_the_option_takes_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "rulesets")
    assert code == 0
    bool_rows = [line for line in out.splitlines() if "│ bool " in line]
    assert len(bool_rows) >= 6  # Viktory II's optional rules
    for line in bool_rows:
        cells = [c.strip() for c in line.split("│")]
        assert cells[3] in ("true", "false"), line
        assert cells[4] == "true, false", line


def test_interval_bounds_of_no_wins_and_all_wins_are_exact() -> None:
    """A seat that never won has a lower bound of exactly 0 (not 1.7e-18), and one that
    always won an upper bound of exactly 1, in the summary's JSON as printed."""
    from grognard.sim.local import wilson

    for n in range(1, 400):
        assert wilson(0, n)[0] == 0.0
        assert wilson(n, n)[1] == 1.0
        assert json.dumps(wilson(0, n)).startswith("[0.0, 0.")


def test_simulate_prints_a_table_and_writes_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_json = tmp_path / "summary.json"
    code, out, _ = cli(
        capsys, "simulate", "tiny", "--games", "30", "--seed", "3", "--rotate", "--json", str(out_json)
    )
    assert code == 0
    assert "Win rate" in out
    assert "95 % interval" in out
    summary = json.loads(out_json.read_text())
    assert summary["games"] == 30
    assert summary["rotate"] is True
    assert sum(r["wins"] for r in summary["per_seat"]) + summary["draws"] == 30


def test_simulate_json_is_the_same_with_two_workers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    args = ["simulate", "tinyrules:RULESET", "--games", "24", "--seed", "8", "--rotate"]
    assert cli(capsys, *args, "--workers", "1", "--json", str(one))[0] == 0
    assert cli(capsys, *args, "--workers", "2", "--json", str(two))[0] == 0
    assert json.loads(one.read_text()) == json.loads(two.read_text())


def test_console_entry_point_has_no_traceback_for_user_errors() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.run(
        [sys.executable, "-c", "from grognard.cli import main; main()", "play", "nosuchgame"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )
    assert proc.returncode == 2
    assert_one_line_error(proc.stderr, "unknown ruleset 'nosuchgame'")


def test_viktory2_game_saves_and_verifies(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "v2.json"
    code, out, err = cli(
        capsys, "play", "viktory2", "--seats", "heuristic,random", "--seed", "7", "--save", str(save), "--log"
    )
    assert code == 0, err
    assert "— round 1: " in out  # the log's turn headers, numbered in rounds
    assert "Winner:" in out
    code, out, err = cli(capsys, "replay", str(save), "--verify")
    assert code == 0, err
    assert out.startswith("OK:")
    replay = json.loads(save.read_text())
    replay["final"]["data"]["turns"] += 1
    save.write_text(json.dumps(replay))
    code, out, _ = cli(capsys, "replay", str(save), "--verify")
    assert code == 3
    assert "final state differs" in out


def test_viktory2_wrong_seat_count_follows_the_players_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "play", "viktory2", "--seats", "random,random", "--option", "players=3")
    assert code == 2
    assert_one_line_error(err, "3 roles")


def test_play_prints_the_final_board_with_every_capital() -> None:
    """The main job's terminal picture: the final map is drawn, capitals marked."""
    from click.testing import CliRunner

    from grognard.cli import app

    result = CliRunner().invoke(app, ["play", "viktory2", "--seats", "heuristic,random", "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert "t town C city * capital" in result.output
    assert result.output.count("*") >= 1


def test_serve_rejects_a_bad_port_without_starting() -> None:
    from click.testing import CliRunner

    from grognard.cli import app

    result = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("url", "code", "fragments"),
    [
        ("nonsense://x", 2, ["cannot use the database nonsense://x", "sqlite:///FILE"]),
        ("not a url", 2, ["'not a url' is not a database URL"]),
        ("sqlite:///", 2, ["in-memory database would lose every game"]),
        ("sqlite:////no/such/folder/games.db", 1, ["cannot open the database", "unable to open"]),
        # port 1 on loopback: refused at once; the password is never shown
        ("postgresql://ana:hunter22@127.0.0.1:1/games", 1, ["cannot open the database", "ana:***@"]),
    ],
)
def test_serve_names_a_database_it_cannot_use(
    capsys: pytest.CaptureFixture[str], url: str, code: int, fragments: list[str]
) -> None:
    got, out, err = cli(capsys, "serve", "--database-url", url)
    assert got == code
    assert_one_line_error(err, *fragments)
    assert "hunter22" not in err and "open http" not in out  # never announced


def test_serve_says_how_to_install_a_missing_database_driver(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if `pip install -e .` alone
    code, _, err = cli(capsys, "serve", "--database-url", "postgresql://ana@127.0.0.1/games")
    assert code == 2
    assert_one_line_error(err, "not installed", "grognard[postgres]")


def test_the_server_module_names_a_database_it_cannot_use() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    finished = subprocess.run(
        [sys.executable, "-m", "grognard.server", "--database-url", "nonsense://x"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert finished.returncode == 2
    assert "Traceback" not in finished.stderr
    assert finished.stderr.strip() == (
        "python -m grognard.server: error: grognard cannot use the database nonsense://x: "
        "write sqlite:///FILE or postgresql://USER@HOST/DATABASE"
    )


def test_serve_names_a_port_in_use_before_announcing_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        code, out, err = cli(
            capsys, "serve", "--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'g.db'}"
        )
    assert code == 2
    assert_one_line_error(err, f"cannot listen on 127.0.0.1:{port}: in use", "--port")
    assert "open http" not in out


def test_the_viktory2_benchmark_writes_to_an_untracked_file_unless_told() -> None:
    """Running the benchmark as the README writes it must not rewrite the committed
    benchmarks/results.json: its default output lies in a folder git ignores."""
    from repo_scripts import load_script

    root = SRC.parent
    bench = load_script("benchmarks/bench_viktory2.py")
    default = Path(bench.DEFAULT_OUT).relative_to(root)
    assert default != Path("benchmarks/results.json")
    ignored = [line.strip() for line in (root / ".gitignore").read_text().splitlines()]
    assert any(str(default).startswith(entry.rstrip("/") + "/") for entry in ignored if entry.endswith("/"))
