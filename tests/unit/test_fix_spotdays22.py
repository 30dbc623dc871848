"""A spot fine-tuning job of a stated amount with its days said with the job ("a 3 day qlora
job", "a 3-day fine-tune", "job qlora de 3 zile") is a deadline, as "in 3 days" is: the job's
time and cost on spot (its restarts counted) lead, within the 3 days, EN and RO. It was priced
as a 72-hour rental of one H100 ("for 72 hours on 1 x H100, spot costs about $73.50 against
$92.88 on-demand") with the 200M tokens ignored and no word of whether the job finishes; "a
QLoRA job" was read as a batch job (audit spotdays). A length with no amount stays a rental
("spot H100 for 3 days, cost?")."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import stated
from service.domain.answer.understand import extract
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_EN = "spot H100 for a 3 day qlora job on llama 3.1 70b, 200M tokens: cost and risk?"
_RO = "H100 spot pentru un job qlora de 3 zile pe llama 3.1 70b, 200M de tokeni: cost și risc?"
# the cheapest plan within the 3 days, no longer the fewest GPUs (audit ftdeadline23: it led
# with 1 × H100 for $54.63, 53.4 h, where 8 × H100 finish in 4.5 h for $34.25)
_LEAD = ("The cheapest way to fine-tune Meta Llama 3.1 70B (QLoRA) on 200,000,000 tokens within "
         "3 days on spot is 8 × NVIDIA H100 SXM5 80GB")


def test_job_days_read_as_deadline_when_amount_stated() -> None:
    reg = catalog().registry
    for q in (_EN, _RO, "a 3-day fine-tune of llama 3.1 8b on 50M tokens",
              "a job of 3 days on 200M tokens with qlora", "o rulare de 3 zile pe 1B de tokeni",
              "a three-day qlora run over 2 epochs of 100M tokens"):
        assert stated(q, reg).deadline_hours == 72.0, q
    assert stated("a 2-week training run of llama 3.1 8b on 100B tokens",
                  reg).deadline_hours == 336.0
    # no amount stated, or the days a schedule: a rental's length, no deadline
    for q in ("spot H100 for 3 days, cost?", "spot H100 for a 3 day qlora job on llama 3.1 70b",
              "every 3 days a qlora job on 200M tokens"):
        assert stated(q, reg).deadline_hours is None, q


def test_qlora_job_is_a_finetune() -> None:
    reg = catalog().registry
    assert extract(_EN, reg).workload == "finetune"
    assert extract(_RO, reg).workload == "finetune"


def test_spot_job_days_lead_with_job_time_and_cost() -> None:
    r = ask(_EN)
    text = head(r)
    assert first_sentence(r).startswith(_LEAD)
    # 200M tokens at 1,062 tokens/s: 52.3 h of compute, 53.4 h with spot's restarts, inside 72 h
    # (the fewest GPUs, now said after the cheapest plan: audit ftdeadline23)
    assert "about 53.4 hours expected, with restarts" in text
    assert "2.1% for restarts and the work lost since the last checkpoint" in text
    quantity, usd, unit = asked(r)
    assert (quantity, unit) == ("per_training_run_usd", "USD")
    # 8 x H100: 5 billed hours at $6.84/h + storage (was 1 x H100's $54.63: audit ftdeadline23)
    assert usd == pytest.approx(34.25, abs=0.01)
    assert "for 72 hours" not in text and "$73.50" not in text
    # the same answer as the deadline said with "within" and "in", and with "3-day"
    for q in ("spot H100 for a qlora job on llama 3.1 70b, 200M tokens within 3 days: cost and "
              "risk?",
              "spot H100 for a qlora job on llama 3.1 70b, 200M tokens in 3 days: cost and risk?",
              "spot H100 for a 3-day qlora job on llama 3.1 70b, 200M tokens: cost and risk?"):
        assert asked(ask(q))[:2] == asked(r)[:2], q


def test_spot_job_days_ro() -> None:
    r = ask(_RO)
    text = head(r)
    # the cheapest plan leads, the fewest GPUs after it (audit ftdeadline23)
    assert text.startswith("Cel mai ieftin fine-tuning QLoRA pentru Meta Llama 3.1 70B pe "
                           "200.000.000 de tokeni în cel mult 3 zile pe spot se face pe 8 × "
                           "NVIDIA H100 SXM5 80GB")
    assert "aproximativ 53,4 ore estimate, cu reporniri" in text
    assert "pentru 72 de ore" not in text
    assert asked(r)[:2] == asked(ask(_EN))[:2]
    same = ask("H100 spot, qlora pe llama 3.1 70b, 200M de tokeni în 3 zile: cost și risc?")
    assert asked(same)[:2] == asked(r)[:2]


def test_rental_days_without_amount_stay_a_rental() -> None:
    r = ask("spot H100 for 3 days, cost?")
    assert "for 72 hours on 1 × NVIDIA H100 SXM5 80GB, spot costs about $73.50" in head(r)
    assert asked(r)[:2] == ("spot_usd", pytest.approx(73.50, abs=0.01))
