"""Recommendations for a diffusion model's fine-tune (audit 29b #14: POST /v1/recommendations
with SDXL and workload finetune was a 400 "fine-tuning and pre-training recommendations cover
LLMs", and /v1/ask's "cheapest GPU to rent for SDXL LoRA training?" gave the memory and no
price): ranked by memory as /v1/sizing sizes it and by the hour's price, the job time unknown
(never $0); and a deadline's ranking (max_job_hours: the job's cost alone among the options
that meet it, said in its assumption and documented)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.compose import AskRequest, answer
from service.domain.errors import InvalidInput
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.kb_fixtures import TODAY, catalog, head, kb


def _rec(**body: object) -> Recommendation:
    return recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY)


def _note(r: Recommendation, name: str) -> str:
    return next(f"{a.value} | {a.reason}" for a in r.assumptions if a.name == name)


@pytest.mark.parametrize("method", ["lora", "full"])
def test_sdxl_finetune_is_ranked_by_the_hour(method: str) -> None:
    r = _rec(model="sdxl", workload="finetune", finetune={"method": method},
             interruptible=False, top_n=5)
    assert r.options and r.reason is None
    hours = [o.cost.per_hour_usd for o in r.options]
    assert hours == sorted(hours)
    for o in r.options:
        # no job time, so no job cost: never $0
        assert o.performance.job_hours is None and o.cost.per_job_usd is None
        assert o.cost.per_hour_usd > 0
        assert "Job time unknown" in o.why
        assert f"${o.cost.per_hour_usd:.2f}/h times its hours" in o.why
    assert _note(r, "job_time").startswith("unknown")


@pytest.mark.parametrize(("model", "method"), [("sdxl", "lora"), ("sdxl", "full"),
                                               ("flux-dev", "qlora"), ("sd-1.5", "lora")])
def test_memory_is_sizings(model: str, method: str) -> None:
    r = _rec(model=model, workload="finetune", finetune={"method": method}, top_n=1)
    o = r.options[0]
    s = size(msgspec.convert({"model": model, "task": "finetune", "gpu": o.offer.gpu,
                              "finetune": {"method": method}}, SizingRequest), catalog())
    assert s.memory.per_gpu_gib == pytest.approx(o.fit.per_gpu_used_gib, abs=0.01)
    assert o.weights == s.weights


def test_too_small_a_gpu_is_rejected_with_its_memory() -> None:
    r = _rec(model="sdxl", workload="finetune", finetune={"method": "full"},
             gpus=["rtx 4090"])
    assert not r.options
    assert r.rejected and "GiB per GPU to train (full, DDP over" in r.rejected[0].reason


@pytest.mark.parametrize(("field", "value"), [("training_tokens", 1e6),
                                              ("max_job_hours", 10.0),
                                              ("max_usd_total", 50.0)])
def test_job_fields_are_refused(field: str, value: float) -> None:
    with pytest.raises(InvalidInput) as e:
        _rec(model="sdxl", workload="finetune", **{field: value})
    assert e.value.path == f"$.{field}"
    assert "not modelled" in str(e.value)


def test_pretrain_and_audio_stay_refused() -> None:
    with pytest.raises(InvalidInput, match="a diffusion model's fine-tune is workload "
                       "finetune"):
        _rec(model="sdxl", workload="pretrain")
    with pytest.raises(InvalidInput, match="sized for inference only"):
        _rec(model="whisper-large-v3", workload="finetune")


def test_romanian_why() -> None:
    r = _rec(model="sdxl", workload="finetune", top_n=1, lang="ro")
    from service.domain.answer.localised import localise_recommendation
    ro = localise_recommendation(r, kb().messages, "ro").options[0].why
    assert "Durata rulării nu se cunoaște" in ro and "Job time" not in ro
    assert "gradient checkpointing activat, micro-batch 1" in ro


@pytest.mark.parametrize(("q", "lang"), [
    ("What is the cheapest GPU to rent for SDXL LoRA training?", "en"),
    ("Care este cel mai ieftin GPU de închiriat pentru antrenarea LoRA pe SDXL?", "ro")])
def test_ask_names_the_cheapest_hour(q: str, lang: str) -> None:
    a = answer(AskRequest(question=q), kb(), catalog(), TODAY)
    first = head(a).split(". ")[0]
    r = _rec(model="sdxl", workload="finetune", finetune={"method": "lora"},
             interruptible=False, top_n=1)
    o = r.options[0]
    hour = f"{o.cost.per_hour_usd:.2f}"
    if lang == "ro":
        assert f"{hour.replace('.', ',')} USD/oră" in first
        assert "care nu se cunosc" in first
    else:
        assert f"${hour}/h" in first
        assert "which are not given" in first
    assert o.offer.provider in first


def test_deadline_ranks_by_job_cost_alone() -> None:
    body = {"model": "llama-3.1-8b", "workload": "finetune", "training_tokens": 3e10,
            "top_n": 4}
    free = _rec(**body)
    held = _rec(**body, max_job_hours=20_000)
    costs = [o.cost.per_job_usd or 0.0 for o in held.options]
    assert costs == sorted(costs)
    # a cheaper job over 30 days ranks among them with the deadline, after faster ones
    # without it
    long = [o for o in held.options if (o.performance.job_hours or 0) > 30 * 24]
    assert long and long[0].offer.id not in {o.offer.id for o in free.options}
    said = _note(held, "max_job_hours")
    assert "rank by the job's cost alone" in said and "long_jobs" in said
