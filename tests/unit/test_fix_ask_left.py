"""/v1/ask, fixed (audit ask_left): a region asked applies the availability rule /v1/offers and
the recommendations share (offer_query.region_outcome: Lambda's region list is a price list,
so its offers are not "in Germany", and the answer says so); an RTX card counted by its number
for a token rate is a count, not one GPU's speed; requests per second with no GPU named are
those of the setup the hourly price answer picks; a one-off move of data out of a cloud is not
a monthly egress; a price outlier's peers are named as the answers name GPUs; Romanian
guidance says "la cerere" as the answers do, and "la 8k tokeni" in a fine-tuning question is
the sequence length. Each in English and in Romanian."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from service.domain.catalog.offer_query import region_outcome
from service.domain.catalog.regions import parse_region_filter
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head, knowledge


def _plain(text: str) -> str:
    """``text`` with its no-break spaces ("22,23\xa0USD") as spaces."""
    return text.replace("\xa0", " ")


# -- 1. the region rule of /v1/offers and /v1/recommendations ---------------------------------


def _h100_in_germany() -> dict[str, int]:
    """How the shared rule treats the catalog's priced H100 offers with a place in Germany."""
    c = catalog()
    regions = parse_region_filter(c.regions.filter_values("DE"), c.regions)
    seen: dict[str, int] = {}
    for v in c.views(TODAY):
        if v.gpu.startswith("h100") and v.price_per_gpu_usd_h is not None:
            outcome, _ = region_outcome(v.provider, v.places, regions, c.regions.table)
            seen[outcome] = seen.get(outcome, 0) + 1
    return seen


def test_the_catalog_places_only_lambda_h100s_in_germany_on_a_price_list() -> None:
    seen = _h100_in_germany()
    assert seen.get("matched", 0) == 0
    assert seen["availability_not_stated"] == 5


@pytest.mark.parametrize(("q", "none", "left", "lambda_price"), [
    ("What does an H100 cost per hour in Germany?",
     "The catalog has no offer for NVIDIA H100 SXM5 80GB located in Germany",
     "Lambda's offers were left out: Lambda lists its price for every region without "
     "stating in which of them its machines are available, so none is counted as located "
     "in Germany.", "at lambda"),
    ("Cât costă un H100 pe oră în Germania?",
     "Catalogul nu are nicio ofertă pentru NVIDIA H100 SXM5 80GB aflată în Germania",
     "Ofertele Lambda au fost lăsate deoparte: Lambda își publică prețul pentru fiecare "
     "regiune fără să spună în care dintre ele sunt disponibile mașinile sale, așa că "
     "niciuna nu este socotită ca aflată în Germania.", "la lambda"),
])
def test_a_price_list_is_not_a_place(q: str, none: str, left: str, lambda_price: str) -> None:
    r = ask(q)
    text = _plain(head(r))
    assert text.startswith(none), text
    assert left in text
    assert lambda_price not in text  # was "from $3.29/h per GPU at lambda"
    assert "3.29" not in text and "3,29" not in text


def test_a_continent_keeps_its_placed_offers_and_says_who_was_left_out() -> None:
    text = head(ask("What does an H100 cost per hour in Europe?"))
    assert "at lambda" not in text
    assert "Lambda's offers were left out" in text
    # one card alone, a single-GPU machine (task cost2: was $1.75, lium's 8-GPU machine's
    # share)
    assert text.startswith("NVIDIA H100 SXM5 80GB costs from $1.82/h per GPU at cudo"), text


def test_a_recommendation_in_a_region_says_who_was_left_out() -> None:
    r = ask("Cheapest setup to serve Llama 3.1 8B in Germany?")
    assert "Lambda's offers were left out" in head(r)


# -- 2. rates in count questions ------------------------------------------------------------


