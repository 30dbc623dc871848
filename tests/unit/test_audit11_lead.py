"""Audit 11, the lead's items: a video model's sizing is priced per clip (its images_per_s
counts clips, so a price per 1,000 "images" read as nonsense), and "is NVLink needed to run
<model> on N GPUs?" answers with the memory per GPU and the same chip's speed on each link."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.answer.numbers.counts import LINK_PAIR
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def test_a_video_model_is_priced_per_clip_not_per_thousand_images() -> None:
    r = _size(model="wan-2.1-14b", gpu="h100-sxm", price_per_gpu_hour_usd=2.5)
    assert r.cost is not None and r.performance is not None
    sec = r.performance.seconds_per_video
    assert sec is not None and sec > 60
    assert r.cost.per_thousand_images_usd is None
    assert r.cost.per_video_usd == pytest.approx(2.5 / 3600 * sec, rel=1e-9)


def test_an_image_model_keeps_its_price_per_thousand_images() -> None:
    r = _size(model="sdxl", gpu="h100-sxm", price_per_gpu_hour_usd=2.5)
    assert r.cost is not None and r.performance is not None
    assert r.cost.per_video_usd is None
    assert r.performance.seconds_per_image is not None
    assert r.cost.per_thousand_images_usd == pytest.approx(
        2.5 / 3600 * r.performance.seconds_per_image * 1000, rel=1e-6)


@pytest.mark.parametrize(("question", "lang"), [
    ("Is NVLink needed to run Llama 3.1 70B on 4 GPUs?", "en"),
    ("E nevoie de NVLink ca să rulez Llama 3.1 70B pe 4 GPU-uri?", "ro"),
])
def test_nvlink_for_a_split_answers_with_the_memory_and_each_links_speed(
        question: str, lang: str) -> None:
    r = ask(question)
    # the default 4,096 tokens of context, 512 of them output
    core = [_size(model="llama-3.1-70b", gpu=g, gpu_count=4, input_tokens=4096 - 512,
                  output_tokens=512) for g in LINK_PAIR]
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_gpu_gib", "GiB")
    assert value == pytest.approx(core[0].memory.per_gpu_gib)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is False
    first = first_sentence(r)
    gib = f"{value:.1f}" if lang == "en" else f"{value:.1f}".replace(".", ",")
    assert gib in first
    assert first.startswith("No," if lang == "en" else "Nu,")
    speeds = [c.performance.decode_tokens_per_s for c in core if c.performance is not None]
    assert len(speeds) == 2 and speeds[1] < speeds[0]  # PCIe decodes slower than NVLink
    for tps in speeds:
        text = f"{tps:.1f}" if lang == "en" else f"{tps:.1f}".replace(".", ",")
        assert text in r.answer


def test_a_batch_jobs_hours_rest_on_sizings_speed_at_its_concurrency() -> None:
    """The job's output rate is each replica saturated at the requests in flight its memory
    holds (max_concurrency), timed as /v1/sizing times that load (the measured curves): it
    was the datasheet-curve model at the engine's full admission, 5-10 % off sizing."""
    import datetime as dt

    from service.domain.recommend.recommend import recommend
    from service.domain.recommend.types import RecommendationRequest

    req = msgspec.convert({"model": "llama-3.1-8b", "workload": "batch", "weights": "bf16",
                           "context_tokens": 2560, "output_tokens": 512,
                           "job_output_tokens": 1e8, "top_n": 3}, RecommendationRequest)
    rec = recommend(req, catalog(), dt.date(2026, 12, 4), explain=False)
    assert rec.options
    for o in rec.options:
        perf = o.performance
        assert perf.max_concurrency and perf.output_tokens_per_s_total and perf.job_hours
        assert "pipeline" not in o.fit.parallelism
        t = o.fit.gpus_per_replica
        replicas = o.nodes * o.offer.gpu_count // t
        per_replica = perf.max_concurrency // replicas
        s = _size(model="llama-3.1-8b", weights="bf16", gpu=o.offer.gpu, gpu_count=t,
                  parallelism={"tensor": t, "pipeline": 1, "data": 1},
                  batch_size=per_replica, input_tokens=2048, output_tokens=512)
        assert s.performance is not None and s.performance.output_tokens_per_s
        assert perf.output_tokens_per_s_total == pytest.approx(
            s.performance.output_tokens_per_s * replicas, rel=1e-6)
        assert perf.job_hours == pytest.approx(
            1e8 / perf.output_tokens_per_s_total / 3600, rel=1e-6)


@pytest.mark.parametrize(("budget", "unit_en", "unit_ro"), [
    ({"max_usd_per_month": 50}, "/month", "/lună"),
    ({"max_usd_per_hour": 0.05}, "/h", "/oră"),
])
def test_the_budget_no_match_reason_in_romanian(budget: dict[str, float], unit_en: str,
                                                unit_ro: str) -> None:
    """The no-match reason of a budget nothing meets, in the answer's language (the web page
    showed 'nicio ofertă nu se potrivește: the budget: the cheapest option ...')."""
    import datetime as dt

    from service.adapters.messages_files import shipped_messages
    from service.domain.answer.core_warnings import localise
    from service.domain.recommend.recommend import recommend
    from service.domain.recommend.types import RecommendationRequest

    req = msgspec.convert({"model": "llama-3.1-70b", "workload": "serving", **budget},
                          RecommendationRequest)
    rec = recommend(req, catalog(), dt.date(2026, 12, 4), explain=False)
    assert not rec.options and rec.reason and rec.reason.startswith("the budget:")
    assert unit_en in rec.reason
    msgs = shipped_messages()
    for lang in ("en", "ro"):
        t = msgs.section(lang, "answer")
        got = localise(rec.reason, t, msgs.formatter(lang), msgs.section(lang, "pricing"))
        if lang == "en":
            assert got == rec.reason  # English comes back word for word
        else:
            assert got.startswith("bugetul: cea mai ieftină opțiune")
            assert unit_ro in got and "USD" in got
            assert "the budget" not in got and "over your" not in got


