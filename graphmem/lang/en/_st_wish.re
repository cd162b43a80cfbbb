# an offer or a wish, not a taste: "I'd love to check them out", "would really like to join". A liking cue inside it
# gives no preference. Read by graphmem.linking.statements' English clause rules
(?i)(?:'d|\bwould)\s+(?:really\s+|so\s+)?(?:love|like|enjoy)\s+to\b
