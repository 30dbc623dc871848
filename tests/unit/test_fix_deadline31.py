"""Review deadline 31: /v1/ask answers that pick a setup pick what /v1/recommendations picks.

#1: a training run with a deadline and no GPU named was planned on the GPU whose raw hours x
hourly price was lowest, where /v1/recommendations (``max_job_hours``) rank the billed job:
"Fine-tune Llama 3.1 8B with LoRA on 100M tokens within 2 hours, no spot" said 4 x L40S
billed for 2 hours ($3.05) where they rank 2 x H100 billed for 1 ($2.58) first.
#2: two models "on a 24 GB GPU" are judged on the 24 GB cards with the least usable memory,
named, with the most another 24 GB card leaves said beside it.
#3: "Does Llama 3.1 70B fit on 8 H100?" gives the answer "... in a single node of 8 H100?"
gives: yes, and the fewest that hold it (2).
#4: a GPU count asked beside another figure is answered (numbers/also.py), and the count with
a price asked says the setup /v1/recommendations rank first for the load on that GPU.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Option, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog
from tests.unit.ask_fixtures import head as _head


def head(r: Any) -> str:
    """The answer's first paragraph with its no-break spaces as spaces."""
    return _head(r).replace("\xa0", " ")


def lead(**body: Any) -> Option:
    rec = recommend(msgspec.convert({"top_n": 3, **body}, RecommendationRequest),
                    catalog(), TODAY)
    assert rec.options, rec.reason
    return rec.options[0]


def train_lead(**body: Any) -> Option:
    return lead(allow_multi_node=True, **body)


LORA_8B = {"model": "llama-3.1-8b", "workload": "finetune", "training_tokens": 1e8,
           "interruptible": False, "finetune": {"method": "lora"}, "max_job_hours": 2}


@pytest.mark.parametrize(("q", "total"), [
    ("Fine-tune Llama 3.1 8B with LoRA on 100M tokens within 2 hours, no spot",
     "about $2.58 in all"),
    ("Ajustează Llama 3.1 8B cu LoRA pe 100M de tokeni în cel mult 2 ore, fără spot",
     "aproximativ 2,58 USD în total"),
])
def test_lora_deadline_is_the_recommendations_pick(q: str, total: str) -> None:
    o = train_lead(**LORA_8B)
    assert (o.offer.gpu, o.offer.gpu_count, o.nodes) == ("h100-sxm", 2, 1)
    r = ask(q)
    text = head(r)
    assert "2 × NVIDIA H100 SXM5 80GB" in text and total in text, text
    assert "L40S" not in text
    assert r.numbers is not None
    assert [(x.offer_id, x.gpu_count, x.nodes, x.pricing_model)
            for x in r.numbers.recommendations] == [(o.offer.id, 2, 1, "on_demand")]
    assert o.cost.per_job_usd == pytest.approx(2.58, abs=0.01)


@pytest.mark.parametrize(("q", "body"), [
    ("Which GPU to fine-tune Qwen2.5 7B with QLoRA on 200M tokens within 2 hours, no spot?",
     {"model": "qwen2.5-7b", "training_tokens": 2e8, "interruptible": False,
      "finetune": {"method": "qlora"}, "max_job_hours": 2}),
    ("Fine-tune Mistral 7B with LoRA on 300M tokens within 3 hours, no spot",
     {"model": "mistral-7b", "training_tokens": 3e8, "interruptible": False,
      "finetune": {"method": "lora"}, "max_job_hours": 3}),
    ("Ajustează Mistral 7B cu LoRA pe 300M de tokeni în cel mult 3 ore, fără spot",
     {"model": "mistral-7b", "training_tokens": 3e8, "interruptible": False,
      "finetune": {"method": "lora"}, "max_job_hours": 3}),
])
def test_short_deadlines_follow_the_billed_ranking(q: str, body: dict[str, Any]) -> None:
    """Both said 8 x L40S billed for 2 hours, $12.00, where the recommendations lead with
    2 x H100 at $5.16 and $7.75."""
    o = train_lead(workload="finetune", **body)
    r = ask(q)
    assert r.numbers is not None and r.numbers.recommendations
    got = r.numbers.recommendations[0]
    assert (got.offer_id, got.gpu_count * got.nodes, got.pricing_model) == (
        o.offer.id, o.offer.gpu_count * o.nodes, o.pricing_model)
    assert "8 × NVIDIA L40S" not in head(r)


@pytest.mark.parametrize(("q", "body"), [
    ("Fine-tune Llama 3.1 70B with QLoRA on 200M tokens within 3 days",
     {"model": "llama-3.1-70b", "workload": "finetune", "training_tokens": 2e8,
      "finetune": {"method": "qlora"}, "max_job_hours": 72}),
    ("Full fine-tune of Qwen2.5 7B on 1B tokens within 1 day, no spot",
     {"model": "qwen2.5-7b", "workload": "finetune", "training_tokens": 1e9,
      "interruptible": False, "finetune": {"method": "full"}, "max_job_hours": 24}),
    ("Fine-tune Llama 3.1 70B with LoRA on 500M tokens within 12 hours, no spot",
     {"model": "llama-3.1-70b", "workload": "finetune", "training_tokens": 5e8,
      "interruptible": False, "finetune": {"method": "lora"}, "max_job_hours": 12}),
    ("Pretrain Llama 3.1 8B on 100B tokens within 10 days on spot",
     {"model": "llama-3.1-8b", "workload": "pretrain", "training_tokens": 1e11,
      "interruptible": True, "max_job_hours": 240}),
    ("Preantrenează Qwen2.5 0.5B pe 10B de tokeni în cel mult 2 zile",
     {"model": "qwen2.5-0.5b", "workload": "pretrain", "training_tokens": 1e10,
      "max_job_hours": 48}),
])
def test_deadlines_agree_with_recommendations(q: str, body: dict[str, Any]) -> None:
    """LoRA, QLoRA, full fine-tunes and pre-training within a deadline: the setup said
    first is the recommendations' first option with ``max_job_hours``, at its job cost."""
    o = train_lead(**body)
    r = ask(q)
    assert r.numbers is not None and r.numbers.recommendations
    got = r.numbers.recommendations[0]
    assert (got.offer_id, got.gpu_count * got.nodes, got.pricing_model) == (
        o.offer.id, o.offer.gpu_count * o.nodes, o.pricing_model)
    assert r.numbers.asked is not None
    if r.numbers.asked.unit == "USD":
        # (a spot pre-training run's bill differs by $0.11 of $2,667: its restarts' hours
        # are billed apart, a known rounding left alone here)
        assert r.numbers.asked.value == pytest.approx(o.cost.per_job_usd or 0.0, rel=1e-4,
                                                      abs=0.05)


