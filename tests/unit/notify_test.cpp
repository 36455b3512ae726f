// Notifications by webhook (issue 45): a game's targets, the news queued with every change in its
// own transaction, each format's payload, delivery in order with back-off and an idempotency key
// (a fake receiver here; tests/e2e/notify.sh posts to a real HTTP server), the target URLs kept
// secret, and the leak test run on the news itself.
#include <algorithm>
#include <functional>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "core/engine.hpp"
#include "core/errors.hpp"
#include "engine_testing.hpp"
#include "ledger/record.hpp"
#include "notify/http.hpp"
#include "notify/outbox.hpp"
#include "notify/payload.hpp"
#include "notify/targets.hpp"
#include "referee/game_context.hpp"
#include "referee/news.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"
#include "referee/verify.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"

namespace {

using core::Document;

// Three targets, one of each format; each URL holds a secret that must never be shown.
const std::vector<std::string> kTargets = {"json:https://bridge.example/hook/SECRET-json",
                                           "https://discord.com/api/webhooks/1/SECRET-discord",
                                           "https://hooks.slack.com/services/T/B/SECRET-slack"};

// `action` is refused with `code` and a message that holds `fragment`.
void expect_refused(core::Exit code, const std::string& fragment,
                    const std::function<void()>& action) {
  try {
    action();
    ADD_FAILURE() << "not refused";
  } catch (const core::UserError& error) {
    EXPECT_EQ(error.code(), code);
    EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
  }
}

struct Posted {
  std::string url, body, key;
};

class Notify : public ClockedTempDb {
 protected:
  void create(const std::vector<std::string>& targets = kTargets,
              referee::TimingRequest timing = {}, const std::string& kind = "caravaneers") {
    referee::NewGame request;
    request.kind = kind;
    request.players = {"ann", "bob"};
    request.seed = 5;
    request.timing = std::move(timing);
    request.notify = targets;
    made_ = referee::create_game(db(), request);
    game_ = made_["game"].get<std::string>();
    for (const auto& player : made_["players"])
      tokens_[player["name"].get<std::string>()] = player["token"].get<std::string>();
  }
  std::string to_move() {
    const Document view = referee::view(db(), game_, std::nullopt);
    return view["to_move"].empty() ? "" : view["to_move"][0].get<std::string>();
  }
  TurnFile turn_file(const std::string& player) {
    return TurnFile(game_, player, referee::view(db(), game_, player)["turn"].get<std::int64_t>())
        .token(tokens_.at(player));
  }
  referee::TurnOutcome play() {
    const std::string player = to_move();
    const auto moves = referee::legal_moves(db(), game_, player, nullptr, 1);
    return referee::submit(db(), turn_file(player).move(moves.moves.at(0)), "t.yaml");
  }
  referee::TurnOutcome act(const std::string& player, const std::string& action) {
    return referee::submit(db(), turn_file(player).action(action), "t.yaml");
  }
  Document admin(const std::string& op, const std::function<void(referee::AdminRequest&)>& set) {
    referee::AdminRequest request;
    request.game = game_;
    request.op = op;
    request.reason = "a test";
    set(request);
    return referee::admin(db(), request);
  }
  // Every message queued, oldest first: {target format, event, key, body}.
  struct Queued {
    std::string format, event, key, body;
  };
  std::vector<Queued> queued() {
    store::Statement select(db(),
                            "SELECT t.format, o.event, o.key, o.body FROM notify_outbox o JOIN "
                            "notify_targets t ON t.id = o.target_id ORDER BY o.id");
    std::vector<Queued> all;
    while (select.step())
      all.push_back({select.text(0), select.text(1), select.text(2), select.text(3)});
    return all;
  }
  // A receiver that answers `status` and keeps what it was sent.
  notify::Post receiver(const std::function<long()>& status) {
    return [this, status](const std::string& url, const std::string& body, const std::string& key,
                          const std::string&) {
      const long answer = status();
      if (answer >= 200 && answer < 300) received_.push_back({url, body, key});
      return answer == 0 ? notify::PostResult{0, "Could not connect to server"}
                         : notify::PostResult{answer, {}};
    };
  }
  void advance(core::Seconds by) { core::set_now(core::now() + by); }

