"""``inferno rules check``: the data-health report — how the rules data plays between bots."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from inferno.bots.base import BotSpecError, make_bot
from inferno.bots.habits import profile_table
from inferno.cli.language import Command
from inferno.cli.progress import games_progress
from inferno.i18n import N_
from inferno.rules.pack import RulesDataError, load_rules
from inferno.rules.pnp import MAX_PLAYERS, ModuleError, check_modules, load_pnp
from inferno.sim.health import HealthConfig, HealthReport, lineup, report_rows, run_health
from inferno.sim.record import GameSummary
from inferno.sim.runner import local_cores
from inferno.sim.strategy_comparison import STRATEGIES
from inferno.sim.targets import Scope, Status, StrategyComparison, Verdict


def parse_players(text: str) -> tuple[int, ...]:
    """``"2,3,4"`` → (2, 3, 4), each between 1 and 5 (5 with the P&P expansion)."""
    try:
        counts = tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise click.BadParameter(
            # i18n: not for players (a developer tool: simulation statistics)
            f"{text!r} is not a list of player counts such as 2,3,4"
        ) from None  # i18n: not for players (a developer tool: simulation statistics)
    if not counts or any(not 1 <= n <= MAX_PLAYERS for n in counts):
        raise click.BadParameter(
            # i18n: not for players (a developer tool: simulation statistics)
            f"player counts go from 1 to {MAX_PLAYERS}, e.g. 2,3,4"
        )
    return tuple(dict.fromkeys(counts))


def print_report(report: HealthReport, console: Console) -> None:
    """The report: the rules data's warnings and targets, then per player count its figures, its
    competence profile and its targets, then the strategy comparison and the overall verdict."""
    console.print(
        # i18n: not for players (a developer tool: simulation statistics)
        f"Rules data: [bold]{report.source}[/] (fingerprint {report.rules})"
    )
    if report.modules:
        console.print(f"P&P expansion: {' and '.join(m.capitalize() for m in report.modules)}")
    if report.seed_conflicts:
        n = len(report.seed_conflicts)
        console.print(
            Text(
                # i18n: not for players (a developer tool: simulation statistics)
                f"Warning: your rules data contradicts the rulebook in {n} value{'s' if n > 1 else ''}:",
                # i18n: not for players (a developer tool: simulation statistics)
                "bold red",
            ),
            soft_wrap=True,
        )
        for conflict in report.seed_conflicts:
            console.print(Text(f"  {conflict.text()}"), soft_wrap=True)
    print_verdicts(
        # i18n: not for players (a developer tool: simulation statistics)
        report.data_checks,
        # i18n: not for players (a developer tool: simulation statistics)
        "Targets of the rules data",
        console,
    )
    for h in report.counts:
        t = Table(
            # i18n: not for players (a developer tool: simulation statistics)
            title=f"{players_text(h.players)}, side {h.side} — 95% intervals"
        )
        t.add_column("figure")
        t.add_column("value")
        for name, value in report_rows(h, report.targets):
            t.add_row(name, value)
        console.print(t)
        if h.profiles:
            title = f"Competence profile, {players_text(h.players)} — 95% intervals"  # i18n: not for players (a developer tool: simulation statistics)
            console.print(profile_table(h.profiles, title, [p.bot for p in h.profiles]))
        print_verdicts(h.checks, f"Targets, {players_text(h.players)}", console)
    print_verdicts(
        # i18n: not for players (a developer tool: simulation statistics)
        report.comparison_checks,
        # i18n: not for players (a developer tool: simulation statistics)
        "Target of the strategy comparison",
        console,
    )
    console.print(Text.assemble("Verdict: ", verdict_summary(report)), soft_wrap=True)


def players_text(n: int) -> str:
    return f"{n} player{'s' if n > 1 else ''}"


SCOPE_WORDS = {
    Scope.GAMES: "every player count",  # i18n: not for players (a developer tool: simulation statistics)
    Scope.RULES_DATA: "the rules data",  # i18n: not for players (a developer tool: simulation statistics)
    Scope.COMPARISON: "the comparison",  # i18n: not for players (a developer tool: simulation statistics)
}
STATUS_STYLE = {
    Status.MET: "green",
    # i18n: not for players (a developer tool: simulation statistics)
    Status.MISSED: "bold red",
    Status.NOT_MEASURED: "yellow",
}


def verdict_lines(v: Verdict) -> list[Text]:
    """One verdict in words: the target, what was measured against the goal, the verdict; its source;
    and, when missed, which way to move the data."""
    if v.status is Status.NOT_MEASURED:
        head = Text.assemble(
            # i18n: not for players (a developer tool: simulation statistics)
            (v.status.value, STATUS_STYLE[v.status]),
            # i18n: not for players (a developer tool: simulation statistics)
            f"  {v.target.name} (goal {v.goal})",
        )
    else:
        head = Text.assemble(
            # i18n: not for players (a developer tool: simulation statistics)
            (v.status.value, STATUS_STYLE[v.status]),
            # i18n: not for players (a developer tool: simulation statistics)
            f"  {v.target.name}: {v.shown}, goal {v.goal}",
        )
        if not v.decided:
            head.append(
                # i18n: not for players (a developer tool: simulation statistics)
                "; the 95% interval reaches across the goal: more games would decide it"
            )
    lines = [head, Text(f"    source: {v.source}", "dim")]
    if v.fix:
        lines.append(
            # i18n: not for players (a developer tool: simulation statistics)
            Text(f"    to meet it: {v.fix}")
        )
    return lines


def print_verdicts(verdicts: tuple[Verdict, ...], title: str, console: Console) -> None:
    """The verdicts under a title, each with its source and, when missed, the direction of the fix."""
    if not verdicts:
        return
    console.print(Text(title, "bold"))
    for v in verdicts:
        for line in verdict_lines(v):
            console.print(line, soft_wrap=True)


def verdict_summary(report: HealthReport) -> Text:
    """Every target met, or which ones are missed and where."""
    missed: dict[str, list[str]] = {}
    for v in report.verdicts:
        if v.status is Status.MISSED:
            where = players_text(v.players) if v.players is not None else SCOPE_WORDS[v.target.scope]
            missed.setdefault(v.target.name, []).append(where)
    conflicts = len(report.seed_conflicts)
    after = (
        Text(f"; and your rules data contradicts the rulebook in {conflicts} value{'s' if conflicts > 1 else ''}"  # i18n: not for players (a developer tool: simulation statistics)
             " (see the warning at the top)", "bold red")  # i18n: not for players (a developer tool: simulation statistics)
        if conflicts
        else Text("")
    )  # fmt: skip
    if not missed:
        return Text.assemble(
            # i18n: not for players (a developer tool: simulation statistics)
            ("every target met", "green"),
            after,
        )
    parts = "; ".join(f"{name} ({', '.join(where)})" for name, where in missed.items())
    n = len(missed)
    return Text.assemble((f"{n} target{'s' if n > 1 else ''} missed: {parts}", "red"), after)


def comparison_bots(text: str) -> tuple[str, str]:
    """``FILLER,COLLECTOR`` as two different registered bots (``click.BadParameter`` in words otherwise)."""
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names) or names[0] == names[1]:
        raise click.BadParameter(
            # i18n: not for players (a developer tool: simulation statistics)
            f"{text!r}: name two different bots, the circle filler's then the collector's, e.g. {','.join(STRATEGIES)}",
            param_hint="--strategy-bots",
        )
    for name in names:
        try:
            make_bot(name, 0)
        except BotSpecError as exc:
            raise click.BadParameter(str(exc), param_hint="--strategy-bots") from None
    return names[0], names[1]


@click.command(
    "check",
    cls=Command,
    # The list of commands shows this, translated; the command's own help (its docstring) is for developers.
    short_help=N_("Simulate games on the rules data and report how it plays."),
)
@click.option(
    "--rules-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Directory of corrected rules data files (your copy's real board, cards…).",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--games",
    "-n",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Games per count.",
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--players",
    "-p",
    default="2,3,4",
    show_default=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Player counts, each on its legal side.",
)
@click.option(
    "--bots",
    "-b",
    default="greedy",
    show_default=True,
    help="One bot for every seat, or one per seat (rotated).",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option("--first-seed", type=int, default=0, show_default=True)
@click.option(
    "--module",
    "modules",
    multiple=True,
    metavar="NAME",
    help="P&P expansion module for every game: plutus or phlegyas (repeat for both; 5 players need one).",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--workers",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Worker processes (default: all).",
)
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write JSON.")
@click.option(
    "--plots",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write PNG plots to this folder.",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    "--records",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Keep the games (.jsonl).",  # i18n: not for players (a developer tool: simulation statistics)
)
@click.option(
    "--circle-filler-wins",
    "filler",
    metavar="WINS/GAMES",
    default=None,
    help="A circle filler's wins against a Diploma collector from a separate strategy comparison, e.g. 62/100:"  # i18n: not for players (a developer tool: simulation statistics)
    ' judged against the rulebook\'s "filling one or two circles well usually beats collecting every Diploma".',
)
@click.option(
    "--strategy-games",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Play the strategy comparison too: this many 2-player games of a circle filler against a Diploma"  # i18n: not for players (a developer tool: simulation statistics)
    " collector on the rules data, seats alternating (instead of --circle-filler-wins).",
)
@click.option(
    "--strategy-bots",
    metavar="FILLER,COLLECTOR",
    default=None,
    help="The two bots of the strategy comparison: the circle filler's, then the Diploma collector's (any"  # i18n: not for players (a developer tool: simulation statistics)
    f" registered bots; default: {','.join(STRATEGIES)}).",
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--quiet",
    "-q",
    is_flag=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="No progress bar.",
)
@click.option(
    # i18n: not for players (a developer tool: simulation statistics)
    "--strict",
    is_flag=True,
    # i18n: not for players (a developer tool: simulation statistics)
    help="Exit with status 1 when a target is not met.",
)
def command(
    rules_dir: Path | None,
    games: int,
    players: str,
    bots: str,
    first_seed: int,
    modules: tuple[str, ...],
    workers: int | None,
    json_out: Path | None,
    plots: Path | None,
    records: Path | None,
    filler: str | None,
    strategy_games: int,
    strategy_bots: str | None,
    quiet: bool,
    strict: bool,
) -> None:
    """Simulate games on the rules data and report how it plays, with 95% intervals.

    Run it on a folder holding your copy's real board (``--rules-dir``) to see at once whether games
    end normally, how points split, and whether every seat has a fair chance.
    """
    counts = parse_players(players)
    try:
        comparison = StrategyComparison.parse(filler) if filler is not None else None
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--circle-filler-wins") from None
    if comparison is not None and strategy_games:
        raise click.UsageError(
            # i18n: not for players (a developer tool: simulation statistics)
            "give the strategy comparison's wins (--circle-filler-wins) or play it (--strategy-games), not both"
        )
    pair = comparison_bots(strategy_bots) if strategy_bots is not None else None
    try:
        load_rules(rules_dir)
    except RulesDataError as exc:
        raise click.ClickException(str(exc)) from None
    chosen: tuple[str, ...] = ()
    for n in counts:
        try:
            chosen = check_modules(n, modules, load_pnp(rules_dir))
        except (ModuleError, RulesDataError) as exc:
            raise click.BadParameter(str(exc), param_hint="--module") from None
        try:
            names = lineup(bots, n)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
        for name in set(names):
            try:
                make_bot(name, 0)
            except BotSpecError as exc:
                raise click.BadParameter(str(exc), param_hint="--bots") from None
    cfg = HealthConfig(
        players=counts,
        bots=bots,
        games=games,
        first_seed=first_seed,
        rules_dir=str(rules_dir) if rules_dir else None,
        workers=workers or local_cores(),
        modules=chosen,
        comparison=comparison,
        strategy_games=strategy_games,
        strategy_bots=pair,
    )
    console = Console(stderr=True, quiet=quiet)
    progress = games_progress(
        # i18n: not for players (a developer tool: simulation statistics)
        "[bold]rules check",
        console,
        disable=quiet,
    )
    task = progress.add_task("games", total=games * len(counts) + strategy_games)
    kept: list[GameSummary] = []
    with progress:
        report = run_health(cfg, on_game=lambda _n, _r: progress.advance(task), records_out=kept)
    print_report(report, Console())
    if json_out is not None:
        json_out.write_text(json.dumps(report.to_dict(), indent=1, ensure_ascii=False), encoding="utf-8")
        console.print(
            # i18n: not for players (a developer tool: simulation statistics)
            f"report written to {json_out}"
        )
    if records is not None:
        with records.open("w", encoding="utf-8") as f:
            for r in kept:
                f.write(json.dumps(r.to_dict(), separators=(",", ":")) + "\n")
        console.print(
            # i18n: not for players (a developer tool: simulation statistics)
            f"{len(kept)} game records written to {records}"
        )
    if plots is not None:
        from inferno.sim.health_plots import write_health_plots

        for path in write_health_plots(report, plots):
            console.print(f"plot: {path}")
    if strict and not report.ok:
        raise SystemExit(1)
