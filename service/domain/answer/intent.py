"""What a question asks (its intent) and the entities :mod:`understand` does not read: a
memory size used as a constraint ("a 24 GB card"), every GPU named (a comparison), token
counts, durations, data sizes, providers and regions. Rules over the folded text (lower case,
no diacritics), English and Romanian; every pattern runs in linear time (possessive
quantifiers, no nested repetition)."""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal, cast

import msgspec

from service.domain.answer.understand import (
    IMAGES_AT_ONCE,
    MEMORY_WORD,
    OBJECTIVE,
    OUTPUT_NOUNS,
    TRAINER_SHARDING,
    USER_COUNT,
    Extracted,
    ModelShape,
    OwnPrice,
    RetrievedPrompt,
    TrainingSetup,
    _count_before,
    _find_names,
    _fold,
    _Mention,
    _tables,
    _tokens,
    active_share,
    daily_budget,
    day_sessions,
    engine_stand_in,
    engines_named,
    family_sizes,
    gguf_app,
    gpu_prices,
    input_output_tokens,
    job_budget,
    kv_precision,
    media_rate_asked,
    minus_before,
    model_objectives_masked,
    model_shape,
    models_compared,
    models_weights,
    node_machine,
    nodes_of,
    own_price_read,
    population,
    prompt_tokens,
    prompts_counted_at,
    retrieved_prompt,
    serves_tuned,
    training_examples,
    training_pairs,
    training_setup,
    unknown_model_read,
    user_base,
    user_count,
    weights_left,
    weights_switched,
    without_side_gpus,
)
from service.domain.base import Out
from service.domain.catalog.gpus import GpuReading
from service.domain.catalog.precisions import (
    GGUF_AT_BITS,
    Precision,
    find_precision,
    get_precision,
)
from service.domain.catalog.registry import Registry
from service.domain.fields import BATCH_MAX, RANK_MAX, TOKENS_MAX
from service.domain.recommend.types import MONTH_DAYS
from service.domain.tokens import length_tokens

Intent = Literal[
    "fits", "memory", "max_context", "max_concurrency", "speed", "gpu_count", "compare", "cost",
    "finetune", "training", "spot", "billing", "storage_egress", "interconnect", "kv_cache",
    "media", "precision", "guidance"]
INTENTS: tuple[str, ...] = (
    "fits", "memory", "max_context", "max_concurrency", "speed", "gpu_count", "compare", "cost",
    "finetune", "training", "spot", "billing", "storage_egress", "interconnect", "kv_cache",
    "media", "precision", "regions", "guidance")


class Details(Out, frozen=True, kw_only=True):
    """Entities beyond :class:`~service.domain.answer.understand.Extracted`; each only when the
    question states it."""

    gpus: Annotated[list[str] | None, msgspec.Meta(
        description="every GPU named (registry ids), in order, when more than one is (a "
                    "comparison); null otherwise")] = None
    """Every GPU named, in order, when more than one is (a comparison)."""
    memory_gib: Annotated[float | None, msgspec.Meta(
        description="a card's memory stated as a constraint ('a 24 GB card'), the number "
                    "as said (GB and GiB are not told apart); null where none is")] = None
    """A card's memory stated as a constraint ("a 24 GB card", "o placă de 24 GB")."""
    tokens: Annotated[int | None, msgspec.Meta(
        description="a token count stated for a job or a month ('1B tokens'), in tokens; "
                    "null where none is")] = None
    """A token count for a job or a month ("100 de milioane de tokeni", "1B tokens")."""
    duration_hours: Annotated[float | None, msgspec.Meta(
        description="a job's length stated ('a 3-day job'), in hours; null where none is")] = None
    """A job's length ("a 3-day job", "10 ore")."""
    data_gb: Annotated[float | None, msgspec.Meta(
        description="a data amount stated (storage or egress), in GB (decimal; TB x "
                    "1,000); null where none is")] = None
    """A data amount (storage or egress), in GB ("5 TB", "500 GB")."""
    provider: Annotated[str | None, msgspec.Meta(
        description="a provider named (its catalog id); null where none is")] = None
    """A provider id of the catalog."""
    region: Annotated[str | None, msgspec.Meta(
        description="a place named: a continent or a two-letter country code; null where "
                    "none is")] = None
    """A place: a continent or a two-letter country code."""
    regions: Annotated[list[str] | None, msgspec.Meta(
        description="every place named one after another ('in Germany or France', 'in the "
                    "EU and in the US'), in order, when more than one is; null "
                    "otherwise")] = None
    """Every place named one after another, when more than one is (:func:`places_named`)."""
    regions_each: Annotated[bool, msgspec.Meta(
        description="the places named are each asked ('in the EU and in the US', 'EU vs "
                    "US'), each answered on its own; false where any of them will do ('in "
                    "Germany or France')")] = False
    """The places of :attr:`regions` are each asked, not either of them."""
    regions_excluded: Annotated[list[str] | None, msgspec.Meta(
        description="places left out ('in Europe but not in the EU', 'outside the EU'), "
                    "as the region filter reads them; null where none is")] = None
    """Places left out (:func:`places_left_out`)."""
    users: Annotated[int | None, msgspec.Meta(
        description="people or requests at the same time, said without a noun the "
                    "extraction knows ('300 will use it at the same time'); null where "
                    "none is")] = None
    """People or requests at the same time, said without a noun the extraction knows ("300
    will use it at the same time", "300 simultan")."""
    sub: Annotated[str | None, msgspec.Meta(
        description="what exactly is asked within the intent: ttft, throughput or tps "
                    "(speed); hour, month, job or million (cost); storage or egress; "
                    "memory (a media model's memory); time (a job's length); per_gpu "
                    "(each GPU's memory); need (a GPU count to check); null where the "
                    "intent says it all")] = None
    """What exactly is asked within the intent: ``ttft`` / ``throughput`` / ``tps`` (speed),
    ``hour`` / ``month`` / ``job`` / ``million`` (cost), ``storage`` / ``egress``, ``memory``
    (an image, video or speech model's memory asked), ``time`` (a job's length asked: media,
    training), ``per_gpu`` (memory: each GPU's),
    ``need`` (fits: "do I need 2 GPUs", a count stated to check)."""


@dataclass(frozen=True)
class Stated:
    """What the question states that only the answer's writing reads (not part of the
    response): amounts tied to storage or egress, a job's images or hours of audio, lei, a
    precision asked about, a daily budget."""

    shape: ModelShape = field(default_factory=ModelShape)
    """The layout stated for a model given only by its size ("a 30B MoE with 3B active", "48
    layers, 8 KV heads, head dim 128"; :func:`~service.domain.answer.understand.model_shape`):
    the bare size's stand-in takes it (numbers/context.stand_in_architecture)."""
    storage_gb: float | None = None
    """A data amount the text ties to storage ("500GB storage", "1 TB stocare", "a 2 TB
    disk"), in GB."""
    storage_added: bool = False
    """Whether :attr:`storage_gb` is data kept beside the model ("plus 500 GB of datasets",
    "and 1 TB of checkpoints", "cu 500 GB de date"), added to the disk of its weights, not
    the whole volume ("500 GB of storage")."""
    object_storage: bool = False
    """Object storage named as where the data is kept ("on AWS S3", "in a GCS bucket",
    "object storage", "10 TB of datasets", "arhive", "stocare de obiecte"): a storage amount
    asked alone is priced at the provider's object-storage rate
    (``Provider.object_storage_usd_per_gb_month``), not its block-disk rate (buyer audit 31b
    #5: S3 priced at the EBS rate)."""
    storage_included: bool = False
    """Storage added to a training job's cost asked ("including storage of checkpoints",
    "inclusiv stocarea checkpoint-urilor"): the job's total is split into compute and
    storage (buyer audit 31b #4)."""
    stopped_storage: bool = False
    """A volume priced while its machine is stopped ("a stopped RunPod pod with a 500 GB
    volume", "un pod RunPod oprit cu un volum de 500 GB"): priced at the provider's
    stopped-machine rate (``Provider.stopped_storage_usd_per_gb_month``) where it has one
    (buyer audit 31b #6)."""
    egress_gb: float | None = None
    """A data amount the text ties to egress ("2TB egress", "500 GB trafic de ieșire"), in
    GB."""
    egress_times: int | None = None
    """How many times the egress amount stated is sent out ("download the 16GB weights 10
    times", "descărcăm cei 16 GB de 10 ori"): :attr:`egress_gb` is already the amount times
    this, the answer says so (buyer audit 24a #11: it was priced once, "adds nothing", where
    10 x 16 GB is 160 GB, 60 GB past AWS's free 100 GB)."""
    egress_once: bool = False
    """Data moved out once ("move 200 GB of weights out of GCP", "să mut 200 GB din GCP"):
    a one-off amount, priced as one month's egress and never said to be monthly; false
    where a period is stated ("2 TB of egress a month")."""
    items: float | None = None
    """A number of images or of hours of audio a job makes ("10000 de imagini", "500 hours of
    audio"): images for an image model, hours for a speech model (a fraction where the writer
    makes them of songs or clips of a music model: 100 clips of 30 s are 0.83 hours)."""
    lei: float | None = None
    """An amount stated in lei (RON); 0 when prices are asked in lei without an amount. The
    catalog's prices are in USD and it holds no exchange rate, so it is never converted."""
    precision: str | None = None
    """A precision named in a question about a GPU's hardware support ("bf16 on a V100")."""
    budget_usd_per_day: float | None = None
    """A daily budget ("$50/day"): the recommendation reads it as a month of 30 such days."""
    hours_per_day: float | None = None
    """Hours of use a day ("8 hours a day", "6 ore pe zi", "9am to 5pm", "între 9 și 17");
    None: around the clock."""
    use_share_pct: float | None = None
    """A share of the time stated as the use ("30% of the time", "at 40% utilization", "30%
    din timp", "utilizare de 40%"), in percent: :attr:`hours_per_day` is that share of 24 h,
    and the answer says what keeping it allocated all month costs instead."""
    days_per_month: float | None = None
    """Days of use a month ("22 days a month", "22 de zile pe lună"), or the share of a
    30-day month that :attr:`days_per_week` is (30 × 5/7 ≈ 21.4 for weekdays); None: every
    day."""
    days_per_week: float | None = None
    """Days of use a week ("weekdays", "Monday to Friday", "în zilele lucrătoare": 5;
    "weekends": 2; "3 days a week"), when no days a month are stated: the answer says the
    month it makes of them."""
    period_hours: tuple[float, str, int] | None = None
    """Hours of use stated per week or per month ("2 hours a week", "10 hours a month", "20 de
    ore pe săptămână", "10 ore pe lună"): (hours, "week" | "month", days they are read on),
    read as those hours on the fewest days that hold them (one day up to 24 h: a session a
    day billed once), so that :attr:`hours_per_day` x :attr:`days_per_month` is the month
    they make (a week is 30/7 of a month's weeks); the answer says the reading (audit
    buyer31b #1: dropped, the month priced at 24 h/day, 55x the hours stated)."""
    job_runs: tuple[float, str] | None = None
    """How often a job runs ("every week", "twice a week", "daily", "de două ori pe
    săptămână"): (runs, "day" | "week" | "month"); a job's cost is then a month of runs."""
    runs_period_only: bool = False
    """The day, week or year a cost reads as asked is said only as a job's schedule ("I run
    the job every week. Cost?", "once a day"): the run's cost leads, not that period's
    ("daily cost", "per day", "a week" said apart from the runs ask it)."""
    runs_cost_period: str | None = None
    """The day, week or year whose cost is asked of a job on a schedule
    (:attr:`job_runs`), whatever the sub ("how long does the daily 1B-token batch take, and
    what does it cost per day?": the time leads, the day's runs follow it); None where none
    is asked apart from the runs."""
    cost_asked: bool = False
    """The question asks what something costs ("how much does it cost", "what would it cost",
    "cât costă", "cât ar costa"), not only which is cheapest: a price leads the answer."""
    month_priced: bool = False
    """A month's price is asked ("monthly cost", "cost per month", "cât costă pe lună";
    ``_month_priced``): two GPUs compared with no load stated are then each priced a month as
    the cost answer prices that GPU alone (numbers/write._each_priced)."""
    price_asked: bool = False
    """A price is asked beside another figure ("how many H200 ..., and what does it cost per
    month?", "what's the monthly cost", "the monthly bill", "and per month?", "cât costă pe
    lună", "cât plătim lunar", "and the price?"; a load per month is none): a count answer
    adds the month of its setup."""
    month_first: bool = False
    """A month's price is asked before a count ("monthly cost and how many h100s ...?", "cât
    costă pe lună și câte H100 ...?"; :func:`_month_first`): the count answer's month is the
    number asked, as the first asked (it was the count, asked second; audit rateprec23)."""
    providers_named: tuple[str, ...] = ()
    """Every catalog provider the question names, in the order written ("runpod vs lambda":
    ("runpod", "lambda"); :func:`providers_named`, set by compose where the catalog's
    providers are known): two or more ask for their prices side by side."""
    data_moved: bool = False
    """Data moved from one named provider to another ("from AWS to GCP", "din AWS pe
    RunPod"; :func:`moved_between`, set by compose): one move, its egress billed where it
    leaves, not the two providers' prices compared."""
    money_asked: bool = False
    """A word for money is in the question ("which is cheaper per run", "cost", "$"): a
    comparison's number asked is its cost, not its speed."""
    million_asked: bool = False
    """A price per 1M tokens is asked ("cost per 1M tokens", "$/1M", "la 1M de tokeni", with a
    word for money): precisions weighed with a speed asked beside it are each priced per 1M
    output tokens too (numbers/write._each_speed; audit buyer24b #4)."""
    cheapest_asked: bool = False
    """The cheapest way or option is asked ("cheapest option?", "the cheapest way to serve",
    "cel mai ieftin mod"), not the cheapest card ("cheapest GPU", "GPU-ul cel mai ieftin":
    which card): a speed or latency target's answer gives its price as the number asked."""
    best_asked: bool = False
    """The best is asked ("the best LLM setup", "cel mai bun LLM"): an answer that ranks by
    another measure (the largest model a budget runs) says how it read "best"."""
    on_demand: bool = False
    """The on-demand price is asked ("on demand", "la cerere")."""
    purchase_asked: bool = False
    """Buying a GPU is asked ("how many A100s can I buy", "purchase", "să cumpăr"): the
    service prices rental, so a budget count says so before what the amount rents (audit
    regress13 #9: a purchase read silently as a month's rental)."""
    one_card: bool = False
    """One card named as such ("one L40S", "a single L40S", "un singur L40S", "o singură
    placă"): its own price is the answer, no larger machine's price per GPU beside it."""
    clip_seconds: float | None = None
    """A video's length in seconds ("a 5 second video", "a 10-second 720p video", "1 minute
    of video", "un clip de 5 secunde", "un minut de video")."""
    clip_frames: int | None = None
    """A video clip's frames stated ("81 frames", "a 129-frame clip", "81 de cadre"): a video
    model is sized at them, as /v1/sizing's ``num_frames``."""
    clip_fps: float | None = None
    """A video's frame rate stated ("at 24 fps", "24 frames per second", "24 de cadre pe
    secundă"): with :attr:`clip_seconds`, the frames a video model is sized at (seconds ×
    fps + 1); without it, the model's own (its catalog notes')."""
    video_height_px: int | None = None
    """A video's height written as "480p", "544p", "720p", "1080p": the writer picks the
    width (the model's own size at that height, else 16:9 at the model's latent multiple)."""
    eur: float | None = None
    """An amount stated in euro; 0 when euro is named without an amount ("sub 1 euro pe oră"
    gives 1). Like lei, never converted: the catalog holds no exchange rate."""
    duration_months: float | None = None
    """A length of use stated in months or years ("for 3 months", "timp de 3 luni", "2 years":
    24), as :func:`months_hours` makes it hours: storage over it is that many of the
    provider's monthly price (audit ask_ro #12: 3 months of 720 h on a 730-hour month's price
    was 355.07 USD, not 3 x 120)."""
    other_currency: tuple[str, float] | None = None
    """Another currency named, as (its ISO 4217 code, the amount; 0 when none is stated):
    pounds ("£50", "in GBP", "50 de lire sterline") or Swiss francs ("in CHF"). Like lei and
    euro, never converted (audit ask_ro #9: the answer in USD said nothing)."""
    min_memory_gb: float | None = None
    """A card's memory stated as a floor ("at least 48 GB", "minimum 48 GB", "48 GB or
    more", "cel puțin 48 GB")."""
    memory_above_gb: float | None = None
    """A card's memory stated as a strict floor ("more than 80 GB", "over 80 GB", "> 80 GB",
    "peste 80 GB", "mai mult de 80 GB"): a card of exactly that memory is not above it.
    Never data ("over 500 GB of data"). Read by the regions answer (numbers/regions.py)."""
    output_tokens: int | None = None
    """Output tokens of one request ("256 output tokens", "256 de tokeni de ieșire", "1k in
    1k out", "1k/2k in/out")."""
    retrieved: RetrievedPrompt | None = None
    """A prompt stated as retrieved pieces and a question ("10 retrieved chunks of 512 tokens
    and a 200-token question": ``understand.retrieved_prompt``), the sum in ``prompt_tokens``;
    the answer says how it was counted."""
    prompt_tokens: int | None = None
    """Input tokens of one request stated as an input or a prompt ("1k in 1k out", "4000
    input tokens", "a 4000-token prompt"): the request is this plus its output. A length
    stated as a context ("8k context") is prompt plus output (the API's ``context_tokens``)."""
    vague_length: str | None = None
    """A request length said in words and no number ("short chat prompts", "long documents",
    "prompturi scurte de chat", "documente lungi"), as written: never read as a length (no
    figure is invented for "short"), the answer says the default it sized at
    (write._vague_length_note; audit buyer17b #9)."""
    kv_cache: str | None = None
    """The KV cache's precision ("fp8 kv cache", "cache KV în fp8"): sizing's ``kv_cache``;
    None: the sizing's default (fp16)."""
    weights_left: str | None = None
    """The weights' precision a switch leaves ("fp8 instead of bf16", "switching from bf16 to
    fp8", "de la bf16 la fp8": bf16; ``understand.weights_left``), the one taken being the
    ``Extracted.weights`` sized: the speed answer says the one left's figure after it."""
    bare_gpu: tuple[str, str, str] | None = None
    """A GPU family named bare ("A100", "V100") that the registry reads as its smaller-memory
    variant, or a name of two cards read as the one rented under it ("RTX 6000": the RTX 6000
    Ada, also the Quadro RTX 6000; :attr:`gpu_read`): (the word as written, the card read,
    the other card)."""
    bare_priced: tuple[tuple[str, int, float | None, str, str, str], ...] | None = None
    """Set where a price, a count or a setup weighed every memory variant of the family named
    bare (catalog/gpus.toml ``[[family]]``: "which A100 setup") and :attr:`bare_gpu`'s card
    is the one that meets the request cheapest: its cheapest setup that meets it, then each
    other variant's, cheapest first, as (GPU id, GPUs, $ per hour, provider, pricing model,
    weights) (a count of 0: none of it does); None where the name was read as one card."""
    gpu_read: tuple[str, str] | None = None
    """The first GPU named by a name of more than one product that the registry reads as the
    card rented under it (catalog/gpus.toml ``[[reading]]``: "RTX 6000", "MI300"): (the
    reading's own spelling, the reading's id). Each answer that uses the card says so."""
    gpu_variants: tuple[str, ...] = ()
    """The cards a GPU name with a memory size but no form factor stands for ("A100 80GB": the
    A100 PCIe 80GB and the A100 SXM4 80GB), sorted, as ``GET /v1/offers?gpu=`` matches them
    (:meth:`Registry.gpu_family`); empty when the name is one card's."""
    gpu_family: tuple[str, ...] = ()
    """The cards a GPU family named without a memory size stands for ("A100": the four A100s;
    "H100": the NVL, PCIe and SXM cards; "RTX 6000": the Quadro and the Ada), sorted, as
    ``GET /v1/offers?gpu=`` and the recommendations' ``gpus`` match them; empty when the name
    is one card's or carries a memory size (:attr:`gpu_variants`). A price asked at a provider
    or in a region reads the name so (the alias's one card can be missing or suspect there
    while another card of the family is offered); a memory or fit question reads the alias's
    card (:attr:`bare_gpu`)."""
    gpu_counts: tuple[tuple[str, int], ...] = ()
    """Each GPU of a comparison with the count written next to it ("2 x H100 or one H200":
    (h100-sxm, 2), (h200-sxm, 1)), in the question's order; empty when fewer than two GPUs
    are named or no count is."""
    counts_weighed: tuple[int, ...] = ()
    """Two or more counts of the one GPU named, each written before a mention of it ("1 A100
    80GB vs 4 A100 80GB", "1 A100 80GB sau 4 A100 80GB"), in the question's order and each
    once: a fine-tuning job is then timed and priced on each count (numbers/write
    ._each_count; buyer audit 28 #C: the first count alone); empty otherwise."""
    models: tuple[str, ...] = ()
    """The models of a comparison of models ("Qwen3-30B-A3B vs Mixtral 8x7B on an H100",
    "llama 3.1 8b or qwen2.5 7b on a 4090"), registry ids in the question's order
    (:func:`~service.domain.answer.understand.models_compared`); empty when fewer than two
    are named as alternatives. The extraction reads no model from them."""
    models_together: bool = False
    """The :attr:`models` run together on one GPU ("Llama 3.1 8B and bge-m3 on the same L4
    for RAG", "fit together on one 24 GB GPU", "împreună", "pe același L4"): their memory
    summed against the GPU's (numbers/write._models_together; audit 30a #10)."""
    models_weights: tuple[str | None, ...] = ()
    """The precision written right beside each of :attr:`models` ("gpt-oss-120b vs Llama 3.3
    70B fp8": None, fp8), in its order (:func:`~service.domain.answer.understand.
    models_weights`): each model is sized at its own, a model with none at its default, never
    at another model's (audit buyer24b #6). Empty where none is written beside a model."""
    max_ttft_ms: float | None = None
    """A time to first token asked as a limit ("TTFT under 1s", "TTFT sub 1 s"), in ms."""
    ttft_named: bool = False
    """The time to the first token is named ("TTFT", "time to first token", "primul token";
    :data:`_TTFT_NAMED`, not a bare "latency"): a comparison gives it for each side with
    their ratio (buyer audit 27c #5: "tokens per second and TTFT" gave tokens/s alone)."""
    latency_as_ttft: bool = False
    """:attr:`max_ttft_ms` was read from a bare latency limit ("p99 latency under 300 ms",
    "latența sub 300 ms"; no TTFT or TPOT named): the answer says once that latency is read
    as the time to first token (numbers/write.py; audit targetsor22 #2)."""
    tpot_ms: float | None = None
    """A time per output token asked as a limit ("TPOT under 25 ms", "inter-token latency
    below 30 ms", "ITL < 50ms", "25 ms per token", "latency per token under 30 ms", "TPOT sub
    30 ms", "latență între tokeni sub 30 ms"), in ms: read as each user's decode speed of
    1000 / ms tokens/s (:attr:`min_tokens_per_s`, :attr:`tps_each`) where no tokens/s target
    is stated, and said back in its own terms where the answer states the target
    (``_W.targets_said``)."""
    region_word: str | None = None
    """The region as the question writes it ("Europe", "Europa", "us-east"), said back in the
    answer next to the offers it filters."""
    reserved: bool = False
    """A reserved or committed price is asked ("reserved for 1 year", "rezervat")."""
    interruptible: bool = False
    """The question says the work may be interrupted (spot, preemptible, batch, offline, a
    job that checkpoints): only then may a spot price lead. A spot negated ("not on spot",
    "fără spot": _NO_SPOT) or the work said not to be interruptible ("the job cannot be
    interrupted", "nu poate fi întrerupt": ``no_spot``) is none: on-demand."""
    no_spot: bool = False
    """Spot ruled out in so many words: "no spot", "fără spot", "the job cannot be
    interrupted", "must not be interrupted", "nu poate fi întrerupt", "can't be restarted":
    on-demand only, as the API's ``interruptible=false`` (no spot alternative either; the
    answer says spot does not suit the job)."""
    spot_said: bool = False
    """Spot (or preemptible, interruptible capacity, or checkpoints) named, not merely
    "batch" or "offline": a job with a count ("200M tokens", "100,000 images") is batch work
    whatever the word, so only this lets its spot price lead (``interruptible`` keeps
    "batch" for the answers without a count)."""
    trains: bool = False
    """The question says training ("train", "antrenez", "pre-antrenez"), whether or not the
    extraction reads a workload from it: a spot question with training tokens and a deadline
    is then the spot deadline plan, the job read as the training answer reads it."""
    tuned_before: bool = False
    """Training or fine-tuning is said only as the model's past ("our fine-tuned Whisper",
    "the pre-trained checkpoint", "after fine-tuning, it will transcribe": TRAINED_BEFORE),
    none asked: the extraction's workload may still read a fine-tune from the participle, so
    an audio model's is answered as inference, not refused (audit regress11 #6)."""
    forecast: bool = False
    """A future price is asked ("next year", "anul viitor"): never forecast."""
    bandwidth: bool = False
    """A GPU's memory bandwidth is asked ("memory bandwidth", "lățime de bandă")."""
    provider_word: str | None = None
    """A provider named after "at"/"on"/"la"/"pe" that may not be in the catalog ("at
    Hetzner"): the writer says so when the catalog has no such provider."""
    dot_grouped: str | None = None
    """A number written with dots between groups of three ("1.000", "1.000.000") as the
    question writes it: read as thousands (Romanian grouping; see understand._GROUPED), which
    an English answer says."""
    users_range: tuple[int, int] | None = None
    """A range of users ("1-2 users", "1 -2 users", "1 to 2 users", "1-2 utilizatori"): the
    answer is sized for its top, as the users read say, and says so (audit regress8: "1-2"
    was sized for 2 with no word of it)."""
    clips: int | None = None
    """A video job's clips ("100 videos", "100 de clipuri")."""
    one_item: bool = False
    """One image or video said with a word for one ("a 1024x1024 image", "one 5 second video",
    "o imagine", "un videoclip de 5 secunde"): a count of 1 where its cost is asked, as "1
    image" is (a time asked keeps the seconds per image; "a video model" is no video)."""
    requests: int | None = None
    """A count of requests to an LLM that is no rate ("1000 requests", "1000 de cereri"; "1000
    requests per day" is ``request_rate_per_s``): a job of that many requests."""
    image_width_px: int | None = None
    """An image's width stated with its height ("512x512", "512×512", "1024 x 768"): width
    first, as diffusers' pipelines take ``width``/``height``."""
    image_height_px: int | None = None
    """The height of the size stated with ``image_width_px``."""
    diffusion_steps: int | None = None
    """Denoising steps stated for an image or video model ("30 steps", "la 30 de pași")."""
    refiner: bool = False
    """The SDXL refiner is named ("sdxl + refiner", "cu refiner"): the media answers count its
    UNet beside the base's."""
    per_gpu_asked: bool = False
    """A figure asked per GPU ("throughput per GPU", "tokens/s per card", "pe GPU", "per
    chip"): the speed answer divides the setup's total by its GPUs and says that first."""
    active_share: tuple[int, int, float | None] | None = None
    """A user count and the share of it active at once said after it ("300 users, 10% active
    at once", "300 users, 30 active at once", "300 de utilizatori, dintre care 30 activi
    simultan"): the users, the users at once (the load sized: ``Extracted.concurrent_requests``)
    and the percentage (None where a count at once is said), said in the answer
    (``understand.active_share``)."""
    user_base: tuple[int, str] | None = None
    """People who may use a language model counted over all time, a month or a day, or a
    team ("200 registered users", "5000 monthly active users", "20,000 users a day", "a team
    of 50 people", "200 de utilizatori înregistrați", "20.000 de utilizatori pe zi"), with how
    they are counted (``understand.USER_BASE_KINDS``): no load at once, which depends on how
    many requests each makes and when. The answer says so first, sizes the worst case of all
    of them at once (an upper bound) and asks for the peak of concurrent users (audit ask_ro
    #3: the day's count was answered as one user, unsaid; buyer audit: "200 registered
    users" was dropped and one request sized)."""
    images_per_request: int | None = None
    """Images in each request to a vision-language model ("4 images per request", "4 imagini
    per cerere"): sizing's ``images_per_request`` (Llama 3.2 Vision caches each image's
    cross-attention KV)."""
    tokens_in_out: bool = False
    """A token amount stated as input and output together ("1M tokens input + output",
    "intrare și ieșire"): the per-1M answer splits it as its requests do (audit buyer20: it
    was priced as that many output tokens)."""
    day_also: bool = False
    """A day's price asked beside a month's ("per hour, per day and per month", "pe oră, pe zi
    și pe lună"): the month's answer says the day's total too (audit buyer20: it was left
    out)."""
    hour_first: bool = False
    """With :attr:`day_also`, the hour's price asked before the day's and the month's ("per
    hour, per day and per month", "pe oră, pe zi și pe lună"): a GPU's price leads with the
    hour, as asked (audit buyer21 #7: the month led)."""
    checkpoint_minutes: float | None = None
    """Minutes between checkpoints ("checkpoints every 30 minutes", "checkpoint la fiecare
    30 de minute"): the spot restart overhead's lost work, never the job's length."""
    restarts_asked: bool = False
    """The number of spot restarts (interruptions) asked ("cost and expected restarts?", "how
    many interruptions", "câte reporniri"): the answer gives it (buyer audit 24a #11: only
    "5.8% more time for the expected restarts" was said)."""
    sessions_per_day: int | None = None
    """Separate runs a day ("10 times a day", "de 10 ori pe zi"; one for a run "every night",
    "în fiecare noapte"): each is billed on its own (a billing granularity and a minimum
    charge apply per run)."""
    run_hours: float | None = None
    """The length of one run of a schedule of runs ("a 2-hour job every night", "20 minutes,
    6 times a day", "a 6-hour job every weekend day"), in hours: ``hours_per_day`` is then
    that many runs of it (:func:`_scheduled_runs`)."""
    gpu_hours: float | None = None
    """GPU-hours stated as an amount ("300 GPU hours", "300 GPU-hours", "300 H100 hours"):
    a length of use of one GPU (:attr:`Details.duration_hours`), never a count of GPUs
    (audit cost #5: 300 × H100, $278,640/month, for 300 GPU hours, $387 in all)."""
    instance_types: tuple[str, ...] = ()
    """Cloud instance types named ("g5.xlarge", "p4d.24xlarge", "a2-highgpu-1g",
    "BM.GPU.H100.8", "Standard_NC24ads_A100_v4"), lowercased: the offer a billing question
    prices its runs on (matched against the catalog's ``instance_type``)."""
    cloud_asked: bool = False
    """Which cloud or provider to use is asked ("which cloud for ...", "ce cloud să aleg"):
    the answer lists only what providers rent (set by compose, :func:`cloud_asked`)."""
    instances: tuple[str, ...] = ()
    """The catalog's instance types and offer ids named, lowercased, in the order written
    (``understand.instances_named``, read from the offers' own names: "p5.48xlarge",
    "a3-highgpu-8g", "gpu_1x_h100_sxm5"); set by compose, where the catalog is."""
    instances_unknown: tuple[str, ...] = ()
    """Words shaped like a provider's instance types that no offer of the catalog has
    ("p9.99xlarge"): said unknown, never priced as another (set by compose)."""
    office_hours: bool = False
    """Office or business hours said ("during office hours", "în program de birou"): read as
    9:00 to 17:00, Monday to Friday (the traditional "9 to 5" business hours: Wikipedia,
    "Business hours"), and said so in the answer."""
    per_gb: bool = False
    """A price per GB is asked ("egress per GB", "stocare pe GB"): the catalog's rate, with
    no amount of data needed."""
    provider_evidence: bool = False
    """Whether ``provider_word`` reads as a provider: written with a capital ("at Hetzner")
    or next to a word for one ("provider", "furnizor", "cloud"); an ordinary word after a
    preposition ("la ieșire", "pe secundă") is none. Without it only a near match of a
    catalog provider's name counts (a typo: "at lamda")."""
    request_rate_per_s: float | None = None
    """A request rate, the load a deployment carries ("50 requests/s", "2 million requests
    per day", "50 de cereri pe secundă"), per second: a load, never per-second billing."""
    work_rate: tuple[str, float, float, str] | None = None
    """A rate of work an image, video, speech or embedding deployment carries ("50,000
    images per day", "100 de imagini pe minut", "5000 documents per second", "500 hours of
    audio per day"): (what: images | videos | inputs | audio_s, per second, the count as
    written, the period as written: second | minute | hour | day | month). Audio is in
    seconds of audio per second, its count as written in hours. A day is the hours a day
    stated, else 24 h; a month is the days a month stated, else 30, of such days (the
    recommendations' usage convention). A load, never a one-off job's size."""
    live_streams: int | None = None
    """Live audio streams at once ("100 concurrent live streams", "100 calls at once", "100 de
    fluxuri audio live simultane"; :data:`_STREAMS`): for a speech-to-text model each brings
    one second of audio a second, a load of that many seconds of audio per second
    (jobs._work_rate); an LLM's are requests in flight (Details.users)."""
    min_tokens_per_s: float | None = None
    """A generation speed asked for each user ("100 tokens/s per user", "100 de tokeni/s"):
    the recommendation's ``min_decode_tokens_per_s``."""
    per_thousand_tokens: bool = False
    """The price of a thousand tokens is asked ("cost per 1k tokens", "cât costă 1.000 de
    tokeni"): the cost per 1M tokens answers, its per-1,000 share said after it."""
    throughput_tokens_per_s: float | None = None
    """A token rate asked as a load in total, with a cost asked and no user or "each" ("what
    does 2000 tokens per second cost per month"): the recommendation's
    ``target_output_tokens_per_s``; never each user's speed (:attr:`min_tokens_per_s`)."""
    throughput_volume: tuple[float, str, float, float] | None = None
    """A count of GPUs asked for tokens at a rate a day, a week or a month ("How many H100 for
    1 billion tokens per day?", "Câte H100 pentru 500 de milioane de tokeni pe zi?"): (the
    tokens as written, "day" | "week" | "month", hours of use a day, days of the period), read as
    :attr:`throughput_tokens_per_s`, their average over those hours (audit 31a #1: the volume
    was dropped, 1 x H100 from memory alone where the recommendations want 36)."""
    memory_each_user: bool = False
    """The memory of each user or request is asked ("VRAM per user", "per concurrent user",
    "per request", "for each extra user", "memorie pe utilizator"): the KV cache one sequence
    adds at the context, not the model's total (audit ask_en2 #7: 136.4 GiB was said for 70B
    at 8k, where each user adds 2.5 GiB)."""
    tps_each: bool = False
    """The speed asked (:attr:`min_tokens_per_s`) is said to be each user's ("per user",
    "each", "fiecare") or with users or sessions named: never read as a total, however fast
    (speed._speed_target reads a rate past any single request's as the setup's total)."""
    epochs: int | None = None
    """Passes over the training tokens ("3 epochs", "3 epoci"): they multiply them."""
    examples: tuple[int, int | None] | None = None
    """A training set stated as examples ("10k examples of 1000 tokens", "10.000 de
    eșantioane"): (examples, tokens of one, None where not stated); the training answers read
    it as tokens when no tokens are stated (``understand.training_examples``)."""
    memory_asked: bool = False
    """The question names GPU memory ("memory and time", "VRAM", "memoria"): a training
    answer whose GPUs asked do not hold the run keeps that memory first, not the time on
    more of them."""
    memory_first: bool = False
    """GPU memory asked before a job's time ("how much VRAM and how long", "câtă VRAM și cât
    durează"): a training answer leads with the memory, its time right after (audit buyer20
    #5: the time led)."""
    pairs: tuple[int, int | None] | None = None
    """A preference set stated as pairs ("20k pairs", "20.000 de perechi"): (pairs, tokens of
    one sequence, None where not stated); each pair is two sequences (chosen and rejected),
    read as examples are where no tokens or examples are stated
    (``understand.training_pairs``, ``_W.use_examples``)."""
    text_bytes: float | None = None
    """A training set stated as its size in bytes of text ("1 GB of text", "500 MB de text",
    "a 10 GB corpus"): the training answers read it as tokens when no tokens or examples are
    stated (``_W.use_examples``, at :data:`BYTES_PER_TOKEN`)."""
    documents: tuple[int, int | None] | None = None
    """An embedding job stated as documents ("embed 10 million documents", "10 milioane de
    documente de 300 de tokeni"): (documents, tokens of one, None where not stated); the
    embedding answers read it as tokens when no tokens are stated. A rate of documents ("5000
    documents per second") is ``work_rate``, never this."""
    nodes_asked: bool = False
    """The question asks for nodes ("how many nodes", "câte noduri"), not GPUs."""
    deadline_hours: float | None = None
    """A time a job must finish within ("in 30 days", "în 30 de zile", "within 2 weeks"),
    in hours."""
    jobs_at_once: int | None = None
    """Training jobs run side by side ("8 concurrent LoRA jobs", "8 parallel fine-tuning
    runs", "8 joburi simultane"): the GPUs for all of them are counted (audit regress5 #10:
    one job's count, 1, answered 8 jobs)."""
    deadline_weekday: int | None = None
    """A weekday a job must finish by ("by Friday", "până vineri"), Monday 0 (as
    ``datetime.date.weekday``): the writer counts its days from the answer's date, which the
    reading here does not know."""
    time_asked: bool = False
    """A job's wall-clock time asked, alone or beside its cost ("how long and what cost?",
    "cât durează și cât costă?"): a job answer leads with it (audit batch B7)."""
    deadline_tomorrow: bool = False
    """A job must finish "by tomorrow" ("până mâine"): the writer counts it as a weekday
    deadline of tomorrow, one day (24 hours) from the answer's date (audit batch B1)."""
    days_asked: bool = False
    """A length asked in days ("how many days does it take", "câte zile durează"): the
    training run's time is said in days first, its hours beside them."""
    images_period: str | None = None
    """The period a count of images is asked per ("how many SDXL images per day", "câte
    imagini pe zi", "images a month"): "hour", "day" or "month"; None where none is said
    (a budget's images are then per the budget's own period)."""
    image_rate_asked: str | None = None
    """The period images are asked per ("how many images per second does SDXL do",
    "images/s", "câte imagini pe secundă", "how many SDXL images per hour", "câte imagini SDXL
    pe oră"): "second", "minute", "hour" or "day", None where no rate is asked. A cost answer
    on the GPU named leads with that rate, its cost after it (buyer audit 18a #3: "how many
    images per second ... and cost per 1000 images" gave the cost alone, the rate only as
    "6.5 s per image"; buyer audit 19 #4: the same per hour)."""
    images_first: bool = False
    """The count of images is asked before any length ("with $20 on a 4090, how many SDXL
    images can we make and how long will that take?"): the images are the number asked, the
    hours the budget buys after them (audit regress9 #8)."""
    tps_first: bool = False
    """Tokens per second asked before the time to the first token, both asked ("tokens/s per
    user and TTFT?", "tokeni/s per utilizator și TTFT?"): the speed is the number asked, as
    the first asked (it was the TTFT, said second)."""
    media_rate_first: bool = False
    """A media model's rate in its own unit is asked before any price (:data:`_MEDIA_RATE`
    before :data:`_MONEY_Q`: "Whisper large-v3: how many hours of audio per hour on an L4, and
    cost per audio hour?", "câte ore de audio pe oră ... și cât costă"): a cost answer leads
    with that rate, its cost after it, as the first asked (it led with the cost)."""
    node: bool = False
    """A GPU's machine is named ("an H100 node", "a node of H100s", "un nod H100", "un
    server cu H100-uri"; ``understand.node_machine``): the catalog's whole instance of it, not
    one GPU. Never with a count of one ("a server with one L40S") nor for another thing's word
    ("our inference server", "state machine"); "how many nodes" asks a count (``nodes_asked``)."""
    nodes: tuple[int, int] | None = None
    """Nodes counted with their GPUs ("2 nodes of 8xH100", "5 noduri de 8 x H100"): (nodes,
    GPUs per node; ``understand.nodes_of``). The extraction's GPU count is their product; the
    answer prices that many whole machines of the per-node count, not single GPUs."""
    machine_gpus: int | None = None
    """The GPUs of one machine, stated joined to "GPU" before a machine word ("a Nebius H200
    8-GPU machine", "an 8-GPU H100 box", "o mașină de 8 GPU-uri"): the count the extraction
    reads only before the GPU's name; the answer prices one machine of that many GPUs (it
    was the 1-GPU VM's price). Above one only; ``node`` is then set too."""
    node_vs_single: bool = False
    """A node weighed against single GPUs ("is an 8x H100 node cheaper per GPU than 8 single
    H100s?", "un nod 8x H100 e mai ieftin per GPU decât 8 H100 separate?"): both sides
    priced per GPU, with the verdict (:func:`_node_vs_single`)."""
    rate_per_gpu: bool = False
    """A rate asked per GPU ("tokens per second per GPU", "tokeni pe secundă pe GPU",
    "tok/s per GPU"): each GPU's share of a run's rate leads, not the total."""
    node_network: str | None = None
    """The network between training nodes the question states: "ethernet" (plain Ethernet,
    or a fast fabric said to be absent: "without InfiniBand"), "infiniband", "efa" or "roce"
    (:func:`node_network`); None: none said."""
    node_network_gbit_s: float | None = None
    """The stated Ethernet's speed, Gb/s per node ("100 Gb ethernet", "25GbE"): the training
    run is timed over it (sizing's ``node_network_gbit_s``)."""
    network_weighed: str | None = None
    """An Ethernet between training nodes weighed against the fast fabric
    (:func:`network_weighed`): "slower" ("how much slower is training over 25 Gbit Ethernet
    than InfiniBand?", "cu cât e mai lentă ... față de InfiniBand?") or "enough" ("is 100
    Gbit Ethernet enough to train ...?", "este suficient Ethernet de 100 Gbit ...?"): the
    run timed over both networks (buyer audit 28a #2: a memory figure, no comparison)."""
    node_count: int | None = None
    """Nodes counted without their GPUs ("over 2 nodes", "pe 4 noduri"), above one: the
    machines a run is spread over (:func:`node_count`); None where none is said."""
    multi_node_asked: str | None = None
    """Nodes asked about as the question (:func:`multi_node_asked`): "several" ("do I need
    multiple nodes to serve ...?", "more than one machine?", "am nevoie de mai multe noduri
    ...?") or "one" ("is one node enough?", "does it fit in a single node?", "ajunge un
    singur nod?"): the fewest whole machines of the GPU named that hold the model answer it,
    not the fit on one GPU (buyer audit 28a #11); None where neither is asked."""
    one_of_machine: bool = False
    """One GPU of a machine named as such ("1 of the 8 GPUs in my H100 server", "1 H100 out of
    an 8-GPU server", "our 8-GPU A100 server ... how many users can one GPU handle?", "un
    singur GPU din cele 8"): the answer is for that one GPU, the machine's size is context
    (it answered for all 8; audit regress6 #10). ``node`` and ``machine_gpus`` are then unset."""
    songs: int | None = None
    """Pieces a music model makes, counted ("1000 songs", "200 tracks", "200 de melodii", "50
    de piese"): with an audio generator, that many clips of the length stated
    (:attr:`clip_seconds`), else of the model's default clip, as hours of audio."""
    audio_hours: bool = False
    """:attr:`items` are hours of audio ("10 hours of speech", "transcribe 1,000 hours"), not
    images: with no model named they are no GPU hours (audit slack2 billed "10 hours of
    speech ... on an A10" as 10 hours of an A10)."""
    recordings: tuple[int, float] | None = None
    """Recordings counted with the length of each ("100,000 phone calls of 10 minutes each",
    "5.000 de episoade de podcast de câte o oră"): (recordings, hours of one). A speech
    model's job is their product in hours of audio (``numbers.write._recordings_hours``);
    the length is never a length of GPU use (audit batch B3: 10 minutes of one V100)."""
    audio_minutes: float | None = None
    """One amount of audio stated in minutes, or as one recording's length ("10 minutes of
    music", "30 de minute de audio", "a 2-hour meeting", "a 90-minute podcast", "unei ședințe
    de 2 ore", "o oră de muzică"): the audio a speech model reads or makes, in minutes, never
    a length of GPU use (audit media2 #1, #3, #6: 10 minutes of one V100, $0.14; a rate with
    no time). ``numbers.media._recordings_hours`` makes it the job's hours of audio."""
    recordings_unsized: int | None = None
    """Recordings counted with no length of each ("transcribe 500 podcast episodes"): their
    count; a speech model's answer says the length is needed and prices an hour of audio
    (audit regress7 #12: an hourly GPU price was given as if it were the answer)."""
    documents_job: bool = False
    """The documents are the job's items (``documents``): the object of a processing verb
    ("summarise / classify / translate 1M documents", "rezum 1 milion de documente") or stated
    with tokens in and out each, and not framed as a corpus or a load (users, a chatbot, RAG,
    serving, "we store", "includes 5 documents"); a generating LLM runs one request each only
    then (audit regress7 #3: "RAG chatbot over 10,000 documents" was a $0.38 job)."""
    items_rate_per_s: float | None = None
    """Items a generating LLM handles per period ("5,000 support emails a day", "10,000
    reviews per day", "500 de e-mailuri pe oră"), per second: a steady request rate, never a
    one-off job (audit regress7 #4: a day's job was the month's answer)."""
    request_time_also: str | None = None
    """A second figure asked beside one request's time ("how long does each request take and
    how many requests per second can an H100 serve", "..., and what does it cost per million
    tokens"): "requests_<unit>" or "million"; the time leads and this follows it (audit
    regress11 #8: it was dropped)."""
    translation: bool = False
    """The job translates ("translate 200M tokens", "traducere batch", "să traduc"): its
    requests are taken to write about as many tokens as they read (``numbers.cost``)."""
    tokens_input: bool = False
    """The job's tokens are input (prompt) tokens ("classify 100M input tokens", "100M de
    tokeni de intrare", :func:`_input_total`): its requests read them, their output is
    assumed (``numbers.cost._token_split``); was priced as 100M output tokens (audit
    regress7 #8)."""
    gguf_file: bool = False
    """The weights are named as a GGUF file ("GGUF F16", "in GGUF Q8_0"): a 16-bit one is
    sized as /v1/sizing sizes "GGUF F16", on llama.cpp, the default engine for GGUF files
    (``numbers.context._W.size``; audit s1fmt #1: it was timed on vLLM). Only a GGUF the
    question runs with no other precision stated (:func:`_gguf_file`): "fp16 (not GGUF)",
    "fp8 ... faster than a GGUF build?" keep theirs (audit regress12 #2)."""
    gguf_app: str | None = None
    """An app built on llama.cpp the model is run with ("with Ollama", "in LM Studio":
    ``understand.gguf_app``): its engine is llama.cpp (``Extracted.engine``), its weights
    ``GGUF_APP_WEIGHTS``' type where no precision is stated, both said in the answer (audit
    ollama: "llama 3 8b with ollama on an RTX 4080" was fp8 on vLLM)."""
    engine_stand_in: str | None = None
    """An engine not modelled that the question names ("with TGI"): timed as the engine the
    catalog lists it under (engines.toml ``stands_in_for``), which the answer says (buyer
    audit 26a #13: vLLM's figures, unsaid)."""
    engines_named: tuple[str, ...] = ()
    """Every engine id the question names, first named first ("SGLang vs vLLM")."""
    input_million: bool = False
    """A million input (prompt) tokens priced ("per 1M input tokens", "un milion de tokeni
    de intrare"): the price per prompt token, never the per-output-token one."""
    training: TrainingSetup = field(default_factory=TrainingSetup)
    """The training step's settings the question states (``understand.training_setup``: LoRA
    rank, optimizer, gradient checkpointing, ZeRO stage): a fine-tuning request's
    ``finetune`` fields (:func:`finetune_options`)."""
    global_batch: bool = False
    """The batch size said is the global one ("global batch size 128", "a global batch of
    512", "effective batch", "batch global de 128"): split over the GPUs stated, each GPU's
    share its micro-batch (:func:`finetune_options`), never the batch on every GPU (audit
    train2 #2 sized 128 sequences per GPU: 387.7 GiB)."""
    global_batch_tokens: int | None = None
    """A batch stated in tokens ("a global batch of 4M tokens", "batch global de 4M de
    tokeni", "4M tokens per step"): one optimizer step's tokens, sequences of the sequence
    length, never the run's tokens (:func:`batch_tokens_at`; audit s3train #3 timed a 10B-token
    run as its 4M-token batch, 10 seconds)."""
    billing_asked: str | None = None
    """The billing granularity asked about ("which providers bill per minute?", "care
    furnizori facturează pe minut?", "by the hour", "pe oră"): ``second``, ``minute`` or
    ``hour``; the list of providers by granularity leads with it (buyer audit 28b #13: the
    per-minute question led with the per-second providers)."""
    minimum_asked: bool = False
    """A minimum charge asked ("minimum charge", "taxă minimă", "minim facturat"): the list
    of providers by granularity names each one's minimum per start (buyer audit 28b #13)."""
    epochs_asked: bool = False
    """The number of epochs is asked ("how many epochs", "câte epoci"): with a budget, the
    epochs it buys lead (``numbers.training``; audit s3train #1 said one epoch's cost)."""
    sequence_tokens: int | None = None
    """A training sequence's length ("4096 sequence length", "seq len 4096", "secvențe de
    4096", "8k context"), in tokens: a fine-tuning request's ``sequence_length``. Only a length
    said with a word for a sequence or a context counts ("on 100k tokens" is the data)."""
    gb_asked: bool = False
    """A memory asked in GB ("answer in GB", "răspunde în GB", "how many GB"): said in GB
    (10^9 bytes, the unit GPU makers and most people write) with GiB (2^30 bytes, the
    sizing's unit) beside it, never GiB labelled as GB."""
    latency_percentile: str | None = None
    """A latency percentile stated ("p95 TTFT under 300 ms", "p99 latency", "95th percentile",
    "percentila 95"), as written after "p" ("95", "99.9"): the serving model gives means at
    the load, so the answer says its figures are means and the percentile is not modelled
    (numbers/write.py; audit tpotrate21 #3: treated as the mean silently)."""
    batch_fit_asked: bool = False
    """The largest batch asked ("what batch size fits", "max batch size", "ce batch size
    încape", "cel mai mare batch"): an image model's answer gives the largest batch that fits
    on the GPU, not one image's memory with a Yes (audit buyer30b #4)."""
    wait_asked: bool = False
    """A user's wait or latency asked ("how long does each user wait", "what latency can I
    expect", "cât așteaptă fiecare utilizator", "ce latență"): with an image or video model
    and several concurrent users, each user's wait in the queue of the GPUs asked (one image
    a GPU at a time), not one image's time alone (audit buyer30b #1)."""
    yes_no: bool = False
    """The question asks yes or no: it opens with a verb ("can", "does", "is", "do I need",
    "poate", "pot", "încape", "am nevoie"). Only then does an answer that is a yes or a no by
    its nature (a target met, a stated setup that holds the load) say Yes or No first; a
    time, a price or a count asked gets the figure, no Yes/No."""
    which_setup: bool = False
    """The question asks which setup, not whether one does ("which H100 setup serves ... with
    TTFT under 500 ms?", "what's the cheapest H100 config ...", "ce configurație H100 ...",
    "care e cea mai ieftină configurație ..."): a target missed on the setup sized is no
    "No:", and the setup that meets it leads (:func:`_asks_which_setup`; audit unpriced B)."""
    gpu_one: bool = False
    """The GPU named is one GPU by its article ("can an H100 serve ...", "poate un H100",
    "one H100", "o singură placă"): with :attr:`yes_no`, the setup the yes or no is for."""
    gpu_one_counted: bool = False
    """The GPU named is one GPU by a count written before it ("one H100", "1 x H100", "a
    single H100", "un singur H100"), not by its article alone ("an H100", "un H100"): a count
    the answer keeps where users are stated, where an article only names the GPU (the fewest
    of it that hold the users are priced; audit per1musers)."""
    gpu_plural: bool = False
    """The first GPU named is written as a plural with no count or article before it ("on
    H100s", "on L4s", "pe A100-uri"; "L40S" is a card's own name): a fleet of that GPU whose
    size is left to the answer. With users and a per-user target, a count question
    (:func:`classify`'s ``gpu_plural``; audit buyer21 #1: one 8-GPU machine at most, a false
    No)."""
    gpu_ones: bool = False
    """Two or more GPUs named, each as one card by its article or a count of one ("does it
    run on an A10G or an L4?", "merge pe un A10G sau pe un L4?", "one H100 or one H200"): one
    card of each is asked, which a comparison answers first (fits one card or not) before
    what the model takes on more."""
    fit_asked: bool = False
    """Whether the model fits is what is asked ("does it run on an A10G or an L4?", "merge pe
    un A10G?"), no speed or price: only then does a one-card comparison lead with its yes or
    no for each card (audit regress7 #7: "is an H100 or an A100 faster" led with the fit)."""
    speed_also: bool = False
    """A speed asked as a second part after the memory ("how much memory does DeepSeek-V2-Lite
    need and how fast is it on an L40S?", "câtă memorie îi trebuie ... și cât de rapid este pe
    un L40S?", :data:`_SPEED_ALSO`): the memory answer gives the GPU's one-request speed after
    its fit (audit buyer28a #10: the memory alone, no speed)."""
    fit_word: bool = False
    """The word "fit" is in the question ("does it fit and how fast?", "încape și cât de
    repede?"), a speed or a price beside it or not: a speed answer that falls back to a
    smaller precision says no at the model's own and yes at the smaller one first (audit
    buyer18b #12: the speed at fp8 led, the bf16 "no" came second)."""
    run_asked: bool = False
    """Whether the model runs on the setup is asked as a yes or no, in other words than
    "fit" ("can I run ... on one H200? how many tokens/s?", "will it run", "pot rula ...",
    "merge ... pe ..."; :attr:`yes_no` and :data:`_RUN_ASKED`): a speed answer leads with the
    fit's verdict as for :attr:`fit_word`; users past what runs at once are "Yes, but" (the
    model runs, some wait), where "does it fit for 10 users?" says No (audit canrun23: the
    speed alone, numbers.asked.yes null)."""
    real_time_asked: bool = False
    """Whether a speech or audio model keeps up with real time is asked as a yes or no ("Bark
    on an L4, is it real time?", "can Whisper transcribe in real time on a T4?", "este în timp
    real?"), not a multiple of real time ("how many x real time"): the media answer leads with
    Yes or No by one stream's seconds of audio per second against one (audit fitspeed22: the
    rate alone, or a fit's "Yes" for 0.4 seconds of audio a second)."""
    saving_asked: bool = False
    """What something saves is asked ("how much do I save", "savings", "cât economisesc"):
    a reservation's saving leads its answer; otherwise, with a term, the totals over it do
    (audit recfit #2: "how much per year ... on-demand vs reserved" led with the saving)."""
    apple: bool = False
    """A Mac or Apple silicon is named ("on a mac", "MacBook Pro", "M2 Max"): the catalog
    sizes no Apple GPU, which the answer says before the model's memory."""
    precisions_weighed: tuple[str, str] | None = None
    """Two precisions weighed against each other ("fp8 or int4", "is int4 faster than fp8",
    "fp8 sau int4"): their ids, in the order said (:data:`_PRECISION_VS`)."""
    precisions_listed: tuple[str, ...] = ()
    """Three precisions listed ("at fp16, fp8 and int4", "fp16, fp8 sau int4"): their ids, in
    the order said (:data:`_PRECISION_LIST`); with a memory asked and no GPU, each one's total
    (numbers/memory._memory_precisions), as :attr:`precisions_weighed` is."""
    precisions_unknown: tuple[str, ...] = ()
    """The sides of a pair of formats weighed (:data:`_PRECISION_VS`) that the catalog has
    no precision for ("exl2 vs awq", "q4_k_s vs q4_k_m"), as said: the answer says it does
    not know them rather than answer for the other side alone (audit quantpairs #1)."""
    gguf_weighed_alone: bool = False
    """One of :attr:`precisions_weighed` is "GGUF" said alone ("GGUF vs AWQ"): its type is
    the one :func:`_precisions_weighed` takes (q4_k_m against AWQ), which the answer says."""
    no_nvlink: bool = False
    """"No NVLink", "without NVLink", "fără NVLink": a setup said to lack the NVLink its card
    has in the catalog (a bridged PCIe pair), which the speed model does not time; said."""
    pcie_enough: bool = False
    """"Is PCIe enough for ...", "este PCIe suficient" (:data:`_PCIE_ENOUGH`): the link asked
    from PCIe's side, so the yes or no of the link answer is whether PCIe does (the opposite
    of "is NVLink needed"'s; numbers/counts._interconnect)."""
    variants_weighed: bool = False
    """Two form factors or links of a card weighed with no speed, time or training asked
    ("H100 PCIe or SXM for inference?", "H100 PCIe vs H100 SXM for Llama 3.1 8B?"): with
    inference said (:attr:`inference_said`) or a model named, each variant's memory bandwidth,
    speed and price (numbers/compare._variants_inference; buyer audit 28b #12)."""
    inference_said: bool = False
    """Inference or serving said ("for inference", "pentru inferență", :data:`_INFER_USE`)."""
    link_priced: bool = False
    """A price asked of machines said with their link ("the cheapest 8x H100 node with
    NVLink", :data:`_LINK_PRICED` beside :data:`_INTERCONNECT`): the machines with that link
    priced (numbers/counts._linked_price), not the link's spec."""
    flash_attention: int | None = None
    """FlashAttention named ("FlashAttention 2", "flash-attn", "FA2", "flash_attention_2"):
    the version said (1, 2 or 3), 0 where none is; None where it is not named
    (:func:`_flash_attention_named`). Whether the GPU named runs it is answered
    (numbers/memory._flash_attention), or said beside another answer (write._flash_note)."""
    native_asked: bool = False
    """"Does MXFP4 run natively on an H100?", "rulează nativ": whether a precision runs on the
    GPU's own tensor cores is asked, not only whether it runs (:data:`_NATIVE_Q`): a
    weight-only path is then a "runs, but not natively" (numbers/memory._precision)."""
    forms_compared: bool = False
    """Two form factors or links of a card weighed ("NVLink vs PCIe", "H100 PCIe vs SXM",
    :data:`_FORM_VS`): a speed gap between the variants is said with the part of it that is
    their memory bandwidth, where that differs (audit buyer21 #4)."""
    speed_compared: Literal["faster", "slower", "which"] | None = None
    """"Is A faster than B?" (or slower): with :attr:`precisions_weighed`, the yes or no is
    whether the first decodes faster (or slower) than the second; "which is faster?" ("care e
    mai rapid?"): which of the two does, and by how much (no yes or no)."""
    tensor_parallel: int | None = None
    """A tensor-parallel degree stated for the setup, not weighed against another layout ("with
    tensor parallel 8", "TP8", "tensor_parallel_size=4", "cu paralelism tensorial 8"): the
    speed answers time the GPUs in that layout, as /v1/sizing's ``parallelism`` does (buyer
    audit 28a #4: it was ignored, the figures those of a layout the answer chose)."""
    split_weighed: int | None = None
    """One GPU per replica weighed against the model split over N by tensor parallelism ("one
    H100 per replica or split over 2 GPUs?", "TP1 vs TP2", "un H100 per replică sau împărțit
    pe 2 GPU-uri?"): N, each layout timed on the GPU named (:func:`_split_weighed`; buyer
    audit 27c #4: the one-GPU figures alone)."""
    tps_weighed: tuple[int, int] | None = None
    """Two tensor-parallel degrees weighed ("is TP4 faster than TP2", "tensor parallelism over
    4 GPUs ... faster than 2 GPUs", "TP2 sau TP4"): each one copy of the model split over that
    many of the GPU named, timed side by side (:func:`_tps_weighed`; buyer audit 31a #6: a
    memory "Yes")."""
    precisions_switched: bool = False
    """:attr:`precisions_weighed` is a switch's (the one taken, the one left: "switching from
    bf16 to fp8, how much faster?", "fp8 instead of bf16: how much cheaper?") with a
    difference in speed or price asked (:func:`_switch_weighed`): the two are compared as a
    pair weighed is, the one taken first (audit buyer18b #2: a fit's yes, no speed)."""
    how_much_compared: bool = False
    """By how much one is faster, slower or cheaper is asked ("how much faster", "by how
    much", "cât de mult mai rapid", "cu cât mai ieftin"): the ratio is the answer, no yes or
    no before it (it led "Yes:" / "Da:")."""
    cheaper_compared: bool = False
    """"Cheaper" asked ("how much cheaper", "more expensive", "mai ieftin", "mai scump"): with
    :attr:`precisions_switched`, each precision's setup priced (its $/h and $ per 1M output
    tokens at the load compared)."""
    memory_saved_asked: bool = False
    """The memory a switch saves is asked ("how much memory do I save going from bf16 to
    fp8", "memory saving", "câtă memorie economisesc"): with ``weights_left`` the memory
    answer gives both totals, the difference and the GPUs each needs (audit buyer18b #3: the
    new total alone)."""
    load_asked: bool = False
    """A setup's total at full load is asked ("at full load", "max throughput", "in total",
    "aggregate", "la încărcare maximă", "debit"): with :attr:`precisions_weighed`, the two
    are compared by their output tokens/s in total at saturation, not one request's speed
    (audit loadfigs #1)."""
    lowest_latency_asked: bool = False
    """The GPU with the lowest latency asked ("which GPU gives the lowest latency", "cea mai
    mică latență"): the fastest single request among the setups that hold the model, not the
    smallest card (audit regress5 #9)."""
    hour_asked: bool = False
    """A price by the hour is asked in so many words ("per hour", "hourly", "pe oră"), besides
    any daily usage ("8 hours a day"): the hour leads, the month at that usage after it."""
    month_asked: bool = False
    """A month is named ("per month", "pe lună"): a job run on a schedule ("every week")
    leads with its month of runs, not one run."""
    year_asked: bool = False
    """A year is named ("for a year", "over a year", "pe un an"): a reserved price asked gets
    its year's total (the intent's sub is then "reserved", the year otherwise lost)."""
    own_price_usd_per_hour: float | None = None
    """The asker's own price by the hour, said as what they pay or what their GPUs cost them
    ("I pay $2/hr for an H100", "our H100 costs us $3/h", "if an A100 costs 1.5 per hr",
    "plătesc 2 $/oră", "H100-ul nostru costă 3 $/h": :func:`understand.own_price`), never a
    limit (that is ``Extracted.budget_usd_per_hour``): the cost answers price the GPU named
    at it instead of the catalog's price (``_W.own_gpu_price``), as ``/v1/sizing`` prices
    with ``price_per_gpu_hour_usd``. One GPU's unless :attr:`own_price_per_machine`."""
    own_price_per_machine: bool = False
    """:attr:`own_price_usd_per_hour` is a whole machine's ("we pay $20/h for the 8x node",
    "our 8x H100 node costs us $20/h"): per GPU it is that over the machine's GPUs."""
    own_price_usd_per_month: float | None = None
    """The own price as said where it is said by the month ("I pay $1,500/month for an A100
    80GB", "plătesc 1500 $/lună pentru un A100"): :attr:`own_price_usd_per_hour` is it over
    ``understand.OWN_MONTH_HOURS`` (720 h: $2.08/h), the answer says both (audit ownprice2:
    it was read as a monthly budget, the catalog's $0.93/h priced the answer)."""
    gpu_prices: tuple[tuple[tuple[str, ...], OwnPrice], ...] = ()
    """The prices written right after the GPUs' names in a comparison ("H100 at $2/h vs A100
    at $1.2/h": :func:`understand.gpu_prices`), each the asker's price of that card (the cards
    its name stands for): the comparison prices each at its own (``_W.own_gpu_price``; audit
    ownprice2: they were a budget of the first, the catalog's prices compared)."""
    reserved_months: int | None = None
    """The term of a reservation asked, in months ("a 1-year reservation", "1 year reserved",
    "reserved for 6 months", "rezervare pe 1 an", "angajament de 3 ani"): its saving is
    totalled over that term; None where no term is said with a reserved price."""
    downtime_asked: bool = False
    """Spot's downtime or lost time asked ("how much downtime should I expect", "lose to
    interruptions", "uptime", "ce întreruperi să aștept", "cât timp e căzut"): the
    expected interruptions, downtime and availability per replica are said."""
    providers_listed: bool = False
    """Providers asked as a list ("which providers ...", "ce furnizori ...";
    :data:`_PROVIDERS_OF`): a reservation asked so gets every provider's stated terms."""
    cadence_asked: bool = False
    """How often to checkpoint asked ("how often should I checkpoint", "what checkpoint
    interval", "cât de des ... checkpoint"): the spot overhead by interval is said."""
    host_ram_asked: bool = False
    """The host's system RAM asked ("how much host RAM", "câtă memorie RAM pe host"): a CPU
    offload's host memory leads the answer (audit buyer29b #5)."""
    mfu_asked: bool = False
    """The model FLOPs utilisation asked ("what MFU do you assume", "ce MFU presupuneți"):
    the training sizing's MFU leads (audit buyer29b #10)."""
    adapter_asked: str | None = None
    """A LoRA adapter's own size asked: "params" ("how many trainable parameters does LoRA
    add", "câți parametri antrenabili"), "size" ("how big is a LoRA adapter", "fișierul
    adaptorului"); None where neither is (audit buyer29b #6)."""
    spec_asked: str | None = None
    """A field of the model's configuration asked (:func:`spec_asked`: "context",
    "kv_heads", "attention_heads", "head_dim", "layers", "hidden_size", "vocab_size"); the
    catalog's value leads where no GPU, memory or fit is asked (audit 31d #9)."""
    params_asked: str | None = None
    """The model's parameter count asked: "active" ("how many active parameters does Mixtral
    have", "câți parametri activi"), "total" ("how many parameters"); the catalog's total and
    active counts are said (audit 30a #8). None where none is."""
    no_checkpoints: bool = False
    """The job saves no checkpoints ("without checkpoints", "fără checkpoint-uri"): on spot
    an interruption restarts it from the start."""
    budget_usd_total: float | None = None
    """A budget for the whole job ("budget $150 total", "under $150", "buget de 150 USD în
    total"): a job's cost is said to be within it or over it."""
    budget_period: str | None = None
    """The period :attr:`budget_usd_total` is per where a length is asked of an amount per
    period ("how many H100 hours do I get for $3,000 a month?", "câte ore ... cu 3.000 de
    dolari pe lună"): "month", "week" or "day"; the hours it buys are each period's, and what
    they keep running around the clock is said (audit budgethours). None: a total."""
    train_tokens_asked: bool = False
    """The training tokens a budget buys asked ("how many tokens can I fine-tune on with
    $500?", "pe câți tokeni"): with :attr:`budget_usd_total`, the tokens lead."""
    what_can_asked: bool = False
    """What a budget buys asked in general ("what can I fine-tune for $100?", "ce pot face cu
    100 de dolari"; part of :attr:`train_tokens_asked`): with no model named, the largest
    model the budget fine-tunes is the answer, not tokens."""
    exclude_providers: tuple[str, ...] = ()
    """Providers left out ("excluding Hyperstack", "but not on primeintellect or verda",
    "without using vast", "fără Hyperstack", "în afară de X și Y", "nu pe X"): the words
    named after the cue, aliases read ("google" is gcp); the writer keeps those that are
    catalog provider ids as the recommendations' ``exclude_providers``. Never the provider
    asked for (:func:`details` reads none of them)."""
    unknown_model: tuple[str, tuple[str, ...]] | None = None
    """A model named with its size that the registry does not know ("llama-9.9-999b"), as
    written, with the nearest models the catalog has (ids): the answer says it is unknown
    rather than answer with a guidance passage alone (``understand.unknown_model``)."""
    family_sizes: tuple[str, tuple[str, ...]] | None = None
    """A catalog family named with a version the catalog has and no size ("Llama 3", "Qwen
    3", "Falcon 3"), as written, with the catalog's models of it, smallest first: the answer
    sizes each (``understand.family_sizes``)."""
    unknown_size_asked: bool = False
    """:attr:`unknown_model` is a language model whose size the question does not give ("Grok
    1", "Llama 5"): the answer asks for its size, which it sizes
    (``understand.unknown_model_read``)."""
    media_rate: tuple[str, float] | None = None
    """A rate an embedding, speech or video model is asked for in its own unit, with the
    seconds it is counted over (``understand.media_rate_asked``: documents per hour, hours of
    audio per day, videos per day, the real-time factor): the answer leads with it."""
    audio_minute_cost: bool = False
    """A speech model's price asked per minute of audio ("how much per minute of audio", "cât
    costă pe minut transcrierea", "un minut de audio transcris"): the answer leads with the
    cost per minute, the cost per hour of audio over 60, said so (audit ro2 #7: it answered
    per hour of audio, or billing granularity). "Billed per minute" stays billing."""
    monthly_volume: bool = False
    """The items (images, hours of audio) are a month's, asked as a price ("1 million images
    a month", "10.000 de ore de audio pe lună"): the month's job, on enough of the GPU named
    to finish within the month (buyer audit 26c #1)."""
    audio_unit: str | None = None
    """Another unit of audio priced (buyer audit 26c #6, #8: the cost per hour of audio
    answered): "clip" (one clip's cost: "cost per clip", "un clip Stable Audio Open", at the
    model's default clip), "dollar" (the minutes of audio a dollar buys: "minutes of audio
    per dollar", "minute de audio pentru un dolar") or "dollar_hours" (the hours: "hours of
    audio per dollar", "ore de audio pe dolar")."""
    max_seconds_per_image: float | None = None
    """A time limit for each image or clip ("under 5 seconds per image", "each image in under
    3 seconds", "sub 5 secunde pe imagine"), in seconds: the recommendations'
    ``max_seconds_per_image`` for an image or video model; never a count of images."""
    users_unread: tuple[str, str] | None = None
    """A count of users that is no number ("NaN users", "infinite users", "∞ users", "un număr
    infinit de utilizatori"): ("nan" | "infinite", the words as written). The extraction
    reads no count from it, so the answer was for one user with nothing said; the writer
    says it was not used (write._beyond_sized)."""
    served_live: bool = False
    """The tokens are served as users ask for them: a word for serving, a chatbot, an
    endpoint, users, an API or an assistant ("we run a chatbot that serves 5M tokens/day",
    "i want to serve 5M tokens/day", "Avem un chatbot care servește", "Vreau să servesc"),
    and none for a job (batch, job, offline, process, summarise: :data:`_JOB_SAID`). A daily
    amount of such tokens cannot wait for one daily batch, so the always-on endpoint sized
    for its average rate leads and the batch follows as the reading for work that can wait
    (``numbers.cost._steady_rate``; audit chatbot22: $11.33 of daily jobs led)."""
    chat_cost: bool = False
    """The cost of a chat or a conversation asked ("cost per chat", "cost per 1000 chats",
    "costul unei conversații"): one request's, with what a chat is taken to be said."""
    thousand_requests: bool = False
    """The cost of a thousand requests or chats asked ("cost per 1000 chats", "per 1k
    requests"): that figure is the one asked."""
    tokens_usd: float | None = None
    """An amount of money whose output tokens are asked ("how many tokens for $10", "câți
    tokeni pot genera cu 1 $"), in USD: the tokens a dollar buys at full load times it lead
    (speed's "tokens_dollar")."""
    media_named: bool = False
    """Images, video, speech or music are named ("what image model can I run for $100 a
    month?", "ce model de imagini"): with no model named, a budget's models are not language
    models (:data:`_MEDIA_NAMED`)."""
    output_asked: bool = False
    """What a budget runs or makes is asked ("what can I run for $500/month", "ce pot rula cu
    500 de dolari pe lună", "what can I generate"): with an image model and a monthly, daily
    or hourly budget, the images it buys lead (``numbers.media._budget_images``; audit
    buyer16 #4: the cheapest hourly price, no count)."""
    image_tokens_asked: bool = False
    """The tokens one image takes are asked ("how many tokens is one image", "how many image
    tokens per image", "tokens per image", "câți tokeni are o imagine"): a vision model's
    tokens per image lead (``numbers.write._image_tokens_lead``; audit buyer16 #10: the memory
    alone)."""


# ---------------------------------------------------------------------------------------------
# Entities

_MEM_CARD = re.compile(
    r"(?<![\d.])(\d{1,3})\s*+(?:gb|gib|g)\b(?:\s*+(?:de\s++)?(?:vram|memorie|memory|ram))?"
    r"\s*+(?:gpus?|cards?|plac[aia]|placi|vram|of vram|memorie|memory)\b"
    r"|\b(?:card|gpu|placa|placi)\s++(?:with|cu|de)\s++(\d{1,3})\s*+(?:gb|gib|g)\b"
    r"|\b(?:only|doar|have|am)\s++(\d{1,3})\s*+(?:gb|gib)\b"
    # "pot rula X pe 24gb?", "fit in 16 GB": a memory size a model goes on
    r"|\b(?:on|pe|in|into|within)\s++(?:(?:a|an|o|un)\s++)?(\d{1,3})\s*+(?:gb|gib|g)\b"
    r"(?!\s*+(?:of|de)\s++(?:data|date|text|storage|stocare|trafic|egress))")
_USERS = re.compile(  # any count: past what is sized the answer says so (writer); its scale
    # too: "1 milion de utilizatori simultani" (was 1 user, "milion" taken for a word between)
    # never a length: "câte cereri de 8.000 de tokeni încap simultan" asks how many requests
    # of 8,000 tokens each (was 8,000 users, 224 x L40S; audit ask_reading)
    # ("requests of 8k tokens fit at once": 8k is each one's length, not 8 users; audit
    # ask_reading2)
    r"(?<!\bhow many )(?<!\bcate )"  # "how many 8k prompts fit at once": their length
    + USER_COUNT + r"(?!(?:(?:k|thousand|mii)\b\s*+)?(?:de\s++)?(?:tokens?|tokeni|toks?)\b)"
    r"(?:(?:people|persons|users|utilizatori|oameni|persoane|colleagues|colegi|employees|angajati|clients|clienti)\s*+)?"
    r"(?:[a-z]++\s++){0,3}?"
    r"(?:at the same time|at once|simultan\w*+|concurrently|in parallel|in paralel|deodata)\b")
# streams served at once (audit media #3: "real-time transcription of 100 concurrent streams"
# was one request, 1 x V100 carrying ~13): "100 concurrent streams", "50 live audio streams",
# "100 simultaneous streams", "100 de fluxuri audio simultane", "50 de fluxuri live", "100 de
# stream-uri în timp real"; a word for at once or live is needed, before or after the noun
_STREAM_NOUN = r"(?:streams?|fluxuri|flux|stream-uri)"
# live audio said as calls, channels or feeds ("100 calls at once", "50 concurrent channels",
# "100 de apeluri simultane"): streams too, only with a word for at once or live beside them
# (a count of calls alone is recordings: "100,000 calls of 10 minutes each"; audit buyer16 #2)
_LIVE_NOUN = r"(?:streams?|fluxuri|flux|stream-uri|calls|channels|feeds|apeluri|canale)"
_STREAM_AT_ONCE = (r"(?:concurrent|simultaneous|parallel|live|real[\s-]?time|realtime"
                   r"|simultan\w*+|concurent\w*+|paralel\w*+|in timp real|in direct)")
_STREAM_BY = r"(?:(?:audio|speech|voice|mic|microphone|call|phone|incoming|de)\s++){0,2}"
_STREAMS = (
    # up to two such words before the noun: "100 concurrent live streams" (audit buyer16 #2:
    # dropped, 1 x V100 carrying ~73 of the 100)
    re.compile(USER_COUNT + rf"(?:{_STREAM_AT_ONCE}\s++){{1,2}}+{_STREAM_BY}{_LIVE_NOUN}\b"),
    re.compile(USER_COUNT + rf"{_STREAM_BY}{_LIVE_NOUN}\s++(?:(?:audio|de|in)\s++)?"
               rf"(?:{_STREAM_AT_ONCE}|at once|at the same time|deodata)\b"),
    # real time said before the count, in the same clause: "transcriere în timp real a 50 de
    # fluxuri audio", "real-time transcription of 50 audio streams" (audit media #1: the
    # Romanian one was one stream, 1 x V100 carrying ~27 of the 50)
    re.compile(r"(?:real[\s-]?time|realtime|in timp real)\b[^.?!;]{0,40}?" + USER_COUNT
               + rf"{_STREAM_BY}{_STREAM_NOUN}\b"),
)
"""Streams at once, the count and its scale word in groups 1 and 2 (:data:`USER_COUNT`)."""


def _live_streams(folded: str) -> int | None:
    """The live streams at once of ``folded`` (:data:`_STREAMS`, :attr:`Stated.live_streams`),
    or None."""
    m = next((m for m in (p.search(folded) for p in _STREAMS) if m is not None), None)
    return user_count(m.group(1), m.group(2)) if m is not None else None


_SCALE = {"k": 1e3, "thousand": 1e3, "thousands": 1e3, "mii": 1e3, "m": 1e6, "million": 1e6,
          "millions": 1e6, "milioane": 1e6, "milion": 1e6, "mil": 1e6, "b": 1e9, "billion": 1e9,
          "bn": 1e9, "miliarde": 1e9, "miliard": 1e9, "mld": 1e9, "mlrd": 1e9, "t": 1e12,
          "trillion": 1e12, "trilioane": 1e12, "trilion": 1e12, "trillions": 1e12}
_TOKENS = re.compile(
    r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?(k|thousand|mii|m|millions?|milioane|milion"
    r"|mil|b|bn|billion|miliarde|miliard|mld|mlrd|t|trillions?|trilioane|trilion)?"
    # a compound's hyphen: "the daily 1B-token batch", "a 500M-token job" (audit buyer21 #2:
    # read as no tokens, a one-user endpoint priced)
    r"(?:-(?=token\b)|\s*+(?:de\s++)?)"
    r"(?:(?:output|generated|new|input|prompt|training)\s++)?(?:tokens|tokeni|token)\b")
_DURATION = re.compile(
    r"(?<![\w.])(\d++(?:[.,]\d++)?)[\s-]*+(?:de\s++)?(hours?|hrs?|h|ore|ora|days?|zile|zi|weeks?"
    r"|saptamani|saptamana|minutes?|min|minute)\b(?![\s-]*+(?:of audio|of video|de audio|audio"
    # (nor audio made: "10 minutes of music", "10 minute de vorbire"; audit media2 #1)
    r"|(?:of|de)\s++(?:generated\s++)?(?:music|muzica|speech|vorbire)\b"
    r"|de video|/day|pe zi|a day|per day|each day|daily|zilnic|a month|per month|pe luna|/month"
    # (nor hours of use a week: "for 2 hours a week" was one 2-hour job; audit buyer31b #1)
    r"|a week|per week|pe saptamana|/week|each week|every week|weekly|saptamanal"
    r"|each month|of video|video|clip|\d{3,4}p\s++(?:video|clip)))")
# a job's length in seconds ("a 30-second job", "a 45 sec run", "un job de 30 de secunde"):
# only before or after a job's word, so a latency ("the first token in 2 seconds") or a clip's
# length is never a run (audit cost #9: "a 30-second job on AWS p5.48xlarge" was no length)
_SECONDS_JOB = re.compile(
    r"(?<![\w.])(\d++(?:[.,]\d++)?)[\s-]*+(?:seconds?|secs?)[\s-]++(?:long\s++)?(?:job|run|task)s?\b"
    r"|\b(?:job|rulare|sarcina)\w*+\s++de\s++(\d++(?:[.,]\d++)?)\s++(?:de\s++)?secunde\b")
# a length in months after "for" ("for 3 months", "over 6 months", "timp de 3 luni", "pentru 3
# luni", "pe 3 luni", "for 1.5 months"; "a month and a half", "o lună și jumătate" are "1.5
# month", "1.5 luna" in the folded text, understand._HALVES): that many of the month every
# other answer prices (_MONTH_HOURS), totalled as "for 2 weeks" is. "in 3 months" is a deadline
# (_DEADLINE), "3 months of data" no length, "luni" after a number no Monday (_BY_WEEKDAY)
_DURATION_MONTHS = re.compile(
    r"\b(?:for|over|during|timp de|pentru|pe|pe o perioada de|for a period of)\s++(?:the next\s++"
    r"|urmatoarele\s++)?(\d{1,3}(?:[.,]\d++)?|" + "|".join(("one", "two", "three", "four",
                                                            "five", "six", "doua", "trei",
                                                            "patru", "cinci", "sase"))
    + r")\s*+(?:de\s++)?(?:months?|luni|luna)\b(?!\s*+(?:of|de)\s++(?:data|date))")
# a length of use in months or years said before what is used: "18 months of an A100 80GB",
# "2 years of an A100", "18 luni de A100", "2 ani de H100" (the hourly price alone, audit
# regress2 #14); never data ("3 months of data", "2 ani de date") nor an age
_LENGTH_OF = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:[.,]\d++)?|two|three|four|five|six|doi|doua|trei|patru|cinci|sase)"
    r"\s*+(?:de\s++)?(?P<unit>months?|luni|years?|yrs?|ani)\s++(?:of|de)\s++"
    r"(?!(?:data|date|experien\w*+|history|istoric\w*+|logs?|loguri)\b)"
    r"|\b(?:for|over|during|timp de|pentru|pe|pe o perioada de|for a period of)\s++(?:the next\s++"
    r"|urmatoarele\s++)?(\d{1,2}(?:[.,]\d++)?|two|three|four|five|doi|doua|trei|patru|cinci)"
    r"\s*+(?:de\s++)?(?P<unit2>years?|yrs?|ani)\b(?!\s*+(?:of|de)\s++(?:data|date))")
_MONTH_HOURS = MONTH_DAYS * 24.0
"""The hours of a month of a stated length ("for 3 months": 2,160 h): the month of every
"per month" answer, so that "for 2 months" is twice the month's price. Whole years of months
("for 12 months", "for 24 months") are years of 365 days (:data:`_YEAR_HOURS`), as "for a
year" is, so that "for 12 months" stays "for a year" (audit reg6 priced them apart; audit
cost #14: a year of 12 x 30 days, 360, was 1.4 % short). Storage over such a length is still
pro-rated on pricing.job_storage_usd's 730-hour month."""
_YEAR_HOURS = 365 * 24.0
"""A year's hours: 8,760 (cost._cost_period's year, prices' reserved year)."""
_MONTH_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "doua": 2,
                "trei": 3, "patru": 4, "cinci": 5, "sase": 6, "doi": 2}
# a job's length said in words: "a weekend run", "overnight", "peste noapte"
_DURATION_WORDS = (
    (re.compile(r"\b(?:weekend|week-end|sfarsit de saptamana)\b"), 48.0),
    (re.compile(r"\b(?:overnight|over night|peste noapte|o noapte|one night)\b"), 12.0),
)
_DATA = re.compile(
    # "150 de GB" (Romanian "de" after a number from 20: audit ro2 #10, the amount unread)
    r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?(tb|tib|gb|gib|pb)\b"
    r"(?!\s*+(?:card|gpu|plac|vram|ram|de vram|of vram|memorie|memory))")
# A data amount belongs to storage or egress only when those words are next to it: "500GB
# storage", "stocare de 1 TB", "2TB egress", "500 GB trafic de iesire", "1 TB disk".
_STORAGE_WORD = r"(?:storage|stocare\w*+|disk\w*+|disc\w*+|volum\w*+|ssd|nvme|storing|stored)"
_EGRESS_WORD = (r"(?:egress|trafic\w*+|iesire|outbound|transfer(?:ati|at|ate)?\s++out"
                r"|transfer(?:uri)?\s++(?:de\s++)?iesire|data\s++out|download\w*+)")
# data kept at rest is storage even unnamed ("plus 500 GB of datasets", "including 1 TB of
# checkpoints"), and an amount sent "out" is egress ("5 TB of responses out per month"): each
# was dropped from a total said to be "in all" (audit cost 3)
# (Romanian too: "5 TB de checkpointuri", "checkpoint-urile", "puncte de control", "set de
# date", "seturile de date": "checkpointuri", the service's own spelling, was not read and the
# Romanian monthly total left out the storage, audit buyer17 #9)
_KEPT_DATA = (r"(?:datasets?|data\s++sets?|checkpoints?|checkpoint-?+uri(?:le)?"
              r"|puncte(?:le)?\s++de\s++control|set(?:ul|uri|urile)?\s++de\s++date)\b"
              r"(?!\s++out\b)")
# a kind of volume said before its word: "a 2 TB network volume", "2 TB of persistent
# storage", "2 TB block storage" (audit regress2 #7: the 2 TB was dropped, $1.19 of storage)
_VOLUME_KIND = r"(?:(?:network|persistent|shared|block|attached|local|cloud)\s++)?"
_TIED_AFTER = re.compile(rf"\s*+(?:(?:of|de|for|pentru)\s++)?(?:(?:date|data)\s++(?:de\s++)?)?"
                         rf"{_VOLUME_KIND}(?:(?P<s>{_STORAGE_WORD}|{_KEPT_DATA})"
                         rf"|(?P<e>{_EGRESS_WORD}|(?:[a-z]++\s++)?out\b))")
# an amount moved, sent or downloaded out: "să mut 500 GB", "un transfer unic de 500 GB", "să
# descarc 1 TB", "move 500 GB", "export 2 TB" (audit regress4 #6: Romanian priced 0,00 USD of
# egress beside a month of serving where English, "move 500 GB out once", priced $36); not
# moved into a place ("move 500 GB to S3", "să mut 500 GB pe AWS": _MOVED_INTO)
_MOVED_BEFORE = re.compile(r"\b(?:mut|muta|mutam|mutati|move|moving|transfer\w*+(?:\s++unic\w*+)?"
                           r"|descarc\w*+|download\w*+|scot|scoate|scoatem|extrag|export\w*+"
                           # "and send out 50 GB" (audit jobextras: the amount was unread)
                           r"|(?:send|sending|sent)\s++out)"
                           r"\s++(?:(?:un|o|a|an)\s++)?(?:(?:de|of)\s++)?"
                           r"(?:(?:about|around|~|cca|aproximativ)\s*+)?$")
_MOVED_INTO = re.compile(r"\s*+(?:(?:of|de)\s++[a-z]++\s++)?(?:to|into|onto|pe|in|catre|spre)\b"
                         r"(?!\s++afara)")
# data added to the model's own disk: "plus / and / including / with 500 GB of datasets,
# checkpoints or data" (task storage_misc: it replaced the weights' 17 GB for 8B)
_ADDED_BEFORE = re.compile(r"(?:\bplus|\band|\bincluding|\bwith|\+|\bsi|\binclusiv|\bcu)\s*+"
                           r"(?:(?:about|around|cca)\s++|~\s*+)?$")
_ADDED_AFTER = re.compile(rf"\s*+(?:(?:of|de)\s++)?(?:{_KEPT_DATA}|seturi\s++de\s++date\b"
                          rf"|(?:date|data)\b(?!\s++(?:de\s++)?(?:{_STORAGE_WORD}|{_EGRESS_WORD}"
                          r"|out\b)))")
# ("un volum de rețea de 2 TB", "stocare persistentă de 2 TB": the volume's kind between)
_TIED_BEFORE = re.compile(rf"(?:(?P<s>{_STORAGE_WORD})(?:\s++(?:de\s++retea|persistent\w*+"
                          rf"|partajat\w*+|in retea))?|(?P<e>{_EGRESS_WORD}))\s*+"
                          rf"(?:(?:of|de|for|pentru|a|:|=|cu)\s*+)?(?:(?:about|around|~|cca)\s*+)?$")
# A card's memory after its name ("A100 80GB", "A100 SXM 80 GB"): never data.
_CARD_TAIL = re.compile(r"^[\s-]*+(?:(?:sxm\d?|pcie|nvl|ti|super|hgx)[\s-]*+)*+$")
# "500 de milioane": Romanian writes "de" between a number from 20 on and its scale; the
# scale a whole word or suffix ("5m", "10k"), never the first letters of the next word: the
# "m" of "a 2 minute song" made it 2,000,000 songs (audit buyer16 #1)
_COUNT_SCALE = (r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:de\s++(?=mii|milio))?"
                r"(?:(k|thousands?|mii|m|millions?|milioane|milion|mil)\b)?")
# an amount of money is never a count of images or of hours of audio: "how long will $100
# last generating FLUX images" (100 images), "cât timp îmi ajung 20 de dolari pentru imagini"
# (20 images; audit regress9 #5): a currency sign before the number, or its word after it
_CASH_BEFORE = re.compile(r"(?:\$|€|£|\busd|\beur)\s*+$")
_CASH_AFTER = re.compile(r"\s*+(?:de\s++)?(?:\$|€|usd\b|eur\b|euro\b|dolari\b|dolar\b"
                         r"|dollars?\b|bucks\b|lei\b|ron\b)")


def _not_money(pattern: re.Pattern[str], s: str) -> re.Match[str] | None:
    """The first match of ``pattern`` (a count in its group 1, a scale in its group 2) in
    ``s`` whose count is no amount of money (:data:`_CASH_BEFORE`, :data:`_CASH_AFTER`)."""
    for m in pattern.finditer(s):
        end = m.end(2) if m.group(2) else m.end(1)
        if not (_CASH_BEFORE.search(s, 0, m.start(1)) or _CASH_AFTER.match(s, end)):
            return m
    return None


# "1M SDXL images": a model's name may stand between the count and the word
_IMAGES = re.compile(_COUNT_SCALE + r"\s*+(?:de\s++)?(?:[a-z][\w.\-]*+\s++){0,2}?"
                     r"(?:images?|imagine|imagini|pictures?|poze|imgs?|pics?)\b")
# an embedding job's documents: "10 million documents", "10 milioane de documente", "1M docs";
# then the length of one, as training examples state it (understand._EXAMPLES): "of 300
# tokens", "de 300 de tokeni", "with about 500 tokens", "300 tokens per document", "each"
_DOC_NOUN = (r"(?:documents?|documente|docs?|texts?|texte|passages?|pasaje|chunks?"
             # "1 million embeddings", "1 milion de embeddinguri": one input each (audit
             # media #4: the hourly price answered)
             r"|embeddings|embeddinguri|embedding-uri"
             # items an LLM batch job reads one request each (audit batch B4): "1M articles",
             # "500k emails", "10k reviews", "100.000 de articole / e-mailuri / recenzii"
             r"|articles?|articole|e-?mails?|e-?mailuri|reviews?|recenzii)")
# a word that describes the items between their count and their noun: "10 million short
# texts", "1M customer reviews", "500k news articles" (Romanian puts it after the noun)
_DOC_ADJ = (r"(?:(?:short|long|small|large|customer|product|support|news|legal|web|user"
            r"|scanned|pdf)\s++)?")
_DOC_TOKENS = r"(\d{1,7})\s*+(k)?\s*+(?:de\s++)?(?:tokens?|tokeni)\b"
_DOCUMENTS = re.compile(
    _COUNT_SCALE + rf"\s*+(?:de\s++)?{_DOC_ADJ}{_DOC_NOUN}\b"
    r"(?:\s*+(?:of|de|with|cu|averaging)\s++(?:(?:about|around|approximately|roughly|~|cca"
    rf"|circa|aproximativ|cate)\s*+)?{_DOC_TOKENS})?")
_DOC_LEN = re.compile(
    rf"(?<![\w.,]){_DOC_TOKENS}\s*+(?:(?:/|per|pe|for each|in each|pentru fiecare)\s*+"
    rf"(?:(?:un|one)\s++)?{_DOC_NOUN}\b|(?:each|fiecare)\b)")


def _documents(unnamed: str, rate: tuple[int, int]) -> tuple[int, int | None] | None:
    """(documents, tokens of one or None) of an embedding job ``unnamed`` states, never a
    count inside ``rate`` ("5000 documents per second" is a load, ``work_rate``). A length's
    "k" is 1,024, as ``understand.training_examples`` reads an example's."""
    m = _DOCUMENTS.search(unnamed)
    if m is None or rate[0] <= m.start() < rate[1]:
        return None
    count = _num(m.group(1)) * _SCALE.get(m.group(2) or "", 1.0)
    if not 1 <= count <= 1e13 or not count.is_integer():
        return None
    raw = (m.group(3), m.group(4))
    if raw[0] is None and (lm := _DOC_LEN.search(unnamed)) is not None:
        raw = (lm.group(1), lm.group(2))
    length = int(raw[0]) * (1024 if raw[1] else 1) if raw[0] is not None else None
    return int(count), length or None


# a verb whose object the documents are, the job's items (audit regress7 #3): "summarise /
# classify / translate / extract from / process / label / tag / embed 1M documents", "rezum /
# clasific / traduc / procesez / etichetez 1 milion de documente" (the verb within the
# clause before the count)
_ITEM_VERB = re.compile(
    r"\b(?:summari[sz]\w*+|classif\w*+|categori[sz]\w*+|translat\w*+|extract\w*+|process\w*+"
    r"|label\w*+|tag|tags|tagging|embed\w*+|analy[sz]\w*+|moderat\w*+|triag\w*+|rewrit\w*+"
    r"|proofread\w*+|annotat\w*+|score|scoring|parse|parsing|rezum\w*+|clasific\w*+"
    r"|traduc\w*+|traduceri|tradu|proces\w*+|extrag\w*+|etichet\w*+|analiz\w*+|rescri\w*+"
    r"|adnot\w*+|sintetiz\w*+)\b")
# a processing verb on a pronoun for the items counted before it: "summarise them", "process
# all of them", "să le rezumăm" (read in the clause after the count, _documents_job)
_ITEM_VERB_THEM = re.compile(_ITEM_VERB.pattern + r"\s++(?:all\s++(?:of\s++)?)?(?:them|these"
                             r"|those|each(?:\s++one)?)\b|\bsa\s++le\s++" + _ITEM_VERB.pattern)
# each item's tokens in and out stated: "2,000 tokens in and 200 out each", "2,000 input and
# 200 output tokens each", "2.000 de tokeni de intrare și 200 de ieșire fiecare"
_ITEM_IO_EACH = re.compile(
    r"\b(?:tokens?\s++in|input(?:\s++tokens?)?|tokeni\s++de\s++intrare|intrare)\b"
    r"[^.?!;]{0,40}?\b(?:out|output|iesire)\b[^.?!;]{0,20}?\b(?:each|fiecare|per\s++\w++"
    r"|pe\s++\w++)\b")
# the documents framed as a corpus or a load, never the job's items: users at once, a chatbot,
# RAG, serving, a knowledge base, "we store", "each prompt includes 5 documents", "answers
# from 500 documents" ("over 10,000 documents", "index 2M documents": no verb, so no job)
_ITEM_FRAMED = re.compile(
    r"\b(?:chat-?bot\w*+|rag|serv(?:e|es|ed|ing)|deserv\w*+|concurrent\w*+|simultan\w*+"
    r"|users?|utilizator\w*+|knowledge\s++base|baza\s++de\s++cunostinte|stor(?:e|es|ed|ing)"
    r"|stocam|stocate|includes?|include|contine|answers?\s++from|raspunde\w*+\s++din)\b")


def _documents_job(unnamed: str) -> bool:
    """Whether the documents ``unnamed`` counts (:data:`_DOCUMENTS`) are a job's items
    (:attr:`Stated.documents_job`): the object of a processing verb in the clause before
    their count, or stated with tokens in and out each, and no word frames them as a corpus
    or a load."""
    m = _DOCUMENTS.search(unnamed)
    if m is None or _ITEM_FRAMED.search(unnamed):
        return False
    before = re.split(r"[.;:?!]", unnamed[max(0, m.start() - 80):m.start()])[-1]
    # or after them, on a pronoun for them: "10,000 documents; we want to summarise them"
    # (audit regress8 #4)
    after = re.split(r"[.?!]", unnamed[m.end():m.end() + 120])[0]
    return bool(_ITEM_VERB.search(before) or _ITEM_IO_EACH.search(unnamed)
                or _ITEM_VERB_THEM.search(after))


def _items_rate(unnamed: str, hours_per_day: float | None) -> float | None:
    """Items a generating LLM handles per period, per second (:attr:`Stated.items_rate_per_s`:
    "5,000 support emails a day", "500 de e-mailuri pe oră"); a day is ``hours_per_day``
    (else 24) hours, a month 30 days, as :func:`request_rate` counts; else None."""
    m = _ITEMS_RATE.search(unnamed)
    if m is None:
        return None
    count = _num(m.group(1)) * _SCALE.get(m.group(2) or "", 1.0)
    period = _PERIOD_WORD[m.group("per") or m.group("adv")]
    day_s = (hours_per_day or 24.0) * 3600.0
    seconds = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": day_s,
               "month": day_s * 30}[period]
    return count / seconds if count > 0 else None
# an image's size, width × height ("512x512", "512×512", "1024 x 768"): two 3- or 4-digit
# numbers, so "8x H100" (a count) is not one
_RESOLUTION = re.compile(r"(?<![\w.])(\d{3,4})\s*+[x×]\s*+(\d{3,4})(?![\w.])")
_STEPS = re.compile(r"(?<![\w.])(\d{1,3})\s*+(?:de\s++)?"
                    r"(?:(?:inference|sampling|denoising|diffusion)\s++)?(?:steps?|pasi)\b")
# images in each request to a vision-language model: "4 images per request", "4 imgs each",
# "4 images in every prompt", "4 imagini per cerere", "4 de imagini pe cerere", "1 imagine
# per cerere"; the count in words ("one image each", "an image each", "two images each", "o
# imagine fiecare", "două imagini fiecare") and the Romanian "câte o imagine" (one each; the
# words were not read and one image sized unsaid, audit visionvram22)
_IMAGE_COUNT_WORDS = {"one": 1, "a": 1, "an": 1, "o": 1, "un": 1, "two": 2, "doua": 2,
                      "three": 3, "trei": 3, "four": 4, "patru": 4, "five": 5, "cinci": 5}
_IMAGE_NOUN = r"(?:images?|imgs?|pictures?|photos?|imagini|imagine|poze|poza)"
# an image's size beside the count, before the noun or after it ("4 1024x1024 images per
# request", "4 imagini de 1024x1024 per cerere", "4 images of 1024 x 1024 px each"): the size
# is _RESOLUTION's, the count still read (audit buyer24a #5)
_IMAGE_SIZE_SAID = r"(?:\d{3,4}\s*+[x×]\s*+\d{3,4}(?:\s*+px|\s*+pixels?)?\s++)"
_IMAGES_PER_REQUEST = re.compile(
    r"(?:(?<![\w.])(?P<n>\d{1,3})(?!\d)\s*+|\b(?P<w>one|an?|two|three|four|five|o|un|doua"
    r"|trei|patru|cinci)\s++(?:(?:single|singura|singur)\s++)?)(?:de\s++)?" + _IMAGE_SIZE_SAID
    + r"?" + _IMAGE_NOUN + r"\s++(?:(?:of|de)\s++" + _IMAGE_SIZE_SAID + r")?"
    r"(?:(?:per|pe|in (?:each|every|a|one)|for each|intr-o|in fiecare|la fiecare)\s++"
    r"(?:requests?|prompts?|calls?|messages?|queries|query|cerere|prompt|apel|mesaj)"
    r"|each(?! (?:second|minute|hour|day|week|month))"
    r"|fiecare(?! (?:secunda|minut|ora|zi|saptamana|luna)))\b"
    # "cu câte o imagine", "câte 2 imagini": that many for each
    r"|\bcate\s++(?:(?P<cn>\d{1,3})|(?P<cw>o|un|doua|trei|patru|cinci))\s++(?:de\s++)?"
    r"(?:imagini|imagine|poze|poza)\b"
    # a request's images said with "with" ("TTFT for Qwen2.5-VL 7B with one 1280x720 image",
    # "with 4 images of 1024x1024", "cu o imagine de 1280x720", "cu 4 imagini"): what one
    # request carries, never a rate or a job ("with 10 images per second"; audit buyer30a #2:
    # the TTFT was the default prompt's, the images dropped)
    r"|\b(?:with|cu|plus|and|si)\s++(?:(?P<wn>\d{1,3})(?!\d)|(?P<ww>one|an?|two|three|four"
    r"|five|o|un|doua|trei|patru|cinci))\s++(?:(?:single|singura|singur)\s++)?(?:de\s++)?"
    + _IMAGE_SIZE_SAID + r"?" + _IMAGE_NOUN + r"\b(?:\s++(?:of|de)\s++" + _IMAGE_SIZE_SAID
    + r")?(?!\s*+(?:/|per|pe|a|an|each|every|on average|in)\s*+(?:s|sec|second|secunda|min"
    r"|minute|minut|h|hour|ora|day|zi|week|saptamana|month|luna)\b)")
# a count said in words: "a thousand images", "per thousand images", "o mie de imagini", "la mia
# de imagini", "un milion de imagini"
_WORD_SCALE = {"thousand": 1000, "mie": 1000, "mia": 1000, "million": 1_000_000,
               "milion": 1_000_000, "milionul": 1_000_000}
_IMAGES_WORDS = re.compile(r"\b(?:a|one|per|o|un|la|pe)\s++(thousand|mie|mia|million|milionul"
                           r"|milion)\s++(?:de\s++)?(?:[a-z][\w.\-]*+\s++){0,2}?"
                           r"(?:images?|imagini|pictures?|poze|imgs?|pics?)\b")
# hours of audio a job makes or reads: "500 hours of audio", "1 oră de audio", "10 hours of
# music" (MusicGen), "10 hours of speech" (Bark, or Whisper's to transcribe), "10 ore de muzică"
_AUDIO_HOURS = re.compile(_COUNT_SCALE + r"\s*+(?:de\s++)?(?:hours?|hrs?|h|ore|ora)\s++"
                          r"(?:(?:of|de)\s++)?(?:audio|music|muzica|speech|vorbire|voice|voce"
                          r"|podcasts?|recordings?|inregistrari"
                          # what is recorded: "1,000 hours of calls" to speech-to-text (it was
                          # a price per hour of audio, no job)
                          r"|(?:phone\s++)?calls|apeluri|convorbiri|meetings|sedinte"
                          r"|interviews|interviuri"
                          # the work done on them: "1000 hours of transcription", "1000 de ore
                          # de transcriere" are that many hours of audio transcribed (it was
                          # the price per hour of audio, no job: audit audiojob22)
                          r"|transcriptions?|transcrier\w*+)\b")
# ("100h of audio", "100 hrs of podcasts": hours written short are hours, as "100 hours" are;
# they were a rate only)
# recordings counted with the length of each (audit batch B3: "100,000 phone calls of 10
# minutes each" was 10 minutes of one GPU, $0.14, for 16,667 hours of audio): "5,000 podcast
# episodes of 1 hour each", "20,000 audio files averaging 30 minutes", "2,000 10-minute calls",
# "5.000 de episoade de podcast de câte o oră", "1.000 de apeluri de 5 minute"; the length
# before the noun (groups 3, 4), after it (5, 6) or one hour or minute in words (7)
_REC_UNIT = (r"(hours?|hrs?|h|ore|ora|minutes?|mins?|minute|minut|seconds?|secs?|secunde"
             r"|secunda)")
_REC_NOUN = (r"(?:(?:(?:phone|audio|voice|customer|support|sales|podcast|recorded|zoom)\s++)?"
             r"(?:calls|episodes|recordings|meetings|interviews|lectures|voicemails|podcasts)"
             r"|(?:audio|wav|mp3)\s++files|voice\s++notes"
             r"|(?:apeluri|convorbiri)(?:\s++telefonice)?|episoade(?:\s++de\s++podcast)?"
             r"|fisiere\s++(?:audio|wav|mp3)|inregistrari(?:\s++audio)?|sedinte|interviuri"
             r"|podcasturi)\b")
_RECORDINGS = re.compile(
    _COUNT_SCALE + r"\s*+(?:de\s++)?"
    r"(?:(\d{1,4}(?:[.,]\d++)?)[\s-]*+" + _REC_UNIT + r"[\s-]++(?:long\s++)?)?" + _REC_NOUN
    + r"(?:\s*+,?\s*+(?:of|each|averaging|on average|lasting|about|around|approximately"
    r"|roughly|de|cate|cu o durata(?:\s++medie)?\s++de|care dureaza|in medie|aproximativ"
    r"|circa|cca|fiecare)\b)*+\s*+"
    r"(?:(\d{1,4}(?:[.,]\d++)?)\s*+(?:de\s++)?" + _REC_UNIT + r"\b"
    r"|\b(?:one|an|a|o|una)\s++(hour|ora|minute|minut)\b)?")


# a translation job: "translate 200M tokens", "batch translation", "traducere batch", "să
# traduc", "traduceri": the verb or its noun, never the participle ("already translated
# text", "text deja tradus": the job is something else; audit regress7 #5 priced a
# classification of translated text as a translation, 4.7 times cheaper)
# (the imperative "tradu 10.000 de documente", as "translate 10,000 documents": regress9 LOW)
_TRANSLATE = re.compile(r"\btranslat(?:e|es|ing|ions?)\b|\btraduc\w*+|\btradu\b")
# ... nor the word denied just before it: "no translation", "not translating", "without any
# translation", "we don't translate", "fără traducere", "nu traducem"
_TRANSLATE_DENIED = re.compile(  # "no translation", "don't need to translate", "fără traducere";
    # up to 3 words of the same clause between ("we're not doing translation", "no machine
    # translation", "this isn't about translation", "nu facem traduceri", "fără nicio
    # traducere": priced as a translation, audit regress9 #2), never a comparison or a
    # suggestion ("is it not cheaper to translate", "why not translate", "de ce nu traducem",
    # "not only ... but"): those translate (audit regress8 #7)
    r"(?<!\bwhy )(?<!\bwhy do)(?<!\bde ce )"
    r"(?:\b(?:no|not|never|without|non|nu|fara|nici)|n['’]t)[\s-]++"
    r"(?:(?!(?:cheaper|better|faster|easier|quicker|simpler|more|less|worth|only|just|doar"
    r"|numai|mai"
    # nor a negation of another verb, a question word after it: "I don't know how much
    # translating ... costs", "no idea what translation ... costs", "not sure whether", "nu
    # știu cât costă traducerea" (audit regress10 #3: priced as no translation, 4.7x); the
    # denial bears on the translating ("not doing", "don't need to", "isn't about")
    r"|know|knows|idea|sure|certain|clear|understand|tell|how|what|which|whether|if|much"
    r"|many|stiu|stim|idee|sigur|clar|cat|cata|cati|cate|ce|cum|daca|costa)\b)"
    r"[a-z'’]++[\s-]++){0,3}$")


def _undenied(found: re.Pattern[str], denied: re.Pattern[str],
              text: str) -> Iterator[re.Match[str]]:
    """The matches of ``found`` in ``text`` that ``denied`` does not deny in the words right
    before them (it ends at ``$``): "no translation", "a quote by tomorrow"."""
    return (m for m in found.finditer(text) if not denied.search(text, 0, m.start()))


def _translation(text: str) -> bool:
    """Whether ``text`` (folded) asks for a translation job (:data:`_TRANSLATE`, none that
    :data:`_TRANSLATE_DENIED` denies)."""
    return next(_undenied(_TRANSLATE, _TRANSLATE_DENIED, text), None) is not None


# input (prompt) words after a job's tokens: "100M tokens of input", "100M de tokeni de
# intrare" (one request's prompt where a model reads that many: _request_length)
_INPUT_AFTER = re.compile(r"\s*+(?:(?:of|de)\s++)?(?:prompts?|prompturi|promptul|inputs?"
                          r"|intrare)\b")


def _longest_context(registry: Registry) -> int:
    """The longest context of any model of ``registry`` (Llama 4 Scout's 10,485,760 tokens in
    the shipped catalog; a context extension's where a model card states one): more input
    tokens than this are no one request's prompt."""
    return max((m.context_limit or 0 for m in registry.models.values()), default=0)


def _input_total(folded: str, registry: Registry) -> bool:
    """Whether the job's tokens ``folded`` states (at least 100,000, as :func:`details` reads
    a job) are input tokens: "100M input tokens", "100M prompt tokens", "100M de tokeni de
    intrare" (beyond any model's context, :func:`_longest_context`)."""
    for tm in _TOKENS.finditer(folded):
        value = _num(tm.group(1)) * _SCALE.get(tm.group(2) or "", 1.0)
        beyond = bool(_INPUT_AFTER.match(folded, tm.end())) and value > _longest_context(
            registry)
        if value < 100_000 or (_request_length(folded, tm) and not beyond):
            continue
        words = tm.group(0)
        return "input" in words or "prompt" in words or beyond
    return False


# a recording's length in words ("300 one-hour lectures", "hour-long calls", "half-hour
# episodes", "de jumătate de oră", "half an hour each"), read as digits of the same length
# (audit regress7 #12: "one-hour" was no length, so no job total), positions kept
_REC_WORD_LEN = {"one-hour": "  1-hour", "one hour": "  1 hour", "hour-long": "   1-hour",
                 "half-hour": "30-minute", "half an hour": "30 minutes  ",
                 "jumatate de ora": "30 de minute   ", "o jumatate de ora": "30 de minute     ",
                 "an hour-long": "   1-hour   "}
_REC_WORDS = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, _REC_WORD_LEN), key=len,
                                                     reverse=True)) + r")\b")


def _recordings_match(text: str) -> tuple[int, float | None, int, int] | None:
    """(recordings, hours of one or None, start, end) of the recordings ``text`` (folded)
    counts, a length in words read as digits; None where none are counted."""
    m = _RECORDINGS.search(_REC_WORDS.sub(lambda x: _REC_WORD_LEN[x.group()], text))
    if m is None:
        return None
    count = _num(m.group(1)) * _SCALE.get(m.group(2) or "", 1.0)
    if not 1 <= count <= 1e10 or not count.is_integer():
        return None
    value, unit = ((m.group(3), m.group(4)) if m.group(3) else (m.group(5), m.group(6))
                   if m.group(5) else ("1", m.group(7)) if m.group(7) else (None, None))
    each = None if value is None or unit is None else _num(value) / (
        60.0 if unit.startswith("min") else 3600.0 if unit.startswith("sec") else 1.0)
    if each is not None and not 0 < each <= 24:
        each = None
    return int(count), each, m.start(), m.end()


def _recordings_period(text: str, end: int) -> str | None:
    """The period (a :data:`_PERIOD_WORD` key) right after ``end`` in ``text``: "2,000 calls
    per day" is a load, not a job."""
    pm = _PERIOD_AFTER.match(text, end)
    if pm is None and end > 0 and text[end - 1].isspace():
        pm = _PERIOD_AFTER.match(text, end - 1)
    return (pm.group("per") or pm.group("adv")) if pm else None


def _recordings(text: str, rate: tuple[int, int] = (-1, -1)) -> tuple[int, float] | None:
    """(recordings, hours of one) ``text`` (folded) states with the length of each, never a
    count inside ``rate`` ("100 calls a day" is a load), nor one a period follows (a load:
    :func:`_recordings_rate`); None without a length."""
    r = _recordings_match(text)
    if r is None or rate[0] <= r[2] < rate[1] or r[1] is None:
        return None
    if _recordings_period(text, r[3]) is not None:
        return None
    return r[0], r[1]


def _recordings_unsized(text: str, rate: tuple[int, int] = (-1, -1)) -> int | None:
    """The recordings ``text`` counts with no length of each ("500 podcast episodes"), never
    a load ("500 calls a day"); None otherwise."""
    r = _recordings_match(text)
    if (r is None or r[1] is not None or rate[0] <= r[2] < rate[1]
            or _recordings_period(text, r[3]) is not None):
        return None
    return r[0]


def _recordings_rate(text: str, hours_per_day: float | None, days_per_month: float | None
                     ) -> tuple[str, float, float, str] | None:
    """Recordings with the length of each per period ("2,000 10-minute calls per day",
    "1.000 de apeluri de 5 minute pe zi") as :attr:`Stated.work_rate` of audio, as "333
    hours of audio a day" is (audit regress7 #4: one day's job was the month's answer)."""
    r = _recordings_match(text)
    if r is None or r[1] is None:
        return None
    word = _recordings_period(text, r[3])
    if word is None:
        return None
    period = _PERIOD_WORD[word]
    day_s = (hours_per_day or 24.0) * 3600.0
    seconds = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": day_s,
               "month": day_s * (days_per_month or 30)}[period]
    audio_s = r[0] * r[1] * 3600.0
    return "audio_s", audio_s / seconds, audio_s / 3600.0, period


# hours after a word for transcribing: "transcribe 1,000 hours", "să transcriu 1.000 de ore"
# pieces of music counted: "1000 songs", "200 tracks", "200 de melodii", "50 de piese" (a
# model's name blanked; "clips" are read by :data:`_CLIPS`, for video and audio alike); a
# length before the noun is one piece of that length, no count ("a 2 minute song", "a 60
# second track": 2 and 60 songs, audit buyer16 #1; :data:`_AUDIO_AMOUNT` reads it)
# Sound effects are such pieces too, and a length in digits may stand before the noun ("1000
# sound effects of 5 seconds each", "1000 5-second songs", "1000 de efecte sonore": the job's
# cost was a bare hourly price; audit buyer24a #10)
_SONGS = re.compile(_COUNT_SCALE + r"\s*+(?:de\s++)?"
                    r"(?!(?:seconds?|secs?|s|secunde|secunda|minutes?|mins?|min|minute|minut"
                    r"|hours?|hrs?|h|ore|ora)\b)"
                    r"(?:\d{1,3}(?:[.,]\d)?[\s-]*+(?:seconds?|secunde|sec|s|minutes?|minute|min)"
                    r"[\s-]++)?(?:[a-z][\w.\-]*+\s++){0,2}?"
                    r"(?:songs?|tracks?|tunes?|melodii|melodie|piese|cantece|cantec"
                    r"|sound[\s-]*+effects?|sfx|efecte\s++(?:sonore|audio))\b")
# one hour of audio in words: "one hour of audio", "an hour of speech", "unei ore de audio", "o
# oră de audio" (read only where its time is asked: :func:`stated`)
_ONE_AUDIO_HOUR = re.compile(r"\b(?:one|an|a|o|una|unei)\s++(?:hour|ore|ora)\s++(?:(?:of|de)\s++)?"
                             r"(?:audio|speech|vorbire|voice|voce|podcast|recording|inregistrare)\b")
# one amount of audio in minutes, or one recording with its length (audit media2 #1, #3, #6):
# "10 minutes of music", "30 de minute de audio", "an hour of music", "o oră de muzică" (groups
# 1-2, or 3: one hour in words); "a 2-hour meeting", "a 90-minute podcast" (4-5); "unei ședințe
# de 2 ore", "un podcast de 90 de minute" (6-7). Hours in digits of audio are _AUDIO_HOURS'.
_AUDIO_NOUN = (r"(?:audio|music|muzica|speech|vorbire|voice|voce|narration|naratiune"
               r"|podcasts?|recordings?|inregistrari)\b")
# (and in seconds, and one piece of music of a length: "10 seconds of speech", "a 2 minute
# song", "one 47 s clip", "one 90-second track", "o melodie de 2 minute": seconds were not
# read, and a song's length was a count of songs; audit buyer16 #1, #5)
_AUDIO_SECONDS = r"|seconds?|secs?|s|secunde|secunda"
_AUDIO_AMOUNT = re.compile(
    r"(?<![\w.,])(\d{1,4}(?:[.,]\d++)?)[\s-]*+(?:de\s++)?(minutes?|mins?|minute|minut"
    + _AUDIO_SECONDS + r")\s++"
    r"(?:(?:of|de)\s++)?(?:generated\s++|generate\s++)?" + _AUDIO_NOUN
    + r"|\b(?:one|an|a|o|una|unei)\s++(hour|ora|ore)\s++(?:of|de)\s++(?:generated\s++)?"
    r"(?:music|muzica|speech|vorbire)\b"
    r"|\b(?:a|an|one|my|our|the|this|each)\s++(\d{1,4}(?:[.,]\d++)?)[\s-]*+"
    r"(hours?|hrs?|h|minutes?|mins?" + _AUDIO_SECONDS + r")[\s-]++(?:long\s++)?"
    r"(?:audio\s++|phone\s++|zoom\s++|recorded\s++|team\s++|music\s++)?"
    r"(?:meeting|podcast|call|recording|interview|lecture|episode"
    r"|audio\s++file|voicemail|webinar|audiobook|speech|talk"
    r"|song|track|tune|clip|piece|jingle)\b"
    r"|\b(?:unei|unui|o|un|una)\s++(?:sedinte|sedinta|intalniri|intalnire|podcast|apel"
    r"|convorbiri|convorbire|inregistrari|inregistrare|interviu|prelegeri|prelegere|episod"
    r"|fisier audio|melodii|melodie|piese|piesa|cantec|clip)\s++(?:audio\s++)?de\s++"
    r"(\d{1,4}(?:[.,]\d++)?)\s*+(?:de\s++)?(ore|ora|minute|minut|secunde|secunda)\b")
# ... never a load: "10 minutes of audio a day", "30 de minute de audio pe zi"
_AUDIO_AMOUNT_RATE = re.compile(r"\s*+(?:(?:per|a|an|each|every|pe|/)\s*+(?:day|zi|week"
                                r"|saptamana|month|luna|hour|ora|minute|minut)\b|daily|zilnic)")


def _audio_minutes(text: str, rate: tuple[int, int] = (-1, -1)) -> float | None:
    """The minutes of audio :data:`_AUDIO_AMOUNT` reads in ``text`` (folded, models' names
    blanked), never inside a load ``rate`` spans nor followed by a period; None otherwise."""
    am = _AUDIO_AMOUNT.search(text)
    if am is None or rate[0] <= am.start() < rate[1] or _AUDIO_AMOUNT_RATE.match(text, am.end()):
        return None
    if am.group(3):
        return 60.0
    raw, unit = next((am.group(i), am.group(i + 1)) for i in (1, 4, 6) if am.group(i))
    value = _num(raw) * (60.0 if unit.startswith(("h", "o"))
                         else 1 / 60 if unit.startswith("s") else 1.0)
    return value or None


# (the Romanian noun takes "a" before the count: "transcrierea a 1000 de ore", as "transcrierea
# celor 1000 de ore", "transcrierea unor 1000 de ore" do; the hours were GPU hours rented,
# $141 for a $1.44 job: audit roparse23)
_TRANSCRIBE_HOURS = re.compile(r"\btranscri\w*+\s++(?:(?:a|celor|unor)\s++)?"
                               r"(\d++(?:[.,]\d++)?)\s*+(k|thousand|mii)?"
                               r"\s*+(?:de\s++)?(?:hours?|hrs?|h|ore)\b")
_DOT_GROUPED = re.compile(r"(?<![\w.,])[1-9]\d{0,2}(?:\.\d{3})++(?![\d]|[.,]\d)")
# a video job's clips: "100 videos", "100 720p videos", "100 de clipuri", "50 10-second 480p
# videos", "1 videoclip" (not "a 5 second video": no word between the count and the noun but a
# size or a length in digits; "480p" is no count)
_CLIP_LEN = r"(?:\d{1,3}(?:[.,]\d)?[\s-]*+(?:seconds?|secunde|sec|s|minutes?|minute|min)[\s-]++)?"
_CLIPS = re.compile(_COUNT_SCALE + r"(?!p\b)\s*+(?:de\s++)?" + _CLIP_LEN
                    + r"(?:(?:\d{3,4}p|\d{3,4}\s*+[x×]\s*+\d{3,4})\s++)?" + _CLIP_LEN
                    + r"(?:videos?|clips?|clipuri|videoclip(?:uri)?)\b")
# one image or video said with a word for one: "a 1024x1024 image", "one 5 second 720p video",
# "an SDXL image" (a model's name blanked), "o imagine", "un videoclip de 5 secunde"; never
# "a video model", "an image-to-video pipeline", "a second video"
_ONE_ITEM = re.compile(
    r"\b(?:a|an|one|o|un)\s++(?:single\s++|singur[a]?\s++)?" + _CLIP_LEN
    + r"(?:(?:\d{3,4}p|\d{3,4}\s*+[x×]\s*+\d{3,4})\s++)?" + _CLIP_LEN
    + r"(?:image|imagine|picture|poza|photo|video|clip|videoclip)\b(?![\w-])"
    r"(?!\s++(?:models?|modele?|generat\w*+|pipelines?|gpus?|cards?|jobs?|workloads?|tasks?"
    r"|diffusion|editing|llms?|servers?|services?)\b)")
# usage: "8 hours a day", "6 hours per day", "8 ore pe zi", "8h/day"; "22 days a month",
# "22 de zile pe luna"; in minutes too: "90 minutes a day", "45 min/day", "90 de minute pe
# zi", "30 minute zilnic", "1 hour 30 minutes a day" (was dropped, the month priced at 24
# h/day: audit 25a #1, $3,538/month for an H100 90 minutes a weekday, $221 billed); a run's
# minutes ("a 15-minute job", "10 minutes, 12 times a day") are no day's use
# (:func:`_scheduled_runs`). Read by :func:`_day_hours`.
_PER_DAY = re.compile(r"(?<![\w.])(\d{1,2}(?:[.,]\d)?)\s*+(?:hours?|hrs?|h|ore|ora)\s*+"
                      r"(?:a|per|pe|/|each|every|on a)\s*+(?:day|zi|workday)\b"
                      r"|(?<![\w.])(\d{1,2}(?:[.,]\d)?)\s*+(?:hours?|hrs?|h|ore)\s++(?:daily|zilnic)\b"
                      # (never an item's length: "2.000 de apeluri de 10 minute pe zi",
                      # "2,000 calls of 10 minutes a day" are calls, hours of audio)
                      r"|(?:(?<=\btimp de )|(?<=\bnevoie de )|(?<!\bde )(?<!\bof ))"
                      r"(?<![\w.,])(?:(?P<mh>\d{1,2})\s*+(?:hours?|hrs?|h|ore|ora)\s*+"
                      r"(?:(?:and|si)\s++)?)?(?P<min>\d{1,4}(?:[.,]\d)?)\s*+(?:de\s++)?"
                      r"(?:minutes?|minute|mins?)\s*+(?:(?:a|per|pe|/|each|every|on a)\s*+"
                      r"(?:day|zi|workday)|daily|zilnic)\b")


def _day_hours(m: re.Match[str]) -> float:
    """The hours of use a day a :data:`_PER_DAY` match states (its minutes as hours: "90
    minutes a day" is 1.5 h, "1 hour 30 minutes a day" 1.5 h)."""
    if m.group("min") is None:
        return _num(m.group(1) or m.group(2))
    return (_num(m.group("mh")) if m.group("mh") else 0.0) + _num(m.group("min")) / 60.0
# ("22 workdays a month", "20 business days per month", "22 de zile lucrătoare pe lună": the
# days stated, not 30 × 5/7 of the weekdays)
_PER_MONTH = re.compile(r"(?<![\w.])(\d{1,2})\s*+(?:de\s++)?(?:(?:work|working|business)[\s-]*+)?"
                        r"(?:days?|zile|zi)(?:\s++lucratoare)?\s*+"
                        r"(?:a|per|pe|/|each|every|in a|din)\s*+(?:month|luna)\b")
# a span of clock hours: "9am to 5pm", "9-5", "from 9:00 to 17:00", "între 9 și 17", "de la 9
# la 17"; plain numbers ("from 9 to 5") only after a word that opens a span of time, and
# never with a unit after them ("from 2 to 4 replicas", "9 to 5 users")
_CLOCK_SPAN = re.compile(
    r"(?:\b(?P<lead>from|between|intre(?:\s++orele)?|de la|orele|program(?:ul)?)\s++)?"
    r"(?<![\w.:,\-])(?P<h1>\d{1,2})(?::(?P<m1>[0-5]\d))?\s*+(?:(?P<ap1>[ap])\.?m\b\.?)?\s*+"
    r"(?:-|–|to|till|until|thru|through|and|si|pana la|la)\s*+"
    r"(?P<h2>\d{1,2})(?::(?P<m2>[0-5]\d))?(?:\s*+(?P<ap2>[ap])\.?m\b\.?)?(?!\d|[.,:]\d)")
# what a count is of: after "2 to 4" it makes the span no clock hours
_COUNTED = re.compile(
    r"\s*+(?:%|\$|€|x\b|×|gpu|card|plac|user|utilizator|people|persoan|oameni|request|cerer"
    r"|replic|node|nod|instan|worker|pod|machine|masin|server|b\b|gb|gib|tb|k\b|m\b|billion"
    r"|million|milioan|miliard|thousand|mii\b|token|second|secund|sec\b|s\b|ms\b|minut"
    # ("9-5 weekdays", "9-6 on weekends": the days of a schedule, no count of weeks; it was
    # billed at 24 h/day, audit regress2 #4)
    r"|min\b|hour|ore\b|h\b|day|zile\b(?!\s++lucratoare)|week(?!days?\b|ends?\b)|saptaman|month|times|ori\b"
    r"|bit|step|pasi|epoch"
    r"|epoci|image|imagin|concurrent|simultan|parallel|batch|layer|strat)")
# days of the week: weekdays ("on weekdays", "Monday to Friday", "business days", "în zilele
# lucrătoare", "de luni până vineri"), weekends ("on weekends", "în weekenduri") or "3 days a
# week"; "3 working days" (a count of days) is a deadline, not a schedule
_WEEKDAYS = re.compile(
    r"\bweekdays?\b|\bmon(?:day)?\s*+(?:-|–|to|through|thru|till|until)\s*+fri(?:day)?\b"
    r"|(?<!\d)(?<!\d )(?<!\dde )\b(?:business|working|work)\s++days\b|\bworkdays\b"
    r"|(?<!\d)(?<!\d )(?<!\d de )\bzile(?:le)? lucratoare\b|\bzi(?:ua)? lucratoare\b"
    r"|\bluni\s*+(?:-|–|pana\s++(?:la\s++|in\s++)?|la\s++)vineri\b|\bin timpul saptamanii\b")
_WEEKENDS = re.compile(
    r"\bweekends\b|\b(?:on|every|each|only on|at)\s++(?:the\s++)?weekends?\b"
    r"|\bweekend-?uri\w*+|\b(?:in fiecare|doar in|numai in)\s++weekend\b"
    r"|\bsat(?:urday)?s?\s*+(?:and|&|-)\s*+sun(?:day)?s?\b|\bsambata si duminica\b")
_PER_WEEK = re.compile(r"(?<![\w.])([1-7])\s*+(?:de\s++)?(?:days?|zile|zi)\s*+"
                       r"(?:a|per|pe|/|each|every|in a|din)\s*+(?:week|saptamana)\b")
# how often a job runs: "every week", "each day", "daily", "weekly", "twice a week", "3 times
# a month", "once a week", "every 2 weeks", "every other week", "în fiecare săptămână",
# "zilnic", "săptămânal", "de două ori pe săptămână", "o dată pe lună", "la fiecare 2 zile"
# ("monthly" and "lunar" are a month's cost, never a frequency)
_RUN_COUNT = {"once": 1.0, "twice": 2.0, "thrice": 3.0, "o data": 1.0, "o singura data": 1.0,
              "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0, "doua": 2.0,
              "trei": 3.0, "patru": 4.0, "cinci": 5.0}
_EVERY = {"other": 2.0, "doua": 2.0, "trei": 3.0}  # "every other week": every 2 weeks
_MONEY_BEFORE = re.compile(r"\b(?:cost\w*+|pay|paid|spend|much|plat\w*+|achit\w*+)\W++"
                           r"(?:\w++\W++){0,3}?$")
_JOB_RUNS = re.compile(
    # a count before or after a period's adverb: "twice-daily", "twice daily", "thrice-daily",
    # "3 times daily", "de două ori zilnic", "zilnic de două ori" (twicedaily: read as once a
    # day, "weekly cost of a twice-daily batch" priced 7 runs, not 14)
    r"(?:(?<![\w.])(?P<tn>\d{1,2})\s++(?:de\s++)?(?:times|ori)|\b(?P<tw>twice|thrice"
    r"|(?:one|two|three|four|five|doua|trei|patru|cinci)\s++(?:de\s++)?(?:times|ori)))[\s-]++"
    r"(?P<tadv>daily|nightly|weekly|zilnic|saptamanal)\b"
    r"|\b(?P<radv>zilnic|saptamanal)\s++(?:de\s++)?(?:(?P<rn>\d{1,2})|(?P<rw>doua|trei|patru"
    r"|cinci))\s++(?:de\s++)?ori\b"
    # an hourly job: "an hourly 1M-token job", "the job runs hourly" (24 runs a day); "orar
    # rulez un lot", "un job rulat orar" ("tarif orar", "cost orar" are an hour's price)
    r"|\b(?P<hourly>hourly|orar)(?=\s++(?:[\w.,-]++\s++)?(?:batch|batches|jobs?|runs?"
    r"|workloads?|rul\w*+|lot\w*+|joburi\w*+|procesez\w*+)\b"
    r"(?!\s*+(?:costs?|prices?|pricing|rates?|bill)\b))"
    r"|\b(?:runs?|running|rul\w*+|job\w*+|lot\w*+)\s++(?P<hourly2>hourly|orar)\b"
    # "every hour I run a batch", "în fiecare oră", "la fiecare oră", "once an hour" (24 runs a
    # day; hourlyrun21: read as no schedule, the price per 1M tokens led)
    r"|\b(?:every|each|once (?:an?|per|every)|in fiecare|la fiecare|o data (?:pe|la))\s++"
    r"(?P<hourly3>hour|ora)\b"
    r"|\b(?:every|each|in fiecare|la fiecare|once (?:a|per|every)|o data (?:pe|la))\s++"
    r"(?P<period>day|week|month|night|zi|saptamana|luna|noapte)\b"
    r"|\b(?P<adv>daily|nightly|weekly|zilnic|saptamanal)\b"
    r"|\b(?:every|la fiecare|o data la)\s++(?P<every>\d{1,2}|other|doua|trei)\s++"
    r"(?P<unit>days?|weeks?|zile|saptamani)\b"
    r"|(?:(?<![\w.])(?P<n>\d{1,2})|\b(?P<word>twice|thrice|once|one|two|three|four|five|doua"
    r"|trei|patru|cinci))\s++(?:(?:de\s++)?(?:times?|ori|runs?|rulari|jobs?)\s++)?"
    r"(?:a|per|pe|each|every|in a|on a|intr-o)\s++(?P<per>day|week|month|zi|saptamana|luna)\b")
_PERIOD_OF = {"day": "day", "zi": "day", "night": "day", "noapte": "day", "daily": "day",
              "nightly": "day", "zilnic": "day", "week": "week", "saptamana": "week",
              "weekly": "week", "saptamanal": "week", "month": "month", "luna": "month",
              "days": "day", "zile": "day", "weeks": "week", "saptamani": "week"}


def _clock_hours(folded: str, week: bool = False) -> float | None:
    """Hours a day that a span of clock hours states ("9am to 5pm", "9-5", "from 9:00 to
    17:00", "între 9 și 17": 8), else None. A span without am/pm or minutes counts only after
    a word that opens a span ("from", "între", "de la") and starting in the morning (5 to
    12), or as the idiom "9-5", never with a unit after it ("from 8 to 16 GPUs"); its end
    comes within 12 hours ("from 9 to 5" ends at 17). An end before the start wraps past
    midnight ("22:00 to 06:00": 8). With days of the week stated (``week``: "9-6 Monday to
    Friday", "9 to 6, weekdays", "9-17 în zilele lucrătoare") a bare morning-to-afternoon span
    (7-10 to 3-7 or 15-19) is office hours too (audit cost #1: priced at 24 h/day)."""
    for m in _CLOCK_SPAN.finditer(folded):
        h1, h2 = int(m.group("h1")), int(m.group("h2"))
        ap1, ap2, lead = m.group("ap1"), m.group("ap2"), m.group("lead")
        joined = folded[m.end("h1"):m.start("h2")]
        if re.search(r"\b(?:and|si)\b", joined) and lead not in ("between", "intre",
                                                                 "intre orele"):
            continue  # "2 and 4" is a pair of numbers; "între 9 și 17" a span
        if not (ap1 or ap2 or (m.group("m1") and m.group("m2"))) and (
                _COUNTED.match(folded, m.end())
                or not ((lead and 5 <= h1 <= 12) or ((h1, h2) == (9, 5) and not lead)
                        or (week and not lead and 7 <= h1 <= 10
                            and (3 <= h2 <= 7 or 15 <= h2 <= 19)))):
            continue  # plain numbers: only a morning start after "from", or "9-5"
        if h1 > 24 or h2 > 24 or (ap1 and not 1 <= h1 <= 12) or (ap2 and not 1 <= h2 <= 12):
            continue
        end = (h2 % 12 + (12 if ap2 == "p" else 0) if ap2 else h2) * 60 + int(m.group("m2") or 0)
        if ap1:
            start = (h1 % 12 + (12 if ap1 == "p" else 0)) * 60
        elif ap2:  # "9 to 5pm" is 9am, "1 to 5pm" is 1pm: the later reading before the end
            start = max((h * 60 for h in (h1 % 12, h1 % 12 + 12) if h * 60 < end),
                        default=h1 * 60)
        else:
            start = h1 * 60
        start += int(m.group("m1") or 0)
        if not ap2 and end <= start < end + 12 * 60 and h2 <= 12:
            end += 12 * 60  # "9 to 5", "9:00 to 5:00": the afternoon
        minutes = (end - start) % (24 * 60)
        if minutes:
            return minutes / 60
    return None


# hours of use a week or a month: "2 hours a week", "20 hours per week", "10 hours a month",
# "40 hrs/month", "3 hours weekly", "2 ore pe săptămână", "20 de ore pe săptămână", "10 ore pe
# lună", "10 ore lunar" (never hours of audio or video: "500 hours of audio a month" has words
# between; GPU-hours are a job's size, "1,000 GPU-hours a month": a word between too)
_PERIOD_HOURS = re.compile(
    r"(?<![\w.,-])(\d{1,3}(?:[.,]\d)?)\s*+(?:de\s++)?(?:hours?|hrs?|h|ore|ora)\s*+"
    r"(?:(?:a|per|pe|/|each|every|in a|on a|intr-o)\s*+(?P<per>week|saptamana|month|luna)\b"
    r"|(?P<adv>weekly|saptamanal|monthly|lunar)\b)")
_PERIOD_HOURS_OF = {"week": "week", "saptamana": "week", "weekly": "week",
                    "saptamanal": "week", "month": "month", "luna": "month",
                    "monthly": "month", "lunar": "month"}
# days of the week named as a schedule: "every Saturday", "each Monday and Thursday", "on
# Saturdays", "Mondays and Fridays", "în fiecare sâmbătă", "în fiecare luni și joi", "lunea
# și joia" (a weekday alone, "on Saturday", is one day, and "by Friday" a deadline)
_DAY_EN = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_DAY_RO = r"(?:luni|marti|miercuri|joi|vineri|sambata|duminica)"
_DAY_RO_EACH = r"(?:lunea|martea|miercurea|joia|vinerea)"
_EVERY_WEEKDAY = re.compile(
    r"\b(?:every|each)\s++" + _DAY_EN + r"s?+(?:\s*+(?:,|and|&|or)\s*+(?:every\s++)?"
    + _DAY_EN + r"s?+)*+\b"
    r"|\b" + _DAY_EN + r"s(?:\s*+(?:,|and|&|or)\s*+" + _DAY_EN + r"s?+)*+\b"
    r"|\bin fiecare\s++" + _DAY_RO + r"(?:\s*+(?:,|si|sau)\s*+(?:in fiecare\s++)?" + _DAY_RO
    + r")*+\b"
    r"|\b" + _DAY_RO_EACH + r"(?:\s*+(?:,|si|sau)\s*+(?:" + _DAY_RO_EACH + r"|sambata"
    r"|duminica))*+\b")
_DAY_NAME = re.compile(r"\b(?:(mon)day|(tues)day|(wednes)day|(thurs)day|(fri)day|(satur)day"
                       r"|(sun)day|(luni|lunea)|(marti|martea)|(miercuri|miercurea)"
                       r"|(joi|joia)|(vineri|vinerea)|(sambata)|(duminica))")
_DAY_INDEX = {"mon": 0, "tues": 1, "wednes": 2, "thurs": 3, "fri": 4, "satur": 5, "sun": 6,
              "luni": 0, "lunea": 0, "marti": 1, "martea": 1, "miercuri": 2, "miercurea": 2,
              "joi": 3, "joia": 3, "vineri": 4, "vinerea": 4, "sambata": 5, "duminica": 6}


def _weekday_count(folded: str) -> int | None:
    """The days of the week a schedule names (:data:`_EVERY_WEEKDAY`: "every Saturday" 1,
    "Mondays and Thursdays" 2, "în fiecare sâmbătă" 1), or None where it names none."""
    m = _EVERY_WEEKDAY.search(folded)
    if m is None:
        return None
    days = {_DAY_INDEX[next(g for g in d.groups() if g)]
            for d in _DAY_NAME.finditer(m.group(0))}
    return len(days) or None


def _period_hours(folded: str) -> tuple[float, str, int] | None:
    """Hours of use a week or a month ``folded`` states (:attr:`Stated.period_hours`): (hours,
    "week" | "month", the fewest days that hold them), or None; never more than the period
    has (168 h a week, 720 h a month)."""
    m = _PERIOD_HOURS.search(folded)
    if m is None:
        return None
    hours = _num(m.group(1))
    period = _PERIOD_HOURS_OF[m.group("per") or m.group("adv")]
    if not 0 < hours <= 24.0 * (7 if period == "week" else MONTH_DAYS):
        return None
    return hours, period, -int(-hours // 24)


def _days_per_week(folded: str) -> float | None:
    """Days of use a week that ``folded`` states (:attr:`Stated.days_per_week`)."""
    wm = _PER_WEEK.search(folded)
    if wm:
        return float(wm.group(1))
    named = _weekday_count(folded)
    if named is not None:
        return float(named)
    if _WEEKDAYS.search(folded):
        return 5.0
    if _WEEKENDS.search(folded):
        return 2.0
    return None


# tokens at a rate of a day, an hour, a week or a month: "1M tokens a day", "1.000.000 de
# tokeni pe zi", "1,5 milioane de tokeni pe oră" (each period's tokens one run of a job),
# their kind said after them too: "100M de tokeni de ieșire pe lună", "tokeni generați pe
# zi", "tokens of output a month" (audit buyer17b #4: the Romanian month lost its lead)
_TOKEN_RATE = re.compile(
    _TOKENS.pattern + r"(?:\s++(?:(?:de|la|in)\s++(?:iesire|intrare)\b|generat\w*+|noi\b"
    r"|of\s++(?:output|input)\b|out\b))?+"
    r"\s*+(?:(?:a|an|per|pe|/|each|every|on a|in a|intr-o)\s*+"
    r"(?P<per>day|zi|hour|hr|h|ora|week|saptamana|month|luna)\b"
    r"|(?P<adv>daily|zilnic|hourly|weekly|saptamanal|monthly|lunar)\b)")
_TOKEN_RATE_PERIOD = {"day": "day", "zi": "day", "daily": "day", "zilnic": "day",
                      "week": "week", "saptamana": "week", "weekly": "week",
                      "saptamanal": "week", "month": "month", "luna": "month",
                      "monthly": "month", "lunar": "month"}


# a month, a day or a week said before the tokens it is for: "per month cost for 1B output
# tokens", "how much per month does 20M output tokens cost", "cât costă pe lună 100M tokeni de
# ieșire", "monthly cost of 1B tokens", "the monthly bill for 500M tokens", "$/month for 1B
# tokens", "cât costă pe zi 5M de tokeni", "how much per week for 70M tokens" ("in a day",
# "într-o zi", "in a week" are a deadline, never a day's tokens)
_PERIOD_CUE = re.compile(r"(?:\b(?:per|pe|a|each|every|in fiecare)\s++|/\s*+)"
                         r"(?P<per>month|luna|mo|day|zi|week|saptamana)\b"
                         r"|\b(?:in a|intr-o)\s++(?P<within>month|luna)\b"
                         r"|\b(?P<adv>monthly|daily|weekly)\b"
                         r"|\b(?P<ro>lunar|zilnic|saptamanal)\w*+")
_CUE_PERIOD = {"month": "month", "luna": "month", "mo": "month", "monthly": "month",
               "lunar": "month", "day": "day", "zi": "day", "daily": "day", "zilnic": "day",
               "week": "week", "saptamana": "week", "weekly": "week", "saptamanal": "week"}
# what may stand between that month and the tokens: a few words, no amount, number, budget
# or end of a sentence ("monthly budget of $500: can I run 100M tokens?" is a budget)
_MONTH_CUE_GAP = 48
_MONTH_GAP_STOP = re.compile(r"[\d$€£;?!]|\.(?:\s|$)|\b(?:budget\w*+|buget\w*+|usd|eur|euro|lei"
                             r"|ron|dollars?|dolari)\b")
# tokens that are no month's job: a rate or a length after them ("1M tokens/s", "100M tokens
# per request", "1M tokens of context")
_NOT_JOB_TOKENS = re.compile(r"\s*+(?:/|(?:per|pe|a|an|each|every|in a)\s++(?!month|luna)\w"
                             r"|(?:of\s++|de\s++)?(?:context|window|prompt))")


def _period_before_tokens(text: str) -> str | None:
    """The period ("month", "day" or "week") said right before a job's tokens, a few words
    before them with nothing between that is an amount or a new sentence ("per month cost
    for 1B output tokens", "Cât costă pe lună 100M tokeni de ieșire", "cât costă pe zi 5M de
    tokeni"): those tokens are the period's, as "1B output tokens per month" reads (audit
    buyer18b #4: one job's cost led, no month and no always-on endpoint; daily: "pe zi"
    before the tokens was one job, no day's figure and no month). The nearest such period
    wins; the hours of use a day ("8 hours a day") are no period of tokens. A training run's
    tokens keep their one run ("monthly cost to fine-tune on 100M tokens")."""
    if _TRAIN.search(text) or _FINETUNE.search(text):
        return None
    def blank(m: re.Match[str]) -> str:
        return " " * len(m.group())
    cued = _USAGE_PER.sub(blank, _PER_DAY.sub(blank, text))
    for tm in _TOKENS.finditer(text):
        if (_num(tm.group(1)) * _SCALE.get(tm.group(2) or "", 1.0) < 100_000
                or _NOT_JOB_TOKENS.match(text, tm.end())):
            continue
        period = None
        for cue in _PERIOD_CUE.finditer(cued, max(0, tm.start() - _MONTH_CUE_GAP - 12),
                                        tm.start()):
            gap = text[cue.end():tm.start()]
            if len(gap) <= _MONTH_CUE_GAP and not _MONTH_GAP_STOP.search(gap):
                word = next(g for g in cue.groups() if g)
                period = _CUE_PERIOD[word]
        if period is not None:
            return period
    return None


def _token_runs(text: str) -> tuple[float, str] | None:
    """A token job stated at a rate ("1M tokens a day"), as the runs of that job: one a day
    (a week, a month), or one an hour, the hours of use a day (24 unless stated) a day; a
    month asked is then 30 of those days' jobs, as any recurring job's (audit ask_reading:
    "cât costă pe lună ... 1.000.000 de tokeni pe zi" priced one day's job, 0,07 USD). A
    month (a day, a week) said before the tokens is one run a month (a day, a week:
    :func:`_period_before_tokens`)."""
    m = _TOKEN_RATE.search(text)
    if m is None:
        before = _period_before_tokens(text)
        return (1.0, before) if before is not None else None
    if _num(m.group(1)) * _SCALE.get(m.group(2) or "", 1.0) < 100_000:
        return None  # a job's tokens are from 100,000 up (:func:`details`)
    per = m.group("per") or m.group("adv")
    if per in ("hour", "hr", "h", "ora", "hourly"):
        hd = _PER_DAY.search(text)
        hours = _day_hours(hd) if hd else 24.0
        return (hours, "day") if 0 < hours <= 24 else None
    return 1.0, _TOKEN_RATE_PERIOD[per]


def _volume_load(folded: str, hours_per_day: float | None, days: float | None
                 ) -> tuple[float, str, float, float] | None:
    """:attr:`Stated.throughput_volume`: tokens a day, a week or a month in a question that
    counts GPUs (:data:`_COUNT_Q`) and asks no cost nor training, with a day of the hours of
    use stated (24 unless stated), a month of the days stated (:data:`MONTH_DAYS` unless
    stated, the recommendations' usage convention) and a week of 7 days. The tokens are the
    endpoint's output, as /v1/recommendations' ``target_output_tokens_per_s`` reads a rate."""
    if (not _COUNT_Q.search(folded) or _COST_ASKED.search(folded) or _TRAIN.search(folded)
            or _FINETUNE.search(folded)):
        return None
    m = _TOKEN_RATE.search(folded)
    if m is None:
        return None
    per = _TOKEN_RATE_PERIOD.get(m.group("per") or m.group("adv") or "")
    tokens = _num(m.group(1)) * _SCALE.get(m.group(2) or "", 1.0)
    if per is None or tokens < 100_000:
        return None  # an hour's tokens stay a job's runs (:func:`_token_runs`)
    return tokens, per, hours_per_day or 24.0, {"day": 1.0, "week": 7.0,
                                                 "month": days or MONTH_DAYS}[per]


def _runs_period_only(folded: str) -> bool:
    """:attr:`Stated.runs_period_only`: a day, week or year reads as asked (the cost intent's
    sub, :func:`_period_asked`), but none is left once the runs are blanked ("every week",
    "once a day", "twice a week"; "daily", "weekly" stay: "daily cost" asks a day)."""
    if _period_asked(folded) is None:
        return False
    rest = _JOB_RUNS.sub(lambda m: m.group() if m.group("adv") else " ",
                         _PER_DAY.sub(" ", folded))
    return _period_asked(rest) is None


# a period's adverb that names the cost asked, not how often the job runs: "weekly cost",
# "daily bill", "costul săptămânal" (a schedule stated beside it, "twice a day", "every day",
# is the runs; audit totalread: "weekly cost of 10M tokens twice a day" ran once a week)
_ADV_COST_AFTER = re.compile(r"\s*+(?:costs?|bill|billing|price|spend|spending|budget|total"
                             r"|expenses?|charges?|factur\w*+|pret\w*+)\b")
_ADV_COST_BEFORE = re.compile(r"\b(?:cost\w*+|pret\w*+|factur\w*+|cheltuial\w*+)\s++$")


def _period_cost_word(text: str, m: re.Match[str]) -> bool:
    """Whether the :data:`_JOB_RUNS` match ``m`` is an adverb of the cost asked ("weekly
    cost", "costul săptămânal"), not the job's runs."""
    return bool(m.group("adv") and (_ADV_COST_AFTER.match(text, m.end())
                                    or _ADV_COST_BEFORE.search(text, 0, m.start())))


def _runs_text(folded: str) -> str:
    """``folded`` as the run readers (:func:`_job_runs`, :func:`_schedule_said`) read it: the
    hours of use a day ("8 hours daily") and a checkpoint's interval ("a checkpoint every
    hour") blanked, neither a run."""
    return _CHECKPOINT_EVERY.sub(" ", _PER_DAY.sub(" ", folded))


def _job_runs(folded: str) -> tuple[float, str] | None:
    """How often a job runs (:attr:`Stated.job_runs`), read with the hours of use a day
    ("8 hours daily") blanked: those are a day's use, not runs; "how much would I pay every
    month" asks a month's cost, no run a month. Tokens at a rate are runs too
    (:func:`_token_runs`). A checkpoint's interval ("a checkpoint every hour") is no run."""
    text = _runs_text(folded)
    found = list(_JOB_RUNS.finditer(text))
    m = next((x for x in found if not _period_cost_word(text, x)), None)
    if m is None and found:
        # "weekly cost of 10M tokens a day": the week is the cost asked, the tokens' day the
        # runs; "weekly cost of the job" (no other schedule): a weekly job, as before
        return _token_runs(folded) or (1.0, _PERIOD_OF[found[0].group("adv")])
    if m is None:
        return _token_runs(folded)
    if m.group("period") in ("month", "luna") and _MONEY_BEFORE.search(text, 0, m.start()):
        # a month's cost asked, no run a month; tokens after it are a month's
        # ("how much would I pay every month for 200M tokens")
        return _token_runs(folded)
    if m.group("period") or m.group("adv"):
        return 1.0, _PERIOD_OF[m.group("period") or m.group("adv")]
    if m.group("hourly") or m.group("hourly2") or m.group("hourly3"):
        return 24.0, "day"  # an hourly job: 24 runs a day
    if m.group("tadv") or m.group("radv"):  # "twice-daily", "zilnic de două ori"
        count = m.group("tn") or m.group("rn") or m.group("tw") or m.group("rw")
        n = float(count) if count.isdigit() else _RUN_COUNT[count.split()[0]]
        return (n, _PERIOD_OF[m.group("tadv") or m.group("radv")]) if n else None
    if m.group("every"):  # "every 2 weeks": half a run a week
        every = m.group("every")
        k = float(every) if every.isdigit() else _EVERY[every]
        return (1 / k, _PERIOD_OF[m.group("unit")]) if k else None
    n = float(m.group("n")) if m.group("n") else _RUN_COUNT[m.group("word")]
    return (n, _PERIOD_OF[m.group("per")]) if n else None


# a run on each day of a set of days: "every weekend day", "each weekday", "on every business
# day", "în fiecare zi lucrătoare", "în fiecare zi de weekend"
_EACH_DAY_OF = re.compile(
    r"\b(?:every|each|in fiecare)\s++(?:weekend[\s-]*+day|week[\s-]*+day|business\s++day"
    r"|working\s++day|work[\s-]*+day|zi\s++lucratoare|zi\s++de\s++weekend)\b")
# office or business hours: "during office hours", "business hours", "în program de birou",
# "în orele de program" (read as 9:00 to 17:00, Monday to Friday: Stated.office_hours)
_OFFICE = re.compile(r"\b(?:office|business|working|work)\s++hours\b"
                     r"|\bprogram(?:ul(?:ui)?)?\s++(?:de\s++)?(?:birou|lucru)\b"
                     r"|\borel[e]?\s++de\s++(?:birou|lucru|program)\b")
_OFFICE_HOURS = 8.0
# a share of the time used: "30% of the time", "30 percent of the time", "at 40% utilization",
# "40% utilisation", "utilization of 40%", "30% din timp", "utilizare de 40%", "grad de
# utilizare 40%", "40% utilizare" (audit buyer29a #5: dropped, the month priced at 24 h/day)
_PCT = r"(\d{1,2}(?:[.,]\d++)?)\s*+(?:%|percent|la suta|procent\w*+)"
_UTIL = r"(?:utili[sz]ation|utili[sz]ed|utilizare|utilizat\w*+)"
_USE_SHARE = re.compile(
    _PCT + r"\s++(?:of\s++the\s++time|of\s++(?:the\s++)?(?:day|month)|din\s++timp"
    r"|din\s++(?:zi|luna))\b"
    r"|" + _PCT + r"\s++(?:gpu\s++)?" + _UTIL + r"\b"
    r"|\b" + _UTIL + r"\s++(?:rate\s++)?(?:of|de|at|la|around|about|circa)?\s*+(?:~\s*+)?" + _PCT)
# a training run's utilisation is its model FLOPs share (MFU), never a share of the time
_USE_SHARE_NOT = re.compile(r"\b(?:mfu|flops?|train\w*+|pretrain\w*+|fine[\s-]?tun\w*+"
                            r"|antren\w*+|compute\s++utili[sz]ation)\b")


def use_share(folded: str) -> float | None:
    """The share of the time used that ``folded`` states (:data:`_USE_SHARE`), in percent
    (1 to 99), or None; never in a training question (its utilisation is MFU)."""
    m = _USE_SHARE.search(folded)
    if m is None or _USE_SHARE_NOT.search(folded):
        return None
    pct = _num(next(g for g in m.groups() if g))
    return pct if 0 < pct < 100 else None
"""Office hours: 9:00 to 17:00, the traditional "9 to 5" business hours of the US, the UK
and Australia, on weekdays (Wikipedia, "Business hours": "the hours between 9 am and 5 pm
... are typically considered to be standard business hours ... Business hours usually occur
on weekdays")."""
_RUN_LIMIT_BEFORE = re.compile(r"\b(?:in|within|under|below|by|before|sub|in maxim|in cel mult"
                              r"|intr-un|in mai putin de|less than)\s*+$")


# a run's length in seconds beside a run's word: "a 30-second job" (_SECONDS_JOB), "100 jobs a
# day of 30 seconds each", "jobs of 45 secs", "runs lasting 30 seconds", "100 de joburi pe zi de
# 30 de secunde fiecare" (audit buyer29a #3: no length read, the month priced at 24 h/day)
_RUN_WORD = (r"(?:jobs?|runs?|tasks?|sessions?|batch(?:es)?|joburi\w*+|job-uri\w*+|rulari\w*+"
             r"|sesiuni\w*+|sarcini\w*+)")
_RUN_SECONDS = re.compile(
    r"\b" + _RUN_WORD + r"\b[^.;?!\d]{0,30}?\b(?:of|de|lasting|taking|each|fiecare|cu durata de"
    r"|durand)\s++(?:(?:about|around|circa|cate)\s++)?(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?"
    r"(?:seconds?|secs?|secunde|secunda)\b")
# runs a day counted with a job's word: "100 jobs a day", "1000 runs per day", "100 de joburi
# pe zi" (up to 1,440 a day, as /v1/recommendations' sessions_per_day; _JOB_RUNS reads two
# digits)
_JOBS_A_DAY = re.compile(
    r"(?<![\w.])(\d{1,4})\s*+(?:de\s++)?" + _RUN_WORD
    + r"\s++(?:a|per|pe|each|every|on a|in a|intr-o)\s++(?:day|zi)\b")
_SESSIONS_MOST = 1440
"""The most runs a day read (a minute apart): /v1/recommendations' ``sessions_per_day``
limit (fields.SessionsPerDay)."""


def _run_seconds_hours(folded: str) -> float | None:
    """A run's length stated in seconds (:data:`_SECONDS_JOB`, :data:`_RUN_SECONDS`), in
    hours, or None."""
    m = _SECONDS_JOB.search(folded) or _RUN_SECONDS.search(folded)
    if m is None:
        return None
    value = _num(next(g for g in m.groups() if g))
    return value / 3600 if value > 0 else None


def _scheduled_runs(folded: str, sessions: int | None, runs: tuple[float, str] | None
                    ) -> tuple[float, int, float] | None:
    """(hours of use a day, runs a day, hours of one run) of runs on a schedule with a run
    length stated: "a nightly batch job of 2 hours" (2, 1, 2), "20 minutes, 6 times a day"
    (2, 6, 1/3), "4 times a day for 30 minutes each", "a 6-hour job every weekend day" (on
    the days :func:`_days_per_week` reads), "în fiecare noapte un job de 3 ore". The length
    is hours or minutes, up to a day, never a deadline ("finishes in 2 hours"); the runs are
    a day's ("N times a day", "every night", "daily", "every weekend day"), never a week's
    (a weekly job stays a job priced per run, :attr:`Stated.job_runs`). Was 24 h/day (audit
    cost #1: $928.80/month for a 2-hour nightly job on an H100, $77.40 billed)."""
    dm = _DURATION.search(_CHECKPOINT_EVERY.sub(" ", folded))
    seconds_h = _run_seconds_hours(folded) if dm is None else None
    if seconds_h is not None:
        run_h = seconds_h  # "100 jobs a day of 30 seconds each" (audit buyer29a #3)
    elif dm is None or dm.group(2)[0] not in "hom" or _RUN_LIMIT_BEFORE.search(folded, 0,
                                                                                dm.start()):
        return None  # hours, "ore"/"ora" or minutes; days and weeks are no run of a day
    else:
        run_h = _hours(_num(dm.group(1)), dm.group(2))
    jm = _JOBS_A_DAY.search(folded)
    if sessions:
        n = sessions
    elif runs is not None and runs[1] == "day" and runs[0] >= 1 and runs[0].is_integer():
        n = int(runs[0])
    elif jm is not None and 1 <= int(jm.group(1)) <= _SESSIONS_MOST:
        n = int(jm.group(1))  # "100 jobs a day" (_JOB_RUNS reads up to 99)
    elif _EACH_DAY_OF.search(folded) or _weekday_count(folded) is not None:
        n = 1  # ("every Saturday for 4 hours": a run on each day named, audit buyer31b #1)
    else:
        return None
    if not 0 < run_h * n <= 24:
        return None
    return run_h * n, n, run_h


_ON_DEMAND = re.compile(r"\bon[- ]demand\b|\bla cerere\b")
_ONE_CARD = re.compile(r"\b(?:one|single|alone|singur|singura)\b")
# a video's length: "a 5 second video", "a 10-second 720p video", "10 seconds of video", "1
# minute of video", "a one-minute clip", "un video de 10 secunde", "un minut de video"; a word
# for one only before a minute ("a second video" is another video, not a 1-second one)
_CLIP_UNIT = r"(seconds?|secunde|secunda|sec|s|minutes?|minute|minut|min)\b"
_CLIP_SIZE = r"(?:(?:de\s++)?(?:\d{3,4}p|\d{3,4}\s*+[x×]\s*+\d{3,4})\s++)?"
_CLIP = re.compile(
    r"(?<![\w.])(\d{1,3}(?:[.,]\d)?|(?:a|an|one|un|o)(?=[\s-]++min))[\s-]*+" + _CLIP_UNIT
    + r"[\s-]*+(?:long\s++)?(?:" + _CLIP_SIZE + r"(?:video|clip)|(?:of|de)\s++" + _CLIP_SIZE
    + r"video)"
    r"|\b(?:video|clip)\w*+\s++" + _CLIP_SIZE + r"(?:of|de)\s++"
    r"(\d{1,3}(?:[.,]\d)?|(?:a|an|one|un|o)(?=\s++min))\s*+" + _CLIP_UNIT)
# a video's height as "480p" / "1080p" (no space: "480 p" is no size)
_VIDEO_P = re.compile(r"(?<![\w.])(\d{3,4})p\b")


# a unit of video priced: "cost per minute of (generated) video", "pe minut de video (generat)",
# "per second of video" (buyer audit 26c #2: read as billing granularity); the same clip as
# "one minute of video", never billing ("billed per minute": _BILL_WORD)
_PER_VIDEO_UNIT = re.compile(
    r"\b(?:per|pe|each|a)\s++(minute|minut|minutul|second|secunda)\s++(?:of|de)\s++"
    r"(?:generated\s++|generat\s++)?video\b")


# a video's frame rate: "24 fps", "24fps", "24 frames per second", "24 frames/s", "24 de cadre
# pe secunda", "24 cadre/s"
_FPS_SAID = re.compile(
    r"(?<![\w.])(\d{1,3}(?:[.,]\d{1,3})?)\s*+(?:fps\b|(?:de\s++)?(?:frames?|cadre)\s*+"
    r"(?:per\s++|pe\s++|/\s*+)(?:second|secunda|sec|s)\b)")
# a clip's frames: "81 frames", "a 129-frame clip", "81 de cadre"; never a rate ("24 frames per
# second": _FPS_SAID)
_FRAMES_SAID = re.compile(
    r"(?<![\w.])(\d{1,4})[\s-]*+(?:de\s++)?(?:frames?|cadre)\b"
    r"(?!\s*+(?:per|pe|/|a)\s*+(?:second|secunda|sec|s)\b)")
# a length said with its frame rate and no word for the video: "5 seconds at 24 fps", "5 s @ 24
# fps", "5 secunde la 24 fps" (_CLIP needs "video" or "clip" after the length)
_SECONDS_AT_FPS = re.compile(
    r"(?<![\w.])(\d{1,3}(?:[.,]\d)?)[\s-]*+(?:seconds?|secunde|secunda|sec|s)\s++"
    r"(?:at|la|@|of|de|in)\s*+\d{1,3}(?:[.,]\d{1,3})?\s*+(?:fps|(?:de\s++)?(?:frames?|cadre)"
    r"\s*+(?:per|pe|/))")


def _clip_fps(folded: str) -> float | None:
    """:attr:`Stated.clip_fps` (1 to 240 frames a second)."""
    fm = _FPS_SAID.search(folded)
    fps = _num(fm.group(1)) if fm else 0.0
    return fps if 1 <= fps <= 240 else None


def _clip_frames(folded: str) -> int | None:
    """:attr:`Stated.clip_frames` (2 to 2,049: /v1/sizing's ``num_frames`` bound)."""
    fm = _FRAMES_SAID.search(folded)
    n = int(fm.group(1)) if fm else 0
    return n if 2 <= n <= 2049 else None


def _clip_seconds(folded: str) -> float | None:
    """The video length :data:`_CLIP` reads, in seconds (or :data:`_PER_VIDEO_UNIT`'s, or
    :data:`_SECONDS_AT_FPS`')."""
    cm = _CLIP.search(folded)
    if cm is None:
        am = _SECONDS_AT_FPS.search(folded)
        if am is not None:
            return _num(am.group(1)) or None
        um = _PER_VIDEO_UNIT.search(folded)
        if um is not None and not _BILL_WORD.search(folded):
            return 60.0 if um.group(1).startswith("min") else 1.0
        return None
    raw, unit = (cm.group(1), cm.group(2)) if cm.group(1) else (cm.group(3), cm.group(4))
    value = 1.0 if raw in ("a", "an", "one", "un", "o") else _num(raw)
    return value * (60.0 if unit.startswith("min") else 1.0) or None


def _video_height(folded: str) -> int | None:
    """The height of a video written as "720p" (144p to 4320p, the heights such names go
    by)."""
    vm = _VIDEO_P.search(folded)
    return int(vm.group(1)) if vm and 144 <= int(vm.group(1)) <= 4320 else None
_EUR = re.compile(r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?(?:eur|euro|euros)\b"
                  r"|(?:€|\beur\b)\s*+(\d++(?:[.,]\d++)?)|(?<!\d)(\d++(?:[.,]\d++)?)\s*+€")
_IN_EUR = re.compile(r"\b(?:eur|euro|euros)\b|€")
# a card's memory above a size (Stated.memory_above_gb): "with more than 80 GB", "over 80GB of
# VRAM", "> 80 GB", "cu peste 80 GB", "mai mult de 80 GB"; never an amount of data or of disk
_MEMORY_ABOVE = re.compile(
    r"(?:\b(?:more than|over|above|greater than|larger than|bigger than|peste|mai mult de"
    r"|mai mare de)\s++|(?<![<>=])>\s*+)(\d{1,3})\s*+(?:gb|gib|g)\b"
    r"(?!\s*+(?:of|de)\s++(?:data|date|text|files|fisiere|datasets?|storage|stocare|disk"
    r"|disc|trafic|egress|ram)\b|\s*+(?:data|date|storage|stocare|disk|disc|egress|ram)\b)")
_MIN_MEMORY = re.compile(
    r"\b(?:at least|minimum(?: of)?|min\.?|no less than|cel putin|minim(?:um)?|macar)\s++"
    r"(\d{1,3})\s*+(?:gb|gib|g)\b"
    r"|(?<![\d.])(\d{1,3})\s*+(?:gb|gib|g)\s*+(?:or more|\+|sau mai mult|ori mai mult)"
    r"|(?<![\d.])(\d{1,3})\s*+\+\s*+(?:gb|gib)\b|>=\s*+(\d{1,3})\s*+(?:gb|gib|g)\b")
# the tokens one request generates, as a verb or an answer states them (audit regress3 #1,
# #11): "generate 500 tokens", "generate 2k tokens" ("k" is 1,024, as "2k output" and a
# context's "8k" are: :func:`_out_count`; it was 512 assumed), "write 4000 tokens", "să
# genereze 300 de tokeni", "generează Llama 3.1 8B 300 de tokeni" (up to four words between:
# the model), "a 2000-token answer", "an answer of 2,000 tokens", "un răspuns de 2000 de
# tokeni"; never a rate ("generate 100 tokens/s") nor a context or prompt ("generate text
# from 2000 tokens of context", "a 30k-token prompt")
_GEN_NUM = r"(?<![\d.,])(\d{1,6}(?![\d.,]|\s*+k\b)|\d{1,2}\s*+k\b)"
_GEN_NOT_RATE = (r"(?!\s*+(?:/|(?:per|pe|a|an|each|every)\s++(?:second|sec|secunda|minute|minut"
                 r"|hour|ora|day|zi)\b))")
_GEN_NOT_CTX = (r"(?![\s-]*+(?:(?:of|de)\s++)?(?:context\w*+|ctx|prompt\w*+|input\w*+|intrare"
                r"|window)\b)")
_GENERATED = (r"|\b(?:gener\w*+|produc(?!tion|tie)\w*+|writ(?:e|es|ing|ten)|scri(?:e|i|u|em|eti"
              r"|ere|erea)|emit\w*+)\s++(?:[^\s?!,;]++\s++){0,4}?"
              r"(?:(?:about|around|cca|aproximativ)\s++)?"
              + _GEN_NUM + r"\s*+(?:de\s++)?(?:tokens?|tokeni|token-uri)\b" + _GEN_NOT_RATE
              + _GEN_NOT_CTX
              # "a 2000-token answer", "2k-token responses"
              + r"|" + _GEN_NUM + r"\s*+-?\s*+(?:tokens?|tokeni)[\s-]++(?:long\s++)?(?:answers?"
              r"|responses?|repl(?:y|ies)|completions?|outputs?|generations?"
              # "200-token summaries", "500-token translations": each item's output (audit
              # batch B5: 512 was assumed "where the question states none")
              r"|summar(?:y|ies)|translations?)\b"
              # "an answer of 2,000 tokens", "un răspuns de 2000 de tokeni", "rezumate de 200
              # de tokeni", "summaries of 200 tokens"
              r"|\b(?:answers?|responses?|repl(?:y|ies)|completions?|raspuns\w*+"
              r"|summar(?:y|ies)|translations?|rezumat\w*+|traduceri\w*+)\s++(?:(?:of|de)\s++)?"
              # ("answers of ~200 tokens", "răspunsuri de ~200 de tokeni": audit buyer19 #1;
              # "answers ~1500 tokens", "answers about 300 tokens": no "of", fix/leftovers)
              r"(?:(?:about|around|cca|aproximativ)\s++|~\s*+)?" + _GEN_NUM
              + r"\s*+(?:de\s++)?(?:tokens?|tokeni|token-uri)\b" + _GEN_NOT_RATE)


def _out_count(raw: str) -> int:
    """A count :data:`_OUTPUT_TOKENS` read: "500" is 500, "2k" 2,048 (a token count's "k" is
    1,024 here, as :func:`~service.domain.answer.understand.input_output_tokens` reads "2k
    output" and a context's "8k")."""
    s = raw.replace(" ", "")
    return length_tokens(int(s[:-1]), "k") if s.endswith("k") else int(s)


_OUTPUT_TOKENS = re.compile(
    # ("0 new tokens", "0 tokeni noi": max_new_tokens's output; audit regress6 5)
    # (never a rate: "2,000 output tokens per second", "30 output tok/s per user", "2.000 de
    # tokeni de ieșire pe secundă" are a load or a speed, _TPS_TARGET; audit aggrate24: they
    # were requests of 2,000 and 30 output tokens)
    # ("300 response tokens", "300 answer tokens": audit buyer24b #1)
    r"(?<![\w.])(\d{1,6})\s*+(?:de\s++)?(?:output|generated|out|completion|response|reply"
    r"|answer|new)\s++(?:tokens?|tokeni)\b" + _GEN_NOT_RATE
    + r"|(?<![\w.])(\d{1,6})\s*+(?:de\s++)?(?:tokens?|tokeni)\s++"
    # ("500 de tokeni ieșire": no "de" before the kind, as "500 tokens output"; it was the
    # 512 default, audit roparse23; "300 tokeni răspuns", "300 de tokeni de răspuns",
    # "300 tokens of completion": audit buyer24b #1; "500 tokens generated", never "prompts of
    # 500 tokens generating 200 tokens each", whose 200 is the output: audit buyer31a #2 read 500)
    r"(?:of (?:output|completion|response|answer)"
    r"|(?:(?:de|la|in|pentru)\s++)?(?:iesire|raspuns\w*+)\b|out|generat(?!ing)\w*+|noi\b)"
    + _GEN_NOT_RATE
    # "2000 input tokens and 300 output", "1000 de tokeni de intrare și 200 de ieșire",
    # "800 prompt tokens and 200 completion", "500 tokeni prompt și 150 răspuns"
    + r"|\b(?:input|prompt|intrare)\b[^\d?]{0,25}?\b(?:and|si|plus)\s++(\d{1,6})\s*+"
    rf"(?:de\s++)?(?:output|out|iesire|{OUTPUT_NOUNS})\b"
    # the verb before the count: "generate 500 tokens", "să generez 500 de tokeni" (not a
    # rate, "generate 100 tokens/s"; audit ask_intents3: read as a 500-token context)
    + _GENERATED)
_LEI = re.compile(r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?(?:lei|ron)\b")
_IN_LEI = re.compile(r"\b(?:in|pe|cu) lei\b|\blei\b|\b(?:in|into|to|pe|cu) ron\b")
"""Prices asked in lei: "în lei", "în RON", "in ron" (audit ask_ro #9: "în RON" gave USD with
no notice); a bare "Ron" may be a name, so "RON" alone counts only in capitals
(:data:`_RON_CODE`)."""
_RON_CODE = re.compile(r"\bRON\b")
_OTHER_MONEY = {
    "GBP": r"gbp|pounds?(?: sterling)?|lire(?: sterline)?|lira sterlina",
    "CHF": r"chf|swiss francs?|franci elvetieni|franc elvetian",
}
"""Other currencies the catalog cannot convert to: pounds and Swiss francs, by code or name
("lire" alone is Romanian for pounds)."""
_OTHER_AMOUNT = {
    code: re.compile(rf"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?(?:{words})\b"
                     + (r"|£\s*+(\d++(?:[.,]\d++)?)|(?<![\w.])(\d++(?:[.,]\d++)?)\s*+£"
                        if code == "GBP" else ""))
    for code, words in _OTHER_MONEY.items()}
_OTHER_NAMED = {code: re.compile(rf"\b(?:{words})\b" + ("|£" if code == "GBP" else ""))
                for code, words in _OTHER_MONEY.items()}


def _other_currency(folded: str) -> tuple[str, float] | None:
    """The first other currency :data:`_OTHER_MONEY` the text names, with its amount (0 when
    none is stated)."""
    for code, amount in _OTHER_AMOUNT.items():
        if am := amount.search(folded):
            return code, _num(next(g for g in am.groups() if g))
    for code, named in _OTHER_NAMED.items():
        if named.search(folded):
            return code, 0.0
    return None
_PRECISION_WORD = re.compile(r"\b(bf16|bfloat16|fp16|float16|fp8|float8|fp4|nvfp4|mxfp4|int8|int4"
                             r"|fp32|tf32)\b")

_REGIONS = {
    "europe": "europe", "europa": "europe", "european": "europe",
    "us": "us", "usa": "us", "america": "north-america", "sua": "us", "asia": "asia",
    "germany": "de", "germania": "de", "romania": "ro", "france": "fr", "franta": "fr",
    "finland": "fi", "finlanda": "fi", "japan": "jp", "japonia": "jp", "canada": "ca",
    "iceland": "is", "islanda": "is", "norway": "no", "norvegia": "no", "sweden": "se",
    "suedia": "se", "netherlands": "nl", "olanda": "nl", "uk": "gb",
}
_WORD_RE = re.compile(r"[a-z0-9][a-z0-9.]*+")


def provider_words(registry: Registry) -> Mapping[str, str]:
    """The providers' other names (``catalog/providers.toml`` ``aliases``: "Lambda Labs",
    "Google Cloud", "Amazon", "DataCrunch", "S3" for AWS's storage) as a question's folded
    words write them ("lambda labs", "vast.ai") -> the provider's id, in the file's order: the
    names the providers filters read (``Catalog.provider_names``), read in a question too. They
    were a table of this module, without DataCrunch (buyer audit 28b #3)."""
    def make() -> dict[str, str]:
        out: dict[str, str] = {}
        for alias, pid in registry.provider_aliases.items():
            key = " ".join(w.rstrip(".") for w in _WORD_RE.findall(_fold(alias)))
            if key:
                out.setdefault(key, pid)
        return out

    return cast(Mapping[str, str], registry.derived.table("intent.provider_words", make))
def _provider_tokens(registry: Registry) -> frozenset[str]:
    """The providers' one-word names and ids as a question's folded words write them
    ("oci", "runpod", "lambda"), for :func:`node_machine`'s "un nod bare metal OCI cu A100"."""
    named = provider_words(registry)  # (its own table, made before this one's lock)

    def make() -> frozenset[str]:
        words = {*named, *registry.provider_aliases.values()}
        return frozenset(x for x in words if " " not in x)

    return registry.derived.table("intent.provider_tokens", make)
# where data moved out leaves from: "din GCP", "de pe AWS", "from Azure", "out of google cloud"
_EGRESS_FROM = re.compile(r"\b(?:din|de pe|from|out of)\s++([a-z][a-z0-9.]*+(?: cloud)?)")
# a provider left out, and the names after it as a list joins them ("X, Y or Z"): "excluding
# X", "except (for) X", "but not on X", "without (using) X", "other than X", "anything but
# X", "fără X", "în afară de X", "cu excepția X", "nu pe X", "exclus X"
_EXCL_SEP = r"(?:,|\bor\b|\band\b|\bnor\b|\bsau\b|\bsi\b|\bori\b|\bnici\b)"
_EXCL_NAME = (r"[a-z][a-z0-9.]*+(?:\s(?!" + _EXCL_SEP + r")[a-z][a-z0-9.]*+)?")
_EXCLUDED = re.compile(
    r"\b(?:excluding|exclude|excluded|except(?:\s++for)?|not\s++(?:on|at|from|using|via|with)"
    r"|without(?:\s++using)?|other\s++than|anything\s++but|apart\s++from|fara"
    r"|in\s++afara\s++de|cu\s++exceptia|nu\s++(?:pe|la|de la|prin)"
    r"|exclu(?:s|si|sa|se|zand)\b)\s++"  # not "exclusively on X": only X
    r"(?:(?:the|a|an|lui)\s++)?(" + _EXCL_NAME + r"(?:\s*+" + _EXCL_SEP + r"\s*+(?:nici\s++)?"
    + _EXCL_NAME + r"){0,6}+)")


def excluded_providers(folded: str, aliases: Mapping[str, str] | None = None
                       ) -> tuple[str, tuple[str, ...]]:
    """(``folded`` with each provider exclusion blanked, the names left out): the provider
    scans read the first, so "excluding Hyperstack" never asks for Hyperstack. A name is
    each word of a list item, the item joined ("prime intellect": primeintellect) and the
    provider its words are an alias of (``aliases``, :func:`provider_words`); which are
    providers is the catalog's to say."""
    names: list[str] = []
    folded = _NO_SPOT.sub(" ", folded)  # "not on spot" is on-demand, no provider left out
    for m in _EXCLUDED.finditer(folded):
        for item in re.split(_EXCL_SEP, m.group(1)):
            words = item.split()
            for w in [*words, "".join(words), " ".join(words)]:
                for x in (w, (aliases or {}).get(w)):
                    if x and x not in names:
                        names.append(x)
    return _EXCLUDED.sub(" ", folded), tuple(names)
# a group of countries named (catalog/regions.toml [[group]]): the European Union ("in the EU",
# "EU-based", "în UE", "the European Union", "Uniunea Europeană": its 27 member states, not the
# continent, which is "Europe"/"Europa") or the European Economic Area ("the EEA", "Spațiul
# Economic European"). A bare "eu" is also Romanian for "I" ("Eu am nevoie de..."): it names
# the Union only after a preposition or "the", or before a word that makes it a place
_REGION_GROUP = re.compile(
    r"\b(?:in|within|inside|across|from|the|din)\s++(?:the\s++)?(?P<eu>eu)\b"
    # "EU-based", "EU-hosted", "EU customers", "EU hosting", "(EU)", "cheapest H100 EU": a
    # bare "eu" ending a clause or before a place's noun is the Union (audit regress5 #3)
    r"|\b(?P<eu_>eu)(?=-(?:based|hosted|located|only|resident)\b|\s++(?:regions?|only|based"
    r"|data|residency|servers?|datacenters?|data\s++centers?|offers?|gpus?|providers?|clouds?"
    r"|hosting|hosted|customers?|clients?|users?|citizens?|compliance|compliant|market"
    r"|jurisdiction|rules?|law|gdpr|clienti|utilizatori)\b)"
    r"|\(\s*+(?P<eu___>eu)\s*+\)"
    r"|(?<!\bsi )(?<!\bca )(?<!\bdecat )(?<!\bdoar )\b(?P<eu____>eu)(?=\s*+(?:[?!.,;:]|$))"
    r"|\b(?P<eu__>ue|european union|uniunea europeana|uniunii europene)\b"
    r"|\b(?P<eea>eea|european economic area|spatiul economic european"
    r"|spatiului economic european)\b")


# "us" as a pronoun: "tell us", "give us", "help us", "for us" (never the US unless written
# "US"; audit regress5 #8: "Tell us the cheapest H100 in Europe" was filtered to the US)
_US_PRONOUN = re.compile(
    r"\b(?:tell|tells|give|gives|help|helps|let|lets|show|shows|send|sends|for|to|with|of"
    r"|cost|costs|charge|charges|get|gets|bring|recommend|advise|suggest|email|ask|asks|among"
    r"|between|all|both|many|some|most|each|none|guide|point|walk|teach|allow|allows|enable"
    r"|enables|save|saves|suit|suits|serve|serves|fit|fits|work)\s++us\b")
_US_WRITTEN = re.compile(r"(?<![\w.])(?:US|U\.S\.?)(?![\w])")
# "EU" written in capitals: the Union wherever it stands ("EU cheapest A100 80GB?")
_EU_WRITTEN = re.compile(r"(?<![\w-])EU(?![\w])")
_EU_WORD = re.compile(r"(?<![\w-])eu(?![\w-])")
# a city (regions.toml `cities`, words of its [aliases]) is a place only after a word that
# locates it ("in Milan", "at a datacenter in Sydney", "la Londra", "din Paris") or before a
# place's noun ("London region"); never a person's name ("Sydney here.", "Paris Hilton",
# "Dallas asked me") or an aside ("for our London office but we can run anywhere"): audit
# regress5 #2
_LOCATES = re.compile(
    r"\b(?:in|at|near|from|around|inside|within|la|din|langa|out of|based in"
    r"|located in|hosted in)\s++(?:the\s++)?$")
_PLACE_NOUN_AFTER = re.compile(
    r"\s++(?:regions?|datacenters?|data\s++centers?|dc|zones?|availability zones?|regiune\w*+"
    r"|centr\w*+ de date)\b")


def is_city(word: str, cities: Collection[str] | None) -> bool:
    """Whether ``word`` (folded) is a city (``Registry.cities``: regions.toml ``cities``,
    words of its [aliases] such as "milan" -> IT), which stands for its country and is read
    only where located (:func:`_city_located`). Countries and groups are read wherever they
    stand."""
    return word in (cities or ())


def _city_located(folded: str, m: re.Match[str]) -> bool:
    """Whether the city word ``m`` is located: a locating word before it ("in", "at", "near",
    "from a datacenter in", "la", "din"), or a place's noun after it ("London region")."""
    before = folded[max(0, m.start() - 40):m.start()]
    return bool(_LOCATES.search(before) or _PLACE_NOUN_AFTER.match(folded, m.end()))


def place_named(folded: str, places: Mapping[str, str] | None = None,
                text: str | None = None, cities: Collection[str] | None = None
                ) -> tuple[str, str] | None:
    """The first place :func:`_place_hit` finds: (the value the region filter reads, the
    words as written), or None."""
    hit = _place_hit(folded, places, text, cities)
    return None if hit is None else (hit[2], hit[3])


# what joins one place to the next: "Germany or France", "the US or (in) Canada", "în UE și
# în SUA", "EU vs US", "Germany, France"; the locating words before the next place are read
# by :func:`places_named`
_PLACE_JOIN = re.compile(r"\s*+(?:(?P<either>,?\s*+(?:or|sau|ori)\b|,)"
                         r"|(?P<each>,?\s*+(?:and|si|vs\.?|versus)\b))\s*+")
_PLACE_LEAD = re.compile(r"(?:(?:in|din|within|from|at|la)\s++)?(?:the\s++)?")


def places_named(folded: str, places: Mapping[str, str] | None = None,
                 text: str | None = None, cities: Collection[str] | None = None
                 ) -> tuple[list[tuple[str, str]], bool]:
    """Every place a question names one after another, the first first: "in Germany or
    France", "in the US or in Canada", "în UE și în SUA" (audit 30c #1: the second place was
    dropped, and the answer said none where it had offers), each as :func:`place_named`
    reads it; and whether they are each asked ("X and Y", "X vs Y": each place's answer)
    rather than either ("X or Y", "X, Y": one answer over all of them, as the API's
    ``regions: ["us", "ca"]``)."""
    hit = _place_hit(folded, places, text, cities)
    if hit is None:
        return [], False
    out = [(hit[2], hit[3])]
    each = False
    pos = hit[1]
    while len(out) < 6:
        jm = _PLACE_JOIN.match(folded, pos)
        if jm is None:
            break
        rest = folded[jm.end():]
        lead = _PLACE_LEAD.match(rest)
        nxt = _place_hit(rest, places, None, cities)
        if nxt is None or lead is None or nxt[0] != lead.end():
            break
        if (nxt[2], nxt[3]) not in out and nxt[2] not in (p for p, _ in out):
            out.append((nxt[2], nxt[3]))
        each = each or jm.group("each") is not None
        pos = jm.end() + nxt[1]
    return out, each and len(out) > 1


# a place left out: "but not in the EU", "except (in) Germany", "excluding the US", "outside
# (of) the EU", "dar nu în UE", "cu excepția Germaniei", "în afara UE" (audit 30c #11: read as
# the place asked, or dropped)
_PLACE_EXCLUDED = re.compile(
    r"\b(?:(?:but|and)\s++)?(?:not|except|excluding|outside(?:\s++of)?|apart\s++from)\s++"
    r"(?:(?:in|from|within)\s++)?(?:the\s++)?"
    r"|\b(?:(?:dar|si)\s++)?nu\s++(?:in|din)\s++|\bcu\s++exceptia\s++(?:(?:in|din)\s++)?"
    r"|\bin\s++afara\s++(?:(?:de\s++)?(?:in|din)\s++)?")


def places_left_out(folded: str, places: Mapping[str, str] | None = None,
                    cities: Collection[str] | None = None) -> tuple[list[str], str]:
    """The places a question leaves out (:data:`_PLACE_EXCLUDED`), each as the region filter
    reads it, and ``folded`` with each of them blanked (the places asked are read from it)."""
    out: list[str] = []
    blanked = folded
    for m in _PLACE_EXCLUDED.finditer(folded):
        hit = _place_hit(folded[m.end():], places, None, cities)
        if hit is None or hit[0] != 0:
            continue
        if hit[2] not in out:
            out.append(hit[2])
        a, b = m.start(), m.end() + hit[1]
        blanked = blanked[:a] + " " * (b - a) + blanked[b:]
    return out, blanked


def _place_hit(folded: str, places: Mapping[str, str] | None = None,
               text: str | None = None, cities: Collection[str] | None = None
               ) -> tuple[int, int, str, str] | None:
    """The place a question names, first named first: (where it starts and ends in
    ``folded``, the value the region filter reads, the words as written): a provider region
    id or its stem ("us-east-1", "us-east"), else a group of countries (("eu", "ue") for
    "în UE"), a word of :data:`_REGIONS` (("de", "germany"))
    or a place word of ``places`` (``Registry.places``: regions.toml [aliases], such as
    "united states", "statele unite", "marea britanie" or a city, "londra", which stands for
    its country: ("gb", "londra"), read only where located when it is one of ``cities``,
    ``Registry.cities``). None where it names none. Audit regress4 #3: "in the
    United States" was no place, and the answer quoted a Finnish offer."""
    rm = _REGION_ID.search(folded)
    if rm:
        return rm.start(), rm.end(), rm.group(0), rm.group(0)
    hits: list[tuple[int, int, str, str]] = []
    gm = _REGION_GROUP.search(folded)
    if gm:
        key = next(k for k, v in gm.groupdict().items() if v)
        # at the same place a group's words win ("european union": not "european")
        hits.append((gm.start(key), 0, "eea" if key == "eea" else "eu", gm.group(key)))
    elif text is not None and _EU_WRITTEN.search(text):
        em = _EU_WORD.search(folded)  # "EU" in capitals: never Romanian's "eu" ("I")
        if em:
            hits.append((em.start(), 0, "eu", em.group()))
    # "us" a pronoun ("tell us", "for us") unless written "US" (audit regress5 #8)
    us_said = text is None or bool(_US_WRITTEN.search(text))
    pronouns = set() if us_said else {m.end() - 2 for m in _US_PRONOUN.finditer(folded)}
    wm = next((m for m in _WORD_RE.finditer(folded) if m.group() in _REGIONS
               and not (m.group() == "us" and m.start() in pronouns)), None)
    if wm:
        hits.append((wm.start(), 1, _REGIONS[wm.group()], wm.group()))
    # the longest words first ("statele unite ale americii" before "statele unite"); a city
    # only where located (_city_located)
    pm = next((m for m in _places_re(tuple(sorted(places))).finditer(folded)
               if not is_city(m.group(), cities) or _city_located(folded, m)),
              None) if places else None
    if pm and places:
        hits.append((pm.start(), 1, places[pm.group()].lower(), pm.group()))
    # an ISO code in capitals after a locating word ("in FI", "din DE"), where the catalog
    # places offers (the capital keys of ``places``; audit api2 #2: dropped silently)
    cm = next((m for m in _ISO_LOCATED.finditer(text) if m.group(1) in places),
              None) if text is not None and places else None
    if cm and places:
        hits.append((cm.start(1), 1, places[cm.group(1)], cm.group(1).lower()))
    if not hits:
        return None
    start, _, place, said = min(hits)
    return start, start + len(said), place, said


# a place named that the catalog does not know: a capitalised name after a locating word,
# closing its clause or before a place's noun ("in Narnia region", "in Atlantis?", "în
# Atlantida", "in the region Narnia"); audit 30c #2: dropped, the answer priced offers anywhere
_PLACE_WORDED = re.compile(
    r"\b(?:[Ii]n|[Îî]n|[Ff]rom|[Dd]in|[Ww]ithin|[Ii]nside|(?:[Bb]ased|[Ll]ocated|[Hh]osted"
    r"|[Ss]ituated|[Ss]tored|[Kk]ept)\s++in)\s++(?:the\s++)?"
    r"(?P<name>[A-ZĂÂÎȘȚ][a-zăâîșțé]++(?:[ -][A-ZĂÂÎȘȚ][a-zăâîșțé]++)?)"
    r"(?=\s*+(?:[?!,;:]|\.(?!\w)|$)|\s++(?:regions?|regiun\w*+|datacenters?|data\s++cent(?:er|re)s?"
    r"|zones?|country|countries|tara)\b|\s++(?:and|or|si|și|sau)\s)"
    r"|\b(?:[Rr]egion|[Rr]egiunea|[Rr]egiune|[Cc]ountry|[Țț]ara|[Tt]ara)\s++"
    r"(?P<name_>[A-ZĂÂÎȘȚ][a-zăâîșțé]++)(?=\s*+(?:[?!,;:]|\.(?!\w)|$)|\s++(?:and|or|si|și|sau)\s)")
# capitalised words after "in" that are no places: languages, tools, months, days, a
# sentence's ordinary words capitalised
_NOT_PLACE = frozenset("""
english romanian romana romaneste engleza german french spanish italian chinese japanese
python pytorch torch docker kubernetes k8s linux windows macos mac jupyter colab cuda rocm
triton tensorflow jax onnx excel json yaml production prod staging practice general total
theory parallel short summary detail details fact principle particular addition advance
future past present january february march april may june july august september october
november december ianuarie februarie martie aprilie mai iunie iulie august septembrie
octombrie noiembrie decembrie monday tuesday wednesday thursday friday saturday sunday
hours days minutes seconds weeks months years total dollars usd eur lei euro euros
slack discord github huggingface hugging face transformers gpu gpus cpu cpus ram vram
bf16 fp16 fp8 fp32 int8 int4 tokens q1 q2 q3 q4 h1 h2 real life rest order case use one
ollama llamacpp lmstudio comfyui automatic1111 gguf ggml awq gptq exl2
""".split())


def unknown_place(text: str, registry: Registry, providers: Collection[str] = ()
                  ) -> str | None:
    """A place the question names, as written ("Narnia", "Atlantida", "Virginia"), that
    :func:`place_named` does not read, and is no provider, GPU, model, engine, precision or
    ordinary word capitalised (:data:`_NOT_PLACE`); None where there is none. Said back or
    read through the region table's names (compose.py), never dropped: the API answers such a
    value with /problems/unknown-region (audit 30c #2)."""
    for m in _PLACE_WORDED.finditer(text):
        name = m.group("name") or m.group("name_")
        folded = _fold(name)
        words = folded.split()
        if (folded in _NOT_PLACE or any(w in _NOT_PLACE for w in words)
                or any(w in _named_words(registry) for w in words)
                or place_named(folded, registry.places, name, registry.cities) is not None
                or folded in _REGIONS or folded in registry.places
                or any(w in registry.places or w in _REGIONS for w in words)
                or folded.replace(" ", "") in providers or folded in providers
                or folded in provider_words(registry)
                or any(w in providers for w in words)
                or registry.find_gpu(folded) is not None
                or registry.find_model(folded) is not None
                or find_precision(folded) is not None):
            continue
        return name
    return None


def _named_words(registry: Registry) -> frozenset[str]:
    """The words of the registry's model and engine ids and names ("mistral", "llama",
    "ollama", "sglang"): never a place ("Mixtral in Llama.cpp", "in Mistral?")."""
    def make() -> frozenset[str]:
        out: set[str] = set()
        for text in [*(m.id for m in registry.models.values()),
                     *(m.name for m in registry.models.values()),
                     *(e.id for e in registry.engines), *(e.name for e in registry.engines)]:
            out.update(w for w in re.split(r"[^a-z0-9]+", _fold(text)) if len(w) > 2
                       and not w.isdigit())
        return frozenset(out)

    return registry.derived.table("intent.named_words", make)


_ISO_LOCATED = re.compile(
    r"(?i:\b(?:in|at|from|within|inside|la|din|based in|located in|hosted in))"
    r"\s++(?:(?i:the)\s++)?([A-Z]{2})(?![\w-])"
    r"(?!\s++(?:terms?|department|dept|team|staff|support|security|ops|budget|people)\b)")
"""An ISO code in capitals after a locating word; "in IT terms" is no place."""


@functools.lru_cache(maxsize=8)
def _places_re(words: tuple[str, ...]) -> re.Pattern[str]:
    """The place words of :func:`place_named` as one pattern, whole words, longest first."""
    ordered = sorted(words, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in ordered) + r")(?![\w-])")


# a provider region id or its stem: "us-east-1", "us-east", "europe-west4", "eu-central-1"
_REGION_ID = re.compile(r"\b(?:us|eu|europe|asia|ap|ca|sa|me|af|uk|jp)-(?:north|south|east|west"
                        r"|central)[a-z]*+(?:-?\d++[a-z]?)?\b")
_RESERVED = re.compile(r"\breserved\b|\breserving\b|\breservations?\b|\brezervat\w*+"
                       r"|\breserve\s++(?:an?|one|\d++(?!\s*+(?:gb|gib|mb|%))|the|it|them|that|this|some|capacity"
                       r"|gpus?|h100s?|a100s?|h200s?|l40s?)\b"
                       r"|\brezerv(?:|i|am|ari|are)\b|\bcommit(?:ted|ment)\w*+|\bangajament\w*+")
# spot's downtime asked: "how much downtime", "lose to interruptions", "uptime", "ce
# întreruperi să aștept", "timp de nefuncționare"
# (not "availability" alone: "spot availability of H100" asks for capacity)
_DOWNTIME = re.compile(r"\bdowntime\b|\buptime\b|\blos[et]\w*+ to interrupt"
                       r"|\bhow many interruptions\b|\bce intreruperi\b|\bcate intreruperi\b"
                       r"|\bnefunctionare\b|\bcazut\w*+")
# how often to checkpoint asked: "how often should I checkpoint", "checkpoint interval",
# "cât de des ... checkpoint", "interval de checkpoint"
_CADENCE = re.compile(r"\bhow often\b[^?.]*?\bcheckpoint|\bcheckpoint\w*+ (?:interval|cadence"
                      r"|frequency)\b|\bcat de des\b[^?.]*?\bcheckpoint"
                      r"|\binterval\w* de checkpoint|\bfrecvent\w* (?:de |a )?checkpoint")
# the providers of a GPU asked as a list: "which providers have H200?", "what clouds offer
# the H100", "who rents H200s?", "where can I rent an H200?", "ce furnizori au H200?", "cine
# închiriază H100?", "unde pot închiria un H200?" (not "which provider is cheapest": one)
_PROVIDERS_OF = re.compile(
    r"\b(?:which|what|list(?: all)?(?: the)?|all(?: the)?|any)\s++(?:gpu\s++|cloud\s++)?"
    r"(?:providers|clouds|vendors|hosts|companies)\b"
    # one asked in the singular, with what it has: "which provider has H100 in Iceland?",
    # "ce furnizor are H100 în Islanda?" (audit 30c #8: a guidance passage, no provider)
    r"|\b(?:which|what)\s++(?:gpu\s++|cloud\s++)?(?:provider|cloud|vendor|host|company)\s++"
    r"(?:has|offers|rents|sells|provides|lists|hosts|carries)\b"
    r"|\b(?:ce|care)\s++(?:furnizor|provider|cloud)\s++(?:are|ofera|inchiriaza|vinde)\b"
    r"|\bwho\s++(?:rents?|offers?|has|have|sells?|provides?|lists?|hosts?)\b"
    r"|\bwhere\s++(?:can|could|do)\s++(?:i|we|you)\s++(?:rent|get|find)\b"
    r"|\b(?:ce|care|toti|toate)\s++(?:furnizori|furnizorii|provideri|cloud-uri)\b"
    r"|\bcine\s++(?:inchiriaza|ofera|are|vinde)\b"
    r"|\bunde\s++(?:pot|putem)\s++(?:inchiria|gasi|lua)\b")
# the one cheapest asked ("where can I rent the cheapest H100?"): the price answer, not a list
_ONE_CHEAPEST = re.compile(r"\bcheapest\b|\blowest\b|\bmai ieftin\w*+|\bcel mai mic\b")
# a reservation's term said with it: "1-year", "1 year", "12-month", "6 months", "3 ani",
# "pe 1 an", "un an", "o lună" (read only where a reserved price is asked: Stated.reserved_months)
_RESERVED_TERM = re.compile(r"(?<![\w.,/])(\d{1,2}|one|two|three|a|un|o|doi|doua|trei)[\s-]*+"
                            r"(?:de\s++)?(?P<unit>years?|yrs?|months?|ani|an|luni|luna)\b")
_TERM_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "un": 1, "o": 1, "doi": 2, "doua": 2,
               "trei": 3}


def _reserved_months(folded: str) -> int | None:
    """The months of a reservation's term said (:data:`_RESERVED_TERM`), 1 to 60; None where
    no reserved price is asked or no term is said."""
    if not _RESERVED.search(folded):
        return None
    m = _RESERVED_TERM.search(folded)
    if m is None:
        return None
    n = _TERM_WORDS.get(m.group(1)) or int(m.group(1))
    months = n * 12 if m.group("unit").startswith(("y", "an")) else n
    return months if 1 <= months <= 60 else None


# a spot negated: "not on spot", "not spot", "no spot", "non-spot", "without spot", "fără
# spot", "nu pe spot": on-demand, neither spot asked nor a provider left out; also spot ruled
# out in other words: "we can't use spot", "we don't want spot", "spot is not available to
# us", "spot instances aren't an option", "nu putem folosi spot", "nu sunt/nu avem instanțe
# spot", "spotul nu este disponibil" (they led with the spot job's total, audit regress7 #2,
# #11)
_NO_SPOT = re.compile(
    r"\b(?:not|no|non|never|without|fara|nu)[\s-]++(?:(?:on|at|using|via|with"
    r"|pe|la|prin|in|folosind)\s++)?(?:an?\s++)?spot\b"
    # ("why can't we use spot?" asks about spot)
    r"|(?<!why )(?<!how )\b(?:(?:can|could|must|should|may|do|does|will|would)\s*+"
    r"(?:not|n['\u2019]t)|cannot|can['\u2019]t|won['\u2019]t|(?:are|is)\s++not\s++allowed"
    r"\s++to)\s++(?!(?:we|i|you|they|one)\b)(?:\w++\s++)?"
    r"(?:use|using|run\s++on|rely\s++on|go\s++with|want|have|get|rent|afford|buy)"
    r"\s++(?:any\s++|the\s++)?spot\b"
    r"|\bspot\s++(?:(?:instances?|capacity|pricing|vms?|gpus?|machines?|nodes?)\s++)?"
    r"(?:(?:is|are|was|were)\s*+(?:not|n['\u2019]t)\s++(?:\w++\s++)?(?:available|an?\s++option"
    r"|allowed|possible|acceptable|permitted|suitable|ok|okay)|(?:is|are)\s++unavailable)\b"
    r"|(?<!de ce )\bnu\s++(?:(?:putem|pot|poate|puteti|vrem|vreau|avem\s++voie\s++sa"
    r"|ne\s++permitem\s++sa)"
    r"\s++(?:sa\s++)?(?:folosi|folosim|folosesc|utiliza|utilizam|rula|rulam|lua|luam)\s++"
    r"(?:pe\s++)?|(?:sunt|avem|exista|am|gasim|gasesc)\s++(?:acces\s++la\s++)?(?:(?:instante"
    r"|masini|capacitate|oferte|gpu-uri)\s++)?(?:de\s++)?)(?:instante\s++)?spot\b"
    r"|\bspot(?:ul)?\s++(?:(?:instante|instantele|capacitate)\s++)?nu\s++(?:este|e|sunt|ne\s++este)"
    r"\s++(?:\w++\s++)?(?:disponibil\w*+|o\s++optiune|permis\w*+|acceptabil\w*+|posibil\w*+)")
# ("un lot de 1M de tokeni", "în loturi": Romanian's batch, as "batch" is; hourlyrun21: an
# hourly "lot" was an always-on endpoint where the English batch is the job run each hour)
_INTERRUPTIBLE = re.compile(r"\bspot\b|\bpreempt\w*+|\binterrupt\w*+|\bintrerup\w*+|\bbatch\b"
                            r"|\boffline\b|\bcheckpoint\w*+|\blot(?:ul|uri|urile)?\s++de\b"
                            r"|\bloturi\w*+")
# spot named, not only "batch" or "offline" (Stated.spot_said)
_SPOT_SAID = re.compile(r"\bspot\b|\bpreempt\w*+|\binterrupt\w*+|\bintrerup\w*+|\bcheckpoint\w*+")
# the work said not to be interruptible: "the job cannot be interrupted", "can't be
# interrupted", "must not be interrupted", "should never be interrupted", "can't afford to be
# preempted", "can't tolerate/handle interruptions", "isn't interruptible", "not resumable",
# "non-interruptible", "uninterruptible", "without interruptions", "no interruptions",
# "jobul nu poate fi întrerupt", "nu trebuie (să fie) întrerupt", "nu se poate întrerupe",
# "nu suportă întreruperi", "fără întreruperi"; or one that cannot restart ("can't be
# restarted", "cannot restart"): on-demand only, as the API's interruptible=false (audit
# batch B2, B6). The negation must bear on the job being interrupted: "I don't mind
# interruptions", "we won't mind preemption", "we don't need restarts from zero", "it will
# not be restarted from scratch" welcome spot (they ruled it out, audit regress7 #1)
_NOT_INTERRUPTIBLE = re.compile(
    r"\b(?:(?:can|could|must|should|may)\s*+(?:not|n['\u2019]t)|cannot|can['\u2019]t)\s++"
    r"(?:(?:ever|afford\s++to|really|safely|easily|simply|just|be\s++allowed\s++to)\s++)?"
    r"(?:be\s++|get\s++)?(?:interrupt\w*+|preempt\w*+|stopp?\w*+ (?:midway|halfway)"
    r"|restart\w*+(?!\s++from\s++(?:scratch|zero|the\s++(?:start|beginning))))"
    # "have" only as a must ("we can't have interruptions", "we don't want to have
    # interruptions"): "we don't have interruption problems", "we won't have interruptions
    # on spot if we checkpoint" state a fact and welcome spot (audit regress9 #3); "we don't
    # want to risk interruptions" rules it out (audit regress9 #4)
    r"|\b(?:(?:(?:can|could|must|should|may|will|would|do|does)\s*+(?:not|n['\u2019]t)|cannot"
    r"|can['\u2019]t|won['\u2019]t)\s++(?:(?:want|wish)\s++to\s++(?:have|get|face|suffer"
    r"|tolerate|handle|accept|allow|risk)|tolerate|handle|afford|survive|accept|allow|support"
    r"|withstand|risk|want)"
    r"|(?:(?:can|could|must|should|may)\s*+(?:not|n['\u2019]t)|cannot|can['\u2019]t)\s++"
    r"(?:afford\s++to\s++)?have)"
    r"\s++(?:any\s++|an\s++|the\s++)?(?:interrupt\w*+|preempt\w*+|restarts?\b|restarting)"
    # the job between: "we can't have the job interrupted", "we don't want it preempted",
    # "we can't afford to have our training restarted" (audit regress9 #4)
    r"|\b(?:(?:can|could|must|should|may|will|would|do|does)\s*+(?:not|n['\u2019]t)|cannot"
    r"|can['\u2019]t|won['\u2019]t)\s++(?:(?:want|wish|afford|risk)\s++(?:to\s++)?)?"
    r"(?:have|let|want|see|get)\s++(?:it|them|(?:the|our|my|this|that|these|its|any)"
    r"(?:\s++[a-z]++){1,2}?)\s++(?:be\s++|get\s++)?(?:interrupted|preempted|restarted"
    r"(?!\s++from\s++(?:scratch|zero|the\s++(?:start|beginning))))\b"
    r"|\bnever\s++(?:be|get)\s++(?:interrupt\w*+|preempt\w*+|restart\w*+)"
    r"|(?:\bnot|n['\u2019]t)\s++(?:be\s++)?(?:interruptible|preemptible|restartable|resumable)\b"
    r"|\b(?:non|un)[\s-]*+(?:interruptible|preemptible)\b"
    r"|\b(?:without|no)\s++(?:any\s++)?(?:interruptions?|preemptions?)\b"
    # ("nu vrem să fie întrerupt", audit regress9 #4)
    r"|\bnu\s++(?:se\s++)?(?:poate|pot|putem|trebuie|are voie sa|vrem|vreau|dorim)\s++"
    r"(?:sa\s++)?(?:se\s++)?"
    r"(?:fie?\s++)?(?:intrerup\w*+|repornit\w*+|reporni\b)"
    r"|\bnu\s++(?:suporta|suportam|tolereaza|toleram|accepta|acceptam|vrem|vreau|ne\s++permitem"
    r"|isi\s++permite|(?:vrem|vreau|dorim)\s++sa\s++(?:riscam|risc|avem|am))\s++"
    r"(?:nicio\s++|vreo\s++)?(?:intreruper\w*+|repornir\w*+)"
    r"|\bfara\s++(?:nicio\s++|vreo\s++)?intreruper\w*+|\bneintrerupt\w*+")
# spot said to be fine: "spot is fine", "spot OK", "spot e ok", "spotul este în regulă", "fine
# with spot": it wins over a no-interruption phrase beside it ("spot is fine, we don't want
# interruptions to lose progress", "nu vrem întreruperi lungi, dar spot e ok": audit regress9
# #3 priced them on-demand only); never asked ("is spot ok?", "dacă spotul e ok")
_SPOT_OK = re.compile(
    r"(?<!\bis )(?<!\bif )(?<!\bwhether )(?<!\be )(?<!\beste )(?<!\bdaca )\bspot(?:ul)?\s++"
    r"(?:(?:instances?|capacity|pricing|vms?|gpus?|instantele|instante)\s++)?"
    r"(?:(?:is|are|would\s++be|will\s++be|e|este|sunt|ar\s++fi)\s++)?"
    r"(?:(?:totally|perfectly|completely|absolutely|absolut|perfect)\s++)?"
    r"(?:fine|ok|okay|acceptable|allowed|an?\s++option|bine|in\s++regula|acceptabil\w*+"
    r"|permis\w*+)\b(?!\s*+\?)"
    r"|\b(?:fine|ok|okay|happy)\s++(?:with|using)\s++spot\b")
# a clause's end: a sentence's stop or a semicolon, "but", "however", "whereas", "dar", "însă",
# "iar" ("Spot is OK for dev; this batch job can't be interrupted": two clauses)
_CLAUSE_END = re.compile(r"[;.!?](?!\d)|\b(?:but|however|whereas|dar|insa|iar)\b")
# "spot is fine" said of other work: "for dev", "for our experiments", "pentru teste" (not "for
# this job", "for us", "for it", "pentru noi")
_SPOT_OK_ELSEWHERE = re.compile(
    r"\s*+,?\s*+(?:for|pentru)\s++(?:(?:our|my|the|other|some|any|celelalte|alte)\s++)?"
    r"(?!(?:this|that|it|us|me|them|the|job|jobs|run|runs|workload|task|noi|el|ea|asta|acest"
    r"|jobul|rularea)\b)[a-z]")
# the work the no-interruption phrase is about, named in its own clause: "this batch job", "the
# production run", "our training", "jobul", "acest job"
_JOB_NAMED = re.compile(
    r"\b(?:this|the|our|my|that)\s++(?:[a-z-]++\s++)?(?:job|run|workload|task|training"
    r"|inference|pipeline)\b|\bjobul\b|\bacest\s++job\b|\brularea\b")


def _spot_ruled_out(folded: str) -> bool:
    """Whether a no-interruption phrase (:data:`_NOT_INTERRUPTIBLE`) rules spot out of
    ``folded``: "spot is fine" (:data:`_SPOT_OK`) lifts it only when said of no other work
    ("for dev", :data:`_SPOT_OK_ELSEWHERE`) and in the same clause, or in another clause
    where the no-interruption phrase names no job of its own ("Nu vrem întreruperi lungi,
    dar spot e ok"). "Spot instances are OK for dev; this batch job can't be interrupted"
    rules it out (audit regress10 #4: it led with spot)."""
    ends = [m.start() for m in _CLAUSE_END.finditer(folded)]

    def clause(at: int) -> tuple[int, int]:
        start = max((e for e in ends if e < at), default=-1)
        end = min((e for e in ends if e >= at), default=len(folded))
        return start, end

    oks = [(m, clause(m.start())) for m in _SPOT_OK.finditer(folded)
           if not _SPOT_OK_ELSEWHERE.match(folded, m.end())]
    for ni in _NOT_INTERRUPTIBLE.finditer(folded):
        here = clause(ni.start())
        named = bool(_JOB_NAMED.search(folded, here[0] + 1, here[1]))
        if not any(c == here or not named for _, c in oks):
            return True
    return False
_FORECAST = re.compile(r"\bnext (?:year|month|quarter)\b|\banul viitor\b|\bluna viitoare\b"
                       r"|\bforecast\w*+|\bpredict\w*+|\bprognoz\w*+|\bin the future\b"
                       r"|\bin viitor\b|\bwill (?:\w++ )?prices?\b|\bvor fi preturile\b")
# a million input (prompt) tokens priced: "1M input tokens", "per million prompt tokens",
# "input tokens per 1M", "un milion de tokeni de intrare", "1M tokeni de intrare"
_INPUT_MILLION = re.compile(
    r"\b(?:1\s*+m|1m|million|milion|mtok)\s++(?:de\s++)?(?:input|prompt|prefill)\b"
    r"|\b(?:input|prompt|prefill)\s++(?:tokens?\s++)?(?:per|/)\s*+(?:1\s*+m|1m|million|mtok)\b"
    r"|\b(?:1\s*+m|1m|milion|un milion|1 milion)\s++(?:de\s++)?tokeni\s++(?:de\s++)?intrare\b"
    r"|\btokeni\s++de\s++intrare\s++(?:per|pe|la)\s++(?:1\s*+m|1m|milion|milionul)\b")
_BANDWIDTH = re.compile(r"\bbandwidth\b|\blatime(?:a)? de banda\b|\bbanda de memorie\b")
# "at Hetzner?", "la Hetzner", "on Hetzner": the last word, after a preposition
_PROVIDER_AT = re.compile(
    r"(?:\b(?:at|on|from|la|pe|de la)\s++|\b(?:does|do|would|will)\s++(?=[a-z.]++(?: ai)? charge))"
    r"([a-z][a-z0-9.]{3,24}+(?: ai\b)?)"
    # a period after the name ("at Scaleway per hour?", "la Scaleway pe oră"), or what it
    # charges ("does Together AI charge"): the name was read only last (regress2 #10)
    r"(?:\s*+(?:(?:per|pe|an?|o|each)\s++(?:hour|h|hr|ora|month|luna|day|zi|gpu)\b|hourly"
    r"|monthly|lunar)?\s*+[?.!]*+$|\s++charges?\b)")
_NOT_PROVIDER = frozenset({
    "spot", "demand", "average", "once", "time", "hour", "hours", "month", "year", "ora",
    "luna", "zi", "day", "scale", "load", "full", "peak", "night", "weekends", "total",
    "cerere", "medie", "input", "output", "prompt", "context", "minimum", "maximum", "least",
    "most", "start", "work", "home", "premise", "premises", "prem", "local", "laptop",
    "single", "multiple", "several", "both", "each", "cloud", "that", "this", "them",
    "vllm", "sglang", "ollama", "llama.cpp", "tensorrt", "kubernetes", "linux", "windows",
    "docker", "macos", "apple", "mac", "colab", "kaggle", "server", "servers", "gpus", "cards",
    "they", "these", "those",
    "inference", "training", "serving", "batch", "disk", "storage", "stocare", "egress",
    # billing's units: "facturează la secundă" (was read as a provider "Secunda")
    "second", "seconds", "minute", "minutes", "secunda", "secunde", "minut"})


# a price per GB asked: "per GB", "/GB", "pe GB", "per gigabyte", "a GB", "GB-month"
_PER_GB = re.compile(r"(?:\bper|\bpe|/|\ba|\bthe)\s*+(?:gb|gib|gigabyte|giga)\b|\bgb[- ]month\b"
                     r"|\bgb[- ]luna\b|\bpret(?:ul)? (?:pe|per) gb\b")
# runs a day: "10 times a day", "10x per day", "de 10 ori pe zi", "10 sessions a day"
_SESSIONS = re.compile(r"(?<![\w.])(\d{1,3})\s*+(?:de\s++)?(?:times|x|ori|sessions?|sesiuni|runs?"
                       r"|rulari)\s++(?:a|per|pe|each|every|on a|in a|intr-o)\s++(?:day|zi)\b")


# a checkpoint interval: "checkpoints every 30 minutes", "checkpointing every 2 hours",
# "checkpoint la fiecare 30 de minute", "checkpointuri din 30 în 30 de minute", the Romanian
# plural written with a hyphen, "checkpoint-uri la fiecare 2 ore" (audit buyer28a #1: read as
# a 2-hour job, the 100B tokens dropped), and an adjective: "hourly checkpoints",
# "checkpoint-uri orare" (the default 30 minutes was assumed)
_CHECKPOINT_EVERY = re.compile(
    r"\bcheckpoint[\w-]*+(?:\s++[a-z]++){0,2}?\s++(?:every|each|la fiecare|o data la|din)\s++"
    r"(?:(?P<n>\d++(?:[.,]\d++)?)\s*+(?:in\s++\d++\s*+)?(?:de\s++)?)?"
    r"(?P<unit>minutes?|mins?|minute|hours?|hrs?|h|ore|ora)\b"
    r"|\b(?P<hourly>hourly|orare?)\s++checkpoint[\w-]*+"
    r"|\bcheckpoint[\w-]*+\s++(?P<hourly2>hourly|orare?)\b")


# no checkpoints: "without checkpoints", "no checkpointing", "does not checkpoint", "never
# saves a checkpoint", "fără checkpoint-uri", "nu salvează checkpointuri"; nor a job that
# cannot resume: "can't resume from checkpoints", "cannot be resumed", "does not support
# resuming", "not resumable", "nu poate fi reluată", "nu se poate relua" (each was advised
# spot, audit cost #4)
_NO_CHECKPOINTS = re.compile(
    r"\b(?:without|no|w/o|zero|fara|niciun|nici un)\s++(?:any\s++|de\s++)?checkpoint\w*+"
    r"|\b(?:(?:does|do|can|will)\s*+(?:not|n't)|doesn't|don't|can't|cannot|won't|never|nu)"
    r"\s++(?:\w++\s++)?(?:any\s++|a\s++)?checkpoint\w*+"
    r"|\b(?:(?:does|do|can|will|is|are)\s*+(?:not|n't)|doesn't|don't|can't|cannot|won't"
    r"|isn't|aren't|never)\s++(?:be\s++)?(?:support\s++)?(?:resum|restart)\w*+"
    # "it will not be restarted from scratch" resumes (audit regress7 #1)
    r"(?!\s++from\s++(?:scratch|zero|the\s++(?:start|beginning)))"
    # "can't restart from a checkpoint" (audit regress5 #5)
    r"|\b(?:not|non)[\s-]*+resum\w*+"
    r"|\bnu\s++(?:se\s++)?(?:poate|pot|putem)\s++(?:fi\s++)?relu\w*+")


# input and output tokens counted together: "input + output", "input and output", "in+out",
# "intrare și ieșire" (folded: "intrare si iesire")
_TOKENS_IN_OUT = re.compile(r"\b(?:input|in|intrare)\s*+(?:\+|and|&|plus|si)\s*+"
                            r"(?:output|out|iesire)\b")


def _checkpoint_minutes(folded: str) -> float | None:
    m = _CHECKPOINT_EVERY.search(folded)
    if m is None:
        return None
    if m.group("hourly") or m.group("hourly2"):
        return 60.0
    value = _num(m.group("n")) if m.group("n") else 1.0
    minutes = value * (1.0 if m.group("unit").startswith("min") else 60.0)
    return minutes if 0 < minutes <= 10_080 else None


def _sessions(folded: str) -> int | None:
    m = _SESSIONS.search(folded)
    return int(m.group(1)) if m and 1 <= int(m.group(1)) <= 288 else None


_PROVIDER_CUE = re.compile(r"\b(?:providers?|furnizor\w*+|clouds?|host\w*+|vendors?"
                           r"|neocloud\w*+)\b")


def _provider_evidence(text: str, folded: str) -> bool:
    """Whether the provider word :func:`_stated_more` reads is written as a name (a capital
    in the question as typed) or a provider word stands near it."""
    pm = _PROVIDER_AT.search(excluded_providers(folded)[0])
    if pm is None:
        return False
    word = pm.group(1)
    typed = re.findall(r"[^\W\d_][\w.]*+", text)
    capital = any(t[:1].isupper() and _fold(t) == word.split()[0] for t in typed)
    return capital or bool(_PROVIDER_CUE.search(folded))


# the unit asked: "answer in GB", "în GB", "in gigabytes", "how many GB", "câți GB" (no
# amount before it: "fits in 24 GB" is a card's memory; "GB/s" is a bandwidth)
_GB_ASKED = re.compile(r"\b(?:in|into|how many|cati|cate)\s++(?:gb|gigabytes?|gigaocteti)\b(?!/)")


# a yes/no question opens with a verb: "can an H100 serve ...", "is 100 tokens/s possible",
# "do I need 2 GPUs", "poate un H100 să servească ...", "încape ...", "am nevoie de 2 GPU-uri"
_YES_NO = re.compile(
    r"\s*+(?:(?:so|and|ok|okay|also|then|but|hey|hi|si|deci|dar|buna)\W++)?(?:oare\s++)?"
    r"(?:is|are|am|was|were|can|could|will|would|does|do|did|should|shall|may|might|has"
    r"|have|poate|pot|putem|poti|puteti|se poate|incape|incap|merge|merg|ruleaza|e|este"
    r"|sunt|ajunge|ajung|va|ar|am nevoie|ne trebuie|imi trebuie|exista)\b")


# a feasibility asked after the figures: "pre-training a 3B model on 300B tokens with a budget
# of $50k, feasible?", "..., e fezabil?" (it opened with no verb, so the yes or no was never
# said; audit b4 pretrainplan)
# ("..., on L40S, is that possible?", "..., este posibil?": the yes or no of the setup named,
# never "what's possible?" / "ce e posibil?", a budget's reach; audit tpotrate21 #1)
_FEASIBLE_ASKED = re.compile(
    r"\b(?:feasible|doable|viable|fezabila?|realizabila?)\s*+\?"
    r"|(?<!what )(?<!ce )\b(?:is|it's|that's|this's|e|este|ar fi|va fi)\s++(?:(?:it|that|this"
    r"|asta|acest lucru|asa ceva)\s++)?(?:possible|posibila?)\s*+(?:(?:asa ceva)\s*+)?\?"
    r"|[,;:]\s*+(?:possible|posibila?)\s*+\?")


# a latency percentile: "p95", "p99.9", "P50", "95th percentile", "95th-percentile", "the 99th
# pct", "percentila 95", "percentila a 99-a" (group 1, 2 or 3: its number)
_PERCENTILE = re.compile(
    r"(?<![\w.])p(50|75|90|95|99(?:\.9++)?+|999)(?![\w.])"
    r"|(?<![\w.])(\d{2}(?:\.\d++)?+)(?:th|st|nd|rd)?[\s-]*+(?:percentile|pct|percentila)\b"
    r"|\bpercentil(?:a|ei|ul|ului)?\s++(?:a\s++)?(\d{2}(?:[.,]\d++)?+)")


def speed_asked_past_targets(folded: str) -> bool:
    """Whether a speed or latency is asked beyond the targets stated: the question read with
    each limit taken out ("TPOT under 20 ms", "TTFT sub 3 s", "50 tokens/s per user",
    :data:`_TPOT_LIMIT`, :data:`_TTFT_LIMIT`, :data:`_TTFT_TARGET`, :data:`_TPS_TARGET`,
    :data:`_LATENCY_LIMIT`) still names one ("how fast", "what TTFT", "cât de rapid")."""
    rest = _PERCENTILE.sub(" ", folded)
    for r in (_TPOT_LIMIT, _TTFT_LIMIT, _TTFT_TARGET, _TPS_TARGET, _LATENCY_LIMIT):
        rest = r.sub(" ", rest)
    return bool(_SPEED.search(rest) or _TPOT.search(rest))


# a latency's worst case asked ("worst-case TTFT", "TTFT în cel mai rău caz", "maximum
# latency", "tail latency"): a tail figure, as a percentile is (audit 31a #13: the mean was
# given as the worst case with no word, where "p99" got the not-a-percentile warning)
_WORST_CASE = re.compile(r"\bworst[\s-]*+case\b|\bworst\b|\bcel mai (?:rau|prost)\b"
                         r"|\b(?:maximum|max|tail|peak)\s++(?:ttft|latency|time to first token)"
                         r"|\blatent\w*+ (?:maxim\w*+|de varf|din coada)")
_LATENCY_NAMED = re.compile(r"\bttft\b|\btpot\b|\blatenc\w*+|\blatent\w*+|first token"
                           r"|primul token|\bitl\b|inter-token")


def latency_percentile(folded: str) -> str | None:
    """The latency percentile a question states (:data:`_PERCENTILE`), its number as written
    ("95", "99.9"), "worst" for a latency's worst case (:data:`_WORST_CASE`), or None
    (:attr:`Stated.latency_percentile`)."""
    m = _PERCENTILE.search(folded)
    if m is None and _WORST_CASE.search(folded) and _LATENCY_NAMED.search(folded):
        return "worst"
    return next(g for g in m.groups() if g).replace(",", ".") if m else None


def _asks_yes_no(folded: str) -> bool:
    """Whether the question asks a yes or no (:data:`_YES_NO` at its start), and, where a
    statement comes before its question sentences, whether one of those does: "Am 20.000 de
    exemple ... Cât durează și cât costă?" opens with "am" (I have) and asks no yes or no; it
    led with "Da:" (audit train2 #12)."""
    if _FEASIBLE_ASKED.search(folded):
        return True
    if not _YES_NO.match(folded):
        return False
    parts = re.split(r"(?<=[.!?])\s++", folded.strip())
    asked = [p for p in parts if p.endswith("?")]
    if len(parts) < 2 or not asked or parts[0].endswith("?"):
        return True
    return any(_YES_NO.match(p) for p in asked)


# which setup asked, not whether one does: "which H100 setup ...", "what (is the) (cheapest)
# config ...", "the cheapest setup ...", "ce/care configurație ...", "care e cea mai ieftină
# configurație ..." (Stated.which_setup)
_SETUP_WORD = (r"(?:setups?|set-ups?|configs?|configurations?|configuratii?(?:a|e|le)?|layouts?"
               r"|deployments?|arrangements?)\b")
_WHICH_SETUP = re.compile(
    r"^\s*+(?:(?:so|and|ok|okay|also|then|but|hey|hi|deci|dar|buna)\W++)?"
    r"(?:(?:which|what)(?:'s|\s++is|\s++are)?|ce|care(?:\s++(?:e|este|ar fi))?)"
    r"(?:\s++(?:the|a|cea|mai|ieftina|cheapest|smallest|best|minimal|minimum|[\w.-]++)){0,4}?"
    r"\s++" + _SETUP_WORD
    + r"|\b(?:the\s++)?cheapest\s++(?:[\w.-]++\s++){0,2}?" + _SETUP_WORD
    + r"|\bcea mai ieftina\s++(?:[\w.-]++\s++){0,2}?" + _SETUP_WORD)


def _asks_which_setup(folded: str) -> bool:
    """Whether the question asks which setup serves it (:data:`_WHICH_SETUP`), never a yes
    or no asked ("can an H100 setup serve ...")."""
    return not _asks_yes_no(folded) and bool(_WHICH_SETUP.search(folded))


# a Mac or Apple silicon ("on a mac", "macbook pro", "mac studio", "M2 Max"): no GPU of the
# catalog
_APPLE = re.compile(r"\b(?:macs?|macbook\w*+|imac|mac-?(?:uri|ul)\w*+|apple(?: silicon)?"
                    r"|m[1-5] (?:pro|max|ultra))\b")
# the lowest latency asked: "lowest latency", "least latency", "minimal latency", "cea mai mică
# latență", "latența minimă"; the fastest GPU asked ("fastest GPU for SDXL", "which GPU
# generates an SDXL image fastest", "lowest time per image", "cel mai rapid GPU", "care GPU
# generează cel mai repede"): the same pick, the fastest setup (audit regress6 #4)
_LOWEST_LATENCY = re.compile(
    r"\b(?:lowest|least|minimal|minimum|smallest|best)\s++(?:\w++\s++)?latency\b"
    r"|\b(?:cea mai mica|minima)\s++latenta\b|\blatenta\w*+\s++(?:minima|cea mai mica)\b"
    r"|\b(?:fastest|quickest)\s++(?:\w++\s++)?(?:gpus?|cards?|accelerators?|setups?)\b"
    r"|\b(?:which|what)\s++(?:\w++\s++)?(?:gpus?|cards?|accelerators?)\b[^.?!]*?"
    r"\b(?:fastest|quickest)\b"
    r"|\b(?:lowest|least|shortest|minimal|minimum|smallest)\s++time\s++per\s++"
    r"(?:image|picture|clip|video|token)\b"
    r"|\bcel mai rapid\s++(?:\w++\s++)?(?:gpu|accelerator)\b"
    r"|\bcea mai rapida\s++(?:\w++\s++)?(?:placa|configuratie)\b"
    r"|\b(?:care|ce)\s++(?:gpu|placa)\b[^.?!]*?\bcel mai (?:repede|rapid)\b"
    r"|\bcel mai mic timp\s++pe\s++(?:imagine|clip|token)\b")
# a price by the hour asked ("per hour", "an hour", "/h", "hourly", "pe oră", "tarif orar"),
# read once the usage is taken out ("8 hours a day" is no hour asked; _USAGE_PER)
_HOUR_ASKED = re.compile(r"(?:\b(?:per|an?|each|every|one|pe|o)\s++|/\s*+)(?:hour|hr|h|ora)\b"
                         r"|\bhourly\b|\borar\w*+")


def _images_per_request(folded: str) -> int | None:
    """The images in each request stated ("4 images per request", "one image each", "cu câte
    o imagine"), 1 to 100 as sizing takes them; "each"/"per" with no request word counts only
    for images ("4 images each")."""
    m = _IMAGES_PER_REQUEST.search(folded)
    if m is None:
        return None
    digits = m.group("n") or m.group("cn") or m.group("wn")
    word = m.group("w") or m.group("cw") or m.group("ww")
    n = int(digits) if digits else _IMAGE_COUNT_WORDS[word]
    return n if 1 <= n <= 100 else None


# the host's system RAM named: "host RAM", "system RAM", "CPU RAM/memory", "RAM on the host",
# "memorie RAM pe host", "RAM-ul gazdei", "memoria sistemului"
_HOST_RAM = re.compile(r"\b(?:host|system|cpu|node)\s++(?:ram|memory)\b"
                       r"|\bram\b[^.?!]{0,24}?\b(?:host\w*+|gazd\w*+|sistem\w*+)\b"
                       r"|\bmemoria\s++(?:sistemului|gazdei)\b")
# the model FLOPs utilisation named: "MFU", "model FLOPs utilization", "utilizarea FLOP"
_MFU_ASKED = re.compile(r"\bmfu\b|\bmodel flops? utili[sz]ation\b|\butilizarea flop\w*+")
# a LoRA adapter's own size or trainable parameters asked (not the run's GPU memory):
# "how many trainable parameters", "câți parametri antrenabili", "how big is a LoRA adapter",
# "the adapter file", "ce dimensiune are fișierul adaptorului", "cât de mare e un adaptor"
_TRAINABLE_ASKED = re.compile(r"trainable\s++param\w*+|\bparametri\w*+\s++antrenabil\w*+"
                              r"|\bhow many\s++(?:\w++\s++){0,2}?param\w*+\b[^.?!]*?\badd\w*+")
_ADAPTER_WORD = re.compile(r"\badapters?\b|\badaptor\w*+|\badaptoare\w*+")
_ADAPTER_SIZE = re.compile(r"\bhow (?:big|large)\b|\bsize\b|\bfile\b|\bfisier\w*+"
                           r"|\bcat de mar[ei]\b|\bdimensiun\w*+|\bmarime\w*+|\bocupa\w*+"
                           r"|\bhow (?:much|many) (?:gb|mb|bytes|disk|space)\b"
                           r"|\bcati (?:gb|mb|octeti)\b|\bspa?t?iu\w*+|\bdisk\b|\bdisc\b")
_ADAPTER_NOT = re.compile(r"\bvram\b|\bgpu\b|\bmemor\w*+|\bfits?\b|\bincap\w*+|\bserv\w*+")


_TOGETHER = re.compile(r"\btogether\b|\bsame (?:gpu|card|[a-z]{0,3}\d{1,4}\w*+|machine)\b"
                       r"|\bside by side\b|\bco-?locat\w*+|\bimpreuna\b"
                       r"|\b(?:acelasi|aceeasi) (?:gpu|placa|card|[a-z]{0,3}\d{1,4}\w*+)\b"
                       r"|\bboth\b[^?.!]{0,24}?\bon (?:one|a single|the same|an?)\b"
                       r"|\bambele\b[^?.!]{0,24}?\bpe (?:un singur|o singura|acelasi)\b"
                       r"|\bboth\b|\bambele\b|\bamandoua\b|\bamandoi\b")
"""Two models run together on one GPU ("on the same L4", "fit together", "both on one
H100", "împreună", "pe același L4", "ambele pe un singur GPU"), or together with no GPU
named ("VRAM for llama 3.1 8b and mistral 7b together", "both", "ambele": their sum, audit
buyer31c #4)."""
_PARAMS_COUNT = re.compile(
    r"\bhow many\s++(?:active\s++|total\s++)?+param(?:eter)?s?\b"
    r"|\b(?:active\s++|total\s++)?+param(?:eter)?s?\s++count\b"
    r"|\bnumber of\s++(?:active\s++|total\s++)?+param\w*+"
    r"|\bcati\s++parametri\b|\bnumar\w*+\s++de\s++parametri\b")
"""A model's parameter count asked: "how many (active) parameters", "the active parameter
count", "number of parameters", "câți parametri (activi)", "numărul de parametri"."""


_SPEC_FIELDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("kv_heads", re.compile(r"\b(?:kv|key[- ]value)\s++heads?\b|\bcapete\s++(?:de\s++)?+kv\b"
                            r"|\bnum_key_value_heads\b")),
    ("attention_heads", re.compile(r"\battention\s++heads?\b|\bquery\s++heads?\b"
                                   r"|\bcapete\s++de\s++atentie\b|\bnum_attention_heads\b")),
    ("head_dim", re.compile(r"\bhead[ _]dim\w*+|\bdimensiunea\s++(?:unui\s++)?+cap\w*+")),
    ("layers", re.compile(r"\bhow many\s++(?:transformer\s++|hidden\s++)?+layers\b"
                          r"|\bnumber of\s++(?:transformer\s++|hidden\s++)?+layers\b"
                          r"|\bcate\s++straturi\b|\bnumarul\s++de\s++straturi\b"
                          r"|\bnum_hidden_layers\b")),
    ("hidden_size", re.compile(r"\bhidden[ _](?:size|dim\w*+)\b|\bd_model\b")),
    ("vocab_size", re.compile(r"\bvocab\w*+\s++size\b|\bsize of (?:the|its)\s++vocab\w*+"
                              r"|\bdimensiunea\s++vocabularului\b|\bvocab_size\b")),
    ("context", re.compile(
        r"\b(?:what(?:'s| is)|how long is)\s++(?:the\s++)?+(?:max\w*+\s++|native\s++)?+"
        r"context\s++(?:length|window|size|limit)\b"
        r"|\bwhat(?:'s| is)\s++(?:the\s++)?+max\w*+\s++context\s++(?:of|for)\b"
        r"|\bhow (?:long a|much|many tokens of) context\s++(?:does|can|is)\b"
        r"|\b(?:ce|care e|care este|cat de mare e|cat e)\s++(?:\w++\s++){0,2}?"
        r"(?:lungime\w*+|fereastra)\s++(?:de|a)\s++context\w*+"
        r"|\bcontextul\s++maxim\b")),
)
"""A field of a model's configuration asked ("what is the context length of Qwen3-32B",
"how many KV heads does Llama 3.3 70B have", "câte straturi are", "ce lungime de context
are"): the catalog's value (audit 31d #9: a memory figure answered)."""


def spec_asked(folded: str) -> str | None:
    """The model configuration field asked (:data:`_SPEC_FIELDS`), None where none is."""
    return next((name for name, rx in _SPEC_FIELDS if rx.search(folded)), None)


def params_asked(folded: str) -> str | None:
    """A model's own parameter count asked (:data:`_PARAMS_COUNT`): "active" where the
    active ones are ("active parameters", "parametri activi"), else "total"; None where none
    is, or a LoRA adapter's trainable ones are (:func:`adapter_asked`)."""
    hit = _PARAMS_COUNT.search(folded)
    if hit is None or adapter_asked(folded) is not None or _TRAINABLE_ASKED.search(folded):
        return None
    return "active" if re.search(r"\bactiv\w*+", folded) else "total"


def adapter_asked(folded: str) -> str | None:
    """A LoRA adapter's trainable parameters ("params") or its size ("size") asked
    (:attr:`Stated.adapter_asked`), with no GPU memory, fit or serving asked; None else."""
    if not _LORA_WORD.search(folded) or _ADAPTER_NOT.search(folded):
        return None
    if _TRAINABLE_ASKED.search(folded):
        return "params"
    if _ADAPTER_WORD.search(folded) and _ADAPTER_SIZE.search(folded):
        return "size"
    return None


_LORA_WORD = re.compile(r"\b(?:q?lora|adapter\w*+|adaptor\w*+|adaptoare\w*+)\b")


def region_said(w: str) -> str:
    """A place's words as folded (:func:`place_named`), as the answer says them back: each
    word of a name capitalised ("United States", "Marea Britanie"), not "of"/"ale"; a code
    in capitals ("EU"); a provider region id as is."""
    return (w if _REGION_ID.fullmatch(w) else w.upper() if len(w) <= 3 else " ".join(
        x if x in ("of", "ale", "de") else x.capitalize() for x in w.split()))


# the largest batch asked (Stated.batch_fit_asked): "what batch size fits", "which batch size
# can I run", "max batch size", "largest batch", "how big a batch", "ce batch size încape",
# "ce dimensiune de batch", "cel mai mare batch", "batch-ul maxim"
_BATCH_FIT_Q = re.compile(
    r"\b(?:what|which|ce|care)\s++(?:(?:max(?:imum)?|largest|biggest)\s++)?"
    r"(?:batch(?:[\s-]*+size)?|dimensiune\w*+\s++(?:de|a)\s++batch\w*+)\b"
    r"|\b(?:max(?:imum|imal)?|largest|biggest|cel mai mare)\s++batch\w*+"
    r"|\bhow\s++(?:big|large)\s++(?:of\s++)?a\s++batch\b|\bbatch\w*+\s++maxim\w*+")
# a user's wait or latency asked (Stated.wait_asked): "how long does each user wait", "what
# latency", "latency can I expect", "wait time", "cât așteaptă", "ce latență", "timpul de
# așteptare"
_WAIT_Q = re.compile(
    r"\b(?:wait(?:s|ing)?|queue(?:ing|s)?|astept\w*+|asteap\w*+|coada)\b"
    r"|\b(?:what|which|ce|care)\s++(?:(?:is|will|would|be|the|e|este|va fi)\s++){0,3}"
    r"(?:latency|latenta)\b|\blatency\s++(?:can|will|would|do|should)\b")


def _stated_more(folded: str, registry: Registry, text: str | None = None) -> dict[str, Any]:
    """The fields of :class:`Stated` read by the price answers: a region as written, a
    reserved price, interruptible work, a forecast, a memory bandwidth, a provider named;
    and a memory asked in GB, a yes/no question, a Mac named, a price by the hour asked."""
    region_word = None
    named = place_named(folded, registry.places, text, registry.cities)
    if named is not None:
        region_word = region_said(named[1])
    # spot ruled out: "no spot", "the job cannot be interrupted" (Stated.no_spot)
    no_spot = bool(_NO_SPOT.search(folded) or _spot_ruled_out(folded))
    pm = _PROVIDER_AT.search(excluded_providers(folded)[0])  # never one left out
    word = pm.group(1) if pm else None
    # a place is no provider ("la Londra": "Furnizorul „Londra” nu este în catalog")
    if word is not None and (word in _NOT_PROVIDER or word in _REGIONS or word.isdigit()
                             or word in registry.places
                             or any(c.isdigit() for c in word) or find_precision(word)
                             or registry.find_gpu(word) or registry.find_model(word)):
        word = None
    return {"batch_fit_asked": bool(_BATCH_FIT_Q.search(folded)),
            "wait_asked": bool(_WAIT_Q.search(folded)),
            "region_word": region_word, "reserved": bool(_RESERVED.search(folded)),
            "interruptible": not no_spot and bool(
                _INTERRUPTIBLE.search(_NO_SPOT.sub(" ", folded))),
            "no_spot": no_spot,
            "spot_said": not no_spot and bool(_SPOT_SAID.search(_NO_SPOT.sub(" ", folded))),
            "purchase_asked": bool(_PURCHASE.search(folded)),
            "trains": bool(_TRAIN.search(model_objectives_masked(folded))
                           and not _TRAINING_DATA.search(folded)),
            "tuned_before": _tuned_before(model_objectives_masked(folded)),
            "forecast": bool(_FORECAST.search(folded)),
            "bandwidth": bool(_BANDWIDTH.search(folded)), "provider_word": word,
            "input_million": bool(_INPUT_MILLION.search(folded)),
            "gb_asked": bool(_GB_ASKED.search(folded)),
            "latency_percentile": latency_percentile(folded),
            "yes_no": _asks_yes_no(folded), "which_setup": _asks_which_setup(folded),
            "apple": bool(_APPLE.search(folded)),
            "hour_asked": bool(_HOUR_ASKED.search(_USAGE_PER.sub(" ", folded))),
            "lowest_latency_asked": bool(_LOWEST_LATENCY.search(folded)),
            "month_asked": _month_priced(folded),
            "year_asked": bool(_COST_YEAR.search(_USAGE_PER.sub(" ", folded))),
            "reserved_months": _reserved_months(folded),
            "no_checkpoints": bool(_NO_CHECKPOINTS.search(folded)),
            "downtime_asked": bool(_DOWNTIME.search(folded)),
            "cadence_asked": bool(_CADENCE.search(folded)),
            "providers_listed": bool(_PROVIDERS_OF.search(folded)),
            "host_ram_asked": bool(_HOST_RAM.search(folded)),
            "mfu_asked": bool(_MFU_ASKED.search(folded)),
            "adapter_asked": adapter_asked(folded),
            "params_asked": params_asked(folded),
            "spec_asked": spec_asked(folded),
            "chat_cost": bool(_CHAT_COST.search(folded)),
            "served_live": bool(_SERVED_LIVE.search(folded)) and not _JOB_SAID.search(folded),
            "thousand_requests": bool(_THOUSAND_REQUESTS.search(folded)),
            "precisions_weighed": _precisions_weighed(folded),
            "precisions_listed": _precisions_listed(folded),
            "gguf_weighed_alone": _gguf_weighed_alone(folded),
            "precisions_unknown": _precisions_unknown(folded),
            "no_nvlink": bool(_NO_NVLINK.search(folded)),
            "pcie_enough": bool(_PCIE_ENOUGH.search(folded)),
            "variants_weighed": bool(_FORM_VS.search(folded)) and not (
                _TRAIN.search(folded) or _FINETUNE.search(folded) or _SPEED.search(folded)
                or _FASTER.search(folded) or _SLOWER.search(folded)
                or _BY_HOW_MUCH.search(folded) or _TTFT_NAMED.search(folded)
                or _TOKENS_RATE_ASKED.search(folded)),
            "inference_said": bool(_INFER_USE.search(folded)),
            "link_priced": bool(_LINK_PRICED.search(folded) and _INTERCONNECT.search(folded)),
            "native_asked": _native_asked(folded),
            "flash_attention": _flash_attention_named(folded),
            "forms_compared": bool(_FORM_VS.search(folded)),
            "speed_compared": ("which" if _WHICH_FASTER.search(folded) else "faster"
                               if _FASTER.search(folded) else "slower"
                               if _SLOWER.search(folded) else None),
            "load_asked": bool(_LOAD_ASKED.search(folded)),
            "refiner": bool(_REFINER.search(folded)),
            "user_base": _user_base(folded),
            "active_share": _active_share(folded),
            "per_gpu_asked": bool(_PER_GPU.search(folded) or _PER_CHIP.search(folded)),
            "train_tokens_asked": bool(_TRAIN_TOKENS_ASKED.search(folded)),
            "what_can_asked": bool(_WHAT_CAN_Q.search(folded)),
            "tokens_usd": _tokens_amount(folded),
            "media_named": bool(_MEDIA_NAMED.search(folded)),
            "output_asked": bool(_OUTPUT_ASKED.search(folded)),
            "image_tokens_asked": bool(_IMAGE_TOKENS_Q.search(folded)),
            **_own_price_said(text if text is not None else folded, registry)}


def _own_price_said(text: str, registry: Registry) -> dict[str, Any]:
    """:attr:`Stated.own_price_usd_per_hour`, :attr:`Stated.own_price_per_machine`,
    :attr:`Stated.own_price_usd_per_month` and :attr:`Stated.gpu_prices`."""
    own = own_price_read(text, registry)
    said: dict[str, Any] = {"gpu_prices": tuple((ids, p) for ids, p, _, _ in
                                                gpu_prices(text, registry))}
    if own is not None:
        said.update(own_price_usd_per_hour=own.per_hour, own_price_per_machine=own.machine,
                    own_price_usd_per_month=own.usd if own.month else None)
    return said


# images, video, speech or music named (folded): "image model", "videos", "text-to-speech",
# "transcription", "imagini", "vorbire", "muzică"
_MEDIA_NAMED = re.compile(
    r"\b(?:images?|pictures?|photos?|videos?|audio|speech|voices?|music|songs?|transcri\w*+"
    r"|diffusion|tts|imagin[ei]|poze|fotografii|vorbire|voce|muzica|cantece|melodii)\b")


# what a budget runs or makes asked (Stated.output_asked): "what can I run / make / generate",
# "ce pot rula / genera / face", "ce putem rula"
_OUTPUT_ASKED = re.compile(
    r"\bwhat (?:can|could) (?:i|we) (?:run|make|generate|produce|get)\b"
    r"|\bce (?:pot|putem|as putea|am putea) (?:sa )?(?:rula|ruleze|rulez|genera|generez|face|fac"
    r"|produce|obtine)\b")
# the tokens one image takes asked (Stated.image_tokens_asked): "how many tokens is one image",
# "how many image tokens", "tokens per image", "câți tokeni are o imagine", "tokeni pe imagine"
_IMAGE_TOKENS_Q = re.compile(
    r"\bhow many (?:image|vision|visual) tokens\b"
    r"|\bhow many tokens\b[^?.!]{0,40}?\b(?:an?|one|1|each|every|per|single) "
    r"(?:\d{3,4}\s*+[x×]\s*+\d{3,4}(?:\s*+px)? )?(?:image|picture)\b"
    r"|\b(?:image|vision|visual) tokens (?:per|for each|for an?|for one|of an?|in an?) "
    r"(?:image|picture)\b|\btokens (?:per|for each|for an?|for one|in an?) (?:image|picture)\b"
    r"|\bcati tokeni\b[^?.!]{0,40}?\b(?:o|fiecare|pe|per|1|una) (?:imagine|poza|fotografie)\b"
    r"|\btokeni (?:de imagine|vizuali|pe imagine|per imagine|pentru o imagine|ai unei imagini)\b")


# the tokens a budget trains asked ("how many tokens can I fine-tune on", "pe câți tokeni pot
# face fine-tuning"): read with a total budget by the training answer (audit train2 #4)
# a budget's reach asked in other words ("what's possible?", "what can I train with $2000",
# "ce pot antrena cu 2000 de dolari", "ce se poate face"): the tokens it trains are the
# answer, as for "how many tokens" (audit buyer17 #5: the cheapest setup by the hour and
# "the question does not give its hours")
# "what can I fine-tune for $100?", "ce pot face": what a budget buys asked, in general (with
# no model named, the model is the answer: Stated.what_can_asked)
_WHAT_CAN = (r"\bwhat(?:['\u2019]s| is) possible\b"
             r"|\bwhat can (?:i|we) (?:do|train|fine[- ]?tune|get|achieve)\b"
             r"|\bce (?:e|este) posibil\b|\bce se poate (?:face|antrena)\b"
             r"|\bce (?:pot|putem) (?:face|antrena|obtine)\b")
_WHAT_CAN_Q = re.compile(_WHAT_CAN)
_TRAIN_TOKENS_ASKED = re.compile(r"\bhow many (?:training )?tokens\b(?![^?]{0,20}\bper\b)"
                                 r"|\bcat[ie] (?:de )?tokeni\b(?![^?]{0,20}\bpe (?:secunda|ora|"
                                 r"minut|zi)\b)|" + _WHAT_CAN)


def _active_share(folded: str) -> tuple[int, int, float | None] | None:
    """The share of a user count active at once (``understand.active_share``)."""
    share = active_share(folded)
    return share[:3] if share is not None else None


def _user_base(folded: str) -> tuple[int, str] | None:
    """The user base stated (``understand.user_base``): its count and how it is counted."""
    base = user_base(folded)
    return (base[0], base[1]) if base is not None else None


_REFINER = re.compile(r"\brefiner\w*+")


_FASTER = re.compile(r"\b(?:faster|quicker|mai (?:rapid\w*+|repede))\b")
# "which is faster?", "which one runs quicker", "care e mai rapid?", "care dintre ele merge mai
# repede": the faster of the two asked, not whether the first is (speed_compared "which")
# (or more of a total: "which gives more throughput", "care dă un debit mai mare": audit
# loadfigs #1, it gave the two with no answer to which)
_WHICH_FASTER = re.compile(r"\b(?:which|care)\b[^?.!;:,]{0,30}?\b(?:faster|quicker"
                           r"|mai (?:rapid\w*+|repede)"
                           r"|(?:more|higher|greater|most|highest) (?:total )?(?:throughput"
                           r"|tokens)|(?:debit\w*+|tokeni) mai (?:mare|mult\w*+)"
                           r"|mai mult\w*+ (?:debit|tokeni))\b")
_SLOWER = re.compile(r"\b(?:slower|mai (?:lent\w*+|incet\w*+))\b")
# a setup said to have no NVLink: "(no NVLink)", "without NVLink", "fără NVLink"
_NO_NVLINK = re.compile(r"\b(?:no|without|w/o|fara)\s++(?:an?\s++|any\s++)?nvlink\b")
# "natively", "native FP4", "nativ": a precision asked to run on the GPU's own tensor cores
_NATIVE_Q = re.compile(r"\bnativ\w*+")
# "native context", "native resolution", "precizia nativă": the model's own, not a kernel's
_NATIVE_NOUN = re.compile(
    r"\bnativ\w*+\s++(?:context|precision|resolution|size|format|weights?|checkpoint|dtype"
    r"|length|window|language|limit)\b|\b(?:context\w*+|precizi\w*+|rezoluti\w*+"
    r"|dimensiun\w*+|format\w*+|greutat\w*+|limit\w*+|fereastr\w*+)\s++nativ\w*+")


# FlashAttention named, its version after it: "FlashAttention-2", "flash attention 2",
# "flash_attention_2", "flash-attn", "FA2", "FA-3"
_FLASH_ATTENTION = re.compile(
    r"\bflash[-_ ]?(?:attention|attn)(?:[-_ ]?v?([123])\b)?|\bfa[-_ ]?([123])\b")


def _flash_attention_named(folded: str) -> int | None:
    """The FlashAttention version named (:data:`_FLASH_ATTENTION`): 1, 2 or 3, 0 where no
    version is said; None where FlashAttention is not named."""
    m = _FLASH_ATTENTION.search(folded)
    if m is None:
        return None
    return int(m.group(1) or m.group(2) or 0)


def _native_asked(folded: str) -> bool:
    """Whether running natively is asked (:data:`_NATIVE_Q`), not a model's native
    context, precision or size (:data:`_NATIVE_NOUN`)."""
    return bool(_NATIVE_Q.search(_NATIVE_NOUN.sub(" ", folded)))
# "by how much (faster)", "how much faster" ("cu cât mai rapid": _FASTER): a speed ratio asked
_BY_HOW_MUCH = re.compile(r"\bby how much\b(?! (?:cheaper|more expensive|less|more money))"
                          r"|\bhow much (?:faster|quicker|slower)\b")
# a total at full load asked ("at full load", "max throughput", "in total", "aggregate",
# "saturated", "la încărcare maximă", "debitul"): never "total" alone ("total VRAM")
_LOAD_ASKED = re.compile(r"\bthroughput\b|\bdebit\w*+|\baggregate\b|\bin total\b"
                         r"|\b(?:full|max(?:imum)?|peak) load\b|\bsaturat\w*+"
                         r"|\bincarcare (?:maxima|completa)\b|\bla capacitate maxima\b")


def _precisions_weighed(folded: str) -> tuple[str, str] | None:
    """The two precisions :data:`_PRECISION_VS` finds weighed, as precision ids ("int4" and
    "4-bit" are the same id), or None where not two different ones. A GGUF file named by the
    word alone ("GGUF vs AWQ") is the GGUF type of the other side's bits (AWQ's 4: q4_k_m,
    int8's 8: q8_0; ``GGUF_AT_BITS``), else Q4_K_M, Ollama's default GGUF type (its source
    there): llama.cpp's own set-up against the other's, each on its default engine."""
    m = _PRECISION_VS.search(folded)
    if m is None:
        return None
    a, b = _weighed_one(m.group("a")), _weighed_one(m.group("b"))
    if a is None and b is not None and m.group("a") == "gguf":
        a = _gguf_like(b)
    elif b is None and a is not None and m.group("b") == "gguf":
        b = _gguf_like(a)
    if a is None or b is None or a.id == b.id:
        return None
    return a.id, b.id


def _precisions_listed(folded: str) -> tuple[str, ...]:
    """The precisions :data:`_PRECISION_LIST` finds listed, as precision ids in the order
    said, each once; () where any is not the catalog's or fewer than three differ."""
    m = _PRECISION_LIST.search(folded)
    if m is None:
        return ()
    said = [_weighed_one(m.group(g)) for g in ("a", "b", "c")]
    ids = tuple(dict.fromkeys(p.id for p in said if p is not None))
    return ids if len(ids) == 3 else ()


def _precisions_unknown(folded: str) -> tuple[str, ...]:
    """The sides of the pair :data:`_PRECISION_VS` finds that name no precision of the
    catalog (:data:`_FORMAT_UNKNOWN`, or a GGUF type it lacks: "q4_k_s"), as said; the bare
    word "gguf" is none of them (:func:`_gguf_like` takes its type)."""
    m = _PRECISION_VS.search(folded)
    if m is None:
        return ()
    return tuple(dict.fromkeys(said for said in (m.group("a"), m.group("b"))
                               if said != "gguf" and _weighed_one(said) is None))


def _gguf_weighed_alone(folded: str) -> bool:
    """Whether one side of the pair :func:`_precisions_weighed` reads is the word "GGUF"
    alone, its type taken (:func:`_gguf_like`), not stated."""
    m = _PRECISION_VS.search(folded)
    return (m is not None and "gguf" in (m.group("a"), m.group("b"))
            and _precisions_weighed(folded) is not None)


_BIT_COUNT_SAID = re.compile(r"\b([2-8])[- ]?(?:bits?|biti)\b")
"""A bit count as a side of a pair or list says it ("4 biti", "8 bits", "4-bit"), read as the
catalog's alias ("4-bit": int4; with GGUF, its GGUF type)."""


def _weighed_one(said: str) -> Precision | None:
    """One side of :data:`_PRECISION_VS` as a precision: "8-bit GGUF" and "GGUF 8-bit" are
    q8_0, "Q4_K_M GGUF" is q4_k_m; the bare word "gguf" none (:func:`_gguf_like`)."""
    said = _BIT_COUNT_SAID.sub(r"\1-bit", said)  # "4 biti", "8 bits": the catalog's "4-bit"
    head = said[:-4]
    if said.startswith("q") and said.endswith("gguf") and head != head.rstrip():
        said = head.rstrip()  # (a suffix cut without a regex: `\s++gguf$` retried each space)
    return find_precision(said)


def _gguf_like(other: Precision) -> Precision | None:
    """The GGUF type weighed against ``other`` where the question says "GGUF" alone: the one
    of ``other``'s nominal bits (``GGUF_AT_BITS``), else Q4_K_M; None where ``other`` is a
    GGUF type itself ("Q8_0 vs GGUF" names no second set-up)."""
    if other.gguf:
        return None
    return get_precision(GGUF_AT_BITS.get(round(other.bits_linear), "q4_k_m"))


def _num(raw: str) -> float:
    if re.fullmatch(r"\d{1,3}(?:,\d{3})++", raw):
        return float(raw.replace(",", ""))
    return float(raw.replace(",", "."))


def _months_hours(folded: str) -> float | None:
    """The hours of a length ``folded`` states in months (:data:`_DURATION_MONTHS`), or None;
    a reserved term ("reserved for 12 months") is a commitment, not a length of use."""
    months = _months(folded)
    if months is None:
        return None
    return months_hours(months)


def months_hours(months: float) -> float:
    """The hours of a length of ``months`` months, as a stated length reads them."""
    if months >= 12:
        # "for 12 months", "18 months", "2 years": years of 365 days (18 months is 13,140 h,
        # not 18 x 720 = 12,960: audit regress2 #14), as "for a year" is
        return months / 12 * _YEAR_HOURS
    return months * _MONTH_HOURS


def _months(folded: str) -> float | None:
    """The months of a length of use ``folded`` states ("for 3 months", "18 months of an
    A100", "2 years of an A100": 24), or None; a reserved term ("reserved for 12 months") is
    a commitment, not a length of use."""
    if _RESERVED.search(folded):
        return None
    m = _DURATION_MONTHS.search(folded)
    if m is not None:
        months = float(_MONTH_WORDS.get(m.group(1)) or _num(m.group(1)))
        return months or None
    lm = _LENGTH_OF.search(folded)
    if lm is None:
        return None
    raw = lm.group(1) or lm.group(3)
    n = float(_MONTH_WORDS.get(raw) or _num(raw))
    unit = lm.group("unit") or lm.group("unit2")
    return (n if unit.startswith(("month", "lun")) else n * 12) or None


def _month_priced(folded: str) -> bool:
    """Whether a month's price is asked: a month named other than as a length in months ("for
    3 months" is a length, totalled; "the monthly cost for 6 months" asks the month). A length
    of part of a month ("a month and a half", "1.5 months") is totalled even where "monthly"
    is said: no month's price answers "the monthly bill over one and a half months" (audit
    reg6: $1,858/month for 2 H100 over 1.5 months)."""
    months = _months(folded)
    if months is None:
        return bool(_COST_MONTH.search(folded))
    if not months.is_integer():
        return False
    return bool(_COST_MONTH.search(_LENGTH_OF.sub(" ", _DURATION_MONTHS.sub(" ", folded))))


def _month_first(folded: str) -> bool:
    """Whether a month's price (:func:`_month_priced`) is asked before a count of GPUs
    (:data:`_COUNT_Q`): :attr:`Stated.month_first`."""
    if not _month_priced(folded):
        return False
    bare = _LOAD_PER_MONTH.sub(" ", folded)
    month, count = _COST_MONTH.search(bare), _COUNT_Q.search(bare)
    return month is not None and count is not None and month.start() < count.start()


def _hour_first(folded: str) -> bool:
    """Whether an hour's price is asked before a day's and a month's, all three asked ("per
    hour, per day and per month"): :attr:`Stated.hour_first`."""
    if not _month_priced(folded):
        return False
    bare = _USAGE_PER.sub(" ", folded)
    hour, day, month = _COST_HOUR.search(bare), _COST_DAY.search(bare), _COST_MONTH.search(bare)
    return (hour is not None and day is not None and month is not None
            and hour.start() < min(day.start(), month.start()))


# GPU-hours as an amount: "300 GPU hours", "300 gpu-hours", "300 H100 hours", "50 A100-hours"
# (a GPU's name right before "hours"; "ore-GPU" is read by _DURATION: "300 de ore-GPU")
_GPU_HOURS_AMOUNT = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})++|\d++(?:[.,]\d++)?)\s*+(?:gpus?|[a-z]{1,3}\d{2,4}[a-z]{0,4})"
    # ("200 H100 GPU-hours": the card, then the unit; it was 200 GPUs, audit regress2 #6)
    r"[\s-]*+(?:gpu[\s-]*+)?(?:hours?|hrs?)\b")


# a cloud instance type: AWS "g5.xlarge", "p5.48xlarge"; GCP "a2-highgpu-1g"; OCI
# "bm.gpu.h100.8"; Azure "standard_nc24ads_a100_v4"
_INSTANCE_TYPE = re.compile(
    r"\b[a-z]{1,3}\d{1,2}[a-z]{0,4}\.(?:\d{0,2}x?large|metal(?:-\d++xl)?)\b"
    r"|\b[a-z]\d[a-z]?-(?:highgpu|megagpu|ultragpu|standard|edgegpu)-\d++g\b"
    r"|\b(?:bm|vm)\.gpu(?:\.[a-z0-9]++)++|\bstandard_n[a-z0-9_]++")

# An Azure VM series named by its family ("ND H100 v5", "NC A100 v4", "NCads H100 v5"): its
# sizes are Standard_<series><vCPUs><features>_<GPU>_v<n> (learn.microsoft.com ND family
# sizes: "Standard_ND96isr_H100_v5 -- 96 vCPUs -- 8 GPU(s)"; NCads H100 v5:
# Standard_NC40ads_H100_v5 and Standard_NC80adis_H100_v5), read as that pattern of
# instance types ("standard_nd*_h100_v5", matched with fnmatch; audit regress5 #10: "an
# Azure ND H100 v5" was priced as one H100 NVL, the NC series' card)
_AZURE_SERIES = re.compile(
    r"\b(n[cdv])([a-z]{0,4})[ _-]?(h100|h200|a100|a10|mi300x|gb200|gb300|b200|v100|t4|l40s?)"
    r"[ _-]?v(\d)\b")


def _instance_types(folded: str) -> tuple[str, ...]:
    named = _INSTANCE_TYPE.findall(folded) + [
        f"standard_{m.group(1)}*{m.group(2)}*_{m.group(3)}_v{m.group(4)}"
        for m in _AZURE_SERIES.finditer(folded)]
    return tuple(dict.fromkeys(named))


def _gpu_hours(folded: str) -> float | None:
    m = _GPU_HOURS_AMOUNT.search(folded)
    return (_num(m.group(1)) or None) if m else None


def _hours(value: float, unit: str) -> float:
    if unit.startswith(("day", "zi")):
        return value * 24
    if unit.startswith(("week", "sapt")):
        return value * 168
    if unit.startswith("min"):
        return value / 60
    return value


_REQUEST_ZERO = re.compile(r"\b(?:output|input|prompt|generated|new|completion|response)\b")
"""The words that make "0 tokens" one request's output or input, which sizing takes
(``output_tokens`` from 0), never a job of no tokens: "0 output tokens", "0 new tokens"."""
_REQUEST_ZERO_AFTER = re.compile(
    r"\s*+(?:(?:de|la|in)\s++(?:iesire|intrare)|generat\w*+|noi\b|of (?:output|input)\b"
    r"|(?:out|in|generated|output)\b)")
"""The same said after the tokens: "0 tokeni de ieșire", "0 tokeni generați", "0 tokens out"."""
_TOKENS_PER_S_MIN = re.compile(r"\s*+(?:/|per|pe|a|an|each|every)\s*+(?:s|sec|second|secunda"
                               r"|min|minute|minut)\b")
"""A rate a second or a minute after an amount of tokens ("tokens per second", "tokeni pe
minut", "tokens/min"): the tokens are a load (:data:`_TPS_TARGET`), not a job's total."""


def _job_tokens(folded: str, registry: Registry) -> int | None:
    """The job's amount of tokens that ``folded`` states (:func:`details`' ``tokens``),
    or None: never one request's length, one step's batch nor a rate."""
    for tm in _TOKENS.finditer(folded):
        raw, scale = tm.group(1), _SCALE.get(tm.group(2) or "", 1.0)
        value = _num(raw) * scale
        if _request_length(folded, tm) and not (_INPUT_AFTER.match(folded, tm.end())
                                                and value > _longest_context(registry)):
            continue  # "with 128k tokens of context": one request's size, never a job's amount
        if batch_tokens_at(folded, tm.start(), tm.end()):
            continue  # "a global batch of 4M tokens": one step's tokens, not the run's
        if _TOKENS_PER_S_MIN.match(folded, tm.end()):
            # "600,000 tokens per minute", "2 million tokens per second": a load to carry
            # (Stated.throughput_tokens_per_s, min_tokens_per_s), never a job of that many
            # tokens (audit regress9 #1: a $0.05 job for "600,000 tokens per minute ... cost
            # per month"; hourly and daily amounts stay a job's runs, Stated.job_runs)
            continue
        negative = minus_before(folded, tm.start(1))
        # "32k tokens" is a context, not a job; none, or a negative amount, is no job either:
        # read as stated, so that the answer says so (audit oor: "generate 0 tokens" was an
        # hour's price, "-500 million tokens" the job of 500 million)
        # ("0 output tokens" is a request's, which sizing takes: fields.OutputTokens, from 0;
        # so are "0 new tokens", "0 generated tokens", "0 tokeni de ieșire": audit regress6 5)
        none = value == 0 and not _REQUEST_ZERO.search(tm.group(0)) and not (
            _REQUEST_ZERO_AFTER.match(folded, tm.end()))
        if value >= 100_000 or none or negative:
            # digits alone are read exactly: 10^30 as a float is 1000000000000000019884624838656
            n = int(raw) if raw.isdigit() and scale == 1.0 else int(value)
            return -n if negative else n
    return None


def details(text: str, registry: Registry, providers: list[str]) -> Details:
    """The entities of :class:`Details` that ``text`` states; ``providers``: the catalog's
    provider ids."""
    folded = _fold(text)
    toks = _tokens(folded)
    names = _find_names(toks, registry, _tables(registry))
    gpus: list[str] = []
    # (a GPU named on the side of the setup asked about is none of a comparison: "Does FP8
    # work on an A100? I'd run Llama 3.1 70B on 2x A100 80GB" weighs no two cards)
    for m in without_side_gpus(toks, names, folded):
        if m.kind == "gpu" and m.id not in gpus:
            gpus.append(m.id)
    if len(gpus) == 1:  # "A100 40GB vs 80GB", "H100 PCIe vs SXM": two cards compared
        other = _variant_compared(folded, gpus[0], registry)
        if other is not None:
            gpus.append(other)
    mem = _card_memory(folded)
    tokens = _job_tokens(folded, registry)
    duration: float | None = None
    # an interval is no job length, nor the length of each recording ("100,000 calls of 10
    # minutes each": hours of audio, Stated.recordings; audit batch B3)
    # nor days a week ("5 days a week", "5 zile pe săptămână": a schedule, Stated.days_per_week;
    # audit slips27 #4 read them as a 120-hour job)
    dm = _DURATION.search(_RECORDINGS.sub(lambda x: " " * len(x.group()) if _recordings(
        x.group()) else x.group(), _PER_WEEK.sub(lambda x: " " * len(x.group()),
                                                 _CHECKPOINT_EVERY.sub(" ", folded))))
    if gh := _gpu_hours(folded):
        duration = gh  # "300 GPU hours": one GPU's 300 hours
    elif dm:
        duration = _hours(_num(dm.group(1)), dm.group(2))
    elif sm := _SECONDS_JOB.search(folded):
        duration = _num(sm.group(1) or sm.group(2)) / 3600  # "a 30-second job": its seconds
    else:
        duration = _months_hours(folded) or next(
            (h for pattern, h in _DURATION_WORDS if pattern.search(folded)), None)
    data: float | None = None
    for d in _data_amounts(folded, toks, names, mem):
        data = d[0]
        break
    provider = None
    # "excluding X" asks for none; a sentence's full stop is no part of a name ("on AWS.")
    kept = [x.rstrip(".") for x in _WORD_RE.findall(excluded_providers(folded)[0])]
    joined = " " + " ".join(kept) + " "
    aliases = provider_words(registry)
    for alias, pid in aliases.items():
        if f" {alias} " in joined and pid in providers:
            provider = pid
            break
    if provider is None:
        for w in kept:
            if w in providers:
                provider = w
                break
    src = _EGRESS_FROM.search(" ".join(kept)) if _EGRESS.search(folded) else None
    if src is not None:
        # data moved out of a cloud: its egress is billed where it leaves ("din AWS pe RunPod",
        # "from AWS to GCP": AWS's; the first provider named was RunPod's)
        name = src.group(1)
        pid = aliases.get(name) or aliases.get(name.split(" ")[0]) or name.split(" ")[0]
        provider = pid if pid in providers else provider
    # a provider region id ("us-east-1") or its stem ("us-east"), a group ("eu") or a place
    named, each = places_named(folded, registry.places, text, registry.cities)
    left_out, blanked = places_left_out(folded, registry.places, registry.cities)
    if left_out:
        # "in Europe but not in the EU": Europe asked, the EU left out (never the EU asked)
        named, each = places_named(blanked, registry.places, None, registry.cities)
    region = named[0][0] if named else None
    regions = [p for p, _ in named] if len(named) > 1 else None
    um = _USERS.search(folded) or next(
        (m for m in (p.search(folded) for p in _STREAMS) if m is not None), None)
    return Details(gpus=gpus if len(gpus) > 1 else None, memory_gib=mem, tokens=tokens,
                   users=user_count(um.group(1), um.group(2)) if um else None,
                   duration_hours=duration, data_gb=data, provider=provider, region=region,
                   regions=regions, regions_each=each,
                   regions_excluded=left_out or None, sub=None)


def providers_named(text: str, providers: list[str], words: Mapping[str, str] | None = None
                    ) -> tuple[str, ...]:
    """The catalog providers (ids in ``providers``) that ``text`` names, each once, in the
    order written, their aliases (``words``, :func:`provider_words`) read as :func:`details`
    reads its one (``lambda labs``, ``google``); a provider left out ("excluding AWS") is
    none of them."""
    folded = excluded_providers(_fold(text))[0]
    kept = [x.rstrip(".") for x in _WORD_RE.findall(folded)]
    joined = " " + " ".join(kept) + " "
    found: list[tuple[int, str]] = []
    for alias, pid in (words or {}).items():
        at = joined.find(f" {alias} ")
        if at >= 0 and pid in providers:
            found.append((at, pid))
    for i, word in enumerate(kept):
        if word in providers:
            found.append((len(" ".join(kept[:i])) + (1 if i else 0), word))
    out: list[str] = []
    for _, pid in sorted(found):
        if pid not in out:
            out.append(pid)
    return tuple(out)


# data moved from one place to another: "from AWS to GCP", "out of google cloud into runpod",
# "din AWS pe RunPod", "de pe GCP în Lambda" (each name then read as a provider or not)
_MOVED_BETWEEN = re.compile(
    r"\b(?:from|out\s++of|din|de\s++pe|de\s++la)\s++([a-z][a-z0-9.]*+(?:\s++cloud)?+)\s++"
    r"(?:to|into|onto|in|pe|la|catre|spre)\s++(?:the\s++)?+([a-z][a-z0-9.]*+)")


# a price asked of an instance named ("what does AWS charge for a p5.48xlarge?", "how much is
# a p4d.24xlarge per hour?", "cât costă un g6.xlarge?", "price of a gpu_1x_h100_sxm5")
_INSTANCE_PRICE_Q = re.compile(
    r"\bhow much\b|\bcost\w*+|\bcosta\b|\bprice\w*+|\bpret(?!rain)\w*+|\bcharg\w*+"
    r"|\btarif\w*+|\brates?\b|\bper (?:hour|hr|h|month)\b|\bpe (?:ora|luna)\b|/h(?:r|our)?\b"
    r"|\$|\busd\b|\bdolari\b|\bbill\w*+|\bfactur\w*+|\bspot\b|\bon-demand\b|\bla cerere\b")


def instance_price_asked(text: str) -> bool:
    """Whether ``text`` asks a price (of the instance it names: compose routes it to
    the offer's own prices, numbers/prices.instance_price)."""
    return _INSTANCE_PRICE_Q.search(_fold(text)) is not None


def moved_between(text: str, providers: list[str], words: Mapping[str, str] | None = None
                  ) -> bool:
    """Whether ``text`` moves data from one catalog provider (ids in ``providers``) to
    another ("move 2 TB from AWS to GCP"): the egress is the first one's (:func:`details`
    reads it), no comparison of the two (:attr:`Stated.data_moved`)."""
    def pid(name: str) -> str | None:
        first = name.split()[0]
        aliases = words or {}
        got = aliases.get(name) or aliases.get(first) or first
        return got if got in providers else None

    folded = excluded_providers(_fold(text))[0]
    return any(pid(m.group(1)) is not None and pid(m.group(2)) is not None
               for m in _MOVED_BETWEEN.finditer(folded))


# one card's two variants compared with the family named once: "A100 40GB vs 80GB", "H100
# PCIe vs SXM", "a100 40 or 80 gb" (a memory or a form factor each side)
_SIZE_VS = re.compile(r"(?<![\w.])(\d{2,3})\s*+(?:gb|g|gib)?\s++(?:vs\.?|versus|or|sau|ori|fata de)"
                      r"\s++(?:(?:the|a|an|un|o)\s++)?(\d{2,3})\s*+(?:gb|g|gib)\b")
_FORM_VS = re.compile(r"\b(pcie|sxm\d?|nvlink|nvl)\s++(?:vs\.?|versus|or|sau|fata de)\s++"
                      r"(?:(?:the|a|an|un|o)\s++)?(?:[a-z]{1,3}\d{2,4}\s++)?"
                      r"(pcie|sxm\d?|nvlink|nvl)\b")


def _variant_compared(folded: str, gid: str, registry: Registry) -> str | None:
    """The other variant of ``gid``'s card where the question compares two of them naming
    the family once ("A100 40GB vs 80GB": the A100 SXM4 80GB beside the SXM4 40GB read;
    "H100 PCIe vs SXM": the H100 SXM5), the same in all else (form factor, or memory) where
    the registry has it; None where no such pair is written."""
    here = registry.gpus[gid]
    family = [g for g in registry.gpus.values()
              if _card_family(g.id) == _card_family(gid) and g.id != gid]
    parts = set(gid.split("-"))
    sm = _SIZE_VS.search(folded)
    if sm is not None:
        sizes = [int(sm.group(1)), int(sm.group(2))]
        near = [x for x in sizes if abs(here.total_gib - x) <= max(2.0, 0.06 * x)]
        if len(near) != 1:
            return None
        want = sizes[1] if near[0] == sizes[0] else sizes[0]
        same = [g for g in family if abs(g.total_gib - want) <= max(2.0, 0.06 * want)]
        same.sort(key=lambda g: (-len(parts & set(g.id.split("-"))), g.id))
        return same[0].id if same else None
    fm = _FORM_VS.search(folded)
    if fm is not None:
        # "NVLink vs PCIe" with a speed asked ("2 A100 80GB cu NVLink față de PCIe: cu cât e
        # mai rapid?"): the SXM board, its GPUs joined by NVLink / NVSwitch, beside the PCIe
        # card (audit buyer20 #4: the link specs alone); its link alone asked stays one card
        nvlink = "nvlink" in (fm.group(1), fm.group(2))
        if nvlink and not (_SPEED.search(folded) or _FASTER.search(folded)
                           or _SLOWER.search(folded) or _BY_HOW_MUCH.search(folded)):
            return None
        forms = [("sxm" if g == "nvlink" else g.rstrip("0123456789"))
                 for g in (fm.group(1), fm.group(2))]
        if forms[0] == forms[1]:
            return None
        want_form = forms[1] if forms[0] in parts else forms[0] if forms[1] in parts else None
        if want_form is None:
            return None
        same = [g for g in family if want_form in g.id.split("-")]
        same.sort(key=lambda g: (abs(g.total_gib - here.total_gib), g.id))
        return same[0].id if same else None
    return None


def _card_family(gpu_id: str) -> str:
    """A card's family in its id ("a100-sxm-40gb": a100; "rtx-4090": rtx-4090)."""
    parts = gpu_id.split("-")
    return "-".join(parts[:2]) if parts[0] in ("rtx", "rx", "radeon", "tesla", "instinct") \
        else parts[0]


def _card_memory(folded: str) -> float | None:
    mm = _MEM_CARD.search(folded)
    return float(mm.group(1) or mm.group(2) or mm.group(3) or mm.group(4)) if mm else None


# an amount said to be data ("I have 150 GB of data", "150 de GB de date"): never a card's
# memory, which "I have 150 GB" alone reads (audit ro2 #10)
_OF_DATA = re.compile(r"\s*+(?:of|de)\s++(?:data|date|files|fisiere|datasets?)\b")
# the size of each item a job makes, sent out: "download them (1.5MB each)", "at 2 MB per
# image", "each image is 1.5 MB", "1M images of 1.5 MB", "de 1,5 MB fiecare" (audit buyer24a
# #10: the egress of 1 million 1.5 MB images was a bare price per GB, no job total); times the
# job's count it is the job's egress (:func:`stated`), as "~1.5 TB egress" is
_ITEM_BYTES_GB = {"kb": 1e-6, "mb": 1e-3, "gb": 1.0, "kib": 1024 / 1e9, "mib": 1024 ** 2 / 1e9,
                  "gib": 1024 ** 3 / 1e9}
_ITEM_NOUN = (r"(?:images?|imagini|imaginea|pictures?|photos?|poze|files?|fisiere|fisierul"
              r"|clips?|clipuri|clipul|videos?|videoclipuri|songs?|tracks?|melodii|outputs?|items?"
              r"|sound[\s-]*+effects?|efecte\s++sonore)")
_ITEM_SIZE = r"(\d++(?:[.,]\d++)?)\s*+(kb|mb|gb|kib|mib|gib)\b"
_ITEM_BYTES = re.compile(
    r"(?<![\w.,])" + _ITEM_SIZE + r"\s*+(?:each\b|apiece\b|a piece\b|fiecare\b|bucata\b"
    r"|(?:per|pe|/|a|an)\s*+(?:each\s++)?" + _ITEM_NOUN + r"\b)"
    r"|\b(?:each|every|one|per|fiecare|o|un)\s++" + _ITEM_NOUN
    + r"\s++(?:(?:is|are|of|at|=|:|has|takes|weighs|ocupa|de|e|este)\s*+)?"
    r"(?:(?:about|around|roughly|~|cca|circa|aproximativ)\s*+)?" + _ITEM_SIZE
    + r"|\b" + _ITEM_NOUN + r"\s++(?:of|de)\s++(?:(?:about|around|~|cca|circa)\s*+)?"
    + _ITEM_SIZE)


def item_egress_gb(folded: str, count: float | None) -> float | None:
    """The GB ``count`` items of the size each :data:`_ITEM_BYTES` reads make, where the text
    sends them out (:data:`_EGRESS`: "download them", "egress"); None otherwise."""
    m = _ITEM_BYTES.search(folded)
    if m is None or not count or not _EGRESS.search(folded):
        return None
    raw, unit = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
    return _num(raw) * _ITEM_BYTES_GB[unit] * count or None


def _data_amounts(folded: str, toks: list[Any], names: list[Any],
                  mem: float | None) -> list[tuple[float, str | None]]:
    """The data amounts of ``folded`` in GB, each with what it is tied to ("storage",
    "egress" or None); a card's memory ("A100 80GB", "a 24 GB card") is never data."""
    cards = [(toks[m.first].start, toks[m.last].end) for m in names if m.kind == "gpu"]
    out: list[tuple[float, str | None]] = []
    for d in _DATA.finditer(folded):
        unit = d.group(2)
        value = _num(d.group(1)) * {"tb": 1000, "tib": 1099.5, "pb": 1e6, "gib": 1.0737}.get(
            unit, 1.0)
        if (unit in ("gb", "gib") and mem is not None and abs(value - mem) < 1
                and not _OF_DATA.match(folded, d.end())):
            continue
        if any(start <= d.start() < end or (end <= d.start() and _CARD_TAIL.match(
                folded[end:d.start()])) for start, end in cards):
            continue  # "A100 80GB": the card's memory
        tied = _TIED_AFTER.match(folded, d.end()) or _TIED_BEFORE.search(
            folded[max(0, d.start() - 30):d.start()])
        kind = None
        if tied is not None:
            kind = "storage" if tied.group("s") else "egress"
        elif (_MOVED_BEFORE.search(folded[max(0, d.start() - 30):d.start()])
              and not _MOVED_INTO.match(folded, d.end())):
            kind = "egress"  # "să mut 500 GB o singură dată", "să descarc 1 TB"
        if (kind != "egress" and _ADDED_AFTER.match(folded, d.end())
                and _ADDED_BEFORE.search(folded[max(0, d.start() - 20):d.start()])):
            kind = "added"
        out.append((value, kind))
    return out


# a training set's size in bytes of text: "1 GB of text", "500 MB of raw English text", "a
# 10 GB corpus", "2 TB of training data", "500 MB de text", "1 GB de date de antrenare"
_BYTES_UNIT = {"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12, "kib": 1024.0, "mib": 1024.0 ** 2,
               "gib": 1024.0 ** 3, "tib": 1024.0 ** 4, "megabytes": 1e6, "megabyte": 1e6,
               "gigabytes": 1e9, "gigabyte": 1e9, "terabytes": 1e12, "terabyte": 1e12}
_TEXT_NOUN = (r"(?:texts?|corpus|corpora|dataset|data\s++set|training\s++data|books|code"
              r"|documents|date\s++de\s++antrenare|date\s++text)\b")
_TEXT_BYTES = re.compile(
    r"(?<![\w.,])(\d++(?:[.,]\d++)?)\s*+(?:de\s++)?(" + "|".join(_BYTES_UNIT) + r")\b"
    r"(?:\s++(?:of|de)\s++(?:(?:plain|raw|clean|cleaned|english|romanian|training|my|our|the)"
    r"\s++){0,3}" + _TEXT_NOUN + r"|\s++(?:text\s++)?corpus\b|\s++(?:of\s++)?text\s++data\b)")
BYTES_PER_TOKEN = 4.0
"""Bytes of text a token takes: OpenAI's rule of thumb for English, about 4 characters a token
(one UTF-8 byte each): https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-
count-them. A model's own tokenizer differs by some percent; other languages and code take
more tokens a byte."""


def _text_bytes(folded: str) -> float | None:
    """The bytes of a training set stated as a size of text (:data:`_TEXT_BYTES`); "1,5 GB"
    is 1.5 (a comma then three digits groups thousands: "1,000 GB")."""
    m = _TEXT_BYTES.search(folded)
    if m is None:
        return None
    raw = m.group(1)
    if "," in raw:
        head, tail = raw.split(",")
        raw = head + tail if len(tail) == 3 else f"{head}.{tail}"
    value = float(raw) * _BYTES_UNIT[m.group(2)]
    return value if value >= 1.0 else None


_QUANT_FORMAT = re.compile(r"\b(awq|gptq|marlin|bitsandbytes|bnb|nf4|gguf)\b")


def _precision_asked(folded: str, pm: re.Match[str] | None) -> str | None:
    """The precision a hardware-support question names: a quantisation format when one is
    named ("AWQ int4" is awq-int4, the format the kernels run, not a generic int4), else the
    bare precision word."""
    fm = _QUANT_FORMAT.search(folded)
    if fm is not None and fm.group(1) in ("awq", "gptq") and (pm is None or pm.group(1) == "int4"):
        return f"{fm.group(1)}-int4"
    return pm.group(1) if pm else None


def _bare_gpu(toks: list[Any], names: list[Any], registry: Registry
              ) -> tuple[str, str, str] | None:
    """The first GPU named by its family alone ("A100", a ``[[family]]`` of
    catalog/gpus.toml: :meth:`Registry.memory_family`): the card it reads and the family's
    other memory variant ("a100-sxm-40gb" and "a100-sxm-80gb"), or by a name of two cards
    of the catalog read as one ("RTX 6000": the Ada, and the Quadro; :func:`_gpu_read`):
    (word, card, other)."""
    for m in names:
        if m.kind != "gpu" or _size_before(toks, m):
            continue  # ("40GB A100s" states its memory: no bare family)
        read = _reading(toks, m, registry)
        if read is not None:
            also = [g for g in read.also if g in registry.gpus]
            if also:
                return read.names[0], m.id, also[0]
            continue
        if m.first != m.last:
            continue
        word = toks[m.first].text
        # the family and the card it reads are data (catalog/gpus.toml [[family]])
        family = registry.memory_family(word)
        if family is not None and family.gpu == m.id:
            return word.rstrip("s").upper(), m.id, family.other
    return None


def _reading(toks: list[Any], m: Any, registry: Registry) -> GpuReading | None:
    """The reading (``Registry.gpu_reading``) the GPU mention ``m`` is written as ("rtx
    6000", "mi300s"), of the card it resolved to; None for a card's own name."""
    written = _written(toks, m)
    read = registry.gpu_reading(written)
    if read is None and written.endswith("s") and registry.gpu_names.lookup(written) is None:
        read = registry.gpu_reading(written[:-1])  # "RTX 6000s"
    return read if read is not None and read.gpu == m.id else None


def _gpu_read(toks: list[Any], names: list[Any], registry: Registry) -> tuple[str, str] | None:
    """:attr:`Stated.gpu_read`: the first GPU mention written as a reading, with no memory
    size ("RTX 6000 48GB" names one card)."""
    for m in names:
        if m.kind != "gpu" or _MEMORY_WORD.search(_written_sized(toks, m)) is not None:
            continue
        read = _reading(toks, m, registry)
        if read is not None:
            return read.names[0], read.id
    return None


_MEMORY_WORD = re.compile(r"(?<!\d)\d++\s*+(?:gb|g|gib)\b")


def _written(toks: list[Any], m: Any) -> str:
    return " ".join(t.text for t in toks[m.first : m.last + 1])


def _size_before(toks: list[Any], m: Any) -> str:
    """The memory size written right before the GPU name ``m`` ("40gb a100s", "40 gb a100"),
    with a space after it; "" where none is."""
    before: list[str] = [t.text for t in toks[max(0, m.first - 2) : m.first]]
    if before and _MEMORY_WORD.fullmatch(before[-1]) is not None:
        return before[-1] + " "
    if len(before) == 2 and _MEMORY_WORD.fullmatch(" ".join(before)) is not None:
        return " ".join(before) + " "
    return ""


def _written_sized(toks: list[Any], m: Any) -> str:
    """The GPU name ``m`` as written, with a memory size written right before it: "40GB
    A100s" is the 40GB card, as "A100 de 40GB" is (audit ro2 #9: read as the 80GB one)."""
    return _size_before(toks, m) + _written(toks, m)


def _family_of(written: str, m: Any, registry: Registry) -> tuple[str, ...]:
    """The cards the name ``written`` stands for (Registry.gpu_family), () unless the card
    the mention resolved to is among them. A plural no card is named by ("H100s", "A100s";
    "L40S" is a card's own name) is its singular's family: "on H100s at Hyperstack" was read
    as the SXM card alone, priced on its 8-GPU machine with 4 idle where "on H100" got the
    cheapest H100 that holds the load (audit regress5 #6)."""
    found = registry.gpu_family(written)
    if (not found and written[-1:].lower() == "s" and len(written) > 2
            and registry.gpu_names.lookup(written) is None):
        found = registry.gpu_family(written[:-1])
    return tuple(found) if m.id in found else ()


def _gpu_variants(toks: list[Any], names: list[Any], registry: Registry) -> tuple[str, ...]:
    """The cards the first GPU named with a memory size stands for, when more than one
    ("a100 80gb", "a100 de 80 gb", "a100-80gb"); a bare family ("A100") is
    :func:`_gpu_family`'s case and a form factor named ("A100 SXM 80GB") is one card."""
    for m in names:
        if m.kind == "gpu" and _MEMORY_WORD.search(
                written := _written_sized(toks, m)) is not None:
            return _family_of(written, m, registry)
    return ()


def _gpu_family(toks: list[Any], names: list[Any], registry: Registry) -> tuple[str, ...]:
    """The cards the first GPU named without a memory size stands for, when more than one
    ("A100", "H100", "RTX 6000", "A100 PCIe"); "H100 SXM" names one card, and a memory size
    named is :func:`_gpu_variants`'s case."""
    m = next((m for m in names if m.kind == "gpu"), None)
    if m is None or _MEMORY_WORD.search(written := _written_sized(toks, m)) is not None:
        return ()
    return _family_of(written, m, registry)


_ONE_ARTICLE = frozenset({"a", "an", "un", "o"})


def _gpu_counts(toks: list[Any], names: list[Any]) -> tuple[tuple[str, int], ...]:
    """(gpu, count) for each GPU named with a count before it ("2 x H100", "one H200", "un
    singur H200", "două H100") or after it ("H100 x2"), when two or more GPUs are named and
    one has a number: then an article is a count of one too ("2 x H100 sau ajunge un H200",
    "2 x H100 or an H200")."""
    gpus = [m for m in names if m.kind == "gpu"]
    if len({m.id for m in gpus}) < 2:
        return ()
    out: list[tuple[str, int]] = []
    # a number inside a name is that name's, never the next GPU's count ("4090 a10g": the RTX
    # 4090 was read as 4,090 A10Gs, audit slack2 #2), as extract's taken tokens are
    named = {j for x in names for j in range(x.first, x.last + 1)}
    for m in gpus:
        c = _count_before(toks, m.first)
        n = c[0] if c is not None and c[1] not in named else None
        if n is None and m.last + 1 < len(toks):
            after = re.fullmatch(r"[x×](\d{1,2})", toks[m.last + 1].text)
            n = int(after.group(1)) if after else None
        if n is None and m.first >= 1 and toks[m.first - 1].text in _ONE_ARTICLE:
            n = 0  # an article: one, if another GPU has a number
        if n is not None and all(g != m.id for g, _ in out):
            out.append((m.id, n))
    if not any(n for _, n in out):
        return ()
    return tuple((g, n or 1) for g, n in out)


_SHARED_COUNT = re.compile(
    r"\b(?:on|with|using|across|over|pe|cu|folosind)\s++(?:cate\s++)?(\d{1,2})\s*+-?\s*+"
    r"(?:x\s*+)?(?:gpus?|gpu-uri(?:le)?|cards?|placi)\b(?!-)"
    r"|(?<![\w.])(\d{1,2})\s*+-?\s*+(?:gpus?|gpu-uri|cards?|placi)\s++(?:each|fiecare)\b")
"""A count of GPUs said once for every card compared (folded): "on 4 GPUs", "on 4 GPUs
each", "with 8 GPUs", "4 GPUs each", "pe 4 GPU-uri", "pe câte 4 GPU-uri"
(:func:`_shared_counts`)."""


def _shared_counts(folded: str, names: list[Any]) -> tuple[tuple[str, int], ...]:
    """The count of :data:`_SHARED_COUNT` for each GPU compared, where two or more are named
    and none has its own count written (:func:`_gpu_counts` read none): "H100 SXM vs H100
    PCIe for Llama 3 70B on 4 GPUs" compares 4 of each, as "4 x H100 PCIe vs 4 x H100 SXM"
    does (buyer audit 27c #5: both were compared on the 2 that hold the model)."""
    gpus = list(dict.fromkeys(m.id for m in names if m.kind == "gpu"))
    if len(gpus) < 2:
        return ()
    m = _SHARED_COUNT.search(folded)
    if m is None:
        return ()
    n = int(m.group(1) or m.group(2))
    return tuple((g, n) for g in gpus) if n >= 1 else ()


def _counts_weighed(toks: list[Any], names: list[Any]) -> tuple[int, ...]:
    """The counts written before each mention of the one GPU named twice or more ("1 A100
    80GB vs 4 A100 80GB"): each count once, in order (:attr:`Stated.counts_weighed`); empty
    where another GPU is named, a mention has no count, or fewer than two counts differ."""
    gpus = [m for m in names if m.kind == "gpu"]
    if len(gpus) < 2 or len({m.id for m in gpus}) != 1:
        return ()
    named = {j for x in names for j in range(x.first, x.last + 1)}
    counts: list[int] = []
    for m in gpus:
        c = _count_before(toks, m.first)
        if c is None or c[1] in named or c[0] < 1:
            return ()
        counts.append(c[0])
    out = tuple(dict.fromkeys(counts))
    return out if len(out) >= 2 else ()


def _variant_counts(folded: str, toks: list[Any], names: list[Any],
                    registry: Registry) -> tuple[tuple[str, int], ...]:
    """The count written before (or "x8" after) the one card named where its two variants are
    compared naming it once (:func:`_variant_compared`: "8x H100 NVLink vs PCIe", "4x A100
    80GB: NVLink vs PCIe"): that count for each variant, as :attr:`Stated.gpu_counts` says.
    The link's effect grows with the tensor-parallel width, so the count stated is the one
    compared (audit buyer21 #4: both scaled to the 2 that hold 70B, 1.6x at 8 said); empty
    where another card is named, no count is written or no variant is compared."""
    gpus = [m for m in names if m.kind == "gpu"]
    if len({m.id for m in gpus}) != 1:
        return ()
    named = {j for x in names for j in range(x.first, x.last + 1)}
    m = gpus[0]
    c = _count_before(toks, m.first)
    n = c[0] if c is not None and c[1] not in named else None
    if n is None and m.last + 1 < len(toks):
        after = re.fullmatch(r"[x×](\d{1,2})", toks[m.last + 1].text)
        n = int(after.group(1)) if after else None
    other = _variant_compared(folded, m.id, registry) if n else None
    return ((m.id, n), (other, n)) if n and other is not None else ()


def _gpu_one_counted(toks: list[Any], names: list[Any]) -> bool:
    """Whether the first GPU named has a count of one written before it ("one H100", "1 x
    H100", "a single H100", "un singur H100"), not an article alone
    (:attr:`Stated.gpu_one_counted`)."""
    m = next((m for m in names if m.kind == "gpu"), None)
    if m is None or m.first < 1:
        return False
    c = _count_before(toks, m.first)
    return c is not None and c[0] == 1


def _gpu_one(toks: list[Any], names: list[Any]) -> bool:
    """Whether the first GPU named has an article or a count of one before it ("an H100",
    "un H100", "one H100", "a single H100")."""
    m = next((m for m in names if m.kind == "gpu"), None)
    if m is None or m.first < 1:
        return False
    c = _count_before(toks, m.first)
    before = toks[m.first - 1].text
    if before in ("single", "singur", "singura") and m.first >= 2:
        before = toks[m.first - 2].text
    return (c is not None and c[0] == 1) or before in _ONE_ARTICLE


# the Romanian plural of a GPU's name ("A100-uri", "L4-urile"), which the tokens drop
_RO_PLURAL = re.compile(r"-?+uri(?:le)?+\b")


def _gpu_plural(folded: str, toks: list[Any], names: list[Any], registry: Registry) -> bool:
    """Whether the first GPU named is written as a plural with no count or article before it
    (:attr:`Stated.gpu_plural`): "h100s", "rtx 4090s" (the name without its "s" is a card's
    and with it none: "l40s" is the L40S), "a100-uri"."""
    m = next((m for m in names if m.kind == "gpu"), None)
    if m is None or _gpu_one(toks, [m]) or (m.first >= 1
                                            and _count_before(toks, m.first) is not None):
        return False
    written = _written(toks, m)
    if _RO_PLURAL.match(folded, toks[m.last].end) is not None:
        return True
    return (written[-1:] == "s" and len(written) > 2
            and registry.gpu_names.lookup(written) is None
            and registry.gpu_names.lookup(written[:-1]) is not None)


def _gpu_ones(toks: list[Any], names: list[Any]) -> bool:
    """Whether two or more GPUs are named, each as one card: an article, "single" or a count
    of one before it ("an A10G or an L4", "pe un A10G sau pe un L4", "un H100 sau un singur
    H200", "one H100 or one H200"): :attr:`Stated.gpu_ones`. Any other number next to one
    ("2 x H100 or an H200") is not."""
    gpus = [m for m in names if m.kind == "gpu"]
    if len({m.id for m in gpus}) < 2:
        return False
    return all(_gpu_one(toks, [m]) for m in gpus)


# a TTFT asked as a limit: "ttft under 1s", "TTFT sub 1 s", "time to first token below 500 ms",
# "TTFT of at most 500 ms", "TTFT < 500 ms"; the limit first: "with under 500 ms TTFT",
# "sub-500 ms TTFT", "sub 500 ms până la primul token"
_LIMIT_WORD = (r"(?:\b(?:under|below|sub|less than|at most|max(?:imum)?|within|de cel mult"
               r"|maxim|no more than|mai putin de)|<=?|≤)")
# a limit of one second in words: "TTFT under a second", "TTFT sub o secundă" (buyer audit 26a
# #2: "sub o secunda" was dropped), read as "1 second"
_ONE_SECOND = re.compile(rf"({_LIMIT_WORD})\s*+(?:a|one|o|una)\s++(second|secunda)\b")
# ("first-token latency under 200 ms", "latența primului token sub 200 ms", "latență sub 200
# ms la primul token": audit ro2 #2, each dropped and answered a card ~6x over the target)
_TTFT_WORD = r"(?:ttft|time to first token|first[\s-]token|primul(?:ui)? token)"
_TTFT_LIMIT = re.compile(
    rf"\b{_TTFT_WORD}\b[^?\d]{{0,25}}?{_LIMIT_WORD}\s*+"
    r"(\d++(?:[.,]\d++)?)\s*+(ms|s|sec|seconds?|secunde?|secunda)\b"
    rf"|{_LIMIT_WORD}[\s-]*+(\d++(?:[.,]\d++)?)\s*+(ms|s|sec|seconds?|secunde?|secunda)\b\s*+"
    rf"(?:(?:of|de|for|for the|to|to the|until|pana la|la)\s++)?(?:a\s++)?{_TTFT_WORD}\b")
# a time limit for each image or clip an image or video model makes (audit media #2: "under 5
# seconds per image" was read as a job of 5 images, costing "$0.00"): "under 5 seconds per
# image", "< 5 s/image", "each image in under 3 seconds", "every clip within 60 s", "per-image
# latency under 5 s", "5 seconds per image or less", "sub 5 secunde pe imagine", "fiecare
# imagine în sub 3 secunde", "cel mult 5 s pe imagine"; a limit word is needed ("5 seconds
# per image" alone may be a speed said, not asked). Groups: (value, unit) of the alternative
# that matched, in pairs 1-2, 3-4, 5-6, 7-8.
_ITEM_WORD = (r"(?:images?|imagine|imagini|pictures?|poze|poza|photos?|imgs?|pics?|clips?|clipuri"
              r"|videos?|videoclip(?:uri)?)")
_ITEM_SECONDS = (r"(?<!\d)(\d++(?:[.,]\d++)?)\s*+(ms|s|sec|secs|seconds?|secunde?|secunda|min"
                 r"|minutes?|minute)\b")
_ITEM_LIMIT_WORD = rf"(?:{_LIMIT_WORD}|\bcel mult)"
_PER_ITEM_LIMIT = re.compile(
    rf"{_ITEM_LIMIT_WORD}[\s-]*+{_ITEM_SECONDS}\s*+(?:per|pe|/|for each|for every|for one"
    rf"|for an?|pentru fiecare|pentru o|pentru un|each|an?)\s*+(?:generated\s++)?{_ITEM_WORD}\b"
    rf"|\b(?:each|every|one|an?|per|fiecare|o|un)\s++{_ITEM_WORD}\b[^?.\d]{{0,30}}?"
    rf"{_ITEM_LIMIT_WORD}[\s-]*+{_ITEM_SECONDS}"
    rf"|\bper[\s-]++{_ITEM_WORD}\s++(?:latency|time|latenta|timp)\b[^?.\d]{{0,15}}?"
    rf"(?:{_ITEM_LIMIT_WORD}[\s-]*+)?{_ITEM_SECONDS}"
    rf"|{_ITEM_SECONDS}\s*+(?:per|pe|/)\s*+{_ITEM_WORD}\s++(?:or less|or faster|at most"
    r"|max(?:imum)?|sau mai putin|cel mult)\b")


# a time for each image said beside a count of users ("SDXL API with 50 users and 5 s per
# image", "50 de utilizatori și 5 s pe imagine"): a serving target per image, as "50 users, 5 s
# latency" is (audit session 31: read as a job of 5 images, 52 GPUs at 36.5 s each); never a
# speed reported ("at 5 s per image", "it takes 5 s per image", "la 5 s pe imagine"). Groups:
# (value, unit), as _PER_ITEM_LIMIT's first pair.
_ITEM_TIME_BESIDE_USERS = re.compile(
    rf"(?<!\bat )(?<!\bla )(?<!\btakes )(?<!\btake )(?<!\bdureaza )(?<!\bface )"
    rf"{_ITEM_SECONDS}\s*+(?:per|pe|/|for each|for every|each|an?)\s*+(?:generated\s++)?"
    rf"{_ITEM_WORD}\b")
_USERS_SAID = re.compile(r"(?<![\w.])\d[\d,.]*+\s*+(?:de\s++)?(?:concurrent\s++|simultan\w*+\s++)?"
                         r"(?:users?|utilizatori|clients?|clienti|people|persoane)\b")


# one image or clip "in a second" (within a second, "într-o secundă"): a time for each one,
# of one second, not a rate of one a second (audit regress13 #2: "can SDXL generate one image
# in a second on a 4090?" sized 9 × RTX 4090 for 1 image/s; each image still takes 6.5 s);
# "one image per second", "o imagine pe secundă" stay a rate (understand._ONE_PER)
_ITEM_IN_A = re.compile(
    rf"\b(?:one|an?|a single|o|o singura|un|un singur|una|each|every|fiecare)\s++{_ITEM_WORD}\b"
    r"[^?.\d]{0,30}?\b(?:in|within|intr-o|in decurs de)\s++(?:(?:a|one|o|1)\s++)?(?:single\s++)?"
    r"(?:second|sec|secunda)\b")


# images a dollar buys (understand's "per_dollar" rate, the same shape)
_IMAGES_PER_DOLLAR = re.compile(r"\b(?:images?|pictures?|imagini|poze)\s++(?:per|pe|for each"
                                r"|for every|for a|for one|for 1|la|/)\s*+(?:us\s*+|american"
                                r"\s++)?(?:dollar|dolar|usd|\$)(?!\w)")


# an image or video model's latency stated as a time (audit buyer30b #1: "50 concurrent users
# and 5 s latency" was dropped and one image's 34.3 s answered): "5 s latency", "5-second
# latency", "latency of 5 s", "latency under 5 seconds", "latență de 5 s", "latență sub 5
# secunde"; read as max_seconds_per_image (one image on one GPU, as the recommendations check
# it) for an image or video model alone (numbers/context.recommend). Groups: (value, unit)
# in pairs 1-2, 3-4.
_ITEM_LATENCY = re.compile(
    r"(?<![\w.])(\d++(?:[.,]\d++)?)[\s-]*+(s|sec|secs|seconds?|secunde?|secunda)\s++"
    r"(?:of\s++|de\s++)?(?:latency|latenta)\b"
    r"|\b(?:latency|latenta)\s++(?:(?:of|de|under|below|sub|at most|within|<|of at most"
    r"|target(?:\s++of)?|cel mult|maxim[a]?|max)\s*+)*+(\d++(?:[.,]\d++)?)\s*+"
    r"(s|sec|secs|seconds?|secunde?|secunda)\b")


def _per_item_seconds(m: re.Match[str]) -> float:
    """The seconds :data:`_PER_ITEM_LIMIT` matched, from its unit."""
    value, unit = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5, 7) if m.group(i))
    scale = 0.001 if unit == "ms" else 60.0 if unit.startswith("min") else 1.0
    return _num(value) * scale


# a TTFT target said with no limit word, the time next to the word: "2 second ttft", "2s ttft",
# "a 2000 ms time to first token", "ttft of 2 s", "TTFT: 2 s", "un ttft de 2 secunde"; a
# target is a limit (at most that), so it is read as one; only with a unit of time ("the ttft
# of 2 gpus" is none). Its groups are _TTFT_LIMIT's: (value, unit) or (3, 4).
_TTFT_TARGET = re.compile(
    r"(?<![\w.])(\d++(?:[.,]\d++)?)[\s-]*+(ms|s|sec|seconds?|secunde?|secunda)\b[\s-]*+"
    rf"(?:(?:of|de)\s++)?{_TTFT_WORD}\b"
    rf"|\b{_TTFT_WORD}\s*+(?:(?:of|de|=|:|target(?:\s++of)?)\s*+)?"
    r"(\d++(?:[.,]\d++)?)\s*+(ms|s|sec|seconds?|secunde?|secunda)\b")
# a time per output token asked as a limit (TPOT, inter-token latency, ITL; the decode step
# each user waits per token: 25 ms is 40 tokens/s per user): "TPOT under 25 ms", "p95 ITL <
# 50ms", "inter-token latency below 30 ms", "time per output token of 25 ms", "token latency
# under 40 ms", "timp per token sub 30 ms", "latență între tokeni sub 30 ms"; the time first:
# "25 ms per token", "25 ms/token", "30 ms pe token", "under 25 ms TPOT". Never a first token's
# time ("first-token latency", "TTFT": _TTFT_LIMIT). Groups: (value, unit) in pairs 1-2, 3-4;
# the words between a name and its time (group ``gap``) are checked for a TTFT's name
# (:func:`_tpot_ms`). (_TPOT: a TPOT asked, not a limit.)
_TPOT_WORD = (r"(?:tpot|itl|inter[\s-]?tokens?[\s-]latency|time per (?:output |generated )?token"
              r"|(?<!first )(?<!first-)(?<!1st )(?:per[\s-]|output[\s-])?token[\s-]latency"
              # the latency named first ("latency per token under 30 ms", "latency per output
              # token", "latency/token", "latency between tokens": it was read as no limit at
              # all, the bare latency's TTFT reading leaving it out; audit latencytoken22)
              r"|latency[\s-]*+(?:per|/|between|for each|of each)[\s-]*+"
              r"(?:(?:output|generated)\s++)?tokens?"
              r"|timp(?:ul)? (?:per|pe) token|latenta (?:dintre|intre|per|pe) tokeni?"
              r"|latenta inter[\s-]?token"
              r"|latenta[\s-]*+(?:/|a fiecarui|fiecarui|pentru fiecare)[\s-]*+tokeni?)")
_TPOT_UNIT = r"(ms|milliseconds?|milisecunde?|s|sec|seconds?|secunde?|secunda)\b"
_TPOT_LIMIT = re.compile(
    rf"\b{_TPOT_WORD}\b(?P<gap>[^?\d]{{0,25}}?)(\d++(?:[.,]\d++)?)\s*+{_TPOT_UNIT}"
    r"|(?<![\w.])(\d++(?:[.,]\d++)?)[\s-]*+"
    rf"{_TPOT_UNIT}[\s-]*+(?:(?:/|per|pe|a|of|de)\s*+(?:(?:output|generated)\s++)?token\b"
    rf"|{_TPOT_WORD}\b)")
_TPOT_GAP_TTFT = re.compile(rf"{_TTFT_WORD}|\bfirst\b|\bprimul")
# both named before one limit: "TPOT and TTFT under 500 ms", "TPOT/TTFT < 500 ms", "TPOT și
# TTFT sub 500 ms" (the gap of :data:`_TPOT_LIMIT`: a conjunction, the TTFT's name, a limit)
# ("TPOT or TTFT under 500 ms", "TPOT sau TTFT sub 500 ms", "and/or": neither may exceed it,
# as "and" reads; it was the TTFT's alone, the TPOT unchecked; audit targetsor22 #1)
_TPOT_GAP_BOTH = re.compile(
    rf"\s*+(?:,\s*+)?(?:and/or|si/sau|and|&|,|/|si|plus|or|sau)\s*+(?:the\s++)?{_TTFT_WORD}\s*+(?:(?:both|are|is|ambele"
    rf"|sunt|amandoua)\s++)?(?:{_LIMIT_WORD}\s*+)?")


def _tpot_ms(folded: str) -> float | None:
    """The time per output token a question asks as a limit (:data:`_TPOT_LIMIT`), in ms; None
    where none is, or where the words between its name and the time name a first token's
    ("TPOT 30 ms, first token under 500 ms" reads 30). Both named before one limit ("TPOT and
    TTFT under 500 ms"): the limit is each one's (it was read as the TTFT's alone; audit
    tpotrate21 #2)."""
    for m in _TPOT_LIMIT.finditer(folded):
        gap = m.group("gap")
        if gap and _TPOT_GAP_TTFT.search(gap) and not _TPOT_GAP_BOTH.fullmatch(gap):
            continue
        value, unit = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5))
        ms = _num(value) * (1.0 if unit.startswith("m") else 1000.0)
        if ms > 0:
            return ms
    return None


# a bare latency asked as a limit: "latency under 300 ms", "p99 latency < 300 ms", "latența sub
# 300 ms", "sub 300 ms latență", "under 300 ms of latency". Read as the time to first token, as
# a latency asked is read (_TTFT; the whole request only with its output stated and asked
# alone, _WHOLE_LATENCY): a chat endpoint's serving metrics are TTFT, TPOT/ITL and the
# end-to-end latency (vLLM's benchmark serve, https://docs.vllm.ai/en/v0.11.0/api/vllm/
# benchmarks/serve.html), and the answer says how it read it (Stated.latency_as_ttft). Never
# a latency of a token, a first token's, a total, an image's (:func:`_latency_ttft_ms`).
# Groups: the words between the latency and its limit (``gap``, 1), (value, unit) in 2-3 or
# 4-5.
_LATENCY_WORD = r"(?:latency|latenta|latente|latentei)"
_LATENCY_LIMIT = re.compile(
    rf"\b{_LATENCY_WORD}\b(?P<gap>[^?\d]{{0,25}}?){_LIMIT_WORD}\s*+"
    r"(\d++(?:[.,]\d++)?)\s*+(ms|s|sec|seconds?|secunde?|secunda)\b"
    # never a token's ("latency under 30 ms per token": the TPOT's, _TPOT_LIMIT; it was read
    # as a 30 ms TTFT too; audit latencytoken22)
    r"(?![\s-]*+(?:/|per|pe)\s*+(?:(?:output|generated)\s++)?(?:tokens?|tokeni)\b)"
    rf"|{_LIMIT_WORD}[\s-]*+(\d++(?:[.,]\d++)?)\s*+(ms|s|sec|seconds?|secunde?|secunda)\b\s*+"
    rf"(?:(?:of|de)\s++)?{_LATENCY_WORD}\b(?![\s-]*+(?:per|pe|/|intre|dintre|a|of)?\s*+"
    r"(?:output\s++)?(?:tokens?|tokeni|primul|first)\b)")
# what makes a latency another one than the first token's: a token's, a total, a network's,
# an image's ("per-token latency", "end-to-end latency", "latency per token under 30 ms")
_LATENCY_OTHER = re.compile(
    r"(?:\btokens?|\btokeni|\bfirst|\btotal|\bend|\be2e|\bnetwork|\bretea\w*+|\boverall"
    r"|\bper|\binter|\boutput|\bimage\w*+|\bimagin\w*+|\bclip\w*+|\bvideo\w*+"
    r"|\bdecod\w*+|\bstep)[\s-]*+$")
_LATENCY_GAP_OTHER = re.compile(
    r"\b(?:per|pe|/|intre|dintre)\b|\btokens?\b|\btokeni\b|\bfirst\b|\bprimul\w*+"
    r"|\btotal\w*+|\bimage|\bimagin|\bclip|\bvideo")


def _latency_ttft_ms(lat: str) -> float | None:
    """A bare latency asked as a limit (:data:`_LATENCY_LIMIT`), read as the time to first
    token, in ms; None where none is or where the latency is another one (:data:`_LATENCY_OTHER`
    before it, :data:`_LATENCY_GAP_OTHER` between it and its limit: a token's, a total's,
    an image's; those are read, where they are, by :data:`_TPOT_LIMIT`, :data:`_PER_ITEM_LIMIT`
    or not at all)."""
    lat = _PER_ITEM_LIMIT.sub(lambda x: " " * len(x.group()), lat)
    for m in _LATENCY_LIMIT.finditer(lat):
        if m.group("gap") is not None and _LATENCY_GAP_OTHER.search(m.group("gap")):
            continue
        word = re.search(_LATENCY_WORD, m.group()) if m.group("gap") is None else None
        start = m.start() + (word.start() if word else 0)
        if _LATENCY_OTHER.search(lat[max(0, start - 24):start]):
            continue
        value, unit = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5))
        ms = _num(value) * (1.0 if unit == "ms" else 1000.0)
        if ms > 0:
            return ms
    return None


# a request rate: "50 requests/s", "50 requests per second", "2 million requests per day",
# "50 de cereri pe secunda", "50 rps", "50 requests per user per day" (each of the users
# stated: :func:`request_rate`); the noun whole ("requests?+": "1000 requests to" was read
# as "1000 request" + "s", 1,000 a second)
_REQ_RATE = re.compile(
    r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(k|thousand|mii|m|millions?|milioane|milion|mil)?\s*+"
    # ("1 cerere pe secundă": the singular, as "1 request per second"; audit s2money: billing)
    r"(?:de\s++)?(?:requests?+|reqs?+|cereri|cerere|requesturi|queries|interogari)\s*+"
    r"(?:(?:per|pe|each|for each|de|of each)\s++(?:user|utilizator|client)\w*+\s*+)?"
    r"(?:/|per|pe|a|an|each|every|on a|in a|intr-o)?\s*+"
    r"(s|sec|second|secunda|min|minute|minut|h|hr|hour|ora|day|zi|month|luna)\b"
    r"|(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:rps|qps)\b")
# a count of requests that is no rate ("1000 requests", "10k queries", "1000 de cereri", "500k
# prompts" of a batch job), nor a load at once ("1000 requests at once", "100 de cereri
# simultan": users, not a job)
_REQ_COUNT = re.compile(
    # ("20 de mii de prompturi": the Romanian "de" before the scale too; audit ask_reading2)
    r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:de\s++(?=mii|milio))?"
    r"(k|thousand|mii|m|millions?|milioane|milion|mil)?(?:\s*+|-)"
    r"(?:de\s++)?(?:requests?+|reqs?+|cereri|requesturi|queries|interogari|prompts|prompturi"
    # "a 10,000-prompt job", "a 10k request batch" (regress2 #8: read as no count)
    r"|prompt(?=[- ]?(?:job|batch|run|workload)))\b"
    r"(?!\s*+(?:at once|at the same time|simultan\w*+|in parallel|in paralel|concurrent\w*+"
    r"|deodata))")


def _req_count(folded: str) -> re.Match[str] | None:
    """The first count of requests :data:`_REQ_COUNT` finds that is one: a "<n>k prompts" that
    :func:`~service.domain.answer.understand.prompt_tokens` reads as each prompt's length
    ("TTFT with 8k prompts at 32 users") counts nothing (audit buyer31a #4)."""
    for m in _REQ_COUNT.finditer(folded):
        if (m.group(2) == "k" and "prompt" in m.group(0)
                and not prompts_counted_at(folded, m.start())):
            continue
        return m
    return None


_RATE_SECONDS = {"s": 1.0, "sec": 1.0, "second": 1.0, "secunda": 1.0, "min": 60.0,
                 "minute": 60.0, "minut": 60.0, "h": 3600.0, "hr": 3600.0, "hour": 3600.0,
                 "ora": 3600.0, "day": 86400.0, "zi": 86400.0, "month": 2592000.0,
                 "luna": 2592000.0}
# the tokens of a token rate, said as generated ones or not: "tokens", "tok", "output tokens",
# "generated tokens", "tokeni de ieșire", "tokeni generați" (audit aggrate24: "what GPU should I
# use for Mixtral 8x22B at 2,000 output tokens per second?" read no rate, and answered one
# request's speed on the smallest setup, 91.3 tokens/s; "2,000 tokens per second" was a
# target). Input or prompt tokens a second are a prefill speed (_PREFILL_ASKED), never one.
_TPS_TOKENS = (r"(?:(?:output|generated|decoded?)\s++)?(?:tokens?|tokeni|toks?|t)"
               r"(?:\s++(?:de\s++iesire|generati))?")
# a generation speed asked for: "100 tokens/s per user", "at least 100 tok/s",
# "100 de tokeni/s", "100 tokeni pe secunda" (not a total: "in total", "aggregate")
# "1 million tokens per second", "1M tok/s", "1 milion de tokeni pe secundă" and a rate a
# minute ("60M tokens per minute", "pe minut": group ``min``, :func:`_tps` per second) too
# (audit regress8 #3: "1 million tokens per second ... how many H100s?" read no rate: 1 x H100)
_TPS_TARGET = re.compile(  # ("2 mii de tokeni pe secundă", "2k tokens/s": its scale in group 2)
    r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+"  # ("60 de milioane de tokeni pe minut")
    r"(?:(?:de\s++)?(k|mii|thousand|millions?|milioane|milion|m)\s*+)?(?:de\s++)?"
    + _TPS_TOKENS + r"\s*+(?:/|per|pe|a)\s*+"
    r"(?:s|sec|second|secunda|(?P<min>min|minute|minut))\b"
    r"(?!\s*+(?:in total|total|aggregate|overall))")
# a token rate said to be a load in total: "2000 tokens per second total", "500 tokens/s
# aggregate", "2000 de tokeni pe secundă în total", "an aggregate throughput of 2000 tok/s", "a
# total of 2k tokens/s", "debit total de 2000 de tokeni/s" (audit ask_intent: "which GPU ... at
# 2000 tokens per second total" answered one request's speed; _TPS_TARGET leaves it out)
_TPS_TOTAL = re.compile(
    r"(?<![\w.])(\d++(?:[.,]\d++)?)\s*+(?:(k|mii|thousand|millions?|milioane|milion|m)\s*+)?(?:de\s++)?"
    + _TPS_TOKENS + r"\s*+(?:/|per|pe|a)\s*+"
    r"(?:s|sec|second|secunda|min|minute|minut)\b"
    r"(?=\s*+(?:in total|total|aggregate|overall|combined|in all|agregat\w*+|cumulat\w*+)\b)"
    r"|\b(?:total|aggregate|overall|combined|agregat|cumulat)\s++(?:(?:output\s++)?"
    r"(?:throughput|debit)\s++)?(?:(?:of|de)\s++)?"
    r"(\d++(?:[.,]\d++)?)\s*+(?:(k|mii|thousand|millions?|milioane|milion|m)\s*+)?(?:de\s++)?"
    + _TPS_TOKENS + r"\s*+(?:/|per|pe|a)\s*+"
    r"(?:s|sec|second|secunda|min|minute|minut)\b")
# (a rate a minute in total, "600,000 tokens per minute in total", over 60 s: _aggregate_tps;
# audit regress9 #1 read none and priced a job of 600,000 tokens)
_TPS_TOTAL_MINUTE = re.compile(r"(?:/|per|pe|a)\s*+min")
# a training sequence's length: "sequence length 8192", "seq len = 4096", "sequences of 4096
# tokens", "secvențe de 4096", "lungimea secvenței 4k", "context de 8k"; "4096 sequence length",
# "4k seq len", "4096-token sequences", "4096 tokens per sequence", "8k context" (never a bare
# count of sequences: "512 sequences")
_SEQ_WORD = r"(?:max_seq_len(?:gth)?|seq(?:uences?)?|secvent\w*+|context(?:ul|ului)?|ctx)"
_SEQ_LEN = re.compile(
    rf"\b{_SEQ_WORD}(?:[\s_-]*+(?:length|len|lungime\w*+))?\s*+(?:of|de|=|:|is|este)?\s*+"
    r"(\d++)(k)?(?!\w|[.,]\d)"
    r"|(?<![\w.,])(\d++)\s*+(k)?[\s-]*+(?:de\s++)?"
    r"(?:(?:tokens?|tokeni)[\s-]*+(?:(?:per|pe|each|fiecare)\s++)?(?:sequences?|secvent\w*+)"
    r"|(?:sequence|seq|context|ctx)[\s_-]*+(?:length|len)\b|(?:context|ctx)\b)")
_EPOCHS = re.compile(r"(?<![\w.])(\d{1,3})\s*+(?:de\s++)?(?:epochs?|epoci|epoca|epocile)\b")
# the count after its name: "number of epochs 3", "numărul de epoci: 3", "epochs = 3" (audit
# regress12 #7: "number of epochs 3, budget $100" was read as the epochs the budget buys)
_EPOCHS_NAMED = re.compile(
    r"(?:\b(?:number of|numarul de|nr\.? de)\s++(?:epochs|epoci)\s*+(?:[:=]|is|este|de)?"
    r"|\b(?:epochs|epoci|num_train_epochs)\s*+[:=])\s*+(\d{1,3})(?!\w|[.,]\d)")
_MACHINE_GPUS = re.compile(
    r"(?<![\w.])(\d{1,3})\s*+-?\s*+(?:gpus?|gpu-uri|placi)\b(?!-)(?:\s++[\w-]++){0,3}?\s++"
    r"(?:machine|node|box|server|instance|vm|masina|nod|serverul)\b(?!-)"
    r"|\b(?:machine|node|box|server|instance|masina|nod)\s++de\s++(\d{1,3})\s*+"
    r"(?:gpus?|gpu-uri|placi)\b")
"""One machine's GPUs joined to "GPU" (folded): "an 8-GPU machine", "H200 8-GPU box", "an
8 GPU H100 node", "o mașină de 8 GPU-uri"; a plural machine word ("8-GPU nodes") is nodes
counted, not read here (``Stated.machine_gpus``)."""
_NUM_WORD = (r"(\d{1,3}|two|three|four|five|six|seven|eight|doua|doi|trei|patru|cinci|sase"
             r"|sapte|opt)")
_NODE_NOUN = r"(?:nodes|machines|servers|boxes|instances|noduri|masini|servere)"
_NODES_SAID = re.compile(
    # "2 x 8-GPU H100 nodes", "two 8-GPU H100 machines"
    rf"(?<![\w.]){_NUM_WORD}\s*+(?:x|×)?\s*+(\d{{1,2}})\s*+-?\s*+(?:gpus?|gpu-uri)\b(?!-)"
    rf"(?:\s++[\w-]++){{0,3}}?\s++{_NODE_NOUN}\b"
    # "2 nodes of 8-GPU H100 servers", "4 nodes with 2 GPUs each", "2 noduri de 8 GPU-uri"
    rf"|(?<![\w.]){_NUM_WORD}\s++{_NODE_NOUN}\s++(?:of|with|de|cu)\s++(?:cate\s++)?"
    r"(\d{1,2})\s*+-?\s*+(?:gpus?|gpu-uri|placi)\b"
    # "2 GPUs per node and 4 nodes", "2 GPU-uri pe nod si 4 noduri"
    r"|(?<![\w.])(\d{1,2})\s*+-?\s*+(?:gpus?|gpu-uri|placi)\s++(?:per|pe|in each|each|in fiecare)"
    rf"\s++(?:node|machine|server|nod|masina)\b[\s,]*+(?:and|with|si|cu|x|across|on|pe)?\s*+"
    rf"{_NUM_WORD}\s++{_NODE_NOUN}\b")
"""Nodes counted with the GPUs of each said as "N-GPU" (folded): "2 x 8-GPU H100 nodes",
"two 8-GPU H100 machines", "2 nodes of 8-GPU H100 servers", "2 GPUs per node and 4 nodes":
(nodes, GPUs per node) where ``understand.nodes_of`` reads none (it reads "2 nodes of
8xH100"); they were one machine of 8, or 16 single-GPU machines (audit regress6 #9)."""
_WORD_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "doua": 2, "doi": 2, "trei": 3, "patru": 4, "cinci": 5, "sase": 6, "sapte": 7,
               "opt": 8}


def _nodes_said(folded: str) -> tuple[int, int] | None:
    """(nodes, GPUs per node) of :data:`_NODES_SAID`, both above one; else None."""
    m = _NODES_SAID.search(folded)
    if m is None:
        return None
    g = m.groups()
    nodes, per = (g[0], g[1]) if g[0] else (g[2], g[3]) if g[2] else (g[5], g[4])

    def num(x: str) -> int:
        return int(x) if x.isdigit() else _WORD_COUNT[x]

    n, p = num(nodes), num(per)
    return (n, p) if n > 1 and p > 1 else None


_ONE_OF_MACHINE = re.compile(
    r"\b(?:1|one|a single|un singur|o singura|unul|una)\s++(?:[\w-]++\s++){0,2}?"
    r"(?:out\s++)?(?:of|din)\s++(?:(?:the|my|our|an?|its|cele|un|o)\s++)?\d{1,2}\b"
    r"|\b(?:one|1|a single|un singur|o singura)\s++(?:gpu|card|placa)\b(?![\s-]*+(?:machine|node"
    r"|server|box|instance|vm|masina|nod)\b)")
"""One GPU of a machine said as such (folded; ``Stated.one_of_machine``): "1 of the 8 GPUs",
"1 H100 out of an 8-GPU server", "one GPU", "un singur GPU din cele 8"; "a single-GPU
machine" is a machine's size, not this."""
_NODES_Q = re.compile(r"\bhow many\s++(?:\w++\s++){0,2}?nodes?\b"
                      r"|\bcate\s++(?:\w++\s++){0,2}?noduri\b")
# a time to finish within: "in 30 days", "within 2 weeks", "în 30 de zile", "în cel mult 30 de
# zile", "sub 30 de zile"; in words: "in one week", "in a month", "în două săptămâni",
# "într-o săptămână" ("3 days in a week" is a schedule, not a deadline); one written as a
# deadline: "a deadline of 30 days", "deadline: 2 weeks", "termen (limită) de 30 de zile",
# "termenul de 3 zile", "deadline 8 hours", "deadline 36h" (audit buyer20 #3: not read, the
# job answered as "fits on one GPU"), and before it, "a 30-day deadline" (_DEADLINE_BEFORE)
_DEADLINE_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                   "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12,
                   "o": 1, "un": 1, "una": 1, "doua": 2, "trei": 3, "patru": 4, "cinci": 5,
                   "sase": 6, "sapte": 7, "opt": 8, "noua": 9, "zece": 10, "douasprezece": 12}
_DEADLINE = re.compile(
    r"(?<!days )(?<!zile )(?<!times )(?<!ori )"
    r"(?:\b(?:in|within|under|in under|in less than|in cel mult|in maximum|in maxim|sub|in mai"
    r" putin de|deadline(?: of| is|:)?+|termen\w*+(?: limita)?(?: de)?)"
    r"\s++|\bintr-)(\d{1,4}(?:[.,]\d++)?|" + "|".join(sorted(_DEADLINE_WORDS, key=len,
                                                              reverse=True))
    + r")\s*+(?:de\s++)?(days?|zile|zi|weeks?|saptamani|saptamana|hours?|ore|ora|months?"
    r"|luni|luna|hrs?|h)\b")  # "in 24h", "within 36 hrs" (audit regress4 #1: no deadline)
_DEADLINE_BEFORE = re.compile(
    r"\b(\d{1,4}|" + "|".join(sorted(_DEADLINE_WORDS, key=len, reverse=True))
    + r")[\s-]*+(days?|weeks?|hours?|months?)\s++deadline\b")
# the time someone has to do the job in: "I have 2 hours to transcribe 500 hours of audio", "we
# have 3 days to fine-tune Llama", "I've got only 2 days left to embed 10M docs", "am 2 ore să
# transcriu 500 de ore de audio", "avem 3 zile ca să antrenăm", "am la dispoziție 2 ore pentru
# a genera ..." (audit buyer: not read, 4 x RTX 3060 for 3.4 hours where "within 2 hours" gives
# 8, 1.7 hours). The verb must have its object after it: "I have 500 hours to transcribe (with
# Whisper)" is an amount of audio, no deadline, as "I have 2 hours of audio" is
_DEADLINE_HAVE = re.compile(
    r"(?:\b(?:i|we|you|they)(?:\s++have(?:\s++got)?+|['\u2019]ve(?:\s++got)?+|\s++got)"
    r"(?:\s++(?:only|just|about|around))?+"
    r"|\b(?:am|avem|ai|aveti)(?:\s++(?:doar|numai|la dispozitie))?+(?:\s++(?:doar|numai"
    r"|la dispozitie))?+)\s++"
    r"(\d{1,4}(?:[.,]\d++)?|" + "|".join(sorted(_DEADLINE_WORDS, key=len, reverse=True))
    + r")\s*+(?:de\s++)?(days?|zile|zi|weeks?|saptamani|saptamana|hours?|ore|ora|months?"
    r"|luni|luna|hrs?|h)\b(?:\s++(?:left|la dispozitie))?+"
    r"\s++(?:to|in which to|sa|ca sa|pentru a)\s++[a-z][a-z-]*+\s++"
    r"(?!(?:with|using|on|in|at|for|via|and|or|by|from|cu|pe|folosind|la|pentru|si|sau"
    r"|din)\b)[a-z\d$]")
# a day named as the deadline with its hours in brackets: "by tomorrow (24 h)", "by tomorrow
# morning (12 hours)", "până mâine (24 de ore)": those hours (a day alone, "by tomorrow", says
# no hours, so none is read); a weekday with its days or hours in brackets, "by Friday (3
# days)", "până vineri (3 zile)": the time stated wins over the days counted to that weekday
# (audit buyer20: 6 days counted for "by Friday (3 days)")
_DEADLINE_BY_DAY = re.compile(
    r"\b(?:by|until|before|pana(?:\s++(?:la|pe|in))?)\s++(?:(?:next|this)\s++)?"
    r"(?:tomorrow|tonight|maine|diseara|monday|tuesday|wednesday|thursday|friday|saturday"
    r"|sunday|luni|marti|miercuri|joi|vineri|sambata|duminica)"
    r"(?:\s++(?:morning|evening|night|dimineata|seara|noapte))?\s*+\(\s*+(?:in\s++)?"
    r"(\d{1,3}(?:[.,]\d++)?)\s*+(?:de\s++)?(h|hrs?|hours?|ore|ora|days?|zile|zi)\b")


# a job's own length in days or weeks said with the job: "a 3 day qlora job", "a 3-day
# fine-tune", "a two-week training run", "a job of 3 days", "job qlora de 3 zile", "o rulare
# de 2 săptămâni". Where the job's amount is stated (its tokens or epochs: _job_deadline) it is
# the time the job must finish within, as "in 3 days" is (_DEADLINE), never a rental of 72
# hours with the tokens ignored (audit spotdays: 200M tokens of QLoRA on spot were priced as
# 72 hours of one H100); with no amount it stays a rental's length ("spot H100 for 3 days")
_JOB_LENGTH_WORDS = "|".join(sorted((w for w in _DEADLINE_WORDS if len(w) > 3 or w in (
    "one", "two", "six", "ten", "opt")), key=len, reverse=True))
_JOB_LENGTH = re.compile(
    r"(?<!every )(?<!each )(?<![\w.,])(\d{1,3}(?:[.,]\d++)?|" + _JOB_LENGTH_WORDS
    + r")[\s-]*+(days?|weeks?)[\s-]++(?:long\s++)?(?:[\w-]++\s++){0,2}?"
    r"(?:jobs?|runs?|fine[- ]?tun\w*+|finetun\w*+|training|pre-?train\w*+)\b"
    r"|\b(?:jobs?|runs?)\s++(?:of|lasting)\s++(\d{1,3}(?:[.,]\d++)?|" + _JOB_LENGTH_WORDS
    + r")\s*+(days?|weeks?)\b"
    r"|\b(?:job\w*+|rular\w*+|antrenar\w*+|antrenament\w*+|fine[- ]?tuning\w*+)\s++"
    r"(?:[\w-]++\s++){0,2}?de\s++(\d{1,3}(?:[.,]\d++)?|" + _JOB_LENGTH_WORDS
    + r")\s++(?:de\s++)?(zile|zi|saptamani|saptamana)\b")


def _job_deadline(folded: str, registry: Registry, epochs: bool) -> float | None:
    """The hours a job's own length in days or weeks (:data:`_JOB_LENGTH`) gives it to finish
    within, where the job's amount is stated (its tokens, or ``epochs``); None otherwise."""
    m = _JOB_LENGTH.search(folded)
    if m is None or not (epochs or (_job_tokens(folded, registry) or 0) > 0):
        return None
    count, unit = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
    value = _DEADLINE_WORDS.get(count) or _num(count)
    return value * (168.0 if unit.startswith(("week", "sapt")) else 24.0) or None


def _deadline(folded: str) -> float | None:
    """The time ``folded`` says a job must finish within, in hours, or None."""
    m = (_DEADLINE.search(folded) or _DEADLINE_BEFORE.search(folded)
         or _DEADLINE_HAVE.search(folded))
    if m is None:
        by_day = _DEADLINE_BY_DAY.search(folded)
        if by_day is None:
            return None
        per_day = 24.0 if by_day.group(2).startswith(("day", "zi")) else 1.0
        return (_num(by_day.group(1)) * per_day) or None
    # "in a month and a half", "într-o zi și jumătate": "in 1.5 month" (understand._HALVES)
    count = _DEADLINE_WORDS.get(m.group(1)) or _num(m.group(1))
    if not count:
        return None
    unit = m.group(2)
    per = (24.0 if unit.startswith(("day", "zi")) else 168.0 if unit.startswith(("week", "sapt"))
           else 720.0 if unit.startswith(("month", "lun")) else 1.0)
    return count * per


# The weekdays a deadline names ("by Friday", "până vineri", "before monday"), as folded text
# writes them (no diacritics: "marți" is "marti", "sâmbătă" "sambata"), Monday 0 as
# datetime.date.weekday counts them; a table per language, as _DEADLINE_WORDS. "luni" is also
# "months": only after a word for "by" ("până luni") is it a weekday.
_WEEKDAY_NAMES = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4,
                  "saturday": 5, "sunday": 6,
                  "luni": 0, "marti": 1, "miercuri": 2, "joi": 3, "vineri": 4, "sambata": 5,
                  "duminica": 6}
# A deadline's own word before the weekday reads as "by" does: "deadline Wednesday", "deadline:
# Wednesday", "due Wednesday", "termen miercuri", "termen limită: miercuri" (audit slack2
# dropped them); "termen 2 luni" has a count between, a length (_DEADLINE), no Monday.
_BY_WEEKDAY = re.compile(
    r"\b(?:by|until|till|before|no later than|pana(?:\s++(?:pe|in|la))?|inainte de|cel tarziu"
    r"|(?:deadline|due|termen(?:ul)?(?:\s++limita)?)(?:\s*+:|\s++(?:is|on|e|este|pe))?)"
    r"\s++(?:(?:next|this|the)\s++)?(" + "|".join(_WEEKDAY_NAMES) + r")\b")


# "by tomorrow", "until tomorrow", "până mâine", "cel târziu mâine": a deadline of one day,
# counted as a weekday deadline is (write._weekday_deadline); a time of day after it ("by
# tomorrow morning", "până mâine la 9") says no whole day, so none is read, and hours in
# brackets ("by tomorrow (24 h)") are _DEADLINE_BY_DAY's
_BY_TOMORROW = re.compile(
    r"\b(?:by|until|till|no later than|pana(?:\s++(?:pe|la))?|cel tarziu)\s++(?:tomorrow|maine)"
    r"\b(?!\s*+(?:morning|afternoon|evening|night|noon|at\b|dimineata|seara|noapte|la\b"
    r"|dupa|pranz|\d))")
# ... said of something other than the job, a few words before it: "I need a quote by
# tomorrow", "an answer by tomorrow", "am nevoie de o ofertă până mâine" (the quote's date, not
# the job's: audit regress7 #6 sized 10B tokens on Llama 3.1 70B to finish in a day)
_TOMORROW_NOT_JOB = re.compile(
    r"\b(?:quotes?|quotations?|estimates?|answer|reply|response|decision|offers?|proposals?"
    r"|recommendation|pricing|budget|know|decide|tell|confirm|hear back|oferte?\w*+|cotati\w*+"
    r"|deviz\w*+|estimar\w*+|raspuns(?:ul)?|decizi\w*+|decid\w*+|propuner\w*+|recomandar\w*+"
    r"|stiu|stim|spuneti|spune-mi|confirma\w*+)\b(?:\s++[\w'’-]++){0,3}?\s*+$"
    # ... or denied: "no rush, not by tomorrow", "we don't need it by Friday", "it doesn't
    # have to be done by tomorrow", "nu până mâine", "nu trebuie gata până vineri" (audit
    # regress9 applied a one-day deadline to "not by tomorrow")
    r"|(?:\b(?:not|nu)|n['’]t)\s*+$"
    r"|(?:\bnot|n['’]t)\s++(?:need|have)\s++(?:to\s++)?(?:[\w'’-]++\s++){0,3}?$"
    r"|\bnu\s++(?:trebuie|e\s++nevoie|este\s++nevoie|avem\s++nevoie)\b(?:\s++[\w'’-]++){0,3}?"
    r"\s*+$")


def _by_tomorrow(text: str) -> bool:
    """Whether ``text`` (folded) sets the job "by tomorrow" (:data:`_BY_TOMORROW`), not a
    quote or an answer (:data:`_TOMORROW_NOT_JOB`)."""
    return next(_undenied(_BY_TOMORROW, _TOMORROW_NOT_JOB, text), None) is not None


# a job's wall-clock time asked: "how long", "how much time", "cât durează", "cât timp", "în
# cât timp" (never "GPU time", "real time": no length asked)
_HOW_LONG = re.compile(r"\bhow long\b|\bhow much time\b|\bcat (?:timp|dureaza)\b")
# an amount asked how long it lasts: "how long would $100 last", "how long will 500 dollars
# last me", "cât timp îmi ajung 100 de dolari", "cât timp ține 100 USD" (a budget with no
# limit word before it, which job_budget reads; audit regress7 #15); "how long can I run
# 8B on an L4 with $50", "cât timp pot rula ... cu 50 de dolari" (audit regress8 #5)
_LASTS_VERB = re.compile(r"\blast(?:s|ing)?\b|\bajung\w*+|\btine\b|\bdureaza\b"
                         r"|\bcan (?:i|we|you) (?:run|rent|use|keep)\b"
                         r"|\bpot(?:em)? (?:rula|folosi|inchiria)\b"
                         # "how many hours can I fine-tune / train ... for $2000", "câte ore
                         # pot antrena / face fine-tuning cu 2000 $" (audit budgethours)
                         r"|\bcan (?:i|we|you) (?:train|fine[- ]?tune|finetune|pre[- ]?train)\b"
                         r"|\bpot(?:em)? (?:antrena|face)\b"
                         # "how many hours of A100 do I get / can I buy for $50", "câte ore de
                         # A100 primesc / pot cumpăra cu 50 de dolari" (audit ro2 #5: guidance)
                         r"|\b(?:get|buy)\b|\bprimes[ct]\b|\bprimim\b|\bcumpar\w*+|\bobtin\w*+")
# the length an amount lasts asked in days or hours: "how many days will $1,000 last", "how
# many hours can I run ... with $50", "câte zile îmi ajung 500 de dolari" (audit regress9 #6:
# a price per hour answered)
# (a card, a count or "GPU" between: "how many H100 hours", "how many GPU-hours", "how many 8x
# H100 hours", "how many RTX 4090 GPU hours"; audit budgethours: a guidance passage)
_LASTS_Q = re.compile(r"\b(?:how many|cate)\s++"
                      r"(?:(?:[a-z]*+\d[\w.]*+|x|gpus?|rtx|tesla|geforce|nvidia|amd|pcie|sxm|nvl"
                      r"|spot|on[- ]demand)[\s-]++){0,4}?"
                      r"(?:days|hours|weeks|zile|ore|saptamani)\b")
_LASTS_MONEY = (r"(?:\$\s*+(?P<a>\d++(?:,\d{3})*+(?:\.\d++)?)\s*+(?P<ka>k\b)?"
                r"|(?<![\d.,])(?P<b>\d++(?:[.,]\d++)*+)\s*+(?P<kb>k\b)?\s*+(?:de\s++)?"
                r"(?:\$|usd\b|dolari\b|dolar\b|dollars?\b|bucks\b))")
_LASTS_AMOUNT = re.compile(
    _LASTS_MONEY
    + r"(?!\s*+(?:/|per\b|pe\b|an?\b|each\b)\s*+(?:h|hr|hour|ora|ore|day|zi|month|luna|mo)\b)")
# the amount asked in "how many hours of A100 for $500", "how many H100 hours with $3,000",
# "câte ore de A100 cu 500 USD" (no verb: the amount given is what buys them; audit
# budgethours), never a job's time ("how many hours does it take ... for $500")
_LASTS_FOR = re.compile(r"\b(?:for|with|cu|pentru)\s++(?:(?:a|an|my|our|un|o)\s++)?"
                        r"(?:(?:budget|buget(?:ul)?)\s++(?:of\s++|de\s++)?)?(?:\$|\d)")
_JOB_TIME = re.compile(r"\b(?:take|takes|taking|need|needed|require[sd]?|ia|necesar\w*+)\b")
# an amount per period asked how long it lasts ("how many H100 hours do I get for $3,000 a
# month", "$2,000 per week", "$3k monthly", "3.000 de dolari pe lună", "a monthly budget of
# $3,000", "un buget lunar de 3.000 USD"): the hours it buys in each period (audit
# budgethours: a guidance passage, or no hours)
_BUDGET_PERIOD = {"month": "month", "mo": "month", "luna": "month", "monthly": "month",
                "lunar": "month", "week": "week", "wk": "week", "saptamana": "week",
                "weekly": "week", "saptamanal": "week", "day": "day", "zi": "day",
                "daily": "day", "zilnic": "day"}
# the period of the hours asked: "how many hours a month", "câte ore pe lună" (the amount with
# them, stated with no period, is that period's: :func:`_lasting_per`)
_HOURS_A_PERIOD = re.compile(
    r"\b(?:how many|cate)\s++(?:[\w.-]++\s++){0,4}?(?:hours|ore)\s++(?:of\s++[\w.-]++\s++)?"
    r"(?:a|an|per|pe|each|every|in fiecare|/)\s*+(?P<p>month|luna|week|saptamana|day|zi)\b")
_LASTS_PER = re.compile(
    r"(?:\b(?P<pre>monthly|weekly|daily)\s++budget\s++(?:of\s++)?"
    r"|\bbuget(?:ul)?\s++(?P<pre_ro>lunar|saptamanal|zilnic)\s++(?:de\s++)?)?"
    + _LASTS_MONEY
    + r"(?:\s*+(?:/|per\b|pe\b|an?\b|each\b|every\b|in fiecare\b)\s*+"
    r"(?P<p>month|mo|luna|week|wk|saptamana|day|zi)\b"
    r"|\s*+\b(?P<q>monthly|lunar|weekly|saptamanal|daily|zilnic)\b)?")


# a range of users: "1-2 users", "1 -2 users", "1 to 2 concurrent users", "1-2 utilizatori"
_USERS_RANGE = re.compile(
    r"(?<![\w.,-])(\d{1,6})\s*+(?:-|\u2013|to)\s*+(\d{1,6})\s++(?:de\s++)?"
    r"(?:concurrent\s++|simultaneous\s++|parallel\s++|active\s++)?"
    r"(?:users|useri|utilizatori|clients|clienti|customers|people|persons)\b")


def _users_range(folded: str) -> tuple[int, int] | None:
    """(low, high) of a range of users the question states (:data:`_USERS_RANGE`), the low
    below the high; else None."""
    m = _USERS_RANGE.search(folded)
    if m is None or not 0 < int(m.group(1)) < int(m.group(2)):
        return None
    return int(m.group(1)), int(m.group(2))


def _job_or_lasting_budget(text: str, folded: str) -> float | None:
    """An amount per period asked how long it lasts (:func:`_lasting_per`: "how many H100
    hours with a monthly budget of $3,000", which :func:`job_budget` read as a total), else
    :func:`job_budget`, else the amount asked how long it lasts (a budget of $0 stays $0,
    refused by the answer)."""
    per = _lasting_per(folded)
    if per is not None:
        return per[0]
    budget = job_budget(text)
    return budget if budget is not None else _lasting_budget(folded)


def _budget_period(folded: str) -> str | None:
    """The period of the amount :func:`_job_or_lasting_budget` reads (:attr:`Stated.
    budget_period`): "month", "week" or "day", None where the amount is a total."""
    per = _lasting_per(folded)
    return per[1] if per is not None else None


def _lasting_asked(folded: str) -> bool:
    """A length asked of an amount: "how long" or "how many hours/days" (:data:`_HOW_LONG`,
    :data:`_LASTS_Q`) with a verb of lasting or buying (:data:`_LASTS_VERB`), or "how many
    hours ... for $500" (:data:`_LASTS_FOR`) where no job's time is asked."""
    if _HOW_LONG.search(folded) is None and _LASTS_Q.search(folded) is None:
        return False
    return bool(_LASTS_VERB.search(folded)
                or (_LASTS_Q.search(folded) and _LASTS_FOR.search(folded)
                    and not _JOB_TIME.search(folded)))


def _lasting_budget(folded: str) -> float | None:
    """The amount a question asks how long it lasts ("how long would $100 last on an H100?",
    "cât timp îmi ajung 100 de dolari pe un H100?"), in USD, or None."""
    if not _lasting_asked(folded):
        return None
    m = _LASTS_AMOUNT.search(folded)
    if m is None:
        return None
    return _amount_usd(m)


def _lasting_per(folded: str) -> tuple[float, str] | None:
    """(amount in USD, period) of an amount per period asked how long it lasts ("how many
    H100 hours do I get for $3,000 a month?": 3,000 and "month"; :data:`_LASTS_PER`), or
    None (an amount with no period, or none asked; a training run's budget is a total, its
    hours and tokens the training answers' own, never read per period)."""
    if not _lasting_asked(folded) or _TRAIN.search(folded) or _FINETUNE.search(folded):
        return None
    first = None
    for m in _LASTS_PER.finditer(folded):
        word = m.group("pre") or m.group("pre_ro") or m.group("p") or m.group("q")
        if word:
            return _amount_usd(m), _BUDGET_PERIOD[word]
        first = first or m
    asked = _HOURS_A_PERIOD.search(folded)
    if first is not None and asked is not None:
        # the period asked of the hours ("how many hours a month can I run an H100 with a
        # budget of $2,000, 5 days a week?", "câte ore pe lună ... cu 2000 de dolari"): the
        # amount is that period's (audit slips27 #4: 1,550 hours, more than a month holds)
        return _amount_usd(first), _BUDGET_PERIOD[asked.group("p")]
    return None


# the output tokens an amount of money buys asked: "how many tokens for $1", "how many tokens
# can I generate for $10", "how many tokens does $5 buy", "câți tokeni pot genera cu 1 $":
# speed's "tokens_dollar", the tokens a dollar buys at full load times the amount (audit
# tokdollar #1: the hourly price); an amount per period ("$10 a month") is none
_TOKENS_FOR_AMOUNT = re.compile(
    r"\b(?:how many|cati|cate)\s++(?:output\s++|generated\s++)?(?:tokens?|tokeni|toks?)\b"
    r"[^?!]{0,80}?\b(?:for|with|cu|pentru|does|do|will|would|can|could)\s++"
    # ("with a budget of $10", "cu un buget de 10 USD")
    r"(?:(?:a|an|my|our|un|o)\s++)?(?:(?:budget|buget(?:ul)?)\s++(?:of\s++|de\s++)?)?"
    + _LASTS_AMOUNT.pattern)


def _tokens_amount(folded: str) -> float | None:
    """The amount of money whose output tokens are asked (:data:`_TOKENS_FOR_AMOUNT`), in
    USD, or None."""
    m = _TOKENS_FOR_AMOUNT.search(folded)
    return _amount_usd(m) if m is not None else None


def _amount_usd(m: re.Match[str]) -> float:
    """The amount of a :data:`_LASTS_AMOUNT` match (its groups ``a``/``ka`` or ``b``/``kb``),
    in USD."""
    raw = m.group("a") or m.group("b")
    # "1,000" groups thousands; so does "2.500 de dolari" (a dot after "$" is a decimal)
    grouped = (re.fullmatch(r"\d{1,3}(?:,\d{3})++", raw)
               or (not m.group("a") and re.fullmatch(r"\d{1,3}(?:\.\d{3})++", raw)))
    value = float(re.sub(r"[,.]", "", raw) if grouped else raw.replace(",", "."))
    return value * 1000 if (m.group("ka") or m.group("kb")) else value


def _lasting_q(folded: str) -> bool:
    """"How many days will $1,000 last", "how many hours can I run ... with $50", "how many
    H100 hours for $3,000 a month": a length asked of an amount (:data:`_LASTS_Q`), as "how
    long" asks it, per period or not."""
    return bool(_LASTS_Q.search(folded) and _lasting_asked(folded)
                and (_LASTS_AMOUNT.search(folded) or _lasting_per(folded)))


# GPUs a sum of money pays for asked, with the sum: "how many H100s can I afford / rent with
# $5,000 a month", "câte H100 îmi permit / pot închiria cu 5.000 USD pe lună", "am un buget de
# 1.000 USD pe lună, câte H100" (the count, :data:`_COUNT_Q`, is checked beside it)
_AFFORD_COUNT = re.compile(
    r"\bafford\w*+|\bpermit\w*+|\bbudget\b|\bbuget\w*+|\b(?:can|could) (?:i|we) (?:rent|get|buy)\b"
    r"|\bpot(?:em)? (?:inchiria|lua|cumpara)\b")
_AMOUNT_WORD = re.compile(r"\$|\busd\b|\bdolari\b|\bdollars?\b")
# buying a GPU, not renting it (Stated.purchase_asked): "can I buy", "purchase", "să cumpăr"
_PURCHASE = re.compile(r"\bbuy(?:ing|s)?\b|\bpurchas\w*+|\bcumpar\w*+")


_IMAGES_Q = re.compile(r"\b(?:how many|cate)\s++(?:[a-z][\w.\-]*+\s++){0,3}?"
                       r"(?:images?|imagini|pictures?|poze)\b")


# images per second, minute, hour or day asked (Stated.image_rate_asked): "images per
# second", "images/s", "img/sec", "imagini pe secundă", "SDXL images per hour", "câte imagini
# SDXL pe oră", "images an hour", "images/day"; never a count stated ("10,000 images a day"
# is a load, :func:`_image_rate`)
_IMAGES_RATE = re.compile(
    r"\b(?:images?|imagini|img|pictures?|poze)(?:\s++[a-z][\w\-]*+){0,2}?"
    r"(?:\s*+/\s*+(s|sec|second|min|minute|h|hr|hour|d|day)\b"
    r"|\s++(?:per|pe|a|an|each|every|on)\s++"
    r"(second|sec|secunda|minute|min|minut|hour|hr|ora|day|zi)\b)")
_RATE_PERIOD = {"s": "second", "sec": "second", "second": "second", "secunda": "second",
                "min": "minute", "minute": "minute", "minut": "minute", "h": "hour",
                "hr": "hour", "hour": "hour", "ora": "hour", "d": "day", "day": "day",
                "zi": "day"}
# a count before the images ("10,000 images", "10k SDXL images"): a load, not a rate asked
_COUNT_WORD = re.compile(r"[\d.,]++k?")


def _image_rate(folded: str) -> str | None:
    """The period images are asked per (:attr:`Stated.image_rate_asked`): "second",
    "minute", "hour" or "day"; None where none is asked, or where a count of images is
    stated before them (up to two words before: "10,000 SDXL images a day")."""
    for m in _IMAGES_RATE.finditer(folded):
        before = folded[max(0, m.start() - 40):m.start()].split()[-3:]
        if not any(_COUNT_WORD.fullmatch(x) for x in before):
            return _RATE_PERIOD[m.group(1) or m.group(2)]
    return None


_IMAGES_PER = re.compile(
    r"\b(?:images?|imagini|pictures?|poze)\s++(?:\w++\s++){0,3}?"
    r"(?:(?:per|a|an|each|every|pe|in a|intr-o|intr-un)\s++(day|zi|hour|ora|month|luna)\b"
    r"|(daily|zilnic|hourly|monthly|lunar)\b)")
_PERIOD_KEY = {"day": "day", "zi": "day", "daily": "day", "zilnic": "day", "hour": "hour",
               "ora": "hour", "hourly": "hour", "month": "month", "luna": "month",
               "monthly": "month", "lunar": "month"}


def _images_period(folded: str) -> str | None:
    """The period a count of images is asked per (:attr:`Stated.images_period`), or None."""
    m = _IMAGES_PER.search(folded)
    return _PERIOD_KEY[m.group(1) or m.group(2)] if m is not None else None


def _images_first(folded: str) -> bool:
    """Whether a count of images is asked before any length ("how many SDXL images can we
    make and how long will that take?")."""
    m = _IMAGES_Q.search(folded)
    h = _HOW_LONG.search(folded) or _LASTS_Q.search(folded)
    return m is not None and (h is None or m.start() < h.start())


# a speed in tokens per second asked (folded text): "tokens/s", "tokeni/s", "tok/s", "tokens
# per second", "tps" (Stated.tps_first)
_TPS_WORD = re.compile(r"\b(?:tokens?|tokns?|tokeni|toks?)(?: de iesire| generati)?\s*+/\s*+"
                       r"(?:s|sec|second|secunda)\b"
                       r"|\b(?:tokens?|tokns?|tokeni|toks?) (?:(?:de iesire|generati) )?"
                       r"(?:per|pe|a) (?:second|sec|secunda)\b"
                       r"|\btps\b|\bt/s\b")


def _tps_first(folded: str) -> bool:
    """Whether tokens per second (:data:`_TPS_WORD`) are asked before the time to the first
    token (:data:`_TTFT`), both asked: :attr:`Stated.tps_first`."""
    tps, ttft = _TPS_WORD.search(folded), _TTFT.search(folded)
    return tps is not None and ttft is not None and tps.start() < ttft.start()


def _media_rate_first(folded: str) -> bool:
    """Whether a media model's rate (:data:`_MEDIA_RATE`) is asked before any word for money
    (:data:`_MONEY_Q`), both asked: :attr:`Stated.media_rate_first`."""
    rate, money = _MEDIA_RATE.search(folded), _MONEY_Q.search(folded)
    return rate is not None and money is not None and rate.start() < money.start()


# a list of the figures asked, memory before time: "memory, time and cost", "memoria, timpul
# și costul", "VRAM / time / cost" (buyer20 lesser: the memory was left out)
_MEMORY_TIME_LIST = re.compile(r"\b(?:vram|memory|memoria|memorie)\s*+[,/&]\s*+"
                               r"(?:(?:the |and |si )?(?:time|timpul|timp|durata)\b)"
                               r"|\b(?:vram|memory|memoria|memorie)\s++(?:and|si)\s++"
                               r"(?:the )?(?:time|timpul|durata)\b")


def _memory_first(folded: str) -> bool:
    """Whether GPU memory is asked (:data:`_MEMORY_Q`) before a job's time
    (:data:`_HOW_LONG`): "how much VRAM and how long ...", "câtă VRAM și cât durează ...";
    or listed before it (:data:`_MEMORY_TIME_LIST`: "memory, time and cost")."""
    if _MEMORY_TIME_LIST.search(folded):
        return True
    m = _MEMORY_Q.search(folded)
    t = _HOW_LONG.search(folded)
    return m is not None and t is not None and m.start() < t.start()


# a length asked in days: "how many days", "câte zile", "in how many days", "în câte zile"
# a length asked as its bare unit after the job ("..., 5B tokens, days?", "...: zile?"): the
# unit is the question (audit buyer24a #8: the days were never given)
_TERSE_UNIT = (r"(?:[,:;(]|\s[-\u2013\u2014]|\bin)\s*+(?:(?:total|wall[- ]clock)\s++)?"
               r"(?:{})\s*+\)?\s*+\?")
_TERSE_TIME = re.compile(_TERSE_UNIT.format(r"hours|hrs|days|weeks|ore|zile|saptamani"))
_DAYS_Q = re.compile(r"\b(?:how many|cate)\s++(?:days|zile)\b"
                     + "|" + _TERSE_UNIT.format(r"days|zile")
                     # the bare unit listed with another ask ("...: days and cost?", "zile
                     # și cost?"): audit buyer29b #9 gave hours only
                     + r"|(?:[,:;]|\s[-\u2013\u2014])\s*+(?:days|zile)\s*+(?:,|and|si|&|\+)"
                       r"\s*+[a-z$ ]{1,30}\?")


def _deadline_weekday(folded: str) -> int | None:
    """The weekday ``folded`` says a job must finish by (Monday 0), or None."""
    if _WEEKDAYS.search(folded):
        return None  # "de luni până vineri", "Monday till Friday": a schedule (_WEEKDAYS)
    # (never a quote's day: "I need a quote by Friday", _TOMORROW_NOT_JOB)
    m = next(_undenied(_BY_WEEKDAY, _TOMORROW_NOT_JOB, folded), None)
    return _WEEKDAY_NAMES[m.group(1)] if m else None


# a length "at" a count of tokens in a training question: "fine-tune ... at 8k tokens", "la 8k
# tokeni", "la 16384 de tokeni" (as "secvențe de 16384" reads); never a rate ("at 500 tokens
# per second", "la 50 de tokeni pe secundă") or a request's input or output ("at 2k tokens
# in")
_SEQ_AT = re.compile(
    r"\b(?:at|la)\s++(\d{1,3}(?:[.,]\d{3})++|\d++)\s*+(k)?\s*+(?:de\s++)?(?:tokens?|tokeni"
    r"|token-uri)\b(?!\s*+(?:/|per\b(?!\s++(?:examples?|samples?|sequences?|documents?"
    r"|conversations?|records?|rows?|texts?|chunks?)\b)|pe\s++(?:s|sec|secunda|minut\w*+|ora"
    r"|gpu)\b|a\s++(?:s|sec|second)\b|in\b|out\b|input|output|de (?:intrare|iesire)))")
# ("at 8k tokens per example" is a length as "la 8k tokeni" is; audit regress10 #12: English
# sized 2,048 tokens)
# (RO "pe" is "on" too: "la 8k tokeni pe un RTX 4090" is a length on a GPU, only "pe secundă"
# a rate; audit train2 #1 read no length and sized 2,048 tokens)
# a training example's length: "16k-token examples", "32,000-token documents", "documents of
# 32,000 tokens", "examples of 16k tokens", "exemple de 8k tokeni", "documente de 32.000 de
# tokeni" (audit train2 #1: sized at 2,048 tokens)
_EXAMPLE_NOUN = (r"(?:examples?|documents?|docs?|samples?|conversations?|dialogues?|texts?"
                 r"|chunks?|records?|transcripts?|exemple(?:le)?|documente(?:le)?|esantioane"
                 r"|conversatii|dialoguri|texte|fragmente|inregistrari)")
_SEQ_EXAMPLE = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:[.,]\d{3})++|\d++)\s*+(k)?[\s-]*+(?:de\s++)?(?:tokens?|tokeni"
    rf"|token-uri)[\s-]++(?:long\s++)?{_EXAMPLE_NOUN}\b"
    # ("examples x 512 tokens", "samples * 1024 tok": a product, each example's length; audit
    # buyer20 #5 sized 2,048)
    rf"|\b{_EXAMPLE_NOUN}(?:\s++(?:of|de|with|cu)\s++|\s*+[x*\u00d7]\s*+)(?:up to\s++|pana la\s++"
    r"|about\s++|around\s++|aproximativ\s++|circa\s++|~\s*+)?(\d{1,3}(?:[.,]\d{3})++|\d++)\s*+"
    r"(k)?\s*+(?:de\s++)?(?:tokens?|tokeni|token-uri|tok)\b"
    r"(?!\s*+(?:/|per\s++(?:s|sec|second)\b|in total|each\s++(?:second|minute)))")


# a batch said over all the GPUs: "global batch size 128", "a global batch of 512", "effective
# batch size", "total batch size", "batch size 128 in total", "batch global de 128", "batch-ul
# global", "batch efectiv"
_GLOBAL_BATCH = re.compile(
    r"\b(?:global|effective|total)\s++batch\b|\bbatch(?:-ul)?\s++(?:global|efectiv|total)\b"
    r"|\bbatch\s*+size\s++(?:of\s++)?\d++\s++(?:in total|across|over all)\b")
# a token amount that is a batch (:func:`batch_tokens_at`): "a global batch of 4M tokens",
# "batch size of 4M tokens", "batch global de 4M de tokeni" before it; "4M tokens per batch /
# step", "4M tokens global batch", "4M de tokeni pe pas" after it. A plain "batch of 50M
# tokens", "pe un batch de 20M de tokeni", "50M tokens batch size 16" (a batch size in
# sequences after the dataset), "a nightly batch of 200M tokens" are the job's tokens (audit
# regress12 #5: a plain "batch of" read as a step's lost the asked cost and time)
_BATCH_TOKENS_BEFORE = re.compile(
    r"(?:\b(?:global|effective|total)\s++batch(?:[\s_-]*+size)?|\bbatch[\s_-]*+size"
    r"|\bbatch(?:-ul)?\s++(?:global|efectiv|total))\s++(?:(?:of|de|is|este|=|:)\s*+)?"
    r"(?:(?:about|around|aproximativ|~)\s*+)?$")
_BATCH_TOKENS_AFTER = re.compile(
    r"\s*+(?:(?:per|pe|a|each|every)\s++(?:global\s++)?(?:batch|(?:optimi[sz]er\s++)?step|pas)"
    r"|(?:global|effective)\s++batch|(?:de\s++)?batch\s++global)\b"
    r"(?!\s++(?:job|jobs|joburi|jobul|inference|processing))")
# the epochs a budget buys asked ("how many epochs ... can I do for $100", "câte epoci pot
# face"): never a count stated ("number of epochs 3", :data:`_EPOCHS_NAMED`) nor advice asked
# ("how many epochs should I ...", "câte epoci ar trebui": audit regress12 #7)
_EPOCHS_Q = re.compile(
    r"\b(?:how many|(?:what\s++)?number of|cate|numarul de)\s++(?:full\s++|complete\s++)?"
    r"(?:epochs|epoci)\b(?!\s*+(?:[:=]|is\b|este\b)?\s*+\d)"
    # "numărul de epoci de 3" states a count; "câte epoci de 50 de milioane de tokeni" asks
    # the epochs of a stated size (audit buyer29b #9: the Romanian answered one epoch)
    r"(?!\s++de\s++\d[\d.,]*+(?!\d|\s*+(?:de\s++)?(?:milioane|miliarde|mii|mil|mld|[mbk]\b"
    r"|tokeni|tokens)))"
    r"(?![^?!]{0,60}?\b(?:should|shall|ought|need|needed|recommend\w*+|ideal|optimal"
    r"|typically|usually|ar trebui|trebuie sa (?:fac|rulez|antrenez|folosesc)|recomand\w*+"
    r"|optim[ae]?|de obicei|e bine|este bine)\b)")


def batch_tokens_at(folded: str, start: int, end: int) -> bool:
    """Whether the token amount at ``folded[start:end]`` (a :data:`_TOKENS` match) is a
    batch's, one optimizer step's tokens, not a job's (:data:`_BATCH_TOKENS_BEFORE`,
    :data:`_BATCH_TOKENS_AFTER`). A global batch in tokens is a batch size: sequences of the
    sequence length (Llama 2's "global batch-size of 4M tokens", arXiv 2307.09288, section
    2.2)."""
    before = folded[max(0, start - 40):start]
    training = bool(_TRAIN.search(folded) or _FINETUNE.search(folded))
    return bool(_BATCH_TOKENS_BEFORE.search(before)
                or (training and _BATCH_TOKENS_AFTER.match(folded, end)))


def _global_batch_tokens(folded: str) -> int | None:
    """The tokens of a batch ``folded`` states (:attr:`Stated.global_batch_tokens`), or
    None."""
    for tm in _TOKENS.finditer(folded):
        if batch_tokens_at(folded, tm.start(), tm.end()):
            value = int(_num(tm.group(1)) * _SCALE.get(tm.group(2) or "", 1.0))
            return value if value >= 1 else None
    return None


_JOBS_AT_ONCE = re.compile(
    r"(?<![\w.])(\d{1,4})\s++(?:de\s++)?(?:concurrent|parallel|simultaneous|separate"
    r"|independent)\s++(?:[\w-]++\s++){0,4}?(?:jobs?|runs?|fine-?tunes?|trainings?)\b"
    r"|(?<![\w.])(\d{1,4})\s++(?:[\w-]++\s++){0,4}?(?:jobs?|runs?|fine-?tunes?)\s++"
    r"(?:at once|side by side|in parallel|at the same time|concurrently|simultaneously)\b"
    r"|(?<![\w.])(\d{1,4})\s++(?:de\s++)?(?:joburi|rulari|antrenari|fine-?tuning-uri)\s++"
    r"(?:[\w-]++\s++){0,4}?(?:simultan\w*+|in paralel|concurente|deodata|in acelasi timp)")


def _jobs_at_once(folded: str) -> int | None:
    """The training jobs run side by side (:data:`_JOBS_AT_ONCE`), 2 or more; else None."""
    m = _JOBS_AT_ONCE.search(folded)
    n = int(next(g for g in m.groups() if g)) if m else 0
    return n if 2 <= n <= 4096 else None


def _sequence_tokens(folded: str, context: int | None = None) -> int | None:
    """The training sequence length ``folded`` states, in tokens ("4k" is 4,096), or None.
    A count "at" or of an example ("transcripts of 2,000,000 tokens", "10,000 conversations
    with 3,000,000 tokens") above ``context`` (the named model's context limit: no sequence
    is longer) is the dataset's total, the job's training tokens, never a length (audit
    regress10 #1: sized 2M-token sequences, 1,484.6 GiB "does not fit")."""
    for m in _SEQ_LEN.finditer(folded):
        value = int(m.group(1) or m.group(3)) * (1024 if m.group(2) or m.group(4) else 1)
        if 128 <= value <= min(TOKENS_MAX, 16 * 1_048_576):
            return value
    if _FINETUNE.search(folded) or _TRAIN.search(folded):
        for m in (*_SEQ_AT.finditer(folded), *_SEQ_EXAMPLE.finditer(folded)):
            num, k = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            value = int(re.sub(r"[.,]", "", num)) * (1024 if k else 1)
            if 128 <= value <= min(TOKENS_MAX, 16 * 1_048_576, context or TOKENS_MAX):
                return value
    return None


def _named_context(names: list[_Mention], registry: Registry) -> int | None:
    """The largest context limit of the models named (their architecture's
    ``max_context``, or a context extension's), or None where no model named states one."""
    limits = [c for m in names if m.kind == "model" and m.id in registry.models
              and (c := registry.models[m.id].context_limit)]
    return max(limits) if limits else None


def global_batch_share(ex: Extracted, st: Stated) -> int | None:
    """A global batch's sequences on each GPU a step: the batch over the GPUs stated, where it
    divides evenly; else None (no GPU count, or a remainder: the sizing's own micro-batch)."""
    gpus = ex.gpu_count or 0
    if not st.global_batch or ex.batch_size is None or gpus < 1 or ex.batch_size % gpus:
        return None
    return ex.batch_size // gpus or None


def finetune_options(method: str, ex: Extracted, st: Stated) -> dict[str, Any]:
    """A sizing or recommendation request's ``finetune`` for a question: ``method`` with the
    micro batch ("batch size 4", "batch de 4": ``ex.batch_size``) and the sequence length
    ("4096 sequence length", "secvențe de 4096": ``st.sequence_tokens``) the question states;
    what it does not state keeps the sizing's defaults (a micro batch of 1, 2,048 tokens).
    The LoRA rank (of LoRA or QLoRA only), the optimizer, gradient checkpointing, the ZeRO
    stage and CPU offload stated (``st.training``) are sized as stated (audit train #2-#4)."""
    opts: dict[str, Any] = {"method": method}
    if ex.batch_size is not None and 1 <= ex.batch_size <= BATCH_MAX and not st.global_batch:
        # a global batch is not each GPU's micro-batch: the sizing picks the fastest one
        # that fits, the GPU's share of the batch made of it by gradient accumulation, which
        # the answer says (numbers.training._global_batch_item); it sized the batch on every
        # GPU (audit train2 #2: 387.7 GiB per GPU, "does not fit")
        opts["micro_batch_size"] = ex.batch_size
    if st.sequence_tokens is not None:
        opts["sequence_length"] = st.sequence_tokens
    t = st.training
    if t.lora_rank is not None and method in ("lora", "qlora") and t.lora_rank <= RANK_MAX:
        opts["lora_rank"] = t.lora_rank
    if t.optimizer is not None:
        opts["optimizer"] = t.optimizer
    if t.checkpointing is not None:
        opts["gradient_checkpointing"] = t.checkpointing
    if t.zero_stage is not None:
        opts["zero_stage"] = t.zero_stage
    if t.objective is not None and t.objective != "sft":
        opts["objective"] = t.objective  # "DPO", "GRPO", "RLHF": its frozen and trained models
    if t.target_modules is not None and method in ("lora", "qlora"):
        opts["target_modules"] = list(t.target_modules)  # "on q and v only" (audit s3train #2)
    if t.cpu_offload:
        # "with deepspeed cpu offload", "offload pe CPU": ZeRO-Offload, the gradients and the
        # optimizer state in CPU memory (it was dropped: buyer audit 24a #1)
        opts["cpu_offload"] = True
    return opts


def request_rate(folded: str) -> float | None:
    """The request rate ``folded`` states, per second, or None; requests each of the users
    stated makes, times the users ("200 users each making 50 requests a day": 10,000 a
    day)."""
    m = _REQ_RATE.search(folded)
    if m is None:
        return None
    if m.group(4):
        return _num(m.group(4)) or None
    value = _num(m.group(1)) * _SCALE.get(m.group(2) or "", 1.0)
    pop = population(folded)
    users = int(pop.group(1)) if pop is not None and pop.end() <= m.start() else 1
    return users * value / _RATE_SECONDS[m.group(3)] or None


_PERIOD = (r"(?:\s*+(?:/|(?:per|pe|a|an|each|every|on a|in a|intr-o)\b)\s*+"
           r"(?P<per>s|sec|second|secunda|min|minute|minut|h|hr|hour|ora|day|zi|month|luna)\b|\s++(?P<adv>daily|zilnic|hourly"
           r"|lunar|monthly)\b)")
# :data:`_PERIOD` matched where a count's words end: never inside a run of spaces (a search for
# it would try every space of a long run, quadratic; a match at a word's end is unchanged)
_PERIOD_AFTER = re.compile(r"(?<!\s)" + _PERIOD)
# items a generating LLM handles per period: "5,000 support emails a day", "500 de e-mailuri
# pe oră" (:func:`_items_rate`; audit regress7 #4)
_ITEMS_RATE = re.compile(_COUNT_SCALE + rf"\s*+(?:de\s++)?{_DOC_ADJ}{_DOC_NOUN}\b"
                         r"(?:\s++[a-z][\w.\-]*+){0,2}?" + _PERIOD)
# a rate of work of a model that generates no tokens: "50000 images per day", "100 de imagini pe
# minut", "5000 documents per second", "10 videos a day", "500 hours of audio per day", "500 de
# ore de audio pe zi", "transcribe 500 hours per day" (read with the models' names blanked: "50000
# SDXL images" is "50000      images"; at most two words between the count and the noun, and
# between the noun and the period: "100 de imagini SDXL pe minut" where no name is blanked)
_SERVE_RATE = re.compile(
    _COUNT_SCALE + r"(?!p\b)\s*+(?:de\s++)?"  # "480p" is a size, not 480 videos
    r"(?:(?:[a-z][a-z\-]*+|\d{3,4}x\d{3,4}|\d{3,4}p)\s++){0,2}?"
    # (the singular too: "1 imagine pe secundă" was one image priced; audit regress12 #11)
    r"(?:(?P<images>images?|imagini|imagine|pictures?|photos?|poze|poza|fotografii|fotografie"
    r"|imgs?|pics?)"
    r"|(?P<videos>videos?|clips?|clipuri|videoclipuri|videoclip)"
    r"|(?P<inputs>embeddings?|embedding-uri|documents?|documente|docs|texts?|texte|sentences?"
    r"|propozitii|passages?|pasaje|chunks?|inputs?|intrari)"
    # ("500 de ore audio pe zi", with no "de" before audio, was a one-off job: regress2 #15)
    r"|(?P<audio>hours?|hrs?|h|ore|ora|minutes?|minute)\s++(?:(?:of|de)\s++)?(?:audio|speech|recordings?"
    r"|inregistrari|music|muzica|vorbire|voice|voce))\b(?:\s++[a-z][\w.\-]*+){0,2}?" + _PERIOD
    + r"|\btranscri\w*+\s++(?:(?:a|celor|unor)\s++)?(?P<n2>\d++(?:[.,]\d++)?)\s*+"
    r"(?P<k2>k|thousand|mii)?"
    + r"\s*+(?:de\s++)?(?P<audio2>hours?|hrs?|h|ore|minutes?|minute)\b" + _PERIOD.replace(
        "?P<per>", "?P<per2>").replace("?P<adv>", "?P<adv2>"))
_PERIOD_WORD = {"s": "second", "sec": "second", "second": "second", "secunda": "second",
                "min": "minute", "minute": "minute", "minut": "minute", "h": "hour",
                "hr": "hour", "hour": "hour", "ora": "hour", "hourly": "hour", "day": "day",
                "zi": "day", "daily": "day", "zilnic": "day", "month": "month", "luna": "month",
                "lunar": "month", "monthly": "month"}


def _work_rate(unnamed: str, hours_per_day: float | None, days_per_month: float | None
               ) -> tuple[tuple[str, float, float, str], tuple[int, int]] | None:
    """:attr:`Stated.work_rate` as ``unnamed`` (the text with the models' names blanked)
    states it, with the span of the words that state it; a day is ``hours_per_day`` (else 24)
    hours and a month ``days_per_month`` (else 30) such days, as the recommendations count a
    month of use."""
    m = _SERVE_RATE.search(unnamed)
    if m is None:
        return None
    audio = m.group("audio") or m.group("audio2")
    what = ("audio_s" if audio else "images" if m.group("images") else "videos"
            if m.group("videos") else "inputs")
    raw, scale = (m.group(1), m.group(2)) if m.group(1) else (m.group("n2"), m.group("k2"))
    count = _num(raw) * _SCALE.get(scale or "", 1.0)
    period = _PERIOD_WORD[m.group("per") or m.group("adv") or m.group("per2") or m.group("adv2")]
    day_s = (hours_per_day or 24.0) * 3600.0
    seconds = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": day_s,
               "month": day_s * (days_per_month or 30)}[period]
    amount = count * (60.0 if audio and audio.startswith("min") else 3600.0 if audio else 1.0)
    if not count:
        return None
    # the count as written; audio in hours ("30 minutes of audio a minute" is 0.5)
    return (what, amount / seconds, amount / 3600.0 if audio else count, period), m.span()


def _without_models(folded: str, toks: list[Any], names: list[Any],
                    kinds: tuple[str, ...] = ("model",), fill: str = " ") -> str:
    """``folded`` with the models' names blanked (or the names of ``kinds``): a number in a
    name ("SD 1.5", "Wan 2.1", a GPU's "4090") is never a count. ``fill`` other than a space
    keeps a word in the name's place, so that a count before it ("8 H100 tok/s") does not
    stand next to what follows the name."""
    chars = list(folded)
    for m in names:
        if m.kind in kinds:
            start, end = toks[m.first].start, toks[m.last].end
            chars[start:end] = fill * (end - start)
    return "".join(chars)


# the speed asked is each user's: "50 tok/s per user", "each", "pe utilizator", "fiecare", or
# users are stated at all; a speed that is a floor ("at 50 tok/s", "at least", "minimum")
_TPS_EACH = re.compile(r"\s*+(?:(?:per|pe|for each|each|fiecare|for every)\s++(?:user|utilizator"
                       r"|client|request|cerere|stream|session|sesiune)\w*+|each|apiece|fiecare)\b")
_BATCH_BEFORE = re.compile(r"\b(?:batch(?:\s*+size)?|bs|lot(?:ul)?|concurrency)\s*+"
                           r"(?:of|de|=|:|is)?\s*+$")
_TPS_FLOOR = re.compile(r"(?:\b(?:at|la|least|minimum|min|minim|peste|over|above|of|cu|with)"
                        r"|>=?|≥)\s*+$")
_LOAD_WORDS = re.compile(r"\b(?:users?|utilizator\w*+|useri|clients?|clienti|people|persoane"
                         r"|oameni|concurrent|simultan\w*+|sessions?|sesiuni)\b")


def _aggregate_tps(folded: str, m: re.Match[str] | None) -> float | None:
    """A token rate that is a load in total, not each user's speed (``m``: the
    :data:`_TPS_TARGET` match): said to be a total ("2000 tokens per second total", "500
    tokens/s aggregate", "în total": :data:`_TPS_TOTAL`), or with a cost or a setup asked of
    it ("what does 2000 tokens per second cost per month", "what GPU do I need for 2000
    tokens per second": :data:`_RECOMMEND_Q`), said with no user, "each" or "per user", and
    not as a floor ("at 50 tok/s", "at least"). Audit ask_reading2: it was a target of 2,000
    tokens/s per user, missed; audit ask_intent: a total with "which GPU" was one request's
    speed."""
    total = _TPS_TOTAL.search(folded)
    if total is not None and not _TPS_EACH.match(folded, total.end()):
        value, scale = (total.group(1), total.group(2)) if total.group(1) else \
            (total.group(3), total.group(4))
        per = 60.0 if _TPS_TOTAL_MINUTE.search(total.group(0)) else 1.0
        return _num(value) * _SCALE.get(scale or "", 1.0) / per or None
    if m is None or _TPS_EACH.match(folded, m.end()) or _LOAD_WORDS.search(folded):
        return None
    if _TPS_FLOOR.search(folded[max(0, m.start() - 12) : m.start()]):
        return None
    # (the cheapest setup or GPU asked too: "20000 tokens per minute ... cheapest setup?", as
    # "which gpu" reads it; audit ask_en2 #2: 333 tokens/s for one user on an H200, 11x)
    if not (_COST_ASKED.search(folded) or _RECOMMEND_Q.search(folded)
            or _CHEAP_ASKED.search(folded)):
        return None
    return _tps(m)


_CHEAP_ASKED = re.compile(r"\bcheap\w*+|\bieftin\w*+")


def _minute_rate(f: str) -> bool:
    """A token rate written per minute ("which GPU for Llama 3.1 8B at 600,000 tokens per
    minute?"): a speed or a load, as its tokens/s wording is (:data:`_SPEED`), which the speed
    answer reads as a total where no single request reaches it; it was a cost per hour of one
    request (audit regress9 #1)."""
    m = _TPS_TARGET.search(f)
    return bool(m and m.group("min"))


def _tps(m: re.Match[str]) -> float | None:
    """The tokens/s a :data:`_TPS_TARGET` match states, its scale applied (a rate a minute
    over 60 s)."""
    per = 60.0 if m.group("min") else 1.0
    return _num(m.group(1)) * _SCALE.get(m.group(2) or "", 1.0) / per or None


# a count of users that is no number (Stated.users_unread): NaN, or infinite in its words
_USERS_UNREAD = re.compile(
    r"(?<![\w.])(?:(?P<nan>nan)|(?P<inf>(?:an? |un )?(?:infinite|infinity|inf|infinit"
    r"|numar infinit|infinite number|unlimited|nelimitat)|∞))"
    r"\s*+(?:(?:of|de)\s++)?(?:(?:concurrent|simultaneous|simultani|parallel)\s++)?"
    r"(?:users|useri|utilizatori|clients|clienti|customers|people|persons|persoane"
    r"|concurrent requests|requests|cereri)\b")


def _users_unread(text: str) -> tuple[str, str] | None:
    """("nan" | "infinite", the words as written) of a count of users that is no number."""
    m = _USERS_UNREAD.search(_fold(text))
    if m is None:
        return None
    return ("nan" if m.group("nan") else "infinite", text[m.start() : m.end()])


# the memory of each user or request: "vram per user", "per concurrent user", "per request",
# "for each (extra) user", "every additional user", "pe utilizator", "pentru fiecare
# utilizator (în plus)" (audit ask_en2 #7); read by the memory answer only
_MEMORY_EACH_USER = re.compile(
    r"(?<!tokens )(?<!token )(?<!tokeni )(?<!context )(?<!k )"  # "8k tokens per request"
    r"(?<!images )(?<!image )(?<!imagini )(?<!imagine )"  # "4 images per request": a load
    r"\b(?:per|each|every|for each|for every|pe|pentru fiecare|fiecare)\s++"
    r"(?:(?:extra|additional|more|concurrent|simultaneous|new|active|one)\s++)?"
    r"(?:users?|requests?|sequences?|sessions?|conversations?|chats?|utilizator\w*+"
    r"|cerer\w*+|secvent\w*+|sesiun\w*+)\b")


_NO_OUTPUT = re.compile(
    # a job that generates nothing, only reads its tokens: prefill alone ("no output",
    # "prefill only", "just scoring the prompts", "fără ieșire"); output_tokens 0, as "0
    # output tokens" (audit s1fmt #3: "embed 10M tokens ... (no output)" was priced as 10M
    # output tokens). "No output" is one only where the clause ends there ("no output: cost?",
    # "(no output)", "no output tokens, on an L4"): "no output limit / length cap / beyond 200
    # tokens / streaming", "without output constraints" bound or shape the output, and "I just
    # read", "we only score quality later" are no job's words (audit regress12 #3 priced
    # those generation jobs as prefill alone). Nor where another noun phrase, "needed" or a
    # gloss follows: "no output or generation", "no output and 2k-token prompts", "no output
    # needed", "fara generare necesara", "no output (just scoring)", "without generating any
    # output", "we just classify 10M tokens" (audit regress13 #1 priced those as output),
    # unless the words after it bound the output ("no output or input limits", "no output
    # (length cap)")
    r"(?:\bno|\bwithout(?: any)?|\bfara(?: niciun| nicio)?)\s++"
    r"(?:output|generation|generated tokens|generating(?: any(?:thing| output| tokens| text)?)?"
    r"|completions?|iesire|generare|tokeni de iesire)(?:\s++tokens?)?"
    r"(?:\s++(?:at all|whatsoever|deloc))?"
    r"(?=\s*+(?:$|[).,;:!?])"
    r"|\s++(?:or|nor|and|sau|si|ori|nici)\s++(?!(?:input|context|length|size|token|format)\w*+)"
    r"|\s++(?:needed|required|necessary|wanted|expected|necesar\w*+|ceruta|dorita)\b"
    r"|\s*+\((?!\s*+(?:limit|cap|length|max|beyond|longer|more|over|above|up to|format"
    r"|stream|lungime)\w*+)"
    r"|\s++(?:just|only|doar|numai)\b)"
    r"|\bprefill[- ]only\b|\bonly (?:the )?prefill\b"
    r"|\b(?:just|only) scor(?:e|ing) (?:the )?(?:prompts?\b|inputs?\b|\d)"
    r"|\b(?:just|only|doar|numai) (?:classify|classifying|embed|embedding|rerank|reranking"
    r"|clasific\w*+) (?:the )?(?:prompts?\b|inputs?\b|\d)"
    r"|\b(?:doar|numai) (?:faza de )?prefill\b")
_GGUF_WORD = re.compile(r"\bgguf\b")
# a GGUF mention that is not the file run (:func:`_gguf_file`): negated or weighed ("not
# GGUF", "nu GGUF", "faster than a GGUF build", "or should we use GGUF", "vs a GGUF on a
# Mac", "we used / tried GGUF before", "moved from GGUF", "comparing with our GGUF setup")
_GGUF_NOT_RUN = re.compile(
    r"(?:\b(?:not|no|non|nu|fara|than|decat|vs|versus|or|sau|ori|from|against|instead of"
    r"|rather than|in loc de|fata de|compar\w*+\s++(?:with|to|cu)|used|tried|had|were using"
    r"|moved|switched|folosit|folosim|incercat|de la))"
    r"\W*+(?:(?:a|an|the|our|old|un|o|vechiul|nostru)\s++)*+$")
# a weights precision or format stated ("fp8", "in AWQ", "4-bit", "Q4_K_M"), not the KV
# cache's: one beside a GGUF mention ("GGUF F16", "F16 GGUF") is that file's
_WEIGHTS_WORD = re.compile(
    r"\b(?:bf16|bfloat16|fp16|float16|f16|f32|fp8|float8|fp4|nvfp4|mxfp4|int8|int4|fp32"
    r"|awq|gptq|nf4|bnb|bitsandbytes|[48][- ]?bits?|q[2-8]_[0-9a-z_]++|iq4_xs)\b"
    r"(?!\s*+(?:kv|cache))")

# what may stand between a GGUF mention and its file's precision (:func:`_gguf_file`)
_GGUF_GAP = re.compile(
    r"[\s,:;()/-]{0,5}+(?:(?:format|file|files|model|weights|build|quant\w*+|formatul"
    r"|fisier\w*+|at|in|with|la|cu|pe)[\s,:;()/-]{1,5}+){0,2}+")


def _gguf_file(folded: str) -> bool:
    """Whether ``folded`` runs a GGUF file (:attr:`Stated.gguf_file`): a GGUF format stated
    as the weights ("in GGUF F16", "GGUF Q4_K_M", "F16 GGUF", "a GGUF file of Llama 3.1 8B"),
    never negated or weighed against another (:data:`_GGUF_NOT_RUN`), and no other precision
    stated beside it: "fp8 ... faster than a GGUF build?", "in AWQ, or should we use GGUF?",
    "fp16 (not GGUF)" keep their precision and engine (audit regress12 #2: the word anywhere
    switched to llama.cpp, "llama.cpp cannot run fp8")."""
    runs = [g for g in _GGUF_WORD.finditer(folded)
            if not _GGUF_NOT_RUN.search(folded[max(0, g.start() - 30):g.start()])]
    if not runs:
        return False
    for wm in _WEIGHTS_WORD.finditer(folded):
        # beside: "GGUF Q4_K_M", "F16 GGUF", "in GGUF format, 8-bit" (a "format" / "file"
        # word between; audit regress13 #6 timed that on vLLM at int8), never "GGUF or AWQ",
        # "GGUF vs AWQ" (a pair weighed: the other keeps its engine, as "AWQ or GGUF")
        beside = any((g.end() <= wm.start()
                      and _GGUF_GAP.fullmatch(folded[g.end():wm.start()]) is not None)
                     or 0 <= g.start() - wm.end() <= 3 for g in runs)
        if not beside:
            return False  # another precision stated: "Llama 3.1 8B fp8 ... GGUF"
    return True


# a billing granularity asked (folded text): "per minute", "by the minute", "billed hourly",
# "pe minut", "la minut", "pe oră", "orar", "pe secundă"
_GRANULARITY_ASKED = (
    ("second", re.compile(r"\b(?:per|by the|each|every|pe|la) (?:second|secunda)\b")),
    ("minute", re.compile(r"\b(?:per|by the|each|every|pe|la) minut[e]?\b")),
    ("hour", re.compile(r"\b(?:per|by the|each|every|pe|la) (?:hour|ora)\b|\bhourly\b"
                       r"|\borar\b")),
)
# a minimum charge asked (folded): "minimum charge", "minimum fee", "taxa minima", "minim
# facturat", "minimum billed"
_MINIMUM_ASKED = re.compile(r"\bminim(?:um|a|ul|e)?\b")


def _billing_asked(folded: str) -> str | None:
    """The one billing granularity ``folded`` asks about (:data:`_GRANULARITY_ASKED`), or
    None where it names none or more than one."""
    said = [unit for unit, rx in _GRANULARITY_ASKED if rx.search(folded)]
    return said[0] if len(said) == 1 else None


def stated(text: str, registry: Registry) -> Stated:
    """The entities of :class:`Stated` that ``text`` states."""
    folded = _fold(text)
    toks = _tokens(folded)
    names = _find_names(toks, registry, _tables(registry))
    # the GPU the question sizes, with no GPU said on its side (understand._asked_gpu, as
    # extract reads it): what "the GPU named" says below (its family, memory, count, plural)
    lead = without_side_gpus(toks, names, folded)
    amounts = _data_amounts(folded, toks, names, _card_memory(folded))
    storage = next((v for v, k in amounts if k == "storage"), None)
    added = next((v for v, k in amounts if k == "added"), None)
    storage_added = storage is None and added is not None
    if storage_added:
        storage = added
    egress = next((v for v, k in amounts if k == "egress"), None)
    untied = [v for v, k in amounts if k is None]
    if (storage is None and egress is None and len(untied) == 1
            and _STORAGE_NAMED.search(folded) and _EGRESS.search(folded)):
        # "storage and egress for 500 GB a month": one amount, both priced on it (the egress
        # alone was, $0 at RunPod; audit ask_misc_ro)
        storage = egress = untied[0]
    elif ((storage is None) != (egress is None) and len(untied) == 1
            and _STORAGE_NAMED.search(folded) and _EGRESS.search(folded)):
        # "store 500 GB on AWS and egress 200 GB", "stocarea a 500 GB ... egress-ul a 200 GB":
        # one amount tied, the other named with no tie it reads; the untied one is the other's
        # (audit regress3 #5: the storage was dropped, or the egress priced at 500 GB)
        if storage is None:
            storage = untied[0]
        else:
            egress = untied[0]
    elif (storage is None and egress is None and len(untied) == 1 and _EGRESS.search(folded)
          and not _STORAGE_NAMED.search(folded)):
        # "I have 150 GB of data, what does egress cost at GCP?", "am 150 de GB de date, cât
        # costă egress-ul": the one amount is what leaves, its total leads (audit ro2 #10:
        # the rate alone, where "egress for 150 GB" gave 16.64 USD)
        egress = untied[0]
    egress_times = _egress_times(folded) if egress is not None else None
    if egress is not None and egress_times is not None:
        egress *= egress_times  # "download the 16GB weights 10 times": 160 GB go out
    items: int | None = None
    unnamed = _without_models(folded, toks, names)  # "SD 1.5 images" is no count of 1
    mg = _MACHINE_GPUS.search(folded)
    machine_gpus = int(mg.group(1) or mg.group(2)) if mg else None
    if machine_gpus is not None and machine_gpus < 2:
        machine_gpus = None  # "a 1-GPU machine" is one card, not a node
    one_of = machine_gpus is not None and bool(_ONE_OF_MACHINE.search(folded))
    if one_of:
        machine_gpus = None  # "1 of the 8 GPUs in my H100 server": one GPU (regress6 #10)
    # a time limit per image is no count of images ("under 5 seconds per image": not 5
    # images; "an image in under 3 s": not one image to price): blanked, positions kept
    per_item = _PER_ITEM_LIMIT.search(unnamed)
    in_a = _ITEM_IN_A.search(unnamed) if per_item is None else None  # "one image in a second"
    if per_item is None and in_a is None:
        per_item = _ITEM_LATENCY.search(unnamed)  # "5 s latency" (an image model's alone)
    if per_item is None and in_a is None and _USERS_SAID.search(unnamed):
        per_item = _ITEM_TIME_BESIDE_USERS.search(unnamed)  # "50 users and 5 s per image"
    for limit in (per_item, in_a):
        if limit is not None:
            unnamed = (unnamed[:limit.start()] + " " * (limit.end() - limit.start())
                       + unnamed[limit.end():])
    rm0 = _SERVE_RATE.search(unnamed)
    at = rm0.span() if rm0 else (-1, -1)  # "50000 images per day" is a rate, not a job
    # a size is never a count ("a 1024x1024 image" is one image, not 1,024): blanked, so
    # that the positions stay those of ``unnamed``
    sized = _RESOLUTION.sub(lambda x: " " * len(x.group()), unnamed)
    # nor a GPU's model number ("sdxl on a 4090 cost per image" was 4,090 images; audit
    # ask_en #4): its name kept as a word, so "8 H100 images" is no count of 8 either
    sized = _without_models(sized, toks, names, ("gpu",), fill="#")
    im = (_not_money(_IMAGES, sized) or _not_money(_AUDIO_HOURS, sized)
          or _not_money(_TRANSCRIBE_HOURS, sized))
    # "10,000 hours of audio per month", "1 million images a month" with a price asked: a
    # recurring job, its month's GPU-hours priced whatever the wording (buyer audit 26c #1:
    # the 24/7 serving of a V100 82 % idle in one phrasing, the job in another and in
    # Romanian); never a lighter rate ("per day", "per second": a load to carry)
    monthly = bool(rm0 is not None and im is not None and at[0] <= im.start() < at[1]
                   and _PERIOD_WORD.get(rm0.group("per") or rm0.group("adv") or rm0.group("per2")
                                        or rm0.group("adv2") or "") == "month"
                   and (rm0.group("images") or rm0.group("audio") or rm0.group("audio2"))
                   and (_MONEY_Q.search(folded) or re.search(r"\bhow much\b|\bcat\b", folded)
                        # two GPUs or more named for a month's volume ("SDXL on L4 and RTX
                        # 4090 for 5,000 images a month"): each side's month of that job is
                        # the comparison (it sized the cheapest catalog setup for the rate,
                        # neither GPU named)
                        or len({n.id for n in names if n.kind == "gpu"}) >= 2)
                   # (on spot the month's work is already its job: the spot intent's work rate)
                   and not _SPOT.search(folded))
    if im and at[0] <= im.start() < at[1] and not monthly:
        im = None
    # ("how much per month to transcribe 10000 hours", "cât costă pe lună 1 milion de
    # imagini": the month asked of the items, the same month's job)
    monthly = monthly or bool(im is not None and rm0 is None and _month_priced(folded)
                              and not _SPOT.search(folded))
    if im and MEMORY_WORD.search(folded) and (ia := IMAGES_AT_ONCE.search(sized)) and (
            ia.start() <= im.start() < ia.end()):
        im = None  # "VRAM for 4 images at once": a batch (understand.py), no job of 4
    audio_hours = im is not None and im.re is not _IMAGES  # hours of audio, not images
    if im:
        items = int(_num(im.group(1)) * _SCALE.get(im.group(2) or "", 1.0))
    elif iw := _IMAGES_WORDS.search(folded):
        items = _WORD_SCALE[iw.group(1)]
    elif ((oh := _ONE_AUDIO_HOUR.search(sized)) and not at[0] <= oh.start() < at[1]
          and _TIME_Q.search(folded) and not _MONEY_Q.search(folded)):
        # "how long to transcribe one hour of audio", "cât durează transcrierea unei ore de
        # audio": a job of one hour, its time asked (a price per hour of audio stays a unit
        # cost; audit ask_intents3: a rate, or the cost, led)
        items, audio_hours = 1, True
    lei: float | None = None
    lm = _LEI.search(folded)
    if lm:
        lei = _num(lm.group(1))
    elif _IN_LEI.search(folded) or _RON_CODE.search(text):
        lei = 0.0
    pm = _PRECISION_WORD.search(folded)
    # ("transcribe 20 hours per day" is audio, not hours of use)
    hd = _PER_DAY.search(folded[:max(at[0], 0)] + " " * (at[1] - at[0]) + folded[at[1]:]
                         if at[1] > 0 else folded)
    week = bool(_WEEKDAYS.search(folded) or _WEEKENDS.search(folded))
    hours_per_day = _day_hours(hd) if hd else _clock_hours(unnamed, week)
    if hours_per_day is not None and not 0 < hours_per_day <= 24:
        hours_per_day = None
    # hours a week or a month ("2 hours a week", "10 ore pe lună"): those hours on the fewest
    # days that hold them, unless hours a day are stated (audit buyer31b #1)
    period_h = _period_hours(folded[:max(at[0], 0)] + " " * (at[1] - at[0]) + folded[at[1]:]
                             if at[1] > 0 else folded) if hours_per_day is None else None
    if period_h is not None:
        hours_per_day = period_h[0] / period_h[2]
    sessions, job_runs = _sessions(folded), _job_runs(folded)
    if sessions is None and (ds := day_sessions(folded)) is not None:
        # "4 sessions of 15 minutes a day" (1 h/day in 4 sessions), "2 hours a day in 8
        # sessions", "30 minutes a day, 4 sessions": each session is billed on its own, as
        # /v1/recommendations bills sessions_per_day (audit buyer27a #2)
        if hours_per_day is None and ds.session_hours is not None:
            hours_per_day = ds.session_hours * ds.count
        if hours_per_day is not None:
            sessions = ds.count
    # runs on a schedule with their length ("a 2-hour job every night"): their hours a day
    sched = _scheduled_runs(folded, sessions, job_runs) if hours_per_day is None else None
    office = hours_per_day is None and sched is None and bool(_OFFICE.search(folded))
    share = use_share(folded) if hours_per_day is None and sched is None and not office \
        else None
    if sched is not None:
        hours_per_day, sessions = sched[0], sched[1]
    elif office:
        hours_per_day = _OFFICE_HOURS
    elif share is not None:
        hours_per_day = 24.0 * share / 100  # "30% of the time": 7.2 h a day
    dm = _PER_MONTH.search(folded)
    days: float | None = int(dm.group(1)) if dm and 1 <= int(dm.group(1)) <= 31 else None
    if period_h is not None and period_h[1] == "month":
        days = float(period_h[2])  # "10 hours a month": one day of 10 h
    per_week = (float(period_h[2]) if period_h is not None and period_h[1] == "week"
                else _days_per_week(folded) if days is None else None)  # days a month win
    if office and days is None and per_week is None:
        per_week = 5.0  # office hours are on weekdays
    if per_week is not None:
        days = MONTH_DAYS * per_week / 7  # weekdays are 30 x 5/7 of the answers' month
    wr = _work_rate(unnamed, hours_per_day, days) if not monthly else None
    live = _live_streams(folded)
    # ("100 calls at once" are live streams, no recordings of unknown length)
    unsized = _recordings_unsized(unnamed, at)
    eur: float | None = None
    em = _EUR.search(folded)
    if em:
        eur = _num(em.group(1) or em.group(2) or em.group(3))
    elif _IN_EUR.search(folded):
        eur = 0.0
    mm = _MIN_MEMORY.search(folded)
    om = _OUTPUT_TOKENS.search(folded)
    out_tokens = _out_count(next(g for g in om.groups() if g)) if om else \
        input_output_tokens(text)[1]
    # a percentile beside the limit is no part of it ("TTFT p95 sub 300 ms": its digits
    # stopped the reading; said not modelled, Stated.latency_percentile)
    lat = _ONE_SECOND.sub(r"\1 1 \2", _PERCENTILE.sub(" ", folded))
    tm = _TTFT_LIMIT.search(lat) or _TTFT_TARGET.search(lat)
    ttft_ms = None
    if tm:
        value, unit = (tm.group(1), tm.group(2)) if tm.group(1) else (tm.group(3), tm.group(4))
        ttft_ms = _num(value) * (1.0 if unit == "ms" else 1000.0)
    # a bare latency as the limit ("p99 latency under 300 ms"): the time to first token's,
    # said so in the answer; a model named that makes no tokens (an image's, a voice's) has
    # none (it was no target at all; audit targetsor22 #2)
    latency_as_ttft = False
    if ttft_ms is None and not any(
            m.kind == "model" and m.id in registry.models
            and (registry.models[m.id].kind != "llm" or registry.models[m.id].task != "generate")
            for m in names):
        ttft_ms = _latency_ttft_ms(lat)
        latency_as_ttft = ttft_ms is not None
    # a GPU's number is never a speed asked for: "gpt-oss 20b on a 4090 tok/s" asks the speed
    # on an RTX 4090, not a target of 4,090 tokens/s (audit ask_reading)
    # (nor a count of GPUs: "llama 3.1 8b on 8 h100 tok/s" asks the speed on 8 H100s, not a
    # target of 8 tokens/s; audit ask_reading2)
    masked = _without_models(_without_models(folded, toks, names), toks, names, ("gpu",),
                             fill="#")
    sm = _TPS_TARGET.search(masked)
    if sm is not None and _BATCH_BEFORE.search(masked[max(0, sm.start() - 16) : sm.start()]):
        # "batch size 64 tok/s per user": 64 is the batch (requests at once), the speed is
        # asked, not a target of 64 tokens/s (audit ask_en #2)
        sm = None
    throughput = _aggregate_tps(masked, sm)  # (nor "on a 4090 tok/s total" a total)
    if throughput is not None:
        sm = None  # a load in total: never each user's target
    volume = (_volume_load(folded, hours_per_day, days)
              if throughput is None and sm is None else None)
    if volume is not None:
        throughput = volume[0] / (volume[2] * volume[3] * 3600.0)
    # a time per output token asked as a limit ("TPOT under 25 ms"): each user's decode speed
    # of 1000 / ms tokens/s where no tokens/s target is stated (it was dropped: "7 concurrent
    # requests in memory" on an L4 answered a 25 ms = 40 tokens/s per user target)
    tpot = _tpot_ms(_PERCENTILE.sub(" ", masked)) if sm is None and throughput is None else None
    em2 = _EPOCHS.search(folded) or _EPOCHS_NAMED.search(folded)
    rm = _RESOLUTION.search(folded)
    steps = _STEPS.search(folded)
    cl = _CLIPS.search(unnamed)
    if cl and at[0] <= cl.start() < at[1]:
        cl = None  # "10 videos a day" is a rate
    rq = _req_count(folded) if request_rate(folded) is None else None
    dg = _DOT_GROUPED.search(text)
    so = _SONGS.search(unnamed)
    if so and at[0] <= so.start() < at[1]:
        so = None  # "100 songs a day" is a rate
    unknown = _unknown_model(text, registry)
    if egress is None:
        # each item's size stated, with the job's count (images, clips, songs)
        count = (items if im is not None and not audio_hours else None) or (
            _num(cl.group(1)) * _SCALE.get(cl.group(2) or "", 1.0) if cl else None) or (
            _num(so.group(1)) * _SCALE.get(so.group(2) or "", 1.0) if so else None)
        egress = item_egress_gb(folded, count)
    stopped_storage = bool(_STOPPED_VOLUME.search(folded))
    if (stopped_storage and storage is None and egress is None and len(untied) == 1
            and _VOLUME_WORD.search(folded)):
        # "un pod RunPod oprit cu un volum de 500 GB": the volume's size is its storage
        # (buyer audit 31b #6: a guidance passage, no number)
        storage = untied[0]
    said = Stated(nodes=None if one_of else nodes_of(text, registry) or _nodes_said(folded),
                  object_storage=bool(_OBJECT_STORAGE.search(folded)),
                  stopped_storage=stopped_storage,
                  storage_included=bool(_STORAGE_INCLUDED.search(folded)),
                  billing_asked=_billing_asked(folded),
                  minimum_asked=_MINIMUM_ASKED.search(folded) is not None,
                  one_of_machine=one_of, users_unread=_users_unread(text),
                  songs=int(_num(so.group(1)) * _SCALE.get(so.group(2) or "", 1.0)) or None
                  if so else None, audio_hours=audio_hours,
                  recordings=_recordings(unnamed, at),
                  recordings_unsized=unsized if unsized != live else None,
                  audio_minutes=None if im else _audio_minutes(unnamed, at),
                  documents_job=_documents_job(unnamed),
                  items_rate_per_s=_items_rate(unnamed, hours_per_day),
                  translation=_translation(folded),
                  request_time_also=_request_time_also(folded),
                  tokens_input=_input_total(folded, registry),
dot_grouped=dg.group(0) if dg else None,
                  users_range=_users_range(folded),
                  clips=int(_num(cl.group(1)) * _SCALE.get(cl.group(2) or "", 1.0)) or None
                  if cl else None,
                  image_width_px=int(rm.group(1)) if rm else None,
                  image_height_px=int(rm.group(2)) if rm else None,
                  diffusion_steps=int(steps.group(1)) if steps and int(steps.group(1)) else None,
                  images_per_request=_images_per_request(folded),
                  request_rate_per_s=request_rate(folded),
                  work_rate=wr[0] if wr else None if monthly
                  else _recordings_rate(unnamed, hours_per_day, days),
                  monthly_volume=monthly,
                  live_streams=live,
                  min_tokens_per_s=_tps(sm) if sm else 1000.0 / tpot if tpot else None,
                  tpot_ms=tpot,
                  throughput_tokens_per_s=throughput, throughput_volume=volume,
                  memory_each_user=bool(_MEMORY_EACH_USER.search(folded)),
                  tps_each=bool(sm and (_TPS_EACH.match(masked, sm.end())
                                        or _LOAD_WORDS.search(masked))) or bool(tpot),
                  per_thousand_tokens=per_thousand_tokens(text),
                  epochs=int(em2.group(1)) if em2 and int(em2.group(1)) >= 1 else None,
                  examples=training_examples(text), pairs=training_pairs(text),
                  text_bytes=_text_bytes(folded),
                  documents=_documents(unnamed, at),
                  nodes_asked=bool(_NODES_Q.search(folded)),
                  deadline_hours=_deadline(folded) or _job_deadline(
                      folded, registry, em2 is not None),
                  deadline_weekday=_deadline_weekday(folded),
                  deadline_tomorrow=_by_tomorrow(folded),
                  time_asked=bool(_HOW_LONG.search(folded) or _lasting_q(folded)),
                  jobs_at_once=_jobs_at_once(folded),
                  days_asked=bool(_DAYS_Q.search(folded)),
                  memory_asked=bool(_GPU_MEMORY_WORD.search(folded)),
                  memory_first=_memory_first(folded),
                  images_first=_images_first(folded), images_period=_images_period(folded),
                  media_rate_first=_media_rate_first(folded),
                  tps_first=_tps_first(folded),
                  ttft_named=_TTFT_NAMED.search(folded) is not None,
                  image_rate_asked=_image_rate(folded),
                  node=not one_of and (node_machine(
                      toks, [m for m in lead if m.kind == "gpu"],
                      _provider_tokens(registry)) or machine_gpus is not None),
                  machine_gpus=machine_gpus,
                  rate_per_gpu=bool(_RATE_PER_GPU.search(folded)),
                  node_vs_single=_node_vs_single(folded),
                  node_network=node_network(folded)[0],
                  node_network_gbit_s=node_network(folded)[1],
                  network_weighed=network_weighed(folded),
                  node_count=node_count(folded),
                  multi_node_asked=multi_node_asked(folded),
                  sequence_tokens=_sequence_tokens(folded, _named_context(names, registry)),
                  training=training_setup(text),
                  global_batch=bool(_GLOBAL_BATCH.search(folded)),
                  global_batch_tokens=_global_batch_tokens(folded),
                  epochs_asked=bool(_EPOCHS_Q.search(folded)),
                  eur=eur, other_currency=_other_currency(folded), duration_months=_months(folded),
                  max_ttft_ms=ttft_ms or None, latency_as_ttft=latency_as_ttft,
                  bare_gpu=_bare_gpu(toks, lead, registry),
                  gpu_read=_gpu_read(toks, lead, registry),
                  gpu_variants=_gpu_variants(toks, lead, registry),
                  gpu_family=_gpu_family(toks, lead, registry),
                  gpu_counts=_gpu_counts(toks, lead)
                  or _variant_counts(folded, toks, lead, registry)
                  or _shared_counts(folded, lead),
                  counts_weighed=_counts_weighed(toks, lead),
                  gpu_one=_gpu_one(toks, lead),
                  gpu_one_counted=_gpu_one_counted(toks, lead),
                  models=models_compared(toks, names),
                  models_together=bool(_TOGETHER.search(folded)),
                  models_weights=models_weights(toks, names),
                  gpu_ones=_gpu_ones(toks, lead),
                  gpu_plural=_gpu_plural(folded, toks, lead, registry),
                  fit_word=bool(_FIT_WORD.search(folded)),
                  speed_also=bool(_SPEED_ALSO.search(folded)),
                  run_asked=bool(_RUN_ASKED.search(folded)) and _asks_yes_no(folded),
                  real_time_asked=bool(_REAL_TIME.search(folded)) and (
                      _asks_yes_no(folded) or bool(_REAL_TIME_ASKED.search(folded)))
                  and not _TIMES_REAL_TIME_ASKED.search(folded),
                  saving_asked=bool(_SAVING.search(folded)),
                  fit_asked=bool(_FITS.search(folded)) and not (
                      _SPEED.search(folded) or _FASTER.search(folded)
                      or _FASTEST.search(folded) or _MONEY_Q.search(folded)),
                  min_memory_gb=float(next(g for g in mm.groups() if g)) if mm else None,
                  memory_above_gb=float(ma.group(1)) if (ma := _MEMORY_ABOVE.search(folded))
                  else None,
                  # 0 stated is kept: a prefill-only request (speed's answer; sizing takes
                  # output_tokens from 0), which any other answer reads as none stated
                  output_tokens=out_tokens if out_tokens is not None and out_tokens <= 65536
                  else 0 if out_tokens is None and _NO_OUTPUT.search(folded) else None,
                  gguf_file=_gguf_file(folded),
                  gguf_app=gguf_app(toks, folded, registry),
                  engine_stand_in=engine_stand_in(toks, folded, registry),
                  engines_named=engines_named(toks, folded, registry),
                  prompt_tokens=prompt_tokens(text),
                  retrieved=retrieved_prompt(text),
                  vague_length=_vague_length(text, folded) or _counted_k_prompts(text, folded,
                                                                                 rq),
                  kv_cache=kv_precision(text),
                  weights_left=weights_left(text, registry),
                  storage_gb=storage, storage_added=storage_added, egress_gb=egress,
                  egress_times=egress_times, egress_once=_egress_once(folded),
                  items=items, lei=lei,
                  precision=_precision_asked(folded, pm), budget_usd_per_day=daily_budget(text),
                  hours_per_day=hours_per_day, use_share_pct=share, days_per_month=days,
                  days_per_week=per_week, period_hours=period_h, job_runs=job_runs,
                  runs_period_only=job_runs is not None and _runs_period_only(folded),
                  runs_cost_period=(_period_asked(folded) if job_runs is not None
                                    and not _runs_period_only(folded) else None),
                  run_hours=sched[2] if sched else None, office_hours=office,
                  gpu_hours=_gpu_hours(folded),
                  instance_types=_instance_types(folded),
                  on_demand=bool(_ON_DEMAND.search(folded) or _NO_SPOT.search(folded)),
                  one_card=bool(_ONE_CARD.search(folded)),
                  cost_asked=bool(_WHAT_IT_COSTS.search(folded)),
                  price_asked=bool(_PRICE_ASKED.search(_LOAD_PER_MONTH.sub(" ", folded))),
                  month_first=_month_first(folded),
                  month_priced=_month_priced(folded),
                  cheapest_asked=bool(_CHEAPEST_WAY.search(folded)),
                  best_asked=bool(_BEST.search(folded)),
                  money_asked=bool(_MONEY_Q.search(folded)),
                  million_asked=bool(_COST_MILLION.search(folded) and _MONEY_Q.search(folded)),
                  # (the model's name blanked: "a 10 second LTX-Video clip"; audit media2 #5)
                  clip_seconds=_clip_seconds(unnamed) or _clip_seconds(folded),
                  clip_frames=_clip_frames(unnamed), clip_fps=_clip_fps(folded),
                  video_height_px=_video_height(folded),
                  one_item=bool(_ONE_ITEM.search(unnamed)),
                  requests=int(_num(rq.group(1)) * _SCALE.get(rq.group(2) or "", 1.0)) or None
                  if rq else None,
                  provider_evidence=_provider_evidence(text, folded),
                  per_gb=bool(_PER_GB.search(folded)),
                  sessions_per_day=sessions,
                  checkpoint_minutes=_checkpoint_minutes(folded),
                  restarts_asked=bool(_RESTARTS_ASKED.search(folded)),
                  tokens_in_out=bool(_TOKENS_IN_OUT.search(folded)),
                  day_also=_month_priced(folded)
                  and _COST_DAY.search(_USAGE_PER.sub(" ", folded)) is not None,
                  hour_first=_hour_first(folded),
                  exclude_providers=excluded_providers(folded, provider_words(registry))[1],
                  budget_usd_total=_job_or_lasting_budget(text, folded),
                  budget_period=_budget_period(folded),
                  shape=model_shape(text),
                  unknown_model=unknown[:2] if unknown is not None else None,
                  unknown_size_asked=unknown is not None and unknown[2],
                  family_sizes=_family_sizes(text, registry) if unknown is None else None,
                  media_rate=media_rate_asked(text),
                  audio_minute_cost=_audio_minute_cost(folded),
                  audio_unit=_audio_unit(folded),
                  max_seconds_per_image=_per_item_seconds(per_item) if per_item
                  else 1.0 if in_a else None,
                  **_stated_more(folded, registry, text))
    weighed = _split_weighed(folded)
    tps = _tps_weighed(folded) if weighed is None else None
    said = replace(said, split_weighed=weighed, tps_weighed=tps,
                   tensor_parallel=None if weighed is not None or tps is not None
                   else _tensor_parallel(folded))
    return _switch_weighed(said, text, folded, registry)


# a tensor-parallel degree stated ("tensor parallel 8", "tensor parallelism of 4", "TP8",
# "TP=8", "tp size 8", "tensor_parallel_size=8", "8-way tensor parallel", "paralelism tensorial
# 8", "cu TP 8"); a degree of 1 to 64 (Stated.tensor_parallel)
_TENSOR_PARALLEL = re.compile(
    r"\b(?:tensor[ _-]parallel\w*+|paralelism\w* tensorial\w*+|tp)(?:[ _-]size)?"
    r"\s*+(?:=|:|of|de)?\s*+(\d{1,2})\b(?![.,]\d|\s*+(?:x|gpu|gpus|h100|h200|users?))"
    r"|\b(\d{1,2})[- ]way tensor[ -]parallel\w*+")


def _tensor_parallel(folded: str) -> int | None:
    """The tensor-parallel degree :data:`_TENSOR_PARALLEL` reads (Stated.tensor_parallel);
    None where none is stated or it is 0."""
    m = _TENSOR_PARALLEL.search(folded)
    if m is None:
        return None
    n = int(m.group(1) or m.group(2))
    return n if 1 <= n <= 64 else None


_SPLIT_WORD = (r"(?:split\w*+|shard\w*+|tensor[- ]parallel\w*+|tp ?[2-8]|impart\w*+"
               r"|paralelism\w* tensorial\w*)")
_SPLIT_VS = re.compile(
    rf"\bper replic\w*+\b.*\b{_SPLIT_WORD}\b|\b{_SPLIT_WORD}\b.*\breplic\w*+"
    r"|\btp ?1\b.*\btp ?[2-8]\b")
_SPLIT_COUNT = re.compile(
    r"\btp ?([2-8])\b"
    r"|\b(?:over|across|on|into|in|pe|intre)\s++(?:the\s++)?([2-8]|two|four|eight|doua|patru|opt)"
    r"\b|\b([2-8]|two|four|eight|doua|patru|opt)\s++replic\w*+")
_COUNT_WORDS = {"two": 2, "four": 4, "eight": 8, "doua": 2, "patru": 4, "opt": 8}


# two tensor-parallel degrees weighed: "TP4 faster than TP2", "TP2 vs TP4", "tp 2 or tp 4",
# "tensor parallelism over 4 GPUs ... than 2 GPUs", "paralelism tensorial pe 4 GPU-uri ...
# decât pe 2"
_TPS_VS = re.compile(
    r"\btp ?([2-8])\b[^?!;]{0,40}?\b(?:than|vs|versus|or|against|over|fata de|decat|sau)"
    r"\s++(?:with\s++|cu\s++)?tp ?([2-8])\b"
    r"|\b(?:tensor[ _-]parallel\w*+|paralelism\w* tensorial\w*+)\b[^?.!;]{0,20}?"
    r"\b(?:over|across|on|with|pe|cu)\s++([2-8])\s*+(?:x\s*+)?(?:gpus?|gpu-uri|\w++)?"
    r"[^?!;]{0,60}?\b(?:than|vs|versus|or|against|fata de|decat|sau)\s++(?:on\s++|over\s++"
    r"|with\s++|pe\s++|cu\s++)?([2-8])\b")


def _tps_weighed(folded: str) -> tuple[int, int] | None:
    """The two tensor-parallel degrees :data:`_TPS_VS` reads (Stated.tps_weighed), the first
    written first; None where none or the same degree twice is written."""
    m = _TPS_VS.search(folded)
    if m is None:
        return None
    a, b = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return (int(a), int(b)) if a != b else None


def _split_weighed(folded: str) -> int | None:
    """The N of "one GPU per replica or split over N by tensor parallelism" (Stated.
    split_weighed): a replica and a split weighed in one question, N the tensor-parallel
    degree written ("TP2") or the count the split goes over ("over 2 GPUs", "pe 2 GPU-uri");
    None otherwise."""
    if not _SPLIT_VS.search(folded):
        return None
    tp = re.findall(r"\btp ?([2-8])\b", folded)
    if tp:
        return int(tp[0])
    stated = _tensor_parallel(folded)  # "tensor parallel 2 or two replicas" (audit 31a #6)
    if stated is not None and 2 <= stated <= 8:
        return stated
    for m in _SPLIT_COUNT.finditer(folded):
        word = m.group(2) or m.group(3)
        if word:
            return int(word) if word.isdigit() else _COUNT_WORDS[word]
    return None


# by how much asked ("how much faster", "by how much", "cât de mult mai rapid", "cu cât mai
# ieftin"): the ratio leads, no yes or no (Stated.how_much_compared)
_HOW_MUCH_COMPARED = re.compile(
    r"\bhow much (?:more |less )?(?:faster|quicker|slower|cheaper|expensive|pricier)\b"
    r"|\bby how much\b|\bhow big (?:a|is the) (?:speed-?up|gain|difference)\b"
    r"|\b(?:cat de mult|cu cat)\s++(?:\w++\s++){0,2}?mai (?:rapid\w*+|repede|lent\w*+"
    r"|incet\w*+|ieftin\w*+)")
_CHEAPER = re.compile(r"\b(?:cheaper|(?:less|more) expensive|pricier|mai (?:ieftin|scump)\w*+)\b")
_SPEEDUP = re.compile(r"\bspeed-?ups?\b"
                      # the difference in speed asked ("tokens/s difference?", "speed
                      # difference", "difference in tokens/s", "diferența de tokeni/s", "diferența
                      # de viteză"): how much faster, the speeds asked (it was the precision
                      # taken, its bits the number asked)
                      r"|\b(?:tokens?/s|tokeni/s|tok/s|tps|speed|throughput|viteza)\s++difference\b"
                      r"|\bdifference\s++in\s++(?:speed|tokens?/s|tps|throughput)\b"
                      r"|\bdiferent\w*+\s++(?:de|in|la)\s++(?:tokeni/s|viteza|debit\w*+)")
# the memory a switch saves asked (Stated.memory_saved_asked): "how much memory do I save",
# "memory saving(s)", "how much less VRAM", "reduce memory by", "câtă memorie economisesc",
# "economie de memorie", "cu cât scade memoria"
_MEMORY_SAVED = re.compile(r"\b(?:save[sd]?|saving|savings|reduc\w*+|how much less|economi(?:e|a"
                           r"|s\w*+)|scade|scad)\b")


def _switch_weighed(st: Stated, text: str, folded: str, registry: Registry) -> Stated:
    """``st`` with a switch of precision read as a pair weighed where a difference in speed or
    price is asked ("switching from bf16 to fp8 for llama 3.1 8b on H100, how much faster?":
    fp8 against bf16, :attr:`Stated.precisions_switched`), and the by-how-much, cheaper and
    memory-saved cues (audit buyer18b #2, #3)."""
    cheaper = bool(_CHEAPER.search(folded))
    speedup = st.speed_compared is None and bool(_SPEEDUP.search(folded))
    st = replace(st, how_much_compared=speedup or bool(_HOW_MUCH_COMPARED.search(folded)),
                 cheaper_compared=cheaper,
                 memory_saved_asked=bool(_MEMORY_SAVED.search(folded)),
                 # "what's the speedup": how much faster
                 speed_compared="faster" if speedup else st.speed_compared)
    if st.precisions_weighed is not None or st.weights_left is None:
        return st
    taken, left = weights_switched(text, registry)
    if (taken is None or left is None or taken == left
            or not (st.speed_compared or cheaper)):
        return st
    return replace(st, precisions_weighed=(taken, left), precisions_switched=True)


# a price per minute of audio (audit ro2 #7): "per minute of audio", "how much per minute to
# transcribe", "cât costă pe minut transcrierea", "transcrierea pe minut", "un minut de audio
# (transcris)", "a minute of audio", "un minut de transcriere"; never billing ("billed per
# minute", "facturare pe minut": _BILL_WORD) nor a rate ("minutes of audio per minute")
_AUDIO_MINUTE = re.compile(
    r"\b(?:per|pe|a|each)\s++minut(?:e|ul)?\b(?!\s*+(?:of|de)\s++(?:video|image|imagin))"
    r"[^?.!]{0,40}?\b(?:transcri\w*+|audio|speech)\b"
    r"|\b(?:transcri\w*+|audio)\b[^?.!]{0,40}?\b(?:per|pe|a)\s++minut(?:e|ul)?\b"
    r"|\b(?:an?|one|un|1)\s++minut(?:e|ul)?\s++(?:of|de)\s++(?:audio|speech|transcri\w*+"
    r"|inregistr\w*+)"
    # a speech model named ("What does Whisper large-v3 cost per minute on an L4?": a minute
    # of audio, not per-minute billing; audit regress13 #11)
    r"|\bwhisper\b[^?.!]{0,60}?\b(?:per|pe|a)\s++minut(?:e|ul)?\b"
    r"|\b(?:per|pe|a)\s++minut(?:e|ul)?\b[^?.!]{0,60}?\bwhisper\b")
_BILL_WORD = re.compile(r"\bbill\w*+|\bfactur\w*+|\bgranularit\w*+|\brotunj\w*+|\brounded?\b")
# a GPU's price asked per minute ("an H100 per minute", "un H100 pe minut"; _BILL_WORD not said)
_GPU_PER_MINUTE = re.compile(r"\b(?:per|pe|a|each)\s++minut(?:e|ul)?\b")
# minutes of audio counted in a rate: "how many minutes of audio per minute" (a speed)
_MINUTES_COUNTED = re.compile(r"\b(?:how many|cate)\s++minut")


# the audio a dollar buys: "minutes of audio ... per dollar", "câte minute de audio ... pentru
# un dolar", "hours of audio for $1" (buyer audit 26c #8: a speed, no price)
_AUDIO_PER_DOLLAR = re.compile(
    r"\b(?:minutes?|minute|mins?|hours?|ore)\s++(?:of|de)\s++(?:audio|speech|vorbire|muzica"
    r"|music)\b[^?.!]{0,80}?\b(?:per|pe|for|pentru|with|cu)\s++(?:(?:a|an|one|1|un|o)\s++)?"
    r"(?:dollars?|dolari?|usd|\$)(?!\s*+\d)")
# one clip priced: "cost per clip", "how much does one clip cost", "cât costă un clip", "per
# track", "per song", "pe piesă" (buyer audit 26c #6: the cost per hour of audio answered)
_AUDIO_CLIP = re.compile(
    r"\b(?:per|pe|each|a|an|one|un|o|1|fiecare)\s++(?:[\w.-]++\s++){0,5}?(?:audio\s++)?"
    r"(?:clip|track|song|piesa"
    r"|melodie|sample)\b")


def _audio_unit(folded: str) -> str | None:
    """:attr:`Stated.audio_unit`."""
    hit = _AUDIO_PER_DOLLAR.search(folded)
    if hit is not None:
        # "hours of audio per dollar": the hours a dollar buys, in the unit asked (audit 30a
        # #13: "3,522 minutes" answered an hours question)
        return "dollar_hours" if re.match(r"hours?|ore", hit.group(0)) else "dollar"
    if (_AUDIO_CLIP.search(folded) and not _BILL_WORD.search(folded)
            and (_MONEY_Q.search(folded) or re.search(r"\bhow much\b|\bcat costa\b", folded))):
        return "clip"
    return None


_TEXT_VOLUME = re.compile(
    r"\b(?:gb|tb|mb|gib|tib|gigabytes?|terabytes?|megabytes?)\s++(?:of\s++|de\s++)?+"
    r"(?:(?:plain|raw|simplu)\s++)?+(?:text\w*+|documents?|docs|corpus|articles|pages"
    r"|documente\w*+|articole|pagini|date text)\b")
"""A data volume that is text to embed ("10 GB of documents", "1 TB of text", "10 GB de
text"): its tokens are read from its bytes (:func:`~service.domain.tokens.text_tokens`)."""
_CPU_NAMED = re.compile(r"\b(?:on|a|the|pe|un|with|cu|or|sau|vs|versus)\s++(?:an?\s++)?cpus?\b"
                        r"|\bcpus?\s++(?:only|instance\w*+|inference|server\w*+|or|sau|vs)\b"
                        r"|\bprocesor\w*+\b")
"""A CPU named as the hardware to run on ("on a CPU", "CPU or a T4", "pe CPU", "procesor")."""


_TEXT_VOLUME_AMOUNT = re.compile(r"\d[\d.,]*+\s*+" + _TEXT_VOLUME.pattern.removeprefix(r"\b"))
"""A volume of text with its amount ("10 gb of documents", folded): the words
:func:`classify` reads as the tokens the question's details hold (``job_tokens``)."""


def text_volume(folded: str) -> bool:
    """Whether the data volume ``folded`` states is text (:data:`_TEXT_VOLUME`)."""
    return _TEXT_VOLUME.search(folded) is not None


def cpu_named(folded: str) -> bool:
    """Whether ``folded`` names a CPU as the hardware to run on (:data:`_CPU_NAMED`); "CPU
    offload" and "host RAM" name a GPU's helpers, not the hardware."""
    return (_CPU_NAMED.search(folded) is not None
            and re.search(r"\bcpu[- ]offload|\boffload\w*+", folded) is None)


def _audio_minute_cost(folded: str) -> bool:
    """Whether ``folded`` asks a price per minute of audio (:attr:`Stated.audio_minute_cost`)."""
    return bool(_AUDIO_MINUTE.search(folded) and not _BILL_WORD.search(folded)
                and not _MINUTES_COUNTED.search(folded)
                and (_MONEY_Q.search(folded) or _HOW_MUCH_PER.search(folded)
                     or re.search(r"\bhow much\b|\bcat\b", folded)))


# a request length in words: "short chat prompts", "long documents", "very long inputs",
# "prompturi scurte (de chat)", "documente lungi" (folded); never a number's ("short 500-token
# prompts" states one: prompt_tokens reads it)
_VAGUE_LENGTH = re.compile(
    r"\b(?:very\s++)?(?:short|long|longer|shorter|lengthy)\s++(?:(?:chat|user|rag|input"
    r"|text)\s++)?(?:prompts?|inputs?|documents?|docs|contexts?|conversations?|questions?"
    r"|messages?)\b"
    r"|\b(?:prompt(?:uri)?|document(?:e)?|intrari|contexte?|conversatii|intrebari|mesaje)"
    r"\s++(?:foarte\s++)?(?:scurt[ea]?|lung[ia]?)\b(?:\s++de\s++chat\b)?")


def _counted_k_prompts(text: str, folded: str, rq: re.Match[str] | None) -> str | None:
    """A "<n>k prompts" read as a count of prompts ("run 8k prompts", "how long for 4k prompts
    with 2 users") whose number is also a prompt length (a power of two up to 128k), with no
    length stated: the words as written, said not read as a length where a request is sized
    at the default (:attr:`Stated.vague_length`, write._vague_length_note), never silently
    (audit buyer31a #4)."""
    if (rq is None or rq.group(2) != "k" or "prompt" not in rq.group(0)
            or _num(rq.group(1)) not in (1, 2, 4, 8, 16, 32, 64, 128)
            or prompt_tokens(text) is not None):
        return None
    words = rq.group(0)
    return (text[rq.start():rq.end()] if len(text) == len(folded) else words).strip()


def _vague_length(text: str, folded: str) -> str | None:
    """:attr:`Stated.vague_length`: the words as written, or None."""
    hit = _VAGUE_LENGTH.search(folded)
    if hit is None:
        return None
    return (text[hit.start():hit.end()] if len(text) == len(folded) else hit.group(0)).strip()


def _family_sizes(text: str, registry: Registry) -> tuple[str, tuple[str, ...]] | None:
    found = family_sizes(text, registry)
    return (found[0], tuple(found[1])) if found is not None else None


def _unknown_model(text: str,
                   registry: Registry) -> tuple[str, tuple[str, ...], bool] | None:
    found = unknown_model_read(text, registry)
    return (found[0], tuple(found[1]), found[2]) if found is not None else None


# ---------------------------------------------------------------------------------------------
# Intent

_KV = re.compile(r"\bkv[- ]?cache\b|\bcache(?:-ul|-ului)?\s++kv\b"
                 r"|\bkv\b.{0,20}?\b(?:per|pe|each|fiecare) token\b"
                 # the KV cache said as memory: "KV memory", "memorie KV", "memory does the KV
                 # take", "cât ocupă KV-ul" (audit reg6: a GPU count, or the total memory);
                 # "memory ... with fp8 kv" names the cache's precision, the total is asked
                 r"|\bkv\s++(?:memory|vram|memori\w*+)\b|\bmemori\w*+\s++kv\b"
                 r"|\bkv(?:-ul)?\s++(?:takes?|uses?|needs?|occup(?:y|ies)|consumes?|requires?"
                 r"|ocupa|foloseste|consuma)\b")
_SPOT = re.compile(r"\bspot\b|\bpreemptible\b|\binterruptible\b|\bintrerupt\w*+")
_PREEMPTIBLE_RO = re.compile(r"\bpreemptibil\w*+")
_MAX_RUNTIME = re.compile(
    r"\bmax(?:imum)?\.? ?(?:run ?time|run-time|duration|lifetime|uptime)\b|\btime limit\b"
    r"|\bhow long can\b[^?]{0,40}?\b(?:run|last|stay)\b|\b24[- ]hour limit\b"
    r"|\bdurat\w*+ maxim\w*+|\bcat timp poate\b[^?]{0,30}?\brul\w*+|\blimita de (?:timp|durata)\b")
"""The most hours a spot or preemptible instance runs asked ("do GCP preemptible VMs have a
maximum runtime?", "durata maximă de rulare"): the provider's sourced limits (buyer audit 31b
#9: a spot price, or a passage alone)."""
_BILLING = re.compile(
    r"\bbill(?:ed|ing|s)\b|\bbill (?:by|per|in)\b|\bby the (?:second|minute|hour)\b"
    r"|\bfactur\w*+|\bper[- ]second\b|\bper[- ]minute\b|\b(?:pe|la) secunda\b"
    r"|\bpe minut\b|\bgranularit\w*+|\bminimum charge\b|\brounded?\b|\brotunj\w*+"
    # "does AWS have a minimum charge", "minimum fee", "how does Hyperstack bill?", "are
    # DigitalOcean o taxă minimă", "un minim facturat" ("costul minim" is a price asked)
    r"|\bminimum (?:charges|fee|fees|billing|billable)\b|\bminimum\b[^?]{0,20}?\bcharged?\b"
    # ("what's the monthly bill?" is a month's cost asked, not billing)
    r"|(?<!monthly )(?<!the )(?<!total )(?<!our )(?<!my )\bbill\s*+[?.!]"
    r"|\btax\w*+ minim\w*+|\bminim\w*+ facturat\w*+"
    # "care furnizori taxează pe oră?", "which providers charge per minute?": the providers'
    # rounding asked (audit roretr: an egress passage), never "cât taxează RunPod pe oră"
    r"|\b(?:furnizori\w*+|providers?)\b[^?]{0,20}?\b(?:tax\w*+|charg\w*+)\s++"
    r"(?:pe|la|per|by the) (?:secunda|minut|ora|second|minute|hour)\b")
# a unit of work per second or minute is a rate, not per-second or per-minute billing
# ("embeddings per second", "imagini pe minut"; "60M tokens per minute", "tokeni pe minut":
# a token load, audit regress8 #3)
_WORK_RATE = re.compile(
    # (the Romanian singulars too: "1 cerere pe secundă", "o imagine pe minut", audit s2money)
    r"\b(?:tokens?|tokeni|toks?|embeddings?|embedding-uri|images?|imagini|imagine|requests?|cereri"
    r"|cerere|queries|inputs?"
    r"|documents?|documente|docs|frames?|cadre|samples?|sequences?|secvente|videos?|clipuri"
    # audio made or transcribed: "seconds of audio per second", "speech per second",
    # "secunde de audio pe secundă" (buyer audit: the billing-granularity list)
    r"|audio|speech|music|muzica|vorbire)"
    r"\s++(?:/|(?:per|pe|a)\b)\s*+(?:second|sec|s|secunda|minute|min|minut)\b")
_SWITCHED_FROM = (
    r"(?:(?:an?|one|un|o|the|our|my|\d{1,4}\s*+x?)\s*+)?(?:nvidia\s++)?(?:geforce\s++)?"
    r"(?:rtx\s*+(?:pro\s++)?\d{4}|(?:rtx\s++)?(?:a|b|h|l|t|v|p|gb|mi)\d{1,4}[a-z]{0,2}"
    r"|bf16|fp16|fp32|fp8|fp4|int8|int4|[48][- ]?bits?)\b")
"""A GPU or a precision right after "from" ("switching from an H100 to an H200", "moving from
4 H100s to 2 H200s", "from bf16 to fp8", "de la H100 la H200"): a set-up left for another,
never data moved out of a cloud (:data:`_STORAGE`; audit buyer17b #2: "moving from bf16 to
fp8" was an egress passage), and with two GPUs named, the two weighed (:data:`_COMPARE`)."""
_STORAGE = re.compile(r"\begress\b|\bstorage\b|\bstor(?:e|ing)\b|\bstocare\w*+|\bstoc\w*+"
                      # an object store named ("140 GB on AWS S3", "a GCS bucket"): storage
                      # (audit 31b #5's object rate; a question without "store" was a passage)
                      r"|\bs3\b|\bgcs\b|\bbuckets?\b"
                      r"|\btrafic\w*+|\bdownload\w*+|\btransfer\w*+|\bdate (?:iesite|transferate)\b"
                      # moving data out: "să scot 2 TB din GCP", "pull 5 TB out of AWS"
                      r"|\b(?:scot|scoate|scoatem|extrag|descarc)\w*+\b[^?]{0,30}?\b(?:din|de pe)\b"
                      # "să mut 200 GB de greutăți din GCP în alt cloud", "move 200 GB from AWS"
                      r"|\b(?:mut|muta|mutam|mutati|mutat\w*+|migr\w*+|move|moving)\b[^?]{0,30}?"
                      rf"\b(?:din|de pe|from)\b(?!\s++{_SWITCHED_FROM})"
                      # (never one GPU "out of an 8-GPU server": regress6 #10)
                      r"|\bout of\b(?!\s++(?:(?:an?|the|my|our|its|their)\s++)?\d++[\s-]*+"
                      r"(?:gpus?\b|x\b|[a-z]\d))|\b(?:outbound|iesire)\b"
                      # keeping data: "să țin 1,5 TB de checkpoint-uri", "keep 2 TB of weights"
                      r"|\b(?:tin|tinem|pastrez|pastram|keep|keeping|hold|holding)\b[^?]{0,20}?"
                      r"\b\d++(?:[.,]\d++)?\s*+(?:gb|tb|gib|tib)\b")
# data moved out once, not a monthly flow: "move 200 GB of weights out of GCP", "transfer 5 TB
# to another cloud", "a one-off export", "să mut 200 GB din GCP", "o singură dată"; with a
# period stated (_PERIODIC: "a month", "lunar", "per day") the amount is that period's
_MOVED_ONCE = re.compile(r"\b(?:move|moving|moved|transfer\w*+|migrat\w*+|copy|copying"
                         r"|once|one[- ]off|one[- ]time|mut\w*+|migr\w*+|copi\w*+"
                         r"|o (?:singura )?data|unic\w*+)\b")
_PERIODIC = re.compile(r"\bmonth\w*+|\bluna\b|\bluni\b|\blunar\w*+|/\s*+mo\b|\bper (?:day|week)"
                       r"|\b(?:a|each|every) (?:day|week)\b|\bdaily\b|\bweekly\b|\bzilnic\w*+"
                       r"|\bpe (?:zi|saptamana)\b|\bsaptamanal\w*+")
# "once" said outright ("move 200 GB out of AWS once", "o singură dată"): a one-off amount
# even where a month is the serving's period ("serve 8B for a month and move 200 GB ... once":
# it was a monthly egress, audit small4), unless the amount itself is per month
_ONCE_SAID = re.compile(r"\b(?:once|one[- ]off|one[- ]time|o (?:singura )?data|unic\w*+)\b")
_AMOUNT_PERIODIC = re.compile(r"\b\d++(?:[.,]\d++)?\s*+(?:gb|tb|gib|tib|pb)\b[^.?;]{0,40}?"
                              r"(?:\b(?:a|per|each|every|pe|in) (?:month|luna|day|zi|week)\b"
                              r"|/\s*+mo\b|\bmonthly\b|\blunar\w*+|\bdaily\b|\bzilnic\w*+)")


_EGRESS_TIMES = re.compile(
    r"\b(?:download|egress|transfer|send|sent|pull|serve|descarc|trimit|transfer)\w*+\b"
    r"[^.?;!]{0,60}?(?:\b(?P<n>\d++)\s*+times\b|\b(?P<word>twice|thrice)\b"
    r"|\bde (?P<ro>\d++|doua|trei) (?:de )?ori\b)"
    r"(?!\s*+(?:a|per|each|every|pe|in)\s++(?:day|zi|week|saptamana|month|luna|hour|ora)\b)"
    r"|\b(?P<count>\d++)\s++(?:downloads|descarcari)\b")
"""A count of times the egress amount goes out, after the word that sends it ("download the
16GB weights 10 times", "send it out twice", "descărcăm greutățile de 10 ori"), or counted as
downloads ("10 downloads of the 16 GB weights"); never a rate ("10 times a day": sessions a
day, :attr:`Stated.sessions_per_day`)."""
_TIMES_WORDS = {"twice": 2, "thrice": 3, "doua": 2, "trei": 3}
_RESTARTS_ASKED = re.compile(
    r"\b(?:expected|how many|number of|count of|estimated|likely|probable)\s++"
    r"(?:spot\s++)?(?:restarts?|interruptions?|preemptions?|reclaims?)\b"
    r"|\b(?:restarts?|interruptions?|preemptions?)\s++(?:to expect|expected)\b"
    r"|\bcate\s++(?:reporniri|intreruperi)\b"
    r"|\bnumarul\s++(?:asteptat\s++)?de\s++(?:reporniri|intreruperi)\b"
    r"|\b(?:reporniri|intreruperi)(?:le)?\s++(?:asteptate|estimate|probabile)\b")
"""The number of spot restarts asked (:attr:`Stated.restarts_asked`)."""


def _egress_times(folded: str) -> int | None:
    """How many times the egress amount is sent out (:data:`_EGRESS_TIMES`,
    :attr:`Stated.egress_times`); None where no count of times is stated, or one."""
    m = _EGRESS_TIMES.search(folded)
    if m is None:
        return None
    raw = next(x for x in m.group("n", "word", "ro", "count") if x is not None)
    n = _TIMES_WORDS.get(raw) or int(raw)
    return n if 1 < n <= 100_000 else None


def _egress_once(folded: str) -> bool:
    """Whether the text's egress is a one-off amount (:attr:`Stated.egress_once`): moved or
    said once, with no period stated, or said once with no period tied to the amount."""
    if _AMOUNT_PERIODIC.search(folded):
        return False
    if _ONCE_SAID.search(folded):
        return True
    return bool(_MOVED_ONCE.search(folded)) and not _PERIODIC.search(folded)


_DISK_AMOUNT = re.compile(r"\b\d++(?:[.,]\d++)?\s*+(?:gb|tb|gib|tib)\s++(?:of\s++|de\s++)?"
                          r"(?:disk|disc|volum|ssd|nvme|block storage)\w*+"
                          # the amount after its volume: "un volum de 500 GB" (audit 31b #6)
                          r"|\b(?:volume?|volumul|disk|discul|disc)\s++(?:de\s++|of\s++)?"
                          r"\d++(?:[.,]\d++)?\s*+(?:gb|tb|gib|tib)\b")
"""An amount of disk ("100 GB of disk", "1 TB volume", "200 GB de disc", "un volum de 500
GB"): storage, where no model or GPU is named (a model's weights on disk are its memory
answer's)."""
_OBJECT_STORAGE = re.compile(
    r"\bs3\b|\bgcs\b|\bcloud storage\b|\bblob storage\b|\bobject storage\b|\bbuckets?\b"
    r"|\bdatasets?\b|\barchiv\w*+|\bstocare(?:a)? (?:de |pentru )?obiecte\b"
    r"|\bseturi(?:le)? de date\b|\bset(?:ul)? de date\b|\barhiv\w*+")
"""Object storage named ("S3", "a GCS bucket", "datasets", "arhive"): the storage answer's
rate is the provider's object-storage one (:attr:`Stated.object_storage`)."""
_STOPPED_VOLUME = re.compile(
    r"\bstopped\b|\bwhile (?:it is |it's |the pod is )?(?:stopped|off)\b|\boprit\w*+")
"""A machine stopped with its volume kept (:attr:`Stated.stopped_storage`)."""
_VOLUME_WORD = re.compile(r"\bvolume?\b|\bvolum\w*+|\bdisk\b|\bdisc\w*+")
_STORAGE_NAMED = re.compile(r"\bstorage\b|\bstor(?:e|ing)\b|\bstocar\w*+|\bstoch\w*+")
"""Storage itself named (not egress, traffic or a download, as :data:`_STORAGE` also
matches)."""
_EGRESS = re.compile(r"\begress\b|\btrafic\w*+|\btransfer\w*+|\bdownload\w*+|\bout of\b"
                     r"|\boutbound\b|\biesire\b|\b(?:scot|scoate|scoatem|extrag|descarc)\w*+"
                     r"|\b(?:mut|muta|mutam|mutati|mutat\w*+|migr\w*+|move|moving)\b"
                     rf"[^?]{{0,30}}?\b(?:din|de pe|from)\b(?!\s++{_SWITCHED_FROM})")
_STORAGE_AMOUNT = re.compile(r"\b(?:keep|keeping|hold|holding|tin|tinem|pastrez|pastram)?+\s*+"
                             r"\b\d++(?:[.,]\d++)?+\s*+(?:gb|tb|gib|tib)\b")
"""A volume in GB or TB, with the "keep" it is kept by (masked with the storage words to read
the job a storage volume is stated beside: audit jobstorage)."""
_STORED_JOB = {("cost", "job"), ("cost", "time"), ("media", "time"),
               ("media", "count"), ("media", "gpu_hours")}
"""The job intents a job's storage volume keeps (:func:`classify`)."""
# a model's own files kept on disk ("how much storage for llama 405b weights", "disk space
# needed for deepseek r1", "cât spațiu pe disc ocupă greutățile"): their size, with no volume
# stated in GB and no GPU memory asked (the answer was a passage, or the VRAM total)
_DISK = re.compile(r"\bdisk\b|\bdisc\b|\bstorage\b|\bstor(?:e|ing)\b|\bstocare\w*+|\bstoch\w*+")
_WEIGHT_FILES = re.compile(r"\bweights?\b|\bgreutat\w*+|\bcheckpoints?\b|\bmodel files\b"
                           r"|\bdisk\b|\bdisc\b")
_SIZE_STATED = re.compile(r"\b\d++(?:[.,]\d++)?\s*+(?:gb|tb|gib|tib)\b")
# the size of a training run's checkpoints asked ("how much disk do I need for checkpoints",
# "how big is a LoRA checkpoint", "cât spațiu pentru checkpoint-uri"): their bytes, by the
# storage rule (numbers.terms._checkpoints), not the run's GPU memory (audit train2 #5)
_CKPT_STORED = re.compile(r"\bstorage\b|\bstor(?:e|ed|ing)\b|\bstoc\w*+|\bpastr\w*+")
"""Checkpoints kept: stored ("store", "storing", "stocare", "stocăm", "păstrăm")."""
_TOKENS_COUNTED = re.compile(r"\d[\d.,]*+\s*+[a-z]{0,9}\s*+(?:de\s++)?(?:training\s++)?"
                             r"(?:tokens?|tokeni)\b")
"""A run's tokens counted ("on 1T tokens", "pe 15T de tokeni"): a run sized, not its
checkpoints' storage alone."""
_CKPT_WORD = re.compile(r"\bcheckpoint(?:s|-uri|uri|ul|ului|urile|-urile|-ul)?\b")
_CKPT_SIZE = re.compile(r"\bdisk\b|\bdisc\b|\bspace\b|\bspatiu\w*+|\bhow (?:big|large)\b"
                        # (plural too: "cât de mari sunt checkpointurile", audit buyer24a #9:
                        # the run's GPU memory, where English gave the checkpoints' GB)
                        r"|\bsize\b|\bcat de mar[ei]\b|\bmarime\w*+|\bdimensiun\w*+|\bocupa\w*+"
                        r"|\bhow (?:much|many) (?:gb|tb|bytes)\b|\bcati (?:gb|tb|octeti)\b")
# a model trained or tuned before ("our fine-tuned whisper", "was fine-tuned on medical
# speech", "the pre-trained checkpoint", "after fine-tuning, it will transcribe", "modelul
# fine-tunat"): the model's past, no training asked (audit regress11 #5, #6)
TRAINED_BEFORE = re.compile(
    r"\b(?:fine[- ]?tuned|finetuned|fine[- ]?tunat\w*+|finetunat\w*+|ajustat\w*+ fin\w*+"
    r"|(?:s|f)?ft(?:'|\u2019)d|sft-ed|pre-?trained|pre-?antrenat\w*+|trained|antrenat\w*+"
    r")(?![\w-])"
    r"|\b(?:after|once|dupa|in urma)\s++(?:the\s++|our\s++)?(?:fine[- ]?tuning\w*+"
    r"|finetuning\w*+|training|antrenare\w*+)\b")
# a training run's checkpoint: training or fine-tuning asked (not a participle: TRAINED_BEFORE),
# LoRA, a resumable checkpoint, its optimizer state; else "the Llama 3.1 70B checkpoint" is the
# model's released weights (audit regress11 #5: a passage answered "how big is the llama 3.1
# 70b checkpoint?" and "what size GPU do I need to run the llama 3.1 8b checkpoint?")
_CKPT_OF_RUN = re.compile(r"\bresum\w*+|\bde reluare\b|\boptimi[sz]er\w*+|\boptimizator\w*+"
                          r"|\badam\w*+")
# the weights' size asked of a released checkpoint: their GB on disk, where no GPU, serving or
# GPU memory is asked ("what size GPU ... to run the checkpoint" is a recommendation)
_CKPT_WEIGHTS_SIZE = re.compile(r"\bhow (?:big|large)\b|\bhow (?:much|many) (?:gb|tb|bytes)\b"
                                r"|\bspace\b|\bspatiu\w*+|\bcat de mar[ei]\b|\bcati (?:gb|tb)\b"
                                r"|\bocupa\w*+|\b(?:checkpoint\w*+|file\w*+) size\b"
                                r"|\bsize of\b|\bmarime\w*+|\bdimensiune\w*+")
_CKPT_GPU_ASKED = re.compile(r"\bgpus?\b|\bcards?\b|\bplac\w*+|\binstance\w*+|\binstant\w*+"
                             r"|\brun\w*+|\brul\w*+|\bserv\w*+|\bhost\w*+|\bdeploy\w*+"
                             r"|\bfits?\b|\bincap\w*+|\busers?\b|\butilizatori\w*+|\bvram\b"
                             r"|\bmemor\w*+|\btok\w*+/s\b|\bspeed\b|\bviteza\b")


def _disk_sub(f: str) -> str:
    """The memory answer's sub-intent for the weights on disk: their storage's price where a
    price or a month is asked, else their GB."""
    return "disk_cost" if _MONEY_Q.search(f) or _COST_MONTH.search(f) else "disk"


def _tuned_before(folded: str) -> bool:
    """Whether ``folded`` says training or fine-tuning only as a model's past
    (:data:`TRAINED_BEFORE`), with no training run asked (:func:`ckpt_of_run`)."""
    return bool(TRAINED_BEFORE.search(folded)) and not ckpt_of_run(folded)


def ckpt_of_run(folded: str) -> bool:
    """Whether a checkpoint named in ``folded`` is a training run's: training, fine-tuning or
    LoRA asked (a model "fine-tuned" or "pre-trained" before is none), a resumable
    checkpoint or an optimizer's state."""
    rest = TRAINED_BEFORE.sub(" ", folded)
    return bool(_TRAIN.search(rest) or _FINETUNE.search(rest) or _CKPT_OF_RUN.search(rest))
_GPU_MEMORY_WORD = re.compile(r"\bvram\b|\bmemor\w*+|\bgpu ram\b")
# a request's output tokens ("500 de tokeni de iesire"): not data leaving a cloud
_TOKENS_OUT = re.compile(r"\b(?:tokens?|tokeni)\s++(?:(?:de|la|in)\s++)?iesire\b"
                         r"|\bfara\s++(?:\w++\s++){0,2}?iesire\b"  # "fără ieșire": no output
                         r"|\b\d++k?\s*+(?:(?:de|la)\s++)?(?:output|iesire)\b"
                         # the output set against the input tokens, its noun left out: "1 milion
                         # de tokeni de intrare și cât de ieșire" (audit buyer24b #11: a month
                         # with egress, where English answered the price per 1M of each)
                         r"|\b(?:tokens?|tokeni)\s++(?:de\s++)?(?:intrare|input)\b[^.?!;]{0,30}?"
                         r"\b(?:de|la|in)\s++iesire\b")
# a model kept running, not only stored: served, hosted, run, or for hours a day ("12h/day",
# "12 ore pe zi", "24/7")
_IN_USE = re.compile(r"\b(?:serv(?:e|es|ed|ing|esc|im|it|irea?)|host\w*+|deploy\w*+|inferen\w*+"
                     r"|running|rul\w*+|24/7|non-?stop)\b"
                     r"|\b\d++(?:[.,]\d++)?\s*+(?:h|hrs?|hours?|ore|ora)\s*+(?:/|a|per|pe)\s*+(?:day|zi)\b")
# an egress question about moving data off a GPU provider, with no GPU time asked
_EGRESS_ONLY = re.compile(r"^(?!.*\b(?:24/7|non-?stop|month\w*+|luna|lunar\w*+|per month|pe luna"
                          r"|hours?|ore|ora|gpu)\b)")
# PCIe asked whether it suffices ("is PCIe enough", "will PCIe alone be sufficient", "este
# PCIe suficient", "ajunge PCIe"): the link question asked from PCIe's side, its yes the
# opposite of "is NVLink needed"'s (Stated.pcie_enough; buyer audit 28b #7)
_PCIE_ENOUGH = re.compile(
    r"\bpcie\s++(?:alone\s++|only\s++|doar\s++|singur\s++)?"
    r"(?:(?:is|be|e|este|would be|will be)\s++)?"
    r"(?:(?:good\s++)?enough|sufficient|suficient\w*+|ok(?:ay)?|fine)\b"
    r"|\b(?:ajunge|merge|enough|sufficient|suficient\w*+)\s++(?:doar\s++|only\s++)?pcie\b")
_INTERCONNECT = re.compile(r"\bnvlink\b|\binterconnect\w*+|\binfiniband\b|\bnvswitch\b"
                           r"|\binterconect\w*+|\bbandwidth between\b"
                           r"|\binfinity fabric\b|\bxgmi\b|\bgpu[- ]to[- ]gpu\b"
                           # PCIe as the link asked about, not in a card's name ("H100 PCIe")
                           r"|\b(?:over|via|prin|peste|only|doar) pcie\b"
                           r"|\bpcie (?:vs|versus|or|sau|bandwidth|link|only|gen\d?)\b"
                           # "is PCIe enough for ...", "este PCIe suficient" (Stated.pcie_enough)
                           r"|(?:" + _PCIE_ENOUGH.pattern + r")")
# two variants of a card weighed for inference ("H100 PCIe or SXM for inference?"): the
# memory bandwidth and the speed decide, not the link (buyer audit 28b #12)
_INFER_USE = re.compile(r"\binferen\w*+|\bserving\b|\bservire\w*+|\bto serve\b"
                        r"|\bpentru a servi\b")
# a price asked of machines said with their link ("the cheapest 8x H100 node with NVLink",
# "cel mai ieftin nod cu 8 H100 cu NVLink"; Stated.link_priced)
_LINK_PRICED = re.compile(r"\bcheap\w*+|\bieftin\w*+|\bcost\w*+|\bprice\w*+|\bpricing\b"
                          r"|\bpret(?!rain)\w*+|\bcat costa\b|\bper hour\b|\bpe ora\b"
                          r"|\bhow much (?:is|are|does|do|would|for)\b(?![^?.]{0,20}\bbandwidth\b)")
_ETHERNET = re.compile(r"\bethernet\b|\b\d++(?:[.,]\d++)?\s*+g(?:b|bit)?e\b|\btcp\b")
_ETHERNET_SPEED = re.compile(
    r"\b(\d++(?:[.,]\d++)?)\s*+(?:g|gb|gbit|gbits|gbps|gb/s|gbit/s)(?:e\b|\s++(?:\w++\s++)?"
    r"(?:ethernet|tcp)\b)"
    r"|\b(?:ethernet|tcp)\s++(?:\w++\s++){0,2}?(?:(?:at|of|de|la)\s++)?(\d++(?:[.,]\d++)?)\s*+"
    r"(?:g|gb|gbit|gbps|gb/s|gbit/s)\b")
_FABRIC_ABSENT = re.compile(r"\b(?:without|no|not|instead of|fara|in loc de)\s++"
                            r"(?:an?\s++|any\s++)?(?:infiniband|efa|roce|rdma)\b")
_FABRIC_SAID = (("roce", re.compile(r"\broce\b")), ("efa", re.compile(r"\befa\b")),
                ("infiniband", re.compile(r"\binfiniband\b|\bib\b")))


# the Ethernet weighed against the fast fabric (:func:`network_weighed`): how much slower or
# faster ("how much slower", "cu cât e mai lentă", "what is the slowdown", "cât pierd"), or
# whether it is enough ("is 100 Gbit Ethernet enough", "este suficient", "ajunge")
_NETWORK_SLOWER = re.compile(
    r"\b(?:how much|by how much|how many times|cu cat|de cate ori|cat de)\b[^?.;]{0,60}?"
    r"\b(?:slower|faster|longer|quicker|mai (?:lent\w*+|incet\w*+|rapid\w*+|repede|mult))\b"
    r"|\b(?:slowdown|slow-down|penalty|speed difference|performance hit|incetinire\w*+"
    r"|diferenta de viteza|penalizare\w*+)\b")
_NETWORK_ENOUGH = re.compile(
    r"\b(?:enough|sufficient|good enough|suficient\w*+|ajunge|destul|de ajuns)\b")
_NETWORK_FAST_NAMED = re.compile(r"\b(?:infiniband|ib|efa|roce|rdma)\b")


def network_weighed(folded: str) -> str | None:
    """"slower" where a question weighs the Ethernet it states between training nodes against
    the fast fabric ("how much slower is training ... over 25 Gbit Ethernet than
    InfiniBand?", "cu cât e mai lentă antrenarea ... cu Ethernet de 25 Gbit față de
    InfiniBand?"), "enough" where it asks whether that Ethernet is enough ("is 100 Gbit
    Ethernet enough to train ...?", "este suficient Ethernet de 100 Gbit ...?"); None
    otherwise (a time or a cost asked over Ethernet keeps its own answer)."""
    if not _ETHERNET.search(folded) or _FABRIC_SAID[0][1].search(folded):
        return None  # (RoCE is RDMA over Ethernet: the fast fabric itself)
    if _NETWORK_SLOWER.search(folded):
        return "slower"
    if _NETWORK_ENOUGH.search(folded):
        return "enough"
    if _NETWORK_FAST_NAMED.search(folded) and re.search(
            r"\b(?:vs|versus|compared (?:to|with)|fata de|comparat\w*+ cu)\b", folded):
        return "slower"  # "25GbE vs InfiniBand for training Llama 3 8B on 16 H100"
    return None


_NODE_COUNT = re.compile(rf"(?<![\w.]){_NUM_WORD}\s++{_NODE_NOUN}\b")


def node_count(folded: str) -> int | None:
    """The nodes a question spreads a run over without their GPUs ("over 2 nodes", "on 4
    machines", "pe 4 noduri", "două mașini"), above one; None where none is said."""
    m = _NODE_COUNT.search(folded)
    if m is None:
        return None
    n = int(m.group(1)) if m.group(1).isdigit() else _WORD_COUNT[m.group(1)]
    return n if n > 1 else None


# several nodes asked about (:func:`multi_node_asked`): "do I need multiple nodes", "more than
# one machine", "multi-node", "am nevoie de mai multe noduri", "mai mult de un nod"; one node
# asked about: "is one node enough", "does it fit in a single node", "ajunge un singur nod",
# "încape pe o singură mașină"
_NODE_WORD = r"(?:nodes?|machines?|servers?|hosts?|noduri|nod|masini|masina|servere)"
_SEVERAL_NODES_Q = re.compile(
    # "do I need multiple nodes", "will it require more than one machine", "am nevoie de mai
    # multe noduri", "îmi trebuie mai mult de un nod"
    r"\b(?:need|needs|require|requires|have to use|nevoie de|trebuie|trebui)\s++"
    r"(?:\w++\s++){0,2}?(?:multiple|several|more than (?:one|a single|1)|2|two|mai multe"
    rf"|mai mult de (?:un|o)|multi-?node)\s++{_NODE_WORD}\b"
    # "is multi-node needed", "are several machines required", "e nevoie de mai multe noduri"
    r"|\b(?:multi-?node|(?:multiple|several|more than one)\s++"
    r"(?:nodes|machines|servers|hosts))\b[^?.;]{0,30}?\b(?:needed|required|necessary"
    r"|necesar\w*+)\b")
_ONE_NODE_Q = re.compile(
    # "is one node enough", "will a single machine suffice", "ajunge un singur nod", "e
    # suficientă o singură mașină"
    rf"\b(?:one|a single|single|1|un singur|o singura)\s++{_NODE_WORD}\b[^?.;]{{0,30}}?"
    r"\b(?:enough|suffice\w*+|sufficient|ajunge|suficient\w*+|destul)\b"
    rf"|\b(?:ajunge|suficient\w*+|enough)\s++(?:\w++\s++)?(?:un singur|o singura|one|a single)"
    rf"\s++{_NODE_WORD}\b"
    # "can DeepSeek-V3 fit in a single node of 8 H100", "does it run on one machine", "poate
    # să încapă într-un singur nod", "încape pe o singură mașină"
    rf"|\b(?:fit|fits|run|runs|be served|hold)\s++(?:in|on|into|within)\s++(?:one|a single|1)"
    rf"\s++{_NODE_WORD}\b"
    rf"|\b(?:incap\w*+|rul\w*+)\s++(?:[^?;\s]++\s++){{0,6}}?(?:intr-un|intr-o|pe un|pe o)"
    rf"\s++(?:singur|singura)\s++{_NODE_WORD}\b"
    # "does Llama 3.1 70B fit in a single node": the model named between the verb and the node
    # (audit leftask #3: the Romanian "încape Llama 3.1 70B într-un singur nod" was missed)
    rf"|\b(?:fit|fits|run|runs|be served)\s++(?:[^?;\s]++\s++){{0,4}}?(?:in|on|into|within)"
    rf"\s++(?:one|a single|1)\s++(?:\w++\s++)?{_NODE_WORD}\b"
    # "can a single node of 8 A100 hold Llama 3.1 70B?", "poate un singur nod de 8 H100 să
    # cuprindă ..."
    rf"|\b(?:can|could|will|would|does|do|poate|pot)\s++(?:a single|one|single|un singur"
    rf"|o singura)\s++{_NODE_WORD}\b[^?.;]{{0,40}}?\b(?:hold|fit|run|serve|cuprind\w*+"
    r"|incap\w*+|rul\w*+)")


def multi_node_asked(folded: str) -> str | None:
    """"several" where a question asks whether a model needs several machines ("do I need
    multiple nodes to serve Qwen3-Coder-480B in fp8 on H100?", "am nevoie de mai multe noduri
    ...?"), "one" where it asks whether one is enough ("is a single node of H100 enough for
    DeepSeek-V3?", "ajunge un singur nod?"); None otherwise (a count of nodes stated, or
    several nodes named with another question, "multi-node serving: what network?")."""
    if _SEVERAL_NODES_Q.search(folded):
        return "several"
    if _ONE_NODE_Q.search(folded):
        return "one"
    return None


# a rate asked per GPU: "tokens per second per GPU", "tokens/s/GPU", "tokeni pe secundă pe
# GPU", "throughput per GPU"
_RATE_PER_GPU = re.compile(
    r"\b(?:tokens?|tokeni|tok|throughput|debit\w*+)\b[^?.;]{0,40}?"
    r"(?:\b(?:per|pe|each|every|for each|pentru fiecare)\s++(?:gpu|card|placa)\b|/\s*+gpu\b)")


_SINGLE_GPUS = re.compile(
    r"\b(?:single|separate|individual|standalone|1x|1 x|singur\w*+|separat\w*+"
    r"|individual\w*+)\b")
_WEIGHED = re.compile(r"\b(?:cheaper|dearer|vs|versus|than|compared|ieftin\w*+|scump\w*+"
                      r"|decat|fata de|comparat\w*+)\b")


def _node_vs_single(folded: str) -> bool:
    """Whether a node is weighed against single GPUs (:attr:`Stated.node_vs_single`): a
    word for single or separate GPUs and a comparison, beside a node word (the numbers
    check ``Stated.node`` too). "8x H100 node vs 8 separate 1x H100 instances", "cu cât e
    mai ieftin pe GPU un nod de 8x A100 față de un singur A100" (audit buyer29a #7: each was
    the node's price alone)."""
    return bool(_SINGLE_GPUS.search(folded) and _WEIGHED.search(folded)
                and re.search(r"\b(?:node|nod|nodul|server|machine|masina)\b", folded))


def node_network(folded: str) -> tuple[str | None, float | None]:
    """The network between nodes a question states, and its speed in Gb/s per node where an
    Ethernet's is said ("over plain 100 Gb ethernet instead of InfiniBand": ("ethernet",
    100.0); "with InfiniBand": ("infiniband", None); "without InfiniBand": ("ethernet",
    None)); (None, None) where none is said."""
    ethernet = _ETHERNET.search(folded) is not None
    if not ethernet and not _FABRIC_ABSENT.search(folded):
        for name, said in _FABRIC_SAID:
            if said.search(folded):
                return name, None
        return None, None
    if _FABRIC_SAID[0][1].search(folded):  # RoCE: RDMA over (Converged) Ethernet
        return "roce", None
    m = _ETHERNET_SPEED.search(folded)
    speed = (m.group(1) or m.group(2)).replace(",", ".") if m else None
    return "ethernet", float(speed) if speed else None


_MAX_CTX = re.compile(
    r"\b(?:largest|longest|max(?:imum)?|biggest|cel mai mare|cel mai lung|maxim\w*+"
    r"|how (?:long|much|many tokens of|big)|cat de (?:lung|mare)|cat|cate)\b[^.?!]{0,30}?"
    r"\b(?:context\w*+|ctx|sequence|secventa|prompts?|input)\b"
    r"|\b(?:context\w*+|ctx)\s++(?:maxim\w*+|max)\b|\bmax_model_len\b"
    r"|\bcontext limit\b|\blimita de context\b|\bcontext length (?:for|of|pt|pentru)\b"
    r"|\blungimea contextului (?:pt|pentru|la)\b"
    # "how large can the context be", "how large a prompt" (not "how large a batch ... at 8k
    # context": a batch asked)
    r"|\bhow large\s++(?:(?:a|an|can|could|is|of a|the|my|will)\s++){0,3}"
    r"(?:context\w*+|ctx|prompts?|input)\b"
    # "până la câți tokeni de context", "câți tokeni de context încap"
    r"|\b(?:pana la |up to )?(?:cati|cate|how many) (?:tokeni|tokens?)(?: de| of)? context\b")
_CONCURRENCY_Q = re.compile(
    # (a count in thousands or hundreds, "how many thousands of users", "câte mii de
    # utilizatori", and sequences or prompts held at once, are counts too: a fit's yes/no
    # answered them)
    r"\bhow many (?:(?:thousands?|hundreds?) of )?(?:users|requests|concurrent|parallel"
    r"|simultaneous|sessions|clients|sequences)\b"
    # each request's length between: "how many 32k-context requests", "how many 128k-token
    # requests" (audit regress4 #2: a fit's yes with no count)
    r"|\bhow many \d++k?[\s-]*+(?:tokens?|context|ctx)?[\s-]*+(?:requests|sessions|sequences"
    r"|conversations|chats|prompts)\b"
    r"|\bcati (?:utilizatori|useri|clienti|oameni|userii)\b"
    r"|\bcate (?:(?:mii|sute) de )?(?:cereri|sesiuni|conexiuni|conversatii|chaturi|persoane"
    r"|requesturi|utilizatori|useri|clienti|secvente)\b"
    r"|\bhow many (?:people|ppl|folks)\b"
    r"|\bhow many (?:\w++\s++)?(?:chats|conversations)\b|\bmax(?:imum)? concurren\w*+"
    r"|\bconcurenta maxima\b|\bmax(?:imum)? batch\b|\bbatch maxim\b|\bconcurrency\b"
    # (a batch size stated, "at batch size 32", "dimensiunea batch-ului 32", is a load, not
    # the batch asked: "memory per GPU ... at batch size 32" answered how many requests fit)
    r"|\bconcurenta\b|\b(?:batch size|dimensiune(?:a)? (?:de )?batch\w*+(?:-\w++)?+)\b"
    r"(?!\s*+(?:(?:of|de|=|:|is|este)\s*+)?[-\u2212]?\d)|\bce batch\b"
    # sequences or prompts of a length at once: "câte secvențe de 16.000 de tokeni încap
    # simultan", "câte prompturi ... în paralel", "how many 8k-token requests fit at once" (a
    # fit's yes, or N users of N tokens; audit ask_reading)
    r"|\b(?:cate (?:secvente|prompturi)|how many (?:[\w.-]++\s++){0,2}?(?:sequences|prompts"
    r"|requests|reqs))\b(?=[^?.!;]{0,80}?\b(?:simultan\w*+|in paralel|deodata|incap\w*+"
    r"|concurent\w*+|at once|at the same time|in parallel|simultaneous\w*+|concurrent\w*+"
    r"|fit)\b)")
# the users each model of a comparison serves asked: "which serves more users", "handles more
# concurrent requests", "how many users can each serve", "care servește mai mulți
# utilizatori", "câți utilizatori" (:func:`classify`; never a load stated, "for 16 users")
_MORE_USERS = re.compile(
    r"(?:\b(?:more|how many)\s++(?:concurrent\s++|simultaneous\s++|parallel\s++)?(?:users"
    r"|requests|clients|people|sessions|streams)"
    r"|\b(?:mai\s++multi|cati)\s++(?:utilizatori|useri|clienti|oameni)"
    r"|\b(?:mai\s++multe|cate)\s++(?:cereri|sesiuni|conexiuni|persoane))\b"
    # (never a rate: "how many requests per second", "câte cereri pe minut")
    r"(?!\s*+(?:/|(?:per|pe|a|an|each|every)\s)\s*+(?:s|sec|second|secunda|min|minute|minut"
    r"|hour|hr|h|ora|day|zi)\b)")
# the most users asked: "max users", "the maximum number of concurrent users", "numărul maxim
# de utilizatori" (before the context: "max users ... at 8k context" asks the users)
_MAX_USERS = re.compile(
    r"\bmax(?:imum)?\s++(?:number\s++of\s++)?(?:concurrent\s++|simultaneous\s++|parallel\s++)?"
    r"(?:users|requests|sessions|clients|people|conversations|chats)\b"
    r"|\bnumar(?:ul)?\s++maxim\s++de\s++(?:utilizatori|useri|cereri|sesiuni|clienti|persoane)\b")
# the memory of each GPU asked: "memory per GPU", "vram per card", "memorie pe GPU", "pe
# fiecare placă"
_PER_GPU = re.compile(r"\b(?:per|each|every|pe)\s++(?:gpu|card|placa|accelerator)\b|\bper-gpu\b"
                      r"|\bfiecar\w*+\s++(?:gpu|placi|placa)\b")
# a figure per TPU chip: "tokens/s per chip", "pe cip"
_PER_CHIP = re.compile(r"\b(?:per|each|every|pe)\s++(?:chip|cip)\b|\bper-chip\b")
# the memory left on a GPU after loading a model asked ("how much memory is left on an H100
# after loading ...", "VRAM remaining", "câtă memorie rămâne", "memoria rămasă"): what the
# KV cache gets, answered first (task ask_counts: it was the totals)
_MEMORY_LEFT = re.compile(r"\b(?:left|leftover|remain\w*+|ramane|raman|ramas\w*+)\b"
                          r"|\b(?:free|libera)\b[^?]{0,30}?\b(?:after|dupa)\b")


def _memory_sub(f: str) -> str | None:
    """A memory question's sub: each GPU's ("per_gpu"), what is left after the weights
    ("left"), else None."""
    return "per_gpu" if _PER_GPU.search(f) else "left" if _MEMORY_LEFT.search(f) else None
# "do I need 2 GPUs", "am nevoie de 2 GPU-uri", "îmi trebuie 2": a count stated to check
_NEED_N = re.compile(r"\b(?:do|does|will|would) (?:i|we|you|one|it) (?:really |actually |still )?"
                     r"(?:need|require)\b|\b(?:am|avem) (?:oare )?nevoie de\b"
                     r"|\b(?:imi|ne|iti|va) trebuie\b")
# how much notice a spot interruption gives: "how much notice", "cât timp de avertizare"
_NOTICE = re.compile(r"\bnotice\b|\bwarning\b|\bavertiz\w*+|\bpreaviz\w*+|\bsigterm\b"
                     r"|\bhow long before\b|\bhow much time before\b"
                     # "how long do I have before AWS reclaims it", "cu cât timp înainte
                     # anunță AWS întreruperea", "cât timp am înainte să fie oprită"
                     r"|\bhow (?:long|much time)\b[^?]{0,30}?\bbefore\b|\bcat timp\b[^?]{0,30}?"
                     r"\binainte\b|\banunt\w*+|\binainte (?:de|sa|ca)\b[^?]{0,30}?"
                     r"\b(?:intrerup|opri|preluat|retras|retrage)\w*+"
                     # "what happens to a spot job when it is interrupted": the notice and
                     # what to do with it
                     r"|\bwhat happens\b|\bce se (?:intampla|petrece)\b"
                     r"|\bwhen (?:it|the \w++) (?:is|gets) (?:interrupted|preempted|reclaimed)\b"
                     r"|\bcand (?:e|este) (?:intrerupt|oprit|preluat)\w*+")
_SPEED = re.compile(
    # ("tokns per sec", a typo: a speed asked, audit ask_en2 #9 answered a fit)
    r"\b(?:tokens?|tokns?|tokeni|tokenuri|token-uri|toks?)(?: de iesire| generati)?\s*+/\s*+"
    r"(?:s|sec|second|secunda)\b"
    r"|\b(?:tokens?|tokns?|tokeni|tokenuri|token-uri|toks?) (?:(?:de iesire|generati) )?"
    r"(?:per|pe|a) (?:second|sec|secunda)\b"  # ("tokeni de ieșire pe secundă": aggrate24)
    r"|\btps\b|\bhow fast\b"
    r"|\bthroughput\b|\bttft\b|\btime to first token\b|\blatency\b|\blatenta\b|\bspeed\b"
    r"|\bviteza\b|\bcat de rapid\w*+|\bcat de repede\b|\bt/s\b|\btpot\b|\bdebit\w*+"
    r"|\bprimul token\b|\bfirst token\b")
# an embedding model's speed asked in its own unit: "how many embeddings per second", "câte
# embedding-uri pe secundă", "embeddings/s" (a count before it is a rate to carry: _SERVE_RATE)
# documents (texts, chunks, inputs) counted per second asked: "how many 512-token documents
# per second", "how many documents/s", "câte documente pe secundă" (with _EMBED_WORD: an
# embedding's rate, classify)
_EMBED_DOCS_RATE = re.compile(
    r"\b(?:how many|cate)\s++(?:[\w-]++\s++){0,3}?(?:documents?|docs|documente|texts?|texte"
    r"|chunks?|passages?|pasaje|inputs?|intrari|sentences?|propozitii)\s*+(?:/\s*+s(?:ec)?\b"
    r"|(?:per|pe|a|each|every)\s++(?:second|sec|secunda)\b|(?:[\w-]++\s++){0,6}?(?:per|pe|a)"
    r"\s++(?:second|sec|secunda)\b)")
_EMBED_WORD = re.compile(r"\bembed\w*+|\bvectoriz\w*+|\bindex\w*+|\bindexa\w*+")
_EMBED_SPEED = re.compile(r"\b(?:how many|cate)\s++(?:embeddings?|embedding-uri)\b"
                          r"|\b(?:embeddings?|embedding-uri)\s*+(?:/|per|pe|a)\s*+"
                          r"(?:s|sec|second|secunda)\b")
# an embedding job stated: the verb and a count of tokens or documents ("embed 5 billion
# tokens", "embedding-uri pentru 10 milioane de documente")
_EMBED_JOB = re.compile(r"\b(?:embed|embedding|embeddings|embedding-uri)\b[^?.!]{0,80}?"
                        r"\d[\d.,]*+\s*+(?:k|thousand|mii|m|millions?|milioane|milion|mil|b|bn"
                        r"|billions?|miliarde|miliard|mld)?\s*+(?:de\s++)?(?:tokens?|tokeni"
                        r"|documents?|documente|docs?|texts?|texte|passages?|pasaje|chunks?)\b")
# the time per output token asked: "TPOT?", "time per output token", "ms per token"
_TPOT = re.compile(r"\btpot\b|\btime per (?:output )?token\b"
                   r"|\bms\s*+(?:per|pe|/)\s*+(?:output\s++)?(?:tokens?|tokeni|tok)\b"
                   r"|\btimp(?:ul)? pe token\b|\binter[- ]token latency\b|\bitl\b"
                   # a latency per token is the time per output token, not the wait for the
                   # first one (_TTFT's bare "latency"): "per-token latency", "latency per
                   # token", "latența pe token"
                   r"|\bper[- ]token latency\b|\blatency (?:per|/) (?:output )?token\b"
                   r"|\blatent\w*+ (?:per|pe) token\b"
                   # ("latența între tokeni": the inter-token latency, not the first token's)
                   r"|\blatent\w*+ (?:intre|dintre) tokeni\b")
_COST_ASKED = re.compile(r"\bhow much\b|\bcost\w*+|\bcat costa\b|\bprice\w*+|\bpret(?!rain)\w*+")
_TTFT = re.compile(r"\bttft\b|\btime to first token\b|\bfirst token\b|\bprimul token\b"
                   r"|\blatency\b|\blatenta\b")
# the time to the first token named, not a bare latency (Stated.ttft_named)
_TTFT_NAMED = re.compile(r"\bttft\b|\btime to (?:the )?first token\b|\bfirst token\b"
                         r"|\bprimul token\b")
# the prompt's processing speed asked (prefill): "prompt processing tokens/s", "prefill speed",
# llama-bench's "pp512", "input tokens per second", "how fast does it read the prompt",
# "procesarea promptului", "viteza de prefill": the prefill tokens/s of one request leads, the
# decode speed after it (speed's "prefill"; it was the decode speed, buyer audit). "Prefill
# only" is a request of no output, timed (_PREFILL_ONLY)
_PREFILL_ASKED = re.compile(
    # (not "chunked prefill", "prefill-decode disaggregation": how engines schedule it)
    r"\bprompt[- ]processing\b|(?<!chunked )\bprefill(?:ing)?\b(?![- ](?:only|decode|/))"
    r"|\bpp\d{3,6}+\b"
    r"|\b(?:input|prompt)\s++(?:tokens?|toks?)\s*+(?:/|per\b|a\b)\s*+(?:s|sec|second)\b"
    r"|\b(?:reads?|reading|process|processes|processing|ingests?|ingesting)\s++"
    r"(?:(?:the|a|an|its|my|our|their|one)\s++)?"
    # (its length between: "process a 100k token prompt", "a 100k-token prompt", "a 4000-token
    # prompt"; buyer audit 28a #3: a fit's yes and no time)
    r"(?:\d[\d,.]*+\s*+[km]?(?:[\s-]*+(?:tokens?|toks?))?[\s-]++)?(?:prompts?|input)\b"
    # ("procesarea unui prompt", "procesează un prompt": a prompt's processing; audit rottft22)
    r"|\bprocesar\w*+\s++(?:(?:a|unui)\s++)?prompt\w*+|\bproceseaza\s++(?:un\s++)?prompt\w*+"
    r"|\btokeni\s++de\s++(?:intrare|prompt)\s*+(?:pe|/)\s*+(?:secunda|s)\b")
# how long a prompt's processing takes ("how long does it take to process a 100k token prompt",
# "cât durează procesarea unui prompt"): its time, the time to the first token for that
# prompt, leads (speed's "ttft"), never its rate alone (buyer audit 28a #3: a fit's yes in
# English, the prefill tokens/s first in Romanian)
_PROMPT_HOW_LONG = re.compile(r"\bhow long\b|\bhow much time\b"
                              r"|\bhow many (?:seconds|ms|milliseconds)\b"
                              r"|\bcat (?:timp|dureaza)\b|\bcate (?:secunde|milisecunde)\b")
_THROUGHPUT = re.compile(r"\bthroughput\b|\bdebit\w*+|\btotal\b|\baggregate\b|\bin total\b"
                         # "at full load", "la încărcare maximă": the total asked (ro2 #3)
                         r"|\b(?:full|max(?:imum)?|peak) load\b|\bincarcare maxima\b")
# a count asked ("how many", "câte", "câți"), read before a fit's verb (:func:`_media_fit_asked`)
_COUNT_BEFORE_FIT = re.compile(r"\b(?:how many|cate|cati)\b")


def _media_fit_asked(f: str) -> bool:
    """Whether a media model's fit is asked (:data:`_FITS`): its verb with no count asked
    before it. "How many concurrent whisper streams can one L4 handle" asks the streams, as
    "câte fluxuri whisper în paralel duce un L4" does (audit buyer24a #9: a "Yes" and no
    count in English, about 50 streams in Romanian)."""
    fit = _FITS.search(f)
    return fit is not None and _COUNT_BEFORE_FIT.search(f, 0, fit.start()) is None


_COUNT_Q = re.compile(
    # a TPU is counted in chips ("how many TPU v5e chips", "how many chips of TPU v6e", "câte
    # cipuri TPU v5e", "câte TPU-uri"): a single chip's fit was answered, never the count
    # asked (buyer audit 25b #6)
    # (not "how many users per TPU v5e", "how many requests per chip": users, not a count)
    r"\bhow many\s++(?!(?:users?|requests?|people|clients|customers|concurrent)\b)"
    r"(?:\w++\s++){0,2}?(?:gpus?|cards?|h100s?|h200s?|a100s?|b200s?|l40s|4090s?"
    r"|mi300x|nodes?|of them|accelerators?|chips?|tpus?)\b|\bcate\s++(?:\w++\s++){0,2}?"
    r"(?:gpu\w*+|placi|h100|h200|a100|b200|l40s|4090|noduri|plac\w*+|cip\w*+|tpu\w*+)\b"
    r"|\bcate\b[^?]{0,20}?\b(?:imi|ne) trebuie\b"
    # the masculine "câți GPU", "câți H100" (not "câți utilizatori pe un H100": users)
    r"|\bcati\s++(?!(?:utilizatori|useri|clienti|oameni)\b)(?:\w++\s++){0,2}?"
    r"(?:gpu\w*+|h100|h200|a100|b200|l40s|4090|acceleratori|tpu\w*+)\b"
    # "how many L4s do we need", "câte L4 ne trebuie" (a card the list above does not name)
    # ("how many GiB do I need": memory, _MEMORY_Q; audit ask_ro #2 gave 4 × RTX 5090)
    r"|\bhow many\b(?!\s++(?:gb|gib|gigabytes?)\b)[^?]{0,40}?\b(?:do (?:i|we) need|needed"
    r"|required)\b|\bnumber of gpus\b"
    r"|\bnumarul de (?:gpu|placi|cip|tpu)\w*+"
    # "how many A10G for 12 users ... at 30 tok/s", "câte T4": a card named by its model
    # number right after the count word (the speed words made it a speed question)
    r"|\b(?:how many|cate|cati)\s++(?:nvidia\s++|amd\s++)?(?:rtx\s*+)?"
    r"(?:a|b|h|l|t|v|p|gb|mi)\d{1,4}[a-z]{0,2}\b"
    # "how many RTX 5000 Ada for 2,000 tokens per second", "câte RTX PRO 6000": an RTX card
    # by its number alone (no letter before it), which the speed words made a speed question
    r"|\b(?:how many|cate|cati)\s++(?:nvidia\s++)?(?:geforce\s++)?rtx\s*+(?:pro\s++)?"
    r"\d{4}\b"
    # Slack-style: "number of h100 for deepseek v3", "gpus needed for mixtral 8x22b", "gpu
    # count for ..." (a single GPU's No led, the count after it or never; audit ask_en #9)
    r"|\bnumber of\s++(?:\w++\s++)?(?:gpus?|cards?|h100s?|h200s?|a100s?|b200s?|l40s|4090s?"
    r"|mi300x|nodes?|accelerators?|chips?|tpus?)\b"
    r"|\b(?:gpus?|cards?|h100s?|h200s?|a100s?|b200s?|nodes?|accelerators?|chips?|tpus?)\s++"
    r"(?:needed|required|necesar\w*+)\b|\b(?:gpu|card|chip|tpu) count\b")
_COMPARE = re.compile(r"\bvs\.?\b|\bversus\b|\bdecat\b|\bthan\b|\bcompar\w*+|\bor\b|\bsau\b"
                      # "H100 față de A100 80GB": one weighed against the other, as "vs" is
                      # (it was the H100's cost alone, the A100 never priced)
                      r"|\bfata de\b"
                      r"|\bbetter\b|\bmai bun\w*+"
                      r"|\bdifference\b|\bdiferent\w*+|\bwhich (?:gpu|card|one)\b"
                      # "is H200 worth it over H100", "H200 instead of H100", "în loc de H100",
                      # "în locul H100": one GPU weighed against another (two GPUs named); it
                      # was a GPU count, the H200's alone (audit ro2 #8)
                      r"|\bworth\b[^.?!]{0,30}?\bover\b|\binstead of\b|\bin loc de\b"
                      # "switching from an H100 to an H200", "de la H100 la H200": the one
                      # left weighed against the one taken, as "instead of" is (it was the
                      # H100's alone, the card left; audit buyer17b #2)
                      rf"|\bin locul\b|\b(?:from|de la)\s++{_SWITCHED_FROM}"
                      # "we use an RTX 4090 now, should we switch to an L40S?", "să trecem la
                      # L40S", "ne mutăm pe L40S": the one taken weighed against the one in use
                      # (audit buyer19 #8: the card in use alone, in English)
                      r"|\b(?:switch\w*+|mov(?:e|ing)|migrat\w*+|upgrad\w*+)\s++(?:over\s++)?to"
                      rf"\s++{_SWITCHED_FROM}"
                      r"|\b(?:trec\w*+|mut\w*+|migr\w*+|schimb\w*+)\s++(?:pe|la)"
                      rf"\s++{_SWITCHED_FROM}")
# renting, in both languages: a price asked ("what GPU should I rent", "ce GPU să închiriez"),
# and what tells a card to buy apart from a rental (_RENT)
_RENT_WORDS = r"\brent\w*+|\bhire\b|\binchiri\w*+"
_COST = re.compile(
    # "preț" is a price, "pretrain" is not
    r"\bcost\w*+|\bcosta\b|\bprice\w*+|\bpret(?!rain)\w*+"
    r"|\bhow much (?:is|are|does|would|will|for)\b"
    r"|\bhow much (?:to|money)\b"
    r"|\bhow much (?:per|a|an|each|every) (?:day|week|month|hour|year)\b"
    r"|\bcheap\w*+|\bieftin\w*+|\bbudget\b|\bbuget\w*+|\$|\busd\b|\bdolari\b|\bdollars?\b"
    r"|\bper (?:hour|month|1m|million)\b|\bpe (?:ora|luna)\b|\bspend\b|\bbill\b|\bafford\b"
    r"|\bcheltu\w*+|\bsub \d|\bora de\b|\b(?:an|per|one) hour of\b"
    # "the going rate for an H200 an hour", "l40s per hr", "h100 /h"
    r"|\bgoing rate\b|\brates? (?:for|per|of)\b|\btarif\w*+"
    r"|(?:\b(?:an|a|per|pe)\s++|/\s*+)(?:hour|hr|h|month|mo|ora|luna)\b"
    # "what GPU should I rent", "ce GPU să închiriez": the answer is the cheapest offer
    r"|" + _RENT_WORDS + r"|\b(?:what|which) (?:gpu|card|instance) (?:should|to)\b"
    r"|\bce (?:gpu|placa)\b"
    # a setup then a bare period asked: "... 12 hours a day, monthly?", "..., and weekly?",
    # "..., lunar?", "... o lună, cu 500 GB stocare. Total?" (audit regress2 #5: a "Yes, it
    # fits" with no cost)
    r"|(?:[,;:.]|\b(?:and|so|si)\b)\s*+(?:monthly|weekly|daily|yearly|annually|lunar|zilnic"
    r"|saptamanal|anual|total|in total)\s*+(?:[?.!]|$)")
_COST_MILLION = re.compile(
    # ("$/1M", "$ / 1M", "€/1M": the slash after a currency sign, no word before it; audit
    # buyer24b #3: read as a 1,048,576-token context)
    r"(?:\b(?:per|pe|/)|[$€£]\s*+/)\s*+(?:1\s*+m|1m|million|milion|un milion|1 milion)\b"
    r"|\bper mtok\b"
    # (never a context's length: "cu un context de 1M de tokeni", "a context of 1M tokens",
    # "1M tokens of context" were a price per 1M tokens in Romanian; audit buyer28a #9)
    r"|(?<!context )(?<!context de )(?<!context of )(?<!contextul de )(?<!ctx )"
    r"(?<!context: )(?<!window of )(?<!fereastra de )"
    r"\b(?:1\s*+m|un milion|1 milion|1 million|one million|a million)\s*+(?:de\s++)?"
    # ("a million generated tokens": the unit, as "un milion de tokeni generați"; audit rates2)
    r"(?:(?:output|input|prompt|generated)\s++)?(?:tokens|tokeni)\b"
    r"(?!\s*+(?:(?:of|de)\s++)?(?:context\w*+|ctx)\b)"
    r"(?!\s*+(?:(?:a|an|per|pe|/|each|every"
    r"|on a|in a|intr-o)\s*+(?:day|zi|hour|hr|h|ora|week|saptamana|month|luna|s|sec|second"
    r"|secunda|min|minute|minut)\b|daily|zilnic"  # ("1 million tokens per second": a load)
    r"|hourly|weekly|saptamanal|monthly|lunar))"  # "1M tokens a day" is a rate (a job's runs)
    r"|\b(?:la|pe|per) milionul\b"
    # the shorthands of a price list: "$/M tokens", "$/1M tok", "usd/M tokens", "cost per mil
    # tokens" (each answered an hour's price; audit ask_reading)
    r"|(?:\b(?:per|pe)\s++|/\s*+)(?:1\s*+)?(?:m|mil|mln|million|milion)\s*+(?:de\s++)?"
    r"(?:(?:output|input|prompt)\s++)?(?:tokens?|toks?|tokeni)\b")
# a price per token ("which is cheaper per token", "cost per token", "mai ieftin pe token"):
# tokens are priced per 1M, so the cost per 1M tokens answers (it was the price per hour, which
# put an L4 first for Llama 3 8B where the H100 costs less per token); "ms per token" is a
# speed (_TPOT)
_COST_TOKEN = re.compile(r"\b(?:per|pe|/|a)[\s-]*+(?:output\s++|generated\s++)?"  # "per-token"
                         r"(?:tokens?|tokeni|tokenuri|token-uri|tok)\b")


# a price per thousand tokens: "cost per 1k tokens", "price of 1k tokens", "cât costă 1.000 de
# tokeni" (folded "1000"), "per 1k output tokens": tokens are priced per 1M, which answers with
# its per-1,000 share (audit ask_reading2: the hourly price, and "1k" read as a context)
_COST_THOUSAND = re.compile(
    r"(?:\b(?:per|pe|of|for|costa|cost|costs)\s++|/\s*+)(?:1\s*+k|1000)\s*+(?:de\s++)?"
    r"(?:(?:output|input|prompt|generated)\s++)?(?:tokens?|toks?|tokeni)\b"
    r"(?!\s*+(?:(?:a|an|per|pe|/|each|every|on a|in a|intr-o)\s*+(?:day|zi|hour|hr|h|ora|week"
    r"|saptamana|month|luna)\b|daily|zilnic|hourly|weekly|saptamanal|monthly|lunar))")


def per_thousand_tokens(text: str) -> bool:
    """Whether ``text`` asks the price of a thousand tokens (:data:`_COST_THOUSAND`) with a
    word for money: the answer's cost per 1M tokens, with its per-1,000 share."""
    f = _fold(text)
    return bool(_COST_THOUSAND.search(f) and _MONEY_Q.search(f))


# a million tokens said as a job's amount ("a batch of 1M tokens", "un lot de 1M de tokeni"),
# no price per 1M ("per 1M tokens", "$/1M tokens" keep theirs): read so where a schedule is
# said (:func:`_schedule_said`; hourlyrun21: "every day I run a batch of 1M tokens ... per
# month?" led with the price per 1M tokens, no month)
_MILLION_AMOUNT = re.compile(r"(?<!\bper )(?<!\bpe )(?<!/)(?<!/ )\b(?:1\s*+m|un milion|1 milion"
                             r"|1 million|one million|a million)\s*+(?:de\s++)?(?:tokens|tokeni)\b")


def _schedule_said(folded: str) -> bool:
    """Whether ``folded`` says how often a job runs in words (a :data:`_JOB_RUNS` match that
    is no period's cost, "daily cost", nor a month's cost, "pay every month")."""
    text = _runs_text(folded)
    return any(not _period_cost_word(text, m)
               and not (m.group("period") in ("month", "luna")
                        and _MONEY_BEFORE.search(text, 0, m.start()))
               for m in _JOB_RUNS.finditer(text))


def _per_million(f: str) -> bool:
    """The cost of tokens asked: per 1M tokens, or per token (or per thousand) with a word for
    money."""
    return bool(_COST_MILLION.search(f) or _PRICE_PERF.search(f) or (
        (_COST_TOKEN.search(f) or _COST_THOUSAND.search(f)) and _MONEY_Q.search(f)
        and not _TPOT.search(f)))


# price-performance asked ("price perf h100 vs a100", "perf per dollar", "tokens per dollar",
# "bang for the buck", "raport preț/performanță"): the cost of a unit of work (1M tokens) on
# each side, not the speed and the hourly price apart (audit ask_en #8); "which is better per
# dollar", "value for money", "cost-effective", "mai rentabil", "raport calitate/preț" too
# (audit buyer19 #6: the speed and the hourly price apart, the A100 read as the winner)
_PRICE_PERF = re.compile(
    r"\bprice[ /-]?(?:to[ -])?perf(?:ormance)?\b|\bperf(?:ormance)?[ /-]?(?:per[ -]|/\s*)"
    r"(?:dollar|\$|usd)|\btokens? per (?:dollar|\$|usd)\b|\bbang for (?:the |your )?bucks?\b"
    r"|\bcost[ -]efficien\w*+|\bpret[ /-]?(?:/\s*)?performant\w*+"
    r"|\b(?:per|pe) (?:dollar|dolar|buck|usd)s?\b|\bvalue for (?:the |your )?money\b"
    r"|\bcost[ -]?effective\w*+|\brentabil\w*+|\bpret[ /-]?calitate\b|\bcalitate[ /-]?pret\b")


_COST_MONTH = re.compile(r"\bmonth\w*+|\bluna\b|\blunar\w*+|\bmo\b|\b/\s*+mo\b")
# use around the clock: a month of 24 h days, the usage a price answer assumes
_ROUND_THE_CLOCK = re.compile(r"\b24/7\b|\bnon-?stop\b|\b(?:a)?round the clock\b")
_COST_HOUR = re.compile(r"\bhour\w*+|\bora\b|\b/\s*+h\b|\bpe ora\b|\bhr\b")
# a speed asked as the second part of a question, joined by "and" / "și": "... need and how
# fast is it on an L40S?", "... și cât de rapid este?", "and what speed", "and how many
# tokens/s" (Stated.speed_also)
_SPEED_ALSO = re.compile(
    r"\b(?:and|si)\s++(?:how fast|cat de (?:rapid|repede)|(?:what|which|ce)\s++(?:speed|viteza)"
    r"|how many (?:tokens?|tok)\s*+(?:/\s*+s|per second)\b|cati tokeni\s*+(?:/\s*+s|pe secunda))")
# the denoising steps a second of a diffusion model asked: "iterations per second", "it/s",
# "steps per second", "iterații pe secundă", "pași pe secundă" (audit buyer28a #10: the
# seconds per image alone; "steps per second" was the billing-granularity list)
_STEPS_RATE = re.compile(
    r"\b(?:iterations?|iters?|its|steps?|iteratii|iteratie|pasi|pas)\s*+"
    r"(?:/\s*+s(?:ec)?\b|(?:per|pe|a)\s++(?:second|sec|secunda)\b)|\bit/s\b")
# "fit" said ("does it fit", "fits?", "încape"): Stated.fit_word
_FIT_WORD = re.compile(r"\bfits?\b|\bincap\w*+")
# the model's running asked in other words ("can I run", "will it run", "pot rula", "merge
# ... pe"), a yes or no question's (Stated.run_asked); not whether it runs fast or well ("will
# it run fast enough for 50 users?": a speed judged, not the model running)
_RUN_ASKED = re.compile(
    r"(?:\b(?:can|could) (?:i|we|you) run\b|\b(?:will|would|does|can) it run\b)"
    r"(?! (?:fast|well|quick|smooth)\w*+)"
    r"|\b(?:pot|putem|poti|puteti|poate) (?:sa )?rula\b|^\W*+(?:oare\s++)?(?:merge|ruleaza)\b")
# a saving asked ("how much do I save", "savings", "cât economisesc", "ce economie"):
# Stated.saving_asked
_SAVING = re.compile(r"\bsav(?:e|es|ed|ing|ings)\b|\beconomis\w*+|\beconomi(?:e|i|a|ile|ia)\b")
_FITS = re.compile(
    r"\bfits?\b|\bfit on\b|\bfit in\b|\bcan (?:i|we|you) run\b|\brun (?:it |this )?on\b"
    r"|\bwill it run\b|\bdoes it run\b|\bruns? on\b|\benough\b|\bincape\w*+|\bintra\b"
    r"|\bmerge pe\b|\bmerge\b[^?]{0,60}?\bpe\b|\bpe\b[^?]{0,60}?\bmerge\b"
    r"|\brul\w*+\b[^?]{0,60}?\bpe\b"
    r"|\bruns?\b[^?]{0,60}?\bon\b|\bpot rula\b|\bruleaza pe\b|\brula\w*+ pe\b|\bajunge\b"
    r"|\bsuficient\w*+"
    r"|\bload (?:it )?on\b|\bgo on\b|\bsqueeze\w*+|\bwork on\b"
    # "can a 24gb card run llama 70b?", "can my 3060 handle it?"
    r"|\bcan (?:a|an|my|the|one|this|that|our)\b[^?]{0,40}?\b(?:run|handle|hold|load)\b")
# "how much VRAM do I need?" with no model named: a memory question that needs the model
_MEMORY_Q = re.compile(r"\bhow much (?:gpu |video )?(?:vram|memory|ram)\b"
                       # "how much does llama 8b need in VRAM" (not "how much does it cost
                       # ... needs 80 GB of memory": a price)
                       r"|\bhow much (?:does|do|will|would)\b(?:(?!\bcost)[^?]){0,60}?"
                       r"\b(?:need|require|take|use)s?\s++(?:in\s++)?(?:gpu\s++)?"
                       r"(?:vram|memory|ram)\b"
                       # "how many GB of VRAM for 70b at 20 users": the memory, not a count
                       r"|\bhow many (?:gb|gib|gigabytes?) (?:of )?(?:gpu |video )?"
                       r"(?:vram|memory|ram)\b|\bcati (?:gb|gib) (?:de )?(?:vram|memorie)\b"
                       # "how many GiB do I need for qwen 32b", "de câți GiB am nevoie": the
                       # memory (audit ask_ro #2: a GPU count and no GiB)
                       # (the subject may be a model name of several words: "how many GiB
                       # does qwen2.5 32b need for 16 users", audit regress7 #10 gave a count)
                       r"|\bhow many (?:gb|gib|gigabytes?) (?:(?:do|does|will|would)\b"
                       r"(?:(?!\bcost)[^?]){0,60}?\s)?(?:need|require|take|use)s?\b"
                       r"|\bcati (?:gb|gib) (?:(?:am|avem|are|au) nevoie"
                       r"|(?:imi|ne|iti|va|ii) trebuie|ocupa|necesita)\b"
                       r"|\bcata? (?:vram|memorie)\b|\bcat de mult[ae]? (?:vram|memorie)\b"
                       r"|\bmemory bandwidth\b|\blatime(?:a)? de banda\b"
                       # Slack-style, the noun first: "memory needed qwen2.5 32b ... 64
                       # concurrent", "vram for llama 3.1 8b with 32 users" (a GPU count at
                       # int8 was given; audit ask_en #2, #6)
                       r"|^\W*+(?:total\s++)?(?:gpu\s++)?(?:vram|memory|ram)\s++(?:needed|required"
                       r"|needs|usage|for)\b"
                       # the noun last, as its own question: "llama 3.1 8b at 128k context with
                       # 4 users on an h100, vram?", "..., memorie?" (a GPU count at awq-int4 was
                       # given, the bf16 VRAM asked never said; buyer audit 25b #8)
                       r"|(?:[,:;]|\s[-\u2013])\s*+(?:total\s++)?(?:gpu\s++)?"
                       r"(?:vram|memory|ram|memorie|memoria)"
                       r"(?:\s++(?:needed|required|usage|necesara|necesar))?\s*+[?.!]*+\s*+$")
# Slack-style, the noun after the model: "qwen3-30b-a3b 128k context vram in fp8 for 4 users"
# (a GPU count with no GiB was given; audit buyer16 #3); not "which GPU has enough VRAM for 4
# users" (a choice of GPU)
# ("VRAM needed for 8 users", "VRAM necesar pentru 8 utilizatori" too: it was a GPU count at
# int8 with its price, audit visionvram22)
_VRAM_FOR_USERS = re.compile(r"\bvram\s++(?:in\s++[\w.-]++\s++)?"
                             r"(?:(?:needed|required|necesar[ae]?)\s++)?(?:for|pentru)\s++\d++"
                             r"\s++(?:de\s++)?(?:concurrent\s++)?"
                             r"(?:users?|requests?|utilizatori|useri|cereri)\b")
# the memory asked as a noun before the load it is at ("VRAM at 32k context with 8 users?",
# "memory at 32k context for 8 users", "VRAM la un context de 32k", "memoria cu 8 utilizatori"),
# or alone at the end ("... at 8k context with 10 users: VRAM?"): the memory at that load, never
# a GPU count (audit buyer25b #5: "A custom 20B ...: VRAM at 32k context with 8 users in fp8?"
# answered 2 x L40S and no GiB)
_VRAM_AT_LOAD = re.compile(r"\b(?:vram|(?:gpu\s++)?memory|memori[ae])\s++"
                           r"(?:(?:needed|required|necesar[ae]?)\s++)?(?:at|with|for|la|cu|pentru)"
                           r"\s++(?:(?:a|an|un|o)\s++)?(?:context\s++(?:of\s++|de\s++)?)?\d"
                           r"|[:,]\s*+(?:vram|memory|memori[ae])\s*+\?++\s*+$")
_VRAM_CHOICE = re.compile(r"\b(?:which|what|enough|ce|care|destul|suficient[ae]?)\b")
# A speed asked in a media model's own units: images per second or hour, seconds per image,
# hours of audio per hour, a real-time factor, "how fast" / "cât de repede"
# the KV cache as what the memory question is about: "how much memory does the (fp8) KV cache
# take", "câtă memorie ocupă cache-ul KV"
_KV_ASKED = re.compile(r"\b(?:vram|memory|ram|memorie)\s++(?:does|do|will|would|is|ocupa|ia)\s++"
                       r"(?:the\s++|an?\s++)?(?:\w++\s++)?(?:kv|cache)\b")
# audio made or transcribed per second asked: "how many seconds of audio per second",
# "seconds of speech generated per second", "câte secunde de audio pe secundă": the audio rate,
# in seconds per second (the media intent's "second"; it was billing granularity, as "per
# second" reads, buyer audit)
# (a count before it is a load stated: "50 seconds of audio per second, how many L4s?")
_AUDIO_PER_SECOND = (r"|(?<![\d.,]\s)(?<![\d.,])\b(?:seconds?|secs?|secunde|secunda)\s++"
                     r"(?:(?:of|de)\s++)?"
                     r"(?:audio|speech|sound|music|voice|vorbire|muzica|sunet)\b[^?]{0,40}?"
                     r"\b(?:/|(?:per|pe|a|an|each|every|in|intr-o)\b)\s*+"
                     r"(?:s|sec|second|secunda)\b")
_AUDIO_PER_SECOND_ASKED = re.compile(_AUDIO_PER_SECOND.removeprefix("|"))
# a speed asked as a multiple of real time: "how many x real time", "how many times faster than
# real time", "de câte ori mai repede decât timpul real" (the real-time factor's answer; "does
# it run ... faster than real time" asks that speed, not a fit's yes)
_TIMES_REAL_TIME = (r"|\bx\s*+real[- ]?time\b|\btimes\s++(?:faster\s++than\s++)?real[- ]?time\b"
                    r"|\bori\s++mai\s++(?:repede|rapid)\s++decat\s++(?:in\s++)?timp(?:ul)?"
                    r"\s++real\b")
_TIMES_REAL_TIME_ASKED = re.compile(_TIMES_REAL_TIME.removeprefix("|"))
_MEDIA_RATE = re.compile(  # ("imgs per hour", "imgs/sec": images too; "images as a batch"
    # is no "a" + "s" per second: a word before the unit ends at a word edge)
    r"\b(?:images?|imgs?|imagini|pictures?|poze|clips?)\s*+(?:/|(?:per|pe|a|an|each|in)\b)\s*+"
    r"(?:o\s++|one\s++)?"
    r"(?P<unit>s|sec\w*+|second|secunda|min\w*+|hour|hr|h|ora)\b"
    # "hours of audio per hour", "câte ore audio pe oră" (without "de": was a price per hour)
    r"|\b(?:hours?|ore|minutes?|minute)\s++(?:(?:of|de)\s++)?audio\b[^?]{0,40}?"
    r"\b(?:/|(?:per|pe|an?|each|in|intr-o)\b)\s*+(?:hour|ora|h)\b"
    # "seconds of audio per second", "seconds of speech generated per second", "câte secunde
    # de audio pe secundă" (_AUDIO_PER_SECOND; buyer audit: the billing-granularity list)
    # (and a multiple of real time asked: _TIMES_REAL_TIME)
    + _AUDIO_PER_SECOND + _TIMES_REAL_TIME +
    r"|\b(?:seconds?|secunde|sec|s)\s*+(?:/|per|pe)\s*+(?:image|imagine|clip)\b"
    r"|\breal[- ]?time factor\b|\brtf\b|\bcat de (?:repede|rapid)\b|\bhow fast\b"
    # "how many SDXL images per day" (a model's name before the noun, the period right after
    # it: it was the seconds per image, task ask_counts)
    r"|\bcate imagini\b|\bhow many (?:images|imgs|pics|pictures)\b"
    r"|\bhow many (?:[a-z][\w.\-]*+\s++){1,2}?images?\s*+(?:/|per|a|an|each|in)\s*+"
    r"(?:one\s++)?(?:s|sec\w*+|second|min\w*+|hour|hr|h|day)\b"
    r"|\bimages?/(?:s|h|sec|hour)\b"
    # a question that opens with the rate per day ("images per day with SD 3.5 Large on an
    # A100?", "sdxl images/day on an L4"), asked as "how many images per day" is (it answered
    # the seconds per image); no count before it ("50,000 images a day" is a load)
    r"|^\W*+(?:[a-z][\w.\-]*+\s++){0,2}?(?:images?|imagini|pictures?|poze|imgs?|pics?)\s*+"
    r"(?:/|per|pe|a)\s*+(?:day|zi)\b")
# the unit of a rate asked; a day only once the rate is asked ("how many images per day",
# "câte imagini pe zi"): "1,000 images a day, how much?" is a load priced, not a rate asked
_MEDIA_UNIT = re.compile(
    # a model's name or a verb may sit between ("câte imagini SDXL pe oră", "how many SDXL
    # images can I make per hour": it was no unit, task ask_counts)
    r"\b(?:images?|imgs?|imagini|pictures?|poze|clips?)(?:\s++[a-z][\w.\-]*+){0,4}?\s*+"
    r"(?:/|(?:per|pe|a|an|each|in)\b)\s*+"
    r"(?:o\s++|one\s++)?(s|sec\w*+|second|secunda|min\w*+|hour|hr|h|ora|day|zi)\b")
# a diffusion or audio model's memory asked in its unit or by its need ("how many GB of VRAM
# does SDXL need", "câți GB", "flux dev vram requirements"): the memory is the number asked,
# as "how much VRAM" (the answer led with it and asked the seconds per image)
_MEDIA_MEMORY = re.compile(
    r"\b(?:how many|cati|cate)\s++(?:gb|gib|gigabytes?|gigaocteti)\b(?!/)"
    r"|\b(?:vram|memory|memorie)\s++(?:requirements?|needed|required|usage|footprint"
    r"|necesar\w*+)\b|\bcerint\w*+ de (?:vram|memorie)\b")
# what something costs is asked (folded text): not "cheapest", which asks which
_WHAT_IT_COSTS = re.compile(r"\bhow much (?:does|do|will|would|should)\b[^?]{0,12}?\bcost\b"
                            r"|\bwhat (?:does|do|will|would)\b[^?]{0,12}?\bcost\b"
                            r"|\bcat (?:ar )?cost\w*+|\bcat ne cost\w*+"
                            # a job's time then "how much" bare, as "cât durează și cât
                            # costă" ("how long and how much on 8x H100?"; not "how much
                            # VRAM"): its cost
                            r"|\bhow long and how much\b(?!\s++(?:vram|memory|ram|gpus?|time"
                            r"|data|storage|disk|space|gib|gb|power|energy)\b)"
                            # GPU-hours as the thing priced: "what do 50 A100-hours cost", "how
                            # much would 300 GPU hours of H100 cost" (longer than the 12
                            # characters above)
                            r"|\b(?:what|how much) (?:does|do|will|would)\s++"
                            + _GPU_HOURS_AMOUNT.pattern + r"[^?]{0,20}?\bcost\b"
                            # a month's cost asked as "cât costă pe lună" is: "...: cost per
                            # month?", "what is the cost per month for 50 users", "monthly
                            # bill for ...", "the monthly cost" (audit s2money: the English led
                            # with the setup's $/h and no month, the Romanian with the month);
                            # never a cap ("a monthly cost under $500", "cost per month of at
                            # most $2k": a budget)
                            r"|(?:(?:\bcost|\bprice|\bspend)\s++(?:per|a|each|/)\s*+month\b"
                            r"|\bmonthly\s++(?:cost|price|bill|spend)\b"
                            r"|\bhow much (?:per|a) month\b"
                            r")(?!\s*+(?:(?:is|of|at|should be)\s++)?(?:(?:under|below|up to"
                            r"|at most|max\w*+|cap|limit|budget)\b|<|\$|\d))")
# a price asked beside another figure (folded text; Stated.price_asked)
_PRICE_ASKED = re.compile(r"\bcost\w*+|\bprice\w*+|\bpret(?!rain)\w*+"
                          r"|\bhow much (?:per|a|an|each) (?:month|hour|day)\b"
                          # a month asked in any of its words ("the monthly bill", "and per
                          # month?", "cât plătim lunar", "și pe lună?"), read as "what does it
                          # cost per month" is; a load per month is none (_LOAD_PER_MONTH)
                          # (the bill, not "bill per second": billing)
                          r"|\b(?:the|a|my|our|monthly|total)\s++bill\b|\bfactur(?:a|ii|ile)\b"
                          r"|\bmonthly\b|\blunar\w*+|\b(?:per|a|pe|each|every)\s*+(?:month|luna)\b"
                          # "$/month", "$/mo", "USD/lună" ("\b" never stands between "$" and
                          # "/": audit buyer17b #5, "how many gpus and $/month?" got $/h alone)
                          r"|/\s*+(?:month|luna|mo)\b")
# a load or a usage counted per month ("10 million requests per month", "22 days a month",
# "10 milioane de cereri lunar", "monthly active users") or a monthly budget ("under $500 a
# month", "300 de dolari pe lună", "buget lunar", "$500/mo", "500$/month"): no price asked
_LOAD_PER_MONTH = re.compile(
    r"(?:(?:\b|(?<=\d))(?:requests?|reqs?|cereri|queries|interogari|tokens?|tokeni|users?"
    r"|utilizatori|images?|imagini|jobs?|videos?|clipuri|hours?|ore|days?|zile|calls?|apeluri"
    # (a currency with no amount before "/month" is the unit asked: "câte GPU-uri și USD/lună?")
    r"|(?:usd|dollars?|dolari|bucks|euro?s?|lei)(?!\s*+/))|\$\s*+\d[\d.,]*+k?"
    r"|(?<![\w.])\d[\d.,]*+k?\s*+(?:de\s++)?(?:\$|usd|dollars?|dolari|bucks|euro?s?|lei))"
    r"\s*+(?:(?:a|per|pe|each|every|/)\s*+(?:month|luna|mo)\b|lunar\w*+)"
    r"|\bmonthly\s++(?:requests?|queries|tokens?|users?|images?|active|budget)\b"
    r"|\bbuget\w*+\s++lunar\w*+")
# a card to own, not to rent ("what GPU should I buy ... at home")
_BUY = re.compile(r"\b(?:buy|buying|purchase|own|ownership|cumpar\w*+|achizitiona\w*+)\b"
                  r"|\b(?:at home|for home|home lab|homelab|locally|acasa)\b")
_RENT = re.compile(_RENT_WORDS + r"|\bcloud\b|\bper (?:hour|month)\b|\bpe (?:ora|luna)\b")
# "which GPU", "what GPU do I need", "what card": the setup asked, not one figure of it
_WHICH_GPU = re.compile(r"\b(?:which|what)\s++(?:\w++\s++)?(?:gpus?|cards?|instances?"
                        r"|accelerators?|hardware)\b")
# the setup asked as a recommendation, the GPU and its price: "what GPU for llama 70b",
# "which GPU do I need", "what hardware", "recommend a GPU", "the best GPU for", "care GPU",
# "recomandă-mi un GPU", "cel mai bun GPU" (the Romanian "ce GPU", "ce placă" are in _COST):
# audit ask_intent, "What GPU for Llama 3.1 70B?" answered its memory and "Ce GPU pentru
# Llama 3.1 70B?" the cheapest setup. Never a GPU's memory asked ("what GPU memory does it
# need": memory) nor the fastest ("which GPU is fastest": no price ranks that).
_RECOMMEND_Q = re.compile(
    r"(?:\b(?:what|which)\s++(?:\w++\s++)?(?:gpus?|cards?|instances?|accelerators?|hardware)"
    r"|\brecommend\w*+\s++(?:(?:me|us|a|an|the|some|any)\s++){0,2}(?:\w++\s++)?"
    r"(?:gpus?|cards?|instances?|accelerators?|hardware|setup)"
    r"|\bgpu recommendations?"
    r"|\bbest\s++(?:\w++\s++)?(?:gpus?|cards?|instances?|accelerators?|hardware)"
    r"|\bcare\s++(?:gpu\w*+|plac\w*+|accelerator\w*+)"
    # "ce configurație de GPU", as "what GPU setup" (the English was a recommendation, the
    # Romanian a time asked before the cost; audit r22 pretrainro)
    r"|\bce\s++(?:configurati\w*+|setup\w*+)\s++(?:de\s++)?(?:gpu\w*+|plac\w*+)"
    r"|\brecomand\w*+(?:-(?:mi|ne))?\s++(?:(?:un|o|mi|ne)\s++)?(?:gpu\w*+|plac\w*+)"
    r"|\b(?:cel mai bun|cea mai buna)\s++(?:gpu\w*+|plac\w*+)"
    r"|\b(?:gpu\w*+|plac\w*+(?:\s++video)?)\s++(?:e\s++|este\s++)?(?:cel|cea) mai bun\w*+)\b"
    r"(?!\s++(?:memory|vram|ram|memorie)\b)")
_FASTEST = re.compile(r"\bfastest\b|\bquickest\b|\bcel mai rapid\w*+|\bcea mai rapida\b")
# the cheapest way or option asked, not the cheapest card (Stated.cheapest_asked)
_CHEAPEST_WAY = re.compile(
    r"\bcheapest\b(?!\s++(?:[\w-]++\s++)?(?:gpus?|cards?|accelerators?|graphics)\b)"
    r"|(?<!gpu )(?<!gpu-ul )(?<!placa )\b(?:cel|cea|cele|cei) mai ieftin\w*+"
    r"(?!\s++(?:gpu\w*+|plac\w*+|accelerator\w*+)\b)")
# the best asked (Stated.best_asked): "the best LLM", "cel mai bun model", "cea mai buna"
_BEST = re.compile(r"\bbest\b|\b(?:cel|cea|cei|cele) mai bun(?:a|i|e)?+\b")
_STORAGE_INCLUDED = re.compile(
    r",?\s*+\b(?:including|incl\.?|plus|with|inclusiv|cu tot cu|plus)\s++(?:the\s++)?"
    r"(?:storage|stocare\w*+)\b(?:\s++(?:of|for|a|al|pentru)\s++(?:the\s++)?[\w-]++)?")
"""Storage added to a job's cost ("including storage of checkpoints", "inclusiv stocarea
checkpoint-urilor"): the job's cost asked, storage counted in it (:func:`classify`)."""
_MONEY_Q = re.compile(r"\bcost\w*+|\bcosta\b|\bprice\w*+|\bpret(?!rain)\w*+|\$|\busd\b|\bdolari\b"
                      r"|\blei\b|\bcheap\w*+|\bieftin\w*+|\bbudget\b|\bbuget\w*+|\bspend\b")
# the MFU's value asked (not what MFU is): "what MFU should I assume", "which MFU do you use",
# "a realistic MFU", "ce MFU presupuneți", "ce MFU să aștept"
_MFU_VALUE_Q = re.compile(
    r"\b(?:what|which|ce|cat|care)\s++(?!is\b|are\b|este\b|e\b|inseamna\b|means?\b)"
    r"(?:\w++\s++)?mfu\b|\bassum\w*+|\bexpect\w*+"
    r"|\brealistic\b|\btypical\b|\bpresupu\w*+|\bastept\w*+|\brealist\w*+|\btipic\w*+"
    r"|\bmfu (?:do|does|should|would|is used|to use)\b")
# a precision's worth asked on a GPU: "is FP8 on an A100 worth it?", "should I use fp8 on an
# A100?", "does FP8 help on an A100?", "merită FP8 pe un A100?", "are sens FP8 pe A100?"
_PRECISION_WORTH = re.compile(
    r"\bworth\b|\bmerita\b|\bshould i (?:use|go with|run|pick)\b|\bis it a good idea\b"
    r"|\b(?:does|would|will) (?:it |\w++ )?(?:help|pay off)\b|\bany (?:benefit|gain|point)\b"
    r"|\b(?:benefit|advantage)s? of\b|\bmakes? sense\b|\bare sens\b|\bar trebui sa folosesc\b"
    r"|\bce (?:castig|avantaj)\w*+\b")
# Whether a GPU runs a precision (_PRECISION_WORD): "does bf16 work on V100?", "suportă T4 fp8?"
_SUPPORT_Q = re.compile(
    r"\bsupport\w*+|\bsuport\w*+|\bwork\w*+|\bmerge\b|\brun\w*+|\brul\w*+|\bse poate\b"
    r"|\bposibil\w*+|\bcompatib\w*+|\bhave\b|\bhas\b|\bare\b|\bdoes\b|\bcan\b|\bpot\b"
    r"|\bpoate\b|\btensor cores?\b|\bfunctioneaza\b|\bmerg\b")
_MEMORY = re.compile(r"\bvram\b|\bmemory\b|\bmemori\w*+|\bhow much (?:gpu )?(?:ram|memory)\b"
                     r"|\bgib\b|\bgb\b")
_TRAIN = re.compile(r"\btrain\w*+|\bantren\w*+|\bpre-?train\w*+|\bpreantren\w*+")
_TRAINING_DATA = re.compile(r"\btraining data\b|\bdate de antrenare\b")
_FINETUNE = re.compile(r"\bfine[- ]?tun\w*+|\bfinetun\w*+|\blora\b|\bqlora\b|\bajustare fina\b"
                       r"|\breglaj fin\b|\bdreambooth\b"
                       # DPO, GRPO, RLHF, instruction tuning: fine-tuning (audit ask_en #1)
                       r"|" + OBJECTIVE.pattern
                       # ZeRO, FSDP, DeepSpeed named: a training run (audit buyer29b #5)
                       + r"|" + TRAINER_SHARDING.pattern)


# a training run's time, speed or pace asked ("hours?", "how long", "will it be slow?", "cât
# durează"): with a model and GPUs named, the network said beside it is the run's setup
_TRAIN_RUN_ASKED = re.compile(r"\b(?:slow|slower|fast|faster|lent\w*+|incet\w*+|rapid\w*+"
                              r"|hours?|ore|days?|zile|tokens?/s|tokeni/s)\b")


def _training_run_on_network(f: str, has_model: bool, gpu_named: int) -> bool:
    """Whether ``f`` asks a training run's time or speed on GPUs it names with their network
    ("Full fine-tune Llama 3.1 70B on 16x H100 with InfiniBand for 1B tokens: hours?", "...
    over plain 100 Gb ethernet: will it be slow?"): the run's figures, on that network, not
    the guidance on interconnects (buyer audit 26b #4: the asked hours were dropped exactly
    where the buyer stated the multi-node setup)."""
    return bool(has_model and gpu_named >= 1 and (_FINETUNE.search(f) or _TRAIN.search(f))
                and not _TRAINING_DATA.search(f)
                and (_TRAIN_JOB_SIZE.search(f) or _TIME_Q.search(f)
                     or _TRAIN_RUN_ASKED.search(f)))


def training_budget_said(text: str) -> bool:
    """Whether ``text`` states a training or fine-tuning job and a whole budget for it ("what
    can I fine-tune with $2000?"): in scope however weakly the guidance matches its words (it
    was "I don't know" where "with a $2000 budget" got the fine-tuning cost passage; audit
    buyer17 #5)."""
    folded = _fold(text)
    return bool((_FINETUNE.search(folded) or _TRAIN.search(folded))
                and job_budget(text) is not None)


# what a serving budget buys, asked: "what LLM can I run", "the biggest model I can serve",
# "ce model pot rula", "ce pot găzdui"
_SERVING_BUDGET_Q = re.compile(
    r"\b(?:run\w*+|serv\w*+|host\w*+|deploy\w*+|llm\w*+|model\w*+|inferen\w*+|gpu\w*+"
    r"|rul\w*+|gazdu\w*+)\b")


def serving_budget_said(text: str, ex: Extracted) -> bool:
    """Whether ``text`` states a budget by the month or the hour and asks what it runs ("I
    have $500 a month, what LLM can I run?", "with 2k/mo what's the biggest model I can
    serve"): in scope however weakly the guidance matches its words, as
    :func:`training_budget_said` is for a training job's (it was "I don't know: I have no
    guidance on that" where "My budget is $500 a month" got the budget answer; audit buyer19
    #2)."""
    return ((ex.budget_usd_per_month is not None or ex.budget_usd_per_hour is not None)
            and bool(_SERVING_BUDGET_Q.search(_fold(text))))


_MEDIA_WORDS = re.compile(r"\bimages?\b|\bimagini\w*+|\bpictures?\b|\bimgs?\b|\bpics?\b"
                          r"|\bvideo\w*+|\bclips?\b|\baudio\b|\btranscri\w*+|\bspeech\b")


# "how much per image", "how much for each image": a unit's price where no money word is said
_HOW_MUCH_PER = re.compile(r"\bhow much\s++(?:is it\s++|does it cost\s++)?(?:per|for each|each)\b")
_MEDIA_UNIT_COST = re.compile(
    r"\bper (?:an? )?(?:hour|minute|min|hr)s? of (?:audio|speech|recording)\b"
    r"|\bper audio (?:hour|minute|min|hr)\b|\b(?:per|pe) (?:ora|minut|minutul) de audio\b"
    # "costul per oră audio", "transcrierea unei ore de audio" (audit 30c #7: the cheapest
    # hourly price in Romanian where English said the cost of an hour of audio)
    # ("1 oră de audio" stays a one-hour job, as "1 hour of audio" is in English:
    # test_fix_reg3c); an hour said in words is the unit ("what does one hour of audio cost
    # to transcribe in the EU", "cât costă o oră de audio ... în UE": the cost per hour of
    # audio, in both languages; audit session 31: English priced a one-hour job where
    # Romanian's "unei ore" gave the unit cost)
    r"|\b(?:per|pe) (?:o )?(?:ora|minut) audio\b|\bunei ore de audio\b"
    r"|\b(?:one|an) hour of (?:audio|speech|recording)\b|\bo ora de audio\b"
    r"|\bper (?:1[,.]?000|thousand|1k) (?:images|pictures)\b"
    r"|\bper (?:an? )?(?:\d{3,4}\s*+[x\u00d7*]\s*+\d{3,4} )?(?:image|picture)\b"
    r"|\bpe (?:1[,.]?000|o mie) de imagini\b|\bpe imagine\b"
    # "cel mai ieftin GPU per imagine" (audit 25a #9: the cheapest hourly price, no cost per
    # image); "pentru fiecare imagine", "for each image" are the same unit
    r"|\bper (?:o )?imagine\b|\bpentru fiecare imagine\b|\bfor each (?:image|picture)\b"
    # "costul per 1000 de imagini" (imgcost audit 22: read as the job of 1,000 images)
    r"|\bper (?:1[,.]?000|o mie) de imagini\b")

# a bare "how much?" ending a clause, with a model and a GPU named: a price, read as "how much
# does it cost"; with a memory word ("how much VRAM?", "llama 8b memory on A100, how much?",
# "in GiB") the memory answers
_BARE_HOW_MUCH = re.compile(r"\bhow much(?=\s*+(?:[?.!,;]|$))")
# the same asked of a training job, its size stated (epochs, or millions or billions of
# tokens), no GPU needed: "3 epochs over 20M tokens of LoRA on llama 3.1 8b, how much?", "3
# epoci peste 20M de tokeni LoRA pe llama 3.1 8b, cât?": the job's cost, as "how much does it
# cost to LoRA fine-tune ..." (audit tokdollar #2: the memory answered)
_BARE_HOW_MUCH_JOB = re.compile(r"\bhow much(?=\s*+(?:[?.!,;]|$))"
                                r"|(?<!\bcu )\bcat(?=\s*+(?:[?.!,;]|$))")
# a bare "how many?" ending a clause, with a model and a GPU named: "Llama 3.1 70B on H100s,
# how many?", "Llama 3.1 70B pe H100, câte?": that GPU counted, as "how many H100s do I need"
# (it was "fits": a No about one GPU led, the count after it)
_BARE_HOW_MANY = re.compile(r"\b(?:how many|cate|cati)(?=\s*+(?:[?.!,;]|$))")
# a training run's size: its epochs, or its tokens with a scale ("50M tokens", "1 billion
# tokens", "50 de milioane de tokeni": Romanian writes "de" between a number from 20 on and its
# scale, as :data:`_TOKENS` reads it; without it, "... pe 50 de milioane de tokeni, cu 2 TB
# trafic de ieșire" was a month at 24 h/day where English answered the run, audit rojob)
_TRAIN_JOB_SIZE = re.compile(
    r"(?<![\w.])\d{1,3}\s*+(?:de\s++)?(?:epochs?|epoci|epoca)\b"
    r"|(?<![\w.,])\d++(?:[.,]\d++)*+\s*+(?:de\s++)?(?:m|mil|mln|million|millions|milion"
    r"|milioane|b|bn|billion|billions|miliard|miliarde)(?:-(?=token\b)|\s*+(?:de\s++)?)"
    r"(?:training\s++)?(?:tokens?|tokeni)\b")
_MEMORY_ASKED = re.compile(r"\bvram\b|\bmemor\w*+|\bram\b|\bgib\b")


def _train_job_sized(folded: str) -> bool:
    """A training run's size stated: its epochs or tokens (:data:`_TRAIN_JOB_SIZE`), or its
    data set as a count of examples or preference pairs ("200,000 examples of 512 tokens",
    "un set de 200.000 de exemple", "20k pairs"), which the training answers turn into tokens
    (:func:`training_examples`; with egress, "... on 200,000 examples of 512 tokens, with 1 TB
    egress" was a month at 24 h/day in both languages, audit rojob)."""
    return bool(_TRAIN_JOB_SIZE.search(folded) or training_examples(folded) is not None
                or training_pairs(folded) is not None)
# GPUs (no model) for a length that ends the question: "4 H100 at RunPod for a week?", "8x
# A100 for a month?", "4 H100 la RunPod pentru o săptămână?": a rental priced (it was a
# guidance passage alone, audit regress2 #6)
_RENTAL_FOR = re.compile(
    r"\b(?:for|over|pentru|timp de)\s++(?:a|an|one|1|two|three|\d{1,3}|o|un|doua|trei)\s++"
    r"(?:hours?|days?|weeks?|months?|years?|ora|ore|zi|zile|saptamana|saptamani|luna|luni|an|ani)"
    r"\s*+[?.!]*+\s*+$")


# a request rate asked, none stated: "how many requests per second can it serve", "câte cereri
# pe minut", "max requests/s", "how many RPS": what the setup serves at full load, in the unit
# asked (speed's "requests_<unit>"; audit ask_intents3: the requests held at once answered)
# (and a day's, "how many requests per day", "câte cereri pe zi"; the maximum QPS; the unit a
# throughput is asked in, "throughput ... in requests per minute", "debitul în cereri pe
# minut": audit regress3 #10, answered the requests held at once, a fit or tokens/s)
_RATE_ASKED = re.compile(
    r"\b(?:how many|cate|max(?:imum)?|maxim\w*+|peak)\s++(?:requests?|reqs?|cereri|requesturi"
    r"|queries|interogari)\s*+(?:/\s*+|(?:per|pe|a|an|each|every|in a|intr-o)\s++)(?P<unit>s|sec"
    r"|second|secunda|min|minute|minut|h|hr|hour|ora|d|day|zi)\b"
    r"|\b(?:how many|cate|what|care|ce|max(?:imum)?|maxim\w*+|peak)\s++(?:(?:is|are|e|este)\s++)?"
    r"(?:the\s++)?(?P<rps>rps|qps)\b"
    r"|\b(?:in|as|ca)\s++(?:requests?|reqs?|cereri|requesturi|queries|interogari)\s*+"
    r"(?:/\s*+|(?:per|pe|a|an)\s++)(?P<unit_in>s|sec|second|secunda|min|minute|minut|h|hr|hour"
    r"|ora|d|day|zi)\b"
    # the rate as the question's first words, the setup after it ("Requests per second for
    # Llama 3.1 70B on 4 H100 keeping TTFT under 1 s?", "Cereri pe secundă pentru ...": audit
    # 31a #8, a TTFT "Yes" and no rate, where Romanian gave 2.99 requests/s)
    r"|^\W*+(?:max(?:imum)?\s++|maxim\w*+\s++)?(?:requests?|reqs?|cereri|requesturi|queries"
    r"|interogari)\s*+(?:/\s*+|(?:per|pe|a|an)\s++)(?P<unit_lead>s|sec|second|secunda|min"
    r"|minute|minut|h|hr|hour|ora|d|day|zi)\b(?=\s++(?:for|with|on|of|pentru|cu|pe|la)\b)")
_RATE_UNIT = {"s": "second", "sec": "second", "second": "second", "secunda": "second",
              "min": "minute", "minute": "minute", "minut": "minute", "h": "hour", "hr": "hour",
              "hour": "hour", "ora": "hour", "d": "day", "day": "day", "zi": "day",
              "week": "week", "saptamana": "week", "month": "month", "luna": "month",
              "dollar": "dollar", "dolar": "dollar", "usd": "dollar", "$": "dollar"}
# the output tokens a setup generates in a minute, an hour or a day asked: "how many tokens can
# I generate per hour", "how many tokens per day can an H100 produce", "câți tokeni pe oră":
# its tokens/s at full load times the period (speed's "tokens_<unit>"; audit regress3 #10: the
# hourly price, or a fit)
_TOKENS_RATE_ASKED = re.compile(
    # (Slack-style too: "how many tok per day can 8x h100 do", "tokens/day llama 3.1 8b on 1
    # l4" with the rate first: a fit's yes was given; audit ask_en #6)
    r"(?:\b(?:how many|cate|cati)\s++(?:output\s++|generated\s++)?(?:tokens?|tokeni|toks?)\b"
    r"[^?.!]{0,60}?|^\W*+(?:output\s++|generated\s++)?(?:tokens?|tokeni|toks?)\s*+"
    # "total tokens per day", "tokens generated per day", "numărul total de tokeni pe zi"
    # (audit regress5 #10: a fit's yes)
    r"|\b(?:total|overall|daily|max(?:imum)?|totali?|maxim)\s++(?:(?:number|nr|numar\w*+)\s++"
    r"(?:of\s++|de\s++)?)?(?:output\s++|generated\s++)?(?:tokens?|tokeni|toks?)"
    r"(?:\s++(?:generated|output|generati))?\s*+"
    r"|\b(?:tokens?|tokeni)\s++(?:totali|in total|in all)\s*+)"
    # (a week's, a month's: "how many tokens per month can one H100 generate" was its
    # monthly price, audit ask_en2 #9; a dollar's: "how many tokens per dollar", "câți
    # tokeni pe dolar" was the $ per 1M output tokens)
    r"(?:/\s*+|\b(?:per|pe|a|an|each|every|in a|intr-o|in one|for (?:a|one|each|every))\s++)"
    r"(?P<unit>min|minute|minut|h|hr|hour|ora|day|zi|week|saptamana|month|luna|dollar|dolar"
    r"|usd|\$)(?!\w)")
# the cost of one request asked: "cost per request", "how much does one request cost", "costul
# per cerere", "cât costă o cerere": the hourly price over the requests an hour at full load
# (speed's "request_cost"; audit regress3 #10: the hourly price alone)
_REQUEST_NOUN = (r"(?:requests?|query|queries|calls?|completions?|chats?|conversations?|convos?"
                 r"|sessions?)")
# tokens served as users ask for them (Stated.served_live), folded: "serve(s/d/ing)", "a
# chatbot", "an endpoint", "users", "an API", "an assistant"; "servesc", "servește",
# "deservim", "utilizatori", "asistent" ("server", "service" are no such word)
_SERVED_LIVE = re.compile(
    r"\b(?:serv(?:e|es|ed|ing|esc|este|esti|im|iti|i|it|ita|ire|irea|easca)|deserv\w*+"
    r"|chat-?bot\w*+|chat\s++bots?|endpoint\w*+|users?|utilizator\w*+|apis?|api-?ul"
    r"|assistants?|asistent\w*+)\b")
# a job said (Stated.served_live is none then): "batch", "job", "offline", "process",
# "summarise"; "lot de", "procesez", "rezumăm", "jobul"
_JOB_SAID = re.compile(
    r"\b(?:batch\w*+|jobs?|jobul\w*+|joburi\w*+|offline|process\w*+|proces(?:ez|am|a|eaza"
    r"|are\w*+)|summari[sz]\w*+|rezum\w*+|lot(?:ul|uri|urile)?\s++de|loturi\w*+)\b")
# a chat or a conversation is one request of the request's tokens (audit ask_en #6: "cost per
# chat", "cost per conversation", "cost per 1000 chats" answered the hourly price)
_CHAT_COST = re.compile(r"\b(?:cost\w*+|price|pret\w*+)\b[^?.!]{0,30}?\b(?:chats?"
                        r"|conversations?|convos?|conversati\w*+)\b")
_THOUSAND_REQUESTS = re.compile(
    r"\b(?:per|pe|for|of|la)\s++(?:1\s*+k|1000|a thousand|one thousand|o mie de)\s++(?:de\s++)?"
    rf"(?:{_REQUEST_NOUN}|cereri|conversatii)\b")
_REQUEST_COST_ASKED = re.compile(
    r"\bcost\w*+\s++(?:per|of (?:a|one|each)|for (?:a|one|each)|each)\s++(?:single\s++)?"
    r"(?:request|query|call|completion|chat|conversation|convo)\b"
    r"|\bper[- ](?:request|chat|conversation) (?:cost|price)\b"
    r"|\bprice per (?:request|query|call|chat|conversation)\b"
    r"|\b(?:cost|price)\w*+\s++(?:per|for|of)\s++(?:1\s*+k|1000|a thousand|one thousand)\s++"
    rf"{_REQUEST_NOUN}\b"
    r"|\bhow much (?:does|would|will) (?:a|one|each|every|a single) (?:request|query|call) cost\b"
    r"|\b(?:costul|pretul|costa)\s++(?:per|pe|pentru o|al unei|unei|de|o|fiecare)\s++(?:cerere"
    r"|interogare|request|conversatii|conversatie|chat)\b")
# two precisions weighed against each other, a model and a GPU named: "should I use fp8 or
# int4", "is int4 faster than fp8", "fp8 sau int4": both sized there, their memory and speed,
# and which to take (speed's "precision_vs"; audit regress3 #12: "bf16 does not fit")
# (a GGUF file, its type or bit count beside the word or none: "GGUF vs AWQ", "GGUF Q8_0 or
# fp8", "8-bit GGUF vs AWQ"; :func:`_precisions_weighed` reads which GGUF type); the formats
# of the catalog's precisions by their own names too ("nf4 vs awq", "q4_k_m vs iq4_xs": they
# were no pair, a fit at bf16), and quantization formats the catalog sizes none of
# (:data:`_FORMAT_UNKNOWN`, a GGUF type it lacks: "q4_k_s"), which the answer says it does
# not know rather than answer another question (:attr:`Stated.precisions_unknown`)
_FORMAT_UNKNOWN = r"exl[23]|hqq|eetq|aqlm"
"""Quantization formats the catalog has no precision for (ExLlamaV2/V3's EXL2/EXL3, HQQ,
EETQ, AQLM): read as one side of a pair so that the answer can say it does not know them."""
# (a bit count in Romanian too: "4 biți", folded "4 biti"; audit buyer21 #9: "fp16 față de 4
# biți" was bf16 alone)
_PRECISION_NAME = (r"(?:(?:[2-8][- ]?(?:bits?|biti)|i?q[1-8]_[0-9a-z_]++)\s++gguf"
                   r"|gguf(?:\s++(?:i?q[1-8]_[0-9a-z_]++|[2-8][- ]?(?:bits?|biti)))?+"
                   r"|bf16|fp16|fp8|fp4|nvfp4|mxfp4|int8|int4|awq(?:[- ]int4)?|gptq(?:[- ]int4)?"
                   r"|(?:bnb[- ])?nf4|bnb[- ]int8|w4a16|w8a8"
                   r"|[48][- ]?(?:bits?|biti)|i?q[1-8]_[0-9a-z_]++|iq4"
                   rf"|{_FORMAT_UNKNOWN})")
# (a value word between the first and the connector: "is int4 worth it vs fp8", "int4 merită
# față de fp8"; "compare fp8 and int4", "compară fp8 și int4", "compare fp8 with bf16": "and"
# and "with" join a pair only after a word that compares; audit buyer24b #4: neither was a
# pair, the model's bf16 answered alone)
_PRECISION_VS = re.compile(
    rf"(?:\b(?P<cmp>compar\w*+)\s++(?:(?:the|between|of|intre)\s++)?)?"
    rf"\b(?P<a>{_PRECISION_NAME})\s*+(?:weights\s++)?(?:(?:faster|slower|quicker|better|mai "
    rf"(?:rapid\w*+|repede|lent\w*+|bun\w*+))\s++)?(?:(?:really\s++)?(?:worth it|merita)\s++)?"
    rf"(?:or|vs\.?|versus|sau|ori|than|compared to|decat|fata de|against"
    rf"|(?(cmp)(?:and|with|si|cu)|(?!)))"
    rf"\s++(?:(?:the|at|pe|la)\s++)?(?P<b>{_PRECISION_NAME})(?![\w-])")
# three precisions listed: "at fp16, fp8 and int4", "fp16, fp8 or int4", "fp16, fp8 sau int4"
# (Stated.precisions_listed)
# (or "vs" between each: "bf16 vs fp8 vs awq int4", "fp16 sau fp8 sau int4"; audit buyer24b
# #4: the first two alone were weighed)
_PRECISION_LIST = re.compile(
    rf"\b(?P<a>{_PRECISION_NAME})\s*+(?:,|(?:vs\.?|versus|or|sau)(?!\w))\s*+(?P<b>{_PRECISION_NAME})"
    rf"\s*+,?+\s*+(?:and|or|si|sau|vs\.?|versus)\s++(?:(?:at|pe|la)\s++)?"
    rf"(?P<c>{_PRECISION_NAME})(?![\w-])")
# one request's output asked to time: "how long to generate 500 tokens", "cât durează să
# generez 500 de tokeni": the time to the first token and the tokens after it (speed's
# "request_time"; it was a fit's yes with a 500-token context). A job of many requests or of
# 100,000 tokens up is :func:`_llm_job`'s.
# (the forms :data:`_GENERATED` reads the count from, so the time is for the tokens asked)
_GENERATE_ASKED = re.compile(_GENERATED.removeprefix("|"))
# one request said with its output tokens: "how long does a request with 2000 input tokens and
# 300 output tokens take", "cât durează o cerere cu ... 300 de tokeni de ieșire": that request
# timed as "how long to generate 300 tokens" is (audit ask_left2: the largest context, or a
# fit's yes in Romanian)
_ONE_REQUEST_SAID = re.compile(r"\b(?:a|one|each|single|per|o|un|fiecare)\s++(?:single\s++)?"
                               r"(?:requests?|query|call|completion|cerere|interogare|apel)\b")
# one request's time asked: "how long does one request take", "cât durează o cerere"
# (an answer of N tokens too, the users beside it its load: "how long does a 2000-token answer
# take ... with 20 users", "cât durează un răspuns de 2000 de tokeni ... cu 20 de utilizatori";
# buyer audit 26a #6: a count's yes, no duration, 512 output tokens)
_ONE_REQUEST_W = (r"(?:a|an|one|each|every|single|the|my|our)\s++(?:single\s++)?"
                  r"(?:\d[\d,.]*+\s*+k?[\s-]*+(?:tokens?|tok)[\s-]++(?:long\s++)?)?"
                  r"(?:requests?|query|queries|calls?|completions?|responses?|answers?"
                  r"|repl(?:y|ies)|generations?|outputs?)\b")
# "how much does a 2,000-token output take": a time, as "how long does ..." is, never a price
# (audit buyer31a #9: the cheapest offers and no time; Romanian "cât durează un răspuns de
# 2.000 de tokeni" gave 50 s); "take" right after the request, so "how much does a request
# cost" and "how much memory does a request take" stay what they were
_HOW_MUCH_TAKES = re.compile(r"\bhow much\s++(?:does|will|would|do|should)\s++" + _ONE_REQUEST_W
                             + r"(?:\s++(?:of|with)\s++(?:about\s++|~\s*+)?\d[\d,.]*+\s*+k?\s*+"
                             r"(?:tokens?|tok)\b)?\s++take\b")
_REQUEST_TAKES = re.compile(r"\b(?:how long|how much time)\s++(?:does|will|would|do|should)\s++"
                            + _ONE_REQUEST_W + r"|" + _HOW_MUCH_TAKES.pattern +
                            r"|\bcat (?:timp )?dureaza (?:o|fiecare) (?:cerere|interogare)\b"
                            r"|\bcat (?:timp )?dureaza (?:un|fiecare) (?:singur )?raspuns\b")


def _request_time_also(f: str) -> str | None:
    """The second figure asked with one request's time (:attr:`Stated.request_time_also`):
    requests per period ("how many requests per second can an H100 serve") or the price per
    1M tokens ("what does it cost per million tokens")."""
    if not _REQUEST_TAKES.search(f):
        return None
    ra = _RATE_ASKED.search(f)
    if ra:
        return "requests_" + ("second" if ra.group("rps")
                              else _RATE_UNIT[ra.group("unit") or ra.group("unit_in")
                                         or ra.group("unit_lead")])
    if _COST_MILLION.search(f) and _MONEY_Q.search(f):
        return "million"
    return None


# a request of its prompt alone: "prefill only (0 output tokens) ... time?" is that request's
# time (audit regress6 6: a fit's yes)
_PREFILL_ONLY = re.compile(r"\bprefill[- ]only\b|\bonly (?:the )?prefill\b"
                           r"|\b(?:doar|numai) (?:faza de )?prefill\b")
# a request's whole time asked as a latency: "total latency", "end-to-end latency", "response
# time", "latența totală", "timpul de răspuns", or a bare "latency"/"latența" with the request's
# output stated ("latency for 1k input and 200 output"): the time to the first token plus the
# output at the time per output token (speed's "request_time"), never the TTFT alone, unless
# the first token is named (_FIRST_TOKEN)
_WHOLE_LATENCY = re.compile(
    r"\b(?:latency|latenta\w*+|response time|timp(?:ul)? de raspuns|end[- ]to[- ]end|e2e)\b")
_FIRST_TOKEN = re.compile(r"\bttft\b|\bfirst[\s-]token\b|\bprimul(?:ui)? token\b")
# a whole latency named with the output tokens and no input: "end-to-end latency for 300 output
# tokens", "total latency for 200 output tokens", "latența totală pentru 200 de tokeni de
# ieșire": TTFT + N x TPOT (audit regress5 #9: it was the TTFT alone)
_TOTAL_LATENCY = re.compile(
    r"\b(?:total|end[- ]to[- ]end|e2e|overall|whole|full|complete)\s++(?:request\s++)?"
    r"(?:latency|response time)\b|\blatenta\w*+\s++(?:totala|completa|cap[- ]la[- ]cap)\b"
    r"|\btimp(?:ul)?\s++(?:total|complet)\s++de\s++raspuns\b")
# one request's seconds asked: "how many seconds to generate 300 tokens", "în câte secunde
# generează ..." (audit regress3 #11: a fit)
_SECONDS_Q = re.compile(r"\bhow many (?:seconds|secs|milliseconds|ms)\b"
                        r"|\bcate (?:secunde|milisecunde)\b")
# the precision to use asked, a model and a GPU named: "what precision should I use for llama
# 70b on an A100", "which quantization", "ce precizie să folosesc", "ce cuantizare": the largest
# that fits and runs there, the others after (speed's "precision"; it was "bf16 does not fit")
_PRECISION_PICK = re.compile(
    r"\b(?:what|which|best)\s++(?:\w++\s++)?(?:precision|quantization|quantisation|quant"
    r"|dtype)\b|\b(?:ce|care)\s++(?:\w++\s++)?(?:precizie|cuantizare)\b"
    r"|\b(?:precizi[ae]|cuantizare(?:a)?)\s++(?:recomandat\w*+|potrivit\w*+|optim\w*+)\b")


def classify(text: str, model_kind: str | None, gpu_named: int, has_model: bool,
             concurrent: int | None, place: bool = False,
             models_named: int = 0, switch_weighed: bool = False,
             job_tokens: int | None = None) -> tuple[str, str | None]:
    """(intent, sub) of ``text``. ``model_kind``: the kind of the model named (llm,
    diffusion, audio) or None; ``gpu_named``: how many distinct GPUs it names; ``place``:
    whether it names a place the region filter reads (:attr:`Details.region`);
    ``models_named``: how many language models it names as alternatives
    (:attr:`Stated.models`); ``switch_weighed``: a switch of precision is weighed as a pair
    (:attr:`Stated.precisions_switched`: "switching from bf16 to fp8, how much faster?");
    ``job_tokens``: the tokens of a volume of text the question states ("10 GB of
    documents": :attr:`Details.tokens` read from its bytes), a job of that many tokens, so
    that the volume is read as its tokens (:data:`_TEXT_VOLUME_AMOUNT`), never as memory or
    data moved ("cât durează embedding-ul a 10 GB de text" was a memory answer)."""
    folded = _fold(text)
    inc = _STORAGE_INCLUDED.search(folded)
    if inc is not None and (_TRAIN.search(folded) or _FINETUNE.search(folded)):
        # "how much does it cost to train ... including storage of checkpoints?": the job's
        # cost, whose answer adds the storage and the total, never the storage alone (buyer
        # audit 31b #4): read without the clause
        rest = folded[:inc.start()] + folded[inc.end():]
        if _MONEY_Q.search(rest):
            return classify(rest, model_kind, gpu_named, has_model, concurrent, place,
                            models_named, switch_weighed, job_tokens)
    if job_tokens:
        folded = _TEXT_VOLUME_AMOUNT.sub(f"{job_tokens} tokens", folded, count=1)
    f = _NO_SPOT.sub(" ", folded)  # "not on spot": on-demand, the other intent answers
    # "the job cannot be interrupted", "nu poate fi întrerupt": on-demand too, never the spot
    # intent (the RO one answered "Spot, dacă jobul salvează checkpointuri", audit batch B2)
    f = _NOT_INTERRUPTIBLE.sub(" ", f)
    if _spot_ruled_out(_fold(text)):
        # "spot is fine for dev; this job can't be interrupted": the job's own rule, never
        # the spot intent (audit regress10 #4: an hourly spot line, no job cost)
        f = _SPOT_OK.sub(" ", f)
    # "under 5 seconds per image" is a limit the recommendation checks (Stated), never the
    # seconds per image asked (it answered one image's time on the cheapest card)
    f = _PER_ITEM_LIMIT.sub(" ", f)
    # an objective word that describes the model ("the DPO checkpoint", "trained with RLHF",
    # "Tulu 2 DPO 70B" with a speed asked) is no fine-tuning asked (audit regress5 #1)
    f = model_objectives_masked(f)
    if (has_model or _GPU_HOURS_AMOUNT.search(f)) and gpu_named and not _MEMORY_ASKED.search(f):
        # "llama 3.1 8b on A100, how much?": the price, as "how much does it cost" (was a fit);
        # "750 GPU-hours of H100 at RunPod. How much?" too (was a guidance passage)
        f = _BARE_HOW_MUCH.sub(" how much does it cost ", f)
    if has_model and gpu_named:
        f = _BARE_HOW_MANY.sub(" how many gpus ", f)
    if (has_model and (_FINETUNE.search(f) or _TRAIN.search(f)) and _train_job_sized(f)
            and not _MEMORY_ASKED.search(f)):
        # a training job sized ("3 epochs over 20M tokens of LoRA ..., how much?", "..., cât?"):
        # its cost (_BARE_HOW_MUCH_JOB)
        f = _BARE_HOW_MUCH_JOB.sub(" how much does it cost ", f)
    media = model_kind in ("diffusion", "audio")
    # "what GPU for llama 70b", "recommend a GPU", "best GPU for": the recommendation, its top
    # setup and price, as "ce GPU pentru" (_COST) answers it (audit ask_intent: the English
    # answered the memory); "how much VRAM ... which GPU" stays the memory asked
    # "what GPU should I buy for home": a card owned, not rented: the cards that hold the model
    # (its memory answer), never an hourly price (audit regress2 #15: a cloud rental at $0.15/h)
    buy = bool(_BUY.search(f)) and not _RENT.search(f)
    rec_q = bool(has_model and _RECOMMEND_Q.search(f) and not _MEMORY_Q.search(f)
                 and not _FASTEST.search(f) and not buy)
    cost_q = rec_q or (bool(_COST.search(_HOW_MUCH_TAKES.sub(" ", f))) and not buy) or bool(
        not has_model and gpu_named == 1 and _RENTAL_FOR.search(f) and not _FITS.search(f))
    users_q = bool(_MORE_USERS.search(f) or _MAX_USERS.search(f))
    if (has_model and _CKPT_WORD.search(f) and _CKPT_STORED.search(f)
            and (cost_q or _COST_MONTH.search(f) or _CKPT_SIZE.search(f))
            and ckpt_of_run(f) and not _train_job_sized(f) and not _TOKENS_COUNTED.search(f)
            and not _CHECKPOINT_EVERY.search(f)
            and not _EGRESS.search(f)):
        # a training run's checkpoints stored, their price or a month asked, no run sized
        # ("how much does it cost to store the checkpoints of a 405B pretraining run on 128
        # nodes for a month?", "cât costă stocarea checkpoint-urilor ... pe lună?"): the
        # storage rule's GB and monthly prices, as "how much disk for the checkpoints" is
        # answered (audit buyer29b #3: a $119 M pre-training plan answered it)
        return "storage_egress", "storage"
    if (models_named >= 2 and gpu_named == 1 and not has_model and _COMPARE.search(f)
            and (_SPEED.search(f) or _FASTER.search(f) or _SLOWER.search(f)
                 or _MONEY_Q.search(f) or _per_million(f) or users_q)
            and not _MEMORY_Q.search(f) and not _TRAIN.search(f) and not _FINETUNE.search(f)):
        # "Qwen3-30B-A3B vs Mixtral 8x7B on an H100 for 16 users: which is faster?", "llama
        # 3.1 8b or qwen2.5 7b on a 4090, which is cheaper per million tokens?": each model
        # on that GPU side by side (numbers/compare.py's models; audit buyer17b #6: a
        # guidance passage and no number); "which serves more users at 20 tok/s each?": the
        # users each serves, as "how many users" asks of one model (numbers/write._each_users;
        # audit buyer24b #11 gave one request's speeds, no count)
        return "compare", ("million" if _per_million(f) else "users" if users_q else None)
    if (_KV.search(f) and has_model and _MEMORY_Q.search(f) and not _KV_ASKED.search(f)
            and kv_precision(text) is not None):
        # "how much VRAM for llama 8b with an fp8 KV cache": the total, its KV cache at that
        # precision (it answered the KV cache alone); "how much memory does the KV cache
        # take" stays the cache's
        return "memory", None
    if (_KV.search(f) and has_model and not media and concurrent is None
            and kv_precision(text) is not None and not _KV_ASKED.search(f)
            and (_CONCURRENCY_Q.search(f) or _MAX_USERS.search(f) or _MORE_USERS.search(f))):
        # "if I use an fp8 KV cache, how many concurrent users fit": the users count at that
        # KV precision (it answered the KV bytes per token; audit ask_misc_ro)
        return "max_concurrency", None
    if _KV.search(f) and not _SPOT.search(f):
        return "kv_cache", None
    listed = _MEMORY_FILTER.sub(" ", f)  # "with more than 80 GB of memory": no use asked
    if (not has_model and not gpu_named and _GPUS_IN_PLACE.search(listed)
            and not _GPUS_FOR.search(listed)):
        # "ce GPU-uri pot închiria în România?", "what GPUs can I rent in the EU?": the GPUs
        # with offers located there (numbers/regions.py; audit ro2 #4: a guidance passage);
        # "GPUs with more than 80 GB of memory in Finland under $3/h": those the filters keep
        return "regions", None
    if (place and not has_model and gpu_named == 1
            and (_OFFERED_Q.search(f) or _BARE_IN_PLACE.match(f))
            and not _PRICE_WORD.search(f) and not _SPOT.search(f)
            and not _MEMORY_ASKED.search(f) and not _FITS.search(f)):
        # "are there H100s in Finland?", "sunt H100 în Finlanda?": that GPU's offers located
        # there, the cheapest first and counted (audit regionfilter: a guidance passage); its
        # price asked ("H100 in Finland price") stays the price answer
        return "regions", None
    if (has_model and not gpu_named and _OFFERS_ASKED.search(f) and not _MEMORY_ASKED.search(f)
            and not _TRAIN.search(f) and not _FINETUNE.search(f) and not _COUNT_Q.search(f)):
        # "ce oferte aveți în România pentru Llama 3.1 8B?", "what options do I have to run
        # it in Germany?": the cheapest offers that fit it, the region asked filtering them as
        # "cel mai ieftin GPU ... în România" does (audit ro2 #4: the memory, region dropped)
        return "cost", _cost_sub(f)
    if (not has_model and gpu_named == 1 and _GPU_PER_MINUTE.search(f)
            and not _BILL_WORD.search(f) and not _WORK_RATE.search(f)
            and (_MONEY_Q.search(f) or _HOW_MUCH_PER.search(f)
                 or re.search(r"\bhow much\b|\bcat costa\b", f))):
        # "How much is an H100 per minute?", "Cât costă un H100 pe minut?": the hourly price
        # over 60 (audit regress13 #11: the billing-granularity list); "billed per minute",
        # "granularity" stay billing
        return "cost", "minute"
    if model_kind == "audio" and gpu_named < 2 and (_audio_minute_cost(f)
                                                    or _audio_unit(f) is not None):
        # "cât costă pe minut transcrierea", "un minut de audio transcris": the price per
        # minute of audio (audit ro2 #7: billing granularity, or the hour of audio)
        return "cost", "unit"
    if media and gpu_named < 2 and _MEDIA_UNIT_COST.search(f) and (
            _MONEY_Q.search(f) or (_HOW_MUCH_PER.search(f) and not _MEMORY_ASKED.search(f))):
        # ("how much per 1024x1024 image": a price, audit regress5 #10: the seconds alone)
        # "cost per hour of audio", "per 1,000 images" (spot or not): a unit cost, the
        # pricing model said in the answer
        return "cost", "unit"
    if _SPOT.search(f) and not has_model and gpu_named == 1 and _lasting_q(f):
        # "how many hours of H100 spot do I get for $100?": the hours the amount buys, on
        # spot (100 / 1.00 = 100 h; audit regress13 #9: the spot price alone)
        return "cost", "hour"
    if (_SPOT.search(f) or _PREEMPTIBLE_RO.search(f)) and _MAX_RUNTIME.search(f):
        return "spot", "runtime"
    if _SPOT.search(f):
        # a month asked ("per month", "pe lună") or use around the clock ("24/7",
        # "non-stop"): the month's total on spot, not an hour; "how many GPUs ... on spot": a
        # count (a deadline plan on spot gives it as the number asked)
        return "spot", ("notice" if _NOTICE.search(f) else "month"
                        if _COST_MONTH.search(f) or _ROUND_THE_CLOCK.search(f) else "count"
                        if _COUNT_Q.search(f) else _period_asked(f))
    if (not has_model and _MFU_ASKED.search(f) and _MFU_VALUE_Q.search(f)
            and not _MONEY_Q.search(f)):
        # "what MFU should I assume for training?", "what MFU does the service assume?": the
        # figure the training sizing assumes, by case (numbers/training._mfu_rule; a passage
        # alone, audit leftask #4)
        return ("finetune" if _FINETUNE.search(f) else "training"), None
    if (gpu_named == 1 and model_kind in (None, "llm") and _PRECISION_WORTH.search(f)
            and len(set(_PRECISION_WORD.findall(f))) == 1 and not _MONEY_Q.search(f)
            and not _TRAIN.search(f) and not _FINETUNE.search(f)):
        # "is FP8 on an A100 worth it?", "merită FP8 pe un A100?": whether the GPU computes in
        # that precision or runs it weight-only, what that buys (memory, decode) and what not
        # (compute), the model named sized both ways (numbers/memory._precision; passages
        # alone, audit leftask #5)
        return "precision", "worth"
    if (gpu_named >= 1 and not has_model
            and (_PRECISION_WORD.search(f) or re.search(r"\b(?:awq|gptq)\b", f))
            and _SUPPORT_Q.search(f) and not _MONEY_Q.search(f)):
        return "precision", None
    if (gpu_named == 1 and _FLASH_ATTENTION.search(f) and _SUPPORT_Q.search(f)
            and not _MONEY_Q.search(f) and not _TRAIN.search(f) and not _FINETUNE.search(f)
            and not _SPEED.search(f) and not _MEMORY_ASKED.search(f)):
        # "Does FlashAttention 2 work on a T4?": the kernels' GPU floor (Ampere), what runs
        # instead, the model's fit after it where one is named; it was a passage on VRAM
        # capacity or KV quantization (audit 25b #12)
        return "precision", "flash_attention"
    if (gpu_named == 1 and has_model and _native_asked(f) and _PRECISION_WORD.search(f)
            and _SUPPORT_Q.search(f) and not _MONEY_Q.search(f) and not _TRAIN.search(f)
            and not _FINETUNE.search(f)):
        # "Does MXFP4 run natively on H100? gpt-oss-120b": the GPU's kernels for the precision
        # asked, the model's fit after it (numbers/memory._precision); it was the fit's "Yes"
        # alone, though the H100 runs MXFP4 weight-only (audit 25b #9)
        return "precision", None
    if (has_model and model_kind == "llm" and gpu_named == 1
            and (_PRECISION_VS.search(f) or switch_weighed)
            and (switch_weighed or not _MONEY_Q.search(f)) and not _TRAIN.search(f)
            and not _FINETUNE.search(f) and not _COUNT_Q.search(f)
            and (switch_weighed or not (_TTFT.search(f) or _TPOT.search(f)))):
        # "fp8 or int4 for llama 70b on an H100?", "is int4 faster than fp8 …": both
        # (_PRECISION_VS); "switching from bf16 to fp8 on an H100, how much faster (and
        # cheaper)?" too, the one taken first, each priced where cheaper is asked (audit
        # buyer18b #2: a fit's yes, no speed). A first token's time or a time per token asked
        # ("fp8 vs bf16 …: TTFT?") is the speed answer's, each precision timed alone
        # (numbers/write._each_speed; audit buyer24b #4: decode tokens/s, no TTFT)
        return "speed", "precision_vs"
    if (has_model and not gpu_named and _MEMORY_ASKED.search(f)
            and (_PRECISION_VS.search(f) or _PRECISION_LIST.search(f))
            and not cost_q and not _MONEY_Q.search(f) and not _TRAIN.search(f)
            and not _FINETUNE.search(f) and not _COUNT_Q.search(f) and not _SPEED.search(f)
            and not _FASTER.search(f) and not _SLOWER.search(f)):
        # "Llama 3.1 8B: VRAM at fp16 vs int4 with 8k context?", "how much VRAM does FLUX.1
        # dev need at fp8 vs bf16?", "VRAM at fp16, fp8 and int4": each precision's total,
        # the first said leading (numbers/memory._memory_precisions; audit buyer20 #6: the
        # model's own bf16 alone, or FLUX's bf16 with a speed nobody asked)
        return "memory", "precisions"
    if (has_model and model_kind == "llm" and gpu_named == 1 and _PRECISION_PICK.search(f)
            and not _MONEY_Q.search(f) and not _TRAIN.search(f) and not _FINETUNE.search(f)
            and not _COUNT_Q.search(f) and not (_FITS.search(f) and _YES_NO.match(f))):
        # the precision to use there (_PRECISION_PICK); "does it fit? with which quantization"
        # keeps its yes or no first (the fit answer lists the precisions that fit)
        return "speed", "precision"
    if model_kind == "diffusion" and gpu_named < 2 and _IMAGES_PER_DOLLAR.search(f):
        # "how many images per dollar does SDXL give on an RTX 4090?": the cost per 1,000
        # images and its inverse, at the dated price (audit buyer30b #3: one image's time
        # alone, no dollar figure); understand.media_rate_asked reads it as "per_dollar"
        return "cost", "unit"
    if media and gpu_named < 2 and _lasting_budget(f) is not None:
        # "how long do 20 dollars last for SDXL on a 4090 (and how many images is that)?": an
        # amount asked how long it lasts, its hours and the images they make, as "$20"
        # reads (it gave one image's time; audit regress8 #5)
        return "cost", "hour"
    if not has_model and gpu_named == 1 and _lasting_q(f):
        # "how many hours of A100 do I get for $50?", "câte ore de H100 primesc cu 100 USD?":
        # the hours the amount buys, as "cât timp pot folosi un A100 cu 100 de dolari"
        # (audit ro2 #5: a count's guidance passage)
        return "cost", "hour"
    if (not has_model and gpu_named == 1 and _COUNT_Q.search(f) and _AFFORD_COUNT.search(f)
            and _AMOUNT_WORD.search(f)):
        # "how many H100s can I afford with $5,000 a month?", "câte H100 îmi permit cu 5.000
        # USD pe lună?": the GPUs the month's budget keeps running (audit ro2 #5)
        return "cost", "afford"
    if (model_kind == "diffusion" and gpu_named < 2 and _STEPS_RATE.search(f)
            and not _MONEY_Q.search(f)):
        # "how fast is SD 1.5 on an RTX 4090 in iterations per second?": the denoiser's steps
        # a second lead, the image's time after them (numbers/media; audit buyer28a #10)
        return "media", "steps"
    if media and _MEDIA_RATE.search(f) and not _MONEY_Q.search(f):
        if gpu_named >= 2:
            return "compare", None
        rate = _MEDIA_UNIT.search(f)
        unit = rate.group(1) if rate else ""
        if model_kind == "audio" and _AUDIO_PER_SECOND_ASKED.search(f):
            # "how many seconds of audio per second": the throughput asked, in its unit
            return "media", "second"
        sub = ("hour" if unit in ("hour", "hr", "h", "ora") or "audio" in f
               else "second" if unit.startswith("s") else "minute" if unit.startswith("min")
               else "day" if unit in ("day", "zi") else None)
        # "can SDXL run on an RTX 3060, and how many seconds per image?": the yes leads
        return "media", ("fits" if sub is None and _media_fit_asked(f)
                         and not _TIMES_REAL_TIME_ASKED.search(f) else sub)
    if media and gpu_named >= 2 and _COMPARE.search(f):
        return "compare", None
    # "500 de tokeni de ieșire" is a request's output, not egress
    fs = _TOKENS_OUT.sub(" ", f)
    if (has_model and (_FINETUNE.search(f) or _TRAIN.search(f)) and _train_job_sized(f)
            and (_STORAGE_NAMED.search(fs) or _EGRESS.search(fs)) and _STORAGE_AMOUNT.search(fs)
            and not serves_tuned(f) and not _MEMORY_ASKED.search(f)):
        # a training run sized with the volume it keeps and/or the data it sends out ("LoRA
        # fine-tune Llama 3.1 8B on 50M tokens on an A100 80GB at AWS with 2 TB storage and 1
        # TB egress", "... with 1 TB egress", "... with 2 TB of storage"): the run's cost, its
        # storage for the run's hours and its egress once in it (training._billed_run), its
        # cost leading where none is asked (it was a month at 24 h/day of the whole 8-GPU
        # machine, audit ftextras; with only one of the two and no cost word, that month or a
        # storage price list: audit jobextra21)
        return (("finetune" if _FINETUNE.search(f) else "training"),
                _train_sub(f, rec_q) or "cost")
    if (has_model and media and not cost_q and _STORAGE_AMOUNT.search(fs)
            and bool(_STORAGE_NAMED.search(fs)) != bool(_EGRESS.search(fs))
            and (_IMAGES.search(fs) or _media_job(fs))):
        # a media job sized with the volume it keeps or the data it sends out, and no cost
        # word ("Generate 100k SDXL images on an L40S and keep them in 500 GB of storage", "...
        # with 500 GB of egress"): the job, as it is answered without them, its storage
        # (Stated.storage_gb) or egress (Stated.egress_gb) in the job's breakdown (the storage
        # was a storage price list, both intent storage_egress: audit jobextra21)
        job = classify(_STORAGE_AMOUNT.sub(" ", _EGRESS.sub(" ", _STORAGE_NAMED.sub(" ", fs))),
                       model_kind, gpu_named, has_model, concurrent, place, models_named,
                       switch_weighed)
        if job[0] == "media":
            return job
    if (has_model and not media and not cost_q and _STORAGE_AMOUNT.search(fs)
            and bool(_STORAGE_NAMED.search(fs)) != bool(_EGRESS.search(fs))
            and (_llm_job(fs) or _documents_job(fs))
            and not (_FINETUNE.search(f) or _TRAIN.search(f)) and not _MEMORY_ASKED.search(f)):
        # a language model's batch job sized with the volume it keeps or the data it sends
        # out, and no cost word ("Summarise 1 million documents of 2,000 tokens with Llama 3.1
        # 8B on an H100 with 2 TB of storage", "Rezumă ... cu 2 TB de stocare"): the job's
        # time and cost, its storage for the job's hours (or its egress) in the job's
        # breakdown, as the same question with "what will it cost" is answered; a job's time
        # asked stays its time, a fit asked ("does it fit") stays the fit (it was a storage
        # price list, intent storage_egress: audit llmstore21)
        job = classify(_STORAGE_AMOUNT.sub(" ", _EGRESS.sub(" ", _STORAGE_NAMED.sub(" ", fs))),
                       model_kind, gpu_named, has_model, concurrent, place, models_named,
                       switch_weighed)
        if job in _STORED_JOB:
            return job
        if job[0] in ("fits", "guidance") and not _FIT_WORD.search(f):
            # with no GPU named too ("Summarise ... with Llama 3.1 8B, with 2 TB of storage",
            # "Run batch inference on 100M tokens ... with 2 TB storage"): the job on the
            # cheapest setup that fits, its storage for the job's hours (it was a storage
            # price list, or the GPUs the model fits on: audit storejob22)
            return "cost", "job"
    if (has_model and cost_q and _STORAGE_NAMED.search(fs) and not _EGRESS.search(fs)
            and _STORAGE_AMOUNT.search(fs)):
        # a job with the volume it keeps ("Transcribe 10,000 hours ... in 24h, cost incl
        # storage of 2TB?", "Generate 100k FLUX.1 schnell images and keep 500 GB of storage"):
        # the job's cost, its storage (Stated.storage_gb, the recommendations' storage_gb)
        # priced for the job's hours in it, as the job without the volume is answered (it was
        # a storage price list and no job cost, audit jobstorage)
        job = classify(_STORAGE_AMOUNT.sub(" ", _STORAGE_NAMED.sub(" ", fs)), model_kind,
                       gpu_named, has_model, concurrent, place, models_named, switch_weighed)
        if (job in _STORED_JOB or job[0] in ("finetune", "training")
                or (job == ("cost", "hour") and media
                    and (_IMAGES.search(fs) or _AUDIO_HOURS.search(fs)))):
            # ("cost incl storage of 2TB?" of 10,000 hours of audio: the job's cost, as the
            # media job's "cost?" is read, never an hour's)
            return job
        if (job == ("cost", "hour") and not media and (_llm_job(fs) or _documents_job(fs))
                and not (_FINETUNE.search(f) or _TRAIN.search(f)) and not _UNIT_COST.search(f)):
            # a language model's batch job with its storage, no GPU named ("What will it cost
            # to summarise 1 million documents of 2,000 tokens with Llama 3.1 8B with 2 TB of
            # storage?"): the job's cost, its storage for the job's hours, as with a GPU named
            # (it was a storage price list: audit storejob22)
            return "cost", "job"
    if (has_model and cost_q and _EGRESS.search(fs) and not _STORAGE_NAMED.search(fs)
            and (_FINETUNE.search(f) or _TRAIN.search(f)) and _train_job_sized(f)
            and not serves_tuned(f)):
        # a training run sized, with the data it sends out ("Cost of a LoRA fine-tune of
        # Llama 3.1 8B on 50M tokens, with 2 TB egress?"): the run's cost, its egress in it
        # (the recommendations' job_egress_gb), as the run without egress is answered (it
        # was a month at 24 h/day with the egress, audit jobextras)
        return ("finetune" if _FINETUNE.search(f) else "training"), _train_sub(f, rec_q)
    if _STORAGE.search(fs) and gpu_named >= 1 and cost_q and (
            has_model or not _EGRESS_ONLY.search(f)):
        # a GPU's month plus its storage and egress; a length stated and no month asked ("5
        # hours on 8 H100s with 500 GB of storage"): that length's GPU time and storage
        stated_h = (_DURATION.search(_CHECKPOINT_EVERY.sub(" ", f))
                    or _months_hours(f))  # "pentru 3 luni": 3 x 720 h, a length
        # or a job of a stated size ("Batch 100M tokens ... incl 500 GB egress: total?",
        # "100k images ... with 1 TB storage"): the job's cost, as the writer prices it (the
        # sub was "month" for a job: buyer audit 21 #11)
        sized = ((_llm_job(f) or _documents_job(f) or _IMAGES.search(f) or _media_job(f))
                 and not (_FINETUNE.search(f) or _TRAIN.search(f)))
        return "cost", ("job" if (stated_h or sized) and not _month_priced(f) else "month")
    if _STORAGE.search(fs) and has_model and cost_q and _IN_USE.search(f):
        # "monthly cost of serving llama 70b 12h/day with 500 GB of storage": the model's
        # month (GPU time, storage, egress), as the recommendations price it, no GPU named
        return "cost", "month"
    if (has_model and _DISK.search(fs) and _WEIGHT_FILES.search(fs) and not _EGRESS.search(fs)
            and not _SIZE_STATED.search(fs) and not _GPU_MEMORY_WORD.search(f)
            and not _TRAIN.search(f) and not _FINETUNE.search(f)):
        # the model's weights on disk: their GB, or their storage's price where a price or a
        # month is asked ("... to store llama 405b weights for a month?")
        return "memory", _disk_sub(f)
    if (has_model and model_kind == "llm" and gpu_named == 0 and spec_asked(f)
            and not (_MEMORY_ASKED.search(f) or _FITS.search(f) or cost_q)):
        # a field of the model's configuration asked ("what is the context length of
        # Qwen3-32B", "how many KV heads does Llama 3.3 70B have"): the catalog's value, not
        # a memory figure (audit 31d #9)
        return "memory", "spec"
    if has_model and params_asked(f) and not (_MEMORY_ASKED.search(f) or _FITS.search(f)):
        # the model's parameter count asked ("how many active parameters does Mixtral have",
        # "câți parametri activi are DeepSeek-V3"): the catalog's counts, not a memory
        # figure (audit 30a #8)
        return "memory", "params"
    if has_model and adapter_asked(f):
        # a LoRA adapter's size or trainable parameters asked: the checkpoint rule's
        # adapter count and 16-bit bytes (numbers.terms._checkpoints), not the run's GPU
        # memory (audit buyer29b #6)
        return "storage_egress", "storage"
    if (has_model and _CKPT_WORD.search(f) and _CKPT_SIZE.search(f)
            and not _CHECKPOINT_EVERY.search(f) and not _SIZE_STATED.search(fs)
            and not _GPU_MEMORY_WORD.search(f) and not _EGRESS.search(fs)):
        if ckpt_of_run(f):
            # a training run's checkpoint size asked: the storage rule's bytes (audit train2 #5)
            return "storage_egress", "storage"
        if _CKPT_WEIGHTS_SIZE.search(f) and not _CKPT_GPU_ASKED.search(f):
            # "how big is the llama 3.1 70b checkpoint?": the released weights' GB on disk, as
            # "the disk size of the checkpoint" is answered (audit regress11 #5)
            return "memory", _disk_sub(f)
        # "what size GPU do I need to run the llama 3.1 8b checkpoint?": read on below, as
        # any question about running the model
    # "câtă memorie VRAM trebuie pentru qwen ca să extragă date din documente": a model's
    # memory, not data moved out of a cloud
    if _STORAGE.search(fs) and not (has_model and (_FITS.search(f) or _MEMORY_Q.search(f))):
        sub = "egress" if _EGRESS.search(fs) else "storage"
        return "storage_egress", sub
    if _DISK_AMOUNT.search(fs) and not has_model and not gpu_named:
        # "100 GB of disk per month at RunPod": a storage price, as "storage" is (audit cost
        # #9: a passage and no number)
        return "storage_egress", "storage"
    # "50 requests per second", "100 de imagini SDXL pe minut" are a load, not billing
    # ("how many tokens per minute can it generate": a rate asked, _TOKENS_RATE_ASKED)
    if (_BILLING.search(f) and not _SPEED.search(f) and not _REQ_RATE.search(f)
            and not _WORK_RATE.search(f) and not _SERVE_RATE.search(f)
            # "cost per minute of video" with a video model: that unit's cost (buyer audit
            # 26c #2), "billed per minute" stays billing
            and not (model_kind == "diffusion" and _PER_VIDEO_UNIT.search(f)
                     and not _BILL_WORD.search(f))
            and not (has_model and _TOKENS_RATE_ASKED.search(f))):
        return "billing", None
    speed_figure = bool(_SPEED.search(f) or _TOKENS_RATE_ASKED.search(f) or _FASTER.search(f)
                        or _SLOWER.search(f) or _BY_HOW_MUCH.search(f))
    # (no card named in "NVLink vs PCIe": the links' figures, which card's two variants not said)
    link_speed = has_model and speed_figure and (gpu_named >= 1 or not _FORM_VS.search(f))
    if (_INTERCONNECT.search(f) and not link_speed
            and not (gpu_named >= 2 and _FORM_VS.search(f) and speed_figure)
            # two variants of a card weighed for inference, or for a model's serving ("H100
            # PCIe or SXM for inference?"): their speed and price compared, which their memory
            # bandwidth decides, not the link (buyer audit 28b #12: the link specs alone)
            and not (gpu_named >= 2 and _FORM_VS.search(f)
                     and (_INFER_USE.search(f) or (has_model and model_kind == "llm"))
                     and not _TRAIN.search(f) and not _FINETUNE.search(f))
            and not _training_run_on_network(f, has_model, gpu_named)):
        # ("H100 PCIe vs SXM tok/s": two cards' speed compared, not their links; audit ask_en
        # #8 gave the link specs alone). A model's speed asked on a setup said with its link
        # ("Mixtral on 4x H100 NVLink: tokens/s and TTFT?", "NVLink vs PCIe, by how much
        # faster?") is the speed, on the GPU's own interconnect (audit buyer20 #4: the link
        # specs alone)
        return "interconnect", None
    if (not has_model and gpu_named == 1 and _PROVIDERS_OF.search(f) and not _SPOT.search(f)
            and not _RESERVED.search(f) and not _MEMORY_ASKED.search(f)
            and not _FITS.search(f) and not _ONE_CHEAPEST.search(f)):
        # "which providers have H200?", "who rents H200s?", "ce furnizori au H200?": every
        # provider with an offer of it, cheapest first (numbers/regions.gpu_providers; buyer
        # audit: the cheapest one alone, or a guidance passage)
        return "cost", "providers"
    if _FINETUNE.search(f) and not serves_tuned(f):
        # ("serve my fine-tuned llama to 10 users": a model tuned before, served)
        return "finetune", _train_sub(f, rec_q)
    if _TRAIN.search(f) and not _TRAINING_DATA.search(f):
        return "training", _train_sub(f, rec_q)
    if (_EMBED_JOB.search(f) and _TIME_Q.search(_REAL_TIME.sub(" ", f))
            and not cost_q and not _EMBED_SPEED.search(f)):
        # "how long to embed 10 million documents": the job's time leads, its cost after it,
        # as a transcription job's does (it was "fits", and answered memory)
        return "cost", "time"
    if (has_model and not media and _TIME_Q.search(_REAL_TIME.sub(" ", _TTFT.sub(" ", f)))
            and (_llm_job(f) or _documents_job(f)) and not _COUNT_Q.search(f)):
        # "how long to run 500k prompts (2k in, 200 out) thru llama 3.1 8b on one h100": a
        # job of requests or tokens, its time leading and its cost after it (it was the
        # largest context, or "Yes, fits"; audit ask_reading); "cât durează să procesez 1
        # milion de documente": the documents are the job's items, one request each, as the
        # cost form reads them (audit ro2 #6: a yes/no fit with no duration)
        return "cost", "time"
    if (model_kind == "diffusion" and concurrent is not None and concurrent > 1
            and not gpu_named and not cost_q
            and not _COUNT_Q.search(f) and not _FITS.search(f) and not _MEMORY_Q.search(f)
            and not _MEDIA_MEMORY.search(f) and not _TIME_Q.search(_REAL_TIME.sub(" ", f))):
        # "Serve FLUX.1 schnell to 10 users with each image in under 3 seconds.": the setup
        # that serves them, its replicas and price, as "Ce GPU?" gets it in Romanian (audit
        # media #6: one image's time on one A100, the 10 users dropped), as an LLM's users are
        # counted (gpu_count)
        return "cost", _cost_sub(f)
    if (media and not cost_q and _media_job(f) and _egress_said(f)
            and not (_COUNT_Q.search(f) or _FITS.search(f) or _MEMORY_Q.search(f)
                     or _MEDIA_MEMORY.search(f) or _GPU_HOURS_Q.search(f)
                     or _TIME_Q.search(_REAL_TIME.sub(" ", f)))):
        # "Whisper large-v3 on an L4, 2,000 hours of audio, send out 50 GB": a job stated
        # with the data it sends out, nothing else asked: the job's cost, egress included
        # (audit totalread: a speed answer)
        return "cost", "job"
    # ("cât durează să transcriu 1 oră de audio": "oră de" read as a price per hour; with a
    # time asked and no money word it is a job of one hour, its time leading)
    if media and (not cost_q or (_COUNT_Q.search(f) and _deadline(f))
                  or (_TIME_Q.search(_REAL_TIME.sub(" ", f)) and not _MONEY_Q.search(f)
                      and not _COUNT_Q.search(f))):
        # "how much VRAM for SDXL at batch 8": the memory leads the answer (no yes or no);
        # "how long to transcribe 1,000 hours": a job's hours lead, its cost after them; "how
        # many L40S to make 10,000 images in 24 hours" (", and the cost?" too: the count
        # leads, its cost after it): the count that finishes in time; "how many GPU-hours
        # to generate 20,000 images": the job's GPU-hours (it led with the cost)
        return "media", ("gpu_hours" if _GPU_HOURS_Q.search(f) else "count"
                         if _COUNT_Q.search(f) else "fits" if _media_fit_asked(f)
                         else "memory"
                         if _MEMORY_Q.search(f) or _MEDIA_MEMORY.search(f)
                         else "time" if _TIME_Q.search(_REAL_TIME.sub(" ", f)) else None)
    if (has_model and not media and _REQUEST_TAKES.search(f) and gpu_named < 2
            and not _COUNT_Q.search(f)):
        # "with a budget of $2,000, how long does one request take on 70B for 20 users?":
        # the whole request's time at that load (TTFT + output x TPOT), not the hours the
        # budget buys (audit regress9 #7) nor its TTFT and tokens/s alone; with no users,
        # one request alone at the answers' prompt/output split (it was the memory)
        return "speed", "request_time"
    if (has_model and model_kind == "llm" and gpu_named < 2 and _EMBED_DOCS_RATE.search(f)
            and _EMBED_WORD.search(f) and not _MONEY_Q.search(f)):
        # "how many 512-token documents per second can bge-large embed on a T4?", "how many
        # documents/s can I embed": the rate asked, inputs embedded per second (speed's
        # embeddings), never "can ... embed on a T4" read as a fit (audit buyer16 #6)
        return "speed", "embeddings"
    ra = _RATE_ASKED.search(f)
    if (ra and has_model and not media and gpu_named < 2 and request_rate(f) is None
            and not _MONEY_Q.search(f) and concurrent is None):
        unit = ("second" if ra.group("rps")
                else _RATE_UNIT[ra.group("unit") or ra.group("unit_in")
                                         or ra.group("unit_lead")])
        return "speed", "requests_" + unit
    tr = _TOKENS_RATE_ASKED.search(f)
    per_dollar = tr is not None and _RATE_UNIT[tr.group("unit")] == "dollar"
    if (tr and has_model and model_kind == "llm" and gpu_named < 2
            and (per_dollar or not _MONEY_Q.search(f))
            and concurrent is None and not _TRAIN.search(f) and not _FINETUNE.search(f)):
        return "speed", "tokens_" + _RATE_UNIT[tr.group("unit")]
    if (_TOKENS_FOR_AMOUNT.search(f) and (tr is None or per_dollar) and has_model
            and model_kind == "llm" and gpu_named < 2 and concurrent is None
            and not _TRAIN.search(f) and not _FINETUNE.search(f)):
        # "how many tokens for $1", "câți tokeni pot genera cu 1 $": the tokens a dollar buys
        # times the amount (it was the hourly price; audit tokdollar #1)
        return "speed", "tokens_dollar"
    if (_REQUEST_COST_ASKED.search(f) and has_model and model_kind == "llm" and gpu_named < 2
            and concurrent is None and request_rate(f) is None):
        return "speed", "request_cost"
    io = input_output_tokens(text)
    said_out = bool(_OUTPUT_TOKENS.search(f)) or io[1] is not None
    if (has_model and not media and not cost_q
            and (_GENERATE_ASKED.search(f) or (said_out and (_ONE_REQUEST_SAID.search(f)
                                                             or io[0] is not None
                                                             # "0 new tokens and 4,000 prompt
                                                             # tokens: time?" (regress8 #6)
                                                             or prompt_tokens(text) is not None
                                                             or _PREFILL_ONLY.search(f)
                                                             or _TOTAL_LATENCY.search(f))))
            and (_TIME_Q.search(_REAL_TIME.sub(" ", _TTFT.sub(" ", f))) or _SECONDS_Q.search(f)
                 or (said_out and _WHOLE_LATENCY.search(f) and not _FIRST_TOKEN.search(f)
                     and not _TPOT.search(f)))
            and not _COUNT_Q.search(f) and concurrent is None and gpu_named < 2):
        # one request's N tokens timed (_GENERATE_ASKED); a request's input and output said
        # with its latency asked: the whole request (audit regress4 #4: it was the TTFT alone,
        # the largest context, or a fit's yes)
        return "speed", "request_time"
    if _MAX_USERS.search(f) and concurrent is None and not media:
        return "max_concurrency", None
    if (_MAX_CTX.search(f) and not media and not (_COST_MILLION.search(f) and cost_q)
            # requests of a context counted ("câte cereri simultane cu context de 32k
            # încap"): a concurrency count, as English reads it (audit 31a #7: RO answered
            # the largest context)
            and not (_CONCURRENCY_Q.search(f) and concurrent is None)
            and not (has_model and _llm_job(f) and cost_q)
            # a prompt's length stated with its first token or its processing asked: "how
            # long until the first token for a prompt of 100k tokens" times that prompt, it
            # asks no largest one (audit rottft22: the largest context answered)
            and not ((_FIRST_TOKEN.search(f) or _PREFILL_ASKED.search(f))
                     and prompt_tokens(text) is not None)):
        # "how much does 1M input tokens cost" is a price; "how much to run 10k prompts
        # through llama" a job's (audit ask_reading2: the largest context)
        return "max_context", None
    if gpu_named >= 2 and _COMPARE.search(f):
        return "compare", "million" if _per_million(f) and not media else None
    if _CONCURRENCY_Q.search(f) and concurrent is None and not _COUNT_Q.search(f):
        return "max_concurrency", None
    if (_MEMORY_Q.search(f) and has_model and _COUNT_Q.search(f) and not media
            and gpu_named == 1 and _MEMORY_AND_COUNT.search(f)):
        # "how much memory does 405B take in fp8 and on how many H200 does it fit?": the
        # total on the fewest of that GPU, then the count (audit ask_ro #2: each GPU's GiB
        # on 4 × H200 alone)
        return "memory", "count"
    if _MEMORY_Q.search(f) and has_model and not _COUNT_Q.search(f) and not media:
        # "how much VRAM ... for 20 users": the memory at that load; "per GPU": each GPU's
        return "memory", _memory_sub(f)
    if ((_VRAM_FOR_USERS.search(f) or _VRAM_AT_LOAD.search(f)) and has_model
            and not _COUNT_Q.search(f) and not media and not _VRAM_CHOICE.search(f)):
        return "memory", _memory_sub(f)
    # "the time per output token ... with 32 users": the speed at that load, not a count
    if _COUNT_Q.search(f) or (concurrent is not None and has_model and not cost_q
                              and not _SPEED.search(f) and not _TPOT.search(f)):
        # "do I need 2 H100 for 100 users?" compares the count stated (No only when fewer
        # do); "how many H100 do I need?" asks the count
        return "gpu_count", "need" if _NEED_N.search(f) and not _COUNT_Q.search(f) else None
    lat = _PERCENTILE.sub(" ", f)  # ("TTFT p95 under 2 s": the limit, as Stated reads it)
    if (_COST_ASKED.search(f) and (_TTFT_LIMIT.search(lat) or _TTFT_TARGET.search(lat)
                                   or _latency_ttft_ms(lat) is not None)
            and not media):
        return "cost", _cost_sub(f)  # what it costs with a TTFT as the limit: a cost
    if (has_model and not media and cost_q
            and _aggregate_tps(f, _TPS_TARGET.search(f)) is not None):
        # "what does 2000 tokens per second cost per month": a load in total priced, not a
        # speed with each user's target (audit ask_reading2)
        return "cost", _cost_sub(f)
    prefill = bool(has_model and model_kind == "llm" and _PREFILL_ASKED.search(f)
                   and not cost_q)
    if (_SPEED.search(f) or _TPOT.search(f) or _EMBED_SPEED.search(f)
            or _minute_rate(f) or prefill) and not media:
        # a prompt's processing timed ("how long does prefill of 200k tokens take", "how
        # long to process a 100k token prompt", "cât durează procesarea unui prompt de 200k
        # tokeni"): the time to its first token leads, as "TTFT for a 100k token prompt"
        # does (buyer audit 28a #3)
        timed = prefill and bool(_PROMPT_HOW_LONG.search(f)
                                 or _TIME_Q.search(_REAL_TIME.sub(" ", f)))
        sub = "tpot" if _TPOT.search(f) else "ttft" if _TTFT.search(f) or timed \
            else "prefill" if prefill \
            else "throughput" if _THROUGHPUT.search(f) \
            else "embeddings" if _EMBED_SPEED.search(f) else "tps"
        return "speed", sub
    if (_REQ_RATE.search(f) and has_model and gpu_named == 1 and not media
            and not cost_q):
        # "at 10 requests/s ... can it keep up?": the model on that GPU at that load, yes or
        # no; "does it fit ... at 5 requests/s": the figures at that load, no yes or no (it
        # may fit and still not keep up)
        return "speed", "load" if re.search(r"\bfits?\b|\bincape\w*+", f) else "rate"
    if _REQ_RATE.search(f) and has_model and not gpu_named and not media and _WHICH_GPU.search(f):
        # "which GPU for llama 8b at 50 requests per second?", "what GPU do I need ... serving
        # 50 requests/s": the recommendation at that rate, as "which GPU should I rent" and
        # "ce GPU îmi trebuie" (_COST) answer it; it was one request's memory
        return "cost", _cost_sub(f)
    reserved = bool(_RESERVED.search(f)) and not _MEMORY.search(f)  # not "memory reserved"
    if cost_q or reserved:
        sub = _cost_sub(f)  # a reserved price asked by the hour: the reserved passage answers
        # (a "reserved for a year" or "annual commitment" is the reservation's term)
        return "cost", "reserved" if sub in ("hour", "year") and reserved else sub
    # "do I need 2 GPUs for ...": the count stated checked against the fewest that hold it
    need = "need" if _NEED_N.search(f) else None
    if _FITS.search(f):
        return "fits", need
    if media:
        return "media", None
    if (_MEMORY.search(f) and has_model) or _MEMORY_Q.search(f):
        return "memory", _memory_sub(f)
    if has_model and (gpu_named == 1 or (need and not gpu_named)):
        # "Qwen3-30B-A3B on an RTX 4090", "is the MI300X good for Llama 405B?": the model on
        # that GPU, one unless a count is stated; "do I need 2 GPUs for mistral-7b?" (no GPU
        # named): the count stated against the fewest of any GPU that hold it
        return "fits", need
    if buy and has_model:
        return "memory", None  # a card to own: the memory and the cards that hold it
    if gpu_named and not has_model and _BARE_PERIOD.search(f) and not _NOT_A_PRICE.search(f):
        # "16-GPU H100 cluster per day?", "un H100 pe lună?": a GPU and a period, nothing else
        # asked: its price for that period (it was general guidance)
        return "cost", _cost_sub(f)
    if gpu_named >= 2:
        return "compare", None
    return "guidance", None


# GPUs asked as a list, then located: "what GPUs can I rent in the EU", "which GPUs are
# available in Germany", "are there GPUs in Bucharest", "ce GPU-uri pot închiria în România",
# "există GPU-uri în București", "ce GPU-uri aveți în UE" (numbers/regions.py)
_GPUS_IN_PLACE = re.compile(
    # ("GPUs under $1/h in Germany", "GPU-uri sub 1 $/oră în Germania": the list asked bare)
    r"(?:^\s*+(?:(?:all|the|list|show(?: me)?)\s++)?"
    r"|\b(?:what|which|any|are there|ce|care|exista|aveti|avem)\b[^?.!]{0,24}?)"
    r"\b(?:gpus|gpu-uri|gpuuri|placi video|graphics cards)\b[^?.!]{0,40}?"
    r"\b(?:in|within|din|la)\s++(?:the\s++)?[a-z]")
# the GPUs asked for a use, not a place: "which GPUs for inference in Europe", "what GPUs
# support fp8", "ce GPU-uri pentru Llama" (a model is no list of a place's offers)
_GPUS_FOR = re.compile(r"\b(?:for|pentru|support\w*+|suport\w*+|run\w*+|rul\w*+|good|bune?"
                       r"|fast\w*+|rapid\w*+|memor\w*+|vram|train\w*+|antren\w*+|fit\w*+"
                       r"|incap\w*+)\b")


# a card's memory written as a filter of the list ("with more than 80 GB of memory", "cu peste
# 80 GB de VRAM"): no use asked, unlike "what GPUs have the most memory"
_MEMORY_FILTER = re.compile(r"(?<![\d.])\d{1,3}\s*+(?:gb|gib)\s*+(?:(?:of|de)\s++)?"
                            r"(?:vram|memory|memorie)\b")
# a named GPU's offers asked in a place: "are there H100s in Finland", "is the H100 available
# in Germany", "any H100 in Finland", "sunt H100 în Finlanda", "există H100 în România"
_OFFERED_Q = re.compile(r"\b(?:are there|is there|any|available|availability|offered"
                        r"|exista|exist|exists|sunt|se gasesc|disponibil\w*+|do you have"
                        r"|aveti|avem)\b")
# a GPU and a place alone: "H100 in europe-west4", "an A100 in Finland?", "H100 în Islanda"
# (audit 30c #8: a guidance passage): its offers there, as "are there H100s in ..." answers
_BARE_IN_PLACE = re.compile(r"\A\s*+(?:an?\s++|un\s++|o\s++)?[\w.-]++(?:\s++[\w.-]++)?\s++"
                            r"(?:in|din|within)\s++(?:the\s++)?[\w.-]++(?:\s++[\w.-]++)?"
                            r"\s*+[?.!]?\s*+$")
# a price asked in so many words: "H100 in Finland price", "how much", "cât costă"
_PRICE_WORD = re.compile(r"\bhow much\b|\bcost\w*+|\bcosta\b|\bprice\w*+|\bpret(?!rain)\w*+"
                         r"|\bcheap\w*+|\bieftin\w*+|\btarif\w*+|\brates?\b")
# offers or options asked for a model: "ce oferte aveți", "what offers", "ce opțiuni am"
_OFFERS_ASKED = re.compile(r"\b(?:what|which|any|ce|care)\s++(?:\w++\s++)?(?:offers?|options?"
                           r"|oferte|optiuni)\b")


# the memory asked and a count asked, joined: "... take in FP8 and on how many H200 ...",
# "câtă memorie ocupă ... și pe câte H200 încape"
_MEMORY_AND_COUNT = re.compile(r"\b(?:memory|vram|memorie|gib|gb)\b[^?]{0,80}?\b(?:and|si)\b"
                               r"[^?]{0,20}?\b(?:how many|cate|cati)\b")


_BARE_PERIOD = re.compile(r"\b(?:per|a|an|pe|each|every)\s++(?:hour|day|week|month|year|ora|zi"
                          r"|saptamana|luna|an)\s*+[?.!]*+\s*+$")
_NOT_A_PRICE = re.compile(r"\bhow many\b|\bcat[ei]?\b|\btoken|\bimage|\bimagin|\brequest"
                          r"|\bcerer|\busers?\b|\butilizator|\bprompt")


_TIME_Q = re.compile(r"\bhow long\b|\bcat (?:timp|dureaza)\b|\bdurat\w*+|\bhow many hours\b"
                     r"|\bcate ore\b|\btime\b|\btimp\w*+|\bdureaza\b"
                     # "how many days to pretrain …" (it led with the cost)
                     r"|\bhow many (?:days|weeks|minutes)\b|\bcate (?:zile|saptamani|minute)\b"
                     # when it is done, not its rate: "how quickly can I finish a fine-tune",
                     # "how soon", "cât de repede pot termina"
                     r"|\bhow soon\b|\b(?:how (?:quickly|fast)|cat de (?:repede|rapid))\b"
                     r"[^?]{0,60}?\b(?:finish|complete|done|termin|finaliz|gata)\w*+"
                     + "|" + _TERSE_TIME.pattern)
# the words of _COST that name a sum of money (a budget), not a cost asked
_BUDGET_SUM = re.compile(r"\$|usd|dolari|dollars?|budget|buget\w*+")
# a job's length asked in words that ask nothing else ("how long", "cât durează", "how many
# hours", "câte zile"): before a cost asked, it leads (_train_sub)
_HOW_LONG_FIRST = re.compile(r"\bhow long\b|\bcat (?:timp|dureaza)\b|\bdureaza\b"
                             r"|\bhow many (?:hours|days|weeks)\b|\bcate (?:ore|zile|saptamani)\b"
                             + "|" + _TERSE_TIME.pattern)
# "real-time transcription", "în timp real": a speed, not a job's length
_REAL_TIME = re.compile(r"\breal[- ]?time\b|\btimp real\b")
# real time asked at a question's end with no verb before it: "Bark on an L4, real-time?",
# "..., în timp real?" (Stated.real_time_asked)
_REAL_TIME_ASKED = re.compile(r"(?:\breal[- ]?time|\btimp real)\s*+\?")


# GPU-hours asked: "how many GPU hours", "how many H100 hours", "GPU-hours", "ore-GPU", "câte
# ore de H100"; a bare "how many hours" asks the wall-clock hours (_TIME_Q), which it answered
# with GPU-hours, or with the memory where no GPU was named
_GPU_HOURS_Q = re.compile(
    r"\bhow many\s++(?:[\w-]++\s++)?(?:gpu|h100|h200|a100|b200|l40s|4090|mi300x|card|node)"
    r"\w*+(?:\s++[\w-]++)?[\s-]*+hours\b|\bgpu[- ]hours?\b"
    r"|\bore[- ]gpu\b|\bcate ore(?:\s++(?:de|pe))?\s++(?:gpu|h100|h200|a100|b200|l40s|4090|mi300x)")


def _llm_job(f: str) -> bool:
    """A fixed amount of a language model's work stated, to time: a count of requests or
    prompts with no rate ("500k prompts", "1M requests"), or of tokens from 100,000 up ("100M
    tokens"; "32k tokens" is a context), as :func:`details` reads a job's tokens; never one
    request's length ("a 100k token prompt", "100k tokens of context")."""
    if request_rate(f) is None and _req_count(f):
        return True
    # input tokens with the first token asked are one request's prompt ("how long does the
    # first token take with 100k input tokens"): a job's inputs have no first token
    first = bool(_FIRST_TOKEN.search(f))
    return any(_num(m.group(1)) * _SCALE.get(m.group(2) or "", 1.0) >= 100_000
               and not _RATE_AFTER.match(f, m.end()) and not _request_length(f, m)
               and not (first and _INPUT_WORD.search(m.group(0)))
               for m in _TOKENS.finditer(f))


_INPUT_WORD = re.compile(r"\b(?:input|prompt)\b")


# a length of one request after its tokens: "a 100k token prompt", "100k tokens of context"
# (audit ask_reading2: a TTFT asked became a job generating 100,000 tokens)
_ONE_REQUEST = re.compile(r"\s*+(?:(?:of|de)\s++)?(?:prompts?|prompturi|promptul|inputs?"
                          r"|intrare|context\w*+|ctx|window|fereastra|prefill)\b")
# ... and before them: "a context of 128k tokens", "cu un context de 128k tokeni", "context
# window of 128k tokens" (audit ask_left2: priced as generating 128,000 output tokens)
_CONTEXT_BEFORE = re.compile(r"\b(?:context\w*+|ctx|window|fereastra\w*+)\s++(?:(?:length|size"
                             r"|lungime\w*+)\s++)?(?:of|de|=|:)?\s*+(?:(?:about|around|up to"
                             r"|cca|aproximativ|pana la)\s++)?$")


# ... or a prompt before them: "a prompt of 100k tokens", "un prompt de 100k tokeni", "prompturi
# de 100k tokeni", "an input of 100k tokens", "o intrare de 100k tokeni" (audit rottft22: "cât
# durează primul token pentru un prompt de 100k tokeni" was a job generating 100,000 output
# tokens, its hours answered, where the English "100k-token prompt" got the TTFT)
_PROMPT_BEFORE = re.compile(r"\b(?:prompt(?:s|ul|-ul|ului|uri|urile)?|inputs?|intrare[a]?)\s++"
                            r"(?:(?:length|size|lungime\w*+|marime\w*+|long|lung|lungi|mare"
                            r"|mari)\s++)?(?:of|de|=|:|with|cu)?\s*+(?:(?:about|around|up to"
                            r"|cca|aproximativ|pana la)\s++)?$"
                            # a prefill of them: "prefill of 200k tokens", "prefill-ul a 200k
                            # tokeni" (audit buyer28a #3: a job generating 200,000 tokens)
                            r"|\bprefill(?:-?ul(?:ui)?)?\s++(?:of|for|de|a|al)\s++"
                            r"(?:(?:about|around|up to|cca|aproximativ|pana la)\s++)?$")


def _request_length(f: str, m: re.Match[str]) -> bool:
    """Whether the tokens :data:`_TOKENS` matched in ``f`` are one request's length, its
    context or prompt named after them ("128k tokens of context") or before them ("a context
    of 128k tokens", "un prompt de 100k tokeni"), never an amount of work."""
    before = f[max(0, m.start() - 40):m.start()]
    return bool(_ONE_REQUEST.match(f, m.end()) or _CONTEXT_BEFORE.search(before)
                or _PROMPT_BEFORE.search(before))


# tokens at a rate are a speed or a load, not a job: "100k tokens/s", "1M tokens a day"
_RATE_AFTER = re.compile(r"\s*+(?:/|per\b|pe\b|a day\b|an hour\b|each\b|every\b|daily\b"
                         r"|zilnic\b)")


def _train_sub(f: str, rec_q: bool = False) -> str | None:
    """``rec_q``: a setup asked as a recommendation ("what GPU do I need to fine-tune ...",
    :data:`_RECOMMEND_Q`), answered as "ce GPU pentru fine-tuning" is: its cost."""
    if _GPU_HOURS_Q.search(f):
        return "gpu_hours"  # "how many H100 hours": GPUs x wall hours
    if _COUNT_Q.search(f):
        return "count"
    cost = _COST.search(f)
    if cost is not None and not rec_q:
        # the time and the cost both asked: the first asked leads ("cât durează și cât
        # costă?" led with the cost where "how long and how much?" led with the time)
        time = _HOW_LONG_FIRST.search(f)
        # a sum of money is a budget, not a cost asked: "how long will $500 last", "how many
        # hours can I fine-tune ... for $2000" ask the hours it buys (the budget writer)
        budget = _BUDGET_SUM.fullmatch(cost.group(0)) is not None
        if time is not None and time.start() < cost.start() and not budget:
            return "time"
    if rec_q or cost is not None:
        return "cost"
    if _TIME_Q.search(f):
        return "time"
    if _SPEED.search(f):
        # "how fast", "tokens/s", "cât de repede": the training tokens/s leads; "does it fit
        # and how fast": the yes or no first, then the speed
        return "fits_speed" if re.search(r"\bfits?\b|\bincape\w*+", f) else "speed"
    return None


# a day's or a week's price ("per day", "a week", "daily", "pe zi", "săptămânal"), not the
# usage or load a price is for ("8 hours a day", "12 ore pe zi", "2 milioane de cereri pe zi")
_USAGE_PER = re.compile(r"(?:\b|(?<=\d))(?:hours?|hrs?|h|ore|minutes?|minute|mins?|days?|zile"
                        r"|requests?|cereri|queries"
                        r"|images?|imagini|tokens?|tokeni|users?|utilizatori|jobs?|videos?"
                        r"|clipuri)\s*+(?:a|per|pe|/)\s*+"
                        r"(?:day|zi|week|saptamana|year|an)\b")
# ("for one week", "timp de o săptămână", "pentru o zi": one of them, as "a week" is; "in
# one day", "într-o zi" are a deadline)
_ONE = r"|(?<!\bin )(?<!\bintr-)\b(?:one|o)\s++"
_COST_DAY = re.compile(r"\b(?:per|a|pe|each|every|/)\s*+(?:day|zi)\b|\bdaily\b|\bzilnic\w*+"
                       + _ONE + r"(?:day|zi)\b")
_COST_WEEK = re.compile(r"\b(?:per|a|pe|each|every|/)\s*+(?:week|saptamana)\b|\bweekly\b"
                        + _ONE + r"(?:week|saptamana)\b"
                        r"|\bsaptamanal\w*+")
# a year's price: "per year", "a year", "for a year", "annual", "pe an", "pe un an", "anual"
_COST_YEAR = re.compile(r"\b(?:per|a|pe|each|every|/|for (?:a|one|1)|over (?:a|one)|in (?:a|one)"
                        r"|pe un|intr-un|timp de (?:un|1)|pentru (?:un|1))\s*+(?:year|yr|an)\b"
                        r"|\byearly\b|\bannual\w*+|\banual\w*+|\bper annum\b"
                        # a year of use said after the verb or the setup: "un an întreg",
                        # "non-stop un an", "pe un L4 un an?" (not "un an de date": data)
                        r"|\b(?:un|1) an (?:intreg|complet)\b|\bnon-?stop (?:un|1) an\b"
                        r"|\b(?:un|1) an(?=\s*+(?:[?.!]|$))")


# a price per hour of audio, per image or per minute asked: a unit's cost, not the job's
_UNIT_COST = re.compile(r"\b(?:per|a|an|each|pe|/|the)\s*+(?:hour|hr|h|ora|image|imagine"
                        r"|minute|minut|min|second|secunda|sec)\b|\bhourly\b|\borar\b")


def _egress_said(f: str) -> bool:
    """Whether an amount of data is sent out ("send out 50 GB", "2 TB egress", "să descarc 1
    TB"), as :func:`_data_amounts` ties it to egress."""
    for d in _DATA.finditer(f):
        before = f[max(0, d.start() - 30):d.start()]
        tied = _TIED_AFTER.match(f, d.end()) or _TIED_BEFORE.search(before)
        if tied is not None:
            if not tied.group("s"):
                return True
        elif _MOVED_BEFORE.search(before) and not _MOVED_INTO.match(f, d.end()):
            return True
    return False


def _media_job(f: str) -> bool:
    """Hours of audio stated as a job ("2,000 hours of audio", "transcriu 10.000 de ore de
    audio"), no unit's price asked ("per hour of audio"): its cost is the job's total (audit
    totalread: "..., în 24 h, cost?" was read as the cost per hour)."""
    return bool((_not_money(_AUDIO_HOURS, f) or _not_money(_TRANSCRIBE_HOURS, f))
                and not _UNIT_COST.search(f))


def _period_asked(f: str) -> str | None:
    """A day's, a week's or a year's price asked ("for a week", "pe zi", "annual"), never the
    usage it is for ("8 hours a day"): the spot intent's sub, the period's total on spot
    against on-demand (was the hour, asked as a bare USD total)."""
    priced = _USAGE_PER.sub(" ", f)
    return ("day" if _COST_DAY.search(priced) else "week" if _COST_WEEK.search(priced)
            else "year" if _COST_YEAR.search(priced) else None)


def _cost_sub(f: str) -> str:
    if _per_million(_MILLION_AMOUNT.sub(" ", f) if _schedule_said(f) else f):
        return "million"
    # the period asked apart from the job's schedule: a schedule's "a day" ("twice a day",
    # "every day") and the tokens' "a month" ("100M tokens a month") are runs, not the period
    # asked ("weekly cost of 10M tokens twice a day" is a week's; "what does 100M tokens a
    # month cost per year" a year's: audit totalread, the day and the month led)
    rest = _JOB_RUNS.sub(lambda m: m.group() if m.group("adv") else " ",
                         _TOKEN_RATE.sub(" ", f))
    asked = _period_asked(rest)
    if _month_priced(f):
        if asked is None or _month_priced(rest):
            return "month"  # "for 3 months" is a length, totalled (details' duration_hours)
        return asked
    if asked is not None:
        return asked
    priced = _USAGE_PER.sub(" ", f)
    if _COST_DAY.search(priced):
        return "day"
    if _COST_WEEK.search(priced):
        return "week"
    if _COST_YEAR.search(priced):
        return "year"
    if _media_job(f):
        return "job"
    # "a run", "the whole run"; "to run it" is no job
    if re.search(r"\bjob\w*+|\bjoburi\w*+|\b(?:a|per|the|one|training|whole|entire) run\b"
                 r"|\btotal\b|\bin total\b", f):
        return "job"
    if _COST_HOUR.search(f):
        return "hour"
    return "hour"


# The guidance passages that answer each intent ("intent:sub" where the sub changes it), the
# usual answer first: the retrieval picks among them (its best within the first eight), and
# the first one stands in when it finds none of them (a short or Romanian question can rank
# an unrelated passage first). tests/unit/test_answer_passages.py checks every id exists in
# both languages.
ANSWERS: dict[str, tuple[str, ...]] = {
    "fits": ("vram-capacity", "faq-how-much-vram", "weights-memory-formula",
             "usable-vs-marketed-memory", "moe-memory-vs-compute", "faq-80gb-vs-24gb",
             "multi-gpu-fit-per-card", "quantization-overview", "kv-cache-context-length"),
    "memory": ("faq-how-much-vram", "weights-memory-formula", "vram-capacity",
               "kv-cache-context-length", "moe-memory-vs-compute", "usable-vs-marketed-memory",
               "quantization-overview"),
    # the weights on disk: the storage passage, as a storage question quotes it
    "memory:disk": ("storage-weights-checkpoints", "model-weights-transfer"),
    "memory:disk_cost": ("storage-weights-checkpoints", "model-weights-transfer"),
    "max_context": ("kv-cache-context-length", "gqa-kv-heads", "kv-cache-quantization",
                    "mla-deepseek-latent", "vram-capacity"),
    "max_concurrency": ("kv-cache-concurrency", "batching-throughput-latency",
                        "vllm-memory-pagedattention", "one-gpu-per-replica"),
    "speed": ("memory-bandwidth-token-speed", "decode-bandwidth-bound",
              "faq-slow-token-generation", "ttft-vs-decode-speed", "speculative-decoding",
              "batching-throughput-latency"),
    "speed:ttft": ("ttft-vs-decode-speed", "prefill-compute-bound", "decode-bandwidth-bound"),
    # the precision to use, requests per period, one request's time (audit ask_intents3)
    "speed:precision": ("quantization-overview", "low-precision-support", "fp8-quantization"),
    "speed:requests_second": ("batching-throughput-latency", "kv-cache-concurrency"),
    "speed:requests_minute": ("batching-throughput-latency", "kv-cache-concurrency"),
    "speed:requests_hour": ("batching-throughput-latency", "kv-cache-concurrency"),
    "speed:request_time": ("ttft-vs-decode-speed", "decode-bandwidth-bound"),
    "speed:requests_day": ("batching-throughput-latency", "kv-cache-concurrency"),
    "speed:tokens_minute": ("batching-throughput-latency", "decode-bandwidth-bound"),
    "speed:tokens_hour": ("batching-throughput-latency", "decode-bandwidth-bound"),
    "speed:tokens_day": ("batching-throughput-latency", "decode-bandwidth-bound"),
    "speed:request_cost": ("cost-per-million-tokens", "batching-throughput-latency"),
    "speed:precision_vs": ("quantization-overview", "fp8-quantization", "low-precision-support"),
    "speed:throughput": ("batching-throughput-latency", "kv-cache-concurrency",
                         "decode-bandwidth-bound", "memory-bandwidth-token-speed"),
    "gpu_count": ("multi-gpu-fit-per-card", "tensor-vs-pipeline-parallel",
                  "one-gpu-per-replica", "kv-cache-concurrency", "large-memory-accelerators",
                  "faq-80gb-vs-24gb", "single-vs-multi-gpu-instance"),
    "compare": ("memory-bandwidth-token-speed", "consumer-vs-datacenter-gpu", "faq-80gb-vs-24gb",
                "small-inference-gpus", "large-memory-accelerators", "choosing-gpu-by-workload",
                "low-precision-support", "amd-mi300x-rocm", "reading-price-comparison"),
    "cost": ("reading-price-comparison", "choosing-gpu-by-workload", "price-table-pitfalls",
             "cost-per-million-tokens", "reserved-committed-capacity", "idle-and-stopped-costs",
             "single-vs-multi-gpu-instance"),
    "cost:million": ("cost-per-million-tokens", "batching-throughput-latency",
                     "reading-price-comparison"),
    "cost:hour": ("reading-price-comparison", "choosing-gpu-by-workload", "price-table-pitfalls",
                  "single-vs-multi-gpu-instance", "reserved-committed-capacity"),
    # a job's cost (an LLM batch job, a media job, with its storage or egress): the per-token
    # cost of batch inference first, its storage, never the fine-tuning budget (a fine-tune is
    # the finetune intent) nor the evaluation runs' (it quoted "Estimating the cost of a
    # fine-tuning job" or "Budgeting evaluation runs": audit storejob22)
    "cost:job": ("cost-per-million-tokens", "reading-price-comparison",
                 "storage-weights-checkpoints", "idle-and-stopped-costs"),
    "finetune:count": ("zero-fsdp-sharding", "optimizer-state-memory", "lora-qlora-full-finetuning",
                       "multi-gpu-fit-per-card"),
    "cost:month": ("reading-price-comparison", "reserved-committed-capacity",
                   "idle-and-stopped-costs", "choosing-gpu-by-workload", "price-table-pitfalls"),
    "finetune": ("lora-qlora-full-finetuning", "optimizer-state-memory", "lora-trainable-params",
                 "activation-memory-training", "gradient-checkpointing", "cpu-offload",
                 "finetune-job-cost", "bitsandbytes-nf4-int8"),
    "finetune:diffusion": ("diffusion-finetuning", "lora-qlora-full-finetuning"),
    "finetune:cost": ("finetune-job-cost", "lora-qlora-full-finetuning", "evaluation-runs"),
    "finetune:time": ("finetune-job-cost", "lora-qlora-full-finetuning", "mfu-explained"),
    "training:time": ("pretraining-compute-6nd", "mfu-explained", "pretraining-cluster-planning"),
    "training": ("pretraining-compute-6nd", "pretraining-cluster-planning", "mfu-explained",
                 "checkpointing-long-runs", "zero-fsdp-sharding", "multinode-networking",
                 "optimizer-state-memory", "finetune-job-cost"),
    "spot": ("spot-vs-on-demand", "faq-spot-or-on-demand", "spot-expected-cost",
             "spot-interruption-notice", "checkpointing-long-runs"),
    "spot:notice": ("spot-interruption-notice", "spot-vs-on-demand", "checkpointing-long-runs"),
    "cost:reserved": ("reserved-committed-capacity", "reading-price-comparison",
                      "price-table-pitfalls"),
    "billing": ("billing-granularity", "idle-and-stopped-costs"),
    "regions": ("reading-price-comparison", "price-table-pitfalls"),
    "storage_egress": ("storage-weights-checkpoints", "egress-costs", "model-weights-transfer"),
    "storage_egress:egress": ("egress-costs", "model-weights-transfer"),
    "storage_egress:storage": ("storage-weights-checkpoints", "model-weights-transfer"),
    "interconnect": ("interconnect-nvlink", "multinode-networking", "tensor-vs-pipeline-parallel"),
    "precision": ("low-precision-support", "fp8-quantization", "quantization-overview"),
    "precision:flash_attention": ("flash-attention-gpus", "activation-memory-training",
                                  "vram-capacity"),
    "kv_cache": ("kv-cache-context-length", "gqa-kv-heads", "mla-deepseek-latent",
                 "kv-cache-quantization"),
    "media": ("diffusion-image-memory", "diffusion-resolution-speed", "diffusion-gpu-choice",
              "video-diffusion-needs", "audio-whisper-asr", "audio-music-tts"),
    # one passage per kind of model, whatever the retrieval ranks (_choose takes another of
    # the list from its first eight): a speech generator never quoted Whisper's, a video model
    # never the image GPU choice (audit media #12)
    "media:audio": ("audio-whisper-asr",),
    "media:audio_gen": ("audio-music-tts",),
    "media:video": ("video-diffusion-needs",),
}
EMBED_ANSWERS = ("embeddings-rerankers-serving",)
"""The passage an embedding model's memory, speed or cost answer quotes, whatever its intent
(compose; it quoted "Reserved and committed capacity" for bge's documents per hour)."""


def answers(intent: str, sub: str | None) -> tuple[str, ...]:
    """The passages that answer ``intent`` (with ``sub``: its sub-question, or the kind of
    model, diffusion / audio / video), the usual one first; none for general guidance (the
    retrieval alone decides)."""
    return ANSWERS.get(f"{intent}:{sub}") or ANSWERS.get(intent, ())



# a cloud or a provider asked for ("which cloud for llama 3.1 70b inference?", "which
# provider should I pick", "best cloud for", "ce cloud să aleg", "care furnizor")
_WHICH_CLOUD = re.compile(
    r"\b(?:which|what)\s++(?:\w++\s++)?(?:clouds?|providers?|hosts?|hosting|vendors?)\b"
    r"|\bbest\s++(?:\w++\s++)?(?:clouds?|providers?|hosting)\b"
    r"|\b(?:ce|care)\s++(?:\w++\s++)?(?:cloud\w*+|furnizor\w*+|provider\w*+)"
    r"|\bcel mai bun\w*+\s++(?:cloud\w*+|furnizor\w*+)")
# the intents whose answer to a model's workload is no price (a memory, a count, a passage):
# where providers are weighed or a cloud is asked for, the price at each is the answer
_NO_PRICE_INTENTS = frozenset({"guidance", "memory", "gpu_count"})


def cloud_asked(text: str) -> bool:
    """Whether ``text`` asks which cloud or provider to use (:data:`_WHICH_CLOUD`)."""
    return _WHICH_CLOUD.search(_fold(text)) is not None


def providers_weighed(text: str, intent: str, sub: str | None, providers: int,
                      has_model: bool, gpus: int) -> tuple[str, str | None]:
    """(intent, sub) of a model's workload asked of two or more providers named ("GCP vs Vast
    for serving llama 3.1 70b to 20 users", "AWS, GCP or Azure for ...", "compare AWS and
    RunPod for ...", "GCP sau Vast pentru ...") or of which cloud to use ("which cloud for
    llama 3.1 70b inference?", "ce cloud să aleg ..."): the price, as "which is cheaper:
    AWS or Lambda?" asks it, so that one path answers them all (each provider named priced
    alone, cheapest first, and by how much: write._providers_setups; no provider named: the
    ranked offers). A fine-tuning's memory becomes its job's cost. They were a GPU count
    priced at the first provider named only ("the cheapest setup in the catalog: gcp,
    $14.69/h" where Vast's is $1.87/h) or a memory and no cloud at all (buyer audit 27a #1,
    #4). A memory or a count asked in so many words keeps its answer; anything else is as
    classified."""
    if not has_model or (providers < 2 and not cloud_asked(text)):
        return intent, sub
    f = _fold(text)
    if _MEMORY_ASKED.search(f) or _COUNT_Q.search(f):
        return intent, sub
    if intent == "finetune" and sub is None:
        return "finetune", "cost"
    if intent in _NO_PRICE_INTENTS and gpus < 2:
        return "cost", _cost_sub(f)
    return intent, sub
