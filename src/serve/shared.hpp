// What every request of caravan-ref serve shares: the server's state (Shared), each worker
// thread's connection, the answers in JSON, the one wrong-token answer and its throttle, and the
// wrappers that turn what a handler throws into an answer (an API's JSON, a page's HTML).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <httplib.h>

#include "core/engine.hpp"
#include "core/errors.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"
#include "serve/connection.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace serve {

// After this many wrong tokens (or capabilities) from one address within kFailureWindow, every
// request from it that carries one waits before it is answered, twice as long after each failure
// up to kMaxDelay: a guesser gets a few guesses a second at most, a player who mistyped waits
// little.
constexpr int kFreeFailures = 5;
constexpr auto kFailureWindow = std::chrono::minutes(10);
constexpr auto kMaxDelay = std::chrono::milliseconds(2000);

class Throttle {
 public:
  void wait(const std::string& address) {
    std::chrono::milliseconds delay{0};
    {
      std::lock_guard lock(mutex_);
      const auto it = failures_.find(address);
      if (it == failures_.end()) return;
      if (Clock::now() - it->second.last > kFailureWindow) {
        failures_.erase(it);
        return;
      }
      const int over = it->second.count - kFreeFailures;
      if (over < 0) return;
      delay = std::min<std::chrono::milliseconds>(
          kMaxDelay, std::chrono::milliseconds(100 << std::min(over, 5)));
    }
    std::this_thread::sleep_for(delay);
  }
  void failed(const std::string& address) {
    std::lock_guard lock(mutex_);
    if (failures_.size() > 100000) failures_.clear();  // a flood of addresses: start again
    auto& entry = failures_[address];
    ++entry.count;
    entry.last = Clock::now();
  }

 private:
  struct Entry {
    int count = 0;
    Clock::time_point last{};
  };
  std::mutex mutex_;
  std::map<std::string, Entry> failures_;
};

struct Shared {
  std::string db_path;
  store::OpenOptions open;
  std::string base_url;  // may be empty: links are then relative to the request's host
  int streams_max = 4;
  std::atomic<int> streams{0};
  Throttle throttle;
  std::mutex notes_mutex;
  std::map<std::string, std::string> notes;  // capability -> what the last post did
  // The turns this server plays, one at a time. SQLite lets one writer in at once and its busy
  // handler makes the others poll with sleeps, unfairly: under 200 clients a move's p99 was
  // 6.5 s (bench/serve_load). Waiting here instead, a thread is woken when the turn before ends.
  // Another process's turn (mail, the command line) still waits on SQLite's lock as before.
  std::mutex turns;
};

// The worker thread's own connection (store/sqlite.hpp: one per thread).
store::Database& thread_db(Shared& shared);

void send_json(httplib::Response& res, int status, const core::Document& doc);
// The error document with the HTTP status its exit code stands for.
void send_error(httplib::Response& res, const core::UserError& error);
// Every wrong credential gets this one answer, whatever was wrong with it.
const core::UserError& wrong_token();
// After an accepted turn: the notices it queued are sent by caravan-ref-notify, started detached.
void send_owed_notices(Shared& shared);
// Runs `body`, turning what it throws into the error document.
void guarded(httplib::Response& res, const std::function<void()>& body);
// The game's row; UserError 66 when there is none.
std::shared_ptr<const store::GameRow> game_row(referee::GamesInHand& games, const std::string& id);
// The seat the request's Bearer token is, nullopt without one; the one wrong-token answer
// (thrown) for any other Authorization.
std::optional<std::string> bearer(Shared& shared, const httplib::Request& req,
                                  const store::GameRow& game);
// The path as the log shows it: a page's capability left out.
std::string logged_path(const std::string& path);

// A seat's turn played for it by a front end that holds no credential of the player's (a page, a
// chat): the turn file of one move (a line of YAML flow, as the page or `moves` wrote it) or of
// one action, with the seat's turn pass (ledger::turn_pass), through referee::submit, one turn
// at a time (shared.turns); the owed notices sent when it is accepted. UserError 64 with
// `no_move` when the move is empty or more than one line.
referee::TurnOutcome play_for_seat(Shared& shared, referee::GamesInHand& games,
                                   const std::string& game, int seat, std::int64_t turn,
                                   const std::string& move, const std::string& action,
                                   const std::string& source, const std::string& no_move);

// What a person's page (a game's, a tournament's) is answered with: no caching, no framing, one
// script (the nonce's), nothing loaded from elsewhere, and its address told to no other site.
void page_headers(httplib::Response& res, const std::string& nonce);
// The script that keeps a page live: every `seconds` it asks for the page's ETag (a HEAD with
// If-None-Match) and reloads when it has changed; once a form is sent it asks no more.
std::string live_script(const std::string& nonce, const std::string& etag, int seconds);
// Inserts `html` before the first `marker` of `page` (at its end when there is none).
void insert_before(std::string& page, const std::string& marker, const std::string& html);
// 200 with the page, its ETag and page_headers.
void send_page(httplib::Response& res, const std::string& page, const std::string& etag,
               const std::string& nonce);
// 304 when the request's If-None-Match is `etag` (true: answered).
bool not_modified(const httplib::Request& req, httplib::Response& res, const std::string& etag);

using Handler = std::function<void(Shared&, const httplib::Request&, httplib::Response&)>;
// An API route: what the handler throws is answered as the error document.
httplib::Server::Handler route(Shared& shared, Handler handler);
// A page's route: its errors are said on a page, for a person, with the status an API answer
// would have.
httplib::Server::Handler page_route(Shared& shared, Handler handler);

}  // namespace serve
