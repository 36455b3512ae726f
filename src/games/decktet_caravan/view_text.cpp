// Decktet Caravan's views written as JSON text straight from the compact state: the bytes of
// view(viewer).dump() (nlohmann's compact form: keys in sorted order, its escaping, its numbers)
// without building the ~170 nodes of the document. The audit and the state hash write the
// referee's view at every turn; view() stays the reference, and view_text_test.cpp holds the
// two to the same bytes for every viewer over random games and restored positions.
#include <charconv>
#include <cstring>

#include "core/json_text.hpp"
#include "games/decktet_caravan/decktet_caravan.hpp"

namespace games::decktet_caravan {
namespace {

using packed::Cards;

// The text of one view; `plain` turns false when a string holds a byte over 0x7F, whose
// checking and escaping are left to nlohmann (the caller falls back to view().dump()).
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}

  bool plain() const { return plain_; }

  // `"key":`, preceded by a comma unless it opens its object.
  void key(const char* name, bool first = false) {
    const std::string_view text(name);
    if (core::plain_json_string(text))
      return core::append_quoted(out_, first ? '\0' : ',', text, ':');
    if (!first) out_ += ',';
    string(name);
    out_ += ':';
  }

  // A JSON string with nlohmann's escapes: \" \\ \b \f \n \r \t and \u00xx for other controls.
  void string(const char* text) {
    if (const std::string_view view(text); core::plain_json_string(view))
      return core::append_quoted(out_, '\0', view, '\0');
    out_ += '"';
    for (const char* p = text; *p != '\0'; ++p) {
      const auto c = static_cast<unsigned char>(*p);
      if (c >= 0x80) plain_ = false;
      if (c >= 0x20 && c != '"' && c != '\\') {
        out_ += static_cast<char>(c);
        continue;
      }
      out_ += '\\';
      switch (c) {
        case '"':
          out_ += '"';
          break;
        case '\\':
          out_ += '\\';
          break;
        case '\b':
          out_ += 'b';
          break;
        case '\f':
          out_ += 'f';
          break;
        case '\n':
          out_ += 'n';
          break;
        case '\r':
          out_ += 'r';
          break;
        case '\t':
          out_ += 't';
          break;
        default: {
          static constexpr char kHex[] = "0123456789abcdef";
          out_ += "u00";
          out_ += kHex[c >> 4];
          out_ += kHex[c & 0xF];
        }
      }
    }
    out_ += '"';
  }

  void null_or_string(const char* text) {
    if (text == nullptr)
      out_ += "null";
    else
      string(text);
  }

  template <class Int>
  void number(Int value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out_.append(digits, end);
  }

  // ["AM","CK",...], the cards in the deck's order as packed::codes lists them.
  void codes(Cards cards) {
    out_ += '[';
    for (bool first = true; cards != 0; cards &= cards - 1, first = false) {
      if (!first) out_ += ',';
      string(kDeck[static_cast<std::size_t>(packed::lowest(cards))].code);
    }
    out_ += ']';
  }

  // {"Player 1":a,"Player 2":b}
  void per_seat(const std::array<int, 2>& values) {
    out_ += '{';
    key(kSeatLabels[0], true);
    number(values[0]);
    key(kSeatLabels[1]);
    number(values[1]);
    out_ += '}';
  }

  void face_up(const std::array<Card, 2>& cards) {
    out_ += '[';
    string(kDeck[static_cast<std::size_t>(cards[0])].code);
    out_ += ',';
    string(kDeck[static_cast<std::size_t>(cards[1])].code);
    out_ += ']';
  }

 private:
  std::string& out_;
  bool plain_ = true;
};

const char* seat_or_null(int seat) { return seat >= 0 ? seat_text(seat) : nullptr; }

}  // namespace

