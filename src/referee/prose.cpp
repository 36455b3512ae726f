#include "referee/prose.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "core/clock.hpp"
#include "output/writer.hpp"

namespace referee {

namespace {

std::string spaced(std::string key) {
  std::replace(key.begin(), key.end(), '_', ' ');
  return key;
}

std::string words(const Document& value, const SeatLabels& labels) {
  switch (value.type()) {
    case Document::value_t::string:
      return label(labels, value.get<std::string>());
    case Document::value_t::boolean:
      return value.get<bool>() ? "yes" : "no";
    case Document::value_t::null:
      return "none";
    case Document::value_t::array: {
      std::string out;
      for (const auto& item : value) out += (out.empty() ? "" : ", ") + words(item, labels);
      return out.empty() ? "none" : out;
    }
    case Document::value_t::object: {
      if (value.size() == 1 && value.contains("hidden"))
        return fmt::format("{} hidden", value["hidden"].dump());
      std::string out;
      if (value.contains("from") && value.contains("to"))
        out =
            fmt::format("from {} to {}", words(value["from"], labels), words(value["to"], labels));
      for (const auto& [key, item] : value.items()) {
        if (key == "from" || key == "to") continue;
        out += (out.empty() ? "" : ", ") + spaced(key) + " " + words(item, labels);
      }
      return out;
    }
    default:
      return value.dump();
  }
}

// The keys that say what happened come first: "play 10D, on 1", not "on 1, play 10D".
constexpr const char* kLeading[] = {"event", "action", "op", "move", "play"};

std::string row(const std::vector<std::string>& cells, const std::vector<std::size_t>& widths) {
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i)
    line += i + 1 < cells.size() ? fmt::format("{:<{}}  ", cells[i], widths[i]) : cells[i];
  return line + "\n";
}

std::string table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths(rows.front().size(), 0);
  for (const auto& cells : rows)
    for (std::size_t i = 0; i < cells.size(); ++i) widths[i] = std::max(widths[i], cells[i].size());
  std::string out;
  for (const auto& cells : rows) out += row(cells, widths);
  return out;
}

std::string outcome(const Document& result) {
  if (!result.is_object()) return "finished";
  const std::string how = how_it_ended(result);
  if (result.value("draw", false)) return "a draw" + how;
  if (result.contains("winner") && result["winner"].is_string())
    return result["winner"].get<std::string>() + " won" + how;
  if (result.contains("winners")) return words(result["winners"], {}) + " won" + how;
  return "finished";
}

}  // namespace

std::string how_it_ended(const Document& result) {
  const std::string by = result.is_object() ? result.value("by", std::string("rules")) : "rules";
  if (by == "rules") return "";
  std::string how(" ");  // appended, not " " + ...: g++ 12 at -O3 warns on the latter (-Wrestrict)
  return how += core::ending_how(by);
}

std::string finished_line(const Document& result,
                          const std::function<std::string(const std::string&)>& name) {
  const std::string how = how_it_ended(result);
  if (result.value("draw", false)) return "Finished: a draw" + how;
  if (result.value("winner", Document()).is_string())
    return "Finished: " + name(result["winner"].get<std::string>()) + " wins" + how;
  return "Finished: shared by " + output::to_line(result.value("winners", Document::array())) + how;
}

SeatLabels seat_labels(const Document& players) {
  SeatLabels labels;
  for (const auto& player : players)
    if (player.contains("role") && player.contains("name"))
      labels[player["role"].get<std::string>()] = fmt::format(
          "{} [{}]", player["name"].get<std::string>(), player["role"].get<std::string>());
  return labels;
}

std::string label(const SeatLabels& labels, const std::string& role) {
  const auto it = labels.find(role);
  return it == labels.end() ? role : it->second;
}

SeatLabels name_labels(const Document& players) {
  const SeatLabels labels = seat_labels(players);
  SeatLabels by_name;
  for (const auto& player : players)
    if (player.contains("name") && player["name"].is_string())
      by_name[player["name"].get<std::string>()] =
          label(labels, player.value("role", std::string()));
  return by_name;
}

std::string move_words(const Document& move) {
  return move.is_object() ? event_words(move, {}) : words(move, {});
}

