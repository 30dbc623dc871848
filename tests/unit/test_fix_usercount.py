"""A count for users leads with the count that meets the serving targets (audit buyer17 #12
and lesser ones):

1. "qwen2.5 7b serving 100 users how many L4s" led with the 2 × L4 that hold the requests in
   memory (each user then gets 6.2 tokens/s, the first token after 3.7 s) and said the 6 that
   meet the recommendations' default targets (10 tokens/s per user, the first token within
   2 s) after it; 500 users of Llama 3.1 8B on A100 80GB led with 4, then 6. The count that
   meets the targets now leads (the recommendations' setup for the load on that GPU, at the
   count's precision), the memory's count second, with what each user then gets.
2. "about 1 concurrent users", "1 utilizatori", "1 cereri": singular for one.
3. "3 × AMD Instinct MI300X 192GB (3 × AMD Instinct MI300X 192GB)": one machine said twice.
4. "how many GPUs do I need to full finetune llama 3.1 70b in bf16?" led with 1,107.8 GiB and
   no count: the fewest GPUs that hold it lead."""

from __future__ import annotations

import msgspec

from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head


def _rec_count(model: str, gpu: str, users: int) -> int:
    """The GPUs of /v1/recommendations' lead for ``users`` at bf16 on ``gpu`` (default
    targets, a context of 4,096 tokens, 512 out)."""
    req = msgspec.convert({"model": model, "workload": "serving", "concurrent_requests": users,
                           "context_tokens": 4096, "output_tokens": 512, "gpus": [gpu],
                           "weights": "bf16"}, RecommendationRequest)
    o = recommend(req, catalog(), TODAY).options[0]
    return o.offer.gpu_count * o.nodes


# -- 1. the count that meets the default targets leads ------------------------------------------

def test_users_count_leads_with_the_count_that_meets_the_default_targets() -> None:
    r = ask("qwen2.5 7b serving 100 users how many L4s")
    first = first_sentence(r)
    assert _rec_count("qwen2.5-7b-instruct", "l4", 100) == 6
    # was "needs 2 × NVIDIA L4 24GB: 1 replica (2 GPUs per replica), ..."
    assert first.startswith("For 100 concurrent users, Qwen2.5 7B at bf16 needs 6 × NVIDIA L4 "
                            "24GB (3 instances of 2 × NVIDIA L4 24GB) to meet the default "
                            "targets the recommendations hold interactive serving to (at least "
                            "10 tokens/s per user and the first token within 2 s): about 13.0 "
                            "tokens/s per user, the first token after about 1.6 s"), first
    assert "$2.28/h at seeweb (on-demand)" in first, first
    assert asked(r)[:2] == ("gpu_count", 6)
    text = head(r)
    assert ("Memory alone holds them on 2 × NVIDIA L4 24GB (1 replica, 2 GPUs per replica, "
            "each holding up to 104 requests of 4,096 tokens at once), but then each user gets "
            "about 6.2 tokens/s and waits about 3.7 s for the first token (mean).") in text, text
    assert "That misses the default targets" not in text  # said once, in the lead
    # the recommendations' own lead on the L4, at fp8, after it
    assert "At fp8, as the recommendations size it: 3 × NVIDIA L4 24GB" in text, text
    assert r.numbers is not None
    top = r.numbers.recommendations[0]
    assert (top.gpu_count * top.nodes, top.weights) == (6, "bf16")


def test_users_count_in_romanian() -> None:
    r = ask("câte L4 îmi trebuie pentru qwen2.5 7b cu 100 de utilizatori?")
    first = first_sentence(r)
    assert first.startswith("Pentru 100 de utilizatori simultani, Qwen2.5 7B la bf16 are "
                            "nevoie de 6 × NVIDIA L4 24GB (3 instanțe de 2 × NVIDIA L4 24GB) ca "
                            "să atingă țintele implicite"), first
    assert asked(r)[:2] == ("gpu_count", 6)
    text = head(r)
    assert ("Ca memorie, ajung 2 × NVIDIA L4 24GB (1 replică, 2 GPU-uri pe replică, fiecare "
            "ține până la 104 cereri de 4.096 de tokeni deodată), dar atunci fiecare utilizator "
            "primește aproximativ 6,2 tokeni/s și așteaptă aproximativ 3,7 s primul token "
            "(medie).") in text, text


