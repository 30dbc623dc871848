"""Calibration: map published measurements (``calibration.csv``) to our estimates and to the
simple formulas other tools use, and summarise the errors.

Pure: no file I/O and no framework imports. The CSV adapter lives in
``service.adapters.calibration_csv``; the CLI wires the two together.

Every interpretation a row needs (which checkpoint a loose model name means, which precision
"see submission" stands for, the dataset means of an MLPerf run) is made here, explicitly, and
recorded in the prediction's ``assumptions`` so the report can be checked line by line.
"""

from __future__ import annotations

import math
import re
import statistics
import textwrap
from collections.abc import Iterable, Sequence

import msgspec

from service.domain.catalog.engines import Engine, Engines, ProfileTokens
from service.domain.catalog.gpus import CONTEXT_GIB, GPU
from service.domain.catalog.models import kv_bytes
from service.domain.catalog.precisions import (
    KVType,
    Precision,
    find_kv_type,
    find_precision,
    get_precision,
)
from service.domain.catalog.registry import Registry
from service.domain.sizing.efficiency import (
    SERVING_ERROR_MIN_ROWS,
    SERVING_ERROR_MLA_MIN_ROWS,
    PerfTables,
    ServingErrorBand,
)
from service.domain.sizing.memory import (
    GIB,
    InferencePlan,
    SizedModel,
    TrainingPlan,
    denoiser,
    diffusion_memory,
    latent_tokens,
    weight_bytes,
)
from service.domain.sizing.serving import Load
from service.domain.sizing.sizing import sized_from_entry
from service.domain.sizing.speed import (
    achievable_tflops,
    decode_step_s,
    diffusion_pipeline,
    prefill_s,
    serving,
    under_load,
)

# ---------------------------------------------------------------------------------------------
# Rows and results


class CalibrationRow(msgspec.Struct, kw_only=True, frozen=True):
    """One published measurement with its conditions, as the CSV states them (text kept as
    written; only ``value`` is numeric)."""

    id: str
    kind: str
    model: str
    params_b: str = ""
    gpu: str = ""
    gpu_count: str = ""
    precision_or_quant: str = ""
    method: str = ""
    batch: str = ""
    context_or_input_len: str = ""
    output_len: str = ""
    metric: str = ""
    value: float
    unit: str
    source_repo_or_url: str = ""
    source_path_or_title: str = ""
    note: str = ""


COLUMNS: tuple[str, ...] = CalibrationRow.__struct_fields__
REQUIRED_COLUMNS: tuple[str, ...] = (
    "id", "kind", "model", "gpu", "gpu_count", "precision_or_quant", "method", "batch",
    "context_or_input_len", "output_len", "metric", "value", "unit")

KINDS: tuple[str, ...] = (
    "weights_size", "inference_memory", "finetune_memory", "diffusion_memory", "decode_tps",
    "prefill_tps", "serving_throughput", "diffusion_speed")


class Prediction(msgspec.Struct, kw_only=True, frozen=True):
    id: str
    kind: str
    engine: str
    model_id: str
    gpu_id: str | None
    unit: str
    """Unit both numbers are expressed in (GiB, tokens/s, it/s, images/s, s, tokens)."""
    measured: float
    predicted: float
    baseline: float
    baseline_rule: str
    assumptions: tuple[str, ...] = ()

    @property
    def error_pct(self) -> float:
        return (self.predicted / self.measured - 1.0) * 100.0

    @property
    def baseline_error_pct(self) -> float:
        return (self.baseline / self.measured - 1.0) * 100.0

    @property
    def ratio(self) -> float:
        """How many times off (>= 1), whichever direction."""
        return _ratio(self.predicted, self.measured)

    @property
    def baseline_ratio(self) -> float:
        return _ratio(self.baseline, self.measured)


class Skip(msgspec.Struct, kw_only=True, frozen=True):
    id: str
    kind: str
    reason: str


def _ratio(a: float, b: float) -> float:
    if a <= 0 or b <= 0:
        return math.inf
    return max(a / b, b / a)


# ---------------------------------------------------------------------------------------------
# Name cleaning


# Names that describe an architecture rather than a checkpoint: LLaMA-1 7B, Llama-2-7B and
# CodeLlama-7B share 32 layers x 4096 hidden x 11008 FFN (CodeLlama's vocabulary is 16 larger).
# (Stable Diffusion v1.4 is in the catalog itself now, catalog/models/sd-1.4.toml.)
_SAME_ARCHITECTURE: dict[str, str] = {
    "llama7b": "llama-2-7b",
    "llamaarch7b": "llama-2-7b",
}
# Checkpoint suffixes that name a quantization, not a different model.
_QUANT_SUFFIX = re.compile(
    r"[-_.]?(quantized[-_.]?w8a8|w8a8|w4a16|fp8(?:[-_]dynamic)?|bnb[-_]?4bit|awq|gptq|gguf)$",
    re.IGNORECASE)
_NOT_MODELLED = ("t0_3b", "mt0-")


def model_name_candidates(name: str) -> list[str]:
    """Spellings to try, most specific first: the name as written, the text in parentheses
    (often the real checkpoint), the name without its parenthetical, then without a
    quantization suffix."""
    raw = name.strip()
    out = [raw]
    # [^()]: a scan never crosses another "(", so the search stays linear on "((((..."
    inner = re.findall(r"\(([^()]*+)\)", raw)
    outer = re.sub(r"\([^()]*+\)", "", raw).strip()
    for text in [*inner, outer]:
        if text and text not in out:
            out.append(text)
    for text in list(out):
        t = text
        for _ in range(2):
            t = _QUANT_SUFFIX.sub("", t).strip()
        if t and t not in out:
            out.append(t)
    return out


def _norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]", "", s.lower())


def resolve_model(name: str, registry: Registry) -> tuple[SizedModel | None, list[str]]:
    notes: list[str] = []
    low = name.lower()
    if any(k in low for k in _NOT_MODELLED):
        return None, notes
    for cand in model_name_candidates(name):
        m = registry.find_model(cand)
        if m is not None:
            if cand != name:
                notes.append(f"model {name!r} read as {cand!r} -> {m.id}")
            return sized_from_entry(m), notes
    for cand in model_name_candidates(name):
        key = _norm(cand.rsplit("/", 1)[-1])
        if key in _SAME_ARCHITECTURE:
            mid = _SAME_ARCHITECTURE[key]
            notes.append(f"model {name!r}: same architecture as {mid} (weights differ; sizes "
                         "and speeds do not)")
            return sized_from_entry(registry.model(mid)), notes
    return None, notes


# GPUs named without their memory size: the variant the source most likely used.
_GPU_DEFAULTS = {
    "a100memorysizenotstated": ("a100-sxm-80gb", "A100 memory not stated: A100 SXM 80GB "
                                "assumed (NVIDIA's TensorRT-LLM tables use SXM4 80GB)"),
}


def resolve_gpu(name: str, registry: Registry) -> tuple[GPU | None, list[str]]:
    key = _norm(name)
    if key in _GPU_DEFAULTS:
        gid, why = _GPU_DEFAULTS[key]
        return registry.gpus[gid], [why]
    g = registry.find_gpu_label(name)
    if g is not None:
        return g, []
    inner = re.sub(r"\([^)]*\)", "", name).strip()
    g = registry.find_gpu_label(inner) if inner else None
    return g, ([f"GPU {name!r} read as {g.id}"] if g else [])


