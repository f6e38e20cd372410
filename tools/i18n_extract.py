"""Babel extractors for the texts that live outside Python and JavaScript calls.

- :func:`extract_toml`: the string values of the keys named in the ``keys`` option (data names, the
  tutorial's titles and texts); a ``{ value = ..., provenance = ... }`` table gives its ``value``.
- :func:`extract_html`: the messages an HTML page marks for the browser's translation, the values of its
  ``data-i18n`` (the element's text) and ``data-i18n-<attribute>`` attributes (``data-i18n-title``,
  ``data-i18n-aria-label``, ``data-i18n-placeholder``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from typing import IO, Any

Extracted = tuple[int, str, str, list[str]]


def _walk(node: Any, keys: frozenset[str]) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in keys:
                if isinstance(value, str) and value.strip():
                    yield value
                elif isinstance(value, dict) and isinstance(value.get("value"), str):
                    yield value["value"]
                elif isinstance(value, list):
                    yield from (v for v in value if isinstance(v, str) and v.strip())
            else:
                yield from _walk(value, keys)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item, keys)


def extract_toml(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: Mapping[str, str]
) -> Iterator[Extracted]:
    """Yield the values of ``options["keys"]`` (comma-separated key names) in a TOML file."""
    keys = frozenset(k.strip() for k in options.get("keys", "name,title,text,description").split(",") if k.strip())
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for text in dict.fromkeys(_walk(data, keys)):
        yield 0, "", text, []


class _Marked(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and (name == "data-i18n" or name.startswith("data-i18n-")):
                self.found.append((self.getpos()[0], value))


def extract_html(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: Mapping[str, str]
) -> Iterator[Extracted]:
    """Yield the values of an HTML page's ``data-i18n`` and ``data-i18n-*`` attributes."""
    parser = _Marked()
    parser.feed(fileobj.read().decode("utf-8"))
    for line, text in parser.found:
        yield line, "", text, []
