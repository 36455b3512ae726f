#include "games/nv_caravan/cards.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/engine.hpp"

namespace games::nv_caravan {
namespace {

constexpr const char* kSuits = "CDHS";

std::string trimmed_upper(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) == 0) {
      out.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    }
  }
  return out;
}

// The rank at the start of `text` ("10", "T", "A", "7", "JK"...) and how many letters it took.
std::pair<int, std::size_t> leading_rank(const std::string& text) {
  if (text.rfind("JK", 0) == 0) return {kJoker, 2};
  if (text.rfind("10", 0) == 0) return {10, 2};
  if (text.empty()) return {0, 0};
  switch (text[0]) {
    case 'A':
      return {kAce, 1};
    case 'T':
      return {10, 1};
    case 'J':
      return {kJack, 1};
    case 'Q':
      return {kQueen, 1};
    case 'K':
      return {kKing, 1};
    default:
      break;
  }
  if (text[0] >= '2' && text[0] <= '9') return {text[0] - '0', 1};
  return {0, 0};
}

std::string item_label(std::size_t index, const nlohmann::json& item) {
  return fmt::format("card {} ({})", index + 1,
                     item.is_string() ? item.get<std::string>() : item.dump());
}

}  // namespace

char suit_letter(int suit) { return kSuits[suit & 3]; }

std::string rank_word(int rank) {
  switch (rank) {
    case kAce:
      return "Ace";
    case kJack:
      return "Jack";
    case kQueen:
      return "Queen";
    case kKing:
      return "King";
    case kJoker:
      return "Joker";
    default:
      return std::to_string(rank);
  }
}

std::string card_name(const Card& card) {
  std::string name;
  if (card.rank == kJoker) {
    name = fmt::format("JK{}", card.suit);
  } else {
    static constexpr const char* kRanks[] = {"?", "A", "2", "3",  "4", "5", "6",
                                             "7", "8", "9", "10", "J", "Q", "K"};
    name = fmt::format("{}{}", kRanks[card.rank], suit_letter(card.suit));
  }
  if (card.deck != 1) name += fmt::format("/{}", card.deck);
  return name;
}

const std::string& card_name(Code code) {
  static const std::array<std::string, kCodes> kNames = [] {
    std::array<std::string, kCodes> names;
    for (int c = 0; c < kCodes; ++c)
      names[static_cast<std::size_t>(c)] = card_name(card_of(static_cast<Code>(c)));
    return names;
  }();
  return kNames[code];
}

bool CardSpec::matches(const Card& card) const {
  return card.rank == rank && (suit < 0 || card.suit == suit) && (deck == 0 || card.deck == deck);
}

std::optional<CardSpec> parse_card_spec(const std::string& text) {
  std::string s = trimmed_upper(text);
  CardSpec spec;
  const auto slash = s.find('/');
  if (slash != std::string::npos) {
    const std::string deck = s.substr(slash + 1);
    if (deck.size() != 1 || deck[0] < '1' || deck[0] > '0' + kMaxSourceDecks) return std::nullopt;
    spec.deck = deck[0] - '0';
    s.resize(slash);
  }
  auto [rank, used] = leading_rank(s);
  if (rank == 0) return std::nullopt;
  spec.rank = rank;
  const std::string rest = s.substr(used);
  if (rank == kJoker) {
    if (rest.empty()) return spec;  // any Joker
    if (rest != "1" && rest != "2") return std::nullopt;
    spec.suit = rest[0] - '0';
    return spec;
  }
  if (rest.size() != 1) return std::nullopt;
  const char* at = std::strchr(kSuits, rest[0]);
  if (at == nullptr || rest[0] == '\0') return std::nullopt;
  spec.suit = static_cast<int>(at - kSuits);
  return spec;
}

std::optional<Card> parse_card(const std::string& text) {
  auto spec = parse_card_spec(text);
  if (!spec || spec->suit < 0) return std::nullopt;
  return Card{spec->rank, spec->suit, spec->deck == 0 ? 1 : spec->deck};
}

