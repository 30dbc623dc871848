"""The recommender's plan search per node shape (issue 19): precision x tensor split x
concurrency per replica chosen together for the load, serving targets carried per user and in
total at that load, defaults for interactive serving, the memory headroom floor, speech models
in their own units, multi-node training only on a fast network, priced alternatives."""

from __future__ import annotations

import msgspec
import pytest

from service.domain.recommend.context import (
    DEFAULT_DECODE_TOKENS_PER_S,
    DEFAULT_TTFT_MS,
    default_ttft_ms,
)
from service.domain.recommend.types import RecommendationRequest
from tests.unit.rec_fixtures import fake, offer, real, registry

# --- targets under load ------------------------------------------------------------------------


def test_8b_for_50_users_at_20_tokens_per_s_carries_1000_tokens_per_s_in_total() -> None:
    """Issue 19: 2 x RTX 3090 giving 404 tokens/s in total was returned for 50 x 20 tok/s."""
    r = real(model="llama-3.1-8b", workload="serving", concurrent_requests=50,
             min_decode_tokens_per_s=20)
    assert r.options, r.reason
    for o in r.options:
        perf = o.performance
        assert perf.decode_tokens_per_s_per_user is not None
        assert perf.decode_tokens_per_s_per_user >= 20, o.why
        # the closed loop's total: each of the 50 users waits its first token, then streams
        # at >= 20 tok/s (2 x RTX 3090 at 404 tok/s in all, the case, is far under)
        assert perf.output_tokens_per_s_at_load is not None
        assert perf.time_to_first_token_ms is not None
        out = 512
        least = 50 * out / (perf.time_to_first_token_ms / 1000 + out / 20)
        assert perf.output_tokens_per_s_at_load >= least * 0.999, o.why
        assert perf.users_per_replica is not None
        replicas = o.fit.replicas_per_node * o.nodes
        assert perf.users_per_replica * replicas >= 50


def test_the_decode_target_is_the_decode_step_and_the_prompts_wait_is_ttft() -> None:
    """8B on one L40S, 16k prompts, 8 users at >= 20.5 tok/s: with all 8 on one card each
    decode step gives a user ~21.3 tok/s, so one card meets the decode target; the prompts'
    prefill is each user's wait for the first token (~2.1 s), checked against its own target
    (the time to first token), not counted again as a slower stream. 8 x 20.5 = 164 tok/s
    would be a total, which `target_output_tokens_per_s` states where it is wanted."""
    offers = [offer("l40s", "l40s", 1, 1.0, interconnect="none")]
    r = fake(offers, model="llama-3.1-8b", workload="serving", weights="fp8",
             context_tokens=16384, output_tokens=512, concurrent_requests=8,
             min_decode_tokens_per_s=20.5, max_time_to_first_token_ms=60_000)
    assert r.options, r.reason
    top = r.options[0]
    assert top.nodes == 1 and top.performance.users_per_replica == 8
    assert (top.performance.decode_tokens_per_s_per_user or 0) >= 20.5
    assert (top.performance.output_tokens_per_s_at_load or 1e9) < 8 * 20.5
    tight = fake(offers, model="llama-3.1-8b", workload="serving", weights="fp8",
                 context_tokens=16384, output_tokens=512, concurrent_requests=8,
                 min_decode_tokens_per_s=22, max_time_to_first_token_ms=60_000)
    assert tight.options and tight.options[0].nodes >= 2  # a decode step under 22: more cards


