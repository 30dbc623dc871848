"""How a written count of tokens ("128k", "1M", "100k") is read: one rule for every route.

/v1/ask (the question's reader, the what-if reader, the intent reader) and Slack's commands all
read a token count through this module, so "1M" or "100k" is the same number whichever route
is asked.

The rule: a *length* is one sequence (a context window, a request's prompt, input or output);
an *amount* is a job's or a period's tokens (tokens generated, trained on, served a day, priced
per million).

- A length's "k" is 1,024: context windows are stated in powers of two and named in thousands,
  as model configs mean them (Llama 3.1's ``max_position_embeddings`` is 131,072, its "128K
  context"; Mistral 7B's 32,768 is "32k"); engines size a request in the same tokens.
- A length's "M" is 1,000,000, as vendors write a million-token window in words (MiniMax-Text-01:
  "1 million tokens" trained, 1,000,000; Qwen2.5-1M: 1,010,000 positions); "Mi" is 2^20 =
  1,048,576, as "1024k" is. A window of exactly 2^20 multiples (Llama 4 Scout's 10,485,760,
  "10M") still holds "10M" = 10,000,000.
- An amount's "k" is 1,000 and its "M" 1,000,000: a job of "1M tokens" or a price "per 1M
  tokens" is decimal (providers bill per 1,000,000 tokens).
- Thousands and millions in words ("32 thousand", "1 milion") are what they say, decimal.
"""

from __future__ import annotations

from typing import Final

LENGTH_K_TOKENS: Final = 1024
"""A length's "k" (a context window's "128k" is 131,072 tokens)."""
LENGTH_M_TOKENS: Final = 1_000_000
"""A length's "M" ("1M context" is 1,000,000 tokens)."""
MEBI_TOKENS: Final = 1_048_576
"""A length's "Mi" (2^20 tokens), as "1024k" is."""
AMOUNT_K_TOKENS: Final = 1000
"""An amount's "k" ("100k tokens" generated is 100,000)."""
AMOUNT_M_TOKENS: Final = 1_000_000
"""An amount's "M" ("1M tokens" of a job is 1,000,000)."""

_LENGTH: Final = {"": 1, "k": LENGTH_K_TOKENS, "m": LENGTH_M_TOKENS, "mi": MEBI_TOKENS}
_AMOUNT: Final = {"": 1, "k": AMOUNT_K_TOKENS, "m": AMOUNT_M_TOKENS, "mi": MEBI_TOKENS}


def length_tokens(value: float, unit: str = "") -> int:
    """A length ("32k", "1M", "1Mi", "8192") in tokens; ``unit`` is "", "k", "m" or "mi"
    (any case)."""
    return int(value * _LENGTH[unit.lower()])


def amount_tokens(value: float, unit: str = "") -> int:
    """An amount of tokens ("100k", "1M") in tokens; ``unit`` is "", "k", "m" or "mi"."""
    return int(value * _AMOUNT[unit.lower()])


TEXT_BYTES_PER_TOKEN: Final = 4.0
"""Bytes of plain English text per token: about 4 characters a token ("1 token ~= 4 chars in
English", OpenAI, "What are tokens and how to count them?",
https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them), one byte
a character in UTF-8 for ASCII text. Other languages and tokenizers make more tokens per
byte; PDFs and office files hold less text per byte."""


def text_tokens(gb: float) -> int:
    """The tokens of ``gb`` gigabytes (10^9 bytes) of plain text (:data:`TEXT_BYTES_PER_TOKEN`)."""
    return int(gb * 1e9 / TEXT_BYTES_PER_TOKEN)
