"""Under a suit tie-break the highest card is chosen by that tie-break's own suit order (docs/rules/lieng.md §1)."""

from cardrules.core.lieng import HouseRules, SuitTieBreak, compare_two, score_hand

DHCS = HouseRules(suit_tie_break=SuitTieBreak.DHCS)
HDCS = HouseRules(suit_tie_break=SuitTieBreak.HDCS)


def test_dhcs_takes_the_king_of_diamonds_as_the_highest_card() -> None:
    # K♦ K♥ Q♠ against K♥ K♠ Q♣: both 0 points; under ♦ > ♥ > ♣ > ♠ the first hand's top card is K♦.
    assert compare_two("KD KH QS", "KH KS QC", DHCS) == 1
    assert compare_two("KD KH QS", "KH KS QC") == 0


def test_hdcs_takes_the_king_of_hearts() -> None:
    assert compare_two("KD KH QS", "KS KC QC", HDCS) == 1
    assert compare_two("KD QS 5C", "KH QC 5S", HDCS) == -1
    assert compare_two("KD QS 5C", "KH QC 5S", DHCS) == 1


def test_sap_top_card_follows_the_order() -> None:
    # Two Sáp of one rank cannot meet in one deal, but CompareHands may compare hands of different deals.
    assert score_hand("7S 7D 7C", DHCS).sort_key > score_hand("7S 7H 7C", DHCS).sort_key
    assert score_hand("7S 7D 7C", HDCS).sort_key < score_hand("7S 7H 7C", HDCS).sort_key
