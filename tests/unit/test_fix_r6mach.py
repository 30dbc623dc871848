"""Machine prices and machine readings (audit regress6 #7, #9, #10;
/tmp/audit/prompt_fix_r6mach.md):

7. A stale or doubted N-GPU machine that leads says so in its lead, with the provider's dated
   rate x the count where there is one (DigitalOcean's 8 x MI300X: $2.59 x 8 = $20.72/h);
   the doubt was only in the trailing warnings.
9. Nodes counted with an "N-GPU" size ("2 x 8-GPU H100 nodes", "two 8-GPU H100 machines",
   "2 nodes of 8-GPU H100 servers", "405B on 2 nodes of 8 H100") are that many machines of
   that size: one machine, or 16 single-GPU machines, were priced.
10. One GPU of a machine ("1 of the 8 GPUs", "1 H100 out of an 8-GPU server", "one GPU")
   is answered for one GPU; "2 GPUs per node and 4 nodes" is 8 GPUs."""

from __future__ import annotations

import functools

import pytest

from service.adapters.catalog_files import load_registry
from service.domain.answer.intent import stated
from service.domain.catalog.registry import Registry
from service.paths import default_data_dir
from tests.unit.ask_fixtures import ask, asked, first_sentence, head, machine_price


@functools.cache
def registry() -> Registry:
    return load_registry(default_data_dir("catalog")).registry


# -- 7. doubt in the lead ----------------------------------------------------------------------

def test_stale_doubted_machine_says_so_in_the_lead_with_the_dated_rate() -> None:
    r = ask("An 8-GPU MI300X node: price per hour?")
    lead = first_sentence(r)
    assert "$15.92/h at digitalocean" in lead
    assert "doubted" in lead and "days old" in lead
    # DigitalOcean's own 1 x MI300X at $2.59 (2026-10-07) x 8
    assert "$2.59/h per GPU" in lead and "$20.72/h for 8" in lead
    # a trusted machine set that makes up the 8 follows: RunPod's $9.16 per 4 GPUs, one pod
    # of 8 at that rate (providers.toml any_gpu_count; it read "2 machines of 4", audit
    # leftask #1)
    assert "$18.32/h at runpod, one pod of 8 ×" in head(r)


def test_stale_doubted_machine_ro() -> None:
    lead = first_sentence(ask("Cât costă un nod cu 8 MI300X pe oră?"))
    assert "îndoielnic" in lead and "20,72\u00a0USD/oră pentru 8" in lead


def test_doubted_machine_at_named_provider_says_so_in_the_lead() -> None:
    # (Lambda's $31.92 was the example: no longer doubted, buyer audit 25a #4)
    lead = first_sentence(ask("H100 8 GPU node price on Hyperstack?"))
    assert "$19.20/h at hyperstack" in lead and "doubted" in lead


def test_doubted_rate_said_once_in_the_lead() -> None:
    h = head(ask("8-GPU H100 node on Nebius: price per hour?"))
    assert "$36.00/h for 8" in first_sentence(ask("8-GPU H100 node on Nebius: price per hour?"))
    assert h.count("$36.00/h for 8") == 1


# -- 9. several nodes of a size ----------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "Price for 2 x 8-GPU H100 nodes?",
    "How much do two 8-GPU H100 machines cost per hour?",
    "Price of 2 nodes of 8-GPU H100 servers per hour?",
])
def test_nodes_of_a_size_are_that_many_machines(question: str) -> None:
    r = ask(question)
    assert "2 machines of 8 × NVIDIA H100 SXM5 80GB cost about" in first_sentence(r)
    q, value, unit = asked(r)
    assert (q, unit) == ("per_hour_usd", "USD/h")
    assert value == pytest.approx(2 * machine_price("h100-sxm", 8))  # lium 2 x $14.00


def test_model_on_nodes_of_a_size_is_priced_on_those_machines() -> None:
    r = ask("Llama 3.1 405B on 2 nodes of 8 H100: price per hour?")
    lead = first_sentence(r)
    assert "2 machines of 8 × NVIDIA H100 SXM5 80GB" in lead
    assert "16 machines of 1 ×" not in head(r)
    assert asked(r)[1] == pytest.approx(2 * machine_price("h100-sxm", 8))


@pytest.mark.parametrize(("question", "nodes"), [
    ("Price for 2 x 8-GPU H100 nodes?", (2, 8)),
    ("How much do two 8-GPU H100 machines cost per hour?", (2, 8)),
    ("Price of 2 nodes of 8-GPU H100 servers per hour?", (2, 8)),
    ("I have 2 GPUs per node and 4 nodes of A100s; how fast is Llama 3.1 70B?", (4, 2)),
    ("Cât costă 2 noduri de 8 GPU-uri H100 pe oră?", (2, 8)),
])
def test_nodes_read(question: str, nodes: tuple[int, int]) -> None:
    assert stated(question, registry()).nodes == nodes


# -- 10. one GPU of a machine ------------------------------------------------------------------

def test_one_of_the_machines_gpus_is_one_gpu() -> None:
    lead = first_sentence(ask("Run Llama 3.1 8B on 1 of the 8 GPUs in my H100 server: tokens/s?"))
    assert "on 1 × NVIDIA H100 SXM5 80GB" in lead
    assert "8 ×" not in lead


def test_one_gpu_out_of_a_server_is_a_speed_answer() -> None:
    r = ask("Can 1 H100 out of an 8-GPU server run Llama 3.1 8B? How fast?")
    assert r.intent == "speed"
    assert "on 1 × NVIDIA H100 SXM5 80GB generates about" in first_sentence(r)


def test_one_gpu_of_a_server_holds_its_own_users() -> None:
    lead = first_sentence(ask("Our 8-GPU A100 server runs Llama 3.1 8B; how many users can "
                              "one GPU handle?"))
    assert lead.startswith("On 1 × NVIDIA A100")


def test_gpus_per_node_times_nodes() -> None:
    lead = first_sentence(ask("I have 2 GPUs per node and 4 nodes of A100s; how fast is "
                              "Llama 3.1 70B?"))
    assert "at bf16 on 8 × NVIDIA A100" in lead


def test_a_single_gpu_machine_is_not_one_of_a_machine() -> None:
    st = stated("An 8-GPU MI300X node: price per hour?", registry())
    assert not st.one_of_machine and st.machine_gpus == 8
