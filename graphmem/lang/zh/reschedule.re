# a verb phrase that moves a plan, besides the reschedule cues of statement_cues.tsv (none here;
# statements._event)
