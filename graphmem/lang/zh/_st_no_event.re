# what is not an event beside a time (了, 是, 终于), nor a pay structure: 十三薪 / 13薪 is how many months' pay a year holds, a standing term of the job ("年底有十三薪"), never something that happens. Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
(了|是|的|啊|呀|吧|终于|又|过|还|就)+|[一二两三四五六七八九十]{1,3}岁?(了|啦)?|有?[一二两三四五六七八九十]{0,3}薪
