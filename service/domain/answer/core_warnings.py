"""The warnings sizing and recommendations produce, in the answer's language.

The core writes its warnings in English, with English number formats ("price is 635 days old
(as of 2025-02-28) ...", "headroom under 10% (4.2%) ..."). An answer in another language reads
each known warning back into its parts, then writes it again from the messages (``core_*``
keys of ``knowledge/messages/<lang>.toml``) with every number in the language's format; the
number of decimals the core chose is kept. A warning no pattern knows stays as the core wrote
it: a sentence in English beats a wrong one. Texts the core quotes from the catalog (a kernel
rule's ``runs``, a platform's note, a precision's quality) are written from the language's
``[catalog]`` table (:func:`service.domain.messages.quoted`), and stay as the catalog wrote
them where it has no entry; a source (its URLs and their notes) and a price source's caution
are kept as they are.

Every pattern is anchored and runs in linear time (possessive quantifiers, no nested
repetition); the kernel warnings, which quote catalog text with parentheses of their own, are
taken apart with ``str`` methods instead.

What would change a recommendation's answer (its ``alternatives``: ``change`` and ``effect``,
service/domain/recommend/alternatives.py) is read back the same way, from the ``core_alt_*``
messages: a rerun's effect ("<what>: <machines> at <provider>, <price>") is taken apart from
its end with ``str`` methods (GPU names and instance types hold parentheses of their own), its
"<what>" and every other alternative by the patterns of ``_ALT_PREFIXES`` and ``_ALT_TEXTS``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from service.domain.locale import Formatter, romanian_de
from service.domain.messages import catalog_words, quoted

GpuNames = Callable[[str], str | None]
"""A GPU id's name in the answer's language, None for an id it does not know."""

_LISTS: Mapping[str, Mapping[str, str]] = {
    # what would bring an answer within its budget (alternatives._budget_remedies)
    "remedies": {"raise the budget": "core_budget_raise",
                 "use a smaller precision": "core_budget_precision",
                 "train LoRA/QLoRA adapters instead": "core_budget_adapters",
                 "train on fewer tokens": "core_budget_tokens",
                 "allow spot": "core_budget_spot"},
}
"""Lists of a few fixed phrases ("a, b or c"; a ``list_`` group), each phrase said by its own
message and the list joined again by ``core_list_or``."""


def ttft_floor(text: str) -> dict[str, str] | None:
    """The figures of the recommendations' relaxed default time-to-first-token target, its
    floor kind (``core_ttft_floor``: the default met only by buying replicas, within reach
    of the setup's single-request floor), read from an option's warning: the values as
    written (``n_...``: numbers with thousands commas) and ``gpu``; None for any other
    warning."""
    m = _FLOOR.search(text)
    return None if m is None else {k: v for k, v in m.groupdict().items() if v is not None}


def _list_pattern(name: str) -> str:
    one = "(?:" + "|".join(re.escape(k) for k in _LISTS[name]) + ")"
    return f"(?P<list_{name}>{one}(?:, {one})*+(?: or {one})?+)"


def _budget_reason(cost_unit: str, budget_unit: str, one: bool = False) -> str:
    """A budget reason (alternatives.impossible_reason): the cheapest cost that fits, the
    budget, the options over it (``one``: a single one, "1 option fits but costs more", as
    the core words it), and what would change it."""
    money = r"\$(?P<usd_{}>\d[\d,]*+(?:\.\d++)?)"
    fit = (r"1 option fits but costs more" if one
           else r"(?P<n_fit>\d[\d,]*+) options fit but cost more")
    return (r"the budget: the cheapest option that fits costs " + money.format("cost")
            + re.escape(cost_unit) + ", over your " + money.format("budget")
            + re.escape(budget_unit) + rf" \({fit}\); " + _list_pattern("remedies"))


_RATE_WHAT: Mapping[str, str] = {
    "images": "core_rate_what_images", "videos": "core_rate_what_videos",
    "windows": "core_rate_what_windows", "clips": "core_rate_what_clips",
    "embeddings": "core_rate_what_embeddings"}
"""What a rate warning counts per second (sizing.rate_load's ``what``), each said by its own
message (a ``say_what`` group)."""


def _rate_load(head: tuple[str, str], replicas: str, unit: str) -> str:
    """A request rate set against what a setup serves (sizing.rate_load): ``head``, its share
    of it and what follows the setup's figures (over or near capacity: ``_RATE_OVER``,
    ``_RATE_NEAR``), then the GPUs that keep each replica under the headroom load, counted
    with ``replicas`` and served per ``unit``. The core writes its per-second figures with
    ``locale.plain`` (the rate) and ``locale.sig3``, grouped in thousands and never in
    exponent form: 1,953,125,000, not ``:g``'s 1.95312e+09."""
    num = r"\d[\d,]*+(?:\.\d++)?+"
    what = "(?:" + "|".join(_RATE_WHAT) + ")"
    share, said = head
    return (rf"request_rate_per_s (?P<n_rate>{num}) is {share} what this setup serves "
            rf"\((?P<n_served>{num}) (?P<say_what>{what})/s on (?P<n_gpus>\d++) GPU(?P<pl>s)?+\)"
            rf": {said}; (?P<n_need>\d++) GPUs \({replicas}\) keep it under "
            rf"(?P<n_limit>\d++(?:\.\d++)?+) % \((?P<n_each>{num}) {what}/s per {unit}\)")


_RATE_OVER = (r"(?P<n_times>\d[\d,]*+\.\d)x", "requests queue without bound")
_RATE_NEAR = (r"(?P<pct_share>\d[\d,]*+)% of",
              "near capacity the queue, and with it the wait, grows steeply with small changes "
              "of load")
_ONE_REPLICA = ("one replica each", "GPU")
_REPLICA_OF = (r"(?P<n_per>\d++) per replica", r"replica of \d++ GPUs")
# module strings, so that the regex tests compile and time them
_RATE_OVER_GPU = _rate_load(_RATE_OVER, *_ONE_REPLICA)
_RATE_NEAR_GPU = _rate_load(_RATE_NEAR, *_ONE_REPLICA)
_RATE_OVER_REPLICA = _rate_load(_RATE_OVER, *_REPLICA_OF)
_RATE_NEAR_REPLICA = _rate_load(_RATE_NEAR, *_REPLICA_OF)
_BUDGET_MONTH = _budget_reason("/month", "/month")
_BUDGET_HOUR = _budget_reason("/h", "/h")
_BUDGET_TOTAL = _budget_reason(" in all", "")
_BUDGET_MONTH_ONE = _budget_reason("/month", "/month", one=True)
_BUDGET_HOUR_ONE = _budget_reason("/h", "/h", one=True)
_BUDGET_TOTAL_ONE = _budget_reason(" in all", "", one=True)


_THIN_NUM = r"\d[\d,]*+(?:\.\d++)?"
_THIN_DECODE = (rf"thin margin: (?P<n_speed>{_THIN_NUM}) tokens/s per user against the "
                rf"(?P<n_target>{_THIN_NUM}) tokens/s target; {{runs}} decoding was more than "
                r"(?P<n_more>\d++) % slower than this model, which would miss the target: "
                r"measure before committing")
_THIN_TTFT = (rf"thin margin: time to first token (?P<n_ttft>{_THIN_NUM}) ms against the "
              rf"(?P<n_target>{_THIN_NUM}) ms target; {{runs}} it was more than "
              r"(?P<n_more>\d++) % longer than this model, which would miss the target: "
              r"measure before committing")
# the default time-to-first-token target met by less than the band: said as the default
_THIN_TTFT_DEFAULT = (_THIN_TTFT.replace(" ms against the ", " ms against the default ")
                      + r"; set max_time_to_first_token_ms to change it")


def _thin(sentence: str, engine: str) -> str:
    """A thin-margin warning (options.thin_margin_warnings) whose measured runs are
    ``engine``'s."""
    return sentence.replace("{runs}", (
        rf"in 1 of (?P<n_of>\d++) measured runs \({engine}, (?P<say_family>dense models|"
        r"MoE models|DeepSeek-style MLA models|all models), (?P<n_rows>\d[\d,]*+) rows\)"))


def _job_calendar(stops: str) -> str:
    """A job run fewer than 24 h a day over several days (options.job_calendar_words), its
    stops said by ``stops``."""
    return (r"runs (?P<n_per_day>\d[\d,]*+(?:\.\d++)?) h/day: the job's "
            r"~(?P<n_hours>\d[\d,]*+\.\d) h(?P<restarts> with spot's expected restarts)?+ span "
            r"(?P<n_days>\d[\d,]*+) calendar days \(rounded up to whole days\), with " + stops
            + r": it must checkpoint before each stop and resume from it; storage is billed for "
            r"all (?P=n_days) days \((?P<n_storage>\d[\d,]*+) h\), not only for the job's "
            r"hours: a volume is billed while it exists, whether or not the GPUs run")


_EXTENDED = (
    r"(?P<n_ctx>\d[\d,]*+) tokens of context is past the (?P<n_native>\d[\d,]*+) of "
    r"(?P<model>[^']++)'s config: engines take it only with (?P<method>\S++) rope scaling "
    r"turned on \((?P<setting>rope_scaling \{[^{}]*+\}); vLLM, SGLang\), which the model card "
    r"states up to (?P<n_ext>\d[\d,]*+) tokens")
"""A context within a model card's extension (memory.extended_context_warning), to its
caveat."""

# (message key, the core's sentence); group names are the placeholders, and their prefix
# says how a value is written again: n_ a number, usd_ money, pct_ a percentage (the core
# writes 4.2 for 4.2 %), kind_ a price kind, scope_ an offer scope, list_ a list of fixed
# phrases (``_LISTS``); anything else is kept.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("core_spot_endpoint", re.compile(r"spot on an endpoint: an interruption takes it down")),
    # options._why: a diffusion fine-tune's option, whose run has no modelled time
    ("core_why_untimed", re.compile(
        r"Job time unknown: the training speed of diffusion models is not modelled, so the "
        r"run costs \$(?P<usd_hour>\d[\d,]*+(?:\.\d++)?)/h times its hours\.")),
    # sizing.py: output tokens stated for an embedding model (audit media #11: English in a
    # Romanian answer)
    ("core_embed_output_ignored", re.compile(
        r"output_tokens ignored: an embedding model generates nothing")),
    # options._option: a diffusion job of fewer images or clips than GPUs; the counts are
    # thousands-grouped, never a trailing comma ("1 of 2, billed": ``[\d,]*+`` took the
    # comma and the warning stayed English, audit ro2 #11)
    ("core_idle_image", re.compile(
        r"each image runs whole on one GPU: GPUs idle for the job's ~(?P<n_sec>\d[\d,]*+) s: "
        r"(?P<n_idle>\d{1,3}+(?:,\d{3})*+) of (?P<n_gpus>\d{1,3}+(?:,\d{3})*+), "
        r"billed all the same \(a "
        r"sequence-parallel engine splitting one image over GPUs is not modelled\)")),
    ("core_idle_clip", re.compile(
        r"each clip runs whole on one GPU: GPUs idle for the job's ~(?P<n_sec>\d[\d,]*+) s: "
        r"(?P<n_idle>\d{1,3}+(?:,\d{3})*+) of (?P<n_gpus>\d{1,3}+(?:,\d{3})*+), "
        r"billed all the same \(a "
        r"sequence-parallel engine splitting one clip over GPUs is not modelled\)")),
    # sizing.qlora_base: weights QLoRA does not train on, NF4 sized instead (buyer audit 24a
    # #12: a GGUF base was sized at awq-int4 under two contradictory English warnings)
    ("core_qlora_base_gguf", re.compile(
        r"weights (?P<p>[\w.-]++) are not a QLoRA base: QLoRA quantizes the model's 16-bit "
        r"weights to bitsandbytes NF4 as it loads them and trains LoRA adapters on that; "
        r"(?P=p) is a GGUF \(llama\.cpp\) format, which transformers dequantizes to fp32 when "
        r"it loads it for training \(source: (?P<source>[^\s()]++)\), and llama\.cpp's own LoRA "
        r"fine-tuning is another tool, not sized here; sized at (?P<base>[\w.-]++), the QLoRA "
        r"base, instead of (?P=p)")),
    ("core_qlora_base_other", re.compile(
        r"weights (?P<p>[\w.-]++) are not a QLoRA base: QLoRA quantizes the model's 16-bit "
        r"weights to bitsandbytes NF4 as it loads them and trains LoRA adapters on that; "
        r"(?P=p) is not a base it trains on as it is \(bitsandbytes NF4, GPTQ or AWQ, as PEFT "
        r"trains them\); sized at (?P<base>[\w.-]++), the QLoRA base, instead of (?P=p)")),
    # a no-match reason: the budget, many options over it or one
    ("core_budget_month", re.compile(_BUDGET_MONTH)),
    ("core_budget_hour", re.compile(_BUDGET_HOUR)),
    ("core_budget_total", re.compile(_BUDGET_TOTAL)),
    ("core_budget_month_one", re.compile(_BUDGET_MONTH_ONE)),
    ("core_budget_hour_one", re.compile(_BUDGET_HOUR_ONE)),
    ("core_budget_total_one", re.compile(_BUDGET_TOTAL_ONE)),
    ("core_long_run", re.compile(
        r"long run: ask the provider for reserved/committed pricing \(none published in the "
        r"catalog for this offer\)")),
    # pricing.long_run_reserved_words: a reserved price left out as stale, or published and
    # not what the option pays
    ("core_long_run_stale", re.compile(
        r"long run: the catalog's reserved price for this offer, "
        r"\$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/h \((?P<term_term>[^()]++)\), is "
        r"(?P<n_days>\d[\d,]*+) days old \(as of (?P<date>[\d-]++)\), older than the "
        r"(?P<n_limit>\d[\d,]*+)-day limit, so it is not used: include_stale to rank it, or "
        r"ask the provider for a current reserved/committed price")),
    ("core_long_run_published", re.compile(
        r"long run: a reserved price is published for this offer "
        r"\(\$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/h, (?P<term_term>[^()]++)\); this option "
        r"is priced without that commitment")),
    ("core_billing_unknown", re.compile(
        r"\A(?P<provider>[\w.-]++): billing granularity unknown; billed per hour here")),
    ("core_storage_unknown", re.compile(
        r"storage price unknown for (?P<provider>[\w.-]++): counted at "
        r"\$(?P<usd_rate>\d[\d,]*+(?:\.\d++)?)/GB-month, the highest sourced rate")),
    ("core_egress_unknown", re.compile(
        r"egress price unknown for (?P<provider>[\w.-]++): counted at "
        r"\$(?P<usd_rate>\d[\d,]*+(?:\.\d++)?)/GB, the highest sourced rate")),
    ("core_min_charge", re.compile(
        r"\A(?P<provider>[\w.-]++) (?P<instance>[^\s:]++): "
        r"(?P<n_hours>\d[\d,]*+(?:\.\d++)?)-hour minimum charge per start")),
    ("core_slow_ttft", re.compile(
        r"time to first token about (?P<n_s>\d[\d,]*+(?:\.\d++)?) s at this context: too slow for "
        r"interactive use; a faster GPU, fewer GPUs per split or a shorter prompt shortens "
        r"it")),
    # the default TTFT target no offer meets, relaxed (recommend/context.RelaxedTTFT.words)
    ("core_ttft_relaxed", re.compile(
        r"no offer meets the default time-to-first-token target of (?P<n_default>\d[\d,]*+) ms "
        r"at this load \(the fastest reaches (?P<n_best>\d[\d,]*+) ms\): the options are held "
        r"to (?P<n_target>\d[\d,]*+) ms instead \(the fastest plus the serving model's "
        r"(?P<n_band>\d++) % error band\); set max_time_to_first_token_ms to change it")),
    ("core_ttft_relaxed_best", re.compile(
        r"no offer meets the default time-to-first-token target of (?P<n_default>\d[\d,]*+) ms "
        r"at this load \(the fastest reaches (?P<n_best>\d[\d,]*+) ms\): the options are held "
        r"to (?P<n_target>\d[\d,]*+) ms instead \(the fastest reachable\); set "
        r"max_time_to_first_token_ms to change it")),
    # the default TTFT target met only by buying replicas, within reach of the setup's
    # single-request floor, relaxed (recommend/context.RelaxedTTFT.words, its floor kind)
    ("core_ttft_floor", re.compile(
        r"the default time-to-first-token target of (?P<n_default>\d[\d,]*+) ms takes "
        r"(?P<n_need>\d[\d,]*+) GPUs at this load where memory and the load take "
        r"(?P<n_mem>\d[\d,]*+): one (?P<n_prompt>\d[\d,]*+)-token prompt alone waits "
        r"(?P<n_floor>\d[\d,]*+) ms for its first token on (?P<n_width>\d++) x "
        r"(?P<gpu>(?:(?!, so the options ).)++), so the options are held to "
        r"(?P<n_target>\d[\d,]*+) ms instead \(the limit past which a first token is too slow "
        r"for interactive use\); set max_time_to_first_token_ms to hold them to a target of "
        r"your own")),
    # a stated target met by less than the serving model's error band (options.thin_margin_
    # warnings): every engine measured, or one engine by its name
    ("core_thin_decode_all", re.compile(_thin(_THIN_DECODE, "every engine measured"))),
    ("core_thin_decode", re.compile(_thin(_THIN_DECODE, r"(?P<engine>[^,()]++)"))),
    ("core_thin_ttft_default_all", re.compile(_thin(_THIN_TTFT_DEFAULT,
                                                    "every engine measured"))),
    ("core_thin_ttft_default", re.compile(_thin(_THIN_TTFT_DEFAULT,
                                                r"(?P<engine>[^,()]++)"))),
    ("core_thin_ttft_all", re.compile(_thin(_THIN_TTFT, "every engine measured"))),
    ("core_thin_ttft", re.compile(_thin(_THIN_TTFT, r"(?P<engine>[^,()]++)"))),
    ("core_low_headroom", re.compile(
        r"headroom under (?P<pct_limit>\d[\d,]*+(?:\.\d++)?)% "
        r"\((?P<pct_free>-?\d[\d,]*+(?:\.\d++)?)%\): "
        r"little room for longer prompts or fragmentation")),
    ("core_tp_pcie", re.compile(
        r"tensor parallel over (?P<n_gpus>\d[\d,]*+(?:\.\d++)?) GPUs on PCIe only: slower than "
        r"NVLink; consider pipeline split or a larger GPU")),
    ("core_interconnect_unknown", re.compile(
        r"GPU interconnect not stated; a tensor-parallel split needs NVLink")),
    ("core_multinode_network", re.compile(
        r"multi-node training without a stated InfiniBand/EFA/RoCE network: gradient sync "
        r"will be slow")),
    ("core_replica_spans_nodes", re.compile(
        r"one replica spans (?P<n_nodes>\d[\d,]*+(?:\.\d++)?) nodes \((?P<network>[^()\s]++) "
        r"network\): pipeline stages pass activations between nodes every step")),
    ("core_pipeline_in_node", re.compile(
        r"one replica is (?P<n_stages>\d[\d,]*+) pipeline stages of (?P<n_gpus>\d[\d,]*+) GPUs "
        r"over PCIe: each token passes every stage, so it decodes no faster than one stage "
        r"group reading all the weights")),
    # the same, each stage one GPU (options.py writes "of 1 GPU")
    ("core_pipeline_in_node_one", re.compile(
        r"one replica is (?P<n_stages>\d[\d,]*+) pipeline stages of 1 GPU over PCIe: each "
        r"token passes every stage, so it decodes no faster than one stage group reading all "
        r"the weights")),
    # LoRA asked on weights no trainer trains (sizing.training_weights)
    ("core_lora_dequantized", re.compile(
        r"weights (?P<p>\S++) asked: LoRA has no (?P=p) training path in the usual trainers, "
        r"which load a (?P=p) checkpoint dequantized to bf16 \(transformers' FP8 and MXFP4 "
        r"quantizers are not trainable\), so the frozen base is sized at bf16, "
        r"(?P<n_bits>\d++) bits per weight, as they hold it; method qlora keeps a 4-bit NF4 "
        r"base instead")),
    ("core_in_flight_fits", re.compile(
        r"at (?P<n_rate>\d[\d,]*+(?:\.\d++)?) requests/s about (?P<n_flight>\d[\d,]*+) "
        r"requests are in flight \(Little's law\): the memory above is sized for "
        r"(?P<n_batch>\d[\d,]*+); with theirs it is (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per "
        r"(?P<unit>GPU|chip) of (?P<n_cap>\d[\d,]*+(?:\.\d++)?) and fits; set batch_size to "
        r"(?P<n_set>\d[\d,]*+) to size it")),
    ("core_in_flight_over", re.compile(
        r"at (?P<n_rate>\d[\d,]*+(?:\.\d++)?) requests/s about (?P<n_flight>\d[\d,]*+) "
        r"requests are in flight \(Little's law\): the memory above is sized for "
        r"(?P<n_batch>\d[\d,]*+); with theirs it is (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per "
        r"(?P<unit>GPU|chip) of (?P<n_cap>\d[\d,]*+(?:\.\d++)?), over it at their full "
        r"context: some may wait for KV space \(the speeds admit by actual context\); "
        r"set batch_size to (?P<n_set>\d[\d,]*+) to size it")),
    ("core_context_over", re.compile(
        r"(?P<n_ctx>\d[\d,]*+) tokens of context is more than the model supports "
        r"\((?P<n_limit>\d[\d,]*+)\): engines refuse longer requests \(vLLM's max_model_len\) "
        r"and quality past the trained length is not assured; the figures are for the context "
        r"asked")),
    ("core_context_over_option", re.compile(
        r"context (?P<n_ctx>\d[\d,]*+) tokens is over (?P<model>[^']++)'s max_context of "
        r"(?P<n_limit>\d[\d,]*+): the model was not trained for a context this long; quality "
        r"past it is not assured and engines refuse longer prompts unless RoPE scaling is "
        r"extended")),
    # a context the model card extends to with rope scaling (memory.extended_context_warning:
    # Qwen3 past 40,960, YaRN to 131,072), with the card's caveat on static scaling or without
    ("core_context_extended_static", re.compile(_EXTENDED + (
        r"; the engines' (?P=method) is static, the same scaling for every request, which the "
        r"model card says may lower quality on shorter texts"))),
    ("core_context_extended", re.compile(_EXTENDED)),
    # images_per_request for a model without a cross-attention image cache
    # (recommend/capability.images_ignored_warning)
    ("core_images_ignored", re.compile(
        r"images_per_request ignored: (?P<model>.+?) has no cross-attention image cache; an "
        r"image's tokens are part of its context_tokens")),
    # ... and for a diffusion or audio model (capability.images_ignored_warning, sizing)
    ("core_images_ignored_diffusion", re.compile(
        r"images_per_request ignored: it applies to vision language models, not to "
        r"diffusion models such as (?P<model>.++)")),
    ("core_images_ignored_audio", re.compile(
        r"images_per_request ignored: it applies to vision language models, not to "
        r"audio models such as (?P<model>.++)")),
    ("core_sequence_over", re.compile(
        r"sequence length (?P<n_ctx>\d[\d,]*+) tokens is over (?P<model>[^']++)'s max_context "
        r"of (?P<n_limit>\d[\d,]*+): training past it extends the model's context \(positions "
        r"it was never trained on; RoPE scaling and long-context data needed\)")),
    ("core_long_job", re.compile(
        r"the job takes ~(?P<n_days>\d[\d,]*+) days \((?P<n_hours>\d[\d,]*+) h\) on this "
        r"option, over (?P<n_limit>\d[\d,]*+) days: more GPUs finish sooner \(see the "
        r"alternatives\)")),
    # options.job_calendar_words: a job run fewer than 24 h a day over several days, with one
    # stop or several
    ("core_job_calendar_one", re.compile(_job_calendar("1 stop/resume point"))),
    ("core_job_calendar", re.compile(_job_calendar(
        r"(?P<n_stops>\d[\d,]*+) stop/resume points"))),
    ("core_overloaded", re.compile(
        r"(?P<n_rate>\d[\d,]*+(?:\.\d++)?) requests/s is more than this setup "
        r"serves \((?P<n_most>\d[\d,]*+(?:\.\d++)?) requests/s\): the queue "
        r"grows without bound, so no time to first token is given and the figures are at "
        r"capacity; about (?P<n_setups>\d[\d,]*+) such setups carry it")),
    ("core_tp_past_bridge", re.compile(
        r"tensor parallel (?P<n_tp>\d++): (?P<gpu>(?:(?! is a PCIe card).)++) is a PCIe card "
        r"whose bridge joins pairs of GPUs, so tensor-parallel all-reduces would cross PCIe "
        r"every layer; timed at PCIe speed \(vLLM advises at most (?P<n_cap>\d++)-way tensor "
        r"parallel, with pipeline stages or replicas beyond it, where GPUs lack NVLink\)")),
    ("core_tp_no_nvlink", re.compile(
        r"tensor parallel (?P<n_tp>\d++): (?P<gpu>(?:(?! has no NVLink).)++) has no NVLink, so "
        r"tensor-parallel all-reduces would cross PCIe every layer; timed at PCIe speed \(vLLM "
        r"advises at most (?P<n_cap>\d++)-way tensor parallel, with pipeline stages or replicas "
        r"beyond it, where GPUs lack NVLink\)")),
    ("core_fits_at", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per (?P<unit>GPU|chip) at "
        r"(?P<p>\S++) where "
        r"(?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) GiB; (?P<q>\S++) "
        r"weights need (?P<n_qneed>\d[\d,]*+(?:\.\d++)?) GiB per (?P=unit) and fit, quality: "
        r"(?P<quality>[^;]++); fits_on lists the GPUs that hold it as asked")),
    ("core_fits_at_offload", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per (?P<unit>GPU|chip) at "
        r"(?P<p>\S++) where "
        r"(?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) GiB; (?P<q>\S++) "
        r"weights need (?P<n_qneed>\d[\d,]*+(?:\.\d++)?) GiB per (?P=unit) and fit, quality: "
        r"(?P<quality>[^;]++); fits_on lists the GPUs that hold it as asked; or let diffusers "
        r"keep one component on the GPU at a time \(enable_model_cpu_offload\), slower by the "
        r"transfers")),
    ("core_fits_none", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per (?P<unit>GPU|chip) at "
        r"(?P<p>\S++) where "
        r"(?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) GiB"
        r"(?: nor at (?P<tried>(?:(?! on this many).)++))? on this many (?P=unit)s; fits_on "
        r"lists the "
        r"GPUs that hold it(?P<offload>; or let diffusers keep one component on the GPU at a "
        r"time \(enable_model_cpu_offload\), slower by the transfers)?")),
    ("core_train_more", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per GPU for (?P<method>\S++) "
        r"training where (?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) "
        r"GiB; (?P<n_count>\d++) GPUs with ZeRO-3 need (?P<n_more>\d[\d,]*+(?:\.\d++)?) GiB "
        r"per GPU and fit")),
    ("core_train_none", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per GPU for (?P<method>\S++) "
        r"training where (?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) "
        r"GiB, nor on (?P<n_count>\d++) such GPUs with ZeRO-3")),
    # the way out of a training setup that does not fit, on the same GPUs or on more
    # (sizing._training_hint, audit train #6 / #12)
    ("core_train_ckpt", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per GPU for (?P<method>\S++) "
        r"training where (?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) "
        r"GiB; gradient checkpointing on \(finetune\.gradient_checkpointing true\) needs "
        r"(?P<n_more>\d[\d,]*+(?:\.\d++)?) GiB per GPU and fits")),
    ("core_train_mb1", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per GPU for (?P<method>\S++) "
        r"training where (?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) "
        r"GiB; micro-batch 1 with (?P<n_steps>\d[\d,]*+) gradient-accumulation steps \(the "
        r"same (?P<n_seqs>\d[\d,]*+) sequences per GPU a step\) needs "
        r"(?P<n_more>\d[\d,]*+(?:\.\d++)?) GiB per GPU and fits")),
    ("core_train_zero", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per GPU for (?P<method>\S++) "
        r"training where (?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) "
        r"GiB; ZeRO-(?P<n_z>\d) on these (?P<n_count>\d[\d,]*+) GPUs needs "
        r"(?P<n_more>\d[\d,]*+(?:\.\d++)?) GiB per GPU and fits")),
    ("core_train_layout", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per GPU for (?P<method>\S++) "
        r"training where (?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) "
        r"GiB; tensor (?P<n_tp>\d++) x pipeline (?P<n_pp>\d++) x data (?P<n_dp>\d++) parallel "
        r"on these (?P<n_count>\d[\d,]*+) GPUs \(parallelism\) needs "
        r"(?P<n_more>\d[\d,]*+(?:\.\d++)?) GiB per GPU and fits")),
    ("core_train_more_layout", re.compile(
        r"does not fit: (?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per GPU for (?P<method>\S++) "
        r"training where (?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>\d[\d,]*+(?:\.\d++)?) "
        r"GiB; (?P<n_count>\d++) GPUs as (?P<label>TP\d++ x PP\d++ x DP\d++ x ZeRO-\d) need "
        r"(?P<n_more>\d[\d,]*+(?:\.\d++)?) GiB per GPU and fit")),
    ("core_multinode_span", re.compile(
        r"(?P<n_gpus>\d[\d,]*+) GPUs span at least (?P<n_nodes>\d[\d,]*+) nodes of "
        r"(?P<n_per>\d[\d,]*+): training across nodes needs a fast node network \(InfiniBand, "
        r"EFA or RoCE\) or the gradient sync dominates the step(?P<pcie>; these cards have no "
        r"NVLink, so even inside a node every all-reduce crosses PCIe)?")),
    ("core_near_capacity", re.compile(
        r"(?P<n_rate>\d[\d,]*+(?:\.\d++)?) requests/s is "
        r"(?P<pct_share>\d[\d,]*+)% of what this setup serves "
        r"\((?P<n_most>\d[\d,]*+(?:\.\d++)?) requests/s\): near capacity the "
        r"queue, and with it the time to first token, grows steeply with small changes of "
        r"load; (?P<n_setups>\d[\d,]*+) such setups keep it under (?P<pct_limit>\d[\d,]*+)%")),
    # a request rate on an image, video, speech, embedding or audio generation model
    # (sizing.rate_load): over or near capacity, one GPU or several a replica
    ("core_rate_over_gpu", re.compile(_RATE_OVER_GPU)),
    ("core_rate_near_gpu", re.compile(_RATE_NEAR_GPU)),
    ("core_rate_over_replica", re.compile(_RATE_OVER_REPLICA)),
    ("core_rate_near_replica", re.compile(_RATE_NEAR_REPLICA)),
    ("core_price_old", re.compile(
        r"price is (?P<n_days>\d[\d,]*+(?:\.\d++)?) days old \(as of (?P<date>[\d-]++)\), "
        r"older than the (?P<n_limit>\d[\d,]*+(?:\.\d++)?)-day limit")),
    ("core_price_date_unknown", re.compile(
        r"price date unknown: the source gives none; no later than (?P<date>[\d-]++)")),
    # a closed loop of more requests than run at once (sizing._queue_warning); the ways that
    # would hold them all, each its own optional part ("2 such GPUs or an fp8 KV cache ...")
    ("core_queue_ways", re.compile(
        r"all (?P<n_asked>\d[\d,]*+) concurrent requests at their full context need "
        r"(?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per (?P<unit>GPU|chip) where "
        r"(?P<gpu>(?:(?! gives ).)++) gives "
        r"(?P<n_cap>\d[\d,]*+(?:\.\d++)?) GiB: (?P<n_held>\d[\d,]*+) of the \d[\d,]*+ "
        r"requests fit in the KV cache at once(?P<qactual> \((?P<n_running>\d[\d,]*+) at "
        r"their actual context, as timed\))?; the others wait in the queue "
        r"\(time_to_first_token_ms includes the wait\); "
        r"(?P<qgpus>(?P<n_more>\d++) such (?P=unit)s)?(?P<qor1> or )?"
        r"(?P<qfp8>an fp8 KV cache \(kv_cache fp8\))?(?P<qor2> or )?"
        r"(?P<qshort>contexts of at most (?P<n_short>\d[\d,]*+) tokens)? hold all \d[\d,]*+")),
    ("core_queue", re.compile(
        r"all (?P<n_asked>\d[\d,]*+) concurrent requests at their full context need "
        r"(?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per (?P<unit>GPU|chip) where "
        r"(?P<gpu>(?:(?! gives ).)++) gives "
        r"(?P<n_cap>\d[\d,]*+(?:\.\d++)?) GiB: (?P<n_held>\d[\d,]*+) of the \d[\d,]*+ "
        r"requests fit in the KV cache at once(?P<qactual> \((?P<n_running>\d[\d,]*+) at "
        r"their actual context, as timed\))?; the others wait in the queue "
        r"\(time_to_first_token_ms includes the wait\)")),
    ("core_queue_all_fit", re.compile(
        r"all (?P<n_asked>\d[\d,]*+) concurrent requests at their full context need "
        r"(?P<n_need>\d[\d,]*+(?:\.\d++)?) GiB per (?P<unit>GPU|chip) where "
        r"(?P<gpu>(?:(?! gives ).)++) gives "
        r"(?P<n_cap>\d[\d,]*+(?:\.\d++)?) GiB; at their actual context \(the prompt and, on "
        r"average, half the output\) the KV cache holds them all at once, as timed; requests "
        r"near their full length may wait for KV space")),
    ("core_queue_seqs", re.compile(
        r"\A(?P<n_running>\d[\d,]*+) of the (?P<n_asked>\d[\d,]*+) concurrent requests run at "
        r"once \((?P<engine>\S++) runs at most max_num_seqs (?P<seqs>\d++) per "
        r"replica\); the others wait in the queue, and time_to_first_token_ms includes the "
        r"wait")),
    ("core_queue_kv", re.compile(
        r"\A(?P<n_running>\d[\d,]*+) of the (?P<n_asked>\d[\d,]*+) concurrent requests run at "
        r"once \(its KV cache holds that many at their actual context\); the others wait in "
        r"the queue, and time_to_first_token_ms includes the wait")),
    # a diffusion component that overflows in fp16 (diffusion_speed.fp16_overflow_notes)
    ("core_t5_fp16", re.compile(
        r"\A(?P<component>(?:(?! \(T5\)).)++) \(T5\) overflows in fp16 and this GPU has no "
        r"bf16: run it in fp32, (?P<n_gb>\d[\d,]*+(?:\.\d++)?) GB more than in 16-bit "
        r"\(huggingface/transformers#5651\)")),
    ("core_sdxl_vae_fp16", re.compile(
        r"the SDXL VAE overflows in fp16 \(its config forces an fp32 upcast for the decode\): "
        r"use the fp16-fix VAE \(madebyollin/sdxl-vae-fp16-fix\) or decode in fp32, "
        r"(?P<n_gb>\d[\d,]*+(?:\.\d++)?) GB more weights and a slower decode")),
)

