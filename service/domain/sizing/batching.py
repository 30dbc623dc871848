"""The batch one replica of an embedding or audio model runs: one rule for
/v1/recommendations (``recommend.capability``: the capacity an option is bought at) and
/v1/sizing under ``request_rate_per_s`` with no ``batch_size`` given (the capacity an open
loop is set against), so that the two count the same GPUs for the same rate. An open loop
is served by what the engine batches, as a language model's is (its continuous batching):
sizing it at one request at a time bought about five times the GPUs (audit buyer24a #6:
Whisper large v3 at 5 requests/s, 20 L4 where the recommendations said 4)."""

from __future__ import annotations

from collections.abc import Callable

from service.domain.catalog.engines import Engine
from service.domain.sizing.audio_speed import AUDIO_JOB_BATCH
from service.domain.sizing.memory import SizedModel, largest_batch

EMBED_BATCH = 32
"""Inputs an embedding replica runs per forward pass when its speed is quoted (the
``batch_size`` default of Sentence-Transformers' ``SentenceTransformer.encode``)."""


def embed_batch(total_gib: Callable[[int], float], limit_gib: float) -> int:
    """Inputs one embedding replica runs per forward pass: :data:`EMBED_BATCH`, fewer where
    its per-GPU memory ``total_gib(batch)`` holds fewer within ``limit_gib``, at least one."""
    return embed_batch_held(largest_batch(total_gib, limit_gib))


def embed_batch_held(held: int) -> int:
    """:func:`embed_batch` where the memory is known to hold ``held`` inputs at once (a
    sizing's ``max_batch_size`` over its replicas)."""
    return max(1, min(EMBED_BATCH, held))


def audio_batch(model: SizedModel, engine: Engine, total_gib: Callable[[int], float],
                limit_gib: float, speed: Callable[[int], float], *, serving: bool,
                concurrent: int | None = None) -> int:
    """Windows (Whisper) or clips one audio replica runs together: the largest batch whose
    per-GPU memory ``total_gib(batch)`` fits ``limit_gib``, of at most

    - serving under a request rate (``concurrent`` None): the engine's ``max_num_seqs``, as
      continuous batching takes the requests in flight (the replica's capacity is at its
      largest batch);
    - serving a closed loop: ``concurrent`` requests, at most ``max_num_seqs``;
    - a batch job (``serving`` False): :data:`~service.domain.sizing.audio_speed.AUDIO_JOB_BATCH`.

    Whisper's streams while serving also each at least in real time (``speed(batch)``, the
    replica's seconds of audio per second, at least ``batch``: live audio arrives at that
    pace). One where no larger batch qualifies."""
    cap = engine.speed.max_num_seqs
    want = (min(cap if concurrent is None else concurrent, cap) if serving
            else AUDIO_JOB_BATCH)
    realtime = serving and model.family == "whisper"
    for b in range(max(1, want), 1, -1):
        if total_gib(b) <= limit_gib and (not realtime or speed(b) >= b):
            return b
    return 1
