"""The grants cache (graphmem.grants): one query per agent per cache period; a change made here is seen at once."""

from graphmem.grants import Grants


class FakeStore:
    def __init__(self):
        self.teams, self.reads = {}, 0

    def run(self, name, params, write=False):
        agent = params.get("agent")
        if name == "scope/grants":
            self.reads += 1
            return [{"agent": a, "team": t, "granted_at": None} for a, ts in sorted(self.teams.items()) for t in ts
                    if agent is None or a == agent]
        if name == "scope/grant":
            self.teams.setdefault(agent, set()).add(params["team"])
            return [{"agent": agent, "team": params["team"], "granted_at": params["at"], "created": True}]
        if name == "scope/revoke":
            had = params["team"] in self.teams.get(agent, set())
            self.teams.get(agent, set()).discard(params["team"])
            return [{"removed": int(had)}]
        raise AssertionError(name)


def test_cached_per_agent_and_a_local_change_is_seen_at_once():
    store = FakeStore()
    g = Grants(store, "t1", cache_seconds=60)
    assert g.teams("planner") == frozenset() and g.teams("planner") == frozenset() and store.reads == 1
    g.grant("planner", "travel")
    assert g.teams("planner") == {"travel"} and store.reads == 2
    store.teams["planner"].add("finance")          # another process grants: seen only once the period ends
    assert g.teams("planner") == {"travel"} and store.reads == 2
    g.cache_seconds = 0
    assert g.teams("planner") == {"travel", "finance"} and store.reads == 3
    assert g.revoke("planner", "finance") and not g.revoke("planner", "finance")
    assert g.teams("planner") == {"travel"}
    assert [(r["agent"], r["team"]) for r in g.list()] == [("planner", "travel")]
