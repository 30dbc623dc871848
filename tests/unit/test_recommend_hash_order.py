"""A recommendation is the same in every process: nothing in it may follow the order of a
set of strings, which changes with the process's string hashing (PYTHONHASHSEED). The
``precisions_tried`` assumption of gpt-oss-120b (mxfp4) named its two stand-ins of the same
rank, bf16 and fp16, in either order: 7 of 200 varied bench bodies answered differently from
one server start to the next."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import datetime as dt, json, msgspec
from service.adapters.catalog_loader import load_catalog
from service.settings import Settings
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
s = Settings.from_env()
cat = load_catalog(s.catalog_dir, s.stale_after_days)
body = {"model": "gpt-oss-120b", "workload": "serving", "context_tokens": 65536,
        "output_tokens": 512, "concurrent_requests": 1, "weights": "auto",
        "target_output_tokens_per_s": 500, "hours_per_day": 24}
res = recommend(msgspec.convert(body, RecommendationRequest), cat, dt.date(2026, 12, 6))
print(json.dumps([a.value for a in res.assumptions if a.name == "precisions_tried"]))
"""


def test_precisions_tried_is_the_same_whatever_the_string_hashing() -> None:
    seen = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "HF_HUB_OFFLINE": "1",
               "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, check=True,
                             capture_output=True, text=True, timeout=120).stdout
        tried = json.loads(out.strip().splitlines()[-1])
        assert tried and "bf16" in tried[0] and "fp16" in tried[0], tried
        seen.add(tried[0])
    assert len(seen) == 1, seen
