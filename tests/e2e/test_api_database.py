"""PostgreSQL going away while the API runs: prompt 503 ``database_unavailable``, not a hang
or a generic 500."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from pydantic import SecretStr

from caseledger.adapters.settings import ApiSettings, DbSettings, GuardSettings, Settings
from tests.e2e.api_client import ApiClient, running_api

pytestmark = pytest.mark.postgres


class _Relay:
    """A TCP relay in front of PostgreSQL that can be cut: the server, as the API sees it,
    goes away (connections dropped, new ones refused) without stopping the shared one."""

    def __init__(self, host: str, port: int) -> None:
        self._upstream = (host, port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # cut
            server = socket.create_connection(self._upstream)
            with self._lock:
                self._sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        # shutdown wakes the accepting thread; a bare close would leave the port accepting.
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        with self._lock:
            for end in self._sockets:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()


@pytest.fixture
def relayed(postgres_url: str, tmp_path: Path) -> Iterator[tuple[ApiClient, _Relay]]:
    parts = urlsplit(postgres_url)
    assert parts.hostname and parts.port
    relay = _Relay(parts.hostname, parts.port)
    netloc = f"{parts.username}:{parts.password}@127.0.0.1:{relay.port}"
    schema = f"t_{uuid.uuid4().hex[:12]}"
    settings = Settings(
        environment="test",
        data_dir=tmp_path / "data",
        guard=GuardSettings(use_embeddings=False),
        api=ApiSettings(warm_up=False, db_timeout_seconds=2),
        db=DbSettings(
            backend="postgres",
            postgres_url=SecretStr(urlunsplit(parts._replace(netloc=netloc))),
            postgres_schema=schema,
        ),
    )
    try:
        with running_api(settings) as (client, _):
            yield client, relay
    finally:
        relay.cut()
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def test_health_and_requests_answer_503_promptly_while_postgres_is_away(
    relayed: tuple[ApiClient, _Relay],
) -> None:
    client, relay = relayed
    assert client.health()["status"] == "ok"
    ticket = client.open_ticket("cust-db")
    relay.cut()
    for path in ("/health", f"/tickets/{ticket}", "/health"):
        began = time.monotonic()
        answer = client.raw("GET", path)
        spent = time.monotonic() - began
        assert answer.status_code == 503, (path, answer.text)
        body = answer.json()
        assert body["error"] == "database_unavailable", body
        assert f"PostgreSQL at 127.0.0.1:{relay.port} is unavailable" in body["reason"]
        # It hung 300 s (health) or answered a generic 500 after 30 s before.
        assert spent < 8, (path, spent)
    began = time.monotonic()
    write = client.raw("POST", f"/tickets/{ticket}/messages", json={"text": "still there?"})
    assert write.status_code == 503 and time.monotonic() - began < 8, write.text
