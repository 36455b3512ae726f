// caravan-ref serve [--listen HOST:PORT] [--base-url URL]: the live pages and the HTTP API
// (src/serve/server.hpp), run by caravan-ref-serve.
#include <cerrno>
#include <cstring>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "notify/targets.hpp"
#include "referee/page_link.hpp"

namespace cli {

ServeRunner serve_runner = nullptr;

void run_serve_helper(char** argv) {
  constexpr const char* kHelper = "caravan-ref-serve";
  std::string tried;
  for (const auto& candidate : helper_candidates(kHelper)) {
    execv(candidate.c_str(), argv);
    tried += fmt::format("\n  {}: {}", candidate, std::strerror(errno));
  }
  throw core::UserError(core::Exit::kConfig, "serve needs " + std::string(kHelper) +
                                                 ", installed with caravan-ref; it could not "
                                                 "be run:" +
                                                 tried);
}

namespace {

// "HOST:PORT", "[V6]:PORT" or ":PORT" (127.0.0.1): UserError 64 otherwise.
void parse_listen(const std::string& text, ServeOptions& options) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos)
    throw core::UserError(core::Exit::kUsage,
                          fmt::format("--listen '{}': give HOST:PORT (127.0.0.1:8080)", text));
  std::string host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  if (!host.empty()) options.host = host;
  const std::string port = text.substr(colon + 1);
  int value = -1;
  if (!port.empty() && port.size() <= 5 &&
      port.find_first_not_of("0123456789") == std::string::npos)
    value = std::stoi(port);
  if (value < 0 || value > 65535)
    throw core::UserError(core::Exit::kUsage,
                          fmt::format("--listen '{}': the port is a number 0 to 65535 (0: any "
                                      "free port, printed)",
                                      text));
  options.port = value;
}

}  // namespace

void add_serve(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<ServeOptions>();
  auto listen = std::make_shared<std::string>("127.0.0.1:8080");
  auto* cmd = app.add_subcommand(
      "serve",
      "serve the games' live pages and the HTTP API (plain HTTP: TLS is a reverse "
      "proxy's); prints the address it listens on, then runs until SIGTERM or SIGINT");
  cmd->add_option("--listen", *listen,
                  "HOST:PORT to listen on (default 127.0.0.1:8080; port 0: a free one)");
  cmd->add_option("--base-url", opts->base_url,
                  "where players reach it, for the links it makes (default: "
                  "$CARAVAN_REF_BASE_URL, else http://HOST:PORT)");
  cmd->add_option("--threads", opts->threads, "requests served at once (default 8)")
      ->check(CLI::Range(2, 1024));
  cmd->add_option("--request-timeout", opts->request_seconds,
                  "seconds a request may take to arrive whole (default 10)")
      ->check(CLI::Range(1, 600));
  cmd->add_option("--discord-public-key", opts->discord_public_key,
                  "play from Discord: the application's public key, 64 hex digits (default: "
                  "$CARAVAN_REF_DISCORD_PUBLIC_KEY); serves /discord/interactions");
  cmd->add_option("--slack-signing-secret-file", opts->slack_signing_secret_file,
                  "play from Slack: a file holding the app's signing secret (default: "
                  "$CARAVAN_REF_SLACK_SIGNING_SECRET); serves /slack/commands and "
                  "/slack/interactions");
  cmd->add_option("--chat-master", opts->chat_masters,
                  "a chat user (discord:ID or slack:ID) who may start games from chat; repeatable");
  cmd->add_flag("--discord-commands", opts->discord_commands,
                "print the JSON that registers the /caravan command with Discord, and stop");
  cmd->callback([&context, &handler, opts, listen] {
    handler = [&context, opts, listen] {
      if (opts->discord_commands) {
        if (serve_runner == nullptr)
          throw core::UserError(core::Exit::kConfig, "serve runs in caravan-ref-serve only");
        return serve_runner(context, *opts);
      }
      for (const auto& master : opts->chat_masters)
        if (notify::parse_mention(master).user.empty())
          throw core::UserError(
              core::Exit::kUsage,
              fmt::format("--chat-master '{}': give discord:ID or slack:ID", master));
      parse_listen(*listen, *opts);
      if (opts->base_url.empty())
        if (const char* env = std::getenv("CARAVAN_REF_BASE_URL"); env && *env)
          opts->base_url = env;
      if (!opts->base_url.empty()) opts->base_url = referee::checked_base_url(opts->base_url);
      context.existing_db();  // a missing database is 66 now, not at the first request
      if (serve_runner == nullptr)
        throw core::UserError(core::Exit::kConfig, "serve runs in caravan-ref-serve only");
      return serve_runner(context, *opts);
    };
  });
}

}  // namespace cli