  Document made_;
  std::string game_;
  std::map<std::string, std::string> tokens_;
  std::vector<Posted> received_;
};

TEST_F(Notify, EveryChangeQueuesOneMessageForEachTargetAndARefusedTurnNone) {
  create();
  ASSERT_EQ(queued().size(), 3u) << "the game's start, told to each of its three targets";
  for (const auto& message : queued()) EXPECT_EQ(message.event, "created");
  ASSERT_TRUE(play().answer["accepted"].get<bool>());
  EXPECT_EQ(queued().size(), 6u);
  const auto refused = referee::submit(db(), turn_file("ann").moves("[nonsense]"), "t.yaml");
  ASSERT_FALSE(refused.answer["accepted"].get<bool>());
  EXPECT_EQ(queued().size(), 6u) << "a refused turn changes nothing and tells nothing";
  std::set<std::string> keys;
  for (const auto& message : queued()) keys.insert(message.key);
  EXPECT_EQ(keys.size(), 6u) << "every message has a key of its own";
}

// Where the game master set a base URL, each message carries the game's public page, never a
// seat's own: a channel is read by everyone in it.
TEST_F(Notify, EveryMessageCarriesTheGamesPublicPageWhereABaseUrlIsSet) {
  ::setenv("CARAVAN_REF_BASE_URL", "https://games.example/caravan", 1);
  create();
  ASSERT_TRUE(play().answer["accepted"].get<bool>());
  ::unsetenv("CARAVAN_REF_BASE_URL");
  const std::string page = "https://games.example/caravan/watch/" + game_;
  const auto all = queued();
  ASSERT_EQ(all.size(), 6u);
  for (const auto& message : all) {
    SCOPED_TRACE(message.format + " " + message.event);
    const Document body = Document::parse(message.body);
    EXPECT_EQ(message.body.find("/play/"), std::string::npos) << "no seat's own page";
    if (message.format == "json") {
      EXPECT_EQ(body["page"], page);
    } else {
      EXPECT_TRUE(
          body[message.format == "discord" ? "content" : "text"].get<std::string>().ends_with(
              "\n<" + page + ">"));
    }
  }
  ASSERT_TRUE(act(to_move(), "offer-draw").answer["accepted"].get<bool>());
  const auto later = queued();
  ASSERT_EQ(later.size(), 9u);
  for (std::size_t i = 6; i < later.size(); ++i)  // without a base URL, no page
    EXPECT_EQ(later[i].body.find("/watch/"), std::string::npos) << later[i].body;
}

TEST_F(Notify, AGameWithoutTargetsQueuesNothing) {
  create({});
  play();
  EXPECT_TRUE(queued().empty());
  EXPECT_FALSE(notify::owed(db()));
  EXPECT_FALSE(made_.contains("notify"));
}

// Every kind of change, in every format: the JSON event names it and the chats get its text.
TEST_F(Notify, EveryEventTypeHasItsPayloadInEachFormat) {
  referee::TimingRequest timing;
  timing.deadline = "1d";
  create(kTargets, timing);
  ASSERT_TRUE(play().answer["accepted"].get<bool>());                        // turn
  ASSERT_TRUE(act(to_move(), "offer-draw").answer["accepted"].get<bool>());  // action
  core::set_now(*core::parse_time("2026-03-05T12:00:00Z"));
  ASSERT_EQ(referee::tick(db())["actions"].size(), 1u);                  // clock
  admin("extend", [](referee::AdminRequest& r) { r.by = "1d"; });        // correction
  ASSERT_TRUE(act(to_move(), "resign").answer["accepted"].get<bool>());  // result
  const std::vector<std::string> expected = {"created", "turn",       "action",
                                             "clock",   "correction", "result"};
  const auto all = queued();
  ASSERT_EQ(all.size(), expected.size() * 3);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& message = all[i];
    SCOPED_TRACE(message.format + " " + message.event);
    EXPECT_EQ(message.event, expected[i / 3]);
    Document body = Document::parse(message.body);
    if (message.format == "json") {
      EXPECT_EQ(body["event"], message.event);
      EXPECT_EQ(body["id"], message.key);
      EXPECT_EQ(body["game"], game_);
      EXPECT_FALSE(body["text"].get<std::string>().empty());
      EXPECT_EQ(body["finished"].get<bool>(), message.event == "result");
    } else if (message.format == "discord") {
      EXPECT_NE(body["content"].get<std::string>().find(game_), std::string::npos);
      EXPECT_EQ(body["allowed_mentions"]["parse"], Document::array()) << "no one is pinged";
    } else {
      EXPECT_EQ(message.format, "slack");
      EXPECT_NE(body["text"].get<std::string>().find(game_), std::string::npos);
    }
  }
  const Document last = Document::parse(all.back().body.empty() ? "{}" : all[all.size() - 3].body);
  EXPECT_NE(last["text"].get<std::string>().find("Finished"), std::string::npos) << last.dump();
  EXPECT_TRUE(last["to_move"].empty());
}

TEST_F(Notify, ATargetGetsItsMessagesInOrderOnceThoughTheReceiverWasDownForAWhile) {
  create({kTargets[0]});
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(play().answer["accepted"].get<bool>());
  ASSERT_EQ(queued().size(), 4u);
  ASSERT_TRUE(notify::owed(db()));

  bool up = false;
  const auto post = receiver([&up] { return up ? 204L : 0L; });
  Document report = notify::deliver(db(), post);
  EXPECT_EQ(report["failed"], 1) << "the first failure holds the later messages back";
  EXPECT_EQ(report["sent"], 0);
  EXPECT_FALSE(notify::owed(db())) << "waiting for its back-off";
  const Document waits = notify::waiting(db());
  ASSERT_EQ(waits.size(), 1u);
  EXPECT_EQ(waits[0]["waiting"], 4);
  EXPECT_EQ(waits[0]["attempts"], 1);
  EXPECT_EQ(waits[0]["last_error"], "Could not connect to server");
  EXPECT_EQ(waits[0]["next_attempt"], "2026-03-01T12:00:30Z");
  EXPECT_EQ(notify::deliver(db(), post)["results"].size(), 0u) << "nothing is due before then";

  advance(core::Seconds(30));
  EXPECT_EQ(notify::deliver(db(), post)["failed"], 1);  // down still: the wait doubles
  EXPECT_EQ(notify::waiting(db())[0]["next_attempt"], "2026-03-01T12:01:30Z");
  ASSERT_TRUE(play().answer["accepted"].get<bool>());  // a turn meanwhile waits in line

  up = true;
  advance(core::Seconds(60));
  report = notify::deliver(db(), post);
  EXPECT_EQ(report["sent"], 5);
  ASSERT_EQ(received_.size(), 5u);
  for (std::size_t i = 0; i < received_.size(); ++i) {
    const Document body = Document::parse(received_[i].body);
    EXPECT_EQ(body["turn"], static_cast<std::int64_t>(i)) << "in the order of the record";
    EXPECT_EQ(body["id"], received_[i].key);
  }
  EXPECT_TRUE(notify::waiting(db()).empty());
  EXPECT_EQ(notify::deliver(db(), post)["results"].size(), 0u) << "each is sent once";
  EXPECT_EQ(received_.size(), 5u);
}

