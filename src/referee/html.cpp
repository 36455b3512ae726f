#include "referee/html.hpp"

#include <optional>
#include <utility>

#include <fmt/format.h>
#include <glib.h>

#include "core/svg.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "output/writer.hpp"
#include "referee/move_lines.hpp"
#include "referee/prose.hpp"

namespace referee {

namespace {

using core::Document;
using core::svg::escape;

std::string uri_escaped(const std::string& text, const char* allowed = nullptr) {
  char* escaped = g_uri_escape_string(text.c_str(), allowed, FALSE);
  std::string out = escaped;
  g_free(escaped);
  return out;
}

std::string crlf(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

}  // namespace

// Phone first: at 390 px nothing is wider than the screen and nothing scrolls sideways, not even
// in a box of its own. Long words break (overflow-wrap), pictures shrink (max-width, their
// border inside it), and the text board wraps its lines where they are longer than the column,
// in a smaller font on a narrow screen (a media query, which the mail programs of phones honour;
// one that ignores it still wraps). Buttons are at least 44 px tall, a finger's width.
const char* const kHtmlStyle =
    "body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; background: #FBF8F1;"
    " color: #000; margin: 1em auto; max-width: 640px; padding: 0 8px;"
    " overflow-wrap: anywhere; }\n"
    "h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.2em; }\n"
    "svg, img { max-width: 100%; height: auto; border: 1px solid #999;"
    " box-sizing: border-box; }\n"
    "code, pre { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; }\n"
    "pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #EFE3C8;"
    " padding: 6px; max-width: 100%; box-sizing: border-box; }\n"
    "div.words { white-space: pre-wrap; }\n"
    "pre.board { font-size: 0.85em; line-height: 1.3; }\n"
    ".clock { color: #D55E00; font-weight: bold; }\n"
    ".lead { font-size: 1.2em; font-weight: bold; }\n"
    "ul.moves, ul.history { padding-left: 1.2em; } ul.moves li { margin: 0.4em 0; }\n"
    "a.move { display: inline-block; max-width: 100%; box-sizing: border-box;"
    " min-height: 44px; margin: 3px 4px 3px 0; padding: 10px 10px;"
    " border: 1px solid #0072B2; border-radius: 6px; color: #0072B2;"
    " text-decoration: none; }\n"
    "code.move, span.move { display: inline-block; margin: 2px 6px 2px 0; }\n"
    "button.move, select.move { max-width: 100%; box-sizing: border-box; min-height: 44px;"
    " margin: 3px 4px 3px 0; padding: 8px 10px; border: 1px solid #0072B2; border-radius: 6px;"
    " color: #0072B2; background: #FFF; font: inherit; white-space: normal; text-align: left; }\n"
    ".note { border-left: 4px solid #0072B2; padding-left: 8px; }\n"
    "ul.history li { margin: 0.2em 0; } .events { color: #444; }\n"
    "@media (max-width: 480px) {\n"
    "  body { padding: 0 6px; }\n"
    "  pre.board { font-size: 0.62em; padding: 4px; }\n"
    "}\n";

TurnLinks turn_links(GamesInHand& games, const std::string& game, const std::string& player,
                     std::int64_t turn, const std::string& to, const std::string& subject) {
  const auto held = games.game(game);
  TurnLinks links{to, subject, game, player, turn, "token: YOUR-TOKEN", false};
  links.keep_open = held->state->end_turn_move().has_value();
  for (const auto& seat : held->row.players) {
    if (seat.name != player) continue;
    if (!seat.public_key.empty()) {
      links.to.clear();
      links.credential = "chain: CHAIN-FROM-YOUR-VIEW";
    } else if (const std::string pass =
                   ledger::turn_pass(ledger::turn_pass_key(games.db()), seat, game, turn);
               !pass.empty()) {
      links.credential = "token: " + pass;
    }
  }
  return links;
}

std::string turn_file(const std::string& game, const std::string& player, std::int64_t turn,
                      const std::string& credential, const std::vector<std::string>& moves,
                      bool keep_open) {
  // The game's id and the player's name quoted where a reader would take them for another thing.
  std::string text = fmt::format("game: {}\nplayer: {}\nturn: {}\n{}\n", output::yaml_scalar(game),
                                 output::yaml_scalar(player), turn, credential);
  if (keep_open) text += "end: false\n";
  text += "moves:\n";
  for (const auto& move : moves) text += "  - " + move + "\n";
  return text;
}

std::string mailto(const std::string& to, const std::string& subject, const std::string& body) {
  return fmt::format("mailto:{}?subject={}&body={}", uri_escaped(to, "@"), uri_escaped(subject),
                     uri_escaped(crlf(body)));
}

namespace {

// The moves as buttons of one form posted to the live page, and those without a button in a
// list to pick from (every move given is in one or the other).
std::string move_form_html(const std::vector<MoveGroup>& groups, const TurnLinks& links,
                           std::size_t per_group, std::size_t total) {
  const std::string form = fmt::format(
      "<form method=\"post\" action=\"{}\">\n<input type=\"hidden\" name=\"code\" "
      "value=\"{}\"/>\n<input type=\"hidden\" name=\"turn\" value=\"{}\"/>\n",
      escape(links.form_action), escape(links.form_code), links.turn);
  std::string html = form + "<ul class=\"moves\">\n";
  std::string rest;
  std::size_t listed = 0;
  for (const auto& group : groups) {
    html += "<li>";
    if (!group.label.empty()) html += fmt::format("<b>{}</b>: ", escape(group.label));
    for (std::size_t i = 0; i < group.moves.size(); ++i) {
      const std::string& move = group.moves[i];
      const std::string phrase = i < group.phrases.size() ? group.phrases[i] : move;
      if (i < per_group)
        html += fmt::format("<button class=\"move\" name=\"move\" value=\"{}\">{}</button> ",
                            escape(move), escape(phrase));
      else
        rest += fmt::format("<option value=\"{}\">{}</option>\n", escape(move), escape(phrase));
      ++listed;
    }
    if (group.moves.size() > per_group)
      html += fmt::format(" <i>and {} more below</i>", group.moves.size() - per_group);
    html += "</li>\n";
  }
  html += "</ul>\n</form>\n";
  if (!rest.empty())
    html += form + "<p><label>Every other move: <select name=\"move\" class=\"move\">\n" + rest +
            "</select></label> <button class=\"move\" name=\"play\" value=\"1\">Play it</button>"
            "</p>\n</form>\n";
  if (listed < total)
    html += fmt::format("<p>{} of the {} moves are listed here; the API lists them all.</p>\n",
                        listed, total);
  return html;
}

}  // namespace

std::string move_links_html(const std::vector<MoveGroup>& groups, const TurnLinks& links,
                            std::size_t per_group, std::size_t total) {
  if (!links.form_action.empty()) return move_form_html(groups, links, per_group, total);
  std::string html = "<ul class=\"moves\">\n";
  std::size_t shown = 0;
  for (const auto& group : groups) {
    html += "<li>";
    if (!group.label.empty()) html += fmt::format("<b>{}</b>: ", escape(group.label));
    for (std::size_t i = 0; i < group.moves.size(); ++i) {
      if (i == per_group) {
        html += fmt::format(" <i>and {} more</i>", group.moves.size() - per_group);
        break;
      }
      const std::string& move = group.moves[i];
      // The button says the move in words; its turn file keeps the notation.
      const std::string phrase = i < group.phrases.size() ? group.phrases[i] : move;
      if (links.to.empty()) {
        // No link to tap: the notation to write in a turn follows the words.
        html += phrase == move ? fmt::format("<code class=\"move\">{}</code> ", escape(move))
                               : fmt::format("<span class=\"move\">{} <code>{}</code></span> ",
                                             escape(phrase), escape(move));
      } else {
        const std::string body = turn_file(links.game, links.player, links.turn, links.credential,
                                           {move}, links.keep_open);
        html += fmt::format("<a class=\"move\" href=\"{}\">{}</a> ",
                            escape(mailto(links.to, links.subject, body)), escape(phrase));
      }
      ++shown;
    }
    html += "</li>\n";
  }
  html += "</ul>\n";
  if (shown < total)
    html += fmt::format(
        "<p>{} of the {} moves are shown. Mail me \"moves\" as the Subject (with game, player "
        "and token, as in a turn) for every one, or write your turn from the template.</p>\n",
        shown, total);
  if (!links.to.empty())
    html += links.keep_open
                ? "<p>Tap a move: your mail program opens a reply with the whole turn in it; "
                  "send it as it is. It plays that move and keeps your turn open "
                  "(<code>end: false</code>): my answer shows what it brought, and your next "
                  "moves.</p>\n"
                : "<p>Tap a move: your mail program opens a reply with the whole turn in it; "
                  "send it as it is to play that move.</p>\n";
  return html;
}

std::string step_href(const std::string& page, const Document& partial) {
  return page + "?step=" + uri_escaped(partial.dump());
}

std::string move_steps_html(const MoveStep& step, const Document& chosen, const TurnLinks& links,
                            const std::string& kind, std::size_t total) {
  const core::Engine* engine = core::find_engine(kind);
  std::string html =
      fmt::format("<h2>{}'s move, a part at a time ({} legal{})</h2>\n", escape(links.player),
                  total, chosen.is_null() ? "" : " that begin so");
  if (chosen.is_null())
    html += "<p>Pick the first part; the next parts follow, then the move to play.</p>\n";
  else
    html += fmt::format("<p>Chosen: {}. <a href=\"{}\">Start again</a></p>\n",
                        escape(chosen_words(chosen, kind)), escape(links.form_action));
  // A move the parts chosen make, and each next part that makes a move nothing goes on from: a
  // button that plays it. The other parts: links to the next step.
  std::vector<std::pair<Document, std::string>> plays;
  const auto say = [&](const Document& move) {
    const std::string words = engine ? engine->move_phrase(move) : std::string();
    return words.empty() ? move_line(move, kind) : words;
  };
  if (step.complete) plays.emplace_back(*step.complete, say(*step.complete));
  for (const auto& choice : step.choices)
    if (choice.whole && !choice.more) plays.emplace_back(choice.partial, say(choice.partial));
  if (!plays.empty()) {
    html += fmt::format(
        "<form method=\"post\" action=\"{}\">\n<input type=\"hidden\" name=\"code\" "
        "value=\"{}\"/>\n<input type=\"hidden\" name=\"turn\" value=\"{}\"/>\n<p>",
        escape(links.form_action), escape(links.form_code), links.turn);
    for (const auto& [move, words] : plays)
      html += fmt::format("<button class=\"move\" name=\"move\" value=\"{}\">Play: {}</button> ",
                          escape(move_line(move, kind)), escape(words));
    html += "</p>\n</form>\n";
  }
  std::optional<std::string> part;  // the part of the list item open
  for (const auto& choice : step.choices) {
    if (choice.whole && !choice.more) continue;
    if (!part)
      html += plays.empty() ? "<ul class=\"moves\">\n"
                            : "<p>Or build a move:</p>\n<ul class=\"moves\">\n";
    if (choice.part != part) {
      html +=
          fmt::format("{}<li>{}", part ? "</li>\n" : "",
                      choice.part.empty() ? std::string() : "<b>" + escape(choice.part) + "</b>: ");
      part = choice.part;
    }
    html += fmt::format("<a class=\"move step\" href=\"{}\">{}</a> ",
                        escape(step_href(links.form_action, choice.partial)), escape(choice.value));
  }
  if (part) html += "</li>\n</ul>\n";
  if (!step.complete && step.choices.empty())
    html += fmt::format("<p>No legal move begins so. <a href=\"{}\">Start again</a></p>\n",
                        escape(links.form_action));
  return html;
}

std::string history_html(const Document& turns, const Document& players,
                         const core::Engine* engine) {
  if (turns.empty()) return "<p>No turn yet.</p>\n";
  std::string html = "<ul class=\"history\">\n";
  for (const auto& turn : turns)
    html += fmt::format("<li>{}.</li>\n", escape(turn_words(turn, players, true, engine)));
  return html + "</ul>\n";
}

}  // namespace referee
