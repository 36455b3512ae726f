#include "mail/replies.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/errors.hpp"
#include "mail/commands.hpp"
#include "mail/letters.hpp"
#include "mail/thread.hpp"
#include "output/writer.hpp"
#include "referee/move_lines.hpp"
#include "referee/position.hpp"
#include "referee/superseded.hpp"
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
  std::string name, coda;  // the receipt comes last, after the game (issue 62)
  if (!receipt.is_null()) {
    name = fmt::format("receipt-{}.yaml", played);
    coda = fmt::format(
        "Your signed receipt for turn {} is attached as {}: it proves that the referee accepted "
        "this turn at this point of the game's chain. To check it, with the referee's key\n"
        "  {}\nrun:\n  caravan-ref verify --receipt {} --pubkey KEY",
        played, name, receipt.value("referee_key", std::string("(caravan-ref pubkey)")), name);
  }
  Outgoing mail = view_letter(games, game, reader, news, &in, coda);
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

// "2026-11-21T18:20:00Z" as "18:20 UTC on 2026-11-21"; anything else as it is.
std::string when(const std::string& iso) {
  if (iso.size() < 16 || iso[10] != 'T') return iso;
  return fmt::format("{} UTC on {}", iso.substr(11, 5), iso.substr(0, 10));
}

// Moves as the game says them ("Play J♥ on caravan 2, card 3"), or as written when the game has
// no words for them.
std::string moves_in_words(const json& moves, const std::string& kind) {
  const core::Engine* engine = core::find_engine(kind);
  std::vector<std::string> words;
  for (const auto& move : moves) {
    try {
      words.push_back(engine ? engine->move_phrase(move) : referee::move_line(move, kind));
    } catch (const std::exception&) {
      words.push_back(referee::move_line(move, kind));
    }
  }
  return fmt::format("{}", fmt::join(words, ", then "));
}

// A turn refused for when it came, not for what it says (written for a position the game has
// left, sent twice, sent when another player is to move, or after the end): what happened, from
// the record, and what to do now. When it is the sender's move, the answer is their fresh view
// with its move links. None for any other rejection (the file itself is wrong).
std::optional<Outgoing> late_turn_mail(referee::GamesInHand& games, const MessageRow& row,
                                       const Incoming& in, const Mailbox& from) {
  const json error = row.answer.value("error", json::object());
  if (error.value("kind", "") != "rejected" || error.contains("line") || error.contains("move") ||
      !row.player || !row.turn)
    return std::nullopt;
  const auto game = games.row(row.game_id.value_or(""));
  if (!game) return std::nullopt;
  const auto seat = std::find_if(game->players.begin(), game->players.end(),
                                 [&](const auto& p) { return p.name == *row.player; });
  if (seat == game->players.end() ||
      !(seat->address.empty() || same_address(seat->address, in.from->address)))
    return std::nullopt;
  const std::string message = error.value("message", "");
  const std::int64_t file_turn = *row.turn;
  store::GameStore stored(games.db());
  const std::int64_t position = referee::turn_to_write(stored, game->id);
  const Reader reader = player_reader(*game, *seat, *in.from, from.address);

  std::string what;
  if (game->finished) {
    what = fmt::format("game {} is over, so no turn can be played in it any more.", game->id);
  } else if (file_turn < position) {
    const auto made = referee::superseding_turn(stored, *game, file_turn);
    if (!made) {
      what = fmt::format("the game has moved on since turn {}: it is at turn {} now.", file_turn,
                         position);
    } else if (made->seat == seat->seat && made->by_clock) {
      what = made->clock_action == "default"
                 ? fmt::format(
                       "your time for turn {} ran out, and the clock played for you at {} (the "
                       "default move: {}).",
                       file_turn, when(made->applied_at), moves_in_words(made->moves, game->kind))
                 : fmt::format("your time for turn {} ran out at {}, and you forfeited the game.",
                               file_turn, when(made->applied_at));
    } else if (made->seat == seat->seat) {
      what = made->action.is_object() && made->action.contains("action")
                 ? fmt::format("you already played turn {} ({}, at {}).", file_turn,
                               made->action.value("action", "an action"), when(made->applied_at))
                 : fmt::format("you already played turn {} ({}, at {}).", file_turn,
                               moves_in_words(made->moves, game->kind), when(made->applied_at));
    } else {
      what = fmt::format("{} moved first, at {}: your turn was written for turn {}, before it.",
                         made->player, when(made->applied_at), file_turn);
    }
  } else if (error.contains("expected_turn") && file_turn <= game->next_turn) {
    what = "you sent this already, and it was done then: nothing is done twice.";
  } else if (message.rfind(fmt::format("it is not {}'s turn", *row.player), 0) == 0) {
    what = "it is not your move.";
  } else {
    return std::nullopt;
  }

  const json view = games.view(game->id, seat->name);
  const json& to_move = view.at("to_move");
  const bool mine = !game->finished && to_move.size() == 1 && to_move[0] == seat->name;
  std::string now;
  if (mine) {
    now = fmt::format("It is your move now, turn {}: tap a move below, or reply with your turn.",
                      view.at("turn").get<std::int64_t>());
  } else if (!game->finished && !to_move.empty()) {
    std::vector<std::string> names;
    for (const auto& name : to_move) names.push_back(name.get<std::string>());
    now = fmt::format("{} {} to move", fmt::join(names, " and "), names.size() == 1 ? "is" : "are");
    if (view.contains("deadline") && view["deadline"].is_string())
      now += " until " + when(view["deadline"].get<std::string>());
    now += ". I will mail you when it is your move.";
  } else if (game->finished) {
    now = "Mail me \"view\" as the Subject for the final position and the game's record.";
  }
  const std::string news = fmt::format(
      "Your turn {} in game {} was not played, and nothing in the game changed: {}\n\n{}",
      file_turn, game->id, what, now);
  if (mine) return view_letter(games, *game, reader, news, &in);
  Outgoing mail = game_mail(*game, reader, &in);
  mail.body = greeting(*in.from) + news + "\n" + kSignature;
  return mail;
}

Outgoing rejection_mail(referee::GamesInHand& games, const MessageRow& row, const Incoming& in,
                        const Mailbox& from) {
  if (auto late = late_turn_mail(games, row, in, from)) return *late;
  const json error = row.answer.value("error", json::object());
  if (!row.turn_text || row.turn_text->empty()) {  // an action that made no turn file
    Outgoing mail = reply_in_thread(games, row, in, from, "[caravan-ref] Your action was refused");
    const std::string how = error.value("how", "");
    mail.body =
        greeting(*in.from) +
        fmt::format(
            "I did not carry out your action, and nothing in the game changed: "
            "{}.\n\n",
            error.value("message", row.reason.value_or("rejected"))) +
        (how.empty() ? "Mail me \"help\" as the Subject for how actions are written.\n" : how) +
        kSignature;
    return mail;
  }
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
