"""The game's words that several texts share: the data words the catalog's extraction does not reach, the
sins as names and as a thing's complement, lists, Barrel scores, a loan's cost, Dante's stops and the
Guardians' names and effects (used by the components' explanations, the previews and the help)."""

from __future__ import annotations

from collections.abc import Iterable

from inferno.help import drachmas, infamy_points
from inferno.i18n import GAME, N_
from inferno.rules.model import Guardian, GuardianEffect, Rules, Stop, StopKind
from inferno.rules.state import State

_ = GAME.gettext
ngettext = GAME.ngettext
pgettext = GAME.pgettext

# How a delivered Barrel scores, after its amount: translate with ``GAME.gettext`` where shown.
BARREL_SCORES = {"per_guest": N_("per Guest"), "per_floor": N_("per Tower floor built"), "per_urchin": N_("per Urchin")}

# Data words that the catalog's extraction of the data files (their ``name`` keys) does not reach, so
# that ``GAME.gettext`` translates them wherever they are shown: the sins of the circles, the circles'
# colours, the quartieri (Florentine names, kept in every language) and their symbols, the kinds of bonus tile.
DATA_WORDS = (
    N_("Paganism"),
    N_("Lust"),
    N_("Gluttony"),
    N_("Greed"),
    N_("Sloth"),
    N_("Heresy"),
    N_("Violence"),
    N_("Fraud"),
    N_("Treachery"),
    N_("cream"),
    N_("purple"),
    N_("green"),
    N_("yellow"),
    N_("blue"),
    N_("orange"),
    N_("red"),
    N_("grey"),
    N_("ice blue"),
    N_("Porta San Piero"),
    N_("Porta del Duomo"),
    N_("San Pier Scheraggio"),
    N_("Il Borgo"),
    N_("keys"),
    N_("church"),
    N_("wheel"),
    N_("goat"),
    N_("silver"),
    N_("gold"),
)


def words_list(items: Iterable[str], last: str = "and") -> str:
    """ "a, b and c" (``last="or"``: "a, b or c") in the reader's language."""
    xs = list(items)
    if len(xs) <= 1:
        return "".join(xs)
    head = _(", ").join(xs[:-1])
    if last == "or":
        return _("{items} or {last}").format(items=head, last=xs[-1])
    return _("{items} and {last}").format(items=head, last=xs[-1])


def sin_name(r: Rules, circle: int) -> str:
    """The sin of ``circle`` in the reader's language ("Lust")."""
    return GAME.gettext(r.circles[circle - 1].sin)


def _sin_attributes() -> dict[str, str]:
    # A sin naming a thing of its colour ("the Lust track", "a Lust Soul"): the languages that say "the track
    # of Lust" give it with its preposition and article ("de la Lujuria", "dell'Avarizia", "de l'Avarícia").
    return {
        "Paganism": pgettext("the Lust track, a Lust Soul", "Paganism"),
        "Lust": pgettext("the Lust track, a Lust Soul", "Lust"),
        "Gluttony": pgettext("the Lust track, a Lust Soul", "Gluttony"),
        "Greed": pgettext("the Lust track, a Lust Soul", "Greed"),
        "Sloth": pgettext("the Lust track, a Lust Soul", "Sloth"),
        "Heresy": pgettext("the Lust track, a Lust Soul", "Heresy"),
        "Violence": pgettext("the Lust track, a Lust Soul", "Violence"),
        "Fraud": pgettext("the Lust track, a Lust Soul", "Fraud"),
        "Treachery": pgettext("the Lust track, a Lust Soul", "Treachery"),
    }


def sin_of(r: Rules, circle: int) -> str:
    """The sin of ``circle`` naming a thing of its colour: "Lust" in "the Lust track" ("de la Lujuria")."""
    sin = r.circles[circle - 1].sin
    return _sin_attributes().get(sin) or GAME.gettext(sin)


def barrel_score(amount: int, score: str) -> str:
    """What a delivered Barrel scores: "1 Infamy point per Guest", "2 Infamy points"."""
    if score == "per_guest":
        return ngettext("{n} Infamy point per Guest", "{n} Infamy points per Guest", amount).format(n=amount)
    if score == "per_floor":
        return ngettext(
            "{n} Infamy point per Tower floor built", "{n} Infamy points per Tower floor built", amount
        ).format(n=amount)
    if score == "per_urchin":
        return ngettext("{n} Infamy point per Urchin", "{n} Infamy points per Urchin", amount).format(n=amount)
    return infamy_points(amount)


