"""Final scoring in the six steps of S3, tie-breaks, and the game result."""

from __future__ import annotations

from dataclasses import dataclass

from inferno.rules.actions import Act, Action, Decision, GameNotOverError, act
from inferno.rules.effects import circle_is_full, endgame_loan_penalty, guests, owns_barrel, urchins_owned
from inferno.rules.events import emit, gain_infamy
from inferno.rules.model import Endgame, EndgameType
from inferno.rules.pickling import register_frozen
from inferno.rules.state import EMPTY, PIT, Frame, State, make_frame

STEPS = ("fraud", "phlegethon", "extra_diplomas", "diplomas", "loans", "reputation")
FRAUD, PHLEGETHON, EXTRA, DIPLOMAS, LOANS, REPUTATION = range(6)


def final_order(s: State) -> list[int]:
    """Reverse turn order, from the last player to act back to the one who ended the game (S3)."""
    n = s.num_players
    return [(s.ender - 1 - i) % n for i in range(n)]


def start_final_scoring(s: State) -> None:
    s.breakdown = [[0] * len(STEPS) for _ in s.players]
    emit(s, "final", -1, "final scoring begins", "S3 Final scoring")
    s.stack = [
        make_frame(Decision.AUTO_FINISH, -1),
        make_frame(Decision.AUTO_EXTRA_DIPLOMAS, -1),
        make_frame(Decision.AUTO_PHLEGETHON, -1),
        make_frame(Decision.AUTO_FINAL_FRAUD, -1),
    ]


def push_final_fraud(s: State, frame: Frame) -> None:
    """Step 1: each played card whose end-game Barrel its owner has is a decision."""
    todo = []
    for p in final_order(s):
        pl = s.players[p]
        for card in pl.played:
            if owns_barrel(pl, s.rules.fraud_cards[card].endgame_barrel):
                todo.append(make_frame(Decision.ENDGAME_FRAUD, p, card))
    s.stack.extend(reversed(todo))


def endgame_value(s: State, p: int, e: Endgame) -> int:
    pl = s.players[p]
    t = e.type
    if t is EndgameType.PER_GUEST:
        n = guests(pl)
    elif t is EndgameType.PER_FLOOR:
        n = pl.floors - s.rules.prebuilt_floors
    elif t is EndgameType.PER_DIPLOMA_GROUP:
        group = s.rules.upper_tracks if e.group == "U" else s.rules.lower_tracks
        n = sum(1 for c in group if pl.diplomas >> c & 1)
    elif t is EndgameType.PER_FLORINS:
        n = pl.florins // e.per
    elif t is EndgameType.PER_FULL_CIRCLE:
        n = sum(1 for c in range(1, 10) if circle_is_full(s, c))
    else:
        n = urchins_owned(s, pl)
    return e.amount * n


def list_endgame(s: State, frame: Frame) -> list[Action]:
    return [act(Act.EFFECT, 0), act(Act.EFFECT, 1), act(Act.DONE)]


def apply_endgame(s: State, frame: Frame, action: Action) -> None:
    p, card = frame.player, frame.a
    fc = s.rules.fraud_cards[card]
    if action.kind == Act.DONE:
        emit(s, "endgame", p, f"applies neither end-game effect of {fc.id}", "S3 step 1")
        return
    e = fc.endgame[action.a]
    pts = endgame_value(s, p, e)
    s.breakdown[p][FRAUD] += pts
    gain_infamy(s, p, pts, "final_fraud", f"end-game effect of {fc.id}", "S3 step 1 Fraud cards")


def adjust_phlegethon(s: State, frame: Frame) -> None:
    """Step 2: remove Pits, then each cube moves left once per empty shield (min 1) (S3, S1)."""
    hell = s.hell
    for t, c in enumerate(hell):
        if c == PIT:
            hell[t] = EMPTY
    r = s.rules
    for circle in range(2, 10):
        empty = sum(1 for t in s.board.circle_shields[circle] if hell[t] == EMPTY)
        before = s.phleg[circle]
        s.phleg[circle] = max(r.phleg_min, before - empty)
        if empty:
            emit(
                s,
                "phlegethon",
                -1,
                f"{r.circles[circle - 1].sin}: {empty} empty shield{'s' if empty != 1 else ''}, "
                f"its Phlegethon cube goes from {before} to {s.phleg[circle]}",
                "S3 step 2",
            )


