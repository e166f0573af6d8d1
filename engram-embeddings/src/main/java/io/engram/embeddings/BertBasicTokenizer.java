package io.engram.embeddings;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * BERT's "basic tokenizer": normalises text and splits it into words and punctuation marks, the step
 * before WordPiece. It follows HuggingFace's {@code BertNormalizer} and {@code BertPreTokenizer}, in
 * their order: drop control characters and map whitespace to a space, put spaces around CJK
 * ideographs, strip accents (NFD, then drop non-spacing marks), lower-case one code point at a time,
 * then split on whitespace (dropped) and on punctuation (kept, one mark per word).
 *
 * <p>Character classes come from the JDK's Unicode tables; HuggingFace's come from an older Unicode
 * release, so a character that became punctuation, a non-spacing mark or a format character after
 * that release (U+2E4F, U+1DF9, ...) can be split or dropped here where it is not there.
 *
 * @param cleanText drop control characters and turn every kind of whitespace into a space
 * @param handleChineseChars split CJK ideographs into words of their own
 * @param stripAccents decompose and drop non-spacing marks ({@code café} becomes {@code cafe})
 * @param lowercase lower-case the text (uncased models)
 */
record BertBasicTokenizer(boolean cleanText, boolean handleChineseChars, boolean stripAccents, boolean lowercase) {

  /** The words and punctuation marks of {@code text}, normalised, in order. */
  List<String> split(String text) {
    String normalized = normalize(text);
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < normalized.length(); ) {
      int cp = normalized.codePointAt(i);
      i += Character.charCount(cp);
      if (isWhitespace(cp)) {
        flush(word, words);
      } else if (isPunctuation(cp)) {
        flush(word, words);
        words.add(new String(Character.toChars(cp)));
      } else {
        word.appendCodePoint(cp);
      }
    }
    flush(word, words);
    return words;
  }

  /** {@code text} after the normaliser's steps (cleaning, CJK spacing, accents, case). */
  String normalize(String text) {
    String s = cleanText || handleChineseChars ? cleanAndSpace(text) : text;
    if (stripAccents && !isAscii(s)) {
      s = withoutNonSpacingMarks(Normalizer.normalize(s, Normalizer.Form.NFD));
    }
    return lowercase ? lowerCase(s) : s;
  }

  private String cleanAndSpace(String text) {
    StringBuilder out = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (cleanText && (cp == 0 || cp == 0xFFFD || isControl(cp))) {
        continue;
      }
      if (cleanText && isWhitespace(cp)) {
        out.append(' ');
      } else if (handleChineseChars && isCjkIdeograph(cp)) {
        out.append(' ').appendCodePoint(cp).append(' ');
      } else {
        out.appendCodePoint(cp);
      }
    }
    return out.toString();
  }

  private static String withoutNonSpacingMarks(String decomposed) {
    StringBuilder out = new StringBuilder(decomposed.length());
    for (int i = 0; i < decomposed.length(); ) {
      int cp = decomposed.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.getType(cp) != Character.NON_SPACING_MARK) {
        out.appendCodePoint(cp);
      }
    }
    return out.toString();
  }

  /**
   * Lower-cases each code point on its own (no context, so a final sigma stays σ), with Unicode's full
   * mapping (İ becomes i plus a combining dot), as Rust's {@code char::to_lowercase} does.
   */
  private static String lowerCase(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      if (cp < 0x80) {
        out.append((char) (cp >= 'A' && cp <= 'Z' ? cp + ('a' - 'A') : cp));
      } else {
        out.append(new String(Character.toChars(cp)).toLowerCase(Locale.ROOT));
      }
    }
    return out.toString();
  }

  private static void flush(StringBuilder word, List<String> words) {
    if (word.length() > 0) {
      words.add(word.toString());
      word.setLength(0);
    }
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /** Unicode's White_Space property (what Rust's {@code char::is_whitespace} tests), tab and newlines included. */
  static boolean isWhitespace(int cp) {
    return switch (cp) {
      case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000 -> true;
      default -> cp >= 0x2000 && cp <= 0x200A;
    };
  }

  /** Control, format, private-use and surrogate code points, except tab and newlines (those are whitespace). */
  static boolean isControl(int cp) {
    if (cp == '\t' || cp == '\n' || cp == '\r') {
      return false;
    }
    int type = Character.getType(cp);
    return type == Character.CONTROL || type == Character.FORMAT || type == Character.PRIVATE_USE
        || type == Character.SURROGATE;
  }

  /** ASCII punctuation (which includes symbols such as $ + < = > ^ ` |) and Unicode's P* categories. */
  static boolean isPunctuation(int cp) {
    if (cp < 0x80) {
      return (cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126);
    }
    return switch (Character.getType(cp)) {
      case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
          Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
          Character.OTHER_PUNCTUATION -> true;
      default -> false;
    };
  }

  /** The CJK Unified Ideographs blocks and their extensions and compatibility forms, as BERT defines them. */
  static boolean isCjkIdeograph(int cp) {
    return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x20000 && cp <= 0x2A6DF)
        || (cp >= 0x2A700 && cp <= 0x2B73F) || (cp >= 0x2B740 && cp <= 0x2B81F) || (cp >= 0x2B920 && cp <= 0x2CEAF)
        || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x2F800 && cp <= 0x2FA1F);
  }
}
