"""Helpers for the browser tests: start a game from the lobby form, find hexes and
counters on the board, drive a game through the HTTP API, save screenshots."""

from __future__ import annotations

import os
import re
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from grognard.agents import make_agent
from grognard.core.game import State

GAME_URL = re.compile(r".*#/game/([\w-]+)$")
REPLAY_URL = re.compile(r".*#/replay/([\w-]+)(\?.*)?$")

MAX_STEPS = 3000

#: Where screenshots go: GROGNARD_SCREENSHOTS (e.g. docs/screenshots), else nowhere.
SCREENSHOTS = os.environ.get("GROGNARD_SCREENSHOTS")


@contextmanager
def serving(app: Any, name: str) -> Iterator[str]:
    """Run `app` (grognard.server.create_app) with uvicorn in a thread on a free port of
    127.0.0.1, with the connection limits `grognard serve` sets (protocol.py), so that
    the browser meets the server as users do; yields its address."""
    import uvicorn

    from grognard.server.protocol import uvicorn_options

    # the server is handed the socket bound here, so no other process (another pytest
    # worker, say) can take the free port between finding it and listening on it
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    options = uvicorn_options()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name=name, daemon=True)
    thread.start()
    ready = threading.Event()
    while thread.is_alive() and not server.started:
        ready.wait(0.05)
    try:
        if not server.started:
            raise RuntimeError("the test server did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
        app.state.server.engine.dispose()


@contextmanager
def serving_rulesets(tmp_path_factory: Any, name: str, *rulesets: Any) -> Iterator[str]:
    """A module's own app with only `rulesets` registered, on a fresh SQLite database
    (conftest.py's app keeps its rulesets, so that its lobby's default game does not
    change); yields its address."""
    from grognard.core.registry import Registry
    from grognard.server import create_app
    from grognard.server.guards import Limits

    registry = Registry()
    for ruleset in rulesets:
        registry.register(ruleset)
    database = tmp_path_factory.mktemp(name) / "grognard.db"
    # every page comes from 127.0.0.1: lift the bounds per address (issue 27)
    app = create_app(
        f"sqlite:///{database}", registry=registry, ai_move_budget=30.0, limits=Limits.shared_address()
    )
    with serving(app, f"grognard-{name}") as address:
        yield address


def hgw_screen_xy(page: Page, hex_id: str) -> tuple[float, float]:
    """Where the centre of a Hitler's Global War hex is on the screen (games/hgw.js)."""
    x, y = page.evaluate(
        """async (id) => {
            const mod = await import('/games/hgw.js');
            const [row, col] = mod.rowCol(id);
            const [x, y] = mod.centre(row, col);
            const m = document.querySelector('.board-svg .board-content').getScreenCTM();
            return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
        }""",
        hex_id,
    )
    return float(x), float(y)


def shot(page: Page, name: str) -> None:
    """Save a screenshot of the page when GROGNARD_SCREENSHOTS names a folder."""
    if SCREENSHOTS:
        folder = Path(SCREENSHOTS)
        folder.mkdir(parents=True, exist_ok=True)
        page.mouse.move(0, 0)  # no hover effect where the last click was
        page.screenshot(path=str(folder / f"{name}.png"), animations="disabled")


def open_details(details: Locator) -> None:
    """Open a <details> unless it is open (a click on its summary toggles it)."""
    if details.count() and details.get_attribute("open") is None:
        details.locator("summary").click()


def start_game(
    page: Page,
    *,
    seats: dict[str, str],
    ruleset: str = "viktory2",
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> str:
    """Fill the lobby's new game form, start the game, return its id."""
    page.goto("/")
    form = page.locator("form.new-game")
    expect(form.locator("button[type=submit]")).to_be_visible()
    ruleset_select = form.locator("select[name=ruleset]")
    if ruleset_select.count():
        ruleset_select.select_option(ruleset)
    if scenario is not None:
        form.locator("select[name=scenario]").select_option(scenario)
    for name, value in (options or {}).items():
        open_details(form.locator("details.options"))
        field = form.locator(f"[name='{name}']")
        kind = field.get_attribute("type")
        if kind == "checkbox":
            field.set_checked(bool(value))
        elif kind == "number":
            field.fill(str(value))
            field.dispatch_event("change")
        else:
            field.select_option(str(value))
    for role, seat in seats.items():
        form.locator(f"select[name='seat-{role}']").select_option(seat)
    if seed is not None:
        open_details(form.locator("details.advanced"))
        form.locator("input[name=seed]").fill(str(seed))
    form.locator("button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    match = GAME_URL.match(page.url)
    assert match is not None
    return match.group(1)


def hex_at(page: Page, hex_id: str) -> Locator:
    return page.locator(f'.board-svg [data-hex="{hex_id}"]')


def target(page: Page, hex_id: str) -> Locator:
    """A hex that is lit up as a place to click."""
    return page.locator(f'.board-svg [data-hex="{hex_id}"].target')


def counter(page: Page, uid: str) -> Locator:
    return page.locator(f'.board-svg .counter[data-uid="{uid}"]')


def prompt(page: Page) -> Locator:
    return page.locator(".prompt-card .prompt")


def button(page: Page, verb: str) -> Locator:
    """The side panel's button for the action whose verb is `verb`."""
    return page.locator(f'.prompt-card .action-buttons button[data-verb="{verb}"]')


class ApiDriver:
    """Moves made through the HTTP API with the page's own session (cookies and CSRF
    token), for setting up positions quickly."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.request = page.context.request

    def _csrf(self) -> str:
        for cookie in self.page.context.cookies():
            if cookie["name"] == "grognard_csrf":
                return cookie["value"]
        raise AssertionError("no CSRF cookie: open a page first")

    def post(self, path: str, body: dict[str, Any], timeout_ms: float | None = None) -> dict[str, Any]:
        """POST `body`, asserting success; `timeout_ms` replaces the context's default."""
        headers = {"X-CSRF-Token": self._csrf()}
        response = self.request.post(path, data=body, headers=headers, timeout=timeout_ms)
        assert response.ok, f"POST {path}: {response.status} {response.text()}"
        payload: dict[str, Any] = response.json()
        return payload

    def post_unless_stale(self, path: str, body: dict[str, Any]) -> bool:
        """POST a move made at `body`'s version; False (nothing done) when the server
        refuses it as stale (409): the AI's simultaneous choice came first, so the
        caller reads the game again and chooses anew."""
        response = self.request.post(path, data=body, headers={"X-CSRF-Token": self._csrf()})
        if response.status == 409:
            return False
        assert response.ok, f"POST {path}: {response.status} {response.text()}"
        return True

    def get(self, path: str) -> dict[str, Any]:
        try:
            response = self.request.get(path)
        except PlaywrightError as exc:
            # the server closes a keep-alive connection idle for KEEP_ALIVE_SECONDS
            # (protocol.py); a GET sent on it just then is reset unanswered, and is
            # sent again on a new connection, as a browser does (a GET changes nothing)
            if "ECONNRESET" not in str(exc):
                raise
            response = self.request.get(path)
        assert response.ok, f"GET {path}: {response.status} {response.text()}"
        payload: dict[str, Any] = response.json()
        return payload

    def view(self, game_id: str, seat: str) -> dict[str, Any]:
        """What `seat` sees of the game now."""
        view: dict[str, Any] = self.get(f"/api/games/{game_id}")["views"][seat]
        return view

    def act(self, game_id: str, seat: str, action: list[Any]) -> None:
        """`seat` plays `action` at the game's current version; if the AI's
        simultaneous choice comes in between (a stale version), again at the new one,
        as long as the action is still `seat`'s to play."""
        for _ in range(5):
            game = self.get(f"/api/games/{game_id}")
            assert action in game["views"][seat]["legal"], f"{action} is not {seat}'s to play now"
            body = {"seat": seat, "action": action, "expected_version": game["version"]}
            if self.post_unless_stale(f"/api/games/{game_id}/actions", body):
                return
        raise AssertionError(f"{seat}'s {action} stayed stale five times")


def until_the_server_has_it(
    page: Page, game_id: str, before: int, what: object, polls: int = 100
) -> dict[str, Any]:
    """Wait until the game's version has passed `before` (the version read before a
    click): the click's action reached the server. The game then; fails naming `what`
    (the action, and how it was made) when it never does (polls of 100 ms)."""
    driver = ApiDriver(page)
    for _ in range(polls):
        game = driver.get(f"/api/games/{game_id}")
        if int(game["version"]) > before:
            return game
        page.wait_for_timeout(100)
    raise AssertionError(f"{what} did not reach the server")


def _sent(page: Page, game_id: str, before: int) -> bool:
    return int(ApiDriver(page).get(f"/api/games/{game_id}")["version"]) > before


def which_one_if_asked(
    page: Page, game_id: str, before: int, verb: str, hint: str = "", polls: int = 150
) -> None:
    """After a click that may stand for several actions: the page sends the action at
    once, or asks which in a menu (the item of `verb`, with `hint` in its label, is
    chosen; the first item when `verb` is empty), or asks to confirm (the caller
    answers). Waits until one of the three has happened, polling the page and the
    server: a fixed delay guesses wrong on a busy machine, where the menu may come
    after it (`before`: the game's version before the click)."""
    menu = page.locator(".hex-menu:visible, [role=menu]:visible")
    dialog = page.locator(".modal-backdrop .modal:visible, dialog[open]")
    for _ in range(polls):
        if menu.count():
            wanted = f'[data-verb="{verb}"]' if verb else ""
            items = menu.first.locator(f"button[role=menuitem]{wanted}")
            if hint:
                items = items.filter(has_text=hint)
            items.first.click()
            return
        if dialog.count() or _sent(page, game_id, before):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the click for {verb} was neither sent nor asked about")


def confirm_if_asked(page: Page, game_id: str, before: int, polls: int = 150) -> None:
    """After a click that the page may first ask about (a battle with its odds, a phase
    ended with things left to do): say yes once asked. Waits until the question has come
    or the action has reached the server, whichever happens (`before`: the game's version
    before the click)."""
    dialog = page.locator(".modal-backdrop .modal")
    for _ in range(polls):
        if dialog.count() and dialog.first.is_visible():
            dialog.locator("button.primary").click()
            expect(dialog).to_have_count(0)
            return
        if _sent(page, game_id, before):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the click was neither sent nor asked about")


def advance(driver: ApiDriver, game: dict[str, Any], state: State, stop: Callable[[State], bool]) -> int:
    """Play every seat of `game` (all the caller's) with the heuristic agents, through
    the API, until `stop(state)`; `state` is the same game kept locally (same seed).
    Returns the game's version."""
    agents = {role: make_agent("heuristic", "viktory2", 7 + i) for i, role in enumerate(state.roles)}
    version: int = game["version"]
    for _ in range(MAX_STEPS):
        if state.is_over() or stop(state):
            return version
        role = state.active_roles()[0]
        action = agents[role].act(state.view(role), state.legal_actions(role))
        state.apply(role, action)
        payload = driver.post(
            f"/api/games/{game['id']}/actions",
            {"seat": role, "action": list(action), "expected_version": version},
        )
        version = game["version"] = payload["version"]
    raise AssertionError("the game did not reach the wanted position")


#: Polls of a game while the server's AI plays (each waits 250 ms).
POLLS = 480
ENDINGS = ("end", "done", "pass", "finish")


def _pick(legal: list[list[Any]], endings: bool = True) -> list[Any]:
    """An ending action when there is one (the turn passes quickly), else the first."""
    for action in legal if endings else ():
        if str(action[0]).startswith(ENDINGS):
            return action
    return legal[0]


def _lines_since(driver: ApiDriver, game_id: str, acted: int, plies: int) -> list[str]:
    """The log lines written from replay step `acted` to `plies` (what the stepper shows)."""
    before = driver.get(f"/api/games/{game_id}/replay/{acted}")["view"]["log"]
    after: list[str] = driver.get(f"/api/games/{game_id}/replay/{plies}")["view"]["log"]
    return after[len(before) :]


def _always(game: dict[str, Any]) -> bool:
    return True


#: True unless a game page has a move of its own on its way to the server (game.js sets
#: `aria-busy` from the click until the answer; while it asks a question first, it
#: waits for the player).
NO_MOVE_ON_ITS_WAY = """() => !document.querySelector('.game-page[aria-busy=true]')
    || Boolean(document.querySelector('.modal-backdrop'))"""


#: The page draws version `arg` (its header ends "· v<version>"), its connection reads
#: live, and it has no move of its own on the way (the_page_has_settled).
SETTLED = """(shown) => {
    const version = document.querySelector('.game-id')?.textContent || '';
    const live = document.querySelector('.conn')?.dataset.state === 'live';
    return version.endsWith(shown) && live && (NO_MOVE_ON_ITS_WAY)();
}""".replace("NO_MOVE_ON_ITS_WAY", NO_MOVE_ON_ITS_WAY)
#: What the page shows of those three, for the message of a page that never settled.
PAGE_STATE = """() => ({
    header: document.querySelector('.game-id')?.textContent,
    connection: document.querySelector('.conn')?.dataset.state,
    busy: document.querySelector('.game-page')?.getAttribute('aria-busy'),
    asking: Boolean(document.querySelector('.modal-backdrop')),
})"""


def until_alone_to_act(
    page: Page,
    game_id: str,
    seat: str,
    ready: Callable[[dict[str, Any]], bool] = _always,
    reload: bool = False,
    or_finished: bool = False,
    settle: bool = True,
) -> dict[str, Any]:
    """Wait, without acting, until `seat` alone is to act and `ready(game)` holds; the
    game payload (GET /api/games/<id>) then.

    The one safe moment to read a game that the server's AI (or a simultaneous step)
    also plays: while another seat may act, the position can change between the
    test's read and what it does with it (a click, an odds request, a stepper), and
    three CI runs failed on exactly that. Once `seat` alone is to act, nothing moves
    until `seat` does; and the page has then drawn that position, with nothing more
    on its way to it (the_page_has_settled). With `reload`, the page is loaded again
    first (it was left behind by moves made through the API); `settle=False` leaves
    the page alone (a long drive through the API that reads no page until its end,
    settled then: waiting for the page to draw every step would slow it down). Fails
    when the game
    ends first (unless `or_finished`: the finished game is returned then, the page
    not waited for) or after POLLS polls."""
    # a move the page has sent is answered first: read before the server has it, the
    # game would be the position before it, which the page has already left
    page.wait_for_function(NO_MOVE_ON_ITS_WAY, timeout=PAGE_CATCH_UP_MS, polling=50)
    driver = ApiDriver(page)
    game: dict[str, Any] = {}
    for _ in range(POLLS):
        game = driver.get(f"/api/games/{game_id}")
        if game["active"] == [seat] and ready(game):
            if reload:
                reload_and_settle(page, game_id)
            elif settle:
                the_page_has_settled(page, game)
            return game
        if game["status"] == "finished":
            if or_finished:
                return game
            break
        page.wait_for_timeout(250)
    prompt = game.get("views", {}).get(seat, {}).get("prompt")
    raise AssertionError(
        f"{seat} was never alone to act at the wanted position: status {game.get('status')}, "
        f"active {game.get('active')}, {seat}'s prompt {prompt!r}"
    )


def the_page_shows(page: Page, game: dict[str, Any]) -> None:
    """Wait until the page draws the game at `game`'s version (its header ends
    "· v<version>"). The page follows the server by pushes, which a loaded machine
    delays: read the page only once it has caught up with what the test read."""
    expect(page.locator(".game-id")).to_have_text(
        re.compile(rf"· v{game['version']}$"), timeout=PAGE_CATCH_UP_MS
    )


#: How long the_page_shows waits for the pushes to arrive (a generous bound, not a speed check).
PAGE_CATCH_UP_MS = 60_000


def the_page_has_settled(page: Page, game: dict[str, Any]) -> None:
    """Wait until nothing the server has already sent can still redraw the page: it
    draws `game`'s version (the_page_shows), its connection reads "live" (the server's
    answer to the websocket, the seat's view, has come and been drawn: a page loaded
    or reloaded draws the board once from its GET and again from that answer), and it
    has no move of its own on the way (`aria-busy`; a question on screen waits for the
    player: settled). Read the page or click on the board only then, while the game
    cannot move either (until_alone_to_act): an element found before a redraw is gone
    when it is clicked (a forced click fails "Element is not visible"), and a focus
    given to it is lost before its Enter."""
    # one check in the page for all three (a test that plays by clicks settles before
    # every click: a round trip each would slow it down on a loaded machine)
    try:
        page.wait_for_function(SETTLED, arg=f"· v{game['version']}", timeout=PAGE_CATCH_UP_MS, polling=50)
    except PlaywrightTimeoutError:
        now = page.evaluate(PAGE_STATE)
        raise AssertionError(f"the page never settled at v{game['version']}: {now}") from None


def reload_and_settle(page: Page, game_id: str) -> dict[str, Any]:
    """Load the page again (it was left behind by moves made through the API) and wait
    until it has settled on the game as the server has it (the_page_has_settled); that
    game. Only for a position nothing else changes meanwhile: the test's seat alone
    to act (until_alone_to_act(reload=True)), or every seat the test's (hot seat)."""
    page.reload()
    game = ApiDriver(page).get(f"/api/games/{game_id}")
    the_page_has_settled(page, game)
    return game


def until_the_page_is_mine(page: Page, game_id: str, seat: str) -> dict[str, Any] | None:
    """For a test that plays by the page alone: wait until `seat` alone is to act and
    the page has settled on that position (the_page_has_settled; a question it asks
    counts as settled: it waits for the player); the game then, or None once the game
    is over and the page has drawn its end. From then on the page changes only by what
    the test does on it."""
    game = until_alone_to_act(page, game_id, seat, or_finished=True)
    if game["status"] == "finished":
        the_page_shows(page, game)
        return None
    return game


#: How long creating a game from a saved game's moves may take: the server replays
#: every move first (a Campaign Game II save is seconds of CPU, and under the stress
#: run's load a core gives a process a tenth of itself: 20 s were not enough).
SAVED_GAME_MS = 120_000


def post_saved_game(page: Page, body: dict[str, Any]) -> str:
    """Create the saved game `body` (ruleset, scenario, seats, seed, moves) through the
    API with the page's session; its id."""
    return str(ApiDriver(page).post("/api/games", body, timeout_ms=SAVED_GAME_MS)["id"])


def open_saved_game(page: Page, body: dict[str, Any], seat: str) -> tuple[str, dict[str, Any]]:
    """A saved game (`body`: ruleset, scenario, seats, seed, moves) created through the API
    by a guest and opened on a desktop page, settled with `seat` alone to act: its id and
    the game as the server sent it."""
    page.set_viewport_size({"width": 1600, "height": 1000})
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()  # a guest session
    game_id = post_saved_game(page, body)
    page.goto(f"/#/game/{game_id}")
    game = until_the_page_is_mine(page, game_id, seat)
    assert game is not None
    the_page_has_settled(page, game)
    return game_id, game


def until_legal(page: Page, game_id: str, seat: str, verbs: set[str] | str) -> dict[str, Any]:
    """`seat`'s view once it alone is to act and one of its legal actions has one of
    these verbs (until_alone_to_act: the server's AI plays the other seats meanwhile)."""
    wanted = {verbs} if isinstance(verbs, str) else verbs

    def ready(game: dict[str, Any]) -> bool:
        return any(action[0] in wanted for action in game["views"][seat]["legal"])

    view: dict[str, Any] = until_alone_to_act(page, game_id, seat, ready)["views"][seat]
    return view


def first_or_done(legal: list[list[Any]]) -> list[Any]:
    """["done"] when it is legal, else the first legal action."""
    return ["done"] if ["done"] in legal else legal[0]


def play_until(
    page: Page,
    game_id: str,
    seat: str,
    done: Callable[[dict[str, Any]], bool],
    choose: Callable[[list[list[Any]]], list[Any]] = first_or_done,
    polls: int = POLLS,
) -> dict[str, Any]:
    """Play `seat` through the API, `choose(legal)` each time, until `done(game)`; the
    game payload then. `seat` acts only when it alone is to act (until_alone_to_act):
    a move chosen while the server's AI may still act could be made on a position
    that is no longer there, and be refused as stale. (`done` sees every poll: make
    it ask for `seat` alone too where the caller reads what the AI could change.)
    Each poll either acts or waits 250 ms: `polls` bounds both."""
    driver = ApiDriver(page)
    game: dict[str, Any] = {}
    for _ in range(polls):
        game = driver.get(f"/api/games/{game_id}")
        if done(game):
            return game
        legal = game["views"][seat]["legal"]
        if game["active"] == [seat] and legal:
            body = {"seat": seat, "action": choose(legal), "expected_version": game["version"]}
            driver.post(f"/api/games/{game_id}/actions", body)
        elif game["status"] == "finished":
            break
        else:
            page.wait_for_timeout(250)
    prompt = game.get("views", {}).get(seat, {}).get("prompt")
    raise AssertionError(f"the game never got there: status {game.get('status')}, {seat}'s prompt {prompt!r}")


def until_the_other_side_has_moved(
    page: Page, game_id: str, me: str, endings: bool = True, wanted: Callable[[list[str]], bool] = bool
) -> dict[str, Any]:
    """Play `me` through the API (endings first, or the first legal action) until the
    AI has acted since `me`'s last action, writing lines in the log (a hidden
    deployment or a secret order writes none), and `me` alone is to play again (the
    AI has nothing left to do, so the board stays as it is); the game payload then."""
    driver = ApiDriver(page)
    for _ in range(POLLS):
        game = driver.get(f"/api/games/{game_id}")
        assert game["status"] != "finished", "the game ended before the AI moved"
        acted = game["last_acted"].get(me, 0)
        if me in game["active"]:
            moved = acted and game["plies"] - acted >= 2
            if moved and wanted(_lines_since(driver, game_id, acted, game["plies"])):
                # a simultaneous step the AI may have yet to finish: wait for it, or
                # the board would move on under the caller's feet
                return until_alone_to_act(page, game_id, me)
            action = _pick(game["views"][me]["legal"], endings)
            # a simultaneous step (deployment): the AI may choose between our read and
            # our move, which the server refuses as stale; read again and choose anew
            driver.post_unless_stale(
                f"/api/games/{game_id}/actions",
                {"seat": me, "action": action, "expected_version": game["version"]},
            )
        else:
            page.wait_for_timeout(250)
    raise AssertionError("the AI never moved")


def step_to_the_end(page: Page, at_least: int) -> tuple[int, list[list[str]]]:
    """Open "since your last move", step through every action: how many there were
    (at least `at_least`: the AI may have moved on meanwhile), each one's lines."""
    since = page.locator(".since-card")
    expect(since).to_be_visible()
    since.locator("summary").click()
    since.get_by_role("button", name="Step through on the board").click()
    stepper = page.locator(".stepper")
    expect(stepper.locator(".stepper-counter")).to_have_text(
        re.compile(r"^The board as you left it · \d+ actions? since$")
    )
    found = re.search(r"(\d+) action", stepper.locator(".stepper-counter").inner_text())
    assert found is not None
    total = int(found.group(1))
    assert total >= at_least
    expect(stepper.get_by_role("button", name="Previous")).to_be_disabled()
    seen = []
    for step in range(1, total + 1):
        stepper.get_by_role("button", name="Next").click()
        expect(stepper.locator(".stepper-counter")).to_have_text(f"Action {step} of {total}")
        seen.append(stepper.locator(".stepper-lines li").all_inner_texts())
    expect(stepper.get_by_role("button", name="Next")).to_be_disabled()
    return total, seen


def board_scale(page: Page) -> float:
    """The board's zoom: the scale of its content's transform (board.js PanZoom)."""
    transform = page.locator(".board-svg .board-content").get_attribute("transform") or ""
    match = re.search(r"scale\(([\d.]+)\)", transform)
    assert match is not None, transform
    return float(match.group(1))


def assert_first_screen(page: Page, what: Locator, height: int) -> None:
    """`what` is seen without scrolling on a screen `height` px high, and the page does
    not scroll sideways."""
    expect(what).to_be_visible()  # measured once drawn (None while not visible)
    box = what.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def _board_boxes(page: Page) -> tuple[dict[str, float], dict[str, float]]:
    frame = page.locator(".board-svg").bounding_box()
    drawn = page.locator(".board-svg .board-content").bounding_box()
    assert frame is not None and drawn is not None
    return frame, drawn


def _covers(frame: dict[str, float], drawn: dict[str, float]) -> bool:
    return (
        drawn["x"] <= frame["x"] + 1
        and drawn["y"] <= frame["y"] + 1
        and drawn["x"] + drawn["width"] >= frame["x"] + frame["width"] - 1
        and drawn["y"] + drawn["height"] >= frame["y"] + frame["height"] - 1
    )


def expect_board_covers_its_box(page: Page, covers: bool = True) -> None:
    """The drawn map covers the whole board box (no empty band: a phone's first view),
    or, with covers=False, leaves some of it empty (the whole map fitted). The board
    is zoomed once its data has come, so this waits for it like an `expect` does."""
    for _ in range(EXPECT_POLLS):
        frame, drawn = _board_boxes(page)
        if _covers(frame, drawn) == covers:
            return
        page.wait_for_timeout(EXPECT_POLL_MS)
    state = "covers" if not covers else "does not cover"
    raise AssertionError(f"the drawn map still {state} its box: map {drawn}, box {frame}")


#: expect_board_covers_its_box waits up to EXPECT_POLLS x EXPECT_POLL_MS (15 s).
EXPECT_POLLS, EXPECT_POLL_MS = 75, 200


def modal(page: Page) -> Locator:
    return page.locator(".modal-backdrop .modal")


def end_phase(page: Page, verb: str) -> None:
    """Click the button of an ending action (end_moves, end_turn…) and, when the page
    asks whether to end with things left to do, say yes (set-up steps only: the
    question itself is tested in test_web_clicks.py)."""
    game_id = game_id_of(page)
    before = int(ApiDriver(page).get(f"/api/games/{game_id}")["version"])
    button(page, verb).click()
    confirm_if_asked(page, game_id, before)


def game_id_of(page: Page) -> str:
    """The id of the game the page shows (its address ends "#/game/<id>")."""
    found = re.search(r"#/game/([^/?#]+)", page.url)
    assert found, f"the page shows no game: {page.url}"
    return found.group(1)


#: axe-core, installed by `npm ci` (package.json) into node_modules at the checkout's root
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_problems(page: Page, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """The accessibility violations axe-core finds on the page, of these impacts, as
    "rule: target" lines (empty = none)."""
    if not AXE.is_file():
        raise AssertionError(f"axe-core is missing at {AXE}: run `npm ci` (scripts/check does)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # evaluated through the browser's debugging protocol, which the page's
        # Content-Security-Policy (no inline script) does not govern
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result: dict[str, Any] = page.evaluate(
        "async () => await window.axe.run(document, {resultTypes: ['violations']})"
    )
    return [
        f"{v['id']} ({v['impact']}): {', '.join(str(n['target']) for n in v['nodes'][:4])}"
        for v in result["violations"]
        if v["impact"] in impacts
    ]


# ----- Victory positions for the issue 26 tests (branch webplay) ---------------------------
#: blue's answer to each step of a Victory turn until production (the AI plays red)
VICTORY_UNTIL_PRODUCTION = (
    "end_moves",
    "fight",
    "pass",
    "take_hit",
    "retreat",
    "land",
    "end_battles",
    "blockade",
)


def victory_to_production(page: Page, game_id: str, seat: str = "blue") -> dict[str, Any]:
    """Play `seat` of a Victory game through the API (deploy, then end or fight every
    step) until it may build and the other side has built; its view then. The page
    is left behind: reload it (reload_and_settle)."""
    driver = ApiDriver(page)
    for i in range(POLLS * 2):
        view = driver.view(game_id, seat)
        verbs = {a[0] for a in view["legal"]}
        if "build" in verbs:
            # production is simultaneous (8.0): the AI may still be building, so the
            # position is read once it has done (until_legal)
            return until_legal(page, game_id, seat, "build")
        if "deploy" in verbs:
            deploys = [a for a in view["legal"] if a[0] == "deploy"]
            driver.act(game_id, seat, deploys[(i * 7) % len(deploys)])
        elif verbs & set(VICTORY_UNTIL_PRODUCTION):
            order = VICTORY_UNTIL_PRODUCTION
            driver.act(game_id, seat, next(a for verb in order for a in view["legal"] if a[0] == verb))
        else:
            assert view["result"] is None, "the game ended before production"
            page.wait_for_timeout(250)
    raise AssertionError(f"{seat} never reached production")
