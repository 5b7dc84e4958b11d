"""A lease the server gave, as its holder sees it: lost when a renewal is refused, when the server says so,
or just before its time runs out here (LOCK-04), whichever comes first."""

from __future__ import annotations

import asyncio
import math
from typing import Callable

from .durations import MAX_TTL_MS, MIN_TTL_MS, duration_ms, format_duration
from .errors import LockError, error_from_wire, shown
from .link import Link, now_ms


def local_expiry(answer: dict, expires_at: float) -> float:
    """When a lease runs out, in the client's clock, from the answer that set its expiry: no earlier than the request's
    send time, plus the time it waited at the server, plus what was left of the lease when the server answered. No
    measure of the server's clock is kept: one taken hours ago says nothing of now."""
    now, sent_at, waited = answer.get("now"), answer.get("sentAt"), answer.get("waited")
    if not isinstance(now, (int, float)) or isinstance(now, bool) or not isinstance(sent_at, (int, float)):
        return now_ms()
    waited = waited if isinstance(waited, (int, float)) and not isinstance(waited, bool) and waited > 0 else 0
    return sent_at + waited + (expires_at - now)


def wire_ttl(place: str, ttl: object) -> float:
    """A TTL the wire takes: 1 s to 1 h."""
    ms = duration_ms(ttl, f"{place}: ttl")
    if ms == 0:
        raise LockError("invalid", f"{place}: ttl {shown(ttl)}: expected more than 0 ms")
    if ms < MIN_TTL_MS or ms > MAX_TTL_MS:
        raise LockError("invalid", f"{place}: ttl {shown(ttl)}: out of range; the wire takes 1 s to 1 h")
    return ms


