"""Hints during play and the review of a finished game, for the web server.

* The table's hint setting is chosen when the game is created (default: on only when at most one
  human plays); every hint given is stored and shown to every seat in the game's hint notes.
* ``POST /api/games/{id}/hint``: the deciding seat's top options (from its own view only), worked out in
  the bot pool under the game's CPU budget, after the bot decisions waiting there.
* ``POST /api/games/{id}/review`` starts the review of one seat of a finished game in the
  background; ``GET`` the same path reports its progress and, once done, the review (each decision
  with the win chance and the expected final Infamy margin it lost, and the standing in both).

Two small tables of their own hold the hint setting and the notes (created when the server starts,
so older databases get them too).
"""

from __future__ import annotations

import contextvars
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import anyio
import sqlalchemy as sa
from fastapi import Depends, FastAPI, Request
from pydantic import BaseModel, Field

from inferno.i18n import SERVER
from inferno.records.record import GameRecord, record_of
from inferno.review.cards import threat_words
from inferno.review.game import GameReview, grade_word, headline_lines, review_game, summary_lines
from inferno.review.hints import hint_log_text, hints_default
from inferno.review.plot import margin_series, standing_series
from inferno.review.reasons import reason_words
from inferno.review.settings import ReviewSettingsError, load_settings
from inferno.rules.engine import to_move, view
from inferno.rules.serialize import state_to_dict
from inferno.server.botpool import BotPool
from inferno.server.errors import ErrorCode, Refused
from inferno.server.gate import Gate, Token
from inferno.server.review_moments import mistake_moments
from inferno.server.seats import shown_name
from inferno.server.service import GameService
from inferno.server.sessions import served_version
from inferno.server.storage import Storage, metadata

MAX_WAITING = 4  # reviews queued or running at once in one server process
MAX_KEPT = 64  # finished reviews kept in memory for their pages

