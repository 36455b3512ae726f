#include "mail/mailer.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "mail/commands.hpp"
#include "mail/mail_store.hpp"
#include "mail/outbox.hpp"
#include "mail/replies.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "turnfile/redact.hpp"
#include "turnfile/turnfile.hpp"

namespace mail {

namespace {

using nlohmann::json;

// A message recorded this recently but not yet judged is being judged by another run now (the
// MTA delivered it twice at once): that run answers it, this one asks to be tried later.
constexpr auto kJudgingTime = std::chrono::minutes(5);

std::string utc_ago(std::chrono::minutes ago) {
  return fmt::format(
      "{:%Y-%m-%dT%H:%M:%SZ}",
      fmt::gmtime(std::chrono::system_clock::to_time_t(std::chrono::system_clock::now() - ago)));
}

// A turn (or an action made into a turn file) from the message, as read once (`read`; one that
// cannot be read goes to submit, which records and explains it): refused when it comes from
// another address than its player's, otherwise submitted at most once.
void judge_turn(referee::GamesInHand& games, MailStore& mails, MessageRow& row, const Incoming& in,
                const std::string& text, const turnfile::Read& read) {
  row.turn_text = text;
  if (const auto& request = read.request) {
    row.kept_turn_text = turnfile::without_token(text, *request);
    row.game_id = request->game;
    row.player = request->player;
    row.turn = request->turn;
    if (const auto game = games.row(request->game))
      for (const auto& player : game->players)
        if (player.name == request->player && !player.address.empty() &&
            !same_address(player.address, in.from->address)) {
          row.verdict = "refused";
          row.reason = fmt::format(
              "this turn is for {} in game {}, but it came from {}, which is not the address "
              "registered for {}",
              player.name, game->id, in.from->address, player.name);
          return;
        }
  }
  // A message recorded by an earlier run that stopped before writing its verdict: if its turn
  // reached the referee then, take that outcome instead of submitting it again.
  std::optional<SubmissionOutcome> earlier;
  if (row.times_seen > 1) earlier = mails.submission_of(text, row.received_at);
  if (earlier) {
    row.submission_id = earlier->id;
    row.verdict = earlier->accepted ? "accepted" : "rejected";
    row.answer = {{"accepted", earlier->accepted}};
    if (earlier->accepted) {
      row.answer["game"] = row.game_id.value_or("");
      row.answer["turn"] = row.turn.value_or(0);
    } else {
      row.answer["error"] = {{"message", earlier->error}};
      row.reason = earlier->error;
    }
    return;
  }
  // The game stays in hand as the turn left it, for the answers (replies.hpp).
  const referee::TurnOutcome outcome = referee::submit(games, text, read, {.views = false});
  row.answer = outcome.answer;
  row.verdict = outcome.exit_code == 0 ? "accepted" : "rejected";
  if (outcome.exit_code != 0) row.reason = outcome.answer["error"]["message"].get<std::string>();
  if (auto submitted = mails.submission_of(text, row.received_at))
    row.submission_id = submitted->id;
}

// An action command becomes the turn file a player would write; the game's next turn is filled
// in when the command names none. Returns that file as read, when one was made.
std::optional<turnfile::Read> judge_action(referee::GamesInHand& games, MailStore& mails,
                                           MessageRow& row, const Incoming& in,
                                           const Command& command) {
  std::int64_t next_turn = 0;
  std::string game_id;
  if (command.doc.contains("game"))
    game_id = command.doc["game"].is_string() ? command.doc["game"].get<std::string>()
                                              : command.doc["game"].dump();
  // The turn the sender's thread last saw, not the game's turn now: the same action sent twice
  // (a new Message-ID, the same thread) is then stale the second time, and applied once.
  if (const auto game = games.row(game_id)) {
    std::vector<std::string> thread = in.references;
    if (in.in_reply_to) thread.push_back(*in.in_reply_to);
    next_turn = turn_seen(games.db(), game->id, in.from->address, thread).value_or(game->next_turn);
  }
  // A command that names the game but not the player is the sender's own seat's.
  Command filled = command;
  if (const auto game = games.row(game_id); game && !filled.doc.contains("player"))
    for (const auto& player : game->players)
      if (!player.address.empty() && same_address(player.address, in.from->address))
        filled.doc["player"] = player.name;
  std::optional<turnfile::Read> read;
  try {
    const std::string text = action_turn_text(filled, next_turn);
    read = turnfile::read(text, "turn");
    judge_turn(games, mails, row, in, text, *read);
  } catch (const core::UserError& error) {
    row.verdict = "rejected";
    row.reason = error.what();
    row.answer = {{"accepted", false}, {"error", {{"message", error.what()}}}};
    if (error.detail().contains("how")) row.answer["error"]["how"] = error.detail()["how"];
  }
  return read;
}

// Judges a recorded message and writes the verdict; a turn goes to the referee at most once.
// Returns the turn file as read (the message's turn, or the one an action made), when there was
// one: it is read once, here, for the judging and the answers.
std::optional<turnfile::Read> decide(referee::GamesInHand& games, MailStore& mails, MessageRow& row,
                                     const Incoming& in) {
  std::optional<turnfile::Read> read;
  // A turn file is no command: when the message's turn reads as one, it is not looked at again
  // for a command (find_command gives none for a turn).
  if (!in.automatic && in.from && in.turn) read = turnfile::read(in.turn->text, "turn");
  std::optional<Command> command;
  if (!in.automatic && in.from && !(read && read->request)) command = find_command(in);
  if (in.automatic) {
    row.verdict = "ignored";
    row.reason = "automatic mail (an auto-reply, a bounce or a list): never answered";
  } else if (!in.from) {
    row.verdict = "unreadable";
    row.reason = "no sender address to answer";
  } else if (command && is_action(command->name)) {
    read = judge_action(games, mails, row, in, *command);
  } else if (command) {
    judge_query(games, row, in, *command);
  } else if (!in.turn) {
    row.verdict = "no-turn";
    row.reason = "no turn found in the message";
  } else {
    judge_turn(games, mails, row, in, in.turn->text, *read);
  }
  mails.decide(row);
  return read;
}

}  // namespace

Handled handle_message(store::Database& db, const std::string& raw, const Config& config,
                       Delivery& delivery) {
  Handled handled;
  json& summary = handled.summary;
  const Incoming in = read_message(raw);
  summary["message_id"] = in.message_id;
  summary["sender"] = in.from ? json(in.from->address) : json(nullptr);
  summary["size"] = in.size;

  MailStore mails(db);
  // Every game this message concerns is loaded once: the turn is played on it and every answer
  // is made from it as the turn left it.
  referee::GamesInHand games(db);
  MessageRow row;
  bool seen_before = false;
  bool being_judged = false;
  bool other_sender = false;
  try {
    store::Transaction tx(db);
    if (auto existing = mails.find(in.message_id)) {
      row = *existing;
      mails.count_again(row.id);
      ++row.times_seen;
      seen_before = true;
      being_judged = row.verdict == "received" && row.received_at > utc_ago(kJudgingTime);
      other_sender = !in.from || !row.sender || !same_address(*row.sender, in.from->address);
    } else {
      row.message_id = in.message_id;
      if (in.from) row.sender = in.from->address;
      row.received_at = store::now_utc();
      row.size = static_cast<std::int64_t>(in.size);
      row.subject = in.subject;
      row.id = mails.insert(row);
    }
    tx.commit();
  } catch (const std::exception& e) {
    summary["verdict"] = "not-recorded";
    summary["error"] = e.what();
    handled.exit_code = static_cast<int>(core::Exit::kTempFail);
    return handled;
  }
  if (being_judged) {
    summary["verdict"] = "being-judged";
    summary["reason"] = "another delivery of this message is being judged now; try again later";
    handled.exit_code = static_cast<int>(core::Exit::kTempFail);
    return handled;
  }

  try {
    std::vector<Outgoing> replies;
    if (other_sender) {
      // Whatever the first message was answered with may be private to its sender: a message
      // that only reuses its Message-ID is answered with nothing.
      summary["verdict"] = "refused";
      summary["reason"] =
          fmt::format("Message-ID <{}> was first received from another sender: nothing is answered",
                      in.message_id);
    } else {
      if (seen_before && row.verdict != "received") {
        summary["seen_before"] = true;
        if (!row.answered_at)
          replies = answers(games, row, in, config.from);  // an earlier run stopped before
        else if (!answer_owed(db, row.id) && in.from && !in.automatic)
          replies.push_back(duplicate_notice(row, in));
        // (An answer still owed is sent below: the MTA's retry after a failed delivery.)
      } else {
        const std::optional<turnfile::Read> turn = decide(games, mails, row, in);
        replies = answers(games, row, in, config.from, turn ? &*turn : nullptr);
      }
      summary["verdict"] = row.verdict;
      if (row.reason) summary["reason"] = *row.reason;
      if (row.game_id) summary["game"] = *row.game_id;
      if (row.turn) summary["turn"] = *row.turn;
      // The turns the referee's bots answered with, in the same run (referee::play_seated_bots).
      if (row.answer.is_object() && row.answer.contains("bots"))
        summary["bots"] = row.answer["bots"];
      store::Transaction tx(db);
      const json refused = keep_mails(db, replies, config.from, row.id);
      if (!row.answered_at) mails.mark_answered(row.id);
      tx.commit();
      if (!refused.empty()) summary["mail_refused"] = refused;
    }
    summary["replies"] = send_owed(db, delivery);
  } catch (const std::exception& e) {
    // Recorded, but not judged, or its answers not all sent: the MTA tries again, and the retry
    // finishes the job without applying the turn twice (the answers kept are sent then).
    summary["error"] = e.what();
    handled.exit_code = static_cast<int>(core::Exit::kTempFail);
  }
  return handled;
}

}  // namespace mail
