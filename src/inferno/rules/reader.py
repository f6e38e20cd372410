"""Reading the rules data files: TOML with provenance tags in, typed values out, every error located.

The loaders of the data files (:mod:`inferno.rules.pack` and the modules it calls,
:mod:`inferno.rules.solo_model`, :mod:`inferno.rules.pnp`) read their values through a :class:`Reader`,
so a bad value is refused with the file and the entry it came from.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from inferno.rules.provenance import ProvenanceError, TaggedValue, parse_provenance, untag


class RulesDataError(ValueError):
    """A data file is missing, unreadable or inconsistent; the message names file and entry."""

    def __init__(self, file: str, entry: str, message: str) -> None:
        super().__init__(f"{file}: {entry}: {message}")
        self.file = file
        self.entry = entry
        self.reason = message


class Reader:
    """Typed access to one untagged data file, raising RulesDataError with the entry's path."""

    def __init__(self, file: str, tree: Mapping[str, Any], prefix: str = "") -> None:
        self.file = file
        self.tree = tree
        self.prefix = prefix  # where ``tree`` sits in the file, e.g. "card[3]." (paths below are relative)

    def fail(self, entry: str, message: str) -> RulesDataError:
        return RulesDataError(self.file, self.prefix + entry, message)

    def get(self, path: str) -> Any:
        node: Any = self.tree
        for part in path.split("."):
            if not isinstance(node, Mapping) or part not in node:
                raise self.fail(path, "missing")
            node = node[part]
        return node

    def num(self, path: str, lo: int | None = None, hi: int | None = None) -> int:
        return self.check_int(self.get(path), path, lo, hi)

    def check_int(self, v: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(path, f"expected a whole number, got {v!r}")
        if lo is not None and v < lo:
            raise self.fail(path, f"{v} is below the minimum {lo}")
        if hi is not None and v > hi:
            raise self.fail(path, f"{v} is above the maximum {hi}")
        return v

    def flag(self, path: str) -> bool:
        v = self.get(path)
        if not isinstance(v, bool):
            raise self.fail(path, f"expected true or false, got {v!r}")
        return v

    def text(self, path: str, choices: tuple[str, ...] | None = None) -> str:
        return self.check_str(self.get(path), path, choices)

    def check_str(self, v: Any, path: str, choices: tuple[str, ...] | None = None) -> str:
        if not isinstance(v, str):
            raise self.fail(path, f"expected text, got {v!r}")
        if choices is not None and v not in choices:
            raise self.fail(path, f"{v!r} is not one of {', '.join(choices)}")
        return v

    def seq(self, path: str, length: int | None = None) -> list[Any]:
        v = self.get(path)
        if not isinstance(v, list):
            raise self.fail(path, f"expected a list, got {v!r}")
        if length is not None and len(v) != length:
            raise self.fail(path, f"expected {length} entries, got {len(v)}")
        return v

    def ints(
        self, path: str, length: int | None = None, lo: int | None = None, hi: int | None = None
    ) -> tuple[int, ...]:
        return tuple(self.check_int(v, f"{path}[{i}]", lo, hi) for i, v in enumerate(self.seq(path, length)))

    def num_or_ints(self, path: str, length: int, lo: int | None = None, hi: int | None = None) -> tuple[int, ...]:
        """``length`` whole numbers: a list of them, or one number standing for all (``lo``..``hi`` each)."""
        if isinstance(self.get(path), list):
            return self.ints(path, length, lo, hi)
        return (self.num(path, lo, hi),) * length

    def table(self, path: str, optional: bool = False) -> Mapping[str, Any]:
        """The table at ``path`` (an empty one if ``optional`` and it is missing)."""
        if optional and not self.has(path):
            return {}
        v = self.get(path)
        if not isinstance(v, Mapping):
            raise self.fail(path, f"expected a table, got {v!r}")
        return v

    def has(self, path: str) -> bool:
        """Whether the entry at ``path`` is there (its parents being tables)."""
        node: Any = self.tree
        for part in path.split("."):
            if not isinstance(node, Mapping) or part not in node:
                return False
            node = node[part]
        return True

    def whole_key(self, key: str, path: str, lo: int | None = None, hi: int | None = None) -> int:
        """The table key ``key`` (at ``path``) read as a whole number, e.g. a player count ``"3"``."""
        if not (key.isascii() and key.isdigit()):
            raise self.fail(path, f"the key {key!r} is not a whole number")
        return self.check_int(int(key), path, lo, hi)


def table_list(r: Reader, path: str) -> list[Reader]:
    """A reader for each table of the list at ``path`` (all checked to be tables first)."""
    out = []
    for i, e in enumerate(r.seq(path)):
        if not isinstance(e, Mapping):
            raise r.fail(f"{path}[{i}]", "expected a table")
        out.append(Reader(r.file, e, f"{r.prefix}{path}[{i}]."))
    return out


def parse_toml(raw: bytes, label: str) -> dict[str, Any]:
    """The TOML document in ``raw`` (the bytes of the file named ``label``)."""
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RulesDataError(label, "<file>", f"not valid TOML: {exc}") from None


def read_tagged(raw: bytes, label: str, tagged: list[TaggedValue]) -> Reader:
    """A reader over the file's values with their provenance tags taken off (and added to ``tagged``)."""
    tree = parse_toml(raw, label)
    try:
        plain = untag(tree, label, "", None, tagged)
    except ProvenanceError as bad_tag:
        raise RulesDataError(label, bad_provenance_entry(tree) or "provenance", str(bad_tag)) from None
    return Reader(label, plain)


def bad_provenance_entry(node: Any, path: str = "") -> str | None:
    """The entry whose provenance string cannot be parsed, in the order ``untag`` visits them."""
    if isinstance(node, dict):
        if "provenance" in node:
            try:
                parse_provenance(node["provenance"])
            except ProvenanceError:
                return f"{path}.provenance" if path else "provenance"
        for k, v in node.items():
            found = bad_provenance_entry(v, f"{path}.{k}" if path else k)
            if found:
                return found
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found = bad_provenance_entry(v, f"{path}[{i}]")
            if found:
                return found
    return None
