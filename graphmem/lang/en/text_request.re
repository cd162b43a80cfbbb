# a message asking the assistant to produce a text ("Can you help me write an email ...", "Write me a haiku",
# "translate ..."); read by graphmem.recall.gate: a past one is no evidence that a new request needs a memory
(?i)^\W*(?:(?:hey|hi|ok|okay|so|and|also)\W+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+)?
(?:help\s+me\s+(?:to\s+)?)?(?:write|draft|compose|translate|rewrite|proofread|polish|summari[sz]e)\b
