# the words before the user's weight (我现在, 体重是) or target weight (减到). rules.body
(我(?:现在|目前)?(?:体重)?(?:有|是)?|(?:减|瘦|降)到)
