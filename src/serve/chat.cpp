// Play from chat: the commands and choices both platforms share (chat.hpp).
#include "serve/chat.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include <curl/curl.h>
#include <fmt/format.h>
#include <glib.h>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "core/engine.hpp"
#include "core/errors.hpp"
#include "notify/payload.hpp"
#include "referee/game_context.hpp"
#include "referee/html.hpp"
#include "referee/in_hand.hpp"
#include "referee/move_lines.hpp"
#include "referee/move_steps.hpp"
#include "referee/page_link.hpp"
#include "referee/prose.hpp"
#include "referee/referee.hpp"
#include "referee/rules.hpp"
#include "store/chat_seen.hpp"

namespace serve::chat {

namespace {

using core::Document;

[[noreturn]] void usage(const std::string& message) {
  throw core::UserError(core::Exit::kUsage, message);
}

std::string platform_name(const User& user) { return notify::format_name(user.platform); }

std::string cut(const std::string& text, std::size_t max) { return shortened(text, max); }

// The seats of `game` linked to `user`, the one to move first.
std::optional<store::PlayerRow> seat_of_user(store::Database& db, const store::GameRow& row,
                                             const Document& to_move, const User& user) {
  std::optional<store::PlayerRow> found;
  for (const auto& player : row.players) {
    const auto users = notify::mentions_of(db, row.id, {player.seat}, user.platform);
    if (users.empty() || users.front() != user.id) continue;
    const bool moving = std::find(to_move.begin(), to_move.end(), player.name) != to_move.end();
    if (!found || moving) found = player;
    if (moving) break;
  }
  return found;
}

// The seat of `user` in `game`; the one answer for a user who has none (never saying whose it is).
store::PlayerRow own_seat(store::Database& db, const store::GameRow& row, const Document& to_move,
                          const User& user) {
  auto seat = seat_of_user(db, row, to_move, user);
  if (!seat)
    throw core::UserError(
        core::Exit::kNoPermission,
        fmt::format("you hold no seat of game {} here: the game master links it (admin notify "
                    "mention), or claim yours with /caravan claim {} TOKEN",
                    row.id, row.id));
  return *seat;
}

// The actions (draw, undo, resign) the seat may take now, as the page offers them.
std::vector<Choice> actions_of(const Document& view, const std::string& game, std::int64_t turn,
                               const std::string& player) {
  std::vector<Choice> choices;
  const auto actions = referee::actions_open_to(view, player);
  for (const auto& action : actions)
    choices.push_back({fmt::format("a|{}|{}|{}", game, turn, action.name), action.label, false});
  return choices;
}

// The most legal moves read for one step of a move built a part at a time (as the live page).
constexpr std::size_t kStepMoves = 5000;

std::string chosen_or_none(const Document& chosen, const std::string& kind) {
  return chosen.is_null() ? std::string("nothing chosen")
                          : fmt::format("chosen: {}", referee::chosen_words(chosen, kind));
}

std::string step_id(const std::string& game, std::int64_t turn, std::size_t from,
                    const Document& partial) {
  return fmt::format("s|{}|{}|{}|{}", game, turn, from, partial.dump());
}

// The next parts of the seat's move after `chosen` (null: none yet), from the `from`th: the
// moves they complete as buttons that play them (the parts that make a whole move first, as the
// page has them), the others as buttons that show the parts after them; "More" and "Start again"
// after them. Said in `text`.
void step_choices(referee::GamesInHand& games, const std::string& game, const std::string& player,
                  std::int64_t turn, const std::string& kind, const Document& chosen,
                  std::size_t from, std::string& text, std::vector<Choice>& out) {
  const auto moves = games.legal_moves(game, player, chosen, kStepMoves);
  const auto step = referee::next_step(moves.moves, chosen, kind);
  const core::Engine* engine = core::find_engine(kind);
  const auto say = [&](const Document& move) {
    const std::string words = engine ? engine->move_phrase(move) : std::string();
    return words.empty() ? referee::move_line(move, kind) : words;
  };
  std::vector<Choice> all;
  const auto play = [&](const Document& move) {
    all.push_back(
        {fmt::format("w|{}|{}|{}", game, turn, move.dump()), cut(say(move), 80), true, true});
  };
  if (step.complete) play(*step.complete);
  for (const auto& choice : step.choices)
    if (choice.whole && !choice.more) play(choice.partial);
  const std::size_t plays = all.size();
  for (const auto& choice : step.choices)
    if (!choice.whole || choice.more)
      all.push_back({step_id(game, turn, 0, choice.partial),
                     cut(fmt::format("{}{}{} \u2026", choice.part, choice.part.empty() ? "" : ": ",
                                     choice.value),
                         80)});
  if (from >= all.size()) from = 0;
  const std::size_t to = std::min(all.size(), from + kStepChoices);
  const std::string count = fmt::format("{}{} legal move{}", moves.total_exact ? "" : "at least ",
                                        moves.total, moves.total == 1 ? "" : "s");
  if (all.empty())
    text = fmt::format("No legal move of yours begins so ({}).", chosen_or_none(chosen, kind));
  else if (chosen.is_null() && plays == all.size())
    text = fmt::format("Your {}, a page at a time: each button plays one.", count);
  else if (chosen.is_null())
    text = fmt::format(
        "Your move a part at a time ({}): pick its first part, then the next, until a button "
        "plays it.",
        count);
  else
    text = fmt::format("Chosen: {} ({} begin so). Pick the next part or play:",
                       referee::chosen_words(chosen, kind), count);
  if (all.size() > kStepChoices)
    text += fmt::format(" Shown: {} to {} of {}.", from + 1, to, all.size());
  out.insert(out.end(), all.begin() + static_cast<std::ptrdiff_t>(from),
             all.begin() + static_cast<std::ptrdiff_t>(to));
  if (to < all.size())
    out.push_back(
        {step_id(game, turn, to, chosen), fmt::format("More ({} left)", all.size() - to)});
  if (!chosen.is_null() || from > 0)
    out.push_back({step_id(game, turn, 0, nullptr), "Start again"});
}

// The seat's view in words (drawn as the command line draws it), its legal moves as choices: a
// button each while they are at most kMaxMoveChoices, else built a part at a time (`chosen` the
// parts chosen so far, `from` the first of the next parts shown).
Answer seat_answer(referee::GamesInHand& games, const std::string& game,
                   const store::PlayerRow& seat, const std::string& before,
                   const Document& chosen = nullptr, std::size_t from = 0) {
  const Document view = games.view(game, seat.name);
  const auto held = games.game(game);
  const std::int64_t turn = view.at("turn").get<std::int64_t>();
  Answer answer;
  answer.ephemeral = true;
  const auto moves = games.legal_moves(game, seat.name, nullptr, kMaxMoveChoices);
  const std::string head = before + fmt::format("Game {} ({}), turn {}, you are {}{}.\n", game,
                                                held->row.kind, turn, seat.name,
                                                view.value("finished", false) ? "; the game is over"
                                                : moves.total > 0             ? ", to move"
                                                                              : "");
  std::string steps;
  if (chosen.is_null() && moves.total_exact && moves.total <= kMaxMoveChoices) {
    std::size_t index = 0;
    for (const auto& move : moves.moves) {
      std::string label = referee::move_words(move);
      answer.choices.push_back(
          {fmt::format("m|{}|{}|{}", game, turn, index++), cut(label, 80), true, true});
    }
  } else {
    step_choices(games, game, seat.name, turn, held->row.kind, chosen, from, steps, answer.choices);
    steps = fmt::format("\n{}", cut(steps, 600));
  }
  const std::string drawn = referee::draw_view(view);
  answer.text = fmt::format("{}```\n{}\n```{}", head,
                            cut(drawn, kMaxText - head.size() - steps.size() - 8), steps);
  for (auto& action : actions_of(view, game, turn, seat.name))
    answer.choices.push_back(std::move(action));
  return answer;
}

// Plays one turn file for the seat through referee::submit, the one turn path.
Answer play_turn(Shared& shared, referee::GamesInHand& games, const std::string& game,
                 const store::PlayerRow& seat, std::int64_t turn, const std::string& move,
                 const std::string& action) {
  if (!games.game(game)->row.players.at(static_cast<std::size_t>(seat.seat)).public_key.empty())
    usage(fmt::format("{} signs each turn with a key; a signature cannot be made in chat",
                      seat.name));
  const auto outcome =
      play_for_seat(shared, games, game, seat.seat, turn, move, action, "<chat>",
                    "a move is one line: play GAME MOVE, the move as `moves` writes it");
  if (outcome.exit_code != 0)
    throw core::UserError(
        static_cast<core::Exit>(outcome.exit_code),
        fmt::format("refused: {}", outcome.answer["error"].value("message", std::string())));
  // The receipt, as submit gives it: the record's chain after the turn, signed by the referee.
  const Document receipt = outcome.answer.value("receipt", Document::object());
  std::string said = fmt::format("Turn {} played.\n", receipt.value("turn", turn));
  if (receipt.contains("chain") && receipt.contains("signature"))
    said +=
        fmt::format("Receipt: chain {}, referee's signature {}\n",
                    receipt["chain"].get<std::string>(), receipt["signature"].get<std::string>());
  return seat_answer(games, game, seat, said);
}

std::int64_t turn_number(const std::string& text) {
  if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789") != std::string::npos)
    usage("this choice is not one of caravan-ref's");
  return std::stoll(text);
}

Answer command_view(Shared& shared, const User& user, const std::string& game) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const Document to_move = games.view(game, {}, true).value("to_move", Document::array());
  if (const auto seat = seat_of_user(db, *row, to_move, user))
    return seat_answer(games, game, *seat, "");
  // Not a player of it: what an observer sees, which the whole channel may see.
  Answer answer;
  answer.ephemeral = false;
  const std::string head = fmt::format("Game {} ({}), as everyone sees it:\n", game, row->kind);
  answer.text =
      fmt::format("{}```\n{}\n```", head,
                  cut(referee::draw_view(games.view(game, {}, true)), kMaxText - head.size() - 8));
  return answer;
}

Answer command_moves(Shared& shared, const User& user, const std::string& game) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const Document to_move = games.view(game, {}, true).value("to_move", Document::array());
  const auto seat = own_seat(db, *row, to_move, user);
  const auto list = games.legal_moves(game, seat.name, nullptr, 200);
  Answer answer = seat_answer(games, game, seat, "");
  std::string text = list.moves.empty()
                         ? fmt::format("No move of yours in game {} now.\n", game)
                         : fmt::format("Your {} legal move{} in game {} (play GAME MOVE):\n",
                                       list.total, list.total == 1 ? "" : "s", game);
  for (const auto& move : list.moves) {
    const std::string line = fmt::format("`{}`\n", referee::move_line(move, row->kind));
    if (text.size() + line.size() > kMaxText) break;
    text += line;
  }
  answer.text = text;
  return answer;
}

