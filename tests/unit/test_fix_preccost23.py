"""Two precisions, or two GPUs with no load stated, whose cost is asked each.

"fp8 vs bf16 for Llama 3.1 70B on H200 with 16 users: monthly cost each?" (and "...: fp8 vs
bf16 monthly cost?", RO "fp8 sau bf16 ...: cât costă pe lună fiecare?") answered only the
cheaper precision's month ("The cheapest match costs about $1,454/month ... 1 x H200 ... with
fp8 weights"), no bf16 figure. "L4 vs A10G for llama 3.1 8b: monthly cost of each?", "H100 vs
A100 80GB for llama 3.1 70b int8: cost per month each?" and "B200 vs H200 for llama 3.1 405b
fp8: monthly cost?" gave hourly prices only; RO "H100 față de A100 80GB ...: cât costă pe
lună fiecare?" was the H100's month alone (intent cost). Now each side is priced as the cost
answer prices it alone (that precision, or that GPU, at the same load and month), both in
the first sentence, the dearer as a multiple of the cheapest; numbers.asked is the cheapest
month and numbers.recommendations carry each side's priced setup.

The figures are compared with the answers to the same question asking one side alone, never
with pinned prices."""

from __future__ import annotations

import functools
import re

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import ask, asked, first_sentence


@functools.cache
def alone(question: str) -> AskResponse:
    return ask(question)


def _month(r: AskResponse) -> float:
    q, v, unit = asked(r)
    assert q == "per_month_usd" and unit == "USD", r.answer
    return v


def _money(v: float, lang: str) -> str:
    """The figure as the answer writes it (to the dollar above $1,000, else to the cent)."""
    if lang == "en":
        return f"${v:,.0f}" if v >= 1000 else f"${v:,.2f}"
    s = f"{v:,.0f}" if v >= 1000 else f"{v:,.2f}"
    return s.replace(",", "_").replace(".", ",").replace("_", ".") + "\xa0USD"


PREC_EN = ["fp8 vs bf16 for Llama 3.1 70B on H200 with 16 users: monthly cost each?",
           "Llama 3.1 70B on H200 for 16 users: fp8 vs bf16 monthly cost?"]
PREC_RO = "fp8 sau bf16 pentru Llama 3.1 70B pe H200 cu 16 utilizatori: cât costă pe lună fiecare?"
PREC_ALONE = "Llama 3.1 70B on H200 with 16 users at {p}: monthly cost?"


@pytest.mark.parametrize("q", [*PREC_EN, PREC_RO])
def test_precisions_each_priced_alone(q: str) -> None:
    r = ask(q)
    lang = "ro" if q is PREC_RO else "en"
    lead = first_sentence(r)
    fp8, bf16 = (_month(alone(PREC_ALONE.format(p=p))) for p in ("fp8", "bf16"))
    assert fp8 < bf16
    # both figures in the first sentence, fp8 first as asked, each on its own setup
    assert _money(fp8, lang) in lead and _money(bf16, lang) in lead, lead
    assert lead.index("fp8:") < lead.index("bf16:"), lead
    assert "1 × NVIDIA H200" in lead and "2 × NVIDIA H200" in lead, lead
    ratio = f"{bf16 / fp8:.1f}" if lang == "en" else f"{bf16 / fp8:.1f}".replace(".", ",")
    assert ratio in lead, lead
    assert r.intent == "cost"
    assert _month(r) == pytest.approx(fp8)  # the cheaper one's month is the number asked
    assert r.numbers is not None
    months = sorted(o.per_month_usd or 0.0 for o in r.numbers.recommendations)
    assert months == pytest.approx(sorted([fp8, bf16]))  # each side's setup, priced
    assert {o.weights for o in r.numbers.recommendations} == {"fp8", "bf16"}


def test_precisions_en_ro_same_figures() -> None:
    en, ro = ask(PREC_EN[0]), ask(PREC_RO)
    assert _month(en) == pytest.approx(_month(ro))
    assert en.numbers is not None and ro.numbers is not None
    assert ([o.per_month_usd for o in en.numbers.recommendations]
            == [o.per_month_usd for o in ro.numbers.recommendations])


GPUS = [
    ("L4 vs A10G for llama 3.1 8b: monthly cost of each?", ("L4", "A10G"),
     "llama 3.1 8b on {g}: monthly cost?", "en"),
    ("H100 vs A100 80GB for llama 3.1 70b int8: cost per month each?", ("H100", "A100 80GB"),
     "llama 3.1 70b int8 on {g}: monthly cost?", "en"),
    ("B200 vs H200 for llama 3.1 405b fp8: monthly cost?", ("B200", "H200"),
     "llama 3.1 405b fp8 on {g}: monthly cost?", "en"),
    ("H100 față de A100 80GB pentru llama 3.1 70b int8: cât costă pe lună fiecare?",
     ("H100", "A100 80GB"), "llama 3.1 70b int8 pe {g}: cât costă pe lună?", "ro"),
]


@pytest.mark.parametrize(("q", "gpus", "one", "lang"), GPUS)
def test_gpus_each_month_no_load(q: str, gpus: tuple[str, str], one: str, lang: str) -> None:
    r = ask(q)
    lead = first_sentence(r)
    months = [_month(alone(one.format(g=g))) for g in gpus]
    for m in months:
        assert _money(m, lang) in lead, (m, lead)
    assert not re.search(r"/h\b|/oră", lead), lead  # a month each, not an hour
    assert _month(r) == pytest.approx(min(months))
    assert r.numbers is not None
    got = sorted(o.per_month_usd or 0.0 for o in r.numbers.recommendations)
    assert got == pytest.approx(sorted(months))


def test_gpus_en_ro_same() -> None:
    en = ask(GPUS[1][0])
    ro = ask(GPUS[3][0])
    assert en.intent == ro.intent == "compare"
    assert _month(en) == pytest.approx(_month(ro))
    assert en.numbers is not None and ro.numbers is not None
    assert len(ro.numbers.recommendations) == 2  # the A100's month too, not the H100's alone
    assert ([o.per_month_usd for o in en.numbers.recommendations]
            == [o.per_month_usd for o in ro.numbers.recommendations])


def test_gpus_at_a_load_unchanged() -> None:
    # at a load stated the comparison scales each GPU like for like (bf16) and leads with
    # both months, as before
    r = ask("H100 vs H200 for Llama 3.1 70B with 16 users: monthly cost each?")
    lead = first_sentence(r)
    assert r.intent == "compare"
    assert "costs less a month for all 16 requests" in lead, lead
    assert lead.count("/month") >= 2, lead


def test_hourly_compare_unchanged() -> None:
    # no month asked: the hourly comparison rows, as before
    r = ask("L4 vs A10G for llama 3.1 8b: which is faster?")
    assert "Each priced alone" not in r.answer
