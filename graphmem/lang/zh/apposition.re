# a name with its description, as four groups (name, description, description, name); empty: Chinese
# appositions are read by zh_appositions from jieba's words (linking/mentions.py en_appositions)
