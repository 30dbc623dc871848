"""The verdict asked leads a comparison (task compareverdict, audit buyer18b #7, #11, #12), in
English and Romanian:

7. "L4 vs A10G ... at 20 users, which is cheaper per month?" and "A100 -> H100 ... at 16 users,
   how much faster per user?" led with the rows; the monthly verdict came last and the ratio
   (31.7 against 15.1 tokens/s, 2.1x) was never said. The first sentence now gives the
   verdict with the number asked and, for a speed, the ratio;
11. two models compared on one GPU each took the largest precision it fits alone (Llama 3.1
   8B at fp8 against Mistral 7B at bf16 on an L4: "Llama costs less", $0.81 against $1.18):
   both are now compared at the largest precision both fit, said so;
12. "does it fit and how fast?" led with the speed at fp8, the bf16 "no" second: the no at
   bf16 and the yes at fp8 now lead, with fp8 on an A100 said to be weight-only."""

from __future__ import annotations

from service.domain.answer.compose import AskResponse
from tests.unit.ask_fixtures import ask, first_sentence, head


def _fs(r: AskResponse) -> str:
    return first_sentence(r).replace("\xa0", " ")


# 7. the verdict first ---------------------------------------------------------------------------


def test_cheaper_per_month_leads_en() -> None:
    r = ask("L4 vs A10G for llama 3.1 8b at 20 users, which is cheaper per month?")
    assert _fs(r) == (
        "2 × NVIDIA L4 24GB costs less a month for all 20 requests at once: about "
        "$547.20/month, against $4,084/month for 2 × NVIDIA A10G 24GB (AWS) (at 24 h/day, 30 "
        "days/month)."), r.answer


def test_cheaper_per_month_leads_ro() -> None:
    r = ask("L4 sau A10G pentru llama 3.1 8b la 20 de utilizatori, care e mai ieftin pe lună?")
    assert _fs(r).startswith(
        "2 × NVIDIA L4 24GB costă mai puțin pe lună pentru toate cele 20 de cereri simultane: "
        "aproximativ 547,20 USD/lună, față de 4.084 USD/lună pentru 2 × NVIDIA A10G 24GB "
        "(AWS)"), r.answer


def test_how_much_faster_per_user_leads_with_the_ratio_en() -> None:
    r = ask("we're moving from A100 80GB to H100 for llama 3.1 70b fp8 at 16 users, how much "
            "faster per user?")
    assert _fs(r) == (
        # the A100 side is the recommendations' setup (fix/cmpttft): 2 x A100 miss the default
        # 2 s first token (2,681 ms), the recommendations rent 2 machines of 2 (was 2.1x, 15.1);
        # the H100 is compared on the same 4 GPUs in the same 2 replicas first (buyer audit 26a
        # #12: 2 H100 against 4 A100 was "1.5x as fast"), the fewest of each next
        "On the same number of GPUs, 4 of each, with 16 requests at once: 4 × NVIDIA H100 SXM5 "
        "80GB gives about 40.9 tokens/s per user against 21.7 on 4 × NVIDIA A100 SXM4 80GB, "
        "about 1.9× as fast."
    ), r.answer
    assert ("On the fewest GPUs of each that hold them, 2 × NVIDIA H100 SXM5 80GB gives about "
            "31.7 against 21.7 tokens/s per user on 2 instances of 2 × NVIDIA A100 SXM4 80GB."
            in r.answer), r.answer
    r = ask("A100 vs H100 for mistral 7b at 50 users, which is faster per user?")
    assert _fs(r).startswith(  # the "A100" read note follows with no capital to split at
        "1 × NVIDIA H100 SXM5 80GB is about 2.1× as fast per user as 1 × NVIDIA A100 SXM4 "
        "80GB: about 45.3 against 21.2 tokens/s per user with 50 requests at once."), r.answer


def test_how_much_faster_names_the_faster_setup_ro() -> None:
    """On the same 4 GPUs the H200 is the faster; on the fewest of each that hold the 20
    users (4 H100 against 2 H200) the 4 H100 are, said next, as such (buyer audit 26a #12)."""
    r = ask("Cu cât mai rapid e Llama 3.1 70B pe H200 decât pe H100 la 20 de utilizatori?")
    assert _fs(r) == (
        "La același număr de GPU-uri, 4 din fiecare, cu 20 de cereri simultane: 4 × NVIDIA "
        "H200 SXM 141GB dă aproximativ 43,7 tokeni/s per utilizator, față de 36,9 pe 4 × NVIDIA "
        "H100 SXM5 80GB, de aproximativ 1,18 ori mai rapid."), r.answer
    assert ("Pe cele mai puține GPU-uri din fiecare care le țin, 4 × NVIDIA H100 SXM5 80GB dă "
            "aproximativ 36,9 față de 26,0 tokeni/s per utilizator pe 2 × NVIDIA H200 SXM "
            "141GB.") in r.answer, r.answer


