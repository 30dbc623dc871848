"""Guidance passages in /v1/ask, English and Romanian (buyer audit 28b, defects 5, 6, 11 and
13), on the real knowledge base (embedding model, faiss and BM25 as shipped):

5. a question about choosing an inference engine that says "production" ("Which inference
   engine do you recommend for production?", "Merită Ollama pentru producție?", "vLLM or
   TGI?") quotes an engine passage, never the spot-versus-on-demand one;
6. the same guidance question quotes the same passage in both languages: BM25's scores weigh
   its ranks in the fusion, so a Romanian passage that alone shares the question's words
   ("proaspete", "memoria utilizabilă", "încredere") is not outranked by the English-only
   embedding model's noise;
11. "Should I rent GPUs in the EU for GDPR?" quotes a data-residency passage (new, EN and RO),
    not "Single-GPU versus multi-GPU instances"; "How fresh are your prices?" quotes the
    price-freshness passage (new), not "I don't know" in English and an unrelated one in
    Romanian;
13. "Care furnizori facturează pe minut?" leads with the per-minute providers, and a minimum
    charge asked names each provider's minimum as the catalog records it.

The evaluation set below is pairs of the same question in English and Romanian, each with
the passages that may lead the answer. A third of it (HELD_OUT) was written before any
change and never tuned on; its rate is pinned at what the change reached, not at 100%."""

from __future__ import annotations

import pytest

from service.domain.answer.knowledge import rrf
from tests.unit.kb_fixtures import ask, catalog, head

ENGINES = ("llama-cpp-engine", "sglang-engine", "tensorrt-llm-engine",
           "vllm-memory-pagedattention", "hf-transformers-baseline")
UNKNOWN = ("unknown",)

