"""What the pages' Python samples take as given: the doctest's chat.db, made in the program's folder before it
runs (doctest/chat-db.ts: the seed's chats table, chat 42's row, and the refusal of a summary_fence that is not
40 digits); the record of the story a program plays, printed as the line the doctest compares with the scene's
frames (doctest/story/outcome.ts); and the doctest's director, which ends a lease when a sample's story says its
holder paused past its TTL.

A setup names what a sample uses as the chat domain's prelude does (src/seed/chat-domain.ts), in Python's
spelling: ``summaries``, ``chat_id`` (the prelude's ``chatId``), ``db``, ``model``, ``history``. Each setup makes
them as its story needs: nothing here fixes their shape."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import sys
from typing import Any, AsyncIterator

OUTCOME_PREFIX = "doctest-outcome: "


class Story:
    """The record of one program's story on chat.db: each lease a worker's hold is given and each write a worker
    runs, in order. ``lock(lock, worker)`` and ``db(worker)`` give a worker's names; ``report()`` prints the line."""

    def __init__(self, path: str = "chat.db") -> None:
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.grants: list[dict[str, str]] = []
        self.writes: list[dict[str, Any]] = []
        self.holding: set[str] = set()

    def lock(self, lock: Any, worker: str) -> "RecordedLock":
        return RecordedLock(self, lock, worker)

    def db(self, worker: str) -> "WorkerDb":
        return WorkerDb(self, worker)

    def row(self, chat_id: object) -> tuple[str, str]:
        """A chat's summary and summary_fence."""
        return self.connection.execute("select summary, summary_fence from chats where id = ?", (str(chat_id),)).fetchone()

    def report(self) -> None:
        print(OUTCOME_PREFIX + json.dumps({"grants": self.grants, "writes": self.writes}), flush=True)


class RecordedLock:
    """A worker's lock: ``async with summaries.hold(key) as lease`` as the client's, noting the lease it is given
    and while its block runs."""

    def __init__(self, story: Story, lock: Any, worker: str) -> None:
        self._story = story
        self._lock = lock
        self._worker = worker

    @contextlib.asynccontextmanager
    async def hold(self, key: object, **options: Any) -> AsyncIterator[Any]:
        async with self._lock.hold(key, **options) as lease:
            async with self._holding(lease):
                yield lease

    @contextlib.asynccontextmanager
    async def try_hold(self, key: object, **options: Any) -> AsyncIterator[Any]:
        async with self._lock.try_hold(key, **options) as lease:
            if lease is None:
                yield lease
            else:
                async with self._holding(lease):
                    yield lease

    @contextlib.asynccontextmanager
    async def _holding(self, lease: Any) -> AsyncIterator[None]:
        self._story.grants.append({"worker": self._worker, "fence": str(lease.fence if lease.fence is not None else 0)})
        self._story.holding.add(self._worker)
        try:
            yield
        finally:
            self._story.holding.discard(self._worker)


class WorkerDb:
    """One worker's chat.db: ``await db.exec(sql, *params)`` runs one statement and returns the rows it changed."""

    def __init__(self, story: Story, worker: str) -> None:
        self._story = story
        self._worker = worker

    async def exec(self, statement: str, *params: object) -> int:
        in_hold = self._worker in self._story.holding
        try:
            changes = self._story.connection.execute(statement, params).rowcount
        except sqlite3.Error as error:
            raise RuntimeError(f"{self._worker}'s write: {error}; the statement: {statement}; its values: {params!r}") from None
        self._story.writes.append({"worker": self._worker, "changes": changes, "inHold": in_hold, "values": [_bound(value) for value in params]})
        return changes


def _bound(value: object) -> dict[str, str]:
    if isinstance(value, str):
        return {"text": value}
    if isinstance(value, int) and not isinstance(value, bool):
        return {"integer": str(value)}
    return {"other": repr(value)}


async def ask_director(line: str) -> None:
    """Prints a request to the doctest's director and returns once it answered ``ok``."""
    print(line, flush=True)
    answer = (await asyncio.to_thread(sys.stdin.readline)).strip()
    if answer != "ok":
        raise RuntimeError(f"{line}: the director answered {answer!r}")
