"""Malformed rules data is refused in words (issue 33): a seeded fuzz of edited copies of every data file.

Each case takes one embedded data file, changes one value anywhere in it (to a table, a list, a whole
number, a negative or huge number, a fraction, text, a flag) or deletes one key, writes the copy into
a rules directory and loads the rules from it. Loading must either succeed or raise
:class:`RulesDataError` naming the file and the entry, with a reason in words: never a bare
``TypeError``, ``ValueError``, ``KeyError`` or ``AttributeError`` from deep inside the loader.

The cases are enumerated in a fixed order and a seeded sample of them is run (``CASES_PER_FILE`` per
file); ``INFERNO_FUZZ_ALL=1`` runs every case (about 32,000, a minute or two).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import inferno
import inferno.rules.pack as pack
from inferno.rules.pack import EXPANSION_FILES, FILES, build_rules
from inferno.rules.pnp import build_pnp
from inferno.rules.provenance import TaggedValue
from inferno.rules.reader import Reader, RulesDataError, parse_toml

DATA = Path(inferno.__file__).parent / "data"
SEED = 33
CASES_PER_FILE = 120
FUZZ_ALL = os.environ.get("INFERNO_FUZZ_ALL") == "1"
DELETE = object()  # the mutation that removes the key (or the list item)
REPLACEMENTS: tuple[Any, ...] = ({}, [], 0, 7, -1, 10**6, 2.5, "", "x", True, [1], ["x"], {"a": 1})
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# Words of Python's own errors: a reason carrying them is a crash passed on, not an explanation.
PYTHON_WORDS = ("object is not", "object has no attribute", "unhashable", "NoneType", "invalid literal", "Traceback")

Path_ = tuple[str | int, ...]


def _key(k: str) -> str:
    return k if BARE_KEY.fullmatch(k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # JSON's escapes are TOML's basic-string escapes
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML form for {v!r}")


def to_toml(tree: dict[str, Any]) -> str:
    """A TOML document holding ``tree`` (every table inline; enough for the data files' values)."""
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in tree.items())


def _paths(node: Any, path: Path_ = ()) -> Iterator[Path_]:
    """Every key and list item under ``node``, parents before children."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        yield (*path, k)
        yield from _paths(v, (*path, k))


def _mutated(tree: dict[str, Any], path: Path_, change: Any) -> dict[str, Any]:
    """A copy of ``tree`` with the value at ``path`` replaced by ``change`` (or deleted)."""
    out: dict[str, Any] = json.loads(json.dumps(tree))
    node: Any = out
    for part in path[:-1]:
        node = node[part]
    if change is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = json.loads(json.dumps(change))
    return out


def _tree(name: str) -> dict[str, Any]:
    return parse_toml((DATA / name).read_bytes(), name)


def _cases(name: str) -> list[tuple[Path_, Any]]:
    every = [(path, change) for path in _paths(_tree(name)) for change in (*REPLACEMENTS, DELETE)]
    if FUZZ_ALL or len(every) <= CASES_PER_FILE:
        return every
    return random.Random(f"{SEED}:{name}").sample(every, CASES_PER_FILE)


def _shown(path: Path_) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


@pytest.fixture
def embedded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read each untouched embedded file once for the whole fuzz (a speed-up only: the pure-Python
    loader then re-reads just the edited copy; the compiled one, which this cannot patch, reads all)."""
    read = pack.read_tagged
    memo: dict[tuple[bytes, str], tuple[Reader, list[TaggedValue]]] = {}

    def read_once(raw: bytes, label: str, tagged: list[TaggedValue]) -> Reader:
        if label not in FILES:  # an edited copy (its label is its path): read it afresh
            return read(raw, label, tagged)
        if (raw, label) not in memo:
            mine: list[TaggedValue] = []
            memo[raw, label] = (read(raw, label, mine), mine)
        reader, mine = memo[raw, label]
        tagged.extend(mine)
        return reader

    monkeypatch.setattr(pack, "read_tagged", read_once)


def test_the_writer_round_trips_every_data_file() -> None:
    """The fuzz writes its copies with ``to_toml``: unedited, a copy reads back as the file itself."""
    import tomllib

    for name in FILES + EXPANSION_FILES:
        tree = _tree(name)
        assert tomllib.loads(to_toml(tree)) == tree, name


def test_an_edited_copy_is_refused_in_words(tmp_path: Path) -> None:
    """One refusal checked in full: Dante's ``start`` must be a table (the fuzz's first find)."""
    text = (DATA / "dante_path.toml").read_text(encoding="utf-8")
    d = tmp_path / "rules"
    d.mkdir()
    old = 'start = { "1" = 1, "2" = 0, "3" = 0, "4" = 0 }'
    assert old in text
    (d / "dante_path.toml").write_text(text.replace(old, "start = 3", 1), encoding="utf-8")
    with pytest.raises(RulesDataError) as err:
        build_rules(d)
    assert err.value.file.endswith("dante_path.toml")
    assert err.value.entry == "sides.I/II.start"
    assert str(err.value) == f"{d / 'dante_path.toml'}: sides.I/II.start: expected a table, got 3"


@pytest.mark.parametrize("name", FILES + EXPANSION_FILES)
def test_malformed_data_raises_rules_data_error_naming_file_and_entry(
    name: str, tmp_path: Path, embedded_once: None
) -> None:
    tree = _tree(name)
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    copy = rules_dir / name
    load: Callable[[Path], object] = build_pnp if name in EXPANSION_FILES else build_rules
    crashes: list[str] = []
    refusals = 0
    for path, change in _cases(name):
        copy.write_text(to_toml(_mutated(tree, path, change)), encoding="utf-8")
        what = f"{name}: {_shown(path)} = {'<deleted>' if change is DELETE else repr(change)}"
        try:
            load(rules_dir)
        except RulesDataError as err:
            refusals += 1
            known = (*FILES, *EXPANSION_FILES)
            if not any(err.file == f or err.file.endswith("/" + f) for f in known):
                crashes.append(f"{what}: the error names no data file: {err}")
            elif not err.entry or not any(c.isalpha() for c in err.reason):
                crashes.append(f"{what}: the error names no entry or reason: {err}")
            elif any(w in err.reason for w in PYTHON_WORDS):
                crashes.append(f"{what}: the reason is Python's, not the game's: {err}")
        except Exception as err:
            crashes.append(f"{what}: {type(err).__name__}: {err}")
    assert not crashes, "\n".join(crashes[:20]) + f"\n({len(crashes)} in all)"
    assert refusals > 0  # the fuzz does reach the loader's checks
