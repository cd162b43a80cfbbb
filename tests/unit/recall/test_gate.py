"""The context gate (graphmem.recall.gate): nothing relevant, nothing injected, and why."""

from dataclasses import dataclass, field

from graphmem.recall.gate import ContextGate, Injected, gate, relevant, semantic


@dataclass
class R:
    score: float
    sem: float = 0.0
    explanation: dict = field(default_factory=dict)

    def __post_init__(self):
        self.explanation = {"components": {"semantic": self.sem}}


def test_no_gate_keeps_everything():
    found = [R(0.011), R(0.5)]
    assert gate(found, ContextGate()) == (found, None)
    assert gate([], ContextGate(min_best=0.5)) == ([], None)


def test_nothing_relevant_injects_nothing_and_says_why():
    kept, why = gate([R(0.021), R(0.014)], ContextGate(min_best=0.03))
    assert kept == [] and "nothing relevant" in why and "0.021" in why


def test_one_relevant_memory_brings_the_others_along():
    found = [R(0.2), R(0.012), R(0.05)]
    assert gate(found, ContextGate(min_best=0.03)) == (found, None)


def test_per_memory_floor():
    found = [R(0.2), R(0.012), R(0.05)]
    kept, why = gate(found, ContextGate(min_best=0.03, min_each=0.03))
    assert [r.score for r in kept] == [0.2, 0.05] and why is None


def test_semantic_condition_and_sure_bypass():
    g = ContextGate(min_best=0.03, min_semantic=0.1, sure=0.2)
    assert not relevant(0.1, 0.05, g)        # likely enough but not on topic
    assert relevant(0.1, 0.15, g)            # both
    assert relevant(0.25, 0.0, g)            # sure whatever its semantic
    assert not relevant(0.02, 0.9, g)        # on topic but below the floor
    assert not relevant(0.25, 0.0, ContextGate(min_best=0.03, min_semantic=0.1))   # sure 0: no bypass
    kept, why = gate([R(0.1, 0.05)], g)
    assert kept == [] and "semantic" in why
    assert semantic(R(0.1, 0.4)) == 0.4 and semantic(object()) == 0.0


def test_injected_is_a_list_with_a_reason():
    out = Injected([1, 2])
    assert out == [1, 2] and out.why is None
    out.why = "nothing relevant"
    assert list(out) == [1, 2]


def test_a_very_close_memory_counts_whatever_its_score():
    g = ContextGate(min_best=0.03, min_semantic=0.1, sure=0.2, close=0.3)
    assert relevant(0.011, 0.35, g)          # "What should I avoid eating?" -> the allergy
    assert not relevant(0.011, 0.25, g)
    assert not relevant(0.011, 0.35, ContextGate(min_best=0.03, min_semantic=0.1, sure=0.2))   # close 0: never
    assert gate([R(0.011, 0.35), R(0.01)], g) == ([R(0.011, 0.35), R(0.01)], None)
