"""Training answers in /v1/ask and spot plan days, fixed (audit train3, /tmp/audit/train3):

1. A spot pre-training run with its tokens and a deadline ("2T tokens in 30 days on spot
   H100s") was priced as one GPU rented for 30 days ($735): the job was dropped. It is the
   deadline plan, priced on spot, the count meeting the deadline with the restarts of a job
   over that many instances (``Ctx.spot_overhead_of``) and the days said with them.
2. Multi-node spot plans billed the restart overhead but said the days without it
   ("finish in 22.0 days" where the $112,488 billed is 29.3 days of spot time).
3. A training fit on a named GPU gave the memory with checkpointing off (the default where
   it fits) without saying so, beside a fits_on sized at the least memory.
4. The long-job warning's "within 30 days" count (doubling: 512 × A100) was not the
   deadline answer's (304 × A100) for the same run.
5. A fine-tune's cost in ask was hours × price, where the recommendations bill the
   provider's granularity (lium bills by the hour: 6 h, not 5.2).

Throughputs are not pinned: each test compares the answer with the sizing or the
recommendation it rests on."""

from __future__ import annotations

import re
from types import SimpleNamespace

import msgspec
import pytest

from service.domain.recommend.context import Ctx, billed_hours
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, head
from tests.unit.rec_fixtures import fake, offer


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _overhead(instances: int, minutes: float = 30.0) -> float:
    """The recommendations' spot overhead of a training job over ``instances`` (read from
    ``Ctx``, not copied)."""
    one = vars(Ctx)["spot_overhead"].func(
        SimpleNamespace(req=SimpleNamespace(checkpoint_interval_minutes=minutes)))
    stand_in = SimpleNamespace(req=SimpleNamespace(workload="pretrain"), spot_overhead=one)
    return float(Ctx.spot_overhead_of(stand_in, SimpleNamespace(nodes=instances)))  # type: ignore[arg-type]


# -- 1. spot pre-training with a deadline -------------------------------------------------------

_SPOT_Q = ("How much would it cost to pre-train Llama 2 7B on 2T tokens in 30 days on spot "
           "H100s? The job checkpoints every 30 minutes and can be interrupted.")


def test_spot_pretraining_with_a_deadline_is_the_deadline_plan_on_spot() -> None:
    r = ask(_SPOT_Q)
    text = head(r)
    assert "720 hours" not in text and "1 × NVIDIA H100" not in text, text
    m = re.search(r"takes ([\d,]+) × NVIDIA H100 SXM5 80GB", text)
    assert m is not None, text
    n = int(_number(m.group(1)))
    assert n > 8  # one machine does not finish 2T tokens in 30 days
    nodes = n // 8
    sized = _size(model="llama-2-7b", task="pretrain", gpu="h100-sxm", gpu_count=n,
                  training_tokens=2e12)
    assert sized.performance is not None and sized.performance.training_hours
    compute_h = sized.performance.training_hours
    over = _overhead(nodes)
    expected_h = compute_h * (1 + over)
    # the count meets the deadline with its restarts, and the days said carry them
    assert expected_h <= 30 * 24
    assert f"about {expected_h / 24:,.1f} days" in text, text
    assert "restarts" in text and f"{100 * over:.1f}%" in text, text
    # the cost asked is the spot price x GPUs x the expected hours
    q, cost, unit = asked(r)
    assert (q, unit) == ("per_training_run_usd", "USD")
    price = re.search(r"on spot at \$([\d.,]+)/h per GPU", text)
    assert price is not None, text
    assert cost == pytest.approx(_number(price.group(1)) * n * expected_h, rel=0.01)


# -- 2. multi-node spot plans: the days said include the restarts -------------------------------


