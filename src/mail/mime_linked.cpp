// mime() for the programs that link the GMime code in: the tests, the fuzz targets, the
// benchmarks (see mime.hpp).
#include "mail/mime.hpp"

namespace mail {

const MimeApi& mime() {
  static const MimeApi api{kMimeApiVersion, gmime_read_message, gmime_parse_mailbox, gmime_compose};
  return api;
}

}  // namespace mail
