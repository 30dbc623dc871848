"""A training run on a GPU count stated, asked on spot against on-demand, is priced as a run
on that setup (buyer audit 19 #3): the spot run (the recommendations' option of that many
GPUs: billed hours with the expected restarts), the on-demand run with its hours and total,
and their difference. It was the setup's two hourly prices alone ("$6.84/h against
$14.00/h on-demand"), with no hours and no run cost, EN and RO."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head

_FT = ("Full fine-tune of Qwen2.5 7B on 1B tokens on 8x H100: how long and how much, spot vs "
       "on-demand?")


def test_full_finetune_on_stated_count_spot_vs_on_demand() -> None:
    r = ask(_FT)
    text = head(r)
    quantity, spot_usd, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD")
    assert spot_usd == pytest.approx(34.44, abs=0.01)  # $6.84/h x 5 billed hours + storage
    assert ("Full fine-tuning of Qwen2.5 7B on 1,000,000,000 tokens costs about $34.44 on "
            "8 × NVIDIA H100 SXM5 80GB at primeintellect ($6.84/h for the setup, spot): "
            "about 4.1 hours") in text
    assert "2.1% more time for the expected restarts" in text
    # the on-demand run is the cost answer's own, as without "spot vs on-demand"
    od = head(ask("Full fine-tune of Qwen2.5 7B on 1B tokens on 8x H100: how long and how much?"))
    assert "about 4.1 hours at 67,475 tokens/s, about $70.00" in od
    assert ("On demand, with no restarts, for 1,000,000,000 training tokens: about 4.1 hours "
            "at 67,475 tokens/s, about $70.00") in text
    assert "Spot saves about $35.80 (51%) on the run: $34.44 against $70.24 on-demand" in text
    assert "/h against" not in text  # was "$6.84/h against $14.00/h on-demand (51% less)"


def test_full_finetune_on_stated_count_spot_vs_on_demand_ro() -> None:
    r = ask("Fine-tuning complet al Qwen2.5 7B pe 1B tokeni pe 8x H100: cât durează și cât "
            "costă, spot vs on-demand?")
    text = head(r)
    assert asked(r)[:2] == asked(ask(_FT))[:2]
    assert ("Fine-tuning complet pentru Qwen2.5 7B pe 1.000.000.000 de tokeni costă "
            "aproximativ 34,44\u00a0USD") in text
    assert "La cerere, fără reporniri, pentru 1.000.000.000 de tokeni de antrenare" in text
    assert "aproximativ 70,00\u00a0USD" in text
    assert "Spot economisește aproximativ 35,80\u00a0USD (51%) la rulare" in text
    assert "USD/oră față de" not in text


def test_pretrain_on_stated_count_spot_vs_on_demand() -> None:
    r = ask("pretrain 1B on 10B tokens on 8 H100 spot vs on-demand")
    text = head(r)
    quantity, spot_usd, unit = asked(r)
    assert (quantity, unit) == ("per_training_run_usd", "USD")
    assert ("on 8 × NVIDIA H100 SXM5 80GB at primeintellect ($6.84/h for the setup, spot): "
            "about 6.9 hours") in text
    assert "only if the run saves checkpoints and resumes" in text
    assert ("On demand, with no restarts, for 10,000,000,000 training tokens: about 6.9 "
            "hours") in text
    assert f"Spot saves about $43.28 (44%) on the run: ${spot_usd:,.2f} against $98.07" in text
    assert "/h against" not in text


def test_pretrain_on_stated_count_ro() -> None:
    text = head(ask("Cât costă pre-antrenarea unui model de 1B pe 10B tokeni pe 8 H100, spot "
                    "vs la cerere?"))
    assert "Preantrenarea Meta Llama 3.2 1B (complet, bf16) pe 10.000.000.000 de tokeni" in text
    assert "La cerere, fără reporniri" in text
    assert "Spot economisește aproximativ" in text
    assert "USD/oră față de" not in text


def test_lora_on_stated_count_spot_dearer_leads_on_demand() -> None:
    r = ask("LoRA fine-tune of Llama 3.1 8B on 100M tokens on 2x A100: spot or on-demand?")
    text = head(r)
    assert asked(r)[::2] == ("per_job_usd", "USD")
    assert asked(r)[1] == pytest.approx(5.16, abs=0.01)  # the cheaper run: on demand
    assert text.startswith("For 100,000,000 training tokens: about 2.8 hours")
    assert "On spot, only if the job can be interrupted and restarted: about $10.73" in text
    assert "Spot costs about $5.57 more (108%) for the run" in text
    assert "/h against" not in text  # was "$3.82/h against $1.87/h on-demand (104% more)"


def test_stated_count_spot_ruled_out_is_the_on_demand_run() -> None:
    text = head(ask("Full fine-tune of Qwen2.5 7B on 1B tokens on 8x H100 spot vs on-demand, "
                    "the job can't be interrupted"))
    assert "about $70.00" in text
    assert "Not on spot: the job cannot be interrupted" in text
    assert "primeintellect" not in text


def test_gpu_named_without_count_keeps_both_totals() -> None:
    text = head(ask("Full fine-tune of Qwen2.5 7B on 1B tokens on H100: how long and how much, "
                    "spot vs on-demand?"))
    assert "costs about $34.44 on 8 × NVIDIA H100 SXM5 80GB at primeintellect" in text
    assert "On demand it is about $58.04 on 2 × NVIDIA H100 SXM5 80GB" in text