std::vector<Card> standard_deck(int deck, int jokers) {
  std::vector<Card> cards;
  for (int suit = 0; suit < 4; ++suit) {
    for (int rank = kAce; rank <= kKing; ++rank) cards.push_back({rank, suit, deck});
  }
  for (int joker = 1; joker <= jokers; ++joker) cards.push_back({kJoker, joker, deck});
  return cards;
}

std::vector<Card> custom_deck(const std::string& option, const std::string& json_text, int jokers) {
  using core::SetupError;
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::exception& e) {
    throw SetupError(fmt::format("option {}: not a list of cards ({})", option, e.what()));
  }
  if (!doc.is_array()) {
    throw SetupError(fmt::format(
        "option {}: a deck is a list of cards such as \"7H\", \"7H/2\" or {{card: 7H, deck: 2}}",
        option));
  }
  std::vector<Card> cards;
  std::set<Card> seen;
  int numbers = 0;
  for (std::size_t i = 0; i < doc.size(); ++i) {
    const nlohmann::json& item = doc[i];
    std::optional<CardSpec> spec;
    if (item.is_string()) {
      spec = parse_card_spec(item.get<std::string>());
    } else if (item.is_object() && item.contains("card") && item.at("card").is_string()) {
      for (const auto& [key, value] : item.items()) {
        if (key != "card" && key != "deck") {
          throw SetupError(fmt::format("option {}: {}: unknown key '{}' (a card has card and deck)",
                                       option, item_label(i, item), key));
        }
      }
      spec = parse_card_spec(item.at("card").get<std::string>());
      if (spec && item.contains("deck")) {
        const nlohmann::json& d = item.at("deck");
        int deck = 0;
        if (d.is_number_integer()) deck = d.get<int>();
        if (d.is_string() && d.get<std::string>().size() == 1) deck = d.get<std::string>()[0] - '0';
        if (deck < 1 || deck > kMaxSourceDecks || (spec->deck != 0 && spec->deck != deck)) {
          throw SetupError(fmt::format(
              "option {}: {}: the source deck must be a number 1-{} (at most {} standard decks)",
              option, item_label(i, item), kMaxSourceDecks, kMaxSourceDecks));
        }
        spec->deck = deck;
      }
    }
    if (!spec) {
      throw SetupError(
          fmt::format("option {}: {} is not a card (write e.g. 7H, 10C, QS, JK1, 7H/2 or {{card: "
                      "7H, deck: 2}})",
                      option, item_label(i, item)));
    }
    if (spec->suit < 0) {
      throw SetupError(
          fmt::format("option {}: {}: name each Joker JK1 or JK2", option, item_label(i, item)));
    }
    Card card{spec->rank, spec->suit, spec->deck == 0 ? 1 : spec->deck};
    if (card.rank == kJoker && card.suit > jokers) {
      throw SetupError(fmt::format(
          "option {}: {}: with jokers={} a standard deck holds {}", option, card_name(card), jokers,
          jokers == 0 ? std::string("no Joker") : std::string("only JK1")));
    }
    if (!seen.insert(card).second) {
      throw SetupError(
          fmt::format("option {}: {} appears twice, but standard deck {} holds only one {}{}",
                      option, card_name(card), card.deck, card_name(Card{card.rank, card.suit, 1}),
                      card.deck == 1 ? " (write 7H/2 for a card from deck 2)" : ""));
    }
    if (is_number(card)) ++numbers;
    cards.push_back(card);
  }
  if (cards.size() < static_cast<std::size_t>(kMinDeck)) {
    throw SetupError(fmt::format("option {}: the deck has {} cards; a deck needs at least {}",
                                 option, cards.size(), kMinDeck));
  }
  if (numbers < kMinNumberCards) {
    throw SetupError(
        fmt::format("option {}: the deck has {} number cards (A-10); it needs at least {} to open",
                    option, numbers, kMinNumberCards));
  }
  return cards;
}

}  // namespace games::nv_caravan
