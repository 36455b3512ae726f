// A tournament's public standings page under serve, /tournaments/{id}: the page of `tournament
// html` (referee::standings_page), each game a link to its public page, kept live as /watch/{g}
// is: the page asks for its ETag, a digest of the standings document, and reloads when it
// changes (a result, a new round, a withdrawal, the end).
#include <string>

#include <fmt/format.h>

#include "core/crypto.hpp"
#include "referee/tournament_host.hpp"
#include "serve/routes.hpp"
#include "serve/shared.hpp"
#include "store/sqlite.hpp"

namespace serve {

namespace {

void standings_page(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  const std::string id = req.matches[1];
  referee::GamesInHand games(db);
  const auto doc = referee::tournament_document(games, id);  // UserError 66: no such tournament
  const std::string etag = fmt::format("\"{}\"", core::hash_hex(doc.dump()).substr(0, 32));
  if (not_modified(req, res, etag)) return;
  const std::string nonce = core::random_hex(16);
  if (req.method == "HEAD") {
    page_headers(res, nonce);
    res.set_header("ETag", etag);
    return;
  }
  // The games' public pages: under the base URL, else beside this page (behind any proxy's
  // prefix, /PREFIX/tournaments/ID and /PREFIX/watch/GAME).
  std::string page =
      referee::standings_page(doc, shared.base_url.empty() ? std::string("..") : shared.base_url);
  // Standings change by the hour, not the second: asked for every five seconds.
  insert_before(page, "</body>", live_script(nonce, etag, 5));
  send_page(res, page, etag, nonce);
}

}  // namespace

void add_standings_routes(httplib::Server& server, Shared& shared) {
  server.Get(R"(/tournaments/([a-z][a-z0-9]{7}))", page_route(shared, standings_page));
}

}  // namespace serve
