// caravan-ref completion bash|zsh: shell completion written from the command line's own CLI11
// definition, so it never lags behind a new command or option. Hidden from --help; the build
// runs it to make the files it installs (CMakeLists.txt). A game id is completed from the
// database the command line names (`list`, run quietly), a bot level from the levels built.
#include <algorithm>
#include <iostream>
#include <sstream>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bot/bot.hpp"
#include "cli/cli.hpp"
#include "core/engine.hpp"

namespace cli {

namespace {

struct Word {
  std::string name;
  std::string help;
  bool takes_value = false;
  std::vector<std::string> choices;  // the values a choice option or a positional accepts
};

// One command of the tree ("", "admin", "admin pause") with what may follow it.
struct Command {
  std::string path;
  std::vector<Word> subcommands;
  std::vector<Word> options;  // its own, then those it inherits (global options fall through)
  std::vector<std::string> positional_choices;
  bool game_positional = false;  // a positional names a game: its ids come from `list`
};

// CLI11 writes a choice check into an option's type name: "TEXT:{yaml,json,text}". A bot's
// level is checked by the referee (it may carry a budget, mcts:500): offer the levels.
std::vector<std::string> choices_of(const CLI::Option& option) {
  if (option.check_lname("level")) {
    std::vector<std::string> levels;
    for (const bot::Level level : bot::kLevels) levels.push_back(bot::level_name(level));
    return levels;
  }
  const std::string type = option.get_type_name();
  const auto open = type.find('{');
  const auto close = type.find('}', open);
  std::vector<std::string> out;
  if (open == std::string::npos || close == std::string::npos) return out;
  std::stringstream list(type.substr(open + 1, close - open - 1));
  for (std::string item; std::getline(list, item, ',');) out.push_back(item);
  return out;
}

// The kind a game is made of is checked by the referee, not by CLI11: offer the engines built.
std::vector<std::string> positional_choices(const CLI::Option& option) {
  if (option.get_name() != "kind") return choices_of(option);
  std::vector<std::string> kinds;
  for (const auto* engine : core::engines()) kinds.push_back(engine->id());
  return kinds;
}

void collect(const CLI::App& app, const std::string& path, std::vector<Word> inherited,
             std::vector<Command>& out) {
  Command command{path, {}, {}, {}};
  for (const auto* option : app.get_options()) {
    if (option->get_positional()) {
      if (option->get_name() == "game") command.game_positional = true;
      for (auto& choice : positional_choices(*option)) command.positional_choices.push_back(choice);
      continue;
    }
    for (const auto& name : option->get_lnames())
      command.options.push_back({"--" + name, option->get_description(),
                                 option->get_items_expected_max() > 0, choices_of(*option)});
    for (const auto& name : option->get_snames())
      command.options.push_back({"-" + name, option->get_description(),
                                 option->get_items_expected_max() > 0, choices_of(*option)});
  }
  std::vector<Word> passed_on = command.options;
  for (const auto& word : inherited)
    if (word.name != "--help" && word.name != "-h" && word.name != "--version")
      command.options.push_back(word);
  for (const auto* sub : app.get_subcommands([](const CLI::App* a) { return !a->get_disabled(); }))
    if (!sub->get_group().empty())
      command.subcommands.push_back({sub->get_name(), sub->get_description(), false, {}});
  out.push_back(command);
  for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_group().empty()) continue;  // hidden: the completion command itself
    collect(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), passed_on, out);
  }
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : " ") + item;
  return out;
}

template <typename F>
std::vector<std::string> names(const std::vector<Word>& words, F keep) {
  std::vector<std::string> out;
  for (const auto& word : words)
    if (keep(word)) out.push_back(word.name);
  return out;
}

// One case per option with a fixed set of values, each once: `--format) echo 'yaml json text' ;;`
void write_choices(const std::vector<Command>& commands, std::ostream& out, bool zsh) {
  std::vector<std::string> done;
  for (const auto& command : commands)
    for (const auto& option : command.options) {
      if (option.choices.empty()) continue;
      if (std::find(done.begin(), done.end(), option.name) != done.end()) continue;
      done.push_back(option.name);
      const std::string values = join(option.choices);
      out << "    " << option.name << ") "
          << (zsh ? "choices=(" + values + ")" : "echo '" + values + "'") << " ;;\n";
    }
}