# the reasons a price is suspect (service/domain/catalog/trust.py), after "suspect price: "
_REASONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("core_reason_caution", re.compile(r"the source cautions: (?P<text>.++)")),
    ("core_reason_sentinel", re.compile(
        r"a price of exactly \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/h, a placeholder value")),
    ("core_reason_floor", re.compile(
        r"a price under \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour, a placeholder value")),
    ("core_reason_spot", re.compile(
        r"spot \$(?P<usd_spot>\d[\d,]*+(?:\.\d++)?)/h is not below on-demand "
        r"\$(?P<usd_od>\d[\d,]*+(?:\.\d++)?)/h")),
    ("core_reason_outlier", re.compile(
        r"(?P<kind_kind>on-demand|reserved|spot) \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour "
        r"is (?P<n_ratio>\d[\d,]*+(?:\.\d++)?)x the median \$(?P<usd_median>\d[\d,]*+(?:\.\d++)?) "
        r"of (?P<n_peers>\d[\d,]*+(?:\.\d++)?) providers' fresh (?:on-demand|reserved|spot) prices "
        # the GPU by its name (trust.py), which may hold parentheses: "(HGX, Blackwell Ultra)"
        r"for (?P<scope_scope>(?:(?! \(under ).)++) "
        r"\(under (?P<n_low>\d[\d,]*+(?:\.\d++)?)x\)")),
    # a price far above the seller's own prices for the GPU (trust.py's high outlier)
    ("core_reason_outlier_own", re.compile(
        r"(?P<kind_kind>on-demand|reserved|spot) \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour "
        r"is (?P<n_ratio>\d[\d,]*+(?:\.\d++)?)x the median \$(?P<usd_median>\d[\d,]*+(?:\.\d++)?) "
        r"of (?P<seller>[\w.-]++(?: \([\w.-]++\))?+)'s own (?P<n_rows>\d[\d,]*+) fresh "
        r"(?:on-demand|reserved|spot) prices for (?P<scope_scope>(?:(?! \(above ).)++) "
        r"\(above (?P<n_high>\d[\d,]*+(?:\.\d++)?)x\)")),
    # a spot price far below the median (trust.spot_reasons), said in English in Romanian
    ("core_reason_outlier_low", re.compile(
        r"(?P<kind_kind>spot) \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour "
        r"is (?P<n_ratio>\d[\d,]*+(?:\.\d++)?)x the median \$(?P<usd_median>\d[\d,]*+(?:\.\d++)?) "
        r"of (?P<n_peers>\d[\d,]*+(?:\.\d++)?) providers' fresh spot prices "
        r"for (?P<scope_scope>(?:(?! \(under ).)++) "
        r"\(under (?P<n_low>\d[\d,]*+(?:\.\d++)?)x\)")),
    # the same, the row's spot price named after it (trust.conflict_reason)
    ("core_reason_conflict_spot", re.compile(
        r"(?P<kind_kind>on-demand|reserved) \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour "
        r"conflicts with the provider's own dated price \$(?P<usd_dated>\d[\d,]*+(?:\.\d++)?) "
        r"\(as of (?P<date>[\d-]++)\), and the undated price's age is unknown, as is that of "
        r"its spot price \$(?P<usd_spot>\d[\d,]*+(?:\.\d++)?)/GPU-hour, from the same row")),
    # an undated price against the provider's own dated one (trust.conflict_reason)
    ("core_reason_conflict", re.compile(
        r"(?P<kind_kind>on-demand|reserved|spot) \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour "
        r"conflicts with the provider's own dated price \$(?P<usd_dated>\d[\d,]*+(?:\.\d++)?) "
        r"\(as of (?P<date>[\d-]++)\), and the undated price's age is unknown")),
    # a marketplace's undated row of another provider's machine against that provider's own
    # dated price (trust.conflict with ``upstream``), the row's spot price named after it
    ("core_reason_resale_conflict_spot", re.compile(
        r"(?P<kind_kind>on-demand|reserved) \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour "
        r"for (?P<owner>[\w.-]++)'s machine, resold by (?P<seller>[\w.-]++), conflicts with "
        r"[\w.-]++'s own dated price \$(?P<usd_dated>\d[\d,]*+(?:\.\d++)?) "
        r"\(as of (?P<date>[\d-]++)\), and the resold price's age is unknown, as is that of "
        r"its spot price \$(?P<usd_spot>\d[\d,]*+(?:\.\d++)?)/GPU-hour, from the same row")),
    ("core_reason_resale_conflict", re.compile(
        r"(?P<kind_kind>on-demand|reserved|spot) \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour "
        r"for (?P<owner>[\w.-]++)'s machine, resold by (?P<seller>[\w.-]++), conflicts with "
        r"[\w.-]++'s own dated price \$(?P<usd_dated>\d[\d,]*+(?:\.\d++)?) "
        r"\(as of (?P<date>[\d-]++)\), and the resold price's age is unknown")),
    # the same, below that provider's own (undated) price for the machine (trust.below_owner)
    ("core_reason_resale_below", re.compile(
        r"(?P<kind_kind>on-demand|reserved|spot) \$(?P<usd_price>\d[\d,]*+(?:\.\d++)?)/GPU-hour "
        r"for (?P<owner>[\w.-]++)'s machine, resold by (?P<seller>[\w.-]++), is below "
        r"[\w.-]++'s own price \$(?P<usd_theirs>\d[\d,]*+(?:\.\d++)?)/GPU-hour for the same "
        r"machine \((?P<offer>[\w.-]++)\), and the resold price's age is unknown")),
    # a doubt of the offer a resale resells at its price (trust.carried_reason): the doubt
    # itself said by the patterns above (``reason_``); one reason, never "; " (the reasons
    # are "; "-joined, and this one is said last)
    ("core_reason_resale_carried", re.compile(
        r"the same price as (?P<owner>[\w.-]++)'s (?P<offer>[\w.-]++), which "
        r"(?P<seller>[\w.-]++) resells, is doubted there: (?P<reason_inner>(?:(?!; ).)++)")),
)
_SUSPECT = "suspect price: "
_ANY_COUNT = " (any count)"
_REPLACED = re.compile(
    r"\A(?P<near>[^,\s]++), the nearest precision (?P<engine>\S++) runs on (?P<gpu>.++)")
