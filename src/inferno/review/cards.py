"""What you cannot see at the table, estimated: which Fraud cards each opponent may hold.

Inferred only from public information in a player's view: the market, every card played (face up
in front of its owner), the viewer's own hand, the cards an opponent took from the market into
hand (the log names them) and the number of cards in each hand and in the deck. Every card not
accounted for is equally likely to be in any hidden place (a card drawn from the deck is
face down), so an opponent with ``k`` unknown cards holds a given unaccounted card with chance
``k / N`` (``N`` = all unknown places: opponents' unknown cards plus the deck).

What it means for the end game: a Fraud card's end-game half scores only once the card is played,
and in full only with the Barrel it names; :func:`endgame_threat` weighs each card's best end-game
half (for that opponent, now) by the chance the opponent holds it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from inferno.i18n import ENGLISH, N_, REVIEW, language
from inferno.records.log import events
from inferno.rules.effects import owns_barrel
from inferno.rules.scoring import endgame_value
from inferno.rules.state import State


@dataclass(frozen=True, slots=True)
class CardChance:
    """The chance an opponent holds one Fraud card, and what its end-game half would score for them."""

    card: str
    chance: float  # 0..1
    known: bool  # seen going into that hand (taken from the market)
    endgame: int  # best end-game half for that opponent now, if played with its Barrel
    barrel: bool  # the opponent owns the Barrel its end-game half needs


@dataclass(frozen=True, slots=True)
class HandEstimate:
    """One opponent's hidden hand, estimated from public information."""

    player: int
    cards_in_hand: int
    known: tuple[str, ...]
    chances: tuple[CardChance, ...]  # most likely first
    expected_endgame: float  # expected end-game Infamy if the hand were played with its Barrels


def _known_in_hands(v: State) -> dict[int, Counter[int]]:
    """Cards each player was seen taking from the market into hand and has not played since."""
    by_id = {c.id: c.index for c in v.rules.fraud_cards}
    took: dict[int, Counter[int]] = {p: Counter() for p in range(len(v.players))}
    for e in events(v):
        # i18n: not for players (the engine's own English text of the event, read here)
        if e.kind == "draw" and e.player >= 0 and "from the market" in e.text:
            for word in e.text.split():
                if word in by_id:
                    took[e.player][by_id[word]] += 1
                    break
    for p, pl in enumerate(v.players):
        for c in pl.played:
            if took[p][c]:
                took[p][c] -= 1
        took[p] = +took[p]
    return took


def hand_estimates(v: State) -> list[HandEstimate]:
    """The hidden hand of every other player, seen from the view's player (``v.viewer``)."""
    me = v.viewer
    r = v.rules
    known = _known_in_hands(v)
    accounted: set[int] = set(v.market)
    for p, pl in enumerate(v.players):
        accounted.update(pl.played)
        accounted.update(c for c in pl.hand if c >= 0)
        if p != me:
            accounted.update(known[p])
    unknown_slots = {
        p: max(0, len(pl.hand) - sum(known[p].values())) for p, pl in enumerate(v.players) if p != me and pl.hand
    }
    places = sum(unknown_slots.values()) + len(v.deck)
    pool = [c for c in range(len(r.fraud_cards)) if c not in accounted]
    out = []
    for p, pl in enumerate(v.players):
        if p == me or p >= v.num_players:
            continue
        k = unknown_slots.get(p, 0)
        share = k / places if places else 0.0
        rows = []
        for c in range(len(r.fraud_cards)):
            if known[p][c]:
                chance, is_known = 1.0, True
            elif c in pool and k:
                chance, is_known = min(1.0, share), False
            else:
                continue
            fc = r.fraud_cards[c]
            best = max(endgame_value(v, p, e) for e in fc.endgame)
            rows.append(CardChance(fc.id, chance, is_known, best, owns_barrel(pl, fc.endgame_barrel)))
        rows.sort(key=lambda x: (-x.chance, -x.endgame, x.card))
        expected = sum(x.chance * x.endgame for x in rows if x.barrel)
        names = tuple(r.fraud_cards[c].id for c in sorted(known[p].elements()))
        out.append(HandEstimate(p, len(pl.hand), names, tuple(rows), expected))
    return out


_ = REVIEW.gettext
ngettext = REVIEW.ngettext

# The threat's words (``endgame_threat``), which reviews keep in English: ``threat_words`` reads them anew.
_NONE = N_("Player {number} holds no Fraud card.")
_KNOWN = N_(" (known: {cards})")
# i18n: not for players (patterns that read the English words)
_NONE_RE = re.compile(r"Player (?P<number>\d+) holds no Fraud card\.")
_HOLDS_RE = re.compile(
    # i18n: not for players
    r"Player (?P<number>\d+) holds (?P<n>\d+) Fraud cards?(?: \(known: (?P<known>[^)]*)\))?; likeliest: (?P<likely>.*);"
    r" if played with their Barrels they would add about (?P<infamy>-?[\d.]+) Infamy at the end\."
)


def endgame_threat(est: HandEstimate, top: int = 3) -> str:
    """One line: the likeliest cards and what the hand could add at the end, in the game's words."""
    if not est.cards_in_hand:
        return _(_NONE).format(number=est.player + 1)
    likely = ", ".join(f"{c.card} {round(100 * c.chance)}%" for c in est.chances[:top])
    return _threat(est.player + 1, est.cards_in_hand, ", ".join(est.known), likely, f"{est.expected_endgame:.1f}")


def _threat(number: int | str, n: int, known: str, likely: str, infamy: str) -> str:
    words = ngettext(
        "Player {number} holds {n} Fraud card{known}; likeliest: {likely}; if played with their Barrels they would"
        " add about {infamy} Infamy at the end.",
        "Player {number} holds {n} Fraud cards{known}; likeliest: {likely}; if played with their Barrels they would"
        " add about {infamy} Infamy at the end.",
        n,
    )
    shown = _(_KNOWN).format(cards=known) if known else ""
    return words.format(number=number, n=n, known=shown, likely=likely, infamy=infamy)


def threat_words(text: str) -> str:
    """A threat's line made in English (``endgame_threat`` in a review worked out in English) in the current
    language; a line of another form as it is."""
    if language() == ENGLISH:
        return text
    m = _NONE_RE.fullmatch(text)
    if m is not None:
        return _(_NONE).format(number=m["number"])
    m = _HOLDS_RE.fullmatch(text)
    if m is None:
        return text
    return _threat(m["number"], int(m["n"]), m["known"] or "", m["likely"], m["infamy"])