def test_multi_node_spot_days_include_the_restarts_they_are_billed_for() -> None:
    offers = [offer("h100x8-ib", "h100-sxm", 8, 20.0, spot=10.0, network="infiniband")]
    rec = fake(offers, model="llama-2-7b", workload="pretrain", training_tokens=2e12,
               gpus=["h100-sxm"], allow_multi_node=True, interruptible=True, top_n=5)
    spot = [o for o in rec.options if o.pricing_model == "spot" and o.nodes > 1]
    assert spot, [(o.offer.id, o.nodes, o.pricing_model) for o in rec.options]
    texts = [o.why + " ".join(o.warnings) for o in spot] + [
        a.effect for a in rec.alternatives]
    said = [float(x.replace(",", "")) for t in texts
            for x in re.findall(r"finish(?:es)? in ~?([\d,.]+) days", t)]
    assert said, texts
    for o in spot:
        h = o.performance.job_hours
        assert h is not None and o.cost.expected_spot_overhead_pct is not None
        with_restarts = h * (1 + o.cost.expected_spot_overhead_pct / 100) / 24
        # never the compute days alone for a spot plan
        assert round(h / 24, 1) not in said or round(h / 24, 1) == round(with_restarts, 1)
    assert any("expected, with restarts" in t for t in texts), texts


# -- 3. the training step chosen on a named GPU is said, with the least memory ------------------


@pytest.mark.parametrize(("q", "model", "method"), [
    ("Can I fully fine-tune Llama 3.2 1B on a 24 GB card?", "llama-3.2-1b", "full"),
    ("How fast does QLoRA fine-tuning of Llama 3.1 8B run on an RTX 4090?", "llama-3.1-8b",
     "qlora"),
])
def test_a_named_gpu_fit_says_checkpointing_off_and_the_least_memory(q: str, model: str,
                                                                     method: str) -> None:
    text = head(ask(q))
    lean = _size(model=model, task="finetune", gpu="rtx-4090",
                 finetune={"method": method, "gradient_checkpointing": True,
                           "micro_batch_size": 1})
    assert "checkpointing off" in text, text
    assert f"{lean.memory.per_gpu_gib:,.1f} GiB per GPU with gradient checkpointing" in text, text


def test_checkpointing_stated_is_not_said_as_a_default() -> None:
    text = head(ask("How fast does QLoRA fine-tuning of Llama 3.1 8B run on an RTX 4090 with "
                    "gradient checkpointing and batch size 2?"))
    assert "checkpointing off" not in text, text


# -- 4. one "within 30 days" count per run ------------------------------------------------------


def test_the_long_job_warning_names_the_deadline_answers_count() -> None:
    deadline = ask("How many A100 80GB GPUs do I need to pre-train Llama 2 7B on 2T tokens in "
                   "30 days?")
    q, n, _ = asked(deadline)
    assert q == "gpu_count"
    long = ask("How long does it take to pre-train Llama 2 7B on 2T tokens on 8 A100 80GB?")
    warning = long.answer.split("Warnings:")[-1]
    assert "over 30 days" in warning, long.answer
    assert f"on {int(n):,} × NVIDIA A100 SXM4 80GB" in warning, (n, warning)


# -- 5. a job's cost is billed as the provider bills ---------------------------------------------


def test_a_fine_tune_cost_follows_the_providers_billing_granularity() -> None:
    r = ask("How long to LoRA fine-tune Llama 3.1 8B on 100M tokens on 2 RTX 4090s?")
    text = head(r)
    m = re.search(r"about ([\d.,]+) hours at [\d,]+ tokens/s, about \$([\d.,]+) at "
                  r"\$([\d.,]+)/h per GPU \((\w+)", text)
    assert m is not None, text
    hours, cost, price, prov = (_number(m.group(1)), _number(m.group(2)),
                                _number(m.group(3)), m.group(4))
    billed, _ = billed_hours(hours, catalog().providers_by_id.get(prov))
    # the whole hours billed, not the run's fraction of one (storage is said apart)
    assert cost == pytest.approx(billed * price * 2, abs=0.02), (text, billed)
    assert "storage" in text, text
