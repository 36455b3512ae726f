// Mail in: one RFC 5322 message, parsed with GMime, reduced to what the referee needs — who sent
// it, how to thread a reply to it, and the turn file it carries.
//
// Promise: read_message never throws for any input (garbage gives an Incoming without a sender
// or a turn). The turn is looked for, in this order: a YAML attachment holding a top-level
// `moves:` key; the first text/plain part (any transfer encoding and charset, format=flowed
// undone, `>` quotes and everything after a `-- ` signature dropped; a turn may also be one line,
// a JSON object or YAML flow mapping); the text of an HTML part;
// then any YAML attachment. Forwarded messages (message/rfc822) are searched like the rest.
// Nothing here knows SQLite or a game.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace mail {

struct Mailbox {
  std::string name;     // display name, may be empty
  std::string address;  // addr-spec, as written
};

struct TurnText {
  std::string text;    // a YAML turn file, UTF-8, LF line ends
  std::string origin;  // "the message text", "the HTML text", "attachment turn.yaml"
};

struct Incoming {
  std::string message_id;           // without <>
  bool message_id_made_up = false;  // absent in the message: a hash of its bytes
  std::optional<Mailbox> from;
  std::string subject;
  std::vector<std::string> references;     // the message's References, without <>
  std::optional<std::string> in_reply_to;  // its In-Reply-To's first id, without <>
  std::size_t size = 0;                    // bytes
  // An auto-reply, bounce or list mail (RFC 3834 Auto-Submitted, Precedence, an empty
  // Return-Path): never answered, so two robots cannot mail each other forever.
  bool automatic = false;
  std::optional<TurnText> turn;
};

Incoming read_message(const std::string& raw);

// Parses "Ann <ann@example.org>" (or a bare address) with GMime's address parser.
std::optional<Mailbox> parse_mailbox(const std::string& text);

// Addresses compare without regard to ASCII case (local parts are case-blind in practice).
bool same_address(const std::string& a, const std::string& b);

// The steps of finding a turn in a text body, exposed for the tests.
std::string decode_flowed(const std::string& text, bool delete_space);
std::string strip_quotes_and_signature(const std::string& text);
std::optional<std::string> find_turn_block(const std::string& text);
std::string html_to_text(const std::string& html);
// True when `text` has a top-level (column 0) `moves:` key.
bool has_top_level_moves(const std::string& text);

}  // namespace mail
