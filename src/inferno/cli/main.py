"""The ``inferno`` command: rules data report, demo games, and (later) play, bots and analysis."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from inferno import __version__  # the one version source (an editable install's metadata can lag)
from inferno.cli.language import Group, lang_option
from inferno.cli.side_option import announce_side, side_option
from inferno.engine_build import engine_name
from inferno.i18n import N_, TERMINAL
from inferno.rules.engine import apply_in_place, legal_actions
from inferno.rules.pack import RulesDataError, load_rules
from inferno.rules.pnp import data_provenance, load_pnp
from inferno.rules.provenance import Tag, contradicted_seeds
from inferno.rules.setup import SetupError, new_game
from inferno.rules.variants import game_side_variant

console = Console()
_ = TERMINAL.gettext


@click.group(cls=Group, help=N_("Inferno: Florence's families, the nine circles of Hell, and Dante's descent."))
@click.version_option(__version__, message=f"%(prog)s, version %(version)s ({engine_name()} engine)")
@lang_option
def cli() -> None:
    """The ``inferno`` command group (its help is the ``help`` above, translated when shown)."""


def _rules_dir_option(f: Callable[..., None]) -> Callable[..., None]:
    return click.option(
        "--rules-dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help=N_("Directory of corrected rules data files overriding the embedded ones."),
    )(f)


@cli.group(
    invoke_without_command=True,
    help=N_(
        "Show which rules values are confirmed and which are defaults (with their sources).\n\n"
        "`inferno rules check` simulates games to show how the data plays."
    ),
)
@_rules_dir_option
@click.option(
    "--tag", type=click.Choice([t.value for t in Tag]), default=None, help=N_("Only values with this provenance.")
)
@click.option("--full", is_flag=True, help=N_("List every value, not only the summary."))
@click.option("--json", "as_json", is_flag=True, help=N_("Machine-readable output."))
@click.pass_context
def rules(ctx: click.Context, rules_dir: Path | None, tag: str | None, full: bool, as_json: bool) -> None:
    """The rules data's provenance report (``inferno rules``)."""
    if ctx.invoked_subcommand is not None:
        return
    try:
        r = load_rules(rules_dir)
        pnp = load_pnp(rules_dir)
        every = data_provenance(rules_dir)  # the base game's files, then the expansion's pnp.toml
    except RulesDataError as exc:
        raise click.ClickException(str(exc)) from None
    values = [v for v in every if tag is None or v.provenance.tag.value == tag]
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "file": v.file,
                        "path": v.path,
                        "value": v.value,
                        "tag": v.provenance.tag.value,
                        "source": v.provenance.note,
                    }
                    for v in values
                ],
                indent=1,
                ensure_ascii=False,
            )
        )
        return
    console.print(
        _("Rules data: [bold]{source}[/] (fingerprint {fingerprint}; P&P expansion fingerprint {pnp})").format(
            source=r.source, fingerprint=r.fingerprint, pnp=pnp.fingerprint
        )
    )
    conflicts = contradicted_seeds(data_provenance(), every) if rules_dir is not None else ()
    for conflict in conflicts:  # a value the rulebook states, changed in the directory
        warning = _("Warning: {text}").format(text=conflict.text())
        console.print(Text(warning, "bold red"), soft_wrap=True)  # i18n: not for players (the style)
    summary = Table(title=_("Values by provenance and file"))
    summary.add_column(_("file"))
    for t in Tag:
        summary.add_column(t.value, justify="right")
    per_file: dict[str, Counter[str]] = {}
    for v in every:
        per_file.setdefault(v.file, Counter())[v.provenance.tag.value] += 1
    for f, counts in per_file.items():
        summary.add_row(f, *(str(counts.get(t.value, 0)) for t in Tag))
    console.print(summary)
    if not full:
        groups: dict[tuple[str, str, str], int] = {}
        for v in values:
            head = v.path.split("[")[0].split(".")[0]
            key = (v.file, head, str(v.provenance))
            groups[key] = groups.get(key, 0) + 1
        t2 = Table(title=_("Sources by entry (use --full for every value)"))
        for col in (_("file"), _("entry"), _("provenance"), _("values")):
            t2.add_column(col)
        for (f, head, prov), n in groups.items():
            t2.add_row(f, head, prov, str(n))
        console.print(t2)
        return
    t3 = Table(title=_("Every value"))
    for col in (_("file"), _("path"), _("value"), _("provenance")):
        t3.add_column(col)
    for v in values:
        t3.add_row(v.file, v.path, json.dumps(v.value, ensure_ascii=False), str(v.provenance))
    console.print(t3)


@cli.command(help=N_("Play one full seeded game between random players and print its log and final scoring."))
@click.option("--players", "-p", type=click.IntRange(1, 4), default=3, show_default=True)
@click.option("--seed", "-s", type=int, default=None, help=N_("Game seed (random if not given)."))
@side_option
@_rules_dir_option
@click.option("--quiet", is_flag=True, help=N_("Only the final scoring."))
def demo(players: int, seed: int | None, side: str | None, rules_dir: Path | None, quiet: bool) -> None:
    """``inferno demo``: a seeded game between random players."""
    from inferno.records.log import log_lines, scoring_table
    from inferno.rules.notation import action_text
    from inferno.rules.scoring import result

    if seed is None:
        seed = random.randrange(1_000_000)
    try:
        variant = announce_side(side, players, rules_dir)
        s = new_game(players, seed, side, rules_dir=rules_dir, side_variant=variant)
    except (SetupError, RulesDataError) as exc:
        raise click.ClickException(str(exc)) from None
    rng = random.Random(seed)
    moves = 0
    while not s.over:
        a = rng.choice(legal_actions(s))
        if not quiet:
            click.echo(f"> P{s.stack[-1].player + 1}: {action_text(s, a)}")
        apply_in_place(s, a, rollback=False)
        moves += 1
    if not quiet:
        for line in log_lines(s):
            click.echo(line)
    marked = game_side_variant(s)
    side_words = f"{s.config.side} ({marked.label})" if marked is not None else str(s.config.side)
    summary_line = _("Seed {seed}: {players} players, side {side}, {moves} decisions, {turns} turns").format(
        seed=seed, players=players, side=side_words, moves=moves, turns=s.turn
    )
    console.print("\n[bold]" + escape(summary_line) + "[/]")
    for line in scoring_table(result(s)):
        click.echo(line)


# Commands living in their own modules register here: each module defines a click ``command``.
PLUGINS = ("play", "learn", "replay", "tournament", "simulate", "analyse", "serve", "review")


def _load_plugins() -> None:
    import importlib

    for name in PLUGINS:
        mod_name = f"inferno.cli.{name}"
        try:
            mod = importlib.import_module(mod_name)
        except ModuleNotFoundError as exc:
            if exc.name == mod_name:
                continue
            raise
        cli.add_command(mod.command)


_load_plugins()


def _load_rules_check() -> None:
    try:
        from inferno.cli.rules_check import command as check
    except ModuleNotFoundError as exc:  # pragma: no cover - the simulation extra is missing
        if exc.name and exc.name.startswith("inferno"):
            raise
        return
    rules.add_command(check)


_load_rules_check()


def main() -> None:  # pragma: no cover
    cli(sys.argv[1:])
