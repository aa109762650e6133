# Usage errors of the dataset commands exit 1 with a message; --help goes
# to stdout.
"$SF" rate --fields puzzle,bogus "$IN/ten.txt"; echo "rate fields: $?"
"$SF" rate --in-format xml "$IN/ten.txt"; echo "rate in-format: $?"
"$SF" canon --fields canon,nope "$IN/ten.txt"; echo "canon fields: $?"
"$SF" canon --bogus "$IN/ten.txt"; echo "canon bogus: $?"
"$SF" transform --seed x "$IN/ten.txt"; echo "transform seed: $?"
"$SF" transform -j x "$IN/ten.txt"; echo "transform -j x: $?"
"$SF" generate -n 3 --gzip-level 10; echo "gzip-level 10: $?"
for c in rate transform canon split; do "$SF" $c --help | head -n 1; done
"$SF" rate -q nosuch.txt; echo "rate missing: $?"
"$SF" canon -q --strict "$IN/mixed.txt" > /dev/null; echo "canon strict: $?"
