# what separates two things learnt (、, 和). rules.learning
[、和]