# 11. two models at one precision ----------------------------------------------------------------


def test_two_models_compared_at_the_same_precision_en() -> None:
    r = ask("Llama 3.1 8B vs Mistral 7B on an L4 for 8 users: which is faster and cheaper per "
            "million tokens?")
    assert r.numbers is not None
    assert {c.weights for c in r.numbers.compared} == {"fp8"}, r.answer
    assert _fs(r).startswith("Mistral 7B v0.3 costs less per 1M output tokens"), r.answer
    assert ("Mistral 7B v0.3 is compared at fp8 too, the largest precision both models fit"
            in head(r)), r.answer
    g = ask("gemma 2 27b or qwen2.5 32b on one A100 80GB at 10 users, which is faster?")
    assert g.numbers is not None
    assert {c.weights for c in g.numbers.compared} == {"fp8"}, g.answer
    assert "Google Gemma 2 27B is compared at fp8 too" in head(g), g.answer
    assert "(at its own bf16 on 1 × NVIDIA A100 SXM4 80GB: about 16.7 tokens/s)" in head(g)


def test_two_models_compared_at_the_same_precision_ro() -> None:
    r = ask("Llama 3.1 8B sau Mistral 7B pe un L4 pentru 8 utilizatori: care e mai ieftin per "
            "milion de tokeni?")
    assert r.numbers is not None
    assert {c.weights for c in r.numbers.compared} == {"fp8"}, r.answer
    assert _fs(r).startswith("Mistral 7B v0.3 costă mai puțin"), r.answer
    assert "Mistral 7B v0.3 este comparat tot la fp8" in head(r), r.answer


def test_a_precision_stated_is_kept_for_both() -> None:
    r = ask("Llama 3.1 8B vs Mistral 7B at int8 on an L4 for 8 users: which is faster?")
    assert r.numbers is not None
    assert {c.weights for c in r.numbers.compared} == {"int8"}, r.answer
    assert "compared at" not in head(r) and "different precisions" not in head(r), r.answer


# 12. does it fit, first ---------------------------------------------------------------------------


def test_does_it_fit_and_how_fast_leads_with_the_fit_en() -> None:
    r = ask("deepseek-r1-distill-llama-70b on 2 A100 80GB: does it fit and how fast for 10 "
            "users?")
    # fix/usersprec (2026-12-06): the weights fit at bf16 and the users past what the KV pool
    # holds wait, so the verdict is "No: ... holds only 6 of the 10 ... at bf16 at once" and
    # fp8 is the alternative that runs all 10 (was "No at bf16: ... needs about 74.2 GiB per
    # GPU", then "Yes at fp8", the precision dropped for a count that can queue)
    assert _fs(r).startswith(
        "No: 2 × NVIDIA A100 SXM4 80GB holds only 6 of the 10 concurrent requests of "
        "DeepSeek-R1-Distill-Llama-70B at bf16 at once"), r.answer
    text = head(r)
    assert "at fp8 (quantized weights) instead of bf16" in text, text
    # fix/leftovers: the weight-only fact in _W.weight_only_said's words (precision_weight_only),
    # the one message the precision fall back says it with (was speed_fit_weight_only's)
    assert ("fp8 is weight-only: the weights take fp8's memory, but with no FP8 tensor cores "
            "the matmuls run in fp16, at fp16 speed.") in text, text
    assert "about 19.7 tokens/s per user" in text, text
    assert "the figures are at fp8, the largest precision that fits" not in text, text


def test_does_it_fit_and_how_fast_leads_with_the_fit_ro() -> None:
    r = ask("Încape deepseek-r1-distill-llama-70b pe 2 A100 80GB și cât de repede merge pentru "
            "10 utilizatori?")
    # fix/usersprec: as in English, bf16 with the users past the KV pool waiting, fp8 after
    assert _fs(r).startswith("Nu: 2 × NVIDIA A100 SXM4 80GB ține deodată doar 6 din cele 10 "
                             "cereri simultane"), r.answer
    assert "la fp8" in head(r) and "19,7 tokeni/s" in head(r), r.answer


def test_speed_alone_keeps_its_lead() -> None:
    r = ask("how fast is llama 3.1 70b on one H100?")
    assert _fs(r).startswith("Meta Llama 3.1 70B at fp8 on 1 × NVIDIA H100 SXM5 80GB "
                             "generates about"), r.answer
