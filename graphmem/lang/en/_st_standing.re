# a standing instruction's time words (from now on, always), on the lower-cased clause. Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\b(from now on|going forward|in (?:the )?future|always|every time)\b