# a kernel rule's verdict (service/domain/catalog/kernels.py); the rule's words are data.
# The GPU's name and its hardware may hold parentheses of their own ("NVIDIA B200 180GB (HGX)
# (compute capability 10.0)", "Google Cloud TPU v6e Trillium (per chip) (TPU v6e
# (Trillium))"): the pattern takes the head, :func:`_on_gpu` the GPU and its hardware.
_CANNOT = re.compile(r"\A(?P<engine>\S++) cannot run (?P<p>\S++) on (?P<rest>.++)")
_PLATFORM = re.compile(r"\A(?P<engine>\S++) does not run on (?P<rest>.++)")
_CANNOT_TAIL = "): "
_PLATFORM_TAIL = "): it runs on "
_WHERE = re.compile(r"\Arule (?P<rule>[^;\s]++); source: (?P<source>.++)")
_ALT_NEAREST = re.compile(r"the nearest precision (?P<engine>\S++) runs on (?P<rest>.++)")
_ALT_NONE = re.compile(
    r"no precision of its \[nearest\] list runs with (?P<engine>\S++) there"
    r"(?:; engines that run (?P<p>\S++) on (?P<gpu>[^:]++): (?P<engines>.++))?")


# why a recommendation left an offer out (service/domain/recommend/: pricing.quote_offer,
# options.untrusted_reason and rank_offers, plans._miss, capability's memory refusals) and
# the no-match reasons of alternatives.impossible_reason that have no pattern above
_N = r"\d[\d,]*+(?:\.\d++)?"
# a number the core repeats from the request (a rate, a limit: locale.plain), grouped in
# thousands and never in exponent form (":g" wrote 1,953,125,000 as 1.95312e+09, read back
# as 1,953,120,000)
_G = _N
_ROOM = rf"(?P<room>, (?P<n_limit>{_N}) GiB with the (?P<pct_margin>{_N})% headroom)?"
_MACHINES_AT = (rf"(?P<rmach>(?P<machine_m>{_N} instances of {_N} x [^:]++): )?")
_KIND_AT = r"(?P<rkind> \((?P<pricing_rk>reserved, [^()]++)\))?"
_PER_REPLICA = (r"with (?P<users_u>\d[\d,]*+ concurrent requests?) per replica "
                r"\((?P<p>\S++) weights, (?P<layout_l>[^()]++)\)")
