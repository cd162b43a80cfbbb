"""The ``graphmem`` command: parse, call one library function, render. Errors become one line + exit code."""

from __future__ import annotations

import sys

import typer

from graphmem.cli import curate_cmd, demo_cmd, inspect_cmd, mcp_cmd, neo4j_cmd, setup_cmd
from graphmem.errors import GraphmemError

app = typer.Typer(
    name="graphmem",
    help="Knowledge-graph long-term memory for AI agents: run Neo4j, inspect and curate a user's graph.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(neo4j_cmd.app, name="neo4j")
setup_cmd.register(app)
inspect_cmd.register(app)
curate_cmd.register(app)
demo_cmd.register(app)
mcp_cmd.register(app)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    try:
        app(args=argv, standalone_mode=True)
    except GraphmemError as e:
        print(f"graphmem: {e}", file=sys.stderr)
        sys.exit(e.exit_code)


if __name__ == "__main__":
    main()
