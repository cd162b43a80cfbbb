"""Commands that change a user's graph: forget, merge, undo, rename, alias, outdate, restore, export, import,
ingest, maintain. Every destructive or bulk one shows what it would do, with the text of each memory, and asks
unless --yes; --dry-run only shows."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from graphmem.cli.common import (JSON_OPTION, WIDE_OPTION, confirm, console, emit_json, fails_cleanly, in_tenant,
                                 memory, store, table)
from graphmem.errors import InputError

USER = typer.Argument(..., help="The user id (within GRAPHMEM_TENANT).")
DRY_RUN = typer.Option(False, "--dry-run", help="Only show what would change (with each memory's text).")
YES = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation.")


def register(app: typer.Typer) -> None:
    for fn in (forget, merge, undo, rename, alias, outdate, restore, export, maintain, ingest):
        app.command(epilog=EXAMPLES.get(fn.__name__))(in_tenant(fn))
    app.command(name="import", epilog=EXAMPLES["import"])(in_tenant(import_))


@fails_cleanly
def forget(user: str = USER,
           entity: str = typer.Option(None, "--entity", help="An entity (name, alias or id), its facts, and the turns "
                                                             "only about it (turns about other things too stay)."),
           event: str = typer.Option(None, "--event", help="One turn's event id (or a statement event's) with its "
                                                           "statement events and the facts derived only from them."),
           fact: str = typer.Option(None, "--fact", help="One fact version id."),
           everything: bool = typer.Option(False, "--all", help="All of the user's memory."),
           dry_run: bool = DRY_RUN, yes: bool = YES, wide: bool = WIDE_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Remove memory for good, then verify nothing of it remains (nodes, edges, references, vector index)."""
    from graphmem import curate

    with store() as s:
        plan = curate.forget(s, user, entity=entity, event=event, fact=fact, everything=everything, dry_run=True)
        if not as_json:
            _show_forget(plan)
        if not dry_run:
            confirm(f"Forget {plan.target}: {plan.count} node(s) of {user}?", yes)
            plan = curate.forget(s, user, entity=entity, event=event, fact=fact, everything=everything)
    if as_json:
        return emit_json(plan)
    if not plan.dry_run:
        console.print(f"forgot {plan.target}; verified: nothing remains " + json.dumps(plan.remaining), highlight=False)


def _show_forget(plan) -> None:
    said = plan.described
    rows = [[kind.rstrip("s"), i, said.get(i, "")] for kind, ids in plan.planned.items() if kind != "profiles"
            for i in ids if kind != "sessions" or not said.get(i)]
    table(f"would forget ({plan.target})", ["kind", "id", "what it says"], rows)
    if plan.kept:
        table("kept: these turns mention it and other things too (only the link to it goes)",
              ["id", "text"], [[i, said.get(i, "")] for i in plan.kept])
    if plan.redacted:
        console.print(f"{len(plan.redacted)} remaining text(s) that state a forgotten fact will have it replaced by "
                      f"[forgotten]: {', '.join(plan.redacted)}", highlight=False, markup=False)


@fails_cleanly
def merge(user: str = USER, a: str = typer.Argument(..., help="The entity to keep."),
          b: str = typer.Argument(..., help="The entity folded into A (its names become aliases)."),
          dry_run: bool = DRY_RUN, yes: bool = YES, as_json: bool = JSON_OPTION) -> None:
    """Merge entity B into A: aliases, facts with their history, mentions, preferences and relations move.
    `graphmem undo USER` takes it back."""
    from graphmem import curate

    with store() as s:
        plan = curate.merge(s, user, a, b, dry_run=True)
        if not as_json:
            _show_merge(plan)
        if not dry_run:
            confirm(f"Merge {plan['absorbed_names'][0]!r} into {a!r}?", yes)
            plan = curate.merge(s, user, a, b)
    if as_json:
        return emit_json(plan)
    if not plan.get("dry_run"):
        console.print(f"merged into {plan['name']} ({plan['id']}); aliases: {', '.join(plan['aliases'])}\n"
                      f"undo: graphmem undo {user}", highlight=False, markup=False)


def _show_merge(plan: dict) -> None:
    console.print(f"would fold {plan['absorb']} ({', '.join(plan['absorbed_names'])}) into {plan['keep']}: "
                  f"{plan['mentions']} mention(s), {plan['relations']} relation(s) move", highlight=False, markup=False)
    table("facts that move", ["fact"], [[f] for f in plan["facts"]])