Answer command_play(Shared& shared, const User& user, const std::string& game,
                    const std::string& move, const std::string& action) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const Document view = games.view(game, {}, true);
  const auto seat = own_seat(db, *row, view.value("to_move", Document::array()), user);
  return play_turn(shared, games, game, seat, view.at("turn").get<std::int64_t>(), move, action);
}

Answer command_games(Shared& shared, const User& user) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  Answer answer;
  std::string text;
  for (const auto& listed : referee::list_games(db)) {
    const std::string id = listed.at("game").get<std::string>();
    const auto row = games.row(id);
    if (!row) continue;
    const Document to_move = listed.value("to_move", Document::array());
    const auto seat = seat_of_user(db, *row, to_move, user);
    if (!seat) continue;
    const bool moving = std::find(to_move.begin(), to_move.end(), seat->name) != to_move.end();
    text += fmt::format("{} ({}), turn {}: you are {}{}\n", id, row->kind,
                        listed.value("turn", std::int64_t{0}), seat->name,
                        listed.value("finished", false) ? "; over"
                        : moving                        ? "; your move"
                                                        : "");
  }
  answer.text = cut(text.empty() ? "You hold no seat here (see /caravan claim)." : text, kMaxText);
  return answer;
}

Answer command_rules(const std::string& kind) {
  const auto page = referee::rules_page(kind);
  if (!page)
    usage(fmt::format("there is no game '{}'; the games are {}", kind,
                      fmt::join(referee::games_with_rules(), ", ")));
  Answer answer;
  answer.text = cut(*page, kMaxText);
  return answer;
}

