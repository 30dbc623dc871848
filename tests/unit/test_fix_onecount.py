"""Audit buyer17b #3 and #7: one count for one need, and why.

#3: "gpt-oss-120b on h100, 1000 tokens/s total needed, how many gpus?" said 2 × H100 with no
word of why, where /v1/ask says one H100 makes 2,258 tokens/s at full load. The
recommendations' rule holds: with their 10 % memory headroom one H100 runs 16 requests at
once and makes at most 1,124 tokens/s, and 1,000 is 89 % of that, over the 80 % each setup is
kept under (sizing's 2,258 is at 70 requests at once, none of the memory kept free). The
answer now says so.

#7: "llama 3.3 70b fp8 on h100s, 20 requests/s, 8k prompts ..." led with 48 × H100 (24
replicas at sizing's 1.06 requests/s each at most, 1,025 ms, 18.9 tokens/s) and then "as
the recommendations size it: 52 × H100" at the same precision. The recommendations' setup
now leads (26 replicas of 2 × H100, 0.983 requests/s each with 10 % of memory free, ~970 ms,
21.7 tokens/s, $67.08/h), the sizing's 48 said after it as the 100%-busy count."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, first_sentence, head

_H100 = "NVIDIA H100 SXM5 80GB"

_OSS_EN = "gpt-oss-120b on h100, 1000 tokens/s total needed, how many gpus?"
_OSS_RO = "gpt-oss-120b pe h100, 1000 de tokeni/s în total, câte GPU-uri?"


@pytest.mark.parametrize(("q", "why", "busy"), [
    (_OSS_EN,
     # re-pinned after fix/gptoss (session 31: 4-bit experts take their whole compute):
     # 1,124 -> 916 tokens/s with headroom, 2,258 -> 1,528 at full load
     f"1 × {_H100} does not carry it: with 10% of its memory kept free it runs 16 requests at "
     "once and makes at most about 916 tokens/s, under the 1,000 tokens/s asked",
     f"The 1,528 tokens/s other answers give for 1 × {_H100} at full load is its 100%-busy "
     "capacity, with 70 requests at once and no memory headroom kept"),
    (_OSS_RO,
     f"1 × {_H100} nu susține acest ritm: cu 10% din memorie lăsată liberă rulează 16 cereri "
     "deodată și produce cel mult aproximativ 916 tokeni/s, sub cei 1.000 de tokeni/s ceruți",
     f"Cei 1.528 de tokeni/s pe care alte răspunsuri îi dau pentru 1 × {_H100} la încărcare "
     "maximă sunt capacitatea sa la 100% ocupare, cu 70 de cereri deodată"),
])
def test_token_rate_count_says_why_one_gpu_is_not_enough(q: str, why: str, busy: str) -> None:
    r = ask(q)
    assert asked(r)[:2] == ("gpu_count", 2)
    text = head(r)
    # was: "needs 2 × H100 ... 7,913 tokens/s in all at full load" and nothing on one H100
    assert why in text, text
    assert busy in text, text


@pytest.mark.parametrize(("q", "n"), [
    # 800 -> 500 tokens/s after fix/gptoss (one H100 now makes 916 with headroom)
    ("gpt-oss-120b on h100, 500 tokens/s total needed, how many gpus?", 1),
    # one L4 makes a tenth of it even 100% busy: nothing for another answer to contradict
    ("how many L4s for 2000 tokens per second in total with llama 3.1 8b?", 10),
])
def test_token_rate_count_says_nothing_of_fewer_where_nothing_contradicts(q: str, n: int
                                                                          ) -> None:
    r = ask(q)
    assert asked(r)[:2] == ("gpu_count", n)
    assert "does not carry it" not in head(r)
    assert "100%-busy" not in head(r)


_RAG_EN = ("llama 3.3 70b fp8 on h100s, 20 requests/s, 8k token prompts (RAG), 300 output "
           "tokens, TTFT under 2s - how many GPUs?")
_RAG_RO = ("llama 3.3 70b fp8 pe h100, 20 de cereri pe secundă, prompturi de 8k tokeni (RAG), "
           "300 de tokeni de ieșire, TTFT sub 2s - câte GPU-uri?")


@pytest.mark.parametrize(("q", "lead", "load", "busy"), [
    (_RAG_EN,
     f"needs about 52 × {_H100}, as the recommendations size it: 26 replicas of 2 × {_H100}, "
     "each serving at most 0.983 requests/s with 10% of its memory kept free (21 requests at "
     "once), so that at 0.769 requests/s each they run under 80% of that.",
     "waits about 970 ms for its first token and then gets about 21.7 tokens/s",
     "Counted on a replica's 100%-busy capacity instead, with no memory headroom kept (1.06 "
     f"requests/s for 2 × {_H100}), it would be 48 × {_H100} (24 replicas)"),
    (_RAG_RO,
     f"are nevoie de aproximativ 52 × {_H100}, așa cum o dimensionează recomandările: 26 de "
     f"replici de 2 × {_H100}, fiecare servind cel mult 0,983 cereri/s cu 10% din memorie "
     "lăsată liberă (21 de cereri deodată)",
     "așteaptă aproximativ 970 ms până la primul token și apoi primește aproximativ 21,7",
     "Socotit după capacitatea unei replici ocupate 100%, fără rezervă de memorie (1,06 "
     f"cereri/s pentru 2 × {_H100}), ar fi 48 × {_H100} (24 de replici)"),
])
def test_rate_count_leads_with_the_recommendations_setup(
        q: str, lead: str, load: str, busy: str) -> None:
    r = ask(q)
    # was: 48 × H100 first, 1,025 ms and 18.9 tokens/s, then "as the recommendations size
    # it: 52 × H100" with no word of why
    assert asked(r)[:2] == ("gpu_count", 52)
    assert lead in first_sentence(r), first_sentence(r)
    text = head(r)
    assert load in text, text
    assert busy in text, text
    assert "as the recommendations size it: 52" not in text
    assert "1,025 ms" not in text and "1.025 ms" not in text
    assert r.numbers is not None and r.numbers.recommendations
    o = r.numbers.recommendations[0]
    assert (o.gpu_count * o.nodes, o.weights, o.per_hour_usd) == (2 * 26, "fp8", 67.08)
    assert ("$67.08/h" if q == _RAG_EN else "67,08") in text
