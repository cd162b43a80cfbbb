# a goal of the user's ("I want to learn Rust", 我打算学Rust): group 1 the goal
(?i)(?:我想要|我打算|我准备|我计划|我的目标是|我希望能?)([^，。？！,.?!；;]{2,24})