// The player links their own seat with its token: the same turn of the record as the game
// master's `admin notify mention`.
Answer command_claim(Shared& shared, const User& user, const std::string& game,
                     const std::string& token) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const std::string who = fmt::format("chat:{}:{}", platform_name(user), user.id);
  shared.throttle.wait(who);
  const auto seat = referee::seat_of_token(*row, token);
  if (!seat) {
    shared.throttle.failed(who);
    throw wrong_token();
  }
  referee::AdminRequest request;
  request.game = game;
  request.op = "notify";
  request.player = seat->name;
  request.address = fmt::format("{}:{}", platform_name(user), user.id);
  request.reason = "claimed in chat by the seat's player, with its token";
  {
    const std::lock_guard one_at_a_time(shared.turns);
    referee::admin(games, request);
  }
  send_owed_notices(shared);
  return seat_answer(games, game, *seat,
                     fmt::format("You are {} in game {} now.\n", seat->name, game));
}

Answer command_new(Shared& shared, const Config& config, const User& user,
                   const std::vector<std::string>& words) {
  const std::string me = fmt::format("{}:{}", platform_name(user), user.id);
  if (std::find(config.masters.begin(), config.masters.end(), me) == config.masters.end())
    throw core::UserError(core::Exit::kNoPermission,
                          "only a game master (serve --chat-master) starts games from chat");
  if (words.size() < 2) usage("new KIND PLAYER PLAYER...");
  referee::NewGame request;
  request.kind = words[1];
  std::istringstream names(words.size() > 2 ? words[2] : "");
  for (std::string name; names >> name;) request.players.push_back(name);
  for (std::size_t i = 3; i < words.size(); ++i) request.players.push_back(words[i]);
  store::Database& db = thread_db(shared);
  Document made;
  {
    const std::lock_guard one_at_a_time(shared.turns);
    made = referee::create_game(db, request);
  }
  send_owed_notices(shared);
  // The tokens go to the game master alone, as `caravan-ref new` prints them: each player is
  // given theirs privately and claims the seat with it.
  Answer answer;
  const std::string game = made.at("game").get<std::string>();
  answer.text = fmt::format(
      "Game {} ({}) made. Give each player their token privately; they claim their seat with "
      "/caravan claim {} TOKEN.\n",
      game, request.kind, game);
  for (const auto& player : made.at("players"))
    answer.text += fmt::format("{}: {}\n", player.value("name", ""),
                               player.value("token", "(signs with a key)"));
  answer.text = cut(answer.text, kMaxText);
  return answer;
}

