"""What a flood of sign-ins costs the server: peak memory and answers.

    PYTHONPATH=src python benchmarks/signin_flood.py [--logins 60] [--unlimited-rate]

Starts the app on loopback with `grognard serve`'s connection settings and sends
`--logins` concurrent logins for one account (right password). By default the
sign-in rate limits apply (most answers are 429); `--unlimited-rate` lifts them to
show the bound on concurrent argon2 hashes alone (answers 200, or 503 past
`Limits.hash_patience`). Prints the process's peak RSS before and after (ru_maxrss),
the answers by status and the wall time. Writes nothing.
"""

from __future__ import annotations

import argparse
import collections
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

from loopback import serving

from grognard.server import create_app
from grognard.server.guards import Limits
from grognard.server.ratelimit import Rate


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logins", type=int, default=60)
    parser.add_argument("--unlimited-rate", action="store_true")
    args = parser.parse_args()
    limits = Limits()
    if args.unlimited_rate:
        unlimited = Rate(burst=10_000, per=0.001)
        # and requests in flight per address (issue 27): every login comes from 127.0.0.1
        limits = Limits(
            sign_in_per_address=unlimited, sign_in_per_account=unlimited, requests_per_address=10**6
        )
    folder = tempfile.mkdtemp()
    app = create_app(f"sqlite:///{folder}/flood.db", limits=limits)
    credentials = {"username": "flooded", "password": "a long enough password"}
    statuses: collections.Counter[int] = collections.Counter()
    with serving(app) as port:
        base = f"http://127.0.0.1:{port}"
        assert httpx.post(f"{base}/api/register", json=credentials).status_code == 200
        before = peak_mib()
        start = time.perf_counter()

        def login() -> None:
            answer = httpx.post(f"{base}/api/login", json=credentials, timeout=60)
            statuses[answer.status_code] += 1

        threads = [threading.Thread(target=login) for _ in range(args.logins)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        took = time.perf_counter() - start
    print(f"{args.logins} concurrent logins, rate limits {'lifted' if args.unlimited_rate else 'on'}")
    print(f"  peak RSS {before:.0f} MiB before, {peak_mib():.0f} MiB after")
    print(f"  answers {dict(sorted(statuses.items()))} in {took:.1f} s")


if __name__ == "__main__":
    main()
