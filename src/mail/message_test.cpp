// Reading players' mail: the corpus under tests/mail/ holds messages as real clients write them.
#include "mail/message.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "turnfile/turnfile.hpp"

namespace {

const std::filesystem::path kCorpus =
    std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "tests" / "mail";

std::string corpus(const std::string& name) {
  std::ifstream file(kCorpus / name, std::ios::binary);
  EXPECT_TRUE(file) << "no corpus file " << (kCorpus / name);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// Every corpus turn is ann's first move in game 3f9a01bc.
void expect_anns_turn(const mail::Incoming& in) {
  ASSERT_TRUE(in.turn) << "no turn found";
  const auto request = turnfile::parse(in.turn->text, "turn");
  EXPECT_EQ(request.game, "3f9a01bc");
  EXPECT_EQ(request.player, "ann");
  EXPECT_EQ(request.turn, 1);
  EXPECT_EQ(request.token, "0b6f2c4e8a1d3f5b7c9e0a2b4d6f8a1c");
  EXPECT_EQ(request.moves, nlohmann::json::array({"b1"}));
}

TEST(MailMessage, APlainTextTurnIsFoundAmongGreetingsWithItsSenderAndMessageId) {
  const auto in = mail::read_message(corpus("plain.eml"));
  expect_anns_turn(in);
  EXPECT_EQ(in.turn->origin, "the message text");
  EXPECT_EQ(in.message_id, "plain-1@mail.example.org");
  EXPECT_FALSE(in.message_id_made_up);
  ASSERT_TRUE(in.from);
  EXPECT_EQ(in.from->address, "ann@example.org");
  EXPECT_EQ(in.from->name, "Ann Archer");
  EXPECT_EQ(in.subject, "my move");
  EXPECT_FALSE(in.automatic);
}

TEST(MailMessage, QuotedPrintableLatin1IsDecodedWithSoftLineBreaksAndEncodedWords) {
  const auto in = mail::read_message(corpus("quoted_printable.eml"));
  expect_anns_turn(in);
  ASSERT_TRUE(in.from);
  EXPECT_EQ(in.from->name, "Ann M\u00fcller");
  EXPECT_EQ(in.subject, "Mein Zug f\u00fcr Runde 1");
}

TEST(MailMessage, Base64Utf8BodyIsDecoded) {
  const auto in = mail::read_message(corpus("base64.eml"));
  expect_anns_turn(in);
  EXPECT_EQ(in.subject, "\u0445\u043e\u0434");
}

TEST(MailMessage, MultipartAlternativePrefersThePlainTextPart) {
  const auto in = mail::read_message(corpus("multipart_alternative.eml"));
  expect_anns_turn(in);
  EXPECT_EQ(in.turn->origin, "the message text");
}

TEST(MailMessage, AnHtmlOnlyMailGivesItsTextWithEntitiesAndDivsAsLines) {
  const auto in = mail::read_message(corpus("html_only.eml"));
  expect_anns_turn(in);
  EXPECT_EQ(in.turn->origin, "the HTML text");
}

TEST(MailMessage, AYamlAttachmentWinsOverTheBody) {
  const auto in = mail::read_message(corpus("attachment.eml"));
  expect_anns_turn(in);
  EXPECT_EQ(in.turn->origin, "attachment turn.yaml");
}

TEST(MailMessage, AForwardedMessageIsSearchedForTheTurn) {
  const auto in = mail::read_message(corpus("forwarded.eml"));
  expect_anns_turn(in);
  ASSERT_TRUE(in.from);
  EXPECT_EQ(in.message_id, "fwd-1@mail.example.org");  // the outer message's, not the inner's
}

TEST(MailMessage, AQuotedReplyIgnoresTheQuotedTemplateAndTheSignature) {
  const auto in = mail::read_message(corpus("quoted_reply.eml"));
  expect_anns_turn(in);
  EXPECT_EQ(in.turn->text.find("not-a-turn"), std::string::npos);
  EXPECT_EQ(in.references, (std::vector<std::string>{"start-0@example.org", "ref-1@example.org"}));
}

TEST(MailMessage, FormatFlowedIsUndoneIncludingSpaceStuffedIndentation) {
  const auto in = mail::read_message(corpus("flowed.eml"));
  expect_anns_turn(in);
}

TEST(MailMessage, AMessageWithoutATurnHasNone) {
  const auto in = mail::read_message(corpus("no_turn.eml"));
  EXPECT_FALSE(in.turn);
  ASSERT_TRUE(in.from);
  EXPECT_EQ(in.from->address, "carol@example.net");
}

TEST(MailMessage, AnAutoReplyIsMarkedAutomatic) {
  EXPECT_TRUE(mail::read_message(corpus("auto_reply.eml")).automatic);
}

TEST(MailMessage, GarbageGivesNoSenderNoTurnAndAMessageIdMadeFromItsBytes) {
  const std::string raw = corpus("garbage.eml");
  const auto in = mail::read_message(raw);
  EXPECT_FALSE(in.from);
  EXPECT_FALSE(in.turn);
  EXPECT_TRUE(in.message_id_made_up);
  EXPECT_EQ(in.size, raw.size());
  EXPECT_EQ(mail::read_message(raw).message_id, in.message_id);  // stable: a redelivery matches
  EXPECT_NE(mail::read_message(raw + "x").message_id, in.message_id);
}

// Headers in raw 8-bit bytes (no encoded words) come out as UTF-8: a Latin-1 subject is read
// as Latin-1, and bytes no charset makes sense of become U+FFFD; all of it can be recorded.
TEST(MailMessage, RawEightBitHeadersBecomeValidUtf8) {
  const auto latin1 = mail::read_message(
      "From: J\xfcrgen <j@example.org>\nSubject: Zug f\xfcr Spiel\nMessage-ID: <a\xf6@x>\n\nhi\n");
  EXPECT_EQ(latin1.subject, "Zug f\u00fcr Spiel");
  ASSERT_TRUE(latin1.from);
  EXPECT_EQ(latin1.from->name, "J\u00fcrgen");
  EXPECT_EQ(latin1.from->address, "j@example.org");
  // What the fuzzer found: such a subject made recording the message throw.
  static constexpr char kFound[] =
      "From: d@example.org\nSubject: turn\xf6\xb2\x9a\x87sage-ID: O\x01\0\0l>\n";
  const auto broken = mail::read_message(std::string(kFound, sizeof kFound - 1));
  for (const std::string& text : {broken.subject, broken.message_id, latin1.message_id}) {
    EXPECT_NO_THROW((void)nlohmann::json(text).dump()) << text;
  }
}

TEST(MailMessage, EmptyInputIsHandledWithoutThrowing) {
  const auto in = mail::read_message("");
  EXPECT_FALSE(in.from);
  EXPECT_FALSE(in.turn);
}

TEST(MailText, TheTurnBlockStopsAtTheFirstLineThatIsNotPartOfIt) {
  const auto block =
      mail::find_turn_block("Hi!\n  game: g\n  moves:\n  - a1\n    - b2\n  Bye now\ngame: x\n");
  ASSERT_TRUE(block);
  EXPECT_EQ(*block, "game: g\nmoves:\n- a1\n  - b2\n");
}

TEST(MailText, ATurnKeyNeedsAColonAfterIt) {
  EXPECT_FALSE(mail::find_turn_block("the game is fun\nmoves are hard\n"));
  EXPECT_TRUE(mail::find_turn_block("moves: [a1]\n"));
}

TEST(MailText, QuotesAndSignaturesGo) {
  EXPECT_EQ(mail::strip_quotes_and_signature("a\n> b\n  >c\nd\n-- \nsig\n"), "a\nd\n");
  EXPECT_EQ(mail::strip_quotes_and_signature("a\n--\nsig\n"), "a\n");
}

TEST(MailText, FlowedLinesJoinAndStuffedSpacesGo) {
  EXPECT_EQ(mail::decode_flowed("one \ntwo\n   - b1\n", false), "one two\n  - b1\n");
  EXPECT_EQ(mail::decode_flowed("one \ntwo\n", true), "onetwo\n");
  EXPECT_EQ(mail::decode_flowed("-- \nsig\n", false), "-- \nsig\n");
}

TEST(MailText, HtmlBecomesLinesWithoutStylesOrQuotedBlocks) {
  const std::string text = mail::html_to_text(
      "<html><head><style>x{}</style></head><body><p>a &amp; b</p>\n<div>c&nbsp;&#100;"
      "</div><blockquote>game: old</blockquote>e<br>f</body></html>");
  EXPECT_EQ(text, "a & b\nc d\ne\nf\n");
  // A numbered character becomes UTF-8 (through GLib, opened on first use).
  EXPECT_EQ(mail::html_to_text("<p>5&#x20AC; or &#8364;5</p>"),
            "5\xE2\x82\xAC or \xE2\x82\xAC"
            "5\n");
}

TEST(MailAddress, AddressesParseAndCompareWithoutCase) {
  const auto box = mail::parse_mailbox("\"Ann Archer\" <Ann@Example.org>");
  ASSERT_TRUE(box);
  EXPECT_EQ(box->name, "Ann Archer");
  EXPECT_EQ(box->address, "Ann@Example.org");
  EXPECT_TRUE(mail::same_address(box->address, "ann@example.org"));
  EXPECT_FALSE(mail::parse_mailbox("not an address"));
}

}  // namespace
