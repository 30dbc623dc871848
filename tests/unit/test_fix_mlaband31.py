"""Audit 31a #5 (from fix/sglang, the band part only): DeepSeek-R1 on TensorRT-LLM measured
3.13x the modelled TTFT at the median and 5.36x at p80 while the answer's band said 3.8x (every
engine's MLA rows): an engine's own MLA band now stands on 20 rows and only ever widens.
Fails on the tree before the fix."""

from __future__ import annotations

import msgspec

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.kb_fixtures import catalog


def test_trtllm_deepseek_takes_its_own_wider_band() -> None:
    r = size(msgspec.convert({"model": "deepseek-r1", "gpu": "h200-sxm", "gpu_count": 8,
                              "engine": "tensorrt-llm", "batch_size": 16}, SizingRequest),
             catalog())
    note = next(a for a in r.assumptions if a.name == "serving_model_error")
    assert "TTFT x5.13" in note.value


def test_sglang_deepseek_band_is_not_narrowed() -> None:
    # a guard (passes on the base too): SGLang's own 25 MLA rows (2.22) never narrow the
    # pooled MLA band (3.8)
    r = size(msgspec.convert({"model": "deepseek-r1", "gpu": "h200-sxm", "gpu_count": 8,
                              "engine": "sglang", "batch_size": 16}, SizingRequest), catalog())
    note = next(a for a in r.assumptions if a.name == "serving_model_error")
    assert "TTFT x3.80" in note.value