// A partial or whole move carried in a choice's id: JSON, else the id is not ours.
Document json_of(const std::string& text) {
  Document parsed = text.size() <= 2000 ? Document::parse(text, nullptr, false) : Document();
  if (parsed.is_discarded() || text.size() > 2000) usage("this choice is not one of caravan-ref's");
  return parsed;
}

// The board message's "Your move", pressed by anyone in the channel: the presser's moves when
// linked to a seat to move (the answer of `moves`), else a refusal; only the presser sees either.
Answer board_button(Shared& shared, const User& user, const std::string& game) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const Document view = games.view(game, {}, true);
  const Document to_move = view.value("to_move", Document::array());
  const auto seat = own_seat(db, *row, to_move, user);
  if (view.value("finished", false))
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("game {} is over (/caravan view {})", game, game));
  if (std::find(to_move.begin(), to_move.end(), seat.name) == to_move.end())
    throw core::UserError(
        core::Exit::kRejected,
        fmt::format("not your move in game {}: {} to move (/caravan view {})", game,
                    fmt::join(to_move.get<std::vector<std::string>>(), ", "), game));
  return command_moves(shared, user, game);
}

const std::string& arg(const std::vector<std::string>& words, std::size_t i, const char* what) {
  if (words.size() <= i)
    usage(fmt::format("{}: give {} (/caravan help lists the commands)", words.at(0), what));
  return words[i];
}

}  // namespace

