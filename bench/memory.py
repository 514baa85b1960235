#!/usr/bin/env python
"""Customer memory: cross-session recall quality and recall latency, local store vs Hindsight.

Run ``python bench/memory.py --help``. Two parts, both stores side by side in one run:

* **hit rate @5** on ``tests/data/memory_recall.jsonl``: per customer (English and Chinese), the
  messages of a first session are retained (facts among chatter); each question of a later
  session is recalled with the query the reply pipeline builds (the message plus the kinds of
  facts support needs) and, separately, with the bare question. A question is a hit when one of
  the messages that answer it is among the top 5. Figures per language and overall.
* **latency**: ``--latency-customers`` customers with ``--latency-memories`` memories each
  (synthetic support messages, English and Chinese), then ``--latency-queries`` recalls per
  store; p50/p95/mean in milliseconds, measured around ``MemoryStore.recall`` (what a reply
  waits for).

The local store runs on a fresh SQLite file with the packaged all-MiniLM-L6-v2 embedder. The
Hindsight store talks to ``--hindsight-url``, or to a server this script starts with
``scripts/hindsight.sh`` in a temp dir (and stops afterwards); every run uses fresh bank
prefixes, so earlier runs never leak into the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from caseledger.adapters.embeddings.sentence_transformer import SentenceTransformerEmbedder
from caseledger.adapters.memory.hindsight import HindsightMemoryStore
from caseledger.adapters.memory.local import LocalMemoryStore
from caseledger.domain.ports import MemoryStore
from caseledger.domain.services.replies import MEMORY_QUERY_KINDS

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "memory_recall.jsonl"
SCRIPT = REPO / "scripts" / "hindsight.sh"
K = 5


def pipeline_query(message: str) -> str:
    """The recall query the reply pipeline builds (domain/services/replies.py)."""
    return f"{message}\nRelevant: {MEMORY_QUERY_KINDS}"


# -- data -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    customer: str
    language: str
    session1: list[dict[str, str]]
    questions: list[dict[str, Any]]


def load_cases(path: Path = DATA) -> list[Case]:
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            raw = json.loads(line)
            cases.append(
                Case(raw["customer"], raw["language"], raw["session1"], raw["session2_questions"])
            )
    return cases


# -- hit rate -------------------------------------------------------------------------------


@dataclass
class HitRate:
    """Hits at K per language and query form; statuses of the recalls."""

    store: str
    questions: dict[str, int] = field(default_factory=dict)  # language -> questions
    hits: dict[str, dict[str, int]] = field(default_factory=dict)  # form -> language -> hits
    statuses: dict[str, int] = field(default_factory=dict)
    misses: list[dict[str, Any]] = field(default_factory=list)

    def rate(self, form: str, language: str | None = None) -> float:
        langs = [language] if language else list(self.questions)
        asked = sum(self.questions[lang] for lang in langs)
        hit = sum(self.hits.get(form, {}).get(lang, 0) for lang in langs)
        return hit / asked if asked else 0.0


def run_hit_rate(
    name: str, store: MemoryStore, cases: list[Case], namespace: str, workers: int = 4
) -> HitRate:
    """Retain every first-session message (``workers`` writes at a time), then ask."""
    result = HitRate(store=name)
    writes = [
        (f"{namespace}{case.customer}", case.customer, message)
        for case in cases
        for message in case.session1
    ]

    def write(item: tuple[str, str, dict[str, str]]) -> None:
        customer, label, message = item
        store.retain(
            customer,
            message["text"],
            occurred_at=datetime.fromisoformat(message["at"]),
            tags=["customer_message", f"ticket:{label}-t1"],
            source_event_id=f"{namespace}{message['id']}",
        )

    with ThreadPoolExecutor(max(1, workers)) as pool:
        list(pool.map(write, writes))
    for case in cases:
        customer = f"{namespace}{case.customer}"
        for question in case.questions:
            result.questions[case.language] = result.questions.get(case.language, 0) + 1
            expects = {f"{namespace}{e}" for e in question["expects"]}
            for form, query in (
                ("pipeline", pipeline_query(question["text"])),
                ("bare", question["text"]),
            ):
                recall = store.recall(customer, query, limit=K)
                result.statuses[recall.status] = result.statuses.get(recall.status, 0) + 1
                got = [i.source_event_id for i in recall.items]
                per_lang = result.hits.setdefault(form, {})
                if expects & set(got):
                    per_lang[case.language] = per_lang.get(case.language, 0) + 1
                elif form == "pipeline":
                    result.misses.append(
                        {
                            "customer": case.customer,
                            "question": question["text"],
                            "status": recall.status,
                        }
                    )
    return result


# -- latency --------------------------------------------------------------------------------

_EN_DEVICES = [
    "Dell Inspiron 15",
    "HP LaserJet Pro",
    "iPhone 14 Pro",
    "Pixel 8",
    "Galaxy Tab S8",
    "MacBook Air M2",
    "Netgear Nighthawk router",
    "Samsung QN90B TV",
    "Kindle Paperwhite",
    "Sonos Arc",
    "ThinkPad X1 Carbon",
    "Garmin Forerunner",
    "PlayStation 5",
    "Epson EcoTank",
]
_EN_ISSUES = [
    "stopped charging",
    "keeps crashing",
    "won't connect to Wi-Fi",
    "shows a black screen",
    "is very slow since the update",
    "drops the connection every evening",
    "overheats",
    "doesn't sync anymore",
    "makes a loud noise",
    "won't turn on",
]
_EN_PREFS = [
    "Please email me instead of calling.",
    "Call me after 5pm on weekdays.",
    "Text me by SMS with updates.",
    "I prefer chat over phone calls.",
    "Support in English please.",
]
_ZH_DEVICES = [
    "华为 Mate 60",
    "小米 14",
    "联想小新 Pro",
    "佳能打印机",
    "小米路由器",
    "海信电视",
    "索尼耳机",
]
_ZH_ISSUES = ["充电很慢", "经常死机", "连不上网络", "屏幕闪烁", "声音很小", "无法开机", "发热严重"]
_ZH_PREFS = ["请用短信联系我。", "晚上七点以后给我打电话。", "请发邮件给我。", "我更喜欢在线聊天。"]
_QUERIES = [
    "My laptop stopped charging again",
    "The printer is jamming",
    "Which phone do I have?",
    "How should you contact me?",
    "The router keeps dropping",
    "My TV shows a black screen",
    "手机又充电很慢",
    "电脑连不上网络",
    "怎么联系我比较好？",
    "耳机没有声音",
]


def synthetic_messages(n: int, rng: random.Random) -> list[str]:
    out = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.45:
            out.append(
                f"My {rng.choice(_EN_DEVICES)} {rng.choice(_EN_ISSUES)}, "
                f"ticket note {rng.randrange(10_000)}."
            )
        elif roll < 0.6:
            out.append(
                f"I use a {rng.choice(_EN_DEVICES)} "
                f"at {rng.choice(['home', 'work', 'the office'])}."
            )
        elif roll < 0.7:
            out.append(rng.choice(_EN_PREFS))
        elif roll < 0.9:
            out.append(
                f"我的{rng.choice(_ZH_DEVICES)}{rng.choice(_ZH_ISSUES)}，编号{rng.randrange(10_000)}。"
            )
        else:
            out.append(rng.choice(_ZH_PREFS))
    return out


@dataclass
class Latency:
    store: str
    memories_per_customer: int
    customers: int
    load_s: float
    samples_ms: list[float]

    def summary(self) -> dict[str, float]:
        ordered = sorted(self.samples_ms)
        return {
            "p50_ms": statistics.median(ordered),
            "p95_ms": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
            "mean_ms": statistics.fmean(ordered),
            "max_ms": ordered[-1],
        }


def run_latency(
    name: str,
    store: MemoryStore,
    *,
    customers: int,
    memories: int,
    queries: int,
    namespace: str,
    workers: int,
    progress: Callable[[str], None],
) -> Latency:
    rng = random.Random(7)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    ids = [f"{namespace}lat-{c}" for c in range(customers)]
    t0 = time.perf_counter()
    for c, customer in enumerate(ids):
        texts = synthetic_messages(memories, rng)

        def write(i: int, customer: str = customer, texts: list[str] = texts) -> None:
            store.retain(
                customer,
                texts[i],
                occurred_at=start + timedelta(hours=i),
                tags=["customer_message"],
                source_event_id=f"{customer}-m{i}",
            )

        with ThreadPoolExecutor(workers) as pool:
            list(pool.map(write, range(memories)))
        progress(f"{name}: customer {c + 1}/{customers} loaded with {memories} memories")
    load_s = time.perf_counter() - t0
    for q in _QUERIES[:3]:  # warm-up (model load, connection pool)
        store.recall(ids[0], pipeline_query(q))
    samples = []
    for n in range(queries):
        # Every query is new, as in life: the embedder's cache never answers for it.
        query = pipeline_query(f"{_QUERIES[n % len(_QUERIES)]} (case {n})")
        customer = ids[n % len(ids)]
        t = time.perf_counter()
        result = store.recall(customer, query, limit=K)
        samples.append((time.perf_counter() - t) * 1000)
        if result.status == "failed":
            raise RuntimeError(f"{name} recall failed during the latency run: {result.error}")
    return Latency(name, memories, customers, load_s, samples)


# -- the stores -----------------------------------------------------------------------------


@contextmanager
def hindsight_server(url: str | None, console: Console) -> Iterator[str]:
    if url:
        yield url
        return
    state = tempfile.mkdtemp(prefix="cl-bench-hindsight-", dir="/tmp")
    env = {
        **os.environ,
        "CASELEDGER_HINDSIGHT_DIR": state,
        "CASELEDGER_HINDSIGHT_PORT": os.environ.get("CASELEDGER_HINDSIGHT_PORT", "18899"),
        "CASELEDGER_HINDSIGHT_PG_PORT": os.environ.get("CASELEDGER_HINDSIGHT_PG_PORT", "55499"),
    }
    console.print(f"starting Hindsight with {SCRIPT.relative_to(REPO)} in {state} ...")
    started = subprocess.run(
        ["bash", str(SCRIPT), "start"], env=env, capture_output=True, text=True, timeout=1800
    )
    try:
        if started.returncode != 0:
            raise SystemExit(f"could not start Hindsight:\n{started.stderr[-3000:]}")
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run(["bash", str(SCRIPT), "stop"], env=env, capture_output=True, timeout=300)
        shutil.rmtree(state, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--stores", default="local,hindsight", help="comma-separated: local, hindsight"
    )
    parser.add_argument("--hindsight-url", help="use this server instead of starting one")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--latency-memories", type=int, default=1000)
    parser.add_argument("--latency-customers", type=int, default=2)
    parser.add_argument("--latency-queries", type=int, default=100)
    parser.add_argument("--workers", type=int, default=4, help="parallel writes while loading")
    parser.add_argument("--no-latency", action="store_true", help="hit rate only")
    parser.add_argument(
        "--torch-threads",
        type=int,
        help="torch intra-op threads for the local store's embedder (default: torch's choice)",
    )
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args(argv)
    if args.torch_threads:
        import torch

        torch.set_num_threads(args.torch_threads)
    stores = [s.strip() for s in args.stores.split(",") if s.strip()]
    unknown = set(stores) - {"local", "hindsight"}
    if unknown or not stores:
        parser.error(f"unknown store(s): {', '.join(sorted(unknown)) or '(none)'}")

    console = Console(stderr=True)
    cases = load_cases(args.data)
    run_id = uuid.uuid4().hex[:6]
    hit_rates: list[HitRate] = []
    latencies: list[Latency] = []
    tmp = Path(tempfile.mkdtemp(prefix="cl-bench-memory-"))
    embedder = SentenceTransformerEmbedder()
    try:
        with hindsight_server(
            args.hindsight_url if "hindsight" in stores else "unused", console
        ) as url:
            for name in stores:

                def make(part: str, name: str = name) -> Any:
                    prefix = f"cl-bench-{run_id}-{part}-"
                    if name == "local":
                        return LocalMemoryStore(
                            tmp / f"{part}.sqlite", embedder=embedder, bank_prefix=prefix
                        )
                    return HindsightMemoryStore(url, bank_prefix=prefix, recall_timeout_s=10.0)

                store = make("hit")
                try:
                    console.print(f"[bold]{name}[/]: hit rate on {len(cases)} customers ...")
                    hit_rates.append(run_hit_rate(name, store, cases, namespace=""))
                finally:
                    store.close()
                if args.no_latency:
                    continue
                store = make("lat")
                try:
                    latencies.append(
                        run_latency(
                            name,
                            store,
                            customers=args.latency_customers,
                            memories=args.latency_memories,
                            queries=args.latency_queries,
                            namespace="",
                            workers=args.workers,
                            progress=lambda m: console.print(m),
                        )
                    )
                finally:
                    store.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    out = Console()
    table = Table(
        title=f"cross-session recall, hit rate @{K} "
        f"({sum(sum(h.questions.values()) for h in hit_rates[:1])} questions)"
    )
    table.add_column("store")
    for column in (
        "pipeline query, en",
        "pipeline query, zh",
        "pipeline query, all",
        "bare question, all",
        "statuses",
    ):
        table.add_column(column, justify="right")
    for h in hit_rates:
        table.add_row(
            h.store,
            f"{h.rate('pipeline', 'en'):.1%}",
            f"{h.rate('pipeline', 'zh'):.1%}",
            f"{h.rate('pipeline'):.1%}",
            f"{h.rate('bare'):.1%}",
            ", ".join(f"{k} {v}" for k, v in sorted(h.statuses.items())),
        )
    out.print(table)
    if latencies:
        lat = Table(title="recall latency (ms)")
        for column in ("store", "memories/customer", "p50", "p95", "mean", "max", "load (s)"):
            lat.add_column(column, justify="right")
        for entry in latencies:
            s = entry.summary()
            lat.add_row(
                entry.store,
                str(entry.memories_per_customer),
                f"{s['p50_ms']:.1f}",
                f"{s['p95_ms']:.1f}",
                f"{s['mean_ms']:.1f}",
                f"{s['max_ms']:.1f}",
                f"{entry.load_s:.0f}",
            )
        out.print(lat)
    if args.json_out:
        args.json_out.write_text(
            json.dumps(
                {
                    "when": datetime.now(UTC).isoformat(),
                    "machine": {
                        "python": sys.version.split()[0],
                        "platform": platform.platform(),
                        "cpus": os.cpu_count(),
                    },
                    "k": K,
                    "torch_threads": args.torch_threads,
                    "hit_rate": [
                        {
                            **asdict(h),
                            "rates": {
                                f: {lang: h.rate(f, lang) for lang in (*h.questions, None)}
                                for f in ("pipeline", "bare")
                            },
                        }
                        for h in hit_rates
                    ],
                    "latency": [{**asdict(entry), **entry.summary()} for entry in latencies],
                },
                indent=2,
                ensure_ascii=False,
                default=str,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
