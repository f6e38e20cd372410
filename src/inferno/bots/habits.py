"""A bot's competence profile: how it uses the board, told apart from what the game itself does.

Run ``python -m inferno.bots.habits`` to play seeded games between bots (every player count on its
default board side unless told) and print, with 95% intervals, per player count and bot: the share of
games ended by sudden death, councils per seat and game (apart: while a send or an accusation was
legal, while only a bribe was, and when nothing else was), loans, Urchins adopted, safe passages
placed at the BONFIRE, full circles at the end, the Diplomas held and the multiplier each scored at,
and points by source. The games are played by :func:`inferno.sim.game.play_one` and the figures are
those of the data-health report (:func:`inferno.sim.health.competence_profile`), so both read the
same records.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from inferno.bots.base import BotSpecError, make_bot
from inferno.cli.progress import games_progress
from inferno.cli.side_option import announce_side, side_option
from inferno.sim.game import SimConfig
from inferno.sim.health import Profile, competence_profile, profile_rows
from inferno.sim.record import GameSummary
from inferno.sim.runner import local_results


def seat_lineup(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """Seat ``i`` gets ``bots[i % len(bots)]``."""
    return tuple(bots[i % len(bots)] for i in range(players))


def profile_games(
    players: int,
    bots: Sequence[str],
    seeds: Sequence[int],
    side: str | None = None,
    workers: int = 1,
    side_variant: bool = False,
) -> Iterator[GameSummary]:
    """The records of the games ``seeds``, in order, played by the simulator's ``play_one``."""
    cfg = SimConfig(players, seat_lineup(bots, players), side, side_variant=side_variant)
    return local_results(cfg, seeds, workers)


def habits_table(rows: Sequence[Profile], title: str) -> Table:
    """One line per player count: sudden deaths, safe passages at the BONFIRE, loans per seat."""
    t = Table(title=title)
    for col in (
        "players",
        "side",
        "bot",
        "games",
        "sudden death",
        "95% CI",
        "passages taken",
        "95% CI",
        "loans/player",
    ):
        t.add_column(col, justify="right", no_wrap=True)
    for r in rows:
        sd, bp, lo = r.sudden_death, r.bonfire_passages, r.loans
        t.add_row(
            str(r.players),
            r.side,
            r.bot,
            str(r.games),
            f"{sd.count} ({100 * sd.rate:.0f}%)",
            f"{100 * sd.low:.0f}-{100 * sd.high:.0f}%",
            f"{bp.count}/{bp.total}",
            f"{100 * bp.low:.0f}-{100 * bp.high:.0f}%",
            f"{lo.mean:.2f} ({max(0.0, lo.low):.2f}-{lo.high:.2f})",
        )
    return t


def profile_table(profiles: Sequence[Profile], title: str, heads: Sequence[str]) -> Table:
    """Profiles side by side: one line per figure, one column per profile (headed by ``heads``)."""
    t = Table(title=title)
    t.add_column("figure")
    for head in heads:
        t.add_column(head, no_wrap=True)
    rows = [profile_rows(p) for p in profiles]
    for i, (name, _) in enumerate(rows[0]):
        t.add_row(name, *(r[i][1] for r in rows))
    return t


@click.command()
@click.option("--players", "-p", "player_counts", type=click.IntRange(1, 4), multiple=True, help="Player counts.")
@click.option("--games", "-n", type=click.IntRange(1), default=100, show_default=True, help="Games per player count.")
@click.option("--bot", "bots", multiple=True, help="Bot per seat, repeated (cycled over the seats).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@side_option
@click.option("--workers", "-j", type=click.IntRange(1), default=1, show_default=True, help="Worker processes.")
@click.option(
    "--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the profiles and every game."
)
def main(
    player_counts: tuple[int, ...],
    games: int,
    bots: tuple[str, ...],
    seed: int,
    side: str | None,
    workers: int,
    json_path: Path | None,
) -> None:
    """Play seeded games and print each bot's competence profile, with 95% intervals."""
    out = Console()
    if not out.is_terminal:
        out = Console(width=160)
    counts = tuple(dict.fromkeys(player_counts)) or (2, 3, 4)
    lineup = bots or ("greedy",)
    for name in dict.fromkeys(lineup):
        try:
            make_bot(name, 0)
        except BotSpecError as exc:
            raise click.BadParameter(str(exc), param_hint="--bot") from None
    names = tuple(dict.fromkeys(b for n in counts for b in seat_lineup(lineup, n)))
    progress = games_progress("[bold]{task.description}", Console(stderr=True))
    profiles: dict[tuple[str, int], Profile] = {}
    played: list[GameSummary] = []
    with progress:
        task = progress.add_task("games", total=games * len(counts))
        for n in counts:
            progress.update(task, description=f"{n} player{'s' if n > 1 else ''}")
            sample = []
            variant = announce_side(side, n)
            for rec in profile_games(n, lineup, range(seed, seed + games), side, workers, variant):
                sample.append(rec)
                progress.advance(task)
            played += sample
            for name in dict.fromkeys(seat_lineup(lineup, n)):
                profiles[name, n] = competence_profile(sample, name)
    out.print(habits_table(list(profiles.values()), f"Bot habits: {', '.join(lineup)}"))
    for name in names:
        mine = [profiles[name, n] for n in counts if (name, n) in profiles]
        heads = [f"{p.players} player{'s' if p.players > 1 else ''}, {p.side}" for p in mine]
        out.print(profile_table(mine, f"Competence profile: {name} — 95% intervals", heads))
    if json_path:
        data = {
            "bots": list(lineup),
            "profiles": [p.to_dict() for p in profiles.values()],
            "games": [g.to_dict() for g in played],
        }
        json_path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
