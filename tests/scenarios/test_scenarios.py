"""The buyer scenarios of tests/scenarios/scenarios.py on the shipped catalog: each scenario's
own checks, then the invariants every option of every answer must keep (issue 19, point 9)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import msgspec
import pytest

from service.adapters.catalog_loader import load_catalog
from service.domain.catalog.precisions import PRECISIONS
from service.domain.catalog.snapshot import Catalog
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Option, Recommendation, RecommendationRequest
from service.paths import default_data_dir
from tests.scenarios.scenarios import NO_BF16, RULES, SCENARIOS, SMALL_CARDS

TODAY = dt.date(2026, 12, 3)
FAST_NETWORKS = ("infiniband", "efa", "roce")
PRECISION = {p.id: p for p in PRECISIONS}
DEFAULT_HEADROOM_PCT = 10.0


@cache
def catalog() -> Catalog:
    return load_catalog(default_data_dir("catalog"), 90)


def _field(obj: Any, name: str) -> Any:
    """A field the recommender may not have yet (the suite states the target): None if
    absent, so the check that needs it fails with a message instead of an AttributeError."""
    return getattr(obj, name, None)


def _warned(o: Option, words: Iterable[str]) -> bool:
    text = " | ".join(o.warnings).lower()
    return any(w.lower() in text for w in words)


def _label(o: Option) -> str:
    return (f"#{o.rank} {o.offer.provider} {o.offer.instance_type} ({o.offer.gpu_count} x "
            f"{o.offer.gpu}, {o.nodes} node(s), {o.weights}, {o.pricing_model})")


def _interruptible(req: RecommendationRequest) -> bool:
    if req.interruptible is not None:
        return req.interruptible
    return req.workload in ("batch", "finetune")


def _kernel_engine(req: RecommendationRequest, kind: str, weights: str) -> str:
    """The engine whose kernels run the option's precision (as the capability matrix reads
    it): the training engine for fine-tuning and pre-training, the kind's default engine for
    diffusion and audio, the GGUF engine for GGUF weights, else the request's or the default."""
    registry = catalog().registry
    kernels = registry.kernels
    if req.workload in ("finetune", "pretrain") and kernels.training_engine:
        return kernels.training_engine
    if kind != "llm":
        return registry.engines.default(kind, False).id
    p = PRECISION.get(weights)
    if p is not None and p.gguf:
        gguf = registry.engines.for_format("gguf")
        if gguf is not None:
            return gguf.id
    return str(req.engine) if req.engine else registry.engines.default("llm", False).id


def _memory_reason_numbers(reason: str | None) -> tuple[float | None, float | None]:
    """(GiB needed, GiB of the largest node) of a "memory: ... needs ~X GiB ... (largest: Y
    GiB)" reason, else (None, None)."""
    if not reason or not reason.startswith("memory"):
        return None, None
    need = re.search(r"needs ~?([\d,.]+) GiB", reason)
    largest = re.search(r"largest: ([\d,.]+) GiB", reason)
    if need is None or largest is None:
        return None, None
    return (float(need.group(1).replace(",", "")), float(largest.group(1).replace(",", "")))


# --- invariants on every option -----------------------------------------------------------------

