// Posting a notification over HTTP with libcurl (Debian's): linked only into caravan-ref-notify
// and the tests, so that no other command loads libcurl and the thirty libraries it brings.
#pragma once

#include <chrono>

#include "notify/outbox.hpp"

namespace notify {

// The longest one post may take, connection included, unless CARAVAN_REF_NOTIFY_TIMEOUT gives
// another duration ("2s", "500ms"), at most kMaxPostTimeout (a longer one is that): a slow
// receiver waits for the next round, and the claim on the message outlasts the post.
inline constexpr std::chrono::milliseconds kPostTimeout{5000};
std::chrono::milliseconds post_timeout();

// A POST of `body` (application/json) with an Idempotency-Key header, HTTPS verified against the
// system's certificate authorities, no redirect followed, http and https only. Never throws for
// the network's failures: they are the result's `error`, in curl's words without the URL.
// With a `picture` (SVG), a multipart/form-data POST as Discord's webhooks take a file: the body
// as `payload_json`, the picture rendered to PNG (librsvg) as `files[0]`, board.png; a picture
// librsvg refuses is left out.
PostResult http_post(const std::string& url, const std::string& body, const std::string& key,
                     const std::string& picture);

}  // namespace notify
