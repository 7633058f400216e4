"""The web app's own files (`grognard/web`), answered from memory.

A page of the web app asks for about 45 files at its first load (modules, style, the
board's data), all small. Starlette's StaticFiles hands each request to a worker thread
four times (find the file, open it, read it, close it): the server spent 3.4 ms of CPU a
file, about 150 ms a page, and while a browser on the same two cores loads the page each
of those hops waits its turn. Answered from memory: 1.0-1.5 ms a file, the middleware
included (28 of the page's files, asked for 20 times over one connection).

The file is found with Starlette's own path checks (nothing outside the directory is ever
answered), its bytes are kept in memory once read, and a file changed on disk (a
developer's edit) is read again: its size and time are checked at every request, a stat
of a local file the event loop can afford.

Answers as StaticFiles did: `/` is index.html, GET and HEAD only (405), 404 as
`{"detail": "Not Found"}` through the app's handler, `ETag` and `Last-Modified`, and 304
to a request whose `If-None-Match` or `If-Modified-Since` matches.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass
from email.utils import formatdate
from mimetypes import guess_type

from starlette.datastructures import URL, Headers
from starlette.exceptions import HTTPException
from starlette.responses import RedirectResponse
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Receive, Scope, Send


@dataclass(frozen=True, slots=True)
class _Kept:
    """A file's bytes as read, with the size and time that tell whether it changed, and the
    headers of its answer."""

    size: int
    mtime_ns: int
    body: bytes
    headers: Headers


class WebFiles(StaticFiles):
    """StaticFiles in HTML mode over one directory, its files kept in memory."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        super().__init__(directory=directory, html=True)
        self._kept: dict[str, _Kept] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # a websocket to a file: StaticFiles closes it
            await super().__call__(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(status_code=405, headers={"Allow": "GET, HEAD"})
        full_path, slash = self._find(self.get_path(scope))
        if slash and not scope["path"].endswith("/"):  # a directory's URL ends with "/"
            url = URL(scope=scope)
            await RedirectResponse(url.replace(path=url.path + "/"))(scope, receive, send)
            return
        kept = self._read(full_path)
        if self.is_not_modified(kept.headers, Headers(scope=scope)):  # StaticFiles' own test
            await NotModifiedResponse(kept.headers)(scope, receive, send)
            return
        await send({"type": "http.response.start", "status": 200, "headers": kept.headers.raw})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else kept.body})

    def _find(self, path: str) -> tuple[str, bool]:
        """The file a path names, or its directory's index.html (then True), else 404."""
        try:
            full_path, found = self.lookup_path(path)
            index = found is not None and stat.S_ISDIR(found.st_mode)
            if index:
                full_path, found = self.lookup_path(os.path.join(path, "index.html"))
        except OSError as err:
            if isinstance(err, PermissionError) or err.errno == errno.ENAMETOOLONG:
                raise HTTPException(status_code=404) from None
            raise
        except ValueError:  # a NUL or another character no path holds
            raise HTTPException(status_code=404) from None
        if found is None or not stat.S_ISREG(found.st_mode):
            raise HTTPException(status_code=404)
        return full_path, index

    def _read(self, full_path: str) -> _Kept:
        """The file's bytes, read again only when its size or time changed."""
        found = os.stat(full_path)
        kept = self._kept.get(full_path)
        if kept is not None and (kept.size, kept.mtime_ns) == (found.st_size, found.st_mtime_ns):
            return kept
        with open(full_path, "rb") as file:
            body = file.read()
        kept = self._kept[full_path] = _keep(full_path, found, body)
        return kept


def _keep(full_path: str, found: os.stat_result, body: bytes) -> _Kept:
    media_type = guess_type(full_path)[0] or "application/octet-stream"
    if media_type.startswith("text/"):
        media_type += "; charset=utf-8"
    headers = [
        (b"content-type", media_type.encode()),
        (b"content-length", str(len(body)).encode()),
        (b"last-modified", formatdate(found.st_mtime, usegmt=True).encode()),
        (b"etag", f'"{hashlib.md5(body, usedforsecurity=False).hexdigest()}"'.encode()),
    ]
    return _Kept(found.st_size, found.st_mtime_ns, body, Headers(raw=headers))
