"""A price outlier's reason names its GPU by its display name, not its catalog id
("... for 1 x NVIDIA GeForce RTX 4090 24GB (under 0.4x)", was "for 1 x rtx-4090"),
in /v1/offers' suspect_reasons, /v1/recommendations and Slack; /v1/ask's Romanian
localiser still reads it back, names with parentheses of their own included."""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.catalog.offers import Offer
from service.domain.catalog.snapshot import Catalog
from service.domain.catalog.trust import assess
from service.paths import default_data_dir

DAY = dt.date(2026, 11, 1)
NAMES = {"rtx-4090": "NVIDIA GeForce RTX 4090 24GB",
         "b300": "NVIDIA B300 288GB (HGX, Blackwell Ultra)"}


@functools.cache
def shipped() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def _offer(oid: str, gpu: str, count: int, od: float | None, provider: str,
           spot: float | None = None) -> Offer:
    return Offer(id=oid, provider=provider, instance_type=oid, gpu=gpu, gpu_count=count,
                 on_demand_usd_h=od, spot_usd_h=spot, regions=["us"], as_of=DAY,
                 source="test")


def _say(text: str, lang: str) -> str:
    m = shipped_messages()
    return localise(text, m.section(lang, "answer"), m.formatter(lang),
                    m.section(lang, "pricing"))


def test_assess_names_the_gpu_when_given_the_names() -> None:
    offers = [_offer(f"o-{p}", "rtx-4090", 1, price, p)
              for p, price in (("a", 0.10), ("b", 0.34), ("c", 0.34), ("e", 0.40),
                                               ("d", 2.20))]
    _, trust = assess(offers, 90, NAMES)
    assert trust["o-a"].suspect_reasons == (
        "on-demand $0.10/GPU-hour is 0.29x the median $0.34 of 5 providers' fresh on-demand "
        "prices for 1 x NVIDIA GeForce RTX 4090 24GB (under 0.4x)",)
    # without names (a caller that has none), the id as before
    _, trust = assess(offers, 90)
    assert trust["o-a"].suspect_reasons[0].endswith("for 1 x rtx-4090 (under 0.4x)")


def test_a_low_spot_reason_names_the_gpu_any_count() -> None:
    offers = [_offer(f"s-{p}", "b300", n, None, p, spot=s * n)
              for p, n, s in (("a", 8, 4.0), ("b", 4, 4.4), ("c", 2, 5.0), ("d", 1, 1.24))]
    _, trust = assess(offers, 90, NAMES)
    # a spot-only offer: its headline price (spot) is a low outlier, said once
    assert trust["s-d"].suspect_reasons == (
        "spot $1.24/GPU-hour is 0.30x the median $4.20 of 4 providers' fresh spot prices for "
        "NVIDIA B300 288GB (HGX, Blackwell Ultra) (any count) (under 0.4x)",)


def test_the_shipped_catalog_names_the_gpus() -> None:
    reasons = shipped().trust_of("lium-l40-4x").suspect_reasons
    assert reasons == (
        "on-demand $0.33/GPU-hour is 0.33x the median $1.00 of 4 providers' fresh on-demand "
        "prices for 4 x NVIDIA L40 48GB (under 0.4x)",)
    low = shipped().trust_of("verda-8b300-240v").spot_reasons
    assert low == (
        "spot $1.24/GPU-hour is 0.28x the median $4.41 of 3 providers' fresh spot prices for "
        "8 x NVIDIA B300 288GB (HGX, Blackwell Ultra) (under 0.4x)",)
    assert not any("rtx-4090" in r or "b300 " in r for t in shipped().trust.values()
                   for r in t.suspect_reasons)


def test_the_romanian_localiser_reads_the_named_reasons() -> None:
    od = ("suspect price: on-demand $0.10/GPU-hour is 0.29x the median $0.34 of 5 providers' "
          "fresh on-demand prices for 1 x NVIDIA GeForce RTX 4090 24GB (under 0.4x)")
    assert _say(od, "ro") == (
        "preț suspect: prețul la cerere de 0,10\u00a0USD/GPU-oră este de 0,29 ori mediana de "
        "0,34\u00a0USD a prețurilor la cerere recente de la 5 furnizori pentru "
        "1 × NVIDIA GeForce RTX 4090 24GB (sub pragul de 0,4)")
    assert _say(od, "en").endswith("for 1 × NVIDIA GeForce RTX 4090 24GB (under 0.4x)")
    low = ("suspect price: spot $1.24/GPU-hour is 0.28x the median $4.41 of 3 providers' "
           "fresh spot prices for 8 x NVIDIA B300 288GB (HGX, Blackwell Ultra) (under 0.4x)")
    assert _say(low, "ro").endswith(
        "pentru 8 × NVIDIA B300 288GB (HGX, Blackwell Ultra) (sub pragul de 0,4)")
    anyc = ("suspect price: on-demand $0.12/GPU-hour is 0.39x the median $0.31 of 3 providers' "
            "fresh on-demand prices for NVIDIA A10G 24GB (AWS) (any count) (under 0.4x)")
    assert _say(anyc, "ro").endswith(
        "pentru NVIDIA A10G 24GB (AWS) (oricâte) (sub pragul de 0,4)")


