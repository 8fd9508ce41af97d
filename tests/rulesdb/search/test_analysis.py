"""Text analysis (rulesdb/search/analysis.py): folding and stemming, and the bounds of their caches."""
import tracemalloc

from rulesdb.search import analysis


def test_words_are_folded_and_stemmed_whatever_their_length():
    assert analysis.fold("Àttàcco") == "attacco"
    long = "Ù" * 150
    assert analysis.fold(long) == "u" * 150 and analysis.stem("attacchi", "it") == analysis.stem("attacco", "it")
    assert analysis.stem("x" * 150, "en") == "x" * 150


def test_only_short_words_are_kept_and_at_most_so_many():
    analysis._fold_cached.cache_clear()
    analysis.fold("y" * (analysis.CACHED_WORD_CHARS + 1))
    assert analysis._fold_cached.cache_info().currsize == 0
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for n in range(analysis.CACHED_WORDS + 5000):  # a visitor sending ever new words
            analysis.fold(f"{n:0{analysis.CACHED_WORD_CHARS}d}")
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        analysis._fold_cached.cache_clear()
    assert analysis._fold_cached.cache_info().maxsize == analysis.CACHED_WORDS
    assert grown < 25 * 2**20, grown


def test_a_game_term_the_stemmer_would_merge_with_an_everyday_word_stays_whole():
    assert analysis.terms("Unite", "en") != analysis.terms("units", "en")
    assert analysis.terms("Riordino", "it") != analysis.terms("riordinare", "it")
    assert analysis.terms("attacks", "en") == analysis.terms("attack", "en")  # the others are stemmed as before


def test_words_of_two_meanings_that_share_a_stem_are_kept_apart_and_keep_their_plurals():
    it = lambda text: analysis.terms(text, "it")  # noqa: E731
    assert it("cerchio") == it("cerchi") != it("cercare")  # Vanguard's circles are not a search
    assert it("partita") == it("partite") != it("parte")
    assert it("guardia") == it("guardie") != it("guardare")
    assert it("cercare") == it("cerca")
    assert it("mana") != it("mano")  # Altered's mana is not the hand
    assert it("passiva") == it("passivo") != it("passare")
