# what the speaker owns (我有一台MacBook, 家里有辆车, 我们家有两辆自行车, 骑的是一辆捷安特, 开的是长城哈弗H6):
# group thing up to a clause end; its head must be an ownable noun or brand (linking/lists.owned, lexicon.ownable)
(?:(?:我|我们|我家|我们家|家里)(?:也|还|就|只)?有(?:[一两二三四五六七八九几]?(?:台|辆|部|个|只|块|架|套))?|(?:骑|开)的是(?:[一两]?(?:台|辆|部))?|家里(?:那|这)(?:台|辆|部))
(?P<thing>[\u4e00-\u9fffA-Za-z0-9][\u4e00-\u9fffA-Za-z0-9 +-]{0,14})
