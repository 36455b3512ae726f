#include "serve/connection.hpp"

#include <algorithm>

#include <arpa/inet.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace serve {

std::atomic<bool> g_stopping{false};

namespace {

// The connection: cpp-httplib's own socket stream bounds each read by the read timeout, so a
// client that sends a byte a second is never cut. This one also bounds the whole request: from
// its first byte, its line, headers and body must arrive within `request_seconds`.

class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(int fd, int write_seconds) : fd_(fd), write_ms_(write_seconds * 1000) {}

  void start_request(Clock::time_point deadline) { deadline_ = deadline; }

  bool is_readable() const override { return begin_ < end_ || wait(POLLIN, remaining_ms()); }
  bool is_writable() const override { return wait(POLLOUT, write_ms_); }

  ssize_t read(char* ptr, std::size_t size) override {
    if (begin_ == end_) {
      if (!wait(POLLIN, remaining_ms())) return -1;
      const ssize_t got = ::recv(fd_, buffer_, sizeof buffer_, 0);
      if (got <= 0) return got;
      begin_ = 0;
      end_ = static_cast<std::size_t>(got);
    }
    const std::size_t n = std::min(size, end_ - begin_);
    std::copy_n(buffer_ + begin_, n, ptr);
    begin_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, std::size_t size) override {
    if (!is_writable()) return -1;
    return ::send(fd_, ptr, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address(::getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address(::getsockname, ip, port);
  }
  socket_t socket() const override { return fd_; }
  bool buffered() const { return begin_ < end_; }

 private:
  int remaining_ms() const {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
    return static_cast<int>(std::max<long long>(0, left));
  }
  bool wait(short events, int ms) const {
    pollfd pfd{fd_, events, 0};
    int rc;
    do rc = ::poll(&pfd, 1, ms);
    while (rc < 0 && errno == EINTR);
    return rc > 0 && (pfd.revents & (events | POLLHUP)) != 0;
  }
  template <typename Get>
  void address(Get get, std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t length = sizeof addr;
    ip.clear();
    port = 0;
    if (get(fd_, reinterpret_cast<sockaddr*>(&addr), &length) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (addr.ss_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(&addr);
      inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
      port = ntohs(v4->sin_port);
    } else if (addr.ss_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&addr);
      inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
      port = ntohs(v6->sin6_port);
    }
    ip = text;
  }

  int fd_;
  int write_ms_;
  Clock::time_point deadline_ = Clock::now();
  char buffer_[4096];
  std::size_t begin_ = 0, end_ = 0;
};

}  // namespace

// As cpp-httplib's own keep-alive loop, on a DeadlineStream.
bool Server::process_and_close_socket(socket_t sock) {
  DeadlineStream stream(sock, kWriteSeconds);
  bool ok = true;
  for (int count = kKeepAliveRequests; count > 0 && !g_stopping; --count) {
    if (!stream.buffered() && !idle_until_readable(sock)) break;
    stream.start_request(Clock::now() + std::chrono::seconds(request_seconds_));
    bool closed = false;
    ok = process_request(stream, count == 1 || g_stopping, closed, nullptr);
    if (!ok || closed) break;
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

bool Server::idle_until_readable(int fd) {
  const auto until = Clock::now() + std::chrono::seconds(kKeepAliveSeconds);
  while (!g_stopping && Clock::now() < until) {
    pollfd pfd{fd, POLLIN, 0};
    const int rc = ::poll(&pfd, 1, 200);
    if (rc > 0) return (pfd.revents & POLLIN) != 0;
    if (rc < 0 && errno != EINTR) return false;
  }
  return false;
}

}  // namespace serve
