"""`/api/docs`: the interactive API description (Swagger UI), served from this server.

FastAPI's own docs page loads Swagger UI from a CDN, so it is blank on a machine
without internet access. Here the Swagger UI files come from the installed
`swagger-ui-bundle` package (Swagger UI's distribution, Apache-2.0, like the package),
and the page holds no inline script: the start-up code is a file of its own, so a
Content-Security-Policy of `'self'` lets the page run. Nothing is fetched from
outside, not even the spec validator's badge (`validatorUrl: null`).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.responses import HTMLResponse, Response
from swagger_ui_bundle import swagger_ui_path

DOCS_URL = "/api/docs"
ASSETS_URL = f"{DOCS_URL}/assets"
#: the Swagger UI files the page loads, all from ASSETS_URL
ASSETS = ("swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png")


def _page(title: str) -> str:
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title} — API</title>
<link rel="stylesheet" href="{ASSETS_URL}/swagger-ui.css">
<link rel="icon" type="image/png" href="{ASSETS_URL}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{ASSETS_URL}/swagger-ui-bundle.js"></script>
<script src="{DOCS_URL}/start.js"></script>
</body>
</html>
"""


def _start_script(openapi_url: str) -> str:
    return f"""window.ui = SwaggerUIBundle({{
  url: "{openapi_url}",
  dom_id: "#swagger-ui",
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  layout: "BaseLayout",
  deepLinking: true,
  validatorUrl: null
}});
"""


def install(app: FastAPI, openapi_url: str) -> None:
    """Add `/api/docs`, its start-up script and the Swagger UI files to `app`
    (created with `docs_url=None`, so FastAPI's CDN page is not there)."""
    page = _page(app.title)
    script = _start_script(openapi_url)

    @app.get(DOCS_URL, include_in_schema=False)
    def docs_page() -> HTMLResponse:
        return HTMLResponse(page)

    @app.get(f"{DOCS_URL}/start.js", include_in_schema=False)
    def docs_start() -> Response:
        return Response(script, media_type="text/javascript")

    app.mount(ASSETS_URL, StaticFiles(directory=Path(swagger_ui_path)), name="swagger-ui")
