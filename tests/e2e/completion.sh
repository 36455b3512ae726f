#!/usr/bin/env bash
# Shell completion written from the command line's own definition (`completion bash|zsh`):
# the bash script, sourced, completes commands, subcommands, options, choices and kinds; the zsh
# script parses (where zsh is installed) and offers the same commands. Game ids come from the
# database the command line names (or CARAVAN_REF_DB), levels from the levels built.
source "$(dirname "$0")/lib.sh" "$@"

expect_exit 0 "completion bash" -- "$BIN" completion bash
cp out completion.bash
expect_exit 0 "completion zsh" -- "$BIN" completion zsh
cp out completion.zsh
expect_exit 64 "completion of an unknown shell" -- "$BIN" completion fish

# complete WORDS...: what bash offers for the last word (empty for a fresh word).
complete_words() {
  bash -c 'source completion.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _caravan_ref
    printf "%s\n" "${COMPREPLY[@]}"' completion "$BIN" "$@" >completions 2>&1
}
offers() {  # offers DESCRIPTION WORD... :: WANTED...
  local what=$1; shift
  local words=()
  while [ "$1" != :: ]; do words+=("$1"); shift; done
  shift
  complete_words "${words[@]}"
  for want in "$@"; do
    if grep -qx -- "$want" completions; then PASSED=$((PASSED + 1)); else
      FAILED=$((FAILED + 1)); echo "FAIL: $what: '$want' not offered"; sed 's/^/  | /' completions; fi
  done
}
lacks() {  # lacks DESCRIPTION WORD... :: UNWANTED
  local what=$1; shift
  local words=()
  while [ "$1" != :: ]; do words+=("$1"); shift; done
  complete_words "${words[@]}"
  if grep -qx -- "$2" completions; then FAILED=$((FAILED + 1)); echo "FAIL: $what: '$2' offered"
  else PASSED=$((PASSED + 1)); fi
}

offers "the commands" "" :: new view moves submit log list audit games admin mail tick
lacks "the hidden completion command" "" :: completion
offers "a command's beginning" ad :: admin
offers "an admin operation" admin p :: pause
offers "the formats" --format "" :: yaml json text
list_kinds
offers "the kinds new makes" new "" :: "${KINDS[@]}"
offers "options after global ones" --db x.db view --re :: --referee
offers "a command's options and the global ones" new caravaneers -- :: --player --seed --db --format
offers "the formats after a command" list --format j :: json
lacks "a flag takes no value" view g1 --referee "" :: yaml

# Game ids, not file names, where a command takes a game; from --db when it is given.
"$BIN" new caravaneers --player ann --player bob --seed 1 >new.yaml
game=$(sed -n 's/^game: //p' new.yaml)
"$BIN" --db other.db new caravaneers --player cy --player di --seed 2 >new.yaml
other=$(sed -n 's/^game: //p' new.yaml)
touch a-file
offers "a game id" view "" :: "$game"
lacks "no file name for a game" view "" :: a-file
lacks "no game of another database" view "" :: "$other"
offers "a game id after another option" admin pause "" :: "$game"
offers "a game of the database --db names" --db other.db log "" :: "$other"
offers "the same with --db=" --db=other.db bot "" :: "$other"
lacks "the game of CARAVAN_REF_DB then" --db other.db log "" :: "$game"
offers "a file where a command takes one" submit "" :: a-file
CARAVAN_REF_DB=$WORK/none.db complete_words view ""
if grep -q . completions; then FAILED=$((FAILED + 1)); echo "FAIL: ids offered without a database:"
  cat completions; else PASSED=$((PASSED + 1)); fi
[ -e none.db ] && { FAILED=$((FAILED + 1)); echo "FAIL: completing made a database"; } ||
  PASSED=$((PASSED + 1))
offers "the bot levels" bot "$game" --player ann --level "" :: easy normal hard random greedy mcts
lacks "no file name for a level" bot "$game" --level "" :: a-file

# Every command the --help lists is offered, so the completion never lags behind the CLI.
"$BIN" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && NF {print $1}' >commands
complete_words ""
while read -r command; do
  if grep -qx "$command" completions; then PASSED=$((PASSED + 1)); else
    FAILED=$((FAILED + 1)); echo "FAIL: '$command' from --help is not completed"; fi
done <commands

if command -v zsh >/dev/null; then
  expect_exit 0 "the zsh script parses" -- zsh -n completion.zsh
  expect_in completion.zsh "#compdef caravan-ref" "the zsh script names its command"
  while read -r command; do expect_in completion.zsh "'$command:" "zsh offers $command"; done <commands
  # zsh's completion builtins, stubbed to print what the script offers (zsh filters by prefix).
  cat >zsh-run <<'ZSH'
compadd() { [[ $1 == -a ]] && print -l -- ${(P)2} || print -l -- "$@" }
_describe() { local -a arr; arr=(${(P)4}); print -l -- ${arr%%:*} }
_files() { print -- '<files>' }
words=("$@"); CURRENT=$#; PREFIX=${words[CURRENT]}
source ./completion.zsh
ZSH
  zsh_offers() {  # zsh_offers DESCRIPTION WANTED WORD...
    local what=$1 want=$2; shift 2
    zsh zsh-run "$BIN" "$@" >zsh-completions 2>&1
    if grep -qx -- "$want" zsh-completions; then PASSED=$((PASSED + 1)); else
      FAILED=$((FAILED + 1)); echo "FAIL: zsh, $what: '$want' not offered"; sed 's/^/  | /' zsh-completions; fi
  }
  zsh_offers "an admin operation" pause admin p
  zsh_offers "the formats" json --format ""
  zsh_offers "the kinds" huber-caravan new ""
  zsh_offers "options after global ones" --referee --db x.db view --r
  zsh_offers "a file after a valued option" "<files>" submit --out ""
  zsh_offers "a game id" "$game" view ""
  zsh_offers "a game of the database --db names" "$other" --db other.db view ""
  zsh_offers "the bot levels" hard bot "$game" --level ""
fi
finish
