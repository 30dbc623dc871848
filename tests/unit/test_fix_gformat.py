"""Numbers the core repeats from a request (a rate, a limit, a price) are never in ``:g``'s
exponent form ("1.95312e+09 requests/s", unreadable and 5,000 short) but grouped in thousands,
in English and, read back, in Romanian; and a provider's name or a domain ("vast.ai", whose
"ai" is a Romanian word) does not tell the language of a Slack command or a question."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.adapters.messages_files import shipped_messages
from service.adapters.slack.commands import BotData, parse_command, run_command
from service.domain.answer.understand import detect_language
from service.domain.locale import plain
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, ask, catalog, knowledge

_EXPONENT = re.compile(r"\d[eE][-+]\d")


@pytest.mark.parametrize(("value", "text"), [
    (2, "2"), (2.0, "2"), (0.5, "0.5"), (12.5, "12.5"), (0.3 + 0.6, "0.9"),
    (1234.5678, "1,234.57"), (1_953_125_000, "1,953,125,000"), (1e6, "1,000,000"),
    (0.00001, "0.00001"), (0, "0")])
def test_plain_writes_no_exponent(value: float, text: str) -> None:
    assert plain(value) == text


def _rec(rate: float) -> str:
    req = msgspec.convert({"model": "llama-3.1-8b", "workload": "serving",
                           "target_requests_per_s": rate}, RecommendationRequest)
    return msgspec.json.encode(recommend(req, catalog(), TODAY)).decode()


def test_recommendation_reasons_write_a_huge_rate_whole() -> None:
    out = _rec(1_953_125_000)
    assert not _EXPONENT.search(out), _EXPONENT.findall(out)
    assert ("misses the request-rate target: 1,953,125,000 requests/s would need more than"
            in out)
    assert "1,953,125,000 requests/s arriving at random" in out


def test_recommendation_small_rate_unchanged() -> None:
    out = _rec(2)
    assert "2 requests/s arriving at random" in out


def _sized(rate: float) -> str:
    req = msgspec.convert({"model": "llama-3.1-8b", "gpu": "h100-sxm",
                           "request_rate_per_s": rate}, SizingRequest)
    return msgspec.json.encode(size(req, catalog())).decode()


def test_sizing_writes_the_largest_rate_whole() -> None:
    out = _sized(1_000_000)  # the largest request_rate_per_s allowed: ":g" wrote "1e+06"
    assert not _EXPONENT.search(out), _EXPONENT.findall(out)
    assert "1,000,000 requests/s is more than this setup serves" in out
    assert "open loop, 1,000,000 requests/s" in out


def test_sizing_small_rates_as_before() -> None:
    assert "open loop, 0.5 requests/s" in _sized(0.5)
    assert "open loop, 2 requests/s" in _sized(2)


def test_ask_answers_say_the_rate_whole_in_both_languages() -> None:
    en = ask("Which GPU should I rent to serve Llama 3.1 8B at 1953125000 requests per second?")
    # the example miss is whichever fitting offer the rejection names (1 x H100 since stale
    # or suspect offers are rejected for their price first: it was 4 x H200's 512 replicas)
    assert re.search(r"1,953,125,000 requests/s would need more than [\d,]+ replicas",
                     en.answer), en.answer
    assert not _EXPONENT.search(en.answer)
    ro = ask("Ce GPU să închiriez pentru Llama 3.1 8B la 1953125000 de cereri pe secundă?")
    assert ro.lang == "ro"
    # localised, not left in English: the Romanian number format, every digit kept
    assert "ratează ținta de rată a cererilor: 1.953.125.000 de cereri/s" in ro.answer
    assert "requests/s" not in ro.answer


# ------------------------------------------------------------------ language


def test_a_domain_is_no_language_word() -> None:
    words = shipped_messages().words
    assert detect_language("offers h100 vast.ai", words) == "en"
    assert detect_language("h100 prices at vast.ai", words) == "en"
    assert detect_language("prețuri h100 la vast.ai", words) == "ro"


def test_a_provider_name_is_no_language_word() -> None:
    words = shipped_messages().words
    names = [n for p in catalog().providers for n in (p.id, p.name)]
    assert detect_language("offers h100 nebius ai cloud", words) == "ro"  # without the names
    assert detect_language("offers h100 nebius ai cloud", words, names) == "en"
    assert detect_language("oferte h100 la nebius ai cloud", words, names) == "ro"


def _slack(text: str) -> str:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)
    return msgspec.json.encode(run_command(parse_command(text), data)).decode()


@pytest.mark.parametrize("text", ["offers h100 vast.ai", "offers h100 at vast.ai",
                                  "offers h100 Nebius AI Cloud"])
def test_slack_offers_at_a_provider_in_english(text: str) -> None:
    out = _slack(text)
    assert "Cheapest offers of H100 at " in out, out[:200]
    assert "Cele mai ieftine" not in out


def test_ask_at_vast_ai_in_english() -> None:
    assert ask("h100 prices at vast.ai").lang == "en"
    assert ask("h100 prices vast.ai").lang == "en"
