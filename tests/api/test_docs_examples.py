"""The examples of the library pages (docs/library/position-api.md and saves.md) run and show what they say.

Each page's fenced blocks run in order in one namespace: ``python`` blocks are executed (their
asserts check the text around them), ``pycon`` blocks are doctests (their shown output is compared).
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs" / "library"
PAGES = ["position-api.md", "saves.md"]
FENCE = re.compile(r"^```(python|pycon)\n(.*?)^```", re.M | re.S)


def blocks(page: str) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in FENCE.finditer((DOCS / page).read_text(encoding="utf-8"))]


@pytest.mark.parametrize("page", PAGES)
def test_page_examples_run(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    found = blocks(page)
    assert {kind for kind, _ in found} == {"python", "pycon"}, f"{page} lost its examples"
    namespace: dict[str, object] = {"__name__": "__docs__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for i, (kind, code) in enumerate(found, 1):
        name = f"{page} block {i}"
        if kind == "python":
            exec(compile(code, name, "exec"), namespace)  # the docs' own examples
        else:
            test = parser.get_doctest(code, namespace, name, page, 0)
            result = runner.run(test, clear_globs=False)
            namespace.update(test.globs)  # a DocTest runs in a copy of the namespace
            assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples differ (see above)"
