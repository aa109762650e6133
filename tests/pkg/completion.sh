#!/bin/bash
# Checks the bash completion: sources the script, sets COMP_WORDS and
# COMP_CWORD as bash does for a partly typed command line, calls the
# completion function and compares COMPREPLY with what must (or must not)
# be offered.  The expected words come from the program itself where they
# can (its command list, its --help), so the check is of the completion's
# reading of them, not a copy of it.  A line as each part starts (the
# package test shows them), since the whole takes a few seconds.
# Usage: bash tests/pkg/completion.sh COMPLETION-SCRIPT BINDIR
#
# shellcheck disable=SC2086,SC2116 # word lists split on purpose
set -u
script=$1
PATH=$2:$PATH
fails=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
mkdir sub
: >puzzles.txt
: >puzzles.txt.gz
: >sub/more.txt
: >"with space.txt"

# shellcheck source=/dev/null
source "$script" || {
    echo "cannot source $script"
    exit 1
}
complete -p sudoflow >/dev/null 2>&1 || {
    echo "the script registers no completion for sudoflow"
    exit 1
}

# complete WORD... : COMPREPLY for the command line WORD... (the last word
# is the one being completed), sorted, one per line, in $got.
complete_line()
{
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _sudoflow sudoflow "${COMP_WORDS[COMP_CWORD]}" \
        "${COMP_WORDS[COMP_CWORD - 1]}"
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort)
}

# expect "WANT..." WORD... : exactly these words are offered.
expect()
{
    local want
    want=$(printf '%s\n' $1 | sort) # the words of $1
    shift
    complete_line "$@"
    if [ "$got" != "$want" ]; then
        echo "FAIL '$*': got [$(echo $got)], expected [$(echo $want)]"
        fails=$((fails + 1))
    fi
}

# offers "WANT..." WORD... : at least these words are offered (one grep
# for all of them: a process per word made this check slow).
offers()
{
    local w missing
    local want=$1
    shift
    complete_line "$@"
    missing=$(printf '%s\n' $want | grep -vxF -f <(printf '%s\n' "$got"))
    for w in $missing; do
        echo "FAIL '$*': '$w' not offered (got: $(echo $got))"
        fails=$((fails + 1))
    done
}

commands=$(sudoflow --help |
    awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[ -n "$commands" ] || {
    echo "no commands in sudoflow --help"
    exit 1
}
echo "   completion: commands"
expect "$commands help" sudoflow ""
expect "$(printf '%s\n' $commands help | grep '^s')" sudoflow s
expect "--version" sudoflow --vers
expect "generate" sudoflow help gen
expect "" sudoflow help solve ""

# every option of every command's --help, long and short
echo "   completion: the options of every command"
for cmd in $commands; do
    opts=$(sudoflow "$cmd" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u)
    offers "$opts" sudoflow "$cmd" --
    shorts=$(sudoflow "$cmd" --help | sed -n 's/^ *\(-[A-Za-z0-9]\), .*/\1/p')
    offers "$shorts" sudoflow "$cmd" -
done
expect "--kernel" sudoflow solve --ker
expect "--test --test-fraction" sudoflow split --test
expect "--threads" sudoflow solve -j 2 --thr

# option values read from the help
echo "   completion: option values"
offers "bandstack bitboard" sudoflow solve --kernel ""
offers "all bandstack" sudoflow bench --kernel ""
expect "bitboard" sudoflow solve --kernel bi
expect "bitboard" sudoflow solve --kernel = bi
offers "line grid csv" sudoflow solve --in-format ""
offers "line grid" sudoflow solve --out-format ""
expect "rot180 rot90" sudoflow generate --symmetry rot
expect "singles subsets" sudoflow generate --level s
expect "puzzle,solution puzzle,status" sudoflow solve --fields puzzle,s
offers "puzzle solution clues rating level" sudoflow generate --fields ""
expect "canon,puzzle" sudoflow canon --fields canon,p
expect "minimal,singles_closure" sudoflow rate --fields minimal,si
expect "guesses" sudoflow generate --fields gu
expect "" sudoflow solve --threads ""
expect "" sudoflow generate --seed ""

# file names: for inputs, -o/--output, --stats, --train/--test
echo "   completion: file names"
expect "puzzles.txt puzzles.txt.gz" sudoflow solve puz
expect "sub/more.txt" sudoflow rate sub/m
expect "puzzles.txt puzzles.txt.gz" sudoflow solve -o puz
expect "puzzles.txt puzzles.txt.gz" sudoflow generate -n 5 --stats puz
expect "sub" sudoflow split --train su
expect "puzzles.txt puzzles.txt.gz" sudoflow split --test puz
complete_line sudoflow solve wit
if [ "$got" != "with space.txt" ]; then
    echo "FAIL 'sudoflow solve wit': got [$got], expected [with space.txt]"
    fails=$((fails + 1))
fi

[ "$fails" = 0 ] && echo "   completion: all checks passed"
[ "$fails" = 0 ]
