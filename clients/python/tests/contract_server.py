"""The client contract's server for the tests: tests/unit/clients/fixtures/contract-server.ts, a real lock server
behind a relay whose clock jumps, whose frames are slowed or dropped, and which restarts, on the test's word."""

from __future__ import annotations

import shutil
import subprocess
import threading

from lock_server import ROOT


class ContractServer:
    """Starts the fixture under the Node on the PATH, with tsx, and drives it through its stdin."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("the tests start the repository's lock server, which needs Node on the PATH")
        self.process = subprocess.Popen(
            [node, "--import", "tsx", "tests/unit/clients/fixtures/contract-server.ts"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        timer = threading.Timer(30, self.process.kill)
        timer.start()
        try:
            line = self._line()
        finally:
            timer.cancel()
        if not line.startswith("url "):
            raise RuntimeError(f"the contract server did not start: {line}")
        self.url = line[4:]

    def _line(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def command(self, text: str) -> None:
        """Sends ``jump MS``, ``slow MS``, ``drop``, ``pass`` or ``restart`` and returns once it is done."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{text}\n")
        self.process.stdin.flush()
        answer = self._line()
        if answer != "ok":
            raise RuntimeError(f"the contract server answered {text!r} with {answer!r}")

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
