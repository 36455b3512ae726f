// mime() for the referee binary: the GMime module is opened the first time a command reads or
// composes a message, so that no other command pays to load GMime (see mime.hpp). It is looked
// for beside the binary (a build directory), then where `cmake --install` puts it
// (CARAVAN_MIME_MODULE_DIR, relative to the binary's directory: relocatable with the install).
#include <climits>
#include <filesystem>

#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include "core/errors.hpp"
#include "mail/mime.hpp"

#ifndef CARAVAN_MIME_MODULE_DIR
#define CARAVAN_MIME_MODULE_DIR "."
#endif

namespace mail {

namespace {

constexpr const char* kModuleName = "caravan-ref-mime.so";

std::filesystem::path binary_directory() {
  char path[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length <= 0) return ".";
  return std::filesystem::path(std::string(path, static_cast<std::size_t>(length))).parent_path();
}

const MimeApi& load() {
  const std::filesystem::path here = binary_directory();
  std::string tried;
  for (const auto& candidate :
       {here / kModuleName, (here / CARAVAN_MIME_MODULE_DIR / kModuleName).lexically_normal()}) {
    void* module = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);  // kept for the process
    if (!module) {
      const char* why = dlerror();
      tried += fmt::format("\n  {}: {}", candidate.string(), why ? why : "cannot be opened");
      continue;
    }
    using Entry = const MimeApi* (*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(module, kMimeModuleEntry));
    const MimeApi* api = entry ? entry() : nullptr;
    if (api && api->version == kMimeApiVersion) return *api;
    tried += fmt::format("\n  {}: not a caravan-ref {} mail module", candidate.string(),
                         CARAVAN_VERSION);
  }
  // 75, not 78: an MTA then keeps the message queued until the installation is mended.
  throw core::UserError(core::Exit::kTempFail,
                        "mail needs the module " + std::string(kModuleName) +
                            ", installed with caravan-ref; it could not be opened:" + tried);
}

}  // namespace

const MimeApi& mime() {
  static const MimeApi& api = load();
  return api;
}

}  // namespace mail
