"""The event log's storage and its readers: the log keeps plain tuples of an Event's fields, and every
reader gets Events (``inferno.events``, ``events.events_since``, ``events.as_event``)."""

from __future__ import annotations

import pickle
import random

import inferno
from inferno.rules.events import Event, as_event, events_since


def _played(players: int, seed: int, decisions: int) -> inferno.State:
    rng = random.Random(seed)
    s = inferno.new_game(players, seed)
    for _ in range(decisions):
        if s.over:
            break
        acts = inferno.legal_actions(s)
        inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
    return s


def test_readers_get_events_with_the_fields_the_log_kept() -> None:
    s = _played(4, 3, 120)
    log = inferno.events(s)
    assert log and all(type(e) is Event for e in log)
    raw = []
    node = s.events
    while node is not None:
        raw.append(node[0])
        node = node[1]
    raw.reverse()
    assert [tuple(e) for e in log] == [tuple(r) for r in raw]
    assert log[0].kind == "setup" and any(e.kind == "turn" for e in log)


def test_events_since_an_earlier_head_are_the_new_ones_oldest_first() -> None:
    s = _played(3, 8, 40)
    head, before = s.events, len(inferno.events(s))
    rng = random.Random(1)
    for _ in range(25):
        acts = inferno.legal_actions(s)
        inferno.apply_in_place(s, acts[rng.randrange(len(acts))])
    new = events_since(s.events, head)
    assert new == inferno.events(s)[before:] and new
    assert all(type(e) is Event for e in new)
    assert events_since(s.events, s.events) == []


def test_an_event_stays_the_same_event() -> None:
    e = Event("turn", 1, "turn 3", "S2 Your turn")
    assert as_event(e) is e
    plain = ("score", 0, "takes Dante to his final stop", "S3", 2, "dante")
    made = as_event(plain)
    assert type(made) is Event and made == plain and made.points == 2 and made.source == "dante"


def test_a_pickled_state_reads_the_same_events() -> None:
    s = _played(2, 5, 80)
    back = pickle.loads(pickle.dumps(s))
    assert inferno.events(back) == inferno.events(s)
    assert all(type(e) is Event for e in inferno.events(back))
