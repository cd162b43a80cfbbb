"""The ``graphmem browse`` link against the real server, read and run the way Neo4j Browser 5.24 does
(``populateEditorFromUrlEpic``, multi-statement split, ``:param name => expr`` run as ``RETURN expr`` and
``:param [{a, b}] => { statement }`` run as the statement, its first row setting ``$a`` and ``$b``; ported
from its JS bundle): any user id or tenant reaches Browser as data, never as Cypher text."""

from __future__ import annotations

import re
import uuid
from datetime import datetime, timezone
from urllib.parse import unquote

from hypothesis import HealthCheck, example, given, settings as hsettings, strategies as st

from graphmem.browser import browse_url
from graphmem.queries import query
from graphmem.write import ids

AT = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc).isoformat()
#: the hostile tester's id (issue 19): with a quoted literal it deleted every node of tenant CANARY
ATTACK = "\\\" AS user_id UNION MATCH (c {tenant:'CANARY'}) DETACH DELETE c RETURN 'pwned' AS user_id //"
PARAMS = re.compile(r':param \[\{tenant, user_id\}\] => \{ MATCH \(u:User\) WHERE elementId\(u\) = "[A-Za-z0-9:_-]+" '
                    r'RETURN u\.tenant AS tenant, u\.user_id AS user_id \}')


# -- Browser 5.24's side, ported ---------------------------------------------------------------------------
def editor_text(url: str) -> str:
    """``cmd=edit``: the ``arg`` values of the *decoded* URL (``[?&]arg=([^&#]*)``) joined by newlines."""
    decoded = unquote(url.replace("+", " "), errors="strict")
    assert re.findall(r"[?&]cmd=([^&#]*)", decoded) == ["edit"]
    return "\n".join(m for m in re.findall(r"[?&]arg=([^&#]*)", decoded) if m)


def split_statements(text: str) -> list[str]:
    """Split at ';' outside strings (the subgraph query has none)."""
    out, cur, quote, escaped = [], "", None, False
    for ch in text:
        if escaped or (ch == "\\" and quote):
            cur, escaped = cur + ch, not escaped
            continue
        if ch in "\"'`":
            quote = None if quote == ch else (quote or ch)
        if ch == ";" and not quote:
            out.append(cur.strip())
            cur = ""
            continue
        cur += ch
    return out + ([cur.strip()] if cur.strip() else [])


def run_like_browser(store, url: str) -> tuple[dict, list[dict]]:
    """Run the editor's statements as Browser would: ``:param [{a, b}] => { statement }`` runs the statement
    without parameters and sets ``$a``, ``$b`` from its first row; ``:param name => expr`` is ``RETURN expr AS
    name`` (the text after the last ``=>``, only if it has no ``$``); the rest runs with the parameters set."""
    params, rows = {}, []
    with store.driver.session(database=store.settings.neo4j_database) as session:
        for stmt in split_statements(editor_text(url)):
            destructure = re.fullmatch(r":param \[\{([\w, ]+)\}\] => \{(.*)\}", stmt, re.S)
            if destructure:
                first = session.run(destructure.group(2)).data()[0]
                params.update({k.strip(): first[k.strip()] for k in destructure.group(1).split(",")})
            elif stmt.startswith(":param "):
                name = stmt.split()[1]
                expr = re.match(r"^.*=>\s*([^$]*)$", stmt, re.S).group(1)
                params[name] = session.run(f"RETURN {expr} AS {name}").values()[0][0]   # Browser: first row
            else:
                rows = session.run(stmt, params).data()
    return params, rows


def add_user(store, tenant: str, user_id: str) -> None:
    store.batch("write/upsert_users", [{"tenant": tenant, "user_id": user_id, "at": AT, "session_id": "s1",
                                        "session_key": ids.session_key(tenant, user_id, "s1")}])


# -- the tests ---------------------------------------------------------------------------------------------
def test_attack_id_is_data_and_deletes_nothing(store, tenant):
    canary = f"canary-{uuid.uuid4().hex[:8]}"
    user_id = ATTACK.replace("CANARY", canary)
    try:
        add_user(store, canary, "victim")
        add_user(store, tenant, user_id)
        params, rows = run_like_browser(store, browse_url(store, user_id, tenant=tenant))
        assert store.run("curate/user_exists", {"tenant": canary, "user_id": "victim"})[0]["exists"], "canary deleted"
        assert params == {"tenant": tenant, "user_id": user_id}
        assert {n["user_id"] for n in rows[0]["nodes"]} == {user_id}        # the user and its session
    finally:
        store.run_auto("admin/delete_tenant", {"tenant": canary})


@hsettings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(user_id=st.text(min_size=1, max_size=30), tenant_tail=st.text(max_size=8))
@example(user_id='\\u0022 RETURN 1 //', tenant_tail="\\")
@example(user_id='o\'brien & "co" #1 $x => 50% +小明;\n\u2028', tenant_tail=" ' ")
@example(user_id="\\\\u005c\\u0027", tenant_tail="\x00")
def test_any_id_round_trips_and_never_becomes_cypher_text(store, user_id, tenant_tail):
    tenant = f"t-{uuid.uuid4().hex[:12]}{tenant_tail}"
    try:
        add_user(store, tenant, user_id)
        url = browse_url(store, user_id, tenant=tenant)
        assert url.isascii()
        command, cypher = split_statements(editor_text(url))
        assert PARAMS.fullmatch(command), command            # only the server's element id varies
        assert cypher == query("browser/user_subgraph")
        params, rows = run_like_browser(store, url)
        assert params == {"tenant": tenant, "user_id": user_id}
        assert len(rows[0]["nodes"]) == 2             # the User and its Session, nothing of anyone else
        assert {(n["tenant"], n["user_id"]) for n in rows[0]["nodes"]} == {(tenant, user_id)}
    finally:
        store.run_auto("admin/delete_tenant", {"tenant": tenant})