hint_tables = sa.Table(
    "hint_tables",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("allowed", sa.Boolean, nullable=False),
)
hint_notes = sa.Table(
    "hint_notes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
_ = SERVER.gettext


class HintIn(BaseModel):
    version: int = Field(ge=0, le=10_000_000)


class ReviewIn(BaseModel):
    seat: int = Field(ge=0, le=4)
    depth: str | None = Field(default=None, max_length=12)


@dataclass(frozen=True, slots=True)
class HintAsk:
    """A hint to work out: the deciding seat's own view as plain data, and the search's seed."""

    game_id: str
    seat: int
    version: int  # the moves made before the hint (its note says "before move version + 1")
    view: dict[str, Any]
    seed: int


@dataclass
class _Job:
    total: int = 0
    done: int = 0
    review: GameReview | None = None
    error: str = ""  # why the review failed (the exception's words)
    record: GameRecord | None = None
    moments: dict[str, dict[str, Any]] | None = None  # the board at each biggest mistake, once asked
    started: float = field(default_factory=time.time)


class ReviewDesk:
    """Hint settings and notes in the database, and the background reviews of this server process."""

    def __init__(self, storage: Storage, service: GameService, pool: BotPool, workers: int = 2) -> None:
        self.storage = storage
        self.service = service
        self.bots = pool  # hints are worked out in the bot pool
        self.workers = workers
        metadata.create_all(storage.engine, tables=[hint_tables, hint_notes])
        self.jobs: dict[tuple[str, int, int], _Job] = {}
        self.lock = threading.Lock()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="inferno-review")

    # ----- hints -----

    def set_table(self, game_id: str, allowed: bool | None, humans: int) -> bool:
        value = hints_default(humans) if allowed is None else allowed
        with self.storage.transaction() as conn:
            conn.execute(hint_tables.insert().values(game_id=game_id, allowed=value))
        return value

    def allowed(self, game_id: str) -> bool:
        with self.storage.engine.connect() as conn:
            row = conn.execute(sa.select(hint_tables.c.allowed).where(hint_tables.c.game_id == game_id)).first()
        if row is not None:
            return bool(row[0])
        sess = self.service.session(game_id)
        return hints_default(sum(1 for x in sess.row.seats if x.kind == "human"))

    def notes(self, game_id: str) -> list[dict[str, Any]]:
        sess = self.service.session(game_id)
        names = [x.name for x in sess.row.seats]
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                sa.select(hint_notes.c.seat, hint_notes.c.version)
                .where(hint_notes.c.game_id == game_id)
                .order_by(hint_notes.c.id)
            ).all()
        out = []
        for seat, version in rows:
            who = shown_name(names[seat]) if 0 <= seat < len(names) else None
            out.append({"seat": seat, "version": version, "text": hint_log_text(seat, who)})
        return out

    def hint_request(self, game_id: str, seat: int, version: int) -> HintAsk:
        """What a worker needs to work out ``seat``'s hint (its own view, without the seed), or Refused."""
        if seat < 0:
            raise Refused(ErrorCode.FORBIDDEN, _("spectators cannot ask for hints"))
        if not self.allowed(game_id):
            raise Refused(ErrorCode.FORBIDDEN, _("hints are off at this table (the game's creator decides)"))
        sess = self.service.fresh(game_id)
        with sess.lock:
            s = sess.state.copy()
            served = served_version(sess)  # the version the seat's view carries (it counts undos too)
        if s.over:
            raise Refused(ErrorCode.GAME_OVER, _("the game is over: there is nothing left to decide"))
        if served != version:
            raise Refused(ErrorCode.STALE, _("the game has moved on; here is where it is now"), served)
        if to_move(s) != seat:
            raise Refused(ErrorCode.NOT_YOUR_TURN, _("a hint is for the player who decides now"))
        v = state_to_dict(view(s, seat))
        v["config"] = {**v["config"], "seed": 0}  # the search samples the hidden cards; it must not know them
        return HintAsk(game_id, seat, s.version, v, sess.row.seed * 7919 + s.version)

    def hint_given(self, ask: HintAsk, hint: dict[str, Any]) -> dict[str, Any]:
        """Note the hint for every seat to see; the answer with the notes."""
        with self.storage.transaction() as conn:
            conn.execute(
                hint_notes.insert().values(game_id=ask.game_id, seat=ask.seat, version=ask.version, at=time.time())
            )
        return {**hint, "notes": self.notes(ask.game_id)}

    # ----- reviews -----

    def start_review(self, game_id: str, seat: int, depth: str | None) -> dict[str, Any]:
        sess = self.service.fresh(game_id)
        if not sess.state.over:
            raise Refused(ErrorCode.BAD_REQUEST, _("a game can be reviewed once it is finished"))
        if not 0 <= seat < sess.row.players:
            raise Refused(ErrorCode.BAD_REQUEST, _("there is no seat {seat} in this game").format(seat=seat + 1))
        st = load_settings()
        try:
            iterations = st.iterations(depth)
        except ReviewSettingsError as exc:
            raise Refused(ErrorCode.BAD_REQUEST, str(exc)) from None
        if iterations > st.depths["deep"]:
            raise Refused(
                ErrorCode.BAD_REQUEST, _("the deepest review here is {n} iterations").format(n=st.depths["deep"])
            )
        with sess.lock:
            rec = record_of(sess.state)
        key = (game_id, seat, iterations)
        with self.lock:
            job = self.jobs.get(key)
            if job is None or job.error:
                waiting = sum(1 for j in self.jobs.values() if j.review is None and not j.error)
                if waiting >= MAX_WAITING:
                    raise Refused(
                        ErrorCode.RATE_LIMITED, _("the server is busy with other reviews; try again in a minute")
                    )
                while len(self.jobs) >= MAX_KEPT:  # forget the oldest finished reviews
                    old = next((k for k, j in self.jobs.items() if j.review is not None or j.error), None)
                    if old is None:
                        break
                    del self.jobs[old]
                job = _Job(record=rec)
                self.jobs[key] = job

                def progress(done: int, total: int, job: _Job = job) -> None:
                    job.done, job.total = done, total

                def run(job: _Job = job) -> None:
                    try:
                        job.review = review_game(rec, seat, iterations, workers=self.workers, progress=progress)
                    except Exception as exc:  # reported to the page, never a crash of the server
                        job.error = str(exc) or type(exc).__name__

                self.pool.submit(contextvars.copy_context().run, run)  # its errors in the asker's language
        return self.status(game_id, seat, iterations)

    def status(self, game_id: str, seat: int, iterations: int) -> dict[str, Any]:
        job = self.jobs.get((game_id, seat, iterations))
        if job is None:
            return {"status": "none"}
        if job.error:
            return {"status": "failed", "message": _("the review failed: {why}").format(why=job.error)}
        if job.review is None:
            return {"status": "running", "done": job.done, "total": job.total}
        rv = job.review
        biggest = [d.index for d in rv.biggest(load_settings().top_mistakes)]
        if job.moments is None and job.record is not None:
            job.moments = mistake_moments(job.record, rv, biggest)
        margins: list[tuple[int, float | None, float | None]] = [*margin_series(rv)] or [
            (t, None, None) for t, _v, _se in standing_series(rv)
        ]
        return {
            "status": "done",
            "done": job.total,
            "total": job.total,
            "summary": summary_lines(rv),
            "headline": headline_lines(rv),  # the summary's head: its first lines, before the mistakes
            "standing": [
                {
                    "turn": t,
                    "value": round(v, 1),
                    "se": round(se, 1),
                    "margin": None if m is None else round(m, 1),
                    "margin_se": None if m_se is None else round(m_se, 1),
                }
                for (t, v, se), (_t, m, m_se) in zip(standing_series(rv), margins, strict=True)
            ],
            "biggest": biggest,
            "moments": job.moments or {},
            "review": _review_words(rv),
        }

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def _review_words(rv: GameReview) -> dict[str, Any]:
    """The review as JSON data with its words in the current language (a review is made in English once,
    for every reader): each decision's grade in words (``grade_words``), its reason and its hidden cards."""
    d = rv.to_dict()
    for x in d["decisions"]:
        x["grade_words"] = grade_word(x["grade"])
        x["reason"] = reason_words(x["reason"])
        x["hidden_cards"] = [threat_words(h) for h in x["hidden_cards"]]
    return d


