SHOW INDEXES YIELD name, type, state, populationPercent, labelsOrTypes, properties, options
RETURN name, type, state, populationPercent, labelsOrTypes, properties, options ORDER BY name
