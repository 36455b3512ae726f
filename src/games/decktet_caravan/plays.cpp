#include "games/decktet_caravan/plays.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <tuple>

#include <fmt/format.h>

namespace games::decktet_caravan {
namespace {

using core::Document;
using core::MoveError;

// One card of a move as typed, with the rank written after it, if any.
struct Written {
  std::string card;
  std::optional<std::string> rank;
};

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

bool is_suit_word(const std::string& word) {
  const std::string w = lower(word);
  for (int suit = 0; suit < kSuitCount; ++suit)
    if (w == lower(suit_name(suit))) return true;
  return false;
}

// Splits "3MW, Ace of Moons as 5 + Chance Meeting" into its cards and declared ranks.
std::vector<Written> tokenize(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == '+') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else if (c == '=') {
      if (!word.empty()) words.push_back(word);
      words.emplace_back("=");
      word.clear();
    } else {
      word.push_back(c);
    }
  }
  if (!word.empty()) words.push_back(word);

  std::vector<Written> out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string w = lower(words[i]);
    // "as" before a rank, as in "AM as 5"; otherwise "AS" is the Ace of Suns.
    const bool as_keyword = w == "as" && i + 1 < words.size() && words[i + 1].size() == 1 &&
                            std::isdigit(static_cast<unsigned char>(words[i + 1][0]));
    if (w == "=" || as_keyword) {
      if (out.empty() || out.back().rank || i + 1 >= words.size())
        throw MoveError(fmt::format(
            "'{}' must stand between a wild card and its rank, as in \"AM=5\"", words[i]));
      out.back().rank = words[++i];
      continue;
    }
    std::string card = words[i];
    if ((w == "ace" || w == "crown") && i + 1 < words.size()) {
      std::size_t next = i + 1;
      if (lower(words[next]) == "of" && next + 1 < words.size()) ++next;
      if (is_suit_word(words[next])) {
        card += "-" + words[next];
        i = next;
      }
    } else if (w == "chance" && i + 1 < words.size() && lower(words[i + 1]) == "meeting") {
      card += " " + words[++i];
    }
    out.push_back({card, std::nullopt});
  }
  return out;
}

int parse_rank(const std::string& card, const Document& rank) {
  // A number, never a quoted one ({"AM": "5"}): the move readers are strict about types.
  std::optional<int> value;
  if (rank.is_number_integer()) value = rank.get<int>();
  if (!value || *value < kLowRank || *value > kHighRank)
    throw MoveError(fmt::format(
        "{} can stand for a rank from {} to {}, not {}{}", card, kLowRank, kHighRank, rank.dump(),
        rank.is_string() && !rank.get<std::string>().empty() &&
                std::isdigit(static_cast<unsigned char>(rank.get<std::string>()[0]))
            ? " (write the rank without quotes)"
            : ""));
  return *value;
}

// The cards of a move document, each with its declared rank (0 where none is written).
std::vector<Placed> read_cards(const Document& move) {
  std::vector<Written> written;
  std::vector<Document> ranks;
  auto add = [&](const Written& w) {
    written.push_back(w);
    // "AM=5": the text's rank is a number when it is one digit (else the word, to be refused).
    const bool digit =
        w.rank && w.rank->size() == 1 && std::isdigit(static_cast<unsigned char>((*w.rank)[0]));
    ranks.push_back(!w.rank ? Document()
                    : digit ? Document((*w.rank)[0] - '0')
                            : Document(*w.rank));
  };
  if (move.is_string()) {
    for (const Written& w : tokenize(move.get<std::string>())) add(w);
  } else if (move.is_array()) {
    for (const Document& item : move) {
      if (item.is_string()) {
        auto parts = tokenize(item.get<std::string>());
        if (parts.size() != 1)
          throw MoveError(fmt::format("{} must name exactly one card", item.dump()));
        add(parts[0]);
      } else if (item.is_object() && item.size() == 1) {
        written.push_back({item.begin().key(), std::nullopt});
        ranks.push_back(item.begin().value());
      } else {
        throw MoveError(fmt::format(
            "{} is not a card: write a card (\"4MS\", \"Mountain\") or a wild card with its "
            "rank ({{\"AM\": 5}})",
            item.dump()));
      }
    }
  } else {
    throw MoveError(
        "a move is \"pass\" or the cards of a play, such as \"3MW 4MS AM=5\" or \"AM CK\"");
  }
  if (written.empty()) throw MoveError("a play needs at least one card");

  std::vector<Placed> placed;
  for (std::size_t i = 0; i < written.size(); ++i) {
    auto card = parse_card(written[i].card);
    if (!card)
      throw MoveError(fmt::format(
          "'{}' is not a card: write a Decktet name (\"Mountain\", \"Ace-Moons\") or a short "
          "form (\"4MS\", \"AM\", \"CK\")",
          written[i].card));
    for (const Placed& earlier : placed)
      if (earlier.card == *card)
        throw MoveError(fmt::format("{} is named twice", card_code(*card)));
    placed.push_back({*card, ranks[i].is_null() ? 0 : parse_rank(card_code(*card), ranks[i])});
  }
  return placed;
}

