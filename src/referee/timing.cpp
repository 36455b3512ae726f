#include "referee/timing.hpp"

#include <fmt/format.h>

#include "core/errors.hpp"
#include "referee/game_context.hpp"

namespace referee {

using core::Document;

namespace {

std::int64_t duration_option(const std::optional<std::string>& text, const char* option) {
  if (!text) return 0;
  const auto seconds = core::parse_duration(*text);
  if (!seconds)
    throw core::UserError(
        core::Exit::kUsage,
        fmt::format("{} '{}' is not a duration (e.g. 72h, 3d, 1d12h, 30m)", option, *text));
  if (*seconds > core::kLongestDuration)
    throw core::UserError(
        core::Exit::kUsage,
        fmt::format("{} '{}' is longer than ten years ({}), the longest a "
                    "clock takes",
                    option, *text, core::format_duration(core::kLongestDuration)));
  return seconds->count();
}

Document parse_nmr(const std::string& text) {
  Document policy = {{"default", false}, {"forfeit", 0}};
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string part = text.substr(start, end - start);
    if (part == "wait") {
    } else if (part == "default") {
      policy["default"] = true;
    } else if (part == "forfeit") {
      policy["forfeit"] = 1;
    } else if (part.rfind("forfeit:", 0) == 0 && part.size() > 8 && part.size() < 12 &&
               part.find_first_not_of("0123456789", 8) == std::string::npos &&
               std::stoi(part.substr(8)) > 0) {
      policy["forfeit"] = std::stoi(part.substr(8));
    } else {
      throw core::UserError(core::Exit::kUsage,
                            fmt::format("--nmr '{}': '{}' is not wait, default or forfeit:N "
                                        "(combine them with commas: default,forfeit:3)",
                                        text, part));
    }
    start = end + 1;
  }
  return policy;
}

}  // namespace

Document make_timing(const TimingRequest& request) {
  Document timing = Document::object();
  const std::int64_t deadline = duration_option(request.deadline, "--deadline");
  if (deadline == 0) {
    if (request.grace || request.remind || request.nmr)
      throw core::UserError(core::Exit::kUsage,
                            "--grace, --remind and --nmr need a clock: give --deadline too");
  } else {
    timing["deadline"] = deadline;
    timing["grace"] = duration_option(request.grace, "--grace");
    const std::int64_t remind = duration_option(request.remind, "--remind");
    if (remind >= deadline)
      throw core::UserError(core::Exit::kUsage, "--remind must be shorter than --deadline");
    timing["remind"] = remind;
    timing["nmr"] = parse_nmr(request.nmr.value_or("wait"));
  }
  if (request.absence_days < 0 || request.absence_days > 366)
    throw core::UserError(core::Exit::kUsage, "--absence is a number of days from 0 to 366");
  if (request.absence_days > 0) timing["absence"] = request.absence_days;
  return timing;
}

std::string nmr_text(const Document& timing) {
  const Document nmr = timing.value("nmr", Document::object());
  std::string text = nmr.value("default", false) ? "default" : "";
  if (const int forfeit = nmr.value("forfeit", 0); forfeit > 0)
    text += fmt::format("{}forfeit:{}", text.empty() ? "" : ",", forfeit);
  return text.empty() ? "wait" : text;
}

bool has_clock(const store::GameRow& row) { return row.timing.value("deadline", 0) > 0; }

core::Time deadline_for(const store::GameRow& row, int seat, core::Time start) {
  const core::Seconds period(row.timing.value("deadline", std::int64_t{0}));
  core::Time deadline = start + period;
  const Document absent = row.host.value("absent", Document::object());
  if (absent.contains(std::to_string(seat)))
    if (const auto until = core::parse_time(absent[std::to_string(seat)].get<std::string>()))
      deadline = std::max(deadline, *until + period);
  return deadline;
}

void add_clock_fields(Document& doc, const store::GameRow& row) {
  if (!has_clock(row)) return;
  doc["deadline"] = row.deadline ? Document(*row.deadline) : Document();
  // Durations as numbers of seconds (caravan-ref(1), Durations); text and mail write words.
  const auto duration = [&](const char* name) { return row.timing.value(name, std::int64_t{0}); };
  doc["clock"] = {{"deadline", duration("deadline")},
                  {"grace", duration("grace")},
                  {"remind", duration("remind")},
                  {"nmr", nmr_text(row.timing)},
                  {"absence_days", row.timing.value("absence", 0)}};
}

void extend_for_absence(store::GameRow& row, int seat) {
  if (!row.deadline) return;
  if (const auto deadline = core::parse_time(*row.deadline)) {
    const core::Seconds period(row.timing.value("deadline", std::int64_t{0}));
    row.deadline =
        core::format_time(std::max(*deadline, deadline_for(row, seat, *deadline - period)));
  }
}

void update_clock(store::GameRow& row, const core::State& state, bool restart) {
  const bool over = game_over(state, row);
  const std::optional<int> mover = over ? std::nullopt : state.current_player();
  if (!has_clock(row) || over || !mover || row.host.contains("paused")) {
    row.deadline.reset();
  } else if (restart || mover != row.to_move || !row.deadline) {
    row.deadline = core::format_time(deadline_for(row, *mover, core::now()));
  }
  row.to_move = mover;
}

}  // namespace referee
