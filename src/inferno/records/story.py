"""The story of a finished game, for every front end's end screen: each player's Infamy by source (the
bars), the six steps of final scoring explained with this game's numbers, who won and by what (the
margin, the deciding source, the tie-break if one decided), and for solo the Rival's row and the rank
ladder. The numbers are the engine's (:func:`inferno.rules.scoring.result` and the event log); the
front ends only draw them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from inferno.i18n import ENGLISH, GAME, LOG, N_, language
from inferno.records.event_words import event_text
from inferno.records.log import events
from inferno.rules.citations import cite
from inferno.rules.events import Event
from inferno.rules.scoring import STEPS, PlayerResult, Result, result
from inferno.rules.state import State

_ = LOG.gettext
ngettext = LOG.ngettext

_CARD = re.compile(r"effect of (F\d+)")  # i18n: not for players (the log names a Fraud card by its number)
SCORING_PAGES = "S1 p.16-17"  # the rulebook pages of the game end and final scoring
FINAL_SOURCE = {"final_fraud": "fraud", "diplomas": "diplomas", "loan_end": "loans", "reputation": "reputation"}
# Infamy sources in the game's words, in the order the bars show them (during play first).
# (marked for translation: shown with :func:`source_name`)
SOURCE_NAMES = {
    "souls": N_("Souls laid down in Hell"),
    "tracks": N_("Sin Tracks passed their end"),
    "barrels": N_("Barrels delivered"),
    "dante": N_("Dante's final stop"),
    "rival": N_("the Rival's cards"),
    "loans": N_("Charon's loans paid at once"),
    "council": N_("family councils"),
    "other": N_("other Infamy during play"),
    "final_fraud": N_("Fraud cards at the end (step 1)"),
    "diplomas": N_("Diplomas (step 4)"),
    "loan_end": N_("Charon's loans at the end (step 5)"),
    "reputation": N_("Reputation in Florence (step 6)"),
}
IN_PLAY_NOTE = N_(
    '"In play" is the Infamy scored during the game, before final scoring: Souls laid down in Hell, Sin Tracks '
    "passed their end, Barrels delivered, Dante's final stop, less Charon's loans paid at once and family councils."
)


def source_name(key: str) -> str:
    """An Infamy source in the reader's language."""
    return _(SOURCE_NAMES[key]) if key in SOURCE_NAMES else key.replace("_", " ")


@dataclass(frozen=True, slots=True)
class Source:
    """One bar: the Infamy one source gave (or took from) a player."""

    key: str
    name: str
    points: int
    final: bool  # scored in final scoring (else during play)


@dataclass(frozen=True, slots=True)
class PlayerStory:
    """One row of the end screen: a player (or the solo Rival) with the total and its sources."""

    player: int
    name: str
    infamy: int
    in_play: int  # the Infamy before final scoring
    diplomas: int  # Diploma pieces owned at the end (the tie-break)
    rank: int
    winner: bool
    rival: bool
    sources: tuple[Source, ...]

    def points(self, key: str) -> int:
        return sum(x.points for x in self.sources if x.key == key)


@dataclass(frozen=True, slots=True)
class StepStory:
    """One of the six steps of final scoring: what it does, what it did in this game, its points."""

    number: int
    key: str
    title: str
    text: str
    happened: tuple[str, ...]
    points: tuple[int, ...]  # per row of ``GameStory.players``
    rule: str


@dataclass(frozen=True, slots=True)
class Rung:
    """One rank of the solo ladder, with the result it needs."""

    name: str
    needs: str
    yours: bool


@dataclass(frozen=True, slots=True)
class SoloStory:
    """A solo game's verdict against its bar (the Rival's Infamy or the target) and the rank ladder."""

    won: bool
    bar: int
    against: str  # "the Rival's 38 Infamy" or "the target of 50 Infamy"
    margin: int
    rank: str
    ladder: tuple[Rung, ...]


