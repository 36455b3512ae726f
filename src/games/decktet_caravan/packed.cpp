#include "games/decktet_caravan/packed.hpp"

namespace games::decktet_caravan::packed {

Cards cards_of(ActionId play) {
  Cards cards = 0;
  const int n = size(play);
  for (int place = 0; place < n; ++place) cards |= bit(card_at(play, place));
  return cards;
}

ActionId pack(const Play& play) {
  if (play.kind == PlayKind::kBandit)
    return play.cards.size() == 1 ? bandit(play.cards[0].card)
                                  : bandit(play.cards[0].card, play.cards[1].card);
  ActionId id = ActionId(static_cast<unsigned>(play.length())) << kLengthShift |
                ActionId(static_cast<unsigned>(play.top())) << kTopShift;
  for (int place = 0; place < play.length(); ++place)
    id |= ActionId(static_cast<unsigned>(play.cards[static_cast<std::size_t>(place)].card))
          << (kFirstCardShift - kCardBits * place);
  return id;
}

Play unpack(ActionId play) {
  Play out;
  const int n = size(play);
  out.kind = is_bandit(play) ? PlayKind::kBandit : PlayKind::kCaravan;
  const int low = top(play) - n + 1;
  for (int place = 0; place < n; ++place) {
    const int card = card_at(play, place);
    out.cards.push_back(
        {card, is_bandit(play) ? kTables.rank[static_cast<std::size_t>(card)] : low + place});
  }
  return out;
}

namespace {

// The card whose code is `code` exactly ("4MS", "AM"), or -1.
int card_of_code(std::string_view code) {
  for (int card = 0; card < kCards; ++card)
    if (code == kDeck[static_cast<std::size_t>(card)].code) return card;
  return -1;
}

}  // namespace

std::optional<ActionId> read_canonical(std::string_view text) {
  std::array<int, kMaxCaravan> cards{};
  std::array<int, kMaxCaravan> ranks{};  // declared (wild cards in a caravan) or 0
  int n = 0;
  Cards seen = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view token = text.substr(start, end - start);
    if (n == kMaxCaravan || token.empty()) return std::nullopt;
    int rank = 0;
    if (token.size() == 4 && token[2] == '=' && token[3] >= '0' + kLowRank &&
        token[3] <= '0' + kHighRank) {
      rank = token[3] - '0';
      token = token.substr(0, 2);
    }
    const int card = card_of_code(token);
    if (card < 0 || (seen & bit(card)) != 0 || (rank != 0 && !is_wild_card(card)))
      return std::nullopt;
    seen |= bit(card);
    cards[static_cast<std::size_t>(n)] = card;
    ranks[static_cast<std::size_t>(n)] = rank;
    ++n;
    start = end + 1;
  }
  if ((seen & kTables.numerals) == 0) {  // a bandit: an Ace, a Crown, or an Ace then a Crown
    if (ranks[0] != 0 || n > 2) return std::nullopt;
    if (n == 1) return bandit(cards[0]);
    if (ranks[1] != 0 || (kTables.aces & bit(cards[0])) == 0 ||
        (kTables.crowns & bit(cards[1])) == 0)
      return std::nullopt;
    return bandit(cards[0], cards[1]);
  }
  // A caravan: each card one rank above the one before, sharing a suit with it; wild cards
  // declare their rank, numerals do not.
  ActionId play = 0;
  int rank = 0;
  for (int i = 0; i < n; ++i) {
    const int card = cards[static_cast<std::size_t>(i)];
    const bool wild = is_wild_card(card);
    const int own =
        wild ? ranks[static_cast<std::size_t>(i)] : kTables.rank[static_cast<std::size_t>(card)];
    if (wild && own == 0) return std::nullopt;
    if (i > 0 &&
        (own != rank + 1 ||
         (kTables.shares_suit[static_cast<std::size_t>(cards[static_cast<std::size_t>(i - 1)])] &
          bit(card)) == 0))
      return std::nullopt;
    rank = own;
    play |= ActionId(static_cast<unsigned>(card)) << (kFirstCardShift - kCardBits * i);
  }
  return play | ActionId(static_cast<unsigned>(n)) << kLengthShift |
         ActionId(static_cast<unsigned>(rank)) << kTopShift;
}

bool beats(ActionId play, ActionId table) {
  if (is_bandit(table)) return is_bandit(play) && length_field(play) > length_field(table);
  if (is_bandit(play)) return true;
  return length_field(play) == length_field(table) && top(play) > top(table);
}

void append_text(ActionId play, std::string& out) {
  if (play == kPass) {
    out += "pass";
    return;
  }
  const int n = size(play);
  const int low = top(play) - n + 1;
  for (int place = 0; place < n; ++place) {
    const int card = card_at(play, place);
    if (place > 0) out += ' ';
    out += kDeck[static_cast<std::size_t>(card)].code;
    if (!is_bandit(play) && is_wild_card(card)) {
      out += '=';
      out += static_cast<char>('0' + low + place);
    }
  }
}

std::string text(ActionId play) {
  std::string out;
  append_text(play, out);
  return out;
}

core::Document codes(Cards cards) {
  core::Document out = core::Document::array();
  auto& list = out.get_ref<core::Document::array_t&>();
  list.reserve(static_cast<std::size_t>(count(cards)));
  for (; cards != 0; cards &= cards - 1)
    list.emplace_back(kDeck[static_cast<std::size_t>(lowest(cards))].code);
  return out;
}

}  // namespace games::decktet_caravan::packed
