"""What the pages' Python samples take as given: the seed's chat.db (Python's sqlite3), and the
doctest's director, which ends a lease when a sample's story says its holder paused past its TTL."""

from __future__ import annotations

import asyncio
import sqlite3
import sys


class ChatDb:
    """The seed's chats table with migration 0004's summary_fence, in a real SQLite file; ``exec`` as the sample calls it."""

    def __init__(self, path: str) -> None:
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.connection.execute("create table if not exists chats (id integer primary key, summary text)")
        self.connection.execute("insert or ignore into chats (id, summary) values (42, null)")
        columns = [row[1] for row in self.connection.execute("pragma table_info(chats)")]
        if "summary_fence" not in columns:
            self.connection.execute("alter table chats add column summary_fence text not null default ''")
        self.writes: list[tuple[str, int]] = []

    def as_worker(self, worker: str) -> "WorkerDb":
        return WorkerDb(self, worker)

    def row(self, chat_id: int) -> tuple[str | None, str]:
        return self.connection.execute("select summary, summary_fence from chats where id = ?", (chat_id,)).fetchone()


class WorkerDb:
    """One worker's connection: ``await db.exec(sql, *params)`` runs one statement and returns the rows it changed."""

    def __init__(self, db: ChatDb, worker: str) -> None:
        self.db = db
        self.worker = worker

    async def exec(self, statement: str, *params: object) -> int:
        changes = self.db.connection.execute(statement, params).rowcount
        self.db.writes.append((self.worker, changes))
        return changes


async def ask_director(line: str) -> None:
    """Prints a request to the doctest's director and returns once it answered ``ok``."""
    print(line, flush=True)
    answer = (await asyncio.to_thread(sys.stdin.readline)).strip()
    if answer != "ok":
        raise RuntimeError(f"{line}: the director answered {answer!r}")
