# a question about what the assistant itself said ("which plant did you say was your top pick?", "the plan you put
# together for me"), not a request to it now ("can you suggest…"). Read by graphmem.recall.retriever._annotate
(?i)\byou\s+(?:\w+\s+)?(?:said|told|recommended|suggested|gave|mentioned|put\s+together|listed|advised|proposed
|came\s+up\s+with|shared|wrote|walked\s+me\s+through)\b
|\bdid\s+you\s+(?:\w+\s+)?(?:say|tell|recommend|suggest|give|mention|list|advise|propose)\b
