#include "mail/letters.hpp"

#include <cctype>
#include <sstream>

#include <fmt/format.h>

#include "core/svg.hpp"
#include "ledger/record.hpp"
#include "mail/mail_store.hpp"
#include "mail/thread.hpp"
#include "output/writer.hpp"
#include "referee/html.hpp"
#include "referee/move_lines.hpp"
#include "referee/page_link.hpp"
#include "referee/picture.hpp"
#include "referee/prose.hpp"
#include "referee/referee.hpp"
#include "referee/tournament_host.hpp"
#include "store/sqlite.hpp"

namespace mail {

using nlohmann::json;

namespace {

// Every legal move is listed: in the text up to this many, else in an attached file.
constexpr std::size_t kMovesInText = 40;
// A game that lists more than this (a caravanserai turn can have thousands) is cut short here,
// as the `moves` reply is (commands.cpp), and the mail says so: the whole list makes mails of up
// to 1.4 MB (docs/PERFORMANCE.md, Mail).
constexpr std::size_t kMovesListed = 200;

// The legal moves grouped by what they move, one group a line (`text`), or one move a line
// under a comment naming its group: a YAML list to paste from (`attached`).
std::string grouped_moves(const std::vector<referee::MoveGroup>& groups, bool attached) {
  std::string text;
  for (const auto& group : groups) {
    if (attached) {
      if (!group.label.empty()) text += "# " + group.label + "\n";
      for (const auto& move : group.moves) text += "- " + move + "\n";
      continue;
    }
    text += "  " + (group.label.empty() ? std::string() : group.label + ":  ");
    for (std::size_t i = 0; i < group.moves.size(); ++i)
      text += (i == 0 ? "" : "  ") + group.moves[i];
    text += "\n";
  }
  return text;
}

}  // namespace

const char* const kSignature = "-- \ncaravan-ref, the referee\n";
const char* const kTokenPlaceholder = "YOUR-TOKEN";

std::string greeting(const Mailbox& to) {
  return to.name.empty() ? "Hello,\n\n" : "Hello " + to.name + ",\n\n";
}

std::string file_safe(std::string name) {
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
  return name;
}

std::string turn_template(const std::string& game, const std::string& player, std::int64_t turn,
                          bool signs, const std::string& move) {
  return referee::turn_file(game, player, turn,
                            signs ? std::string("chain: CHAIN-FROM-YOUR-VIEW")
                                  : fmt::format("token: {}", kTokenPlaceholder),
                            {move});
}

std::vector<std::string> player_names(const store::GameRow& game) {
  std::vector<std::string> names;
  for (const auto& player : game.players) names.push_back(player.name);
  return names;
}

Reader player_reader(const store::GameRow& game, const store::PlayerRow& player, const Mailbox& to,
                     const std::string& referee) {
  return {to, player, seat_thread(game.id, player.seat, domain_of(referee)), referee};
}

std::vector<Reader> readers(store::Database& db, const store::GameRow& game,
                            const std::string& referee) {
  std::vector<Reader> list;
  for (const auto& player : game.players)
    if (!player.address.empty())
      list.push_back(player_reader(game, player, {player.name, player.address}, referee));
  for (const auto& observer : store::GameStore(db).observers(game.id))
    list.push_back({{observer.name, observer.address},
                    std::nullopt,
                    observer_thread(game.id, observer.address, domain_of(referee)),
                    referee});
  return list;
}

std::optional<Reader> observer_reader(store::Database& db, const store::GameRow& game,
                                      const std::string& address, const std::string& referee) {
  for (const auto& observer : store::GameStore(db).observers(game.id))
    if (same_address(observer.address, address))
      return Reader{{observer.name, observer.address},
                    std::nullopt,
                    observer_thread(game.id, observer.address, domain_of(referee)),
                    referee};
  return std::nullopt;
}

Outgoing direct_reply(const Incoming& in, const std::string& subject) {
  Outgoing mail;
  mail.to = *in.from;
  mail.subject = subject;
  mail.answers_a_message = true;
  if (!in.message_id_made_up) {
    mail.in_reply_to = in.message_id;
    const std::size_t keep = 9;
    const std::size_t skip = in.references.size() > keep ? in.references.size() - keep : 0;
    mail.references.assign(in.references.begin() + static_cast<std::ptrdiff_t>(skip),
                           in.references.end());
    mail.references.push_back(in.message_id);
  }
  return mail;
}

Outgoing help_letter(store::Database& db, const Incoming& in, bool asked) {
  const auto seats = MailStore(db).seats_of(in.from->address);
  Outgoing mail = direct_reply(in, "[caravan-ref] How to play by mail");
  std::ostringstream body;
  body << greeting(*in.from) << "I am caravan-ref, the referee of play-by-mail games";
  if (!asked) {
    body << ", and I found neither a turn nor a command in your message";
    if (!in.subject.empty()) body << " \"" << in.subject << "\"";
  }
  body << ".\n\nA turn is a few lines of YAML in the text of your mail, or in an attached .yaml "
          "file, like this:\n\n";
  if (!seats.empty())
    body << turn_template(seats[0].game, seats[0].player, seats[0].next_turn, false, "...");
  else
    body << turn_template("3f9a01bc", "ann", 5, false, "f1");
  body << "\n"
          "  game    the game's id, as in your last view\n"
          "  player  your name in that game\n"
          "  turn    the turn number your last view gives\n"
          "  token   the secret token of your invitation\n"
          "  moves   your move or moves, written as the game's rules page shows\n\n"
          "Start each key at the beginning of a line, or write the whole turn on one line as a "
          "flow mapping: {game: 3f9a01bc, player: ann, turn: 5, token: ..., moves: [f1]}. Text "
          "before and after the turn is fine, and so are quoted lines (starting with \">\") and "
          "a signature after \"-- \".\n\n"
          "Commands: write one as the Subject, with game, player and token in the text as in a "
          "turn (or \"command: NAME\" in place of \"moves:\"):\n"
          "  view          your view of the game again\n"
          "  moves         your legal moves, ready to paste into a turn\n"
          "  log           the game's history as you may see it\n"
          "  games         your games at this address (no token needed)\n"
          "  help          this letter\n"
          "  rules         the rules of your game in short (\"rules nv-caravan\" for a game's\n"
          "                rules by its name; no token needed)\n"
          "  standings     a tournament's standings (\"standings ID\"; no token needed)\n"
          "  resign, offer-draw, accept-draw, decline-draw, request-undo, accept-undo,\n"
          "  decline-undo, absent until 2026-12-24T00:00:00Z\n"
          "                the game's actions, recorded as turns\n"
          "Observers send view, log, rules or games from their address alone.\n";
  if (!seats.empty()) {
    body << "\nYour games at this address:\n";
    for (const auto& seat : seats)
      body << fmt::format("  game {} ({}) as {}, now at turn {}\n", seat.game, seat.kind,
                          seat.player, seat.next_turn);
  }
  body << kSignature;
  mail.body = body.str();
  return mail;
}

Outgoing game_mail(const store::GameRow& game, const Reader& reader, const Incoming* answering) {
  Outgoing mail;
  mail.to = reader.to;
  mail.subject = game_subject(game.id, game.kind, player_names(game));
  mail.game = game.id;
  mail.shown_turn = game.next_turn;
  thread(mail, reader.root, answering);
  return mail;
}

namespace {

// The view's picture as an inline PNG, first, shown by the HTML part in place (cid:). Its
// width in the page is the picture's layout width, whatever its pixels (a sharper PNG has more).
// A picture librsvg cannot render leaves the mail without it: the text board says the same. An
// observer's picture marks the last turn as their own view tells it, never as the referee saw it.
struct Shown {
  std::string cid;  // empty: no picture
  double width = 0;
};

Shown add_picture(Outgoing& mail, referee::GamesInHand& games, const json& view,
                  const Reader& reader, const std::string& stem) {
  try {
    const json latest =
        reader.player ? games.latest_turn(view.at("game").get<std::string>(), reader.player->name,
                                          view.at("turn").get<std::int64_t>())
                      : json();
    const core::Engine::Picture drawn = referee::picture(view, latest);  // drawn once
    Attachment picture{stem + ".png", "image/png",
                       referee::render_png(core::svg::document(drawn.svg), referee::kPngScale)};
    picture.shown_inline = true;
    picture.content_id = stem + ".png@caravan-ref";
    Shown shown{picture.content_id, drawn.width};
    mail.attachments.insert(mail.attachments.begin(), std::move(picture));
    return shown;
  } catch (const std::runtime_error&) {
    return {};
  }
}

// Links a group at most in a mail; the rest are counted, and the mail says how to ask for them.
constexpr std::size_t kLinksPerGroup = 8;

// The letter for the eye: the picture in place with the position in words as its alt text, the
// reader's moves as links when it is their move, then the whole text (nothing of it is lost to a
// reader whose mail program shows only this part).
std::string letter_html(const std::string& title, const std::string& lead, const Shown& picture,
                        const std::string& moves, const std::string& text,
                        const std::string& board) {
  namespace svg = core::svg;
  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
      "<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n",
      svg::escape(title), referee::kHtmlStyle);
  // What the reader must know first (how the game ended), above the picture.
  if (!lead.empty()) html += fmt::format("<p class=\"lead\">{}</p>\n", svg::escape(lead));
  if (!picture.cid.empty())
    html += fmt::format(
        "<p><img src=\"cid:{}\" width=\"{:.0f}\" style=\"max-width: 100%; height: auto\" "
        "alt=\"{}\"/></p>\n",
        svg::escape(picture.cid), picture.width, svg::escape(board));
  html += moves;
  // The words wrap at the screen's width; so does the text board, in a smaller font on a phone
  // (kHtmlStyle): nothing scrolls sideways.
  const auto at = text.find(board);
  if (board.empty() || at == std::string::npos)
    return html +
           fmt::format("<div class=\"words\">{}</div>\n</body>\n</html>\n", svg::escape(text));
  return html + fmt::format(
                    "<div class=\"words\">{}</div>\n<pre class=\"board\">{}</pre>\n"
                    "<div class=\"words\">{}</div>\n</body>\n"
                    "</html>\n",
                    svg::escape(text.substr(0, at)), svg::escape(board),
                    svg::escape(text.substr(at + board.size())));
}

// How a finished game ended, for the first line of its last letters: "Game over: you win.",
// "Game over: bob wins by resignation.", "Game over: a draw by agreement."
std::string outcome_words(const json& view, const Reader& reader) {
  const json result = view.value("result", json::object());
  const std::string me = reader.player ? reader.player->name : std::string();
  if (!me.empty() && result.value("winner", json()) == me)
    return "Game over: you win" + referee::how_it_ended(result) + ".";
  std::string line = referee::finished_line(result, [](const std::string& name) { return name; });
  const std::string finished = "Finished";
  if (line.rfind(finished, 0) == 0) line.replace(0, finished.size(), "Game over");
  return line + ".";
}

}  // namespace

