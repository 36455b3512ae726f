#include "games/decktet_caravan/draw.hpp"

#include <sstream>

#include <fmt/format.h>

#include "games/decktet_caravan/deck.hpp"

namespace games::decktet_caravan {
namespace {

using core::Document;

const char* const kSeats[] = {"Player 1", "Player 2"};

std::string text_of(const Document& value, const std::string& fallback = "-") {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return fallback;
  return value.dump();
}

// "4MS Mountain (Moons+Suns)" for a code the deck knows, else the text as it is.
std::string label(const Document& code) {
  auto card = code.is_string() ? parse_card(code.get<std::string>()) : std::nullopt;
  return card ? card_label(*card) : text_of(code);
}

std::string labels(const Document& list, const char* separator = ", ") {
  if (!list.is_array() || list.empty()) return "none";
  std::string out;
  for (const Document& code : list) {
    if (!out.empty()) out += separator;
    out += label(code);
  }
  return out;
}

int number(const Document& doc, const char* key) {
  const Document& value = core::member(doc, key);
  return value.is_number_integer() ? value.get<int>() : 0;
}

std::string signed_number(int value) {
  return value > 0 ? fmt::format("+{}", value) : fmt::format("{}", value);
}

}  // namespace

std::string draw_view(const Document& view) {
  std::ostringstream out;
  auto get = [&](const char* key) -> const Document& { return core::member(view, key); };

  out << fmt::format("Decktet Caravan - hand {} of {}, season {} (view of {})\n",
                     text_of(get("hand"), "?"), text_of(get("game_hands"), "?"),
                     text_of(get("season"), "?"), text_of(get("viewer"), "?"));

  // The face-up Aces and Crowns and what they do to collected cards.
  out << "Face up:";
  const Document& face_up = get("face_up");
  if (face_up.is_array()) {
    for (const Document& code : face_up) {
      auto card = code.is_string() ? parse_card(code.get<std::string>()) : std::nullopt;
      if (!card) continue;
      out << fmt::format("  {} ({} {} per collected {} card)", card_label(*card),
                         is_crown(*card) ? "gain" : "lose", 1, suit_name(info(*card).suits[0]));
    }
  }
  out << "\n";
  if (get("turned_aside").is_string())
    out << fmt::format("Turned aside at the deal (same suit): {}\n", label(get("turned_aside")));
  if (get("set_aside").is_array())
    out << fmt::format("Set aside: {}\n", labels(get("set_aside")));
  else
    out << fmt::format("Set aside, unseen until the hand ends: {} card(s)\n",
                       text_of(get("set_aside_count"), "?"));

  // Scores.
  const Document& cumulative = get("cumulative");
  const Document& values = get("collected_value");
  const Document& by_hand = get("scores_by_hand");
  out << "Scores:\n";
  for (const char* seat : kSeats) {
    std::string hands;
    if (by_hand.is_array())
      for (const Document& scores : by_hand)
        hands += (hands.empty() ? "" : ", ") + signed_number(number(scores, seat));
    out << fmt::format("  {}: total {} (hands: {}); collected this hand {}\n", seat,
                       number(cumulative, seat), hands.empty() ? "none yet" : hands,
                       signed_number(number(values, seat)));
  }
  out << fmt::format("{} opened this hand.\n", text_of(get("hand_opener"), "?"));

  // This season.
  const Document& plays = get("plays");
  out << fmt::format("Season {}:", text_of(get("season"), "?"));
  if (!plays.is_array() || plays.empty()) out << " no play yet";
  out << "\n";
  if (plays.is_array()) {
    for (const Document& play : plays) {
      const std::string text = text_of(core::member(play, "play"));
      Document cards = Document::array();
      std::string word;
      for (char c : text + " ") {
        if (c == ' ') {
          if (!word.empty()) cards.push_back(word.substr(0, word.find('=')));
          word.clear();
        } else {
          word.push_back(c);
        }
      }
      out << fmt::format("  {}: {} {}  [{}]\n", text_of(core::member(play, "seat")),
                         text_of(core::member(play, "kind"), "play"), text, labels(cards, "; "));
    }
  }

  // Collected cards.
  const Document& collected = get("collected");
  out << "Collected:\n";
  for (const char* seat : kSeats) {
    const Document& list = core::member(collected, seat);
    out << fmt::format("  {} ({}): {}\n", seat, signed_number(number(values, seat)),
                       labels(list, "; "));
  }

  // Cards in hand.
  const Document& cards = get("cards");
  const Document& sizes = get("hand_sizes");
  for (const char* seat : kSeats) {
    const Document& size = core::member(sizes, seat);
    const std::string count = fmt::format("{} Aces/Crowns, {} numerals",
                                          number(size, "aces_crowns"), number(size, "numerals"));
    if (cards.is_object() && cards.contains(seat))
      out << fmt::format("{}'s cards ({}):\n  {}\n", seat, count, labels(cards.at(seat), "\n  "));
    else
      out << fmt::format("{} holds {}.\n", seat, count);
  }

  const Document& last = get("last_hand");
  if (last.is_object()) {
    out << fmt::format("Hand {} ended ({}): set aside were {}.",
                       text_of(core::member(last, "hand")), text_of(core::member(last, "ended")),
                       labels(core::member(last, "set_aside")));
    const Document& bonus = core::member(last, "bonus");
    if (bonus.is_object())
      out << fmt::format(" {} went out for {} points.", text_of(core::member(bonus, "seat")),
                         number(bonus, "points"));
    const Document& scores = core::member(last, "scores");
    out << fmt::format(" Hand scores: Player 1 {}, Player 2 {}.\n",
                       signed_number(number(scores, kSeats[0])),
                       signed_number(number(scores, kSeats[1])));
  }

  const Document& to_move = get("to_move");
  const std::string phase = text_of(get("phase"), "");
  if (!to_move.is_string()) {
    const Document& result = get("result");
    const Document& winners = core::member(result, "winners");
    const std::string ending = core::ending_words(view);
    const std::string how = ending.empty() ? "" : " (" + ending + ")";
    if (winners.is_array() && winners.size() == 1)
      out << fmt::format("Game over: {} wins{}.\n", text_of(winners[0]), how);
    else
      out << fmt::format("Game over: a draw{}.\n", how);
  } else if (phase == "open") {
    out << fmt::format("{} to move: open the season with a caravan.\n", text_of(to_move));
  } else {
    out << fmt::format(
        "{} to move: beat {} or pass{}.\n", text_of(to_move), text_of(get("to_beat")),
        phase == "last play" ? fmt::format(" ({} went out; this is the last play of the hand)",
                                           text_of(get("went_out")))
                             : std::string());
  }
  return out.str();
}

}  // namespace games::decktet_caravan
