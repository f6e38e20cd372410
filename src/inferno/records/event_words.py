"""Event texts in the reader's language.

The engine writes each event's text in English when it happens (:mod:`inferno.rules`), and saves, golden
logs and fingerprints keep those texts byte for byte. This module translates them when they are shown:
every text the engine can write has a template here (its English pattern with named fields), the reasons
in brackets ("why" phrases) and the Solo Rival's card effects have theirs, and :func:`event_text` reads
an English text against them (most specific first, nested fields read recursively) and writes it again
in the current language, with the data names in it (sins, locations, Guardians...) translated too.
English texts, and any text no template reads, come back unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from inferno.i18n import ENGLISH, GAME, LOG, N_, language
from inferno.rules.explain_words import location_forms

_ = LOG.gettext
ngettext = LOG.ngettext


def _pair(singular: str, plural: str, n: int = 0) -> tuple[str, str]:
    """A plural template's two English forms (bound as ``ngettext`` where the tables are built, so the
    extractor finds them; the translation happens where they are shown)."""
    return singular, plural


# --- data names -----------------------------------------------------------------------------------------------------

# Data names the game catalog does not hold (the P&P modules, the solo levels and the Rival cards' words):
# translated in this catalog.
_DATA_WORDS = (
    N_("Plutus"),
    N_("Phlegyas"),
    N_("easy"),
    N_("medium"),
    N_("hard"),
    N_("deepest"),
    N_("shallowest"),
    N_("graveyard"),
    N_("left"),
    N_("right"),
    N_("noble"),
    N_("urchin"),
    N_("a noble"),
    N_("an urchin"),
    N_("END"),
)


def data_name(name: str) -> str:
    """A data name (a sin, a location, a Guardian...) in the current language: the game catalog's word,
    else this catalog's."""
    lang = language()
    if lang == ENGLISH:
        return name
    found = GAME.gettext(name)
    return found if found != name else _(name)


# --- templates ------------------------------------------------------------------------------------------------------

_INT = r"-?\d+"
_WORD = r"[a-z]+(?: [a-z]+)?"
# Each field's English pattern, and how its value is shown (None: as it is).
_FIELDS: dict[str, tuple[str, Callable[[str], str] | None]] = {
    "n": (_INT, None),
    "m": (_INT, None),
    "gate": (_INT, None),
    "floor": (_INT, None),
    "floor2": (_INT, None),
    "space": (_INT, None),
    "stop_no": (_INT, None),
    "stops": (_INT, None),
    "loan": (_INT, None),
    "player": (_INT, None),
    "before": (_INT, None),
    "after": (_INT, None),
    "value": (_INT, None),
    "level": (_INT, None),
    "points": (_INT, None),
    "label": (r"\d+\.\d+", None),
    "label2": (r"\d+\.\d+", None),
    "card": (r"[A-Z]+\d+", None),
    "side": (r"[IVX]+(?:/[IVX]+)?", None),
    "rules_side": (r"[IVX]+(?:/[IVX]+)?", None),
    "stop": (r"D\d+|F|P|END", lambda v: data_name(v) if v == "END" else v),
    "sin": (r"[A-Z][a-z]+", data_name),
    "colour": (_WORD, data_name),
    "barrel": (_WORD, data_name),
    "location": (r"[A-Z]+", data_name),
    # A location with its article and preposition, which each language writes its own way ("al MERCADO").
    "at_location": (r"at the [A-Z]+", lambda v: location_forms(v.rsplit(" ", 1)[1])[1]),
    "to_location": (r"to the [A-Z]+", lambda v: location_forms(v.rsplit(" ", 1)[1])[2]),
    "from_location": (r"from the [A-Z]+", lambda v: location_forms(v.rsplit(" ", 1)[1])[3]),
    "guardian": (r"[A-Z][a-z]+", data_name),
    "member": (r"noble|urchin", data_name),
    "a_member": (r"a noble|an urchin", data_name),  # i18n: not for players (a pattern)
    "quartiere": (r"[A-Z][A-Za-z ]+", None),  # the quartieri are Florentine names in every language
    "symbol": (r"[a-z]+", data_name),
    "bonus": (r"silver|gold", None),
    "difficulty": (r"[a-z]+", data_name),
    "mode": (r"[A-Z][^,]*", data_name),
    "description": (r".+", data_name),
    "rival_card": (r"[A-Z][A-Za-z' ]*", data_name),
    "pick": (r"[a-z]+", data_name),
    "route": (r"[a-z]+", data_name),
}


