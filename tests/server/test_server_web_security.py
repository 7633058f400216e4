"""What a browser is told and what it may do (issue 8, section 3): state-changing
requests only from this site's pages, SameSite cookies, security headers the static
client lives with, and an API description that matches the answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverkit import Player

from grognard.server.app import WEB_DIR
from grognard.server.middleware import CONTENT_SECURITY_POLICY

#: A URL of another host in a script (the SVG namespace is a name, not a fetch).
OTHER_HOST = r"[\"'`]https?://(?!www\.w3\.org/)"


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},
    ],
)
def test_cross_site_posts_are_refused_on_every_path(tiny_client: TestClient, headers: dict[str, str]) -> None:
    """A cross-site form POST to /api/guest replaced a visitor's session."""
    visitor = Player(tiny_client).guest()
    for path in ("/api/guest", "/api/login", "/api/register", "/api/logout", "/api/games"):
        answer = visitor.post(path, {}, headers=headers)
        assert answer.status_code == 403, (path, answer.text)
        assert "cross-site" in answer.json()["detail"]
    assert visitor.ok("GET", "/api/me")["user"] == visitor.user  # the session is untouched


@pytest.mark.parametrize(
    "headers",
    [{}, {"Origin": "http://testserver"}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"}],
)
def test_same_site_and_non_browser_posts_pass(tiny_client: TestClient, headers: dict[str, str]) -> None:
    assert Player(tiny_client).post("/api/guest", headers=headers).status_code == 200


def test_session_cookies_are_samesite_strict_and_httponly(tiny_client: TestClient) -> None:
    answer = Player(tiny_client).post("/api/guest")
    cookies = answer.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("grognard_session="))
    csrf = next(c for c in cookies if c.startswith("grognard_csrf="))
    assert "samesite=strict" in session.lower() and "httponly" in session.lower()
    assert "samesite=strict" in csrf.lower() and "httponly" not in csrf.lower()  # the page reads it


def test_every_answer_carries_the_security_headers(tiny_client: TestClient) -> None:
    for path in ("/", "/app.js", "/api/health", "/api/no/such/path", "/api/games/nope"):
        headers = tiny_client.get(path).headers
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "unsafe-inline" not in policy and "script-src 'self'" in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
    refused = Player(tiny_client).post("/api/guest", headers={"Origin": "https://evil.example"})
    assert refused.headers["content-security-policy"] == CONTENT_SECURITY_POLICY


def test_the_web_client_needs_nothing_the_policy_refuses() -> None:
    """The CSP allows this origin's files only: no inline script or style, no
    style attribute written from a script, no eval, no other host."""
    html = (WEB_DIR / "index.html").read_text()
    for script in re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S):
        assert not script.strip(), "an inline script"
    assert not re.search(r"<style\b|\sstyle=|\son\w+=", html), "inline style or handler in index.html"
    sources = list(Path(WEB_DIR).rglob("*.js"))
    assert sources
    for path in sources:
        text = path.read_text()
        for pattern in (
            r"setAttribute\(\s*[\"']style",
            r"\beval\(",
            r"new Function\(",
            r"innerHTML",
            OTHER_HOST,
        ):
            assert not re.search(pattern, text), f"{path.name}: {pattern}"


def test_the_api_description_gives_the_error_shape(tiny_client: TestClient) -> None:
    spec = tiny_client.get("/api/openapi.json").json()
    assert "HTTPValidationError" not in spec["components"]["schemas"]
    problem = spec["components"]["schemas"]["Problem"]
    assert problem["properties"]["detail"]["type"] == "string" and problem["required"] == ["detail"]
    post_action = spec["paths"]["/api/games/{game_id}/actions"]["post"]["responses"]
    for status in ("401", "403", "404", "409", "413", "422", "503"):
        assert post_action[status]["content"]["application/json"]["schema"]["$ref"].endswith("/Problem"), (
            status
        )
    login = spec["paths"]["/api/login"]["post"]["responses"]
    assert "Retry-After" in login["429"]["headers"]
    # and the answers have that shape
    answer = Player(tiny_client).post("/api/login", {"username": 5})
    assert answer.status_code == 422 and list(answer.json()) == ["detail"]
    assert isinstance(answer.json()["detail"], str) and "username" in answer.json()["detail"]
