"""Names of GPUs buyers write loosely (audit 25b #2 and #11).

- "RTX 6000" names two cards: the Quadro RTX 6000 (Turing, 24 GB) and the RTX 6000 Ada (48
  GB), which 15 of the catalog's 17 offers of either card are. It was read silently as the
  Quadro: Qwen2.5 32B fp8 "does not fit" and Llama 3.1 8B "cannot run fp8", where the Ada
  holds the first (35.2 of 43.2 GiB) and runs the second natively (77.6 tokens/s). It is
  now read as the Ada (catalog/gpus.toml ``[[reading]]``), and every answer says so with
  the Quadro; a provider's label "RTX6000" (Lambda, Seeweb) is still the Quadro.
- "MI300" and "MI325" were refused as unknown GPUs, with NVIDIA's B300 and GB300 offered;
  they are read as the MI300X and the MI325X, said so (the MI300A APU named as not listed).
- "MI250" (a real card: 208 compute units, against the MI250X's 220) and "MI300A" (an APU)
  are said to be missing from the catalog, with AMD's nearest cards, never NVIDIA's; an
  unknown name that says its maker ("MI400") is offered that maker's cards.
- /v1/sizing answered 400 to "gpu": "4090", which /v1/ask reads as the RTX 4090.

Expected figures come from ``size()`` on the card meant and from the catalog's offers, never
typed in."""

from __future__ import annotations

import msgspec
import pytest

from service.api.names import check_sizing
from service.domain.errors import NotFound
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, head

ADA, QUADRO = "rtx-6000-ada", "quadro-rtx-6000"


def _size(**body: object) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


def _name(gid: str) -> str:
    return catalog().registry.gpus[gid].name


def _offers(gid: str) -> int:
    return sum(1 for o in catalog().offers if o.gpu == gid)


def _nvidia_names() -> list[str]:
    return [g.name for g in catalog().registry.gpus.values() if g.vendor == "NVIDIA"]


def test_the_premise_most_rtx_6000_offers_are_the_ada() -> None:
    assert _offers(ADA) > _offers(QUADRO) > 0


@pytest.mark.parametrize("q", [
    "Qwen2.5 32B fp8 on an RTX 6000: will it fit?",
    "încape Qwen2.5 32B fp8 pe un RTX 6000?",
])
def test_rtx_6000_fit_is_the_ada_s(q: str) -> None:
    ada = _size(model="qwen2.5-32b", gpu=ADA, weights="fp8")
    assert ada.fits and ada.memory.per_gpu_gib < ada.gpu.usable_gib  # type: ignore[union-attr]
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_gpu_gib", "GiB"), r.answer
    assert value == pytest.approx(ada.memory.per_gpu_gib, abs=0.01), r.answer
    text = head(r)
    assert text.startswith(("Yes", "Da")), text
    assert f"1 × {_name(ADA)}" in text, text
    # the reading is said, with the other card of the name and the offers' count
    assert "RTX 6000" in text and _name(QUADRO) in text, text
    total = _offers(ADA) + _offers(QUADRO)
    assert f"{_offers(ADA)} " in text and f"{total} " in text, text
    assert "cannot run" not in text and "nu poate rula" not in text, text


@pytest.mark.parametrize("q", [
    "Llama 3.1 8B fp8 on an RTX 6000, tokens/s?",
    "Llama 3.1 8B fp8 pe un RTX 6000, câți tokeni/s?",
])
def test_rtx_6000_fp8_speed_is_the_ada_s_native_fp8(q: str) -> None:
    ada = _size(model="llama-3.1-8b", gpu=ADA, weights="fp8", input_tokens=3584,
                output_tokens=512)
    assert ada.performance is not None and ada.performance.decode_tokens_per_s
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("decode_tokens_per_s", "tokens/s"), r.answer
    assert value == pytest.approx(ada.performance.decode_tokens_per_s, rel=1e-3), r.answer
    assert r.numbers is not None and r.numbers.sizing is not None
    assert r.numbers.sizing.weights == "fp8", r.answer  # no int8 fallback of the Quadro
    text = head(r)
    assert _name(ADA) in text and _name(QUADRO) in text, text
    assert "Quadro" not in text.split("RTX 6000”")[0], text  # the lead is the Ada's


def test_sizing_reads_rtx_6000_as_the_ada_and_says_so() -> None:
    r = _size(model="qwen2.5-32b", gpu="RTX 6000", weights="fp8")
    assert r.gpu is not None and r.gpu.id == ADA
    assert r.fits is True
    note = next(a for a in r.assumptions if a.name == "gpu_variant")
    assert note.value == ADA
    assert _name(QUADRO) in note.reason
    assert f"{_offers(ADA)} of the catalog's {_offers(ADA) + _offers(QUADRO)} offers" \
        in note.reason


