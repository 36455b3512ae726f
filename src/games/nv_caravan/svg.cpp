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
constexpr double kRow = 26;
constexpr double kChip = 44;

using core::svg::text_of;

// Four-colour suits from the Okabe-Ito palette, so no two suits rely on red against green.
const char* suit_colour(char suit) {
  switch (suit) {
    case 'H':
      return colour::kVermillion;
    case 'D':
      return colour::kBlue;
    case 'C':
      return colour::kGreen;
    default:
      return colour::kBlack;
  }
}

const char* suit_symbol(char suit) {
  switch (suit) {
    case 'H':
      return "\u2665";
    case 'D':
      return "\u2666";
    case 'C':
      return "\u2663";
    case 'S':
      return "\u2660";
    default:
      return "";
  }
}

// "7H/2" -> suit 'H'; Jokers have none.
char suit_of(const std::string& card) {
  const std::string bare = card.substr(0, card.find('/'));
  if (bare.size() < 2 || bare.rfind("JK", 0) == 0) return ' ';
  return bare.back();
}

// A card as a chip: its name as a move writes it, the suit symbol beside.
void chip(svg::Drawing& d, double x, double y, const std::string& card, double width,
          bool highlight = false) {
  const char suit = suit_of(card);
  d.begin_group(card, "card");
  d.rect(x, y, width, kRow - 4,
         {.fill = colour::kWhite,
          .stroke = highlight ? colour::kHighlight : colour::kDarkGrey,
          .stroke_width = highlight ? 2.5 : 1,
          .dash = highlight ? "5 3" : ""},
         4);
  d.text(x + 5, y + 16, card, {.size = 13, .bold = true, .mono = true, .fill = suit_colour(suit)});
  d.text(x + width - 5, y + 16, suit_symbol(suit),
         {.size = 14, .anchor = svg::Anchor::kEnd, .fill = suit_colour(suit)});
  d.end_group();
}

struct LastPlay {
  int caravan = 0;  // 1-6, 0: none
  std::string card;
  std::string summary;
};

LastPlay last_play(const Document& last) {
  LastPlay out;
  if (!last.is_object()) return out;
  for (const Document& e : last.value("events", Document::array())) {
    if (!e.is_object() || !e.contains("seat")) continue;
    const std::string seat = text_of(e.at("seat"));
    if (e.contains("play")) {
      out.caravan = e.value("on", 0);
      out.card = text_of(e.at("play"));
      out.summary = fmt::format("{}: play {} on {}", seat, out.card, out.caravan);
      if (e.contains("at")) out.summary += fmt::format(" at {}", text_of(e.at("at")));
    } else if (e.contains("discard")) {
      out.summary = fmt::format("{}: discard {}", seat, text_of(e.at("discard")));
    } else if (e.contains("disband")) {
      out.caravan = e.value("disband", 0);
      out.summary = fmt::format("{}: disband {}", seat, out.caravan);
    }
  }
  return out;
}

// One caravan: a header (number, bid, direction, suit), then its cards, one row each.
double draw_caravan(svg::Drawing& d, const Document& c, double x, double y, const LastPlay& last) {
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
  d.text(x + 8, y + 19, std::to_string(number), {.size = 17, .bold = true});
  std::string header = fmt::format("bid {}{}", text_of(c.value("bid", Document()), "0"), arrow);
  if (!suit.empty()) header += fmt::format(" {}", suit_symbol(suit[0]));
  if (sold) header += "  SOLD";
  d.text(x + 28, y + 19, header, {.size = 14});
  int position = 0;
  for (const Document& slot : cards) {
    const double row_y = y + 28 + kRow * position;
    ++position;
    d.text(x + 16, row_y + 16, std::to_string(position),
           {.size = 11, .anchor = svg::Anchor::kEnd, .fill = colour::kDarkGrey});
    const std::string card = text_of(slot.value("card", Document()), "?");
    chip(d, x + 20, row_y, card, kChip + 6,
         marked && last.card == card && position == static_cast<int>(cards.size()));
    double ax = x + 20 + kChip + 10;
    for (const Document& a : slot.value("attached", Document::array())) {
      const std::string face = text_of(a.value("card", Document()), "?");
      const bool theirs = text_of(a.value("by", Document())) != owner;
      chip(d, ax, row_y, face, kChip + 4, marked && last.card == face);
      if (theirs)  // a face card from the other player's deck: a dot in its corner
        d.circle(ax + kChip + 1, row_y + 4, 3, {.fill = colour::kBlack});
      ax += kChip + 8;
    }
  }
  if (cards.empty()) d.text(x + 20, y + 44, "(empty)", {.size = 13, .fill = colour::kDarkGrey});
  return height;
}

