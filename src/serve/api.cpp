// The API: the documents of view, moves, log and submit, and the stream of the news.
#include <algorithm>
#include <memory>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "referee/news.hpp"
#include "referee/referee.hpp"
#include "serve/routes.hpp"
#include "serve/shared.hpp"
#include "turnfile/turnfile.hpp"

namespace serve {

namespace {

using core::Document;

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

}  // namespace

void add_api_routes(httplib::Server& server, Shared& shared) {
  server.Get(R"(/api/games/([^/]+)/view)", route(shared, api_view));
  server.Get(R"(/api/games/([^/]+)/moves)", route(shared, api_moves));
  server.Get(R"(/api/games/([^/]+)/history)", route(shared, api_history));
  server.Post(R"(/api/games/([^/]+)/turns)", route(shared, api_turns));
  server.Get(R"(/api/games/([^/]+)/events)", route(shared, api_events));
}

}  // namespace serve
