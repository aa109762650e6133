# --help and --version succeed and go to stdout.
"$SF" --version
"$SF" --help | head -n 1
"$SF" solve --help | head -n 1
"$SF" bench --help | head -n 1