def resolve_precision(row: CalibrationRow,
                      model: SizedModel) -> tuple[Precision | None, list[str]]:
    """The weight format a row ran in, with the reading spelled out when it is not literal."""
    text = row.precision_or_quant.strip()
    low = text.lower()
    method = row.method.lower()
    if low == "see submission":
        if model.kind == "diffusion":
            return get_precision("fp8"), [
                "precision 'see submission': FP8 UNet assumed for NVIDIA's MLPerf v4.1 SDXL "
                "(earlier rounds used INT8; both run at the 8-bit tensor rate)"]
        return get_precision("fp8"), [
            "precision 'see submission': FP8 weights and FP8 KV cache assumed (NVIDIA and AMD "
            "MLPerf v4.1 LLM submissions)"]
    if "q4f16" in low:
        return get_precision("int4"), [
            "int4 (q4f16_1): MLC's 4-bit format with one fp16 scale per 32 weights (4.5 bits) "
            "read as int4 weight-only (4.16 bits): 8% fewer bits on the linear layers"]
    if low.startswith("nf4 base"):
        return get_precision("nf4"), ["NF4 frozen base with bf16 LoRA adapters (QLoRA)"]
    if "bitsandbytes 8-bit" in low:
        return get_precision("bnb-int8"), ["bitsandbytes 8-bit on the transformer and T5 "
                                           "(CLIP and VAE stay 16-bit)"]
    if "int8_weight_only" in low:
        return get_precision("int8"), ["torchao int8 weight-only: 8 bits per weight (memory "
                                       "row; compute type irrelevant)"]
    if low in ("unspecified", ""):
        if "dreambooth" in method or "peft" in method:
            return get_precision("fp32"), ["precision unspecified: the diffusers DreamBooth "
                                           "example's default (fp32, no mixed precision)"]
        return None, []
    p = find_precision(text)
    if p is None:
        p = find_precision(re.sub(r"\([^)]*\)", "", text).strip())
    return p, []


def engine_of(method: str, kind: str) -> tuple[str, list[str]]:
    m = method.lower()
    if "llama.cpp" in m:
        return "llama.cpp", []
    if "sglang" in m:
        return "sglang", []
    if "vllm" in m:
        return "vllm", []
    if "tensorrt" in m or "trt" in m:
        return "tensorrt-llm", []
    if "mlc" in m:
        return "tensorrt-llm", ["MLC LLM: compiled CUDA kernels with graph capture, modelled as "
                                "the TensorRT-LLM class of engine"]
    if "diffusers" in m:
        return "diffusers", []
    if "torchtune" in m or "peft" in m or "fine-tuning" in m or "dreambooth" in m:
        return "training", []
    if m == "file":
        return "file", []
    return "", []


# ---------------------------------------------------------------------------------------------
# Parsing helpers


def _first_int(s: str) -> int | None:
    m = re.search(r"\d+", s.replace(",", ""))
    return int(m.group()) if m else None


def _resolution(s: str) -> tuple[int, int] | None:
    m = re.search(r"(?<!\d)(\d++)\s*+x\s*+(\d++)", s)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _gib(value: float, unit: str, row: CalibrationRow) -> tuple[float, str]:
    """A memory figure in GiB, and how its unit was read."""
    u = unit.strip()
    text = f"{row.metric} {row.note} {row.method}".lower()
    if u == "GiB":
        return value, ""
    if u == "bytes":
        return value / GIB, ""
    if u == "GB (vLLM label)":
        return value, "vLLM prints GiB under a 'GB' label"
    if u == "GB":
        if "torch.cuda" in text:
            return value, "torch.cuda memory statistics divided by 1024^3: 'GB' read as GiB"
        return value * 1e9 / GIB, "GB read as decimal (1e9 bytes)"
    if u == "MB":
        return value * 1e6 / GIB, "MB read as decimal (1e6 bytes)"
    raise ValueError(f"not a memory unit: {unit!r}")


# ---------------------------------------------------------------------------------------------
# Simple baselines (what the usual calculators compute)


def _simple_weights(model: SizedModel, p: Precision) -> float:
    return model.total_params * p.bits_linear / 8


def _dense_peak(gpu: GPU, p: Precision) -> float:
    return (gpu.tflops(p.compute) or 1.0) * 1e12


def baseline_decode_tps(model: SizedModel, p: Precision, gpu: GPU, n: int) -> float:
    """weights x 1.5 / bandwidth seconds per token (aggregate bandwidth of the GPUs)."""
    return gpu.bandwidth_gb_s * 1e9 * n / (_simple_weights(model, p) * 1.5)


def baseline_prefill_tps(model: SizedModel, p: Precision, gpu: GPU, n: int) -> float:
    """2 x N FLOPs per token at half the dense peak."""
    return 0.5 * _dense_peak(gpu, p) * n / (2.0 * model.active_params)


def baseline_serving_tps(model: SizedModel, p: Precision, gpu: GPU, n: int,
                         batch: int) -> float:
    """Batch-1 bandwidth-bound decode x batch, or 0.5 MFU compute bound, whichever is lower."""
    return min(baseline_decode_tps(model, p, gpu, n) * batch,
               0.5 * _dense_peak(gpu, p) * n / (2.0 * model.active_params))


# ---------------------------------------------------------------------------------------------
# Prediction


MMQ_MMA_BUILD = 3100
"""The first llama.cpp build number after its MMQ kernels moved to int8 tensor cores (PRs 7676
and 7860, merged June 2024; release tags b31xx)."""
LEGACY_MMQ_CAP_TFLOPS = 105.0
"""Quantized-weight prompt processing of the builds before them: fitted on h021 (L40S Q4_K_M)
and h103 (RTX 4090 Q8_0), both measured on such builds."""


V0_PROFILE = ProfileTokens(min=2048, max=32768)
"""vLLM V0's activation-profiling pass (chunked prefill off for contexts to 32k: one forward
pass of max_model_len, at least 2048); V1, the default from v0.8 (2025), profiles
max_num_batched_tokens (catalog/engines.toml)."""


def _vllm_v0(row: CalibrationRow) -> bool:
    """Whether a vLLM row was measured before V1 became the default engine (v0.8, 2025)."""
    return bool(re.search(r"\b(2023|2024|V0)\b", f"{row.method} {row.note}"))


def _legacy_mmq(row: CalibrationRow) -> bool:
    """Whether a llama.cpp row was measured on a build before the int8 tensor-core MMQ
    kernels: its build number, else the month its method or note names."""
    text = f"{row.method} {row.note}"
    build = re.search(r"build [0-9a-f]+ \((\d{3,5})\)", text)
    if build:
        return int(build.group(1)) < MMQ_MMA_BUILD
    return bool(re.search(r"\b(2023|(Jan|Feb|Mar|Apr|May) 2024)\b", text))


class _Ctx:
    def __init__(self, row: CalibrationRow, engines: Engines | None = None,
                 perf: PerfTables | None = None) -> None:
        self.row = row
        self.perf = perf
        self.notes: list[str] = []
        self.engines = engines if engines is not None else Engines(())

    def engine(self, engine_id: str) -> Engine:
        """The catalog's engine ``engine_id`` (the rows name engines by the catalog's ids), as
        the row's build ran it: llama.cpp builds before its int8 tensor-core MMQ kernels
        (June 2024) keep their quantized-matmul cap."""
        engine = self.engines[engine_id]
        if engine_id == "vllm" and _vllm_v0(self.row):
            self.note("vLLM V0 (2024): the profiling pass ran the whole max_model_len (clamped "
                      "to [2048, 32768]), not V1's max_num_batched_tokens")
            engine = msgspec.structs.replace(engine, profile_tokens=V0_PROFILE)
        if engine_id == "llama.cpp" and _legacy_mmq(self.row):
            self.note(f"llama.cpp build before the int8 tensor-core MMQ kernels (PRs 7676/7860, "
                      f"June 2024): quantized matmuls capped at {LEGACY_MMQ_CAP_TFLOPS:g} TFLOPS")
            engine = msgspec.structs.replace(engine, speed=msgspec.structs.replace(
                engine.speed, quant_flops_cap_tflops=LEGACY_MMQ_CAP_TFLOPS))
        return engine

    def note(self, text: str) -> None:
        if text:
            self.notes.append(text)


