package io.engram.recall;

/**
 * The script a text is mostly written in, as far as recall cares: where an embedding model reads it well, and which
 * reference prompts calibrate its floor ({@link RelevanceAnchors}).
 */
public enum Script {
  /** Latin letters and anything that is not CJK. */
  LATIN,
  /** At least three in ten of the letters are Chinese, Japanese or Korean. */
  CJK;

  /** The script of {@code text}: {@link #CJK} when at least three in ten of its letters are CJK. */
  public static Script of(CharSequence text) {
    int letters = 0;
    int cjk = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = Character.codePointAt(text, i);
      i += Character.charCount(cp);
      if (Character.isLetter(cp)) {
        letters++;
        Character.UnicodeScript s = Character.UnicodeScript.of(cp);
        if (s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
            || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.HANGUL) {
          cjk++;
        }
      }
    }
    return letters > 0 && cjk * 10 >= letters * 3 ? CJK : LATIN;
  }
}
