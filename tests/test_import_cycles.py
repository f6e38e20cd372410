"""No import cycle among the package's modules: the graph is built from every module's source with
``ast``, imports inside functions and ``TYPE_CHECKING`` blocks included, so a cycle cannot hide behind a
deferred import."""

from __future__ import annotations

import ast
from pathlib import Path

import inferno

PACKAGE = Path(inferno.__file__).resolve().parent

# Cycles known today, each TO BE REMOVED, written as the sorted modules of the cycle (none left; the server
# must never have one).
KNOWN: set[tuple[str, ...]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its source (a package's ``__init__`` counts
    only where the import names the package itself, not one of its modules)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join([*base, node.module] if node.module else base)
            else:
                mod = node.module or ""
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in known else mod for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:  # ``import a.b.c`` of a module, or a name inside one
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imported(name, path, known) for name, path in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan), each as its sorted modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[tuple[str, ...]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(tuple(sorted(comp)))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_deferred_imports() -> None:
    g = graph()
    assert "inferno.rules.engine" in g["inferno.server.service"]
    assert "inferno.rules.solo" in g["inferno.server.views"]  # imported inside a function


def test_cycles_are_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [("a", "b", "c")]


def test_no_import_cycle_in_the_server() -> None:
    found = [c for c in cycles(graph()) if any(m.startswith("inferno.server") for m in c)]
    assert found == []


def test_no_import_cycle_but_the_known_ones() -> None:
    found = set(cycles(graph()))
    assert found - KNOWN == set(), "a new import cycle"
    assert KNOWN - found == set(), "a known cycle is gone: remove it from KNOWN"
