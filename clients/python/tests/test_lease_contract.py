"""The lease contract of tests/unit/server/lease-contract.test.ts and the client contract of
tests/unit/server/client-contract.test.ts, case by case under the same names (each case's docstring), run by the
Python client against a real lock server."""

from __future__ import annotations

import asyncio
import time
import unittest

from tinystore_locks import Lease, LockError, connect

from contract_server import ContractServer
from lock_server import LockServer

server: LockServer


def setUpModule() -> None:
    global server
    server = LockServer()


def tearDownModule() -> None:
    server.stop()


class LeaseContract(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.client = await connect(server.url)

    async def asyncTearDown(self) -> None:
        await self.client.close()

    async def refused(self, awaitable) -> LockError:
        with self.assertRaises(LockError) as caught:
            await awaitable
        return caught.exception

    async def test_result_release_and_fence(self) -> None:
        """runs the function holding the key, resolves to its result, releases after, and the next lease has a larger fence"""
        invoices = self.client.lock("invoices")
        async with invoices.hold(42) as first:
            self.assertEqual((first.key, first.lost), ("42", False))
            async with invoices.try_hold("42") as second:
                self.assertIsNone(second)
            result = "saved"
        self.assertEqual(result, "saved")
        async with invoices.try_hold("42") as next_lease:
            assert next_lease is not None
            self.assertGreater(next_lease.fence, first.fence)
        # Released, not lost: nothing tells a loss, a renewal is refused as released, a second release does nothing.
        self.assertFalse(first.lost)
        late = await self.refused(first.renew())
        self.assertEqual(late.code, "released")
        self.assertEqual(late.message, f'lock invoices: key "42": lease {first.id} was released; a renewal cannot take the key back')
        await first.release()

    async def test_release_when_the_function_throws(self) -> None:
        """releases the key when the function throws, and rethrows"""
        with self.assertRaisesRegex(RuntimeError, "model down"):
            async with self.client.lock("invoices").hold("42"):
                raise RuntimeError("model down")
        async with self.client.lock("invoices").try_hold("42") as lease:
            self.assertIsNotNone(lease)

    async def test_renew(self) -> None:
        """renews a held lease"""
        async with self.client.lock("invoices").hold("42") as lease:
            before = lease.expires_at
            await asyncio.sleep(0.02)
            await lease.renew("60s")
            self.assertGreater(lease.expires_at, before)

    async def test_semaphore(self) -> None:
        """gives a semaphore's leases no fence and at most its limit of holders"""
        exports = self.client.semaphore("exports", limit=2)
        async with exports.hold("t") as a:
            self.assertIsNone(a.fence)
            async with exports.hold("t"):
                async with exports.try_hold("t") as third:
                    self.assertIsNone(third)

    async def assert_refusal(self, key: object, options: dict, message: str) -> None:
        ran = False
        with self.assertRaises(LockError) as caught:
            async with self.client.lock("invoices").hold(key, **options):  # type: ignore[arg-type]
                ran = True
        self.assertEqual((caught.exception.code, caught.exception.message, ran), ("invalid", message, False))

    async def test_refuses_an_empty_key(self) -> None:
        """refuses an empty key in the same words"""
        await self.assert_refusal("", {}, "lock invoices: the key is empty; expected a non-empty string or an int")

    async def test_refuses_a_key_that_is_not_a_whole_number(self) -> None:
        """refuses a key that is not a whole number in the same words"""
        await self.assert_refusal(1.5, {}, "lock invoices: key 1.5: expected a non-empty string or an int")

    async def test_refuses_a_signal_that_is_not_one(self) -> None:
        """refuses a signal that is not one in the same words"""
        # Python's signal is an asyncio.Event, given as cancel=.
        await self.assert_refusal("42", {"cancel": {}}, 'lock invoices: key "42": cancel: expected an asyncio.Event')

    async def test_refuses_renew_that_is_not_a_boolean(self) -> None:
        """refuses renew that is not a boolean in the same words"""
        await self.assert_refusal("42", {"renew": "yes"}, 'lock invoices: key "42": renew "yes": expected true or false')

    async def test_refuses_on_lost_that_is_not_a_function(self) -> None:
        """refuses onLost that is not a function in the same words"""
        await self.assert_refusal("42", {"on_lost": "no"}, 'lock invoices: key "42": on_lost "no": expected a function')

    async def test_refuses_a_ttl_that_is_not_a_time(self) -> None:
        """refuses a ttl that is not a time in the same words"""
        await self.assert_refusal("42", {"ttl": "soon"}, "lock invoices: key \"42\": ttl \"soon\": expected seconds or text such as '250ms', '30s', '15m', '1h'")

    async def test_cancelled_before_the_hold(self) -> None:
        """is cancelled, without running the function, by a signal aborted before the hold"""
        cancel = asyncio.Event()
        cancel.set()
        ran = False
        error = await self.refused(self._hold_once("42", cancel=cancel))
        self.assertEqual((error.code, error.message, ran), ("cancelled", 'lock invoices: key "42": cancelled before the hold began', False))

    async def _hold_once(self, key: str, **options: object) -> None:
        async with self.client.lock("invoices").hold(key, **options):  # type: ignore[arg-type]
            raise AssertionError("the block ran")

    async def test_held_past_the_wait(self) -> None:
        """gives up with held when the key stays held past the wait"""
        invoices = self.client.lock("invoices")
        held, let_go = asyncio.Event(), asyncio.Event()

        async def holder() -> None:
            async with invoices.hold("42"):
                held.set()
                await let_go.wait()

        # Held by another task, not around this one: a hold inside it would be refused as nested (below).
        holding = asyncio.create_task(holder())
        await held.wait()
        error = await self.refused(self._hold_once("42", wait=0.1))
        self.assertEqual(error.code, "held")
        self.assertRegex(error.message, r'^lock invoices: key "42": held past the 100 ms wait')
        let_go.set()
        await holding

    async def test_renew_ttl_for_later_renewals(self) -> None:
        """takes the TTL of renew(ttl) for the automatic renewals after it"""
        async with self.client.lock("invoices").hold("42", ttl="1s") as lease:
            await lease.renew("3s")
            renewed = lease.expires_at
            # The next automatic renewal comes a third of the new TTL later, 1 s, and lasts the new TTL, 3 s: the lease
            # then ends 1 s later than the renewal by hand made it, where a TTL of 1 s would end it 1 s sooner. On a busy
            # machine the renewal may come late, so the test looks for it until 2.5 s, still within the new TTL.
            deadline = asyncio.get_running_loop().time() + 2.5
            while lease.expires_at <= renewed + 0.5 and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.05)
            self.assertGreater(lease.expires_at, renewed + 0.5)

    async def test_cancel_once_held(self) -> None:
        """leaves a hold alone once its key is held: a signal that aborts then neither stops the function nor loses the lease"""
        invoices = self.client.lock("invoices")
        stop = asyncio.Event()
        async with invoices.hold("42", cancel=stop) as lease:
            stop.set()
            await asyncio.sleep(0.02)
            result = {"lost": lease.lost, "held": lease.held}
        self.assertEqual(result, {"lost": False, "held": True})
        async with invoices.try_hold("42") as after:
            self.assertIsNotNone(after)

    async def test_nested_hold_refused(self) -> None:
        """refuses a hold of a lock's key inside a hold of the same key at once, with invalid, rather than let it wait for itself until its wait runs out"""
        invoices = self.client.lock("invoices")
        started = asyncio.get_running_loop().time()
        async with invoices.hold("42") as lease:
            # Through an await and a task the block starts: the nesting follows the context.
            await asyncio.sleep(0.005)
            nested = await self.refused(asyncio.create_task(self._hold_once("42", wait="10s")))
            self.assertEqual(
                nested.message,
                f'lock invoices: key "42": this hold is inside a hold of the same key (lease {lease.id}) and would wait for itself until its 10 s wait ran out: a lock is not reentrant, so use the lease you hold',
            )
        self.assertEqual(nested.code, "invalid")
        self.assertLess(asyncio.get_running_loop().time() - started, 5)
        # A try waits for nothing, and finds the key held; another key, or a semaphore's place, is no nesting.
        async with invoices.hold("42"):
            async with invoices.try_hold("42") as inner:
                self.assertIsNone(inner)
            async with invoices.hold("43") as other:
                self.assertEqual(other.key, "43")
        exports = self.client.semaphore("exports", limit=2)
        async with exports.hold("t"):
            async with exports.hold("t") as second:
                self.assertIsNotNone(second)
        # The same key of the same lock through another client is another holder, which waits its turn.
        other_client = await connect(server.url)
        try:
            async with invoices.hold("42"):
                error = await self.refused(self._hold_once_on(other_client, "42", wait=0.1))
                self.assertEqual(error.code, "held")
        finally:
            await other_client.close()

    async def _hold_once_on(self, client, key: str, **options: object) -> None:
        async with client.lock("invoices").hold(key, **options):
            raise AssertionError("the block ran")

    async def test_lock_01(self) -> None:
        """LOCK-01: one holder at a time, and the key goes to the next in line, first come first served"""
        invoices = self.client.lock("invoices")
        order: list[str] = []
        holders = most = 0
        first_holds = asyncio.Event()
        let_go = asyncio.Event()

        async def worker(name: str) -> None:
            nonlocal holders, most
            async with invoices.hold("42"):
                holders += 1
                most = max(most, holders)
                order.append(name)
                if name == "A":
                    first_holds.set()
                    await let_go.wait()
                await asyncio.sleep(0.02)
                holders -= 1

        tasks = [asyncio.create_task(worker("A"))]
        await first_holds.wait()
        for name in "BCD":
            tasks.append(asyncio.create_task(worker(name)))
            await asyncio.sleep(0.05)
        let_go.set()
        await asyncio.gather(*tasks)
        self.assertEqual((order, most), (["A", "B", "C", "D"], 1))

    async def test_lock_04(self) -> None:
        """LOCK-04: a lease that runs out tells its holder before the key goes to the next in line"""
        invoices = self.client.lock("invoices")
        events: list[str] = []
        held: list[Lease] = []

        async def a() -> str:
            async with invoices.hold("42", ttl="1s", renew=False) as lease:
                held.append(lease)
                lease.on_lost(lambda reason: events.append(f"A told: {reason.code}"))
                await lease.wait_lost()
                return "A done"

        async def b() -> int | None:
            async with invoices.hold("42", wait="5s") as lease:
                events.append(f"B holds, A lost: {held[0].lost}")
                return lease.fence

        first = asyncio.create_task(a())
        await asyncio.sleep(0.05)
        fence = await b()
        self.assertEqual(await first, "A done")
        self.assertEqual(events, ["A told: lost", "B holds, A lost: True"])
        self.assertGreater(fence, held[0].fence)

    async def test_lock_04_blocked(self) -> None:
        """LOCK-04: a lease whose time passed while its holder's event loop was blocked reads as lost, its signal aborted, before any timer runs"""
        async with self.client.lock("invoices").hold("42", ttl="1s", renew=False) as lease:
            before = (lease.lost, lease.held)
            # Blocks the event loop past the TTL: no timer of the client's can run until this returns.
            time.sleep(1.5)
            after = (lease.lost, lease.held, lease.lost_reason.code if lease.lost_reason else None)
        self.assertEqual((before, after), ((False, True), (True, False, "lost")))



