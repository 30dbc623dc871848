"""Readers of a Slack Block Kit message, shared by the Slack tests (test_fix_slack.py and
test_fix_slack_web.py held the same two functions; the table reader stood in four)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from service.adapters.slack.render import Message


def all_text(msg: Message) -> str:
    """Every text of ``msg``'s blocks and their elements, one per line, no-break spaces plain."""
    out = []
    for b in msg["blocks"]:
        if b.get("text"):
            out.append(b["text"]["text"])
        for e in b.get("elements") or []:
            t = e.get("text")
            out.append(t if isinstance(t, str) else (t or {}).get("text", ""))
    return "\n".join(out).replace("\u00a0", " ")


def link_params(msg: Message) -> dict[str, str] | None:
    """The query of the first actions block's link (the web page's parameters), or None."""
    for b in msg["blocks"]:
        if b["type"] == "actions":
            q = parse_qs(urlparse(b["elements"][0]["url"]).query)
            return {k: v[0] for k, v in q.items()}
    return None


def table_rows(msg: Message) -> dict[str, str]:
    """The first code block's table (the numbers under an answer) as label -> value."""
    table = all_text(msg).split("```")[1]
    out: dict[str, str] = {}
    for line in table.strip("\n").splitlines():
        label, _, value = line.partition("  ")
        if label.strip():
            out[label.strip()] = value.strip()
    return out
