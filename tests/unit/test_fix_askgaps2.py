"""/v1/ask gaps (askgaps2): a follow-up that changes only the GPU count ("what about on two of
them?", with the previous question's model and GPU carried in ``context``) is answered for
that count; an embedding job stated in documents with no tokens is priced as a job, the tokens
per document said as assumed; and the GPUs for N users of a bare size the catalog does not
name ("a 50B model") are counted for the same scaled stand-in the memory answer sizes."""

from __future__ import annotations

import pytest

from service.domain.answer.compose import AskContext, AskRequest, AskResponse, answer
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, first_sentence, head, knowledge


def _follow_up(question: str, model: str, gpu: str) -> AskResponse:
    """A follow-up as a client asks it: the previous question's model and GPU in ``context``
    (AskContext), the new question's own words only."""
    return answer(AskRequest(question=question, context=AskContext(model=model, gpu=gpu)),
                  knowledge(), catalog(), TODAY)


# -- 1. a follow-up that states a count of "them" ----------------------------------------------

@pytest.mark.parametrize("question", ["what about on two of them?", "and on 2 of those?",
                                      "și pe două dintre ele?", "si pe 2 dintre ele?"])
def test_a_follow_up_count_of_them_keeps_the_model_and_gpu_of_the_context(question: str) -> None:
    r = _follow_up(question, model="llama-3.1-70b", gpu="h100-sxm")
    assert r.extracted.model == "llama-3.1-70b"
    assert r.extracted.gpu == "h100-sxm"
    assert r.extracted.gpu_count == 2
    lead = first_sentence(r)
    assert "2 × NVIDIA H100" in lead, lead
    assert "1 × NVIDIA H100" not in lead, lead


def test_a_count_of_them_after_a_gpu_named_is_not_read_again() -> None:
    # "them" are the users here, and the H100 named has its own article: one H100
    r = ask("can llama 3.1 8b on an H100 serve 100 users, or two of them?")
    assert r.extracted.gpu_count == 1


# -- 2. an embedding job stated in documents ---------------------------------------------------

_LIMIT = 512  # bge-large-en-v1.5's max_context in catalog/models (its input limit)


@pytest.mark.parametrize(("question", "lang"), [
    ("How much to embed 10 million documents with bge-large on an L4?", "en"),
    ("How much to embed 10 million documents with bge-large?", "en"),
    ("Cât costă să calculez embedding-uri pentru 10 milioane de documente cu bge-large pe un L4?",
     "ro"),
])
def test_an_embedding_job_in_documents_is_priced_with_the_tokens_assumed(
        question: str, lang: str) -> None:
    r = ask(question)
    assert r.lang == lang
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_job_usd", "USD"), r.answer
    assert value > 0
    lead = head(r)
    total = f"{10_000_000 * _LIMIT:,}"
    if lang == "ro":
        total = total.replace(",", ".")
    assert total in lead, lead  # the tokens embedded: documents × tokens of one
    assert ("assumed" if lang == "en" else "presupunem") in lead, lead
    assert ("per document" if lang == "en" else "pe document") in lead, lead


def test_documents_of_a_stated_length_are_that_many_tokens_with_nothing_assumed() -> None:
    r = ask("How much to embed 1 million documents of 300 tokens with bge-large on an L4?")
    quantity, _, _ = asked(r)
    assert quantity == "per_job_usd", r.answer
    assert "300,000,000" in head(r), head(r)
    assert "assumed" not in head(r), head(r)


def test_the_job_of_documents_costs_what_the_same_tokens_cost() -> None:
    docs = ask("How much to embed 10 million documents with bge-large on an L4?")
    tokens = ask(f"How much to embed {10_000_000 * _LIMIT} tokens with bge-large on an L4?")
    assert asked(docs)[1] == pytest.approx(asked(tokens)[1])


def test_documents_per_second_stay_a_rate() -> None:
    r = ask("how many L4s to embed 5000 documents per second with bge-large?")
    assert "assumed" not in head(r)
    assert asked(r)[0] != "per_job_usd"


# -- 3. GPUs for users of a bare size ----------------------------------------------------------

def test_gpus_for_users_of_a_bare_size_use_the_scaled_stand_in() -> None:
    memory = ask("how much VRAM does a 50B model need")
    users = ask("how many H100s do I need for 100 users of a 50B model?")
    assert memory.numbers is not None and memory.numbers.sizing is not None
    assert users.numbers is not None and users.numbers.sizing is not None
    assert users.numbers.sizing.weights_gib == memory.numbers.sizing.weights_gib
    quantity, n, unit = asked(users)
    assert (quantity, unit) == ("gpu_count", "GPUs")
    # 93.1 GiB of bf16 weights and 100 users' KV cache: more than one 80 GB card, far fewer
    # than the 128 that "no setup holds" said
    assert 2 <= n <= 8, users.answer
    assert "50B" in first_sentence(users)
