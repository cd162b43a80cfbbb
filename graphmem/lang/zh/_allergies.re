# the speaker's allergies (我对花生和芒果过敏)
(?:我|我也|我还)(?:也|还)?对(?P<names>[\u4e00-\u9fff、和及与跟]{2,16}?)(?:都|也)?过敏
