"""A rate answered with one GPU says its capacity in the singular ("It handles about ... it
stays under 80% busy"): "Together they handle" was said of 1 x V100."""

from tests.unit.ask_fixtures import ask


def test_one_gpu_capacity_is_singular() -> None:
    r = ask("which gpu to generate 1000 sdxl images per day?")
    assert "needs 1 × " in r.answer, r.answer
    # (the share busy said beside the rule since audit slips27 #3)
    assert "It handles about " in r.answer and "it runs about " in r.answer, r.answer
    assert "busy, under the 80% a count allows" in r.answer, r.answer
    assert "Together they handle" not in r.answer
    ro = ask("ce GPU pentru 1000 de imagini SDXL pe zi?")
    assert "Procesează cel mult aproximativ " in ro.answer and "este ocupat" in ro.answer, \
        ro.answer


def test_several_gpus_capacity_is_plural() -> None:
    r = ask("how many gpus to generate 10 sdxl images per second?")
    assert "Together they handle about " in r.answer, r.answer
