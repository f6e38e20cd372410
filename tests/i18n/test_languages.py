"""The language mechanism (inferno.i18n): choosing a language, pseudo-localisation, the catalogs' lookup."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inferno import i18n
from inferno.i18n import GAME, PSEUDO, Domain, accept_language, choose, from_locale, language, pseudo, use_language


def test_english_is_the_default_and_reads_the_source_text() -> None:
    assert language() == "en"
    assert GAME.gettext("Cerberus") == "Cerberus"
    assert GAME.ngettext("{n} Soul", "{n} Souls", 1) == "{n} Soul"
    assert GAME.ngettext("{n} Soul", "{n} Souls", 2) == "{n} Souls"


def test_use_language_is_scoped_and_unknown_codes_read_english() -> None:
    with use_language("es"):
        assert language() == "es"
        with use_language("xx"):
            assert language() == "en"
        assert language() == "es"
    assert language() == "en"


def test_each_thread_keeps_its_own_language() -> None:
    seen: dict[str, str] = {}

    def read(lang: str) -> None:
        with use_language(lang):
            seen[lang] = language()

    threads = [threading.Thread(target=read, args=(lang,)) for lang in ("es", "it", "ca")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"es": "es", "it": "it", "ca": "ca"}
    assert language() == "en"


@pytest.mark.parametrize(
    ("prefs", "want"),
    [
        (["es-ES", "en"], "es"),
        (["it_IT.UTF-8"], "it"),
        (["ca-ES-valencia"], "ca"),
        (["fr-FR", "de", "ca"], "ca"),
        (["fr-FR"], "en"),
        ([], "en"),
        (["qps"], PSEUDO),
    ],
)
def test_choose_takes_the_first_language_spoken(prefs: list[str], want: str) -> None:
    assert choose(prefs) == want


def test_accept_language_orders_by_weight() -> None:
    assert accept_language("fr;q=0.9, it-IT, es;q=0.95, *;q=0.1, de;q=0") == ["it-IT", "es", "fr"]
    assert choose(accept_language("garbage;q=x, ca")) == "ca"


def test_the_terminal_locale_decides_the_language() -> None:
    assert from_locale({"LANG": "es_ES.UTF-8"}) == "es"
    assert from_locale({"LANGUAGE": "fr:it", "LANG": "en_US.UTF-8"}) == "it"
    assert from_locale({"LC_ALL": "C", "LANG": "ca_ES.UTF-8"}) == "ca"
    assert from_locale({"LC_ALL": "C"}) == "en"
    assert from_locale({}) == "en"


@given(st.text(max_size=80))
def test_pseudo_text_is_40_percent_longer_and_keeps_placeholders(text: str) -> None:
    out = pseudo(text)
    if text.strip():
        assert len(out) >= 1.4 * len(text)
    else:
        assert out == text


def test_pseudo_keeps_named_placeholders() -> None:
    out = pseudo("{player} sends {n} Souls")
    assert "{player}" in out and "{n}" in out
    assert out.format(player="P", n=2).count("P") >= 1
    with use_language(PSEUDO):
        assert GAME.gettext("Graveyard") == pseudo("Graveyard")


def test_unknown_domains_are_refused() -> None:
    with pytest.raises(ValueError):
        Domain("nowhere")


def test_a_translated_catalog_is_read_and_exported_for_the_browser() -> None:
    """Every language's catalogs load; the browser's export holds plain and plural entries."""
    for lang in ("es", "it", "ca"):
        for name in i18n.DOMAINS:
            data = Domain(name).catalog(lang)
            assert isinstance(data, dict)
            for key, value in data.items():
                assert key
                assert isinstance(value, str) or (isinstance(value, list) and len(value) == 2)