def test_qwen3_235b_at_32k_for_32_users_is_one_large_node() -> None:
    """Issue 19: 6 nodes of 4 x L40 over PCIe at 0.3 % headroom and an 11.6 s TTFT were
    returned; one node of large GPUs carries it."""
    r = real(model="qwen3-235b-a22b", workload="serving", context_tokens=32768,
             concurrent_requests=32)
    assert r.options, r.reason
    top = r.options[0]
    assert top.nodes == 1
    assert top.offer.gpu not in ("l40", "l40s")
    assert top.fit.headroom_pct >= 10
    # the default TTFT grows past 8k prompt tokens: 2 s per 8,192 (about 7.9 s here)
    assert (top.performance.time_to_first_token_ms or 1e9) <= default_ttft_ms(32768 - 512)
    # a single 4 x H200-class node at FP8 carries it (the 32k prompt's default TTFT, 7.9 s)
    assert top.offer.gpu_count <= 4
    assert top.offer.gpu in ("h200-sxm", "b200", "b300", "mi300x", "mi325x", "mi355x", "h20")
    assert top.weights in ("fp8", "int8", "awq-int4")
    # a strict 2 s target costs more: more GPUs per prompt
    strict = real(model="qwen3-235b-a22b", workload="serving", context_tokens=32768,
                  concurrent_requests=32, max_time_to_first_token_ms=2_000)
    if strict.options:
        assert (strict.options[0].cost.per_month_usd or 0) > (top.cost.per_month_usd or 0)


def test_a_four_gpu_node_is_priced_as_one_node_not_four() -> None:
    """The split is chosen with the load: a 4 x H200 node runs Qwen3-235B FP8 as one
    tensor-parallel-4 replica on one node, never as four nodes."""
    offers = [offer("h200x4", "h200-sxm", 4, 14.0),
              offer("l40x4", "l40", 4, 3.0, interconnect="pcie")]
    r = fake(offers, model="qwen3-235b-a22b", workload="serving", context_tokens=32768,
             concurrent_requests=32, max_time_to_first_token_ms=10_000)
    assert r.options, r.reason
    top = r.options[0]
    assert top.offer.id == "h200x4" and top.nodes == 1
    assert top.fit.gpus_per_replica == 4
    assert top.cost.per_hour_usd == pytest.approx(14.0)
    assert all(o.offer.id != "l40x4" for o in r.options)


def test_70b_endpoint_considers_two_h100_at_fp8() -> None:
    """Issue 19: a 2 x H100 FP8 option ($2.58/h) was rejected and a B200 at $4.89/h picked."""
    offers = [offer("h100x2", "h100-sxm", 2, 2.58), offer("b200x1", "b200", 1, 4.89)]
    r = fake(offers, model="llama-3.1-70b", workload="serving")
    assert r.options, r.reason
    top = r.options[0]
    assert top.offer.id == "h100x2"
    assert top.weights in ("fp8", "int8")
    assert top.fit.gpus_per_replica == 2 and top.nodes == 1
    assert (top.performance.time_to_first_token_ms or 1e9) <= DEFAULT_TTFT_MS


def test_a_ttft_target_at_the_load_adds_replicas_or_refuses() -> None:
    offers = [offer("h100x1", "h100-sxm", 1, 2.0, interconnect="none")]
    loose = fake(offers, model="llama-3.1-8b", workload="serving", context_tokens=8192,
                 concurrent_requests=32, max_time_to_first_token_ms=20_000)
    tight = fake(offers, model="llama-3.1-8b", workload="serving", context_tokens=8192,
                 concurrent_requests=32, max_time_to_first_token_ms=400)
    assert loose.options and tight.options
    assert loose.options[0].nodes == 1
    assert tight.options[0].nodes > loose.options[0].nodes
    assert (tight.options[0].performance.time_to_first_token_ms or 1e9) <= 400
    assert "time-to-first-token target set the replica count" in tight.options[0].why
    impossible = fake(offers, model="llama-3.1-8b", workload="serving",
                      context_tokens=16384, max_time_to_first_token_ms=50)
    assert not impossible.options
    assert impossible.reason is not None and "targets" in impossible.reason


