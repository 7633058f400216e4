"""`/api/docs` in the browser (issue 8.6): Swagger UI draws the API from this
server's own files, under its Content-Security-Policy, with nothing refused."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_the_api_docs_page_draws_the_api_offline(page: Any) -> None:
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    outside: list[str] = []
    local = ("http://127.0.0.1", "data:")
    page.on("request", lambda r: None if r.url.startswith(local) else outside.append(r.url))
    page.goto("/api/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("grognard")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert refused == [] and outside == [], (refused, outside)
