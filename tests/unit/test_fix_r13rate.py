"""Audit regress12 #10 and #11 (fix r13rate): a request rate under one a second is said with
its significant digits on Slack's "Request rate" row (1,000 requests a day read "0.0
requests/s"), one request a second is singular ("1 cereri pe secundă" was said), and a rate
written with a number word ("one request per second", "o cerere pe secundă", "o imagine pe
secundă") is read as the rate of one, not as one concurrent request or one image to price."""

from __future__ import annotations

import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.adapters.slack.render import rate_words
from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import TODAY, ask, catalog, head, knowledge
from tests.unit.slack_blocks import all_text


def _slack(line: str) -> str:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)
    return all_text(run_command(parse_command(line), data)).replace("\xa0", " ")


# -- 1. Slack's "Request rate" row keeps its significant digits ------------------------------


@pytest.mark.parametrize(("rate", "lang", "said"), [
    (1000 / 86400, "en", "0.0116 requests/s"),
    (10 / 3600, "en", "0.00278 requests/s"),
    (1000 / 86400, "ro", "0,0116 cereri/s"),
    (10 / 3600, "ro", "0,00278 cereri/s"),
    (0.5, "en", "0.5 requests/s"),
    (2.5, "en", "2.5 requests/s"),
    (10, "ro", "10 cereri/s"),
    (1, "ro", "1 cerere/s"),
])
def test_a_rate_under_one_a_second_keeps_its_digits(rate: float, lang: str, said: str) -> None:
    assert rate_words(rate, lang, knowledge().messages) == said


@pytest.mark.parametrize(("line", "row"), [
    ("how many H100 for llama 3.1 8b at 1000 requests per day?",
     "Request rate                   0.0116 requests/s"),
    ("what does llama 3.1 8b cost at 10 requests per hour?",
     "Request rate                   0.00278 requests/s"),
    ("cât costă llama 3.1 8b la 10 cereri pe oră?",
     "Rată de cereri               0,00278 cereri/s"),
])
def test_slack_request_rate_row_is_not_zero(line: str, row: str) -> None:
    text = _slack(line)
    assert row in text, text
    assert "0.0 requests/s" not in text and "0,0 cereri/s" not in text


# -- 2. one request a second: singular, and read from its number word ------------------------


def test_one_request_a_second_is_singular_in_the_cost_load() -> None:
    r = ask("Cât costă Llama 3.1 70B fp8 la 1 cerere pe secundă?")
    assert "încărcare: 1 cerere pe secundă de câte 4.096 de tokeni" in head(r), r.answer
    assert "1 cereri" not in r.answer
    en = ask("What does Llama 3.1 70B fp8 cost at 1 request per second?")
    assert "load: 1 request per second of 4,096 tokens" in head(en), en.answer


@pytest.mark.parametrize(("q", "rate"), [
    ("Cât costă Llama 3.1 70B fp8 la o cerere pe secundă?", 1.0),
    ("How many H100 for Llama 3.1 70B fp8 at one request per second?", 1.0),
    ("how many H100 for llama 3.1 70b fp8 at one request a minute", 1 / 60),
    ("Câte H100 pentru Llama 3.1 70B la un request pe secundă?", 1.0),
])
def test_a_number_word_before_a_rate_is_the_rate(q: str, rate: float) -> None:
    assert stated(q, catalog().registry).request_rate_per_s == pytest.approx(rate)


def test_o_cerere_pe_secunda_is_priced_as_a_rate() -> None:
    r = ask("Cât costă Llama 3.1 70B fp8 la o cerere pe secundă?")
    assert "încărcare: 1 cerere pe secundă de câte 4.096 de tokeni" in head(r), r.answer
    assert "cereri simultane: 1" not in r.answer
    digits = ask("Cât costă Llama 3.1 70B fp8 la 1 cerere pe secundă?")
    assert head(r) == head(digits)


def test_one_request_per_second_counts_the_gpus_of_the_load() -> None:
    r = ask("How many H100 for Llama 3.1 70B fp8 at one request per second?")
    assert head(r).startswith("For 1 request per second (3,584 tokens in and 512 out each), "
                              "Meta Llama 3.1 70B at fp8 needs about 2 × NVIDIA H100"), r.answer


@pytest.mark.parametrize("q", [
    "Cât costă o imagine pe secundă cu SDXL?",
    "Cât costă 1 imagine pe secundă cu SDXL?",
    "How much does one image per second with SDXL cost?",
])
def test_one_image_a_second_is_a_rate_not_one_image(q: str) -> None:
    st = stated(q, catalog().registry)
    assert st.work_rate is not None and st.work_rate[0] == "images", st
    assert st.work_rate[1] == pytest.approx(1.0)
    r = ask(q)
    first = head(r)
    assert "17 secunde" not in first and "17 seconds" not in first, r.answer
    assert ("Pentru 1 imagine pe secundă, " in first or "For 1 image per second, " in first), \
        r.answer
    assert "1 images" not in first and "1 imagini" not in first
