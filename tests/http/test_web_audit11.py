"""Audit 11 of the web page: the memory panel at the top option's layout, the API's texts in
the page's language (POST /v1/recommendations `lang`), speed and cost per output at one load
and in each model kind's unit, topic names and form validation in the page's language."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.api.routes.web import WEB_DIR
from service.domain.answer.knowledge import TOPICS

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]
LLAMA = {"model": "llama-3.1-70b", "workload": "serving", "weights": "auto",
         "context_tokens": 32768, "concurrent_requests": 8, "output_tokens": 512, "top_n": 10,
         "hours_per_day": 24}


def _web(lang: str) -> dict[str, str]:
    with (ROOT / "knowledge" / "messages" / f"{lang}.toml").open("rb") as f:
        web: dict[str, str] = tomllib.load(f)["web"]
    return web


def _js() -> str:
    return (WEB_DIR / "app.js").read_text()


def _function(js: str, name: str) -> str:
    start = js.index(f"function {name}(")
    depth, i = 0, js.index("{", start)
    while True:
        depth += {"{": 1, "}": -1}.get(js[i], 0)
        i += 1
        if depth == 0:
            return js[start:i]


async def test_romanian_warnings_from_the_api(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    en = (await client.post("/v1/recommendations", json=LLAMA)).json()
    ro = (await client.post("/v1/recommendations", json={**LLAMA, "lang": "ro"})).json()
    assert [o["offer"]["id"] for o in en["options"]] == [o["offer"]["id"] for o in ro["options"]]
    said_en = [w for o in en["options"] for w in o["warnings"]]
    said_ro = [w for o in ro["options"] for w in o["warnings"]]
    assert any(w.startswith("price date unknown: the source gives none") for w in said_en)
    assert not any(w.startswith("price date unknown") for w in said_ro)
    assert any(w.startswith("data prețului este necunoscută") for w in said_ro)
    assert any("granularitatea facturării este necunoscută" in w for w in said_ro)
    # the numbers stay; only the words change
    assert ro["options"][0]["cost"] == en["options"][0]["cost"]
    # lang left out is English, and only the languages the messages have are taken
    assert (await client.post("/v1/recommendations", json={**LLAMA, "lang": "en"})).json() == en
    bad = await client.post("/v1/recommendations", json={**LLAMA, "lang": "de"})
    assert bad.status_code == 400


async def test_romanian_reason_and_rejected(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    body = {**LLAMA, "max_usd_per_month": 50}
    en = (await client.post("/v1/recommendations", json=body)).json()
    ro = (await client.post("/v1/recommendations", json={**body, "lang": "ro"})).json()
    assert en["reason"] and ro["reason"]
    assert len(ro["rejected"]) == len(en["rejected"])


async def test_the_page_sends_its_language_and_the_options_layout() -> None:
    js = _js()
    assert "lang: lang" in _function(js, "recommendationBody")
    sizing = _function(js, "sizingBody")
    assert "body.parallelism = layout" in sizing and "optionLayout(top)" in sizing
    layout = _function(js, "optionLayout")
    for field in ("gpus_per_replica", "replicas_per_node", "o.nodes"):
        assert field in layout


async def test_the_options_layout_gives_the_options_memory(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    """What optionLayout sends for the audit's case (tensor parallel 2 on 2 x MI300X) makes
    /v1/sizing describe the option: its memory per GPU is the option's."""
    rec = (await client.post("/v1/recommendations", json=LLAMA)).json()
    top = rec["options"][0]
    assert top["fit"]["parallelism"] == "tensor parallel 2"
    per, rpn = top["fit"]["gpus_per_replica"], top["fit"]["replicas_per_node"]
    m = re.search(r"pipeline (\d+)", top["fit"]["parallelism"])
    pipeline = int(m.group(1)) if m else 1
    layout = {"tensor": per // pipeline, "pipeline": pipeline, "data": rpn * top["nodes"]}
    sizing = (await client.post("/v1/sizing", json={
        "model": "llama-3.1-70b", "task": "inference", "input_tokens": 32768 - 512,
        "output_tokens": 512, "batch_size": 8, "weights": top["weights"],
        "gpu": top["offer"]["gpu"], "gpu_count": per * rpn * top["nodes"],
        "parallelism": layout})).json()
    assert abs(sizing["memory"]["per_gpu"]["total_gib"] - top["fit"]["per_gpu_used_gib"]) < 0.05


async def test_speed_and_cost_per_output_at_one_load_and_in_each_kinds_unit() -> None:
    js = _js()
    metrics = js[js.index("var METRICS = ["):js.index("var NO_METRIC")]
    entries = re.findall(r"\{ speed: (.*?)costKey: '(\w+)'", metrics, re.S)
    pairs = {key: body for body, key in entries}
    # the LLM pairs: speed and cost at the same load
    assert "output_tokens_per_s_at_load" in pairs["perMillionAtLoad"]
    assert "per_million_output_tokens_at_load_usd" in pairs["perMillionAtLoad"]
    assert "output_tokens_per_s_total" in pairs["perMillionSaturated"]
    assert "per_million_output_tokens_usd" in pairs["perMillionSaturated"]
    assert "at_load" not in pairs["perMillionSaturated"]
    for key, fields in (("perThousandImages", ("images_per_s", "per_thousand_images_usd")),
                        ("perVideo", ("seconds_per_video", "per_video_usd")),
                        ("perAudioHour", ("audio_seconds_per_s", "per_audio_hour_usd")),
                        ("perMillionEmbedded", ("embedded_tokens_per_s",
                                                "per_million_tokens_embedded_usd"))):
        assert all(f in pairs[key] for f in fields), key
    keys = set(re.findall(r"(?:speedKey|costKey|axisKey): '(\w+)'", metrics))
    for lang in ("en", "ro"):
        assert keys <= set(_web(lang)), keys - set(_web(lang))
    assert _web("ro")["tpsAtLoad"] != _web("en")["tpsAtLoad"]
    # both columns are named by the metric, in the page's language
    html = (WEB_DIR / "index.html").read_text()
    assert 'id="col-cost"' in html and 'id="col-speed"' in html
    assert "t(metric.costKey)" in js and "t(metric.speedKey)" in js
    assert "tokensPerS(" not in js and "'axisTps'" not in js


async def test_topics_pricing_kind_and_validation_in_the_pages_language() -> None:
    js, en, ro = _js(), _web("en"), _web("ro")
    for topic in TOPICS:
        assert f"topic_{topic}" in en and f"topic_{topic}" in ro
    assert ro["topic_pricing"] != "pricing" and ro["topic_quantization"] != "quantization"
    assert "topicName(p.topic)" in js
    # the pricing kind: one word in Romanian, the answers' ([pricing])
    with (ROOT / "knowledge" / "messages" / "ro.toml").open("rb") as f:
        assert ro["on_demand"] == tomllib.load(f)["pricing"]["on_demand"]
    # the core's English sentence only on the English page
    assert "lang === 'en' ? o.why : t(o.pricing_model)" in js
    # the form's numbers are checked with the page's words, not the browser's
    check = _function(js, "localValidity")
    assert "setCustomValidity" in check
    for key in ("invalidNumber", "invalidStep", "invalidMin", "invalidMax", "invalidMissing"):
        assert f"'{key}'" in check and key in en and key in ro
    assert "localValidity(field)" in _function(js, "validate")
