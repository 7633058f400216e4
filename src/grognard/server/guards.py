"""The server's bounds on costly requests, set once per app (`create_app(limits=)`).

`Limits` holds the numbers (each with why it is that size), `Guards` the live
limiters built from them, kept in `app.state.guards` and reached with `guards_of`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

from .clients import Holdings, SocketBounds
from .oddsdesk import OddsDesk
from .ratelimit import Rate, RateLimiter, WorkGate
from .savedgames import ReplayDesk

# (module constants: a dataclass default must not be built by a call)
_SIGN_IN_PER_ADDRESS = Rate(burst=20, per=3.0)
_SIGN_IN_PER_ACCOUNT = Rate(burst=10, per=6.0)
_REPLAY_PER_ADDRESS = Rate(burst=60, per=0.1)
_ODDS_PER_CALLER = Rate(burst=20, per=0.2)
_CHAT_PER_ADDRESS = Rate(burst=30, per=1.0)
_WHY_PER_CALLER = Rate(burst=30, per=0.2)
_GUESTS_PER_ADDRESS = Rate(burst=20, per=10.0)
_SAVED_GAMES_PER_CALLER = Rate(burst=8, per=4.0)
_GAMES_PER_ADDRESS = Rate(burst=20, per=3.0)


@dataclass(frozen=True)
class Limits:
    #: Sign-in attempts (login and register) from one address: a club behind one
    #: NAT signs in together, so a burst of 20, then one every 3 s.
    sign_in_per_address: Rate = _SIGN_IN_PER_ADDRESS
    #: Attempts on one account name, from anywhere: 10, then one every 6 s (600
    #: guesses an hour at most, however many addresses an attacker has).
    sign_in_per_account: Rate = _SIGN_IN_PER_ACCOUNT
    #: argon2 hashes at once: each takes 64 MiB, so 4 cap that memory at 256 MiB.
    concurrent_hashes: int = 4
    #: Seconds a sign-in waits for a hashing slot before it is answered 503.
    hash_patience: float = 2.0
    #: `/replay/{step}` requests from one address: the replay page steps quickly
    #: through a game, so a burst of 60, then ten a second.
    replay_per_address: Rate = _REPLAY_PER_ADDRESS
    #: Replay steps computed at once (each is CPU work under the GIL).
    concurrent_replays: int = 2
    #: Seconds a replay step waits for a slot before it is answered 503.
    replay_patience: float = 2.0
    #: Battle odds per caller (account, else address): the client asks before each
    #: attack and after each round, so a burst of 20, then five a second.
    odds_per_caller: Rate = _ODDS_PER_CALLER
    #: Chat messages from one address: anyone watching may chat (spectators' chat,
    #: chat.py) and guests cost nothing, so the address is the key; players behind
    #: one NAT still talk freely: a burst of 30, then one a second.
    chat_per_address: Rate = _CHAT_PER_ADDRESS
    #: "Why can't I?" answers per caller (account, else address): one per click that
    #: does nothing, each a legal list and a little rules work: a burst of 30, then
    #: five a second (a player clicking about fast still gets answers).
    why_per_caller: Rate = _WHY_PER_CALLER
    #: Websockets from one address: a browser tab holds one per game it shows, and a
    #: club behind one NAT has a few players with a few tabs each; 32 is far below
    #: the 900 connections a process accepts (clients.py).
    websockets_per_address: int = 32
    #: Websockets of one session (one person's tabs and devices).
    websockets_per_session: int = 16
    #: Observer sockets on one game: each is sent a view on every move (800 observers
    #: of one game raised its move time from 27 to 189 ms at the median); 100 keep a
    #: move within a few milliseconds more and are more spectators than a club game has.
    observers_per_game: int = 100
    #: HTTP requests of one address in flight at once (behind a trusted proxy, where
    #: connections do not tell clients apart): a page loads a handful at a time.
    requests_per_address: int = 32
    #: HTTP requests of one address running at once; the rest of its requests in
    #: flight wait their turn (not refused): every running request shares the
    #: interpreter, and 15 of one client's at once left another player's move a
    #: sixteenth of it. A browser has 6 connections to a site and rarely 4 requests
    #: under way at once (a page's own files take about a millisecond each: webfiles.py).
    requests_running_per_address: int = 4
    #: Guest sessions started from one address: a club behind one NAT arrives
    #: together, so a burst of 20, then one every 10 s (15 guests made 601 open games
    #: in 10 s, each guest with the quotas below).
    guests_per_address: Rate = _GUESTS_PER_ADDRESS
    #: New games made from one address (guests are free, so the quotas per user
    #: below alone let 15 guests make 150 games at once): a club behind one NAT
    #: starts a burst of 20, then one every 3 s.
    games_per_address: Rate = _GAMES_PER_ADDRESS
    #: Games with an AI seat one user may have in progress: each may keep the AI
    #: thinking; a person plays a few at once, 10 leave room for trying levels out.
    ai_games_per_user: int = 10
    #: Public games with an open seat one user may have waiting for players: the
    #: lobby lists 100, and one user's games must not fill it.
    open_games_per_user: int = 10
    #: AI moves of one user's games thinking at once, in each lane (aiqueue.py): one,
    #: so that every other user's move takes the next free slot.
    ai_thinking_per_user: int = 1
    #: Searches thinking at once in the whole server (every process of it on
    #: PostgreSQL: searchslots.py): one per core of the machine. Each is pure Python
    #: for seconds; per process, two processes on two cores ran four at once.
    searches_at_once: int = field(default_factory=lambda: os.cpu_count() or 1)
    #: New games from a saved game per address, each charged its CPU time (one token
    #: per `saved_game_cpu_per_token` seconds; an HGW save of 2 356 moves is 2.6 s):
    #: a burst of 8 tokens (2 s of CPU), then one every 4 s, a sixteenth of a core.
    saved_games_per_caller: Rate = _SAVED_GAMES_PER_CALLER
    saved_game_cpu_per_token: float = 0.25
    #: Saved games replayed at once: one (in a worker process under `grognard serve`,
    #: savedgames.py; elsewhere CPU work under the GIL, which the event loop needs too).
    concurrent_saved_games: int = 1
    #: CPU seconds a saved game may take to replay (413 past it): the longest real
    #: saves (HGW, 2 356 moves) take 2.6 s.
    saved_game_cpu_seconds: float = 6.0
    #: Odds computed at once in this process (each is CPU work under the GIL; a
    #: Victory 20-against-20 battle takes 0.8-3.5 s): one per core.
    odds_at_once: int = 2
    #: Odds calls of one address computing at once: one player asks one at a time.
    odds_per_address_at_once: int = 1
    #: CPU seconds one token of `odds_per_caller` pays for: a call is charged its CPU
    #: time against its address and its account, so that one address spends at most a
    #: quarter of a core on odds (5 tokens a second), however costly each battle is.
    odds_cpu_per_token: float = 0.05
    #: Answers remembered for the same battle (the client asks again after each
    #: round and on every click on the same hex).
    odds_cache_entries: int = 1024

    @classmethod
    def shared_address(cls) -> Limits:
        """These limits with the bounds per client address lifted, for a server whose
        players all come from one address that no stranger shares (tests on
        loopback, a club's server on its own network): the bounds per account, per
        game and in all stay."""
        unbounded = Rate(burst=1_000_000, per=1e-6)
        return cls(
            guests_per_address=unbounded,
            games_per_address=unbounded,
            saved_games_per_caller=unbounded,
            websockets_per_address=1_000_000,
            requests_per_address=1_000_000,
            requests_running_per_address=1_000_000,
        )


@dataclass
class Guards:
    limits: Limits
    sign_in_by_address: RateLimiter
    sign_in_by_account: RateLimiter
    hashing: WorkGate
    replay_by_address: RateLimiter
    replaying: WorkGate
    odds_by_caller: RateLimiter
    chat_by_address: RateLimiter
    why_by_caller: RateLimiter
    sockets: Holdings
    guests_by_address: RateLimiter
    saved_games_by_caller: RateLimiter
    saving: WorkGate
    games_by_address: RateLimiter
    odds_desk: OddsDesk
    replays: ReplayDesk

    @classmethod
    def of_limits(
        cls, limits: Limits, odds_processes: bool = False, replay_processes: bool = False
    ) -> Guards:
        """The limiters; `odds_processes`: compute odds in worker processes (oddsdesk.py);
        `replay_processes`: play saved games' moves in worker processes (savedgames.py)."""
        odds_by_caller = RateLimiter(limits.odds_per_caller, "odds requests")
        return cls(
            limits,
            RateLimiter(limits.sign_in_per_address, "sign-in attempts from this address"),
            RateLimiter(limits.sign_in_per_account, "sign-in attempts for this account"),
            WorkGate(limits.concurrent_hashes, "sign-ins", limits.hash_patience),
            RateLimiter(limits.replay_per_address, "replay requests from this address"),
            WorkGate(limits.concurrent_replays, "replays", limits.replay_patience),
            odds_by_caller,
            RateLimiter(limits.chat_per_address, "chat messages from this address"),
            RateLimiter(limits.why_per_caller, "'why not' questions"),
            Holdings(
                SocketBounds(
                    limits.websockets_per_address,
                    limits.websockets_per_session,
                    limits.observers_per_game,
                )
            ),
            RateLimiter(limits.guests_per_address, "guest sessions from this address"),
            RateLimiter(limits.saved_games_per_caller, "games from saved games"),
            WorkGate(limits.concurrent_saved_games, "saved games", 2.0),
            RateLimiter(limits.games_per_address, "new games from this address"),
            OddsDesk(
                odds_by_caller,
                WorkGate(limits.odds_at_once, "odds calculations", 2.0),
                limits.odds_per_address_at_once,
                limits.odds_cpu_per_token,
                limits.odds_cache_entries,
                odds_processes,
            ),
            ReplayDesk(limits.concurrent_saved_games, replay_processes),
        )


def guards_of(conn: HTTPConnection) -> Guards:
    guards: Guards = conn.app.state.guards
    return guards