@pytest.mark.parametrize(("q", "need"), [
    ("How many RTX 5000 Ada for 2,000 tokens per second in total with Llama 3.1 8B?",
     "needs about 8 × NVIDIA RTX 5000 Ada Generation 32GB"),
    ("Câte RTX 5000 Ada pentru 2.000 de tokeni pe secundă în total cu Llama 3.1 8B?",
     "are nevoie de aproximativ 8 × NVIDIA RTX 5000 Ada Generation 32GB"),
])
def test_an_rtx_card_counted_for_a_rate_is_a_count(q: str, need: str) -> None:
    r = ask(q)
    assert r.intent == "gpu_count"  # was "speed": one GPU's 316 tokens/s
    assert asked(r) == ("gpu_count", 8, "GPUs")
    assert need in first_sentence(r)
    # the same count as "... do I need ..." gives
    said = ask("How many RTX 5000 Ada do I need for 2,000 tokens per second in total with "
               "Llama 3.1 8B?")
    assert asked(said) == asked(r)


@pytest.mark.parametrize(("q", "lead", "quantity", "per"), [
    ("How many requests per second can Llama 3.1 8B serve?",
     "With no GPU named, on the setup the hourly price answer picks ($0.15/h at hyperstack): "
     # re-pinned: serving start transient in the solve
     "1 × NVIDIA RTX A4000 16GB serves about 0.320 requests per second of Meta Llama 3.1 8B "
     "at fp8 at full load", "max_requests_per_s", 1.0),
    ("Câte cereri pe minut poate servi Llama 3.1 8B?",
     "Fără un GPU numit, pe configurația aleasă de răspunsul la prețul pe oră (0,15 USD/oră "
     # re-pinned: serving start transient in the solve
     "la hyperstack): 1 × NVIDIA RTX A4000 16GB servește aproximativ 19,2 cereri pe minut "
     "cu Meta Llama 3.1 8B la fp8", "max_requests_per_min", 60.0),
])
def test_requests_with_no_gpu_are_on_the_hourly_pick(q: str, lead: str, quantity: str,
                                                     per: float) -> None:
    hourly = head(ask("How much does it cost per hour to serve Llama 3.1 8B?"))
    assert "1 × NVIDIA RTX A4000 16GB with fp8 weights" in hourly
    assert "at hyperstack for $0.15/h" in hourly
    r = ask(q)
    assert _plain(head(r)).startswith(lead), head(r)
    name, value, _ = asked(r)
    assert name == quantity
    # the figure the same setup named gives (was one request's 19.2 tokens/s on an RTX 4000)
    named = ask("How many requests per second can Llama 3.1 8B serve on an RTX A4000 at fp8?")
    assert value == pytest.approx(asked(named)[1] * per)
    # re-pinned: serving start transient in the solve
    assert asked(named)[1] == pytest.approx(0.3202, abs=1e-4)


# -- 3. a one-off egress move ------------------------------------------------------------------


@pytest.mark.parametrize(("q", "said", "monthly"), [
    ("How much does it cost to move 200 GB of weights out of GCP?",
     "Moving 200 GB out of Google Cloud (Compute Engine) once costs about $22.23 (priced as "
     "that month's only egress: free allowances and price tiers count per month).",
     "200 GB a month"),
    ("Cât costă să mut 200 GB de ponderi din GCP?",
     "Traficul de ieșire al unei mutări unice de 200 GB de la Google Cloud (Compute Engine) "
     "costă aproximativ 22,23 USD", "200 GB pe lună"),
])
def test_a_one_off_move_is_not_monthly(q: str, said: str, monthly: str) -> None:
    r = ask(q)
    assert _plain(head(r)).startswith(said), head(r)
    assert monthly not in head(r)
    assert asked(r) == ("egress_usd", pytest.approx(22.2317, abs=1e-3), "USD")


@pytest.mark.parametrize("q", ["How much is 2 TB of egress a month on AWS?",
                               "How much does it cost to transfer 2 TB out of AWS every month?"])
def test_a_monthly_amount_stays_monthly(q: str) -> None:
    assert head(ask(q)).startswith("Egress of 2,000 GB a month at Amazon Web Services (EC2)")


