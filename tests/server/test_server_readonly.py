"""A database that cannot be written (issue 8, section 2): refused at start with a
one-line reason, and, when it turns read-only under a running server, every write
is answered 503 with the reason while reads go on."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverkit import Player
from sqlalchemy.exc import DBAPIError, IntegrityError, InternalError, OperationalError

from grognard.core.registry import Registry
from grognard.server import create_app
from grognard.server.db import DatabaseUnavailable, write_failure
from grognard.server.run import main


def read_only_copy(tmp_path: Path, registry: Registry) -> str:
    """A migrated SQLite file, and the URL that opens it read-only."""
    path = tmp_path / "games.db"
    app = create_app(f"sqlite:///{path}", registry=registry)
    app.state.server.engine.dispose()
    return f"sqlite:///file:{path}?mode=ro&uri=true"


def test_a_read_only_database_is_refused_at_start(tmp_path: Path, tiny_registry: Registry) -> None:
    url = read_only_copy(tmp_path, tiny_registry)
    with pytest.raises(DatabaseUnavailable, match=r"cannot be written"):
        create_app(url, registry=tiny_registry)


def test_serve_exits_with_one_line_on_a_read_only_database(
    tmp_path: Path, tiny_registry: Registry, capsys: pytest.CaptureFixture[str]
) -> None:
    url = read_only_copy(tmp_path, tiny_registry)
    with pytest.raises(SystemExit) as exited:
        main(["--database-url", url, "--port", "0"])
    assert exited.value.code not in (0, None)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "database" in err and "Traceback" not in err


def test_a_never_migrated_read_only_database_is_one_line(
    tmp_path: Path,
    tiny_registry: Registry,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A read-only PostgreSQL that was never migrated answers Alembic's CREATE TABLE
    with an InternalError, which printed a 125-line traceback (issue 27, item 7)."""
    from alembic import command

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise InternalError(
            "CREATE TABLE", {}, Exception("cannot execute CREATE TABLE in a read-only transaction")
        )

    monkeypatch.setattr(command, "upgrade", refuse)
    with pytest.raises(SystemExit) as exited:
        main(["--database-url", f"sqlite:///{tmp_path / 'new.db'}", "--port", "0"])
    assert exited.value.code not in (0, None)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot migrate the database" in err and "read-only transaction" in err


def test_a_healthy_database_is_reported_ok(tiny_client: TestClient) -> None:
    answer = tiny_client.get("/api/health")
    assert answer.status_code == 200 and answer.json()["ok"] is True


def test_writes_to_a_read_only_database_are_503(tmp_path: Path, tiny_registry: Registry) -> None:
    url = read_only_copy(tmp_path, tiny_registry)
    app = create_app(url, registry=tiny_registry, migrate=False)  # it went read-only after the start
    try:
        with TestClient(app) as client:
            # the health check says so, for a load balancer (it said ok: issue 27, item 6)
            health = client.get("/api/health")
            assert health.status_code == 503 and health.json()["ok"] is False
            assert "cannot be written" in health.json()["database"] and health.headers["Retry-After"]
            assert client.get("/api/lobby").status_code == 200  # reads go on
            answer = Player(client).post("/api/guest")
            assert answer.status_code == 503, answer.text
            assert "read-only" in answer.json()["detail"] and answer.headers["Retry-After"]
            answer = Player(client).post("/api/register", {"username": "dave", "password": "x" * 10})
            assert answer.status_code == 503
    finally:
        app.state.server.engine.dispose()


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (OperationalError("UPDATE", {}, Exception("attempt to write a readonly database")), "read-only"),
        (OperationalError("INSERT", {}, Exception("database or disk is full")), "disk is full"),
        (OperationalError("INSERT", {}, Exception('could not extend file "base/1": No space left')), "full"),
        (InternalError("UPDATE", {}, Exception("cannot execute UPDATE in a read-only transaction")), "only"),
        (OperationalError("SELECT", {}, Exception("connection refused")), "cannot be reached"),
    ],
)
def test_write_failures_name_their_reason(error: DBAPIError, reason: str) -> None:
    described = write_failure(error)
    assert described is not None and reason in described


def test_other_database_errors_are_not_blamed_on_the_disk() -> None:
    assert write_failure(IntegrityError("INSERT", {}, Exception("UNIQUE constraint failed"))) is None
