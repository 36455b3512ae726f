#include "mail/maildir.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace mail {

namespace fs = std::filesystem;

namespace {

std::string unique_name() {
  static std::atomic<unsigned> counter{0};
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now).count();
  const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(now).count() % 1000000;
  char host[256] = "localhost";
  gethostname(host, sizeof host - 1);
  std::string safe_host;
  for (const char* c = host; *c; ++c) safe_host += (*c == '/' || *c == ':') ? '_' : *c;
  return fmt::format("{}.M{}P{}Q{}.{}", seconds, micros, getpid(), counter++, safe_host);
}

void write_all(int fd, const std::string& bytes, const std::string& what) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw DeliveryError(fmt::format("{}: {}", what, std::strerror(errno)));
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

fs::path store_in_maildir(const std::string& dir, const std::string& bytes) {
  std::error_code error;
  for (const char* sub : {"tmp", "new", "cur"}) fs::create_directories(fs::path(dir) / sub, error);
  const std::string name = unique_name();
  const fs::path temporary = fs::path(dir) / "tmp" / name;
  const fs::path final_path = fs::path(dir) / "new" / name;
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    throw DeliveryError(
        fmt::format("cannot write {}: {}", temporary.string(), std::strerror(errno)));
  try {
    write_all(fd, bytes, temporary.string());
    if (::fsync(fd) != 0) throw DeliveryError("cannot flush " + temporary.string());
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(temporary.c_str(), final_path.c_str()) != 0) {
    ::unlink(temporary.c_str());
    throw DeliveryError(fmt::format("cannot move {} into new/: {}", name, std::strerror(errno)));
  }
  return final_path;
}

void MaildirDelivery::send(const Composed& mail) { store_in_maildir(dir_, mail.bytes); }

void CommandDelivery::send(const Composed& mail) {
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0)
    throw DeliveryError(std::string("pipe: ") + std::strerror(errno));
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    throw DeliveryError(std::string("fork: ") + std::strerror(errno));
  }
  if (child == 0) {
    // The command's chatter goes to stderr: our stdout carries the filter's own answer.
    ::dup2(pipe_fds[0], STDIN_FILENO);
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
    if (envelope_sender_.empty())
      ::execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    else
      ::execl("/bin/sh", "sh", "-c", (command_ + " \"$@\"").c_str(), "sh", "-f",
              envelope_sender_.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(pipe_fds[0]);
  // A command that exits without reading everything must not kill us with SIGPIPE.
  struct sigaction ignore = {}, previous = {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  std::string write_error;
  try {
    write_all(pipe_fds[1], mail.bytes, "writing to '" + command_ + "'");
  } catch (const DeliveryError& e) {
    write_error = e.what();
  }
  ::close(pipe_fds[1]);
  ::sigaction(SIGPIPE, &previous, nullptr);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw DeliveryError(fmt::format("'{}' failed (exit status {})", command_,
                                    WIFEXITED(status) ? WEXITSTATUS(status) : -1));
  if (!write_error.empty()) throw DeliveryError(write_error);
}

std::vector<fs::path> new_messages(const std::string& dir) {
  std::vector<fs::path> messages;
  for (const auto& entry : fs::directory_iterator(fs::path(dir) / "new"))
    if (entry.is_regular_file() && entry.path().filename().string()[0] != '.')
      messages.push_back(entry.path());
  std::sort(messages.begin(), messages.end());
  return messages;
}

void file_as_seen(const std::string& dir, const fs::path& message) {
  std::string name = message.filename().string();
  if (name.find(":2,") == std::string::npos) name += ":2,S";
  fs::create_directories(fs::path(dir) / "cur");
  fs::rename(message, fs::path(dir) / "cur" / name);
}

}  // namespace mail