def test_a_request_rate_is_sized_with_queueing() -> None:
    offers = [offer("h100x1", "h100-sxm", 1, 2.0, interconnect="none")]
    slow = fake(offers, model="llama-3.1-8b", workload="serving", target_requests_per_s=1,
                max_time_to_first_token_ms=3000)
    fast = fake(offers, model="llama-3.1-8b", workload="serving", target_requests_per_s=60,
                max_time_to_first_token_ms=3000)
    assert slow.options and fast.options
    assert fast.options[0].nodes > slow.options[0].nodes
    top = fast.options[0]
    assert (top.performance.requests_per_s or 0) >= 60
    assert (top.performance.time_to_first_token_ms or 1e9) <= 3000
    assert "request-rate target" in top.why


# --- defaults -----------------------------------------------------------------------------------


def test_interactive_serving_without_targets_gets_stated_defaults() -> None:
    offers = [offer("l40sx1", "l40s", 1, 1.0, interconnect="none")]
    # re-pinned: serving start transient (d85c4ba+1): at 2,048 tokens one L40S now holds 32
    # requests within the defaults (memory sets the count); at 4,096 the TTFT default does
    r = fake(offers, model="qwen2.5-32b", workload="serving", context_tokens=4096,
             concurrent_requests=64)
    notes = {a.name: a.value for a in r.assumptions}
    # 3,584 prompt tokens: the plain 2 s (a 32k prompt would get 2 s per 8,192 tokens)
    ttft = default_ttft_ms(4096 - 512)  # re-pinned: serving start transient (d85c4ba+1)
    assert ttft == DEFAULT_TTFT_MS
    assert default_ttft_ms(32768 - 512) == pytest.approx(DEFAULT_TTFT_MS * 32256 / 8192)
    assert f"{ttft:,.0f} ms" in notes["serving_defaults"]
    assert f"{DEFAULT_DECODE_TOKENS_PER_S:g} tokens/s" in notes["serving_defaults"]
    assert r.options, r.reason
    top = r.options[0]
    assert (top.performance.time_to_first_token_ms or 1e9) <= ttft
    assert (top.performance.decode_tokens_per_s_per_user or 0) >= DEFAULT_DECODE_TOKENS_PER_S
    # the default decided the replica count, and the option says so
    assert top.nodes > 1
    assert "default time-to-first-token target" in top.why
    # stated targets replace the defaults: no note, fewer nodes
    stated = fake(offers, model="qwen2.5-32b", workload="serving", context_tokens=4096,
                  # re-pinned: serving start transient (d85c4ba+1)
                  concurrent_requests=64, max_time_to_first_token_ms=60_000,
                  min_decode_tokens_per_s=1)
    assert "serving_defaults" not in {a.name for a in stated.assumptions}
    assert stated.options[0].nodes < top.nodes
    assert "default" not in stated.options[0].why


def test_batch_work_gets_no_latency_defaults() -> None:
    r = fake([offer("h100x1", "h100-sxm", 1, 2.0, interconnect="none")],
             model="llama-3.1-8b", workload="batch", job_output_tokens=1e8)
    assert "serving_defaults" not in {a.name for a in r.assumptions}


def test_when_no_offer_meets_the_defaults_the_answer_says_so_and_warns() -> None:
    """A 128k prompt cannot get a first token within its default (2 s per 8,192 prompt
    tokens: 32 s) on one L40S: the default is relaxed to the fastest reachable with the
    serving model's error band (audit serve #4: it was dropped, "not applied"), the answer
    says so, and a TTFT over 10 s warns."""
    offers = [offer("h100x1", "h100-sxm", 1, 2.0, interconnect="none"),
              offer("h100x8", "h100-sxm", 8, 16.0, interconnect="nvswitch")]
    offers = [offer("l40sx1", "l40s", 1, 1.0, interconnect="none")]
    r = fake(offers, model="llama-3.1-8b", weights="bf16", workload="serving",
             context_tokens=131072, concurrent_requests=16)
    assert r.options, r.reason
    notes = [a for a in r.assumptions if a.name == "serving_defaults"]
    assert any(a.value.endswith("(relaxed from 31,875 ms)") for a in notes), notes
    assert all(o.warnings[0].startswith("no offer meets the default time-to-first-token "
                                        "target of 31,875 ms") for o in r.options)
    slow = [o for o in r.options if (o.performance.time_to_first_token_ms or 0) > 10_000]
    assert slow and all(any("time to first token" in w for w in o.warnings) for o in slow)


