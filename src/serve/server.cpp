#include "serve/server.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <arpa/inet.h>
#include <fmt/format.h>
#include <httplib.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "core/svg.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "output/writer.hpp"
#include "referee/html.hpp"
#include "referee/in_hand.hpp"
#include "referee/news.hpp"
#include "referee/page_link.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"
#include "turnfile/turnfile.hpp"

namespace serve {

namespace {

using Clock = std::chrono::steady_clock;
using core::Document;

std::atomic<bool> g_stopping{false};

// ---------------------------------------------------------------------------------------------
// The connection: cpp-httplib's own socket stream bounds each read by the read timeout, so a
// client that sends a byte a second is never cut. This one also bounds the whole request: from
// its first byte, its line, headers and body must arrive within `request_seconds`.

class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(int fd, int write_seconds) : fd_(fd), write_ms_(write_seconds * 1000) {}

  void start_request(Clock::time_point deadline) { deadline_ = deadline; }

  bool is_readable() const override { return begin_ < end_ || wait(POLLIN, remaining_ms()); }
  bool is_writable() const override { return wait(POLLOUT, write_ms_); }

  ssize_t read(char* ptr, std::size_t size) override {
    if (begin_ == end_) {
      if (!wait(POLLIN, remaining_ms())) return -1;
      const ssize_t got = ::recv(fd_, buffer_, sizeof buffer_, 0);
      if (got <= 0) return got;
      begin_ = 0;
      end_ = static_cast<std::size_t>(got);
    }
    const std::size_t n = std::min(size, end_ - begin_);
    std::copy_n(buffer_ + begin_, n, ptr);
    begin_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, std::size_t size) override {
    if (!is_writable()) return -1;
    return ::send(fd_, ptr, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address(::getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address(::getsockname, ip, port);
  }
  socket_t socket() const override { return fd_; }
  bool buffered() const { return begin_ < end_; }

 private:
  int remaining_ms() const {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
    return static_cast<int>(std::max<long long>(0, left));
  }
  bool wait(short events, int ms) const {
    pollfd pfd{fd_, events, 0};
    int rc;
    do rc = ::poll(&pfd, 1, ms);
    while (rc < 0 && errno == EINTR);
    return rc > 0 && (pfd.revents & (events | POLLHUP)) != 0;
  }
  template <typename Get>
  void address(Get get, std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t length = sizeof addr;
    ip.clear();
    port = 0;
    if (get(fd_, reinterpret_cast<sockaddr*>(&addr), &length) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (addr.ss_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(&addr);
      inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
      port = ntohs(v4->sin_port);
    } else if (addr.ss_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&addr);
      inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
      port = ntohs(v6->sin6_port);
    }
    ip = text;
  }

  int fd_;
  int write_ms_;
  Clock::time_point deadline_ = Clock::now();
  char buffer_[4096];
  std::size_t begin_ = 0, end_ = 0;
};

class Server final : public httplib::Server {
 public:
  explicit Server(int request_seconds) : request_seconds_(request_seconds) {
    // What the Keep-Alive header says: this loop's own figures.
    set_keep_alive_max_count(kKeepAliveRequests);
    set_keep_alive_timeout(kKeepAliveSeconds);
  }

 private:
  // As cpp-httplib's own keep-alive loop, on a DeadlineStream.
  bool process_and_close_socket(socket_t sock) override {
    DeadlineStream stream(sock, kWriteSeconds);
    bool ok = true;
    for (int count = kKeepAliveRequests; count > 0 && !g_stopping; --count) {
      if (!stream.buffered() && !idle_until_readable(sock)) break;
      stream.start_request(Clock::now() + std::chrono::seconds(request_seconds_));
      bool closed = false;
      ok = process_request(stream, count == 1 || g_stopping, closed, nullptr);
      if (!ok || closed) break;
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }

  // Waits for a request's first byte at most kKeepAliveSeconds, watching for the stop.
  static bool idle_until_readable(int fd) {
    const auto until = Clock::now() + std::chrono::seconds(kKeepAliveSeconds);
    while (!g_stopping && Clock::now() < until) {
      pollfd pfd{fd, POLLIN, 0};
      const int rc = ::poll(&pfd, 1, 200);
      if (rc > 0) return (pfd.revents & POLLIN) != 0;
      if (rc < 0 && errno != EINTR) return false;
    }
    return false;
  }

  static constexpr int kWriteSeconds = 10;
  static constexpr int kKeepAliveSeconds = 5;
  static constexpr int kKeepAliveRequests = 1000;
  int request_seconds_;
};

// ---------------------------------------------------------------------------------------------
// What every request shares.

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
store::Database& thread_db(Shared& shared) {
  thread_local std::unique_ptr<store::Database> db;
  if (!db) db = std::make_unique<store::Database>(shared.db_path, shared.open);
  return *db;
}

void send_json(httplib::Response& res, int status, const Document& doc) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(doc.dump() + "\n", "application/json");
}

int status_of(core::Exit code) {
  switch (code) {
    case core::Exit::kUsage:
      return 400;
    case core::Exit::kRejected:
      return 422;
    case core::Exit::kNoInput:
      return 404;
    case core::Exit::kNoPermission:
      return 401;
    case core::Exit::kTempFail:
      return 503;
    default:
      return 500;
  }
}

void send_error(httplib::Response& res, const core::UserError& error) {
  const int status = status_of(error.code());
  if (status == 503) res.set_header("Retry-After", "2");
  if (status == 401) res.set_header("WWW-Authenticate", "Bearer");
  send_json(res, status, referee::rejection(error));
}

// Every wrong credential gets this one answer, whatever was wrong with it.
const core::UserError& wrong_token() {
  static const core::UserError error(core::Exit::kNoPermission,
                                     "the token is not one of this game's players'");
  return error;
}

// After an accepted turn: the notices it queued for the game's channels are sent by
// caravan-ref-notify, started detached as every command that changes a game starts it
// (cli::send_notifications), from this thread's own context and connection.
void send_owed_notices(Shared& shared) {
  thread_local cli::Context context;
  if (!context.db_open()) {
    context.db_option = shared.db_path;
    context.key_file_option = shared.open.key_file;
    context.existing_db();
  }
  cli::send_notifications(context, "submit", "");
}

// Runs a handler, turning what it throws into the error document.
template <typename Body>
void guarded(httplib::Response& res, Body body) {
  try {
    body();
  } catch (const core::UserError& error) {
    send_error(res, error);
  } catch (const std::exception& error) {
    std::cerr << "caravan-ref serve: internal error: " << error.what() << "\n";
    send_error(res, core::UserError(core::Exit::kInternal, "internal error"));
  }
}

std::shared_ptr<const store::GameRow> game_row(referee::GamesInHand& games, const std::string& id) {
  auto row = games.row(id);
  if (!row) throw core::UserError(core::Exit::kNoInput, fmt::format("no game {}", id));
  return row;
}

// The seat the request's Bearer token is, nullopt without one; the one wrong-token answer
// (thrown) for any other Authorization.
std::optional<std::string> bearer(Shared& shared, const httplib::Request& req,
                                  const store::GameRow& game) {
  if (!req.has_header("Authorization")) return std::nullopt;
  shared.throttle.wait(req.remote_addr);
  const std::string header = req.get_header_value("Authorization");
  constexpr std::string_view kScheme = "Bearer ";
  std::optional<store::PlayerRow> seat;
  if (header.size() > kScheme.size() && header.compare(0, kScheme.size(), kScheme) == 0)
    seat = referee::seat_of_token(game, header.substr(kScheme.size()));
  if (!seat) {
    shared.throttle.failed(req.remote_addr);
    throw wrong_token();
  }
  return seat->name;
}

// ---------------------------------------------------------------------------------------------
// The API: the documents of view, moves, log and submit.

void api_view(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, req.matches[1]);
  const auto player = bearer(shared, req, *row);
  send_json(res, 200, player ? games.view(row->id, player) : games.view(row->id, {}, true));
}

void api_history(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, req.matches[1]);
  const auto player = bearer(shared, req, *row);
  send_json(res, 200, player ? games.history(row->id, player) : games.history(row->id, {}, true));
}

void api_moves(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, req.matches[1]);
  const auto player = bearer(shared, req, *row);
  if (!player)
    throw core::UserError(core::Exit::kNoPermission,
                          "moves are a player's: send Authorization: Bearer TOKEN");
  std::size_t limit = 1000;
  if (req.has_param("limit")) {
    const std::string text = req.get_param_value("limit");
    if (text.empty() || text.size() > 7 ||
        text.find_first_not_of("0123456789") != std::string::npos || std::stoul(text) == 0)
      throw core::UserError(core::Exit::kUsage, "limit: a number from 1 to 9999999");
    limit = std::stoul(text);
  }
  Document prefix;
  if (req.has_param("prefix"))
    prefix = turnfile::yaml_to_document(req.get_param_value("prefix"), "prefix");
  const auto list = games.legal_moves(row->id, *player, prefix, limit);
  send_json(res, 200, {{"moves", list.moves}, {"total", list.total}, {"exact", list.total_exact}});
}

