"""A connection to a lock server, with its locks and semaphores, on asyncio."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import math
import secrets
from typing import AsyncIterator, Callable

from .durations import MAX_WAIT_MS, duration_ms, format_duration
from .errors import shown
from .errors import LockError, error_from_wire
from .fence import parse_fence
from .lease import Lease, local_expiry, wire_ttl
from .link import Link, now_ms

MAX_NAME_LENGTH = 200
MAX_KEY_BYTES = 1000
DEFAULT_TTL = 30
DEFAULT_WAIT = 10
# How long past its wait a hold waits for an answer that a dropped connection delays, in ms.
_ANSWER_GRACE_MS = 5000
# How long a close waits for the server to answer its releases and cancels, in ms.
_CLOSE_TIMEOUT_MS = 5000

#: What a key may be: a non-empty ``str``, or an ``int`` (sent as its decimal text).
Key = str | int

#: The holds of locks' keys the running code is inside, innermost last: (lock, key, lease). A context
#: variable follows the block of ``async with`` through its awaits, and is copied into the tasks it
#: starts, as the TypeScript client's AsyncLocalStorage follows a hold's function.
_enclosing: contextvars.ContextVar[tuple[tuple["Lock", str, Lease], ...]] = contextvars.ContextVar("tinystore_locks_enclosing", default=())


async def connect(url: str = "tcp://127.0.0.1:7411", *, token: str | None = None, reconnect: bool = True, connect_timeout: object = 10) -> "LockClient":
    """Connects to a lock server and returns once it said hello. ``connect_timeout`` is seconds or text such as ``'10s'``."""
    client = LockClient(url, token=token, reconnect=reconnect, connect_timeout=connect_timeout)
    await client._link.start()
    return client


class LockClient:
    """A connection to a lock server: ``lock(name)`` and ``semaphore(name, limit=...)`` hold its keys. Made by ``connect``."""

    def __init__(self, url: str, *, token: str | None, reconnect: bool, connect_timeout: object) -> None:
        # The client id every hello names: random, so no other client can act as this one. The server scopes
        # request ids to it, so a count names each hold, across reconnects too.
        self._client_id = secrets.token_hex(16)
        self._requests = 0
        self._closed = False
        self._leases: dict[str, Lease] = {}
        # The request ids of the holds waiting for their answer, which a close withdraws.
        self._asking: set[str] = set()
        self._locks: dict[str, Lock] = {}
        self._semaphores: dict[str, Semaphore] = {}
        self._link = Link(
            url,
            token=token,
            client_id=self._client_id,
            reconnect=reconnect,
            connect_timeout_ms=duration_ms(connect_timeout, "connect: connect_timeout"),
            on_event=self._on_event,
            on_restart=self._on_restart,
            on_closed=self._lose_all,
        )

    @property
    def url(self) -> str:
        return self._link.url

    @property
    def connected(self) -> bool:
        """True while the connection is up."""
        return self._link.connected

    def lock(self, name: str) -> "Lock":
        """The server's lock of this name."""
        _check_name(name, "lock", self._closed)
        if name not in self._locks:
            self._locks[name] = Lock(self, name)
        return self._locks[name]

    def semaphore(self, name: str, *, limit: int) -> "Semaphore":
        """The server's semaphore of this name, whose keys have at most ``limit`` holders."""
        _check_name(name, "semaphore", self._closed)
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise LockError("invalid", f"semaphore {name}: limit {shown(limit)}: expected a whole number of at least 1")
        semaphore = self._semaphores.get(name)
        if semaphore is None:
            semaphore = self._semaphores[name] = Semaphore(self, name, limit)
        elif semaphore.limit != limit:
            raise LockError("invalid", f"semaphore {name}: limit {limit}: it is open with limit {semaphore.limit}")
        return semaphore

    async def close(self, timeout: object = _CLOSE_TIMEOUT_MS / 1000) -> None:
        """Closes the client and lets go of what it holds: it takes no new hold; each lease it holds reads as lost
        (``closed``: ``lost`` turns true and ``wait_lost()`` returns; its block is not stopped), then is released at the
        server, so its key goes to the next in line at once; each hold still waiting is withdrawn. Waits for the
        server's answers at most ``timeout`` (5 s), then ends the connection: a lease whose release got no answer by
        then (the server out of reach) ends by its TTL."""
        if self._closed:
            return
        deadline = now_ms() + duration_ms(timeout, "client.close: timeout")
        self._closed = True
        # Told first, before its key can move on; then released at the server.
        answers: list = [lease.lose_and_release(LockError("closed", f"{lease.place}: lease {lease.id} was lost: the client closed"), deadline) for lease in list(self._leases.values())]
        self._leases.clear()

        def unanswered() -> LockError:
            return LockError("unreachable", f"{self.url}: no answer before the client's close timeout")

        answers += [self._link.call({"method": "cancel", "requestId": request_id}, deadline, unanswered).future for request_id in list(self._asking)]
        if answers:
            await asyncio.gather(*answers, return_exceptions=True)
        self._link.close(LockError("closed", f"{self.url}: the client closed"))

    async def __aenter__(self) -> "LockClient":
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    def _on_event(self, event: dict) -> None:
        lease = self._leases.get(event.get("leaseId"))  # type: ignore[arg-type]
        if lease is None:
            return
        reason = event.get("reason")
        if reason == "closed":
            lease.lose(LockError("closed", f"{lease.place}: lease {lease.id} was lost: the server closed"))
        elif reason == "ended":
            lease.lose(LockError("lost", f"{lease.place}: lease {lease.id} was lost: an operator ended it"))
        else:
            lease.lose(LockError("lost", f"{lease.place}: lease {lease.id} was lost: it ran out at the server (its TTL passed without a renewal)"))

    def _on_restart(self, previous: str, epoch: str) -> None:
        # A restarted server knows no lease the one before it gave: each of them is lost now, not at its next renewal.
        for lease in list(self._leases.values()):
            if lease.epoch != epoch:
                lease.lose(LockError("lost", f"{lease.place}: lease {lease.id} was lost: the server restarted (epoch {previous}, now {epoch})"))

    def _lose_all(self, error: LockError) -> None:
        # Without a connection a lease can be neither renewed nor released: its holder must know.
        self._closed = True
        for lease in list(self._leases.values()):
            lease.lose(LockError("closed", f"{lease.place}: lease {lease.id} was lost: {error.message}"))
        self._leases.clear()

    @contextlib.asynccontextmanager
    async def _holding(self, owner: "Lock | Semaphore", limit: int | None, key: Key, options: dict, may_wait: bool) -> AsyncIterator[Lease | None]:
        lease = await self._take(owner, limit, key, options, may_wait)
        if lease is None:
            yield None
            return
        self._leases[lease.id] = lease
        # A lock's block runs where a hold of the same key inside it is seen; a semaphore's nested hold takes another place.
        inside = _enclosing.set((*_enclosing.get(), (owner, lease.key, lease))) if isinstance(owner, Lock) else None
        try:
            yield lease
        finally:
            if inside is not None:
                _enclosing.reset(inside)
            try:
                await lease.release()
            finally:
                self._leases.pop(lease.id, None)

    async def _take(self, owner: "Lock | Semaphore", limit: int | None, key: Key, options: dict, may_wait: bool) -> Lease | None:
        kind, name = ("lock", owner.name) if isinstance(owner, Lock) else ("semaphore", owner.name)
        text = _wire_key(kind, name, key)
        place = f"{kind} {name}: key {json.dumps(text, ensure_ascii=False)}"
        ttl, wait, forever, renew, cancel, on_lost = _hold_settings(place, options, may_wait)
        if self._closed:
            raise LockError("closed", f"{place}: the client is closed")
        if cancel is not None and cancel.is_set():
            raise LockError("cancelled", f"{place}: cancelled before the hold began")
        if isinstance(owner, Lock):
            _refuse_nested(owner, text, place, math.inf if forever else wait)
        while True:
            self._requests += 1
            request_id = str(self._requests)
            body: dict = {"method": "hold", "kind": kind, "name": name, "key": text, "ttl": ttl, "wait": wait, "requestId": request_id}
            if limit is not None:
                body["limit"] = limit
            self._asking.add(request_id)
            try:
                answer = await self._ask(place, request_id, body, wait, cancel)
            finally:
                self._asking.discard(request_id)
            if not (forever and not answer.get("ok") and (answer.get("error") or {}).get("code") == "held"):
                break
        if not answer.get("ok"):
            error = error_from_wire(answer.get("error") or {})
            if not may_wait and error.code == "held":
                return None
            raise error
        # Closed while the answer was on its way: the close's cancel lets go of a grant, and the block never runs.
        if self._closed:
            raise LockError("closed", f"{place}: the client closed")
        lease = self._lease_from(place, kind, answer, ttl, renew)
        if on_lost is not None:
            lease.on_lost(on_lost)
        return lease

    async def _ask(self, place: str, request_id: str, body: dict, wait: float, cancel: asyncio.Event | None) -> dict:
        """Waits for a hold's answer; a cancel event, a cancelled task, or a connection down past the wait withdraws it."""

        def unreachable() -> LockError:
            # The server may have granted the hold already, or may still have it in line.
            self._cancel(request_id)
            return LockError("unreachable", f"{place}: no answer from {self.url} within the {format_duration(wait)} wait")

        call = self._link.call(body, now_ms() + wait + _ANSWER_GRACE_MS, unreachable)
        waiters: list[asyncio.Future] = [call.future]
        cancelled = None
        if cancel is not None:
            cancelled = asyncio.get_running_loop().create_task(cancel.wait())
            waiters.append(cancelled)
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            self._link.withdraw(call)
            self._cancel(request_id)
            raise
        finally:
            if cancelled is not None:
                cancelled.cancel()
        if not call.future.done():
            self._link.withdraw(call)
            self._cancel(request_id)
            raise LockError("cancelled", f"{place}: cancelled while waiting")
        return call.future.result()

    def _cancel(self, request_id: str) -> None:
        self._link.call({"method": "cancel", "requestId": request_id}).future.add_done_callback(_ignore)

    def _lease_from(self, place: str, kind: str, answer: dict, ttl: float, renew: bool) -> Lease:
        wire = answer.get("lease")
        try:
            if not isinstance(wire, dict) or not isinstance(wire.get("id"), str) or not isinstance(wire.get("expiresAt"), (int, float)):
                raise LockError("invalid", "expected a lease with an id and expiresAt")
            # A fence that does not read back exactly must not guard any write (LOCK-08).
            if kind == "lock":
                fence: int | None = parse_fence(wire.get("fence"))
            elif wire.get("fence") is not None:
                raise LockError("invalid", f"a semaphore's lease came with fence {json.dumps(wire.get('fence'))}")
            else:
                fence = None
        except LockError as error:
            if isinstance(wire, dict) and isinstance(wire.get("id"), str):
                self._link.call({"method": "release", "leaseId": wire["id"]}).future.add_done_callback(_ignore)
            raise LockError("invalid", f"{place}: the server's answer is refused: {error.message}") from None
        return Lease(self._link, place, wire, fence, wire["fence"] if fence is not None else None, ttl, renew, local_expiry(answer, wire["expiresAt"]))


