"""The fine-tuning objective in the recommendations and in /v1/ask's first sentence (task
rec_objective).

/v1/sizing sizes ``finetune.objective`` (DPO, KTO and GRPO with full training hold a frozen
reference copy of the weights, PPO a reference and a reward model and a value model trained
beside the policy; none of them a reference copy with LoRA or QLoRA, where the base with the
adapters off is the reference; every reference and reward model adds a forward pass a step).
/v1/recommendations received the same ``finetune`` and sized every fine-tune as plain SFT:
full DPO of Llama 3.1 8B on 8 x H100 was an option at 54.6 GiB per GPU and 63,592 training
tokens/s, where /v1/sizing with the option's own step says 81.7 GiB (it does not fit) and
47,694 tokens/s. Each option's figures now agree with /v1/sizing for the same GPU, count and
step, and /v1/ask's training answers name the objective in their first sentence ("Full DPO
fine-tuning of Meta Llama 3.1 8B ...", "fine-tuning DPO complet pentru ..."), where it said
"Full fine-tuning of ..." for a DPO run."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.domain.recommend.types import Option, Recommendation
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, first_sentence, head
from tests.unit.rec_fixtures import fake, offer, shipped

OFFERS = [
    offer("h100x8", "h100-sxm", 8, 20.0, network="infiniband"),
    offer("h200x8", "h200-sxm", 8, 30.0, network="infiniband"),
    offer("h100x1", "h100-sxm", 1, 2.5),
]
TOKENS = 100_000_000


def _rec(method: str, objective: str) -> Recommendation:
    return fake(OFFERS, model="llama-3.1-8b", workload="finetune", training_tokens=TOKENS,
                finetune={"method": method, "objective": objective}, top_n=10)


def _option(rec: Recommendation, oid: str) -> Option:
    found = [o for o in rec.options if o.offer.id == oid and o.nodes == 1]
    assert found, (oid, [o.offer.id for o in rec.options], rec.reason)
    return found[0]


def _sized(o: Option, method: str, objective: str, **extra: Any) -> SizingResult:
    """/v1/sizing for the option's GPU, count, weights and training step."""
    f = o.fit
    req = {"model": "llama-3.1-8b", "task": "finetune", "weights": o.weights,
           "gpu": o.offer.gpu, "gpu_count": o.offer.gpu_count * o.nodes,
           "training_tokens": TOKENS,
           "finetune": {"method": method, "objective": objective, "zero_stage": f.zero_stage,
                        "gradient_checkpointing": f.gradient_checkpointing,
                        "micro_batch_size": f.micro_batch_size}, **extra}
    return size(msgspec.convert(req, SizingRequest), shipped())


def _agrees(o: Option, method: str, objective: str) -> SizingResult:
    s = _sized(o, method, objective)
    assert s.fits, (o.offer.id, s.memory.per_gpu_gib)
    assert s.memory.per_gpu_gib == pytest.approx(o.fit.per_gpu_used_gib, abs=0.01), o.offer.id
    assert s.performance is not None
    assert s.performance.training_tokens_per_s == pytest.approx(
        o.performance.training_tokens_per_s, rel=1e-9), o.offer.id
    return s


# -- 1. the recommendations size the objective as /v1/sizing does -------------------------------


@pytest.mark.parametrize("objective", ["dpo", "kto", "orpo", "grpo", "ppo"])
@pytest.mark.parametrize("method", ["full", "lora"])
def test_every_option_agrees_with_sizing(method: str, objective: str) -> None:
    rec = _rec(method, objective)
    assert rec.options, rec.reason
    for o in rec.options:
        _agrees(o, method, objective)


