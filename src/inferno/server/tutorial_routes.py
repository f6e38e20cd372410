"""The browser tutorial's routes: the page, and a tutorial started, read, moved on and played.

The tutorial's script, its held-back words and the opponents' moves are the tutorial core's
(:mod:`inferno.tutorial.session`); these routes keep each tutorial (its ``to_json``) in the server's
database under a random id, which the browser keeps to resume it, and answer with the step and a view
of the tutorial's game in the shape the game page reads (``views.view_json``, ``views.board_json``).

* ``GET /tutorial``: the page.
* ``POST /api/tutorials``: a new tutorial (the address's allowance of new games spent).
* ``GET /api/tutorials/{id}``: where it stands.
* ``POST /api/tutorials/{id}/next``: on a step that only explains, the next step.
* ``POST /api/tutorials/{id}/play`` ``{"action": "..."}``: the learner's move, played or held back.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
import time
from collections import OrderedDict
from typing import Annotated, Any

import orjson
import sqlalchemy as sa
from fastapi import Depends, FastAPI, Header, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, Field

from inferno.i18n import N_, SERVER
from inferno.rules.actions import MalformedActionError
from inferno.rules.notation import parse_action
from inferno.server.context import Rooms
from inferno.server.errors import ErrorCode, Refused
from inferno.server.gate import Gate
from inferno.server.lobby_routes import WEB_DIR
from inferno.server.storage import Storage, metadata
from inferno.server.table_routes import MAX_ACTION
from inferno.server.views import board_json, view_json
from inferno.tutorial.session import Reply, Tutorial, TutorialError

_ = SERVER.gettext
TUTORIAL_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
KEEP_SECONDS = 90 * 86400  # a tutorial left alone this long is deleted (when another one starts)
# The id of the board the page has drawn (``board_id`` of an earlier answer): the same board is not sent again.
KnownBoard = Annotated[str | None, Header(alias="X-Inferno-Board", max_length=32)]
KEPT_IN_MEMORY = 64  # tutorials kept in memory besides the database
NO_SUCH = N_("there is no such tutorial: it may have been deleted after a long time; start a new one")

tutorials = sa.Table(
    "tutorials",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("data", sa.Text, nullable=False),  # the tutorial's to_json
    sa.Column("moves", sa.Integer, nullable=False),  # changes so far: two requests never both change it
    sa.Column("touched", sa.Float, nullable=False, index=True),
)


class PlayIn(BaseModel):
    action: str = Field(min_length=1, max_length=MAX_ACTION)


class TutorialDesk:
    """The tutorials of this server, kept in its database; the newest ones also in memory, since a
    tutorial resumes by replaying every step so far."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        metadata.create_all(storage.engine, tables=[tutorials])
        self.lock = threading.Lock()  # one request at a time in this process (a double click plays once)
        self.kept: OrderedDict[str, tuple[int, Tutorial]] = OrderedDict()  # id -> (changes, tutorial)

    def start(self) -> tuple[str, Tutorial]:
        """A new tutorial and its id; those left alone too long are deleted first."""
        tut = Tutorial.start()
        tid = secrets.token_urlsafe(16)
        now = time.time()
        with self.storage.transaction() as conn:
            conn.execute(tutorials.delete().where(tutorials.c.touched < now - KEEP_SECONDS))
            conn.execute(tutorials.insert().values(id=tid, data=_dumps(tut), moves=0, touched=now))
        with self.lock:
            self._keep(tid, 0, tut)
        return tid, tut

    def _keep(self, tid: str, moves: int, tut: Tutorial) -> None:
        self.kept[tid] = (moves, tut)
        self.kept.move_to_end(tid)
        while len(self.kept) > KEPT_IN_MEMORY:
            self.kept.popitem(last=False)

    def _load(self, tid: str) -> tuple[Tutorial, int]:
        """The tutorial ``tid`` and its count of changes (hold the lock), or Refused (not found)."""
        if not TUTORIAL_ID.fullmatch(tid):
            raise Refused(ErrorCode.NOT_FOUND, _(NO_SUCH))
        with self.storage.engine.connect() as conn:
            row = conn.execute(sa.select(tutorials.c.moves).where(tutorials.c.id == tid)).first()
            if row is None:
                raise Refused(ErrorCode.NOT_FOUND, _(NO_SUCH))
            moves = int(row[0])
            kept = self.kept.get(tid)
            if kept is not None and kept[0] == moves:
                return kept[1], moves
            data = conn.execute(sa.select(tutorials.c.data).where(tutorials.c.id == tid)).scalar_one()
        try:
            tut = Tutorial.from_json(orjson.loads(data))
        except (TutorialError, orjson.JSONDecodeError):
            raise Refused(ErrorCode.NOT_FOUND, _("this tutorial can no longer be resumed; start a new one")) from None
        self._keep(tid, moves, tut)
        return tut, moves

    def _save(self, tid: str, tut: Tutorial, moves: int) -> None:
        """Store ``tut`` as the change after ``moves`` (hold the lock); Refused if another process changed
        it meanwhile."""
        self.kept.pop(tid, None)  # kept again only once stored
        with self.storage.transaction() as conn:
            done = conn.execute(
                tutorials.update()
                .where(tutorials.c.id == tid, tutorials.c.moves == moves)
                .values(data=_dumps(tut), moves=moves + 1, touched=time.time())
            )
        if done.rowcount != 1:
            raise Refused(ErrorCode.STALE, _("the tutorial moved on meanwhile; here is where it is now"))
        self._keep(tid, moves + 1, tut)

    def read(self, tid: str) -> dict[str, Any]:
        """Where tutorial ``tid`` stands (``tutorial_json``)."""
        with self.lock:
            return tutorial_json(tid, self._load(tid)[0])

    def next(self, tid: str) -> dict[str, Any]:
        """The next step, after one that only explains."""
        with self.lock:
            tut, moves = self._load(tid)
            try:
                tut.next()
            except TutorialError as exc:
                raise Refused(ErrorCode.BAD_REQUEST, str(exc)) from None
            self._save(tid, tut, moves)
            return tutorial_json(tid, tut)

    def play(self, tid: str, text: str) -> dict[str, Any]:
        """The learner's move ``text``: played (and the opponents' after it) or held back with a word."""
        with self.lock:
            tut, moves = self._load(tid)
            if tut.done:
                raise Refused(ErrorCode.GAME_OVER, _("the tutorial is finished: play your first game from the lobby"))
            try:
                parse_action(tut.state, text)
            except MalformedActionError as exc:
                raise Refused(ErrorCode.MALFORMED, _("that is no move of the game: {why}").format(why=exc)) from None
            try:
                reply = tut.play(text)
            except TutorialError as exc:
                raise Refused(ErrorCode.BAD_REQUEST, str(exc)) from None
            if reply.accepted:
                self._save(tid, tut, moves)
            return tutorial_json(tid, tut, reply)