class Lock:
    """A lock of a lock server: one holder per key at a time (LOCK-01), each lease with a fence."""

    def __init__(self, client: LockClient, name: str) -> None:
        self._client = client
        self.name = name

    def hold(
        self,
        key: Key,
        *,
        ttl: object = DEFAULT_TTL,
        wait: object = DEFAULT_WAIT,
        renew: bool = True,
        cancel: asyncio.Event | None = None,
        on_lost: Callable[[LockError], None] | None = None,
    ) -> contextlib.AbstractAsyncContextManager[Lease]:
        """``async with lock.hold(key) as lease:`` runs the block holding the key and releases it after, also when
        the block raises. Waits up to ``wait`` (10 s; ``math.inf`` as long as it takes) for the key, then raises
        ``held``; setting ``cancel`` while it waits raises ``cancelled``. Renews the lease (TTL 30 s) every third of
        its TTL while the block runs, unless ``renew=False``. Times are seconds or text such as ``'30s'``."""
        options = {"ttl": ttl, "wait": wait, "renew": renew, "cancel": cancel, "on_lost": on_lost}
        return self._client._holding(self, None, key, options, True)  # type: ignore[return-value]

    def try_hold(
        self,
        key: Key,
        *,
        ttl: object = DEFAULT_TTL,
        renew: bool = True,
        on_lost: Callable[[LockError], None] | None = None,
    ) -> contextlib.AbstractAsyncContextManager[Lease | None]:
        """Like ``hold`` without waiting: the lease is ``None`` when the key is held."""
        options = {"ttl": ttl, "wait": 0, "renew": renew, "cancel": None, "on_lost": on_lost}
        return self._client._holding(self, None, key, options, False)


