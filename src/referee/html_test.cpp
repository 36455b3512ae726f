// The HTML that the page and the mails share (issue 44): one-tap links, turn files, sentences.
#include "referee/html.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "core/svg.hpp"
#include "referee/move_lines.hpp"
#include "referee/picture.hpp"
#include "referee/prose.hpp"

namespace {

using core::Document;

const Document kPlayers =
    Document::parse(R"([{"name": "ann", "role": "North"}, {"name": "bob", "role": "South"}])");

TEST(Html, AMailtoLinkEscapesEverythingButTheAddressAndEndsLinesWithCrlf) {
  EXPECT_EQ(referee::mailto("ref@games.example", "[caravan-ref] g1: ann & bob",
                            "game: g1\nmoves:\n  - {play: 7S}\n"),
            "mailto:ref@games.example?subject=%5Bcaravan-ref%5D%20g1%3A%20ann%20%26%20bob"
            "&body=game%3A%20g1%0D%0Amoves%3A%0D%0A%20%20-%20%7Bplay%3A%207S%7D%0D%0A");
}

TEST(Html, ATurnFileHoldsItsCredentialAndKeepsATurnOpenOnlyWhenAsked) {
  EXPECT_EQ(referee::turn_file("g1", "ann", 3, "token: T", {"{play: 7S, on: 1}"}),
            "game: g1\nplayer: ann\nturn: 3\ntoken: T\nmoves:\n  - {play: 7S, on: 1}\n");
  EXPECT_EQ(referee::turn_file("g1", "ann", 3, "token: T", {"{place: a1}"}, true),
            "game: g1\nplayer: ann\nturn: 3\ntoken: T\nend: false\nmoves:\n  - {place: a1}\n");
}

TEST(Html, ALivePagesMovesAreButtonsOfAFormAndTheRestAListToPickFrom) {
  const std::vector<referee::MoveGroup> groups = {
      {"play 7S", {"{play: 7S, on: 1}", "{play: 7S, on: 2}", "{play: 7S, on: 3}"}}, {"", {"pass"}}};
  referee::TurnLinks links{"ref@x.example", "s", "g1", "ann", 2, "token: SECRET", false};
  links.form_action = "c0ffee";
  links.form_code = "code&1";
  const std::string html = referee::move_links_html(groups, links, 2, 5);
  EXPECT_NE(html.find("<form method=\"post\" action=\"c0ffee\">"), std::string::npos) << html;
  EXPECT_NE(html.find("name=\"code\" value=\"code&amp;1\""), std::string::npos) << html;
  EXPECT_NE(html.find("name=\"turn\" value=\"2\""), std::string::npos) << html;
  EXPECT_NE(html.find("<button class=\"move\" name=\"move\" value=\"{play: 7S, on: 2}\">"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<option value=\"{play: 7S, on: 3}\">"), std::string::npos) << html;
  EXPECT_NE(html.find("value=\"pass\""), std::string::npos) << html;
  EXPECT_NE(html.find("4 of the 5 moves are listed"), std::string::npos) << html;
  EXPECT_EQ(html.find("mailto:"), std::string::npos) << html;
  EXPECT_EQ(html.find("SECRET"), std::string::npos) << html;  // a form carries no credential
}

TEST(Html, ALongGroupShowsItsFirstLinksAndSaysHowToAskForTheRest) {
  const std::vector<referee::MoveGroup> groups = {
      {"play 7S", {"{play: 7S, on: 1}", "{play: 7S, on: 2}", "{play: 7S, on: 3}"}}, {"", {"pass"}}};
  const referee::TurnLinks links{"ref@x.example", "s", "g1", "ann", 2, "token: P", false};
  const std::string html = referee::move_links_html(groups, links, 2, 4);
  EXPECT_NE(html.find("<b>play 7S</b>"), std::string::npos) << html;
  EXPECT_NE(html.find(">{play: 7S, on: 2}</a>"), std::string::npos) << html;
  EXPECT_EQ(html.find("on: 3}</a>"), std::string::npos) << html;
  EXPECT_NE(html.find("<i>and 1 more</i>"), std::string::npos) << html;
  EXPECT_NE(html.find(">pass</a>"), std::string::npos) << html;
  EXPECT_NE(html.find("3 of the 4 moves are shown"), std::string::npos) << html;
  EXPECT_NE(html.find("%0D%0Aturn%3A%202%0D%0Atoken%3A%20P%0D%0A"), std::string::npos) << html;
  const std::string plain = referee::move_links_html(groups, {}, 5, 4);  // no address: no links
  EXPECT_EQ(plain.find("mailto:"), std::string::npos) << plain;
  EXPECT_NE(plain.find("<code class=\"move\">{play: 7S, on: 3}</code>"), std::string::npos);
}

// Issue 62: a button says its move as the game says it (core::Engine::move_phrase), while the
// turn file it mails keeps the notation; a page without links gives both.
TEST(Html, AMoveButtonSaysTheMoveInTheGamesWordsAndMailsItsNotation) {
  const core::Engine* engine = core::find_engine("nv-caravan");
  ASSERT_NE(engine, nullptr);
  const Document moves =
      Document::parse(R"([{"play": "JH", "on": 2, "at": 3}, {"discard": "4C"}])");
  const auto groups = referee::group_moves(moves, "nv-caravan");
  const referee::TurnLinks links{"ref@x.example", "s", "g1", "ann", 2, "token: P", false};
  const std::string html = referee::move_links_html(groups, links, 8, 2);
  for (const auto& move : moves) {
    const std::string phrase = engine->move_phrase(move);
    const std::string notation = referee::move_line(move, "nv-caravan");
    EXPECT_NE(html.find("\">" + core::svg::escape(phrase) + "</a>"), std::string::npos)
        << phrase << " in " << html;
    EXPECT_NE(
        html.find(core::svg::escape(referee::mailto(
            "ref@x.example", "s", referee::turn_file("g1", "ann", 2, "token: P", {notation})))),
        std::string::npos)
        << notation << " in " << html;
  }
  EXPECT_NE(engine->move_phrase(moves[0]), "{play: JH, on: 2, at: 3}")
      << "the words are the engine's, not the notation";
  const std::string plain = referee::move_links_html(groups, {}, 8, 2);
  EXPECT_NE(plain.find(core::svg::escape(engine->move_phrase(moves[0])) +
                       " <code>{play: JH, on: 2, at: 3}</code>"),
            std::string::npos)
      << plain;
}

TEST(Html, AMoveBuiltAPartAtATimeLinksEachPartAndPlaysAWholeMoveByAButton) {
  const Document moves = Document::parse(R"([
    {"move": {"from": "a1", "to": "b1"}}, {"move": {"from": "a1", "to": "c1"}}, "end"])");
  referee::TurnLinks links;
  links.player = "ann";
  links.turn = 7;
  links.form_action = "cap";
  links.form_code = "code";
  const std::string first = referee::move_steps_html(
      referee::next_step(moves, nullptr, "huber-caravan"), nullptr, links, "huber-caravan", 3);
  // "end" makes a move alone: a button of the form, in words, with its notation as the value.
  EXPECT_NE(first.find("<input type=\"hidden\" name=\"turn\" value=\"7\"/>"), std::string::npos);
  EXPECT_NE(first.find("name=\"move\" value=\"end\">Play: "), std::string::npos) << first;
  // The camel's square is a link to the page with the partial move, escaped for the address.
  EXPECT_NE(first.find("<b>move from</b>: <a class=\"move step\" "
                       "href=\"cap?step=%7B%22move%22%3A%7B%22from%22%3A%22a1%22%7D%7D\">a1</a>"),
            std::string::npos)
      << first;
  const Document chosen = Document::parse(R"({"move": {"from": "a1"}})");
  const std::string second = referee::move_steps_html(
      referee::next_step(moves, chosen, "huber-caravan"), chosen, links, "huber-caravan", 3);
  EXPECT_NE(second.find("Chosen: move from a1. <a href=\"cap\">Start again</a>"), std::string::npos)
      << second;
  // Each destination makes a whole move: buttons, nothing left to link.
  EXPECT_NE(second.find("value=\"{move: {from: a1, to: c1}}\">Play: "), std::string::npos)
      << second;
  EXPECT_EQ(second.find("a class=\"move step\""), std::string::npos) << second;
  const Document nowhere = Document::parse(R"({"move": {"from": "z9"}})");
  EXPECT_NE(referee::move_steps_html(referee::next_step(moves, nowhere, "huber-caravan"), nowhere,
                                     links, "huber-caravan", 3)
                .find("No legal move begins so."),
            std::string::npos);
}

