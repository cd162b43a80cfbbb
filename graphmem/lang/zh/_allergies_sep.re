# separators between the items of an allergy list (花生和芒果)
[、和及与跟]