@pytest.mark.parametrize(("q", "least", "wider"), [
    ("Can Llama 3.1 8B and bge-m3 fit together on one 24 GB GPU?",
     "judged on those with the least memory usable: the NVIDIA A10 24GB, NVIDIA A10G 24GB "
     "(AWS), NVIDIA L4 24GB) they take about 19.0 GiB of the 20.2 GiB usable",
     "A 24 GB card with more memory usable leaves more: 21.6 GiB on the NVIDIA A30 24GB"),
    ("Pot rula Llama 3.1 8B și bge-m3 împreună pe un GPU de 24 GB?",
     "judecat după cele cu cea mai puțină memorie utilizabilă: NVIDIA A10 24GB, NVIDIA A10G "
     "24GB (AWS), NVIDIA L4 24GB) ocupă aproximativ 19,0 GiB din cei 20,2 GiB utilizabili",
     "O placă de 24 GB cu mai multă memorie utilizabilă lasă mai mult: 21,6 GiB"),
])
def test_models_together_on_a_memory_size(q: str, least: str, wider: str) -> None:
    r = ask(q)
    text = head(r)
    assert least in text and wider in text, text
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "total_gib" and r.numbers.asked.yes is True


def test_models_together_past_the_tightest_card() -> None:
    """16 GB: no card of that size holds both; the most any leaves is said."""
    text = head(ask("Can Qwen2.5 7B and bge-m3 fit together on one 16 GB GPU?"))
    assert text.startswith("No: together they need about 18.1 GiB"), text
    assert "No 16 GB card holds them: the most memory usable on one is 14.4 GiB" in text


@pytest.mark.parametrize(("plain", "node"), [
    ("Does Llama 3.1 70B fit on 8 H100?", "Does Llama 3.1 70B fit in a single node of 8 H100?"),
    ("Încape Llama 3.1 70B pe 8 H100?", "Încape Llama 3.1 70B într-un singur nod de 8 H100?"),
])
def test_eight_gpus_answered_as_a_node(plain: str, node: str) -> None:
    a, b = ask(plain), ask(node)
    assert head(a) == head(b)
    assert ("the fewest GPUs that hold it are 2 × NVIDIA H100 SXM5 80GB" in head(a)
            or "cele mai puține GPU-uri care îl cuprind sunt 2 × NVIDIA H100" in head(a))
    assert a.numbers is not None and a.numbers.asked is not None
    assert (a.numbers.asked.quantity, a.numbers.asked.value, a.numbers.asked.yes) == (
        "gpu_count", 2, True)


@pytest.mark.parametrize(("q", "said"), [
    ("How many H100s and what does it cost per month for 70B at 50 users?",
     "/v1/recommendations rank first 2 × NVIDIA H100 SXM5 80GB at awq-int4 weights: about "
     "$1,865/month"),
    ("Câte H100 și cât costă pe lună pentru 70B la 50 de utilizatori?",
     "/v1/recommendations pun pe primul loc 2 × NVIDIA H100 SXM5 80GB cu greutăți awq-int4: "
     "aproximativ 1.865 USD/lună"),
])
def test_count_and_month_name_the_recommendations_setup(q: str, said: str) -> None:
    o = lead(model="llama-3.1-70b", concurrent_requests=50, gpus=["h100-sxm"])
    assert (o.offer.gpu_count, o.nodes, o.weights) == (2, 1, "awq-int4")
    r = ask(q)
    assert said in head(r), head(r)
    assert r.numbers is not None
    assert [x.offer_id for x in r.numbers.recommendations] == [o.offer.id]


@pytest.mark.parametrize(("q", "said"), [
    ("What's the max context for Llama 3.1 8B on an L4 and how many L4s for 20 users?",
     "For 20 concurrent users, Meta Llama 3.1 8B at bf16 needs 2 × NVIDIA L4 24GB"),
    ("Care e contextul maxim pentru Llama 3.1 8B pe L4 și câte L4 pentru 20 de utilizatori?",
     "Pentru 20 de utilizatori simultani, Meta Llama 3.1 8B la bf16 are nevoie de 2 × NVIDIA "
     "L4 24GB"),
])
def test_count_asked_beside_another_figure(q: str, said: str) -> None:
    r = ask(q)
    assert said in head(r), head(r)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "max_context_tokens"  # the lead stays the lead


def test_count_added_is_the_recommendations_setup() -> None:
    r = ask("What's the max context for Llama 3.1 8B at 20 users and how many GPUs?")
    o = lead(model="llama-3.1-8b", concurrent_requests=20)
    n = o.offer.gpu_count * o.nodes
    assert f"needs {n} × {o.offer.gpu_name}" in head(r), head(r)
    assert r.numbers is not None
    assert o.offer.id in [x.offer_id for x in r.numbers.recommendations]
