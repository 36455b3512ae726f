// The fuzz targets: each takes arbitrary bytes, drives one reader of untrusted input, and checks
// what that reader promises. A broken promise aborts (libFuzzer and the sanitizers report it); a
// refusal the reader is allowed to make returns normally.
//
// The same functions are built twice: into one libFuzzer executable per target (CARAVAN_FUZZ,
// tests/fuzz/CMakeLists.txt) and into the GoogleTest binary, which replays every seed under
// tests/fuzz/corpus/<target>/ and every crash once found under tests/fuzz/regressions/<target>/
// in each ordinary test run. Engines join by registration (core::engines()) alone.
//
// Engine exceptions other than the ones the interface names (core::MoveError from apply,
// core::SetupError from restore), and other broken engine promises, are engine bugs that the
// referee contains (a rejected turn, not a crash). They are counted; with CARAVAN_FUZZ_STRICT=1
// in the environment (tests/fuzz/run.sh sets it unless told 0) they are fatal, and the replay
// test fails on any.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fuzz {

using Function = void (*)(const std::uint8_t* data, std::size_t size);

struct Target {
  const char* name;
  Function run;
};

// turnfile: turnfile::parse and turnfile::yaml_to_document on the bytes as a file.
void turnfile_target(const std::uint8_t* data, std::size_t size);
// moves: the first bytes pick an engine, player count, options and seed; each further line is a
// move ("#N" plays a legal move drawn with N as the seed of the fast path's random_action, "!…"
// sends a move for a seat not to move, anything else is read as YAML like a turn file's move)
// applied to the game.
void moves_target(const std::uint8_t* data, std::size_t size);
// position: the first bytes pick an engine and a game; the rest is either a whole document for
// Engine::restore (what `new --position` reads) or edits to a real position of that game.
void position_target(const std::uint8_t* data, std::size_t size);
// mail: mail::read_message on the bytes as a message, then the turn it finds, as a turn file.
void mail_target(const std::uint8_t* data, std::size_t size);

// Every target this build has (mail only when src/mail exists).
const std::vector<Target>& targets();

// Engine exceptions outside the interface seen so far (see the header comment).
std::size_t contained_engine_errors();

}  // namespace fuzz
