"""MkDocs hooks for the documentation site (mkdocs.yml ``hooks:``).

- Some docstrings cross-reference names the Sphinx way (``:func:`name```); mkdocstrings renders the
  role's prefix as text. :func:`on_page_content` drops the prefix so the name reads as plain code.
- The glossary page of each language (``docs/play/glossary.md``, ``glossary.es.md``...) holds its title
  and introduction; :func:`on_page_markdown` puts the tables of ``src/inferno/locale/glossary.toml`` in
  place of its marker line, so the pages always list the terms the catalogs use.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const):(?=<code>)")

GLOSSARY_TOML = Path(__file__).resolve().parent.parent / "src" / "inferno" / "locale" / "glossary.toml"
TRANSLATED = ("es", "it", "ca")

# The glossary tables' words in each language: column heads and the two sources of a term.
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "english": "English",
        "term": "term",
        "source": "source",
        "edition": "term of the published edition",
        "faq": "term of the Catalan FAQ",
        "choice": "this edition's choice",
    },
    "es": {
        "english": "inglés",
        "term": "español",
        "source": "fuente",
        "edition": "término de la edición publicada",
        "choice": "elección de esta edición",
    },
    "it": {
        "english": "inglese",
        "term": "italiano",
        "source": "fonte",
        "edition": "termine dell'edizione pubblicata",
        "choice": "scelta di questa edizione",
    },
    "ca": {
        "english": "anglès",
        "term": "català",
        "source": "font",
        "edition": "terme de les FAQ catalanes",
        "choice": "elecció d'aquesta edició",
    },
}
_NAMES = {"es": "Español", "it": "Italiano", "ca": "Català"}
_ENGLISH_NAMES = {"es": "Spanish", "it": "Italian", "ca": "Catalan"}
MARKER = "<!-- glossary tables: tools/mkdocs_hooks.py -->"
_GLOSSARY_PAGE = re.compile(r"^play/glossary(?:\.(es|it|ca))?\.md$")


def glossary_terms(path: Path = GLOSSARY_TOML) -> list[dict[str, Any]]:
    """The terms of ``glossary.toml``, in its order."""
    with path.open("rb") as f:
        terms: list[dict[str, Any]] = tomllib.load(f)["term"]
    return terms


def _source(lang: str, source: str, words: dict[str, str]) -> str:
    if source == "edition":
        return words["faq"] if lang == "ca" and "faq" in words else words["edition"]
    return words["choice"]


def _table(terms: list[dict[str, Any]], lang: str, words: dict[str, str]) -> list[str]:
    rows = [f"| {words['english']} | {words['term']} | {words['source']} |", "|---|---|---|"]
    for term in terms:
        entry = term[lang]
        rows.append(f"| {term['en']} | {entry['word']} | {_source(lang, entry['source'], words)} |")
    return rows


def glossary_tables(lang: str, terms: list[dict[str, Any]] | None = None) -> str:
    """The glossary's tables for the page of ``lang`` (``en``: one table per translated language)."""
    terms = glossary_terms() if terms is None else terms
    words = _WORDS[lang]
    if lang != "en":
        return "\n".join(_table(terms, lang, words))
    lines: list[str] = []
    for code in TRANSLATED:
        heading = f"## {_ENGLISH_NAMES[code]} ({_NAMES[code]})"
        lines += [heading, "", *_table(terms, code, {**words, "term": _NAMES[code]}), ""]
    return "\n".join(lines)


def on_page_markdown(markdown: str, page: Page, **kwargs: Any) -> str:
    """Fill the glossary page of each language with the terms of ``glossary.toml``."""
    match = _GLOSSARY_PAGE.match(page.file.src_uri)
    if match is None:
        return markdown
    if MARKER not in markdown:
        raise PluginError(f"{page.file.src_uri} lacks the line {MARKER}")
    return markdown.replace(MARKER, glossary_tables(match.group(1) or "en"))


def on_page_content(html: str, **kwargs: Any) -> str:
    """Remove Sphinx role prefixes left in front of inline code."""
    return _ROLE.sub("", html)
