"""Commands that change a user's graph: forget, merge, alias, outdate, restore, export, import, ingest, maintain."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from graphmem.cli.common import JSON_OPTION, console, emit_json, fails_cleanly, memory, store, table
from graphmem.errors import InputError

USER = typer.Argument(..., help="The user id (within GRAPHMEM_TENANT).")


def register(app: typer.Typer) -> None:
    for fn in (forget, merge, alias, outdate, restore, export, maintain, ingest):
        app.command()(fn)
    app.command(name="import")(import_)


@fails_cleanly
def forget(user: str = USER,
           entity: str = typer.Option(None, "--entity", help="An entity (name, alias or id) and all it implies."),
           event: str = typer.Option(None, "--event", help="One turn's event id (or a statement event's) with its statement events and the facts derived only from them."),
           fact: str = typer.Option(None, "--fact", help="One fact version id."),
           everything: bool = typer.Option(False, "--all", help="All of the user's memory."),
           dry_run: bool = typer.Option(False, "--dry-run", help="Only show what would be removed."),
           yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
           as_json: bool = JSON_OPTION) -> None:
    """Remove memory for good, then verify nothing of it remains (nodes, edges, references, vector index)."""
    from graphmem import curate

    with store() as s:
        plan = curate.forget(s, user, entity=entity, event=event, fact=fact, everything=everything, dry_run=True)
        if not dry_run:
            if not yes and not typer.confirm(f"Forget {plan.target}: {plan.count} node(s) of {user}?"):
                raise typer.Exit(1)
            plan = curate.forget(s, user, entity=entity, event=event, fact=fact, everything=everything)
    if as_json:
        return emit_json(plan)
    table(("would forget " if plan.dry_run else "forgot ") + plan.target, ["kind", "n", "ids"],
          [[k, len(v), ", ".join(v[:5]) + (" …" if len(v) > 5 else "")] for k, v in plan.planned.items() if v])
    if not plan.dry_run:
        console.print("verified: nothing remains " + json.dumps(plan.remaining))


@fails_cleanly
def merge(user: str = USER, a: str = typer.Argument(..., help="The entity to keep."),
          b: str = typer.Argument(..., help="The entity folded into A (its names become aliases)."),
          as_json: bool = JSON_OPTION) -> None:
    """Merge entity B into A: aliases, facts with their history, mentions, preferences and relations move."""
    from graphmem import curate

    with store() as s:
        row = curate.merge(s, user, a, b)
    if as_json:
        return emit_json(row)
    console.print(f"merged into {row['name']} ({row['id']}); aliases: {', '.join(row['aliases'])}")


@fails_cleanly
def alias(user: str = USER, entity: str = typer.Argument(..., help="Entity name, alias or id."),
          name: str = typer.Argument(..., help="The new alias."), as_json: bool = JSON_OPTION) -> None:
    """Add an alias to an entity, so mentions of it link there."""
    from graphmem import curate

    with store() as s:
        row = curate.alias(s, user, entity, name)
    if as_json:
        return emit_json(row)
    console.print(f"{row['name']}: aliases {', '.join(row['aliases'])}")


def _set_status(user: str, fact: str, active: bool, as_json: bool) -> None:
    from graphmem import curate

    with store() as s:
        row = curate.set_fact_status(s, user, fact, active=active)
    if as_json:
        return emit_json(row)
    console.print(f"{row['id']} {row['key']} = {row['value']}: {row['status']}")


@fails_cleanly
def outdate(user: str = USER, fact: str = typer.Argument(..., help="Fact version id."),
            as_json: bool = JSON_OPTION) -> None:
    """Mark a fact outdated (kept in history, no longer recalled as current)."""
    _set_status(user, fact, False, as_json)


@fails_cleanly
def restore(user: str = USER, fact: str = typer.Argument(..., help="Fact version id."),
            as_json: bool = JSON_OPTION) -> None:
    """Make a fact version current again; the value it replaces becomes outdated."""
    _set_status(user, fact, True, as_json)


@fails_cleanly
def export(user: str = USER, output: Path = typer.Option(None, "-o", "--output", help="File (default: stdout).")) -> None:
    """Everything the user owns as JSON (history, provenance and embeddings included)."""
    from graphmem import curate

    with store() as s:
        data = curate.export(s, user)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if output is None:
        typer.echo(text)
    else:
        output.write_text(text, encoding="utf-8")
        console.print(f"wrote {len(data['nodes'])} nodes, {len(data['relationships'])} relationships to {output}")


@fails_cleanly
def import_(file: Path = typer.Argument(..., help="A file written by `graphmem export`."),
            replace: bool = typer.Option(False, "--replace", help="Overwrite the user if it exists."),
            as_json: bool = JSON_OPTION) -> None:
    """Load a user exported by `graphmem export` (exact round trip)."""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise InputError(f"cannot read {file}: {type(e).__name__}: {str(e)[:200]}") from None
    from graphmem import import_file

    nodes, rels = import_file.check(data)   # a malformed file is an InputError before anything connects
    total = len(nodes) + len(rels)
    from rich.progress import Progress

    from graphmem import curate

    with store() as s, Progress(console=console, transient=True, disable=as_json) as bar:
        task = bar.add_task("importing", total=total)
        counts = curate.import_(s, data, replace=replace, progress=lambda n: bar.advance(task, n))
    if as_json:
        return emit_json(counts)
    console.print(f"imported {counts['nodes']} nodes and {counts['relationships']} relationships")


@fails_cleanly
def ingest(file: Path = typer.Argument(..., help="JSON Lines: user_id, session_id, text[, role, at, turn_id]."),
           as_json: bool = JSON_OPTION) -> None:
    """Bulk-import conversations through the write path (gate, extraction, linking, versioning)."""
    from rich.progress import Progress

    from graphmem.ingest import ingest as run, read_turns

    total = len(read_turns(file))
    m = memory()
    try:
        with Progress(console=console, transient=True, disable=as_json) as bar:
            task = bar.add_task("ingesting", total=total)
            result = run(m, file, progress=lambda n: bar.advance(task, n))   # raises unless every turn is stored
    finally:
        m.close(timeout=10)   # what could not be stored stays journaled for the next run
    if as_json:
        return emit_json(result)
    console.print(f"ingested {result['turns']} turns of {result['users']} user(s); "
                  f"rejected by the gate: {result['rejected'] or 'none'}")


@fails_cleanly
def maintain(user: str = typer.Option(None, "--user", help="Only this user."), as_json: bool = JSON_OPTION) -> None:
    """Offline rescoring: lower or archive low-quality, stale memories (never deletes)."""
    from graphmem.write import rescore

    with store() as s:
        report = rescore(s, user_id=user)
    if as_json:
        return emit_json(report)
    table("maintain", ["examined", "lowered", "archived"], [[report.examined, report.lowered, report.archived]])
