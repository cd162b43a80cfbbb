"""One small bilingual user history shared by the recall tests (written through the real write path)."""

from __future__ import annotations

from graphmem.model import FactInput

from .conftest import days_ago


def F(kind, subject="", key="", value=None, **kw) -> FactInput:
    return FactInput(kind, subject, key, value, **kw)


def history(user: str = "u1") -> list[tuple]:
    """(session, turn, text, at, facts) for ``user``."""
    return [
        ("s1", 1, "I like dark mode in every editor", days_ago(250),
         [F("preference", "dark mode", polarity=1, text="I like dark mode in every editor")]),
        ("s1", 2, "My budget for the new laptop is 5000", days_ago(90),
         [F("attribute", "", "budget", 5000, text="My budget for the new laptop is 5000")]),
        ("s2", 1, "Actually my budget is 8000 now", days_ago(10),
         [F("attribute", "", "budget", 8000, is_change=True, text="Actually my budget is 8000 now")]),
        ("s2", 2, "My sister recommended the noodle place on 5th street", days_ago(9),
         [F("relation", "my sister", "recommended", "the noodle place on 5th street",
            text="My sister recommended the noodle place on 5th street")]),
        ("s2", 3, "The noodle place on 5th street serves hand-pulled lamb noodles", days_ago(9),
         [F("attribute", "the noodle place on 5th street", "specialty", "hand-pulled lamb noodles",
            text="The noodle place on 5th street serves hand-pulled lamb noodles")]),
        ("s2", 4, "The noodle place on 5th street is run by Chef Wang", days_ago(9),
         [F("relation", "Chef Wang", "runs", "the noodle place on 5th street",
            text="The noodle place on 5th street is run by Chef Wang")]),
        ("s3", 1, "我的航班是CA1831，三月三号去东京出差", days_ago(30),
         [F("event", "", "trip", text="我的航班是CA1831，三月三号去东京出差", language="zh")]),
        ("s3", 2, "我不吃香菜，一点都不行", days_ago(30),
         [F("preference", "香菜", polarity=-1, text="我不吃香菜，一点都不行", language="zh")]),
        ("s4", 1, "The marketing proposal is due on Friday", days_ago(4),
         [F("attribute", "the marketing proposal", "deadline", "Friday", text="The marketing proposal is due on Friday")]),
        ("s5", 1, "I went climbing with Tom at the boulder gym", days_ago(1),
         [F("event", "", "climbing", text="I went climbing with Tom at the boulder gym")]),
    ]