void api_turns(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const std::string game = req.matches[1];
  const auto row = game_row(games, game);
  const auto player = bearer(shared, req, *row);  // when given, it must be right
  std::string text = req.body;
  // A file without a credential, sent with the player's token, is made the file with that
  // token: the referee then authenticates it as any other (and records it without the token).
  if (player) {
    Document doc;
    try {
      doc = turnfile::yaml_to_document(text, "<request>");
    } catch (const core::UserError&) {
      // not YAML: refused below, as submit refuses it
    }
    if (doc.is_object() && !doc.contains("token") && !doc.contains("signature")) {
      const std::string header = req.get_header_value("Authorization");
      doc["token"] = header.substr(header.find(' ') + 1);
      text = doc.dump();
    }
  }
  const auto read = turnfile::read(text, "<request>");
  if (read.request && read.request->game != game)
    throw core::UserError(
        core::Exit::kRejected,
        fmt::format("the turn file is for game {}, posted to game {}", read.request->game, game));
  const auto outcome = [&] {
    const std::lock_guard one_at_a_time(shared.turns);
    return referee::submit(games, text, read, {.views = false});
  }();
  if (outcome.exit_code == static_cast<int>(core::Exit::kNoPermission))
    shared.throttle.failed(req.remote_addr);
  if (outcome.exit_code == 0) send_owed_notices(shared);
  send_json(res, outcome.exit_code == 0 ? 200 : 422, outcome.answer);
}