@dataclass(frozen=True, slots=True)
class GameStory:
    """Everything the end screen tells, in players' words."""

    how: str  # how the game ended
    verdict: str  # who won and by how much
    decided: str  # what decided it (the deciding source, or the tie-break)
    margin: int  # the winner's lead over the next (solo: over the bar), 0 on a shared win
    deciding_source: str | None
    tie_break: str | None
    in_play_note: str
    players: tuple[PlayerStory, ...]
    steps: tuple[StepStory, ...]
    solo: SoloStory | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def game_story(s: State, names: Sequence[str] | None = None) -> GameStory:
    """The story of the finished game ``s``; ``names``: the players' names by seat (default "Player n").
    Raises ``GameNotOverError`` on a game that is not over."""
    r = result(s)
    log = events(s)
    rows = [*r.players, *([r.solo.rival] if r.solo is not None else [])]
    rival_name = _rival_name(s.rules.solo.opponent_name) if r.solo is not None else ""
    rival = r.solo.rival if r.solo is not None else None
    players = tuple(
        _player(pr, rival_name if pr is rival else _name(pr.player, names, rival is not None), pr is rival, log)
        for pr in rows
    )
    steps = tuple(_step(s, i, log, rows, players) for i in range(len(STEPS)))
    how = _("Dante reached the end of his path")
    if r.sudden_death:
        how = _("sudden death: a player could not play their Hell phase")
    if r.solo is not None:
        return _solo_story(s, r, players, steps, how)
    return _story(r, players, steps, how)


def _rival_name(name: str) -> str:
    """The Rival's row name: "The Rival", or a named opponent with "(the Rival)"."""
    shown = GAME.gettext(name)
    cap = shown[:1].upper() + shown[1:]
    return cap if "rival" in name.lower() else _("{name} (the Rival)").format(name=cap)


def _name(p: int, names: Sequence[str] | None, solo: bool) -> str:
    if names is not None and p < len(names) and names[p]:
        return names[p]
    return _("You") if solo else _("Player {n}").format(n=p + 1)


def _player(pr: PlayerResult, name: str, rival: bool, log: list[Event]) -> PlayerStory:
    """A player's row; without an event log (a game played without one) "in play" is one source."""
    got: dict[str, int] = {}
    for e in log:
        if e.kind == "score" and e.player == pr.player and e.source not in FINAL_SOURCE:
            got[e.source] = got.get(e.source, 0) + e.points
    rest = pr.before_final - sum(got.values())
    if rest or not log:
        got["other"] = got.get("other", 0) + rest
    for key, step in FINAL_SOURCE.items():
        got[key] = pr.steps[step]
    order = list(SOURCE_NAMES)
    sources = tuple(
        Source(k, source_name(k), v, k in FINAL_SOURCE)
        for k, v in sorted(got.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)
        if v or k in FINAL_SOURCE
    )
    return PlayerStory(pr.player, name, pr.infamy, pr.before_final, pr.diplomas, pr.rank, pr.winner, rival, sources)


_STEP_TITLES = (
    N_("Fraud cards"),
    N_("Adjust the Phlegethon"),
    N_("Extra Diplomas"),
    N_("Diplomas"),
    N_("Charon's loans"),
    N_("Reputation in Florence"),
)
_STEP_TEXTS = (
    N_(
        "In reverse turn order, each played Fraud card whose end-game Barrel its owner has gives one of its two "
        "end-game effects (or neither)."
    ),
    N_(
        "Geryon's Pits are removed; then each circle's Phlegethon cube moves one space left for every empty shield "
        "in that circle (never below 1). It scores nothing itself: it sets what each Diploma is worth."
    ),
    N_(
        "In reverse order again, each pair of ½ Diploma tokens buys a Diploma in a circle where you have none. It "
        "scores nothing itself: the new Diploma scores in step 4."
    ),
    N_("Each Diploma scores its circle's Phlegethon value times your Skull's level on that circle's Sin Track."),
    N_("Lose the end-game points beside your Boat on the Loan track (0, −2 or −4)."),
    N_(
        "Tallest Tower and Most Guests score 4 each, Most Florins and most family members at Home 3 each; tied "
        "players all score."
    ),
)
# The event kinds (or score sources) that tell what each step did.
_STEP_EVENTS: tuple[tuple[str, ...], ...] = (
    ("final_fraud", "endgame"),
    ("phlegethon",),
    ("extra_diploma",),
    ("diplomas",),
    ("loan_end",),
    ("reputation",),
)