def test_users_count_on_a100_leads_with_six() -> None:
    r = ask("how many A100 80GB for 500 concurrent users on llama 3.1 8b?")
    first = first_sentence(r)
    assert _rec_count("llama-3.1-8b-instruct", "a100-sxm-80gb", 500) == 6
    assert first.startswith("For 500 concurrent users, Meta Llama 3.1 8B at bf16 needs 6 × "
                            "NVIDIA A100 SXM4 80GB"), first  # was 4
    assert asked(r)[:2] == ("gpu_count", 6)
    assert ("Memory alone holds them on 4 × NVIDIA A100 SXM4 80GB (2 replicas, 2 GPUs per "
            "replica") in head(r)


def test_a_month_asked_is_the_leads_and_said_right_after_it() -> None:
    r = ask("how many L4s for 100 users of qwen2.5 7b, and what's the monthly bill?")
    text = head(r)
    lead = text.index("needs 6 × NVIDIA L4 24GB")
    month = text.index("That setup costs about")
    assert lead < month < text.index("Memory alone holds them"), text


def test_a_count_that_meets_the_targets_still_leads() -> None:
    r = ask("how many H100s for 100 users of llama 3.1 70b?")
    assert first_sentence(r).startswith(
        "For 100 concurrent users, Meta Llama 3.1 70B at bf16 needs 4 × NVIDIA H100 SXM5 80GB:")
    assert "Memory alone" not in head(r)


# -- 2. one user, one request -----------------------------------------------------------------

def test_one_user_is_singular() -> None:
    r = ask("how many users can one H100 handle for llama 3.1 70b fp8 at 20 tok/s each?")
    text = head(r)
    assert "serves 1 concurrent user at 20 tokens/s or faster" in text, text
    assert "holds 1 request at a time" in text, text
    assert "1 concurrent users" not in text
    assert asked(r)[:2] == ("max_batch_size", 1)


def test_one_user_is_singular_in_romanian() -> None:
    r = ask("câți utilizatori poate servi un H100 pentru llama 3.1 70b fp8 la 20 tok/s fiecare?")
    text = head(r)
    assert "servește 1 utilizator simultan" in text, text
    assert "ține 1 cerere odată" in text, text
    assert "1 utilizatori" not in text and "1 cereri" not in text, text


# -- 3. one machine said once ----------------------------------------------------------------

def test_a_rate_count_on_one_machine_says_it_once() -> None:
    r = ask("serving 5 req/s of llama 3.1 70b with 2k prompts, how many gpus")
    first = first_sentence(r)
    # fix/cheapword: 5 machines at awq-int4, listed after it, cost less an hour: the top-ranked
    # setup, not "the cheapest"
    assert ("needs 3 × AMD Instinct MI300X 192GB, the top-ranked setup in the catalog"
            in first), first
    assert "(3 × AMD Instinct MI300X 192GB)" not in first


# -- 4. the count asked leads a training question -------------------------------------------------

def test_training_count_leads_with_the_count() -> None:
    r = ask("how many GPUs do I need to full finetune llama 3.1 70b in bf16?")
    first = first_sentence(r)
    # was "... needs about 1,107.8 GiB (...)" with the GPUs in a second sentence
    assert first.startswith("Full fine-tuning of Meta Llama 3.1 70B (bf16 base) needs at least 4 "
                            "GPUs: 4 × AMD Instinct MI355X 288GB"), first
    assert "about 1,107.8 GiB in all" in first
    assert asked(r)[:2] == ("gpu_count", 4)
    assert "It fits on" not in head(r)


def test_training_count_in_romanian() -> None:
    r = ask("de câte GPU-uri am nevoie pentru full fine-tuning llama 3.1 70b în bf16?")
    assert first_sentence(r).startswith(
        "Fine-tuning complet pentru Meta Llama 3.1 70B (bază bf16) are nevoie de cel puțin 4 "
        "GPU-uri: 4 × AMD Instinct MI355X 288GB"), first_sentence(r)
    assert asked(r)[:2] == ("gpu_count", 4)


def test_training_memory_asked_still_leads_with_memory() -> None:
    r = ask("how much memory to full finetune llama 3.1 70b in bf16?")
    assert first_sentence(r).startswith(
        "Full fine-tuning of Meta Llama 3.1 70B (bf16 base) needs about 1,107.8 GiB")
