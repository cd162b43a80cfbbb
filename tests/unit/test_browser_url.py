"""``graphmem.browser``: the Neo4j Browser link, read back the way Browser 5.24 reads it, and the shipped
style sheet and guide. The parsing below is ported from the Browser's JS bundle (neo4j-browser-5.24.0.jar):
``getUrlParamValue``, ``populateEditorFromUrlEpic``, ``discoveryOnStartupEpic``, ``parseLambdaStatement``
and ``parseGrass``."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from graphmem.browser import browse_url, link_url, params_command, style_path, style_text
from graphmem.errors import StoreError
from graphmem.model import LABELS, RELATIONSHIPS
from graphmem.queries import names, query
from graphmem.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
NODE = "4:0c4bd2cb-4f7b-4b5e-9b0e-2f1f1d2a9c3e:1234"   # an elementId as Neo4j 5 makes them
NASTY = [
    "alice",
    "o'brien & \"co\" #1 $x => 50% +",
    "小明 / 李雷",
    "back\\slash \\u0041 \\n",
    "line\nbreak\ttab\r",
    "a=>b=>c; MATCH (n) DETACH DELETE n //",
    "?arg=:param user_id => 'x'&cmd=play#frag",
    "emoji 😀 and \u2028 separator \u200b zero-width",
    "`backticks` <tags> {braces} [brackets]",
    " leading and trailing spaces ",
]


# -- Browser 5.24's side, ported ---------------------------------------------------------------------------
def url_param_values(name: str, url: str) -> list[str]:
    """``getUrlParamValue``: every ``[?&]name=([^&#]*)`` match, no decoding."""
    return [m for m in re.findall(rf"[?&]{name}=([^&#]*)", url) if m]


def editor_text(url: str) -> str:
    """``populateEditorFromUrlEpic`` for ``cmd=edit``: the args of the *decoded* URL joined by newlines."""
    assert url_param_values("cmd", url) == ["edit"]
    decoded = unquote(url.replace("+", " "), errors="strict")
    return "\n".join(url_param_values("arg", decoded))


def statements(text: str) -> list[str]:
    """Multi-statement mode splits at ';' outside strings (our query has no ';'; our :param lines end in one)."""
    out, cur, quote, esc = [], "", None, False
    for ch in text:
        if esc:
            cur, esc = cur + ch, False
            continue
        if ch == "\\" and quote:
            cur, esc = cur + ch, True
            continue
        if ch in "\"'`":
            quote = None if quote == ch else (quote or ch)
        if ch == ";" and not quote:
            out.append(cur.strip())
            cur = ""
            continue
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def destructured(cmd: str) -> tuple[list[str], str]:
    """``:param [{a, b}] => { statement }`` (``parseLambda``'s explicit variant): Browser runs the statement
    without parameters and sets ``$a``, ``$b`` from its first row."""
    m = re.fullmatch(r":param \[\{([\w, ]+)\}\] => \{ ([^\n]*) \}", cmd)
    assert m and cmd.count("=>") == 1, cmd
    return [k.strip() for k in m.group(1).split(",")], m.group(2)


def connect_url(url: str) -> str:
    """``discoveryOnStartupEpic``: URLSearchParams ``connectURL`` (or ``dbms``), then decodeURIComponent again."""
    q = parse_qs(urlsplit(url).query)
    return unquote(q["connectURL"][0])


# -- the link --------------------------------------------------------------------------------------------
def test_link_names_the_user_node_and_reads_tenant_and_user_on_the_server():
    url = link_url(Settings(tenant="acme & co #2"), NODE)
    assert url.startswith("http://127.0.0.1:7474/browser/?")
    assert re.fullmatch(r"[A-Za-z0-9_.~%:/?=&-]+", url), "everything but the structure is percent-encoded"
    command, cypher = statements(editor_text(url))
    names_set, statement = destructured(command)
    assert names_set == ["tenant", "user_id"]
    assert statement == " ".join(query("browser/user_params").split()).replace("$user_node", f'"{NODE}"')
    assert "$" not in statement and "acme" not in editor_text(url)   # no parameter, no value from the settings
    assert cypher == query("browser/user_subgraph")           # the query text, untouched by any value
    assert "$tenant" in cypher and "$user_id" in cypher


def test_link_points_browser_at_the_configured_server():
    s = Settings(neo4j_uri="neo4j://db.example:7688", neo4j_database="memory", http_port=7575, tenant="t1")
    url = link_url(s, NODE)
    assert url.startswith("http://db.example:7575/browser/?")
    assert connect_url(url) == "neo4j://neo4j@db.example:7688"   # Browser fills the user name from it
    q = parse_qs(urlsplit(url).query)
    assert q["db"] == ["memory"] and q["cmd"] == ["edit"]


def test_user_name_that_needs_escaping_is_left_out_of_the_connect_url():
    s = Settings(neo4j_user="ops@corp")
    assert connect_url(link_url(s, NODE)) == "bolt://127.0.0.1:7687"


@pytest.mark.parametrize("bad", ["", None, 7])
def test_empty_user_is_refused_before_any_lookup(bad):
    with pytest.raises(ValueError):
        browse_url(None, bad)                                 # refused before the store is touched


@pytest.mark.parametrize("value", NASTY[1:] + [None, ""])   # "alice" aside, each has what no element id has
def test_params_command_takes_nothing_but_an_element_id(value):
    with pytest.raises(StoreError):
        params_command(value)


# -- style sheet ------------------------------------------------------------------------------------------
def parse_grass(text: str) -> dict[str, dict[str, str]]:
    """Browser's ``parseGrass`` (the non-JSON branch), character for character."""
    in_quote = in_block = nested = False
    selector = body = ""
    rules: dict[str, str] = {}
    for ch in text:
        structural = True
        if ch == "{":
            if in_quote:
                structural = False
            elif in_block:
                nested = True
            else:
                in_block = True
        elif ch == "}":
            if in_quote:
                structural = False
            elif nested:
                nested = False
            else:
                in_block = False
                rules[selector] = body
                selector = body = ""
        elif ch in "'\"":
            in_quote = not in_quote
        else:
            structural = False
        if not structural:
            if in_block:
                body += ch
            elif not ch.isspace():
                selector += ch
    parsed = {}
    for sel, body in rules.items():
        props = {}
        for decl in body.split(";"):
            parts = decl.split(":")
            if len(parts) == 2:
                props[parts[0].strip()] = parts[1].strip()
            else:
                assert not decl.strip(), f"Browser would drop {decl.strip()!r} in {sel}"
        parsed[sel] = props
    return parsed


def test_style_sheet_styles_every_label_and_type():
    assert style_path().name == "style.grass" and style_path().is_file()
    text = style_text()
    assert "/*" not in text and "//" not in text            # Browser's parser has no comments
    rules = parse_grass(text)
    assert "" not in rules and set(rules) == {"node", "relationship"} | {f"node.{l}" for l in LABELS} | {
        f"relationship.{t}" for t in RELATIONSHIPS}
    for label in LABELS:
        r = rules[f"node.{label}"]
        assert re.fullmatch(r"#[0-9A-F]{6}", r["color"]) and r["caption"].startswith("{caption}"), label
    colours = [rules[f"node.{l}"]["color"] for l in LABELS]
    assert len(set(colours)) == len(colours)                 # labels tell apart by colour
    assert "{status}" in rules["node.Fact"]["caption"]       # outdated/archived facts say so
    for rel in RELATIONSHIPS:
        assert rules[f"relationship.{rel}"]["caption"], rel


# -- guide -------------------------------------------------------------------------------------------------
def test_guide_quotes_every_browser_query_and_sets_its_params():
    guide = (ROOT / "docker" / "browser" / "guide.md").read_text(encoding="utf-8")
    set_params = set(re.findall(r"^:param (\w+) =>", guide, re.M))
    assert names("browser")
    for name in names("browser"):
        text = query(name)
        assert text in guide, f"guide.md does not quote cypher/{name}.cypher verbatim"
        assert set(re.findall(r"\$(\w+)", text)) <= set_params, name
