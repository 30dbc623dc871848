"""Per-user comparisons and left-out offers (audit regress13 items 3, 4 and 13).

- 2 replicas of one A10G were priced as AWS's 4-GPU machine ($5.67/h, $408.38 a month per
  user); two 1-GPU machines at $1.006/h each cost $2.01/h, $144.86 a month per user.
- 3 x RTX 3090 for Qwen 2.5 32B at 30 users was left out as "fits with 11.2% free, under the
  10% headroom": 11.2 % is over 10 %; the recommendations ranked it only as 3 replicas of 1
  GPU (21.2 GiB for one request over the 19.4 GiB limit), which is said now.
- 4 x H200 was "faster per user" with the later first token (2,257 against 1,734 ms; 2,017
  against 1,884 ms since the serving start transient and round 14).
- "722 tokens/s in all" beside 15.4 tokens/s per user for 50 users is the closed loop with each
  request's first-token wait (50 x 512 / (2.257 s + 511 / 15.4)), said so (724 beside 15.3
  and 2,017 ms since).
"""

from __future__ import annotations

import re

from tests.unit.ask_fixtures import ask, head


def test_replicas_of_one_gpu_are_priced_as_separate_machines() -> None:
    text = head(ask("Is an L40S worth it over an A10G for Llama 3.1 8B at 10 users?"))
    # 2 x $1.006/h = $2.012/h; x 720 h = $1,448.64; / 10 users = $144.86
    assert ("2 × NVIDIA A10G 24GB (AWS) hold them all, about $1,449/month ($2.01/h at aws, "
            "2 separate machines of 1 × NVIDIA A10G 24GB (AWS) with 1 replica on each") \
        in text, text
    # (named as rented: fix/cmpttft)
    assert "2 instances of 1 × NVIDIA A10G 24GB (AWS) about $144.86/month per user" in text, text
    assert "$408.38" not in text and "$5.67/h" not in text, text


def test_replicas_priced_apart_in_romanian() -> None:
    text = head(ask("Merită să iau un L40S în loc de un A10G pentru Llama 3.1 8B la 10 "
                    "utilizatori?")).replace("\u00a0", " ")
    assert "2,01 USD/oră la aws, 2 mașini separate cu 1 × NVIDIA A10G 24GB (AWS), cu 1 replică " \
           "pe fiecare" in text, text
    assert "144,86 USD/lună per utilizator" in text, text


def test_left_out_never_calls_a_share_over_the_headroom_under_it() -> None:
    # re-pinned: start transient + round 14: input changed. 4 x RTX 3090 at vast ($0.64/h)
    # now meets the first-token target at 30 users and leads, so the $0.66/h 3 x RTX 3090 is
    # no cheaper offer; with vast left out the lead is 2 x L40S ($0.76/h) and the row is back
    r = ask("What's the cheapest way to serve Qwen 2.5 32B to 30 users, not on vast?")
    text = head(r)
    for free, room in re.findall(r"fits with ([\d.]+)% of each GPU's memory free, under the "
                                 r"([\d.]+)% headroom", text):
        assert float(free) < float(room), text
    row = re.search(r"3 × NVIDIA GeForce RTX 3090 24GB at lium \(\$0\.66/h, on-demand\): [^;]*;"
                    r"[^;.]*", text)
    assert row is not None, text
    assert ("ranked only as 3 replicas (1 GPU per replica), where one replica needs 21.2 GiB per "
            "GPU for a single request, over the 19.4 GiB the 10% headroom leaves; /v1/sizing "
            "runs it as a 3-stage pipeline that holds them all with 11.2% of each GPU's memory "
            "free") in text, text


def test_faster_per_token_but_later_first_token_is_said_so() -> None:
    text = head(ask("Is H200 worth it over H100 for Llama 3.1 70B at 100 users?"))
    # re-pinned: start transient + round 14 (was 15.4 against 14.6, 2,257 against 1,734 ms)
    # re-pinned again (fix/cmpttft): the H200 side is the recommendations' one replica of 4,
    # as 2 replicas of 2 miss the 2 s default first token (2,017 ms)
    assert ("4 × NVIDIA H200 SXM 141GB, dearer, is faster per token but slower to the first "
            "token: about 15.8 against 14.6 tokens/s per user, the first token in about 1,998 "
            # $20.74 at vast's 4 x H200 (was $3.67 at Prime Intellect's copy of Verda's machine
            # below Verda's own price, doubted since: buyer audit 25a #4)
            "against 1,884 ms, for $20.74/month more per user") in text, text
    assert "is faster per user" not in text, text
    ro = head(ask("Merită să iau H200 în loc de H100 pentru Llama 3.1 70B la 100 de "
                  "utilizatori?"))
    assert "e mai rapid per token, dar mai lent la primul token" in ro, ro


def test_a_dearer_setup_faster_on_both_counts_stays_faster_per_user() -> None:
    text = head(ask("Should I pick H200 instead of H100 for Llama 3.1 70B at 50 users?"))
    # 4 x H100: 23.6 tokens/s and 1,093 ms against 2 x H200's 15.3 and 2,017 ms (re-pinned:
    # start transient + round 14; were 23.7 and 1,240 ms against 15.4 and 2,257 ms)
    assert "4 × NVIDIA H100 SXM5 80GB, dearer, is faster per user: about 23.6 against 15.3" \
        in text, text


def test_tokens_in_all_is_the_closed_loop_with_first_token_waits() -> None:
    text = head(ask("Should I pick H200 instead of H100 for Llama 3.1 70B at 50 users?"))
    m = re.search(r"2 × NVIDIA H200 SXM 141GB about ([\d.]+) tokens/s per user, the first "
                  r"token in about ([\d,]+) ms, ([\d,]+) tokens/s in all, each request's wait "
                  r"for its first token counted", text)
    assert m is not None, text
    tps, ttft, total = float(m[1]), float(m[2].replace(",", "")), float(m[3].replace(",", ""))
    assert total == 724, text  # re-pinned: start transient + round 14 (was 722)
    # 50 requests of 512 tokens, each its first-token wait then 511 more at the per-user speed
    assert abs(50 * 512 / (ttft / 1000 + 511 / tps) - total) < 3, (tps, ttft, total)
    assert 50 * tps > total + 40  # 770 would leave the waits out
