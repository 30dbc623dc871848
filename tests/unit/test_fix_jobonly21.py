"""A job with only its egress or only its storage stated, and no cost word, is the job
(audit jobextra21).

1. "LoRA fine-tune of Llama 3.1 8B on 50M tokens on an A100 80GB at AWS with 1 TB egress" was
   read as storage_egress and answered "About $19,844/month in all for 8 x NVIDIA A100 SXM4
   80GB (the whole machine, 7 GPUs idle) running 24 h/day"; with "2 TB of storage" instead, a
   storage price alone ("Storing 2,000 GB at ... costs about $160.00 a month"). Now the run's
   cost, as with "what will it cost": compute + storage + egress (1 TB at AWS's tiers: $81.00)
   = the total, in one sentence.
2. "Generate 100k SDXL images on an L40S and keep them in 500 GB of storage" was intent
   storage_egress, a storage price range; now intent media, led by the job's cost with the
   500 GB in its breakdown (and the same job with its egress only: intent media, was
   storage_egress).
3. "What does 2 TB storage plus 1 TB egress cost at AWS?" led with the egress; now the total
   for a month of storage plus the egress once leads (the month said to be assumed), then
   each part.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import classify
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_FT_EGRESS = "LoRA fine-tune of Llama 3.1 8B on 50M tokens on an A100 80GB at AWS with 1 TB egress"
_FT_STORAGE = ("LoRA fine-tune of Llama 3.1 8B on 50M tokens on an A100 80GB at AWS with 2 TB "
               "of storage")
_FT_EGRESS_RO = ("Fine-tuning LoRA pentru Llama 3.1 8B pe 50M de tokeni pe un A100 80GB la AWS "
                 "cu 1 TB de egress")
_FT_STORAGE_RO = ("Fine-tuning LoRA pentru Llama 3.1 8B pe 50M de tokeni pe un A100 80GB la AWS "
                  "cu 2 TB de stocare")


def _usd(pattern: str, text: str, ro: bool = False) -> float:
    m = re.search(pattern, text.replace("\u00a0", " "))
    assert m is not None, (pattern, text)
    s = m.group(1)
    return float(s.replace(".", "").replace(",", ".") if ro else s.replace(",", ""))


# -- 1. a sized training run with only its egress or only its storage ------------------------


@pytest.mark.parametrize("question", [_FT_EGRESS, _FT_STORAGE, _FT_EGRESS_RO, _FT_STORAGE_RO])
def test_a_sized_run_with_egress_or_storage_alone_is_the_runs_cost(question: str) -> None:
    # was ("storage_egress", "egress") / ("storage_egress", "storage")
    assert classify(question, "llm", 1, True, None) == ("finetune", "cost")


def test_run_with_egress_alone_sums_compute_storage_and_egress() -> None:
    r = ask(_FT_EGRESS)
    assert r.intent == "finetune"  # was storage_egress
    # "24 h/day", not "idle": the run on one A100 now says the 7 GPUs it leaves idle
    # (fix/idlegpus21); the month of the idle machine is what must not come back
    assert "/month" not in r.answer and "24 h/day" not in r.answer, r.answer  # was $19,844/month
    # the run on all 8 of the machine AWS rents whole leads (fix/idlegpus21: $27.45/h / 8)
    compute = _usd(r"about \$([\d,.]+) at \$3\.43/h per GPU", r.answer)
    storage = _usd(r"plus \$([\d,.]+) storage for", r.answer)
    # AWS: 1,000 GB out once at its tiers (first 100 GB free, then $0.09/GB) = $81.00
    egress = _usd(r"and \$([\d,.]+) egress for sending the 1,000 GB out once", r.answer)
    total = _usd(r"about \$([\d,.]+) in all", r.answer)
    assert egress == pytest.approx(81.0)
    assert compute + storage + egress == pytest.approx(total, abs=0.02)
    # the same as the question that asks its cost
    priced = ask(_FT_EGRESS + ": what will it cost?")
    assert asked(r)[:2] == ("per_training_run_usd", pytest.approx(asked(priced)[1]))
    assert asked(r)[1] == pytest.approx(total, abs=0.01)


def test_run_with_storage_alone_prices_the_volume_for_the_runs_hours() -> None:
    r = ask(_FT_STORAGE)
    assert r.intent == "finetune"  # was storage_egress: $160.00 a month of storage alone
    assert not first_sentence(r).startswith("Storing"), head(r)
    # the run on all 8 of the machine AWS rents whole leads (fix/idlegpus21: $27.45/h / 8)
    compute = _usd(r"about \$([\d,.]+) at \$3\.43/h per GPU", r.answer)
    storage = _usd(r"plus \$([\d,.]+) storage for the 2,000 GB stored over the run's time",
                   r.answer)
    total = _usd(r"about \$([\d,.]+) in all", r.answer)
    assert 0 < storage < 160.0  # the run's hours of the month's $160.00
    assert compute + storage == pytest.approx(total, abs=0.02)
    assert asked(r)[0] == "per_training_run_usd"


def test_romanian_run_with_egress_or_storage_alone_is_the_runs_cost() -> None:
    r = ask(_FT_EGRESS_RO)
    assert r.intent == "finetune"
    assert "/lună" not in r.answer and "inactive" not in r.answer, r.answer
    egress = _usd(r"și ([\d.,]+) USD trafic de ieșire", r.answer, ro=True)
    total = _usd(r"aproximativ ([\d.,]+) USD în total", r.answer, ro=True)
    assert egress == pytest.approx(81.0)
    assert total < 1000  # the run, not a month of the 8-GPU machine
    s = ask(_FT_STORAGE_RO)
    assert s.intent == "finetune"
    assert "stocare pentru cei 2.000 GB stocați pe durata rulării" in s.answer, s.answer


# -- 2. a media job with its storage (or its egress) alone -----------------------------------


@pytest.mark.parametrize(("question", "volume"), [
    ("Generate 100k SDXL images on an L40S and keep them in 500 GB of storage",
     "storage for the 500 GB stored over the job's time"),
    ("Generează 100k de imagini SDXL pe un L40S și păstrează-le în 500 GB de stocare",
     "stocare pentru cei 500 GB stocați pe durata jobului"),
])
def test_media_job_with_its_storage_is_the_media_job(question: str, volume: str) -> None:
    r = ask(question)
    assert r.intent == "media"  # was storage_egress: a storage price range
    first = first_sentence(r)
    assert first.startswith(("100,000 1024×1024 images", "100.000 de imagini")), first
    assert volume in head(r), head(r)
    quantity, value, _ = asked(r)
    assert quantity == "job_usd"
    # the same as the question that asks its cost ("...: what will it cost?")
    priced = ask("Generate 100k SDXL images on an L40S and keep them in 500 GB of storage: "
                 "what will it cost?")
    assert value == pytest.approx(asked(priced)[1])


@pytest.mark.parametrize("question", [
    "Generate 100k SDXL images on an L40S with 500 GB of egress",
    "Generează 100k de imagini SDXL pe un L40S cu 500 GB de egress",
])
def test_media_job_with_its_egress_is_the_media_job(question: str) -> None:
    assert classify(question, "diffusion", 1, True, None)[0] == "media"  # was storage_egress
    r = ask(question)
    assert r.intent == "media"
    assert asked(r)[0] == "job_usd"


def test_storage_without_a_job_stays_a_storage_price() -> None:
    assert classify("Where should I store 500 GB of SDXL images?", "diffusion", 0, True,
                    None) == ("storage_egress", "storage")


# -- 3. storage plus egress at a provider, no length --------------------------------------------


def test_storage_plus_egress_leads_with_their_total() -> None:
    r = ask("What does 2 TB storage plus 1 TB egress cost at AWS?")
    aws = catalog().providers_by_id["aws"]
    s, e = aws.storage_usd(2000), aws.egress_usd(1000)
    assert s is not None and e is not None
    first = first_sentence(r)
    # was "Egress of 1,000 GB a month at Amazon Web Services (EC2) costs about $81.00."
    assert first.startswith("Storing 2,000 GB for a month and moving 1,000 GB out of "), first
    assert f"${s + e:,.2f} in all" in first and "a month of storage assumed" in first, first
    text = head(r)
    # then the parts: the storage's month, the egress once
    assert text.index(f"${s:,.2f} a month") < text.index(f"${e:,.2f}"), text
    assert "aws.amazon.com/ebs/pricing" in text and "aws.amazon.com/ec2/pricing" in text, text
    # a month of storage plus the egress once, no month of egress (audit numbersjson22 #1)
    assert asked(r)[:2] == ("storage_month_plus_egress_usd", pytest.approx(s + e))


def test_romanian_storage_plus_egress_leads_with_their_total() -> None:
    r = ask("Cât costă 2 TB de stocare plus 1 TB de egress la AWS?")
    first = first_sentence(r).replace("\u00a0", " ")
    assert first.startswith("Stocarea a 2.000 GB timp de o lună și traficul de ieșire al unei "
                            "mutări unice de 1.000 GB"), first
    assert "241,00 USD" in first and "am presupus o lună de stocare" in first, first
    # a month of storage plus the egress once, no month of egress (audit numbersjson22 #1)
    assert asked(r)[:2] == ("storage_month_plus_egress_usd", pytest.approx(241.0))


def test_storage_plus_egress_a_month_leads_with_the_months_total() -> None:
    r = ask("What does 2 TB storage plus 1 TB egress a month cost at AWS?")
    first = first_sentence(r)
    assert first.startswith("Storing 2,000 GB and 1,000 GB of egress a month at "), first
    assert "$241.00 a month in all" in first, first
    assert "Egress of 1,000 GB a month" in head(r), head(r)
