"""Session state: the current task goal, completed steps, pending slots and questions, and the topic.

Updated each turn by cheap rules (this module, pure functions, no I/O) and optionally by the user's LLM
(:func:`llm_update`, run off the caller's thread by the session). Size-capped: when it grows past its cap,
older completed steps are merged into one line and old questions dropped.

The rules only recognise what session state needs — a task and its still-missing slots (hotel: date and
city; flight: date and destination; restaurant: date, time and party size), a generic "I want to …" goal,
and the conversation's topic. Facts and preferences are not extracted here; that is linking's job.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

# --- task table --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TaskType:
    key: str
    goal_en: str
    goal_zh: str
    trigger: re.Pattern
    required: tuple[str, ...]
    topic: str
    keywords: re.Pattern = re.compile(r"(?!x)x")  # words that make a message about this task


TASKS: tuple[TaskType, ...] = (
    TaskType("hotel", "book a hotel", "订酒店",
             re.compile(r"\b(book|reserve|find|need|want)\b[^.?!]{0,30}\b(hotel|room)s?\b|\bhotel (booking|reservation)\b"
                        r"|订[^，。？！]{0,6}(酒店|宾馆|房间)|订房|(预订|预定|找)[^，。？！]{0,6}(酒店|宾馆|住处)", re.I),
             ("date", "city"), "hotel booking",
             re.compile(r"\b(hotels?|rooms?|stay|check[- ]?in|nights?|booking|reservation)\b|酒店|宾馆|入住|住|房间|预订|订", re.I)),
    TaskType("flight", "book a flight", "订机票",
             re.compile(r"\b(book|reserve|find|need|want)\b[^.?!]{0,30}\b(flight|plane ticket)s?\b"
                        r"|(订|买|预订)[^，。？！]{0,6}(机票|航班)", re.I),
             ("date", "destination"), "flight booking",
             re.compile(r"\b(flights?|fly|plane|airport|depart\w*|booking)\b|机票|航班|飞|机场|出发|预订|订", re.I)),
    TaskType("restaurant", "book a restaurant table", "订餐厅",
             re.compile(r"\b(book|reserve)\b[^.?!]{0,30}\b(table|restaurant)\b"
                        r"|(订|预订|预定)[^，。？！]{0,6}(餐厅|饭店|位子|座位|桌)", re.I),
             ("date", "time", "party size"), "restaurant booking",
             re.compile(r"\b(table|restaurant|dinner|lunch|people|guests|booking|reservation)\b|餐厅|饭店|位子|座位|桌|人|预订|订", re.I)),
)
_TASK_BY_KEY = {t.key: t for t in TASKS}

TOPIC_ZH = {"hotel booking": "订酒店", "flight booking": "订机票", "restaurant booking": "订餐厅", "weather": "天气",
            "house prices": "房价", "work": "工作", "food": "饮食", "travel": "旅行", "tech": "科技", "health": "健康",
            "family": "家庭"}
SLOT_ZH = {"date": "日期", "city": "城市", "destination": "目的地", "time": "时间", "party size": "人数"}

# --- slot fillers ------------------------------------------------------------------------------------

_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun"
_MONTHS = r"january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
_ZH_NUM = r"[0-9一二三四五六七八九十两]"
DATE_RE = re.compile(
    rf"\b(today|tomorrow|tonight|day after tomorrow|(this|next) ({_DAYS}|week|weekend|month)|on ({_DAYS})"
    rf"|\d{{4}}-\d{{1,2}}-\d{{1,2}}|\d{{1,2}}/\d{{1,2}}(/\d{{2,4}})?|({_MONTHS})\.? \d{{1,2}}(st|nd|rd|th)?"
    rf"|\d{{1,2}}(st|nd|rd|th)? (of )?({_MONTHS}))\b"
    rf"|今天|明天|后天|今晚|明晚|大后天|(下|这|本)(个)?(周|星期|礼拜)[一二三四五六日天末]?|周[一二三四五六日末]|星期[一二三四五六日天]"
    rf"|{_ZH_NUM}{{1,4}}年{_ZH_NUM}{{1,2}}月{_ZH_NUM}{{1,3}}[日号]|{_ZH_NUM}{{1,2}}月{_ZH_NUM}{{1,3}}[日号]|{_ZH_NUM}{{1,3}}[日号]",
    re.I,
)
TIME_RE = re.compile(r"\b(\d{1,2}(:\d{2})? ?(am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2})\b"
                     rf"|(早上|上午|中午|下午|晚上)?{_ZH_NUM}{{1,3}}点(半|{_ZH_NUM}{{1,2}}分)?", re.I)
PARTY_RE = re.compile(r"\bfor (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)( people| persons| of us| guests)?\b"
                      rf"|{_ZH_NUM}{{1,2}}(个人|位|人)", re.I)

CITIES: dict[str, str] = {
    # a small gazetteer so "Shanghai" / "上海" fills the city slot without a model; linking's place
    # mentions (slot table, type place/city) fill it too.
    "beijing": "Beijing", "北京": "北京", "shanghai": "Shanghai", "上海": "上海", "guangzhou": "Guangzhou",
    "广州": "广州", "shenzhen": "Shenzhen", "深圳": "深圳", "hangzhou": "Hangzhou", "杭州": "杭州",
    "chengdu": "Chengdu", "成都": "成都", "nanjing": "Nanjing", "南京": "南京", "wuhan": "Wuhan", "武汉": "武汉",
    "xi'an": "Xi'an", "xian": "Xi'an", "西安": "西安", "suzhou": "Suzhou", "苏州": "苏州", "chongqing": "Chongqing",
    "重庆": "重庆", "tianjin": "Tianjin", "天津": "天津", "xiamen": "Xiamen", "厦门": "厦门", "qingdao": "Qingdao",
    "青岛": "青岛", "sanya": "Sanya", "三亚": "三亚", "kunming": "Kunming", "昆明": "昆明", "hong kong": "Hong Kong",
    "香港": "香港", "taipei": "Taipei", "台北": "台北", "macau": "Macau", "澳门": "澳门", "tokyo": "Tokyo", "东京": "东京",
    "osaka": "Osaka", "大阪": "大阪", "seoul": "Seoul", "首尔": "首尔", "singapore": "Singapore", "新加坡": "新加坡",
    "bangkok": "Bangkok", "曼谷": "曼谷", "london": "London", "伦敦": "伦敦", "paris": "Paris", "巴黎": "巴黎",
    "berlin": "Berlin", "柏林": "柏林", "new york": "New York", "纽约": "纽约", "san francisco": "San Francisco",
    "旧金山": "旧金山", "los angeles": "Los Angeles", "洛杉矶": "洛杉矶", "sydney": "Sydney", "悉尼": "悉尼",
}
_CITY_RE = re.compile(
    "|".join(rf"\b{re.escape(k)}\b" if k.isascii() else re.escape(k) for k in sorted(CITIES, key=len, reverse=True)),
    re.I,
)
PLACE_TYPES = {"city", "geo", "place", "gpe", "loc", "location", "ns"}

# --- topics ------------------------------------------------------------------------------------------

TOPICS: tuple[tuple[str, re.Pattern], ...] = (
    ("weather", re.compile(r"\b(weather|rain(ing|y)?|sunny|snow(ing)?|temperature|forecast|umbrella)\b"
                           r"|天气|下雨|下雪|气温|温度|晴天|阴天|预报|带伞|降温|升温", re.I)),
    ("house prices", re.compile(r"\b(house|housing|home|property|flat|apartment) prices?\b|\breal estate\b|\bmortgage\b"
                                r"|房价|楼市|买房|房贷|首付|二手房", re.I)),
    ("work", re.compile(r"\b(my (boss|job|manager|colleague)|at work|meeting|deadline)\b|上班|老板|同事|开会|加班", re.I)),
    ("food", re.compile(r"\b(dinner|lunch|breakfast|restaurant|cuisine|dish)\b|晚饭|午饭|早饭|吃饭|菜|美食", re.I)),
    ("travel", re.compile(r"\b(trip|travel|vacation|holiday|sightseeing)\b|旅行|旅游|出差|度假|景点", re.I)),
    ("tech", re.compile(r"\b(laptop|phone|computer|software|code|python|rust|linux|database)\b|电脑|手机|笔记本|软件|代码|数据库", re.I)),
    ("health", re.compile(r"\b(doctor|hospital|allerg\w*|sick|medicine|exercise|running|gym)\b|医生|医院|过敏|生病|药|锻炼|跑步|健身", re.I)),
    ("family", re.compile(r"\b(my (wife|husband|son|daughter|kids?|mother|father|mom|dad|parents))\b|老婆|老公|太太|儿子|女儿|孩子|爸爸|妈妈|父母", re.I)),
)
BACK_RE = re.compile(r"\b(back to|return to|anyway|let's continue|continue with|where were we)\b"
                     r"|回到|继续|说回|言归正传|接着说", re.I)
DONE_RE = re.compile(r"\b(booked|is confirmed|reservation confirmed|all set|done with)\b|订好了|已预订|预订成功|已经订|搞定了|完成了", re.I)
CANCEL_RE = re.compile(r"\b(never ?mind|cancel (it|that|the)|forget (it|about it))\b|算了|不订了|取消", re.I)
GOAL_RE = re.compile(r"\b(?:i (?:want|need|would like|'d like|am trying|'m trying|plan|am planning|'m planning|hope) to)\s+"
                     r"(?P<en>[^.?!,;]{3,60})|(?:我想要|我打算|我准备|我计划|我的目标是|我希望能?)(?P<zh>[^，。？！,.?!；;]{2,24})", re.I)
STALE_AFTER = 40  # user turns without a word about the task: it is set aside


@dataclass
class SessionState:
    """What the model must keep in view. ``slots`` are filled task slots; ``pending`` is derived."""

    goal: str | None = None
    task: str | None = None                      # key into TASKS, or None for a generic goal
    slots: dict[str, str] = field(default_factory=dict)
    completed: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)  # assistant questions the user has not answered yet
    topic: str | None = None
    turn: int = 0
    lang: str = "en"
    task_turn: int = 0                           # the last user turn that was about the goal

    @property
    def pending(self) -> list[str]:
        task = _TASK_BY_KEY.get(self.task or "")
        return [s for s in task.required if s not in self.slots] if task else []

    @property
    def goal_text(self) -> str:
        """The goal in the user's current language for known tasks; the user's own words otherwise."""
        task = _TASK_BY_KEY.get(self.task or "")
        if task and self.goal in (task.goal_en, task.goal_zh):
            return task.goal_zh if self.lang == "zh" else task.goal_en
        return self.goal or ""

    @property
    def task_topic(self) -> str | None:
        task = _TASK_BY_KEY.get(self.task or "")
        return task.topic if task else None

    @property
    def digressing(self) -> bool:
        return bool(self.goal and self.topic and self.task_topic and self.topic != self.task_topic)

    def copy(self) -> "SessionState":
        return replace(self, slots=dict(self.slots), completed=list(self.completed), questions=list(self.questions))

    def as_dict(self) -> dict:
        return {"goal": self.goal, "task": self.task, "slots": dict(self.slots), "pending": self.pending,
                "completed": list(self.completed), "questions": list(self.questions), "topic": self.topic}

    def render(self) -> str:
        """Plain lines for the prompt; English labels, or Chinese when the user writes Chinese."""
        zh = self.lang == "zh"
        lines: list[str] = []
        if self.goal:
            lines.append(("任务：" if zh else "task: ") + self.goal_text)
        if self.slots:
            sep = "，" if zh else ", "
            lines.append(("已知：" if zh else "known: ")
                         + sep.join(f"{SLOT_ZH.get(k, k) if zh else k}={v}" for k, v in self.slots.items()))
        if self.pending:
            names = [SLOT_ZH.get(p, p) for p in self.pending] if zh else self.pending
            lines.append(("还需要：" if zh else "still needed: ") + ("、" if zh else ", ").join(names))
        if self.completed:
            lines.append(("已完成：" if zh else "completed: ") + ("；" if zh else "; ").join(self.completed))
        if self.questions:
            lines.append(("待回答：" if zh else "open questions: ") + " | ".join(self.questions))
        if self.topic:
            lines.append(("当前话题：" + TOPIC_ZH.get(self.topic, self.topic)) if zh else ("current topic: " + self.topic))
        if self.digressing:
            todo = ("、" if zh else ", ").join(SLOT_ZH.get(p, p) if zh else p for p in self.pending)
            if zh:
                lines.append(f"用户暂时岔开了话题（{TOPIC_ZH.get(self.topic, self.topic)}）；回答后请引导回任务：{self.goal_text}"
                             + (f"，还需要{todo}" if todo else ""))
            else:
                lines.append(f"the user digressed to {self.topic}; after answering, steer back to the task: "
                             f"{self.goal_text}" + (f" (still needed: {todo})" if todo else ""))
        if not lines:
            return ""
        head = "会话状态" if zh else "Session state"
        return head + ":\n" + "\n".join("- " + ln for ln in lines)


# --- rules -------------------------------------------------------------------------------------------

def _is_zh(text: str) -> bool:
    """Chinese or mixed by the one language detector (``graphmem.linking.detect_language``): "ok，deadline是周五，
    我们team用的是Jira" gets a Chinese session state (it had its own CJK count, which said English there)."""
    from graphmem.linking.normalize import detect_language

    return detect_language(text) != "en"


