"""tinystore-locks: a client of the tinystore lock server, on asyncio.

    client = await connect("tcp://127.0.0.1:7411")
    summaries = client.lock("summaries")
    async with summaries.hold(chat_id) as lease:
        ...  # lease.fence is an int, larger than every earlier lease's
"""

from .client import Key, Lock, LockClient, Semaphore, connect
from .errors import CODES, LockError
from .fence import MAX_FENCE, fence_text, parse_fence
from .lease import Lease

__all__ = ["CODES", "Key", "Lease", "Lock", "LockClient", "LockError", "MAX_FENCE", "Semaphore", "connect", "fence_text", "parse_fence"]
