"""Previews show every cost and gain (inferno.outcome), in both front ends: the engine plays the option on
a copy and the words describe the difference — a council's Infamy, a bribe's Drachmas, a forced loan
with its number and end-game penalty, a Fraud card's instant effect lost for a missing Barrel, the
Dante stop an accusation reaches and who gets what there, and what a Guardian will do."""

from __future__ import annotations

from typing import Any

import inferno
from inferno import Scenario
from inferno.outcome import outcome_lines
from inferno.rules.actions import Decision
from inferno.rules.model import StopKind
from inferno.rules.state import State
from inferno.server.views import preview as server_preview
from inferno.tui.app.preview import preview as terminal_preview


def _action(s: State, text: str) -> inferno.Action:
    a = inferno.parse_action(s, text)
    assert a in inferno.legal_actions(s), text
    return a


def _both(s: State, text: str) -> tuple[list[str], dict[str, Any]]:
    """The terminal's preview lines and the browser's preview of one legal option."""
    a = _action(s, text)
    pv = terminal_preview(s, a)
    web = server_preview(s, a)
    assert web is not None
    return pv.changes, web


def _words(web: dict[str, Any]) -> str:
    return " · ".join([*web["words"], web["next"]])


def test_a_council_shows_its_infamy_cost() -> None:
    s = Scenario(2, 1).player(0, infamy=10).florence_phase(0, "bank")
    lines, web = _both(s, "council")
    cost = s.rules.council_cost
    want = f"Infamy 10 → {10 - cost} ({-cost:+d})"
    assert lines[0] == want and web["words"][0] == want and web["infamy"] == -cost
    assert web["next"] == "then: Family council"


def test_a_bribe_shows_its_drachmas() -> None:
    s = Scenario(2, 1).money(0, drachmas=3, loans=0).florence_phase(0, "bank")
    lines, web = _both(s, "bribe")
    cost = s.rules.bribe_cost
    assert f"Drachmas 3 → {3 - cost} ({-cost:+d})" in lines
    assert "you may act in any quartiere" in web["words"] and web["drachmas"] == -cost


def test_a_forced_loan_shows_its_number_and_end_game_penalty() -> None:
    """Ferrying a Soul with no Drachma takes a loan: the preview says which loan and what it costs at the end."""
    sc = Scenario(players=2, seed=1).clear_hell(keep_guardians=False).graveyard(lust=1)
    s = sc.money(0, drachmas=0, loans=1).infamy(0, 20).hell_phase(0)
    lines, web = _both(s, "enter lust")
    r = s.rules
    end_now, end_then = r.loan_positions[0][1], r.loan_positions[1][1]
    loan = f"takes loan 2 from Charon (+{r.drachmas_per_loan} Drachmas): {-end_then} Infamy points lost at the end"
    assert loan in lines and loan in web["words"]
    assert f"Infamy at the end for loans: {end_now} → {end_then}" in lines


def test_the_third_loan_shows_its_infamy_at_once() -> None:
    s = Scenario(2, 1).money(0, drachmas=0, loans=2).infamy(0, 20).florence_phase(0, "bank")
    lines, _web = _both(s, "bribe")
    now, end = s.rules.loan_positions[2]
    assert (
        f"takes loan 3 from Charon (+2 Drachmas): {-now} Infamy points lost at once, {-end} Infamy points lost at the end"
        in lines
    )
    assert f"Infamy 20 → {20 + now} ({now:+d})" in lines


def test_a_fraud_card_without_its_barrel_says_its_effect_is_lost() -> None:
    sc = Scenario(2, 1).fraud_cards(market=("F10", "F11", "F12"), deck_top=("F13",), hands={0: ("F01", "F02")})
    pl = sc.state.players[0]
    sc.player(0, tower=[0] * len(pl.tower), floors=2, drachmas=3, panel=[])
    s = sc.decision((Decision.FRAUD_SOURCE, 0, 0, 1))
    card = s.rules.card_by_id("F01")
    assert card is not None
    grey = s.rules.barrels[card.instant_barrel].id
    lines, web = _both(s, "play F01")
    lost = f"you own no {grey} Barrel: the instant effect of F01 is lost"
    assert lost in lines and lost in web["words"]
    end = s.rules.barrels[card.endgame_barrel].id
    assert any(
        x.startswith("Infamy at the end: ") and x.endswith(f"if you own a {end} Barrel then (you have none yet)")
        for x in lines
    )
    # With the Barrel the effect is kept: the words say nothing is lost.
    sc.tower(0, 0, f"barrel:{grey}")
    kept = sc.decision((Decision.FRAUD_SOURCE, 0, 0, 1))
    lines, web = _both(kept, "play F01")
    assert not any("is lost" in x for x in lines + web["words"])
    assert web["next"] == "then: Fraud card: instant effect"


def _before(s: State, kind: StopKind, circle: int = 0) -> int:
    return next(i for i, x in enumerate(s.stops) if x.kind is kind and (not circle or x.circle == circle)) - 1