_REJECTED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("core_rej_budget_hour", re.compile(
        rf"over budget by \$(?P<usd_over>{_N})/h \({_MACHINES_AT}\$(?P<usd_cost>{_N})/h"
        rf"{_KIND_AT}\)")),
    ("core_rej_budget_month", re.compile(
        rf"over budget by \$(?P<usd_over>{_N})/month \({_MACHINES_AT}"
        rf"\$(?P<usd_cost>{_N})/month{_KIND_AT}\)")),
    ("core_rej_budget_total", re.compile(
        rf"over budget by \$(?P<usd_over>{_N}) \({_MACHINES_AT}\$(?P<usd_cost>{_N}) in all"
        rf"{_KIND_AT}\)")),
    ("core_rej_stale", re.compile(
        rf"stale: price is (?P<n_days>{_N}) days old \(as of (?P<date>[\d-]++)\), older than "
        rf"the (?P<n_limit>{_N})-day limit; include_stale to rank it")),
    ("core_rej_stale_reserved", re.compile(
        rf"stale: reserved price \$(?P<usd_price>{_N})/h is (?P<n_days>{_N}) days old \(as of "
        rf"(?P<date>[\d-]++)\), older than the (?P<n_limit>{_N})-day limit; include_stale to "
        r"rank it")),
    ("core_rej_spot_only", re.compile(
        r"only a spot price, and the workload is not interruptible")),
    ("core_rej_no_price", re.compile(r"no usable price")),
    ("core_rej_deadline", re.compile(
        rf"takes (?P<n_hours>{_N}) h(?P<restarts> with spot's expected restarts)?"
        rf"(?P<most> on (?P<n_nodes>{_N}) instances \(the most planned\))?, more than "
        rf"the (?P<n_limit>{_G}) h allowed \(max_job_hours\)")),
    ("core_rej_memory", re.compile(
        rf"needs (?P<n_need>{_N}) GiB for (?P<p>\S++) weights \+ KV cache \+ overhead"
        rf"(?P<split> \(at least (?P<n_least>{_N}) GiB per GPU split over (?P<n_over>\d++)\))?"
        rf"; (?P<n_count>\d++) x (?P<gpu>(?:(?! gives ).)++) gives (?P<n_cap>{_N}) GiB per "
        rf"GPU{_ROOM}(?P<idle>; replicas of tensor parallel (?P<n_tp>\d++) would fit but leave "
        r"(?P<n_left>\d++) of its (?P<n_all>\d++) GPUs idle \(only layouts that use every GPU "
        r"of a node are ranked\))?+")),
    ("core_rej_train_memory", re.compile(
        rf"needs (?P<n_need>{_N}) GiB per GPU to train \((?P<method>[\w-]++), "
        rf"(?P<zero>DDP|ZeRO-[12]|ZeRO-3/FSDP) over (?P<n_gpus>\d[\d,]*+) GPU(?P<pl>s)?\); "
        rf"(?P<gpu>(?:(?! has ).)++) has (?P<n_usable>{_N}) GiB usable{_ROOM}")),
    ("core_rej_gpu_memory", re.compile(
        rf"needs (?P<n_need>{_N}) GiB; (?P<gpu>(?:(?! has ).)++) has (?P<n_usable>{_N}) GiB "
        rf"usable{_ROOM}")),
    ("core_rej_ttft_default", re.compile(
        rf"misses the default time-to-first-token target for interactive serving: time to "
        rf"first token (?P<n_ttft>{_N}) ms > (?P<n_target>{_N}) ms {_PER_REPLICA}; set "
        r"max_time_to_first_token_ms to change it")),
    ("core_rej_ttft", re.compile(
        rf"misses the latency target: time to first token (?P<n_ttft>{_N}) ms > "
        rf"(?P<n_target>{_N}) ms {_PER_REPLICA}")),
    ("core_rej_decode_default", re.compile(
        rf"misses the default decode-speed target for interactive serving: (?P<n_speed>{_N}) "
        rf"tokens/s per user < (?P<n_target>{_G}) {_PER_REPLICA}; set min_decode_tokens_per_s "
        r"to change it")),
    ("core_rej_decode", re.compile(
        rf"misses the latency target: (?P<n_speed>{_N}) tokens/s per user < (?P<n_target>{_G}) "
        rf"{_PER_REPLICA}")),
    # exactly 1 in the singular (context.per_s)
    ("core_rej_rate_one", re.compile(
        rf"misses the request-rate target: 1 request/s would need more than "
        rf"(?P<n_most>{_N}) replicas of (?P<n_count>\d++) x (?P<gpu>.++)")),
    ("core_rej_rate", re.compile(
        rf"misses the request-rate target: (?P<n_rate>{_G}) requests/s would need more than "
        rf"(?P<n_most>{_N}) replicas of (?P<n_count>\d++) x (?P<gpu>.++)")),
    ("core_rej_nodes", re.compile(rf"would need (?P<n_nodes>{_N}) nodes for the targets")),
    # capability._diffusion_capability: an image or clip slower than max_seconds_per_image
    ("core_rej_image_time", re.compile(
        rf"misses max_seconds_per_image: one image takes ~(?P<n_sec>{_N}) s on "
        rf"(?P<gpu>(?:(?! at ).)++) at (?P<p>\S++) \((?P<w>\d++)x(?P<h>\d++), "
        rf"(?P<n_steps>{_N}) steps\), over the (?P<n_limit>{_G}) s allowed")),
    ("core_rej_clip_time", re.compile(
        rf"misses max_seconds_per_image: one clip takes ~(?P<n_sec>{_N}) s on "
        rf"(?P<gpu>(?:(?! at ).)++) at (?P<p>\S++) \((?P<w>\d++)x(?P<h>\d++), "
        rf"(?P<n_steps>{_N}) steps\), over the (?P<n_limit>{_G}) s allowed")),
    ("core_rej_network_train", re.compile(
        rf"multi-node training needs a fast node network: (?P<n_nodes>{_N}) nodes of "
        rf"(?P<n_count>\d++) x (?P<gpu>(?:(?!, and ).)++), and "
        r"(?P<instance>(?:(?! states no ).)++) states no InfiniBand/EFA/RoCE network "
        r"\(gradient sync would crawl\)")),
    ("core_rej_network_serve", re.compile(
        rf"multi-node split serving needs a fast node network: one replica spans "
        rf"(?P<n_nodes>{_N}) nodes of (?P<n_count>\d++) x (?P<gpu>(?:(?!, and ).)++), and "
        r"(?P<instance>(?:(?! states no ).)++) states no InfiniBand/EFA/RoCE network")),
    # no-match reasons (alternatives.impossible_reason)
    ("core_rej_no_offer", re.compile(
        r"no offer in the catalog matches the filters \(providers, GPUs named, regions, GPUs "
        r"per node\); relax them")),
)
_DEADLINE_REASON = re.compile(
    rf"the deadline: the fastest option that fits takes (?P<n_hours>{_N}) h, more than the "
    rf"(?P<n_limit>{_G}) h allowed \(max_job_hours; (?P<n_offers>{_N}) offers? fits? but "
    r"takes? longer\)")
# no-match reasons whose head had no pattern (alternatives.impossible_reason): untrusted
# prices, billing, and the heads around a quoted rejection ("for example: ..."), whose example
# is said by the patterns above
_NO_MATCH: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("core_nm_trust", re.compile(
        rf"price trust: the (?P<n_offers>{_N}) offers? that fit have stale "
        rf"\((?P<n_stale>{_N})\) or suspect \((?P<n_suspect>{_N})\) prices; include_stale or "
        r"include_suspect to rank them with a warning")),
    ("core_nm_billing", re.compile(
        rf"billing: (?P<n_offers>{_N}) offers? fit but only a spot price, and the workload is "
        r"not interruptible")),
)
_EXAMPLE = " (for example: "
_EXAMPLE_HEADS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("core_nm_hardware", re.compile(
        rf"the hardware: (?P<n_offers>{_N}) offers? large enough for the ~(?P<n_gib>{_N}) GiB "
        r"of weights cannot run (?P<p>\S++)"), "); choose another precision or engine"),
    ("core_nm_targets", re.compile(
        rf"the targets: (?P<n_offers>{_N}) offers? fit in memory but none meets the targets"),
     "); relax a target or allow more GPUs"),
)
"""(message key, the head before ``_EXAMPLE``, what follows the example)."""
_NO_CHANGE = "; no single change tried gives an option ("
# no-match reasons of alternatives.impossible_reason followed by what would change the answer
# (alternatives._changes_words, said by :func:`_hint`): the memory, at every precision tried,
# against one node or the weights alone, and the node network
_MEM_HEAD = (r"memory: (?P<name>(?:(?! at ).)++) at (?P<p>\S++)"
             r"(?P<smallest> \(the smallest of the precisions tried\))?+ needs ~")
_MEM_NO_NODE = r"; no node in the catalog that matches the constraints has it \(largest: "
_NO_MATCH_HINTED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("core_rej_deadline_reason", _DEADLINE_REASON),
    ("core_nm_memory_weights", re.compile(
        rf"{_MEM_HEAD}(?P<n_need>{_N}) GiB for the weights alone{_MEM_NO_NODE}"
        rf"(?P<n_largest>{_N}) GiB\)")),
    ("core_nm_memory_node", re.compile(
        rf"{_MEM_HEAD}(?P<n_node>{_N}) GiB on one node \((?P<say_made>weights, gradients, "
        r"optimizer state and activations sharded over its GPUs|weights, one request's KV "
        rf"cache and overhead)(?P<freed>, (?P<pct_free>{_N})% of each GPU kept free)?+; "
        rf"~(?P<n_need>{_N}) GiB of it weights\){_MEM_NO_NODE}(?P<n_has>{_N}) GiB usable\)")),
)
# the memory no-match reason of a model each GPU runs whole (alternatives._per_gpu_reason: a
# diffusion or audio pipeline), then what would change the answer (:func:`_hint`)
_PER_GPU_MEMORY = re.compile(
    rf"memory: (?P<name>(?:(?! needs ).)++) needs (?P<need>{_N}) GiB per GPU "
    r"(?P<even>even )?+at (?P<p>[^\s,]++)(?:, the smallest of the precisions tried)?+ "
    r"\((?:the whole pipeline at (?P<w>\d++)x(?P<h>\d++)(?:, (?P<frames>\d++) frames)?+"
    r"|(?P<model>the whole model at a batch of one)); each GPU runs a whole copy, so more "
    rf"GPUs add copies, not memory\); (?P<gpu>(?:(?! has ).)++) has (?P<usable>{_N}) GiB "
    rf"usable(?:, (?P<limit>{_N}) GiB with the (?P<room>{_N})% headroom)?+"
    r"(?P<most>, the most of the GPUs that match the constraints)?+")
