package io.engram.extract;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the learnt correction model ({@link CorrectionClassifier}) sees of a turn: binary features, the base ones always,
 * the {@link Option}s a set of weights was fitted with on top (its resource names them, so weights and features never
 * part).
 */
final class CorrectionFeatures {
  /** A kind of feature beyond the base ones, by the name the weights' resource gives it. */
  enum Option {
    /** The turn's script (Han, kana, Latin, Cyrillic, other), alone and beside each cue: a bias per script. */
    SCRIPT("script"),
    /** Kana read one character at a time, as Han is, so Japanese words and pairs are seen without a segmenter. */
    KANA("kana"),
    /** The words a negation governs (its next two), marked as negated: "don't use" apart from "use". */
    NEGATION("neg"),
    /** The words of the agent's turn before (its last 300 characters), marked as the agent's. */
    PREVIOUS("prev"),
    /** The keyword cue read in Portuguese, Spanish, French, German and Japanese too (always, never, from now on). */
    LANGUAGES("multi"),
    /**
     * Three Han characters in a row, as one feature: a Chinese word is often two or three characters (以后都, 不要再),
     * and a pair alone cannot tell 不要再 from 不要的.
     */
    HAN_TRIGRAMS("han3"),
    /**
     * Han characters read apart from the Latin letters and digits they touch: Chinese writes a tool or a file name
     * straight against its words (用pnpm安装, 额外的md文档), where a word of letters would otherwise run on through
     * the Han characters after it and hide them (one feature "md文档" instead of "md", "文", "档").
     */
    HAN_APART("hanapart");

    final String key;

    Option(String key) {
      this.key = key;
    }

    static Optional<Option> of(String key) {
      for (Option o : values()) {
        if (o.key.equals(key)) {
          return Optional.of(o);
        }
      }
      return Optional.empty();
    }
  }

  // A turn's length as a feature, in four buckets (up to 40, 150, 400 characters, longer): the shipped weights were
  // trained on these bounds, so a new bound needs the model trained again (the lab's CorrectionTraining).
  private static final int SHORT_TURN = 40;
  // The second bucket's bound: see SHORT_TURN.
  private static final int MID_TURN = 150;
  // The third bucket's bound: see SHORT_TURN.
  private static final int LONG_TURN = 400;
  // The agent's words the PREVIOUS option reads: its closing words are the ones a correction answers.
  private static final int PREVIOUS_CHARS = 300;
  private static final Pattern WORD = Pattern.compile("\\p{IsHan}|[\\p{L}\\p{N}][\\p{L}\\p{N}'’_-]*");
  private static final Pattern WORD_HAN_APART =
      Pattern.compile("\\p{IsHan}|[\\p{L}\\p{N}&&[^\\p{IsHan}]][[\\p{L}\\p{N}'’_\\-]&&[^\\p{IsHan}]]*");
  private static final Pattern WORD_KANA_HAN_APART =
      Pattern.compile("\\p{IsHan}|\\p{IsHiragana}|\\p{IsKatakana}"
          + "|[\\p{L}\\p{N}&&[^\\p{IsHiragana}\\p{IsKatakana}\\p{IsHan}]]"
          + "[[\\p{L}\\p{N}'’_\\-]&&[^\\p{IsHiragana}\\p{IsKatakana}\\p{IsHan}]]*");
  private static final Pattern WORD_KANA =
      Pattern.compile("\\p{IsHan}|\\p{IsHiragana}|\\p{IsKatakana}|[\\p{L}\\p{N}&&[^\\p{IsHiragana}\\p{IsKatakana}]]"
          + "[[\\p{L}\\p{N}'’_\\-]&&[^\\p{IsHiragana}\\p{IsKatakana}]]*");
  private static final Pattern KEYWORD =
      Pattern.compile("(?i)\\b(remember|always|never|don'?t|from now on|note that)\\b|记住|以后|不要|别忘了|下次");
  // The same cue in the other languages people wrote to agents in the tuning sets, so a turn in a language no set
  // teaches still lights the feature the sets taught in English and Chinese.
  private static final Pattern KEYWORD_LANGUAGES = Pattern.compile("(?iu)(?<![\\p{L}])(sempre|nunca|jamais|lembre|"
      + "lembrando|a partir de agora|daqui pra frente|de agora em diante|siempre|recuerda|a partir de ahora|"
      + "toujours|rappelle-toi|désormais|immer|niemals|merke dir|ab jetzt|luôn luôn|không bao giờ|từ giờ)(?![\\p{L}])"
      + "|今後|必ず|絶対に|覚えて|いつも");
  private static final Pattern NEGATOR = Pattern.compile("(?i)not|don't|dont|never|no|nope|stop|avoid|without|"
      + "不|别|勿|禁|没|não|nao|nunca|nem|ne|pas|jamais|nicht|kein|nie");

  private CorrectionFeatures() {}

  /** The options of these names; a name no option has is refused (weights fitted on features this build lacks). */
  static Set<Option> options(Set<String> keys) {
    Set<Option> o = EnumSet.noneOf(Option.class);
    for (String k : keys) {
      o.add(Option.of(k).orElseThrow(() -> new IllegalArgumentException("no feature option " + k)));
    }
    return o;
  }

