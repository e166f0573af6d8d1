package io.engram.embeddings;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A BERT WordPiece tokenizer in plain Java, producing the same token ids as HuggingFace's
 * {@code tokenizers} library for a WordPiece {@code tokenizer.json} with a {@code BertNormalizer} and a
 * {@code BertPreTokenizer}.
 *
 * <p>Steps: special tokens written in the text ({@code [SEP]}, ...) are taken whole; the rest is split into
 * words by {@link BertBasicTokenizer}; each word becomes the longest vocabulary entries that cover it
 * left to right (continuations prefixed {@code ##}), or {@code [UNK]} when no cover exists or the word
 * is longer than {@code maxInputCharsPerWord} code points; the pieces are cut to {@code maxLength - 2}
 * and wrapped in {@code [CLS]} ... {@code [SEP]}. Immutable and thread-safe.
 */
public final class WordPieceTokenizer {
  private final Map<String, Integer> vocabulary;
  private final List<SpecialToken> specialTokens;
  private final BertBasicTokenizer basic;
  private final Ids ids;
  private final String continuationPrefix;
  private final int maxInputCharsPerWord;
  private final int maxLength;
  private final String[] pieces;

  /** A vocabulary entry matched verbatim in the input, before any normalisation. */
  record SpecialToken(String text, int id) {}

  /** The ids the tokenizer adds on its own: unknown word, sequence start and sequence end. */
  record Ids(int unknown, int start, int end) {}

  WordPieceTokenizer(Map<String, Integer> vocabulary, List<SpecialToken> specialTokens, BertBasicTokenizer basic,
      Ids ids, String continuationPrefix, int maxInputCharsPerWord, int maxLength) {
    if (maxLength < 2) {
      throw new IllegalArgumentException("maxLength must leave room for the start and end tokens: " + maxLength);
    }
    this.vocabulary = Map.copyOf(vocabulary);
    // longest first, so that at one position the longest special token wins
    this.specialTokens = specialTokens.stream()
        .filter(t -> !t.text().isEmpty())
        .sorted(Comparator.comparingInt((SpecialToken t) -> t.text().length()).reversed())
        .toList();
    this.basic = Objects.requireNonNull(basic, "basic");
    this.ids = Objects.requireNonNull(ids, "ids");
    this.continuationPrefix = Objects.requireNonNull(continuationPrefix, "continuationPrefix");
    this.maxInputCharsPerWord = maxInputCharsPerWord;
    this.maxLength = maxLength;
    int largest = vocabulary.values().stream().mapToInt(Integer::intValue).max().orElse(-1);
    this.pieces = new String[largest + 1];
    vocabulary.forEach((piece, id) -> pieces[id] = piece);
  }

  /**
   * The tokenizer a HuggingFace {@code tokenizer.json} describes.
   *
   * @param source names the file in error messages
   * @throws IllegalArgumentException when the file is not a BERT WordPiece tokenizer this class reproduces
   */
  public static WordPieceTokenizer fromHuggingFaceJson(InputStream json, String source) throws IOException {
    return HuggingFaceTokenizerJson.read(json, source);
  }

  /** The token ids of {@code text}: {@code [CLS]}, at most {@code maxLength - 2} pieces, {@code [SEP]}. */
  public long[] encode(String text) {
    List<Integer> pieces = pieceIds(text, maxLength - 2);
    long[] out = new long[pieces.size() + 2];
    out[0] = ids.start();
    for (int i = 0; i < pieces.size(); i++) {
      out[i + 1] = pieces.get(i);
    }
    out[out.length - 1] = ids.end();
    return out;
  }

  /**
   * The vocabulary entry of {@code id} (a continuation keeps its prefix, {@code ##ing}); empty for an id outside the
   * vocabulary.
   */
  public String piece(long id) {
    return id >= 0 && id < pieces.length && pieces[(int) id] != null ? pieces[(int) id] : "";
  }

  /** Whether {@code piece} continues the word of the piece before it ({@code ##ing}). */
  public boolean continues(String piece) {
    return !continuationPrefix.isEmpty() && piece.startsWith(continuationPrefix);
  }

  /** The letters {@code piece} adds to its word: a continuation without its prefix ({@code ing}), else itself. */
  public String letters(String piece) {
    return continues(piece) ? piece.substring(continuationPrefix.length()) : piece;
  }

  /** The most ids {@link #encode} returns, start and end tokens included. */
  public int maxLength() {
    return maxLength;
  }

  /** Whether any vocabulary entry holds a code point {@code letter} accepts. */
  public boolean holdsAny(java.util.function.IntPredicate letter) {
    return vocabulary.keySet().stream().anyMatch(piece -> piece.codePoints().anyMatch(letter));
  }

  /** How many entries the vocabulary has; every id is below this. */
  public int vocabularySize() {
    return vocabulary.size();
  }

  /** The piece ids of {@code text}, without start and end tokens, stopping after {@code limit}. */
  private List<Integer> pieceIds(String text, int limit) {
    List<Integer> out = new ArrayList<>();
    int from = 0;
    int i = 0;
    while (i < text.length() && out.size() < limit) {
      SpecialToken special = specialAt(text, i);
      if (special == null) {
        i++;
        continue;
      }
      addWords(text.substring(from, i), out, limit);
      if (out.size() < limit) {
        out.add(special.id());
      }
      i += special.text().length();
      from = i;
    }
    if (from < text.length() && out.size() < limit) {
      addWords(text.substring(from), out, limit);
    }
    return out;
  }

  private SpecialToken specialAt(String text, int at) {
    for (SpecialToken t : specialTokens) {
      if (text.startsWith(t.text(), at)) {
        return t;
      }
    }
    return null;
  }

  private void addWords(String segment, List<Integer> out, int limit) {
    if (segment.isEmpty()) {
      return;
    }
    for (String word : basic.split(segment)) {
      addPieces(word, out, limit);
      if (out.size() >= limit) {
        return;
      }
    }
  }

  /** Greedy longest match from the left; a word with no cover is one unknown token, as in BERT. */
  private void addPieces(String word, List<Integer> out, int limit) {
    if (word.codePointCount(0, word.length()) > maxInputCharsPerWord) {
      out.add(ids.unknown());
      return;
    }
    List<Integer> pieces = new ArrayList<>();
    int start = 0;
    while (start < word.length()) {
      int end = word.length();
      Integer id = null;
      while (start < end) {
        String candidate = word.substring(start, end);
        id = vocabulary.get(start > 0 ? continuationPrefix + candidate : candidate);
        if (id != null) {
          break;
        }
        end = word.offsetByCodePoints(end, -1);
      }
      if (id == null) {
        out.add(ids.unknown());
        return;
      }
      pieces.add(id);
      start = end;
    }
    for (int i = 0; i < pieces.size() && out.size() < limit; i++) {
      out.add(pieces.get(i));
    }
  }
}
