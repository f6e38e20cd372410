"""Versioned save formats: saves name their version, older saves are migrated on load, newer ones refused.

The files in tests/api/data were written by the release before ``format_version`` existed (format
version 1): a game record (``inferno.save_game``), a terminal autosave (``Session.save``, with its
seats) and a state snapshot (``inferno.state_to_dict``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import inferno
from inferno.records.record import GameRecord, load_record
from inferno.rules import saves
from inferno.rules.saves import GAME_RECORD, STATE_SNAPSHOT, SaveFormat, SaveFormatError, upgrade, version_of
from inferno.rules.state import linked_to_list
from inferno.tui.session import Session

DATA = Path(__file__).parent / "data"


def _json(name: str) -> dict[str, Any]:
    d: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return d


def test_saves_written_now_name_their_format_and_version(tmp_path: Path) -> None:
    s = inferno.new_game(2, 3)
    snap = inferno.state_to_dict(s)
    assert (snap["format"], snap["format_version"]) == (STATE_SNAPSHOT, saves.FORMATS[STATE_SNAPSHOT].current)
    inferno.save_game(s, tmp_path / "g.json")
    rec = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert (rec["format"], rec["format_version"]) == (GAME_RECORD, saves.FORMATS[GAME_RECORD].current)
    assert inferno.state_to_dict(inferno.load_game(tmp_path / "g.json")) == snap


def test_a_version_1_game_record_still_loads() -> None:
    old = _json("record_v1.json")
    assert "format_version" not in old and old["format"] == "inferno-game/1"
    assert version_of(old, GAME_RECORD) == 1
    s = inferno.load_game(DATA / "record_v1.json")
    assert s.version == len(old["actions"])
    assert [inferno.action_text(s, a) for a in linked_to_list(s.actions)] == old["actions"]
    again = GameRecord.from_dict(old).to_dict()  # migrated: written back as the current version
    assert again["format_version"] == saves.FORMATS[GAME_RECORD].current and again["actions"] == old["actions"]
    assert load_record(DATA / "record_v1.json").meta == old["meta"]


def test_a_version_1_terminal_autosave_resumes(tmp_path: Path) -> None:
    old = _json("autosave_v1.json")
    sess = Session.resume(DATA / "autosave_v1.json", save_path=tmp_path / "resumed.json")
    assert [seat.spec() for seat in sess.seats] == old["meta"]["seats"]
    assert sess.state.version == len(old["actions"])
    sess.save()
    assert json.loads((tmp_path / "resumed.json").read_text(encoding="utf-8"))["format_version"] == 2


def test_a_version_1_state_snapshot_still_loads() -> None:
    old = _json("snapshot_v1.json")
    assert old["format"] == "inferno-state/1" and "format_version" not in old
    s = inferno.state_from_dict(old)
    now = inferno.state_to_dict(s)
    assert {k: v for k, v in now.items() if k not in ("format", "format_version")} == {
        k: v for k, v in old.items() if k != "format"
    }
    replayed = inferno.load_game(DATA / "record_v1.json")  # the snapshot is of the same game
    assert now == inferno.state_to_dict(replayed)


@pytest.mark.parametrize(("kind", "title"), [(GAME_RECORD, "game record"), (STATE_SNAPSHOT, "state snapshot")])
def test_a_save_from_a_newer_release_is_refused_clearly(kind: str, title: str, tmp_path: Path) -> None:
    newer = {"format": kind, "format_version": saves.FORMATS[kind].current + 1}
    want = (
        f"this save was written by a newer version of Inferno ({title} format version {newer['format_version']}; "
        f"this version reads up to {saves.FORMATS[kind].current}): update Inferno to open it"
    )
    with pytest.raises(SaveFormatError) as err:
        upgrade(newer, kind)
    assert str(err.value) == want
    if kind == GAME_RECORD:
        (tmp_path / "new.json").write_text(json.dumps(newer), encoding="utf-8")
        with pytest.raises(inferno.RecordError, match="newer version of Inferno"):
            inferno.load_game(tmp_path / "new.json")
    else:
        with pytest.raises(inferno.SnapshotError, match="newer version of Inferno"):
            inferno.state_from_dict(newer)


@pytest.mark.parametrize(
    ("save", "message"),
    [
        (
            {"format": "inferno-state/1"},
            "not an Inferno game record (format 'inferno-state/1', expected 'inferno-game')",
        ),
        ({"format": "inferno-game/0"}, "not an Inferno game record (format 'inferno-game/0', expected 'inferno-game')"),
        ({"format": "inferno-game", "format_version": "2"}, "format_version must be a whole number from 1, got '2'"),
        ({"format": "inferno-game", "format_version": 0}, "format_version must be a whole number from 1, got 0"),
        ([1, 2], "not an Inferno game record: expected a JSON object, got list"),
    ],
)
def test_other_files_are_refused_clearly(save: object, message: str) -> None:
    with pytest.raises(SaveFormatError) as err:
        upgrade(save, GAME_RECORD)
    assert message in str(err.value)


def test_migrations_are_applied_in_order_one_version_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry mechanism a future format change uses: 1 -> 2 -> 3, each step seeing the previous result."""
    fmt = SaveFormat("test-kind", "test save", 3)
    monkeypatch.setitem(saves.FORMATS, "test-kind", fmt)
    seen: list[int] = []

    @saves.migration("test-kind", 1)
    def one(d: dict[str, Any]) -> dict[str, Any]:
        seen.append(d.get("format_version", 1))
        d = dict(d)
        d["florins"] = d.pop("money")
        return d

    @saves.migration("test-kind", 2)
    def two(d: dict[str, Any]) -> dict[str, Any]:
        seen.append(d["format_version"])
        return {**d, "florins": [d["florins"]]}

    with pytest.raises(ValueError, match="already has a migration from version 2"):
        saves.migration("test-kind", 2)(two)
    original = {"format": "test-kind/1", "money": 4}
    out = upgrade(original, "test-kind")
    assert out == {"format": "test-kind", "format_version": 3, "florins": [4]}
    assert seen == [1, 2] and original == {"format": "test-kind/1", "money": 4}
    assert upgrade(out, "test-kind") == out  # already current: unchanged
    del fmt.migrations[2]
    with pytest.raises(SaveFormatError, match="no migration of the test save format from version 2"):
        upgrade(original, "test-kind")


def test_every_current_format_has_a_migration_path_from_version_1() -> None:
    for fmt in saves.FORMATS.values():
        assert sorted(fmt.migrations) == list(range(1, fmt.current)), fmt.kind
