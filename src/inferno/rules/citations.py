"""Rule citations in players' words, in the reader's language.

The engine tags every event and help text with the sources of its rule in short codes (the four
rulebook excerpts the edition is built on, public rules summaries and reviews, and this edition's
own defaults). :func:`cite` turns such a tag into what a player reads: ``"S2 Florence phase; S1
p.12"`` becomes ``"rulebook p.12: Florence phase"`` (``"reglamento p.12: fase de Florencia"`` in
Spanish). The topics are translated through :mod:`inferno.rules.citation_words` (an unknown topic
stays as written); page references never change. In English a text without codes comes back
unchanged; in other languages a readable reference ("rulebook, Hell Phase p.11") is translated too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from inferno.i18n import ENGLISH, LOG, N_, language
from inferno.rules.citation_words import TOPICS, WHOLE

_ = LOG.gettext

RULEBOOK = ("S0", "S1", "S2", "S3")  # the rulebook excerpts
SOURCES = {  # public sources other than the rulebook, by their short code
    "IT": N_("IronTarkles' teaching summary"),
    "LM": N_("La Maschera Riposta's review"),
    "NE": N_("nerdevil.it's review"),
    "BC": N_("bigcream.it's game sheet"),
    "RG": N_("Republic of Gamers' review"),
}
DEFAULT = N_("a default of this edition")
READING = N_("this edition's reading of the rules")
_PAGE = re.compile(r"p\.\s*\d+(?:\s*-\s*\d+)?")
_CODE = re.compile(r"[A-Za-z]+_[A-Za-z_]+")  # data identifiers never reach players
_STEP = re.compile(r"final scoring step (\d+)(?: (.+))?")  # i18n: not for players (a pattern)
_ASIDE = re.compile(r"(.+?) \(([^()]+)\)")  # "Hell Phase (P&P: Plutus)"
_READABLE = re.compile(r"(?:the )?rulebook(?:[,:]?\s+(.*))?")  # i18n: not for players (a pattern)
_TOPIC = {t.lower(): t for t in TOPICS}
_WHOLE = frozenset(WHOLE)


class Cited:
    """A rule tag read: the rulebook's pages and topics, the other sources, in English."""

    def __init__(self) -> None:
        self.pages: list[str] = []
        self.topics: list[str] = []
        self.others: list[tuple[str, str]] = []  # (source's name, topic or "")
        self.book = False


def parse(rule: str) -> Cited | None:
    """A rule tag's parts, or None for a text without source codes."""
    c = Cited()
    coded = False
    for raw in re.split(r"[;,]", rule):
        part = raw.strip()
        if not part:
            continue
        head, _sep, rest = part.partition(" ")
        rest = _CODE.sub("", rest).strip()
        coded = coded or head in RULEBOOK or head in SOURCES or bool(re.fullmatch(r"[UD]\d+|§.*", head))
        rest = re.sub(r"\(\s*rulebook\s*([^)]*)\)", r"\1", rest).strip(" ,")
        if head in RULEBOOK:
            c.book = True
            found = _PAGE.findall(rest)
            c.pages.extend(p.replace(" ", "") for p in found)
            topic = _PAGE.sub("", rest).strip(" :")
            if head == "S3" and topic.startswith("step"):
                topic = "final scoring " + topic  # i18n: not for players (an English topic, read by _STEP)
            if topic:
                c.topics.append(topic)
        elif head.startswith("p.") and _PAGE.fullmatch(part.split(" ", 1)[0]):
            c.pages.append(head)  # "S1 p.12, p.14-15": the page after the comma
            if rest:
                c.topics.append(rest)
        elif head in SOURCES:
            c.others.append((SOURCES[head], rest))
        elif re.fullmatch(r"U\d+", head):
            c.others.append((DEFAULT, ""))
            if rest:
                c.topics.append(rest)
        elif re.fullmatch(r"D\d+", head):
            c.others.append((READING, ""))
            if rest:
                c.topics.append(rest)
        elif head.startswith("§"):
            if rest:
                c.topics.append(rest)
        else:
            text = re.sub(r"^rulebook\b", "", _CODE.sub("", part)).strip(" ,")
            c.pages.extend(p.replace(" ", "") for p in _PAGE.findall(text))
            text = _PAGE.sub("", text).strip(" :")
            if text:
                c.topics.append(text)
    return c if coded else None