def check_invariants(r: Recommendation, req: RecommendationRequest) -> list[str]:
    """What no answer may contain, whatever the scenario: one line per violation."""
    cat = catalog()
    offers = {o.id: o for o in cat.offers}
    providers = {p.id: p for p in cat.providers}
    entry = cat.registry.find_model(req.model) if req.model else None
    kind = entry.kind if entry is not None else "llm"
    headroom_min = _field(req, "min_memory_headroom_pct")
    headroom_min = DEFAULT_HEADROOM_PCT if headroom_min is None else float(headroom_min)
    bad: list[str] = []
    if not r.options and not r.reason:
        bad.append("no options and no reason")
    need, largest = _memory_reason_numbers(r.reason)
    if need is not None and largest is not None and need <= largest:
        bad.append(f"memory named as the binding constraint, but the need ({need:,.0f} GiB) "
                   f"fits the largest node ({largest:,.0f} GiB): {r.reason}")
    if [o.rank for o in r.options] != list(range(1, len(r.options) + 1)):
        bad.append(f"ranks not 1..n: {[o.rank for o in r.options]}")
    for o in r.options:
        at = _label(o)
        perf, cost = o.performance, o.cost
        gpu = cat.registry.gpu(o.offer.gpu)
        # feasibility: it fits, with the serving headroom, and its precision runs there
        if o.fit.per_gpu_free_gib < 0 or o.fit.headroom_pct < 0:
            bad.append(f"{at}: does not fit ({o.fit.per_gpu_used_gib:.1f} GiB used, "
                       f"{o.fit.per_gpu_free_gib:.1f} GiB free per GPU)")
        elif req.workload == "serving" and o.fit.headroom_pct < headroom_min - 0.05:
            bad.append(f"{at}: headroom {o.fit.headroom_pct:.1f} % < {headroom_min:g} %")
        p = PRECISION.get(o.weights)
        if p is None:
            bad.append(f"{at}: unknown precision {o.weights!r}")
        else:
            engine = _kernel_engine(req, kind, o.weights)
            s = cat.registry.kernels.supported(engine, p, gpu)
            if not s.ok:
                bad.append(f"{at}: cannot run {o.weights} with {engine}: {s.reason}")
        if o.weights == "bf16" and gpu.id in NO_BF16:
            bad.append(f"{at}: bf16 on {gpu.id}, which has no bf16 tensor cores")
        # price trust
        if o.offer.stale and not req.include_stale:
            bad.append(f"{at}: stale price ranked without include_stale")
        if o.offer.stale and req.include_stale and not _warned(o, ("stale", "days old")):
            bad.append(f"{at}: stale price ranked without a warning")
        if o.offer.suspect_reasons and not req.include_suspect and not req.providers:
            bad.append(f"{at}: suspect price ranked: {o.offer.suspect_reasons}")
        # spot only when interruptible
        if o.pricing_model == "spot" and not _interruptible(req):
            bad.append(f"{at}: spot price for work that is not interruptible")
        # several nodes: training, or a replica split over nodes, needs a fast node network
        offer = offers.get(o.offer.id)
        network = offer.network if offer is not None else None
        split = o.fit.gpus_per_replica > o.offer.gpu_count
        if o.nodes > 1 and (req.workload in ("finetune", "pretrain") or split) and (
                network not in FAST_NETWORKS and not _warned(o, ("network",))):
            bad.append(f"{at}: {o.nodes} nodes over network {network!r} with no warning")
        # egress: an unknown price is never $0
        if req.egress_gb_per_month > 0:
            prov = providers.get(o.offer.provider)
            free = (prov is not None and prov.egress_known
                    and prov.egress_usd(req.egress_gb_per_month) == 0)
            if not free and not (cost.egress_per_month_usd or 0) > 0:
                bad.append(f"{at}: {req.egress_gb_per_month:g} GB/month of egress counted as "
                           f"${cost.egress_per_month_usd}")
        # targets: met, or the option says which one it misses
        ttft = perf.time_to_first_token_ms
        tps = perf.decode_tokens_per_s_per_user
        if (req.min_decode_tokens_per_s and tps is not None
                and tps < req.min_decode_tokens_per_s * 0.999
                and not _warned(o, ("tok/s", "tokens/s", "per user"))):
            bad.append(f"{at}: {tps:.1f} tok/s per user < {req.min_decode_tokens_per_s:g}, "
                       "no warning")
        if (req.max_time_to_first_token_ms and ttft is not None
                and ttft > req.max_time_to_first_token_ms * 1.001
                and not _warned(o, ("time to first token", "ttft"))):
            bad.append(f"{at}: TTFT {ttft:.0f} ms > {req.max_time_to_first_token_ms:g} ms, "
                       "no warning")
        if (req.target_output_tokens_per_s and perf.output_tokens_per_s_total is not None
                and perf.output_tokens_per_s_total < req.target_output_tokens_per_s * 0.999
                and not _warned(o, ("tok/s", "tokens/s"))):
            bad.append(f"{at}: {perf.output_tokens_per_s_total:.0f} tok/s in total < "
                       f"{req.target_output_tokens_per_s:g}, no warning")
        if (req.target_requests_per_s and perf.requests_per_s is not None
                and perf.requests_per_s < req.target_requests_per_s * 0.999
                and not _warned(o, ("requests/s", "req/s"))):
            bad.append(f"{at}: {perf.requests_per_s:.2f} requests/s < "
                       f"{req.target_requests_per_s:g}, no warning")
        if ttft is not None and ttft > 10_000 and not _warned(o, ("time to first token",
                                                                  "ttft")):
            bad.append(f"{at}: TTFT {ttft / 1000:.1f} s without a warning")
        # budgets and filters
        if not cost.per_hour_usd > 0:
            bad.append(f"{at}: price ${cost.per_hour_usd}/h")
        if req.max_usd_per_hour and cost.per_hour_usd > req.max_usd_per_hour + 1e-6:
            bad.append(f"{at}: ${cost.per_hour_usd:.2f}/h over ${req.max_usd_per_hour:g}/h")
        if (req.max_usd_per_month and cost.per_month_usd is not None
                and cost.per_month_usd > req.max_usd_per_month + 1e-6):
            bad.append(f"{at}: ${cost.per_month_usd:,.0f}/month over "
                       f"${req.max_usd_per_month:,.0f}")
        if (req.max_usd_total and cost.per_job_usd is not None
                and cost.per_job_usd > req.max_usd_total + 1e-6):
            bad.append(f"{at}: ${cost.per_job_usd:,.0f} over ${req.max_usd_total:,.0f}")
        if req.providers and o.offer.provider not in req.providers:
            bad.append(f"{at}: provider not in {req.providers}")
        if req.exclude_providers and o.offer.provider in req.exclude_providers:
            bad.append(f"{at}: excluded provider")
        if req.max_gpus_per_node and o.offer.gpu_count > req.max_gpus_per_node:
            bad.append(f"{at}: {o.offer.gpu_count} GPUs per node > {req.max_gpus_per_node}")
    return bad


