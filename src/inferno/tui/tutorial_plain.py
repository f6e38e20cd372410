"""``inferno learn --plain``: the tutorial in plain lines, for screen readers, pipes and scripts.

Each act step prints its move in the usual action notation after "Play:", which the learner types;
explain steps wait for "next". The progress is recorded after every step.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from inferno.components import Component, components
from inferno.i18n import N_, TERMINAL
from inferno.tui.compact import florence_words, hell_words
from inferno.tui.reader import family_words, graveyard_words, hand_words
from inferno.tutorial.progress import record
from inferno.tutorial.session import NEXT, StepKind, Tutorial

_ = TERMINAL.gettext

QUIT_WORDS = frozenset({"quit", "exit", "q"})
NEXT_WORDS = frozenset({NEXT, "n", ""})
# Shown with _() where they are said.
LEFT = N_("You left the tutorial; inferno learn resumes it where you were.")
DONE = N_("Tutorial complete. Play your first game: inferno play --first-game")
HELP = N_(
    "Type the move shown after Play:, next on an explanation, where to read about the part of the board the "
    "step is about, board to read the board, me for your family, hand for your Fraud cards, or quit (the "
    "tutorial resumes where you left)."
)
NEW_POSITION = N_("The board is set up for this step: type board to read it, me for your family.")


def play_words(expected: list[str] | tuple[str, ...]) -> str:
    """``Play: send 2 loc 3``: the move(s) a step asks for, in the action notation."""
    return _("Play: {moves}").format(moves=(" " + _("or") + " ").join(expected))


def target_component(t: Tutorial) -> Component | None:
    """The part of the board the step is about (its ``target``), in the game's words."""
    step = t.step
    if step is None or step.target in ("", "option"):
        return None
    return components(t.state).get(step.target)


def step_lines(t: Tutorial) -> list[str]:
    """The current step in words: where it is, what it says, its rule, and the move it asks for."""
    step = t.step
    if step is None:
        return [_(DONE)]
    lines = [
        _("{chapter} — step {n} of {total}: {title}").format(
            chapter=step.chapter, n=t.index + 1, total=t.total, title=step.title
        ),
        step.text,
        f"({step.cite})",
    ]
    part = target_component(t)
    if part is not None:
        lines.append(_("On the board: {part} (where tells more).").format(part=part.title))
    if step.kind is StepKind.ACT:
        lines.append(play_words(step.expected))
    return lines


class PlainTutorial:
    """The tutorial's line-mode loop over ``ask`` (one line in) and ``console`` (lines out)."""

    def __init__(self, t: Tutorial, console: Console, ask: Callable[[str], str]) -> None:
        self.t = t
        self.console = console
        self.ask = ask
        self.shown = t.state  # the position last told about
        self.unrecorded = False  # the progress file could not be written (said once)

    def record(self) -> None:
        """Record the progress; say once when it cannot be."""
        problem = record(self.t)
        if problem and not self.unrecorded:
            self.say(problem)
        self.unrecorded = self.unrecorded or bool(problem)

    def say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False)

    def show_board(self) -> None:
        """The board in words, as ``inferno play --plain`` reads it."""
        s = self.t.state
        self.say(_("Hell, circle by circle:"))
        for line in hell_words(s):
            self.say(line)
        self.say(_("Florence, location by location:"))
        for line in florence_words(s):
            self.say(line)
        self.say(graveyard_words(s))

    def show_step(self) -> None:
        self.say("")
        for line in step_lines(self.t):
            self.say(line)
        if self.t.state is not self.shown:
            self.shown = self.t.state
            if self.t.step is not None and self.t.index in self.t.opening_steps():
                self.say(_(NEW_POSITION))

    def answer(self, line: str) -> bool:
        """Handle one line; False when the learner quits."""
        word = line.strip()
        step = self.t.step
        if word.lower() in QUIT_WORDS:
            return False
        if word.lower() == "board":
            self.show_board()
        elif word.lower() == "where":
            part = target_component(self.t)
            self.say(part.words() if part is not None else _("This step is about the move itself: see Play: above."))
        elif word.lower() == "me":
            self.say(family_words(self.t.state, self.t.seat, _("(you)")))
        elif word.lower() == "hand":
            for line in hand_words(self.t.state, self.t.seat):
                self.say(line)
        elif word.lower() in ("help", "?"):
            self.say(_(HELP))
        elif step is not None and step.kind is StepKind.EXPLAIN and word.lower() in NEXT_WORDS:
            self.t.next()
            self.record()
            self.show_step()
        elif step is not None and step.kind is StepKind.ACT and word:
            reply = self.t.play(word)
            self.say(reply.message)
            if reply.accepted:
                self.record()
                self.show_step()
        elif step is not None and step.kind is StepKind.ACT:
            self.say(play_words(step.expected))
        else:
            self.say(self.t.play(word).message)
        return True

    def prompt(self) -> str:
        step = self.t.step
        return _("Next?") + " " if step is not None and step.kind is StepKind.EXPLAIN else _("Your move?") + " "

    def run(self) -> None:
        """Until the tutorial is done, or the learner quits (or input ends)."""
        self.show_step()
        while not self.t.done:
            try:
                line = self.ask(self.prompt())
            except (EOFError, KeyboardInterrupt):
                line = "quit"
            if not self.answer(line):
                self.record()
                self.say(_(LEFT))

                return
        self.record()