std::string turn_words(const Document& turn, const Document& players, bool events,
                       const core::Engine* engine) {
  if (turn.value("setup", false) || !turn.contains("player")) return "Set-up";
  const SeatLabels labels = seat_labels(players);
  const SeatLabels by_name = name_labels(players);
  std::string sentence = fmt::format(
      "Turn {}, {}{}", output::to_line(turn.value("turn", Document(0))),
      label(by_name, turn["player"].is_string() ? turn["player"].get<std::string>() : "?"),
      turn.value("forced", false) ? " (played by the referee)" : "");
  std::string what;
  if (turn.contains("moves") && turn["moves"].is_array() && !turn["moves"].empty()) {
    for (const auto& move : turn["moves"])
      what += (what.empty() ? "" : "; ") + (engine ? engine->move_phrase(move) : move_words(move));
  } else if (turn.contains("action") && turn["action"].is_object()) {
    what = move_words(turn["action"]);
  } else if (events) {
    for (const auto& event : turn.value("events", Document::array())) {
      std::string told = event_words(event, labels);
      // The turn's own player is named once, at its head.
      const std::string own =
          label(by_name,
                turn["player"].is_string() ? turn["player"].get<std::string>() : std::string()) +
          ": ";
      if (told.rfind(own, 0) == 0) told = told.substr(own.size());
      what += (what.empty() ? "" : "; ") + told;
    }
  }
  if (!what.empty()) sentence += ": " + what;
  return sentence;
}

std::string event_words(const Document& event, const SeatLabels& labels) {
  if (!event.is_object()) return words(event, labels);
  std::string subject;
  if (event.contains("seat") && event["seat"].is_string())
    subject = label(labels, event["seat"].get<std::string>());
  else if (event.contains("player") && event["player"].is_string())
    subject = event["player"].get<std::string>();
  // The clock's own actions, said as what happened rather than as their keys ("nmr, policy
  // default" is the referee's jargon).
  const std::string action = event.value("action", Document()).is_string()
                                 ? event["action"].get<std::string>()
                                 : std::string();
  std::string clock;
  if (action == "nmr")
    clock = event.value("policy", std::string()) == "default"
                ? "missed the deadline, and the referee made a move for them"
                : "missed the deadline; the game waits for them";
  else if (action == "forfeit" && event.value("misses", Document()).is_number())
    clock = fmt::format("forfeited the game after {} missed deadlines in a row",
                        event["misses"].dump());
  if (!clock.empty()) return subject.empty() ? clock : subject + " " + clock;
  std::vector<std::string> parts;
  for (const std::string key : kLeading) {
    if (!event.contains(key)) continue;
    const Document& value = event[key];
    // What was done is the verb ("pass", "place a1"); a move or a card is named ("play 10D").
    const bool verb = key == "event" || key == "action";
    if (verb && value.is_string() && event.contains(value.get<std::string>())) continue;
    parts.push_back(verb && value.is_string() ? spaced(value.get<std::string>())
                    : verb                    ? words(value, labels)
                           : fmt::format("{} {}", spaced(key), words(value, labels)));
  }
  for (const auto& [key, value] : event.items()) {
    if (key == "seat" || key == "player" ||
        std::find(std::begin(kLeading), std::end(kLeading), key) != std::end(kLeading))
      continue;
    if (value.is_boolean()) {
      if (value.get<bool>()) parts.push_back(spaced(key));
      continue;
    }
    if (key == "remaining" && value.is_number()) {  // a paused clock's time left, seconds
      parts.push_back("remaining " + duration_words(value));
      continue;
    }
    parts.push_back(fmt::format("{} {}", spaced(key), words(value, labels)));
  }
  std::string sentence;
  for (const auto& part : parts) sentence += (sentence.empty() ? "" : ", ") + part;
  return subject.empty() ? sentence : subject + ": " + sentence;
}

std::string missed_deadline_words(bool by_default, int forfeit, bool to_the_player) {
  const std::string you = to_the_player ? "you" : "a player";
  if (forfeit == 1)
    return to_the_player ? "If you miss a deadline, you forfeit the game."
                         : "If a player misses a deadline, they forfeit the game.";
  std::string text = fmt::format(
      "If {} miss{} a deadline, {}", you, to_the_player ? "" : "es",
      by_default ? fmt::format("the referee makes a move for {} (the game's default move)",
                               to_the_player ? "you" : "them")
                 : fmt::format("the game waits for {}", to_the_player ? "you" : "them"));
  if (forfeit > 1)
    text += to_the_player ? fmt::format("; if you miss {} in a row, you forfeit the game", forfeit)
                          : fmt::format("; one who misses {} in a row forfeits the game", forfeit);
  return text + ".";
}

