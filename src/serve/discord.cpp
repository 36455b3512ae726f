// Discord's interactions (caravan-ref(1), PLAYING FROM CHAT): POST /discord/interactions, the URL
// given as the application's Interactions Endpoint URL. Every request is checked as Discord signs
// it: an Ed25519 signature (X-Signature-Ed25519) of X-Signature-Timestamp then the raw body,
// against the application's public key (libsodium). A bad or missing signature, a timestamp more
// than five minutes from now, or a request seen before by any serve on the database (its
// interaction id or its signature: chat::first_sight) is answered 401 and changes nothing.
//
// A part of a move chosen (chat::Choice's s|) is answered by updating the message it was on
// (UPDATE_MESSAGE); everything else by a message of its own. A choice id beyond a custom_id's 100
// characters is sent as the short key it is kept under in the store (chat::fit_id).
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <sodium.h>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "referee/referee.hpp"
#include "serve/chat.hpp"
#include "serve/routes.hpp"

namespace serve {

namespace {

using core::Document;

constexpr int kEphemeral = 64;  // Discord's message flag: only the asker sees it

struct Discord {
  std::string public_key;  // 32 bytes
  chat::Config config;
  chat::Deferred deferred;  // last: the first to go, waiting for the answers that use the rest
};

std::string from_hex(const std::string& hex, std::size_t size) {
  std::string bytes(size, '\0');
  std::size_t written = 0;
  if (hex.size() != size * 2 ||
      sodium_hex2bin(reinterpret_cast<unsigned char*>(bytes.data()), size, hex.data(), hex.size(),
                     nullptr, &written, nullptr) != 0 ||
      written != size)
    return "";
  return bytes;
}

// Whether the request is Discord's, signed now, and not seen before.
bool signed_by_discord(const Discord& discord, Shared& shared, const httplib::Request& req) {
  const std::string signature =
      from_hex(req.get_header_value("X-Signature-Ed25519"), crypto_sign_BYTES);
  const std::string timestamp = req.get_header_value("X-Signature-Timestamp");
  if (signature.empty() || timestamp.empty() || timestamp.size() > 12 ||
      timestamp.find_first_not_of("0123456789") != std::string::npos)
    return false;
  const std::string message = timestamp + req.body;
  if (crypto_sign_verify_detached(
          reinterpret_cast<const unsigned char*>(signature.data()),
          reinterpret_cast<const unsigned char*>(message.data()), message.size(),
          reinterpret_cast<const unsigned char*>(discord.public_key.data())) != 0)
    return false;
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(core::now().time_since_epoch()).count();
  if (std::llabs(now - std::stoll(timestamp)) > 300) return false;
  return chat::first_sight(shared, "discord:sig:" + signature);
}

constexpr std::size_t kCustomId = 100;  // Discord's custom_id (and a menu option's value)

Document components_of(const chat::Answer& answer, Shared& shared) {
  Document rows = Document::array();
  std::vector<const chat::Choice*> moves, actions;
  for (const auto& choice : answer.choices) (choice.move ? moves : actions).push_back(&choice);
  auto button = [&shared](const chat::Choice& choice) {
    // A button that plays a move is primary; a part, a page and an action are secondary.
    return Document{{"type", 2},
                    {"style", choice.plays ? 1 : 2},
                    {"label", choice.label.empty() ? "-" : choice.label},
                    {"custom_id", chat::fit_id(shared, choice.id, kCustomId)}};
  };
  auto add_buttons = [&](const std::vector<const chat::Choice*>& list) {
    for (std::size_t i = 0; i < list.size() && rows.size() < 5; i += 5) {
      Document row = {{"type", 1}, {"components", Document::array()}};
      for (std::size_t j = i; j < list.size() && j < i + 5; ++j)
        row["components"].push_back(button(*list[j]));
      rows.push_back(row);
    }
  };
  // Buttons while they fit five rows of five; beyond that the moves in one menu (25 options).
  const std::size_t action_rows = (actions.size() + 4) / 5;
  if ((moves.size() + 4) / 5 + action_rows <= 5) {
    add_buttons(moves);
  } else {
    Document options = Document::array();
    for (const auto* move : moves)
      if (options.size() < 25)
        options.push_back({{"label", move->label.empty() ? "-" : move->label},
                           {"value", chat::fit_id(shared, move->id, kCustomId)}});
    rows.push_back({{"type", 1},
                    {"components", Document::array({{{"type", 3},
                                                     {"custom_id", "select"},
                                                     {"placeholder", "Choose a move"},
                                                     {"options", options}}})}});
  }
  add_buttons(actions);
  return rows;
}

// The answer as Discord's interaction response: a message of its own (type 4), or, for the
// parts of a move, the message they were chosen on updated (type 7, UPDATE_MESSAGE: it stays
// as ephemeral as it was).
Document message_of(const chat::Answer& answer, Shared& shared) {
  Document data = {{"content", answer.text}, {"allowed_mentions", {{"parse", Document::array()}}}};
  if (answer.ephemeral && !answer.replaces) data["flags"] = kEphemeral;
  if (!answer.choices.empty()) {
    // The ids kept for their length (chat::fit_id) are one transaction's writes, not one each.
    const bool keeps = std::any_of(answer.choices.begin(), answer.choices.end(),
                                   [](const chat::Choice& c) { return c.id.size() > kCustomId; });
    std::optional<store::Transaction> keeping;
    if (keeps) keeping.emplace(thread_db(shared));
    data["components"] = components_of(answer, shared);
    if (keeping) keeping->commit();
  }
  return {{"type", answer.replaces ? 7 : 4}, {"data", data}};
}

std::string user_of(const Document& interaction) {
  if (interaction.contains("member") && interaction["member"].contains("user"))
    return interaction["member"]["user"].value("id", "");
  if (interaction.contains("user")) return interaction["user"].value("id", "");
  return "";
}

void interaction(Discord& discord, Shared& shared, const httplib::Request& req,
                 httplib::Response& res) {
  if (!signed_by_discord(discord, shared, req)) {
    res.status = 401;
    res.set_content("invalid request signature\n", "text/plain");
    return;
  }
  const Document body = Document::parse(req.body, nullptr, false);
  if (!body.is_object() || !body.contains("type") || !body["type"].is_number_integer()) {
    send_error(res, core::UserError(core::Exit::kUsage, "not an interaction"));
    return;
  }
  const int type = body["type"].get<int>();
  if (type == 1) {  // PING
    send_json(res, 200, {{"type", 1}});
    return;
  }
  if (body.contains("id") && !chat::first_sight(shared, "discord:id:" + body["id"].dump())) {
    res.status = 401;
    res.set_content("this interaction was answered already\n", "text/plain");
    return;
  }
  const chat::User user{notify::Format::kDiscord, user_of(body)};
  const Document data = body.value("data", Document::object());
  // What is asked: a command's words, or a chosen button's (or menu option's) id.
  std::vector<std::string> words;
  std::string choice, game;
  // A kept id (k|, see chat::fit_id) no longer known.
  bool expired = false;
  if (type == 2) {  // APPLICATION_COMMAND: /caravan SUB with its options
    const Document subs = data.value("options", Document::array());
    if (!subs.empty() && subs[0].is_object()) {
      words.push_back(subs[0].value("name", ""));
      for (const auto& option : subs[0].value("options", Document::array()))
        words.push_back(option.value("value", Document("")).is_string()
                            ? option["value"].get<std::string>()
                            : option["value"].dump());
    }
    if (words.size() > 1 && (words[0] == "play" || words[0] == "resign" || words[0] == "draw"))
      game = words[1];
  } else if (type == 3) {  // MESSAGE_COMPONENT: a button, or an option of the menu
    choice = data.value("custom_id", "");
    const Document values = data.value("values", Document::array());
    if (choice == "select" && !values.empty() && values[0].is_string())
      choice = values[0].get<std::string>();
    if (choice.starts_with("k|")) {  // an id kept here, too long for a custom_id
      const auto kept = chat::kept_id(shared, choice);
      expired = !kept;
      if (kept) choice = *kept;
    }
    // A choice that plays names its game: m|, a| and w| (chat::Choice).
    const auto first = choice.find('|'), second = choice.find('|', first + 1);
    if ((choice.starts_with("m|") || choice.starts_with("a|") || choice.starts_with("w|")) &&
        second != std::string::npos)
      game = choice.substr(first + 1, second - first - 1);
  }
  auto run = [&discord, &shared, type, user, words, choice, expired] {
    chat::Answer answer;
    try {
      if (user.id.empty()) throw core::UserError(core::Exit::kUsage, "no user in the interaction");
      if (expired)
        throw core::UserError(core::Exit::kRejected,
                              "this choice is no longer known (older than thirty days, or from "
                              "another database): /caravan view GAME gives fresh ones");
      if (type == 2)
        answer = chat::run_command(shared, discord.config, user, words);
      else if (type == 3)
        answer = chat::run_choice(shared, user, choice);
      else
        throw core::UserError(core::Exit::kUsage, "an interaction of a type this server takes not");
    } catch (const core::UserError& error) {
      answer = {};
      answer.text = fmt::format("Refused ({}): {}", static_cast<int>(error.code()), error.what());
    }
    return message_of(answer, shared);
  };
  // A turn after which the referee's bot plays may outlast Discord's three seconds: answered at
  // once as deferred (type 5), then followed up on the interaction's webhook.
  const std::string application = body.value("application_id", "");
  const std::string token = body.value("token", "");
  const bool addressable =
      !application.empty() && application.size() <= 20 &&
      application.find_first_not_of("0123456789") == std::string::npos && !token.empty() &&
      token.size() <= 500 &&
      token.find_first_not_of(
          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.") == std::string::npos;
  if (!game.empty() && addressable && chat::seated_bot(shared, game)) {
    const char* api = std::getenv("CARAVAN_REF_DISCORD_API");
    const std::string url = fmt::format(
        "{}/webhooks/{}/{}", api && *api ? api : "https://discord.com/api/v10", application, token);
    discord.deferred.start(url, [run] { return run()["data"].dump(); });
    send_json(res, 200, {{"type", 5}, {"data", {{"flags", kEphemeral}}}});
    return;
  }
  send_json(res, 200, run());
}

}  // namespace

void add_discord_routes(httplib::Server& server, Shared& shared, const std::string& public_key_hex,
                        const std::vector<std::string>& masters) {
  core::ensure_sodium();
  auto discord = std::make_shared<Discord>();
  discord->public_key = from_hex(public_key_hex, crypto_sign_PUBLICKEYBYTES);
  if (discord->public_key.empty())
    throw core::UserError(core::Exit::kUsage,
                          "--discord-public-key: the application's public key is 64 hex digits "
                          "(the Developer Portal, General Information)");
  discord->config.masters = masters;
  server.Post("/discord/interactions",
              [&shared, discord](const httplib::Request& req, httplib::Response& res) {
                guarded(res, [&] { interaction(*discord, shared, req, res); });
              });
}

}  // namespace serve