# -- the web page's context: only a language model's, an embedding model's own max -----------

APP_JS = Path(__file__).resolve().parents[2] / "service" / "web" / "app.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: app.js not run")


def _js_function(source: str, name: str) -> str:
    m = re.search(rf"^  function {name}\(.*?^  }}$", source, re.S | re.M)
    assert m, f"app.js has no function {name}"
    return m.group(0)


def _js_var(source: str, name: str) -> str:
    m = re.search(rf"^  var {name} = .*?;$", source, re.S | re.M)
    assert m, f"app.js has no var {name}"
    return m.group(0)


def _bodies(model: str, context: str) -> dict[str, object]:
    """What app.js sends to /v1/recommendations, /v1/sizing (no option yet) and /v1/ask (the
    form's context) for the form's model and context, with the models /v1/models lists."""
    assert NODE is not None
    reg = shipped().registry
    models = [{"id": m.id, "name": m.name, "kind": m.kind, "task": m.task,
               "max_context": m.architecture.max_context if m.architecture else None}
              for m in reg.models.values()]
    source = APP_JS.read_text(encoding="utf-8")
    state = {"model": model, "workload": "serving", "weights": "auto", "context": context,
             "concurrency": "1", "hours": "24", "budget": ""}
    script = "\n".join([
        _js_var(source, "OUTPUT_TOKENS"), _js_var(source, "EMBED_CONTEXT"),
        _js_var(source, "DEFAULTS"),
        "var lang = 'en';",
        f"var models = {json.dumps(models)};",
        "function applyLinkState(body) { return body; }",
        *(_js_function(source, f) for f in (
            "modelEntry", "embedding", "contextTokens", "finetuneOptions",
            "recommendationBody", "sizingBody", "formContext")),
        f"var state = {json.dumps(state)};",
        "console.log(JSON.stringify({rec: recommendationBody(state), "
        "sizing: sizingBody(state, null), ask: formContext(state)}));",
    ])
    done = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


@needs_node
def test_the_page_sends_an_embedding_models_own_max_not_8192() -> None:
    got = _bodies("bge-large-en-v1.5", "4096")  # the form's default (audit buyer31c #10)
    rec, sizing, ask = got["rec"], got["sizing"], got["ask"]
    assert isinstance(rec, dict) and isinstance(sizing, dict) and isinstance(ask, dict)
    assert rec["context_tokens"] == 512 and "output_tokens" not in rec  # was 8192 and 512
    assert sizing["input_tokens"] == 512 and "output_tokens" not in sizing  # was 7680 + 512
    assert ask["context_tokens"] == 512
    # a longer limit: the API's and the Slack bot's default, one 512-token retrieval chunk
    # (fix/embedctx: was 4,096, a chat prompt, 8x the GPUs for a rate; fields.EMBED_INPUT_TOKENS)
    assert _bodies("e5-mistral-7b-instruct", "4096")["rec"]["context_tokens"] == 512  # type: ignore[index]
    # a context the form was set to is the one asked
    assert _bodies("bge-large-en-v1.5", "256")["rec"]["context_tokens"] == 256  # type: ignore[index]


@needs_node
def test_the_page_sends_no_context_for_an_image_or_audio_model() -> None:
    for model in ("sdxl", "musicgen-large"):
        got = _bodies(model, "8192")
        rec, sizing, ask = got["rec"], got["sizing"], got["ask"]
        assert isinstance(rec, dict) and isinstance(sizing, dict) and isinstance(ask, dict)
        assert "context_tokens" not in rec and "output_tokens" not in rec, rec
        assert "input_tokens" not in sizing and "output_tokens" not in sizing, sizing
        assert "context_tokens" not in ask, ask


@needs_node
def test_the_page_sends_a_language_models_context_as_before() -> None:
    got = _bodies("llama-3.1-8b", "8192")
    rec, sizing = got["rec"], got["sizing"]
    assert isinstance(rec, dict) and isinstance(sizing, dict)
    assert rec["context_tokens"] == 8192 and rec["output_tokens"] == 512
    assert sizing["input_tokens"] == 7680 and sizing["output_tokens"] == 512