class Lease:
    """The right to one key of a lock (or one of a semaphore key's places) until it is released or runs out.

    ``fence`` is an ``int`` for a lock's lease, larger than every earlier lease's (LOCK-03), and ``None``
    for a semaphore's. ``lost`` turns true, and ``wait_lost()`` returns, before the key can go to anyone else.
    """

    def __init__(self, link: Link, place: str, wire: dict, fence: int | None, fence_text: str | None, ttl_ms: float, renew: bool, runs_out_at: float) -> None:
        self._link = link
        #: The epoch of the server that gave it: a server of another epoch knows nothing of it.
        self.epoch = link.epoch
        self.place = place
        self.id: str = wire["id"]
        self.key: str = wire["key"]
        self.fence = fence
        self._fence_text = fence_text
        self._ttl = ttl_ms
        self._expires_at: float = wire["expiresAt"]
        # When it runs out in the client's clock (local_expiry).
        self._runs_out_at = runs_out_at
        self._renew_at = now_ms() + ttl_ms / 3 if renew else math.inf
        self._state = "held"
        self._lost_reason: LockError | None = None
        self._lost = asyncio.Event()
        self._on_lost: list[Callable[[LockError], None]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._renewing = False
        self._loop = asyncio.get_running_loop()
        self._arm()

    @property
    def expires_at(self) -> float:
        """When the lease runs out unless renewed: seconds since the epoch, on the server's clock."""
        return self._expires_at / 1000

    @property
    def lost(self) -> bool:
        """True once the lease ran out, was ended, or its client or server closed."""
        return self._state == "lost"

    @property
    def lost_reason(self) -> LockError | None:
        """Why the lease was lost, once it was."""
        return self._lost_reason

    @property
    def held(self) -> bool:
        """True while the lease holds its key."""
        return self._state == "held"

    async def wait_lost(self) -> LockError:
        """Returns, with the reason, once the lease is lost; never returns for a lease released."""
        await self._lost.wait()
        assert self._lost_reason is not None
        return self._lost_reason

    def on_lost(self, listener: Callable[[LockError], None]) -> None:
        """Calls ``listener`` with the reason when the lease is lost, before its key can go to anyone else."""
        self._on_lost.append(listener)

    async def renew(self, ttl: object = None) -> None:
        """Makes the lease last ``ttl`` from now (its TTL so far unless given); ``lost`` once it ran out, ``released`` after a release."""
        ms = self._ttl if ttl is None else wire_ttl(self.place, ttl)
        if self._state == "released":
            raise LockError("released", f"{self.place}: lease {self.id} was released; a renewal cannot take the key back")
        if self._state == "lost":
            raise LockError("lost", f"{self.place}: lease {self.id} was lost before this renewal") from self._lost_reason
        body: dict = {"method": "renew", "leaseId": self.id, "ttl": ms}
        if self._fence_text is not None:
            body["fence"] = self._fence_text
        call = self._link.call(body)
        lost = self._loop.create_task(self._lost.wait())
        try:
            await asyncio.wait([call.future, lost], return_when=asyncio.FIRST_COMPLETED)
        finally:
            lost.cancel()
        if not call.future.done():
            self._link.withdraw(call)
            raise LockError("lost", f"{self.place}: lease {self.id} was lost before this renewal") from self._lost_reason
        answer = call.future.result()
        if not answer.get("ok"):
            error = error_from_wire(answer.get("error") or {})
            if error.code in ("lost", "released"):
                self.lose(error)
            raise error
        if self._state != "held":
            return
        self._ttl = ms
        self._expires_at = answer["lease"]["expiresAt"]
        self._runs_out_at = local_expiry(answer, self._expires_at)
        self._arm()

    async def release(self) -> None:
        """Lets go of the key; does nothing for a lease already lost or released, so it never frees a newer holder."""
        if self._state != "held":
            return
        self._state = "released"
        self._disarm()
        await self._release_at_server(math.inf)

    async def lose_and_release(self, reason: LockError, deadline: float) -> None:
        """For a client that closes: the lease reads as lost (``reason``) first, then is released at the server; returns once
        answered, or at ``deadline`` in the client's clock."""
        if self._state != "held":
            return
        self.lose(reason)
        await self._release_at_server(deadline)

    async def _release_at_server(self, deadline: float) -> None:
        body: dict = {"method": "release", "leaseId": self.id}
        if self._fence_text is not None:
            body["fence"] = self._fence_text
        # Past the lease's own time the answer no longer matters: the key is free either way.
        until = min(deadline, self._runs_out_at)
        call = self._link.call(body, until, lambda: LockError("lost", f"{self.place}: lease {self.id}: no answer to its release in time"))
        try:
            await call.future
        except LockError:
            # Refused, closed or past the deadline: the lease is released here all the same, and the server frees the key by its TTL at the latest.
            pass

    def lose(self, reason: LockError) -> None:
        """Marks the lease lost and tells its holder; a released lease stays released."""
        if self._state != "held":
            return
        self._state = "lost"
        self._lost_reason = reason
        self._disarm()
        self._lost.set()
        for listener in self._on_lost:
            try:
                listener(reason)
            except Exception as error:  # noqa: BLE001 - a listener's failure must not keep the loss from the others
                self._loop.call_exception_handler({"message": "a lease's on_lost listener failed", "exception": error})

    def _deadline(self) -> float:
        # Early by a fiftieth of the TTL (at most 1 s), for timers that fire late.
        return self._runs_out_at - min(1000.0, self._ttl / 50)

    def _arm(self) -> None:
        self._disarm()
        due = min(self._renew_at, self._deadline())
        self._timer = self._loop.call_later(max(0.0, (due - now_ms()) / 1000), self._on_timer)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _on_timer(self) -> None:
        self._timer = None
        if self._state != "held":
            return
        now = now_ms()
        if now >= self._deadline():
            self.lose(LockError("lost", f"{self.place}: lease {self.id} ran out: its {format_duration(self._ttl)} TTL passed without a renewal"))
            return
        if now >= self._renew_at:
            self._renew_at = now + self._ttl / 3
            if not self._renewing:
                self._renewing = True
                self._loop.create_task(self._renew_on_time())
        self._arm()

    async def _renew_on_time(self) -> None:
        try:
            await self.renew()
        except LockError as error:
            # A refusal other than these (the server busy) waits for the next turn.
            if error.code in ("lost", "released", "closed"):
                self.lose(error)
        finally:
            self._renewing = False
