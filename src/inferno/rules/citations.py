"""Rule citations in players' words.

The engine tags every event and help text with the sources of its rule in short codes (the four
rulebook excerpts the edition is built on, public rules summaries and reviews, and this edition's
own defaults). :func:`cite` turns such a tag into what a player reads: ``"S2 Florence phase; S1
p.12"`` becomes ``"rulebook p.12: Florence phase"``.
"""

from __future__ import annotations

import re
from functools import lru_cache

RULEBOOK = ("S0", "S1", "S2", "S3")  # the rulebook excerpts
SOURCES = {  # public sources other than the rulebook, by their short code
    "IT": "IronTarkles' teaching summary",
    "LM": "La Maschera Riposta's review",
    "NE": "nerdevil.it's review",
    "BC": "bigcream.it's game sheet",
    "RG": "Republic of Gamers' review",
}
DEFAULT = "a default of this edition"
READING = "this edition's reading of the rules"
_PAGE = re.compile(r"p\.\s*\d+(?:\s*-\s*\d+)?")
_CODE = re.compile(r"[A-Za-z]+_[A-Za-z_]+")  # data identifiers never reach players


@lru_cache(maxsize=512)
def cite(rule: str) -> str:
    """A rule tag as players read it; text without codes comes back unchanged."""
    pages: list[str] = []
    topics: list[str] = []
    others: list[str] = []
    coded = book = False
    for raw in re.split(r"[;,]", rule):
        part = raw.strip()
        if not part:
            continue
        head, _, rest = part.partition(" ")
        rest = _CODE.sub("", rest).strip()
        coded = coded or head in RULEBOOK or head in SOURCES or bool(re.fullmatch(r"[UD]\d+|§.*", head))
        rest = re.sub(r"\(\s*rulebook\s*([^)]*)\)", r"\1", rest).strip(" ,")
        if head in RULEBOOK:
            book = True
            found = _PAGE.findall(rest)
            pages.extend(p.replace(" ", "") for p in found)
            topic = _PAGE.sub("", rest).strip(" :")
            if head == "S3" and topic.startswith("step"):
                topic = "final scoring " + topic
            if topic:
                topics.append(topic)
        elif head.startswith("p.") and _PAGE.fullmatch(part.split(" ", 1)[0]):
            pages.append(head)  # "S1 p.12, p.14-15": the page after the comma
            if rest:
                topics.append(rest)
        elif head in SOURCES:
            others.append(SOURCES[head] + (f": {rest}" if rest else ""))
        elif re.fullmatch(r"U\d+", head):
            others.append(DEFAULT)
            if rest:
                topics.append(rest)
        elif re.fullmatch(r"D\d+", head):
            others.append(READING)
            if rest:
                topics.append(rest)
        elif head.startswith("§"):
            if rest:
                topics.append(rest)
        else:
            text = re.sub(r"^rulebook\b", "", _CODE.sub("", part)).strip(" ,")
            pages.extend(p.replace(" ", "") for p in _PAGE.findall(text))
            text = _PAGE.sub("", text).strip(" :")
            if text:
                topics.append(text)
    if not coded:
        return rule
    out: list[str] = []
    if pages or topics or book:
        words = "rulebook"
        if pages:
            words += " " + ", ".join(dict.fromkeys(pages))
        if topics:
            unique = {t.lower(): t for t in reversed(topics)}
            words += ": " + ", ".join(unique[k] for k in dict.fromkeys(t.lower() for t in topics))
        out.append(words)
    out.extend(dict.fromkeys(others))
    return "; ".join(out) if out else rule
