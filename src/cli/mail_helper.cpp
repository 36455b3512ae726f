// run_mail_helper (cli.hpp): caravan-ref-mail is looked for beside this binary (a build
// directory), then where `cmake --install` puts it (CARAVAN_MAIL_HELPER_DIR, relative to the
// binary's directory: relocatable with the install); never in the working directory or PATH. The
// binary's directory is /proc/self/exe's: without /proc no helper is run (fail closed).
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <unistd.h>

#include "cli/cli.hpp"
#include "core/errors.hpp"

#ifndef CARAVAN_MAIL_HELPER_DIR
#define CARAVAN_MAIL_HELPER_DIR "."
#endif

namespace cli {

namespace {

constexpr const char* kHelper = "caravan-ref-mail";

std::filesystem::path binary_directory(const char* name) {
  char path[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length <= 0 || path[0] != '/')
    throw core::UserError(
        core::Exit::kTempFail,
        fmt::format("cannot run {}: where caravan-ref is installed is unknown, /proc/self/exe "
                    "cannot be read ({}; is /proc mounted?)",
                    name, length < 0 ? std::strerror(errno) : "not a path"));
  return std::filesystem::path(std::string(path, static_cast<std::size_t>(length))).parent_path();
}

}  // namespace

std::vector<std::string> helper_candidates(const char* name) {
  const std::filesystem::path here = binary_directory(name);
  return {here / name, (here / CARAVAN_MAIL_HELPER_DIR / name).lexically_normal()};
}

void run_mail_helper(char** argv) {
  std::string tried;
  for (const auto& candidate : helper_candidates(kHelper)) {
    execv(candidate.c_str(), argv);  // the same arguments, argv[0] too: the same messages
    tried += fmt::format("\n  {}: {}", candidate, std::strerror(errno));
  }
  // 75, not 78: an MTA then keeps the message queued until the installation is mended.
  throw core::UserError(core::Exit::kTempFail,
                        "mail needs " + std::string(kHelper) +
                            ", installed with caravan-ref; it could not be run:" + tried);
}

}  // namespace cli