def _step(s: State, i: int, log: list[Event], rows: list[PlayerResult], players: tuple[PlayerStory, ...]) -> StepStory:
    start = next((k for k, e in enumerate(log) if e.kind == "final"), len(log))
    names = {p.player: p.name for p in players}
    happened = []
    for e in log[start:]:
        if e.kind in _STEP_EVENTS[i] or (e.kind == "score" and e.source in _STEP_EVENTS[i]):
            who = names.get(e.player, "") if e.player >= 0 else ""
            gained = " " + _("({points} Infamy)").format(points=f"{e.points:+d}") if e.points else ""
            # i18n: not for players (English names the Fraud card in full here; the translations always do)
            line = _CARD.sub(r"effect of Fraud card \1", e.text) if language() == ENGLISH else event_text(e.text)
            happened.append(f"{who + ': ' if who else ''}{line}{gained}")
    text = _(_STEP_TEXTS[i])
    if STEPS[i] == "reputation" and s.num_players == 1 and not s.rules.reputation_in_solo:
        text = _("Not used in the solo game.")
    pts = tuple(pr.steps[STEPS[i]] for pr in rows)
    if not happened and not log:  # a game played without its event log: the points alone
        happened = [
            ", ".join(
                _("{name} {points} Infamy").format(name=p.name, points=f"{n:+d}")
                for p, n in zip(players, pts, strict=True)
                if n
            )
        ]
    if not happened or not happened[0]:
        happened = [_(_NOTHING[i]) if log else _("No Infamy in this step.")]
    rule = cite(f"S3 step {i + 1}; {SCORING_PAGES}")  # i18n: not for players (a rule tag)
    return StepStory(i + 1, STEPS[i], _(_STEP_TITLES[i]), text, tuple(happened), pts, rule)


_NOTHING = (
    N_("No end-game Fraud effect was applied."),
    N_("No circle had an empty shield: every cube stays where it is."),
    N_("Nobody had a pair of ½ Diploma tokens."),
    N_("Nobody held a Diploma."),
    N_("Nobody had a loan to pay at the end."),
    N_("Nobody scored Reputation."),
)


def _lead(a: PlayerStory, b: PlayerStory) -> tuple[str | None, int]:
    """The source in which ``a`` gained most over ``b``, and by how much."""
    keys = {x.key for x in a.sources} | {x.key for x in b.sources}
    best = max(sorted(keys), key=lambda k: a.points(k) - b.points(k), default=None)
    return best, (a.points(best) - b.points(best)) if best is not None else 0


def _story(r: Result, players: tuple[PlayerStory, ...], steps: tuple[StepStory, ...], how: str) -> GameStory:
    ranked = sorted(players, key=lambda p: (p.rank, p.player))
    winners = [p for p in ranked if p.winner]
    if len(players) == 1:
        me = players[0]
        verdict = _("{name} scored {infamy} Infamy.").format(name=me.name, infamy=me.infamy)
        return GameStory(how, verdict, "", 0, None, None, _(IN_PLAY_NOTE), players, steps, None)
    if len(winners) > 1:
        who = _("{others} and {last}").format(others=", ".join(p.name for p in winners[:-1]), last=winners[-1].name)
        w = winners[0]
        verdict = ngettext(
            "{who} share the victory: {infamy} Infamy and {n} Diploma each.",
            "{who} share the victory: {infamy} Infamy and {n} Diplomas each.",
            w.diplomas,
        ).format(who=who, infamy=w.infamy, n=w.diplomas)
        tie = _("Tied on Infamy and on Diplomas: the tied players share the victory ({rule}).").format(
            rule=cite(f"S3 Ties; {SCORING_PAGES}")
        )
        return GameStory(how, verdict, tie, 0, None, tie, _(IN_PLAY_NOTE), players, steps, None)
    win, nxt = winners[0], ranked[1]
    margin = win.infamy - nxt.infamy
    key, gain = _lead(win, nxt)
    tie_break = None
    if margin == 0:
        tie_break = _(
            "Tied on {infamy} Infamy with {other}: most Diplomas breaks the tie, {mine} to {theirs} ({rule})."
        ).format(
            infamy=win.infamy,
            other=nxt.name,
            mine=win.diplomas,
            theirs=nxt.diplomas,
            rule=cite(f"S3 Ties; {SCORING_PAGES}"),
        )
        verdict = _("{winner} wins on the tie-break over {other}.").format(winner=win.name, other=nxt.name)
        decided = tie_break
    else:
        verdict = _("{winner} wins by {margin} Infamy over {other}.").format(
            winner=win.name, margin=margin, other=nxt.name
        )
        decided = _decided(win, nxt, key, gain)
    return GameStory(how, verdict, decided, margin, key, tie_break, _(IN_PLAY_NOTE), players, steps, None)


