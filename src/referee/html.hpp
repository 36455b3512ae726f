// The pieces of HTML that the page (`html`) and the HTML part of a mail share: a turn file to
// fill in, the legal moves as one-tap `mailto:` links, the history in sentences, and the style
// that keeps them readable from a 390 px phone to a 1280 px screen.
//
// Promise: every string is escaped by GLib (core::svg::escape, and g_uri_escape_string in a
// link); nothing is loaded from elsewhere (no script, no remote image, font or sheet). A link's
// turn file holds the credential it is given and nothing else secret: the caller gives the turn
// pass (ledger::turn_pass) only to that player's own mail or page.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "referee/in_hand.hpp"
#include "referee/move_lines.hpp"
#include "referee/move_steps.hpp"

namespace referee {

// Where a tapped move goes, and what its turn file says besides the move.
struct TurnLinks {
  std::string to;       // the referee's address; empty: no links, the moves as text
  std::string subject;  // the game's one Subject (mail/thread.hpp), so the reply stays in thread
  std::string game;
  std::string player;
  std::int64_t turn = 0;
  std::string credential;  // "token: ..." (a turn pass or YOUR-TOKEN), or "chain: ..." to sign
  bool keep_open = false;  // a turn of several moves: each link's file says `end: false`
  // A live page (caravan-ref serve): each move a button of a form posted here, with `form_code`
  // (against cross-site posts) and the turn; the moves without a button in a list to pick from.
  // Then `to` and `credential` are not used.
  std::string form_action{};
  std::string form_code{};
};

// The links of `player`'s move in `game` at turn `turn` (the view's), mailed to `to` under
// `subject`: their turn pass as the credential (ledger::turn_pass), `end: false` in a game whose
// turn is several moves. A player who signs turns gets no links (to stays empty: a tapped mail
// cannot carry a signature) and the template's chain line.
TurnLinks turn_links(GamesInHand& games, const std::string& game, const std::string& player,
                     std::int64_t turn, const std::string& to, const std::string& subject);

// A complete turn file: game, player, turn, the credential line, `end: false` when asked, and
// each of `moves` (move_line's) under `moves:`.
std::string turn_file(const std::string& game, const std::string& player, std::int64_t turn,
                      const std::string& credential, const std::vector<std::string>& moves,
                      bool keep_open = false);

// mailto:TO?subject=...&body=... (RFC 6068: every byte but the unreserved ones %-escaped, line
// ends as CRLF).
std::string mailto(const std::string& to, const std::string& subject, const std::string& body);

// The legal moves grouped by what they move, each a link whose mail plays it; at most
// `per_group` links a group, and a sentence saying how to ask for the rest when any are left
// out (or `total` is more than the list holds). Without links.to: the moves as code, as before.
std::string move_links_html(const std::vector<MoveGroup>& groups, const TurnLinks& links,
                            std::size_t per_group, std::size_t total);

// The address of a live page's next step: `page` with `?step=` the partial move (JSON, escaped).
std::string step_href(const std::string& page, const core::Document& partial);

// A live page's move built a part at a time (move_steps.hpp), for a seat with more legal moves
// than buttons can show: the parts `chosen` so far, the move they make as a button of the page's
// form (links.form_action, form_code, turn), and each next part as a link to the page with
// `?step=` the partial move (a GET: it plays nothing, and works without JavaScript). `total`: the
// legal moves that begin with `chosen` (all of them when nothing is chosen).
std::string move_steps_html(const MoveStep& step, const core::Document& chosen,
                            const TurnLinks& links, const std::string& kind, std::size_t total);

// The history (referee::history's turns) as a list of sentences (prose.hpp, turn_words), each
// move as `engine` says it when one is given.
std::string history_html(const core::Document& turns, const core::Document& players,
                         const core::Engine* engine = nullptr);

// The style of the page and of a mail's HTML part: a column at most 640 px wide, pictures and
// long lines that shrink or wrap, never wider than the screen.
extern const char* const kHtmlStyle;

}  // namespace referee
