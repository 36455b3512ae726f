// The Decktet Caravan table as a picture: the face-up Aces and Crowns with what each suit is
// worth, the season's plays in order (the last one outlined), the collected piles, and the
// viewer's cards. Cards are written as moves write them ("4MS", "AM"), with suit symbols beside.
// Moves in words are written here too, with the same card words ("Play caravan 3MW" in symbols).
#include "core/svg.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "games/decktet_caravan/decktet_caravan.hpp"

namespace games::decktet_caravan {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

// Phone first: the page shows the picture at most 640 px wide and, on a 390 px phone, 374 px
// wide, so a card 46 units tall is 28 px tall there; texts are 15 units and more.
constexpr double kWidth = 600;
constexpr double kCardHeight = 46;
constexpr double kText = 17;

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
  return std::max(56.0, svg::card_width(face_of(code), kCardHeight));
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
    x += chip(d, x, y, code, marked) + 6;
  }
  return y + kCardHeight + 8;
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
  svg::Drawing d(kWidth, 0);
  const std::string viewer = text_of(view.value("viewer", Document()), "referee");
  double y = 24;
  d.text(8, y,
         fmt::format("Hand {} of {}, season {} \u2022 {}", text_of(view.value("hand", Document())),
                     text_of(view.value("game_hands", Document())),
                     text_of(view.value("season", Document())),
                     text_of(view.value("phase", Document()))),
         {.size = kText, .bold = true});
  y += 12;

  std::set<char> suits_drawn;  // for the legend, which names only these
  const auto note_suits = [&](const std::string& code) {
    for (const SuitLook* s : suits_of(code)) suits_drawn.insert(s->letter);
  };

  // The face-up Aces and Crowns, each with what its suit scores this hand; the card set aside
  // where both can see it, if any.
  d.text(8, y + 20, "Face up:", {.size = kText});
  y += 28;
  double x = 8;
  for (const std::string& code : codes_of(view.value("face_up", Document::array()))) {
    x += chip(d, x, y, code) + 6;
    note_suits(code);
    const auto suits = suits_of(code);
    const bool crown = !code.empty() && code[0] == 'C';
    if (!suits.empty())
      d.text(x, y + kCardHeight / 2 + 6,
             fmt::format("{} {}", suits[0]->name, crown ? "+1" : "\u22121"),
             {.size = kText, .bold = true});
    x += 112;
  }
  if (const Document aside = view.value("turned_aside", Document()); aside.is_string()) {
    d.text(x, y + kCardHeight / 2 + 6, "aside:", {.size = 15, .fill = colour::kDarkGrey});
    chip(d, x + 50, y, aside.get<std::string>());
    note_suits(aside.get<std::string>());
  }
  y += kCardHeight + 12;

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
  d.text(8, y + 18, "This season:", {.size = kText, .bold = true});
  y += 28;
  if (plays.empty()) {
    for (const std::string& line :
         svg::wrap("no plays yet (the opener plays a caravan)", 584, 15)) {
      d.text(8, y + 14, line, {.size = 15, .fill = colour::kDarkGrey});
      y += 20;
    }
    y += 4;
  }
  // Each play: its seat and kind in a column on the left ("Player 1" over "caravan"), its cards
  // to the right, wrapping.
  for (std::size_t i = 0; i < plays.size(); ++i) {
    const Document& p = plays[i];
    const std::string play = text_of(p.value("play", Document()));
    const bool newest = i + 1 == plays.size() && play == last_play;
    d.text(8, y + 19, text_of(p.value("seat", Document())),
           {.size = 15, .fill = colour::kDarkGrey});
    d.text(8, y + 38, text_of(p.value("kind", Document())),
           {.size = 15, .fill = colour::kDarkGrey});
    for (const std::string& code : words(play)) note_suits(code);
    y = chip_row(d, 92, y, words(play), newest);
  }
  y += 6;

  // Each player: what they hold (counts for the other), what they collected and its value.
  const Document cards = view.value("cards", Document::object());
  const Document sizes = view.value("hand_sizes", Document::object());
  const Document collected = view.value("collected", Document::object());
  const Document value = view.value("collected_value", Document::object());
  const Document cumulative = view.value("cumulative", Document::object());
  for (const char* seat : {"Player 1", "Player 2"}) {
    const Document size = sizes.value(seat, Document::object());
    d.text(8, y + 18,
           fmt::format("{}{}: score {}", seat, viewer == seat ? " (you)" : "",
                       text_of(cumulative.value(seat, Document()), "0")),
           {.size = kText, .bold = true});
    y += 20;
    for (const std::string& line :
         svg::wrap(fmt::format("holds {} Aces or Crowns and {} numerals; collected {} (worth {})",
                               text_of(size.value("aces_crowns", Document()), "0"),
                               text_of(size.value("numerals", Document()), "0"),
                               collected.value(seat, Document::array()).size(),
                               text_of(value.value(seat, Document()), "0")),
                   584, 15)) {
      d.text(8, y + 18, line, {.size = 15});
      y += 20;
    }
    y += 8;
  }
  // The viewer's own cards (the referee sees both hands), wrapped across the width.
  for (const char* seat : {"Player 1", "Player 2"}) {
    if (!cards.contains(seat)) continue;
    const auto held = codes_of(cards.at(seat));
    d.text(8, y + 18, viewer == seat ? "Your cards:" : std::string(seat) + ":",
           {.size = kText, .bold = true});
    y += 28;
    for (const std::string& code : held) note_suits(code);
    y = chip_row(d, 8, y, held);
    if (viewer == seat) {
      for (const std::string& code : held) holding += (holding.empty() ? "" : " ") + code;
      if (held.empty()) holding = "no cards";
    }
  }
  if (!last_words.empty())
    y += svg::last_turn_text(d, 8, y + 20, last_words + ".", kWidth - 16, kText) + 4;
  // The legend: the suits drawn, each by symbol and name.
  if (!suits_drawn.empty()) {
    x = 8;
    y += 6;
    for (const SuitLook& s : kSuits) {
      if (!suits_drawn.count(s.letter)) continue;
      if (x > kWidth - 150) {  // three a row
        x = 8;
        y += 26;
      }
      d.text(x, y + 18, s.symbol, {.size = 20, .fill = s.fill});
      d.text(x + 24, y + 18, s.name, {.size = kText});
      x += 140;
    }
    y += 28;
  }
  d.set_height(y + 8);
  d.set_title("decktet-caravan");
  return Picture::of(d, holding);
}

std::string DecktetCaravanEngine::move_phrase(const Document& move) const {
  if (!move.is_string()) return Engine::move_phrase(move);
  const std::vector<std::string> codes = words(move.get<std::string>());
  if (codes.size() == 1 && codes[0] == "pass") return "Pass";
  if (codes.empty() || std::any_of(codes.begin(), codes.end(), [](const std::string& code) {
        return code.size() < 2 || !suit_look(code[1]);  // not a card as the referee writes it
      }))
    return Engine::move_phrase(move);
  // A bandit is Aces and Crowns alone, written without ranks; a caravan has a numeral.
  const bool bandit = std::all_of(codes.begin(), codes.end(), [](const std::string& code) {
    return (code[0] == 'A' || code[0] == 'C') && code.find('=') == std::string::npos;
  });
  std::string cards;
  for (const std::string& code : codes) cards += (cards.empty() ? "" : ", ") + card_words(code);
  return (bandit ? "Play bandit " : "Play caravan ") + cards;
}

}  // namespace games::decktet_caravan
