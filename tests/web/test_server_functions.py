"""The server stays in small pieces: no function in ``inferno.server`` over 100 lines, no module over 700
(measured on the source with ``ast``; a nested function counts within its enclosing one too)."""

from __future__ import annotations

import ast
from pathlib import Path

import inferno.server

SERVER = Path(inferno.server.__file__).resolve().parent
MAX_FUNCTION_LINES = 100
MAX_MODULE_LINES = 700


def long_functions(source: str, limit: int) -> list[tuple[str, int]]:
    """The functions of ``source`` spanning more than ``limit`` lines (decorators included), with their spans."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            span = (node.end_lineno or node.lineno) - first + 1
            if span > limit:
                out.append((node.name, span))
    return out


def test_a_long_function_is_found() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(101))
    assert long_functions(f"def f():\n{body}\n", MAX_FUNCTION_LINES) == [("f", 102)]
    assert long_functions("def g():\n    pass\n", MAX_FUNCTION_LINES) == []


def test_no_server_function_is_over_100_lines() -> None:
    found = {
        f"{p.name}:{name}": span
        for p in sorted(SERVER.glob("*.py"))
        for name, span in long_functions(p.read_text(encoding="utf-8"), MAX_FUNCTION_LINES)
    }
    assert found == {}


def test_no_server_module_is_over_700_lines() -> None:
    found = {
        p.name: n
        for p in sorted(SERVER.glob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert found == {}
