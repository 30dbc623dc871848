"""Audit tpotrate21: latency targets stated beside a load, each carried.

#1 "Qwen2.5 7B at 20 req/s, TPOT under 20 ms, on L40S" (no "how many") was a speed answer:
the fleet that meets the target, then one L40S's shortfall at bf16 ("cannot keep up ... That
misses your target ... 66.9 ms per output token"). It is now answered as "how many L40S for
..." answers it (the count of the GPU named that carries the rate with the target); a yes or
no asked ("..., is that possible?", "..., este posibil?") opens with No.
#2 "TPOT and TTFT under 500 ms" was read as the TTFT's limit alone: both are targets now.
#3 "p95 TTFT under 300 ms" answered "I don't know the GPU “p95”"; a percentile stated is said
not modelled (the figures are means) in a warning, EN and RO.
"""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, asked, catalog, head


def _num(s: str, ro: bool = False) -> float:
    return float(s.replace(".", "").replace(",", ".")) if ro else float(s.replace(",", ""))


@pytest.mark.parametrize(("q", "how_many", "ro"), [
    ("Qwen2.5 7B at 20 req/s, TPOT under 20 ms, on L40S",
     "How many L40S for Qwen2.5 7B at 20 req/s, TPOT under 20 ms?", False),
    ("Qwen2.5 7B la 20 cereri/s, TPOT sub 20 ms, pe L40S",
     "Câte L40S pentru Qwen2.5 7B la 20 cereri/s, TPOT sub 20 ms?", True),
])
def test_rate_with_tpot_on_a_gpu_named_is_its_count(q: str, how_many: str, ro: bool) -> None:
    r, c = ask(q), ask(how_many)
    text = head(r)
    assert r.intent == "gpu_count", text
    assert asked(r) == asked(c), (text, head(c))
    quantity, n, _ = asked(r)
    assert quantity == "gpu_count" and n > 1, text
    # one answer: the fleet that meets 50 tokens/s per user, never one card's shortfall
    # after it ("cannot keep up", "Spread over 13 such setups ... 66.9 ms per output token")
    assert "cannot keep up" not in text and "nu face față" not in text, text
    assert "L40S" in text, text
    tps = re.search(r"(?:about|aproximativ) ([\d.,]+) (?:de )?tokeni?s?/s per "
                    r"(?:user|utilizator) (?:and|și) ([\d.,]+) ms", text)
    assert tps is not None, text
    assert _num(tps.group(1), ro) >= 1000 / 20, text


@pytest.mark.parametrize(("q", "no"), [
    ("Qwen2.5 7B at 20 req/s, TPOT under 20 ms, on L40S, is that possible?", "No"),
    ("Qwen2.5 7B la 20 cereri/s, TPOT sub 20 ms, pe L40S, este posibil?", "Nu"),
])
def test_rate_with_tpot_asked_possible_keeps_the_no(q: str, no: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(no + ":"), text
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False, text
    # the setup that meets it is still said after the no
    assert re.search(r"16 × NVIDIA L40S", text), text


@pytest.mark.parametrize("q", ["what is possible with $500 for Llama 3.1 8B?",
                               "ce e posibil cu 500 de dolari pentru Llama 3.1 8B?"])
def test_what_is_possible_is_no_yes_no(q: str) -> None:
    assert stated(q, catalog().registry).yes_no is False


@pytest.mark.parametrize(("q", "ro"), [
    ("Llama 3.1 8B for 50 users, TPOT and TTFT under 500 ms, which GPU?", False),
    ("Llama 3.1 8B pentru 50 de utilizatori, TPOT și TTFT sub 500 ms, ce GPU?", True),
    ("Llama 3.1 8B for 50 users, TPOT/TTFT < 500 ms, which GPU?", False),
])
def test_tpot_and_ttft_under_one_limit_are_both_targets(q: str, ro: bool) -> None:
    st = stated(q, catalog().registry)
    assert st.tpot_ms == 500 and st.max_ttft_ms == 500, (st.tpot_ms, st.max_ttft_ms)
    assert st.min_tokens_per_s == 2
    text = head(ask(q))
    # both said: "For TPOT under 500 ms, i.e. at least 2 tokens/s per user and a time to
    # first token under 500 ms" (it was "For a time to first token under 500 ms")
    assert "TPOT" in text.split(":")[0] or "TPOT" in text.split(",")[0], text
    assert ("first token under 500 ms" in text
            or "primul token sub 500 ms" in text), text


def test_a_limit_after_another_word_stays_the_ttfts() -> None:
    st = stated("Llama 3.1 8B for 50 users, TPOT fine but TTFT under 500 ms, which GPU?",
                catalog().registry)
    assert st.tpot_ms is None and st.max_ttft_ms == 500


@pytest.mark.parametrize(("q", "p", "note"), [
    ("Llama 3.1 8B for 50 users, p95 TTFT under 300 ms, which GPU?", "95",
     "Your p95 is not modelled"),
    ("Llama 3.1 8B for 50 users, p99 latency under 300 ms, which GPU?", "99",
     "Your p99 is not modelled"),
    ("Llama 3.1 8B pentru 50 de utilizatori, TTFT p95 sub 300 ms, ce GPU?", "95",
     "Percentila p95 cerută nu este modelată"),
    ("Llama 3.1 8B on an H100 for 50 users, 95th percentile TTFT under 1 s?", "95",
     "Your p95 is not modelled"),
])
def test_a_percentile_is_said_not_modelled(q: str, p: str, note: str) -> None:
    st = stated(q, catalog().registry)
    assert st.latency_percentile == p
    r = ask(q)
    assert "know the GPU" not in r.answer and "cunosc GPU" not in r.answer, r.answer
    assert r.answer.count(note) == 1, r.answer
    assert "means" in r.answer or "medii" in r.answer, r.answer
    if "TTFT" in q:
        # the limit is read past the percentile: the TTFT target is checked
        assert st.max_ttft_ms == (1000 if "1 s" in q else 300), st.max_ttft_ms


def test_no_percentile_no_note() -> None:
    r = ask("Llama 3.1 8B for 50 users, TTFT under 300 ms, which GPU?")
    assert "not modelled" not in r.answer, r.answer
    assert stated("Llama 3.1 8B on a P100, tokens/s?", catalog().registry) \
        .latency_percentile is None


def test_a_speed_asked_past_the_target_stays_a_speed() -> None:
    r = ask("how fast is Qwen2.5 7B at 20 req/s on L40S with TPOT under 20 ms?")
    assert r.intent == "speed", head(r)
    assert asked(r)[0] != "gpu_count", head(r)
