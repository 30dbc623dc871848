"""POST /v1/ask (English and Romanian): a time per output token or to the first token asked at
a load on a count of GPUs is given for the layout of those GPUs with the shortest one (of those
that run every request at once), and the layout is named; where the sizing's own layout for
that load (the fewest GPUs per replica within 1.5x of the best latencies) is another, its
figure and its name follow. Audit buyer24b #12: "TPOT for llama 3.1 70b fp8 on 4x H100 at 64
concurrent" was answered 32.1 ms for two TP2 replicas, unnamed, where one TP4 replica over the
same 4 GPUs gives 27.7 ms (the tool's own /v1/sizing with parallelism.tensor 4)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _layouts_ms(body: dict[str, object], metric: str) -> dict[tuple[int, int], float]:
    """``metric`` of each tensor x data layout of the body's GPUs (pipeline 1) that holds
    every request at once, as /v1/sizing gives it with that ``parallelism``."""
    count = int(body["gpu_count"])  # type: ignore[call-overload]
    got: dict[tuple[int, int], float] = {}
    for tp in (t for t in range(1, count + 1) if count % t == 0):
        r = size(msgspec.convert({**body, "parallelism": {"tensor": tp, "data": count // tp}},
                                 SizingRequest), catalog())
        p = r.performance
        if (r.fits_in_memory and p is not None and r.runs is not False
                and (r.max_batch_size_in_memory or 0) >= int(body["batch_size"])):  # type: ignore[call-overload]
            got[(tp, count // tp)] = getattr(p, metric)
    return got


_70B = {"model": "llama-3.1-70b", "weights": "fp8", "gpu": "h100-sxm", "gpu_count": 4,
        "batch_size": 64, "input_tokens": 2048, "output_tokens": 500}
_8B = {"model": "llama-3.1-8b", "weights": "bf16", "gpu": "l40s", "gpu_count": 4,
       "batch_size": 32, "input_tokens": 3584, "output_tokens": 512}


def test_tpot_70b_4xh100_shortest_layout_named_en() -> None:
    r = ask("TPOT for llama 3.1 70b fp8 on 4x H100 at 64 concurrent, 2k in 500 out?")
    q, v, unit = asked(r)
    assert (q, unit) == ("time_per_output_token_ms", "ms")
    assert v == pytest.approx(min(_layouts_ms(_70B, "time_per_output_token_ms").values()))
    assert v == pytest.approx(27.7, abs=0.1), head(r)
    s = first_sentence(r)
    assert ("on 4 × NVIDIA H100 SXM5 80GB, run as one replica over all 4 GPUs (tensor "
            "parallel 4), takes about 27.7 ms per output token") in s, s
    # the sizing's own layout for the load, named, with its figure
    assert ("the one the sizing picks for it, 2 replicas of 2 GPUs each (tensor parallel 2), "
            "gives about 32.1 ms") in head(r), head(r)
    # the numbers are the named layout's: one replica
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.replicas is None


def test_tpot_70b_4xh100_shortest_layout_named_ro() -> None:
    r = ask("TPOT pentru llama 3.1 70b fp8 pe 4x H100 la 64 de utilizatori simultani, "
            "2k intrare 500 iesire?")
    assert asked(r)[1] == pytest.approx(27.7, abs=0.1), head(r)
    s = first_sentence(r)
    assert ("pe 4 × NVIDIA H100 SXM5 80GB, rulat ca o singură replică pe toate cele 4 GPU-uri "
            "(paralelism tensorial 4), are nevoie de aproximativ 27,7 ms pe token de ieșire") \
        in s, s
    assert ("cea pe care o alege dimensionarea, 2 replici a câte 2 GPU-uri (paralelism "
            "tensorial 2), dă aproximativ 32,1 ms") in head(r), head(r)
    assert "2 de replici" not in head(r) and "2 de GPU-uri" not in head(r)


def test_tpot_8b_4xl40s_other_model_and_gpu_en() -> None:
    """Another model and GPU: the sizing's four one-GPU replicas give 32.4 ms; two TP2
    replicas 25.6 ms, which leads, named."""
    r = ask("TPOT for llama 3.1 8b on 4x L40S at 32 concurrent?")
    v = asked(r)[1]
    assert v == pytest.approx(min(_layouts_ms(_8B, "time_per_output_token_ms").values()))
    s = first_sentence(r)
    assert "run as 2 replicas of 2 GPUs each (tensor parallel 2)" in s, s
    assert "the one the sizing picks for it, 4 replicas of one GPU each, gives about" in head(r)


def test_ttft_8b_4xl40s_layout_named_ro() -> None:
    """A time to first token: the layout with the shortest one (here the sizing's own, four
    one-GPU replicas), named in Romanian, and one request alone on that same layout."""
    r = ask("TTFT pentru llama 3.1 8b pe 4x L40S la 32 de utilizatori simultani?")
    q, v, _ = asked(r)
    assert q == "time_to_first_token_ms"
    assert v == pytest.approx(min(_layouts_ms(_8B, "time_to_first_token_ms").values()))
    s = first_sentence(r)
    assert "rulat ca 4 replici a câte un GPU, are nevoie de aproximativ" in s, s
    alone = size(msgspec.convert({**_8B, "batch_size": 1, "parallelism": {"data": 4}},
                                 SizingRequest), catalog()).performance
    assert alone is not None and alone.time_to_first_token_ms is not None
    assert f"(aproximativ {alone.time_to_first_token_ms:.0f} ms pentru o singură cerere)" in s, s


def test_ttft_queued_layout_named_en() -> None:
    """More users than run at once: the layout the figure is for is named all the same."""
    r = ask("TTFT for llama 3.1 70b fp8 on 2x H100 at 300 concurrent?")
    assert "run as one replica over both GPUs (tensor parallel 2)" in first_sentence(r), head(r)


def test_one_gpu_no_layout() -> None:
    """(Guard) On one GPU there is no layout to name."""
    r = ask("TPOT for llama 3.1 8b on one H100 at 32 concurrent?")
    assert "run as" not in first_sentence(r)
