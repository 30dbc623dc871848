"""The knowledge base as the app uses it: passages, the embedding model (one per process),
the dense index from its cache, BM25, and the hybrid retriever."""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from pathlib import Path

import structlog

from service.adapters.catalog_files import CatalogError
from service.adapters.knowledge_files import load_passages
from service.adapters.messages_files import read_messages
from service.adapters.retrieval import (
    HybridRetriever,
    SentenceTransformerEmbedder,
    load_or_build_dense,
)
from service.domain.answer.knowledge import Passage
from service.domain.messages import Messages

log = structlog.get_logger("gpu_advisor.knowledge")


@functools.lru_cache(maxsize=4)
def embedder_for(name_or_path: str | None) -> SentenceTransformerEmbedder:
    """The embedding model is large and read-only: load it once per process."""
    return SentenceTransformerEmbedder(name_or_path)


@dataclass
class KnowledgeBase:
    passages: dict[tuple[str, str], Passage]
    retriever: HybridRetriever
    index_key: str
    built: bool
    load_seconds: float
    messages: Messages


def load_knowledge(knowledge_dir: Path, index_dir: Path, model: str | None,
                   progress: bool = False, messages: Messages | None = None) -> KnowledgeBase:
    """Passages, embedding index and retriever, and the messages (read from
    ``knowledge_dir/messages`` unless the caller already loaded them)."""
    start = time.perf_counter()
    if messages is None:
        messages = read_messages(knowledge_dir)
    passages, problems = load_passages(knowledge_dir)
    if problems:
        raise CatalogError(problems)
    emb = embedder_for(model)
    dense, built = load_or_build_dense(passages, emb, index_dir, progress=progress)
    retriever = HybridRetriever(passages, emb, dense, emb.encode_query)
    seconds = time.perf_counter() - start
    log.info("knowledge_ready", passages=len(passages), index=dense.key, built=built,
             seconds=round(seconds, 2))
    return KnowledgeBase(passages={(p.id, p.lang): p for p in passages}, retriever=retriever,
                         index_key=dense.key, built=built, load_seconds=seconds,
                         messages=messages)
