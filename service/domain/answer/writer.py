"""The numbers an answer leads with, per intent: each computed by the core (``size`` and
``recommend``, the same values ``/v1/sizing`` and ``/v1/recommendations`` return, or the
catalog's offers and provider terms), written in the question's language with its number
formats. The first sentence answers what was asked (with yes or no where asked); the
supporting sentences and the warnings the core produced follow."""

from __future__ import annotations

import datetime as dt
import difflib
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from typing import Any

import msgspec

from service.domain.answer.core_warnings import localise
from service.domain.answer.intent import Details, Stated, finetune_options
from service.domain.answer.understand import Extracted
from service.domain.base import Out
from service.domain.catalog.gpus import GPU
from service.domain.catalog.models import Architecture, ModelEntry, param_breakdown
from service.domain.catalog.offer_query import OfferView, in_regions
from service.domain.catalog.offers import Provider
from service.domain.catalog.precisions import PRECISIONS, find_precision, get_precision
from service.domain.catalog.regions import RegionFilter, parse_region_filter
from service.domain.catalog.snapshot import Catalog
from service.domain.catalog.trust import price_date_words
from service.domain.errors import DomainError
from service.domain.fields import BATCH_MAX, TOKENS_MAX
from service.domain.locale import Formatter
from service.domain.messages import Messages
from service.domain.recommend.context import (
    FAST_NETWORKS,
    GRANULARITY_S,
    HOURS_PER_MONTH,
    billed_for,
    billed_hours,
    spot_overhead_fraction,
    unknown_price_defaults,
)
from service.domain.recommend.options import LONG_TTFT_MS
from service.domain.recommend.pricing import job_storage_usd, model_storage_gb
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import (
    DEFAULT_CONTEXT_TOKENS,
    MONTH_DAYS,
    Option,
    Recommendation,
    RecommendationRequest,
)
from service.domain.sizing.audio_speed import AUDIO_JOB_BATCH, WHISPER_WINDOW_S
from service.domain.sizing.layout import NODE_GPUS
from service.domain.sizing.requests import (
    DEFAULT_INPUT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    FinetuneOptions,
    SizingRequest,
)
from service.domain.sizing.sizing import (
    HEADROOM_LOAD,
    SizingResult,
    setups_for,
    size,
    sized_from_entry,
)


class SizingNumbers(Out, frozen=True, kw_only=True):
    model: str
    model_name: str
    weights: str
    context_tokens: int
    total_gib: float
    weights_gib: float
    kv_cache_gib: float | None
    fits_on: list[str]


class OfferNumbers(Out, frozen=True, kw_only=True):
    offer_id: str
    provider: str
    gpu: str
    gpu_count: int
    nodes: int
    weights: str
    pricing_model: str
    per_hour_usd: float
    per_month_usd: float | None
    as_of: str
    as_of_kind: str
    """``published``, ``retrieved`` or ``assumed`` (unknown: ``as_of`` is an upper bound)."""
    price_date: str
    """The date in words in the answer's language."""
    why: str


class AskedNumber(Out, frozen=True, kw_only=True):
    """The number the first sentence answers with, unformatted."""

    quantity: str
    """e.g. ``max_context_tokens``, ``decode_tokens_per_s``, ``gpu_count``, ``per_hour_usd``."""
    value: float
    unit: str
    yes: bool | None = None
    """The yes or no of a yes/no question."""


class Numbers(Out, frozen=True, kw_only=True):
    sizing: SizingNumbers | None
    recommendations: list[OfferNumbers]
    asked: AskedNumber | None = None


@dataclass
class Written:
    first: str | None = None
    more: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    sizing: SizingNumbers | None = None
    offers: list[OfferNumbers] = field(default_factory=list)
    asked: AskedNumber | None = None
    follow_up: str | None = None
    computed: bool = False


# a size a model's catalog notes list ("720p native (1280x720, also 480p 832x480)"); not
# the first two numbers of a latent shape ("704x512x161")
_SIZE_IN_NOTES = re.compile(r"(?<![\w.])(\d{3,4})x(\d{3,4})(?![\w.])")


def _latent_multiple(m: ModelEntry) -> int:
    """The pixels one latent patch covers on a side: the VAE's downsampling times the
    denoiser's spatial patch (``patch_size`` 2 or ``[1, 2, 2]`` in the catalog; 1 when none,
    a UNet's latent positions)."""
    den = next((c for c in m.components if c.role == "denoiser"), None)
    patch = (den.architecture or {}).get("patch_size", 1) if den is not None else 1
    side = patch[-1] if isinstance(patch, list) and patch else patch
    return (m.latent_downsample or 8) * (side if isinstance(side, int) and side > 0 else 1)


# Representative cards for a memory size stated without a GPU ("a 24 GB card").
_CARDS_BY_GB = ("rtx-4090", "l40s", "h100-sxm", "a100-sxm-40gb", "rtx-5090", "rtx-3060",
                "h200-sxm", "b200", "rtx-4060-ti-16gb", "rtx-4070", "a10", "l4", "t4",
                "rtx-3080", "mi300x", "h100-nvl", "rtx-a6000", "v100-sxm2-32gb")

# The sequence length a fine-tuning is sized at when none is stated (FinetuneOptions'
# default): the length assumed, and said, for an example whose length is not stated (padded
# to it, an example costs that much compute; packed shorter ones cost less).
_FT_SEQUENCE = FinetuneOptions().sequence_length


class _W:
    """One question's writing context."""

    def __init__(self, ex: Extracted, det: Details, sub: str | None, lang: str,
                 catalog: Catalog, today: dt.date, messages: Messages,
                 model_id: str | None, st: Stated | None = None) -> None:
        self.ex, self.det, self.sub, self.lang = ex, det, sub, lang
        self.st = st or Stated()
        self.catalog, self.today, self.messages = catalog, today, messages
        self.reg = catalog.registry
        self.t: Mapping[str, str] = messages.section(lang, "answer")
        self.kinds = messages.section(lang, "pricing")
        self.f: Formatter = messages.formatter(lang)
        self.model_id = model_id
        self.model = self.reg.models[model_id] if model_id else None
        self.scaled: Architecture | None = None
        """A bare size's stand-in architecture scaled to the size stated (``_scaled_stand_in``):
        every sizing of the answer is of it, as /v1/sizing sizes an inline ``architecture``."""
        if self.model is not None and ex.model is None and ex.params_b:
            self.scaled = _scaled_stand_in(self.model, ex.params_b * 1e9)
        if self.model is not None and self.scaled is not None:
            stated = float(ex.params_b or 0)
            b = self.n(stated, 0 if stated.is_integer() else 1)
            self.model = msgspec.structs.replace(
                self.model, name=self.say("size_scaled_model", b=b, name=self.model.name,
                                          layers=self.n(self.scaled.num_layers)),
                total_params=param_breakdown(self.scaled).total, active_params=None,
                architecture=self.scaled)
        self.out = Written()
        self.weights = ex.weights or ("int4" if ex.quantized else None)
        self._regions: RegionFilter | None = None
        self.region_used = False
        """Whether any offer quoted was filtered by the region asked."""
        self.region_missed: set[str] = set()
        self.excluded_used = False
        """Whether the providers the question leaves out were left out of an offer quoted."""
        self.provider_missed: set[str] = set()
        """GPUs the provider named has no priced offer for (their prices come from others)."""
        """GPUs with offers, none of them in the region asked."""
        self.media_batch_how = "stated"
        """How ``media_kw``'s batch was chosen: "stated" or "job" (the recommendations')."""
        self.video_size_how: str | None = None
        """How ``video_size`` read a "720p": "native", "listed" or "16:9" (None: not read)."""
        self.priced_gpu: str | None = None
        """The card a price answer led with when the name asked covers several
        (:func:`_variants_price`): the region and provider notes are about it."""
        self.example_tokens: int | None = None
        """The tokens of one example, when :meth:`use_examples` made the job's tokens."""
        self.document_tokens: int | None = None
        """The tokens of one document, when :meth:`use_documents` made the job's tokens."""

    # -- formatting ---------------------------------------------------------------------------

    def n(self, v: float, d: int = 0) -> str:
        return self.f.number(v, d)

    def rate(self, v: float) -> str:
        """A speed: one decimal below 100 (17.4 tokens/s), none above."""
        return self.f.number(v, 1 if abs(v) < 100 else 0)

    def hours(self, v: float) -> str:
        """A duration in hours: whole hours as they are, half an hour as 0.5."""
        return self.f.number(v, 0 if float(v).is_integer() else 1)

    def per_s(self, v: float) -> str:
        """A rate per second: as :meth:`hours` from one up, below it to three significant
        digits (1,000 requests a day is 0.0116 a second, was "0.0")."""
        if v >= 1 or v <= 0:
            return self.hours(v)
        digits = min(9, 2 - math.floor(math.log10(v)))
        said = f"{v:.{digits}f}".rstrip("0")  # 0.5, not 0.500
        return self.n(v, len(said.partition(".")[2]))

    def duration(self, hours: float) -> str:
        """A run's length with its unit: hours from one hour (one decimal under 100), minutes
        under an hour, seconds under a minute (LoRA of 70B on 2.6M tokens read "0.0 hours":
        2.8 minutes); what rounds to one hour is "1 hour" (a job of 1.03 hours read "1.0
        hours")."""
        if abs(hours - 1) < 1e-9 or (hours >= 1 and round(hours, 1) == 1):
            return self.say("duration_hour")
        if hours >= 1:
            whole = abs(hours - round(hours)) < 1e-9  # billed hours: "6 hours", not "6.0"
            return self.say("duration_hours", n=self.n(hours, 1 if hours < 100 and not whole
                                                        else 0))
        minutes = hours * 60
        if minutes >= 1:
            return self.say("duration_minutes", n=self.n(minutes, 1 if minutes < 10 else 0))
        return self.say("duration_seconds", n=self.n(max(1.0, hours * 3600)))

    def gib(self, v: float) -> str:
        return self.f.number(v, 1)

    def usd(self, v: float) -> str:
        return self.f.money(v, 2 if abs(v) < 1000 else 0)

    def unit_usd(self, v: float) -> str:
        """A small unit cost (per image, per hour of audio): three decimals under $0.10,
        four under $0.01 (a cent's fraction is the whole figure: $0.0035, not $0.003)."""
        return self.f.money(v, 4 if 0 < abs(v) < 0.01 else 3 if 0 < abs(v) < 0.1 else 2)

    def say(self, key: str, **kw: object) -> str:
        return self.t[key].format(**kw)

    def gpu_name(self, gid: str) -> str:
        return self.reg.gpus[gid].name

    def setup(self, n: int, gid: str) -> str:
        return self.say("setup", n=n, gpu=self.gpu_name(gid))

    def option_setup(self, o: Option) -> str:
        """An option's machines: "2 × H100", or "4 instances of 1 × L4" over several nodes."""
        one = self.setup(o.offer.gpu_count, o.offer.gpu)
        return self.say("instances", n=o.nodes, setup=one) if o.nodes > 1 else one

    def replicas(self, n: int) -> str:
        """ "1 replica", "2 replicas" (in the answer's language)."""
        return self.say("replica_one") if n == 1 else self.say("replica_many", n=self.n(n))

    def gpus_per_replica(self, n: int) -> str:
        """ "1 GPU per replica", "2 GPUs per replica" (was "2 GPU per replica")."""
        return (self.say("gpus_per_replica_one") if n == 1
                else self.say("gpus_per_replica_many", n=self.n(n)))

    def days(self, hours: float) -> str:
        """ " (75 GPU-days)" after a job of two days of GPU time or more, else nothing."""
        return self.say("gpu_days", days=self.n(hours / 24, 1 if hours < 240 else 0)) \
            if hours >= 48 else ""

    def usage(self) -> str:
        """The usage a monthly figure assumes, in words: "24 h/day, 30 days/month", "8 h/day,
        22 days/month" (a month is 30 days unless stated, as the recommendations count it);
        days of the week stated ("weekdays") with the share of that month they make: "8 h/day,
        21.4 days/month (5 days a week: 30 × 5/7)"."""
        h = self.st.hours_per_day or 24.0
        d = self.hours(self.st.days_per_month or MONTH_DAYS)  # 21.4 for weekdays, 22 as stated
        if self.st.days_per_week:
            return self.say("usage_week", h=self.hours(h), d=d, w=self.hours(self.st.days_per_week))
        return self.say("usage_days", h=self.hours(h), d=d)

    def month_hours(self) -> float:
        """GPU hours in a month at the stated usage: hours a day x days a month (24 x 30 =
        720 around the clock), the recommendations' convention."""
        return (self.st.hours_per_day or 24.0) * (self.st.days_per_month or MONTH_DAYS)

    def train_tokens(self) -> int | None:
        """The tokens a training run processes: the stated tokens times the epochs ("50M
        tokens, 3 epochs" is 150M)."""
        if not self.det.tokens:
            return None
        return self.det.tokens * (self.st.epochs or 1)

    def use_examples(self) -> None:
        """A training set stated as examples and no tokens ("10k examples", "10.000 de
        exemple"): its tokens are the examples times the tokens of one; where the question
        does not say them, the sequence length the fine-tuning is sized at (the one stated,
        else the sizing's default), said as assumed by :meth:`train_tokens_text`."""
        if self.det.tokens or self.st.examples is None:
            return
        count, length = self.st.examples
        self.example_tokens = length or self.st.sequence_tokens or _FT_SEQUENCE
        self.det = msgspec.structs.replace(self.det, tokens=count * self.example_tokens)

    def train_tokens_text(self) -> str:
        """The training tokens in words, with the epochs when stated: "150,000,000
        (50,000,000 × 3 epochs)"; from examples, each factor, and what is assumed:
        "20,480,000 (10,000 examples × 2,048 tokens × 1 epoch; assumed: ...)"."""
        total = self.train_tokens() or 0
        if self.example_tokens is not None and self.st.examples is not None:
            count, length = self.st.examples
            epochs = self.st.epochs or 1
            per = self.n(self.example_tokens)
            assumed = ("" if length and self.st.epochs else self.t["examples_assumed_epoch"]
                       if length else self.say("examples_assumed_len", per=per)
                       if self.st.epochs else self.say("examples_assumed_both", per=per))
            return self.say("examples_tokens", total=self.n(total), examples=self.n(count),
                            per=per, assumed=assumed,
                            epochs=self.t["examples_epoch_one"] if epochs == 1 else
                            self.say("examples_epochs", n=self.n(epochs)))
        if self.st.epochs and self.st.epochs > 1 and self.det.tokens:
            return self.say("epochs_tokens", total=self.n(total), tokens=self.n(self.det.tokens),
                            epochs=self.n(self.st.epochs))
        return self.n(total)

    def use_documents(self) -> None:
        """An embedding job stated as documents and no tokens ("embed 10 million documents
        with bge-large"): its tokens are the documents times the tokens of one; where the
        question does not say them, one input of the length an embedding job is sized at
        (:func:`_embed_on_gpu`, :func:`_job_total`: the model's own limit, at most 512;
        bge-large-en-v1.5's max_context is 512 in catalog/models), said as assumed by
        :meth:`documents_note`. Without it the answer gave the price of an hour alone."""
        m = self.model
        if self.det.tokens or self.st.documents is None or m is None or m.task != "embed":
            return
        count, length = self.st.documents
        self.document_tokens = length or min(self.max_ctx() or 512, 512)
        self.det = msgspec.structs.replace(self.det, tokens=count * self.document_tokens)

    def documents_note(self) -> None:
        """After an embedding job's lead: its tokens as documents × tokens of one, and the
        tokens of one as assumed where the question does not state them."""
        if self.document_tokens is None or self.st.documents is None or not self.det.tokens:
            return
        count, length = self.st.documents
        per = self.n(self.document_tokens)
        self.out.more.append(self.say(
            "embed_documents", total=self.n(self.det.tokens), docs=self.n(count), per=per,
            assumed="" if length else self.say("embed_documents_assumed", per=per)))

    # -- the core -----------------------------------------------------------------------------

    def size(self, **kw: Any) -> SizingResult | None:
        named: dict[str, Any] = ({"architecture": self.scaled} if self.scaled is not None
                                 else {"model": self.model_id})
        req = {**named, **{k: v for k, v in kw.items() if v is not None}}
        if self.weights and "weights" not in kw:
            req["weights"] = self.weights
        engine = self.engine()
        if engine is not None and "engine" not in req:
            req["engine"] = engine
        try:
            return size(msgspec.convert(req, SizingRequest), self.catalog)
        except (DomainError, ValueError, msgspec.ValidationError):
            return None

    def engine(self) -> str | None:
        """The engine the question names, which every sizing of the answer runs on (as
        ``/v1/sizing`` with ``engine``), so that a combination sizing refuses is never a yes;
        None when none is named or it does not serve the model (SDXL "with vLLM": the
        model's default engine answers, as it did)."""
        e = self.reg.engines.by_id.get(self.ex.engine) if self.ex.engine else None
        m = self.model
        return e.id if e is not None and m is not None and e.serves(m.kind, m.family) else None

    def engine_name(self, engine_id: str) -> str:
        """An engine as the catalog names it ("TensorRT-LLM")."""
        e = self.reg.engines.by_id.get(engine_id)
        return e.name if e is not None else engine_id

    def media_kw(self, gid: str | None = None, count: int = 1, job: bool = False
                 ) -> dict[str, Any]:
        """The sizing arguments an image, video or speech question states: the batch size
        ("batch 16", "lot de 16"), the denoising steps ("30 steps", "30 de pași") and an
        image's width × height ("512x512"). A speech job priced on the GPU named (``job``)
        with no batch stated runs at the batch the recommendations give a batch job on that
        GPU (their option's requests in flight per GPU), so the two agree. Each setting used
        is said in the answer (``media_notes``)."""
        m = self.model
        kw: dict[str, Any] = {}
        if m is None:
            return kw
        if m.kind == "diffusion":
            if self.st.diffusion_steps:
                kw["steps"] = self.st.diffusion_steps
            if self.st.image_width_px and self.st.image_height_px and m.modality in (
                    "image", "video"):
                kw["width"], kw["height"] = self.st.image_width_px, self.st.image_height_px
            elif m.modality == "video" and self.st.video_height_px:
                kw["width"], kw["height"] = self.video_size(self.st.video_height_px)
        batch = self.ex.batch_size
        if batch is None and job and m.kind == "audio" and gid is not None:
            batch = self.job_batch(gid, count)
            if batch is not None:
                self.media_batch_how = "job"
        elif batch is not None:
            self.media_batch_how = "stated"
        if batch is not None and m.kind in ("audio", "diffusion"):
            kw["batch_size"] = batch
        return kw

    def video_size(self, height: int) -> tuple[int, int]:
        """The width × height a video model is sized at for a height written as "480p": the
        model's native size at that height; else a size of that height its catalog notes list
        (Wan 2.1 14B: "also 480p 832x480"); else 16:9 with both sides rounded to the model's
        latent multiple (the VAE's downsampling × the denoiser's spatial patch: 16 for Wan and
        HunyuanVideo, so 544p is 960×544 and 1080p 1920×1088), as the pipelines take only
        whole patches. How it was read is kept for ``media_notes`` to say."""
        m = self.model
        assert m is not None
        if m.native_width and m.native_height == height:
            self.video_size_how = "native"
            return m.native_width, height
        for lm in _SIZE_IN_NOTES.finditer(m.notes):
            if int(lm.group(2)) == height:
                self.video_size_how = "listed"
                return int(lm.group(1)), height
        self.video_size_how = "16:9"
        k = _latent_multiple(m)
        return max(k, round(height * 16 / 9 / k) * k), max(k, round(height / k) * k)

    def job_batch(self, gid: str, count: int) -> int | None:
        """The batch per GPU the recommendations run a speech batch job at on ``gid``: the
        requests in flight of their option of ``count`` × ``gid`` on one machine over its
        GPUs (None when they give no such option)."""
        rec = self.recommend(workload="batch", top_n=50, interruptible=False)
        for o in rec.options if rec is not None else []:
            if (o.offer.gpu == gid and o.nodes == 1 and o.performance.max_concurrency
                    and o.offer.gpu_count == count):
                return max(1, o.performance.max_concurrency // o.offer.gpu_count)
        for o in rec.options if rec is not None else []:
            if o.offer.gpu == gid and o.performance.max_concurrency:
                return max(1, o.performance.max_concurrency // (o.offer.gpu_count * o.nodes))
        # no option of that GPU among theirs (a dear GPU): their batch-job batch,
        # AUDIO_JOB_BATCH, halved until the sizing holds it on this GPU
        b = AUDIO_JOB_BATCH
        while b > 1:
            r = self.size(gpu=gid, gpu_count=count, batch_size=b)
            if r is not None and r.fits:
                return b
            b //= 2
        return None

    def media_notes(self, kw: Mapping[str, Any]) -> None:
        """Says the batch and the steps a media answer is sized at (the size is in its first
        sentence)."""
        if "batch_size" in kw:
            job = "media_batch_job" if self.transcribes() else "media_batch_job_gen"
            self.out.more.insert(0, self.say(
                job if self.media_batch_how == "job" else "media_batch",
                batch=self.n(kw["batch_size"])))
        if "steps" in kw:
            m = self.model
            default = m.default_steps if m is not None else None
            self.out.more.insert(0, self.say(
                "media_steps", steps=self.n(kw["steps"]),
                default=self.n(default or 30)))  # sizing's default: the model's, else 30
        if self.video_size_how is not None and "width" in kw and self.model is not None:
            self.out.more.insert(0, self.say(
                f"video_size_{self.video_size_how.replace(':', '_')}",
                p=self.st.video_height_px, w=kw["width"], h=kw["height"],
                k=_latent_multiple(self.model)))

    def card(self) -> tuple[str | None, str | None]:
        """(gpu id, how the setup is named): the GPU named, else a card of the memory
        stated."""
        if self.ex.gpu:
            return self.ex.gpu, None
        if self.det.memory_gib:
            gid = card_for_memory(self.catalog, self.det.memory_gib)
            if gid:
                return gid, self.say("mem_card", gb=self.n(self.det.memory_gib),
                                     gpu=self.gpu_name(gid))
        return None, None

    def offers_for(self, gid: str) -> list[OfferView]:
        """The offers for ``gid`` with a price, trusted and fresh ones first, cheapest per
        GPU-hour first."""
        left_out = self.excluded()
        views = [v for v in self.catalog.views(self.today)
                 if v.gpu == gid and v.price_per_gpu_usd_h is not None
                 and v.provider not in left_out]
        self.excluded_used = self.excluded_used or bool(left_out)
        if self.det.provider:
            at = [v for v in views if v.provider == self.det.provider]
            if views and not at:
                # the provider named has none: the answer says so before the prices elsewhere
                self.provider_missed.add(gid)
            views = at or views
        regions = self.region_filter()
        if regions is not None:
            # the region asked: only offers placed there, as /v1/offers?region= filters them
            # (an offer whose location is unknown is never "in Europe")
            placed = [n for n in (in_regions(v, regions) for v in views) if n is not None]
            if views and not placed:
                self.region_missed.add(gid)
            views = placed
            self.region_used = True
        return sorted(views, key=lambda v: (v.stale or v.suspect, v.price_per_gpu_usd_h or 0.0))

    def region_values(self) -> list[str]:
        """The region asked as values the region filter reads: a continent, a country code or
        a provider region id as is; a region id's stem ("us-east") as every id the offers
        list that starts with it ("us-east-1", "us-east-2"...)."""
        r = self.det.region
        if not r:
            return []
        idx = self.catalog.regions
        table = idx.table
        low = r.lower()
        target = table.aliases.get(low, low).lower()
        if (target in table.continents or target.upper() in table.countries
                or low in idx.ids):
            return [r]
        return sorted(i for i in idx.ids if i.startswith(low))

    def region_filter(self) -> RegionFilter | None:
        if not self.det.region:
            return None
        if self._regions is None:
            values = self.region_values()
            try:
                self._regions = parse_region_filter(values, self.catalog.regions) if values \
                    else RegionFilter(())
            except DomainError:
                self._regions = RegionFilter(())
        return self._regions

    def region_name(self) -> str:
        return self.st.region_word or self.det.region or ""

    def count_price(self, b: tuple[OfferView, float, str], n: int, machine: int) -> None:
        """The hourly price of ``n`` GPUs at :meth:`basis`' offer ``b`` (``machine``: the
        GPUs of the machine :meth:`where` names), its date and its price warnings."""
        v, per, kind = b
        self.out.more.append(self.say("gpu_count_rate_price", hour=self.usd(per * n),
                                      n=self.n(n), price=self.usd(per),
                                      provider=self.where(v, machine), kind=self.kinds[kind]))
        self.out.more.append(self.say("price_date", date=self.view_date(v)))
        self.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)

    def replicas_price(self, gid: str, per: int, setups: int) -> bool:
        """The hourly price of ``setups`` independent replicas of ``per`` × ``gid`` on whole
        machines (each holding whole replicas: 2 of 1 GPU on a 2-GPU machine), the fewest
        machines of the offer that cost least in all, on-demand else reserved, as
        /v1/recommendations rents instances for a load (7 replicas of one L40S: 2 machines
        of 4, 8 GPUs); said with its date and price warnings. False when none is priced."""
        views = [v for v in self.offers_for(gid) if v.gpu_count % per == 0]
        fresh = [v for v in views if not v.stale and not v.suspect] or views
        for key, attr in (("on_demand", "on_demand_usd_h"), ("reserved", "reserved_usd_h")):
            priced = [(getattr(v, attr) * (machines := math.ceil(setups / (v.gpu_count // per))),
                       machines, v)
                      for v in fresh if getattr(v, attr) is not None]
            if not priced:
                continue
            hour, machines, v = min(priced, key=lambda x: (x[0], x[1] * x[2].gpu_count))
            self.out.more.append(self.say(
                "gpu_count_rate_machines", hour=self.usd(hour), provider=v.provider,
                machines=self.say("instances", n=self.n(machines),
                                  setup=self.setup(v.gpu_count, gid)),
                gpus=self.n(machines * v.gpu_count),
                price=self.usd(getattr(v, attr) / v.gpu_count), kind=self.kinds[key]))
            self.out.more.append(self.say("price_date", date=self.view_date(v)))
            self.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
            return True
        return False

    def basis(self, gid: str, count: int = 1, fabric: bool = False, share: bool = False,
              spot: bool = False) -> tuple[OfferView, float, str] | None:
        """The cheapest trusted offer for ``count`` × ``gid`` on its on-demand price (the price
        a GPU kept running is billed at), else reserved, else spot: (offer, $/GPU-hour of the
        ``count``, pricing key), so that $/GPU-hour × ``count`` is what is rented: the
        cheapest one machine that holds ``count`` (one card: a single-GPU machine), exactly
        that many GPUs or a larger machine rented whole, on a tie the exact count; else
        machines that make up ``count`` together (2 of 4), else the fewest machines that
        cover it (3 of 2-GPU machines: 2 of them), as /v1/recommendations rents whole
        instances; :meth:`where` says which. ``share`` (a card's own price asked, no
        setup): for one GPU the lowest price per GPU of any machine (a share of a larger
        machine, named so by :meth:`where`; :meth:`single` gives the price of a card
        alone). ``fabric`` (a training run): machines that make up the count together only
        with a fast network between them (InfiniBand, EFA or RoCE, the recommendations'
        ``FAST_NETWORKS`` rule for multi-node training), the largest machines first (fewest
        nodes to sync).
        ``spot``: spot prices only (a training run asked on spot: :func:`_spot`)."""
        views = self.offers_for(gid)
        fresh = [v for v in views if not v.stale and not v.suspect] or views
        if fabric and count > 1:
            whole = [v for v in fresh if v.gpu_count >= count]
            linked = [v for v in fresh if v.gpu_count < count and count % v.gpu_count == 0
                      and v.network in FAST_NETWORKS]
            big = max((v.gpu_count for v in linked), default=0)
            fresh = whole + [v for v in linked if v.gpu_count == big]
        # several GPUs: the cheapest one machine that holds them, exactly that many or a
        # larger one rented whole, compared by what is paid (a model or job split over GPUs
        # needs them in one machine; 6 x H100 was a 6-GPU machine at $35.84/h beside an
        # 8-GPU one at $14.00/h), the exact count on a tie; else machines that make up the
        # count together (said so, with the network caveat)
        pools = ((fresh,) if share and count == 1 else
                 ([v for v in fresh if v.gpu_count >= count],
                  [v for v in fresh if v.gpu_count < count and count % v.gpu_count == 0],
                  fresh))
        for pool in pools:
            for key, attr in ((("spot", "spot_usd_h"),) if spot else
                              (("on_demand", "on_demand_usd_h"), ("reserved", "reserved_usd_h"),
                               ("spot", "spot_usd_h"))):
                # whole machines: one larger machine, or as many as cover ``count``
                priced = [(getattr(v, attr) / v.gpu_count if share and count == 1 else
                           getattr(v, attr) * _instances(v, count) / count, v)
                          for v in pool if getattr(v, attr) is not None]
                if priced:
                    per, v = min(priced, key=lambda x: (x[0], x[1].gpu_count))
                    return v, per, key
        return None

    def single(self, gid: str) -> tuple[OfferView, float] | None:
        """The cheapest trusted on-demand price of one ``gid`` rented alone (a single-GPU
        offer): (offer, $/h)."""
        singles = [v for v in self.offers_for(gid) if v.gpu_count == 1 and not v.stale
                   and not v.suspect and v.on_demand_usd_h is not None]
        if not singles:
            return None
        v = min(singles, key=lambda x: x.on_demand_usd_h or 0.0)
        return v, v.on_demand_usd_h or 0.0

    def single_note(self, v: OfferView, gid: str) -> None:
        """After a per-GPU price that is a share of a larger machine: the price of one card
        alone, or that none is rented alone."""
        if v.gpu_count <= 1:
            return
        one = self.single(gid)
        if one is None:
            self.out.more.insert(0, self.say("single_none", gpu=self.gpu_name(gid),
                                             n=self.n(v.gpu_count)))
        else:
            self.out.more.insert(0, self.say("single_card", price=self.usd(one[1]),
                                             provider=one[0].provider,
                                             kind=self.kinds["on_demand"]))

    def where(self, v: OfferView, count: int = 1, share: bool = False) -> str:
        """The provider of a price for ``count`` GPUs, with the machine it comes from when
        that is not one machine of ``count``: "lambda (2 machines of 4 × H100)", "lium (the
        whole machine of 2 × L40S)"; ``share`` (a price per GPU of a larger machine, as
        :meth:`basis` gives a card's own price): "lium (per GPU of a 2-GPU machine)"."""
        if v.gpu_count == count:
            if count == 1:
                return v.provider
            return self.say("node_one", provider=v.provider, setup=self.setup(count, v.gpu))
        if v.gpu_count > count and (count > 1 or not share):
            return self.say("node_whole", provider=v.provider,
                            setup=self.setup(v.gpu_count, v.gpu))
        if v.gpu_count < count and (count % v.gpu_count == 0 or not share):
            return self.say("node_many", provider=v.provider,
                            nodes=self.n(_instances(v, count)),
                            setup=self.setup(v.gpu_count, v.gpu))
        return self.say("node_share", provider=v.provider, n=self.n(v.gpu_count))

    def view_date(self, v: OfferView) -> str:
        """An offer's price date in words, in the answer's language (the view's own words
        are English)."""
        return price_date_words(v.as_of, v.as_of_kind, self.t)

    def price_warnings(self, offer_id: str, as_of: str, kind: str, stale: bool,
                       age_days: int | None) -> None:
        if stale and age_days is not None:
            self.warn(self.say("warn_stale", offer=offer_id, days=self.n(age_days)))
        if kind == "assumed":
            self.warn(self.say("warn_assumed", offer=offer_id, date=as_of))

    def warn(self, text: str) -> None:
        if text not in self.out.warnings:
            self.out.warnings.append(text)

    def core_warn(self, text: str) -> None:
        """A warning of sizing or recommendations (English), in the answer's language."""
        self.warn(localise(text, self.t, self.f, self.kinds))

    def sized_warnings(self, r: SizingResult, ctx: int | None = None) -> None:
        for w in r.warnings:
            self.core_warn(w)
        limit = self.max_ctx()
        if ctx and limit and ctx > limit and self.model is not None:
            self.warn(self.say("warn_context", model=self.model.name, limit=self.n(limit),
                               ctx=self.n(ctx)))
        if r.fits and r.gpu is not None and r.memory.per_gpu_gib > 0.9 * self.cap(r):
            free = max(0.0, 1 - r.memory.per_gpu_gib / self.cap(r))
            self.warn(self.say("warn_headroom", used=self.gib(r.memory.per_gpu_gib),
                               cap=self.gib(self.cap(r)), pct=self.f.percent(free, 0)))

    def cap(self, r: SizingResult) -> float:
        """The memory per GPU the sizing's fit compares with (an inference engine's share of
        the card for an LLM served, else the usable memory)."""
        assert r.gpu is not None
        return r.capacity_per_gpu_gib or r.gpu.usable_gib

    def nofit(self) -> str:
        """No GPU of the list holds it: a language model may split over nodes; a diffusion
        pipeline runs one whole copy per GPU (sizing's one replica a GPU), so more GPUs or
        nodes never help it."""
        m = self.model
        return self.t["nofit_replica"] if m is not None and m.kind == "diffusion" else (
            self.t["nofit"])

    def max_ctx(self) -> int | None:
        m = self.model
        if m is None or m.architecture is None:
            return None
        return m.architecture.max_context

    def record(self, r: SizingResult, ctx: int, per_replica: bool = False) -> None:
        """The sizing numbers of the answer. ``per_replica``: a training run's memory is one
        data-parallel replica's (the sizing's total counts every replica), the setup its
        ``fits_on`` rows hold. ``weights_gib`` is always the model's weights: ZeRO-3 / FSDP
        shards them over the data-parallel GPUs, whose shards the sizing's total already adds
        up to one copy (dividing them gave Llama 3.1 8B 7.48 GiB of weights on 2 H100)."""
        fits = [f"{f.gpu_count} × {f.gpu_name}" for f in
                sorted(r.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))[:3]]
        mem = r.memory
        if per_replica and r.layout is not None and r.layout.data > 1:
            d = r.layout.data  # each replica holds the weights and its share of the users'
            copies = 1 if (r.layout.zero_stage or 0) >= 3 else d
            mem = msgspec.structs.replace(
                mem, total_gib=mem.total_gib / d, weights_gib=mem.weights_gib / copies,
                kv_cache_gib=None if mem.kv_cache_gib is None else mem.kv_cache_gib / d)
        self.out.sizing = SizingNumbers(
            model=r.model.id, weights=r.weights, context_tokens=ctx,
            model_name=self.model.name if self.scaled and self.model else r.model.name,
            total_gib=round(mem.total_gib, 2), weights_gib=round(mem.weights_gib, 2),
            kv_cache_gib=None if mem.kv_cache_gib is None else round(mem.kv_cache_gib, 2),
            fits_on=fits)
        self.out.computed = True

    def fits_text(self, r: SizingResult, k: int = 3) -> str:
        rows = sorted(r.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))[:k]
        return ", ".join(self.setup(f.gpu_count, f.gpu) for f in rows)

    def ask(self, quantity: str, value: float, unit: str, yes: bool | None = None) -> None:
        self.out.asked = AskedNumber(quantity=quantity, value=value, unit=unit, yes=yes)
        self.out.computed = True

    def recommend(self, **kw: Any) -> Recommendation | None:
        assert self.model_id is not None
        # a bare size's scaled stand-in is recommended as its architecture, as ``size``
        # sizes it: its id would rank the unscaled model ("100 users of a 50B model" was
        # Falcon 40B, refused past its 2,048-token context, and the answer fell back to GiB)
        named: dict[str, Any] = ({"architecture": self.scaled} if self.scaled is not None
                                 else {"model": self.model_id})
        req: dict[str, Any] = {**named, "weights": self.weights or "auto", "top_n": 3}
        if self.ex.budget_usd_per_hour:
            req["max_usd_per_hour"] = self.ex.budget_usd_per_hour
        if self.ex.budget_usd_per_month:
            req["max_usd_per_month"] = self.ex.budget_usd_per_month
        elif self.st.budget_usd_per_day:
            # a month is 30 days (days_per_month's default): $50/day is $1,500/month
            req["max_usd_per_month"] = self.st.budget_usd_per_day * MONTH_DAYS
        if self.st.storage_gb:
            req["storage_gb"] = self.st.storage_gb
        if self.st.egress_gb:
            req["egress_gb_per_month"] = self.st.egress_gb
        if self.det.provider:
            req["providers"] = [self.det.provider]
        if self.excluded():
            req["exclude_providers"] = list(self.excluded())
            self.excluded_used = True
        if self.det.region:
            req["regions"] = self.region_values() or [self.det.region]
            self.region_used = True
        if self.st.max_ttft_ms and self.generates_tokens():
            # a token target of an image, speech or embedding model is refused by the
            # recommendations (capability.check_applies); the answer says it does not apply
            req["max_time_to_first_token_ms"] = self.st.max_ttft_ms
        if self.st.hours_per_day:
            req["hours_per_day"] = self.st.hours_per_day
        if self.st.days_per_month:
            req["days_per_month"] = self.st.days_per_month
        req.update({k: v for k, v in kw.items() if v is not None})
        try:
            return recommend(msgspec.convert(req, RecommendationRequest), self.catalog,
                             self.today, explain=False)
        except (DomainError, ValueError, msgspec.ValidationError):
            return None

    def excluded(self) -> tuple[str, ...]:
        """The catalog providers the question leaves out ("excluding Hyperstack"), as the
        recommendations' ``exclude_providers``; one also asked for stays asked for (the
        recommendations refuse a provider both asked for and left out)."""
        ids = {p.id for p in self.catalog.providers}
        return tuple(x for x in self.st.exclude_providers
                     if x in ids and x != self.det.provider)

    def transcribes(self) -> bool:
        """Whether the model is speech-to-text (Whisper): an audio model with no component
        that writes a waveform (a codec or a VAE, as MusicGen, Bark and Stable Audio have);
        its batch job is a transcription job, a generator's a generation job."""
        m = self.model
        return m is not None and m.kind == "audio" and not any(
            c.role in ("codec", "vae") for c in m.components)

    def generates_tokens(self) -> bool:
        """Whether the model generates tokens (an LLM that is not an embedding model): only
        there do a time to first token and a tokens/s target apply."""
        return self.model is not None and self.model.kind == "llm" and self.model.task != "embed"

    def offer_numbers(self, rec: Recommendation) -> None:
        for o in rec.options:
            self.out.offers.append(OfferNumbers(
                offer_id=o.offer.id, provider=o.offer.provider, gpu=o.offer.gpu_name,
                gpu_count=o.offer.gpu_count, nodes=o.nodes, weights=o.weights,
                pricing_model=o.pricing_model, per_hour_usd=o.cost.per_hour_usd,
                per_month_usd=o.cost.per_month_usd, as_of=o.offer.as_of,
                as_of_kind=o.offer.as_of_kind,
                price_date=price_date_words(o.offer.as_of, o.offer.as_of_kind, self.t),
                why=o.why))

    def option_warnings(self, o: Option) -> None:
        for w in o.warnings:
            self.core_warn(w)
        if o.offer.stale:
            age = (self.today - dt.date.fromisoformat(o.offer.as_of)).days
            self.warn(self.say("warn_stale", offer=o.offer.id, days=self.n(age)))
        elif o.offer.as_of_kind == "assumed" and not any(
                x.startswith("price date ") for x in o.warnings):  # the core's, in English
            self.warn(self.say("warn_assumed", offer=o.offer.id, date=o.offer.as_of))


_EXAMPLE_GPU = "h100-sxm"
"""The card a spot-or-on-demand question that names no GPU and no model is priced on."""


def _decap(w: _W, text: str) -> str:
    """A sentence joined after another: its first letter in lower case, unless it starts with
    a name ("Meta Llama 3.1 70B", "NVIDIA H100", a provider), which keeps its capital."""
    names = [w.model.name] if w.model is not None else []
    names += [g.name for g in w.reg.gpus.values()] + [p.name for p in w.catalog.providers]
    if any(n and text.startswith(n) for n in names) or text[:2].isupper():
        return text
    return text[:1].lower() + text[1:]


def card_for_memory(catalog: Catalog, gb: float) -> str | None:
    """A representative GPU with ``gb`` GB of memory (the one most rented first)."""
    gpus = catalog.registry.gpus
    for gid in _CARDS_BY_GB:
        g = gpus.get(gid)
        if g is not None and round(g.memory_gb) == round(gb):
            return gid
    same = [g for g in gpus.values() if round(g.memory_gb) == round(gb)]
    if same:
        return sorted(same, key=lambda g: g.id)[0].id
    return None


# ---------------------------------------------------------------------------------------------
# Intents


def _ctx(w: _W, default: int = 4096) -> int:
    if w.ex.context_tokens:
        return w.ex.context_tokens
    m = w.model
    limit = m.architecture.max_context if m is not None and m.architecture else None
    if limit and w.ex.model is None and w.ex.params_b:
        # a bare size stood in for by a model ("a 40B model": Falcon 40B, 2,048 tokens) with
        # no context stated: sized at the stand-in's own limit, never refused past it
        return min(default, limit)
    if m is not None and m.task == "embed" and limit:
        # an embedding model takes at most its own input length (bge-large: 512)
        return min(default, limit)
    return default


def _prompt(w: _W, out: int = 512, default: int = 2048) -> int:
    """The input tokens of one request that generates ``out``. A context stated ("8k
    context", "32768 context", the ask context's ``context_tokens``) is prompt plus output,
    as /v1/recommendations reads ``context_tokens``: its prompt is the context less ``out``,
    so memory, speed and price are all for the context stated. A prompt stated as one ("4000
    input tokens", "1k in 1k out": ``Stated.prompt_tokens``) is the input itself, and so is
    a context no longer than ``out`` (nothing would be left of it for a prompt). ``default``
    input tokens when no length is stated, or the only one read is the output ("500 tokens
    out each")."""
    ctx = w.ex.context_tokens
    if ctx and ctx == w.st.prompt_tokens:
        return ctx
    if not ctx or ctx == w.st.output_tokens:
        return default
    return ctx if ctx <= out else ctx - out


def _answered_as_media(w: _W) -> bool:
    """An image, video or audio model is answered in its own units, never tokens of context:
    done here (True), or the model is an LLM (False)."""
    if w.model is not None and w.model.kind != "llm":
        _media(w)
        return True
    return False


def _gpu_spec(w: _W, gid: str) -> None:
    """A GPU's own figure asked, with no model: its memory or its memory bandwidth, from the
    GPU registry."""
    g = w.reg.gpus[gid]
    kind = g.memory_type or "VRAM"
    if w.st.bandwidth:
        w.out.first = w.say("gpu_bandwidth_spec", gpu=g.name, tbs=w.f.number(
            g.bandwidth_gb_s / 1000, 2), gbs=w.n(g.bandwidth_gb_s), gb=w.n(g.memory_gb),
            type=kind)
        w.ask("memory_bandwidth_gb_s", g.bandwidth_gb_s, "GB/s")
    else:
        w.out.first = w.say("gpu_memory_spec", gpu=g.name, gb=w.n(g.memory_gb), type=kind,
                            usable=w.gib(g.usable_gib))
        w.ask("gpu_memory_gb", g.memory_gb, "GB")


def _memory(w: _W) -> None:
    if w.model is None and w.ex.gpu is not None:
        _gpu_spec(w, w.ex.gpu)
        return
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    if (w.sub == "per_gpu" and gid is not None and w.model.kind == "llm"
            and _memory_per_gpu(w, gid, named)):
        return
    ctx = _ctx(w)
    users = w.ex.concurrent_requests if w.model.kind == "llm" else None
    # "for 20 users": the memory with every user's KV cache (the sizing's batch)
    r = w.size(input_tokens=ctx, output_tokens=0,
               batch_size=users if users and users > 1 else None)
    if r is None:
        return
    w.record(r, ctx)
    mem = r.memory
    kv = w.say("kv", kv=w.gib(mem.kv_cache_gib)) if mem.kv_cache_gib else ""
    if users and users > 1 and mem.kv_cache_gib:
        w.out.first = w.say("memory_users", users=w.n(users), model=w.model.name,
                            weights=r.weights, ctx=w.n(ctx), total=w.gib(mem.total_gib),
                            w=w.gib(mem.weights_gib), kv=w.gib(mem.kv_cache_gib))
    else:
        w.out.first = w.say("memory", model=w.model.name, weights=r.weights, ctx=w.n(ctx),
                            total=w.gib(mem.total_gib), w=w.gib(mem.weights_gib), kv=kv)
    w.ask("total_gib", mem.total_gib, "GiB")
    if w.st.gb_asked:
        _memory_in_gb(w, r, ctx, users)
    w.out.more.append(w.say("fits_list", fits=w.fits_text(r)) if r.fits_on else w.nofit())
    w.sized_warnings(r, ctx)


_BYTES_PER_GIB = 2**30
"""GiB (IEC 80000-13: 2^30 bytes), the sizing's unit; a GB is 10^9 bytes (SI), so a GiB
is 1.073741824 GB."""


def _memory_in_gb(w: _W, r: SizingResult, ctx: int, users: int | None) -> None:
    """The memory asked in GB ("answer in GB"): the same sizing said in GB (10^9 bytes) with
    the total's GiB beside it, and GB the number asked, never GiB labelled as GB."""
    assert w.model is not None
    mem = r.memory

    def gb(gib: float) -> float:
        return gib * _BYTES_PER_GIB / 1e9

    common = {"model": w.model.name, "weights": r.weights, "ctx": w.n(ctx),
              "total_gb": w.gib(gb(mem.total_gib)), "total": w.gib(mem.total_gib),
              "w_gb": w.gib(gb(mem.weights_gib))}
    if users and users > 1 and mem.kv_cache_gib:
        w.out.first = w.say("memory_users_gb", users=w.n(users),
                            kv_gb=w.gib(gb(mem.kv_cache_gib)), **common)
    else:
        kv = w.say("kv_gb", kv=w.gib(gb(mem.kv_cache_gib))) if mem.kv_cache_gib else ""
        w.out.first = w.say("memory_gb", kv=kv, **common)
    w.ask("total_gb", gb(mem.total_gib), "GB")


def _memory_per_gpu(w: _W, gid: str, named: str | None) -> bool:
    """Each GPU's memory asked on a GPU named ("memory per GPU ... on 4 H100", "memorie pe
    GPU ... pe 4 H100"): the sizing of that setup, as /v1/sizing gives it for those GPUs (the
    count stated, else the fewest of the GPU that hold the model), with its layout and its
    total, which the split makes larger than one GPU's (each GPU keeps its own activations
    and runtime). A setup too small says No first, then how many of it hold the model. False
    when the sizing has no answer for that GPU (the total is said instead)."""
    assert w.model is not None
    ctx = _ctx(w)
    users = w.ex.concurrent_requests
    batch = users if users and users > 1 else None
    count = w.ex.gpu_count or _min_count(w, gid, ctx) or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0, batch_size=batch)
    if r is None or r.gpu is None:
        return False
    w.record(r, ctx)
    lay = r.layout
    layout = "" if lay is None or count == 1 else (
        w.say("per_gpu_layout_tp", tp=w.n(lay.tensor)) if lay.tensor == count
        else w.say("per_gpu_layout", label=lay.label))
    w.out.first = w.say("memory_per_gpu" if r.fits else "memory_per_gpu_no",
                        model=w.model.name, weights=r.weights, setup=named or w.setup(count, gid),
                        per=w.gib(r.memory.per_gpu_gib), layout=layout,
                        total=w.gib(r.memory.total_gib), ctx=w.n(ctx), cap=w.gib(w.cap(r)),
                        users=w.say("per_gpu_users", users=w.n(batch)) if batch else "")
    # a memory asked: no yes or no, unless the setup named cannot hold it
    w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=None if r.fits else False)
    if not r.fits:
        row = next((f for f in sorted(r.fits_on, key=lambda f: f.gpu_count)
                    if f.gpu == gid and f.gpu_count > count), None)
        if row is not None:
            w.out.more.append(w.say("fits_takes", n=w.n(row.gpu_count), gpu=w.gpu_name(gid),
                                    weights=r.weights, per=w.gib(row.per_gpu_gib)))
        elif r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
    w.sized_warnings(r, ctx)
    return True


def _need_count(w: _W, gid: str, n: int, ctx: int) -> bool:
    """"Do I need 2 GPUs for ... on an H100?": ``n`` compared with the fewest ``gid`` (1, 2,
    4, up to a node) whose sizing holds the model at ``ctx`` and whose engine runs it: a No
    when fewer hold it (with the longest context one request gets on them: more GPUs buy
    context or users, not the fit), a Yes when fewer do not. False when no node of it holds
    the model (the plain fit answer says so)."""
    assert w.model is not None
    k, r = 1, None
    while k <= NODE_GPUS:
        r = w.size(gpu=gid, gpu_count=k, input_tokens=ctx, output_tokens=0)
        if r is not None and r.gpu is not None and r.fits and r.runs is not False:
            break
        k *= 2
    if r is None or r.gpu is None or k > NODE_GPUS:
        return False
    w.record(r, ctx)
    common = {"model": w.model.name, "weights": r.weights, "setup": w.setup(k, gid),
              "need": w.gib(r.memory.per_gpu_gib), "cap": w.gib(w.cap(r)), "ctx": w.n(ctx),
              "n": w.n(n), "gpu": w.gpu_name(gid)}
    if k < n:
        w.out.first = w.say("fits_need_no", max_ctx=w.n(r.max_context_tokens or ctx), **common)
    else:
        w.out.first = w.say("fits_need_yes" if k == n else "fits_need_more", **common)
    w.ask("gpu_count", k, "GPUs", yes=k >= n)
    w.sized_warnings(r, ctx)
    return True


def _need_any(w: _W, n: int) -> bool:
    """"Do I need 2 GPUs for mistral-7b?" with no GPU named: ``n`` compared with the fewest
    GPUs of any catalog GPU that hold the model (the sizing's ``fits_on``), with the smallest
    memory per GPU at that count: a No when fewer hold it, a Yes when fewer do not (and more
    when even ``n`` do not). False when nothing in the catalog holds it (the memory answer
    says so)."""
    assert w.model is not None
    ctx = _ctx(w)
    r = w.size(input_tokens=ctx, output_tokens=0)
    if r is None or not r.fits_on:
        return False
    w.record(r, ctx)
    least = min(f.gpu_count for f in r.fits_on)
    gb = min(w.reg.gpus[f.gpu].memory_gb for f in r.fits_on if f.gpu_count == least)
    common = {"model": w.model.name, "weights": r.weights, "n": w.n(n), "least": w.n(least),
              "gb": w.n(gb), "need": w.gib(r.memory.total_gib), "ctx": w.n(ctx),
              "fits": w.fits_text(r)}
    key = ("fits_need_any_more" if least > n else "fits_need_any_yes" if least == n
           else "fits_need_any_one" if least == 1 else "fits_need_any_fewer")
    w.out.first = w.say(key, **common)
    w.ask("gpu_count", least, "GPUs", yes=least >= n)
    w.sized_warnings(r, ctx)
    return True


def _fits(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    if _work_rate(w, gid):  # "is one A10G enough for 300 embeddings/s with bge-large?"
        return
    if _job_deadline(w, gid):  # "can I embed 500M documents ... by Friday on one L4?"
        return
    if gid is None:
        n = w.ex.gpu_count or 0  # "do I need 2 GPUs for ...?" with no GPU named
        if not (w.sub == "need" and n > 1 and _need_any(w, n)):
            _memory(w)
        return
    ctx = _ctx(w)
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0)
    if r is None or r.gpu is None:
        _memory(w)
        return
    w.record(r, ctx)
    setup = named or w.setup(count, gid)
    limit = _past_context_limit(w, r, ctx)
    if limit is not None:
        # past the model's own limit no engine takes the request, whatever the memory or
        # the GPU: the limit is the answer (a smaller precision or more GPUs change nothing)
        w.out.first = w.say("fits_over_context", model=w.model.name, limit=w.n(limit),
                            ctx=w.n(ctx), setup=setup, weights=r.weights,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)))
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
        w.sized_warnings(r, ctx)
        return
    if _engine_not_on_gpu(w, r, gid, count, ctx, setup):
        return
    if w.sub == "need" and count > 1 and named is None and _need_count(w, gid, count, ctx):
        return
    # memory alone is not a yes: an engine that cannot run the weights there is a no (and
    # when they do not fit either, both are said: never "would fit" past the usable memory)
    key = ("fits_cannot_run" if r.runs is False and r.fits else "fits_cannot_run_nofit"
           if r.runs is False else "fits_yes" if r.fits else "fits_no")
    w.out.first = w.say(key, model=w.model.name, weights=r.weights, setup=setup,
                        need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                        ctx=w.n(ctx), engine=r.engine)
    w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=bool(r.fits) and r.runs is not False)
    if not r.fits:
        _smaller_precisions(w, gid, count, ctx, r, setup)
        row = next((f for f in sorted(r.fits_on, key=lambda f: f.gpu_count)
                    if f.gpu == gid and f.gpu_count > count), None)
        if row is not None:  # the GPU named first: how many of it hold the model
            w.out.more.append(w.say("fits_takes", n=w.n(row.gpu_count), gpu=w.gpu_name(gid),
                                    weights=r.weights, per=w.gib(row.per_gpu_gib)))
        _eight_bit_no(w, gid, count, ctx, r)
    _nearest_that_runs(w, r, gid, count, ctx)
    if not r.fits and r.fits_on:
        w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
    w.sized_warnings(r, ctx)


def _engine_not_on_gpu(w: _W, r: SizingResult, gid: str, count: int, ctx: int,
                       setup: str) -> bool:
    """The engine does not run on that GPU at any precision (vLLM on a P100, TensorRT-LLM on
    an MI300X; catalog/kernels.toml [[platform]]): said first, the memory being beside the
    point, then the first other engine that runs the model there and how it fits on it, and
    the GPUs the engine asked runs it on. False when the engine runs there."""
    assert w.model is not None
    gpu = w.reg.gpus[gid]
    first = _no_platform(w, r, gpu)
    if first is None:
        return False
    w.out.first = first
    w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
    alt = _other_engine(w, r, gid, count, input_tokens=ctx, output_tokens=0)
    if alt is None:
        w.out.more.append(w.say("fits_engine_alt_none", model=w.model.name, gpu=gpu.name))
    else:
        if not alt.fits:  # (inserted first: its sentence follows the engine's)
            _smaller_precisions(w, gid, count, ctx, alt, setup, engine=alt.engine)
        w.out.more.insert(0, w.say(
            "fits_engine_alt" if alt.fits else "fits_engine_alt_nofit",
            alt=w.engine_name(alt.engine), model=w.model.name, weights=alt.weights,
            setup=setup, need=w.gib(alt.memory.per_gpu_gib), cap=w.gib(w.cap(alt))))
    if r.fits_on:
        w.out.more.append(w.say("fits_engine_runs_on", engine=w.engine_name(r.engine),
                                fits=w.fits_text(r)))
    w.sized_warnings(r, ctx)
    return True


def _no_platform(w: _W, r: SizingResult, gpu: GPU) -> str | None:
    """"No: <engine> does not run on <GPU> (<its compute capability>): it runs on <what its
    platform covers>" where sizing refused the engine on that GPU at any precision
    (catalog/kernels.toml [[platform]]), else None."""
    kernels = w.reg.kernels
    plat = kernels.platforms.get(r.engine)
    s = kernels.supported(r.engine, get_precision(r.weights), gpu)
    if r.runs is not False or plat is None or s.ok or not s.rule.startswith("platform:"):
        return None
    cover = []
    if plat.cuda_min == "any":
        cover.append(w.t["core_cover_any_nvidia"])
    elif plat.cuda_min is not None:
        cover.append(w.say("core_cover_cc", cc=plat.cuda_min))
    if "*" in plat.rocm:
        cover.append(w.t["core_cover_any_amd"])
    elif plat.rocm:
        cover.append("AMD " + "/".join(plat.rocm))
    if plat.other:
        cover.append(f" {w.t['core_or']} ".join(plat.other))
    nvidia = gpu.vendor.lower() == "nvidia"
    hw = (w.say("core_hw_cc", cc=gpu.compute_capability) if nvidia and gpu.compute_capability
          else w.t["core_hw_cc_unknown"] if nvidia
          else gpu.compute_capability or gpu.architecture or gpu.vendor)
    return w.say("fits_no_platform", engine=w.engine_name(r.engine), gpu=gpu.name, hw=hw,
                 cover=", ".join(cover) or w.t["core_cover_none"])


def _other_engine(w: _W, r: SizingResult, gid: str, count: int, **kw: Any
                  ) -> SizingResult | None:
    """Another engine that runs the model on ``gid``, sized there (with ``kw``): as sizing's
    warning names them, the first of the catalog's engines that runs the weights asked, else
    the first that runs the nearest precision to them (catalog/kernels.toml [nearest]); None
    when none serves it there."""
    gpu = w.reg.gpus[gid]
    p = get_precision(r.weights)
    lookup = {x.id: x for x in PRECISIONS}
    kernels = w.reg.kernels
    for same in (True, False):
        for e in w.reg.engines:
            q = p if same else kernels.nearest_supported(e.id, p, gpu, lookup)
            if e.id == r.engine or q is None or not kernels.supported(e.id, q, gpu).ok:
                continue
            got = w.size(gpu=gid, gpu_count=count, weights=q.id, engine=e.id, **kw)
            if got is not None and got.runs is not False:
                return got
    return None


def _nearest_that_runs(w: _W, r: SizingResult, gid: str, count: int, ctx: int) -> None:
    """After "<engine> cannot run <weights> on that GPU" (fp8 with TensorRT-LLM on an A100):
    the nearest precision that engine runs there (kernels.toml [nearest]) and whether the
    model fits at it, sized with that engine; where none of its list runs, the first other
    engine that runs the weights there. Said right after the first sentence."""
    assert w.model is not None
    gpu = w.reg.gpus[gid]
    p = get_precision(r.weights)
    kernels = w.reg.kernels
    if r.runs is not False or r.engine not in w.reg.engines or kernels.supported(
            r.engine, p, gpu).ok:
        return
    near = kernels.nearest_supported(r.engine, p, gpu, {x.id: x for x in PRECISIONS})
    if near is None:
        alt = _other_engine(w, r, gid, count, input_tokens=ctx, output_tokens=0)
        if alt is not None:
            w.out.more.insert(0, w.say(
                "fits_engine_alt" if alt.fits else "fits_engine_alt_nofit",
                alt=w.engine_name(alt.engine), model=w.model.name, weights=alt.weights,
                setup=w.setup(count, gid), need=w.gib(alt.memory.per_gpu_gib),
                cap=w.gib(w.cap(alt))))
        return
    again = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0,
                   weights=near.id, engine=r.engine)
    if again is None or again.runs is False or again.gpu is None:
        return
    w.out.more.insert(0, w.say("fits_near" if again.fits else "fits_near_nofit",
                               near=near.id, engine=w.engine_name(r.engine),
                               need=w.gib(again.memory.per_gpu_gib), cap=w.gib(w.cap(again))))


def _past_context_limit(w: _W, r: SizingResult, ctx: int) -> int | None:
    """The model's own context limit where the sizing says the request does not run because
    ``ctx`` (input and output tokens) is past it, else None. An embedding model's input is
    cut to its limit instead, so it is never past it."""
    limit = w.max_ctx()
    if (r.runs is not False or w.model is None or w.model.task == "embed" or not limit
            or ctx <= limit):
        return None
    return limit


def _eight_bit_no(w: _W, gid: str, count: int, ctx: int, r: SizingResult) -> None:
    """After a "no" at 16 bits where 8 bits do not fit that setup either (Mixtral 8x22B on one
    H200: about 263 GiB of bf16 and 131 GiB of fp8 weights): the 8-bit need said next to the
    first "no" (the lower precisions that fit follow it), and after the 16-bit count the fewest
    of the GPU that hold 8 bits. fp8 where the GPU's kernels run it, else int8."""
    if r.runs is False or get_precision(r.weights).bits_linear < 16:
        return
    for pid in ("fp8", "int8"):
        again = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0, weights=pid)
        if again is None or any(x.startswith("impossible combination") for x in again.warnings):
            continue
        if again.fits:
            return  # _smaller_precisions leads with it
        w.out.more.insert(0, w.say("fits_no_either", p=pid,
                                   need=w.gib(again.memory.per_gpu_gib)))
        for k in (2, 4, 8):
            more = (w.size(gpu=gid, gpu_count=k, input_tokens=ctx, output_tokens=0, weights=pid)
                    if k > count else None)
            if more is not None and more.fits:
                w.out.more.append(w.say("fits_takes", n=w.n(k), gpu=w.gpu_name(gid), weights=pid,
                                        per=w.gib(more.memory.per_gpu_gib)))
                return
        return


# The precisions tried, in order, when a model does not fit as asked: the common 8-bit,
# 4-bit and GGUF formats, down to the smallest GGUF one we size.
_SMALLER = ("fp8", "int8", "q8_0", "q6_k", "q5_k_m", "awq-int4", "q4_k_m", "q3_k_m", "q2_k")


def _smaller_precisions(w: _W, gid: str, count: int, ctx: int, r: SizingResult,
                        setup: str, engine: str | None = None) -> None:
    """After a "no": the lower precisions at which the model fits on that setup (with the
    GPU's kernels able to run them), else how much the smallest still needs. ``engine``:
    sized with that engine (another than the question's, which runs there), else the
    question's."""
    bits = get_precision(r.weights).bits_linear
    fits: list[tuple[str, float]] = []
    smallest: tuple[str, float] | None = None
    for pid in _SMALLER:
        if get_precision(pid).bits_linear >= bits:
            continue
        again = w.size(gpu=gid, gpu_count=count, input_tokens=ctx, output_tokens=0,
                       weights=pid, engine=engine)
        if again is None or any(x.startswith("impossible combination") for x in again.warnings):
            continue
        smallest = (pid, again.memory.per_gpu_gib)
        if again.fits:
            fits.append((pid, again.memory.per_gpu_gib))
    if fits:
        w.out.more.insert(0, w.say("fits_at", list=", ".join(
            w.say("fits_at_one", p=pid, need=w.gib(need)) for pid, need in fits[:4])))
    elif smallest is not None:
        w.out.more.insert(0, w.say("fits_at_none", p=smallest[0], need=w.gib(smallest[1]),
                                   setup=setup))


_NAMED_SIZE = re.compile(r"(?<![\d.])(\d++(?:\.\d++)?)b\b")
"""The size a model id states ("llama-3.1-70b" -> 70)."""


def _scaled_stand_in(m: ModelEntry, params: float) -> Architecture | None:
    """A bare size ("a 70B model") is sized as the catalog model that stands for it (compose's
    ``_representative``, at most 25 % away, the "I know no model of about N B" limit) only
    where that model's name states the size within 3 % (Llama 3.1 70B, 70.6B; "a 400B model":
    Llama 3.1 405B); else ("a 50B model":
    Falcon 40B's 41.3B; "a 45B model", 8 % off) it is sized at the count stated, so that its
    weights are that count x the precision's bytes (50e9 x 2 B = 93.1 GiB at fp16):

    ``m``'s architecture with as many layers as put it at ``params`` parameters, the MLP
    width then trimmed to the exact count (a fraction of a layer); its context limit unknown
    (the stand-in's is its own, not the stated size's), its vision tower dropped (a size is a
    language model's). The KV cache per token grows with the layers, so it keeps the
    stand-in's KV per parameter. None where ``m``'s name states the size within 3 % (sized
    as ``m``)
    or for a shape that does not scale by its layers alone (MoE, MLA, hybrid attention,
    encoder-decoder)."""
    a, named = m.architecture, _NAMED_SIZE.search(m.id)
    if (m.kind != "llm" or a is None
            or (named and abs(float(named.group(1)) * 1e9 - params) <= 0.03 * params)
            or a.is_moe or a.is_mla or a.is_encoder_decoder or a.linear_attention_layers
            or a.sliding_window_layers or a.first_dense_layers):
        return None
    b = param_breakdown(a)
    fixed = b.embedding + b.lm_head + a.hidden_size  # and the final norm
    per_layer = (b.total - fixed) / a.num_layers
    layers = max(1, round((params - fixed) / per_layer))
    scaled = msgspec.structs.replace(a, num_layers=layers, max_context=None, vision_params=0)
    mats = 3 if a.mlp_type == "gated" else 2
    gap = params - param_breakdown(scaled).total
    width = a.intermediate_size + round(gap / (layers * mats * a.hidden_size))
    return msgspec.structs.replace(scaled, intermediate_size=max(1, width))


_FALLBACK_PRECISIONS = ("fp8", "int8", "awq-int4")
"""The precisions tried, largest first, where a model at its own does not fit the GPUs
named and no precision was stated (as the speed answer does)."""


def _fitting_precision(w: _W, r: SizingResult, gid: str, count: int, setup: str, ctx: int,
                       held: Callable[[SizingResult], object], takes: bool = True,
                       **kw: Any) -> SizingResult | None:
    """The sizing at the largest precision that fits ``count`` x ``gid`` (``held``: it holds
    what is asked, a request or a context), when no precision was stated and the model's own
    does not (Llama 3.1 70B at bf16 on one H100: 0 requests; at fp8 one): said so, with the
    GPUs of it the model's own precision takes (``takes``). None: a precision was stated,
    the model's own fits, or none of the smaller ones does either. The speed, max-users,
    max-context and compare answers all fall back through it."""
    if held(r) or w.weights is not None or w.model is None or w.model.kind != "llm":
        return None
    for pid in _FALLBACK_PRECISIONS:
        if get_precision(pid).bits_linear >= get_precision(r.weights).bits_linear:
            continue
        again = w.size(gpu=gid, gpu_count=count, weights=pid, **kw)
        if again is None or again.runs is False or not held(again):
            continue
        w.out.more.append(w.say("speed_precision_note", p0=r.weights, p=pid, setup=setup,
                                ctx=w.n(ctx), need=w.gib(r.memory.per_gpu_gib),
                                cap=w.gib(w.cap(r))))
        row = next((f for f in sorted(r.fits_on, key=lambda f: f.gpu_count)
                    if f.gpu == gid and f.gpu_count > count), None) if takes else None
        if row is not None:  # the model's own precision: how many of the GPU it takes
            w.out.more.append(w.say("fits_takes", n=w.n(row.gpu_count), gpu=w.gpu_name(gid),
                                    weights=r.weights, per=w.gib(row.per_gpu_gib)))
        return again
    return None


def _max_context(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    if gid is None:
        w.out.follow_up = w.t["need_gpu"]
        _memory(w)
        return
    count = w.ex.gpu_count or 1
    # "with 8 concurrent users": each user's context with all 8 in memory (the sizing's batch,
    # as /v1/sizing's max_context_tokens at that batch_size), not one sequence's
    users = w.ex.concurrent_requests if w.model.kind == "llm" else None
    users = users if users and users > 1 else None
    r = w.size(gpu=gid, gpu_count=count, batch_size=users)
    if r is None or r.gpu is None:
        return
    setup = named or w.setup(count, gid)
    r = _fitting_precision(w, r, gid, count, setup, DEFAULT_INPUT_TOKENS + DEFAULT_OUTPUT_TOKENS,
                           lambda x: x.max_context_tokens, batch_size=users) or r
    w.record(r, r.max_context_tokens or 0)
    if not r.max_context_tokens:
        w.out.first = w.say("max_context_none", model=w.model.name, weights=r.weights,
                            setup=setup, need=w.gib(r.memory.per_gpu_gib),
                            cap=w.gib(w.cap(r)))
        w.ask("max_context_tokens", 0, "tokens", yes=False)
        if r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
    else:
        limit = w.max_ctx()
        note = (w.say("ctx_limit_note", limit=w.n(limit))
                if limit and limit < r.max_context_tokens * 4 else "")
        w.out.first = w.say("max_context_users" if users else "max_context",
                            model=w.model.name, weights=r.weights, setup=setup,
                            n=w.n(r.max_context_tokens), limit=note, users=w.n(users or 1))
        w.ask("max_context_tokens", r.max_context_tokens, "tokens")
        if r.kv_cache_bytes_per_token:
            kv = r.kv_cache_bytes_per_token
            w.out.more.append(w.say(
                "kv_cache", model=w.model.name, kib=w.n(kv / 1024, 1 if kv < 10240 else 0),
                bytes=w.n(kv), kv=r.kv_cache or r.weights, ctx=w.n(r.max_context_tokens),
                gib=w.gib(kv * r.max_context_tokens / 2**30)))
    for x in r.warnings:
        w.core_warn(x)


def _max_concurrency(w: _W) -> None:
    if w.model is None or w.model.kind != "llm":
        _fallback(w)
        return
    gid, named = w.card()
    if gid is None:
        w.out.follow_up = w.t["need_gpu"]
        _memory(w)
        return
    count = w.ex.gpu_count or 1
    inp = _prompt(w)
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512)
    if r is None or r.gpu is None:
        return
    setup = named or w.setup(count, gid)
    r = _fitting_precision(w, r, gid, count, setup, inp + 512, lambda x: x.max_batch_size,
                           input_tokens=inp, output_tokens=512) or r
    w.record(r, inp + 512)
    if not r.max_batch_size:
        w.out.first = w.say("fits_no", model=w.model.name, weights=r.weights, setup=setup,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                            ctx=w.n(inp + 512))
        w.ask("max_batch_size", 0, "requests", yes=False)
        return
    w.out.first = w.say("max_concurrency_one" if r.max_batch_size == 1 else "max_concurrency",
                        setup=setup, model=w.model.name, weights=r.weights,
                        n=w.n(r.max_batch_size), ctx=w.n(inp + 512), inp=w.n(inp),
                        out=w.n(512))
    w.ask("max_batch_size", r.max_batch_size, "requests")
    p = r.performance
    if p is not None and p.max_concurrency and p.max_throughput_tokens_per_s:
        # more admitted than held: the engine allocates KV cache in pages as each request
        # grows (vLLM's PagedAttention), so requests in flight, most short of their full
        # length, share the memory that full-length ones would fill (the sizing's
        # "serving" note: paged blocks at their actual context)
        more = p.max_concurrency > r.max_batch_size
        w.out.more.append(w.say("concurrency_more_paged" if more else "concurrency_more",
                                n=w.n(p.max_concurrency), held=w.n(r.max_batch_size),
                                thr=w.n(p.max_throughput_tokens_per_s)))
    w.sized_warnings(r, inp + 512)


def _speed(w: _W) -> None:
    if w.model is None or _answered_as_media(w):
        return
    gid, named = w.card()
    if _work_rate(w, gid):  # an embedding model's rate of inputs
        return
    # an embedding model's input: at most its own limit (bge-large: 512)
    out = w.st.output_tokens or (0 if w.model.task == "embed" else 512)  # it generates none
    inp = _ctx(w) if w.model.task == "embed" else _prompt(w, out)
    if gid is None and w.model.kind == "llm" and (w.st.min_tokens_per_s or w.st.max_ttft_ms):
        if not w.generates_tokens():
            # an embedding model generates no tokens: no setup "reaches" a time to first
            # token; the cheapest match is priced, and the answer says the target does not
            # apply (compose_numbers)
            w.sub = None
            _cost(w)
            return
        if w.ex.context_tokens is None and w.st.prompt_tokens is None and (
                out < DEFAULT_CONTEXT_TOKENS):
            # no length stated: the recommendations' default context (4,096 tokens, prompt
            # plus output), so a target met here is met there too (a 2,048-token prompt was
            # a shorter prefill than /v1/recommendations checks)
            inp = DEFAULT_CONTEXT_TOKENS - out
        _speed_target(w, inp, out)
        return
    if gid is None:
        base = w.size(input_tokens=inp, output_tokens=out)
        rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib)) if base \
            else []
        row = next((f for f in rows if f.decode_tokens_per_s), None)
        if base is None or row is None or row.decode_tokens_per_s is None:
            w.out.follow_up = w.t["need_gpu"]
            return
        w.record(base, inp + out)
        w.out.first = w.say("speed_nogpu", setup=w.setup(row.gpu_count, row.gpu),
                            model=w.model.name, weights=base.weights,
                            tps=w.rate(row.decode_tokens_per_s))
        w.ask("decode_tokens_per_s", row.decode_tokens_per_s, "tokens/s")
        w.out.follow_up = w.t["need_gpu"]
        return
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
               batch_size=w.ex.concurrent_requests)
    one_r: SizingResult | None = None  # one GPU, when the count is changed from it
    if r is not None and not r.fits and not w.ex.gpu_count:
        # not on one: the fewest of that GPU that hold it (the sizing's fits_on row)
        count = _min_count(w, gid, inp + out) or 1
        if count > 1:
            one_r = r
            r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                       batch_size=w.ex.concurrent_requests)
    if r is None or r.gpu is None:
        return
    setup = named or w.setup(count, gid)
    if not r.fits:
        # the model's own precision does not fit there at this prompt: the figures at the
        # largest precision that does, said so (a "no" alone answers no speed)
        r = _fitting_precision(
            w, r, gid, count, setup, inp + out,
            lambda x: x.fits and x.performance is not None, takes=False,
            input_tokens=inp, output_tokens=out, batch_size=w.ex.concurrent_requests) or r
    if r.gpu is None:
        return
    limit = _past_context_limit(w, r, inp + out)
    if limit is not None:
        # no engine takes the request: no speed, whatever the precision or the GPU
        w.record(r, inp + out)
        w.out.first = w.say("speed_over_context", model=w.model.name, limit=w.n(limit),
                            ctx=w.n(inp + out), inp=w.n(inp), out=w.n(out), setup=setup)
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        w.sized_warnings(r, inp + out)
        return
    if r.runs is False and _speed_cannot_run(w, r, gid, count, setup, inp, out):
        return
    if (w.st.request_rate_per_s and w.model.kind == "llm" and r.fits
            and _speed_rate(w, r, gid, count, setup, inp, out)):
        return
    w.record(r, inp + out)
    p = r.performance
    users = w.ex.concurrent_requests
    if users and users > 1 and w.model.kind == "llm" and r.max_batch_size and _speed_users(
            w, r, gid, count, setup, inp, users, out):
        return
    if r.fits and p is not None and p.embedded_tokens_per_s:
        # an embedding model generates nothing: its speed is inputs embedded per second
        w.out.first = w.say("speed_embed", model=w.model.name, weights=r.weights, setup=setup,
                            eps=w.rate(p.embeddings_per_s or 0.0), inp=w.n(inp),
                            tps=w.rate(p.embedded_tokens_per_s))
        if w.sub == "embeddings" and p.embeddings_per_s:  # "how many embeddings per second"
            w.ask("embeddings_per_s", p.embeddings_per_s, "embeddings/s")
        else:
            w.ask("embedded_tokens_per_s", p.embedded_tokens_per_s, "tokens/s")
        w.sized_warnings(r, inp)
        return
    if not r.fits or p is None or p.decode_tokens_per_s is None:
        w.out.first = w.say("fits_no", model=w.model.name, weights=r.weights, setup=setup,
                            need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                            ctx=w.n(inp + out))
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        if r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
        return
    tps = p.decode_tokens_per_s
    ttft = p.time_to_first_token_ms or 0.0
    thr = p.max_throughput_tokens_per_s or tps
    common = {"model": w.model.name, "weights": r.weights, "setup": setup}
    if w.sub == "ttft":
        w.out.first = w.say("speed_ttft", ttft=w.n(ttft), inp=w.n(inp), **common)
        w.ask("time_to_first_token_ms", ttft, "ms")
    elif w.sub == "tpot":
        tpot = p.time_per_output_token_ms or 1000 / tps
        w.out.first = w.say("speed_tpot", tpot=w.n(tpot, 1), inp=w.n(inp), **common)
        w.ask("time_per_output_token_ms", tpot, "ms")
    elif w.sub == "throughput":
        w.out.first = w.say("speed_throughput", thr=w.rate(thr),
                            conc=w.n(p.max_concurrency or 1), **common)
        w.ask("max_throughput_tokens_per_s", thr, "tokens/s")
    else:
        w.out.first = w.say("speed_tps", tps=w.rate(tps), inp=w.n(inp), out=w.n(out), **common)
        w.ask("decode_tokens_per_s", tps, "tokens/s")
    if one_r is not None and one_r.gpu is not None and r.fits:
        # the count changed from the one GPU asked: why, first; a precision that fits on
        # one after it
        w.out.first = w.say("count_changed", gpu=w.gpu_name(gid), model=w.model.name,
                            weights=one_r.weights, ctx=w.n(inp + out),
                            need=w.gib(one_r.memory.per_gpu_gib), cap=w.gib(w.cap(one_r)),
                            setup=setup) + " " + _decap(w, w.out.first or "")
        _smaller_precisions(w, gid, 1, inp, one_r, w.setup(1, gid))
    _target_verdict(w, gid, count, inp, out, 1, tps, ttft)
    # full load's total counts the prompts' prefill: with a long prompt it can be below one
    # request's generation speed, and says why rather than reading as a contradiction
    more = "speed_more_prefill" if thr < tps else "speed_more"
    w.out.more.append(w.say(more, tps=w.rate(tps),
                            tpot=w.n(p.time_per_output_token_ms or 1000 / tps, 1),
                            ttft=w.n(ttft), thr=w.n(thr), conc=w.n(p.max_concurrency or 1),
                            inp=w.n(inp)))
    w.sized_warnings(r, inp + out)


def _speed_rate(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                out: int) -> bool:
    """A request rate stated with the GPU named ("at 10 requests/s"): the setup sized at that
    open-loop rate (``request_rate_per_s``) with the tokens stated. It keeps up: the time to
    first token and per output token at that rate lead (the figure asked first), with what
    it serves at most. It does not: what it serves, and the setups that carry the rate —
    the rate over what one serves, rounded up, as the sizing's saturation warning counts
    them — with the figures when the rate is spread over them."""
    assert w.model is not None and w.st.request_rate_per_s
    rate = w.st.request_rate_per_s
    kw: dict[str, Any] = {"gpu": gid, "gpu_count": count, "input_tokens": inp,
                          "output_tokens": out, "weights": r.weights}
    at = w.size(request_rate_per_s=rate, **kw)
    p = at.performance if at is not None else None
    if at is None or p is None or not p.max_requests_per_s or not p.time_per_output_token_ms:
        return False
    most = p.max_requests_per_s
    w.record(at, inp + out)
    common = {"rate": _rps(w, rate), "model": w.model.name, "weights": at.weights,
              "setup": setup, "inp": w.n(inp), "out": w.n(out), "most": _rps(w, most)}
    ttft, tpot = p.time_to_first_token_ms, p.time_per_output_token_ms
    if ttft is not None and rate <= most:
        w.out.first = w.say("speed_rate_yes" if w.sub == "rate" else "speed_rate_ok",
                            ttft=w.n(ttft), tpot=w.n(tpot, 1), **common)
        # "can it keep up?" (or another yes/no question): yes; a figure asked at that rate
        # ("TTFT?") or the figures at that load: the figure leads, no yes or no
        yes = True if w.sub == "rate" or w.st.yes_no else None
        if w.sub == "ttft":
            w.ask("time_to_first_token_ms", ttft, "ms", yes=yes)
        elif w.sub == "tpot":
            w.ask("time_per_output_token_ms", tpot, "ms", yes=yes)
        elif w.sub == "throughput" and p.output_tokens_per_s:
            w.ask("output_tokens_per_s", p.output_tokens_per_s, "tokens/s", yes=yes)
        else:
            w.ask("max_requests_per_s", most, "requests/s", yes=yes)
        w.sized_warnings(at, inp + out)
        return True
    # the setups that carry the rate, each under HEADROOM_LOAD of what it serves (the
    # sizing's own rule: at 97 % of capacity the queue is long), with as many of this card
    # per setup (up to a node) as takes the fewest GPUs in all: a 70B model that fills one
    # H100 serves 0.11 requests/s there, two H100 in tensor parallel 3 requests/s
    best = (setups_for(rate, most) * count, count, most)
    k = count * 2
    while k <= NODE_GPUS:
        other = w.size(request_rate_per_s=rate, **{**kw, "gpu_count": k})
        op = other.performance if other is not None and other.fits else None
        if op is not None and op.max_requests_per_s:
            total = setups_for(rate, op.max_requests_per_s) * k
            if total < best[0]:
                best = (total, k, op.max_requests_per_s)
        k *= 2
    total, k, most_k = best
    n = total // k
    need = (w.say("speed_rate_need_same", n=w.n(n), gpus=w.n(total),
                  pct=f"{HEADROOM_LOAD:.0%}") if k == count else
            w.say("speed_rate_need_other", n=w.n(n), setup=w.setup(k, gid), gpus=w.n(total),
                  pct=f"{HEADROOM_LOAD:.0%}", most=_rps(w, most_k)))
    w.out.first = w.say("speed_rate_no" if w.sub == "rate" else "speed_rate_over",
                        need=need, **common)
    w.ask("max_requests_per_s", most, "requests/s", yes=False)
    kw = {**kw, "gpu_count": k}
    each = w.size(request_rate_per_s=rate / n, **kw)
    q = each.performance if each is not None else None
    if q is not None and q.time_to_first_token_ms is not None and q.time_per_output_token_ms:
        w.out.more.append(w.say("speed_rate_spread", n=w.n(n), each=_rps(w, rate / n),
                                ttft=w.n(q.time_to_first_token_ms),
                                tpot=w.n(q.time_per_output_token_ms, 1)))
    w.sized_warnings(each if each is not None else at, inp + out)
    return True


def _rps(w: _W, v: float) -> str:
    """A request rate with three significant figures (0.275, 4.21, 58.3), whole ones as
    they are."""
    d = 0 if v >= 100 or float(v).is_integer() else 1 if v >= 10 else 2 if v >= 1 else 3
    return w.n(v, d)


def _speed_target(w: _W, inp: int, out: int) -> None:
    """A speed or latency asked as a target with no GPU named ("100 tokens/s per user",
    "TTFT under 500 ms"): the recommendations' cheapest setup that meets it
    (``min_decode_tokens_per_s`` / ``max_time_to_first_token_ms``), with the speed and the
    time to first token it gets; none meets it: said so."""
    assert w.model is not None
    tps_min, ttft_max = w.st.min_tokens_per_s, w.st.max_ttft_ms
    targets = ([w.say("target_tps", tps=w.hours(tps_min))] if tps_min else []) + (
        [w.say("target_ttft", ms=w.n(ttft_max))] if ttft_max else [])
    target = w.t["target_and"].join(targets)
    rec = w.recommend(workload="serving", min_decode_tokens_per_s=tps_min,
                      context_tokens=inp + out, output_tokens=out,
                      concurrent_requests=w.ex.concurrent_requests)
    # the quantity asked: the latency when only a latency is asked, else the speed
    quantity = "decode_tokens_per_s" if tps_min else "time_to_first_token_ms"
    if rec is None or not rec.options:
        w.out.first = w.say("speed_target_none", target=target, model=w.model.name,
                            inp=w.n(inp), out=w.n(out))
        w.ask(quantity, 0, "tokens/s" if tps_min else "ms", yes=False)
        if rec is not None and rec.reason:
            w.core_warn(rec.reason)
        return
    o = rec.options[0]
    p = o.performance
    w.offer_numbers(msgspec.structs.replace(rec, options=rec.options[:3]))
    tps = p.decode_tokens_per_s_per_user or 0.0
    ttft = p.time_to_first_token_ms or 0.0
    w.out.first = w.say("speed_target", target=target, setup=w.option_setup(o),
                        model=w.model.name, weights=o.weights, tps=w.rate(tps), ttft=w.n(ttft),
                        provider=o.offer.provider, hour=w.usd(o.cost.per_hour_usd),
                        kind=w.kinds[o.pricing_model])
    # "how much does it cost to serve … at 25 tokens/s each?": the month leads, the speed
    # that setup reaches after it
    month = o.cost.per_month_usd
    cost_asked = w.st.cost_asked and month is not None
    if month is not None and cost_asked:
        w.out.first = w.say("speed_target_cost", month=w.usd(month),
                            usage=w.usage()) + " " + w.out.first
    # the load the latency and speed are for: a time to first token depends on the prompt
    w.out.more.append(w.say("cost_assumed", weights=o.weights,
                            users=w.n(w.ex.concurrent_requests or 1), ctx=w.n(inp + out),
                            inp=w.n(inp), out=w.n(out)))
    # "which GPU for 100 tokens/s?" asks no yes or no; "can it do 100 tokens/s?" does
    yes_no = w.st.yes_no
    if month is not None and cost_asked:
        w.ask("per_month_usd", month, "USD")
    elif tps_min:
        w.ask("decode_tokens_per_s", tps, "tokens/s", yes=tps >= tps_min if yes_no else None)
    else:
        w.ask("time_to_first_token_ms", ttft, "ms",
              yes=bool(ttft_max) and ttft <= (ttft_max or 0) if yes_no else None)
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)


def _target_verdict(w: _W, gid: str, count: int, inp: int, out: int, users: int,
                    tps: float, ttft: float) -> None:
    """A speed or latency target stated with the GPU named ("30 tokens/s per user", "TTFT
    under 500 ms"): whether the figures at the stated load (``tps`` per user, ``ttft``) meet
    it, said right after them and as the asked number's yes or no; missed, the fewest of
    that GPU in one machine (doubling up to a node) whose sizing at that load meets it."""
    tps_min, ttft_max = w.st.min_tokens_per_s, w.st.max_ttft_ms
    if not (tps_min or ttft_max) or w.out.first is None:
        return
    target = w.t["target_and"].join(
        ([w.say("target_tps", tps=w.hours(tps_min))] if tps_min else [])
        + ([w.say("target_ttft", ms=w.n(ttft_max))] if ttft_max else []))

    def meets(per_user: float, first_ms: float) -> bool:
        return (not tps_min or per_user >= tps_min) and (not ttft_max or first_ms <= ttft_max)

    ok = meets(tps, ttft)
    if w.out.asked is not None:
        w.out.asked = msgspec.structs.replace(w.out.asked, yes=ok)
    if ok:
        w.out.first += " " + w.say("target_met", target=target)
        return
    k = count * 2
    while k <= NODE_GPUS:
        r = w.size(gpu=gid, gpu_count=k, input_tokens=inp, output_tokens=out,
                   batch_size=users if users > 1 else None)
        p = r.performance if r is not None and r.fits else None
        per_user = (p.output_tokens_per_s_per_user if users > 1 else p.decode_tokens_per_s) \
            if p is not None else None
        if p is not None and per_user and meets(per_user, p.time_to_first_token_ms or 0.0):
            w.out.first += " " + w.say("target_missed_more", target=target,
                                       setup=w.setup(k, gid), per_user=w.rate(per_user),
                                       ttft=w.n(p.time_to_first_token_ms or 0.0),
                                       users=w.n(users))
            return
        k *= 2
    w.out.first += " " + w.say("target_missed_none", target=target, gpu=w.gpu_name(gid),
                               n=w.n(NODE_GPUS))


def _speed_users(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                 users: int, out: int = 512) -> bool:
    """The speed at the stated load: ``users`` requests at once, each user's and the whole
    setup's tokens/s; when fewer fit in memory, how many do (and their speed at that load)
    and how many GPUs hold them all."""
    assert w.model is not None
    held = r.max_batch_size or 0
    at = r
    if not r.fits:
        again = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                       batch_size=held)
        if again is None or not again.fits:
            return False
        at = again
    p = at.performance
    if p is None or not p.output_tokens_per_s_per_user or not p.output_tokens_per_s:
        return False
    common = {"users": w.n(users), "model": w.model.name, "weights": at.weights,
              "setup": setup, "per_user": w.rate(p.output_tokens_per_s_per_user),
              "total": w.rate(p.output_tokens_per_s), "ctx": w.n(inp + out)}
    alone = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                   weights=at.weights)
    one = alone.performance if alone is not None and alone.performance is not None else None
    if r.fits and w.sub == "ttft" and p.time_to_first_token_ms:
        # a time to first token asked: the one at the stated load leads, one request
        # alone after it
        w.out.first = w.say("speed_ttft_users", ttft=w.n(p.time_to_first_token_ms),
                            inp=w.n(inp), alone=w.n(one.time_to_first_token_ms or 0)
                            if one is not None else "?", **common)
        w.ask("time_to_first_token_ms", p.time_to_first_token_ms, "ms")
    elif r.fits and w.sub == "tpot" and p.time_per_output_token_ms:
        w.out.first = w.say("speed_tpot_users", tpot=w.n(p.time_per_output_token_ms, 1),
                            alone=w.n(one.time_per_output_token_ms or 0, 1)
                            if one is not None else "?", **common)
        w.ask("time_per_output_token_ms", p.time_per_output_token_ms, "ms")
    elif r.fits and w.sub == "throughput":
        # the total asked ("total throughput with 50 users"): the setup's tokens/s leads
        w.out.first = w.say("speed_users_total", **common)
        w.ask("output_tokens_per_s", p.output_tokens_per_s, "tokens/s")
    elif r.fits:
        w.out.first = w.say("speed_users_all", **common)
        w.ask("output_tokens_per_s_per_user", p.output_tokens_per_s_per_user, "tokens/s")
    else:
        held_text = w.say("speed_users_held", held=w.n(held), rest=w.n(users - held), **common)
        ttft_h, tpot_h = p.time_to_first_token_ms, p.time_per_output_token_ms
        if w.sub == "ttft" and ttft_h and tpot_h:
            # the TTFT the users see, the queue's wait included: Little's law for the closed
            # loop (``held`` in the system, each cycle one request's whole time), as the
            # sizing counts users past the admission cap
            cycle_s = (ttft_h + (out - 1) * tpot_h) / 1000
            ttft_q = ttft_h + (users - held) / (held / cycle_s) * 1000
            w.out.first = w.say("speed_ttft_queue", ttft=w.n(ttft_q), held=w.n(held),
                                ttft_held=w.n(ttft_h), rest=w.n(users - held),
                                **{k: common[k] for k in ("users", "model", "weights",
                                                          "setup")})
            w.ask("time_to_first_token_ms", ttft_q, "ms")
            w.out.more.append(held_text)
        else:
            w.out.first = held_text
            w.ask("max_batch_size", held, "requests", yes=False)
        got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, w.weights, gid, users, inp)
        if got is not None:
            w.out.more.append(w.say("speed_users_need", users=w.n(users), n=w.n(got[0]),
                                    gpu=w.gpu_name(gid), replicas=w.replicas(got[1]),
                                    per_replica=w.gpus_per_replica(got[2])))
    if r.fits:
        _target_verdict(w, gid, count, inp, out, users, p.output_tokens_per_s_per_user,
                        p.time_to_first_token_ms or 0.0)
    if one is not None and one.decode_tokens_per_s:
        # each figure labelled with the load it is for: one request alone, then the
        # stated load, then full load
        w.out.more.append(w.say(
            "speed_alone_load", tps=w.rate(one.decode_tokens_per_s),
            tpot=w.n(one.time_per_output_token_ms or 1000 / one.decode_tokens_per_s, 1),
            ttft=w.n(one.time_to_first_token_ms or 0),
            users=w.n(at.max_batch_size if not r.fits and at.max_batch_size else users),
            per_user=w.rate(p.output_tokens_per_s_per_user),
            tpot_load=w.n(p.time_per_output_token_ms or 0, 1),
            ttft_load=w.n(p.time_to_first_token_ms or 0),
            thr=w.n(p.max_throughput_tokens_per_s or 0)))
    w.sized_warnings(at, inp + out)
    return True


def _speed_other_engine(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                        out: int, first: str) -> None:
    """The speed asked with an engine that does not run on the GPU: that said (``first``),
    then the speed with the first other engine that runs the model there (as
    :func:`_other_engine` picks it), or why it gives none."""
    assert w.model is not None
    w.out.first = first
    alt = _other_engine(w, r, gid, count, input_tokens=inp, output_tokens=out,
                        batch_size=w.ex.concurrent_requests)
    perf = alt.performance if alt is not None and alt.fits else None
    if alt is not None and perf is not None and perf.decode_tokens_per_s:
        w.record(alt, inp + out)
        tps = perf.decode_tokens_per_s
        w.out.more.append(w.say("speed_engine_alt", alt=w.engine_name(alt.engine),
                                model=w.model.name, weights=alt.weights, setup=setup,
                                tps=w.rate(tps), inp=w.n(inp), out=w.n(out)))
        w.ask("decode_tokens_per_s", tps, "tokens/s", yes=False)
    else:
        w.record(r, inp + out)
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        if alt is None:
            w.out.more.append(w.say("fits_engine_alt_none", model=w.model.name,
                                    gpu=w.gpu_name(gid)))
        else:
            w.out.more.append(w.say("fits_engine_alt_nofit", alt=w.engine_name(alt.engine),
                                    model=w.model.name, weights=alt.weights, setup=setup,
                                    need=w.gib(alt.memory.per_gpu_gib), cap=w.gib(w.cap(alt))))
    for x in r.warnings:
        w.core_warn(x)


def _speed_cannot_run(w: _W, r: SizingResult, gid: str, count: int, setup: str, inp: int,
                      out: int) -> bool:
    """The engine has no kernel for the precision asked on that GPU (fp8 on a V100): say it
    cannot run, then the speed at the nearest precision that runs there, said so."""
    assert w.model is not None and r.gpu is not None
    p0 = find_precision(r.weights)
    gpu = w.reg.gpus[gid]
    if p0 is None or r.engine not in w.reg.engines.ids:
        return False
    first = _no_platform(w, r, gpu)
    if first is not None:
        # not the precision: the engine does not run on that GPU at all (vLLM on a P100)
        _speed_other_engine(w, r, gid, count, setup, inp, out, first)
        return True
    lookup = {x.id: x for x in PRECISIONS}
    near = w.reg.kernels.nearest_supported(r.engine, p0, gpu, lookup)
    again = None
    first_miss: SizingResult | None = None  # the nearest that runs, when it does not fit
    tried = [near.id] if near is not None else []
    tried += [pid for pid in _SMALLER if pid not in tried and pid != p0.id]
    for pid in tried:
        q = lookup.get(pid)
        if q is None or not w.reg.kernels.supported(r.engine, q, gpu).ok:
            continue
        got = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out,
                     batch_size=w.ex.concurrent_requests, weights=pid)
        if got is None or got.runs is False:
            continue
        if got.fits and got.performance is not None and got.performance.decode_tokens_per_s:
            again = got
            break
        if first_miss is None:
            first_miss = got
    perf = again.performance if again is not None else None
    if again is None or not again.fits or perf is None or not perf.decode_tokens_per_s:
        w.record(r, inp + out)
        w.out.first = w.say("speed_cannot_run", model=w.model.name, weights=r.weights,
                            setup=setup, engine=r.engine)
        w.ask("decode_tokens_per_s", 0, "tokens/s", yes=False)
        w.sized_warnings(r, inp + out)
        return True
    w.record(again, inp + out)
    tps = perf.decode_tokens_per_s
    w.out.first = w.say("speed_cannot_run_near", model=w.model.name, weights=r.weights,
                        setup=setup, engine=r.engine, near=again.weights, tps=w.rate(tps),
                        inp=w.n(inp), out=w.n(out))
    if first_miss is not None and first_miss.gpu is not None:
        w.out.first = w.say("speed_cannot_run_other", model=w.model.name, weights=r.weights,
                            setup=setup, engine=r.engine, near=first_miss.weights,
                            need=w.gib(first_miss.memory.per_gpu_gib),
                            cap=w.gib(w.cap(first_miss)), p=again.weights, tps=w.rate(tps),
                            inp=w.n(inp), out=w.n(out))
    w.ask("decode_tokens_per_s", tps, "tokens/s", yes=False)
    w.out.more.append(w.say("speed_more", tps=w.rate(tps),
                            tpot=w.n(perf.time_per_output_token_ms or 1000 / tps, 1),
                            ttft=w.n(perf.time_to_first_token_ms or 0),
                            thr=w.n(perf.max_throughput_tokens_per_s or tps)))
    for x in r.warnings:
        w.core_warn(x)
    w.sized_warnings(again, inp + out)
    return True


def _min_count(w: _W, gid: str, ctx: int) -> int | None:
    """The fewest ``gid`` that hold the model (the sizing's fits_on row), or None."""
    base = w.size(input_tokens=ctx, output_tokens=0)
    if base is None:
        return None
    for row in base.fits_on:
        if row.gpu == gid:
            return row.gpu_count
    return None


def gpu_count_for_users(catalog: Catalog, model: str | Architecture, weights: str | None,
                        gpu: str, users: int, ctx: int, across_nodes: bool = False
                        ) -> tuple[int, int, int, int] | None:
    """(total GPUs, replicas, GPUs per replica, requests per replica) for ``users``
    concurrent requests of ``ctx`` input + 512 output tokens on ``gpu``: of the replica widths
    from the fewest GPUs that hold the model up to 8 (doubling), the one that needs the fewest
    GPUs in all, each replica carrying as many requests as its KV cache holds (at most the
    engine's max_num_seqs); among equals the narrower (more replicas). A 70B model in FP8 on
    H100s for 300 users: one GPU holds the weights but only 3 requests, so 100 of them; two
    GPUs per replica hold about 50 each, four about 190: 8 GPUs. What a width holds is the most
    requests whose sizing at that batch fits (/v1/sizing's layout search at the load, not the
    layout it picks for one request: DeepSeek-R1 at 128k on 8 H200 holds 5 as TP8, where
    MLA's latent KV is whole on every GPU, and 10 as TP4 x PP2). None when no node of that GPU
    holds it; with ``across_nodes``, whole nodes of 8 up to 16 of them (pipeline stages
    across nodes, as :func:`_gpu_count_nodes` sizes them) before None."""
    def sz(**kw: Any) -> SizingResult | None:
        # a bare size's scaled stand-in (``_W.scaled``) is sized as its architecture, as
        # ``_W.size`` sizes it: its id would size the unscaled model ("a 50B model" as Falcon
        # 40B, refused past its 2,048 tokens: "no setup holds" the users)
        named = {"model": model} if isinstance(model, str) else {"architecture": model}
        req = {**named, **({"weights": weights} if weights else {}), **kw}
        try:
            return size(msgspec.convert(req, SizingRequest), catalog)
        except (DomainError, ValueError, msgspec.ValidationError):
            return None
    base = sz(input_tokens=ctx, output_tokens=512)
    if base is None:
        return None
    first = next((f.gpu_count for f in base.fits_on if f.gpu == gpu), None)
    if first is None and not across_nodes:
        return None
    last = max(first, NODE_GPUS) if first is not None else 16 * NODE_GPUS

    def held(per: int, batch: int) -> SizingResult | None:
        """The sizing of ``per`` GPUs at ``batch`` requests at once where it holds them all
        (its KV cache, and the engine's max_num_seqs per replica), else None."""
        r = sz(gpu=gpu, gpu_count=per, input_tokens=ctx, output_tokens=512, batch_size=batch)
        if r is None or not r.fits or r.runs is False or not r.max_batch_size:
            return None
        cap = r.performance.max_concurrency if r.performance is not None else None
        return r if not cap or batch <= cap else None

    best: tuple[int, int, int, int] | None = None
    per = first if first is not None else 2 * NODE_GPUS
    while per <= last and (best is None or per < best[0]):
        # each of ``per`` must hold at least ``need`` requests to beat the best so far
        need = 1 if best is None else math.ceil(users / ((best[0] - 1) // per))
        most, r = users, held(per, users)
        if r is None and need < users:
            # the most it holds: from the capacity of the layout for ``need`` requests (it
            # holds at least that) up, by halving, to the first batch sizing cannot fit
            lo, r = need, held(per, need)
            holds = (min(r.max_batch_size or 1, r.performance.max_concurrency or users)
                     if r is not None and r.performance is not None else 0)
            more = held(per, min(users - 1, holds)) if holds > lo else None
            if more is not None:
                lo, r = min(users - 1, holds), more
            # (it fits fewer requests, never more, as the batch grows; the first probe is one
            # past that capacity, the most in most cases)
            hi, probe = users, lo + 1
            while r is not None and hi - lo > 1:
                mid, probe = probe or (lo + hi) // 2, 0
                got_mid = held(per, mid)
                if got_mid is None:
                    hi = mid
                else:
                    lo, r = mid, got_mid
            most = lo
        if r is not None and most >= 1:
            # ``per`` GPUs hold ``most`` requests at once; the sizing's own replicas split
            # them (its batch is the whole setup's, at most max_num_seqs per replica), unless
            # they share the experts (expert parallel past the tensor group: attention data
            # parallel, one replica in all)
            lay = r.layout
            replicas_in = 1 if lay is None or lay.expert > lay.tensor else max(1, lay.data)
            cap = r.performance.max_concurrency if r.performance is not None else None
            batch = min(r.max_batch_size or 0, cap or r.max_batch_size or 0) // replicas_in
            groups = math.ceil(users / most)
            got = (groups * per, groups * replicas_in, per // replicas_in,
                   max(batch, math.ceil(most / replicas_in)))
            if best is None or got[0] < best[0]:
                best = got
        per *= 2
    return best


def _gpu_count(w: _W) -> None:
    if w.model is None:
        return
    _bare_holds(w)
    gid, _ = w.card()
    if _work_rate(w, gid):  # an image, speech or embedding model's rate
        return
    if w.st.request_rate_per_s and w.model.kind == "llm" and _gpu_count_rate(w, gid):
        return
    users = w.ex.concurrent_requests
    if users and users > 1 and w.model.kind == "llm":
        ctx = _prompt(w)  # each request's prompt, with 512 tokens out
        if gid is not None:
            got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, w.weights, gid, users,
                                      ctx, across_nodes=True)
            r = w.size(input_tokens=ctx, output_tokens=512)
            if got is None and r is not None and _gpu_count_users_none(w, gid, users, ctx, r):
                return
            if got is not None and r is not None:
                n, replicas, per, batch = got
                w.record(r, ctx + 512)
                if (per > NODE_GPUS and not w.ex.gpu_count
                        and _gpu_count_users_nodes(w, gid, users, ctx, got)):
                    return
                # a count stated ("can I serve ... on 4x L40S"), or one GPU asked about
                # ("can an H100 serve 100 users", "poate un H100 să servească"): yes or no
                # for it, the fewest that hold every user at once beside it
                have = w.ex.gpu_count or (1 if w.st.yes_no and w.st.gpu_one else 0)
                if have:
                    common = {"setup": w.setup(have, gid), "users": w.n(users),
                              "model": w.model.name, "weights": r.weights, "n": w.n(n),
                              "gpu": w.gpu_name(gid), "replicas": w.replicas(replicas),
                              "per_replica": w.gpus_per_replica(per), "batch": w.n(batch),
                              "ctx": w.n(ctx + 512)}
                    if w.sub == "need":
                        # "do I need 2 H100 for 100 users?": a No only when fewer than 2 do;
                        # more needed is a yes, and more (with what the 2 hold, in whole
                        # replicas of the layout found)
                        held = (w.say("gpu_count_users_held", setup=common["setup"],
                                      held=w.n(have // per * batch))
                                if n > have and have >= per else "")
                        key = ("gpu_count_users_need_more" if n > have
                               else "gpu_count_users_need_yes" if n == have
                               else "gpu_count_users_need_no")
                        w.out.first = w.say(key, have=w.n(have), held=held, **common)
                        w.ask("gpu_count", n, "GPUs", yes=n >= have)
                        _users_replica(w, gid, users, ctx, got)
                        return
                    w.out.first = w.say(
                        "gpu_count_users_yes" if n <= have else "gpu_count_users_no", **common)
                    w.ask("gpu_count", n, "GPUs", yes=n <= have)
                    _users_replica(w, gid, users, ctx, got)  # a yes with a slow first token
                    return
                w.out.first = w.say("gpu_count_users", users=w.n(users), model=w.model.name,
                                    weights=r.weights, n=w.n(n), gpu=w.gpu_name(gid),
                                    replicas=w.replicas(replicas),
                                    per_replica=w.gpus_per_replica(per),
                                    batch=w.n(batch), ctx=w.n(ctx + 512))
                w.ask("gpu_count", n, "GPUs")
                _users_replica(w, gid, users, ctx, got)
                return
        rec = w.recommend(workload="serving", concurrent_requests=users,
                          context_tokens=max(ctx + 512, 1024), output_tokens=512)
        if rec is not None and rec.options:
            o = rec.options[0]
            w.offer_numbers(rec)
            n = o.offer.gpu_count * o.nodes
            w.out.first = w.say("gpu_count_rec", users=w.n(users), model=w.model.name,
                                weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name,
                                provider=o.offer.provider, hour=w.usd(o.cost.per_hour_usd))
            w.ask("gpu_count", n, "GPUs")
            w.out.more.append(w.say("price_date", date=price_date_words(
                o.offer.as_of, o.offer.as_of_kind, w.t)))
            w.option_warnings(o)
            return
    ctx = _ctx(w)
    r = w.size(input_tokens=ctx, output_tokens=0)
    if r is None:
        return
    w.record(r, ctx)
    if gid is not None:
        row = next((f for f in r.fits_on if f.gpu == gid), None)
        if row is None and _gpu_count_nodes(w, gid, ctx, r):
            return
        if row is None:
            w.out.first = w.say("gpu_count_none", gpu=w.gpu_name(gid), model=w.model.name,
                                weights=r.weights, total=w.gib(r.memory.total_gib))
            w.ask("gpu_count", 0, "GPUs", yes=False)
            if r.fits_on:
                w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
            return
        w.out.first = w.say("gpu_count", model=w.model.name, weights=r.weights,
                            n=w.n(row.gpu_count), gpu=w.gpu_name(gid),
                            per=w.gib(row.per_gpu_gib), ctx=w.n(ctx))
        w.ask("gpu_count", row.gpu_count, "GPUs")
    elif r.fits_on:
        least = min(f.gpu_count for f in r.fits_on)
        w.out.first = w.say("gpu_count_any_one" if least == 1 else "gpu_count_any",
                            model=w.model.name, weights=r.weights, n=w.n(least),
                            fits=w.fits_text(r, 4))
        w.ask("gpu_count", least, "GPUs")
    w.sized_warnings(r, ctx)




def _users_replica(w: _W, gid: str, users: int, ctx: int, got: tuple[int, int, int, int]
                   ) -> SizingResult | None:
    """One replica of :func:`gpu_count_for_users`'s setup at its share of ``users``, sized
    (the layout search at that load), with the time to first token at that load said when it
    is over ``LONG_TTFT_MS`` (the recommendations' threshold for a warning): the count is
    for memory, and the answer says when the load makes the first token slow."""
    _, replicas, per, batch = got
    share = min(batch, math.ceil(users / replicas))
    r = w.size(gpu=gid, gpu_count=per, input_tokens=ctx, output_tokens=512, batch_size=share)
    if r is None:
        return None
    p = r.performance
    if (r.fits and p is not None and p.time_to_first_token_ms
            and p.time_to_first_token_ms > LONG_TTFT_MS):
        w.out.more.append(w.say("gpu_count_users_ttft", batch=w.n(share), ctx=w.n(ctx + 512),
                                s=w.n(p.time_to_first_token_ms / 1000, 1)))
    return r


def _users_cheapest(w: _W, gid: str, users: int, ctx: int, n: int,
                    layout: str | None = None) -> None:
    """After the count of the GPU named, never in its place: the catalog's cheapest setup for
    the same load when that is another GPU and costs less than ``n`` of the GPU named (or
    that has no price), then ``layout`` (a sentence), then the price of the ``n`` (machines
    joined by a fast network where a model is split over nodes)."""
    b = w.basis(gid, n, fabric=n > NODE_GPUS) if n else None
    rec = w.recommend(workload="serving", concurrent_requests=users,
                      context_tokens=max(ctx + 512, 1024), output_tokens=512)
    o = rec.options[0] if rec is not None and rec.options else None
    if o is not None and o.offer.gpu != gid and (b is None or o.cost.per_hour_usd < b[1] * n):
        w.out.more.append(w.say(
            "gpu_count_users_cheaper" if b is not None else "gpu_count_users_cheapest",
            setup=w.option_setup(o), weights=o.weights, provider=o.offer.provider,
            hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model]))
        if b is None:
            w.out.more.append(w.say("price_date", date=price_date_words(
                o.offer.as_of, o.offer.as_of_kind, w.t)))
    if layout:
        w.out.more.append(layout)
    if b is not None:
        w.count_price(b, n, n)


def _gpu_count_users_nodes(w: _W, gid: str, users: int, ctx: int,
                           got: tuple[int, int, int, int]) -> bool:
    """Users on a GPU no single node of which holds the model (DeepSeek-V3 on H100s): the
    count of that GPU first, in whole nodes, with one replica's memory per GPU and the
    requests it holds (its sizing at its share of the load), its layout and a slow first
    token; then its price and the cheapest setup of another GPU (:func:`_users_cheapest`).
    False (the caller answers as before) when that replica's own sizing does not fit."""
    assert w.model is not None
    n, replicas, per, batch = got
    r = _users_replica(w, gid, users, ctx, got)
    if r is None or not r.fits:
        return False
    w.record(r, ctx + 512)
    w.out.first = w.say("gpu_count_users_nodes", users=w.n(users), model=w.model.name,
                        weights=r.weights, n=w.n(n), gpu=w.gpu_name(gid),
                        nodes=w.n(n // NODE_GPUS), node_gpus=w.n(NODE_GPUS),
                        replicas=w.replicas(replicas), per_replica=w.n(per),
                        per=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                        batch=w.n(batch), ctx=w.n(ctx + 512))
    w.ask("gpu_count", n, "GPUs")
    _users_cheapest(w, gid, users, ctx, n, layout=None if r.layout is None else w.say(
        "gpu_count_layout", layout=r.layout.label))
    w.sized_warnings(r, ctx + 512)
    return True


def _gpu_count_users_none(w: _W, gid: str, users: int, ctx: int, base: SizingResult) -> bool:
    """No setup of the GPU named holds the users, up to 16 nodes of it in the layouts
    :func:`gpu_count_for_users` sizes: said so first, then the cheapest setup of another GPU.
    False (the caller answers as before) when the sizing on that GPU fails outright."""
    assert w.model is not None
    most = 16 * NODE_GPUS
    if w.size(gpu=gid, gpu_count=most, input_tokens=ctx, output_tokens=512) is None:
        return False
    w.record(base, ctx + 512)
    w.out.first = w.say("gpu_count_users_none", gpu=w.gpu_name(gid), users=w.n(users),
                        model=w.model.name, weights=base.weights, ctx=w.n(ctx + 512),
                        most=w.n(most), nodes=w.n(most // NODE_GPUS), node_gpus=w.n(NODE_GPUS))
    w.ask("gpu_count", 0, "GPUs", yes=False)
    _users_cheapest(w, gid, users, ctx, 0)
    return True


def _gpu_count_rate(w: _W, gid: str | None) -> bool:
    """A request rate to carry ("50 requests per second"): the recommendations' cheapest
    setup at that rate (``target_requests_per_s``), on the GPU named when one is, with its
    GPUs in all."""
    assert w.model is not None and w.st.request_rate_per_s
    out = w.st.output_tokens or 512
    inp = _prompt(w, out)
    if gid is not None and _gpu_count_rate_on(w, gid, inp, out):
        return True
    rec = w.recommend(workload="serving", target_requests_per_s=w.st.request_rate_per_s,
                      context_tokens=inp + out, output_tokens=out,
                      top_n=50 if gid is not None else None)
    if rec is None or not rec.options:
        return False
    options = [o for o in rec.options if gid is None or o.offer.gpu == gid] or rec.options
    o = options[0]
    w.offer_numbers(msgspec.structs.replace(rec, options=options[:3]))
    n = o.offer.gpu_count * o.nodes
    w.out.first = w.say("gpu_count_rate", rate=w.per_s(w.st.request_rate_per_s),
                        inp=w.n(inp), out=w.n(out), model=w.model.name,
                        weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name,
                        setup=w.option_setup(o), provider=o.offer.provider,
                        hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model])
    w.ask("gpu_count", n, "GPUs")
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _gpu_count_rate_on(w: _W, gid: str, inp: int, out: int) -> bool:
    """A request rate on the GPU named ("how many A100s for 50 requests/s"): that GPU,
    never another one cheaper. The sizing of the fewest of it in one node that hold the
    model, at the precision asked or else the model's own (the nearest the engine runs
    there), gives what one such setup serves at most; the setups that carry the rate each
    under ``HEADROOM_LOAD`` of that (``setups_for``, as sizing's warnings and the
    recommendations' rate targets count them), their time to first token at their share of
    the rate, and their on-demand price. The recommendations' cheapest setup for the load
    follows when it is another GPU. False (the caller answers as before) when no node of
    ``gid`` holds it or its engine runs no precision there."""
    assert w.model is not None and w.st.request_rate_per_s
    rate = w.st.request_rate_per_s
    k, most, one = 1, None, None
    while k <= NODE_GPUS:  # the fewest of it in one node that hold the model (doubling)
        one = w.size(gpu=gid, gpu_count=k, input_tokens=inp, output_tokens=out,
                     request_rate_per_s=rate)
        if one is None or one.runs is False:
            return False
        if one.fits and one.performance is not None and one.performance.max_requests_per_s:
            most = one.performance.max_requests_per_s
            break
        k *= 2
    if one is None or not most:
        return False
    setups = setups_for(rate, most)
    n = setups * k
    at = w.size(gpu=gid, gpu_count=k, input_tokens=inp, output_tokens=out,
                request_rate_per_s=rate / setups, weights=one.weights) or one
    w.record(at, inp + out)
    w.out.first = w.say("gpu_count_rate_gpu", rate=w.per_s(rate), inp=w.n(inp), out=w.n(out),
                        model=w.model.name, weights=one.weights, n=w.n(n), gpu=w.gpu_name(gid),
                        replicas=w.replicas(setups), setup=w.setup(k, gid), most=_rps(w, most),
                        each=_rps(w, rate / setups), load=w.f.percent(HEADROOM_LOAD, 0))
    w.ask("gpu_count", n, "GPUs")
    p = at.performance
    if p is not None and p.time_to_first_token_ms and p.output_tokens_per_s_per_user:
        w.out.more.append(w.say("gpu_count_rate_load", ttft=w.n(p.time_to_first_token_ms),
                                tps=w.rate(p.output_tokens_per_s_per_user)))
    w.replicas_price(gid, k, setups)  # whole machines, each holding whole replicas
    rec = w.recommend(workload="serving", target_requests_per_s=rate,
                      context_tokens=inp + out, output_tokens=out)
    o = rec.options[0] if rec is not None and rec.options else None
    if o is not None and o.offer.gpu != gid:
        w.out.more.append(w.say("gpu_count_rate_cheapest", n=w.n(o.offer.gpu_count * o.nodes),
                                gpu=o.offer.gpu_name, setup=w.option_setup(o),
                                weights=o.weights, provider=o.offer.provider,
                                hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model]))
    w.sized_warnings(at, inp + out)
    return True


def _work_rate(w: _W, gid: str | None) -> bool:
    """A rate of work stated for a model that generates no tokens ("50,000 SDXL images per
    day", "5000 documents per second with bge-large", "500 hours of audio per day", "Whisper
    at 10 requests per second"): a load carried, never a one-off job. The recommendations'
    cheapest setup at that rate (``target_requests_per_s``: one image or clip, one input of
    the embedding model's own length, one 30 s window of Whisper a request), of the GPU named
    when one is, leads with its GPUs in all and its month at the stated usage. False (the
    caller answers as before) where no rate is stated, the rate is of work the model does not
    do, or the recommendations size none (a speech model other than Whisper takes no rate)."""
    m = w.model
    if m is None or w.generates_tokens():
        return False
    own = ("inputs" if m.task == "embed" else "audio_s" if m.kind == "audio" else "videos"
           if m.modality == "video" else "images" if m.kind == "diffusion" else None)
    wr = w.st.work_rate
    said: tuple[float, str] | None = None  # the count and the period as written
    if wr is not None and wr[0] == own:
        what, per_s, said = own, wr[1], wr[2:]
    elif w.st.request_rate_per_s and own is not None:
        # a request of Whisper is one window of audio, as the recommendations count it
        what = own
        per_s = w.st.request_rate_per_s * (WHISPER_WINDOW_S if own == "audio_s" else 1.0)
    else:
        return False
    rate = per_s / WHISPER_WINDOW_S if what == "audio_s" else per_s
    kw: dict[str, Any] = {"workload": "serving", "target_requests_per_s": rate}
    if m.task == "embed" and w.ex.context_tokens:
        kw["context_tokens"] = w.ex.context_tokens  # else the model's own limit (512)
    if m.kind == "diffusion":
        kw.update(w.media_kw())
        kw.pop("batch_size", None)
    rec = w.recommend(**kw, gpus=[gid]) if gid is not None else None
    on_gpu = rec is not None and bool(rec.options)
    if not on_gpu:
        rec = w.recommend(**kw)
    if rec is None or not rec.options:
        return False
    o = rec.options[0]
    if o.cost.per_month_usd is None:
        return False
    w.offer_numbers(rec)
    n = o.offer.gpu_count * o.nodes
    inp = _ctx(w)
    rate_text = w.say(f"work_rate_{what}", n=_rps(w, per_s), inp=w.n(inp))
    first: str | None = None  # the rate as written, the rate per second after it
    if said is not None and said[1] != "second":  # "50,000 images a day"
        first = w.say("work_rate_said", n=_rps(w, said[0]), what=w.t[f"work_what_{what}"],
                      period=w.t[f"work_period_{said[1]}"])
    elif what == "audio_s" and said is None:  # "10 requests per second": Whisper windows
        first = w.say("work_rate_requests", n=_rps(w, per_s / WHISPER_WINDOW_S))
    if first is not None:
        # a rate too small to say per second ("10 videos a day") is said as written alone
        rate_text = (w.say("work_rate_both", said=first, rate=rate_text)
                     if per_s >= 0.001 else first)
    w.out.first = w.say(
        "work_rate_gpu" if on_gpu else "work_rate", rate=rate_text,
        model=m.name, weights=o.weights, n=w.n(n), gpu=o.offer.gpu_name,
        setup=f" ({w.option_setup(o)})" if o.nodes > 1 else "", provider=o.offer.provider,
        hour=w.usd(o.cost.per_hour_usd), kind=w.kinds[o.pricing_model],
        month=w.usd(o.cost.per_month_usd), usage=w.usage())
    w.ask("gpu_count", n, "GPUs")
    if m.modality == "video":  # "100 480p videos an hour": the size read is said
        w.media_notes({k: v for k, v in kw.items() if k in ("width", "height")})
    p = o.performance
    cap = (p.audio_seconds_per_s if what == "audio_s" else p.embeddings_per_s
           if what == "inputs" else p.images_per_s)
    if cap:
        w.out.more.append(w.say("work_rate_capacity", load=w.f.percent(HEADROOM_LOAD, 0),
                                cap=w.say(f"work_rate_{what}", n=_rps(w, cap), inp=w.n(inp))))
    if what == "audio_s" and said is None:
        w.out.more.append(w.say("work_rate_window", s=w.n(WHISPER_WINDOW_S), model=m.name))
    if on_gpu:
        cheapest = w.recommend(**kw)
        c = cheapest.options[0] if cheapest is not None and cheapest.options else None
        if c is not None and c.offer.gpu != o.offer.gpu:
            w.out.more.append(w.say(
                "gpu_count_rate_cheapest", n=w.n(c.offer.gpu_count * c.nodes),
                gpu=c.offer.gpu_name, setup=w.option_setup(c), weights=c.weights,
                provider=c.offer.provider, hour=w.usd(c.cost.per_hour_usd),
                kind=w.kinds[c.pricing_model]))
    w.out.more.append(w.say("price_date", date=price_date_words(
        o.offer.as_of, o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _gpu_count_nodes(w: _W, gid: str, ctx: int, one: SizingResult) -> bool:
    """No single node of ``gid`` holds the model: the fewest whole nodes of eight that do,
    from sizing over that many GPUs (tensor parallel inside a node, pipeline stages across)."""
    assert w.model is not None
    n = 2 * NODE_GPUS
    while n <= 16 * NODE_GPUS:
        r = w.size(gpu=gid, gpu_count=n, input_tokens=ctx, output_tokens=0)
        if r is None:
            return False
        if r.fits and r.runs is not False:
            w.record(r, ctx)
            w.out.first = w.say("gpu_count_nodes", model=w.model.name, weights=r.weights,
                                n=w.n(n), gpu=w.gpu_name(gid), nodes=w.n(n // NODE_GPUS),
                                per_node=w.setup(NODE_GPUS, gid), per=w.gib(r.memory.per_gpu_gib),
                                ctx=w.n(ctx))
            w.ask("gpu_count", n, "GPUs")
            if r.layout is not None:
                w.out.more.append(w.say("gpu_count_layout", layout=r.layout.label))
            w.sized_warnings(r, ctx)
            return True
        n *= 2
    return False


def _compare(w: _W) -> None:
    gids = w.det.gpus or ([w.ex.gpu] if w.ex.gpu else [])
    if w.model is not None and w.model.kind != "llm" and w.model.modality != "video":
        _compare_media(w, gids)
        if w.out.first:
            return
    if w.model is None or w.model.kind != "llm":
        rows = []
        for gid in gids:
            g = w.reg.gpus[gid]
            gb = w.basis(gid, share=True)
            price_text = (w.say("compare_gpu_price", price=w.usd(gb[1]), kind=w.kinds[gb[2]])
                          if gb else "")
            rows.append(w.say("compare_gpu_row", gpu=g.name, mem=w.n(g.memory_gb),
                              bw=w.n(g.bandwidth_gb_s), price=price_text))
        if rows:
            w.out.first = w.say("compare_gpus", rows="; ".join(rows))
            w.out.computed = True
        return
    inp = _prompt(w)
    bare = w.st.bare_gpu
    if bare is not None and bare[1] in gids and bare[2] not in gids:
        # "H100 vs A100 for 70B": an LLM is held by memory, and a family named bare means its
        # large-memory card for LLM inference (the A100 80GB, not the 40GB that needs twice
        # as many); the note after the answer names the card used and the other's count
        word, read, other = bare
        if w.reg.gpus[other].memory_gb > w.reg.gpus[read].memory_gb:
            gids = [other if g == read else g for g in gids]
            w.st = dc_replace(w.st, bare_gpu=(word, other, read))
    base = w.size(input_tokens=inp, output_tokens=512)
    if base is None:
        return
    w.record(base, inp + 512)
    if w.sub == "million" and _compare_million(w, gids, base, inp):
        return
    rows = []
    best_speed: tuple[float, str] | None = None
    best_price: tuple[float, str] | None = None
    # a load stated ("with 16 users"): each GPU at that many requests at once, per user
    users = w.ex.concurrent_requests or w.det.users or 1
    for gid, count, r in _compared(w, gids, base, inp, rows, users):
        p = r.performance if r is not None and r.fits else None
        tps = (p.output_tokens_per_s_per_user if users > 1 else p.decode_tokens_per_s) \
            if p is not None else None
        # like for like: each GPU on its on-demand price (reserved, then spot, only where
        # it has none), never one side's spot against the other's on-demand
        bb = w.basis(gid, count)
        offers = [bb[0]] if bb else []
        price = bb[1] if bb else None
        setup = w.setup(count, gid)
        if r is not None and r.weights != base.weights:  # a precision that fits the count
            setup = w.say("compare_setup_precision", setup=setup, weights=r.weights)
        price_text = w.say("compare_price", price=w.usd(price), total=w.usd(price * count),
                           kind=w.kinds[bb[2]] if bb else "") if price else ""
        if users > 1 and (p is None or not tps):
            # the requests the engine runs at once at their actual context (paged KV cache),
            # the count the sizing's queue warning gives; else those held at full context
            held = r.performance.max_concurrency if r is not None and r.performance else None
            if held is not None and held >= users:
                held = None
            most = held or (r.max_batch_size if r is not None else None)
            rows.append(w.say("compare_row_users_nofit", setup=setup, users=w.n(users),
                              most=w.n(most or 0)) if most else
                        w.say("compare_row_users_none", setup=setup, users=w.n(users)))
            tps = None
        elif users > 1 and p is not None:
            rows.append(w.say("compare_row_users", setup=setup, tps=w.rate(tps or 0),
                              ttft=w.n(p.time_to_first_token_ms or 0),
                              total=w.n(p.output_tokens_per_s or 0), price=price_text))
        else:
            rows.append(w.say("compare_row", setup=setup, tps=w.rate(tps or 0),
                              price=price_text))
        if tps and (best_speed is None or tps > best_speed[0]):
            best_speed = (tps, setup)
        if price and (users == 1 or tps) and (best_price is None
                                              or price * count < best_price[0]):
            best_price = (price * count, setup)  # under a load, only a setup that carries it
        if offers:
            v = offers[0]
            w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
        if r is not None:
            for x in r.warnings:
                w.core_warn(x)
    w.out.first = w.say("compare_users", model=w.model.name, weights=base.weights,
                        users=w.n(users), inp=w.n(inp), rows="; ".join(rows)) if users > 1 \
        else w.say("compare", model=w.model.name, weights=base.weights, rows="; ".join(rows))
    if best_speed:
        w.ask("output_tokens_per_s_per_user" if users > 1 else "decode_tokens_per_s",
              best_speed[0], "tokens/s")
    if best_speed and best_price:
        w.out.more.append(w.say("compare_best", fast=best_speed[1], cheap=best_price[1]))


def _compared(w: _W, gids: list[str], base: SizingResult, inp: int, rows: list[str],
              users: int = 1) -> Iterator[tuple[str, int, SizingResult | None]]:
    """Each GPU compared, at the count written next to it ("2 x H100 or one H200"), else at
    the fewest of it that hold the model (the base sizing's ``fits_on``), sized there with
    ``users`` requests at once: (gpu, count, sizing); a GPU that holds it at no count, or not
    at the count written, gets its row in ``rows`` instead (with its need, and the fewest of
    it that do)."""
    written = dict(w.st.gpu_counts)
    for gid in gids:
        count = next((f.gpu_count for f in base.fits_on if f.gpu == gid), None)
        if gid in written and written[gid] != count:
            r = w.size(gpu=gid, gpu_count=written[gid], input_tokens=inp, output_tokens=512,
                       batch_size=users if users > 1 else None)
            if r is not None and r.gpu is not None and not r.fits:
                # the count written, at the largest precision that fits it (said in its row)
                more = len(w.out.more)
                r = _fitting_precision(
                    w, r, gid, written[gid], w.setup(written[gid], gid), inp + 512,
                    lambda x: x.fits and x.performance is not None, input_tokens=inp,
                    output_tokens=512, batch_size=users if users > 1 else None) or r
                del w.out.more[more:]  # the row says it: "1 x H200 at fp8 (bf16: ...)"
            if r is not None and not r.fits:
                fewest = (w.say("compare_nofit_fewest", setup=w.setup(count, gid))
                          if count is not None and count > written[gid] else "")
                rows.append(w.say("compare_nofit_at", setup=w.setup(written[gid], gid),
                                  need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                                  fewest=fewest))
                continue
            if r is not None:
                yield gid, written[gid], r
                continue
        if count is None:
            rows.append(w.say("compare_nofit", gpu=w.gpu_name(gid)))
            continue
        yield gid, count, w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512,
                                 batch_size=users if users > 1 else None)


def _compare_million(w: _W, gids: list[str], base: SizingResult, inp: int) -> bool:
    """The cost of a million output tokens on each GPU compared (the fewest of it that hold
    the model, on-demand, at full load): the setup's hourly price over its output."""
    assert w.model is not None
    rows: list[str] = []
    best: tuple[float, str] | None = None
    fast: tuple[float, str] | None = None
    for gid, count, r in _compared(w, gids, base, inp, rows):
        thr = r.performance.max_throughput_tokens_per_s if r and r.performance else None
        b = w.basis(gid, count)
        if not thr or b is None:
            return False
        v, per, kind = b
        hour = per * count
        million = hour / (thr * 3600) * 1e6
        setup = w.setup(count, gid)
        rows.append(w.say("compare_million_row", setup=setup, million=w.usd(million),
                          thr=w.n(thr), hour=w.usd(hour), kind=w.kinds[kind]))
        if best is None or million < best[0]:
            best = (million, setup)
        if fast is None or thr > fast[0]:
            fast = (thr, setup)
        w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    if best is None or fast is None:
        return False
    w.out.first = w.say("compare_million", model=w.model.name, weights=base.weights,
                        rows="; ".join(rows))
    w.ask("per_million_output_tokens_usd", best[0], "USD")
    w.out.more.append(w.say("compare_million_best", cheap=best[1], fast=fast[1]))
    return True


def _lei_note(w: _W) -> None:
    """Prices asked or a budget stated in lei or euro: the catalog's prices are in USD and it
    holds no exchange rate, so the answer says so instead of converting (and applies no
    budget stated in them), never silently."""
    if w.st.lei is not None:
        amount = w.say("lei_amount", lei=w.n(w.st.lei)) if w.st.lei else ""
        note = w.say("lei_note", amount=amount)
        if note not in w.out.more:
            w.out.more.insert(0, note)
    if w.st.eur is not None:
        eur = w.n(w.st.eur, 0 if float(w.st.eur).is_integer() else 2)
        amount = w.say("eur_amount", eur=eur) if w.st.eur else ""
        note = w.say("eur_note", amount=amount)
        if note not in w.out.more:
            w.out.more.insert(0, note)


def _cost(w: _W) -> None:
    month = w.sub == "month"  # the inner answer turns a job's month into "job"
    period = w.sub if w.sub in ("day", "week", "year") else None  # by the hour, then this
    _cost_inner(w)
    if w.st.job_runs and w.out.asked is not None and w.out.asked.quantity == "per_job_usd":
        _job_month(w, w.out.asked.value, month)
    if (period is not None and w.out.asked is not None and w.out.first is not None
            and w.out.asked.quantity in ("per_hour_usd", "per_gpu_hour_usd")):
        _cost_period(w, w.out.asked.value, period)


def _cost_period(w: _W, hour: float, period: str) -> None:
    """A day, a week or a year asked ("how much per day", "cât costă pe săptămână", "pe
    an"): the hourly price times the hours a day stated (24 unless stated) and, for a week,
    its days (7 unless stated), for a year 12 months at the usage stated, leading; the hourly
    answer that names the setup follows it."""
    h = w.st.hours_per_day or 24.0
    days = 1.0 if period == "day" else (w.st.days_per_week or 7.0)
    total = hour * h * days
    if period == "year":
        # 12 of the months every monthly figure here is priced over (30 days unless stated,
        # MONTH_DAYS), so that the year is 12 x the month the answer shows beside it
        total = hour * w.month_hours() * 12
    said = w.say(f"cost_per_{period}", total=w.usd(total), hours=w.hours(h),
                 days=w.hours(days), hour=w.usd(hour), usage=w.usage())
    w.out.more.insert(0, w.out.first or "")
    w.out.first = said
    w.ask(f"per_{period}_usd", total, f"USD/{period}")


def _finetune(w: _W) -> None:
    """A fine-tuning question; a run on a schedule ("every week", "o dată pe săptămână"):
    its month of runs after the one run's cost, leading when a month is asked."""
    _train(w, "finetune")
    if (w.st.job_runs and w.out.asked is not None
            and w.out.asked.quantity == "per_training_run_usd"):
        _job_month(w, w.out.asked.value, w.st.month_asked)


def _job_month(w: _W, per_job: float, lead: bool) -> None:
    """A job run on a schedule ("every week", "de două ori pe săptămână"): a month of runs,
    each billed on its own as the one job priced (its provider's rounding and minimum
    charge already in that job's cost), in a month of 30 days as every monthly figure here
    (a week is 30/7 of it); it leads when a month is asked, else follows the job's cost."""
    n, period = w.st.job_runs or (1.0, "month")
    runs = n * {"day": float(MONTH_DAYS), "week": MONTH_DAYS / 7, "month": 1.0}[period]
    total = per_job * runs
    said = w.say("cost_job_month", month=w.usd(total), runs=w.n(runs, 0 if runs.is_integer()
                                                               else 2),
                 how=w.say(f"job_runs_{period}", n=w.hours(n)), job=w.usd(per_job))
    if not lead or w.out.first is None:
        w.out.more.insert(0, said)
        return
    w.out.more.insert(0, w.out.first)
    w.out.first = said
    w.ask("per_month_usd", total, "USD")


def _cheapest_card(w: _W) -> bool:
    """The cheapest card of a memory size, or of at least one ("the cheapest 80 GB GPU", "a
    card with at least 48 GB"), with no model named: every GPU of that memory on its cheapest
    trusted on-demand price for one card, from single-GPU offers (a per-GPU share of a
    larger machine is not a price one card can be rented at)."""
    floor = w.st.min_memory_gb
    gb = floor or w.det.memory_gib
    if not gb:
        return False
    rows: list[tuple[float, str, OfferView]] = []
    for g in w.reg.gpus.values():
        if (g.memory_gb < gb - 0.5) if floor else round(g.memory_gb) != round(gb):
            continue
        singles = [v for v in w.offers_for(g.id) if v.gpu_count == 1 and not v.stale
                   and not v.suspect and v.on_demand_usd_h is not None]
        if singles:
            v = min(singles, key=lambda x: x.on_demand_usd_h or 0.0)
            rows.append((v.on_demand_usd_h or 0.0, g.id, v))
    if not rows:
        return False
    rows.sort(key=lambda x: (x[0], x[1]))
    price, gid, v = rows[0]
    key = "card_cheapest_min" if floor else "card_cheapest_any"
    w.out.first = w.say(key, gb=w.n(gb), gpu=w.gpu_name(gid), price=w.usd(price),
                        provider=v.provider, kind=w.kinds["on_demand"],
                        mem=w.n(w.reg.gpus[gid].memory_gb))
    w.ask("per_gpu_hour_usd", price, "USD/h")
    others = [w.say("card_row", gpu=w.gpu_name(g), price=w.usd(p), provider=x.provider)
              for p, g, x in rows[1:4]]
    if others:
        w.out.more.append(w.say("cost_more", rows="; ".join(others)))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    return True


def _full_load(w: _W, gid: str, inp: int, out: int
               ) -> tuple[SizingResult, int, float, OfferView, float, str, str | None] | None:
    """The GPU named (its count asked, else the fewest that hold the model, or the users
    stated) sized for ``inp`` tokens in and ``out`` out: (the sizing, the count, its output
    tokens/s at full load, the on-demand offer, the setup's hourly price, the price kind, the
    sentence that says the count is for the users when the fewest that hold the model do not
    hold them); None where it does not run there or has no price."""
    count = w.ex.gpu_count or _min_count(w, gid, inp) or 1
    # users stated and no count: the fewest that hold them all at once, as the cost path
    # sizes them (gpu_count_for_users), never a setup whose full load serves fewer
    nofit = None if w.ex.gpu_count else _users_nofit(w, gid, count, inp + 512)
    if nofit is not None:
        count = nofit[0]
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=out)
    if r is None or r.gpu is None or not r.fits or r.performance is None:
        return None
    thr = r.performance.max_throughput_tokens_per_s
    b = w.basis(gid, count)
    if not thr or b is None:
        return None
    v, per, kind = b
    return r, count, thr, v, per * count, kind, nofit[1] if nofit is not None else None


def _tokens_on_gpu(w: _W, gid: str) -> bool:
    """A token count to generate on the GPU named ("100 million output tokens on one H100"):
    the job's total, the tokens over the setup's output at full load, billed at its hourly
    price (on-demand) as :func:`_billed_job` bills any job, with the rate and the hours."""
    assert w.model is not None and w.det.tokens
    out = w.st.output_tokens or 512
    inp = _prompt(w, out)
    got = _full_load(w, gid, inp, out)
    if got is None:
        return False
    r, count, thr, v, hour, kind, nofit = got
    # users stated: the tokens come at the rate that load produces (as a million of them is
    # priced, _million_on_gpu), else at full load
    users = w.ex.concurrent_requests
    load = _million_at_load(w, r, count, v, kind, hour, inp, out, users) if users else None
    if load is not None:
        thr = load[1]
    hours = w.det.tokens / thr / 3600
    # billed as the provider bills the setup's hours, with the weights' storage, as any job
    job = _billed_job(w, v, hour / count, count, hours, r.weights)
    total = job.total
    w.record(r, inp + out)
    asked_requests = _requests_of(w)  # "1000 requests": the requests lead, their tokens after
    said = {"tokens": w.n(w.det.tokens), "inp": w.n(inp), "out": w.n(out),
            **(_requests_said(w, *asked_requests) if asked_requests else {})}
    w.out.first = w.say(("requests" if asked_requests is not None else "tokens")
                        + ("_job_gpu_users" if load is not None else "_job_gpu"),
                        model=w.model.name, users=w.n(users or 0),
                        weights=r.weights, setup=w.setup(count, gid), cost=w.usd(total),
                        hours=w.duration(hours), thr=w.n(thr),
                        hour=w.usd(hour), provider=w.where(v, count), kind=w.kinds[kind],
                        **said)
    if nofit is not None:
        w.out.first = f"{nofit} {_decap(w, w.out.first)}"
    w.ask("per_job_usd", total, "USD")
    w.out.more.append(_job_split(w, job))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    if hours > 30 * 24:
        # over 30 days: as many copies of the setup as finish it within 30 days (a batch
        # job splits over independent replicas, each at the setup's own throughput)
        k = math.ceil(hours / (30 * 24))
        w.warn(w.say("warn_long_job", days=w.n(hours / 24, 1 if hours < 2400 else 0),
                     setup=w.setup(count, gid),
                     alt=w.say("instances", n=w.n(k), setup=w.setup(count, gid)),
                     alt_days=w.n(hours / k / 24, 1), alt_cost=w.usd(total)))
    w.sized_warnings(r, inp + out)
    return True


def _requests_tokens(w: _W) -> None:
    """A count of requests to price ("1000 requests to llama-3.1-8b on an L4", no rate, no
    tokens stated) is a token job: the requests times each one's output (``_prompt``'s input
    and 512 out unless stated, said with the answer), at the setup's full-load rate for
    requests of that length, as :func:`_tokens_on_gpu` prices any token job."""
    m = w.model
    if (m is None or m.kind != "llm" or m.task == "embed" or not w.st.requests
            or w.det.tokens or w.sub == "million" or w.st.request_rate_per_s
            or w.ex.workload in ("finetune", "pretrain")):
        return
    w.det = msgspec.structs.replace(w.det, tokens=w.st.requests * (w.st.output_tokens or 512))


def _requests_of(w: _W) -> tuple[int, int, int] | None:
    """(requests, input, output tokens of one) of a token job made of requests
    (:func:`_requests_tokens`); None for any other job."""
    out = w.st.output_tokens or 512
    if not w.st.requests or w.det.tokens != w.st.requests * out:
        return None
    return w.st.requests, _prompt(w, out), out


def _requests_said(w: _W, requests: int, inp: int, out: int) -> dict[str, str]:
    """The requests of a token job as its answer says them, with the lengths assumed said."""
    stated = (w.st.prompt_tokens or w.ex.context_tokens) and w.st.output_tokens
    return {"requests": w.n(requests), "inp": w.n(inp), "out": w.n(out),
            "tokens": w.n(requests * out), "assumed": "" if stated else w.t["requests_assumed"]}


def _bare_holds(w: _W) -> None:
    """A GPU family named bare ("A100", "A100s") in a cost or a count for an LLM: the memory
    variant that holds the model on the fewest GPUs, or at the count stated the one that holds
    it there, as the comparison reads such a name (:func:`_compare`); the note after the
    answer names the card read and the other's count. The name's alias is the small card
    (the A100 40GB): Qwen2.5 72B was priced on 8 of it, or on "2 A100s" that do not hold it
    ("the model needs 8 of it" beside a price for 2), where 2 × A100 80GB do."""
    bare = w.st.bare_gpu
    if bare is None or w.model is None or w.model.kind != "llm" or w.ex.gpu != bare[1]:
        return
    if w.ex.gpu in w.st.gpu_family and (w.det.provider or w.det.region):
        return  # priced at a provider or in a region: every card of the family (_cost_inner)
    word, read, other = bare
    if w.reg.gpus[other].memory_gb <= w.reg.gpus[read].memory_gb:
        return
    ctx = max(_prompt(w, 512, 4096 - 512) + 512, 1024)  # as the cost's recommendations
    here, there = _min_count(w, read, ctx), _min_count(w, other, ctx)
    if there is None or (here is not None and here <= there):
        return
    if w.ex.gpu_count and here is not None and here <= w.ex.gpu_count:
        return  # the count stated holds it on the card read
    w.ex = msgspec.structs.replace(w.ex, gpu=other)
    w.st = dc_replace(w.st, bare_gpu=(word, other, read))


def _cost_inner(w: _W) -> None:
    _bare_holds(w)
    gid, _ = w.card()
    one_card = w.st  # (the alias's card, should no card of the family be offered there)
    if gid is not None and gid in w.st.gpu_family and (w.det.provider or w.det.region):
        # "cheapest A100 at aws": a family named bare, priced where the question asks, is
        # every card of it, as GET /v1/offers?gpu=A100 reads it: the alias's one card can be
        # missing or suspect there while another card of the family is offered. Without a
        # model each card is priced in turn, so the note that reads the name as one card goes
        w.st = dc_replace(w.st, gpu_variants=w.st.gpu_family,
                          bare_gpu=w.st.bare_gpu if w.model is not None else None)
    if w.sub != "unit" and _work_rate(w, gid):  # "50,000 SDXL images a day": a load's month
        return
    if w.sub == "reserved":
        w.sub = "hour"  # a reserved price by the hour (the reserved passage answers it)
    if (w.sub in (None, "hour") and w.st.hours_per_day and not w.ex.budget_usd_per_hour
            and not w.det.tokens and not w.st.hour_asked):
        # "8 hours a day": the month at that usage, not an hour; "how much per hour ... 8
        # hours a day": the hour, the month at that usage after it
        w.sub = "month"
    _one_item(w, gid)
    if w.model is not None and w.model.kind != "llm" and gid is not None and _media_cost(w, gid):
        return
    if w.model is not None and gid is None and _job_total(w):
        return
    if w.model is not None and gid is None and w.sub == "unit" and _media_unit(w):
        return
    if (w.model is not None and gid is not None and w.model.task == "embed" and w.det.tokens
            and _embed_on_gpu(w, gid)):
        return
    if w.model is None and w.ex.gpu is None and (w.st.min_memory_gb or w.det.memory_gib) \
            and _cheapest_card(w):
        return
    _requests_tokens(w)
    token_job = (w.model is not None and w.model.kind == "llm" and w.model.task != "embed"
                 and bool(w.det.tokens) and w.sub != "million"
                 and w.ex.workload not in ("finetune", "pretrain"))
    if token_job and gid is not None and _tokens_on_gpu(w, gid):
        return
    if token_job:
        w.sub = "job"  # "100 million tokens": the job's total, on the cheapest option
    if w.model is None and gid is not None and (
            w.sub == "month" or (w.sub == "job" and w.det.duration_hours)) and (
            w.st.storage_gb or w.st.egress_gb):
        _month_total(w, gid)
        return
    if (w.model is not None and w.model.kind == "llm" and w.sub == "million"
            and gid is not None and _million_on_gpu(w, gid)):
        return
    if (w.model is None and gid is not None and w.st.node and (w.ex.gpu_count or 1) == 1
            and _node_price(w, gid)):
        return  # "an H100 node" (its "an" read as one): the catalog's whole machine of it
    if w.model is None and w.st.audio_hours and w.st.items:
        # "10 hours of speech ... on an A10": hours of audio made, no GPU hours; their time
        # and cost are the model's speed, and no model is named
        w.out.first = w.say("audio_hours_need_model", n=w.n(w.st.items))
        return
    if (w.model is None and gid is not None and w.st.nodes is not None
            and w.ex.gpu_count == w.st.nodes[0] * w.st.nodes[1]):
        _nodes_price(w, gid, *w.st.nodes)
        return
    if w.model is None:
        if gid is not None and gid in w.st.gpu_variants:
            _variants_price(w, gid)
        elif gid is not None:
            _gpu_price(w, gid)
        return
    workload = w.ex.workload or ("serving" if w.model.kind == "llm" else "batch")
    if token_job:
        workload = "batch"
    kw: dict[str, Any] = {"workload": workload,
                          "concurrent_requests": w.ex.concurrent_requests or 1}
    if w.model.kind == "llm":
        # the recommendations' context is prompt plus output (512 unless stated below)
        kw["context_tokens"] = max(_prompt(w, 512, 4096 - 512) + 512, 1024)
    if w.sub == "job" and w.det.tokens and workload == "batch":
        kw["job_output_tokens"] = w.det.tokens
        asked_requests = _requests_of(w)
        if asked_requests is not None:  # the requests' own lengths, not 512 out
            kw["output_tokens"] = asked_requests[2]
            kw["context_tokens"] = asked_requests[1] + asked_requests[2]
    rate = w.st.request_rate_per_s if w.model.kind == "llm" and workload == "serving" else None
    if rate:
        # "2 million requests per day": a load carried at that rate, each request's output
        # as stated
        kw["target_requests_per_s"] = rate
        out = kw["output_tokens"] = w.st.output_tokens or 512
        # ("500 tokens out each" is the output, no context: _prompt's default)
        kw["context_tokens"] = max(_prompt(w, out, 4096 - out) + out, 1024)
    if gid is not None:
        kw["top_n"] = 50
    # a name covering several cards ("A100 80GB"; "A100" at a provider): the recommendations
    # for all of them (their gpus filter), the cheapest of any leading
    family = list(w.st.gpu_variants) if gid is not None and gid in w.st.gpu_variants else []
    if family:
        kw["gpus"] = family
    by_memory = None
    if w.ex.gpu is None and (w.det.memory_gib or w.st.min_memory_gb):
        # "which 24 GB card is the cheapest": every card of that memory (or of at least that
        # much), not one of them
        floor = w.st.min_memory_gb
        by_memory = {g.id for g in w.reg.gpus.values()
                     if (g.memory_gb >= floor - 0.5 if floor
                         else round(g.memory_gb) == round(w.det.memory_gib or 0))}
        kw["top_n"] = 50
    # work the recommendations would put on spot by default (a batch job, a fine-tune) that
    # the question did not say may be interrupted; a workload said is the one priced only
    # when a token job did not turn it into a batch ("serve 1 million requests": serving
    # said, a batch priced, which led with a TPU's spot price and no caveat, audit slack2)
    spot_ok = (w.st.interruptible or (w.ex.workload is not None and w.ex.workload == workload)
               or workload not in ("batch", "finetune"))
    if not spot_ok:
        # the work was not said to be interruptible: on-demand leads, spot comes after
        kw["interruptible"] = False
    rec = w.recommend(**kw)
    if rec is None:
        return
    if not spot_ok and rec.options and w.ex.budget_usd_per_hour is None:
        _spot_option(w, kw, rec.options[0])
    if by_memory:
        options = [o for o in rec.options if o.offer.gpu in by_memory][:3]
        if options:
            gid = options[0].offer.gpu
    fewer: list[Option] = []
    if not by_memory:
        options = [o for o in rec.options if gid is None or o.offer.gpu in (family or [gid])]
        if gid is not None and w.ex.gpu_count:
            fewer = [o for o in options if o.nodes == 1 and o.offer.gpu_count < w.ex.gpu_count]
            # the count asked is honoured: one machine of that many GPUs
            options = [o for o in options
                       if o.nodes == 1 and o.offer.gpu_count == w.ex.gpu_count]
        options = options[:3]
    if not options and family:
        # no card the name covers fits there: the card it resolves to, priced elsewhere or
        # with its reason, as before the family was read
        w.st, family = one_card, []
    if not options and gid is not None and not family and w.model.kind == "llm":
        # the recommendations rank every GPU: none of their first 50 is the one named, so
        # price that GPU itself, with the fewest that hold the model
        count = w.ex.gpu_count or _min_count(w, gid, kw.get("context_tokens", 4096)) or 1
        nofit = None if w.ex.gpu_count else _users_nofit(w, gid, count,
                                                          kw.get("context_tokens", 4096))
        if nofit is not None:
            count = nofit[0]  # never a price for a setup that does not hold the load
        if (w.sub == "month" or w.ex.budget_usd_per_month
                or (w.sub == "job" and w.det.duration_hours and w.st.storage_gb)):
            if _month_total(w, gid, count):
                if nofit is not None and w.out.first:
                    w.out.first = f"{nofit[1]} {_decap(w, w.out.first)}"
                alt = fewer[0] if fewer else None
                if alt is not None and alt.cost.per_month_usd is not None and (
                        w.out.asked is None or alt.cost.per_month_usd < w.out.asked.value):
                    # the count asked leads; fewer GPUs at a smaller precision after it
                    w.out.more.insert(0, w.say(
                        "cost_alt_fewer", setup=w.option_setup(alt), weights=alt.weights,
                        month=w.usd(alt.cost.per_month_usd),
                        hour=w.usd(alt.cost.per_hour_usd), provider=alt.offer.provider))
                return
        elif _setup_hour(w, gid, count):
            if nofit is not None and w.out.first:
                w.out.first = f"{nofit[1]} {_decap(w, w.out.first)}"
            return
    if not options and w.ex.gpu is not None and not family:
        # the GPU named, never another one cheaper: the recommendations for it alone (their
        # gpus filter), so "cheapest L40S at aws" is L40Ss at aws, or none and their reason
        # (a family's recommendations were filtered so already)
        named = w.recommend(**{**kw, "gpus": [w.ex.gpu]})
        if named is None:
            return
        rec, options = named, named.options[:3]
    if not options and gid is not None:
        options = rec.options[:3]
    if not options:
        if rec.reason:
            w.out.first = w.say("nooffer", reason=localise(rec.reason, w.t, w.f, w.kinds))
            w.out.computed = True
        return
    o = options[0]
    if (w.sub == "job" and w.det.duration_hours and w.st.storage_gb and gid is not None
            and o.nodes == 1
            and _month_total(w, o.offer.gpu, w.ex.gpu_count or o.offer.gpu_count)):
        return  # a length stated with storage: its GPU hours and storage, as without a model
    w.offer_numbers(msgspec.structs.replace(rec, options=options))
    if family:
        w.priced_gpu = o.offer.gpu  # (the region and provider notes are about the card led)
        if o.offer.gpu != gid:
            # another card of the family leads: the note that reads the name as the alias's
            # card (and its count) is not what was priced
            w.st = dc_replace(w.st, bare_gpu=None)
    if (w.model.kind == "llm" and w.model.task != "embed" and workload == "serving"
            and w.out.sizing is None):
        # the sizing the price is for: one replica of the lead option (its machine's GPUs,
        # its share of the users), as the spot answer records its own
        ctx = kw.get("context_tokens", 4096)
        one = w.size(gpu=o.offer.gpu, gpu_count=o.offer.gpu_count, weights=o.weights,
                     input_tokens=ctx - kw.get("output_tokens", 512),
                     output_tokens=kw.get("output_tokens", 512),
                     batch_size=math.ceil(kw["concurrent_requests"] / o.nodes))
        if one is not None and one.fits:
            w.record(one, ctx, per_replica=True)
    budget = w.ex.budget_usd_per_month or w.ex.budget_usd_per_hour
    within = ""
    if w.st.budget_usd_per_day and not w.ex.budget_usd_per_month:
        within = w.say("within", budget=w.usd(w.st.budget_usd_per_day) + "/" +
                       ("zi" if w.lang == "ro" else "day"))
    elif w.ex.budget_usd_per_month:
        within = w.say("within", budget=w.usd(w.ex.budget_usd_per_month) + "/" +
                       ("lună" if w.lang == "ro" else "month"))
    elif w.ex.budget_usd_per_hour:
        within = w.say("within", budget=w.usd(w.ex.budget_usd_per_hour) + "/" +
                       ("oră" if w.lang == "ro" else "h"))
    common = {"setup": w.option_setup(o),
              "provider": o.offer.provider, "hour": w.usd(o.cost.per_hour_usd),
              "kind": w.kinds[o.pricing_model], "within": within}
    sub = w.sub or "hour"
    parts: list[str] = []  # a month's split, after the precision and the load
    if (w.ex.budget_usd_per_month or w.st.budget_usd_per_day) and sub == "hour":
        sub = "month"
    # the recommendations rank a reservation after on-demand on purpose (it binds you to a
    # term): when one listed below is cheaper per hour, the lead is the cheapest only among
    # the options without a commitment, and the answer says so
    committed = o.pricing_model != "reserved" and any(
        x.pricing_model == "reserved" and x.cost.per_hour_usd < o.cost.per_hour_usd
        for x in options[1:])
    if sub == "month" and o.cost.per_month_usd is not None:
        w.out.first = w.say("cost_month_no_commitment" if committed else "cost_month",
                            month=w.usd(o.cost.per_month_usd), usage=w.usage(), **common)
        w.ask("per_month_usd", o.cost.per_month_usd, "USD")
        if (w.st.storage_gb or w.st.egress_gb or o.cost.storage_per_month_usd
                or o.cost.egress_per_month_usd):
            parts.append(w.say(
                "cost_month_parts", gpu=w.usd(o.cost.compute_per_month_usd or 0),
                storage=w.usd(o.cost.storage_per_month_usd or 0),
                egress=w.usd(o.cost.egress_per_month_usd or 0)))
    elif sub == "million" and o.cost.per_million_output_tokens_usd is not None:
        w.out.first = w.say("cost_million", million=w.usd(o.cost.per_million_output_tokens_usd),
                            model=w.model.name, weights=o.weights, **common)
        w.ask("per_million_output_tokens_usd", o.cost.per_million_output_tokens_usd, "USD")
        if w.st.input_million:
            # a million prompt tokens: the lead option's setup (one replica, one machine's
            # GPUs, times its machines) at its prefill rate
            ctx = kw.get("context_tokens", 4096) - 512  # the prompt, with 512 out
            one = w.size(gpu=o.offer.gpu, gpu_count=o.offer.gpu_count, weights=o.weights,
                         input_tokens=ctx, output_tokens=512)
            if one is not None and one.fits and one.performance is not None:
                pre_one = one.performance.prefill_tokens_per_s or 0.0
                one = msgspec.structs.replace(one, performance=msgspec.structs.replace(
                    one.performance, prefill_tokens_per_s=pre_one * o.nodes))
                _input_million(w, one, o.cost.per_hour_usd, ctx,
                               o.cost.per_million_output_tokens_usd,
                               o.performance.output_tokens_per_s_total,
                               {"model": w.model.name, "weights": o.weights,
                                "setup": common["setup"], "provider": o.offer.provider,
                                "kind": common["kind"], "hour": common["hour"]})
    elif sub == "job" and o.cost.per_job_usd is not None:
        asked_requests = _requests_of(w)
        w.out.first = w.say("cost_job", job=w.usd(o.cost.per_job_usd), **common)
        if asked_requests is not None:  # "1000 requests": what the job is, with the lengths
            w.out.first = w.say("requests_job", **_requests_said(w, *asked_requests),
                                text=_decap(w, w.out.first))
        w.ask("per_job_usd", o.cost.per_job_usd, "USD")
    elif (gid is not None and sub in ("hour", "job") and w.det.duration_hours
          and not w.det.tokens and not w.st.hours_per_day and not budget):
        # a length stated ("for 3 months": 3 x 730 hours) with a model on the GPU named and
        # no count: the setup that holds it there (the lead option, as a month asked sizes
        # it) for those hours, as "on 2 H100 for 3 months" is (_setup_hour); was its hourly
        # price alone (audit slack2)
        job_h = w.det.duration_hours
        w.out.first = w.say("cost_setup_total", hours=w.duration(job_h), setup=common["setup"],
                            model=w.model.name, weights=o.weights,
                            total=w.usd(o.cost.per_hour_usd * job_h), hour=common["hour"],
                            provider=o.offer.provider, kind=common["kind"])
        w.ask("per_job_usd", o.cost.per_hour_usd * job_h, "USD")
    elif by_memory and o.offer.gpu_count * o.nodes == 1 and (
            w.det.memory_gib or w.st.min_memory_gb):
        w.out.first = w.say("card_cheapest", gb=w.n(w.st.min_memory_gb or w.det.memory_gib or 0),
                            model=w.model.name,
                            weights=o.weights, gpu=o.offer.gpu_name, hour=common["hour"],
                            provider=o.offer.provider, kind=common["kind"])
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h")
    else:
        w.out.first = w.say("cost_hour_no_commitment" if committed else "cost_hour", **common)
        w.ask("per_hour_usd", o.cost.per_hour_usd, "USD/h")
    if w.model.kind != "llm" and w.weights is None:
        _match_weights_note(w, o)
    if w.model.kind == "llm" and w.model.task != "embed" and workload == "serving":
        # the precision and the load the price is for, right after it
        if rate:
            ctx = kw.get("context_tokens", 4096)
            w.out.more.append(w.say("cost_assumed_rate", weights=o.weights, rate=w.per_s(rate),
                                    ctx=w.n(ctx), inp=w.n(ctx - kw["output_tokens"]),
                                    out=w.n(kw["output_tokens"])))
        else:
            ctx = kw.get("context_tokens", 4096)
            w.out.more.append(w.say("cost_assumed", weights=o.weights,
                                    users=w.n(kw["concurrent_requests"]),
                                    ctx=w.n(ctx), inp=w.n(ctx - 512), out=w.n(512)))
    w.out.more.extend(parts)
    del budget
    others = [w.say("cost_row", setup=w.option_setup(x), provider=x.offer.provider,
                    hour=w.usd(x.cost.per_hour_usd), kind=w.kinds[x.pricing_model])
              for x in options[1:]]
    if others:
        w.out.more.append(w.say("cost_more", rows="; ".join(others)))
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    for x in options:
        w.option_warnings(x)


def _match_weights_note(w: _W, o: Option) -> None:
    """An image, video or speech model's cheapest match at weights other than its own (FLUX.1-dev
    on a 16 GB card only at nf4): the precision said right after the price, with what the
    model's own precision needs (the sizing's default weights, the smallest card of its
    ``fits_on``), so a quantized match is never read as the model as shipped."""
    assert w.model is not None
    base = w.size(**{k: v for k, v in w.media_kw().items() if k != "batch_size"})
    if base is None or (get_precision(base.weights).bits_linear
                        == get_precision(o.weights).bits_linear):
        return  # the same bits (fp16 on a card without bf16): the same memory and quality
    rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))
    g = w.reg.gpus.get(o.offer.gpu)
    if not rows or (g is not None and g.usable_gib >= base.memory.per_gpu_gib):
        # the match's card holds the model's own weights too: the precision alone
        w.out.more.insert(0, w.say("cost_match_weights_only", weights=o.weights,
                                   native=base.weights, model=w.model.name))
        return
    w.out.more.insert(0, w.say("cost_match_weights", weights=o.weights, native=base.weights,
                               model=w.model.name, need=w.gib(base.memory.total_gib),
                               setup=w.setup(rows[0].gpu_count, rows[0].gpu),
                               gb=w.n(w.reg.gpus[rows[0].gpu].memory_gb)))


def _users_nofit(w: _W, gid: str, count: int, ctx: int) -> tuple[int, str] | None:
    """The users stated do not fit on ``count`` × ``gid`` at ``ctx`` tokens of context (the
    prompt and 512 out, as the cost path's recommendations read it): (the fewest of that GPU
    that hold them, from :func:`gpu_count_for_users`, the sentence that says so with the
    memory needed and the memory there), else None."""
    assert w.model is not None
    users = w.ex.concurrent_requests
    if not users or users <= 1:
        return None
    inp = max(1, ctx - 512)
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512, batch_size=users)
    if r is None or r.gpu is None or r.fits:
        return None
    got = gpu_count_for_users(w.catalog, w.scaled or w.model.id, w.weights, gid, users, inp)
    if got is None or got[0] <= count:
        return None
    # "One H100 does not hold...", "2 × H100 do not hold..."
    return got[0], w.say("cost_nofit" if count == 1 else "cost_nofit_n",
                         fewer=w.setup(count, gid), gpu=w.gpu_name(gid), model=w.model.name,
                         weights=r.weights, users=w.n(users), ctx=w.n(ctx),
                         need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                         setup=w.setup(got[0], gid))


def _spot_option(w: _W, kw: dict[str, Any], lead: Option) -> None:
    """After an on-demand lead for work not said to be interruptible: the cheapest spot
    option the recommendations give when spot is allowed, if it is cheaper, said as the
    option for interruptible work."""
    if w.ex.gpu is not None or w.det.memory_gib or w.st.min_memory_gb:
        return
    alt = w.recommend(**{**kw, "interruptible": True, "top_n": 1})
    if alt is None or not alt.options:
        return
    o = alt.options[0]
    if o.pricing_model != "spot" or o.cost.per_hour_usd >= lead.cost.per_hour_usd:
        return
    w.out.more.append(w.say("cost_spot_option", price=w.usd(o.cost.per_hour_usd),
                            provider=o.offer.provider, setup=w.option_setup(o)))


def _node_basis(w: _W, gid: str, count: int) -> tuple[OfferView, float, str] | None:
    """The cheapest trusted offer of exactly ``count`` × ``gid`` in one machine, on its
    on-demand price (else reserved): (offer, $/h for the machine, pricing key)."""
    fresh = [v for v in w.offers_for(gid) if v.gpu_count == count
             and not v.stale and not v.suspect]
    for key, attr in (("on_demand", "on_demand_usd_h"), ("reserved", "reserved_usd_h")):
        priced = [(getattr(v, attr), v) for v in fresh if getattr(v, attr) is not None]
        if priced:
            price, v = min(priced, key=lambda x: x[0])
            return v, price, key
    return None



def _in_days(w: _W, hours: float) -> str:
    """A run's length, in days first where the question asks how many days ("2.9 days
    (68.6 hours)"; was the hours alone), else :meth:`_W.duration`."""
    if not w.st.days_asked or hours < 24:
        return w.duration(hours)
    return w.say("duration_days_hours", days=w.n(hours / 24, 1), hours=w.duration(hours))


def _node_size(w: _W, gid: str) -> int:
    """The GPUs of a "node" of ``gid``: the largest count any trusted on-demand offer rents
    in one machine (8 for the H100 SXM), 1 where none does."""
    return max((v.gpu_count for v in w.offers_for(gid) if not v.stale and not v.suspect
                and v.on_demand_usd_h is not None), default=1)


def _node_gpus(w: _W) -> str | None:
    """A model's question on "an H100 node" with no count ("is an H100 node enough to serve
    …", "pretrain … on an H100 node"): sized, timed and priced on the GPUs of that node
    (:func:`_node_size`, the machine :func:`_node_price` prices), as "on 8 H100" is; was one
    GPU. The words that say the count read, or None where nothing changed."""
    gid = w.ex.gpu
    if not w.st.node or w.model is None or gid is None or (w.ex.gpu_count or 1) != 1:
        return None
    n = _node_size(w, gid)
    if n <= 1:
        return None
    w.ex = msgspec.structs.replace(w.ex, gpu_count=n)
    return w.say("node_gpus", gpu=w.gpu_name(gid), n=w.n(n))


def _music_pieces(w: _W) -> str | None:
    """Songs, tracks or clips of an audio generator ("1000 songs with MusicGen large", "100
    clips of 30 s", "200 de melodii"): the count times the clip length stated, else the
    model's default clip (the catalog's ``[default_clip]``), as hours of audio, so the job is
    timed and priced as "10 hours of music" is; was a $/h with no job, or no answer (audit
    slack2). The sentence that says the hours read, or None where nothing changed (hours of
    audio stated, a transcription model, no length known)."""
    m = w.model
    count = w.st.songs or w.st.clips
    if m is None or m.kind != "audio" or w.transcribes() or w.st.items or not count:
        return None
    clip = m.default_clip
    seconds = w.st.clip_seconds or (clip.seconds if clip is not None else None)
    if not seconds:
        return None
    hours = count * seconds / 3600
    w.st = dc_replace(w.st, items=hours, audio_hours=True)
    return w.say("music_pieces" if w.st.clip_seconds else "music_pieces_default",
                 count=w.n(count), sec=w.n(seconds, 0 if seconds.is_integer() else 1),
                 hours=w.n(hours, 0 if hours.is_integer() else 1))


def _node_price(w: _W, gid: str) -> bool:
    """A GPU's "node", "server" or "machine" priced ("how much does an H100 node cost per
    hour?", "un nod H100"): the catalog's common whole instance of it, the largest count any
    trusted offer rents (8 × H100 SXM), at the cheapest such offer (:func:`_node_basis`), its
    count said; was one GPU's price. False where only single-GPU machines are offered (the
    GPU's own price is then the machine's)."""
    n = _node_size(w, gid)
    b = _node_basis(w, gid, n) if n > 1 else None
    if b is None:
        return False
    v, hour, kind = b
    month, hours = w.sub == "month", w.month_hours()
    spot = "" if w.st.on_demand else _spot_also(w, gid, hour / n, n)
    job_h = w.det.duration_hours if (w.det.duration_hours and not month
                                     and not w.st.hours_per_day) else None
    if job_h:
        w.out.first = w.say("cost_gpu_total", hours=w.duration(job_h), setup=w.setup(n, gid),
                            total=w.usd(hour * job_h), hour=w.usd(hour), provider=v.provider,
                            kind=w.kinds[kind], spot=spot)
        w.ask("per_job_usd", hour * job_h, "USD")
    else:
        w.out.first = w.say("cost_node_month" if month else "cost_node_hour", n=w.n(n),
                            gpu=w.gpu_name(gid), hour=w.usd(hour), provider=v.provider,
                            kind=w.kinds[kind], month=w.usd(hour * hours), usage=w.usage(),
                            spot=spot)
        if month:
            w.ask("per_month_usd", hour * hours, "USD")
        else:
            w.ask("per_hour_usd", hour, "USD/h")
    w.out.more.append(w.say("node_largest", gpu=w.gpu_name(gid), n=w.n(n)))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    return True

def _nodes_price(w: _W, gid: str, nodes: int, per_node: int) -> None:
    """"2 nodes of 8xH100", "5 noduri de 8 x H100" with no model: ``nodes`` whole machines
    of ``per_node`` × ``gid``, the cheapest trusted offer of exactly that machine
    (:func:`_node_basis`), for the period asked; was their GPUs as single-GPU machines
    (audit slack2: "16 machines of 1 × H100" for two 8-GPU nodes). Smaller machines follow
    only where cheaper, said as such with the caveat of machines joined over the network;
    no such machine offered: said so, then the GPUs priced as offered (:func:`_gpu_price`)."""
    count = nodes * per_node
    b = _node_basis(w, gid, per_node)
    if b is None:
        _gpu_price(w, gid)
        if w.out.first is not None:
            w.out.first = w.say("nodes_none", n=w.n(per_node), gpu=w.gpu_name(gid),
                                count=w.n(count), nodes=w.n(nodes)) + " " + w.out.first
        return
    v, node, kind = b
    hour = node * nodes
    month, hours = w.sub == "month", w.month_hours()
    job_h = w.det.duration_hours if (w.det.duration_hours and not month
                                     and not w.st.hours_per_day) else None
    common = {"nodes": w.n(nodes), "n": w.n(per_node), "gpu": w.gpu_name(gid),
              "node": w.usd(node), "provider": v.provider, "kind": w.kinds[kind]}
    if job_h:
        w.out.first = w.say("cost_nodes_total", hours=w.duration(job_h),
                            total=w.usd(hour * job_h), **common)
        w.ask("per_job_usd", hour * job_h, "USD")
    elif month:
        w.out.first = w.say("cost_nodes_month", month=w.usd(hour * hours), usage=w.usage(),
                            **common)
        w.ask("per_month_usd", hour * hours, "USD")
    else:
        w.out.first = w.say("cost_nodes_hour", hour=w.usd(hour), month=w.usd(hour * hours),
                            usage=w.usage(), **common)
        w.ask("per_hour_usd", hour, "USD/h")
    small = w.basis(gid, count)
    if small is not None and small[0].gpu_count < per_node and small[1] * count < hour:
        sv, per, _ = small
        span = job_h or (hours if month else 1.0)
        w.out.more.append(w.say("nodes_cheaper_smaller", count=w.n(count),
                                gpu=w.gpu_name(gid), price=_gpu_usd(w, per),
                                where=w.where(sv, count), total=w.usd(per * count * span)))
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)


def _spot_also(w: _W, gid: str, per: float, count: int) -> str:
    """The cheapest trusted spot price of ``gid`` when it is below ``per`` (the on-demand
    basis), said after the headline as an option for interruptible work; else nothing."""
    # a machine of the count asked (one card: single-GPU offers), as the on-demand basis
    views = [v for v in w.offers_for(gid) if not v.stale and not v.suspect
             and v.gpu_count == count]
    # the catalog's lowest listed price when it is a spot-only offer (what a price list
    # shows first), else the lowest spot price of any offer
    listed = views[0] if views and views[0].on_demand_usd_h is None else None
    spot = [((v.spot_usd_h or 0.0) / v.gpu_count, v) for v in
            ([listed] if listed is not None and listed.spot_usd_h is not None else views)
            if v.spot_usd_h is not None]
    if not spot:
        return ""
    price, v = min(spot, key=lambda x: x[0])
    if price >= per:
        return ""
    return w.say("spot_also", price=w.usd(price * count), provider=v.provider)


def _rented(v: OfferView, per: float, count: int) -> tuple[int, float]:
    """(GPUs rented, $/h per GPU of the machine) where :meth:`_W.basis` prices ``count`` GPUs
    at ``per`` $/GPU-hour on whole machines of ``v``: more than ``count`` where one larger
    machine, or machines that cover it, are cheapest."""
    rented = _instances(v, count) * v.gpu_count
    return rented, per * count / rented


def _gpu_usd(w: _W, price: float) -> str:
    """A machine's price per GPU: to the tenth of a cent where cents would round it ($1.115
    of an 8-GPU machine at $8.92/h), else to the cent."""
    return w.f.money(price, 3 if round(price, 2) != round(price, 3) else 2)


def _idle(w: _W, n: int) -> str:
    """ "1 GPU idle", "3 GPUs idle" (in the answer's language)."""
    return w.say("idle_one") if n == 1 else w.say("idle_many", n=w.n(n))


def _gpu_price(w: _W, gid: str) -> None:
    """The price of a GPU named without a model: on-demand (the price a GPU kept running is
    billed at; spot only when spot is asked, which is the spot intent), for the count asked:
    a machine with that many GPUs when the catalog has one, else that many times the cheapest
    per-GPU price, said which."""
    count = w.ex.gpu_count or 1
    share = count == 1  # a card's own price: per GPU of any machine, said so by where()
    b = w.basis(gid, count, share=share)
    if b is None:
        if not w.offers_for(gid) and gid not in w.region_missed:
            # a GPU the registry knows but no offer lists (a TPU, a Gaudi): said so, never
            # another GPU's price
            w.out.first = w.say("no_price", gpu=w.gpu_name(gid))
        return
    v, per, kind = b
    hours = w.month_hours()
    month = w.sub == "month"
    # one machine of the count when that is the cheapest way to get them (basis compares
    # it with larger machines rented whole)
    node = _node_basis(w, gid, count) if count > 1 and v.gpu_count == count else None
    spot = "" if w.st.on_demand else _spot_also(w, gid, per, count)
    if node is not None:
        v, hour, kind = node
        key = "cost_node_month" if month else "cost_node_hour"
        w.out.first = w.say(key, n=w.n(count), gpu=w.gpu_name(gid), hour=w.usd(hour),
                            provider=v.provider, kind=w.kinds[kind],
                            month=w.usd(hour * hours), usage=w.usage(), spot=spot)
    elif count > 1:
        hour = per * count
        rented, machine_gpu = _rented(v, per, count)
        # more GPUs rented than asked (a larger machine whole): its own price per GPU and
        # the GPUs left idle, never the total over the count, a price no offer has ($8.92/h
        # for 5 A100 was "5 times $1.78", of an 8-GPU machine at $1.115 per GPU)
        key = ("cost_many_month" if month else "cost_many_hour") if rented == count else (
            "cost_whole_month" if month else "cost_whole_hour")
        w.out.first = w.say(key, n=w.n(count), gpu=w.gpu_name(gid), hour=w.usd(hour),
                            price=_gpu_usd(w, machine_gpu), provider=w.where(v, count),
                            kind=w.kinds[kind], idle=_idle(w, rented - count),
                            month=w.usd(hour * hours), usage=w.usage(), spot=spot)
    else:
        hour = per
        key = "cost_gpu_month" if month else "cost_gpu"
        w.out.first = w.say(key, gpu=w.gpu_name(gid), price=w.usd(per),
                            provider=w.where(v, share=True),
                            kind=w.kinds[kind], month=w.usd(per * hours), usage=w.usage(),
                            spot=spot)
    # a stated length ("8 ore pe un A100", "1000 hours of H100"): its total, not an hour
    job_h = w.det.duration_hours if (w.det.duration_hours and not month
                                     and not w.st.hours_per_day) else None
    if job_h:
        w.out.first = w.say("cost_gpu_total", hours=w.duration(job_h), setup=w.setup(count, gid),
                            total=w.usd(hour * job_h), hour=w.usd(hour),
                            provider=v.provider if node is not None
                            else w.where(v, count, share=share),
                            kind=w.kinds[kind], spot=spot)
        w.ask("per_job_usd", hour * job_h, "USD")
    elif month:
        w.ask("per_month_usd" if count > 1 else "per_gpu_month_usd", hour * hours, "USD")
    else:
        w.ask("per_hour_usd" if count > 1 else "per_gpu_hour_usd", hour, "USD/h")
    if node is None:
        w.single_note(v, gid)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    if w.st.reserved:
        _reserved(w, gid, count, per if kind == "on_demand" else None,
                  hours if month else job_h, month)


def _variants_price(w: _W, gid: str) -> None:
    """A name that covers several cards ("A100 80GB": the PCIe and the SXM4 card, as
    ``/v1/offers?gpu=`` matches both): the cheapest of them leads, named as that card (in a
    region, the one offered there), and each other card follows with its own price or the
    words that none is offered (there), so no price is passed off as another card's."""
    count = w.ex.gpu_count or 1
    priced = {g: b for g in w.st.gpu_variants
              if (b := w.basis(g, count, share=count == 1)) is not None}
    # a provider named: a card it offers before a cheaper one priced elsewhere; a trusted
    # price before a stale or suspect one (basis falls back to those for a card with none)
    lead = min(priced, key=lambda g: (g in w.provider_missed,
                                      priced[g][0].stale or priced[g][0].suspect,
                                      priced[g][1], g)) if priced else gid
    w.priced_gpu = lead
    _gpu_price(w, lead)
    notes = []
    for g in w.st.gpu_variants:
        if g == lead:
            continue
        b = priced.get(g)
        if b is not None:
            rented, machine_gpu = _rented(b[0], b[1], count)
            if count > 1:
                # several GPUs: their price and the machine's own price per GPU
                idle = f", {_idle(w, rented - count)}" if rented > count else ""
                notes.append(w.say("gpu_variants_other_many", gpu=w.gpu_name(g),
                                   n=w.n(count), hour=w.usd(b[1] * count),
                                   price=_gpu_usd(w, machine_gpu), idle=idle,
                                   provider=w.where(b[0], count), kind=w.kinds[b[2]]))
                continue
            notes.append(w.say("gpu_variants_other", gpu=w.gpu_name(g), price=w.usd(b[1]),
                               provider=w.where(b[0], count, share=count == 1),
                               kind=w.kinds[b[2]]))
        else:
            where = (w.say("gpu_variants_where", region=w.region_name())
                     if g in w.region_missed else "")
            notes.append(w.say("gpu_variants_other_none", gpu=w.gpu_name(g), where=where))
    if w.out.first is not None:
        w.out.more[0:0] = notes
    else:
        w.out.more.extend(notes)


def _reserved(w: _W, gid: str, count: int, od: float | None, hours: float | None,
              month: bool) -> None:
    """A reserved price asked: the catalog's cheapest reserved price per GPU beside the
    on-demand one, and which is cheaper (it leads unless on-demand is asked too); or that
    the catalog has none."""
    offers = [v for v in w.offers_for(gid) if v.reserved_usd_h is not None]
    if not offers:
        w.out.more.insert(0, w.say("reserved_none", gpu=w.gpu_name(gid)))
        return
    v = min(offers, key=lambda x: (x.suspect, (x.reserved_usd_h or 0.0) / x.gpu_count))
    per = (v.reserved_usd_h or 0.0) / v.gpu_count
    total = ""
    if hours:
        what = w.usage() if month else w.say("hours_n", h=w.hours(hours))
        total = w.say("reserved_total", total=w.usd(per * count * hours),
                      what=(w.setup(count, gid) + ", " + what) if count > 1 else what)
    verdict = ""
    if od is not None:
        verdict = w.say("reserved_dearer" if per >= od else "reserved_cheaper", od=w.usd(od))
    text = w.say("reserved_price", price=w.usd(per), provider=v.provider,
                 total=total, verdict=verdict).replace("; .", ".")
    if w.st.on_demand or w.out.first is None:
        w.out.more.insert(0, text)
    else:
        # the reserved price is what was asked: it leads, the on-demand price follows
        w.out.more.insert(0, w.out.first)
        w.out.first = text
        w.ask("reserved_per_gpu_hour_usd" if not hours else "reserved_usd",
              per if not hours else per * count * hours, "USD/h" if not hours else "USD")
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)


def _setup_hour(w: _W, gid: str, count: int) -> bool:
    """The hourly price of ``count`` × ``gid`` (on-demand where published), for a model
    named with that GPU."""
    assert w.model is not None
    b = w.basis(gid, count)
    inp = _prompt(w, 512, 4096)
    r = w.size(gpu=gid, gpu_count=count, input_tokens=inp, output_tokens=512)
    if b is None or r is None or not r.fits:
        return False
    v, per, kind = b
    w.record(r, inp + 512)
    # a stated length ("10 hours on 4 H100s for llama 3.1 70b"): its total, as with no model
    job_h = w.det.duration_hours if (w.det.duration_hours and w.sub != "month"
                                     and not w.st.hours_per_day) else None
    if job_h:
        w.out.first = w.say("cost_setup_total", hours=w.duration(job_h),
                            setup=w.setup(count, gid), model=w.model.name, weights=r.weights,
                            total=w.usd(per * count * job_h), hour=w.usd(per * count),
                            provider=w.where(v, count), kind=w.kinds[kind])
        w.ask("per_job_usd", per * count * job_h, "USD")
    else:
        w.out.first = w.say("cost_setup_hour", setup=w.setup(count, gid), model=w.model.name,
                            weights=r.weights, hour=w.usd(per * count),
                            provider=w.where(v, count), kind=w.kinds[kind],
                            month=w.usd(per * count * w.month_hours()), usage=w.usage())
        w.ask("per_hour_usd", per * count, "USD/h")
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    return True


def _month_total(w: _W, gid: str, count: int | None = None) -> bool:
    """A month of ``gid`` running 24 h/day plus the storage and egress the question states,
    at the provider where the three together cost least; an unknown storage or egress price
    counts at the highest sourced rate of its class (as the recommendations count it). A
    length stated instead of a month (sub ``job``: "5 hours on 8 H100s with 500 GB of
    storage"): that many GPU hours, and the storage's monthly price for those hours as
    pricing's ``job_storage_usd`` prices a job's disk (hours of its 730-hour month, at least
    one), as the job costs of the other answers count it (a 720-hour share said $70.65 for
    the 5 hours above where they say $70.64)."""
    count = count or w.ex.gpu_count or 1
    job_h = w.det.duration_hours if w.sub == "job" else None
    gpu_hours = job_h or w.month_hours()
    held = job_storage_usd(1.0, job_h) if job_h else 1.0  # the share of a month stored
    storage_gb, egress_gb = w.st.storage_gb or 0.0, w.st.egress_gb or 0.0
    weights_disk = False
    if not storage_gb and w.model is not None:
        # the recommendations count a disk for the weights when none is stated (their size
        # in GB, rounded up): so does the month here, with the same unknown-price rule
        r = w.size(gpu=gid, gpu_count=count, input_tokens=w.ex.context_tokens or 4096,
                   output_tokens=512)
        if r is not None and r.memory.weights_gib:
            storage_gb = float(math.ceil(r.memory.weights_gib * 2**30 / 1e9))
            weights_disk = True
    max_storage, max_egress = unknown_price_defaults(w.catalog.providers)
    provs = w.catalog.providers_by_id
    best: tuple[float, float, float, float, OfferView, float, str, list[str]] | None = None
    cheapest: dict[str, tuple[float, OfferView]] = {}  # per provider: its on-demand $/GPU-h
    for x in w.offers_for(gid):
        if x.stale or x.suspect or x.on_demand_usd_h is None:
            continue
        if count > 1 and x.gpu_count < count:
            continue  # a model split over several GPUs needs them in one machine
        # one GPU: the lowest per-GPU price; several: the whole machine that holds them
        price = x.on_demand_usd_h / (x.gpu_count if count == 1 else count)
        if x.provider not in cheapest or price < cheapest[x.provider][0]:
            cheapest[x.provider] = (price, x)
    for per, o in cheapest.values():
        p = provs.get(o.provider)
        notes: list[str] = []
        storage = p.storage_usd(storage_gb) if p is not None else None
        if storage is None:
            storage = storage_gb * max_storage
            if storage_gb:
                notes.append(w.say("core_storage_unknown", provider=o.provider,
                                   rate=w.f.money(max_storage, 3)))
        egress = p.egress_usd(egress_gb) if p is not None and p.egress_known else None
        if egress is None:
            egress = egress_gb * max_egress
            if egress_gb:
                notes.append(w.say("core_egress_unknown", provider=o.provider,
                                   rate=w.f.money(max_egress, 3)))
        storage *= held
        gpu_cost = per * count * gpu_hours
        total = gpu_cost + storage + egress
        if best is None or total < best[0]:
            best = (total, gpu_cost, storage, egress, o, per, "on_demand", notes)
    if best is None:
        return False
    total, gpu_cost, storage, egress, o, per, kind, notes = best
    parts = ""
    if storage_gb and job_h:
        parts += w.say("part_storage_hours", cost=w.usd(storage), gb=w.n(storage_gb),
                       month=w.usd(storage / held), month_h=w.n(HOURS_PER_MONTH))
    elif storage_gb:
        parts += w.say("part_storage_weights" if weights_disk else "part_storage",
                       cost=w.usd(storage), gb=w.n(storage_gb))
    if egress_gb:
        parts += w.say("part_egress", cost=w.usd(egress), gb=w.n(egress_gb))
    w.out.first = w.say("cost_job_total" if job_h else "cost_month_total", total=w.usd(total),
                        setup=w.setup(o.gpu_count if count > 1 else count, gid),
                        usage=w.usage(), hours=w.duration(job_h) if job_h else "",
                        provider=o.provider, gpu_cost=w.usd(gpu_cost),
                        hour=w.usd(per * count), kind=w.kinds[kind], parts=parts)
    w.ask("per_job_usd" if job_h else "per_month_usd", total, "USD")
    w.out.more.append(w.say("price_date", date=w.view_date(o)))
    for n in notes:
        w.warn(n)
    w.price_warnings(o.id, o.as_of.isoformat(), o.as_of_kind, o.stale, o.age_days)
    return True


def _million_on_gpu(w: _W, gid: str) -> bool:
    """The cost of a million output tokens on the GPU (and count) the question names, at the
    model's stated precision (else its own), on the on-demand price: the setup's hourly price
    over its output at full load. False when it does not run there."""
    assert w.model is not None
    inp = _prompt(w)
    got = _full_load(w, gid, inp, 512)
    if got is None:
        return False
    r, count, thr, v, hour, kind, nofit = got
    million = hour / (thr * 3600) * 1e6
    w.record(r, inp + 512)
    common = {"model": w.model.name, "weights": r.weights, "setup": w.setup(count, gid),
              "provider": w.where(v, count), "kind": w.kinds[kind], "hour": w.usd(hour)}
    if not _input_million(w, r, hour, inp, million, thr, common):
        users = w.ex.concurrent_requests
        load = _million_at_load(w, r, count, v, kind, hour, inp, 512, users) if users else None
        if load is not None:
            # users stated: the price at that load leads, full load's after it
            w.out.first = w.say("cost_million_gpu_users", million=w.usd(load[0]),
                                users=w.n(users or 0), tps=w.n(load[1]), full=w.usd(million),
                                thr=w.n(thr), **common)
            w.ask("per_million_output_tokens_usd", load[0], "USD")
        else:
            w.out.first = w.say("cost_million_gpu", million=w.usd(million), thr=w.n(thr),
                                **common)
            w.ask("per_million_output_tokens_usd", million, "USD")
    if nofit is not None and w.out.first:
        w.out.first = f"{nofit} {_decap(w, w.out.first)}"
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    w.sized_warnings(r, inp + 512)
    return True


def _million_at_load(w: _W, r: SizingResult, count: int, v: OfferView, kind: str, hour: float,
                     inp: int, out: int, users: int) -> tuple[float, float] | None:
    """(USD per million output tokens, output tokens/s in total) at ``users`` concurrent
    requests on ``count`` x the GPU of offer ``v`` at ``r``'s precision: /v1/recommendations'
    ``per_million_output_tokens_at_load_usd`` and ``output_tokens_per_s_at_load`` for that
    offer at ``kind``'s price, one machine, the same tokens (the hourly price over what the
    closed loop of that many requests produces, at most saturation). Where the
    recommendations list no such option (the offer priced per GPU of a larger machine, or
    ranked under another id), /v1/sizing's output at that batch on the setup's price
    ``hour``, the closed loop they read. None with one user, or as many as full load holds
    (full load is then the load)."""
    p = r.performance
    if users <= 1 or p is None or (p.max_concurrency and users >= p.max_concurrency):
        return None
    rec = w.recommend(workload="serving", weights=r.weights, concurrent_requests=users,
                      context_tokens=inp + out, output_tokens=out, providers=[v.provider],
                      top_n=50)
    for o in rec.options if rec is not None else []:
        if (o.offer.id == v.id and o.nodes == 1 and o.offer.gpu_count == count
                and o.pricing_model == kind and o.cost.per_million_output_tokens_at_load_usd
                and o.performance.output_tokens_per_s_at_load):
            return (o.cost.per_million_output_tokens_at_load_usd,
                    min(o.performance.output_tokens_per_s_at_load,
                        o.performance.output_tokens_per_s_total or math.inf))
    at = w.size(gpu=r.gpu.id, gpu_count=count, input_tokens=inp, output_tokens=out,
                batch_size=users, weights=r.weights) if r.gpu is not None else None
    q = at.performance if at is not None and at.fits else None
    if q is None or not q.output_tokens_per_s:
        return None
    tps = min(q.output_tokens_per_s, p.max_throughput_tokens_per_s or q.output_tokens_per_s)
    return hour / (tps * 3600) * 1e6, tps


def _input_million(w: _W, r: SizingResult, hour: float, inp: int, out_million: float | None,
                   thr: float | None, common: Mapping[str, str]) -> bool:
    """A million input (prompt) tokens asked: the setup's hourly price over its prefill
    rate (``r``'s prompts of ``inp`` tokens processed alone, no decoding), leading; the
    output-token price after it, said as such. False when not asked or no prefill rate."""
    p = r.performance
    pre = p.prefill_tokens_per_s if p is not None else None
    if not w.st.input_million or not pre:
        return False
    million = hour / (pre * 3600) * 1e6
    w.out.first = w.say("cost_million_input", million=w.unit_usd(million), pre=w.n(pre),
                        inp=w.n(inp), **common)
    w.ask("per_million_input_tokens_usd", million, "USD")
    if out_million is not None and thr:
        w.out.more.append(w.say("cost_million_input_out", million=w.usd(out_million),
                                thr=w.n(thr)))
    return True


def _embed_on_gpu(w: _W, gid: str) -> bool:
    """Tokens to embed on the GPU named: the job's total (the tokens over the card's embedding
    rate, times its price), as the recommendations count a job (512-token chunks)."""
    assert w.model is not None and w.det.tokens
    count = w.ex.gpu_count or 1
    r = w.size(gpu=gid, gpu_count=count, input_tokens=min(w.max_ctx() or 512, 512))
    b = w.basis(gid, count)
    if r is None or not r.fits or r.performance is None or b is None:
        return False
    tps = r.performance.embedded_tokens_per_s
    if not tps:
        return False
    v, per, kind = b
    hour = per * count
    hours = w.det.tokens / tps / 3600
    common: dict[str, Any] = {"setup": w.setup(count, gid), "price": w.usd(hour),
                              "kind": w.kinds[kind], "provider": w.where(v, count)}
    # independent documents: every GPU of the cheapest machine embeds its share
    # (the rate is the ``count`` GPUs': their GPU-hours are ``count`` times the hours)
    usd, v, _ = _machine_job(w, gid, hours * count, r.weights, common, b, count)
    if w.sub == "time":  # "how long to embed ...": the job's time leads, its cost after it
        _job_lead(w, "embed_job", hours, hours, usd, "per_job_usd",
                  {"n": w.n(w.det.tokens), "model": w.model.name, "weights": r.weights,
                   "cost": w.usd(usd), "tps": w.n(tps), **common})
    else:
        w.out.first = w.say("embed_job", n=w.n(w.det.tokens), model=w.model.name,
                            weights=r.weights, cost=w.usd(usd), hours=w.duration(hours),
                            tps=w.n(tps), **common)
        w.ask("per_job_usd", usd, "USD")
    w.documents_note()
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    return True


def _job_total(w: _W) -> bool:
    """A job stated by its size with no GPU named: images for an image model, hours of audio
    for a speech model, tokens for an embedding model. The total for the job on the
    recommendations' cheapest option (the count over its rate times its price), with the
    setup and the rate used."""
    m = w.model
    assert m is not None
    n: float | None = None
    kw: dict[str, Any] = {"workload": "batch"}
    if m.kind == "diffusion" and m.modality == "image" and w.st.items:
        n = kw["job_images"] = w.st.items
    elif m.kind == "diffusion" and m.modality == "video" and w.st.clips:
        # the recommendations count a video model's clips in job_images; a length asked
        # ("100 10-second videos") is that many clips each
        n = kw["job_images"] = w.st.clips * _length_clips(w)
    elif m.kind == "audio" and w.st.items:
        n = kw["job_audio_hours"] = w.st.items
    elif m.kind == "llm" and m.task == "embed" and w.det.tokens:
        n = kw["job_embed_tokens"] = w.det.tokens
        limit = w.max_ctx()
        kw["context_tokens"] = min(limit or 512, 512)
    if n is None:
        return False
    mk = w.media_kw()
    if m.kind == "diffusion":  # the recommendations take the steps and the size, not a batch
        kw.update({k: v for k, v in mk.items() if k != "batch_size"})
    if not w.st.interruptible:
        # a batch job the recommendations would put on spot, not said to be interruptible:
        # on-demand leads (as every price answer), spot comes after it
        kw["interruptible"] = False
    rec = w.recommend(**kw)
    if rec is None or not rec.options:
        return False
    o = rec.options[0]
    cost, hours = o.cost.per_job_usd, o.performance.job_hours
    if not cost or not hours:
        return False
    if not w.st.interruptible:
        alt = w.recommend(**{**kw, "interruptible": True, "top_n": 1})
        s = alt.options[0] if alt is not None and alt.options else None
        if (s is not None and s.pricing_model == "spot" and s.cost.per_job_usd
                and s.cost.per_job_usd < cost):
            w.out.more.append(w.say("cost_spot_job", cost=w.usd(s.cost.per_job_usd),
                                    setup=w.option_setup(s), provider=s.offer.provider,
                                    price=w.usd(s.cost.per_hour_usd)))
    w.offer_numbers(msgspec.structs.replace(rec, options=rec.options[:3]))
    common = {"n": w.n(n), "model": m.name, "weights": o.weights, "cost": w.usd(cost),
              "setup": w.setup(o.offer.gpu_count * o.nodes, o.offer.gpu),
              "provider": o.offer.provider, "price": w.usd(o.cost.per_hour_usd),
              "kind": w.kinds[o.pricing_model]}
    # the option's job_hours are wall-clock hours on all its GPUs: days, never GPU-days
    if "job_images" in kw and m.modality == "video":
        sec = o.performance.seconds_per_video or 0.0
        _job_lead(w, "video_job_setup", hours, hours, cost, "per_job_usd",
                  {"w": kw.get("width") or m.native_width or 1024,
                   "h": kw.get("height") or m.native_height or 1024,
                   "frames": w.n(m.num_frames or 1), "sec": w.n(sec, 1 if sec < 100 else 0),
                   # the steps priced: asked, else the model's, else 30 (as the sizing's)
                   "steps": w.n(kw.get("steps") or m.default_steps or 30), **common},
                  wall=True)
        w.media_notes({k: v for k, v in kw.items() if k in ("width", "height")})
        if w.st.clip_seconds:
            _video_length_note(w)
    elif "job_images" in kw:
        ips = o.performance.images_per_s or n / (hours * 3600)
        _job_lead(w, "image_job_setup", hours, hours, cost, "per_job_usd",
                  {"w": kw.get("width") or m.native_width or 1024,
                   "h": kw.get("height") or m.native_height or 1024, "ips": w.n(ips, 2),
                   **common}, wall=True)
        w.media_notes({k: v for k, v in kw.items() if k == "steps"})
    elif "job_audio_hours" in kw:
        _job_lead(w, "audio_job_setup", hours, hours, cost, "per_job_usd",
                  {"ratio": w.rate(n / hours), **common,
                   "n": w.n(n, 0 if float(n).is_integer() else 1)}, wall=True)
    elif w.sub == "time":  # "how long to embed ...": the job's time leads, its cost after
        _job_lead(w, "embed_job", hours, hours, cost, "per_job_usd",
                  {"tps": w.n(n / (hours * 3600)), **common}, wall=True)
        w.documents_note()
    else:
        w.out.first = w.say("embed_job", tps=w.n(n / (hours * 3600)),
                            hours=w.duration(hours), **common)
        w.ask("per_job_usd", cost, "USD")
        w.documents_note()
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _media_unit(w: _W) -> bool:
    """A speech or image model's unit cost with no GPU named ("cost per hour of audio with
    Whisper", "cost per 1,000 images with SDXL"): the recommendations' cost per audio hour or
    per 1,000 images (the option's speed over its hourly price), on-demand first unless the
    work was said to be interruptible, spot after it, with the GPU and its speed."""
    m = w.model
    assert m is not None
    audio = m.kind == "audio"
    if not audio and not (m.kind == "diffusion" and m.modality == "image"):
        return False

    def unit(o: Option) -> float | None:
        return o.cost.per_audio_hour_usd if audio else o.cost.per_thousand_images_usd

    kw: dict[str, Any] = {"workload": "batch", "top_n": 10}
    if not audio:  # the steps and the size stated (the recommendations take no batch)
        kw.update({k: v for k, v in w.media_kw().items() if k != "batch_size"})
    if not w.st.interruptible:
        kw["interruptible"] = False
    rec = w.recommend(**kw)
    if rec is None:
        return False
    priced = [o for o in rec.options if unit(o)]
    lead_kinds = ("spot", "on_demand") if w.st.interruptible else ("on_demand",)
    options = [o for o in priced if o.pricing_model in lead_kinds] or priced
    if not options:
        return False
    options.sort(key=lambda o: unit(o) or 0.0)
    o = options[0]
    cost = unit(o) or 0.0
    w.offer_numbers(msgspec.structs.replace(rec, options=options[:3]))
    common = {"model": m.name, "weights": o.weights,
              "setup": w.setup(o.offer.gpu_count * o.nodes, o.offer.gpu),
              "provider": o.offer.provider, "price": w.usd(o.cost.per_hour_usd),
              "kind": w.kinds[o.pricing_model]}
    p = o.performance
    if audio:
        ratio = p.audio_seconds_per_s
        if not ratio:
            return False
        w.out.first = w.say("audio_unit_cost", cost=w.unit_usd(cost), ratio=w.rate(ratio),
                            **common)
        w.ask("per_audio_hour_usd", cost, "USD")
    else:
        ips = p.images_per_s
        if not ips:
            return False
        w.out.first = w.say("image_unit_cost", cost=w.usd(cost), sec=w.n(1 / ips, 1),
                            w=kw.get("width") or m.native_width or 1024,
                            h=kw.get("height") or m.native_height or 1024, **common)
        w.media_notes({k: v for k, v in kw.items() if k == "steps"})
        w.ask("per_thousand_images_usd", cost, "USD")
    if not w.st.interruptible:
        alt = w.recommend(**{**kw, "interruptible": True})
        spots = sorted((x for x in (alt.options if alt is not None else [])
                        if x.pricing_model == "spot" and unit(x)), key=lambda x: unit(x) or 0.0)
        if spots and (unit(spots[0]) or 0.0) < cost:
            s = spots[0]
            s_cost = unit(s) or 0.0
            w.out.more.append(w.say(
                "cost_spot_audio" if audio else "cost_spot_images",
                cost=w.unit_usd(s_cost) if audio else w.usd(s_cost),
                setup=w.setup(s.offer.gpu_count * s.nodes, s.offer.gpu),
                provider=s.offer.provider, price=w.usd(s.cost.per_hour_usd)))
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


_FPS = re.compile(r"\b(\d{1,3}) fps\b")


def _video_fps(w: _W) -> int | None:
    """The frame rate the video model's own generate script writes, from its catalog notes
    or a sibling's of the same frame count (wan-2.1-1.3b: its 14B sibling's notes say 16
    fps); None where no notes say it. Read once per registry for every video model (an
    answer asks it more than once; each reading scanned every model's notes)."""
    m = w.model
    assert m is not None

    def make() -> dict[str, int]:
        models = list(w.reg.models.values())
        out: dict[str, int] = {}
        for v in models:
            if not v.num_frames:
                continue
            family = v.id.rsplit("-", 1)[0] + "-"
            fm = next((x for x in (_FPS.search(o.notes or "") for o in (v, *(
                o for o in models if o.id.startswith(family)
                and o.num_frames == v.num_frames))) if x is not None), None)
            if fm is not None:
                out[v.id] = int(fm.group(1))
        return out

    return w.reg.derived.table("video_fps", make).get(m.id)


def _length_clips(w: _W) -> int:
    """The clips one video of the length asked takes ("a 10-second video": 2 clips of Wan's
    81 frames at 16 fps); 1 when no length is asked or the frame rate is unknown. 81 frames
    at 16 fps is the 5-second clip, not the start of a second one (5 % slack)."""
    m = w.model
    assert m is not None
    fps = _video_fps(w)
    if not w.st.clip_seconds or fps is None or not m.num_frames:
        return 1
    return max(1, math.ceil(w.st.clip_seconds * fps / m.num_frames - 0.05))


def _video_replicas(w: _W, count: int, sec: float) -> None:
    """Says, on more than one GPU, that each GPU runs the whole pipeline and makes its own
    clip (the sizing's replicas): ``count`` clips in ``sec`` seconds, never one clip faster.
    Splitting one clip across GPUs (sequence parallelism, as xDiT/xfuser does) is not
    modelled."""
    if count > 1:
        w.out.more.insert(0, w.say("video_replicas", n=w.n(count),
                                   sec=w.n(sec, 1 if sec < 100 else 0)))


def _video_cost(w: _W, gid: str) -> bool:
    """A video model's clips on the GPU named: one clip's seconds there times one GPU's
    price (on several GPUs each makes its own clip); the clips of the length asked ("a
    10-second video", "1 minute of video") or stated ("100 videos") in all when more than
    one."""
    m = w.model
    assert m is not None
    count = w.ex.gpu_count or 1
    mk = w.media_kw(gid, count)
    r = w.size(gpu=gid, gpu_count=count, **mk)
    default = r
    if r is not None and not r.fits and not w.weights:
        # as _media_cost: the first smaller precision that fits, named in the answer
        for pid in _MEDIA_SMALLER:
            again = w.size(gpu=gid, gpu_count=count, weights=pid, **mk)
            if again is not None and again.fits:
                r = again
                break
    b = w.basis(gid, count)
    if r is None or r.gpu is None or not r.fits or r.performance is None or b is None:
        return False
    if default is not None and default is not r:
        w.out.more.append(w.say("media_precision_fit", default=default.weights,
                                need=w.gib(default.memory.per_gpu_gib),
                                setup=w.setup(count, gid), weights=r.weights,
                                fit=w.gib(r.memory.per_gpu_gib)))
    sec = r.performance.seconds_per_image
    if not sec:
        return False
    v, per, kind = b
    # the sizing runs the pipeline whole on each GPU (one replica per GPU): a clip is one
    # GPU's seconds at one GPU's price, however many GPUs the machine has
    hour = per
    w.media_notes(mk)
    _video_replicas(w, count, sec)
    frames = m.num_frames or 1
    size_ = {"w": mk.get("width") or m.native_width or 1024,
             "h": mk.get("height") or m.native_height or 1024}
    w.out.first = w.say("video_cost", **size_,
                        frames=w.n(frames), model=m.name, weights=r.weights,
                        setup=w.setup(count, gid), cost=w.unit_usd(hour * sec / 3600),
                        sec=w.n(sec, 1 if sec < 100 else 0), price=w.usd(hour), kind=w.kinds[kind],
                        provider=w.where(v, count))
    w.ask("per_clip_usd", hour * sec / 3600, "USD")
    per_video = _length_clips(w)
    if w.st.clips or per_video > 1:
        # clips stated, or a length over one clip: the total leads, the clip's cost after it
        n = (w.st.clips or 1) * per_video
        hours = n * sec / 3600
        unit_line = w.out.first
        common = {**size_, "frames": w.n(frames), "model": m.name, "weights": r.weights,
                  "setup": w.setup(count, gid), "sec": w.n(sec, 1 if sec < 100 else 0),
                  "price": w.usd(hour), "kind": w.kinds[kind], "provider": w.where(v, count)}
        # independent clips: every GPU of the cheapest machine makes its share (no count
        # asked), else one replica per GPU, the clips split over the GPUs asked; billed as
        # the provider bills, with storage (a video of 12 clips cost less than the 12 clips)
        usd, v, gpus = _machine_job(w, gid, hours, r.weights, common, b, count)
        common["cost"] = w.usd(usd)
        if w.st.clips:
            _job_lead(w, "video_job", hours, hours / gpus, usd,
                      "job_usd", {"n": w.n(n), **common})
        else:
            w.out.first = w.say("video_length", n=w.n(n), clip=_clip_words(w),
                                hours=w.duration(hours), **common)
            w.ask("job_usd", usd, "USD")
        w.out.more.insert(0, unit_line)
    if w.st.clip_seconds:
        _video_length_note(w)
    w.record(r, 0)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    for x in r.warnings:
        w.core_warn(x)
    return True


def _one_item(w: _W, gid: str | None) -> None:
    """A cost asked of one image or video said with a word for one ("a 1024x1024 image", "one
    5 second video", "o imagine", "un videoclip"; ``Stated.one_item``): a count of 1, priced
    as "1 image" / "1 video" is (the job, with the per-item time), not per 1,000 images or by
    the hour. A unit price asked ("per image") or a rate of work keeps its own answer. A
    video on a GPU named is a job of one clip too, billed as "1 video" is, the clip's own cost
    said beside it (:func:`_video_cost`; it was the clip's seconds pro-rated, no billing and
    no storage), unless its length takes more clips (:func:`_length_clips`: "a 10-second
    video" is priced as its 2 clips already)."""
    m = w.model
    if (m is None or m.kind != "diffusion" or not w.st.one_item or w.sub == "unit"
            or w.st.work_rate or w.st.items or w.st.clips):
        return
    if m.modality == "video" and (gid is None or _length_clips(w) == 1):
        w.st = dc_replace(w.st, clips=1)
    elif m.modality == "image":
        w.st = dc_replace(w.st, items=1)


def _job_lead(w: _W, key: str, gpu_hours: float, wall_hours: float, usd: float,
              usd_quantity: str, fields: Mapping[str, object], wall: bool = False) -> None:
    """A media job's total as the first sentence, in duration words ("59 minutes", "1 hour";
    "1 hours" read wrong). A question that asks how long ("how long to transcribe 10,000
    hours of audio") gets ``<key>_time``: the job's wall-clock hours lead (its GPU-hours over
    the GPUs that share it), with days when two or more, and the cost after them; else the
    cost leads, with the GPU time after it, and the number asked matches; ``wall``: a
    template whose hours are the wall clock of the whole setup (the recommendations' job
    hours), said with days, not GPU-days (174 hours on 4 GPUs are 29 GPU-days, not 7.3). A
    count of one takes the template's ``_one`` form ("1 hour of audio", "1 oră"; "1 hours"
    read wrong) where there is one."""
    one = "_one" if fields.get("n") == w.n(1) and f"{key}_one" in w.t else ""
    if w.sub == "time":
        days = w.say("job_days", days=w.n(wall_hours / 24, 1 if wall_hours < 240 else 0)) \
            if wall_hours >= 48 else ""
        w.out.first = w.say(f"{key}_time{one}", hours=w.duration(wall_hours), days=days,
                            **fields)
        w.ask("job_hours", wall_hours, "h")
        return
    if wall:
        days = w.say("job_days", days=w.n(wall_hours / 24, 1 if wall_hours < 240 else 0)) \
            if wall_hours >= 48 else ""
        w.out.first = w.say(key + one, hours=w.duration(wall_hours), days=days, **fields)
    else:
        w.out.first = w.say(key + one, hours=w.duration(gpu_hours), days=w.days(gpu_hours),
                            **fields)
    w.ask(usd_quantity, usd, "USD")


def _clip_words(w: _W) -> str:
    """The length asked as the answers write it: "10" (seconds), "2.5"."""
    sec = w.st.clip_seconds or 0.0
    return w.n(sec, 0 if sec.is_integer() else 1)


def _video_length_note(w: _W) -> None:
    """How many clips the length asked takes, with the frame rate it is read at."""
    m = w.model
    assert m is not None
    frames = m.num_frames or 1
    fps = _video_fps(w)
    if fps is not None and m.num_frames:
        clips = _length_clips(w)
        w.out.more.append(w.say("video_clip_fps" if clips == 1 else "video_clip_fps_many",
                                frames=w.n(frames), fps=w.n(fps),
                                len=w.n(m.num_frames / fps, 1), clip=_clip_words(w),
                                clips=w.n(clips)))
    else:
        w.out.more.append(w.say("video_clip_note", frames=w.n(frames), clip=_clip_words(w)))


# the precisions an image or speech model is tried at when its default does not fit the GPU
# named, largest first (the diffusers quantizations the sizing knows)
_MEDIA_SMALLER = ("fp8", "int8", "nf4")


def _media_cost(w: _W, gid: str) -> bool:
    """An image or speech job on the GPU named: the total for the images or hours of audio
    stated (speed × price), else the cost per 1,000 images or per hour of audio."""
    m = w.model
    assert m is not None
    if m.modality == "video":
        return _video_cost(w, gid)
    count = w.ex.gpu_count or 1
    mk = w.media_kw(gid, count, job=True)
    r = w.size(gpu=gid, gpu_count=count, **mk)
    default = r
    if r is not None and not r.fits and not w.weights:
        # no precision asked and the default does not fit (FLUX at bf16 on 24 GB): the
        # first smaller one that fits, named in the answer
        for pid in _MEDIA_SMALLER:
            again = w.size(gpu=gid, gpu_count=count, weights=pid, **mk)
            if again is not None and again.fits and not any(
                    x.startswith("impossible combination") for x in again.warnings):
                r = again
                break
    b = w.basis(gid, count)
    if r is None or r.gpu is None or not r.fits or r.performance is None or b is None:
        return False
    v, per, kind = b
    hour = per * count
    p = r.performance
    common = {"model": m.name, "weights": r.weights, "setup": w.setup(count, gid),
              "provider": w.where(v, count), "price": w.usd(hour), "kind": w.kinds[kind]}
    n = w.st.items
    if m.kind == "audio":
        ratio = p.audio_seconds_per_s
        if not ratio:
            return False
        if n:
            hours = n / ratio * count  # GPU-hours: the ratio is the ``count`` GPUs'
            # a job of independent files: every GPU of the cheapest machine takes its share
            usd, v, gpus = _machine_job(w, gid, hours, r.weights, common, b, count)
            _job_lead(w, "audio_job", hours, hours / gpus, usd,
                      "job_usd", {"n": w.n(n, 0 if float(n).is_integer() else 1),
                                  "cost": w.usd(usd), "ratio": w.rate(ratio),
                                  **common})
        else:
            w.out.first = w.say("audio_unit_cost", cost=w.unit_usd(hour / ratio),
                                ratio=w.rate(ratio), **common)
            w.ask("per_audio_hour_usd", hour / ratio, "USD")
    else:
        sec = p.seconds_per_image
        if not sec:
            return False
        size_ = {"w": mk.get("width") or m.native_width or 1024,
                 "h": mk.get("height") or m.native_height or 1024}
        if n:
            hours = n * sec / 3600
            # independent images: every GPU of the cheapest machine makes its share; on the
            # GPUs asked, one replica each (``sec`` is one replica's): GPU-hours x per GPU
            usd, v, gpus = _machine_job(w, gid, hours, r.weights, common, b, count)
            _job_lead(w, "image_job", hours, hours / gpus, usd,
                      "job_usd", {"n": w.n(n), "cost": w.usd(usd), "sec": w.n(sec, 1),
                                  **size_, **common})
        else:
            w.out.first = w.say("image_unit_cost", cost=w.usd(hour * sec * 1000 / 3600),
                                sec=w.n(sec, 1), **size_, **common)
            w.ask("per_thousand_images_usd", hour * sec * 1000 / 3600, "USD")
    w.media_notes(mk)
    if default is not None and default is not r:
        w.out.more.insert(0, w.say("media_precision_fit", default=default.weights,
                                   need=w.gib(default.memory.per_gpu_gib),
                                   setup=common["setup"], weights=r.weights,
                                   fit=w.gib(r.memory.per_gpu_gib)))
    w.record(r, 0)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    for x in r.warnings:
        w.core_warn(x)
    return True


def _job_deadline(w: _W, gid: str | None) -> bool:
    """A can-I question with a job's size and a deadline on the GPU named ("can I embed 500
    million documents with bge-large by Friday on one L4?", "... transcribe 100,000 hours of
    audio ... by Friday", "in 3 hours"): a Yes or a No by the job's wall hours on the GPUs
    named, at their own sizing's rate, with those hours; on a No, the fewest of that GPU that
    finish within the deadline (the job's GPU-hours over its hours, rounded up: documents,
    files and images are independent, each GPU takes its share, as :func:`_embed_on_gpu` and
    :func:`_media_cost` count them) and what they cost as their provider bills them, as a
    fine-tuning deadline answers (:func:`_train_deadline`, :func:`_deadline_missed`). Was a
    Yes on memory alone, or a cost with no verdict (a job of 949 hours "fits" by Friday)."""
    m = w.model
    deadline = w.st.deadline_hours
    if m is None or gid is None or not deadline or not w.st.yes_no:
        return False
    count = w.ex.gpu_count or 1
    wall: float | None = None
    if m.kind == "llm" and m.task == "embed" and w.det.tokens:
        r = w.size(gpu=gid, gpu_count=count, input_tokens=min(w.max_ctx() or 512, 512))
        tps = r.performance.embedded_tokens_per_s if r and r.fits and r.performance else None
        if tps:
            wall = w.det.tokens / tps / 3600  # the rate is the ``count`` GPUs'
            job = w.say("job_deadline_embed", n=w.n(w.det.tokens), model=m.name)
            rate = w.say("job_deadline_tps", tps=w.n(tps))
    elif m.kind in ("audio", "diffusion") and m.modality != "video" and w.st.items:
        r = w.size(gpu=gid, gpu_count=count, **w.media_kw(gid, count, job=True))
        p = r.performance if r is not None and r.fits else None
        if p is not None and m.kind == "audio" and p.audio_seconds_per_s:
            wall = w.st.items / p.audio_seconds_per_s  # the ratio is the ``count`` GPUs'
            job = w.say("job_deadline_audio" if w.transcribes() else "job_deadline_audio_gen",
                        n=w.n(w.st.items), model=m.name)
            rate = w.say("job_deadline_ratio", ratio=w.rate(p.audio_seconds_per_s))
        elif p is not None and m.kind == "diffusion" and p.seconds_per_image:
            # one replica per GPU, ``seconds_per_image`` one replica's
            wall = w.st.items * p.seconds_per_image / 3600 / count
            job = w.say("job_deadline_images", n=w.n(w.st.items), model=m.name)
            rate = w.say("job_deadline_sec", sec=w.n(p.seconds_per_image, 1))
    if wall is None or r is None:
        return False
    gpu_hours = wall * count
    met = wall <= deadline
    n = count if met else max(count + 1, math.ceil(gpu_hours / deadline))
    b = w.basis(gid, n)
    cost = ""
    if b is not None:
        v, per, kind = b
        billed = _billed_job(w, v, per, n, gpu_hours / n, r.weights)
        cost = w.say("job_deadline_cost", cost=w.usd(billed.total), price=w.usd(per * n),
                     kind=w.kinds[kind], provider=w.where(v, n))
    days = w.say("job_days", days=w.n(wall / 24, 1 if wall < 240 else 0)) if wall >= 48 else ""
    # "in 30 days" said in days, "in 3 hours" and one day in hours
    said = (w.say("job_deadline_days", n=w.n(deadline / 24))
            if deadline >= 48 and float(deadline / 24).is_integer() else w.duration(deadline))
    common = {"job": job, "deadline": said, "rate": rate, "cost": cost,
              "time": w.duration(wall), "days": days, "setup": w.setup(n, gid)}
    if met:
        w.out.first = w.say("job_deadline_met", **common)
    else:
        text = w.say("job_deadline_missed", asked=w.setup(count, gid),
                     run_time=w.duration(gpu_hours / n), **common)
        w.out.first = text[:1].upper() + text[1:]
    w.ask("job_hours", wall, "h", yes=met)
    w.record(r, 0)
    if b is not None:
        w.out.more.append(_job_split(w, billed))
        w.out.more.append(w.say("price_date", date=w.view_date(b[0])))
        w.price_warnings(b[0].id, b[0].as_of.isoformat(), b[0].as_of_kind, b[0].stale,
                         b[0].age_days)
    w.documents_note()
    w.sized_warnings(r)
    return True


def _compare_media(w: _W, gids: list[str]) -> None:
    """An image or speech model on two or more GPUs: the speed in its own units and the cost
    per 1,000 images or per hour of audio on each side, and which wins each."""
    m = w.model
    assert m is not None
    rows: list[str] = []
    fast: tuple[float, str] | None = None
    cheap: tuple[float, str] | None = None
    for gid in gids:
        base = w.size()
        count = 1
        if base is not None:
            count = next((f.gpu_count for f in base.fits_on if f.gpu == gid), 1)
        # speech: each GPU at the batch a transcription job runs at there (the stated
        # one, else the recommendations'), as the cost per hour of audio asked alone is
        mk = w.media_kw(gid, count, job=True) if m.kind == "audio" else {}
        r = w.size(gpu=gid, gpu_count=count, **mk)
        setup = w.setup(count, gid)
        if r is None or not r.fits or r.performance is None:
            rows.append(w.say("compare_nofit", gpu=w.gpu_name(gid)))
            continue
        p = r.performance
        b = w.basis(gid)
        if m.kind == "audio":
            rate = p.audio_seconds_per_s or 0.0
            speed = rate
            text = w.say("compare_audio_row", setup=setup, ratio=w.rate(rate),
                         batch=w.n(mk.get("batch_size") or 1))
            unit_cost = b[1] * count / rate if b and rate else None
        else:
            sec = p.seconds_per_image or 0.0
            speed = 3600 / sec if sec else 0.0
            text = w.say("compare_image_row", setup=setup, per_hour=w.n(speed),
                         sec=w.n(sec, 1))
            unit_cost = b[1] * count * sec * 1000 / 3600 if b and sec else None
        if b is not None and unit_cost is not None:
            text += w.say("compare_media_price", price=w.usd(b[1]), kind=w.kinds[b[2]],
                          cost=w.unit_usd(unit_cost), unit=w.t["unit_audio_hour" if m.kind ==
                                                         "audio" else "unit_1000_images"])
            if cheap is None or unit_cost < cheap[0]:
                cheap = (unit_cost, setup)
            w.price_warnings(b[0].id, b[0].as_of.isoformat(), b[0].as_of_kind, b[0].stale,
                             b[0].age_days)
        rows.append(text)
        if speed and (fast is None or speed > fast[0]):
            fast = (speed, setup)
    if not rows or fast is None:
        return
    w.out.first = w.say("compare", model=m.name, weights=r.weights if r else "",
                        rows="; ".join(rows))
    w.out.computed = True
    if m.kind == "audio":
        w.ask("audio_seconds_per_s", fast[0], "s/s")
    else:
        w.ask("images_per_hour", fast[0], "images/h")
    if cheap is not None:
        w.out.more.append(w.say("compare_media_best", fast=fast[1], cheap=cheap[1],
                                unit=w.t["unit_audio_hour" if m.kind == "audio"
                                         else "unit_1000_images"]))


def _precision(w: _W) -> None:
    """Whether the GPU runs a precision, from the capability matrix (catalog/kernels.toml)
    the sizing checks every request against, with the default serving engine (vLLM)."""
    gid = w.ex.gpu
    name = w.st.precision
    p = find_precision(name) if name else None
    if gid is None or p is None or name is None:
        return
    gpu = w.reg.gpus[gid]
    kernels = w.reg.kernels
    ids = w.reg.engines.ids
    if not ids:
        return
    engine = "vllm" if "vllm" in ids else ids[0]
    s = kernels.supported(engine, p, gpu)
    common = {"gpu": gpu.name, "p": name.upper(), "engine": engine,
              "cc": gpu.compute_capability or "?"}
    if s.ok and s.status == "runs_as":
        w.out.first = w.say("precision_as", compute=(s.compute or "").upper(), **common)
    elif s.ok:
        w.out.first = w.say("precision_yes", **common)
    else:
        w.out.first = w.say("precision_no", **common)
        near = kernels.nearest_supported(engine, p, gpu, {x.id: x for x in PRECISIONS})
        if near is not None:
            w.out.more.append(w.say("precision_near", near=near.id, gpu=gpu.name))
    w.ask("supported", 1.0 if s.ok else 0.0, "yes/no", yes=bool(s.ok))
    rule = next((x for x in kernels.rules if x.id == s.rule), None)
    if s.ok and rule is not None:
        # the kernel that runs it: the same rule sizing's hardware check decides by
        w.out.more.insert(0, w.say("precision_kernel", runs=rule.runs, rule=rule.id))
    if s.sources:
        w.out.more.append(w.say("precision_source", rule=s.rule,
                                source=s.sources[0].split(" ")[0]))




_NETWORK_NAMES = {"infiniband": "InfiniBand", "efa": "EFA", "roce": "RoCE"}
_SIZED_GPUS_MAX = 4096
"""The most GPUs one sizing takes (``fields.GpuCount``'s bound): a deadline plan's limit."""


def _train(w: _W, task: str, spot: bool = False) -> None:
    """A training question. ``spot``: a pre-training run with a deadline asked on spot
    (:func:`_spot`): only the deadline plan, priced on spot, or nothing written."""
    if w.model is None:
        if not spot and w.sub == "cost" and w.det.duration_hours and w.ex.gpu is not None:
            # "how much does an 8x H100 node cost for a 2-week training run?": no model to
            # size, the GPUs' hours priced as the cost answer prices them (was a passage only)
            _cost(w)
        return
    if w.model.kind != "llm":
        task = "finetune"  # a diffusion or audio model is fine-tuned, never pre-trained here
    else:
        w.use_examples()  # "on 10k examples": their tokens, as tokens stated are read
    method = w.ex.method or ("full" if task == "pretrain" else "lora")
    if len(w.det.gpus or []) > 1 and _train_compare(w, task, method, w.det.gpus or []):
        return
    gid, named = w.card()
    count = w.ex.gpu_count or 1
    if (gid is None and w.model.kind == "llm" and w.det.tokens and w.st.deadline_hours
            and (spot or task == "finetune") and _deadline_job(w, task, method, spot)):
        # no GPU named, a deadline stated: on spot, or a fine-tune (the on-demand
        # pre-training plan is the recommendations' nodes: _train_job)
        return
    if spot and gid is None:
        return  # no spot plan meets the deadline: the spot answer goes on with its prices
    if (gid is None and w.model.kind == "llm" and w.det.tokens
            and (task == "pretrain" or w.sub in ("cost", "time", "count"))
            and _train_job(w, task, method)):
        return
    # the on-demand price (a run is not spot unless spot is asked: the spot intent)
    b = w.basis(gid, count, fabric=True) if gid else None
    price = b[1] if b else None
    kw: dict[str, Any] = {"task": task, "training_tokens": w.train_tokens()}
    if task == "finetune":
        kw["finetune"] = finetune_options(method, w.ex, w.st)
    if gid is not None:
        kw.update(gpu=gid, gpu_count=count, price_per_gpu_hour_usd=price)
    r = w.size(**kw)
    if r is None:
        return
    counted = False
    one: SizingResult | None = None  # the "no" on one GPU, when a count is not asked
    if gid is not None and not w.ex.gpu_count and (not r.fits
                                                    or w.sub in ("count", "gpu_hours")):
        # not on one (or a count asked): the fewest of that GPU that hold the run, doubling,
        # with the sizing's sharding (ZeRO / FSDP) over them
        first_try, n = r, 1
        while not r.fits and n < 1024:
            n *= 2
            again = w.size(**{**kw, "gpu_count": n})
            if again is None:
                break
            r, count = again, n
        counted = bool(r.fits)
        if counted and count > 1:
            # the price of that many in one machine, not of one card
            b = w.basis(gid, count, fabric=True)
            price = b[1] if b else None
            r = w.size(**{**kw, "gpu_count": count, "price_per_gpu_hour_usd": price}) or r
        if not counted:
            r, count = first_try, 1
        elif w.sub not in ("count", "gpu_hours") and not first_try.fits:
            one = first_try
    if (w.model.kind == "llm" and gid is not None and w.st.deadline_hours and r.fits
            and _train_deadline(w, kw, gid, count, method, spot=spot)):
        return  # (an LLM's fine-tune with its tokens is planned as a pre-training run is)
    if spot:
        return  # no spot plan meets the deadline: the spot answer goes on with its prices
    if named and gid is not None and (w.ex.gpu_count or 1) == 1 and (
            (not r.fits and not counted) or one is not None):
        # "a 48 GB card": several cards have that memory; yes when any of them holds it
        other = _other_card_of_size(w, gid, {**kw, "gpu_count": 1}, one or r)
        if other is not None:
            gid, r, named = other
            count, one, counted = 1, None, False
            b = w.basis(gid, count, fabric=True)
            price = b[1] if b else None
            if price is not None:
                r = w.size(**{**kw, "gpu": gid, "gpu_count": 1,
                              "price_per_gpu_hour_usd": price}) or r
    # "No" on one GPU first: the sizing that "No" and numbers.asked are about, as when "one"
    # is said (the count that fits follows in words)
    w.record(one or r, 2048, per_replica=True)
    label = {"lora": "LoRA", "qlora": "QLoRA", "full": w.t["method_full"]}.get(method, method)
    if gid is not None and r.gpu is not None:
        setup = named or w.setup(count, gid)
        if counted:
            zero = r.layout.zero_stage if r.layout is not None else None
            fit_line = w.say("train_count_" + ("finetune" if task == "finetune" else "pretrain"),
                             method=label, model=w.model.name, setup=setup,
                             need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)),
                             sharding=w.say("sharding", stage=zero) if zero else
                             w.t["sharding_none"])
        elif task == "finetune":
            fit_line = w.say("finetune_yes" if r.fits else "finetune_no", method=label,
                             model=w.model.name, setup=setup,
                             need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)))
        else:
            fit_line = w.say("training_fit", model=w.model.name, method=label, setup=setup,
                             need=w.gib(r.memory.per_gpu_gib))
        lean = _lean_note(w, kw, r) if r.fits else ""
        if lean:
            fit_line = f"{fit_line} {lean}"
        lines: list[str] = []
        first = fit_line
        if one is not None and one.gpu is not None:
            # "does it fit on an H100?": no on one first, then how many it takes
            first = w.say("finetune_no" if task == "finetune" else "training_fit",
                          method=label, model=w.model.name, setup=named or w.setup(1, gid),
                          need=w.gib(one.memory.per_gpu_gib), cap=w.gib(w.cap(one)))
            lines = [fit_line]
            w.ask("per_gpu_gib", one.memory.per_gpu_gib, "GiB", yes=False)
        elif counted:
            w.ask("gpu_count", count, "GPUs", yes=True)
        else:
            w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=bool(r.fits))
        p = r.performance
        o = b[0] if b else None
        if r.fits and p is not None and p.training_hours and w.det.tokens:
            cost = ""
            run_usd = r.cost.per_training_run_usd if r.cost is not None else None
            if run_usd and o is not None:
                run_usd, cost = _billed_run(w, o, price or 0.0, count, p.training_hours,
                                            r.weights)
            line = w.say("train_time", tokens=w.train_tokens_text(),
                         hours=_in_days(w, p.training_hours),
                         tps=w.n(p.training_tokens_per_s or 0), cost=cost)
            if p.training_hours > 30 * 24:
                _long_train(w, kw, gid, count, p.training_hours)
            if w.sub == "gpu_hours":
                # "how many H100 hours": GPU-hours lead (GPUs x wall hours), the split after
                gh = count * p.training_hours
                first = w.say("gpu_hours", gh=w.n(gh), gpu=w.gpu_name(gid), setup=setup,
                              hours=w.duration(p.training_hours))
                lines = [fit_line, line]
                w.ask("gpu_hours", gh, "GPU-h")
            elif w.sub == "cost" and cost and run_usd:
                first, lines = line, [fit_line]
                w.ask("per_training_run_usd", run_usd, "USD", yes=bool(r.fits))
            elif w.sub == "time" or task != "finetune":
                first, lines = line, [fit_line]
                # a deadline stated is met or missed by these hours, not by the fit alone
                deadline = w.st.deadline_hours
                w.ask("training_hours", p.training_hours, "h", yes=bool(r.fits) and (
                    not deadline or p.training_hours <= deadline))
            else:
                # after a "No" on one GPU, the count that fits stays before its run's time
                # (was dropped: the time and price of 2 × H100 with the 2 never said)
                lines = [*lines, line]
        elif r.fits and w.det.duration_hours and price and o is not None:
            job = price * count * w.det.duration_hours
            line = w.say("training_duration", hours=w.duration(w.det.duration_hours), setup=setup,
                         cost=w.usd(job), provider=w.where(o, count), price=w.usd(price))
            if w.sub == "cost":
                first, lines = line, [fit_line]
                w.ask("job_usd", job, "USD", yes=True)
            else:
                lines = [line]
        elif r.fits:
            w.out.follow_up = w.t["need_tokens"]
            if o is not None and b is not None:
                kind = b[2]
                # several GPUs: the hour and the month of the whole setup (every GPU, every
                # machine), the per-GPU price beside them; one GPU: its own
                line = w.say("cost_gpu" if count == 1 else "cost_setup_gpus",
                             gpu=w.gpu_name(o.gpu), setup=w.setup(count, gid),
                             price=w.usd(price or 0), hour=w.usd((price or 0) * count),
                             provider=w.where(o, count), kind=w.kinds[kind],
                             month=w.usd((price or 0) * count * w.month_hours()),
                             usage=w.usage(), spot="")
                if w.sub == "cost":
                    first, lines = line, [fit_line]
                    if count == 1:
                        w.ask("per_gpu_hour_usd", price or 0, "USD/h", yes=True)
                    else:
                        w.ask("per_hour_usd", (price or 0) * count, "USD/h", yes=True)
                else:
                    lines = [line]
            if w.sub == "time" and p is not None and p.training_tokens_per_s:
                # "how long ... on 2 H100?" with no data size: no time to give, and the fit
                # is not what was asked; the rate on that setup and the time per 100M tokens
                # lead (the follow-up asks for the size)
                tps = p.training_tokens_per_s
                per = 1e8 / tps / 3600
                if first == fit_line and task == "finetune" and not counted:
                    # the fit beside the rate, with no "Yes," in the middle of the answer
                    first = w.say("training_fit", model=w.model.name, method=label,
                                  setup=setup, need=w.gib(r.memory.per_gpu_gib))
                first, lines = w.say(
                    "train_time_rate_" + ("finetune" if task == "finetune" else "pretrain"),
                    method=label, model=w.model.name, setup=setup, tps=w.n(tps),
                    per=w.n(per, 1 if per >= 0.1 else 2)), [first, *lines]
                w.ask("training_tokens_per_s", tps, "tokens/s")
        if (w.sub in ("speed", "fits_speed") and r.fits and p is not None
                and p.training_tokens_per_s):
            # "how fast", "tokens/s": the training tokens/s the sizing gives, with what it
            # assumes, leads; "does it fit and how fast": the yes or no first, then the speed
            speed = _train_speed(w, task, label, setup, kw, p.training_tokens_per_s, r.weights)
            if w.sub == "speed" and one is None:
                first, lines = speed, [first, *lines]
            else:
                lines = [*lines[:1], speed, *lines[1:]] if one is not None else [speed, *lines]
            w.ask("training_tokens_per_s", p.training_tokens_per_s, "tokens/s",
                  yes=None if w.sub == "speed" else one is None)
        if not r.fits and w.ex.gpu_count and w.det.tokens:
            _train_more_gpus(w, kw, gid, count, lines)
        w.out.first = first
        if w.out.asked is not None and not w.st.yes_no and not _leads_yes_no(w, first):
            # a time, a price or a count asked ("how long ...", "how many A100 ..."): the
            # figure leads and the fit is said beside it, not as a yes or no
            w.out.asked = msgspec.structs.replace(w.out.asked, yes=None)
        w.out.more.extend(lines)
        if o is not None and o.gpu_count < count and o.network in FAST_NETWORKS and price:
            w.out.more.append(w.say("train_fabric", nodes=w.n(count // o.gpu_count),
                                    setup=w.setup(o.gpu_count, gid),
                                    network=_NETWORK_NAMES.get(o.network, o.network)))
        if o is not None and count == 1 and o.gpu_count > 1 and price and any(
                w.usd(price) in x for x in (first, *lines)):
            # a share of a larger machine's price, said only where that price is said (a
            # "No" with no run priced has none for "the price above" to point at)
            w.single_note(o, gid)
        if not r.fits and r.fits_on:
            w.out.more.append(w.say("fits_no_more", fits=w.fits_text(r)))
        if o is not None:
            w.price_warnings(o.id, o.as_of.isoformat(), o.as_of_kind, o.stale, o.age_days)
        w.sized_warnings(r)
        return
    w.out.first = w.say("finetune_mem", method=label, model=w.model.name, weights=r.weights,
                        need=w.gib(r.memory.total_gib), w=w.gib(r.memory.weights_gib))
    w.ask("total_gib", r.memory.total_gib, "GiB")
    w.out.more.append(w.say("fits_list", fits=w.fits_text(r)) if r.fits_on else w.nofit())
    for x in r.warnings:
        w.core_warn(x)


def _lean_note(w: _W, kw: dict[str, Any], r: SizingResult) -> str:
    """Where the sizing chose the training step (checkpointing and micro-batch left unset):
    that it is checkpointing off, with the micro-batch and the sizing's reason (it fits and
    runs faster), and the least memory beside it, the same run sized with checkpointing on at
    a micro-batch of 1, which the GPUs it fits on (``fits_on``) are listed at: a buyer reading
    22.9 of 23.5 GiB must not think a card that holds 20.3 GiB too small. "" where the
    question stated the step, or checkpointing is on."""
    notes = {a.name: a.value for a in r.assumptions}
    if notes.get("gradient_checkpointing") != "off (default)":
        return ""
    ft = {**(kw.get("finetune") or {}), "gradient_checkpointing": True, "micro_batch_size": 1}
    least = w.size(**{**kw, "finetune": ft, "price_per_gpu_hour_usd": None})
    if least is None or least.memory.per_gpu_gib >= r.memory.per_gpu_gib:
        return ""
    # the micro-batch the sizing chose: its note's leading count ("2 sequences of 2,048 ...")
    micro = re.match(r"\d+", notes.get("micro_batch", ""))
    return w.say("train_step_default", micro=micro.group(0) if micro else "1",
                 lean=w.gib(least.memory.per_gpu_gib))


def _billed_run(w: _W, o: OfferView, price: float, count: int, hours: float,
                weights: str, key: str = "train_cost") -> tuple[float, str]:
    """A run's cost as its provider bills it, and its words: the hours rounded up to the
    provider's billing granularity, at least its minimum charge, by the hour where unknown
    (the recommendations' ``billed_hours``, so ask and /v1/recommendations bill a job alike:
    5.2 h at lium, billed by the hour, is 6 h), plus the storage of the model's weights and
    checkpoints for the run's hours, on each machine, as the recommendations count a job's
    (:func:`_job_storage`). Every training run's cost in ask comes from here (a deadline's
    plan multiplied raw hours by the price: "about $0.90" for 3.9 minutes at lium, billed
    $14.01 when the same run's cost is asked). ``key``: the compute's words
    (``train_cost_spot`` on spot)."""
    job = _billed_job(w, o, price, count, hours, weights, training=True)
    usd = job.compute + job.storage
    text = w.say(key, cost=w.usd(job.compute), price=w.usd(price),
                 provider=w.where(o, count))
    if job.billed_h > hours + 1e-9:
        text += w.say("train_cost_billed" if job.known else "train_cost_billed_unknown",
                      billed=w.duration(job.billed_h), provider=o.provider)
    text += w.say("train_cost_storage", storage=w.unit_usd(job.storage), gb=w.n(job.gb),
                  total=w.usd(usd))
    return usd, text


def _job_storage(w: _W, provider: str, weights: str, hours: float, training: bool,
                 nodes: int = 1, warn: bool = True) -> tuple[float, float]:
    """(USD, GB) of the storage a job of ``hours`` (wall time) pays at ``provider``, as the
    recommendations count it (pricing's ``model_storage_gb`` and ``job_storage_usd``): the
    volume stated, else the model's weights at ``weights`` (x3 for a training run's
    checkpoints), a copy on each of ``nodes`` machines, for the job's hours (at least one)
    of the month's price. An unknown price counts at the highest sourced rate and is
    warned (``warn``), never $0."""
    assert w.model is not None
    gb = w.st.storage_gb or model_storage_gb(sized_from_entry(w.model), get_precision(weights),
                                             training)
    p = w.catalog.providers_by_id.get(provider)
    month = p.storage_usd(gb) if p is not None else None
    if month is None:
        rate = unknown_price_defaults(w.catalog.providers)[0]
        month = gb * rate
        if warn:
            w.warn(w.say("core_storage_unknown", provider=provider, rate=w.f.money(rate, 3)))
    return job_storage_usd(month * nodes, hours), gb


@dataclass(frozen=True, slots=True)
class _Job:
    """A divisible job (independent images, clips, audio files, documents) priced on one
    machine of the GPU asked, every GPU of it making its own share: :func:`_divisible_job`."""

    v: OfferView
    wall_h: float
    """The job's wall time: its GPU-hours over the machine's GPUs."""
    billed_h: float
    known: bool
    """Whether the provider states its billing granularity (else billed by the hour)."""
    compute: float
    storage: float
    gb: float

    @property
    def total(self) -> float:
        return self.compute + self.storage


def _divisible_job(w: _W, gid: str, gpu_hours: float, weights: str, single: bool = False,
                   warn: bool = True) -> _Job | None:
    """``gpu_hours`` of a divisible job on the machine of ``gid`` that costs least in all,
    on-demand (the price a named GPU's answer leads with): each machine's price for the
    hours it is billed (the GPU-hours over its GPUs, rounded up to its provider's billing
    granularity, as :func:`_billed_run`), plus the storage of the model's weights for those
    hours, as /v1/recommendations prices a job's options (images, audio hours) and ranks
    them (lium's 4 × L40S at $1.52/h runs 1,799 GPU-hours in 450 h: $684 against $1,080 for
    one card alone). A tie goes to the fewer GPUs (one card alone where it is as cheap: a
    small job billed a whole first hour). ``single``: single-GPU machines only (one card
    alone). ``warn``: the chosen provider's unknown storage price is warned. None where no
    trusted offer has an on-demand price (the caller's own basis then)."""
    views = w.offers_for(gid)
    fresh = [v for v in views if not v.stale and not v.suspect] or views
    best: _Job | None = None
    for v in fresh:
        if v.on_demand_usd_h is None or (single and v.gpu_count > 1):
            continue
        wall = gpu_hours / v.gpu_count
        billed, known = billed_hours(wall, w.catalog.providers_by_id.get(v.provider))
        storage, gb = _job_storage(w, v.provider, weights, wall, False, warn=False)
        job = _Job(v=v, wall_h=wall, billed_h=billed, known=known,
                   compute=v.on_demand_usd_h * billed, storage=storage, gb=gb)
        if best is None or (round(job.total, 2), v.gpu_count) < (round(best.total, 2),
                                                                 best.v.gpu_count):
            best = job
    if best is not None and warn:  # the chosen machine's storage price, warned if unknown
        _job_storage(w, best.v.provider, weights, best.wall_h, False)
    return best


def _billed_job(w: _W, v: OfferView, per: float, count: int, wall_h: float,
                weights: str, training: bool = False) -> _Job:
    """A job of ``wall_h`` hours on ``count`` GPUs of offer ``v`` at ``per`` $/GPU-hour as
    its provider bills it: the hours rounded up to the billing granularity (by the hour
    where unknown, the recommendations' ``billed_hours``), plus the weights' storage on each
    machine for those hours (:func:`_job_storage`), as :func:`_billed_run` bills a training
    run. Every job whose hours are known goes through here, a training run's too
    (``training``: its checkpoints stored beside the weights) (a token job multiplied raw
    hours by the price: $0.81 for 38 minutes at hyperbolic, which bills by the hour)."""
    billed, known = billed_hours(wall_h, w.catalog.providers_by_id.get(v.provider))
    storage, gb = _job_storage(w, v.provider, weights, wall_h, training,
                               _instances(v, count))
    return _Job(v=v, wall_h=wall_h, billed_h=billed, known=known,
                compute=per * count * billed, storage=storage, gb=gb)


def _job_split(w: _W, job: _Job) -> str:
    """The sentence a job's total adds up from: compute (with the hours billed where the
    granularity shows in the hours' words) and storage."""
    billed = ""
    if w.duration(job.billed_h) != w.duration(job.wall_h):  # what the hours' words show
        billed = w.say("job_billed" if job.known else "job_billed_unknown",
                       billed=w.duration(job.billed_h), provider=job.v.provider)
    return w.say("job_cost_split", compute=w.usd(job.compute), billed=billed,
                 storage=w.unit_usd(job.storage), gb=w.n(job.gb))


def _machine_job(w: _W, gid: str, gpu_hours: float, weights: str, common: dict[str, Any],
                 b: tuple[OfferView, float, str], count: int) -> tuple[float, OfferView, int]:
    """A divisible job of ``gpu_hours`` (one replica per GPU) as its provider bills it, with
    the storage of the model's weights for its wall time, as /v1/recommendations prices a
    job: with no count asked on the machine :func:`_divisible_job` chooses (``common``'s
    setup, provider and price made that machine's, its wall time said on several GPUs, one
    card alone after a larger machine), else on the ``count`` GPUs asked at :meth:`_W.basis`'
    ``b``. The compute and storage the total adds up from are said. (total USD, offer, GPUs
    the job is spread over)."""
    job = None if w.ex.gpu_count else _divisible_job(w, gid, gpu_hours, weights)
    if job is None:
        v, per, _ = b
        job = _billed_job(w, v, per, count, gpu_hours / count, weights)
        gpus = count
    else:
        v = job.v
        gpus = v.gpu_count
        common.update(setup=w.setup(v.gpu_count, gid), provider=v.provider,
                      price=w.usd(v.on_demand_usd_h or 0.0), kind=w.kinds["on_demand"])
        if v.gpu_count > 1:
            w.out.more.append(w.say("job_parallel", n=w.n(v.gpu_count),
                                    wall=w.duration(job.wall_h)))
    w.out.more.append(_job_split(w, job))
    one = _divisible_job(w, gid, gpu_hours, weights, single=True, warn=False) \
        if gpus > 1 and not w.ex.gpu_count else None
    if one is not None:
        w.out.more.append(w.say("job_single", cost=w.usd(one.total), provider=one.v.provider,
                                price=w.usd(one.v.on_demand_usd_h or 0.0),
                                wall=w.duration(one.wall_h)))
    return job.total, v, gpus


def _train_speed(w: _W, task: str, label: str, setup: str, kw: dict[str, Any], tps: float,
                 weights: str) -> str:
    """The training tokens/s of ``setup`` as the sizing gives it ("how fast does LoRA train
    on an H100?"), with what the rate rests on: the method, the weights' precision, the
    sequence length and LoRA's rank, the question's where stated, else the sizing's
    defaults (read from ``FinetuneOptions``, so they are the ones sized)."""
    assert w.model is not None
    ft = msgspec.convert({k: v for k, v in (kw.get("finetune") or {}).items()
                          if k in ("lora_rank", "sequence_length")}, FinetuneOptions)
    lora = label in ("LoRA", "QLoRA")
    how = w.say("train_speed_how", weights=weights, seq=w.n(ft.sequence_length),
                rank=w.say("train_speed_rank", rank=w.n(ft.lora_rank)) if lora else "")
    return w.say("train_speed_" + ("finetune" if task == "finetune" else "pretrain"),
                 method=label, model=w.model.name, setup=setup, tps=w.n(tps), how=how)


def _train_compare(w: _W, task: str, method: str, gids: list[str]) -> bool:
    """A training run compared on two or more GPUs ("A100 40GB vs L40S for LoRA of 8B"):
    each GPU named gets its row, at the fewest of it in one node that hold the run
    (doubling, with the sizing's sharding): whether one alone holds it (GiB per GPU against
    the usable), the training tokens/s the sizing gives, the hours and the cost of the
    tokens stated, and the on-demand price per GPU where the catalog has one. Then which
    is fastest and which is cheapest."""
    m = w.model
    assert m is not None
    label = {"lora": "LoRA", "qlora": "QLoRA", "full": w.t["method_full"]}.get(method, method)
    kw: dict[str, Any] = {"task": task, "training_tokens": w.train_tokens()}
    if task == "finetune":
        kw["finetune"] = finetune_options(method, w.ex, w.st)
    rows: list[str] = []
    first: SizingResult | None = None
    fast: tuple[float, str] | None = None
    cheap: tuple[float, str] | None = None
    for gid in gids:
        one = w.size(gpu=gid, gpu_count=1, **kw)
        if one is None or one.gpu is None:
            continue
        r, count = one, 1
        while not r.fits and count < NODE_GPUS:
            again = w.size(gpu=gid, gpu_count=count * 2, **kw)
            if again is None:
                break
            r, count = again, count * 2
        setup = w.setup(count, gid)
        if not r.fits:
            rows.append(w.say("train_compare_nofit", gpu=w.gpu_name(gid), setup=setup,
                              need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r))))
            continue
        b = w.basis(gid, count, fabric=True)
        if b is not None:
            r = w.size(gpu=gid, gpu_count=count, price_per_gpu_hour_usd=b[1], **kw) or r
        first = first or r
        p = r.performance
        tps = p.training_tokens_per_s if p is not None else None
        time = w.say("train_compare_time", hours=w.duration(p.training_hours),
                     tokens=w.train_tokens_text()) \
            if p is not None and p.training_hours and w.det.tokens else ""
        run = r.cost.per_training_run_usd if r.cost is not None and time else None
        price = w.say("train_compare_price", price=w.usd(b[1]), kind=w.kinds[b[2]],
                      provider=w.where(b[0], count),
                      run=w.say("train_compare_run", cost=w.usd(run)) if run else "") \
            if b is not None else w.t["train_compare_no_price"]
        fit = w.say("train_compare_fits", need=w.gib(r.memory.per_gpu_gib), cap=w.gib(w.cap(r)))
        if count > 1:
            fit = w.say("train_compare_fits_more", one=w.gib(one.memory.per_gpu_gib),
                        cap=w.gib(w.cap(one)), need=w.gib(r.memory.per_gpu_gib))
        rows.append(w.say("train_compare_row", setup=setup, fit=fit,
                          tps=w.n(tps or 0), time=time, price=price))
        # the sizing's training tokens/s is the whole setup's
        if tps and (fast is None or tps > fast[0]):
            fast = (tps, setup)
        cost = b[1] * count / tps if b is not None and tps else None  # USD per token-second
        if cost is not None and (cheap is None or cost < cheap[0]):
            cheap = (cost, setup)
        if b is not None:
            v = b[0]
            w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
        w.sized_warnings(r)
    if not rows:
        return False
    if first is not None:
        w.record(first, 2048, per_replica=True)
    weights = first.weights if first is not None else ""
    w.out.first = w.say("train_compare_" + ("finetune" if task == "finetune" else "pretrain"),
                        method=label, model=m.name, weights=weights, rows="; ".join(rows))
    w.out.computed = True
    if fast is not None:
        w.ask("training_tokens_per_s", fast[0], "tokens/s")
        w.out.more.append(w.say("train_compare_best", fast=fast[1]) if cheap is None else
                          w.say("train_compare_best_cost", fast=fast[1], cheap=cheap[1]))
    return True


def _train_deadline(w: _W, kw: dict[str, Any], gid: str, count: int, method: str,
                    spot: bool = False) -> bool:
    """A pre-training run (or an LLM's fine-tune, ``kw["task"]``, said as one) on the GPU
    named or chosen (:func:`_deadline_job`), to finish within a stated time ("2T tokens in 30
    days on H100s"): the fewest of that GPU from ``count`` on (the fewest that hold the run,
    or the count asked) that do by the sizing's own figure for that many
    (:func:`_deadline_count`: over one machine the multi-node rate, whole machines of
    ``NODE_GPUS``), at that sizing's tokens/s per GPU, with the run's days and its cost on
    machines with a fast network between them (``basis(fabric=True)``). ``spot``: priced on
    spot, the count meeting the deadline with its expected restarts (:func:`_spot_restarts`),
    the days and the cost (the figure asked) said with them."""
    assert w.model is not None
    deadline = w.st.deadline_hours or 0.0
    if not w.train_tokens() or not deadline:
        return False
    every = (w.st.checkpoint_minutes or _DEFAULT_CHECKPOINT_MINUTES) if spot else None
    got = _deadline_count(w, kw, gid, count, deadline, every)
    label = {"lora": "LoRA", "qlora": "QLoRA", "full": w.t["method_full"]}.get(method, method)
    # a fine-tune is planned as a pre-training run is, said as a fine-tune
    job = "finetune" if kw.get("task") == "finetune" else "pretrain"
    if every is not None:
        return _spot_deadline(w, gid, got, deadline, label, every, job)
    # the GPUs stated ("in one week with 8 H100"), the count not being what is asked: the yes
    # or no is whether their own sizing's hours meet the deadline (a time or a cost asked
    # gets the figures, no yes or no)
    stated = bool(w.ex.gpu_count) and w.sub not in ("count", "gpu_hours")
    asks = w.st.yes_no or w.sub is None
    if stated and (got is None or got[0] > count):
        return _deadline_missed(w, kw, gid, count, deadline, got, label, asks, job)
    if got is None:
        return False
    n, r, b = got
    p = r.performance
    assert p is not None and p.training_tokens_per_s and p.training_hours
    per_gpu, run_hours = p.training_tokens_per_s / n, p.training_hours
    cost = ""
    if b is not None:
        o, price, _ = b
        cost = _billed_run(w, o, price, n, run_hours, r.weights)[1]
    w.record(r, 2048, per_replica=True)
    plan = {"model": w.model.name, "method": label, "tokens": w.train_tokens_text(),
            "days": w.hours(deadline / 24), "setup": w.setup(n, gid), "tps": w.n(per_gpu),
            "run_days": w.n(run_hours / 24, 1), "run_time": w.duration(run_hours),
            "cost": cost}
    if stated:
        w.out.first = w.say(f"{job}_deadline_met", **plan)
        w.ask("training_hours", run_hours, "h", yes=True if asks else None)
    else:
        w.out.first = w.say(f"{job}_deadline", **plan)
        # "how many H100 within 30 days?" asks a count: no yes or no
        w.ask("gpu_count", n, "GPUs", yes=True if w.st.yes_no and w.sub is None else None)
    _deadline_plan(w, gid, n, r, b)
    return True


def _spot_deadline(w: _W, gid: str,
                   got: tuple[int, SizingResult, tuple[OfferView, float, str] | None] | None,
                   deadline: float, label: str, every: float, job: str = "pretrain") -> bool:
    """:func:`_train_deadline` on spot: the count that meets the deadline with its restarts,
    the days expected with them (the compute days and the overhead of its instances beside)
    and the cost on spot (the days with restarts x GPUs x the spot price), which is asked,
    or the count where a count is asked ("how many GPUs ... on spot?"). ``job``: pretrain
    or finetune, the run said."""
    assert w.model is not None
    if got is None or got[2] is None:
        return False
    n, r, b = got
    assert b is not None
    o, price, _ = b
    p = r.performance
    assert p is not None and p.training_tokens_per_s and p.training_hours
    over = _spot_restarts(b, n, every)
    hours = p.training_hours * (1 + over)
    total, cost = _billed_run(w, o, price, n, hours, r.weights, "train_cost_spot")
    w.record(r, 2048, per_replica=True)
    w.out.first = w.say(
        f"{job}_deadline_spot", model=w.model.name, method=label,
        tokens=w.train_tokens_text(), days=w.hours(deadline / 24), setup=w.setup(n, gid),
        tps=w.n(p.training_tokens_per_s / n), run_days=w.n(hours / 24, 1),
        compute_days=w.n(p.training_hours / 24, 1), pct=w.f.percent(over, 1), m=w.n(every),
        run_time=w.duration(hours), compute_time=w.duration(p.training_hours),
        instances=_instances_said(w, _instances(o, n)), cost=cost)
    if w.sub == "count":
        w.ask("gpu_count", n, "GPUs")
    else:
        w.ask("per_training_run_usd", total, "USD")
    _deadline_plan(w, gid, n, r, b)
    return True


def _instances_said(w: _W, count: int) -> str:
    """"one instance" / "3 instances" (ro "o singură instanță" / "3 instanțe")."""
    return w.say("instances_one") if count == 1 else w.say("instances_n", n=w.n(count))


def _deadline_missed(w: _W, kw: dict[str, Any], gid: str, count: int, deadline: float,
                     got: tuple[int, SizingResult, tuple[OfferView, float, str] | None] | None,
                     label: str, asks: bool, job: str = "pretrain") -> bool:
    """The GPUs stated miss the deadline by their own sizing ("2T tokens in one week with 8
    H100": 330 days): a No, with their days first, then the fewest of that GPU that finish
    in time (:func:`_deadline_count`), or, where none up to the sizing's most does, that
    most's days. Their figures were once said after a Yes."""
    assert w.model is not None
    own = w.size(**{**kw, "gpu": gid, "gpu_count": count})
    p = own.performance if own is not None else None
    if own is None or p is None or not p.training_hours or not p.training_tokens_per_s:
        return False
    h = p.training_hours
    common = {"model": w.model.name, "method": label, "tokens": w.train_tokens_text(),
              "days": w.hours(deadline / 24), "asked": w.setup(count, gid),
              "asked_days": w.n(h / 24, 1 if h < 2400 else 0), "asked_time": w.duration(h),
              "asked_tps": w.n(p.training_tokens_per_s)}
    if got is None:
        most = w.size(**{**kw, "gpu": gid, "gpu_count": _SIZED_GPUS_MAX,
                         "price_per_gpu_hour_usd": None})
        mp = most.performance if most is not None and most.fits else None
        if mp is None or not mp.training_hours or mp.training_hours <= deadline:
            return False
        mh = mp.training_hours
        w.record(own, 2048, per_replica=True)
        w.out.first = w.say(f"{job}_deadline_none", gpu=w.gpu_name(gid),
                            most=w.n(_SIZED_GPUS_MAX),
                            most_days=w.n(mh / 24, 1 if mh < 2400 else 0),
                            most_time=w.duration(mh), **common)
        w.ask("training_hours", h, "h", yes=False if asks else None)
        w.sized_warnings(own)
        return True
    n, r, b = got
    rp = r.performance
    assert rp is not None and rp.training_tokens_per_s and rp.training_hours
    run_hours = rp.training_hours
    cost = ""
    if b is not None:
        cost = _billed_run(w, b[0], b[1], n, run_hours, r.weights)[1]
    w.record(r, 2048, per_replica=True)
    w.out.first = w.say(f"{job}_deadline_missed", setup=w.setup(n, gid),
                        tps=w.n(rp.training_tokens_per_s / n),
                        run_days=w.n(run_hours / 24, 1), run_time=w.duration(run_hours),
                        cost=cost, **common)
    w.ask("training_hours", h, "h", yes=False if asks else None)
    _deadline_plan(w, gid, n, r, b)
    return True


def _deadline_plan(w: _W, gid: str, n: int, r: SizingResult,
                   b: tuple[OfferView, float, str] | None) -> None:
    """What follows a deadline's plan of ``n`` × ``gid``: the multi-node caveat, the network
    its machines are joined by, the price's date and the sizing's warnings."""
    if n > NODE_GPUS:
        w.out.more.append(w.t["pretrain_gpus_scaling"])
    if b is not None:
        o = b[0]
        if o.gpu_count < n and o.network in FAST_NETWORKS:
            w.out.more.append(w.say("train_fabric", nodes=w.n(n // o.gpu_count),
                                    setup=w.setup(o.gpu_count, gid),
                                    network=_NETWORK_NAMES.get(o.network, o.network)))
        w.out.more.append(w.say("price_date", date=w.view_date(o)))
        w.price_warnings(o.id, o.as_of.isoformat(), o.as_of_kind, o.stale, o.age_days)
    else:
        w.out.more.append(w.say("train_no_fabric", setup=w.setup(n, gid)))
    w.sized_warnings(r)


def _deadline_count(w: _W, kw: dict[str, Any], gid: str, count: int, deadline_hours: float,
                    spot_minutes: float | None = None
                    ) -> tuple[int, SizingResult, tuple[OfferView, float, str] | None] | None:
    """The fewest of GPU ``gid`` from ``count`` on whose own sizing finishes the run within
    ``deadline_hours``: (count, sizing, the basis its cost is priced on), or None (sizing
    refuses a count, or none up to sizing's 4,096 GPUs does). A rate is not scaled from a
    smaller count: over one machine the sizing's rate per GPU is the multi-node one, lower
    (its ``multi_node`` note), so 32 × B200 sized at one GPU's rate x 32 said 26.7 days for
    Llama 3.1 8B on 1T tokens where the sizing of 32 gives 30.5. Each next count is the
    last one x its hours over the deadline (the hours fall as the GPUs grow; over one
    machine, whole machines of ``NODE_GPUS``), sized again, until the sizing's own hours
    meet the deadline. Each count is priced on the machines a multi-node run rents
    (``basis(fabric=True)``: a fast network between them, the recommendations' rule).
    ``spot_minutes`` (a run on spot, checkpointed that often): spot prices, and a count meets
    the deadline with its expected restarts (:func:`_spot_restarts` over its instances)."""
    n = count
    while n <= _SIZED_GPUS_MAX:
        b = w.basis(gid, n, fabric=True, spot=spot_minutes is not None)
        r = w.size(**{**kw, "gpu": gid, "gpu_count": n,
                      "price_per_gpu_hour_usd": b[1] if b else None})
        p = r.performance if r is not None else None
        if r is None or not r.fits or p is None or not p.training_hours:
            return None
        hours = p.training_hours * (1 + (_spot_restarts(b, n, spot_minutes)
                                         if spot_minutes is not None else 0.0))
        if hours <= deadline_hours:
            return n, r, b
        need = max(n + 1, math.ceil(n * hours / deadline_hours))
        more = math.ceil(need / NODE_GPUS) * NODE_GPUS if need > NODE_GPUS else need
        # the sizing's most is tried before giving up, so "none up to it does" is its figure
        n = min(more, _SIZED_GPUS_MAX) if n < _SIZED_GPUS_MAX else more
    return None


def _instances(v: OfferView, n: int) -> int:
    """The machines ``n`` GPUs are rented as on offer ``v`` (one larger machine, or as many
    as make up the count: ``basis``)."""
    return max(1, math.ceil(n / v.gpu_count))


def _spot_restarts(b: tuple[OfferView, float, str] | None, n: int, minutes: float) -> float:
    """Spot's expected extra run time for ``n`` GPUs priced on ``b``, checkpointed every
    ``minutes``: the recommendations' rule read from its one definition
    (``context.spot_overhead_fraction``: one instance's times the instances a synchronous training
    job spans, as any of them reclaimed stops it), not copied."""
    return spot_overhead_fraction(minutes, _instances(b[0], n) if b is not None else 1)


def _more_of_gpu(w: _W, kw: dict[str, Any], gid: str, count: int, most: int,
                 good: Callable[[SizingResult], bool]
                 ) -> tuple[int, SizingResult, Any] | None:
    """The fewest of GPU ``gid`` past ``count`` (doubling, up to ``most``) whose sizing,
    priced on the machines a multi-node run would rent (``w.basis`` with a fast fabric), is
    ``good``: (count, sizing, basis), or None (none up to ``most``, or no sizing)."""
    n = count * 2
    while n <= most:
        b = w.basis(gid, n, fabric=True)
        r = w.size(**{**kw, "gpu": gid, "gpu_count": n,
                      "price_per_gpu_hour_usd": b[1] if b else None})
        if r is None:
            return None
        if good(r):
            return n, r, b
        n *= 2
    return None


def _train_more_gpus(w: _W, kw: dict[str, Any], gid: str, count: int, lines: list[str]
                     ) -> None:
    """The count asked does not hold the run ("70B full fine-tune on 8 × H100, how long?"):
    the fewest of that GPU (doubling) that do, with the run's time and cost there, so the
    "how long" still gets its answer."""
    got = _more_of_gpu(w, kw, gid, count, 1024, lambda r: bool(r.fits))
    if got is None:
        return
    n, r, b = got
    p = r.performance
    if p is None or not p.training_hours:
        return
    cost = ""
    if r.cost is not None and r.cost.per_training_run_usd and b is not None:
        # billed as the run is when no count is said ("on H100" and "on one H100" priced
        # $228.13 and $225.39 for the same 2 × H100 run): billing step and storage counted
        cost = _billed_run(w, b[0], b[1], n, p.training_hours, r.weights)[1]
    h = p.training_hours
    lines.append(w.say("train_more_gpus", setup=w.setup(n, gid),
                       tokens=w.train_tokens_text(), hours=w.duration(h),
                       days=w.n(h / 24, 1), tps=w.n(p.training_tokens_per_s or 0),
                       cost=cost))


def _other_card_of_size(w: _W, gid: str, kw: dict[str, Any], r: SizingResult
                        ) -> tuple[str, SizingResult, str] | None:
    """A memory size asked ("a 48 GB card") that the representative card ``gid`` (sized in
    ``r``) does not hold: the other rented cards of that size that do (gid, sizing, the
    setup in words naming which do and which do not), else None."""
    gb = w.det.memory_gib or w.reg.gpus[gid].memory_gb
    rented = {v.gpu for v in w.catalog.views(w.today) if not v.stale and not v.suspect}
    fit: list[tuple[str, SizingResult]] = []
    nofit = [w.gpu_name(gid)]
    for g in sorted(w.reg.gpus.values(), key=lambda g: g.id):
        if g.id == gid or g.id not in rented or round(g.memory_gb) != round(gb):
            continue
        again = w.size(**{**kw, "gpu": g.id})
        if again is not None and again.fits and again.runs is not False:
            fit.append((g.id, again))
        else:
            nofit.append(g.name)
    if not fit:
        return None
    # the cheapest on a single card that holds it leads
    fit.sort(key=lambda x: (w.single(x[0]) or (None, 1e9))[1])
    g0, r0 = fit[0]
    named = w.say("mem_card_some", gb=w.n(gb), fit=", ".join(w.gpu_name(g) for g, _ in fit),
                  nofit=", ".join(nofit), cap=w.gib(w.cap(r)), gpu=w.gpu_name(gid))
    return g0, r0, named


def _train_job(w: _W, task: str, method: str) -> bool:
    """A training run with its tokens stated and no GPU named: the recommendations' cheapest
    option for the job (several nodes allowed): its cost first for a cost question, its time
    for the rest. A fine-tune's cost asked with no deadline follows the recommendations'
    default (interruptible: spot where cheaper, the on-demand price beside it) unless
    on-demand is asked; the rest is on on-demand prices. A total budget stated is said to be
    met or not."""
    assert w.model is not None and w.det.tokens
    spot_ok = (task == "finetune" and w.sub == "cost" and not w.st.on_demand
               and not w.st.deadline_hours)  # a count or a time asked: on-demand, as before
    kw: dict[str, Any] = {"workload": task, "training_tokens": w.train_tokens(),
                          "allow_multi_node": True, "interruptible": spot_ok}
    if task == "finetune":
        kw["finetune"] = finetune_options(method, w.ex, w.st)
    rec = w.recommend(**kw)
    if rec is None or not rec.options:
        return False
    o = rec.options[0]
    hours = o.performance.job_hours
    cost = o.cost.per_job_usd
    if not hours or not cost:
        return False
    w.offer_numbers(msgspec.structs.replace(rec, options=[o]))
    label = {"lora": "LoRA", "qlora": "QLoRA", "full": w.t["method_full"]}.get(method, method)
    common = {"model": w.model.name, "method": label, "weights": o.weights,
              "tokens": w.train_tokens_text(), "cost": w.usd(cost),
              "setup": w.setup(o.offer.gpu_count * o.nodes, o.offer.gpu),
              "provider": o.offer.provider, "hour": w.usd(o.cost.per_hour_usd),
              "kind": w.kinds[o.pricing_model], "hours": w.duration(hours),
              "days": w.n(hours / 24, 1 if hours < 240 else 0),
              "tps": w.n(o.performance.training_tokens_per_s or 0)}
    if (task == "pretrain" and ((w.st.deadline_hours and w.sub in ("count", "time"))
                                or (not w.st.deadline_hours and hours > 30 * 24
                                    and w.sub != "cost"))
            and _train_nodes(w, o, common, w.st.deadline_hours or 30 * 24, rec.options)):
        # a run over 30 days on one machine is not a plan (the recommendations' 30-day rule,
        # warn_long_job): the nodes that finish it within 30 days lead
        return True
    if task == "finetune" and w.sub == "time":
        # "how long to fine-tune ...": the run's hours lead, its cost after them
        w.out.first = w.say("finetune_time", **common)
        w.ask("training_hours", hours, "h")
    elif task == "finetune":
        w.out.first = w.say("finetune_job", **common)
        w.ask("per_job_usd", cost, "USD")
        if o.pricing_model == "spot":
            _finetune_spot_basis(w, kw, o)
        if w.st.budget_usd_total:
            w.out.more.append(w.say(
                "job_budget_within" if cost <= w.st.budget_usd_total else "job_budget_over",
                budget=w.usd(w.st.budget_usd_total)))
    elif w.sub == "cost" or w.sub is None:
        w.out.first = w.say("pretrain_job", **common)
        w.ask("per_job_usd", cost, "USD")
    else:
        w.out.first = w.say("pretrain_time", **common)
        w.ask("training_hours", hours, "h")
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    w.option_warnings(o)
    return True


def _finetune_spot_basis(w: _W, kw: dict[str, Any], o: Option) -> None:
    """A fine-tune priced on spot (the recommendations' default for one): said so, with the
    expected restarts its cost counts and the cheapest on-demand cost beside it."""
    od = w.recommend(**{**kw, "interruptible": False, "top_n": 1})
    d = od.options[0] if od is not None and od.options else None
    over = (o.cost.expected_spot_overhead_pct or 0.0) / 100
    w.out.more.append(w.say("finetune_spot_basis", pct=w.f.percent(over, 1)))
    if d is not None and d.cost.per_job_usd:
        w.out.more.append(w.say(
            "finetune_on_demand_beside", cost=w.usd(d.cost.per_job_usd),
            setup=w.setup(d.offer.gpu_count * d.nodes, d.offer.gpu),
            provider=d.offer.provider, price=w.usd(d.cost.per_hour_usd)))


def _long_train(w: _W, kw: dict[str, Any], gid: str, count: int, hours: float) -> None:
    """A run over 30 days on the GPUs asked: a warning with the fewest of that GPU that
    finish it within 30 days, the count a "within 30 days" question gets for the same run
    (:func:`_deadline_count`: each count's own sizing, priced on networked machines; doubling
    said 512 × A100 where the deadline answer said 304)."""
    got = _deadline_count(w, kw, gid, count, 30 * 24)
    if got is None:
        return
    n, r, _ = got
    assert r.performance is not None and r.performance.training_hours
    cost = r.cost.per_training_run_usd if r.cost is not None else None
    w.warn(w.say("warn_long_job", days=w.n(hours / 24, 1 if hours < 2400 else 0),
                 setup=w.setup(count, gid),
                 alt=w.setup(n, gid), alt_days=w.n(r.performance.training_hours / 24, 1),
                 alt_cost=w.usd(cost) if cost else "?"))


def _train_nodes(w: _W, o: Option, common: dict[str, str], deadline_hours: float,
                 options: list[Option] | None = None) -> bool:
    """A pre-training run to finish within a stated time ("2T tokens in 30 days"): the nodes
    of the cheapest option's machine that finish it in time, at the tokens/s per node the
    recommendations compute for that option (tokens / (time x tokens/s per node), rounded
    up), with the run's days and cost at that many nodes. That rate holds over more nodes
    only where the option is already a plan over several (the recommendations' multi-node
    rate, on machines with a fast network between them); a one-machine option that would
    need more is planned again on such machines (:func:`_fabric_nodes`)."""
    tokens = w.train_tokens() or 0
    tps = o.performance.training_tokens_per_s
    if not tps or not tokens:
        return False
    per_node = tps / max(1, o.nodes)
    nodes = max(1, math.ceil(tokens / (deadline_hours * 3600 * per_node)))
    if nodes > 1 and o.nodes == 1:
        return _fabric_nodes(w, common, deadline_hours, options or [o])
    run_hours = tokens / (nodes * per_node) / 3600
    node_hour = o.cost.per_hour_usd / max(1, o.nodes)
    gpus = nodes * o.offer.gpu_count
    v = next((x for x in w.catalog.views(w.today) if x.id == o.offer.id), None)
    if v is None:
        return False
    # billed as the cost answer bills the same run (granularity, checkpoints' storage on
    # every node): it multiplied raw hours by the nodes' price, $1,673,767 for a run the
    # cost answer bills at $1,677,883
    usd, bill = _billed_run(w, v, node_hour / o.offer.gpu_count, gpus, run_hours,
                            common["weights"],
                            "train_cost_spot" if o.pricing_model == "spot" else "train_cost")
    w.out.first = w.say("pretrain_nodes", model=common["model"], method=common["method"],
                        weights=common["weights"], tokens=common["tokens"],
                        days=w.hours(deadline_hours / 24), nodes=w.n(nodes),
                        setup=w.setup(o.offer.gpu_count, o.offer.gpu), gpus=w.n(gpus),
                        tps=w.n(per_node), run_days=w.n(run_hours / 24, 1),
                        cost=w.usd(usd),
                        provider=o.offer.provider, hour=w.usd(node_hour), kind=common["kind"])
    if w.st.nodes_asked:
        w.ask("nodes", nodes, "nodes")
    else:
        w.ask("gpu_count", gpus, "GPUs")
    w.out.more.append(w.say("pretrain_nodes_bill", hours=w.duration(run_hours),
                            gpus=w.n(gpus), bill=bill))
    w.out.more.append(w.t["pretrain_nodes_scaling"])
    w.out.more.append(w.say("price_date", date=price_date_words(o.offer.as_of,
                                                                  o.offer.as_of_kind, w.t)))
    # the one-node option's length over 30 days is not the answer's
    w.option_warnings(msgspec.structs.replace(
        o, warnings=[x for x in o.warnings if "over 30 days" not in x]))
    return True


def _deadline_gpu(w: _W, kw: dict[str, Any], deadline_hours: float, options: list[Option],
                  spot_minutes: float | None = None
                  ) -> tuple[float, str, int, SizingResult, tuple[OfferView, float, str]] | None:
    """The GPU a run with no GPU named is planned on to finish within ``deadline_hours``:
    for each GPU of the recommendations' ``options`` (at the option's weights), the fewest of
    it from the option's machine on that finish by the sizing's own figure
    (:func:`_deadline_count`, priced on machines with a fast network between them; on spot
    with the restarts of its instances), costed at those hours; the cheapest: (cost, GPU,
    count, sizing, basis), or None where no GPU of the options has such a price."""
    best: tuple[float, str, int, SizingResult, tuple[OfferView, float, str]] | None = None
    seen: set[str] = set()
    for opt in options:
        gid = opt.offer.gpu
        if gid in seen:
            continue
        seen.add(gid)
        got = _deadline_count(w, {**kw, "weights": opt.weights}, gid, opt.offer.gpu_count,
                              deadline_hours, spot_minutes)
        if got is None:
            continue
        n, r, b = got
        if b is None or r.performance is None:
            continue
        over = _spot_restarts(b, n, spot_minutes) if spot_minutes is not None else 0.0
        cost = b[1] * n * (r.performance.training_hours or 0.0) * (1 + over)
        if best is None or cost < best[0]:
            best = (cost, gid, n, r, b)
    return best


def _deadline_job(w: _W, task: str, method: str, spot: bool) -> bool:
    """A run with its tokens and a deadline and no GPU named ("1T tokens in 30 days on
    spot", "fine-tune on 200M tokens within 2 days, which gpu?"): the GPU chosen among the
    recommendations' options for the job, as the on-demand pre-training plan chooses it
    (:func:`_deadline_gpu`, on spot prices with restarts where spot is asked), then planned
    as a deadline on that GPU is (:func:`_train_deadline`): the count, the run's own days
    and its cost at them, never the deadline's."""
    assert w.model is not None
    deadline = w.st.deadline_hours or 0.0
    if not deadline or not w.train_tokens():
        return False
    kw: dict[str, Any] = {"task": task, "training_tokens": w.train_tokens()}
    if task == "finetune":
        kw["finetune"] = finetune_options(method, w.ex, w.st)
    rec = w.recommend(workload=task, allow_multi_node=True, interruptible=False,
                      **{k: v for k, v in kw.items() if k != "task"})
    if rec is None or not rec.options:
        return False
    if not spot and (rec.options[0].performance.job_hours or math.inf) <= deadline:
        # the cheapest job already finishes in time: the deadline does not bind, that job is
        # the answer (its cost, hours and setup)
        return _train_job(w, task, method)
    every = (w.st.checkpoint_minutes or _DEFAULT_CHECKPOINT_MINUTES) if spot else None
    best = _deadline_gpu(w, kw, deadline, rec.options, every)
    if best is None:
        return False
    _, gid, n, r, _ = best
    return _train_deadline(w, {**kw, "weights": r.weights}, gid, n, method, spot=spot)


def _fabric_nodes(w: _W, common: dict[str, str], deadline_hours: float,
                  options: list[Option]) -> bool:
    """A pre-training run one machine does not finish in time, where the cheapest option is
    one machine: its rate is one machine's and its offer may state no network between
    machines (verda's 8 × B200 states none), which the recommendations never take for
    multi-node training. For each GPU of the one-machine options, the fewest of it that
    finish by the sizing's own figure (:func:`_deadline_count`, from the option's machine
    on, priced on machines with a fast network between them: ``basis(fabric=True)``, the
    recommendations' ``FAST_NETWORKS`` rule); the cheapest leads. False where no GPU of
    the options has such machines."""
    best = _deadline_gpu(w, {"task": "pretrain", "training_tokens": w.train_tokens()},
                         deadline_hours, [o for o in options if o.nodes == 1])
    if best is None:
        return False
    _, gid, n, r, (v, price, key) = best
    p = r.performance
    assert p is not None and p.training_tokens_per_s and p.training_hours
    per = min(v.gpu_count, n)  # GPUs per node: a machine of the count, or a share of those
    nodes = n // per
    # billed as the cost answer bills the same run on those GPUs (_deadline_gpu's raw
    # hours x price only ranks the GPUs): $193,197 was said for a run billed $193,252
    cost, bill = _billed_run(w, v, price, n, p.training_hours, r.weights,
                             "train_cost_spot" if key == "spot" else "train_cost")
    w.out.first = w.say("pretrain_nodes", model=common["model"], method=common["method"],
                        weights=r.weights, tokens=common["tokens"],
                        days=w.hours(deadline_hours / 24), nodes=w.n(nodes),
                        setup=w.setup(per, gid), gpus=w.n(n),
                        tps=w.n(p.training_tokens_per_s / nodes),
                        run_days=w.n(p.training_hours / 24, 1), cost=w.usd(cost),
                        provider=v.provider, hour=w.usd(price * per), kind=w.kinds[key])
    if w.st.nodes_asked:
        w.ask("nodes", nodes, "nodes")
    else:
        w.ask("gpu_count", n, "GPUs")
    w.out.more.append(w.say("pretrain_nodes_bill", hours=w.duration(p.training_hours),
                            gpus=w.n(n), bill=bill))
    fabric = ""
    if nodes > 1:
        w.out.more.append(w.t["pretrain_nodes_scaling"])
        fabric = w.say("train_fabric", nodes=w.n(nodes), setup=w.setup(per, gid),
                       network=_NETWORK_NAMES.get(v.network or "", v.network or ""))
        w.out.more.append(fabric)
    w.out.more.append(w.say("price_date", date=w.view_date(v)))
    # the plan priced, not the one-machine option the recommendations ranked first
    w.out.offers = [OfferNumbers(
        offer_id=v.id, provider=v.provider, gpu=v.gpu_name, gpu_count=per, nodes=nodes,
        weights=r.weights, pricing_model=key, per_hour_usd=price * n, per_month_usd=None,
        as_of=v.as_of.isoformat(), as_of_kind=v.as_of_kind, price_date=w.view_date(v),
        why=fabric)]
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    w.sized_warnings(r)
    return True


def _spot_notice(w: _W) -> None:
    """How much notice a spot interruption gives: the provider's period from the catalog's
    provider terms (``spot_notice_s``), or every period the catalog has."""
    known = [p for p in w.catalog.providers if p.spot_notice_s is not None]
    rows = w.say("spot_notice_all", rows="; ".join(
        w.say("spot_notice_row", provider=p.name, seconds=w.n(p.spot_notice_s or 0))
        for p in known))
    p = w.catalog.providers_by_id.get(w.det.provider) if w.det.provider else None
    if p is not None and p.spot_notice_s is not None:
        runtime = (w.say("spot_notice_runtime", h=w.hours(p.spot_max_runtime_h))
                   if p.spot_max_runtime_h else "")
        w.out.first = w.say("spot_notice", provider=p.name, seconds=w.n(p.spot_notice_s),
                            runtime=runtime)
        w.ask("spot_notice_s", p.spot_notice_s, "s")
        return
    if p is not None:
        w.out.first = w.say("spot_notice_none", provider=p.name)
        if known:
            w.out.more.append(rows)
        w.out.computed = True
    elif known:
        w.out.first = rows
        w.out.computed = True
    if w.out.first is not None:
        # what the notice is for (the spot-interruption-notice passage, quoted after)
        w.out.more.append(w.say("spot_interrupted"))


def _spot_cheapest(w: _W, gid: str, count: int = 1) -> bool:
    """The cheapest trusted spot price of the GPU named, when the catalog has no trusted pair
    of spot and on-demand prices to compare: the offer, its on-demand price there, source and
    date, and the month of ``count`` of them at a stated usage. With no trusted spot price
    (every one stale or suspect: never used unless asked, as the recommendations rule), the
    trusted on-demand price instead, said so, the suspect ones in the warnings."""
    spot = [v for v in w.offers_for(gid) if v.spot_usd_h is not None]
    if not spot:
        return False
    v = min(spot, key=lambda x: (x.stale or x.suspect, (x.spot_usd_h or 0.0) / x.gpu_count))
    month = bool(w.st.hours_per_day or w.st.days_per_month)
    if v.stale or v.suspect:
        if v.suspect:  # why the cheapest spot price listed is not the answer
            w.warn(f"{v.id}: " + w.say("core_suspect", reason="; ".join(v.suspect_reasons)))
        else:
            w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
        if month and _month_total(w, gid, count):
            pass  # the month on-demand, GPU time plus the storage and egress it counts
        elif w.model is not None and _setup_hour(w, gid, count):
            pass
        elif w.model is None:
            _gpu_price(w, gid)
        if w.out.first is None:
            return False
        w.out.first = w.say("spot_untrusted", gpu=w.gpu_name(gid)) + _decap(w, w.out.first)
        return True
    per = (v.spot_usd_h or 0.0) / v.gpu_count
    od = (w.say("spot_cheapest_od", od=w.usd(v.on_demand_usd_h / v.gpu_count))
          if v.on_demand_usd_h is not None else "")
    source = v.source.split(" @ ")[0].split(";")[0].strip()  # the catalog file, not its commit
    w.out.first = w.say("spot_cheapest", gpu=w.gpu_name(gid), price=w.usd(per),
                        provider=v.provider, od=od, source=source, date=w.view_date(v))
    if month:
        # the usage stated: the month of that many GPUs on spot leads, the price after it
        total = per * count * w.month_hours()
        w.out.first = w.say("spot_cheapest_month", setup=w.setup(count, gid),
                            usage=w.usage(), total=w.usd(total)) + " " + w.out.first
        w.ask("spot_per_month_usd", total, "USD")
    else:
        w.ask("spot_per_gpu_hour_usd", per, "USD/h")
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)
    return True


def _spot_month(w: _W, lead: str, setup: str, gid: str, n: int, s: OfferView, o: OfferView,
                spot_h: float, od_h: float, pct: float) -> None:
    """Spot at a stated usage ("3 hours a day"): the month's GPU hours on spot, plus a disk
    for the model's weights at the spot provider (as the month answers and the
    recommendations count it), against the same month on-demand."""
    hours = w.month_hours()
    gpu_cost = spot_h * hours
    storage, parts = 0.0, ""
    if w.model is not None:
        r = w.size(gpu=gid, gpu_count=n, input_tokens=w.ex.context_tokens or 4096,
                   output_tokens=512)
        if r is not None and r.memory.weights_gib:
            gb = float(math.ceil(r.memory.weights_gib * 2**30 / 1e9))
            p = w.catalog.providers_by_id.get(s.provider)
            rated = p.storage_usd(gb) if p is not None else None
            if rated is None:
                rate = unknown_price_defaults(w.catalog.providers)[0]
                rated = gb * rate
                w.warn(w.say("core_storage_unknown", provider=s.provider,
                             rate=w.f.money(rate, 3)))
            storage = rated
            parts = w.say("part_storage_weights", cost=w.usd(storage), gb=w.n(gb))
    total = gpu_cost + storage
    provs = (w.where(s, n, share=True) if s.provider == o.provider
             and s.gpu_count == o.gpu_count
             else w.say("spot_provs", sprov=w.where(s, n, share=True),
                        oprov=w.where(o, n, share=True)))
    w.out.first = w.say("spot_month", lead=lead, setup=setup, usage=w.usage(),
                        total=w.usd(total), gpu_cost=w.usd(gpu_cost), spot=w.usd(spot_h),
                        parts=parts, od_total=w.usd(od_h * hours + storage), od=w.usd(od_h),
                        pct=w.f.percent(pct, 0), provs=provs)
    w.ask("spot_per_month_usd", total, "USD")


def _spot(w: _W) -> None:
    if w.sub == "notice":
        _spot_notice(w)
        if w.out.first is not None:
            return
    deadline = bool(w.det.tokens and w.st.deadline_hours)
    # training said with no workload read ("train a 7B", "pre-antrenez"): the job as the
    # training answer reads it (WRITERS["training"])
    job = w.ex.workload if w.ex.workload in ("pretrain", "finetune") else (
        ("finetune" if w.ex.method else "pretrain") if w.ex.workload is None and w.st.trains
        else None)
    if w.model is not None and w.model.kind == "llm" and deadline and job is not None:
        # a run with its tokens and a deadline ("2T tokens in 30 days on spot H100s", "200M
        # tokens within 2 days on spot, which gpu?"), whatever else is asked ("how many and
        # how much?"): the deadline plan on spot, on the GPU named or chosen as the on-demand
        # plan chooses it, not the deadline read as one setup rented for 30 days
        _train(w, job, spot=True)
        if w.out.first is not None:
            return
    # the run's own length, never its deadline (no plan met it: the hour is compared)
    length = None if deadline else w.det.duration_hours
    hours = length or 1.0
    rows: list[tuple[str, int]] = []
    gid, _ = w.card()
    train = w.ex.workload in ("finetune", "pretrain", "batch") or bool(w.det.duration_hours) \
        or bool(w.st.checkpoint_minutes)  # a job that checkpoints
    example = False
    # an LLM served: sized for the load and context a price answer is for (the cost path's
    # context, 4,096 tokens unless stated, of which 512 out; the users stated), one
    # replica's memory recorded, as the on-demand answer records its lead option's
    served = w.model is not None and w.model.kind == "llm" and not train
    ctx = max(_prompt(w, 512, 4096 - 512) + 512, 1024) - 512  # the prompt
    users = w.ex.concurrent_requests or 1
    if gid is not None:
        n = w.ex.gpu_count or 1
        if served and w.model is not None and not w.ex.gpu_count:
            # the model named: never the price of fewer GPUs than hold it at that load
            got = (gpu_count_for_users(w.catalog, w.scaled or w.model.id, w.weights, gid,
                                       users, ctx) if users > 1 else None)
            n = got[0] if got is not None else (_min_count(w, gid, ctx) or 1)
        if served:
            r = w.size(gpu=gid, gpu_count=n, input_tokens=ctx, output_tokens=512,
                       batch_size=users if users > 1 else None)
            if r is not None and r.fits:
                w.record(r, ctx + 512, per_replica=True)
        rows = [(gid, n)]
    elif w.model is None and w.ex.workload != "serving":
        # neither a GPU nor a model: the difference priced on the most rented card, said as
        # an example (an endpoint is on-demand whatever the price)
        rows, example = [(_EXAMPLE_GPU, w.ex.gpu_count or 1)], True
    elif w.model is not None:
        task = "pretrain" if w.ex.workload == "pretrain" or (train and w.ex.workload is None) \
            else ("finetune" if w.ex.workload == "finetune" else "inference")
        kw: dict[str, Any] = {"task": task}
        if task == "finetune":
            kw["finetune"] = finetune_options(w.ex.method or "lora", w.ex, w.st)
        if served and task == "inference":
            kw.update(input_tokens=ctx, output_tokens=512,
                      batch_size=users if users > 1 else None)
        r = w.size(**kw)
        if r is not None:
            w.record(r, ctx + 512 if served else 2048, per_replica=served)
            rows = [(f.gpu, f.gpu_count) for f in
                    sorted(r.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))]
    best: tuple[float, float, str, int, OfferView, OfferView] | None = None
    for g, n in rows[:40]:
        offers = [v for v in w.offers_for(g) if not v.stale and not v.suspect]
        spot = [v for v in offers if v.spot_usd_h is not None]
        od = [v for v in offers if v.on_demand_usd_h is not None]
        if not spot or not od:
            continue
        # the price of n GPUs from machines of n GPUs where the catalog has both (one card:
        # single-GPU offers), not a share of a larger machine
        spot_n = [v for v in spot if v.gpu_count == n]
        od_n = [v for v in od if v.gpu_count == n]
        if spot_n and od_n:
            spot, od = spot_n, od_n
        s = min(spot, key=lambda v: (v.spot_usd_h or 0) / v.gpu_count)
        o = min(od, key=lambda v: (v.on_demand_usd_h or 0) / v.gpu_count)
        s_cost = (s.spot_usd_h or 0) / s.gpu_count * n * hours
        o_cost = (o.on_demand_usd_h or 0) / o.gpu_count * n * hours
        if best is None or s_cost < best[0]:
            best = (s_cost, o_cost, g, n, s, o)
    if best is None:
        if gid is not None and w.ex.gpu and _spot_cheapest(w, gid, rows[0][1] if rows else 1):
            return
        if w.ex.workload == "serving":
            w.out.first = w.t["spot_serve"]
        elif train:
            w.out.first = w.t["spot_train"]
        return
    s_cost, o_cost, g, n, s, o = best
    if w.st.checkpoint_minutes:
        # the interval stated: spot's expected extra run time (restarts and the work lost
        # since the last checkpoint), as the recommendations count it
        over = spot_overhead_fraction(w.st.checkpoint_minutes)
        s_cost *= 1 + over
        w.out.more.append(w.say("spot_overhead", pct=w.f.percent(over, 1),
                                m=w.n(w.st.checkpoint_minutes)))
    elif train and length:
        # a job's length on spot with no interval stated: the same overhead at the
        # recommendations' default interval (their spot job total counts it), said so
        every = _DEFAULT_CHECKPOINT_MINUTES
        over = spot_overhead_fraction(every)
        s_cost *= 1 + over
        w.out.more.append(w.say("spot_overhead_default", pct=w.f.percent(over, 1),
                                m=w.n(every)))
    serve = w.t["spot_lead_serve_reserved"] if w.st.reserved else w.t["spot_lead_serve"]
    lead = w.t["spot_lead_train"] if train else (
        serve if w.ex.workload == "serving" else w.t["spot_lead_any"])
    pct = 1 - s_cost / o_cost if o_cost else 0.0
    setup = w.setup(n, g)
    if example:
        setup = w.say("example_setup", setup=setup)
        w.out.follow_up = w.t["need_gpu"]
    key = "spot" if length else "spot_hour"  # no length stated: an hour
    w.out.first = w.say(key, lead=lead, hours=w.duration(hours), setup=setup,
                        spot=w.usd(s_cost), od=w.usd(o_cost), pct=w.f.percent(pct, 0),
                        provs=w.where(s, n, share=True) if s.provider == o.provider
                        and s.gpu_count == o.gpu_count
                        else w.say("spot_provs", sprov=w.where(s, n, share=True),
                                   oprov=w.where(o, n, share=True)))
    # a month asked ("per month", "24/7": the spot intent's "month") or a usage stated: the
    # month's total leads, as the on-demand month answers do
    month = (bool(w.st.hours_per_day or w.st.days_per_month or w.sub == "month")
             and not length)
    if month:
        _spot_month(w, lead, setup, g, n, s, o, s_cost / hours, o_cost / hours, pct)
    else:
        w.ask("spot_usd", s_cost, "USD")
    if w.st.reserved:
        _spot_reserved(w, g, n, setup, s_cost / hours, o_cost / hours, month)
    w.out.first = w.out.first[0].upper() + w.out.first[1:]
    s_date, o_date = w.view_date(s), w.view_date(o)
    dates = s_date if s_date == o_date else f"{s_date}; {o_date}"
    w.out.more.append(w.say("price_date", date=dates))
    for v in (s, o):
        w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)


def _spot_reserved(w: _W, gid: str, n: int, setup: str, spot_h: float, od_h: float,
                   month: bool) -> None:
    """A reserved price asked beside spot ("reserved or spot for a 24/7 endpoint?"): the
    catalog's cheapest reserved price for ``n`` × ``gid`` (a machine of ``n`` where one is
    listed, a trusted price first), as a month of GPU time beside spot's and on-demand's when
    a month is asked, else by the hour; or that the catalog has none, never one made up."""
    offers = [v for v in w.offers_for(gid) if v.reserved_usd_h is not None]
    if not offers:
        w.out.more.insert(0, w.say("spot_reserved_none", setup=setup))
        return
    v = min(offers, key=lambda x: (x.stale or x.suspect, x.gpu_count != n,
                                   (x.reserved_usd_h or 0.0) / x.gpu_count))
    per = (v.reserved_usd_h or 0.0) / v.gpu_count
    if month:
        # a reservation bills every hour of the term (recommend/pricing.py: 24 h a day),
        # whatever the hours used; spot and on-demand at the usage stated
        days = w.st.days_per_month or MONTH_DAYS
        text = w.say("spot_reserved_month", total=w.usd(per * n * 24 * days), setup=setup,
                     usage=w.say("usage_days", h=w.hours(24.0), d=w.hours(days)),
                     price=w.usd(per), provider=v.provider,
                     od_total=w.usd(od_h * w.month_hours()),
                     spot_total=w.usd(spot_h * w.month_hours()))
    else:
        text = w.say("spot_reserved_hour", price=w.usd(per), provider=v.provider,
                     hour=w.usd(per * n), setup=setup)
    w.out.more.insert(0, text)
    w.price_warnings(v.id, v.as_of.isoformat(), v.as_of_kind, v.stale, v.age_days)


_DEFAULT_CHECKPOINT_MINUTES: float = next(
    f.default for f in msgspec.structs.fields(RecommendationRequest)
    if f.name == "checkpoint_interval_minutes")
"""The recommendations' checkpoint interval when none is stated (their request's default),
read from its one definition."""


def _billing_use(w: _W) -> bool:
    """Short runs billed ("20 minutes at a time, 10 times a day on an H100"): what a month
    of them costs billed per second and per hour at the cheapest on-demand price of that GPU
    (one GPU), and at the cheapest offer of each billing granularity the catalog's providers
    state, their minimum charges applied (the recommendations' ``billed_for``). Without
    runs a day: one run."""
    run_h = w.det.duration_hours
    if run_h is None or not 0 < run_h < 24:
        return False
    gid = w.ex.gpu or _EXAMPLE_GPU
    views = [v for v in w.offers_for(gid) if v.gpu_count == 1 and v.on_demand_usd_h
             and not v.stale and not v.suspect]
    if not views:
        return False
    days = w.st.days_per_month or 30
    runs = w.st.sessions_per_day * days if w.st.sessions_per_day else 1
    provs = w.catalog.providers_by_id

    def cost(v: OfferView, gran_s: int, minimum_s: float) -> float:
        return billed_for(run_h, gran_s, minimum_s) * runs * (v.on_demand_usd_h or 0.0)

    low = views[0]
    per_s, per_h = cost(low, 1, 0.0), cost(low, 3600, 0.0)
    common = {"minutes": w.n(run_h * 60, 0 if (run_h * 60).is_integer() else 1),
              "gpu": w.gpu_name(gid), "price": w.usd(low.on_demand_usd_h or 0.0),
              "provider": low.provider, "second": w.usd(per_s), "hour": w.usd(per_h),
              "saving": w.f.percent(1 - per_s / per_h if per_h else 0.0, 0)}
    if w.st.sessions_per_day:
        w.out.first = w.say("billing_use_month", n=w.n(w.st.sessions_per_day), days=w.hours(days),
                            **common)
    else:
        w.out.first = w.say("billing_use_run", **common)
    w.ask("billed_per_second_usd", per_s, "USD")
    parts: list[str] = []
    for gran, gran_s in GRANULARITY_S.items():
        priced = []
        for v in views:
            p = provs.get(v.provider)
            if p is None or p.billing_granularity != gran:
                continue
            minimum = float(p.minimum_charge_for(v.instance_type) or 0)
            priced.append((cost(v, gran_s, minimum), v, minimum))
        if priced:
            c, v, minimum = min(priced, key=lambda x: x[0])
            parts.append(w.say("billing_use_kind", unit=w.t[f"unit_{gran}"],
                               provider=v.provider, price=w.usd(v.on_demand_usd_h or 0.0),
                               cost=w.usd(c), minimum=w.say("billing_min", s=w.n(minimum))
                               if minimum else ""))
    if parts:
        w.out.more.append(w.say("billing_use_kinds", parts="; ".join(parts)))
    w.out.more.append(w.say("price_date", date=price_date_words(low.as_of, low.as_of_kind,
                                                                 w.t)))
    return True


def _billing_terms(w: _W, pid: str) -> None:
    """A provider's billing terms as the catalog holds them, each with its source: the
    granularity, and the minimum charge per start, one for every instance or one per
    instance family (the provider's own for the others), as the recommendations apply them
    (``Provider.minimum_charge_for``). A granularity or a minimum the catalog does not
    record is said so, never read as none charged."""
    p = w.catalog.providers_by_id[pid]
    every_rule = next((r for r in p.minimum_charges if r.instance_pattern == "*"), None)
    family = [r for r in p.minimum_charges if r.instance_pattern != "*"]
    other = every_rule.minimum_charge_s if every_rule else p.minimum_charge_s
    every = other if not family else None  # one minimum for every instance
    sources = [r.source for r in p.minimum_charges]
    if p.billing_granularity is None:
        w.out.first = w.say("billing_unknown", provider=p.name)
        if every:
            w.out.more.append(w.say("billing_min_only", s=w.n(every)))
    else:
        sources.insert(0, p.source)
        w.out.first = w.say("billing_one", provider=p.name,
                            unit=w.t[f"unit_{p.billing_granularity}"],
                            minimum=w.say("billing_min", s=w.n(every)) if every else "")
    if family:
        parts = [w.say("billing_min_rule", pattern=r.instance_pattern, s=w.n(r.minimum_charge_s))
                 for r in family]
        if other is not None:
            parts.append(w.say("billing_min_other", s=w.n(other)))
        w.out.more.append(w.say("billing_min_rules", rules="; ".join(parts)))
    elif not every:
        w.out.more.append(w.say("billing_no_min", provider=p.name))
    if other is not None and every_rule is None:
        sources.append(p.source)  # the provider's own minimum comes with its policy source
    if sources:
        w.out.more.append(w.say("billing_source", source="; ".join(dict.fromkeys(sources))))


def _billing(w: _W) -> None:
    if not w.det.provider and _billing_use(w):
        return
    if w.det.provider:
        _billing_terms(w, w.det.provider)
        w.out.computed = True
        return
    by: dict[str, list[str]] = {"second": [], "minute": [], "hour": []}
    for p in w.catalog.providers:
        if p.billing_granularity:
            by[p.billing_granularity].append(p.name.split(" (")[0])
    w.out.first = w.say("billing", second=", ".join(by["second"]), ns=w.n(len(by["second"])),
                        minute=", ".join(by["minute"]) or "—", hour=", ".join(by["hour"]) or "—")
    w.ask("providers_per_second", len(by["second"]), "providers")


def _storage(w: _W) -> None:
    if (w.sub == "storage" and w.st.storage_gb and w.model is None and w.ex.gpu is not None
            and w.ex.gpu_count):
        # "how much for 2 H100s with 1 TB of storage?": GPUs counted are GPU time asked with
        # the storage, a month of both unless a length is stated (was the storage alone)
        w.sub = "job" if w.det.duration_hours else "month"
        if _month_total(w, w.ex.gpu):
            return
        w.sub = "storage"
    tied = w.st.egress_gb if w.sub == "egress" else w.st.storage_gb
    gb = tied or w.det.data_gb
    if gb is None:
        if (w.st.per_gb or w.det.provider) and _per_gb(w):
            return
        w.out.follow_up = w.t["need_data"]
        return
    provs = w.catalog.providers
    if w.sub == "egress" and w.st.storage_gb and w.st.egress_gb and _storage_and_egress(w):
        return
    if w.sub == "egress":
        priced = [(p.egress_usd(gb), p) for p in provs if p.egress_known]
        priced2 = [(c, p) for c, p in priced if c is not None]
        if w.det.provider:
            p = w.catalog.providers_by_id[w.det.provider]
            c = p.egress_usd(gb)
            if c is not None:
                w.out.first = w.say("egress_one", gb=w.n(gb), provider=p.name, cost=w.usd(c))
                w.ask("egress_usd", c, "USD")
                return
        if priced2:
            lo = min(priced2, key=lambda x: x[0])
            hi = max(priced2, key=lambda x: x[0])
            w.out.first = w.say("egress_range", gb=w.n(gb), low=w.usd(lo[0]), lowp=lo[1].name,
                                high=w.usd(hi[0]), highp=hi[1].name, n=w.n(len(priced2)))
            w.ask("egress_usd", hi[0], "USD")
        return
    # each provider's month for this volume, its price bands applied (RunPod: $0.07/GB to
    # 1 TB, $0.05 above)
    rated = [(c, p) for p in provs if (c := p.storage_usd(gb)) is not None]
    if w.det.duration_hours and _storage_for(w, gb, rated):
        return
    if w.det.provider:
        p = w.catalog.providers_by_id[w.det.provider]
        c = p.storage_usd(gb)
        if c is not None:
            w.out.first = w.say("storage_one", gb=w.n(gb), provider=p.name, cost=w.usd(c),
                                rate=w.f.money(c / gb if gb else 0.0, 3))
            w.ask("storage_usd_per_month", c, "USD")
            return
    if rated:
        lo = min(rated, key=lambda x: x[0])
        hi = max(rated, key=lambda x: x[0])
        w.out.first = w.say("storage_range", gb=w.n(gb), low=w.usd(lo[0]), lowp=lo[1].name,
                            high=w.usd(hi[0]), highp=hi[1].name, n=w.n(len(rated)))
        w.ask("storage_usd_per_month", lo[0], "USD")


def _storage_for(w: _W, gb: float, rated: list[tuple[float, Provider]]) -> bool:
    """Storage for a stated length and no GPU ("500 GB for 48 hours", "2 TB timp de 100 de
    ore"): that length's share of each month's price (pricing.job_storage_usd, a 730-hour
    month, as a job's storage beside GPUs is priced), the total leading and the month's
    price beside it (was the month's price alone)."""
    hours = w.det.duration_hours or 0.0

    def money(v: float) -> str:  # a few cents for a short length: its cents said
        return w.unit_usd(v) if v < 0.1 else w.usd(v)

    if w.det.provider:
        p = w.catalog.providers_by_id[w.det.provider]
        month = p.storage_usd(gb)
        if month is None:
            return False
        total = job_storage_usd(month, hours)
        w.out.first = w.say("storage_one_hours", gb=w.n(gb), provider=p.name,
                            hours=w.duration(hours), cost=money(total),
                            month=w.usd(month), rate=w.f.money(month / gb if gb else 0.0, 3))
        w.ask("storage_usd", total, "USD")
        return True
    if not rated:
        return False
    lo, hi = min(rated, key=lambda x: x[0]), max(rated, key=lambda x: x[0])
    w.out.first = w.say("storage_range_hours", gb=w.n(gb), hours=w.duration(hours),
                        low=money(job_storage_usd(lo[0], hours)), lowp=lo[1].name,
                        high=money(job_storage_usd(hi[0], hours)), highp=hi[1].name,
                        low_month=w.usd(lo[0]), high_month=w.usd(hi[0]),
                        n=w.n(len(rated)))
    w.ask("storage_usd", job_storage_usd(lo[0], hours), "USD")
    return True


def _storage_and_egress(w: _W) -> bool:
    """Storage and egress both stated ("1.500 GB de stocare și 2,5 TB trafic de ieșire pe
    AWS"): each priced by the catalog's rates, and their sum a month; neither dropped."""
    assert w.st.storage_gb is not None and w.st.egress_gb is not None
    sgb, egb = w.st.storage_gb, w.st.egress_gb
    if w.det.provider:
        p = w.catalog.providers_by_id[w.det.provider]
        s, e = p.storage_usd(sgb), p.egress_usd(egb)
        if s is None or e is None:
            return False
        w.out.first = w.say("egress_one", gb=w.n(egb), provider=p.name, cost=w.usd(e))
        w.out.more.append(w.say("storage_one", gb=w.n(sgb), provider=p.name, cost=w.usd(s),
                                rate=w.f.money(s / sgb if sgb else 0.0, 3)))
        w.out.more.append(w.say("storage_egress_total", cost=w.usd(s + e)))
        w.ask("storage_and_egress_usd_per_month", s + e, "USD")
        return True
    both = [(s + e, s, e, p) for p in w.catalog.providers
            if (s := p.storage_usd(sgb)) is not None and (e := p.egress_usd(egb)) is not None]
    if not both:
        return False
    lo, hi = min(both, key=lambda x: x[0]), max(both, key=lambda x: x[0])
    w.out.first = w.say("storage_egress_range", sgb=w.n(sgb), egb=w.n(egb), low=w.usd(lo[0]),
                        lowp=lo[3].name, high=w.usd(hi[0]), highp=hi[3].name,
                        n=w.n(len(both)))
    w.ask("storage_and_egress_usd_per_month", lo[0], "USD")
    return True


# the first address a source names ("aws.amazon.com/ec2/pricing/on-demand (Data ...)")
_SOURCE_ADDRESS = re.compile(r"[a-z0-9-]++(?:\.[a-z0-9-]++)++(?:/[\w.~%-]++)*+")


def _per_gb(w: _W) -> bool:
    """A price per GB asked with no amount ("AWS egress per GB?", "RunPod storage per GB?"):
    the provider's catalog rate with its bands (a free allowance, the tiers), its date and
    source; with no provider named, the lowest and highest headline rates the catalog
    knows."""
    egress = w.sub == "egress"
    if w.det.provider:
        p = w.catalog.providers_by_id[w.det.provider]
        unit = p.egress_unit if egress else p.storage_unit
        tiers = p.egress_tiers if egress else p.storage_tiers
        flat = p.egress_usd_per_gb if egress else p.storage_usd_per_gb_month
        source = p.egress_source if egress else p.storage_source
        if not tiers and flat is None:
            w.out.first = w.say("per_gb_unknown", provider=p.name,
                                what=w.t["what_egress" if egress else "what_storage"])
            w.out.computed = True
            return True
        paid = next((t.usd for t in tiers if t.usd > 0), tiers[-1].usd if tiers else 0.0)
        rate = flat if flat is not None and (not tiers or not egress) else paid
        bands: list[str] = []
        lower = 0.0
        for t in tiers:
            if t.up_to is None:
                bands.append(w.say("band_above", usd=w.f.money(t.usd, 3), unit=unit,
                                   lower=w.n(lower)))
            elif t.usd == 0:
                bands.append(w.say("band_free", upper=w.n(t.up_to), unit=unit))
            else:
                bands.append(w.say("band_to", usd=w.f.money(t.usd, 3), unit=unit,
                                   upper=w.n(t.up_to)))
            lower = t.up_to or lower
        found = _SOURCE_ADDRESS.search(source)
        w.out.first = w.say("per_gb_egress" if egress else "per_gb_storage", provider=p.name,
                            rate=w.f.money(rate, 3), unit=unit,
                            bands=w.say("bands", bands="; ".join(bands)) if bands else "",
                            date=p.as_of.isoformat(),
                            source=found.group(0) if found else w.t["source_unknown"])
        w.ask("egress_usd_per_gb" if egress else "storage_usd_per_gb_month", rate,
              f"USD/{unit}" if egress else f"USD/{unit}-month")
        return True
    rated = [(r, p) for p in w.catalog.providers
             if (r := (p.highest_egress_usd_per_gb if egress else p.storage_usd_per_gb))
             is not None]
    if not rated:
        return False
    lo, hi = min(rated, key=lambda x: x[0]), max(rated, key=lambda x: x[0])
    w.out.first = w.say("per_gb_range", what=w.t["what_egress" if egress else "what_storage"],
                        low=w.f.money(lo[0], 3), lowp=lo[1].name, high=w.f.money(hi[0], 3),
                        highp=hi[1].name, n=w.n(len(rated)))
    w.ask("egress_usd_per_gb" if egress else "storage_usd_per_gb_month", hi[0],
          "USD/GB" if egress else "USD/GB-month")
    return True


LINK_PAIR = ("a100-sxm-80gb", "a100-pcie-80gb")
"""The same chip and memory with NVLink and on PCIe only: what a split loses to the link."""


def _interconnect_split(w: _W) -> None:
    """A model split over several GPUs, none named ("is NVLink needed to run Llama 3.1 70B
    on 4 GPUs?"): the memory per GPU at that tensor split (the link does not change it), and
    the same chip's speed with NVLink and on PCIe (:data:`LINK_PAIR`), each as sizing times
    it (the all-reduces on each link's measured collective curve); three GPUs or more."""
    m, n = w.model, w.ex.gpu_count
    # two PCIe cards may share an NVLink bridge (the A100 PCIe's): from three on, the split's
    # all-reduces cross PCIe
    if m is None or m.kind != "llm" or not n or n < 3:
        return
    ctx = _prompt(w, 512, 4096 - 512) + 512  # the context said: the prompt and 512 out
    nv, pcie = (w.size(gpu=g, gpu_count=n, input_tokens=ctx - 512, output_tokens=512)
                for g in LINK_PAIR)
    if nv is None or pcie is None or not nv.fits or not pcie.fits:
        return
    a, b = nv.performance, pcie.performance
    if (a is None or b is None or not a.decode_tokens_per_s or not b.decode_tokens_per_s
            or a.time_to_first_token_ms is None or b.time_to_first_token_ms is None):
        return
    gib = nv.memory.per_gpu_gib
    slower = max(0.0, (1 - b.decode_tokens_per_s / a.decode_tokens_per_s) * 100)
    w.out.first = w.say("interconnect_split", model=m.name, weights=nv.weights, n=w.n(n),
                        gib=w.gib(gib), ctx=w.n(ctx), gpu_nv=w.reg.gpus[LINK_PAIR[0]].name,
                        gpu_pcie=w.reg.gpus[LINK_PAIR[1]].name,
                        tps_nv=w.n(a.decode_tokens_per_s, 1),
                        tps_pcie=w.n(b.decode_tokens_per_s, 1), pct=w.n(slower),
                        ttft_nv=w.n(a.time_to_first_token_ms),
                        ttft_pcie=w.n(b.time_to_first_token_ms))
    w.record(nv, ctx)
    # the question asked: whether the link is needed; to hold the model it is not
    w.ask("per_gpu_gib", gib, "GiB", yes=False)


def _interconnect(w: _W) -> None:
    gids = w.det.gpus or ([w.ex.gpu] if w.ex.gpu else [])
    if not gids:
        _interconnect_split(w)
        return
    rows = []
    words = [(en, w.t[key]) for en, key in (("no NVLink", "link_no_nvlink"),
                                             (" links", "link_links"),
                                             (" GPUs)", "link_gpus"))]
    for gid in gids:
        g = w.reg.gpus[gid]
        link = g.link_name or g.link
        for en, here in words:  # the registry's words are English
            link = link.replace(en, here)
        rows.append((g.name, link, g.link_gb_s or 0.0))
    if len(rows) == 1:
        name, link, bw = rows[0]
        w.out.first = w.say("interconnect", gpu=name, link=link, bw=w.n(bw))
        w.ask("link_gb_s", bw, "GB/s")
    else:
        w.out.first = w.say("interconnect_many", rows="; ".join(
            w.say("interconnect_pair", gpu=n, link=lk, bw=w.n(b)) for n, lk, b in rows))
        w.out.computed = True


def _kv(w: _W) -> None:
    if w.model is None:
        return
    # the KV cache's precision stated ("fp8 kv cache"), else sizing's default (fp16)
    kv_type = w.st.kv_cache
    r = w.size(kv_cache=kv_type)
    if r is None:
        return
    kv = r.kv_cache_bytes_per_token
    if not kv:
        w.out.first = w.say("kv_none", model=w.model.name)
        w.out.computed = True
        return
    ctx = w.ex.context_tokens or min(w.max_ctx() or 32768, 32768)
    # the sequence's cache as sizing counts it (sliding-window layers keep only their
    # window, a latent cache its latent), not the full-attention bytes per token x tokens
    at = w.size(input_tokens=ctx, output_tokens=0, batch_size=1, kv_cache=kv_type)
    seq_gib = (at.memory.kv_cache_gib if at is not None and at.memory.kv_cache_gib is not None
               else kv * ctx / 2**30)
    if at is not None:
        r = at
    # users stated ("with 4 users", "16 users"): each holds its own sequence, so the cache
    # for all of them, as sizing counts a batch of that many, leads
    users = w.ex.concurrent_requests or w.ex.batch_size
    many = w.size(input_tokens=ctx, output_tokens=0, batch_size=users,
                  kv_cache=kv_type) if users and users > 1 else None
    total = many.memory.kv_cache_gib if many is not None else None
    if many is not None and total is not None:
        r = many
    w.record(r, ctx)
    common = {"model": w.model.name, "kib": w.n(kv / 1024, 1 if kv < 10240 else 0),
              "bytes": w.n(kv), "kv": r.kv_cache or r.weights, "ctx": w.n(ctx),
              "gib": w.gib(seq_gib)}
    if total is not None and users:
        w.out.first = w.say("kv_cache_users", users=w.n(users), total=w.gib(total), **common)
    else:
        w.out.first = w.say("kv_cache", **common)
    if seq_gib < 0.95 * kv * ctx / 2**30:
        w.out.more.append(w.say("kv_window", full=w.gib(kv * ctx / 2**30)))
    if total is not None:
        w.ask("kv_cache_gib", total, "GiB")  # the users' cache in all
    elif w.ex.context_tokens:
        w.ask("kv_cache_gib", seq_gib, "GiB")  # a length asked: the sequence's cache
    else:
        w.ask("kv_cache_kib_per_token", kv / 1024, "KiB")
    w.sized_warnings(r, ctx)


def _media_job(w: _W, gid: str | None) -> bool:
    """A job's size stated with an image, video or speech model ("100 videos with CogVideoX",
    "500,000 images with SDXL on an L4", "transcribe 1,000 hours with Whisper"): its total
    leads, as a cost question's does (on the GPU named, else the recommendations' cheapest
    option; a video model with no GPU named and no such option: the first GPU that holds
    it)."""
    m = w.model
    assert m is not None
    if m.modality == "video":
        if not w.st.clips:
            return False
        if gid is None and _job_total(w):  # the recommendations' cheapest, as for images
            return True
        if gid is None:
            base = w.size()
            rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib)
                          ) if base is not None else []
            if not rows:
                return False
            gid = rows[0].gpu
        return _video_cost(w, gid)
    if not w.st.items or m.kind not in ("audio", "diffusion"):
        return False
    if gid is not None:
        return _media_cost(w, gid)
    return _job_total(w)


def _audio_batched(w: _W, gid: str, count: int) -> str | None:
    """The speech model's throughput at the batch a transcription job runs at on this GPU
    (the cost per hour of audio's basis), said beside a one-stream speed; None where that
    batch is 1 or the sizing has no figure."""
    job = w.media_kw(gid, count, job=True)
    batch = job.get("batch_size")
    if not batch or batch <= 1:
        return None
    r = w.size(gpu=gid, gpu_count=count, **job)
    ratio = r.performance.audio_seconds_per_s if r is not None and r.performance else None
    if not ratio:
        return None
    return w.say("audio_batched" if w.transcribes() else "audio_batched_gen",
                 batch=w.n(batch), ratio=w.rate(ratio))


def _media(w: _W) -> None:
    m = w.model
    if m is None:
        return
    gid, named = w.card()
    if w.sub != "memory" and _work_rate(w, gid):
        return
    if _job_deadline(w, gid):  # "can I transcribe 100,000 hours ... by Friday on one L4?"
        return
    if w.sub != "fits" and _media_job(w, gid):
        return
    mk = w.media_kw()  # a speed asked: the batch only when stated
    # sized at the batch stated, as the answer is: its fits_on (the card picked when none is
    # named, the cards listed) hold that batch, not one image ("VRAM for SDXL at batch 8")
    base = w.size(**mk)
    if base is None:
        return
    w.record(base, 0)
    rows = sorted(base.fits_on, key=lambda f: (f.gpu_count, f.gpu_memory_gib))
    if gid is None:
        if not rows:
            w.out.first = w.nofit()
            return
        gid = rows[0].gpu
        count = rows[0].gpu_count
    else:
        count = w.ex.gpu_count or 1
    if m.kind == "audio" and w.sub == "hour" and "batch_size" not in mk:
        # a throughput asked ("hours of audio per hour") with no batch: the batch a
        # transcription job runs at on this GPU, as the cost per hour of audio counts it (one
        # basis; at batch 1 a T4 read 9.6 hours an hour here and 47 in the cost answer, and
        # an A100 slower than a T4)
        mk = w.media_kw(gid, count, job=True)
    r = w.size(gpu=gid, gpu_count=count, **mk)
    if r is None or r.gpu is None:
        return
    w.media_notes(mk)
    if m.kind == "audio" and "batch_size" not in mk:
        # "how fast does it transcribe?": one stream leads, the batched throughput beside it
        w.out.more.insert(0, w.t["media_batch_one"])
        batched = _audio_batched(w, gid, count)
        if batched is not None:
            w.out.more.insert(1, batched)
    setup = named or w.setup(count, gid)
    need = w.gib(r.memory.per_gpu_gib)
    if not r.fits:
        # the sizing names diffusers' CPU offload where a pipeline does not fit whole (its
        # warning, core_fits_offload): not a flat "No", as offload is how small cards run
        # such pipelines; it gives no figure for it, so none is said
        offload = any("enable_model_cpu_offload" in x for x in r.warnings)
        w.out.first = w.say("media_nofit_offload" if offload else "media_nofit", model=m.name,
                            weights=r.weights, need=need, setup=setup, fits=w.fits_text(base))
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB", yes=False)
        return
    p = r.performance
    if m.kind == "audio":
        ratio = p.audio_seconds_per_s if p else None
        if w.sub == "hour" and ratio:
            # seconds of audio per second is hours of audio per hour
            w.out.first = w.say("audio_rate", model=m.name, weights=r.weights, need=need,
                                setup=setup, ratio=w.rate(ratio))
            w.ask("audio_hours_per_hour", ratio, "h/h")
        else:
            w.out.first = w.say("audio", model=m.name, weights=r.weights, need=need,
                                setup=setup, ratio=w.rate(ratio or 0))
            w.ask("audio_seconds_per_s", ratio or 0, "s/s")
    elif m.modality == "video":
        sec = p.seconds_per_image if p else None
        size_ = {"w": mk.get("width") or m.native_width or 1024,
                 "h": mk.get("height") or m.native_height or 1024}
        if count > 1:
            # each GPU runs the whole pipeline (the sizing's replicas): the time is one
            # GPU's per clip, with as many clips at once; one clip is not made faster
            w.out.first = w.say("video_replicas_lead", model=m.name, weights=r.weights,
                                need=need, **size_, sec=w.n(sec or 0, 1),
                                gpu=w.gpu_name(gid), n=w.n(count), setup=setup)
        else:
            w.out.first = w.say("video", model=m.name, weights=r.weights, need=need,
                                **size_, sec=w.n(sec or 0, 1), setup=setup)
        w.ask("seconds_per_clip", sec or 0, "s")
        per_video = _length_clips(w)
        if per_video > 1 and sec and w.sub not in ("memory", "fits"):
            # "how long does a 10-second video take?": the video's clips in all lead
            w.out.more.insert(0, w.out.first)
            w.out.first = w.say("video_length_time", clip=_clip_words(w), n=w.n(per_video),
                                **size_, total=w.n(per_video * sec, 0), sec=w.n(sec, 1),
                                model=m.name, gpu=w.gpu_name(gid))
            w.ask("seconds_per_video", per_video * sec, "s")
        if w.st.clip_seconds:
            _video_length_note(w)
    else:
        sec = p.seconds_per_image if p else None
        width = mk.get("width") or m.native_width or 1024
        height = mk.get("height") or m.native_height or 1024
        common = {"model": m.name, "weights": r.weights, "need": need, "w": width,
                  "h": height, "sec": w.n(sec or 0, 1), "setup": setup,
                  "per_hour": w.n(3600 / sec if sec else 0)}
        if w.sub == "hour" and sec:
            w.out.first = w.say("image_rate_hour", **common)
            w.ask("images_per_hour", 3600 / sec, "images/h")
        elif w.sub == "second" and sec:
            w.out.first = w.say("image_rate_second", ips=w.n(1 / sec, 2), **common)
            w.ask("images_per_s", 1 / sec, "images/s")
        else:
            w.out.first = w.say("image", **common)
            w.ask("seconds_per_image", sec or 0, "s")
    if w.sub == "memory" and w.out.first:
        # "how much VRAM for SDXL at batch 8?": the memory (the first sentence says it) is
        # the number asked
        w.ask("per_gpu_gib", r.memory.per_gpu_gib, "GiB")
    if (w.sub == "fits" and w.out.first and w.out.asked is not None
            and not (w.st.apple and w.ex.gpu is None)):
        # "does HunyuanVideo fit on an H100?": the yes leads (a Mac asked about gets none: the
        # figures are a catalog GPU's, said after the Mac sentence)
        w.out.first = w.say("yes_lead", text=w.out.first)
        w.out.asked = msgspec.structs.replace(w.out.asked, yes=True)
    for x in r.warnings:
        w.core_warn(x)


def _fallback(w: _W) -> None:
    if w.model is not None:
        if w.model.kind == "llm":
            _memory(w)
        else:
            _media(w)


WRITERS: dict[str, Callable[[_W], None]] = {
    "fits": _fits, "memory": _memory, "max_context": _max_context,
    "max_concurrency": _max_concurrency, "speed": _speed, "gpu_count": _gpu_count,
    "compare": _compare, "cost": _cost, "finetune": _finetune,
    "training": lambda w: _train(w, "pretrain" if w.ex.workload == "pretrain" else "finetune"
                                 if w.ex.method else "pretrain"),
    "spot": _spot, "billing": _billing, "storage_egress": _storage,
    "interconnect": _interconnect, "kv_cache": _kv, "media": _media, "precision": _precision,
    "guidance": _fallback,
}



def _weekday_deadline(w: _W) -> str | None:
    """A weekday deadline ("by Friday", "până vineri") as days from the answer's date
    (``w.today``, the date the service answers on) to the end of the next such day (that day a
    week on, when today is it), set as the deadline's hours so it is planned as "in 6 days"
    is; the sentence that says the date and the days, or None where no weekday is the
    deadline (a time stated wins: "in 3 days"), or where there is no job to plan (tokens,
    images, clips, hours of audio, documents, examples, a training run): "by Friday I need a
    cost estimate: how much is ..." asks a price, which no date changes."""
    day = w.st.deadline_weekday
    job = (w.det.tokens or w.st.items or w.st.clips or w.st.documents or w.st.examples
           or w.st.trains or w.ex.workload in ("finetune", "pretrain"))
    if day is None or w.st.deadline_hours is not None or not job:
        return None
    days = (day - w.today.weekday() - 1) % 7 + 1
    w.st = dc_replace(w.st, deadline_hours=days * 24.0)
    return w.say("deadline_weekday_one" if days == 1 else "deadline_weekday",
                 day=w.t[f"weekday_{day}"], date=(w.today + dt.timedelta(days=days)).isoformat(),
                 days=w.n(days))

def compose_numbers(intent: str, sub: str | None, ex: Extracted, det: Details, lang: str,
                    catalog: Catalog, today: dt.date, messages: Messages,
                    model_id: str | None, st: Stated | None = None) -> Written:
    """The first sentence, the supporting numbers and the warnings for ``intent``."""
    w = _W(ex, det, sub, lang, catalog, today, messages, model_id, st)
    w.use_documents()  # "embed 10 million documents": their tokens, as tokens stated are read
    by_weekday = _weekday_deadline(w)
    node_read = _node_gpus(w)  # "on an H100 node": its machine's GPUs, said after the answer
    pieces_read = _music_pieces(w)  # "1000 songs with MusicGen": their hours of audio
    if _beyond_sized(w, intent):
        return w.out
    budget_lead = _budget_not_positive(w)
    WRITERS.get(intent, _fallback)(w)
    if node_read is not None and w.out.first is not None:
        w.out.more.append(node_read)
    if pieces_read is not None and w.out.first is not None:
        w.out.more.insert(0, pieces_read)
    if by_weekday is not None and w.out.first is not None:
        w.out.more.insert(0, by_weekday)  # the date and days the plan was made for
    if w.out.first is None and intent not in ("guidance", "billing", "storage_egress",
                                              "interconnect", "spot", "precision"):
        _fallback(w)
    _context_limit_lead(w)
    if (w.out.first is not None and w.model is not None and not w.generates_tokens()
            and (w.st.max_ttft_ms or w.st.min_tokens_per_s)):
        # a token target on a model that generates none: said once, after the answer
        kind = ("embed" if w.model.kind == "llm" else "audio" if w.model.kind == "audio"
                else "video" if w.model.modality == "video" else "image")
        w.out.more.insert(0, w.say("token_target_na", model=w.model.name,
                                   why=w.t[f"token_target_na_{kind}"]))
    if w.out.first is not None or intent == "cost":
        _lei_note(w)  # an amount in lei or euro is never dropped silently
    if w.out.first is not None and w.st.bare_gpu is not None:
        _variant_note(w, intent)
    if w.out.first is not None and w.st.dot_grouped and lang == "en":
        # "1.000 hours" in English: the dots read as thousands separators, said so
        w.out.more.insert(0, w.say("dot_grouped", raw=w.st.dot_grouped, value=w.n(
            float(w.st.dot_grouped.replace(".", "")))))
    _price_context(w, intent)
    if w.out.first is not None and w.st.apple and w.ex.gpu is None and w.model is not None:
        # "can I run it on a mac?": the catalog sizes no Apple GPU, said first; the model's
        # memory follows, with no yes or no (there is no GPU of the question to give one for)
        w.out.more.insert(0, w.out.first)
        # a media answer gives a speed too, on the catalog GPU it picked: said to be one
        w.out.first = w.t["apple_none_media" if intent == "media" else "apple_none"]
        if w.out.asked is not None:
            w.out.asked = msgspec.structs.replace(w.out.asked, yes=None)
    _yes_no_lead(w)
    _lead_with(w, budget_lead)
    _lead_with(w, _model_unknown(w))
    return w.out


def _lead_with(w: _W, text: str | None) -> None:
    """``text`` first, the answer's first sentence after it."""
    if text is None:
        return
    if w.out.first is not None:
        w.out.more.insert(0, w.out.first)
    w.out.first = text


def _beyond_sized(w: _W, intent: str) -> bool:
    """A GPU count, a user count or a context past what the core sizes (the bounds of the
    API's fields, ``fields.GpuCount``, ``fields.Concurrency``, ``fields.Tokens``, which
    /v1/sizing and /v1/recommendations refuse with a 400): said so, with the bound and where
    it comes from, and no figures. Such a value was dropped, or failed the sizing, and the
    answer was for one GPU, one user or 4,096 tokens: another question than the one asked. A
    context past the model's own limit is a No whatever its size."""
    ex = w.ex
    if ex.gpu_count is not None and ex.gpu_count > _SIZED_GPUS_MAX:
        w.out.first = w.say("gpu_count_over_cap", n=w.n(ex.gpu_count),
                            cap=w.n(_SIZED_GPUS_MAX))
        w.out.follow_up = w.out.first  # a question to ask again
        return True
    if ex.concurrent_requests is not None and ex.concurrent_requests > BATCH_MAX:
        w.out.first = w.say("users_over_cap", n=w.n(ex.concurrent_requests), cap=w.n(BATCH_MAX))
        w.out.follow_up = w.out.first  # a question to ask again
        return True
    ctx = ex.context_tokens
    if ctx is None or ctx <= TOKENS_MAX or w.model is None or w.model.kind != "llm":
        return False
    limit = w.max_ctx()
    if limit and ctx > limit and w.generates_tokens():
        w.out.first = w.say("context_over_limit_only", model=w.model.name, limit=w.n(limit),
                            ctx=w.n(ctx))
        w.ask("max_context_tokens", limit, "tokens", yes=False if intent == "fits" else None)
    else:
        w.out.first = w.say("context_over_cap", ctx=w.n(ctx), cap=w.n(TOKENS_MAX))
        w.out.follow_up = w.out.first
    return True


def _budget_not_positive(w: _W) -> str | None:
    """A budget at or below zero, said back first and not applied: none is within $0 (was read
    as no budget, silently), and a negative one is not valid (was made positive: "-5 dollars
    per hour" was "within your budget of $5.00/h"). The recommendations refuse both
    (``max_usd_per_hour`` > 0); the answer below it is the one without a budget."""
    ro = w.lang == "ro"
    said = [(w.ex.budget_usd_per_hour, "/" + ("oră" if ro else "h")),
            (w.ex.budget_usd_per_month, "/" + ("lună" if ro else "month")),
            (w.st.budget_usd_per_day, "/" + ("zi" if ro else "day")),
            (w.st.budget_usd_total, "")]
    bad = next(((v, per) for v, per in said if v is not None and v <= 0), None)
    if bad is None:
        return None
    w.ex = msgspec.structs.replace(w.ex, **{
        k: None for k in ("budget_usd_per_hour", "budget_usd_per_month")
        if (v := getattr(w.ex, k)) is not None and v <= 0})
    day, total = w.st.budget_usd_per_day, w.st.budget_usd_total
    w.st = dc_replace(w.st, budget_usd_per_day=day if day is None or day > 0 else None,
                      budget_usd_total=total if total is None or total > 0 else None)
    value, per = bad
    return w.say("budget_zero" if value == 0 else "budget_negative",
                 budget=w.usd(value) + per)


def _model_unknown(w: _W) -> str | None:
    """A model named with its size that the catalog does not know ("llama-9.9-999b"), or a
    size no catalog model is near ("a 2000B model"; a size within 25 % of one is sized as
    it, with the assumption said): said so, with the nearest models, never an answer with
    only a guidance passage and no reason."""
    if w.model is not None or w.ex.model is not None:
        return None
    models = w.reg.models
    if w.st.unknown_model is not None:
        name, ids = w.st.unknown_model
        names = [models[i].name for i in ids if i in models]
        return (w.say("model_unknown", name=name, names=", ".join(names)) if names
                else w.say("model_unknown_none", name=name))
    b = w.ex.params_b
    if not b:
        return None
    near = sorted((m for m in models.values() if m.kind == "llm"),
                  key=lambda m: (abs(m.total_params / 1e9 - b), m.id))[:3]
    return w.say("size_unknown", b=w.n(b, 0 if b.is_integer() else 1),
                 names=", ".join(m.name for m in near))


def _yes_no_lead(w: _W) -> None:
    """An answer that carries a yes or no (``asked.yes``) opens with it: "Yes:" or "No:"
    before a first sentence that does not start with one ("is 100 tokens/s possible ...": a
    target met or missed is said after the speed; "at 10 requests/s ... cannot keep up"; a
    limit said first). The writers set no yes or no where the question asks none (a time, a
    price, a count, "which GPU?")."""
    a, first = w.out.asked, w.out.first
    if a is None or a.yes is None or first is None or _leads_yes_no(w, first):
        return
    w.out.first = w.say("yes_lead" if a.yes else "no_lead", text=_decap(w, first))


def _leads_yes_no(w: _W, text: str) -> bool:
    """Whether ``text`` opens with the answer language's Yes or No (the words of its
    ``yes_lead`` / ``no_lead`` messages: "Yes", "No"; "Da", "Nu")."""
    words = (w.t[k].split("{", 1)[0].rstrip(": ") for k in ("yes_lead", "no_lead"))
    return any(text.startswith(x) and not text[len(x):len(x) + 1].isalnum() for x in words)


def _context_limit_lead(w: _W) -> None:
    """An answer sized at a context past the model's own limit (a memory, concurrency or cost
    answer; the fit and speed answers say No themselves) leads with the limit: no engine
    serves such a request (/v1/sizing: runs false; /v1/recommendations: a 400), so its
    figures are for a context nobody can run, said first rather than under Warnings."""
    s, limit = w.out.sizing, w.max_ctx()
    if (w.out.first is None or s is None or not w.generates_tokens() or not limit
            or s.context_tokens <= limit or "max_model_len" in w.out.first):
        return
    w.out.more.insert(0, w.out.first)
    assert w.model is not None
    w.out.first = w.say("context_over_limit_lead", model=w.model.name,
                        limit=w.n(limit), ctx=w.n(s.context_tokens))


def _price_context(w: _W, intent: str) -> None:
    """What a price answer must say about its own basis: the region asked (or that no offer
    is there), a provider named that the catalog does not have, and that prices are never
    forecast."""
    if w.det.region and w.region_used:
        region = w.region_name()
        asked_gpu = w.priced_gpu or w.ex.gpu  # (a name covering several cards: the one led)
        named = asked_gpu if asked_gpu in w.region_missed else None
        if named is not None or (w.out.first is None and w.region_missed):
            gid = named or sorted(w.region_missed)[0]
            if w.out.first is not None and named is not None:
                w.out.more.insert(0, w.out.first)
            w.out.first = w.say("region_none", gpu=w.gpu_name(gid), region=region)
        elif w.out.first is not None:
            w.out.more.insert(0, w.say("region_note", region=region))
    if w.excluded_used and w.out.first is not None:  # "excluding Hyperstack": said back
        w.out.more.insert(0, w.say("excluded_note", providers=", ".join(w.excluded())))
    prices = intent in ("cost", "spot", "billing", "storage_egress", "compare")
    led = w.priced_gpu or w.ex.gpu
    if prices and w.det.provider and led in w.provider_missed:
        # "a B300 on runpod": RunPod lists none, the price quoted is another provider's
        name = next((p.name for p in w.catalog.providers if p.id == w.det.provider),
                    w.det.provider)
        if w.out.first is not None:
            w.out.more.insert(0, w.out.first)
        w.out.first = w.say("provider_none", gpu=w.gpu_name(led), provider=name)
    word = w.st.provider_word
    if prices and word and not w.det.provider:
        known = {p.id: p.id for p in w.catalog.providers}
        known.update({p.name.lower(): p.id for p in w.catalog.providers})
        near = sorted({known[x] for x in difflib.get_close_matches(word, list(known), 3,
                                                                    0.75)})
        if word not in known and (near or w.st.provider_evidence):
            text = w.say("provider_unknown", name=word.capitalize(),
                         near=w.say("provider_near", names=", ".join(near)) if near else "")
            if w.out.first is not None:
                w.out.more.insert(0, w.out.first)
            w.out.first = text
    if w.st.forecast and intent == "cost" and w.out.first is not None:
        w.out.more.insert(0, w.out.first)
        w.out.first = w.t["no_forecast"]


def _variant_note(w: _W, intent: str) -> None:
    """A GPU family named bare ("A100"): which card it was read as, and, when the other
    memory variant holds the model on a different count, that count."""
    assert w.st.bare_gpu is not None
    word, gid, other = w.st.bare_gpu
    if gid not in (w.ex.gpu, *(w.det.gpus or [])) and not (
            intent == "compare" and other in (w.det.gpus or [])):
        return  # (a comparison reads an LLM's bare family as its large card: _compare)
    kw = {"word": word, "gpu": w.gpu_name(gid), "other": w.gpu_name(other)}
    if (w.model is not None and w.model.kind == "llm"
            and intent not in ("finetune", "training")):
        ctx = _ctx(w)
        # the precision the answer priced (else sized) and, where it priced the card read, the
        # count it priced: the counts said are at that precision, named when it is not the
        # one the model is sized at by default (a price at awq-int4 never beside a count at
        # bf16)
        lead = w.out.offers[0] if w.out.offers else None
        weights = lead.weights if lead is not None else (
            w.out.sizing.weights if w.out.sizing is not None else None)
        own = w.size(gpu=gid, input_tokens=ctx, output_tokens=0)
        named = weights is not None and own is not None and weights != own.weights
        card = w.reg.gpus[gid]
        if (weights is not None and own is not None and own.engine in w.reg.engines
                and not w.reg.kernels.supported(own.engine, get_precision(weights), card).ok):
            # weights the card's engine has no kernel for (bf16 on a V100): the counts are
            # said at the nearest precision it runs there (fp16), named, never at bf16
            near = w.reg.kernels.nearest_supported(own.engine, get_precision(weights), card,
                                                   {x.id: x for x in PRECISIONS})
            if near is not None:
                weights, named = near.id, True

        def fewest(g: str) -> int | None:
            for k in (1, 2, 4, 8):
                r = w.size(gpu=g, gpu_count=k, input_tokens=ctx, output_tokens=0,
                           weights=weights)
                if r is not None and r.fits and r.runs is not False:
                    return k
            return None

        n0 = (lead.gpu_count * lead.nodes if lead is not None and lead.gpu == w.gpu_name(gid)
              else fewest(gid))
        n = fewest(other)
        if n is not None and n != n0:
            w.out.more.insert(0, w.say("gpu_variant_fits_at" if named else "gpu_variant_fits",
                                       n0=w.n(n0) if n0 else "?", n=w.n(n), weights=weights,
                                       **kw))
            return
    w.out.more.insert(0, w.say("gpu_variant", **kw))


def unknown_gpu_written(name: str, suggestions: list[str], lang: str, catalog: Catalog,
                        messages: Messages) -> Written:
    """A GPU named that the registry does not know ("H10O"): said so, with the nearest names,
    and no numbers for another GPU."""
    t = messages.section(lang, "answer")
    gpus = catalog.registry.gpus
    names = [gpus[g].name for g in suggestions if g in gpus]
    text = (t["gpu_unknown"].format(name=name, names=", ".join(names)) if names
            else t["gpu_unknown_none"].format(name=name))
    return Written(first=text, follow_up=text)
