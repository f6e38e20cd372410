"""Take the docs' screenshots of the browser tutorial (docs/images/tutorial-*.jpg).

Starts ``inferno serve`` on a free loopback port with a throw-away SQLite database, opens the tutorial in
Debian's Chromium (driven by Playwright, as the browser tests do), follows its cues (Next, or what the
step asks to click) and saves the page at the steps named, and once the tutorial is done. Run it from
the repository root after ``make install-dev chromium``:

    .venv/bin/python -m tools.tutorial_screenshots [--steps theme graveyard] [--out docs/images]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from tools.docs_screenshot import ARGS, CHROMIUM, screenshot_server

CUE = "[data-tutorial-next]:not([hidden]), [data-tutorial-target]"


def _answers(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.tutorialAnswers || 0)"))


def _shoot(page: Page, out: Path, name: str, kind: str) -> None:
    page.wait_for_timeout(300)
    path = out / f"tutorial-{name}.{kind}"
    if kind == "png":
        page.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), type="jpeg", quality=80)
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", nargs="*", default=["theme", "graveyard", "quartiere"], help="the step ids to shoot")
    ap.add_argument("--out", type=Path, default=Path("docs/images"))
    ap.add_argument("--format", choices=["jpg", "png"], default="jpg")
    ap.add_argument("--width", type=int, default=1440)
    ap.add_argument("--height", type=int, default=900)
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    with screenshot_server() as url:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": a.width, "height": a.height})
            page.emulate_media(reduced_motion="reduce")  # the target's pulse stopped at full strength
            page.goto(f"{url}/tutorial")
            page.wait_for_function("() => Number(document.body.dataset.tutorialAnswers || 0) > 0")
            while page.evaluate("() => document.body.dataset.tutorial") != "done":
                step = page.evaluate("() => document.body.dataset.tutorialStepId")
                if step in a.steps:
                    _shoot(page, a.out, step, a.format)
                before = _answers(page)
                page.locator(CUE).first.click()
                page.wait_for_function(f"() => Number(document.body.dataset.tutorialAnswers) > {before}")
            _shoot(page, a.out, "done", a.format)
            browser.close()


if __name__ == "__main__":
    main()