@fails_cleanly
def undo(user: str = USER, entity: str = typer.Option(None, "--entity", help="Only a merge into this entity."),
         dry_run: bool = DRY_RUN, yes: bool = YES, as_json: bool = JSON_OPTION) -> None:
    """Undo the newest merge: the absorbed entity comes back with its card, facts, mentions and relations."""
    from graphmem import curate

    with store() as s:
        plan = curate.unmerge(s, user, entity, dry_run=True)
        if not as_json:
            console.print(f"would split {plan['restored_name']!r} ({plan['restored']}) out of {plan['name']!r} again "
                          f"(merged {plan['merged_at']}): {plan['facts']} fact(s), {plan['mentions']} mention(s), "
                          f"{plan['relations']} relation(s)", highlight=False, markup=False)
        if not dry_run:
            confirm("Undo this merge?", yes)
            plan = curate.unmerge(s, user, entity)
    if as_json:
        return emit_json(plan)
    if not plan["dry_run"]:
        console.print(f"{plan['restored_name']!r} is its own entity again ({plan['restored']})", highlight=False)


@fails_cleanly
def rename(user: str = USER, entity: str = typer.Argument(..., help="Entity name, alias or id."),
           name: str = typer.Argument(..., help="The new name (the old one stays an alias)."),
           dry_run: bool = DRY_RUN, as_json: bool = JSON_OPTION) -> None:
    """Rename an entity; its old name stays as an alias, so mentions of it still link here."""
    from graphmem import curate

    with store() as s:
        row = curate.rename(s, user, entity, name, dry_run=dry_run)
    if as_json:
        return emit_json(row)
    verb = "would rename" if row["dry_run"] else "renamed"
    console.print(f"{verb} {row['old_name']!r} to {row['name']!r}" + ("" if row["dry_run"] else
                  f"; aliases: {', '.join(row['aliases'])}"), highlight=False, markup=False)


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


@fails_cleanly
def outdate(user: str = USER, fact: str = typer.Argument(..., help="Fact version id."),
            dry_run: bool = DRY_RUN, yes: bool = YES, as_json: bool = JSON_OPTION) -> None:
    """Mark a fact outdated from now (its period ends; kept in history, no longer recalled as current)."""
    from graphmem import curate

    with store() as s:
        now = curate.set_fact_status(s, user, fact, active=False, dry_run=True)
        if not as_json:
            console.print(f"would outdate {now['id']}: {now['text']}", highlight=False, markup=False)
        if not dry_run:
            confirm("Outdate it?", yes)
            now = curate.set_fact_status(s, user, fact, active=False)
    if as_json:
        return emit_json(now)
    if not now.get("dry_run"):
        console.print(f"{now['id']}: {now['text']}", highlight=False, markup=False)


@fails_cleanly
def restore(user: str = USER,
            memory_id: str = typer.Argument(..., metavar="ID", help="An outdated fact version, or an archived fact "
                                                                    "or event (see `events --status archived`)."),
            dry_run: bool = DRY_RUN, as_json: bool = JSON_OPTION) -> None:
    """Bring a memory back: an archived one as it was; an outdated fact as the current value again (a new
    version from now, so the timeline before stays as it was)."""
    from graphmem import curate

    with store() as s:
        row = curate.restore(s, user, memory_id, dry_run=dry_run)
    if as_json:
        return emit_json(row)
    if row.get("dry_run"):
        console.print(f"would restore {row['id']} ({row['status']}): {row['text']} -> {row['becomes']}",
                      highlight=False, markup=False)
    else:
        console.print(f"restored: {row['id']}: {row['text']}", highlight=False, markup=False)


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
            dry_run: bool = DRY_RUN, yes: bool = YES, as_json: bool = JSON_OPTION) -> None:
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

    with store() as s:
        user_id = data.get("user_id")
        exists = replace and s.run("curate/user_exists", curate._scope(s, user_id))[0]["exists"]
        if exists or dry_run:
            from graphmem.write import reads

            now = reads.user_stats(s, user_id) if exists else {}
            console.print(f"{file} holds {len(nodes)} nodes and {len(rels)} relationships of user {user_id!r}"
                          + (f"; it would replace {user_id!r}, who now has {now.get('events', 0)} events, "
                             f"{now.get('active_facts', 0)} active facts and {now.get('entities', 0)} entities "
                             f"(forgotten first)" if exists else ""), highlight=False, markup=False)
        if dry_run:
            return emit_json({"dry_run": True, "nodes": len(nodes), "relationships": len(rels),
                              "replaces": bool(exists)}) if as_json else None
        if exists:
            confirm(f"Replace user {user_id!r}?", yes)
        with Progress(console=console, transient=True, disable=as_json) as bar:
            task = bar.add_task("importing", total=total)
            counts = curate.import_(s, data, replace=replace, progress=lambda n: bar.advance(task, n))
    if as_json:
        return emit_json(counts)
    console.print(f"imported {counts['nodes']} nodes and {counts['relationships']} relationships")


