// The live pages: a player's (its capability in the address), an observer's, and the forms' posts.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/crypto.hpp"
#include "core/svg.hpp"
#include "referee/html.hpp"
#include "referee/page_link.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"
#include "serve/routes.hpp"
#include "serve/shared.hpp"

namespace serve {

namespace {

using core::Document;

constexpr std::size_t kPageMoves = 5000;
// More legal moves than this and the page builds a move a part at a time (referee/move_steps.hpp)
// instead of a button each: a phone's screen holds about this many buttons to scan.
constexpr std::size_t kButtonsAtMost = 60;

// The partial move of the page's `?step=` (JSON), null without one.
Document step_of(const httplib::Request& req) {
  if (!req.has_param("step")) return nullptr;
  const std::string text = req.get_param_value("step");
  Document step = text.size() <= 2048 ? Document::parse(text, nullptr, false) : Document();
  if (step.is_discarded() || step.is_null())
    throw core::UserError(core::Exit::kUsage, "the page's step is not the beginning of a move");
  return step;
}

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

// The actions a seat may take now, as buttons of one form.
std::string actions_html(const Document& view, const std::string& action_url,
                         const std::string& code, std::int64_t turn, const std::string& player) {
  const auto actions = referee::actions_open_to(view, player);
  if (actions.empty()) return "";
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
  const Document chosen = step_of(req);
  const auto moves = games.legal_moves(game, seat.name, chosen, kPageMoves);
  // A seat that signs its turns cannot be played from a page, which holds no key of theirs: it
  // shows the moves in notation, to sign in a turn file, and no form.
  const bool signs = !seat.public_key.empty();
  const bool stepwise =
      !signs && (!chosen.is_null() || moves.total > kButtonsAtMost || !moves.total_exact);
  referee::TurnLinks links;
  links.game = game;
  links.player = seat.name;
  links.turn = view.at("turn").get<std::int64_t>();
  if (signs) {
    links.credential = "chain: CHAIN-FROM-YOUR-VIEW";  // as in their mail (referee/html.hpp)
  } else {
    links.form_action = capability;  // relative: this very page, behind any proxy's prefix
    links.form_code = referee::form_code(key, capability);
  }
  links.keep_open = games.game(game)->state->end_turn_move().has_value();
  const std::string kind = view.value("kind", std::string());
  std::optional<referee::MoveStep> step;
  if (stepwise) step = referee::next_step(moves.moves, chosen, kind);
  // With a step, its parts that name a square are links on the board too.
  std::string page = referee::html_page(view, stepwise ? Document::array() : moves.moves,
                                        games.history(game, seat.name)["turns"], links, moves.total,
                                        step ? &*step : nullptr);
  if (step) {
    insert_before(page, "<h2>History</h2>",
                  referee::move_steps_html(*step, chosen, links, kind, moves.total));
  }
  const std::string nonce = core::random_hex(16);
  if (const std::string note = take_note(shared, capability); !note.empty())
    insert_before(
        page, "<p>",
        fmt::format("<p class=\"note\" role=\"status\">{}</p>\n", core::svg::escape(note)));
  if (signs)
    insert_before(page, "<h2>History</h2>",
                  "<p class=\"note\">Your seat signs its turns, and this page holds no key of "
                  "yours: play by a signed turn file, by mail or by the command line.</p>\n");
  else
    insert_before(page, "<h2>History</h2>",
                  actions_html(view, capability, links.form_code, links.turn, seat.name));
  insert_before(page, "</body>", live_script(nonce, etag, 1));
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
  insert_before(page, "</body>", live_script(nonce, etag, 1));
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
  // One move, as the page wrote it (a line of YAML flow), or one action.
  const auto outcome = play_for_seat(shared, games, game, seat.seat, turn, move, action, "<page>",
                                     "the form carries no move");
  const auto& answer = outcome.answer;
  give_note(shared, capability,
            outcome.exit_code == 0
                ? fmt::format("Turn {} played.", answer.value("turn", std::int64_t{0}))
                : "Refused: " + answer["error"].value("message", std::string()));
  res.set_redirect(capability, 303);
}

}  // namespace

void add_page_routes(httplib::Server& server, Shared& shared) {
  server.Get(R"(/play/([^/]+)/([0-9a-f]{32}))", page_route(shared, player_page));
  server.Post(R"(/play/([^/]+)/([0-9a-f]{32}))", page_route(shared, page_post));
  server.Get(R"(/watch/([^/]+))", page_route(shared, observer_page));
}

}  // namespace serve