// Server-Sent Events: the news of each change (referee/news.hpp, the documents --notify posts),
// `id` the record's last turn it tells. Last-Event-ID (or ?after=N) resumes after that turn;
// without either the stream tells the changes from now on.
void api_events(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, req.matches[1]);
  bearer(shared, req, *row);
  const std::string resume = req.has_header("Last-Event-ID") ? req.get_header_value("Last-Event-ID")
                             : req.has_param("after")        ? req.get_param_value("after")
                                                             : std::string();
  std::int64_t after = row->next_turn - 1;
  if (!resume.empty()) {
    if (resume.size() > 12 || resume.find_first_not_of("0123456789") != std::string::npos)
      throw core::UserError(core::Exit::kUsage, "Last-Event-ID: a turn number");
    after = std::min<std::int64_t>(std::stoll(resume), after);
  }
  if (shared.streams.fetch_add(1) >= shared.streams_max) {
    shared.streams.fetch_sub(1);
    throw core::UserError(core::Exit::kTempFail, "too many event streams open; try again later");
  }
  const std::string id = row->id;
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Accel-Buffering", "no");  // nginx passes each event on at once
  auto told = std::make_shared<std::int64_t>(after);
  auto last_write = std::make_shared<Clock::time_point>(Clock::now());
  res.set_chunked_content_provider(
      "text/event-stream",
      [&shared, id, told, last_write](std::size_t, httplib::DataSink& sink) {
        if (g_stopping) return false;
        store::Database& stream_db = thread_db(shared);
        try {
          store::GameStore store(stream_db);
          const std::int64_t last = store.next_turn(id) - 1;
          if (last > *told) {
            referee::GamesInHand now(stream_db);
            const auto context = now.game(id);
            const auto turns = store.turns(id, *told);
            Document news = referee::news_document(*context, turns);
            // The key a target's message has, with 0 for the target: the stream's own.
            news["id"] = fmt::format("caravan-ref:{}:{}:0", id, news.value("turn", last));
            const std::string event = fmt::format("id: {}\nevent: {}\ndata: {}\n\n", last,
                                                  news.value("event", "turn"), news.dump());
            if (!sink.write(event.data(), event.size())) return false;
            *told = last;
            *last_write = Clock::now();
            return true;
          }
        } catch (const core::UserError& error) {
          if (error.code() != core::Exit::kTempFail) return false;  // busy: the next round
        }
        if (Clock::now() - *last_write > std::chrono::seconds(5)) {
          static const std::string kKeepAlive = ": still here\n\n";
          if (!sink.write(kKeepAlive.data(), kKeepAlive.size())) return false;
          *last_write = Clock::now();
        }
        // The store is asked again in a quarter of a second: a change is told within that.
        for (int i = 0; i < 5 && !g_stopping; ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
        return !g_stopping;
      },
      [&shared](bool) { shared.streams.fetch_sub(1); });
}

