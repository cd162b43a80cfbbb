"""Neo4j Browser links and the shipped style sheet.

``browse_url(store, user_id)`` builds a link to the Neo4j Browser served by the server
(``http://<bolt host>:<http_port>/browser/``) that

* points the connect form at our Bolt URL with the user name filled in (URL parameter ``connectURL``,
  which Browser 5.24 reads at start-up, plus ``db`` for the database), and
* fills the editor (``cmd=edit`` with one ``arg`` per line) with one ``:param`` command that sets
  ``$tenant`` and ``$user_id``, and the ``browser/user_subgraph`` query, which uses only those two. The user
  presses Run (Ctrl+Enter) once connected.

No value of the user's (user id, tenant) is ever written into the link. Browser runs
``:param x => <expr>`` as the Cypher ``RETURN <expr> AS x``, and Neo4j expands ``\\uXXXX`` escapes before it
parses, so no quoting of a value is safe there. Instead ``browse_url`` looks the user up (with parameters)
and the link names the user's node by its ``elementId`` — text the server made, checked to be only
``[A-Za-z0-9:_-]`` — in ``:param [{tenant, user_id}] => { <browser/user_params> }``, Browser's
destructuring form: the statement runs on the server and its row sets both parameters, so the values reach
Browser as data. A link opened after the user was forgotten finds no node and shows nothing.

``serve(store, user_id)`` is the one-step way (``graphmem browse USER``): a short one-time link to a small
server on 127.0.0.1 that hands Neo4j Browser (proxied from the server's HTTP port, so it runs on the link's
origin) what it would otherwise ask for: the connection with its password (in the page, never in a URL or a
shell command), the style sheet, and as the command to run once connected the ``browser/user_graph`` query,
which names the user's node only by its ``elementId`` (the same rule as above). Browser connects, styles and
draws the user's graph in one run. The link works once and the server stops after ``ttl`` seconds.

``style_path()`` is the installed ``graphmem/docker/browser/style.grass``; apply it in Browser with
``:style`` followed by the file's text, or drag the file onto the Browser's favourites drawer
(see ``docker/browser/guide.md``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from graphmem.errors import ConfigError, NotFound, StoreError
from graphmem.queries import query
from graphmem.settings import Settings

SUBGRAPH_QUERY = "browser/user_subgraph"
GRAPH_QUERY = "browser/user_graph"
NODE_QUERY = "browser/user_node"
PARAMS_QUERY = "browser/user_params"
#: what an element id the server made looks like ("4:<database uuid>:<number>"); anything else is refused
_NODE_ID = re.compile(r"[A-Za-z0-9:_-]{1,200}")
_SIMPLE_USER = re.compile(r"^[A-Za-z0-9_.-]+$")


def params_command(node_id: str) -> str:
    """The Browser command that sets ``$tenant`` and ``$user_id`` from the User node ``node_id`` (an
    ``elementId``), read on the server (nothing is set if the node is gone)."""
    if not isinstance(node_id, str) or not _NODE_ID.fullmatch(node_id):
        raise StoreError(f"unexpected element id {node_id!r} from the server")
    body = " ".join(query(PARAMS_QUERY).split()).replace("$user_node", f'"{node_id}"')
    if re.search(r"[$&#{}]", body):   # Browser runs the body without parameters; URL args end at & and #
        raise ConfigError(f"cypher/{PARAMS_QUERY}.cypher must use no parameter but $user_node, and no & # {{ }}")
    return f":param [{{tenant, user_id}}] => {{ {body} }}"


def editor_lines(node_id: str) -> list[str]:
    """What the link puts into Browser's editor: the ``:param`` command, then the subgraph query."""
    text = query(SUBGRAPH_QUERY)
    if re.search(r"[&#]", text):  # Browser would cut the arg there
        raise ConfigError(f"cypher/{SUBGRAPH_QUERY}.cypher must not contain '&' or '#' to travel in a Browser URL")
    # ';' ends each command: Browser runs the editor as several statements only when they are ;-separated
    return [params_command(node_id) + ";", text]


