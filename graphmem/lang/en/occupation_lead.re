# what opens a job found by occupation.re but is not part of it (none in English; statements._occupation)
