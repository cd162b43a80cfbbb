CREATE VECTOR INDEX event_embedding IF NOT EXISTS FOR (v:Event) ON v.embedding
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