TEST_F(Notify, OneTargetDownDoesNotHoldBackAnother) {
  create({kTargets[0], kTargets[1]});
  const auto post = [this](const std::string& url, const std::string& body, const std::string& key,
                           const std::string&) -> notify::PostResult {
    if (url.find("discord") != std::string::npos) return {503, {}};
    received_.push_back({url, body, key});
    return {200, {}};
  };
  const Document report = notify::deliver(db(), post);
  EXPECT_EQ(report["sent"], 1);
  EXPECT_EQ(report["failed"], 1);
  EXPECT_EQ(notify::waiting(db())[0]["last_error"], "HTTP 503");
}

TEST_F(Notify, AMessageBeingSentIsNotSentAgainByAnotherSender) {
  create({kTargets[0]});
  int posts = 0;
  const notify::Post post = [&](const std::string&, const std::string&, const std::string&,
                                const std::string&) {
    // While this sender is at the message, a second round (another process) finds it claimed.
    if (++posts == 1) {
      EXPECT_EQ(notify::deliver(db(), post)["results"].size(), 0u);
    }
    return notify::PostResult{200, {}};
  };
  EXPECT_EQ(notify::deliver(db(), post)["sent"], 1);
  EXPECT_EQ(posts, 1);
}

TEST(NotifyBackoff, TheWaitDoublesFromThirtySecondsToAnHour) {
  EXPECT_EQ(notify::backoff(1), core::Seconds(30));
  EXPECT_EQ(notify::backoff(2), core::Seconds(60));
  EXPECT_EQ(notify::backoff(3), core::Seconds(120));
  EXPECT_EQ(notify::backoff(7), core::Seconds(1920));
  EXPECT_EQ(notify::backoff(8), core::Seconds(3600));
  EXPECT_EQ(notify::backoff(100), core::Seconds(3600));
}

TEST_F(Notify, AGoneWebhookStopsItsTargetAtOnceAndSaysWhy) {
  for (const long status : {404L, 410L, 401L, 403L}) {
    create({kTargets[1], kTargets[0]});
    play();
    const auto post = [&](const std::string& url, const std::string& body, const std::string& key,
                          const std::string&) -> notify::PostResult {
      if (url.find("discord") != std::string::npos) return {status, {}};
      received_.push_back({url, body, key});
      return {204, {}};
    };
    const Document report = notify::deliver(db(), post, std::vector<std::string>{game_});
    EXPECT_EQ(report["stopped"], 1) << status;
    EXPECT_EQ(report["sent"], 2) << "the other target is not held back";
    const Document targets = referee::notify_targets(db(), game_)["targets"];
    ASSERT_EQ(targets.size(), 2u);
    EXPECT_EQ(targets[0]["state"], "stopped");
    EXPECT_NE(targets[0]["reason"].get<std::string>().find(fmt::format("HTTP {}", status)),
              std::string::npos);
    EXPECT_EQ(targets[1]["state"], "active");
    // Nothing more is queued to it or tried; list shows it stopped with its reason.
    play();
    advance(core::Seconds(7200));
    const Document again = notify::deliver(db(), post, std::vector<std::string>{game_});
    EXPECT_EQ(again["failed"], 0);
    EXPECT_EQ(again["sent"], 1);
    Document shown;
    for (const auto& game : referee::list_games(db(), {}))
      if (game["game"] == game_) shown = game["notifications"];
    ASSERT_EQ(shown.size(), 1u) << shown.dump();
    EXPECT_EQ(shown[0]["target"], targets[0]["id"]);
    EXPECT_EQ(shown[0]["stopped"], targets[0]["stopped"]);
    EXPECT_EQ(shown[0]["waiting"], 2);
    // The game master may add it again (once mended): a new target.
    EXPECT_NO_THROW(admin("notify", [](auto& r) { r.address = kTargets[1]; }));
  }
}

