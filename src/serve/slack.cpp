// Slack's slash command and interactivity (caravan-ref(1), PLAYING FROM CHAT): POST
// /slack/commands (the /caravan command's Request URL) and /slack/interactions (the app's
// Interactivity Request URL).
// Every request is checked as Slack signs it: X-Slack-Signature is v0= and the hex HMAC-SHA256
// (libsodium) of "v0:" X-Slack-Request-Timestamp ":" and the raw body, keyed with the app's
// signing secret. A bad or missing signature, a timestamp more than five minutes from now, or a
// signature seen before by any serve on the database (chat::first_sight) is answered 401 and
// changes nothing.
//
// A button or menu is answered at once with an empty 200, as Slack asks; it is played, and what
// it did posted to the request's response_url (Slack's hooks.slack.com, or the base
// CARAVAN_REF_SLACK_API names, for tests), from a detached thread. So is a command that plays a
// turn in a game where the referee's bot holds a seat; any other command is answered in the
// request's own answer.
// A part of a move chosen (chat::Choice's s|) replaces the message it was on (replace_original);
// anything else is a message of its own.
#include <cstdlib>
#include <memory>
#include <string>

#include <fmt/format.h>
#include <sodium.h>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "serve/chat.hpp"
#include "serve/routes.hpp"

