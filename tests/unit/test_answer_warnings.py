"""The core's warnings in the answer's language (service.domain.answer.core_warnings): each known
warning of sizing and recommendations is written again from the messages, with numbers in the
language's format; English comes back word for word (digits grouped as the messages group
them); an unknown warning stays as it is."""

from __future__ import annotations

import datetime as dt
import functools

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.paths import default_data_dir

TODAY = dt.date(2026, 12, 1)


@functools.cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def plain(text: str) -> str:
    """Without thousands separators: the messages group digits ("1,234 days"), the core does
    not ("1234 days")."""
    return text.replace(",", "")


def say(text: str, lang: str) -> str:
    m = shipped_messages()
    return localise(text, m.section(lang, "answer"), m.formatter(lang), m.section(lang, "pricing"))


# Written as service/domain/recommend/options.py and catalog/trust.py write them.
SAMPLES = [
    ("thin margin: 32.2 tokens/s per user against the 30 tokens/s target; in 1 of 5 measured "
     "runs (vLLM, dense models, 267 rows) decoding was more than 12 % slower than this model, "
     "which would miss the target: measure before committing",
     "marjă mică: 32,2 tokeni/s per utilizator față de ținta de 30 de tokeni/s; în 1 din 5 "
     "rulări măsurate (vLLM, modele dense, 267 de rânduri) decodarea a fost cu peste 12 % mai "
     "lentă"),
    ("thin margin: 30.5 tokens/s per user against the 30 tokens/s target; in 1 of 5 measured "
     "runs (every engine measured, MoE models, 369 rows) decoding was more than 34 % slower "
     "than this model, which would miss the target: measure before committing",
     "(toate motoarele măsurate, modele MoE, 369 de rânduri)"),
    ("thin margin: time to first token 1,710 ms against the 2,000 ms target; in 1 of 5 measured "
     "runs (TensorRT-LLM, all models, 620 rows) it was more than 73 % longer than this model, "
     "which would miss the target: measure before committing",
     "marjă mică: primul token după 1.710 ms față de ținta de 2.000 ms"),
    ("thin margin: time to first token 700 ms against the 800 ms target; in 1 of 5 measured "
     "runs (every engine measured, dense models, 819 rows) it was more than 37 % longer than "
     "this model, which would miss the target: measure before committing",
     "(toate motoarele măsurate, modele dense, 819 rânduri) a durat cu peste 37 % mai mult"),
    ("spot on an endpoint: an interruption takes it down",
     "spot pentru un endpoint: o întrerupere îl scoate din funcțiune"),
    ("long run: ask the provider for reserved/committed pricing (none published in the catalog "
     "for this offer)", "rulare lungă: cereți furnizorului"),
    ("lium: billing granularity unknown; billed per hour here",
     "lium: granularitatea facturării este necunoscută; aici este socotită pe oră"),
    (f"storage price unknown for vast: counted at ${0.1862645149230957:.3g}/GB-month, the highest "
     "sourced rate", "socotit la 0,186\u00a0USD/GB-lună"),
    (f"egress price unknown for cudo: counted at ${0.09:.3g}/GB, the highest sourced rate",
     "socotit la 0,09\u00a0USD/GB"),
    (f"oci BM.GPU.H100.8: {3600 / 3600:g}-hour minimum charge per start",
     "oci BM.GPU.H100.8: taxă minimă de 1 h"),
    (f"time to first token about {12345 / 1000:,.1f} s at this context: too slow for interactive "
     "use; a faster GPU, fewer GPUs per split or a shorter prompt shortens it",
     "aproximativ 12,3 s la acest context"),
    (f"headroom under 10% ({4.25:.1f}%): little room for longer prompts or fragmentation",
     "rezervă sub 10% (4,2%)"),
    ("tensor parallel over 4 GPUs on PCIe only: slower than NVLink; consider pipeline split or a "
     "larger GPU", "paralelism tensorial pe 4 GPU-uri doar prin PCIe"),
    ("GPU interconnect not stated; a tensor-parallel split needs NVLink",
     "interconectarea GPU-urilor nu este declarată"),
    ("multi-node training without a stated InfiniBand/EFA/RoCE network: gradient sync will be "
     "slow", "antrenare pe mai multe noduri"),
    ("one replica spans 2 nodes (ethernet network): pipeline stages pass activations between "
     "nodes every step", "o replică se întinde pe 2 noduri (rețea ethernet)"),
    ("price is 1234 days old (as of 2023-07-16), older than the 90-day limit",
     "prețul are 1.234 de zile (din 2023-07-16), peste limita de 90 de zile"),
    ("price date unknown: the source gives none; no later than 2026-09-30",
     "data prețului este necunoscută: sursa nu o dă; cel târziu 2026-09-30"),
    ("suspect price: the source cautions: community cloud, hosts vary",
     "preț suspect: sursa avertizează: community cloud, hosts vary"),
    (f"suspect price: a price of exactly ${9999.0:.2f}/h, a placeholder value",
     "preț suspect: un preț de exact 9.999,00\u00a0USD/oră"),
    ("suspect price: a price under $0.01/GPU-hour, a placeholder value",
     "preț suspect: un preț sub 0,01\u00a0USD/GPU-oră"),
    (f"suspect price: spot ${2.5:.2f}/h is not below on-demand ${2.0:.2f}/h",
     "prețul spot de 2,50\u00a0USD/oră nu este sub prețul la cerere de 2,00\u00a0USD/oră"),
    (f"suspect price: on-demand ${0.2:.2f}/GPU-hour is {0.081:.2f}x the median ${2.47:.2f} of 7 "
     "providers' fresh on-demand prices for 8 x h100-sxm (under 0.25x)",
     "este de 0,08 ori mediana de 2,47\u00a0USD a prețurilor la cerere recente de la 7 furnizori "
     "pentru 8 x h100-sxm (sub pragul de 0,25)"),
    (f"suspect price: reserved ${9.5:.2f}/GPU-hour is {4.12:.2f}x the median ${2.31:.2f} of "
     "aws's own 5 fresh reserved prices for a100-sxm-80gb (any count) (above 4.0x)",
     "a celor 5 prețuri recente de același tip ale lui aws însuși pentru a100-sxm-80gb (oricâte) "
     "(peste pragul de 4,0)"),
]


