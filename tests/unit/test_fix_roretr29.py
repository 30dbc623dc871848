"""Guidance retrieval in /v1/ask, honest in English and Romanian (audit roretr), on the real
knowledge base (embedding model, faiss and BM25 as shipped):

1. a Romanian off-topic question scored like a real one: the packaged embedding model
   (all-MiniLM-L6-v2) is English-only and puts any Romanian text at a cosine of 0.37-0.49
   from the nearest Romanian passage, so "Care este capitala Franței?" read 0.57, "Cum repar
   un robinet care curge?" 0.75 (and quoted a price-comparison passage) where the English
   twins read 0.0-0.3. Romanian confidence is now calibrated apart (compose.confidence:
   its own cosine floor, the cosine with the English passages, and the share of the
   question's words that the Romanian passages use), on the labelled set;
2. "we only do inference, do we care about NVLink?" quoted video diffusion (RO) or nothing
   (EN, 0.326); "Care furnizori taxează pe oră?" quoted egress; "Merită FP8 pe un A100?"
   quoted a passage that never says the A100 has no FP8; the minimum-charge answer quoted
   every address of four providers' billing policies (some 1,900 characters).

The off-topic and guidance pairs below were written before any change (HELD_OUT: never
tuned on); the calibration was fitted on tests/data/qa_eval.toml, the pairs of
test_fix_passages28.py and TUNED_OFF_TOPIC."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from service.domain.answer.compose import CONFIDENCE_THRESHOLD, confidence
from tests.unit.kb_fixtures import ask, catalog, head, kb

TUNED_OFF_TOPIC = [
    ("What is the capital of France?", "Care este capitala Franței?"),
    ("What sarmale recipe do you recommend?", "Ce rețetă de sarmale recomanzi?"),
    ("Who won the football world cup in 2018?",
     "Cine a câștigat campionatul mondial de fotbal în 2018?"),
    ("How do I fix a leaking tap?", "Cum repar un robinet care curge?"),
    ("What is the weather tomorrow in Bucharest?", "Cum este vremea mâine în București?"),
    ("Recommend a good movie for tonight.", "Recomandă-mi un film bun pentru diseară."),
]
HELD_OUT_OFF_TOPIC = [
    ("How do I make pancakes without eggs?", "Cum fac clătite fără ouă?"),
    ("When was the Eiffel Tower built?", "Când a fost construit Turnul Eiffel?"),
    ("How do I get rid of a cold quickly?", "Cum scap repede de o răceală?"),
    ("What are good books to read this summer?", "Ce cărți bune să citesc vara asta?"),
    ("How do I change a flat tire?", "Cum schimb o roată pană?"),
    ("Is it going to snow in Cluj this week?", "O să ningă la Cluj săptămâna asta?"),
    ("Which is the best beach in Greece?", "Care este cea mai bună plajă din Grecia?"),
    ("How do I renew my passport?", "Cum îmi reînnoiesc pașaportul?"),
    ("Who wrote War and Peace?", "Cine a scris Război și pace?"),
    ("What should I plant in my garden in spring?",
     "Ce ar trebui să plantez în grădină primăvara?"),
]
# (English, Romanian, the passages that may lead the answer), never tuned on
HELD_OUT_GUIDANCE: list[tuple[str, str, tuple[str, ...]]] = [
    ("we only do inference, do we care about NVLink?",
     "facem doar inferență, ne pasă de NVLink?", ("interconnect-nvlink",)),
    ("Does NVLink matter for serving a model that fits on one GPU?",
     "Contează NVLink pentru servirea unui model care încape pe un GPU?",
     ("interconnect-nvlink",)),
    ("Is FP8 on an A100 worth it?", "Merită FP8 pe un A100?",
     ("low-precision-support", "choosing-gpu-by-workload")),
    ("Which providers charge by the hour?", "Care furnizori taxează pe oră?",
     ("billing-granularity",)),
    ("Which providers charge by the minute?", "Care furnizori taxează pe minut?",
     ("billing-granularity",)),
    ("Do providers round usage up to the hour?", "Furnizorii rotunjesc consumul la oră?",
     ("billing-granularity",)),
]


def _unknown(q: str) -> tuple[bool, float]:
    r = ask(q)
    return (r.passages == [] and r.numbers is None and bool(r.closest_topics)), r.confidence


@pytest.mark.parametrize(("en", "ro"), TUNED_OFF_TOPIC + HELD_OUT_OFF_TOPIC)
def test_an_off_topic_question_is_no_relevant_guidance_in_both_languages(en: str,
                                                                        ro: str) -> None:
    for q in (en, ro):
        said_unknown, conf = _unknown(q)
        assert said_unknown, q
        assert conf < CONFIDENCE_THRESHOLD, (q, conf)


def test_held_out_off_topic_confidence_is_low_in_romanian_as_in_english() -> None:
    """The base tree put the Romanian ones at 0.27-0.72 (mean 0.54), the English at most
    0.31."""
    ro = [ask(r).confidence for _, r in HELD_OUT_OFF_TOPIC]
    en = [ask(e).confidence for e, _ in HELD_OUT_OFF_TOPIC]
    assert max(ro) < CONFIDENCE_THRESHOLD and sum(ro) / len(ro) < 0.2, ro
    assert max(en) < CONFIDENCE_THRESHOLD, en


def test_held_out_guidance_questions_quote_the_passage_that_answers_them() -> None:
    hits, misses = 0, []
    for en, ro, want in HELD_OUT_GUIDANCE:
        for q in (en, ro):
            r = ask(q)
            lead = r.passages[0].id if r.passages else "none"
            if lead in want and r.confidence >= CONFIDENCE_THRESHOLD:
                hits += 1
            else:
                misses.append(f"{q!r}: {lead} ({r.confidence})")
    # base tree: 8 of 12 (the English inference-only NVLink question said "I don't know" at
    # 0.326, its Romanian twin quoted video diffusion, "Merită FP8 pe un A100?" quoted the
    # FP8 passage, "Care furnizori taxează pe oră?" quoted egress)
    assert hits == 12, misses


@pytest.mark.parametrize(("q", "says"), [
    ("we only do inference, do we care about NVLink?", "NVLink does not matter"),
    ("facem doar inferență, ne pasă de NVLink?", "NVLink nu contează"),
])
def test_inference_only_is_told_nvlink_does_not_matter(q: str, says: str) -> None:
    r = ask(q)
    assert r.passages[0].id == "interconnect-nvlink"
    assert says in r.answer


@pytest.mark.parametrize(("q", "says"), [
    ("Is FP8 on an A100 worth it?", "no FP8"),
    ("Merită FP8 pe un A100?", "nu are FP8"),
])
def test_fp8_on_an_a100_is_told_the_a100_has_no_fp8(q: str, says: str) -> None:
    assert says in ask(q).answer.split("\n\nSee also")[0].split("\n\nVezi și")[0]


@pytest.mark.parametrize(("q", "lead"), [
    ("Care furnizori taxează pe oră?", "Facturare pe oră: {}"),
    ("Care furnizori taxează pe minut?", "Facturare pe minut: {}"),
    ("Which providers charge per minute?", "Billed per minute: {}"),
])
def test_charged_per_unit_is_the_billing_granularity(q: str, lead: str) -> None:
    unit = "minute" if "minut" in q else "hour"
    names = [p.name.split(" (")[0] for p in catalog().providers
             if p.billing_granularity == unit]
    r = ask(q)
    assert r.intent == "billing"
    assert head(r).startswith(lead.format(", ".join(names)))


def test_a_price_charged_per_hour_stays_a_price() -> None:
    r = ask("Cât taxează RunPod pe oră pentru un H100?")
    assert r.intent == "cost" and "USD/oră" in head(r)


@pytest.mark.parametrize(("q", "rows"), [
    ("Which providers have a minimum charge?", "providers.csv rows 'AWS (EC2 GPU)'"),
    ("Ce furnizori au taxă minimă?", "providers.csv, rândurile 'AWS (EC2 GPU)'"),
])
def test_the_minimum_charge_answer_cites_the_catalog_rows_not_every_address(
        q: str, rows: str) -> None:
    text = head(ask(q))
    assert rows in text and "'Oracle Cloud (OCI)'" in text
    assert "docs.aws.amazon.com" not in text
    assert len(text) < 900, len(text)  # 2,400 and more on the base tree


@dataclass
class _Found:
    dense_top: float
    bm25_top: float
    dense_top_own: float
    dense_top_en: float
    known_share: float


def test_romanian_confidence_is_calibrated_on_its_own_signals() -> None:
    # "Care este capitala Franței?": cosine 0.40 with the nearest Romanian passage, 0.08 with
    # the English ones, BM25 1.9, no word of it in the Romanian passages
    off = _Found(dense_top=0.40, bm25_top=1.9, dense_top_own=0.40, dense_top_en=0.08,
                 known_share=0.0)
    assert confidence(off, "en") > 0.5  # the English scale, as before
    assert confidence(off, "ro") < 0.1
    # "Care furnizori facturează pe minut?": every word known, BM25 5.2
    on = _Found(dense_top=0.47, bm25_top=5.2, dense_top_own=0.47, dense_top_en=0.12,
                known_share=1.0)
    assert confidence(on, "ro") >= CONFIDENCE_THRESHOLD
    assert 0.0 <= confidence(on, "ro") <= 1.0


def test_known_share_leaves_out_function_words_and_unknown_numbers() -> None:
    ro = kb().retriever.bm25["ro"]
    assert ro.known_share("Cum repar un robinet care curge?") == 0.0
    assert ro.known_share("Care este o rețetă bună de tort de ciocolată?") < 0.5
    assert ro.known_share("La ce este bun SGLang?") == 1.0
    # "2018", unknown, is left out rather than counted against the question
    assert ro.known_share("Cine a câștigat campionatul mondial de fotbal în 2018?") == 0.25
    assert ro.known_share("Merită FP8 pe un A100?") > 0.5
