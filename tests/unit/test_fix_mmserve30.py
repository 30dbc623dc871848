"""Multimodal and RAG serving (buyer audit 30a #1, #2, #6).

- #1: a RAG prompt stated as "N retrieved chunks of M tokens" (and a question beside them)
  is one prompt of N x M tokens (+ the question), in English and Romanian, said so; it was
  timed as one chunk (213 ms for 10 x 512 tokens on an A10G where /v1/sizing gives 1,729 ms).
- #2: a vision model's images said with "with" ("with one 1280x720 image", "with 4 images of
  1024x1024") are each request's images: an in-context VLM's image tokens go into the
  prompt timed, and a cross-attention VLM's (Llama 3.2 Vision) encoder is timed per image in
  /v1/sizing and /v1/ask alike (it was 345 ms with 1 or 4 images).
- #6: llama.cpp does not run Llama 3.2 Vision (mllama) with images.
"""

from __future__ import annotations

import re

import pytest

import service.domain.answer.understand as understand
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.kb_fixtures import ask, catalog, head


def _ms(text: str) -> float:
    m = re.search(r"about ([\d,.]+) (ms|s) to the first token|aproximativ ([\d.,]+) (ms|s) "
                  r"până la primul token", text)
    assert m is not None, text
    if m.group(1):
        v, unit = float(m.group(1).replace(",", "")), m.group(2)
    else:
        v, unit = float(m.group(3).replace(".", "").replace(",", ".")), m.group(4)
    return v * (1000 if unit == "s" else 1)


def _ttft(model: str, gpu: str, inp: int, out: int = 512, **kw: object) -> float:
    r = size(SizingRequest(model=model, gpu=gpu, input_tokens=inp, output_tokens=out, **kw),
             catalog())
    assert r.performance is not None and r.performance.time_to_first_token_ms is not None
    return r.performance.time_to_first_token_ms


@pytest.mark.parametrize(("q", "tokens"), [
    ("What is the TTFT for Llama 3.1 8B with 10 retrieved chunks of 512 tokens on an A10G?",
     5120),
    ("Care este TTFT pentru Llama 3.1 8B cu 10 fragmente recuperate de 512 tokeni pe un A10G?",
     5120),
    ("What is the TTFT for Llama 3.1 8B with 20 chunks of 400 tokens each on an L4?", 8000),
    ("RAG with 8 retrieved chunks of 1000 tokens on Qwen2.5 7B on an L40S: TTFT?", 8000),
    ("TTFT with 5 x 1k-token chunks plus a 300-token system prompt on an L4?", 5 * 1024 + 300),
])
def test_retrieved_chunks_are_one_prompt_of_all_of_them(q: str, tokens: int) -> None:
    assert understand.prompt_tokens(q) == tokens


def test_an_embedding_job_of_chunks_is_not_one_prompt() -> None:
    q = "How much to embed 10 chunks of 512 tokens with bge-m3?"
    assert understand.retrieved_prompt(q) is None


@pytest.mark.parametrize(("q", "gpu", "tokens", "said"), [
    ("What is the TTFT for Llama 3.1 8B with 10 retrieved chunks of 512 tokens on an A10G?",
     "A10G", 5120, "10 retrieved chunks of 512 tokens each: 5,120 tokens"),
    ("Care este TTFT pentru Llama 3.1 8B cu 10 fragmente recuperate de 512 tokeni pe un A10G?",
     "A10G", 5120, "10 fragmente recuperate de câte 512 tokeni: 5.120 de tokeni"),
    ("What is the TTFT for Llama 3.1 8B with 20 chunks of 400 tokens each on an L4?", "L4",
     8000, "20 retrieved chunks of 400 tokens each: 8,000 tokens"),
])
def test_rag_ttft_is_the_whole_prompts_as_sizing_gives_it(q: str, gpu: str, tokens: int,
                                                          said: str) -> None:
    r = ask(q)
    text = r.answer.replace("\xa0", " ")
    want = _ttft("llama-3.1-8b", gpu, tokens)
    assert _ms(head(r)) == pytest.approx(want, rel=0.01)
    assert said in text


def test_vlm_ttft_counts_the_images_stated_with_with() -> None:
    one = ask("What is the TTFT for Qwen2.5-VL 7B with one 1280x720 image and a 200 token "
              "question on an L4?")
    # 1280x720 resized to 1288x728: 46 x 26 = 1,196 tokens, plus the 200 of text; its
    # vision encoder timed on the image's 4 x 1,196 patches (fix/vlmjobs: re-pinned to
    # /v1/sizing with the image stated)
    img = {"images_per_request": 1, "width": 1280, "height": 720}
    assert _ms(head(one)) == pytest.approx(_ttft("qwen2.5-vl-7b", "L4", 1396, **img), rel=0.01)
    ro = ask("Care este TTFT pentru Qwen2.5-VL 7B cu o imagine de 1280x720 și o întrebare de "
             "200 de tokeni pe un L4?")
    assert _ms(head(ro)) == pytest.approx(_ttft("qwen2.5-vl-7b", "L4", 1396, **img), rel=0.01)
    four = ask("What is the TTFT for Qwen2-VL 7B with 4 images of 1024x1024 on an L4?")
    assert _ms(head(four)) > _ttft("qwen2-vl-7b", "L4", 3584)  # 4 x 1,369 image tokens more


def test_cross_attention_vision_encoder_is_timed_per_image() -> None:
    one = _ttft("llama-3.2-11b-vision", "A100 80GB", 3584, images_per_request=1)
    four = _ttft("llama-3.2-11b-vision", "A100 80GB", 3584, images_per_request=4)
    # 3 more images: 3 x 6,404 tokens through the 0.895B-parameter encoder, about 34 TFLOP
    assert four - one > 50
    r = size(SizingRequest(model="llama-3.2-11b-vision", gpu="A100 80GB",
                           images_per_request=4), catalog())
    assert any(a.name == "vision_encoder" for a in r.assumptions)
    asked = ask("What is the TTFT for Llama 3.2 11B Vision with 4 images on an A100 80GB?")
    assert _ms(head(asked)) == pytest.approx(four, rel=0.01)


def test_llama_cpp_does_not_run_llama_3_2_vision_and_is_not_offered() -> None:
    r = size(SizingRequest(model="llama-3.2-11b-vision", gpu="A10G", engine="llama.cpp",
                           weights="GGUF Q4_K_M"), catalog())
    assert r.runs is False and r.performance is None
    assert any("does not run Meta Llama 3.2 11B Vision with images" in w for w in r.warnings)
    ok = size(SizingRequest(model="qwen2.5-vl-7b", gpu="A10G", engine="llama.cpp",
                            weights="GGUF Q4_K_M"), catalog())
    assert ok.runs is True  # libmtmd runs Qwen2.5-VL
    a = ask("How much memory does Llama 3.2 11B Vision need on an A10G?")
    assert "llama.cpp" not in a.answer