TEST_F(Notify, RetryAfterIsFollowedAndATargetFailingForADayIsGivenUp) {
  create({kTargets[0]});
  std::optional<core::Seconds> asked = core::Seconds(600);
  long status = 429;
  int posts = 0;
  const auto post = [&](const std::string&, const std::string&, const std::string&,
                        const std::string&) {
    ++posts;
    return notify::PostResult{status, {}, asked};
  };
  notify::deliver(db(), post);
  EXPECT_EQ(notify::waiting(db())[0]["next_attempt"], "2026-03-01T12:10:00Z") << "Retry-After: 600";
  status = 503;
  asked = core::Seconds(7 * 24 * 3600);
  advance(core::Seconds(600));
  notify::deliver(db(), post);
  EXPECT_EQ(notify::waiting(db())[0]["next_attempt"], "2026-03-01T18:10:00Z")
      << "a Retry-After of a week is taken as the longest followed, six hours";
  status = 500;
  asked.reset();
  advance(core::Seconds(6 * 3600));
  notify::deliver(db(), post);
  EXPECT_EQ(notify::waiting(db())[0]["next_attempt"], "2026-03-01T18:12:00Z")
      << "without Retry-After, the back-off (third attempt: 2 min)";
  // Tried at each back-off until a day after the first failure: then stopped.
  int rounds = 0;
  while (referee::notify_targets(db(), game_)["targets"][0]["state"] == "active" && rounds < 100) {
    advance(core::Seconds(3600));
    notify::deliver(db(), post);
    ++rounds;
  }
  const Document target = referee::notify_targets(db(), game_)["targets"][0];
  EXPECT_EQ(target["state"], "stopped");
  EXPECT_EQ(target["stopped"], "2026-03-02T12:10:00Z")
      << "the first try a day after the first failure";
  EXPECT_NE(target["reason"].get<std::string>().find("HTTP 500"), std::string::npos);
  const int tried = posts;
  advance(core::Seconds(24 * 3600));
  EXPECT_FALSE(notify::owed(db()));
  notify::deliver(db(), post);
  EXPECT_EQ(posts, tried) << "a stopped target is never tried again";
}

TEST_F(Notify, ASenderLooksOnlyAtTheGamesItIsGiven) {
  create({kTargets[0]});
  const std::string first = game_;
  create({kTargets[1]});
  const std::string second = game_;
  EXPECT_TRUE(notify::owed(db(), std::vector<std::string>{first}));
  const auto post = receiver([] { return 204L; });
  const Document report = notify::deliver(db(), post, std::vector<std::string>{second});
  EXPECT_EQ(report["sent"], 1);
  ASSERT_EQ(received_.size(), 1u);
  EXPECT_NE(received_[0].url.find("discord"), std::string::npos);
  EXPECT_FALSE(notify::owed(db(), std::vector<std::string>{second}));
  EXPECT_TRUE(notify::owed(db(), std::vector<std::string>{first}));
  EXPECT_TRUE(notify::owed(db()));
  const auto& queued_to = notify::queued_games();
  EXPECT_NE(std::find(queued_to.begin(), queued_to.end(), first), queued_to.end());
  EXPECT_NE(std::find(queued_to.begin(), queued_to.end(), second), queued_to.end());
}

TEST_F(Notify, AnEventSaysWhoIsToMoveTheTurnToWriteAndWhetherTheGameIsOver) {
  create({kTargets[0]});
  play();
  const Document event = Document::parse(queued().back().body);
  EXPECT_EQ(event["to_move"], Document::array({to_move()}));
  const std::int64_t next = event["next_turn"];
  EXPECT_EQ(next, referee::view(db(), game_, to_move())["turn"].get<std::int64_t>());
  EXPECT_FALSE(event["finished"].get<bool>());
  // The turn file written from the event alone is accepted.
  const std::string player = event["to_move"][0];
  const auto moves = referee::legal_moves(db(), game_, player, nullptr, 1);
  EXPECT_TRUE(referee::submit(
                  db(),
                  TurnFile(game_, player, next).token(tokens_.at(player)).move(moves.moves.at(0)),
                  "t.yaml")
                  .answer["accepted"]
                  .get<bool>());
  act(to_move(), "resign");
  const Document over = Document::parse(queued().back().body);
  EXPECT_TRUE(over["finished"].get<bool>());
  EXPECT_TRUE(over["next_turn"].is_null());
  EXPECT_TRUE(over["to_move"].empty());
}

TEST_F(Notify, ABotsOwnTurnIsToldAsAnyones) {
  referee::NewGame request;
  request.kind = "caravaneers";
  request.players = {"ann", "bob"};
  request.seed = 5;
  request.bots = {{"bob", "random"}};
  request.notify = {kTargets[0]};
  made_ = referee::create_game(db(), request);
  game_ = made_["game"].get<std::string>();
  for (const auto& player : made_["players"])
    if (player.contains("token"))
      tokens_[player["name"].get<std::string>()] = player["token"].get<std::string>();
  if (to_move() == "bob") referee::tick(db());
  ASSERT_EQ(to_move(), "ann");
  play();
  referee::tick(db());  // the bot's seat plays (or the command that made it its turn did)
  ASSERT_EQ(to_move(), "ann");
  const Document event = Document::parse(queued().back().body);
  ASSERT_FALSE(event["turns"].empty());
  EXPECT_EQ(event["turns"].back()["player"], "bob") << event.dump();
  EXPECT_EQ(event["event"], "turn");
  EXPECT_EQ(event["to_move"], Document::array({"ann"}));
  EXPECT_EQ(event["next_turn"], referee::view(db(), game_, "ann")["turn"]);
}

