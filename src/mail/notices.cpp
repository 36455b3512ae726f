#include "mail/notices.hpp"

#include <sstream>

#include <fmt/format.h>

#include "mail/letters.hpp"
#include "mail/notation.hpp"
#include "mail/thread.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"

namespace mail {

namespace {

using nlohmann::json;

std::string others(const store::GameRow& game, const std::string& me) {
  std::string names;
  for (const auto& player : game.players)
    if (player.name != me) names += (names.empty() ? "" : ", ") + player.name;
  return names.empty() ? "nobody else" : names;
}

std::string clock_text(const json& created) {
  if (!created.contains("clock")) return "The game has no clock: take the time you need.";
  const json& clock = created["clock"];
  std::string text = fmt::format("Each turn is due {} after the one before",
                                 clock.value("deadline", std::string("?")));
  if (clock.contains("remind") && clock["remind"] != "0s")
    text += fmt::format("; I remind you {} before", clock["remind"].get<std::string>());
  text += fmt::format(". A missed deadline: {}.", clock.value("nmr", std::string("wait")));
  return text;
}

std::string how_to_play(const store::GameRow& game) {
  std::ostringstream out;
  out << "How to write a turn: ";
  if (const Notation* notation = notation_of(game.kind)) {
    out << notation->how << ", for example\n\n";
    for (const auto& example : notation->examples) out << "  - " << example << "\n";
    out << "\n";
  }
  out << fmt::format(
      "The rules and every way of writing a move are in the manual page "
      "caravan-ref-{}(6). Send a turn as a reply to any of my mails, as the "
      "YAML lines shown below; mail me \"help\" as the Subject for the commands.",
      game.kind);
  return out.str();
}

Outgoing invitation(store::Database& db, const store::GameRow& game, const Reader& reader,
                    const json& seat, const json& created) {
  std::ostringstream news;
  if (reader.player) {
    news << fmt::format("You are invited to play game {} ({}) as {}, seat {} ({}), with {}.\n\n",
                        game.id, game.kind, reader.player->name, reader.player->seat + 1,
                        seat.value("role", std::string("a player")),
                        others(game, reader.player->name))
         << clock_text(created) << "\n\n";
    if (seat.contains("token"))
      news << fmt::format(
          "Your token is {}\nKeep it secret: it proves that a turn is yours. "
          "This is the only mail that carries it; put it in every turn where "
          "the turns below say {}.\n\n",
          seat["token"].get<std::string>(), kTokenPlaceholder);
    else
      news << "You registered a key: sign every turn with 'caravan-ref sign' (no token).\n\n";
    news << how_to_play(game) << "\n\nYour first view:";
  } else {
    news << fmt::format("You are invited to follow game {} ({}) between {} as an observer.\n\n",
                        game.id, game.kind, others(game, ""))
         << clock_text(created) << "\n\nThe game as every player sees it now:";
  }
  Outgoing mail = view_letter(db, game, reader, news.str());
  mail.message_id = reader.root;  // the root of the reader's thread
  mail.in_reply_to.reset();
  mail.references.clear();
  return mail;
}

std::string tick_news(const json& action, bool to_the_player) {
  const std::string player = action.value("player", "");
  const std::string what = action.value("action", "");
  const std::int64_t turn = action.value("turn", std::int64_t{0});
  const std::string you = to_the_player ? "You" : player;
  if (what == "remind")
    return fmt::format("A reminder: your move in turn {} is due by {}.", turn,
                       action.value("deadline", std::string("?")));
  if (what == "forfeit")
    return fmt::format("{} missed the deadline of turn {} ({} in a row) and forfeit{} the game.",
                       you, turn, action.value("misses", 1), to_the_player ? "" : "s");
  if (what == "default")
    return fmt::format("{} missed the deadline of turn {}: the referee played the default move{}.",
                       you, turn,
                       to_the_player ? " for you: " + action.value("moves", json()).dump() : "");
  return fmt::format("{} missed the deadline of turn {}; the game waits for {}.", you, turn,
                     to_the_player ? "your move" : "them");
}

}  // namespace

std::vector<Outgoing> invitations(store::Database& db, const json& created, const Mailbox& from) {
  std::vector<Outgoing> mails;
  const auto game = store::GameStore(db).find_game(created.at("game").get<std::string>());
  if (!game) return mails;
  const std::string domain = domain_of(from.address);
  for (const auto& reader : readers(db, *game, domain)) {
    json seat = json::object();
    if (reader.player)
      for (const auto& printed : created.at("players"))
        if (printed.value("name", "") == reader.player->name) seat = printed;
    mails.push_back(invitation(db, *game, reader, seat, created));
  }
  return mails;
}

std::vector<Outgoing> tick_mails(store::Database& db, const json& report, const Mailbox& from) {
  std::vector<Outgoing> mails;
  const std::string domain = domain_of(from.address);
  for (const auto& action : report.value("actions", json::array())) {
    const auto game = store::GameStore(db).find_game(action.value("game", ""));
    if (!game) continue;
    const bool remind = action.value("action", "") == "remind";
    for (const auto& reader : readers(db, *game, domain)) {
      const bool theirs = reader.player && reader.player->name == action.value("player", "");
      if (remind && !theirs) continue;
      mails.push_back(view_letter(db, *game, reader, tick_news(action, theirs)));
    }
  }
  return mails;
}

std::vector<Outgoing> admin_mails(store::Database& db, const json& printed,
                                  const std::string& reason, const Mailbox& from) {
  std::vector<Outgoing> mails;
  if (printed.value("op", "") == "observe") return mails;
  const auto game = store::GameStore(db).find_game(printed.value("game", ""));
  if (!game) return mails;
  const std::string news =
      fmt::format("The game master made a correction to game {} (turn {}, {}): {}.", game->id,
                  printed.value("turn", std::int64_t{0}), printed.value("op", ""), reason);
  for (const auto& reader : readers(db, *game, domain_of(from.address)))
    mails.push_back(view_letter(db, *game, reader, news));
  return mails;
}

}  // namespace mail
