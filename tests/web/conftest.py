"""Browser tests of the web client: the real app (uvicorn in a thread, a temporary
SQLite database) driven by Chromium through Python Playwright.

Needs `pip install playwright` (the package ships its driver; never run
`playwright install`) and Debian's Chromium at /usr/bin/chromium (or the path in
GROGNARD_CHROMIUM); `scripts/test` installs both. Without them every browser test
fails with a message saying what to install: a missing browser is never a skip.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "games" / "hgw"))  # cg2kit
sys.path.insert(0, str(Path(__file__).resolve().parent))

CHROMIUM = os.environ.get("GROGNARD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HERE = Path(__file__).resolve().parent
EXPECT_TIMEOUT_MS = 15_000


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install playwright)"
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or set GROGNARD_CHROMIUM)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    mine = [item for item in items if HERE in Path(str(item.fspath)).resolve().parents]
    if not mine:
        return
    reason = _missing()
    for item in mine:
        if config.pluginmanager.hasplugin("timeout") and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(int(os.environ.get("GROGNARD_WEB_TIMEOUT", "240"))))
        if reason is not None:
            # fail, never skip: a suite that silently drops its browser tests proves nothing
            item.add_marker(pytest.mark.usefixtures("_browser_missing"))


@pytest.fixture
def _browser_missing() -> None:
    pytest.fail(f"browser tests need a browser: {_missing()}")


@pytest.fixture(scope="session")
def web_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """(address, app): the app on 127.0.0.1 with Viktory II, Victory, Virtuti and the test rulesets
    tiny and blockskirmish (both with secrets between seats), on a fresh SQLite database."""
    from blockgame import BLOCKSKIRMISH
    from tinygame import TINY
    from webkit import serving

    from grognard.core.registry import Registry
    from grognard.games.victory import RULESET as VICTORY
    from grognard.games.viktory2 import RULESET as VIKTORY2
    from grognard.games.virtuti import RULESET as VIRTUTI
    from grognard.server import create_app
    from grognard.server.guards import Limits

    registry = Registry()
    registry.register(VIKTORY2)
    registry.register(TINY)
    registry.register(BLOCKSKIRMISH)
    registry.register(VICTORY)
    registry.register(VIRTUTI)
    database = tmp_path_factory.mktemp("web") / "grognard.db"
    # every page comes from 127.0.0.1: lift the bounds per address (issue 27)
    app = create_app(
        f"sqlite:///{database}", registry=registry, ai_move_budget=30.0, limits=Limits.shared_address()
    )
    with serving(app, "grognard-web-test-server") as address:
        yield address, app


@pytest.fixture(scope="session")
def base_url(web_app: tuple[str, Any]) -> str:
    return web_app[0]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import expect, sync_playwright

    # An assertion waits for the page up to this long (Playwright's default is 5 s):
    # on a machine busy with other jobs a push or an AI move can take longer, and a
    # page that is right only later is still right. Nothing here measures speed.
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Profiles:
    """Fresh browser profiles (each its own cookies: its own guest player). Any
    JavaScript error on one of their pages fails the test."""

    def __init__(self, browser: Any, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def new_page(
        self, width: int = 1280, height: int = 800, touch: bool = False, motion: bool = False
    ) -> Any:
        # Reduced motion unless asked (`motion`): the lit hexes' marching edges, painted by
        # the page's main thread at every frame for 3.6 s after each redraw, took 14 % of
        # the machine's CPU in a whole HGW turn by clicks (scripts/check's suite is
        # CPU-bound on two cores). What the tests check does not move; the two tests of
        # the animations themselves ask for motion (`moving_page`).
        context = self.browser.new_context(
            viewport={"width": width, "height": height},
            base_url=self.base_url,
            has_touch=touch,
            reduced_motion="no-preference" if motion else "reduce",
        )
        context.set_default_timeout(20_000)
        self.contexts.append(context)
        tab = context.new_page()
        tab.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return tab

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def profiles(browser: Any, base_url: str) -> Iterator[Profiles]:
    made = Profiles(browser, base_url)
    yield made
    made.close()
    assert not made.errors, f"JavaScript errors on the page: {made.errors}"


@pytest.fixture
def page(profiles: Profiles) -> Any:
    """A page in a fresh browser profile (a new guest) on a laptop-sized screen, its
    motion reduced (the player's setting `prefers-reduced-motion`: Profiles.new_page)."""
    return profiles.new_page()


@pytest.fixture
def moving_page(profiles: Profiles) -> Any:
    """A page as `page`, with the page's animations as most players see them."""
    return profiles.new_page(motion=True)
