#include "serve/server.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include <fmt/format.h>
#include <httplib.h>
#include <signal.h>
#include <sys/socket.h>

#include "core/errors.hpp"
#include "referee/page_link.hpp"
#include "referee/referee.hpp"
#include "serve/chat.hpp"
#include "serve/connection.hpp"
#include "serve/routes.hpp"
#include "serve/shared.hpp"

namespace serve {

int run(cli::Context& context, const cli::ServeOptions& options) {
  if (options.discord_commands) {
    std::cout << chat::discord_commands().dump(2) << "\n";
    return 0;
  }
  Shared shared;
  shared.db_path = context.db_path();
  shared.open.create = false;
  shared.open.key_file = context.key_file_option;
  if (shared.open.key_file.empty())
    if (const char* env = std::getenv("CARAVAN_REF_KEY"); env && *env) shared.open.key_file = env;
  shared.base_url = options.base_url;
  shared.streams_max = std::max(1, options.threads / 2);
  referee::capability_key(
      context.existing_db());  // the key file is read (or made) before any request

  // SIGTERM and SIGINT are taken by one thread (sigwait), which stops the server; every other
  // thread, made after this, has them blocked. A write to a closed connection is an error, not a
  // signal.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  Server server(options.request_seconds);
  const auto threads = static_cast<std::size_t>(options.threads);
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_payload_max_length(options.max_body);
  // An answer goes out in two writes (headers, then body); with Nagle's algorithm the second
  // waits for the client's delayed acknowledgement of the first, 40 ms on Linux, on every request.
  server.set_tcp_nodelay(true);
  server.set_read_timeout(options.request_seconds, 0);
  server.set_write_timeout(10, 0);
  server.set_logger([](const httplib::Request& req, const httplib::Response& res) {
    std::cerr << fmt::format("caravan-ref serve: {} {} {} {}\n", req.remote_addr, req.method,
                             logged_path(req.path), res.status);
  });
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const int status = res.status;
    const auto code = status == 413   ? core::Exit::kRejected
                      : status == 404 ? core::Exit::kNoInput
                                      : core::Exit::kUsage;
    const std::string message = status == 413   ? "the request is larger than this server takes"
                                : status == 404 ? "no such page or API"
                                                : fmt::format("a bad request ({})", status);
    send_json(res, status, referee::rejection(core::UserError(code, message)));
  });

  add_api_routes(server, shared);
  add_page_routes(server, shared);
  add_standings_routes(server, shared);
  add_chat_routes(server, shared, options);
  server.Get("/favicon.ico", [](const httplib::Request&, httplib::Response& res) {
    res.status = 204;  // none: a browser asks for it on every page
  });

  // cpp-httplib 0.11 listens with a backlog of 5, fixed when the library was built: in a burst of
  // connections (a page open in many browsers at once) the kernel drops the connections over it,
  // which try again a second later. Its socket hook hands over the listening socket (doing what
  // its default hook does, SO_REUSEADDR, but not SO_REUSEPORT: a second server on the same port
  // must fail), and listen() again on it sets the backlog (Linux).
  int listening = -1;
  server.set_socket_options([&listening](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listening = sock;
  });
  const int port = options.port == 0 ? server.bind_to_any_port(options.host)
                   : server.bind_to_port(options.host, options.port) ? options.port
                                                                     : -1;
  if (port < 0)
    throw core::UserError(core::Exit::kTempFail,
                          fmt::format("cannot listen on {}:{} (in use, or not this host's)",
                                      options.host, options.port));
  if (listening >= 0) ::listen(listening, SOMAXCONN);
  const bool v6 = options.host.find(':') != std::string::npos;
  std::cout << fmt::format("http://{}{}{}:{}", v6 ? "[" : "", options.host, v6 ? "]" : "", port)
            << std::endl;

  std::thread waiter([&server, stop_signals] {
    int signal_number = 0;
    sigwait(&stop_signals, &signal_number);
    g_stopping = true;
    server.stop();
  });
  const bool listened = server.listen_after_bind();
  if (!g_stopping) {  // the server ended by itself: wake the waiter
    g_stopping = true;
    pthread_kill(waiter.native_handle(), SIGTERM);
  }
  waiter.join();
  std::cerr << "caravan-ref serve: stopped\n";
  return listened || g_stopping ? 0 : static_cast<int>(core::Exit::kTempFail);
}

}  // namespace serve
