"""Romanian answers kept whole English sentences the core wrote (audit rocore, 2026-12-07):
a systematic run of ~580 Romanian /v1/ask questions (every answer kind, no-offer cases,
kernel refusals, diffusion, audio, MoE and LoRA training) and /v1/recommendations bodies in
``lang: ro`` found 28 answers and 5 recommendations with English core text, from five
sources that core_warnings.localise left as the core wrote them:

- a kernel or platform refusal on a GPU whose name holds parentheses of its own ("NVIDIA
  B200 180GB (HGX) (compute capability 10.0)", "Google Cloud TPU v6e Trillium (per chip) (TPU
  v6e (Trillium))", "Intel Gaudi 3 128GB (HL-325L) (Gaudi 3)"): "vllm cannot run int8 on ...",
  "transformers does not run on ...: it runs on any NVIDIA GPU, ...";
- "one replica is 5 pipeline stages of 1 GPU over PCIe ..." (the pattern knew "of 2 GPUs");
- LoRA asked on weights no trainer trains ("weights fp8 asked: LoRA has no fp8 training
  path ...", sizing.training_weights);
- the memory no-match reason of a model each GPU runs whole ("memory: FLUX.1 [dev] needs
  16.3 GiB per GPU at nf4 (the whole pipeline at 1024x1024; ...)");
- an MoE trained data parallel ("Mixtral 8x7B is a mixture-of-experts model, sized here as
  data parallel training only ...", sizing.moe_training_warning).

Each is now read back and written from ``core_*`` messages of knowledge/messages/<lang>.toml;
the English messages write the core's text again word for word."""

from __future__ import annotations

import functools
import re
from typing import Any

import msgspec
import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.compose import AskRequest, AskResponse, answer
from service.domain.answer.core_warnings import localise
from service.domain.answer.localised import localise_recommendation
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from tests.unit.ask_fixtures import TODAY, catalog, knowledge

# English words no Romanian sentence uses (Romanian "are", "per", "cost", "din catalog", "spot"
# and "replica" are Romanian too, and left out)
_ENGLISH = re.compile(
    r"(?<![\w\-./'’])(the|and|with|offers?|prices?|for|of|is|not|no|on|at|to|from|month|hours|"
    r"cheapest|users?|only|which|fits|without|because|instead|listed|needs|would|asked|region|"
    r"than|none|this|that|there|when|where|each|costs|known|every|stages?|cannot|does|runs)"
    r"(?![\w\-/'’])")


def english_words(text: str) -> list[str]:
    """The English words of ``text`` outside what is quoted as written: URLs, titles in
    Romanian quotes, a source's own words ("sursa: ...")."""
    t = re.sub(r"https?://\S+", " ", text)
    t = re.sub(r"„[^”]*”", " ", t)
    t = re.sub(r"'[^']*'", " ", t)
    t = re.sub(r"\b(?:[Ss]ursa|[Ss]urse)\b:[^.;]*", " ", t)
    return _ENGLISH.findall(t)


def ask_ro(question: str) -> AskResponse:
    return answer(AskRequest(question=question, lang="ro"), knowledge(), catalog(), TODAY)


def said(r: AskResponse) -> list[str]:
    """What a reader of the answer reads: the answer, and each option's why and warnings."""
    out = [r.answer]
    for o in (r.numbers.recommendations if r.numbers is not None else []):
        out.append(o.why)
    return out


