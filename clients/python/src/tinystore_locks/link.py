"""One client's connection to a lock server, made again after it drops: calls wait while it is down
and are sent again, in order, once a new connection said hello."""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from typing import Callable
from urllib.parse import urlsplit

from .errors import LockError

PROTOCOL_VERSION = 1
DEFAULT_PORT = 7411
# Answers a client has not read are capped at 1 MiB by the server; one frame is at most 64 KiB.
_READ_LIMIT = 1 << 20


def now_ms() -> float:
    """The client's clock: monotonic milliseconds."""
    return time.monotonic() * 1000


def parse_url(url: str) -> tuple[str, int]:
    """``tcp://host:port`` as a host and a port (7411 unless given; IPv6 hosts in brackets)."""
    bad = LockError("invalid", f"connect: {json.dumps(url)}: expected an address such as tcp://127.0.0.1:7411")
    try:
        parts = urlsplit(url)
        port = parts.port
    except (ValueError, TypeError):
        raise bad from None
    if parts.scheme != "tcp" or not parts.hostname or parts.path not in ("", "/"):
        raise bad
    return parts.hostname, DEFAULT_PORT if port is None else port


class Call:
    """A request in flight: kept until answered, and sent again on every new connection."""

    def __init__(self, call_id: int, body: dict, future: asyncio.Future) -> None:
        self.id = call_id
        self.body = body
        self.future = future
        self.sent_at = 0.0
        self.timer: asyncio.TimerHandle | None = None