def predict(row: CalibrationRow, registry: Registry,
            perf: PerfTables | None = None) -> Prediction | Skip:
    """Our estimate and the simple baseline for one measurement, or why it cannot be made
    (``perf``: the measured efficiency tables, as the service has them)."""
    c = _Ctx(row, registry.engines, perf)
    if row.kind not in KINDS:
        return Skip(id=row.id, kind=row.kind, reason=f"unknown kind {row.kind!r}")
    model, notes = resolve_model(row.model, registry)
    for n in notes:
        c.note(n)
    if model is None:
        return Skip(id=row.id, kind=row.kind, reason=f"model {row.model!r} not in registry")
    p, notes = resolve_precision(row, model)
    for n in notes:
        c.note(n)
    if p is None:
        return Skip(id=row.id, kind=row.kind,
                    reason=f"precision {row.precision_or_quant!r} not modelled")
    engine, notes = engine_of(row.method, row.kind)
    for n in notes:
        c.note(n)
    gpu: GPU | None = None
    if row.kind not in ("weights_size",) and not row.gpu.lower().startswith(("n/a", "unspec")):
        gpu, notes = resolve_gpu(row.gpu, registry)
        for n in notes:
            c.note(n)
        if gpu is None:
            return Skip(id=row.id, kind=row.kind, reason=f"GPU {row.gpu!r} not in registry")
    n_gpu = _first_int(row.gpu_count) or 1
    handler = _HANDLERS[row.kind]
    try:
        return handler(c, model, p, engine, gpu, n_gpu)
    except _SkipRow as exc:
        return Skip(id=row.id, kind=row.kind, reason=str(exc))


class _SkipRow(Exception):
    pass


def _make(c: _Ctx, model: SizedModel, engine: str, gpu: GPU | None, unit: str,
          measured: float, predicted: float, baseline: float, rule: str) -> Prediction:
    return Prediction(id=c.row.id, kind=c.row.kind, engine=engine or "-", model_id=model.id,
                      gpu_id=gpu.id if gpu else None, unit=unit, measured=measured,
                      predicted=predicted, baseline=baseline, baseline_rule=rule,
                      assumptions=tuple(c.notes))


def _weights_size(c: _Ctx, model: SizedModel, p: Precision, engine: str, gpu: GPU | None,
                  n: int) -> Prediction:
    measured, how = _gib(c.row.value, c.row.unit, c.row)
    c.note(how)
    pred = weight_bytes(model, p) / GIB
    base = _simple_weights(model, p) / GIB
    return _make(c, model, "file", None, "GiB", measured, pred, base, "params x bits / 8")


def _kv_type_for(c: _Ctx, p: Precision, engine: str) -> KVType:
    if engine in c.engines and p.id in c.engine(engine).fp8_kv_with_weights:
        c.note("FP8 KV cache (TensorRT-LLM FP8/FP4 builds quantize the KV cache too)")
        kv = find_kv_type("fp8")
    else:
        kv = find_kv_type("fp16")
    assert kv is not None
    return kv


def _inference_memory(c: _Ctx, model: SizedModel, p: Precision, engine: str, gpu: GPU | None,
                      n: int) -> Prediction:
    row = c.row
    a = model.arch
    if a is None:
        raise _SkipRow("not an LLM")
    metric = row.metric.lower()
    ctx = _first_int(row.context_or_input_len) or 2048
    kv = find_kv_type("fp16")
    assert kv is not None
    plan = InferencePlan(model=model, precision=p, kv_type=kv,
                         engine=c.engine(engine) if engine
                         else c.engines.default("llm", False), tp=n, batch=1, context=ctx)
    if "weights" in metric:
        measured, how = _gib(row.value, row.unit, row)
        c.note(how)
        pred = plan.per_gpu().weights_gib
        base = _simple_weights(model, p) / n / GIB
        return _make(c, model, engine, gpu, "GiB", measured, pred, base,
                     "params x bits / 8 / GPUs")
    if gpu is None:
        raise _SkipRow("KV budget needs a GPU")
    frac = None
    m = re.search(r"mem-fraction-static\s*([0-9.]+)", row.method)
    if m:
        frac = float(m.group(1))
        c.note(f"memory fraction {frac} from the method text")
    budget = plan.kv_budget_gib(gpu, memory_fraction=frac)
    cap = gpu.total_gib * (frac if frac is not None else 0.9)
    base_budget = cap - _simple_weights(model, p) * 1.2 / n / GIB
    if row.unit == "tokens":
        per_token = kv_bytes(a, 1, kv.bytes_per_element, n)
        block = plan.engine.kv_block_tokens
        pred = math.floor(budget * GIB / per_token / block) * block
        base = max(0.0, base_budget) * GIB / per_token
        return _make(c, model, engine, gpu, "tokens", row.value, max(pred, 1.0), max(base, 1.0),
                     "(0.9 x memory - params x bytes x 1.2) / KV bytes per token")
    measured, how = _gib(row.value, row.unit, row)
    c.note(how)
    return _make(c, model, engine, gpu, "GiB", measured, budget, base_budget,
                 "0.9 x memory - params x bytes x 1.2")


_TORCHTUNE_TARGETS = ["q_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def _finetune_memory(c: _Ctx, model: SizedModel, p: Precision, engine: str, gpu: GPU | None,
                     n: int) -> Prediction:
    row = c.row
    method = row.method.lower()
    measured, how = _gib(row.value, row.unit, row)
    c.note(how)
    batch = _first_int(row.batch)
    if model.kind == "diffusion":
        res = _resolution(row.context_or_input_len)
        if res is None or batch is None:
            raise _SkipRow("resolution or batch not stated")
        training = "full" if "full" in method else "lora"
        parts = diffusion_memory(model, p, res[0], res[1], batch, training)
        den = denoiser(model)
        trained = den.params if (den and training == "full") else 0
        base = (model.total_params * p.bits_linear / 8 + trained * 12) * 1.2 / GIB
        return _make(c, model, "training", gpu, "GiB", measured, parts.total_gib, base,
                     "params x bytes x 1.2 (+12 B per trained param for full fine-tuning)")
    seq = _first_int(row.context_or_input_len)
    if batch is None or seq is None:
        raise _SkipRow("batch size or sequence length not stated")
    qlora = "qlora" in method
    # torchtune trains in pure bf16 (its configs' ``dtype: bf16``): the adapters are bf16
    # parameters and torch.optim.AdamW creates its moments like the parameter
    # (``torch.zeros_like(p)``), so no fp32 master copy and bf16 moments: adamw-bf16, 2 + 4
    # bytes per trained parameter beside the weight, not mixed precision's 2 + 12
    c.note("torchtune defaults: LoRA rank 8 on q/v/output projections and the MLP, AdamW in "
           "pure bf16 (dtype: bf16), activation checkpointing, flash attention"
           + (", FSDP over the GPUs" if n > 1 else ""))
    plan = TrainingPlan(model=model, precision=p, method="qlora" if qlora else "lora", rank=8,
                        targets=list(_TORCHTUNE_TARGETS), optimizer="adamw-bf16",
                        checkpointing=True,
                        flash=True, micro_batch=batch, seq=seq, zero_stage=3 if n > 1 else 0,
                        cpu_offload=False, gpus=n)
    pred = plan.per_gpu().total_gib
    base = model.total_params * p.bits_linear / 8 * 1.2 / n / GIB
    return _make(c, model, "training", gpu, "GiB", measured, pred, base,
                 "params x bytes x 1.2 / GPUs")