@pytest.mark.parametrize(("core", "ro"), SAMPLES)
def test_known_warnings_in_romanian_and_unchanged_in_english(core: str, ro: str) -> None:
    assert plain(say(core, "en")) == plain(core)
    got = say(core, "ro")
    assert ro in got, got


def test_an_unknown_warning_stays_as_the_core_wrote_it() -> None:
    text = "something new the core says about 1,234.5 GiB"
    assert say(text, "ro") == text
    assert say("suspect price: a reason nobody has written yet", "ro") == (
        "preț suspect: a reason nobody has written yet")


@pytest.mark.parametrize(("request_", "frame"), [
    ({"model": "llama-3.1-8b", "weights": "bf16", "gpu": "v100-sxm2-16gb"},
     "combinație imposibilă: vllm nu poate rula bf16 pe NVIDIA Tesla V100 SXM2 16GB"),
    ({"model": "whisper-large-v3-turbo", "gpu": "t4"},
     "greutățile bf16 (precizia la care ar fi fost dimensionat altfel) nu pot rula aici: "),
    ({"model": "llama-3.1-8b", "weights": "fp8", "gpu": "t4"},
     "cea mai apropiată precizie pe care vllm o rulează pe NVIDIA T4 16GB este int8"),
])
def test_kernel_warnings_of_real_sizings(request_: dict[str, str], frame: str) -> None:
    r = size(msgspec.convert(request_, SizingRequest), catalog())
    assert r.warnings
    for w in r.warnings:
        assert plain(say(w, "en")) == plain(w)
    assert any(frame in say(w, "ro") for w in r.warnings), [say(w, "ro") for w in r.warnings]


