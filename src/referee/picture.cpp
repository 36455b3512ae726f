#include "referee/picture.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "core/svg.hpp"
#include "output/writer.hpp"
#include "referee/game_context.hpp"
#include "referee/in_hand.hpp"
#include "referee/move_lines.hpp"
#include "referee/prose.hpp"
#include "referee/turns.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace referee {

namespace {

using core::Document;
namespace svg = core::svg;
using svg::escape;

constexpr double kHeader = 50;
constexpr double kFooter = 32;

using core::svg::text_of;

int viewer_of(const Document& view) {
  const Document& you = view.at("you");
  if (you == "observer") return core::kEveryone;  // no seat: nobody's hand is theirs
  return you.is_object() ? you.value("seat", core::kReferee) : core::kReferee;
}

std::string status_line(const Document& view) {
  if (view.value("finished", false))
    return finished_line(view.value("result", Document::object()),
                         [](const std::string& name) { return name; });
  const Document to_move = view.value("to_move", Document::array());
  return to_move.empty() ? std::string() : "To move: " + text_of(to_move[0]);
}

std::string you_line(const Document& view) {
  const Document& you = view.at("you");
  if (you == "observer" || you == "public") return "Public view (for observers)";
  if (!you.is_object()) return "Referee's view (everything)";
  return fmt::format("View of {} ({})", text_of(you.value("name", Document())),
                     text_of(you.value("role", Document())));
}

// The viewer's position below the board, for them alone: "Your turn, ann (North).", "Waiting
// for bob to move.", nothing when the game is over (the header says how it ended).
std::string position_line(const Document& view) {
  if (view.value("finished", false)) return {};
  const Document to_move = view.value("to_move", Document::array());
  if (!to_move.is_array() || to_move.empty()) return {};
  std::string names;
  for (std::size_t i = 0; i < to_move.size(); ++i)
    names += (i == 0 ? "" : i + 1 == to_move.size() ? " and " : ", ") + text_of(to_move[i]);
  const Document& you = view.at("you");
  if (you.is_object()) {
    const std::string name = text_of(you.value("name", Document()));
    if (std::find(to_move.begin(), to_move.end(), Document(name)) != to_move.end())
      return fmt::format("Your turn, {} ({}).", name, text_of(you.value("role", Document())));
    return fmt::format("Waiting for {} to move.", names);
  }
  return fmt::format("{} to move.", names);
}

// The deadline of the seat to move, when the game has a clock.
std::string deadline_of(const Document& view) {
  const Document deadline = view.value("deadline", Document());
  return deadline.is_string() ? deadline.get<std::string>() : std::string();
}

// The clock's rules in words: "a move within 3d, 1d of grace; then: default move".
std::string clock_line(const Document& clock) {
  return fmt::format("A move within {}, {} of grace; after that: {}.",
                     duration_words(clock.value("deadline", Document())),
                     duration_words(clock.value("grace", Document()), "0s"),
                     nmr_words(text_of(clock.value("nmr", Document()), "wait")));
}

constexpr const char* kStyle =
    "body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; background: #FBF8F1;"
    " color: #000; margin: 1em auto; max-width: 640px; padding: 0 8px; }\n"
    "h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.2em; }\n"
    "svg { max-width: 100%; height: auto; border: 1px solid #999; }\n"
    "code, li.move { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; }\n"
    "ul.moves { columns: 2; } .clock { color: #D55E00; font-weight: bold; }\n"
    "table { border-collapse: collapse; } td { padding: 2px 8px; vertical-align: top; }\n"
    "tr:nth-child(odd) { background: #EFE3C8; }\n";

std::string history_rows(const Document& turns) {
  std::string rows;
  for (const Document& turn : turns) {
    const std::string who = turn.contains("player") ? text_of(turn["player"]) : "set-up";
    std::string what;
    if (turn.contains("moves")) what = output::to_line(turn["moves"]);
    for (const Document& event : turn.value("events", Document::array()))
      what += (what.empty() ? "" : "; ") + output::to_line(event);
    rows += fmt::format("<tr><td>{}</td><td>{}</td><td><code>{}</code></td></tr>\n",
                        escape(text_of(turn.value("turn", Document()), "0")), escape(who),
                        escape(what));
  }
  return rows;
}

}  // namespace

