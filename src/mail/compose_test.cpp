// Replies as real mail: headers, threading, encodings, and a round trip through the reader.
#include "mail/compose.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>
#include <unistd.h>

#include "mail/maildir.hpp"
#include "mail/message.hpp"

namespace {

mail::Outgoing sample() {
  mail::Outgoing out;
  out.to = {"Ann M\u00fcller", "ann@example.org"};
  out.subject = "[caravan-ref] Game 3f9a01bc, turn 2: your move \u2014 \u00e0 toi";
  out.body = "Hello Ann,\n\nSch\u00f6n: it is your move.\n\ngame: 3f9a01bc\nmoves:\n  - b1\n";
  out.in_reply_to = "plain-1@mail.example.org";
  out.references = {"start-0@example.org", "plain-1@mail.example.org"};
  out.attachments = {
      {"3f9a01bc-turn2-ann.yaml", "application/yaml", "game: 3f9a01bc\nname: \"J\u00f6rg\"\n"}};
  out.answers_a_message = true;
  return out;
}

TEST(MailCompose, AReplyHasEveryHeaderAMailReaderNeeds) {
  const auto composed = mail::compose(sample(), {"Referee", "referee@game.example"});
  const std::string& bytes = composed.bytes;
  EXPECT_NE(bytes.find("From: Referee <referee@game.example>"), std::string::npos);
  EXPECT_NE(bytes.find("To: "), std::string::npos);
  EXPECT_NE(bytes.find("<ann@example.org>"), std::string::npos);
  EXPECT_NE(bytes.find("Date: "), std::string::npos);
  EXPECT_NE(bytes.find("In-Reply-To: <plain-1@mail.example.org>"), std::string::npos);
  EXPECT_NE(bytes.find("References: <start-0@example.org> <plain-1@mail.example.org>"),
            std::string::npos);
  EXPECT_NE(bytes.find("Auto-Submitted: auto-replied"), std::string::npos);
  EXPECT_NE(bytes.find("MIME-Version: 1.0"), std::string::npos);
  EXPECT_NE(bytes.find("multipart/mixed"), std::string::npos);
  EXPECT_NE(composed.message_id.find("@game.example"), std::string::npos);
}

TEST(MailCompose, EveryLineIsSevenBitAndTheReaderGetsTheUtf8TextBack) {
  const auto composed = mail::compose(sample(), {"Referee", "referee@game.example"});
  for (unsigned char c : composed.bytes) ASSERT_LT(c, 128) << "8-bit byte in the message";
  const auto in = mail::read_message(composed.bytes);
  EXPECT_EQ(in.message_id, composed.message_id);
  EXPECT_EQ(in.subject, sample().subject);
  ASSERT_TRUE(in.from);
  EXPECT_EQ(in.from->address, "referee@game.example");
  EXPECT_EQ(in.references, sample().references);
  ASSERT_TRUE(in.turn);  // the body's YAML lines are found again
  EXPECT_EQ(in.turn->text, "game: 3f9a01bc\nmoves:\n  - b1\n");
  EXPECT_TRUE(in.automatic);  // a robot's mail: another robot must not answer it
}

TEST(MailCompose, AMessageWithoutAttachmentIsASingleTextPart) {
  auto out = sample();
  out.attachments.clear();
  out.answers_a_message = false;
  out.in_reply_to.reset();
  out.references.clear();
  const auto composed = mail::compose(out, {"Referee", "referee@game.example"});
  EXPECT_EQ(composed.bytes.find("multipart"), std::string::npos);
  EXPECT_EQ(composed.bytes.find("In-Reply-To"), std::string::npos);
  EXPECT_NE(composed.bytes.find("Auto-Submitted: auto-generated"), std::string::npos);
}

TEST(MailCompose, AThreadRootKeepsTheMessageIdItIsGivenAndAttachmentsKeepTheirOrder) {
  auto out = sample();
  out.message_id = "caravan-ref.3f9a01bc.0@game.example";
  out.attachments.push_back({"receipt-2.yaml", "application/yaml", "turn: 2\n"});
  const auto composed = mail::compose(out, {"Referee", "referee@game.example"});
  EXPECT_EQ(composed.message_id, "caravan-ref.3f9a01bc.0@game.example");
  EXPECT_NE(composed.bytes.find("Message-Id: <caravan-ref.3f9a01bc.0@game.example>"),
            std::string::npos);
  const auto view = composed.bytes.find("filename=3f9a01bc-turn2-ann.yaml");
  const auto receipt = composed.bytes.find("filename=receipt-2.yaml");
  ASSERT_NE(view, std::string::npos);
  ASSERT_NE(receipt, std::string::npos);
  EXPECT_LT(view, receipt);
}

TEST(MailDelivery, TheOutboxMaildirGetsEachMessageWholeInNew) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("caravan-test-outbox-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  mail::MaildirDelivery outbox(dir.string());
  const auto composed = mail::compose(sample(), {"Referee", "referee@game.example"});
  outbox.send(composed);
  outbox.send(composed);
  const auto messages = mail::new_messages(dir.string());
  ASSERT_EQ(messages.size(), 2u);
  std::ifstream file(messages[0], std::ios::binary);
  const std::string stored{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  EXPECT_EQ(stored, composed.bytes);
  EXPECT_TRUE(std::filesystem::is_empty(dir / "tmp"));
  mail::file_as_seen(dir.string(), messages[0]);
  EXPECT_EQ(mail::new_messages(dir.string()).size(), 1u);
  EXPECT_TRUE(std::filesystem::exists(dir / "cur" / (messages[0].filename().string() + ":2,S")));
  std::filesystem::remove_all(dir);
}

TEST(MailDelivery, ACommandGetsTheMessageOnStandardInputAndItsFailureIsAnError) {
  const auto file = std::filesystem::temp_directory_path() /
                    ("caravan-test-sendmail-" + std::to_string(::getpid()));
  const auto composed = mail::compose(sample(), {"Referee", "referee@game.example"});
  mail::CommandDelivery("cat > '" + file.string() + "'").send(composed);
  std::ifstream in(file, std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()),
            composed.bytes);
  std::filesystem::remove(file);
  EXPECT_THROW(mail::CommandDelivery("exit 1").send(composed), mail::DeliveryError);
}

TEST(MailDelivery, TheEnvelopeSenderIsGivenToTheCommandAsMinusFUnparsedByTheShell) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("caravan-test-envelope-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto composed = mail::compose(sample(), {"Referee", "referee@game.example"});
  // A sendmail stand-in that keeps the message and its arguments, one a line; the address has
  // what a shell would take apart.
  const std::string address = "o'neil$HOME;x@game.example";
  const std::string command = "stand_in() { cat > '" + (dir / "message").string() +
                              "'; printf '%s\\n' \"$@\" > '" + (dir / "arguments").string() +
                              "'; }; stand_in -t -i";
  mail::CommandDelivery(command, address).send(composed);
  const auto read = [](const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  EXPECT_EQ(read(dir / "message"), composed.bytes);
  EXPECT_EQ(read(dir / "arguments"), "-t\n-i\n-f\n" + address + "\n");
  // Without an envelope sender the command runs as written.
  mail::CommandDelivery(command).send(composed);
  EXPECT_EQ(read(dir / "arguments"), "-t\n-i\n");
  std::filesystem::remove_all(dir);
}

}  // namespace
