"""The passages that answer each intent (service.domain.answer.intent.ANSWERS) exist in both
languages, every intent but general guidance has them, and the one that answers leads even when
the retrieval ranks an unrelated passage first (a short or Romanian question)."""

from __future__ import annotations

import functools

from service.adapters.knowledge_files import load_passages
from service.domain.answer.compose import _choose
from service.domain.answer.intent import ANSWERS, INTENTS, answers
from service.domain.answer.knowledge import Passage, ScoredId
from service.paths import default_data_dir


@functools.cache
def passages() -> dict[tuple[str, str], Passage]:
    found, problems = load_passages(default_data_dir("knowledge"))
    assert not problems
    return {(p.id, p.lang): p for p in found}


def test_every_listed_passage_exists_in_both_languages() -> None:
    for key, ids in ANSWERS.items():
        assert key.split(":")[0] in INTENTS, key
        for pid in ids:
            for lang in ("en", "ro"):
                assert (pid, lang) in passages(), (key, pid, lang)


def test_every_intent_but_guidance_has_passages() -> None:
    assert [i for i in INTENTS if not answers(i, None)] == ["guidance"]


def ranked(*ids: str) -> list[ScoredId]:
    return [ScoredId(pid, 1.0 / (i + 1)) for i, pid in enumerate(ids)]


def test_the_usual_answer_leads_when_ranked_near_the_top() -> None:
    got = _choose(ranked("idle-and-stopped-costs", "egress-costs", "billing-granularity"),
                  passages(), "en", answers("billing", None))
    assert [s.id for s in got][:2] == ["billing-granularity", "idle-and-stopped-costs"]


def test_another_answering_passage_when_the_usual_one_is_far() -> None:
    got = _choose(ranked("egress-costs", "vram-capacity", "gptq-awq", "mfu-explained",
                         "sglang-engine", "ttft-vs-decode-speed", "decode-bandwidth-bound"),
                  passages(), "en", answers("speed", "tps"))
    assert got[0].id == "ttft-vs-decode-speed"


def test_the_usual_answer_when_the_retrieval_found_none() -> None:
    got = _choose(ranked("diffusion-resolution-speed", "gptq-awq"), passages(), "ro",
                  answers("finetune", "time"))
    assert got[0].id == "finetune-job-cost" and got[0].score == 0.0
    assert [s.id for s in got[1:]] == ["diffusion-resolution-speed", "gptq-awq"]


def test_the_sub_question_and_the_model_kind_choose_the_list() -> None:
    assert answers("storage_egress", "egress")[0] == "egress-costs"
    assert answers("storage_egress", "storage")[0] == "storage-weights-checkpoints"
    assert answers("speed", "ttft")[0] == "ttft-vs-decode-speed"
    assert answers("media", "audio")[0] == "audio-whisper-asr"
    assert answers("finetune", "diffusion")[0] == "diffusion-finetuning"
    assert answers("cost", "hour") != answers("cost", "million")