# --- memory headroom ----------------------------------------------------------------------------


def test_serving_options_fit_with_the_headroom_floor() -> None:
    for body in ({"model": "llama-3.1-70b", "context_tokens": 32768, "concurrent_requests": 8},
                 {"model": "llama-3.1-8b", "concurrent_requests": 50},
                 {"model": "qwen3-235b-a22b", "context_tokens": 32768,
                  "concurrent_requests": 32}):
        r = real(workload="serving", **body)
        assert r.options, (body, r.reason)
        for o in r.options:
            assert o.fit.headroom_pct >= 10, (body, o.why)
            assert o.fit.per_gpu_used_gib + o.fit.per_gpu_free_gib > o.fit.per_gpu_used_gib


def test_headroom_is_settable_and_refuses_a_tight_fit() -> None:
    """70B bf16 at 8k on 2 x H100: 68 GiB per GPU of 71.7 usable fits without headroom, not
    with the default 10 %."""
    offers = [offer("h100x2", "h100-sxm", 2, 5.0)]
    body = {"model": "llama-3.1-70b", "weights": "bf16", "workload": "serving",
            "context_tokens": 8192, "max_time_to_first_token_ms": 60_000,
            "min_decode_tokens_per_s": 1}
    default = fake(offers, **body)
    assert not default.options
    assert default.reason is not None and default.reason.startswith("memory")
    said = {x.offer_id: x.reason for x in default.rejected}
    assert "with the 10% headroom" in said["h100x2"]
    bare = fake(offers, min_memory_headroom_pct=0, **body)
    assert bare.options and bare.options[0].fit.headroom_pct < 10
    assert any("headroom under 10%" in w for w in bare.options[0].warnings)


def test_headroom_out_of_range_is_invalid() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"model": "llama-3.1-8b", "min_memory_headroom_pct": 95},
                        RecommendationRequest)


# --- speech -------------------------------------------------------------------------------------


def test_whisper_in_audio_units_priced_per_job_and_audio_hour() -> None:
    r = real(model="whisper-large-v3", workload="batch", job_audio_hours=100)
    assert r.options, r.reason
    for o in r.options:
        perf, cost = o.performance, o.cost
        assert perf.images_per_s is None and cost.per_thousand_images_usd is None
        assert perf.audio_seconds_per_s and perf.audio_seconds_per_s > 1
        assert perf.job_hours == pytest.approx(100 / perf.audio_seconds_per_s, rel=1e-6)
        assert cost.per_month_usd is None and cost.per_job_usd is not None
        spot = 1 + (cost.expected_spot_overhead_pct or 0) / 100  # batch: spot allowed
        # one audio hour takes 1 / audio_seconds_per_s wall hours: the job's compute time
        # (before billing rounding) at the same price is the audio hours times this
        assert cost.per_audio_hour_usd == pytest.approx(
            cost.per_hour_usd * spot / perf.audio_seconds_per_s, rel=1e-3)
        assert cost.per_audio_hour_usd * 100 == pytest.approx(
            cost.per_hour_usd * spot * perf.job_hours, rel=1e-3)
        assert cost.per_audio_hour_usd < cost.per_hour_usd  # faster than real time
        assert "audio" in o.why and "images" not in o.why
    # a bigger job costs more in all, the same per audio hour
    big = real(model="whisper-large-v3", workload="batch", job_audio_hours=10_000)
    assert (big.options[0].cost.per_job_usd or 0) > (r.options[0].cost.per_job_usd or 0)


def test_whisper_steady_use_reports_audio_speed_and_cost_per_audio_hour() -> None:
    r = real(model="whisper-large-v3", workload="serving")
    assert r.options and all(o.performance.audio_seconds_per_s for o in r.options)
    assert all(o.cost.per_audio_hour_usd for o in r.options)
    assert all(o.cost.per_month_usd is not None for o in r.options)


