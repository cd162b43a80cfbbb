"""Small talk by example: the write gate's nearest-neighbour check (zero LLM calls).

The gate's rules catch the small talk they have words for; a new phrasing ("风跟刀子一样", "this coffee is
hitting today") slips through them but still *reads* like small talk to the embedding model.
``graphmem/data/gate_examples.tsv`` holds hand-written user messages labelled ``smalltalk`` or ``info``
(the informative ones deliberately close in topic: "switched to decaf after 2pm", "孩子低烧38度"). A turn reads
as small talk when its nearest small-talk examples are clearly closer than its nearest informative ones, and
close in absolute terms. The examples are embedded once per embedder and process, with the turn's own model.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from importlib import resources

import numpy as np

K = 3            # neighbours averaged on each side
MARGIN = 0.10    # small-talk side at least this much closer than the informative side ...
FLOOR = 0.45     # ... and at least this close itself


def margin(vec: np.ndarray, vectors: np.ndarray, small: np.ndarray, k: int = K) -> tuple[float, float]:
    """(mean cosine of the k nearest small-talk examples, the same for the informative ones). Pure;
    ``vec`` and the rows of ``vectors`` are L2-normalised, ``small`` marks the small-talk rows."""
    sims = vectors @ vec
    near = lambda s: float(np.sort(s)[-k:].mean()) if len(s) else 0.0   # noqa: E731
    return near(sims[small]), near(sims[~small])


@dataclass(frozen=True)
class Examples:
    vectors: np.ndarray
    small: np.ndarray

    def reads_as_small_talk(self, vec: np.ndarray | None) -> bool:
        if vec is None or not len(self.vectors):
            return False
        chat, info = margin(np.asarray(vec, dtype=np.float32), self.vectors, self.small)
        return chat >= FLOOR and chat - info >= MARGIN


def read_examples() -> list[tuple[str, str]]:
    """(label, text) rows of the bundled examples file."""
    raw = (resources.files("graphmem") / "data" / "gate_examples.tsv").read_text(encoding="utf-8")
    rows = [line.split("\t", 1) for line in raw.splitlines() if "\t" in line and not line.startswith("#")]
    return [(label.strip(), text.strip()) for label, text in rows if label.strip() in ("smalltalk", "info")]


_embedded: dict[int, tuple[object, Examples]] = {}    # id(embedder) → (embedder, its examples); any embedder
_lock = threading.Lock()


def examples(embedder) -> Examples:
    """The examples embedded by ``embedder`` (once per embedder instance and process)."""
    with _lock:
        hit = _embedded.get(id(embedder))
        if hit is None:   # the embedder is kept with its examples, so its id is never reused
            rows = read_examples()
            vectors = np.asarray(embedder.embed([t for _, t in rows]), dtype=np.float32)
            small = np.array([label == "smalltalk" for label, _ in rows])
            hit = _embedded[id(embedder)] = (embedder, Examples(vectors, small))
        return hit[1]
