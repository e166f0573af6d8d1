package io.engram.dream;

import io.engram.memory.Memory;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a memory asserts exists in the project, for the prune phase to check that it still does.
 *
 * <p>Only a reference the memory asserts is evidence when it is missing: its {@code paths}, and what its body names
 * in a sentence that is not negated, exclusive or about a removal. A rule names the file it forbids ("Never commit
 * yarn.lock", "别提交 package-lock.json，只提交 pnpm-lock.yaml") and a note the file it dropped ("scripts/x.sh was
 * removed"): such a file is absent by design, and its absence says nothing about the memory. The cue sets are
 * negation scope, NegEx-style, for English and Chinese, over the whole sentence (a path before the cue is in its scope
 * too: "yarn.lock is never committed").
 */
final class MemoryReferences {
  private static final Pattern INLINE_CODE = Pattern.compile("`([^`\\n]{2,200})`");
  private static final Pattern QUALIFIED_SYMBOL =
      Pattern.compile("[A-Za-z_$][\\w$]*(?:#|::)[A-Za-z_$][\\w$]*(?:\\(\\))?|[A-Z][\\w$]*\\.[a-z_$][\\w$]*\\(\\)");
  /** Sentence ends: a stop followed by a blank (not the dot of a file name), CJK stops, line ends. */
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?;])\\s+|[。！？；\\n]+");
  private static final Pattern NOT_ASSERTED = Pattern.compile("(?iu)\\b(?:never|not|no|none|nor|avoid\\w*|without"
      + "|instead|rather|only|except|forbid\\w*|prohibit\\w*|ban|banned|disallow\\w*|removed|deleted|dropped|gone"
      + "|ignored?)\\b|n['’]t\\b|[不别没勿莫非]|禁止|避免|只|仅|删除|删掉|移除|去掉|忽略");

  private MemoryReferences() {}

  /**
   * The files and symbols a memory asserts: its {@code paths}, every path its asserting sentences write in prose,
   * inline code or links ({@link PathReferences}), and inline code there that reads as {@code Type#member}.
   */
  static List<String> of(Memory m) {
    Set<String> out = new LinkedHashSet<>(m.paths());
    String asserted = asserted(m.body());
    out.addAll(PathReferences.of(asserted));
    Matcher code = INLINE_CODE.matcher(asserted);
    while (code.find()) {
      String span = code.group(1).strip();
      if (!span.contains("://") && !span.contains(" ") && QUALIFIED_SYMBOL.matcher(span).matches()
          && !StalenessCheck.isFile(span)) {
        out.add(span);
      }
    }
    return List.copyOf(out);
  }

  /** The body's prose without fenced code and without the sentences that do not assert what they name. */
  static String asserted(String body) {
    StringBuilder out = new StringBuilder();
    for (String sentence : SENTENCE.split(FencedCode.replaceClosed(body, "\n"))) {
      if (!NOT_ASSERTED.matcher(sentence).find()) {
        out.append(sentence).append('\n');
      }
    }
    return out.toString();
  }
}