@fails_cleanly
def ingest(file: Path = typer.Argument(..., help="JSON Lines or CSV (.csv): user, session, text[, turn, role, "
                                                  "speaker, at] per line; see `graphmem ingest --help`."),
           fmt: str = typer.Option(None, "--format", help="jsonl or csv (default: csv for a .csv file, else jsonl)."),
           as_json: bool = JSON_OPTION) -> None:
    """Bulk-import conversations through the write path (gate, extraction, linking, versioning); the bar counts
    turns as they are stored, not as they are queued. Columns (CSV header or JSON keys): user, session, text
    (required), turn (default: the line number), role (user, assistant, participant), speaker, at (ISO 8601)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from graphmem.ingest import ingest as run, read_turns

    total = len(read_turns(file, fmt))
    m = memory()
    try:
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True, disable=as_json) as bar:
            task = bar.add_task("storing turns", total=total)
            result = run(m, file, progress=lambda n: bar.advance(task, n), fmt=fmt)   # raises unless all stored
    finally:
        m.close(timeout=10)   # what could not be stored stays journaled for the next run
    if as_json:
        return emit_json(result)
    console.print(f"ingested {result['turns']} turns of {result['users']} user(s); "
                  f"rejected by the gate: {result['rejected'] or 'none'}")


@fails_cleanly
def maintain(user: str = typer.Option(None, "--user", help="Only this user."),
             recent_days: float = typer.Option(30.0, "--recent-days",
                                               help="Never archive what recall returned within this many days."),
             dry_run: bool = DRY_RUN, yes: bool = YES, wide: bool = WIDE_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Offline rescoring: lower the scores of stale memories and archive low-quality ones (never deletes; never
    archives what recall returned recently, a fact nothing else holds, or what you restored)."""
    from graphmem.write import rescore

    with store() as s:
        plan = rescore(s, user_id=user, recent_days=recent_days, dry_run=True)
        if not as_json:
            _show_maintain(plan)
        if not dry_run and plan.lowered:
            confirm(f"Archive {plan.archived} and rescore {plan.lowered} memories?", yes)
            plan = rescore(s, user_id=user, recent_days=recent_days)
    if as_json:
        return emit_json(plan)
    if not plan.dry_run:
        console.print(f"archived {plan.archived}, rescored {plan.lowered} of {plan.examined}; list them with "
                      f"`graphmem events USER --status archived`, bring one back with `graphmem restore USER ID`",
                      highlight=False, markup=False)


def _show_maintain(plan) -> None:
    kept = ", ".join(f"{n} {why}" for why, n in sorted(plan.protected.items())) or "none"
    console.print(f"examined {plan.examined}; would rescore {plan.lowered}; kept from archiving: {kept} "
                  f"(recalled = recall returned it lately, unique = nothing else holds its fact, kept = restored "
                  f"by you)", highlight=False, markup=False)
    table("would archive", ["user", "id", "kind", "text"],
          [[i["user_id"], i["id"], i["label"], i["text"]] for i in plan.archived_items])


EXAMPLES = {
    "forget": "\b\nExamples:\n  graphmem forget alice --entity Understood --dry-run\n"
              "  graphmem forget alice --fact fa_0123abcd --yes",
    "merge": "\b\nExamples:\n  graphmem merge alice \"my ThinkPad\" \"that laptop\" --dry-run\n  graphmem undo alice",
    "undo": "\b\nExample:\n  graphmem undo alice --dry-run",
    "rename": "\b\nExample:\n  graphmem rename alice \"ThinkPad\" \"ThinkPad E14\"",
    "outdate": "\b\nExample:\n  graphmem history alice me budget --wide\n  graphmem outdate alice fa_0123abcd",
    "restore": "\b\nExamples:\n  graphmem events alice --status archived\n  graphmem restore alice ev_0123abcd",
    "maintain": "\b\nExamples:\n  graphmem maintain --user alice --dry-run\n  graphmem maintain --yes",
    "alias": "\b\nExample:\n  graphmem alias alice \"my ThinkPad\" \"work laptop\"",
    "export": "\b\nExample:\n  graphmem export alice -o alice.json",
    "ingest": "\b\nExamples:\n  graphmem ingest chats.jsonl\n  graphmem ingest chats.csv   "
              "# header: user,session,turn,text,role,speaker,at",
    "import": "\b\nExample:\n  graphmem import alice.json --replace --dry-run",
}
