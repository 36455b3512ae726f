// The Decktet Caravan table as a picture: the face-up Aces and Crowns with what each suit is
// worth, the season's plays in order (the last one outlined), the collected piles, and the
// viewer's cards. Cards are written as moves write them ("4MS", "AM"), with suit symbols beside.
#include "core/svg.hpp"

#include <set>
#include <sstream>

#include <fmt/format.h>

#include "games/decktet_caravan/decktet_caravan.hpp"

namespace games::decktet_caravan {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

constexpr double kWidth = 600;
constexpr double kCardHeight = 28;

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

// "4MS" -> "Mountain (4MS)"; "AM=5" -> "Ace of Moons as 5 (AM=5)".
std::string card_name(const std::string& code) {
  const std::size_t equals = code.find('=');
  const std::string bare = code.substr(0, equals);
  for (const CardInfo& info : kDeck)
    if (bare == info.code)
      return equals == std::string::npos
                 ? fmt::format("{} ({})", info.name, code)
                 : fmt::format("{} as {} ({})", info.name, code.substr(equals + 1), code);
  return code;
}

// "4MS" -> rank 4 with the symbols of Moons and Suns; "AM=5" -> A, Moons, noted "=5".
svg::CardFace face_of(const std::string& code, bool marked = false) {
  svg::CardFace face;
  const std::size_t equals = code.find('=');
  face.rank = code.substr(0, 1);
  face.rank_ink = colour::kBlack;  // some suits' colours are too light for the rank
  for (const SuitLook* s : suits_of(code)) face.suits.push_back({s->symbol, s->fill});
  if (equals != std::string::npos) face.note = code.substr(equals);
  face.tooltip = card_name(code);
  face.marked = marked;
  return face;
}

// A card as people write it: "4\u263E\u2600", "A\u263E as 5".
std::string card_words(const std::string& code) {
  const svg::CardFace face = face_of(code);
  std::string out = face.rank;
  for (const auto& suit : face.suits) out += suit.symbol;
  if (!face.note.empty()) out += " as " + face.note.substr(1);
  return out;
}

double chip_width(const std::string& code) {
  return std::max(40.0, svg::card_width(face_of(code), kCardHeight));
}

// A card's face; returns the width used.
double chip(svg::Drawing& d, double x, double y, const std::string& code, bool marked = false) {
  const double w = chip_width(code);
  svg::card(d, x, y, w, kCardHeight, face_of(code, marked));
  return w;
}

// A row of cards from x, wrapping at the right edge; returns the y below the last row.
double chip_row(svg::Drawing& d, double x, double y, const std::vector<std::string>& codes,
                bool marked = false) {
  const double left = x;
  for (const std::string& code : codes) {
    const double w = chip_width(code);
    if (x + w > kWidth - 6 && x > left) {
      x = left;
      y += kCardHeight + 6;
    }
    x += chip(d, x, y, code, marked) + 5;
  }
  return y + kCardHeight + 6;
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

  std::set<char> suits_drawn;  // for the legend, which names only these
  const auto note_suits = [&](const std::string& code) {
    for (const SuitLook* s : suits_of(code)) suits_drawn.insert(s->letter);
  };

  // The face-up Aces and Crowns: what each suit scores this hand.
  d.text(8, y + 19, "Face up:", {.size = 15});
  double x = 84;
  for (const std::string& code : codes_of(view.value("face_up", Document::array()))) {
    x += chip(d, x, y, code) + 5;
    note_suits(code);
    const auto suits = suits_of(code);
    const bool crown = !code.empty() && code[0] == 'C';
    if (!suits.empty())
      d.text(x, y + 19, fmt::format("{} {}", suits[0]->name, crown ? "+1" : "\u22121"),
             {.size = 15, .bold = true});
    x += 110;
  }
  if (const Document aside = view.value("turned_aside", Document()); aside.is_string()) {
    d.text(x, y + 19, "aside:", {.size = 14, .fill = colour::kDarkGrey});
    chip(d, x + 46, y, aside.get<std::string>());
    note_suits(aside.get<std::string>());
  }
  y += kCardHeight + 16;

  // The season on the table, play by play; the newest play is what the last turn did.
  std::string last_play;
  std::string last_words;
  if (last.is_object())
    for (const Document& e : last.value("events", Document::array())) {
      const std::string kind = text_of(e.value("event", Document()));
      const std::string seat = text_of(e.value("seat", Document()));
      std::string said;
      if (kind == "play") {
        last_play = text_of(e.value("play", Document()));
        std::string cards;
        for (const std::string& code : words(last_play))
          cards += (cards.empty() ? "" : ", ") + card_words(code);
        said = fmt::format("{} played a {}: {}", seat, text_of(e.value("kind", Document())), cards);
      } else if (kind == "pass") {
        said = seat + " passed";
      } else if (kind == "collect") {
        said = fmt::format("{} collected {} cards worth {}", seat,
                           e.value("cards", Document::array()).size(),
                           text_of(e.value("value", Document()), "0"));
      }
      if (!said.empty()) last_words += (last_words.empty() ? "" : "; ") + said;
    }
  const Document plays = view.value("plays", Document::array());
  d.text(8, y + 4, "This season:", {.size = 15, .bold = true});
  y += 12;
  if (plays.empty()) {
    d.text(118, y - 8, "no plays yet (the opener plays a caravan)",
           {.size = 14, .fill = colour::kDarkGrey});
    y += 8;
  }
  for (std::size_t i = 0; i < plays.size(); ++i) {
    const Document& p = plays[i];
    const std::string play = text_of(p.value("play", Document()));
    const bool newest = i + 1 == plays.size() && play == last_play;
    d.text(8, y + 19,
           fmt::format("{} {}", text_of(p.value("seat", Document())),
                       text_of(p.value("kind", Document()))),
           {.size = 14, .fill = colour::kDarkGrey});
    for (const std::string& code : words(play)) note_suits(code);
    y = chip_row(d, 150, y, words(play), newest);
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
           fmt::format("{}{}: score {}", seat, viewer == seat ? " (you)" : "",
                       text_of(cumulative.value(seat, Document()), "0")),
           {.size = 15, .bold = true});
    d.text(8, y + 36,
           fmt::format("holds {} Aces or Crowns and {} numerals; collected {} (worth {})",
                       text_of(size.value("aces_crowns", Document()), "0"),
                       text_of(size.value("numerals", Document()), "0"),
                       collected.value(seat, Document::array()).size(),
                       text_of(value.value(seat, Document()), "0")),
           {.size = 14});
    y += 46;
  }
  // The viewer's own cards (the referee sees both hands).
  for (const char* seat : {"Player 1", "Player 2"}) {
    if (!cards.contains(seat)) continue;
    const auto held = codes_of(cards.at(seat));
    d.text(8, y + 19, viewer == seat ? "Your cards:" : std::string(seat) + ":",
           {.size = 15, .bold = true});
    for (const std::string& code : held) note_suits(code);
    y = chip_row(d, 104, y, held);
    if (viewer == seat) {
      for (const std::string& code : held) holding += (holding.empty() ? "" : " ") + code;
      if (held.empty()) holding = "no cards";
    }
  }
  if (!last_words.empty()) y += svg::last_turn_text(d, 8, y + 18, last_words + ".") + 4;
  // The legend: the suits drawn, each by symbol and name.
  if (!suits_drawn.empty()) {
    x = 8;
    y += 6;
    for (const SuitLook& s : kSuits) {
      if (!suits_drawn.count(s.letter)) continue;
      d.text(x, y + 14, s.symbol, {.size = 17, .fill = s.fill});
      d.text(x + 18, y + 14, s.name, {.size = 14});
      x += 96;
    }
    y += 22;
  }
  d.set_height(y + 8);
  d.set_title("decktet-caravan");
  return Picture::of(d, holding);
}

}  // namespace games::decktet_caravan