def detect_task(text: str) -> TaskType | None:
    for task in TASKS:
        if task.trigger.search(text):
            return task
    return None


def detect_topic(text: str) -> str | None:
    for name, pattern in TOPICS:
        if pattern.search(text):
            return name
    return None


def fill_slots(text: str, wanted: tuple[str, ...] | list[str], places: list[str] = ()) -> dict[str, str]:
    """Values for the wanted slots found in ``text`` (and the place mentions linking found this turn)."""
    found: dict[str, str] = {}
    if "date" in wanted and (m := DATE_RE.search(text)):
        found["date"] = m.group().strip()
    if "time" in wanted and (m := TIME_RE.search(text)):
        found["time"] = m.group().strip()
    if "party size" in wanted and (m := PARTY_RE.search(text)):
        found["party size"] = m.group().strip()
    for slot in ("city", "destination"):
        if slot in wanted:
            if m := _CITY_RE.search(text):
                found[slot] = CITIES.get(m.group().lower(), m.group())
            elif places:
                found[slot] = places[0]
    return found


def update_state(state: SessionState, text: str, role: str = "user", cap: int = 6,
                 places: list[str] = ()) -> SessionState:
    """The next state after one message. Pure: returns a new object. ``places`` are place/city names
    linking found in this message (optional)."""
    s = state.copy()
    text = text.strip()
    if role == "assistant":
        if s.goal and DONE_RE.search(text):
            _complete(s, "done")
        qs = [q.strip() for q in re.findall(r"[^.!?。！？\n]*[?？]", text) if q.strip(" ?？")]
        s.questions = (s.questions + [q[-80:] for q in qs])[-2:]
        return _cap(s, cap)

    s.turn += 1
    s.lang = "zh" if _is_zh(text) else "en"
    answering = bool(s.questions)
    if s.questions:  # the user spoke after the assistant's questions: they are answered or moot
        s.questions = []
    if s.goal and CANCEL_RE.search(text):
        _complete(s, "cancelled")
    elif s.goal and DONE_RE.search(text):
        _complete(s, "done")

    task = detect_task(text)
    if task and task.key != s.task:
        if s.goal:
            _complete(s, "set aside")
        s.task, s.goal, s.slots = task.key, (task.goal_zh if s.lang == "zh" else task.goal_en), {}
    elif not task and not s.goal and not text.rstrip().endswith(("?", "？")) and (m := GOAL_RE.search(text)):
        s.goal, s.task, s.slots = (m.group("en") or m.group("zh")).strip(), None, {}
    if task or (s.goal and s.task_turn == 0):
        s.task_turn = s.turn

    topic = detect_topic(text)
    back = bool(s.task and BACK_RE.search(text))
    off_task = bool(topic and topic != s.task_topic and not task and not back)
    tt = _TASK_BY_KEY.get(s.task or "")
    on_task = bool(tt and (task or back or answering or tt.keywords.search(text) or _short(text)))
    filled: dict[str, str] = {}
    if tt and on_task and not off_task:  # "weather in Beijing tomorrow" is not the hotel's city and date
        filled = fill_slots(text, _TASK_BY_KEY[s.task].required, places)
        for k, v in filled.items():
            if s.slots.get(k) != v:
                s.slots[k] = v[:40]

    if task or filled or back or (tt and tt.keywords.search(text) and not off_task):
        s.topic = s.task_topic or s.topic
        s.task_turn = s.turn
    elif topic:
        s.topic = topic
    if s.goal and s.turn - s.task_turn > STALE_AFTER:
        _complete(s, "set aside")
    return _cap(s, cap)


