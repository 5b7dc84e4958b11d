"""Fences as the wire writes them (LOCK-08): decimal text of 1 to 40 digits, at most 2^128 - 1."""

from __future__ import annotations

import re

from .errors import LockError, shown

#: The largest fence: 128 bits.
MAX_FENCE = (1 << 128) - 1

_wire_fence = re.compile(r"[0-9]{1,40}")


def parse_fence(text: object) -> int:
    """A fence read from the wire: 1 to 40 ASCII digits, leading zeros allowed, at most 2^128 - 1; anything else is ``invalid``."""
    if not isinstance(text, str):
        raise LockError("invalid", f"fence {shown(text)}: expected a string of 1 to 40 decimal digits")
    if _wire_fence.fullmatch(text) is None:
        got = f", got {len(text)}" if re.fullmatch(r"[0-9]+", text) else ""
        raise LockError("invalid", f"fence {shown(text)}: expected 1 to 40 decimal digits{got}")
    fence = int(text)
    if fence > MAX_FENCE:
        raise LockError("invalid", f"fence {shown(text)}: larger than 2^128 - 1")
    return fence


def fence_text(fence: int) -> str:
    """A fence as 40 zero-padded digits, which compare as text in the order of the numbers: ``f"{fence:040d}"``."""
    if not isinstance(fence, int) or isinstance(fence, bool) or fence < 0 or fence > MAX_FENCE:
        raise LockError("invalid", f"fence {shown(fence)}: expected an int from 0 to 2^128 - 1")
    return f"{fence:040d}"
