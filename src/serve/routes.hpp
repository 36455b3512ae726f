// The routes of caravan-ref serve, each family from its own file; server.cpp adds them all.
#pragma once

#include <httplib.h>

#include "cli/cli.hpp"
#include "serve/shared.hpp"

namespace serve {

// /api/games/{g}/view|moves|history|turns|events (api.cpp).
void add_api_routes(httplib::Server& server, Shared& shared);
// /play/{g}/{capability}, /watch/{g} (pages.cpp).
void add_page_routes(httplib::Server& server, Shared& shared);
// /tournaments/{id}, a tournament's public standings (standings.cpp).
void add_standings_routes(httplib::Server& server, Shared& shared);
// /discord/interactions, /slack/commands, /slack/interactions, each platform's only when its key
// or secret is given (chat.cpp).
void add_chat_routes(httplib::Server& server, Shared& shared, const cli::ServeOptions& options);

}  // namespace serve
