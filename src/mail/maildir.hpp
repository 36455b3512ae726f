// Maildirs and out-going mail: an outbox Maildir or a sendmail-compatible command, and the
// Maildir that `mail --maildir` reads from.
//
// Promise: a message written to a Maildir appears in new/ whole or not at all (written in tmp/,
// flushed, renamed). A command is handed the message on standard input and must exit 0;
// otherwise send() throws DeliveryError and the caller tells the MTA to retry.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "mail/compose.hpp"

namespace mail {

class DeliveryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Delivery {
 public:
  virtual ~Delivery() = default;
  virtual void send(const Composed& mail) = 0;
};

// Writes each message into DIR/new (creating DIR/{tmp,new,cur}).
class MaildirDelivery : public Delivery {
 public:
  explicit MaildirDelivery(std::string dir) : dir_(std::move(dir)) {}
  void send(const Composed& mail) override;

 private:
  std::string dir_;
};

// Runs `/bin/sh -c COMMAND` with the message on standard input, e.g. "/usr/sbin/sendmail -t -i":
// the command must take the recipients from the message's headers. With an envelope sender,
// `-f ADDRESS` is appended to the command's arguments (as "$@", never parsed by the shell), as
// every sendmail-compatible command takes it: bounces then go to that address.
class CommandDelivery : public Delivery {
 public:
  explicit CommandDelivery(std::string command, std::string envelope_sender = {})
      : command_(std::move(command)), envelope_sender_(std::move(envelope_sender)) {}
  void send(const Composed& mail) override;

 private:
  std::string command_;
  std::string envelope_sender_;
};

// Stores `bytes` as a new message of the Maildir `dir`; returns its path in new/.
std::filesystem::path store_in_maildir(const std::string& dir, const std::string& bytes);

// The messages in DIR/new, oldest name first (Maildir names begin with the delivery time).
std::vector<std::filesystem::path> new_messages(const std::string& dir);
// Moves a message from new/ to cur/ and marks it seen (":2,S").
void file_as_seen(const std::string& dir, const std::filesystem::path& message);

}  // namespace mail
