# what a standing instruction is about (use, answer, call), on the lower-cased clause. Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\b(use|answer|reply|respond|write|keep|speak|talk|be|give|call|format|explain)\b
