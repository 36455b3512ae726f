// Running the built caravan-ref binary from a test: started with extra environment variables,
// its output in files, waited for or killed. Used by the crash and race tests, which need real
// processes (a SIGKILL, many writers at once), not calls into the library.
#pragma once

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace process {

// The binary under test (tests/CMakeLists.txt passes its path).
inline std::string binary() { return CARAVAN_REF_BIN; }

struct Outcome {
  int exit_code = -1;  // -1 when ended by a signal
  int signal = 0;      // the signal that ended it, or 0
  std::string out;
  std::string err;
  double seconds = 0;  // how long it ran: for spacing the crash tests' kills, never asserted
};

// Holds back every child started with it until open() is called, so that many start together.
class Gate {
 public:
  Gate() {
    if (::pipe(fds_) != 0) std::abort();
  }
  ~Gate() { open(); }
  Gate(const Gate&) = delete;
  Gate& operator=(const Gate&) = delete;
  void open() {
    for (int& fd : fds_) {
      if (fd >= 0) ::close(fd);
      fd = -1;
    }
  }
  // In the child: waits until the parent opens the gate.
  void pass() const {
    ::close(fds_[1]);
    char byte;
    while (::read(fds_[0], &byte, 1) > 0) {
    }
    ::close(fds_[0]);
  }

 private:
  int fds_[2] = {-1, -1};
};

class Child {
 public:
  // Starts `binary() args...` with `env` added to this process's environment, standard output and
  // error into `dir`/<name>.out and .err, standard input from /dev/null.
  Child(const std::vector<std::string>& args, const std::map<std::string, std::string>& env,
        const std::string& dir, const std::string& name, const Gate* gate = nullptr)
      : out_path_(dir + "/" + name + ".out"), err_path_(dir + "/" + name + ".err") {
    std::vector<std::string> argv_text = {binary()};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    started_ = std::chrono::steady_clock::now();
    pid_ = ::fork();
    if (pid_ != 0) return;
    if (gate) gate->pass();
    for (const auto& [key, value] : env) ::setenv(key.c_str(), value.c_str(), 1);
    const int out = ::open(out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = ::open("/dev/null", O_RDONLY);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::dup2(in, 0);
    std::vector<char*> argv;
    for (auto& arg : argv_text) argv.push_back(arg.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  void kill() const { ::kill(pid_, SIGKILL); }

  // Whether it has not ended yet (asked without reaping it: wait() still collects it).
  bool running() const {
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == 0;
  }

  Outcome wait() const {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    Outcome outcome;
    outcome.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
    outcome.out = slurp(out_path_);
    outcome.err = slurp(err_path_);
    return outcome;
  }

  static std::string slurp(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
  }

 private:
  pid_t pid_ = -1;
  std::string out_path_;
  std::string err_path_;
  std::chrono::steady_clock::time_point started_;
};

// Runs to the end.
inline Outcome run(const std::vector<std::string>& args, const std::string& dir,
                   const std::map<std::string, std::string>& env = {},
                   const std::string& name = "run") {
  return Child(args, env, dir, name).wait();
}

}  // namespace process
