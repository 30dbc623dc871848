"""Yes/No leads that contradicted the answer's own figures (regression audit of the /v1/ask
yes/no change, /tmp/audit/reg/): every lead word here is checked against the figures the
core computes for the same setup (``size()``), not against a recorded answer.

1. A pre-training deadline with the GPUs stated ("in one week with 8 H100") was a Yes while
   the same answer's figures said 330 days: the yes is whether the sizing's hours on the
   GPUs stated meet the deadline.
2. "Do I need 2 H100 ... for 100 users?" was a No because 2 do not hold them: for "do I
   need N", No means fewer than N suffice; more needed is a Yes (and more).
3. A how-many or how-long question is no yes/no question ("... within 30 days; how many H100
   do I need?"; "how long to fine-tune ... on 2 H100?" with no data size): no Yes lead, the
   figure asked leads (for the time with no data stated, the training rate and the time per
   100M tokens).
4. A Mac question answered for a catalog GPU had "Yes:" after the Mac sentence.
5. "Do I need 2 GPUs for mistral-7b?" (no GPU named) got a memory answer with no yes or no:
   compared with the fewest GPUs of any catalog GPU that hold it."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, catalog, first_sentence, head


def _size(**kw: Any) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


def _yes(q: str) -> tuple[bool | None, str]:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None, r.answer
    return r.numbers.asked.yes, head(r)


def _counts(text: str) -> list[int]:
    """The GPU counts a text names ("8 × NVIDIA H100", "1.024 × ...")."""
    return [int(re.sub(r"[.,]", "", m)) for m in re.findall(r"(\d[\d.,]*) × NVIDIA H100", text)]


# --- 1. a deadline with the GPUs stated: yes iff their hours meet it ----------------------------
DEADLINES = [
    # (question, lead, model the answer assumes, tokens, GPUs stated, deadline hours)
    ("Can I pre-train a 7B model on 2T tokens in one week with 8 H100?", "No",
     "mistral-7b-v0.3", 2e12, 8, 7 * 24),
    ("Can I pre-train a 70B model on 15T tokens in 30 days with 64 H100?", "No",
     "llama-3.1-70b", 15e12, 64, 30 * 24),
    ("Pot preantrena un model de 70B pe 15T tokeni în 30 de zile cu 64 H100?", "Nu",
     "llama-3.1-70b", 15e12, 64, 30 * 24),
    ("Pot preantrena un model de 7B pe 2T tokeni într-o săptămână cu 8 H100?", "Nu",
     "mistral-7b-v0.3", 2e12, 8, 7 * 24),
    ("Can I pre-train a 7B model on 2T tokens in 30 days with 512 H100?", "Yes",
     "mistral-7b-v0.3", 2e12, 512, 30 * 24),
]


@pytest.mark.parametrize(("q", "lead", "model", "tokens", "count", "deadline"), DEADLINES)
def test_deadline_yes_is_the_stated_gpus_meeting_it(q: str, lead: str, model: str,
                                                    tokens: float, count: int,
                                                    deadline: float) -> None:
    r = _size(model=model, task="pretrain", gpu="h100-sxm", gpu_count=count,
              training_tokens=tokens)
    assert r.fits and r.performance is not None and r.performance.training_hours
    hours = r.performance.training_hours
    yes, text = _yes(q)
    assert yes is (hours <= deadline), (hours, text)
    assert text.startswith(lead + ":"), text
    first = first_sentence(ask(q))
    assert count in _counts(first), first  # the lead is about the GPUs stated
    if not yes:
        # the run's own days on them, and a count past them that the sizing says finishes
        days = hours / 24
        said = re.findall(r"(\d[\d.,]*) (?:de )?(?:days|zile)", first)
        shown = [float(x.replace(".", "").replace(",", ".") if "Nu" in lead
                       else x.replace(",", "")) for x in said]
        assert any(abs(d - days) <= max(1.0, 0.01 * days) for d in shown), (days, first)


def test_deadline_missed_names_a_count_that_meets_it() -> None:
    yes, text = _yes("Can I pre-train a 7B model on 2T tokens in one week with 8 H100?")
    assert yes is False
    more = [n for n in _counts(first_sentence(ask(
        "Can I pre-train a 7B model on 2T tokens in one week with 8 H100?"))) if n > 8]
    assert more, text
    r = _size(model="mistral-7b-v0.3", task="pretrain", gpu="h100-sxm", gpu_count=more[0],
              training_tokens=2e12)
    assert r.performance is not None and r.performance.training_hours
    assert r.performance.training_hours <= 7 * 24


# --- 2. "do I need N": yes when N or more are needed --------------------------------------------
@pytest.mark.parametrize(("q", "n", "lead"), [
    ("Do I need 2 H100 for llama-3.1-70b in fp8 for 100 users?", 2, "Yes"),
    ("Am nevoie de 2 H100 pentru llama-3.1-70b în fp8 pentru 100 de utilizatori?", 2, "Da"),
    ("Do I need 8 H100 for llama-3.1-70b in fp8 for 100 users?", 8, "No"),
    ("Am nevoie de 8 H100 pentru llama-3.1-70b în fp8 pentru 100 de utilizatori?", 8, "Nu"),
])
def test_do_i_need_n_for_users(q: str, n: int, lead: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    a = r.numbers.asked
    assert a.quantity == "gpu_count"
    assert a.yes is (a.value >= n), (a, head(r))
    assert head(r).startswith(lead), head(r)


def test_can_n_serve_users_keeps_its_sense() -> None:
    """"Can 2 H100 serve 100 users?" is still a No when 2 do not hold them."""
    yes, text = _yes("Can 2 H100 serve 100 users of llama-3.1-70b in fp8?")
    assert yes is False and text.startswith("No"), text


# --- 3. how many / how long: no yes or no --------------------------------------------------------
@pytest.mark.parametrize("q", [
    "I need to pre-train a 13B model on 2T tokens within 30 days; how many H100 do I need?",
    "Trebuie să preantrenez un model de 13B pe 2T tokeni în 30 de zile; câte H100 îmi trebuie?",
])
def test_how_many_for_a_deadline_is_no_yes_no(q: str) -> None:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "gpu_count"
    assert r.numbers.asked.yes is None
    assert not re.match(r"(?:Yes|No|Da|Nu)\b", head(r)), head(r)


@pytest.mark.parametrize(("q", "per_100m"), [
    ("How long to fine-tune llama-3.1-8b with LoRA on, for example, 2 H100?", "hours per 100"),
    ("Cât durează fine-tuning LoRA pentru llama-3.1-8b pe, de exemplu, 2 H100?",
     "ore la 100"),
])
def test_how_long_with_no_data_leads_with_the_rate(q: str, per_100m: str) -> None:
    r = _size(model="llama-3.1-8b", task="finetune", gpu="h100-sxm", gpu_count=2,
              finetune={"method": "lora"})
    assert r.performance is not None and r.performance.training_tokens_per_s
    tps = r.performance.training_tokens_per_s
    got = ask(q)
    assert got.numbers is not None and got.numbers.asked is not None
    a = got.numbers.asked
    assert (a.quantity, a.yes) == ("training_tokens_per_s", None), head(got)
    assert a.value == pytest.approx(tps)
    first = first_sentence(got)
    assert not re.match(r"(?:Yes|No|Da|Nu)\b", first), first
    assert per_100m in first, first
    hours = 1e8 / tps / 3600
    shown = f"{hours:.1f}" if got.lang == "en" else f"{hours:.1f}".replace(".", ",")
    assert shown in first, (shown, first)


# --- 4. a Mac: no Yes after the Mac sentence -----------------------------------------------------
@pytest.mark.parametrize("q", [
    "Can I run stable diffusion xl on my MacBook Pro M3 Max?",
    "Does stable diffusion xl fit on my MacBook?",
    "Pot rula stable diffusion xl pe MacBook Pro M3 Max?",
])
def test_mac_media_has_no_yes(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert re.match(r"Mac", text), text
    assert not re.search(r"\b(?:Yes|Da)\b", text), text
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.yes is None
    # the figures are said to be a catalog GPU's, not the Mac's, and name it
    mac, rest = text.split(".", 1)
    assert re.search(r"\(not a Mac\)|\(nu pe un Mac\)", mac), mac
    assert re.search(r"NVIDIA|AMD", rest), rest


# --- 5. "do I need N GPUs" with no GPU named ------------------------------------------------------
@pytest.mark.parametrize(("q", "model", "n", "lead"), [
    ("Do I need 2 GPUs for mistral-7b?", "mistral-7b-v0.3", 2, "No"),
    ("Am nevoie de 2 GPU-uri pentru mistral-7b?", "mistral-7b-v0.3", 2, "Nu"),
    ("Do I need 2 GPUs for llama-3.1-405b?", "llama-3.1-405b", 2, "Yes"),
])
def test_do_i_need_n_gpus_no_gpu_named(q: str, model: str, n: int, lead: str) -> None:
    least = min(f.gpu_count for f in _size(model=model).fits_on)
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    a = r.numbers.asked
    assert (a.quantity, a.value) == ("gpu_count", least), head(r)
    assert a.yes is (least >= n)
    assert head(r).startswith(lead), head(r)
