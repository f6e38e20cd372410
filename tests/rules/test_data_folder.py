"""The embedded rules data folder is itself a valid rules directory (README: "type in your copy")."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from inferno.rules.pack import load_rules


def test_a_copy_of_the_rules_data_folder_loads_as_a_rules_directory(tmp_path: Path) -> None:
    """Copying the whole data folder gives a corrected rules directory the engine accepts (server
    settings such as the table clocks live elsewhere, so nothing in it is an unknown file)."""
    dst = tmp_path / "rules"
    shutil.copytree(str(resources.files("inferno").joinpath("data")), dst)
    assert load_rules(dst).fingerprint == load_rules().fingerprint
