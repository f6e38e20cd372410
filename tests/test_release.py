"""A release's three marks agree (docs/contributing/index.md, "Releases"): the newest version CHANGELOG.md
dates is ``inferno.__version__``, the one version source, and the changelog keeps an Unreleased section
above it for what comes next."""

from __future__ import annotations

import re
from pathlib import Path

import inferno

ROOT = Path(__file__).resolve().parents[1]
HEADINGS = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", (ROOT / "CHANGELOG.md").read_text("utf-8"), re.M)


def test_the_changelog_opens_with_unreleased_then_the_current_version() -> None:
    assert HEADINGS[0] == ("Unreleased", "")
    version, date = HEADINGS[1]
    assert version == inferno.__version__ and date, HEADINGS[1]


def test_released_versions_are_semantic_dated_and_newest_first() -> None:
    released = HEADINGS[1:]
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) and d for v, d in released), released
    numbers = [tuple(int(x) for x in v.split(".")) for v, _ in released]
    assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == len(numbers)
    dates = [d for _, d in released]
    assert dates == sorted(dates, reverse=True)
