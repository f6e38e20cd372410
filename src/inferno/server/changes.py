"""A change of a game as ``GameService.change`` makes it: stored in the game's write transaction, then
followed by memory once committed, then published to every seat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from inferno.server import clocks
from inferno.server.sessions import Session

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T]):
    """A change stored in a game's write transaction: what makes memory follow it once committed (and
    returns the change's answer), and whether the seats are told (a check that changed nothing is not)."""

    follow: Callable[[], T]
    publish: bool = True


def installed(sess: Session, ch: clocks.TableChange, answer: T) -> T:
    """Memory follows a committed change of the table; the change's answer."""
    clocks.install(sess, ch)
    return answer