def test_the_name_still_lists_both_cards_and_a_label_is_the_quadro() -> None:
    reg = catalog().registry
    assert reg.gpu_family("RTX 6000") == sorted([ADA, QUADRO])
    # Lambda's and Seeweb's "RTX6000" is the Quadro: a provider's label, not a buyer's word
    label = reg.find_gpu_label("RTX6000")
    assert label is not None and label.id == QUADRO
    # a memory size or the card's own name picks one card
    assert reg.gpu("RTX 6000 24GB").id == QUADRO
    assert reg.gpu("RTX 6000 48GB").id == ADA
    assert reg.gpu("Quadro RTX 6000").id == QUADRO


@pytest.mark.parametrize(("q", "word", "gid"), [
    ("Llama 3.1 70B fp8 on an MI300, tokens/s?", "MI300", "mi300x"),
    ("Llama 3.1 70B fp8 pe un MI300, câți tokeni/s?", "MI300", "mi300x"),
    ("Llama 3.1 70B fp8 on an MI325, tokens/s?", "MI325", "mi325x"),
    ("câți tokeni/s face Llama 3.1 70B fp8 pe un MI325?", "MI325", "mi325x"),
])
def test_mi300_and_mi325_read_as_the_x_card(q: str, word: str, gid: str) -> None:
    want = _size(model="llama-3.1-70b", gpu=gid, weights="fp8", input_tokens=3584,
                 output_tokens=512)
    assert want.performance is not None and want.performance.decode_tokens_per_s
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "decode_tokens_per_s", r.answer
    assert value == pytest.approx(want.performance.decode_tokens_per_s, rel=1e-3), r.answer
    text = head(r)
    assert f"1 × {_name(gid)}" in text, text
    assert f"“{word}”" in text or f"„{word}”" in text, text  # the reading is said
    if word == "MI300":
        assert "MI300A" in text and "APU" in text, text


def test_sizing_reads_mi300_and_4090() -> None:
    for said, gid in (("MI300", "mi300x"), ("MI325", "mi325x"), ("4090", "rtx-4090"),
                      ("3090 Ti", "rtx-3090-ti")):
        req = msgspec.convert({"model": "llama-3.1-8b", "gpu": said}, SizingRequest)
        check_sizing(req, catalog())  # no 400
        r = size(req, catalog())
        assert r.gpu is not None and r.gpu.id == gid, said


@pytest.mark.parametrize(("q", "name", "near"), [
    ("Llama 3.1 70B fp8 on an MI250, tokens/s?", "AMD Instinct MI250", ["mi250x", "mi210"]),
    ("Llama 3.1 70B fp16 pe un MI250, câți tokeni/s?", "AMD Instinct MI250",
     ["mi250x", "mi210"]),
    ("Llama 3.1 70B fp8 on an MI300A, tokens/s?", "AMD Instinct MI300A", ["mi300x"]),
    ("Llama 3.1 8B pe un MI300A, câți tokeni/s?", "AMD Instinct MI300A", ["mi300x"]),
])
def test_unlisted_amd_cards_are_said_missing_with_amd_cards(
        q: str, name: str, near: list[str]) -> None:
    r = ask(q)
    text = head(r)
    assert name in text, text
    assert "does not list" in text or "nu listează" in text, text
    for gid in near:
        assert catalog().registry.gpus[gid].name.split(" (")[0] in text, text
    assert not any(n in text for n in _nvidia_names()), text
    assert "tokens/s" not in text and "tokeni/s" not in text, text  # no figure of another card


def test_unlisted_in_a_request_is_a_400_naming_it_and_amd_cards() -> None:
    for said, near in (("MI250", ["mi250x", "mi210"]), ("AMD MI300A", ["mi300x", "mi325x"])):
        req = msgspec.convert({"model": "llama-3.1-8b", "gpu": said}, SizingRequest)
        with pytest.raises(NotFound) as e:
            check_sizing(req, catalog())
        assert e.value.path == "$.gpu"
        assert e.value.suggestions == near
        assert "not in the catalog" in str(e.value)


def test_an_unknown_name_of_one_maker_is_offered_that_maker_s_cards() -> None:
    reg = catalog().registry
    for said in ("MI400", "MI300B", "Instinct MI999"):
        near = reg.gpu_names.suggest(said)
        assert near and all(reg.gpus[g].vendor == "AMD" for g in near), (said, near)
    r = ask("Llama 3.1 8B on an MI400, tokens/s?")
    text = head(r)
    assert "MI400" in text and "AMD Instinct" in text, text
    assert not any(n in text for n in _nvidia_names()), text
