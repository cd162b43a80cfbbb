# a clause that ends as a question (吗, 呢, 没有, ？): it states nothing
(吗|呢|么|嘛|没有|不)[？?]?$|[？?]$
