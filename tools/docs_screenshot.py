"""Take the screenshot of the browser board shown in the README and the docs (docs/images/board.png).

Starts ``inferno serve`` on a free loopback port with a throw-away SQLite database, creates a seeded
2-player game (two human seats; the server draws the seed, so no "the creator chose its seed" note),
plays some random legal moves through the HTTP API, then opens the
link of the seat to move in Debian's Chromium (driven by Playwright, as the browser tests do) and
saves the page. Run it from the repository root after ``make install-dev chromium``:

    .venv/bin/python -m tools.docs_screenshot [--moves 70] [--moves-seed 3] [--out docs/images/board.png]
"""

from __future__ import annotations

import argparse
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server stopped before answering")
        try:
            if httpx.get(f"{url}/api/bots", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise SystemExit("the server did not answer within 30 s")


def _play(c: httpx.Client, game: dict[str, Any], moves: int, rng: random.Random) -> str:
    """Play random legal moves for whichever seat decides; return the token of the seat to move next."""
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    gid = game["game"]
    spectator = game["spectator"]["token"]
    for _ in range(moves):
        spec = c.get(f"/api/games/{gid}/state", headers={"X-Inferno-Token": spectator}).json()
        if spec["pending"] is None:
            break
        seat = spec["pending"]["player"]
        snap = c.get(f"/api/games/{gid}/state", headers={"X-Inferno-Token": tokens[seat]}).json()
        text = rng.choice(snap["legal"])["text"]
        r = c.post(
            f"/api/games/{gid}/actions",
            json={"version": snap["version"], "action": text},
            headers={"X-Inferno-Token": tokens[seat]},
        )
        r.raise_for_status()
    spec = c.get(f"/api/games/{gid}/state", headers={"X-Inferno-Token": spectator}).json()
    return str(tokens[spec["pending"]["player"]])


@contextmanager
def screenshot_server() -> Iterator[str]:
    """``inferno serve`` on a free loopback port with a throw-away SQLite database; yields its address."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-c", "from inferno.cli.main import cli; cli()", "serve", "--port", str(port)]
        cmd += ["--db", f"sqlite:///{Path(tmp) / 'shot.db'}", "--bot-delay", "0"]
        with open(Path(tmp) / "server.log", "wb") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_up(url, proc)
            yield url
        finally:
            proc.terminate()
            proc.wait(10)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=70, help="random legal moves before the screenshot")
    ap.add_argument("--moves-seed", type=int, default=3, help="seed of the generator choosing the moves")
    ap.add_argument("--out", type=Path, default=Path("docs/images/board.png"))
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=1150)
    a = ap.parse_args(argv)
    with screenshot_server() as url:
        with httpx.Client(base_url=url, timeout=10) as c:
            r = c.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}]})
            r.raise_for_status()
            game = r.json()
            token = _play(c, game, a.moves, random.Random(a.moves_seed))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": a.width, "height": a.height})
            page.add_init_script("localStorage.setItem('inferno.pace', '0')")
            page.goto(f"{url}/game/{game['game']}#{token}")
            page.wait_for_selector("svg#board .shield")
            page.wait_for_function("() => document.querySelectorAll('#actions button.action').length > 0")
            page.wait_for_timeout(500)
            a.out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(a.out), full_page=False)
            browser.close()
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
