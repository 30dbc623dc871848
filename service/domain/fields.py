"""Constrained field types shared by the request bodies.

Every string and list a client sends has a bound: a name is at most 200 characters, a list at
most 50 items, a question at most 2,000 characters. Bounds keep the work per request small (a
60 KB model name once cost 0.2 s of fuzzy matching) and keep what is echoed back in errors
short. Each type carries a description, so the OpenAPI spec documents it where it is used.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

NAME_MAX = 200
LIST_MAX = 50
QUESTION_MAX = 2000

Name = Annotated[str, msgspec.Meta(
    min_length=1, max_length=NAME_MAX,
    description=f"a name, id or alias (at most {NAME_MAX} characters)")]
ModelName = Annotated[str, msgspec.Meta(
    min_length=1, max_length=NAME_MAX,
    description="model id or alias ('llama 3 8b', 'Qwen/Qwen2.5-7B-Instruct')")]
GpuName = Annotated[str, msgspec.Meta(
    min_length=1, max_length=NAME_MAX,
    description="GPU id or alias ('RTX 4090', 'H100 SXM', 'A100 80GB PCIe')")]
PrecisionName = Annotated[str, msgspec.Meta(
    min_length=1, max_length=NAME_MAX,
    description="precision id or common spelling ('bf16', 'fp8', 'GGUF Q4_K_M', '4-bit')")]
NameList = Annotated[list[Name], msgspec.Meta(
    min_length=1, max_length=LIST_MAX,
    description=f"1 to {LIST_MAX} names (an allow-list: empty would allow nothing, so it is a "
                "400 at its path; leave the field out for no filter)")]
"""A list of names that allows only what it names (``providers``, ``gpus``, ``regions``):
an empty one is refused, never read as "no filter" (an allow-list a client computed to
nothing recommended anything anywhere, audit buyer18a #4)."""
ExcludeList = Annotated[list[Name], msgspec.Meta(
    max_length=LIST_MAX,
    description=f"at most {LIST_MAX} names to leave out (empty: none left out)")]
"""A list of names to leave out (``exclude_providers``): empty excludes nothing, which is what
it says, so it is accepted."""
HfConfig = Annotated[dict[str, Any], msgspec.Meta(
    max_length=500, description="a Hugging Face config.json, pasted as it is (at most 500 "
                                "top-level keys)")]
QUESTION_TEXT = r"[^\s\x00-\x1f\x7f-\x9f\ufeff]"
r"""A question holds at least one character that is neither white space nor a control character
(C0, DEL, C1) nor a byte-order mark: the same class in Python's and ECMAScript's regular
expressions (ECMAScript's \s also holds U+FEFF), so the spec's pattern and the server agree."""

Question = Annotated[str, msgspec.Meta(
    min_length=1, max_length=QUESTION_MAX, pattern=QUESTION_TEXT,
    description=f"the question, in English or Romanian (at most {QUESTION_MAX} characters)")]

# --- numbers ---------------------------------------------------------------------------------
# Every number a client sends has a bound too: past it the arithmetic means nothing (or a float
# overflows). A base type holds the bound and the unit; the types named after a field add what
# the field means (a later ``Meta(description=...)`` replaces the earlier one in the spec; the
# bounds stay).
TOKENS_MAX = 10_485_760
"""The most tokens of any one request or sequence: the longest context of any model of the
catalog (Llama 4 Scout's config max_position_embeddings, 10 x 2^20, the model card's "10M"
as a context "10M" reads), so that no model's own limit is past the API's bound."""
BATCH_MAX = 100_000
RANK_MAX = 4096


def _about(description: str) -> msgspec.Meta:
    return msgspec.Meta(description=description)


# counts
GPU_COUNT_MAX = 4096
"""The most GPUs one setup is sized on (/v1/sizing's ``gpu_count`` bound), and so the most a
training run over several nodes is planned on (recommend.plans.train_max_nodes)."""
GpuCount = Annotated[int, msgspec.Meta(
    ge=1, le=GPU_COUNT_MAX, description="number of GPUs in the setup")]
BatchSize = Annotated[int, msgspec.Meta(
    ge=1, le=BATCH_MAX, description="sequences processed together (requests in flight)")]
MicroBatchSize = Annotated[BatchSize, _about("sequences per GPU in one forward/backward pass")]
Concurrency = Annotated[int, msgspec.Meta(
    ge=1, le=BATCH_MAX, description="requests in flight at the same time")]
LoraRank = Annotated[int, msgspec.Meta(ge=1, le=RANK_MAX, description="LoRA rank r")]
LoraAdapterCount = Annotated[int, msgspec.Meta(
    ge=0, le=10_000, description="LoRA adapters served alongside the base model")]
ZeroStage = Annotated[int, msgspec.Meta(
    ge=0, le=3, description="DeepSpeed ZeRO stage (0: no sharding of optimizer states, "
                            "gradients or weights)")]
DiffusionSteps = Annotated[int, msgspec.Meta(
    ge=1, le=1000, description="diffusion models: denoising steps per image (default: the "
                               "model's own, else 30); on another model a 400 at the field")]
SessionsPerDay = Annotated[int, msgspec.Meta(
    ge=1, le=1440, description="separate sessions per day, each billed on its own (billing "
                               "granularity and minimum charge apply per session)")]
GpusPerNode = Annotated[int, msgspec.Meta(
    ge=1, le=64, description="most GPUs in one machine (node)")]
TOP_N_MOST = 50
"""The most options /v1/recommendations returns (``top_n``'s limit)."""
TopN = Annotated[int, msgspec.Meta(ge=1, le=TOP_N_MOST,
                                   description="options to return, at most")]
TopK = Annotated[int, msgspec.Meta(ge=1, le=10, description="passages to quote, at most")]

# tokens
DEFAULT_CONTEXT_TOKENS = 4096
"""The one default request of every endpoint, where a body or a question states no length:
4,096 tokens of context (prompt plus output). /v1/recommendations' ``context_tokens``; /v1/ask
sizes every answer at it (``answer.numbers.context.ASK_CONTEXT_TOKENS``); /v1/sizing's
``input_tokens`` and ``output_tokens`` add up to it, so the same setup gives the same time to
first token and throughputs on all three (sizing defaulted to 2,048 in: a TTFT a third lower and
a full-load throughput 40-65 % higher than the answers said for the same setup)."""
DEFAULT_OUTPUT_TOKENS = 512
"""The tokens one request generates where none are stated (/v1/sizing's and
/v1/recommendations' ``output_tokens``, /v1/ask's)."""
DEFAULT_INPUT_TOKENS = DEFAULT_CONTEXT_TOKENS - DEFAULT_OUTPUT_TOKENS
"""The prompt of one request where no length is stated: the default context less the default
output (3,584; /v1/sizing's ``input_tokens``). An embedding model takes at most its own limit
(bge-large: 512)."""
EMBED_INPUT_TOKENS = 512
"""An embedding model's input where a request or a question states no length: one retrieval
chunk of 512 tokens (at most the model's own limit: bge-large 512), never a chat prompt's
:data:`DEFAULT_CONTEXT_TOKENS` (bge-m3, 8,192-token limit, was priced at 4,096 tokens a request,
8 times the GPUs). Sources: Sentence-Transformers' "Input Sequence Length" (a common limit of
BERT-style embedding models is 512 word pieces, about 300-400 English words:
https://sbert.net/examples/applications/computing-embeddings/README.html) and Azure AI Search's
chunking guide (fixed-size chunks of about 200 words, a few hundred tokens, as embedding input:
https://learn.microsoft.com/en-us/azure/search/vector-search-how-to-chunk-documents)."""
EMBED_INPUT_SOURCES = (
    "https://sbert.net/examples/applications/computing-embeddings/README.html",
    "https://learn.microsoft.com/en-us/azure/search/vector-search-how-to-chunk-documents")
"""The sources of :data:`EMBED_INPUT_TOKENS` (above), listed where a sizing uses it."""
_DEFAULT_REQUEST = (f"{DEFAULT_CONTEXT_TOKENS:,} tokens of context, {DEFAULT_INPUT_TOKENS:,} in "
                    f"and {DEFAULT_OUTPUT_TOKENS:,} out")
"""The default request in words, for the field descriptions."""

Tokens = Annotated[int, msgspec.Meta(ge=1, le=TOKENS_MAX, description="tokens")]
PromptTokens = Annotated[Tokens, _about(
    f"prompt tokens per request (default {DEFAULT_INPUT_TOKENS:,}: the one default request, "
    f"{_DEFAULT_REQUEST}, that /v1/recommendations and /v1/ask also size where no length is "
    "stated). Embedding models: the input length, by default one retrieval chunk of "
    f"{EMBED_INPUT_TOKENS:,} tokens, at most the model's own limit, as /v1/recommendations and "
    "/v1/ask size it; a longer one stated is sized at the limit and warned")]
SequenceLength = Annotated[Tokens, _about("tokens per training sequence")]
ContextTokens = Annotated[Tokens, _about(
    "context per request, in tokens (prompt plus output)")]
OutputTokens = Annotated[int, msgspec.Meta(
    ge=0, le=TOKENS_MAX, description=f"tokens generated per request (default "
    f"{DEFAULT_OUTPUT_TOKENS:,}: the one default request, {_DEFAULT_REQUEST})")]
# recommendations bound the output tighter than sizing does (1,000,000 tokens)
RecommendOutputTokens = Annotated[int, msgspec.Meta(
    ge=0, le=1_000_000, description="tokens generated per request, part of context_tokens "
    "(smaller than it for serving and batch work; embedding models generate none and ignore "
    f"it); default {DEFAULT_OUTPUT_TOKENS:,}: the one default request, {_DEFAULT_REQUEST}")]
JobSize = Annotated[float, msgspec.Meta(
    gt=0, le=1e15, description="the size of a whole job (tokens or images)")]
TrainingTokens = Annotated[JobSize, _about("tokens to train on in all (dataset tokens x "
                                           "epochs), in tokens; fine-tuning and pre-training "
                                           "only (elsewhere a 400 at the field)")]
JobOutputTokens = Annotated[JobSize, _about("tokens a batch job generates in all, in tokens")]
JobImages = Annotated[JobSize, _about("images a batch job generates in all")]

# images
IMAGES_MAX = 100
ImagesPerRequest = Annotated[int, msgspec.Meta(
    ge=1, le=IMAGES_MAX, description="images in each request to a vision-language model whose "
                                     "decoder cross-attends to them (Llama 3.2 Vision)")]
Pixels = Annotated[int, msgspec.Meta(ge=64, le=16_384, description="pixels")]
ImageWidth = Annotated[Pixels, _about(
    "diffusion models: image width, in pixels (default: the model's native width, else "
    "1024); a vision-language model whose image tokens follow the size (Qwen2-VL), with "
    "images_per_request: each image's width; on another model a 400 at the field")]
ImageHeight = Annotated[Pixels, _about(
    "diffusion models: image height, in pixels (default: the model's native height, else "
    "1024); a vision-language model whose image tokens follow the size (Qwen2-VL), with "
    "images_per_request: each image's height; on another model a 400 at the field")]

# targets and budgets of a recommendation: any positive number, bounded far away
Positive = Annotated[float, msgspec.Meta(gt=0, le=1e12, description="a positive number")]
TokensPerSecond = Annotated[Positive, _about(
    "output tokens per second, all requests together, at least")]
RequestsPerSecond = Annotated[Positive, _about("requests per second, at least")]
RequestRate = Annotated[float, msgspec.Meta(
    gt=0, le=1e6, description="open-loop load: new requests arriving per second, in requests/s "
                              "(Poisson arrivals; default: none, a closed loop of batch_size "
                              "users, each sending the next request when the last ends)")]
TimeToFirstToken = Annotated[Positive, _about(
    "time to the first output token, in milliseconds, at most (checked against the mean at "
    "the stated load; tails run above it)")]
DecodeTokensPerSecond = Annotated[Positive, _about(
    "decode speed each user sees, in tokens per second, at least (checked against the mean "
    "at the stated load)")]
MaxUsdPerHour = Annotated[Positive, _about("budget, in USD per hour, at most")]
MaxUsdPerMonth = Annotated[Positive, _about("budget, in USD per month, at most")]
MaxUsdTotal = Annotated[Positive, _about("budget for the whole job, in USD, at most")]

# prices and budgets a user states
GpuHourPrice = Annotated[float, msgspec.Meta(
    gt=0, le=10_000, description="price, in USD per GPU-hour")]
HourlyBudget = Annotated[float, msgspec.Meta(
    gt=0, le=10_000, description="budget, in USD per hour")]
MonthlyBudget = Annotated[float, msgspec.Meta(
    gt=0, le=1e8, description="budget, in USD per month")]

# usage
HoursPerDay = Annotated[float, msgspec.Meta(
    gt=0, le=24, description="hours of use per day (default: 24)")]
DaysPerMonth = Annotated[float, msgspec.Meta(gt=0, le=31, description="days of use per month")]
CheckpointMinutes = Annotated[float, msgspec.Meta(
    gt=0, le=10_080, description="minutes between checkpoints: an interruption loses half of "
                                 "one on average")]
StorageGb = Annotated[float, msgspec.Meta(
    ge=0, le=1e7, description="persistent storage, in GB (default: the weights' size; for "
                              "training, plus two checkpoints: 14 bytes per parameter for full "
                              "training, 14 per adapter parameter for LoRA/QLoRA)")]
EgressGbPerMonth = Annotated[float, msgspec.Meta(
    ge=0, le=1e9, description="data sent out of the provider's network, in GB per month")]
JobEgressGb = Annotated[float, msgspec.Meta(
    ge=0, le=1e9, description="data a job sends out of the provider's network once, in GB")]

# the shape of a transformer (``Architecture``)
LayerCount = Annotated[int, msgspec.Meta(ge=1, le=1000, description="transformer layers")]
HiddenSize = Annotated[int, msgspec.Meta(
    ge=1, le=1_000_000, description="hidden size (the model's width), in channels")]
HeadCount = Annotated[int, msgspec.Meta(ge=1, le=10_000, description="attention heads")]
KvHeadCount = Annotated[HeadCount, _about(
    "key/value heads (GQA; default: num_attention_heads)")]
HeadDim = Annotated[int, msgspec.Meta(
    ge=1, le=10_000, description="channels per attention head (default: hidden_size / "
                                 "num_attention_heads)")]
IntermediateSize = Annotated[int, msgspec.Meta(
    ge=1, le=TOKENS_MAX, description="width of the feed-forward (MLP) layer, in channels")]
VocabSize = Annotated[int, msgspec.Meta(
    ge=1, le=TOKENS_MAX, description="vocabulary size, in tokens")]
MaxContext = Annotated[Tokens, _about("longest context the model supports, in tokens")]
Count = Annotated[int, msgspec.Meta(ge=0, description="a count (0 or more)")]
WindowTokens = Annotated[int, msgspec.Meta(ge=1, description="an attention window, in tokens")]
Dim = Annotated[int, msgspec.Meta(ge=0, description="a width, in channels")]
