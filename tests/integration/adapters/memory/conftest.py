"""The real Hindsight server for the memory integration tests, started by scripts/hindsight.sh.

CI may start one server for the whole run and export ``CASELEDGER_TEST_HINDSIGHT_URL`` together
with the ``CASELEDGER_HINDSIGHT_*`` variables it started it with (the stop/restart test drives
the same script with them). Without that variable the session starts its own server on free
ports in a temp dir and stops it, and its PostgreSQL, at the end. A server that cannot start
fails the tests that need it; they are never skipped.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[4]
SCRIPT = REPO / "scripts" / "hindsight.sh"
# The first start on a machine creates the server's venv (PyTorch included): minutes.
START_TIMEOUT_S = 1500


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "hindsight: needs the Hindsight server (scripts/hindsight.sh)"
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class HindsightServer:
    """A running Hindsight server and the script environment that controls it."""

    url: str
    env: dict[str, str] = field(default_factory=dict)

    def script(
        self, command: str, timeout: float = START_TIMEOUT_S
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(SCRIPT), command],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def start(self) -> str:
        started = self.script("start")
        if started.returncode != 0:
            pytest.fail(f"scripts/hindsight.sh start failed:\n{started.stderr[-4000:]}")
        return started.stdout.strip().splitlines()[-1]

    def stop(self) -> None:
        stopped = self.script("stop", timeout=180)
        if stopped.returncode != 0:
            pytest.fail(f"scripts/hindsight.sh stop failed:\n{stopped.stderr[-4000:]}")


@pytest.fixture(scope="session")
def hindsight_server() -> Iterator[HindsightServer]:
    url = os.environ.get("CASELEDGER_TEST_HINDSIGHT_URL")
    if url:
        yield HindsightServer(url.rstrip("/"), dict(os.environ))
        return
    # Under /tmp: when run as root, the PostgreSQL inside runs as an unprivileged user who must
    # reach its data dir (and the socket path must stay short).
    state = tempfile.mkdtemp(prefix="cl-test-hindsight-", dir="/tmp")
    os.chmod(state, 0o755)  # mkdtemp makes it 0700
    env = {
        **os.environ,
        "CASELEDGER_HINDSIGHT_DIR": state,
        "CASELEDGER_HINDSIGHT_PORT": str(_free_port()),
        "CASELEDGER_HINDSIGHT_PG_PORT": str(_free_port()),
        "CASELEDGER_PG_FAST": "1",
    }
    server = HindsightServer("", env)
    try:
        server.url = server.start()
        yield server
    finally:
        server.script("stop", timeout=180)
        shutil.rmtree(state, ignore_errors=True)
