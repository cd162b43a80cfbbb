# right before "in a week": a rate ("twice in a week"), no date
