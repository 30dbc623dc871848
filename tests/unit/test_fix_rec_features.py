"""Recommendations: a deadline for a job, rejected reasons in Romanian, small unit costs.

1. A batch job had no way to state a deadline: POST /v1/recommendations {"model": "llama 3.1
   8b", "workload": "batch", "job_output_tokens": 1e9, ...} mixed 4.8 h, 93 h and 174 h runs
   at nearly the same price, and ``max_job_hours`` was refused as an unknown field.
2. With "lang": "ro" the rejected reasons stayed English, or came half Romanian ("preț
   suspect: on-demand $0.33/GPU-hour is 0.33x the median ...; include_suspect to rank it").
3. Whisper's why rounded its unit cost up ~40%: "$0.001 per audio hour" for 0.0007."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.answer.localised import localise_recommendation
from service.domain.errors import InvalidInput
from service.domain.recommend.context import unit_usd
from service.domain.recommend.pricing import deadline_reason, hours_words
from service.domain.recommend.types import RecommendationRequest
from tests.unit.rec_fixtures import fake, offer, real

# 8B in bf16 generates ~1e9 tokens in hours on an H100, days on a single RTX 4090
BATCH = {"model": "llama-3.1-8b", "workload": "batch", "job_output_tokens": 1e9,
         "context_tokens": 2048, "output_tokens": 512, "interruptible": False}
OFFERS = [offer("h100x8", "h100-sxm", 8, 24.0), offer("h100x1", "h100-sxm", 1, 3.0),
          offer("l4x1", "l4", 1, 0.5), offer("a10x1", "a10", 1, 0.6)]


# --- 1. max_job_hours ---------------------------------------------------------------------


def test_without_a_deadline_the_options_mix_hours_and_days() -> None:
    rec = fake(OFFERS, **BATCH)
    hours = [o.performance.job_hours or 0.0 for o in rec.options]
    assert min(hours) < 24 < max(hours), hours


def test_a_deadline_leaves_out_the_slower_options_with_their_time() -> None:
    # a batch job's slower offers are not left out: their requests split over more instances
    # that finish in time (test_fix_rec_plans); each option's job is within the deadline
    rec = fake(OFFERS, **BATCH, max_job_hours=24)
    assert rec.options, rec.reason
    assert all((o.performance.job_hours or 0.0) <= 24 for o in rec.options)
    assert any(o.nodes > 1 for o in rec.options), [o.nodes for o in rec.options]
    assert not [r for r in rec.rejected if r.reason.startswith("takes ")]
    said = {a.name: a for a in rec.assumptions}
    assert said["max_job_hours"].value == "24 h"


def test_no_option_in_time_says_the_fastest_time() -> None:
    free = fake(OFFERS, **BATCH)
    fastest = min(o.performance.job_hours or 0.0 for o in free.options)
    # past what 256 instances of the fastest offer finish in
    limit = fastest / 512
    rec = fake(OFFERS, **BATCH, max_job_hours=limit)
    assert rec.options == []
    assert rec.reason is not None
    assert rec.reason.startswith(
        f"the deadline: the fastest option that fits takes {hours_words(fastest / 256, limit)}"
        f" h, more than the {limit:g} h allowed (max_job_hours; 4 offers fit but take "
        "longer)"), rec.reason


def test_spot_is_used_only_where_its_restarts_fit_the_deadline() -> None:
    # on-demand dearer than spot; the job fits the deadline on-demand on one instance, not
    # with the 2.1 % of expected restarts: spot on two instances does, for less
    spot = [offer("h100x1", "h100-sxm", 1, 3.0, spot=1.0)]
    body = {**BATCH, "interruptible": True}
    hours = fake(spot, **body).options[0].performance.job_hours or 0.0
    rec = fake(spot, **body, max_job_hours=hours * 1.01)
    assert [(o.pricing_model, o.nodes) for o in rec.options] == [("spot", 2)]
    for o in rec.options:
        assert (o.performance.job_hours or 0.0) * (
            1 + (o.cost.expected_spot_overhead_pct or 0.0) / 100) <= hours * 1.01


@pytest.mark.parametrize(("body", "words"), [
    ({"model": "llama-3.1-8b", "max_job_hours": 24}, "serving runs for as long"),
    ({"model": "llama-3.1-8b", "workload": "batch", "max_job_hours": 24}, "job's size"),
])
def test_a_deadline_that_does_not_apply_is_refused(body: dict[str, object],
                                                   words: str) -> None:
    with pytest.raises(InvalidInput) as err:
        fake(OFFERS, **body)
    assert err.value.path == "$.max_job_hours"
    assert words in err.value.message


def test_the_deadline_is_validated() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"model": "llama-3.1-8b", "max_job_hours": 0}, RecommendationRequest)


def test_hours_are_never_said_equal_to_the_limit() -> None:
    assert deadline_reason(93.0094, 24) == "takes 93 h, more than the 24 h allowed (max_job_hours)"
    assert deadline_reason(24.04, 24).startswith("takes 24.04 h, more than the 24 h")
    assert deadline_reason(4.78, 2, spot=True) == (
        "takes 4.8 h with spot's expected restarts, more than the 2 h allowed (max_job_hours)")


# --- 2. rejected reasons and warnings in Romanian ------------------------------------------

MESSAGES = shipped_messages()
NBSP = "\u00a0"


def _ro(text: str) -> str:
    return localise(text, MESSAGES.section("ro", "answer"), MESSAGES.formatter("ro"),
                    MESSAGES.section("ro", "pricing")).replace(NBSP, " ")


# each kind of reason the recommender writes (pricing.py, options.py, plans.py,
# capability.py, alternatives.py), as it writes it, and its Romanian
REASONS = [
    # budget
    ("over budget by $2.50/h (10 instances of 4 x NVIDIA Tesla V100 SXM2 16GB: $5.50/h)",
     "peste buget cu 2,50 USD/oră (10 instanțe de 4 × NVIDIA Tesla V100 SXM2 16GB: "
     "5,50 USD/oră)"),
    ("over budget by $2,535/month (20 instances of 4 x NVIDIA A40 48GB: $4,035/month)",
     "peste buget cu 2.535 USD/lună (20 de instanțe de 4 × NVIDIA A40 48GB: 4.035 USD/lună)"),
    ("over budget by $37 ($42 in all)", "peste buget cu 37 USD (42 USD în total)"),
    # memory, serving and training
    ("needs 40.7 GiB for awq-int4 weights + KV cache + overhead; 1 x NVIDIA GeForce RTX 4090 "
     "24GB gives 21.6 GiB per GPU, 19.4 GiB with the 10% headroom",
     "are nevoie de 40,7 GiB pentru greutățile awq-int4 + cache-ul KV + overhead; 1 × NVIDIA "
     "GeForce RTX 4090 24GB oferă 21,6 GiB pe GPU, 19,4 GiB cu marja de 10%"),
    ("needs 283.1 GiB per GPU to train (full, ZeRO-3/FSDP over 24 GPUs); NVIDIA GeForce RTX "
     "4090 24GB has 23.5 GiB usable, 21.2 GiB with the 10% headroom",
     "are nevoie de 283,1 GiB pe GPU pentru antrenare (completă, ZeRO-3/FSDP pe 24 de GPU-uri); "
     "NVIDIA GeForce RTX 4090 24GB are 23,5 GiB utilizabili, 21,2 GiB cu marja de 10%"),
    # trust
    ("stale: price is 638 days old (as of 2025-03-07), older than the 90-day limit; "
     "include_stale to rank it",
     "preț vechi: prețul are 638 de zile (din 2025-03-07), peste limita de 90 de zile; "
     "include_stale îl include în clasament"),
    ("stale: reserved price $0.70/h is 101 days old (as of 2026-08-26), older than the "
     "90-day limit; include_stale to rank it",
     "preț vechi: prețul rezervat de 0,70 USD/oră are 101 zile (din 2026-08-26), peste "
     "limita de 90 de zile; include_stale îl include în clasament"),
    ("suspect price: on-demand $0.33/GPU-hour is 0.33x the median $1.00 of 4 providers' fresh "
     "on-demand prices for 4 x l40 (under 0.4x); include_suspect to rank it",
     "preț suspect: prețul la cerere de 0,33 USD/GPU-oră este de 0,33 ori mediana de 1,00 USD a "
     "prețurilor la cerere recente de la 4 furnizori pentru 4 x l40 (sub pragul de 0,4); "
     "include_suspect îl include în clasament"),
    ("only a spot price, and the workload is not interruptible",
     "are doar preț spot, iar sarcina nu poate fi întreruptă"),
    # targets: TTFT, decode speed, request rate
    ("misses the default time-to-first-token target for interactive serving: time to first "
     "token 2,119 ms > 2,000 ms with 1 concurrent request per replica (awq-int4 weights, one "
     "GPU each); set max_time_to_first_token_ms to change it",
     "ratează ținta implicită de timp până la primul token pentru servirea interactivă: "
     "primul token după 2.119 ms > 2.000 ms cu 1 cerere simultană pe replică (greutăți "
     "awq-int4, câte un GPU); setați max_time_to_first_token_ms pentru a o schimba"),
    ("misses the latency target: 52 tokens/s per user < 60 with 24 concurrent requests per "
     "replica (fp8 weights, tensor parallel 4 x pipeline 2)",
     "ratează ținta de latență: 52 de tokeni/s per utilizator < 60 cu 24 de cereri simultane "
     "pe replică (greutăți fp8, paralelism tensorial 4 × pipeline 2)"),
    ("misses the request-rate target: 50 requests/s would need more than 256 replicas of 1 x "
     "NVIDIA T4 16GB",
     "ratează ținta de rată a cererilor: 50 de cereri/s ar avea nevoie de mai mult de 256 de "
     "replici de 1 × NVIDIA T4 16GB"),
    # the deadline, and a filter (regions) that left nothing
    ("takes 93 h, more than the 24 h allowed (max_job_hours)",
     "durează 93 h, peste limita de 24 h (max_job_hours)"),
    ("no offer in the catalog matches the filters (providers, GPUs named, regions, GPUs per "
     "node); relax them",
     "nicio ofertă din catalog nu se potrivește filtrelor (furnizori, GPU-uri numite, "
     "regiuni, GPU-uri pe nod); relaxați-le"),
    # the node network
    ("multi-node training needs a fast node network: 64 nodes of 1 x NVIDIA H200 SXM 141GB, "
     "and h200x1 states no InfiniBand/EFA/RoCE network (gradient sync would crawl)",
     "antrenarea pe mai multe noduri cere o rețea rapidă între noduri: 64 de noduri de 1 × "
     "NVIDIA H200 SXM 141GB, iar h200x1 nu declară o rețea InfiniBand/EFA/RoCE "
     "(sincronizarea gradienților s-ar târî)"),
    # an option's warning: a weight-only kernel
    ("weight-only fp8: vllm runs fp8 on NVIDIA GeForce RTX 3090 24GB as FP8-Marlin "
     "weight-only W8A16 (FP8 weights dequantized, matmuls in 16-bit) (matmuls in fp16) (rule "
     "vllm-fp8-marlin); the weights take fp8's memory, the matmuls run at fp16 speed, with no "
     "FP8 tensor-core speed-up",
     "fp8 doar pentru greutăți: vllm rulează fp8 pe NVIDIA GeForce RTX 3090 24GB ca "
     "FP8-Marlin doar pentru greutăți, W8A16 (greutăți FP8 decuantizate, înmulțiri de matrice "
     "pe 16 biți) (înmulțiri de matrice în fp16) (regula vllm-fp8-marlin); greutățile ocupă "
     "memoria lui fp8, înmulțirile de matrice rulează la viteza fp16, fără accelerarea "
     "nucleelor tensoriale FP8"),
]


@pytest.mark.parametrize(("english", "romanian"), REASONS)
def test_each_kind_of_reason_in_romanian(english: str, romanian: str) -> None:
    assert _ro(english) == romanian


def test_a_kernel_refusal_in_romanian() -> None:
    said = _ro("cannot run bf16 with vllm: vllm does not run on NVIDIA Tesla P100 PCIe 16GB "
               "(compute capability 6.0): it runs on NVIDIA compute capability >= 7.0 (CUDA "
               "from compute capability 7.0) (rule platform:vllm; https://docs.vllm.ai/x (GPU: "
               "compute capability 7.0 or higher)); nearest that runs there: fp16")
    assert said.startswith("nu poate rula bf16 cu vllm: vllm nu rulează pe NVIDIA Tesla P100 "
                           "PCIe 16GB (capabilitate de calcul 6.0)"), said
    # the source's URL alone: its English note is left out in Romanian (task leftovers)
    assert said.endswith("(regula platform:vllm; sursa: https://docs.vllm.ai/x); cea mai "
                         "apropiată care rulează acolo: fp16"), said


# English a Romanian reason may not keep (the sources a kernel refusal quotes are kept)
ENGLISH = ("over budget", "needs ", "misses", "include_suspect to rank", "include_stale to rank",
           "GPU-hour", "days old", "only a spot", "takes ", " per replica", "gives ")


def test_the_reported_request_has_every_reason_in_romanian() -> None:
    req = msgspec.convert({"model": "llama 3.1 70b", "concurrent_requests": 10, "lang": "ro",
                           "max_usd_per_hour": 3}, RecommendationRequest)
    from service.domain.recommend.recommend import recommend
    from tests.unit.rec_fixtures import TODAY, shipped
    rec = localise_recommendation(recommend(req, shipped(), TODAY), MESSAGES, "ro")
    assert rec.rejected
    for r in rec.rejected:
        head = r.reason.split(" (regula ")[0]
        assert not any(w in head for w in ENGLISH), r.reason
    for o in rec.options:
        for w in o.warnings:
            assert not any(x in w for x in ENGLISH), w


# --- 3. unit costs below a cent -------------------------------------------------------------


@pytest.mark.parametrize(("amount", "digits", "said"), [
    (0.0007020342, 3, "$0.0007"), (0.0017, 3, "$0.0017"), (0.00098284, 3, "$0.00098"),
    (0.0123, 3, "$0.012"), (1.5, 3, "$1.500"), (0.0021, 4, "$0.0021"), (0.00004, 4, "$0.00004"),
])
def test_unit_usd(amount: float, digits: int, said: str) -> None:
    assert unit_usd(amount, digits) == said


def test_whisper_why_keeps_the_unit_cost() -> None:
    rec = real(model="whisper-large-v3", workload="batch", job_audio_hours=1000)
    shown = 0
    for o in rec.options:
        cost = o.cost.per_audio_hour_usd
        assert cost is not None
        m = re.search(r"\(\$(\d+\.\d+) per audio hour\)", o.why)
        assert m is not None, o.why
        # two significant figures below a cent: within 10 %, never rounded up 40 %
        assert abs(float(m.group(1)) - cost) <= 0.1 * cost, (m.group(1), cost)
        shown += cost < 0.01
    assert shown, "no option below a cent an audio hour"