def _decided(win: PlayerStory, nxt: PlayerStory, key: str | None, gain: int) -> str:
    """The source that gave the winner most over the next player, with both players' points in it."""
    if key is None or gain <= 0:
        return ""
    name = _(SOURCE_NAMES[key]) if key in SOURCE_NAMES else key
    out = _("What decided it: {source}, {winner} {mine} and {other} {theirs} Infamy.").format(
        source=name, winner=win.name, mine=f"{win.points(key):+d}", other=nxt.name, theirs=f"{nxt.points(key):+d}"
    )
    if nxt.in_play > win.in_play:
        out += " " + _("{other} led by {lead} Infamy before final scoring.").format(
            other=nxt.name, lead=nxt.in_play - win.in_play
        )
    return out


def _solo_story(
    s: State, r: Result, players: tuple[PlayerStory, ...], steps: tuple[StepStory, ...], how: str
) -> GameStory:
    assert r.solo is not None
    sr = r.solo
    me, rival = players[0], players[1]
    target = s.rules.solo.variants[sr.variant].win == "target"
    if target:
        against = _("the target of {n} Infamy").format(n=sr.bar)
    else:
        against = _("the Rival's {n} Infamy").format(n=sr.bar)
    verdict = (
        _("You win: {infamy} Infamy against {against} (margin {margin}).")
        if sr.won
        else _("You lose: {infamy} Infamy against {against} (margin {margin}).")
    ).format(infamy=me.infamy, against=against, margin=f"{sr.margin:+d}")
    tie_break = None
    if not target and sr.margin == 0:
        tie_break = _(
            "Tied on {infamy} Infamy with the Rival: most Diplomas breaks the tie, {mine} to {theirs} ({rule})."
        ).format(infamy=me.infamy, mine=me.diplomas, theirs=rival.diplomas, rule=cite(f"S3 Ties; {SCORING_PAGES}"))
    if tie_break is not None:
        decided, key = tie_break, None
    elif target:
        best = max(me.sources, key=lambda x: x.points)
        key = best.key
        decided = _("Your biggest source: {source}, {n} Infamy.").format(source=best.name, n=best.points)
    else:
        a, b = (me, rival) if sr.won else (rival, me)
        key, gain = _lead(a, b)
        decided = _decided(a, b, key, gain)
    ladder = _ladder(s, sr.rank, target)
    solo = SoloStory(sr.won, sr.bar, against, sr.margin, GAME.gettext(sr.rank), ladder)
    return GameStory(how, verdict, decided, sr.margin, key, tie_break, _(IN_PLAY_NOTE), players, steps, solo)


def _ladder(s: State, rank: str, target: bool) -> tuple[Rung, ...]:
    """The solo ranks from the lowest to the highest, with what each needs; yours marked."""
    ranks = sorted(s.rules.solo.ranks, key=lambda x: (x.won, x.min_margin))
    out = []
    for x in ranks:
        if x.won:
            if x.min_margin > 0:
                needs = _("win by {n} or more").format(n=x.min_margin)
            else:
                needs = _("reach the target") if target else _("win")
        elif x.min_margin > -1000:
            needs = _("lose by {n} or less").format(n=-x.min_margin)
        else:
            needs = _("fall short of the target") if target else _("lose")
        out.append(Rung(GAME.gettext(x.name), needs, x.name == rank))
    return tuple(out)
