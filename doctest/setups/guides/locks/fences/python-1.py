# doctest: the python block that starts: async with summaries.hold(chat_id) as lease:
# doctest: plays the scene above
# doctest: mutant "summary_fence < ?" "summary_fence <> ?" fails
# The seed's story with the sample as written, against the doctest's lock server and its chat.db (Python's sqlite3):
# worker A holds the chat's key and pauses in its summary; its lease is ended (as when its TTL passes while it is
# paused); worker B holds the key and saves; A wakes and saves too. The leases the holds were given and what each
# write did are printed for the doctest to compare with the scene's frames.
import asyncio
import os

from doctest_support import Story, ask_director
from tinystore_locks import connect

story = Story()
chat_id = 42


async def history(chat_id: int) -> list[str]:
    return [f"the messages of chat {chat_id}"]


async def worker(name: str, model) -> None:
    client = await connect(os.environ["TINYSTORE_LOCKS_URL"])
    summaries = story.lock(client.lock("summaries"), name)
    db = story.db(name)
    # doctest: the block
    await client.close()


async def main() -> None:
    a_holds, b_saved = asyncio.Event(), asyncio.Event()

    class PausedModel:
        async def summarize(self, lines: list[str]) -> str:
            # A pauses here, holding the key: its lease ends meanwhile, and it goes on once B has saved.
            a_holds.set()
            await ask_director("doctest: end the lease on lock summaries key 42")
            await b_saved.wait()
            return "the summary of A"

    class Model:
        async def summarize(self, lines: list[str]) -> str:
            return "the summary of B"

    a = asyncio.create_task(worker("A", PausedModel()))
    # B asks for the key once A holds it, and gets it once A's lease has ended.
    await a_holds.wait()
    await worker("B", Model())
    b_saved.set()
    await a
    story.report()


asyncio.run(main())
