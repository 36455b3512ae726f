// send_notifications (cli.hpp): runs caravan-ref-notify, found where caravan-ref-mail is
// (helper_candidates), and waits for it; the command's own answer is out already.
#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.hpp"
#include "notify/outbox.hpp"

namespace cli {

namespace {

constexpr const char* kHelper = "caravan-ref-notify";

// The commands that change games: after them, the messages they queued are sent. A command that
// only reads sends nothing.
bool changes_games(std::string_view word) {
  for (const std::string_view name : {"new", "submit", "tick", "admin", "bot", "mail"})
    if (word == name) return true;
  return false;
}

}  // namespace

void send_notifications(Context& context, std::string_view word, const std::string& now) {
  if (!changes_games(word) || !context.db_open()) return;
  try {
    if (!notify::owed(context.db())) return;
  } catch (const std::exception&) {
    return;  // the database busy: the next run sends them
  }
  std::cout.flush();
  std::cerr.flush();
  const std::string db = context.db_path();
  std::vector<std::string> args = {kHelper, "--quiet", "--db", db};
  if (!now.empty()) args.insert(args.end(), {"--now", now});
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const auto candidates = helper_candidates(kHelper);
  const pid_t child = fork();
  if (child == 0) {
    for (const auto& candidate : candidates) execv(candidate.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  if (child > 0)
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
  if (child < 0 || !WIFEXITED(status) || WEXITSTATUS(status) == 127)
    std::cerr << "caravan-ref: the notifications owed wait for the next run: " << kHelper
              << ", installed with caravan-ref, could not be run\n";
}

}  // namespace cli
