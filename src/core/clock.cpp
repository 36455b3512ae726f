#include "core/clock.hpp"

#include <cstdlib>
#include <ctime>
#include <iostream>
#include <mutex>
#include <set>

#include <fmt/format.h>

#include "core/errors.hpp"

namespace core {

namespace {

std::optional<Time>& override_time() {
  static std::optional<Time> time;
  return time;
}

bool read_number(const std::string& text, std::size_t& at, std::size_t digits, int& value) {
  if (at + digits > text.size()) return false;
  value = 0;
  for (std::size_t i = 0; i < digits; ++i) {
    const char c = text[at + i];
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  at += digits;
  return true;
}

bool expect(const std::string& text, std::size_t& at, char c) {
  if (at >= text.size() || text[at] != c) return false;
  ++at;
  return true;
}

}  // namespace

Time now() {
  if (override_time()) return *override_time();
  if (const char* env = std::getenv("CARAVAN_REF_NOW"); env && *env)
    return clock_time(env, "CARAVAN_REF_NOW");
  return std::chrono::time_point_cast<Seconds>(std::chrono::system_clock::now());
}

void set_now(std::optional<Time> time) { override_time() = time; }

Time clock_time(const std::string& text, const std::string& source) {
  const auto time = parse_time(text);
  if (!time)
    throw UserError(Exit::kUsage, fmt::format("{} '{}' is not an ISO-8601 UTC time such as "
                                              "2026-03-01T12:00:00Z",
                                              source, text));
  if (*time > *parse_time("9989-12-31T23:59:59Z"))
    throw UserError(Exit::kUsage,
                    fmt::format("{} '{}' is too far ahead: the clock goes up to the end of 9989, "
                                "so that a deadline ten years on is still a time",
                                source, text));
  return *time;
}

bool clock_is_set() {
  if (override_time()) return true;
  const char* env = std::getenv("CARAVAN_REF_NOW");
  return env && *env;
}

void warn_if_before(const std::string& recorded, const std::string& subject) {
  if (!clock_is_set()) return;
  const auto then = parse_time(recorded);
  const Time time = now();
  if (!then || time >= *then) return;
  static std::mutex guard;  // serve's threads may warn at once
  static std::set<std::string> warned;
  const std::lock_guard lock(guard);
  if (!warned.insert(subject).second) return;
  std::cerr << fmt::format(
      "caravan-ref: warning: the clock is set to {} ({}), earlier than {} already recorded for "
      "{}; with a live database that is almost always a mistake\n",
      format_time(time), override_time() ? "--now" : "CARAVAN_REF_NOW", recorded, subject);
}

std::optional<Time> parse_time(const std::string& text) {
  std::size_t at = 0;
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!read_number(text, at, 4, year) || !expect(text, at, '-') ||
      !read_number(text, at, 2, month) || !expect(text, at, '-') || !read_number(text, at, 2, day))
    return std::nullopt;
  if (at < text.size()) {
    if (!expect(text, at, 'T') || !read_number(text, at, 2, hour) || !expect(text, at, ':') ||
        !read_number(text, at, 2, minute))
      return std::nullopt;
    if (at < text.size() && text[at] == ':' && !(++at, read_number(text, at, 2, second)))
      return std::nullopt;
    const std::string zone = text.substr(at);
    if (zone != "Z" && zone != "+00:00") return std::nullopt;
  }
  const std::chrono::year_month_day date{std::chrono::year(year),
                                         std::chrono::month(static_cast<unsigned>(month)),
                                         std::chrono::day(static_cast<unsigned>(day))};
  if (!date.ok() || hour > 23 || minute > 59 || second > 59) return std::nullopt;
  return Time(std::chrono::sys_days(date)) + std::chrono::hours(hour) +
         std::chrono::minutes(minute) + Seconds(second);
}

std::string format_time(Time time) {
  const auto days = std::chrono::floor<std::chrono::days>(time);
  const std::chrono::year_month_day date(days);
  const std::chrono::hh_mm_ss clock(time - days);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", static_cast<int>(date.year()),
                     static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                     clock.hours().count(), clock.minutes().count(), clock.seconds().count());
}

std::optional<std::chrono::milliseconds> parse_duration_ms(const std::string& text) {
  if (text.empty()) return std::nullopt;
  // Far past any bound a caller sets (they say so in their own words); ten digits a number
  // keep every product in range.
  constexpr std::int64_t kMaxMs = 100'000'000'000'000'000;
  std::int64_t total = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    // A number, whole or with a decimal fraction (up to three places: milliseconds).
    std::int64_t whole = 0, fraction = 0, scale = 1;
    const std::size_t start = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - start < 10)
      whole = whole * 10 + (text[at++] - '0');
    if (at == start) return std::nullopt;
    if (at < text.size() && text[at] == '.') {
      const std::size_t point = ++at;
      while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - point < 3) {
        fraction = fraction * 10 + (text[at++] - '0');
        scale *= 10;
      }
      if (at == point) return std::nullopt;
    }
    std::int64_t unit = 0;  // in milliseconds
    if (text.compare(at, 2, "ms") == 0) {
      unit = 1;
      at += 2;
    } else if (at < text.size()) {
      switch (text[at++]) {
        case 'd':
          unit = 86400000;
          break;
        case 'h':
          unit = 3600000;
          break;
        case 'm':
          unit = 60000;
          break;
        case 's':
          unit = 1000;
          break;
        default:
          return std::nullopt;
      }
    } else {
      return std::nullopt;  // a bare number has no unit
    }
    total += whole * unit + fraction * unit / scale;
    if (total > kMaxMs) return std::nullopt;
  }
  return std::chrono::milliseconds(total);
}

std::optional<Seconds> parse_duration(const std::string& text) {
  const auto ms = parse_duration_ms(text);
  if (!ms) return std::nullopt;
  return Seconds((ms->count() + 500) / 1000);
}

std::string duration_words(Seconds duration) {
  std::int64_t left = duration.count();
  if (left <= 0) return "0s";
  std::string text;
  for (const auto& [unit, size] : {std::pair{'d', 86400}, {'h', 3600}, {'m', 60}, {'s', 1}}) {
    if (left >= size) text += fmt::format("{}{}{}", text.empty() ? "" : " ", left / size, unit);
    left %= size;
  }
  return text;
}

std::string format_duration(Seconds duration) {
  std::int64_t left = duration.count();
  if (left <= 0) return "0s";
  std::string text;
  for (const auto& [unit, size] : {std::pair{'d', 86400}, {'h', 3600}, {'m', 60}, {'s', 1}}) {
    if (left >= size) text += fmt::format("{}{}", left / size, unit);
    left %= size;
  }
  return text;
}

}  // namespace core