def test_every_warning_of_real_recommendations_is_known() -> None:
    """A new or reworded warning in service/domain/recommend needs its core_* message."""
    seen: set[str] = set()
    for req in ({"model": "llama-3.1-8b", "concurrent_requests": 300},
                {"model": "deepseek-r1", "weights": "auto"},
                {"model": "qwen2.5-14b", "max_usd_per_hour": 1.0},
                {"model": "mixtral-8x22b", "concurrent_requests": 300},
                {"model": "llama-3.1-70b", "workload": "finetune"}):
        rec = recommend(msgspec.convert({"top_n": 5, **req}, RecommendationRequest), catalog(),
                        TODAY, explain=False)
        for o in rec.options:
            seen.update(o.warnings)
    assert seen
    unknown = [w for w in seen if say(w, "ro") == w]
    assert not unknown
    assert all(plain(say(w, "en")) == plain(w) for w in seen)


SIZING_AND_NEW = [
    ("201,000 tokens of context is more than the model supports (131,072): engines refuse "
     "longer requests (vLLM's max_model_len) and quality past the trained length is not "
     "assured; the figures are for the context asked", "un context de 201.000 de tokeni"),
    ("context 200,000 tokens is over Meta Llama 3.1 8B's max_context of 131,072: the model was "
     "not trained for a context this long; quality past it is not assured and engines refuse "
     "longer prompts unless RoPE scaling is extended", "depășește max_context al Meta Llama"),
    ("the job takes ~128 days (3,081 h) on this option, over 30 days: more GPUs finish sooner "
     "(see the alternatives)", "lucrarea durează ~128 de zile"),
    ("50 requests/s is more than this setup serves (5.05 requests/s): the queue grows without "
     "bound, so no time to first token is given and the figures are at capacity; about 10 such "
     "setups carry it", "5,05 cereri/s"),
    ("does not fit: 36.6 GiB per GPU at bf16 where NVIDIA GeForce RTX 4090 24GB gives 23.5 GiB; "
     "fp8 weights need 20.9 GiB per GPU and fit, quality: near-lossless (typically <1% on "
     "benchmarks); fits_on lists the GPUs that hold it as asked; or let diffusers keep one "
     "component on the GPU at a time (enable_model_cpu_offload), slower by the transfers",
     "nu încape: 36,6 GiB pe GPU"),
    ("does not fit: 133.4 GiB per GPU at bf16 where NVIDIA GeForce RTX 4090 24GB gives 21.6 GiB "
     "nor at fp8, int8, awq-int4 on this many GPUs; fits_on lists the GPUs that hold it",
     ", nici la fp8, int8, awq-int4"),
]


@pytest.mark.parametrize(("core", "ro"), SIZING_AND_NEW)
def test_sizing_and_job_warnings_in_romanian(core: str, ro: str) -> None:
    assert ro in say(core, "ro"), say(core, "ro")
    assert plain(say(core, "en")) == plain(core)


def test_every_warning_of_real_sizings_is_known() -> None:
    """Sizing's warnings (a context over the limit, what would fit, an overloaded open loop,
    tensor parallel past a PCIe bridge) have their core_* messages."""
    seen: set[str] = set()
    for req in ({"model": "llama-3.1-8b", "gpu": "h200-sxm", "input_tokens": 200_000},
                {"model": "flux.1-dev", "gpu": "rtx-4090"},
                {"model": "llama-3.1-70b", "gpu": "rtx-4090"},
                {"model": "llama-3.1-70b", "gpu": "h100-sxm", "weights": "bf16"},
                {"model": "llama-3.1-70b", "weights": "bf16", "gpu": "h100-sxm", "gpu_count": 4,
                 "request_rate_per_s": 50},
                {"model": "llama-3.1-70b", "weights": "bf16", "gpu": "a100-pcie-80gb",
                 "gpu_count": 8, "parallelism": {"tensor": 8}}):
        seen.update(size(msgspec.convert(req, SizingRequest), catalog()).warnings)
    assert len(seen) >= 6
    unknown = [w for w in seen if say(w, "ro") == w]
    assert not unknown
    assert all(plain(say(w, "en")) == plain(w) for w in seen)
