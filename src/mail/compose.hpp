// Mail out: a reply as a complete RFC 5322 message, built with GMime.
//
// Promise: From the referee, To one player, a Subject, a Date, a fresh Message-ID, In-Reply-To
// and References when it answers a message, Auto-Submitted: auto-replied (RFC 3834) so that
// vacation robots stay quiet; a text/plain UTF-8 body and, when given, a YAML attachment; every
// part encoded to 7 bits (quoted-printable or base64 where needed).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mail/message.hpp"

namespace mail {

struct Outgoing {
  Mailbox to;
  std::string subject;
  std::string body;                        // UTF-8 text
  std::optional<std::string> in_reply_to;  // a Message-ID without <>
  std::vector<std::string> references;     // Message-IDs without <>, oldest first
  std::string attachment_name;             // empty: no attachment
  std::string attachment_yaml;
};

struct Composed {
  std::string message_id;  // without <>
  std::string bytes;       // the whole message, LF line ends
};

Composed compose(const Outgoing& mail, const Mailbox& from);

}  // namespace mail
