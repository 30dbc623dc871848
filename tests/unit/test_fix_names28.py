"""Audit buyer28b, names given by API callers: one reading of a GPU, provider and engine name on
every route.

1. /v1/ask with ``context.gpu`` "NVIDIA H100" dropped the GPU and answered on an RTX 4000 Ada
   (19.2 tokens/s), asking "Which GPU?". Now the card /v1/sizing sizes for the same name
   (Registry.one_gpu): the H100 SXM5, 136 tokens/s; "A100 SXM" (a family no alias names) the
   A100 SXM4 40GB, as /v1/sizing; an unknown name stays the 400 at $.context.gpu.
2. "NVIDIA H100" was the H100 PCIe on /v1/sizing (89.3 tok/s), the SXM on /v1/ask (136), a 404
   on /v1/gpus/{id}: the maker's word is no part of the name, so it is "H100" everywhere (the
   SXM5 for one card, the variants for a listing filter).
10. "NVIDIA RTX 4090", "nvidia 4090", "NVIDIA RTX 3090", "A100 80G" were 400s (suggesting an
    RTX A4000) on /v1/sizing and /v1/offers while /v1/ask read them.
3. "DataCrunch" (Verda's former name), "Lambda Labs", "Google Cloud", "Amazon", "EC2",
   "Oracle", "OVH", "NexGen Cloud" were 400s on /v1/offers and /v1/recommendations, and
   /v1/ask said DataCrunch "is not in the catalog" and quoted Hyperbolic: catalog/providers.toml
   ``aliases`` now, read on every route.
4. Engines were case-sensitive ("vLLM", "SGLang", "TRT-LLM", "llamacpp": 400s) and "TGI" was
   timed by /v1/sizing but refused by /v1/recommendations.
9. ``interconnect=nvlink`` left out every 8-GPU HGX node (labelled nvswitch): it matches them.
14. An unknown or repeated query parameter's 400 had no ``errors[]``: it names the parameter.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.domain.answer.compose import AskContext, AskRequest, answer
from service.domain.errors import NotFound
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from service.settings import Settings
from tests.unit.ask_fixtures import TODAY, catalog, head, knowledge


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    index: Path = tmp_path_factory.mktemp("index")
    with TestClient(app=create_app(Settings(index_dir=index), configure_logs=False)) as c:
        yield c


def _ask(question: str, gpu: str | None = None) -> Any:
    ctx = AskContext(gpu=gpu) if gpu is not None else None
    return answer(AskRequest(question=question, context=ctx), knowledge(), catalog(), TODAY)


def _sized_gpu(gpu: str) -> str:
    r = size(msgspec.convert({"model": "llama 3.1 8b", "gpu": gpu}, SizingRequest), catalog())
    assert r.gpu is not None
    return r.gpu.id


# -- 1, 2: one card for one name, on every route -----------------------------------------------

@pytest.mark.parametrize(("gpu", "card", "name", "speed"), [
    ("NVIDIA H100", "h100-sxm", "NVIDIA H100 SXM5 80GB", "136 tokens/s"),
    ("NVIDIA A100", "a100-sxm-40gb", "NVIDIA A100 SXM4 40GB", "61.7 tokens/s"),
    ("A100 SXM", "a100-sxm-40gb", "NVIDIA A100 SXM4 40GB", "61.7 tokens/s"),
    ("H100 80G", "h100-sxm", "NVIDIA H100 SXM5 80GB", "136 tokens/s"),
])
def test_a_family_name_in_the_ask_context_is_the_card_sizing_sizes(
        gpu: str, card: str, name: str, speed: str) -> None:
    r = _ask("How fast is llama 3.1 8b?", gpu)
    assert r.extracted.gpu == card
    assert f"on 1 × {name}" in head(r).replace("\xa0", " ")
    assert speed in head(r)
    assert r.follow_up is None or "Which GPU" not in r.follow_up
    ro = _ask("Cât de repede e llama 3.1 8b?", gpu)
    assert ro.lang == "ro" and ro.extracted.gpu == card
    assert name in head(ro)
    # the same card as /v1/sizing and as the question's own words
    assert _sized_gpu(gpu) == card
    assert _ask(f"How fast is llama 3.1 8b on an {gpu}?").extracted.gpu == card


def test_an_unknown_context_gpu_is_still_refused() -> None:
    with pytest.raises(NotFound) as err:
        _ask("How fast is llama 3.1 8b?", "h900")
    assert err.value.path == "$.context.gpu"
    with pytest.raises(NotFound):
        _ask("How fast is llama 3.1 8b?", "AMD 4090")  # another maker's word: no such card


def test_nvidia_h100_is_the_h100_on_every_route(client: TestClient[Any]) -> None:
    sized = client.post("/v1/sizing", json={"model": "llama 3.1 8b", "gpu": "NVIDIA H100"})
    assert sized.status_code == 200, sized.text
    assert sized.json()["gpu"]["id"] == "h100-sxm"
    said = next(a for a in sized.json()["assumptions"] if a["name"] == "gpu_variant")
    assert "sized on NVIDIA H100 SXM5 80GB, the one its alias names" in said["reason"]
    one = client.get("/v1/gpus/NVIDIA H100")
    assert one.status_code == 200 and one.json()["id"] == "h100-sxm"
    assert set(one.headers["x-gpu-variants"].split(", ")) == {"h100-sxm", "h100-pcie",
                                                              "h100-nvl"}
    listed = client.get("/v1/offers", params={"gpu": "NVIDIA H100", "limit": 500})
    assert set(listed.json()["gpu_matched"]) == {"h100-sxm", "h100-pcie", "h100-nvl"}


# -- 10: the maker's word and "80G" ---------------------------------------------------------------

@pytest.mark.parametrize(("gpu", "card", "listed"), [
    ("NVIDIA RTX 4090", "rtx-4090", {"rtx-4090"}),
    ("nvidia rtx 4090", "rtx-4090", {"rtx-4090"}),
    ("NVIDIA RTX 3090", "rtx-3090", {"rtx-3090"}),
    ("nvidia 4090", "rtx-4090", {"rtx-4090"}),
    ("A100 80G", "a100-sxm-80gb", {"a100-sxm-80gb", "a100-pcie-80gb"}),
    ("a100-80g", "a100-sxm-80gb", {"a100-sxm-80gb", "a100-pcie-80gb"}),
])
def test_vendor_prefixed_names_are_read_by_sizing_and_offers(
        client: TestClient[Any], gpu: str, card: str, listed: set[str]) -> None:
    sized = client.post("/v1/sizing", json={"model": "llama 3.1 8b", "gpu": gpu})
    assert sized.status_code == 200, sized.text
    assert sized.json()["gpu"]["id"] == card
    offers = client.get("/v1/offers", params={"gpu": gpu})
    assert offers.status_code == 200, offers.text
    assert {o["gpu"] for o in offers.json()["offers"]} == listed
    assert _ask(f"How fast is llama 3.1 8b on an {gpu}?").extracted.gpu == card


def test_every_catalog_spelling_still_names_its_card() -> None:
    reg = catalog().registry
    for g in reg.gpus.values():
        for said in (g.id, g.name, *g.aliases):
            # (by the cards' own spellings: a buyer's "RTX6000" is read as the Ada card)
            assert reg.find_gpu_label(said) is g, said
    assert reg.find_gpu("AMD 4090") is None  # a maker's word that is not the card's


# -- 3: providers' other names ---------------------------------------------------------------

@pytest.mark.parametrize(("said", "pid"), [
    ("DataCrunch", "verda"), ("Lambda Labs", "lambda"), ("lambdalabs", "lambda"),
    ("Google Cloud", "gcp"), ("Amazon", "aws"), ("Amazon Web Services", "aws"),
    ("EC2", "aws"), ("Oracle", "oci"), ("OVH", "ovhcloud"), ("NexGen Cloud", "hyperstack"),
])
def test_a_providers_other_name_filters_offers_and_recommendations(
        client: TestClient[Any], said: str, pid: str) -> None:
    r = client.get("/v1/offers", params={"provider": said, "limit": 500})
    assert r.status_code == 200, r.text
    assert r.json()["total"] > 0 and {o["provider"] for o in r.json()["offers"]} == {pid}
    rec = client.post("/v1/recommendations",
                      json={"model": "llama 3.1 8b", "providers": [said]})
    assert rec.status_code == 200, rec.text
    assert {o["offer"]["provider"] for o in rec.json()["options"]} <= {pid}


def test_datacrunch_in_a_question_is_verda() -> None:
    en = _ask("How much does an H100 cost per hour on DataCrunch?")
    assert en.answer.startswith("NVIDIA H100 SXM5 80GB costs from $1.99/h per GPU at verda")
    assert "not in the catalog" not in en.answer
    ro = _ask("Cât costă un H100 pe oră la DataCrunch?")
    assert head(ro).startswith("NVIDIA H100 SXM5 80GB costă de la 1,99\xa0USD/oră pe GPU la "
                               "verda") or head(ro).startswith(
        "NVIDIA H100 SXM5 80GB costă de la 1,99 USD/oră pe GPU la verda")
    assert "nu este în catalog" not in ro.answer
    left_out = _ask("What is the cheapest H100 excluding DataCrunch?")
    assert "Offers at verda are left out, as asked" in left_out.answer


def test_an_alias_shared_by_two_providers_is_refused_at_load(tmp_path: Path) -> None:
    from service.adapters.catalog_files import Problem
    from service.adapters.offers_files import load_providers

    (tmp_path / "providers.toml").write_text(
        '[[provider]]\nid = "a"\nname = "A"\naliases = ["Same"]\nas_of = 2026-01-01\n'
        'source = "s"\n\n[[provider]]\nid = "b"\nname = "B"\naliases = ["same"]\n'
        'as_of = 2026-01-01\nsource = "s"\n', encoding="utf-8")
    problems: list[Problem] = []
    load_providers(tmp_path / "providers.toml", problems)
    assert any("'same'" in p.message and "'a'" in p.message for p in problems), problems


# -- 4: engines in any case, by their aliases, a stand-in on both routes ---------------------------

@pytest.mark.parametrize(("said", "engine"), [
    ("vLLM", "vllm"), ("SGLang", "sglang"), ("TensorRT-LLM", "tensorrt-llm"),
    ("TRT-LLM", "tensorrt-llm"), ("trtllm", "tensorrt-llm"), ("llamacpp", "llama.cpp"),
])
def test_an_engine_is_read_in_any_case_and_by_its_aliases(
        client: TestClient[Any], said: str, engine: str) -> None:
    sized = client.post("/v1/sizing", json={"model": "llama 3.1 8b", "gpu": "H100",
                                            "engine": said})
    assert sized.status_code == 200, sized.text
    assert sized.json()["engine"] == engine
    rec = client.post("/v1/recommendations", json={"model": "llama 3.1 8b", "engine": said})
    assert rec.status_code == 200, rec.text


def test_tgi_is_planned_as_its_stand_in_by_recommendations_too(client: TestClient[Any]) -> None:
    rec = client.post("/v1/recommendations", json={"model": "llama 3.1 8b", "engine": "TGI"})
    assert rec.status_code == 200, rec.text
    said = [a for a in rec.json()["assumptions"] if a["name"] == "engine"]
    assert said and said[0]["value"] == "vllm"
    assert "Text Generation Inference is not modelled: planned as vLLM" in said[0]["reason"]
    unknown = client.post("/v1/recommendations", json={"model": "llama 3.1 8b",
                                                       "engine": "foo"})
    assert unknown.status_code == 400


# -- 9: NVLink through NVSwitch ------------------------------------------------------------------

def test_an_nvlink_filter_matches_nodes_joined_through_nvswitch(client: TestClient[Any]) -> None:
    q = {"gpu": "H100", "min_gpus": "8", "limit": "500"}
    nvlink = client.get("/v1/offers", params={**q, "interconnect": "NVLink"}).json()
    nvswitch = client.get("/v1/offers", params={**q, "interconnect": "nvswitch"}).json()
    assert nvswitch["total"] > 0
    assert {o["id"] for o in nvswitch["offers"]} < {o["id"] for o in nvlink["offers"]}
    assert {o["interconnect"] for o in nvlink["offers"]} == {"nvlink", "nvswitch"}
    assert {o["interconnect"] for o in nvswitch["offers"]} == {"nvswitch"}


# -- 14: a query parameter's 400 names it --------------------------------------------------------

@pytest.mark.parametrize(("url", "path", "message"), [
    ("/v1/offers?gpus=h100", "$.gpus", "not a parameter of this route (did you mean gpu"),
    ("/v1/offers?gpu=h100&gpu=a100", "$.gpu", "given 2 times; it takes one value"),
    ("/v1/models?kind=llm&kind=llm", "$.kind", "given 2 times"),
])
def test_a_query_parameters_400_names_its_path(client: TestClient[Any], url: str, path: str,
                                                message: str) -> None:
    r = client.get(url)
    assert r.status_code == 400
    errors = r.json()["errors"]
    assert [e["path"] for e in errors] == [path]
    assert errors[0]["message"].startswith(message)