def parse_readable(rule: str) -> Cited | None:
    """A reference already in words ("rulebook, Hell Phase p.11 (P&P: Plutus)", "rulebook p.9"), or None."""
    m = _READABLE.fullmatch(rule.strip())
    if m is None:
        return None
    c = Cited()
    c.book = True
    rest = m.group(1) or ""
    c.pages.extend(p.replace(" ", "") for p in _PAGE.findall(rest))
    topic = re.sub(r"\s+", " ", _PAGE.sub("", rest)).strip(" ,:")
    if topic:
        c.topics.append(topic)
    return c


def topics(rule: str) -> list[str]:
    """The English topics a rule tag (or readable reference) names, as :func:`cite` translates them."""
    c = parse(rule) or parse_readable(rule)
    if c is None:
        return [rule] if rule in _WHOLE else []
    out = list(c.topics)
    out.extend(t for _src, t in c.others if t)
    return out


def known_topic(topic: str) -> bool:
    """Whether :func:`cite` has words for ``topic`` in every language (else it stays as written)."""
    if topic.lower() in _TOPIC or topic in _WHOLE:
        return True
    step = _STEP.fullmatch(topic)
    if step:
        return step.group(2) is None or known_topic(step.group(2))
    aside = _ASIDE.fullmatch(topic)
    return aside is not None and known_topic(aside.group(1)) and known_topic(aside.group(2))


def topic_words(topic: str) -> str:
    """A topic in the current language; an unknown topic as written."""
    if language() == ENGLISH:
        return topic
    key = topic.lower()
    if key in _TOPIC:
        return _(_TOPIC[key])
    step = _STEP.fullmatch(topic)
    if step:
        if step.group(2) is None:
            return _("final scoring step {n}").format(n=step.group(1))
        return _("final scoring step {n} {topic}").format(n=step.group(1), topic=topic_words(step.group(2)))
    aside = _ASIDE.fullmatch(topic)
    if aside and known_topic(topic):
        return f"{topic_words(aside.group(1))} ({topic_words(aside.group(2))})"
    return topic


def _render(c: Cited) -> str:
    out: list[str] = []
    if c.pages or c.topics or c.book:
        pages = ", ".join(dict.fromkeys(c.pages))
        unique = {t.lower(): t for t in reversed(c.topics)}
        words = ", ".join(topic_words(unique[k]) for k in dict.fromkeys(t.lower() for t in c.topics))
        if pages and words:
            out.append(_("rulebook {pages}: {topics}").format(pages=pages, topics=words))
        elif pages:
            out.append(_("rulebook {pages}").format(pages=pages))
        elif words:
            out.append(_("rulebook: {topics}").format(topics=words))
        else:
            out.append(_("rulebook"))
    for source, topic in dict.fromkeys(c.others):
        if topic:
            out.append(_("{source}: {topic}").format(source=_(source), topic=topic_words(topic)))
        else:
            out.append(_(source))
    return "; ".join(dict.fromkeys(out))


@lru_cache(maxsize=2048)
def _cite(rule: str, lang: str) -> str:
    c = parse(rule)
    if c is None:
        if lang == ENGLISH:
            return rule
        if rule in _WHOLE:
            return _(rule)
        c = parse_readable(rule)
        if c is None:
            return rule
    return _render(c) or rule


def cite(rule: str) -> str:
    """A rule tag as players read it, in the current language; text without codes comes back unchanged
    (in a translated language, a known text or a readable rulebook reference is translated)."""
    return _cite(rule, language())