# the GPUs named that no offer of the catalog rents (alternatives.no_offer_gpu_reason), what
# sizing says on the first of them, then what would change the answer (:func:`_hint`)
_NO_OFFER_GPU = re.compile(
    r"\Athe catalog has no offer for (?P<gpus>(?:(?! \(no provider in the catalog lists ).)++) "
    r"\(no provider in the catalog lists (?P<them>it|them)\)")
_SIZED_HEAD = r"; without a price, sizing still says: (?P<name>(?:(?! at ).)++) at "
_SIZED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("core_nm_sized_fits", re.compile(
        rf"\A{_SIZED_HEAD}(?P<p>\S++) fits on (?P<n_count>\d++) x (?P<gpu>(?:(?!, ~).)++), "
        rf"~(?P<n_tps>{_N}) output tokens/s at full load \(/v1/sizing\)")),
    ("core_nm_sized_nofit_any", re.compile(
        rf"\A{_SIZED_HEAD}any precision tried does not fit on (?P<n_count>\d++) x "
        r"(?P<gpu>(?:(?! \(/v1/sizing\)).)++) \(/v1/sizing\)")),
    ("core_nm_sized_nofit", re.compile(
        rf"\A{_SIZED_HEAD}(?P<p>\S++) does not fit on (?P<n_count>\d++) x "
        r"(?P<gpu>(?:(?! \(/v1/sizing\)).)++) \(/v1/sizing\)")),
)
_NETWORK_HEAD = re.compile(
    rf"the node network: (?P<offers_raw>{_N}) offers? could (?P<say_work>train|serve|run) "
    r"it over several nodes but state no InfiniBand/EFA/RoCE network")
# the time to first token no offer reaches (alternatives._targets_reason, _reachable_words)
_TTFT_REASON = re.compile(
    rf"the targets: (?P<offers_raw>{_N}) offers? fit in memory but none meets "
    r"(?P<say_ttft>the default time-to-first-token target|the time-to-first-token target): "
    rf"time to first token (?P<n_best>{_N}) ms > (?P<n_target>{_N}) ms at the least, the "
    rf"lowest any of them reaches at this load \((?P<n_gpus>{_N}) x "
    r"(?P<gpu>(?:(?!, \S++ weights, ).)++), (?P<p>\S++) weights, (?:tensor parallel "
    r"(?P<tp>\d++)|one GPU per replica)(?: x (?P<pp>\d++) pipeline stages)?+, "
    rf"(?P<reqs_raw>{_N}) requests? per replica\); relax the target to at least "
    rf"(?P<n_least>{_N}) ms or shorten the prompt")
# a per-image (per-clip) time no offer reaches at any price (alternatives._image_time_reason):
# the head before the fastest example, and the advice after it
_ITEM_TIME_HEAD = re.compile(
    rf"\Athe targets: (?P<offers_raw>{_N}) offers? fit in memory but none makes one "
    rf"(?P<item>image|clip) within the (?P<n_limit>{_G}) s allowed \(max_seconds_per_image\), "
    r"at any price \(the fastest: ")
_ITEM_TIME_TAIL = re.compile(
    r"\); one (?:image|clip) runs whole on one GPU, so more GPUs add (?:image|clip)s per "
    r"second, never a faster (?:image|clip): relax max_seconds_per_image to at least "
    rf"(?P<n_least>{_N}) s, or use (?:(?P<k_steps>\d++) steps or fewer, )?+a lower resolution "
    r"or a few-step distilled model \(turbo, lightning, schnell\)\Z")
_KERNEL_REFUSED = re.compile(
    r"\Acannot run (?P<p>\S++) with (?P<engine>[^\s:]++): (?P<rest>.++)")
_NEAREST_RUNS = "; nearest that runs there: "
_INCLUDE_SUSPECT = "; include_suspect to rank it"
_WEIGHT_ONLY = re.compile(
    r"weight-only (?P<p>[^\s:]++): (?P<engine>\S++) runs (?P=p) on (?P<gpu>(?:(?! as ).)++) as "
    r"(?P<runs>(?:(?! \(matmuls in ).)++) \(matmuls in (?P<compute>[\w-]++)\) \(rule "
    r"(?P<rule>[^()\s]++)\); the weights take (?P=p)'s memory, the matmuls run at "
    r"(?P=compute) speed, with no (?P<up>\S++) tensor-core speed-up")
"""An option's warning where its GPU runs the weights through a weight-only kernel
(options.weight_only_warning; the kernel's words, kernels.supported, from the catalog)."""
_LAYOUT = re.compile(r"tensor parallel (?P<tp>\d++)(?: x pipeline (?P<pp>\d++))?")


def _layout(raw: str, texts: Mapping[str, str]) -> str:
    """A replica's layout as plans._with_layout words it ("one GPU each", "tensor parallel
    4", "tensor parallel 4 x pipeline 2"); as it is when it is none of them."""
    if raw == "one GPU each":
        return texts["core_rej_one_gpu"]
    m = _LAYOUT.fullmatch(raw)
    if m is None:
        return raw
    if m.group("pp"):
        return texts["core_rej_tp_pp"].format(tp=m.group("tp"), pp=m.group("pp"))
    return texts["core_rej_tp"].format(tp=m.group("tp"))


def _users(raw: str, texts: Mapping[str, str], f: Formatter) -> str:
    """"1 concurrent request", "8 concurrent requests" (context.count)."""
    n = float(raw.split(" ", 1)[0].replace(",", ""))
    return (texts["core_rej_users_one"] if n == 1
            else texts["core_rej_users"].format(n=f.number(n)))


def _refused(text: str, texts: Mapping[str, str], f: Formatter,
             kinds: Mapping[str, str]) -> str | None:
    """A rejection or no-match reason of the recommender that a single pattern does not
    cover: a kernel refusal (capability.kernel_refusal: the rule's words from the [catalog]
    table, as :func:`_kernel` says them), the deadline's no-match reason with the changes
    tried; None for any other text."""
    m = _KERNEL_REFUSED.fullmatch(text)
    if m is not None:
        rest, near = m.group("rest"), ""
        at_near = rest.rfind(_NEAREST_RUNS)
        if at_near >= 0 and " " not in rest[at_near + len(_NEAREST_RUNS):]:
            near = texts["core_rej_nearest"].format(
                near=rest[at_near + len(_NEAREST_RUNS):])
            rest = rest[:at_near]
        at = rest.find(" (rule ")
        if at < 0 or not rest.endswith(")"):
            return None
        # "rule <id>; <source>; <source>": the sources as :func:`_sources` says them
        rule, sep, sources = rest[at + 7 : -1].partition("; ")
        where = (texts["core_where"].format(rule=rule, source=_sources(sources, texts)) if sep
                 else rest[at + 2 : -1])
        return texts["core_rej_kernel"].format(
            p=m.group("p"), engine=m.group("engine"), reason=_reason(rest[:at], texts),
            where=where, nearest=near)
    m = _WEIGHT_ONLY.fullmatch(text)
    if m is not None:
        return texts["core_rej_weight_only"].format(
            **{**m.groupdict(), "runs": quoted(m.group("runs"), texts)})
    for key, pattern in _NO_MATCH:
        m = pattern.fullmatch(text)
        if m is not None:
            return _fill(texts, key, m, f, kinds)
    said = _item_time(text, texts, f, kinds)
    if said is not None:
        return said
    for key, pattern, tail in _EXAMPLE_HEADS:
        head, sep, example = text.removesuffix(tail).partition(_EXAMPLE)
        m = pattern.fullmatch(head)
        if m is not None and sep and text.endswith(tail):
            return (_fill(texts, key, m, f, kinds)
                    + texts["core_nm_example"].format(example=_localise(example, texts, f,
                                                                        kinds))
                    + texts[f"{key}_tail"])
    hinted = _hinted(text, texts, f, kinds)
    if hinted is not None:
        return hinted
    no_offer = _no_offer_gpu(text, texts, f, kinds)
    if no_offer is not None:
        return no_offer
    head, sep, tried = text.partition(_NO_CHANGE)
    m = _DEADLINE_REASON.fullmatch(head)
    if m is None or (sep and not tried.endswith(")")):
        return None
    said = _fill(texts, "core_rej_deadline_reason", m, f, kinds)
    if sep:
        changes = [_what_would_change(c, texts, f, kinds) or c
                   for c in tried[:-1].split(", ")]
        said += texts["core_rej_no_change"].format(changes=", ".join(changes))
    return said


def _item_time(text: str, texts: Mapping[str, str], f: Formatter,
               kinds: Mapping[str, str]) -> str | None:
    """The no-match reason of a per-image (per-clip) time no offer reaches
    (alternatives._image_time_reason): its head, the fastest item's rejection in the
    language's words, and the advice (never more GPUs); None for any other text."""
    head = _ITEM_TIME_HEAD.match(text)
    if head is None:
        return None
    at = text.rfind("); one ")
    tail = _ITEM_TIME_TAIL.match(text, at) if at > head.end() else None
    if tail is None:
        return None
    key = f"core_nm_{head.group('item')}_time"
    steps = tail.group("k_steps")
    return (_fill(texts, key, head, f, kinds, offers=_offers(head.group("offers_raw"), texts, f))
            + _localise(text[head.end() : at], texts, f, kinds)
            + _fill(texts, f"{key}_tail", tail, f, kinds,
                    steps=texts["core_nm_fewer_steps"].format(
                        steps=f.number(float(steps))) if steps else ""))


def _hinted(text: str, texts: Mapping[str, str], f: Formatter,
            kinds: Mapping[str, str]) -> str | None:
    """The memory and node-network no-match reasons, each with what would change the answer
    after it (:func:`_hint`), and the time to first token no offer reaches; None for any
    other text, or where the advice after the reason is not one :func:`_hint` reads."""
    m = _TTFT_REASON.fullmatch(text)
    if m is not None:
        tp, pp = m.group("tp"), m.group("pp")
        layout = (texts["core_rej_tp"].format(tp=tp) if tp else texts["core_nm_one_gpu"]) + (
            texts["core_nm_stages"].format(pp=f.number(float(pp))) if pp else "")
        n = float(m.group("reqs_raw").replace(",", ""))
        requests = (texts["core_nm_requests_one"] if n == 1
                    else texts["core_nm_requests"].format(n=f.number(n)))
        return _fill(texts, "core_nm_ttft", m, f, kinds, layout=layout, requests=requests,
                     offers=_offers(m.group("offers_raw"), texts, f))
    for key, pattern in _NO_MATCH_HINTED:
        m = pattern.match(text)
        if m is not None:
            hint = _hint(text[m.end():], texts, f, kinds)
            return None if hint is None else _fill(texts, key, m, f, kinds) + hint
    m = _PER_GPU_MEMORY.match(text)
    if m is not None:
        hint = _hint(text[m.end():], texts, f, kinds)
        return None if hint is None else _per_gpu_memory(m, texts, f) + hint
    m = _NETWORK_HEAD.match(text)
    if m is None or not text.startswith(_EXAMPLE, m.end()):
        return None
    at, depth = m.end() + len(_EXAMPLE), 1
    for i in range(at, len(text)):  # the example's own parentheses ("(per GPU-hour)")
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            hint = _hint(text[i + 1 :], texts, f, kinds)
            if hint is None:
                return None
            example = texts["core_nm_example"].format(
                example=_localise(text[at:i], texts, f, kinds))
            return (_fill(texts, "core_nm_network", m, f, kinds,
                          offers=_offers(m.group("offers_raw"), texts, f))
                    + example + ")" + hint)
    return None


def _per_gpu_memory(m: re.Match[str], texts: Mapping[str, str], f: Formatter) -> str:
    """The memory reason of a model each GPU runs whole (``_PER_GPU_MEMORY``) in the
    language of ``texts``, its figures in ``f``'s format."""
    def num(raw: str) -> str:
        return f.number(float(raw.replace(",", "")), _digits(raw))

    words = catalog_words(texts)
    p = m.group("p")
    at = texts["core_nm_per_gpu_even" if m.group("even") else "core_nm_per_gpu_at"].format(p=p)
    if m.group("model"):
        what = texts["core_nm_per_gpu_model"]
    else:
        what = texts["core_nm_per_gpu_frames" if m.group("frames") else
                     "core_nm_per_gpu_pipeline"].format(
            w=m.group("w"), h=m.group("h"), frames=num(m.group("frames") or "0"))
    room = ("" if m.group("limit") is None else texts["core_nm_per_gpu_room"].format(
        limit=num(m.group("limit")),
        room=f.percent(float(m.group("room").replace(",", "")) / 100, _digits(m.group("room")))))
    gpu = m.group("gpu")
    return texts["core_nm_per_gpu"].format(
        name=words.get(m.group("name"), m.group("name")), need=num(m.group("need")), at=at,
        what=what, gpu=words.get(gpu, gpu), usable=num(m.group("usable")), room=room,
        most=texts["core_nm_per_gpu_most"] if m.group("most") else "")


