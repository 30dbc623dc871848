"""Three leftovers of one round's merges in the ask writer (fix/leftovers).

1. "Does it fit and how fast?" with a fall back to fp8 on an A100 said the weight-only fact in a
   wording of its own (speed_fit_weight_only), where the precision fall back says it with
   ``_W.weight_only_said`` (precision_weight_only): one rule, one message, said once.
2. The GPU comparison sized every request at 512 output tokens whatever the question stated
   ("2,000-token outputs": "3,584 tokens in and 512 out each"), and "answers ~1500 tokens"
   was read as a context (988 in, 512 out); they now take the output stated (context._out).
3. The users count's targets lead kept a 1,024-token context floor (fix/promptfloor removed it
   elsewhere): "300-token prompts" for 64 users of Qwen2.5 32B on L4s led with 16 x L4 (sized
   at 1,024 tokens), now 12 x L4 at 812 (300 in, 512 out)."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, first_sentence, head


def test_fit_first_weight_only_is_weight_only_said_once() -> None:
    r = ask("Does Llama 3.1 70B fit on 2 A100 80GB and how fast for 10 users?")
    text = head(r)
    # fix/usersprec: bf16 holds 6 of the 10 at once, the rest wait, fp8 after (was "No at bf16:
    # ... needs about 74.2 GiB per GPU", the precision dropped for a count that can queue)
    assert text.startswith("No: 2 × NVIDIA A100 SXM4 80GB holds only 6 of the 10"), text
    said = ("On NVIDIA A100 SXM4 80GB, fp8 is weight-only: the weights take fp8's memory, but "
            "with no FP8 tensor cores the matmuls run in fp16, at fp16 speed.")
    assert text.count(said) == 1, text  # precision_weight_only (_W.weight_only_said)
    assert "with no FP8 tensor-core speed-up (rule" not in text, text  # the old second wording
    assert text.split("\n\n")[0].count("weight-only") == 1, text


def test_fit_first_weight_only_ro() -> None:
    text = head(ask("Încape Llama 3.1 70B pe 2 A100 80GB și cât de repede merge pentru 10 "
                    "utilizatori?"))
    assert text.split("\n\n")[0].count("doar pentru greutăți") == 1, text
    assert "fără tensor cores FP8 înmulțirile de matrice rulează în fp16" in text, text


def test_compare_gpus_sizes_the_output_stated() -> None:
    first = first_sentence(ask("Compare H100 vs A100 for Llama 3.1 8B at 50 users with "
                               "2,000-token outputs"))
    # was "(3,584 tokens in and 512 out each)", 44.1 tokens/s per user on the H100
    assert first.startswith("For Meta Llama 3.1 8B at bf16 with 50 requests at once (2,096 "
                            "tokens in and 2,000 out each): 1 × NVIDIA H100 SXM5 80GB about "
                            "65.6 tokens/s per user"), first


def test_compare_gpus_default_output_unchanged() -> None:
    first = first_sentence(ask("Compare H100 vs A100 for Llama 3.1 8B at 50 users"))
    assert "(3,584 tokens in and 512 out each)" in first and "44.1 tokens/s per user" in first


def test_spot_answers_tilde_tokens_is_the_output() -> None:
    text = head(ask("Spot or on-demand for Qwen2.5 7B serving 30 users, answers ~1500 tokens?"))
    # was "each of 1,500 tokens of context (988 in, 512 out)"
    assert "each of 4,096 tokens of context (2,596 in, 1,500 out)" in text, text


def test_monthly_cost_output_stated_unchanged() -> None:
    text = head(ask("monthly cost for 20 users of Mistral 7B, 300 token answers"))
    assert "each of 4,096 tokens of context (3,796 in, 300 out)" in text, text


def test_users_targets_lead_has_no_prompt_floor() -> None:
    first = first_sentence(ask("How many L4s for 64 users of Qwen2.5 32B with 300-token "
                               "prompts?"))
    # was 16 × L4 (2 instances of 8), the recommendations asked at 1,024 tokens of context
    assert first.startswith("For 64 concurrent users, Qwen2.5 32B at bf16 needs 12 × NVIDIA "
                            "L4 24GB (3 instances of 4 × NVIDIA L4 24GB)"), first
