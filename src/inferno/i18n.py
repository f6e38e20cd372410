"""Languages: every text a player reads, in the player's language.

Texts are English in the source and go through a gettext call of their *domain* (a catalog per area:
the components and data names, the decision help and "why can't I?", the game log and story, reviews
and hints, the browser, the terminal and the command line, the tutorial, the server's messages). The
catalogs are gettext files managed with Babel (``python -m tools.i18n``) under
``inferno/locale/<language>/LC_MESSAGES/<domain>.po`` and compiled beside them to ``.mo``; the browser's
catalog is made from the same ``web`` catalog (:func:`Domain.catalog`), so no text is translated twice.

The language is a context variable: a terminal sets it once (:func:`set_language`), the server for each
request or connection (:func:`use_language`), so every seat reads the same game in its own language. The
action notation never changes: saves, logs and the API use it in every language.

``qps`` is pseudo-localised English (accented, and at least 40% longer) that the layout tests use to
find text that overflows in longer languages.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache
from importlib import resources

ENGLISH = "en"
PSEUDO = "qps"
# The languages a player can choose, each named in itself.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "it": "Italiano", "ca": "Català"}
# The catalogs, one per area of the package (tools/i18n.py lists each one's sources).
DOMAINS: tuple[str, ...] = ("game", "explain", "log", "review", "web", "terminal", "tutorial", "server")

_current: ContextVar[str] = ContextVar("inferno_language", default=ENGLISH)


def language() -> str:
    """The language texts are read in now (a code of :data:`LANGUAGES`, or :data:`PSEUDO`)."""
    return _current.get()


def known(lang: str) -> bool:
    return lang in LANGUAGES or lang == PSEUDO


def set_language(lang: str) -> Token[str]:
    """Read every later text in ``lang`` (in this context); unknown codes read English."""
    return _current.set(lang if known(lang) else ENGLISH)


@contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Read texts in ``lang`` inside the block."""
    token = set_language(lang)
    try:
        yield
    finally:
        _current.reset(token)


def choose(preferences: Iterable[str], default: str = ENGLISH) -> str:
    """The first language of ``preferences`` this edition speaks ("es-ES" and "es_ES.UTF-8" are "es")."""
    for pref in preferences:
        code = pref.strip().replace("_", "-").split(".")[0].split("@")[0].lower()
        if known(code):
            return code
        base = code.split("-")[0]
        if base in LANGUAGES:
            return base
    return default


def accept_language(header: str) -> list[str]:
    """The languages of an HTTP ``Accept-Language`` header, most wanted first."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        lang, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        if lang and lang != "*" and weight > 0:
            ranked.append((-weight, i, lang))
    return [lang for _, _, lang in sorted(ranked)]


def from_locale(env: Mapping[str, str] | None = None) -> str:
    """The language of the terminal's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    env = os.environ if env is None else env
    prefs: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            prefs.extend(value.split(":"))
            if var != "LANGUAGE":
                break
    return choose(prefs)


# --- pseudo-localisation -------------------------------------------------------------------------------------------

_ACCENTS = str.maketrans("AaCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz", "ÅåÇçÐđÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŘřŠšŢţÛûŴŵÝýŽž")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """``text`` accented and at least 40% longer, its ``{placeholders}`` kept: "[Ŝéñđ ~~]"."""
    if not text.strip():
        return text
    parts = _PLACEHOLDER.split(text)
    body = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    pad = max(2, -(-len(text) * 2 // 5))
    return f"[{body} {'~' * pad}]"


# --- catalogs ------------------------------------------------------------------------------------------------------


@cache
def _translations(domain: str, lang: str) -> gettext.NullTranslations:
    mo = resources.files("inferno") / "locale" / lang / "LC_MESSAGES" / f"{domain}.mo"
    try:
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    except (FileNotFoundError, OSError):
        return gettext.NullTranslations()


class Domain:
    """One catalog's gettext functions; each module binds them as ``_``, ``ngettext`` and ``pgettext``."""

    def __init__(self, name: str) -> None:
        if name not in DOMAINS:
            raise ValueError(f"unknown text domain {name!r}")
        self.name = name

    def gettext(self, message: str) -> str:
        lang = _current.get()
        if lang == ENGLISH:
            return message
        if lang == PSEUDO:
            return pseudo(message)
        return _translations(self.name, lang).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        lang = _current.get()
        if lang == ENGLISH:
            return singular if n == 1 else plural
        if lang == PSEUDO:
            return pseudo(singular if n == 1 else plural)
        return _translations(self.name, lang).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        lang = _current.get()
        if lang == ENGLISH:
            return message
        if lang == PSEUDO:
            return pseudo(message)
        return _translations(self.name, lang).pgettext(context, message)

    def catalog(self, lang: str) -> dict[str, str | list[str]]:
        """This catalog's translations in ``lang`` as JSON-ready data: ``{msgid: msgstr}``, and for a
        plural ``{singular: [forms...]}`` (the browser picks a form with ``Intl.PluralRules``)."""
        found = _translations(self.name, lang)
        raw: dict[object, str] = getattr(found, "_catalog", {})
        out: dict[str, str | list[str]] = {}
        for key, value in raw.items():
            if isinstance(key, tuple):
                msgid, index = key
                forms = out.setdefault(str(msgid), [])
                if isinstance(forms, list):
                    while len(forms) <= index:
                        forms.append("")
                    forms[index] = value
            elif key:
                out[str(key)] = value
        return out


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; translate it with ``_`` where it is shown."""
    return message


GAME = Domain("game")
EXPLAIN = Domain("explain")
LOG = Domain("log")
REVIEW = Domain("review")
WEB = Domain("web")
TERMINAL = Domain("terminal")
TUTORIAL = Domain("tutorial")
SERVER = Domain("server")
