"""Read-only commands: users, show, entities, card, events, recall, history, stats, browse."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime

import typer

from graphmem.cli.common import (JSON_OPTION, WIDE_OPTION, console, emit_json, fails_cleanly, in_tenant, memory,
                                 settings, store, table, tenant_hint)
from graphmem.errors import InputError, NotFound

USER = typer.Argument(..., help="The user id (within GRAPHMEM_TENANT).")
ENTITY = typer.Argument(..., help="Entity name, alias or id ('me' for the user).")


def register(app: typer.Typer) -> None:
    for fn in (users, show, entities, card, events, recall, history, stats, browse):
        app.command(epilog=EXAMPLES.get(fn.__name__))(in_tenant(fn))


def _when(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text).astimezone()
    except ValueError:
        raise InputError(f"{text!r} is not an ISO date or datetime (e.g. 2026-03-01 or 2026-03-01T09:00)") from None


@fails_cleanly
def users(as_json: bool = JSON_OPTION) -> None:
    """Every user of the tenant with entity, fact and event counts."""
    from graphmem import curate

    with store(fast=True) as s:
        rows = curate.users(s)
        hint = "" if rows or as_json else tenant_hint(s)
    if as_json:
        return emit_json(rows)
    table(f"users in tenant {settings().tenant}", ["user", "entities", "active facts", "events", "last seen"],
          [[r["user_id"], r["entities"], r["facts"], r["events"], r["last_seen"]] for r in rows])
    if hint:
        typer.echo("this tenant has no users" + hint, err=True)


@fails_cleanly
def show(user: str = USER, as_json: bool = JSON_OPTION) -> None:
    """A user's profile text and counts (facts by status, gate rejections by reason)."""
    from graphmem import curate
    from graphmem.write import reads

    with store(fast=True) as s:
        curate.require_user(s, user)
        prof = reads.profile(s, user)
        counts = reads.user_stats(s, user)
    if as_json:
        return emit_json({"profile": prof, "stats": counts})
    console.print(f"[bold]{user}[/bold]  ({prof.language or '-'})\n{prof.text or '(no profile yet)'}")
    table("counts", ["what", "n"], [[k, v] for k, v in counts.items() if k != "rejected"]
          + [[f"rejected: {k}", v] for k, v in counts.get("rejected", {}).items()])


@fails_cleanly
def entities(user: str = USER, type: str = typer.Option(None, "--type", help="Only this entity type."),
             wide: bool = WIDE_OPTION, as_json: bool = JSON_OPTION) -> None:
    """The user's entities, most recently mentioned first, with their card summary."""
    from graphmem import curate

    with store(fast=True) as s:
        rows = curate.entities(s, user, type)
    if as_json:
        return emit_json(rows)
    table(f"entities of {user}", ["id", "name", "type", "aliases", "mentions", "card"],
          [[r["id"], r["name"], r["type"], ", ".join(r["aliases"] or []), r["mentions"], _brief(r["card"])]
           for r in rows])


CARD_BRIEF = 100   # characters of an entity's card in the entities table (`graphmem card` shows all of it)


def _brief(card: str | None) -> str | None:
    """The card's first attributes, whole, within ``CARD_BRIEF`` characters, and how many more there are."""
    parts = (card or "").split("; ")
    shown = 0
    while shown < len(parts) and len("; ".join(parts[:shown + 1])) <= CARD_BRIEF:
        shown += 1
    shown = max(shown, 1)
    return card if shown == len(parts) else "; ".join(parts[:shown]) + f"; … (+{len(parts) - shown})"


@contextmanager
def _user_checked(s, user: str):
    """A NotFound inside says "no user ... in tenant" when that is why (checked only then: one query less)."""
    from graphmem import curate

    try:
        yield
    except NotFound:
        curate.require_user(s, user)
        raise


def _fact_rows(facts) -> list[list]:
    from graphmem.model import fact_value
    from graphmem.scopes import label
    scoped = any(f.agent or f.scope != "user" for f in facts)   # several agents: who learnt it, who reads it
    return [[f.id, f.key, fact_value(f.value, f.polarity), f.status, f.version, f.valid_from, f.valid_to,
             f.mention_count]
            + ([label(f.agent, f.scope)] if scoped else []) for f in facts]


