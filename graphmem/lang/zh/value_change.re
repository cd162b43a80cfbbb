# a new value given with a change verb and a number (涨到八千), a fresh start (从下周开始), a replacement
# that arrived (新烤箱到了), a plain "now" state (现在…了). Read by graphmem.recall.scoring.announces_change
(?:涨到|升到|加到|提到|降到|减到|减少到|增加到|调整到|变成|砍到|谈到|压到)\s?[¥$€£]?[\d一二两三四五六七八九十百千万点半]|从(?:这|下|本)(?:周|个月|月)开始|新[\u4e00-\u9fff]{1,4}(?:到了|
来了)|换了新|买了新|现在[\u4e00-\u9fffA-Za-z0-9 ]{1,16}了|[\d一二两三四五六七八九十百千万点半]+(?:斤|公斤|公里|元|块|万|次|岁|分)?了