# (English, Romanian, the passages that may lead the answer: "unknown" for "I don't know")
TUNED: list[tuple[str, str, tuple[str, ...]]] = [
    ("Which inference engine do you recommend for production with many users?",
     "Ce motor de inferență recomandați pentru producție cu mulți utilizatori?", ENGINES),
    ("Is Ollama worth it for production?", "Merită Ollama pentru producție?",
     ("llama-cpp-engine",)),
    ("Which engine should I use for serving llama 3.1 70b: vLLM or TGI?",
     "Ce motor să folosesc pentru servirea llama 3.1 70b: vLLM sau TGI?", ENGINES),
    ("When should I use llama.cpp instead of vLLM?",
     "Când ar trebui să folosesc llama.cpp în loc de vLLM?", ("llama-cpp-engine",)),
    ("Is the A100 still a good choice in 2026?", "Este A100 încă o alegere bună în 2026?",
     ("choosing-gpu-by-workload",)),
    ("Are marketplace GPUs like Vast.ai reliable?",
     "Sunt GPU-urile din marketplace-uri ca Vast.ai de încredere?",
     ("consumer-vs-datacenter-gpu",)),
    ("Why is usable GPU memory smaller than the advertised amount?",
     "De ce memoria utilizabilă a GPU-ului este mai mică decât cea anunțată?",
     ("usable-vs-marketed-memory",)),
    ("How fresh are your prices?", "Cât de proaspete sunt prețurile voastre?",
     ("price-freshness",)),
    ("What does the stale flag on an offer mean?", "Ce înseamnă indicatorul stale la o ofertă?",
     ("price-freshness",)),
    ("Should I rent GPUs in the EU for GDPR?", "Ar trebui să închiriez GPU-uri în UE pentru GDPR?",
     ("data-residency-regions",)),
    ("Which providers bill per minute?", "Care furnizori facturează pe minut?",
     ("billing-granularity",)),
    ("Which providers have a minimum charge?", "Ce furnizori au taxă minimă?",
     ("billing-granularity",)),
    ("Should I use spot instances for a production chatbot?",
     "Ar trebui să folosesc instanțe spot pentru un chatbot în producție?",
     ("faq-spot-or-on-demand", "spot-vs-on-demand")),
    ("What is speculative decoding?", "Ce este decodarea speculativă?", ("speculative-decoding",)),
    ("How do I count a transformer's parameters from its architecture?",
     "Cum număr parametrii unui transformer din arhitectură?", ("parameter-count-architecture",)),
    ("Do idle GPUs still cost money when the instance is stopped?",
     "Costă GPU-urile inactive și când instanța este oprită?", ("idle-and-stopped-costs",)),
    ("When do I need NVLink instead of PCIe?", "Când am nevoie de NVLink în loc de PCIe?",
     ("interconnect-nvlink",)),
    ("What is SGLang good for?", "La ce este bun SGLang?", ("sglang-engine",)),
    ("Is TensorRT-LLM worth the extra setup?", "Merită TensorRT-LLM configurarea suplimentară?",
     ("tensorrt-llm-engine",)),
    ("Should I use a single-GPU or a multi-GPU instance?",
     "Să aleg o instanță cu un GPU sau cu mai multe GPU-uri?",
     ("single-vs-multi-gpu-instance",)),
    ("What is the capital of France?", "Care este capitala Franței?", UNKNOWN),
]
# written with the tuned part, before any change; never tuned on
HELD_OUT: list[tuple[str, str, tuple[str, ...]]] = [
    ("Is vLLM a good choice for serving many users in production?",
     "Este vLLM o alegere bună pentru servirea multor utilizatori în producție?", ENGINES),
    ("Should I use Hugging Face transformers for production serving?",
     "Ar trebui să folosesc Hugging Face transformers pentru servire în producție?", ENGINES),
    ("Are consumer GPUs reliable for serving?",
     "Sunt GPU-urile consumer de încredere pentru servire?", ("consumer-vs-datacenter-gpu",)),
    ("How old are the prices in your catalog?", "Cât de vechi sunt prețurile din catalog?",
     ("price-freshness",)),
    ("Can I keep my data in Europe when renting GPUs?",
     "Pot să-mi păstrez datele în Europa când închiriez GPU-uri?", ("data-residency-regions",)),
    ("Which providers charge by the hour?", "Care furnizori taxează pe oră?",
     ("billing-granularity",)),
    ("Why does my 24 GB card show less free memory?",
     "De ce placa mea de 24 GB arată mai puțină memorie liberă?",
     ("usable-vs-marketed-memory",)),
    ("Does speculative decoding reduce latency?", "Reduce decodarea speculativă latența?",
     ("speculative-decoding",)),
    ("Should I pay for reserved capacity?", "Merită să plătesc pentru capacitate rezervată?",
     ("reserved-committed-capacity",)),
    ("How does egress pricing work?", "Cum funcționează taxele de egress?", ("egress-costs",)),
    ("What's a good recipe for chocolate cake?", "Care este o rețetă bună de tort de ciocolată?",
     UNKNOWN),
]
# the rates reached (base tree: tuned 24/42, held-out 12/22; EN/RO agreeing 13/21 and 8/11)
TUNED_HITS, TUNED_AGREE = 42, 20
HELD_OUT_HITS, HELD_OUT_AGREE = 21, 10


def _lead(q: str) -> str:
    """The passage the answer quotes first; "unknown" for an "I don't know" answer."""
    r = ask(q)
    if r.passages:
        return r.passages[0].id
    return "unknown" if r.numbers is None else "none"


def _rates(pairs: list[tuple[str, str, tuple[str, ...]]]) -> tuple[int, int, list[str]]:
    hits = agree = 0
    misses = []
    for en, ro, want in pairs:
        leads = [_lead(en), _lead(ro)]
        for q, lead in zip((en, ro), leads, strict=True):
            if lead in want:
                hits += 1
            else:
                misses.append(f"{q!r}: {lead}, expected {want[0]}")
        agree += leads[0] == leads[1]
    return hits, agree, misses


def test_the_evaluation_set_is_pairs_in_both_languages() -> None:
    assert len(TUNED) * 2 + len(HELD_OUT) * 2 >= 60
    assert len(HELD_OUT) * 3 >= len(TUNED + HELD_OUT)