def loan_words(r: Rules, n: int) -> str:
    """What the ``n``th loan costs: its Infamy at once (if any) and the Infamy lost at the end."""
    if n <= len(r.loan_positions):
        now, end = r.loan_positions[n - 1]
    else:
        now, end = r.loan_beyond_immediate, r.loan_positions[-1][1] if r.loan_positions else 0
    parts = []
    if now:
        parts.append(ngettext("{n} Infamy point lost at once", "{n} Infamy points lost at once", -now).format(n=-now))
    parts.append(
        ngettext("{n} Infamy point lost at the end", "{n} Infamy points lost at the end", -end).format(n=-end)
        if end
        else _("nothing lost at the end")
    )
    return _(", ").join(parts)


def stop_reward(s: State, stop: Stop) -> str:
    """What a stop on Dante's path gives, in words."""
    r = s.rules
    if stop.kind is StopKind.FRAUD:
        return _(
            "the accuser may play a Fraud card (from hand, or from the market or the deck for {drachmas} more)"
        ).format(drachmas=drachmas(r.off_hand_extra))
    if stop.kind is StopKind.PAGAN:
        if s.guardians:
            return _(
                "a pagan Soul enters the Graveyard (while any is left), and the accuser may move a Guardian and "
                "use its effect, free"
            )
        return _("a pagan Soul enters the Graveyard (while any is left)")
    sin = sin_of(r, stop.circle)
    ties = _("every tied player places one") if r.diploma_ties_all else _("a tie gives it to nobody")
    diploma = _(
        "the {sin} Diploma goes to the player furthest along the {sin} track ({ties}; with nobody on the track, "
        "nobody gets it)"
    ).format(sin=sin, ties=ties)
    if stop.kind is StopKind.DIPLOMA:
        return diploma
    return _("the accuser scores {infamy}, {diploma}, and every other player takes one last turn").format(
        infamy=infamy_points(r.final_stop_infamy), diploma=diploma
    )


def stop_name(s: State, stop: Stop) -> str:
    """A stop's name in words: "the Lust Diploma stop", "a Fraud stop", "the final stop"."""
    if stop.kind is StopKind.FRAUD:
        return _("a Fraud stop")
    if stop.kind is StopKind.PAGAN:
        return _("a pagan stop")
    sin = sin_of(s.rules, stop.circle)
    if stop.kind is StopKind.DIPLOMA:
        return _("the {sin} Diploma stop").format(sin=sin)
    return _("the final stop ({sin} Diploma)").format(sin=sin)


# Guardians whose names are not proper names take the article in a sentence ("the Minotaur moves").
_COMMON_NAMES = {"minotaur": N_("the Minotaur"), "furies": N_("the Furies")}


def guardian_name(g: Guardian) -> str:
    """A Guardian's name as a sentence uses it: "Geryon", "the Minotaur"."""
    common = _COMMON_NAMES.get(g.id)
    return _(common) if common else GAME.gettext(g.name)


def guardian_effect_words(r: Rules, g: Guardian) -> str:
    """What a Guardian's effect does, in words (from its effect in the rules data)."""
    e = g.effect
    if e is GuardianEffect.PIT:
        return _(
            "it digs a Pit on an empty shield joined to its new shield by a line (at most {n} Pits in Hell). A Pit "
            "fills its shield: Souls jump over it; at final scoring Pits are removed first, so their shields count "
            "as empty for the Phlegethon"
        ).format(n=g.max_pits)
    if e is GuardianEffect.PETRIFY:
        return _(
            "one standing Soul on a shield joined to the Guardian's new shield by a line lies down where it "
            "stands: it scores nothing and fills that shield for good"
        )
    if e is GuardianEffect.STRAIGHT_DROP:
        what = _(
            "one standing Soul on a shield joined to the Guardian's new shield by a line drops straight down its "
            "straight line to the first empty shield"
        )
    elif e is GuardianEffect.DROP_ONE:
        what = _(
            "one standing Soul on a shield joined to the Guardian's new shield by a line moves down one line to "
            "an empty shield of the next circle"
        )
    elif e is GuardianEffect.JUDGE:
        what = _(
            "one standing Soul on a shield joined to the Guardian's new shield by a line goes down to an empty "
            "shield of its own circle that its lines reach"
        )
    elif g.reach == "any":
        what = _(
            "one standing Soul on a shield joined to the Guardian's new shield by a line slides sideways to any "
            "empty shield of its circle"
        )
    else:
        what = _(
            "one standing Soul on a shield joined to the Guardian's new shield by a line slides sideways to an "
            "empty shield beside it in its circle"
        )
    lies = (
        _("there it lies down and you score that circle's Infamy")
        if e is GuardianEffect.JUDGE
        else _("in its own circle it lies down and you score that circle's Infamy")
    )
    parts = [what, lies]
    if e is not GuardianEffect.SIDEWAYS:
        parts.append(
            _("it may cross the Walls of Dis without a safe passage")
            if g.crosses_walls
            else _("through the Walls of Dis it needs your own safe passage")
        )
    return "; ".join(parts)
