"""MkDocs hooks for the documentation site (mkdocs.yml ``hooks:``).

Some docstrings cross-reference names the Sphinx way (``:func:`name```); mkdocstrings renders the
role's prefix as text. This hook drops the prefix so the name reads as plain code.
"""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const):(?=<code>)")


def on_page_content(html: str, **kwargs: Any) -> str:
    """Remove Sphinx role prefixes left in front of inline code."""
    return _ROLE.sub("", html)
