# an interjection ("aaaah", "lol"): never a mention. Read by graphmem.linking.mentions (no Chinese rule: its
# interjections are in fillers.txt)
