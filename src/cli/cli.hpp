// The command line: parses arguments with CLI11, runs one subcommand, maps every failure to a
// message on stderr and a sysexits.h exit code. main() only calls run().
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "output/writer.hpp"
#include "store/sqlite.hpp"

namespace CLI {
class App;
}

namespace cli {

// What every subcommand shares: the global options and the database, opened on first use.
class Context {
 public:
  std::string db_option;
  std::string key_file_option;
  std::string format_name = "yaml";

  // The database, created if missing.
  store::Database& db();
  // For commands that only read: a missing database is UserError 66, and none is created.
  store::Database& existing_db();
  output::Format format() const;
  bool picture() const { return format_name == "svg"; }
  std::string db_path() const;
  // Whether the command opened the database.
  bool db_open() const { return db_ != nullptr; }
  // Prints a document in the chosen format to stdout.
  void print(const nlohmann::json& doc) const;
  // The same, with `for_people` writing the text format (tables and sentences, not an outline).
  void print(const nlohmann::json& doc,
             const std::function<std::string(const nlohmann::json&)>& for_people) const;

 private:
  store::OpenOptions open_options(bool create) const;
  std::unique_ptr<store::Database> db_;
};

// A subcommand's handler returns the process exit code.
using Handler = std::function<int()>;

// init: the database and the referee's key, made if missing (cmd_init.cpp)
void add_init(CLI::App& app, Context& context, Handler& handler);
void add_new(CLI::App& app, Context& context, Handler& handler);
void add_view(CLI::App& app, Context& context, Handler& handler);
void add_moves(CLI::App& app, Context& context, Handler& handler);
void add_submit(CLI::App& app, Context& context, Handler& handler);
void add_log(CLI::App& app, Context& context, Handler& handler);
void add_list(CLI::App& app, Context& context, Handler& handler);
void add_audit(CLI::App& app, Context& context, Handler& handler);
void add_games(CLI::App& app, Context& context, Handler& handler);
// export, verify, import, pubkey, keygen, sign (cmd_ledger.cpp)
void add_ledger(CLI::App& app, Context& context, Handler& handler);
void add_mail(CLI::App& app, Context& context, Handler& handler);
// tick, admin (cmd_host.cpp)
void add_tick(CLI::App& app, Context& context, Handler& handler);
void add_admin(CLI::App& app, Context& context, Handler& handler);
// html GAME --player NAME | --referee [--out FILE] (cmd_html.cpp)
void add_html(CLI::App& app, Context& context, Handler& handler);
// rules KIND: a game's rules in short (cmd_rules.cpp)
void add_rules(CLI::App& app, Context& context, Handler& handler);
// bot GAME --player NAME [--level L] [--time T | --playouts N] [--seed N] [--token T] (cmd_bot.cpp)
void add_bot(CLI::App& app, Context& context, Handler& handler);
// ratings [--kind KIND] [--seed-from FILE]: Glicko-2 per kind from the finished games
// (cmd_ratings.cpp)
void add_ratings(CLI::App& app, Context& context, Handler& handler);
// tournament new|standings|show|list|withdraw|next: a game master's tournaments
// (cmd_tournament.cpp)
void add_tournament(CLI::App& app, Context& context, Handler& handler);
// link GAME (--player NAME | --observer) [--base-url URL]: a page's address (cmd_link.cpp)
void add_link(CLI::App& app, Context& context, Handler& handler);
// serve [--listen HOST:PORT] [--base-url URL] (cmd_serve.cpp): the pages and the HTTP API.
void add_serve(CLI::App& app, Context& context, Handler& handler);
// copy --from DB --to DB: every game into a new database, either store to either (cmd_copy.cpp)
void add_copy(CLI::App& app, Context& context, Handler& handler);
struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;       // 0: a free port, printed
  std::string base_url;  // checked (referee/page_link.hpp); empty: http://HOST:PORT
  int threads = 8;
  int request_seconds = 10;  // a request's line, headers and body must arrive within this
  std::size_t max_body = 64 * 1024;
  // Play from chat (src/serve/chat.hpp): Discord's application public key (hex; else
  // $CARAVAN_REF_DISCORD_PUBLIC_KEY), a file holding Slack's signing secret (else
  // $CARAVAN_REF_SLACK_SIGNING_SECRET), the chat users who may start games ("discord:ID").
  std::string discord_public_key{};
  std::string slack_signing_secret_file{};
  std::vector<std::string> chat_masters{};
  bool discord_commands = false;  // print the JSON that registers /caravan, and stop
};
// The server itself is in caravan-ref-serve, which alone links cpp-httplib (as caravan-ref-mail
// links GMime): its main() sets this before cli::run; caravan-ref, where it is null, hands a
// `serve` command line to that helper whole.
using ServeRunner = int (*)(Context& context, const ServeOptions& options);
extern ServeRunner serve_runner;
// On stderr, each turn of the referee's bot that an answer (or a list of answers) reports as not
// played (`bots`, tick's `actions`): the operator's log, beside the answer that says so too.
void report_seated_bots(const nlohmann::json& answer);
// completion bash|zsh (hidden): written from the App tree, so call it after every other add_*
void add_completion(CLI::App& app, Context& context, Handler& handler);

// Reads a whole file, or standard input for "-"; UserError 66 when it cannot be read.
std::string read_input(const std::string& path);

// Where a command that reads or sends mail runs. GMime and librsvg (with cairo, pango and some
// forty libraries more) would cost every process start about 20 ms to load, so only the helper
// caravan-ref-mail links them (as git has its helpers): caravan-ref hands it such a command line
// whole, once parsed (mail_helper.cpp), and the helper runs it here.
enum class Mail { kInHelper, kLinked };

int run(int argc, char** argv, Mail mail);

// Runs caravan-ref-mail with the same arguments, found beside this binary or where it is
// installed; returns only by throwing core::UserError (75, try again later) when it cannot be run.
[[noreturn]] void run_mail_helper(char** argv);
// The same for caravan-ref-serve (cmd_serve.cpp).
[[noreturn]] void run_serve_helper(char** argv);
// Where a helper program (caravan-ref-mail, caravan-ref-notify) may be: beside this binary (a
// build directory), then where `cmake --install` puts it; never the working directory. UserError
// 75 when this binary's place is unknown (no /proc).
std::vector<std::string> helper_candidates(const char* name);

// After a command that changed games (`word`: new, submit, tick, admin, bot, mail) has answered:
// when a notification of a game it changed is due (of any game after `tick`), starts
// caravan-ref-notify (which alone links libcurl) detached, and waits only until it runs
// (notify_helper.cpp): no receiver holds the command. A command that queued nothing loads nothing.
// `now`: the --now given.
void send_notifications(Context& context, std::string_view word, const std::string& now);

// The command word of a command line (the first argument that is neither an option nor the value
// of one of the global options before it); empty when there is none.
std::string_view command_word(int argc, char** argv);

// The commands a command line defines before parsing (tests): all of them, or, when
// only_for_word, those that command word alone defines (every command when it names none).
std::vector<std::string> command_names(bool only_for_word, std::string_view word = {});

}  // namespace cli