# Romanian questions whose answers kept English core text before this fix
QUESTIONS = [
    "Ce viteză are Llama 3.1 8B la int8 pe un B200?",
    "Cât costă FLUX dev în nf4 pe un P100?",
    "Cât costă FLUX dev în q4_k_m pe un V100 16GB?",
    "Cât costă Llama 3.1 70B la int8 cu SGLang pe B200?",
    "Cât costă Llama 3.1 70B la int8 pe GB200?",
    "Cât costă Llama 3.1 70B pe 5 RTX 4090?",
    "Cât costă Llama 3.1 8B la int8 pe B200 la 10 utilizatori?",
    "Cât costă Llama 3.1 8B la int8 pe B200?",
    "Cât costă Llama 3.1 8B la int8 pe B300?",
    "Cât costă Llama 3.1 8B în fp8 pe A10G cu TensorRT-LLM?",
    "Cât costă LoRA pentru Llama 3.1 8B în fp8 pe 10M de tokeni?",
    "Cât costă LoRA pentru Mixtral 8x7B în int8 pe 10M de tokeni pe H100?",
    "Cât costă Qwen2.5 7B la int8 pe B200?",
    "Cât costă fine-tuning LoRA pentru Llama 3.1 8B pe 10M de tokeni pe Gaudi 3?",
    "Cât costă fine-tuning LoRA pentru Llama 3.1 8B pe 10M de tokeni pe un TPU v5e?",
    "Cât costă fine-tuning LoRA pentru Llama 3.1 8B pe 10M de tokeni pe un TPU v6e?",
    "Cât costă fine-tuning complet pentru Mixtral 8x7B pe 100M de tokeni pe 8 H100?",
    "Cât costă fine-tuning pentru gpt-oss-120b în mxfp4 pe B200?",
    "Cât costă pe lună Llama 3.1 8B la int8 pe B200 pentru 20 de utilizatori?",
    "Cât durează 1000 de imagini SDXL pe un TPU v6e?",
    "Cât durează o imagine Flux dev pe Gaudi 3?",
    "Cât durează pre-antrenarea Mixtral 8x7B pe 10B de tokeni pe 16 H100?",
    "Cât durează pre-antrenarea unui model de 1B pe 10B de tokeni pe Gaudi 3?",
    "Cât durează pre-antrenarea unui model de 1B pe 10B de tokeni pe un TPU v5e?",
    "Cât durează pre-antrenarea unui model de 1B pe 10B de tokeni pe un TPU v5p?",
    "Cât durează transcrierea unei ore cu Whisper large-v3 pe Gaudi 2?",
    "Încape Llama 3.1 8B la int8 pe un B200?",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_romanian_answer_has_no_english_core_text(question: str) -> None:
    r = ask_ro(question)
    assert r.lang == "ro"
    for text in said(r):
        assert not english_words(text), (english_words(text), text)


# /v1/recommendations in lang ro: its warnings, rejected reasons, no-match reason and
# alternatives are Romanian
REQUESTS: list[dict[str, Any]] = [
    {"model": "llama-3.1-70b", "gpus": ["rtx-4090"], "top_n": 5},
    {"model": "mixtral-8x7b", "gpus": ["rtx-4090"]},
    {"model": "llama-3.1-8b", "weights": "int8", "gpus": ["b200"]},
    {"model": "sdxl", "max_seconds_per_image": 0.5},
    {"model": "flux-dev", "gpus": ["p100-pcie"], "weights": "bnb-nf4"},
    {"model": "mixtral-8x7b", "gpus": ["h100-sxm"], "weights": "int8", "workload": "finetune",
     "training_tokens": 10_000_000},
]


@functools.cache
def ro_recommendation(i: int) -> Recommendation:
    rec = recommend(msgspec.convert(REQUESTS[i], RecommendationRequest), catalog(), TODAY)
    return localise_recommendation(rec, shipped_messages(), "ro")


def rec_texts(rec: Recommendation) -> list[str]:
    out = [rec.reason or ""]
    for o in rec.options:
        out += [o.why, *o.warnings]
    out += [x.reason for x in rec.rejected]
    out += [t for a in rec.alternatives for t in (a.change, a.effect)]
    return out


@pytest.mark.parametrize("i", range(len(REQUESTS)))
def test_romanian_recommendation_has_no_english_core_text(i: int) -> None:
    for text in rec_texts(ro_recommendation(i)):
        assert not english_words(text), (REQUESTS[i], english_words(text), text)


def _flat(text: str) -> str:
    return text.replace("\xa0", " ")


def test_kernel_refusal_on_a_gpu_named_with_parentheses() -> None:
    got = _flat(ask_ro("Cât costă Llama 3.1 8B la int8 pe B200?").answer)
    assert ("nu poate rula int8 cu vllm: vllm nu poate rula int8 pe NVIDIA B200 180GB (HGX) "
            "(capabilitate de calcul 10.0): INT8 W8A8 (CUTLASS scaled_mm; de la Turing la "
            "Hopper, nu Blackwell; Google TPU):") in got, got
    got = _flat(ask_ro("Cât costă fine-tuning LoRA pentru Llama 3.1 8B pe 10M de tokeni pe un "
                       "TPU v6e?").answer)
    assert ("transformers nu rulează pe Google Cloud TPU v6e Trillium (per cip) (TPU v6e "
            "(Trillium)): rulează pe orice GPU NVIDIA, orice GPU AMD (ROCm), Xe (versiunile "
            "PyTorch pentru CUDA și ROCm; Gaudi/TPU cer alte stive (optimum-habana, "
            "torch_xla), nemodelate)") in got, got


def test_pipeline_of_single_gpu_stages() -> None:
    got = _flat(ask_ro("Cât costă Llama 3.1 70B pe 5 RTX 4090?").answer)
    assert ("O replică are 5 etape de pipeline a câte un GPU, legate prin PCIe: fiecare token "
            "trece prin toate etapele") in got, got


def test_lora_on_weights_no_trainer_trains() -> None:
    got = _flat(ask_ro("Cât costă LoRA pentru Llama 3.1 8B în fp8 pe 10M de tokeni?").answer)
    assert ("Greutăți fp8 cerute: LoRA nu are o cale de antrenare pentru fp8 în trainerele "
            "obișnuite, care încarcă un checkpoint fp8 decuantizat la bf16") in got, got
    assert "bf16, 16 biți pe greutate" in got, got


def test_memory_of_a_model_each_gpu_runs_whole() -> None:
    got = _flat(ask_ro("Cât costă FLUX dev în nf4 pe un P100?").answer)
    assert ("memoria: FLUX.1 [dev] are nevoie de 16,3 GiB pe GPU la nf4 (tot pipeline-ul la "
            "1024x1024; fiecare GPU rulează o copie întreagă, deci mai multe GPU-uri adaugă "
            "copii, nu memorie); NVIDIA Tesla P100 PCIe 16GB are 15,6 GiB utilizabili, 14,0 GiB "
            "cu marja de 10%; folosiți un GPU cu mai multă memorie") in got, got


def test_moe_training_warning() -> None:
    got = _flat(ask_ro("Cât durează pre-antrenarea Mixtral 8x7B pe 10B de tokeni pe 16 "
                       "H100?").answer)
    assert ("Mixtral 8x7B este un model mixture-of-experts, dimensionat aici doar pentru "
            "antrenare în paralelism de date (DDP sau ZeRO / FSDP: fiecare micro-batch mută "
            "greutățile tuturor celor 8 experți, deși fiecare token folosește 2)") in got, got


# the core's English texts of the five kinds, as it writes them: the English messages write
# each one again word for word
CORE_TEXTS = [
    "impossible combination: vllm cannot run int8 on NVIDIA B200 180GB (HGX) (compute "
    "capability 10.0): INT8 W8A8 (CUTLASS scaled_mm; Turing to Hopper, not Blackwell; Google "
    "TPU): NVIDIA compute capability >= 7.5 and < 10.0, TPU (rule vllm-int8-w8a8; source: "
    "https://docs.vllm.ai/en/latest/features/quantization/int8/); the nearest precision vllm "
    "runs on NVIDIA B200 180GB (HGX) is fp8",
    "one replica is 5 pipeline stages of 1 GPU over PCIe: each token passes every stage, so it "
    "decodes no faster than one stage group reading all the weights",
    "weights fp8 asked: LoRA has no fp8 training path in the usual trainers, which load a fp8 "
    "checkpoint dequantized to bf16 (transformers' FP8 and MXFP4 quantizers are not "
    "trainable), so the frozen base is sized at bf16, 16 bits per weight, as they hold it; "
    "method qlora keeps a 4-bit NF4 base instead",
    "memory: FLUX.1 [dev] needs 16.3 GiB per GPU at nf4 (the whole pipeline at 1024x1024; each "
    "GPU runs a whole copy, so more GPUs add copies, not memory); NVIDIA Tesla P100 PCIe 16GB "
    "has 15.6 GiB usable, 14.0 GiB with the 10% headroom",
    "Mixtral 8x7B is a mixture-of-experts model, sized here as data parallel training only "
    "(DDP or ZeRO / FSDP: every micro-batch moves the weights of all 8 experts although each "
    "token uses 2); expert parallelism (each GPU holding whole experts and exchanging only the "
    "routed tokens by all-to-all) is not modelled here; the time is an estimate, neither "
    "bound, at the dense model's MFU: pre-training stacks run grouped expert GEMMs with expert "
    "parallelism; for scale, DeepSeek-V3's report gives 2.664M H800 GPU-hours for its "
    "pre-training on 14.8T tokens with expert parallelism and FP8 (arXiv 2412.19437, Table 1)",
]


def _say(text: str, lang: str) -> str:
    m = shipped_messages()
    return localise(text, m.section(lang, "answer"), m.formatter(lang),
                    m.section(lang, "pricing"))


@pytest.mark.parametrize("text", CORE_TEXTS)
def test_core_text_is_romanian_and_english_word_for_word(text: str) -> None:
    assert _say(text, "en") == text
    ro = _say(text, "ro")
    assert ro != text and not english_words(ro), ro
