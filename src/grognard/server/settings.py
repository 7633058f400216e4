"""Server settings: one frozen record, built by `create_app` from its arguments."""

from __future__ import annotations

from dataclasses import dataclass

KIB = 1024


@dataclass(frozen=True)
class Settings:
    database_url: str
    #: Largest request body accepted (413 beyond).
    max_body_bytes: int = 64 * KIB
    #: Largest body of `POST /api/games`, which may bring a saved game's moves.
    max_new_game_bytes: int = 1024 * KIB
    #: Seconds an AI seat may think about one move; past it the server plays a random
    #: legal action for it instead.
    ai_move_budget: float = 10.0
    #: Threads that run AI moves (a game's AI never blocks the event loop or other games').
    ai_workers: int = 4
    #: Processes that run search agents' moves (0: they run in the AI threads, which
    #: suits tests; `grognard serve` uses processes, see docs/simlab.md).
    ai_search_processes: int = 0
    #: Send cookies with the Secure flag (set behind HTTPS).
    secure_cookies: bool = False
    session_days: int = 30
    #: Seconds a looked-up session is trusted without asking the database again
    #: (another process's logout reaches this one that much later); 0 asks every time.
    session_cache_seconds: float = 10.0
    #: Live game states kept in memory; others are reloaded from their snapshot.
    live_games: int = 256
    #: Longest chat message, in characters.
    chat_max_chars: int = 500
    #: Chat messages returned with a game.
    chat_history: int = 100
    #: Messages a websocket may have waiting before the server drops that connection.
    ws_max_pending: int = 256