def _short(text: str) -> bool:
    """A direct answer ("Shanghai, next Friday", "下周五，杭州"): a few words or characters."""
    return len(re.findall(r"[A-Za-z]+", text)) <= 6 and sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff") <= 10


OUTCOME_ZH = {"done": "已完成", "cancelled": "已取消", "set aside": "暂时搁置"}


def _complete(s: SessionState, outcome: str) -> None:
    """Close the current goal as a completed step ("book a hotel (city=Hangzhou): done")."""
    zh = s.lang == "zh"
    goal = s.goal_text
    if s.slots:
        goal += f" ({', '.join(f'{k}={v}' for k, v in s.slots.items())})"
    s.completed.append(f"{goal}：{OUTCOME_ZH.get(outcome, outcome)}" if zh else f"{goal}: {outcome}")
    s.goal, s.task, s.slots, s.questions, s.task_turn = None, None, {}, [], 0


def _cap(s: SessionState, cap: int) -> SessionState:
    """Keep the state small: more than ``cap`` completed steps → the oldest are merged into one line."""
    if len(s.completed) > cap:
        old, keep = s.completed[: len(s.completed) - cap + 1], s.completed[len(s.completed) - cap + 1:]
        merged = "earlier: " + ", ".join(x.replace("earlier: ", "") for x in old)
        s.completed = [merged[:160]] + keep
    return s


