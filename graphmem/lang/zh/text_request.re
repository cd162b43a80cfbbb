# a message asking the assistant to produce a text ("帮我写条朋友圈文案", "写一副对联", "翻译一下"); read by
# graphmem.recall.gate: a past one is no evidence that a new request needs a memory
^\W*(?:你)?(?:能不能|能否|可不可以|可以|能|麻烦|请)?(?:(?:帮我|给我|替我|帮忙)(?:写|想|拟|编|起|翻译|改写|润色)
|写(?:一|个|段|首|篇|封|条|份)|翻译)