class ClientContract(unittest.IsolatedAsyncioTestCase):
    """What every client of the lock server does alike, each case against a server of its own."""

    async def asyncSetUp(self) -> None:
        self.server = await asyncio.to_thread(ContractServer)
        self.clients = []

    async def asyncTearDown(self) -> None:
        for client in self.clients:
            await client.close()
        await asyncio.to_thread(self.server.stop)

    async def connect(self):
        client = await connect(self.server.url)
        self.clients.append(client)
        return client

    async def command(self, text: str) -> None:
        await asyncio.to_thread(self.server.command, text)

    async def lost_within(self, lease: Lease, timeout: float) -> float:
        """How long the lease took to read as lost, in seconds; fails after ``timeout``."""
        started = asyncio.get_running_loop().time()
        await asyncio.wait_for(lease.wait_lost(), timeout)
        return asyncio.get_running_loop().time() - started

    async def test_close_lets_go(self) -> None:
        """close() lets go of what the client holds: each lease reads as lost first, then its key goes to the next in line at once"""
        a, b = await self.connect(), await self.connect()
        held = asyncio.Event()
        leases: list[Lease] = []

        async def holder() -> str:
            async with a.lock("invoices").hold("42", ttl="30s") as lease:
                leases.append(lease)
                held.set()
                return (await lease.wait_lost()).code

        holding = asyncio.create_task(holder())
        await held.wait()

        async def next_holder() -> int | None:
            async with b.lock("invoices").hold("42", wait="10s") as lease:
                return lease.fence

        following = asyncio.create_task(next_holder())
        await asyncio.sleep(0.05)
        closed_at = asyncio.get_running_loop().time()
        await a.close()
        self.assertEqual(await holding, "closed")
        fence = await following
        assert fence is not None and leases[0].fence is not None
        self.assertGreater(fence, leases[0].fence)
        # Well before the 30 s TTL: the close released the key.
        self.assertLess(asyncio.get_running_loop().time() - closed_at, 5)

    async def test_dates_from_send_time(self) -> None:
        """dates a lease from the send time of the request that set it, so a server clock that jumped since the hello does not lengthen it"""
        locks = await self.connect()
        # The hello measured the server's clock; an hour later by it, and with answers slower than the hello's, a lease of 2 s must still last 2 s here.
        await self.command("jump 3600000")
        await self.command("slow 100")
        async with locks.lock("invoices").hold("42", ttl="2s", renew=False) as lease:
            # The server's word of the loss never comes: the lease's own time must tell.
            await self.command("drop")
            after = await self.lost_within(lease, 5)
        await self.command("pass")
        self.assertLess(after, 2.5)

    async def test_epoch_at_reconnect(self) -> None:
        """learns at its reconnect that a restarted server lost its leases, from the epoch in the hello, not at its next renewal"""
        locks = await self.connect()
        async with locks.lock("invoices").hold("42", ttl="30s") as lease:
            await self.command("restart")
            # Its next renewal is 10 s after the grant (a third of the TTL): the reconnect must tell first.
            after = await self.lost_within(lease, 8)
            reason = lease.lost_reason
        self.assertLess(after, 5)
        assert reason is not None
        self.assertRegex(reason.message, r'^lock invoices: key "42": lease \S+ was lost: the server restarted \(epoch \d+, now \d+\)$')


if __name__ == "__main__":
    unittest.main()
