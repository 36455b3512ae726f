// caravan-ref-mail: the same commands as caravan-ref, with GMime and librsvg linked in; caravan-ref
// runs it for a command line that reads or sends mail (cli.hpp).
#include "cli/cli.hpp"

int main(int argc, char** argv) { return cli::run(argc, argv, cli::Mail::kLinked); }
