#include "mail/notices.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "core/engine.hpp"
#include "mail/letters.hpp"
#include "mail/thread.hpp"
#include "output/writer.hpp"
#include "referee/page_link.hpp"
#include "referee/prose.hpp"
#include "referee/referee.hpp"
#include "referee/tournament_host.hpp"
#include "store/game_store.hpp"
#include "store/tournament_store.hpp"

namespace mail {

namespace {

using nlohmann::json;

// The other players as people read a seat: "bob [South], cy [East]".
std::string others(const store::GameRow& game, const std::string& me) {
  const core::Engine* engine = core::find_engine(game.kind);
  std::string names;
  for (const auto& player : game.players)
    if (player.name != me)
      names += (names.empty() ? "" : ", ") + player.name +
               (engine ? " [" + engine->seat_name(player.seat) + "]" : std::string());
  return names.empty() ? "nobody else" : names;
}

// The NMR policy as `new` stores it ({default, forfeit}), in words: what a missed deadline does.
std::string missed_deadline_words(const json& nmr, bool to_a_player) {
  return referee::missed_deadline_words(nmr.value("default", false), nmr.value("forfeit", 0),
                                        to_a_player);
}

std::string clock_text(const store::GameRow& game, const json& created, bool to_a_player) {
  if (!created.contains("clock")) return "The game has no clock: take the time you need.";
  const json& clock = created["clock"];
  // The clock's durations are seconds (numbers) in the document; words here.
  const auto given = [&clock](const char* name) {
    return clock.contains(name) && clock[name].is_number() && clock[name].get<double>() > 0;
  };
  std::string text = fmt::format("Each turn is due {} after the one before",
                                 referee::duration_words(clock.value("deadline", json())));
  if (given("grace"))
    text += fmt::format(", with {} of grace", referee::duration_words(clock["grace"]));
  if (given("remind"))
    text += fmt::format("; I remind {} {} before", to_a_player ? "you" : "the player",
                        referee::duration_words(clock["remind"]));
  return text + ". " + missed_deadline_words(game.timing.value("nmr", json::object()), to_a_player);
}

std::string how_to_play(const store::GameRow& game, bool to_move) {
  std::ostringstream out;
  out << "How to write a turn: ";
  if (const core::Engine* engine = core::find_engine(game.kind)) {
    out << engine->notation().how << ", for example\n\n";
    for (const auto& example : engine->notation().examples) out << "  - " << example << "\n";
    out << "\n";
  }
  out << fmt::format(
      "Mail me \"rules\" as the Subject for the rules of {} in short, on one screen or "
      "three (the manual page caravan-ref-{}(6) has the whole of them). Send a turn as a reply "
      "to any of my mails, {}; mail me \"help\" as the Subject for the commands.",
      game.kind, game.kind,
      to_move ? "as the YAML lines shown below"
              : "as the YAML lines my mail shows you when it is your turn");
  return out.str();
}

Outgoing invitation(referee::GamesInHand& games, const store::GameRow& game, const Reader& reader,
                    const json& seat, const json& created) {
  std::ostringstream news;
  if (reader.player) {
    // People read a seat as its player and role, "ann [North]" (caravan-ref(1), SEATS).
    if (const json of = referee::tournament_of_game(games.db(), game.id); !of.is_null())
      news << fmt::format("Round {} of tournament {}: ", of.at("round").get<int>(),
                          of.at("tournament").get<std::string>());
    news << fmt::format("You are invited to play game {} ({}) as {} [{}], with {}.\n\n", game.id,
                        game.kind, reader.player->name, seat.value("role", std::string("a player")),
                        others(game, reader.player->name))
         << clock_text(game, created, true) << "\n\n";
    if (seat.contains("token"))
      news << fmt::format(
          "Your token is {}\nKeep it secret: it proves that a turn is yours. "
          "This is the only mail that carries it; put it in every turn where "
          "the turns below say {}.\n\n",
          seat["token"].get<std::string>(), kTokenPlaceholder);
    else
      news << "You registered a key: sign every turn with 'caravan-ref sign' (no token).\n\n";
    const bool to_move = game.to_move && *game.to_move == reader.player->seat && !game.finished;
    news << how_to_play(game, to_move) << "\n\nYour first view:";
  } else {
    news << fmt::format("You are invited to follow game {} ({}) between {} as an observer.\n\n",
                        game.id, game.kind, others(game, ""))
         << clock_text(game, created, false)
         << fmt::format("\n\nMail me \"rules\" as the Subject for the rules of {} in short.",
                        game.kind)
         << "\n\nThe game as every player sees it now:";
  }
  Outgoing mail = view_letter(games, game, reader, news.str());
  mail.message_id = reader.root;  // the root of the reader's thread
  mail.in_reply_to.reset();
  mail.references.clear();
  return mail;
}

// "1 of 3": where a missed deadline leaves the seat on the way to a forfeit; empty without one.
std::string misses_words(const store::GameRow& game, const json& action) {
  const int forfeit = game.timing.value("nmr", json::object()).value("forfeit", 0);
  if (forfeit <= 1) return "";
  const int misses = action.value("misses", 1);
  return fmt::format(" That is {} missed deadline{} in a row of the {} that forfeit the game.",
                     misses, misses == 1 ? "" : "s", forfeit);
}

// The moves the clock played, as the game says them: "Play A♣ on caravan 5".
std::string moves_words(const store::GameRow& game, const json& action) {
  const core::Engine* engine = core::find_engine(game.kind);
  std::string words;
  for (const auto& move : action.value("moves", json::array()))
    words +=
        (words.empty() ? "" : "; ") + (engine ? engine->move_phrase(move) : output::to_line(move));
  return words.empty() ? "no move" : words;
}

std::string tick_news(const store::GameRow& game, const json& action, bool to_the_player) {
  const std::string player = action.value("player", "");
  const std::string what = action.value("action", "");
  const std::int64_t turn = action.value("turn", std::int64_t{0});
  const std::string you = to_the_player ? "You" : player;
  if (what == "remind")
    return fmt::format("A reminder: your move in turn {} is due {}.", turn,
                       referee::deadline_words(action.value("deadline", std::string("?"))));
  if (what == "forfeit")
    return fmt::format("{} missed the deadline of turn {} ({} in a row) and forfeit{} the game.",
                       you, turn, action.value("misses", 1), to_the_player ? "" : "s");
  if (what == "default")
    return fmt::format("{} missed the deadline of turn {}: the referee made a move for {}{}.{}",
                       you, turn, to_the_player ? "you" : "them",
                       to_the_player ? ": " + moves_words(game, action) : "",
                       misses_words(game, action));
  return fmt::format("{} missed the deadline of turn {}; the game waits for {}.{}", you, turn,
                     to_the_player ? "your move" : "them", misses_words(game, action));
}

// What the game master did, by name: an extension is not a correction.
std::string admin_words(const std::string& game, const json& printed,
                        const referee::AdminRequest& request) {
  const std::string op = printed.value("op", request.op);
  const json deadline = printed.value("deadline", json());
  const std::string due = deadline.is_string()
                              ? fmt::format("; the deadline is now {}",
                                            referee::deadline_words(deadline.get<std::string>()))
                              : std::string();
  if (op == "extend")
    return fmt::format("The game master extended the deadline of game {} by {}{}", game, request.by,
                       due);
  if (op == "pause") return fmt::format("The game master stopped the clock of game {}", game);
  if (op == "resume")
    return fmt::format("The game master started the clock of game {} again{}", game, due);
  if (op == "address")
    return fmt::format("The game master gave {} a new mail address in game {}", request.player,
                       game);
  if (op == "replace")
    return fmt::format("The game master gave {}'s seat in game {} to {}", request.player, game,
                       request.bot.empty() ? request.by : "the referee's bot");
  if (op == "end") {
    std::string winners;
    for (const auto& winner : request.winners) winners += (winners.empty() ? "" : ", ") + winner;
    return fmt::format("The game master ended game {} (winner: {})", game, winners);
  }
  if (op == "rollback")
    return fmt::format("The game master returned game {} to the end of turn {}", game, request.to);
  return fmt::format("The game master changed game {} ({})", game, op);
}

}  // namespace

std::vector<Outgoing> final_standings(referee::GamesInHand& games, const std::string& tournament) {
  const json doc = referee::tournament_document(games, tournament);
  std::vector<Outgoing> mails;
  store::TournamentStore tournaments(games.db());
  const auto row = tournaments.find(tournament);
  if (!row) return mails;
  for (const auto& entrant : row->entrants) {
    if (entrant.address.empty()) continue;
    Outgoing mail;
    mail.to = {entrant.name, entrant.address};
    mail.subject =
        fmt::format("[caravan-ref] tournament {} ({}): the final standings", tournament, row->kind);
    // Where the reader stands and a table narrow enough for a phone first, then every round and
    // the seed; the HTML part is the standings page.
    mail.body = fmt::format(
        "Hello {},\n\nTournament {} has finished. Thank you for playing.\n\n{}\n\nEvery round's "
        "results, and the seed its pairings were drawn from (check it against its commitment: "
        "the SHA-256 of the salt, a colon and the seed):\n\n{}",
        entrant.name, tournament, referee::standings_words(doc, entrant.name),
        referee::tournament_text(doc));
    mail.html = referee::standings_page(doc, referee::mail_base_url().value_or(""));
    mails.push_back(std::move(mail));
  }
  return mails;
}

std::vector<Outgoing> bye_mails(referee::GamesInHand& games, const json& round) {
  std::vector<Outgoing> mails;
  const json byes = round.value("byes", json::array());
  if (byes.empty()) return mails;
  store::TournamentStore tournaments(games.db());
  const std::string tournament = round.at("tournament").get<std::string>();
  const auto row = tournaments.find(tournament);
  if (!row) return mails;
  const int number = round.at("round").get<int>();
  for (const auto& entrant : row->entrants) {
    if (entrant.address.empty() || std::find(byes.begin(), byes.end(), entrant.name) == byes.end())
      continue;
    Outgoing mail;
    mail.to = {entrant.name, entrant.address};
    mail.subject = fmt::format("[caravan-ref] tournament {} ({}): round {}, your bye", tournament,
                               row->kind, number);
    mail.body = fmt::format(
        "Hello {},\n\nRound {} of tournament {}: you have the bye, which counts as a win. You "
        "have no game this round; your next game's invitation comes when the round has "
        "finished.\n",
        entrant.name, number, tournament);
    mails.push_back(std::move(mail));
  }
  return mails;
}

std::vector<Outgoing> invitations(referee::GamesInHand& games, const json& created,
                                  const Mailbox& from) {
  std::vector<Outgoing> mails;
  const auto game = games.row(created.at("game").get<std::string>());
  if (!game) return mails;
  for (const auto& reader : readers(games.db(), *game, from.address)) {
    json seat = json::object();
    if (reader.player)
      for (const auto& printed : created.at("players"))
        if (printed.value("name", "") == reader.player->name) seat = printed;
    mails.push_back(invitation(games, *game, reader, seat, created));
  }
  return mails;
}

std::vector<Outgoing> tick_mails(referee::GamesInHand& games, const json& report,
                                 const Mailbox& from) {
  std::vector<Outgoing> mails;
  for (const auto& action : report.value("actions", json::array())) {
    const auto game = games.row(action.value("game", ""));
    if (!game) continue;
    const bool remind = action.value("action", "") == "remind";
    for (const auto& reader : readers(games.db(), *game, from.address)) {
      const bool theirs = reader.player && reader.player->name == action.value("player", "");
      if (remind && !theirs) continue;
      mails.push_back(view_letter(games, *game, reader, tick_news(*game, action, theirs)));
    }
  }
  // Each game of a tournament's round the clock made: its invitations (referee/tournament_host);
  // each tournament the clock ended: its final standings to every entrant with an address.
  for (const auto& made : report.value("tournaments", json::array())) {
    for (const auto& game : made.value("games", json::array()))
      for (auto& invitation : invitations(games, game.at("made"), from))
        mails.push_back(std::move(invitation));
    if (made.contains("games"))
      for (auto& bye : bye_mails(games, made)) mails.push_back(std::move(bye));
    if (made.value("finished", false))
      for (auto& standings : final_standings(games, made.at("tournament").get<std::string>()))
        mails.push_back(std::move(standings));
  }
  return mails;
}

std::vector<Outgoing> admin_mails(referee::GamesInHand& games, const json& printed,
                                  const referee::AdminRequest& request, const Mailbox& from) {
  std::vector<Outgoing> mails;
  if (printed.value("op", "") == "observe") return mails;
  const auto game = games.row(printed.value("game", ""));
  if (!game) return mails;
  const std::string news = fmt::format("{} (turn {} of the record). The reason given: {}.",
                                       admin_words(game->id, printed, request),
                                       printed.value("turn", std::int64_t{0}), request.reason);
  for (const auto& reader : readers(games.db(), *game, from.address))
    mails.push_back(view_letter(games, *game, reader, news));
  return mails;
}

std::vector<Outgoing> stopped_target_mails(const json& stops, const Mailbox& from) {
  std::vector<Outgoing> mails;
  for (const auto& stop : stops) {
    Outgoing mail;
    mail.to = from;
    const std::string game = stop.at("game").get<std::string>();
    mail.subject = fmt::format("game {}: notification target {} stopped", game,
                               stop.at("target").get<std::int64_t>());
    mail.body = fmt::format(
        "The {} notification target {} of game {} was stopped at {}: {}.\n\nIt is sent nothing "
        "more. Remove it (caravan-ref admin notify remove {} {} --reason ...), or add its webhook "
        "again once it works (caravan-ref admin notify add).\n",
        stop.at("format").get<std::string>(), stop.at("target").get<std::int64_t>(), game,
        stop.at("stopped").get<std::string>(), stop.at("reason").get<std::string>(), game,
        stop.at("target").get<std::int64_t>());
    mail.game = game;
    mails.push_back(std::move(mail));
  }
  return mails;
}

}  // namespace mail
