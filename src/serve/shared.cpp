#include "serve/shared.hpp"

#include <iostream>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/svg.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "output/writer.hpp"
#include "referee/html.hpp"
#include "referee/page_link.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"

namespace serve {

using core::Document;

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

namespace {

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

}  // namespace

void send_error(httplib::Response& res, const core::UserError& error) {
  const int status = status_of(error.code());
  if (status == 503) res.set_header("Retry-After", "2");
  if (status == 401) res.set_header("WWW-Authenticate", "Bearer");
  send_json(res, status, referee::rejection(error));
}

const core::UserError& wrong_token() {
  static const core::UserError error(core::Exit::kNoPermission,
                                     "the token is not one of this game's players'");
  return error;
}

// As every command that changes a game starts it (cli::send_notifications), from this thread's
// own context and connection. Called once the change has committed: a sender that cannot start
// (on PostgreSQL, a server with no connection to spare) leaves the notices owed to the next one,
// and the answer stays the change's, never an error that says to try again.
void send_owed_notices(Shared& shared) {
  try {
    thread_local cli::Context context;
    if (!context.db_open()) {
      context.db_option = shared.db_path;
      context.key_file_option = shared.open.key_file;
      context.existing_db();
    }
    cli::send_notifications(context, "submit", "");
  } catch (const std::exception& error) {
    std::cerr << "caravan-ref serve: the notices owed are left to the next sender: " << error.what()
              << "\n";
  }
}

void guarded(httplib::Response& res, const std::function<void()>& body) {
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

std::string logged_path(const std::string& path) {
  if (path.starts_with("/play/")) {
    const auto slash = path.find('/', 6);
    return slash == std::string::npos ? "/play/..." : path.substr(0, slash) + "/...";
  }
  return path;
}

httplib::Server::Handler route(Shared& shared, Handler handler) {
  return [&shared, handler](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { handler(shared, req, res); });
  };
}

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

// Without it the page is the same page, its forms just as good. Once a form is sent it asks no
// more: a reload of its own would cancel the post's way back to the page, which says (once) what
// the post did. No '<' or '&' in it: the page stays well-formed XML, as html_page's pages are.
std::string live_script(const std::string& nonce, const std::string& etag, int seconds) {
  return fmt::format(
      "<script nonce=\"{0}\">\n"
      "(function () {{\n"
      "  var tag = '{1}', leaving = false;\n"
      "  document.addEventListener('submit', function () {{ leaving = true; }});\n"
      "  function look() {{\n"
      "    if (leaving) return;\n"
      "    fetch(location.pathname, {{ method: 'HEAD', cache: 'no-store',\n"
      "                               headers: {{ 'If-None-Match': tag }} }})\n"
      "      .then(function (r) {{\n"
      "        var now = r.status === 200 ? r.headers.get('ETag') : tag;\n"
      "        if (leaving) return;\n"
      "        if (now !== tag) location.replace(location.pathname);\n"
      "        else setTimeout(look, {2});\n"
      "      }}, function () {{ setTimeout(look, {3}); }});\n"
      "  }}\n"
      "  setTimeout(look, {2});\n"
      "}})();\n"
      "</script>\n",
      nonce, etag, seconds * 1000, seconds * 3000);
}

// Inserts `html` before the first `marker` of `page` (at its end when there is none).
void insert_before(std::string& page, const std::string& marker, const std::string& html) {
  const auto at = page.find(marker);
  page.insert(at == std::string::npos ? page.size() : at, html);
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

referee::TurnOutcome play_for_seat(Shared& shared, referee::GamesInHand& games,
                                   const std::string& game, int seat, std::int64_t turn,
                                   const std::string& move, const std::string& action,
                                   const std::string& source, const std::string& no_move) {
  const auto held = games.game(game);
  const auto& player = held->row.players.at(static_cast<std::size_t>(seat));
  const std::string pass = ledger::turn_pass(ledger::turn_pass_key(games.db()), player, game, turn);
  std::string text;
  if (!action.empty()) {
    text = fmt::format("game: {}\nplayer: {}\nturn: {}\ntoken: {}\naction: {}\n",
                       output::yaml_scalar(game), output::yaml_scalar(player.name), turn, pass,
                       output::yaml_scalar(action));
  } else {
    if (move.empty() || move.find_first_of("\r\n") != std::string::npos)
      throw core::UserError(core::Exit::kUsage, no_move);
    text = referee::turn_file(game, player.name, turn, "token: " + pass, {move},
                              held->state->end_turn_move().has_value());
  }
  const auto outcome = [&] {
    const std::lock_guard one_at_a_time(shared.turns);
    return referee::submit(games, text, source, {.views = false});
  }();
  if (outcome.exit_code == 0) send_owed_notices(shared);
  return outcome;
}

}  // namespace serve