// A part that names a square of the board is also a link on the picture, over that square.
TEST(Html, APartThatNamesASquareIsALinkOnTheBoard) {
  const core::Engine* engine = core::find_engine("huber-caravan");
  ASSERT_NE(engine, nullptr);
  core::Rng rng(3);
  auto state = engine->start(2, {}, rng).state;
  const Document view = {{"game", "g1"},
                         {"kind", "huber-caravan"},
                         {"turn", 1},
                         {"to_move", Document::array()},
                         {"finished", false},
                         {"you", {{"name", "ann"}, {"seat", 0}}},
                         {"state", state->view(0)}};
  const Document moves = Document::parse(R"([{"place": "a1"}, {"place": "c2"}, "end"])");
  referee::TurnLinks links;
  links.form_action = "cap";
  const auto step = referee::next_step(moves, nullptr, "huber-caravan");
  const std::string page =
      referee::html_page(view, Document::array(), Document::array(), links, 3, &step);
  const auto at = page.find(
      "<a href=\"cap?step=%7B%22place%22%3A%22c2%22%7D\" class=\"spot\">"
      "<title>place c2</title><rect ");
  ASSERT_NE(at, std::string::npos) << page;
  EXPECT_LT(at, page.rfind("</svg>")) << "inside the picture";
  EXPECT_EQ(page.find("cap?step=%22end%22\" class=\"spot\""), std::string::npos)
      << "a word names no square";
}

TEST(Html, TheHistoryIsSentencesNamingEachPlayerOnce) {
  const Document turns = Document::parse(R"([
    {"turn": 1, "player": "ann", "moves": [{"play": "7S", "on": 1}], "events": []},
    {"turn": 2, "player": "bob", "events": [{"seat": "South", "play": "3H", "on": 4}]},
    {"turn": 3, "player": "ann", "action": {"action": "resign"}, "events": []}])");
  const std::string html = referee::history_html(turns, kPlayers);
  EXPECT_NE(html.find("<li>Turn 1, ann [North]: play 7S, on 1.</li>"), std::string::npos) << html;
  EXPECT_NE(html.find("<li>Turn 2, bob [South]: play 3H, on 4.</li>"), std::string::npos) << html;
  EXPECT_NE(html.find("<li>Turn 3, ann [North]: resign.</li>"), std::string::npos) << html;
  EXPECT_EQ(referee::turn_words(turns[1], kPlayers, false), "Turn 2, bob [South]");
  // With the game's engine, a move is said as the game says it (issue 62).
  const core::Engine* engine = core::find_engine("nv-caravan");
  const std::string said = referee::history_html(turns, kPlayers, engine);
  EXPECT_NE(said.find("<li>Turn 1, ann [North]: " +
                      core::svg::escape(engine->move_phrase(turns[0]["moves"][0])) + ".</li>"),
            std::string::npos)
      << said;
}

}  // namespace