def _diffusion_memory(c: _Ctx, model: SizedModel, p: Precision, engine: str, gpu: GPU | None,
                      n: int) -> Prediction:
    row = c.row
    measured, how = _gib(row.value, row.unit, row)
    c.note(how)
    res = _resolution(row.context_or_input_len) or (model.native_width or 1024,
                                                    model.native_height or 1024)
    batch = _first_int(row.batch) or 1
    parts = diffusion_memory(model, p, res[0], res[1], batch)
    metric = row.metric.lower()
    if "after loading" in metric:
        pred = parts.weights_gib
        c.note("memory after loading = the pipeline's weights")
    else:
        pred = parts.total_gib
        if row.unit == "MB":
            # a VRAM reading (nvidia-smi style) includes the CUDA context
            pred += CONTEXT_GIB
            c.note("VRAM as the driver reports it: CUDA context included")
    base = sum(comp.params for comp in model.components) * p.bits_linear / 8 * 1.2 / GIB
    return _make(c, model, engine, gpu, "GiB", measured, pred, base, "params x bytes x 1.2")


def _decode(c: _Ctx, model: SizedModel, p: Precision, engine: str, gpu: GPU | None,
            n: int) -> Prediction:
    row = c.row
    assert gpu is not None
    kv = find_kv_type("fp16")
    assert kv is not None
    prompt = _first_int(row.context_or_input_len) or 0
    out = _first_int(row.output_len) or 128
    batch = _first_int(row.batch) or 1
    ctx = prompt + out // 2
    c.note(f"average context {ctx} tokens over the generation")
    eng = c.engine(engine)
    step, _ = decode_step_s(model, p, kv, eng, gpu, n, batch, ctx,
                            c.perf if eng.split == "tensor" else None)
    pred = batch / step
    base = baseline_decode_tps(model, p, gpu, n) * batch
    return _make(c, model, engine, gpu, "tokens/s", row.value, pred, base,
                 "bandwidth / (weights x 1.5)")


def _prefill(c: _Ctx, model: SizedModel, p: Precision, engine: str, gpu: GPU | None,
             n: int) -> Prediction:
    row = c.row
    assert gpu is not None
    tokens = _first_int(row.context_or_input_len)
    if tokens is None:
        tokens = 512
        c.note("prompt length not stated: llama-bench's default pp512 assumed")
    batch = _first_int(row.batch) or 1
    t = prefill_s(model, p, c.engine(engine), gpu, n, tokens, batch, c.perf)
    pred = tokens * batch / t
    if row.unit == "ms":
        measured = tokens * batch / (row.value / 1000.0)
        c.note(f"first-token latency {row.value:g} ms -> {measured:.0f} prompt tokens/s")
    else:
        measured = row.value
    base = baseline_prefill_tps(model, p, gpu, n)
    return _make(c, model, engine, gpu, "tokens/s", measured, pred, base,
                 "0.5 x dense peak / (2 x N)")


# MLPerf datasets: mean tokens per sample.
_OPENORCA_IN, _OPENORCA_OUT = 294, 265
_MIXTRAL_IN, _MIXTRAL_OUT = 400, 145


def ridge_batch(model: SizedModel, p: Precision, engine: Engine, gpu: GPU) -> int:
    """Batch at which decode turns compute-bound: weight bytes / bandwidth equals
    2 x active params x batch / compute."""
    s = engine.speed
    bw = gpu.bandwidth_gb_s * 1e9 * s.eta_mem
    flops = achievable_tflops(gpu, p, engine) * 1e12 * s.eta_compute
    return max(1, math.ceil(flops * weight_bytes(model, p) / (2.0 * model.active_params * bw)))


def _pick_tp(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU, n: int,
             ctx: int) -> tuple[int, int]:
    """Smallest tensor-parallel size whose KV cache holds the ridge batch (capped at the
    engine's max_num_seqs): below it a replica would stay bandwidth-bound."""
    a = model.arch
    assert a is not None
    need = min(ridge_batch(model, p, engine, gpu), engine.speed.max_num_seqs)
    tp = 1
    while tp <= n:
        if n % tp == 0 and a.num_attention_heads % tp == 0:
            plan = InferencePlan(model=model, precision=p, kv_type=kv, engine=engine, tp=tp,
                                 batch=1, context=ctx)
            if plan.max_batch(gpu) >= need:
                return tp, need
        tp *= 2
    return n, need


