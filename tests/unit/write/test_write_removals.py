"""A removal that names only a value takes the key that holds it (graphmem.write.removals), or is dropped."""

from types import SimpleNamespace

from graphmem.linking.types import Statement
from graphmem.write import removals


class Tx:
    def __init__(self, rows):
        self.rows, self.calls = rows, []

    def run(self, name, params):
        self.calls.append(name)
        return self.rows


def work(*statements, user="u1"):
    me = SimpleNamespace(id="me-" + user)
    return SimpleNamespace(turn=SimpleNamespace(tenant="t", user_id=user), statements=list(statements),
                           entity_of={i: me for i in range(len(statements))})


def gone(value):
    return Statement(kind="attribute", value=value, polarity=-1, is_change=True)


def test_the_key_comes_from_the_graph_or_from_earlier_in_the_batch():
    w1 = work(Statement(kind="attribute", key="medication", value="Metformin"))
    w2 = work(gone("metformin"), gone("Biscuit"), gone("nothing held"))
    tx = Tx([{"entity_id": "me-u1", "key": "pet", "value": "Biscuit"}])
    removals.resolve([w1, w2], tx)
    assert [(s.key, s.value) for s in w2.statements[:2]] == [("medication", "metformin"), ("pet", "Biscuit")]
    assert sorted(w2.entity_of) == [0, 1]            # the unheld one has no subject: no fact is written
    assert tx.calls == ["read/held_values"]


def test_no_removal_no_read():
    tx = Tx([])
    removals.resolve([work(Statement(kind="attribute", key="pet", value="Miso"))], tx)
    assert tx.calls == []
