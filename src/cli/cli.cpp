#include "cli/cli.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "core/clock.hpp"
#include "core/engine.hpp"
#include "core/errors.hpp"

namespace cli {

std::string Context::db_path() const {
  if (!db_option.empty()) return db_option;
  if (const char* env = std::getenv("CARAVAN_REF_DB"); env && *env) return env;
  return "caravan.db";
}

store::Database& Context::db() {
  if (!db_) db_ = std::make_unique<store::Database>(db_path(), open_options(true));
  return *db_;
}

store::Database& Context::existing_db() {
  if (!db_) db_ = std::make_unique<store::Database>(db_path(), open_options(false));
  return *db_;
}

store::OpenOptions Context::open_options(bool create) const {
  store::OpenOptions options;
  options.create = create;
  options.key_file = key_file_option;
  if (options.key_file.empty())
    if (const char* env = std::getenv("CARAVAN_REF_KEY"); env && *env) options.key_file = env;
  return options;
}

// svg is a picture of a view (view, submit --out); every other document is then printed as YAML.
output::Format Context::format() const {
  return picture() ? output::Format::kYaml : output::parse_format(format_name);
}

void Context::print(const nlohmann::json& doc) const { std::cout << output::write(doc, format()); }

void Context::print(const nlohmann::json& doc,
                    const std::function<std::string(const nlohmann::json&)>& for_people) const {
  if (format() == output::Format::kText)
    std::cout << for_people(doc);
  else
    print(doc);
}

namespace {

// Nothing the referee reads (a turn file, a position, a data file, a message) comes near this:
// a larger input is refused once this much is read, never read to its end (`yes | submit -`).
constexpr std::size_t kMaxInputBytes = 64 * 1024 * 1024;

std::string read_capped(std::istream& in, const std::string& name) {
  std::string text;
  constexpr std::size_t kChunk = 64 * 1024;
  const auto buffer = std::make_unique_for_overwrite<char[]>(kChunk);  // not zeroed: every file
  while (in.read(buffer.get(), static_cast<std::streamsize>(kChunk)) || in.gcount() > 0) {
    text.append(buffer.get(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxInputBytes)
      throw core::UserError(core::Exit::kRejected,
                            fmt::format("{}: more than {} MiB; refused without reading the rest",
                                        name, kMaxInputBytes >> 20));
  }
  return text;
}

// --version: what a bug report needs, the release, the database schema it writes, the engines in.
std::string version_text() {
  std::string kinds;
  for (const auto* engine : core::engines()) kinds += (kinds.empty() ? "" : ", ") + engine->id();
  return fmt::format("caravan-ref {}\ndatabase schema: {}\nengines: {}", CARAVAN_VERSION,
                     store::Database::latest_schema_version(), kinds);
}

using AddCommands = void (*)(CLI::App&, Context&, Handler&);

// Every command, by the add_ function that defines it, in the order --help lists them.
struct CommandGroup {
  std::vector<std::string_view> names;
  AddCommands add;
};

const std::vector<CommandGroup>& command_groups() {
  static const std::vector<CommandGroup> groups = {
      {{"init"}, add_init},
      {{"new"}, add_new},
      {{"view"}, add_view},
      {{"moves"}, add_moves},
      {{"submit"}, add_submit},
      {{"log"}, add_log},
      {{"list"}, add_list},
      {{"audit"}, add_audit},
      {{"games"}, add_games},
      {{"export", "verify", "import", "pubkey", "keygen", "sign"}, add_ledger},
      {{"mail"}, add_mail},
      {{"tick"}, add_tick},
      {{"admin"}, add_admin},
      {{"html"}, add_html},
      {{"rules"}, add_rules},
      {{"bot"}, add_bot},
      {{"ratings"}, add_ratings},
      {{"tournament"}, add_tournament},
      {{"link"}, add_link},
      {{"serve"}, add_serve},
      {{"copy"}, add_copy},
      {{"completion"}, add_completion},
  };
  return groups;
}

// Defining every command's options is a good part of what a process pays to start
// (docs/PERFORMANCE.md), so a command line that names one defines only that command's group;
// --help, completion and an unknown word get them all.
void add_commands(CLI::App& app, Context& context, Handler& handler, std::string_view word) {
  if (word != "completion")
    for (const auto& group : command_groups())
      for (const auto name : group.names)
        if (name == word) return group.add(app, context, handler);
  for (const auto& group : command_groups()) group.add(app, context, handler);
}

// Whether the parsed command line reads or sends mail: the command `mail`, or any command (an
// `admin` operation among them) given --mail.
bool mails(const CLI::App& app, bool top = true) {
  for (const CLI::App* sub : app.get_subcommands()) {
    if (top && sub->get_name() == "mail") return true;
    const CLI::Option* flag = sub->get_option_no_throw("--mail");
    if ((flag && flag->count() > 0) || mails(*sub, false)) return true;
  }
  return false;
}

}  // namespace

// Every global option takes a value, so an option without '=' before the command word is followed
// by its value.
std::string_view command_word(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return {};
    if (arg.starts_with("-")) {
      if (arg.starts_with("--") && arg.find('=') == std::string_view::npos) ++i;  // its value
      continue;
    }
    return arg;
  }
  return {};
}

std::vector<std::string> command_names(bool only_for_word, std::string_view word) {
  CLI::App app;
  Context context;
  Handler handler;
  if (only_for_word)
    add_commands(app, context, handler, word);
  else
    for (const auto& group : command_groups()) group.add(app, context, handler);
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

std::string read_input(const std::string& path) {
  if (path == "-") return read_capped(std::cin, "<stdin>");
  std::ifstream file(path, std::ios::binary);
  if (!file) throw core::UserError(core::Exit::kNoInput, fmt::format("cannot read {}", path));
  return read_capped(file, path);
}

int run(int argc, char** argv, Mail mail) {
  CLI::App app{"caravan-ref: a referee for Caravan games played by mail and turn files"};
  app.set_version_flag("--version", version_text);
  app.require_subcommand(1);
  app.fallthrough();
  // An option given twice takes its last value, as most Unix tools do (an alias that sets
  // --format, then a --format of one's own). Subcommands inherit this; lists still take all.
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  Context context;
  app.add_option("--db", context.db_option,
                 "the game database (default: $CARAVAN_REF_DB, else caravan.db here)");
  app.add_option("--key-file", context.key_file_option,
                 "the referee's signing key (default: $CARAVAN_REF_KEY, else the database's "
                 "path with .key appended)");
  app.add_option("--format", context.format_name, "output format")
      ->check(CLI::IsMember({"yaml", "json", "text", "svg"}));
  std::string now;
  app.add_option("--now", now,
                 "the time to act at, ISO-8601 UTC (default: $CARAVAN_REF_NOW, else the clock)");

  Handler handler;
  add_commands(app, context, handler, command_word(argc, argv));

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "caravan-ref: " << e.what() << "\n(see caravan-ref --help)\n";
    return static_cast<int>(core::Exit::kUsage);
  }

  try {
    if (mail == Mail::kInHelper && mails(app)) run_mail_helper(argv);
    if (serve_runner == nullptr && command_word(argc, argv) == "serve") run_serve_helper(argv);
    if (!now.empty()) core::set_now(core::clock_time(now, "--now"));
    const int code = handler();
    send_notifications(context, command_word(argc, argv), now);
    return code;
  } catch (const core::UserError& e) {
    std::cerr << "caravan-ref: " << e.what() << "\n";
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    std::cerr << "caravan-ref: internal error: " << e.what() << "\n";
    return static_cast<int>(core::Exit::kInternal);
  }
}

}  // namespace cli
