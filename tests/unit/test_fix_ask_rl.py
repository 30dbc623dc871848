"""Preference and RL fine-tuning in /v1/ask and multi-node training prices (task ask_rl, audit
ask_en #1, #3, #5): DPO, KTO, ORPO, SimPO, GRPO, PPO / RLHF and SFT / instruction tuning are
fine-tuning (they were sized as inference: "dpo llama 3.1 8b full params" said 17.0 GiB),
sized with the frozen and trained models each holds (sizing's ``finetune.objective``); a
training run's 30-day hint prices the count it names by the same rule as a run asked on that
count (the cheapest trusted offer, machines joined by a fast network past one machine), and
says in words where no price is known (it printed "for about ?")."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.answer.understand import extract, training_setup
from service.domain.catalog.trust import TRUSTED
from service.domain.recommend.context import FAST_NETWORKS
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head


def _train(objective: str, method: str = "full", gpu: str | None = None) -> SizingResult:
    kw: dict[str, object] = {"model": "llama-3.1-8b", "task": "finetune",
                             "finetune": {"method": method, "objective": objective}}
    if gpu is not None:
        kw.update(gpu=gpu, training_tokens=100_000_000)
    return size(msgspec.convert(kw, SizingRequest), catalog())


# -- 1. the objectives are fine-tuning ---------------------------------------------------------


@pytest.mark.parametrize(("q", "objective", "method"), [
    ("dpo llama 3.1 8b full params how much vram", "dpo", "full"),
    ("grpo qwen2.5 7b on 1 h100 enough memory?", "grpo", "full"),
    ("orpo mistral 7b on a single a100 80gb fits?", "orpo", "full"),
    ("rlhf ppo llama 3.1 8b how many h100s", "ppo", "full"),
    ("instruction tune llama 3.1 8b on a 4090 possible?", "sft", "full"),
    ("kto with lora on llama 3.1 8b, one h100?", "kto", "lora"),
    ("simpo qlora mistral 7b on a 4090", "simpo", "qlora"),
    ("antrenare DPO pentru Llama 3.1 8B pe un H100: încape?", "dpo", "full"),
])
def test_objectives_are_read_as_finetuning(q: str, objective: str, method: str) -> None:
    ex = extract(q, catalog().registry)
    assert (ex.workload, ex.method) == ("finetune", method)
    assert training_setup(q).objective == objective
    assert ask(q).intent == "finetune"


def test_an_objective_inside_a_model_name_is_none() -> None:
    q = "serve tulu-2-dpo-70b on 2 h100"
    assert training_setup(q).objective is None
    assert extract(q, catalog().registry).workload != "finetune"


def test_full_dpo_memory_adds_the_frozen_reference() -> None:
    r = ask("dpo llama 3.1 8b full params how much vram")
    sft, dpo = _train("sft"), _train("dpo")
    # the reference: a second bf16 copy of the weights (15.0 GiB), beside activations doubled
    # for the (chosen, rejected) pair; it was 17.0 GiB, the inference figure
    assert dpo.memory.weights_gib == pytest.approx(2 * sft.memory.weights_gib)
    assert asked(r)[:1] == ("total_gib",)
    assert asked(r)[1] == pytest.approx(dpo.memory.total_gib)
    assert asked(r)[1] == pytest.approx(144.4, abs=0.1)
    assert "DPO: sized with a frozen reference model" in head(r), r.answer
    assert "about 15.0 GiB" in head(r)


def test_dpo_with_lora_has_no_reference_copy() -> None:
    sft, dpo = _train("sft", "lora"), _train("dpo", "lora")
    assert dpo.memory.weights_gib == pytest.approx(sft.memory.weights_gib)
    r = ask("dpo llama 3.1 8b with lora on one h100 how much memory")
    assert "the reference model is the frozen base with the adapters turned off" in head(r)


def test_grpo_on_one_h100_is_no() -> None:
    r = ask("grpo qwen2.5 7b on 1 h100 enough memory?")
    # the objective named first (task rec_objective: it read "No, full fine-tuning of")
    assert first_sentence(r).startswith("No, full GRPO fine-tuning of Qwen2.5 7B"), r.answer
    assert asked(r)[2] == "GiB" and asked(r)[1] > 79.2
    assert "Not counted: the rollouts (GRPO" in head(r)


def test_orpo_is_reference_free() -> None:
    r = ask("orpo mistral 7b on a single a100 80gb fits?")
    assert first_sentence(r).startswith("No,"), r.answer
    assert "ORPO: reference-free" in head(r)
    assert _train("orpo").memory.weights_gib == pytest.approx(_train("sft").memory.weights_gib)


def test_ppo_holds_four_models_and_runs_slower() -> None:
    sft, ppo = _train("sft", gpu="h200-sxm"), _train("ppo", gpu="h200-sxm")
    # policy + value model trained, reference + reward model frozen: 4 copies of the weights
    assert ppo.memory.weights_gib == pytest.approx(4 * sft.memory.weights_gib)
    assert any(a.name == "objective" for a in ppo.assumptions)
    lora_sft, lora_ppo = _train("sft", "lora", "h100-sxm"), _train("ppo", "lora", "h100-sxm")
    assert lora_sft.performance is not None and lora_ppo.performance is not None
    s_tps = lora_sft.performance.training_tokens_per_s or 0
    p_tps = lora_ppo.performance.training_tokens_per_s or 0
    assert 0 < p_tps < s_tps / 2  # x2 trained, + reference and reward forward passes
    r = ask("rlhf ppo llama 3.1 8b how many h100s")
    # the count search tries every count the recommendations try, not only 2, 4, 8 (audit
    # consist #1): 5 x H100 under ZeRO-3 (68.8 GiB per GPU) before tensor x data parallel
    # was weighed within a node; 4 x H100 as TP4 (71.1 GiB) now, where ZeRO-3 on 4 needs
    # 73.0, over the 10 % headroom (buyer audit 26b #3)
    assert asked(r)[:2] == ("gpu_count", 4), r.answer
    assert "tensor-parallel 4 ways" in head(r), r.answer
    assert "a frozen reward model and trains a value model" in head(r)


def test_instruction_tuning_is_full_finetuning() -> None:
    r = ask("instruction tune llama 3.1 8b on a 4090 possible?")
    assert first_sentence(r).startswith("No, full fine-tuning of Meta Llama 3.1 8B")
    assert asked(r)[1] == pytest.approx(_train("sft").memory.total_gib)  # was 17.0
    assert "SFT: sized as full fine-tuning" in head(r)


def test_dpo_in_romanian() -> None:
    r = ask("antrenare DPO pentru Llama 3.1 8B pe un H100: încape?")
    assert first_sentence(r).startswith("Nu, fine-tuning DPO complet"), r.answer
    assert "DPO: dimensionat cu un model de referință înghețat" in head(r)


# -- 3. multi-node prices by one rule ----------------------------------------------------------


def _fabric_price_per_gpu() -> float:
    """The cheapest trusted on-demand $/GPU-hour of 8 x H100 machines joined by a fast
    network (the recommendations' FAST_NETWORKS rule), read from the catalog."""
    return min(v.on_demand_usd_h / v.gpu_count for v in catalog().views(TODAY)
               if v.gpu == "h100-sxm" and v.gpu_count == 8 and v.network in FAST_NETWORKS
               and v.on_demand_usd_h and not v.stale and not v.suspect)


@pytest.mark.parametrize("n", [16, 32, 48, 64, 128])
def test_every_multi_node_count_prices_on_the_same_rule(n: int) -> None:
    r = ask(f"how much to pretrain a 7b model on 1T tokens on {n} h100s")
    per = f"at ${_fabric_price_per_gpu():,.2f}/h per GPU"
    assert per in head(r), r.answer
    # the same job at the same $/GPU-hour costs the same at every count (within billing
    # rounding and the storage on each machine): $106,960 on 64 beside $222,751 on 16
    # ($194,930-195,389 since the network between the nodes is counted once, audit 29b #8)
    assert asked(r)[1] == pytest.approx(195_100, rel=0.002)


def test_the_30_day_hint_prices_its_count_as_asking_on_it() -> None:
    r = ask("how long to pretrain a 7b model on 2T tokens on 8 h100s")
    hint = next(x for x in r.answer.split(". ") if "over 30 days" in x)
    m = re.search(r"on (\d+) × NVIDIA H100 SXM5 80GB it takes about [\d.]+ days, for about "
                  r"\$([\d,]+) at \$([\d.]+)/h per GPU \(coreweave, machines joined over "
                  r"InfiniBand\)", hint)
    assert m is not None, hint
    assert float(m.group(3)) == pytest.approx(_fabric_price_per_gpu(), abs=0.005)
    direct = ask(f"how much to pretrain a 7b model on 2T tokens on {m.group(1)} h100s")
    assert m.group(2) == f"{asked(direct)[1]:,.0f}"  # $445,283 beside $445,700 before


# -- 5. no "?" for an unknown price ------------------------------------------------------------


def test_unknown_price_of_a_hint_is_said_in_words() -> None:
    r = ask("how many gpu hours to pretrain a 13b model on 2T tokens on a100s")
    warnings = r.answer.split("Warnings: ")[1]
    assert "for about ?" not in warnings and " ?" not in warnings, warnings
    # 584 (73 machines) finish in 29.8 of the 30 days: the deadline search steps back over
    # whole machines its step up overshot (672 in 26.0 days before); 29.8 since a bare 13B is
    # a current layout (Mistral NeMo's scaled to 13B, audit buyer25b #4), 29.9 as Llama 2 13B
    # (the plan is a sentence of the answer since fix/pretrainplan: GPU-hours asked with no
    # count or deadline get the 30-day plan beside them, no longer a warning)
    assert " ?" not in r.answer.split("Warnings: ")[0]
    # priced since AWS's p4d.24xlarge (8 x A100 40GB over EFA) keeps its trusted on-demand
    # price without the spot price its source doubts (buyer audit 27a #6): it was "at a price
    # the catalog cannot give: it has no trusted offer of 584 × NVIDIA A100 SXM4 40GB"
    # 512 (64 machines) in 29.9 days since the network between the nodes is counted once
    # (audit 29b #8; 584, 73 machines, before)
    assert "512 × NVIDIA A100 SXM4 40GB (64 machines of 8), about 29.9 days" in r.answer
    assert f"at ${_p4d_per_gpu():.2f}/h per GPU (aws, machines joined over EFA)" in r.answer, \
        r.answer
    assert "cannot give" not in r.answer


def test_unknown_price_of_a_hint_in_romanian() -> None:
    r = ask("cât durează preantrenarea unui model 13B pe 2T de tokeni pe 8 A100?")
    warnings = r.answer.split("Avertismente: ")[1]
    assert " ?" not in warnings, warnings
    per = f"{_p4d_per_gpu():.2f}".replace(".", ",")
    assert ("pe 512 × NVIDIA A100 SXM4 40GB durează aproximativ 29,9 zile, pentru aproximativ "
            in warnings and f"USD la {per}\u00a0USD/oră pe GPU (aws, mașini legate prin EFA)"
            in warnings), warnings
    assert "nu îl poate da" not in warnings


def _p4d_per_gpu() -> float:
    """AWS p4d.24xlarge's trusted on-demand price per GPU ($21.96 / 8 = $2.74)."""
    c = catalog()
    assert c.trust_of("aws-p4d-24xlarge") is TRUSTED
    price = c.offers_by_id["aws-p4d-24xlarge"].on_demand_usd_h
    assert price is not None
    return price / 8
