"""Audit whichsetup (28): a "which A100 setup ...?" question with a first-token target reads
a bare "A100" as the cost answer reads it (the card that holds the model on the fewest GPUs:
the A100 80GB for a 70B), its fleet the one /v1/recommendations gives for that card; a
"which setup" answer records the leading setup's figure as the number asked, not the setup
sized first that misses the target; GPUs compared "per month" for a month's volume of images
lead with each side's month for that volume; a LoRA fine-tune weighed on two counts of one
GPU answers both counts."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.kb_fixtures import TODAY, ask, catalog, head


def _fleet(gpu: str, users: int, ttft_ms: float) -> tuple[int, float, float]:
    """/v1/recommendations' top option on ``gpu`` for Llama 3 70B at ``users`` with a TTFT
    target: (GPUs in all, $/h, ms to the first token)."""
    body = {"model": "llama-3-70b", "gpus": [gpu], "concurrent_requests": users,
            "max_time_to_first_token_ms": ttft_ms, "context_tokens": 4096,
            "output_tokens": 512}
    rec = recommend(msgspec.convert(body, RecommendationRequest), catalog(), TODAY)
    o = rec.options[0]
    assert o.performance.time_to_first_token_ms is not None
    return (o.offer.gpu_count * o.nodes, o.cost.per_hour_usd,
            o.performance.time_to_first_token_ms)


@pytest.mark.parametrize(("q", "ro"), [
    ("Which A100 setup serves Llama 3 70B to 64 users with TTFT under 500 ms?", False),
    ("Ce configurație A100 servește Llama 3 70B pentru 64 de utilizatori cu TTFT sub 500 ms?",
     True),
])
def test_bare_a100_which_setup_is_the_cheaper_card(q: str, ro: bool) -> None:
    # buyer audit 29 (a100): every memory variant is weighed and the one that meets the
    # request cheapest leads (was the 80GB, the fewest GPUs: 40 x at $44.60/h where 40 x
    # A100 40GB meet it at $28.85/h); the other is named with its price
    r = ask(q)
    text = head(r)
    fleets = {g: _fleet(g, 64, 500) for g in ("a100-sxm-40gb", "a100-sxm-80gb")}
    cheap, dear = sorted(fleets, key=lambda g: fleets[g][1])
    name = {"a100-sxm-40gb": "NVIDIA A100 SXM4 40GB", "a100-sxm-80gb": "NVIDIA A100 SXM4 80GB"}
    n, hour, ttft = fleets[cheap]
    lead = text.split(". ")[0] + ". " + text.split(". ")[1]
    assert f"{n} × {name[cheap]}" in lead and name[dear] not in lead, text

    def usd(v: float) -> str:
        return f"{v:,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".") + "\xa0USD" \
            if ro else f"${v:,.2f}"

    assert usd(hour) in lead.replace(" USD", "\xa0USD"), text
    # the note names the card led as the cheapest and the other with its price
    n2, hour2, _ = fleets[dear]
    assert ("„A100” desemnează mai multe plăci" if ro else "“A100” names more than one card") \
        in text, text
    assert f"{n2} × {name[dear]}" in text and usd(hour2) in text.replace(" USD", "\xa0USD"), text
    assert r.numbers.asked is not None
    assert r.numbers.asked.quantity == "time_to_first_token_ms"
    assert r.numbers.asked.value == pytest.approx(ttft, rel=1e-6)


@pytest.mark.parametrize("q", [
    "Which H100 setup serves Llama 3 70B to 32 users with TTFT under 500 ms?",
    "Which H100 setup serves Llama 3 70B to 64 users with TTFT under 500 ms?",
    "Ce configurație H100 servește Llama 3 70B pentru 32 de utilizatori cu TTFT sub 500 ms?",
])
def test_which_setup_records_the_leading_setups_figure(q: str) -> None:
    r = ask(q)
    text = head(r)
    a = r.numbers.asked
    assert a is not None and a.quantity == "time_to_first_token_ms"
    assert a.value <= 500, (a, text)  # the setup that meets the target leads, its figure
    first = text.split(". ")[0] + ". " + text.split(". ")[1]
    assert f"{round(a.value)} ms" in first, (a, text)
    _, _, ttft = _fleet("h100-sxm", 32 if "32" in q else 64, 500)
    assert a.value == pytest.approx(ttft, rel=1e-6)


def test_which_setup_tokens_target_records_the_leading_setup() -> None:
    r = ask("What H100 setup serves Llama 3 70B to 32 users at 30 tokens/s each?")
    a = r.numbers.asked
    assert a is not None and a.quantity == "output_tokens_per_s_per_user"
    assert a.value >= 30, (a, head(r))


@pytest.mark.parametrize(("q", "single", "ro"), [
    ("Which is cheaper per month for SDXL, L4 or RTX 4090, for 10,000 images a month?",
     ("How much per month for 10,000 SDXL images a month on an L4?",
      "How much per month for 10,000 SDXL images a month on an RTX 4090?"), False),
    ("Care e mai ieftin pe lună pentru SDXL, L4 sau RTX 4090, pentru 10.000 de imagini pe "
     "lună?",
     ("How much per month for 10,000 SDXL images a month on an L4?",
      "How much per month for 10,000 SDXL images a month on an RTX 4090?"), True),
])
def test_image_gpus_compared_per_month_for_a_volume(q: str, single: tuple[str, str],
                                                     ro: bool) -> None:
    r = ask(q)
    text = head(r)
    months = []
    for s in single:
        one = ask(s).numbers.asked
        assert one is not None
        months.append(one.value)
        said = (f"{one.value:,.2f}".replace(".", ",") + " USD/lună" if ro
                else f"${one.value:,.2f}/month")
        assert said in text.split(". ")[0], text  # each side's month leads
    assert "1.000 de imagini" not in text.split(". ")[0]
    assert "per 1,000 images" not in text.split(". ")[0]
    assert ("10.000 de imagini pe lună" if ro else "10,000 images a month") in text
    a = r.numbers.asked
    assert a is not None and a.quantity == "per_month_usd"
    assert a.value == pytest.approx(min(months))


@pytest.mark.parametrize(("q", "ro"), [
    ("Fine-tune Llama 3 8B with LoRA on 2 H100 vs 4 H100?", False),
    ("Fine-tuning Llama 3 8B cu LoRA pe 2 H100 vs 4 H100?", True),
])
def test_lora_on_two_counts_answers_both(q: str, ro: bool) -> None:
    text = head(ask(q))
    fit = "încape pe" if ro else "fits on"
    for n in (2, 4):
        assert f"{fit} {n} × NVIDIA H100 SXM5 80GB" in text, text
        assert ("Pe" if ro else "On") + f" {n} × NVIDIA H100 SXM5 80GB" in text, text


def test_lora_on_two_counts_with_tokens_times_both() -> None:
    r = ask("Fine-tune Llama 3 8B with LoRA on 100M tokens on 2 H100 vs 4 H100?")
    text = r.answer
    assert text.count("For 100,000,000 training tokens") == 2, text
    assert "fits on 4 × NVIDIA H100 SXM5 80GB" in text
