from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
# Caches (the faiss index) go to a private directory, never the user's ~/.cache.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="gpu-advisor-tests-")


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One faiss index cache for the whole run, outside the user's home."""
    return tmp_path_factory.mktemp("index")
