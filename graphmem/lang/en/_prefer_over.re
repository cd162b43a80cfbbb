# a liked thing preferred over another (a statement subject "tea over coffee": group 1 liked, group 2 the other)
(?i)^(.+?)\s+(?:over|rather than|instead of)\s+(.+)$
