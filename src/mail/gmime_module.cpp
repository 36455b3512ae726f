// The GMime module's entry (see mime.hpp): its one exported symbol returns the table.
#include "mail/mime.hpp"

extern "C" __attribute__((visibility("default"))) const mail::MimeApi* caravan_ref_mime_api() {
  static const mail::MimeApi api{mail::kMimeApiVersion, mail::gmime_read_message,
                                 mail::gmime_parse_mailbox, mail::gmime_compose};
  return &api;
}
