"""The ``graphmem`` command: parse, call one library function, render. Errors become one line + exit code.

Start-up stays near a bare ``import typer, rich`` (``bench/cli_bench.py``): command modules import the library
inside each command, read-only commands read over HTTP (no driver import), Typer's per-parameter pydantic
conversion is replaced for plain types (``common.light_params``) and help is Click's plain text.
"""

from __future__ import annotations

import sys

import typer

from graphmem.cli import common, curate_cmd, demo_cmd, inspect_cmd, mcp_cmd, neo4j_cmd, setup_cmd
from graphmem.errors import GraphmemError

common.light_params()
app = typer.Typer(
    name="graphmem",
    help="Knowledge-graph long-term memory for AI agents: run Neo4j, inspect and curate a user's graph.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(neo4j_cmd.app, name="neo4j")
setup_cmd.register(app)
inspect_cmd.register(app)
curate_cmd.register(app)
demo_cmd.register(app)
mcp_cmd.register(app)


def _version(value: bool) -> None:
    if value:
        from graphmem import __version__

        typer.echo(f"graphmem {__version__}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Knowledge-graph long-term memory for AI agents: run Neo4j, inspect and curate a user's graph."""


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    try:
        app(args=argv, standalone_mode=True)
    except GraphmemError as e:
        print(f"graphmem: {e}", file=sys.stderr)
        sys.exit(e.exit_code)


if __name__ == "__main__":
    main()
