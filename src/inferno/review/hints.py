"""Hints during play: the best options now, estimated from the player's own view by the strongest search.

With 1 or 2 players (``review.toml``: ``[hint] search = "expert"``) a hint runs the expert level's search
(:mod:`inferno.bots.expert`: ``hard``'s search with settled leaves, at its budget) on the player's view;
the options come in the order the expert prefers them, each with its win chance and expected final
Infamy margin. With 3 or more (``crowd_search = "rollout"``) it plays as the rollout bot
(:class:`inferno.bots.rollout.RolloutBot`, playing out its steps too) with the expert's estimate: at
every decision greedy's best options are each played out on deals of the cards the player cannot see,
the opponents answering as greedy would, best first by margin. At that table its advice won more games
against two greedy families than the expert's (see the docs on hints).

A table decides whether hints are allowed (:func:`hints_default`: on when at most one human plays,
off when other humans share the table). Every hint given is recorded (the game log names it), so
nobody at the table can use one unseen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from inferno.bots.expert import EXPERT, expert_evaluator
from inferno.i18n import REVIEW
from inferno.review.analysis import OptionEstimate, estimate_options, playout_options
from inferno.review.cards import endgame_threat, hand_estimates, threat_words
from inferno.review.settings import ReviewSettings, load_settings
from inferno.rules.actions import InfernoError
from inferno.rules.engine import to_move
from inferno.rules.state import State

HINT_TOP = 3
_ = REVIEW.gettext


class HintError(InfernoError):
    """No hint can be given now; the message says why."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The best options for the deciding player, and the estimate of the other hands."""

    player: int
    options: tuple[OptionEstimate, ...]
    hidden_cards: tuple[str, ...]

    def lines(self, numbers: Mapping[str, int] | None = None) -> list[str]:
        """The hint as text; with ``numbers`` (action text -> option number) each option is named by its
        option number and its text, best first (a rank of its own would be mistaken for an option)."""
        out = [
            _(
                "Hint for Player {number} (estimated win chance and expected final Infamy margin of each option):"
            ).format(number=self.player + 1)
        ]
        for i, o in enumerate(self.options, 1):
            n = (numbers or {}).get(o.text)
            name = _("option {number}, {action}").format(number=n, action=o.text) if n is not None else f"{i}. {o.text}"
            chance = _("{value}% (±{se})").format(value=f"{o.value:.0f}", se=f"{o.se:.0f}")
            out.append(f"  {name}: {chance}, {margin_text(o)}")
        out.extend(f"  {threat_words(line)}" for line in self.hidden_cards)
        return out

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.player,
            "options": [
                {
                    "text": o.text,
                    "value": round(o.value, 1),
                    "se": round(o.se, 1),
                    "margin": round(o.margin or 0.0, 1),
                    "margin_se": round(o.margin_se or 0.0, 1),
                }
                for o in self.options
            ],
            "hidden_cards": list(self.hidden_cards),
        }


def margin_text(o: OptionEstimate) -> str:
    """``Infamy margin +3.2 (±0.8)``: the option's expected final Infamy over the best opponent's."""
    m = o.margin or 0.0
    sign = "+" if m >= 0.05 else ("−" if m <= -0.05 else "")
    return _("Infamy margin {margin} (±{se})").format(margin=f"{sign}{abs(m):.1f}", se=f"{(o.margin_se or 0.0):.1f}")


def hints_default(humans: int) -> bool:
    """Hints are on by default only when no other human plays at the table."""
    return humans <= 1


def hint_log_text(player: int, name: str | None = None) -> str:
    """The log line that records a hint (``name``: the player's name, if not "Player n")."""
    if name is None:
        return _("Player {number} asked for a hint").format(number=player + 1)
    return _("{player} asked for a hint").format(player=name)


def make_hint(v: State, seed: int, samples: int | None = None, settings: ReviewSettings | None = None) -> Hint:
    """The top options of the decision pending in view ``v`` (a view of the deciding player), by the hint
    search of ``settings`` (default: the embedded review settings) for the table's player count: the
    expert's, or the rollout search with ``samples`` deals per option (default: the settings' ``[hint]
    samples``)."""
    if v.over:
        raise HintError(_("the game is over: there is nothing left to decide"))
    p = to_move(v)
    if v.viewer != p:
        raise HintError(_("a hint is for the player who decides now (Player {number})").format(number=p + 1))
    st = settings if settings is not None else load_settings()
    search = st.hint_search if v.num_players <= 2 else st.hint_crowd_search
    if search == "expert":
        options = estimate_options(
            v, EXPERT.budget(v.num_players), seed, alternatives=HINT_TOP, evaluator=expert_evaluator(), config=EXPERT
        )
    else:  # the rollout search: greedy's best options played out, best first by margin
        options = playout_options(
            v,
            seed,
            samples=samples if samples is not None else st.hint_samples,
            candidates=st.hint_candidates,
            evaluator=expert_evaluator(),
            max_seconds=st.hint_seconds,
        )
    cards = tuple(endgame_threat(h) for h in hand_estimates(v)) if v.num_players > 1 else ()
    return Hint(p, tuple(options[:HINT_TOP]), cards)
