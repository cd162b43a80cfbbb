# an accepted job offer ("accepted the Fernleaf offer"): the employer in group 1 or 2
\baccepted (?:the |an? )?(?:job )?offer (?:from|at) ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*)|\baccepted the ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*) offer|\b(?i:start(?:ed|ing)?(?: a new job| work| working)? (?:at|with)|join(?:ed|ing)?) ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*)
