# the job after an employer: "at Acme as a designer". Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)\bas\s+an?\s+([a-z][a-z ]{2,40})$