// ---------------------------------------------------------------------------------------------
// The live pages.

constexpr std::size_t kPageMoves = 5000;

std::string etag_of(std::int64_t next_turn) { return fmt::format("\"t{}\"", next_turn); }

// Whether a post's Origin is the pages' own: the base URL's origin when one was given, else
// (behind a proxy that may speak https to the browser) the host the request came to.
bool own_origin(const Shared& shared, const httplib::Request& req, const std::string& origin) {
  if (!shared.base_url.empty()) {
    const auto host = shared.base_url.find("//") + 2;
    return origin == shared.base_url.substr(0, shared.base_url.find('/', host));
  }
  const auto scheme = origin.find("://");
  return scheme != std::string::npos && origin.substr(scheme + 3) == req.get_header_value("Host");
}

void page_headers(httplib::Response& res, const std::string& nonce) {
  res.set_header("Cache-Control", "no-store");
  // The page's address is its key: no other site is told it (a form's post to the page itself
  // still carries its Origin, which "no-referrer" would make "null").
  res.set_header("Referrer-Policy", "same-origin");
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("X-Frame-Options", "DENY");
  res.set_header("Content-Security-Policy",
                 fmt::format("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                             "script-src 'nonce-{}'; connect-src 'self'; form-action 'self'; "
                             "frame-ancestors 'none'; base-uri 'none'",
                             nonce));
}

