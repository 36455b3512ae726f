// caravan-ref-serve: the same commands as caravan-ref, with the HTTP server (cpp-httplib) linked
// in; caravan-ref runs it for `serve` (cli.hpp).
#include "cli/cli.hpp"
#include "serve/server.hpp"

int main(int argc, char** argv) {
  cli::serve_runner = serve::run;
  return cli::run(argc, argv, cli::Mail::kInHelper);
}