Outgoing view_letter(store::Database& db, const store::GameRow& game, const Reader& reader,
                     const std::string& news, const Incoming* answering, const std::string& coda) {
  referee::GamesInHand games(db);
  return view_letter(games, game, reader, news, answering, coda);
}

Outgoing view_letter(referee::GamesInHand& games, const store::GameRow& game, const Reader& reader,
                     const std::string& news, const Incoming* answering, const std::string& coda) {
  // The view, its legal moves, its picture's latest turn and the record: one snapshot of the game.
  store::ReadSnapshot snapshot(games.db());
  const json view = reader.player ? games.view(game.id, reader.player->name)
                                  : games.view(game.id, std::nullopt, true);
  const std::int64_t next = view.at("turn").get<std::int64_t>();
  const bool finished = view.at("finished").get<bool>();
  const bool to_move = reader.player && !finished && view.at("to_move").size() == 1 &&
                       view["to_move"][0].get<std::string>() == reader.player->name;

  Outgoing mail = game_mail(game, reader, answering);
  // A tournament's game says which, and its round, in every mail's subject.
  if (const json of = referee::tournament_of_game(games.db(), game.id); !of.is_null())
    mail.subject += fmt::format(" (tournament {}, round {})",
                                of.at("tournament").get<std::string>(), of.at("round").get<int>());
  // The record's next number as read in this snapshot (which may be past `game`), not the view's
  // turn: a reply to an older mail then tells from one to this (compose.hpp, shown_turn).
  const auto stored = games.row(game.id);
  mail.shown_turn = stored ? stored->next_turn : 0;
  std::ostringstream body;
  std::string moves_html;  // the reader's moves as links, when it is their move
  const std::string board = referee::draw_view(view);
  // A finished game's letter opens with how it ended, before the news of the last turn.
  const std::string lead = finished ? outcome_words(view, reader) : std::string();
  body << greeting(reader.to) << (lead.empty() ? "" : lead + "\n\n") << news << "\n\n"
       << board << "\n";
  // The reader's live page under serve, where the game master gave its address: a seat's own
  // (worth the seat, as its token is: only its own mail carries it), or the observers' page.
  const std::string page =
      referee::page_url_for(games.db(), game, reader.player ? &*reader.player : nullptr);
  std::string page_html;
  if (!page.empty()) {
    body << (reader.player ? "Your page on the web, to see the game live and play: "
                           : "The game's page on the web, live: ")
         << page << "\n\n";
    page_html =
        fmt::format("<p class=\"page\"><a href=\"{}\">{}</a></p>\n", core::svg::escape(page),
                    reader.player ? "Open your page on the web" : "Open the game's page");
  }
  if (finished) {
    const std::string record = fmt::format("{}-record.yaml", game.id);
    mail.attachments.push_back(
        {record, "application/yaml",
         output::to_yaml(ledger::export_record(games.db(), *stored, false))});
    body << fmt::format(
        "The game is over: thank you for playing. Its whole record is attached as {}; anyone "
        "can check it with: caravan-ref verify {}\n",
        record, record);
  } else if (to_move) {
    // The deadline in words, from the one clock, and as the documents write it.
    const std::string due = view.contains("deadline") && view["deadline"].is_string()
                                ? referee::deadline_words(view["deadline"].get<std::string>())
                                : std::string();
    const auto moves = games.legal_moves(game.id, reader.player->name, nullptr, kMovesListed);
    if (!moves.moves.empty()) {
      const referee::TurnLinks links = referee::turn_links(games, game.id, reader.player->name,
                                                           next, reader.referee, mail.subject);
      if (!links.to.empty())
        moves_html =
            fmt::format("<h2>Your move, turn {}: tap one to play it</h2>\n", next) +
            (due.empty() ? std::string()
                         : fmt::format("<p class=\"clock\">Due {}</p>\n", core::svg::escape(due))) +
            referee::move_links_html(referee::group_moves(moves.moves, game.kind), links,
                                     kLinksPerGroup, std::max(moves.total, moves.moves.size()));
    }
    const std::string example =
        moves.moves.empty() ? "..." : referee::move_line(moves.moves[0], game.kind);
    body << fmt::format(
                "It is your move, turn {}{}. Reply to this mail with your turn, for "
                "example:\n\n",
                next, due.empty() ? std::string() : ", due " + due)
         << turn_template(game.id, reader.player->name, next, !reader.player->public_key.empty(),
                          example)
         << "\n";
    if (!moves.moves.empty()) {
      const auto groups = referee::group_moves(moves.moves, game.kind);
      const bool cut = moves.total > moves.moves.size() || !moves.total_exact;
      const std::string count =
          fmt::format("{}{}", moves.total_exact ? "" : "at least ", moves.total);
      if (moves.moves.size() <= kMovesInText) {
        body << fmt::format("Your legal moves ({}), by what they move:\n", count)
             << grouped_moves(groups, false);
      } else {
        const std::string file = fmt::format("{}-turn{}-moves.yaml", game.id, next);
        mail.attachments.push_back(
            {file, "application/yaml",
             fmt::format("# Your legal moves in game {}, turn {} ({}), by what they move: "
                         "each line a move to paste under 'moves:'\n",
                         game.id, next, count) +
                 grouped_moves(groups, true)});
        body << fmt::format(
            "Your legal moves ({}) are attached as {}, grouped by what they move.\n", count, file);
      }
      if (cut) body << fmt::format("(Only the first {} are listed.)\n", moves.moves.size());
    }
  } else if (!view.at("to_move").empty()) {
    // A player as people read one: "di [South]" (caravan-ref(1), Seats).
    const std::string next_name = view["to_move"][0].get<std::string>();
    std::string role;
    for (const auto& seat : view.value("players", json::array()))
      if (seat.value("name", std::string()) == next_name) role = seat.value("role", std::string());
    body << fmt::format(
        "Next to move: {}{}{}. You will hear from me again.\n", next_name,
        role.empty() ? std::string() : " [" + role + "]",
        view.contains("deadline") && view["deadline"].is_string()
            ? ", due " + referee::deadline_words(view["deadline"].get<std::string>())
            : std::string());
  }
  if (!reader.player)
    body << "\nYou follow this game as an observer: you see what every player sees, never a "
            "hidden card. Mail me \"view\", \"log\" or \"games\" as the Subject at any time.\n";
  const std::string name =
      fmt::format("{}-turn{}-{}.yaml", game.id, next,
                  reader.player ? file_safe(reader.player->name) : std::string("observer"));
  mail.attachments.insert(mail.attachments.begin(),
                          {name, "application/yaml", output::to_yaml(view)});
  const Shown picture = add_picture(mail, games, view, reader, name.substr(0, name.size() - 5));
  body << fmt::format("\nThe attached {} is this view as YAML.\n", name);
  if (!coda.empty()) body << "\n" << coda << "\n";  // receipts and their keys come last
  body << kSignature;
  mail.body = body.str();
  mail.html = letter_html(mail.subject, lead, picture, page_html + moves_html, mail.body, board);
  return mail;
}

}  // namespace mail
