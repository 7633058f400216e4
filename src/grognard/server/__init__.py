"""The grognard web server: accounts, lobby, games, websockets, AI seats, persistence.

`create_app(database_url)` builds the FastAPI app; `serve(host, port, database_url)`
runs it with uvicorn (`grognard serve`).
"""

from __future__ import annotations

from .app import create_app
from .run import serve

__all__ = ["create_app", "serve"]
