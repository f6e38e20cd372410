"""Regenerate the golden game logs (tests/golden/*.txt) and the perft counts (tests/data/perft.json).

Run after an intended rules change, then review the diff::

    python -m tests.golden_tools            # rewrite the files
    python -m tests.golden_tools --check    # only report which files would change (exit 1 if any)

The tests in tests/harness/test_golden.py and test_perft.py rebuild the same text with these functions
and compare it with the stored files.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import inferno
from tests.harness.play import SIDES, play_prefix, random_steps

ROOT = Path(__file__).resolve().parent
GOLDEN_DIR = ROOT / "golden"
PERFT_FILE = ROOT / "data" / "perft.json"
PERFT_DEPTH = 3


@dataclass(frozen=True, slots=True)
class GoldenGame:
    """A bot game kept as a golden log: the bot (see tests.harness.play.BOTS) is seeded with the game seed."""

    players: int
    seed: int
    side: str
    bot: str = "random"

    @property
    def path(self) -> Path:
        who = "" if self.bot == "random" else f"_{self.bot}"
        return GOLDEN_DIR / f"p{self.players}_s{self.seed}_{self.side.replace('/', '_')}{who}.txt"


GOLDEN_GAMES = (
    GoldenGame(1, 3, "I/II"),
    GoldenGame(2, 7, "I/II"),
    GoldenGame(3, 11, "III/IV"),
    GoldenGame(4, 5, "III/IV"),
    GoldenGame(2, 12, "III/IV"),
    GoldenGame(4, 13, "I/II"),
    # Random games end in sudden death; these accuser games take Dante to the end (S3 final scoring).
    GoldenGame(3, 7, "III/IV", "accuser"),
    GoldenGame(2, 1, "I/II", "accuser"),
)


def golden_lines(g: GoldenGame) -> list[str]:
    """The game's setup events, then each decision's action text followed by the events it caused,
    then the final scoring table."""
    s = inferno.new_game(g.players, g.seed, side=g.side, side_variant=True)
    lines = [
        f"# Inferno golden game: {g.players} player(s), seed {g.seed}, side {g.side}, {g.bot} bot seeded {g.seed}",
        "# Regenerate with: python -m tests.golden_tools",
        f"# rules fingerprint {s.rules.fingerprint}",
        "[setup]",
    ]
    seen = 0

    def new_events() -> list[str]:
        nonlocal seen
        log = inferno.log_lines(s)
        out = [f"  {line}" for line in log[seen:]]
        seen = len(log)
        return out

    for step in random_steps(s, g.seed, bot=g.bot):  # applies each choice when the loop resumes
        lines += new_events()
        lines.append(f"> {step.index + 1} P{inferno.to_move(s) + 1}: {inferno.action_text(s, step.choice)}")
    lines += new_events()
    lines.append("[scoring]")
    lines += inferno.scoring_table(inferno.result(s))
    return lines


@dataclass(frozen=True, slots=True)
class PerftPosition:
    """A position reached by ``prefix`` random-bot decisions (bot seeded with ``seed``) from a seeded setup."""

    players: int
    seed: int
    side: str
    prefix: int

    def state(self) -> inferno.State:
        return play_prefix(self.players, self.seed, self.prefix, side=self.side)


PERFT_POSITIONS = tuple(
    PerftPosition(n, 100 + 10 * n + k, side, k) for n in (1, 2, 3, 4) for side in SIDES for k in (0, 60, 150)
)


def perft(s: inferno.State, depth: int) -> int:
    """Number of legal action sequences of length ``depth`` (a finished game counts as one leaf)."""
    if depth == 0 or s.over:
        return 1
    acts = inferno.legal_actions(s)
    if depth == 1:
        return len(acts)
    total = 0
    for a in acts:
        total += perft(inferno.apply(s, a), depth - 1)
    return total


def perft_counts(pos: PerftPosition, depth: int = PERFT_DEPTH) -> list[int]:
    s = pos.state()
    return [perft(s, d) for d in range(1, depth + 1)]


def perft_table() -> dict[str, Any]:
    s = inferno.new_game(1, 0)
    return {
        "about": "Counts of legal action sequences to depth 1..3 (apply to copies); regenerate with "
        "python -m tests.golden_tools",
        "rules_fingerprint": s.rules.fingerprint,
        "positions": [{**asdict(pos), "counts": perft_counts(pos)} for pos in PERFT_POSITIONS],
    }


def perft_json(table: dict[str, Any]) -> str:
    """The perft table as JSON with one position per line (short diffs when counts change)."""
    head = {k: v for k, v in table.items() if k != "positions"}
    lines = json.dumps(head, indent=1)[:-2].splitlines()
    lines[-1] += ","
    rows = [json.dumps(pos) for pos in table["positions"]]
    lines.append(' "positions": [')
    lines += [f"  {row}," for row in rows[:-1]] + [f"  {rows[-1]}", " ]", "}"]
    return "\n".join(lines) + "\n"


def _outputs() -> dict[Path, str]:
    out = {g.path: "\n".join(golden_lines(g)) + "\n" for g in GOLDEN_GAMES}
    out[PERFT_FILE] = perft_json(perft_table())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden_tools", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report files that would change; write nothing")
    args = parser.parse_args(argv)
    changed = []
    for path, text in _outputs().items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        changed.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in changed:
        print(f"{'would change' if args.check else 'wrote'} {path.relative_to(ROOT.parent)}")
    if not changed:
        print("golden files and perft data are up to date")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
