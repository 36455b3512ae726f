// send_notifications (cli.hpp): starts caravan-ref-notify, found where caravan-ref-mail is
// (helper_candidates), detached from this command: in a session of its own (setsid, after a
// second fork, so that it is nobody's child here), its standard streams /dev/null and every other
// descriptor closed, so that the pipe of whoever called the command (a mail system, cron, a chat
// bot reading its answer to the end) closes when the command exits, whatever the receivers do.
// The command waits only until the helper has started (a pipe closed on exec tells it), so that
// one that cannot be run is still reported. Order, exactly-once and retries are the outbox's
// (notify/outbox.hpp): several helpers at once never post one message twice.
#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <fcntl.h>
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

// Every descriptor above standard error is closed when the helper execs.
void close_on_exec_above_stderr() {
#ifdef CLOSE_RANGE_CLOEXEC
  if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
#endif
  const long most = sysconf(_SC_OPEN_MAX);
  for (int fd = 3; fd < (most > 0 && most < 65536 ? most : 65536); ++fd) {
    const int flags = fcntl(fd, F_GETFD);
    if (flags >= 0) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
  }
}

// Starts the helper detached; returns 0 once it runs, else the errno of the last exec tried.
int start_detached(const std::vector<std::string>& candidates, std::vector<char*>& argv) {
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) return errno;
  const pid_t child = fork();
  if (child < 0) {
    const int error = errno;
    close(report[0]);
    close(report[1]);
    return error;
  }
  if (child == 0) {
    // Only async-signal-safe calls from here to exec.
    close(report[0]);
    setsid();
    const pid_t grandchild = fork();
    if (grandchild != 0) _exit(grandchild < 0 ? 1 : 0);
    const int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
      for (int fd = 0; fd <= 2; ++fd) dup2(null, fd);
      if (null > 2) close(null);
    }
    close_on_exec_above_stderr();
    int error = ENOENT;
    for (const auto& candidate : candidates) {
      execv(candidate.c_str(), argv.data());
      error = errno;
    }
    (void)!write(report[1], &error, sizeof error);
    _exit(127);
  }
  close(report[1]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  int error = 0;
  ssize_t got = 0;
  while ((got = read(report[0], &error, sizeof error)) < 0 && errno == EINTR) {
  }
  close(report[0]);
  if (got == static_cast<ssize_t>(sizeof error)) return error;        // no exec succeeded
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return ECHILD;  // the second fork failed
  return 0;
}

}  // namespace

void send_notifications(Context& context, std::string_view word, const std::string& now) {
  if (!changes_games(word) || !context.db_open()) return;
  // Only the games this command changed, unless it is tick, which retries every game's.
  notify::Games games;
  if (word != "tick") {
    games = notify::queued_games();
    if (games->empty()) return;
  }
  try {
    if (!notify::owed(context.db(), games)) return;
  } catch (const std::exception&) {
    return;  // the database busy: the next run sends them
  }
  std::cout.flush();
  std::cerr.flush();
  std::vector<std::string> args = {kHelper, "--quiet", "--db", context.db_path()};
  if (!now.empty()) args.insert(args.end(), {"--now", now});
  if (games)
    for (const auto& game : *games) args.insert(args.end(), {"--game", game});
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::vector<std::string> candidates;
  try {
    candidates = helper_candidates(kHelper);
  } catch (const std::exception& e) {
    std::cerr << "caravan-ref: the notifications owed wait for the next run: " << e.what() << "\n";
    return;
  }
  if (const int error = start_detached(candidates, argv); error != 0)
    std::cerr << "caravan-ref: the notifications owed wait for the next run: " << kHelper
              << ", installed with caravan-ref, could not be run (" << std::strerror(error)
              << ")\n";
}

}  // namespace cli
