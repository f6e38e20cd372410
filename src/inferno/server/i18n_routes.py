"""The player's language on the server: chosen for each request and each live connection (``Language``,
an ASGI layer in front of the app), and the browser's catalogs (``GET /i18n/{lang}.json``).

A player's language is the cookie ``inferno_lang`` if it names a language this edition speaks, else the
``lang`` query parameter, else the request's ``Accept-Language``, else English. Everything rendered for
the request or the connection (views, prompts, log lines, refusals) is read in it.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from functools import cache, lru_cache
from importlib import resources
from typing import Any
from urllib.parse import parse_qs

import orjson
from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from inferno.i18n import (
    ENGLISH,
    LANGUAGES,
    PSEUDO,
    SERVER,
    WEB,
    accept_language,
    choose,
    known,
    pseudo,
    set_language,
)

_ = SERVER.gettext

COOKIE = "inferno_lang"
QUERY = "lang"
CATALOG_MAX_AGE = 3600  # seconds a browser may keep a catalog (a new release may change it)


def language_of(headers: Iterable[tuple[bytes, bytes]], query: bytes | str = b"") -> str:
    """The language of a request: its cookie ``inferno_lang`` (if known), else its ``lang`` query
    parameter (if known), else its ``Accept-Language``, else English."""
    cookie, accepted = "", ""
    for name, value in headers:
        if name == b"cookie":
            cookie += value.decode("latin-1") + ";"
        elif name == b"accept-language":
            accepted += value.decode("latin-1") + ","
    if COOKIE in cookie:
        for part in cookie.split(";"):  # a cookie header's pairs, read as browsers write them
            key, eq, raw = part.partition("=")
            if eq and key.strip() == COOKIE:
                chosen = raw.strip().strip('"')
                if known(chosen):
                    return chosen
    q = query.decode("latin-1") if isinstance(query, bytes) else query
    if QUERY in q:
        for asked in parse_qs(q).get(QUERY, []):
            if known(asked):
                return asked
    return _accepted(accepted) if accepted else ENGLISH


@lru_cache(maxsize=512)
def _accepted(header: str) -> str:
    """The language an ``Accept-Language`` header asks for (browsers send a few distinct ones: kept)."""
    return choose(accept_language(header))


def scope_language(scope: Scope) -> str:
    """The language of an HTTP or WebSocket request's scope."""
    return language_of(scope.get("headers", ()), scope.get("query_string", b""))


def request_language(head: bytes) -> str:
    """The language of a raw HTTP request's head (what a connection refused before the app sent), as
    :func:`language_of` reads it; English if none came."""
    lines = head.split(b"\r\n\r\n", 1)[0].split(b"\r\n")
    target = lines[0].split(b" ")[1] if len(lines[0].split(b" ")) > 1 else b""
    headers = []
    for line in lines[1:]:
        name, colon, value = line.partition(b":")
        if colon:
            headers.append((name.strip().lower(), value.strip()))
    return language_of(headers, target.partition(b"?")[2])


class Language:
    """Reads everything rendered for a request or a live connection in its player's language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        token = set_language(scope_language(scope))
        try:
            await self.app(scope, receive, send)
        finally:
            token.var.reset(token)


@cache
def catalog_json(lang: str) -> bytes:
    """The browser's catalog in ``lang`` (known), encoded once: its name, the languages offered and the
    web catalog's texts (pseudo-localised for ``qps``, every text of the Spanish catalog)."""
    if lang == PSEUDO:
        messages: dict[str, str | list[str]] = {}
        plurals = _plural_ids("web", "es")
        for msgid, value in WEB.catalog("es").items():
            if isinstance(value, list):
                messages[msgid] = [pseudo(msgid), pseudo(plurals.get(msgid, msgid))]
            else:
                messages[msgid] = pseudo(msgid)
        name = pseudo(LANGUAGES[ENGLISH])
    else:
        messages = {} if lang == ENGLISH else WEB.catalog(lang)
        name = LANGUAGES[lang]
    return orjson.dumps({"lang": lang, "name": name, "languages": LANGUAGES, "messages": messages})


def _plural_ids(domain: str, lang: str) -> dict[str, str]:
    """The plural English text of each plural entry of a compiled catalog (``{singular: plural}``), which
    Python's gettext does not keep: read from the ``.mo`` file's table of original texts."""
    mo = resources.files("inferno") / "locale" / lang / "LC_MESSAGES" / f"{domain}.mo"
    try:
        data = mo.read_bytes()
    except OSError:
        return {}
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals = struct.unpack(order + "II", data[8:16])
    out: dict[str, str] = {}
    for i in range(count):
        length, offset = struct.unpack(order + "II", data[originals + 8 * i : originals + 8 * i + 8])
        singular, nul, plural = data[offset : offset + length].partition(b"\0")
        if nul:
            out[singular.decode()] = plural.decode()
    return out


def install(app: FastAPI) -> None:
    """Add the catalogs' route to the app."""

    @app.get("/i18n/{lang}.json", response_model=None)
    async def i18n_catalog(lang: str) -> Response:
        """The browser's texts in ``lang`` (404 for a language this edition does not speak)."""
        if not known(lang):
            message = _("no such language: {lang}; this edition speaks {languages}").format(
                lang=lang[:20], languages=", ".join(LANGUAGES)
            )
            body: dict[str, Any] = {"error": "not_found", "message": message, "languages": LANGUAGES}
            return JSONResponse(body, status_code=404)
        return Response(
            catalog_json(lang),
            media_type="application/json",
            headers={"Cache-Control": f"public, max-age={CATALOG_MAX_AGE}", "Vary": "Accept-Encoding"},
        )
