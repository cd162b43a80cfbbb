# words before a list's item that are not part of it (还有维生素D). Read by rules.enumerations
^(?:还有|以及|另外|和|跟|及)
