"""What each pending decision asks, in words, with the rule it comes from (shared by the terminal and the browser).

Amounts are read from the rules data so a corrected data pack changes the help too.
"""

from __future__ import annotations

from dataclasses import dataclass

from inferno.i18n import GAME, N_, language
from inferno.rules.actions import Decision
from inferno.rules.citations import cite
from inferno.rules.model import Effect, EffectType, Endgame, EndgameType, LocationAction, Rules
from inferno.rules.state import State

_ = GAME.gettext
ngettext = GAME.ngettext


@dataclass(frozen=True, slots=True)
class DecisionHelp:
    """A decision's help in English (marked for translation): :func:`help_text` gives it in the reader's language."""

    title: str
    text: str  # str.format template over the names in ``_amounts``
    rule: str


# Amounts of the game's goods, as a sentence names them.
def infamy_points(n: int) -> str:
    """ "1 Infamy point", "3 Infamy points"."""
    return ngettext("{n} Infamy point", "{n} Infamy points", n).format(n=n)


def drachmas(n: int) -> str:
    """ "1 Drachma", "2 Drachmas"."""
    return ngettext("{n} Drachma", "{n} Drachmas", n).format(n=n)


def florins(n: int) -> str:
    """ "1 Florin", "2 Florins"."""
    return ngettext("{n} Florin", "{n} Florins", n).format(n=n)


def souls(n: int) -> str:
    """ "1 Soul", "4 Souls"."""
    return ngettext("{n} Soul", "{n} Souls", n).format(n=n)


