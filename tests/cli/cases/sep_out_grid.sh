# --sep changes the separator; --out-format grid prints line input as grids.
head -n 2 "$IN/ten.txt" | "$SF" solve -q --sep ';' --fields status,count --count
head -n 2 "$IN/ten.txt" | "$SF" solve -q --out-format grid