def test_tuned_questions_quote_the_passage_that_answers_them() -> None:
    hits, agree, misses = _rates(TUNED)
    assert hits >= TUNED_HITS, misses
    assert agree >= TUNED_AGREE


def test_held_out_questions_quote_the_passage_that_answers_them() -> None:
    hits, agree, misses = _rates(HELD_OUT)
    assert hits >= HELD_OUT_HITS, misses
    assert agree >= HELD_OUT_AGREE


@pytest.mark.parametrize("q", [
    "Which inference engine do you recommend for production with many users?",
    "Ce motor de inferență recomandați pentru producție?",
    "Is Ollama worth it for production?",
    "Merită Ollama pentru producție?",
])
def test_an_engine_asked_for_production_is_no_spot_question(q: str) -> None:
    r = ask(q)
    assert r.passages[0].topic == "engines"
    assert not any(p.id.startswith(("spot-", "faq-spot")) for p in r.passages[:1])


@pytest.mark.parametrize(("q", "lang"), [
    ("Should I rent GPUs in the EU for GDPR?", "en"),
    ("Ar trebui să închiriez GPU-uri în UE pentru GDPR?", "ro"),
])
def test_gdpr_quotes_data_residency_with_the_eu_filter(q: str, lang: str) -> None:
    r = ask(q)
    assert r.lang == lang
    assert r.passages[0].id == "data-residency-regions"
    assert "`eu`" in r.passages[0].text and "27" in r.passages[0].text


@pytest.mark.parametrize("q", ["How fresh are your prices?",
                               "Cât de proaspete sunt prețurile voastre?"])
def test_price_freshness_says_the_stale_limit(q: str) -> None:
    r = ask(q)
    assert r.passages[0].id == "price-freshness"
    assert "90" in r.passages[0].text


def _by_granularity() -> dict[str, list[str]]:
    by: dict[str, list[str]] = {"second": [], "minute": [], "hour": []}
    for p in catalog().providers:
        if p.billing_granularity:
            by[p.billing_granularity].append(p.name.split(" (")[0])
    return by


@pytest.mark.parametrize(("q", "lead"), [
    ("Care furnizori facturează pe minut?", "Facturare pe minut: {}"),
    ("Which providers bill per minute?", "Billed per minute: {}"),
    ("Which providers bill by the hour?", "Billed per hour: {}"),
])
def test_the_granularity_asked_leads(q: str, lead: str) -> None:
    unit = "minute" if "minut" in q else "hour"
    names = _by_granularity()[unit]
    assert names
    assert head(ask(q)).startswith(lead.format(", ".join(names)))


@pytest.mark.parametrize(("q", "said", "seconds"), [
    ("Ce furnizori au facturare pe secundă și taxă minimă?", "Taxa minimă la fiecare pornire",
     "60 de secunde"),
    ("Which providers have a minimum charge?", "Minimum charge per start", "60 seconds"),
])
def test_a_minimum_asked_names_each_providers_minimum(q: str, said: str, seconds: str) -> None:
    text = head(ask(q))
    assert said in text
    minimums = text.split(said, 1)[1]
    with_minimum = [p.name.split(" (")[0] for p in catalog().providers
                    if p.minimum_charge_s or p.minimum_charges]
    assert len(with_minimum) >= 4  # AWS, Azure, Google Cloud, OCI: 60 s
    for name in with_minimum:
        assert name in minimums
    assert seconds in minimums


def test_a_per_second_question_is_answered_as_before() -> None:
    by = _by_granularity()
    assert head(ask("Which providers bill per second?")).startswith(
        f"Billed per second: {', '.join(by['second'])} ({len(by['second'])} providers)")


def test_rrf_strengths_weigh_a_ranking_by_its_scores() -> None:
    plain = rrf([["a", "b"], ["b", "a"]], k=20)
    assert plain[0].score == plain[1].score
    weighed = rrf([["a", "b"], ["b", "a"]], k=20, strengths=[None, [1.0, 0.25]])
    assert weighed[0].id == "b" and weighed[0].score > weighed[1].score