def _event_templates() -> list[str | tuple[str, str]]:
    """Every text the engine writes into the log (its ``emit`` and ``gain_infamy`` calls)."""
    ngettext = _pair
    return [
        # set-up
        ngettext("{n}-player game on side {side}", "{n}-player game on side {side}", 0),
        ngettext(
            "Variant: board side {side} with {n} player (the rules use side {rules_side})",
            "Variant: board side {side} with {n} players (the rules use side {rules_side})",
            0,
        ),
        N_("P&P expansion: {modules}"),
        N_("joins the game: {mode}, {difficulty} ({description})"),
        # turns, Hell
        N_("turn {n}"),
        N_("ferries a {sin} Soul from the Graveyard across the Acheron"),
        N_("moves the standing {sin} Soul on {label}"),
        N_("the Soul jumps the occupied shield {label}"),
        N_("lays a {sin} Soul down on {label} ({why})"),
        N_("the {sin} Soul stops on {label} ({why})"),
        N_("must act in {quartiere} ({symbol})"),
        N_("cannot move any Soul: the game ends at once (sudden death)"),
        N_("a pagan Soul enters the Graveyard"),
        N_("a {sin} Soul enters the Graveyard"),
        N_("a spare tile replaces the {sin} Soul on {label}"),
        N_("no {sin} Soul is left to place"),
        N_("Plague card {card} refills the Graveyard: {souls}"),
        # money and tracks
        ngettext("gains {n} Florin ({why})", "gains {n} Florins ({why})", 0),
        ngettext("gains {n} Florin {at_location}", "gains {n} Florins {at_location}", 0),
        ngettext("pays {n} Drachma ({why})", "pays {n} Drachmas ({why})", 0),
        ngettext("takes loan #{loan} from Charon (+{n} Drachma)", "takes loan #{loan} from Charon (+{n} Drachmas)", 0),
        N_("pays for loan #{loan} in Infamy at once"),
        ngettext("changes {n} Florin into {drachmas}", "changes {n} Florins into {drachmas}", 0),
        N_("advances on the {sin} track to {level} ({why})"),
        N_("advances past the end of the {sin} track ({why})"),
        N_("scores for advancing beyond the {sin} track's end"),
        N_("takes a ½ Diploma token for reaching space {space} on {sin}"),
        N_("nobody is on the {sin} track: no Diploma ({why})"),
        N_("{sin} Diploma tied: nobody places it ({why})"),
        N_("places a {sin} Diploma ({why})"),
        N_("takes the silver bonus of the {sin} track"),
        N_("takes the gold bonus of the {sin} track"),
        # Florence
        N_("bribes Charon to act in any quartiere"),
        N_("sends {a_member} {to_location}"),
        ngettext(
            "sends {a_member} {to_location} paying {n} Florin",
            "sends {a_member} {to_location} paying {n} Florins",
            0,
        ),
        N_("accuses a sinner of {sin} {at_location}"),
        N_("accuses a sinner of {sin}"),
        N_("the accusing {member} goes to floor {floor} of the Tower"),
        N_("the Tower is full: the accusing {member} comes Home"),
        ngettext("{n} family member comes Home from Florence", "{n} family members come Home from Florence", 0),
        N_("holds a family council"),
        N_("the council brings {a_member} Home from the Tower"),
        N_("the council brings {a_member} Home {from_location}"),
        N_("the council sends the {colour} Guest back {to_location}"),
        N_("the council returns the {barrel} Barrel {to_location}"),
        N_("brings {a_member} from the Tower Home ({why})"),
        N_("places a safe passage on gate {gate} of the Walls of Dis"),
        N_("places a safe passage on gate {gate}"),
        N_("raises the {sin} Phlegethon cube to {value}"),
        ngettext("drowns {n} {sin} Soul in the River Styx", "drowns {n} {sin} Souls in the River Styx", 0),
        N_("adopts an Urchin, placed beside the family member"),
        N_("builds Tower floor {floor}"),
        N_("rearranges the Tower: floor {floor} <-> floor {floor2}"),
        ngettext(
            "invites the {colour} Guest to floor {floor} and gains {n} Florin",
            "invites the {colour} Guest to floor {floor} and gains {n} Florins",
            0,
        ),
        N_("takes the {barrel} Barrel to Tower floor {floor}"),
        N_("delivers the {barrel} Barrel to the supply panel"),
        # Fraud cards
        N_("plays Fraud card {card} from hand"),
        N_("plays Fraud card {card} from the market"),
        N_("plays Fraud card {card} from the top of the deck"),
        N_("has no {barrel} Barrel: the instant effect of {card} is lost"),
        N_("takes {card} from the market into hand"),
        N_("draws a replacement Fraud card from the deck"),
        # Guardians
        N_("moves {guardian} from {label} to {label2}"),
        N_("{guardian} moves the {sin} Soul from {label}"),
        N_("{guardian} digs a Pit on {label}"),
        N_("{guardian} petrifies the {sin} Soul on {label}"),
        # Dante
        N_("Dante descends to stop {stop_no} of {stops} ({stop})"),
        N_("takes Dante to his final stop"),
        N_("the game will end: every other player takes one last turn"),
        # P&P
        N_("places a Desk of Plutus on {label}"),
        N_("crosses their own Desk on {label} (free)"),
        N_("cannot pay the toll of Player {player}'s Desk on {label}"),
        ngettext(
            "receives {n} Drachma from Player {player} for crossing the Desk on {label}",
            "receives {n} Drachmas from Player {player} for crossing the Desk on {label}",
            0,
        ),
        N_("gains a Bell from Phlegyas ({n} held)"),
        N_("rings a Bell: the Soul slides from {label} to {label2}"),
        # the solo Rival
        N_("shuffles its discard pile into a new deck"),
        N_("plays {rival_card}: {effects}"),
        N_("scores {n} Infamy in Florence"),
        # final scoring
        N_("final scoring begins"),
        N_("applies neither end-game effect of {card}"),
        N_("end-game effect of {card}"),
        ngettext(
            "{sin}: {n} empty shield, its Phlegethon cube goes from {before} to {after}",
            "{sin}: {n} empty shields, its Phlegethon cube goes from {before} to {after}",
            0,
        ),
        N_("trades two ½ Diplomas for a {sin} Diploma"),
        N_("{sin} Diploma: {value} x {level} = {points}"),
        N_("loses Infamy for the Boat on the Loan track"),
        "{reputation}",  # a Reputation award's name alone
        N_("the game is over"),
    ]


