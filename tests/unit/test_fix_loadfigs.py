"""Load figures where the question is about a load (audit loadfigs):

1. "fp8 vs bf16 tokens/s at full load for llama 3.1 8b on an H100" (and "which gives more
   throughput at full load, fp8 or bf16 ...") compared one request's speeds, 193 against 136
   tokens/s "for one request". A total at full load asked compares the two setups' output
   tokens/s in total at saturation, the figures "how fast is it at full load" answers (3,123
   against 2,578); users stated ("at 50 users") compare the totals at that load (a decode
   step's speed at 50 users was called "for one request"). One request's comparison stays
   as fix/gguf8 and fix/samebits left it.
2. "how many H100s for 100 users of llama 3.1 70b?" gave the count with no service level:
   now each user's tokens/s and the mean time to the first token at that load on the setup
   counted, and where they miss the recommendations' default targets (10 tokens/s per user,
   the first token within 2 s), so, with the count that meets them."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.recommend.context import DEFAULT_DECODE_TOKENS_PER_S, default_ttft_ms
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


# -- 1. two precisions weighed at a load ----------------------------------------------------------

_FULL = "fp8 vs bf16 tokens/s at full load for llama 3.1 8b on an H100"
_WHICH = "which gives more throughput at full load, fp8 or bf16 for llama 3.1 8b on an H100?"
_FULL_RO = "fp8 vs bf16 tokeni/s la încărcare maximă pentru llama 3.1 8b pe un H100"
_WHICH_RO = ("care dă un debit mai mare la încărcare maximă, fp8 sau bf16, pentru llama 3.1 "
             "8b pe un H100?")


@pytest.mark.parametrize(("text", "load"), [
    (_FULL, True), (_WHICH, True), (_FULL_RO, True), (_WHICH_RO, True),
    ("fp8 or int4: max throughput of llama 3.1 70b on 2 H100s", True),
    ("fp8 vs bf16 aggregate tokens/s for llama 3.1 8b on an H100", True),
    ("fp8 vs bf16 tokens/s for llama 3.1 8b on an H100", False),
    ("total VRAM fp8 vs int4 for llama 3.1 70b on an H100", False),  # a total of memory
])
def test_a_total_at_full_load_is_read(text: str, load: bool) -> None:
    assert stated(text, catalog().registry).load_asked is load


@pytest.mark.parametrize("text", [_WHICH, _WHICH_RO])
def test_which_gives_more_throughput_asks_which(text: str) -> None:
    assert stated(text, catalog().registry).speed_compared == "which"  # was None


def _full_load(weights: str, lang: str = "en") -> float:
    """The output tokens/s in total at full load the speed answer gives for one precision."""
    q = (f"how fast is llama 3.1 8b at {weights} on an H100 at full load?" if lang == "en" else
         f"cât de rapid este llama 3.1 8b la {weights} pe un H100 la încărcare maximă?")
    quantity, value, _ = asked(ask(q))
    assert quantity == "max_throughput_tokens_per_s"
    return value


def test_fp8_vs_bf16_at_full_load_compares_the_totals() -> None:
    r = ask(_FULL)
    text = head(r)
    fp8, bf16 = _full_load("fp8"), _full_load("bf16")
    assert fp8 > bf16 > 1000  # 3,123 and 2,578 (one request: 193 and 136)
    # was "fp8 (about 10.5 GiB per GPU, room for 123 ..., about 193 tokens/s)"
    assert f"about {fp8:,.0f} output tokens/s in total at full load" in first_sentence(r), text
    assert f"about {bf16:,.0f} output tokens/s in total at full load" in first_sentence(r), text
    assert "requests at once" in first_sentence(r)
    # was "fp8 generates about 1.4× as fast (193 against 136 tokens/s for one request)"
    assert (f"fp8 generates about {fp8 / bf16:.1f}× as fast ({fp8:,.0f} against {bf16:,.0f} "
            "tokens/s in total at full load)") in text, text
    assert "for one request" not in text, text


def test_which_gives_more_throughput_at_full_load_leads_with_the_totals() -> None:
    r = ask(_WHICH)
    fp8, bf16 = _full_load("fp8"), _full_load("bf16")
    assert first_sentence(r) == (
        f"On 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B is faster at fp8: about "
        f"{fp8 / bf16:.1f}× as fast as at bf16 ({fp8:,.0f} against {bf16:,.0f} tokens/s in "
        "total at full load).")
    assert "for one request" not in head(r)
    # (fewer bytes per token explains one request's speed, not a total at a load)
    assert "fewer bytes to read per token" not in head(r)
    quantity, value, _ = asked(r)
    assert quantity == "max_throughput_tokens_per_s" and value == pytest.approx(fp8)


def test_full_load_in_romanian() -> None:
    fp8, bf16 = _full_load("fp8", "ro"), _full_load("bf16", "ro")
    r = ask(_FULL_RO)
    text = head(r)
    fp8_ro, bf16_ro = f"{fp8:,.0f}".replace(",", "."), f"{bf16:,.0f}".replace(",", ".")
    assert (f"aproximativ {fp8_ro} de tokeni de ieșire/s în total la încărcare maximă"
            in text), text
    assert (f"({fp8_ro} față de {bf16_ro} de tokeni/s în total la încărcare maximă)"
            in text), text
    assert "pentru o cerere" not in text, text
    w = ask(_WHICH_RO)
    assert first_sentence(w).startswith(
        "Pe 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B este mai rapid la fp8"), head(w)
    assert f"({fp8_ro} față de {bf16_ro} de tokeni/s în total la încărcare maximă)" in head(w)


def test_at_users_compares_the_totals_at_that_load() -> None:
    r = ask("fp8 vs bf16 tokens/s at 50 users for llama 3.1 8b on an H100")
    text = head(r)
    at = {w: _size(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=1, input_tokens=3584,
                   output_tokens=512, batch_size=50, weights=w).performance
          for w in ("fp8", "bf16")}
    fp8, bf16 = at["fp8"], at["bf16"]
    assert fp8 is not None and bf16 is not None
    assert fp8.output_tokens_per_s and bf16.output_tokens_per_s
    # was "about 75.2 tokens/s" and "(75.2 against 64.7 tokens/s for one request)": a
    # decode-only step's speed of each of 50 sequences, called one request's
    assert (f"about {fp8.output_tokens_per_s:,.0f} output tokens/s in total at 50 concurrent "
            f"requests, about {fp8.output_tokens_per_s_per_user:.1f} tokens/s per user") in text
    assert (f"({fp8.output_tokens_per_s:,.0f} against {bf16.output_tokens_per_s:,.0f} "
            "tokens/s in total at 50 concurrent requests)") in text, text
    assert "for one request" not in text, text


def test_one_request_is_compared_as_before() -> None:
    r = ask("fp8 vs bf16 tokens/s for llama 3.1 8b on an H100")
    text = head(r)
    assert "about 193 tokens/s); bf16" in text, text
    assert "(193 against 136 tokens/s for one request)" in text, text
    assert "in total" not in text
    w = ask("fp8 vs bf16 for llama 3.1 8b on an H100: which is faster?")
    assert first_sentence(w) == (
        "On 1 × NVIDIA H100 SXM5 80GB, Meta Llama 3.1 8B is faster at fp8: about 1.4× as fast "
        "as at bf16 (193 against 136 tokens/s for one request).")
    assert asked(w)[0] == "decode_tokens_per_s"


# -- 2. a count for users says the service level it gives -----------------------------------------

def _replica(per: int, batch: int, model: str = "llama-3.1-70b", gpu: str = "h100-sxm"
             ) -> tuple[float, float]:
    p = _size(model=model, gpu=gpu, gpu_count=per, input_tokens=3584, output_tokens=512,
              batch_size=batch).performance
    assert p is not None and p.output_tokens_per_s_per_user and p.time_to_first_token_ms
    return p.output_tokens_per_s_per_user, p.time_to_first_token_ms


def test_count_for_users_says_each_users_speed_and_first_token() -> None:
    r = ask("how many H100s for 100 users of llama 3.1 70b?")
    text = head(r)
    assert first_sentence(r).startswith(
        "For 100 concurrent users, Meta Llama 3.1 70B at bf16 needs 4 × NVIDIA H100 SXM5 80GB")
    assert asked(r)[:2] == ("gpu_count", 4)
    tps, ttft = _replica(4, 100)  # about 14.6 tokens/s, 1.9 s
    assert tps >= DEFAULT_DECODE_TOKENS_PER_S and ttft <= default_ttft_ms(3584)
    # was the count alone
    assert (f"At that load (100 requests of 4,096 tokens at once per replica) each user gets "
            f"about {tps:.1f} tokens/s, the first token after about {ttft / 1000:.1f} s "
            "(mean).") in text, text
    assert "misses the default targets" not in text  # both met


def test_count_for_users_in_romanian() -> None:
    r = ask("câte H100 pentru 100 de utilizatori ai llama 3.1 70b?")
    text = head(r)
    tps, ttft = _replica(4, 100)
    said, secs = f"{tps:.1f}".replace(".", ","), f"{ttft / 1000:.1f}".replace(".", ",")
    assert ("La această încărcare (100 de cereri de 4.096 de tokeni deodată pe replică) "
            f"fiecare utilizator primește aproximativ {said} tokeni/s, iar primul token vine "
            f"după aproximativ {secs} s (medie).") in text, text  # (under 20: no "de")
    assert "nu atinge țintele implicite" not in text


def test_count_over_the_default_first_token_says_the_count_that_meets_it() -> None:
    r = ask("how many H100s for 118 users of llama 3.1 70b?")
    text = head(r)
    # the count that meets the default targets now leads, the 4 that hold them said second
    # (audit buyer17 #12: the memory's count led; it was ("gpu_count", 4))
    assert asked(r)[:2] == ("gpu_count", 8)
    tps, ttft = _replica(4, 118)  # about 12.9 tokens/s, 2.2 s: over the 2 s default
    assert ttft > default_ttft_ms(3584) and tps >= DEFAULT_DECODE_TOKENS_PER_S
    assert first_sentence(r).startswith(
        "For 118 concurrent users, Meta Llama 3.1 70B at bf16 needs 8 × NVIDIA H100 SXM5 80GB "
        "to meet the default targets the recommendations hold interactive serving to (at least "
        "10 tokens/s per user and the first token within 2 s)"), text
    assert ("Memory alone holds them on 4 × NVIDIA H100 SXM5 80GB (1 replica, 4 GPUs per "
            "replica, each holding up to 118 requests of 4,096 tokens at once), but then each "
            f"user gets about {tps:.1f} tokens/s and waits about {ttft / 1000:.1f} s for the "
            "first token (mean).") in text, text


def test_count_under_both_targets_in_romanian() -> None:
    r = ask("câte L40S pentru 100 de utilizatori ai llama 3.1 70b?")
    text = head(r)
    tps, ttft = _replica(8, 100, gpu="l40s")  # about 2.9 tokens/s, 10.5 s
    assert tps < DEFAULT_DECODE_TOKENS_PER_S and ttft > default_ttft_ms(3584)
    # the count that meets both targets leads now, the 8 that hold them second (audit buyer17
    # #12: "Asta nu atinge țintele implicite ..." followed the 8 in the lead)
    assert ("ca să atingă țintele implicite la care recomandările țin servirea interactivă "
            "(cel puțin 10 tokeni/s pe utilizator și primul token în cel mult 2 s)") in text
    said, secs = f"{tps:.1f}".replace(".", ","), f"{ttft / 1000:.1f}".replace(".", ",")
    assert (f"Ca memorie, ajung 8 × NVIDIA L40S 48GB (1 replică, 8 GPU-uri pe replică, fiecare "
            f"ține până la 141 de cereri de 4.096 de tokeni deodată), dar atunci fiecare "
            f"utilizator primește aproximativ {said} tokeni/s și așteaptă aproximativ {secs} s "
            "primul token (medie).") in text, text
    # the first token's figure is said once (the note of one over 10 s said it again)
    assert "prea încet pentru folosire interactivă" not in text, text