Play checked_bandit(std::vector<Placed> cards) {
  if (cards.size() > 2)
    throw MoveError("a bandit is one Ace, one Crown, or one Ace with one Crown");
  for (Placed& p : cards) p.rank = info(p.card).rank;
  if (cards.size() == 2) {
    if (is_ace(cards[0].card) == is_ace(cards[1].card))
      throw MoveError(fmt::format("{} and {} are no bandit: a bandit of two is an Ace and a Crown",
                                  card_code(cards[0].card), card_code(cards[1].card)));
    if (is_crown(cards[0].card)) std::swap(cards[0], cards[1]);
  }
  return Play{PlayKind::kBandit, std::move(cards)};
}

Play checked_caravan(std::vector<Placed> cards) {
  for (Placed& p : cards) {
    const int own = info(p.card).rank;
    if (is_wild(p.card)) {
      if (p.rank == 0)
        throw MoveError(fmt::format(
            "{} needs the rank it stands for in this caravan, such as {}={} (every wild card "
            "declares its rank)",
            card_code(p.card), card_code(p.card), kLowRank));
    } else if (p.rank != 0 && p.rank != own) {
      throw MoveError(fmt::format("{} is a {}; only Aces and Crowns stand for another rank",
                                  card_code(p.card), own));
    } else {
      p.rank = own;
    }
  }
  std::stable_sort(cards.begin(), cards.end(),
                   [](const Placed& a, const Placed& b) { return a.rank < b.rank; });
  for (std::size_t i = 1; i < cards.size(); ++i) {
    const Placed& a = cards[i - 1];
    const Placed& b = cards[i];
    if (b.rank == a.rank)
      throw MoveError(
          fmt::format("{} and {} both stand for rank {}: a caravan's ranks run in a "
                      "sequence without repeats",
                      card_code(a.card), card_code(b.card), a.rank));
    if (b.rank != a.rank + 1)
      throw MoveError(
          fmt::format("a caravan's ranks must be consecutive: nothing stands for "
                      "rank {} between {} and {}",
                      a.rank + 1, card_code(a.card), card_code(b.card)));
    if (!share_suit(a.card, b.card))
      throw MoveError(fmt::format("{} and {} are next to each other but share no suit",
                                  card_code(a.card), card_code(b.card)));
  }
  return Play{PlayKind::kCaravan, std::move(cards)};
}

bool before(const Play& a, const Play& b) {
  if (a.kind != b.kind) return a.kind == PlayKind::kCaravan;
  if (a.kind == PlayKind::kBandit) {
    if (a.bandit_strength() != b.bandit_strength())
      return a.bandit_strength() < b.bandit_strength();
  } else {
    if (a.length() != b.length()) return a.length() < b.length();
    if (a.top() != b.top()) return a.top() < b.top();
  }
  auto key = [](const Play& p) {
    std::vector<Card> cards;
    for (const Placed& placed : p.cards) cards.push_back(placed.card);
    return cards;
  };
  return key(a) < key(b);
}

