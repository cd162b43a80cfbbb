# nobody else named before a cue (now, just, me and my wife). Read by graphmem.linking.statements' English clause rules
(?i)^\s*(?:(?:now|currently|just|still|also|and|so|but|actually|anyway|btw|oh|well|finally|me and [\w ]+?)[\s,]+)*(?:my\s+)?$
