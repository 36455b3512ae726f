// Play from chat (caravan-ref(1), PLAYING FROM CHAT): what both platforms share. A command
// (`/caravan SUB ARGS`) or a tapped button is run for a chat user and answered as a document
// neither platform's: its text, whether only the asker sees it, and the choices (moves, actions)
// it offers; discord.cpp and slack.cpp check each request's signature and write the answer in
// their platform's form.
//
// Promise: a seat is played or shown only to the chat user linked to it (admin notify mention,
// or `claim GAME TOKEN`, the same turn of the record), and anything private (a hand, the moves)
// is answered so that only the asker sees it. Every move and action is a turn file with the
// seat's turn pass played through referee::submit under shared.turns: the same chained turn as by
// mail or a page. A token given to `claim` is never repeated in an answer nor written to the log;
// wrong ones are throttled per chat user as wrong Bearer tokens are per address.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "notify/targets.hpp"
#include "serve/shared.hpp"

namespace serve {
namespace chat {

// A chat user: the platform (notify::Format::kDiscord or kSlack) and its user id.
struct User {
  notify::Format platform = notify::Format::kDiscord;
  std::string id;
};

// A button or an option of a menu: `id` is what the platform sends back when it is chosen.
//   m|GAME|TURN|INDEX        play the INDEXth legal move of that turn (a seat with at most
//                            kMaxMoveChoices moves: a button each)
//   a|GAME|TURN|ACTION       take the action (offer-draw, accept-draw, decline-draw, resign)
//   s|GAME|TURN|FROM|PARTIAL the next parts after PARTIAL (a partial move as JSON, null for none
//                            yet; referee/move_steps.hpp), from the FROMth: a seat with more moves
//                            builds one a part at a time
//   w|GAME|TURN|MOVE         play MOVE (JSON), the move the parts chosen make
//   b|GAME                   the board message's "Your move" (notify::kBoardButton): the moves of
//                            the presser, when linked to the seat to move
// Nothing in an id is trusted: the turn must be the game's now, and the move legal then (the
// turn is played through referee::submit). Discord takes 100 characters (custom_id), Slack 2000
// (a button's value); an id longer than a platform takes goes by fit_id's key.
struct Choice {
  std::string id;
  std::string label;   // at most 80 characters (Discord's button label)
  bool move = true;    // false: an action (draw, resign)
  bool plays = false;  // it plays a move (m|, w|); a part (s|) shows the next ones
};

struct Answer {
  std::string text;
  bool ephemeral = true;        // shown to the asker alone
  std::vector<Choice> choices;  // the legal moves (or the parts) first, then the actions
  // Answers a choice of parts: it replaces the message the choice was on (Discord's
  // UPDATE_MESSAGE, Slack's replace_original) rather than adding one.
  bool replaces = false;
};

// The longest text an answer has (Discord's message content takes 2000 characters).
inline constexpr std::size_t kMaxText = 1900;
// The most moves an answer offers as choices (a menu of 25: Discord's limit); a seat with more
// builds its move a part at a time.
inline constexpr std::size_t kMaxMoveChoices = 25;
// The parts (or moves they complete) an answer shows at once, with "More" and "Start again":
// with the actions, buttons that fit both platforms (Discord's five rows of five, Slack's 25
// elements) without a menu.
inline constexpr std::size_t kStepChoices = 18;

// Choice ids too long for a platform (Discord's custom_id: 100 characters; a partial move of
// caravanserai's long paths is longer) go as a short key, "k|" and 32 hex digits of the id's
// hash, and the id is kept in the store under it (store::keep_chat_id), where every serve on the
// database finds it, for thirty days. A key not found there is answered with a refusal that says
// to ask again (/caravan view).
std::string fit_id(Shared& shared, const std::string& id, std::size_t max);
// The id a key (k|) stands for; nullopt when no serve on this database kept it (or it is older
// than thirty days).
std::optional<std::string> kept_id(Shared& shared, const std::string& key);

// What serve was given for chat: the game masters' chat users (--chat-master), who may `new`.
struct Config {
  std::vector<std::string> masters;  // "discord:ID", "slack:ID"
};

// Each signed request once, whichever serve it reaches: a signature or an interaction id seen
// within the last ten minutes by any serve on this database (or by this one before a restart) is
// a replay; a request older than five minutes is refused by its timestamp anyway. `key` names
// the platform and the kind ("slack:sig:" and the signature); the store keeps only its hash
// (store/chat_seen.hpp), on the one clock's time. A signature is no secret (it goes over the
// wire, and proves only the request it came with), but its hash is what is kept all the same: of
// one length, and no request can be rebuilt or replayed from it.
bool first_sight(Shared& shared, const std::string& key);

// Answers made after the request was answered: each in a detached thread that makes it (which
// may use serve's Shared) and posts it. The destructor waits for those still running: a
// platform's routes own one, and they go before serve's Shared does.
class Deferred {
 public:
  Deferred() = default;
  Deferred(const Deferred&) = delete;
  Deferred& operator=(const Deferred&) = delete;
  ~Deferred();
  // Posts make() (a JSON body) to `url`.
  void start(const std::string& url, std::function<std::string()> make);

 private:
  std::mutex mutex_;
  std::condition_variable done_;
  int pending_ = 0;
};

// `words`: the subcommand, then its arguments (a move may have spaces: it is one argument).
Answer run_command(Shared& shared, const Config& config, const User& user,
                   const std::vector<std::string>& words);
// A chosen button or menu option (Choice::id).
Answer run_choice(Shared& shared, const User& user, const std::string& id);
// `text` in at most `max` bytes: cut between UTF-8 characters, "..." saying so.
std::string shortened(const std::string& text, std::size_t max);
// Whether a seat of `game` is held by the referee's bot: then a turn is answered after the bot's
// own (referee::submit plays them), which may take longer than a platform waits.
bool seated_bot(Shared& shared, const std::string& game);
// POSTs `body` (JSON) with libcurl, http and https only, within ten seconds; false (said on
// standard error, without the URL) when it was not taken.
bool post_json(const std::string& url, const std::string& body);

// "SUB ARG ARG REST...": a Slack command's text split as run_command takes it (the last
// argument of `play` and of `new` is the rest of the line).
std::vector<std::string> split_words(const std::string& text);

// The JSON that registers the /caravan command with its subcommands (Discord's application
// commands API; printed by `caravan-ref serve --discord-commands`).
core::Document discord_commands();

// The secret given as HEX, else read from `file`, else from the environment variable; empty when
// none. UserError 78 for a file that cannot be read.
std::string secret_from(const std::string& value, const std::string& file, const char* env);

}  // namespace chat

// The routes of each platform (discord.cpp, slack.cpp); add_chat_routes (routes.hpp) adds those
// whose key or secret serve was given.
void add_discord_routes(httplib::Server& server, Shared& shared, const std::string& public_key_hex,
                        const std::vector<std::string>& masters);
void add_slack_routes(httplib::Server& server, Shared& shared, const std::string& secret,
                      const std::vector<std::string>& masters);

}  // namespace serve