// Grows caravans rank by rank from every starting rank (DK-2).
class CaravanBuilder {
 public:
  explicit CaravanBuilder(const std::vector<Card>& hand) {
    for (Card card : hand) {
      if (is_wild(card))
        wilds_.push_back(card);
      else
        numerals_[static_cast<std::size_t>(info(card).rank)].push_back(card);
    }
  }

  std::vector<Play> build() {
    for (int rank = kLowRank; rank <= kHighRank; ++rank) grow(rank, 0);
    std::stable_sort(out_.begin(), out_.end(), before);
    return std::move(out_);
  }

 private:
  void grow(int rank, int numerals) {
    if (rank > kHighRank) return;
    auto step = [&](Card card, bool wild) {
      if (!chain_.empty() && !share_suit(chain_.back().card, card)) return;
      chain_.push_back({card, rank});
      const int count = numerals + (wild ? 0 : 1);
      if (count > 0) out_.push_back(Play{PlayKind::kCaravan, chain_});
      grow(rank + 1, count);
      chain_.pop_back();
    };
    for (Card card : numerals_[static_cast<std::size_t>(rank)]) step(card, false);
    for (Card card : wilds_) {
      const std::uint64_t bit = std::uint64_t{1} << card;
      if (used_ & bit) continue;
      used_ |= bit;
      step(card, true);
      used_ &= ~bit;
    }
  }

  std::array<std::vector<Card>, kHighRank + 1> numerals_;
  std::vector<Card> wilds_;
  std::vector<Placed> chain_;
  std::uint64_t used_ = 0;
  std::vector<Play> out_;
};

}  // namespace

int Play::bandit_strength() const {
  if (kind != PlayKind::kBandit || cards.empty()) return 0;
  if (cards.size() == 1) return is_ace(cards[0].card) ? 1 : 2;
  return share_suit(cards[0].card, cards[1].card) ? 4 : 3;
}

std::string format_play(const Play& play) {
  std::string text;
  for (const Placed& p : play.cards) {
    if (!text.empty()) text += ' ';
    text += card_code(p.card);
    if (play.kind == PlayKind::kCaravan && is_wild(p.card)) text += fmt::format("={}", p.rank);
  }
  return text;
}

Play parse_play(const Document& move) {
  std::vector<Placed> cards = read_cards(move);
  const bool any_numeral =
      std::any_of(cards.begin(), cards.end(), [](const Placed& p) { return !is_wild(p.card); });
  const bool any_rank =
      std::any_of(cards.begin(), cards.end(), [](const Placed& p) { return p.rank != 0; });
  if (any_numeral) return checked_caravan(std::move(cards));
  if (any_rank)
    throw MoveError(
        "a caravan needs at least one numeral (rank 2-9); Aces and Crowns alone make a bandit, "
        "written without ranks");
  return checked_bandit(std::move(cards));
}

bool beats(const Play& play, const Play& table) {
  if (table.kind == PlayKind::kBandit)
    return play.kind == PlayKind::kBandit && play.bandit_strength() > table.bandit_strength();
  if (play.kind == PlayKind::kBandit) return true;
  return play.length() == table.length() && play.top() > table.top();
}

std::vector<Play> all_caravans(const std::vector<Card>& hand) {
  return CaravanBuilder(hand).build();
}

std::vector<Play> all_bandits(const std::vector<Card>& hand) {
  std::vector<Card> aces, crowns;
  for (Card card : hand) {
    if (is_ace(card)) aces.push_back(card);
    if (is_crown(card)) crowns.push_back(card);
  }
  std::vector<Play> out;
  for (Card card : aces) out.push_back(Play{PlayKind::kBandit, {{card, kAceRank}}});
  for (Card card : crowns) out.push_back(Play{PlayKind::kBandit, {{card, kCrownRank}}});
  for (Card ace : aces)
    for (Card crown : crowns)
      out.push_back(Play{PlayKind::kBandit, {{ace, kAceRank}, {crown, kCrownRank}}});
  std::stable_sort(out.begin(), out.end(), before);
  return out;
}

bool can_open(const std::vector<Card>& hand) {
  return std::any_of(hand.begin(), hand.end(), [](Card card) { return !is_wild(card); });
}

}  // namespace games::decktet_caravan