# --- multi-node training ------------------------------------------------------------------------


def test_multi_node_training_only_on_a_fast_node_network() -> None:
    """Issue 19: a non-resumable 70B full fine-tune got 32 single-GPU VMs."""
    body = {"model": "llama-3.1-70b", "workload": "finetune",
            "finetune": {"method": "full"}, "training_tokens": 1e8,
            "interruptible": False, "allow_multi_node": True}
    plain = [offer("h100x1", "h100-sxm", 1, 2.0, interconnect="none"),
             offer("h100x8-ib", "h100-sxm", 8, 24.0, interconnect="nvswitch",
                   network="infiniband")]
    r = fake(plain, **body)
    assert r.options, r.reason
    assert all(o.offer.id == "h100x8-ib" for o in r.options)
    single = {x.offer_id: x.reason for x in r.rejected}
    assert "h100x1" in single and "fast node network" in single["h100x1"]
    # the rule, not the GPU, kept the single-GPU VMs out: on InfiniBand they may be planned
    fast = [offer("h100x1-ib", "h100-sxm", 1, 2.0, interconnect="none",
                  network="infiniband")]
    rf = fake(fast, **body)
    assert rf.options and rf.options[0].nodes > 1
    # nothing but slow-network single GPUs: no options, the reason names the network
    only_slow = fake([offer("h100x1", "h100-sxm", 1, 2.0, interconnect="none")], **body)
    assert not only_slow.options
    assert any("fast node network" in x.reason for x in only_slow.rejected)
    assert only_slow.reason is not None and only_slow.reason.startswith("the node network")


# --- alternatives -------------------------------------------------------------------------------


def test_alternatives_carry_the_price_of_the_changed_request() -> None:
    r = real(model="llama-3.1-70b", workload="serving", context_tokens=8192,
             concurrent_requests=4)
    assert r.alternatives
    current = r.options[0].cost.per_month_usd
    assert current is not None
    for a in r.alternatives:
        assert a.per_month_usd is not None and a.per_month_usd < current
        assert f"${a.per_month_usd:,.0f}/month" in a.effect
    changes = [a.change for a in r.alternatives]
    assert any(c.startswith("relax TTFT") for c in changes), changes


def test_fp8_kv_cache_alternative_is_priced() -> None:
    offers = [offer("h100x1", "h100-sxm", 1, 2.0, interconnect="none"),
              offer("h100x2", "h100-sxm", 2, 4.0)]
    # 20 users x 4 GiB of fp16 KV at 32k need two H100s; in FP8 they fit one
    r = fake(offers, model="llama-3.1-8b", weights="bf16", workload="serving",
             context_tokens=32768, concurrent_requests=20, max_time_to_first_token_ms=60_000,
             min_decode_tokens_per_s=5)
    kv = [a for a in r.alternatives if a.change == "kv_cache fp8"]
    assert kv, [a.change for a in r.alternatives]
    assert kv[0].per_month_usd is not None
    assert kv[0].per_month_usd < (r.options[0].cost.per_month_usd or 0)
    assert "FP8 KV cache" in kv[0].effect


def test_split_serving_over_nodes_only_when_allowed_and_on_a_fast_network() -> None:
    """Kimi K2 in bf16 (~1.9 TB of weights) fits no single node: with allow_multi_node one
    replica spans several nodes as pipeline stages, only over InfiniBand/EFA/RoCE."""
    body = {"model": "kimi-k2", "weights": "bf16", "workload": "serving",
            "context_tokens": 8192, "concurrent_requests": 8}
    offers = [offer("b200x8", "b200", 8, 40.0, interconnect="nvswitch"),
              offer("b200x8-ib", "b200", 8, 44.0, interconnect="nvswitch",
                    network="infiniband")]
    alone = fake(offers, **body)
    assert not alone.options
    assert alone.reason is not None and alone.reason.startswith("memory")
    split = fake(offers, allow_multi_node=True, **body)
    assert split.options, split.reason
    assert {o.offer.id for o in split.options} == {"b200x8-ib"}
    top = split.options[0]
    assert top.nodes >= 2 and top.fit.gpus_per_replica == 8 * top.nodes
    assert "pipeline" in top.fit.parallelism
    assert any("spans" in w for w in top.warnings)
    said = {x.offer_id: x.reason for x in split.rejected}
    assert said["b200x8"].startswith("multi-node split serving needs a fast node network")


