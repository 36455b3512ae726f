#include "games/decktet_caravan/deck.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

namespace games::decktet_caravan {
namespace {

constexpr std::array<const char*, kSuitCount> kSuitNames = {"Moons",  "Suns",  "Waves",
                                                            "Leaves", "Wyrms", "Knots"};
constexpr std::array<char, kSuitCount> kSuitLetters = {'M', 'S', 'W', 'L', 'Y', 'K'};

// Lower case without blanks, hyphens and underscores: "Chance-Meeting" -> "chancemeeting".
std::string squeezed(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '-' || c == '_') continue;
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

int suit_of_letter(char letter) {
  for (int suit = 0; suit < kSuitCount; ++suit)
    if (std::tolower(static_cast<unsigned char>(kSuitLetters[static_cast<std::size_t>(suit)])) ==
        letter)
      return suit;
  return kNoSuit;
}

int suit_of_word(const std::string& word) {
  for (int suit = 0; suit < kSuitCount; ++suit)
    if (squeezed(kSuitNames[static_cast<std::size_t>(suit)]) == word) return suit;
  return kNoSuit;
}

std::optional<Card> wild_of(int rank, int suit) {
  if (suit == kNoSuit) return std::nullopt;
  return rank == kAceRank ? suit : kCards - kSuitCount + suit;
}

}  // namespace

const CardInfo& info(Card card) {
  if (card < 0 || card >= kCards) throw std::out_of_range(fmt::format("no card {}", card));
  return kDeck[static_cast<std::size_t>(card)];
}

bool has_suit(Card card, int suit) {
  const auto& suits = info(card).suits;
  return suit != kNoSuit && (suits[0] == suit || suits[1] == suit);
}

bool share_suit(Card a, Card b) {
  for (int suit : info(a).suits)
    if (has_suit(b, suit)) return true;
  return false;
}

const char* suit_name(int suit) { return kSuitNames.at(static_cast<std::size_t>(suit)); }
char suit_letter(int suit) { return kSuitLetters.at(static_cast<std::size_t>(suit)); }
std::string card_code(Card card) { return info(card).code; }
std::string card_name(Card card) { return info(card).name; }

std::string card_label(Card card) {
  const CardInfo& card_info = info(card);
  if (is_wild(card)) return fmt::format("{} {}", card_info.code, card_info.name);
  return fmt::format("{} {} ({}+{})", card_info.code, card_info.name, suit_name(card_info.suits[0]),
                     suit_name(card_info.suits[1]));
}

std::optional<Card> parse_card(const std::string& text) {
  const std::string word = squeezed(text);
  if (word.empty()) return std::nullopt;
  // Every card's name and code, squeezed once; where two cards had the same word, the first in
  // the deck's order keeps it.
  static const std::unordered_map<std::string, Card> kWords = [] {
    std::unordered_map<std::string, Card> words;
    for (Card card = 0; card < kCards; ++card) {
      words.emplace(squeezed(kDeck[static_cast<std::size_t>(card)].name), card);
      words.emplace(squeezed(kDeck[static_cast<std::size_t>(card)].code), card);
    }
    return words;
  }();
  if (const auto found = kWords.find(word); found != kWords.end()) return found->second;
  // A numeral with its suits the other way round: "4SM".
  if (word.size() == 3 && word[0] >= '2' && word[0] <= '9') {
    const int rank = word[0] - '0';
    const int first = suit_of_letter(word[2]);
    const int second = suit_of_letter(word[1]);
    for (Card card = 0; card < kCards; ++card) {
      const CardInfo& c = kDeck[static_cast<std::size_t>(card)];
      if (c.rank == rank && c.suits[0] == first && c.suits[1] == second) return card;
    }
    return std::nullopt;
  }
  // "Ace-Moons", "AceofMoons", "Crown-K".
  for (const auto& [prefix, rank] : {std::pair<std::string, int>{"ace", kAceRank},
                                     std::pair<std::string, int>{"crown", kCrownRank}}) {
    if (word.rfind(prefix, 0) != 0) continue;
    std::string rest = word.substr(prefix.size());
    if (rest.rfind("of", 0) == 0) rest = rest.substr(2);
    const int suit = rest.size() == 1 ? suit_of_letter(rest[0]) : suit_of_word(rest);
    return wild_of(rank, suit);
  }
  return std::nullopt;
}

}  // namespace games::decktet_caravan
