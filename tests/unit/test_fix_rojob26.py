"""Romanian training jobs read as the English ones are (audit rojob):

1. "cât costă un fine-tuning QLoRA pentru llama 3.1 70b pe 50 de milioane de tokeni, cu 2 TB
   trafic de ieșire?" was a month of serving at 24 h/day (684,55 USD/lună on 4 × RTX A6000)
   where English answered the run ($16.81 on 4 × MI300X at runpod, 2.8 hours at 5,032
   tokens/s, the 2,000 GB sent out for nothing). The run's size was not read with the "de"
   Romanian writes between a number from 20 on and its scale ("50 de milioane"), so the egress
   made it a storage and egress question. Now the same run is answered, in Romanian.
2. A run sized by its examples or preference pairs, with egress ("... on 200,000 examples of
   512 tokens, with 1 TB egress"), was that month in both languages (188.61 USD): now the run.
3. "tokenuri" (Romanian's other plural of "token") was no count of tokens: "cât durează ... pe
   100 de milioane de tokenuri pe un H100" answered the training rate alone, and "cât costă să
   procesez 100 de milioane de tokenuri" an hour's price; now as with "tokeni".
4. "a 500M-token LoRA fine-tune ... with 1 TB egress" was the same month: now the run."""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, asked, head

EN_QLORA_70B = ("how much does a QLoRA fine-tune of llama 3.1 70b on 50 million tokens cost, "
                "with 2 TB of egress?")


def test_ro_qlora_70b_with_egress_is_the_run() -> None:
    r = ask("cât costă un fine-tuning QLoRA pentru llama 3.1 70b pe 50 de milioane de tokeni, "
            "cu 2 TB trafic de ieșire?")
    first = head(r)
    assert r.lang == "ro" and r.intent == "finetune", (r.intent, first)
    assert first.startswith("Fine-tuning QLoRA pentru Meta Llama 3.1 70B pe 50.000.000 de "
                            "tokeni costă aproximativ 16,81\xa0USD pe 3 × AMD Instinct MI300X "
                            "192GB la runpod"), first
    # re-pinned (fix nodeprice: runpod rents a pod of any GPU count, any_gpu_count): was 4 x
    # MI300X, 2.8 h at 5,032 tokens/s, the same 16.81 USD
    assert "aproximativ 3,7 ore la 3.774 de tokeni/s" in first, first
    assert "Trimiterea unică a 2.000 GB în afară nu adaugă nimic" in first, first
    assert "/lună" not in first and "24 h/zi" not in first, first
    assert asked(r) == asked(ask(EN_QLORA_70B))


@pytest.mark.parametrize(("en", "ro"), [
    (EN_QLORA_70B,
     "cat costa un fine-tuning QLoRA pentru llama 3.1 70b pe 50 de milioane de tokenuri, cu 2 "
     "TB trafic de iesire?"),
    (EN_QLORA_70B,
     "cât costă ajustarea fină QLoRA a llama 3.1 70b pe 50 de milioane de tokeni, cu 2 TB "
     "trafic de ieșire?"),
    ("how long does a QLoRA fine-tune of llama 3.1 70b on 50 million tokens take, with 2 TB of "
     "egress?",
     "cât durează un fine-tuning QLoRA pentru llama 3.1 70b pe 50 de milioane de tokeni, cu 2 TB "
     "trafic de ieșire?"),
    ("how much does a QLoRA fine-tune of llama 3.1 70b on 50 million tokens cost on an H100, "
     "with 2 TB of egress?",
     "cât costă un fine-tuning QLoRA pentru llama 3.1 70b pe 50 de milioane de tokeni pe H100, "
     "cu 2 TB trafic de ieșire?"),
    ("how much does a LoRA fine-tune of llama 3.1 8b on 50 million tokens cost, with 1 TB of "
     "storage and 500 GB of egress?",
     "cât costă un fine-tuning LoRA pentru llama 3.1 8b pe 50 de milioane de tokeni, cu 1 TB de "
     "stocare și 500 GB trafic de ieșire?"),
    ("how much does a DPO run of llama 3.1 8b on 20k pairs of 1024 tokens cost, with 1 TB "
     "egress?",
     "cât costă un DPO pentru llama 3.1 8b pe 20.000 de perechi de 1024 de tokeni, cu 1 TB "
     "trafic de ieșire?"),
    ("how long does a LoRA fine-tune of llama 3.1 8b on 100 million tokens take on an H100?",
     "cat dureaza un fine-tuning LoRA pentru llama 3.1 8b pe 100 de milioane de tokenuri pe un "
     "H100?"),
    ("how much does it cost to process 100 million tokens with llama 3.1 8b?",
     "cât costă să procesez 100 de milioane de tokenuri cu llama 3.1 8b?"),
])
def test_ro_job_answers_as_en(en: str, ro: str) -> None:
    r_en, r_ro = ask(en), ask(ro)
    assert r_ro.lang == "ro"
    assert r_ro.intent == r_en.intent, (r_ro.intent, head(r_ro))
    q_en, v_en, u_en = asked(r_en)
    q_ro, v_ro, u_ro = asked(r_ro)
    assert (q_ro, u_ro) == (q_en, u_en), head(r_ro)
    assert v_ro == pytest.approx(v_en), head(r_ro)
    assert q_ro != "per_month_usd", head(r_ro)


@pytest.mark.parametrize("question", [
    "how much does a LoRA fine-tune of llama 3.1 8b on 200,000 examples of 512 tokens cost, "
    "with 1 TB egress?",
    "cât costă un fine-tuning LoRA pentru llama 3.1 8b pe un set de 200.000 de exemple de 512 "
    "tokeni, cu 1 TB trafic de ieșire?",
])
def test_examples_with_egress_is_the_run(question: str) -> None:
    r = ask(question)
    first = head(r)
    assert r.intent == "finetune", (r.intent, first)
    assert ("102,400,000 (200,000 examples × 512 tokens" in first
            or "102.400.000 (200.000 de exemple × 512 tokeni" in first), first
    assert ("$3.29 on 1 × AMD Instinct MI300X 192GB at runpod" in first
            or "3,29\xa0USD pe 1 × AMD Instinct MI300X 192GB la runpod" in first), first
    q, v, _ = asked(r)
    assert q == "per_job_usd" and v == pytest.approx(3.29, abs=0.01)


def test_hyphenated_token_count_with_egress_is_the_run() -> None:
    # "a 500M-token ... fine-tune" sizes the run as "on 500 million tokens" does (it was a
    # month at 24 h/day, 188.61 USD, as the Romanian "50 de milioane" was)
    r = ask("cost of a 500M-token LoRA fine-tune of llama 3.1 8b with 1 TB egress?")
    assert r.intent == "finetune", (r.intent, head(r))
    assert asked(r) == asked(ask("how much does a LoRA fine-tune of llama 3.1 8b on 500 million "
                                 "tokens cost, with 1 TB egress?"))
