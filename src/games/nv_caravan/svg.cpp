// The nv-caravan table as a picture: the six caravans (numbered as moves name them, each card
// with its position and the face cards on it), their bids, directions and suits, the pairs, the
// pile sizes, and the viewer's hand. The last play is outlined. Moves in words are written here
// too, with the same card words ("Play J\u2665 on caravan 2, card 3").
#include "core/svg.hpp"

#include <fmt/format.h>

#include "games/nv_caravan/nv_caravan.hpp"

namespace games::nv_caravan {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

// Phone first: the page shows the picture at most 640 px wide and, on a 390 px phone, 374 px
// wide, so a card 46 units tall is 28 px tall there; texts are 15 units and more.
constexpr double kWidth = 600;
constexpr double kColumn = 292;  // two caravans a row: a pair, the viewer's on the left
constexpr double kCardHeight = 46;
constexpr double kRow = kCardHeight + 6;
constexpr double kCard = 64;    // a card's usual width
constexpr double kHeader = 34;  // a caravan's number, bid, direction and suit
constexpr double kText = 17;    // the size of the picture's lines

using core::svg::text_of;

// Four-colour suits from the Okabe-Ito palette, so no two suits rely on red against green; each
// suit has its own symbol as well.
struct SuitLook {
  char letter;
  const char* symbol;
  const char* ink;
  const char* name;
};
constexpr SuitLook kSuits[] = {{'S', "\u2660", colour::kBlack, "Spades"},
                               {'H', "\u2665", colour::kVermillion, "Hearts"},
                               {'D', "\u2666", colour::kBlue, "Diamonds"},
                               {'C', "\u2663", colour::kGreen, "Clubs"}};
constexpr SuitLook kJoker = {'*', "\u2605", colour::kPurple, "Joker"};

const SuitLook* suit_look(char letter) {
  for (const SuitLook& s : kSuits)
    if (s.letter == letter) return &s;
  return nullptr;
}

std::string rank_name(const std::string& rank) {
  if (rank == "A") return "Ace";
  if (rank == "J") return "Jack";
  if (rank == "Q") return "Queen";
  if (rank == "K") return "King";
  return rank;
}

// "7H/2" -> its face: rank 7, Hearts' symbol, the note "/2"; "JK1" -> a star, the note "1".
svg::CardFace face_of(const std::string& card, bool marked = false) {
  svg::CardFace face;
  face.marked = marked;
  const std::size_t slash = card.find('/');
  const std::string bare = card.substr(0, slash);
  const std::string deck = slash == std::string::npos ? std::string() : card.substr(slash);
  const std::string from_deck =
      deck.empty() ? std::string() : fmt::format(" from deck {}", deck.substr(1));
  if (bare.rfind("JK", 0) == 0) {
    face.rank = "JK";
    face.suits = {{kJoker.symbol, kJoker.ink}};
    face.note = bare.substr(2) + deck;
    face.tooltip = fmt::format("Joker {}{} ({})", bare.substr(2), from_deck, card);
    return face;
  }
  const SuitLook* suit = bare.empty() ? nullptr : suit_look(bare.back());
  face.rank = suit ? bare.substr(0, bare.size() - 1) : bare;
  if (face.rank == "T") face.rank = "10";
  if (suit) face.suits = {{suit->symbol, suit->ink}};
  face.note = deck;
  face.tooltip =
      suit ? fmt::format("{} of {}{} ({})", rank_name(face.rank), suit->name, from_deck, card)
           : card;
  return face;
}

// A card as people write it: "7\u2660", "Joker 1", "K\u2665 (deck 2)".
std::string card_words(const std::string& card) {
  const svg::CardFace face = face_of(card);
  if (face.rank == "JK") return face.note.empty() ? "a Joker" : "Joker " + face.note;
  std::string out = face.rank;
  for (const auto& suit : face.suits) out += suit.symbol;
  if (!face.note.empty()) out += fmt::format(" (deck {})", face.note.substr(1));
  return out;
}

double card_width(const std::string& code) {
  return std::max(kCard, svg::card_width(face_of(code), kCardHeight));
}

double card(svg::Drawing& d, double x, double y, const std::string& code, bool marked = false) {
  const svg::CardFace face = face_of(code, marked);
  const double width = card_width(code);
  svg::card(d, x, y, width, kCardHeight, face);
  return width;
}

std::string ordinal(int n) {
  static constexpr const char* kSuffix[] = {"th", "st", "nd", "rd"};
  const int last = n % 10;
  return std::to_string(n) + (n % 100 / 10 != 1 && last >= 1 && last <= 3 ? kSuffix[last] : "th");
}

struct LastPlay {
  int caravan = 0;  // 1-6, 0: none
  std::string card;
  std::string summary;  // in words: "North played 7\u2660 on caravan 1"
};

std::string removed_words(const Document& e) {
  const Document removed = e.value("removed", Document::array());
  if (!removed.is_array() || removed.empty()) return {};
  std::string out;
  for (std::size_t i = 0; i < removed.size(); ++i)
    out += (i == 0                    ? ""
            : i + 1 == removed.size() ? " and "
                                      : ", ") +
           card_words(text_of(removed[i], "?"));
  return ", removing " + out;
}

LastPlay last_play(const Document& last) {
  LastPlay out;
  if (!last.is_object()) return out;
  for (const Document& e : last.value("events", Document::array())) {
    if (!e.is_object() || !e.contains("seat")) continue;
    const std::string seat = text_of(e.at("seat"));
    if (e.contains("play")) {
      out.caravan = e.value("on", 0);
      out.card = text_of(e.at("play"));
      out.summary =
          fmt::format("{} played {} on caravan {}", seat, card_words(out.card), out.caravan);
      if (e.contains("at"))
        out.summary += fmt::format(", on its {} card", ordinal(e.value("at", 0)));
      out.summary += removed_words(e);
    } else if (e.contains("discard")) {
      out.summary = fmt::format("{} discarded {}", seat, card_words(text_of(e.at("discard"))));
    } else if (e.contains("disband")) {
      out.caravan = e.value("disband", 0);
      out.summary = fmt::format("{} disbanded caravan {}", seat, out.caravan) + removed_words(e);
    }
  }
  return out;
}

// One caravan in a column: a header (number, bid, direction, suit), then its cards, one row each
// with the face cards on it to the right (wrapping under it when they do not fit). Sets
// `theirs_drawn` when a face card from the other player's deck is on it. Returns its height.
double draw_caravan(svg::Drawing& d, const Document& c, double x, double y, const LastPlay& last,
                    bool& theirs_drawn) {
  const int number = c.value("caravan", 0);
  const bool sold = c.value("sold", false);
  const bool marked = last.caravan == number;
  const std::string owner = text_of(c.value("owner", Document()));
  const std::string direction = text_of(c.value("direction", Document()));
  const std::string arrow = direction == "up" ? " \u2191" : direction == "down" ? " \u2193" : "";
  const std::string suit = text_of(c.value("suit", Document()));
  const Document cards = c.value("cards", Document::array());
  const double right = x + kColumn - 8;
  // The rows first (their heights depend on the face cards), drawn after the frame.
  struct Placed {
    double x, y, width;
    svg::CardFace face;
    bool theirs;
  };
  std::vector<Placed> placed;
  std::vector<std::pair<double, int>> numbers;  // each row's top and position
  double row_y = y + kHeader;
  int position = 0;
  for (const Document& slot : cards) {
    ++position;
    numbers.emplace_back(row_y, position);
    const std::string code = text_of(slot.value("card", Document()), "?");
    svg::CardFace face =
        face_of(code, marked && last.card == code && position == static_cast<int>(cards.size()));
    const double first = std::max(kCard, svg::card_width(face, kCardHeight));
    placed.push_back({x + 22, row_y, first, face, false});
    double ax = x + 22 + first + 4;
    for (const Document& a : slot.value("attached", Document::array())) {
      const std::string code_on = text_of(a.value("card", Document()), "?");
      svg::CardFace look = face_of(code_on, marked && last.card == code_on);
      const double width = std::max(50.0, svg::card_width(look, kCardHeight));
      if (ax + width > right - 4) {  // wrap under the number card
        ax = x + 22 + 18;
        row_y += kRow;
      }
      placed.push_back({ax, row_y, width, look, text_of(a.value("by", Document())) != owner});
      ax += width + 3;
    }
    row_y += kRow;
  }
  const double height = std::max(row_y - y, kHeader + 34) + 4;
  d.rect(x, y, kColumn - 8, height,
         {.fill = sold ? "#DCEFE6" : colour::kSand,
          .stroke = marked ? colour::kHighlight : colour::kDarkGrey,
          .stroke_width = marked ? 3.0 : 1.0,
          .dash = marked ? "7 4" : ""},
         6);
  d.text(x + 8, y + 24, std::to_string(number), {.size = 22, .bold = true});
  d.text(x + 36, y + 23,
         fmt::format("{} bid {}{}{}", owner, text_of(c.value("bid", Document()), "0"), arrow,
                     sold ? " SOLD" : ""),
         {.size = kText});
  if (const SuitLook* look = suit.empty() ? nullptr : suit_look(suit[0]))
    d.text(right - 8, y + 25, look->symbol,
           {.size = 22, .anchor = svg::Anchor::kEnd, .fill = look->ink});
  for (const auto& [top, n] : numbers)
    d.text(x + 18, top + kCardHeight / 2 + 5, std::to_string(n),
           {.size = 14, .anchor = svg::Anchor::kEnd, .fill = colour::kDarkGrey});
  for (const Placed& p : placed) {
    svg::card(d, p.x, p.y, p.width, kCardHeight, p.face);
    if (p.theirs) {  // from the other player's deck
      d.circle(p.x + p.width - 6, p.y + kCardHeight - 6, 4, {.fill = colour::kBlack});
      theirs_drawn = true;
    }
  }
  if (cards.empty())
    d.text(x + 22, y + kHeader + 22, "(empty)", {.size = 15, .fill = colour::kDarkGrey});
  return height;
}

std::string pile_line(const std::string& seat, const Document& p) {
  return fmt::format("{}: {} in hand, {} in deck, {} discarded", seat, p.value("hand_size", 0),
                     p.value("deck_size", 0), p.value("discard", Document::array()).size());
}

}  // namespace

