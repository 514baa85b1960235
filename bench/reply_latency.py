#!/usr/bin/env python
"""Reply latency through the HTTP API, next to a baseline that sends the whole ticket history.

Run ``python bench/reply_latency.py --help``. What it does, per mode:

* a fresh data dir and container (``bootstrap(settings)``: SQLite, the local memory store, the
  offline responder; the guard's embedding model loaded once and shared by both modes, or off
  with ``--no-embeddings``), the app served by uvicorn on a free local port;
* ``--conversations`` customers (default 50), each with one ticket that already holds
  ``--history`` customer messages and replies (written through the desk, untimed);
* all conversations talk at once: each sends ``--turns`` messages one after another
  (``POST /v1/tickets/{id}/messages``, JSON answer), waiting ``--think-ms`` between turns; the
  latency of every reply is the client-side wall time of its request. The client runs in a
  process of its own (``--client thread``: in the server's process, sharing its GIL). The
  messages cycle through seven texts, so after the first few the embedding cache answers the
  memory recall;
  ``--unique-messages`` makes every message new text, so every reply pays one encode, as
  with real customers.

``--profile N`` instead runs N replies one at a time in-process (no HTTP, no concurrency)
under cProfile on a seeded ticket, and prints per reply: the time, aggregate copies taken from
the repository, commits, and texts the embedding model encoded; then the top functions.

Modes:

* **guarded**: the pipeline as wired (labelled context: memory recall, the last 20 messages,
  attempts, failed attempts elsewhere, preferences);
* **baseline**: the same pipeline, but the responder's ``recent_messages`` section is replaced by
  the ticket's *whole* history (every customer message and reply, read from the event store) —
  what a naive integration sends to the model each turn.

The responder is wrapped to record the size of each draft request (characters of all context
lines, and how many history lines); the report gives p50/p95/p99 latency per mode, the
baseline/guarded ratios of context size and latency, and whether p95 ≤ 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import math
import os
import platform
import pstats
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
import uvicorn

from caseledger.adapters.bootstrap import Container, bootstrap
from caseledger.adapters.settings import (
    ApiKey,
    ApiSettings,
    EscalationSettings,
    GuardSettings,
    Settings,
)
from caseledger.api.app import create_app
from caseledger.domain.ids import event_id_for
from caseledger.domain.ports import ContextSection, DraftRequest
from caseledger.domain.services import Cause, SupportDesk
from caseledger.domain.services.desk import UnitOfWork

KEY = "bench-service-key-0123456789abcdef"
TARGET_P95_MS = 100.0

# What customers say, in turn; feedback phrases make the pipeline record outcomes too.
MESSAGES = (
    "My laptop stopped charging after yesterday's update.",
    "I tried that, it's still not charging.",
    "Please email me at ana@example.com about this.",
    "试过了，还是不行。",
    "It charges a bit now but very slowly.",
    "Didn't get to try it yet, will do tonight.",
    "That fixed it, thanks!",
)
HISTORY_LINES = (
    "The battery icon shows plugged in, not charging.",
    "I'm using the original 65W charger.",
    "It's a Dell Inspiron 15, bought last year.",
    "Still the same this morning.",
)


# -- measuring the context ---------------------------------------------------------------------


@dataclass
class ContextLog:
    """Sizes of every draft request one mode's responder saw."""

    chars: list[int] = field(default_factory=list)
    history_lines: list[int] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, request: DraftRequest) -> None:
        chars = len(request.message) + sum(len(line) for s in request.sections for line in s.lines)
        history = sum(len(s.lines) for s in request.sections if s.label == "recent_messages")
        with self.lock:
            self.chars.append(chars)
            self.history_lines.append(history)


class MeasuringResponder:
    """Wraps the pipeline's responder: records context sizes; the baseline swaps in the whole
    ticket history for the ``recent_messages`` section first."""

    def __init__(self, inner: Any, log: ContextLog, container: Container | None) -> None:
        self.inner = inner
        self.log = log
        self.container = container  # set: baseline mode

    @property
    def name(self) -> str:
        return str(self.inner.name)

    def stream(self, request: DraftRequest) -> Iterator[str]:
        if self.container is not None:
            request = whole_history(self.container, request)
        self.log.record(request)
        return iter(self.inner.stream(request))


