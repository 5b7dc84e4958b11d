"""Times of a hold: seconds, as asyncio takes them, or text such as ``'250ms'``, ``'30s'``, ``'15m'``, ``'1h'``."""

from __future__ import annotations

import math
import re
from datetime import timedelta

from .errors import LockError, shown

_unit_ms = {"ms": 1, "s": 1000, "m": 60_000, "min": 60_000, "h": 3_600_000}
_duration_text = re.compile(r"(\d+(?:\.\d+)?) ?(ms|s|min|m|h)")

#: The wire's ranges, in milliseconds.
MIN_TTL_MS = 1000
MAX_TTL_MS = 3_600_000
MAX_WAIT_MS = 3_600_000


def duration_ms(value: object, what: str) -> float:
    """The milliseconds a time stands for; ``what`` names it in the error (``lock invoices: key "42": ttl``)."""
    if isinstance(value, timedelta):
        value = value.total_seconds()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if math.isfinite(value) and value >= 0:
            return value * 1000
        if value == math.inf:
            return math.inf
        raise LockError("invalid", f"{what} {shown(value)}: expected seconds, a finite number of at least 0")
    match = _duration_text.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise LockError("invalid", f"{what} {shown(value)}: expected seconds or text such as '250ms', '30s', '15m', '1h'")
    return float(match.group(1)) * _unit_ms[match.group(2)]


def format_duration(ms: float) -> str:
    """A time as a message shows it: ``250 ms``, ``10 s``, ``1.5 s``, ``15 min``, ``1 h``, as the TypeScript engine writes it."""
    if ms == math.inf:
        return "unbounded"
    if ms < 1000:
        return f"{_round(ms)} ms"
    if ms % 3_600_000 == 0:
        return f"{_round(ms / 3_600_000)} h"
    if ms % 60_000 == 0:
        return f"{_round(ms / 60_000)} min"
    return f"{_round(ms / 1000)} s"


def _round(n: float) -> str:
    n = round(n * 1000) / 1000
    return str(int(n)) if n == int(n) else str(n)
