"""Secrets: argon2 password hashes, session tokens stored as SHA-256 digests, and the
CSRF token derived from the session token (a signed double-submit token: the browser
reads it from a cookie and echoes it in the `X-CSRF-Token` header)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

SESSION_COOKIE = "grognard_session"
CSRF_COOKIE = "grognard_csrf"
CSRF_HEADER = "x-csrf-token"

#: Used with fullmatch: `$` would also match before a trailing newline ("dave\n").
USERNAME_PATTERN = re.compile(r"[A-Za-z0-9_.-]{3,32}")
PASSWORD_MIN = 8
PASSWORD_MAX = 256

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def password_needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)


def new_token() -> str:
    """A random 256-bit token, URL-safe."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode()).hexdigest()


def csrf_token_for(session_token: str) -> str:
    """The CSRF token that goes with a session; it cannot be turned back into it."""
    return hashlib.sha256(b"grognard-csrf\x00" + session_token.encode()).hexdigest()


def is_csrf_valid(session_token: str, header_value: str | None) -> bool:
    return header_value is not None and hmac.compare_digest(csrf_token_for(session_token), header_value)