def bolt_connect_url(settings: Settings) -> str:
    """The Bolt URL for Browser's connect form, with the user name when it needs no escaping."""
    scheme = settings.neo4j_uri.split("://", 1)[0]
    host, port = settings.bolt_host_port
    user = settings.neo4j_user
    userinfo = f"{user}@" if user and _SIMPLE_USER.match(user) else ""
    return f"{scheme}://{userinfo}{host}:{port}"


def link_url(settings: Settings, node_id: str) -> str:
    """The Browser link for the User node ``node_id`` (an ``elementId``) on ``settings``' server."""
    host, _ = settings.bolt_host_port
    base = f"http://{host}:{settings.http_port}/browser/"
    params = [("connectURL", bolt_connect_url(settings)), ("db", settings.database), ("cmd", "edit")]
    params += [("arg", line) for line in editor_lines(node_id)]
    return base + "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in params)


def user_node(store, user_id: str, tenant: str | None = None) -> str:
    """The element id the server gave ``user_id``'s User node in ``tenant`` (default ``store.settings.tenant``);
    NotFound if there is no such user. Links name the user only by it."""
    if not isinstance(user_id, str) or user_id == "":
        raise ValueError("user_id must be a non-empty string")
    tenant = store.settings.tenant if tenant is None else tenant
    rows = store.run(NODE_QUERY, {"tenant": tenant, "user_id": user_id})
    if not rows:
        raise NotFound(f"no user {user_id!r} in tenant {tenant!r} (see `graphmem users`)")
    return rows[0]["user_node"]


def browse_url(store, user_id: str, *, tenant: str | None = None) -> str:
    """A Neo4j Browser link that connects to ``store``'s server and has the editor filled with the query for
    ``user_id``'s subgraph in ``tenant`` (default ``store.settings.tenant``). NotFound if there is no such user."""
    node = user_node(store, user_id, tenant)
    return link_url(store.settings, node)


def style_path() -> Path:
    """The installed Neo4j Browser style sheet (``docker/browser/style.grass``)."""
    path = Path(str(resources.files("graphmem.docker") / "browser" / "style.grass"))
    if not path.is_file():
        raise ConfigError(f"style sheet missing at {path}; reinstall graphmem")
    return path


def style_text() -> str:
    """The style sheet's text, e.g. to send as ``:style <text>``."""
    return style_path().read_text(encoding="utf-8")


def guide_path() -> Path:
    """The installed query guide (``docker/browser/guide.md``)."""
    return Path(str(resources.files("graphmem.docker") / "browser" / "guide.md"))


# -- the one-step link ----------------------------------------------------------------------------------

def graph_command(node_id: str) -> str:
    """The query Browser runs once connected: the user's subgraph, from the User node ``node_id`` (an
    ``elementId``, checked); no other value is in it."""
    if not isinstance(node_id, str) or not _NODE_ID.fullmatch(node_id):
        raise StoreError(f"unexpected element id {node_id!r} from the server")
    text = " ".join(query(GRAPH_QUERY).split())
    if text.count("$user_node") != 1 or re.search(r"\$(?!user_node)", text):
        raise ConfigError(f"cypher/{GRAPH_QUERY}.cypher must use no parameter but $user_node, once")
    return text.replace("$user_node", f'"{node_id}"')


def parse_grass(text: str) -> dict:
    """A style sheet as Browser keeps it (``parseGrass`` of Browser 5.24): ``{selector: {property: value}}``,
    quotes dropped."""
    rules: dict[str, str] = {}
    in_quote = in_rule = nested = False
    selector = body = ""
    for ch in text:
        if ch == "{" and not in_quote:
            nested, in_rule = (True, in_rule) if in_rule else (nested, True)
            continue
        if ch == "}" and not in_quote:
            if nested:
                nested = False
            else:
                rules[selector], selector, body, in_rule = body, "", "", False
            continue
        if ch in "'\"":
            in_quote = not in_quote
            continue
        if in_rule:
            body += ch
        elif not ch.isspace():
            selector += ch
    out = {}
    for sel, decl in rules.items():
        props = {}
        for part in decl.split(";"):
            kv = part.split(":")
            if len(kv) == 2:
                props[kv[0].strip()] = kv[1].strip()
        out[sel] = props
    return out


