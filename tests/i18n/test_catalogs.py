"""Every catalog is complete (tools/i18n.py): its template matches the sources, no entry is missing or fuzzy,
placeholders match, and the compiled ``.mo`` is the ``.po`` of today."""

from __future__ import annotations

import pytest
from tools.i18n import placeholders, problems

from inferno.i18n import DOMAINS


@pytest.mark.parametrize("domain", DOMAINS)
def test_catalog_is_complete(domain: str) -> None:
    found = [str(p) for p in problems(domain)]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems; `python -m tools.i18n todo` lists them)"


def test_placeholders_are_the_names_in_braces() -> None:
    assert placeholders("{player} sends {n:d} Souls to {where!r}") == {"player", "n", "where"}
    assert placeholders("no {} here {{escaped}}") == set()
    assert placeholders("{unclosed") == {"<unbalanced braces>"}
