"""`grognard odds RULESET`: a battle written on the command line, turned into the
description the ruleset's odds function reads (the shape of its `odds_form()`, which the
web app's calculator posts; docs/adding-a-ruleset.md, section 10).

    --attacker infantry:3,cavalry   unit types of the form's `sides` with counts (1 if left out)
    --set terrain=forest            the form's terrain, settlement, flags (true/false) and
    --set cards.attacker=ID         per-side choices (Virtuti's battle cards)

Every word is checked against the form, so a mistake gets one line naming what is
allowed. A ruleset whose odds module has its own `odds_report(attacker, defender,
settings)` (Victory: block steps, samples, precision) is asked through that instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grognard.core.errors import BadOptions
from grognard.core.game import Ruleset
from grognard.core.odds import BadBattle
from grognard.seams import seam

TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


def _units(text: str, who: str, allowed: list[str]) -> dict[str, int]:
    units: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        kind, sep, count = (x.strip() for x in part.partition(":"))
        if kind not in allowed:
            raise BadOptions(f"--{who}: unknown unit type {kind!r}; types: {', '.join(allowed)}")
        if sep and not count.isdigit():
            raise BadOptions(f"--{who}: {part!r}: the count after ':' must be a whole number")
        units[kind] = units.get(kind, 0) + (int(count) if sep else 1)
    if not units:
        raise BadOptions(f"--{who} names no units: write them as {allowed[0]}:2,{allowed[-1]}")
    return units


def _choice(form: Mapping[str, Any], key: str, value: str) -> tuple[str, Any]:
    """The description entry of one --set KEY=VALUE, checked against the form."""
    flags: Mapping[str, str] = form.get("flags") or {}
    choices: Mapping[str, Any] = form.get("choices") or {}
    name, _, side = key.partition(".")
    if key in ("terrain", "settlement") and key in form:
        allowed = [str(v) for v in form[key] if v is not None]
        if value in ("", "none") and None in form[key]:
            return key, None
        if value not in allowed:
            raise BadOptions(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
        return key, value
    if key in flags:
        if value.lower() not in TRUE + FALSE:
            raise BadOptions(f"{key} is true or false, not {value!r}")
        return key, value.lower() in TRUE
    if name in choices and side in ("attacker", "defender"):
        options: Mapping[str, str] = choices[name].get("options") or {}
        if value not in options:
            raise BadOptions(f"{key}: {value!r} is not one of {', '.join(options)}")
        return key, value
    known = [k for k in ("terrain", "settlement") if k in form] + list(flags)
    known += [f"{c}.attacker, {c}.defender" for c in choices]
    raise BadOptions(f"unknown setting {key!r}; settings: {', '.join(known) or 'none'}")


def describe(
    form: Mapping[str, Any], attacker: str, defender: str, settings: Mapping[str, str]
) -> dict[str, Any]:
    """The odds description of a battle written on the command line."""
    description: dict[str, Any] = {}
    for key, value in settings.items():
        entry, checked = _choice(form, key, value)
        name, _, side = entry.partition(".")
        if side:
            description.setdefault(name, {})[side] = checked
        else:
            description[entry] = checked
    sides: Mapping[str, list[str]] = form["sides"]
    kind = "naval" if description.get("naval") and "naval" in sides else "land"
    description["attacker"] = _units(attacker, "attacker", list(sides[kind]))
    description["defender"] = _units(defender, "defender", list(sides[kind]))
    return description


def odds_report(
    ruleset: Ruleset, attacker: str, defender: str, settings: Mapping[str, str]
) -> dict[str, Any]:
    """`grognard odds`: {"battle": description, "odds": ...}, or the ruleset's own report."""
    own = seam(ruleset, "odds_report")
    if own is not None:
        report: dict[str, Any] = own.odds_report(attacker, defender, settings)
        return report
    form = ruleset.odds_form()
    if form is None:
        raise BadOptions(f"{ruleset.id} offers no battle odds")
    description = describe(form, attacker, defender, settings)
    try:
        odds = ruleset.odds(description)
    except BadBattle as exc:
        raise BadOptions(str(exc)) from None
    return {"battle": description, "odds": odds.to_json()}
