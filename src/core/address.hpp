// E-mail addresses as people and the game master give them: the one check every address passes
// before the referee stores it or writes it into a header (RFC 5322's addr-spec, without the
// obsolete forms, comments and folding white space that no player types).
//
// Promise: an address that passes holds no control character, space or other byte that could end
// a header or start another, so a stored address can never add a recipient (a Bcc) to a mail.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace core {

// Why `address` is not an addr-spec (local-part "@" domain: a dot-atom or a quoted string, then a
// dot-atom domain or a domain literal in brackets); nullopt when it is one.
std::optional<std::string> address_problem(std::string_view address);

// Why a display name ("Ann Archer") cannot stand in a header: a control character (CR, LF, NUL,
// DEL...); nullopt when it can. Anything else is quoted or encoded when the mail is written.
std::optional<std::string> display_name_problem(std::string_view name);

// Why "name <address>" cannot stand in a header: the address's problem, else the name's.
std::optional<std::string> mailbox_problem(std::string_view address, std::string_view name);

// `text` in double quotes for an error message, its control characters escaped as \r, \n...
std::string quoted(std::string_view text);

}  // namespace core
