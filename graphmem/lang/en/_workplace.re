# where the speaker works ("my job at the bank"): group 1
(?i)\bmy (?:job|position|role) at ((?:the )?[A-Z]?[\w&'-]+(?: [A-Z][\w&'-]+)*)
