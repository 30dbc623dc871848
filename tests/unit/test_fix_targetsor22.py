"""Audit targetsor22: latency targets with "or", and a bare latency as the limit.

#1 "TPOT or TTFT under 500 ms" (and "TPOT sau TTFT sub 500 ms") read the 500 ms as the
TTFT's alone, the TPOT unchecked; "and" already read both. A buyer writing "or" means neither
may exceed it: both are targets now, checked and said, as with "and".
#2 "p99 latency under 300 ms ..." said the percentile was not modelled but applied no target
("For 20 concurrent users, ... 4 × RTX 3060 ... 827 ms to the first token"). A bare latency
(no TTFT or TPOT named) is read as the time to first token, as a latency asked is read
(intent._TTFT), and the answer says so once; a token's, a total's or an image's latency is not.
"""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import ask, catalog, first_sentence, head


@pytest.mark.parametrize("q", [
    "Llama 3.1 8B for 50 users, TPOT or TTFT under 500 ms, which GPU?",
    "Llama 3.1 8B pentru 50 de utilizatori, TPOT sau TTFT sub 500 ms, ce GPU?",
    "Llama 3.1 8B for 50 users, TPOT and/or TTFT under 500 ms, which GPU?",
    "Llama 3.1 8B pentru 50 de utilizatori, TPOT și/sau TTFT sub 500 ms, ce GPU?",
    "Llama 3.1 8B for 50 users, TPOT, or TTFT under 500 ms, which GPU?",
])
def test_tpot_or_ttft_under_one_limit_are_both_targets(q: str) -> None:
    st = stated(q, catalog().registry)
    assert st.tpot_ms == 500 and st.max_ttft_ms == 500, (st.tpot_ms, st.max_ttft_ms)
    assert st.min_tokens_per_s == 2
    lead = first_sentence(ask(q))
    # both said: "For TPOT under 500 ms, i.e. at least 2 tokens/s per user and a time to
    # first token under 500 ms" (it was "For a time to first token under 500 ms" alone)
    assert lead.startswith(("For TPOT under 500 ms", "Pentru TPOT sub 500 ms")), lead
    assert "first token under 500 ms" in lead or "primul token sub 500 ms" in lead, lead


def test_tpot_or_ttft_reads_as_and() -> None:
    reg = catalog().registry
    both = stated("Llama 3.1 8B for 50 users, TPOT and TTFT under 40 ms, which GPU?", reg)
    either = stated("Llama 3.1 8B for 50 users, TPOT or TTFT under 40 ms, which GPU?", reg)
    assert (either.tpot_ms, either.max_ttft_ms) == (both.tpot_ms, both.max_ttft_ms) == (40, 40)


@pytest.mark.parametrize(("q", "lead", "note", "p99"), [
    ("p99 latency under 300 ms for Llama 3.1 8B with 20 users, which GPU?",
     "For a time to first token under 300 ms", "“Latency” is read as the time to first token",
     "Your p99 is not modelled"),
    ("latența p99 sub 300 ms pentru Llama 3.1 8B cu 20 de utilizatori, ce GPU?",
     "Pentru un timp până la primul token sub 300 ms",
     "„Latența” este citită ca timpul până la primul token",
     "Percentila p99 cerută nu este modelată"),
    ("latency under 300 ms for Llama 3.1 8B with 20 users, which GPU?",
     "For a time to first token under 300 ms", "“Latency” is read as the time to first token",
     None),
    ("Llama 3.1 8B cu 20 de utilizatori, sub 300 ms latență, ce GPU?",
     "Pentru un timp până la primul token sub 300 ms",
     "„Latența” este citită ca timpul până la primul token", None),
])
def test_a_bare_latency_limit_is_the_ttfts_and_said(q: str, lead: str, note: str,
                                                    p99: str | None) -> None:
    st = stated(q, catalog().registry)
    assert st.max_ttft_ms == 300 and st.latency_as_ttft, (st.max_ttft_ms, st.latency_as_ttft)
    assert st.tpot_ms is None
    r = ask(q)
    assert first_sentence(r).startswith(lead), head(r)
    # the first-token time met is said under the target (it was 827 ms on 4 x RTX 3060)
    ms = re.search(r"([\d.,]+) ms (?:to the first token|până la primul token)", head(r))
    assert ms is not None and float(ms.group(1).replace(",", ".")) <= 300, head(r)
    assert r.answer.count(note) == 1, r.answer
    if p99 is not None:
        assert r.answer.count(p99) == 1, r.answer


@pytest.mark.parametrize("q", [
    "Llama 3.1 8B for 20 users, latency per token under 30 ms, which GPU?",
    "Llama 3.1 8B for 20 users, inter-token latency under 30 ms, which GPU?",
    "Llama 3.1 8B pentru 20 de utilizatori, latența între tokeni sub 30 ms, ce GPU?",
    "Llama 3.1 8B for 20 users, end-to-end latency under 2 s, which GPU?",
    "Llama 3.1 8B for 20 users, total latency under 2 s, which GPU?",
    "Llama 3.1 8B for 20 users, first-token latency under 200 ms, which GPU?",
    "SDXL latency under 5 s per image on which GPU?",
    "Llama 3.1 8B for 20 users, TTFT under 300 ms, which GPU?",
])
def test_other_latencies_are_not_read_as_the_bare_one(q: str) -> None:
    st = stated(q, catalog().registry)
    assert not st.latency_as_ttft, q
    if "first" in q or "TTFT" in q:
        assert st.max_ttft_ms in (200, 300)  # a first token named: its own limit, unsaid
    elif "token" in q or "tokeni" in q:
        assert st.max_ttft_ms is None  # a token's latency: the TPOT's, never the first's
        if "per token" not in q:  # ("latency per token under N ms": no TPOT limit read yet)
            assert st.tpot_ms == 30
    else:
        assert st.max_ttft_ms is None, st.max_ttft_ms


def test_a_ttft_named_says_no_latency_note() -> None:
    r = ask("Llama 3.1 8B for 20 users, TTFT under 300 ms, which GPU?")
    assert "is read as the time to first token" not in r.answer, r.answer
