"""The command line in the player's language: ``--lang``, ``INFERNO_LANG`` and the locale, and click's help
translated when it is shown.

The language is, first to last: ``--lang`` (on the group or on a command that shows a game), the
``INFERNO_LANG`` environment variable, the terminal's locale (:func:`inferno.i18n.from_locale`), English.
Click builds its commands when the modules are imported, before any option is read, so the help texts
stay English (marked with ``N_``) on the commands and are translated as click prints them
(:class:`Command`, :class:`Group`), under the language chosen by then. ``--lang`` is read before
``--help`` wherever it stands on the line (:func:`startup_language` looks at the arguments first).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from inferno.i18n import LANGUAGES, N_, PSEUDO, TERMINAL, from_locale, known, language, set_language, use_language

_ = TERMINAL.gettext

F = TypeVar("F", bound=Callable[..., Any])
ENV = "INFERNO_LANG"
CHOICES: tuple[str, ...] = (*LANGUAGES, PSEUDO)
LANG_HELP = N_(
    "Language of the game's texts: en, es, it, ca (qps: pseudo, for layout tests). Default: $INFERNO_LANG, else the locale."
)
# click's own texts that a player reads in every help page, translated here.
CLICK_TEXTS = (N_("Show this message and exit."), N_("Show the version and exit."))


# Help texts with values in them: the English shown to click -> (the text to translate, its values).
_FORMATTED: dict[str, tuple[str, dict[str, object]]] = {}


def help_text(template: str, **values: object) -> str:
    """A help text with ``values`` in it (``template`` marked with ``N_``): English for click to keep, and
    translated with its values when shown."""
    english = template.format(**values)
    _FORMATTED[english] = (template, values)
    return english


def translate_help(text: str) -> str:
    """A help text (from a ``help=`` or :func:`help_text`) in the current language."""
    template, values = _FORMATTED.get(text, (text, {}))
    return _(template).format(**values) if values else _(template)


def unknown_language(value: str) -> str:
    return _("unknown language {lang}: choose one of {choices}").format(lang=repr(value), choices=", ".join(CHOICES))


def env_language(env: Mapping[str, str]) -> str | None:
    """``INFERNO_LANG`` when it names a language this edition speaks."""
    value = env.get(ENV, "").strip().lower()
    return value if known(value) else None


def argv_language(args: Sequence[str]) -> str | None:
    """The value of the first ``--lang X`` or ``--lang=X`` among ``args`` (checked later by the option)."""
    for i, arg in enumerate(args):
        if arg == "--":
            return None
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1].strip().lower()
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1].strip().lower()
    return None


def startup_language(args: Sequence[str], env: Mapping[str, str]) -> str:
    """The language the command line starts in: ``--lang``, ``INFERNO_LANG``, the locale, English."""
    given = argv_language(args)
    if given is not None and known(given):
        return given
    return env_language(env) or from_locale(env)


def _use(ctx: click.Context, lang: str) -> None:
    """Read every text in ``lang`` until the command ends (the language before it comes back after)."""
    ctx.with_resource(use_language(lang))


def _checked(value: str) -> str:
    lang = value.strip().lower()
    if not known(lang):
        raise click.BadParameter(unknown_language(value), param_hint="'--lang'")
    return lang


def _lang_callback(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    """``--lang`` on a command or on the ``inferno`` group: when given, the texts are read in it."""
    if value is not None and not ctx.resilient_parsing:
        _use(ctx, _checked(value))


def lang_option(f: F) -> F:
    """Add ``--lang`` to a command or to the ``inferno`` group (every command's language then): the language
    its texts are read in (checked, read before ``--help``; default: the environment, the locale)."""
    return click.option(
        "--lang",
        metavar="LANG",
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_lang_callback,
        help=LANG_HELP,
    )(f)


@contextmanager
def _translated_help(cmd: click.Command) -> Iterator[None]:
    """``cmd``'s help and short help in the current language while click formats them."""
    saved = cmd.help, cmd.short_help
    cmd.help = translate_help(saved[0]) if saved[0] else saved[0]
    cmd.short_help = translate_help(saved[1]) if saved[1] else saved[1]
    try:
        yield
    finally:
        cmd.help, cmd.short_help = saved


class Translated(click.Command):
    """A click command whose help (texts marked with ``N_``) is translated as it is shown."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command; the language before it is the language after it (``--help`` and usage errors
        end a command before its context closes, so the language is put back here)."""
        before = language()
        try:
            return super().main(*args, **kwargs)
        finally:
            set_language(before)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated_help(self):
            super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with _translated_help(self):
            return super().get_short_help_str(limit)

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), _("Usage:") + " ")

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for param in self.get_params(ctx):
            if isinstance(param, click.Argument):
                continue
            shown = param
            if isinstance(param, click.Option) and param.help:
                shown = copy.copy(param)
                shown.help = translate_help(param.help)
            record = shown.get_help_record(ctx)
            if record is not None:
                rows.append(record)
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl(rows)


class Command(Translated):
    """A command of ``inferno`` (``cls=Command``)."""


class Group(Translated, click.Group):
    """A group of ``inferno`` commands; its subcommands and subgroups are translated too."""

    command_class = Command
    group_class = type

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        """The whole command line starts in :func:`startup_language`, read from the arguments before click
        reads them: ``--lang`` wherever it stands (so ``--help --lang es`` is Spanish too), else
        ``INFERNO_LANG``, else the locale."""
        import os
        import sys

        before = language()
        set_language(startup_language(sys.argv[1:] if args is None else list(args), os.environ))
        try:
            return super().main(args, *rest, **kwargs)
        finally:
            set_language(before)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        Translated.format_options(self, ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        commands = [(name, self.get_command(ctx, name)) for name in self.list_commands(ctx)]
        shown = [(name, cmd) for name, cmd in commands if cmd is not None and not cmd.hidden]
        if not shown:
            return
        limit = formatter.width - 6 - max(len(name) for name, _cmd in shown)
        for name, cmd in shown:
            assert cmd is not None
            rows.append((name, cmd.get_short_help_str(limit)))
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)
