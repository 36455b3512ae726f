// The load on one `caravan-ref serve` (docs/PERFORMANCE.md, Serve): CLIENTS clients at once over
// GAMES games of every kind for SECONDS seconds, each client with its games' pages open and the
// events of one of them streaming, moving whenever one of its seats is to move: the live page of
// the seat (GET /play/...), the API's view (GET /api/games/G/view), then the mover's legal moves
// and a turn (POST /api/games/G/turns). Then every turn must have been applied once (the games'
// turns grew by the accepted answers, no more) and `audit` must be clean. Prints the p50 and p99
// latency of a page, an API read and a move, beside the same request made through the command
// line (`html`, `view`, `submit`: a process each). Usage:
//   caravan-ref-serve-load BIN [CLIENTS=200] [GAMES=1000] [SECONDS=60] [CLI_RUNS=40] [THREADS]
// BIN is caravan-ref; it is run with --db in a temporary directory, which is removed at the end;
// with $CARAVAN_BENCH_DB, a postgresql:// URL, on that database instead (an empty one of its own:
// run it under tests/pg/cluster.sh), the referee's key file in the temporary directory.
// Exits 1 when a check fails (a lost or doubled turn, an audit that is not clean, an answer
// other than the ones a busy server may give), 64 for bad arguments.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <curl/curl.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;
using json = nlohmann::json;
namespace fs = std::filesystem;

const char* const kKinds[] = {"caravaneers", "nv-caravan", "decktet-caravan", "huber-caravan",
                              "caravanserai"};

struct Seat {
  std::string name, token;
};
struct Game {
  std::string id;
  std::vector<Seat> seats;
  std::string page;  // the first seat's private page
};

// Runs `argv` with its standard output to `out` (a file), waits; returns the exit code.
int run(const std::vector<std::string>& args, const std::string& out = "/dev/null") {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return 127;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

size_t into_string(char* data, size_t size, size_t count, void* out) {
  static_cast<std::string*>(out)->append(data, size * count);
  return size * count;
}

// One client's connection (curl keeps it alive from request to request).
class Http {
 public:
  Http() : curl_(curl_easy_init()) {}
  ~Http() { curl_easy_cleanup(curl_); }
  Http(const Http&) = delete;
  Http& operator=(const Http&) = delete;

  // The status (0: no answer) and body; `seconds` the time to the whole answer.
  long request(const std::string& url, const std::string& token, const std::string* body,
               std::string& answer, double& seconds) {
    answer.clear();
    curl_easy_reset(curl_);
    curl_easy_setopt(curl_, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl_, CURLOPT_WRITEFUNCTION, into_string);
    curl_easy_setopt(curl_, CURLOPT_WRITEDATA, &answer);
    curl_easy_setopt(curl_, CURLOPT_TIMEOUT, 30L);
    curl_easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
    curl_slist* headers = nullptr;
    if (!token.empty())
      headers = curl_slist_append(headers, ("Authorization: Bearer " + token).c_str());
    if (body) {
      headers = curl_slist_append(headers, "Content-Type: application/json");
      curl_easy_setopt(curl_, CURLOPT_POSTFIELDS, body->c_str());
    }
    curl_easy_setopt(curl_, CURLOPT_HTTPHEADER, headers);
    const auto start = Clock::now();
    const CURLcode code = curl_easy_perform(curl_);
    seconds = std::chrono::duration<double>(Clock::now() - start).count();
    curl_slist_free_all(headers);
    long status = 0;
    long connects = 0;
    curl_easy_getinfo(curl_, CURLINFO_NUM_CONNECTS, &connects);
    connects_ += connects;
    if (code == CURLE_OK)
      curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &status);
    else
      answer = curl_easy_strerror(code);  // why there is no answer, for the failure's line
    return status;
  }

  long connects() const { return connects_; }  // connections opened (the first, and again)

 private:
  CURL* curl_;
  long connects_ = 0;
};

struct Tally {
  std::vector<double> page, api, move;
  long accepted = 0, applied = 0, busy = 0, failed = 0, connects = 0;
  std::vector<std::string> failures;
};

std::atomic<bool> g_stop{false};

