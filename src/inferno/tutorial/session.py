"""A tutorial in progress: the step, the board it shows, the learner's moves, leave and resume.

The learner plays seat 0. An act step accepts only the moves it names (in the engine's usual
notation); anything else is held back with a friendly word. After an accepted move the opponents play
(:mod:`inferno.tutorial.opponents`) until the learner decides again. A chapter may start from a
prepared position (:mod:`inferno.tutorial.openings`).
"""

from __future__ import annotations

from dataclasses import dataclass

from inferno.i18n import N_, TUTORIAL
from inferno.outcome import outcome_lines
from inferno.rules.actions import Action, InfernoError
from inferno.rules.engine import apply, to_move
from inferno.rules.notation import action_text, parse_action
from inferno.rules.state import State
from inferno.tutorial.openings import opening
from inferno.tutorial.opponents import play_opponents
from inferno.tutorial.script import Chapter, Step, StepKind, TutorialError, load_script

__all__ = ["Reply", "Step", "StepKind", "Tutorial", "TutorialError"]

_ = TUTORIAL.gettext

SAVE_FORMAT = 1
NEXT = "next"  # the word a front end offers on explain steps (the notation's, in every language)
# Replies in English (the catalog's msgids): the tutorial answers with them translated.
EXPLAIN_FIRST = N_("First read this step, then go on to the next one.")
FINISHED = N_("The tutorial is finished: play your first game!")


@dataclass(frozen=True)
class Reply:
    """The tutorial's answer to a move: accepted or held back, and friendly words (why, or what happened)
    in the language of the moment the move was played."""

    accepted: bool
    message: str


class Tutorial:
    """The tutorial from its first step to "play your first game"."""

    seat: int = 0

    def __init__(self, chapters: tuple[Chapter, ...] | None = None) -> None:
        self._chapters = chapters if chapters is not None else load_script()
        self._steps: list[Step] = [s for c in self._chapters for s in c.steps]
        self._openings = {step: name for c in self._chapters for step, name in c.openings}
        self._inputs: list[str] = []  # the learner's accepted inputs, one per step ("next" on explain steps)
        self.index = 0
        self.state: State = opening(self._openings.get(self._steps[0].id, "start"))

    @classmethod
    def start(cls) -> Tutorial:
        """A new tutorial at its first step (seeded: every tutorial plays the same)."""
        return cls()

    @property
    def total(self) -> int:
        return len(self._steps)

    @property
    def done(self) -> bool:
        return self.index >= len(self._steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self._steps[self.index]

    @property
    def chapter_titles(self) -> list[str]:
        """The chapters' titles in the current language."""
        return [c.title for c in self._chapters]

    @property
    def chapter_index(self) -> int:
        """The current chapter's place in :attr:`chapter_titles` (the number of chapters when done)."""
        step = self.step
        return len(self._chapters) if step is None else [c.title_en for c in self._chapters].index(step.chapter_en)

    def opening_steps(self) -> set[int]:
        """The indices of the steps that start from a prepared position (a new board)."""
        return {i for i, s in enumerate(self._steps) if s.id in self._openings}

    def _advance(self, given: str) -> None:
        self._inputs.append(given)
        self.index += 1
        step = self.step
        if step is not None and step.id in self._openings:
            self.state = opening(self._openings[step.id])

    def next(self) -> None:
        """Go on from an explain step."""
        step = self.step
        if step is None:
            raise TutorialError(_(FINISHED))
        if step.kind is not StepKind.EXPLAIN:
            moves = ", ".join(step.expected)
            if len(step.expected) == 1:
                raise TutorialError(_("This step asks for a move: {move}.").format(move=moves))
            raise TutorialError(_("This step asks for one of these moves: {moves}.").format(moves=moves))
        self._advance(NEXT)

    def expected_actions(self) -> list[Action]:
        """The engine's actions the current step accepts (none on explain steps)."""
        step = self.step
        if step is None or step.kind is not StepKind.ACT:
            return []
        return [parse_action(self.state, e) for e in step.expected]

    def play(self, action: str) -> Reply:
        """The learner plays ``action`` (notation): accepted only when the step names it."""
        step = self.step
        if step is None:
            return Reply(False, _(FINISHED))
        if step.kind is StepKind.EXPLAIN:
            return Reply(False, _(EXPLAIN_FIRST))
        try:
            act = parse_action(self.state, action)
        except InfernoError:
            return Reply(False, step.held_back)
        if act not in self.expected_actions():
            return Reply(False, step.held_back)
        before = self.state
        after = apply(before, act)
        lines = outcome_lines(before, after, self.seat, act)
        theirs = play_opponents(after, self.seat)
        self.state = after
        played = action_text(before, act)
        self._advance(played)
        said = "; ".join(lines)
        if said:
            message = _("You played {move}: {outcome}.").format(move=played, outcome=said)
        else:
            message = _("You played {move}.").format(move=played)
        if theirs:
            message += " " + _("Your opponent played {moves}.").format(moves=", ".join(theirs))
        return Reply(True, message)

    def waiting_for_learner(self) -> bool:
        """Whether the board waits for the learner (always so on an act step)."""
        return not self.state.over and to_move(self.state) == self.seat

    def to_json(self) -> dict[str, object]:
        """What resumes this tutorial: the learner's inputs so far (the rest is seeded)."""
        return {"tutorial": SAVE_FORMAT, "inputs": list(self._inputs)}

    @classmethod
    def from_json(cls, data: object) -> Tutorial:
        """Resume a tutorial saved by :meth:`to_json`; a :class:`TutorialError` when it does not fit."""
        if not isinstance(data, dict) or data.get("tutorial") != SAVE_FORMAT:
            raise TutorialError(_("This is not a saved tutorial of this version."))
        inputs = data.get("inputs")
        if not isinstance(inputs, list) or not all(isinstance(i, str) for i in inputs):
            raise TutorialError(_("The saved tutorial's moves are not readable."))
        t = cls()
        if len(inputs) > t.total:
            raise TutorialError(_("The saved tutorial has more steps than this tutorial."))
        for given in inputs:
            step = t.step
            assert step is not None
            if step.kind is StepKind.EXPLAIN:
                if given != NEXT:
                    raise TutorialError(
                        _("The saved tutorial does not fit this tutorial at step {number}.").format(number=t.index + 1)
                    )
                t.next()
            elif not t.play(given).accepted:
                raise TutorialError(
                    _("The saved tutorial does not fit this tutorial at step {number}.").format(number=t.index + 1)
                )
        return t
