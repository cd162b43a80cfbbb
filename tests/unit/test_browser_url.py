"""``graphmem.browser``: the Neo4j Browser link, read back the way Browser 5.24 reads it, and the shipped
style sheet and guide. The parsing below is ported from the Browser's JS bundle (neo4j-browser-5.24.0.jar):
``getUrlParamValue``, ``populateEditorFromUrlEpic``, ``discoveryOnStartupEpic``, ``parseLambdaStatement``
and ``parseGrass``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from graphmem.browser import browse_url, param_command, param_literal, style_path, style_text
from graphmem.model import LABELS, RELATIONSHIPS
from graphmem.queries import names, query
from graphmem.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
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


def param_from_command(cmd: str) -> tuple[str, object]:
    """``:param name => expr``: Browser runs ``RETURN expr`` (the text after the first ``=>``). The literals we
    emit are JSON string literals with Cypher-compatible escapes only, so ``json.loads`` reads what Cypher reads."""
    assert cmd.startswith(":param ")
    rest = re.split(r"\s", cmd[1:], maxsplit=1)[1].strip()
    name, expr = rest.split("=>", 1)
    assert "$" not in expr and "=>" not in expr          # Browser's lambda regex stops at '$' and the last '=>'
    return name.strip(), json.loads(expr.strip())


def connect_url(url: str) -> str:
    """``discoveryOnStartupEpic``: URLSearchParams ``connectURL`` (or ``dbms``), then decodeURIComponent again."""
    q = parse_qs(urlsplit(url).query)
    return unquote(q["connectURL"][0])


# -- the link --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("user_id", NASTY)
def test_link_carries_user_and_tenant_as_params_only(user_id):
    settings = Settings(tenant="acme & co #2")
    url = browse_url(settings, user_id)
    assert url.startswith("http://127.0.0.1:7474/browser/?")
    assert re.fullmatch(r"[A-Za-z0-9_.~%:/?=&-]+", url), "everything but the structure is percent-encoded"
    tenant_cmd, user_cmd, cypher = statements(editor_text(url))
    assert param_from_command(tenant_cmd) == ("tenant", "acme & co #2")
    assert param_from_command(user_cmd) == ("user_id", user_id)
    assert cypher == query("browser/user_subgraph")           # the query text, untouched by any value
    assert "$tenant" in cypher and "$user_id" in cypher


def test_link_points_browser_at_the_configured_server():
    s = Settings(neo4j_uri="neo4j://db.example:7688", neo4j_database="memory", http_port=7575, tenant="t1")
    url = browse_url(s, "u1", tenant="other")
    assert url.startswith("http://db.example:7575/browser/?")
    assert connect_url(url) == "neo4j://neo4j@db.example:7688"   # Browser fills the user name from it
    q = parse_qs(urlsplit(url).query)
    assert q["db"] == ["memory"] and q["cmd"] == ["edit"]
    assert param_from_command(statements(editor_text(url))[0]) == ("tenant", "other")


def test_user_name_that_needs_escaping_is_left_out_of_the_connect_url():
    s = Settings(neo4j_user="ops@corp")
    assert connect_url(browse_url(s, "u1")) == "bolt://127.0.0.1:7687"


@pytest.mark.parametrize("bad", ["", None])
def test_empty_user_is_refused(bad):
    with pytest.raises(ValueError):
        browse_url(Settings(), bad)


@pytest.mark.parametrize("value", NASTY)
def test_param_literal_is_json_and_leaves_nothing_browser_splits_on(value):
    lit = param_literal(value)
    assert json.loads(lit) == value
    assert not set(lit) & set("&#$<>=;?%+'`\n\r\t\u2028")
    assert re.fullmatch(r'"(?:[^"\\]|\\["\\/bfnrtu])*"', lit)  # escapes Cypher and JSON share, nothing else
    if value.isascii() is False and "😀" not in value and "\u2028" not in value:
        assert any(ord(c) > 127 for c in lit)                  # Chinese stays readable


def test_param_command_refuses_odd_names():
    assert param_command("user_id", "x") == ':param user_id => "x"'
    with pytest.raises(ValueError):
        param_command("user id", "x")


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
