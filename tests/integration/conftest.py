from __future__ import annotations

from pathlib import Path

import pytest

from service.adapters.knowledge_base import KnowledgeBase, load_knowledge
from service.paths import default_data_dir


@pytest.fixture(scope="session")
def kb(index_dir: Path) -> KnowledgeBase:
    """The real model, the real faiss index, the shipped passages."""
    return load_knowledge(default_data_dir("knowledge"), index_dir, None)