core::Engine::Picture NvCaravanEngine::picture(const Document& view, const Document& last,
                                               int) const {
  std::string holding;
  svg::Drawing d(kWidth, 0);
  const std::string viewer = text_of(view.value("viewer", Document()), "referee");
  const std::string bottom = viewer == "South" ? "South" : "North";
  const std::string top = bottom == "North" ? "South" : "North";
  const Document players = view.value("players", Document::object());
  const Document caravans = view.value("caravans", Document::array());
  const LastPlay played = last_play(last);
  bool theirs_drawn = false;

  // The piles, the opponent's first; then the caravans a pair a row (the viewer's on the left,
  // the one it is counted against on the right) with the pair's count below; then the hand.
  double y = 24;
  d.text(8, y, pile_line(top, players.value(top, Document::object())), {.size = kText});
  y += 8;
  d.text(8, y + 22, pile_line(bottom, players.value(bottom, Document::object())), {.size = kText});
  y += 36;
  const auto caravan = [&](int number) -> const Document* {
    for (const Document& c : caravans)
      if (c.is_object() && c.value("caravan", 0) == number) return &c;
    return nullptr;
  };
  const Document pairs = view.value("pairs", Document::array());
  for (int pair = 0; pair < 3; ++pair) {
    const int mine = bottom == "North" ? pair + 1 : pair + 4;
    const int theirs = bottom == "North" ? pair + 4 : pair + 1;
    double tallest = 0;
    if (const Document* c = caravan(mine))
      tallest = std::max(tallest, draw_caravan(d, *c, 8, y, played, theirs_drawn));
    if (const Document* c = caravan(theirs))
      tallest = std::max(tallest, draw_caravan(d, *c, 8 + kColumn, y, played, theirs_drawn));
    y += tallest + 4;
    // The pair in words below it: "caravans 1 and 4", then "21 against 21, North wins".
    for (const Document& p : pairs) {
      const Document ids = p.value("caravans", Document::array());
      const Document bids = p.value("bids", Document::array());
      if (ids.size() != 2 || bids.size() != 2 || ids[0] != Document(pair + 1)) continue;
      const Document won = p.value("won_by", Document());
      d.text(8, y + 18, fmt::format("caravans {} and {}", text_of(ids[0]), text_of(ids[1])),
             {.size = 15, .fill = colour::kDarkGrey});
      d.text(kWidth - 8, y + 18,
             fmt::format("{} against {}{}", text_of(bids[0]), text_of(bids[1]),
                         won.is_string() ? ", " + text_of(won) + " wins" : std::string()),
             {.size = 15, .anchor = svg::Anchor::kEnd, .bold = won.is_string()});
    }
    y += 30;
  }

  // The viewer's hand, when the view shows it, wrapped across the width.
  const Document mine = players.value(bottom, Document::object());
  if (mine.contains("hand")) {
    d.text(8, y + 18,
           viewer == "referee" ? bottom + "'s hand:" : "Your hand:", {.size = kText, .bold = true});
    y += 28;
    double x = 8;
    std::string cards;
    for (const Document& item : mine.at("hand")) {
      const std::string code = text_of(item, "?");
      if (x + card_width(code) > kWidth - 4) {
        x = 8;
        y += kRow;
      }
      x += card(d, x, y, code) + 6;
      if (!cards.empty()) cards += ' ';  // appended, not "x" + temporary: no false -Wrestrict
      cards += code;
    }
    if (viewer != "referee") holding = cards.empty() ? "no cards" : cards;
    y += kRow + 6;
  }
  if (!played.summary.empty()) {
    y += svg::last_turn_text(d, 8, y + 18, played.summary + ".", kWidth - 16, kText) + 4;
  }
  if (theirs_drawn) {  // the legend, only of what is drawn
    d.circle(13, y + 11, 4, {.fill = colour::kBlack});
    d.text(24, y + 16, "a face card from the other player's deck",
           {.size = 15, .fill = colour::kDarkGrey});
    y += 24;
  }
  d.set_height(y + 8);
  d.set_title("nv-caravan");
  return Picture::of(d, holding);
}

std::string NvCaravanEngine::move_phrase(const Document& move) const {
  const Document& play = core::member(move, "play");
  if (play.is_string() && core::member(move, "on").is_number_integer()) {
    std::string out = fmt::format("Play {} on caravan {}", card_words(play.get<std::string>()),
                                  text_of(move.at("on")));
    if (core::member(move, "at").is_number_integer()) out += ", card " + text_of(move.at("at"));
    return out;
  }
  if (const Document& discard = core::member(move, "discard"); discard.is_string())
    return "Discard " + card_words(discard.get<std::string>());
  if (const Document& disband = core::member(move, "disband"); disband.is_number_integer())
    return "Disband caravan " + text_of(disband);
  return Engine::move_phrase(move);
}

}  // namespace games::nv_caravan
