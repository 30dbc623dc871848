"""/v1/ask, audit regress13 items 5 and 7:

5. "How long to process 1 million documents with Llama 3.1 8B?" (no GPU named) led with the
   job's cost ($37.05 on 4 × RTX 5070) and its only hour figure (881 h) was another setup's:
   a duration asked leads with the duration of the setup priced (the batch recommendation's
   job hours, about 99 h), its cost after it;
7. Llama 3.1 8B on 8 × H100: "tokens/s for one user?" gave 12,572 tokens/s at full load (one
   TP8 copy) where every other answer on that setup gives 20,633 (8 replicas of one GPU); and
   ``numbers.sizing`` summed the weights over the replicas (119.66 GiB for an 8B model, 8 ×
   14.96): it records one replica's memory, with the replicas counted.
"""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, head

NBSP = "\u00a0"

# -- 5. a duration asked with no GPU named: the time of the setup priced leads --------------


@pytest.mark.parametrize("question,lead", [
    ("How long to process 1 million documents with Llama 3.1 8B?", "It takes about "),
    ("Cât durează să procesez 1 milion de documente cu Llama 3.1 8B?", "Durează aproximativ "),
])
def test_documents_duration_leads_without_a_gpu(question: str, lead: str) -> None:
    r = ask(question)
    q, hours, unit = asked(r)
    assert (q, unit) == ("job_hours", "h"), r.answer
    # 99.4 h on 4 × RTX 5070 when audited; 881 h is the hourly pick's, said after the lead
    assert 20 < hours < 200, r.answer
    text = head(r).replace(NBSP, " ")
    assert text.startswith(lead), r.answer
    # the hours said first are the setup priced's, its cost in the same paragraph
    first = text.split(". ")[0]
    # fix/pcienvl: 182 h on 4 x RTX 3060 (59.4 h timed vast's "pcie" 4 x RTX 3090 over an
    # NVLink bridge it lacks); from 100 h on the hours are said whole
    said = (f"{hours:.0f}" if hours >= 100 else
            f"{hours:.1f}".replace(".", "," if lead.startswith("D") else "."))
    assert said in first, (said, first)
    assert r.numbers is not None and r.numbers.recommendations, r.answer
    top = r.numbers.recommendations[0]
    assert f"{top.gpu_count} × " in first and top.gpu.split()[-1] in first, (top, first)
    assert "881" not in first, first
    cost = "USD" if lead.startswith("D") else "$"
    assert cost in text.split(first, 1)[1], r.answer


# -- 7. one full-load figure per setup; one replica's memory ------------------------------------


def _full_load(answer: str) -> str:
    m = re.search(r"at full load: ([\d,]+) tokens/s in total", answer)
    assert m is not None, answer
    return m.group(1)


def test_one_user_full_load_is_the_replicas() -> None:
    one = ask("Llama 3.1 8B on 8 x H100: tokens/s for one user?")
    plain = ask("Llama 3.1 8B on 8 x H100: tokens/s?")
    # re-pinned: start transient + round 14 (was 20,633); audit 29 layout: a per-request
    # speed is one TP8 copy's, with its own total (12,539), the replicas' 20,621 named
    assert _full_load(one.answer) == _full_load(plain.answer) == "12,539", one.answer
    assert "8 replicas (1 GPU per replica, TP1)" in one.answer, one.answer
    assert "20,621" in one.answer, one.answer


@pytest.mark.parametrize("question,replicas", [
    ("What does 1M output tokens cost with Llama 3.1 8B on 8 x H100?", 8),
    ("Cât costă 1M de tokeni de ieșire cu Llama 3.1 8B pe 8 x H100?", 8),
    ("How long to generate 100M tokens with Llama 3.1 8B on 4 x L40S?", 4),
])
def test_sizing_is_one_replica(question: str, replicas: int) -> None:
    r = ask(question)
    assert r.numbers is not None and r.numbers.sizing is not None, r.answer
    s = r.numbers.sizing
    assert s.weights_gib == pytest.approx(14.96, abs=0.01), s  # was 119.66 / 59.83
    assert s.replicas == replicas, s
    assert s.total_gib < 40, s  # one copy's weights, its KV cache and activations
    speed = ask("Llama 3.1 8B on 8 x H100: tokens/s?").numbers
    assert speed is not None and speed.sizing is not None
    assert s.weights_gib == speed.sizing.weights_gib
    # the replicas said in the answer too (the price is for them)
    said = "8 replicas" if replicas == 8 else "4 replicas"
    ro = question.startswith("Cât")
    assert (f"{replicas} replici" if ro else said) in r.answer, r.answer