TEST_F(Notify, DiscordIsSentTheObserversPictureAndNoOtherTargetAPicture) {
  for (const std::string kind : {"caravaneers", "nv-caravan"}) {
    create(kTargets, {}, kind);
    play();
    store::Statement select(db(),
                            "SELECT t.format, o.picture FROM notify_outbox o JOIN notify_targets t "
                            "ON t.id = o.target_id WHERE o.game_id = ? ORDER BY o.id DESC LIMIT 3");
    select.bind(1, game_);
    // The picture of what an observer without a seat sees now: no hand, nothing hidden.
    const std::string observer = referee::picture_svg(referee::observer_view(db(), game_));
    int pictures = 0;
    while (select.step()) {
      if (select.text(0) == "discord") {
        ++pictures;
        EXPECT_EQ(select.text(1), observer) << kind;
      } else {
        EXPECT_TRUE(select.is_null(1)) << select.text(0);
      }
    }
    EXPECT_EQ(pictures, 1) << kind;
    std::string picture;
    const auto post = [&](const std::string& url, const std::string&, const std::string&,
                          const std::string& svg) {
      if (url.find("discord") != std::string::npos) picture = svg;
      return notify::PostResult{204, {}};
    };
    notify::deliver(db(), post, std::vector<std::string>{game_});
    EXPECT_EQ(picture, observer) << "the sender is given the picture to attach";
  }
}

TEST(NotifyTimeout, ThePostTimeoutIsBoundedSoTheClaimOutlastsIt) {
  ::setenv("CARAVAN_REF_NOTIFY_TIMEOUT", "2s", 1);
  EXPECT_EQ(notify::post_timeout(), std::chrono::milliseconds(2000));
  ::setenv("CARAVAN_REF_NOTIFY_TIMEOUT", "10m", 1);
  EXPECT_EQ(notify::post_timeout(), notify::kMaxPostTimeout);
  ::unsetenv("CARAVAN_REF_NOTIFY_TIMEOUT");
  EXPECT_EQ(notify::post_timeout(), notify::kPostTimeout);
}

TEST_F(Notify, TheTargetURLsAppearInNoAnswerViewLogListExportOrMessage) {
  create();
  play();
  const Document added = admin("notify", [](referee::AdminRequest& r) {
    r.address = "slack:http://127.0.0.1:9/SECRET-added";
  });
  EXPECT_EQ(added["target"], 4);
  std::vector<Document> shown = {made_,
                                 added,
                                 referee::view(db(), game_, std::nullopt),
                                 referee::view(db(), game_, "ann"),
                                 referee::observer_view(db(), game_),
                                 referee::history(db(), game_, std::nullopt),
                                 referee::list_games(db()),
                                 referee::notify_targets(db(), game_),
                                 ledger::export_record(db(), game_, true),
                                 notify::waiting(db())};
  for (const auto& message : queued()) shown.push_back(message.body);
  for (const auto& document : shown)
    EXPECT_EQ(document.dump().find("SECRET"), std::string::npos) << document.dump();
}

TEST_F(Notify, AddingAndRemovingATargetAreTurnsOfTheRecordThatAuditAndVerify) {
  create({kTargets[0]});
  const auto turns = [this] { return referee::history(db(), game_, std::nullopt)["turns"].size(); };
  const std::size_t before = turns();
  const Document added =
      admin("notify", [](referee::AdminRequest& r) { r.address = "slack:http://x.example/h"; });
  ASSERT_EQ(turns(), before + 1);
  const Document turn = referee::history(db(), game_, std::nullopt)["turns"].back();
  EXPECT_EQ(turn["action"]["op"], "notify");
  EXPECT_EQ(turn["action"]["change"], "add");
  EXPECT_EQ(turn["action"]["format"], "slack");
  EXPECT_EQ(turn["action"]["target"], added["target"]);
  EXPECT_EQ(queued().back().format, "slack") << "the new target hears of its own addition";

  expect_refused(core::Exit::kUsage, "no notification target 9", [&] {
    admin("notify", [](referee::AdminRequest& r) {
      r.remove = true;
      r.by = "9";
    });
  });
  expect_refused(core::Exit::kUsage, "http:// or https://", [&] {
    admin("notify", [](referee::AdminRequest& r) { r.address = "ftp://x.example/h"; });
  });
  EXPECT_EQ(turns(), before + 1) << "a refused correction records nothing";

  notify::deliver(db(), receiver([] { return 0L; }));  // the slack target's messages wait
  admin("notify", [](referee::AdminRequest& r) {
    r.remove = true;
    r.by = "2";
  });
  EXPECT_EQ(referee::notify_targets(db(), game_)["targets"].size(), 1u);
  for (const auto& waiting : notify::waiting(db())) EXPECT_NE(waiting["target"], 2);
  EXPECT_TRUE(referee::audit(db(), game_)["ok"].get<bool>());
  const Document report = referee::verify_record(ledger::export_record(db(), game_, true));
  EXPECT_TRUE(report["ok"].get<bool>()) << report.dump();
}

