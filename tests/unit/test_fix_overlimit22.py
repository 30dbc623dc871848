"""A context past the model's own limit (Llama 3.1 8B: 131,072 tokens) is a No, first, with
no "It fits on" for it; a cost or a speed asked is answered at the limit, said so, and the
catalog's models that take the context asked are named (audit round 22, overlimit).

Before: "how much does it cost to run 200k token prompts through llama 3.1 8b, 10k requests
per day?" gave "No engine serves this ...; the figures below are for that context. ... needs
about 41.5 GiB ... It fits on 1 × NVIDIA RTX 6000 Ada" with total_gib asked and no price
(/v1/recommendations refuses the context, so the cost fell to the memory answer); "serve
llama 3.1 8b with 1M context?" said "No engine serves this" and then "It fits on 1 × NVIDIA
B200 180GB (HGX)"."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, first_sentence

COST_EN = ("how much does it cost to run 200k token prompts through llama 3.1 8b, "
           "10k requests per day?")
COST_RO = "cât costă să rulez prompturi de 200k tokeni prin llama 3.1 8b, 10k cereri pe zi?"


def test_cost_past_the_limit_says_no_then_prices_at_the_limit() -> None:
    r = ask(COST_EN)
    lead = first_sentence(r)
    assert lead.startswith("No: Meta Llama 3.1 8B accepts at most 131,072 tokens"), lead
    assert "205,312 (204,800 input and 512 output tokens) is beyond its limit" in lead, lead
    assert "It fits on" not in r.answer, r.answer
    assert ("At its limit of 131,072 tokens (130,560 input and 512 output tokens): the "
            "cheapest match is") in r.answer, r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    a = r.numbers.asked
    assert a.quantity in ("per_hour_usd", "per_month_usd") and a.value > 0, a
    assert a.quantity != "total_gib"
    assert "Models in the catalog that take 205,312 tokens of context: Qwen3 4B 2507" in r.answer


def test_cost_past_the_limit_in_romanian() -> None:
    r = ask(COST_RO)
    lead = first_sentence(r)
    assert lead.startswith("Nu: Meta Llama 3.1 8B acceptă cel mult 131.072 de tokeni"), lead
    assert "Încape pe" not in r.answer, r.answer
    assert "La limita sa de 131.072 de tokeni (130.560 de tokeni de intrare și 512 de ieșire): " \
           "cea mai ieftină" in r.answer, r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity != "total_gib" and r.numbers.asked.value > 0


@pytest.mark.parametrize("q, no, longer", [
    ("serve llama 3.1 8b with 1M context?",
     "No: Meta Llama 3.1 8B accepts at most 131,072 tokens of context, and 1,000,000 is beyond",
     "Models in the catalog that take 1,000,000 tokens of context: Meta Llama 4 Scout"),
    ("servesc llama 3.1 8b cu context de 1M?",
     "Nu: Meta Llama 3.1 8B acceptă cel mult 131.072 de tokeni de context, iar 1.000.000",
     "Modele din catalog care acceptă 1.000.000 de tokeni de context: Meta Llama 4 Scout"),
])
def test_serve_past_the_limit_is_a_no_with_no_fit(q: str, no: str, longer: str) -> None:
    r = ask(q)
    assert first_sentence(r).startswith(no), r.answer
    assert "It fits on" not in r.answer and "Încape pe" not in r.answer, r.answer
    assert "B200" not in r.answer, r.answer
    assert longer in r.answer, r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "max_context_tokens" and r.numbers.asked.yes is False


def test_memory_past_the_limit_has_no_fit_list() -> None:
    r = ask("how much vram for llama 3.1 8b with 200k context?")
    assert first_sentence(r).startswith("No engine serves this"), r.answer
    assert "41.5 GiB in total" in r.answer and "It fits on" not in r.answer, r.answer
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.fits_on == [], r.numbers.sizing


def test_speed_past_the_limit_with_no_gpu_is_answered_at_the_limit() -> None:
    r = ask("how fast is llama 3.1 8b with 200k token prompts?")
    assert first_sentence(r).startswith("No: Meta Llama 3.1 8B accepts at most 131,072"), r.answer
    assert "It fits on" not in r.answer and "At its limit of 131,072 tokens" in r.answer, r.answer
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "decode_tokens_per_s" and r.numbers.asked.value > 0


def test_within_the_limit_unchanged() -> None:
    r = ask("how much does it cost to run 100k token prompts through llama 3.1 8b, "
            "10k requests per day?")
    assert "beyond its limit" not in r.answer and "At its limit" not in r.answer, r.answer
    assert first_sentence(r).startswith("The cheapest match is"), r.answer


def test_slack_table_says_why_no_gpu_is_listed_past_the_limit() -> None:
    """The ask table's "Fits on" row past the model's limit said "no single node" (a want of
    a node big enough); the reason is the context (golden ask-en: Llama 3 70B at 32k)."""
    from service.adapters.slack.render import _fit_rows

    assert _fit_rows("Fits on", [], "en", past_limit=True) == [
        ("Fits on", "no GPU: the context is past the model's limit")]
    assert _fit_rows("Fits on", [], "en") == [("Fits on", "no single node")]
    assert _fit_rows("Încape pe", [], "ro", past_limit=True)[0][1].startswith("niciun GPU")