def _no_offer_gpu(text: str, texts: Mapping[str, str], f: Formatter,
                  kinds: Mapping[str, str]) -> str | None:
    """The no-match reason of GPUs named that no offer of the catalog rents
    (alternatives.no_offer_gpu_reason): the GPUs, what sizing says on the first of them, and
    what would change the answer (:func:`_hint`); None for any other text."""
    m = _NO_OFFER_GPU.match(text)
    if m is None:
        return None
    words = catalog_words(texts)
    raw = m.group("gpus")
    head, sep, last = raw.rpartition(" or ")
    gpus = (texts["core_list_or"].format(head=head, last=words.get(last, last))
            if sep and m.group("them") == "them" else words.get(raw, raw))
    said = texts["core_nm_no_offer_gpus" if m.group("them") == "them"
                 else "core_nm_no_offer_gpu"].format(gpus=gpus)
    rest = text[m.end():]
    for key, pattern in _SIZED:
        sized = pattern.match(rest)
        if sized is not None:
            said += _fill(texts, key, sized, f, kinds)
            rest = rest[sized.end():]
            break
    hint = _hint(rest, texts, f, kinds)
    return None if hint is None else said + hint


def _offers(raw: str, texts: Mapping[str, str], f: Formatter) -> str:
    """"1 offer", "7 offers" (context.count), as the language says a count of offers."""
    n = float(raw.replace(",", ""))
    return (texts["core_nm_offers_one"] if n == 1
            else texts["core_nm_offers"].format(n=f.number(n)))


def _hint(tail: str, texts: Mapping[str, str], f: Formatter,
          kinds: Mapping[str, str]) -> str | None:
    """What would change an answer, after its no-match reason (alternatives._changes_words):
    nothing; the changes tried, none giving an option; or each change that gives one with
    its effect ("<change> (<effect>)", "a, b or c"), each said where a pattern knows it
    (:func:`_what_would_change`) and kept as the core wrote it otherwise. None where the
    tail is none of these."""
    if not tail:
        return ""
    if tail.startswith(_NO_CHANGE) and tail.endswith(")"):
        changes = [_what_would_change(c, texts, f, kinds) or c
                   for c in tail[len(_NO_CHANGE) : -1].split(", ")]
        return texts["core_rej_no_change"].format(changes=", ".join(changes))
    if not tail.startswith("; ") or not tail.endswith(")"):
        return None
    start, depth, open_at = 2, 0, -1
    said: list[str] = []
    for i, c in enumerate(tail):
        if i < 2:
            continue
        if c == "(":
            depth += 1
            if depth == 1:
                open_at = i
        elif c == ")":
            depth -= 1
            if depth < 0:
                return None
            end = i + 1
            if depth == 0 and (end == len(tail) or tail.startswith((", ", " or "), end)):
                change, effect = tail[start:open_at].rstrip(), tail[open_at + 1 : i]
                said.append(f"{_what_would_change(change, texts, f, kinds) or change} "
                            f"({_what_would_change(effect, texts, f, kinds) or effect})")
                start = end + (2 if tail.startswith(", ", end) else 4)
    if depth != 0 or start < len(tail) or not said:
        return None
    if len(said) == 1:
        return "; " + said[0]
    return "; " + texts["core_list_or"].format(head=", ".join(said[:-1]), last=said[-1])


def _digits(raw: str) -> int:
    """The fraction digits ``raw`` shows: a number in exponent form (``:g`` writes 5400 as
    5.4e+03) keeps its significant figures, 5,400 and not 5,400.00000."""
    mantissa, _, exponent = raw.partition("e")
    shown = len(mantissa.split(".", 1)[1]) if "." in mantissa else 0
    return max(0, shown - int(exponent or 0))


_OPTIONAL = {"tried": "core_fits_tried", "offload": "core_fits_offload",
             "pcie": "core_multinode_pcie", "bits": "core_alt_bits", "held": "core_alt_held",
             "speed": "core_alt_gbps", "qgpus": "core_queue_gpus", "qfp8": "core_queue_fp8",
             "qshort": "core_queue_short", "qactual": "core_queue_actual",
             "qor1": "core_queue_or", "qor2": "core_queue_or",
             "pl": "core_rate_gpus_plural", "rmach": "core_rej_machines",
             "rkind": "core_rej_kind", "split": "core_rej_split", "room": "core_rej_room",
             "idle": "core_rej_idle",
             "restarts": "core_rej_restarts", "most": "core_rej_most_instances",
             "smallest": "core_nm_memory_smallest", "freed": "core_nm_memory_freed"}
"""Optional parts of a warning, each written from its own message (empty when absent), with
the group itself and the values read inside it ("held" says its ``say_target``)."""


def _fill(texts: Mapping[str, str], key: str, m: re.Match[str], f: Formatter,
          kinds: Mapping[str, str], name_of: GpuNames | None = None, **extra: str) -> str:
    # a TPU's warning says "per chip" where a GPU's says "per GPU" (the ``unit`` group, as
    # GPU.unit wrote it): its words are the messages' ``<key>_chips`` where they have one
    chips = m.groupdict().get("unit") == "chip"

    def said(k: str) -> str:
        return f"{k}_chips" if chips and f"{k}_chips" in texts else k

    values: dict[str, str] = dict(extra)
    optional: dict[str, str | None] = {}
    for name, raw in m.groupdict().items():
        if name in _OPTIONAL:
            optional[name] = raw
            continue
        prefix, _, rest = name.partition("_")
        if prefix == "say":
            # one of a few fixed phrases, each said by its own message (empty when absent)
            values[rest] = texts[_SAID[rest][raw]] if raw else ""
            continue
        if raw is None:
            continue
        if prefix == "n":
            values[rest] = f.number(float(raw.replace(",", "")), _digits(raw))
        elif prefix == "usd":
            values[rest] = f.money(float(raw.replace(",", "")), _digits(raw))
        elif prefix == "pct":
            values[rest] = f.percent(float(raw.replace(",", "")) / 100, _digits(raw))
        elif prefix == "kind":
            values[rest] = kinds.get(raw.replace("-", "_"), raw)
        elif prefix == "scope":
            values[rest] = _scope(raw.strip(), texts, name_of)
        elif prefix == "machine":
            values[rest] = _machine(raw, texts, f, kinds)
        elif prefix == "users":
            values[rest] = _users(raw, texts, f)
        elif prefix == "layout":
            values[rest] = _layout(raw, texts)
        elif prefix == "pricing":
            values[rest] = price_kind_words(raw, texts, kinds)
        elif prefix == "list":
            values[rest] = _said_list(raw, _LISTS[rest], texts)
        elif prefix == "term":
            values[rest] = reserved_term_words(raw, texts)
        elif prefix == "reason":
            # a suspect price's reason inside another (trust.carried_reason)
            values[rest] = _suspect_reason(raw, texts, f, kinds, name_of) or raw
        elif name == "method":
            # a training method in the language's words ("antrenarea completă", never
            # "antrenarea full": audit ask_ro #13)
            values[name] = texts.get(f"core_method_{raw}", raw)
        else:
            # a GPU's name with an English note ("... (per GCD, 64 GB; a 128 GB module is 2
            # GCDs)") in the language's words, as the answers write it (_W.gpu_name)
            values[name] = catalog_words(texts).get(raw, raw)
    for name, raw in optional.items():
        values[name] = (texts[said(_OPTIONAL[name])].format(**{**values, name: raw}) if raw
                        else "")
    return texts[said(key)].format(**values)


def _scope(raw: str, texts: Mapping[str, str], name_of: GpuNames | None) -> str:
    """An outlier's peers as trust.py writes them, "1 x NVIDIA GeForce RTX 4090 24GB" or
    "<name> (any count)" (the catalog id, "1 x rtx-4090", where it was given no names):
    with ``name_of``, the GPU by its name as the answers write a setup ("1 × NVIDIA GeForce
    RTX 4090 24GB"; it was the catalog id), else as written."""
    any_count = raw.endswith(_ANY_COUNT)
    gpu = raw[: -len(_ANY_COUNT)] if any_count else raw
    count, sep, gid = gpu.partition(" x ")
    if not (sep and count.isdigit()):
        count, gid = "", gpu
    name = name_of(gid) if name_of is not None else None
    if name is None and " " in gid:
        # trust.py now writes the GPU's name (catalog ids hold no space): its words in the
        # language's [catalog] table, where it has an English note
        name = catalog_words(texts).get(gid, gid)
    said = gpu if name is None else (texts["setup"].format(n=count, gpu=name) if count
                                     else name)
    return texts["core_any_count"].format(gpu=said) if any_count else said


def _said_list(raw: str, phrases: Mapping[str, str], texts: Mapping[str, str]) -> str:
    """"a, b or c" (its pattern admits only the known ``phrases``), each phrase said by its
    own message, joined by the language's ``core_list_or``."""
    head, sep, last = raw.rpartition(" or ")
    items = [texts[phrases[x]] for x in ([*head.split(", "), last] if sep else [raw])]
    if len(items) == 1:
        return items[0]
    return texts["core_list_or"].format(head=", ".join(items[:-1]), last=items[-1])


def _kernel(text: str, texts: Mapping[str, str]) -> str | None:
    """The two kernel warnings of service/domain/sizing/hardware.py, or None."""
    for head, key in (("impossible combination: ", "core_impossible"), ("weights ", "")):
        if not text.startswith(head):
            continue
        rest = text[len(head):]
        precision = ""
        if not key:
            precision, sep, rest = rest.partition(
                " (the precision it would otherwise be sized at) cannot run here: ")
            if not sep:
                return None
            key = "core_weights_replaced"
        at = rest.find(" (rule ")
        tails = ("); sized at ",) if key == "core_weights_replaced" else (
            "); the nearest precision ", "); no precision of its ")
        end = max(rest.rfind(t) for t in tails)
        if at < 0 or end < at:
            return None
        reason, where, tail = rest[:at], rest[at + 2 : end], rest[end + 3 :]
        reason = _reason(reason, texts)
        m = _WHERE.fullmatch(where)
        if m is not None:
            where = texts["core_where"].format(
                rule=m.group("rule"), source=_sources(m.group("source"), texts))
        if key == "core_weights_replaced":
            tail = tail.removeprefix("sized at ")
            m = _REPLACED.fullmatch(tail)
            if m is None:
                return None
            return texts[key].format(p=precision, reason=reason, where=where, **m.groupdict())
        alt = _alternative(tail, texts)
        if alt is None:
            return None
        return texts[key].format(reason=reason, where=where, alt=alt)
    return None


def _reason(reason: str, texts: Mapping[str, str]) -> str:
    """A kernel check's refusal (service/domain/catalog/kernels.py) in the language of
    ``texts``: a rule's or a platform's words from the catalog, where the [catalog] table
    knows them all; otherwise only the sentence around them."""
    words = catalog_words(texts)
    m = _CANNOT.fullmatch(reason)
    on = None if m is None else _on_gpu(m.group("rest"), _CANNOT_TAIL)
    if m is not None and on is not None:
        gpu, hw, paths = on
        return texts["core_cannot_run"].format(
            engine=m.group("engine"), p=m.group("p"), gpu=words.get(gpu, gpu),
            hw=_hw(hw, texts), paths=_paths(paths, texts) or paths)
    m = _PLATFORM.fullmatch(reason)
    on = None if m is None else _on_gpu(m.group("rest"), _PLATFORM_TAIL)
    if m is None or on is None:
        return reason
    gpu, hw, rest = on
    note = ""
    for key in _quoted_keys(texts):
        if rest.endswith(f" ({key})"):
            rest, note = rest[: -len(key) - 3], f" ({quoted(key, texts)})"
            break
    cover = _cover(rest, texts)
    if cover is None:
        return reason
    return texts["core_no_platform"].format(engine=m.group("engine"), gpu=words.get(gpu, gpu),
                                            hw=_hw(hw, texts), cover=cover, note=note)