// The script that keeps the page live: it asks for the page's ETag every second and reloads
// when the game has changed. Without it the page is the same page, its forms just as good. Once a
// form is sent it asks no more: a reload of its own would cancel the post's way back to the page,
// which says (once) what the post did. No '<' or '&' in it: the page stays well-formed XML, as
// html_page's pages are.
std::string live_script(const std::string& nonce, const std::string& etag) {
  return fmt::format(
      "<script nonce=\"{}\">\n"
      "(function () {{\n"
      "  var tag = '{}', leaving = false;\n"
      "  document.addEventListener('submit', function () {{ leaving = true; }});\n"
      "  function look() {{\n"
      "    if (leaving) return;\n"
      "    fetch(location.pathname, {{ method: 'HEAD', cache: 'no-store',\n"
      "                               headers: {{ 'If-None-Match': tag }} }})\n"
      "      .then(function (r) {{\n"
      "        var now = r.status === 200 ? r.headers.get('ETag') : tag;\n"
      "        if (leaving) return;\n"
      "        if (now !== tag) location.replace(location.pathname);\n"
      "        else setTimeout(look, 1000);\n"
      "      }}, function () {{ setTimeout(look, 3000); }});\n"
      "  }}\n"
      "  setTimeout(look, 1000);\n"
      "}})();\n"
      "</script>\n",
      nonce, etag);
}

// Inserts `html` before the first `marker` of `page` (at its end when there is none).
void insert_before(std::string& page, const std::string& marker, const std::string& html) {
  const auto at = page.find(marker);
  page.insert(at == std::string::npos ? page.size() : at, html);
}

struct Action {
  const char* name;
  const char* label;
};

// The actions a seat may take now, as buttons of one form.
std::string actions_html(const Document& view, const std::string& action_url,
                         const std::string& code, std::int64_t turn, const std::string& player) {
  if (view.value("finished", false)) return "";
  std::vector<Action> actions;
  if (view.contains("draw_offer")) {
    const auto& offer = view["draw_offer"];
    const bool mine = offer.value("by", "") == player;
    const auto& accepted = offer.value("accepted", Document::array());
    if (!mine && std::find(accepted.begin(), accepted.end(), player) == accepted.end()) {
      actions.push_back({"accept-draw", "Accept the draw"});
      actions.push_back({"decline-draw", "Decline the draw"});
    } else if (mine) {
      actions.push_back({"decline-draw", "Withdraw my draw offer"});
    }
  } else {
    actions.push_back({"offer-draw", "Offer a draw"});
  }
  if (view.contains("undo_request")) {
    const auto& request = view["undo_request"];
    if (request.value("by", "") != player) {
      actions.push_back({"accept-undo", "Accept the undo"});
      actions.push_back({"decline-undo", "Decline the undo"});
    }
  } else {
    actions.push_back({"request-undo", "Ask to undo the last move"});
  }
  actions.push_back({"resign", "Resign"});
  std::string html = fmt::format(
      "<h2>Actions</h2>\n<form method=\"post\" action=\"{}\">\n<input type=\"hidden\" "
      "name=\"code\" value=\"{}\"/>\n<input type=\"hidden\" name=\"turn\" value=\"{}\"/>\n<p>",
      core::svg::escape(action_url), code, turn);
  for (const auto& action : actions)
    html += fmt::format("<button class=\"move\" name=\"action\" value=\"{}\">{}</button> ",
                        action.name, action.label);
  return html + "</p>\n</form>\n";
}

std::string take_note(Shared& shared, const std::string& capability) {
  std::lock_guard lock(shared.notes_mutex);
  const auto it = shared.notes.find(capability);
  if (it == shared.notes.end()) return "";
  std::string note = std::move(it->second);
  shared.notes.erase(it);
  return note;
}

void give_note(Shared& shared, const std::string& capability, const std::string& note) {
  std::lock_guard lock(shared.notes_mutex);
  if (shared.notes.size() > 10000) shared.notes.clear();
  shared.notes[capability] = note;
}

// The seat a page's capability opens; the one wrong-link answer (thrown) for none.
store::PlayerRow page_seat(Shared& shared, const httplib::Request& req, const store::GameRow& row,
                           const std::string& key) {
  shared.throttle.wait(req.remote_addr);
  auto seat = referee::seat_of_capability(key, row, req.matches[2]);
  if (!seat) {
    shared.throttle.failed(req.remote_addr);
    throw core::UserError(core::Exit::kNoInput,
                          "no page has this address (any more): ask the game master for your link "
                          "(caravan-ref link)");
  }
  return *seat;
}