FACT_COLUMNS = ["fact id", "attribute", "value", "status", "v", "valid from", "valid to", "seen", "scope"]


def _facts_table(title: str, facts) -> None:
    rows = _fact_rows(facts)
    table(title, FACT_COLUMNS[:len(rows[0])] if rows else FACT_COLUMNS, rows)


@fails_cleanly
def card(user: str = USER, entity: str = ENTITY, wide: bool = WIDE_OPTION, as_json: bool = JSON_OPTION) -> None:
    """An entity's attribute card: active attributes, relations and every attribute's full history."""
    from graphmem import curate
    from graphmem.write import reads

    with store(fast=True) as s, _user_checked(s, user):
        c = reads.card(s, user, entity)
        hist = reads.history(s, user, c.id)
    if as_json:
        return emit_json({"card": c, "history": hist})
    console.print(f"[bold]{c.name}[/bold] ({c.type or 'thing'}) aliases: {', '.join(c.aliases) or '-'}")
    _facts_table("active", c.facts)
    table("relations", ["type", "direction", "other", "status"],
          [[r.get("type"), r.get("direction"), r.get("other"), r.get("status")] for r in c.relations])
    _facts_table("history", hist)


@fails_cleanly
def events(user: str = USER, since: str = typer.Option(None, help="ISO date/time, inclusive."),
           until: str = typer.Option(None, help="ISO date/time, exclusive."),
           agent: str = typer.Option(None, "--agent", help="Only what this agent wrote."),
           scope: str = typer.Option(None, "--scope", help="Only this scope: shared, private (with --agent), "
                                                           "team:<id>."),
           status: str = typer.Option(None, "--status", help="Only active, outdated or archived events (archived: "
                                                             "what `maintain` put away; `restore` brings one back)."),
           wide: bool = WIDE_OPTION, as_json: bool = JSON_OPTION) -> None:
    """The user's event log (accepted turns), oldest first: who said it (role, speaker), its status, agent and
    scope."""
    from graphmem import curate
    from graphmem.scopes import label

    with store(fast=True) as s:
        rows = curate.events(s, user, _when(since), _when(until), agent=agent, scope=scope, status=status)
    if as_json:
        return emit_json(rows)
    scoped = wide or any(r.get("agent") or r.get("scope") not in (None, "user") for r in rows)
    table(f"events of {user}" + (f" ({status})" if status else ""),
          ["id", "when"] + (["session"] if wide else []) + ["role", "speaker", "status"]
          + (["scope"] if scoped else []) + ["text"] + (["mentions"] if wide else []),
          [[r["id"], r["occurred_at"]] + ([r["session_id"]] if wide else []) + [r.get("role"), r.get("speaker"),
            r.get("status")] + ([label(r.get("agent"), r.get("scope"))] if scoped else []) + [r["text"]]
           + ([", ".join(r["mentions"])] if wide else []) for r in rows])


@fails_cleanly
def recall(user: str = USER, query: str = typer.Argument(..., help="What the agent is asked now."),
           k: int = typer.Option(8, "-k", help="How many memories."),
           explain: bool = typer.Option(False, "--explain", help="Show the paths and score components."),
           agent: str = typer.Option(None, "--agent", help="Recall as this agent: its private memory, the "
                                                           "user's shared memory and its teams' only."),
           team: list[str] = typer.Option(None, "--team", help="Only this of the agent's teams (repeatable; "
                                                               "narrows its granted teams, never widens)."),
           wide: bool = WIDE_OPTION, as_json: bool = JSON_OPTION) -> None:
    """What long-term memory would recall for QUERY, as second-person statements (--wide: with their ids)."""
    from graphmem import curate
    from graphmem.errors import InputError
    from graphmem.scopes import label

    if team and not agent:
        raise InputError("--team needs --agent (the agent that belongs to the team)")
    with memory() as m:
        curate.require_user(m.store, user)
        found = (m.agent(agent, teams=team or None) if agent else m).recall(user, query, k, explain=explain)
        if not agent and not explain:   # who learnt each memory, and its scope, for the owner too
            from graphmem.agents import provenance
            found = provenance(m.store, m.settings.tenant, user, found)
    if as_json:
        return emit_json(found)
    scoped = agent or any(r.agent or r.scope not in (None, "user") for r in found)
    cols = (["id"] if wide else []) + ["score", "memory", "paths"] + (["learnt by"] if scoped else []) \
        + (["components"] if explain else [])
    table(f"recall for {user}" + (f" as {agent}" if agent else "") + f": {query}", cols,
          [([r.id] if wide else []) + [f"{r.score:.3f}", r.text, ",".join(r.paths)]
           + ([label(r.agent, r.scope)] if scoped else []) + ([_components(r.explanation)] if explain else [])
           for r in found])


