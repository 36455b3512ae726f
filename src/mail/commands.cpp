#include "mail/commands.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <sstream>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/errors.hpp"
#include "core/svg.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "mail/letters.hpp"
#include "mail/thread.hpp"
#include "output/writer.hpp"
#include "referee/html.hpp"
#include "referee/move_lines.hpp"
#include "referee/page_link.hpp"
#include "referee/position.hpp"
#include "referee/prose.hpp"
#include "referee/referee.hpp"
#include "referee/rules.hpp"
#include "referee/tournament_host.hpp"
#include "store/tournament_store.hpp"
#include "turnfile/turnfile.hpp"

namespace mail {

namespace {

using nlohmann::json;

// In alphabetical order, the order in which an unknown command's reply lists them. Constant data,
// not sets: nothing is built at the start of every command.
constexpr std::array<std::string_view, 7> kQueries = {"games", "help",      "log", "moves",
                                                      "rules", "standings", "view"};
constexpr std::array<std::string_view, 8> kActions = {"absent",       "accept-draw",  "accept-undo",
                                                      "decline-draw", "decline-undo", "offer-draw",
                                                      "request-undo", "resign"};
static_assert(std::is_sorted(kQueries.begin(), kQueries.end()));
static_assert(std::is_sorted(kActions.begin(), kActions.end()));

template <std::size_t N>
bool among(const std::array<std::string_view, N>& names, std::string_view name) {
  return std::binary_search(names.begin(), names.end(), name);
}
constexpr std::size_t kMovesListed = 200;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// A scalar of the document as text: ids and tokens may read as numbers.
std::string text_of(const json& doc, const char* key) {
  if (!doc.is_object() || !doc.contains(key)) return {};
  const json& value = doc[key];
  return value.is_string() ? value.get<std::string>() : value.is_null() ? "" : value.dump();
}

// "Re: Fwd: view 3f9a01bc" -> {"view", "3f9a01bc"}
std::vector<std::string> subject_words(std::string subject) {
  for (bool stripped = true; stripped;) {
    stripped = false;
    const auto start = subject.find_first_not_of(' ');
    subject = start == std::string::npos ? "" : subject.substr(start);
    for (const char* prefix : {"re:", "fwd:", "fw:", "aw:", "wg:", "sv:"})
      if (lower(subject).rfind(prefix, 0) == 0) {
        subject.erase(0, std::string(prefix).size());
        stripped = true;
      }
  }
  std::vector<std::string> words;
  std::istringstream in(subject);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

template <std::size_t N>
std::string listed(const std::array<std::string_view, N>& names) {
  return fmt::format("{}", fmt::join(names, ", "));
}

[[noreturn]] void reject(const std::string& message) {
  throw core::UserError(core::Exit::kRejected, message);
}

// What a command without a token is told: the lines that make it one, with what the sender gave.
std::string token_lines(const std::string& command, const std::string& game,
                        const std::string& player) {
  return fmt::format(
      "Send \"{}\" again as the Subject, with these lines as the text of the mail, {} replaced "
      "by the token of your invitation (the first mail of the game):\n\n"
      "  game: {}\n  player: {}\n  token: {}\n",
      command, kTokenPlaceholder, game.empty() ? "GAME-ID" : output::yaml_scalar(game),
      player.empty() ? "YOUR-NAME" : output::yaml_scalar(player), kTokenPlaceholder);
}

// "rules" needs no token: the rules are no secret. Its word is a game's kind ("rules
// nv-caravan") or a game's id; without one, the kind of every game the sender plays or
// observes, when that is one kind. Sets row.answer["kind"], or none: the reply lists the games.
void judge_rules(referee::GamesInHand& hand, MessageRow& row, const Incoming& in,
                 const Command& command) {
  store::Database& db = hand.db();
  const std::string word = text_of(command.doc, "game");
  std::set<std::string> kinds;
  if (!word.empty()) {
    if (core::find_engine(lower(word))) {
      kinds.insert(lower(word));
    } else if (const auto game = hand.row(word)) {
      kinds.insert(game->kind);
      row.game_id = game->id;
    } else {
      reject(fmt::format("there is neither a game nor a kind of game '{}'; the kinds are {}", word,
                         fmt::join(referee::games_with_rules(), ", ")));
    }
  } else {
    for (const auto& seat : MailStore(db).seats_of(in.from->address)) kinds.insert(seat.kind);
    for (const auto& id : store::GameStore(db).observed_games(in.from->address))
      if (const auto game = hand.row(id); game && !game->finished) kinds.insert(game->kind);
  }
  if (kinds.size() == 1) row.answer["kind"] = *kinds.begin();
  row.verdict = "command";
}

// "standings" needs no token: a tournament's standings are public. Its word is the tournament's
// id ("standings k3m9x2ab", or 'tournament:' in the text); without one, the tournament the
// sender's address is entered in, when that is one (a running one before a finished one). Sets
// row.answer["tournament"] and, for an entrant, row.answer["entrant"].
void judge_standings(referee::GamesInHand& hand, MessageRow& row, const Incoming& in,
                     const Command& command) {
  store::TournamentStore tournaments(hand.db());
  std::string id = text_of(command.doc, "tournament");
  if (id.empty()) id = text_of(command.doc, "game");
  std::vector<store::TournamentRow> entered;
  for (const auto& one : tournaments.ids())
    if (auto t = tournaments.find(one))
      for (const auto& e : t->entrants)
        if (!e.address.empty() && same_address(e.address, in.from->address) &&
            (id.empty() || t->id == id))
          entered.push_back(*t);
  if (id.empty()) {
    std::vector<store::TournamentRow> running;
    for (const auto& t : entered)
      if (!t.finished_at) running.push_back(t);
    const auto& choice = running.empty() ? entered : running;
    if (choice.size() != 1)
      reject(choice.empty()
                 ? fmt::format("say which tournament: \"standings TOURNAMENT\" as the Subject "
                               "({} is entered in none)",
                               in.from->address)
                 : "say which tournament: \"standings TOURNAMENT\" as the Subject (you are "
                   "entered in several)");
    id = choice.front().id;
  } else if (!tournaments.exists(id)) {
    reject(fmt::format("there is no tournament '{}'", id));
  }
  row.answer["tournament"] = id;
  for (const auto& t : entered)
    if (t.id == id)
      for (const auto& e : t.entrants)
        if (!e.address.empty() && same_address(e.address, in.from->address))
          row.answer["entrant"] = e.name;
  row.verdict = "command";
}

}  // namespace

bool is_action(const std::string& command) { return among(kActions, command); }

std::optional<Command> find_command(const Incoming& in) {
  json doc = json::object();
  std::string origin;
  if (in.turn) {
    try {
      doc = turnfile::yaml_to_document(in.turn->text, "command");
    } catch (const core::UserError&) {
      doc = json::object();
    }
    if (!doc.is_object()) doc = json::object();
    if (doc.contains("moves") || doc.contains("action")) return std::nullopt;  // a turn
    origin = in.turn->origin;
    if (doc.contains("command")) return Command{lower(text_of(doc, "command")), doc, origin};
  }
  const auto words = subject_words(in.subject);
  if (words.empty()) return std::nullopt;
  const std::string name = lower(words[0]);
  if (!among(kQueries, name) && !among(kActions, name)) return std::nullopt;
  Command command{name, doc, "the Subject"};
  std::size_t next = 1;
  if (name == "absent" && words.size() > 2 && lower(words[1]) == "until") {
    command.doc["until"] = words[2];
    next = 3;
  }
  if (words.size() > next && !command.doc.contains("game")) command.doc["game"] = words[next];
  return command;
}

std::string action_turn_text(const Command& command, std::int64_t next_turn) {
  const json& doc = command.doc;
  if (!doc.contains("token") && !doc.contains("signature"))
    throw core::UserError(
        core::Exit::kRejected,
        fmt::format("\"{}\" carries no token, and an action needs one", command.name),
        {{"how", token_lines(command.name, text_of(doc, "game"), text_of(doc, "player"))}});
  if (doc.contains("signature"))
    reject(
        "a signed action is sent as a signed turn file with 'action:' (caravan-ref sign), "
        "not as a command");
  json turn = json::object();
  for (const char* key : {"game", "player", "token", "chain"})
    if (doc.contains(key)) turn[key] = text_of(doc, key);
  turn["turn"] = doc.contains("turn") ? doc["turn"] : json(next_turn);
  turn["action"] = command.name;
  if (command.name == "absent") {
    if (!doc.contains("until"))
      reject("absent needs the time you are back: \"absent until 2026-12-24T00:00:00Z\"");
    turn["until"] = text_of(doc, "until");
  }
  return output::to_yaml(turn);
}

void judge_query(referee::GamesInHand& hand, MessageRow& row, const Incoming& in,
                 const Command& command) {
  store::Database& db = hand.db();
  row.answer = {{"command", command.name}};
  try {
    if (command.name == "help" || command.name == "games") {
      row.verdict = "command";
      return;
    }
    if (command.name == "rules") {
      judge_rules(hand, row, in, command);
      return;
    }
    if (command.name == "standings") {
      judge_standings(hand, row, in, command);
      return;
    }
    if (!among(kQueries, command.name))
      reject(fmt::format("there is no command '{}'; the commands are {} and the actions {}",
                         command.name, listed(kQueries), listed(kActions)));
    store::GameStore games(db);
    std::string game_id = text_of(command.doc, "game");
    if (game_id.empty()) {  // the one running game of this address, if there is only one
      std::set<std::string> mine;
      for (const auto& seat : MailStore(db).seats_of(in.from->address)) mine.insert(seat.game);
      for (const auto& id : games.observed_games(in.from->address))
        if (auto game = hand.row(id); game && !game->finished) mine.insert(id);
      if (mine.size() != 1)
        reject(fmt::format("say which game: \"{} GAME\" as the Subject, or 'game:' in the text",
                           command.name));
      game_id = *mine.begin();
    }
    const auto game = hand.row(game_id);
    if (!game) reject(fmt::format("there is no game '{}'", game_id));
    row.game_id = game->id;
    row.answer["game"] = game->id;
    std::string player = text_of(command.doc, "player");
    if (player.empty()) {
      if (observer_reader(db, *game, in.from->address, "")) {
        if (command.name == "moves") reject("an observer has no moves to list");
        row.answer["observer"] = true;
        row.verdict = "command";
        return;
      }
      for (const auto& seat : game->players)
        if (!seat.address.empty() && same_address(seat.address, in.from->address))
          player = seat.name;
      if (player.empty())
        reject(fmt::format("you are neither a player nor an observer of game {} at {}", game->id,
                           in.from->address));
    }
    const auto seat = std::find_if(game->players.begin(), game->players.end(),
                                   [&](const auto& p) { return p.name == player; });
    if (seat == game->players.end())
      reject(fmt::format("there is no player '{}' in game {}", player, game->id));
    row.player = player;
    row.answer["player"] = player;
    if (!seat->address.empty() && !same_address(seat->address, in.from->address)) {
      row.verdict = "refused";
      row.reason = fmt::format(
          "this command is for {} in game {}, but it came from {}, which is "
          "not the address registered for {}",
          player, game->id, in.from->address, player);
      return;
    }
    if (seat->public_key.empty() && text_of(command.doc, "token").empty() &&
        text_of(command.doc, "signature").empty())
      throw core::UserError(
          core::Exit::kRejected,
          fmt::format("\"{}\" carries no token, and a player's command needs one", command.name),
          {{"how", token_lines(command.name, game->id, player)}});
    turnfile::TurnRequest request;
    request.game = game->id;
    request.player = player;
    request.token = text_of(command.doc, "token");
    request.signature = text_of(command.doc, "signature");
    request.document = command.doc;
    ledger::authenticate(request, *seat, game->id, ledger::turn_pass_key(db));
    row.verdict = "command";
  } catch (const core::UserError& error) {
    row.verdict = "rejected";
    row.reason = error.what();
    row.answer["error"] = {{"message", error.what()}};
    if (error.detail().contains("how")) row.answer["error"]["how"] = error.detail()["how"];
  }
}

namespace {

Outgoing log_letter(referee::GamesInHand& games, const store::GameRow& game, const Reader& reader,
                    const Incoming& in) {
  const json log = reader.player ? games.history(game.id, reader.player->name)
                                 : games.history(game.id, std::nullopt, true);
  Outgoing mail = game_mail(game, reader, &in);
  std::ostringstream body;
  body << greeting(reader.to)
       << fmt::format("The history of game {} as you may see it:\n\n", game.id);
  // Each turn with what this reader may see of it: the moves when they are public, and the
  // events in words (a card played, a card drawn unseen), as `log --format text` writes them.
  const referee::SeatLabels labels = referee::seat_labels(log.value("players", json::array()));
  for (const auto& turn : log.at("turns")) {
    if (turn.value("setup", false)) {
      body << "  set-up\n";
    } else {
      body << fmt::format("  turn {}", turn.at("turn").get<std::int64_t>());
      if (turn.contains("player")) body << ", " << turn["player"].get<std::string>();
      if (turn.value("forced", false)) body << " (by the referee)";
      if (turn.contains("action")) body << ": " << turn["action"].value("action", "action");
      if (turn.contains("moves")) body << ": " << referee::move_line(turn["moves"], game.kind);
      body << "\n";
    }
    for (const auto& event : turn.value("events", json::array()))
      body << "    " << referee::event_words(event, labels) << "\n";
  }
  const std::string name = fmt::format("{}-log-{}.yaml", game.id,
                                       reader.player ? file_safe(reader.player->name) : "observer");
  mail.attachments.push_back({name, "application/yaml", output::to_yaml(log)});
  body << fmt::format("\nThe attached {} holds every turn with what you may see of it.\n", name)
       << kSignature;
  mail.body = body.str();
  return mail;
}

// Links a group at most in the reply to "moves" (the text lists every move listed).
constexpr std::size_t kMoveLinksPerGroup = 24;

// The sender's legal moves, each a link that plays it, and a turn to paste filled in with what
// they gave: game, player, turn and, for this turn only, their turn pass (ledger::turn_pass), the
// credential their view's links carry. It goes to them alone, in their thread of the game.
Outgoing moves_letter(referee::GamesInHand& games, const store::GameRow& game, const Reader& reader,
                      const Incoming& in) {
  const std::string& player = reader.player->name;
  const auto moves = games.legal_moves(game.id, player, nullptr, kMovesListed);
  store::GameStore stored(games.db());
  const std::int64_t turn = referee::turn_to_write(stored, game.id, reader.player->seat);
  Outgoing mail = game_mail(game, reader, &in);
  std::ostringstream body;
  body << greeting(reader.to);
  std::string links_html;
  if (moves.moves.empty()) {
    const json view = games.view(game.id, player);
    std::vector<std::string> next;
    for (const auto& name : view.value("to_move", json::array()))
      if (name.is_string()) next.push_back(name.get<std::string>());
    body << fmt::format("You have no move in game {} now: ", game.id)
         << (view.value("finished", false) ? std::string("the game is over.")
             : next.empty()
                 ? std::string("it is not your turn.")
                 : fmt::format("{} {} to move. I will mail you when it is your move.",
                               fmt::join(next, " and "), next.size() == 1 ? "is" : "are"))
         << "\n";
  } else {
    const referee::TurnLinks links =
        referee::turn_links(games, game.id, player, turn, reader.referee, mail.subject);
    const auto groups = referee::group_moves(moves.moves, game.kind);
    body << fmt::format(
        "Your legal moves in game {}, turn {} ({}{}), each a line to paste under "
        "'moves:' in your turn:\n\n",
        game.id, turn, moves.total_exact ? "" : "at least ", moves.total);
    for (const auto& group : groups) {
      if (!group.label.empty()) body << "  # " << group.label << "\n";
      for (const auto& move : group.moves) body << "  - " << move << "\n";
    }
    if (moves.total > moves.moves.size() || !moves.total_exact)
      body << "  # ... more: 'caravan-ref moves --prefix' narrows the list\n";
    body << "\nA whole turn with the first of them, ready to send as it is (its token is good "
            "for this turn only):\n\n"
         << referee::turn_file(game.id, player, turn, links.credential,
                               {referee::move_line(moves.moves[0], game.kind)}, links.keep_open);
    if (!links.to.empty())
      links_html = fmt::format("<h2>Your move, turn {}: tap one to play it</h2>\n", turn) +
                   referee::move_links_html(groups, links, kMoveLinksPerGroup,
                                            std::max(moves.total, moves.moves.size()));
  }
  body << kSignature;
  mail.body = body.str();
  if (!links_html.empty())
    mail.html = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        "<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n{}"
        "<div class=\"words\">{}</div>\n</body>\n</html>\n",
        core::svg::escape(mail.subject), referee::kHtmlStyle, links_html,
        core::svg::escape(mail.body));
  return mail;
}

Outgoing games_letter(referee::GamesInHand& hand, const Incoming& in) {
  store::Database& db = hand.db();
  Outgoing mail = direct_reply(in, "[caravan-ref] Your games");
  std::ostringstream body;
  body << greeting(*in.from);
  const auto seats = MailStore(db).seats_of(in.from->address);
  const auto observed = store::GameStore(db).observed_games(in.from->address);
  if (seats.empty() && observed.empty())
    body << fmt::format("No game is played or observed at {}.\n", in.from->address);
  if (!seats.empty()) body << "Your games at this address:\n";
  for (const auto& seat : seats)
    body << fmt::format("  game {} ({}) as {}, now at turn {}\n", seat.game, seat.kind, seat.player,
                        seat.next_turn);
  if (!observed.empty()) body << "Games you observe:\n";
  store::GameStore games(db);
  for (const auto& id : observed)
    if (const auto game = hand.row(id))
      body << fmt::format("  game {} ({}), {}\n", id, game->kind,
                          game->finished
                              ? "finished"
                              : fmt::format("at turn {}", referee::turn_to_write(games, id)));
  body << kSignature;
  mail.body = body.str();
  return mail;
}

Outgoing rules_letter(const MessageRow& row, const Incoming& in) {
  const std::string kind = row.answer.value("kind", "");
  const auto page = referee::rules_page(kind);
  Outgoing mail = direct_reply(
      in, page ? fmt::format("[caravan-ref] The rules of {}", kind) : "[caravan-ref] The rules");
  std::ostringstream body;
  body << greeting(*in.from);
  if (page) {
    body << *page
         << fmt::format(
                "\nThis is the short form. The whole rules, with every ruling the referee makes, "
                "are in the manual page caravan-ref-{}(6) (\"man caravan-ref-{}\" where "
                "caravan-ref is installed).\n",
                kind, kind);
  } else {
    body << "Which game's rules? Mail me \"rules\" with the game's kind or id after it as the "
            "Subject, for example \"rules nv-caravan\". The games are:\n";
    for (const auto& name : referee::games_with_rules()) body << "  " << name << "\n";
  }
  body << kSignature;
  mail.body = body.str();
  return mail;
}

Outgoing standings_letter(referee::GamesInHand& games, const MessageRow& row, const Incoming& in) {
  const std::string id = row.answer.at("tournament").get<std::string>();
  const json doc = referee::tournament_document(games, id);
  Outgoing mail = direct_reply(in, fmt::format("[caravan-ref] tournament {} ({}): the standings",
                                               id, doc.at("kind").get<std::string>()));
  mail.body = greeting(*in.from) +
              referee::standings_words(doc, row.answer.value("entrant", std::string())) +
              kSignature;
  // The same for the eye: the page of `tournament html`, its games linked to their public pages
  // where the base URL is set.
  mail.html = referee::standings_page(doc, referee::mail_base_url().value_or(""));
  return mail;
}

}  // namespace

Outgoing query_answer(referee::GamesInHand& games, const MessageRow& row, const Incoming& in,
                      const Mailbox& from) {
  store::Database& db = games.db();
  const std::string command = row.answer.value("command", "");
  if (row.verdict != "command") {
    Outgoing mail =
        direct_reply(in, fmt::format("[caravan-ref] Command {} not carried out", command));
    const std::string how = row.answer.value("error", json::object()).value("how", "");
    mail.body = greeting(*in.from) +
                fmt::format("I did not carry out your command \"{}\": {}.\n", command,
                            row.reason.value_or("refused")) +
                (row.verdict == "refused" ? "\nA command must come from its player's own address.\n"
                 : how.empty() ? "\nMail me \"help\" as the Subject for how commands are written.\n"
                               : "\n" + how) +
                kSignature;
    return mail;
  }
  if (command == "help") return help_letter(db, in, true);
  if (command == "games") return games_letter(games, in);
  if (command == "rules") return rules_letter(row, in);
  if (command == "standings") return standings_letter(games, row, in);
  const auto game = games.row(row.game_id.value_or(""));
  if (!game) throw std::runtime_error("the game of a judged command is gone");
  std::optional<Reader> reader;
  if (row.answer.value("observer", false)) {
    reader = observer_reader(db, *game, in.from->address, from.address);
  } else {
    for (const auto& player : game->players)
      if (player.name == row.player.value_or(""))
        reader = player_reader(*game, player, *in.from, from.address);
  }
  if (!reader) throw std::runtime_error("the reader of a judged command is gone");
  if (command == "log") return log_letter(games, *game, *reader, in);
  if (command == "moves") return moves_letter(games, *game, *reader, in);
  return view_letter(games, *game, *reader,
                     fmt::format("Your view of game {}, as you asked.", game->id), &in);
}

}  // namespace mail
