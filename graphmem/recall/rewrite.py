"""Second-person rewrite of recalled memories, English and Chinese, by templates (no LLM).

    "You prefer dark themes; you said so in March and again last week."
    "你喜欢深色主题（3月说过，上周又提到）。"

An optional ``llm(text, language) -> str`` callable may polish the template output; it is never required
and a failing call falls back to the template. Pure, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timezone

from graphmem.model import polarity_sign
from graphmem.recall.types import Candidate

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
KEY_ZH = {"budget": "预算", "name": "名字", "age": "年龄", "city": "城市", "home": "住址", "address": "地址",
          "job": "工作", "work": "工作", "company": "公司", "phone": "手机", "email": "邮箱", "birthday": "生日",
          "color": "颜色", "favorite_color": "最喜欢的颜色", "model": "型号", "brand": "品牌", "price": "价格",
          "diet": "饮食", "allergy": "过敏", "pet": "宠物", "language": "语言", "deadline": "截止日期",
          "destination": "目的地", "date": "日期", "time": "时间", "location": "地点", "plan": "计划",
          "school": "学校", "major": "专业", "hobby": "爱好", "size": "尺码", "weight": "体重", "height": "身高"}
REL_EN = {"RECOMMENDED": "recommended", "LIKES": "likes", "OWNS": "owns", "WORKS_AT": "works at",
          "LIVES_IN": "lives in", "KNOWS": "knows", "BOUGHT": "bought", "VISITED": "visited", "MARRIED_TO": "is married to",
          "FRIEND": "is a friend of", "PART_OF": "is part of", "LOCATED_IN": "is in", "MENTIONED": "mentioned"}
REL_ZH = {"RECOMMENDED": "推荐了", "LIKES": "喜欢", "OWNS": "拥有", "WORKS_AT": "就职于", "LIVES_IN": "住在",
          "KNOWS": "认识", "BOUGHT": "买了", "VISITED": "去过", "MARRIED_TO": "的配偶是", "PART_OF": "属于",
          "LOCATED_IN": "位于", "MENTIONED": "提到了", "推荐": "推荐了"}
ROLE_ZH = {"sister": "妹妹", "brother": "哥哥", "mother": "妈妈", "father": "爸爸", "wife": "妻子", "husband": "丈夫",
           "friend": "朋友", "son": "儿子", "daughter": "女儿", "boss": "老板", "colleague": "同事", "son_in_law": "女婿",
           "girlfriend": "女朋友", "boyfriend": "男朋友", "cousin": "表亲", "grandmother": "奶奶", "grandfather": "爷爷",
           "teacher": "老师", "doctor": "医生", "dog": "狗", "cat": "猫", "partner": "伴侣"}


def _utc(t: datetime | None) -> datetime | None:
    if t is None:
        return None
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[ T]00:00(?::00)?(?:[+-]00:00|Z)?)?$")


def value_phrase(value, lang: str = "en") -> str:
    """A stored value as said: a date ("2026-03-28 00:00:00+00:00", how deadlines and birthdays are stored)
    becomes "March 28, 2026" / "2026年3月28日"."""
    text = "" if value is None else str(value)
    m = _ISO_DATE.match(text)
    if not m:
        return text
    y, mo, d = (int(x) for x in m.groups())
    return f"{y}年{mo}月{d}日" if lang == "zh" else f"{datetime(y, mo, d):%B} {d}, {y}"


def when_phrase(t: datetime | None, now: datetime, lang: str = "en") -> str:
    """A short relative time: "today", "yesterday", "last week", "in March", "in March 2025" / 今天, 上周, 3月."""
    t, now = _utc(t), _utc(now)
    if t is None:
        return ""
    days = (now.date() - t.date()).days
    zh = lang == "zh"
    if days < 0:
        return f"{t.month}月{t.day}日" if zh else f"on {t.day} {MONTHS[t.month - 1]}"
    if days == 0:
        return "今天" if zh else "today"
    if days == 1:
        return "昨天" if zh else "yesterday"
    if days < 7:
        return f"{days}天前" if zh else f"{days} days ago"
    if days < 14:
        return "上周" if zh else "last week"
    if days < 28:
        return f"{days // 7}周前" if zh else f"{days // 7} weeks ago"
    if t.year == now.year:
        return f"{t.month}月" if zh else f"in {MONTHS[t.month - 1]}"
    return f"{t.year}年{t.month}月" if zh else f"in {MONTHS[t.month - 1]} {t.year}"


def said_so(first: datetime | None, last: datetime | None, mentions: int, now: datetime, lang: str) -> str:
    """ "you said so in March and again last week" / "3月说过，上周又提到"."""
    a = when_phrase(first, now, lang)
    if not a:
        return ""
    b = when_phrase(last, now, lang) if last and first and mentions > 1 else ""
    if lang == "zh":
        return f"{a}说过，{b}又提到" if b and b != a else (f"{a}说过" + (f"，提过{mentions}次" if mentions > 1 else ""))
    if b and b != a:
        return f"you said so {a} and again {b}"
    return f"you said so {a}" + (f" ({mentions} times)" if mentions > 1 else "")


# -- subjects and pronouns ------------------------------------------------------------------------------------
_MY = re.compile(r"^(my|our)\s+", re.I)
_ZH_MY = re.compile(r"^(我的|我们的|我们|我)")


_NAME_SWAP = re.compile(r"\b(I|me|my|mine|myself)\b")
_NAME_TO = {"I": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself"}


def subject_en(name: str | None, is_self: bool, capital: bool = True) -> str:
    """The entity as the user hears it: "my laptop" → "your laptop"; the user → "you"."""
    if is_self or not name:
        s = "you"
    elif _MY.match(name):
        s = _MY.sub("your ", name)
    elif _ZH_MY.match(name):
        s = _ZH_MY.sub("你", name)
    else:
        s = name
    s = _NAME_SWAP.sub(lambda m: _NAME_TO[m.group(1)], s)
    return s[:1].upper() + s[1:] if capital else s


def subject_zh(name: str | None, is_self: bool) -> str:
    if is_self or not name:
        return "你"
    if _ZH_MY.match(name):
        return _ZH_MY.sub("你", name, count=1) if not name.startswith("我的") else "你的" + name[2:]
    if _MY.match(name):
        return "你的" + _MY.sub("", name)
    return name


def possessive_en(name: str | None, is_self: bool) -> str:
    if is_self or not name:
        return "Your"
    s = subject_en(name, False)
    return s + ("'" if s.endswith("s") else "'s")


def human_key(key: str) -> str:
    return key.replace("_", " ").strip()


_EN_SWAP = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
            "i've": "you've", "i'd": "you'd", "i'll": "you'll", "am": "are", "we": "you", "us": "you", "our": "your",
            "ours": "yours", "we're": "you're"}
_EN_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_EN_SECOND = re.compile(r"\b(you|your|yours|you're|you've|yourself)\b", re.I)
_EN_FIRST = re.compile(r"\b(i|me|my|mine|myself|i'm|i've|i'd|i'll)\b", re.I)


def to_second_person_en(text: str) -> str | None:
    """ "I booked a flight" → "You booked a flight"; None when the text also addresses someone as "you"."""
    if _EN_SECOND.search(text) or not _EN_FIRST.search(text):
        return None
    words = list(_EN_WORD.finditer(text))
    out, pos = [], 0
    for i, m in enumerate(words):
        w = m.group(0)
        low = w.lower()
        rep = _EN_SWAP.get(low)
        if low == "am" and not (i and words[i - 1].group(0).lower() == "i"):
            rep = None
        if low == "was" and i and words[i - 1].group(0).lower() == "i":
            rep = "were"
        if rep is None:
            continue
        if m.start() == 0 or (w[0].isupper() and not low.startswith("i")):
            rep = rep[0].upper() + rep[1:]
        out.append(text[pos:m.start()])
        out.append(rep)
        pos = m.end()
    out.append(text[pos:])
    s = "".join(out).strip()
    return s[:1].upper() + s[1:]


def to_second_person_zh(text: str) -> str | None:
    if "你" in text or "您" in text or "我" not in text:
        return None
    return text.replace("我们", "你们").replace("我", "你")


def _clean(text: str) -> str:
    text = " ".join((text or "").split())
    return text.rstrip("。.!！?？;；")


# -- the templates ---------------------------------------------------------------------------------------------
def _obj(c: Candidate, lang: str) -> str:
    name = c.entity or ""
    if c.key and c.key not in ("preference", "goal") and c.value not in (None, "", "like", "dislike", "want",
                                                                          "no longer want"):
        name = f"{c.value}" if c.is_self else f"{name} {c.value}".strip()
    return subject_zh(name, False) if lang == "zh" else subject_en(name, False, capital=False)


def statement(c: Candidate, now: datetime, lang: str = "en") -> str:
    """The memory as one second-person sentence in ``lang`` ('zh' or 'en'), without the time note."""
    zh = lang == "zh"
    old = c.status == "outdated"
    if c.label == "fact" and c.kind in ("preference", "goal") and (c.is_self or not c.entity) and c.text:
        return _event_text(c, now, lang)   # "I want something light": the object is only in the words
    if c.label == "fact" and c.kind in ("preference", "goal"):
        pol = polarity_sign(c.polarity)
        obj = _obj(c, lang)
        if c.kind == "preference":
            if zh:
                return f"你以前{'喜欢' if pol >= 0 else '不喜欢'}{obj}" if old else f"你{'喜欢' if pol >= 0 else '不喜欢'}{obj}"
            if old:
                return f"You used to {'prefer' if pol >= 0 else 'dislike'} {obj}"
            return f"You {'prefer' if pol >= 0 else 'dislike'} {obj}"
        if zh:
            return f"你以前想要{obj}" if old else (f"你想要{obj}" if pol >= 0 else f"你不再想要{obj}")
        return f"You used to want {obj}" if old else (f"You want {obj}" if pol >= 0 else f"You no longer want {obj}")
    if c.label == "fact":
        key = c.key or "note"
        value = value_phrase(c.value, "zh" if zh else "en")
        if key == "note" and c.text:
            return _event_text(c, now, lang, note=True)
        if zh:
            k = KEY_ZH.get(key.lower(), human_key(key))
            subj = "你的" if c.is_self else subject_zh(c.entity, False) + "的"
            if old:
                until = when_phrase(c.t_to, now, "zh")
                return f"{subj}{k}曾经是{value}" + (f"（{until}之前）" if until else "")
            if polarity_sign(c.polarity) < 0:   # a removed value ("不再对花生过敏")
                return f"{subj}{k}不再是{value}"
            return f"{subj}{k}是{value}"
        poss = possessive_en(c.entity, c.is_self)
        if old:
            until = when_phrase(c.t_to, now, "en")
            return f"{poss} {human_key(key)} used to be {value}" + (f" (until {until})" if until else "")
        if polarity_sign(c.polarity) < 0:   # a removed value ("not allergic to peanuts any more")
            return f"{poss} {human_key(key)} is no longer {value}"
        return f"{poss} {human_key(key)} is {value}"
    if c.label == "relation":
        rtype = (c.key or "RELATED").upper()
        if c.is_self:   # the user —[SISTER]→ Lily: "Lily is your sister"
            role = rtype.lower()
            if zh:
                return f"{c.value}是你的{ROLE_ZH.get(role, role)}"
            return f"{c.value} is your {role.replace('_', ' ')}"
        if c.object_is_self:
            role = rtype.lower()
            return f"{subject_zh(c.entity, False)}与你的关系：{ROLE_ZH.get(role, role)}" if zh else \
                f"{subject_en(c.entity, False)} is your {role.replace('_', ' ')}"
        if zh:
            verb = REL_ZH.get(rtype)
            a, b = subject_zh(c.entity, False), subject_zh(str(c.value or ""), False)
            return f"{a}{verb}{b}" if verb else f"{a}与{b}的关系：{rtype.lower()}"
        verb = REL_EN.get(rtype, rtype.lower().replace("_", " "))
        return f"{subject_en(c.entity, False)} {verb} {subject_en(str(c.value or ''), False, capital=False)}"
    return _event_text(c, now, lang)


def _event_text(c: Candidate, now: datetime, lang: str, note: bool = False) -> str:
    text = _clean(c.text)
    zh = lang == "zh"
    if c.kind == "advice":   # the assistant's own words: not something the user said
        return f"我（助手）建议过：“{text}”" if zh else f'I suggested: "{text}"'
    if c.kind == "assistant":
        return f"我（助手）说过：“{text}”" if zh else f'I said: "{text}"'
    if c.speaker:   # a participant's own words stay theirs: only the user's words become "you"
        return f"{c.speaker}说过：“{text}”" if zh else f'{c.speaker} said: "{text}"'
    src_zh = bool(re.search(r"[\u4e00-\u9fff]", text))
    swapped = to_second_person_zh(text) if src_zh else to_second_person_en(text)
    if swapped and (src_zh == zh):
        return swapped
    if zh:
        return f"你说过：“{text}”"
    return f'You said: "{text}"'


def who_is_meant(referents: tuple[str, ...], lang: str) -> str:
    """Whom the pronouns mean ("he=Callum" → " (he: Callum)", "（她：李娜）")."""
    pairs = [(p, re.sub(r"^我", "你", re.sub(r"^my\b", "your", n, flags=re.I))) for p, n in
             (r.split("=", 1) for r in referents if "=" in r)]
    if not pairs:
        return ""
    if lang == "zh":
        return "（" + "，".join(f"{p}：{n}" for p, n in pairs) + "）"
    return " (" + "; ".join(f"{p}: {n}" for p, n in pairs) + ")"


def rewrite(c: Candidate, now: datetime, lang: str = "en", llm: Callable[[str, str], str] | None = None) -> str:
    """The full rewritten line: statement plus when it was said ("…; you said so in March and again last week")."""
    lang = "zh" if lang == "zh" else "en"
    body = statement(c, now, lang)
    if c.label == "event":
        body += who_is_meant(c.referents, lang)
        when = when_phrase(c.t_from, now, lang)
        if when:
            body = f"{when}，{body}" if lang == "zh" else f"{body} ({when})"
        if c.status == "stale":   # part of what it says was changed later
            body += "（其中有的后来变了）" if lang == "zh" else "; part of this changed later"
        out = body + ("。" if lang == "zh" else ".")
    else:
        note = "" if c.status == "outdated" else said_so(c.t_from or c.recorded_at, c.last_seen, c.mention_count or 1,
                                                          now, lang)
        if lang == "zh":
            out = body + (f"（{note}）" if note else "") + "。"
        else:
            out = body + (f"; {note}" if note else "") + "."
    if llm is not None:
        try:
            polished = llm(out, lang)
            if isinstance(polished, str) and polished.strip():
                return polished.strip()
        except Exception:  # an optional polish must never break recall
            pass
    return out
