"""A budget that rules a target's setups out is said as the budget, and a model no one machine
of the GPU named holds is priced on machines joined (audit buyer24b #8, #9).

8. "llama 3.1 70b for 100 users, TTFT under 1s, germany only, budget $10k/month" said "No
   setup in the catalog reaches a time to first token under 1,000 ms" (then, after
   fix/budgetfit, "the cheapest setup that carries it is ..." with no word of the target or
   of how far over). 2 x 8 x A100 40GB reach 996 ms at $14,888/month. Now the lead says the
   target is met only over the budget, by that setup, with its first token and its price
   $4,888/month over the $10,000; the recommendations' relaxed target that the budget buys
   (a first token within 2 s: 8 x A100 40GB, $7,444/month) follows. TPOT and speed targets
   alike; hourly budgets in their unit.
9. "deepseek v3 on H100s, how many and whats the monthly cost?" said "No offer in the catalog
   meets that request" and "... - how many GPUs and monthly cost?" said "16 × H100" with no
   price. Both now lead with the month of 2 machines of 8 x H100 joined (CoreWeave,
   $70,993/month), then what the single-node request found for less (8 x H200,
   $11,624/month).

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_TTFT_EN = "llama 3.1 70b for 100 users, TTFT under 1s, germany only, budget $10k/month"
_TTFT_RO = ("llama 3.1 70b pentru 100 de utilizatori, TTFT sub 1s, doar germania, buget 10k "
            "USD/lună")
# the cheap German 8 x A100 40GB were Prime Intellect's copies of Lambda's machine at $1.29 per
# GPU-hour, below Lambda's own $1.99 and doubted since (buyer audit 25a #4): the target is met
# over $10k/month by 2 x 8 x A100 80GB at AWS, and a relaxed target fits a $20k budget
_TTFT_EN_20K = _TTFT_EN.replace("$10k", "$20k")
_TTFT_RO_20K = _TTFT_RO.replace("10k", "20k")


def _t(s: str) -> str:
    return s.replace("\xa0", " ")  # (money is written with a no-break space)


def _money(s: str) -> float:
    return float(s.replace(",", ""))


def _ro_money(s: str) -> float:
    return float(s.replace(".", "").replace(",", "."))


# --- 8: the budget, not the target, rules the setup out ------------------------------------


def test_ttft_target_met_over_the_budget_english() -> None:
    r = ask(_TTFT_EN)
    first = _t(first_sentence(r))
    assert "No setup in the catalog reaches" not in r.answer
    assert first.startswith(
        "No: the target (a time to first token under 1,000 ms) is met only over your budget: "
        "the cheapest setup that meets it is 2 instances of 8 × NVIDIA A100 SXM4 80GB"), first
    m = re.search(r", \$([\d,]+)/month \(([\d,]+) ms to the first token, [\d.]+ tokens/s per "
                  r"user, at (\w+), on-demand\), \$([\d,.]+)/month over your budget of "
                  r"\$10,000/month\.$", first)
    assert m, first
    month, ttft, over = _money(m[1]), _money(m[2]), _money(m[4])
    assert ttft <= 1000
    assert month > 10000 and over == pytest.approx(month - 10000, abs=1)
    q, v, unit = asked(r)
    assert (q, unit) == ("per_month_usd", "USD") and v == pytest.approx(month, abs=1)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False


def test_what_the_budget_buys_instead_is_said() -> None:
    text = _t(head(ask(_TTFT_EN_20K)))
    m = re.search(r"To bring it within the budget: (?:raise the budget or allow spot; )?relax "
                  r"TTFT to 2,000 ms \(a first token within 2 s instead of 1 s: .+? at \w+, "
                  r"\$([\d,]+)/month\)\.", text)
    assert m, text
    assert _money(m[1]) <= 20000
    assert text.count("To bring it within the budget") == 1


def test_ttft_target_met_over_the_budget_romanian() -> None:
    r = ask(_TTFT_RO)
    first = _t(first_sentence(r))
    assert "Nicio configurație din catalog nu atinge" not in r.answer
    assert first.startswith(
        "Nu: ținta (un timp până la primul token sub 1.000 ms) se atinge doar peste buget: cea "
        "mai ieftină configurație care o atinge este 2 instanțe de 8 × NVIDIA A100 SXM4 80GB"
    ), first
    m = re.search(r"([\d.]+) USD/lună \(([\d.]+) ms până la primul token, .+?, cu ([\d.,]+) "
                  r"USD/lună peste bugetul dumneavoastră de 10\.000 USD/lună\.$", first)
    assert m, first
    assert _ro_money(m[3]) == pytest.approx(_ro_money(m[1]) - 10000, abs=1)
    assert ("Pentru a vă încadra în buget: măriți bugetul sau acceptați spot; relaxați TTFT la "
            "2.000 ms") in _t(head(ask(_TTFT_RO_20K)))


@pytest.mark.parametrize("q, target, budget", [
    ("qwen 2.5 32b for 20 users, TPOT under 20 ms, budget $1000/month",
     "the target (TPOT under 20 ms, i.e. at least 50 tokens/s per user)", "$1,000/month"),
    ("budget $500/month, llama 3.1 70b at 30 tokens/s per user for 10 users: what can I get?",
     "the target (30 tokens/s per user)", "$500.00/month"),
])
def test_speed_targets_over_the_budget_other_models(q: str, target: str, budget: str) -> None:
    r = ask(q)
    first = _t(first_sentence(r))
    assert first.startswith(f"No: {target} is met only over your budget: the cheapest setup "
                            "that meets it is "), first
    m = re.search(rf", \$([\d,.]+)/month \(.+\), \$([\d,.]+)/month over your budget of "
                  rf"{re.escape(budget)}\.$", first)
    assert m, first
    limit = _money(budget.strip("$").split("/")[0])
    assert _money(m[2]) == pytest.approx(_money(m[1]) - limit, abs=1)
    assert asked(r)[0] == "per_month_usd"
    # the reason's advice and a relaxed target, where both are found, in one sentence
    assert _t(head(r)).count("To bring it within the budget") <= 1


def test_tpot_relaxed_within_the_budget_romanian() -> None:
    text = _t(head(ask("qwen 2.5 32b pentru 20 de utilizatori, TPOT sub 20 ms, buget 1000 "
                       "USD/lună")))
    assert text.startswith("Nu: ținta (TPOT sub 20 ms, adică cel puțin 50 de tokeni/s per "
                           "utilizator) se atinge doar peste buget: "), text
    assert "relaxați viteza de decodare la 25 de tokeni/s per utilizator" in text
    assert text.count("Pentru a vă încadra în buget") == 1


def test_hourly_budget_over_in_its_unit() -> None:
    r = ask("mistral 7b for 50 users with TTFT under 300 ms, budget $0.5/h")
    first = _t(first_sentence(r))
    assert first.startswith("No: the target (a time to first token under 300 ms) is met only "
                            "over your budget: "), first
    m = re.search(r", \$([\d.]+)/h \((\d+) ms to the first token, .+\), \$([\d.]+)/h over your "
                  r"budget of \$0\.50/h\.$", first)
    assert m, first
    assert int(m[2]) <= 300
    assert float(m[3]) == pytest.approx(float(m[1]) - 0.5, abs=0.006)
    assert asked(r)[0] == "per_hour_usd"


# --- 9: no one machine of the GPU named holds the model: machines joined, priced ----------


_DS = ("deepseek v3 on H100s, how many and whats the monthly cost?",
       "deepseek v3 on H100s - how many GPUs and monthly cost?")


def test_deepseek_on_h100_both_phrasings_lead_with_the_month() -> None:
    firsts = []
    for q in _DS:
        r = ask(q)
        first = _t(first_sentence(r))
        firsts.append(first)
        assert "No offer in the catalog meets" not in r.answer
        m = re.match(r"DeepSeek-V3 at fp8 on NVIDIA H100 SXM5 80GB costs about \$([\d,]+)/month "
                     r"at 24 h/day, 30 days/month \(\$[\d.]+/h\): no single machine of them "
                     r"holds it, so it takes 16 of them, as 2 instances of 8 × NVIDIA H100 SXM5 "
                     r"80GB at (\w+) \(on-demand\)\.", first)
        assert m, first
        q_, v, unit = asked(r)
        assert (q_, unit) == ("per_month_usd", "USD")
        assert v == pytest.approx(_money(m[1]), abs=1)
        assert r.numbers is not None and r.numbers.recommendations
        o = r.numbers.recommendations[0]
        assert (o.gpu_count, o.nodes, o.provider) == (8, 2, m[2])
        # what a single machine with more memory costs for the same model, after (it was 8 x
        # H200 at $11,624/month, Prime Intellect's copy of Verda's machine below Verda's own
        # price, doubted since: buyer audit 25a #4)
        assert re.search(r"For less, without joining machines: use a GPU with more memory "
                         r"\(.+4 x NVIDIA B300 288GB \(HGX, Blackwell Ultra\) at verda, "
                         r"\$14,381/month\)", head(r)), r.answer
    assert firsts[0] == firsts[1]


def test_deepseek_on_h100_romanian() -> None:
    r = ask("deepseek v3 pe H100, câte GPU-uri și cât costă pe lună?")
    first = _t(first_sentence(r))
    assert first.startswith("DeepSeek-V3 la fp8 pe NVIDIA H100 SXM5 80GB costă aproximativ "), first
    assert "nicio mașină singură nu îl cuprinde, așa că sunt necesare 16 astfel de GPU-uri, ca 2 " \
           "instanțe de 8 × NVIDIA H100 SXM5 80GB" in first
    assert asked(r)[0] == "per_month_usd"
    assert "Mai ieftin, fără a lega mai multe mașini: folosiți un GPU cu mai multă memorie" \
        in _t(head(r))


@pytest.mark.parametrize("gpu, name", [("H100s", "NVIDIA H100 SXM5 80GB"),
                                       ("A100 80GB", "NVIDIA A100 SXM4 80GB")])
def test_405b_bf16_other_gpus_same_setup_both_phrasings(gpu: str, name: str) -> None:
    rs = [ask(f"llama 3.1 405b bf16 on {gpu}, how many and whats the monthly cost?"),
          ask(f"llama 3.1 405b bf16 on {gpu} - how many GPUs and monthly cost?")]
    firsts = [_t(first_sentence(r)) for r in rs]
    assert firsts[0] == firsts[1], firsts
    assert firsts[0].startswith(f"Meta Llama 3.1 405B at bf16 on {name} costs about $"), firsts
    assert "no single machine of them holds it" in firsts[0]
    for r in rs:
        assert asked(r)[0] == "per_month_usd"
        assert r.numbers is not None and r.numbers.recommendations[0].nodes > 1


def test_an_hour_asked_leads_with_the_hour() -> None:
    r = ask("how much per hour is deepseek v3 on H100s?")
    first = _t(first_sentence(r))
    assert re.match(r"DeepSeek-V3 at fp8 on NVIDIA H100 SXM5 80GB costs about \$[\d.]+/h \(about "
                    r"\$[\d,]+/month at 24 h/day, 30 days/month\): ", first), first
    assert asked(r)[0] == "per_hour_usd"


def test_count_alone_stays_a_count() -> None:
    r = ask("deepseek v3 on H100s, how many GPUs?")
    assert first_sentence(r).startswith("DeepSeek-V3 at fp8 needs 16 × NVIDIA H100 SXM5 80GB")
    assert asked(r) == ("gpu_count", 16, "GPUs")