std::string pile_line(const std::string& seat, const Document& p) {
  return fmt::format("{}: hand {}, deck {}, discard {}", seat, p.value("hand_size", 0),
                     p.value("deck_size", 0), p.value("discard", Document::array()).size());
}

}  // namespace

core::Engine::Picture NvCaravanEngine::picture(const Document& view, const Document& last,
                                               int) const {
  std::string holding;
  svg::Drawing d(600, 0);
  const std::string viewer = text_of(view.value("viewer", Document()), "referee");
  const std::string bottom = viewer == "South" ? "South" : "North";
  const std::string top = bottom == "North" ? "South" : "North";
  const Document players = view.value("players", Document::object());
  const Document caravans = view.value("caravans", Document::array());
  const LastPlay played = last_play(last);

  double y = 20;
  d.text(8, y, pile_line(top, players.value(top, Document::object())), {.size = 14});
  y += 12;
  const auto side = [&](const std::string& seat) {
    double tallest = 0;
    int slot = 0;
    for (const Document& c : caravans)
      if (c.is_object() && text_of(c.value("owner", Document())) == seat)
        tallest = std::max(tallest, draw_caravan(d, c, 8 + kColumn * slot++, y, played));
    y += tallest + 8;
  };
  side(top);
  // The pairs between the two rows: bids face to face, and who has sold each.
  for (const Document& pair : view.value("pairs", Document::array())) {
    const Document ids = pair.value("caravans", Document::array());
    const Document bids = pair.value("bids", Document::array());
    if (ids.size() != 2 || bids.size() != 2) continue;
    const int slot = (ids[0].get<int>() - 1) % 3;
    const Document won = pair.value("won_by", Document());
    d.text(8 + kColumn * slot + (kColumn - 8) / 2, y + 12,
           fmt::format("{}\u2013{}: {} : {}{}", text_of(ids[0]), text_of(ids[1]), text_of(bids[0]),
                       text_of(bids[1]), won.is_string() ? ", " + text_of(won) : std::string()),
           {.size = 13, .anchor = svg::Anchor::kMiddle, .fill = colour::kDarkGrey});
  }
  y += 22;
  side(bottom);
  d.text(8, y + 12, pile_line(bottom, players.value(bottom, Document::object())), {.size = 14});
  y += 24;

  // The viewer's hand, when the view shows it.
  const Document mine = players.value(bottom, Document::object());
  if (mine.contains("hand")) {
    d.text(8, y + 14,
           viewer == "referee" ? bottom + "'s hand:" : "Your hand:", {.size = 14, .bold = true});
    double x = 100;
    std::string cards;
    for (const Document& card : mine.at("hand")) {
      if (x + kChip + 6 > kWidth) {
        x = 100;
        y += kRow;
      }
      chip(d, x, y, text_of(card, "?"), kChip + 6);
      if (!cards.empty()) cards += ' ';  // appended, not "x" + temporary: no false -Wrestrict
      cards += text_of(card, "?");
      x += kChip + 12;
    }
    if (viewer != "referee") holding = cards.empty() ? "no cards" : cards;
    y += kRow + 6;
  }
  if (!played.summary.empty()) {
    d.text(8, y + 14, "Last: " + played.summary,
           {.size = 14, .bold = true, .fill = colour::kHighlight});
    y += 22;
  }
  d.text(8, y + 14,
         "Moves: {play: 7H, on: 2}, {play: KS, on: 5, at: 3}, {discard: 4C}, {disband: 1}. "
         "\u2022 = the other player's card.",
         {.size = 11, .fill = colour::kDarkGrey});
  d.set_height(y + 24);
  d.set_title("nv-caravan");
  return Picture::of(d, holding);
}

}  // namespace games::nv_caravan
