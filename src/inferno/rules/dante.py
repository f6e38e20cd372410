"""Dante's path: one stop per accusation, and what each stop gives (rulebook: Dante's path; final scoring)."""

from __future__ import annotations

from typing import Final

from inferno.rules.actions import Decision
from inferno.rules.effects import award_diploma
from inferno.rules.events import emit, gain_infamy
from inferno.rules.model import StopKind
from inferno.rules.state import Frame, State, make_frame

# Enum members read once (an enum's ``X.MEMBER`` at run time is a lookup through its metaclass).
_FRAUD: Final = StopKind.FRAUD
_PAGAN: Final = StopKind.PAGAN
_DIPLOMA: Final = StopKind.DIPLOMA


def advance_dante(s: State, frame: Frame) -> None:
    """Move Dante one stop and resolve it for the accuser."""
    p = frame.player
    rival = p >= s.num_players  # the solo game's Rival makes no choices: no Fraud card, no Guardian
    s.dante += 1
    stop = s.stops[s.dante]
    if s.record_events:
        emit(s, "dante", p, f"Dante descends to stop {s.dante + 1} of {len(s.stops)} ({stop})", "S0 Dante's path")
    if stop.kind is _FRAUD:
        if rival:
            return
        s.stack.append(make_frame(Decision.FRAUD_SOURCE, p, 0, 1))
    elif stop.kind is _PAGAN:
        if s.supply[1] > 0:
            s.supply[1] -= 1
            s.graveyard[1] += 1
            emit(s, "pagan", p, "a pagan Soul enters the Graveyard", "LM, IT pagan stop")
        if s.guardians and not rival:
            s.stack.append(make_frame(Decision.GUARDIAN_MOVE, p, 1))
    elif stop.kind is _DIPLOMA:
        award_diploma(s, stop.circle, f"Dante's stop {stop}")
    else:
        gain_infamy(s, p, s.rules.final_stop_infamy, "dante", "takes Dante to his final stop", "S3 When the game ends")
        award_diploma(s, stop.circle, "Dante's final stop")
        s.ender = p
        s.final_turns = s.num_players if rival else s.num_players - 1
        emit(s, "last_round", p, "the game will end: every other player takes one last turn", "S3 When the game ends")


def sudden_death_dante(s: State) -> None:
    """Sudden death: Dante goes to the end awarding each Diploma he passes, no final points (S3)."""
    for i in range(s.dante + 1, len(s.stops)):
        stop = s.stops[i]
        if stop.kind in (StopKind.DIPLOMA, StopKind.END):
            award_diploma(s, stop.circle, f"sudden death, Dante passes {stop}")
    s.dante = len(s.stops) - 1
