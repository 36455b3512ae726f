#include "mail/replies.hpp"

#include <sstream>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "mail/commands.hpp"
#include "mail/letters.hpp"
#include "mail/thread.hpp"
#include "output/writer.hpp"
#include "store/game_store.hpp"
#include "turnfile/redact.hpp"
#include "turnfile/turnfile.hpp"

namespace mail {

namespace {

using nlohmann::json;

// The mover's letter: their turn accepted, the signed receipt attached and how to check it.
Outgoing mover_letter(referee::GamesInHand& games, const MessageRow& row,
                      const store::GameRow& game, const Reader& reader, const Incoming& in,
                      const std::string& what, const std::string& bots) {
  const std::int64_t played = row.answer.value("turn", row.turn.value_or(0));
  std::string news =
      fmt::format("Your {} in game {} was accepted as turn {}.", what, game.id, played) + bots;
  const json receipt = row.answer.value("receipt", json());
  std::string name;
  if (!receipt.is_null()) {
    name = fmt::format("receipt-{}.yaml", played);
    news += fmt::format(
        "\nYour signed receipt for it is attached as {}: it proves that the referee accepted "
        "this turn at this point of the game's chain. To check it, with the referee's key\n"
        "  {}\nrun:\n  caravan-ref verify --receipt {} --pubkey KEY",
        name, receipt.value("referee_key", std::string("(caravan-ref pubkey)")), name);
  }
  Outgoing mail = view_letter(games, game, reader, news, &in);
  if (!name.empty())
    mail.attachments.push_back({name, "application/yaml", output::to_yaml(receipt)});
  return mail;
}

// What the referee's bots did after the turn, in the same run (referee::play_seated_bots): the
// letters' views are made after their turns, so one mail tells both.
std::string bots_news(const json& answer) {
  std::string news;
  for (const auto& bot : answer.value("bots", json::array())) {
    const std::string player = bot.value("player", "The bot");
    const std::string level = bot.value("level", "");
    if (bot.value("accepted", false))
      news += fmt::format("\n{} (the referee's bot, {}) answered with turn {}.", player, level,
                          bot.value("turn", std::int64_t{0}));
    else
      news += fmt::format(
          "\n{} (the referee's bot, {}) could not make its move; the game waits for it, and the "
          "referee tries again at its next round.",
          player, level);
  }
  return news;
}

std::vector<Outgoing> accepted_mails(referee::GamesInHand& games, const MessageRow& row,
                                     const Incoming& in, const Mailbox& from,
                                     const turnfile::Read* turn) {
  std::vector<Outgoing> mails;
  const auto game = games.row(row.game_id.value_or(""));
  if (!game) return mails;
  json action;
  if (turn) {
    if (turn->request) action = turn->request->action;
  } else {
    try {
      action = turnfile::parse(row.turn_text.value_or(""), "turn").action;
    } catch (const core::UserError&) {
    }
  }
  const std::string mover = row.player.value_or("A player");
  const std::string what = action.is_null() ? "turn" : action.value("action", "action");
  const std::int64_t played = row.answer.value("turn", row.turn.value_or(0));
  const std::string bots = bots_news(row.answer);
  const std::string news = (action.is_null() ? fmt::format("{} played turn {}.", mover, played)
                                             : action_news(mover, action)) +
                           bots;
  bool mover_mailed = false;
  for (const auto& reader : readers(games.db(), *game, from.address)) {
    if (reader.player && reader.player->name == mover) {
      mails.push_back(mover_letter(games, row, *game, reader, in, what, bots));
      mover_mailed = true;
    } else {
      mails.push_back(view_letter(games, *game, reader, news));
    }
  }
  if (!mover_mailed && in.from)  // no address on record: the sender proved the token
    for (const auto& player : game->players)
      if (player.name == mover)
        mails.push_back(mover_letter(games, row, *game,
                                     player_reader(*game, player, *in.from, from.address), in, what,
                                     bots));
  return mails;
}

// The turn as read, with line numbers and a caret under the error; every token is cut short (in
// any style, one-line JSON too), as a mail may be forwarded or read over a shoulder.
std::string numbered(const std::string& text, int mark_line, int mark_column) {
  std::ostringstream out;
  std::istringstream lines(turnfile::with_token_cut_short(text));
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    out << fmt::format("  {:>3} | {}\n", number, line);
    if (number == mark_line && mark_column > 0)
      out << "      | " << std::string(static_cast<std::size_t>(mark_column - 1), ' ') << "^\n";
  }
  return out.str();
}

// In the sender's thread of the game when they are its player at this address (or the player
// has none); otherwise a plain reply.
Outgoing reply_in_thread(referee::GamesInHand& games, const MessageRow& row, const Incoming& in,
                         const Mailbox& from, const std::string& fallback_subject) {
  if (const auto game = games.row(row.game_id.value_or("")))
    for (const auto& player : game->players)
      if (row.player && player.name == *row.player &&
          (player.address.empty() || same_address(player.address, in.from->address)))
        return game_mail(*game, player_reader(*game, player, *in.from, from.address), &in);
  return direct_reply(in, fallback_subject);
}

Outgoing rejection_mail(referee::GamesInHand& games, const MessageRow& row, const Incoming& in,
                        const Mailbox& from) {
  const json error = row.answer.value("error", json::object());
  Outgoing mail = reply_in_thread(games, row, in, from, "[caravan-ref] Your turn was rejected");
  std::ostringstream body;
  body << greeting(*in.from)
       << fmt::format("Your turn {} was not accepted, and nothing in the game changed:\n\n  ",
                      row.turn.value_or(0))
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
      direct_reply(in, fmt::format("[caravan-ref] Game {}: turn refused", *row.game_id));
  mail.body = greeting(*in.from) +
              "Your turn was refused, and nothing in the game changed: " + row.reason.value_or("") +
              ".\n\nA turn must come from its player's own address. If your address has "
              "changed, please ask the game master to record the new one.\n" +
              kSignature;
  return mail;
}

}  // namespace

