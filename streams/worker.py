"""Process plumbing shared by the workers' entry points: logging and graceful stop signals."""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
from types import FrameType


def setup_logging(level: str | None = None) -> None:
    """One log line per event worth knowing, to stderr; ``CASELEDGER_LOG_LEVEL`` (INFO)."""
    logging.basicConfig(
        level=(level or os.environ.get("CASELEDGER_LOG_LEVEL", "INFO")).upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # kafka-python logs every reconnect attempt at INFO/WARNING; keep ours readable.
    logging.getLogger("kafka").setLevel(logging.ERROR)


def install_stop_signals() -> threading.Event:
    """An event set by SIGTERM or SIGINT: workers finish their batch, commit, and exit."""
    stop = threading.Event()

    def handler(signum: int, frame: FrameType | None) -> None:
        name = signal.Signals(signum).name
        if stop.is_set():
            # A second signal: the first waits for a batch, or for a broker that may never
            # answer (a worker still connecting sat ~30 s on it); this one stops now.
            logging.getLogger("caseledger.streams").warning("%s again: stopping now", name)
            raise SystemExit(130)
        logging.getLogger("caseledger.streams").info(
            "%s received; stopping after this batch (again to stop now)", name
        )
        stop.set()

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)
    return stop


def worker_id() -> str:
    """Identifies this worker process in claims and logs: host and pid."""
    return f"{socket.gethostname()}:{os.getpid()}"
