#include "mail/replies.hpp"

#include <sstream>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "output/writer.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "turnfile/turnfile.hpp"

namespace mail {

namespace {

using nlohmann::json;

constexpr std::size_t kMovesShown = 20;
constexpr std::size_t kReferencesKept = 10;
const char* const kSignature = "-- \ncaravan-ref, the referee\n";

std::string one_line(const json& move) {
  return move.is_string() ? move.get<std::string>() : move.dump();
}

std::string greeting(const Mailbox& to) {
  return to.name.empty() ? "Hello,\n\n" : "Hello " + to.name + ",\n\n";
}

// Threads a reply under the player's message (unless the message had no Message-ID).
Outgoing reply_to(const Incoming& in, const Mailbox& to, const std::string& subject) {
  Outgoing mail;
  mail.to = to;
  mail.subject = subject;
  if (!in.message_id_made_up) {
    mail.in_reply_to = in.message_id;
    const std::size_t skip =
        in.references.size() >= kReferencesKept ? in.references.size() - kReferencesKept + 1 : 0;
    mail.references.assign(in.references.begin() + static_cast<std::ptrdiff_t>(skip),
                           in.references.end());
    mail.references.push_back(in.message_id);
  }
  return mail;
}

std::string turn_template(const std::string& game, const std::string& player, std::int64_t turn,
                          const std::string& token, const std::string& move) {
  return fmt::format("game: {}\nplayer: {}\nturn: {}\ntoken: {}\nmoves:\n  - {}\n", game, player,
                     turn, token, move);
}

std::string file_safe(std::string name) {
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
  return name;
}

// One player's mail after an accepted turn: their view drawn and attached, and, when it is
// their move, a turn to fill in.
Outgoing view_mail(store::Database& db, const MessageRow& row, const store::PlayerRow& player,
                   const Mailbox& to, const Incoming* thread, const std::string& mover_token) {
  const std::string& game = *row.game_id;
  const json view = referee::view(db, game, player.name);
  const std::int64_t played = row.answer.value("turn", row.turn.value_or(0));
  const std::int64_t next = view.at("turn").get<std::int64_t>();
  const bool finished = view.at("finished").get<bool>();
  const bool to_move = !finished && view.at("to_move").size() == 1 &&
                       view["to_move"][0].get<std::string>() == player.name;
  const bool mover = row.player && *row.player == player.name;

  std::string subject;
  if (finished)
    subject = fmt::format("[caravan-ref] Game {} is over", game);
  else if (mover)
    subject = fmt::format("[caravan-ref] Game {}, turn {} accepted", game, played);
  else
    subject = fmt::format("[caravan-ref] Game {}, turn {}: {}", game, next,
                          to_move ? "your move" : "your view");
  Outgoing mail =
      thread ? reply_to(*thread, to, subject) : Outgoing{to, subject, "", {}, {}, "", ""};

  std::ostringstream body;
  body << greeting(to);
  if (mover)
    body << fmt::format("Your turn {} in game {} was accepted.\n\n", played, game);
  else
    body << fmt::format("{} played turn {} in game {}.\n\n", row.player.value_or("A player"),
                        played, game);
  body << referee::draw_view(view) << "\n";
  if (finished) {
    body << "The game is over: thank you for playing.\n";
  } else if (to_move) {
    const auto moves = referee::legal_moves(db, game, player.name, nullptr, kMovesShown);
    const std::string example = moves.moves.empty() ? "..." : one_line(moves.moves[0]);
    body << fmt::format(
                "It is your move, turn {}. Reply to this mail with your turn, for "
                "example:\n\n",
                next)
         << turn_template(game, player.name, next, mover ? mover_token : "YOUR-TOKEN", example)
         << "\n";
    if (!moves.moves.empty()) {
      body << fmt::format("Your legal moves ({}{}):", moves.total_exact ? "" : "at least ",
                          moves.total);
      for (const auto& move : moves.moves) body << " " << one_line(move);
      if (moves.total > moves.moves.size() || !moves.total_exact) body << " ...";
      body << "\n";
    }
  } else if (!view.at("to_move").empty()) {
    body << fmt::format("Next to move: {}. You will hear from me again.\n",
                        view["to_move"][0].get<std::string>());
  }
  mail.attachment_name = fmt::format("{}-turn{}-{}.yaml", game, next, file_safe(player.name));
  mail.attachment_yaml = output::to_yaml(view);
  body << fmt::format("\nThe attached {} is this view as YAML.\n", mail.attachment_name)
       << kSignature;
  mail.body = body.str();
  return mail;
}

std::vector<Outgoing> accepted_mails(store::Database& db, const MessageRow& row,
                                     const Incoming& in) {
  std::vector<Outgoing> mails;
  const auto game = store::GameStore(db).find_game(row.game_id.value_or(""));
  if (!game) return mails;
  std::string token = "YOUR-TOKEN";
  try {
    token = turnfile::parse(row.turn_text.value_or(""), "turn").token;
  } catch (const core::UserError&) {
  }
  for (const auto& player : game->players) {
    const bool mover = row.player && *row.player == player.name;
    if (!player.address.empty())
      mails.push_back(
          view_mail(db, row, player, {player.name, player.address}, mover ? &in : nullptr, token));
    else if (mover && in.from)  // no address on record: the sender proved the token
      mails.push_back(view_mail(db, row, player, *in.from, &in, token));
  }
  return mails;
}

// The turn as read, with line numbers and a caret under the error; the token is cut short, as
// a mail may be forwarded or read over a shoulder.
std::string numbered(const std::string& text, int mark_line, int mark_column) {
  std::ostringstream out;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    const auto key = line.find_first_not_of(' ');
    if (key != std::string::npos && line.compare(key, 6, "token:") == 0) {
      const auto value = line.find_first_not_of(' ', key + 6);
      if (value != std::string::npos && line.size() - value > 4)
        line = line.substr(0, value + 4) + "...";
    }
    out << fmt::format("  {:>3} | {}\n", number, line);
    if (number == mark_line && mark_column > 0)
      out << "      | " << std::string(static_cast<std::size_t>(mark_column - 1), ' ') << "^\n";
  }
  return out.str();
}

Outgoing rejection_mail(const MessageRow& row, const Incoming& in) {
  const json error = row.answer.value("error", json::object());
  const std::string subject = row.game_id ? fmt::format("[caravan-ref] Game {}, turn {} rejected",
                                                        *row.game_id, row.turn.value_or(0))
                                          : std::string("[caravan-ref] Your turn was rejected");
  Outgoing mail = reply_to(in, *in.from, subject);
  std::ostringstream body;
  body << greeting(*in.from) << "Your turn was not accepted, and nothing in the game changed:\n\n  "
       << error.value("message", row.reason.value_or("rejected")) << "\n\n";
  const int line = error.value("line", 0);
  const int column = error.value("column", 0);
  const std::string origin = in.turn ? in.turn->origin : "your message";
  if (line > 0) {
    body << fmt::format("That is line {}, column {}", line, column);
    if (error.contains("move")) body << fmt::format(", move {}", error["move"].get<int>());
    body << fmt::format(" of the turn as I read it from {}:\n\n", origin);
  } else {
    body << fmt::format("The turn as I read it from {}:\n\n", origin);
  }
  body << numbered(row.turn_text.value_or(""), line, column) << "\n";
  if (error.contains("expected_turn"))
    body << fmt::format("The game is at turn {} now.\n",
                        error["expected_turn"].get<std::int64_t>());
  body << "Please correct it and send it again.\n" << kSignature;
  mail.body = body.str();
  return mail;
}

Outgoing refusal_mail(const MessageRow& row, const Incoming& in) {
  Outgoing mail =
      reply_to(in, *in.from, fmt::format("[caravan-ref] Game {}: turn refused", *row.game_id));
  mail.body = greeting(*in.from) +
              "Your turn was refused, and nothing in the game changed: " + row.reason.value_or("") +
              ".\n\nA turn must come from its player's own address. If your address has "
              "changed, please ask the game master to record the new one.\n" +
              kSignature;
  return mail;
}

Outgoing help_mail(store::Database& db, const Incoming& in) {
  MailStore mails(db);
  const auto seats = mails.seats_of(in.from->address);
  Outgoing mail = reply_to(in, *in.from, "[caravan-ref] How to send a turn");
  std::ostringstream body;
  body << greeting(*in.from) << "I am caravan-ref, the referee of play-by-mail games, and I found "
       << "no turn in your message";
  if (!in.subject.empty()) body << " \"" << in.subject << "\"";
  body << ".\n\nA turn is a few lines of YAML in the text of your mail, or in an attached .yaml "
          "file, like this:\n\n";
  if (!seats.empty())
    body << turn_template(seats[0].game, seats[0].player, seats[0].next_turn, "YOUR-TOKEN", "...");
  else
    body << turn_template("3f9a01bc", "ann", 5, "YOUR-TOKEN", "f1");
  body << "\n"
          "  game    the game's id, as in your last view\n"
          "  player  your name in that game\n"
          "  turn    the turn number your last view gives\n"
          "  token   the secret token you were given when the game started\n"
          "  moves   your move or moves, written as the game's rules page shows\n\n"
          "Start each key at the beginning of a line. Text before and after the turn is fine, "
          "and so are quoted lines (starting with \">\") and a signature after \"-- \".\n";
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

}  // namespace

std::vector<Outgoing> answers(store::Database& db, const MessageRow& row, const Incoming& in) {
  if (!in.from || in.automatic) return {};
  if (row.verdict == "accepted") return accepted_mails(db, row, in);
  if (row.verdict == "rejected") return {rejection_mail(row, in)};
  if (row.verdict == "refused") return {refusal_mail(row, in)};
  if (row.verdict == "no-turn") return {help_mail(db, in)};
  return {};
}

Outgoing duplicate_notice(const MessageRow& row, const Incoming& in) {
  Outgoing mail = reply_to(in, *in.from, "[caravan-ref] Message received before");
  mail.body = greeting(*in.from) +
              fmt::format(
                  "Your message <{}> reached me again. I first received it at {} and "
                  "answered it then ({}). Nothing was applied a second time.\n",
                  row.message_id, row.received_at, row.verdict) +
              kSignature;
  return mail;
}

}  // namespace mail