namespace serve {

namespace {

using core::Document;

struct Slack {
  std::string secret;
  chat::Config config;
  chat::Deferred deferred;  // last: the first to go, waiting for the answers that use the rest
};

bool signed_by_slack(const Slack& slack, Shared& shared, const httplib::Request& req) {
  const std::string timestamp = req.get_header_value("X-Slack-Request-Timestamp");
  const std::string signature = req.get_header_value("X-Slack-Signature");
  if (timestamp.empty() || timestamp.size() > 12 ||
      timestamp.find_first_not_of("0123456789") != std::string::npos ||
      signature.size() != 3 + 2 * crypto_auth_hmacsha256_BYTES)
    return false;
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(core::now().time_since_epoch()).count();
  if (std::llabs(now - std::stoll(timestamp)) > 300) return false;
  const std::string base = "v0:" + timestamp + ":" + req.body;
  crypto_auth_hmacsha256_state state;
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(slack.secret.data()),
                              slack.secret.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(base.data()),
                                base.size());
  crypto_auth_hmacsha256_final(&state, mac);
  const std::string expected = fmt::format("v0={}", core::to_hex(mac, sizeof mac));
  if (!core::same_digest(expected, signature)) return false;
  return chat::first_sight(shared, "slack:sig:" + signature);
}

Document text_object(const std::string& text) {
  return {{"type", "plain_text"}, {"text", text.empty() ? "-" : chat::shortened(text, 75)}};
}

Document message_of(const chat::Answer& answer) {
  const std::string& text = answer.text;
  Document message = {{"response_type", answer.ephemeral ? "ephemeral" : "in_channel"},
                      {"text", text}};
  if (answer.choices.empty()) return message;
  Document blocks =
      Document::array({{{"type", "section"},
                        {"text", {{"type", "mrkdwn"}, {"text", chat::shortened(text, 3000)}}}}});
  Document elements = Document::array();
  std::size_t moves = 0;
  for (const auto& choice : answer.choices) moves += choice.move ? 1 : 0;
  // Buttons while an actions block holds them all (25); beyond that the moves in one menu.
  if (answer.choices.size() > 25) {
    Document options = Document::array();
    for (const auto& choice : answer.choices)
      if (choice.move)
        options.push_back({{"text", text_object(choice.label)}, {"value", choice.id}});
    elements.push_back({{"type", "static_select"},
                        {"action_id", "select"},
                        {"placeholder", text_object("Choose a move")},
                        {"options", options}});
  }
  // A button's action_id is unique in its message, at most 255 characters: its place.
  for (std::size_t i = 0; i < answer.choices.size(); ++i) {
    const chat::Choice& choice = answer.choices[i];
    if (choice.move && answer.choices.size() > 25) continue;
    Document button = {{"type", "button"},
                       {"action_id", fmt::format("choice-{}", i)},
                       {"value", choice.id},
                       {"text", text_object(choice.label)}};
    if (!choice.move && choice.id.ends_with("|resign")) button["style"] = "danger";
    if (choice.plays) button["style"] = "primary";
    elements.push_back(button);
  }
  blocks.push_back({{"type", "actions"}, {"elements", elements}});
  message["blocks"] = blocks;
  return message;
}

chat::Answer refused(const core::UserError& error) {
  chat::Answer answer;
  answer.text = fmt::format("Refused ({}): {}", static_cast<int>(error.code()), error.what());
  return answer;
}

void unsigned_answer(httplib::Response& res) {
  res.status = 401;
  res.set_content("invalid request signature\n", "text/plain");
}

// Where a follow-up may go: Slack's own hooks, or the test's base.
bool allowed_response_url(const std::string& url) {
  if (url.starts_with("https://hooks.slack.com/")) return true;
  const char* base = std::getenv("CARAVAN_REF_SLACK_API");
  return base && *base && url.starts_with(base);
}

void command(Slack& slack, Shared& shared, const httplib::Request& req, httplib::Response& res) {
  if (!signed_by_slack(slack, shared, req)) return unsigned_answer(res);
  if (req.get_param_value("ssl_check") == "1") {
    res.status = 200;
    return;
  }
  const chat::User user{notify::Format::kSlack, req.get_param_value("user_id")};
  const auto words = chat::split_words(req.get_param_value("text"));
  auto run = [&slack, &shared, user, words] {
    chat::Answer answer;
    try {
      if (user.id.empty()) throw core::UserError(core::Exit::kUsage, "no user_id in the command");
      answer = chat::run_command(shared, slack.config, user, words);
    } catch (const core::UserError& error) {
      answer = refused(error);
    }
    return message_of(answer);
  };
  // A turn after which the referee's bot plays may outlast Slack's three seconds: an empty 200
  // at once, the answer on the request's response_url.
  const std::string response_url = req.get_param_value("response_url");
  if (words.size() > 1 && (words[0] == "play" || words[0] == "resign" || words[0] == "draw") &&
      allowed_response_url(response_url) && chat::seated_bot(shared, words[1])) {
    slack.deferred.start(response_url, [run] { return run().dump(); });
    res.status = 200;
    return;
  }
  send_json(res, 200, run());
}

void interaction(Slack& slack, Shared& shared, const httplib::Request& req,
                 httplib::Response& res) {
  if (!signed_by_slack(slack, shared, req)) return unsigned_answer(res);
  const Document payload = Document::parse(req.get_param_value("payload"), nullptr, false);
  if (!payload.is_object() || payload.value("type", "") != "block_actions") {
    res.status = 200;  // nothing else is asked of this app
    return;
  }
  const std::string response_url = payload.value("response_url", "");
  const chat::User user{notify::Format::kSlack,
                        payload.value("user", Document::object()).value("id", "")};
  const Document actions = payload.value("actions", Document::array());
  res.status = 200;
  // Nowhere to answer: nothing is done (a button is played only where its player is told).
  if (!allowed_response_url(response_url)) return;
  slack.deferred.start(response_url, [&shared, user, actions] {
    chat::Answer answer;
    try {
      if (user.id.empty() || actions.empty() || !actions[0].is_object())
        throw core::UserError(core::Exit::kUsage, "no user or no action in the interaction");
      const Document& action = actions[0];
      const std::string id = action.contains("selected_option")
                                 ? action["selected_option"].value("value", "")
                                 : action.value("value", "");
      answer = chat::run_choice(shared, user, id);
    } catch (const core::UserError& error) {
      answer = refused(error);
    }
    // The parts of a move replace the message they were chosen on; anything else is a message
    // of its own (a turn's receipt stays, and the board's message in the channel is never
    // replaced).
    Document message = message_of(answer);
    message["replace_original"] = answer.replaces;
    return message.dump();
  });
}

}  // namespace

void add_slack_routes(httplib::Server& server, Shared& shared, const std::string& secret,
                      const std::vector<std::string>& masters) {
  core::ensure_sodium();
  auto slack = std::make_shared<Slack>();
  slack->secret = secret;
  slack->config.masters = masters;
  server.Post("/slack/commands",
              [&shared, slack](const httplib::Request& req, httplib::Response& res) {
                guarded(res, [&] { command(*slack, shared, req, res); });
              });
  server.Post("/slack/interactions",
              [&shared, slack](const httplib::Request& req, httplib::Response& res) {
                guarded(res, [&] { interaction(*slack, shared, req, res); });
              });
}

}  // namespace serve
