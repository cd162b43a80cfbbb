# where a text value ends (as, since, because). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\s+(?:as|since|for|because|with|and)\s+
