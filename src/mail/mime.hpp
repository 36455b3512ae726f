// The MIME side of mail: parsing and composing messages with GMime (gmime_read.cpp,
// gmime_compose.cpp). Only caravan-ref-mail, the tests, the fuzz targets and the benchmarks link
// it (cli.hpp says why); caravan-ref links without_mail.cpp in its place. The rest of src/mail
// calls read_message, parse_mailbox and compose (message.hpp, compose.hpp), never these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "mail/compose.hpp"
#include "mail/message.hpp"

namespace mail {

Incoming gmime_read_message(const std::string& raw);  // message_id empty when it has none
std::optional<Mailbox> gmime_parse_mailbox(const std::string& text);
Composed gmime_compose(const Outgoing& mail, const Mailbox& from, const std::string& domain,
                       std::int64_t unix_seconds);

}  // namespace mail
