"""A "how many <GPU> for N users" question answers with the GPU named, even when no single
node of it holds the model (DeepSeek-V3 on H100s, Llama 3.1 405B in BF16 on H100s), and the
requests a setup holds are the ones /v1/sizing's layout search finds for that load (DeepSeek-R1
at 128k on H200s: TP4 x PP2 holds 10 in one node where TP8, which keeps MLA's latent KV whole
on every GPU, holds 5).

The expected count is computed here from ``size()`` alone, as /v1/sizing answers it: the fewest
GPUs of the named kind (doubling; whole 8-GPU nodes past one node) whose sizing at
``batch_size = users`` fits. The answer's count is the fewest GPUs in all, so it is never more
than that; in these cases a narrower replica cannot hold the model or holds too few requests,
so it is exactly that."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _size(**kw: Any) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _fewest(model: str, weights: str | None, gpu: str, users: int, ctx: int
            ) -> tuple[int, SizingResult]:
    """The fewest ``gpu`` (1, 2, 4, 8, then 16, 32, ...) whose sizing holds ``users``
    requests of ``ctx`` tokens (prompt and 512 out, as /v1/ask reads "N context") at once."""
    n = 1
    while n <= 128:
        kw = {"model": model, "gpu": gpu, "gpu_count": n, "input_tokens": ctx - 512,
              "output_tokens": 512, "batch_size": users}
        if weights:
            kw["weights"] = weights
        r = _size(**kw)
        if r.fits:
            return n, r
        n *= 2
    raise AssertionError("no setup of the GPU holds it")


@pytest.mark.parametrize(("q", "model", "weights", "gpu", "users", "ctx"), [
    ("How many H100s do I need for DeepSeek-V3 at 32k context for 32 users?",
     "deepseek-v3", None, "h100-sxm", 32, 32768),
    ("Câte H100 îmi trebuie pentru DeepSeek-V3 la 32k context pentru 32 de utilizatori?",
     "deepseek-v3", None, "h100-sxm", 32, 32768),
    ("How many H100 GPUs to serve Llama 3.1 405B in bf16 with 128k context for 16 users?",
     "llama-3.1-405b", "bf16", "h100-sxm", 16, 131072),
])
def test_a_count_for_users_is_of_the_gpu_named_across_nodes(
        q: str, model: str, weights: str | None, gpu: str, users: int, ctx: int) -> None:
    r = ask(q)
    n, fit = _fewest(model, weights, gpu, users, ctx)
    assert n > 8  # no single node of it holds the load: the defect's case
    name = catalog().registry.gpus[gpu].name
    lead = first_sentence(r)
    assert f"{n} × {name}" in lead, r.answer
    assert asked(r) == ("gpu_count", n, "GPUs")
    # its nodes and the memory per GPU of that sizing are said
    assert re.search(rf"\b{n // 8}\b", lead), lead
    per = f"{fit.memory.per_gpu_gib:.1f}"
    assert per in head(r) or per.replace(".", ",") in head(r), r.answer
    # another card, if any, comes after, never first
    for other in ("B300", "B200"):
        assert other not in lead, lead


def test_requests_per_replica_come_from_the_layout_search() -> None:
    r = ask("How many H200 for DeepSeek R1 with 128k context and 8 users?")
    n, fit = _fewest("deepseek-r1", None, "h200-sxm", 8, 131072)
    assert n == 8 and fit.max_batch_size is not None and fit.max_batch_size >= 8
    name = catalog().registry.gpus["h200-sxm"].name
    # the 8 that hold them miss the default first-token target at 128k (118.8 s against
    # 31.9 s): the count that meets it leads and the memory's 8 are said second (audit
    # buyer17 #12); they were the lead
    memory = next(x for x in re.split(r"(?<=[.?!])\s+(?=[A-Z])", head(r))
                  if x.startswith("Memory alone"))
    assert f"{n} × {name}" in memory, r.answer
    assert asked(r)[0] == "gpu_count" and asked(r)[1] > n, r.answer
    # one replica, holding what sizing's layout for the load holds (not TP8's 5)
    assert re.search(rf"up to {fit.max_batch_size} requests", memory), memory