  /** The turn's features with these options. */
  static Set<String> of(String turn, Optional<String> previousAssistant, Set<Option> options) {
    String text = PastedVoices.blank(CodeLines.blank(turn)).toLowerCase(Locale.ROOT);
    Set<String> f = new LinkedHashSet<>();
    List<String> words = words(text, options);
    for (int i = 0; i < words.size(); i++) {
      f.add("w:" + words.get(i));
      if (i > 0) {
        f.add("b:" + words.get(i - 1) + " " + words.get(i));
      }
      if (options.contains(Option.HAN_TRIGRAMS) && i > 1 && isHan(words.get(i)) && isHan(words.get(i - 1))
          && isHan(words.get(i - 2))) {
        f.add("t:" + words.get(i - 2) + words.get(i - 1) + words.get(i));
      }
      if (options.contains(Option.NEGATION) && i > 0
          && (NEGATOR.matcher(words.get(i - 1)).matches() || i > 1 && NEGATOR.matcher(words.get(i - 2)).matches())) {
        f.add("n:" + words.get(i));
      }
    }
    if (!words.isEmpty()) {
      f.add("first:" + words.get(0));
    }
    int len = text.strip().length();
    f.add(len <= SHORT_TURN ? "len:short" : len <= MID_TURN ? "len:mid" : len <= LONG_TURN ? "len:long" : "len:longer");
    Set<String> cues = new LinkedHashSet<>();
    if (text.indexOf('?') >= 0 || text.indexOf('？') >= 0) {
      cues.add("cue:question");
    }
    if (previousAssistant.filter(p -> !p.isBlank()).isPresent()) {
      cues.add("cue:after-agent");
    }
    if (KEYWORD.matcher(text).find()
        || options.contains(Option.LANGUAGES) && KEYWORD_LANGUAGES.matcher(text).find()) {
      cues.add("cue:keyword");
    }
    for (Sentence s : Sentences.of(text)) {
      if (CorrectionClauses.isCore(s.text()) || Corrections.read(s.text()).isPresent()) {
        cues.add("cue:rule-clause");
      }
      Intents.read(s.text()).ifPresent(i -> cues.add("cue:intent-" + i.kind().name().toLowerCase(Locale.ROOT)));
    }
    f.addAll(cues);
    if (options.contains(Option.SCRIPT)) {
      String script = script(text);
      f.add("script:" + script);
      cues.forEach(c -> f.add(c + "@" + script));
    }
    if (options.contains(Option.PREVIOUS)) {
      previousAssistant.filter(p -> !p.isBlank()).ifPresent(p -> {
        String tail = p.substring(Math.max(0, p.length() - PREVIOUS_CHARS)).toLowerCase(Locale.ROOT);
        words(tail, options).forEach(w -> f.add("p:" + w));
      });
    }
    return f;
  }

  private static boolean isHan(String word) {
    return word.codePointCount(0, word.length()) == 1
        && Character.UnicodeScript.of(word.codePointAt(0)) == Character.UnicodeScript.HAN;
  }

  private static List<String> words(String text, Set<Option> options) {
    boolean kana = options.contains(Option.KANA);
    boolean apart = options.contains(Option.HAN_APART);
    List<String> words = new ArrayList<>();
    Matcher m = (kana ? apart ? WORD_KANA_HAN_APART : WORD_KANA : apart ? WORD_HAN_APART : WORD).matcher(text);
    while (m.find()) {
      words.add(m.group().replace('’', '\''));
    }
    return words;
  }

  /** Whether the turn is written mostly in Han characters (Chinese), code and pasted prompts left out. */
  static boolean han(String turn) {
    return scriptOf(turn).equals("han");
  }

  /** The script most of the turn's letters are in (han, kana, latin, cyrillic, other, none), code left out. */
  static String scriptOf(String turn) {
    return script(PastedVoices.blank(CodeLines.blank(turn)).toLowerCase(Locale.ROOT));
  }

  // The script most of the text's letters are in; kana before Han, since Japanese mixes the two.
  private static String script(String text) {
    int han = 0;
    int kana = 0;
    int latin = 0;
    int cyrillic = 0;
    int other = 0;
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      i += Character.charCount(c);
      if (!Character.isLetter(c)) {
        continue;
      }
      Character.UnicodeScript s = Character.UnicodeScript.of(c);
      switch (s) {
        case HAN -> han++;
        case HIRAGANA, KATAKANA -> kana++;
        case LATIN -> latin++;
        case CYRILLIC -> cyrillic++;
        default -> other++;
      }
    }
    if (kana > 0 && kana * 4 >= han) {
      return "kana";
    }
    int max = Math.max(Math.max(han, latin), Math.max(cyrillic, other));
    if (max == 0) {
      return "none";
    }
    // a Han character is a word, a Latin letter a part of one: a turn with a few Han characters is Chinese
    return han * 3 >= latin && han > 0 ? "han" : max == latin ? "latin" : max == cyrillic ? "cyrillic" : "other";
  }
}