TEST(NotifyTarget, TheFormatIsGivenOrKnownFromTheHostAndABadURLIsRefusedWithoutQuotingIt) {
  EXPECT_EQ(notify::parse_target("https://discord.com/api/webhooks/1/abc").format,
            notify::Format::kDiscord);
  EXPECT_EQ(notify::parse_target("https://hooks.slack.com/services/T/B/x").format,
            notify::Format::kSlack);
  EXPECT_EQ(notify::parse_target("https://matrix.example/hook").format, notify::Format::kJson);
  const auto given = notify::parse_target("discord:http://127.0.0.1:8080/h");
  EXPECT_EQ(given.format, notify::Format::kDiscord);
  EXPECT_EQ(given.url, "http://127.0.0.1:8080/h");
  for (const std::string bad : {"ftp://x.example/SECRET", "teams:https://x.example/SECRET",
                                "https://", "https://x.example/a SECRET", "SECRET"}) {
    SCOPED_TRACE(bad);
    try {
      notify::parse_target(bad);
      ADD_FAILURE() << "accepted";
    } catch (const core::UserError& error) {
      EXPECT_EQ(error.code(), core::Exit::kUsage);
      EXPECT_EQ(std::string(error.what()).find("SECRET"), std::string::npos) << error.what();
    }
  }
}