std::string action_news(const std::string& player, const json& action) {
  const std::string name = action.value("action", "");
  if (name == "resign") return player + " resigned.";
  if (name == "offer-draw")
    return player +
           " offers a draw. To accept it, send the command accept-draw; to decline it, "
           "decline-draw (\"help\" says how).";
  if (name == "accept-draw") return player + " accepts the draw offer.";
  if (name == "decline-draw") return player + " declines the draw offer: it no longer stands.";
  if (name == "request-undo")
    return player +
           " asks to take back their last turn. To agree, send the command "
           "accept-undo; to refuse, decline-undo.";
  if (name == "accept-undo") return player + " agrees to take back the last turn.";
  if (name == "decline-undo") return player + " declines to take back the last turn.";
  if (name == "absent")
    return fmt::format("{} will be away until {}.", player, action.value("until", "later"));
  return fmt::format("{}: {}.", player, name);
}

std::vector<Outgoing> answers(referee::GamesInHand& games, const MessageRow& row,
                              const Incoming& in, const Mailbox& from, const turnfile::Read* turn) {
  if (!in.from || in.automatic) return {};
  if (row.answer.is_object() && row.answer.contains("command"))
    return {query_answer(games, row, in, from)};
  if (row.verdict == "accepted") return accepted_mails(games, row, in, from, turn);
  if (row.verdict == "rejected") return {rejection_mail(games, row, in, from)};
  if (row.verdict == "refused") return {refusal_mail(row, in)};
  if (row.verdict == "no-turn") return {help_letter(games.db(), in, false)};
  return {};
}

Outgoing duplicate_notice(const MessageRow& row, const Incoming& in) {
  Outgoing mail = direct_reply(in, "[caravan-ref] Message received before");
  mail.body = greeting(*in.from) +
              fmt::format(
                  "Your message <{}> reached me again. I first received it at {} and "
                  "answered it then ({}). Nothing was applied a second time.\n",
                  row.message_id, row.received_at, row.verdict) +
              kSignature;
  return mail;
}

}  // namespace mail
