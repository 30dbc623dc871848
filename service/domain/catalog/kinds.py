"""What kind of model a name says it is ("XTTS v2": text to speech, "e5-large": an
embedder), and the catalog's models of that kind: the unknown-model answer of /v1/ask names
them (``answer.understand``), and so do the suggestions of an unknown model's 404/422
(:meth:`Registry.suggest_models`), never a model of another kind that is merely spelt alike
("xtts v2" was offered deepseek-v2 and sd-2.1)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from service.domain.catalog.models import ModelEntry

CLOSED: tuple[tuple[re.Pattern[str], str], ...] = (
    # image and video generators whose makers publish no weights: used only through their
    # own apps and APIs (openai.com/sora and platform.openai.com/docs/models: Sora, DALL-E;
    # klingai.com: Kling, Kuaishou's; docs.midjourney.com: Midjourney, a Discord and web
    # service; cloud.google.com/vertex-ai/generative-ai/docs/models: Imagen and Veo;
    # runwayml.com: Gen-3/Gen-4; pika.art; lumalabs.ai: Dream Machine; firefly.adobe.com),
    # so no GPU can be rented to run them. They were answered with an LLM rule of thumb and
    # "e.g. Llama 3.1 8B" (audit buyer30b #9)
    (re.compile(r"(?<!open[- ])(?<!open)\bsora(?:[- ]?\d)?+(?:\s++(?:turbo|pro))?+\b"
                r"(?!\s++(?:mea|ta|lui|ei|sa|noastra|voastra)\b)"), "video"),
    (re.compile(r"\bkling(?:[- ]?ai)?+(?:\s++v?\d++(?:\.\d++)?+)?+\b"), "video"),
    (re.compile(r"\b(?:google\s++)?veo(?:[- ]?\d++(?:\.\d++)?+)\b"), "video"),
    (re.compile(r"\brunway(?:ml)?+(?:\s++gen[- ]?\d++(?:\.\d++)?+(?:\s++(?:alpha|turbo))?+)\b"),
     "video"),
    (re.compile(r"\b(?:luma\s++)?dream\s++machine\b|\bpika(?:\s++labs|[- ]?\d(?:\.\d)?+)\b"),
     "video"),
    (re.compile(r"\bmidjourney(?:\s++v?\d++(?:\.\d++)?+)?+\b"), "image"),
    (re.compile(r"\bdall[- ]?e(?:[- ]?\d)?+\b"), "image"),
    (re.compile(r"\b(?:google\s++)?imagen[- ]?\d++\b|\b(?:adobe\s++)?firefly(?:\s++image)?+"
                r"(?:\s++\d)?+\b(?=.{0,40}?\b(?:vram|gpu|memor|run|host|self))"), "image"),
)
"""Image and video generators whose weights are not published (hosted by their makers
only): named in a question, they are said closed, with the catalog's open models of the
same kind, never sized as another model."""


def closed_name(name: str) -> bool:
    """Whether ``name`` (as a question wrote it) is one of the closed models of
    :data:`CLOSED`."""
    low = name.lower()
    return any(rx.search(low) is not None for rx, _ in CLOSED)


UNCATALOGUED: tuple[tuple[re.Pattern[str], str], ...] = (
    # vision-language models: a vision tower and image tokens the catalog does not size (the
    # text backbone alone is another model: Qwen2-VL-7B was sized as Mistral 7B)
    (re.compile(r"\bqwen\s*+\d(?:\.\d)?+[- ]?vl\b[\w.-]*+(?:\s++\d++(?:\.\d++)?b\b)?"), "vlm"),
    (re.compile(r"\bllava\b[\w.-]*+(?:\s++(?:v?\d(?:\.\d)?+|next|onevision))?"
                r"(?:\s++\d++(?:\.\d++)?b\b)?"), "vlm"),
    (re.compile(r"\bpixtral\b[\w.-]*+(?:\s++(?:large|\d++(?:\.\d++)?b)\b)?"), "vlm"),
    (re.compile(r"\binternvl\d*+(?:\.\d)?+\b[\w.-]*+(?:\s++\d++(?:\.\d++)?b\b)?"), "vlm"),
    (re.compile(r"\b(?:minicpm-v|molmo|idefics\d*+|paligemma\d*+)\b[\w.-]*+"
                r"(?:\s++\d++(?:\.\d++)?b\b)?"), "vlm"),
    # vision models read for OCR and captions (Florence-2 was answered with a guidance
    # passage alone, audit regress2 #11): image in, text out, as the VLMs above
    (re.compile(r"\b(?:florence[- ]?\d++|got-ocr\d*+(?:\.\d)?+|nougat|trocr)\b[\w.-]*+"
                r"(?:\s++(?:base|large))?"), "vlm"),
    # text-to-speech models the catalog has no entry for (its only one is Bark: "Kokoro TTS"
    # was answered as Bark, "the question names none")
    # (written with a space too: "Parler TTS" was answered as Bark, audit regress2 #11)
    (re.compile(r"\b(?:kokoro|xtts|coqui|f5[- ]tts|styletts\d*+|parler[- ]tts|fish[- ]speech"
                r"|orpheus|chatterbox|melotts|tortoise[- ]tts)\b[\w.-]*+"
                r"(?:\s++v\d++(?:\.\d++)?\b)?"), "tts"),
    # embedding models the catalog has no entry for (no number was given, and no reason)
    (re.compile(r"\b(?:nomic-embed|jina-embeddings|mxbai-embed|multilingual-e5|e5-large"
                r"|e5-base|all-minilm|all-mpnet|gte-base|gte-small|gte-qwen\d*+)"
                r"\b[\w.-]*+"), "embed"),
    # speech recognition models other than Whisper's
    (re.compile(r"\b(?:parakeet|canary-1b|wav2vec\d*+|seamless-?m4t)\b[\w.-]*+"), "asr"),
    # video generators the catalog has no entry for: "Stable Video Diffusion" matched no
    # catalog name (nor Stable Diffusion's), so it was answered with a guidance passage alone
    # and no reason (audit round 22, unknownmodel)
    (re.compile(r"\b(?:stable[- ]video[- ]diffusion|svd)(?:[- ]xt)?+\b[\w.-]*+"
                r"(?:\s++\d\.\d\b)?"), "video"),
    (re.compile(r"\b(?:animatediff|open[- ]?sora(?:[- ]plan)?+|zeroscope|pyramid[- ]flow"
                r"|i2vgen-xl|videocrafter\d*+|step-?video|skyreels)\b[\w.-]*+"
                r"(?:\s++v?\d++(?:\.\d++)?+\b)?"), "video"),
    # image generators the catalog has no entry for ("Playground v2.5", "Kandinsky 3": a
    # guidance passage alone, the same round)
    (re.compile(r"\b(?:playground[- ]?v\d(?:\.\d)?+|kandinsky(?:[- ]v?[23](?:\.\d)?+\b)?+"
                r"|deepfloyd(?:[- ]if)?+|stable[- ]cascade|w(?:ue|u)rstchen|hunyuan-?dit|kolors"
                r"|lumina(?:-next|-image)?+|auraflow|hidream)\b[\w.-]*+"), "image"),
    # closed-weight generators (:data:`CLOSED`): after the open ones above ("Open-Sora" is
    # open), said closed with the catalog's open models of their kind
    *((rx, kind) for rx, kind in CLOSED),
    # language models the catalog has no entry for ("Grok 1", "Jamba 1.5 Mini": a guidance
    # passage alone, audit round 23, unknownllm); said unknown only where the question gives
    # no size (a size given is sized as a catalog model of about that size, the assumption
    # said: "Vicuna 13B")
    (re.compile(r"\b(?:grok|jamba|vicuna|zephyr|rwkv|exaone|bloomz?+)\b[\w.-]*+"
                r"(?:\s++v?\d++(?:\.\d++)?+\b)?+(?:\s++(?:mini|large|small|instruct|chat)\b)?+"),
     "llm"),
)
"""Well-known models the catalog has no entry for, by what they do: named in a question, they
are said unknown with the catalog's models that do the same (as /v1/sizing's 404 does), never
answered as a different model (a size alone, the text-to-speech or transcription default)."""


_KIND_WORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"whisper|\basr\b|speech[- ]?to[- ]?text|\bstt\b|transcri"), "asr"),
    (re.compile(r"tts|text[- ]?to[- ]?speech|voice|speech"), "tts"),
    (re.compile(r"video|\bt2v\b|\bi2v\b"), "video"),
    (re.compile(r"image|\bimg\b|diffusion|\bsd(?![a-z])|sdxl|flux|\bt2i\b|txt2img"), "image"),
    (re.compile(r"embed|\be5\b|\bbge\b|\bgte\b|minilm|mpnet|sentence"), "embed"),
)
"""Words of a model's name that say what it does, where no model of :data:`UNCATALOGUED` is
named: speech recognition ("whisper", "speech-to-text") before speech ("tts", "voice",
"speech"), video before image ("stable video diffusion"), embedders ("embed", "e5", "bge")."""


def kind_of_name(name: str) -> str | None:
    """The kind of model ``name`` says it is, as :func:`models_like` reads it ("tts", "asr",
    "image", "video", "embed", "vlm"), or None where it says none (a language model's name:
    "lama 3 8b", "Grok 1")."""
    low = name.lower()
    for rx, kind in UNCATALOGUED:
        if kind != "llm" and rx.search(low) is not None:
            return kind
    for rx, kind in _KIND_WORDS:
        if rx.search(low) is not None:
            return kind
    return None


def models_like(models: Iterable[ModelEntry], kind: str) -> list[ModelEntry]:
    """The catalog's models that do what an uncatalogued one of ``kind`` does."""
    def fits(m: ModelEntry) -> bool:
        a = m.architecture
        if kind == "vlm":
            return a is not None and (a.vision_params > 0 or a.cross_attention_layers > 0)
        if kind == "tts":
            return m.kind == "audio" and m.family == "bark"
        if kind == "asr":
            return m.kind == "audio" and m.family == "whisper"
        if kind in ("video", "image"):
            return m.kind == "diffusion" and m.modality == kind
        return m.task == "embed"
    return [m for m in models if fits(m)]


def models_near(models: Iterable[ModelEntry], kind: str) -> list[ModelEntry]:
    """The catalog's models of the broader kind of ``kind``, where :func:`models_like` finds
    too few: audio models for speech ("tts": the catalog's only one is Bark, then the models
that make music and sound, not Whisper's, which transcribe), diffusion models
    for images and video, embedders for embedders; none beyond the vision models."""
    def fits(m: ModelEntry) -> bool:
        if kind == "tts":  # audio made, not transcribed: Whisper's models hear speech
            return m.kind == "audio" and m.family != "whisper"
        if kind == "asr":
            return m.kind == "audio"
        if kind in ("video", "image"):
            return m.kind == "diffusion"
        return kind == "embed" and m.task == "embed"
    return [m for m in models if fits(m)]
