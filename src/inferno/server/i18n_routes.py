"""The browser's catalog: ``GET /i18n/{lang}.json`` (the ``web`` domain's texts in one language).

Answers ``{"lang", "name", "languages": {code: name}, "messages": {msgid: text | [one, other]}}``;
for the pseudo language ``qps`` every message of the web catalog is pseudo-localised. A minimal
version (the browser's own need); the server's language plumbing may replace it.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from inferno.i18n import LANGUAGES, PSEUDO, WEB, pseudo


def catalog_json(lang: str) -> dict[str, object]:
    """The browser's catalog of ``lang`` (a code of LANGUAGES or the pseudo language)."""
    if lang == PSEUDO:
        messages: dict[str, str | list[str]] = {}
        for msgid, value in WEB.catalog("es").items():
            messages[msgid] = [pseudo(msgid), pseudo(msgid)] if isinstance(value, list) else pseudo(msgid)
        name = "Pseudo"
    else:
        messages = WEB.catalog(lang) if lang != "en" else {}
        name = LANGUAGES[lang]
    return {"lang": lang, "name": name, "languages": dict(LANGUAGES), "messages": messages}


def install(app: FastAPI) -> None:
    @app.get("/i18n/{lang}.json")
    def i18n_catalog(lang: str) -> JSONResponse:
        if lang not in LANGUAGES and lang != PSEUDO:
            return JSONResponse(
                {
                    "error": "unknown_language",
                    "message": f"No texts in the language {lang!r}.",
                },  # i18n: not for players
                status_code=404,
            )
        return JSONResponse(catalog_json(lang), headers={"Cache-Control": "public, max-age=300"})