@dataclass
class BrowserLink:
    """A running one-step link: ``url`` to open; ``close()`` stops the server (also after ``ttl`` seconds)."""

    url: str
    server: Any
    thread: Any

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def serve(store, user_id: str, *, tenant: str | None = None, port: int = 0, ttl: float = 900) -> BrowserLink:
    """Start the one-step Browser server for ``user_id`` (see the module docstring) and return its link.
    NotFound if there is no such user; ConfigError without a password."""
    import http.server
    import json
    import secrets
    import threading
    import urllib.error
    import urllib.request

    node = user_node(store, user_id, tenant)
    s = store.settings
    host, bolt_port = s.bolt_host_port
    upstream = f"http://{host}:{s.http_port}"
    connection = {"id": "$$discovery", "name": "$$discovery", "type": "bolt",
                  "host": f"{s.neo4j_uri.split('://', 1)[0]}://{host}:{bolt_port}", "username": s.neo4j_user,
                  "password": s.resolved_password(), "authenticationMethod": "NATIVE", "db": s.neo4j_database,
                  "requestedUseDb": s.neo4j_database}
    seed = {"connections": {"allConnectionIds": ["$$discovery"], "connectionsById": {"$$discovery": connection},
                            "activeConnection": None, "lastUseDb": s.neo4j_database},
            "settings": {"initCmd": graph_command(node), "playImplicitInitCommands": True},
            "grass": parse_grass(style_text())}
    token = secrets.token_urlsafe(8)
    used = threading.Event()
    page = _SEED_PAGE.replace("__SEED__", json.dumps(seed).replace("</", "<\\/")).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:
            if self.path.split("?")[0] == f"/{token}":
                if used.is_set():
                    return self._send(410, b"this link was used already: run `graphmem browse` again", "text/plain")
                used.set()
                return self._send(200, page, "text/html; charset=utf-8")
            request = urllib.request.Request(upstream + self.path,
                                             headers={"Accept": self.headers.get("Accept", "*/*")})
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    self._send(answer.status, answer.read(), answer.headers.get("Content-Type", ""))
            except urllib.error.HTTPError as e:
                self._send(e.code, e.read(), e.headers.get("Content-Type", "text/plain"))
            except OSError as e:
                self._send(502, f"Neo4j's HTTP port does not answer: {e}".encode(), "text/plain")

        def _send(self, status: int, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="graphmem-browse", daemon=True)
    thread.start()
    link = BrowserLink(f"http://127.0.0.1:{server.server_address[1]}/{token}", server, thread)
    stopper = threading.Timer(ttl, link.close)
    stopper.daemon = True
    stopper.start()
    return link


#: the one-time page: Browser's own storage (keys "neo4j.*", as its redux state is kept) gets the connection, the
#: style and the command to run once connected; then Browser starts on this origin and connects by itself
_SEED_PAGE = """<!doctype html><meta charset="utf-8"><title>graphmem: opening Neo4j Browser</title>
<p>Opening Neo4j Browser&hellip;</p>
<script>
const seed = __SEED__;
const old = JSON.parse(localStorage.getItem("neo4j.settings") || "{}");
localStorage.setItem("neo4j.connections", JSON.stringify(seed.connections));
localStorage.setItem("neo4j.settings", JSON.stringify(Object.assign(old, seed.settings)));
localStorage.setItem("neo4j.grass", JSON.stringify(seed.grass));
location.replace("/browser/");
</script>
"""
