# a part of a city (区, 路, 小区): an address, not the city. Read by graphmem.linking.statements' Chinese clause rules
(?:区|县|镇|乡|村|街道?|路|小区|花园|公寓|苑|弄)$
