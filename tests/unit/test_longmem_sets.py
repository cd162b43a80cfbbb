"""The LongMemEval-shaped sets of ``bench/longmem_bench.py`` are well formed (no database, no protocol needed)."""

from __future__ import annotations

import copy
import json

from bench.longmem_bench import SETS, TYPES, problems

HAYSTACK = {
    "sessions": [{"id": "a_s01", "date": "2023/05/20 (Sat) 14:02", "turns": [
        {"role": "user", "content": "I'm vegetarian, so pasta places are perfect."},
        {"role": "assistant", "content": "Then try Osteria Langhe in Logan Square."}]}],
    "questions": [
        {"question_id": "a_q01", "question_type": "single-session-assistant", "question": "Which place did you suggest?",
         "question_date": "2023/07/01 (Sat) 10:00", "evidence": ["a_s01_2"], "answer_session_ids": ["a_s01"]},
        {"question_id": "a_q02_abs", "question_type": "single-session-user", "question": "What is my dog called?",
         "question_date": "2023/07/01 (Sat) 10:00", "evidence": [], "answer_session_ids": []}],
}


def test_a_well_formed_haystack_has_no_problems_and_each_mistake_is_named():
    assert problems(HAYSTACK) == []
    for change, expected in [
        (lambda h: h["sessions"][0].update(date="2023/05/20 (Mon) 14:02"), "not a date"),
        (lambda h: h["questions"][0].update(evidence=["a_s01_3"]), "does not have"),
        (lambda h: h["questions"][0].update(answer_session_ids=["a_s02"]), "answer_session_ids"),
        (lambda h: h["questions"][1].update(evidence=["a_s01_1"], answer_session_ids=["a_s01"]), "abstention"),
        (lambda h: h["questions"][0].update(question_type="trivia"), "unknown question_type"),
        (lambda h: h["questions"][1].update(question_id="a_q01"), "used twice"),
    ]:
        h = copy.deepcopy(HAYSTACK)
        change(h)
        assert any(expected in p for p in problems(h)), expected


def test_the_committed_sets_are_well_formed_and_cover_every_question_type():
    for split in ("dev", "heldout"):
        files = sorted((SETS / split).glob("*.json"))
        assert len(files) >= 2, split
        seen = set()
        for f in files:
            h = json.loads(f.read_text(encoding="utf-8"))
            assert problems(h) == [], f.name
            seen |= {q["question_type"] for q in h["questions"] if q["evidence"]}
        assert seen == set(TYPES[:-1]), split
