// Mail that any server carries (issue 62): every part of a composed letter within the line limits
// of RFC 5322 and RFC 2045 for its transfer encoding, so that no SMTP hop folds a line, and every
// part decoded by GMime gives back the bytes the referee wrote.
#include <algorithm>
#include <string>
#include <vector>

#include <gmime/gmime.h>
#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "mail/compose.hpp"
#include "mail/gmime_util.hpp"
#include "mail/notices.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"
#include "unit/mail_parts.hpp"
#include "unit/temp_db.hpp"

namespace {

using mail::as;
using mail::Ref;

// RFC 5322 2.1.1: at most 998 characters a line. RFC 2045 6.7 and 6.8: quoted-printable and
// base64 lines at most 76 (within the 78 that RFC 5322 asks for).
constexpr std::size_t kMust = 998;
constexpr std::size_t kEncoded = 76;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

using mail_parts::Leaf;
using mail_parts::leaves_of;

// Every line of the message within 998; every line of an encoded part within 76.
void expect_within_limits(const std::string& wire) {
  for (const auto& line : lines_of(wire)) EXPECT_LE(line.size(), kMust) << line.substr(0, 100);
  for (const auto& leaf : leaves_of(wire)) {
    SCOPED_TRACE(leaf.type);
    const bool encoded = leaf.encoding == GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE ||
                         leaf.encoding == GMIME_CONTENT_ENCODING_BASE64;
    EXPECT_TRUE(encoded || leaf.encoding == GMIME_CONTENT_ENCODING_7BIT) << leaf.encoding;
    for (const auto& line : lines_of(leaf.encoded))
      EXPECT_LE(line.size(), encoded ? kEncoded : kMust) << line;
  }
}

const Leaf* find(const std::vector<Leaf>& leaves, const std::string& type) {
  const auto at = std::find_if(leaves.begin(), leaves.end(),
                               [&](const Leaf& leaf) { return leaf.type == type; });
  return at == leaves.end() ? nullptr : &*at;
}

class MailTransfer : public TempDb {
 protected:
  void SetUp() override {
    TempDb::SetUp();
    core::set_now(core::parse_time("2026-11-20T12:00:00Z"));
  }
  void TearDown() override {
    core::set_now(std::nullopt);
    TempDb::TearDown();
  }
  // The invitations of a new game, as `new --mail` makes them.
  std::vector<mail::Outgoing> invitations(const std::string& kind, const std::string& first) {
    referee::NewGame request{
        kind, {first + " <first@example.org>", "Bob <bob@example.org>"}, {}, 7, {}};
    const auto created = referee::create_game(db(), request);
    referee::GamesInHand games(db());
    return mail::invitations(games, created, from_);
  }
  const mail::Mailbox from_{"Referee", "referee@game.example"};
};

// The letters of a game with one long line more in their HTML (whatever the letters' own lines
// are today): in ASCII (which GMime alone would leave as 7bit and the next SMTP hop would fold),
// and with non-ASCII words and names.
TEST_F(MailTransfer, ALetterWithLongHtmlLinesTravelsWithinTheLineLimitsAndDecodesToItsHtml) {
  std::vector<std::pair<std::string, std::string>> cases = {
      {"Ann", "Ann plays JH on caravan 2, card 3. "},
      {"J\u00f6rg", "J\u00f6rg plays J\u2665 on caravan 2 \u2014 "}};
  for (const auto& [name, words] : cases)
    for (auto letter : invitations("nv-caravan", name)) {
      SCOPED_TRACE(name + " " + letter.to.address);
      ASSERT_FALSE(letter.html.empty());
      std::string paragraph = "<p>";
      while (paragraph.size() < 3000) paragraph += words;
      letter.html += paragraph + "</p>\n";
      const auto longest = [](const std::string& text) {
        std::size_t most = 0;
        for (const auto& line : lines_of(text)) most = std::max(most, line.size());
        return most;
      };
      ASSERT_GT(longest(letter.html), kMust);
      const std::string wire = mail::compose(letter, from_).bytes;
      for (unsigned char c : wire) ASSERT_LT(c, 128) << "an 8-bit byte on the wire";
      expect_within_limits(wire);
      const auto leaves = leaves_of(wire);
      const Leaf* html = find(leaves, "text/html");
      ASSERT_NE(html, nullptr);
      EXPECT_EQ(html->decoded, letter.html);  // byte for byte: every link as it was written
      EXPECT_EQ(html->encoding, GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
      const Leaf* text = find(leaves, "text/plain");
      ASSERT_NE(text, nullptr);
      EXPECT_EQ(text->decoded, letter.body);
      const Leaf* picture = find(leaves, "image/png");
      ASSERT_NE(picture, nullptr);
      EXPECT_EQ(picture->encoding, GMIME_CONTENT_ENCODING_BASE64);
      EXPECT_EQ(picture->decoded, letter.attachments.at(0).content);
    }
}

TEST_F(MailTransfer, EveryLetterOfANewGameKeepsTheLimitsAsItIs) {
  for (const char* kind : {"caravaneers", "nv-caravan"})
    for (const auto& letter : invitations(kind, "Ann")) {
      SCOPED_TRACE(std::string(kind) + " " + letter.to.address);
      const std::string wire = mail::compose(letter, from_).bytes;
      expect_within_limits(wire);
      const auto leaves = leaves_of(wire);
      const Leaf* html = find(leaves, "text/html");
      ASSERT_NE(html, nullptr);
      EXPECT_EQ(html->decoded, letter.html);
    }
}

TEST(MailTransferEncoding, ShortAsciiLinesStaySevenBitAndALongLineIsEncoded) {
  mail::Outgoing out;
  out.to = {"Ann", "ann@example.org"};
  out.subject = "a short one";
  out.body = "game: 3f9a01bc\nmoves:\n  - b1\n";
  out.attachments = {
      {"long.yaml", "application/yaml", "moves: [" + std::string(1500, 'x') + "]\n"}};
  const std::string wire = mail::compose(out, {"Referee", "referee@game.example"}).bytes;
  expect_within_limits(wire);
  const auto leaves = leaves_of(wire);
  ASSERT_EQ(leaves.size(), 2u);
  EXPECT_EQ(leaves[0].encoding, GMIME_CONTENT_ENCODING_7BIT);
  EXPECT_NE(wire.find(out.body), std::string::npos);  // nothing to encode: as readable as it was
  EXPECT_EQ(leaves[1].encoding, GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
  EXPECT_EQ(leaves[1].decoded, out.attachments[0].content);
}

// GMime's g_mime_text_part_set_text turns text that Latin-1 can hold into Latin-1 bytes; under a
// utf-8 label a reader would see "Sch?n".
TEST(MailTransferEncoding, TextThatLatinOneCouldHoldStaysUtf8) {
  mail::Outgoing out;
  out.to = {"J\u00f6rg", "joerg@example.org"};
  out.subject = "caf\u00e9";
  out.body = "Sch\u00f6n, J\u00f6rg: it is your move.\n";
  out.html = "<p>Sch\u00f6n, J\u00f6rg</p>\n";
  const std::string wire = mail::compose(out, {"Referee", "referee@game.example"}).bytes;
  const auto leaves = leaves_of(wire);
  ASSERT_EQ(leaves.size(), 2u);
  EXPECT_EQ(leaves[0].decoded, out.body);
  EXPECT_EQ(leaves[1].decoded, out.html);
}

}  // namespace
