"""A long recalled message is cut to the sentences that bear on the question; a short one, or one no sentence of
which shares a word with the question, is quoted whole."""

from datetime import datetime, timedelta, timezone

from graphmem.recall.focus import CUT, focus, stems
from graphmem.recall.rewrite import rewrite
from graphmem.recall.types import Candidate

POTTERY = ("I just signed up for a pottery class yesterday. It's like therapy for me, letting me express myself and "
           "get creative. Have you found any activities that make you feel the same way? [shares a photo of a "
           "person holding a frisbee in their hand].")
ASKED = stems("When did Melanie sign up for a pottery class?")


def test_a_short_message_or_no_limit_keeps_every_word():
    assert focus("I signed up for pottery. It is fun.", ASKED, 200) == "I signed up for pottery. It is fun."
    assert focus(POTTERY, ASKED, 0) == POTTERY


def test_a_long_message_keeps_the_sentence_that_answers_and_its_neighbour_and_marks_the_cut():
    cut = focus(POTTERY, ASKED, 150)
    assert cut == ("I just signed up for a pottery class yesterday. It's like therapy for me, letting me express "
                   "myself and get creative. " + CUT)
    assert len(cut) <= 150 + len(CUT) + 1
    assert "frisbee" not in focus(POTTERY, ASKED, 200)


def test_the_cut_is_marked_where_it_is_and_the_sentences_keep_their_order():
    text = ("We went camping with the kids last month. The forest was beautiful. Then we drove home. "
            "My brother finally sold his old truck to a neighbour last week.")
    cut = focus(text, stems("Who bought my brother's truck?"), 120)
    assert cut.startswith(CUT) and cut.endswith("last week.")
    assert "camping" not in cut and "sold his old truck" in cut


def test_words_are_matched_by_their_stem():
    assert stems("posters") == stems("poster") and stems("received") == stems("receive")
    text = ("The room was electric with energy and support, and I loved it. Honestly it was one of the best nights of "
            "my whole year so far. The poster on the door said Trans Lives Matter in big letters.")
    assert "Trans Lives Matter" in focus(text, stems("What did the posters say?"), 100)


def test_a_message_no_sentence_of_which_shares_a_word_with_the_question_is_quoted_whole():
    assert focus(POTTERY, stems("How is the weather in Oslo?"), 100) == POTTERY


def test_chinese_sentences_are_cut_by_their_own_end_marks():
    text = "上周末我们全家去了杭州，西湖边人特别多。孩子们一直在玩水，玩得很开心。回来的路上堵车堵了三个小时，到家已经半夜了。"
    cut = focus(text, stems("去杭州路上堵了多久？"), 30)
    assert "三个小时" in cut and "孩子们" not in cut and CUT in cut


def test_a_rewritten_cut_line_ends_with_the_cut_mark_alone():
    c = Candidate(id="e", label="event", kind="message", text=focus(POTTERY, ASKED, 150), speaker="Melanie",
                  t_from=datetime(2026, 11, 1, tzinfo=timezone.utc))
    line = rewrite(c, datetime(2026, 11, 1, tzinfo=timezone.utc) + timedelta(days=3), "en")
    assert line.startswith("Melanie (3 days ago): I just signed up") and line.endswith("creative. " + CUT)