// One client: its games in turn until the time is up.
void client(const std::string& base, std::vector<Game*> games, unsigned seed, Tally& tally) {
  Http http;
  std::mt19937 random(seed);
  std::string answer;
  double seconds = 0;
  // Busy (503, Retry-After) is an answer a loaded server may give; anything else is a fault.
  auto fail = [&](const std::string& what, long status) {
    if (status == 503) {
      ++tally.busy;
      return;
    }
    ++tally.failed;
    if (tally.failures.size() < 5)
      tally.failures.push_back(fmt::format("{}: {} {}", what, status, answer.substr(0, 200)));
  };
  for (std::size_t i = 0; !g_stop && !games.empty(); ++i) {
    Game& game = *games[i % games.size()];
    long status = http.request(game.page, "", nullptr, answer, seconds);
    if (status != 200) {
      fail("page " + game.id, status);
      continue;
    }
    tally.page.push_back(seconds);
    const std::string api = base + "/api/games/" + game.id;
    status = http.request(api + "/view", game.seats[0].token, nullptr, answer, seconds);
    if (status != 200) {
      fail("view " + game.id, status);
      continue;
    }
    tally.api.push_back(seconds);
    const json view = json::parse(answer);
    if (view.value("finished", false) || !view.contains("to_move") || view["to_move"].empty())
      continue;
    const std::string mover = view["to_move"][0].get<std::string>();
    const auto seat = std::find_if(game.seats.begin(), game.seats.end(),
                                   [&](const Seat& s) { return s.name == mover; });
    if (seat == game.seats.end()) continue;
    status = http.request(api + "/moves", seat->token, nullptr, answer, seconds);
    if (status != 200) {
      fail("moves " + game.id, status);
      continue;
    }
    const json moves = json::parse(answer);
    if (moves["moves"].empty()) continue;
    const json move = moves["moves"][random() % moves["moves"].size()];
    const std::string body = json{
        {"game", game.id},
        {"player", mover},
        {"turn", view["turn"]},
        {"token", seat->token},
        {"moves",
         json::array({move})}}.dump();
    status = http.request(api + "/turns", seat->token, &body, answer, seconds);
    if (status == 200) {
      // The turns this one made: itself and the forced turns the referee played after it.
      const json made = json::parse(answer);
      tally.applied += made["next_turn"].get<long>() - made["turn"].get<long>();
      ++tally.accepted;
      tally.move.push_back(seconds);
    } else {
      fail("turn " + game.id, status);  // a game has one client: a refused turn is a fault too
    }
  }
  tally.connects = http.connects();
}

// A stream of one game's events held open until the time is up; counts the events.
size_t count_events(char* data, size_t size, size_t count, void* events) {
  const std::string_view text(data, size * count);
  for (std::size_t at = 0; (at = text.find("\nevent:", at)) != std::string_view::npos; ++at)
    ++*static_cast<long*>(events);
  return g_stop ? 0 : size * count;  // 0 ends the transfer
}

int stop_when_asked(void*, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return g_stop ? 1 : 0;
}

void stream(const std::string& url, const std::string& token, long& events) {
  CURL* curl = curl_easy_init();
  curl_slist* headers = curl_slist_append(nullptr, ("Authorization: Bearer " + token).c_str());
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, count_events);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &events);
  curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, stop_when_asked);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_perform(curl);
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto at = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[at];
}

