package io.engram.dream;

import io.engram.memory.Memory;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a memory points at in the project, for the prune phase to check that it still exists. */
final class MemoryReferences {
  private static final Pattern INLINE_CODE = Pattern.compile("`([^`\\n]{2,200})`");
  private static final Pattern QUALIFIED_SYMBOL =
      Pattern.compile("[A-Za-z_$][\\w$]*(?:#|::)[A-Za-z_$][\\w$]*(?:\\(\\))?|[A-Z][\\w$]*\\.[a-z_$][\\w$]*\\(\\)");

  private MemoryReferences() {}

  /**
   * The files and symbols a memory names: its {@code paths}, every path its body writes in prose, inline
   * code or links ({@link PathReferences}), and inline code that reads as {@code Type#member}.
   */
  static List<String> of(Memory m) {
    Set<String> out = new LinkedHashSet<>(m.paths());
    out.addAll(PathReferences.of(m.body()));
    Matcher code = INLINE_CODE.matcher(FencedCode.replaceClosed(m.body(), ""));
    while (code.find()) {
      String span = code.group(1).strip();
      if (!span.contains("://") && !span.contains(" ") && QUALIFIED_SYMBOL.matcher(span).matches()
          && !StalenessCheck.isFile(span)) {
        out.add(span);
      }
    }
    return List.copyOf(out);
  }
}