bool post_json(const std::string& url, const std::string& body) {
  CURL* curl = curl_easy_init();
  if (!curl) return false;
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 10000L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  const CURLcode result = curl_easy_perform(curl);
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  if (result != CURLE_OK || status >= 300)
    std::fprintf(stderr, "caravan-ref serve: a follow-up was not taken (%s, %ld)\n",
                 curl_easy_strerror(result), status);
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  return result == CURLE_OK && status < 300;
}

std::string shortened(const std::string& text, std::size_t max) {
  if (text.size() <= max) return text;
  std::size_t end = max < 3 ? 0 : max - 3;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // UTF-8
  return text.substr(0, end) + "...";
}

std::string fit_id(Shared& shared, const std::string& id, std::size_t max) {
  if (id.size() <= max) return id;
  const std::string key = fmt::format("k|{}", core::hash_hex(id).substr(0, 32));
  store::keep_chat_id(thread_db(shared), key, id, core::now());
  return key;
}

std::optional<std::string> kept_id(Shared& shared, const std::string& key) {
  return store::chat_id(thread_db(shared), key);
}

Deferred::~Deferred() {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
}

void Deferred::start(const std::string& url, std::function<std::string()> make) {
  {
    const std::lock_guard lock(mutex_);
    ++pending_;
  }
  std::thread([this, url, make = std::move(make)] {
    try {
      post_json(url, make());
    } catch (const std::exception& error) {
      std::fprintf(stderr, "caravan-ref serve: a deferred answer failed: %s\n", error.what());
    }
    const std::lock_guard lock(mutex_);
    --pending_;
    done_.notify_all();
  }).detach();
}

bool seated_bot(Shared& shared, const std::string& game) {
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = games.row(game);
  if (!row) return false;
  return std::any_of(row->players.begin(), row->players.end(),
                     [](const store::PlayerRow& player) { return !player.bot.empty(); });
}

