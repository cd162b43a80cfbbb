# a question about something that happened (上次, 了), not how things stand. Read by graphmem.recall.query.past_tense
了|过|上次|那时|当时|昨天|去年|上个月|上周
