"""How long a module's functions are, measured on the source with ``ast`` (shared by the tests that keep
the server and the rules loader in small pieces)."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path


def long_functions(source: str, limit: int) -> list[tuple[str, int]]:
    """The functions of ``source`` spanning more than ``limit`` lines (decorators included), with their spans.

    A nested function counts within its enclosing one too."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            span = (node.end_lineno or node.lineno) - first + 1
            if span > limit:
                out.append((node.name, span))
    return out


def long_functions_in(paths: Iterable[Path], limit: int) -> dict[str, int]:
    """``file:function`` -> span for every function of ``paths`` over ``limit`` lines."""
    return {
        f"{p.name}:{name}": span
        for p in sorted(paths)
        for name, span in long_functions(p.read_text(encoding="utf-8"), limit)
    }
