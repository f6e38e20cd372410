"""The full-screen game's keys and typed commands: bindings, the command line, help, undo, hint, save, quit."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList

from inferno.components import Component, action_components, component_list, find_components
from inferno.i18n import N_, TERMINAL
from inferno.records.undo import UndoError
from inferno.rules.actions import InfernoError
from inferno.rules.engine import pending
from inferno.rules.notation import parse_action, shown
from inferno.tui.app.dialogs import QuitScreen, TextScreen
from inferno.tui.app.display import COMMANDS
from inferno.tui.app.glossary import glossary, rule_words
from inferno.tui.app.pacing import TurnPacing
from inferno.tui.app.widgets import CommandInput, hell_detail
from inferno.tui.compact import find_shield, shield_words
from inferno.tui.paths import matching
from inferno.tui.why import illegal_message, why_answer

_ = TERMINAL.gettext
ngettext = TERMINAL.ngettext

KEYS = N_(
    "Keys: ↑/↓ choose · Enter play · 1-9 type a number · F1 help · F2 glossary · F3 next tab · "
    "F6 Hell and Florence in detail · F8 explain the highlighted option's components (explain NAME: one, "
    "explain: all) · F7 next scrolling region (then ↑/↓, PgUp/PgDn, Home/End, ←/→ scroll it; "
    "Escape back to the choices) · Ctrl+Z undo · F4 hint (if the table allows) · "
    "Space skip the bots' moves (in the command line: a space) · Ctrl+S save · Ctrl+Q or Ctrl+C save and quit · "
    "a click on a highlighted shield or location chooses it · to 3.4 [via 2.3] moves the Soul there whole · "
    "shield 3.4 describes a shield"
)


class KeyActions(TurnPacing):
    """The keys' actions and the typed commands (a number, an action's text, or a command)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", N_("help on this decision")),
        Binding("f2", "glossary", N_("glossary")),
        Binding("f3", "next_tab", N_("next tab")),
        Binding("f6", "detail", N_("Hell and Florence in detail"), show=False),
        Binding("f8", "explain", N_("explain the components")),
        Binding("f7", "next_region", N_("next scrolling region"), show=False),
        Binding("shift+f7", "next_region(-1)", N_("previous scrolling region"), show=False),
        Binding("ctrl+z", "undo", N_("undo")),
        Binding("f4", "hint", N_("hint"), show=False),
        Binding("space", "skip", N_("skip the bots' moves")),
        Binding("f5", "skip", N_("skip the bots' moves"), show=False),
        Binding("ctrl+s", "save", N_("save")),
        Binding("ctrl+q", "quit_game", N_("save and quit"), priority=True),
        Binding("ctrl+c", "ask_quit", N_("save and quit?"), priority=True),
    ]

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if self.pend is not None and 0 <= event.option_index < len(self.pend.actions):
            self.play(self.pend.actions[event.option_index])
        elif (path := self.chosen_path(event.option_index)) is not None:
            self.play_path(path)

    def on_key(self, event: Key) -> None:
        """Typing on the choices goes to the command line (a number, an action, a command); a Space
        goes there too once something is typed, else it skips the bots' moves (its binding)."""
        cmd = self.query_one(CommandInput)
        if self.focused is cmd or event.character is None or not event.is_printable:
            return
        if event.character == " " and not cmd.value:
            return
        if isinstance(self.screen, ModalScreen):
            return
        cmd.take_key(event.character)
        event.stop()

    # --- typed commands and the keys' actions ---------------------------------------------

    @on(Input.Submitted, "#command")
    def _submitted(self, event: Input.Submitted) -> None:
        cmd = self.query_one(CommandInput)
        line = event.value.strip()
        cmd.value = ""
        if not line:
            if self.pend is not None and 0 <= self.index < len(self.pend.actions):
                self.play(self.pend.actions[self.index])  # Enter alone plays the highlighted option
            else:
                self.action_skip()
            return
        cmd.remember(line)
        self.command(line)

    @on(CommandInput.Skip)
    def _skip_typed(self) -> None:
        self.action_skip()

    @on(CommandInput.Completions)
    def _completions(self, event: CommandInput.Completions) -> None:
        shown = ", ".join(event.matches[:12]) + (" …" if len(event.matches) > 12 else "")
        self.say(_("Tab: {matches}").format(matches=shown))

    def command(self, line: str) -> None:
        """A typed line: a number, an action's text, or a command (as in the line mode)."""
        word, _sep, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("help", "?", "h"):
            self.action_help()
        elif word in ("glossary", "g"):
            self.action_glossary()
        elif word == "undo":
            self.action_undo(int(rest) if rest.isdigit() else 1)
        elif word == "hint":
            self.action_hint()
        elif word == "log":
            self.goto_tab("tab-log")
        elif word == "board":
            self.goto_tab("tab-board")
        elif word == "shield":
            self.shield(rest)
        elif word == "explain":
            self.explain(rest)
        elif word == "to" and self.pend is not None:
            self.soul_to(rest)
        elif word == "save":
            target = self.session.save(Path(rest).expanduser() if rest else None)
            self.say(_("Saved to {path}").format(path=target))
        elif word in ("quit", "exit", "q"):
            self.action_quit_game()
        elif word == "why" and self.pend is not None:
            p = self.pend.player
            self.say(why_answer(self.session.view_for(p), p, rest))
        elif self.pend is None:
            self.say(_("Wait: a bot is deciding (Space skips its moves' pause)."), error=True)
        elif line.isdigit():
            n = int(line)
            last = len(self.pend.actions) + len(self.whole_paths())
            if 1 <= n <= len(self.pend.actions):
                self.play(self.pend.actions[n - 1])
            elif (path := self.chosen_path(n - 1)) is not None:
                self.play_path(path)
            else:
                self.say(
                    _("There is no option {n}: choose 1-{last}, or type 'help'.").format(n=n, last=last), error=True
                )
        else:
            try:
                action = parse_action(self.session.state, line)
            except InfernoError as exc:
                self.say(
                    _("{error}. Type a number 1-{last}, an action's text, or 'help'.").format(
                        error=exc, last=len(self.pend.actions)
                    ),
                    error=True,
                )
                return
            if action not in self.pend.actions:
                p = self.pend.player
                self.say(illegal_message(self.session.view_for(p), p, line), error=True)
                return
            self.play(action)

    def action_help(self) -> None:
        s = self.session.state
        pend = self.pend or pending(s)
        parts: list[RenderableType] = []
        if pend is not None:
            from inferno.help import help_text

            title, text, rule = help_text(s, pend.decision)
            parts.append(Text(title, style="bold underline"))  # i18n: not for players
            parts.append(Text(text))
            cite = rule_words(rule)
            if cite:
                parts.append(Text(_("Rule: {rule}").format(rule=cite), style="italic"))
        commands = ", ".join(COMMANDS)
        parts.append(
            Text(
                "\n"
                + _("Commands: a number, an action's text, {commands} (undo N takes back N)").format(commands=commands)
            )
        )
        parts.append(Text(_(KEYS)))
        self.push_screen(TextScreen(_("Help"), Group(*parts)))

    def action_glossary(self) -> None:
        self.push_screen(TextScreen(_("Glossary"), glossary(self.session.state)))

    def action_explain(self) -> None:
        """F8: what the highlighted option's components do (its location, track, Guardian, Dante's next
        stop, ...); with none, every component of the game."""
        s = self.session.state
        found = []
        if self.pend is not None and 0 <= self.index < len(self.pend.actions):
            found = action_components(s, self.pend.actions[self.index])
        self.explain_screen(found or component_list(s))

    def explain(self, words: str) -> None:
        """The ``explain`` command: every component, or those whose name holds ``words``."""
        s = self.session.state
        found = find_components(s, words) if words else component_list(s)
        if not found:
            self.say(
                _("No component is called {name}: 'explain' alone lists them all.").format(name=shown(words)),
                error=True,
            )
            return
        self.explain_screen(found)

    def explain_screen(self, found: list[Component]) -> None:
        parts: list[RenderableType] = []
        for c in found:
            parts.append(Text(c.title, style="bold underline"))  # i18n: not for players
            parts.append(Text(c.text))
            parts.append(Text(_("Rule: {rule}").format(rule=c.rule) + "\n", style="italic"))
        self.push_screen(TextScreen(_("Components"), Group(*parts)))

    def action_detail(self) -> None:
        """F6: Hell and Florence in full, every shield with its name, quartiere and lines down."""
        self.push_screen(TextScreen(_("Hell and Florence in detail"), hell_detail(self.shown_state())))

    def shield(self, label: str) -> None:
        """The ``shield 3.4`` command: one shield in words."""
        s = self.shown_state()
        if not label.strip():
            self.say(
                _("Name the shield, e.g. shield {label}; F6 shows every shield.").format(label=s.board.labels[0]),
                error=True,
            )
            return
        t = find_shield(s, label)
        if t is None:
            first, last = s.board.labels[0], s.board.labels[-1]
            self.say(
                _("There is no shield {name}: shields are named {first} to {last}.").format(
                    name=shown(label), first=first, last=last
                ),
                error=True,
            )
            return
        self.say(shield_words(s, t))

    def action_ask_quit(self) -> None:
        """Ctrl+C: ask before saving and quitting (a second Ctrl+C answers yes)."""
        if isinstance(self.screen, QuitScreen):
            self.screen.dismiss(True)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.action_quit_game()

        self.push_screen(QuitScreen(), answered)

    def action_undo(self, k: int = 1) -> None:
        if self.pend is None:
            self.say(_("Undo works at your own decision."), error=True)
            return
        try:
            marked = self.session.take_back(self.pend.player, k)
        except UndoError as exc:
            self.say(str(exc), error=True)
            return
        took = ngettext("Took back {n} step: {actions}", "Took back {n} steps: {actions}", len(marked))
        self.say(took.format(n=len(marked), actions=", ".join(e.action for e in marked)))
        self.pend = None
        self.advance()

    def action_hint(self) -> None:
        """The top options with their estimates, if the table allows hints (the log records it)."""
        if self.pend is None:
            self.say(_("A hint is for your own decision: wait for your turn."), error=True)
            return
        try:
            lines = self.session.hint(self.pend.player)
        except InfernoError as exc:
            self.say(str(exc), error=True)
            return
        self.refresh_all()
        self.push_screen(TextScreen(_("Hint"), Text("\n".join(lines))))

    def action_save(self) -> None:
        self.say(_("Saved to {path}").format(path=self.session.save(None)))

    def action_quit_game(self) -> None:
        self.session.save()
        self.outcome = self.outcome or "quit"
        self.exit(0)

    def soul_to(self, words: str) -> None:
        """The ``to 3.4`` / ``to 3.4 via 2.3`` command: the whole path it names, if exactly one."""
        found = matching(self.paths, words)
        if len(found) == 1:
            self.play_path(found[0])
            return
        if not found:
            ends = ", ".join(dict.fromkeys(x.shield for x in self.paths))
            where = _("the Soul can stop on {shields}").format(shields=ends) if ends else _("no Soul is moving now")
            self.say(
                _("No path of the Soul ends on {name}: {where}.").format(name=shown(words), where=where), error=True
            )
            return
        ways = "; ".join(f"to {x.shield} via {', '.join(x.via)}" for x in found)  # i18n: not for players
        self.say(
            ngettext(
                "{n} path ends there: {ways}. Type the one you mean.",
                "{n} paths end there: {ways}. Type the one you mean.",
                len(found),
            ).format(n=len(found), ways=ways),
            error=True,
        )
