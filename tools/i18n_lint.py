"""Find player-facing text that bypasses the translation functions: ``python -m tools.i18n_lint [--domain D]``.

Looks at the sources of every catalog (:data:`tools.i18n.SOURCES`):

- Python: a string or f-string that reads as prose (two words or more, one in lower case) and is not a
  docstring, not inside a gettext call (``_``, ``ngettext``, ``pgettext``, ``N_``, ``.gettext``...) and not
  on a line marked ``# i18n: not for players`` (internal errors, logging, identifiers);
- JavaScript: the same for string and template literals outside ``t(...)``/``tn(...)`` (Babel's lexer
  reads them), a line marked ``// i18n: not for players`` left out;
- HTML: prose in an element's text, ``title``, ``aria-label``, ``placeholder`` or ``alt`` with no
  ``data-i18n`` (or ``data-i18n-<attribute>``) mark.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.jslexer import tokenize
from tools.i18n import PACKAGE, SOURCES

MARK = "i18n: not for players"
PROSE = re.compile(r"[A-Za-z'’]{2,}[ \u00a0]+[A-Za-z'’{]")
LOWER_WORD = re.compile(r"(?<![A-Za-z_{])[a-z]{2,}(?![A-Za-z_(])")
CALLS = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext", "N_", "t", "tn"})
LOG_LEVELS = frozenset({"debug", "info", "warning", "error", "exception", "critical"})
COMPOUND = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.AsyncFor, ast.While, ast.With)
COMPOUND += (ast.AsyncWith, ast.Try, ast.Match)
HTML_ATTRS = ("title", "aria-label", "placeholder", "alt")


@dataclass(frozen=True)
class Finding:
    path: Path
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(PACKAGE.parent.parent)}:{self.line}: {self.text[:70]!r}"


def reads_as_prose(text: str) -> bool:
    """Two words or more, one of them a lower-case word: a sentence, not a key or an identifier."""
    if "://" in text or text.startswith(("#", ".", "/", "--")) or "_" in text.replace("{_", ""):
        return False
    return bool(PROSE.search(text)) and bool(LOWER_WORD.search(text))


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _logs(node: ast.Call) -> bool:
    """A call of a logger (``log.info(...)``, ``logger.warning(...)``): operators read those, not players."""
    f = node.func
    if not (isinstance(f, ast.Attribute) and f.attr in LOG_LEVELS):
        return False
    owner = f.value
    name = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
    return "log" in name.lower()


def _python(path: Path) -> Iterator[Finding]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        if isinstance(node, ast.Call) and (_call_name(node) in CALLS or _logs(node)):
            for sub in ast.walk(node):
                skip.add(id(sub))
        if isinstance(node, ast.JoinedStr):
            for sub in node.values:
                skip.add(id(sub))

    # Each text's innermost statement (ast.walk goes outside in, so inner statements overwrite): a mark may
    # sit on the line above that statement or on any of its lines (a compound statement's: its header's).
    statement: dict[int, ast.stmt] = {}
    for stmt in ast.walk(tree):
        if isinstance(stmt, ast.stmt):
            for sub in ast.walk(stmt):
                statement[id(sub)] = stmt

    def marked(node: ast.expr) -> bool:
        stmt = statement.get(id(node))
        first = min(node.lineno, stmt.lineno) if stmt else node.lineno
        last = node.end_lineno or node.lineno
        if stmt is not None and not isinstance(stmt, COMPOUND):
            last = max(last, stmt.end_lineno or last)
        return any(MARK in lines[i - 1] for i in range(max(1, first - 1), last + 1))

    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{x}" for v in node.values)  # type: ignore[misc]
        else:
            continue
        if reads_as_prose(text) and not marked(node):
            yield Finding(path, node.lineno, text)


def _javascript(path: Path) -> Iterator[Finding]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    depth: list[bool] = []  # one per open parenthesis: does it belong to t(...)?
    previous = ""
    with warnings.catch_warnings():
        # Babel calls its lexer an implementation detail of its JavaScript extractor; it is the one JavaScript
        # reader at hand, and this lint's own tests fail if it changes.
        warnings.simplefilter("ignore", DeprecationWarning)
        tokens = list(tokenize(source, jsx=False, dotted=False, template_string=True))
    for token in tokens:
        if token.type == "operator" and token.value == "(":
            depth.append(previous in CALLS or (bool(depth) and depth[-1]))
        elif token.type == "operator" and token.value == ")" and depth:
            depth.pop()
        elif token.type in ("string", "template_string") and not (depth and depth[-1]):
            text = token.value[1:-1]
            if reads_as_prose(re.sub(r"\$\{[^}]*\}", "{x}", text)) and MARK not in lines[token.lineno - 1]:
                yield Finding(path, token.lineno, text)
        previous = token.value if token.type == "name" else ""


class _Html(HTMLParser):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.stack: list[tuple[str, bool]] = []
        self.found: list[Finding] = []
        self.raw = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {k: v or "" for k, v in attrs}
        for attr in HTML_ATTRS:
            if reads_as_prose(names.get(attr, "")) and f"data-i18n-{attr}" not in names:
                self.found.append(Finding(self.path, self.getpos()[0], names[attr]))
        if tag in ("script", "style"):
            self.raw += 1
        if tag not in ("meta", "link", "input", "img", "br", "hr", "source"):
            self.stack.append((tag, "data-i18n" in names))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.raw -= 1
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if self.raw or not reads_as_prose(text):
            return
        if not any(marked for _, marked in self.stack):
            self.found.append(Finding(self.path, self.getpos()[0], text))


def _html(path: Path) -> Iterator[Finding]:
    parser = _Html(path)
    parser.feed(path.read_text(encoding="utf-8"))
    yield from parser.found


def findings(domain: str) -> list[Finding]:
    """The texts of ``domain``'s sources that a player would read untranslated."""
    out: list[Finding] = []
    for pattern, method, _options in SOURCES[domain]:
        for path in sorted(PACKAGE.glob(pattern)):
            if method == "python":
                out.extend(_python(path))
            elif method == "javascript":
                out.extend(_javascript(path))
            elif path.suffix == ".html":
                out.extend(_html(path))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.i18n_lint", description=__doc__.splitlines()[0])
    ap.add_argument("--domain", choices=list(SOURCES), action="append")
    args = ap.parse_args(argv)
    total = 0
    for domain in args.domain or list(SOURCES):
        for f in findings(domain):
            print(f"[{domain}] {f}")
            total += 1
    print(f"{total} untranslated text(s)", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
