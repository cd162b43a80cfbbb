"""spaCy is imported without torch (thinc would load it, ~0.5 GB), and torch still imports afterwards."""

import subprocess
import sys

SCRIPT = """
import sys
from graphmem.linking import nlp
doc = nlp.english()("My sister Anna moved to Boston.")
assert [e.text for e in doc.ents], "spaCy NER ran"
nlp.chinese()("那个笔记本")
print("torch loaded by spaCy:", "torch" in sys.modules)
import torch
print("torch imports after:", torch.tensor([1.0, 2.0]).sum().item() == 3.0)
"""


def test_spacy_loads_without_torch_and_torch_imports_later():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "torch loaded by spaCy: False" in out.stdout
    assert "torch imports after: True" in out.stdout
