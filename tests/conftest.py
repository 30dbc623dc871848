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


SERIAL = (
    # in-process first: no server of an earlier test is alive while these time themselves
    "tests/integration/test_qa_intents.py::test_a_new_question_takes_under_30_ms_p50",
    "tests/unit/test_understand.py::test_extract_is_fast",
    "tests/unit/test_regex_linear.py",  # CPU time of each pattern on hostile input
    "tests/unit/test_sizing_bound.py",  # CPU time of the slowest sizing requests
    "tests/unit/test_shared.py::test_unreachable_redis_degrades_to_local_stores_quickly",
    "tests/http/test_compute_pool.py",  # answers at the compute timeout (< 0.7 s)
    "tests/http/test_slack.py::test_slash_command_acknowledges_fast_and_answers_at_response_url",
    "tests/e2e/test_health_under_load.py",  # p99 of /healthz while answers compute
    "tests/e2e/test_faults.py::test_a_thousand_concurrent_connections",
    "tests/scale/",  # two replicas + nginx + redis under load, replica killed mid-run
)
"""Tests that assert a latency or load a server: marked ``serial``. ``make test`` runs the
rest on two workers (pytest-xdist) and these afterwards on their own, in this order, so no
other test's work is on the CPU while they time something."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.startswith(SERIAL):
            item.add_marker(pytest.mark.serial)
