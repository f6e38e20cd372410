"""Fraud cards: play from hand, market or deck; instant halves gated by Barrels; redraw (rulebook: Fraud cards)."""

from __future__ import annotations

from typing import Final

from inferno.rules.actions import Act, Action, Decision, HiddenInformationError, act
from inferno.rules.choices import push_effect
from inferno.rules.effects import owns_barrel, pay_drachmas
from inferno.rules.events import emit
from inferno.rules.state import Frame, State, make_frame

# Enum members read once (an enum's ``X.MEMBER`` at run time is a lookup through its metaclass).
_PLAY_KIND: Final = Act.PLAY
_BUY_KIND: Final = Act.BUY


def list_source(s: State, frame: Frame) -> list[Action]:
    _, p, _cost, optional = frame
    out = [act(_PLAY_KIND, c) for c in s.players[p].hand]
    out.extend(act(_BUY_KIND, c) for c in s.market)
    if s.deck:
        out.append(act(Act.PLAY_DECK))
    if optional and out:
        out.append(act(Act.DONE))
    return out


def apply_source(s: State, frame: Frame, action: Action) -> None:
    _, p, cost, _optional = frame
    if action.kind == Act.DONE:
        return
    r = s.rules
    pl = s.own_player(p)
    k = action.kind
    if k == Act.PLAY_DECK and s.deck[-1] < 0:
        raise HiddenInformationError("the deck order is hidden in this view")
    extra = 0 if k == Act.PLAY else r.off_hand_extra
    pay_drachmas(s, p, cost + extra, "a Fraud card")
    if k == Act.PLAY:
        pl.hand.remove(action.a)
        card = action.a
        where = "from hand"
    elif k == Act.BUY:
        s.market.remove(action.a)
        card = action.a
        where = "from the market"
    else:
        card = s.deck.pop()
        where = "from the top of the deck"
    pl.played = (*pl.played, card)
    fc = r.fraud_cards[card]
    if s.record_events:
        emit(s, "fraud", p, f"plays Fraud card {fc.id} {where}", "S0 Fraud cards")
    s.stack.append(make_frame(Decision.AUTO_REFILL_MARKET, p))
    if k == Act.PLAY:
        s.stack.append(make_frame(Decision.FRAUD_DRAW, p))
    if owns_barrel(pl, fc.instant_barrel):
        s.stack.append(make_frame(Decision.FRAUD_EFFECT, p, card))
    else:
        if s.record_events:
            emit(
                s,
                "fraud_lost",
                p,
                f"has no {r.barrels[fc.instant_barrel].id} Barrel: the instant effect of {fc.id} is lost",
                "S0 Fraud cards: left half",
            )


def list_effect(s: State, frame: Frame) -> list[Action]:
    return [act(Act.EFFECT, 0), act(Act.EFFECT, 1)]


def apply_effect(s: State, frame: Frame, action: Action) -> None:
    p, card = frame.player, frame.a
    fc = s.rules.fraud_cards[card]
    push_effect(s, p, fc.instant[action.a], f"Fraud card {fc.id}")


def list_draw(s: State, frame: Frame) -> list[Action]:
    out = [act(Act.DRAW, c) for c in s.market]
    if s.deck:
        out.append(act(Act.DRAW_DECK))
    return out


def apply_draw(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    pl = s.own_player(p)
    if action.kind == Act.DRAW:
        s.market.remove(action.a)
        pl.hand.append(action.a)
        if s.record_events:
            emit(
                s,
                "draw",
                p,
                f"takes {s.rules.fraud_cards[action.a].id} from the market into hand",
                "S0 Fraud cards: replacement",
            )
    else:
        if s.deck[-1] < 0:
            raise HiddenInformationError("the deck order is hidden in this view")
        pl.hand.append(s.deck.pop())
        emit(s, "draw", p, "draws a replacement Fraud card from the deck", "S0 Fraud cards: replacement")


def refill_market(s: State, frame: Frame) -> None:
    while len(s.market) < s.rules.market_size and s.deck:
        s.market.append(s.deck.pop())
