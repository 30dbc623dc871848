"""Audit regress7 #7, #13, #15 and a spot sign: the number asked leads a one-card comparison,
the warnings of providers listed only in the offers stay, "how long would $100 last" is
answered in hours, and a spot price dearer than on-demand is said "more", never "-5% less".

#7: "Is an H100 or an A100 faster for Llama 3.1 8B?" led with whether one card of each holds
it; the tokens/s asked came second. A fit asked ("does it run on an A10G or an L4?") keeps the
fit first, and a card one of which does not hold it is said so before its larger setup."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head, machine_price

# -- #7: the asked speed or price first in a one-card comparison ------------------------------


@pytest.mark.parametrize(("q", "lead", "fit"), [
    ("Is an H100 or an A100 faster for Llama 3.1 8B?",
     "For Meta Llama 3.1 8B at bf16: 1 × NVIDIA H100 SXM5 80GB about 136 tokens/s",
     "On one card each, Meta Llama 3.1 8B at bf16: one NVIDIA H100 SXM5 80GB: yes"),
    ("What does Llama 3.1 8B cost per hour on an L4 or an A10G?",
     "For Meta Llama 3.1 8B at bf16: 1 × NVIDIA L4 24GB about 16.1 tokens/s, $0.38/h",
     "On one card each, Meta Llama 3.1 8B at bf16: one NVIDIA L4 24GB: yes"),
    ("Care e mai rapid pentru Llama 3.1 8B, un H100 sau un A100?",
     "Pentru Meta Llama 3.1 8B la bf16: 1 × NVIDIA H100 SXM5 80GB aproximativ 136 de tokeni/s",
     "Pe câte o singură placă, Meta Llama 3.1 8B la bf16: un NVIDIA H100 SXM5 80GB: da"),
    ("Cât costă pe oră Llama 3.1 8B pe un L4 sau un A10G?",
     "Pentru Meta Llama 3.1 8B la bf16: 1 × NVIDIA L4 24GB aproximativ 16,1 tokeni/s, "
     "0,38\u00a0USD/oră",
     "Pe câte o singură placă, Meta Llama 3.1 8B la bf16: un NVIDIA L4 24GB: da"),
])
def test_one_card_comparison_leads_with_the_number_asked(q: str, lead: str, fit: str) -> None:
    text = head(ask(q))
    assert text.startswith(lead), text
    assert fit in text, text  # the one-card fit is said after the numbers
    assert text.index(fit) > text.index(lead), text


@pytest.mark.parametrize(("q", "lead"), [
    ("Does Llama 3.1 8B run on an A10G or an L4?",
     "On one card each, Meta Llama 3.1 8B at bf16: one NVIDIA A10G 24GB (AWS): yes"),
    ("Merge Llama 3.1 8B pe un A10G sau pe un L4?",
     "Pe câte o singură placă, Meta Llama 3.1 8B la bf16: un NVIDIA A10G 24GB (AWS): da"),
])
def test_a_fit_asked_keeps_the_fit_first(q: str, lead: str) -> None:
    assert head(ask(q)).startswith(lead), head(ask(q))


def test_a_card_that_does_not_hold_it_is_said_before_its_larger_setup() -> None:
    text = head(ask("Is an RTX 4090 or an RTX 3090 faster for Llama 3.1 70B?"))
    assert text.startswith("On one card each, Meta Llama 3.1 70B at bf16: one NVIDIA GeForce "
                           "RTX 4090 24GB: no, about 135.1 GiB needed"), text
    assert text.index(": no,") < text.index("8 × NVIDIA GeForce RTX 4090 24GB about"), text


# -- #13: warnings of the providers the offers list ------------------------------------------


@pytest.mark.parametrize(("q", "warned"), [
    ("How many SDXL images can I generate for $10?",
     ("Storage price unknown for vast", "Storage price unknown for verda")),
    ("Câte imagini SDXL pot genera cu 10 dolari?",
     ("Prețul stocării la vast este necunoscut",
      "Prețul stocării la verda este necunoscut")),
])
def test_providers_listed_in_the_offers_keep_their_warnings(q: str, warned: tuple[str, ...]
                                                            ) -> None:
    r = ask(q)
    assert r.numbers is not None
    listed = {o.provider for o in r.numbers.recommendations}
    # primeintellect's resale of verda's machine is listed under verda's offer (audit
    # recommend2 #2), no longer as an offer of its own
    # (mediaask: the lowest cost per image is now read from every GPU's setups, not the ten
    # cheapest by the hour: 4 x RTX 5070 at vast, then openrelay's RTX 4090; verda's V100 is
    # no longer among the three listed, so its warning is checked only where it is listed)
    assert "vast" in listed, listed
    for provider, x in zip(("vast", "verda"), warned, strict=True):
        if provider in listed:
            assert x in r.answer, r.answer.split("\n\n")[-1]


# -- #15: how long a budget lasts ------------------------------------------------------------


@pytest.mark.parametrize(("q", "said", "spot"), [
    ("How long would a $100 budget last on an H100?",
     "With $100.00, 1 × NVIDIA H100 SXM5 80GB runs for about 77.5 hours at $1.29/h "
     "(on-demand) at hyperbolic",
     "; on spot, at $1.00/h at mithril, about 100 hours, only if the work can be interrupted."),
    ("How long would $100 last on an H100?",
     "With $100.00, 1 × NVIDIA H100 SXM5 80GB runs for about 77.5 hours",
     "; on spot, at $1.00/h at mithril, about 100 hours"),
    ("Cât timp îmi ajung 100 de dolari pe un H100?",
     "Cu 100,00\u00a0USD, 1 × NVIDIA H100 SXM5 80GB rulează aproximativ 77,5 ore la "
     "1,29\u00a0USD/oră (la cerere) la hyperbolic",
     "; pe spot, la 1,00\u00a0USD/oră la mithril, aproximativ 100 de ore, doar dacă lucrul "
     "poate fi întrerupt."),
])
def test_a_budget_asked_how_long_gives_the_hours(q: str, said: str, spot: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("budget_hours", "h"), head(r)
    assert value == pytest.approx(100 / machine_price("h100-sxm")), head(r)
    assert round(value, 1) == 77.5
    text = head(r)
    assert text.startswith(said), text  # the hours asked lead
    assert spot in text, text


# -- a spot price dearer than on-demand ------------------------------------------------------


# like for like (audit buyer27a #9): gcp's spot $1.60/h against gcp's own on-demand, and
# seeweb's on-demand $1.52/h, below that spot price, said as the cheaper choice (it was
# "$1.60/h against $1.52/h (5% more)", two providers' prices)
@pytest.mark.parametrize(("q", "more", "wrong"), [
    ("Llama 3.2 11B Vision, 20 images per request, 8 users on L4: spot price?",
     "On-demand costs $1.52/h at seeweb, one machine of 4 × NVIDIA L4 24GB, less than this "
     "spot price", "-5%"),
    ("Llama 3.2 11B Vision, 20 images per request, 8 users on L4: spot price per month?",
     "On-demand costs $1.52/h at seeweb, one machine of 4 × NVIDIA L4 24GB, less than this "
     "spot price", "-5%"),
    ("Llama 3.2 11B Vision, 20 de imagini pe cerere, 8 utilizatori pe L4: preț spot?",
     "La cerere costă 1,52\u00a0USD/oră la seeweb, o mașină cu 4 × NVIDIA L4 24GB, mai puțin "
     "decât acest preț spot",
     "-5%"),
])
def test_a_dearer_spot_price_is_said_more(q: str, more: str, wrong: str) -> None:
    text = head(ask(q))
    assert more in text, text
    assert wrong not in text, text
    assert not text.startswith(("Spot saves money", "Spot economisește")), text
