"""The web app's files answered from memory (server/webfiles.py): what StaticFiles
answered, byte for byte and header for header, a file edited on disk answered anew,
and nothing outside the directory ever answered."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount
from starlette.testclient import TestClient

from grognard.server.app import WEB_DIR
from grognard.server.webfiles import WebFiles


def _detail(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "web"
    (root / "games").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    (root / "app.js").write_text("export const a = 1;\n", encoding="utf-8")
    (root / "games" / "map.json").write_bytes(b'{"hexes": []}')
    (root / "games" / "box").mkdir()
    (root / "games" / "box" / "index.html").write_text("box", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not for the web", encoding="utf-8")
    return root


@pytest.fixture
def web(site: Path) -> TestClient:
    app = Starlette(routes=[Mount("/", WebFiles(site))], exception_handlers={HTTPException: _detail})
    return TestClient(app)


def test_a_file_is_answered_with_its_type_length_and_validators(web: TestClient, site: Path) -> None:
    answer = web.get("/app.js")
    assert answer.status_code == 200
    assert answer.content == (site / "app.js").read_bytes()
    assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
    assert answer.headers["content-length"] == str(len(answer.content))
    assert answer.headers["etag"].startswith('"') and answer.headers["last-modified"].endswith("GMT")
    assert web.get("/games/map.json").headers["content-type"] == "application/json"


def test_the_root_and_a_directory_answer_their_index(web: TestClient) -> None:
    assert web.get("/").text.startswith("<!doctype html>")
    moved = web.get("/games/box", follow_redirects=False)
    assert moved.status_code == 307 and moved.headers["location"].endswith("/games/box/")
    assert web.get("/games/box/").text == "box"


def test_a_copy_the_browser_holds_is_not_sent_again(web: TestClient) -> None:
    first = web.get("/app.js")
    etag = first.headers["etag"]
    assert web.get("/app.js", headers={"If-None-Match": f'"other", W/{etag}'}).status_code == 304
    assert web.get("/app.js", headers={"If-None-Match": '"other"'}).status_code == 200
    since = {"If-Modified-Since": first.headers["last-modified"]}
    assert web.get("/app.js", headers=since).status_code == 304
    # If-None-Match decides when both are sent (RFC 9110 13.2.2)
    assert web.get("/app.js", headers={**since, "If-None-Match": '"other"'}).status_code == 200


def test_head_answers_the_headers_without_the_body(web: TestClient, site: Path) -> None:
    answer = web.head("/app.js")
    assert answer.status_code == 200 and answer.content == b""
    assert answer.headers["content-length"] == str((site / "app.js").stat().st_size)


def test_a_file_edited_on_disk_is_answered_anew(web: TestClient, site: Path) -> None:
    before = web.get("/app.js")
    script = site / "app.js"
    script.write_text("export const b = 2;\n", encoding="utf-8")  # the same size: its time tells
    stamp = script.stat().st_mtime_ns + 10**9  # a second later, however coarse the clock
    os.utime(script, ns=(stamp, stamp))
    after = web.get("/app.js")
    assert after.text == "export const b = 2;\n"
    assert after.headers["etag"] != before.headers["etag"]


@pytest.mark.parametrize(
    "path",
    [
        "/nope.js",
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/games/../../secret.txt",
        "/games",
        "/" + "a" * 5000,
    ],
)
def test_nothing_else_is_answered(web: TestClient, path: str) -> None:
    answer = web.get(path)
    assert answer.status_code == 404
    assert answer.json() == {"detail": "Not Found"}


def test_only_get_and_head(web: TestClient) -> None:
    answer = web.post("/app.js")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET, HEAD"


def test_the_app_answers_its_own_files_with_its_security_headers(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.content == (WEB_DIR / "index.html").read_bytes()
    module = client.get("/games/hgw-world.js")
    assert module.content == (WEB_DIR / "games" / "hgw-world.js").read_bytes()
    assert "script-src 'self'" in module.headers["content-security-policy"]
    assert module.headers["x-content-type-options"] == "nosniff"
