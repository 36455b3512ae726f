// The Decktet Caravan table as a picture: the face-up Aces and Crowns with what each suit is
// worth, the season's plays in order (the last one outlined), the collected piles, and the
// viewer's cards. Cards are written as moves write them ("4MS", "AM"), with suit symbols beside.
#include "core/svg.hpp"

#include <sstream>

#include <fmt/format.h>

#include "games/decktet_caravan/decktet_caravan.hpp"

namespace games::decktet_caravan {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

constexpr double kWidth = 600;
constexpr double kChipHeight = 24;

using core::svg::text_of;

struct SuitLook {
  char letter;
  const char* symbol;
  const char* fill;
  const char* name;
};

// One colour and one symbol per suit: the letter, the symbol and the colour each tell it.
constexpr SuitLook kSuits[] = {
    {'M', "\u263E", colour::kBlue, "Moons"},    {'S', "\u2600", colour::kOrange, "Suns"},
    {'W', "\u2248", colour::kSkyBlue, "Waves"}, {'L', "\u2766", colour::kGreen, "Leaves"},
    {'Y', "\u00A7", colour::kPurple, "Wyrms"},  {'K', "\u2318", colour::kVermillion, "Knots"},
};

const SuitLook* suit_look(char letter) {
  for (const SuitLook& s : kSuits)
    if (s.letter == letter) return &s;
  return nullptr;
}

// The suits of a card code: "4MS" -> M, S; "AM" -> M; "AM=5" -> M.
std::vector<const SuitLook*> suits_of(const std::string& code) {
  std::vector<const SuitLook*> out;
  const std::string bare = code.substr(0, code.find('='));
  for (std::size_t i = 1; i < bare.size(); ++i)
    if (const SuitLook* s = suit_look(bare[i])) out.push_back(s);
  return out;
}

double chip_width(const std::string& code) { return 22 + 9.0 * static_cast<double>(code.size()); }

// A card: its code, then a symbol per suit. Returns the width used.
double chip(svg::Drawing& d, double x, double y, const std::string& code, bool marked = false) {
  const auto suits = suits_of(code);
  const double w = chip_width(code) + 14.0 * static_cast<double>(suits.size());
  d.begin_group(code, "card");
  d.rect(x, y, w, kChipHeight,
         {.fill = colour::kWhite,
          .stroke = marked ? colour::kHighlight : colour::kDarkGrey,
          .stroke_width = marked ? 2.5 : 1,
          .dash = marked ? "5 3" : ""},
         4);
  d.text(x + 6, y + 17, code, {.size = 14, .bold = true, .mono = true});
  double sx = x + 10 + 9.0 * static_cast<double>(code.size()) + 4;
  for (const SuitLook* s : suits) {
    d.text(sx, y + 17, s->symbol, {.size = 15, .fill = s->fill});
    sx += 14;
  }
  d.end_group();
  return w;
}

// A row of cards from x, wrapping at the right edge; returns the y below the last row.
double chip_row(svg::Drawing& d, double x, double y, const std::vector<std::string>& codes,
                bool marked = false) {
  const double left = x;
  for (const std::string& code : codes) {
    const double w = chip_width(code) + 14.0 * static_cast<double>(suits_of(code).size());
    if (x + w > kWidth - 6 && x > left) {
      x = left;
      y += kChipHeight + 6;
    }
    x += chip(d, x, y, code, marked) + 6;
  }
  return y + kChipHeight + 6;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

std::vector<std::string> codes_of(const Document& list) {
  std::vector<std::string> out;
  for (const Document& item : list)
    if (item.is_string()) out.push_back(item.get<std::string>());
  return out;
}

}  // namespace

core::Engine::Picture DecktetCaravanEngine::picture(const Document& view, const Document& last,
                                                    int) const {
  std::string holding;
  svg::Drawing d(600, 0);
  const std::string viewer = text_of(view.value("viewer", Document()), "referee");
  double y = 22;
  d.text(8, y,
         fmt::format("Hand {} of {}, season {} \u2022 {}", text_of(view.value("hand", Document())),
                     text_of(view.value("game_hands", Document())),
                     text_of(view.value("season", Document())),
                     text_of(view.value("phase", Document()))),
         {.size = 15, .bold = true});
  y += 14;

  // The face-up Aces and Crowns: what each suit scores this hand.
  d.text(8, y + 17, "Face up:", {.size = 14});
  double x = 80;
  for (const std::string& code : codes_of(view.value("face_up", Document::array()))) {
    x += chip(d, x, y, code) + 4;
    const auto suits = suits_of(code);
    const bool crown = !code.empty() && code[0] == 'C';
    if (!suits.empty())
      d.text(x, y + 17, fmt::format("{} {}", suits[0]->name, crown ? "+1" : "\u22121"),
             {.size = 14, .bold = true});
    x += 110;
  }
  if (const Document aside = view.value("turned_aside", Document()); aside.is_string()) {
    d.text(x, y + 17, "aside:", {.size = 13, .fill = colour::kDarkGrey});
    chip(d, x + 44, y, aside.get<std::string>());
  }
  y += kChipHeight + 16;

  // The season on the table, play by play; the newest play is what the last turn did.
  std::string last_play;
  std::string last_summary;
  if (last.is_object())
    for (const Document& e : last.value("events", Document::array())) {
      const std::string kind = text_of(e.value("event", Document()));
      if (kind == "play") last_play = text_of(e.value("play", Document()));
      if (kind == "play" || kind == "pass")
        last_summary = fmt::format("{}: {}", text_of(e.value("seat", Document())),
                                   kind == "pass" ? std::string("pass") : last_play);
    }
  const Document plays = view.value("plays", Document::array());
  d.text(8, y + 4, "This season:", {.size = 14, .bold = true});
  y += 12;
  if (plays.empty()) {
    d.text(110, y - 8, "no plays yet (the opener plays a caravan)",
           {.size = 13, .fill = colour::kDarkGrey});
    y += 8;
  }
  for (std::size_t i = 0; i < plays.size(); ++i) {
    const Document& p = plays[i];
    const std::string play = text_of(p.value("play", Document()));
    const bool newest = i + 1 == plays.size() && play == last_play;
    d.text(8, y + 17,
           fmt::format("{} {}", text_of(p.value("seat", Document())),
                       text_of(p.value("kind", Document()))),
           {.size = 13, .fill = colour::kDarkGrey});
    y = chip_row(d, 140, y, words(play), newest);
  }
  y += 8;

  // Each player: what they hold (counts for the other), what they collected and its value.
  const Document cards = view.value("cards", Document::object());
  const Document sizes = view.value("hand_sizes", Document::object());
  const Document collected = view.value("collected", Document::object());
  const Document value = view.value("collected_value", Document::object());
  const Document cumulative = view.value("cumulative", Document::object());
  for (const char* seat : {"Player 1", "Player 2"}) {
    const Document size = sizes.value(seat, Document::object());
    d.text(8, y + 16,
           fmt::format("{}{}: holds {} Aces/Crowns and {} numerals; collected {} (worth {}); "
                       "score {}",
                       seat, viewer == seat ? " (you)" : "",
                       text_of(size.value("aces_crowns", Document()), "0"),
                       text_of(size.value("numerals", Document()), "0"),
                       collected.value(seat, Document::array()).size(),
                       text_of(value.value(seat, Document()), "0"),
                       text_of(cumulative.value(seat, Document()), "0")),
           {.size = 13});
    y += 24;
  }
  // The viewer's own cards (the referee sees both hands).
  for (const char* seat : {"Player 1", "Player 2"}) {
    if (!cards.contains(seat)) continue;
    const auto held = codes_of(cards.at(seat));
    d.text(8, y + 17, viewer == seat ? "Your cards:" : std::string(seat) + ":",
           {.size = 14, .bold = true});
    y = chip_row(d, 100, y, held);
    if (viewer == seat) {
      for (const std::string& code : held) holding += (holding.empty() ? "" : " ") + code;
      if (held.empty()) holding = "no cards";
    }
  }
  if (!last_summary.empty()) {
    d.text(8, y + 16, "Last: " + last_summary,
           {.size = 14, .bold = true, .fill = colour::kHighlight});
    y += 22;
  }
  d.text(8, y + 14, "Moves: a caravan \"3MW 4MS AM=5\", a bandit \"AM CK\", or pass.",
         {.size = 11, .fill = colour::kDarkGrey});
  d.set_height(y + 24);
  d.set_title("decktet-caravan");
  return Picture::of(d, holding);
}

}  // namespace games::decktet_caravan
