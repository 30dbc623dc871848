"""A small model on many GPUs at full load (audit ro2 #3): Llama 3.1 8B on 8 × H100 is 8
independent replicas of one GPU (about 8 × 2,578 = 20,621 tokens/s, the sizing's own DP8
figure), not one copy tensor-split over all 8 (12,539 tokens/s; re-pinned: start transient +
round 14, were 20,633 and 12,572); a job priced on it, and a
full-load speed asked, use that layout and say so, in English and Romanian."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head


@pytest.mark.parametrize(("q", "cost", "hours", "thr", "note"), [
    # re-pinned: start transient + round 14 (20,633 -> 20,621 tokens/s); the job at the served
    # load, 10 % of the memory free (test_fix_tokjob28): 8 x 2,494 = 19,955 tokens/s, 7.1
    # hours billed for 8, $112.03 (was $98.03 in 6.9 hours at 20,621)
    ("How much does it cost to process 1 million documents with Llama 3.1 8B on 8 H100?",
     "$112.03", "7.1 hours", "19,955 tokens/s", "run as 8 replicas (1 GPU per replica)"),
    ("Cât costă să procesez 1 milion de documente cu Llama 3.1 8B pe 8 H100?",
     "112,03\xa0USD", "7,1 ore", "19.955 de tokeni/s", "rulează ca 8 replici (1 GPU pe replică)"),
])
def test_job_on_eight_h100_runs_replicas(q: str, cost: str, hours: str, thr: str,
                                         note: str) -> None:
    r = ask(q)
    text = head(r)
    # was $168.05 in 11.3 hours at 12,572 tokens/s (one TP8 copy)
    assert cost in text and hours in text and thr in text, text
    assert note in text, text
    # the split copy's total, said beside it (re-pinned: start transient + round 14; was 12,572)
    assert "12,539" in text or "12.539" in text
    assert asked(r)[0] == "per_job_usd" and asked(r)[1] == pytest.approx(112.03, abs=0.01)


@pytest.mark.parametrize(("q", "lead", "note"), [
    # re-pinned: start transient + round 14
    ("How many tokens per second does Llama 3.1 8B do on 8 H100 at full load?",
     "reaches about 20,621 output tokens/s in total at full load",
     # re-pinned (fix layout): one layout per answer, said with its TP
     "These figures are for 8 replicas (1 GPU per replica, TP1)"),
    ("Câți tokeni pe secundă face Llama 3.1 8B pe 8 H100 la încărcare maximă?",
     # re-pinned: start transient + round 14
     "ajunge la aproximativ 20.621 de tokeni de ieșire/s în total la încărcare maximă",
     "Cifrele sunt pentru 8 replici (1 GPU pe replică, TP1)"),
])
def test_full_load_speed_leads_with_the_total(q: str, lead: str, note: str) -> None:
    r = ask(q)
    text = head(r)
    # was "291 tokens/s for one request" first, 12,572 in total after it
    assert lead in text.split(". ")[0], text
    assert note in text, text
    assert asked(r)[0] == "max_throughput_tokens_per_s"
    # re-pinned: start transient + round 14 (was 20,633): 8 replicas of one H100's full load
    assert asked(r)[1] == pytest.approx(20621, abs=2)
    one = ask("How many tokens per second does Llama 3.1 8B do on an H100 at full load?")
    assert asked(r)[1] == pytest.approx(8 * asked(one)[1], rel=1e-6)


def test_one_gpu_job_unchanged() -> None:
    # one H100: nothing to replicate, the 57.0 hours and $75.07 stay (re-pinned: start
    # transient + round 14; was 55.1 hours, billed for 56 either way; at the served load, 10 %
    # of the memory free, test_fix_tokjob28: was 55.2 hours and $72.48 at full memory)
    text = head(ask("Cât costă 1 milion de cereri cu Llama 3.1 8B pe un H100?"))
    assert "75,07\xa0USD" in text and "57,0 ore" in text and "replic" not in text
