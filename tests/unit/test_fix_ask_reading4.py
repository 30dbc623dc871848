"""/v1/ask readings of audit regress2 (findings 2-7, 14), English and Romanian:

2. "a 16-GPU H100 cluster", "a 32-GPU A100 cluster", "two 8x H100 nodes", "un cluster de 16
   GPU-uri H100" are that many GPUs in whole 8-GPU machines (were one 8-GPU machine, or 16
   one-GPU machines in Romanian);
3. a GPU count asked at a provider that rents no machine of that count (RunPod prices each
   GPU) is kept: 2 x H100 there, not 1 x H100 at awq-int4;
4. "9-5 weekdays", "9-6 weekdays" are 8 and 9 hours a day (were 24 h/day);
5. a setup then ", monthly?" / ", lunar?" asks its month (was "Yes, it fits");
6. GPU-hours or a GPU count at a provider: "750 GPU-hours of H100 at RunPod. How much?", "4
   H100 at RunPod for a week?" are priced (were guidance alone); "200 H100 GPU-hours" are
   hours, not 200 GPUs;
7. "a 2 TB network volume", "un volum de rețea de 2 TB" are storage (were dropped);
14. "2 years of an A100 80GB", "18 months of ..." are totals over years of 365 days (were the
   hourly price alone, or 18 x 720 h)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import details, stated
from service.domain.answer.understand import extract, nodes_of
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head, machine_price

H100_8X = machine_price("h100-sxm", 8)  # lium's 8 x H100 SXM5, $14.00/h
A100_8X = machine_price("a100-sxm-40gb", 8)  # primeintellect's 8 x A100 SXM4 40GB, $5.77/h

# -- 2. clusters of several 8-GPU machines ---------------------------------------------------


def test_a_hyphenated_gpu_count_and_nodes_after_the_gpu_are_read() -> None:
    reg = catalog().registry
    assert extract("How much is a 16-GPU H100 cluster per day?", reg).gpu_count == 16
    assert extract("How much is a 32-GPU A100 cluster for a week?", reg).gpu_count == 32
    assert extract("How much for two 8x H100 nodes for a week?", reg).gpu_count == 16
    assert nodes_of("How much for two 8x H100 nodes for a week?", reg) == (2, 8)
    assert nodes_of("How much for 8x H100 for a week?", reg) is None


@pytest.mark.parametrize(("question", "total"), [
    ("How much is a 16-GPU H100 cluster per day?", 2 * H100_8X * 24),
    ("How much is a 32-GPU A100 cluster for a week?", 4 * A100_8X * 168),
    ("How much for two 8x H100 nodes for a week?", 2 * H100_8X * 168),
    ("What does a 16-GPU H100 cluster cost per hour?", 2 * H100_8X),
    ("two 8x H100 nodes, price per hour?", 2 * H100_8X),
    ("How much is a 16-GPU H100 cluster per month?", 2 * H100_8X * 720),
])
def test_a_cluster_is_priced_as_all_its_machines(question: str, total: float) -> None:
    r = ask(question)
    _, value, _ = asked(r)
    assert value == pytest.approx(total, rel=1e-6), head(r)


def test_the_audit_figures_of_the_clusters() -> None:
    assert asked(ask("How much is a 16-GPU H100 cluster per day?"))[1] == pytest.approx(672.0)
    assert asked(ask("How much is a 32-GPU A100 cluster for a week?"))[1] == pytest.approx(
        3877.44)
    assert asked(ask("How much for two 8x H100 nodes for a week?"))[1] == pytest.approx(4704.0)


def test_un_cluster_de_16_gpu_uri_is_two_8_gpu_machines() -> None:
    r = ask("cat costa un cluster de 16 GPU-uri H100 pe luna")
    _, value, _ = asked(r)
    assert value == pytest.approx(2 * H100_8X * 720, rel=1e-6), head(r)  # was 14.861 USD
    assert first_sentence(r).startswith("2 mașini cu 8 × NVIDIA H100 SXM5 80GB"), head(r)


# -- 3. the count asked at a provider ----------------------------------------------------------


@pytest.mark.parametrize("question", [
    "Run Llama 3.1 70B on 2 H100 at RunPod for a month with 500 GB storage and 2 TB egress. "
    "Total?",
    "Llama 3.1 70B pe 2 H100 la RunPod pentru o lună cu 500 GB stocare și 2 TB trafic de "
    "ieșire. Total?",
    "Rulăm Llama 3.1 70B pe 2 H100 la RunPod o lună, cu 500 GB stocare și 2 TB egress. Total?",
])
def test_two_h100_at_runpod_keeps_the_count(question: str) -> None:
    r = ask(question)
    quantity, value, _ = asked(r)
    # 2 x $2.69/h x 720 h + 500 GB x $0.07 + 2 TB x $0 (was $1,972 for 1 x H100 at awq-int4)
    assert quantity == "per_month_usd", head(r)
    assert value == pytest.approx(2 * 2.69 * 720 + 35.0, abs=0.01), head(r)
    first = first_sentence(r)
    assert "2 × NVIDIA H100 SXM5 80GB" in first and "awq-int4" not in first, first
    assert "runpod" in first, first


# -- 4. "9-5 weekdays" ---------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "hours"), [
    ("Llama 3.1 8B on an L4 9-5 weekdays, monthly cost?", 8.0),
    ("Our team uses the Llama 3.1 8B endpoint 9-6 weekdays on an L4. How much per month?", 9.0),
    ("Llama 3.1 8B on an L4 weekdays 9-5, monthly cost?", 8.0),
])
def test_clock_hours_before_weekdays(question: str, hours: float) -> None:
    st = stated(question, catalog().registry)
    assert st.hours_per_day == hours and st.days_per_week == 5.0
    r = ask(question)
    assert f"at {hours:.0f} h/day" in first_sentence(r), head(r)  # was "at 24 h/day"


# -- 5. ", monthly?" ---------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "twin"), [
    ("We run Llama 3.1 70B on 2 H100 12 hours a day, monthly?",
     "We run Llama 3.1 70B on 2 H100 running 12 hours a day, how much per month?"),
    ("Llama 3.1 8B on L4 Monday to Friday 8am to 8pm, monthly?",
     "Llama 3.1 8B on L4 Monday to Friday 8am to 8pm, how much per month?"),
    ("Nightly 3 hour job on 8x A100 80GB, monthly?",
     "Nightly 3 hour job on 8x A100 80GB, how much per month?"),
    ("Rulăm Llama 3.1 70B pe 2 H100 12 ore pe zi, lunar?",
     "Rulăm Llama 3.1 70B pe 2 H100 12 ore pe zi, cât costă pe lună?"),
])
def test_a_bare_monthly_asks_the_month(question: str, twin: str) -> None:
    r = ask(question)
    assert r.intent == "cost", head(r)
    quantity, value, _ = asked(r)
    assert quantity == "per_month_usd", head(r)
    assert value == pytest.approx(asked(ask(twin))[1], rel=1e-9), head(r)
    assert not head(r).startswith(("Yes", "Da")), head(r)


def test_the_month_of_70b_on_2_h100_12_hours_a_day() -> None:
    r = ask("We run Llama 3.1 70B on 2 H100 12 hours a day, monthly?")
    assert asked(r)[1] == pytest.approx(955.25, abs=0.01), head(r)


# -- 6. GPU-hours and counts at a provider -----------------------------------------------------


def test_gpu_hours_at_runpod_with_a_bare_how_much() -> None:
    r = ask("We need 750 GPU-hours of H100 at RunPod. How much?")
    assert r.intent == "cost", head(r)
    quantity, value, _ = asked(r)
    assert (quantity, value) == ("per_job_usd", pytest.approx(750 * 1.99)), head(r)


def test_h100_gpu_hours_are_hours_not_gpus() -> None:
    assert details("How much is 200 H100 GPU-hours at Lambda?", catalog().registry,
                   ["lambda"]).duration_hours == 200.0
    r = ask("How much is 200 H100 GPU-hours at Lambda?")
    quantity, value, _ = asked(r)
    # 200 h x $3.29 (was 200 GPUs: $658.00/h, $473,760/month)
    assert (quantity, value) == ("per_job_usd", pytest.approx(658.0)), head(r)
    assert first_sentence(r).startswith("200 hours of 1 ×"), head(r)


@pytest.mark.parametrize(("question", "twin"), [
    ("4 H100 at RunPod for a week?", "How much are 4 H100 at RunPod for a week?"),
    ("4 H100 la RunPod pentru o săptămână?", "cat costa 4 H100 la RunPod pentru o saptamana"),
])
def test_gpus_at_a_provider_for_a_week_are_priced(question: str, twin: str) -> None:
    r = ask(question)
    assert r.intent == "cost", head(r)
    assert asked(r)[1] == pytest.approx(asked(ask(twin))[1], rel=1e-9), head(r)
    assert asked(r)[1] == pytest.approx(4 * 1.99 * 168), head(r)


# -- 7. a network volume -----------------------------------------------------------------------


@pytest.mark.parametrize(("question", "storage"), [
    ("How much is Llama 3.1 8B on an L40S at RunPod per month with a 2 TB network volume?",
     "$120.00 storage"),
    ("Cât costă Llama 3.1 8B pe un L40S la RunPod pe lună cu un volum de rețea de 2 TB?",
     "120,00\u00a0USD stocare"),
    ("Serving Llama 3.1 8B on RunPod L40S with 2 TB network volume, monthly?",
     "$120.00 storage"),
])
def test_a_network_volume_is_storage(question: str, storage: str) -> None:
    assert stated(question, catalog().registry).storage_gb == 2000.0
    r = ask(question)
    # $0.79/h x 720 h + 1,000 GB x $0.07 + 1,000 GB x $0.05 (was $1.19 of storage)
    assert asked(r)[1] == pytest.approx(688.80, abs=0.01), head(r)
    assert storage in head(r), head(r)


# -- 14. years and long lengths ----------------------------------------------------------------


@pytest.mark.parametrize(("question", "hours"), [
    ("How much for 2 years of an A100 80GB?", "17,520 hours"),
    ("Cât costă 2 ani de A100 80GB?", "17.520 de ore"),
])
def test_two_years_are_their_total(question: str, hours: str) -> None:
    r = ask(question)
    quantity, value, _ = asked(r)
    assert (quantity, value) == ("per_job_usd", pytest.approx(0.93 * 17_520)), head(r)
    assert hours in first_sentence(r), head(r)


@pytest.mark.parametrize(("question", "hours"), [
    ("How much for 18 months of an A100 80GB?", "13,140 hours"),
    ("Cât costă 18 luni de A100 80GB?", "13.140 de ore"),
])
def test_eighteen_months_are_a_year_and_a_half_of_365_days(question: str, hours: str) -> None:
    r = ask(question)
    quantity, value, _ = asked(r)
    assert (quantity, value) == ("per_job_usd", pytest.approx(0.93 * 13_140)), head(r)
    assert hours in first_sentence(r), head(r)  # was 12,960 hours (18 x 30 days)


def test_three_months_stay_three_answer_months() -> None:
    assert details("How much for 2 H100 for 3 months?", catalog().registry,
                   []).duration_hours == 3 * 720.0
    assert details("How much for 2 H100 for 12 months?", catalog().registry,
                   []).duration_hours == 8760.0
    assert details("3 months of data on an H100, how much?", catalog().registry,
                   []).duration_hours is None
