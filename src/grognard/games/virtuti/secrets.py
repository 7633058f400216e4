"""Secret simultaneous choices (General Rules, Access To Information).

Virtuti has no fog of war, but orders, played cards, air support picks and production
are chosen in secret and revealed together. A secret window opens with a snapshot of
every faction's public position (its record, its units, its orders on the map); while
it is open, a role sees the other player's factions as they were in the snapshot, so
its own choices can change the live data at once without the opponent learning
anything. A role's choices are logged only to itself, each line numbered so that a
leak test can look for it. When every role has confirmed, the window closes: the
choices become public and undo may not cross the reveal.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import msgspec

from grognard.games.virtuti.board import FACTIONS_OF, ROLE_OF, Data, secret_window

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


def snapshot(data: Data, faction: str) -> dict[str, Any]:
    """The public position of one faction: what the opponent keeps seeing while secret
    (a deep copy through JSON: the data is JSON-safe, and this is much faster)."""
    picture: dict[str, Any] = _decode(
        _encode(
            {
                "faction": data["factions"][faction],
                "units": {i: u for i, u in data["units"].items() if u["f"] == faction},
                "orders": {a: o for a, o in data["orders"].items() if o["f"] == faction},
            }
        )
    )
    return picture


def open_secret(state: VirtutiState, kind: str, roles: list[str], **info: Any) -> None:
    data = state.vdata
    data["secret"] = {
        "kind": kind,
        "roles": roles,
        "done": [],
        "choices": {},
        "lines": {r: [] for r in roles},
        "frozen": {f: snapshot(data, f) for f in ("axis", "western_allies", "ussr")},
        **info,
    }


def secret_log(state: VirtutiState, role: str, text: str) -> None:
    """A line only `role` reads until the reveal (numbered: each is unique)."""
    data = state.vdata
    data["secret_serial"] += 1
    line = f"(secret {data['secret_serial']}) {text}"
    state.log(line, to=[role])
    secret_window(data)["lines"][role].append(line)


def close_secret(state: VirtutiState) -> dict[str, Any]:
    """End the window (steps.Secret, a core/secret_choices.py window, has made the
    state irreversible); the caller logs the reveal. Returns the closed window."""
    closed = secret_window(state.vdata)
    state.vdata["secret"] = None
    return closed


def hidden_from(data: Data, role: str | None) -> list[str]:
    """The factions whose live position `role` may not see now (all, for observers)."""
    secret = data["secret"]
    if secret is None:
        return []
    return [f for f in ("axis", "western_allies", "ussr") if role is None or ROLE_OF[f] != role]


def public_data(data: Data, role: str | None) -> Data:
    """The data as `role` may see it: other players' factions as in the snapshot."""
    hidden = hidden_from(data, role)
    if not hidden:
        return data
    frozen = secret_window(data)["frozen"]
    out = data.copy()
    out["factions"] = {f: (frozen[f]["faction"] if f in hidden else v) for f, v in data["factions"].items()}
    out["units"] = {i: u for i, u in data["units"].items() if u["f"] not in hidden}
    out["orders"] = {a: o for a, o in data["orders"].items() if o["f"] not in hidden}
    for f in hidden:
        out["units"].update(frozen[f]["units"])
        out["orders"].update(frozen[f]["orders"])
    return out


def redraw_others(data: Data, role: str) -> None:
    """For search agents: forget the other players' secret choices (they revert to the
    snapshot, keeping whether they confirmed; closing fills defaults)."""
    secret = data["secret"]
    if secret is None:
        return
    frozen = secret["frozen"]
    for other in secret["roles"]:
        if other == role:
            continue
        for f in FACTIONS_OF[other]:
            data["factions"][f] = copy.deepcopy(frozen[f]["faction"])
            data["units"] = {i: u for i, u in data["units"].items() if u["f"] != f}
            data["units"].update(copy.deepcopy(frozen[f]["units"]))
            data["orders"] = {a: o for a, o in data["orders"].items() if o["f"] != f}
            data["orders"].update(copy.deepcopy(frozen[f]["orders"]))
            secret["choices"].pop(f, None)
        secret["lines"][other] = []
