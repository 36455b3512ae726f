// The MIME side of mail (parsing and composing messages with GMime), behind one table of
// functions, so that only the commands that read or send mail load GMime and the libraries it
// brings (GLib's GIO, gpgme and more: about 6 ms of every process start, issue 16).
//
// The referee binary opens the GMime module (caravan-ref-mime.so, built from gmime_*.cpp and
// message_text.cpp) with dlopen the first time a message is read or composed (mime_loader.cpp);
// the tests, the fuzz targets and the benchmarks link the same code in (mime_linked.cpp). The
// rest of src/mail calls read_message, parse_mailbox and compose (message.hpp, compose.hpp),
// never this table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "mail/compose.hpp"
#include "mail/message.hpp"

namespace mail {

// The GMime functions (gmime_read.cpp, gmime_compose.cpp).
Incoming gmime_read_message(const std::string& raw);  // message_id empty when it has none
std::optional<Mailbox> gmime_parse_mailbox(const std::string& text);
Composed gmime_compose(const Outgoing& mail, const Mailbox& from, const std::string& domain,
                       std::int64_t unix_seconds);

struct MimeApi {
  int version;  // kMimeApiVersion: a module from another build is refused
  Incoming (*read_message)(const std::string& raw);
  std::optional<Mailbox> (*parse_mailbox)(const std::string& text);
  Composed (*compose)(const Outgoing& mail, const Mailbox& from, const std::string& domain,
                      std::int64_t unix_seconds);
};
inline constexpr int kMimeApiVersion = 1;

// The module's one exported symbol, a function returning its table.
inline constexpr const char* kMimeModuleEntry = "caravan_ref_mime_api";

// The table: linked in (mime_linked.cpp) or opened on first use (mime_loader.cpp, which throws
// core::UserError with exit 75, try again later, when the module cannot be opened).
const MimeApi& mime();

}  // namespace mail
