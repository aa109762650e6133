# Kaggle's quizzes,solutions layout: the quizzes column is found by name.
"$SF" solve -q "$IN/kaggle.csv"
