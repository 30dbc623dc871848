"""The web page's Romanian texts put "de" between a number and its noun as the rest of the
service does ("20 de noduri", "5 noduri"). The page fills the ``[web]`` templates of
knowledge/messages/ro.toml in the browser (service/web/app.js ``t``), so the rule of
``service.domain.locale.romanian_de`` is written again there (``romanianDe``); the same table of
cases runs through both here, and every ``[web]`` template is rendered by app.js's own ``t``
(under Node, when it is installed) with numbers that take "de" and numbers that do not."""

from __future__ import annotations

import json
import re
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.locale import romanian_de

APP_JS = Path(__file__).resolve().parents[2] / "service" / "web" / "app.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: app.js not run")

# (text as a template writes it, text as the page must show it): the rule of
# locale.romanian_de, which app.js's romanianDe must follow case for case.
CASES: tuple[tuple[str, str], ...] = (
    ("20 de noduri", "20 de noduri"),
    ("5 de noduri", "5 noduri"),
    ("19 de oferte", "19 oferte"),
    ("100 de oferte", "100 de oferte"),
    ("119 de oferte", "119 oferte"),
    ("137 de oferte", "137 de oferte"),
    ("1.205 de GPU-uri", "1.205 GPU-uri"),
    ("5.387 de GPU-uri", "5.387 de GPU-uri"),
    ("32.768 de tokeni", "32.768 de tokeni"),
    ("3 de noduri, 24 de GPU-uri în total", "3 noduri, 24 de GPU-uri în total"),
    ("5 de noduri, 7 de oferte", "5 noduri, 7 oferte"),
    ("(5 de noduri)", "(5 noduri)"),
    ("Încape pe 7 de tipuri de GPU", "Încape pe 7 tipuri de GPU"),
    ("0,5 de ore", "0,5 ore"),
    ("19,5 de ore", "19,5 ore"),
    ("79,0 de tokeni/s", "79,0 tokeni/s"),     # no decimal takes "de" ("21,4 zile")
    ("1.234,5 de ore", "1.234,5 ore"),
    ("5 de ștergeri", "5 ștergeri"),          # a noun that starts with a non-ASCII letter
    ("512 de ieșire", "512 de ieșire"),        # "[tokeni] de ieșire": the "de" is the noun's
    ("5 de intrare", "5 de intrare"),
    ("H105 de noduri", "H105 de noduri"),      # inside a name, not a count
    ("ă5 de noduri", "ă5 de noduri"),          # after a non-ASCII letter, too
    ("5 de 20", "5 de 20"),                    # "de" before a number, not a noun
    ("#5 de oferte", "#5 oferte"),
    ("0 de GPU-uri", "0 GPU-uri"),            # zero takes no "de" (N. Forăscu), 100 and 1.000 do
    ("1.000 de tokeni", "1.000 de tokeni"),
)

# Romanian counted nouns (plural, as after a number) that the [web] templates use or may use;
# not units (GiB, $, ×).
_NOUNS = (r"noduri|GPU-uri|GPU|oferte|tipuri|tokeni|cereri|utilizatori|ore|zile|minute"
          r"|secunde|imagini|videoclipuri|instanțe|configurații|furnizori")
_BARE = re.compile(rf"(?<![\w.,^])(\d{{1,3}}(?:\.\d{{3}})*(?:,\d+)?) (?:{_NOUNS})(?![\w-])")
_WRONG_DE = re.compile(
    rf"(?<![\w.,^])(\d{{1,3}}(?:\.\d{{3}})*(?:,\d+)?) de (?:{_NOUNS})(?![\w-])")
NUMBERS = ("5", "20", "119", "137", "1.205", "5.387", "0,5", "79,0")


def _takes_de(number: str) -> bool:
    if "," in number:
        return False  # a decimal takes no "de" ("21,4 zile", "79,0 tokeni/s")
    return not 1 <= int(number.replace(".", "")) % 100 <= 19


def _web(lang: str) -> dict[str, str]:
    return {k: v for k, v in shipped_messages().section(lang, "web").items()
            if isinstance(v, str)}