Document latest_turn(store::Database& db, const std::string& game,
                     const std::optional<std::string>& player,
                     std::optional<std::int64_t> next_turn) {
  return GamesInHand(db).latest_turn(game, player, next_turn);
}

core::Engine::Picture picture(const Document& view, const Document& latest) {
  const std::string kind = text_of(view.value("kind", Document()));
  const core::Engine* engine = core::find_engine(kind);
  if (!engine) throw std::runtime_error("no engine for a game of kind '" + kind + "'");
  const Document last_turns = view.value("last", Document::array());
  const Document last = !latest.is_null()    ? latest
                        : last_turns.empty() ? Document()
                                             : last_turns.back();
  core::Engine::Picture board = engine->picture(view.at("state"), last, viewer_of(view));
  const std::string position = position_line(view);

  svg::Drawing d(std::max(600.0, board.width),
                 kHeader + board.height + (position.empty() ? 8 : kFooter));
  d.set_title(fmt::format("Game {} ({}), turn {}", text_of(view.value("game", Document())), kind,
                          text_of(view.value("turn", Document()))));
  d.rect(0, 0, d.width(), d.height(), {.fill = svg::colour::kPaper});
  d.text(8, 20,
         fmt::format("Game {} \u2022 {} \u2022 turn {}", text_of(view.value("game", Document())),
                     kind, text_of(view.value("turn", Document()))),
         {.size = 16, .bold = true});
  std::string second = you_line(view);
  if (const std::string status = status_line(view); !status.empty()) second += " \u2022 " + status;
  if (const std::string deadline = deadline_of(view); !deadline.empty())
    second += " \u2022 deadline " + deadline;
  d.text(8, 40, second, {.size = 14});
  d.place(board.svg, 0, kHeader);
  if (!position.empty())
    d.text(8, kHeader + board.height + 20, position, {.size = 15, .bold = true});
  return core::Engine::Picture::of(d, board.holding);
}

std::string picture_svg(const Document& view, const Document& latest) {
  return svg::document(picture(view, latest).svg);
}

std::string picture_png(const Document& view, const Document& latest, double scale) {
  return render_png(picture_svg(view, latest), scale);
}

std::string html_page(const Document& view, const Document& moves, const Document& history) {
  const core::Engine::Picture pic = picture(view, history.empty() ? Document() : history.back());
  const std::string title =
      fmt::format("Game {} ({}), turn {}", text_of(view.value("game", Document())),
                  text_of(view.value("kind", Document())), text_of(view.value("turn", Document())));
  // Well-formed XML as well as HTML (the tests read it back with an XML parser).
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
      "<title>{0}</title>\n<style>\n{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n<p>{2}</p>\n",
      escape(title), kStyle, escape(you_line(view) + ". " + status_line(view)));
  if (view.contains("clock")) {
    page += "<h2>Clock</h2>\n";
    if (const std::string deadline = deadline_of(view); !deadline.empty())
      page += fmt::format("<p class=\"clock\">{}, by {}</p>\n", escape(status_line(view)),
                          escape(deadline));
    page += fmt::format("<p>{}</p>\n", escape(clock_line(view["clock"])));
  }
  page += pic.svg;
  if (!pic.holding.empty())
    page += fmt::format("<h2>Yours</h2>\n<p><code>{}</code></p>\n", escape(pic.holding));
  if (!moves.empty()) {
    // Grouped by what they move, each in its notation's key order (referee/move_lines.hpp).
    page += fmt::format("<h2>Your legal moves ({})</h2>\n<ul class=\"moves\">\n", moves.size());
    for (const auto& group : group_moves(moves, text_of(view.value("kind", Document())))) {
      page += "<li class=\"group\">";
      if (!group.label.empty()) page += fmt::format("<b>{}</b>: ", escape(group.label));
      for (std::size_t i = 0; i < group.moves.size(); ++i)
        page += fmt::format("{}<code class=\"move\">{}</code>", i == 0 ? "" : " ",
                            escape(group.moves[i]));
      page += "</li>\n";
    }
    page += "</ul>\n";
  }
  page += "<h2>History</h2>\n<table>\n" + history_rows(history) + "</table>\n</body>\n</html>\n";
  return page;
}

}  // namespace referee
