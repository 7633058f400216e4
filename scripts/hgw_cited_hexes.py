"""Write the list of hex numbers the Hitler's Global War rulebook cites.

The rulebook is not part of this repository, so what the tests need from it is kept
here as our own data: the sorted 4- and 5-digit numbers it mentions, less the years of the war
(1939-1945). tests/games/hgw/test_hgw_map.py checks that the map cites every one.

    python scripts/hgw_cited_hexes.py --rulebook PATH          # rewrite the list
    python scripts/hgw_cited_hexes.py --rulebook PATH --check  # exit 1 when it is stale

PATH is the rulebook's Markdown text, wherever one has it (the script looks nowhere
outside the repository by itself). An unreadable rulebook is one line and exit 2: the
committed list stands.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "games" / "hgw" / "rulebook_hexes.json"
YEARS = frozenset(str(year) for year in range(1939, 1946))


def cited_numbers(text: str) -> list[str]:
    """The 4- and 5-digit numbers of a text that are not a year of the war, sorted."""
    return sorted(set(re.findall(r"\b\d{4,5}\b", text)) - YEARS)


def encode(numbers: list[str]) -> str:
    document = {
        "about": "Hex numbers cited by Hitler's Global War v1.4b (years 1939-1945 left out); "
        "made by scripts/hgw_cited_hexes.py",
        "hexes": numbers,
    }
    return json.dumps(document, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed list is stale")
    parser.add_argument("--rulebook", type=Path, required=True, help="the rulebook's Markdown text")
    args = parser.parse_args(argv)
    try:
        text = args.rulebook.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"hgw_cited_hexes: cannot read the rulebook {args.rulebook}: {exc.strerror}", file=sys.stderr)
        return 2
    wanted = encode(cited_numbers(text))
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != wanted:
            print(f"{OUT.relative_to(ROOT)} is stale: run python scripts/hgw_cited_hexes.py", file=sys.stderr)
            return 1
        print(f"{OUT.relative_to(ROOT)} is up to date")
        return 0
    OUT.write_text(wanted, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