# --- optional LLM update -----------------------------------------------------------------------------

LLM_PROMPT = (
    "You maintain the state of a conversation. Current state (JSON):\n{state}\n\nNew {role} message:\n{text}\n\n"
    "Reply with only the updated state as JSON with keys goal (string or null), slots (object), "
    "completed (list of strings), topic (string or null)."
)


def llm_update(state: SessionState, text: str, role: str, llm: Callable[[str], str], cap: int = 6) -> SessionState:
    """Ask the user's LLM to refine the rule-based state. Any malformed answer leaves the state unchanged."""
    prompt = LLM_PROMPT.format(state=json.dumps(state.as_dict(), ensure_ascii=False), role=role, text=text)
    try:
        raw = llm(prompt)
        start, end = raw.find("{"), raw.rfind("}")
        data = json.loads(raw[start: end + 1])
    except Exception:
        return state
    if not isinstance(data, dict):
        return state
    s = state.copy()
    if isinstance(data.get("goal"), str) or data.get("goal") is None and "goal" in data:
        s.goal = (data["goal"] or None) and str(data["goal"])[:80]
    if isinstance(data.get("slots"), dict):
        s.slots = {str(k)[:30]: str(v)[:40] for k, v in data["slots"].items() if v not in (None, "")}
    if isinstance(data.get("completed"), list):
        s.completed = [str(x)[:80] for x in data["completed"]]
    if isinstance(data.get("topic"), str):
        s.topic = data["topic"][:40]
    return _cap(s, cap)