// zsh's _describe takes 'name:help' words, single-quoted here (a quote inside as '\'').
std::string zsh_item(const Word& word) {
  std::string text = word.name + ":" + word.help;
  std::string out;
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return "'" + out + "'";
}

// What both scripts look up: per command path its subcommands, options, options that take a
// value and positional choices (bash: words in a string; zsh: arrays, with help), then the values
// of each choice option.
void write_tables(const std::vector<Command>& commands, std::ostream& out, bool zsh) {
  const auto list = [zsh](const std::vector<std::string>& items) {
    return zsh ? "(" + join(items) + ")" : "'" + join(items) + "'";
  };
  const auto described = [zsh](const std::vector<Word>& words) {
    std::vector<std::string> items;
    for (const auto& word : words) items.push_back(zsh ? zsh_item(word) : word.name);
    return items;
  };
  for (const auto& command : commands) {
    out << fmt::format("    '{}')\n", command.path);
    out << "      subs=" << list(described(command.subcommands)) << "\n";
    out << "      opts=" << list(described(command.options)) << "\n";
    out << "      valued=" << list(names(command.options, [](auto& w) { return w.takes_value; }))
        << "\n";
    out << "      positionals=" << list(command.positional_choices) << "\n";
    if (command.game_positional) out << "      games=1\n";
    out << "      ;;\n";
  }
  out << "  esac\n}\n\n"
         "_caravan_ref_choices() {  # OPTION -> its values, if it has a fixed set\n"
         "  case \"$1\" in\n";
  write_choices(commands, out, zsh);
  out << "  esac\n}\n\n";
  // The ids of the games in the database the command line names (or CARAVAN_REF_DB), asked of
  // the program being completed; nothing when there is none.
  out << "_caravan_ref_games() {  # PROGRAM DB -> the game ids\n"
         "  {\n"
         "    if [[ -n $2 ]]; then \"$1\" --db \"$2\" --format text list\n"
         "    else \"$1\" --format text list; fi\n"
         "  } 2>/dev/null </dev/null | awk 'NR > 1 && NF {print $1}'\n"
         "}\n\n";
}

void write_bash(const std::vector<Command>& commands, std::ostream& out) {
  out << "# bash completion for caravan-ref: generated by 'caravan-ref completion bash'\n"
         "# from the command line's own definition; do not edit.\n\n"
         "_caravan_ref_spec() {  # PATH -> subs, opts, valued, positionals, games\n"
         "  subs='' opts='' valued='' positionals='' games=''\n"
         "  case \"$1\" in\n";
  write_tables(commands, out, false);
  out << "_caravan_ref() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev='' path='' word i skip=0 db=''\n"
         "  local subs opts valued positionals games program=${COMP_WORDS[0]/#\\~/$HOME}\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    word=${COMP_WORDS[i]}\n"
         "    if ((skip)); then skip=0; continue; fi\n"
         "    _caravan_ref_spec \"$path\"\n"
         "    case \"$word\" in\n"
         "      --db=*) db=${word#--db=} ;;\n"
         "      -*=*) ;;\n"
         "      -*) [[ \" $valued \" == *\" $word \"* ]] && skip=1\n"
         "          [[ $word == --db ]] && db=${COMP_WORDS[i + 1]} ;;\n"
         "      *) [[ \" $subs \" == *\" $word \"* ]] && path=${path:+$path }$word ;;\n"
         "    esac\n"
         "  done\n"
         "  ((skip)) && prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
         "  _caravan_ref_spec \"$path\"\n"
         "  if [[ -n $prev ]]; then\n"
         "    local values\n"
         "    values=$(_caravan_ref_choices \"$prev\")\n"
         "    if [[ -n $values ]]; then\n"
         "      mapfile -t COMPREPLY < <(compgen -W \"$values\" -- \"$cur\")\n"
         "    else\n"
         "      mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
         "    fi\n"
         "  elif [[ $cur == -* ]]; then\n"
         "    mapfile -t COMPREPLY < <(compgen -W \"$opts\" -- \"$cur\")\n"
         "  elif [[ -n $games ]]; then\n"
         "    mapfile -t COMPREPLY < <(compgen -W \"$(_caravan_ref_games \"$program\" "
         "\"${db/#\\~/$HOME}\")\" -- \"$cur\")\n"
         "  elif [[ -n $subs$positionals ]]; then\n"
         "    mapfile -t COMPREPLY < <(compgen -W \"$subs $positionals\" -- \"$cur\")\n"
         "  else\n"
         "    mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
         "  fi\n"
         "}\n"
         "complete -o filenames -F _caravan_ref caravan-ref\n";
}