std::string nmr_words(const std::string& policy, bool to_the_player) {
  bool by_default = false;
  int forfeit = 0;
  std::size_t begin = 0;
  while (begin <= policy.size()) {
    const std::size_t comma = std::min(policy.find(',', begin), policy.size());
    const std::string part = policy.substr(begin, comma - begin);
    if (part == "default")
      by_default = true;
    else if (part.rfind("forfeit:", 0) == 0 && part.size() > 8 &&
             part.find_first_not_of("0123456789", 8) == std::string::npos && part.size() < 12)
      forfeit = std::stoi(part.substr(8));
    else if (part != "wait")
      return policy;
    begin = comma + 1;
  }
  return missed_deadline_words(by_default, forfeit, to_the_player);
}

namespace {

// "23 hours", "1 day 2 hours", "45 minutes": never rounded up.
std::string distance_words(std::int64_t seconds) {
  const auto counted = [](std::int64_t n, const char* unit) {
    return fmt::format("{} {}{}", n, unit, n == 1 ? "" : "s");
  };
  const std::int64_t minutes = seconds / 60, hours = minutes / 60, days = hours / 24;
  if (minutes < 1) return "less than a minute";
  if (hours < 1) return counted(minutes, "minute");
  if (hours < 10)
    return minutes % 60 == 0 ? counted(hours, "hour")
                             : counted(hours, "hour") + " " + counted(minutes % 60, "minute");
  if (days < 2) return counted(hours, "hour");
  if (days < 7 && hours % 24 != 0) return counted(days, "day") + " " + counted(hours % 24, "hour");
  return counted(days, "day");
}

}  // namespace

std::string when_words(core::Time when, core::Time now, bool distance) {
  using namespace std::chrono;
  static constexpr const char* kDays[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                          "Thursday", "Friday", "Saturday"};
  static constexpr const char* kMonths[] = {"January",   "February", "March",    "April",
                                            "May",       "June",     "July",     "August",
                                            "September", "October",  "November", "December"};
  const sys_days day = floor<days>(when);
  const year_month_day date(day);
  const hh_mm_ss time(floor<minutes>(when - day));
  const std::int64_t ahead = (when - now).count();
  std::string text = kDays[weekday(day).c_encoding()];
  // Within the coming week the day's name says which day it is; otherwise the date says it.
  if (ahead < 0 || ahead >= 6 * 86400) {
    text += fmt::format(" {} {}", static_cast<unsigned>(date.day()),
                        kMonths[static_cast<unsigned>(date.month()) - 1]);
    if (date.year() != year_month_day(floor<days>(now)).year())
      text += fmt::format(" {}", static_cast<int>(date.year()));
  }
  text += fmt::format(" {:02}:{:02} UTC", time.hours().count(), time.minutes().count());
  if (!distance) return text;
  return text +
         (ahead >= 0 ? ", in " + distance_words(ahead) : ", " + distance_words(-ahead) + " ago");
}

std::string deadline_words(const std::string& deadline, bool iso) {
  const auto when = core::parse_time(deadline);
  if (!when) return deadline;
  const std::string words = when_words(*when, core::now());
  return iso ? words + " (" + deadline + ")" : words;
}

std::string describe_log(const Document& log) {
  const SeatLabels labels = seat_labels(log.value("players", Document::array()));
  std::ostringstream out;
  const auto& turns = log.at("turns");
  out << fmt::format("Game {} ({}): {} turn{}\n", log.at("game").get<std::string>(),
                     log.at("kind").get<std::string>(), turns.size(), turns.size() == 1 ? "" : "s");
  if (log.contains("players")) {
    std::string names;
    for (const auto& [role, text] : labels) names += (names.empty() ? "" : ", ") + text;
    out << "Players: " << names << "\n";
  }
  for (const auto& turn : turns) {
    if (turn.value("setup", false))
      out << "\nSet-up:\n";
    else
      out << "\n" << turn_words(turn, log.value("players", Document::array()), false) << "\n";
    for (const auto& event : turn.value("events", Document::array()))
      out << "  " << event_words(event, labels) << "\n";
  }
  out << "\nSeed commitment: " << log.value("seed_commitment", std::string()) << "\n";
  if (log.contains("seed"))
    out << fmt::format("Seed: {} (salt {})\n", log["seed"].get<std::string>(),
                       log.value("seed_salt", std::string()));
  else
    out << "Seed: shown when the game is over\n";
  out << "Chain head: " << log.value("chain", std::string()) << "\n";
  return out.str();
}

