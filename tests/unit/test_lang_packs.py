"""Language packs (issue 17): every pack provides the same names, and a third language is one folder."""

import re
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from graphmem import lang
from graphmem.errors import ConfigError
from graphmem.recall.rewrite import rewrite
from graphmem.recall.types import Candidate

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)
#: modules whose words all live in the packs: no branch on a language code may come back
LANGUAGE_FREE = ["graphmem/recall/rewrite.py", "graphmem/write/profile_text.py", "linking/lists.py",
                 "graphmem/short_term/state.py", "linking/passing.py", "graphmem/short_term/summary.py",
                 "graphmem/write/retime.py", "graphmem/short_term/facts.py", "graphmem/recall/lexical.py",
                 "graphmem/short_term/session.py", "graphmem/recall/retriever.py"]
_BRANCH = re.compile(r"""(==|!=)\s*["'](zh|en)["']|["'](zh|en)["']\s*(==|!=)|["'](zh|en)["']\s+if\b""")

FR_RULES = '''

# French: the English rules with French possessives and roles
def split_owner(name):
    m = lang.pack("fr").regex("my").match(name)
    return (m.group(0), name[m.end():]) if m else None


def subject(name, is_self, capital=True):
    if is_self or not name:
        return "vous"
    own = split_owner(name)
    return "votre " + own[1] if own else name


def possessive(name, is_self):
    return "Votre" if is_self or not name else "Le " + subject(name, False)


def to_second_person(text):
    return None
'''


@pytest.fixture
def fr_pack(tmp_path):
    """A French pack made the way a maintainer would: copy a folder, translate its files."""
    fr = tmp_path / "fr"
    shutil.copytree(ROOT / "graphmem" / "lang" / "en", fr, ignore=shutil.ignore_patterns("__pycache__", "__init__.py"))
    en_rules = (ROOT / "graphmem" / "lang" / "en" / "rules.py").read_text(encoding="utf-8")
    (fr / "rules.py").write_text(en_rules.replace('"en"', '"fr"') + FR_RULES, encoding="utf-8")
    (fr / "my.re").write_text("# possessive\n(?i)^(mon|ma|mes)\\s+\n", encoding="utf-8")
    (fr / "role_names.tsv").write_text("# roles\nsister\tsœur\n", encoding="utf-8")
    months = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()
    (fr / "months.txt").write_text("# mois\n" + "\n".join(months) + "\n", encoding="utf-8")
    tpl = (fr / "templates.tsv").read_text(encoding="utf-8")
    for en, fr_ in (("You prefer {obj}", "Vous aimez {obj}"), ("you said so {a}", "vous l'avez dit {a}"),
                    ("in {month}", "en {month}"), ("{value} is your {role}", "{value} est votre {role}")):
        tpl = tpl.replace(f"\t{en}\n", f"\t{fr_}\n")
    (fr / "templates.tsv").write_text(tpl, encoding="utf-8")
    lang.add_path(tmp_path)
    yield fr
    lang.remove_path(tmp_path)


def test_builtin_packs_provide_the_same_names():
    codes = lang.languages()
    assert {"en", "zh"} <= set(codes)
    for code in codes:
        lang.check(code)
        assert lang.pack(code).lang == code
    assert lang.pack("en").names() == lang.pack("zh").names()
    assert "say:said_once" in lang.pack("zh").names() and "fn:to_second_person" in lang.pack("zh").names()


def test_unknown_language_gets_the_default_pack():
    assert lang.pack("xx").lang == lang.DEFAULT == lang.pack(None).lang
    assert lang.of_text("我喜欢咖啡") == "zh" and lang.of_text("I like coffee") == "en"


def test_a_third_language_is_one_folder(fr_pack):
    assert "fr" in lang.languages()
    lang.check("fr")
    sis = Candidate(id="r", label="relation", kind="relation", key="SISTER", entity="u1", is_self=True, value="Lily")
    assert rewrite(sis, NOW, "fr") == "Lily est votre sœur."
    pref = Candidate(id="f", label="fact", kind="preference", key="preference", value="like", polarity=1,
                     entity="ma tisane", t_from=NOW - timedelta(days=250), last_seen=NOW - timedelta(days=250))
    assert rewrite(pref, NOW, "fr") == "Vous aimez votre tisane; vous l'avez dit en mars."
    assert rewrite(sis, NOW, "en") == "Lily is your sister."   # the others are untouched
    lang.remove_path(fr_pack.parent)
    assert "fr" not in lang.languages() and lang.pack("fr").lang == "en"


def test_a_third_language_adds_its_words_to_the_shared_rules(fr_pack):
    """The gate's laughter and sign-offs are every pack's (issue 17 item 2): a French pack's words count with no edit
    outside its folder, and stop counting when the pack is gone."""
    from graphmem.linking import gate
    (fr_pack / "laugh.re").write_text("# rire\n(?i)mdr+|ptdr+\n", encoding="utf-8")
    (fr_pack / "sign_off.re").write_text("# au revoir\n(?i)\\b(?:bisous|à plus|bonne nuit)\n", encoding="utf-8")
    lang.remove_path(fr_pack.parent)
    lang.add_path(fr_pack.parent)
    assert not gate.classify_message("mdr", NOW).has_information
    verdict = gate.classify_message("J'ai adopté un chat, bisous", NOW)
    assert verdict.has_information and "signs off" not in verdict.reasons
    assert not gate.classify_message("mdr, bisous", NOW).has_information
    lang.remove_path(fr_pack.parent)
    assert gate.classify_message("mdr", NOW).has_information   # an unknown word is content
    assert gate.classify_message("mdr, bisous", NOW).has_information


def test_a_pack_missing_a_name_is_refused(fr_pack):
    (fr_pack / "months.txt").unlink()
    lang.remove_path(fr_pack.parent)
    lang.add_path(fr_pack.parent)
    with pytest.raises(ConfigError, match="months"):
        lang.check("fr")


def test_every_builtin_pack_is_in_the_wheel():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    folders = [d.name for d in (ROOT / "graphmem" / "lang").iterdir() if (d / "rules.py").is_file()]
    assert {"en", "zh"} <= set(folders)
    for code in folders:
        assert f'"graphmem.lang.{code}"' in pyproject, f"add graphmem.lang.{code} to pyproject's packages"


@pytest.mark.parametrize("path", LANGUAGE_FREE)
def test_moved_modules_branch_on_no_language(path):
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    assert [ln for ln in lines if _BRANCH.search(ln)] == []
