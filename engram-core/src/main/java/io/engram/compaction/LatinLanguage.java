package io.engram.compaction;

import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The languages other than English that people write to a coding agent in Latin letters, told apart by their function
 * words: a Portuguese request ("guarda na sua memória também") and a summary that retells it in English share the
 * script and none of the words, so the script alone cannot say that the two differ.
 *
 * <p>Each language lists words that are common in it and are no English word, nor a part of a name a text of code
 * holds ("com" of a host name, "mit" of a licence, "die", "sin", "do", "no" and "in" are left out). Words of two
 * letters ("de", "da", "em") are read where a text is read whole (a summary, a todo list: "Testar conectividade do
 * banco" has no longer one); the content words continuity weighs keep none, so a request is read by the longer ones.
 * Words two languages share ("que", "para", "como") are in both lists: a text is in every language its words fit
 * best, and two texts share a language when any is common to both.
 */
enum LatinLanguage {
  PORTUGUESE("que", "para", "como", "porque", "uma", "não", "nao", "também", "tambem", "você", "voce", "isso",
      "isto", "essa", "esse", "esta", "este", "está", "estão", "então", "entao", "ainda", "muito", "agora", "aqui",
      "pelo", "pela", "ele", "ela", "são", "foi", "depois", "quando", "onde", "mais", "sua", "seu", "vamos", "fazer",
      "precisa", "preciso", "tudo", "todos", "outra", "outro", "mas", "nós", "minha", "meu", "pode", "deve", "de",
      "da", "em", "na", "os", "um", "ao", "dos", "das"),
  SPANISH("que", "para", "como", "porque", "una", "los", "las", "con", "por", "del", "esto", "esta", "este",
      "está", "pero", "más", "muy", "también", "ahora", "aquí", "hacer", "puedes", "necesito", "cuando", "donde",
      "todo", "todos", "hay", "están", "usted", "entonces", "otra", "otro", "mis", "tengo", "quiero", "de", "el",
      "la", "en", "lo", "es", "se", "al"),
  GERMAN("und", "der", "das", "ist", "nicht", "ich", "ein", "eine", "einen", "auf", "auch", "noch", "wie", "bitte",
      "wir", "jetzt", "oder", "aber", "kannst", "soll", "sind", "wird", "werden", "muss", "dass", "mir", "uns", "für",
      "sie", "dem", "bei", "nach", "vom", "zum", "zur", "schon", "hier", "alle", "diese", "dieser", "dieses", "mal",
      "zu", "im", "du", "es"),
  FRENCH("les", "des", "une", "est", "pas", "pour", "avec", "dans", "sur", "qui", "sont", "mais", "cette", "nous",
      "vous", "faire", "peux", "tout", "très", "aussi", "comme", "être", "été", "fait", "elle", "ils", "leur",
      "quand", "donc", "que", "de", "le", "la", "du", "en", "je", "et"),
  ITALIAN("che", "una", "sono", "della", "delle", "questo", "questa", "anche", "come", "più", "puoi", "fare",
      "gli", "nel", "alla", "essere", "ancora", "adesso", "perché", "dove", "tutto", "molto", "cosa", "di", "il",
      "la", "lo", "da");

  // A language is read from two distinct function words of it at least: one alone ("esta" in a file name, "das" in
  // a variable) is chance in a text of another language.
  private static final int MIN_WORDS = 2;
  // And from at least this share of the text's content words: a long English text that quotes a foreign phrase
  // once is still English.
  private static final double MIN_SHARE = 0.05;

  private final Set<String> words;
  private static final Set<String> ALL = java.util.Arrays.stream(values()).flatMap(l -> l.words.stream())
      .collect(java.util.stream.Collectors.toUnmodifiableSet());

  LatinLanguage(String... words) {
    Set<String> stems = new HashSet<>();
    for (String w : words) {
      stems.add(Continuity.stem(w));
    }
    this.words = Set.copyOf(stems);
  }

  /**
   * The languages {@code words} (lower-cased, a plural's "s" taken off as {@link Continuity#stem} does) fit best;
   * empty for English, for a text of another script and for one too short to tell.
   */
  static Set<LatinLanguage> of(Collection<String> words) {
    Map<LatinLanguage, Integer> hits = new EnumMap<>(LatinLanguage.class);
    Set<String> distinct = new HashSet<>(words);
    for (LatinLanguage l : values()) {
      hits.put(l, (int) distinct.stream().filter(l.words::contains).count());
    }
    int best = hits.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    Set<LatinLanguage> out = EnumSet.noneOf(LatinLanguage.class);
    if (best < MIN_WORDS || best < MIN_SHARE * distinct.size()) {
      return out;
    }
    hits.forEach((l, n) -> {
      if (n == best) {
        out.add(l);
      }
    });
    return out;
  }

  /**
   * Whether {@code word} (lower-cased, as {@link Continuity#stem} leaves it) is a function word of one of these
   * languages: no summary in another language holds it, so none is asked for.
   */
  static boolean functionWord(String word) {
    return ALL.contains(word);
  }

  /**
   * Whether a text in {@code these} languages is in another one than a text in {@code those}: only when the first is
   * known to be in some of these languages and the second in none of them (it may be English, or too short to tell).
   */
  static boolean differ(Set<LatinLanguage> these, Set<LatinLanguage> those) {
    return !these.isEmpty() && these.stream().noneMatch(those::contains);
  }
}