DECISION_HELP: dict[Decision, DecisionHelp] = {
    Decision.HELL: DecisionHelp(
        N_("Hell phase: move one Soul"),
        N_(
            "Move exactly one Soul: a standing Soul in Hell that has not reached its own circle ('move 3.2'), "
            "or a Soul from the Graveyard ferried across the Acheron for {ferry_drachmas} ('enter lust'); with no "
            "Drachma you take a loan from Charon. The empty shield where it stops picks the quartiere you act in "
            "during the Florence phase. If no Soul can move the game ends at once (sudden death)."
        ),
        "S2 Hell phase; S1 p.11",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.HELL_STEP: DecisionHelp(
        N_("Hell phase: choose the line"),
        N_(
            "Choose the line the Soul follows down ('step 4.2'). It stops on the first empty shield; if that "
            "shield is occupied it jumps on down. In its own circle it lies down and you score that circle's "
            "Infamy. A Soul never goes below its own circle, and crosses the Walls of Dis only through a gate "
            "where you have your own safe passage."
        ),
        "S2 Soul movement; S1 p.11",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.DESK: DecisionHelp(
        N_("P&P: place your Desk of Plutus"),
        N_(
            "You laid a Soul down in Plutus's circle and gain your Desk: place it on an empty shield of that circle "
            "('desk 4.2'). It fills the shield; whenever another player's Soul jumps over it, that player pays you "
            "a Drachma (taking a loan if they have none). Crossing your own Desk is free."
        ),
        "S2 Hell phase (P&P); S1 p.11",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.BELL: DecisionHelp(
        N_("P&P: ring a Bell of Phlegyas?"),
        N_(
            "Before the Soul descends you may spend a Bell to slide it sideways to an empty neighbouring shield of "
            "the same circle ('bell 3.2'); it then descends from there. 'done' keeps it where it was. A slide never "
            "leaves the circle, so it never takes a Soul below its own circle."
        ),
        "S2 Hell phase (P&P); S1 p.11",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.FLORENCE: DecisionHelp(
        N_("Florence phase"),
        N_(
            "Act in the quartiere your Soul's shield showed (or 'bribe' for {bribe_drachmas} to act in any): "
            "'send <location> <noble|urchin>' a family member from Home and do the location's action; "
            "'accuse <location> <member>' with a member already there (special locations need the Guest of "
            "their colour in your Tower, and the accuser needs an empty Tower space) — the accuser goes to the "
            "Tower, the rest of your family in Florence comes Home, a Soul enters the Graveyard, your Skull "
            "advances with the track's bonus and Dante moves; or 'council' (lose {council} Infamy) to bring "
            "someone Home or send a Guest or Barrel back."
        ),
        "S2 Florence phase; S1 p.12, p.14-15",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.COUNCIL: DecisionHelp(
        N_("Family council"),
        N_(
            "Choose one: 'recall <tower|location> <member>' brings a family member Home; 'dismiss <sin>' "
            "sends a Guest back to the PALACE; 'return <barrel>' sends a Barrel back to the MARKET."
        ),
        "S0; IT family council",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.COURTYARD: DecisionHelp(
        N_("COURTYARD"),
        N_(
            "Optional, in order: bring up to {home_max} family members from the Tower Home ('home noble'), "
            "then rearrange the Tower with up to {rearrange} swaps between floors ('swap 0.1 2.2'); 'done' ends."
        ),
        "S0; IT COURTYARD",
    ),
    Decision.BONFIRE_EXCHANGE: DecisionHelp(
        N_("BONFIRE 1: change money"),
        N_("Change up to {bonfire_exchange} Florins into Drachmas ('exchange 2'), or 'done'."),
        "S0 Money; IT BONFIRE",
    ),
    Decision.BONFIRE_SECOND: DecisionHelp(
        N_("BONFIRE 2: Phlegethon or safe passage"),
        N_(
            "Either raise one circle's Phlegethon cube ('phlegethon greed') or place your safe passage on a "
            "gate of the Walls of Dis ('gate 3'), or 'done'. Safe passages stay all game."
        ),
        "S2 Walls of Dis; IT BONFIRE",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.BONFIRE_THIRD: DecisionHelp(
        N_("BONFIRE 3: Guardian or River Styx"),
        N_(
            "Either pay {guardian_drachmas} to move a Guardian and use its effect ('guardian'), or pay "
            "{styx_drachmas} to use the River Styx ('styx'), or 'done'."
        ),
        "S0 River Styx; IT BONFIRE",
    ),
    Decision.WALL_EXCHANGE: DecisionHelp(
        N_("WALL 1: change money"),
        N_("Change up to {wall_exchange} Florins into Drachmas ('exchange 2'), or 'done'."),
        "S0 Money; IT WALL",
    ),
    Decision.WALL_FRAUD: DecisionHelp(
        N_("WALL 2: Fraud card"),
        N_("Pay {fraud_drachmas} to play a Fraud card ('fraud'), or 'done'."),
        "S0 Fraud cards; IT WALL",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.WALL_DELIVER: DecisionHelp(
        N_("WALL 3: deliver a Barrel"),
        N_(
            "Move a Barrel from your Tower to your supply panel and score it at once ('deliver grey'), or 'done'. "
            "A delivered Barrel still counts as owned for Fraud cards."
        ),
        "S0 supply panel; IT WALL",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.MARKET: DecisionHelp(
        N_("MARKET: take a Barrel"),
        N_("Take a Barrel to an empty space on a Tower floor ('barrel grey 1'). Never two of one colour."),
        "IT MARKET",
    ),
    Decision.PALACE: DecisionHelp(
        N_("PALACE: invite a Guest"),
        N_(
            "Put a Guest on a Tower floor ('guest heresy 2') and gain Florins equal to the floor number. One "
            "Guest per colour; a Guest lets you accuse at the special location of its colour."
        ),
        "S0 Guests; IT PALACE",
    ),
    Decision.GATE: DecisionHelp(
        N_("Place a safe passage"),
        N_("Choose the gate of the Walls of Dis for your safe passage ('gate 2')."),
        "S2 Walls of Dis",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.TRACK: DecisionHelp(
        N_("Advance a Sin Track"),
        N_(
            "Choose the Sin Track to advance ('track sloth'). Reaching space {half_level} gives a ½ Diploma; "
            "beyond the end you score Infamy instead. Such advances never give the track's bonus."
        ),
        "S0 Sin Tracks",
    ),
    Decision.TOWER_HOME: DecisionHelp(
        N_("Tower to Home"),
        N_("Bring a family member from your Tower Home ('home noble'), or 'done'."),
        "S0 Family members",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.PHLEG: DecisionHelp(
        N_("Raise a Phlegethon cube"),
        N_("Choose the circle whose Phlegethon cube goes up ('phlegethon wrath'); at most {phleg_max}."),
        "IT BONFIRE",
    ),
    Decision.STYX: DecisionHelp(
        N_("River Styx"),
        N_(
            "Return Souls of one colour from the Graveyard to the supply ('drown lust 2'): 1 Soul advances one "
            "of the first four tracks, 2 Souls one of the last four, 3 Souls one of each. No track bonus."
        ),
        "S0; S1 (rulebook p.9)",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.GUARDIAN_MOVE: DecisionHelp(
        N_("Move a Guardian"),
        N_(
            "Move a Guardian to an empty shield ('gmove cerberus 4.2'); then you may use its effect on nearby "
            "Souls. No effect takes a Soul below its own circle."
        ),
        "S1 p.22-23 Guardians",
    ),
    Decision.GUARDIAN_EFFECT: DecisionHelp(
        N_("Guardian effect"),
        N_(
            "Apply the Guardian's effect: 'target <shield> <destination>' for a Soul on a shield linked to the "
            "Guardian, or 'done' to skip it."
        ),
        "S1 p.22-23",
    ),
    Decision.FRAUD_SOURCE: DecisionHelp(
        N_("Play a Fraud card"),
        N_(
            "Play from your hand ('play F03'), from the market ('buy F07') or from the top of the deck "
            "('play-deck'); a card not from your hand costs {off_hand} more Drachma. Playing from the deck "
            "reveals a card: it cannot be taken back."
        ),
        "S0 Fraud cards",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.FRAUD_EFFECT: DecisionHelp(
        N_("Fraud card: instant effect"),
        N_(
            "You own the Barrel shown on the card's left half: choose one of its two instant effects "
            "('effect 1' or 'effect 2')."
        ),
        "S0 Fraud cards: left half",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.FRAUD_DRAW: DecisionHelp(
        N_("Fraud card: replacement"),
        N_(
            "Take a free replacement for the card played from your hand: from the market ('draw F11') or the "
            "deck ('draw-deck'; reveals a card to you, so it cannot be taken back)."
        ),
        "S0 Fraud cards",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.ENDGAME_FRAUD: DecisionHelp(
        N_("Final scoring: Fraud card end-game effect"),
        N_(
            "You own the Barrel on this played card's right half: choose one end-game effect ('effect 1', "
            "'effect 2') or 'done' for none."
        ),
        "S3 final scoring step 1",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.ACCUSER_FLOOR: DecisionHelp(
        N_("Accusation: the accuser's Tower floor"),
        N_(
            "Several floors of your Tower have an empty space: choose the floor the accuser goes to "
            "('floor 2'). After an accusation at a special location the accuser goes to the floor of the "
            "matching Guest when it has room."
        ),
        "S0; S1 p.14-15 accusation step 1; IT",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.LEAVE_FLOOR: DecisionHelp(
        N_("Tower to Home: which floor"),
        N_(
            "Family members of that kind stand on several floors of your Tower: choose the floor the one "
            "who goes Home leaves ('floor 1'), freeing a space there."
        ),
        "S0 Family members",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
    Decision.EXTRA_DIPLOMA: DecisionHelp(
        N_("Final scoring: extra Diploma"),
        N_("Two ½ Diploma tokens buy a Diploma: choose a circle where you have none ('diploma greed')."),
        "S3 final scoring step 3",  # i18n: not for players (a rule tag; the rulebook reference stays English)
    ),
}


def _amounts(s: State) -> dict[str, int | str]:
    r = s.rules
    prm = {loc.action: loc.params for loc in r.locations}
    bonfire = prm.get(LocationAction.BONFIRE, {})
    wall = prm.get(LocationAction.WALL, {})
    court = prm.get(LocationAction.COURTYARD, {})
    return {
        "ferry": r.ferry_cost,
        "bribe": r.bribe_cost,
        "council": r.council_cost,
        "home_max": court.get("home_max", 0),
        "rearrange": court.get("rearrange_moves", 0),
        "bonfire_exchange": bonfire.get("exchange_max", 0),
        "guardian_cost": bonfire.get("guardian_cost", 0),
        "styx_cost": bonfire.get("styx_cost", 0),
        "wall_exchange": wall.get("exchange_max", 0),
        "fraud_cost": wall.get("fraud_cost", 0),
        "half_level": r.half_diploma_level,
        "phleg_max": r.phleg_max,
        "off_hand": r.off_hand_extra,
        # the costs as a sentence names them, in the number they take ("1 Drachma", "2 Drachmas")
        "ferry_drachmas": drachmas(r.ferry_cost),
        "bribe_drachmas": drachmas(r.bribe_cost),
        "guardian_drachmas": drachmas(bonfire.get("guardian_cost", 0)),
        "styx_drachmas": drachmas(bonfire.get("styx_cost", 0)),
        "fraud_drachmas": drachmas(wall.get("fraud_cost", 0)),
    }


def decision_amounts(s: State) -> dict[str, int]:
    """The amounts the decisions' help names (costs and limits), read from the rules data."""
    return {k: v for k, v in _amounts(s).items() if isinstance(v, int)}


# help_text's answers: they depend on the rules data, the decision and the language only. Keyed by the
# rules' id, with the rules kept so the id cannot be reused.
_HELP: dict[tuple[int, Decision, str], tuple[Rules, tuple[str, str, str]]] = {}


def help_title(decision: Decision) -> str:
    """A pending decision's title in the reader's language ("Hell phase: move one Soul")."""
    entry = DECISION_HELP.get(decision)
    return _(entry.title) if entry else decision.name.replace("_", " ").capitalize()


def help_text(s: State, decision: Decision) -> tuple[str, str, str]:
    """(title, explanation, rule citation) for a pending decision, in the reader's language."""
    key = (id(s.rules), decision, language())
    got = _HELP.get(key)
    if got is not None and got[0] is s.rules:
        return got[1]
    entry = DECISION_HELP.get(decision)
    if entry is None:
        out = help_title(decision), _("Choose one of the listed actions."), _("the rulebook")
    else:
        out = _(entry.title), _(entry.text).format(**_amounts(s)), cite(entry.rule)
    if len(_HELP) > 4096:
        _HELP.clear()
    _HELP[key] = (s.rules, out)
    return out


# --- effects of bonus tiles and Fraud cards in words ---------------------------------------------


def _group_words(rules: Rules, group: str) -> str:
    if group == "U":
        return _("one of the first {n} tracks").format(n=len(rules.upper_tracks))
    if group == "L":
        return _("one of the last {n} tracks").format(n=len(rules.lower_tracks))
    return _("any track")


def effect_words(rules: Rules, e: Effect) -> str:
    """An instant effect (bonus tile or Fraud card left half) in words."""
    t = e.type
    if t is EffectType.ADVANCE:
        if e.track:
            c = rules.circles[e.track - 1]
            return _("advance {glyph}{letter} {sin}").format(glyph=c.glyph, letter=c.letter, sin=GAME.gettext(c.sin))
        return _("advance on {tracks}").format(tracks=_group_words(rules, e.group))
    if t is EffectType.FLORINS:
        return ngettext("+{n} Florin", "+{n} Florins", e.amount).format(n=e.amount)
    if t is EffectType.TOWER_HOME:
        n = max(e.amount, 1)
        return ngettext("{n} family member Tower→Home", "{n} family members Tower→Home", n).format(n=n)
    if t is EffectType.SAFE_PASSAGE:
        return _("place a safe passage")
    if t is EffectType.STYX:
        return ngettext("River Styx (up to {n} Soul)", "River Styx (up to {n} Souls)", e.amount).format(n=e.amount)
    if t is EffectType.FRAUD:
        return _("play a Fraud card paying {n}").format(n=e.amount) if e.amount else _("play a Fraud card")
    if t is EffectType.GUARDIAN:
        return _("move a Guardian paying {n}").format(n=e.amount) if e.amount else _("move a Guardian (free)")
    return _("+{n} on a Phlegethon cube").format(n=max(e.amount, 1))


def endgame_words(rules: Rules, e: Endgame) -> str:
    """An end-game effect (Fraud card right half) in words."""
    t = e.type
    n = e.amount
    if t is EndgameType.PER_GUEST:
        return _("{n} per Guest").format(n=n)
    if t is EndgameType.PER_FLOOR:
        return _("{n} per tower floor built").format(n=n)
    if t is EndgameType.PER_DIPLOMA_GROUP:
        return _("{n} per Diploma on {tracks}").format(n=n, tracks=_group_words(rules, e.group))
    if t is EndgameType.PER_FLORINS:
        return _("{n} per {per} Florins").format(n=n, per=e.per)
    if t is EndgameType.PER_FULL_CIRCLE:
        return _("{n} per full circle").format(n=n)
    return _("{n} per Urchin").format(n=n)