void send_page(httplib::Response& res, const std::string& page, const std::string& etag,
               const std::string& nonce) {
  page_headers(res, nonce);
  res.set_header("ETag", etag);
  res.status = 200;
  res.set_content(page, "text/html; charset=utf-8");
}

bool not_modified(const httplib::Request& req, httplib::Response& res, const std::string& etag) {
  if (req.get_header_value("If-None-Match") != etag) return false;
  res.status = 304;
  res.set_header("ETag", etag);
  res.set_header("Cache-Control", "no-store");
  return true;
}

void player_page(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  const std::string game = req.matches[1], capability = req.matches[2];
  store::ReadSnapshot snapshot(db);  // the view, its moves and its history as they were together
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const std::string key = referee::capability_key(db);
  const auto seat = page_seat(shared, req, *row, key);
  const std::string etag = etag_of(row->next_turn);
  if (not_modified(req, res, etag)) return;
  if (req.method == "HEAD") {
    page_headers(res, "-");
    res.set_header("ETag", etag);
    return;
  }
  const auto view = games.view(game, seat.name);
  const auto moves = games.legal_moves(game, seat.name, nullptr, kPageMoves);
  referee::TurnLinks links;
  links.game = game;
  links.player = seat.name;
  links.turn = view.at("turn").get<std::int64_t>();
  links.form_action = capability;  // relative: this very page, behind any proxy's prefix
  links.form_code = referee::form_code(key, capability);
  links.keep_open = games.game(game)->state->end_turn_move().has_value();
  std::string page = referee::html_page(view, moves.moves, games.history(game, seat.name)["turns"],
                                        links, moves.total);
  const std::string nonce = core::random_hex(16);
  if (const std::string note = take_note(shared, capability); !note.empty())
    insert_before(
        page, "<p>",
        fmt::format("<p class=\"note\" role=\"status\">{}</p>\n", core::svg::escape(note)));
  insert_before(page, "<h2>History</h2>",
                actions_html(view, capability, links.form_code, links.turn, seat.name));
  insert_before(page, "</body>", live_script(nonce, etag));
  send_page(res, page, etag, nonce);
}

void observer_page(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  const std::string game = req.matches[1];
  store::ReadSnapshot snapshot(db);
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const std::string etag = etag_of(row->next_turn);
  if (not_modified(req, res, etag)) return;
  if (req.method == "HEAD") {
    page_headers(res, "-");
    res.set_header("ETag", etag);
    return;
  }
  std::string page = referee::html_page(games.view(game, std::nullopt, true), Document::array(),
                                        games.history(game, std::nullopt, true)["turns"]);
  const std::string nonce = core::random_hex(16);
  insert_before(page, "</body>", live_script(nonce, etag));
  send_page(res, page, etag, nonce);
}

