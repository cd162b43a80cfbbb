import pytest

from graphmem.linking.api import is_advice
from graphmem.linking.gate import is_reaction


@pytest.mark.parametrize("text", [
    "For coding under 5000 I'd suggest the Lenovo ThinkPad E14.",
    "With 8000 and a flagship preference, look at the ThinkPad X1 Carbon.",
    "I'd go with the Sony WH-1000XM5.",
    "好的，五千以内写代码的话，我推荐联想ThinkPad E14。",
    "按八千预算，可以看看 ThinkPad X1 Carbon。",
    "建议选 2 晚的套餐。",
])
def test_a_concrete_recommendation_is_advice(text):
    assert is_advice(text)


@pytest.mark.parametrize("text", [
    "Hi! What can I do for you?",
    "Anytime!",
    "I recommend you get some rest.",
    "建议你早点休息。",
    "The ThinkPad E14 takes up to 40GB, plenty for coding.",
    "",
])
def test_chat_or_advice_about_nothing_concrete_is_not(text):
    assert not is_advice(text)


@pytest.mark.parametrize("text", [
    "Understood, I'll keep that in mind.",
    "Good to know. Is Tom a friend of yours?",
    "Congrats! How much did it set you back?",
    "Welcome to Kyoto! Enjoy the temples.",
    "You could replace the battery instead of the whole laptop.",
    "收到，不要香菜和葱。",
    "杭州是个好地方！",
    "抱歉听到这个消息，抱抱你。",
    "谢谢～你之前不是在京东吗",
])
def test_an_assistant_reaction_has_nothing_of_its_own(text):
    assert is_reaction(text)


@pytest.mark.parametrize("text", [
    "That's annoying. Try cleaning the vents and switching to a balanced power profile, then check the fan in "
    "the BIOS settings.",
    "Nice work on the price. Remember to set the policy start date for Saturday morning so you're covered "
    "from the moment you drive it away.",
    "八万字在三周多里完成，每天要三千多字，记得留出 QA 的时间。",
    "提前退租的话可以按合同约定处理，退押金前记得一起验房、拍照留底。",
    "Booked: a table for 4 at Nopa, 7pm Friday.",
])
def test_a_reply_with_content_is_not_a_reaction(text):
    assert not is_reaction(text)
