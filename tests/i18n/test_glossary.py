"""The glossary (src/inferno/locale/glossary.toml) is well formed, and every catalog names the eight locations
of Florence by its words: a text naming a location names it, in capitals, as the glossary does."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from tools.i18n import LOCALE, TRANSLATED, po_path

from inferno.i18n import DOMAINS

TERMS = tomllib.loads((LOCALE / "glossary.toml").read_text(encoding="utf-8"))["term"]
LOCATIONS = {t["en"]: t for t in TERMS if t["en"].isupper()}
CAPS = re.compile(r"(?<![\w{])[A-ZÀ-Ý]{3,}(?![\w}])")


def test_every_term_has_a_word_and_a_source_in_every_language() -> None:
    assert len(TERMS) >= 50 and len(LOCATIONS) == 8
    seen: set[str] = set()
    for term in TERMS:
        assert term["en"] not in seen, term["en"]
        seen.add(term["en"])
        for lang in TRANSLATED:
            assert term[lang]["word"].strip(), (term["en"], lang)
            assert term[lang]["source"] in ("edition", "choice"), (term["en"], lang)


def _entries(path: Path, lang: str) -> list[tuple[str, tuple[str, ...]]]:
    out = []
    for m in read_po(path.open("rb"), locale=lang):
        if m.id:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strs = m.string if isinstance(m.string, tuple) else (m.string,)
            out.append((ids[0], tuple(strs)))
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_locations_are_named_as_the_glossary_names_them(lang: str) -> None:
    words = {en: t[lang]["word"] for en, t in LOCATIONS.items()}
    theirs = set(words.values())
    wrong: list[str] = []
    for domain in DOMAINS:
        for msgid, strs in _entries(po_path(domain, lang), lang):
            named = {w for w in CAPS.findall(msgid) if w in words}
            for text in strs:
                missing = [words[w] for w in named if words[w] not in text]
                english = [w for w in CAPS.findall(text) if w in words and w not in theirs]
                if missing or english:
                    wrong.append(f"{domain}: {msgid[:50]!r} -> {text[:60]!r} (wants {missing}, English {english})")
    assert not wrong, "\n".join(wrong[:20])