def _components(explanation: dict | None) -> str:
    comps = (explanation or {}).get("components", {})
    return " ".join(f"{k}={v:.2f}" for k, v in comps.items() if isinstance(v, (int, float)))


@fails_cleanly
def history(user: str = USER, entity: str = ENTITY,
            attribute: str = typer.Argument(None, help="Only this attribute (e.g. budget)."),
            wide: bool = WIDE_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Every version of an entity's attributes, outdated ones included, oldest first."""
    from graphmem import curate
    from graphmem.write import reads

    with store(fast=True) as s, _user_checked(s, user):
        versions = reads.history(s, user, entity, attribute)
    if as_json:
        return emit_json(versions)
    _facts_table(f"history of {entity}" + (f" / {attribute}" if attribute else ""), versions)


@fails_cleanly
def stats(as_json: bool = JSON_OPTION) -> None:
    """Tenant-wide counts: users, entities, facts by status, events, write-gate rejections by reason."""
    from graphmem import curate

    with store(fast=True) as s:
        row = curate.stats(s)
    if as_json:
        return emit_json(row)
    table(f"stats of tenant {settings().tenant}", ["what", "n"], [[k, v] for k, v in row.items()])


@fails_cleanly
def browse(user: str = USER,
           open_: bool = typer.Option(False, "--open", help="Open the link in your web browser too."),
           ttl: float = typer.Option(900, "--ttl", help="Seconds the link's server runs (Ctrl-C stops it sooner)."),
           link: bool = typer.Option(False, "--link", help="Print the plain Browser link instead (no server: "
                                                           "you connect with the password and press Run).")) -> None:
    """Neo4j Browser on the user's graph in one step: a short one-time link that connects (the password never
    goes into a URL or your shell), applies graphmem's style and draws the user's graph."""
    from graphmem import curate
    from graphmem.browser import browse_url, guide_path, serve, style_path

    if link:
        with store(fast=True) as s:
            curate.require_user(s, user)
            typer.echo(browse_url(s, user))
        typer.echo(f"style sheet: {style_path()} (drop it on Browser's style panel)\nuseful queries: {guide_path()}",
                   err=True)
        return
    with store(fast=True) as s:
        curate.require_user(s, user)
        running = serve(s, user, ttl=ttl)
    typer.echo(running.url)
    typer.echo(f"open it once (it works once; it serves Neo4j Browser for {ttl / 60:.0f} min; Ctrl-C stops it). "
               f"Chinese captions need a CJK font where the browser runs (Debian: apt-get install fonts-noto-cjk), "
               f"else they show as boxes.", err=True)
    if open_:
        import webbrowser

        webbrowser.open(running.url)
    try:
        running.thread.join(ttl + 5)
    except KeyboardInterrupt:
        pass
    finally:
        running.close()


EXAMPLES = {
    "users": "\b\nExamples:\n  graphmem users\n  GRAPHMEM_TENANT=graphmem-demo graphmem users --json",
    "show": "\b\nExample:\n  graphmem show alice",
    "entities": "\b\nExamples:\n  graphmem entities alice --type laptop\n  graphmem entities alice --wide",
    "card": "\b\nExamples:\n  graphmem card alice me\n  graphmem card alice \"my ThinkPad\" --wide",
    "events": "\b\nExamples:\n  graphmem events alice --since 2026-03-01 --until 2026-03-08\n"
              "  graphmem events alice --status archived --wide",
    "recall": "\b\nExamples:\n  graphmem recall alice \"what laptop do I have?\" --explain\n"
              "  graphmem recall alice \"我的预算是多少\" -k 3 --json",
    "history": "\b\nExample:\n  graphmem history alice me budget --wide",
    "stats": "\b\nExample:\n  graphmem stats --json",
    "browse": "\b\nExamples:\n  graphmem browse alice --open\n  graphmem browse alice --link   # no server",
}