def whole_history(container: Container, request: DraftRequest) -> DraftRequest:
    """The request with every message and reply of the ticket, from the event store."""
    lines, ids = [], []
    for event in container.desk.repository.event_store.get(UUID(request.ticket_id)):
        kind = type(event).__name__
        if kind in ("MessageReceived", "ReplySent"):
            who = "customer" if kind == "MessageReceived" else "assistant"
            lines.append(f"{who}: {getattr(event, 'text', '')}")
            ids.append(event_id_for(event.originator_id, event.originator_version))
    sections = tuple(
        ContextSection(s.label, tuple(lines), tuple(ids)) if s.label == "recent_messages" else s
        for s in request.sections
    )
    return replace(request, sections=sections)


# -- the server --------------------------------------------------------------------------------


class Server:
    """uvicorn serving the app on a free local port, in a thread."""

    def __init__(self, container: Container) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        sock.close()
        config = uvicorn.Config(
            create_app(container),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            limit_concurrency=1000,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.01)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


# -- one mode ----------------------------------------------------------------------------------


@dataclass
class ModeResult:
    mode: str
    replies: int
    errors: int
    wall_s: float
    latencies_ms: list[float]
    context_chars: list[int]
    history_lines: list[int]
    seed_s: float
    read_floor_ms: float
    cpu_s: float  # CPU of the server's process while timed (with --client thread, the client's too)

    def summary(self) -> dict[str, Any]:
        lat = sorted(self.latencies_ms)
        return {
            "mode": self.mode,
            "replies": self.replies,
            "errors": self.errors,
            "replies_per_s": round(self.replies / self.wall_s, 1) if self.wall_s else None,
            "p50_ms": round(percentile(lat, 50), 1),
            "p95_ms": round(percentile(lat, 95), 1),
            "p99_ms": round(percentile(lat, 99), 1),
            "max_ms": round(lat[-1], 1) if lat else None,
            "mean_context_chars": round(statistics.fmean(self.context_chars), 1)
            if self.context_chars
            else None,
            "mean_history_lines": round(statistics.fmean(self.history_lines), 1)
            if self.history_lines
            else None,
            "read_p50_ms": round(self.read_floor_ms, 1),
            # Less noisy than latency on a shared machine: what one reply costs in CPU.
            "cpu_ms_per_reply": round(self.cpu_s * 1000 / self.replies, 1)
            if self.replies
            else None,
            "seed_s": round(self.seed_s, 1),
        }


def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def settings_for(
    data_dir: Path,
    *,
    embeddings: bool,
    pair_model: Path | None = None,
    use_pair_model: bool = True,
    warm_up: bool = True,
) -> Settings:
    return Settings(
        environment="test",
        data_dir=data_dir,
        guard=GuardSettings(
            use_embeddings=embeddings, pair_model_dir=pair_model, use_pair_model=use_pair_model
        ),
        # Long seeded histories would otherwise escalate every ticket for "repeated complaints";
        # escalation is not what this benchmark measures.
        escalation=EscalationSettings(max_follow_ups=1_000_000, max_failed_attempts=1_000_000),
        api=ApiSettings(keys={KEY: ApiKey(role="service", name="bench")}, warm_up=warm_up),
    )


def seed(container: Container, conversations: int, history: int) -> list[str]:
    """One customer and ticket per conversation, with ``history`` messages + replies each."""
    desk = container.desk
    tickets: list[str] = []
    for n in range(conversations):
        customer = f"bench-{n:03d}"
        desk.register_customer(customer, Cause(actor="service:bench"))
        # One unit of work per ticket: one copy of the aggregates and one commit (untimed).
        with desk.working(UnitOfWork()):
            ticket = seed_ticket(desk, customer, history)
        desk.load_ticket(ticket)  # into the repository's cache, where live tickets are
        tickets.append(ticket)
    return tickets


