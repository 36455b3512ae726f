#include "cli/cli.hpp"
#include "core/prefault.hpp"

// Before the static objects' constructors, which already touch the heap and code all over the
// binary (101 is the first priority a program may use).
__attribute__((constructor(101))) static void map_what_every_command_touches() {
  core::prefault_start();
}

int main(int argc, char** argv) { return cli::run(argc, argv); }
