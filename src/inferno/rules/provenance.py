"""Provenance tags on rules data: where each value comes from."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import PurePath
from typing import Any

from inferno.rules.pickling import register_frozen


class Tag(StrEnum):
    """How sure a value is."""

    SEED = "SEED"
    CONF = "CONF"
    SINGLE = "SINGLE"
    INFER = "INFER"
    DEFAULT = "DEFAULT"


@dataclass(frozen=True, slots=True)
class Provenance:
    """A tag and the note naming its source."""

    tag: Tag
    note: str

    def __str__(self) -> str:
        return f"{self.tag.value}: {self.note}" if self.note else self.tag.value


@dataclass(frozen=True, slots=True)
class TaggedValue:
    """One leaf value of a data file, with its path and provenance."""

    file: str
    path: str
    value: Any
    provenance: Provenance


class ProvenanceError(ValueError):
    """A provenance string that does not start with a known tag."""


def parse_provenance(text: object) -> Provenance:
    """Parse ``"TAG: note"`` into a Provenance."""
    if not isinstance(text, str) or not text.strip():
        raise ProvenanceError(f"provenance must be a non-empty string, got {text!r}")
    head, _, note = text.partition(":")
    try:
        tag = Tag(head.strip())
    except ValueError:
        known = ", ".join(t.value for t in Tag)
        raise ProvenanceError(f"unknown provenance tag {head.strip()!r} (known: {known})") from None
    return Provenance(tag, note.strip())


def _is_tagged_leaf(node: object) -> bool:
    return isinstance(node, dict) and set(node) == {"value", "provenance"}


def untag(node: Any, file: str, path: str, inherited: Provenance | None, out: list[TaggedValue]) -> Any:
    """Strip provenance from a parsed TOML tree, recording every leaf's provenance in ``out``.

    A table's ``provenance`` key applies to everything inside it; a ``{value, provenance}`` table is
    a single tagged value. A leaf with no provenance at all is an error.
    """
    if _is_tagged_leaf(node):
        leaf = parse_provenance(node["provenance"])
        return untag(node["value"], file, path, leaf, out)
    if isinstance(node, dict):
        prov: Provenance | None = inherited
        if "provenance" in node:
            prov = parse_provenance(node["provenance"])
        return {
            k: untag(v, file, f"{path}.{k}" if path else k, prov, out) for k, v in node.items() if k != "provenance"
        }
    if isinstance(node, list) and any(isinstance(v, dict) for v in node):
        return [untag(v, file, f"{path}[{i}]", inherited, out) for i, v in enumerate(node)]
    if inherited is None:
        raise ProvenanceError(f"value at {path or '<top>'} has no provenance")
    out.append(TaggedValue(file, path, node, inherited))
    return node


@dataclass(frozen=True, slots=True)
class SeedConflict:
    """A value of a rules directory that differs from one the rulebook states (a SEED value of the
    embedded data): ``value`` is the directory's, ``rulebook`` the embedded one, ``source`` its note."""

    file: str
    path: str
    value: Any
    rulebook: Any
    source: str

    def text(self) -> str:
        """The warning in words, naming the file and entry as the loader's messages do."""
        return (
            f"{self.file}, {self.path}: your data has {json.dumps(self.value, ensure_ascii=False)} where the"
            f" rulebook states {json.dumps(self.rulebook, ensure_ascii=False)} ({self.source})"
        )


def contradicted_seeds(defaults: Iterable[TaggedValue], custom: Iterable[TaggedValue]) -> tuple[SeedConflict, ...]:
    """The values of ``custom`` (a rules directory's data) that differ from a SEED value of ``defaults``
    (the embedded data) at the same file and entry. Entries only one side has are not compared."""
    theirs = {(PurePath(v.file).name, v.path): v for v in custom}
    out = []
    for v in defaults:
        if v.provenance.tag is not Tag.SEED:
            continue
        name = PurePath(v.file).name
        other = theirs.get((name, v.path))
        if other is not None and other.value != v.value:
            out.append(SeedConflict(name, v.path, other.value, v.value, v.provenance.note))
    return tuple(out)


register_frozen(Provenance, TaggedValue, SeedConflict)
