# a clause that opens as a question ("what", "can", "do", "any"): it states nothing
(?i)^\s*(?:what|which|who|whom|whose|where|when|why|how|can|could|would|will|do|does|did|is|are|should|shall|may|any)\b
