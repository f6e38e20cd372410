"""Run ``inferno serve`` in a separate process on a free loopback port (for kill/restart, load and browser tests)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """One server process; ``start`` waits until it answers, ``kill`` sends SIGKILL (no clean shutdown)."""

    def __init__(
        self,
        db_path: Path,
        bot_delay: float = 0.0,
        port: int | None = None,
        read_rate: float | None = None,
        extra: list[str] | None = None,
        db_url: str | None = None,
    ) -> None:
        self.extra = extra or []  # more ``inferno serve`` options
        self.db_url = db_url or f"sqlite:///{db_path}"  # db_path also names the log file
        self.bot_delay = bot_delay
        self.read_rate = read_rate  # None: the server's default
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db_path.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        cmd = [
            sys.executable,
            "-c",
            "from inferno.cli.main import cli; cli()",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-delay",
            str(self.bot_delay),
        ]
        if self.read_rate is not None:
            cmd += ["--read-rate", str(self.read_rate)]
        cmd += self.extra
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            try:
                if httpx.get(f"{self.url}/api/bots", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None
