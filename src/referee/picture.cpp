#include "referee/picture.hpp"

#include <algorithm>
#include <memory>
#include <set>
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

// The clock's rules in sentences: "Each move is due within 3d, with 1d of grace after the
// deadline. If a player misses a deadline, the game waits for them."
std::string clock_line(const Document& clock) {
  const Document grace = clock.value("grace", Document());
  return fmt::format("Each move is due within {}{}. {}",
                     duration_words(clock.value("deadline", Document())),
                     grace.is_number() && grace.get<double>() > 0
                         ? ", with " + duration_words(grace) + " of grace after the deadline"
                         : std::string(),
                     nmr_words(text_of(clock.value("nmr", Document()), "wait")));
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
  // The deadline's day and time, not how far off it is: a picture is looked at again later.
  if (const std::string deadline = deadline_of(view); !deadline.empty()) {
    const auto when = core::parse_time(deadline);
    second += " \u2022 due " + (when ? when_words(*when, core::now(), false) : deadline);
  }
  d.text(8, 40, second, {.size = 14});
  d.place(board.svg, 0, kHeader);
  if (!position.empty())
    d.text(8, kHeader + board.height + 20, position, {.size = 15, .bold = true});
  core::Engine::Picture whole = core::Engine::Picture::of(d, board.holding);
  for (auto spot : board.spots) {  // where the board was placed
    spot.y += kHeader;
    whole.spots.push_back(std::move(spot));
  }
  return whole;
}

std::string picture_svg(const Document& view, const Document& latest) {
  return svg::document(picture(view, latest).svg);
}

std::string picture_png(const Document& view, const Document& latest, double scale) {
  return render_png(picture_svg(view, latest), scale);
}

// Links a group at most on the page; the rest are counted (a huber-caravan turn can have
// thousands of moves).
constexpr std::size_t kLinksPerGroup = 12;

namespace {

// Each next part of `step` that names a spot: a link over that spot, to the page's next step
// (the first part naming a spot wins it; the others stay in the list below the picture).
void place_step_links(core::Engine::Picture& pic, const MoveStep& step, const TurnLinks& links) {
  std::string overlay;
  std::set<std::string> taken;
  for (const auto& choice : step.choices) {
    const auto spot =
        std::find_if(pic.spots.begin(), pic.spots.end(),
                     [&](const core::Engine::Picture::Spot& s) { return s.name == choice.value; });
    if (spot == pic.spots.end() || !taken.insert(spot->name).second) continue;
    const std::string label = choice.part.empty() ? choice.value : choice.part + " " + choice.value;
    overlay += fmt::format(
        "<a href=\"{}\" class=\"spot\"><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" "
        "height=\"{}\" fill=\"#0072B2\" fill-opacity=\"0.15\" stroke=\"#0072B2\" "
        "stroke-width=\"4\"/></a>\n",
        escape(step_href(links.form_action, choice.partial)), escape(label),
        svg::number(spot->x + 2), svg::number(spot->y + 2), svg::number(spot->width - 4),
        svg::number(spot->height - 4));
  }
  const auto end = pic.svg.rfind("</svg>");
  if (!overlay.empty() && end != std::string::npos) pic.svg.insert(end, overlay);
}

}  // namespace

std::string html_page(const Document& view, const Document& moves, const Document& history,
                      const TurnLinks& links, std::size_t total, const MoveStep* step) {
  core::Engine::Picture pic = picture(view, history.empty() ? Document() : history.back());
  if (step) place_step_links(pic, *step, links);
  const std::string title =
      fmt::format("Game {} ({}), turn {}", text_of(view.value("game", Document())),
                  text_of(view.value("kind", Document())), text_of(view.value("turn", Document())));
  // Well-formed XML as well as HTML (the tests read it back with an XML parser).
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
      "<title>{0}</title>\n<style>\n{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n<p>{2}</p>\n",
      escape(title), kHtmlStyle, escape(you_line(view) + ". " + status_line(view)));
  if (view.contains("clock")) {
    page += "<h2>Clock</h2>\n";
    if (const std::string deadline = deadline_of(view); !deadline.empty())
      page += fmt::format("<p class=\"clock\">{}, due {}</p>\n", escape(status_line(view)),
                          escape(deadline_words(deadline)));
    page += fmt::format("<p>{}</p>\n", escape(clock_line(view["clock"])));
  }
  page += pic.svg;
  const Document& you = view.at("you");
  const std::string name = you.is_object() ? text_of(you.value("name", Document())) : std::string();
  if (!pic.holding.empty())
    page += fmt::format("<h2>{}</h2>\n<p><code>{}</code></p>\n",
                        escape(name.empty() ? std::string("In hand")
                                            : fmt::format("{} [{}] holds", name,
                                                          text_of(you.value("role", Document())))),
                        escape(pic.holding));
  if (!moves.empty()) {
    // Grouped by what they move, each in its notation's key order (referee/move_lines.hpp).
    const std::string kind = text_of(view.value("kind", Document()));
    const std::size_t count = std::max(total, moves.size());
    TurnLinks turn = links;  // what the view says, where the caller gave nothing
    if (turn.game.empty()) turn.game = text_of(view.value("game", Document()));
    if (turn.player.empty()) turn.player = name;
    if (turn.turn == 0) turn.turn = view.value("turn", std::int64_t{0});
    if (turn.credential.empty()) turn.credential = "token: YOUR-TOKEN";
    page += fmt::format("<h2>{}'s legal moves ({})</h2>\n", escape(name), count) +
            move_links_html(group_moves(moves, kind), turn, kLinksPerGroup, count);
    if (turn.form_action.empty())  // a live page plays by its forms alone
      page += fmt::format("<h2>{}'s turn, to fill in</h2>\n<pre>{}</pre>\n", escape(name),
                          escape(turn_file(turn.game, turn.player, turn.turn, turn.credential,
                                           {move_line(moves[0], kind)}, turn.keep_open)));
  }
  page += "<h2>History</h2>\n" +
          history_html(history, view.value("players", Document::array()),
                       core::find_engine(text_of(view.value("kind", Document())))) +
          "</body>\n</html>\n";
  return page;
}

}  // namespace referee
