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
    max_length=LIST_MAX, description=f"at most {LIST_MAX} names")]
HfConfig = Annotated[dict[str, Any], msgspec.Meta(
    max_length=500, description="a Hugging Face config.json, pasted as it is (at most 500 "
                                "top-level keys)")]
Question = Annotated[str, msgspec.Meta(
    min_length=1, max_length=QUESTION_MAX, pattern=r"\S",
    description=f"the question, in English or Romanian (at most {QUESTION_MAX} characters)")]