// The characters (code points) of UTF-8 text.
std::size_t characters(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

TEST(NotifyPayload, ALongTextLosesItsMiddleAndKeepsItsFirstAndLastLines) {
  std::string text = "Caravaneers game abcd2345";
  for (int i = 1; i <= 400; ++i) text += "\nTurn " + std::to_string(i) + ": \xC3\xA9lodie played";
  text += "\nNow \xC3\xA9lodie to move, until 2026-03-02T09:00:00Z";
  const Document event = {{"text", text}};
  const std::string content =
      Document::parse(notify::body(event, notify::Format::kDiscord))["content"];
  EXPECT_LE(characters(content), notify::kDiscordCharacters);
  EXPECT_GT(characters(content), notify::kDiscordCharacters - 60) << "as much as fits is kept";
  EXPECT_TRUE(content.starts_with("Caravaneers game abcd2345\nTurn 1: "));
  EXPECT_TRUE(content.ends_with("\n\xE2\x80\xA6\nNow \xC3\xA9lodie to move, until 2026\\-03") ||
              content.ends_with("\nNow \xC3\xA9lodie to move, until 2026-03-02T09:00:00Z"))
      << content.substr(content.size() - 80);
  EXPECT_NE(content.find("\n\xE2\x80\xA6\n"), std::string::npos) << "the cut is marked";
  // Slack takes 40,000 characters: the same text whole.
  const std::string slack = Document::parse(notify::body(event, notify::Format::kSlack))["text"];
  EXPECT_EQ(slack, text);
  // A single line too long is cut at a character and ends in "…".
  const std::string one(5000, 'x');
  const std::string cut = notify::chat_text(one + "\xC3\xA9", notify::Format::kDiscord, 2000);
  EXPECT_EQ(characters(cut), 2000u);
  EXPECT_TRUE(cut.ends_with("x\xE2\x80\xA6"));
}

TEST(NotifyPayload, ANamesMarkupShowsAsWrittenInDiscordAndSlack) {
  const Document event = {
      {"text",
       "Caravaneers game abcd2345\nTurn 1: **x**||spoil|| [South] played <@123> & _y_ "
       "~z~ `c`\n# not a heading\nNow **x**||spoil|| to move"}};
  const Document discord = Document::parse(notify::body(event, notify::Format::kDiscord));
  EXPECT_EQ(discord["content"],
            "Caravaneers game abcd2345\nTurn 1: \\*\\*x\\*\\*\\|\\|spoil\\|\\| \\[South\\] played "
            "\\<\\@123> & \\_y\\_ \\~z\\~ \\`c\\`\n\\# not a heading\nNow "
            "\\*\\*x\\*\\*\\|\\|spoil\\|\\| to move");
  EXPECT_EQ(discord["allowed_mentions"], Document({{"parse", Document::array()}}))
      << "nobody is pinged without a link to a seat";
  const Document slack = Document::parse(notify::body(event, notify::Format::kSlack));
  EXPECT_EQ(slack["mrkdwn"], false) << "*, _ and ~ have no escape in Slack: no markup at all";
  const std::string text = slack["text"];
  EXPECT_EQ(text.find('<'), std::string::npos);
  EXPECT_NE(text.find("played &lt;@123&gt; &amp; _y_"), std::string::npos) << text;
  EXPECT_EQ(Document::parse(notify::body(event, notify::Format::kJson)), event);
}

TEST(NotifyPayload, TheSeatToMoveIsMentionedAndNobodyElse) {
  const Document event = {{"text", "Caravaneers game abcd2345\nNow <@999> to move"}};
  const Document discord =
      Document::parse(notify::body(event, notify::Format::kDiscord, {"80351110224678912"}));
  EXPECT_TRUE(discord["content"].get<std::string>().starts_with("<@80351110224678912> Caravan"));
  EXPECT_EQ(discord["allowed_mentions"]["users"], Document::array({"80351110224678912"}));
  EXPECT_EQ(discord["allowed_mentions"]["parse"], Document::array());
  const Document slack =
      Document::parse(notify::body(event, notify::Format::kSlack, {"U024BE7LH"}));
  EXPECT_TRUE(slack["text"].get<std::string>().starts_with("<@U024BE7LH> Caravan"));
  EXPECT_NE(slack["text"].get<std::string>().find("&lt;@999&gt;"), std::string::npos);
}

// The board's message carries a "Your move" button that names the game and nothing else, while
// a seat is to move; Slack's shows the same lines in blocks, the text left as the fallback.
TEST(NotifyPayload, WhileASeatIsToMoveTheMessageCarriesAYourMoveButtonNamingTheGame) {
  const Document event = {{"game", "abcd2345"},
                          {"to_move", Document::array({"<@bob>"})},
                          {"finished", false},
                          {"page", "https://games.example/watch/abcd2345"},
                          {"text", "Caravaneers game abcd2345\nNow *<@bob>* to move"}};
  const Document discord =
      Document::parse(notify::body(event, notify::Format::kDiscord, {"80351110224678912"}));
  ASSERT_EQ(discord["components"].size(), 1u);
  const Document& button = discord["components"][0]["components"][0];
  EXPECT_EQ(discord["components"][0]["type"], 1) << "an action row";
  EXPECT_EQ(button["type"], 2);
  EXPECT_EQ(button["custom_id"], "b|abcd2345");
  EXPECT_EQ(button["label"], "Your move");
  EXPECT_EQ(discord["content"],
            "<@80351110224678912> Caravaneers game abcd2345\nNow \\*\\<\\@bob>\\* to move\n"
            "<https://games.example/watch/abcd2345>")
      << "the text is as without the button";

  const Document slack =
      Document::parse(notify::body(event, notify::Format::kSlack, {"U024BE7LH"}));
  EXPECT_EQ(slack["text"],
            "<@U024BE7LH> Caravaneers game abcd2345\nNow *&lt;@bob&gt;* to move\n"
            "<https://games.example/watch/abcd2345>")
      << "the fallback is the message as without the button";
  const Document& blocks = slack["blocks"];
  ASSERT_EQ(blocks.size(), 4u) << blocks.dump();
  EXPECT_EQ(blocks[0]["text"], Document({{"type", "mrkdwn"}, {"text", "<@U024BE7LH> "}}))
      << "the ping, in mrkdwn";
  EXPECT_EQ(blocks[1]["text"]["type"], "plain_text") << "a name's markup shows as written";
  EXPECT_EQ(blocks[1]["text"]["text"], "Caravaneers game abcd2345\nNow *<@bob>* to move");
  EXPECT_EQ(blocks[2]["elements"][0]["text"], "<https://games.example/watch/abcd2345>");
  EXPECT_EQ(blocks[3]["type"], "actions");
  EXPECT_EQ(blocks[3]["elements"][0]["value"], "b|abcd2345");
  EXPECT_EQ(blocks[3]["elements"][0]["text"]["text"], "Your move");

  // Slack's section holds 3000 characters: a long text keeps its first and last lines there.
  Document longer = event;
  std::string text = "Caravaneers game abcd2345";
  for (int i = 1; i <= 400; ++i) text += "\nTurn " + std::to_string(i) + ": ann played";
  longer["text"] = text + "\nNow bob to move";
  const Document cut = Document::parse(notify::body(longer, notify::Format::kSlack));
  const std::string shown = cut["blocks"][0]["text"]["text"];
  EXPECT_LE(characters(shown), notify::kSlackSectionCharacters);
  EXPECT_TRUE(shown.ends_with("\nNow bob to move")) << shown.substr(shown.size() - 40);
  EXPECT_EQ(cut["text"],
            longer["text"].get<std::string>() + "\n<" + event["page"].get<std::string>() + ">")
      << "the fallback is whole";

  // Nobody to move (the game is over): no button, the messages as they were.
  Document over = event;
  over["finished"] = true;
  over["to_move"] = Document::array();
  EXPECT_FALSE(
      Document::parse(notify::body(over, notify::Format::kDiscord)).contains("components"));
  EXPECT_FALSE(Document::parse(notify::body(over, notify::Format::kSlack)).contains("blocks"));
  EXPECT_EQ(Document::parse(notify::body(event, notify::Format::kJson)), event);
}

// The leak test (tests/unit/leak_suite_test.cpp) on the news: at every step of random games of
// each engine that hides things, what a seat cannot see is redrawn; when the same move then leaves
// an observer's view the same in both worlds, the news of it must be the same, in every format.
class NotifyLeak : public ::testing::TestWithParam<const core::Engine*> {
 protected:
  // The news says when it was made: both worlds' at the same time.
  void SetUp() override { core::set_now(*core::parse_time("2026-03-01T12:00:00Z")); }
  void TearDown() override { core::set_now(std::nullopt); }
};

std::vector<std::string> payloads(const core::Engine& engine, const core::State& state, int players,
                                  const store::TurnRow& turn) {
  referee::GameContext context;
  context.row.id = "leak";
  context.row.kind = engine.id();
  for (int seat = 0; seat < players; ++seat) {
    store::PlayerRow player;
    player.seat = seat;
    player.name = "p" + std::to_string(seat);
    context.row.players.push_back(player);
  }
  context.engine = &engine;
  context.state = state.clone();
  const Document news = referee::news_document(context, {turn});
  std::vector<std::string> bodies;
  for (const auto format :
       {notify::Format::kJson, notify::Format::kDiscord, notify::Format::kSlack})
    bodies.push_back(notify::body(news, format));
  return bodies;
}

store::TurnRow turn_of(int seat, const std::vector<core::Event>& events) {
  store::TurnRow turn;
  turn.number = 1;
  turn.seat = seat;
  for (const auto& event : events) turn.events.push_back(referee::event_document(event));
  return turn;
}

TEST_P(NotifyLeak, RedrawingWhatASeatCannotSeeChangesNoNewsOfAMove) {
  const core::Engine& engine = *GetParam();
  int compared = 0, differed = 0;
  for (const auto& options : engine_testing::configurations(engine)) {
    for (int players : engine_testing::player_counts(engine)) {
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        SCOPED_TRACE(engine_testing::describe(engine, players, options, seed));
        core::Rng rng(seed);
        core::Rng chooser(seed ^ 0x5eedULL);
        auto state = engine.start(players, options, rng).state;
        for (int step = 0; step < 400 && !state->finished(); ++step) {
          const auto seat = state->current_player();
          ASSERT_TRUE(seat.has_value());
          const auto move = engine_testing::random_move(*state, chooser);
          ASSERT_TRUE(move.has_value());
          const int viewer = (*seat + 1) % players;
          core::Rng resampler(seed * 7919 + static_cast<std::uint64_t>(step));
          auto other = state->resample(viewer, resampler);
          if (other->view(core::kReferee) != state->view(core::kReferee)) ++differed;
          const bool legal_there = state->forced_move()
                                       ? other->forced_move() == state->forced_move()
                                       : std::ranges::count(other->legal_moves(), *move) > 0;
          if (legal_there) {
            auto here = state->clone();
            core::Rng rng_here = rng, rng_there = rng;
            const auto events_here = here->apply(*seat, *move, rng_here);
            const auto events_there = other->apply(*seat, *move, rng_there);
            if (here->view(core::kEveryone) == other->view(core::kEveryone)) {
              ++compared;
              EXPECT_EQ(payloads(engine, *other, players, turn_of(*seat, events_there)),
                        payloads(engine, *here, players, turn_of(*seat, events_here)))
                  << "move " << move->dump();
              if (HasFailure()) return;
            }
          }
          state->apply(*seat, *move, rng);
        }
      }
    }
  }
  EXPECT_GT(compared, 0);
  EXPECT_GT(differed, 0) << "resample() never changed anything hidden";
}

