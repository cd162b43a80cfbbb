CREATE FULLTEXT INDEX memory_text IF NOT EXISTS FOR (n:Fact|Event|Entity) ON EACH [n.text, n.name, n.search_names]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk', `fulltext.eventually_consistent`: false}}
