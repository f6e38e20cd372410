"""The package, the docs and the README stand on their own: they never point a reader at a file outside the
repository (an internal rules file, a folder of rulebook excerpts, a path on the build machine) nor at
the project's issue numbers, which users of the package do not have. They cite the rulebook (chapter or
page), the project's own docs, or a public source instead."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Everywhere (package code, data, messages, the web client, docs, README).
EVERYWHERE = [
    (re.compile(r"\.\./shared\b"), "a folder outside the repository"),
    (re.compile(r"\bRULES\.md\b"), "an internal rules file users do not have"),
    (re.compile(r"(?<![\w-])seeds/"), "a folder of rulebook excerpts users do not have"),
    (re.compile(r"/work/"), "a path on the build machine"),
    (re.compile(r"\bissues?\s*(?:no\.?\s*)?#?\s*\d+", re.I), "an issue number"),
]
# In the docs and the README, also: sections of an internal spec, and links to other sites.
DOCS_ONLY = [
    (re.compile(r"§\s?\d"), "a section of an internal spec"),
    (re.compile(r"\]\(\s*(?:https?:)?//", re.I), "a link outside the repository"),
    (re.compile(r"<https?://(?!127\.0\.0\.1|localhost)", re.I), "a link outside the repository"),
]


def _text_files(base: Path) -> list[Path]:
    files = []
    for p in sorted(base.rglob("*")):
        if not p.is_file() or "__pycache__" in p.parts:
            continue
        try:
            p.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # images and other binary files
            continue
        files.append(p)
    return files


def problems(text: str, docs: bool) -> list[tuple[int, str, str]]:
    """(line number, offending text, why) for every outside reference in ``text``."""
    rules = EVERYWHERE + (DOCS_ONLY if docs else [])
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for rx, why in rules:
            m = rx.search(line)
            if m:
                found.append((n, m.group(0), why))
    return found


def _report(files: list[Path], docs: bool) -> list[str]:
    out = []
    for f in files:
        for n, hit, why in problems(f.read_text(encoding="utf-8"), docs):
            out.append(f"{f.relative_to(ROOT)}:{n}: {hit!r} ({why})")
    return out


def test_the_package_refers_to_nothing_outside_the_repository() -> None:
    files = _text_files(ROOT / "src")
    assert len(files) > 50  # the package's code, data and web client were all read
    bad = _report(files, docs=False)
    assert not bad, "\n".join(bad)


def test_the_docs_and_readme_refer_to_nothing_outside_the_repository() -> None:
    files = [*_text_files(ROOT / "docs"), ROOT / "README.md", ROOT / "mkdocs.yml"]
    assert any(f.suffix == ".md" for f in files)
    bad = _report(files, docs=True)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    ("text", "docs"),
    [
        ("see ../shared/RULES.md", False),
        ("the rules file (RULES.md §5.1)", False),
        ("rulebook excerpts in seeds/000.txt", False),
        ("data from /work/main/src", False),
        ("refused (issue 3)", False),
        ("tracked as issue #12", False),
        ("the spec, §16.4", True),
        ("[PettingZoo](https://pettingzoo.farama.org)", True),
    ],
)
def test_the_checker_catches_outside_references(text: str, docs: bool) -> None:
    assert problems(text, docs), text


@pytest.mark.parametrize(
    "text",
    [
        "rulebook, Hell Phase p.11",
        "see [Rules data](../rules-data/index.md)",
        "`make docs` serves http://127.0.0.1:8000/",
        "Issues of the engine are refused with a message",
        "the Graveyard refills from the next Plague card (4 Souls)",
    ],
)
def test_the_checker_lets_own_references_pass(text: str) -> None:
    assert not problems(text, docs=True), text
