"""The demo's long history: six weeks of one person's everyday chats with an assistant (several hundred turns),
written for this demo, deterministic. Facts recur and change over the weeks (rent, running shoes, a race goal,
the cat's food), most turns are ordinary chatter, and the last session asks about things said weeks earlier
plus one question nothing in memory is about."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

USER = "demo-long"
TITLE = "Priya (English, six weeks of chats)"
START = datetime(2026, 2, 2, 8, 30, tzinfo=timezone.utc)
WEEKS = 6

#: (week, session of the week, turn) → what she says that matters, with the assistant's reply; the rest is chatter
EPISODES: dict[tuple[int, int], list[tuple[str, str]]] = {
    (0, 0): [("I just moved to Leeds for a new job as a data analyst at Northwind Logistics.",
              "Congratulations on the move and the new job!"),
             ("My rent here is 950 pounds a month for a one-bed near Hyde Park.", "Noted: 950 a month.")],
    (0, 2): [("My cat Miso came with me, she's a grey British Shorthair.", "Hello to Miso!"),
             ("Miso's vet is Dr. Okafor at Riverside Vets.", "Good to have a vet lined up.")],
    (0, 4): [("I run three times a week, mostly in Brooks Ghost shoes.", "That's a solid routine."),
             ("My goal is the Leeds Half Marathon in May.", "A great goal; let's plan towards it.")],
    (1, 1): [("My manager at Northwind is Dana Whitfield, she's lovely.", "Glad you get on with her."),
             ("I'm allergic to shellfish, so no prawns for me.", "I'll keep shellfish out of any suggestions.")],
    (1, 3): [("My sister Maya lives in Toronto and works as a nurse.", "Toronto is a long way; do you visit?"),
             ("Mum's birthday is on 12 April, I want to send her something nice.",
              "Let's think of gift ideas nearer the date.")],
    (2, 0): [("Long run today: 14 km in 1 hour 22 minutes.", "Nice pace for a long run."),
             ("My left knee has been a bit sore after long runs.",
              "Worth easing off and stretching; see a physio if it persists.")],
    (2, 3): [("The landlord says rent goes up to 1000 pounds from April.",
              "That's a 50 pound rise; noted 1000 from April."),
             ("Miso is now on salmon kibble, she refused the chicken one.", "Salmon it is, then.")],
    (3, 1): [("I switched my running shoes to Hoka Clifton 9, my knee feels better.", "Good news about the knee."),
             ("I'm working on a route optimisation project for the delivery vans.", "Sounds like a meaty project.")],
    (3, 4): [("I booked flights to Toronto for 20 May to see Maya.", "Lovely, enjoy the trip."),
             ("Actually my half marathon target time is now 1 hour 55.", "Ambitious and doable with your training.")],
    (4, 2): [("Miso had her booster vaccination at Riverside Vets on Tuesday.", "Good, that's done for the year."),
             ("Dana asked me to present the routing results to the board in June.",
              "Exciting, a big chance to shine.")],
    (4, 5): [("I'm learning to make dumplings, pork and cabbage so far.", "Homemade dumplings are the best."),
             ("I ordered Mum a silk scarf for her birthday.", "She'll love it.")],
    (5, 1): [("Longest run yet: 18 km in 1 hour 44 minutes.", "You're ready for the half."),
             ("I'm thinking about adopting a second cat to keep Miso company.", "Miso might enjoy a friend.")],
}
CHATTER = [
    ("Morning! Coffee first, then emails.", "Good morning! Enjoy the coffee."),
    ("What a grey day it is outside.", "Leeds weather, eh."),
    ("Can you give me a quick stretch routine before a run?", "Leg swings, hip circles, walking lunges, 5 minutes."),
    ("How do I make a pivot table in Excel again?", "Select the data, Insert, PivotTable, then drag fields."),
    ("Remind me what a p-value means in plain words.",
     "How surprising your data would be if nothing were going on."),
    ("I need a quick dinner idea with tofu.", "Crispy tofu with garlic greens and rice."),
    ("Haha, fair enough.", "Glad that helped."),
    ("Thanks, that's useful.", "Any time."),
    ("What's a good podcast for a long run?", "Try a long-form interview show; the time flies."),
    ("Can you explain what a window function is in SQL?", "A function over a set of rows related to the current one."),
    ("Ugh, Monday again.", "Hang in there."),
    ("Suggest a playlist vibe for tempo runs.", "Upbeat electronic around 170 bpm."),
    ("How long should I rest between intervals?", "About as long as the interval, easy jogging."),
    ("I'm so tired today.", "Rest when you can."),
    ("Write me a short polite email to reschedule a meeting.", "Hi, could we move our meeting to later this week?"),
    ("What's a good way to store fresh ginger?", "Unpeeled in the fridge crisper, or frozen."),
    ("ok", "Okay."),
    ("Any tips for falling asleep faster?", "Dim lights, no screens for an hour, same bedtime."),
    ("How do I remove a coffee stain from a shirt?", "Cold water, a little dish soap, dab don't rub."),
    ("Is it worth learning Polars instead of pandas?", "For big data, yes; the API is different but fast."),
    ("Tell me a fun fact.", "Octopuses have three hearts."),
    ("What should I eat after a long run?", "Carbs and some protein within an hour."),
    ("Lol, Miso just knocked a plant over.", "Cats will be cats."),
    ("How many minutes is a good easy run?", "30 to 45 minutes at a chatty pace."),
]
FINAL = [  # the last session: questions about weeks ago, and one nothing in memory is about
    ("How much will my rent be from April?", "From April your rent is 1000 pounds a month."),
    ("Which vet does Miso go to?", "Dr. Okafor at Riverside Vets."),
    ("What shoes am I running in these days?", "Hoka Clifton 9."),
    ("When is Mum's birthday, and what did I get her?", "12 April; you ordered a silk scarf."),
    ("What's the capital of Australia?", "Canberra."),
]
FINAL_OFF_TOPIC = "What's the capital of Australia?"


def days() -> list[dict]:
    """The sessions, in the shape of demo.json's days: ``{"day": iso, "turns": [{"user", "assistant"}]}``."""
    rng = random.Random(20260202)
    out = []
    for week in range(WEEKS):
        for session in range(6):
            start = START + timedelta(days=7 * week + session, hours=rng.choice([0, 2, 10, 12]))
            turns = [{"user": u, "assistant": a} for u, a in EPISODES.get((week, session), [])]
            for _ in range(rng.randint(6, 9)):
                u, a = rng.choice(CHATTER)
                turns.insert(rng.randint(0, len(turns)), {"user": u, "assistant": a})
            out.append({"day": start.isoformat(), "turns": turns})
    final = START + timedelta(days=7 * WEEKS, hours=1)
    out.append({"day": final.isoformat(), "turns": [{"user": u, "assistant": a} for u, a in FINAL], "narrate": True})
    return out


def user() -> dict:
    """The demo user as in demo.json, with ``narrate`` on the sessions the demo prints turn by turn."""
    return {"user_id": USER, "title": TITLE, "days": days(), "long": True}
