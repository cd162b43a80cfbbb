import pytest

from graphmem.linking.api import is_advice


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