def test_an_accusation_names_the_dante_stop_and_who_gets_the_diploma() -> None:
    """A newcomer's accusation handed a bot the Lust Diploma: the preview now says so."""
    sc = Scenario(2, 1).at(0, "bank", "noble").tracks(0, lust=1).tracks(1, lust=3)
    sc.dante(_before(sc.state, StopKind.DIPLOMA, 2))
    s = sc.florence_phase(0, "bank")
    n = s.dante + 2
    lines, web = _both(s, "accuse bank noble")
    stop = f"Dante descends to stop {n} of {len(s.stops)}, the Lust Diploma stop: Player 2 places the Lust Diploma"
    assert any(x.startswith(stop) for x in lines), lines
    assert any(x.startswith(stop) for x in web["words"]), web["words"]
    assert "Greed track 0 → 1" in lines and "a Greed Soul enters the Graveyard" in lines


def test_an_accusation_names_a_diploma_of_ones_own_and_a_fraud_stop() -> None:
    sc = Scenario(2, 1).at(0, "bank", "noble").tracks(0, lust=3).tracks(1, lust=1)
    sc.dante(_before(sc.state, StopKind.DIPLOMA, 2))
    lines, _web = _both(sc.florence_phase(0, "bank"), "accuse bank noble")
    assert any("the Lust Diploma stop: you place the Lust Diploma" in x for x in lines), lines
    sc = Scenario(2, 1).at(0, "bank", "noble")
    sc.dante(_before(sc.state, StopKind.FRAUD))
    lines, _web = _both(sc.florence_phase(0, "bank"), "accuse bank noble")
    assert any("a Fraud stop: you may play a Fraud card" in x for x in lines), lines


def test_a_guardians_move_says_what_it_will_do() -> None:
    sc = Scenario(2, 1).guardians("geryon")
    s = sc.decision((Decision.GUARDIAN_MOVE, 0, 1))
    a = inferno.legal_actions(s)[0]
    text = inferno.action_text(s, a)
    lines, web = _both(s, text)
    label = s.board.labels[a.b]
    assert lines[0].startswith(f"Geryon moves to {label} (") and "then it digs a Pit" in lines[0]
    assert web["words"] == lines


def test_geryons_effect_names_the_pit_not_a_soul() -> None:
    sc = Scenario(2, 1).guardians("geryon")
    s = sc.decision((Decision.GUARDIAN_MOVE, 0, 1))
    s = inferno.apply(s, inferno.legal_actions(s)[0])
    target = next(a for a in inferno.legal_actions(s) if inferno.action_text(s, a).startswith("target"))
    _lines, web = _both(s, inferno.action_text(s, target))
    assert web["words"] == [f"Geryon digs a Pit on {s.board.labels[target.b]}"]


def test_the_lines_describe_only_the_difference() -> None:
    """An option that changes nothing of the player's says nothing (no invented cost)."""
    s = inferno.new_game(players=2, seed=3)
    a = inferno.legal_actions(s)[0]
    after = inferno.apply(s, a)
    p = inferno.to_move(s)
    assert outcome_lines(s, s, p, a) == []
    assert all("→" in x or "Graveyard" in x for x in outcome_lines(s, after, p, a))


def test_an_accusation_to_the_final_stop_says_the_last_round_starts() -> None:
    sc = Scenario(2, 1).at(0, "bank", "noble").tracks(1, treachery=2)
    sc.dante(len(sc.state.stops) - 2)
    lines, _web = _both(sc.florence_phase(0, "bank"), "accuse bank noble")
    final = f"Dante descends to stop {len(sc.state.stops)} of {len(sc.state.stops)}, the final stop (Treachery Diploma)"
    news = next(x for x in lines if x.startswith(final))
    pts = sc.state.rules.final_stop_infamy
    assert f"Player 2 places the Treachery Diploma; you score {pts} Infamy points" in news
    assert "every other player has one last turn" in news


def test_a_solo_turns_end_never_tells_the_rivals_face_down_cards() -> None:
    """The Rival's turn follows a solo player's at once, from its face-down deck: the words name the stop
    the player's own accusation reaches, never who the Rival's moves give a Diploma to."""
    sc = Scenario(1, 4).at(0, "bank", "noble").tracks(0, lust=3)
    sc.dante(_before(sc.state, StopKind.DIPLOMA, 2))
    s = sc.florence_phase(0, "bank")
    rival = s.rules.solo.opponent_name
    ended = 0
    frontier = [s]
    for _ in range(4):  # the accusation's own choices, down to the end of the turn
        nxt = []
        for x in frontier:
            for a in inferno.legal_actions(x):
                web = server_preview(x, a)
                assert web is not None
                after = inferno.apply(x, a)
                if after.turn == x.turn:
                    nxt.append(after)
                    continue
                ended += 1
                assert web["next"] == f"then {rival} plays from its face-down deck"
                assert not any("Diploma placed" in w or "places the" in w or "Graveyard" in w for w in web["words"])
                accusing = a.kind is inferno.Act.ACCUSE or any(f[0] == Decision.AUTO_DANTE for f in x.stack)
                if accusing and x.dante == s.dante:
                    stop = f"Dante descends to stop {s.dante + 2} of {len(s.stops)}, the Lust Diploma stop: the Lust"
                    assert any(w.startswith(stop) for w in web["words"]), web["words"]
        frontier = nxt[:6]
    assert ended
