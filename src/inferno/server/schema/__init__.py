"""The JSON schema of what the server sends a seat (``seat_view.v<N>.json``, shipped with the package):
the seat view, the live connection's messages and the answers to actions. Documented in
docs/contributing/server.md."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from inferno.server.views import SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "schema_name", "seat_view_schema"]


def schema_name(version: int = SCHEMA_VERSION) -> str:
    """The file name of the seat view's schema of ``version``."""
    return f"seat_view.v{version}.json"


@cache
def _text(version: int) -> str:
    return resources.files(__name__).joinpath(schema_name(version)).read_text(encoding="utf-8")


def seat_view_schema(version: int = SCHEMA_VERSION) -> dict[str, Any]:
    """The seat view's JSON schema of ``version`` (a new copy: callers may change it)."""
    parsed: dict[str, Any] = json.loads(_text(version))
    return parsed
