// caravan-ref serve's connections: cpp-httplib's server, with each whole request bounded in time
// (its own socket stream bounds each read alone) and a stop flag every long answer watches.
#pragma once

#include <atomic>
#include <chrono>

#include <httplib.h>

namespace serve {

using Clock = std::chrono::steady_clock;

// Set once SIGTERM or SIGINT arrives: keep-alive loops and event streams end.
extern std::atomic<bool> g_stopping;

// A request's line, headers and body must arrive within `request_seconds` of its first byte,
// however slowly they trickle in.
class Server final : public httplib::Server {
 public:
  explicit Server(int request_seconds) : request_seconds_(request_seconds) {
    // What the Keep-Alive header says: this loop's own figures.
    set_keep_alive_max_count(kKeepAliveRequests);
    set_keep_alive_timeout(kKeepAliveSeconds);
  }

 private:
  // As cpp-httplib's own keep-alive loop, on a connection that bounds each whole request.
  bool process_and_close_socket(socket_t sock) override;
  // Waits for a request's first byte at most kKeepAliveSeconds, watching for the stop.
  static bool idle_until_readable(int fd);

  static constexpr int kWriteSeconds = 10;
  static constexpr int kKeepAliveSeconds = 5;
  static constexpr int kKeepAliveRequests = 1000;
  int request_seconds_;
};

}  // namespace serve
