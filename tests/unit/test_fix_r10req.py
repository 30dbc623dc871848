"""/v1/ask, fixed (audit regress11 #7, #8): one request's time asked at a stated request rate
is timed at that rate (TTFT + (out - 1) x TPOT from the load model, on the setups that carry
the rate), not one request alone on a card that serves 0.22 requests/s; a second figure asked
beside one request's time (requests per second, the price per 1M tokens) follows the time
instead of being dropped. Each in English and in Romanian."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, head


def _plain(text: str) -> str:
    return text.replace("\xa0", " ")


@pytest.mark.parametrize("q", [
    "How long does one request take on Llama 3.1 8B at 10 requests per second?",
    "Cât durează o cerere pe Llama 3.1 8B la 10 cereri pe secundă?",
])
def test_request_time_at_a_rate_with_no_gpu(q: str) -> None:
    r = ask(q)
    text = _plain(head(r))
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("request_latency_s", "s")
    # on the recommendations' pick for 10 requests/s, spread over the setups that carry it:
    # not one request alone on the $0.15/h RTX A4000 (about 15 s)
    assert "RTX A4000" not in text
    assert "10" in text and ("requests/s" in text or "cereri pe secundă" in text)
    assert re.search(r"(?:spread over|împărțite pe) \d+ ", text), text
    # re-pinned: start transient + round 14: 8 setups of 4 x RTX 3060 at int8 (RTX 5070 runs
    # no int8 on Blackwell), 493 ms + 511 x 35.4 ms, about 18.6 s (was 5-14 s on RTX 5070);
    # the time is the one the text gives, first token plus the rest at the rate's TPOT
    assert 18.0 < value < 19.2, value
    m = re.search(r"([\d.,]+) ms (?:to the first token|până la primul token), (?:then|apoi "
                  r"încă) 511 (?:more tokens|tokeni) (?:at|la câte) ([\d.,]+) ms", text)
    assert m is not None, text
    ttft, tpot = (float(g.replace(",", ".")) for g in m.groups())
    assert value == pytest.approx((ttft + 511 * tpot) / 1000, rel=0.01)


def test_request_time_at_a_rate_on_a_named_gpu() -> None:
    r = ask("How long does one request take on Llama 3.1 8B at 10 requests per second on an "
            "H100?")
    text = _plain(head(r))
    quantity, value, _ = asked(r)
    assert quantity == "request_latency_s"
    # 3 x H100 at 3.33 requests/s each: 153 ms + 511 x 16.4 ms, about 8.5 s
    assert text.startswith("At 10 requests/s, spread over 3 setups of 1 × NVIDIA H100"), text
    assert 8.0 < value < 9.0, value
    # re-pinned: serving start transient in the solve
    assert "cannot keep up" in text and "5.03 requests/s" in text


def test_request_time_keeps_requests_per_second_asked() -> None:
    r = ask("How long does each request take and how many requests per second can an H100 "
            "serve with Llama 3.1 8B?")
    text = _plain(head(r))
    assert asked(r)[0] == "request_latency_s"
    assert "about 4 seconds" in text
    assert "5.03 requests per second" in text  # re-pinned: serving start transient in the solve


def test_request_time_keeps_requests_per_second_asked_ro() -> None:
    r = ask("Cât durează o cerere pe Llama 3.1 8B și câte cereri pe secundă servește un H100?")
    text = _plain(head(r))
    assert asked(r)[0] == "request_latency_s"
    assert "aproximativ 4 secunde" in text
    assert "5,03 cereri pe secundă" in text  # re-pinned: serving start transient in the solve


def test_request_time_keeps_price_per_million_asked() -> None:
    r = ask("How long does one request take on Llama 3.1 8B, and what does it cost per million "
            "tokens?")
    text = _plain(head(r))
    assert asked(r)[0] == "request_latency_s"
    assert "about 15 seconds" in text
    # the cost answer's own figure for that pick ("What does Llama 3.1 8B cost per million
    # tokens?": $0.35 on the RTX A4000 at 120 tokens/s; was $0.36 at 115)
    alone = ask("What does Llama 3.1 8B cost per million tokens?")
    m = re.search(r"\$(\d+\.\d\d) per 1M output tokens", _plain(head(alone)))
    # (audit 25a #6: the setup cheapest per token leads the price per token asked alone,
    # 1 x V100 at gptq-int4 for $0.11; the request's own setup, the RTX A4000 at $0.35, is
    # also said in the two-part answer)
    assert m is not None and m.group(1) == "0.11", head(alone)
    # re-pinned: serving start transient (d85c4ba+1)
    assert f"About ${m.group(1)} per 1M output tokens" in text
