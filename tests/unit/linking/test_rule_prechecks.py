"""The statement rules' cheap pre-checks change no answer: the English change cue's literal test says "no" only
where the cue pattern finds nothing."""

from graphmem.lang.en import rules as en
from graphmem.linking import statements

CUES = tuple(statements._cues("change", "en"))
OTHER = ["I like tea", "I’m fine, thanks", "We met in Zürich", "Naïve café talk", "it's fine", "no", ""]


def _pattern(text: str) -> bool:
    return bool(statements._cue_re("change", statements.pack("en")).search(text))


def test_every_change_cue_passes_the_literal_test_in_any_case_and_apostrophe():
    assert CUES
    for cue in CUES:
        for form in (cue, cue.upper(), cue.title(), cue.replace("'", "\u2019"), cue.replace("'", "")):
            text = f"Well, {form} at the end."
            assert en._may_hold(en._cue_parts(CUES), text) or not _pattern(text), form
            assert en.is_change(text, "en") == _pattern(text), form


def test_the_literal_test_is_the_pattern_on_other_texts():
    for text in OTHER + [f"{c[:-1]}" for c in CUES]:
        assert en.is_change(text, "en") == _pattern(text), text


def test_no_literal_test_for_non_ascii_cues():
    assert en._cue_parts(("à la place",)) is None
    assert en._may_hold(None, "anything")

