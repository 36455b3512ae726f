// caravan-ref-notify: sends the notifications owed (caravan-ref(1), NOTIFICATIONS) and exits.
// caravan-ref runs it once a command that changed a game has committed and a message is due
// (cli/notify_helper.cpp), so that only this program links libcurl; cron may run it as well.
//   caravan-ref-notify [--db PATH] [--now TIME] [--quiet]
// Prints what it sent as YAML ({sent, failed, results}) unless --quiet. Exit 0 whether or not a
// receiver answered (a failure is kept and tried again), 64 for a bad command line, 66 without a
// database, 75 when the database is busy.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

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
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--quiet") {
        quiet = true;
      } else if ((arg == "--db" || arg == "--now") && i + 1 < argc) {
        const std::string value = argv[++i];
        if (arg == "--db")
          db_path = value;
        else
          core::set_now(core::clock_time(value, "--now"));
      } else {
        std::cerr << "usage: caravan-ref-notify [--db PATH] [--now TIME] [--quiet]\n";
        return static_cast<int>(core::Exit::kUsage);
      }
    }
    if (db_path.empty()) db_path = "caravan.db";
    store::OpenOptions options;
    options.create = false;
    store::Database db(db_path, options);
    const auto report = notify::deliver(db, notify::http_post);
    if (!quiet) std::cout << output::write(report, output::Format::kYaml);
    return 0;
  } catch (const core::UserError& e) {
    std::cerr << "caravan-ref-notify: " << e.what() << "\n";
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    std::cerr << "caravan-ref-notify: internal error: " << e.what() << "\n";
    return static_cast<int>(core::Exit::kInternal);
  }
}
