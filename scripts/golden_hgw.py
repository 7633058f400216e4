"""Hitler's Global War's golden data: `scripts/golden.py --ruleset hgw` (kept for the
commands written before golden data covered every game)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden import main

if __name__ == "__main__":
    sys.exit(main(["--ruleset", "hgw", *sys.argv[1:]]))