// Key for key what view() puts, in the same (sorted) order.
std::string DecktetCaravanState::view_text(int viewer) const {
  if (ended_) return State::view_text(viewer);
  const bool referee = viewer == core::kReferee;
  const bool seated = viewer == 0 || viewer == 1;
  std::string out;
  out.reserve(2048);
  Writer w(out);
  out += '{';
  w.key("cards", true);
  out += '{';
  bool first = true;
  for (int seat = 0; seat < 2; ++seat)
    if (referee || viewer == seat) {
      w.key(seat_text(seat), first);
      w.codes(cards_[static_cast<std::size_t>(seat)]);
      first = false;
    }
  out += '}';
  w.key("collected");
  out += '{';
  for (int seat = 0; seat < 2; ++seat) {
    w.key(seat_text(seat), seat == 0);
    w.codes(collected_[static_cast<std::size_t>(seat)]);
  }
  out += '}';
  w.key("collected_value");
  w.per_seat({collected_value(0), collected_value(1)});
  const auto total = cumulative();
  w.key("cumulative");
  w.per_seat(total);
  w.key("face_up");
  w.face_up(face_up_);
  w.key("game_hands");
  w.number(game_hands_);
  w.key("hand");
  w.number(hand_);
  w.key("hand_opener");
  w.string(seat_text(hand_opener_));
  w.key("hand_sizes");
  out += '{';
  for (int seat = 0; seat < 2; ++seat) {
    const Cards held = cards_[static_cast<std::size_t>(seat)];
    const int wild = packed::count(held & packed::kTables.wilds);
    w.key(seat_text(seat), seat == 0);
    out += '{';
    w.key("aces_crowns", true);
    w.number(wild);
    w.key("numerals");
    w.number(packed::count(held) - wild);
    out += '}';
  }
  out += '}';
  w.key("last_hand");
  if (!has_summary_) {
    out += restored_last_hand_.dump();  // a restored position's, kept as it was given
  } else {
    const HandSummary& s = summary_;
    out += '{';
    w.key("bonus", true);
    if (s.bonus_seat >= 0) {
      out += '{';
      w.key("points", true);
      w.number(s.bonus_points);
      w.key("seat");
      w.string(seat_text(s.bonus_seat));
      out += '}';
    } else {
      out += "null";
    }
    w.key("cards_left");
    w.per_seat(s.cards_left);
    w.key("collected_value");
    w.per_seat(s.collected_value);
    w.key("ended");
    w.string(s.no_one_could_open ? "no one can open" : "went out");
    w.key("face_up");
    w.face_up(s.face_up);
    w.key("hand");
    w.number(s.hand);
    w.key("scores");
    w.per_seat(s.scores);
    w.key("set_aside");
    w.codes(s.revealed);
    out += '}';
  }
  w.key("phase");
  w.string(to_move_ < 0     ? "game over"
           : !answering()   ? "open"
           : went_out_ >= 0 ? "last play"
                            : "answer");
  w.key("plays");
  out += '[';
  for (int i = 0; i < play_count_; ++i) {
    const core::ActionId play = plays_[static_cast<std::size_t>(i)];
    if (i > 0) out += ',';
    out += '{';
    w.key("kind", true);
    w.string(packed::is_bandit(play) ? "bandit" : "caravan");
    w.key("play");
    out += '"';
    packed::append_text(play, out);  // card codes, spaces, '=' and digits: nothing to escape
    out += '"';
    w.key("seat");
    w.string(seat_text(play_seats_[static_cast<std::size_t>(i)]));
    out += '}';
  }
  out += ']';
  if (to_move_ < 0) {
    w.key("result");
    out += '{';
    w.key("scores", true);
    w.per_seat(total);
    w.key("winners");
    out += '[';
    first = true;
    for (int seat : result().winners) {
      if (!first) out += ',';
      w.string(seat_text(seat));
      first = false;
    }
    out += "]}";
  }
  w.key("scores_by_hand");
  out += '[';
  for (int hand = 0; hand < hands_scored_; ++hand) {
    if (hand > 0) out += ',';
    w.per_seat(scores_by_hand_[static_cast<std::size_t>(hand)]);
  }
  out += ']';
  w.key("scoring");
  {
    // One key per face-up card's suit, in sorted order; the object keeps the first of equal keys.
    const char* names[2] = {suit_name(info(face_up_[0]).suits[0]),
                            suit_name(info(face_up_[1]).suits[0])};
    const int points[2] = {is_crown(face_up_[0]) ? 1 : -1, is_crown(face_up_[1]) ? 1 : -1};
    const int order = std::strcmp(names[0], names[1]);
    out += '{';
    if (order == 0) {
      w.key(names[0], true);
      w.number(points[0]);
    } else {
      const int low = order < 0 ? 0 : 1;
      w.key(names[low], true);
      w.number(points[low]);
      w.key(names[1 - low]);
      w.number(points[1 - low]);
    }
    out += '}';
  }
  w.key("season");
  w.number(season_);
  if (referee) {
    w.key("set_aside");
    w.codes(set_aside_);
  }
  w.key("set_aside_count");
  w.number(static_cast<std::size_t>(packed::count(set_aside_)));
  w.key("to_beat");
  if (answering()) {
    out += '"';
    packed::append_text(table(), out);
    out += '"';
  } else {
    out += "null";
  }
  w.key("to_move");
  w.null_or_string(seat_or_null(to_move_));
  w.key("turned_aside");
  w.null_or_string(turned_aside_ >= 0 ? kDeck[static_cast<std::size_t>(turned_aside_)].code
                                      : nullptr);
  w.key("viewer");
  w.string(referee ? "referee" : seated ? seat_text(viewer) : "spectator");
  w.key("went_out");
  w.null_or_string(seat_or_null(went_out_));
  out += '}';
  if (!w.plain()) return view(viewer).dump();
  return out;
}

}  // namespace games::decktet_caravan
