#include "mail/thread.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "core/crypto.hpp"

namespace mail {

namespace {

// A long thread keeps its root and the latest few Message-IDs (RFC 5322 allows trimming).
constexpr std::size_t kReferencesKept = 10;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

}  // namespace

std::string domain_of(const std::string& address) {
  const auto at = address.rfind('@');
  return at == std::string::npos ? "localhost" : address.substr(at + 1);
}

std::string seat_thread(const std::string& game, int seat, const std::string& domain) {
  return fmt::format("caravan-ref.{}.seat{}@{}", game, seat, domain);
}

std::string observer_thread(const std::string& game, const std::string& address,
                            const std::string& domain) {
  return fmt::format("caravan-ref.{}.observer-{}@{}", game,
                     core::hash_hex(lower(address)).substr(0, 16), domain);
}

std::string game_subject(const std::string& game, const std::string& kind,
                         const std::vector<std::string>& players) {
  std::string names;
  for (std::size_t i = 0; i < players.size(); ++i)
    names += (i == 0 ? "" : i + 1 == players.size() ? " vs " : ", ") + players[i];
  return fmt::format("[caravan-ref] {} ({}): {}", game, kind, names);
}

void thread(Outgoing& mail, const std::string& root, const Incoming* answering) {
  mail.references = {root};
  mail.in_reply_to = root;
  mail.answers_a_message = false;
  if (!answering || answering->message_id_made_up) return;
  std::vector<std::string> theirs;
  for (const auto& id : answering->references)
    if (id != root) theirs.push_back(id);
  theirs.push_back(answering->message_id);
  const std::size_t keep = kReferencesKept - 1;
  const std::size_t skip = theirs.size() > keep ? theirs.size() - keep : 0;
  mail.references.insert(mail.references.end(), theirs.begin() + static_cast<std::ptrdiff_t>(skip),
                         theirs.end());
  mail.in_reply_to = answering->message_id;
  mail.answers_a_message = true;
}

}  // namespace mail
