# 一个, 一只 alone: only an article (刷到一个视频), not a count
一(?:个|只|家|本|杯|片|位|件|条|张|场|趟|口|人|台|间|份)
