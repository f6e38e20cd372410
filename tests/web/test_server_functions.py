"""The server stays in small pieces: no function in ``inferno.server`` over 100 lines, no module over 700
(measured on the source with ``ast``; a nested function counts within its enclosing one too)."""

from __future__ import annotations

from pathlib import Path

import inferno.server
from tests.function_size import long_functions, long_functions_in

SERVER = Path(inferno.server.__file__).resolve().parent
MAX_FUNCTION_LINES = 100
MAX_MODULE_LINES = 700


def test_a_long_function_is_found() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(101))
    assert long_functions(f"def f():\n{body}\n", MAX_FUNCTION_LINES) == [("f", 102)]
    assert long_functions("def g():\n    pass\n", MAX_FUNCTION_LINES) == []


def test_no_server_function_is_over_100_lines() -> None:
    assert long_functions_in(SERVER.glob("*.py"), MAX_FUNCTION_LINES) == {}


def test_no_server_module_is_over_700_lines() -> None:
    found = {
        p.name: n
        for p in sorted(SERVER.glob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert found == {}
