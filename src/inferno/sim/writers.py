"""Streaming, resumable record files: JSON Lines, CSV and Parquet.

Each record is written as one full line and flushed, so an interrupted run leaves complete records
and at most one partial last line, which reopening drops. Parquet cannot be appended to, so a
Parquet run streams into a JSON Lines journal next to the target (``FILE.parquet.journal.jsonl``)
and writes the Parquet file (atomically) only when the run completes.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import IO, Any

from inferno.sim.record import GameSummary


class SimFileError(ValueError):
    """A record file that cannot be read, resumed or written as asked."""


class Format(StrEnum):
    JSONL = "jsonl"
    CSV = "csv"
    PARQUET = "parquet"


_SUFFIXES = {".jsonl": Format.JSONL, ".ndjson": Format.JSONL, ".csv": Format.CSV, ".parquet": Format.PARQUET}


def format_of(path: Path) -> Format:
    """The format a file name implies (.jsonl/.ndjson, .csv, .parquet)."""
    try:
        return _SUFFIXES[path.suffix.lower()]
    except KeyError:
        raise SimFileError(f"{path}: unknown record format (use .jsonl, .csv or .parquet)") from None


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal.jsonl")


def drop_partial_tail(path: Path) -> int:
    """Cut a file after its last newline (an interrupted write); returns the bytes dropped."""
    size = path.stat().st_size
    if size == 0:
        return 0
    with path.open("rb+") as f:
        pos = size
        block = 1 << 16
        while pos > 0:
            start = max(0, pos - block)
            f.seek(start)
            chunk = f.read(pos - start)
            nl = chunk.rfind(b"\n")
            if nl >= 0:
                keep = start + nl + 1
                break
            pos = start
        else:
            keep = 0
        if keep < size:
            f.truncate(keep)
        return size - keep


def _jsonl_records(path: Path) -> Iterator[GameSummary]:
    with path.open(encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.endswith("\n"):
                return  # a partial last line: not a record
            try:
                yield GameSummary.from_dict(json.loads(line))
            except (ValueError, KeyError, TypeError) as exc:
                raise SimFileError(f"{path}:{number}: not a game record ({exc})") from None


def _csv_records(path: Path) -> Iterator[GameSummary]:
    with path.open(encoding="utf-8", newline="") as f:
        text = f.read()
    if not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
    for number, row in enumerate(csv.DictReader(io.StringIO(text)), 2):
        try:
            yield GameSummary.from_row(row)
        except (ValueError, KeyError, TypeError) as exc:
            raise SimFileError(f"{path}:{number}: not a game record ({exc})") from None


def _parquet_records(path: Path) -> Iterator[GameSummary]:
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    try:
        rows = pq.read_table(path).to_pylist()
    except Exception as exc:  # pyarrow raises several error types for a damaged file
        raise SimFileError(f"{path}: not a readable Parquet file ({exc})") from None
    for row in rows:
        yield GameSummary.from_row(row)


def read_records(path: Path) -> list[GameSummary]:
    """All complete records of a JSON Lines, CSV or Parquet file."""
    path = Path(path)
    if not path.exists():
        hint = journal_path(path)
        if hint.exists():
            raise SimFileError(f"{path}: its run has not finished; resume it, or analyse {hint}")
        raise SimFileError(f"{path}: no such file")
    fmt = format_of(path)
    if fmt is Format.JSONL:
        return list(_jsonl_records(path))
    if fmt is Format.CSV:
        return list(_csv_records(path))
    return list(_parquet_records(path))


def write_records(path: Path, records: list[GameSummary]) -> None:
    """Write a whole file at once (any format), replacing it."""
    sink = open_sink(Path(path), overwrite=True)
    for r in records:
        sink.write(r)
    sink.finish()


class RecordSink:
    """Append records to a file one by one; ``existing`` holds the records already there."""

    def __init__(self, path: Path, overwrite: bool) -> None:
        self.path = path
        self.existing: list[GameSummary] = []
        if overwrite and path.exists():
            path.unlink()
        if path.exists():
            drop_partial_tail(path)
            self.existing = self._read()
        self._file: IO[str] = path.open("a", encoding="utf-8", newline="")

    def _read(self) -> list[GameSummary]:
        return list(_jsonl_records(self.path))

    def _line(self, rec: GameSummary) -> str:
        return json.dumps(rec.to_dict(), separators=(",", ":")) + "\n"

    def write(self, rec: GameSummary) -> None:
        self._file.write(self._line(rec))
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def finish(self) -> None:
        """The run is complete (for Parquet: write the final file)."""
        self.close()


class CsvSink(RecordSink):
    def __init__(self, path: Path, overwrite: bool) -> None:
        super().__init__(path, overwrite)
        self._header: list[str] | None = None
        if path.stat().st_size:
            with path.open(encoding="utf-8", newline="") as f:
                self._header = next(csv.reader(f))

    def _read(self) -> list[GameSummary]:
        return list(_csv_records(self.path))

    def _line(self, rec: GameSummary) -> str:
        row = rec.to_row()
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        if self._header is None:
            self._header = list(row)
            w.writerow(self._header)
        elif list(row) != self._header:
            raise SimFileError(f"{self.path}: its columns do not match these games (another configuration?)")
        w.writerow(row.values())
        return buf.getvalue()


class ParquetSink(RecordSink):
    """Streams into a JSON Lines journal; ``finish`` writes the Parquet file and removes the journal."""

    def __init__(self, path: Path, overwrite: bool) -> None:
        self.target = path
        journal = journal_path(path)
        if overwrite:
            journal.unlink(missing_ok=True)
            path.unlink(missing_ok=True)
        seed_from_target = path.exists() and not journal.exists()
        super().__init__(journal, overwrite=False)
        if seed_from_target:
            for r in _parquet_records(path):
                self.write(r)
            self.existing = self._read()

    def finish(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.close()
        rows: list[dict[str, Any]] = [r.to_row() for r in _jsonl_records(self.path)]
        tmp = self.target.with_name(self.target.name + ".tmp")
        pq.write_table(pa.Table.from_pylist(rows), tmp)
        os.replace(tmp, self.target)
        self.path.unlink()


def open_sink(path: Path, overwrite: bool = False) -> RecordSink:
    """Open a record file for appending (resuming what it holds unless ``overwrite``)."""
    fmt = format_of(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if fmt is Format.CSV:
        return CsvSink(path, overwrite)
    if fmt is Format.PARQUET:
        return ParquetSink(path, overwrite)
    return RecordSink(path, overwrite)