@pytest.mark.parametrize("body", [
    {"model": "llama-3.1-70b", "context_tokens": 32768, "concurrent_requests": 8},
    {"model": "llama-3.1-8b", "concurrent_requests": 50, "min_decode_tokens_per_s": 20},
    {"model": "mixtral-8x7b", "workload": "batch", "job_output_tokens": 1e9},
])
def test_planning_cheapest_first_stops_without_changing_the_ranking(
        body: dict[str, object]) -> None:
    """Offers whose least possible cost is above the n-th candidate's are not planned: the
    first options are the same whatever n asks for."""
    few = real(top_n=3, **body)
    many = real(top_n=40, **body)
    assert [o.offer.id for o in few.options] == [o.offer.id for o in many.options[:3]]
    assert [o.cost.per_month_usd for o in few.options] == [
        o.cost.per_month_usd for o in many.options[:3]]


def test_the_same_machine_in_two_regions_is_one_option() -> None:
    """Two offers of one provider, the same GPUs and price, in two regions: one option (the
    first stands for both), and a different machine still ranks after it."""
    twin = msgspec.structs.replace(offer("h100-b", "h100-sxm", 1, 2.0, interconnect="none"),
                                   regions=["r2"])
    offers = [offer("h100-a", "h100-sxm", 1, 2.0, interconnect="none"), twin,
              offer("h200-a", "h200-sxm", 1, 3.0, interconnect="none")]
    r = fake(offers, model="llama-3.1-8b", workload="serving", top_n=5)
    ids = [o.offer.id for o in r.options]
    assert len([i for i in ids if i.startswith("h100")]) == 1, ids
    assert "h200-a" in ids


def test_bridged_pcie_cards_split_at_most_four_ways_and_pipeline_the_rest() -> None:
    """RTX 3090s pair over NVLink bridges: a node of 8 is not an 8-way tensor split but 4-way
    tensor x 2 pipeline stages inside the node (70B in bf16 needs more than 4 x 24 GB)."""
    from service.domain.sizing.layout import all_to_all_link
    reg = registry()
    assert not all_to_all_link(reg.gpus["rtx-3090"])
    assert not all_to_all_link(reg.gpus["a100-pcie-80gb"])
    assert all_to_all_link(reg.gpus["h100-sxm"]) and all_to_all_link(reg.gpus["mi300x"])
    r = fake([offer("r8", "rtx-3090", 8, 2.0, interconnect="pcie")], model="llama-3.1-70b",
             weights="bf16", workload="serving", context_tokens=4096, concurrent_requests=2,
             max_time_to_first_token_ms=60_000, min_decode_tokens_per_s=1)
    assert r.options, r.reason
    fit = r.options[0].fit
    assert fit.gpus_per_replica == 8
    assert "tensor parallel 4 x pipeline 2 inside the node" in fit.parallelism
    assert any("pipeline stages of 4 GPUs" in w for w in r.options[0].warnings)


def test_a_budget_under_what_the_defaults_cost_is_the_binding_constraint() -> None:
    """Offers meet the default targets but over the budget: no option (not a relaxed one at
    70 s to the first token), and the reason names the budget with the price."""
    r = real(model="qwen3-235b-a22b", workload="serving", context_tokens=32768,
             concurrent_requests=32, max_usd_per_month=3000)
    assert not r.options
    assert r.reason is not None and r.reason.startswith("the budget")
    assert "over your $3,000/month" in r.reason
