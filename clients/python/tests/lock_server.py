"""A real lock server for the tests: the repository's own, started as a process on a free port."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


class LockServer:
    """Starts ``server/cli.ts`` (under the Node on the PATH, with tsx) on a fresh store and a free port."""

    def __init__(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="tinystore-python-")
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("the tests start the repository's lock server, which needs Node on the PATH")
        self.process = subprocess.Popen(
            [node, "--import", "tsx", "server/cli.ts", "--dir", os.path.join(self.dir, "data"), "--port", "0"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        lines: list[str] = []
        timer = threading.Timer(30, self.process.kill)
        timer.start()
        try:
            assert self.process.stdout is not None
            for line in self.process.stdout:
                lines.append(line)
                match = re.search(r" on (tcp://\S+)", line)
                if match:
                    self.url = match.group(1)
                    break
            else:
                raise RuntimeError(f"the lock server did not start: {''.join(lines)}")
        finally:
            timer.cancel()
        # Keep reading its output, so a full pipe never stops it.
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.dir, ignore_errors=True)
