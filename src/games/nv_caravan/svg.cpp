// The nv-caravan table as a picture: the six caravans (numbered as moves name them, each card
// with its position and the face cards on it), their bids, directions and suits, the pairs, the
// pile sizes, and the viewer's hand. The last play is outlined.
#include "core/svg.hpp"

#include <fmt/format.h>

#include "games/nv_caravan/nv_caravan.hpp"

namespace games::nv_caravan {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

constexpr double kWidth = 600;
constexpr double kColumn = 196;
constexpr double kCardHeight = 28;
constexpr double kRow = kCardHeight + 5;
constexpr double kCard = 50;  // a card's usual width

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
  if (face.rank == "JK") return "Joker " + face.note;
  std::string out = face.rank;
  for (const auto& suit : face.suits) out += suit.symbol;
  if (!face.note.empty()) out += fmt::format(" (deck {})", face.note.substr(1));
  return out;
}

double card(svg::Drawing& d, double x, double y, const std::string& code, bool marked = false) {
  const svg::CardFace face = face_of(code, marked);
  const double width = std::max(kCard, svg::card_width(face, kCardHeight));
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

// One caravan: a header (number, bid, direction, suit), then its cards, one row each. Sets
// `theirs_drawn` when a face card from the other player's deck is on it.
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
  const double height = 30 + kRow * std::max<double>(1, static_cast<double>(cards.size()));
  d.rect(x, y, kColumn - 8, height,
         {.fill = sold ? "#DCEFE6" : colour::kSand,
          .stroke = marked ? colour::kHighlight : colour::kDarkGrey,
          .stroke_width = marked ? 3.0 : 1.0,
          .dash = marked ? "7 4" : ""},
         6);
  d.text(x + 8, y + 20, std::to_string(number), {.size = 18, .bold = true});
  d.text(x + 30, y + 20,
         fmt::format("bid {}{}{}", text_of(c.value("bid", Document()), "0"), arrow,
                     sold ? "  SOLD" : ""),
         {.size = 15});
  if (const SuitLook* look = suit.empty() ? nullptr : suit_look(suit[0]))
    d.text(x + kColumn - 16, y + 21, look->symbol,
           {.size = 18, .anchor = svg::Anchor::kEnd, .fill = look->ink});
  int position = 0;
  for (const Document& slot : cards) {
    const double row_y = y + 28 + kRow * position;
    ++position;
    d.text(x + 13, row_y + 19, std::to_string(position),
           {.size = 12, .anchor = svg::Anchor::kEnd, .fill = colour::kDarkGrey});
    const std::string code = text_of(slot.value("card", Document()), "?");
    double ax = x + 16 +
                card(d, x + 16, row_y, code,
                     marked && last.card == code && position == static_cast<int>(cards.size())) +
                3;
    for (const Document& a : slot.value("attached", Document::array())) {
      const std::string face = text_of(a.value("card", Document()), "?");
      const svg::CardFace look = face_of(face, marked && last.card == face);
      const double width = std::max(38.0, svg::card_width(look, kCardHeight));
      svg::card(d, ax, row_y, width, kCardHeight, look);
      if (text_of(a.value("by", Document())) != owner) {  // from the other player's deck
        d.circle(ax + width - 4, row_y + kCardHeight - 4, 3, {.fill = colour::kBlack});
        theirs_drawn = true;
      }
      ax += width + 2;
    }
  }
  if (cards.empty()) d.text(x + 20, y + 48, "(empty)", {.size = 14, .fill = colour::kDarkGrey});
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

  double y = 20;
  d.text(8, y, pile_line(top, players.value(top, Document::object())), {.size = 15});
  y += 12;
  const auto side = [&](const std::string& seat) {
    double tallest = 0;
    int slot = 0;
    for (const Document& c : caravans)
      if (c.is_object() && text_of(c.value("owner", Document())) == seat)
        tallest =
            std::max(tallest, draw_caravan(d, c, 8 + kColumn * slot++, y, played, theirs_drawn));
    y += tallest + 8;
  };
  side(top);
  // The pairs between the two rows, in words: "caravans 1 and 4" over "21 against 21".
  for (const Document& pair : view.value("pairs", Document::array())) {
    const Document ids = pair.value("caravans", Document::array());
    const Document bids = pair.value("bids", Document::array());
    if (ids.size() != 2 || bids.size() != 2 || !ids[0].is_number_integer()) continue;
    const int slot = (ids[0].get<int>() - 1) % 3;
    const double cx = 8 + kColumn * slot + (kColumn - 8) / 2;
    const Document won = pair.value("won_by", Document());
    d.text(cx, y + 12, fmt::format("caravans {} and {}", text_of(ids[0]), text_of(ids[1])),
           {.size = 13, .anchor = svg::Anchor::kMiddle, .fill = colour::kDarkGrey});
    d.text(cx, y + 29,
           fmt::format("{} against {}{}", text_of(bids[0]), text_of(bids[1]),
                       won.is_string() ? ", " + text_of(won) + " wins" : std::string()),
           {.size = 14, .anchor = svg::Anchor::kMiddle, .bold = won.is_string()});
  }
  y += 38;
  side(bottom);
  d.text(8, y + 12, pile_line(bottom, players.value(bottom, Document::object())), {.size = 15});
  y += 24;

  // The viewer's hand, when the view shows it.
  const Document mine = players.value(bottom, Document::object());
  if (mine.contains("hand")) {
    d.text(8, y + 19,
           viewer == "referee" ? bottom + "'s hand:" : "Your hand:", {.size = 15, .bold = true});
    double x = 104;
    std::string cards;
    for (const Document& item : mine.at("hand")) {
      const std::string code = text_of(item, "?");
      const double width = std::max(kCard, svg::card_width(face_of(code), kCardHeight));
      if (x + width > kWidth - 4) {
        x = 104;
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
    y += svg::last_turn_text(d, 8, y + 16, played.summary + ".") + 4;
  }
  if (theirs_drawn) {  // the legend, only of what is drawn
    d.circle(12, y + 10, 3, {.fill = colour::kBlack});
    d.text(20, y + 14, "a face card from the other player's deck",
           {.size = 13, .fill = colour::kDarkGrey});
    y += 22;
  }
  d.set_height(y + 8);
  d.set_title("nv-caravan");
  return Picture::of(d, holding);
}

}  // namespace games::nv_caravan