void write_zsh(const std::vector<Command>& commands, std::ostream& out) {
  // (`path` is zsh's array tied to PATH: the command path is kept in `at`.)
  out << "#compdef caravan-ref\n"
         "# zsh completion for caravan-ref: generated by 'caravan-ref completion zsh'\n"
         "# from the command line's own definition; do not edit.\n\n"
         "_caravan_ref_spec() {  # PATH -> subs, opts (name:help), valued, positionals, games\n"
         "  subs=() opts=() valued=() positionals=() games=''\n"
         "  case \"$1\" in\n";
  write_tables(commands, out, true);
  out << "_caravan-ref() {\n"
         "  local at='' word i skip=0 prev='' db='' games program=${words[1]/#\\~/$HOME}\n"
         "  local -a subs opts valued positionals choices\n"
         "  for ((i = 2; i < CURRENT; i++)); do\n"
         "    word=${words[i]}\n"
         "    if ((skip)); then skip=0; continue; fi\n"
         "    _caravan_ref_spec \"$at\"\n"
         "    case \"$word\" in\n"
         "      --db=*) db=${word#--db=} ;;\n"
         "      -*=*) ;;\n"
         "      -*) (( ${valued[(Ie)$word]} )) && skip=1\n"
         "          [[ $word == --db ]] && db=${words[i + 1]} ;;\n"
         "      *) (( ${subs[(I)$word:*]} )) && at=${at:+$at }$word ;;\n"
         "    esac\n"
         "  done\n"
         "  ((skip)) && prev=${words[CURRENT - 1]}\n"
         "  _caravan_ref_spec \"$at\"\n"
         "  if [[ -n $prev ]]; then\n"
         "    choices=()\n"
         "    _caravan_ref_choices \"$prev\"\n"
         "    if ((${#choices})); then compadd -a choices; else _files; fi\n"
         "  elif [[ $PREFIX == -* ]]; then\n"
         "    _describe -t options option opts\n"
         "  elif [[ -n $games ]]; then\n"
         "    compadd -- ${(f)\"$(_caravan_ref_games \"$program\" \"${db/#\\~/$HOME}\")\"}\n"
         "  elif ((${#subs})); then\n"
         "    _describe -t commands command subs\n"
         "  elif ((${#positionals})); then\n"
         "    compadd -a positionals\n"
         "  else\n"
         "    _files\n"
         "  fi\n"
         "}\n\n"
         "_caravan-ref \"$@\"\n";
}

}  // namespace

void add_completion(CLI::App& app, Context& /*context*/, Handler& handler) {
  auto shell = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("completion", "print a shell's completion script");
  cmd->group("");  // hidden from --help: the installed files are what people use
  cmd->add_option("shell", *shell, "bash or zsh")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh"}));
  cmd->callback([&app, &handler, shell] {
    handler = [&app, shell] {
      std::vector<Command> commands;
      collect(app, "", {}, commands);
      if (*shell == "bash")
        write_bash(commands, std::cout);
      else
        write_zsh(commands, std::cout);
      return 0;
    };
  });
}

}  // namespace cli
