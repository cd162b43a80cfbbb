"""A third language's dates and numbers are files in its pack (issue 17 item 2): the date grammar's and the numeral
readers' words are the packs' data, the code that resolves them is shared, and a pack added after the rules were
first read counts."""

import shutil
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from graphmem import lang
from graphmem.linking.timeexpr import find_times, time_of_day

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)   # a Friday

FR = {
    "dates.tsv": "# dates\nday\t(?i)\\baprès-demain\\b\nday\t(?i)\\bdemain\\b\nday\t(?i)\\bhier\\b\n"
                 "weekday_rel\t(?i)\\b(?P<wd>lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) (?P<which>prochain|dernier)\\b\n"
                 "in\t(?i)\\bdans (?P<n>\\d+|une?|deux|trois) (?P<unit>jour|semaine|mois|an)s?\\b\n"
                 "ago\t(?i)\\bil y a (?P<n>\\d+|une?|deux|trois) (?P<unit>jour|semaine|mois|an)s?\\b\n"
                 "date\t(?i)\\b(?P<day>\\d{1,2}) (?P<mon>janvier|février|mars|avril|mai|juin|juillet|août|septembre|"
                 "octobre|novembre|décembre)\\b\n",
    "periods.tsv": "# périodes\n",
    "date_days.tsv": "# jours\naprès-demain\t2\ndemain\t1\nhier\t-1\n",
    "weekday_numbers.tsv": "# jours de la semaine\n" + "".join(
        f"{d}\t{i}\n" for i, d in enumerate("lundi mardi mercredi jeudi vendredi samedi dimanche".split())),
    "date_which.tsv": "# quelle semaine\nprochain\t1\ndernier\t-1\teither\n",
    "date_numbers.tsv": "# nombres\nun\t1\nune\t1\ndeux\t2\ntrois\t3\n",
    "date_units.tsv": "# unités\njour\tday\nsemaine\tweek\nmois\tmonth\nan\tyear\n",
    "month_numbers.tsv": "# mois\n" + "".join(f"{m}\t{i + 1}\n" for i, m in enumerate(
        "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split())),
    "_clock.re": "# 15h30\n(?i)\\b(?P<h>\\d{1,2})h(?P<min>\\d{2})?\\b\n",
    "_clock_half.tsv": "# rien\n",
}


@pytest.fixture
def fr_pack(tmp_path):
    """The English pack copied to fr/, its rules reading fr/ (test_lang_packs.py's way); the tests write its dates."""
    fr = tmp_path / "fr"
    shutil.copytree(ROOT / "graphmem" / "lang" / "en", fr, ignore=shutil.ignore_patterns("__pycache__", "__init__.py"))
    rules = (ROOT / "graphmem" / "lang" / "en" / "rules.py").read_text(encoding="utf-8")
    (fr / "rules.py").write_text(rules.replace('"en"', '"fr"'), encoding="utf-8")
    lang.add_path(tmp_path)
    yield fr
    lang.remove_path(tmp_path)


def _said(text):
    return [(t.text, t.when.date()) for t in find_times(text, NOW)]


def test_french_dates_are_files_in_its_pack(fr_pack):
    for name, body in FR.items():
        (fr_pack / name).write_text(body, encoding="utf-8")
    lang.remove_path(fr_pack.parent)
    assert _said("On part mardi prochain") == []                 # the rules were read without French ...
    lang.add_path(fr_pack.parent)                                 # ... and a pack added later counts
    lang.check("fr")
    assert _said("On part mardi prochain") == [("mardi prochain", date(2026, 11, 24))]
    assert _said("il y a trois jours") == [("il y a trois jours", date(2026, 11, 17))]
    assert _said("dans deux semaines, ou après-demain") == [("dans deux semaines", date(2026, 12, 4)),
                                                            ("après-demain", date(2026, 11, 22))]
    assert _said("le 3 mars") == [("3 mars", date(2026, 3, 3))]
    assert time_of_day("rendez-vous à 15h30") == (15, 30)
    assert _said("next Tuesday, 下周二") == [("next Tuesday", date(2026, 11, 24)), ("下周二", date(2026, 11, 24))]
    lang.remove_path(fr_pack.parent)
    assert _said("il y a trois jours") == [] and time_of_day("à 15h30") is None


def test_french_number_words_are_files_in_its_pack(fr_pack):
    from graphmem.linking.normalize import number_phrases, parse_english_number, parse_number
    (fr_pack / "number_words.tsv").write_text("# nombres\ndeux\t2\tadd\nvingt\t20\tadd\ncent\t100\tscale\n"
                                              "mille\t1000\tscale\net\t0\tskip\n", encoding="utf-8")
    (fr_pack / "number_phrase.re").write_text("# un nombre en lettres\n(?i)\\b(?:(?:deux|vingt|cent|mille|et|\\d+)"
                                              "[\\s-]+)*(?:deux|vingt|cent|mille)\\b\n", encoding="utf-8")
    (fr_pack / "number_suffixes.tsv").write_text("# après des chiffres\nk\t1000\nb\t1000000000\n", encoding="utf-8")
    lang.remove_path(fr_pack.parent)
    assert parse_english_number("deux mille") is None and not number_phrases().search("deux mille euros")
    assert parse_number("3b") is None
    lang.add_path(fr_pack.parent)                      # read after the numeral tables were first built
    assert number_phrases().search("ça coûte deux mille euros").group(0) == "deux mille"
    assert parse_english_number("deux mille") == 2000 and parse_english_number("vingt-deux") == 22
    assert parse_number("3b") == 3_000_000_000 and parse_number("两千五") == 2500   # the others' numerals still read
    assert parse_english_number("two thousand") == 2000
    lang.remove_path(fr_pack.parent)
    assert parse_english_number("deux mille") is None and parse_number("3b") is None


def test_the_users_own_names_are_one_pack_list(fr_pack):
    """The names the user's node answers to (issue 17 item 2): one list per pack, read through lang.self_names by the
    write path, the short-term slots and the API's entity argument; a pack added later adds its names."""
    from graphmem.short_term.facts import slot_of
    assert {"", "me", "my", "the user", "我", "本人"} <= lang.self_names() and "you" not in lang.self_names()
    assert "you" in lang.self_names(addressed=True)       # a memory's text speaking to the user: short-term slots
    assert slot_of("attribute", "the user", "budget") == slot_of("attribute", "Your", "budget") == ("attribute", "", "budget")
    assert slot_of("attribute", "moi", "budget") == ("attribute", "moi", "budget")
    (fr_pack / "self_names.txt").write_text("# moi\nmoi\nMoi-même\n", encoding="utf-8")
    lang.remove_path(fr_pack.parent)
    lang.add_path(fr_pack.parent)
    assert {"moi", "moi-même"} <= lang.self_names()
    assert slot_of("attribute", "moi", "budget") == ("attribute", "", "budget")
    lang.remove_path(fr_pack.parent)
    assert "moi" not in lang.self_names() and slot_of("attribute", "moi", "budget") == ("attribute", "moi", "budget")


def test_caches_built_from_the_packs_see_a_pack_added_later(fr_pack):
    """Lexicon tables, the short-term slot fillers and the write path's pronouns are built once and cached; adding or
    removing a pack folder (lang.add_path / remove_path) rebuilds them (lang.cached)."""
    from graphmem.linking import lexicon
    from graphmem.short_term.state import fill_slots
    from graphmem.write.entities import _pronouns
    (fr_pack / "fillers.txt").write_text("# mots vides\nbof\n", encoding="utf-8")
    (fr_pack / "occupations.txt").write_text("# métiers\nboulangère\n", encoding="utf-8")
    (fr_pack / "cities.tsv").write_text("# villes\nlyon\tLyon\n", encoding="utf-8")
    (fr_pack / "markers.tsv").write_text((fr_pack / "markers.tsv").read_text(encoding="utf-8")
                                         + "en_reference\tcelui-ci\n", encoding="utf-8")
    lang.remove_path(fr_pack.parent)
    built = (lexicon.fillers(), lexicon.occupations(), fill_slots("on va à Lyon", ("city",)), _pronouns())
    assert "bof" not in built[0] and "boulangère" not in built[1] and built[2] == {} and "celui-ci" not in built[3]
    lang.add_path(fr_pack.parent)
    assert "bof" in lexicon.fillers() and "boulangère" in lexicon.occupations() and "celui-ci" in _pronouns()
    assert fill_slots("on va à Lyon", ("city",)) == {"city": "Lyon"}
    lang.remove_path(fr_pack.parent)
    assert "bof" not in lexicon.fillers() and fill_slots("on va à Lyon", ("city",)) == {}


def test_a_pack_added_later_adds_to_a_marker_category(fr_pack):
    """A category's words come from every pack: a pack that fills a category another pack fills too adds its words
    and takes none away (the old table kept only the last pack's row)."""
    from graphmem.linking import lexicon
    lang.remove_path(fr_pack.parent)
    english = lexicon.marker_set("en_reference")
    (fr_pack / "markers.tsv").write_text("# marqueurs\nen_reference\tcelui-ci\n", encoding="utf-8")
    lang.add_path(fr_pack.parent)
    try:
        assert english and lexicon.marker_set("en_reference") == english | {"celui-ci"}
    finally:
        lang.remove_path(fr_pack.parent)
    assert lexicon.marker_set("en_reference") == english
