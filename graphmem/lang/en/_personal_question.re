# a clause that asks (it says nothing about the speaker)
(?i)^\s*(?:what|which|who|where|when|why|how|can|could|would|will|do|does|did|is|are|should)\b
