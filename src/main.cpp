#include "cli/cli.hpp"

int main(int argc, char** argv) { return cli::run(argc, argv, cli::Mail::kInHelper); }
