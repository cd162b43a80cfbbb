# 消息结尾的道别或道谢（先睡了晚安、谢谢你帮了大忙）: the message says what the part before it
# says (linking/gate.py _before_sign_off)
先撤了?|撤了|晚安|拜拜|88|886|先睡了|睡了|去吃饭[了啦]|不打扰你了|回头聊|先这样|下了|谢谢你?[啊呀]?(?:[，,]?[\u4e00-\u9fff]{0,12}帮了[\u4e00-\u9fff]{0,4}忙)?|
多谢