def push_extra_diplomas(s: State, frame: Frame) -> None:
    """Step 3: each pair of ½ Diploma tokens buys a Diploma, in reverse order (S3)."""
    todo = []
    for p in final_order(s):
        todo.extend([make_frame(Decision.EXTRA_DIPLOMA, p)] * (s.players[p].half // 2))
    s.stack.extend(reversed(todo))


def list_extra(s: State, frame: Frame) -> list[Action]:
    pl = s.players[frame.player]
    return [act(Act.DIPLOMA, c) for c in range(2, 10) if not pl.diplomas >> c & 1]


def apply_extra(s: State, frame: Frame, action: Action) -> None:
    p = frame.player
    pl = s.own_player(p)
    pl.half -= 2
    pl.diplomas |= 1 << action.a
    emit(s, "extra_diploma", p, f"trades two ½ Diplomas for a {s.rules.circles[action.a - 1].sin} Diploma", "S3 step 3")


def finish(s: State, frame: Frame) -> None:
    """Steps 4-6: Diplomas, loans, Reputation; then the game is over."""
    r = s.rules
    for circle in range(2, 10):
        for p, pl in enumerate(s.players):
            if pl.diplomas >> circle & 1:
                pts = s.phleg[circle] * pl.tracks[circle]
                s.breakdown[p][DIPLOMAS] += pts
                gain_infamy(
                    s,
                    p,
                    pts,
                    "diplomas",
                    f"{r.circles[circle - 1].sin} Diploma: {s.phleg[circle]} x {pl.tracks[circle]} = {pts}",
                    "S3 step 4",
                )
    for p in range(s.num_players):
        pts = endgame_loan_penalty(s, p)
        if pts:
            s.breakdown[p][LOANS] += pts
            gain_infamy(s, p, pts, "loan_end", "loses Infamy for the Boat on the Loan track", "S3 step 5")
    if s.num_players > 1 or r.reputation_in_solo:
        for ident, name, pts in r.reputation:
            values = [reputation_value(s, p, ident) for p in range(s.num_players)]
            best = max(values)
            if best <= 0 and not r.reputation_zero_wins:
                continue
            for p, v in enumerate(values):
                if v == best:
                    s.breakdown[p][REPUTATION] += pts
                    gain_infamy(s, p, pts, "reputation", f"{name}", "S3 step 6 Reputation; U20")
    s.over = True
    s.stack = []
    emit(s, "game_over", -1, "the game is over", "S3")


def reputation_value(s: State, p: int, ident: str) -> int:
    pl = s.players[p]
    if ident == "tallest_tower":
        return pl.floors - s.rules.prebuilt_floors  # floor pieces built: nobody wins it with floor 0 alone
    if ident == "most_guests":
        return guests(pl)
    if ident == "most_florins":
        return pl.florins
    if ident == "most_home":
        return pl.home[0] + pl.home[1]
    raise ValueError(f"unknown Reputation award {ident!r}")


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's final standing; ``steps`` maps each S3 step to its points."""

    player: int
    infamy: int
    before_final: int
    steps: dict[str, int]
    diplomas: int
    rank: int
    winner: bool


@dataclass(frozen=True, slots=True)
class SoloResult:
    """A solo game's outcome: won or lost against the bar (the Rival's Infamy or the target), and the rank."""

    variant: str
    level: str
    won: bool
    bar: int  # the Infamy to beat (the Rival's) or to reach (the target)
    margin: int  # your Infamy minus the bar
    rank: str
    rival: PlayerResult

    def to_dict(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "level": self.level,
            "won": self.won,
            "bar": self.bar,
            "margin": self.margin,
            "rank": self.rank,
            "rival_infamy": self.rival.infamy,
            "rival_diplomas": self.rival.diplomas,
        }


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game (``solo`` for the solo game against the Rival)."""

    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]
    sudden_death: bool
    ended_by: int
    solo: SoloResult | None = None

    def to_dict(self) -> dict[str, object]:
        d = self._to_dict()
        if self.solo is not None:
            d["solo"] = self.solo.to_dict()
        return d

    def _to_dict(self) -> dict[str, object]:
        return {
            "winners": list(self.winners),
            "sudden_death": self.sudden_death,
            "ended_by": self.ended_by,
            "players": [
                {
                    "player": r.player,
                    "infamy": r.infamy,
                    "before_final": r.before_final,
                    "steps": r.steps,
                    "diplomas": r.diplomas,
                    "rank": r.rank,
                    "winner": r.winner,
                }
                for r in self.players
            ],
        }


def result(s: State) -> Result:
    """Final scores with the breakdown by step; highest Infamy wins, then most Diplomas (S3). Raises
    ``GameNotOverError`` on a game that is not over."""
    if not s.over:
        raise GameNotOverError("the game is not over yet: it has no result")
    if s.solo is not None:
        return _solo_result(s)
    keys = [(pl.infamy, bin(pl.diplomas).count("1")) for pl in s.players]
    best = max(keys)
    winners = tuple(p for p, k in enumerate(keys) if k == best)
    out = []
    for p, pl in enumerate(s.players):
        rank = 1 + sum(1 for k in keys if k > keys[p])
        steps = dict(zip(STEPS, s.breakdown[p], strict=True))
        out.append(PlayerResult(p, pl.infamy, pl.infamy - sum(s.breakdown[p]), steps, keys[p][1], rank, p in winners))
    return Result(tuple(out), winners, s.sudden_death, s.ender)


def _solo_result(s: State) -> Result:
    """The solo game: won or lost against the Rival or the target, rated by the score table."""
    from inferno.rules.solo import RIVAL, outcome

    assert s.config.solo is not None
    won, margin, bar, rank = outcome(s)

    def row(p: int, rank_: int, win: bool) -> PlayerResult:
        pl = s.players[p]
        steps = dict(zip(STEPS, s.breakdown[p], strict=True))
        return PlayerResult(
            p, pl.infamy, pl.infamy - sum(s.breakdown[p]), steps, bin(pl.diplomas).count("1"), rank_, win
        )

    me = row(0, 1 if won else 2, won)
    rival = row(RIVAL, 2 if won else 1, not won)
    solo = SoloResult(s.config.solo.variant, s.config.solo.level, won, bar, margin, rank, rival)
    return Result((me,), (0,) if won else (), s.sudden_death, s.ender, solo)


register_frozen(PlayerResult, SoloResult, Result)
