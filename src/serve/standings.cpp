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

// The headers of a page that runs one script, its nonce's, and loads nothing from elsewhere.
void standings_headers(httplib::Response& res, const std::string& nonce) {
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("Content-Security-Policy",
                 fmt::format("default-src 'none'; style-src 'unsafe-inline'; script-src "
                             "'nonce-{}'; connect-src 'self'; base-uri 'none'",
                             nonce));
}

// Asks for the page's ETag every few seconds (standings change by the hour, not the second) and
// reloads when it has changed. No '<' or '&' in it.
std::string poll_script(const std::string& nonce, const std::string& etag) {
  return fmt::format(
      "<script nonce=\"{}\">\n"
      "(function () {{\n"
      "  var tag = '{}';\n"
      "  function look() {{\n"
      "    fetch(location.pathname, {{ method: 'HEAD', cache: 'no-store',\n"
      "                               headers: {{ 'If-None-Match': tag }} }})\n"
      "      .then(function (r) {{\n"
      "        var now = r.status === 200 ? r.headers.get('ETag') : tag;\n"
      "        if (now !== tag) location.replace(location.pathname);\n"
      "        else setTimeout(look, 5000);\n"
      "      }}, function () {{ setTimeout(look, 15000); }});\n"
      "  }}\n"
      "  setTimeout(look, 5000);\n"
      "}})();\n"
      "</script>\n",
      nonce, etag);
}

void standings_page(Shared& shared, const httplib::Request& req, httplib::Response& res) {
  store::Database& db = thread_db(shared);
  const std::string id = req.matches[1];
  referee::GamesInHand games(db);
  const auto doc = referee::tournament_document(games, id);  // UserError 66: no such tournament
  const std::string etag = fmt::format("\"{}\"", core::hash_hex(doc.dump()).substr(0, 32));
  if (req.get_header_value("If-None-Match") == etag) {
    res.status = 304;
    res.set_header("ETag", etag);
    res.set_header("Cache-Control", "no-store");
    return;
  }
  const std::string nonce = core::random_hex(16);
  standings_headers(res, nonce);
  res.set_header("ETag", etag);
  if (req.method == "HEAD") return;
  // The games' public pages: under the base URL, else beside this page (behind any proxy's
  // prefix, /PREFIX/tournaments/ID and /PREFIX/watch/GAME).
  std::string page =
      referee::standings_page(doc, shared.base_url.empty() ? std::string("..") : shared.base_url);
  const auto end = page.rfind("</body>");
  page.insert(end == std::string::npos ? page.size() : end, poll_script(nonce, etag));
  res.status = 200;
  res.set_content(page, "text/html; charset=utf-8");
}

}  // namespace

void add_standings_routes(httplib::Server& server, Shared& shared) {
  server.Get(R"(/tournaments/([a-z][a-z0-9]{7}))", page_route(shared, standings_page));
}

}  // namespace serve