def _filled(template: str, number: str) -> dict[str, str]:
    return {name: number for _, name, _, _ in string.Formatter().parse(template) if name}


def _problems(key: str, text: str) -> list[str]:
    bare = [f"{key}: {m.group(0)!r} in {text!r}" for m in _BARE.finditer(text)
            if _takes_de(m.group(1))]
    wrong = [f"{key}: {m.group(0)!r} in {text!r}" for m in _WRONG_DE.finditer(text)
             if not _takes_de(m.group(1))]
    return bare + wrong


def _js_function(source: str, name: str) -> str:
    """One top-level function of app.js's module, by its name (two-space indented, closed by
    a line of two spaces and "}")."""
    m = re.search(rf"^  function {name}\(.*?^  }}$", source, re.S | re.M)
    assert m, f"app.js has no function {name}"
    return m.group(0)


def _node(script: str) -> object:
    assert NODE is not None
    done = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _page(body: str) -> object:
    """Runs ``body`` (which ends by printing JSON) with app.js's romanianDe and t, the page's
    language Romanian and the page's texts as the service serves them."""
    source = APP_JS.read_text(encoding="utf-8")
    head = "\n".join([
        "var lang = 'ro';",
        f"var I18N = {json.dumps({'ro': _web('ro'), 'en': _web('en')}, ensure_ascii=False)};",
        _js_function(source, "romanianDe"),
        _js_function(source, "t"),
    ])
    return _node(head + "\n" + body)


@pytest.mark.parametrize(("written", "shown"), CASES)
def test_the_cases_are_the_rule_of_romanian_de(written: str, shown: str) -> None:
    assert romanian_de(written) == shown


@needs_node
def test_app_js_romanian_de_agrees_with_the_core_on_every_case() -> None:
    got = _page(f"console.log(JSON.stringify({json.dumps([w for w, _ in CASES])}"
                ".map(romanianDe)));")
    assert got == [shown for _, shown in CASES]


def test_every_web_template_writes_de_where_romanian_takes_it() -> None:
    """Filled and post-passed as the page does, no [web] text reads "20 noduri" nor
    "5 de noduri" (the template writes "{n} de noduri"; the post-pass drops the "de")."""
    problems = [p for key, text in _web("ro").items() for number in NUMBERS
                for p in _problems(key, romanian_de(text.format_map(_filled(text, number))))]
    assert not problems, "\n".join(problems)


@needs_node
def test_the_page_renders_every_web_text_with_the_post_pass() -> None:
    """app.js's own ``t`` with the page in Romanian, every [web] template, every number."""
    calls = [[key, _filled(text, number)] for key, text in _web("ro").items()
             for number in NUMBERS]
    got = _page(f"console.log(JSON.stringify({json.dumps(calls, ensure_ascii=False)}"
                ".map(function (c) { return [c[0], t(c[0], c[1])]; })));")
    assert isinstance(got, list)
    problems = [p for key, text in got for p in _problems(key, text)]
    assert not problems, "\n".join(problems)
    # the offers table's sentence for a setup of 3 nodes with 24 GPUs in all
    assert _page("console.log(JSON.stringify(t('nodes_gpus', { nodes: '3', gpus: '24' })));") \
        == "3 noduri, 24 de GPU-uri în total"


def test_the_page_writes_its_counts_as_romanian_numbers() -> None:
    """The counts the page puts in its texts go through ``num`` (Intl.NumberFormat): "1.205"
    in Romanian, which the rule reads as 1,205 ("1.205 GPU-uri"); a bare 1205 is not a
    Romanian number, and its "de" would stay ("1205 de GPU-uri")."""
    source = APP_JS.read_text(encoding="utf-8")
    counts = re.findall(r"(?:[{,]|^)\s*(?:n|nodes|gpus): ([^,}]+)", source, re.M)
    assert counts and all(c.startswith("num(") for c in counts), counts


@needs_node
def test_english_is_left_as_written() -> None:
    got = _page("lang = 'en'; console.log(JSON.stringify(t('nodes_gpus', "
                "{ nodes: '5', gpus: '40' })));")
    assert got == "5 nodes, 40 GPUs in all"
