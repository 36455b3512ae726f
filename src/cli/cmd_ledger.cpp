// The audit's commands: export GAME, verify RECORD | --receipt FILE, import RECORD, pubkey,
// keygen, sign TURNFILE --key FILE.
#include <filesystem>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <sys/stat.h>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "ledger/crypto.hpp"
#include "ledger/key_file.hpp"
#include "ledger/receipt.hpp"
#include "ledger/record.hpp"
#include "ledger/turn_signature.hpp"
#include "referee/verify.hpp"
#include "turnfile/turnfile.hpp"

namespace cli {

namespace {

struct ExportOptions {
  std::string game;
  std::string out;
  bool secret = false;
};

struct VerifyOptions {
  std::string file;
  std::string receipt;
  std::string pubkey;
};

struct KeyOptions {
  std::string out;
  std::string file;
  std::string key;
};

// A record or receipt is written as YAML unless JSON was asked for (text cannot be read back).
std::string machine_text(const Context& context, const nlohmann::json& doc) {
  return output::write(doc, context.format() == output::Format::kJson ? output::Format::kJson
                                                                      : output::Format::kYaml);
}

nlohmann::json read_document(const std::string& path,
                             const turnfile::Limits& limits = turnfile::kTurnFileLimits) {
  return turnfile::yaml_to_document(read_input(path), path == "-" ? "<stdin>" : path, limits);
}

// A game's record: as large as a long game's history makes it.
nlohmann::json read_record(const std::string& path) {
  return read_document(path, turnfile::kRecordLimits);
}

int verify_receipt(Context& context, const VerifyOptions& opts) {
  const nlohmann::json receipt = read_document(opts.receipt);
  std::string key = opts.pubkey;
  std::string source = "--pubkey";
  const std::string named =
      receipt.is_object() && receipt.contains("referee_key") && receipt["referee_key"].is_string()
          ? receipt["referee_key"].get<std::string>()
          : std::string();
  if (key.empty() && std::filesystem::exists(context.db_path())) {
    // A key this referee used before a key change still checks the receipts it signed.
    if (!named.empty() && ledger::is_referee_key(context.existing_db(), named)) {
      key = named;
      source = "database";
    } else if (auto stored = ledger::existing_referee_key(context.existing_db())) {
      key = *stored;
      source = "database";
    }
  }
  if (key.empty() && receipt.is_object() && receipt.contains("referee_key") &&
      receipt["referee_key"].is_string()) {
    key = receipt["referee_key"].get<std::string>();
    source = "receipt (compare it with the referee's published key)";
  }
  const ledger::ReceiptCheck check = ledger::check_receipt(receipt, key);
  context.print({{"ok", check.ok}, {"key", key}, {"key_from", source}, {"message", check.message}});
  if (check.ok) return 0;
  std::cerr << "caravan-ref: the receipt does not verify: " << check.message << "\n";
  return static_cast<int>(core::Exit::kRejected);
}

int verify_record(Context& context, const VerifyOptions& opts) {
  const nlohmann::json report = referee::verify_record(read_record(opts.file));
  context.print(report);
  if (report["ok"].get<bool>()) return 0;
  const auto& error = report["error"];
  std::string where = error["field"].get<std::string>();
  if (error.contains("turn")) where = fmt::format("turn {}, {}", error["turn"].dump(), where);
  if (error.contains("move")) where += fmt::format(", move {}", error["move"].dump());
  if (error.contains("index") && !error.contains("turn"))
    where = fmt::format("item {}, {}", error["index"].dump(), where);
  std::cerr << "caravan-ref: the record fails at " << where << ": "
            << error["message"].get<std::string>() << "\n";
  return static_cast<int>(core::Exit::kRejected);
}

}  // namespace

void add_ledger(CLI::App& app, Context& context, Handler& handler) {
  auto ex = std::make_shared<ExportOptions>();
  auto* exp = app.add_subcommand("export", "write a game's self-contained record (YAML)");
  exp->add_option("game", ex->game, "the game id")->required();
  exp->add_option("--out", ex->out, "write it to this file instead of standard output");
  exp->add_flag("--secret", ex->secret,
                "include the seed of a running game (the referee's own copy; never send it)");
  exp->callback([&context, &handler, ex] {
    handler = [&context, ex] {
      const auto record = ledger::export_record(context.existing_db(), ex->game, ex->secret);
      const std::string text = machine_text(context, record);
      if (ex->out.empty())
        std::cout << text;
      else
        output::write_file_atomically(ex->out, text);
      return 0;
    };
  });

  auto ve = std::make_shared<VerifyOptions>();
  auto* ver = app.add_subcommand(
      "verify", "check a record offline (chain, seed, full replay), or a receipt with --receipt");
  auto* file = ver->add_option("record", ve->file, "the record ('-' reads standard input)");
  auto* receipt = ver->add_option("--receipt", ve->receipt, "check this receipt instead");
  ver->add_option("--pubkey", ve->pubkey,
                  "the referee's public key (hex) to check a receipt against (default: this "
                  "database's key, else the one in the receipt)");
  file->excludes(receipt);
  ver->callback([&context, &handler, ve, file, receipt] {
    if (file->count() == 0 && receipt->count() == 0)
      throw CLI::ValidationError("verify", "give a RECORD or --receipt FILE");
    handler = [&context, ve] {
      return ve->receipt.empty() ? verify_record(context, *ve) : verify_receipt(context, *ve);
    };
  });

  auto im = std::make_shared<std::string>();
  auto* imp = app.add_subcommand("import", "verify a record, then load it into the database");
  imp->add_option("record", *im, "the record ('-' reads standard input)")->required();
  imp->callback([&context, &handler, im] {
    handler = [&context, im] {
      context.print(referee::import_record(context.db(), read_record(*im)));
      return 0;
    };
  });

  auto* pub = app.add_subcommand("pubkey", "the referee's public key (made on first use)");
  pub->callback([&context, &handler] {
    handler = [&context] {
      const std::string key = ledger::referee_public_key(context.db());
      // Text is the bare hex that `verify --pubkey` and a player's notes take.
      if (context.format() == output::Format::kText)
        std::cout << key << "\n";
      else
        context.print({{"public_key", key}});
      return 0;
    };
  });

  auto kg = std::make_shared<KeyOptions>();
  auto* gen = app.add_subcommand("keygen", "make a player's Ed25519 key pair");
  gen->add_option("--out", kg->out,
                  "write the pair to this file (mode 600) and print only the public key");
  gen->callback([&context, &handler, kg] {
    handler = [&context, kg] {
      const ledger::KeyPair pair = ledger::new_key_pair();
      const nlohmann::json both = {{"public_key", pair.public_key},
                                   {"secret_key", pair.secret_key}};
      if (kg->out.empty()) {
        context.print(both);
        return 0;
      }
      if (std::filesystem::exists(kg->out))
        throw core::UserError(core::Exit::kUsage,
                              fmt::format("{} exists; a key file is never overwritten", kg->out));
      const mode_t old_mask = ::umask(077);
      output::write_file_atomically(
          kg->out, ledger::key_file_text(pair,
                                         "a player's key pair, made by caravan-ref keygen: "
                                         "keep secret_key secret"));
      ::umask(old_mask);
      context.print({{"public_key", pair.public_key}, {"key_file", kg->out}});
      return 0;
    };
  });

  auto sg = std::make_shared<KeyOptions>();
  auto* sig = app.add_subcommand("sign", "sign a turn file with a player's key (prints it signed)");
  sig->add_option("turnfile", sg->file, "the turn file ('-' reads standard input)")->required();
  sig->add_option("--key", sg->key, "the key file that 'keygen --out' wrote")->required();
  sig->callback([&handler, sg] {
    handler = [sg] {
      const nlohmann::json key = read_document(sg->key);
      if (!key.is_object() || !key.contains("secret_key") || !key["secret_key"].is_string())
        throw core::UserError(
            core::Exit::kUsage,
            fmt::format("{} has no secret_key (caravan-ref keygen --out)", sg->key));
      const std::string source = sg->file == "-" ? "<stdin>" : sg->file;
      std::cout << ledger::sign_turn_file(read_input(sg->file), source,
                                          key["secret_key"].get<std::string>());
      return 0;
    };
  });
}

}  // namespace cli
