"""Audit buyer21 #1, the singular form: one GPU named for many users with a per-user target.

"run llama 3.1 70b fp8 on H100 for 200 users, ITL below 30ms" answered "No: ... no count of
NVIDIA H100 SXM5 80GB up to 8 in one machine meets it" and stopped there, while the plural
form ("on h100s", fix/latmulti) answers 20 x H100 (5 instances of 4 x H100) at 34.7 tokens/s
per user. The No stays (one machine does not meet it) and the multi-instance count that meets
every target follows it, by the same rule and with the same figures as the plural form."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, head

_FLEET = re.compile(r"(\d+) × (NVIDIA [^(,:;.]+?) \((\d+) (?:instances of|instanțe de) (\d+) × "
                    r"[^)]+\)(?: (?:at|la) (\w+))?: (?:about|aproximativ) ([\d.,]+) ")


def _fleet(text: str) -> tuple[int, str, int, int, str | None, str]:
    """The multi-instance count said: (GPUs, GPU, instances, GPUs each, precision where said
    after it, tokens/s per user as written)."""
    m = _FLEET.search(text)
    assert m is not None, text
    return (int(m.group(1)), m.group(2).strip(), int(m.group(3)), int(m.group(4)),
            m.group(5), m.group(6))


@pytest.mark.parametrize(("single", "plural", "no"), [
    ("run llama 3.1 70b fp8 on H100 for 200 users, ITL below 30ms",
     "run llama 3.1 70b fp8 on h100s for 200 users, ITL below 30ms", "No"),
    ("Qwen2.5 32B on an A100 80GB for 80 users, ITL < 40ms",
     "deploy Qwen2.5 32B on A100s for 80 users with ITL < 40ms", "No"),
    ("rulez llama 3.1 70b fp8 pe un H100 pentru 200 de utilizatori, latență între tokeni "
     "sub 30 ms",
     "rulez llama 3.1 70b fp8 pe H100-uri pentru 200 de utilizatori, latență între tokeni "
     "sub 30 ms", "Nu"),
])
def test_one_gpu_named_says_no_then_the_multi_instance_count(
        single: str, plural: str, no: str) -> None:
    r, p = ask(single), ask(plural)
    text = head(r)
    # the one machine's No is kept: no count of that GPU in one machine meets it
    assert r.intent == "speed", text
    assert text.startswith(no + ":"), text
    assert asked(r)[1] is not None and asked(r)[0] != "gpu_count", text
    n, gpu, instances, each, weights, tps = _fleet(text)
    assert n == instances * each and instances > 1, text  # over several machines
    # the same count, layout, precision and speed as the plural form's count answer
    quantity, value, _ = asked(p)
    assert quantity == "gpu_count" and value == n, (text, head(p))
    pn, pgpu, pinst, peach, _, ptps = _fleet(head(p))
    assert (pn, pgpu, pinst, peach, ptps) == (n, gpu, instances, each, tps), (text, head(p))
    assert weights is not None and re.search(rf" (?:at|la) {weights} ", head(p)), head(p)
    # its offer is among the answer's numbers (its price is sourced)
    assert any(o.gpu_count * o.nodes == n for o in r.numbers.recommendations), text


def test_one_request_keeps_the_one_machine_answer() -> None:
    """One user: more instances do not speed one request up; no fleet is said."""
    text = head(ask("run llama 3.1 70b fp8 on H100, ITL below 20ms"))
    assert "instances of" not in text, text
