"""Pricing items left after reg5b (audit regress5 #6, #7, #10): "on H100s at Hyperstack" is the
H100 family (the cheapest Hyperstack H100 that holds the load, not the 8-GPU SXM5 box with 4
idle), no count said that was not asked, the suspect SXM5 line of an H100 price warned; a
10-minute no-resume spot answer billed on-demand as the provider bills it; a served model's
spot month without checkpoint-restart overhead; an Azure VM series read as its instance."""
from __future__ import annotations

from tests.unit.ask_fixtures import ask, asked, head


def test_serving_70b_for_50_users_on_h100s_at_hyperstack_is_the_cheapest_that_fits() -> None:
    r = ask("How much to serve Llama 3.1 70B for 50 users on H100s at Hyperstack per month?")
    text = head(r)
    assert "$13,834" not in text and "4 GPUs idle" not in text
    assert "do not hold" not in text  # no count was asked
    assert "4 × NVIDIA H100 PCIe 80GB" in text and "$5,477/month" in text
    assert "$7.60/h" in text


def test_h100_sxm_at_hyperstack_names_no_count_not_asked() -> None:
    text = head(ask("How much to serve Llama 3.1 70B for 50 users on H100 SXM at Hyperstack "
                    "per month?"))
    assert "2 × NVIDIA H100 SXM5 80GB do not hold" not in text
    assert text.startswith("Meta Llama 3.1 70B at bf16 for 50 concurrent users with 4,096 "
                           "tokens of context takes 4 × NVIDIA H100 SXM5 80GB")
    ro = head(ask("Cât costă să servesc Llama 3.1 70B pentru 50 de utilizatori pe H100 SXM la "
                  "Hyperstack pe lună?"))
    assert "nu țin" not in ro and "are nevoie de 4 × NVIDIA H100 SXM5 80GB" in ro


def test_h100_price_at_hyperstack_warns_on_the_sxm_line() -> None:
    text = ask("How much is an H100 at Hyperstack?").answer
    assert "from $2.40/h per GPU at hyperstack" in text
    assert ("8 × NVIDIA H100 SXM5 80GB at hyperstack: suspect price: on-demand $2.40/GPU-hour"
            in text)


def test_ten_minute_no_resume_spot_bills_on_demand_by_the_billing_rule() -> None:
    text = head(ask("Is spot a good idea for a job that takes 10 minutes and can't resume?"))
    assert "$0.22 on-demand at hyperbolic" not in text
    assert "against $0.30 on-demand at vast" in text  # 10 min x $1.80/h, per-second billing


def test_served_spot_month_has_no_checkpoint_overhead() -> None:
    r = ask("How much does it cost per month to serve Llama 3.1 8B on spot?")
    text = head(r)
    assert "since the last checkpoint" not in text
    # 720 h x $0.12/h + $3.17 storage, no 2.1 % restart overhead (was $91.37)
    assert "$86.40 of GPU time" in text and "about $89.57/month" in text
    assert asked(r)[0] == "spot_per_month_usd" and abs(asked(r)[1] - 89.57) < 0.01
    # a month of a card with no model keeps the resumable job's overhead
    assert "since the last checkpoint" in head(ask("How much per month for a spot A100 80GB?"))


def test_azure_nd_h100_v5_is_its_8_gpu_instance() -> None:
    for q in ("How much for 45 minutes on an Azure ND H100 v5?",
              "What does a 45-minute fine-tune cost on an Azure ND H100 v5?"):
        r = ask(q)
        text = head(r)
        assert "H100 NVL" not in text
        assert "Standard_ND96isr_H100_v5 (8 × NVIDIA H100 SXM5 80GB)" in text
        assert "$73.74" in text  # 0.75 h x $98.32/h
        assert asked(r) == ("per_job_usd", 73.74, "USD")
    ro = head(ask("Cât costă 45 de minute pe un Azure ND H100 v5?")).replace("\xa0", " ")
    assert "Standard_ND96isr_H100_v5" in ro and "73,74 USD" in ro
