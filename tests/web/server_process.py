"""Run ``inferno serve`` in a separate process on a free loopback port (for kill/restart, load and browser tests)."""

from __future__ import annotations

import os
import resource
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


class PortTaken(RuntimeError):
    """The server could not bind the port picked for it: another process took it first."""


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
        open_files: int | None = None,
        own_group: bool = False,
    ) -> None:
        self.extra = extra or []  # more ``inferno serve`` options
        self.db_url = db_url or f"sqlite:///{db_path}"  # db_path also names the log file
        self.bot_delay = bot_delay
        self.read_rate = read_rate  # None: the server's default
        self.port = port or free_port()
        # A port picked here may be taken by another test process before the server binds it: then the
        # first start picks another one (a port the caller gave, or one a server already ran on, is kept).
        self.may_move = port is None
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db_path.with_suffix(".log")
        self.open_files = open_files  # the process's open-file limit (soft and hard), if given
        self.own_group = own_group  # a process group of its own (to send it Ctrl-C as a terminal does)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        for _ in range(3 if self.may_move else 1):
            try:
                return self._start(timeout)
            except PortTaken:
                self.port = free_port()
        return self._start(timeout)

    def _start(self, timeout: float) -> ServerProcess:
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
        files = self.open_files

        def limit() -> None:
            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                cmd,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=dict(os.environ),
                preexec_fn=limit if files is not None else None,
                start_new_session=self.own_group,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                text = self.log.read_text()
                if self.may_move and f"port {self.port} on 127.0.0.1 is taken" in text:
                    raise PortTaken(text)
                raise RuntimeError(f"server exited: {text}")
            try:
                if httpx.get(f"{self.url}/api/bots", timeout=1).status_code == 200:
                    self.may_move = False  # restarts come back on this port
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