def seed_ticket(desk: SupportDesk, customer: str, history: int) -> str:
    ticket = desk.open_ticket(customer, "Laptop not charging", Cause(actor="customer"))
    for i in range(history):
        message = desk.receive_message(
            ticket, HISTORY_LINES[i % len(HISTORY_LINES)], Cause(actor="customer")
        )
        desk.send_reply(
            ticket,
            "Thanks — could you tell me a bit more about what you see?",
            Cause(actor="assistant", causation_id=message),
            in_reply_to=message,
            responder="seed",
        )
    return str(ticket)


def message_text(index: int, turn: int, unique: bool) -> str:
    """What conversation ``index`` says at ``turn``; with ``unique``, text never sent before."""
    text = MESSAGES[(index + turn) % len(MESSAGES)]
    return f"{text} (conversation {index}, turn {turn})" if unique else text


async def converse(
    base_url: str, tickets: list[str], turns: int, think_ms: float, unique: bool = False
) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    errors = 0
    headers = {"Authorization": f"Bearer {KEY}"}
    limits = httpx.Limits(max_connections=len(tickets) + 5)

    async with httpx.AsyncClient(
        base_url=base_url, headers=headers, limits=limits, timeout=120
    ) as client:

        async def conversation(index: int, ticket: str) -> None:
            nonlocal errors
            # With think time, conversations start spread over one think period and pause a
            # random (exponential) time between turns: arrivals like independent customers,
            # not 50 synchronised bursts.
            rng = random.Random(index)
            if think_ms:
                await asyncio.sleep(rng.uniform(0, think_ms) / 1000)
            for turn in range(turns):
                text = message_text(index, turn, unique)
                started = time.perf_counter()
                response = await client.post(f"/v1/tickets/{ticket}/messages", json={"text": text})
                elapsed = (time.perf_counter() - started) * 1000
                if response.status_code == 200:
                    latencies.append(elapsed)
                else:
                    errors += 1
                if think_ms and turn < turns - 1:
                    await asyncio.sleep(rng.expovariate(1000 / think_ms))

        started = time.perf_counter()
        await asyncio.gather(*(conversation(i, t) for i, t in enumerate(tickets)))
        wall = time.perf_counter() - started
    return latencies, errors, wall


def run_client(
    base_url: str, tickets: list[str], turns: int, think_ms: float, unique: bool
) -> tuple[list[float], int, float]:
    """The timed conversations (in the client process, or in this one with ``--client
    thread``)."""
    return asyncio.run(converse(base_url, tickets, turns, think_ms, unique))