def _why_templates() -> list[str | tuple[str, str]]:
    """The reasons the engine gives in brackets."""
    return [
        N_("effect"),
        N_("accusation"),
        N_("Family card"),
        N_("Hell phase"),
        N_("the Rival's move"),
        N_("the Rival's starting Skull"),
        N_("the Rival's accusation"),
        N_("Fraud card {card}"),
        N_("silver bonus"),
        N_("gold bonus"),
        N_("a Guardian"),
        N_("a Fraud card"),
        N_("Charon's ferry across the Acheron"),
        N_("bribe to act in any quartiere"),
        N_("toll of Player {player}'s Desk on {label}"),
        N_("a Guardian {at_location}"),
        N_("the River Styx {at_location}"),
        N_("Dante's stop {stop}"),
        N_("Dante's final stop"),
        N_("sudden death, Dante passes {stop}"),
        "{location}",  # a location's name alone (COURTYARD)
        "{guardian}",  # a Guardian's name alone
    ]


def _effect_templates() -> list[str | tuple[str, str]]:
    """The parts of a Rival card's effect (:meth:`inferno.rules.solo_model.RivalCard.describe`)."""
    ngettext = _pair
    return [
        ngettext("moves {n} Soul ({pick}, {route} lines)", "moves {n} Souls ({pick}, {route} lines)", 0),
        N_("takes a safe passage"),
        N_("accuses in the colour of its Soul"),
        N_("accuses on your best track"),
        N_("accuses for Dante's next Diploma"),
        N_("accuses on its weakest track"),
        N_("+{n} Infamy"),
        N_("does nothing"),
    ]


@dataclass(frozen=True, slots=True)
class _Template:
    """One English text pattern (a plural one keeps both forms) and how it reads."""

    singular: str
    plural: str | None
    pattern: re.Pattern[str]
    fields: tuple[str, ...]
    weight: int  # the literal characters: the more, the more specific

    def render(self, values: dict[str, str]) -> str:
        if not _FIELD.sub("", self.singular):  # fields alone (a Reputation award's name)
            text = self.singular
        elif self.plural is None:
            text = _(self.singular)
        else:
            text = ngettext(self.singular, self.plural, int(values["n"]))
        text = text.format(**values)
        if language() == "ca":  # Catalan "de" before a vowel or h: "d'Avarícia", "d'Heretgia"
            text = _CA_ELISION.sub("d'", text)
        return text


_FIELD = re.compile(r"\{(\w+)\}")
_CA_ELISION = re.compile(r"\bde (?=[AEIOUÀÈÉÍÏÒÓÚÜHaeiouàèéíïòóúüh])")


