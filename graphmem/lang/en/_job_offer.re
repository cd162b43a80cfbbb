# an accepted job offer ("accepted the Fernleaf offer"): the employer in group 1 or 2
\baccepted (?:the |an? )?(?:job )?offer (?:from|at) ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*)|\baccepted the ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*) offer|\b(?i:start(?:ed|ing)?(?: (?:a|my) new job| my job| work| working)? (?:at|with)|join(?:ed|ing)?) ([A-Z][\w&'-]+(?: [A-Z][\w&'-]+)*)
