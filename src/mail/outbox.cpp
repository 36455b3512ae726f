#include "mail/outbox.hpp"

#include <fmt/format.h>

#include "core/address.hpp"
#include "store/game_store.hpp"

namespace mail {

using nlohmann::json;

json keep_mails(store::Database& db, const std::vector<Outgoing>& mails, const Mailbox& from,
                std::optional<std::int64_t> answers) {
  json refused = json::array();
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
    store::Statement insert(db,
                            "INSERT INTO mail_outbox (queued_at, recipient, subject, message_id, "
                            "game_id, shown_turn, answers, bytes) VALUES (?,?,?,?,?,?,?,?)");
    insert.bind(1, store::now_utc())
        .bind(2, mail.to.address)
        .bind(3, mail.subject)
        .bind(4, composed.message_id)
        .bind(5, mail.game.empty() ? std::optional<std::string>() : mail.game)
        .bind(8, composed.bytes);
    if (mail.shown_turn)
      insert.bind(6, *mail.shown_turn);
    else
      insert.bind_null(6);
    if (answers)
      insert.bind(7, *answers);
    else
      insert.bind_null(7);
    insert.run();
  }
  tx.commit();
  return refused;
}

json send_owed(store::Database& db, Delivery& delivery) {
  json sent = json::array();
  for (;;) {
    // One mail a transaction: the write lock keeps another run from sending the same mail, and
    // the mark is committed with the delivery it records.
    store::Transaction tx(db);
    store::Statement next(db,
                          "SELECT id, recipient, subject, message_id, bytes FROM mail_outbox "
                          "WHERE sent_at IS NULL ORDER BY id LIMIT 1");
    if (!next.step()) return sent;
    const std::int64_t id = next.integer(0);
    const json summary = {
        {"to", next.text(1)}, {"subject", next.text(2)}, {"message_id", next.text(3)}};
    const Composed composed{next.text(3), next.text(4)};
    try {
      delivery.send(composed);
    } catch (const DeliveryError& error) {
      store::Statement failed(
          db, "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?");
      failed.bind(1, std::string(error.what())).bind(2, id);
      failed.run();
      tx.commit();
      throw;
    }
    store::Statement mark(db,
                          "UPDATE mail_outbox SET sent_at = ?, bytes = NULL, attempts = attempts "
                          "+ 1, last_error = NULL WHERE id = ?");
    mark.bind(1, store::now_utc()).bind(2, id);
    mark.run();
    tx.commit();
    sent.push_back(summary);
  }
}

bool answer_owed(store::Database& db, std::int64_t answers) {
  store::Statement query(db,
                         "SELECT 1 FROM mail_outbox WHERE answers = ? AND sent_at IS NULL LIMIT 1");
  query.bind(1, answers);
  return query.step();
}

std::optional<std::int64_t> turn_seen(store::Database& db, const std::string& game,
                                      const std::string& address,
                                      const std::vector<std::string>& references) {
  for (auto id = references.rbegin(); id != references.rend(); ++id) {
    store::Statement query(
        db,
        "SELECT shown_turn FROM mail_outbox WHERE message_id = ? AND game_id = ? "
        "AND lower(recipient) = lower(?) AND shown_turn IS NOT NULL");
    query.bind(1, *id).bind(2, game).bind(3, address);
    if (query.step()) return query.integer(0);
  }
  store::Statement latest(
      db,
      "SELECT shown_turn FROM mail_outbox WHERE game_id = ? AND "
      "lower(recipient) = lower(?) AND shown_turn IS NOT NULL AND sent_at IS NOT "
      "NULL ORDER BY id DESC LIMIT 1");
  latest.bind(1, game).bind(2, address);
  if (latest.step()) return latest.integer(0);
  return std::nullopt;
}

}  // namespace mail
