# a question or request (吗, 什么, 帮我, 你觉得): it says nothing about the speaker
[吗呢么嘛？?]\s*$|什么|哪个|哪里|怎么|为什么|多少|是不是|能不能|有没有|帮我|请你|你觉得|你知道