// A form's post: checked against cross-site requests, made a turn file with the seat's turn
// pass, played through referee::submit, then 303 back to the page, which says what it did.
void page_post(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  const std::string game = req.matches[1], capability = req.matches[2];
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const std::string key = referee::capability_key(db);
  const auto seat = page_seat(shared, req, *row, key);
  // A browser names the page that posts (Origin); one from another site is refused, and so is
  // a post without the page's code.
  const std::string origin = req.get_header_value("Origin");
  const bool same_site = origin.empty() ? req.get_header_value("Sec-Fetch-Site") != "cross-site"
                                        : own_origin(shared, req, origin);
  const std::string code = req.get_param_value("code");
  const std::string mine = referee::form_code(key, capability);
  if (!same_site || code.size() != mine.size() || !core::same_digest(code, mine)) {
    res.status = 403;
    res.set_header("Cache-Control", "no-store");
    res.set_content("This form was not posted from its own page; open the page again.\n",
                    "text/plain; charset=utf-8");
    return;
  }
  const std::string turn_text = req.get_param_value("turn");
  if (turn_text.empty() || turn_text.size() > 12 ||
      turn_text.find_first_not_of("0123456789") != std::string::npos)
    throw core::UserError(core::Exit::kUsage, "the form carries no turn number");
  const std::int64_t turn = std::stoll(turn_text);
  const std::string move = req.get_param_value("move");
  const std::string action = req.get_param_value("action");
  const auto held = games.game(game);
  const auto& player = held->row.players.at(static_cast<std::size_t>(seat.seat));
  const std::string pass = ledger::turn_pass(ledger::turn_pass_key(db), player, game, turn);
  std::string text;
  if (!action.empty()) {
    text = fmt::format("game: {}\nplayer: {}\nturn: {}\ntoken: {}\naction: {}\n",
                       output::yaml_scalar(game), output::yaml_scalar(seat.name), turn, pass,
                       output::yaml_scalar(action));
  } else {
    // One move, as the page wrote it (a line of YAML flow): nothing that starts another line.
    if (move.empty() || move.find_first_of("\r\n") != std::string::npos)
      throw core::UserError(core::Exit::kUsage, "the form carries no move");
    text = referee::turn_file(game, seat.name, turn, "token: " + pass, {move},
                              held->state->end_turn_move().has_value());
  }
  const auto outcome = [&] {
    const std::lock_guard one_at_a_time(shared.turns);
    return referee::submit(games, text, "<page>", {.views = false});
  }();
  const auto& answer = outcome.answer;
  if (outcome.exit_code == 0) send_owed_notices(shared);
  give_note(shared, capability,
            outcome.exit_code == 0
                ? fmt::format("Turn {} played.", answer.value("turn", std::int64_t{0}))
                : "Refused: " + answer["error"].value("message", std::string()));
  res.set_redirect(capability, 303);
}

// ---------------------------------------------------------------------------------------------

// The path as the log shows it: a page's capability left out.
std::string logged_path(const std::string& path) {
  if (path.starts_with("/play/")) {
    const auto slash = path.find('/', 6);
    return slash == std::string::npos ? "/play/..." : path.substr(0, slash) + "/...";
  }
  return path;
}

template <typename Handler>
httplib::Server::Handler route(Shared& shared, Handler handler) {
  return [&shared, handler](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { handler(shared, req, res); });
  };
}

// A page's route: its errors are said on a page, for a person, with the status an API answer
// would have.
template <typename Handler>
httplib::Server::Handler page_route(Shared& shared, Handler handler) {
  return [&shared, handler](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { handler(shared, req, res); });
    if (res.status < 400 || res.get_header_value("Content-Type") != "application/json") return;
    const auto error = Document::parse(res.body, nullptr, false);
    const std::string message =
        error.is_object() ? error["error"].value("message", std::string()) : std::string();
    const bool busy = res.status == 503;
    res.set_content(
        fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                    "<title>{0}</title>\n<style>\n{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n"
                    "<p>{2}</p>\n</body>\n</html>\n",
                    busy ? "Busy: nothing was played" : "Not here", referee::kHtmlStyle,
                    core::svg::escape(busy ? "The game's record is busy; go back and try again "
                                             "in a moment."
                                           : message)),
        "text/html; charset=utf-8");
  };
}

}  // namespace

