"""The one error class of the client: its code says what happened, its message where and why."""

from __future__ import annotations

#: The codes a program can branch on, the TypeScript engine's own:
#: ``held`` the key stayed held (a semaphore's key, full) past the wait;
#: ``cancelled`` the hold was withdrawn while it waited; ``closed`` the client or server closed;
#: ``invalid`` an argument or an answer is not what it must be; ``lost`` the lease ran out;
#: ``released`` the lease was released already; ``busy`` the server is at a limit, try again later;
#: ``unreachable`` no server answered.
CODES = ("held", "cancelled", "closed", "invalid", "in_use", "lost", "released", "busy", "unreachable")


class LockError(Exception):
    """What went wrong with a hold, a lease or the connection, as a ``code`` and a message that names the place."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"LockError({self.code!r}, {self.message!r})"


def error_from_wire(error: dict) -> LockError:
    """A server's refusal as the client's error: the engine's codes keep their names, ``unavailable`` reads as
    ``busy``, and the wire's own codes (``malformed``, ``too_large``, ...) as ``invalid``, named first in the message."""
    code = str(error.get("code"))
    message = str(error.get("message"))
    if code in CODES:
        return LockError(code, message)
    return LockError("busy" if code == "unavailable" else "invalid", f"{code}: {message}")


def shown(value: object) -> str:
    """A value as an error message shows it: text quoted as JSON, everything else as written."""
    import json

    if isinstance(value, str):
        return json.dumps(value[:57] + "..." if len(value) > 60 else value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None or isinstance(value, (int, float)):
        return "null" if value is None else repr(value)
    return type(value).__name__