def _on_gpu(text: str, tail: str) -> tuple[str, str, str] | None:
    """"<GPU> (<hardware>)<tail><rest>" (kernels.py's refusals) taken apart: the GPU's name,
    its hardware and the rest; the name and the hardware may hold parentheses of their own
    ("NVIDIA B200 180GB (HGX)", "TPU v6e (Trillium)"), so the hardware is the balanced group
    that closes just before ``tail``. None where ``text`` is not of that shape."""
    end = text.find(tail)
    if end < 0:
        return None
    depth = 0
    for i in range(end, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            gpu = text[:i].strip()
            if not gpu or i == end:
                return None
            return gpu, text[i + 1 : end], text[end + len(tail):]
    return None


_URL = re.compile(r"https?://[^\s;()]++")


def _sources(source: str, texts: Mapping[str, str]) -> str:
    """A kernel rule's or a platform's sources: as the catalog wrote them in English; in a
    language with a [catalog] table, their URLs alone, "; "-joined: the notes beside them
    quote the (English) pages ("BF16 requires compute capability 8.0 or higher"), and a
    Romanian warning kept them in English, in parentheses. The rule's own words, which say
    what the sources back, are in the warning already (from the [catalog] table). A source
    with no URL stays as it is."""
    if not catalog_words(texts):
        return source
    urls = list(dict.fromkeys(u.rstrip(".,:") for u in _URL.findall(source)))
    return "; ".join(urls) if urls else source


def _quoted_keys(texts: Mapping[str, str]) -> list[str]:
    """The catalog texts ``texts`` has a wording for, longest first (so that a text that
    begins another one is tried after it)."""
    return sorted(catalog_words(texts), key=len, reverse=True)


def _hw(hw: str, texts: Mapping[str, str]) -> str:
    """"compute capability 7.5" and its kin (kernels._hw); an architecture name as it is."""
    hw = hw.strip()
    if hw == "compute capability unknown":
        return texts["core_hw_cc_unknown"]
    if hw == "gfx target unknown":
        return texts["core_hw_gfx_unknown"]
    if hw.startswith("compute capability "):
        return texts["core_hw_cc"].format(cc=hw.removeprefix("compute capability "))
    return hw


def _paths(paths: str, texts: Mapping[str, str]) -> str | None:
    """The kernel paths of a refusal ("<runs>: <GPUs>; <runs>: <GPUs>"), each rule's words
    from the [catalog] table; None when a rule's words are not in it (the ``runs`` text may
    hold "; " and ": " itself, so each one is found by its known text)."""
    keys = _quoted_keys(texts)
    out: list[str] = []
    at = 0
    while at < len(paths):
        key = next((k for k in keys if paths.startswith(k + ": ", at)), None)
        if key is None:
            return None
        start = at + len(key) + 2
        end = paths.find("; ", start)
        end = len(paths) if end < 0 else end
        cover = _cover(paths[start:end], texts)
        if cover is None:
            return None
        out.append(f"{quoted(key, texts)}: {cover}")
        at = end + 2
    return "; ".join(out) if out else None


def _cover(words: str, texts: Mapping[str, str]) -> str | None:
    """The GPUs a rule or a platform covers (``Hardware.words``), or None for words it does
    not know."""
    parts = []
    for part in words.split(", "):
        if part == "any NVIDIA GPU":
            parts.append(texts["core_cover_any_nvidia"])
        elif part.startswith("NVIDIA compute capability >= "):
            cc, sep, below = part.removeprefix("NVIDIA compute capability >= ").partition(
                " and < ")
            parts.append(texts["core_cover_cc_below"].format(cc=cc, below=below) if sep
                         else texts["core_cover_cc"].format(cc=cc))
        elif part == "any AMD GPU (ROCm)":
            parts.append(texts["core_cover_any_amd"])
        elif part == "no GPU":
            parts.append(texts["core_cover_none"])
        elif part.startswith("AMD ") and " " not in part[4:]:
            parts.append(part)
        elif all(" " not in x for x in part.split(" or ")):
            parts.append(f" {texts['core_or']} ".join(part.split(" or ")))
        else:
            return None
    return ", ".join(parts)


def _alternative(text: str, texts: Mapping[str, str]) -> str | None:
    m = _ALT_NEAREST.fullmatch(text)
    if m is not None:
        gpu, sep, near = m.group("rest").rpartition(" is ")
        if not sep:
            return None
        return texts["core_alt_nearest"].format(engine=m.group("engine"), gpu=gpu, near=near)
    m = _ALT_NONE.fullmatch(text)
    if m is None:
        return None
    out = texts["core_alt_none"].format(engine=m.group("engine"))
    if m.group("engines"):
        gpu = m.group("gpu")
        out += texts["core_alt_engines"].format(p=m.group("p"),
                                                gpu=catalog_words(texts).get(gpu, gpu),
                                                engines=m.group("engines"))
    return out


# What would change a recommendation's answer (service/domain/recommend/alternatives.py).
_NUM = r"\d[\d,]*+(?:\.\d++)?"
_NUMBER = re.compile(_NUM)
_FLOOR = dict(_PATTERNS)["core_ttft_floor"]
_SAID: Mapping[str, Mapping[str, str]] = {
    # the model family of a thin-margin warning's measured runs (options.thin_margin_warnings)
    # a training run spread over nodes for its deadline, on spot (alternatives)
    "restarts": {" with spot's expected restarts": "core_alt_spread_restarts"},
    "family": {"dense models": "core_thin_dense", "MoE models": "core_thin_moe",
               "DeepSeek-style MLA models": "core_thin_mla",
               "all models": "core_thin_all_models"},
    # what lower weights change about the machine (alternatives._fits_words)
    "fits": {"fit where the weights asked for do not": "core_alt_fits_where",
             "cost less on the same GPUs": "core_alt_fits_same",
             "fit fewer GPUs": "core_alt_fits_fewer",
             "fit smaller GPUs": "core_alt_fits_smaller",
             "fit fewer, smaller GPUs": "core_alt_fits_fewer_smaller",
             "cost less on other GPUs": "core_alt_fits_other"},
    # what set the replica count (plans._miss, Plan.decided_by)
    "target": {"default TTFT": "core_alt_target_default_ttft", "TTFT": "core_alt_target_ttft",
               "default decode": "core_alt_target_default_decode",
               "decode": "core_alt_target_decode", "rate": "core_alt_target_rate"},
    "what": _RATE_WHAT,
    # what one node's memory need is made of (alternatives._node_need)
    "made": {"weights, gradients, optimizer state and activations sharded over its GPUs":
             "core_nm_made_train",
             "weights, one request's KV cache and overhead": "core_nm_made_serve"},
    # what the offers of the node-network reason could do over several nodes
    "work": {"train": "core_nm_work_train", "serve": "core_nm_work_serve",
             "run": "core_nm_work_run"},
    # the time-to-first-token target a no-match reason says none meets
    "ttft": {"the default time-to-first-token target": "core_nm_ttft_default",
             "the time-to-first-token target": "core_nm_ttft_target"},
}
"""Fixed phrases of the core, each said by its own message (``say_`` groups)."""
_FITS = "|".join(re.escape(x) for x in _SAID["fits"])
_GPU_WHERE = r"(?P<gpu>(?:(?! where ).)++)"
_BITS = r"(?P<bits> \(16 bits, no quantization\))?"
_HELD = (r"(?P<held> for the (?P<say_target>"
         + "|".join(re.escape(x) for x in _SAID["target"]) + r") target)?")
# the "<what>" of a rerun's effect (alternatives.find_alternatives, _instead_words)
_ALT_PREFIXES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("core_alt_fp8", re.compile(rf"FP8 weights \(near-lossless\) (?P<say_fits>{_FITS})")),
    ("core_alt_int4", re.compile(
        rf"4-bit weights \(small quality loss\) (?P<say_fits>{_FITS})")),
    ("core_alt_kv_engine", re.compile(
        r"an FP8 KV cache, which (?P<engine>(?:(?! keeps \().)++) keeps \(the (?P<kv>\S++) "
        r"cache asked for ranks (?P<only>(?:(?! only\)\Z).)++) only\)")),
    ("core_alt_kv_fp8", re.compile(r"FP8 KV cache \(half the KV memory, small quality cost\)")),
    ("core_alt_kv_q8", re.compile(
        r"q8_0 KV cache \(about half the KV memory, small quality cost\)")),
    ("core_alt_half_context", re.compile(r"half the context halves the KV cache")),
    ("core_alt_ttft", re.compile(
        rf"a first token within (?P<n_relaxed>{_NUM}) s instead of (?P<n_ttft>{_NUM}) s")),
    ("core_alt_decode", re.compile(
        rf"(?P<n_slower>{_NUM}) instead of (?P<n_decode>{_NUM}) tokens/s per user")),
    ("core_alt_spot", re.compile(r"spot prices with checkpointing")),
    ("core_alt_no_node_limit", re.compile(r"no limit on GPUs per node")),
    ("core_alt_spot_endpoint", re.compile(
        r"spot prices \(an interruption takes the endpoint down until it restarts\)")),
    ("core_alt_shard", re.compile(r"shard the model over several nodes")),
    ("core_alt_spread_run", re.compile(
        rf"the run spread over (?P<n_nodes>\d[\d,]*+) nodes with a fast network finishes in "
        rf"~(?P<n_hours>{_NUM}) h(?P<say_restarts> with spot's expected restarts)?")),
    # include_suspect (alternatives._suspect_words): a multi-node run's fast-network machines
    # kept out by a suspect price (audit regress4 #8)
    ("core_alt_suspect_spread", re.compile(
        rf"offers whose prices are flagged as suspect, ranked with a warning, where the run "
        rf"spread over (?P<n_nodes>\d[\d,]*+) nodes with a fast network finishes in "
        rf"~(?P<n_hours>{_NUM}) h(?P<say_restarts> with spot's expected restarts)?")),
    ("core_alt_suspect", re.compile(
        r"offers whose prices are flagged as suspect, ranked with a warning")),
    ("core_alt_bigger_gpu_effect", re.compile(
        r"another GPU with more memory than those asked for")),
    ("core_alt_variant_effect", re.compile(r"the GPU asked for, with more memory")),
    # a request whose GPUs named no offer rents (alternatives.find_alternatives)
    ("core_alt_nearest_gpu_effect", re.compile(
        r"the nearest GPU the catalog has offers for, at (?P<p>\S++) weights")),
    ("core_alt_runs", re.compile(
        rf"(?P<q>\S++) weights run on {_GPU_WHERE} where (?P<p>\S++) cannot{_BITS}")),
    ("core_alt_fits_on", re.compile(
        rf"(?P<q>\S++) weights fit on {_GPU_WHERE} where (?P<p>\S++) does not{_BITS}")),
    ("core_alt_meets_default", re.compile(
        rf"(?P<q>\S++) weights meet the default serving targets on {_GPU_WHERE} where "
        rf"(?P<p>\S++) misses them{_BITS}")),
    ("core_alt_meets", re.compile(
        rf"(?P<q>\S++) weights meet the targets on {_GPU_WHERE} where (?P<p>\S++) misses "
        rf"them{_BITS}")),
    ("core_alt_carry_one", re.compile(
        rf"(?P<q>\S++) weights carry the load on 1 node of {_GPU_WHERE} where (?P<p>\S++) "
        rf"needs (?P<n_need>\d[\d,]*+){_HELD}{_BITS}")),
    ("core_alt_carry", re.compile(
        rf"(?P<q>\S++) weights carry the load on (?P<n_nodes>\d[\d,]*+) nodes of {_GPU_WHERE} "
        rf"where (?P<p>\S++) needs (?P<n_need>\d[\d,]*+){_HELD}{_BITS}")),
    ("core_alt_cost_there_month", re.compile(
        rf"(?P<q>\S++) weights cost less on (?P<gpu>(?:(?! \(\S++ there: ).)++) "
        rf"\((?P<p>\S++) there: \$(?P<usd_cost>{_NUM})/month\){_BITS}")),
    ("core_alt_cost_there_total", re.compile(
        rf"(?P<q>\S++) weights cost less on (?P<gpu>(?:(?! \(\S++ there: ).)++) "
        rf"\((?P<p>\S++) there: \$(?P<usd_cost>{_NUM}) in all\){_BITS}")),
    ("core_alt_cost_less", re.compile(
        rf"(?P<q>\S++) weights cost less, on "
        rf"(?P<gpu>(?:(?! \(16 bits, no quantization\)\Z).)++){_BITS}")),
    # the best of the offers a region filter left out for listing no known region
    # (alternatives.region_not_listed)
    ("core_alt_no_region_best", re.compile(
        r"the best of them, its region not listed \(check with the provider\)")),
)
# an alternative's change, and the effects that are not a rerun's
_ALT_TEXTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # the offers a region filter left out for listing no known region, their providers' ids
    # (alternatives.region_not_listed)
    ("core_alt_no_region_one", re.compile(
        r"1 offer left out: no known region is listed for it \(an offer of "
        r"(?P<providers>[\w., -]++)\)")),
    ("core_alt_no_region", re.compile(
        r"(?P<n_offers>\d[\d,]*+) offers left out: no known region is listed for them "
        r"\(offers of (?P<providers>[\w., -]++)\)")),
    ("core_alt_no_region_none", re.compile(r"none of them is an option for this request")),
    ("core_alt_weights", re.compile(r"weights (?P<p>[\w.-]++(?: \(AWQ\))?)")),
    ("core_alt_kv_cache", re.compile(r"kv_cache (?P<kv>[\w.-]++)")),
    ("core_alt_context", re.compile(r"context (?P<n_tokens>\d[\d,]*+) tokens")),
    ("core_alt_relax_ttft", re.compile(r"relax TTFT to (?P<n_ms>\d[\d,]*+) ms")),
    ("core_alt_relax_decode", re.compile(
        rf"relax decode speed to (?P<n_tps>{_NUM}) tokens/s per user")),
    ("core_alt_allow_spot", re.compile(r"allow spot \(interruptible\)")),
    ("core_alt_allow_multi_node", re.compile(r"allow multi-node")),
    ("core_alt_more_per_node", re.compile(r"allow more GPUs per node")),
    ("core_alt_more_gpus", re.compile(r"more GPUs: (?P<machine_gpus>.++)")),
    ("core_alt_bigger_gpu", re.compile(r"use a GPU with more memory")),
    ("core_alt_nearest_gpu", re.compile(r"use the nearest GPU with offers")),
    ("core_alt_variant", re.compile(r"use a variant with more memory")),
    ("core_alt_multi_node_ib", re.compile(r"multi-node with InfiniBand")),
    ("core_alt_multi_node", re.compile(
        r"multi-node: (?P<n_nodes>\d[\d,]*+) x (?P<n_count>\d[\d,]*+) GPUs with "
        r"(?P<network>[\w-]++)")),
    ("core_alt_faster", re.compile(
        rf"\A(?P<machine_gpus>(?:(?! at ).)++) at (?P<provider>[\w.-]++) "
        rf"\((?P<pricing_kind>(?:(?!\) finish in ).)++)\) finish in (?P<n_days>{_NUM}) days "
        rf"instead of (?P<n_was>\d[\d,]*+): \$(?P<usd_cost>{_NUM}) for the job")),
    ("core_alt_multi_node_none", re.compile(
        r"the run takes (?P<n_days>\d[\d,]*+) days on one node; spread it over several nodes "
        r"joined by InfiniBand/EFA and reserve the capacity \(no such offer with a usable, "
        r"trusted price in the catalog matches the constraints\)")),
    ("core_alt_multi_node_plan", re.compile(
        rf"(?P<n_nodes>\d[\d,]*+) nodes of (?P<instance>(?:(?! at ).)++) at "
        rf"(?P<provider>[\w.-]++) \((?P<network>[\w-]++)(?P<speed> (?P<n_gbps>{_NUM}) Gb/s)?\) "
        rf"finish in (?P<n_days>{_NUM}) days instead of (?P<n_was>\d[\d,]*+); "
        rf"(?P<pricing_kind>(?:(?! capacity, ).)++) capacity, \$(?P<usd_cost>{_NUM}) for the "
        r"run")),
)
# the machines an option rents (options.machine_words); the GPU's name is kept as it is
_MACHINES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("core_alt_instances", re.compile(
        r"(?P<n_nodes>\d[\d,]*+) instances of (?P<n_count>\d[\d,]*+) x (?P<gpu>.++)")),
    ("core_alt_gpus", re.compile(r"(?P<n_count>\d[\d,]*+) x (?P<gpu>.++)")),
)
_Table = TypeVar("_Table", bound=tuple[tuple[Any, ...], ...])


