"""The documentation site in every language: the built site has the Spanish, Italian and Catalan pages of
the start and of the rules, each in its language, with a language switch; each language's glossary page
lists every term of ``src/inferno/locale/glossary.toml``; and the translated pages use the glossary's
words (docs/contributing/translations.md)."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tools.mkdocs_hooks import MARKER, glossary_tables, glossary_terms

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LANGS = ("es", "it", "ca")
# The translated pages (source path without ".md") and their built path under the language's folder.
PAGES = {
    "index": "index.html",
    "play/index": "play/index.html",
    "play/rules": "play/rules/index.html",
    "play/languages": "play/languages/index.html",
    "play/glossary": "play/glossary/index.html",
}
# A title of each translated page, and an English sentence that must not remain in it.
TITLES = {
    "es": {"index": "Inferno", "play/index": "Primeros pasos", "play/rules": "Cómo se juega"},
    "it": {"index": "Inferno", "play/index": "Per cominciare", "play/rules": "Come si gioca"},
    "ca": {"index": "Inferno", "play/index": "Primers passos", "play/rules": "Com es juga"},
}
ENGLISH = {
    "index": "Where the rules come from",
    "play/index": "Your first game",
    "play/rules": "The highest Infamy wins",
    "play/languages": "What stays the same",
    "play/glossary": "The game's terms",
}


def _article(page_html: str) -> str:
    """The text of a built page's article (its own content: no navigation), unescaped."""
    match = re.search(r"<article\b.*?</article>", page_html, re.S)
    assert match, "no article in the page"
    return html.unescape(re.sub(r"<[^>]+>", " ", match.group(0)))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built strictly (as `make docs-build`) into a throw-away directory."""
    pytest.importorskip("mkdocs_static_i18n")
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_translated_page_has_its_source(lang: str) -> None:
    for page in PAGES:
        assert (DOCS / f"{page}.{lang}.md").is_file(), f"{page}.{lang}.md"


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_has_the_pages_in_each_language(site: Path, lang: str) -> None:
    for page, built in PAGES.items():
        path = site / lang / built
        assert path.is_file(), f"{lang}/{built}"
        text = path.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text
        article = _article(text)
        assert ENGLISH[page] not in article, f"{lang}/{built} still reads English"
        if page in TITLES[lang]:
            assert TITLES[lang][page] in article
        # The language switch links every language's version of the page.
        for other in ("en", *LANGS):
            assert f'hreflang="{other}"' in text


def test_an_untranslated_page_falls_back_to_english(site: Path) -> None:
    for lang in LANGS:
        text = (site / lang / "play" / "terminal" / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text
        english = (site / "play" / "terminal" / "index.html").read_text(encoding="utf-8")
        assert _article(text).split()[:40] == _article(english).split()[:40]


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_glossary_page_lists_every_term(site: Path, lang: str) -> None:
    built = site / PAGES["play/glossary"] if lang == "en" else site / lang / PAGES["play/glossary"]
    article = _article(built.read_text(encoding="utf-8"))
    words = " ".join(article.split())
    shown = LANGS if lang == "en" else (lang,)
    for term in glossary_terms():
        assert f" {term['en']} " in words, term["en"]
        for code in shown:
            assert f" {term[code]['word']} " in words, (code, term[code]["word"])
    assert MARKER not in article


def test_the_glossary_tables_name_each_terms_source() -> None:
    terms = glossary_terms()
    english = glossary_tables("en", terms)
    for code in LANGS:
        rows = [line for line in glossary_tables(code, terms).splitlines() if line.startswith("| ")][1:]
        assert len(rows) == len(terms)
    assert "term of the published edition" in english
    assert "term of the Catalan FAQ" in english
    assert "this edition's choice" in english
    spanish = glossary_tables("es", terms)
    assert "| Infamy | Infamia | término de la edición publicada |" in spanish
    assert "| Soul | Alma | elección de esta edición |" in spanish
    assert "| Soul | Ànima | terme de les FAQ catalanes |" in glossary_tables("ca", terms)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", ["index", "play/index", "play/rules"])
def test_translated_pages_use_the_glossary_words(lang: str, page: str) -> None:
    """A game term the English page uses appears, in the glossary's word, on the translated page."""
    english = (DOCS / f"{page}.md").read_text(encoding="utf-8")
    translated = " ".join((DOCS / f"{page}.{lang}.md").read_text(encoding="utf-8").lower().split())
    missing = []
    for term in glossary_terms():
        if re.search(rf"\b{re.escape(term['en'])}\b", english, re.I):
            word = term[lang]["word"].lower()
            if re.fullmatch(r"[a-zà-ú]{3,}(?:ar|er|ir|re)", word):
                word = word[:-2]  # a verb ("acusar"): any of its forms
            if word not in translated:
                missing.append(f"{term['en']} -> {term[lang]['word']}")
    assert not missing, missing
