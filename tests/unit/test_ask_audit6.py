"""Defects a sixth blind buyer audit of POST /v1/ask found, each pinned (in English and
Romanian where the wording matters): the GPU count asked honoured in a month's price, a model
split over several GPUs priced on one machine, a cost asked with a TTFT limit, tokens per
second in Romanian, a bare "A100" said to be the 40 GB card, a usage or a job's size answered
as its total, spot from machines of the count asked, the asked number first for TTFT at load,
TPOT and cost per 1M tokens compared, any card of a memory size that holds a fine-tune, and
replicas said as the load each holds.

The retrieval is a fake (see ``test_ask_audit``): the numbers come from the shipped catalog
through ``size()`` and ``recommend()``."""

from __future__ import annotations

from typing import Any

import pytest

import service.domain.answer.numbers.context as writer
from service.domain.answer.intent import classify, stated
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, machine_price
from tests.unit.ask_fixtures import head as _head

# -- 1. the count asked is the setup priced ---------------------------------------------------


@pytest.mark.parametrize("q", [
    "how much to run llama 3.1 70b on 2x H100 8 hours a day for a month?",
    "how much to run llama 3.1 70b on 2 H100s, 8h/day?",
    "cât costă să rulez llama 3.1 70b pe 2x H100 8 ore pe zi?",
])
def test_the_count_asked_is_priced(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_month_usd"
    gpu_month = machine_price("h100-sxm", 2) * 8 * 30
    assert gpu_month < value < gpu_month + 60  # plus the weights' disk
    assert "2 × NVIDIA H100" in first_sentence(r)
    assert "1 × NVIDIA H100" not in first_sentence(r)


# -- 2. a model split over GPUs is priced on one machine --------------------------------------


@pytest.mark.parametrize("q", [
    "how much per month to run llama 3.1 70b on 4x A100 40GB 24/7?",
    "cât costă pe lună llama 3.1 70b pe 4x A100 40GB non-stop?",
])
def test_a_split_model_is_priced_on_one_machine(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_month_usd"
    machine = min(v.on_demand_usd_h for v in catalog().views(TODAY)
                  if v.gpu == "a100-sxm-40gb" and v.gpu_count >= 4 and not v.stale
                  and not v.suspect and v.on_demand_usd_h is not None)
    assert value >= machine * 720  # never four single-GPU VMs ($2.88/h together)


def test_a_sharded_fine_tune_is_priced_on_one_machine() -> None:
    r = ask("full fine-tune llama 3.1 8b on an A100 80GB, 1B tokens, how much?")
    assert "machines of 1 ×" not in _head(r)
    assert "one machine of 2 × NVIDIA A100 SXM4 80GB" in _head(r)


# -- 3. a cost with a TTFT limit --------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "how much does it cost per month to serve llama 3.1 70b to 200 users in europe with ttft "
    "under 1s?",
    "cât costă pe lună să servesc llama 3.1 70b la 200 de utilizatori în Europa cu TTFT sub 1 s?",
])
def test_a_cost_with_a_ttft_limit_is_a_cost(q: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    real = writer.recommend

    def spy(req: Any, *a: Any, **k: Any) -> Any:
        seen.append(req)
        return real(req, *a, **k)

    monkeypatch.setattr(writer, "recommend", spy)
    r = ask(q)
    assert r.intent == "cost"
    assert asked(r)[0] == "per_month_usd"
    assert any(x.concurrent_requests == 200 and x.regions == ["europe"]
               and x.max_time_to_first_token_ms == 1000 for x in seen)


# -- 4. tokens per second in Romanian ---------------------------------------------------------


@pytest.mark.parametrize("q", ["câte tokenuri pe secundă face llama 3.1 8b pe un L4?",
                               "cate tokenuri pe secunda face llama 3.1 8b pe un L4?",
                               "câte token-uri pe secundă face llama 3.1 8b pe un L4?"])
def test_tokenuri_pe_secunda_is_speed(q: str) -> None:
    assert classify(q, "llm", 1, True, None)[0] == "speed"
    r = ask(q)
    assert r.intent == "speed" and asked(r)[0] == "decode_tokens_per_s"


# -- 5. a bare family name ---------------------------------------------------------------------


@pytest.mark.parametrize(("q", "words"), [
    ("does llama 3.1 70b fp8 fit on an A100?", ["“A100” is read as the NVIDIA A100 SXM4 40GB",
                                               "on the NVIDIA A100 SXM4 80GB it fits on 1"]),
    ("încape llama 3.1 70b fp8 pe un A100?", ["„A100” e citit ca NVIDIA A100 SXM4 40GB",
                                            "pe NVIDIA A100 SXM4 80GB încape pe 1"]),
    ("how much is an A100 per hour?", ["“A100” is read as the NVIDIA A100 SXM4 40GB"]),
])
def test_a_bare_family_says_the_variant(q: str, words: list[str]) -> None:
    assert ask("does llama 3.1 70b fp8 fit on an A100?").extracted.gpu == "a100-sxm-40gb"
    head = _head(ask(q))
    for w in words:
        assert w in head


def test_a_named_variant_gets_no_note() -> None:
    assert stated("does llama 3.1 70b fit on an A100 80GB?", catalog().registry).bare_gpu is None
    assert "is read as" not in _head(ask("does llama 3.1 70b fit on an A100 80GB?"))


# -- 6. a usage or a job's size: its total -----------------------------------------------------


@pytest.mark.parametrize("q", ["how much does it cost to run llama 3.1 8b on an L4 8 hours a day?",
                               "cât costă să rulez llama 3.1 8b pe un L4 8 ore pe zi?"])
def test_hours_a_day_is_a_month(q: str) -> None:
    quantity, value, _ = asked(ask(q))
    assert quantity == "per_month_usd"
    gpu = min(v.on_demand_usd_h for v in catalog().views(TODAY)
              if v.gpu == "l4" and v.gpu_count == 1 and not v.stale and not v.suspect
              and v.on_demand_usd_h is not None) * 8 * 30
    assert gpu <= value < gpu + 10


@pytest.mark.parametrize("q", ["how much to embed 50 billion tokens with bge-large on an L4?",
                               "cât costă embedding la 50 de miliarde de tokeni cu bge-large pe "
                               "un L4?"])
def test_an_embedding_job_on_a_gpu_is_its_total(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "per_job_usd" and value > 10
    assert "L4" in first_sentence(r)


@pytest.mark.parametrize(("q", "lo", "hi"), [
    ("cat costa 1000 de imagini flux pe h100?", 2.0, 2.7),
    ("how much are 1000 flux images on an h100?", 2.0, 2.7),
    # a divisible job on every GPU of a whole machine rented (lium's 4 x L40S, $0.38 per
    # GPU-hour: about $684 with storage), not one card alone ($0.60/h at vast: about $1,080)
    ("how much to generate 1M SDXL images on L40S?", 600, 760),
])
def test_an_image_job_on_a_gpu_is_its_total(q: str, lo: float, hi: float) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "job_usd" and lo < value < hi


def test_a_long_image_job_says_its_gpu_days() -> None:
    assert "GPU-days" in first_sentence(ask("how much to generate 1M SDXL images on L40S?"))
    assert "zile-GPU" in first_sentence(ask("cât costă 1M de imagini SDXL pe L40S?"))


# -- 7. spot from machines of the count asked --------------------------------------------------


@pytest.mark.parametrize("q", ["Is spot cheaper than on-demand for an H100?",
                               "E spot mai ieftin decât on-demand pentru un H100?"])
def test_one_gpu_spot_is_a_one_gpu_price(q: str) -> None:
    r = ask(q)
    spot = min(v.spot_usd_h for v in catalog().views(TODAY)
               if v.gpu == "h100-sxm" and v.gpu_count == 1 and not v.stale and not v.suspect
               and v.spot_usd_h is not None)
    assert asked(r)[1] == pytest.approx(spot)


def test_one_provider_is_named_once() -> None:
    head = first_sentence(ask("how much is 8x h200 spot vs on-demand?"))
    assert "primeintellect and primeintellect" not in head
    # spot and on-demand at verda, like for like, named once (on-demand was Prime
    # Intellect's $15.97, a copy of Verda's machine below Verda's own price, doubted since:
    # buyer audit 25a #4; then vast's, another provider's: audit buyer27a #9)
    assert head.count("verda") == 1 and "vast" not in head, head


# -- 8. the asked number first ------------------------------------------------------------------


@pytest.mark.parametrize(("q", "word"), [
    ("what TTFT will 100 concurrent users see with llama 3.1 70b fp8 on 2x h100 and 4k prompts?",
     "first token"),
    ("ce TTFT văd 100 de utilizatori simultani cu llama 3.1 70b fp8 pe 2x h100 și prompturi de "
     "4096 de tokeni?", "primul token"),
])
def test_ttft_past_admission_leads_with_the_ttft(q: str, word: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("time_to_first_token_ms", "ms")
    head = _head(r)
    held_at = head.find("holds only") if "holds only" in head else head.find("ține deodată")
    assert 0 <= head.find(word) < held_at  # the TTFT first, the admission fact after it
    # the queue's wait is counted: above the TTFT of the requests that run
    held = ask(q.replace(" 100 ", " 50 "))
    assert value > asked(held)[1]


@pytest.mark.parametrize("q", [
    # the load stated: at the default 4,096 tokens a request 2 x H100 hold only 54 of the 64,
    # and a load past what fits leads with how many do (the TPOT of those follows)
    "llama 3.1 70b fp8 on 2x h100 with sglang, 64 concurrent users with 2k-token prompts: "
    "TPOT?",
    "what is the TPOT of llama 3.1 8b on an L4?",
])
def test_tpot_leads_in_ms(q: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "time_per_output_token_ms"
    assert "ms per output token" in first_sentence(r)


@pytest.mark.parametrize("q", ["a100 vs h100 for llama 3.1 8b, cost per 1M tokens?",
                               "a100 sau h100 pentru llama 3.1 8b, cost pe 1M de tokeni?"])
def test_compare_cost_per_million(q: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "per_million_output_tokens_usd"
    first = first_sentence(r)
    # the verdict leads with a $/1M for each; the rows after it add a $/h for each (task
    # perdollar: the rows were the first sentence)
    assert first.count("$") + first.count("USD") >= 2
    text = _head(r)
    assert text.count("$") + text.count("USD") >= 6


# -- 9. any card of a memory size ---------------------------------------------------------------


@pytest.mark.parametrize(("q", "yes"), [("qlora llama 3.1 70b on a single 48gb card?", "Yes"),
                                        ("qlora llama 3.1 70b on a 48gb card?", "Yes"),
                                        ("qlora llama 3.1 70b pe o singură placă de 48 GB?", "Da")])
def test_a_memory_size_fits_when_any_card_of_it_does(q: str, yes: str) -> None:
    r = ask(q)
    first = first_sentence(r)
    assert first.startswith(yes)
    assert "RTX A6000" in first and "L40S" in first  # which do, which do not
    assert asked(r)[0] == "per_gpu_gib" and r.numbers is not None
    assert r.numbers.asked is not None and r.numbers.asked.yes is True


# -- 10. replicas: the load each can hold -------------------------------------------------------


@pytest.mark.parametrize(("q", "words"), [
    ("how many H100 do I need to serve llama 3.1 70b to 300 users?",
     ["{replicas} replicas ({per} GPUs per replica)", "each can hold up to {each} "]),
    ("de câte H100 am nevoie pentru llama 3.1 70b la 300 de utilizatori?",
     ["{replicas} replici ({per} GPU-uri pe replică)", "fiecare poate ține până la {each} "]),
    ("how many H100 do I need to serve llama 3.1 8b to 50 users?", ["1 replica "]),
])
def test_replicas_say_what_each_can_hold(q: str, words: list[str]) -> None:
    # 300 users of 70B (bf16) on H100s at the default 4,096 tokens a request: the replicas,
    # the GPUs of each and the requests each holds, as the count answer lays them out (3 x 4
    # GPUs of 118 each; 2 replicas at the 2,560 tokens of before)
    got = writer.gpu_count_for_users(catalog(), "llama-3.1-70b", None, "h100-sxm", 300,
                                     writer.ASK_PROMPT_TOKENS)
    assert got is not None and got[1] > 1 and got[1] * got[3] >= 300
    first = first_sentence(ask(q))
    for w in words:
        w = w.format(replicas=got[1], per=got[2], each=got[3])
        assert w in first, first
    assert "holding about" not in first and "1 replicas" not in first
