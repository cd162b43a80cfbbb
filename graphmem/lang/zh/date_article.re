# an article between a moving verb and the new time (none in Chinese; statements._event)
