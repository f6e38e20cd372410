"""The translation catalogs, managed with Babel: ``python -m tools.i18n {extract,update,compile,check,todo}``.

- ``extract``: the texts of each domain's sources into ``src/inferno/locale/<domain>.pot``;
- ``update``: every language's ``<lang>/LC_MESSAGES/<domain>.po`` brought in line with its template
  (new texts empty, vanished texts dropped);
- ``compile``: each ``.po`` compiled to its ``.mo`` beside it (what the package reads);
- ``check``: what :mod:`tests.test_i18n_catalogs` fails on (stale templates, missing or fuzzy entries,
  placeholders that do not match, stale ``.mo``), printed;
- ``todo``: the untranslated entries of a domain and language, for translators.

``--domain`` limits any command to one domain. ``make i18n`` runs extract, update and compile.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from gettext import GNUTranslations
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from inferno.i18n import DOMAINS, ENGLISH, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "inferno"
LOCALE = PACKAGE / "locale"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != ENGLISH)
TOML = "tools.i18n_extract:extract_toml"
HTML = "tools.i18n_extract:extract_html"

# Each domain's sources: (glob under src/inferno, extraction method, options).
SOURCES: dict[str, tuple[tuple[str, str, dict[str, str]], ...]] = {
    "game": (
        ("components.py", "python", {}),
        ("game_words.py", "python", {}),
        ("help.py", "python", {}),
        ("data/*.toml", TOML, {"keys": "name,title,text,description"}),
    ),
    "explain": (
        ("rules/explain*.py", "python", {}),
        ("rules/engine.py", "python", {}),
        ("rules/notation.py", "python", {}),
        ("outcome.py", "python", {}),
        ("option_words.py", "python", {}),
        ("first_game.py", "python", {}),
    ),
    "log": (("records/*.py", "python", {}), ("rules/citation*.py", "python", {})),
    "review": (("review/*.py", "python", {}), ("bots/levels.py", "python", {})),
    "web": (("web/*.js", "javascript", {}), ("web/*.html", HTML, {})),
    "terminal": (("tui/**/*.py", "python", {}), ("cli/*.py", "python", {})),
    "tutorial": (("tutorial/*.py", "python", {}), ("tutorial/script.toml", TOML, {"keys": "title,text"})),
    "server": (("server/*.py", "python", {}),),
}
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
    "t": None,
    "tn": (1, 2),
}
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"


def template_path(domain: str) -> Path:
    return LOCALE / f"{domain}.pot"


def po_path(domain: str, lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def _files(domain: str) -> Iterator[tuple[Path, str, dict[str, str]]]:
    for pattern, method, options in SOURCES[domain]:
        for path in sorted(PACKAGE.glob(pattern)):
            yield path, method, options


def extract(domain: str) -> Catalog:
    """The domain's template, made from its sources now."""
    catalog = Catalog(
        project="inferno", domain=domain, copyright_holder="The Inferno developers", fuzzy=False, charset="utf-8"
    )
    for path, method, options in _files(domain):
        found = extract_from_file(method, str(path), keywords=KEYWORDS, comment_tags=("i18n:",), options=options)
        rel = str(path.relative_to(PACKAGE))
        for lineno, message, comments, context in found:
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return catalog


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=path.stem)


def _write_po(path: Path, catalog: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, no_location=True, omit_header=False, ignore_obsolete=True, sort_output=True)
    text = re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", buf.getvalue())
    text = re.sub(rb'"PO-Revision-Date: [^"]*"\n', b"", text)
    text = re.sub(rb'"Generated-By: [^"]*"\n', b"", text)
    # Babel's placeholders for a translator's name and address: the catalogs' history is the project's.
    text = re.sub(rb'"(Report-Msgid-Bugs-To|Last-Translator|Language-Team): [^"]*"\n', b"", text)
    text = text.replace(b"Project-Id-Version: inferno VERSION", b"Project-Id-Version: inferno")
    text = re.sub(rb"# FIRST AUTHOR <EMAIL@ADDRESS>, \d+\.\n", b"", text)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != text:
        path.write_bytes(text)


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def _entries(mo: bytes) -> dict[object, str]:
    """A compiled catalog's translations (its header, which holds dates, left out)."""
    found: dict[object, str] = dict(getattr(GNUTranslations(io.BytesIO(mo)), "_catalog", {}))
    found.pop("", None)
    return found


