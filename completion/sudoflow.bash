# bash completion for sudoflow                               -*- shell-script -*-
#
# Completes the command names, each command's options, the values of
# options that take one of a few words (kernels, formats, symmetries,
# levels, field lists) and file names.  Everything but the file names is
# read from the program's own help (`sudoflow --help`, `sudoflow CMD
# --help`), once per command and shell, so the completion always matches
# the installed program.  Needs nothing beyond bash itself; installed as
# share/bash-completion/completions/sudoflow, or source it from ~/.bashrc.

# _sudoflow_help PROG CMD: the help text of CMD ("" for the overview),
# cached in _sudoflow_cache_CMD.
_sudoflow_help()
{
    local var=_sudoflow_cache_${2:-main}
    if [[ -z ${!var+set} ]]; then
        local text
        if [[ -n $2 ]]; then
            text=$(LC_ALL=C "$1" "$2" --help 2>/dev/null)
        else
            text=$(LC_ALL=C "$1" --help 2>/dev/null)
        fi
        printf -v "$var" '%s' "$text"
    fi
    printf '%s\n' "${!var}"
}

# _sudoflow_commands PROG: the command names, from the overview's list.
_sudoflow_commands()
{
    _sudoflow_help "$1" "" | awk '
        /^commands:/ { on = 1; next }
        on && /^  [a-z]/ { print $1; next }
        on && !/^  / { on = 0 }'
    echo help
}

# _sudoflow_options PROG CMD: each option of CMD on a line, its short and
# long name and, when it takes a value, the value's name (e.g. "-o
# --output FILE", "- --count", "- --kernel NAME").
_sudoflow_options()
{
    _sudoflow_help "$1" "$2" | awk '
        /^ +-/ {
            short = "-"; long = ""; arg = ""
            if (match($0, /^ +-[A-Za-z0-9],/))
                short = substr($0, RSTART + RLENGTH - 3, 2)
            if (!match($0, /--[a-z0-9][a-z0-9-]*/))
                next
            long = substr($0, RSTART, RLENGTH)
            rest = substr($0, RSTART + RLENGTH)
            if (match(rest, /^ [A-Z][A-Z]*( |$)/))
                arg = substr(rest, 2, RLENGTH - 1)
            sub(/ $/, "", arg)
            print short, long, arg
        }'
}

# _sudoflow_describe PROG CMD OPTION: the help text of OPTION, its lines
# joined, without the option and value names.
_sudoflow_describe()
{
    _sudoflow_help "$1" "$2" | awk -v opt="$3" '
        on && (/^ +-/ || /^ *$/) { exit }
        on { text = text " " $0 }
        !on && /^ +-/ {
            if (!match($0, /--[a-z0-9][a-z0-9-]*/)) next
            if (substr($0, RSTART, RLENGTH) != opt) next
            on = 1
            text = substr($0, RSTART + RLENGTH)
            sub(/^ [A-Z][A-Z]* /, "", text)
        }
        END { gsub(/  +/, " ", text); print text }'
}

# _sudoflow_values PROG CMD OPTION: the words OPTION's value may be, when
# its help lists them ("line, grid or csv", "of puzzle,solution,...",
# "...: bandstack (the default), bitboard"); nothing otherwise.
_sudoflow_values()
{
    local text
    text=$(_sudoflow_describe "$1" "$2" "$3")
    [[ $3 == --kernel && $2 == bench ]] && echo all
    printf '%s\n' "$text" | awk -v opt="$3" '
        function words(s,   n, i, w, out) {
            gsub(/ or /, ", ", s)
            n = split(s, w, /, */)
            for (i = 1; i <= n; i++) {
                sub(/^ +/, "", w[i]); sub(/ +$/, "", w[i])
                if (w[i] !~ /^[a-z0-9_][a-z0-9_-]*$/) return ""
                out = out w[i] "\n"
            }
            return n > 1 ? out : ""
        }
        {
            s = $0
            if (opt == "--kernel") {
                sub(/.*: */, "", s)
                gsub(/ *\([^)]*\)/, "", s)
            } else if (match(s, /^ *of [a-z0-9_]+(, ?[a-z0-9_]+)+/)) {
                s = substr(s, RSTART, RLENGTH)
                sub(/^ *of /, "", s)
            } else {
                while (gsub(/ *\([^()]*\)/, "", s)) {}
                sub(/ *[(;].*/, "", s)
                sub(/^[^:]*: */, "", s)
            }
            printf "%s", words(s)
        }'
}

# _sudoflow_reply ARGS...: COMPREPLY from compgen ARGS, one word a line
# (so that file names with spaces stay whole).
_sudoflow_reply()
{
    mapfile -t COMPREPLY < <(compgen "$@")
}

_sudoflow()
{
    local prog=$1 cur=${COMP_WORDS[COMP_CWORD]} i cmd="" prev="" arg=""
    # --option=value arrives as three words: --option, =, value
    if [[ $cur == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        cur=""
    elif ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD - 1]} == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif ((COMP_CWORD >= 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 1]}
    fi
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ ${COMP_WORDS[i]} != -* ]]; then
            cmd=${COMP_WORDS[i]}
            break
        fi
    done
    COMPREPLY=()
    if [[ -z $cmd ]]; then
        if [[ $cur == -* ]]; then
            _sudoflow_reply -W "--help --version -h -V" -- "$cur"
        else
            _sudoflow_reply -W "$(_sudoflow_commands "$prog")" -- "$cur"
        fi
        return
    fi
    [[ $cmd =~ ^[a-z][a-z0-9]*$ ]] || return
    if [[ $cmd == help ]]; then
        ((COMP_CWORD == i + 1)) &&
            _sudoflow_reply -W "$(_sudoflow_commands "$prog")" -- "$cur"
        return
    fi
    local options
    options=$(_sudoflow_options "$prog" "$cmd")
    # the value of an option that takes one
    if [[ $prev == -* ]]; then
        arg=$(printf '%s\n' "$options" |
            awk -v o="$prev" '($1 == o || $2 == o) && NF == 3 { print $3 }')
    fi
    if [[ -n $arg ]]; then
        local long values
        long=$(printf '%s\n' "$options" |
            awk -v o="$prev" '$1 == o || $2 == o { print $2 }')
        if [[ $arg == FILE ]]; then
            compopt -o filenames 2>/dev/null
            _sudoflow_reply -f -- "$cur"
            return
        fi
        values=$(_sudoflow_values "$prog" "$cmd" "$long")
        [[ -z $values ]] && return
        if [[ $arg == LIST ]]; then
            # complete the last name of a comma-separated list
            local head=${cur%,*} last=${cur##*,}
            [[ $cur == *,* ]] && head+="," || head=""
            compopt -o nospace 2>/dev/null
            _sudoflow_reply -P "$head" -W "$values" -- "$last"
        else
            _sudoflow_reply -W "$values" -- "$cur"
        fi
        return
    fi
    if [[ $cur == -* ]]; then
        _sudoflow_reply -W "$(printf '%s\n' "$options" |
            awk '{ print $2; if ($1 != "-") print $1 }')" -- "$cur"
        return
    fi
    compopt -o filenames 2>/dev/null
    _sudoflow_reply -f -- "$cur"
} &&
    complete -F _sudoflow sudoflow
