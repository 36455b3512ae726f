// What caravan-ref links in place of GMime's side of mail (mail/mime.hpp) and of librsvg's PNG
// pictures (referee/png.cpp): cli::run hands every command line that reads or sends mail to
// caravan-ref-mail before anything is done (cli.hpp), so none of these is ever called here. Each
// says so, should a new way to mail miss that check.
#include <stdexcept>
#include <string>

#include "mail/mime.hpp"
#include "referee/picture.hpp"

namespace {

[[noreturn]] void only_in_the_helper(const char* what) {
  throw std::logic_error(std::string(what) +
                         " is in caravan-ref-mail only: this command line "
                         "should have been handed to it (cli::run)");
}

}  // namespace

namespace mail {

Incoming gmime_read_message(const std::string&) { only_in_the_helper("reading a message"); }
std::optional<Mailbox> gmime_parse_mailbox(const std::string&) {
  only_in_the_helper("reading an address");
}
Composed gmime_compose(const Outgoing&, const Mailbox&, const std::string&, std::int64_t) {
  only_in_the_helper("composing a message");
}

}  // namespace mail

namespace referee {

std::string render_png(const std::string&, double) { only_in_the_helper("a PNG picture"); }

}  // namespace referee
