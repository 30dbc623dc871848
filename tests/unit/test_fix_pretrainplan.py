"""Pre-training answers plan a run a team would run: the GPU-hours of the fewest GPUs that
hold it still lead, but where that run takes over 30 days and no deadline is stated, the
plan that finishes within 30 days (whole machines of 8, at the multi-node rate) is said in
the answer (it said "2 × H100 for about 23,297 hours", 2.7 years, the plan only in a
warning). A feasibility question with a budget opens with its Yes or No and the budget's
share (it said "$7,152 on 4 × B200" with no word of the $50k budget)."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, asked, first_sentence, head


def test_gpu_hours_keep_the_lead_and_say_the_30_day_plan() -> None:
    r = ask("pretrain an 8B model on 1T tokens: GPU-hours and cost on H100s?")
    assert first_sentence(r).startswith("About 46,593 GPU-hours of NVIDIA H100 SXM5 80GB")
    assert asked(r)[0] == "gpu_hours"
    text = head(r)
    assert ("No deadline was stated, and on 2 × NVIDIA H100 SXM5 80GB, the fewest that hold "
            "the run, it takes about 971 days: a plan that finishes within 30 days is 56 × "
            "NVIDIA H100 SXM5 80GB (7 machines of 8), about 26.0 days") in text
    assert "GPU-hours, for about $" in text
    # the plan precedes the fewest GPUs' own figures, which stay (the minimum setup)
    assert text.index("a plan that finishes within 30 days") < text.index("about $61,539")
    assert "over 30 days" not in r.answer  # no longer only a warning


def test_gpu_hours_plan_in_romanian() -> None:
    text = head(ask("pre-antrenare 8B pe 1T de tokeni pe H100: câte ore GPU și cât costă?"))
    assert text.startswith("Aproximativ 46.593 de ore-GPU de NVIDIA H100 SXM5 80GB")
    assert ("un plan care se încheie în cel mult 30 de zile este 56 × NVIDIA H100 SXM5 80GB "
            "(7 mașini a câte 8)") in text


def test_one_gpu_that_holds_a_long_run_gets_the_30_day_plan() -> None:
    r = ask("pre-train a 1B model on 100B tokens on A100s")
    assert first_sentence(r).startswith("To pre-train Meta Llama 3.2 1B (full) on "
                                        "100,000,000,000 tokens within 30 days takes 8 × "
                                        "NVIDIA A100 SXM4 40GB")
    assert "On 1 × NVIDIA A100 SXM4 40GB at verda it takes about 72.5 days" in head(r)


def test_budget_feasibility_says_yes_and_the_share() -> None:
    r = ask("pre-training a 3B llama style model on 300B tokens with a budget of $50k, "
            "feasible?")
    text = head(r)
    assert text.startswith("Yes: pre-training Meta Llama 3.2 3B")
    assert "That is about 14% of your total budget of $50,000." in text


def test_budget_feasibility_says_no_when_over() -> None:
    text = head(ask("pre-training a 3B model on 300B tokens with a budget of $5k, is it "
                    "feasible?"))
    assert text.startswith("No: pre-training Meta Llama 3.2 3B")
    assert "That is about 143% of your total budget of $5,000: over it by about $2,152." in text


def test_budget_feasibility_in_romanian() -> None:
    text = head(ask("pre-antrenare model 3B stil llama pe 300B de tokeni cu un buget de 50k$, "
                    "e fezabil?"))
    assert text.startswith("Da: preantrenarea Meta Llama 3.2 3B")
    assert "Asta înseamnă aproximativ 14% din bugetul total de 50.000\xa0USD." in text


def test_cost_without_budget_is_unchanged() -> None:
    text = head(ask("how much does it cost to pretrain a 3B model on 300B tokens?"))
    assert text.startswith("Pre-training Meta Llama 3.2 3B")
    assert "budget" not in text
