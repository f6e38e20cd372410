"""Fixtures for the web tests: an in-process app on a temporary SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from inferno.server.limits import Rate
from tests.web.helpers import make_client


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with make_client(db_path, action_rate=Rate(1000, 1000), read_rate=Rate(10_000, 10_000)) as c:
        yield c
