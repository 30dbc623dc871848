"""Images per request stated for a vision-language model whose image tokens go into the
context are counted into each request's context and KV cache (audit buyer24a #5).

"qwen2-vl 7b, 4 images per request (1024x1024 each), 20 concurrent users - which gpu and how
much vram?" was "For 20 concurrent users with 4,096 tokens of context each, Qwen2-VL 7B ...
needs about 21.6 GiB in total ... It fits on 1 × NVIDIA GeForce RTX 4090 24GB": the images
were dropped unsaid. Qwen2-VL's processor makes one token per 28 x 28 px of the image resized
to multiples of 28 (a 1024 x 1024 image: 1,036 x 1,036 px, 1,369 tokens; preprocessor_config
.json: patch_size 14, merge_size 2, min_pixels 3136, max_pixels 12845056), so each request
holds 5,476 image tokens beside its 4,096 of text: 9,572 tokens, 27.4 GiB for the 20, which no
RTX 4090 holds (sizing's fits_on, against the engine's 21.6 GiB). A count that depends on a
size not stated, or that the catalog does not record, is said not to be counted; Gemma 3's
is fixed (256 tokens an image, mm_tokens_per_image). "how many tokens is one 1024x1024 image
for qwen2.5-vl 7b" gave the memory only; now the 1,369 tokens lead.

The shipped catalog (tests/unit/ask_fixtures.py)."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.intent import stated
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence, head

_EN = ("qwen2-vl 7b, 4 images per request (1024x1024 each), 20 concurrent users - which gpu "
       "and how much vram?")
_RO = ("cât VRAM trebuie pentru qwen2-vl 7b cu 4 imagini de 1024x1024 per cerere și 20 de "
       "utilizatori?")


def _sized(model: str, users: int, ctx: int, gpu: str | None = None) -> tuple[float, bool]:
    """/v1/sizing's total and fit for ``users`` requests of ``ctx`` tokens (512 out)."""
    body = {"model": model, "batch_size": users, "input_tokens": ctx - 512,
            "output_tokens": 512, **({"gpu": gpu} if gpu else {})}
    r = size(msgspec.convert(body, SizingRequest), catalog())
    return r.memory.total_gib, bool(r.fits)


@pytest.mark.parametrize(("size_", "tokens"), [
    ((1024, 1024), 1369), ((448, 448), 256), ((1920, 1080), 2691), ((20, 20), 4),
    ((10000, 10000), 16129), ((8000, 8000), 16384)])
def test_qwen_vl_tokens_follow_the_processor(size_: tuple[int, int], tokens: int) -> None:
    it = catalog().registry.models["qwen2-vl-7b"].image_tokens
    assert it is not None
    assert it.count(*size_) == tokens
    assert it.count() is None  # no size: no count
    assert it.token_range == (4, 16384)
    assert it.resized(1024, 1024) == (1036, 1036)


def test_gemma3_tokens_are_fixed() -> None:
    it = catalog().registry.models["gemma-3-27b"].image_tokens
    assert it is not None and it.count() == 256 and it.count(4000, 3000) == 256


@pytest.mark.parametrize("question", [_EN, _RO])
def test_images_are_counted_into_the_context(question: str) -> None:
    r = ask(question)
    assert r.numbers is not None and r.numbers.sizing is not None, r.answer
    s = r.numbers.sizing
    assert s.context_tokens == 4096 + 4 * 1369  # 9,572 a request
    total, fits = _sized("qwen2-vl-7b", 20, 9572, "RTX 4090")
    assert s.total_gib == pytest.approx(total, abs=0.01)
    assert not fits  # /v1/sizing: the 20 requests do not fit one RTX 4090
    assert not any("RTX 4090" in f for f in s.fits_on), s.fits_on
    text = head(r)
    if question == _EN:
        assert "9,572 tokens of context" in first_sentence(r)
        assert "1,369 tokens of a 1,024×1,024 px image" in text
        assert "5,476 image tokens" in text
    else:
        assert "9.572 de tokeni" in first_sentence(r)
        assert "1.369 de tokeni dintr-o imagine" in text
        assert "5.476 de tokeni de imagine" in text
        assert "4 imagini pe cerere" in text and "4 de imagini" not in text


@pytest.mark.parametrize(("question", "said"), [
    ("cat VRAM trebuie pentru qwen2-vl 7b cu 4 imagini per cerere?",
     "Imaginile din întrebare (4 imagini pe cerere) nu sunt numărate aici"),
    ("how much vram for qwen2.5-vl 7b with 2 images per request?",
     "The images stated (2 images per request) are not counted here"),
    ("how much vram for llama 4 scout with 2 images per request?",
     "the catalog does not record how many tokens"),
    ("how much vram for llama 3.1 8b with 2 images per request?",
     "takes no images"),
])
def test_images_not_counted_are_said(question: str, said: str) -> None:
    r = ask(question)
    assert said in head(r), r.answer


def test_gemma3_images_counted() -> None:
    r = ask("gemma 3 27b with 3 images per request, 10 users: how much vram?")
    assert r.numbers is not None and r.numbers.sizing is not None, r.answer
    assert r.numbers.sizing.context_tokens == 4096 + 3 * 256
    assert "768 image tokens" in head(r)


@pytest.mark.parametrize(("question", "lead"), [
    ("how many tokens is one 1024x1024 image for qwen2.5-vl 7b?",
     "Qwen2.5-VL 7B (vision) makes 1,369 tokens of a 1,024×1,024 px image"),
    ("câți tokeni face gemma 3 12b dintr-o imagine?",
     "Google Gemma 3 12B face 256 de tokeni din orice imagine"),
])
def test_tokens_of_one_image_lead(question: str, lead: str) -> None:
    r = ask(question)
    assert first_sentence(r).startswith(lead), r.answer
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("image_tokens_per_image", "tokens")
    assert value == (1369 if "qwen" in question else 256)


@pytest.mark.parametrize(("question", "images", "width"), [
    ("qwen2-vl 7b cu 4 imagini de 1024x1024 per cerere", 4, 1024),
    ("qwen2-vl 7b with 2 1920x1080 images per request", 2, 1920),
    ("qwen2-vl 7b with 3 images of 800 x 600 px each", 3, 800),
])
def test_count_read_beside_a_size(question: str, images: int, width: int) -> None:
    st = stated(question, catalog().registry)
    assert st.images_per_request == images
    assert st.image_width_px == width


def test_images_come_with_a_prompt_stated() -> None:
    # a prompt stated is the input itself: the images join it, the output comes after them
    r = ask("qwen2-vl 7b, 10 users, 1000 input tokens and 300 output tokens, 2 images of "
            "1024x1024 per request: how much vram?")
    assert r.numbers is not None and r.numbers.sizing is not None, r.answer
    # the prompt, as the memory answer reads a prompt stated
    assert r.numbers.sizing.context_tokens == 1000 + 2 * 1369
    assert "besides its 1,000 tokens of prompt text: a prompt of 3,738 tokens" in head(r)