def _serving(c: _Ctx, model: SizedModel, p: Precision, engine: str, gpu: GPU | None,
             n: int) -> Prediction:
    row = c.row
    assert gpu is not None
    mlperf = "mlperf" in row.note.lower() or "mlcommons" in row.source_repo_or_url.lower()
    if mlperf:
        kv = find_kv_type("fp8")
        assert kv is not None
        if "mixtral" in row.context_or_input_len.lower():
            inp, out = _MIXTRAL_IN, _MIXTRAL_OUT
            c.note(f"MLPerf Mixtral mix (OpenOrca/GSM8K/MBXP): mean input {inp} and output "
                   f"{out} tokens assumed")
        else:
            inp, out = _OPENORCA_IN, _OPENORCA_OUT
            c.note(f"MLPerf OpenOrca: mean input {inp} tokens (assumed), mean output {out} "
                   "(TOKENS_PER_SAMPLE 265.005)")
    else:
        kv = _kv_type_for(c, p, engine)
        stated_in = _first_int(row.context_or_input_len)
        stated_out = _first_int(row.output_len)
        if stated_in is None or stated_out is None:
            raise _SkipRow("input or output length not stated")
        inp, out = stated_in, stated_out
    tp_m = re.search(r"\bTP\s*(\d+)", row.method)
    if tp_m:
        tp = int(tp_m.group(1))
    elif mlperf and n > 1:
        tp, need = _pick_tp(model, p, kv, c.engine(engine), gpu, n, inp + out)
        c.note(f"MLPerf harness: {n} GPUs as {n // tp} replicas of TP{tp} (smallest TP whose KV "
               f"cache holds the {need}-sequence batch where decode turns compute-bound)")
    else:
        tp = n
        if n > 1:
            c.note(f"one engine over {n} GPUs: tensor parallel {n}")
    replicas = max(1, n // tp)
    batch = _first_int(row.batch)
    if "server" in row.batch.lower():
        c.note("Server scenario: decode steps stay far under the 200 ms TPOT limit, so the "
               "offline throughput is predicted")
    tps, conc, _ = serving(model, p, kv, c.engine(engine), gpu, tp, inp, out, batch,
                           perf=c.perf)
    if conc == 0:
        raise _SkipRow("model does not fit")
    pred = tps * replicas
    base = baseline_serving_tps(model, p, gpu, tp, batch or conc) * replicas
    measured = row.value
    if row.unit == "tokens/s/GPU":
        pred /= n
        base /= n
    return _make(c, model, engine, gpu, row.unit, measured, pred, base,
                 "min(batch x bandwidth-bound decode, 0.5 x dense peak / 2N)")


def _diffusion_speed(c: _Ctx, model: SizedModel, p: Precision, engine: str, gpu: GPU | None,
                     n: int) -> Prediction:
    row = c.row
    assert gpu is not None
    res = _resolution(row.context_or_input_len)
    if res is None:
        res = (model.native_width or 1024, model.native_height or 1024)
        c.note(f"resolution not stated: the model's native {res[0]}x{res[1]}")
    steps = _first_int(row.output_len)
    mlperf = "mlperf" in row.note.lower()
    if mlperf:
        steps = 20
        c.note("MLPerf SDXL: 20 Euler steps at 1024x1024, guidance on (rules)")
    if steps is None:
        steps = model.default_steps or 30
        c.note(f"steps not stated: the pipeline default {steps}")
    batch = _first_int(row.batch) or 1
    eng = (c.engine(engine) if engine in c.engines and c.engine(engine).runs_diffusion
           else c.engines.default("diffusion", False))
    if "compile" in row.method.lower() and "no compile" not in row.method.lower():
        c.note("torch.compile: same model (compile gains are not modelled)")
    den = denoiser(model)
    dparams = den.params if den else model.total_params
    cfg = 2 if model.family in ("sd", "sdxl", "sd3", "wan") else 1
    base_step = 2.0 * dparams * latent_tokens(model, res[0], res[1]) * cfg / (
        0.5 * _dense_peak(gpu, p))
    base_step *= batch
    timing = diffusion_pipeline(model, p, gpu, res[0], res[1], steps, batch, eng)
    if row.unit in ("it/s", "s/it"):
        step = timing.step_s
        if row.unit == "s/it":
            return _make(c, model, engine, gpu, "s/it", row.value, step, base_step,
                         "2 x denoiser params x latent positions x CFG x batch / "
                         "(0.5 x dense peak)")
        return _make(c, model, engine, gpu, "it/s", row.value, 1.0 / step, 1.0 / base_step,
                     "0.5 x dense peak / (2 x denoiser params x latent positions x CFG x batch)")
    sec = timing.seconds_per_image
    base_step /= batch
    base_sec = steps * base_step
    if row.unit == "ms":
        c.note(f"latency in ms per pipeline call of {batch} image(s)")
        return _make(c, model, engine, gpu, "s", row.value / 1000, timing.seconds_per_batch,
                     base_sec * batch, "batch x steps x 2 x denoiser params x latent "
                     "positions x CFG / (0.5 x peak)")
    if row.unit == "s":
        return _make(c, model, engine, gpu, "s", row.value, sec, base_sec,
                     "steps x 2 x denoiser params x latent positions x CFG / (0.5 x peak)")
    # images/s or queries/s for the whole setup
    return _make(c, model, engine, gpu, "images/s", row.value, n / sec, n / base_sec,
                 "GPUs / (steps x 2 x denoiser params x latent positions x CFG / (0.5 x peak))")


_HANDLERS = {
    "weights_size": _weights_size,
    "inference_memory": _inference_memory,
    "finetune_memory": _finetune_memory,
    "diffusion_memory": _diffusion_memory,
    "decode_tps": _decode,
    "prefill_tps": _prefill,
    "serving_throughput": _serving,
    "diffusion_speed": _diffusion_speed,
}


# ---------------------------------------------------------------------------------------------
# Report


class GroupStats(msgspec.Struct, kw_only=True, frozen=True):
    group: str
    n: int
    median_abs_pct: float
    baseline_median_abs_pct: float
    worst_id: str
    worst_pct: float
    worst_ratio: float
    baseline_worst_pct: float
    baseline_worst_ratio: float


class CalibrationReport(msgspec.Struct, kw_only=True, frozen=True):
    rows: tuple[Prediction, ...]
    skipped: tuple[Skip, ...]
    by_kind: tuple[GroupStats, ...]
    by_engine: tuple[GroupStats, ...]
    worst: Prediction | None

    def kind(self, name: str) -> GroupStats | None:
        return next((g for g in self.by_kind if g.group == name), None)


def _stats(group: str, rows: Sequence[Prediction]) -> GroupStats:
    worst = max(rows, key=lambda r: r.ratio)
    bworst = max(rows, key=lambda r: r.baseline_ratio)
    return GroupStats(
        group=group, n=len(rows),
        median_abs_pct=statistics.median(abs(r.error_pct) for r in rows),
        baseline_median_abs_pct=statistics.median(abs(r.baseline_error_pct) for r in rows),
        worst_id=worst.id, worst_pct=worst.error_pct, worst_ratio=worst.ratio,
        baseline_worst_pct=bworst.baseline_error_pct, baseline_worst_ratio=bworst.baseline_ratio)


def _group(rows: Iterable[Prediction], key: str,
           order: Sequence[str] = ()) -> tuple[GroupStats, ...]:
    groups: dict[str, list[Prediction]] = {}
    for r in rows:
        groups.setdefault(getattr(r, key), []).append(r)
    names = [k for k in order if k in groups] + sorted(k for k in groups if k not in order)
    return tuple(_stats(k, groups[k]) for k in names)


def run_calibration(rows: Iterable[CalibrationRow], registry: Registry,
                    perf: PerfTables | None = None) -> CalibrationReport:
    preds: list[Prediction] = []
    skips: list[Skip] = []
    for row in rows:
        r = predict(row, registry, perf)
        (preds if isinstance(r, Prediction) else skips).append(r)  # type: ignore[arg-type]
    return CalibrationReport(
        rows=tuple(preds), skipped=tuple(skips), by_kind=_group(preds, "kind", KINDS),
        by_engine=_group(preds, "engine"),
        worst=max(preds, key=lambda r: r.ratio) if preds else None)


def _fmt(v: float) -> str:
    if v == 0:
        return "0"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    if abs(v) >= 10:
        return f"{v:.1f}"
    return f"{v:.3g}"


def format_report(report: CalibrationReport) -> str:
    lines: list[str] = []
    lines.append(f"{'id':<6} {'kind':<19} {'engine':<13} {'measured':>11} {'ours':>11} "
                 f"{'err%':>7} {'baseline':>11} {'err%':>7}  unit")
    for r in report.rows:
        lines.append(f"{r.id:<6} {r.kind:<19} {r.engine:<13} {_fmt(r.measured):>11} "
                     f"{_fmt(r.predicted):>11} {r.error_pct:>+7.1f} {_fmt(r.baseline):>11} "
                     f"{r.baseline_error_pct:>+7.1f}  {r.unit}")

    def table(title: str, groups: Sequence[GroupStats]) -> None:
        lines.append("")
        lines.append(f"{title:<19} {'n':>3} {'median|err|':>12} {'baseline':>9} "
                     f"{'worst (ours)':>22} {'worst (baseline)':>18}")
        for g in groups:
            lines.append(
                f"{g.group:<19} {g.n:>3} {g.median_abs_pct:>11.1f}% "
                f"{g.baseline_median_abs_pct:>8.1f}% "
                f"{g.worst_id:>7} {g.worst_pct:>+7.1f}% ({g.worst_ratio:.2f}x) "
                f"{g.baseline_worst_pct:>+9.1f}% ({g.baseline_worst_ratio:.2f}x)")

    table("by kind", report.by_kind)
    table("by engine", report.by_engine)
    if report.worst is not None:
        w = report.worst
        lines.append("")
        lines.append(f"worst row: {w.id} ({w.kind}, {w.model_id}) {w.error_pct:+.1f}% "
                     f"({w.ratio:.2f}x off)")
    if report.skipped:
        lines.append("")
        lines.append("skipped:")
        for s in report.skipped:
            lines.append(f"  {s.id} ({s.kind}): {s.reason}")
    return "\n".join(lines)


__all__ = [
    "COLUMNS",
    "KINDS",
    "REQUIRED_COLUMNS",
    "CalibrationReport",
    "CalibrationRow",
    "GroupStats",
    "LayoutStats",
    "Prediction",
    "Skip",
    "format_report",
    "model_name_candidates",
    "predict",
    "run_calibration",
]


# ---------------------------------------------------------------------------------------------
# Serving under load (catalog/serving_measurements.csv, ai-dynamo/aiconfigurator, Apache-2.0)
#
# Each row: a model on ``tp_size`` GPUs of one system, one engine, ``batch_size`` concurrent
# requests in a closed loop of ``isl`` prompt and ``osl`` output tokens, with the measured
# mean TTFT and TPOT. Constants of the serving model were fitted on the SEEN rows only
# (H100 + H200, Llama / Qwen, vLLM + TensorRT-LLM); every other row (B200, gpt-oss /
# DeepSeek, SGLang) is HELD OUT and reported separately.

LOAD_KINDS: tuple[str, ...] = ("ttft_under_load", "tpot_under_load", "throughput_under_load",
                               "saturated_throughput")
SEEN_SYSTEMS = ("h100_sxm", "h200_sxm")
SEEN_BACKENDS = ("vllm", "trtllm")
SEEN_MODELS = ("llama", "qwen")
_SYSTEM_GPU = {"h100_sxm": "H100 SXM", "h200_sxm": "H200 SXM", "b200_sxm": "B200"}
_BACKEND_ENGINE = {"vllm": "vllm", "trtllm": "tensorrt-llm", "sglang": "sglang"}


class LoadPrediction(msgspec.Struct, kw_only=True, frozen=True):
    """One serving measurement under load, our estimate and a plain roofline's."""

    id: str
    kind: str
    held_out: bool
    engine: str
    model_id: str
    gpu_id: str
    measured: float
    predicted: float
    baseline: float
    unit: str
    moe: bool = False
    """The model is a mixture of experts (its error band is the ``moe`` family's)."""
    mla: bool = False
    """The model has multi-head latent attention (also in the ``mla`` family's band)."""
    layout: str = ""
    """The layout the row was measured on (:func:`measured_layout`): ``TP8``, or for an MoE
    whose experts were sharded whole ``TP8 (experts EP8)`` / ``TP4 (experts TP2 x EP2)``."""
    expert_parallel: bool = False
    """The row's MoE experts were sharded whole over ``moe_ep_size`` > 1 GPUs; it is replayed
    as tensor parallel ``tp_size`` (:data:`EP_REPLAY_NOTE`) and kept out of the seen and
    held-out medians."""
    mixed_chunk: bool = False
    """An SGLang row measured with ``--enable-mixed-chunk`` (:func:`sglang_mixed_chunk`),
    replayed with its prefill chunks in the decode steps."""

    @property
    def error_pct(self) -> float:
        return (self.predicted / self.measured - 1.0) * 100.0

    @property
    def baseline_error_pct(self) -> float:
        return (self.baseline / self.measured - 1.0) * 100.0


class LoadStats(msgspec.Struct, kw_only=True, frozen=True):
    kind: str
    subset: str
    """"seen" (constants fitted here), "held-out", or "expert-parallel" (the rows measured
    with the experts sharded whole, replayed as tensor parallel: shown apart)."""
    n: int
    median_abs_pct: float
    baseline_median_abs_pct: float


class LayoutStats(msgspec.Struct, kw_only=True, frozen=True):
    """One model's rows on one GPU, engine and measured layout, for the setups measured
    expert-parallel: the replay's error on each layout, side by side."""

    model_id: str
    gpu_id: str
    engine: str
    layout: str
    expert_parallel: bool
    kind: str
    n: int
    median_abs_pct: float
    median_pct: float
    """Signed median error (+: predicted above measured)."""


class LoadReport(msgspec.Struct, kw_only=True, frozen=True):
    rows: tuple[LoadPrediction, ...]
    skipped: int
    stats: tuple[LoadStats, ...]
    by_layout: tuple[LayoutStats, ...] = ()

    def get(self, kind: str, subset: str) -> LoadStats | None:
        return next((s for s in self.stats if s.kind == kind and s.subset == subset), None)


def is_seen(row: dict[str, str]) -> bool:
    """Whether a serving measurement is in the subset the constants were fitted on."""
    model = row["model_path"].lower()
    return (row["system"] in SEEN_SYSTEMS and row["backend"] in SEEN_BACKENDS
            and any(k in model for k in SEEN_MODELS))


EP_REPLAY_NOTE = (
    "/v1/sizing times experts sharded whole inside the tensor group (expert <= tensor) as "
    "tensor parallel, with the same bytes per GPU and no all-to-all (its expert-parallel step "
    "is for experts sharded past the tensor group, attention data parallel), and refuses "
    "expert parallel narrower than tensor; so these rows are replayed as TP over tp_size GPUs "
    "and their TP and EP rows get the same prediction")
"""Why rows measured expert-parallel are reported apart (service/domain/sizing/sizing.py:
the layout timer takes :func:`ep_load_model` only where ``expert`` > ``tensor``)."""


def measured_layout(row: dict[str, str], moe: bool) -> tuple[str, bool]:
    """(label, expert-parallel) of the layout a serving row was measured on. aiconfigurator's
    columns: ``tp_size`` is the attention's tensor parallel and ``moe_tp_size`` x
    ``moe_ep_size`` the experts' split of the same GPUs (its ModelConfig requires
    tp_size x attention_dp_size == moe_tp_size x moe_ep_size; every row here has attention
    data parallel 1); a dense model's MoE columns say nothing."""
    tp = int(row["tp_size"])
    moe_tp = int(row.get("moe_tp_size") or tp)
    moe_ep = int(row.get("moe_ep_size") or 1)
    if not moe or moe_ep <= 1:
        return f"TP{tp}", False
    experts = f"EP{moe_ep}" if moe_tp <= 1 else f"TP{moe_tp} x EP{moe_ep}"
    return f"TP{tp} (experts {experts})", True


SGLANG_MIXED_CHUNK_FROM = (0, 5, 6)
"""The first SGLang version whose serving rows were measured with ``--enable-mixed-chunk``.
aiconfigurator launches SGLang's aggregated (prefill + decode on the same GPUs) workers from
its generator, whose SGLang rule sets ``agg enable_mixed_chunk = true`` and
``max_prefill_tokens = isl + 1500`` (ai-dynamo/aiconfigurator
src/aiconfigurator/generator/rule_plugin/sglang.rule; PR 257, 2026-01-19, "add sglang
enable-mix-chunk for generator"); its argument template for 0.5.6.post2 emits the flag
(backend_templates/sglang/cli_args.0.5.6.post2.j2); SGLang aggregated serving came to the
generator after 0.5.1 (PR 93, 2025-11-05), and the 0.5.1.post1 template spells the flag
``--enable-mix-chunk``, which SGLang does not have. serving_measurements.csv has no column for
it. The rows agree: SGLang 0.5.9's DeepSeek-R1 rows on 8 x H200 (TP8, FP8) measure
the TTFT TensorRT-LLM's rows of the same setup do (8,192 in / 1,024 out, 32 users: 994 and
996 ms), and they cannot be waves of prompts prefilled before any decode (SGLang's default):
at 4 users one 8,192-token prompt takes at least (447 - 40) / 2.5 = 163 ms of prefill, so a
wave of 32 would average 16.5 of them, 2.7 s, not 994 ms (likewise 0.5.6.post2's
Llama-3.1-8B rows). SGLang 0.5.1.post1's Qwen3-32B rows do grow as waves (4,096 in, 4 x H100:
1,341 / 4,044 / 7,381 ms at 16 / 64 / 128 users, 240-290 ms per 8,192-token step)."""


SGLANG_AGG_PREFILL_EXTRA = 1500
"""aiconfigurator's generator sets an aggregated SGLang worker's ``--max-prefill-tokens`` to the
prompt's tokens plus this many (``agg_prefill_decode max_prefill_tokens = SlaConfig.isl +
1500``, generator/rule_plugin/sglang.rule)."""


def _version(text: str) -> tuple[int, ...]:
    """The leading numbers of a version string ("0.5.6.post2" -> (0, 5, 6)); () if none."""
    # (leading spaces stripped in Python: a pattern opening with \s* tried at each position
    # is quadratic on a long run of spaces, test_regex_linear)
    m = re.match(r"v?(\d+(?:\.\d+)*)", (text or "").lstrip())
    return tuple(int(x) for x in m.group(1).split(".")) if m else ()


def sglang_mixed_chunk(row: dict[str, str]) -> bool:
    """Whether an SGLang serving row was measured with ``--enable-mixed-chunk``
    (:data:`SGLANG_MIXED_CHUNK_FROM`): its prefill chunks rode in the decode steps."""
    if row.get("backend") != "sglang":
        return False
    v = _version(row.get("backend_version", ""))
    return bool(v) and v[:3] >= SGLANG_MIXED_CHUNK_FROM


def _load_precision(row: dict[str, str], model: SizedModel) -> Precision:
    mode = (row.get("gemm_quant_mode") or row.get("precision") or "").lower()
    if model.native_precision == "mxfp4" or "gpt-oss" in model.id:
        # MXFP4 weights with bf16 activations, as every row was replayed before MXFP4 became
        # an FP4 tensor-core type (precisions.py): the engines' MXFP4 MoE takes bf16
        # activations by default (catalog/kernels.toml vllm-mxfp4), and the replay keeps
        # the precision as it was (no kernel rule applied here)
        return msgspec.structs.replace(get_precision("mxfp4"), compute="bf16",
                                       native_compute_arch=())
    if mode.startswith("fp8"):
        return get_precision("fp8")
    if mode in ("nvfp4", "fp4"):
        return get_precision("nvfp4")
    return get_precision("bf16")


def _roofline_load(model: SizedModel, p: Precision, gpu: GPU, tp: int, isl: int, osl: int,
                   batch: int, kv: KVType) -> tuple[float, float]:
    """A plain roofline: TTFT = one prompt's FLOPs at the dense peak of the GPUs (or reading
    the weights, whichever is slower); TPOT = reading weights and the batch's KV cache at the
    bandwidth (or the batch's FLOPs at the peak)."""
    a = model.arch
    assert a is not None
    peak = _dense_peak(gpu, p) * tp
    bw = gpu.bandwidth_gb_s * 1e9 * tp
    w = weight_bytes(model, p)
    ttft = max(2.0 * model.active_params * isl / peak, w / bw)
    kvb = batch * kv_bytes(a, isl + osl // 2, kv.bytes_per_element, 1)
    tpot = max((w + kvb) / bw, 2.0 * model.active_params * batch / peak)
    return ttft, tpot


def predict_load(row: dict[str, str], registry: Registry, perf: PerfTables, index: int
                 ) -> list[LoadPrediction]:
    """Our TTFT and TPOT at the row's load, and the roofline's; [] when the row cannot be
    modelled (model or GPU unknown, does not fit)."""
    entry = registry.find_model(row["model_path"])
    gpu = registry.find_gpu_label(_SYSTEM_GPU.get(row["system"], row["system"]))
    if entry is None or gpu is None:
        return []
    model = sized_from_entry(entry)
    if model.arch is None:
        return []
    engine = registry.engines[_BACKEND_ENGINE[row["backend"]]]
    mixed_chunk = sglang_mixed_chunk(row)
    if mixed_chunk:
        # the row's SGLang ran --enable-mixed-chunk and --max-prefill-tokens isl + 1500
        # (SGLANG_MIXED_CHUNK_FROM): replayed as it ran, its prefill chunks in the decode
        # steps, a step's tokens (the decodes' included: PrefillAdder takes the running
        # decodes off both budgets when mixing) at most the smaller of the two budgets;
        # /v1/sizing keeps SGLang's defaults
        engine = msgspec.structs.replace(engine, speed=msgspec.structs.replace(
            engine.speed, mixed_prefill=True,
            max_num_batched_tokens=min(engine.speed.max_num_batched_tokens,
                                       int(row["isl"]) + SGLANG_AGG_PREFILL_EXTRA)))
    p = _load_precision(row, model)
    kv = find_kv_type("fp8") if p.id in engine.fp8_kv_with_weights else find_kv_type("fp16")
    assert kv is not None
    tp = int(row["tp_size"])
    isl, osl, batch = int(row["isl"]), int(row["osl"]), int(row["batch_size"])
    load = load_at(model, p, kv, engine, gpu, tp, isl, osl, batch, perf)
    if load is None:
        return []
    base_ttft, base_tpot = _roofline_load(model, p, gpu, tp, isl, osl, batch, kv)
    held_out = not is_seen(row)
    rid = f"s{index:04d}"
    # the row's own layout is kept: an expert-parallel one is replayed as TP (EP_REPLAY_NOTE)
    layout, ep = measured_layout(row, model.arch.is_moe)
    common = dict(id=rid, held_out=held_out, engine=engine.id, model_id=model.id, gpu_id=gpu.id,
                  moe=model.arch.is_moe, mla=model.arch.is_mla, layout=layout,
                  expert_parallel=ep, mixed_chunk=mixed_chunk)

    def tps(ttft_s: float, tpot_s: float) -> float:
        """Output tokens/s of the closed loop: batch x output per request cycle."""
        return batch * osl / (ttft_s + (osl - 1) * tpot_s)

    measured_ttft = float(row["silicon_ttft_ms"]) / 1e3
    measured_tpot = float(row["silicon_tpot_ms"]) / 1e3
    # the saturated figure /v1/sizing reports (speed.serving: as many sequences as fit,
    # prefill of each then the decode steps), here at the row's concurrency
    saturated, _, _ = serving(model, p, kv, engine, gpu, tp, isl, osl, batch, perf=perf)
    return [
        LoadPrediction(kind="ttft_under_load", measured=measured_ttft * 1e3,
                       predicted=load.ttft_s * 1e3, baseline=base_ttft * 1e3, unit="ms",
                       **common),  # type: ignore[arg-type]
        LoadPrediction(kind="tpot_under_load", measured=measured_tpot * 1e3,
                       predicted=load.tpot_s * 1e3, baseline=base_tpot * 1e3, unit="ms",
                       **common),  # type: ignore[arg-type]
        LoadPrediction(kind="throughput_under_load", measured=tps(measured_ttft, measured_tpot),
                       predicted=load.requests_per_s * osl, baseline=tps(base_ttft, base_tpot),
                       unit="tokens/s", **common),  # type: ignore[arg-type]
        LoadPrediction(kind="saturated_throughput", measured=tps(measured_ttft, measured_tpot),
                       predicted=saturated, baseline=tps(base_ttft, base_tpot),
                       unit="tokens/s", **common),  # type: ignore[arg-type]
    ]


def load_at(model: SizedModel, p: Precision, kv: KVType, engine: Engine, gpu: GPU, tp: int,
            isl: int, osl: int, batch: int, perf: PerfTables) -> Load | None:
    """The serving model at a closed-loop load (as ``/v1/sizing`` computes it)."""
    got = under_load(model, p, kv, engine, gpu, tp, isl, osl, batch, None, perf)
    return got[0] if got else None


def _top_concurrency(rows: Sequence[dict[str, str]], preds: dict[int, list[LoadPrediction]]
                     ) -> set[int]:
    """Rows that stand for saturated serving: per configuration (model, GPU, engine,
    precision, lengths, layout: TP and the experts' TP x EP) the one at the highest
    concurrency measured, if at least 64."""
    best: dict[tuple[str, ...], int] = {}
    for i, r in enumerate(rows):
        if i not in preds or int(r["batch_size"]) < 64:
            continue
        key = (r["model_path"], r["system"], r["backend"], r["gemm_quant_mode"], r["isl"],
               r["osl"], r["tp_size"], r.get("moe_tp_size", ""), r.get("moe_ep_size", ""))
        if key not in best or int(rows[best[key]]["batch_size"]) < int(r["batch_size"]):
            best[key] = i
    return set(best.values())


def run_load_calibration(rows: Sequence[dict[str, str]], registry: Registry,
                         perf: PerfTables) -> LoadReport:
    preds: dict[int, list[LoadPrediction]] = {}
    skipped = 0
    for i, r in enumerate(rows):
        got = predict_load(r, registry, perf, i)
        if got:
            preds[i] = got
        else:
            skipped += 1
    top = _top_concurrency(rows, preds)
    flat = [p for i, ps in preds.items() for p in ps
            if p.kind != "saturated_throughput" or i in top]
    stats = []
    for kind in LOAD_KINDS:
        # the rows measured expert-parallel are replayed as tensor parallel (EP_REPLAY_NOTE):
        # apart, so the seen and held-out medians are over layouts the replay reproduces
        for subset in ("seen", "held-out", "expert-parallel"):
            group = [p for p in flat if p.kind == kind and _subset(p) == subset]
            if not group:
                continue
            stats.append(LoadStats(
                kind=kind, subset=subset, n=len(group),
                median_abs_pct=statistics.median(abs(p.error_pct) for p in group),
                baseline_median_abs_pct=statistics.median(
                    abs(p.baseline_error_pct) for p in group)))
    return LoadReport(rows=tuple(flat), skipped=skipped, stats=tuple(stats),
                      by_layout=_by_layout(flat))


def _subset(p: LoadPrediction) -> str:
    """The medians a replayed row counts in: "expert-parallel" (apart), "held-out" or
    "seen"."""
    if p.expert_parallel:
        return "expert-parallel"
    return "held-out" if p.held_out else "seen"


def _by_layout(rows: Sequence[LoadPrediction]) -> tuple[LayoutStats, ...]:
    """For each model, GPU and engine with rows measured expert-parallel, its errors per
    measured layout (TP and EP rows side by side: the replay gives both the same
    prediction)."""
    ep_setups = {(p.model_id, p.gpu_id, p.engine) for p in rows if p.expert_parallel}
    groups: dict[tuple[str, str, str, str, bool, str], list[float]] = {}
    for p in rows:
        if ((p.model_id, p.gpu_id, p.engine) in ep_setups
                and p.kind != "saturated_throughput"):
            key = (p.model_id, p.gpu_id, p.engine, p.layout, p.expert_parallel, p.kind)
            groups.setdefault(key, []).append(p.error_pct)
    order = {k: i for i, k in enumerate(LOAD_KINDS)}
    return tuple(
        LayoutStats(model_id=m, gpu_id=g, engine=e, layout=lay, expert_parallel=ep, kind=k,
                    n=len(xs), median_abs_pct=statistics.median(abs(x) for x in xs),
                    median_pct=statistics.median(xs))
        for (m, g, e, lay, ep, k), xs in sorted(groups.items(),
                                                key=lambda kv: (*kv[0][:5], order[kv[0][5]])))


SERVING_ERROR_QUANTILE = 0.8
"""The quantile of measured / modelled a serving error band gives: one measured run in five
was slower than the model by more than the band's factor."""


def _quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values``, linear between order statistics."""
    xs = sorted(values)
    i = q * (len(xs) - 1)
    lo = int(i)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (i - lo)


def serving_error_bands(report: LoadReport, quantile: float = SERVING_ERROR_QUANTILE,
                        min_rows: int = SERVING_ERROR_MIN_ROWS) -> tuple[ServingErrorBand, ...]:
    """The serving model's error bands: for each engine measured and every engine (``*``),
    each model family (``dense``, ``moe``) and both (``*``), and TTFT and TPOT, the
    ``quantile`` of measured / modelled over every replayed row of that group (seen and held
    out alike: the band says how far a real run strays, not how well the constants fit; the
    rows measured expert-parallel too, replayed as tensor parallel as /v1/sizing answers such a
    layout, so their band is the error of that answer); groups with fewer than ``min_rows``
    rows are left out."""
    groups: dict[tuple[str, str, str], list[float]] = {}
    for p in report.rows:
        kind = {"ttft_under_load": "ttft", "tpot_under_load": "tpot"}.get(p.kind)
        if kind is None or p.predicted <= 0:
            continue
        family = "moe" if p.moe else "dense"
        for e in (p.engine, "*"):
            for f in (family, "*", *(("mla",) if p.mla else ())):
                groups.setdefault((e, f, kind), []).append(p.measured / p.predicted)
    return tuple(
        ServingErrorBand(engine=e, family=f, kind=k, rows=len(xs), quantile=quantile,
                         measured_over_model=round(_quantile(xs, quantile), 2))
        for (e, f, k), xs in sorted(groups.items())
        if len(xs) >= (min(min_rows, SERVING_ERROR_MLA_MIN_ROWS) if f == "mla" else min_rows))


def format_load_report(report: LoadReport) -> str:
    lines = ["", "serving under load (catalog/serving_measurements.csv; constants fitted on the "
             "seen rows: H100+H200, Llama/Qwen, vLLM+TRT-LLM)",
             f"{'kind':<22} {'subset':<15} {'n':>4} {'median|err|':>12} {'roofline':>9}"]
    for s in report.stats:
        lines.append(f"{s.kind:<22} {s.subset:<15} {s.n:>4} {s.median_abs_pct:>11.1f}% "
                     f"{s.baseline_median_abs_pct:>8.1f}%")
    ep_rows = len({p.id for p in report.rows if p.expert_parallel})
    if ep_rows:
        lines.extend(textwrap.wrap(
            f"({ep_rows} rows measured expert-parallel (moe_ep_size > 1) are the "
            f"expert-parallel subset, kept out of the seen / held-out medians: "
            f"{EP_REPLAY_NOTE})", 96))
    mixed = len({p.id for p in report.rows if p.mixed_chunk})
    if mixed:
        lines.extend(textwrap.wrap(
            f"({mixed} SGLang rows from {'.'.join(map(str, SGLANG_MIXED_CHUNK_FROM))} on were "
            f"measured with --enable-mixed-chunk and --max-prefill-tokens = prompt + "
            f"{SGLANG_AGG_PREFILL_EXTRA} (aiconfigurator's aggregated SGLang launch) and are "
            "replayed so; /v1/sizing answers SGLang's default launch)", 96))
    if report.by_layout:
        lines.append("")
        lines.append("by measured layout (setups measured expert-parallel, *EP; err%: signed "
                     "median)")
        lines.append(f"{'model':<13} {'gpu':<9} {'engine':<13} {'layout':<27} {'kind':<22} "
                     f"{'n':>3} {'median|err|':>12} {'err%':>7}")
        for g in report.by_layout:
            mark = " *EP" if g.expert_parallel else ""
            lines.append(f"{g.model_id:<13} {g.gpu_id:<9} {g.engine:<13} {g.layout + mark:<27} "
                         f"{g.kind:<22} {g.n:>3} {g.median_abs_pct:>11.1f}% "
                         f"{g.median_pct:>+7.1f}")
    if report.skipped:
        lines.append(f"({report.skipped} rows not modelled: model or GPU not in the registry, "
                     "or the model does not fit)")
    return "\n".join(lines)
