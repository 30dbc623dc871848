"""Comparisons in /v1/ask (audit ask_en2 #4, #5, #6, #12, #14): every provider named priced
side by side for the same GPU and count; a T4 compared at the precision that holds 7-8B on
it; a comparison at N users scaled to the GPUs that hold them, each with its monthly cost;
"2x h100 on lambda" never quoting Azure, and Lambda's cheapest per-GPU rate said; a run's
cost as the number asked where "cheaper per run" is."""

from __future__ import annotations

import pytest

from service.domain.answer.compose import AskRequest, answer
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head, knowledge


def _price(offer_id: str) -> float:
    v = next(v for v in catalog().views(TODAY) if v.id == offer_id)
    assert v.on_demand_usd_h is not None
    return v.on_demand_usd_h


# --- 1. providers side by side -------------------------------------------------------------

@pytest.mark.parametrize("q", ["runpod vs lambda for h100, which is cheaper per hour?",
                               "h100 on runpod or lambda, which is cheaper?"])
def test_runpod_vs_lambda_prices_both(q: str) -> None:
    text = head(ask(q))
    assert _price("lambda-gpu-1x-h100-pcie") == 3.29
    # RunPod's H100 PCIe $1.99 and Lambda's $3.29, the cheaper first; it was RunPod only
    assert "runpod $1.99/h per GPU" in text and "lambda $3.29/h per GPU" in text
    assert text.index("runpod $1.99") < text.index("lambda $3.29")
    assert "lambda has no offer of it" in text  # the H100 NVL, which Lambda does not rent
    # Lambda's H100 SXM5: its 8-GPU machine at $3.99, the price lambda.ai/pricing lists (it
    # was doubted by a caution about a marketplace's copy, and the 4-GPU $4.09 said first:
    # buyer audit 25a #4)
    assert "lambda $3.99/h per GPU, of its 8-GPU machine at $31.92/h" in text
    assert "lambda $4.09/h" not in text


def test_is_lambda_cheaper_than_runpod_for_a100_80gb() -> None:
    r = ask("is lambda cheaper than runpod for a100 80gb")
    text = head(r)
    # Lambda's only A100 80GB is its 8-GPU machine: $22.32/h, $2.79 per GPU (was unsaid)
    assert "lambda $2.79/h per GPU, of its 8-GPU machine at $22.32/h" in text
    assert "runpod $1.39/h per GPU" in text and "cheaper at runpod" in text
    assert asked(r)[:2] == ("per_gpu_hour_usd", 1.19)


def test_coreweave_vs_lambda_8x_h100() -> None:
    r = ask("compare coreweave and lambda for 8x h100 per hour")
    text = head(r)
    assert "lambda, one machine of 8 × NVIDIA H100 SXM5 80GB: $31.92/h for 8" in text
    assert "coreweave, one machine of 8 × NVIDIA H100 SXM5 80GB: $49.24/h for 8" in text
    assert text.index("$31.92/h for 8") < text.index("$49.24/h for 8")  # the cheaper first


def test_three_clouds_for_a100_80gb() -> None:
    text = head(ask("a100 80gb hourly price on aws vs gcp vs azure"))
    # it was AWS's $3.43 only
    for said in ("gcp $2.95/h per GPU", "aws $3.43/h per GPU, of its 8-GPU machine at $27.45/h",
                 "azure $4.10/h per GPU, of its 8-GPU machine at $32.77/h"):
        assert said in text


def test_nebius_vs_crusoe_is_answered_with_prices() -> None:
    r = ask("nebius vs crusoe h100")
    text = head(r)
    assert "crusoe $3.90/h per GPU" in text and "nebius $4.50/h per GPU" in text  # was guidance
    assert asked(r)[:2] == ("per_gpu_hour_usd", 3.9)


def test_provider_comparison_in_romanian() -> None:
    r = answer(AskRequest(question="runpod sau lambda pentru h100, care e mai ieftin?", lang="ro"),
               knowledge(), catalog(), TODAY)
    text = head(r)
    assert "Comparat la runpod, lambda" in text and "lambda nu are nicio ofertă" in text


# --- 2. the T4 compared at a precision that holds 7-8B -----------------------------------

def test_t4_vs_l4_per_million_prices_the_t4() -> None:
    text = head(ask("t4 vs l4 for llama 3.1 8b cost per 1M tokens"))
    assert "does not hold it on one node" not in text
    # re-pinned: serving start transient in the solve; then buyer27c #3: 154 tokens/s at
    # $0.53/h with 10 % of the memory kept free, as the recommendations count a served model
    # (it was $0.88 at 167 tokens/s without the 10 %)
    assert "1 × NVIDIA T4 16GB at awq-int4 about $0.95" in text


def test_t4_vs_a10g_speed_at_int8() -> None:
    r = ask("t4 vs a10g for qwen2.5 7b tok/s")
    text = head(r)
    assert "does not hold it on one node" not in text
    assert "at int8" in text and "1 × NVIDIA T4 16GB about 32.8 tokens/s" in text


# --- 3. N users: each side scaled to hold them, with its month ----------------------------

def test_h200_vs_h100_at_50_users_monthly_cost() -> None:
    r = ask("h200 vs h100 monthly cost for llama 3.1 70b fp8 at 50 users")
    text = head(r)
    assert "2 × NVIDIA H200 SXM 141GB hold them all" in text
    assert "2 × NVIDIA H100 SXM5 80GB hold them all, about $1,858/month" in text
    q, value, unit = asked(r)
    assert (q, unit) == ("per_month_usd", "USD")
    assert value == pytest.approx(2.58 * 720, rel=0.01)  # was no cost at all


def test_a100_vs_h100_at_100_users_price_per_month() -> None:
    r = ask("compare a100 and h100 for 70b at 100 users, price per month")
    assert "4 × NVIDIA H100 SXM5 80GB hold them all" in head(r)
    # 4 x A100 miss the default targets at 100 users (5 s to the first token): the
    # recommendations' setup follows them (fix/cmpttft)
    assert "4 × NVIDIA A100 SXM4 80GB (1 replica, 4 GPUs per replica) hold them all" in head(r)
    assert asked(r)[0] == "per_month_usd"


# --- 4. a provider named with a count: its own machines only ------------------------------

def test_2x_h100_on_lambda_never_quotes_azure() -> None:
    text = head(ask("how much per month for 2x h100 on lambda"))
    assert "azure" not in text.lower()
    assert "NVIDIA H100 NVL 94GB, which Lambda does not list" in text


def test_lambda_h100_price_says_its_8_gpu_rate() -> None:
    text = head(ask("lambda h100 price per hour"))
    # the 8-GPU machine's rate, trusted (it was "$4.09 ..., its 8-GPU machine lists $3.99"
    # with the $3.99 doubted: buyer audit 25a #4)
    assert "from $3.99/h per GPU at lambda, per GPU of an 8-GPU machine" in text


# --- 5. "cheaper per run": the cost is the number asked ---------------------------------

def test_cheaper_per_run_asks_the_run_cost() -> None:
    r = ask("a100 vs h100 for fine tuning llama 3.1 8b, which is cheaper per run on 1B tokens")
    q, value, unit = asked(r)
    assert (q, unit) == ("per_training_run_usd", "USD")  # was training_tokens_per_s, 16,014
    # billed as the run asked alone is (18 h at hyperbolic plus storage), not raw hours'
    # $22.38 (audit buyer17 #11: one rule for a run's cost)
    assert value == pytest.approx(23.30, abs=0.05)