int run(cli::Context& context, const cli::ServeOptions& options) {
  Shared shared;
  shared.db_path = context.db_path();
  shared.open.create = false;
  shared.open.key_file = context.key_file_option;
  if (shared.open.key_file.empty())
    if (const char* env = std::getenv("CARAVAN_REF_KEY"); env && *env) shared.open.key_file = env;
  shared.base_url = options.base_url;
  shared.streams_max = std::max(1, options.threads / 2);
  referee::capability_key(
      context.existing_db());  // the key file is read (or made) before any request

  // SIGTERM and SIGINT are taken by one thread (sigwait), which stops the server; every other
  // thread, made after this, has them blocked. A write to a closed connection is an error, not a
  // signal.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  Server server(options.request_seconds);
  const auto threads = static_cast<std::size_t>(options.threads);
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_payload_max_length(options.max_body);
  // An answer goes out in two writes (headers, then body); with Nagle's algorithm the second
  // waits for the client's delayed acknowledgement of the first, 40 ms on Linux, on every request.
  server.set_tcp_nodelay(true);
  server.set_read_timeout(options.request_seconds, 0);
  server.set_write_timeout(10, 0);
  server.set_logger([](const httplib::Request& req, const httplib::Response& res) {
    std::cerr << fmt::format("caravan-ref serve: {} {} {} {}\n", req.remote_addr, req.method,
                             logged_path(req.path), res.status);
  });
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const int status = res.status;
    const auto code = status == 413   ? core::Exit::kRejected
                      : status == 404 ? core::Exit::kNoInput
                                      : core::Exit::kUsage;
    const std::string message = status == 413   ? "the request is larger than this server takes"
                                : status == 404 ? "no such page or API"
                                                : fmt::format("a bad request ({})", status);
    send_json(res, status, referee::rejection(core::UserError(code, message)));
  });

  server.Get(R"(/api/games/([^/]+)/view)", route(shared, api_view));
  server.Get(R"(/api/games/([^/]+)/moves)", route(shared, api_moves));
  server.Get(R"(/api/games/([^/]+)/history)", route(shared, api_history));
  server.Post(R"(/api/games/([^/]+)/turns)", route(shared, api_turns));
  server.Get(R"(/api/games/([^/]+)/events)", route(shared, api_events));
  server.Get(R"(/play/([^/]+)/([0-9a-f]{32}))", page_route(shared, player_page));
  server.Post(R"(/play/([^/]+)/([0-9a-f]{32}))", page_route(shared, page_post));
  server.Get(R"(/watch/([^/]+))", page_route(shared, observer_page));
  server.Get("/favicon.ico", [](const httplib::Request&, httplib::Response& res) {
    res.status = 204;  // none: a browser asks for it on every page
  });

  // cpp-httplib 0.11 listens with a backlog of 5, fixed when the library was built: in a burst of
  // connections (a page open in many browsers at once) the kernel drops the connections over it,
  // which try again a second later. Its socket hook hands over the listening socket (doing what
  // its default hook does, SO_REUSEADDR, but not SO_REUSEPORT: a second server on the same port
  // must fail), and listen() again on it sets the backlog (Linux).
  int listening = -1;
  server.set_socket_options([&listening](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listening = sock;
  });
  const int port = options.port == 0 ? server.bind_to_any_port(options.host)
                   : server.bind_to_port(options.host, options.port) ? options.port
                                                                     : -1;
  if (port < 0)
    throw core::UserError(core::Exit::kTempFail,
                          fmt::format("cannot listen on {}:{} (in use, or not this host's)",
                                      options.host, options.port));
  if (listening >= 0) ::listen(listening, SOMAXCONN);
  const bool v6 = options.host.find(':') != std::string::npos;
  std::cout << fmt::format("http://{}{}{}:{}", v6 ? "[" : "", options.host, v6 ? "]" : "", port)
            << std::endl;

  std::thread waiter([&server, stop_signals] {
    int signal_number = 0;
    sigwait(&stop_signals, &signal_number);
    g_stopping = true;
    server.stop();
  });
  const bool listened = server.listen_after_bind();
  if (!g_stopping) {  // the server ended by itself: wake the waiter
    g_stopping = true;
    pthread_kill(waiter.native_handle(), SIGTERM);
  }
  waiter.join();
  std::cerr << "caravan-ref serve: stopped\n";
  return listened || g_stopping ? 0 : static_cast<int>(core::Exit::kTempFail);
}

}  // namespace serve