# -- 4. a price outlier's peers by name ------------------------------------------------------


@pytest.mark.parametrize(("q", "peers"), [
    # Daytona's RTX 4090 at $2.20/h, doubted as 6.48x the market's median until buyer audit
    # 27a #3 (a price far above other providers' is no doubt by itself), is trusted now: the
    # low outlier at Lium names its GPU the same way
    ("How much is an L40 on Lium?",
     "fresh on-demand prices for 4 × NVIDIA L40 48GB (under 0.4x)"),
    ("Cât costă un L40 la Lium?",
     "a prețurilor la cerere recente de la 4 furnizori pentru 4 × NVIDIA L40 48GB "
     "(sub pragul de 0,4)"),
])
def test_an_outlier_names_its_gpu(q: str, peers: str) -> None:
    warnings = _plain(ask(q).answer)
    assert peers in warnings, warnings
    assert "4 x l40" not in warnings  # a catalog id would read "for 4 x l40"


def test_a_low_spot_outlier_is_said_in_romanian() -> None:
    warnings = _plain(ask("Cât costă un B300 spot la Verda?").answer)
    assert ("prețul spot de 1,24 USD/GPU-oră este de 0,28 ori mediana de 4,41 USD a prețurilor "
            "spot recente de la 3 furnizori pentru NVIDIA B300 288GB (HGX, Blackwell Ultra) "
            "(oricâte) (sub pragul de 0,4)") in warnings, warnings
    assert "under 0.4x" not in warnings and "b300 (any count)" not in warnings


# -- 5. Romanian guidance and a sequence length ----------------------------------------------


def test_romanian_guidance_says_la_cerere() -> None:
    ro = [p for (_, lang), p in knowledge().passages.items() if lang == "ro"]
    for p in ro:
        for text in (p.title, p.text):
            # "on-demand" only in parentheses, beside "la cerere", to map the term
            bare = re.sub(r"la cerere \(on-demand\)", "", text)
            assert "on-demand" not in bare, (p.id, text)
    said = {p.id: p for p in ro}
    assert said["spot-vs-on-demand"].title == (
        "Spot versus la cerere (on-demand): riscul potrivit sarcinii")
    assert "o bază de replici la cerere" in said["spot-vs-on-demand"].text
    assert "spot versus la cerere (on-demand)" in said["reading-price-comparison"].text


@pytest.mark.parametrize(("q", "tokens"), [
    ("Câtă memorie VRAM trebuie pentru fine-tuning LoRA la Llama 3.1 8B la 8k tokeni?", 8192),
    ("Câtă memorie trebuie pentru fine-tuning LoRA la Llama 3.1 8B la 16384 de tokeni?", 16384),
    ("Câtă memorie trebuie pentru fine-tuning LoRA la Llama 3.1 8B la 16.384 de tokeni?", 16384),
    ("How much VRAM to fine-tune Llama 3.1 8B with LoRA at 8k tokens?", 8192),
])
def test_a_length_at_tokens_is_the_sequence(q: str, tokens: int) -> None:
    assert stated(q, catalog().registry).sequence_tokens == tokens
    as_sequences = ask("Câtă memorie trebuie pentru fine-tuning LoRA la Llama 3.1 8B cu "
                       f"secvențe de {tokens} de tokeni?")
    r = ask(q)
    assert asked(r) == asked(as_sequences)
    assert asked(r)[1] == pytest.approx({8192: 22.4, 16384: 28.4}[tokens], abs=0.05)


@pytest.mark.parametrize("q", [
    "How fast is Llama 3.1 8B at 500 tokens per second?",
    "Câtă memorie trebuie pentru fine-tuning LoRA la Llama 3.1 8B cu 50 de tokeni pe secundă?",
    "How much VRAM for Llama 3.1 8B at 8k tokens?",  # serving: a context, no training
])
def test_a_rate_or_a_serving_context_is_no_sequence(q: str) -> None:
    assert stated(q, catalog().registry).sequence_tokens is None
