"""A small, real OpenAI-compatible HTTP server for testing the Groq responder.

``POST /openai/v1/chat/completions`` (the path the ``groq`` SDK appends to ``base_url``)
answers with scripted behaviours, one per request in order (then ``default``): a normal
completion (SSE when the request asks for ``stream``), a stream split into given chunks, an
HTTP error status with headers (429 + retry-after, 500), a delay before answering (client
timeout), a stall in the middle of a stream, a slow drip, or an in-stream error event. Every
request is recorded, so tests can count retries and read what was sent.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PATH = "/openai/v1/chat/completions"


@dataclass
class Behaviour:
    """How to answer one request."""

    chunks: list[str] = field(default_factory=lambda: ["Hello!"])
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before the response starts
    stall_after: int | None = None  # stream: after this many chunks, sleep ``stall`` seconds
    stall: float = 0.0
    drip: float = 0.0  # stream: seconds between chunks
    error_event: str | None = None  # stream: send this error message instead of [DONE]

    @classmethod
    def reply(cls, text: str, **kw: Any) -> Behaviour:
        return cls(chunks=[text], **kw)

    @classmethod
    def error(cls, status: int, **headers: str) -> Behaviour:
        return cls(
            chunks=[], status=status, headers={k.replace("_", "-"): v for k, v in headers.items()}
        )


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    at: float


class FakeOpenAIServer:
    """Start with ``with FakeOpenAIServer() as server:``; ``server.base_url`` for the SDK."""

    def __init__(self) -> None:
        self.script: deque[Behaviour] = deque()
        self.default = Behaviour.reply("Default reply.")
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def request_count(self) -> int:
        with self._lock:
            return len(self.requests)

    def enqueue(self, *behaviours: Behaviour) -> None:
        with self._lock:
            self.script.extend(behaviours)

    def reset(self) -> None:
        with self._lock:
            self.script.clear()
            self.requests.clear()

    def _next(self, recorded: Recorded) -> Behaviour:
        with self._lock:
            self.requests.append(recorded)
            return self.script.popleft() if self.script else self.default

    def __enter__(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)


def _chunk(content: str | None, finish: str | None = None) -> bytes:
    payload = {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "fake-model",
        "choices": [
            {
                "index": 0,
                "delta": {} if content is None else {"role": "assistant", "content": content},
                "finish_reason": finish,
            }
        ],
    }
    return f"data: {json.dumps(payload)}\n\n".encode()


def _handler_for(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.0: one response per connection, body ends when the connection closes.
        def log_message(self, format: str, *args: Any) -> None:
            return

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"_unparsed": raw.decode("utf-8", "replace")}
            headers = {k.lower(): v for k, v in self.headers.items()}
            behaviour = server._next(Recorded(self.path, headers, body, time.monotonic()))
            # The client may give up first (timeout scenarios): a broken pipe is expected then.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self._answer(behaviour, body)

        def _answer(self, b: Behaviour, body: dict[str, Any]) -> None:
            if self.path != PATH:
                self._json(404, {"error": {"message": f"unknown path {self.path}"}})
                return
            time.sleep(b.delay)
            if b.status != 200:
                error = {"message": f"scripted {b.status}", "type": "fake", "code": str(b.status)}
                self._json(b.status, {"error": error}, b.headers)
                return
            if not body.get("stream"):
                text = "".join(b.chunks)
                self._json(
                    200,
                    {
                        "id": "chatcmpl-fake",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body.get("model", "fake-model"),
                        "choices": [
                            {
                                "index": 0,
                                "message": {"role": "assistant", "content": text},
                                "finish_reason": "stop",
                            }
                        ],
                    },
                )
                return
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            for key, value in b.headers.items():
                self.send_header(key, value)
            self.end_headers()
            for index, piece in enumerate(b.chunks):
                if b.stall_after is not None and index == b.stall_after:
                    time.sleep(b.stall)
                if index and b.drip:
                    time.sleep(b.drip)
                self.wfile.write(_chunk(piece))
                self.wfile.flush()
            if b.error_event is not None:
                self.wfile.write(
                    f"data: {json.dumps({'error': {'message': b.error_event}})}\n\n".encode()
                )
                return
            self.wfile.write(_chunk(None, "stop"))
            self.wfile.write(b"data: [DONE]\n\n")

        def _json(
            self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
        ) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)

    return Handler