def _dumps(tut: Tutorial) -> str:
    return orjson.dumps(tut.to_json()).decode()


def seat_names(tut: Tutorial) -> list[str]:
    """The names the page shows: "You" for the learner, "Player n" for the others."""
    return ["You" if p == tut.seat else f"Player {p + 1}" for p in range(len(tut.state.players))]


def tutorial_json(tid: str, tut: Tutorial, reply: Reply | None = None) -> dict[str, Any]:
    """Where the tutorial stands: its step and progress, the answer to the last move (``reply``) and the
    game as the learner's seat sees it (the game page's view and board)."""
    s = tut.state
    step = tut.step
    titles = list(tut.chapter_titles)
    snap = view_json(s, tut.seat)
    snap.update(
        seat=tut.seat,
        version=s.version,
        seats=[
            {"seat": i, "kind": "human" if i == tut.seat else "bot", "name": n} for i, n in enumerate(seat_names(tut))
        ],
        undo=False,
    )
    return {
        "id": tid,
        "index": tut.index,
        "total": tut.total,
        "done": tut.done,
        "chapters": titles,
        "chapter": len(titles) if step is None else titles.index(step.chapter),  # its place in ``chapters``
        "step": None
        if step is None
        else {
            "id": step.id,
            "chapter": step.chapter,
            "title": step.title,
            "text": step.text,
            "cite": step.cite,
            "kind": step.kind.value,
            "expected": list(step.expected),
            "target": step.target,
        },
        "reply": None if reply is None else {"accepted": reply.accepted, "message": reply.message},
        "board": board_json(s),
        "view": snap,
    }


def _answer(data: dict[str, Any], known: str | None = None) -> Response:
    """``data`` as JSON, with its board's id (``board_id``); the board itself is left out (null) when the
    page says it has that one already (``known``): it changes only where a chapter starts afresh."""
    board_id = hashlib.blake2b(orjson.dumps(data["board"]), digest_size=8).hexdigest()
    out = {**data, "board_id": board_id}
    if known == board_id:
        out["board"] = None
    return Response(orjson.dumps(out), media_type="application/json")


def install(app: FastAPI, rooms: Rooms) -> None:
    """Add the tutorial's page and routes to the app."""
    desk = TutorialDesk(rooms.service.storage)
    app.state.tutorial_desk = desk
    gate: Gate = rooms.gate

    @app.get("/tutorial", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(WEB_DIR / "tutorial.html")

    @app.post("/api/tutorials")
    def start(_addr: str = Depends(gate.creator)) -> Response:
        tid, tut = desk.start()
        return _answer(tutorial_json(tid, tut))

    @app.get("/api/tutorials/{tid}")
    def read(tid: str, known: KnownBoard = None, _addr: str = Depends(gate.reads)) -> Response:
        return _answer(desk.read(tid), known)

    def acts(tid: str, request: Request) -> str:
        """A change of tutorial ``tid``: one read of the address's allowance, one move of the tutorial's."""
        gate.count_read(request)
        if not TUTORIAL_ID.fullmatch(tid):
            raise Refused(ErrorCode.NOT_FOUND, _(NO_SUCH))
        gate.count_action(f"tutorial:{tid}", 0, N_("too many moves; slow down"))
        return tid

    @app.post("/api/tutorials/{tid}/next")
    def next_step(known: KnownBoard = None, tid: str = Depends(acts)) -> Response:
        return _answer(desk.next(tid), known)

    def plays(tid: str, body: PlayIn, request: Request) -> tuple[str, PlayIn]:
        return acts(tid, request), body

    @app.post("/api/tutorials/{tid}/play")
    def play(known: KnownBoard = None, asked: tuple[str, PlayIn] = Depends(plays)) -> Response:
        tid, body = asked
        return _answer(desk.play(tid, body.action), known)