class Link:
    """Connects, says hello (token and client id), sends calls, reads answers and events, and reconnects with backoff."""

    def __init__(
        self,
        url: str,
        *,
        token: str | None,
        client_id: str,
        reconnect: bool,
        connect_timeout_ms: float,
        on_event: Callable[[dict], None],
        on_restart: Callable[[str, str], None],
        on_closed: Callable[[LockError], None],
    ) -> None:
        self.host, self.port = parse_url(url)
        self._token = token
        self._client_id = client_id
        self._reconnect = reconnect
        self._connect_timeout_ms = connect_timeout_ms
        self._on_event = on_event
        self._on_restart = on_restart
        self._on_closed = on_closed
        self._pending: dict[int, Call] = {}
        self._next_id = 1
        self._writer: asyncio.StreamWriter | None = None
        self._ready = False
        self._ever_ready = False
        self._closed = False
        self._fatal: LockError | None = None
        self._last_error = ""
        self._retry_after_ms = 0.0
        # The epoch the last hello said: a reconnect to another is a restarted server.
        self.epoch: str | None = None
        self._loop = asyncio.get_running_loop()
        self._first: asyncio.Future = self._loop.create_future()
        self._task: asyncio.Task | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"tcp://{host}:{self.port}"

    @property
    def connected(self) -> bool:
        return self._ready

    async def start(self) -> None:
        """Connects for the first time, retrying (when reconnecting is on) until the connect timeout."""
        self._task = self._loop.create_task(self._run())
        try:
            await asyncio.wait_for(asyncio.shield(self._first), self._connect_timeout_ms / 1000)
        except TimeoutError:
            error = LockError("unreachable", f"{self.url}: could not connect within {self._connect_timeout_ms:g} ms{self._last_error}")
            self.close(error)
            raise error from None

    def call(self, body: dict, deadline: float = math.inf, deadline_error: Callable[[], LockError] | None = None) -> Call:
        """Sends a request; its answer resolves the call's future, a closed link or a passed deadline (``deadline_error``) fails it."""
        call_id = self._next_id
        self._next_id += 1
        body["id"] = call_id
        call = Call(call_id, body, self._loop.create_future())
        if self._closed:
            call.future.set_exception(self._fatal or LockError("closed", f"{self.url}: the client is closed"))
            call.future.exception()  # a caller that stopped waiting must not be warned of it
            return call
        self._pending[call_id] = call
        if deadline_error is not None and deadline != math.inf:
            call.timer = self._loop.call_later(max(0.0, (deadline - now_ms()) / 1000), self._expire, call, deadline_error)
        if self._ready:
            self._send(call)
        return call

    def withdraw(self, call: Call) -> None:
        """Stops waiting for a call's answer and stops sending it again."""
        self._forget(call)

    def close(self, error: LockError | None = None) -> None:
        """Ends the link: calls in flight fail with ``closed`` (or the given error)."""
        if self._closed:
            return
        self._closed = True
        self._fatal = error
        self._ready = False
        if self._writer is not None:
            self._writer.close()
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        failure = error or LockError("closed", f"{self.url}: the client is closed")
        for call in list(self._pending.values()):
            self._forget(call)
            if not call.future.done():
                call.future.set_exception(failure)
                call.future.exception()
        self._on_closed(failure)
        if not self._first.done():
            self._first.set_exception(failure)
            self._first.exception()

    def _expire(self, call: Call, deadline_error: Callable[[], LockError]) -> None:
        if self._pending.get(call.id) is not call:
            return
        self._forget(call)
        if not call.future.done():
            call.future.set_exception(deadline_error())

    def _forget(self, call: Call) -> None:
        if self._pending.get(call.id) is call:
            del self._pending[call.id]
        if call.timer is not None:
            call.timer.cancel()
            call.timer = None

    def _send(self, call: Call) -> None:
        call.sent_at = now_ms()
        if self._writer is not None:
            self._writer.write(_frame(call.body))

    async def _run(self) -> None:
        attempt = 0
        while not self._closed:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port, limit=_READ_LIMIT)
            except OSError as error:
                self._last_error = f": {error.strerror or error}"
            else:
                if await self._serve(reader, writer):
                    attempt = 0
            if self._closed:
                return
            if not self._reconnect:
                what = "the connection closed" if self._ever_ready else "could not connect"
                self.close(LockError("unreachable", f"{self.url}: {what}{self._last_error}"))
                return
            delay = min(1000.0, 25.0 * 2**attempt)
            attempt += 1
            # Jitter keeps clients that lost one server from all coming back at once; a server that said how long to wait is believed.
            after = max(delay / 2 + random.random() * delay / 2, self._retry_after_ms)
            self._retry_after_ms = 0.0
            await asyncio.sleep(after / 1000)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Says hello and reads until the connection ends; true if it said hello."""
        self._writer = writer
        hello_id = self._next_id
        self._next_id += 1
        hello: dict = {"id": hello_id, "method": "hello", "version": PROTOCOL_VERSION, "client": self._client_id}
        if self._token is not None:
            hello["token"] = self._token
        writer.write(_frame(hello))
        said_hello = False
        try:
            while not self._closed:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    break
                if not line:
                    break
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(message, dict):
                    continue
                if message.get("event") == "lost":
                    self._on_event(message)
                elif message.get("id") == hello_id:
                    if not self._hello_answered(message):
                        break
                    said_hello = True
                elif message.get("id") is None and not self._ready:
                    error = message.get("error") or {}
                    self._last_error = f": {error.get('code')}: {error.get('message')}"
                else:
                    self._answered(message)
        except (ConnectionError, OSError) as error:
            self._last_error = f": {error.strerror or error}"
        finally:
            if self._writer is writer:
                self._writer = None
                self._ready = False
            writer.close()
        return said_hello

    def _hello_answered(self, message: dict) -> bool:
        if message.get("ok") is not True:
            error = message.get("error") or {}
            if error.get("code") == "busy":
                # A server at a limit, or an address throttled by another's wrong token: not for good.
                self._last_error = f": busy: {error.get('message')}"
                retry_after = error.get("retryAfter")
                if isinstance(retry_after, (int, float)) and retry_after > 0:
                    self._retry_after_ms = min(float(retry_after), 60_000.0)
                return False
            self.close(LockError("invalid", f"{self.url}: {error.get('code', 'refused')}: {error.get('message', 'the server refused the hello')}"))
            return False
        # Another epoch is a server that restarted: told before the calls waiting are sent again, so a lease it lost reads as lost first.
        epoch = message.get("epoch") if isinstance(message.get("epoch"), str) else None
        previous = self.epoch
        if epoch is not None:
            self.epoch = epoch
        if previous is not None and epoch is not None and epoch != previous:
            self._on_restart(previous, epoch)
        self._ready = True
        self._ever_ready = True
        self._last_error = ""
        for call in list(self._pending.values()):
            self._send(call)
        if not self._first.done():
            self._first.set_result(None)
        return True

    def _answered(self, message: dict) -> None:
        call = self._pending.get(message.get("id"))  # type: ignore[arg-type]
        if call is None:
            return
        self._forget(call)
        # When the request went out, in the client's clock: what dates a lease (lease.local_expiry).
        message["sentAt"] = call.sent_at
        if not call.future.done():
            call.future.set_result(message)


def _frame(message: dict) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
