"""``pickle`` and ``copy`` for the engine's frozen dataclasses, the same in both builds.

A frozen dataclass refuses ``setattr``. Interpreted, ``dataclasses`` gives a slotted frozen class a
``__setstate__`` that goes around it; compiled by mypyc, the class gets mypyc's default
``__setstate__``, which calls ``setattr`` and raises ``FrozenInstanceError``, so ``pickle.loads``,
``copy.copy`` and ``copy.deepcopy`` of a state (which holds the rules, boards and config) would fail.
Each module that defines frozen dataclasses hands them to :func:`register_frozen` after defining them:
both builds then rebuild them through their constructor.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable
from dataclasses import fields
from typing import Any


def register_frozen(*classes: type) -> None:
    """Have ``pickle`` and ``copy`` rebuild instances of these frozen dataclasses with their constructor."""
    for cls in classes:
        copyreg.pickle(cls, _reduce)


def _reduce(obj: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj))
