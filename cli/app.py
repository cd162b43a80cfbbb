"""The ``graphmem`` command: parse, call one library function, render. Errors become one line + exit code.

Start-up stays near a bare ``import typer, rich`` (``bench/cli_bench.py``): command modules import the library
inside each command, read-only commands read over HTTP (no driver import), Typer's per-parameter pydantic
conversion is replaced for plain types (``common.light_params``) and help is Click's plain text.
"""

from __future__ import annotations

import sys

import typer

from graphmem.cli import agents_cmd, common, curate_cmd, demo_cmd, inspect_cmd, mcp_cmd, neo4j_cmd, setup_cmd
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
app.add_typer(agents_cmd.app, name="agents")
setup_cmd.register(app)
inspect_cmd.register(app)
curate_cmd.register(app)
demo_cmd.register(app)
mcp_cmd.register(app)

EXAMPLES = {   # the commands whose modules give none of their own
    "init": "\b\nExample:\n  graphmem neo4j up && graphmem init && graphmem doctor",
    "doctor": "\b\nExample:\n  graphmem doctor --json",
    "demo": "\b\nExamples:\n  graphmem demo --user demo-en\n  GRAPHMEM_TENANT=graphmem-demo graphmem users",
    "mcp": "\b\nExamples:\n  graphmem mcp\n  GRAPHMEM_MCP_TOKEN=secret graphmem mcp --transport http --port 8765",
    "up": "\b\nExample:\n  graphmem neo4j up && graphmem neo4j status",
    "warm": "\b\nExample:\n  graphmem neo4j up && graphmem init && graphmem neo4j warm --seconds 60",
    "down": "\b\nExample:\n  graphmem neo4j down",
    "status": "\b\nExample:\n  graphmem neo4j status --json",
    "logs": "\b\nExample:\n  graphmem neo4j logs -n 100 --file debug.log",
    "password": "\b\nExample:\n  export GRAPHMEM_NEO4J_PASSWORD=\"$(graphmem neo4j password)\"",
    "admin": "\b\nExample:\n  graphmem neo4j down && graphmem neo4j admin database dump neo4j --to-path=backups",
}
for info in [*app.registered_commands, *neo4j_cmd.app.registered_commands]:
    name = info.name or info.callback.__name__
    info.epilog = info.epilog or EXAMPLES.get(name)
app.info.epilog = ("\b\nStart here:\n  graphmem neo4j up && graphmem init     # a local Neo4j and the schema\n"
                   "  graphmem users                          # who is in GRAPHMEM_TENANT\n"
                   "  graphmem recall alice \"what laptop do I have?\" --explain\n"
                   "\b\nExit codes: 1 declined or a check failed, 2 usage (unknown command or option), 3 server,\n"
                   "  4 Neo4j, 5 schema, 6 model, 7 bad input, 8 not found, 9 configuration.")


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