def run_client_process(*timed: Any) -> tuple[list[float], int, float]:
    """``run_client`` in a process of its own (this script, ``--client-run``): in the server's
    process its JSON and socket work would take the server's GIL, as no real client does."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--client-run", json.dumps(timed)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the client process failed:\n{done.stderr[-4000:]}")
    latencies, errors, wall = json.loads(done.stdout.splitlines()[-1])
    return latencies, errors, wall


async def read_floor(base_url: str, ticket: str, n: int = 50) -> float:
    """p50 of ``GET /v1/tickets/{id}`` alone: what the HTTP stack costs without the pipeline."""
    headers = {"Authorization": f"Bearer {KEY}"}
    times = []
    async with httpx.AsyncClient(base_url=base_url, headers=headers) as client:
        for _ in range(n):
            started = time.perf_counter()
            response = await client.get(f"/v1/tickets/{ticket}")
            response.raise_for_status()
            times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def run_mode(mode: str, args: argparse.Namespace, embedder: Any) -> ModeResult:
    with tempfile.TemporaryDirectory(prefix=f"clbench-reply-{mode}-") as tmp:
        settings = settings_for(
            Path(tmp),
            embeddings=args.embeddings,
            pair_model=args.pair_model,
            use_pair_model=not args.no_pair_model,
            warm_up=args.warm_up,
        )
        container = bootstrap(settings, embedder=embedder)
        try:
            replies = container.replies
            log = ContextLog()
            replies.responder = MeasuringResponder(
                replies.responder, log, container if mode == "baseline" else None
            )
            started = time.perf_counter()
            tickets = seed(container, args.conversations + 1, args.history)
            seed_s = time.perf_counter() - started
            warmup, tickets = tickets[0], tickets[1:]
            with Server(container) as base_url:
                # Untimed warm-up: first-use costs (imports, caches) stay out of the figures.
                asyncio.run(converse(base_url, [warmup], 3, 0, args.unique_messages))
                log.chars.clear()
                log.history_lines.clear()
                timed = (base_url, tickets, args.turns, args.think_ms, args.unique_messages)
                cpu_started = time.process_time()
                if args.client == "process":
                    latencies, errors, wall = run_client_process(*timed)
                else:
                    latencies, errors, wall = run_client(*timed)
                cpu_s = time.process_time() - cpu_started
                floor = asyncio.run(read_floor(base_url, tickets[0]))
            return ModeResult(
                mode,
                len(latencies),
                errors,
                wall,
                latencies,
                log.chars,
                log.history_lines,
                seed_s,
                floor,
                cpu_s,
            )
        finally:
            container.close()


class Calls:
    """Counts calls of one method of one object (the instance attribute shadows the class's)."""

    def __init__(self, target: Any, name: str) -> None:
        self.count = 0
        original = getattr(target, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return original(*args, **kwargs)

        setattr(target, name, counted)


def profile_replies(args: argparse.Namespace, embedder: Any) -> dict[str, Any]:
    """Run ``args.profile`` replies one at a time under cProfile; what one reply costs."""
    with tempfile.TemporaryDirectory(prefix="clbench-reply-profile-") as tmp:
        container = bootstrap(
            settings_for(
                Path(tmp),
                embeddings=args.embeddings,
                pair_model=args.pair_model,
                use_pair_model=not args.no_pair_model,
            ),
            embedder=embedder,
        )
        try:
            tickets = seed(container, 2, args.history)
            replies, desk = container.replies, container.desk
            for turn in range(3):  # warm-up, as in the timed runs
                replies.handle_message(tickets[0], message_text(0, turn, False), Cause("customer"))
            copies, commits = Calls(desk.repository, "get"), Calls(desk, "save")
            misses = embedder.cache_info().misses if embedder is not None else 0
            profiler, times = cProfile.Profile(), []
            for turn in range(args.profile):
                text = message_text(1, turn, args.unique_messages)
                started = time.perf_counter()
                profiler.enable()
                replies.handle_message(tickets[1], text, Cause("customer"))
                profiler.disable()
                times.append((time.perf_counter() - started) * 1000)
            encoded = (embedder.cache_info().misses - misses) if embedder is not None else 0
        finally:
            container.close()
    n = args.profile
    per_reply = {
        "replies": n,
        "p50_ms": round(statistics.median(times), 1),
        "mean_ms": round(statistics.fmean(times), 1),
        "aggregate_copies": round(copies.count / n, 2),
        "commits": round(commits.count / n, 2),
        "texts_encoded": round(encoded / n, 2),
    }
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
    print(json.dumps(per_reply))
    print(out.getvalue())
    return per_reply


def load_embedder(enabled: bool, onnx_threads: int = 1) -> tuple[Any, float]:
    if not enabled:
        return None, 0.0
    from caseledger.adapters.embeddings.sentence_transformer import SentenceTransformerEmbedder

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    started = time.perf_counter()
    embedder = SentenceTransformerEmbedder(None, onnx_threads=onnx_threads)
    embedder.embed(["warm up"])
    return embedder, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--conversations", type=int, default=50)
    parser.add_argument("--turns", type=int, default=5, help="timed replies per conversation")
    parser.add_argument(
        "--history", type=int, default=60, help="messages (+ replies) already on each ticket"
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0.0,
        help="mean pause between a reply and the next message (0: closed loop, no pause)",
    )
    parser.add_argument("--no-embeddings", dest="embeddings", action="store_false")
    parser.add_argument(
        "--onnx-threads",
        type=int,
        default=1,
        help="onnxruntime intra-op threads (CASELEDGER_GUARD__ONNX_THREADS; default 1)",
    )
    parser.add_argument(
        "--unique-messages",
        action="store_true",
        help="every message is new text (one encode per reply; default: seven texts repeat)",
    )
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="instead: N replies one at a time in-process under cProfile, with per-reply counts",
    )
    parser.add_argument(
        "--pair-model",
        type=Path,
        help="serve the guard's learned pair model from this directory "
        "(CASELEDGER_GUARD__PAIR_MODEL_DIR; default: the packaged model)",
    )
    parser.add_argument(
        "--no-pair-model",
        action="store_true",
        help="serve no pair model (CASELEDGER_GUARD__USE_PAIR_MODEL=false)",
    )
    parser.add_argument(
        "--no-warm-up",
        dest="warm_up",
        action="store_false",
        help="serve without the start-up warm-up and heap freeze (CASELEDGER_API__WARM_UP=false)",
    )
    parser.add_argument("--modes", nargs="+", default=["guarded", "baseline"])
    parser.add_argument(
        "--client",
        choices=("process", "thread"),
        default="process",
        help="where the timed client runs: its own process (default), or this process, "
        "sharing the server's GIL (as before 2026-11-30)",
    )
    parser.add_argument("--json-out", type=Path)
    parser.add_argument("--client-run", help=argparse.SUPPRESS)  # internal: the client process
    args = parser.parse_args(argv)
    if args.client_run:
        print(json.dumps(run_client(*json.loads(args.client_run))))
        return 0

    embedder, load_s = load_embedder(args.embeddings, args.onnx_threads)
    if args.profile:
        profiled = {"profile": profile_replies(args, embedder)}
        if args.json_out:
            args.json_out.write_text(json.dumps(profiled, indent=2) + "\n")
        return 0
    results = [run_mode(mode, args, embedder) for mode in args.modes]
    summaries = {r.mode: r.summary() for r in results}
    report: dict[str, Any] = {
        "config": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
        "embedder_load_s": round(load_s, 2),
        "onnx_threads": embedder.onnx_threads if embedder is not None else None,
        "modes": summaries,
        "meta": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "loadavg": os.getloadavg(),
        },
    }
    if "guarded" in summaries and "baseline" in summaries:
        g, b = summaries["guarded"], summaries["baseline"]
        report["baseline_over_guarded"] = {
            "context_chars": round(b["mean_context_chars"] / g["mean_context_chars"], 2),
            "history_lines": round(b["mean_history_lines"] / max(g["mean_history_lines"], 1), 2),
            "p50": round(b["p50_ms"] / g["p50_ms"], 2),
            "p95": round(b["p95_ms"] / g["p95_ms"], 2),
        }
    if "guarded" in summaries:
        report["guarded_p95_meets_target"] = summaries["guarded"]["p95_ms"] <= TARGET_P95_MS

    header = f"{'mode':<9} {'replies':>7} {'err':>4} {'rep/s':>6} {'p50':>7} {'p95':>7} "
    header += f"{'p99':>7} {'max':>7} {'ctx chars':>9} {'hist lines':>10} {'GET p50':>7} "
    header += f"{'CPU/reply':>9}"
    print(header)
    for s in summaries.values():
        print(
            f"{s['mode']:<9} {s['replies']:>7} {s['errors']:>4} {s['replies_per_s']:>6} "
            f"{s['p50_ms']:>7} {s['p95_ms']:>7} {s['p99_ms']:>7} {s['max_ms']:>7} "
            f"{s['mean_context_chars']:>9} {s['mean_history_lines']:>10} {s['read_p50_ms']:>7} "
            f"{s['cpu_ms_per_reply']:>9}"
        )
    if "baseline_over_guarded" in report:
        print("baseline / guarded:", json.dumps(report["baseline_over_guarded"]))
    if "guarded_p95_meets_target" in report:
        print(f"guarded p95 ≤ {TARGET_P95_MS:.0f} ms: {report['guarded_p95_meets_target']}")
    if args.embeddings:
        print(f"embedding model load: {load_s:.1f} s (once, before the runs)")
    if args.json_out:
        args.json_out.write_text(json.dumps(report, indent=2) + "\n")
    failed = sum(r.errors for r in results)
    if failed:
        print(f"{failed} requests failed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
