package io.engram.recall;

/**
 * The script a text is mostly written in, as far as recall cares: where an embedding model reads it well, and which
 * reference prompts calibrate its floor ({@link RelevanceAnchors}).
 *
 * <p>Words are counted, not letters: a Chinese, Japanese or Korean character is about a word, a run of Latin letters
 * is one, so a Chinese prompt that names {@code MySqlIntegrationTests} stays Chinese. Counted by letters, the 21 letters
 * of that one name outweighed seven Chinese words, and a prompt the Latin model cannot read (it sees no CJK character)
 * went to it.
 *
 * <p>Korean is a script of its own: a model that reads Chinese and Japanese need not read it (bge-small-zh has no
 * Hangul in its vocabulary, and reads any Korean text as the same unknown word), so which model reads a Korean text,
 * if any, is asked apart ({@link Embedder#reads}).
 */
public enum Script {
  /** Latin letters and anything that is not CJK. */
  LATIN,
  /** At least half of the words are Chinese or Japanese characters (Han, Hiragana, Katakana). */
  CJK,
  /** At least half of the words are CJK characters, more of them Korean (Hangul) than Chinese or Japanese. */
  HANGUL;

  /**
   * The script of {@code text}: {@link #HANGUL} or {@link #CJK} when CJK characters are at least half of its words,
   * Hangul if more of them are Hangul than Han or kana.
   */
  public static Script of(CharSequence text) {
    if (!anyCharFrom(text, FIRST_CJK)) {
      return LATIN; // no CJK letter can be in it (a supplementary one is written with surrogates, above it)
    }
    int cjk = 0;
    int hangul = 0;
    int otherWords = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); ) {
      int cp = Character.codePointAt(text, i);
      i += Character.charCount(cp);
      Character.UnicodeScript script = cjkScript(cp);
      if (script != null) {
        cjk++;
        hangul += script == Character.UnicodeScript.HANGUL ? 1 : 0;
        inWord = false;
      } else if (Character.isLetter(cp)) {
        otherWords += inWord ? 0 : 1;
        inWord = true;
      } else {
        inWord = false;
      }
    }
    if (cjk == 0 || cjk < otherWords) {
      return LATIN;
    }
    return hangul > cjk - hangul ? HANGUL : CJK;
  }

  /**
   * Whether {@code text} holds hiragana or katakana: Japanese writes them between its kanji, Chinese never does, so a
   * {@link #CJK} text with them is Japanese.
   */
  public static boolean hasKana(CharSequence text) {
    return text.codePoints().anyMatch(cp -> {
      Character.UnicodeScript s = Character.UnicodeScript.of(cp);
      return s == Character.UnicodeScript.HIRAGANA || s == Character.UnicodeScript.KATAKANA;
    });
  }

  /** Whether {@code text} holds a letter that is not CJK (a Latin word, a name in code). */
  static boolean holdsOtherLetters(CharSequence text) {
    for (int i = 0; i < text.length(); ) {
      int cp = Character.codePointAt(text, i);
      i += Character.charCount(cp);
      if (Character.isLetter(cp) && !isCjk(cp)) {
        return true;
      }
    }
    return false;
  }

  /** Below Hangul Jamo (U+1100) no letter is CJK: Latin text is told so without a script table's search per letter. */
  private static final int FIRST_CJK = 0x1100;

  private static boolean anyCharFrom(CharSequence text, int first) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= first) {
        return true;
      }
    }
    return false;
  }

  private static boolean isCjk(int cp) {
    return cjkScript(cp) != null;
  }

  // The script of a CJK letter (Han, kana or Hangul), looked up once; null for any other code point.
  private static Character.UnicodeScript cjkScript(int cp) {
    if (cp < FIRST_CJK || !Character.isLetter(cp)) {
      return null;
    }
    Character.UnicodeScript s = Character.UnicodeScript.of(cp);
    return s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
        || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.HANGUL ? s : null;
  }
}
