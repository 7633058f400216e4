"""Run many games on a backend, streaming each result to a JSON Lines file.

A batch is a list of `Job`s (game index, config, seed), each a call of the pure
function `play(config, seed)`. Backends only decide *where* the calls run:

- "local": this process (one worker) or a pool of spawned worker processes;
- "ray":   Ray tasks, on a local Ray instance or the cluster at `address`.

Results are handed back in completion order and put back in game order, so a
summary is the same whatever the backend or worker count.

The results file starts with one header line (`{"kind": "header", "run": {...}}`,
the run's whole description but its game count, since a longer run of the same
seeds extends a shorter one) and then one `{"kind": "game", ...}` line per finished
game, written and flushed as soon as the game ends. Running again with the same
file and the same run resumes it: finished games are read back, not replayed; a
line cut short by an interruption is dropped. A file of another run is refused.

A ruleset with a `content_report` hook (sim/content.py) adds its designed-content
facts to each game record as "content", computed from the game's state after set-up
and its last state; records without them (older files) still load and resume.
"""

from __future__ import annotations

import json
import math
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from grognard.core.game import State

from .content_hook import facts_hook
from .play import GameConfig, get_ruleset, play

BACKENDS = ("local", "ray")
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Job:
    """Game `index` of a batch: `play(config, seed)`."""

    index: int
    config: GameConfig
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "config": self.config.to_json(), "seed": self.seed}

    @classmethod
    def from_json(cls, blob: dict[str, Any]) -> Job:
        return cls(int(blob["index"]), GameConfig.from_json(blob["config"]), int(blob["seed"]))


class ResultsFileError(ValueError):
    """The results file cannot be resumed (another run's, or not a results file)."""


def run_job(job: Job) -> dict[str, Any]:
    """One game's record: the play result plus its index (the unit every backend runs),
    and the ruleset's content facts when it has the hook."""
    hook = facts_hook(get_ruleset(job.config.ruleset).id)
    if hook is None:
        record = play(job.config, job.seed)
    else:
        seen: list[State] = []

        def watch(state: State) -> None:
            if not seen:
                seen.append(state.clone())  # the state after set-up, before it changes
            seen[1:] = [state]  # the live state: the last one once the game is over

        record = play(job.config, job.seed, on_action=watch)
        record["content"] = hook(seen[0], seen[-1])
    record["game"] = job.index
    return record


def run_chunk(jobs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Several jobs in JSON form (what crosses a process or network boundary)."""
    return [run_job(Job.from_json(blob)) for blob in jobs]


def chunk_size(games: int, workers: int) -> int:
    """Ray's tasks: small enough chunks to balance the load and move the progress bar,
    few enough that a task's scheduling cost stays small beside its games."""
    return max(1, min(25, math.ceil(games / (workers * 4))))


# ----- backends ------------------------------------------------------------------------
def _local(jobs: list[Job], workers: int) -> Iterator[dict[str, Any]]:
    if workers == 1:
        for job in jobs:
            yield run_job(job)
        return
    # spawn: a clean interpreter per worker, whatever threads the parent runs
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        # one game a task, so each record is streamed the moment its game ends: with
        # chunks of up to 25 a run cut short lost up to a chunk a worker (nine search
        # games of a ladder, many minutes), and the pool's cost of a task is far
        # below a game's (benchmarks/README.md, "One game a task")
        futures = [pool.submit(run_chunk, [job.to_json()]) for job in jobs]
        for future in as_completed(futures):
            yield from future.result()


def _ray(jobs: list[Job], workers: int, address: str | None) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'grognard[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(run_chunk)
        cpus = ray.cluster_resources().get("CPU", workers)  # type: ignore[no-untyped-call]
        nodes = max(1, int(cpus))
        size = chunk_size(len(jobs), nodes)
        pending = [
            remote.remote([j.to_json() for j in jobs[i : i + size]]) for i in range(0, len(jobs), size)
        ]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


# ----- the results file -------------------------------------------------------------------
def read_results(path: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The header and the game records of a results file (a cut-short last line is
    ignored; any other bad line is an error)."""
    if not path.exists():
        return None, []
    lines = path.read_text().splitlines()
    header: dict[str, Any] | None = None
    games: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):
                break  # the run was interrupted while writing this line
            raise ResultsFileError(f"{path}:{number} is not a JSON line") from None
        kind = record.get("kind") if isinstance(record, dict) else None
        if kind == "header" and header is None and number == 1:
            header = record
        elif kind == "game" and header is not None:
            del record["kind"]
            games.append(record)
        else:
            raise ResultsFileError(f"{path}:{number} is not a grognard results line")
    if lines and header is None:
        raise ResultsFileError(f"{path} does not start with a grognard results header")
    return header, games


def _open_for_append(path: Path, run: dict[str, Any]) -> tuple[IO[str], list[dict[str, Any]]]:
    header, done = read_results(path)
    if header is not None and header["run"] != run:
        raise ResultsFileError(
            f"{path} holds the results of another run (other settings or seed); "
            "choose a new file to start this one"
        )
    good = [json.dumps({"kind": "header", "run": run})] + [json.dumps({"kind": "game", **g}) for g in done]
    # rewrite what was read, so that a line cut short is gone before appending
    path.write_text("".join(line + "\n" for line in good))
    return path.open("a"), done


def run_jobs(
    jobs: list[Job],
    run: dict[str, Any],
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    out: Path | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play every job (those already in `out` excepted) and return all records in
    game order. `run` describes the batch (it is the results file's header)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    stream: IO[str] | None = None
    done: list[dict[str, Any]] = []
    if out is not None:
        stream, done = _open_for_append(out, run)
    finished = {int(g["game"]) for g in done}
    todo = [job for job in jobs if job.index not in finished]
    records = {int(g["game"]): g for g in done if int(g["game"]) < len(jobs)}
    total = len(jobs)
    if progress is not None:
        progress(len(records), total)
    try:
        results = _local(todo, workers) if backend == "local" else _ray(todo, workers, address)
        for record in results:
            records[int(record["game"])] = record
            if stream is not None:
                stream.write(json.dumps({"kind": "game", **record}) + "\n")
                stream.flush()
            if progress is not None:
                progress(len(records), total)
    finally:
        if stream is not None:
            stream.close()
    return [records[i] for i in sorted(records)]
