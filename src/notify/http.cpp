#include "notify/http.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <curl/curl.h>

#include "referee/picture.hpp"

namespace notify {

namespace {

std::size_t ignore_body(char*, std::size_t size, std::size_t count, void*) { return size * count; }

struct CurlDeleter {
  void operator()(CURL* curl) const { curl_easy_cleanup(curl); }
};
struct ListDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
struct MimeDeleter {
  void operator()(curl_mime* mime) const { curl_mime_free(mime); }
};

// The picture as PNG bytes; empty when there is none or librsvg refuses it (the text still goes).
std::string png_of(const std::string& svg) {
  if (svg.empty()) return {};
  try {
    return referee::render_png(svg, referee::kPngScale);
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace

std::chrono::milliseconds post_timeout() {
  if (const char* text = std::getenv("CARAVAN_REF_NOTIFY_TIMEOUT"); text && *text)
    if (const auto parsed = core::parse_duration_ms(text); parsed && parsed->count() > 0)
      return std::min<std::chrono::milliseconds>(*parsed, kMaxPostTimeout);
  return kPostTimeout;
}

PostResult http_post(const std::string& url, const std::string& body, const std::string& key,
                     const std::string& picture) {
  static const bool ready = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  if (!ready) return {0, "libcurl could not start"};
  std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
  if (!curl) return {0, "libcurl could not start"};
  const std::string png = png_of(picture);
  std::unique_ptr<curl_slist, ListDeleter> headers;
  std::string idempotency("Idempotency-Key: ");
  idempotency += key;
  std::vector<std::string> wanted = {idempotency};
  if (png.empty()) wanted.emplace_back("Content-Type: application/json");  // multipart sets its own
  for (const std::string& header : wanted) {
    curl_slist* longer = curl_slist_append(headers.get(), header.c_str());
    if (!longer) return {0, "out of memory"};
    headers.release();
    headers.reset(longer);
  }
  CURL* handle = curl.get();
  curl_easy_setopt(handle, CURLOPT_URL, url.c_str());
  curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(handle, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 2L);
  curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, static_cast<long>(post_timeout().count()));
  curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers.get());
  std::unique_ptr<curl_mime, MimeDeleter> form;
  if (png.empty()) {
    curl_easy_setopt(handle, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  } else {
    // Discord's form for a message with a file: the message as payload_json, the file as
    // files[0] (libcurl writes the multipart body and its boundary).
    form.reset(curl_mime_init(handle));
    if (!form) return {0, "out of memory"};
    curl_mimepart* payload = curl_mime_addpart(form.get());
    curl_mime_name(payload, "payload_json");
    curl_mime_data(payload, body.data(), body.size());
    curl_mime_type(payload, "application/json");
    curl_mimepart* file = curl_mime_addpart(form.get());
    curl_mime_name(file, "files[0]");
    curl_mime_data(file, png.data(), png.size());
    curl_mime_filename(file, "board.png");
    curl_mime_type(file, "image/png");
    curl_easy_setopt(handle, CURLOPT_MIMEPOST, form.get());
  }
  curl_easy_setopt(handle, CURLOPT_USERAGENT, "caravan-ref/" CARAVAN_VERSION);
  curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, ignore_body);
  const CURLcode code = curl_easy_perform(handle);
  if (code != CURLE_OK) return {0, curl_easy_strerror(code)};  // curl's words, never the URL
  long status = 0;
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
  PostResult result{status, {}};
  // libcurl reads Retry-After in both its forms (seconds, or an HTTP date made relative).
  curl_off_t retry_after = 0;
  if (curl_easy_getinfo(handle, CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK && retry_after > 0)
    result.retry_after = core::Seconds(retry_after);
  return result;
}

}  // namespace notify
