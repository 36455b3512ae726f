#include "ledger/key_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>

#include <fcntl.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errors.hpp"
#include "core/files.hpp"
#include "turnfile/turnfile.hpp"

namespace ledger {

namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw core::UserError(core::Exit::kConfig,
                        fmt::format("the referee's key file {}: {}", path, why));
}

}  // namespace

std::optional<KeyPair> read_key_file(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) return std::nullopt;
    refuse(path, std::strerror(errno));
  }
  if ((info.st_mode & 077) != 0)
    refuse(path, fmt::format("its mode {:o} lets others read the secret key; chmod 600 it (and "
                             "make a new key if others may have read it)",
                             info.st_mode & 0777));
  std::ifstream file(path, std::ios::binary);
  if (!file) refuse(path, "cannot be read");
  const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  // A key given twice is left to the YAML reader, which names it and its line.
  std::set<std::string> keys;
  bool twice = false;
  nlohmann::json doc = nlohmann::json::parse(
      text,
      [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        if (event == nlohmann::json::parse_event_t::key && depth == 1)
          twice = twice || !keys.insert(parsed.get<std::string>()).second;
        return true;
      },
      /*allow_exceptions=*/false);
  if (doc.is_discarded() || twice) {
    try {
      doc = turnfile::yaml_to_document(text, path);
    } catch (const core::UserError& e) {
      refuse(path, std::string("not a key file: ") + e.what());
    }
  }
  if (!doc.is_object() || !doc.contains("secret_key") || !doc["secret_key"].is_string())
    refuse(path, "has no secret_key (write one with caravan-ref keygen --out)");
  KeyPair pair;
  pair.secret_key = doc["secret_key"].get<std::string>();
  const auto public_key = public_key_of(pair.secret_key);
  if (!public_key) refuse(path, "its secret_key is not 128 hex digits");
  pair.public_key = *public_key;
  return pair;
}

std::string key_file_text(const KeyPair& pair, std::string_view note) {
  const nlohmann::json doc = {
      {"note", note}, {"public_key", pair.public_key}, {"secret_key", pair.secret_key}};
  return doc.dump(2) + "\n";  // one key a line, in this order (a json object is sorted)
}

bool create_key_file(const std::string& path, const KeyPair& pair) {
  const std::string temporary = fmt::format("{}.new-{}", path, ::getpid());
  const int fd = ::open(temporary.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) refuse(path, fmt::format("cannot be created: {}", std::strerror(errno)));
  const std::string text =
      key_file_text(pair, "caravan-ref: the referee's signing key. Keep it secret, keep a backup.");
  const bool written = ::fchmod(fd, 0600) == 0 &&
                       ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                       ::fsync(fd) == 0;
  const int write_error = errno;
  ::close(fd);
  if (!written) {
    ::unlink(temporary.c_str());
    refuse(path, fmt::format("cannot be written: {}", std::strerror(write_error)));
  }
  const int linked = ::link(temporary.c_str(), path.c_str());
  const int link_error = errno;
  ::unlink(temporary.c_str());
  if (linked != 0) {
    if (link_error == EEXIST) return false;
    refuse(path, fmt::format("cannot be created: {}", std::strerror(link_error)));
  }
  core::sync_directory_of(path);
  return true;
}

}  // namespace ledger
