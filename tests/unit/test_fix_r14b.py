"""r14b (audit regress13 #2, #12): "one image in a second" / "într-o secundă" / "within a
second" is a time per image (a latency target), never a rate of one image per second (9 × RTX
4090 were sized for it); "one image per second" stays a rate. One request a second, one
instance: the singular in the GPU-count answers and in Slack's recommendation."""

from __future__ import annotations

import pytest

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.domain.answer.intent import stated
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head, knowledge
from tests.unit.slack_blocks import all_text


@pytest.mark.parametrize(("q", "no"), [
    ("Can SDXL generate one image in a second on a 4090?", "No: "),
    ("Can SDXL generate an image within a second on a 4090?", "No: "),
    ("Poate SDXL să genereze o imagine într-o secundă pe un 4090?", "Nu: "),
])
def test_one_image_in_a_second_is_a_time(q: str, no: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(no), text
    assert "9 ×" not in text and "1 image per second" not in text, text
    assert "6.5 s" in text or "6,5 s" in text, text
    name, value, unit = asked(r)
    assert (name, unit) == ("seconds_per_image", "s") and round(value, 1) == 6.5


@pytest.mark.parametrize("q", [
    "Can SDXL generate one image in a second on a 4090?",
    "Poate SDXL să genereze o imagine într-o secundă pe un 4090?",
    "SDXL: one image within a second?",
])
def test_in_a_second_is_a_limit_not_a_rate(q: str) -> None:
    st = stated(q, catalog().registry)
    assert st.work_rate is None
    assert st.max_seconds_per_image == 1.0


@pytest.mark.parametrize("q", [
    "Can SDXL generate one image per second on a 4090?",
    "O imagine pe secundă cu SDXL: câte GPU-uri îmi trebuie?",
])
def test_one_image_per_second_stays_a_rate(q: str) -> None:
    st = stated(q, catalog().registry)
    assert st.work_rate is not None and st.work_rate[0] == "images"
    assert st.work_rate[1] == 1.0
    assert st.max_seconds_per_image is None


def test_one_request_per_second_singular_en() -> None:
    text = head(ask("How many H100 for Llama 3.1 70B fp8 at one request per second?"))
    assert "For 1 request per second" in text, text
    assert "at 1 request/s each" in text, text
    assert "1 requests" not in text and "1 instances" not in text, text
    assert "1 instance of 2 × NVIDIA H100 SXM5 80GB" in text, text


def test_one_request_per_second_singular_ro() -> None:
    text = head(ask("Un singur request pe secundă cu Llama 3.1 70B fp8: câte H100?"))
    assert "Pentru 1 cerere pe secundă" in text, text
    assert "la 1 cerere/s fiecare" in text, text
    assert "1 cereri" not in text and "1 instanțe" not in text, text
    assert "1 instanță de 2 × NVIDIA H100 SXM5 80GB" in text, text


def test_plural_rates_unchanged() -> None:
    text = head(ask("How many H100 for Llama 3.1 70B fp8 at 10 requests per second?"))
    assert "For 10 requests per second" in text, text
    assert "requests/s each" in text, text


def test_slack_recommend_one_request_singular() -> None:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)
    text = all_text(run_command(parse_command("recommend llama 3.1 8b 1 request per second"),
                                data)).replace("\xa0", " ")
    assert "at 1 request/s (" in text, text
    assert "1 requests/s" not in text, text
