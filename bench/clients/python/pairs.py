"""Hold+release pairs per second of the Python client: ``pairs.py URL LANES SECONDS ROUNDS`` prints one rate a round.

LANES loops hold and release at once, each its own key (one lane: key 42), each pair awaited before the next."""

import asyncio
import sys
import time

from tinystore_locks import connect


async def main(url: str, lanes: int, seconds: float, rounds: int) -> None:
    client = await connect(url)
    summaries = client.lock("summaries")
    keys = ["42"] if lanes == 1 else [f"key {lane}" for lane in range(lanes)]

    async def rate(seconds: float) -> float:
        done = 0
        start = time.perf_counter()
        until = start + seconds

        async def lane(key: str) -> None:
            nonlocal done
            while time.perf_counter() < until:
                async with summaries.hold(key):
                    pass
                done += 1

        await asyncio.gather(*(lane(key) for key in keys))
        return done / (time.perf_counter() - start)

    await rate(min(seconds, 0.5))  # warm up
    for _ in range(rounds):
        print(f"{await rate(seconds):.1f}", flush=True)
    await client.close()


asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])))
