#include "mail/outbox.hpp"

#include <fmt/format.h>

#include "core/address.hpp"
#include "store/game_store.hpp"
#include "store/outbox_store.hpp"

namespace mail {

using nlohmann::json;

json keep_mails(store::Database& db, const std::vector<Outgoing>& mails, const Mailbox& from,
                std::optional<std::int64_t> answers) {
  json refused = json::array();
  store::MailOutboxStore outbox(db);
  store::Transaction tx(db);
  for (const auto& mail : mails) {
    if (const auto problem = core::mailbox_problem(mail.to.address, mail.to.name)) {
      refused.push_back(
          {{"to", mail.to.address},
           {"subject", mail.subject},
           {"error", fmt::format("not sent: the stored address {} is not an e-mail address: {} "
                                 "(correct it with caravan-ref admin address)",
                                 core::quoted(mail.to.address), *problem)}});
      continue;
    }
    const Composed composed = compose(mail, from);
    outbox.keep({.queued_at = store::now_utc(),
                 .recipient = mail.to.address,
                 .subject = mail.subject,
                 .message_id = composed.message_id,
                 .game = mail.game.empty() ? std::nullopt : std::optional<std::string>(mail.game),
                 .shown_turn = mail.shown_turn,
                 .answers = answers,
                 .bytes = composed.bytes});
  }
  tx.commit();
  return refused;
}

json send_owed(store::Database& db, Delivery& delivery) {
  json sent = json::array();
  store::MailOutboxStore outbox(db);
  for (;;) {
    // One mail a transaction: the write lock keeps another run from sending the same mail, and
    // the mark is committed with the delivery it records.
    store::Transaction tx(db);
    const auto owed = outbox.oldest_owed();
    if (!owed) return sent;
    const json summary = {
        {"to", owed->recipient}, {"subject", owed->subject}, {"message_id", owed->message_id}};
    try {
      delivery.send(Composed{owed->message_id, owed->bytes});
    } catch (const DeliveryError& error) {
      outbox.record_failure(owed->id, error.what());
      tx.commit();
      throw;
    }
    outbox.mark_sent(owed->id, store::now_utc());
    tx.commit();
    sent.push_back(summary);
  }
}

bool answer_owed(store::Database& db, std::int64_t answers) {
  return store::MailOutboxStore(db).answer_owed(answers);
}

std::optional<std::int64_t> turn_seen(store::Database& db, const std::string& game,
                                      const std::string& address,
                                      const std::vector<std::string>& references) {
  store::MailOutboxStore outbox(db);
  for (auto id = references.rbegin(); id != references.rend(); ++id)
    if (const auto turn = outbox.shown_turn(*id, game, address)) return turn;
  return outbox.latest_shown_turn(game, address);
}

}  // namespace mail
