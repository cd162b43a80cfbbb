"""The one exceptions module. Every error graphmem raises on purpose is a GraphmemError.

GraphmemError
├── ConfigError            settings or environment are wrong (bad URI, unknown embedder, missing JDK)
├── ServerError            the local Neo4j launcher could not do what was asked
│   └── PortInUseError     a port graphmem needs is taken by another process
├── StoreError             talking to Neo4j failed
│   ├── StoreUnavailable   Neo4j cannot be reached (down, wrong URI); names the URI and how to start it
│   ├── AuthError          Neo4j refused the credentials
│   │   └── AuthRateLimited  Neo4j refuses every login for a while after repeated failed ones (by any process)
│   ├── StoreBusy          a transient server error outlasted the driver's retries (locks, memory, leader switch)
│   └── QueryError         a statement failed on the server (bad Cypher, constraint violation)
├── SchemaError            a migration failed or indexes did not come ONLINE in time
├── UnknownQuery           a query name has no .cypher file
├── ModelError             a model (spaCy, embedder) could not be loaded offline
├── InputError             a message or argument is empty, too large, binary or malformed
│   └── AccessDenied       an agent asked to write outside the scopes it is granted (graphmem.scopes)
└── NotFound               a user, entity, fact or event does not exist for this (tenant, user)

The CLI prints ``str(error)`` on one line and exits with ``error.exit_code``: 3 server, 4 Neo4j, 5 schema,
6 model, 7 bad input, 8 not found, 9 configuration. 1 is a declined confirmation or a failed check, 2 a usage
error (unknown command or option, bad option value). The write path keeps a turn
journaled and backs off on StoreUnavailable, AuthError, StoreBusy, ModelError and ConfigError (faults of the
server or the setup); only other errors count against the turn and may move it to the dead table.
"""


class GraphmemError(Exception):
    exit_code = 1


class ConfigError(GraphmemError):
    exit_code = 9   # 2 is a usage error (an unknown command or option), as for every Click program


class ServerError(GraphmemError):
    exit_code = 3


class PortInUseError(ServerError):
    pass


class StoreError(GraphmemError):
    exit_code = 4


class StoreUnavailable(StoreError):
    pass


class AuthError(StoreError):
    pass


class AuthRateLimited(AuthError):
    pass


class StoreBusy(StoreError):
    pass


class QueryError(StoreError):
    pass


class SchemaError(GraphmemError):
    exit_code = 5


class UnknownQuery(GraphmemError):
    pass


class ModelError(GraphmemError):
    exit_code = 6


class InputError(GraphmemError):
    exit_code = 7


class AccessDenied(InputError):
    pass


class NotFound(GraphmemError):
    exit_code = 8
