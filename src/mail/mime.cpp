// read_message, parse_mailbox and compose for the rest of the referee: the MIME side is GMime's
// (mime.hpp); what needs the referee's own state (the clock, the hash) is done here.
#include "mail/mime.hpp"

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "mail/thread.hpp"

namespace mail {

Incoming read_message(const std::string& raw) {
  Incoming in = gmime_read_message(raw);
  if (in.message_id.empty()) {
    // The same bytes delivered twice must still be recognised as one message.
    in.message_id = core::hash_hex(raw).substr(0, 32) + "@caravan-ref.invalid";
    in.message_id_made_up = true;
  }
  return in;
}

std::optional<Mailbox> parse_mailbox(const std::string& text) { return gmime_parse_mailbox(text); }

Composed compose(const Outgoing& mail, const Mailbox& from) {
  return gmime_compose(mail, from, domain_of(from.address), core::now().time_since_epoch().count());
}

}  // namespace mail