def install(app: FastAPI, desk: ReviewDesk, gate: Gate) -> None:
    """Add the hint and review endpoints to the app: reads take their seat from ``gate.reader``; a hint
    and a review spend one action of the seat's allowance (a review its own allowance) in a dependency
    that declares the body, so that a malformed body is answered before the token is checked."""

    async def hints_asked(game_id: str, body: HintIn, request: Request, token: Token = None) -> tuple[int, HintIn]:
        return await gate.acting(game_id, request, token), body

    async def review_asked(game_id: str, body: ReviewIn, request: Request, token: Token = None) -> tuple[int, ReviewIn]:
        return await gate.acting(game_id, request, token, key="/review"), body

    @app.get("/api/games/{game_id}/hints")
    def hints(game_id: str, _seat: int = Depends(gate.reader)) -> dict[str, Any]:
        return {"allowed": desk.allowed(game_id), "notes": desk.notes(game_id)}

    @app.post("/api/games/{game_id}/hint")
    async def hint(game_id: str, asked: tuple[int, HintIn] = Depends(hints_asked)) -> dict[str, Any]:
        """The deciding seat's hint, worked out in the bot pool (after the bots waiting there)."""
        seat, body = asked
        ask = await anyio.to_thread.run_sync(desk.hint_request, game_id, seat, body.version)
        hint = await desk.bots.hint(game_id, seat, ask.view, ask.seed)
        return await anyio.to_thread.run_sync(desk.hint_given, ask, hint)

    @app.post("/api/games/{game_id}/review")
    def start_review(game_id: str, asked: tuple[int, ReviewIn] = Depends(review_asked)) -> dict[str, Any]:
        return desk.start_review(game_id, asked[1].seat, asked[1].depth)

    @app.get("/api/games/{game_id}/review")
    def review_status(
        game_id: str, _seat: int = Depends(gate.reader), seat: int = 0, depth: str | None = None
    ) -> dict[str, Any]:
        try:
            iterations = load_settings().iterations(depth)
        except ReviewSettingsError as exc:
            raise Refused(ErrorCode.BAD_REQUEST, str(exc)) from None
        return desk.status(game_id, seat, iterations)
