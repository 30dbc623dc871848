"""The ranked offers' list names each offer's own instance with the GPUs that instance has
("aws g6.xlarge (2 instances of 1 × NVIDIA L4 24GB)"), not the option's total under a one-GPU
instance's name ("aws g6.xlarge (2 × NVIDIA L4 24GB)": a g6.xlarge has one L4)."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, catalog, head


def test_an_option_of_two_instances_is_listed_as_two_instances() -> None:
    r = ask("Which is cheaper for serving Llama 3.1 8B to 20 users: AWS or Lambda?")
    assert r.numbers is not None
    multi = [o for o in r.numbers.recommendations if o.nodes > 1]
    assert multi, "the AWS side is two one-GPU instances"
    text = head(r)
    for o in multi:
        offer = catalog().offers_by_id[o.offer_id]
        assert (f"{o.provider} {offer.instance_type} ({o.nodes} instances of {o.gpu_count} × "
                in text), text
        assert f"{offer.instance_type} ({o.nodes * o.gpu_count} × " not in text, text


def test_romanian_says_instances_too() -> None:
    r = ask("Care e mai ieftin pentru servirea Llama 3.1 8B la 20 de utilizatori: AWS sau "
            "Lambda?")
    assert r.numbers is not None
    multi = [o for o in r.numbers.recommendations if o.nodes > 1]
    assert multi
    text = head(r)
    assert any(f"({o.nodes} instanțe de {o.gpu_count} × " in text for o in multi), text