class Semaphore:
    """A semaphore of a lock server: at most ``limit`` holders per key (LOCK-05); its leases have no fence."""

    def __init__(self, client: LockClient, name: str, limit: int) -> None:
        self._client = client
        self.name = name
        self.limit = limit

    def hold(self, key: Key, *, ttl: object = DEFAULT_TTL, wait: object = DEFAULT_WAIT, renew: bool = True, cancel: asyncio.Event | None = None, on_lost: Callable[[LockError], None] | None = None) -> contextlib.AbstractAsyncContextManager[Lease]:
        """Holds one of the key's places; otherwise as ``Lock.hold`` (the wait runs out with ``held``, the key being full)."""
        options = {"ttl": ttl, "wait": wait, "renew": renew, "cancel": cancel, "on_lost": on_lost}
        return self._client._holding(self, self.limit, key, options, True)  # type: ignore[return-value]

    def try_hold(self, key: Key, *, ttl: object = DEFAULT_TTL, renew: bool = True, on_lost: Callable[[LockError], None] | None = None) -> contextlib.AbstractAsyncContextManager[Lease | None]:
        """Like ``hold`` without waiting: the lease is ``None`` when the key is full."""
        options = {"ttl": ttl, "wait": 0, "renew": renew, "cancel": None, "on_lost": on_lost}
        return self._client._holding(self, self.limit, key, options, False)


