"""`/api/docs` works offline: the page, its start-up script and the Swagger UI files
all come from this server, and the page holds no inline script."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_the_docs_page_loads_only_files_this_server_serves(client: TestClient) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    html = page.text
    assert "cdn" not in html.lower()
    assert not re.search(r"""(src|href)=["'](https?:)?//""", html)  # nothing from another host
    # every script is a file (a CSP of 'self' runs it): no inline code
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    urls = re.findall(r"""(?:src|href)="([^"]+)\"""", html)
    assert "/api/docs/assets/swagger-ui-bundle.js" in urls
    assert "/api/docs/assets/swagger-ui.css" in urls
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert len(answer.content) > 0, url
    assert client.get("/api/docs/assets/swagger-ui-bundle.js").headers["content-type"].startswith(
        ("text/javascript", "application/javascript")
    )


def test_the_start_script_reads_this_servers_openapi_and_no_validator(client: TestClient) -> None:
    script = client.get("/api/docs/start.js")
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    assert 'url: "/api/openapi.json"' in script.text
    assert "validatorUrl: null" in script.text
    spec = client.get("/api/openapi.json")
    assert spec.status_code == 200 and spec.json()["info"]["title"] == "grognard"
    # the docs routes describe no API of their own
    assert not any(path.startswith("/api/docs") for path in spec.json()["paths"])


def test_a_missing_docs_asset_is_a_404(client: TestClient) -> None:
    assert client.get("/api/docs/assets/no-such-file.js").status_code == 404
