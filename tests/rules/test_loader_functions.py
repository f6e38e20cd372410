"""The rules loader stays in small pieces: one reader per data file on a shared ``reader`` module, and no
function of the loader over 100 lines (measured on the source with ``ast``)."""

from __future__ import annotations

from pathlib import Path

import inferno.rules
from tests.function_size import long_functions_in

RULES = Path(inferno.rules.__file__).resolve().parent
MAX_FUNCTION_LINES = 100
LOADER = (
    "pack.py",
    "pack_core.py",
    "pack_places.py",
    "pack_board.py",
    "pack_cards.py",
    "reader.py",
    "solo_model.py",
    "pnp.py",
)


def test_every_loader_module_is_listed() -> None:
    assert {p.name for p in RULES.glob("pack*.py")} | {"reader.py", "solo_model.py", "pnp.py"} == set(LOADER)


def test_no_loader_function_is_over_100_lines() -> None:
    assert long_functions_in((RULES / name for name in LOADER), MAX_FUNCTION_LINES) == {}
