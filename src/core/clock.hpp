// The one clock: every time the referee reads (turns applied, deadlines, reminders) comes from
// now(). CARAVAN_REF_NOW (an ISO-8601 UTC time) or set_now() (the CLI's --now) replaces the
// system clock, so tests of deadlines set the time and never sleep.
//
// The referee looks no further ahead than ten years: a longer duration (a deadline, a grace, an
// extension) is refused where it is given, and a clock set later than 9989 too, so that every
// deadline it can make is still a time with a four-digit year that the next run reads back.
//
// Times are whole seconds, written as ISO 8601 in UTC ("2026-03-01T12:00:00Z"). Durations are
// written as a number and a unit, or several ("90s", "45m", "72h", "3d", "1d12h").
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace core {

using Seconds = std::chrono::seconds;
using Time = std::chrono::sys_seconds;

// The time now: set_now()'s, else CARAVAN_REF_NOW's, else the system clock's. UserError 64 when
// CARAVAN_REF_NOW is set but not a time.
Time now();
// Overrides the clock for this process (nullopt: back to the environment or the system).
void set_now(std::optional<Time> time);
// The clock as `source` (--now, CARAVAN_REF_NOW) sets it: UserError 64 when `text` is not a time
// or is later than the end of 9989.
Time clock_time(const std::string& text, const std::string& source);

inline constexpr Seconds kLongestDuration = std::chrono::days(3650);

// Whether the clock is set by hand (set_now or CARAVAN_REF_NOW), not the system's.
bool clock_is_set();
// A clock set by hand that is earlier than `recorded` (a time the database already holds about
// `subject`, ISO 8601) is almost always a mistake with a live database: says so on stderr, once
// per subject in a process. The command still runs; the system clock is never warned about.
void warn_if_before(const std::string& recorded, const std::string& subject);

// "2026-03-01T12:00:00Z"; also "2026-03-01T12:00Z", "2026-03-01T12:00:00+00:00" and a plain date
// ("2026-03-01", midnight UTC). nullopt when the text is not such a time.
std::optional<Time> parse_time(const std::string& text);
std::string format_time(Time time);

// "72h", "3d", "1d12h", "1h30m", "90m", "30s", "1.5h", "0.5s", "500ms": numbers with up to three
// decimals, each with its unit; nullopt when not a duration (a bare number has no unit).
std::optional<std::chrono::milliseconds> parse_duration_ms(const std::string& text);
// The same to the nearest whole second, as the clock keeps durations.
std::optional<Seconds> parse_duration(const std::string& text);
// For people: "6d 3h", "1h 30m", "0s".
std::string duration_words(Seconds duration);
// The shortest spelling parse_duration reads back: "3d", "1d12h", "0s".
std::string format_duration(Seconds duration);

}  // namespace core