def update(domain: str) -> None:
    template = _read(template_path(domain))
    for lang in TRANSLATED:
        path = po_path(domain, lang)
        if path.exists():
            catalog = _read(path, lang)
        else:
            catalog = Catalog(
                locale=lang,
                domain=domain,
                project="inferno",
                copyright_holder="The Inferno developers",
                charset="utf-8",
                fuzzy=False,
            )
        # One form for 1, one for every other number, as gettext has these languages (CLDR's Spanish and
        # Italian add a form for millions that no text here needs).
        catalog.mime_headers = [*catalog.mime_headers, ("Plural-Forms", PLURAL_FORMS)]
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _write_po(path, catalog)


def compile_mo(domain: str) -> None:
    for lang in TRANSLATED:
        path = po_path(domain, lang)
        if path.exists():
            data = mo_bytes(_read(path, lang))
            mo = path.with_suffix(".mo")
            if not mo.exists() or _entries(mo.read_bytes()) != _entries(data):
                mo.write_bytes(data)


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s ``str.format`` fields (``{{`` and ``}}`` are literal braces)."""
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name}
    except ValueError:
        return {"<unbalanced braces>"}


@dataclass(frozen=True)
class Problem:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def _ids(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


def problems(domain: str) -> list[Problem]:
    """Everything wrong with a domain's catalogs."""
    out: list[Problem] = []
    fresh = extract(domain)
    tpath = template_path(domain)
    if not tpath.exists():
        return [Problem(str(tpath), "missing template: run `make i18n`")]
    template = _read(tpath)
    if _ids(fresh) != _ids(template):
        gone = len(_ids(template) - _ids(fresh))
        new = len(_ids(fresh) - _ids(template))
        out.append(Problem(str(tpath), f"stale template ({new} new, {gone} gone): run `make i18n`"))
    for lang in TRANSLATED:
        path = po_path(domain, lang)
        where = str(path.relative_to(ROOT))
        if not path.exists():
            out.append(Problem(where, "missing catalog"))
            continue
        catalog = _read(path, lang)
        if _ids(catalog) != _ids(fresh):
            out.append(Problem(where, "out of date with its sources: run `make i18n`"))
        for m in catalog:
            if not m.id:
                continue
            out.extend(_message_problems(where, m))
        mo = path.with_suffix(".mo")
        if not mo.exists() or _entries(mo.read_bytes()) != _entries(mo_bytes(catalog)):
            out.append(Problem(where, "stale .mo: run `make i18n`"))
    return out


def _message_problems(where: str, m: Message) -> Iterator[Problem]:
    ids = m.id if isinstance(m.id, tuple) else (m.id,)
    strs = m.string if isinstance(m.string, tuple) else (m.string,)
    label = repr(ids[0][:60])
    if m.fuzzy:
        yield Problem(where, f"fuzzy entry {label}")
    if not all(strs):
        yield Problem(where, f"missing translation {label}")
        return
    want = set().union(*(placeholders(i) for i in ids))
    for s in strs:
        got = placeholders(s)
        # A plural's form for one may leave the number out ("un Alma"), never add a name.
        if not got <= want or (len(ids) == 1 and got != want):
            yield Problem(where, f"placeholders {sorted(got)} do not match {sorted(want)} in {label}")


def todo(domain: str, lang: str) -> Iterator[Message]:
    for m in _read(po_path(domain, lang), lang):
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.id and (m.fuzzy or not all(strs)):
            yield m


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.i18n", description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("extract", "update", "compile", "all", "check", "todo"))
    ap.add_argument("--domain", choices=DOMAINS, action="append", help="only this domain (repeatable)")
    ap.add_argument("--lang", choices=TRANSLATED, help="todo: the language")
    args = ap.parse_args(argv)
    domains = args.domain or list(DOMAINS)
    bad = 0
    for domain in domains:
        if args.command in ("extract", "all"):
            LOCALE.mkdir(parents=True, exist_ok=True)
            _write_po(template_path(domain), extract(domain))
        if args.command in ("update", "all"):
            update(domain)
        if args.command in ("compile", "all"):
            compile_mo(domain)
        if args.command == "check":
            for p in problems(domain):
                print(p)
                bad += 1
        if args.command == "todo":
            for lang in [args.lang] if args.lang else TRANSLATED:
                for m in todo(domain, lang):
                    print(f"[{domain}/{lang}] {m.id!r}")
                    bad += 1
    if args.command in ("check", "todo"):
        print(f"{bad} problem(s)" if args.command == "check" else f"{bad} to translate", file=sys.stderr)
    return 1 if bad and args.command == "check" else 0


if __name__ == "__main__":
    sys.exit(main())