def test_gpu_to_gpu_bandwidth_is_the_interconnect_question() -> None:
    r = ask("MI300X gpu-to-gpu bandwidth (infinity fabric)?")
    quantity, value, unit = asked(r)
    assert (quantity, value, unit) == ("link_gb_s", 896.0, "GB/s")


def test_a100_pcie_is_the_pcie_card_not_the_bare_a100() -> None:
    r = ask("Llama 3.1 8B tokens/s on an A100 PCIe?")
    assert "A100 PCIe 80GB" in first_sentence(r), first_sentence(r)


@pytest.mark.parametrize(("question", "batched"), [
    ("Whisper large-v3 on a T4: how fast does it transcribe?", "24 streams at once"),
    ("whisper large v3 pe un t4, cat de repede transcrie?", "24 de fluxuri deodată"),
])
def test_how_fast_a_speech_model_transcribes_is_one_stream_then_batched(
        question: str, batched: str) -> None:
    """One stream leads (a T4 at 9.6 s of audio per second), the batched throughput the cost
    answers use beside it (47.4), so neither reads as the other."""
    r = ask(question)
    one = _size(model="whisper-large-v3", gpu="t4")
    job = _size(model="whisper-large-v3", gpu="t4", batch_size=24)
    assert one.performance is not None and job.performance is not None
    quantity, value, _ = asked(r)
    assert quantity == "audio_seconds_per_s"
    assert value == pytest.approx(one.performance.audio_seconds_per_s)
    assert batched in r.answer
    ratio = job.performance.audio_seconds_per_s
    assert ratio is not None
    assert f"{ratio:.1f}" in r.answer or f"{ratio:.1f}".replace(".", ",") in r.answer


def test_nvlink_on_two_gpus_is_not_timed_as_pcie_only() -> None:
    """Two PCIe cards may share an NVLink bridge: no PCIe-against-NVLink figures for two."""
    r = ask("Is NVLink needed to run Llama 3.1 70B on 2 GPUs?")
    assert "over PCIe" not in r.answer


@pytest.mark.parametrize("body", [
    {"model": "llama-3.1-405b", "workload": "serving", "max_usd_per_month": 2000},
    {"model": "llama-3.1-70b", "workload": "serving", "context_tokens": 32768,
     "concurrent_requests": 8},
    {"model": "qwen2.5-32b", "workload": "serving", "max_usd_per_month": 300},
])
def test_a_rejected_offers_price_is_on_the_listings_basis_and_says_its_kind(
        body: dict[str, object]) -> None:
    """A rejected offer quoted its reserved contract where it had no on-demand price, and
    never said which price it was; now on-demand, else spot, else reserved, as /v1/offers."""
    import datetime as dt

    from service.domain.recommend.recommend import recommend
    from service.domain.recommend.types import RecommendationRequest

    rec = recommend(msgspec.convert(body, RecommendationRequest), catalog(),
                    dt.date(2026, 12, 4))
    assert rec.rejected
    by_id = catalog().offers_by_id
    for r in rec.rejected:
        o = by_id[r.offer_id]
        if r.reason.startswith("stale: reserved price"):
            # rejected for its stale reserved price: that price, said as reserved
            # (test_fix_recreason.test_a_stale_reserved_rejection_shows_the_reserved_price)
            want = (o.reserved_usd_h, "reserved")
        elif o.on_demand_usd_h is not None:
            want = (o.on_demand_usd_h, "on_demand")
        elif o.spot_usd_h is not None:
            want = (o.spot_usd_h, "spot")
        else:
            want = (o.reserved_usd_h, "reserved")
        assert (r.price_usd_h, r.price_kind) == want, r


def test_every_example_in_the_romanian_slack_help_is_a_romanian_command() -> None:
    """The Romanian help taught `/gpu size` and `/gpu recommend`, English verbs whose answers
    follow the rest of the text; its examples now use the Romanian verbs and answer in
    Romanian."""
    import re

    from service.adapters.messages_files import shipped_messages
    from service.adapters.slack.commands import parse_command

    m = shipped_messages()
    help_ro = m.section("ro", "slack")["help"]
    examples = re.findall(r"`/gpu ((?:dimensiune|recomandă|size|recommend|ajutor)[^`]*)`",
                          help_ro)
    verbs = {e.split()[0] for e in examples}
    assert {"dimensiune", "recomandă", "ajutor"} <= verbs and not verbs & {"size", "recommend"}
    for e in examples:
        if "<" in e:
            continue  # the usage line's placeholders
        cmd = parse_command(e, messages=m)
        assert cmd.lang == "ro" and cmd.kind in ("size", "recommend", "help"), (e, cmd)