# --- the scenarios' own checks ------------------------------------------------------------------

Check = Callable[..., list[str]]


def _every(r: Recommendation, ok: Callable[[Option], bool], what: str) -> list[str]:
    return [f"{_label(o)}: {what}" for o in r.options if not ok(o)]


def c_options(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return [] if r.options else [f"no options: {r.reason}"]


def c_no_options(r: Recommendation, req: RecommendationRequest) -> list[str]:
    out = [f"expected no options, got {_label(r.options[0])}"] if r.options else []
    return out + ([] if r.reason else ["no reason"])


def c_per_user_tps_at_least(r: Recommendation, req: RecommendationRequest,
                            v: float) -> list[str]:
    return _every(r, lambda o: (o.performance.decode_tokens_per_s_per_user or 0) >= v * 0.999,
                  f"per-user decode speed under {v:g} tok/s at the stated load")


def c_closed_loop_total(r: Recommendation, req: RecommendationRequest, v: float) -> list[str]:
    """The stated users' total at the load is what a closed loop of them gives when each waits
    its first token and then streams at >= ``v`` tok/s: users x output / (TTFT + output / v)."""

    def ok(o: Option) -> bool:
        p = o.performance
        if p.output_tokens_per_s_at_load is None or p.time_to_first_token_ms is None:
            return False
        out = req.output_tokens
        least = req.concurrent_requests * out / (p.time_to_first_token_ms / 1000 + out / v)
        return p.output_tokens_per_s_at_load >= least * 0.999

    return _every(r, ok, f"the users' total at the load is under a closed loop of them "
                         f"streaming at {v:g} tok/s after their first token")


def c_ttft_at_most(r: Recommendation, req: RecommendationRequest, v: float) -> list[str]:
    return _every(r, lambda o: o.performance.time_to_first_token_ms is not None
                  and o.performance.time_to_first_token_ms <= v * 1.001,
                  f"time to first token over {v:g} ms at the stated load")


def c_rps_at_least(r: Recommendation, req: RecommendationRequest, v: float) -> list[str]:
    return _every(r, lambda o: (o.performance.requests_per_s or 0) >= v * 0.999,
                  f"under {v:g} requests/s")


def c_first_nodes(r: Recommendation, req: RecommendationRequest, n: int) -> list[str]:
    if not r.options:
        return [f"no options: {r.reason}"]
    o = r.options[0]
    return [] if o.nodes == n else [f"first option {_label(o)} uses {o.nodes} nodes, not {n}"]


def c_some_option(r: Recommendation, req: RecommendationRequest,
                  spec: dict[str, Any]) -> list[str]:
    def match(o: Option) -> bool:
        return ((("gpu" not in spec) or o.offer.gpu in spec["gpu"])
                and (("nodes" not in spec) or o.nodes == spec["nodes"])
                and (("weights" not in spec) or o.weights == spec["weights"])
                and (("gpus_per_replica" not in spec)
                     or o.fit.gpus_per_replica == spec["gpus_per_replica"]))
    if any(match(o) for o in r.options):
        return []
    return [f"no option matches {spec}; got {[_label(o) for o in r.options]}"]


def c_no_option_on(r: Recommendation, req: RecommendationRequest,
                   gpus: tuple[str, ...]) -> list[str]:
    return _every(r, lambda o: o.offer.gpu not in gpus, f"on a GPU it must not use {gpus}")


def c_headroom_at_least(r: Recommendation, req: RecommendationRequest, v: float) -> list[str]:
    return _every(r, lambda o: o.fit.headroom_pct >= v - 0.05,
                  f"memory headroom under {v:g} %")


def c_reason_startswith(r: Recommendation, req: RecommendationRequest, s: str) -> list[str]:
    return [] if (r.reason or "").startswith(s) else [f"reason {r.reason!r} not {s!r}..."]


def c_reason_contains(r: Recommendation, req: RecommendationRequest, s: str) -> list[str]:
    return [] if s in (r.reason or "") else [f"reason {r.reason!r} lacks {s!r}"]


def c_reason_not_contains(r: Recommendation, req: RecommendationRequest, s: str) -> list[str]:
    return [f"reason {r.reason!r} has {s!r}"] if s in (r.reason or "") else []


def c_rejected_reason_contains(r: Recommendation, req: RecommendationRequest,
                               s: str) -> list[str]:
    if any(s in x.reason for x in r.rejected):
        return []
    return [f"no rejected offer says {s!r}: {[(x.gpu, x.reason[:50]) for x in r.rejected]}"]


def c_rejected_nonempty(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return [] if r.rejected else ["rejected is empty"]


def c_rejected_not_small_cards_for_memory(r: Recommendation,
                                          req: RecommendationRequest) -> list[str]:
    return [f"rejected lists a small card for memory: {x.gpu} {x.reason[:60]}"
            for x in r.rejected if x.gpu in SMALL_CARDS and x.reason.startswith("needs")]


def c_egress_at_least(r: Recommendation, req: RecommendationRequest, v: float) -> list[str]:
    return _every(r, lambda o: (o.cost.egress_per_month_usd or 0) >= v,
                  f"egress under ${v:,.2f}/month")


def c_egress_at_most(r: Recommendation, req: RecommendationRequest, v: float) -> list[str]:
    return _every(r, lambda o: o.cost.egress_per_month_usd is not None
                  and o.cost.egress_per_month_usd <= v, f"egress over ${v:,.2f}/month")


def c_audio_units(r: Recommendation, req: RecommendationRequest) -> list[str]:
    def ok(o: Option) -> bool:
        words = " ".join([o.why, *o.warnings]).lower()
        return ((_field(o.performance, "audio_seconds_per_s") or 0) > 0
                and (_field(o.cost, "per_audio_hour_usd") or 0) > 0
                and o.performance.images_per_s is None and "image" not in words)
    return _every(r, ok, "not in audio units (audio s/s, $/audio hour; no images)")


def c_image_units(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return _every(r, lambda o: (o.performance.images_per_s or 0) > 0
                  and (o.cost.per_thousand_images_usd or 0) > 0,
                  "not in image units (images/s, $/1k images)")


def c_job_priced(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return _every(r, lambda o: (o.cost.per_job_usd or 0) > 0, "no price for the job")


def c_at_load_cost_over_saturation(r: Recommendation, req: RecommendationRequest,
                                   factor: float) -> list[str]:
    if not r.options:
        return [f"no options: {r.reason}"]
    c = r.options[0].cost
    sat, load = c.per_million_output_tokens_usd, c.per_million_output_tokens_at_load_usd
    if sat is None or load is None or load < factor * sat:
        return [f"$/1M tokens at load {load} not >= {factor:g} x at saturation {sat}"]
    return []


def c_per_million_at_load_stated(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return _every(r, lambda o: o.cost.per_million_output_tokens_at_load_usd is not None
                  and o.cost.per_million_output_tokens_usd is not None
                  and o.cost.per_million_output_tokens_at_load_usd
                  >= o.cost.per_million_output_tokens_usd * 0.999,
                  "no $/1M tokens at load (or cheaper than at saturation)")


def c_billed_hours_at_least(r: Recommendation, req: RecommendationRequest,
                            v: float) -> list[str]:
    bm = [o for o in r.options if o.offer.instance_type.upper().startswith("BM.")]
    if not bm:
        return ["no bare-metal option to check"]
    return [f"{_label(o)}: billed {o.cost.billed_hours_per_month} h/month < {v:g}"
            for o in bm if (o.cost.billed_hours_per_month or 0) < v - 1e-6]


def c_stale_options_warned(r: Recommendation, req: RecommendationRequest) -> list[str]:
    stale = [o for o in r.options if o.offer.stale]
    if not stale:
        return ["no stale option ranked although include_stale"]
    return [f"{_label(o)}: stale without a warning" for o in stale
            if not _warned(o, ("stale", "days old"))]


def c_multi_node_only_fast(r: Recommendation, req: RecommendationRequest) -> list[str]:
    offers = {o.id: o for o in catalog().offers}

    def ok(o: Option) -> bool:
        offer = offers.get(o.offer.id)
        return o.nodes == 1 or (offer is not None and offer.network in FAST_NETWORKS)
    return _every(r, ok, "several nodes without InfiniBand / EFA / RoCE between them")


def c_first_option_network_fast_if_multi_node(r: Recommendation,
                                              req: RecommendationRequest) -> list[str]:
    if not r.options:
        return [f"no options: {r.reason}"]
    return c_multi_node_only_fast(msgspec.structs.replace(r, options=r.options[:1]), req)


def c_ttft_over_10s_warned(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return _every(r, lambda o: (o.performance.time_to_first_token_ms or 0) <= 10_000
                  or _warned(o, ("time to first token", "ttft")),
                  "time to first token over 10 s without a warning")


def c_all_providers(r: Recommendation, req: RecommendationRequest,
                    ids: tuple[str, ...]) -> list[str]:
    return _every(r, lambda o: o.offer.provider in ids, f"provider not in {ids}")


def c_no_spot(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return _every(r, lambda o: o.pricing_model != "spot", "spot price")


def c_some_spot(r: Recommendation, req: RecommendationRequest) -> list[str]:
    if any(o.pricing_model == "spot" for o in r.options):
        return []
    return [f"no spot option for interruptible work: {[_label(o) for o in r.options]}"]


def c_spot_overhead_stated(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return _every(r, lambda o: o.pricing_model != "spot"
                  or o.cost.expected_spot_overhead_pct is not None,
                  "spot without the expected restart overhead")


def c_first_pricing(r: Recommendation, req: RecommendationRequest, model: str) -> list[str]:
    if not r.options:
        return [f"no options: {r.reason}"]
    o = r.options[0]
    return [] if o.pricing_model == model else [f"first option {_label(o)} not {model}"]


def c_default_noted(r: Recommendation, req: RecommendationRequest) -> list[str]:
    texts = [f"{a.name} {a.value} {a.reason}" for a in r.assumptions]
    texts += [o.why for o in r.options] + [w for o in r.options for w in o.warnings]
    texts.append(r.reason or "")
    if any("default" in t.lower() and any(k in t.lower() for k in (
            "time to first token", "ttft", "tok/s", "tokens/s")) for t in texts):
        return []
    return ["no assumption, why or reason says a default serving target decided"]


def c_alternative_contains(r: Recommendation, req: RecommendationRequest,
                           s: str) -> list[str]:
    if any(s.lower() in a.change.lower() for a in r.alternatives):
        return []
    return [f"no alternative {s!r}: {[a.change for a in r.alternatives]}"]


def c_alternatives_nonempty(r: Recommendation, req: RecommendationRequest) -> list[str]:
    return [] if r.alternatives else ["no alternatives"]


def c_alternatives_quantified(r: Recommendation, req: RecommendationRequest) -> list[str]:
    if not r.alternatives:
        return ["no alternatives"]
    return [f"alternative {a.change!r} has no price" for a in r.alternatives
            if a.per_month_usd is None and _field(a, "per_job_usd") is None]


def c_all_in_continent(r: Recommendation, req: RecommendationRequest,
                       continent: str) -> list[str]:
    return _every(r, lambda o: bool(o.offer.places)
                  and all(p.continent == continent for p in o.offer.places),
                  f"a region outside {continent}")


def c_max_gpus(r: Recommendation, req: RecommendationRequest, n: int) -> list[str]:
    return _every(r, lambda o: o.offer.gpu_count <= n, f"more than {n} GPUs per node")


def c_per_hour_at_most(r: Recommendation, req: RecommendationRequest, v: float) -> list[str]:
    return _every(r, lambda o: o.cost.per_hour_usd <= v + 1e-6, f"over ${v:g}/h")


def c_per_month_at_most(r: Recommendation, req: RecommendationRequest, v: float) -> list[str]:
    return _every(r, lambda o: o.cost.per_month_usd is not None
                  and o.cost.per_month_usd <= v + 1e-6, f"over ${v:,.0f}/month")


def c_at_load_cost_matches_output(r: Recommendation, req: RecommendationRequest
                                  ) -> list[str]:
    """$/1M tokens at the load is the hourly price over output_tokens_per_s_at_load."""
    def ok(o: Option) -> bool:
        at_load = o.performance.output_tokens_per_s_at_load
        cost = o.cost.per_million_output_tokens_at_load_usd
        if at_load is None or cost is None:
            return False
        spot = 1 + (o.cost.expected_spot_overhead_pct or 0) / 100
        return abs(cost - o.cost.per_hour_usd * spot / (3600 * at_load) * 1e6) <= 1e-6 * cost
    return _every(r, ok, "$/1M tokens at load not priced at output_tokens_per_s_at_load")


def c_alternatives_priced_as_options(r: Recommendation, req: RecommendationRequest
                                     ) -> list[str]:
    """An alternative's offer obeys the options' price rules: no stale or suspect price
    unless asked, spot only for interruptible work, its pricing said as used."""
    cat = catalog()
    offers = {o.id: o for o in cat.offers}
    out = []
    for a in r.alternatives:
        o = offers.get(a.offer_id or "")
        if o is None:
            continue
        trust = cat.trust_of(o.id)
        if trust.suspect and not req.include_suspect and not (
                trust.high_outlier_only and req.providers):
            out.append(f"{a.change!r} uses a suspect price ({o.id})")
        if (TODAY - o.as_of).days > cat.stale_after_days and not req.include_stale:
            out.append(f"{a.change!r} uses a stale price ({o.id})")
        if "on-demand" in a.effect and o.on_demand_usd_h is None:
            out.append(f"{a.change!r} says on-demand; {o.id} has no on-demand price")
        if "spot" in a.effect.split(":")[-1] and not _interruptible(req):
            out.append(f"{a.change!r} uses spot for work that is not interruptible")
    return out


def c_alternatives_not_noise(r: Recommendation, req: RecommendationRequest) -> list[str]:
    """An alternative on the answer's own GPU and count saves at least 5 %."""
    if not r.options:
        return []
    top = r.options[0]
    current = top.cost.per_month_usd or top.cost.per_job_usd or 0.0
    offers = {o.id: o for o in catalog().offers}
    out = []
    for a in r.alternatives:
        o = offers.get(a.offer_id or "")
        cost = a.per_month_usd or _field(a, "per_job_usd")
        if o is None or cost is None:
            continue
        if (o.gpu, o.gpu_count) == (top.offer.gpu, top.offer.gpu_count) and (
                cost > 0.95 * current):
            out.append(f"{a.change!r}: the same {o.gpu_count} x {o.gpu} for ${cost:,.0f} "
                       f"(vs ${current:,.0f})")
    return out


def c_alternative_first(r: Recommendation, req: RecommendationRequest, s: str) -> list[str]:
    if r.alternatives and r.alternatives[0].change == s:
        return []
    return [f"first alternative is not {s!r}: {[a.change for a in r.alternatives]}"]


def c_warned_every_option(r: Recommendation, req: RecommendationRequest, s: str) -> list[str]:
    return _every(r, lambda o: any(s in w for w in o.warnings), f"no warning {s!r}")


def c_assumption_named(r: Recommendation, req: RecommendationRequest, s: str) -> list[str]:
    return [] if any(a.name == s for a in r.assumptions) else [f"no assumption {s!r}"]


def c_long_jobs_warned(r: Recommendation, req: RecommendationRequest, days: float
                       ) -> list[str]:
    return _every(r, lambda o: (o.performance.job_hours or 0) <= days * 24
                  or any("days" in w and "more GPUs" in w for w in o.warnings),
                  f"a job over {days:g} days without a warning")


def c_first_job_within_days(r: Recommendation, req: RecommendationRequest, days: float
                            ) -> list[str]:
    """The first option finishes within ``days``, and where it passed a cheaper option that
    takes longer, its why names that one."""
    if not r.options:
        return ["no options"]
    o = r.options[0]
    h = o.performance.job_hours
    if h is None or h > days * 24:
        return [f"the first option takes {h} h, over {days:g} days"]
    if "Ranked before a cheaper option" not in o.why:
        return ["the first option does not say which cheaper, slower option it passed"]
    return []


CHECKS: dict[str, Check] = {name[2:]: fn for name, fn in globals().items()
                            if name.startswith("c_") and callable(fn)}


# --- the suite ----------------------------------------------------------------------------------

def test_the_suite_is_well_formed() -> None:
    ids = [s["id"] for s in SCENARIOS]
    assert len(ids) >= 40 and len(set(ids)) == len(ids)
    assert {s["rule"] for s in SCENARIOS} == set(RULES), "every rule has a scenario"
    for s in SCENARIOS:
        assert s["rule"] in RULES and s["checks"], s["id"]
        for name, *_ in s["checks"]:
            assert name in CHECKS, (s["id"], name)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_scenario(scenario: dict[str, Any]) -> None:
    req = msgspec.convert(scenario["request"], RecommendationRequest)
    r = recommend(req, catalog(), TODAY)
    problems = check_invariants(r, req)
    for name, *args in scenario["checks"]:
        problems += [f"[{name}] {p}" for p in CHECKS[name](r, req, *args)]
    assert not problems, (f"{scenario['id']} ({scenario['rule']}: {RULES[scenario['rule']]}):\n"
                          + "\n".join(problems[:12]))