def _whole(table: _Table) -> _Table:
    """``table`` with each pattern anchored at the start. These tables are only ever read whole
    (``fullmatch``, or ``match`` at the start of a reason): ``\\A`` says so in the pattern, and
    keeps a search for one linear on hostile text, where an unanchored ``\\d[\\d,]*+ x ...``
    tried at every digit of a long run is quadratic (CI's regex test once timed one out)."""
    return cast(_Table, tuple((key, re.compile(r"\A(?:" + pattern.pattern + ")", pattern.flags),
                               *rest) for key, pattern, *rest in table))


_PATTERNS = _whole(_PATTERNS)
_REASONS = _whole(_REASONS)
_REJECTED = _whole(_REJECTED)
_NO_MATCH = _whole(_NO_MATCH)
_EXAMPLE_HEADS = _whole(_EXAMPLE_HEADS)
_NO_MATCH_HINTED = _whole(_NO_MATCH_HINTED)
_ALT_PREFIXES = _whole(_ALT_PREFIXES)
_ALT_TEXTS = _whole(_ALT_TEXTS)
_MACHINES = _whole(_MACHINES)


_PROVIDER = re.compile(r"[\w.-]++")
_VS = " (vs $"
_RESERVED = "reserved, "
_TERM_UNKNOWN = "a committed term the catalog does not state"
"""pricing.reserved_term where the catalog states none."""


def _first(text: str, patterns: tuple[tuple[str, re.Pattern[str]], ...],
           texts: Mapping[str, str], f: Formatter, kinds: Mapping[str, str]) -> str | None:
    for key, pattern in patterns:
        m = pattern.fullmatch(text)
        if m is not None:
            return _fill(texts, key, m, f, kinds)
    return None


def _money(raw: str, f: Formatter) -> str:
    return f.money(float(raw.replace(",", "")), _digits(raw))


def _machine(text: str, texts: Mapping[str, str], f: Formatter,
             kinds: Mapping[str, str]) -> str:
    """"2 x NVIDIA H100 SXM5 80GB", "3 instances of 1 x ... (instance type)"; as it is when
    it is neither."""
    return _first(text, _MACHINES, texts, f, kinds) or text


def price_kind_words(text: str, texts: Mapping[str, str], kinds: Mapping[str, str]) -> str:
    """A pricing model as pricing.pricing_words says it: "on-demand", "spot", "reserved,
    <term>" (the term quoted from the catalog), in the language of ``texts`` and ``kinds``
    (an option's why says it too: answer/localised.py)."""
    if text.startswith(_RESERVED):
        return texts["core_alt_reserved"].format(
            kind=kinds.get("reserved", "reserved"),
            term=reserved_term_words(text.removeprefix(_RESERVED), texts))
    return kinds.get(text.replace("-", "_"), text)


def reserved_term_words(term: str, texts: Mapping[str, str]) -> str:
    """A reserved price's commitment (pricing.reserved_term), quoted from the catalog, in the
    language of ``texts``."""
    return texts["core_alt_term_unknown"] if term == _TERM_UNKNOWN else quoted(term, texts)


def _rerun(text: str, texts: Mapping[str, str], f: Formatter,
           kinds: Mapping[str, str]) -> str | None:
    """A rerun's effect, "<what>: <machines> at <provider>, $<cost>/month" (or " in all"),
    with " (reserved, <term>)" where it is reserved; None where it is not one."""
    reserved = ""
    at = text.rfind(f" ({_RESERVED}")
    if at >= 0 and text.endswith(")"):
        reserved = f" ({price_kind_words(text[at + 2 : -1], texts, kinds)})"
        text = text[:at]
    if text.endswith("/month"):
        key, text = "core_alt_month", text.removesuffix("/month")
    elif text.endswith(" in all"):
        key, text = "core_alt_total", text.removesuffix(" in all")
    else:
        return None
    text, sep, cost = text.rpartition(", $")
    if not sep or not _NUMBER.fullmatch(cost):
        return None
    head, sep, provider = text.rpartition(" at ")
    if not sep or not _PROVIDER.fullmatch(provider):
        return None
    what, sep, machine = head.rpartition(": ")
    said = _first(what, _ALT_PREFIXES, texts, f, kinds) if sep else None
    if said is None:
        return None
    return texts["core_alt_rerun"].format(
        prefix=said, machine=_machine(machine, texts, f, kinds), provider=provider,
        price=texts[key].format(cost=_money(cost, f)), reserved=reserved)


_CAVEAT_AT = "; caution: its price is "
_CAVEAT = re.compile(r"; caution: its price is (?:(?P<n_days>\d[\d,]*+) days old"
                     r"(?P<both> and flagged as suspect)?+|flagged as suspect)")
"""What an alternative says of a stale or suspect price (alternatives.price_caveat)."""


def _caveat(text: str, texts: Mapping[str, str], f: Formatter) -> tuple[str, str]:
    """(``text`` without its price caveat, the caveat in the answer's language); the text
    as it is and "" where it ends with none."""
    at = text.rfind(_CAVEAT_AT)
    m = _CAVEAT.fullmatch(text, at) if at >= 0 else None
    if m is None:
        return text, ""
    if m.group("n_days") is None:
        return text[:at], texts["core_alt_caveat_suspect"]
    days = f.number(float(m.group("n_days").replace(",", "")), 0)
    key = "core_alt_caveat_both" if m.group("both") else "core_alt_caveat_stale"
    return text[:at], texts[key].format(days=days)


def _what_would_change(text: str, texts: Mapping[str, str], f: Formatter,
                       kinds: Mapping[str, str]) -> str | None:
    """An alternative's change or effect, with the answer's own cost (" (vs $1,360)") where
    the effect ends with it, and a caveat on its price after that (:func:`_caveat`); None
    for any other text."""
    text, caveat = _caveat(text, texts, f)
    vs = ""
    at = text.rfind(_VS)
    if at >= 0 and text.endswith(")") and _NUMBER.fullmatch(text[at + len(_VS) : -1]):
        vs = texts["core_alt_vs"].format(cost=_money(text[at + len(_VS) : -1], f))
        text = text[:at]
    said = _first(text, _ALT_TEXTS, texts, f, kinds) or _rerun(text, texts, f, kinds)
    return None if said is None else said + vs + caveat


def localise(text: str, texts: Mapping[str, str], f: Formatter,
             kinds: Mapping[str, str], name_of: GpuNames | None = None) -> str:
    """``text``, a warning of the core, in the language of ``texts`` (an [answer] section of
    the messages), ``f`` (its formatter) and ``kinds`` (its [pricing] section); unchanged when
    no pattern knows it. Romanian goes through ``romanian_de`` here, so the core's texts read
    right wherever they are shown (/v1/ask, /v1/recommendations, Slack). ``name_of``: a GPU
    id's name in that language (None where unknown), for a suspect price's peers ("1 x
    rtx-4090"); without it they stay as the core wrote them."""
    said = _localise(text, texts, f, kinds, name_of)
    return romanian_de(said) if f.lang == "ro" else said


def _suspect_reason(reason: str, texts: Mapping[str, str], f: Formatter,
                    kinds: Mapping[str, str], name_of: GpuNames | None = None) -> str | None:
    """One reason a price is suspect (``_REASONS``), or None where no pattern knows it."""
    for key, pattern in _REASONS:
        m = pattern.fullmatch(reason)
        if m is not None:
            return _fill(texts, key, m, f, kinds, name_of)
    return None


def _localise(text: str, texts: Mapping[str, str], f: Formatter,
              kinds: Mapping[str, str], name_of: GpuNames | None = None) -> str:
    for key, pattern in _PATTERNS:
        m = pattern.fullmatch(text)
        if m is not None:
            return _fill(texts, key, m, f, kinds)
    for key, pattern in _REJECTED:
        m = pattern.fullmatch(text)
        if m is not None:
            return _fill(texts, key, m, f, kinds)
    alt = _what_would_change(text, texts, f, kinds)
    if alt is not None:
        return alt
    if text.startswith(_SUSPECT):
        reason = text[len(_SUSPECT):]
        # a rejection ends with how to rank it anyway (options.untrusted_reason); a warning
        # does not
        rank = reason.endswith(_INCLUDE_SUSPECT)
        reason = reason.removesuffix(_INCLUDE_SUSPECT)
        said = _suspect_reason(reason, texts, f, kinds, name_of)
        if said is None:
            # several doubts, "; "-joined (trust.py): each said where a pattern knows it
            said = "; ".join(_suspect_reason(r, texts, f, kinds, name_of) or r
                             for r in reason.split("; "))
        return texts["core_suspect"].format(reason=said) + (
            texts["core_rej_include_suspect"] if rank else "")
    refused = _refused(text, texts, f, kinds)
    if refused is not None:
        return refused
    return _kernel(text, texts) or _moe_training(text, texts, f) or text


# an MoE trained data parallel (sizing.moe_training_warning): its head, one of three ways the
# time is estimated, and pre-training's scale note
_MOE_TRAINING = re.compile(
    r"\A(?P<name>(?:(?! is a mixture-of-experts model).)++) is a mixture-of-experts model, sized "
    r"here as data parallel training only \(DDP or ZeRO / FSDP: every micro-batch moves the "
    r"weights of all (?P<experts>\d++) experts although each token uses (?P<k>\d++)\); expert "
    r"parallelism \(each GPU holding whole experts and exchanging only the routed tokens by "
    r"all-to-all\) is not modelled here; the time is an estimate, neither bound(?:"
    r"(?P<fitted>: the routed experts' FLOPs run at (?P<eff>[\d.]++) of the model's MFU, fitted "
    r"to measured Hugging Face / DeepSpeed / TRL runs \(QwenLM/Qwen3 issue #736, "
    r"huggingface/trl PR #6869; within ~1\.5x of them\), and engines with grouped expert "
    r"GEMMs and expert parallelism \(Megatron-Core\) run faster)"
    r"|(?P<stacks>, at the dense model's MFU: pre-training stacks run grouped expert GEMMs "
    r"with expert parallelism)"
    r"|(?P<share>, at the dense model's MFU: with \d++ experts each one's GEMM gets a large "
    r"share of the tokens, and no measured run gives an MoE factor for it \(the per-expert "
    r"loop is slow above 8 experts: transformers PR #40016\)))"
    r"(?P<scale>; for scale, DeepSeek-V3's report gives 2\.664M H800 GPU-hours for its "
    r"pre-training on 14\.8T tokens with expert parallelism and FP8 \(arXiv 2412\.19437, "
    r"Table 1\))?+")


def _moe_training(text: str, texts: Mapping[str, str], f: Formatter) -> str | None:
    """The MoE training warning (``_MOE_TRAINING``) in the language of ``texts``; None for
    any other text."""
    m = _MOE_TRAINING.fullmatch(text)
    if m is None:
        return None
    if m.group("fitted"):
        how = texts["core_moe_train_fitted"].format(
            eff=f.number(float(m.group("eff")), _digits(m.group("eff"))))
    else:
        how = texts["core_moe_train_stacks" if m.group("stacks")
                    else "core_moe_train_share"].format(experts=m.group("experts"))
    name = m.group("name")
    return texts["core_moe_train"].format(
        name=catalog_words(texts).get(name, name), experts=m.group("experts"),
        k=m.group("k"), how=how,
        scale=texts["core_moe_train_scale"] if m.group("scale") else "")

