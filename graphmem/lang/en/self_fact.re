# a sentence about the speaker's own life ("my wife", "I work", "I'm a nurse", vegetarian): the summary keeps it first
(?i)\bmy (wife|husband|son|daughter|kids?|children|mother|father|mom|dad|parents|boss|partner|friend|doctor|job|company|team)\b|\bi (work|live|study|am allergic|'m allergic)\b|\bi(?: am|'m) an? \w+|vegetarian|vegan
