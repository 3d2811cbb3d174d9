"""Every test runs with its own user data folder: a match played at the table without --record
is autosaved there (cli/autosave.py), never in the real home of whoever runs the tests."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _own_data_folder(tmp_path_factory):
    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))   # subprocesses inherit it
    yield
    if before is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = before