def test_full_dpo_counts_the_reference_copy_and_its_forward_pass() -> None:
    sft, dpo = _rec("full", "sft"), _rec("full", "dpo")
    s_o, d_o = _option(sft, "h100x8"), _option(dpo, "h100x8")
    # SFT: ZeRO-1, no checkpointing, 54.6 GiB and 63,592 tokens/s; DPO was the same figures.
    # The reference (a second bf16 copy, whole on every GPU under ZeRO-1/2) and the pairs'
    # doubled activations no longer fit the 71.3 GiB the 10% headroom leaves under ZeRO-1
    # (81.7 GiB): ZeRO-2 shards the gradients, 68.0 GiB
    assert s_o.fit.per_gpu_used_gib == pytest.approx(54.59, abs=0.01)
    assert s_o.performance.training_tokens_per_s == pytest.approx(63592.3, abs=0.1)
    assert (d_o.fit.zero_stage, d_o.fit.gradient_checkpointing) == (2, False)
    assert d_o.fit.per_gpu_used_gib == pytest.approx(67.96, abs=0.01)
    # the reference's forward pass: 2·N beside the policy's 6·N a token (x 6/8)
    assert d_o.performance.training_tokens_per_s == pytest.approx(47694.2, abs=0.1)
    assert d_o.performance.training_tokens_per_s < s_o.performance.training_tokens_per_s
    # the same run, the same job hours: the time and the cost follow the speed
    assert d_o.performance.job_hours == pytest.approx(
        TOKENS / d_o.performance.training_tokens_per_s / 3600, rel=1e-6)
    sized = _agrees(d_o, "full", "dpo")
    # the reference copy is in the weights /v1/sizing counts: two copies of the 16-bit policy
    plain = _sized(d_o, "full", "sft")
    assert sized.memory.weights_gib == pytest.approx(2 * plain.memory.weights_gib)


def test_ppo_counts_the_reward_and_value_models() -> None:
    ppo, dpo = _option(_rec("full", "ppo"), "h200x8"), _option(_rec("full", "dpo"), "h200x8")
    sized = _agrees(ppo, "full", "ppo")
    plain = _sized(ppo, "full", "sft")
    # policy and value model trained, reference and reward model frozen: four copies
    assert sized.memory.weights_gib == pytest.approx(4 * plain.memory.weights_gib)
    assert ppo.fit.per_gpu_used_gib == pytest.approx(101.71, abs=0.01)
    assert ppo.performance.training_tokens_per_s == pytest.approx(23847.1, abs=0.1)
    assert ppo.performance.training_tokens_per_s < dpo.performance.training_tokens_per_s


def test_lora_and_qlora_hold_no_reference_copy() -> None:
    # KTO is not paired: with LoRA its memory is SFT's exactly, its speed lower by the
    # reference's forward pass (the base with the adapters off)
    sft, kto = _option(_rec("lora", "sft"), "h100x1"), _option(_rec("lora", "kto"), "h100x1")
    assert kto.fit.per_gpu_used_gib == pytest.approx(sft.fit.per_gpu_used_gib, abs=1e-9)
    assert kto.performance.training_tokens_per_s == pytest.approx(10759.5, abs=0.1)
    assert sft.performance.training_tokens_per_s == pytest.approx(16014.5, abs=0.1)
    _agrees(kto, "lora", "kto")
    q_sft = _option(_rec("qlora", "sft"), "h100x1")
    q_dpo = _option(_rec("qlora", "dpo"), "h100x1")
    s = _agrees(q_dpo, "qlora", "dpo")
    assert s.memory.weights_gib == pytest.approx(_sized(q_dpo, "qlora", "sft").memory.weights_gib)
    assert q_dpo.performance.training_tokens_per_s < q_sft.performance.training_tokens_per_s


def test_the_recommendation_says_the_objective() -> None:
    rec = _rec("full", "dpo")
    note = next((a for a in rec.assumptions if a.name == "objective"), None)
    assert note is not None, [a.name for a in rec.assumptions]
    assert note.value == "dpo"
    assert "frozen reference model" in note.reason
    assert not any(a.name == "objective" for a in _rec("full", "sft").assumptions)


# -- 2. /v1/ask names the objective in its first sentence ----------------------------------------


def test_ask_names_dpo_first() -> None:
    r = ask("dpo llama 3.1 8b full params how much vram")
    assert first_sentence(r).startswith(
        "Full DPO fine-tuning of Meta Llama 3.1 8B (bf16 base) needs about 144.4 GiB"), r.answer


