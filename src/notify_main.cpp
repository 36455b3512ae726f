// caravan-ref-notify: sends the notifications owed (caravan-ref(1), NOTIFICATIONS) and exits.
// caravan-ref starts it, detached, once a command that changed a game has committed and a
// message of that game is due (cli/notify_helper.cpp), so that only this program links libcurl
// and no command waits for a receiver; `caravan-ref tick` starts it for every game.
//   caravan-ref-notify [--db PATH] [--now TIME] [--game ID]... [--quiet]
// Prints what it sent as YAML ({sent, failed, stopped, results}) unless --quiet. Exit 0 whether
// or not a receiver answered (a failure is kept and tried again), 64 for a bad command line, 66
// without a database, 75 when the database is busy.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/clock.hpp"
#include "core/errors.hpp"
#include "notify/http.hpp"
#include "notify/outbox.hpp"
#include "output/writer.hpp"
#include "store/sqlite.hpp"

int main(int argc, char** argv) {
  try {
    std::string db_path;
    if (const char* env = std::getenv("CARAVAN_REF_DB"); env && *env) db_path = env;
    bool quiet = false;
    notify::Games games;
    constexpr const char* kUsage =
        "usage: caravan-ref-notify [--db PATH] [--now TIME] [--game ID]... [--quiet]\n"
        "Sends the webhook notifications that are due (caravan-ref(1), NOTIFICATIONS): of the\n"
        "games named, else of every game. caravan-ref starts it after each change.\n";
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--help" || arg == "-h") {
        std::cout << kUsage;
        return 0;
      } else if (arg == "--quiet") {
        quiet = true;
      } else if ((arg == "--db" || arg == "--now" || arg == "--game") && i + 1 < argc) {
        const std::string value = argv[++i];
        if (arg == "--db")
          db_path = value;
        else if (arg == "--game")
          (games ? *games : games.emplace()).push_back(value);
        else
          core::set_now(core::clock_time(value, "--now"));
      } else {
        std::cerr << kUsage;
        return static_cast<int>(core::Exit::kUsage);
      }
    }
    if (db_path.empty()) db_path = "caravan.db";
    store::OpenOptions options;
    options.create = false;
    store::Database db(db_path, options);
    // Each target in a thread of its own, with its own connection: a receiver that never answers
    // holds back only its own target's messages, for at most the post's timeout.
    const auto targets = notify::owing(db, games);
    core::Document report = {
        {"sent", 0}, {"failed", 0}, {"stopped", 0}, {"results", core::Document::array()}};
    std::mutex lock;
    std::vector<std::string> errors;
    // At most kThreads at once: a tick over many games takes its targets in waves.
    constexpr std::size_t kThreads = 16;
    std::size_t next = 0;
    const auto work = [&] {
      while (true) {
        notify::Owing target;
        {
          const std::lock_guard<std::mutex> hold(lock);
          if (next == targets.size()) return;
          target = targets[next++];
        }
        try {
          store::Database own(db_path, options);
          const auto part = notify::deliver_to(own, target, notify::http_post);
          const std::lock_guard<std::mutex> hold(lock);
          notify::add_report(report, part);
        } catch (const std::exception& e) {
          const std::lock_guard<std::mutex> hold(lock);
          errors.push_back(e.what());
        }
      }
    };
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < std::min(kThreads, targets.size()); ++i) threads.emplace_back(work);
    for (auto& thread : threads) thread.join();
    for (const auto& error : errors) std::cerr << "caravan-ref-notify: " << error << "\n";
    if (!quiet) std::cout << output::write(report, output::Format::kYaml);
    return errors.empty() ? 0 : static_cast<int>(core::Exit::kTempFail);
  } catch (const core::UserError& e) {
    std::cerr << "caravan-ref-notify: " << e.what() << "\n";
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    std::cerr << "caravan-ref-notify: internal error: " << e.what() << "\n";
    return static_cast<int>(core::Exit::kInternal);
  }
}
