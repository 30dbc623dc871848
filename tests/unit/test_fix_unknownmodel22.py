"""/v1/ask on a video or image model the catalog has no entry for (audit round 22,
unknownmodel): "Stable Video Diffusion: seconds per clip on an A100?" matched no catalog name
and got a guidance passage about Wan and HunyuanVideo alone, numbers null and no reason; the
same for "Playground v2.5" and "Kandinsky 3". Such a model is now said unknown, as F5-TTS or
nomic-embed-text are, with the catalog's models of the same kind (video models for a video
model, image models for an image model), in English and Romanian. Catalogued video and image
models are still answered as themselves."""

from __future__ import annotations

import pytest

from service.domain.answer.understand import unknown_model
from tests.unit.ask_fixtures import ask, catalog, head


def _of_modality(modality: str) -> set[str]:
    return {m.name for m in catalog().registry.models.values()
            if m.kind == "diffusion" and m.modality == modality}


@pytest.mark.parametrize(("q", "written", "modality"), [
    ("Stable Video Diffusion: seconds per clip on an A100?", "Stable Video Diffusion", "video"),
    ("Stable Video Diffusion XT pe A100: cât durează un clip?", "Stable Video Diffusion XT",
     "video"),
    ("How much VRAM for Stable Video Diffusion?", "Stable Video Diffusion", "video"),
    ("SVD-XT on an H100: how long per clip?", "SVD-XT", "video"),
    ("AnimateDiff on a 4090: seconds per clip?", "AnimateDiff", "video"),
    ("Playground v2.5 on an L4: seconds per image?", "Playground v2.5", "image"),
    ("Playground v2.5 pe L4: câte secunde pe imagine?", "Playground v2.5", "image"),
    ("Kandinsky 3 on an A100: seconds per image?", "Kandinsky 3", "image"),
    ("Cât VRAM îi trebuie lui Kandinsky 3?", "Kandinsky 3", "image"),
])
def test_an_uncatalogued_media_model_is_said_unknown_with_models_of_its_kind(
        q: str, written: str, modality: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(("I don't know the model “" + written + "”: did you mean ",
                            "Nu cunosc modelul „" + written + "”: v-ați referit la ")), r.answer
    said = text.split("?")[0].split(": ", 1)[1]
    same = [n for n in _of_modality(modality) if n in said]
    assert len(same) == 3, text  # three of the catalog's models of the same kind
    other = "image" if modality == "video" else "video"
    assert not [n for n in _of_modality(other) if n in said], text
    assert r.numbers is None or r.numbers.sizing is None, r.answer


@pytest.mark.parametrize(("q", "written", "kind_ids"), [
    ("Stable Video Diffusion 1.1 on an A100", "stable video diffusion 1.1", "video"),
    ("Kandinsky 2.2 on an L4", "kandinsky 2.2", "image"),
    # a version number only: "Kandinsky for 30 images" names no version 30
    ("Kandinsky 30 images per minute on an L4?", "kandinsky", "image"),
])
def test_unknown_model_reads_the_name_as_written(q: str, written: str, kind_ids: str) -> None:
    found = unknown_model(q, catalog().registry)
    assert found is not None
    assert found[0].lower() == written
    models = catalog().registry.models
    assert found[1] and all(models[i].modality == kind_ids for i in found[1]), found


@pytest.mark.parametrize(("q", "lead"), [
    ("Mochi 1 on an H100: seconds per clip?", "Genmo Mochi 1"),
    ("Wan 2.1 14B on an H100: seconds per clip?", "Wan 2.1 T2V 14B"),
    ("CogVideoX-5B pe A100: cât durează un clip?", "CogVideoX-5B"),
    ("HunyuanVideo on an H100: seconds per clip?", "HunyuanVideo"),
    ("SDXL on an L4: seconds per image?", "Stable Diffusion XL 1.0"),
    ("Stable Diffusion 3.5 Large on an A100: seconds per image?", "Stable Diffusion 3.5 Large"),
])
def test_catalogued_media_models_are_still_answered_as_themselves(q: str, lead: str) -> None:
    r = ask(q)
    assert head(r).startswith(lead), r.answer
    assert unknown_model(q, catalog().registry) is None
