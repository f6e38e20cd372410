"""The examples in the docstrings of the position API and the save formats run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["inferno.rules.position", "inferno.rules.saves", "inferno.rules.scenario", "inferno.rules.boards"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.attempted > 0, f"{name} has no docstring examples"
    assert result.failed == 0, f"{result.failed} of {result.attempted} docstring examples of {name} failed"
