"""``graphmem neo4j up|warm|down|status|logs|password|admin``: a local Neo4j without Docker."""

from __future__ import annotations

import typer

from graphmem.cli.common import JSON_OPTION, console, emit_json, fails_cleanly, settings

app = typer.Typer(help="Run a local Neo4j 5.26 Community server from Maven Central jars (no Docker).",
                  no_args_is_help=True, rich_markup_mode=None)


@app.command()
@fails_cleanly
def up(timeout: float = typer.Option(180.0, help="Seconds to wait for Bolt to answer.")) -> None:
    """Provision (once) and start Neo4j; wait until Bolt answers. Harmless when already running."""
    from graphmem.docker import launcher

    st = launcher.up(settings(), timeout=timeout)
    console.print(f"neo4j {st.version} running (pid {st.pid}) bolt {st.bolt}  browser {st.http}")


@app.command()
@fails_cleanly
def warm(seconds: float = typer.Option(60.0, help="About how long to run (at most 900).")) -> None:
    """Run graphmem's write path and recall against a server just started (any server, after `graphmem init`), in a
    scratch tenant deleted afterwards, so Neo4j compiles its hot code before your agent waits on it."""
    from graphmem.warmup import warm as run

    w = run(settings(), seconds)
    console.print(f"neo4j warmed: {w.turns} messages written and {w.contexts} recalls in {w.seconds:g} s "
                  "(scratch tenant deleted)")


@app.command()
@fails_cleanly
def down() -> None:
    """Stop Neo4j cleanly (SIGTERM, then SIGKILL after 60 s)."""
    from graphmem.docker import launcher

    was = launcher.down(settings())
    console.print("neo4j stopped" if was else "neo4j was not running")


@app.command()
@fails_cleanly
def status(as_json: bool = JSON_OPTION) -> None:
    """Whether the local server runs, its pid, version and addresses. Exit 1 when it is not running."""
    from graphmem.docker import launcher

    st = launcher.status(settings())
    if as_json:
        emit_json(st)
    else:
        state = f"running (pid {st.pid})" if st.running else "stopped" + (" (stale pid file)" if st.stale_pid else "")
        console.print(f"neo4j {st.version} {state}  bolt {st.bolt}  browser {st.http}")
    if not st.running:
        raise typer.Exit(1)


@app.command()
@fails_cleanly
def logs(lines: int = typer.Option(50, "-n", "--lines", help="How many lines."),
         file: str = typer.Option("neo4j.log", help="neo4j.log, debug.log or console.log.")) -> None:
    """The end of the server's log."""
    from graphmem.docker import launcher

    typer.echo(launcher.logs(settings(), lines, file))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
@fails_cleanly
def admin(ctx: typer.Context) -> None:
    """neo4j-admin on the local server's home, from the same jars: backups and restores (see docs/operations.md).

    \b
    Example:
      graphmem neo4j down && graphmem neo4j admin database dump neo4j --to-path=backups && graphmem neo4j up
    """
    from graphmem.docker import launcher

    raise typer.Exit(launcher.admin(settings(), list(ctx.args)))


@app.command()
@fails_cleanly
def password() -> None:
    """Print the generated Neo4j password (it is never printed otherwise)."""
    from graphmem.docker import launcher

    typer.echo(settings().resolved_password())