def _compile(entries: Sequence[str | tuple[str, str]], special: dict[str, str]) -> tuple[_Template, ...]:
    """The templates as anchored regexes, most specific (most literal text) first; a plural template
    gives one per English form."""
    out = []
    for entry in entries:
        singular, plural = (entry, None) if isinstance(entry, str) else entry
        for form in dict.fromkeys((singular, plural or singular)):
            parts = _FIELD.split(form)
            regex = "".join(
                re.escape(part) if i % 2 == 0 else f"(?P<{part}>{special.get(part) or _FIELDS[part][0]})"
                for i, part in enumerate(parts)
            )
            fields = tuple(parts[1::2])
            weight = len(_FIELD.sub("", form))
            out.append(_Template(singular, plural, re.compile(f"^{regex}$"), fields, weight))
    return tuple(sorted(out, key=lambda t: -t.weight))


@cache
def _reputation_names() -> tuple[str, ...]:
    from inferno.rules.pack import load_rules

    return tuple(name for _id, name, _pts in load_rules().reputation)


@cache
def _tables() -> dict[str, tuple[_Template, ...]]:
    reputation = "|".join(re.escape(n) for n in _reputation_names()) or "(?!)"
    return {
        "event": _compile(
            _event_templates(),
            {"why": r".+", "souls": r".+", "modules": r".+", "drachmas": r"\d+ Drachmas?", "effects": r".+"}
            | {"reputation": reputation},
        ),
        "why": _compile(_why_templates(), {}),
        "effect": _compile(_effect_templates(), {}),
    }


# --- reading and writing --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Parsed:
    """An English text read against a template: the template and its fields' values, each a plain
    string or, for nested fields, what they read as."""

    template: _Template
    values: dict[str, str | Parsed | tuple[Parsed, ...]]


def _match(text: str, kind: str) -> Parsed | None:
    for t in _tables()[kind]:
        m = t.pattern.match(text)
        if m is None:
            continue
        values: dict[str, str | Parsed | tuple[Parsed, ...]] = {}
        ok = True
        for name in t.fields:
            raw = m.group(name)
            value = _nested(name, raw)
            if value is None:
                ok = False
                break
            values[name] = value
        if ok:
            return Parsed(t, values)
    return None


_EFFECT_SPLIT = re.compile(r", (?![^()]*\))")


def _nested(name: str, raw: str) -> str | Parsed | tuple[Parsed, ...] | None:
    """A field's value: nested phrases read recursively (None when one cannot be read)."""
    if name == "why":
        return _match(raw, "why")
    if name == "effects":
        parts = tuple(_match(p, "effect") for p in _EFFECT_SPLIT.split(raw))
        return None if any(p is None for p in parts) else tuple(p for p in parts if p is not None)
    return raw


@lru_cache(maxsize=8192)
def parse_event(text: str) -> Parsed | None:
    """The template ``text`` (an English event text) was written from, or None if none reads it (the
    reading does not depend on the language, so it is kept for the texts seen most recently)."""
    return _match(text, "event")


def _souls(raw: str) -> str:
    if raw == "nothing":
        return _("nothing")
    return ", ".join(data_name(x) for x in raw.split(", "))


def _modules(raw: str) -> str:
    names = [data_name(x) for x in raw.split(" and ")]
    if len(names) == 1:
        return names[0]
    return _("{first} and {second}").format(first=", ".join(names[:-1]), second=names[-1])


def _drachmas(raw: str) -> str:
    n = int(raw.split(" ")[0])
    return ngettext("{n} Drachma", "{n} Drachmas", n).format(n=n)


_SPECIAL: dict[str, Callable[[str], str]] = {
    "souls": _souls,
    "modules": _modules,
    "drachmas": _drachmas,
    "reputation": data_name,
}


def render_event(parsed: Parsed) -> str:
    """A read text written again in the current language."""
    shown: dict[str, str] = {}
    for name, value in parsed.values.items():
        if isinstance(value, Parsed):
            shown[name] = render_event(value)
        elif isinstance(value, tuple):
            shown[name] = ", ".join(render_event(p) for p in value)
        elif name in _SPECIAL:
            shown[name] = _SPECIAL[name](value)
        else:
            show = _FIELDS[name][1] if name in _FIELDS else None
            shown[name] = show(value) if show is not None else value
    return parsed.template.render(shown)


def event_text(text: str) -> str:
    """An event's text in the current language (unchanged in English, or when no template reads it)."""
    if language() == ENGLISH:
        return text
    parsed = parse_event(text)
    return text if parsed is None else render_event(parsed)