bool first_sight(Shared& shared, const std::string& key) {
  return store::first_sight(thread_db(shared), core::hash_hex(key), core::now());
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::size_t at = 0;
  auto next = [&]() -> std::string {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    const std::size_t start = at;
    while (at < text.size() && !std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    return text.substr(start, at - start);
  };
  auto rest = [&]() -> std::string {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    std::string tail = text.substr(at);
    while (!tail.empty() && std::isspace(static_cast<unsigned char>(tail.back()))) tail.pop_back();
    return tail;
  };
  const std::string sub = next();
  if (sub.empty()) return words;
  words.push_back(sub);
  const std::size_t before_rest = sub == "play" ? 1 : sub == "new" ? 1 : SIZE_MAX;
  for (std::size_t i = 0;; ++i) {
    if (i == before_rest) {
      if (std::string tail = rest(); !tail.empty()) words.push_back(tail);
      break;
    }
    std::string word = next();
    if (word.empty()) break;
    words.push_back(word);
  }
  return words;
}

Answer run_command(Shared& shared, const Config& config, const User& user,
                   const std::vector<std::string>& words) {
  // What is said back (a game id, a word not known) must be text: a platform takes UTF-8 alone.
  for (const auto& word : words)
    if (!g_utf8_validate(word.data(), static_cast<gssize>(word.size()), nullptr))
      usage("the command is not UTF-8 text");
  if (words.empty() || words[0] == "help") {
    Answer help;
    help.text =
        "/caravan games | view GAME | moves GAME | play GAME MOVE | resign GAME | draw GAME "
        "offer|accept|decline | rules KIND | claim GAME TOKEN | new KIND PLAYERS (game "
        "masters)";
    return help;
  }
  const std::string& sub = words[0];
  if (sub == "view") return command_view(shared, user, arg(words, 1, "the game"));
  if (sub == "moves") return command_moves(shared, user, arg(words, 1, "the game"));
  if (sub == "play")
    return command_play(shared, user, arg(words, 1, "the game"), arg(words, 2, "the move"), "");
  if (sub == "resign") return command_play(shared, user, arg(words, 1, "the game"), "", "resign");
  if (sub == "draw") {
    const std::string& what = arg(words, 2, "offer, accept or decline");
    if (what != "offer" && what != "accept" && what != "decline")
      usage("draw GAME offer|accept|decline");
    return command_play(shared, user, arg(words, 1, "the game"), "", what + "-draw");
  }
  if (sub == "games") return command_games(shared, user);
  if (sub == "rules") return command_rules(arg(words, 1, "the game's kind"));
  if (sub == "claim")
    return command_claim(shared, user, arg(words, 1, "the game"), arg(words, 2, "your token"));
  if (sub == "new") return command_new(shared, config, user, words);
  usage(fmt::format("no command '{}' (/caravan help lists them)", cut(sub, 40)));
}

Answer run_choice(Shared& shared, const User& user, const std::string& id) {
  if (!g_utf8_validate(id.data(), static_cast<gssize>(id.size()), nullptr))
    usage("this choice is not one of caravan-ref's");
  if (id.starts_with(notify::kBoardButton))
    return board_button(shared, user, id.substr(notify::kBoardButton.size()));
  // KIND|GAME|TURN|REST (see Choice); REST may hold bars of its own (a move's JSON).
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t bar; parts.size() < 3 && (bar = id.find('|', start)) != std::string::npos;
       start = bar + 1)
    parts.push_back(id.substr(start, bar - start));
  parts.push_back(id.substr(start));
  static const std::vector<std::string> kKinds = {"m", "a", "s", "w"};
  if (parts.size() != 4 || std::find(kKinds.begin(), kKinds.end(), parts[0]) == kKinds.end())
    usage("this choice is not one of caravan-ref's");
  const std::string& game = parts[1];
  const std::int64_t turn = turn_number(parts[2]);
  store::Database& db = thread_db(shared);
  referee::GamesInHand games(db);
  const auto row = game_row(games, game);
  const Document view = games.view(game, {}, true);
  const auto seat = own_seat(db, *row, view.value("to_move", Document::array()), user);
  const std::int64_t now = view.at("turn").get<std::int64_t>();
  if (turn != now)
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("that choice was for turn {}; game {} is at turn {} now "
                                      "(/caravan view {})",
                                      turn, game, now, game));
  if (parts[0] == "a") {
    static const std::vector<std::string> kActions = {"offer-draw", "accept-draw", "decline-draw",
                                                      "resign"};
    if (std::find(kActions.begin(), kActions.end(), parts[3]) == kActions.end())
      usage("this choice is not one of caravan-ref's");
    return play_turn(shared, games, game, seat, turn, "", parts[3]);
  }
  if (parts[0] == "s") {
    const auto bar = parts[3].find('|');
    if (bar == std::string::npos) usage("this choice is not one of caravan-ref's");
    const std::int64_t from = turn_number(parts[3].substr(0, bar));
    const Document chosen = json_of(parts[3].substr(bar + 1));
    if (!chosen.is_null() && !chosen.is_object() && !chosen.is_array() && !chosen.is_string())
      usage("this choice is not one of caravan-ref's");
    Answer answer = seat_answer(games, game, seat, "", chosen, static_cast<std::size_t>(from));
    answer.replaces = true;
    return answer;
  }
  if (parts[0] == "w") {
    const Document move = json_of(parts[3]);
    if (move.is_null()) usage("this choice is not one of caravan-ref's");
    return play_turn(shared, games, game, seat, turn, referee::move_line(move, row->kind), "");
  }
  const std::int64_t index = turn_number(parts[3]);
  const auto moves = games.legal_moves(game, seat.name, nullptr, kMaxMoveChoices);
  if (index >= static_cast<std::int64_t>(moves.moves.size()))
    throw core::UserError(core::Exit::kRejected, "that move is not one of yours now");
  const std::string line =
      referee::move_line(moves.moves.at(static_cast<std::size_t>(index)), row->kind);
  return play_turn(shared, games, game, seat, turn, line, "");
}

