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

from graphmem import lang as langs

# --- task table (the words of each task, topic and slot are language-pack data: graphmem/lang/<code>/) --------

@dataclass(frozen=True)
class TaskType:
    key: str
    required: tuple[str, ...]
    topic: str

    @property
    def trigger(self) -> re.Pattern:
        """A message that starts the task (every pack's ``task_triggers.tsv`` row)."""
        return langs.union("task_triggers", self.key)

    @property
    def keywords(self) -> re.Pattern:
        """Words that make a message about this task (``task_words.tsv``)."""
        return langs.union("task_words", self.key)

    def goal(self, lang: str) -> str:
        return langs.pack(lang).table("task_goals").get(self.key, self.key)

    def goals(self) -> set[str]:
        """The goal in every language (a state keeps the goal as said when the task started)."""
        return {p.table("task_goals").get(self.key, self.key) for p in langs.packs()}


TASKS: tuple[TaskType, ...] = (
    TaskType("hotel", ("date", "city"), "hotel booking"),
    TaskType("flight", ("date", "destination"), "flight booking"),
    TaskType("restaurant", ("date", "time", "party size"), "restaurant booking"),
)
_TASK_BY_KEY = {t.key: t for t in TASKS}

# --- slot fillers ------------------------------------------------------------------------------------

# the slot fillers' words are the packs' (date.re, time.re, party_size.re, cities.tsv), read as they are now
# (``langs.union`` and ``langs.cached`` are rebuilt when a pack is added)


@langs.cached
def cities() -> tuple[dict[str, str], re.Pattern]:
    """A small gazetteer so "Shanghai" / "上海" fills the city slot without a model (the packs' cities.tsv): name ->
    city, and the pattern of every name. Linking's place mentions (slot table, type place/city) fill it too."""
    names = {k: v for p in langs.packs() for k, v in p.table("cities").items()}
    return names, re.compile(
        "|".join(rf"\b{re.escape(k)}\b" if k.isascii() else re.escape(k) for k in sorted(names, key=len, reverse=True)),
        re.I)


PLACE_TYPES = {"city", "geo", "place", "gpe", "loc", "location", "ns"}

# --- topics ------------------------------------------------------------------------------------------


@langs.cached
def _topics() -> tuple[tuple[str, re.Pattern], ...]:
    """(topic, its words) in the default pack's order; the first that matches a message is its topic."""
    names = dict.fromkeys(n for p in langs.packs() for n in p.table("topics"))
    return tuple((n, langs.union("topics", n)) for n in names)


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
    lang: str = langs.DEFAULT
    task_turn: int = 0                           # the last user turn that was about the goal

    @property
    def pending(self) -> list[str]:
        task = _TASK_BY_KEY.get(self.task or "")
        return [s for s in task.required if s not in self.slots] if task else []

    @property
    def goal_text(self) -> str:
        """The goal in the user's current language for known tasks; the user's own words otherwise."""
        task = _TASK_BY_KEY.get(self.task or "")
        if task and self.goal in task.goals():
            return task.goal(self.lang)
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
        """Plain lines for the prompt, in the user's current language (the pack's ``state_*`` templates)."""
        p = langs.pack(self.lang)
        say, slot = p.say, (lambda k: p.table("slot_names").get(k, k))
        lines: list[str] = []
        if self.goal:
            lines.append(say("state_task", x=self.goal_text))
        if self.slots:
            lines.append(say("state_known", x=say("state_known_sep").join(
                say("state_slot", k=slot(k), v=v) for k, v in self.slots.items())))
        if self.pending:
            lines.append(say("state_pending", x=say("state_list_sep").join(slot(k) for k in self.pending)))
        if self.completed:
            lines.append(say("state_completed", x=say("state_completed_sep").join(self.completed)))
        if self.questions:
            lines.append(say("state_questions", x=" | ".join(self.questions)))
        topic = p.table("topic_names").get(self.topic, self.topic) if self.topic else None
        if topic:
            lines.append(say("state_topic", x=topic))
        if self.digressing:
            todo = say("state_list_sep").join(slot(k) for k in self.pending)
            lines.append(say("state_digress", topic=topic, goal=self.goal_text)
                         + (say("state_digress_todo", todo=todo) if todo else ""))
        if not lines:
            return ""
        return say("state_head") + ":\n" + "\n".join("- " + ln for ln in lines)


# --- rules -------------------------------------------------------------------------------------------

def _lang(text: str) -> str:
    """The pack a message is read with, by the one language detector (``graphmem.linking.detect_language``);
    mixed text is the non-default language's: "ok，deadline是周五，我们team用的是Jira" gets a Chinese state."""
    from graphmem.linking.normalize import detect_language

    return langs.of_label(detect_language(text))


def detect_task(text: str) -> TaskType | None:
    for task in TASKS:
        if task.trigger.search(text):
            return task
    return None


def detect_topic(text: str) -> str | None:
    for name, pattern in _topics():
        if pattern.search(text):
            return name
    return None


def fill_slots(text: str, wanted: tuple[str, ...] | list[str], places: list[str] = ()) -> dict[str, str]:
    """Values for the wanted slots found in ``text`` (and the place mentions linking found this turn)."""
    found: dict[str, str] = {}
    if "date" in wanted and (m := langs.union("date").search(text)):
        found["date"] = m.group().strip()
    if "time" in wanted and (m := langs.union("time").search(text)):
        found["time"] = m.group().strip()
    if "party size" in wanted and (m := langs.union("party_size").search(text)):
        found["party size"] = m.group().strip()
    for slot in ("city", "destination"):
        if slot in wanted:
            names, pattern = cities()
            if m := pattern.search(text):
                found[slot] = names.get(m.group().lower(), m.group())
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
        if s.goal and langs.union("task_done").search(text):
            _complete(s, "done")
        qs = [q.strip() for q in re.findall(r"[^.!?。！？\n]*[?？]", text) if q.strip(" ?？")]
        s.questions = (s.questions + [q[-80:] for q in qs])[-2:]
        return _cap(s, cap)

    s.turn += 1
    s.lang = _lang(text)
    answering = bool(s.questions)
    if s.questions:  # the user spoke after the assistant's questions: they are answered or moot
        s.questions = []
    if s.goal and langs.union("task_cancelled").search(text):
        _complete(s, "cancelled")
    elif s.goal and langs.union("task_done").search(text):
        _complete(s, "done")

    task = detect_task(text)
    if task and task.key != s.task:
        if s.goal:
            _complete(s, "set aside")
        s.task, s.goal, s.slots = task.key, task.goal(s.lang), {}
    elif not task and not s.goal and not text.rstrip().endswith(("?", "？")) and (m := langs.union("goal").search(text)):
        s.goal, s.task, s.slots = next(g for g in m.groups() if g).strip(), None, {}
    if task or (s.goal and s.task_turn == 0):
        s.task_turn = s.turn

    topic = detect_topic(text)
    back = bool(s.task and langs.union("back_to_task").search(text))
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
    """A direct answer ("Shanghai, next Friday", "下周五，杭州"): a few words or characters in every language."""
    return all(p.fn("short_answer")(text) for p in langs.packs())


def _complete(s: SessionState, outcome: str) -> None:
    """Close the current goal as a completed step ("book a hotel (city=Hangzhou): done")."""
    p = langs.pack(s.lang)
    goal = s.goal_text
    if s.slots:
        goal += f" ({', '.join(f'{k}={v}' for k, v in s.slots.items())})"
    s.completed.append(p.say("state_outcome", goal=goal, outcome=p.table("outcome_names").get(outcome, outcome)))
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
