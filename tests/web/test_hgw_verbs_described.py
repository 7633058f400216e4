"""Every verb HGW declares has its own words on the page (hgw-describe.js): a verb
without a `case` shows the generic label, which says nothing of what the action does
(the shipping verbs and the Pacific War's Chinese strike landed without one)."""

from __future__ import annotations

import re
from pathlib import Path

from grognard.games.hgw.actions import declarations

DESCRIBE = Path(__file__).resolve().parents[2] / "src" / "grognard" / "web" / "games" / "hgw-describe.js"


def test_every_declared_hgw_verb_has_a_description_case() -> None:
    described = set(re.findall(r'case "([a-z_0-9]+)":', DESCRIBE.read_text(encoding="utf-8")))
    missing = sorted(set(declarations()) - described)
    assert not missing, f"verbs with no words in hgw-describe.js: {missing}"