std::string describe_list(const Document& list) {
  if (list.empty()) return "No games.\n";
  std::vector<std::vector<std::string>> rows = {
      {"GAME", "KIND", "TURN", "STATE", "DEADLINE", "PLAYERS"}};
  for (const auto& game : list) {
    std::string state = game.value("finished", false) ? outcome(game.value("result", Document()))
                        : !game.value("to_move", Document::array()).empty()
                            ? words(game["to_move"], {}) + " to move"
                            : "running";
    if (game.value("paused", false)) state += ", paused";
    if (game.value("overdue", false)) state += ", overdue";
    // A stopped target needs the game master; messages waiting only say the receiver is slow.
    for (const auto& target : core::member(game, "notifications")) {
      const std::string id = target.value("target", Document()).dump();
      if (target.contains("stopped") && !target["stopped"].is_null())
        state += fmt::format(", notices to target {} stopped ({})", id,
                             target.value("reason", std::string("no reason given")));
      else if (const auto waiting = target.value("waiting", 0); waiting > 0)
        state += fmt::format(", {} notice{} waiting for target {}", waiting,
                             waiting == 1 ? "" : "s", id);
    }
    rows.push_back({game.at("game").get<std::string>(), game.at("kind").get<std::string>(),
                    game.at("turn").dump(), state,
                    game["deadline"].is_string()
                        ? deadline_words(game["deadline"].get<std::string>(), false)
                        : "-",
                    words(game.at("players"), {})});
  }
  return table(rows);
}

std::string describe_games(const Document& games) {
  std::ostringstream out;
  for (const auto& engine : games) {
    const auto& players = engine.at("players");
    const auto min = players.at("min").get<int>(), max = players.at("max").get<int>();
    out << fmt::format("{}: {}\n", engine.at("kind").get<std::string>(),
                       engine.at("title").get<std::string>());
    out << fmt::format(
        "  {} players; seats {}; {}\n",
        min == max ? std::to_string(min) : fmt::format("{} to {}", min, max),
        words(engine.at("seats"), {}),
        engine.at("hidden_information").get<bool>() ? "some things hidden" : "nothing hidden");
    for (const auto& option : engine.at("options")) {
      std::string range;
      if (option.contains("values")) {
        for (const auto& value : option["values"])
          range += (range.empty() ? "one of " : ", ") + output::to_line(value);
      }
      if (option.contains("min"))
        range = fmt::format("{} to {}", option["min"].dump(), option["max"].dump());
      out << fmt::format("  --option {}=... ({}{}; default {}): {}\n",
                         option.at("name").get<std::string>(), option.at("type").get<std::string>(),
                         range.empty() ? "" : ", " + range, output::to_line(option.at("default")),
                         option.at("help").get<std::string>());
    }
    out << "\n";
  }
  return out.str();
}

std::string duration_words(const Document& seconds, const std::string& fallback) {
  if (!seconds.is_number()) return fallback;
  const double value = seconds.get<double>();
  const auto whole = static_cast<std::int64_t>(value);
  if (value < 60 && value != static_cast<double>(whole))  // milliseconds only say something here
    return fmt::format("{:g}s", value);
  return core::duration_words(core::Seconds(whole));
}

std::string describe_new(const Document& created) {
  std::ostringstream out;
  out << fmt::format("Game {} ({}) has begun.\n", created.at("game").get<std::string>(),
                     created.at("kind").get<std::string>());
  if (created.contains("deadline") && created["deadline"].is_string())
    out << "The first move is due " << deadline_words(created["deadline"].get<std::string>())
        << ".\n";
  out << "Seed commitment: " << created.value("seed_commitment", std::string()) << "\n";
  out << "\nEach player's secret, shown only now: give each player their own.\n";
  for (const auto& player : created.at("players")) {
    out << fmt::format("  {} [{}]", player.at("name").get<std::string>(),
                       player.at("role").get<std::string>());
    if (player.contains("token")) out << ": token " << player["token"].get<std::string>();
    if (player.contains("key")) out << ": signs with key " << player["key"].get<std::string>();
    if (player.contains("address")) out << " <" << player["address"].get<std::string>() << ">";
    out << "\n";
  }
  return out.str();
}

}  // namespace referee
