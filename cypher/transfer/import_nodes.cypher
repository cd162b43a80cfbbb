UNWIND $rows AS row
CREATE (n:$(row.labels))
SET n = row.props
RETURN row.key AS key, elementId(n) AS element_id