def test_ask_names_the_objective_with_lora() -> None:
    r = ask("kto with lora on llama 3.1 8b, one h100?")
    assert first_sentence(r).startswith(
        "Yes, LoRA KTO fine-tuning of Meta Llama 3.1 8B fits on 1 × NVIDIA H100 SXM5 80GB"
    ), r.answer


def test_ask_names_grpo_in_a_no() -> None:
    r = ask("grpo qwen2.5 7b on 1 h100 enough memory?")
    assert first_sentence(r).startswith("No, full GRPO fine-tuning of Qwen2.5 7B"), r.answer


def test_ask_names_dpo_in_romanian() -> None:
    r = ask("antrenare DPO pentru Llama 3.1 8B pe un H100: încape?")
    assert first_sentence(r).startswith(
        "Nu, fine-tuning DPO complet pentru Meta Llama 3.1 8B nu încape"), r.answer


def test_sft_keeps_its_words() -> None:
    r = ask("instruction tune llama 3.1 8b on a 4090 possible?")
    assert first_sentence(r).startswith("No, full fine-tuning of Meta Llama 3.1 8B"), r.answer


def test_the_cheapest_setup_for_dpo_is_priced_for_dpo() -> None:
    r = ask("cheapest gpu for full dpo of llama 3.1 8b")
    assert first_sentence(r).startswith(
        "For full DPO fine-tuning of Meta Llama 3.1 8B, the recommendations' cheapest setup"
    ), r.answer
    # the recommendations' cheapest by the hour now holds the reference copy: it was SFT's,
    # 8 × RTX 3090 24GB at $1.28/h
    assert "is 4 × NVIDIA L40S 48GB at bf16 at lium for $1.52/h" in first_sentence(r), r.answer
    assert "DPO: sized with a frozen reference model" in head(r)


def test_a_run_priced_says_which_run() -> None:
    r = ask("how much to do dpo on llama 3.1 8b full on 8 h100 for 100M tokens")
    # it read "For 100,000,000 training tokens: about 35 minutes ..." with no method
    assert first_sentence(r).startswith(
        "For full DPO fine-tuning of Meta Llama 3.1 8B on 100,000,000 training tokens: about "
        "35 minutes at 47,694 tokens/s"), r.answer
    # no "Yes," in the middle: no yes or no was asked (fix/askedmem; it pinned "Yes, full DPO")
    assert ("Full DPO fine-tuning of Meta Llama 3.1 8B fits on 8 × NVIDIA H100 SXM5 80GB: "
            "about 68.0 GiB per GPU") in head(r)
    plain = ask("how much to fine-tune llama 3.1 8b full on 8 h100 for 100M tokens")
    assert first_sentence(plain).startswith("For 100,000,000 training tokens: about"), plain.answer


def test_a_run_priced_says_which_run_in_romanian() -> None:
    r = ask("cât costă antrenarea DPO completă pentru Llama 3.1 8B pe 8 H100 pentru 100M de "
            "tokeni?")
    assert first_sentence(r).startswith(
        "Pentru fine-tuning DPO complet al lui Meta Llama 3.1 8B pe 100.000.000 de tokeni de "
        "antrenare: aproximativ 35 de minute la 47.694 de tokeni/s"), r.answer


def test_a_job_priced_by_the_recommendations_is_the_objectives() -> None:
    dpo = ask("how much would dpo of llama 3.1 70b with qlora cost on 100M tokens")
    sft = ask("how much would fine-tuning llama 3.1 70b with qlora cost on 100M tokens")
    assert first_sentence(dpo).startswith("QLoRA DPO fine-tuning of Meta Llama 3.1 70B on "
                                          "100,000,000 tokens costs about"), dpo.answer
    assert asked(dpo)[0] == asked(sft)[0] == "per_job_usd"
    # the reference's forward pass and the pairs: a dearer run than SFT's
    assert asked(dpo)[1] > asked(sft)[1], (dpo.answer, sft.answer)