// The sum of the games' recorded turns (`list`'s `turns`).
long recorded_turns(const std::string& bin, const std::string& db, const std::string& dir) {
  run({bin, "--db", db, "--format", "json", "list"}, dir + "/list.json");
  long turns = 0;
  for (const auto& game : json::parse(slurp(dir + "/list.json"))) turns += game.value("turns", 0L);
  return turns;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: caravan-ref-serve-load BIN [CLIENTS] [GAMES] [SECONDS] [CLI_RUNS]\n");
    return 64;
  }
  const std::string bin = fs::absolute(argv[1]);
  const int clients = argc > 2 ? std::atoi(argv[2]) : 200;
  const int game_count = argc > 3 ? std::atoi(argv[3]) : 1000;
  const int duration = argc > 4 ? std::atoi(argv[4]) : 60;
  const int cli_runs = argc > 5 ? std::atoi(argv[5]) : 40;
  if (clients < 1 || game_count < clients || duration < 1 || cli_runs < 1) {
    std::fprintf(stderr,
                 "CLIENTS 1 or more, GAMES at least CLIENTS, SECONDS and CLI_RUNS 1 or more\n");
    return 64;
  }
  char pattern[] = "/tmp/caravan-serve-load.XXXXXX";
  const std::string dir = mkdtemp(pattern);
  const char* url = std::getenv("CARAVAN_BENCH_DB");
  const std::string db = url && *url ? std::string(url) : dir + "/games.db";
  const bool on_postgresql = db.rfind("postgres", 0) == 0;
  if (on_postgresql) setenv("CARAVAN_REF_KEY", (dir + "/referee.key").c_str(), 1);

  // The games, made by the command line as a game master makes them.
  std::vector<Game> games(static_cast<std::size_t>(game_count));
  for (int i = 0; i < game_count; ++i) {
    const std::string kind = kKinds[i % 5];
    Game& game = games[static_cast<std::size_t>(i)];
    const std::string a = fmt::format("p{}a", i), b = fmt::format("p{}b", i);
    if (run({bin, "--db", db, "--format", "json", "new", kind, "--player", a, "--player", b,
             "--seed", std::to_string(i + 1)},
            dir + "/new.json") != 0) {
      std::fprintf(stderr, "new %s failed\n", kind.c_str());
      return 1;
    }
    const json made = json::parse(slurp(dir + "/new.json"));
    game.id = made["game"];
    for (const auto& player : made["players"])
      game.seats.push_back({player["name"], player["token"]});
  }

  // The server, on a port of its own choosing (its first line).
  // A stream each, a request each, and some over, unless given.
  const int threads = argc > 6 ? std::atoi(argv[6]) : 2 * clients + 16;
  int out[2];
  if (pipe(out) != 0) return 1;
  const pid_t server = fork();
  if (server == 0) {
    dup2(out[1], 1);
    close(out[0]);
    const int log = open((dir + "/serve.log").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(log, 2);
    execl(bin.c_str(), bin.c_str(), "--db", db.c_str(), "serve", "--listen", "127.0.0.1:0",
          "--threads", std::to_string(threads).c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  std::string base;
  for (char c; read(out[0], &c, 1) == 1 && c != '\n';) base += c;
  if (base.rfind("http://", 0) != 0) {
    std::fprintf(stderr, "serve printed no address\n");
    return 1;
  }
  for (auto& game : games) {
    run({bin, "--db", db, "link", game.id, "--player", game.seats[0].name, "--base-url", base},
        dir + "/link.txt");
    game.page = slurp(dir + "/link.txt");
    game.page.erase(game.page.find_last_not_of("\n") + 1);
  }
  const long turns_before = recorded_turns(bin, db, dir);

  curl_global_init(CURL_GLOBAL_DEFAULT);
  std::vector<Tally> tallies(static_cast<std::size_t>(clients));
  std::vector<long> events(static_cast<std::size_t>(clients), 0);
  std::vector<std::thread> running;
  for (int c = 0; c < clients; ++c) {
    std::vector<Game*> mine;
    for (int i = c; i < game_count; i += clients)
      mine.push_back(&games[static_cast<std::size_t>(i)]);
    running.emplace_back(stream, base + "/api/games/" + mine[0]->id + "/events",
                         mine[0]->seats[0].token, std::ref(events[static_cast<std::size_t>(c)]));
    running.emplace_back(client, base, mine, static_cast<unsigned>(c + 1),
                         std::ref(tallies[static_cast<std::size_t>(c)]));
  }
  std::this_thread::sleep_for(std::chrono::seconds(duration));
  g_stop = true;
  for (auto& thread : running) thread.join();
  kill(server, SIGTERM);
  waitpid(server, nullptr, 0);

  Tally all;
  long streamed = 0;
  for (const auto& tally : tallies) {
    all.page.insert(all.page.end(), tally.page.begin(), tally.page.end());
    all.api.insert(all.api.end(), tally.api.begin(), tally.api.end());
    all.move.insert(all.move.end(), tally.move.begin(), tally.move.end());
    all.accepted += tally.accepted;
    all.connects += tally.connects;
    all.applied += tally.applied;
    all.busy += tally.busy;
    all.failed += tally.failed;
    all.failures.insert(all.failures.end(), tally.failures.begin(), tally.failures.end());
  }
  for (long n : events) streamed += n;
  // The same requests through the command line: a process each, one at a time.
  std::vector<double> cli_page, cli_api, cli_move;
  long cli_applied = 0;  // the turns the command line's accepted submits made
  for (int r = 0; r < cli_runs; ++r) {
    const Game& game = games[static_cast<std::size_t>(r % game_count)];
    const auto time = [&](std::vector<std::string> args, std::vector<double>& into) {
      const auto start = Clock::now();
      const int code = run(args, dir + "/cli.out");
      into.push_back(std::chrono::duration<double>(Clock::now() - start).count());
      return code;
    };
    time({bin, "--db", db, "html", game.id, "--player", game.seats[0].name, "--out",
          dir + "/page.html"},
         cli_page);
    time({bin, "--db", db, "--format", "json", "view", game.id, "--player", game.seats[0].name},
         cli_api);
    const json view = json::parse(slurp(dir + "/cli.out"));
    if (view.value("finished", false) || view["to_move"].empty()) continue;
    const std::string mover = view["to_move"][0];
    const auto& seat = game.seats[0].name == mover ? game.seats[0] : game.seats[1];
    run({bin, "--db", db, "--format", "json", "moves", game.id, "--player", mover},
        dir + "/m.json");
    const json moves = json::parse(slurp(dir + "/m.json"))["moves"];
    if (moves.empty()) continue;
    std::ofstream(dir + "/turn.json") << json{
        {"game", game.id},
        {"player", mover},
        {"turn", view["turn"]},
        {"token", seat.token},
        {"moves", json::array({moves[0]})}}.dump();
    if (time({bin, "--db", db, "--format", "json", "submit", dir + "/turn.json"}, cli_move) == 0) {
      const json made = json::parse(slurp(dir + "/cli.out"));
      cli_applied += made["next_turn"].get<long>() - made["turn"].get<long>();
    }
  }

  const long turns_after = recorded_turns(bin, db, dir);
  const int audit = run({bin, "--db", db, "audit"});

  const auto ms = [](const std::vector<double>& v, double p) { return 1000 * percentile(v, p); };
  fmt::print("{} clients over {} games for {} s, one serve ({} threads) on {}\n\n", clients,
             game_count, duration, threads, on_postgresql ? "PostgreSQL" : "SQLite");
  fmt::print("| request | serve p50 ms | serve p99 ms | served | command line p50 ms | p99 ms |\n");
  fmt::print("|---|---|---|---|---|---|\n");
  fmt::print("| page | {:.1f} | {:.1f} | {} | {:.1f} | {:.1f} |\n", ms(all.page, .5),
             ms(all.page, .99), all.page.size(), ms(cli_page, .5), ms(cli_page, .99));
  fmt::print("| API view | {:.1f} | {:.1f} | {} | {:.1f} | {:.1f} |\n", ms(all.api, .5),
             ms(all.api, .99), all.api.size(), ms(cli_api, .5), ms(cli_api, .99));
  fmt::print("| move | {:.1f} | {:.1f} | {} | {:.1f} | {:.1f} |\n\n", ms(all.move, .5),
             ms(all.move, .99), all.move.size(), ms(cli_move, .5), ms(cli_move, .99));
  fmt::print(
      "{} turns accepted, making {} turns with the forced ones the referee played after them; "
      "the games' records grew by {}; {} answered busy (503); {} events streamed; audit {}\n",
      all.accepted, all.applied, turns_after - turns_before - cli_applied, all.busy, streamed,
      audit == 0 ? "clean" : "NOT clean");
  fmt::print("{} connections opened by the {} clients\n", all.connects, clients);
  for (const auto& failure : all.failures) fmt::print("failure: {}\n", failure);
  const bool ok =
      all.failed == 0 && audit == 0 && turns_after - turns_before == all.applied + cli_applied;
  if (ok)
    fs::remove_all(dir);
  else
    fmt::print("kept {}\n", dir);
  return ok ? 0 : 1;
}
