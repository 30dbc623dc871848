"""/v1/ask answers what was asked (audit roqa, six intent defects): "câți GPU" is a count like
"câte GPU"; "cu cât timp înainte anunță AWS întreruperea" asks the spot notice; a year's
price leads with the year; "how large can the context be" asks the longest context; "how
quickly can I finish a fine-tune" asks its hours; and the longest context with users stated
is each user's at that many users, not one sequence's."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import _cost_sub, _train_sub
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, head


# 1. "câți" (masculine) reads as how many, like "câte"
@pytest.mark.parametrize(("question", "count", "lead"), [
    ("Câți GPU A100 80GB îmi trebuie pentru Llama 3.1 405B în fp8?", 8, "are nevoie de 8 ×"),
    ("Cati GPU H100 imi trebuie pentru Llama 3.1 70B in bf16?", 2, "are nevoie de 2 ×"),
    ("Câți GPU-uri H100 trebuie pentru Llama 3.1 70B în bf16?", 2, "are nevoie de 2 ×"),
    ("how many A100 80GB do I need for Llama 3.1 405B in fp8?", 8, "needs 8 ×"),
])
def test_cati_gpu_asks_the_count(question: str, count: int, lead: str) -> None:
    r = ask(question)
    assert asked(r)[:2] == ("gpu_count", count), r.answer
    assert lead in head(r).split(":")[0]
    assert not head(r).startswith(("Nu", "No"))


# 2. the spot notice asked in common words
@pytest.mark.parametrize(("question", "lead"), [
    ("Cu cât timp înainte anunță AWS întreruperea unei instanțe spot?",
     "Amazon Web Services (EC2) dă un preaviz de 120 s"),
    ("Cat timp am inainte sa fie oprita instanta spot pe AWS?",
     "Amazon Web Services (EC2) dă un preaviz de 120 s"),
    ("how much notice does AWS give before reclaiming a spot instance?",
     "Amazon Web Services (EC2) gives 120 s of notice"),
    ("How long do I have before AWS reclaims my spot instance?",
     "Amazon Web Services (EC2) gives 120 s of notice"),
])
def test_spot_notice_in_common_words(question: str, lead: str) -> None:
    r = ask(question)
    assert asked(r) == ("spot_notice_s", 120, "s"), r.answer
    assert head(r).startswith(lead)


@pytest.mark.parametrize("question", [
    "Cât costă o instanță spot H100 pe AWS?",
    "Care e riscul de întrerupere pe spot pentru un H100?",
])
def test_a_spot_price_is_still_a_price(question: str) -> None:
    assert asked(ask(question))[0] == "spot_per_hour_usd"


# 3. a year's price leads with the year: 365 days (24 h unless the usage is stated; was 12
# of the service's 30-day months, audit cost #14)
@pytest.mark.parametrize(("question", "hour_q", "hours", "lead"), [
    ("Cât costă pe an un H100?", "Cât costă pe oră un H100?", 24 * 365, "Aproximativ "),
    ("How much does an H100 cost per year?", "How much does an H100 cost per hour?",
     24 * 365, "About $"),
    ("How much does an H100 cost per year at 8 hours a day?",
     "How much does an H100 cost per hour?", 8 * 365, "About $"),
])
def test_a_year_asked_leads_with_it(question: str, hour_q: str, hours: int, lead: str) -> None:
    hour = asked(ask(hour_q))
    assert hour[0] == "per_gpu_hour_usd"
    r = ask(question)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_year_usd", "USD/year"), r.answer
    assert value == pytest.approx(hour[1] * hours)
    assert head(r).startswith(lead)
    assert "365" in head(r).split(")")[0]


@pytest.mark.parametrize(("text", "sub"), [
    ("cat costa pe an un h100", "year"),
    ("how much does an h100 cost per year", "year"),
    ("annual cost of an h100", "year"),
    ("cat costa anual un h100", "year"),
    ("price of an h100 for a year", "year"),
    ("how much does an h100 cost", "hour"),
    ("cost of serving 2 million requests a year with llama 3.1 8b", "hour"),
])
def test_cost_sub_year(text: str, sub: str) -> None:
    assert _cost_sub(text) == sub


# 4. "how large can the context be" asks the longest context
@pytest.mark.parametrize("question", [
    "How large can the context be for Llama 3.1 8B in fp8 on an L4?",
    "How long can the context be for Llama 3.1 8B in fp8 on an L4?",
    "What's the longest context for Llama 3.1 8B in fp8 on an L4?",
    "How big a context can Llama 3.1 8B in fp8 handle on an L4?",
])
def test_how_large_a_context_is_the_max_context(question: str) -> None:
    ro = asked(ask("Cât de mare poate fi contextul pentru Llama 3.1 8B în fp8 pe un L4?"))
    assert ro[0] == "max_context_tokens"
    r = ask(question)
    assert asked(r) == ro, r.answer
    assert head(r).startswith("The largest context")


# 5. "how quickly can I finish" a fine-tune: its hours lead
@pytest.mark.parametrize(("question", "lead"), [
    ("How quickly can I finish a LoRA fine-tune of Llama 3.1 8B on 200 million tokens on an "
     "A100 80GB?", "For 200,000,000 training tokens: about"),
    ("How fast can I complete a LoRA fine-tune of Llama 3.1 8B on 200 million tokens on an "
     "A100 80GB?", "For 200,000,000 training tokens: about"),
    ("Cât de repede pot termina un fine-tuning LoRA pe Llama 3.1 8B cu 200 de milioane de "
     "tokeni pe un A100 80GB?", "Pentru 200.000.000 de tokeni de antrenare: aproximativ"),
    ("În cât timp termin un fine-tuning LoRA pe Llama 3.1 8B cu 200 de milioane de tokeni pe "
     "un A100 80GB?", "Pentru 200.000.000 de tokeni de antrenare: aproximativ"),
])
def test_how_quickly_can_i_finish_is_the_time(question: str, lead: str) -> None:
    r = ask(question)
    assert asked(r)[0] == "training_hours", r.answer
    assert head(r).startswith(lead)


@pytest.mark.parametrize(("text", "sub"), [
    ("how quickly can i finish a lora fine-tune of llama 3.1 8b", "time"),
    ("how soon will a lora fine-tune of llama 3.1 8b be done", "time"),
    ("how fast does a lora fine-tune of llama 3.1 8b run on an a100", "speed"),
    ("cat de repede antreneaza un a100 lora pe llama 3.1 8b", "speed"),
])
def test_train_sub_finish(text: str, sub: str) -> None:
    assert _train_sub(text) == sub


# 6. the longest context with users stated: each user's, at that many users
def _per_user_ctx(users: int) -> int:
    r = size(msgspec.convert({"model": "llama-3.1-70b", "gpu": "h100-sxm", "gpu_count": 2,
                              "weights": "fp8", "batch_size": users}, SizingRequest), catalog())
    assert r.max_context_tokens is not None
    return r.max_context_tokens


@pytest.mark.parametrize(("question", "lead"), [
    ("Care este contextul maxim pe utilizator pentru Llama 3.1 70B în fp8 pe 2 H100 cu 8 "
     "utilizatori simultani?", "pe utilizator"),
    ("max context per user for llama 3.1 70b fp8 on 2 h100 with 8 concurrent users",
     "per user"),
])
def test_max_context_per_user_at_the_users_stated(question: str, lead: str) -> None:
    each = _per_user_ctx(8)
    assert each < _per_user_ctx(1)
    r = ask(question)
    assert asked(r) == ("max_context_tokens", each, "tokens"), r.answer
    first = head(r).split(";")[0]
    assert lead in first and "8" in first.replace(f"{each:,}", "").replace(f"{each:,}".replace(
        ",", "."), "")