def _refuse_nested(lock: Lock, key: str, place: str, wait: float) -> None:
    """Refuses a hold that would wait (``wait`` > 0), made inside the block of a hold of the same lock and key whose
    lease still holds it: it would wait in line behind its own caller, which waits for it, until its wait ran out.
    A lock is not reentrant; the block that holds the key has its lease already. A try waits for nothing."""
    if wait == 0:
        return
    for owner, held_key, lease in reversed(_enclosing.get()):
        if owner is lock and held_key == key and lease.held:
            waits = "would wait for itself for ever" if wait == math.inf else f"would wait for itself until its {format_duration(wait)} wait ran out"
            raise LockError("invalid", f"{place}: this hold is inside a hold of the same key (lease {lease.id}) and {waits}: a lock is not reentrant, so use the lease you hold")


def _ignore(future: asyncio.Future) -> None:
    if not future.cancelled():
        future.exception()


def _check_name(name: object, kind: str, closed: bool) -> None:
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_LENGTH:
        raise LockError("invalid", f"client.{kind}: name {json.dumps(str(name))}: expected a string of 1 to {MAX_NAME_LENGTH} characters")
    if closed:
        raise LockError("closed", f"{kind} {name}: the client is closed")


def _wire_key(kind: str, name: str, key: object) -> str:
    """The key's text: a non-empty ``str``, or an ``int`` in decimal; at most 1000 bytes of UTF-8."""
    place = f"{kind} {name}"
    if isinstance(key, str):
        if not key:
            raise LockError("invalid", f"{place}: the key is empty; expected a non-empty string or an int")
        text = key
    elif isinstance(key, int) and not isinstance(key, bool):
        text = str(key)
    else:
        raise LockError("invalid", f"{place}: key {shown(key)}: expected a non-empty string or an int")
    try:
        size = len(text.encode())
    except UnicodeEncodeError:
        raise LockError("invalid", f"{place}: key {shown(key)}: has a lone surrogate, which is no text") from None
    if size > MAX_KEY_BYTES:
        raise LockError("invalid", f"{place}: key of {size} bytes of UTF-8: the wire takes at most {MAX_KEY_BYTES}")
    return text


def _hold_settings(place: str, options: dict, may_wait: bool) -> tuple[float, float, bool, bool, asyncio.Event | None, Callable | None]:
    """The engine's checks and defaults, then the wire's ranges, with ``place`` in front of a refusal."""
    on_lost, renew, cancel = options["on_lost"], options["renew"], options["cancel"]
    if on_lost is not None and not callable(on_lost):
        raise LockError("invalid", f"{place}: on_lost {shown(on_lost)}: expected a function")
    if not isinstance(renew, bool):
        raise LockError("invalid", f"{place}: renew {shown(renew)}: expected true or false")
    if cancel is not None and not isinstance(cancel, asyncio.Event):
        raise LockError("invalid", f"{place}: cancel: expected an asyncio.Event")
    ttl = wire_ttl(place, options["ttl"])
    wait = duration_ms(options["wait"], f"{place}: wait") if may_wait else 0.0
    forever = wait == math.inf
    if forever:
        # The wire waits at most an hour at a time; an unbounded wait asks again after each.
        wait = float(MAX_WAIT_MS)
    elif wait > MAX_WAIT_MS:
        raise LockError("invalid", f"{place}: wait {shown(options['wait'])}: out of range; the wire takes 0 to 1 h")
    return ttl, wait, forever, renew, cancel, on_lost
