# what the speaker wants someone else to do ("my kids to learn that", "future generations to go through that",
# "'em to feel at home"): after a want cue, no preference. Read by graphmem.linking.statements' English clause rules
^(?:[\w']+\s+){0,3}to\s+(?!(?:the|a|an|my|your|our|his|her|their|its)\b)[a-z]+\b
