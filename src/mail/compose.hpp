// Mail out: a reply as a complete RFC 5322 message, built with GMime.
//
// Promise: From the referee, To one player, a Subject, a Date (from the one clock), a fresh
// Message-ID (or the one given: a thread's root), In-Reply-To and References when it answers or
// continues a thread, Auto-Submitted (RFC 3834) so that vacation robots stay quiet; a text/plain
// UTF-8 body and, beside it, the attachments in order (a picture as an inline image/png); every
// part encoded to 7 bits within the line limits of RFC 5322 and RFC 2045 (quoted-printable or
// base64 where needed, the HTML quoted-printable), so that no SMTP hop folds a line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mail/message.hpp"

namespace mail {

// A part beside the text: a file the reader saves or opens (a view, a receipt, a record).
struct Attachment {
  std::string filename;
  std::string media_type = "application/yaml";  // "type/subtype"; text types get charset=utf-8
  std::string content;                          // bytes
  bool shown_inline = false;  // Content-Disposition: inline (a picture the client shows in place)
  // Without <>: a part the HTML body shows as `cid:` + content_id (multipart/related). Ignored
  // when the mail has no HTML body.
  std::string content_id{};
};

struct Outgoing {
  Mailbox to;
  std::string subject;
  std::string body;                        // UTF-8 text
  std::string html{};                      // UTF-8 HTML, the same mail for the eye; empty: none
  std::optional<std::string> in_reply_to;  // a Message-ID without <>
  std::vector<std::string> references;     // Message-IDs without <>, oldest first
  std::vector<Attachment> attachments{};
  std::optional<std::string> message_id{};  // without <>; none: a fresh one
  // auto-replied answers a player's message; auto-generated is the referee's own initiative.
  bool answers_a_message = false;
  // The game it is about (empty: none) and the number of the record's next turn when the mail was
  // made: an action mailed in reply without a turn number is bound to that turn (outbox.hpp,
  // turn_seen). Not the view's turn, which stays while only the table changes
  // (referee/position.hpp): the same answer mailed again is then done once, a new one to a later
  // mail is not mistaken for it.
  std::string game{};
  std::optional<std::int64_t> shown_turn{};
};

struct Composed {
  std::string message_id;  // without <>
  std::string bytes;       // the whole message, LF line ends
};

Composed compose(const Outgoing& mail, const Mailbox& from);

}  // namespace mail
