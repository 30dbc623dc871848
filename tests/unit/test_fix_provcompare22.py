"""A model's workload compared across two providers named ("compare runpod and lambda for
serving llama 3.1 8b to 20 users: monthly cost on each", "runpod vs lambda", "runpod sau
lambda", "pe runpod față de lambda"): the answer priced the first provider named only
(RunPod's 1 x RTX 4090 at $245.22/month) and never named Lambda, whose best setup for the
same load (1 x RTX A6000 at $787.97/month) a question naming it alone gives. Now each
provider is priced as a question naming it alone is, cheapest first, then which is cheaper
and by how much; numbers.asked is the cheaper one's figure and the recommendations carry each
provider's lead setup.

The figures are compared with the answers to the same question naming one provider, never
with pinned prices."""

from __future__ import annotations

import functools

import pytest

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import ask, asked, head

ALONE_EN = "serving llama 3.1 8b to 20 users on {p}: monthly cost"
ALONE_RO = "servirea llama 3.1 8b la 20 de utilizatori pe {p}: costul lunar"


@functools.cache
def alone(p: str, lang: str = "en") -> AskResponse:
    return ask((ALONE_EN if lang == "en" else ALONE_RO).format(p=p))


def _lead(r: AskResponse) -> tuple[str, float]:
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    o = r.numbers.recommendations[0]
    assert o.per_month_usd is not None
    return o.provider, o.per_month_usd


EN = [
    "compare runpod and lambda for serving llama 3.1 8b to 20 users: monthly cost on each",
    "runpod vs lambda for serving llama 3.1 8b to 20 users: monthly cost on each",
    "serving llama 3.1 8b to 20 users: lambda or runpod, monthly cost?",
]
RO = [
    "compară runpod și lambda pentru servirea llama 3.1 8b la 20 de utilizatori: costul lunar "
    "pe fiecare",
    "llama 3.1 8b pentru 20 de utilizatori: runpod sau lambda, cât costă pe lună?",
    "cât costă pe lună llama 3.1 8b pentru 20 de utilizatori pe runpod față de lambda?",
]


@pytest.mark.parametrize("question", EN + RO)
def test_each_provider_priced_as_alone(question: str) -> None:
    """Each provider named carries its own best setup, the one its own question gets."""
    r = ask(question)
    assert r.numbers is not None
    by = {o.provider: o.per_month_usd for o in r.numbers.recommendations}
    assert set(by) == {"runpod", "lambda"}, r.answer
    for p in ("runpod", "lambda"):
        assert by[p] == _lead(alone(p))[1], (p, r.answer)
    text = head(r)
    assert "RunPod" in text and "Lambda" in text, text


@pytest.mark.parametrize("question", EN + RO)
def test_cheaper_is_asked_and_said(question: str) -> None:
    """numbers.asked is the cheaper provider's month; the answer says which and by how much."""
    r = ask(question)
    runpod, lam = _lead(alone("runpod"))[1], _lead(alone("lambda"))[1]
    low, high = min(runpod, lam), max(runpod, lam)
    assert low < high
    q, v, unit = asked(r)
    assert (q, unit) == ("per_month_usd", "USD") and v == low, r.answer
    cheaper = "RunPod" if runpod < lam else "Lambda"
    text = head(r)
    if r.lang == "ro":
        diff = f"{high - low:,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".")
        # (a no-break space before USD)
        assert f"{cheaper} este mai ieftin cu {diff}\xa0USD/lună" in text, text
    else:
        assert f"{cheaper} is cheaper by ${high - low:,.2f}/month" in text, text
    # the cheaper one is listed first, its setup the sizing recorded
    assert r.numbers is not None and r.numbers.recommendations[0].per_month_usd == low


def test_en_ro_same_figures() -> None:
    en, ro = ask(EN[0]), ask(RO[0])
    assert en.lang == "en" and ro.lang == "ro"
    assert asked(en) == asked(ro)
    assert en.numbers is not None and ro.numbers is not None
    assert ([(o.provider, o.gpu, o.per_month_usd) for o in en.numbers.recommendations]
            == [(o.provider, o.gpu, o.per_month_usd) for o in ro.numbers.recommendations])


def test_hourly_compared_by_the_hour() -> None:
    """No period asked: each provider's hour, the cheaper one's hour asked."""
    r = ask("which is cheaper for llama 3.1 8b with 20 users, runpod or lambda?")
    assert r.numbers is not None
    assert {o.provider for o in r.numbers.recommendations} == {"runpod", "lambda"}, r.answer
    q, v, _ = asked(r)
    assert q == "per_hour_usd"
    assert v == min(o.per_hour_usd for o in r.numbers.recommendations)
    assert "is cheaper by $" in head(r) and "/h (" in head(r)


def test_one_provider_unchanged() -> None:
    """One provider named (another left out): its own answer, no comparison."""
    r = ask("llama 3.1 8b monthly cost on runpod, excluding lambda")
    assert r.numbers is not None
    assert {o.provider for o in r.numbers.recommendations} == {"runpod"}
    assert "Each provider named" not in head(r)


def test_gpu_price_comparison_unchanged() -> None:
    """No model named: the GPU's prices side by side, as before (prices.compare_providers)."""
    r = ask("runpod vs lambda for h100")
    assert head(r).startswith("Side by side at runpod, lambda"), r.answer
