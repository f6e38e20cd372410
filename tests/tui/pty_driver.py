"""Run a command in a pseudo-terminal and talk to it (stdlib only), for the real-terminal tests."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
TTY_READ_WAITS = {"wait_woken", "n_tty_read"}  # kernel functions a process sleeps in while reading a tty
INFERNO = str(Path(sys.executable).parent / "inferno")


def _take_terminal() -> None:
    """In the child: a new session with the pty as its controlling terminal (so Ctrl-C sends SIGINT)."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtyProcess:
    """A child process whose stdin/stdout/stderr are a pseudo-terminal."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None) -> None:
        master, slave = pty.openpty()
        full_env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "150", "LINES": "50", **(env or {})}
        self.proc = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=full_env, close_fds=True, preexec_fn=_take_terminal
        )
        os.close(slave)
        self.fd = master
        self.buffer = ""  # text (ANSI stripped) not yet consumed by expect

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child closed the terminal
            return False
        if not data:
            return False
        self.buffer += ANSI.sub("", data.decode("utf-8", "replace"))
        return True

    def expect(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        """Wait for ``pattern``; consume the text up to the end of the match."""
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.buffer)
            if m:
                self.buffer = self.buffer[m.end() :]
                return m
            left = end - time.monotonic()
            if left <= 0 or (not self._read(min(left, 1.0)) and self.proc.poll() is not None):
                if self._read(0.2):
                    continue
                raise AssertionError(f"{pattern!r} not seen; last output:\n{self.buffer[-3000:]}")

    def send(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def interrupt(self, timeout: float = 10.0) -> None:
        """Ctrl-C once the child is blocked reading the terminal.

        A SIGINT landing between the prompt's output and the child's blocking ``read`` is only seen by
        Python when that read returns (CPython checks signals on EINTR, not before the call), so a
        Ctrl-C typed the instant a prompt appears can wait for the next key; a person cannot type that
        fast, a test can. On Linux this waits for the kernel to show the child asleep in a terminal
        read; elsewhere it waits a moment.
        """
        stat, wchan = Path(f"/proc/{self.proc.pid}/stat"), Path(f"/proc/{self.proc.pid}/wchan")
        if not stat.exists():
            time.sleep(0.5)
        end = time.monotonic() + timeout
        while stat.exists() and time.monotonic() < end:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
            if state == "S" and wchan.read_text() in TTY_READ_WAITS:
                break
            time.sleep(0.01)
        os.write(self.fd, b"\x03")

    def kill(self) -> None:
        """SIGKILL, as when a terminal is closed hard."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        os.close(self.fd)

    def wait(self, timeout: float = 60.0) -> int:
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self._read(0.2)
        code = self.proc.wait(max(0.1, end - time.monotonic()))
        os.close(self.fd)
        return code