std::vector<const core::Engine*> hiding_engines() {
  std::vector<const core::Engine*> chosen;
  for (const core::Engine* engine : core::engines())
    if (engine->hidden_information()) chosen.push_back(engine);
  return chosen;
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(NotifyLeak);
INSTANTIATE_TEST_SUITE_P(HiddenInformation, NotifyLeak, ::testing::ValuesIn(hiding_engines()),
                         engine_testing::engine_name);

// Through the referee: random games of each engine that hides things, with a target; every
// message queued tells the turns exactly as an observer's history shows them, and no token.
class NotifyHosted : public Notify, public ::testing::WithParamInterface<const core::Engine*> {};

TEST_P(NotifyHosted, EveryMessageOfARandomGameTellsOnlyWhatAnObserverSees) {
  create({kTargets[0]}, {}, GetParam()->id());
  core::Rng chooser(17);
  for (int step = 0; step < 40; ++step) {
    const std::string player = to_move();
    if (player.empty()) break;
    const auto moves = referee::legal_moves(db(), game_, player, nullptr, 64);
    ASSERT_FALSE(moves.moves.empty());
    const Document& move = moves.moves[chooser.below(moves.moves.size())];
    ASSERT_TRUE(referee::submit(db(), turn_file(player).move(move), "t.yaml")
                    .answer["accepted"]
                    .get<bool>());
  }
  std::map<std::int64_t, Document> observed;
  const Document history = referee::observer_history(db(), game_);  // kept: the loop reads it
  for (auto turn : history["turns"]) {
    turn.erase("chain");
    observed[turn["turn"].get<std::int64_t>()] = turn;
  }
  const auto all = queued();
  ASSERT_GT(all.size(), 20u);
  for (const auto& message : all) {
    for (const auto& [name, token] : tokens_)
      EXPECT_EQ(message.body.find(token), std::string::npos) << name << "'s token";
    Document body = Document::parse(message.body);
    for (const auto& turn : body["turns"])
      EXPECT_EQ(turn, observed[turn["turn"].get<std::int64_t>()]);
  }
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(NotifyHosted);
INSTANTIATE_TEST_SUITE_P(HiddenInformation, NotifyHosted, ::testing::ValuesIn(hiding_engines()),
                         engine_testing::engine_name);

}  // namespace
