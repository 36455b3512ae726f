// What is kept of a turn file: the file as received, with its token (a player's password)
// replaced by a marker. The referee stores and mails only this form; the SHA-256 of the bytes
// received is kept beside it, so receipts still match their submission.
#pragma once

#include <string>

#include "turnfile/turnfile.hpp"

namespace turnfile {

inline constexpr const char* kTokenMarker = "(token not kept)";

// `text`, read by parse() as `request`, with the value of its `token` key replaced by kTokenMarker
// (where parse() found it: the file is not read twice), and any other `token: VALUE` on its lines.
std::string without_token(const std::string& text, const TurnRequest& request);
// For a file that parse() refused: every `token: VALUE` on its lines is replaced, so no form of
// file keeps one.
std::string without_token(const std::string& text);
// For a turn quoted back to its sender: every token value keeps its first four characters and
// is cut short after them ("0b6f..."), so the sender can tell which token they used.
std::string with_token_cut_short(const std::string& text);

}  // namespace turnfile