Document discord_commands() {
  auto text = [](const char* name, const char* description) {
    return Document{{"type", 3}, {"name", name}, {"description", description}, {"required", true}};
  };
  auto sub = [](const char* name, const char* description, Document options) {
    return Document{
        {"type", 1}, {"name", name}, {"description", description}, {"options", options}};
  };
  Document draw = text("answer", "offer, accept or decline");
  draw["choices"] = Document::array({{{"name", "offer"}, {"value", "offer"}},
                                     {{"name", "accept"}, {"value", "accept"}},
                                     {{"name", "decline"}, {"value", "decline"}}});
  return Document::array(
      {{{"name", "caravan"},
        {"type", 1},
        {"description", "play caravan-ref games"},
        {"options",
         Document::array(
             {sub("games", "your games here", Document::array()),
              sub("view", "a game: your hand and moves, only to you",
                  {text("game", "the game id")}),
              sub("moves", "your legal moves", {text("game", "the game id")}),
              sub("play", "play a move",
                  {text("game", "the game id"), text("move", "the move, as moves writes it")}),
              sub("resign", "resign the game", {text("game", "the game id")}),
              sub("draw", "offer, accept or decline a draw", {text("game", "the game id"), draw}),
              sub("rules", "a game's rules in short", {text("kind", "the kind: nv-caravan, ...")}),
              sub("claim", "link your seat to you with its token (only you see the answer)",
                  {text("game", "the game id"), text("token", "your seat's token")}),
              sub("new", "start a game (game masters)",
                  {text("kind", "the kind"), text("players", "the players' names, spaced")})})}}});
}

std::string secret_from(const std::string& value, const std::string& file, const char* env) {
  if (!value.empty()) return value;
  if (!file.empty()) {
    std::ifstream in(file);
    std::stringstream text;
    if (!in || !(text << in.rdbuf()))
      throw core::UserError(core::Exit::kConfig,
                            fmt::format("cannot read the secret file {}", file));
    std::string secret = text.str();
    while (!secret.empty() && std::isspace(static_cast<unsigned char>(secret.back())))
      secret.pop_back();
    return secret;
  }
  const char* set = std::getenv(env);
  return set ? set : "";
}

}  // namespace serve::chat

namespace serve {

void add_chat_routes(httplib::Server& server, Shared& shared, const cli::ServeOptions& options) {
  const std::string discord =
      chat::secret_from(options.discord_public_key, "", "CARAVAN_REF_DISCORD_PUBLIC_KEY");
  const std::string slack =
      chat::secret_from("", options.slack_signing_secret_file, "CARAVAN_REF_SLACK_SIGNING_SECRET");
  if (!discord.empty()) add_discord_routes(server, shared, discord, options.chat_masters);
  if (!slack.empty()) add_slack_routes(server, shared, slack, options.chat_masters);
}

}  // namespace serve
